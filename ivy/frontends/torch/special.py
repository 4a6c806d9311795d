"""``torch.special`` on ivy's core ``ivy/core/ext/special.py``.

torch computes integer and bool inputs in its default float dtype (the core would give float64),
so inputs are cast first. The orthogonal polynomials are their three-term recurrences on core ops
(``n`` truncated to an integer, 0 for negative ``n``); K0/K1 are a quadrature of their integral
representation, Y0/Y1 Neumann series and Hankel's expansion. Not implemented: airy_ai.
"""
from __future__ import annotations

import math

import ivy
from ivy.core import dtypes as D

from . import _dtypes as T
from ._ops import _TORCH_NAME, _finish, _tensor_arg, cast
from ._tensor import Tensor, _axis, _wrap

_EXACT = frozenset(D.INTEGRAL + D.BOOL)


def _float_input(x, fn):
    a = _tensor_arg(x, fn)
    return ivy.astype(a, T.default_float()) if ivy.dtype(a) in _EXACT else a


def _pair(x, y, fn, refuse_exact=None):
    """Both operands (tensors or one Python number) in torch's result dtype, floating."""
    if not isinstance(x, Tensor) and not isinstance(y, Tensor) and not ivy.is_native_array(x) \
            and not ivy.is_native_array(y):
        raise TypeError(f"special_{fn}() received an invalid combination of arguments - got "
                        f"({type(x).__name__}, {type(y).__name__})")
    dt = T.result_name(tuple(_wrap(v) if ivy.is_native_array(v) else v for v in (x, y)))
    if dt in _EXACT:
        if refuse_exact:
            raise NotImplementedError(f'"{refuse_exact}_cpu" not implemented for '
                                      f"'{_TORCH_NAME[dt]}'")
        dt = T.default_float()
    return _operand(x, dt), _operand(y, dt), dt


def _operand(v, dt):
    if isinstance(v, Tensor):
        return cast(v._data, dt)
    if ivy.is_native_array(v):
        return cast(v, dt)
    return ivy.asarray(v, dtype=dt)


def _spherical_bessel_j0(a):
    safe = ivy.where(ivy.equal(a, 0), ivy.ones_like(a), a)
    r = ivy.where(ivy.equal(a, 0), ivy.ones_like(a), ivy.divide(ivy.sin(safe), safe))
    return ivy.where(ivy.isinf(a), ivy.zeros_like(a), r)


# K_nu(x) = int_0^inf exp(-x cosh t) cosh(nu t) dt; the trapezoidal rule on it converges
# geometrically (the integrand is analytic in a strip |Im t| < pi/2). Step 0.1, refined as
# 1/sqrt(x) for large x where the integrand narrows; 301 nodes reach x (cosh t - 1) >> 745.
_K_NODES = 301
_K_HALF = tuple(0.5 if k == 0 else 1.0 for k in range(_K_NODES))


def _bessel_k(nu, scaled):
    def f(a):
        dt = ivy.dtype(a)
        safe = ivy.where(ivy.greater(a, 0), a, ivy.ones_like(a))
        step = ivy.divide(0.1, ivy.maximum(ivy.sqrt(ivy.divide(safe, 20.0)), ivy.ones_like(a)))
        k = ivy.arange(_K_NODES, dtype=dt, device=ivy.device(a))
        t = ivy.multiply(ivy.expand_dims(step, axis=-1), k)
        shift = ivy.multiply(ivy.square(ivy.sinh(ivy.divide(t, 2.0))), 2.0)   # cosh t - 1
        weights = ivy.multiply(ivy.asarray(_K_HALF, dtype=dt, device=ivy.device(a)),
                               ivy.expand_dims(step, axis=-1))
        if nu:
            weights = ivy.multiply(weights, ivy.cosh(t))
        terms = ivy.exp(ivy.negative(ivy.multiply(ivy.expand_dims(safe, axis=-1), shift)))
        r = ivy.sum(ivy.multiply(terms, weights), axis=-1)       # exp(x) K_nu(x)
        if not scaled:
            r = ivy.multiply(r, ivy.exp(ivy.negative(safe)))
        r = ivy.where(ivy.equal(a, 0), ivy.full_like(a, math.inf), r)
        return ivy.where(ivy.less(a, 0), ivy.full_like(a, math.nan), r)
    return f


# Y_n: the Neumann series below _Y_FROM (cancellation keeps ~1e-12 absolute there), Hankel's
# expansion beyond (the core's coefficients); NaN for x < 0, -inf at 0.
_Y_FROM, _Y_TERMS = 12.0, 40
_GAMMA = 0.5772156649015329


