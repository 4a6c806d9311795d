"""The ndarray's shape methods (views where NumPy gives views), casts, copies and the common
reductions (``np.sum``/``mean``/``max``/... and their methods) with NumPy's dtype rules."""
from __future__ import annotations

import builtins
import math
import operator

import numpy as np

import ivy
from ivy.core import dtypes as D

from . import _dtypes as T
from ._array import (_wrap, asarray, assign_native, make_view, ndarray, normalize_axes,
                     reshape_view, result)
from ._dtypes import native_name
from ._ufuncs import _finish
from .._shared import immutable


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
    if axes is None:
        axes = tuple(reversed(range(nd)))
    else:
        if len(axes) != nd:
            raise ValueError("axes don't match array")
        axes = normalize_axes(tuple(axes), nd, duplicates=False)
        if len(set(axes)) != nd:
            raise ValueError("repeated axis in transpose")
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
    return None if axis is None else normalize_axes(axis, nd)


def one_axis(axis, nd):
    """The one axis of a single-axis function (NumPy's TypeError for a tuple or list)."""
    return normalize_axes(operator.index(axis), nd)[0]


def empty_reduction(a, axes, keepdims, name, what):
    """For an empty ``a``: NumPy's ValueError (``what``) when the reduced axes hold no element,
    else the (empty) result of ``name``, built without asking the backend to reduce nothing."""
    axes = range(a.ndim) if axes is None else axes
    if not a.ndim or builtins.any(a.shape[i] == 0 for i in axes):
        raise ValueError(what)
    shape = tuple(1 if i in axes else n for i, n in enumerate(a.shape)) if keepdims else \
        tuple(n for i, n in enumerate(a.shape) if i not in axes)
    return ivy.zeros(shape, dtype=name)


_SMALL_INTS = T.ACCUMULATOR
_NARROW = frozenset(D.INTEGRAL + D.BOOL)


def _reduction(core, dtype_rule):
    def reduce(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=True):
        a = _arr(a)
        name = native_name(a._data)
        target = T.name_of(dtype, core) if dtype is not None else dtype_rule(name)
        x = a._data if target == name else ivy.astype(a._data, target)
        if where is not True:
            raise NotImplementedError(f"{core}: where= is not supported by ivy's numpy frontend")
        axes = _axes(axis, a.ndim)
        if axes and a.ndim == 0:        # NumPy reduces a 0-d array along axis 0 or -1
            axes = None
        res = getattr(ivy, core)(x, axis=axes, keepdims=bool(keepdims))
        if target in _NARROW and native_name(res) != target:   # the core sums small ints wider
            res = ivy.astype(res, target)
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
            res = empty_reduction(a, _axes(axis, a.ndim), keepdims, native_name(a._data),
                                  f"zero-size array to reduction operation {op} which has no "
                                  f"identity")
            return _finish(core, res, out, True, "unsafe") if out is not None else _wrap(res)
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
    axes = _axes(axis, a.ndim)
    x = ivy.astype(a._data, target) if target != name else a._data
    if target in T.INEXACT:
        res = ivy.mean(x, axis=axes, keepdims=bool(keepdims))
    else:   # NumPy: the sum in the integer dtype, divided in float64, cast back
        total = ivy.astype(ivy.sum(x, axis=axes, keepdims=bool(keepdims)), target)
        count = a.size // builtins.max(math.prod(total.shape), 1) if a.size else 0
        res = ivy.astype(ivy.divide(ivy.astype(total, "float64"), count), target)
    return _finish("mean", res, out, True, "unsafe") if out is not None else result(res)


def _arg(core):
    def arg(a, axis=None, out=None, *, keepdims=False):
        a = _arr(a)
        if a.size == 0:
            if axis is None or isinstance(axis, (tuple, list)):
                raise ValueError(f"attempt to get {core} of an empty sequence")
            res = empty_reduction(a, _axes(axis, a.ndim), keepdims, "int64",
                                  f"attempt to get {core} of an empty sequence")
            return _finish(core, res, out, True, "unsafe") if out is not None else _wrap(res)
        x = a._data if axis is not None else ivy.reshape(a._data, (-1,))
        ax = 0 if axis is None else one_axis(axis, a.ndim)
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


# ---- real/imag views, dunders, flat, put, resize ----------------------------------------------

def _real(self):
    if native_name(self._data).startswith("complex"):
        return make_view(self, ivy.real(self._data), ivy.real,
                         lambda parent, value: ivy.add(ivy.astype(value, native_name(parent)),
                                                       ivy.multiply(ivy.imag(parent), 1j)))
    return self


def _set_real(self, value):
    _real(self)[...] = value


def _imag(self):
    if native_name(self._data).startswith("complex"):
        return make_view(self, ivy.imag(self._data), ivy.imag,
                         lambda parent, value: ivy.add(ivy.real(parent), ivy.multiply(
                             ivy.astype(value, native_name(parent)), 1j)))
    return _wrap(ivy.zeros_like(self._data))        # NumPy: a read-only zero array


