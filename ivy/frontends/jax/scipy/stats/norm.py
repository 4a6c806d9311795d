"""``jax.scipy.stats.norm``: the normal distribution. ``pdf``/``logpdf`` keep a weak input weak;
the others go through ``ndtr``/``ndtri``/``log_ndtr`` (float32/float64 only, strong results)."""
from __future__ import annotations

import math

from ... import _dtypes as J

from ..special import _float_only
from ._common import _operands, _wrap, all_weak, asarray, const, ivy, standardized
from ivy.frontends.jax._late import late as _late

_LOG_2PI = math.log(2 * math.pi)


def logpdf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.norm.logpdf``."""
    (v, m, s), name, weak = _operands("norm.logpdf", x, loc, scale)
    s2 = ivy.square(s)
    q = ivy.divide(ivy.square(ivy.subtract(v, m)), s2)
    return _wrap(ivy.multiply(ivy.add(ivy.log(ivy.multiply(const(2 * math.pi, s2), s2)), q),
                              const(-0.5, q)), all_weak(x, loc, scale))


def pdf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.norm.pdf``."""
    r = logpdf(x, loc, scale)
    return _wrap(ivy.exp(r._data), r.weak_type)


def _z(fn, x, loc, scale, negate=False):
    z, s, name, weak = standardized(fn, x, loc, scale)
    return _wrap(ivy.negative(z) if negate else z)


_ndtr = _float_only(_late.ndtr, "ndtr")
_log_ndtr = _float_only(_late.log_ndtr, "log_ndtr")
_ndtri = _float_only(_late.ndtri, "ndtri")


def cdf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.norm.cdf``."""
    return _ndtr(_z("norm.cdf", x, loc, scale))


def logcdf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.norm.logcdf``."""
    return _log_ndtr(_z("norm.logcdf", x, loc, scale))


def sf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.norm.sf``."""
    return _ndtr(_z("norm.sf", x, loc, scale, negate=True))


def logsf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.norm.logsf``."""
    return _log_ndtr(_z("norm.logsf", x, loc, scale, negate=True))


def ppf(q, loc=0, scale=1):
    """Implements ``jax.scipy.stats.norm.ppf``: ndtri(q) * scale + loc as a strong default-float
    array (JAX ends in ``jnp.asarray(..., float)``)."""
    z = _ndtri(q)
    (a, m, s), name, weak = _operands("norm.ppf", z, loc, scale)
    return _wrap(ivy.astype(ivy.add(ivy.multiply(a, s), m), J.DEFAULT["float"]))


def isf(q, loc=0, scale=1):
    """Implements ``jax.scipy.stats.norm.isf`` as ``ppf(1 - q)`` (as JAX: inf for tiny q)."""
    p = asarray(q)
    return ppf(_wrap(ivy.subtract(ivy.ones_like(p._data), p._data), p.weak_type), loc, scale)
