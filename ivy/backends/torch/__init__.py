"""The torch backend: the core's primary functions on native ``torch.Tensor``s.

Semantics are the Array API 2024.12's (as array_api_strict implements them), not torch's own:
float64/int64/complex128 defaults, standard promotion, sum/prod integer widening, NaN-aware sign,
axis=() reducing nothing, squeeze refusing non-unit axes, unique with distinct NaNs, numpy 2's
solve rule. torch's unsigned gaps (uint16/32/64) are filled exactly inside the backend (see
``_common``); what cannot be done exactly raises ``IvyNotImplementedError``.
"""
import torch

from . import fft, linalg  # noqa: F401
from ._common import NAME  # noqa: F401
from ._creation import (arange, asarray, astype, device, dtype, empty, empty_like,  # noqa: F401
                        eye, from_dlpack, full, full_like, is_native_array, linspace, meshgrid,
                        ones, ones_like, shape, to_device, to_numpy, tril, triu, zeros, zeros_like)
from ._elementwise import FUNCTIONS as _ELEMENTWISE
from ._elementwise import clip  # noqa: F401
from ._manipulation import (broadcast_arrays, broadcast_to, concat, expand_dims,  # noqa: F401
                            flip, matmul, moveaxis, permute_dims, repeat, reshape, roll, squeeze,
                            stack, take, take_along_axis, tensordot, tile, where)
from ._reductions import (all, any, argmax, argmin, argsort, count_nonzero,  # noqa: F401
                          cumulative_prod, cumulative_sum, diff, isin, max, mean, min, nonzero,
                          prod, searchsorted, sort, std, sum, unique_all, unique_counts,
                          unique_inverse, unique_values, var)

NATIVE_ARRAY_TYPES = (torch.Tensor,)
# Eager gradients (ivy.autograd): torch's own autograd, in ``autograd.py``.
AUTOGRAD = "native"

globals().update(_ELEMENTWISE)
