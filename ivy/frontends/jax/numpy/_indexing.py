"""Indexing: ``jax.Array.__getitem__``, ``x.at[...]`` and jnp's index functions, on ivy's core.

One key engine (``_plan``) resolves a JAX key against a shape: index arrays become native integer or
boolean arrays, Ellipsis becomes slices, and integer indices are brought in range by JAX's
out-of-bound rule. Gathers clamp (``promise_in_bounds``/``clip``, the default) or read a fill value
(``fill``/``drop``); updates drop out-of-bound entries (the default) or clamp (``clip``). Fill and
drop append one spare slot to each axis an integer indexes and point out-of-bound indices there.
"""
from __future__ import annotations

import numpy as np

import ivy
from ivy.core import dtypes as D
from ivy.core.errors import IvyBroadcastError

from .. import _dtypes as J
from .._array import (Array, Tracer, _new, _wrap, asarray, check_concrete, index_native,
                      promote, to_native)
from .._dtypes import native_name

_INT, _SLICE, _NEW, _ARR, _MASK = range(5)
_INTEGRAL = frozenset(D.INTEGRAL)
_INEXACT = frozenset(D.FLOATING)
_FULL = slice(None)
_SEQ_MSG = ("Using a non-tuple sequence for multidimensional indexing is not allowed; use "
            "`arr[array(seq)]` instead of `arr[seq]`. See "
            "https://github.com/jax-ml/jax/issues/4564 for more information.")
# mode -> clamp (True) or spare slot (False), for gathers and for updates
_GATHER_MODES = {None: True, "promise_in_bounds": True, "clip": True, "fill": False,
                 "drop": False, "fill_or_drop": False}
_SCATTER_MODES = {None: False, "promise_in_bounds": False, "drop": False, "fill": False,
                  "fill_or_drop": False, "clip": True}


def _mode(mode, table, what):
    if mode is not None and not isinstance(mode, str):
        mode = getattr(mode, "name", mode)
        mode = mode.lower() if isinstance(mode, str) else mode
    try:
        return table[mode]
    except (KeyError, TypeError):
        raise ValueError(f'Unknown {what} mode "{mode}"') from None


def _index_native(k):
    """An index array (jax.Array, native, numpy, nested sequence) as a native array."""
    if isinstance(k, Array):
        return k._data
    if ivy.is_native_array(k):
        return k
    if isinstance(k, (list, tuple)):
        return asarray(k)._data
    if isinstance(k, (np.ndarray, np.generic)):
        return asarray(k)._data
    raise TypeError(f"Indexer must be an integer, slice, None, Ellipsis, boolean or integer "
                    f"array, got {type(k).__name__}")


def _items(ndim, key):
    """The key as (kind, value) items, the number of dimensions it consumes."""
    if type(key) is not tuple:
        if isinstance(key, list):
            raise TypeError(_SEQ_MSG)
        key = (key,)
    items, consumed, ellipsis = [], 0, False
    for k in key:
        t = type(k)
        if t is slice:
            if k.step == 0:
                raise ValueError("slice step cannot be zero")
            items.append((_SLICE, k))
            consumed += 1
        elif t is int:
            items.append((_INT, k))
            consumed += 1
        elif k is None:
            items.append((_NEW, None))
        elif k is Ellipsis:
            if ellipsis:
                raise IndexError("An index can only have a single ellipsis ('...')")
            ellipsis = True
            items.append((Ellipsis, None))
        elif t is bool or isinstance(k, np.bool_):
            items.append((_MASK, bool(k)))
        elif isinstance(k, np.integer):
            items.append((_INT, int(k)))
            consumed += 1
        else:
            if isinstance(k, (float, complex, np.floating, np.complexfloating)):
                raise TypeError(f"Indexer must have integer or boolean type, got indexer with "
                                f"type {np.dtype(type(k)).name}")
            a = _index_native(k)
            name = native_name(a)
            if name == "bool":
                if type(k) is Tracer:
                    from ..errors import NonConcreteBooleanIndexError
                    raise NonConcreteBooleanIndexError(f"Array boolean indices must be concrete; "
                                                       f"got {k.aval.str_short()}")
                nd = len(a.shape)
                items.append((_MASK, a if nd else bool(ivy.to_numpy(a))))
                consumed += nd
            elif name in _INTEGRAL:
                items.append((_ARR, a))
                consumed += 1
            else:
                raise TypeError(f"Indexer must have integer or boolean type, got indexer with "
                                f"type {name}")
    if consumed > ndim:
        raise IndexError(f"Too many indices: array is {ndim}-dimensional, but {consumed} were "
                         f"indexed")
    return items, consumed


def _fix_array(k, n, clamp, wrap=True):
    """Integer index array in range: clamped, or out-of-bound entries pointing at slot n."""
    if native_name(k) != "int64":
        k = ivy.astype(k, "int64")
    if wrap:
        k = ivy.where(ivy.less(k, 0), ivy.add(k, n), k)
    if clamp:
        return ivy.clip(k, 0, max(n - 1, 0))
    return ivy.where(ivy.logical_and(ivy.greater_equal(k, 0), ivy.less(k, n)), k,
                     ivy.full((), n, dtype="int64"))


