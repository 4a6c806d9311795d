"""``torch.nn`` Conv1d/2d/3d and ConvTranspose1d/2d/3d (torch's attributes, default init and
``padding_mode`` through ``F.pad``)."""
import math

from .. import functional as F
from .. import init
from ..._creation import empty
from ..parameter import Parameter, UninitializedParameter
from .lazy import LazyModuleMixin
from .module import Module
from .utils import _pair, _reverse_repeat_tuple, _single, _triple

__all__ = ["Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d",
           "LazyConv1d", "LazyConv2d", "LazyConv3d", "LazyConvTranspose1d", "LazyConvTranspose2d",
           "LazyConvTranspose3d"]

_PADDING_MODES = {"zeros", "reflect", "replicate", "circular"}


class _ConvNd(Module):
    __constants__ = ["stride", "padding", "dilation", "groups", "padding_mode", "output_padding",
                     "in_channels", "out_channels", "kernel_size"]

    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation,
                 transposed, output_padding, groups, bias, padding_mode, device=None, dtype=None):
        super().__init__()
        if groups <= 0:
            raise ValueError("groups must be a positive integer")
        if in_channels % groups != 0:
            raise ValueError("in_channels must be divisible by groups")
        if out_channels % groups != 0:
            raise ValueError("out_channels must be divisible by groups")
        if isinstance(padding, str):
            if padding not in {"same", "valid"}:
                raise ValueError(f"Invalid padding string {padding!r}, should be one of "
                                 f"{ {'same', 'valid'} }")
            if padding == "same" and any(s != 1 for s in stride):
                raise ValueError("padding='same' is not supported for strided convolutions")
        if padding_mode not in _PADDING_MODES:
            raise ValueError(f"padding_mode must be one of {_PADDING_MODES}, but got "
                             f"padding_mode='{padding_mode}'")
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding
        self.dilation = dilation
        self.transposed = transposed
        self.output_padding = output_padding
        self.groups = groups
        self.padding_mode = padding_mode
        if isinstance(self.padding, str):
            pads = [0, 0] * len(kernel_size)
            if padding == "same":
                for d, k, i in zip(dilation, kernel_size, range(len(kernel_size) - 1, -1, -1)):
                    total = d * (k - 1)
                    pads[2 * i], pads[2 * i + 1] = total // 2, total - total // 2
            self._reversed_padding_repeated_twice = pads
        else:
            self._reversed_padding_repeated_twice = _reverse_repeat_tuple(self.padding, 2)
        shape = ((in_channels, out_channels // groups) if transposed
                 else (out_channels, in_channels // groups))
        self.weight = Parameter(empty((*shape, *kernel_size), device=device, dtype=dtype))
        if bias:
            self.bias = Parameter(empty(out_channels, device=device, dtype=dtype))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self):
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in, _ = init._calculate_fan_in_and_fan_out(self.weight)
            bound = 1 / math.sqrt(fan_in) if fan_in > 0 else 0
            init.uniform_(self.bias, -bound, bound)

    def extra_repr(self):
        s = "{in_channels}, {out_channels}, kernel_size={kernel_size}, stride={stride}"
        if self.padding != (0,) * len(self.padding):
            s += ", padding={padding}"
        if self.dilation != (1,) * len(self.dilation):
            s += ", dilation={dilation}"
        if self.output_padding != (0,) * len(self.output_padding):
            s += ", output_padding={output_padding}"
        if self.groups != 1:
            s += ", groups={groups}"
        if self.bias is None:
            s += ", bias=False"
        if self.padding_mode != "zeros":
            s += ", padding_mode={padding_mode}"
        return s.format(**self.__dict__)

    def __setstate__(self, state):
        super().__setstate__(state)
        if not hasattr(self, "padding_mode"):
            self.padding_mode = "zeros"


def _conv_class(nd, ntuple, conv):
    class ConvNd(_ConvNd):
        def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                     dilation=1, groups=1, bias=True, padding_mode="zeros", device=None,
                     dtype=None):
            super().__init__(in_channels, out_channels, ntuple(kernel_size), ntuple(stride),
                             padding if isinstance(padding, str) else ntuple(padding),
                             ntuple(dilation), False, ntuple(0), groups, bias, padding_mode,
                             device, dtype)

        def _conv_forward(self, input, weight, bias):
            if self.padding_mode != "zeros":
                return conv(F.pad(input, self._reversed_padding_repeated_twice,
                                  mode=self.padding_mode),
                            weight, bias, self.stride, ntuple(0), self.dilation, self.groups)
            return conv(input, weight, bias, self.stride, self.padding, self.dilation,
                        self.groups)

        def forward(self, input):
            return self._conv_forward(input, self.weight, self.bias)

    ConvNd.__name__ = ConvNd.__qualname__ = f"Conv{nd}d"
    ConvNd.__doc__ = f"Implements ``torch.nn.Conv{nd}d``."
    return ConvNd


Conv1d = _conv_class(1, _single, F.conv1d)
Conv2d = _conv_class(2, _pair, F.conv2d)
Conv3d = _conv_class(3, _triple, F.conv3d)


class _ConvTransposeNd(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation,
                 transposed, output_padding, groups, bias, padding_mode, device=None, dtype=None):
        if padding_mode != "zeros":
            raise ValueError(f'Only "zeros" padding mode is supported for '
                             f'{self.__class__.__name__}')
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation,
                         transposed, output_padding, groups, bias, padding_mode, device, dtype)

    def _output_padding(self, input, output_size, stride, padding, kernel_size, num_spatial_dims,
                        dilation=None):
        if output_size is None:
            return _single(self.output_padding)
        num_non_spatial = 2 if input.dim() == num_spatial_dims + 2 else 1
        output_size = list(output_size)
        if len(output_size) == num_non_spatial + num_spatial_dims:
            output_size = output_size[num_non_spatial:]
        if len(output_size) != num_spatial_dims:
            raise ValueError(f"ConvTranspose{num_spatial_dims}D: for {input.dim()}D input, "
                             f"output_size must have {num_spatial_dims} or "
                             f"{num_non_spatial + num_spatial_dims} elements (got "
                             f"{len(output_size)})")
        min_sizes = [(input.size(d + num_non_spatial) - 1) * stride[d] - 2 * padding[d]
                     + (dilation[d] if dilation is not None else 1) * (kernel_size[d] - 1) + 1
                     for d in range(num_spatial_dims)]
        max_sizes = [m + s - 1 for m, s in zip(min_sizes, stride)]
        for size, lo, hi in zip(output_size, min_sizes, max_sizes):
            if size < lo or size > hi:
                raise ValueError(f"requested an output size of {output_size}, but valid sizes "
                                 f"range from {min_sizes} to {max_sizes} (for an input of "
                                 f"{input.size()[2:]})")
        return [s - m for s, m in zip(output_size, min_sizes)]


