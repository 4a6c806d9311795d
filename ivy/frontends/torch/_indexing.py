"""``Tensor.__getitem__``/``__setitem__`` on the core's NumPy-style indexing engine."""
from __future__ import annotations

import numpy as np

import ivy

from ._dtypes import native_name
from ._ops import cast, fill_scalar, scalar
from ._tensor import Tensor, _wrap, bump_version, immutable, index_view, set_data


def _key_item(k):
    if isinstance(k, Tensor):
        return k._data
    if isinstance(k, list) and any(isinstance(i, Tensor) for i in k):
        return ivy.stack([_key_item(i) for i in k])
    if type(k) is range:             # torch reads any sequence of ints as an index list
        return list(k)
    return k


def native_key(key):
    """A torch index with frontend tensors swapped for native arrays."""
    if type(key) is list and len(key) < 32 and any(
            isinstance(k, (list, tuple, slice, Tensor)) or k is None or k is Ellipsis for k in key):
        key = tuple(key)         # torch (deprecated, still in 2.13): x[[a, b]] means x[a, b] here
    if type(key) is tuple:
        return tuple(_key_item(k) for k in key)
    return _key_item(key)


_BASIC = (int, slice, type(None), type(Ellipsis))


def _is_basic(key) -> bool:
    items = key if type(key) is tuple else (key,)
    return all(isinstance(k, _BASIC) and not isinstance(k, bool) for k in items)


_BASIC_TYPES = frozenset({int, slice, type(None), type(Ellipsis)})


def _basic_tuple(key) -> bool:
    for k in key:
        if type(k) not in _BASIC_TYPES:
            return False
        if type(k) is slice and k.step is not None:
            _check_step(k)
    return True


def _check_step(k):
    if k.step <= 0:                 # torch has no negative strides
        raise ValueError("step must be greater than zero")




def _check_index_arrays(a, key) -> None:
    """torch's IndexError for an out-of-range integer index array. The core leaves array bounds
    to the backend (jax clamps reads and drops writes, as the jax frontend needs), so on the
    immutable backends the torch frontend checks; numpy and torch raise natively."""
    if not immutable(a):
        return
    items = key if type(key) is tuple else (key,)
    shape = ivy.shape(a)
    used = sum(1 if not ivy.is_native_array(k) else k.ndim if native_name(k) == "bool"
               else 1 for k in items if k is not None and k is not Ellipsis)
    d = 0
    for k in items:
        if k is None:
            continue
        if k is Ellipsis:
            d += len(shape) - used
            continue
        if ivy.is_native_array(k) and native_name(k) == "bool":
            d += k.ndim
            continue
        # one host copy and a numpy test: cheaper than three eager device ops and a sync
        idx = (np.asarray(k) if isinstance(k, (list, tuple)) else
               ivy.to_numpy(k) if ivy.is_native_array(k) else None)
        if idx is not None and idx.dtype.kind in "iu" and idx.size and d < len(shape):
            n = shape[d]
            bad = (idx >= n) | (idx < -n)
            if bad.any():
                raise IndexError(f"index {idx[bad].flat[0]} is out of bounds for dimension {d} "
                                 f"with size {n}")
        d += 1


def getitem(self, key):
    tk = type(key)
    if tk is Tensor:
        _check_index_arrays(self._data, key._data)
        return _wrap(ivy.get_item(self._data, key._data))
    if tk is slice and key.step is not None:
        _check_step(key)
    if tk is int:          # (key, ...): numpy gives a 0-d view, not a copied scalar, of x[i]
        return index_view(self, ivy.get_item(self._data, (key, Ellipsis)), key)
    if tk in _BASIC_TYPES:
        return index_view(self, ivy.get_item(self._data, key), key)
    if tk is tuple and _basic_tuple(key):
        native = ivy.get_item(self._data, key if Ellipsis in key else key + (Ellipsis,))
        return index_view(self, native, key)
    key = native_key(key)
    if not _is_basic(key):
        _check_index_arrays(self._data, key)
    out = ivy.get_item(self._data, key)
    return index_view(self, out, key) if _is_basic(key) else _wrap(out)


_TORCH_NAMES = {"int64": "Long", "int32": "Int", "float32": "Float", "float64": "Double"}


def _advanced(key) -> bool:
    items = key if type(key) is tuple else (key,)
    return any(isinstance(k, (Tensor, list)) or ivy.is_native_array(k) for k in items)


def _mask_fill(key, value) -> bool:
    """``x[..., mask] = one_value`` goes through torch's masked_fill, which casts."""
    items = key if type(key) is tuple else (key,)
    masks = [k for k in items if isinstance(k, Tensor)]
    return (bool(masks) and all(native_name(k._data) == "bool" for k in masks)
            and not any(isinstance(k, list) for k in items) and ivy.size(value._data) == 1)


def setitem(self, key, value):
    a = self._data
    if isinstance(value, Tensor):
        have, want = native_name(value._data), native_name(a)
        if have != want and _advanced(key) and not _mask_fill(key, value):
            raise RuntimeError(f"Index put requires the source and destination dtypes match, got "
                               f"{_TORCH_NAMES.get(want, want)} for the destination and "
                               f"{_TORCH_NAMES.get(have, have)} for the source.")
        value = cast(value._data, native_name(a))
    elif ivy.is_native_array(value):
        value = cast(value, native_name(a))
    elif isinstance(value, (int, float, np.generic)):
        value = fill_scalar(scalar(value), native_name(a), ValueError)
    elif not isinstance(value, (bool, complex)):
        raise TypeError(f"can't assign a {type(value).__name__} to a {self.dtype} tensor")
    key = native_key(key)
    if not _is_basic(key):
        _check_index_arrays(a, key)
    try:
        set_data(self, ivy.index_update(a, key, value, inplace=True))
    except (ivy.IvyBroadcastError, ivy.IvyValueError) as e:   # tensorflow: a plain value error
        raise RuntimeError(str(e)) from e
    bump_version(self)


METHODS = {"__getitem__": getitem, "__setitem__": setitem}
