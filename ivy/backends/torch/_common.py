"""Shared tables and helpers of the torch backend: dtypes, devices, operands, unsigned-integer gaps.

torch has few kernels for uint16/uint32/uint64 and refuses to promote them. Those gaps are filled
here, exactly: uint16/uint32 are computed in int64 and cast back (wrapping, as the standard's
modular integer arithmetic wants); uint64 is reinterpreted as int64 bits, where two's complement
gives identical results (add, multiply, bitwise), or biased by 2**63, which maps unsigned order
onto signed order (comparisons, max, sort). Only where neither is exact does a function raise.
"""
from __future__ import annotations

import torch

from ivy.core import dtypes as _dt
from ivy.core.errors import IvyIndexError, IvyTypeError, IvyValueError, from_native, unsupported

NAME = "torch"
Tensor = torch.Tensor

TORCH_DTYPE = {name: getattr(torch, name) for name in _dt.ALL}        # canonical -> torch
CANONICAL = {native: name for name, native in TORCH_DTYPE.items()}    # torch -> canonical
# A dtype= argument: a canonical name or a torch dtype (one dict lookup on the hot path).
DTYPE_ARG = {**TORCH_DTYPE, **{native: native for native in CANONICAL}}

BOOL, INT64, UINT64 = torch.bool, torch.int64, torch.uint64
FLOAT32, FLOAT64 = torch.float32, torch.float64
COMPLEX64, COMPLEX128 = torch.complex64, torch.complex128
DEFAULT_INT, DEFAULT_FLOAT, DEFAULT_COMPLEX = INT64, FLOAT64, COMPLEX128
DEFAULT_OF_SCALAR = {bool: BOOL, int: DEFAULT_INT, float: DEFAULT_FLOAT, complex: DEFAULT_COMPLEX}

# Unsigned types torch lacks most kernels for, and their same-width signed twins (bit views).
WIDE_UNSIGNED = frozenset({torch.uint16, torch.uint32, torch.uint64})
SIGNED_TWIN = {torch.uint16: torch.int16, torch.uint32: torch.int32, torch.uint64: torch.int64}
INT64_MIN = -(2 ** 63)

INTEGRAL = frozenset(TORCH_DTYPE[n] for n in _dt.INTEGRAL)
UNSIGNED = frozenset(TORCH_DTYPE[n] for n in _dt.UNSIGNED)
COMPLEX_FLOATING = frozenset({COMPLEX64, COMPLEX128})
COMPLEX_OF = {FLOAT32: COMPLEX64, FLOAT64: COMPLEX128}

# sum/prod/cumulative_sum/trace without dtype=: integers widen to the default (unsigned) integer.
SUM_DTYPE = {d: d for d in CANONICAL}
SUM_DTYPE.update({d: INT64 for d in INTEGRAL - UNSIGNED})
SUM_DTYPE.update({d: UINT64 for d in UNSIGNED})
SUM_DTYPE[BOOL] = INT64

_PY_SCALARS = (bool, int, float, complex)


def label(fn: str) -> str:
    return f"ivy.{fn} ({NAME} backend)"


def type_error(fn: str, msg: str) -> IvyTypeError:
    return IvyTypeError(f"{label(fn)}: {msg}", function=fn, backend=NAME)


def value_error(fn: str, msg: str) -> IvyValueError:
    return IvyValueError(f"{label(fn)}: {msg}", function=fn, backend=NAME)


# ---- dtypes and devices ------------------------------------------------------------------------

def native_dtype(dtype, fn: str) -> torch.dtype:
    """torch dtype of a dtype= argument: canonical name, torch dtype, or anything with a .name."""
    try:
        return DTYPE_ARG[dtype]
    except (KeyError, TypeError):
        pass
    name = getattr(dtype, "name", None)            # numpy dtypes, ml_dtypes
    if name in TORCH_DTYPE:
        return TORCH_DTYPE[name]
    raise type_error(fn, f"{dtype!r} is not a dtype")


def canonical_dtype(native: torch.dtype, fn: str = "dtype") -> str:
    try:
        return CANONICAL[native]
    except KeyError:
        raise unsupported(fn, NAME, f"dtype {native}") from None


DEVICE_ARG: dict = {None: None}
_CANONICAL_DEVICES: dict = {}


def native_device(device, fn: str):
    """torch.device of a device= argument: "cpu", "gpu:N", None, torch.device, "cuda[:N]"."""
    try:
        return DEVICE_ARG[device]
    except (KeyError, TypeError):
        pass
    if isinstance(device, torch.device):
        DEVICE_ARG[device] = device
        return device
    if not isinstance(device, str):
        raise value_error(fn, f"{device!r} is not a device")
    kind, _, index = device.partition(":")
    try:
        if kind == "gpu":
            native = torch.device("cuda", int(index)) if index else torch.device("cuda")
        else:
            native = torch.device(device)
    except (RuntimeError, ValueError) as e:
        raise value_error(fn, f"{device!r} is not a device ({e})") from e
    DEVICE_ARG[device] = native
    return native


def canonical_device(native: torch.device) -> str:
    try:
        return _CANONICAL_DEVICES[native]
    except KeyError:
        pass
    if native.type == "cpu":
        name = "cpu"
    elif native.type == "cuda":
        name = f"gpu:{native.index if native.index is not None else torch.cuda.current_device()}"
    else:
        name = f"{native.type}:{native.index or 0}"
    if native.index is not None or native.type == "cpu":
        _CANONICAL_DEVICES[native] = name
    return name


# ---- operands ----------------------------------------------------------------------------------