def _y_series(nu):
    coefficients, harmonic = [], [0.0]
    for k in range(1, _Y_TERMS + 2):
        harmonic.append(harmonic[-1] + 1.0 / k)
    for k in range(_Y_TERMS):
        if nu == 0:       # (2/pi) sum_{k>=1} (-1)^(k+1) H_k (x^2/4)^k / (k!)^2
            c = 0.0 if k == 0 else (-1) ** (k + 1) * harmonic[k] / math.factorial(k) ** 2
            coefficients.append(2 / math.pi * c)
        else:             # -(1/pi) sum (-1)^k (psi(k+1) + psi(k+2)) (x/2)^(2k+1) / (k! (k+1)!)
            psi = harmonic[k] + harmonic[k + 1] - 2 * _GAMMA
            coefficients.append(-(-1) ** k * psi / (math.pi * math.factorial(k)
                                                   * math.factorial(k + 1)))
    return tuple(coefficients)


_Y_SERIES = {0: _y_series(0), 1: _y_series(1)}


def _polynomial_in(z, coefficients):
    r = ivy.full_like(z, coefficients[-1])
    for c in reversed(coefficients[:-1]):
        r = ivy.add(ivy.multiply(r, z), c)
    return r


def _bessel_y(nu):
    from ivy.core.ext.special import HANKEL

    def f(x):
        a = ivy.astype(x, "float64")          # the series cancels: float32 would lose 4 digits
        small = ivy.where(ivy.logical_and(ivy.greater(a, 0), ivy.less(a, _Y_FROM)), a,
                          ivy.ones_like(a))
        z = ivy.square(ivy.divide(small, 2.0))
        series = _polynomial_in(z, _Y_SERIES[nu])
        j = (ivy.bessel_j0 if nu == 0 else ivy.bessel_j1)(small)
        log_x = ivy.log(ivy.divide(small, 2.0))
        log_term = ivy.multiply(ivy.add(log_x, _GAMMA) if nu == 0 else log_x, j)
        if nu == 0:
            near = ivy.add(ivy.multiply(log_term, 2 / math.pi), series)
        else:
            near = ivy.add(ivy.subtract(ivy.multiply(log_term, 2 / math.pi),
                                        ivy.divide(2 / math.pi, small)),
                           ivy.multiply(series, ivy.divide(small, 2.0)))
        big = ivy.where(ivy.greater_equal(a, _Y_FROM), a, ivy.full_like(a, _Y_FROM))
        p_coefficients, q_coefficients = HANKEL[nu]
        inverse = ivy.divide(1.0, ivy.square(big))
        p = _polynomial_in(inverse, p_coefficients)
        q = ivy.divide(_polynomial_in(inverse, q_coefficients), big)
        w = ivy.subtract(big, (2 * nu + 1) * math.pi / 4)
        far = ivy.multiply(ivy.sqrt(ivy.divide(2 / math.pi, big)),
                           ivy.add(ivy.multiply(p, ivy.sin(w)), ivy.multiply(q, ivy.cos(w))))
        r = ivy.where(ivy.greater_equal(a, _Y_FROM), far, near)
        r = ivy.where(ivy.equal(a, 0), ivy.full_like(a, -math.inf), r)
        return ivy.astype(ivy.where(ivy.less(a, 0), ivy.full_like(a, math.nan), r), ivy.dtype(x))
    return f


# name: core function (or a function of the native float input)
UNARY = {
    "digamma": "digamma", "psi": "digamma", "entr": "entr", "erf": "erf", "erfc": "erfc",
    "erfcx": "erfcx", "erfinv": "erfinv", "exp2": "exp2", "expit": "expit", "expm1": "expm1",
    "gammaln": "lgamma", "i0": "i0", "i0e": "i0e", "i1": "i1", "i1e": "i1e", "log1p": "log1p",
    "log_ndtr": "log_ndtr", "ndtr": "ndtr", "ndtri": "ndtri", "sinc": "sinc",
    "bessel_j0": "bessel_j0", "bessel_j1": "bessel_j1", "modified_bessel_i0": "i0",
    "modified_bessel_i1": "i1", "spherical_bessel_j0": _spherical_bessel_j0,
    "bessel_y0": _bessel_y(0), "bessel_y1": _bessel_y(1),
    "modified_bessel_k0": _bessel_k(0, False), "modified_bessel_k1": _bessel_k(1, False),
    "scaled_modified_bessel_k0": _bessel_k(0, True),
    "scaled_modified_bessel_k1": _bessel_k(1, True),
}
MISSING = ("airy_ai",)