def _conv_transpose_class(nd, ntuple, conv):
    class ConvTransposeNd(_ConvTransposeNd):
        def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0,
                     output_padding=0, groups=1, bias=True, dilation=1, padding_mode="zeros",
                     device=None, dtype=None):
            super().__init__(in_channels, out_channels, ntuple(kernel_size), ntuple(stride),
                             ntuple(padding), ntuple(dilation), True, ntuple(output_padding),
                             groups, bias, padding_mode, device, dtype)

        def forward(self, input, output_size=None):
            if self.padding_mode != "zeros":
                raise ValueError(f"Only `zeros` padding mode is supported for "
                                 f"ConvTranspose{nd}d")
            output_padding = self._output_padding(input, output_size, self.stride, self.padding,
                                                  self.kernel_size, nd, self.dilation)
            return conv(input, self.weight, self.bias, self.stride, self.padding,
                        output_padding, self.groups, self.dilation)

    ConvTransposeNd.__name__ = ConvTransposeNd.__qualname__ = f"ConvTranspose{nd}d"
    ConvTransposeNd.__doc__ = f"Implements ``torch.nn.ConvTranspose{nd}d``."
    return ConvTransposeNd


ConvTranspose1d = _conv_transpose_class(1, _single, F.conv_transpose1d)
ConvTranspose2d = _conv_transpose_class(2, _pair, F.conv_transpose2d)
ConvTranspose3d = _conv_transpose_class(3, _triple, F.conv_transpose3d)


class _LazyConvXdMixin(LazyModuleMixin):
    def reset_parameters(self):
        if not self.has_uninitialized_params() and self.in_channels != 0:
            super().reset_parameters()

    def initialize_parameters(self, input, *args, **kwargs):
        if self.has_uninitialized_params():
            self.in_channels = self._get_in_channels(input)
            if self.in_channels % self.groups != 0:
                raise ValueError("in_channels must be divisible by groups")
            shape = ((self.in_channels, self.out_channels // self.groups) if self.transposed
                     else (self.out_channels, self.in_channels // self.groups))
            self.weight.materialize((*shape, *self.kernel_size))
            if self.bias is not None:
                self.bias.materialize((self.out_channels,))
            self.reset_parameters()

    def _get_in_channels(self, input):
        no_batch = len(self.kernel_size) + 1
        if input.dim() not in (no_batch, no_batch + 1):
            raise RuntimeError(f"Expected {no_batch}D (unbatched) or {no_batch + 1}D (batched) "
                               f"input to {self.__class__.__name__}, but got input of size: "
                               f"{input.shape}")
        return input.shape[1] if input.dim() == no_batch + 1 else input.shape[0]


def _lazy(base, transposed):
    def _init(self, out_channels, device, dtype, bias):
        self.weight = UninitializedParameter(device=device, dtype=dtype)
        self.out_channels = out_channels
        if bias:
            self.bias = UninitializedParameter(device=device, dtype=dtype)

    if transposed:
        def __init__(self, out_channels, kernel_size, stride=1, padding=0, output_padding=0,
                     groups=1, bias=True, dilation=1, padding_mode="zeros", device=None,
                     dtype=None):
            super(cls, self).__init__(0, 0, kernel_size, stride, padding, output_padding, groups,
                                      False, dilation, padding_mode, device, dtype)
            _init(self, out_channels, device, dtype, bias)
    else:
        def __init__(self, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                     bias=True, padding_mode="zeros", device=None, dtype=None):
            super(cls, self).__init__(0, 0, kernel_size, stride, padding, dilation, groups, False,
                                      padding_mode, device, dtype)
            _init(self, out_channels, device, dtype, bias)
    name = "Lazy" + base.__name__
    cls = type(name, (_LazyConvXdMixin, base), {
        "__init__": __init__, "cls_to_become": base, "__module__": __name__,
        "__doc__": f"Implements ``torch.nn.{name}``."})
    return cls


LazyConv1d, LazyConv2d, LazyConv3d = (_lazy(c, False) for c in (Conv1d, Conv2d, Conv3d))
LazyConvTranspose1d, LazyConvTranspose2d, LazyConvTranspose3d = (
    _lazy(c, True) for c in (ConvTranspose1d, ConvTranspose2d, ConvTranspose3d))
