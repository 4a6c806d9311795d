"""NumPy's dtypes: the real dtype objects and scalar types, NEP 50 promotion by numpy itself.

``np.float32`` here *is* ``numpy.float32`` and ``a.dtype`` a ``numpy.dtype``: where NumPy returns
a scalar (a 0-d reduction, ``a[i]`` of a 1-d array) the frontend returns a real NumPy scalar on the
host, as NumPy does. Promotion of dtypes and Python scalars (weak, NEP 50) is numpy's own
``result_type`` applied to dtype objects -- metadata only; the arrays stay on the backend.
bfloat16 (no NumPy dtype) is ml_dtypes' ``bfloat16``, as JAX presents it.
"""
from __future__ import annotations

import ml_dtypes
import numpy as np

from ivy.core import dtypes as D
from ivy.frontends._shared import native_name  # noqa: F401 - re-exported to the modules

NP = {name: np.dtype(ml_dtypes.bfloat16 if name == "bfloat16" else name) for name in D.ALL}
NAME = {dt: name for name, dt in NP.items()}
_PY_NUMBERS = (bool, int, float, complex)
_INT_BOUNDS = {name: (int(np.iinfo(name).min), int(np.iinfo(name).max)) for name in D.INTEGRAL}
INTEGRAL = frozenset(D.INTEGRAL)
INEXACT = frozenset(D.FLOATING)


def name_of(dtype, fn: str = "dtype") -> str:
    """Canonical name of anything ``np.dtype`` accepts (a dtype, a scalar type, ``float``, 'f4')."""
    try:
        return NAME[dtype]
    except (KeyError, TypeError):
        pass
    dt = np.dtype(dtype)
    try:
        return NAME[dt]
    except KeyError:
        raise NotImplementedError(f"{fn}: dtype {dt} is not supported by ivy's numpy frontend "
                                  f"(numeric and bool dtypes only)") from None


# NumPy's accumulator for sums and products of small integers and bools (np.sum, np.add.reduce,
# cumsum, trace): the platform int, unsigned for unsigned inputs
ACCUMULATOR = {"bool": "int64", "int8": "int64", "int16": "int64", "int32": "int64",
               "uint8": "uint64", "uint16": "uint64", "uint32": "uint64"}


def check_python_int(value: int, name: str) -> None:
    """NEP 50: a Python int that the integer result dtype cannot hold is an OverflowError."""
    bounds = _INT_BOUNDS.get(name)
    if bounds is not None and not bounds[0] <= value <= bounds[1]:
        raise OverflowError(f"Python integer {value} out of bounds for {name}")


def result_name(items) -> str:
    """NumPy's result dtype name of ``items``: dtype objects (strong) and Python numbers (weak)."""
    return NAME[np.result_type(*items)]