def _set_imag(self, value):
    if not native_name(self._data).startswith("complex"):
        raise TypeError("array does not have imaginary part to set")
    _imag(self)[...] = value


def _matrix_transpose(self):
    if self.ndim < 2:
        raise ValueError("matrix transpose with ndim < 2 is undefined")
    axes = tuple(range(self.ndim - 2)) + (self.ndim - 1, self.ndim - 2)
    return transpose(self, axes)


def _contains(self, value):
    return bool((self == value).any())


def _delitem(self, key):
    raise ValueError("cannot delete array elements")


class flatiter:
    """``a.flat``: C-order iteration and indexing over the elements, writes go to ``a``."""
    __module__ = "numpy"

    def __init__(self, base):
        self.base = base

    def __iter__(self):
        return iter(self.base.ravel())

    def __len__(self):
        return self.base.size

    def __getitem__(self, key):
        return reshape(self.base, (-1,))[key]

    def __setitem__(self, key, value):
        flat = reshape(self.base, (-1,))
        flat[key] = value
        if flat._base is None:          # a copy (not contiguous): write it back
            assign_native(self.base, ivy.reshape(flat._data, self.base.shape))

    def __array__(self, dtype=None, copy=None):
        return self.base.ravel().__array__(dtype, copy)

    def copy(self):
        return flatten(self.base)


