"""Core extension area `numeric` (see ``_area.py``): elementwise extras and small array builders the
frontends need beyond the standard (``fmod``, ``frexp``, ``gcd``, ``isclose``, ``kron``, ...).

Binary functions follow the core contract: operands of one kind promote by the Array API table, a
Python scalar takes the array's dtype. Float-only functions raise IvyTypeError for other dtypes
(numpy would compute integers in float64, torch in float32: the frontends cast first).
"""
from __future__ import annotations

import math
from collections import namedtuple

from .. import dtypes as _dt
from ..errors import IvyTypeError, IvyValueError
from ._area import Area

area = Area("numeric", "")

FrexpResult = namedtuple("FrexpResult", "mantissa exponent")

_REAL = frozenset(_dt.REAL_FLOATING)
_FLOATING = frozenset(_dt.FLOATING)
_INTEGRAL = frozenset(_dt.INTEGRAL)
_NUMERIC = frozenset(_dt.NUMERIC)
KINDS = {"real floating": _REAL, "floating": _FLOATING, "integral": _INTEGRAL,
         "numeric": _NUMERIC, "real numeric": _INTEGRAL | _REAL}


def check_dtype(fn: str, dtype: str, kind: str, backend: str | None = None) -> None:
    """Raise IvyTypeError unless canonical ``dtype`` is of ``kind`` (a key of KINDS)."""
    if dtype not in KINDS[kind]:
        where = f"ivy.{fn} ({backend} backend)" if backend else f"ivy.{fn}"
        raise IvyTypeError(f"{where}: expected {kind} input, got {dtype}", function=fn,
                           backend=backend)


def _check(xp, fn, x, kind):
    check_dtype(fn, xp.dtype(x), kind, xp.name)


def _is_scalar(x):
    return isinstance(x, (bool, int, float, complex))


def _dtype_pair(xp, x1, x2):
    """The Array API result dtype of a binary call (a Python scalar takes the array's dtype)."""
    return xp.result_type(x1, x2)


def _arrays(xp, x1, x2, d):
    """Both operands as arrays: a Python scalar becomes one of dtype d (its weak dtype)."""
    if _is_scalar(x1):
        return xp.asarray(x1, dtype=d, device=xp.device(x2)), x2
    if _is_scalar(x2):
        return x1, xp.asarray(x2, dtype=d, device=xp.device(x1))
    return x1, x2


