"""jax backend: the `special` area on ``jax.scipy.special`` and ``jax.lax``. float16/bfloat16
compute in float32 and round back; integer/bool inputs give float64.

Gaps filled here: ``digamma``/``polygamma(0, .)`` at +-0 (jax gives NaN, scipy and torch -+inf);
``bessel_j0``/``bessel_j1`` (jax has only an inaccurate ``bessel_jn``): quadrature and Hankel's
expansion (see ``ivy.core.ext.special``); ``polygamma(n >= 1, inf)`` is 0 (jax gives NaN);
``betaln`` by the lgamma identity (jax's is off by ~1e-7 relative). Elementwise functions are
jitted (one kernel per shape and dtype); the NaN-aware sums, products, extrema, means, variances
and cumulative sums are jax.numpy's (numpy's semantics, integer means in float64).
"""
from __future__ import annotations

import functools
import math

import jax
import jax.numpy as jnp
import jax.scipy.special as jss
import numpy as np

from ivy.core import dtypes as _dt
from ivy.core.errors import IvyError, IvyIndexError, IvyTypeError, IvyValueError, from_native
from ivy.core.ext.special import (BESSEL_NODES, BESSEL_SINES, HANKEL, HANKEL_FROM, CummaxResult,
                                  check_order,
                                   CumminResult)

from ._common import DTYPES, NAME, NAMES

_F32, _F64, _INT64 = DTYPES["float32"], DTYPES["float64"], DTYPES["int64"]
# input dtype -> (compute dtype, result dtype)
_PLAN = {DTYPES[n]: (_F64, _F64) for n in _dt.INTEGRAL + _dt.BOOL}
_PLAN.update({DTYPES[n]: (_F32 if n in ("float16", "bfloat16") else DTYPES[n], DTYPES[n])
              for n in _dt.REAL_FLOATING})
_COMPUTE = {result: compute for compute, result in _PLAN.values()}
_PY_SCALARS = (bool, int, float)
_convert = jax.lax.convert_element_type


def _type_error(fn, x):
    d = getattr(x, "dtype", type(x).__name__)
    return IvyTypeError(f"ivy.{fn} ({NAME} backend): real floating, integer or bool input "
                        f"expected, got {NAMES.get(d, d)}", function=fn, backend=NAME)


def _plan(x, fn):
    try:
        return _PLAN[x.dtype]
    except (KeyError, AttributeError, TypeError):
        raise _type_error(fn, x) from None


def _pair(a, b, fn):
    """Two operands in their common compute dtype, and the result dtype (see the area's doc)."""
    sa, sb = type(a) in _PY_SCALARS, type(b) in _PY_SCALARS
    if sa and sb:
        raise IvyTypeError(f"ivy.{fn} ({NAME} backend): at least one argument must be an array",
                           function=fn, backend=NAME)
    ra = None if sa else _plan(a, fn)[1]
    rb = None if sb else _plan(b, fn)[1]
    if ra is None or rb is None or ra == rb:
        result = ra if rb is None else rb
    else:
        name = _dt.PROMOTION.get((NAMES[ra], NAMES[rb]))
        if name is None:
            raise IvyTypeError(f"ivy.{fn} ({NAME} backend): no promotion between {NAMES[ra]} "
                               f"and {NAMES[rb]}", function=fn, backend=NAME)
        result = DTYPES[name]
    compute = _COMPUTE[result]
    return jnp.asarray(a, dtype=compute), jnp.asarray(b, dtype=compute), result


def _digamma(x):
    # jax gives NaN at +-0; scipy and torch give -inf at +0 and +inf at -0, which is -1/x
    return jnp.where(x == 0, -1 / x, jss.digamma(x))


# ---- Bessel J0, J1 (method and tables: ivy.core.ext.special) ----------------------------------
_SINES = np.array(BESSEL_SINES)


def _horner(coefficients, z):
    r = jnp.full_like(z, coefficients[-1])
    for c in coefficients[-2::-1]:
        r = r * z + c
    return r


def _bessel_j(x, order):
    ax = jnp.abs(x)
    near = ax <= HANKEL_FROM
    # trapezoidal rule on J_n(x) = (1/2pi) int cos(n t - x sin t) dt over a period, folded
    xs = jnp.where(near, ax, 0)
    s = jnp.asarray(_SINES, dtype=x.dtype)
    phase = xs[..., None] * s
    if order == 0:
        trap = (2 + 2 * jnp.cos(xs) + 4 * jnp.cos(phase).sum(-1)) / BESSEL_NODES
    else:
        trap = (2 * jnp.sin(xs) + 4 * (s * jnp.sin(phase)).sum(-1)) / BESSEL_NODES
    # Hankel: J = sqrt(2/(pi x)) (P cos w - Q sin w), w = x - (2 order + 1) pi / 4
    xl = jnp.where(near, HANKEL_FROM + 1, ax)
    z = 1 / (xl * xl)
    p_coef, q_coef = HANKEL[order]
    p, q = _horner(p_coef, z), _horner(q_coef, z) / xl
    c, sn = jnp.cos(xl), jnp.sin(xl)
    if order == 0:
        far = (p * (c + sn) + q * (c - sn)) / jnp.sqrt(math.pi * xl)
    else:
        far = (p * (sn - c) + q * (sn + c)) / jnp.sqrt(math.pi * xl)
    r = jnp.where(near, trap, far)
    return r if order == 0 else jnp.where(x < 0, -r, jnp.where(x == 0, x, r))