def _plan(shape, key, clamp, wrap=True):
    """(native key, axes needing a spare slot, result ndim) of a JAX key on an array of shape."""
    ndim = len(shape)
    items, consumed = _items(ndim, key)
    out, spare = [], []
    d = basic = adv = 0
    has_adv = False
    for kind, k in items:
        if kind is _INT:
            n = shape[d]
            j = k + n if (k < 0 and wrap) else k
            if not 0 <= j < n:
                if n == 0:
                    raise IndexError(f"index is out of bounds for axis {d} with size 0")
                if clamp:
                    j = 0 if j < 0 else n - 1
                else:
                    j = n
                    spare.append(d)
            out.append(j)
            d += 1
        elif kind is _SLICE:
            out.append(k)
            d += 1
            basic += 1
        elif kind is _NEW:
            out.append(None)
            basic += 1
        elif kind is Ellipsis:
            extra = ndim - consumed
            out.extend([_FULL] * extra)
            d += extra
            basic += extra
        elif kind is _ARR:
            n = shape[d]
            if n == 0:
                raise TypeError(f"Slice size at index {d} in gather op is out of range")
            out.append(_fix_array(k, n, clamp, wrap))
            if not clamp:
                spare.append(d)
            adv = max(adv, len(k.shape))
            has_adv = True
            d += 1
        else:   # boolean mask (a Python bool is a 0-d mask)
            out.append(k)
            d += 0 if type(k) is bool else len(k.shape)
            adv = max(adv, 1)
            has_adv = True
    return tuple(out), sorted(set(spare)), basic + ndim - d + (adv if has_adv else 0)


def _pad(x, axes, fill):
    """x with one slot of ``fill`` (a 0-d native array of x's dtype) appended on each axis."""
    for ax in axes:
        s = list(x.shape)
        s[ax] = 1
        x = ivy.concat([x, ivy.broadcast_to(fill, tuple(s))], axis=ax)
    return x


def _unpad(y, axes, shape):
    return ivy.get_item(y, tuple(slice(0, n) if i in axes else _FULL for i, n in enumerate(shape)))


def _default_fill(name):
    if name == "bool":
        return True
    if name in _INTEGRAL:
        info = D.iinfo(name)
        return info.max if name.startswith("u") else info.min
    return float("nan")


def _scalar(v, name):
    """A fill value as a 0-d native array of dtype ``name`` (JAX casts it)."""
    return ivy.astype(asarray(v)._data, name)


def _get(arr, key, mode=None, fill_value=None, wrap=True):
    x = arr._data
    k, spare, _ = _plan(tuple(x.shape), key, _mode(mode, _GATHER_MODES, "gather"), wrap)
    if spare:
        name = native_name(x)
        x = _pad(x, spare, _scalar(_default_fill(name) if fill_value is None else fill_value,
                                   name))
    return _wrap(ivy.get_item(x, k), arr.weak_type)


def __getitem__(self, key):
    """``x[key]`` with JAX's semantics: out-of-bound integer indices are clamped."""
    t = type(key)
    if t is slice and key.step != 0:
        return _wrap(ivy.get_item(self._data, key), self.weak_type)
    if t is int:
        shape = self._data.shape
        if shape and -shape[0] <= key < shape[0]:
            return _wrap(ivy.get_item(self._data, key), self.weak_type)
    return _get(self, key)


# ---- x.at[...] ----------------------------------------------------------------------------------

_NO_BOOL = ("add", "subtract", "multiply", "divide", "power")


def _values(values, name, ndim):
    t = type(values)
    if (t is float or t is int) and name in _INEXACT:
        return values           # the core casts a Python number to x's dtype, as JAX does
    v = asarray(values)._data
    if len(v.shape) > ndim:
        raise ValueError(f"Cannot broadcast to shape with fewer dimensions: "
                         f"arr_shape={tuple(v.shape)} target ndim={ndim}")
    return v if native_name(v) == name else ivy.astype(v, name)


def _scatter(x, key, values, reduction, mode, wrap=True):
    """Native ``x`` with ``values`` reduced in at ``key`` (JAX's drop/clip rules)."""
    shape = tuple(x.shape)
    t = type(key)
    if mode is None and wrap and t is int and shape and -shape[0] <= key < shape[0]:
        k, spare, ndim = key, (), len(shape) - 1        # in bounds: nothing to clamp or drop
    else:
        k, spare, ndim = _plan(shape, key, _mode(mode, _SCATTER_MODES, "scatter"), wrap)
    name = native_name(x)
    v = _values(values, name, ndim)
    if reduction == "subtract":
        v, reduction = -v if type(v) in (float, int) else ivy.negative(v), "add"
    if spare:
        x = _pad(x, spare, ivy.zeros((), dtype=name))
    try:
        y = ivy.index_update(x, k, v, reduction=reduction)
    except IvyBroadcastError:
        raise ValueError(f"Incompatible shapes for broadcasting: the update of shape "
                         f"{tuple(getattr(v, 'shape', ()))} does not fit the indexed shape "
                         f"(x.at[...].{reduction})") from None
    return _unpad(y, spare, shape) if spare else y


