"""torch backend: the `special` area on ``torch.special``. float16/bfloat16 compute in float32 and
round back; integer/bool inputs give float64 (torch itself would give float32).

Not torch's own kernels: ``bessel_j0``/``bessel_j1`` (torch's are off by up to 4e-7 near |x| = 5
in float64; quadrature + Hankel as in ``ivy.core.ext.special``), ``betaln`` (torch has none: the
lgamma identity), ``multigammaln`` (scipy's domain rule: NaN passes); ``polygamma(n >= 1, inf)`` is
pinned to 0 (torch gives NaN for n >= 2).
"""
from __future__ import annotations

import math

import torch

from ivy.core import dtypes as _dt
from ivy.core.errors import IvyError, IvyTypeError, IvyValueError, from_native
from ivy.core.ext.special import (BESSEL_NODES, BESSEL_SINES, HANKEL, HANKEL_FROM, CummaxResult,
                                  check_order,
                                   CumminResult)

from ._common import CANONICAL, NAME, TORCH_DTYPE, Tensor

_F32, _F64, _INT64 = torch.float32, torch.float64, torch.int64
# input dtype -> (compute dtype, result dtype)
_PLAN = {TORCH_DTYPE[n]: (_F64, _F64) for n in _dt.INTEGRAL + _dt.BOOL}
_PLAN.update({TORCH_DTYPE[n]: (_F32 if n in ("float16", "bfloat16") else TORCH_DTYPE[n],
                               TORCH_DTYPE[n]) for n in _dt.REAL_FLOATING})
_COMPUTE = {result: compute for compute, result in _PLAN.values()}
_PY_SCALARS = (bool, int, float)


def _type_error(fn, x):
    d = getattr(x, "dtype", type(x).__name__)
    return IvyTypeError(f"ivy.{fn} ({NAME} backend): real floating, integer or bool input "
                        f"expected, got {CANONICAL.get(d, d)}", function=fn, backend=NAME)


def _plan(x, fn):
    try:
        return _PLAN[x.dtype]
    except (KeyError, AttributeError):
        raise _type_error(fn, x) from None


def _pair(a, b, fn):
    """Two operands in their common compute dtype, and the result dtype (see the area's doc)."""
    sa, sb = type(a) in _PY_SCALARS, type(b) in _PY_SCALARS
    if sa and sb:
        raise IvyTypeError(f"ivy.{fn} ({NAME} backend): at least one argument must be an array",
                           function=fn, backend=NAME)
    ra = None if sa else _plan(a, fn)[1]
    rb = None if sb else _plan(b, fn)[1]
    if ra is None or rb is None or ra is rb:
        result = ra if rb is None else rb
    else:
        name = _dt.PROMOTION.get((CANONICAL[ra], CANONICAL[rb]))
        if name is None:
            raise IvyTypeError(f"ivy.{fn} ({NAME} backend): no promotion between "
                               f"{CANONICAL[ra]} and {CANONICAL[rb]}", function=fn, backend=NAME)
        result = TORCH_DTYPE[name]
    compute = _COMPUTE[result]
    device = b.device if sa else a.device
    return (torch.as_tensor(a, dtype=compute, device=device),
            torch.as_tensor(b, dtype=compute, device=device), result)


def _unary(name, native):
    def fn(x, /):
        try:
            compute, result = _PLAN[x.dtype]
        except (KeyError, AttributeError):
            raise _type_error(name, x) from None
        try:
            r = native(x if x.dtype is compute else x.to(compute))
        except Exception as e:
            raise from_native(e, name, NAME) from e
        return r if r.dtype is result else r.to(result)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `ivy.{name}` on torch ({getattr(native, '__name__', native)})."
    return fn


def _horner(coefficients, z):
    r = torch.full_like(z, coefficients[-1])
    for c in coefficients[-2::-1]:
        r = r * z + c
    return r


def _bessel_j(x, order):
    ax = x.abs()
    near = ax <= HANKEL_FROM
    xs = torch.where(near, ax, 0)
    s = torch.tensor(BESSEL_SINES, dtype=x.dtype, device=x.device)
    phase = xs.unsqueeze(-1) * s
    if order == 0:
        trap = (2 + 2 * torch.cos(xs) + 4 * torch.cos(phase).sum(-1)) / BESSEL_NODES
    else:
        trap = (2 * torch.sin(xs) + 4 * (s * torch.sin(phase)).sum(-1)) / BESSEL_NODES
    xl = torch.where(near, HANKEL_FROM + 1, ax)
    z = 1 / (xl * xl)
    p_coef, q_coef = HANKEL[order]
    p, q = _horner(p_coef, z), _horner(q_coef, z) / xl
    c, sn = torch.cos(xl), torch.sin(xl)
    if order == 0:
        far = (p * (c + sn) + q * (c - sn)) / torch.sqrt(math.pi * xl)
    else:
        far = (p * (sn - c) + q * (sn + c)) / torch.sqrt(math.pi * xl)
    r = torch.where(near, trap, far)
    return r if order == 0 else torch.where(x < 0, -r, torch.where(x == 0, x, r))


