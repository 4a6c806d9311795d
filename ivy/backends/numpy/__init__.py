"""The numpy backend: the core's primary functions on numpy 2.

numpy is close to the Array API already; what this module adds is the standard's few conversions:
0-d results are 0-d ndarrays (ufuncs and reductions return numpy scalars), canonical dtype names,
and the functions whose numpy spelling or semantics differ (``clip``, ``sort``, ``unique_*``, ...).
"""
import numpy as np

from ivy.core.registry import check_own
from ivy.core import api
from ivy.core.errors import IvyTypeError, IvyValueError, from_native, unsupported

from . import fft, linalg  # noqa: F401
from ._dtypes import BFLOAT16, CANONICAL, NAME, TO_NUMPY, canonical, check_device, native

NATIVE_ARRAY_TYPES = (np.ndarray, np.generic)

_ndarray = np.ndarray
_asarray = np.asarray


def _name(fn, name):
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `ivy.{name}` on numpy."
    return fn


# ---- elementwise -----------------------------------------------------------------------------

def _unary(name, np_fn):
    ndarray, asarray = _ndarray, _asarray  # closure cells: faster than globals

    def fn(x, /):
        try:
            r = np_fn(x)
        except Exception as e:
            raise from_native(e, name, NAME) from e
        return r if type(r) is ndarray else asarray(r)
    return _name(fn, name)


def _binary(name, ufunc):
    ndarray, asarray = _ndarray, _asarray  # closure cells: faster than globals

    def fn(x1, x2, /):
        try:
            if type(x1) is not ndarray or type(x2) is not ndarray:
                x1, x2 = _weak_scalar(x1, x2)
            r = ufunc(x1, x2)
        except Exception as e:
            raise from_native(e, name, NAME) from e
        return r if type(r) is ndarray else asarray(r)
    return _name(fn, name)


_PY_SCALARS = (bool, int, float, complex)


def _weak_scalar(x1, x2):
    """A Python scalar takes the array's dtype. numpy's NEP 50 does this itself, except for
    ml_dtypes' bfloat16, which it promotes to float32: convert the scalar explicitly there."""
    if BFLOAT16 is not None:
        if isinstance(x2, _PY_SCALARS) and getattr(x1, "dtype", None) == BFLOAT16:
            return x1, _asarray(x2, dtype=BFLOAT16)
        if isinstance(x1, _PY_SCALARS) and getattr(x2, "dtype", None) == BFLOAT16:
            return _asarray(x1, dtype=BFLOAT16), x2
    return x1, x2


_UNARY = {
    "abs": np.abs, "acos": np.arccos, "acosh": np.arccosh, "asin": np.arcsin,
    "asinh": np.arcsinh, "atan": np.arctan, "atanh": np.arctanh, "bitwise_invert": np.invert,
    "ceil": np.ceil, "conj": np.conj, "cos": np.cos, "cosh": np.cosh, "exp": np.exp,
    "expm1": np.expm1, "floor": np.floor, "imag": np.imag, "isfinite": np.isfinite,
    "isinf": np.isinf, "isnan": np.isnan, "log": np.log, "log1p": np.log1p, "log2": np.log2,
    "log10": np.log10, "logical_not": np.logical_not, "negative": np.negative,
    "positive": np.positive, "real": np.real, "reciprocal": np.reciprocal,
    # np.round is half-to-even, keeps integer dtypes and rounds both parts of a complex.
    "round": np.round, "signbit": np.signbit, "sin": np.sin, "sinh": np.sinh,
    "square": np.square, "sqrt": np.sqrt, "tan": np.tan, "tanh": np.tanh, "trunc": np.trunc,
}

