"""A throwaway numpy frontend on the ivy core, for the conformance helper's own tests.

Not the real numpy frontend: five functions (``add``, ``sum``, ``argsort``, ``unique``,
``linalg.det``) written on core functions that every backend has early, enough to show rows
passing on each backend and deliberately broken variants failing. ``EXAMPLE`` wires it in, with
its conformance hook ``_example_conformance``.
"""
from __future__ import annotations

import sys
import types

import ivy
from ivy.core import dtypes as _dtypes

from .adapters import Frontend, HookAdapter


class ndarray:
    """The example's array: one native array of the selected backend."""
    __slots__ = ("_native",)

    def __init__(self, native):
        self._native = native

    @property
    def dtype(self) -> str:
        return ivy.dtype(self._native)

    @property
    def shape(self) -> tuple:
        return tuple(ivy.shape(self._native))

    def sum(self, axis=None, dtype=None, out=None, keepdims=False):
        return sum(self, axis=axis, dtype=dtype, out=out, keepdims=keepdims)


class AxisError(ValueError, IndexError):
    """Same name and bases as ``numpy.exceptions.AxisError``."""


class LinAlgError(ValueError):
    """Same name and base as ``numpy.linalg.LinAlgError``."""


def _native(x):
    return x._native if isinstance(x, ndarray) else ivy.asarray(x)


def _axis(axis: int, ndim: int) -> int:
    if not -ndim <= axis < ndim:
        raise AxisError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis % ndim


def add(x1, x2, /):
    a, b = _native(x1), _native(x2)
    if ivy.dtype(a) != ivy.dtype(b):
        raise NotImplementedError("example add: mixed dtypes are not supported")
    return ndarray(ivy.add(a, b))


# numpy sums small integers and bools in the platform integer (int64) / uint64.
_SUM_DTYPE = {"bool": "int64", **dict.fromkeys(_dtypes.SIGNED, "int64"),
              **dict.fromkeys(_dtypes.UNSIGNED, "uint64")}


def sum(a, axis=None, dtype=None, out=None, keepdims=False):
    if out is not None:
        raise NotImplementedError("example sum: out= is not supported")
    x = _native(a)
    ndim = len(ivy.shape(x))
    if ndim == 0 and axis in (0, -1):   # numpy quirk: an int axis 0/-1 is accepted on 0-d arrays
        axis = None
    if isinstance(axis, tuple):
        axis = tuple(_axis(i, ndim) for i in axis)
    elif axis is not None:
        axis = _axis(axis, ndim)
    dtype = dtype or _SUM_DTYPE.get(ivy.dtype(x))
    return ndarray(ivy.sum(x, axis=axis, dtype=dtype, keepdims=keepdims))


def argsort(a, axis=-1, kind=None, order=None, *, stable=None):
    if order is not None or axis is None:
        raise NotImplementedError("example argsort: order= and axis=None are not supported")
    x = _native(a)
    ndim = len(ivy.shape(x))
    if ndim == 0:
        raise NotImplementedError("example argsort: 0-d arrays are not supported")
    return ndarray(ivy.argsort(x, axis=_axis(axis, ndim), stable=True))


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
           equal_nan=True, sorted=True):
    if return_index or return_inverse or axis is not None:
        raise NotImplementedError("example unique: only return_counts= is supported")
    x = _native(ar)
    values, counts = ivy.unique_counts(x)
    order = ivy.argsort(values)   # the core leaves the order unspecified; numpy sorts
    values = ndarray(ivy.take(values, order))
    return (values, ndarray(ivy.take(counts, order))) if return_counts else values


def det(a):
    x = _native(a)
    shape = ivy.shape(x)
    if len(shape) < 2:
        raise LinAlgError(f"{len(shape)}-dimensional array given. Array must be at least "
                          "two-dimensional")
    if shape[-1] != shape[-2]:
        raise LinAlgError("Last 2 dimensions of the array must be square")
    return ndarray(ivy.linalg.det(x))


linalg = types.SimpleNamespace(det=det, LinAlgError=LinAlgError)


# The hook lives in its own module, as ``ivy/frontends/<fw>/_conformance.py`` will.
EXAMPLE = Frontend("numpy", root=sys.modules[__name__],
                   adapter=HookAdapter("numpy", f"{__package__}._example_conformance"))
