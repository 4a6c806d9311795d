"""Core extension area `special`: special functions, NaN-aware reductions, cumulative extrema,
median and quantiles (see ``_area.py``).

Dtypes (every backend alike): a real floating input gives the same dtype out (float16 and
bfloat16 are computed in float32 and rounded back, the opmath rule torch uses on CPU); integer and
bool inputs promote to the default float, float64, as scipy, jax (x64) and numpy do (torch gives
its own default float32; frontends cast); complex inputs raise IvyTypeError. Two-operand functions
promote their operands that way, then by the Array API table. Values follow ``scipy.special``
on the functions' domains; the edges where the frameworks disagree are pinned in each backend
(documented in ``tests/backends/test_ext_special.py``).

The statistics follow numpy: ``median``/``quantile``/``percentile`` and the ``nan*`` reductions are
one default body each, written on the core (sort + gather + interpolate, vectorized over slices);
backends with a faster exact native override them.
"""
from __future__ import annotations

import math
from collections import namedtuple

from .. import dtypes as D
from ..errors import IvyIndexError, IvyTypeError, IvyValueError
from ._area import Area

area = Area("special", "")

CummaxResult = namedtuple("CummaxResult", "values indices")
CumminResult = namedtuple("CumminResult", "values indices")


# ---- special functions (primary) -------------------------------------------------------------
# name -> docstring; each is ``name(x, /)`` elementwise.
UNARY = {
    "erf": "Error function (scipy.special.erf).",
    "erfc": "Complementary error function 1 - erf(x).",
    "erfinv": "Inverse error function.",
    "erfcx": "Scaled complementary error function exp(x**2) * erfc(x).",
    "lgamma": "log|Gamma(x)| (scipy.special.gammaln; lgamma(-inf) is inf as on torch/jax/tf).",
    "digamma": "Digamma psi(x) = d/dx lgamma(x) (digamma(+-0) = -+inf, as scipy and torch).",
    "i0": "Modified Bessel function of the first kind, order 0.",
    "i0e": "Exponentially scaled i0: exp(-|x|) * i0(x).",
    "i1": "Modified Bessel function of the first kind, order 1.",
    "i1e": "Exponentially scaled i1: exp(-|x|) * i1(x).",
    "sinc": "Normalized sinc sin(pi x) / (pi x), 1 at 0 (numpy.sinc).",
    "expit": "Logistic sigmoid 1 / (1 + exp(-x)).",
    "ndtr": "Standard normal CDF.",
    "ndtri": "Inverse of the standard normal CDF.",
    "log_ndtr": "log of the standard normal CDF, accurate in both tails.",
    "bessel_j0": "Bessel function of the first kind, order 0 (scipy.special.j0).",
    "bessel_j1": "Bessel function of the first kind, order 1 (scipy.special.j1).",
    "entr": "Elementwise entropy -x log x (0 at 0, -inf for x < 0).",
}