def _check(name, op, out_sharding=None):
    if out_sharding is not None:
        raise NotImplementedError(f"x.at[...].{op}: out_sharding is not supported")
    if name == "bool" and op in _NO_BOOL:
        raise TypeError(f"{op} does not accept dtype bool at position 0. Accepted dtypes at "
                        f"position 0 are subtypes of integer, floating, complexfloating.")


class _IndexUpdateHelper:
    """``x.at``: ``x.at[idx]`` gives an ``_IndexUpdateRef``."""
    __slots__ = ("array",)

    def __init__(self, array):
        self.array = array

    def __getitem__(self, index):
        ref = _new(_IndexUpdateRef)
        ref.array, ref.index = self.array, index
        return ref

    def __repr__(self):
        return f"_IndexUpdateHelper({self.array!r})"


class _IndexUpdateRef:
    """``x.at[idx]``: functional ``get``/``set``/``add``/... returning new arrays."""
    __slots__ = ("array", "index")

    def __init__(self, array, index):
        self.array, self.index = array, index

    def __repr__(self):
        return f"_IndexUpdateRef({self.array!r}, {self.index!r})"

    def get(self, *, indices_are_sorted=False, unique_indices=False, mode=None, fill_value=None,
            out_sharding=None, wrap_negative_indices=True):
        _check(None, "get", out_sharding)
        return _get(self.array, self.index, mode, fill_value, wrap_negative_indices)

    def _update(self, values, op, mode, out_sharding, wrap):
        x = self.array._data
        _check(native_name(x), op, out_sharding)
        return _wrap(_scatter(x, self.index, values, op, mode, wrap), self.array.weak_type)

    def set(self, values, *, indices_are_sorted=False, unique_indices=False, mode=None,
            out_sharding=None, wrap_negative_indices=True):
        return self._update(values, "set", mode, out_sharding, wrap_negative_indices)

    def add(self, values, *, indices_are_sorted=False, unique_indices=False, mode=None,
            out_sharding=None, wrap_negative_indices=True):
        return self._update(values, "add", mode, out_sharding, wrap_negative_indices)

    def subtract(self, values, *, indices_are_sorted=False, unique_indices=False, mode=None,
                 out_sharding=None, wrap_negative_indices=True):
        return self._update(values, "subtract", mode, out_sharding, wrap_negative_indices)

    def multiply(self, values, *, indices_are_sorted=False, unique_indices=False, mode=None,
                 out_sharding=None, wrap_negative_indices=True):
        return self._update(values, "multiply", mode, out_sharding, wrap_negative_indices)

    mul = multiply

    def min(self, values, *, indices_are_sorted=False, unique_indices=False, mode=None,
            out_sharding=None, wrap_negative_indices=True):
        return self._update(values, "min", mode, out_sharding, wrap_negative_indices)

    def max(self, values, *, indices_are_sorted=False, unique_indices=False, mode=None,
            out_sharding=None, wrap_negative_indices=True):
        return self._update(values, "max", mode, out_sharding, wrap_negative_indices)

    def _factor(self, values, op, mode, out_sharding, wrap):
        """x and ones with ``values`` multiplied in at the index (divide/power use it)."""
        x = self.array._data
        name = native_name(x)
        _check(name, op, out_sharding)
        return x, name, _scatter(ivy.ones(tuple(x.shape), dtype=name), self.index, values,
                                 "multiply", mode, wrap)

    def divide(self, values, *, indices_are_sorted=False, unique_indices=False, mode=None,
               out_sharding=None, wrap_negative_indices=True):
        x, name, f = self._factor(values, "divide", mode, out_sharding, wrap_negative_indices)
        weak = self.array.weak_type
        out = J.inexact_name(name, weak)
        if out != name:
            x, f = ivy.astype(x, out), ivy.astype(f, out)
        return _wrap(ivy.divide(x, f), weak)

    def power(self, values, *, indices_are_sorted=False, unique_indices=False, mode=None,
              out_sharding=None, wrap_negative_indices=True):
        x, name, f = self._factor(values, "power", mode, out_sharding, wrap_negative_indices)
        return _wrap(ivy.pow(x, f), self.array.weak_type)

    def apply(self, func, *, indices_are_sorted=False, unique_indices=False, mode=None,
              wrap_negative_indices=True):
        """``func`` applied once per reference to an element (duplicates apply it again)."""
        arr = self.array
        x, weak = arr._data, arr.weak_type
        name = native_name(x)
        counts = _scatter(ivy.zeros(tuple(x.shape), dtype="int64"), self.index,
                          ivy.ones((), dtype="int64"), "add", mode, wrap_negative_indices)
        times = int(ivy.to_numpy(ivy.max(counts))) if arr.size else 0
        for i in range(times):
            fx = asarray(func(_wrap(x, weak)))._data
            fx = fx if native_name(fx) == name else ivy.astype(fx, name)
            x = ivy.where(ivy.greater(counts, i), fx, x)
        return _wrap(x, weak)


