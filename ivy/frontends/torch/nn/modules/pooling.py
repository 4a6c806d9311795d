"""``torch.nn`` pooling modules (max, average, LP, adaptive, unpooling, fractional) over
``nn.functional``; attributes and ``extra_repr`` as torch's."""
from .. import functional as F
from .module import Module
from .utils import _pair, _single, _triple

_NTUPLE = {1: _single, 2: _pair, 3: _triple}


def _named(cls, name):
    cls.__name__ = cls.__qualname__ = name
    cls.__doc__ = f"Implements ``torch.nn.{name}``."
    return cls


class _MaxPoolNd(Module):
    __constants__ = ["kernel_size", "stride", "padding", "dilation", "return_indices",
                     "ceil_mode"]

    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
                 ceil_mode=False):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def extra_repr(self):
        return ("kernel_size={kernel_size}, stride={stride}, padding={padding}, "
                "dilation={dilation}, ceil_mode={ceil_mode}".format(**self.__dict__))


def _max_pool(nd):
    fn = getattr(F, f"max_pool{nd}d")

    class MaxPoolNd(_MaxPoolNd):
        def forward(self, input):
            return fn(input, self.kernel_size, self.stride, self.padding, self.dilation,
                      ceil_mode=self.ceil_mode, return_indices=self.return_indices)
    return _named(MaxPoolNd, f"MaxPool{nd}d")


