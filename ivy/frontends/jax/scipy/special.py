"""``jax.scipy.special`` on ivy's special functions.

Dtypes as JAX (x64 on): integer and bool operands go to float32 (up to 32 bits) or float64 (64-bit
and weak); a weak input gives a weak result except for the functions JAX computes through strong
intermediates (``_STRONG``). ``ndtr``, ``ndtri`` and ``log_ndtr`` accept float32/float64 only.
Names of the real module that the core cannot compute yet raise ``NotImplementedError`` naming the
missing core function (``_MISSING``).
"""
from __future__ import annotations

import math
import operator
from fractions import Fraction

import ivy
from ivy.core import dtypes as D

from .. import _dtypes as J
from .._array import _wrap, asarray, promote
from .._dtypes import native_name
from ivy.frontends.jax._late import late as _late

_FLOAT = frozenset(D.REAL_FLOATING)
_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_INEXACT = _FLOAT | _COMPLEX
_LOG_PI = math.log(math.pi)


def _operands(fn, *xs):
    """(natives in JAX's inexact dtype for the operands, dtype name, weak)."""
    natives, name, weak = promote(fn, *xs)
    if name not in _INEXACT:
        name = J.inexact_name(name, weak)
    return [ivy.astype(v, name) if ivy.is_native_array(v) and native_name(v) != name
            else v if ivy.is_native_array(v) else ivy.asarray(v, dtype=name)
            for v in natives], name, weak


def _c(value, like):
    return ivy.asarray(value, dtype=native_name(like))


# ---- functions of one array, straight from the core --------------------------------------------

def _unary(core, name, strong=False):
    def f(x):
        (a,), dtype, weak = _operands(name, x)
        return _wrap(core(a), weak and not strong)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"Implements ``jax.scipy.special.{name}``."
    return f


_UNARY = {"erf": _late.erf, "erfc": _late.erfc, "erfinv": _late.erfinv, "expit": _late.expit,
          "gammaln": _late.lgamma, "i0": _late.i0, "i0e": _late.i0e,
          "i1": _late.i1, "i1e": _late.i1e, "entr": _late.entr}
globals().update({n: _unary(core, n) for n, core in _UNARY.items()})


def _poles_nan(a, r):
    """NaN at 0 and the negative integers, where JAX's digamma gives NaN (the core: -+inf)."""
    pole = ivy.logical_and(ivy.less_equal(a, ivy.zeros_like(a)), ivy.equal(a, ivy.floor(a)))
    return ivy.where(pole, ivy.full_like(r, float("nan")), r)


def digamma(x):
    """Implements ``jax.scipy.special.digamma`` (NaN at the poles, as JAX)."""
    (a,), name, weak = _operands("digamma", x)
    return _wrap(_poles_nan(a, ivy.digamma(a)), weak)
erfcx = _unary(_late.erfcx, "erfcx", strong=True)


def logit(x):
    """Implements ``jax.scipy.special.logit``."""
    (a,), name, weak = _operands("logit", x)
    return _wrap(ivy.logit(a), weak)


def _float_only(core, name):
    def f(x):
        a = asarray(x)
        dtype = native_name(a._data)
        if dtype not in ("float32", "float64"):
            raise TypeError(f"x.dtype={dtype} is not supported, see docstring for supported "
                            f"types.")
        return _wrap(core(a._data))
    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"Implements ``jax.scipy.special.{name}`` (float32/float64 only, as JAX)."
    return f


ndtr = _float_only(_late.ndtr, "ndtr")
_ndtri = _float_only(_late.ndtri, "ndtri")
_log_ndtr = _float_only(_late.log_ndtr, "log_ndtr")


def ndtri(p):
    """Implements ``jax.scipy.special.ndtri`` (float32/float64 only, as JAX)."""
    return _ndtri(p)


def log_ndtr(x, series_order=3):
    """Implements ``jax.scipy.special.log_ndtr``. The core evaluates the far tail to full
    precision, so only JAX's default ``series_order=3`` is accepted."""
    if not isinstance(series_order, int):
        raise TypeError("series_order must be a Python integer.")
    if series_order < 0:
        raise ValueError("series_order must be non-negative.")
    if series_order > 30:
        raise ValueError("series_order must be <= 30.")
    if series_order != 3:
        raise NotImplementedError("jax.scipy.special.log_ndtr: series_order other than 3")
    return _log_ndtr(x)


# ---- gamma family ------------------------------------------------------------------------------