def at(self):
    helper = _new(_IndexUpdateHelper)
    helper.array = self
    return helper


# ---- jnp index functions ------------------------------------------------------------------------

def _arr(a, fn):
    """A jnp argument as a jax.Array (lists refused like JAX's array-like check)."""
    if isinstance(a, Array):
        return a
    if isinstance(a, (list, tuple)):
        raise TypeError(f"{fn} requires ndarray or scalar arguments, got {type(a)} at position 0.")
    return asarray(a)


def _int_arr(a, fn, msg="indices must have an integer type"):
    a = _arr(a, fn)
    if native_name(a._data) not in _INTEGRAL:
        raise ValueError(msg)
    return a


def _axis(axis, ndim, fn="axis"):
    axis = int(axis)
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis % ndim


def _natives(values, name):
    """Promoted operands (Python numbers included) as native arrays of dtype ``name``."""
    return [v if ivy.is_native_array(v) else ivy.asarray(v, dtype=name) for v in values]


def _ravel(a):
    return _wrap(ivy.reshape(a._data, (-1,)), a.weak_type)


def _inplace_error(fn):
    return ValueError(f"jax.numpy.{fn} cannot modify arrays in-place, because JAX arrays are "
                      f"immutable. Pass inplace=False to instead return an updated array.")


def take(a, indices, axis=None, out=None, mode=None, unique_indices=False,
         indices_are_sorted=False, fill_value=None):
    """Implements ``jnp.take``: out-of-bound indices give ``fill_value`` by default."""
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.take is not supported.")
    a = _arr(a, "take")
    if isinstance(indices, (list, tuple)):
        raise TypeError(f"take requires ndarray or scalar arguments, got {type(indices)} at "
                        f"position 1.")
    ind = _int_arr(indices, "take")
    if axis is None:
        a, axis = _ravel(a), 0
    axis = _axis(axis, a.ndim)
    k = ind._data
    if mode == "raise":
        raise NotImplementedError("The 'raise' mode to jnp.take is not supported.")
    if mode == "wrap":
        k, mode = ivy.remainder(k, a.shape[axis]), "clip"
    elif mode == "clip":        # take's clip does not wrap negative indices
        k = ivy.clip(ivy.astype(k, "int64"), 0, max(a.shape[axis] - 1, 0))
    elif mode not in (None, "fill"):
        raise ValueError(f"Invalid mode '{mode}' for np.take")
    return _get(a, (_FULL,) * axis + (k,), "fill" if mode is None else mode, fill_value)


def _along_axis_shapes(arr, ind, axis, fn):
    if axis is None:
        if ind.ndim != 1:
            raise ValueError(f"{fn} indices must be 1D if axis=None, got shape {ind.shape}")
        return _ravel(arr), ind, 0
    if ind.ndim != arr.ndim:
        raise ValueError(f"indices and arr must have the same number of dimensions; "
                         f"{ind.ndim} vs. {arr.ndim}")
    axis = _axis(axis, arr.ndim)
    if any(p != q and 1 not in (p, q) for d, (p, q) in enumerate(zip(arr.shape, ind.shape))
           if d != axis):
        off_axis = tuple(1 if d == axis else p for d, p in enumerate(arr.shape))
        raise ValueError(f"Incompatible shapes for broadcasting: shapes=[{tuple(ind.shape)}, "
                         f"{off_axis}]")
    shape = [max(p, q) if q != 0 and p != 0 else 0 for p, q in zip(arr.shape, ind.shape)]
    a_shape, i_shape = list(shape), list(shape)
    a_shape[axis], i_shape[axis] = arr.shape[axis], ind.shape[axis]
    a = _wrap(ivy.broadcast_to(arr._data, tuple(a_shape)), arr.weak_type)
    i = _wrap(ivy.broadcast_to(ind._data, tuple(i_shape)))
    return a, i, axis


def take_along_axis(arr, indices, axis=-1, mode=None, fill_value=None, *,
                    wrap_negative_indices=None):
    """Implements ``jnp.take_along_axis`` (indices broadcast against arr off ``axis``)."""
    arr = _arr(arr, "take_along_axis")
    ind = _int_arr(indices, "take_along_axis",
                   "take_along_axis indices must be of integer type")
    a, i, axis = _along_axis_shapes(arr, ind, axis, "take_along_axis")
    clamp = _mode(mode if mode is not None else "fill", _GATHER_MODES, "gather")
    n = a.shape[axis]
    k = ivy.astype(i._data, "int64")
    if wrap_negative_indices is not False:
        k = ivy.where(ivy.less(k, 0), ivy.add(k, n), k)
    valid = ivy.logical_and(ivy.greater_equal(k, 0), ivy.less(k, n))
    out = ivy.take_along_axis(a._data, ivy.clip(k, 0, max(n - 1, 0)), axis=axis)
    if not clamp:
        name = native_name(out)
        out = ivy.where(valid, out, _scalar(_default_fill(name) if fill_value is None
                                            else fill_value, name))
    return _wrap(out, arr.weak_type)