class _AvgPoolNd(Module):
    __constants__ = ["kernel_size", "stride", "padding", "ceil_mode", "count_include_pad"]

    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AvgPool1d(_AvgPoolNd):
    """Implements ``torch.nn.AvgPool1d``."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False,
                 count_include_pad=True):
        super().__init__()
        self.kernel_size = _single(kernel_size)
        self.stride = _single(stride if stride is not None else kernel_size)
        self.padding = _single(padding)
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad

    def forward(self, input):
        return F.avg_pool1d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                            self.count_include_pad)


def _avg_pool(nd):
    fn = getattr(F, f"avg_pool{nd}d")

    class AvgPoolNd(_AvgPoolNd):
        def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False,
                     count_include_pad=True, divisor_override=None):
            super().__init__()
            self.kernel_size = kernel_size
            self.stride = stride if stride is not None else kernel_size
            self.padding = padding
            self.ceil_mode = ceil_mode
            self.count_include_pad = count_include_pad
            self.divisor_override = divisor_override

        def forward(self, input):
            return fn(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                      self.count_include_pad, self.divisor_override)
    return _named(AvgPoolNd, f"AvgPool{nd}d")


class _LPPoolNd(Module):
    __constants__ = ["norm_type", "kernel_size", "stride", "ceil_mode"]

    def __init__(self, norm_type, kernel_size, stride=None, ceil_mode=False):
        super().__init__()
        self.norm_type = norm_type
        self.kernel_size = kernel_size
        self.stride = stride
        self.ceil_mode = ceil_mode

    def extra_repr(self):
        return ("norm_type={norm_type}, kernel_size={kernel_size}, stride={stride}, "
                "ceil_mode={ceil_mode}".format(**self.__dict__))


def _lp_pool(nd):
    fn = getattr(F, f"lp_pool{nd}d")

    class LPPoolNd(_LPPoolNd):
        def forward(self, input):
            return fn(input, float(self.norm_type), self.kernel_size, self.stride,
                      self.ceil_mode)
    return _named(LPPoolNd, f"LPPool{nd}d")


class _AdaptiveMaxPoolNd(Module):
    __constants__ = ["output_size", "return_indices"]

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def extra_repr(self):
        return f"output_size={self.output_size}"


class _AdaptiveAvgPoolNd(Module):
    __constants__ = ["output_size"]

    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    def extra_repr(self):
        return f"output_size={self.output_size}"


def _adaptive(nd, kind):
    fn = getattr(F, f"adaptive_{kind}_pool{nd}d")
    if kind == "max":
        class AdaptiveNd(_AdaptiveMaxPoolNd):
            def forward(self, input):
                return fn(input, self.output_size, self.return_indices)
    else:
        class AdaptiveNd(_AdaptiveAvgPoolNd):
            def forward(self, input):
                return fn(input, self.output_size)
    return _named(AdaptiveNd, f"Adaptive{kind.capitalize()}Pool{nd}d")


class _MaxUnpoolNd(Module):
    def extra_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


def _max_unpool(nd):
    fn, ntuple = getattr(F, f"max_unpool{nd}d"), _NTUPLE[nd]

    class MaxUnpoolNd(_MaxUnpoolNd):
        def __init__(self, kernel_size, stride=None, padding=0):
            super().__init__()
            self.kernel_size = ntuple(kernel_size)
            self.stride = ntuple(stride if stride is not None else kernel_size)
            self.padding = ntuple(padding)

        def forward(self, input, indices, output_size=None):
            return fn(input, indices, self.kernel_size, self.stride, self.padding, output_size)
    return _named(MaxUnpoolNd, f"MaxUnpool{nd}d")


def _fractional(nd):
    fn, ntuple = getattr(F, f"fractional_max_pool{nd}d"), _NTUPLE[nd]

    class FractionalMaxPoolNd(Module):
        __constants__ = ["kernel_size", "return_indices", "output_size", "output_ratio"]

        def __init__(self, kernel_size, output_size=None, output_ratio=None,
                     return_indices=False, _random_samples=None):
            super().__init__()
            if nd == 3 and (isinstance(kernel_size, int) and kernel_size <= 0 or isinstance(
                    kernel_size, (tuple, list)) and not all(k > 0 for k in kernel_size)):
                raise ValueError(f"kernel_size must be greater than 0, but got {kernel_size}")
            self.kernel_size = ntuple(kernel_size)
            self.return_indices = return_indices
            self.register_buffer("_random_samples", _random_samples)
            self.output_size = ntuple(output_size) if output_size is not None else None
            self.output_ratio = ntuple(output_ratio) if output_ratio is not None else None
            if output_size is None and output_ratio is None:
                raise ValueError(f"FractionalMaxPool{nd}d requires specifying either an output "
                                 f"size, or a pooling ratio")
            if output_size is not None and output_ratio is not None:
                raise ValueError("only one of output_size and output_ratio may be specified")
            if self.output_ratio is not None and not all(0 < r < 1 for r in self.output_ratio):
                raise ValueError(f"output_ratio must be between 0 and 1 (got {output_ratio})")

        def forward(self, input):
            return fn(input, self.kernel_size, self.output_size, self.output_ratio,
                      self.return_indices, _random_samples=self._random_samples)
    return _named(FractionalMaxPoolNd, f"FractionalMaxPool{nd}d")


MaxPool1d, MaxPool2d, MaxPool3d = (_max_pool(n) for n in (1, 2, 3))
AvgPool2d, AvgPool3d = _avg_pool(2), _avg_pool(3)
LPPool1d, LPPool2d, LPPool3d = (_lp_pool(n) for n in (1, 2, 3))
AdaptiveMaxPool1d, AdaptiveMaxPool2d, AdaptiveMaxPool3d = (_adaptive(n, "max") for n in (1, 2, 3))
AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveAvgPool3d = (_adaptive(n, "avg") for n in (1, 2, 3))
MaxUnpool1d, MaxUnpool2d, MaxUnpool3d = (_max_unpool(n) for n in (1, 2, 3))
FractionalMaxPool2d, FractionalMaxPool3d = _fractional(2), _fractional(3)

__all__ = ["MaxPool1d", "MaxPool2d", "MaxPool3d", "AvgPool1d", "AvgPool2d", "AvgPool3d",
           "LPPool1d", "LPPool2d", "LPPool3d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d",
           "AdaptiveMaxPool3d", "AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveAvgPool3d",
           "MaxUnpool1d", "MaxUnpool2d", "MaxUnpool3d", "FractionalMaxPool2d",
           "FractionalMaxPool3d"]
