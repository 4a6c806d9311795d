"""``torch.nn`` LayerNorm, GroupNorm, RMSNorm, LocalResponseNorm and CrossMapLRN2d."""
import importlib
import numbers

from .. import functional as F
from .. import init
from ..._creation import empty
from ..parameter import Parameter
from .module import Module

_torch = importlib.import_module("ivy.frontends.torch")

__all__ = ["LayerNorm", "GroupNorm", "RMSNorm", "LocalResponseNorm", "CrossMapLRN2d"]


def _affine(module, on, shape, bias, device, dtype, names=("weight", "bias")):
    """Register the affine parameters (``None`` when off), as torch's normalization layers do."""
    weight_name, bias_name = names
    if on:
        setattr(module, weight_name, Parameter(empty(shape, device=device, dtype=dtype)))
        if bias:
            setattr(module, bias_name, Parameter(empty(shape, device=device, dtype=dtype)))
        else:
            module.register_parameter(bias_name, None)
    else:
        module.register_parameter(weight_name, None)
        module.register_parameter(bias_name, None)


def _ones_zeros(module, on):
    if on:
        init.ones_(module.weight)
        if module.bias is not None:
            init.zeros_(module.bias)


class LayerNorm(Module):
    """Implements ``torch.nn.LayerNorm``."""
    __constants__ = ["normalized_shape", "eps", "elementwise_affine"]

    def __init__(self, normalized_shape, eps=1e-05, elementwise_affine=True, bias=True,
                 device=None, dtype=None):
        super().__init__()
        if isinstance(normalized_shape, numbers.Integral):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        _affine(self, elementwise_affine, self.normalized_shape, bias, device, dtype)
        self.reset_parameters()

    def reset_parameters(self):
        _ones_zeros(self, self.elementwise_affine)

    def forward(self, input):
        return F.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return ("{normalized_shape}, eps={eps}, elementwise_affine={elementwise_affine}, "
                "bias={use_bias}".format(**self.__dict__, use_bias=self.bias is not None))


class GroupNorm(Module):
    """Implements ``torch.nn.GroupNorm``."""
    __constants__ = ["num_groups", "num_channels", "eps", "affine"]

    def __init__(self, num_groups, num_channels, eps=1e-05, affine=True, device=None, dtype=None,
                 *, bias=True):
        super().__init__()
        if num_channels % num_groups != 0:
            raise ValueError(f"num_channels ({num_channels}) must be divisible by num_groups "
                             f"({num_groups})")
        self.num_groups = num_groups
        self.num_channels = num_channels
        self.eps = eps
        self.affine = affine
        _affine(self, affine, num_channels, bias, device, dtype)
        self.reset_parameters()

    def reset_parameters(self):
        _ones_zeros(self, self.affine)

    def forward(self, input):
        return F.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return ("{num_groups}, {num_channels}, eps={eps}, affine={affine}, bias={use_bias}"
                .format(**self.__dict__, use_bias=self.bias is not None))


class RMSNorm(Module):
    """Implements ``torch.nn.RMSNorm``."""
    __constants__ = ["normalized_shape", "eps", "elementwise_affine"]

    def __init__(self, normalized_shape, eps=None, elementwise_affine=True, device=None,
                 dtype=None):
        super().__init__()
        if isinstance(normalized_shape, numbers.Integral):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        if elementwise_affine:
            self.weight = Parameter(empty(self.normalized_shape, device=device, dtype=dtype))
        else:
            self.register_parameter("weight", None)
        self.reset_parameters()

    def reset_parameters(self):
        if self.elementwise_affine:
            init.ones_(self.weight)

    def forward(self, x):
        return F.rms_norm(x, self.normalized_shape, self.weight, self.eps)

    def extra_repr(self):
        return ("{normalized_shape}, eps={eps}, elementwise_affine={elementwise_affine}"
                .format(**self.__dict__))


class LocalResponseNorm(Module):
    """Implements ``torch.nn.LocalResponseNorm``."""
    __constants__ = ["size", "alpha", "beta", "k"]

    def __init__(self, size, alpha=0.0001, beta=0.75, k=1.0):
        super().__init__()
        self.size, self.alpha, self.beta, self.k = size, alpha, beta, k

    def forward(self, input):
        return F.local_response_norm(input, self.size, self.alpha, self.beta, self.k)

    def extra_repr(self):
        return "{size}, alpha={alpha}, beta={beta}, k={k}".format(**self.__dict__)


class CrossMapLRN2d(Module):
    """Implements ``torch.nn.CrossMapLRN2d`` (4-D input)."""

    def __init__(self, size, alpha=0.0001, beta=0.75, k=1):
        super().__init__()
        self.size, self.alpha, self.beta, self.k = size, alpha, beta, k

    def forward(self, input):
        if input.dim() != 4:
            raise ValueError(f"CrossMapLRN2d: Expected input to be 4D, got {input.dim()}D "
                             f"instead.")
        # torch's legacy running window over channels (it drops channel c - pre_pad only once
        # c > pre_pad, so it is not local_response_norm's centred window)
        square = input * input
        channels = input.size(1)
        pre_pad = int((self.size - 1) / 2 + 1)
        current = square[:, :min(pre_pad, channels)].sum(1)
        scales = [current]
        for c in range(1, channels):
            if c < channels - pre_pad + 1:
                current = current + square[:, c + pre_pad - 1]
            if c > pre_pad:
                current = current - square[:, c - pre_pad]
            scales.append(current)
        scale = _torch.stack(scales, 1) * (self.alpha / self.size) + self.k
        return scale.pow(-self.beta) * input

    def extra_repr(self):
        return "{size}, alpha={alpha}, beta={beta}, k={k}".format(**self.__dict__)