def put(a, ind, v, mode=None, *, inplace=True):
    """Implements ``jnp.put`` (``inplace=False`` only): v is cycled over the flat indices."""
    if inplace:
        raise _inplace_error("put")
    a = _arr(a, "put")
    if a.ndim == 0:
        raise ValueError("Cannot broadcast to shape with fewer dimensions: jnp.put needs an "
                         "array of at least one dimension")
    ind = _int_arr(ind, "put")
    n = a.size
    k = ivy.reshape(ind._data, (-1,))
    m = int(k.shape[0])
    v = ivy.reshape(_arr(v, "put")._data, (-1,))
    if m and v.shape[0] and v.shape[0] != m:
        v = ivy.take(v, ivy.remainder(ivy.arange(m, dtype="int64"), int(v.shape[0])))
    if mode == "raise":
        raise NotImplementedError("The 'raise' mode to jnp.put is not supported.")
    if mode == "wrap":
        k = ivy.remainder(k, n)
    elif mode == "clip":
        k = ivy.clip(ivy.astype(k, "int64"), 0, max(n - 1, 0))
    elif mode is not None:
        raise ValueError(f"mode should be one of 'wrap' or 'clip'; got {mode}")
    flat = _scatter(ivy.reshape(a._data, (-1,)), (k,), v, "set", None)
    return _wrap(ivy.reshape(flat, a.shape), a.weak_type)


def put_along_axis(arr, indices, values, axis, inplace=True, *, mode=None):
    """Implements ``jnp.put_along_axis`` (``inplace=False`` only)."""
    if inplace:
        raise ValueError("jax.numpy.put_along_axis cannot modify arrays in-place, because JAX "
                         "arrays are immutable. Pass inplace=False to instead return an updated "
                         "array.")
    arr = _arr(arr, "put_along_axis")
    ind = _int_arr(indices, "put_along_axis")
    if axis is None:
        if ind.ndim != 1:
            raise ValueError(f"put_along_axis arguments 'arr' and 'indices' must have same ndim. "
                             f"Got arr.ndim=1 and indices.ndim={ind.ndim}.")
        a, axis = _ravel(arr), 0
    else:
        a = arr
        if ind.ndim != a.ndim:
            raise ValueError(f"put_along_axis arguments 'arr' and 'indices' must have same ndim. "
                             f"Got arr.ndim={a.ndim} and indices.ndim={ind.ndim}.")
        axis = _axis(axis, a.ndim)
    ishape = tuple(max(p, q) if j != axis else q
                   for j, (p, q) in enumerate(zip(a.shape, ind.shape)))
    k = ivy.broadcast_to(ind._data, ishape)
    key = tuple(k if j == axis else
                ivy.reshape(ivy.arange(ishape[j], dtype="int64"),
                            tuple(ishape[j] if q == j else 1 for q in range(a.ndim)))
                for j in range(a.ndim))
    v = asarray(values)._data
    v = ivy.broadcast_to(v, ishape)
    out = _scatter(a._data, key, v, "set", mode)
    return _wrap(ivy.reshape(out, arr.shape), arr.weak_type)


# ---- where / nonzero / select --------------------------------------------------------------------

def nonzero(a, *, size=None, fill_value=None):
    """Implements ``jnp.nonzero`` (``size`` pads with ``fill_value`` or truncates)."""
    a = _arr(a, "nonzero")
    if a.ndim == 0:
        raise ValueError("Calling nonzero on 0d arrays is not allowed. Use "
                         "jnp.atleast_1d(scalar).nonzero() instead.")
    x = a._data
    if size is None:     # JAX ignores fill_value without size
        check_concrete(a, "nonzero")
        return tuple(_wrap(index_native(i)) for i in ivy.nonzero(x))
    if fill_value is None:
        fill_value = 0
    elif isinstance(fill_value, (tuple, list)):
        if len(fill_value) != a.ndim:
            raise ValueError(f"fill_value must be a scalar or a tuple of length {a.ndim}; got "
                             f"{fill_value}")
        fill_value = tuple(int(f) for f in fill_value)
    else:
        fill_value = int(fill_value) if type(fill_value) in (int, bool) else \
            int(asarray(fill_value))
    return tuple(_wrap(index_native(i))
                 for i in ivy.nonzero_static(x, size=int(size), fill_value=fill_value))


def where(condition, x=None, y=None, /, *, size=None, fill_value=None):
    """Implements ``jnp.where``: the one-argument form is ``nonzero``."""
    if x is None and y is None:
        return nonzero(condition, size=size, fill_value=fill_value)
    if size is not None or fill_value is not None:
        raise ValueError("size and fill_value arguments cannot be used in three-term where "
                         "function.")
    if x is None or y is None:
        raise TypeError(f"where requires ndarray or scalar arguments, got {type(None)} at "
                        f"position {1 if x is None else 2}.")
    c = to_native(condition if not isinstance(condition, (list, tuple)) else asarray(condition),
                  "where")
    c = asarray(c)._data if not ivy.is_native_array(c) else c
    if native_name(c) != "bool":
        c = ivy.astype(c, "bool")
    (a, b), name, weak = promote("where", x, y)
    try:
        return _wrap(ivy.where(c, *_natives((a, b), name)), weak)
    except IvyBroadcastError:
        shapes = [tuple(getattr(v, "shape", ())) for v in (c, a, b)]
        raise ValueError(f"Incompatible shapes for broadcasting: shapes={shapes}") from None


