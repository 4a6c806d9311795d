"""``torch.distributions.Gamma``."""
from __future__ import annotations

from ivy.frontends import torch
from ivy.frontends.torch.autograd import Function

from . import constraints
from .distribution import _expanded
from .exp_family import ExponentialFamily
from .utils import _Number, broadcast_all

__all__ = ["Gamma"]


class _StandardGamma(Function):
    """``torch._standard_gamma`` with torch's reparameterized gradient
    (``torch._standard_gamma_grad``)."""

    @staticmethod
    def forward(ctx, concentration):
        draws = torch._standard_gamma(concentration)
        ctx.save_for_backward(concentration, draws)
        return draws

    @staticmethod
    def backward(ctx, grad_output):
        concentration, draws = ctx.saved_tensors
        return grad_output * torch._standard_gamma_grad(concentration, draws)


def _standard_gamma(concentration):
    return _StandardGamma.apply(concentration)


class Gamma(ExponentialFamily):
    """Implements ``torch.distributions.Gamma``: ``rsample`` is
    ``torch._standard_gamma(concentration) / rate``, at least the dtype's smallest normal."""
    arg_constraints = {"concentration": constraints.positive, "rate": constraints.positive}
    support = constraints.nonnegative
    has_rsample = True
    _mean_carrier_measure = 0

    def __init__(self, concentration, rate, validate_args=None):
        self.concentration, self.rate = broadcast_all(concentration, rate)
        scalar = isinstance(concentration, _Number) and isinstance(rate, _Number)
        super().__init__(() if scalar else self.concentration.size(),
                         validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        return _expanded(self, Gamma, batch_shape, ("concentration", "rate"), _instance)

    @property
    def mean(self):
        return self.concentration / self.rate

    @property
    def mode(self):
        return ((self.concentration - 1) / self.rate).clamp(min=0)

    @property
    def variance(self):
        return self.concentration / self.rate.pow(2)

    def rsample(self, sample_shape=()):
        shape = self._extended_shape(sample_shape)
        value = _standard_gamma(self.concentration.expand(shape)) / self.rate.expand(shape)
        # torch clamps in place through ``value.detach()`` (values floored at the smallest
        # normal, the gradient untouched); the frontend's in-place write through a detached
        # view drops the base's gradient on jax/tensorflow, so the same is done out of place:
        # below ``tiny`` the difference is exact, elsewhere it is zero
        kept = value.detach()
        return value + (kept.clamp(min=torch.finfo(value.dtype).tiny) - kept)

    def log_prob(self, value):
        value = torch.as_tensor(value, dtype=self.rate.dtype)
        if self._validate_args:
            self._validate_sample(value)
        return torch.xlogy(self.concentration, self.rate) + \
            torch.xlogy(self.concentration - 1, value) - self.rate * value - \
            torch.lgamma(self.concentration)

    def entropy(self):
        return self.concentration - torch.log(self.rate) + torch.lgamma(self.concentration) + \
            (1.0 - self.concentration) * torch.digamma(self.concentration)

    @property
    def _natural_params(self):
        return self.concentration - 1, -self.rate

    def _log_normalizer(self, x, y):
        return torch.lgamma(x + 1) + (x + 1) * torch.log(-y.reciprocal())

    def cdf(self, value):
        if self._validate_args:
            self._validate_sample(value)
        return torch.special.gammainc(self.concentration, self.rate * value)
