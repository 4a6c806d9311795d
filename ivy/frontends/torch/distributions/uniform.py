"""``torch.distributions.Uniform``."""
from __future__ import annotations

from ivy.frontends import torch

from . import constraints
from .distribution import Distribution, _expanded
from .utils import _Number, broadcast_all

__all__ = ["Uniform"]


class Uniform(Distribution):
    """Implements ``torch.distributions.Uniform`` on ``[low, high)``: ``rsample`` is
    ``low + torch.rand(shape) * (high - low)``."""
    has_rsample = True

    def __init__(self, low, high, validate_args=None):
        self.low, self.high = broadcast_all(low, high)
        scalar = isinstance(low, _Number) and isinstance(high, _Number)
        super().__init__(() if scalar else self.low.size(), validate_args=validate_args)

    @property
    def arg_constraints(self):
        return {"low": constraints.less_than(self.high),
                "high": constraints.greater_than(self.low)}

    def expand(self, batch_shape, _instance=None):
        return _expanded(self, Uniform, batch_shape, ("low", "high"), _instance)

    @property
    def mean(self):
        return (self.high + self.low) / 2

    @property
    def mode(self):
        return float("nan") * self.high

    @property
    def stddev(self):
        return (self.high - self.low) / 12 ** 0.5

    @property
    def variance(self):
        return (self.high - self.low).pow(2) / 12

    @constraints.dependent_property(is_discrete=False, event_dim=0)
    def support(self):
        return constraints.interval(self.low, self.high)

    def rsample(self, sample_shape=()):
        rand = torch.rand(self._extended_shape(sample_shape), dtype=self.low.dtype,
                          device=self.low.device)
        return self.low + rand * (self.high - self.low)

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        inside = self.low.le(value).type_as(self.low).mul(self.high.gt(value).type_as(self.low))
        return torch.log(inside) - torch.log(self.high - self.low)

    def cdf(self, value):
        if self._validate_args:
            self._validate_sample(value)
        return ((value - self.low) / (self.high - self.low)).clamp(min=0, max=1)

    def icdf(self, value):
        return value * (self.high - self.low) + self.low

    def entropy(self):
        return torch.log(self.high - self.low)
