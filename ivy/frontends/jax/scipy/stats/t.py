"""``jax.scipy.stats.t``: Student's t density."""
from __future__ import annotations

import math

from ._common import _operands, _wrap, all_weak, const, ivy


def logpdf(x, df, loc=0, scale=1):
    """Implements ``jax.scipy.stats.t.logpdf``."""
    (v, n, m, s), name, weak = _operands("t.logpdf", x, df, loc, scale)
    z = ivy.divide(ivy.subtract(v, m), s)
    half = const(0.5, z)
    half_n1 = ivy.multiply(ivy.add(n, ivy.ones_like(n)), half)
    norm = ivy.subtract(ivy.lgamma(half_n1), ivy.lgamma(ivy.multiply(n, half)))
    norm = ivy.subtract(norm, ivy.multiply(half, ivy.log(ivy.multiply(n, const(math.pi, n)))))
    norm = ivy.subtract(norm, ivy.log(s))
    return _wrap(ivy.subtract(norm, ivy.multiply(half_n1, ivy.log1p(ivy.divide(ivy.square(z), n)))),
                 all_weak(x, df, loc, scale))


def pdf(x, df, loc=0, scale=1):
    """Implements ``jax.scipy.stats.t.pdf``."""
    r = logpdf(x, df, loc, scale)
    return _wrap(ivy.exp(r._data), r.weak_type)
