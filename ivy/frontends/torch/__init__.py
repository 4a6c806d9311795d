"""``from ivy.frontends import torch``: PyTorch's API on ivy's core, on any backend.

Tensors wrap the selected backend's native arrays; promotion, dtypes and errors follow PyTorch
2.13. Select a backend first (``ivy.set_backend("jax")``).
"""
from . import _conversion, _manipulation, _ops, _reductions
from ._creation import (arange, as_tensor, asarray, empty, empty_like, eye, from_numpy,  # noqa
                        full, full_like, linspace, ones, ones_like, tensor, zeros, zeros_like)
from ._dtypes import (DTYPES as _DTYPES, can_cast, dtype, finfo, get_default_dtype,  # noqa
                      iinfo, promote_types, result_type, set_default_dtype)
from ._tensor import Size, Tensor, device  # noqa: F401

globals().update(_DTYPES)
globals().update(_ops.FUNCTIONS)
globals().update(_reductions.FUNCTIONS)
_ops.install(Tensor)
_ops.install_methods(Tensor, _reductions.FUNCTIONS)
globals().update(_manipulation.FUNCTIONS)
_ops.install_methods(Tensor, _manipulation.FUNCTIONS)
for _name, _fn in {**_manipulation.METHODS, **_conversion.METHODS}.items():
    setattr(Tensor, _name, _fn)
for _name, _fn in _manipulation.PROPERTIES.items():
    setattr(Tensor, _name, property(_fn))
del _name, _fn
bool = _DTYPES["bool"]   # noqa: A001 - torch.bool shadows the builtin inside this module, as in torch
