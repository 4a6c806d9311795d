"""The jax frontend's conformance hook (see tests/frontends/README.md)."""
import ivy

from ._array import Array, _wrap
import numpy as np

from ._dtypes import _ScalarMeta, raw_name

ARRAY_TYPES = (Array,)
DTYPE_TYPES = (np.dtype, _ScalarMeta)


def from_numpy(a):
    return _wrap(ivy.asarray(a))


def to_numpy(x):
    return ivy.to_numpy(x._data)


def canonical_dtype(d):
    """A dtype's own name (x64 canonicalization is the functions' business, not the reader's)."""
    return raw_name(d)


def weak_type(x) -> bool:
    return x.weak_type


def dtype_from_name(name):
    from .numpy import dtype
    return dtype(name if name != "bfloat16" else __import__("ml_dtypes").bfloat16)


def scope():
    """The conformance suite runs real JAX with x64 on; the frontend's flag follows it."""
    from ._runtime import enable_x64
    return enable_x64(True)


def key(n):
    from .random import PRNGKey
    return PRNGKey(n)
