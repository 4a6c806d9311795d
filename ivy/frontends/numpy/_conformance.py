"""The numpy frontend's conformance hook (see tests/frontends/README.md). NumPy scalars count as
0-d arrays here, as the real side's adapter counts them; whole-snippet tests
(tests/frontends/numpy/test_programs.py) check scalar-versus-array results."""
import numpy as np

import ivy

from ._array import _wrap, ndarray
from ._dtypes import name_of

ARRAY_TYPES = (ndarray, np.generic)
DTYPE_TYPES = (np.dtype, type)


def from_numpy(a):
    return _wrap(ivy.asarray(a))


def to_numpy(x):
    if isinstance(x, np.generic):
        return np.asarray(x)
    return np.asarray(ivy.to_numpy(x._data))


def canonical_dtype(d):
    return name_of(d)


def seed(n):
    from . import random
    random.seed(n)
