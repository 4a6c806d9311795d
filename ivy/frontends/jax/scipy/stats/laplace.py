"""``jax.scipy.stats.laplace``: results keep a weak input weak."""
from __future__ import annotations

from ._common import _wrap, all_weak, const, ivy, standardized


def logpdf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.laplace.logpdf``: -log(2 scale) - |z|."""
    z, s, name, weak = standardized("laplace.logpdf", x, loc, scale)
    return _wrap(ivy.subtract(ivy.negative(ivy.log(ivy.multiply(const(2, s), s))), ivy.abs(z)),
                 all_weak(x, loc, scale))


def pdf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.laplace.pdf``."""
    r = logpdf(x, loc, scale)
    return _wrap(ivy.exp(r._data), r.weak_type)


def cdf(x, loc=0, scale=1):
    """Implements ``jax.scipy.stats.laplace.cdf``."""
    z, s, name, weak = standardized("laplace.cdf", x, loc, scale)
    half = const(0.5, z)
    low = ivy.multiply(half, ivy.exp(z))
    high = ivy.subtract(ivy.ones_like(z), ivy.multiply(half, ivy.exp(ivy.negative(z))))
    return _wrap(ivy.where(ivy.less(z, ivy.zeros_like(z)), low, high), all_weak(x, loc, scale))
