"""``jax.Array``: one native array of the selected backend plus JAX's weak-type flag; immutable.

The shared argument machinery lives here: ``asarray`` (``jnp.asarray``'s conversion rules),
``operand``/``promote`` (JAX's lattice over arrays and weak Python scalars) and ``_wrap``.
Operators and methods are attached by ``jax.numpy`` from its function tables.
"""
from __future__ import annotations

import numpy as np

import ivy
from ivy.core import dtypes as D

from . import _dtypes as J
from ._dtypes import native_name

_new = object.__new__
_PY_SCALARS = frozenset({bool, int, float, complex})
_WEAK_OF_PY = {int: "i*", float: "f*", complex: "c*", bool: "bool"}
_INT_BOUNDS = {d: (D.iinfo(d).min, D.iinfo(d).max) for d in D.INTEGRAL}
_IMMUTABLE = ("JAX arrays are immutable and do not support in-place item assignment. Instead of "
              "x[idx] = y, use x = x.at[idx].set(y) or another .at[] method: "
              "https://docs.jax.dev/en/latest/_autosummary/jax.numpy.ndarray.at.html")


class Array:
    """``jax.Array`` (``jnp.ndarray``): ``_data`` is the native array, ``weak_type`` JAX's flag,
    ``_name`` its dtype name once known (``dtype_name``), which saves the hot paths a native
    dtype query per operand."""
    __slots__ = ("_data", "weak_type", "_name")
    __module__ = "jax"
    __array_priority__ = 100

    def __init__(self, *args, **kwargs):
        raise TypeError("jax.Array cannot be instantiated directly; use jax.numpy.asarray")

    # ---- metadata ------------------------------------------------------------------------
    @property
    def dtype(self):
        return J.NP[self._name or dtype_name(self)]

    @property
    def shape(self) -> tuple:
        return tuple(self._data.shape)

    @property
    def ndim(self) -> int:
        return len(self._data.shape)

    @property
    def size(self) -> int:
        n = 1
        for d in self._data.shape:
            n *= d
        return int(n)

    @property
    def itemsize(self) -> int:
        return self.dtype.itemsize

    @property
    def nbytes(self) -> int:
        return self.size * self.dtype.itemsize

    @property
    def aval(self):
        return ShapedArray(self.shape, self.dtype, self.weak_type)

    # ---- immutability and Python protocols ----------------------------------------------
    def __setitem__(self, key, value):
        raise TypeError(_IMMUTABLE)

    __hash__ = None

    def __len__(self) -> int:
        shape = self.shape
        if not shape:
            raise TypeError("len() of unsized object")
        return shape[0]

    def __iter__(self):
        shape = self.shape
        if not shape:
            raise TypeError("iteration over a 0-d array")
        return (self[i] for i in range(shape[0]))

    def __bool__(self) -> bool:
        if self.size != 1:
            raise ValueError("The truth value of an array with more than one element is "
                             "ambiguous. Use a.any() or a.all()")
        try:    # natively first: grad's tensors (torch.func) have no host data to copy
            return bool(self._data)
        except Exception:  # noqa: BLE001 - a native without __bool__ is read through the host
            return bool(ivy.to_numpy(self._data).reshape(()).item())

    def __float__(self):
        return float(self._item_checked("float"))

    def __int__(self):
        return int(self._item_checked("int"))

    def __complex__(self):
        return complex(self._item_checked("complex"))

    def __index__(self):
        if native_name(self._data) not in D.INTEGRAL + D.BOOL:
            raise TypeError("only integer scalar arrays can be converted to a scalar index")
        return int(self._item_checked("index"))

    def _item_checked(self, what):
        if self.size != 1:
            raise TypeError(f"Only scalar arrays can be converted to Python scalars; "
                            f"got {what}() of an array of shape {self.shape}")
        return ivy.to_numpy(self._data).reshape(()).item()

    def item(self, *args):
        a = ivy.to_numpy(self._data)
        if not args and a.size != 1:
            raise ValueError("can only convert an array of size 1 to a Python scalar")
        return a.item(*args)

    def tolist(self):
        return ivy.to_numpy(self._data).tolist()

    def __array__(self, dtype=None, copy=None):
        a = ivy.to_numpy(self._data)
        if dtype is not None:
            a = a.astype(dtype, copy=False)
        return np.array(a, copy=True) if copy else a

    def __dlpack__(self, *args, **kwargs):
        return self._data.__dlpack__(*args, **kwargs)

    def __dlpack_device__(self):
        return self._data.__dlpack_device__()

    def __repr__(self):
        body = np.array2string(ivy.to_numpy(self._data), separator=", ", prefix="Array(")
        shape = f"shape={self.shape}, " if self.size == 0 else ""
        weak = ", weak_type=True" if self.weak_type else ""
        return f"Array({body}, {shape}dtype={self.dtype.name}{weak})"

    def __getitem__(self, key):
        """Basic and advanced indexing (replaced by ``jax.numpy._indexing``'s full version)."""
        if isinstance(key, Array):
            key = key._data
        return _wrap(ivy.get_item(self._data, key), self.weak_type)

    def __str__(self):
        return str(ivy.to_numpy(self._data))

    def __format__(self, spec):
        if self.ndim == 0:
            return format(ivy.to_numpy(self._data).item(), spec)
        return format(str(self), spec)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return _wrap(ivy.asarray(self._data, copy=True), self.weak_type)

    def __reduce__(self):
        return (_from_numpy, (ivy.to_numpy(self._data), self.weak_type))

    # ---- devices and sharding (one device) ----------------------------------------------
    @property
    def device(self):
        from ._devices import DEVICE
        return DEVICE

    def devices(self):
        return {self.device}

    @property
    def sharding(self):
        from ._devices import SingleDeviceSharding
        return SingleDeviceSharding(self.device)

    @property
    def addressable_shards(self):
        from ._devices import Shard
        return [Shard(self.device, (slice(None),) * self.ndim, 0, self)]

    def addressable_data(self, index):
        return self

    is_fully_addressable = True
    is_fully_replicated = True
    committed = False

    def block_until_ready(self):
        return self

    def copy_to_host_async(self):
        return None

    def is_deleted(self) -> bool:
        return False

    def delete(self):
        return None


