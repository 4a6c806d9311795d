"""``torch.distributions.Laplace``."""
from __future__ import annotations

from ivy.frontends import torch

from .distribution import Distribution, _LocScale

__all__ = ["Laplace"]


class Laplace(_LocScale, Distribution):
    """Implements ``torch.distributions.Laplace``: ``rsample`` inverts the CDF at
    ``uniform_(eps - 1, 1)`` draws, as torch's."""

    @property
    def mean(self):
        return self.loc

    @property
    def variance(self):
        return 2 * self.scale.pow(2)

    @property
    def stddev(self):
        return (2 ** 0.5) * self.scale

    def rsample(self, sample_shape=()):
        eps = torch.finfo(self.loc.dtype).eps
        u = torch.empty(self._extended_shape(sample_shape), dtype=self.loc.dtype).uniform_(
            eps - 1, 1)
        return self.loc - self.scale * u.sign() * torch.log1p(-u.abs())

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        return -torch.log(2 * self.scale) - torch.abs(value - self.loc) / self.scale

    def cdf(self, value):
        if self._validate_args:
            self._validate_sample(value)
        return 0.5 - 0.5 * (value - self.loc).sign() * \
            torch.expm1(-(value - self.loc).abs() / self.scale)

    def icdf(self, value):
        term = value - 0.5
        return self.loc - self.scale * term.sign() * torch.log1p(-2 * term.abs())

    def entropy(self):
        return 1 + torch.log(2 * self.scale)