def tensor_operand(fn: str, x) -> Tensor:
    """An array argument as a tensor; numpy (and DLPack) arrays convert, as inference may pass
    them along with tensors."""
    if isinstance(x, Tensor):
        return x
    if hasattr(x, "__array__") or hasattr(x, "__dlpack__"):
        from ._creation import asarray
        return asarray(x)
    raise type_error(fn, f"expected a torch.Tensor, got {type(x).__name__}")


def scalar_dtype(fn: str, scalar, dtype: torch.dtype) -> torch.dtype:
    """The dtype a Python scalar takes next to an array of ``dtype``: the array's (a complex
    scalar with a real floating array: its complex counterpart)."""
    name = CANONICAL.get(dtype)
    ok = _dt.SCALAR_OK.get(type(scalar))
    if ok is not None and name in ok:
        return dtype
    if type(scalar) is complex and dtype in COMPLEX_OF:
        return COMPLEX_OF[dtype]
    raise type_error(fn, f"a Python {type(scalar).__name__} cannot combine with a {name} array")


def promote(fn: str, a: torch.dtype, b: torch.dtype) -> torch.dtype:
    """Array API promotion of two torch dtypes (TypeError for pairs the standard leaves out)."""
    if a is b:
        return a
    try:
        return TORCH_DTYPE[_dt.PROMOTION[CANONICAL[a], CANONICAL[b]]]
    except KeyError:
        raise type_error(fn, f"no Array API promotion between {CANONICAL.get(a, a)} and "
                             f"{CANONICAL.get(b, b)}; cast explicitly") from None


def operands(fn: str, x1, x2):
    """Two tensors of one dtype: a Python scalar takes the array's dtype, arrays promote."""
    s1, s2 = type(x1) in _PY_SCALARS, type(x2) in _PY_SCALARS
    if s1 and s2:
        raise type_error(fn, "at least one argument must be an array")
    if s1 or s2:
        array, scalar = (tensor_operand(fn, x2), x1) if s1 else (tensor_operand(fn, x1), x2)
        dtype = scalar_dtype(fn, scalar, array.dtype)
        array = array.to(dtype)
        try:
            other = torch.tensor(scalar, dtype=dtype, device=array.device)
        except Exception as e:
            raise from_native(e, fn, NAME) from e
        return (other, array) if s1 else (array, other)
    x1, x2 = tensor_operand(fn, x1), tensor_operand(fn, x2)
    if x1.dtype is not x2.dtype:
        dtype = promote(fn, x1.dtype, x2.dtype)
        x1, x2 = x1.to(dtype), x2.to(dtype)
    return x1, x2


def same_dtype(fn: str, arrays) -> list:
    """A list of tensors promoted to their common dtype."""
    arrays = [tensor_operand(fn, a) for a in arrays]
    if not arrays:
        return arrays
    dtype = arrays[0].dtype
    for a in arrays[1:]:
        if a.dtype is not dtype:
            dtype = promote(fn, dtype, a.dtype)
    return [a if a.dtype is dtype else a.to(dtype) for a in arrays]


# ---- unsigned-integer routes ---------------------------------------------------------------------
# Each takes the native op and same-dtype tensors, and returns NotImplemented for other dtypes.

def modular(op, *xs):
    """Arithmetic modulo 2**bits (add, multiply, left shift, negate): exact in int64 bits."""
    dtype = xs[0].dtype
    if dtype not in WIDE_UNSIGNED:
        return NotImplemented
    if dtype is UINT64:
        r = op(*(x.view(INT64) for x in xs))
        return r if r.dtype is BOOL else r.view(UINT64)
    r = op(*(x.to(INT64) for x in xs))
    return r if r.dtype is BOOL else r.to(dtype)


def ordered(op, *xs):
    """Order-dependent ops (compare, max, sort): uint16/32 widen; uint64 biased by 2**63."""
    dtype = xs[0].dtype
    if dtype not in WIDE_UNSIGNED:
        return NotImplemented
    if dtype is UINT64:
        r = op(*(bias(x) for x in xs))
        return r if r.dtype is not INT64 else unbias(r)
    r = op(*(x.to(INT64) for x in xs))
    return r if r.dtype is not INT64 else r.to(dtype)


def bits(op, *xs):
    """Data movement (flip, gather, masks): the same bits viewed as the signed twin."""
    dtype = xs[0].dtype
    twin = SIGNED_TWIN.get(dtype)
    if twin is None:
        return NotImplemented
    r = op(*(x.view(twin) for x in xs))
    return r.view(dtype) if r.dtype is twin else r


def bias(x: Tensor) -> Tensor:
    """uint64 -> int64 preserving order (flip the top bit)."""
    return torch.bitwise_xor(x.view(INT64), INT64_MIN)


def unbias(x: Tensor) -> Tensor:
    return torch.bitwise_xor(x, INT64_MIN).view(UINT64)


def order_key(x: Tensor) -> Tensor:
    """A tensor that sorts/compares like ``x`` and has torch kernels (int64 for wide unsigned)."""
    dtype = x.dtype
    if dtype not in WIDE_UNSIGNED:
        return x
    return bias(x) if dtype is UINT64 else x.to(INT64)


def from_key(k: Tensor, dtype: torch.dtype) -> Tensor:
    """Inverse of ``order_key`` for values computed on the key."""
    if dtype not in WIDE_UNSIGNED:
        return k
    return unbias(k) if dtype is UINT64 else k.to(dtype)


def normalize_axis(axis: int, ndim: int, fn: str) -> int:
    if not -ndim <= axis < ndim:
        raise IvyIndexError(f"{label(fn)}: axis {axis} is out of bounds for an array of dimension "
                            f"{ndim}", function=fn, backend=NAME)
    return axis + ndim if axis < 0 else axis
