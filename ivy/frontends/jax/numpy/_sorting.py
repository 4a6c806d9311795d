"""Sorting and searching: sort/argsort (NaNs last, complex lexicographic), lexsort, partition,
searchsorted, on ivy's core."""
from __future__ import annotations

import ivy
from ivy.core import dtypes as D

from .. import _dtypes as J
from .._array import _wrap, index_native, promote
from .._dtypes import native_name
from ._indexing import _arr, _axis, _ravel

_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_SEARCH_METHODS = ("compare_all", "scan", "scan_unrolled", "sort")


def _check_sort_args(kind, order, fn):
    if kind is not None:
        raise TypeError(f"'kind' argument to {fn} is not supported. Use stable=True or "
                        f"stable=False to specify {fn} stability.")
    if order is not None:
        raise TypeError(f"'order' argument to {fn} is not supported.")


def _sort_axis(a, axis):
    """(array, axis): axis None sorts the flattened array."""
    if axis is None:
        return _ravel(a), 0
    return a, _axis(axis, a.ndim)


def _argsort_native(x, axis, descending, stable):
    """int64 argsort; complex numbers sort by real part, then imaginary (like NumPy)."""
    if native_name(x) in _COMPLEX:
        re, im = ivy.real(x), ivy.imag(x)
        perm = ivy.argsort(im, axis=axis, descending=descending, stable=True)
        key = ivy.take_along_axis(re, perm, axis=axis)
        return ivy.take_along_axis(perm, ivy.argsort(key, axis=axis, descending=descending,
                                                     stable=True), axis=axis)
    return ivy.argsort(x, axis=axis, descending=descending, stable=stable)


def sort(a, axis=-1, *, kind=None, order=None, stable=True, descending=False):
    """Implements ``jnp.sort``."""
    _check_sort_args(kind, order, "sort")
    a, axis = _sort_axis(_arr(a, "sort"), axis)
    x = a._data
    if native_name(x) in _COMPLEX:
        out = ivy.take_along_axis(x, _argsort_native(x, axis, descending, stable), axis=axis)
    else:
        out = ivy.sort(x, axis=axis, descending=descending, stable=stable)
    return _wrap(out, a.weak_type)


def argsort(a, axis=-1, *, kind=None, order=None, stable=True, descending=False, dtype=None):
    """Implements ``jnp.argsort`` (int64 indices unless ``dtype``)."""
    _check_sort_args(kind, order, "argsort")
    a, axis = _sort_axis(_arr(a, "argsort"), axis)
    out = _argsort_native(a._data, axis, descending, stable)
    name = J.DEFAULT["int"] if dtype is None else J.name_of(dtype)
    return _wrap(out if native_name(out) == name else ivy.astype(out, name))


def sort_complex(a):
    """Implements ``jnp.sort_complex``: sorted along the last axis as complex numbers."""
    a = _arr(a, "sort_complex")
    name = native_name(a._data)
    if name not in _COMPLEX:
        name = "complex64" if J.inexact_name(name, a.weak_type) in ("float16", "bfloat16",
                                                                      "float32") else "complex128"
        name = J.canonical(name)
    x = ivy.astype(a._data, name) if native_name(a._data) != name else a._data
    return sort(_wrap(x, a.weak_type))


def lexsort(keys, axis=-1):
    """Implements ``jnp.lexsort``: the last key is the primary one."""
    if not isinstance(keys, (list, tuple)):
        keys = list(_arr(keys, "lexsort"))
    if len(keys) == 0:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    ks = [_arr(k, "lexsort") for k in keys]
    shape = ks[0].shape
    if any(k.shape != shape for k in ks):
        raise ValueError("all keys need to be the same shape")
    if not shape:
        raise TypeError("Cannot lexsort 0-dimensional arrays")
    axis = _axis(axis, len(shape))
    perm = None
    for k in ks:
        x = k._data
        if perm is None:
            perm = _argsort_native(x, axis, False, True)
        else:
            step = _argsort_native(ivy.take_along_axis(x, perm, axis=axis), axis, False, True)
            perm = ivy.take_along_axis(perm, step, axis=axis)
    return _wrap(index_native(perm))


