"""``torch.distributions.Dirichlet``."""
from __future__ import annotations

from ivy.frontends import torch
from ivy.frontends.torch.autograd import Function

from . import constraints
from .distribution import _expanded
from .exp_family import ExponentialFamily

__all__ = ["Dirichlet"]


class _Dirichlet(Function):
    """``torch._sample_dirichlet`` with torch's reparameterized gradient
    (``torch._dirichlet_grad`` through each component's Beta marginal)."""

    @staticmethod
    def forward(ctx, concentration):
        draws = torch._sample_dirichlet(concentration)
        ctx.save_for_backward(draws, concentration)
        return draws

    @staticmethod
    def backward(ctx, grad_output):
        x, concentration = ctx.saved_tensors
        total = concentration.sum(-1, True).expand_as(concentration)
        grad = torch._dirichlet_grad(x, concentration, total)
        return grad * (grad_output - (x * grad_output).sum(-1, True))


class Dirichlet(ExponentialFamily):
    """Implements ``torch.distributions.Dirichlet``: ``rsample`` is
    ``torch._sample_dirichlet(concentration)``."""
    arg_constraints = {"concentration": constraints.independent(constraints.positive, 1)}
    support = constraints.simplex
    has_rsample = True

    def __init__(self, concentration, validate_args=None):
        if concentration.dim() < 1:
            raise ValueError("`concentration` parameter must be at least one-dimensional.")
        self.concentration = concentration
        super().__init__(concentration.shape[:-1], concentration.shape[-1:],
                         validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        return _expanded(self, Dirichlet, batch_shape,
                         {"concentration": self._event_shape}, _instance)

    def rsample(self, sample_shape=()):
        return _Dirichlet.apply(self.concentration.expand(self._extended_shape(sample_shape)))

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        return torch.xlogy(self.concentration - 1.0, value).sum(-1) + \
            torch.lgamma(self.concentration.sum(-1)) - torch.lgamma(self.concentration).sum(-1)

    @property
    def mean(self):
        return self.concentration / self.concentration.sum(-1, True)

    @property
    def mode(self):
        shifted = (self.concentration - 1).clamp(min=0.0)
        mode = shifted / shifted.sum(-1, True)
        mask = (self.concentration < 1).all(dim=-1)
        mode[mask] = torch.nn.functional.one_hot(mode[mask].argmax(dim=-1),
                                                 shifted.shape[-1]).to(mode)
        return mode

    @property
    def variance(self):
        total = self.concentration.sum(-1, True)
        return self.concentration * (total - self.concentration) / \
            (total.pow(2) * (total + 1))

    def entropy(self):
        k = self.concentration.size(-1)
        total = self.concentration.sum(-1)
        return torch.lgamma(self.concentration).sum(-1) - torch.lgamma(total) - \
            (k - total) * torch.digamma(total) - \
            ((self.concentration - 1.0) * torch.digamma(self.concentration)).sum(-1)

    @property
    def _natural_params(self):
        return (self.concentration,)

    def _log_normalizer(self, x):
        return x.lgamma().sum(-1) - torch.lgamma(x.sum(-1))
