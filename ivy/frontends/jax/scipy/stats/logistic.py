"""``jax.scipy.stats.logistic``: results keep a weak input weak."""
from __future__ import annotations

from ._common import _operands, _wrap, all_weak, const, ivy, standardized


def logpdf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.logistic.logpdf``: -2 log(2 cosh(z / 2)) - log(scale)."""
    z, s, name, weak = standardized("logistic.logpdf", x, loc, scale)
    half = ivy.multiply(z, const(0.5, z))
    return _wrap(ivy.subtract(ivy.multiply(const(-2, z), ivy.logaddexp(half, ivy.negative(half))),
                              ivy.log(s)), all_weak(x, loc, scale))


def pdf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.logistic.pdf``."""
    r = logpdf(x, loc, scale)
    return _wrap(ivy.exp(r._data), r.weak_type)


def cdf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.logistic.cdf``."""
    z, s, name, weak = standardized("logistic.cdf", x, loc, scale)
    return _wrap(ivy.expit(z), weak)


def sf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.logistic.sf``."""
    z, s, name, weak = standardized("logistic.sf", x, loc, scale)
    return _wrap(ivy.expit(ivy.negative(z)), weak)


def _quantile(fn, q, loc, scale, sign):
    (p, m, s), name, weak = _operands(fn, q, loc, scale)
    return _wrap(ivy.add(ivy.multiply(ivy.multiply(ivy.logit(p), const(sign, p)), s), m),
                 all_weak(q, loc, scale))


def ppf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.logistic.ppf``."""
    return _quantile("logistic.ppf", x, loc, scale, 1)


def isf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.logistic.isf``."""
    return _quantile("logistic.isf", x, loc, scale, -1)