@jax.custom_jvp
def _i0(x):
    return jss.i0(x)


@jax.custom_jvp
def _i1(x):
    return jss.i1(x)


def _i1_slope(x):
    zero = x == 0
    safe = jnp.where(zero, jnp.ones_like(x), x)
    return jnp.where(zero, jnp.asarray(0.5, x.dtype), _i0(x) - _i1(safe) / safe)


# jax's i0 is i0e(x) * exp(|x|), whose derivative at 0 takes |x|' = 1 there: 1 instead of
# i1(0) = 0; its i1's second derivative at 0 is 1 instead of 0. The rules below are exact.
_i0.defjvp(lambda primals, tangents: (_i0(primals[0]), _i1(primals[0]) * tangents[0]))
_i1.defjvp(lambda primals, tangents: (_i1(primals[0]), _i1_slope(primals[0]) * tangents[0]))


def _unary(name, native):
    native = jax.jit(native)      # one compiled kernel per (shape, dtype), not one per primitive

    def fn(x, /):
        try:
            compute, result = _PLAN[x.dtype]
        except (KeyError, AttributeError, TypeError):
            raise _type_error(name, x) from None
        try:
            r = native(x if x.dtype == compute else _convert(x, compute))
        except Exception as e:
            raise from_native(e, name, NAME) from e
        return r if r.dtype == result else _convert(r, result)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `ivy.{name}` on jax."
    return fn


_UNARY = {"erf": jss.erf, "erfc": jss.erfc, "erfinv": jss.erfinv, "erfcx": jss.erfcx,
          "lgamma": jss.gammaln, "digamma": _digamma, "i0": _i0, "i0e": jss.i0e,
          "i1": _i1, "i1e": jss.i1e, "sinc": jnp.sinc, "expit": jss.expit, "ndtr": jss.ndtr,
          "ndtri": jss.ndtri, "log_ndtr": jss.log_ndtr, "entr": jss.entr,
          "bessel_j0": lambda x: _bessel_j(x, 0), "bessel_j1": lambda x: _bessel_j(x, 1)}
for _name, _native in _UNARY.items():
    globals()[_name] = _unary(_name, _native)
del _name, _native


def _betaln(a, b):
    # jax's own betaln is off by ~1e-7 relative in float64 (e.g. a, b ~ 1..20); the lgamma
    # identity, as on torch and tensorflow, is exact to rounding for moderate arguments
    return jss.gammaln(a) + jss.gammaln(b) - jss.gammaln(a + b)


def _binary(name, native):
    native = jax.jit(native)

    def fn(x1, x2, /):
        a, b, result = _pair(x1, x2, name)
        try:
            r = native(a, b)
        except Exception as e:
            raise from_native(e, name, NAME) from e
        return r if r.dtype == result else _convert(r, result)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `ivy.{name}` on jax."
    return fn


gammainc = _binary("gammainc", jss.gammainc)
gammaincc = _binary("gammaincc", jss.gammaincc)
xlogy = _binary("xlogy", jss.xlogy)
xlog1py = _binary("xlog1py", jss.xlog1py)
betaln = _binary("betaln", _betaln)
zeta = _binary("zeta", jss.zeta)


def _order(value, least, what, fn):
    return check_order(value, least, what, fn, NAME)


@functools.partial(jax.jit, static_argnums=1)
def _polygamma(x, n):
    # polygamma(n >= 1, inf) is 0 (jax gives NaN)
    return _digamma(x) if n == 0 else jnp.where(x == jnp.inf, 0, jss.polygamma(n, x))


def polygamma(n, x, /):
    n = _order(n, 0, "n", "polygamma")
    compute, result = _plan(x, "polygamma")
    x = _convert(x, compute)
    return _convert(_polygamma(x, n), result)


def _concrete(cond):
    try:
        return bool(cond)
    except jax.errors.ConcretizationTypeError:
        return False      # traced: the check cannot run (documented)


def multigammaln(a, d, /):
    d = _order(d, 1, "d", "multigammaln")
    compute, result = _plan(a, "multigammaln")
    a = _convert(a, compute)
    if _concrete(jnp.any(a <= 0.5 * (d - 1))):
        raise IvyValueError(f"ivy.multigammaln ({NAME} backend): every a must be greater than "
                            f"(d-1)/2 = {0.5 * (d - 1)}", function="multigammaln", backend=NAME)
    return _convert(jss.multigammaln(a, d), result)


def logit(x, /, *, eps=None):
    compute, result = _plan(x, "logit")
    x = _convert(x, compute)
    if eps is not None:
        x = jnp.clip(x, eps, 1.0 - eps)
    return _convert(jss.logit(x), result)


# ---- cumulative ------------------------------------------------------------------------------