_BINARY = {
    "add": np.add, "atan2": np.arctan2, "bitwise_and": np.bitwise_and,
    "bitwise_left_shift": np.left_shift, "bitwise_or": np.bitwise_or,
    "bitwise_right_shift": np.right_shift, "bitwise_xor": np.bitwise_xor,
    "copysign": np.copysign, "divide": np.divide, "equal": np.equal,
    "floor_divide": np.floor_divide, "greater": np.greater, "greater_equal": np.greater_equal,
    "hypot": np.hypot, "less": np.less, "less_equal": np.less_equal, "logaddexp": np.logaddexp,
    "logical_and": np.logical_and, "logical_or": np.logical_or, "logical_xor": np.logical_xor,
    "maximum": np.maximum, "minimum": np.minimum, "multiply": np.multiply,
    "nextafter": np.nextafter, "not_equal": np.not_equal, "pow": np.power,
    "remainder": np.remainder, "subtract": np.subtract,
}

for _n, _f in _UNARY.items():
    globals()[_n] = _unary(_n, _f)
for _n, _f in _BINARY.items():
    globals()[_n] = _binary(_n, _f)
del _n, _f


def sign(x, /):
    """Complex inputs give ``x / |x|`` with the standard's division special cases (numpy gives
    ``1+0j`` for ``inf+0j``; the standard, like torch and jax, gives NaN)."""
    try:
        if x.dtype.kind != "c":
            r = np.sign(x)
        else:
            with np.errstate(invalid="ignore", divide="ignore"):
                r = x / np.abs(np.where(x != 0, x, np.ones((), x.dtype)))
    except Exception as e:
        raise from_native(e, "sign", NAME) from e
    return r if type(r) is _ndarray else _asarray(r)


def _check_clip_bound(x, bound, argname):
    """The standard leaves mixed-kind bounds unspecified; numpy would silently change dtypes."""
    kind = x.dtype.kind
    if isinstance(bound, (np.ndarray, np.generic)):
        bkind = bound.dtype.kind
    elif isinstance(bound, float):
        bkind = "f"
    else:
        return
    if (kind in "iub" and bkind in "fc") or (kind == "f" and bkind in "iub"):
        raise IvyTypeError(f"ivy.clip ({NAME} backend): {argname} of kind {bkind!r} with x of "
                           f"dtype {canonical(x.dtype, 'clip')}; cast explicitly",
                           function="clip", backend=NAME)


def clip(x, /, min=None, max=None):
    """The result keeps ``x``'s dtype and broadcast shape (numpy promotes with array bounds)."""
    try:
        if min is None and max is None:
            return np.array(x, copy=True)
        _check_clip_bound(x, min, "min")
        _check_clip_bound(x, max, "max")
        r = np.clip(x, min, max)
        if r.dtype != x.dtype:
            r = r.astype(x.dtype)
    except Exception as e:
        raise from_native(e, "clip", NAME) from e
    return r if type(r) is _ndarray else _asarray(r)


# ---- reductions ------------------------------------------------------------------------------

def _reduction(name, np_fn):
    ndarray, asarray = _ndarray, _asarray  # closure cells: faster than globals

    def fn(x, /, *, axis=None, keepdims=False):
        try:
            r = np_fn(x, axis=axis, keepdims=keepdims)
        except Exception as e:
            raise from_native(e, name, NAME) from e
        return r if type(r) is ndarray else asarray(r)
    return _name(fn, name)


def _dtype_reduction(name, np_fn):
    """sum/prod: numpy already accumulates small integers in int64/uint64, as the standard asks."""
    def fn(x, /, *, axis=None, dtype=None, keepdims=False):
        try:
            r = np_fn(x, axis=axis, dtype=native(dtype, name), keepdims=keepdims)
        except Exception as e:
            raise from_native(e, name, NAME) from e
        return r if type(r) is _ndarray else _asarray(r)
    return _name(fn, name)


def _correction_reduction(name, np_fn):
    def fn(x, /, *, axis=None, correction=0.0, keepdims=False):
        try:
            r = np_fn(x, axis=axis, ddof=correction, keepdims=keepdims)
        except Exception as e:
            raise from_native(e, name, NAME) from e
        return r if type(r) is _ndarray else _asarray(r)
    return _name(fn, name)


# The ufunc reduce methods are the engine under np.max/np.sum, at half their call cost.
_REDUCTIONS = {
    "max": np.maximum.reduce, "min": np.minimum.reduce, "all": np.logical_and.reduce,
    "any": np.logical_or.reduce, "mean": np.mean, "argmax": np.argmax, "argmin": np.argmin,
    "count_nonzero": np.count_nonzero,
}
for _n, _f in _REDUCTIONS.items():
    globals()[_n] = _reduction(_n, _f)
