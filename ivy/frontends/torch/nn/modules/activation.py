"""``torch.nn`` activation modules: thin wrappers over ``nn.functional`` built from one table;
Hardtanh/ReLU6/PReLU/Softmax2d, which carry extra logic, are written out."""
import warnings

from .. import functional as F
from .. import init
from ..._creation import empty
from ..parameter import Parameter
from .module import Module
from .utils import make_module


def _inplace_only(self):
    return "inplace=True" if self.inplace else ""


def _with_inplace(template):
    def extra_repr(self):
        return template.format(**self.__dict__) + (", inplace=True" if self.inplace else "")
    return extra_repr


def _fields(template):
    def extra_repr(self):
        return template.format(**self.__dict__)
    return extra_repr


# name: (__init__ parameters (None: Module's), forward, extra_repr)
_TABLE = {
    "Threshold": ("threshold, value, inplace=False",
                  lambda self, input: F.threshold(input, self.threshold, self.value, self.inplace),
                  _with_inplace("threshold={threshold}, value={value}")),
    "ReLU": ("inplace=False", lambda self, input: F.relu(input, inplace=self.inplace),
             _inplace_only),
    "RReLU": ("lower=0.125, upper=0.3333333333333333, inplace=False",
              lambda self, input: F.rrelu(input, self.lower, self.upper, self.training,
                                          self.inplace),
              _with_inplace("lower={lower}, upper={upper}")),
    "Sigmoid": (None, lambda self, input: F.sigmoid(input), None),
    "Hardsigmoid": ("inplace=False", lambda self, input: F.hardsigmoid(input, self.inplace), None),
    "Tanh": (None, lambda self, input: F.tanh(input), None),
    "SiLU": ("inplace=False", lambda self, input: F.silu(input, inplace=self.inplace),
             _inplace_only),
    "Mish": ("inplace=False", lambda self, input: F.mish(input, inplace=self.inplace),
             _inplace_only),
    "Hardswish": ("inplace=False", lambda self, input: F.hardswish(input, self.inplace), None),
    "ELU": ("alpha=1.0, inplace=False", lambda self, input: F.elu(input, self.alpha, self.inplace),
            _with_inplace("alpha={alpha}")),
    "CELU": ("alpha=1.0, inplace=False",
             lambda self, input: F.celu(input, self.alpha, self.inplace),
             _with_inplace("alpha={alpha}")),
    "SELU": ("inplace=False", lambda self, input: F.selu(input, self.inplace), _inplace_only),
    "GLU": ("dim=-1", lambda self, input: F.glu(input, self.dim), _fields("dim={dim}")),
    "GELU": ("approximate='none'",
             lambda self, input: F.gelu(input, approximate=self.approximate),
             lambda self: f"approximate={self.approximate!r}"),
    "Hardshrink": ("lambd=0.5", lambda self, input: F.hardshrink(input, self.lambd),
                   _fields("{lambd}")),
    "LeakyReLU": ("negative_slope=0.01, inplace=False",
                  lambda self, input: F.leaky_relu(input, self.negative_slope, self.inplace),
                  _with_inplace("negative_slope={negative_slope}")),
    "LogSigmoid": (None, lambda self, input: F.logsigmoid(input), None),
    "Softplus": ("beta=1.0, threshold=20.0",
                 lambda self, input: F.softplus(input, self.beta, self.threshold),
                 _fields("beta={beta}, threshold={threshold}")),
    "Softshrink": ("lambd=0.5", lambda self, input: F.softshrink(input, self.lambd),
                   _fields("{lambd}")),
    "Softsign": (None, lambda self, input: F.softsign(input), None),
    "Tanhshrink": (None, lambda self, input: F.tanhshrink(input), None),
    "Softmin": ("dim=None", lambda self, input: F.softmin(input, self.dim, _stacklevel=5),
                _fields("dim={dim}")),
    "Softmax": ("dim=None", lambda self, input: F.softmax(input, self.dim, _stacklevel=5),
                _fields("dim={dim}")),
    "LogSoftmax": ("dim=None", lambda self, input: F.log_softmax(input, self.dim, _stacklevel=5),
                   _fields("dim={dim}")),
}

for _name, (_params, _forward, _repr) in _TABLE.items():
    globals()[_name] = make_module(_name, _params, _forward, _repr, module=__name__)
del _name, _params, _forward, _repr


class Hardtanh(Module):
    """Implements ``torch.nn.Hardtanh``."""

    def __init__(self, min_val=-1.0, max_val=1.0, inplace=False, min_value=None, max_value=None):
        super().__init__()
        if min_value is not None:
            warnings.warn("keyword argument `min_value` is deprecated and rename to `min_val`",
                          FutureWarning, stacklevel=2)
            min_val = min_value
        if max_value is not None:
            warnings.warn("keyword argument `max_value` is deprecated and rename to `max_val`",
                          FutureWarning, stacklevel=2)
            max_val = max_value
        self.min_val, self.max_val, self.inplace = min_val, max_val, inplace
        if self.max_val <= self.min_val:
            raise AssertionError(f"max_val ({self.max_val}) must be greater than min_val "
                                 f"({self.min_val})")

    def forward(self, input):
        return F.hardtanh(input, self.min_val, self.max_val, self.inplace)

    extra_repr = _with_inplace("min_val={min_val}, max_val={max_val}")


class ReLU6(Hardtanh):
    """Implements ``torch.nn.ReLU6``."""

    def __init__(self, inplace=False):
        super().__init__(0.0, 6.0, inplace)

    extra_repr = _inplace_only


class PReLU(Module):
    """Implements ``torch.nn.PReLU``: one learnable slope, or one per channel."""

    def __init__(self, num_parameters=1, init=0.25, device=None, dtype=None):
        self.num_parameters = num_parameters
        super().__init__()
        self.init = init
        self.weight = Parameter(empty(num_parameters, device=device, dtype=dtype))
        self.reset_parameters()

    def reset_parameters(self):
        init.constant_(self.weight, self.init)

    def forward(self, input):
        return F.prelu(input, self.weight)

    extra_repr = _fields("num_parameters={num_parameters}")


class Softmax2d(Module):
    """Implements ``torch.nn.Softmax2d``."""

    def forward(self, input):
        if input.dim() not in (3, 4):
            raise ValueError(f"Softmax2d: expected input to be 3D or 4D, got {input.dim()}D "
                             f"instead")
        return F.softmax(input, -3, _stacklevel=5)


__all__ = [*_TABLE, "Hardtanh", "ReLU6", "PReLU", "Softmax2d", "MultiheadAttention"]

from .activation_attention import MultiheadAttention, NonDynamicallyQuantizableLinear  # noqa: E402,F401 (torch keeps it here)
