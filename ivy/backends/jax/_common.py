"""Shared machinery of the jax backend: dtype and device maps, Array API promotion, errors."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from ivy.core import dtypes as _dt
from ivy.core.errors import IvyIndexError, IvyTypeError, IvyValueError, from_native, unsupported

NAME = "jax"
# Concrete arrays are jax.Array; tracers (under jit/grad/vmap) are not its subclasses, though
# isinstance(tracer, jax.Array) is True: the registry infers backends with issubclass.
NATIVE_ARRAY_TYPES = (jax.Array, jax.core.Tracer)
SCALARS = frozenset({bool, int, float, complex})
SCALAR_DTYPE = {bool: "bool", int: _dt.DEFAULT_INT, float: _dt.DEFAULT_FLOAT,
                complex: _dt.DEFAULT_COMPLEX}

# ---- dtypes ----------------------------------------------------------------------------------

DTYPES = {name: jnp.dtype(name) for name in _dt.ALL}          # canonical name -> numpy dtype
NAMES = {d: name for name, d in DTYPES.items()}                # numpy dtype -> canonical name
INTEGRAL = frozenset(DTYPES[n] for n in _dt.INTEGRAL)
FLOATING = frozenset(DTYPES[n] for n in _dt.FLOATING)
COMPLEX = frozenset(DTYPES[n] for n in _dt.COMPLEX_FLOATING)
INDEX = DTYPES[_dt.DEFAULT_INDEX]

# Anything a `dtype=` argument may be -> the numpy dtype jax uses. One dict lookup per call.
_DTYPE_ARG = {None: None}
for _name, _d in DTYPES.items():
    _DTYPE_ARG[_name] = _d                # "float32"
    _DTYPE_ARG[_d] = _d                   # np.dtype("float32")
    _DTYPE_ARG[_d.type] = _d              # np.float32, ml_dtypes.bfloat16
    _DTYPE_ARG[getattr(jnp, _name)] = _d  # jnp.float32
del _name, _d


def native_dtype(dtype, fn: str):
    """The numpy dtype for a `dtype=` argument: a canonical name, a jax/numpy dtype, or None."""
    try:
        return _DTYPE_ARG[dtype]
    except (KeyError, TypeError):
        raise IvyTypeError(f"ivy.{fn} ({NAME} backend): {dtype!r} is not a dtype; use one of "
                           f"{_dt.ALL}", function=fn, backend=NAME) from None


# Array API promotion, on numpy dtypes. Pairs the table lacks (uint64 with a signed type, float16
# with bfloat16, mixed kinds) raise: jax would silently promote them to a float.
PROMOTION = {(DTYPES[a], DTYPES[b]): DTYPES[r] for (a, b), r in _dt.PROMOTION.items()}


def promoted(d1, d2, fn: str):
    try:
        return PROMOTION[d1, d2]
    except KeyError:
        raise IvyTypeError(f"ivy.{fn} ({NAME} backend): no Array API promotion between "
                           f"{NAMES.get(d1, d1)} and {NAMES.get(d2, d2)}; cast explicitly",
                           function=fn, backend=NAME) from None


_convert = jax.lax.convert_element_type
_INT64_MIN, _INT64_END = -(2 ** 63), 2 ** 63


def coerce_pair(x1, x2, fn: str):
    """The slow path of a binary function: operands of different dtypes, or a Python scalar.

    Arrays promote by the Array API table. A Python scalar stays a scalar: jax's weak typing
    gives it the array's dtype, as the standard wants (float32 + 1.0 -> float32), except for ints
    beyond int64 (valid for uint64 arrays), which jax cannot parse, so they become arrays here.
    """
    t1, t2 = type(x1) in SCALARS, type(x2) in SCALARS
    if t1 or t2:
        if t1 and t2:
            raise IvyTypeError(f"ivy.{fn} ({NAME} backend): two Python scalars; at least one "
                               f"argument must be an array", function=fn, backend=NAME)
        if t1 and type(x1) is int and not _INT64_MIN <= x1 < _INT64_END:
            x1 = np.asarray(x1, dtype=x2.dtype)
        elif t2 and type(x2) is int and not _INT64_MIN <= x2 < _INT64_END:
            x2 = np.asarray(x2, dtype=x1.dtype)
        return x1, x2
    d = promoted(x1.dtype, x2.dtype, fn)
    return _convert(x1, d), _convert(x2, d)


def common_dtype(arrays, fn: str):
    """The Array API result dtype of a sequence of arrays."""
    d = arrays[0].dtype
    for a in arrays[1:]:
        if a.dtype != d:
            d = promoted(d, a.dtype, fn)
    return d


def cast_all(arrays, fn: str):
    """The arrays, converted to their common dtype where they differ."""
    d = common_dtype(arrays, fn)
    return [a if a.dtype == d else _convert(a, d) for a in arrays]


# ---- devices ---------------------------------------------------------------------------------

_DEVICE_OBJ: dict = {None: None}     # canonical name or jax Device -> jax Device
_DEVICE_NAME: dict = {}              # jax Device -> canonical name


def device_name(dev) -> str:
    """Canonical name of a jax Device: "cpu" (first CPU device), "gpu:0", ..."""
    try:
        return _DEVICE_NAME[dev]
    except KeyError:
        pass
    index = jax.devices(dev.platform).index(dev)
    name = "cpu" if dev.platform == "cpu" and index == 0 else f"{dev.platform}:{index}"
    _DEVICE_NAME[dev] = name
    _DEVICE_OBJ[name] = dev
    return name


def native_device(device, fn: str):
    """The jax Device for a `device=` argument: a canonical name, a jax Device, or None."""
    try:
        return _DEVICE_OBJ[device]
    except (KeyError, TypeError):
        pass
    if isinstance(device, jax.Device):
        return device
    platform, _, index = str(device).partition(":")
    try:
        dev = jax.devices(platform)[int(index or 0)]
    except (RuntimeError, ValueError, IndexError) as e:
        raise IvyValueError(f"ivy.{fn} ({NAME} backend): unknown device {device!r} ({e})",
                            function=fn, backend=NAME) from None
    _DEVICE_OBJ[device] = dev
    device_name(dev)
    return dev


def place(x, dev):
    """``x`` on device ``dev`` (None: where it is)."""
    return x if dev is None else jax.device_put(x, dev)


# ---- errors ----------------------------------------------------------------------------------

# jax raises TypeError for several shape mismatches; the standard's callers expect ValueError.
_SHAPE_TYPE_ERRORS = ("contracting dimensions", "Cannot concatenate arrays with shapes",
                      "incompatible shapes", "Incompatible shapes", "cannot reshape",
                      "must have rank")
# jax's axis checks raise ValueError; numpy's AxisError (an IndexError) reads the same.
_AXIS_ERRORS = ("out of bounds for array of dimension",)


def error(e: BaseException, fn: str):
    """from_native, plus the jax messages whose exception type differs from the other backends'."""
    err = from_native(e, fn, NAME)
    cls = type(err)
    if cls is IvyTypeError or cls is IvyValueError:
        msg = str(e)
        if cls is IvyTypeError and any(h in msg for h in _SHAPE_TYPE_ERRORS):
            err = IvyValueError(str(err), function=fn, backend=NAME)
        elif any(h in msg for h in _AXIS_ERRORS):
            err = IvyIndexError(str(err), function=fn, backend=NAME)
    return err


def value_error(fn: str, msg: str) -> IvyValueError:
    return IvyValueError(f"ivy.{fn} ({NAME} backend): {msg}", function=fn, backend=NAME)


def type_error(fn: str, msg: str) -> IvyTypeError:
    return IvyTypeError(f"ivy.{fn} ({NAME} backend): {msg}", function=fn, backend=NAME)



def unsupported_arg(fn: str, what: str):
    return unsupported(fn, NAME, what)
