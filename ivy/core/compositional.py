"""Default bodies of the compositional functions, written once against a backend namespace ``xp``.

The registry binds each to a backend (``functools.partial(fn, xp)``) unless that backend defines a
native function of the same name. ``xp`` is the full bound namespace (``xp.linalg``, ``xp.fft``).
"""
from __future__ import annotations

from . import dtypes as _dt
from .errors import IvyBroadcastError, IvyTypeError, IvyValueError

MAIN = {}
LINALG = {}
FFT = {}


def _register(table, name=None):
    def deco(fn):
        table[name or fn.__name__] = fn
        return fn
    return deco


def _dtype_of(xp, x):
    return x if isinstance(x, str) else xp.dtype(x)


@_register(MAIN)
def broadcast_shapes(xp, *shapes):
    ndim = max((len(s) for s in shapes), default=0)
    out = [1] * ndim
    for shape in shapes:
        for i, d in enumerate(shape, ndim - len(shape)):
            if d is None or out[i] is None:
                out[i] = None if 1 not in (d, out[i]) else (out[i] if d == 1 else d)
            elif d != 1 and out[i] != 1 and d != out[i]:
                raise IvyBroadcastError(
                    f"ivy.broadcast_shapes: shapes {tuple(tuple(s) for s in shapes)} do not broadcast",
                    function="broadcast_shapes")
            elif d != 1:
                out[i] = d
    return tuple(out)


@_register(MAIN)
def can_cast(xp, from_, to, /):
    return _dt.can_cast(_dtype_of(xp, from_), to)


@_register(MAIN)
def finfo(xp, type, /):
    return _dt.finfo(_dtype_of(xp, type))


@_register(MAIN)
def iinfo(xp, type, /):
    return _dt.iinfo(_dtype_of(xp, type))


@_register(MAIN)
def isdtype(xp, dtype, kind):
    return _dt.isdtype(dtype, kind)


@_register(MAIN)
def result_type(xp, *arrays_and_dtypes):
    """Array API promotion; Python scalars are weak (they take the other operands' dtype)."""
    result, scalars = None, []
    for a in arrays_and_dtypes:
        if isinstance(a, (bool, int, float, complex)):
            scalars.append(a)
            continue
        d = _dtype_of(xp, a)
        result = d if result is None else _dt.promote(result, d)
    if result is None:
        raise IvyValueError("ivy.result_type: at least one array or dtype is required",
                            function="result_type")
    for s in scalars:
        if result not in _dt.SCALAR_OK[type(s)]:
            if isinstance(s, complex) and result in _dt.COMPLEX_OF:
                result = _dt.COMPLEX_OF[result]
            elif isinstance(s, float) and result in _dt.INTEGRAL + _dt.BOOL:
                raise IvyTypeError(f"ivy.result_type: Python float with {result}",
                                   function="result_type")
            elif isinstance(s, int) and result == "bool":
                raise IvyTypeError("ivy.result_type: Python int with bool", function="result_type")
            elif isinstance(s, complex):
                raise IvyTypeError(f"ivy.result_type: Python complex with {result}",
                                   function="result_type")
    return result


@_register(MAIN)
def matrix_transpose(xp, x, /):
    n = xp.ndim(x)
    if n < 2:
        raise IvyValueError("ivy.matrix_transpose: input must have at least 2 dimensions",
                            function="matrix_transpose")
    return xp.permute_dims(x, tuple(range(n - 2)) + (n - 1, n - 2))


@_register(MAIN)
def vecdot(xp, x1, x2, /, *, axis=-1):
    if xp.shape(x1)[axis] != xp.shape(x2)[axis]:
        raise IvyValueError(f"ivy.vecdot: sizes along axis {axis} differ "
                            f"({xp.shape(x1)[axis]} vs {xp.shape(x2)[axis]})", function="vecdot")
    if xp.isdtype(xp.dtype(x1), "complex floating"):
        x1 = xp.conj(x1)
    product = xp.multiply(x1, x2)
    return xp.sum(product, axis=axis, dtype=xp.dtype(product))


@_register(MAIN)
def unstack(xp, x, /, *, axis=0):
    n = xp.shape(x)[axis]
    return tuple(xp.take(x, xp.asarray(i, dtype="int64", device=xp.device(x)), axis=axis)
                 for i in range(n))


@_register(MAIN)
def ndim(xp, x, /):
    return len(xp.shape(x))


@_register(MAIN)
def size(xp, x, /):
    n = 1
    for d in xp.shape(x):
        n *= d
    return n


class _NamespaceInfo:
    """The object ``__array_namespace_info__()`` returns."""
    __slots__ = ("_xp",)

    def __init__(self, xp):
        self._xp = xp

    def capabilities(self):
        return {"boolean indexing": True, "data-dependent shapes": True, "max dimensions": 64}

    def default_device(self):
        return "cpu"

    def devices(self):
        return ["cpu"]

    def default_dtypes(self, *, device=None):
        return {"real floating": _dt.DEFAULT_FLOAT, "complex floating": _dt.DEFAULT_COMPLEX,
                "integral": _dt.DEFAULT_INT, "indexing": _dt.DEFAULT_INDEX}

    def dtypes(self, *, device=None, kind=None):
        names = _dt.ARRAY_API if kind is None else tuple(n for n in _dt.ARRAY_API if _dt.isdtype(n, kind))
        return {n: n for n in names}


@_register(MAIN, "__array_namespace_info__")
def _array_namespace_info(xp):
    return _NamespaceInfo(xp)


# linalg: the four functions the standard repeats from the main namespace.
@_register(LINALG, "matmul")
def _linalg_matmul(xp, x1, x2, /):
    return xp.matmul(x1, x2)


@_register(LINALG, "matrix_transpose")
def _linalg_matrix_transpose(xp, x, /):
    return xp.matrix_transpose(x)


@_register(LINALG, "tensordot")
def _linalg_tensordot(xp, x1, x2, /, *, axes=2):
    return xp.tensordot(x1, x2, axes=axes)


@_register(LINALG, "vecdot")
def _linalg_vecdot(xp, x1, x2, /, *, axis=-1):
    return xp.vecdot(x1, x2, axis=axis)


# fft helpers
@_register(FFT)
def fftfreq(xp, n, /, *, d=1.0, dtype=None, device=None):
    dtype = dtype or _dt.DEFAULT_FLOAT
    k = xp.arange(n, dtype=dtype, device=device)
    k = xp.where(k < (n + 1) // 2, k, k - n)
    return xp.divide(k, xp.asarray(n * d, dtype=dtype, device=device))


@_register(FFT)
def rfftfreq(xp, n, /, *, d=1.0, dtype=None, device=None):
    dtype = dtype or _dt.DEFAULT_FLOAT
    k = xp.arange(n // 2 + 1, dtype=dtype, device=device)
    return xp.divide(k, xp.asarray(n * d, dtype=dtype, device=device))


def _shift(xp, x, axes, sign):
    shape = xp.shape(x)
    if axes is None:
        axes = tuple(range(len(shape)))
    elif isinstance(axes, int):
        axes = (axes,)
    shifts = tuple(sign * (shape[a] // 2) for a in axes)
    return xp.roll(x, shifts, axis=tuple(axes))


@_register(FFT)
def fftshift(xp, x, /, *, axes=None):
    return _shift(xp, x, axes, 1)


@_register(FFT)
def ifftshift(xp, x, /, *, axes=None):
    return _shift(xp, x, axes, -1)


TABLES = {"": MAIN, "linalg": LINALG, "fft": FFT}
