"""The example frontend's conformance hook: what ``ivy/frontends/<fw>/_conformance.py`` defines."""
import ivy

from ._example_frontend import ndarray

ARRAY_TYPES = (ndarray,)


def from_numpy(a):
    return ndarray(ivy.asarray(a))


def to_numpy(x):
    return ivy.to_numpy(x._native)


def canonical_dtype(d):
    return d            # the example's dtypes are already canonical names


def dtype_from_name(name):
    return name
