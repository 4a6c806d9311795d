"""``jax.dtypes``: JAX's dtypes are numpy's (bfloat16 from ml_dtypes); promotion is
``jax.numpy``'s lattice."""
from __future__ import annotations

import ml_dtypes
import numpy as np

from . import _dtypes as J
from .numpy import finfo, iinfo, issubdtype as _np_issubdtype, result_type  # noqa: F401

__all__ = ["TypePromotionError", "bfloat16", "canonicalize_dtype", "extended", "finfo", "float0",
           "iinfo", "issubdtype", "itemsize_bits", "prng_key", "result_type", "scalar_type_of"]

bfloat16 = ml_dtypes.bfloat16
float0 = np.dtype([("float0", np.void, 0)])


class TypePromotionError(ValueError):
    __module__ = "jax.dtypes"


class extended(np.generic):
    """``jax.dtypes.extended``: the abstract type of JAX's extended dtypes (PRNG keys)."""
    __module__ = "jax.dtypes"


class prng_key(extended):
    """``jax.dtypes.prng_key``: the abstract type of typed PRNG key dtypes."""
    __module__ = "jax.dtypes"


def canonicalize_dtype(dtype, allow_extended_dtype=False):
    """Implements `jax.dtypes.canonicalize_dtype` (64-bit types become 32-bit with x64 off)."""
    return J.NP[J.name_of(dtype, "canonicalize_dtype")]


def issubdtype(a, b):
    """Implements `jax.dtypes.issubdtype` (extended types included)."""
    t = getattr(a, "type", None)      # an extended dtype instance (key<fry>): its scalar type
    if not isinstance(a, type) and isinstance(t, type) and issubclass(t, extended):
        a = t
    if isinstance(a, type) and issubclass(a, extended):
        return isinstance(b, type) and issubclass(a, b)
    if isinstance(b, type) and issubclass(b, extended):
        return False
    return _np_issubdtype(a, b)


def scalar_type_of(x):
    """Implements `jax.dtypes.scalar_type_of`: the Python scalar type of ``x``'s kind."""
    kind = np.dtype(result_type(x)).kind
    return {"b": bool, "i": int, "u": int, "f": float, "V": float, "c": complex}[kind]


def itemsize_bits(dtype):
    """Implements `jax.dtypes.itemsize_bits`."""
    return J.NP[J.name_of(dtype, "itemsize_bits")].itemsize * 8