def _axis(axis, ndim, fn):
    if isinstance(axis, bool) or not isinstance(axis, int):
        raise IvyTypeError(f"ivy.{fn} ({NAME} backend): axis must be an int, got {axis!r}",
                           function=fn, backend=NAME)
    if not -max(ndim, 1) <= axis < max(ndim, 1):
        raise IvyIndexError(f"ivy.{fn} ({NAME} backend): axis {axis} is out of bounds for "
                            f"{ndim} dimensions", function=fn, backend=NAME)
    return axis % ndim if ndim else 0


def _cumulative_extreme(x, axis, scan, result_type, fn):
    if not hasattr(x, "dtype") or jnp.issubdtype(x.dtype, jnp.complexfloating):
        raise _type_error(fn, x)
    axis = _axis(axis, x.ndim, fn)
    if x.ndim == 0:
        return result_type(x, jnp.zeros((), _INT64))
    try:
        v = _convert(x, jnp.uint8) if x.dtype == jnp.bool_ else x
        values = scan(v, axis=axis)
        hit = v == values
        if jnp.issubdtype(x.dtype, jnp.floating):
            hit = hit | jnp.isnan(v)
        shape = [1] * x.ndim
        shape[axis] = x.shape[axis]
        position = jnp.arange(x.shape[axis], dtype=_INT64).reshape(shape)
        # the latest position holding the running extreme (ties: the later index, like torch)
        indices = jax.lax.cummax(jnp.where(hit, position, 0), axis=axis)
    except IvyError:
        raise
    except Exception as e:
        raise from_native(e, fn, NAME) from e
    return result_type(values if v is x else _convert(values, x.dtype), indices)


def cummax(x, /, *, axis):
    return _cumulative_extreme(x, axis, jax.lax.cummax, CummaxResult, "cummax")


def cummin(x, /, *, axis):
    return _cumulative_extreme(x, axis, jax.lax.cummin, CumminResult, "cummin")


def logcumsumexp(x, /, *, axis):
    compute, result = _plan(x, "logcumsumexp")
    axis = _axis(axis, x.ndim, "logcumsumexp")
    x = _convert(x, compute)
    r = x if x.ndim == 0 else jax.lax.cumlogsumexp(x, axis=axis)
    return _convert(r, result)


# ---- NaN-aware reductions: jax.numpy's (jitted per call signature; numpy's semantics) ----------

_SUM_DTYPE = {DTYPES[n]: _INT64 for n in ("bool", "int8", "int16", "int32")}
_SUM_DTYPE.update({DTYPES[n]: DTYPES["uint64"] for n in ("uint8", "uint16", "uint32")})


def _mean_input(x, dtype):
    # numpy: integer/bool means are float64 (jax's own rule gives int32 -> float32)
    if dtype is None and hasattr(x, "dtype") and not jnp.issubdtype(x.dtype, jnp.inexact):
        return _convert(x, _F64)
    return x


def _nan_call(name, native, x, **kw):
    try:
        return native(x, **kw)
    except IvyError:
        raise
    except Exception as e:
        raise from_native(e, name, NAME) from e


def nansum(x, /, *, axis=None, dtype=None, keepdims=False):
    return _nan_call("nansum", jnp.nansum, x, axis=axis, dtype=dtype, keepdims=keepdims)


def nanprod(x, /, *, axis=None, dtype=None, keepdims=False):
    return _nan_call("nanprod", jnp.nanprod, x, axis=axis, dtype=dtype, keepdims=keepdims)


def nanmax(x, /, *, axis=None, keepdims=False):
    return _nan_call("nanmax", jnp.nanmax, x, axis=axis, keepdims=keepdims)


def nanmin(x, /, *, axis=None, keepdims=False):
    return _nan_call("nanmin", jnp.nanmin, x, axis=axis, keepdims=keepdims)


def nanmean(x, /, *, axis=None, dtype=None, keepdims=False):
    return _nan_call("nanmean", jnp.nanmean, _mean_input(x, dtype), axis=axis, dtype=dtype, keepdims=keepdims)


def nanvar(x, /, *, axis=None, correction=0.0, dtype=None, keepdims=False):
    return _nan_call("nanvar", jnp.nanvar, _mean_input(x, dtype), axis=axis, ddof=correction, dtype=dtype,
                     keepdims=keepdims)


def nanstd(x, /, *, axis=None, correction=0.0, dtype=None, keepdims=False):
    return _nan_call("nanstd", jnp.nanstd, _mean_input(x, dtype), axis=axis, ddof=correction, dtype=dtype,
                     keepdims=keepdims)


def nancumsum(x, /, *, axis=None, dtype=None):
    dtype = dtype if dtype is not None else _SUM_DTYPE.get(getattr(x, "dtype", None))
    return _nan_call("nancumsum", jnp.nancumsum, x, axis=axis, dtype=dtype)


def nancumprod(x, /, *, axis=None, dtype=None):
    dtype = dtype if dtype is not None else _SUM_DTYPE.get(getattr(x, "dtype", None))
    return _nan_call("nancumprod", jnp.nancumprod, x, axis=axis, dtype=dtype)
