"""``from ivy.frontends import torch``: PyTorch's API on ivy's core, on any backend.

Tensors wrap the selected backend's native arrays; promotion, dtypes and errors follow PyTorch
2.13. Select a backend first (``ivy.set_backend("jax")``).

Each implementation module below may define ``FUNCTIONS`` (``torch.<name>``, also installed as a
``Tensor`` method taking the tensor first), ``FUNCTIONS_ONLY`` (no method), ``METHODS``
(``Tensor.<name>`` only, taking ``self``) and ``PROPERTIES`` (``Tensor.<name>`` read-only
attributes); this file installs them, in order, so a later module overrides an earlier one.
"""
import importlib as _importlib

from ivy.frontends._shared import present_submodules as _present

from . import _ops
from ._creation import (arange, as_tensor, asarray, empty, empty_like, eye, from_numpy,  # noqa
                        full, full_like, linspace, ones, ones_like, tensor, zeros, zeros_like)
from ._dtypes import (DTYPES as _DTYPES, can_cast, dtype, finfo, get_default_dtype,  # noqa
                      iinfo, promote_types, result_type, set_default_dtype)
from ._tensor import Size, Tensor, device  # noqa: F401

_MODULES = ("_ops", "_reductions", "_manipulation", "_conversion", "_indexing", "_misc", "_random",
            "_linalg_ops", "_search", "_math_extra", "_layout", "_nn_aliases", "_runtime",
            "_serialization", "autograd")

globals().update(_DTYPES)
_ops.install(Tensor)
for _module_name in _MODULES:
    try:
        _module = _importlib.import_module(f"{__name__}.{_module_name}")
    except ModuleNotFoundError as _e:
        if _e.name != f"{__name__}.{_module_name}":
            raise
        continue
    _functions = getattr(_module, "FUNCTIONS", {})
    globals().update(_functions)
    globals().update(getattr(_module, "FUNCTIONS_ONLY", {}))
    if _module_name != "_ops":          # _ops.install made the methods and their in-place forms
        _ops.install_methods(Tensor, _functions)
    for _name, _fn in getattr(_module, "METHODS", {}).items():
        setattr(Tensor, _name, _fn)
    for _name, _fn in getattr(_module, "PROPERTIES", {}).items():
        setattr(Tensor, _name, property(_fn))
del _module_name, _module, _functions, _name, _fn

# torch.<name>_ : the in-place functions of the top-level namespace are the Tensor methods.
INPLACE_FUNCTIONS = (
    "abs_", "acos_", "acosh_", "addmv_", "arccos_", "arccosh_", "arcsin_", "arcsinh_", "arctan_",
    "arctanh_", "asin_", "asinh_", "atan_", "atanh_", "ceil_", "clamp_", "clamp_max_", "clamp_min_",
    "clip_", "cos_", "cosh_", "deg2rad_", "detach_", "erf_", "erfc_", "exp2_", "exp_", "expm1_",
    "fix_", "floor_", "frac_", "gcd_", "i0_", "lcm_", "ldexp_", "log10_", "log1p_", "log2_", "log_",
    "logit_", "neg_", "negative_", "rad2deg_", "reciprocal_", "resize_as_", "rsqrt_", "sigmoid_",
    "sin_", "sinc_", "sinh_", "sqrt_", "square_", "tan_", "tanh_", "trunc_")
for _name in INPLACE_FUNCTIONS:
    if _name not in globals() and hasattr(Tensor, _name):
        globals()[_name] = getattr(Tensor, _name)
del _name

# Submodules (torch.linalg, torch.fft, torch.special, torch.nn, ...) present so far.
globals().update(_present(__name__, ("linalg", "fft", "special", "nn", "optim", "autograd",
                                     "utils", "cuda", "backends", "distributions", "version",
                                     "torch_version", "jit")))
__version__ = torch_version.TorchVersion(version.__version__)   # noqa: F821 (compares as a version)
from ivy.core import trace as _trace  # noqa: E402
_trace.register_array_type(Tensor, "_data", frontend="torch",
                           wrap=_tensor._wrap, slots=("_grad",))   # ivy.trace_graph unwraps
bool = _DTYPES["bool"]   # noqa: A001 - torch.bool shadows the builtin inside this module, as in torch
from . import _runtime  # noqa: E402
_trace.register_host_state(_runtime._RNG.get)   # the default generator: draws are not traced
