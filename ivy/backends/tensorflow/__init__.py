"""The tensorflow backend: the core's primary functions on TF tensors (tf.Tensor, tf.Variable).

Every name of ``ivy.core.api.MAIN_PRIMARY`` is an attribute here; ``linalg`` and ``fft`` hold the
extensions. TF's dtype kernel gaps are one table, ``_base.KERNEL_GAPS``. No global TF behaviour is
changed (no numpy behaviour, no x64 switch: TF has 64-bit types natively).
"""
from . import _env  # noqa: F401  (first: sets TF's log level before TF is imported)
from . import fft, linalg  # noqa: F401
from ._base import NAME, NATIVE_ARRAY_TYPES  # noqa: F401
# Eager gradients (ivy.autograd): the core's generic tape, one ivy.vjp per recorded call.
AUTOGRAD = "tape"
from ._tape import compile_vjp  # noqa: E402,F401  (compiled per-call vjps for the tape)


def recorded_methods():
    """The tensor class and the differentiable operators the tape wraps while it records."""
    import tensorflow as tf
    return tf.Tensor, (
        "__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__",
        "__rtruediv__", "__pow__", "__rpow__", "__matmul__", "__rmatmul__", "__neg__", "__abs__",
        "__getitem__", "__mod__", "__rmod__")
from ._creation import (  # noqa: F401
    arange, asarray, astype, broadcast_arrays, broadcast_to, device, dtype, empty, empty_like, eye,
    from_dlpack, full, full_like, is_native_array, linspace, meshgrid, ones, ones_like, shape,
    to_device, to_numpy, tril, triu, zeros, zeros_like)
from ._elementwise import FUNCTIONS as _ELEMENTWISE, clip  # noqa: F401
from ._manipulation import (  # noqa: F401
    concat, expand_dims, flip, moveaxis, permute_dims, repeat, reshape, roll, squeeze, stack, take,
    take_along_axis, tile)
from ._search import (  # noqa: F401
    argmax, argmin, argsort, count_nonzero, isin, nonzero, searchsorted, sort, unique_all,
    unique_counts, unique_inverse, unique_values, where)
from ._statistics import (  # noqa: F401
    all, any, cumulative_prod, cumulative_sum, diff, max, mean, min, prod, std, sum, var)
from .linalg import matmul, tensordot  # noqa: F401

globals().update(_ELEMENTWISE)  # abs, add, ..., trunc: generated from tables