for _n, _f in {"sum": np.add.reduce, "prod": np.multiply.reduce}.items():
    globals()[_n] = _dtype_reduction(_n, _f)
for _n, _f in {"std": np.std, "var": np.var}.items():
    globals()[_n] = _correction_reduction(_n, _f)
del _n, _f


def _cumulative(name, np_fn, identity, allow_0d):
    def fn(x, /, *, axis=None, dtype=None, include_initial=False):
        try:
            if axis is None:
                if x.ndim > 1:
                    raise IvyValueError(f"ivy.{name} ({NAME} backend): axis is required for "
                                        f"arrays of more than one dimension",
                                        function=name, backend=NAME)
                if x.ndim == 0 and not allow_0d:
                    raise IvyValueError(f"ivy.{name} ({NAME} backend): x must have at least one "
                                        f"dimension", function=name, backend=NAME)
                axis = 0
            r = np_fn(x, axis=axis, dtype=native(dtype, name))
            if include_initial:
                shape = list(r.shape)
                shape[axis] = 1
                r = np.concatenate((np.full(shape, identity, r.dtype), r), axis=axis)
        except Exception as e:
            raise from_native(e, name, NAME) from e
        return r
    return _name(fn, name)


# As array_api_strict: a 0-d input is accepted by cumulative_sum (numpy treats it as 1-d) but
# not by cumulative_prod.
cumulative_sum = _cumulative("cumulative_sum", np.cumsum, 0, True)
cumulative_prod = _cumulative("cumulative_prod", np.cumprod, 1, False)


def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    try:
        if prepend is not None or append is not None:
            x = np.concatenate([a for a in (prepend, x, append) if a is not None], axis=axis)
        return np.diff(x, n=n, axis=axis)
    except Exception as e:
        raise from_native(e, "diff", NAME) from e


# ---- creation --------------------------------------------------------------------------------

def asarray(obj, /, *, dtype=None, device=None, copy=None):
    """Python scalars and sequences, numpy arrays, and other frameworks' arrays (``__array__``,
    else DLPack). Integers beyond int64 give uint64 up to 2**64 - 1, as array_api_strict."""
    if device is not None:
        check_device(device, "asarray")
    d = native(dtype, "asarray")
    if type(obj) is _ndarray and copy is None and (d is None or obj.dtype == d):
        return obj
    try:
        # Another framework's array: DLPack when it has no __array__, or when copy=False (numpy
        # cannot ask an old-style __array__ not to copy; DLPack shares memory by design).
        if (hasattr(obj, "__dlpack__") and not isinstance(obj, (np.ndarray, np.generic))
                and (copy is False or not hasattr(obj, "__array__"))):
            r = np.from_dlpack(obj, copy=copy)
            if d is not None and r.dtype != d:
                r = r.astype(d, copy=False) if copy is not False else np.asarray(r, d, copy=False)
        elif copy is None:
            r = np.asarray(obj, dtype=d)
        else:
            r = np.array(obj, dtype=d, copy=copy)
    except Exception as e:
        raise from_native(e, "asarray", NAME) from e
    if r.dtype not in _CANONICAL_DTYPES:
        r = _canonicalize(r, obj)
    return r


_CANONICAL_DTYPES = frozenset(TO_NUMPY.values())


def _canonicalize(r, obj):
    """asarray's slow path: byte-swapped input is made native; other dtypes are refused."""
    if r.dtype.kind != "O" and r.dtype.newbyteorder("=") in _CANONICAL_DTYPES:
        return r.astype(r.dtype.newbyteorder("="))
    if r.dtype.kind == "O" and isinstance(obj, (int, list, tuple)):
        raise from_native(OverflowError("integer out of bounds for the Array API dtypes"),
                          "asarray", NAME)
    raise unsupported("asarray", NAME, f"dtype {r.dtype}")


def from_dlpack(x, /, *, device=None, copy=None):
    check_device(device, "from_dlpack")
    try:
        return np.from_dlpack(x, copy=copy)
    except Exception as e:
        raise from_native(e, "from_dlpack", NAME) from e


