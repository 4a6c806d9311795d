"""``jax._src.dtypes``: ``jax.dtypes`` plus the names libraries take from the private module."""
import numpy as np

from ..dtypes import *  # noqa: F401,F403
from ..dtypes import extended, finfo, TypePromotionError  # noqa: F401

DType = np.dtype


class ExtendedDType:
    """Base of JAX's extended dtypes (``dtypes.ExtendedDType``); ivy has none of its own, so a
    subclass can be declared but not used to make arrays."""
    type = extended


def supports_inf(dtype) -> bool:
    """Whether the floating dtype has infinities."""
    return bool(np.issubdtype(dtype, np.inexact) and np.isinf(
        np.array(np.inf).astype(dtype, copy=False)))
