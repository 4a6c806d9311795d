"""``torch.distributions`` on the torch frontend: distributions written on frontend tensors, so
``rsample``/``log_prob`` gradients flow through the frontend's autograd on every backend with
one, and seeded samples draw torch's own numbers (the samplers of ``_random``).

Present: Bernoulli, Beta, Categorical, Dirichlet, Exponential, Gamma, Independent, Laplace,
LogNormal, MultivariateNormal, Normal, OneHotCategorical(StraightThrough), Poisson, Uniform,
TransformedDistribution with the Exp/Affine/Sigmoid/Tanh/Compose/Independent transforms,
``constraints``, ``kl_divergence``/``register_kl`` for torch's pairs among these. The other names of ``torch.distributions`` are absent (AttributeError).
Gamma/Beta/Dirichlet ``rsample`` differentiate by torch's own approximations
(``torch._standard_gamma_grad``, ``torch._dirichlet_grad``).
"""
from . import constraints, transforms  # noqa: F401
from .bernoulli import Bernoulli
from .beta import Beta
from .categorical import Categorical
from .dirichlet import Dirichlet
from .distribution import Distribution
from .exp_family import ExponentialFamily
from .exponential import Exponential
from .gamma import Gamma
from .independent import Independent
from .kl import kl_divergence, register_kl
from .laplace import Laplace
from .log_normal import LogNormal
from .multivariate_normal import MultivariateNormal
from .normal import Normal
from .one_hot_categorical import OneHotCategorical, OneHotCategoricalStraightThrough
from .poisson import Poisson
from .transformed_distribution import TransformedDistribution
from .transforms import (AffineTransform, ComposeTransform, ExpTransform,  # noqa: F401
                         IndependentTransform, SigmoidTransform, TanhTransform, Transform,
                         identity_transform)
from .uniform import Uniform

__all__ = ["AffineTransform", "Bernoulli", "Beta", "Categorical", "ComposeTransform",
           "Dirichlet", "Distribution", "ExpTransform", "Exponential", "ExponentialFamily",
           "Gamma", "Independent", "IndependentTransform", "Laplace", "LogNormal",
           "MultivariateNormal", "Normal", "OneHotCategorical", "OneHotCategoricalStraightThrough",
           "Poisson",
           "SigmoidTransform", "TanhTransform", "Transform", "TransformedDistribution",
           "Uniform", "constraints", "identity_transform", "kl_divergence", "register_kl",
           "transforms"]