def _gammasgn(a):
    """Sign of Gamma: +1 for x > 0 (and +0), -1 for -0, alternating below; NaN at the poles."""
    one, nan = ivy.ones_like(a), ivy.full_like(a, float("nan"))
    odd = ivy.not_equal(ivy.remainder(ivy.floor(a), _c(2, a)), ivy.zeros_like(a))
    negative = ivy.where(odd, ivy.negative(one), one)
    pole = ivy.logical_and(ivy.less(a, ivy.zeros_like(a)), ivy.equal(a, ivy.floor(a)))
    pole = ivy.logical_or(pole, ivy.logical_or(ivy.isnan(a), ivy.equal(a, _c(-math.inf, a))))
    zero = ivy.equal(a, ivy.zeros_like(a))
    sign = ivy.where(ivy.greater(a, ivy.zeros_like(a)), one, negative)
    sign = ivy.where(zero, ivy.where(ivy.signbit(a), ivy.negative(one), one), sign)
    return ivy.where(pole, nan, sign)


def gammasgn(x):
    """Implements ``jax.scipy.special.gammasgn``."""
    (a,), name, weak = _operands("gammasgn", x)
    return _wrap(_gammasgn(a))


def _gamma(a):
    return ivy.multiply(_gammasgn(a), ivy.exp(ivy.lgamma(a)))


def gamma(x):
    """Implements ``jax.scipy.special.gamma`` as sign * exp(gammaln)."""
    (a,), name, weak = _operands("gamma", x)
    return _wrap(_gamma(a))


def loggamma(x):
    """Implements ``jax.scipy.special.loggamma`` for real x (NaN where Gamma(x) < 0 or x <= 0,
    as JAX's real branch)."""
    (a,), name, weak = _operands("loggamma", x)
    if name in _COMPLEX:
        raise NotImplementedError("jax.scipy.special.loggamma: complex input (the core has no "
                                  "complex lgamma)")
    bad = ivy.logical_not(ivy.greater(a, ivy.zeros_like(a)))
    return _wrap(ivy.where(bad, ivy.full_like(a, float("nan")), ivy.lgamma(a)), weak)


def factorial(n, exact=False):
    """Implements ``jax.scipy.special.factorial`` (0 for negative n)."""
    if exact:
        raise NotImplementedError("factorial with exact=True")
    (a,), name, weak = _operands("factorial", n)
    r = ivy.exp(ivy.lgamma(ivy.add(a, ivy.ones_like(a))))
    return _wrap(ivy.where(ivy.less(a, ivy.zeros_like(a)), ivy.zeros_like(a), r), weak)


def betaln(a, b):
    """Implements ``jax.scipy.special.betaln``."""
    (x, y), name, weak = _operands("betaln", a, b)
    return _wrap(ivy.betaln(x, y), weak)


def beta(a, b):
    """Implements ``jax.scipy.special.beta`` as sign * exp(betaln)."""
    (x, y), name, weak = _operands("beta", a, b)
    sign = ivy.multiply(ivy.multiply(_gammasgn(x), _gammasgn(y)), _gammasgn(ivy.add(x, y)))
    return _wrap(ivy.multiply(sign, ivy.exp(ivy.betaln(x, y))))


def poch(z, m):
    """Implements ``jax.scipy.special.poch``: Gamma(z + m) / Gamma(z)."""
    (x, y), name, weak = _operands("poch", z, m)
    s = ivy.add(x, y)
    sign = ivy.multiply(_gammasgn(s), _gammasgn(x))
    r = ivy.multiply(sign, ivy.exp(ivy.subtract(ivy.lgamma(s), ivy.lgamma(x))))
    return _wrap(ivy.where(ivy.equal(y, ivy.zeros_like(y)), ivy.ones_like(r), r))


def comb(N, k, *, repetition=False):
    """Implements ``jax.scipy.special.comb`` (0 outside 0 <= k <= N)."""
    (n, kk), name, weak = _operands("comb", N, k)
    one = ivy.ones_like(n)
    if repetition:
        n = ivy.subtract(ivy.add(n, kk), one)
    r = ivy.exp(ivy.subtract(ivy.lgamma(ivy.add(n, one)),
                             ivy.add(ivy.lgamma(ivy.add(kk, one)),
                                     ivy.lgamma(ivy.add(ivy.subtract(n, kk), one)))))
    valid = ivy.logical_and(ivy.greater_equal(kk, ivy.zeros_like(kk)),
                            ivy.logical_and(ivy.greater_equal(n, kk),
                                            ivy.greater_equal(n, ivy.zeros_like(n))))
    return _wrap(ivy.where(valid, r, ivy.zeros_like(r)), weak)


def multigammaln(a, d):
    """Implements ``jax.scipy.special.multigammaln`` (d a concrete integer)."""
    try:
        d = operator.index(d) if not isinstance(d, float) else int(d)
    except TypeError:
        raise TypeError("d must be a concrete integer") from None
    (x,), name, weak = _operands("multigammaln", a)
    total = _c(d * (d - 1) / 4 * _LOG_PI, x)
    for j in range(d):
        total = ivy.add(total, ivy.lgamma(ivy.subtract(x, _c(j / 2, x))))
    return _wrap(total)


