"""``torch.nn`` Fold and Unfold."""
from .. import functional as F
from .utils import make_module

Fold = make_module(
    "Fold", "output_size, kernel_size, dilation=1, padding=0, stride=1",
    lambda self, input: F.fold(input, self.output_size, self.kernel_size, self.dilation,
                               self.padding, self.stride),
    lambda self: ("output_size={output_size}, kernel_size={kernel_size}, dilation={dilation}, "
                  "padding={padding}, stride={stride}".format(**self.__dict__)),
    module=__name__)
Unfold = make_module(
    "Unfold", "kernel_size, dilation=1, padding=0, stride=1",
    lambda self, input: F.unfold(input, self.kernel_size, self.dilation, self.padding,
                                 self.stride),
    lambda self: ("kernel_size={kernel_size}, dilation={dilation}, padding={padding}, "
                  "stride={stride}".format(**self.__dict__)),
    module=__name__)

__all__ = ["Fold", "Unfold"]