def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    if device is not None:
        check_device(device, "arange")
    try:
        return np.arange(start, stop, step, dtype=native(dtype, "arange"))
    except Exception as e:
        raise from_native(e, "arange", NAME) from e


def _filled(name, np_fn):
    """empty/zeros/ones: numpy's default dtype is float64, as the standard's."""
    def fn(shape, *, dtype=None, device=None):
        if device is not None:
            check_device(device, name)
        try:
            return np_fn(shape, dtype=native(dtype, name))
        except Exception as e:
            raise from_native(e, name, NAME) from e
    return _name(fn, name)


def _filled_like(name, np_fn):
    def fn(x, /, *, dtype=None, device=None):
        if device is not None:
            check_device(device, name)
        try:
            r = np_fn(x, dtype=native(dtype, name))
        except Exception as e:
            raise from_native(e, name, NAME) from e
        return r if type(r) is _ndarray else _asarray(r)
    return _name(fn, name)


empty = _filled("empty", np.empty)
zeros = _filled("zeros", np.zeros)
ones = _filled("ones", np.ones)
empty_like = _filled_like("empty_like", np.empty_like)
zeros_like = _filled_like("zeros_like", np.zeros_like)
ones_like = _filled_like("ones_like", np.ones_like)


def full(shape, fill_value, *, dtype=None, device=None):
    if device is not None:
        check_device(device, "full")
    try:
        return np.full(shape, fill_value, dtype=native(dtype, "full"))
    except Exception as e:
        raise from_native(e, "full", NAME) from e


def full_like(x, /, fill_value, *, dtype=None, device=None):
    if device is not None:
        check_device(device, "full_like")
    try:
        r = np.full_like(x, fill_value, dtype=native(dtype, "full_like"))
    except Exception as e:
        raise from_native(e, "full_like", NAME) from e
    return r if type(r) is _ndarray else _asarray(r)


def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    if device is not None:
        check_device(device, "eye")
    try:
        return np.eye(n_rows, n_cols, k=k, dtype=native(dtype, "eye"))
    except Exception as e:
        raise from_native(e, "eye", NAME) from e


def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    if device is not None:
        check_device(device, "linspace")
    try:
        return np.linspace(start, stop, num, endpoint=endpoint, dtype=native(dtype, "linspace"))
    except Exception as e:
        raise from_native(e, "linspace", NAME) from e


def meshgrid(*arrays, indexing="xy"):
    """Returns a list, as the 2024.12 standard (numpy returns a tuple)."""
    try:
        return list(np.meshgrid(*arrays, indexing=indexing))
    except Exception as e:
        raise from_native(e, "meshgrid", NAME) from e


def _triangle(name, np_fn):
    def fn(x, /, *, k=0):
        # numpy would treat a 1-d input as a row and return a matrix; the standard wants >= 2-d.
        if x.ndim < 2:
            raise IvyValueError(f"ivy.{name} ({NAME} backend): x must have at least 2 dimensions",
                                function=name, backend=NAME)
        try:
            return np_fn(x, k=k)
        except Exception as e:
            raise from_native(e, name, NAME) from e
    return _name(fn, name)


tril = _triangle("tril", np.tril)
triu = _triangle("triu", np.triu)


# ---- data types ------------------------------------------------------------------------------

def astype(x, dtype, /, *, copy=True, device=None):
    """Refuses complex -> real (numpy would drop the imaginary part with a warning)."""
    if device is not None:
        check_device(device, "astype")
    d = native(dtype, "astype")
    if x.dtype.kind == "c" and d.kind != "c":
        raise IvyTypeError(f"ivy.astype ({NAME} backend): casting {canonical(x.dtype)} to "
                           f"{canonical(d)} would drop the imaginary part; take real() first",
                           function="astype", backend=NAME)
    try:
        r = x.astype(d, copy=copy)
    except Exception as e:
        raise from_native(e, "astype", NAME) from e
    return r if type(r) is _ndarray else _asarray(r)


