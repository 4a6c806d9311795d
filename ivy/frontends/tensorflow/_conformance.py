"""The tensorflow frontend's conformance hook (see tests/frontends/README.md)."""
import numpy as np

import ivy

from ._dtypes import DType, name_of
from ._tensor import Readable, Tensor, wrap

ARRAY_TYPES = (Tensor, Readable)    # a tf.Variable compares by its value, as real ones do
DTYPE_TYPES = (DType,)


def from_numpy(a):
    return wrap(ivy.asarray(a))


def to_numpy(x):
    return np.asarray(ivy.to_numpy(x._data if type(x) is Tensor else x._read()))


def canonical_dtype(d):
    return name_of(d)


def dtype_from_name(name):
    from ._dtypes import BY_NAME
    return BY_NAME[name]


def seed(n):
    from ._random import set_seed
    set_seed(n)
