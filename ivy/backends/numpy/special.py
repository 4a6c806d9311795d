"""numpy backend: the `special` area. numpy has no special functions: they come from
``scipy.special``, imported on first use (IvyNotImplementedError naming scipy when it is absent).
float16/bfloat16 compute in float32 and round back; integer/bool inputs give float64.
"""
from __future__ import annotations

import numpy as np

from ivy.core import dtypes as _dt
from ivy.core.errors import (IvyError, IvyIndexError, IvyNotImplementedError, IvyTypeError,
                             IvyValueError, from_native)
from ivy.core.ext.special import CummaxResult, CumminResult

from ._dtypes import CANONICAL, NAME, TO_NUMPY

_F32, _F64, _INT64 = np.dtype("float32"), np.dtype("float64"), np.dtype("int64")
# input dtype -> (compute dtype, result dtype)
_PLAN = {d: (_F64, _F64) for n, d in TO_NUMPY.items() if n in _dt.INTEGRAL or n == "bool"}
_PLAN.update({d: (_F32 if n in ("float16", "bfloat16") else d, d)
              for n, d in TO_NUMPY.items() if n in _dt.REAL_FLOATING})
_COMPUTE = {result: compute for compute, result in _PLAN.values()}
_PY_SCALARS = (bool, int, float)
_scipy = None


def _special(fn):
    global _scipy
    if _scipy is None:
        try:
            import scipy.special as s
        except ImportError as e:
            raise IvyNotImplementedError(
                f"ivy.{fn} ({NAME} backend): the numpy backend computes special functions with "
                f"scipy (scipy.special), which cannot be imported ({e}); install scipy",
                function=fn, backend=NAME) from e
        _scipy = s
    return _scipy


def _type_error(fn, x):
    d = getattr(x, "dtype", type(x).__name__)
    return IvyTypeError(f"ivy.{fn} ({NAME} backend): real floating, integer or bool input "
                        f"expected, got {CANONICAL.get(d, d)}", function=fn, backend=NAME)


def _plan(x, fn):
    try:
        return _PLAN[x.dtype]
    except (KeyError, AttributeError):
        raise _type_error(fn, x) from None


def _out(r, result):
    r = np.asarray(r)
    return r if r.dtype == result else r.astype(result)


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
        name = _dt.PROMOTION.get((CANONICAL[ra], CANONICAL[rb]))
        if name is None:
            raise IvyTypeError(f"ivy.{fn} ({NAME} backend): no promotion between "
                               f"{CANONICAL[ra]} and {CANONICAL[rb]}", function=fn, backend=NAME)
        result = TO_NUMPY[name]
    compute = _COMPUTE[result]
    return np.asarray(a, dtype=compute), np.asarray(b, dtype=compute), result


# ivy name -> scipy.special name (None: numpy's own function below)
_UNARY = {"erf": "erf", "erfc": "erfc", "erfinv": "erfinv", "erfcx": "erfcx", "lgamma": "gammaln",
          "digamma": "psi", "i0": "i0", "i0e": "i0e", "i1": "i1", "i1e": "i1e", "expit": "expit",
          "ndtr": "ndtr", "ndtri": "ndtri", "log_ndtr": "log_ndtr", "bessel_j0": "j0",
          "bessel_j1": "j1", "entr": "entr", "sinc": None}


def _lgamma_fix(x, r):
    # scipy says gammaln(-inf) = -inf; torch, jax and tensorflow say inf: the majority wins.
    np.copyto(r, np.inf, where=np.isneginf(x))
    return r


_FIX = {"lgamma": _lgamma_fix}


def _unary(name, scipy_name):
    native = np.sinc if scipy_name is None else None
    fix = _FIX.get(name)

    def fn(x, /):
        nonlocal native
        if native is None:
            native = getattr(_special(name), scipy_name)
        compute, result = _plan(x, name)
        x = x.astype(compute, copy=False)
        try:
            r = np.asarray(native(x))
        except Exception as e:
            raise from_native(e, name, NAME) from e
        if fix is not None:
            r = fix(x, r)
        return r if r.dtype == result else r.astype(result)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `ivy.{name}` on numpy (scipy.special)."
    return fn


