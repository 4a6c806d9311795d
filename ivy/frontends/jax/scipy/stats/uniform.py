"""``jax.scipy.stats.uniform`` on [loc, loc + scale]."""
from __future__ import annotations

import math

from ._common import _operands, _wrap, ivy


def _inside(v, m, s):
    return ivy.logical_and(ivy.greater_equal(v, m), ivy.less_equal(v, ivy.add(m, s)))


def logpdf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.uniform.logpdf``."""
    (v, m, s), name, weak = _operands("uniform.logpdf", x, loc, scale)
    r = ivy.negative(ivy.log(s))
    r, inside = ivy.broadcast_arrays(r, _inside(v, m, s))
    return _wrap(ivy.where(inside, r, ivy.full_like(r, -math.inf)), weak)


def pdf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.uniform.pdf``."""
    r = logpdf(x, loc, scale)
    return _wrap(ivy.exp(r._data), r.weak_type)


def cdf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.uniform.cdf`` (a strong result, as JAX)."""
    (v, m, s), name, weak = _operands("uniform.cdf", x, loc, scale)
    z = ivy.divide(ivy.subtract(v, m), s)
    return _wrap(ivy.clip(z, ivy.zeros_like(z), ivy.ones_like(z)))


def ppf(q, loc=0, scale=1):
    """Implements ``jax.scipy.stats.uniform.ppf`` (NaN outside [0, 1])."""
    (p, m, s), name, weak = _operands("uniform.ppf", q, loc, scale)
    r = ivy.add(m, ivy.multiply(p, s))
    valid = ivy.logical_and(ivy.greater_equal(p, ivy.zeros_like(p)),
                            ivy.less_equal(p, ivy.ones_like(p)))
    r, valid = ivy.broadcast_arrays(r, valid)
    return _wrap(ivy.where(valid, r, ivy.full_like(r, math.nan)), weak)
