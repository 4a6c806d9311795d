"""``jax.scipy.stats.multivariate_normal``: ``logpdf`` and ``pdf`` through a Cholesky factor."""
from __future__ import annotations

import math

from ._common import _operands, _wrap, all_weak, const, ivy

_LOG_2PI = math.log(2 * math.pi)


def logpdf(x, mean, cov, allow_singular=None):
    """Implements ``jax.scipy.stats.multivariate_normal.logpdf``."""
    if allow_singular is not None:
        raise NotImplementedError("allow_singular argument of multivariate_normal.logpdf")
    (v, m, c), name, weak = _operands("multivariate_normal.logpdf", x, mean, cov)
    if m.ndim == 0 and c.ndim == 0:
        d = ivy.subtract(v, m)
        return _wrap(ivy.multiply(const(-0.5, d), ivy.add(ivy.divide(ivy.square(d), c),
                                                          ivy.add(const(_LOG_2PI, d),
                                                                  ivy.log(c)))),
                     all_weak(x, mean, cov))
    if c.ndim < 2:
        raise ValueError("multivariate_normal.logpdf got incompatible shapes")
    n = m.shape[-1]
    d = ivy.subtract(v, m)
    factor = ivy.linalg.cholesky(c)
    batch = ivy.broadcast_shapes(tuple(d.shape[:-1]), tuple(factor.shape[:-2]))
    factor = ivy.broadcast_to(factor, batch + (n, n))
    y = ivy.linalg.solve_triangular(factor, ivy.broadcast_to(ivy.expand_dims(d, axis=-1),
                                                             batch + (n, 1)), upper=False)[..., 0]
    log_det = ivy.sum(ivy.log(ivy.abs(ivy.linalg.diagonal(factor))), axis=-1)
    r = ivy.subtract(ivy.multiply(const(-0.5, y), ivy.sum(ivy.square(y), axis=-1)),
                     ivy.add(const(n / 2 * _LOG_2PI, y), log_det))
    return _wrap(r)


def pdf(x, mean, cov):
    """Implements ``jax.scipy.stats.multivariate_normal.pdf``."""
    r = logpdf(x, mean, cov)
    return _wrap(ivy.exp(r._data), r.weak_type)