def _unary(name, core):
    # a core function is looked up per call: set_backend rebinds ivy.<name>
    def fn(input, *, out=None):
        f = getattr(ivy, core) if isinstance(core, str) else core
        return _finish(f(_float_input(input, name)), out, name)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"torch.special.{name}"
    return fn


def _missing(name):
    def fn(input, *, out=None):
        raise NotImplementedError(f"torch.special.{name} is not implemented in ivy's torch "
                                  f"frontend (no core kernel)")
    fn.__name__ = fn.__qualname__ = name
    return fn


# name: (core function, torch kernel refusing integer results or None)
BINARY = {"xlogy": ("xlogy", None), "xlog1py": ("xlog1py", None), "zeta": ("zeta", None),
          "gammainc": ("gammainc", "igamma"), "gammaincc": ("gammaincc", "igammac")}


def _binary(name, core, refuse):
    def fn(input, other, *, out=None):
        a, b, _ = _pair(input, other, name, refuse)
        return _finish(getattr(ivy, core)(a, b), out, name)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"torch.special.{name}"
    return fn


def polygamma(n, input, *, out=None):
    if n < 0:
        raise RuntimeError("polygamma(n, x) does not support negative n.")
    return _finish(ivy.polygamma(int(n), _float_input(input, "polygamma")), out, "polygamma")


def multigammaln(input, p, *, out=None):
    if p < 1:
        raise RuntimeError("p has to be greater than or equal to 1")
    if ivy.dtype(_tensor_arg(input, "multigammaln")) == "bool":
        raise RuntimeError("The input tensor may not be a boolean tensor.")
    a = _float_input(input, "multigammaln")
    r = ivy.full_like(a, p * (p - 1) / 4 * math.log(math.pi))
    for j in range(p):
        r = ivy.add(r, ivy.lgamma(ivy.subtract(a, ivy.asarray(j / 2, dtype=ivy.dtype(a)))))
    return _finish(r, out, "multigammaln")


def logit(input, eps=None, *, out=None):
    a = _float_input(input, "logit")
    return _finish(ivy.logit(a) if eps is None else ivy.logit(a, eps=eps), out, "logit")


def round(input, *, decimals=0, out=None):  # noqa: A001 - torch's name
    a = _tensor_arg(input, "round")
    if ivy.dtype(a) in _EXACT:
        raise NotImplementedError(f"\"round_vml_cpu\" not implemented for "
                                  f"'{_TORCH_NAME[ivy.dtype(a)]}'")
    if decimals == 0:
        return _finish(ivy.round(a), out, "round")
    scale = ivy.asarray(10.0 ** decimals, dtype=ivy.dtype(a))
    return _finish(ivy.divide(ivy.round(ivy.multiply(a, scale)), scale), out, "round")


def _softmax_input(input, dim, dtype, fn):
    a = _tensor_arg(input, fn)
    axis = _axis(dim, max(ivy.ndim(a), 1))
    if dtype is not None:
        a = cast(a, T.canonical(dtype))
    if ivy.dtype(a) in _EXACT:
        raise NotImplementedError(f"\"{fn}_lastdim_kernel_impl\" not implemented for "
                                  f"'{_TORCH_NAME[ivy.dtype(a)]}'")
    return a, axis if ivy.ndim(a) else None


def softmax(input, dim, *, dtype=None):
    a, axis = _softmax_input(input, dim, dtype, "softmax")
    return _wrap(ivy.softmax(a, axis=axis) if axis is not None else ivy.ones_like(a))


def log_softmax(input, dim, *, dtype=None):
    a, axis = _softmax_input(input, dim, dtype, "log_softmax")
    return _wrap(ivy.log_softmax(a, axis=axis) if axis is not None else ivy.zeros_like(a))


def logsumexp(input, dim, keepdim=False, *, out=None):
    a = _float_input(input, "logsumexp")
    ndim = ivy.ndim(a)
    dims = (dim,) if isinstance(dim, int) else tuple(dim)
    if not dims:
        if ndim:
            raise RuntimeError("logsumexp(): an empty dim list reduces nothing "
                               "(output shape mismatch)")
        return _finish(ivy.asarray(a, copy=True), out, "logsumexp")
    axes = tuple(_axis(d, max(ndim, 1)) for d in dims)
    if len(set(axes)) != len(axes):
        raise RuntimeError("dim appears multiple times in the list of dims")
    if ndim == 0:
        return _finish(ivy.asarray(a, copy=True), out, "logsumexp")
    return _finish(ivy.logsumexp(a, axis=axes, keepdims=keepdim), out, "logsumexp")