class Tracer(Array):
    """An array inside ``jit``/``vmap``: JAX has only its shape and dtype there, so turning it
    into a Python or numpy value raises JAX's errors, on every backend (eager ones included)."""
    __slots__ = ()

    def _where(self):
        return f"traced array with shape {self.aval.str_short()}"

    def __bool__(self):
        from .errors import TracerBoolConversionError
        if self.size != 1:
            return Array.__bool__(self)     # JAX's ValueError comes first
        raise TracerBoolConversionError(f"Attempted boolean conversion of {self._where()}.")

    def _concrete(self, *args):
        from .errors import ConcretizationTypeError
        raise ConcretizationTypeError(f"Abstract tracer value encountered where concrete value "
                                      f"is expected: {self._where()}")

    __float__ = __int__ = __complex__ = item = tolist = _concrete

    def __index__(self):
        from .errors import TracerIntegerConversionError
        raise TracerIntegerConversionError(f"The __index__() method was called on "
                                           f"{self._where()}")

    def __array__(self, dtype=None, copy=None):
        from .errors import TracerArrayConversionError
        raise TracerArrayConversionError(f"The numpy.ndarray conversion method __array__() was "
                                         f"called on {self._where()}")

    def __repr__(self):
        return f"Traced<{self.aval}>"

    __str__ = __repr__


# What ``_wrap`` makes: ``Tracer`` while a jit/vmap body runs (``tracing``), else ``Array``.
_Made = Array


class tracing:
    """Context for running a traced function body: every array made inside is a ``Tracer``."""
    __slots__ = ("_before",)

    def __enter__(self):
        global _Made
        self._before, _Made = _Made, Tracer

    def __exit__(self, *exc):
        global _Made
        _Made = self._before


def as_tracer(x):
    """An argument as JAX's function body sees it under ``jit``/``vmap``."""
    return _wrap_as(Tracer, x._data, x.weak_type, x._name) if type(x) is Array else x


def concrete(x):
    """A ``Tracer`` coming out of a traced body as a plain array (the body ran on values)."""
    if type(x) is Tracer and _Made is Array:     # not when an outer jit still traces
        return _wrap_as(Array, x._data, x.weak_type, x._name)
    return x


def index_native(native):
    """An index result (argsort, nonzero, categorical) in JAX's default int (int32 unless x64)."""
    want = J.DEFAULT["int"]
    return native if native_name(native) == want else ivy.astype(native, want)