def bitcast_shape(shape: tuple, old_size: int, new_size: int, backend: str) -> tuple:
    """The shape of ``bitcast``: the last axis scaled by the item-size ratio (NumPy's rule and
    its errors)."""
    shape = tuple(shape)
    if old_size == new_size:
        return shape
    where = f"ivy.bitcast ({backend} backend)"
    if not shape:
        raise IvyValueError(f"{where}: Changing the dtype of a 0d array is only supported if the "
                            f"itemsize is unchanged", function="bitcast", backend=backend)
    nbytes = shape[-1] * old_size
    if nbytes % new_size:      # item sizes are powers of two: only a larger one can fail
        raise IvyValueError(f"{where}: When changing to a larger dtype, its size must be a "
                            f"divisor of the total size in bytes of the last axis of the array.",
                            function="bitcast", backend=backend)
    return shape[:-1] + (nbytes // new_size,)


# ---- primaries -------------------------------------------------------------------------------

@area.primary
def bitcast(x, dtype, /):
    """NumPy's ``x.view(dtype)``: x's bytes read as ``dtype``; with another item size the last
    axis scales (see ``bitcast_shape``) and, on numpy/torch, must be contiguous (IvyValueError).
    numpy/torch return a view sharing x's memory (torch: a copy where the other strides are not
    whole new items, which NumPy allows); jax/tensorflow a new array."""
    ...



@area.primary
def frexp(x, /):
    """numpy/torch ``frexp``: (mantissa in [0.5, 1) with x's sign and dtype, int32 exponent);
    0, inf and NaN give (x, 0). Subnormals are exact on every backend."""
    ...


@area.primary
def ldexp(x1, x2, /):
    """numpy ``ldexp``: ``x1 * 2**x2`` rounded once, x1 real floating, x2 integral (array or
    Python int); the result has x1's dtype. Subnormal inputs and results are exact on every
    backend (torch.ldexp itself multiplies by a rounded ``2**x2``)."""
    ...


@area.primary
def gcd(x1, x2, /):
    """numpy ``gcd`` of integers (non-negative result)."""
    ...


@area.primary
def lcm(x1, x2, /):
    """numpy ``lcm`` of integers (non-negative; wraps on overflow like numpy)."""
    ...


@area.primary
def fmod(x1, x2, /):
    """C ``fmod``: remainder of truncated division, with the dividend's sign (numpy/torch)."""
    ...


@area.primary
def nan_to_num(x, /, *, nan=0.0, posinf=None, neginf=None):
    """numpy/torch ``nan_to_num``: NaN -> nan, +inf -> posinf (default the dtype's max), -inf ->
    neginf (default its min); complex numbers part by part; integers and bool unchanged (a copy)."""
    ...


# ---- elementwise, compositional --------------------------------------------------------------

@area.compositional
def exp2(xp, x, /):
    """numpy ``exp2`` (floating input)."""
    _check(xp, "exp2", x, "floating")
    return xp.pow(2.0, x)


@area.compositional
def cbrt(xp, x, /):
    """numpy ``cbrt``: the real cube root (real floating input)."""
    _check(xp, "cbrt", x, "real floating")
    root = xp.pow(xp.abs(x), 1.0 / 3.0)
    return xp.where(xp.signbit(x), xp.negative(root), root)


@area.compositional
def deg2rad(xp, x, /):
    """numpy ``deg2rad`` (real floating input)."""
    _check(xp, "deg2rad", x, "real floating")
    return xp.multiply(x, math.pi / 180.0)


@area.compositional
def rad2deg(xp, x, /):
    """numpy ``rad2deg`` (real floating input)."""
    _check(xp, "rad2deg", x, "real floating")
    return xp.multiply(x, 180.0 / math.pi)


@area.compositional
def logaddexp2(xp, x1, x2, /):
    """numpy ``logaddexp2``: ``log2(2**x1 + 2**x2)`` without overflow (real floating)."""
    check_dtype("logaddexp2", _dtype_pair(xp, x1, x2), "real floating", xp.name)
    hi = xp.maximum(x1, x2)
    gap = xp.negative(xp.abs(xp.subtract(x1, x2)))
    out = xp.add(hi, xp.divide(xp.log1p(xp.exp2(gap)), math.log(2.0)))
    # equal operands (infinities included, whose difference is NaN): x + 1, as x1 + 1 + d/2 +
    # d*d*ln2/8 with d = x2 - x1 = 0 (the series there): maximum's gradient at the tie went all
    # to one operand on some backends; each gets 1/2, then ln2/4
    tie = xp.equal(x1, x2)
    d = xp.where(xp.logical_and(tie, xp.isfinite(x1)), xp.subtract(x2, x1), xp.zeros_like(x1))
    series = xp.multiply(d, xp.add(xp.multiply(d, math.log(2.0) / 8), 0.5))
    return xp.where(tie, xp.add(xp.add(hi, 1.0), series), out)


@area.compositional
def fmax(xp, x1, x2, /):
    """numpy ``fmax``: maximum that ignores a NaN operand (real input)."""
    d = _dtype_pair(xp, x1, x2)
    check_dtype("fmax", d, "real numeric", xp.name)
    x1, x2 = _arrays(xp, x1, x2, d)
    big = xp.maximum(x1, x2)
    if d not in _REAL:
        return big
    return xp.where(xp.isnan(x1), x2, xp.where(xp.isnan(x2), x1, big))


@area.compositional
def fmin(xp, x1, x2, /):
    """numpy ``fmin``: minimum that ignores a NaN operand (real input)."""
    d = _dtype_pair(xp, x1, x2)
    check_dtype("fmin", d, "real numeric", xp.name)
    x1, x2 = _arrays(xp, x1, x2, d)
    small = xp.minimum(x1, x2)
    if d not in _REAL:
        return small
    return xp.where(xp.isnan(x1), x2, xp.where(xp.isnan(x2), x1, small))


@area.compositional
def angle(xp, x, /):
    """numpy ``angle`` in radians: ``atan2(imag, real)``, real dtype out (floating input).
    Deviation from torch: a real -0.0 gives pi, as numpy and jax (torch gives 0)."""
    _check(xp, "angle", x, "floating")
    if xp.dtype(x) in _REAL:
        return xp.atan2(xp.zeros_like(x), x)
    return xp.atan2(xp.imag(x), xp.real(x))


@area.compositional
def heaviside(xp, x1, x2, /):
    """numpy ``heaviside``: 0 where x1 < 0, x2 where x1 == 0, 1 where x1 > 0, NaN where x1 is
    NaN (real input). Deviations: torch gives 0 for NaN; numpy computes integers in float64 (here
    they keep their dtype, as in torch)."""
    d = _dtype_pair(xp, x1, x2)
    check_dtype("heaviside", d, "real numeric", xp.name)
    x1, x2 = (xp.astype(x, d) for x in _arrays(xp, x1, x2, d))
    step = xp.astype(xp.greater(x1, xp.zeros_like(x1)), d)
    out = xp.where(xp.equal(x1, xp.zeros_like(x1)), x2, step)
    return xp.where(xp.isnan(x1), x1, out) if d in _REAL else out


@area.compositional
def float_power(xp, x1, x2, /):
    """numpy/torch ``float_power``: the power computed in float64 (complex128 if either operand
    is complex), whatever the operands' kinds (integers, bool and Python scalars included)."""
    def widen(x):
        if _is_scalar(x):
            return x
        d = xp.dtype(x)
        return xp.astype(x, "complex128" if d in _dt.COMPLEX_FLOATING else "float64")
    x1, x2 = widen(x1), widen(x2)
    if _is_scalar(x1) and _is_scalar(x2):
        raise IvyTypeError("ivy.float_power: at least one argument must be an array",
                           function="float_power", backend=xp.name)
    if _is_scalar(x1) and not isinstance(x1, complex):
        x1 = float(x1)
    if _is_scalar(x2) and not isinstance(x2, complex):
        x2 = float(x2)
    if not _is_scalar(x1) and not _is_scalar(x2) and xp.dtype(x1) != xp.dtype(x2):
        x1, x2 = xp.astype(x1, "complex128"), xp.astype(x2, "complex128")
    return xp.pow(x1, x2)


@area.compositional
def lerp(xp, start, end, weight, /):
    """torch ``lerp``: ``start + weight * (end - start)``, computed as ``end - (end - start) *
    (1 - weight)`` where |weight| >= 0.5 (torch's formula, exact at weight 1). Floating only;
    weight may be a Python float."""
    d = xp.result_type(start, end, weight)
    check_dtype("lerp", d, "floating", xp.name)
    diff = xp.subtract(end, start)
    if _is_scalar(weight):
        if abs(weight) < 0.5:
            return xp.add(start, xp.multiply(diff, weight))
        return xp.subtract(end, xp.multiply(diff, 1.0 - weight))
    low = xp.add(start, xp.multiply(weight, diff))
    high = xp.subtract(end, xp.multiply(diff, xp.subtract(1.0, weight)))
    return xp.where(xp.less(xp.abs(weight), 0.5), low, high)


@area.compositional
def addcmul(xp, x, x1, x2, /, *, value=1):
    """torch ``addcmul``: ``x + value * x1 * x2``, as ``(value * x1) * x2`` then the sum (torch's
    CPU kernel fuses that multiply-add: an ulp apart now and then; one pass on torch). Floating
    only; ``value`` a Python number."""
    d = xp.result_type(x, x1, x2)
    check_dtype("addcmul", d, "floating", xp.name)
    return xp.add(x, xp.multiply(xp.multiply(x1, value), x2))


@area.compositional
def addcdiv(xp, x, x1, x2, /, *, value=1):
    """torch ``addcdiv``: ``x + value * x1 / x2``, as ``(value * x1) / x2`` then the sum (torch's
    order; one pass on torch). Floating only; ``value`` a Python number."""
    d = xp.result_type(x, x1, x2)
    check_dtype("addcdiv", d, "floating", xp.name)
    return xp.add(x, xp.divide(xp.multiply(x1, value), x2))


@area.compositional
def isclose(xp, a, b, /, *, rtol=1e-05, atol=1e-08, equal_nan=False):
    """numpy ``isclose``: ``|a - b| <= atol + rtol * |b|``, infinities close only to themselves
    (numeric input; integers compare in float64)."""
    d = _dtype_pair(xp, a, b)
    check_dtype("isclose", d, "numeric", xp.name)
    a, b = _arrays(xp, a, b, d)
    if d in _INTEGRAL:
        a, b = xp.astype(a, "float64"), xp.astype(b, "float64")
    gap = xp.abs(xp.subtract(a, b))
    close = xp.less_equal(gap, xp.add(xp.multiply(xp.abs(b), rtol), atol))
    finite = xp.logical_and(xp.isfinite(a), xp.isfinite(b))
    out = xp.logical_or(xp.logical_and(close, finite), xp.equal(a, b))
    if equal_nan:
        out = xp.logical_or(out, xp.logical_and(xp.isnan(a), xp.isnan(b)))
    return out


@area.compositional
def allclose(xp, a, b, /, *, rtol=1e-05, atol=1e-08, equal_nan=False):
    """numpy/torch ``allclose``: a Python bool (so it cannot be traced under jit)."""
    return bool(xp.all(xp.isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan)))