def polygamma(n, x):
    """Implements ``jax.scipy.special.polygamma`` (n an integer array, concrete values)."""
    n_arr = asarray(n)
    if native_name(n_arr._data) not in D.INTEGRAL:
        raise ValueError(f"Argument `n` to polygamma must be of integer type. Got dtype "
                         f"{native_name(n_arr._data)}.")
    (order, v), name, weak = _operands("polygamma", n_arr, x)
    order, v = ivy.broadcast_arrays(order, v)
    out = ivy.full_like(v, float("nan"))
    for k in sorted({int(o) for o in ivy.to_numpy(order).ravel()}):
        if k >= 0:
            out = ivy.where(ivy.equal(order, _c(k, order)), ivy.polygamma(k, v), out)
    return _wrap(out, weak)


def zeta(x, q=None):
    """Implements ``jax.scipy.special.zeta`` (Hurwitz; q=None is not supported, as JAX)."""
    if q is None:
        raise NotImplementedError("Riemann zeta function not implemented; pass q != None to "
                                  "compute the Hurwitz Zeta function.")
    (a, b), name, weak = _operands("zeta", x, q)
    return _wrap(ivy.zeta(a, b), weak)


def gammainc(a, x):
    """Implements ``jax.scipy.special.gammainc``."""
    (p, v), name, weak = _operands("gammainc", a, x)
    return _wrap(ivy.gammainc(p, v), weak)


def gammaincc(a, x):
    """Implements ``jax.scipy.special.gammaincc``."""
    (p, v), name, weak = _operands("gammaincc", a, x)
    return _wrap(ivy.gammaincc(p, v), weak)


def bernoulli(n):
    """Implements ``jax.scipy.special.bernoulli``: B_0..B_n (B_1 = -1/2), exact values
    (JAX approximates the even ones from n = 4 on, to about 1e-6)."""
    n = operator.index(n)
    b = [Fraction(1)]
    for m in range(1, n + 1):
        b.append(-sum(math.comb(m + 1, k) * b[k] for k in range(m)) / (m + 1))
    return _wrap(ivy.asarray([float(v) for v in b], dtype=J.DEFAULT["float"]))


# ---- entropies and logs ---------------------------------------------------------------------

def xlogy(x, y):
    """Implements ``jax.scipy.special.xlogy``."""
    (a, b), name, weak = _operands("xlogy", x, y)
    return _wrap(ivy.xlogy(a, b), weak)


def xlog1py(x, y):
    """Implements ``jax.scipy.special.xlog1py``."""
    (a, b), name, weak = _operands("xlog1py", x, y)
    return _wrap(ivy.xlog1py(a, b), weak)


def _entropy(p, q, extra):
    zero = ivy.zeros_like(p)
    both = ivy.logical_and(ivy.greater(p, zero), ivy.greater(q, zero))
    safe_p = ivy.where(both, p, ivy.ones_like(p))
    safe_q = ivy.where(both, q, ivy.ones_like(q))
    r = ivy.multiply(safe_p, ivy.log(ivy.divide(safe_p, safe_q)))
    if extra:
        r = ivy.add(ivy.subtract(r, safe_p), safe_q)
    at_zero = ivy.logical_and(ivy.equal(p, zero), ivy.greater_equal(q, zero))
    edge = q if extra else zero
    out = ivy.where(both, r, ivy.where(at_zero, edge, ivy.full_like(p, math.inf)))
    return ivy.where(ivy.logical_or(ivy.isnan(p), ivy.isnan(q)), ivy.full_like(p, math.nan),
                     out)


def rel_entr(p, q):
    """Implements ``jax.scipy.special.rel_entr``: p log(p / q), 0 at p = 0, inf off-domain."""
    (a, b), name, weak = _operands("rel_entr", p, q)
    a, b = ivy.broadcast_arrays(a, b)
    return _wrap(_entropy(a, b, False), weak)


def kl_div(p, q):
    """Implements ``jax.scipy.special.kl_div``: p log(p / q) - p + q."""
    (a, b), name, weak = _operands("kl_div", p, q)
    a, b = ivy.broadcast_arrays(a, b)
    return _wrap(_entropy(a, b, True), weak)


def boxcox(x, lmbda):
    """Implements ``jax.scipy.special.boxcox``: (x**l - 1) / l, log(x) at l = 0."""
    (a, lam), name, weak = _operands("boxcox", x, lmbda)
    return _wrap(_boxcox(ivy.log(a), lam), weak)


