"""The ndarray's shape methods (views where NumPy gives views), casts, copies and the common
reductions (``np.sum``/``mean``/``max``/... and their methods) with NumPy's dtype rules."""
from __future__ import annotations

import builtins

import numpy as np

import ivy

from . import _dtypes as T
from ._array import _wrap, asarray, assign_native, make_view, ndarray, reshape_view, result
from ._dtypes import native_name
from ._ufuncs import _finish


def _arr(a) -> ndarray:
    return a if isinstance(a, ndarray) else asarray(a)


# ---- shape ------------------------------------------------------------------------------------

def reshape(a, /, shape=None, order="C", *, newshape=None, copy=None):
    if order != "C":
        raise NotImplementedError("reshape: only order='C' is supported by ivy's numpy frontend")
    out = reshape_view(_arr(a), shape if shape is not None else newshape)
    return _wrap(ivy.asarray(out._data, copy=True)) if copy else out


def _reshape_method(self, *shape, order="C", copy=None):
    return reshape(self, shape[0] if len(shape) == 1 else shape, order, copy=copy)


def transpose(a, axes=None):
    a = _arr(a)
    nd = a.ndim
    axes = tuple(reversed(range(nd))) if axes is None else tuple(int(x) % builtins.max(nd, 1)
                                                                for x in axes)
    if sorted(axes) != list(range(nd)):
        raise ValueError("axes don't match array")
    return make_view(a, ivy.permute_dims(a._data, axes),
                     lambda parent: ivy.permute_dims(parent, axes),
                     lambda parent, value: ivy.permute_dims(value, _inverse(axes)))


def _inverse(axes):
    inverse = [0] * len(axes)
    for i, ax in enumerate(axes):
        inverse[ax] = i
    return tuple(inverse)


def _transpose_method(self, *axes):
    return transpose(self, None if not axes else axes[0] if len(axes) == 1 and
                     isinstance(axes[0], (tuple, list)) or axes[0] is None else axes)


def ravel(a, order="C"):
    return reshape(a, (-1,), order)


def flatten(self, order="C"):
    return _wrap(ivy.asarray(ivy.reshape(self._data, (-1,)), copy=True))


def copy(a, order="K", subok=False):
    return _wrap(ivy.asarray(_arr(a)._data, copy=True))


def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True):
    name = T.name_of(dtype, "astype")
    if not np.can_cast(self.dtype, T.NP[name], casting):
        raise TypeError(f"Cannot cast array data from {self.dtype!r} to {T.NP[name]!r} according "
                        f"to the rule '{casting}'")
    if name == native_name(self._data) and not copy:
        return self
    return _wrap(ivy.astype(self._data, name))


def fill(self, value):
    assign_native(self, ivy.full(self.shape, asarray(value, self.dtype).item(),
                                 dtype=native_name(self._data)))


# ---- reductions -----------------------------------------------------------------------------------

def _axes(axis, nd):
    if axis is None:
        return None
    axes = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
    out = []
    for ax in axes:
        ax = int(ax)
        if not -nd <= ax < builtins.max(nd, 1):
            raise np.exceptions.AxisError(ax, nd)
        out.append(ax % builtins.max(nd, 1))
    return tuple(out)


_SMALL_INTS = {"bool": "int64", "int8": "int64", "int16": "int64", "int32": "int64",
               "uint8": "uint64", "uint16": "uint64", "uint32": "uint64"}


def _reduction(core, dtype_rule):
    def reduce(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=True):
        a = _arr(a)
        name = native_name(a._data)
        target = T.name_of(dtype, core) if dtype is not None else dtype_rule(name)
        x = a._data if target == name else ivy.astype(a._data, target)
        if where is not True:
            raise NotImplementedError(f"{core}: where= is not supported by ivy's numpy frontend")
        res = getattr(ivy, core)(x, axis=_axes(axis, a.ndim), keepdims=bool(keepdims))
        if initial is not None:
            res = ivy.add(res, ivy.asarray(initial, dtype=native_name(res))) if core == "sum" \
                else getattr(ivy, "maximum" if core == "max" else "minimum")(
                    res, ivy.asarray(initial, dtype=native_name(res)))
        if out is not None:
            return _finish(core, res, out, True, "unsafe")
        return result(res)
    reduce.__name__ = core
    return reduce


def _same(name):
    return name


def _sum_dtype(name):
    return _SMALL_INTS.get(name, name)


def _mean_dtype(name):
    return "float64" if name in T.INTEGRAL or name == "bool" else name


def _nonempty(core):
    inner = _reduction(core, _same)
    op = "maximum" if core == "max" else "minimum"

    def reduce(a, axis=None, out=None, keepdims=False, initial=None, where=True):
        a = _arr(a)
        if a.size == 0 and initial is None:
            raise ValueError(f"zero-size array to reduction operation {op} which has no "
                             f"identity")
        return inner(a, axis, None, out, keepdims, initial, where)
    reduce.__name__ = core
    return reduce


sum = _reduction("sum", _sum_dtype)        # noqa: A001 - NumPy's name
prod = _reduction("prod", _sum_dtype)
max = _nonempty("max")                     # noqa: A001
min = _nonempty("min")                     # noqa: A001


def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=True):
    a = _arr(a)
    name = native_name(a._data)
    target = T.name_of(dtype, "mean") if dtype is not None else _mean_dtype(name)
    res = ivy.mean(ivy.astype(a._data, target) if target != name else a._data,
                   axis=_axes(axis, a.ndim), keepdims=bool(keepdims))
    return _finish("mean", res, out, True, "unsafe") if out is not None else result(res)


def _arg(core):
    def arg(a, axis=None, out=None, *, keepdims=False):
        a = _arr(a)
        if a.size == 0:
            raise ValueError(f"attempt to get {core} of an empty sequence")
        x = a._data if axis is not None else ivy.reshape(a._data, (-1,))
        ax = 0 if axis is None else _axes(axis, a.ndim)[0]
        res = getattr(ivy, core)(x, axis=ax, keepdims=bool(keepdims) and axis is not None)
        if keepdims and axis is None:
            res = ivy.reshape(res, (1,) * a.ndim)
        res = ivy.astype(res, "int64")
        return _finish(core, res, out, True, "unsafe") if out is not None else result(res)
    arg.__name__ = core
    return arg


argmax, argmin = _arg("argmax"), _arg("argmin")


def _logical(core):
    def reduce(a, axis=None, out=None, keepdims=False, *, where=True):
        a = _arr(a)
        x = a._data if native_name(a._data) == "bool" else ivy.astype(a._data, "bool")
        res = getattr(ivy, core)(x, axis=_axes(axis, a.ndim), keepdims=bool(keepdims))
        return _finish(core, res, out, True, "unsafe") if out is not None else result(res)
    reduce.__name__ = core
    return reduce


all, any = _logical("all"), _logical("any")      # noqa: A001


FUNCTIONS = {"reshape": reshape, "transpose": transpose, "ravel": ravel, "copy": copy,
             "sum": sum, "prod": prod, "max": max, "min": min, "amax": max, "amin": min,
             "mean": mean, "argmax": argmax, "argmin": argmin, "all": all, "any": any}
METHODS = {"reshape": _reshape_method, "transpose": _transpose_method, "ravel": ravel,
           "flatten": flatten, "copy": copy, "astype": astype, "fill": fill, "sum": sum,
           "prod": prod, "max": max, "min": min, "mean": mean, "argmax": argmax,
           "argmin": argmin, "all": all, "any": any}
PROPERTIES = {"T": transpose}
