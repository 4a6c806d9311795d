"""``torch.nn`` padding modules: Constant/Zero/Reflection/Replication/Circular Pad1d/2d/3d."""
from .. import functional as F
from .module import Module
from .utils import _ntuple

_SIZES = {1: _ntuple(2), 2: _ntuple(4), 3: _ntuple(6)}


class _ConstantPadNd(Module):
    __constants__ = ["padding", "value"]

    def __init__(self, value):
        super().__init__()
        self.value = value

    def forward(self, input):
        return F.pad(input, self.padding, "constant", self.value)

    def extra_repr(self):
        return f"padding={self.padding}, value={self.value}"


class _ModePadNd(Module):
    __constants__ = ["padding"]
    _mode = _dims = None

    def __init__(self, padding):
        super().__init__()
        self.padding = _SIZES[self._nd](padding)

    def forward(self, input):
        if self._dims is not None and input.dim() not in self._dims:
            raise ValueError(f"expected {self._dims[0]}D or {self._dims[1]}D input (got "
                             f"{input.dim()}D input)")
        return F.pad(input, self.padding, self._mode)

    def extra_repr(self):
        return f"{self.padding}"


def _named(name, bases, namespace):
    return type(name, bases, {"__module__": __name__, "__doc__": f"Implements ``torch.nn.{name}``.",
                              **namespace})


def _constant(nd):
    def __init__(self, padding, value):
        _ConstantPadNd.__init__(self, value)
        self.padding = _SIZES[nd](padding)
    return _named(f"ConstantPad{nd}d", (_ConstantPadNd,), {"__init__": __init__})


def _zero(nd, base):
    def __init__(self, padding):
        base.__init__(self, padding, 0.0)
    return _named(f"ZeroPad{nd}d", (base,), {"__init__": __init__,
                                             "extra_repr": _ModePadNd.extra_repr})


def _mode(kind, mode, nd, dims=None):
    return _named(f"{kind}Pad{nd}d", (_ModePadNd,), {"_mode": mode, "_nd": nd, "_dims": dims})


ConstantPad1d, ConstantPad2d, ConstantPad3d = (_constant(n) for n in (1, 2, 3))
ZeroPad1d, ZeroPad2d, ZeroPad3d = (_zero(n, c) for n, c in ((1, ConstantPad1d),
                                                            (2, ConstantPad2d),
                                                            (3, ConstantPad3d)))
ReflectionPad1d, ReflectionPad2d, ReflectionPad3d = (_mode("Reflection", "reflect", n)
                                                     for n in (1, 2, 3))
ReplicationPad1d, ReplicationPad2d, ReplicationPad3d = (_mode("Replication", "replicate", n)
                                                        for n in (1, 2, 3))
CircularPad1d, CircularPad2d, CircularPad3d = (_mode("Circular", "circular", n, (n + 1, n + 2))
                                               for n in (1, 2, 3))

__all__ = [f"{kind}Pad{n}d" for kind in ("Constant", "Zero", "Reflection", "Replication",
                                         "Circular") for n in (1, 2, 3)]