def check_concrete(x, fn: str):
    """``fn`` needs ``x``'s values to know its output shape: under jit JAX refuses a tracer."""
    if type(x) is Tracer:
        from .errors import ConcretizationTypeError
        raise ConcretizationTypeError(f"Abstract tracer value encountered where concrete value "
                                      f"is expected: {x._where()}\nThe size argument of "
                                      f"jnp.{fn} must be statically specified to use jnp.{fn} "
                                      f"within JAX transformations.")


def value_of(x: Array) -> Array:
    """The array with its value readable (a debug callback sees values even inside jit)."""
    return _wrap_as(Array, x._data, x.weak_type, x._name)


def _wrap_as(cls, native, weak, name):
    out = _new(cls)
    out._data, out.weak_type, out._name = native, weak, name
    return out


def _from_numpy(a, weak=False):
    return _wrap(ivy.asarray(a), weak)


class AbstractValue:
    """``jax.core.AbstractValue``: the base of abstract values."""
    __slots__ = ()
    __module__ = "jax.core"


class ShapedArray(AbstractValue):
    """``x.aval`` (``jax.core.ShapedArray``): shape, dtype and weak type; ``sharding`` is kept
    as given (one device: None for arrays)."""
    __slots__ = ("shape", "dtype", "weak_type", "sharding")
    __module__ = "jax.core"

    def __init__(self, shape, dtype, weak_type=False, *, sharding=None, vma=frozenset(),
                 memory_space=None, manual_type=None):
        self.shape, self.dtype, self.weak_type = tuple(shape), np.dtype(dtype), bool(weak_type)
        self.sharding = sharding

    def update(self, shape=None, dtype=None, weak_type=None, **kwargs):
        return ShapedArray(self.shape if shape is None else shape,
                           self.dtype if dtype is None else dtype,
                           self.weak_type if weak_type is None else weak_type,
                           sharding=kwargs.get("sharding", self.sharding))

    @property
    def ndim(self):
        return len(self.shape)

    @property
    def size(self):
        return int(np.prod(self.shape, dtype=np.int64))

    def __eq__(self, other):
        return isinstance(other, ShapedArray) and (self.shape, self.dtype, self.weak_type) == (
            other.shape, other.dtype, other.weak_type)

    def __hash__(self):
        return hash((self.shape, self.dtype, self.weak_type))

    def str_short(self):
        return f"{self.dtype.name}[{','.join(map(str, self.shape))}]"

    def __str__(self):
        return ("~" if self.weak_type else "") + self.str_short()

    def __repr__(self):
        return f"ShapedArray({self.str_short()}{', weak_type=True' if self.weak_type else ''})"


# A typed PRNG key (``jax.random.key``) crosses the transforms as its native ``uint32[..., 2]``
# data; its slot in their per-leaf weak-type lists holds KEY, and ``rewrap`` remakes the key.
KEY = "key"
KEY_ARRAY: list = [None]       # jax.random's key array class (random sets it)


def flat_weak(x: Array):
    """What a transform records for leaf ``x`` beside its native: its weak type, or KEY."""
    return KEY if type(x) is KEY_ARRAY[0] else x.weak_type


def rewrap(native, weak):
    """``_wrap`` for a transform's leaf, remaking typed keys."""
    return KEY_ARRAY[0](native) if weak is KEY else _wrap(native, weak)


def _wrap(native, weak: bool = False, name: str | None = None) -> Array:
    out = _new(_Made)
    out._data = native
    out.weak_type = weak
    out._name = name
    return out


def dtype_name(x: Array) -> str:
    """The dtype name of a frontend array, memoized on it."""
    name = x._name
    if name is None:
        name = x._name = native_name(x._data)
    return name


# ---- conversion (jnp.asarray) -------------------------------------------------------------

def _check_int(value: int, name: str, fn: str = "asarray"):
    lo, hi = _INT_BOUNDS[name]
    if not lo <= value <= hi:
        raise OverflowError(f"Python int {value} too large to convert to {name}")
    return value


def _scalar_native(value, name: str):
    if type(value) is int and name in _INT_BOUNDS:
        _check_int(value, name)
    return ivy.asarray(value, dtype=name)