def _put(self, ind, v, mode="raise"):
    from ._array import put as put_item
    flat = asarray(ind)
    n = self.size
    idx = flat._data
    if mode == "wrap":
        idx = ivy.remainder(idx, n)
    elif mode == "clip":
        idx = ivy.clip(idx, 0, n - 1)
    elif mode != "raise":
        raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got '{mode}')")
    idx = ivy.reshape(ivy.astype(idx, "int64"), (-1,))
    values = asarray(v, self.dtype)._data
    k = idx.shape[0]
    if k and values.shape != (k,):
        reps = -(-k // builtins.max(int(np.prod(values.shape)), 1))
        values = ivy.reshape(values, (-1,))
        values = ivy.concat([values] * reps)[:k] if reps > 1 else values[:k]
    view = reshape(self, (-1,))
    put_item(view, _wrap(idx), _wrap(values))
    if view._base is None:
        assign_native(self, ivy.reshape(view._data, self.shape))


def put(a, ind, v, mode="raise"):
    if not isinstance(a, ndarray):
        raise TypeError("put: first argument must be an array of the frontend")
    _put(a, ind, v, mode)


def _resize(self, *new_shape, refcheck=True):
    shape = new_shape[0] if len(new_shape) == 1 and isinstance(new_shape[0], (tuple, list)) \
        else new_shape
    shape = tuple(int(s) for s in shape)
    n = 1
    for s in shape:
        n *= s
    flat = ivy.reshape(self._data, (-1,))
    have = flat.shape[0]
    flat = flat[:n] if n <= have else ivy.concat([flat, ivy.zeros((n - have,),
                                                                  dtype=native_name(flat))])
    assign_native(self, ivy.reshape(flat, shape), reshape=True)


def compress(condition, a, axis=None, out=None):
    arr = _arr(a)
    cond = ivy.reshape(asarray(condition, "bool")._data, (-1,))
    data = ivy.reshape(arr._data, (-1,)) if axis is None else arr._data
    ax = 0 if axis is None else one_axis(axis, arr.ndim)
    if cond.shape[0] > data.shape[ax]:
        raise IndexError(f"index {data.shape[ax]} is out of bounds for axis {ax} with size "
                         f"{data.shape[ax]}")
    idx = ivy.nonzero(cond)[0]
    res = ivy.take(data, idx, axis=ax)
    return _finish("compress", res, out, True, "unsafe") if out is not None else _wrap(res)


def _to_device(self, device, /, *, stream=None):
    if device != "cpu":
        raise ValueError(f"Device not understood. Only \"cpu\" is allowed, but received: {device}")
    return self


def _dlpack(self, *, stream=None, max_version=None, dl_device=None, copy=None):
    return self.__array__().__dlpack__()


def _array_namespace(self, *, api_version=None):
    from ivy.frontends import numpy
    return numpy


FUNCTIONS.update({"put": put, "compress": compress})
METHODS.update({
    "__contains__": _contains, "__delitem__": _delitem, "put": _put, "resize": _resize,
    "compress": lambda self, condition, axis=None, out=None: compress(condition, self, axis, out),
    "to_device": _to_device, "__dlpack__": _dlpack,
    "__dlpack_device__": lambda self: (1, 0), "__array_namespace__": _array_namespace,
    "dumps": lambda self: __import__("pickle").dumps(self),
    "dump": lambda self, file: __import__("pickle").dump(
        self, open(file, "wb") if isinstance(file, str) else file),
})
for _name, _get, _set in (("real", _real, _set_real), ("imag", _imag, _set_imag)):
    METHODS[_name] = property(_get, _set)
METHODS["flat"] = property(flatiter, lambda self, value: flatiter(self).__setitem__(
    slice(None), value))
PROPERTIES.update({"mT": _matrix_transpose, "device": lambda self: "cpu"})
del _name, _get, _set


# ---- np.astype, dtype views, flags, byteswap --------------------------------------------------

def astype_function(x, dtype, /, *, copy=True, device=None):
    """``np.astype``: an array (a NumPy scalar stays a NumPy scalar) cast to ``dtype``."""
    if device not in (None, "cpu"):
        raise ValueError(f"Device not understood. Only \"cpu\" is allowed, but received: {device}")
    if isinstance(x, np.generic):
        return x.astype(dtype)
    if not isinstance(x, ndarray):
        raise TypeError(f"Input should be a NumPy array or scalar. It is a {type(x)} instead.")
    return astype(x, dtype, copy=copy)


def _bitcast(native, dtype):
    """``native``'s bytes as ``dtype`` (the core's bitcast: a view of the storage on numpy/torch)."""
    return ivy.bitcast(native, T.name_of(dtype, "view"))


def _last_axis_contiguous(a) -> bool:
    """jax/tensorflow (numpy/torch: the core's bitcast checks the native layout)."""
    if not immutable(a._data) or a._base is None:
        return True
    from ._misc import _owner, _positions       # the view's reads replayed on positions
    pos = _positions(a, _owner(a))
    return pos is None or not (np.diff(pos.reshape(a.shape), axis=-1) != 1).any()


def view(self, dtype=np._NoValue, type=None):
    """``a.view()`` / ``a.view(dtype)``: a view sharing ``a``'s data (numpy/torch: the same
    storage; jax/tensorflow: a view whose reads and writes reinterpret the base's bytes, so a
    write through either is seen by the other). ``type=`` other than ndarray is not supported."""
    if isinstance(dtype, builtins.type) and issubclass(dtype, (ndarray, np.ndarray)):
        dtype, type = np._NoValue, dtype
    if dtype is None:
        dtype = np.float64          # NumPy: view(None) is view(np.dtype(None)), float64
    if type is not None and not issubclass(type, (ndarray, np.ndarray)):
        raise NotImplementedError("view: type= (an ndarray subclass) is not supported by ivy's "
                                  "numpy frontend")
    if dtype is np._NoValue or T.NP[T.name_of(dtype, "view")] == self.dtype:
        return make_view(self, self._data, lambda parent: parent, lambda parent, value: value)
    new, old = T.NP[T.name_of(dtype, "view")], self.dtype
    if new.itemsize != old.itemsize and self.ndim and self.shape[-1] > 1 and \
            not _last_axis_contiguous(self):
        raise ValueError("To change to a dtype of a different size, the last axis must be "
                         "contiguous")
    native = _bitcast(self._data, new)
    return make_view(self, native, lambda parent: _bitcast(parent, new),
                     lambda parent, value: _bitcast(value, old))


def setflags(self, write=None, align=None, uic=None):
    """Every frontend array is writeable and aligned: ``write=True``/``align=True`` hold already;
    ``write=False`` and ``align=False`` cannot be honoured (NotImplementedError)."""
    if uic:
        raise ValueError("cannot set WRITEBACKIFCOPY flag to True")
    if write is not None and not write:
        raise NotImplementedError("setflags: write=False is not supported by ivy's numpy frontend "
                                  "(its arrays have no read-only flag)")
    if align is not None and not align:
        raise NotImplementedError("setflags: align=False is not supported by ivy's numpy frontend")


_UNSIGNED = {1: "uint8", 2: "uint16", 4: "uint32", 8: "uint64"}


def byteswap(self, inplace=False):
    """``a.byteswap()``: each element's bytes reversed (shifts and masks on the unsigned integers
    of the element's size; other dtypes are reinterpreted through ``view``)."""
    name = native_name(self._data)
    size = self.dtype.itemsize
    if name.startswith("complex"):      # each part swapped on its own, as NumPy does
        parts = view(_wrap(ivy.reshape(self._data, (-1,))), T.NP[f"float{size * 4}"])
        res = ivy.reshape(_bitcast(byteswap(parts)._data, self.dtype), self.shape)
    elif size == 1:
        res = ivy.asarray(self._data, copy=True)
    else:
        u = _UNSIGNED[size]
        x = self._data if name == u else view(self, T.NP[u])._data
        byte = ivy.asarray(255, dtype=u)
        out = ivy.zeros(tuple(x.shape), dtype=u)
        for i in range(size):
            b = ivy.bitwise_and(ivy.bitwise_right_shift(x, ivy.asarray(8 * i, dtype=u)), byte)
            out = ivy.bitwise_or(out, ivy.bitwise_left_shift(b, ivy.asarray(8 * (size - 1 - i),
                                                                           dtype=u)))
        res = out if name == u else _bitcast(out, self.dtype)
    if inplace:
        assign_native(self, res)
        return self
    return _wrap(res)


FUNCTIONS.update({"astype": astype_function, "flatiter": flatiter})
METHODS.update({"view": view, "setflags": setflags, "byteswap": byteswap})