def broadcast_arrays(*arrays):
    """Returns a list, as the 2024.12 standard (numpy returns a tuple)."""
    try:
        return list(np.broadcast_arrays(*arrays))
    except Exception as e:
        raise from_native(e, "broadcast_arrays", NAME) from e


def broadcast_to(x, /, shape):
    try:
        return np.broadcast_to(x, shape)
    except Exception as e:
        raise from_native(e, "broadcast_to", NAME) from e


# ---- indexing, linear algebra ----------------------------------------------------------------

def take(x, indices, /, *, axis=None):
    if axis is None and x.ndim != 1:
        raise IvyValueError(f"ivy.take ({NAME} backend): axis is required unless x is 1-d",
                            function="take", backend=NAME)
    try:
        r = np.take(x, indices, axis=axis)
    except Exception as e:
        raise from_native(e, "take", NAME) from e
    return r if type(r) is _ndarray else _asarray(r)


def take_along_axis(x, indices, /, *, axis=-1):
    try:
        return np.take_along_axis(x, indices, axis=axis)
    except Exception as e:
        raise from_native(e, "take_along_axis", NAME) from e


_FLOAT32 = np.dtype(np.float32)


def matmul(x1, x2, /):
    try:
        r = np.matmul(x1, x2)
    except Exception as e:
        raise from_native(e, "matmul", NAME) from e
    if type(r) is not _ndarray:
        r = _asarray(r)
    # ml_dtypes' matmul of two bfloat16 arrays returns float32 (it accumulates in float32).
    if r.dtype is _FLOAT32 and x1.dtype is BFLOAT16 and x2.dtype is BFLOAT16:
        r = r.astype(BFLOAT16)
    return r


def tensordot(x1, x2, /, *, axes=2):
    try:
        r = np.tensordot(x1, x2, axes=axes)
    except Exception as e:
        raise from_native(e, "tensordot", NAME) from e
    return r if type(r) is _ndarray else _asarray(r)


# ---- manipulation ----------------------------------------------------------------------------

def concat(arrays, /, *, axis=0):
    try:
        return np.concatenate(arrays, axis=axis)
    except Exception as e:
        raise from_native(e, "concat", NAME) from e


def stack(arrays, /, *, axis=0):
    try:
        return np.stack(arrays, axis=axis)
    except Exception as e:
        raise from_native(e, "stack", NAME) from e


def expand_dims(x, /, axis):
    try:
        return np.expand_dims(x, axis)
    except Exception as e:
        raise from_native(e, "expand_dims", NAME) from e


def flip(x, /, *, axis=None):
    try:
        r = np.flip(x, axis=axis)
    except Exception as e:
        raise from_native(e, "flip", NAME) from e
    return r if type(r) is _ndarray else _asarray(r)


def moveaxis(x, source, destination, /):
    try:
        return np.moveaxis(x, source, destination)
    except Exception as e:
        raise from_native(e, "moveaxis", NAME) from e


def permute_dims(x, /, axes):
    try:
        r = np.transpose(x, axes)
    except Exception as e:
        raise from_native(e, "permute_dims", NAME) from e
    return r if type(r) is _ndarray else _asarray(r)


def repeat(x, repeats, /, *, axis=None):
    try:
        # numpy refuses uint64 repeats (no safe cast to intp); counts beyond 2**63 are infeasible.
        if isinstance(repeats, np.ndarray) and repeats.dtype == np.uint64:
            repeats = repeats.astype(np.int64)
        return np.repeat(x, repeats, axis=axis)
    except Exception as e:
        raise from_native(e, "repeat", NAME) from e


def reshape(x, /, shape, *, copy=None):
    try:
        r = np.reshape(x, shape, copy=copy)
    except Exception as e:
        raise from_native(e, "reshape", NAME) from e
    return r if type(r) is _ndarray else _asarray(r)


def roll(x, /, shift, *, axis=None):
    try:
        r = np.roll(x, shift, axis=axis)
    except Exception as e:
        raise from_native(e, "roll", NAME) from e
    return r if type(r) is _ndarray else _asarray(r)


