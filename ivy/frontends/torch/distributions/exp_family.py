"""``torch.distributions.ExponentialFamily``: entropy (and KL, in ``kl``) from the log
normalizer's gradient (Bregman divergence)."""
from __future__ import annotations

from ivy.frontends import torch

from .distribution import Distribution

__all__ = ["ExponentialFamily"]


class ExponentialFamily(Distribution):
    """Implements ``torch.distributions.ExponentialFamily``."""

    @property
    def _natural_params(self):
        raise NotImplementedError

    def _log_normalizer(self, *natural_params):
        raise NotImplementedError

    @property
    def _mean_carrier_measure(self):
        raise NotImplementedError

    def entropy(self):
        result = -self._mean_carrier_measure
        params = [p.detach().requires_grad_() for p in self._natural_params]
        lg_normal = self._log_normalizer(*params)
        grads = torch.autograd.grad(lg_normal.sum(), params, create_graph=True)
        result = result + lg_normal
        for p, g in zip(params, grads):
            result = result - (p * g).reshape(tuple(self._batch_shape) + (-1,)).sum(-1)
        return result