def boxcox1p(x, lmbda):
    """Implements ``jax.scipy.special.boxcox1p``: boxcox of 1 + x."""
    (a, lam), name, weak = _operands("boxcox1p", x, lmbda)
    return _wrap(_boxcox(ivy.log1p(a), lam), weak)


def _boxcox(log_x, lam):
    zero = ivy.equal(lam, ivy.zeros_like(lam))
    safe = ivy.where(zero, ivy.ones_like(lam), lam)
    r = ivy.divide(ivy.expm1(ivy.multiply(safe, log_x)), safe)
    return ivy.where(zero, ivy.broadcast_to(log_x, ivy.broadcast_shapes(log_x.shape, r.shape)),
                     r)


# ---- logsumexp and softmax --------------------------------------------------------------------

def _axes(axis, ndim):
    if axis is None:
        return tuple(range(ndim))
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    out = []
    for ax in axes:
        if not -ndim <= ax < ndim:
            raise ValueError(f"axis {ax} is out of bounds for array of dimension {ndim}")
        out.append(ax % ndim)
    return tuple(out)


def logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False, where=None):
    """Implements ``jax.scipy.special.logsumexp`` (b scales, where masks; the result is strong)."""
    if b is None:
        (x,), name, weak = _operands("logsumexp", a)
        scale = None
    else:
        (x, scale), name, weak = _operands("logsumexp", a, b)
        x, scale = ivy.broadcast_arrays(x, scale)
    axes = _axes(axis, x.ndim)
    if scale is None and where is None and not return_sign and name in _FLOAT:
        return _wrap(ivy.logsumexp(x, axis=axes, keepdims=keepdims))
    mask = None if where is None else ivy.broadcast_to(asarray(where)._data, x.shape)
    masked = x if mask is None else ivy.where(mask, x, ivy.full_like(x, -math.inf))
    peak = ivy.max(ivy.real(masked) if name in _COMPLEX else masked, axis=axes, keepdims=True)
    peak = ivy.where(ivy.isfinite(peak), peak, ivy.zeros_like(peak))
    terms = ivy.exp(ivy.subtract(masked, ivy.astype(peak, name)))
    if scale is not None:
        terms = ivy.multiply(terms, scale)
    total = ivy.sum(terms, axis=axes, keepdims=True)
    sign = ivy.sign(total)
    out = ivy.add(ivy.log(ivy.abs(total) if return_sign else total), peak)
    if not keepdims:
        out, sign = ivy.squeeze(out, axis=axes), ivy.squeeze(sign, axis=axes)
    if return_sign:
        return _wrap(out), _wrap(sign)
    return _wrap(out)


def _softmax_input(x, axis, fn):
    a = asarray(x)
    if native_name(a._data) == "bool":
        raise TypeError(f"{fn}: bool input is not supported")
    (v,), name, weak = _operands(fn, a)
    return v, _axes(axis, v.ndim)


def log_softmax(x, /, *, axis=None):
    """Implements ``jax.scipy.special.log_softmax`` (axis=None: over every axis)."""
    v, axes = _softmax_input(x, axis, "log_softmax")
    return _wrap(ivy.subtract(v, ivy.logsumexp(v, axis=axes, keepdims=True)))


def softmax(x, /, *, axis=None):
    """Implements ``jax.scipy.special.softmax`` (axis=None: over every axis)."""
    v, axes = _softmax_input(x, axis, "softmax")
    return _wrap(ivy.exp(ivy.subtract(v, ivy.logsumexp(v, axis=axes, keepdims=True))))


# ---- names the core cannot compute yet ----------------------------------------------------------

_MISSING = {
    "bessel_jn": "a Bessel J_n of general order (the core has bessel_j0/bessel_j1)",
    "betainc": "the regularized incomplete beta function",
    "dawsn": "Dawson's integral", "exp1": "the exponential integral E1",
    "expi": "the exponential integral Ei", "expn": "the generalized exponential integral E_n",
    "fresnel": "the Fresnel integrals", "hyp1f1": "the confluent hypergeometric 1F1",
    "hyp2f1": "the Gauss hypergeometric 2F1", "owens_t": "Owen's T function",
    "sici": "the sine and cosine integrals", "spence": "Spence's function (dilogarithm)",
    "sph_harm_y": "spherical harmonics (associated Legendre functions)",
    "wofz": "the Faddeeva function (complex erfcx)",
}


def _missing(name, what):
    def f(*args, **kwargs):
        raise NotImplementedError(f"jax.scipy.special.{name}: the core lacks {what} "
                                  f"(ivy.{name})")
    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"``jax.scipy.special.{name}``: not implemented (the core lacks {what})."
    return f


globals().update({n: _missing(n, what) for n, what in _MISSING.items()})
