"""The torch frontend's conformance hook (see tests/frontends/README.md)."""
import ivy

from . import _dtypes as T
from ._tensor import Tensor, _wrap

ARRAY_TYPES = (Tensor,)
DTYPE_TYPES = (T.dtype,)


def from_numpy(a):
    return _wrap(ivy.asarray(a))


def to_numpy(x):
    return ivy.to_numpy(x._data)


def canonical_dtype(d):
    return T.canonical(d)


def dtype_from_name(name):
    return T.BY_NAME[name]


def seed(n):
    from . import manual_seed
    manual_seed(n)