def _leaf_node(v) -> str:
    """Lattice node of one element of a nested list given to ``jnp.asarray``."""
    if type(v) in _WEAK_OF_PY:
        return _WEAK_OF_PY[type(v)]
    if isinstance(v, Array):
        return J.weak_node(native_name(v._data)) if v.weak_type else native_name(v._data)
    return J.name_of(np.asarray(v).dtype)


def _nested_leaves(x, out):
    for v in x:
        if isinstance(v, (list, tuple)):
            _nested_leaves(v, out)
        else:
            out.append(v)
    return out


def _nested_to_numpy(x):
    if isinstance(x, (list, tuple)):
        return [_nested_to_numpy(v) for v in x]
    if isinstance(x, Array):
        return ivy.to_numpy(x._data)
    if ivy.is_native_array(x):
        return ivy.to_numpy(x)
    return x


def asarray(a, dtype=None, order=None, *, copy=None, device=None) -> Array:
    """``jnp.asarray``: Python scalars give weak arrays, nested lists JAX's promoted dtype."""
    if order not in (None, "K"):
        raise NotImplementedError("Only implemented for order='K'")
    name = None if dtype is None else J.name_of(dtype, "asarray")
    if isinstance(a, Array):
        if name is None:
            return _wrap(ivy.asarray(a._data, copy=True), a.weak_type) if copy else a
        if name == native_name(a._data):     # an explicit dtype makes the result strong
            return _wrap(ivy.asarray(a._data, copy=True) if copy else a._data)
        return _wrap(ivy.astype(a._data, name))
    t = type(a)
    if t in _PY_SCALARS:
        if name is None:
            node = _WEAK_OF_PY[t]
            name, weak = J.node_dtype(node)
        else:
            weak = False
        if t is int and name in _INT_BOUNDS:
            _check_int(a, name)
        elif t is complex and name not in D.COMPLEX_FLOATING:
            raise TypeError(f"asarray: cannot convert complex {a!r} to {name}")
        return _wrap(ivy.asarray(a, dtype=name), weak)
    if ivy.is_native_array(a):
        have = native_name(a)
        want = name or J.canonical(have)
        return _wrap(ivy.astype(a, want) if want != have else
                     (ivy.asarray(a, copy=True) if copy else a))
    if isinstance(a, (list, tuple)):
        leaves = _nested_leaves(a, [])
        if name is None:
            if not leaves:
                name = J.DEFAULT["float"]
            else:
                name = J.join_nodes(_leaf_node(v) for v in leaves)[0]
        if any(isinstance(v, Array) or ivy.is_native_array(v) for v in leaves):
            a = _nested_to_numpy(a)
        for v in leaves:
            if type(v) is int and name in _INT_BOUNDS:
                _check_int(v, name)
        return _wrap(ivy.asarray(np.asarray(a, dtype=J.NP[name])))
    if hasattr(a, "__jax_array__"):
        return asarray(a.__jax_array__(), dtype)
    arr = np.asarray(a)
    if arr.dtype == object or arr.dtype.kind in "USV":
        raise TypeError(f"asarray: unsupported input of type {type(a).__name__} "
                        f"(JAX arrays hold numbers and booleans)")
    want = name or J.name_of(arr.dtype)
    return _wrap(ivy.asarray(np.asarray(arr, dtype=J.NP[want])))


def array(object, dtype=None, copy=True, order="K", ndmin=0, *, device=None) -> Array:
    """``jnp.array``: ``asarray`` that copies and pads to ``ndmin`` dimensions."""
    out = asarray(object, dtype, order)
    if out is object and copy:
        out = _wrap(ivy.asarray(out._data, copy=True), out.weak_type)
    if ndmin > out.ndim:
        out = _wrap(ivy.reshape(out._data, (1,) * (ndmin - out.ndim) + out.shape), out.weak_type)
    return out


# ---- operands and promotion ---------------------------------------------------------------

def node_of(x) -> str:
    """Lattice node of an operand: a weak array or Python number is its kind's weak node."""
    if isinstance(x, Array):
        name = native_name(x._data)
        return J.weak_node(name) if x.weak_type else name
    t = type(x)
    if t in _WEAK_OF_PY:
        return _WEAK_OF_PY[t]
    if ivy.is_native_array(x):
        return J.canonical(native_name(x))
    if _real_jax(x):
        name = J.name_of(x.dtype)
        return J.weak_node(name) if x.weak_type else name
    return J.name_of(np.asarray(x).dtype)