def squeeze(x, /, axis):
    try:
        r = np.squeeze(x, axis=axis)
    except Exception as e:
        raise from_native(e, "squeeze", NAME) from e
    return r if type(r) is _ndarray else _asarray(r)


def tile(x, repetitions, /):
    try:
        return np.tile(x, repetitions)
    except Exception as e:
        raise from_native(e, "tile", NAME) from e


# ---- searching, sets, sorting ----------------------------------------------------------------

def nonzero(x, /):
    try:
        return np.nonzero(x)
    except Exception as e:
        raise from_native(e, "nonzero", NAME) from e


def searchsorted(x1, x2, /, *, side="left", sorter=None):
    try:
        r = np.searchsorted(x1, x2, side=side, sorter=sorter)
    except Exception as e:
        raise from_native(e, "searchsorted", NAME) from e
    return r if type(r) is _ndarray else _asarray(r)


def where(condition, x1, x2, /):
    try:
        r = np.where(condition, x1, x2)
    except Exception as e:
        raise from_native(e, "where", NAME) from e
    return r if type(r) is _ndarray else _asarray(r)


def isin(x1, x2, /, *, invert=False):
    try:
        r = np.isin(x1, x2, invert=invert)
    except Exception as e:
        raise from_native(e, "isin", NAME) from e
    return r if type(r) is _ndarray else _asarray(r)


# np.unique sorts and keeps NaNs distinct with equal_nan=False (np.unique_values no longer sorts).
def unique_all(x, /):
    try:
        values, indices, inverse, counts = np.unique(
            x, return_index=True, return_inverse=True, return_counts=True, equal_nan=False)
        return api.UniqueAllResult(values, indices, inverse.reshape(np.shape(x)), counts)
    except Exception as e:
        raise from_native(e, "unique_all", NAME) from e


def unique_counts(x, /):
    try:
        values, counts = np.unique(x, return_counts=True, equal_nan=False)
        return api.UniqueCountsResult(values, counts)
    except Exception as e:
        raise from_native(e, "unique_counts", NAME) from e


def unique_inverse(x, /):
    try:
        values, inverse = np.unique(x, return_inverse=True, equal_nan=False)
        return api.UniqueInverseResult(values, inverse.reshape(np.shape(x)))
    except Exception as e:
        raise from_native(e, "unique_inverse", NAME) from e


def unique_values(x, /):
    try:
        return np.unique(x, equal_nan=False)
    except Exception as e:
        raise from_native(e, "unique_values", NAME) from e


def sort(x, /, *, axis=-1, descending=False, stable=True):
    """NaNs sort as the largest value: last ascending, first descending."""
    kind = "stable" if stable else "quicksort"
    try:
        if descending:
            # Sorting the reversed array and reversing back keeps equal elements in input order.
            return np.flip(np.sort(np.flip(x, axis=axis), axis=axis, kind=kind), axis=axis)
        return np.sort(x, axis=axis, kind=kind)
    except Exception as e:
        raise from_native(e, "sort", NAME) from e


def argsort(x, /, *, axis=-1, descending=False, stable=True):
    kind = "stable" if stable else "quicksort"
    try:
        if descending:
            # Indices into the reversed array, mapped back; ties stay in input order.
            r = np.flip(np.argsort(np.flip(x, axis=axis), axis=axis, kind=kind), axis=axis)
            return (x.shape[axis] - 1) - r
        return np.argsort(x, axis=axis, kind=kind)
    except Exception as e:
        raise from_native(e, "argsort", NAME) from e


# ---- ivy extras ------------------------------------------------------------------------------

def dtype(x, /):
    try:
        return CANONICAL[x.dtype]
    except KeyError:  # byte-swapped or non-canonical dtypes, or another backend's array
        check_own(x, "dtype")
        return canonical(x.dtype)


def device(x, /):
    return "cpu"


def to_device(x, device, /, *, stream=None):
    if stream is not None:
        raise unsupported("to_device", NAME, "stream")
    check_device(device, "to_device")
    return x


def shape(x, /):
    return x.shape


def to_numpy(x, /):
    return x if type(x) is _ndarray else np.asarray(x)


def is_native_array(x, /):
    return isinstance(x, _ndarray)