# ---- array builders --------------------------------------------------------------------------

@area.compositional
def kron(xp, a, b, /):
    """numpy/torch ``kron``: the Kronecker product; the lower-rank operand gains leading axes."""
    na, nb = xp.ndim(a), xp.ndim(b)
    n = max(na, nb)
    sa = (1,) * (n - na) + tuple(xp.shape(a))
    sb = (1,) * (n - nb) + tuple(xp.shape(b))
    a = xp.reshape(a, tuple(v for s in sa for v in (s, 1)))
    b = xp.reshape(b, tuple(v for s in sb for v in (1, s)))
    return xp.reshape(xp.multiply(a, b), tuple(i * j for i, j in zip(sa, sb)))


@area.compositional
def cartesian_prod(xp, *arrays):
    """torch ``cartesian_prod`` of 1-d arrays: shape (prod of sizes, len(arrays)); one array
    is returned as is. Arrays of different dtypes promote."""
    if not arrays:
        raise IvyValueError("ivy.cartesian_prod: at least one array is required",
                            function="cartesian_prod", backend=xp.name)
    for x in arrays:
        if xp.ndim(x) != 1:
            raise IvyValueError("ivy.cartesian_prod: every array must be 1-d",
                                function="cartesian_prod", backend=xp.name)
    if len(arrays) == 1:
        return arrays[0]
    d = xp.result_type(*arrays)
    grids = xp.meshgrid(*(xp.astype(x, d) for x in arrays), indexing="ij")
    return xp.stack([xp.reshape(g, (-1,)) for g in grids], axis=-1)