def to_native(x, fn: str):
    """An operand as a native array (Python numbers stay numbers; lists are refused)."""
    if isinstance(x, Array):
        return x._data
    if type(x) in _PY_SCALARS or ivy.is_native_array(x):
        return x
    if isinstance(x, (np.ndarray, np.generic)):
        return asarray(x)._data
    if isinstance(x, (list, tuple)):
        raise TypeError(f"{fn} requires ndarray or scalar arguments, got {type(x).__name__} at "
                        f"position 0.")
    if hasattr(x, "__jax_array__"):
        return asarray(x.__jax_array__())._data
    if _real_jax(x):
        return asarray(np.asarray(x))._data
    raise TypeError(f"{fn}: unsupported argument of type {type(x).__name__}")


def cast_to(v, name: str):
    """A native operand (or Python number) as a native array of dtype ``name``."""
    if type(v) in _PY_SCALARS:
        if type(v) is int:
            J.check_py_int(v)
            if name in _INT_BOUNDS:
                lo, hi = _INT_BOUNDS[name]
                if not lo <= v <= hi:   # JAX wraps an int within int32/64 to the array's width
                    v = (v - lo) % (hi - lo + 1) + lo
        if name in D.SCALAR_OK[type(v)] and type(v) is not bool:
            return v
        return ivy.asarray(v, dtype=name)
    return v if native_name(v) == name else ivy.astype(v, name)


def promote(fn: str, *xs):
    """(native operands cast to the common dtype, its name, weak) by JAX's lattice."""
    nodes = [node_of(x) for x in xs]
    name, weak = J.join_nodes(nodes)
    out = [cast_to(to_native(x, fn), name) for x in xs]
    if all(type(v) in _PY_SCALARS for v in out):    # numbers only: the core needs an array
        out[0] = ivy.asarray(out[0], dtype=name)
    return out, name, weak


# A Python int or float next to a strong inexact array takes the array's dtype (JAX's lattice),
# and the core accepts the number as it is.
_TAKES_PY_NUMBER = frozenset(D.FLOATING)


def promote_pair(x, y, fn: str):
    """``promote`` for two operands with fast paths for two strong arrays of one dtype and for a
    strong inexact array with a Python int or float."""
    tx, ty = type(x), type(y)
    if (tx is Array or tx is Tracer) and not x.weak_type:
        name = x._name or dtype_name(x)
        if ty is Array or ty is Tracer:
            if not y.weak_type and name == (y._name or dtype_name(y)):
                return x._data, y._data, name, False
        elif name in _TAKES_PY_NUMBER and (ty is float or ty is int and
                                           J.INT_MIN <= y <= J.INT_MAX):
            return x._data, y, name, False
    elif (ty is Array or ty is Tracer) and not y.weak_type and (
            tx is float or tx is int and J.INT_MIN <= x <= J.INT_MAX):
        name = y._name or dtype_name(y)
        if name in _TAKES_PY_NUMBER:
            return x, y._data, name, False
    (a, b), name, weak = promote(fn, x, y)
    return a, b, name, weak


_INEXACT_NAMES = frozenset(D.FLOATING)


def promote_inexact(x, y, fn: str):
    """``promote_pair``, then JAX's inexact dtype when that is an integer or bool: each operand
    is converted from its own value (``int8_array / 1000`` never wraps 1000 to int8)."""
    a, b, name, weak = promote_pair(x, y, fn)
    if name not in _INEXACT_NAMES:
        name = J.inexact_name(name, weak)
        a, b = cast_to(to_native(x, fn), name), cast_to(to_native(y, fn), name)
    return a, b, name, weak


def is_operand(x) -> bool:
    """Types JAX's operators accept (others give NotImplemented, so Python raises TypeError)."""
    return isinstance(x, (Array, np.ndarray, np.generic)) or type(x) in _PY_SCALARS or \
        ivy.is_native_array(x) or _real_jax(x)


def _real_jax(x) -> bool:
    """A real JAX array met on another backend (both imported in one program): it is read through
    its ``__array__``, keeping its weak type."""
    return type(x).__module__.startswith("jaxlib") and hasattr(x, "weak_type")
