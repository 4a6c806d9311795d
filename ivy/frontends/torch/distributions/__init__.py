"""``torch.distributions`` on the torch frontend: distributions written on frontend tensors, so
``rsample``/``log_prob`` gradients flow through the frontend's autograd on every backend with
one, and seeded samples draw torch's own numbers (the samplers of ``_random``).

Present: Bernoulli, Beta, Categorical, Cauchy, Chi2, Dirichlet, Exponential, Gamma, HalfNormal,
Independent, Laplace, LogNormal, MixtureSameFamily, MultivariateNormal, Normal,
OneHotCategorical(StraightThrough), Poisson, RelaxedOneHotCategorical, StudentT, Uniform,
TransformedDistribution with the Abs/Exp/Affine/Sigmoid/Tanh/Compose/Independent transforms,
``constraints``, ``kl_divergence``/``register_kl`` for torch's pairs among these. The other
names of ``torch.distributions`` are absent (AttributeError).
Gamma/Beta/Dirichlet ``rsample`` differentiate by torch's own approximations
(``torch._standard_gamma_grad``, ``torch._dirichlet_grad``).
"""
from . import constraints, transforms  # noqa: F401
from .bernoulli import Bernoulli
from .beta import Beta
from .categorical import Categorical
from .cauchy import Cauchy
from .chi2 import Chi2
from .dirichlet import Dirichlet
from .distribution import Distribution
from .exp_family import ExponentialFamily
from .exponential import Exponential
from .gamma import Gamma
from .half_normal import HalfNormal
from .independent import Independent
from .kl import kl_divergence, register_kl
from .laplace import Laplace
from .log_normal import LogNormal
from .mixture_same_family import MixtureSameFamily
from .multivariate_normal import MultivariateNormal
from .normal import Normal
from .one_hot_categorical import OneHotCategorical, OneHotCategoricalStraightThrough
from .poisson import Poisson
from .relaxed_categorical import RelaxedOneHotCategorical
from .studentT import StudentT
from .transformed_distribution import TransformedDistribution
from .transforms import (AbsTransform, AffineTransform, ComposeTransform,  # noqa: F401
                         ExpTransform, IndependentTransform, SigmoidTransform, TanhTransform,
                         Transform, identity_transform)
from .uniform import Uniform

__all__ = ["AbsTransform", "AffineTransform", "Bernoulli", "Beta", "Categorical", "Cauchy", "Chi2",
           "ComposeTransform", "Dirichlet", "Distribution", "ExpTransform", "Exponential",
           "ExponentialFamily", "Gamma", "HalfNormal", "Independent", "IndependentTransform",
           "Laplace", "LogNormal", "MixtureSameFamily", "MultivariateNormal", "Normal",
           "OneHotCategorical", "OneHotCategoricalStraightThrough", "Poisson",
           "RelaxedOneHotCategorical", "SigmoidTransform", "StudentT", "TanhTransform", "Transform",
           "TransformedDistribution", "Uniform", "constraints", "identity_transform",
           "kl_divergence", "register_kl", "transforms"]