def argwhere(a, *, size=None, fill_value=None):
    """Implements ``jnp.argwhere``: (N, ndim) int64 coordinates."""
    a = _arr(a, "argwhere")
    if a.ndim == 0:
        n = 1 if bool(ivy.to_numpy(a._data)) else 0
        n = n if size is None else size
        return _wrap(ivy.zeros((n, 0), dtype=J.DEFAULT["int"]))
    idx = nonzero(a, size=size, fill_value=fill_value)
    return _wrap(ivy.stack([i._data for i in idx], axis=1))


def flatnonzero(a, *, size=None, fill_value=None):
    """Implements ``jnp.flatnonzero``."""
    return nonzero(_ravel(_arr(a, "flatnonzero")), size=size, fill_value=fill_value)[0]


def select(condlist, choicelist, default=0):
    """Implements ``jnp.select``: the first true condition picks its choice."""
    if len(condlist) != len(choicelist):
        raise ValueError(f"condlist must have length equal to choicelist ({len(condlist)} vs "
                         f"{len(choicelist)})")
    if len(condlist) == 0:
        raise ValueError("condlist must be non-empty")
    conds = []
    for c in condlist:
        c = asarray(c)._data
        conds.append(c if native_name(c) == "bool" else ivy.astype(c, "bool"))
    vals, name, weak = promote("select", default, *choicelist)
    vals = _natives(vals, name)
    out = vals[0]
    for c, v in zip(reversed(conds), reversed(vals[1:])):
        out = ivy.where(c, v, out)
    shape = np.broadcast_shapes(*(tuple(getattr(v, "shape", ())) for v in vals),
                                *(tuple(c.shape) for c in conds))
    return _wrap(ivy.broadcast_to(out, shape), weak)


def choose(a, choices, out=None, mode="raise"):
    """Implements ``jnp.choose``."""
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.choose is not supported.")
    a = _arr(a, "choose")
    k = ivy.astype(a._data, "int64")
    if not isinstance(choices, (list, tuple)):
        choices = list(asarray(choices))
    n = len(choices)
    if mode == "raise":
        bad = ivy.any(ivy.logical_or(ivy.less(k, 0), ivy.greater_equal(k, n)))
        if bool(ivy.to_numpy(bad)):
            raise ValueError("invalid entry in choice array")
    elif mode == "wrap":
        k = ivy.remainder(k, n)
    elif mode == "clip":
        k = ivy.clip(k, 0, n - 1)
    else:
        raise ValueError(f"mode={mode!r} not understood. Must be 'raise', 'wrap', or 'clip'")
    vals, name, weak = promote("choose", *choices)
    vals = _natives(vals, name)
    shape = np.broadcast_shapes(tuple(k.shape), *(tuple(v.shape) for v in vals))
    stacked = ivy.stack([ivy.broadcast_to(v, shape) for v in vals])
    k = ivy.expand_dims(ivy.broadcast_to(k, shape), axis=0)
    return _wrap(ivy.take_along_axis(stacked, k, axis=0)[0], False)


def compress(condition, a, axis=None, *, size=None, fill_value=0, out=None):
    """Implements ``jnp.compress``: a 1-d condition no longer than the axis (rest False)."""
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.compress is not supported.")
    c = _arr(condition, "compress")
    a = _arr(a, "compress")
    if c.ndim != 1:
        raise ValueError("condition must be a 1D array")
    if axis is None:
        a, axis = _ravel(a), 0
    axis = _axis(axis, a.ndim)
    n = a.shape[axis]
    cb = c._data if native_name(c._data) == "bool" else ivy.astype(c._data, "bool")
    m = c.shape[0]
    if m > n:
        if bool(ivy.to_numpy(ivy.any(cb[n:]))):
            raise ValueError("condition contains entries that are out of bounds")
        cb = cb[:n]
    elif m < n:     # the axis is cut to the condition's length
        a = _wrap(ivy.get_item(a._data, (_FULL,) * axis + (slice(0, m),)), a.weak_type)
        n = m
    idx = ivy.nonzero(cb)[0]
    if size is not None:
        if not 0 < size <= n:
            raise ValueError(f"size must be positive and not greater than the size of the array "
                             f"axis; got size={size} for a.shape[axis]={n}")
        idx = ivy.nonzero_static(cb, size=int(size), fill_value=n)[0]
        a = _wrap(_pad(a._data, [axis], _scalar(fill_value, native_name(a._data))), a.weak_type)
    return _wrap(ivy.take(a._data, idx, axis=axis), a.weak_type)


def extract(condition, arr, *, size=None, fill_value=0):
    """Implements ``jnp.extract``."""
    return compress(_ravel(_arr(condition, "extract")), _ravel(_arr(arr, "extract")),
                    size=size, fill_value=fill_value)


