"""``jax.scipy.stats.expon``: z = (x - loc) / scale, support z >= 0."""
from __future__ import annotations

import math

from ._common import _operands, _wrap, ivy, standardized


def _below(z):
    return ivy.less(z, ivy.zeros_like(z))


def logpdf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.expon.logpdf``."""
    z, s, name, weak = standardized("expon.logpdf", x, loc, scale)
    r = ivy.subtract(ivy.negative(z), ivy.log(s))
    return _wrap(ivy.where(_below(z), ivy.full_like(r, -math.inf), r), weak)


def pdf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.expon.pdf``."""
    r = logpdf(x, loc, scale)
    return _wrap(ivy.exp(r._data), r.weak_type)


def cdf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.expon.cdf``."""
    z, s, name, weak = standardized("expon.cdf", x, loc, scale)
    return _wrap(ivy.where(_below(z), ivy.zeros_like(z), ivy.negative(ivy.expm1(ivy.negative(z)))),
                 weak)


def logcdf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.expon.logcdf``."""
    z, s, name, weak = standardized("expon.logcdf", x, loc, scale)
    r = ivy.log(ivy.negative(ivy.expm1(ivy.negative(z))))
    return _wrap(ivy.where(_below(z), ivy.full_like(z, -math.inf), r), weak)


def sf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.expon.sf``."""
    z, s, name, weak = standardized("expon.sf", x, loc, scale)
    return _wrap(ivy.where(_below(z), ivy.ones_like(z), ivy.exp(ivy.negative(z))), weak)


def logsf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.expon.logsf``."""
    z, s, name, weak = standardized("expon.logsf", x, loc, scale)
    return _wrap(ivy.where(_below(z), ivy.zeros_like(z), ivy.negative(z)), weak)


def ppf(q, loc=0, scale=1):
    """Implements ``jax.scipy.stats.expon.ppf`` (NaN outside [0, 1])."""
    (p, m, s), name, weak = _operands("expon.ppf", q, loc, scale)
    r = ivy.add(ivy.multiply(ivy.negative(ivy.log1p(ivy.negative(p))), s), m)
    valid = ivy.logical_and(ivy.greater_equal(p, ivy.zeros_like(p)),
                            ivy.less_equal(p, ivy.ones_like(p)))
    r, valid = ivy.broadcast_arrays(r, valid)
    return _wrap(ivy.where(valid, r, ivy.full_like(r, math.nan)), weak)