for _name, _sname in _UNARY.items():
    globals()[_name] = _unary(_name, _sname)
del _name, _sname


def _binary(name, scipy_name):
    def fn(x1, x2, /):
        a, b, result = _pair(x1, x2, name)
        try:
            r = getattr(_special(name), scipy_name)(a, b)
        except Exception as e:
            raise from_native(e, name, NAME) from e
        return _out(r, result)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `ivy.{name}` on numpy."
    return fn


gammainc = _binary("gammainc", "gammainc")
gammaincc = _binary("gammaincc", "gammaincc")
xlogy = _binary("xlogy", "xlogy")
xlog1py = _binary("xlog1py", "xlog1py")
betaln = _binary("betaln", "betaln")
zeta = _binary("zeta", "zeta")


def _order(value, least, what, fn):
    """A Python int argument (n of polygamma, d of multigammaln) at least ``least``."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise IvyTypeError(f"ivy.{fn} ({NAME} backend): {what} must be a Python int, got "
                           f"{value!r}", function=fn, backend=NAME)
    if value < least:
        raise IvyValueError(f"ivy.{fn} ({NAME} backend): {what} must be >= {least}, got {value}",
                            function=fn, backend=NAME)
    return int(value)


def polygamma(n, x, /):
    n = _order(n, 0, "n", "polygamma")
    compute, result = _plan(x, "polygamma")
    return _out(_special("polygamma").polygamma(n, x.astype(compute, copy=False)), result)


def multigammaln(a, d, /):
    d = _order(d, 1, "d", "multigammaln")
    compute, result = _plan(a, "multigammaln")
    try:
        r = _special("multigammaln").multigammaln(a.astype(compute, copy=False), d)
    except Exception as e:
        raise from_native(e, "multigammaln", NAME) from e
    return _out(r, result)


def logit(x, /, *, eps=None):
    compute, result = _plan(x, "logit")
    x = x.astype(compute, copy=False)
    if eps is not None:
        x = np.clip(x, eps, 1.0 - eps)
    return _out(_special("logit").logit(x), result)


# ---- cumulative ------------------------------------------------------------------------------

def _cumulative_extreme(x, axis, ufunc, result_type, fn):
    if not isinstance(x, np.ndarray) or x.dtype.kind == "c":
        raise _type_error(fn, x)
    try:
        if x.ndim == 0:
            _check_axis(axis, 1, fn)
            return result_type(x.copy(), np.zeros((), _INT64))
        axis = _check_axis(axis, x.ndim, fn)
        values = ufunc.accumulate(x, axis=axis)
        hit = x == values
        if x.dtype.kind == "f" or x.dtype == TO_NUMPY.get("bfloat16"):
            hit |= np.isnan(x)
        shape = [1] * x.ndim
        shape[axis] = x.shape[axis]
        position = np.arange(x.shape[axis], dtype=_INT64).reshape(shape)
        # the latest position holding the running extreme (ties: the later index, like torch)
        indices = np.maximum.accumulate(np.where(hit, position, 0), axis=axis)
        return result_type(values, indices)
    except IvyError:
        raise
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def _check_axis(axis, ndim, fn):
    if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
        raise IvyTypeError(f"ivy.{fn} ({NAME} backend): axis must be an int, got {axis!r}",
                           function=fn, backend=NAME)
    if not -ndim <= axis < ndim:
        raise IvyIndexError(f"ivy.{fn} ({NAME} backend): axis {axis} is out of bounds for "
                            f"{ndim} dimensions", function=fn, backend=NAME)
    return int(axis) % ndim


def cummax(x, /, *, axis):
    return _cumulative_extreme(x, axis, np.maximum, CummaxResult, "cummax")


def cummin(x, /, *, axis):
    return _cumulative_extreme(x, axis, np.minimum, CumminResult, "cummin")


def logcumsumexp(x, /, *, axis):
    compute, result = _plan(x, "logcumsumexp")
    x = x.astype(compute, copy=False)
    if x.ndim == 0:
        _check_axis(axis, 1, "logcumsumexp")
        return _out(x.copy(), result)
    axis = _check_axis(axis, x.ndim, "logcumsumexp")
    return _out(np.logaddexp.accumulate(x, axis=axis), result)
