"""Exhaustive checks the sampled contract rows can miss (found by ``tools/mutation.py``): every
pair of Array API dtypes promotes as array-api-strict says, Python scalars follow the standard's
rules, and functions that need a matrix refuse a vector.
"""
import itertools

import numpy as np
import pytest

import ivy

xps = pytest.importorskip("array_api_strict")

NAMES = ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
         "float32", "float64", "complex64", "complex128")


NAME_OF = {getattr(xps, n): n for n in NAMES}


def _strict(*items):
    try:
        return NAME_OF[xps.result_type(*items)]
    except TypeError:
        return TypeError


def _ours(xp, *items):
    try:
        return xp.result_type(*items)
    except TypeError:
        return TypeError


@pytest.mark.parametrize("a", NAMES)
def test_result_type_of_every_dtype_pair(xp, a):
    """The Array API table (mixed kinds raise, mixed signedness widens, uint64 with a signed
    integer raises)."""
    got = {b: _ours(xp, a, b) for b in NAMES}
    want = {b: _strict(getattr(xps, a), getattr(xps, b)) for b in NAMES}
    assert got == want


@pytest.mark.parametrize("name, scalar", list(itertools.product(NAMES, (3, 2.5, 1j)))
                         + [("bool", True)])
def test_result_type_with_a_python_scalar(xp, name, scalar):
    """A scalar takes the array's dtype where its kind allows, else TypeError (complex with a
    real float goes complex)."""
    x = xp.asarray(np.zeros(2, dtype=name))
    assert _ours(xp, x, scalar) == _strict(xps.zeros(2, dtype=getattr(xps, name)), scalar)


@pytest.mark.parametrize("fn", ["matrix_transpose", "linalg.matrix_transpose", "linalg.det",
                                "linalg.inv"])
def test_matrix_functions_refuse_a_vector(xp, fn):
    f = xp
    for part in fn.split("."):
        f = getattr(f, part)
    # the error names the function (not a permute/reshape it happened to call)
    with pytest.raises((ValueError, RuntimeError), match=fn.split(".")[-1]):
        f(xp.asarray(np.ones(3)))
    ref = xps
    for part in fn.split("."):
        ref = getattr(ref, part)
    with pytest.raises((ValueError, RuntimeError)):
        ref(xps.ones(3))