def place(arr, mask, vals, *, inplace=True):
    """Implements ``jnp.place`` (``inplace=False`` only): vals cycled over the True places."""
    if inplace:
        raise _inplace_error("place")
    arr = _arr(arr, "place")
    m = ivy.reshape(asarray(mask)._data, (-1,))
    m = m if native_name(m) == "bool" else ivy.astype(m, "bool")
    v = ivy.reshape(_arr(vals, "place")._data, (-1,))
    if not v.shape[0]:
        raise ValueError("Cannot place values from an empty array")
    idx = ivy.nonzero(m)[0]
    k = int(idx.shape[0])
    v = ivy.take(v, ivy.remainder(ivy.arange(k, dtype="int64"), int(v.shape[0])))
    flat = _scatter(ivy.reshape(arr._data, (-1,)), (idx,), v, "set", None)
    return _wrap(ivy.reshape(flat, arr.shape), arr.weak_type)


def piecewise(x, condlist, funclist, *args, **kw):
    """Implements ``jnp.piecewise``: a later true condition overrides an earlier one."""
    x = _arr(x, "piecewise")
    if isinstance(condlist, (Array, np.ndarray)) or ivy.is_native_array(condlist):
        condlist = list(asarray(condlist)) if asarray(condlist).ndim else [condlist]
    n = len(condlist)
    if len(funclist) not in (n, n + 1):
        raise ValueError(f"with {n} condition(s), either {n} or {n + 1} functions are "
                         f"expected; got {len(funclist)}")
    name = native_name(x._data)
    conds = []
    for c in condlist:
        c = asarray(c)._data
        conds.append(c if native_name(c) == "bool" else ivy.astype(c, "bool"))
    if len(funclist) == n + 1:
        none = ivy.logical_not(ivy.any(ivy.stack([ivy.broadcast_to(c, x.shape) for c in conds]),
                                       axis=0)) if conds else ivy.ones(x.shape, dtype="bool")
        conds.append(none)
    out = ivy.zeros(x.shape, dtype=name)
    for c, f in zip(conds, funclist):
        v = f(x, *args, **kw) if callable(f) else f
        v = asarray(v)._data
        out = ivy.where(c, v if native_name(v) == name else ivy.astype(v, name), out)
    return _wrap(out)


# ---- diagonals and triangles ---------------------------------------------------------------------

def diagonal(a, offset=0, axis1=0, axis2=1):
    """Implements ``jnp.diagonal``."""
    a = _arr(a, "diagonal")
    if a.ndim < 2:
        raise ValueError("diagonal requires an array of at least two dimensions.")
    a1, a2 = _axis(axis1, a.ndim), _axis(axis2, a.ndim)
    if a1 == a2:
        raise TypeError("transpose permutation isn't a permutation of operand dimensions: "
                        "axis1 and axis2 must be different")
    return _wrap(ivy.diagonal(a._data, offset=int(offset), axis1=a1, axis2=a2), a.weak_type)


def _int64s(values):
    return _wrap(ivy.asarray(np.asarray(values, dtype=np.int64)))


def diag_indices(n, ndim=2):
    """Implements ``jnp.diag_indices``."""
    n, ndim = int(n), int(ndim)
    if n < 0:
        raise ValueError(f"n argument to diag_indices must be nonnegative, got {n}")
    if ndim < 0:
        raise ValueError(f"ndim argument to diag_indices must be nonnegative, got {ndim}")
    return (_wrap(ivy.arange(n, dtype=J.DEFAULT["int"])),) * ndim


def diag_indices_from(arr):
    """Implements ``jnp.diag_indices_from``."""
    arr = _arr(arr, "diag_indices_from")
    if arr.ndim < 2:
        raise ValueError("input array must be at least 2-d")
    if len(set(arr.shape)) != 1:
        raise ValueError("All dimensions of input must be of equal length")
    return diag_indices(arr.shape[0], arr.ndim)


def fill_diagonal(a, val, wrap=False, *, inplace=True):
    """Implements ``jnp.fill_diagonal`` (``inplace=False``, ``wrap=False`` only, like JAX)."""
    if inplace:
        raise NotImplementedError("JAX arrays are immutable, must use inplace=False")
    if wrap:
        raise NotImplementedError("wrap=True is not implemented, must use wrap=False")
    a = _arr(a, "fill_diagonal")
    if a.ndim < 2:
        raise ValueError("array must be at least 2-d")
    if a.ndim > 2 and len(set(a.shape)) != 1:
        raise ValueError("All dimensions of input must be of equal length")
    n = min(a.shape)
    name = native_name(a._data)
    v = ivy.reshape(asarray(val)._data, (-1,))
    v = v if native_name(v) == name else ivy.astype(v, name)
    if n and v.shape[0] != n:
        v = ivy.take(v, ivy.remainder(ivy.arange(n, dtype="int64"), int(v.shape[0])))
    i = ivy.arange(n, dtype="int64")
    return _wrap(ivy.index_update(a._data, (i,) * a.ndim, v), a.weak_type)