WIDEN_TO_INT64 = frozenset({"bool", "int8", "int16", "int32", "uint8", "uint16", "uint32"})


def powers(xp, x, n, fn):
    """x[..., :, None] ** [0, 1, ..., n-1] by repeated multiplication (exact for integers, as
    numpy and torch compute it): shape (..., len, n), x's dtype."""
    if n is None:
        n = xp.shape(x)[-1]
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise IvyValueError(f"ivy.{fn}: N must be a non-negative int, got {n!r}", function=fn,
                            backend=xp.name)
    column = xp.expand_dims(x, axis=-1)
    if n == 0:
        return xp.zeros(tuple(xp.shape(column))[:-1] + (0,), dtype=xp.dtype(x),
                        device=xp.device(x))
    ones = xp.ones_like(column)
    if n == 1:
        return ones
    repeated = xp.concat([ones, xp.broadcast_to(column, tuple(xp.shape(column))[:-1] + (n - 1,))],
                         axis=-1)
    return xp.cumulative_prod(repeated, axis=-1, dtype=xp.dtype(x))


@area.compositional
def vander(xp, x, /, *, N=None, increasing=False):
    """numpy ``vander`` of a 1-d array: columns x**(N-1), ..., x**0 (x**0 first if increasing).
    bool and integers compute in int64 as numpy, except uint64, which stays uint64 (numpy: float64);
    floats keep their dtype (numpy widens float32 to float64, complex64 to complex128: its
    frontend casts first)."""
    if xp.ndim(x) != 1:
        raise IvyValueError("ivy.vander: x must be 1-d", function="vander", backend=xp.name)
    if xp.dtype(x) in WIDEN_TO_INT64:
        x = xp.astype(x, "int64")
    out = powers(xp, x, N, "vander")
    return out if increasing else xp.flip(out, axis=-1)


@area.compositional
def cdist(xp, x1, x2, /, *, p=2.0):
    """torch ``cdist``: p-norm distances between the rows of x1 (..., P, M) and x2 (..., R, M),
    batch axes broadcast: shape (..., P, R). p >= 0, inf included (real floating input)."""
    d = _dtype_pair(xp, x1, x2)
    check_dtype("cdist", d, "real floating", xp.name)
    if xp.ndim(x1) < 2 or xp.ndim(x2) < 2 or xp.shape(x1)[-1] != xp.shape(x2)[-1]:
        raise IvyValueError(f"ivy.cdist: x1 (..., P, M) and x2 (..., R, M) must share M, got "
                            f"shapes {tuple(xp.shape(x1))} and {tuple(xp.shape(x2))}",
                            function="cdist", backend=xp.name)
    if not p >= 0:
        raise IvyValueError(f"ivy.cdist: p must be non-negative, got {p}", function="cdist",
                            backend=xp.name)
    gaps = xp.subtract(xp.expand_dims(x1, axis=-2), xp.expand_dims(x2, axis=-3))
    return xp.linalg.vector_norm(gaps, axis=-1, ord=p)
