"""The jax frontend's conformance hook (see tests/frontends/README.md)."""
import ivy

from ._array import Array, _wrap
import numpy as np

from ._dtypes import _ScalarMeta, name_of

ARRAY_TYPES = (Array,)
DTYPE_TYPES = (np.dtype, _ScalarMeta)


def from_numpy(a):
    return _wrap(ivy.asarray(a))


def to_numpy(x):
    return ivy.to_numpy(x._data)


def canonical_dtype(d):
    return name_of(d)


def weak_type(x) -> bool:
    return x.weak_type


def dtype_from_name(name):
    from .numpy import dtype
    return dtype(name if name != "bfloat16" else __import__("ml_dtypes").bfloat16)


def key(n):
    from .random import PRNGKey
    return PRNGKey(n)