def check_order(value, least, what, fn, backend):
    """A Python int argument (n of polygamma, d of multigammaln) at least ``least``; shared by
    every backend so they raise alike."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise IvyTypeError(f"ivy.{fn} ({backend} backend): {what} must be a Python int, got "
                           f"{value!r}", function=fn, backend=backend)
    if value < least:
        raise IvyValueError(f"ivy.{fn} ({backend} backend): {what} must be >= {least}, got {value}",
                            function=fn, backend=backend)
    return value


def _declare_unary(name, doc):
    def stub(x, /):
        ...
    stub.__name__ = stub.__qualname__ = name
    stub.__doc__ = doc
    area.primary(stub)


for _name, _doc in UNARY.items():
    _declare_unary(_name, _doc)
del _name, _doc


@area.primary
def polygamma(n, x, /):
    """n-th derivative of digamma (n a non-negative Python int; scipy.special.polygamma)."""
    ...


@area.primary
def multigammaln(a, d, /):
    """Multivariate log-gamma of dimension d (a Python int >= 1); every a must exceed (d-1)/2
    (IvyValueError otherwise, like scipy and torch; not checkable under jax tracing)."""
    ...


# Two-operand functions take (x1, x2), as the Array API's binary functions do.
@area.primary
def gammainc(x1, x2, /):
    """Regularized lower incomplete gamma P(a=x1, x=x2)."""
    ...


@area.primary
def gammaincc(x1, x2, /):
    """Regularized upper incomplete gamma Q(a=x1, x=x2) = 1 - P(a, x)."""
    ...


@area.primary
def xlogy(x1, x2, /):
    """x1 * log(x2), 0 where x1 == 0 (NaN where x2 is NaN)."""
    ...


@area.primary
def xlog1py(x1, x2, /):
    """x1 * log1p(x2), 0 where x1 == 0 (NaN where x2 is NaN)."""
    ...


@area.primary
def betaln(x1, x2, /):
    """log|Beta(x1, x2)|."""
    ...


@area.primary
def zeta(x1, x2, /):
    """Hurwitz zeta sum_k (k + x2)**-x1 (scipy.special.zeta(x=x1, q=x2))."""
    ...


@area.primary
def logit(x, /, *, eps=None):
    """log(x / (1 - x)); with eps, x is first clipped to [eps, 1 - eps] (torch.special.logit)."""
    ...


# ---- cumulative (primary) --------------------------------------------------------------------

@area.primary
def cummax(x, /, *, axis):
    """Running maximum along axis -> CummaxResult(values, indices int64), torch.cummax semantics
    (ties take the later index; a NaN propagates, its index is the latest NaN's)."""
    ...


@area.primary
def cummin(x, /, *, axis):
    """Running minimum along axis -> CumminResult(values, indices int64), as ``cummax``."""
    ...


@area.primary
def logcumsumexp(x, /, *, axis):
    """log(cumsum(exp(x))) along axis, computed stably (torch.logcumsumexp)."""
    ...


# ---- Bessel J0/J1 tables, for backends whose kernel is missing (jax) or inaccurate (torch: ~4e-7
# absolute error near |x| = 5 in float64). |x| <= HANKEL_FROM: the trapezoidal rule on Bessel's
# integral J_n(x) = (1/2pi) int cos(n t - x sin t) dt over a period with BESSEL_NODES nodes, folded
# onto the distinct |sin t_j| (exact to rounding: the aliasing error is below J_64(25) ~ 1e-19).
# Beyond: Hankel's expansion J_n = sqrt(2/(pi x)) (P cos w - Q sin w), w = x - (2n+1) pi/4, with
# P, Q as polynomials in 1/x**2 (Q times 1/x); 30 terms keep it below 1e-17 for x > 25.
BESSEL_NODES = 64
BESSEL_SINES = tuple(math.sin(2 * math.pi * j / BESSEL_NODES) for j in range(1, BESSEL_NODES // 4))
HANKEL_FROM = 25.0


def _hankel(order, terms=30):
    mu = 4.0 * order * order
    a = [1.0]
    for k in range(1, terms):
        a.append(a[-1] * (mu - (2 * k - 1) ** 2) / (k * 8.0))
    return (tuple((-1) ** k * a[2 * k] for k in range(terms // 2)),
            tuple((-1) ** k * a[2 * k + 1] for k in range(terms // 2 - 1)))


HANKEL = {0: _hankel(0), 1: _hankel(1)}   # order -> (P coefficients, Q coefficients), ascending


# ---- helpers of the default bodies ------------------------------------------------------------

_FLOAT = frozenset(D.REAL_FLOATING)
_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_INEXACT = _FLOAT | _COMPLEX


def _const(xp, value, like, dtype=None):
    """A 0-d array of ``like``'s dtype (or ``dtype``) and device: typed, so no backend promotes."""
    return xp.asarray(value, dtype=dtype or xp.dtype(like), device=xp.device(like))


def _axes(ndim, axis, fn):
    """``axis`` (None, int or tuple) as a sorted tuple of non-negative axes."""
    if axis is None:
        return tuple(range(ndim))
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    out = []
    for a in axes:
        if not isinstance(a, int) or isinstance(a, bool):
            raise IvyTypeError(f"ivy.{fn}: axis must be an int or a tuple of ints, got {axis!r}",
                               function=fn)
        if not -ndim <= a < max(ndim, 1):
            raise IvyIndexError(f"ivy.{fn}: axis {a} is out of bounds for an array of {ndim} "
                                f"dimensions", function=fn)
        out.append(a % ndim if ndim else 0)
    if len(set(out)) != len(out):
        raise IvyValueError(f"ivy.{fn}: repeated axis in {axis!r}", function=fn)
    return tuple(sorted(out))


def _to_last(xp, x, axis, fn):
    """``x`` with the reduced axes moved last and merged into one; plus the keepdims shape."""
    shape = xp.shape(x)
    ndim = len(shape)
    axes = _axes(ndim, axis, fn) if ndim else ()
    kept = tuple(i for i in range(ndim) if i not in axes)
    if kept + axes != tuple(range(ndim)):
        x = xp.permute_dims(x, kept + axes)
    size = math.prod(shape[i] for i in axes)
    y = xp.reshape(x, tuple(shape[i] for i in kept) + (size,))
    return y, tuple(1 if i in axes else shape[i] for i in range(ndim))


def _float_input(xp, x, fn):
    """Integer/bool -> float64; complex raises (statistics of order need real numbers)."""
    d = xp.dtype(x)
    if d in _FLOAT:
        return x
    if d in _COMPLEX:
        raise IvyTypeError(f"ivy.{fn}: complex input ({d}) has no order", function=fn)
    return xp.astype(x, D.DEFAULT_FLOAT)


def _finish(xp, r, keep_shape, keepdims, lead=()):
    return xp.reshape(r, lead + keep_shape) if keepdims else r


def _concrete_true(xp, cond):
    """bool(cond) for a 0-d boolean array; False when it is traced (jax jit/vmap) and unknowable."""
    try:
        return bool(cond)
    except Exception:
        return False


# ---- NaN-aware reductions (compositional) -----------------------------------------------------

def _without_nan(xp, x, fill):
    if xp.dtype(x) not in _INEXACT:
        return x
    return xp.where(xp.isnan(x), _const(xp, fill, x), x)


@area.compositional
def nansum(xp, x, /, *, axis=None, dtype=None, keepdims=False):
    """numpy.nansum: sum with NaNs counted as zero (dtype rules of ``sum``)."""
    return xp.sum(_without_nan(xp, x, 0), axis=axis, dtype=dtype, keepdims=keepdims)


@area.compositional
def nanprod(xp, x, /, *, axis=None, dtype=None, keepdims=False):
    """numpy.nanprod: product with NaNs counted as one (dtype rules of ``prod``)."""
    return xp.prod(_without_nan(xp, x, 1), axis=axis, dtype=dtype, keepdims=keepdims)


def _nan_extreme(xp, x, axis, keepdims, find, fill):
    if xp.dtype(x) not in _FLOAT:
        return find(x, axis=axis, keepdims=keepdims)
    nan = xp.isnan(x)
    r = find(xp.where(nan, _const(xp, fill, x), x), axis=axis, keepdims=keepdims)
    all_nan = xp.all(nan, axis=axis, keepdims=keepdims)
    return xp.where(all_nan, _const(xp, math.nan, r), r)


@area.compositional
def nanmax(xp, x, /, *, axis=None, keepdims=False):
    """numpy.nanmax: maximum ignoring NaNs; an all-NaN slice gives NaN (numpy also warns)."""
    return _nan_extreme(xp, x, axis, keepdims, xp.max, -math.inf)


@area.compositional
def nanmin(xp, x, /, *, axis=None, keepdims=False):
    """numpy.nanmin: minimum ignoring NaNs; an all-NaN slice gives NaN (numpy also warns)."""
    return _nan_extreme(xp, x, axis, keepdims, xp.min, math.inf)


def _nan_arg(xp, x, axis, keepdims, find, fill, fn):
    if xp.dtype(x) not in _FLOAT:
        return find(x, axis=axis, keepdims=keepdims)
    nan = xp.isnan(x)
    if _concrete_true(xp, xp.any(xp.all(nan, axis=axis))):
        raise IvyValueError(f"ivy.{fn}: All-NaN slice encountered", function=fn)
    # numpy's own rule: NaN -> -inf (+inf), so a NaN before an equal infinity wins the tie.
    return find(xp.where(nan, _const(xp, fill, x), x), axis=axis, keepdims=keepdims)


@area.compositional
def nanargmax(xp, x, /, *, axis=None, keepdims=False):
    """numpy.nanargmax (axis None or an int); an all-NaN slice raises IvyValueError (under jax
    tracing it cannot be detected and gives 0)."""
    return _nan_arg(xp, x, axis, keepdims, xp.argmax, -math.inf, "nanargmax")


@area.compositional
def nanargmin(xp, x, /, *, axis=None, keepdims=False):
    """numpy.nanargmin; see ``nanargmax``."""
    return _nan_arg(xp, x, axis, keepdims, xp.argmin, math.inf, "nanargmin")


def _mean_input(xp, x, dtype):
    if dtype is not None:
        return xp.astype(x, dtype)
    return x if xp.dtype(x) in _INEXACT else xp.astype(x, D.DEFAULT_FLOAT)


def _real_dtype(d):
    return D.REAL_OF.get(d, d)


def _nan_count(xp, nan, axis, keepdims, dtype):
    return xp.sum(xp.astype(xp.logical_not(nan), dtype), axis=axis, keepdims=keepdims)


@area.compositional
def nanmean(xp, x, /, *, axis=None, dtype=None, keepdims=False):
    """numpy.nanmean: integer/bool inputs give float64; an all-NaN slice gives NaN."""
    x = _mean_input(xp, x, dtype)
    nan = xp.isnan(x)
    total = xp.sum(xp.where(nan, _const(xp, 0, x), x), axis=axis, keepdims=keepdims)
    count = _nan_count(xp, nan, axis, keepdims, _real_dtype(xp.dtype(x)))
    return xp.divide(total, count)


@area.compositional
def nanvar(xp, x, /, *, axis=None, correction=0.0, dtype=None, keepdims=False):
    """numpy.nanvar with ``ddof`` as ``correction``; NaN where fewer than correction+1 values
    remain. Complex input gives the real variance of |x - mean|."""
    x = _mean_input(xp, x, dtype)
    nan = xp.isnan(x)
    zero = _const(xp, 0, x)
    real = _real_dtype(xp.dtype(x))
    count = _nan_count(xp, nan, axis, True, real)
    mean = xp.divide(xp.sum(xp.where(nan, zero, x), axis=axis, keepdims=True), count)
    dev = xp.where(nan, zero, xp.subtract(x, mean))
    sq = xp.square(xp.abs(dev)) if xp.dtype(x) in _COMPLEX else xp.square(dev)
    dof = xp.subtract(count, _const(xp, correction, count))
    if not keepdims:
        dof = xp.squeeze(dof, axis=_axes(len(xp.shape(x)), axis, "nanvar")) \
            if xp.shape(x) else dof
    var = xp.divide(xp.sum(sq, axis=axis, keepdims=keepdims), dof)
    return xp.where(xp.less_equal(dof, _const(xp, 0, dof)), _const(xp, math.nan, var), var)


@area.compositional
def nanstd(xp, x, /, *, axis=None, correction=0.0, dtype=None, keepdims=False):
    """numpy.nanstd: sqrt of ``nanvar``."""
    return xp.sqrt(nanvar(xp, x, axis=axis, correction=correction, dtype=dtype,
                          keepdims=keepdims))


def _nan_cumulative(xp, x, axis, dtype, fill, cumulate):
    if axis is None:
        x, axis = xp.reshape(x, (-1,)), 0
    return cumulate(_without_nan(xp, x, fill), axis=axis, dtype=dtype)


@area.compositional
def nancumsum(xp, x, /, *, axis=None, dtype=None):
    """numpy.nancumsum: NaNs count as zero; axis None flattens."""
    return _nan_cumulative(xp, x, axis, dtype, 0, xp.cumulative_sum)


@area.compositional
def nancumprod(xp, x, /, *, axis=None, dtype=None):
    """numpy.nancumprod: NaNs count as one; axis None flattens."""
    return _nan_cumulative(xp, x, axis, dtype, 1, xp.cumulative_prod)


# ---- median and quantiles (compositional) -----------------------------------------------------
# numpy's methods (H&F 1996). Continuous ones: virtual index n*q + alpha + q*(1 - alpha - beta) - 1
# and interpolation by its fractional part; "linear" uses the equal (n - 1) * q, as numpy does.
_ALPHA_BETA = {"interpolated_inverted_cdf": (0.0, 1.0), "hazen": (0.5, 0.5), "weibull": (0.0, 0.0),
               "median_unbiased": (1 / 3.0, 1 / 3.0), "normal_unbiased": (3 / 8.0, 3 / 8.0)}
_DISCRETE = frozenset({"inverted_cdf", "closest_observation", "lower", "higher", "nearest"})
METHODS = ("inverted_cdf", "averaged_inverted_cdf", "closest_observation",
           "interpolated_inverted_cdf", "hazen", "weibull", "linear", "median_unbiased",
           "normal_unbiased", "lower", "higher", "midpoint", "nearest")


def _to_boundary(xp, v, keep_previous):
    """numpy's discrete rule: floor(v) where ``keep_previous(gamma, floor)`` else floor(v) + 1."""
    prev = xp.floor(v)
    gamma = xp.subtract(v, prev)
    return xp.where(keep_previous(gamma, prev), prev, xp.add(prev, _const(xp, 1, prev)))


def _positions(xp, method, n, q):
    """(virtual index, gamma or None) in float64; gamma None means v is already an order index."""
    one = _const(xp, 1, q)
    nm1q = xp.multiply(xp.subtract(n, one), q)
    if method == "linear":
        v = nm1q
    elif method == "lower":
        return xp.floor(nm1q), None
    elif method == "higher":
        return xp.ceil(nm1q), None
    elif method == "nearest":
        return xp.round(nm1q), None
    elif method == "midpoint":
        v = xp.multiply(xp.add(xp.floor(nm1q), xp.ceil(nm1q)), _const(xp, 0.5, q))
        whole = xp.equal(v, xp.floor(v))
        return v, xp.where(whole, _const(xp, 0.0, q), _const(xp, 0.5, q))
    elif method in _ALPHA_BETA:
        alpha, beta = _ALPHA_BETA[method]
        v = xp.subtract(xp.add(xp.multiply(n, q),
                               xp.add(_const(xp, alpha, q),
                                      xp.multiply(q, _const(xp, 1 - alpha - beta, q)))), one)
    else:
        nq1 = xp.subtract(xp.multiply(n, q), one)
        zero = _const(xp, 0, q)
        if method == "inverted_cdf":
            return _to_boundary(xp, nq1, lambda g, p: xp.equal(g, zero)), None
        if method == "closest_observation":
            odd = lambda g, p: xp.logical_and(xp.equal(g, zero),                  # noqa: E731
                                               xp.equal(xp.remainder(p, _const(xp, 2, p)), one))
            return _to_boundary(xp, xp.subtract(nq1, _const(xp, 0.5, q)), odd), None
        # averaged_inverted_cdf
        gamma = xp.subtract(nq1, xp.floor(nq1))
        return nq1, xp.where(xp.equal(gamma, zero), _const(xp, 0.5, q), one)
    return v, xp.subtract(v, xp.floor(v))


def _lerp(xp, a, b, t):
    """numpy's two-sided lerp: exact at both ends, monotone in t."""
    diff = xp.subtract(b, a)
    low = xp.add(a, xp.multiply(diff, t))
    high = xp.subtract(b, xp.multiply(diff, xp.subtract(_const(xp, 1, t), t)))
    return xp.where(xp.greater_equal(t, _const(xp, 0.5, t)), high, low)


def _q_array(xp, x, q, scale, fn):
    """q as a float64 array of shape (Q,) (and whether it was a scalar), range-checked. Concrete
    q is prepared on the host with numpy: XLA's float division is not correctly rounded, and
    70 / 100 must be numpy's 0.7 for the discrete methods to pick numpy's order statistic."""
    import numpy as np
    if isinstance(q, (int, float)) and not isinstance(q, bool):
        host = np.asarray(float(q))
    elif not xp.is_native_array(q):
        host = np.asarray(q)
    else:
        try:
            host = xp.to_numpy(q)
        except Exception:           # traced (jax transforms): prepare it on the device instead
            host = None
    if host is not None:
        if host.dtype.kind not in "iuf":
            raise IvyTypeError(f"ivy.{fn}: q must be real, got {host.dtype}", function=fn)
        if host.ndim > 1:
            raise IvyValueError(f"ivy.{fn}: q must be a scalar or 1d", function=fn)
        host = np.true_divide(host.astype(np.float64), scale)
        if not np.all((host >= 0) & (host <= 1)):
            raise IvyValueError(f"ivy.{fn}: q must be in the range [0, {scale:g}]", function=fn)
        return xp.asarray(host.reshape(-1), device=xp.device(x)), host.ndim == 0
    if xp.dtype(q) in _COMPLEX or xp.dtype(q) == "bool":
        raise IvyTypeError(f"ivy.{fn}: q must be real, got {xp.dtype(q)}", function=fn)
    ndim = len(xp.shape(q))
    if ndim > 1:
        raise IvyValueError(f"ivy.{fn}: q must be a scalar or 1d", function=fn)
    q = xp.astype(q, "float64")
    if scale != 1:
        q = xp.divide(q, _const(xp, scale, q))
    return (q if ndim else xp.reshape(q, (1,))), ndim == 0


def _quantile(xp, x, q, axis, keepdims, method, skip_nan, scale, fn):
    if method not in METHODS:
        raise IvyValueError(f"ivy.{fn}: {method!r} is not a valid method; use one of {METHODS}",
                            function=fn)
    d = xp.dtype(x)
    if d in _COMPLEX or d == "bool":
        raise IvyTypeError(f"ivy.{fn}: {d} input is not supported (real numbers only)",
                           function=fn)
    q, scalar = _q_array(xp, x, q, scale, fn)
    if method not in _DISCRETE:
        x = _float_input(xp, x, fn)
    y, keep_shape = _to_last(xp, x, axis, fn)
    s = xp.sort(y, axis=-1)
    size = xp.shape(s)[-1]
    if size == 0:
        raise IvyIndexError(f"ivy.{fn}: cannot take a quantile of an empty slice", function=fn)
    batch = xp.shape(s)[:-1]
    floating = xp.dtype(s) in _FLOAT
    if skip_nan and floating:
        n = _nan_count(xp, xp.isnan(s), -1, True, "float64")            # (..., 1)
    else:
        n = _const(xp, size, q)
    v, gamma = _positions(xp, method, n, q)                               # (Q,) or (..., Q)
    top = xp.subtract(n, _const(xp, 1, q))
    zero = _const(xp, 0, q)
    if gamma is None:
        lo = hi = xp.minimum(xp.maximum(v, zero), xp.maximum(top, zero))
    else:
        # numpy: at or beyond the last order statistic take it; below the first take the first.
        above, below = xp.greater_equal(v, top), xp.less(v, zero)
        lo = xp.where(above, top, xp.where(below, zero, xp.floor(v)))
        hi = xp.where(above, top, xp.where(below, zero, xp.add(xp.floor(v), _const(xp, 1, q))))
        lo, hi = xp.maximum(lo, zero), xp.maximum(hi, zero)
    out_shape = batch + (xp.shape(q)[0],)

    def gather(index):
        index = xp.broadcast_to(xp.astype(index, "int64"), out_shape)
        return xp.take_along_axis(s, index, axis=-1)

    r = gather(lo)
    if gamma is not None:
        r = _lerp(xp, r, gather(hi), xp.astype(gamma, xp.dtype(r)))
    if floating:
        bad = xp.equal(n, zero) if skip_nan else xp.isnan(s[..., -1:])
        r = xp.where(bad, _const(xp, math.nan, r), r)
    if scalar:
        r = xp.reshape(r, batch)
        return _finish(xp, r, keep_shape, keepdims)
    r = xp.moveaxis(r, -1, 0)
    return _finish(xp, r, keep_shape, keepdims, (xp.shape(q)[0],))


def _median(xp, x, axis, keepdims, skip_nan, fn):
    x = _float_input(xp, x, fn)
    y, keep_shape = _to_last(xp, x, axis, fn)
    s = xp.sort(y, axis=-1)
    size = xp.shape(s)[-1]
    if size == 0:
        raise IvyIndexError(f"ivy.{fn}: cannot take the median of an empty slice", function=fn)
    if skip_nan:
        n = _nan_count(xp, xp.isnan(s), -1, True, "int64")              # (..., 1)
        one = _const(xp, 1, n)
        lo = xp.maximum(xp.floor_divide(xp.subtract(n, one), _const(xp, 2, n)), _const(xp, 0, n))
        a = xp.take_along_axis(s, lo, axis=-1)
        b = xp.take_along_axis(s, xp.floor_divide(n, _const(xp, 2, n)), axis=-1)
        r = xp.divide(xp.add(a, b), _const(xp, 2, a))
        r = xp.where(xp.equal(n, _const(xp, 0, n)), _const(xp, math.nan, r), r)
    else:
        a, b = s[..., (size - 1) // 2:(size - 1) // 2 + 1], s[..., size // 2:size // 2 + 1]
        r = xp.divide(xp.add(a, b), _const(xp, 2, a))
        r = xp.where(xp.isnan(s[..., -1:]), _const(xp, math.nan, r), r)
    return _finish(xp, xp.reshape(r, xp.shape(s)[:-1]), keep_shape, keepdims)


@area.compositional
def median(xp, x, /, *, axis=None, keepdims=False):
    """numpy.median: mean of the two middle values; a NaN in a slice gives NaN; integer input
    gives float64."""
    return _median(xp, x, axis, keepdims, False, "median")


@area.compositional
def nanmedian(xp, x, /, *, axis=None, keepdims=False):
    """numpy.nanmedian: median of the non-NaN values; an all-NaN slice gives NaN."""
    return _median(xp, x, axis, keepdims, True, "nanmedian")


@area.compositional
def quantile(xp, x, q, /, *, axis=None, keepdims=False, method="linear"):
    """numpy.quantile with every numpy method; q a scalar or 1-d (its length leads the result).
    The result has x's dtype (integers: float64, kept by the discrete methods), whatever q's."""
    return _quantile(xp, x, q, axis, keepdims, method, False, 1, "quantile")


@area.compositional
def percentile(xp, x, q, /, *, axis=None, keepdims=False, method="linear"):
    """numpy.percentile: ``quantile`` with q in [0, 100]."""
    return _quantile(xp, x, q, axis, keepdims, method, False, 100, "percentile")


@area.compositional
def nanquantile(xp, x, q, /, *, axis=None, keepdims=False, method="linear"):
    """numpy.nanquantile: ``quantile`` of the non-NaN values; an all-NaN slice gives NaN."""
    return _quantile(xp, x, q, axis, keepdims, method, True, 1, "nanquantile")


@area.compositional
def nanpercentile(xp, x, q, /, *, axis=None, keepdims=False, method="linear"):
    """numpy.nanpercentile: ``nanquantile`` with q in [0, 100]."""
    return _quantile(xp, x, q, axis, keepdims, method, True, 100, "nanpercentile")
