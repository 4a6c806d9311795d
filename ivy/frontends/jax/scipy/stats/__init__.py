"""``jax.scipy.stats``: the distributions as submodules (``norm.logpdf``...)."""
from . import expon, laplace, logistic, multivariate_normal, norm, t, uniform  # noqa: F401