def tril_indices(n, k=0, m=None):
    """Implements ``jnp.tril_indices``."""
    return tuple(_int64s(v) for v in np.tril_indices(int(n), int(k), None if m is None
                                                     else int(m)))


def triu_indices(n, k=0, m=None):
    """Implements ``jnp.triu_indices``."""
    return tuple(_int64s(v) for v in np.triu_indices(int(n), int(k), None if m is None
                                                     else int(m)))


def _shape_2d(arr):
    shape = tuple(arr.shape)
    if len(shape) != 2:
        raise ValueError("Only 2-D inputs are accepted")
    return shape


def tril_indices_from(arr, k=0):
    """Implements ``jnp.tril_indices_from``."""
    n, m = _shape_2d(arr)
    return tril_indices(n, k, m)


def triu_indices_from(arr, k=0):
    """Implements ``jnp.triu_indices_from``."""
    n, m = _shape_2d(arr)
    return triu_indices(n, k, m)


def mask_indices(n, mask_func, k=0, *, size=None):
    """Implements ``jnp.mask_indices``: where ``mask_func(ones((n, n)), k)`` is nonzero."""
    ones = _wrap(ivy.ones((int(n), int(n)), dtype=J.DEFAULT["int"]))
    return nonzero(mask_func(ones, k), size=size)


def ravel_multi_index(multi_index, dims, mode="raise", order="C", *, dtype=None):
    """Implements ``jnp.ravel_multi_index``."""
    dims = tuple(int(d) for d in dims)
    if len(multi_index) != len(dims):
        raise AssertionError(f"len(multi_index)={len(multi_index)} != len(dims)={len(dims)}")
    if order not in ("C", "F"):
        raise ValueError("only 'C' or 'F' order is permitted")
    idx = [asarray(i) for i in multi_index]
    for i in idx:
        if native_name(i._data) not in _INTEGRAL:
            raise ValueError(f"dtype={i.dtype!r} is not an integer type.")
    out_name = J.DEFAULT["int"] if dtype is None else J.name_of(dtype)
    ks = [ivy.astype(i._data, "int64") for i in idx]
    if mode == "raise":
        for k, d in zip(ks, dims):
            if bool(ivy.to_numpy(ivy.any(ivy.logical_or(ivy.less(k, 0),
                                                         ivy.greater_equal(k, d))))):
                raise ValueError("invalid entry in coordinates array")
    elif mode == "clip":
        ks = [ivy.clip(k, 0, d - 1) for k, d in zip(ks, dims)]
    elif mode == "wrap":
        ks = [ivy.remainder(k, d) for k, d in zip(ks, dims)]
    else:
        raise ValueError(f"invalid mode={mode!r}. Expected 'raise', 'wrap', or 'clip'")
    if order == "F":
        ks, dims = ks[::-1], dims[::-1]
    out, stride = None, 1
    for k, d in zip(reversed(ks), reversed(dims)):
        term = ivy.multiply(k, stride)
        out = term if out is None else ivy.add(out, term)
        stride *= d
    if out is None:
        out = ivy.zeros((), dtype="int64")
    return _wrap(ivy.astype(out, out_name))


def unravel_index(indices, shape):
    """Implements ``jnp.unravel_index``: out-of-bound flat indices are clipped."""
    ind = asarray(indices)
    name = native_name(ind._data)
    shape = tuple(int(s) for s in shape)
    size = int(np.prod(shape, dtype=np.int64))
    k = ivy.astype(ind._data, "int64")
    k = ivy.clip(ivy.where(ivy.less(k, 0), ivy.add(k, size), k), 0, max(size - 1, 0))
    out = []
    for d in reversed(shape):
        out.append(ivy.remainder(k, d) if d else k)
        k = ivy.floor_divide(k, d) if d else k
    return tuple(_wrap(ivy.astype(o, name), ind.weak_type) for o in reversed(out))


FUNCTIONS = {f.__name__: f for f in (
    take, take_along_axis, put, put_along_axis, where, nonzero, argwhere, flatnonzero, select,
    choose, compress, extract, place, piecewise, diagonal, diag_indices, diag_indices_from,
    fill_diagonal, tril_indices, triu_indices, tril_indices_from, triu_indices_from, mask_indices,
    ravel_multi_index, unravel_index)}


def _method(f, name=None):
    def m(self, *args, **kwargs):
        return f(self, *args, **kwargs)
    m.__name__ = m.__qualname__ = name or f.__name__
    return m


def _choose_method(self, choices, out=None, mode="raise"):
    return choose(self, choices, out, mode)


def _compress_method(self, condition, axis=None, *, out=None, size=None, fill_value=0):
    return compress(condition, self, axis, size=size, fill_value=fill_value, out=out)


def _nonzero_method(self, *, fill_value=None, size=None):
    return nonzero(self, size=size, fill_value=fill_value)


METHODS = {"__getitem__": __getitem__, "take": _method(take), "diagonal": _method(diagonal),
           "choose": _choose_method, "compress": _compress_method, "nonzero": _nonzero_method}
PROPERTIES = {"at": at}