def _partition(a, kth, axis, fn):
    a = _arr(a, fn)
    axis = _axis(axis, a.ndim)
    n = a.shape[axis]
    kth = int(kth)
    if not -n <= kth < n:
        raise ValueError(f"axis {kth} is out of bounds for array of dimension {n}")
    kth %= n
    x = ivy.moveaxis(a._data, axis, -1)
    # JAX's (top_k-based) order: the kth+1 smallest ascending (ties by index) first; then
    # partition gives the other values largest first, argpartition the other indices in order
    head, tail = (Ellipsis, slice(None, kth + 1)), (Ellipsis, slice(kth + 1, None))
    order = ivy.argsort(x, axis=-1, stable=True)
    idx = ivy.concat([ivy.get_item(order, head), ivy.sort(ivy.get_item(order, tail), axis=-1)],
                     axis=-1)
    s = ivy.take_along_axis(x, order, axis=-1)
    values = ivy.concat([ivy.get_item(s, head), ivy.flip(ivy.get_item(s, tail), axis=-1)],
                        axis=-1)
    return a, ivy.moveaxis(values, -1, axis), ivy.moveaxis(idx, -1, axis)


def partition(a, kth, axis=-1):
    """Implements ``jnp.partition``: the kth+1 smallest sorted first, then the rest largest
    first (JAX's top_k-based order)."""
    a, values, _ = _partition(a, kth, axis, "partition")
    return _wrap(values, a.weak_type)


def argpartition(a, kth, axis=-1):
    """Implements ``jnp.argpartition`` (int32 indices; the indices after kth in increasing
    order, as JAX gives them)."""
    _, _, idx = _partition(a, kth, axis, "argpartition")
    return _wrap(ivy.astype(idx, "int32"))


def searchsorted(a, v, side="left", sorter=None, *, method="scan"):
    """Implements ``jnp.searchsorted`` (int32 indices, as JAX)."""
    if side not in ("left", "right"):
        raise ValueError(f"invalid argument side={side!r}, expected 'left' or 'right'")
    if method not in _SEARCH_METHODS:
        raise ValueError(f"invalid argument method={method!r}, expected one of "
                         f"{list(_SEARCH_METHODS)}")
    a = _arr(a, "searchsorted")
    if a.ndim != 1:
        raise ValueError("a should be 1-dimensional")
    (x, y), name, _ = promote("searchsorted", a, v)
    if not ivy.is_native_array(y):
        y = ivy.asarray(y, dtype=name)
    if sorter is not None:
        x = ivy.take(x, _arr(sorter, "searchsorted")._data)
    if name in _COMPLEX:
        raise NotImplementedError("searchsorted: complex arrays are not supported")
    out = ivy.searchsorted(x, y, side=side)
    return _wrap(ivy.astype(out, "int32"))


FUNCTIONS = {f.__name__: f for f in (sort, argsort, sort_complex, lexsort, partition,
                                     argpartition, searchsorted)}


def _sort_method(self, axis=-1, *, kind=None, order=None, stable=True, descending=False):
    return sort(self, axis, kind=kind, order=order, stable=stable, descending=descending)


def _argsort_method(self, axis=-1, *, kind=None, order=None, stable=True, descending=False):
    return argsort(self, axis, kind=kind, order=order, stable=stable, descending=descending)


def _searchsorted_method(self, v, side="left", sorter=None, *, method="scan"):
    return searchsorted(self, v, side, sorter, method=method)


def _argpartition_method(self, kth, axis=-1):
    return argpartition(self, kth, axis)


for _f, _n in ((_sort_method, "sort"), (_argsort_method, "argsort"),
               (_searchsorted_method, "searchsorted"), (_argpartition_method, "argpartition")):
    _f.__name__ = _f.__qualname__ = _n
METHODS = {"sort": _sort_method, "argsort": _argsort_method,
           "searchsorted": _searchsorted_method, "argpartition": _argpartition_method}