# ---- orthogonal polynomials: (P0, P1, step(k, x, p_{k-1}, p_k) -> p_{k+1}) of the float input x --
def _const(v, like):
    return ivy.full_like(like, v)


def _linear(a, b):       # a * x + b
    return lambda x: ivy.add(ivy.multiply(x, a), b) if a != 1 else ivy.add(x, b)


def _chebyshev(p1):
    return (lambda x: _const(1.0, x), p1,
            lambda k, x, p, q: ivy.subtract(ivy.multiply(ivy.multiply(x, 2.0), q), p))


POLYNOMIALS = {
    "chebyshev_polynomial_t": _chebyshev(lambda x: x),
    "chebyshev_polynomial_u": _chebyshev(lambda x: ivy.multiply(x, 2.0)),
    "chebyshev_polynomial_v": _chebyshev(_linear(2.0, -1.0)),
    "chebyshev_polynomial_w": _chebyshev(_linear(2.0, 1.0)),
    "hermite_polynomial_h": (
        lambda x: _const(1.0, x), lambda x: ivy.multiply(x, 2.0),
        lambda k, x, p, q: ivy.subtract(ivy.multiply(ivy.multiply(x, 2.0), q),
                                        ivy.multiply(p, 2.0 * k))),
    "hermite_polynomial_he": (
        lambda x: _const(1.0, x), lambda x: x,
        lambda k, x, p, q: ivy.subtract(ivy.multiply(x, q), ivy.multiply(p, float(k)))),
    "laguerre_polynomial_l": (
        lambda x: _const(1.0, x), lambda x: ivy.subtract(_const(1.0, x), x),
        lambda k, x, p, q: ivy.divide(ivy.subtract(
            ivy.multiply(ivy.subtract(_const(2.0 * k + 1, x), x), q),
            ivy.multiply(p, float(k))), float(k + 1))),
    "legendre_polynomial_p": (
        lambda x: _const(1.0, x), lambda x: x,
        lambda k, x, p, q: ivy.divide(ivy.subtract(
            ivy.multiply(ivy.multiply(x, 2.0 * k + 1), q), ivy.multiply(p, float(k))),
            float(k + 1))),
}
for _kind in "tuvw":
    _p0, _p1, _step = POLYNOMIALS[f"chebyshev_polynomial_{_kind}"]
    POLYNOMIALS[f"shifted_chebyshev_polynomial_{_kind}"] = (
        (lambda p0: lambda x: p0(_linear(2.0, -1.0)(x)))(_p0),
        (lambda p1: lambda x: p1(_linear(2.0, -1.0)(x)))(_p1),
        (lambda step: lambda k, x, p, q: step(k, _linear(2.0, -1.0)(x), p, q))(_step))
del _kind, _p0, _p1, _step


def _polynomial(name, p0, p1, step):
    def fn(input, n, *, out=None):
        x, n, _ = _pair(input, n, name)
        x, n = ivy.broadcast_arrays(x, n)
        n = ivy.astype(n, "int64")                   # torch truncates n to an integer
        top = int(ivy.to_numpy(ivy.max(n))) if ivy.size(n) else 0    # a value: not traceable
        prev, cur = p0(x), p1(x)
        zero = ivy.zeros_like(x)
        r = ivy.where(ivy.equal(n, 0), prev, ivy.where(ivy.equal(n, 1), cur, zero))
        for k in range(1, top):
            prev, cur = cur, step(k, x, prev, cur)
            r = ivy.where(ivy.equal(n, k + 1), cur, r)
        return _finish(r, out, name)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"torch.special.{name}"
    return fn


FUNCTIONS = {name: _unary(name, core) for name, core in UNARY.items()}
FUNCTIONS.update({name: _missing(name) for name in MISSING})
FUNCTIONS.update({name: _binary(name, *spec) for name, spec in BINARY.items()})
FUNCTIONS.update({name: _polynomial(name, *spec) for name, spec in POLYNOMIALS.items()})
FUNCTIONS.update(polygamma=polygamma, multigammaln=multigammaln, logit=logit, round=round,
                 softmax=softmax, log_softmax=log_softmax, logsumexp=logsumexp)
globals().update(FUNCTIONS)
__all__ = sorted(FUNCTIONS)