_S = torch.special
_UNARY = {"erf": _S.erf, "erfc": _S.erfc, "erfinv": _S.erfinv, "erfcx": _S.erfcx,
          "lgamma": _S.gammaln, "digamma": _S.digamma, "i0": _S.i0, "i0e": _S.i0e, "i1": _S.i1,
          "i1e": _S.i1e, "sinc": _S.sinc, "expit": _S.expit, "ndtr": _S.ndtr, "ndtri": _S.ndtri,
          "log_ndtr": _S.log_ndtr, "bessel_j0": lambda x: _bessel_j(x, 0),
          "bessel_j1": lambda x: _bessel_j(x, 1),
          "entr": _S.entr}
for _name, _native in _UNARY.items():
    globals()[_name] = _unary(_name, _native)
del _name, _native


def _betaln(a, b):
    # torch has no betaln: the lgamma identity (exact to rounding for moderate a, b)
    return torch.lgamma(a) + torch.lgamma(b) - torch.lgamma(a + b)


def _binary(name, native):
    def fn(x1, x2, /):
        a, b, result = _pair(x1, x2, name)
        try:
            r = native(a, b)
        except Exception as e:
            raise from_native(e, name, NAME) from e
        return r if r.dtype is result else r.to(result)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `ivy.{name}` on torch."
    return fn


gammainc = _binary("gammainc", _S.gammainc)
gammaincc = _binary("gammaincc", _S.gammaincc)
xlogy = _binary("xlogy", _S.xlogy)
xlog1py = _binary("xlog1py", _S.xlog1py)
betaln = _binary("betaln", _betaln)
zeta = _binary("zeta", _S.zeta)


def _order(value, least, what, fn):
    return check_order(value, least, what, fn, NAME)


def polygamma(n, x, /):
    n = _order(n, 0, "n", "polygamma")
    compute, result = _plan(x, "polygamma")
    x = x.to(compute)
    r = _S.polygamma(n, x)
    if n:
        r = torch.where(x == math.inf, 0, r)
    return r.to(result)


def multigammaln(a, d, /):
    d = _order(d, 1, "d", "multigammaln")
    compute, result = _plan(a, "multigammaln")
    a = a.to(compute)
    # scipy's domain check (NaN passes; torch's own check would reject it)
    if bool((a <= 0.5 * (d - 1)).any()):
        raise IvyValueError(f"ivy.multigammaln ({NAME} backend): every a must be greater than "
                            f"(d-1)/2 = {0.5 * (d - 1)}", function="multigammaln", backend=NAME)
    half_steps = torch.arange(d, dtype=compute, device=a.device) * 0.5
    r = torch.lgamma(a.unsqueeze(-1) - half_steps).sum(-1) + (d * (d - 1) / 4 * math.log(math.pi))
    return r.to(result)


def logit(x, /, *, eps=None):
    compute, result = _plan(x, "logit")
    return _S.logit(x.to(compute), eps).to(result)


# ---- cumulative ------------------------------------------------------------------------------

def _cumulative(fn, native, result_type, x, axis):
    if not isinstance(x, Tensor) or x.dtype.is_complex:
        raise _type_error(fn, x)
    try:
        values, indices = native(x, dim=axis)
    except IvyError:
        raise
    except Exception as e:
        raise from_native(e, fn, NAME) from e
    return result_type(values, indices)


def cummax(x, /, *, axis):
    return _cumulative("cummax", torch.cummax, CummaxResult, x, axis)


def cummin(x, /, *, axis):
    return _cumulative("cummin", torch.cummin, CumminResult, x, axis)


def logcumsumexp(x, /, *, axis):
    compute, result = _plan(x, "logcumsumexp")
    try:
        r = torch.logcumsumexp(x.to(compute), dim=axis)
    except Exception as e:
        raise from_native(e, "logcumsumexp", NAME) from e
    return r.to(result)
