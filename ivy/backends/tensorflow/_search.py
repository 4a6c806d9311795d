"""tensorflow backend: searching, sorting and set functions.

All ordering goes through ``order_key`` (numpy's order on integer keys: NaN last, -0.0 == 0.0, safe
from TF's flush-to-zero) and ``tf.math.top_k``, which keeps equal keys in index order (stable).
"""
import tensorflow as tf

from ivy.core import dtypes as dt
from ivy.core.api import UniqueAllResult, UniqueCountsResult, UniqueInverseResult
from ivy.core.errors import IvyTypeError, IvyValueError, from_native, where as _where

from ._base import (NAME, PY_SCALARS, dim, is_nan_bits, move_back, move_to_last, name_of,
                    norm_axis, operands, order_key, raw, rank, scalar, to_tensor)

_BOOL = tf.bool


def _error(fn, message):
    return IvyValueError(f"{_where(fn, NAME)}: {message}", function=fn, backend=NAME)


def _nonzero_mask(x):
    return x if x.dtype is _BOOL else raw.NotEqual(x=x, y=tf.zeros([], x.dtype))


# ---- where -----------------------------------------------------------------------------------
def where(condition, x1, x2, /):
    try:
        if condition.dtype is not _BOOL:
            raise IvyTypeError(f"{_where('where', NAME)}: condition must be a bool array",
                               function="where", backend=NAME)
        d = getattr(x1, "dtype", None)
        if d is None or d is not getattr(x2, "dtype", None):
            x1, x2 = operands(x1, x2, "where")
        return raw.SelectV2(condition=condition, t=x1, e=x2)
    except Exception as e:
        raise from_native(e, "where", NAME) from e


# ---- sorting ---------------------------------------------------------------------------------
def _ascending_last(key):
    """Stable ascending argsort (int64) of integer keys along the last axis."""
    return tf.cast(tf.math.top_k(raw.Invert(x=key), k=_length(key), sorted=True)[1], tf.int64)


def _length(key):
    n = dim(key, -1)
    return n if isinstance(n, int) else tf.cast(n, tf.int32)


def argsort(x, /, *, axis=-1, descending=False, stable=True):
    """Implements the Array API ``argsort``: always stable; descending keeps equal elements in
    their original order (as array_api_strict does)."""
    try:
        key, back = move_to_last(order_key(x), axis, "argsort")
        if descending:
            idx = tf.cast(tf.math.top_k(key, k=_length(key), sorted=True)[1], tf.int64)
        else:
            idx = _ascending_last(key)
        return move_back(idx, back)
    except Exception as e:
        raise from_native(e, "argsort", NAME) from e


def sort(x, /, *, axis=-1, descending=False, stable=True):
    """Implements the Array API ``sort``: NaNs last (first when descending, the reverse order)."""
    try:
        xm, back = move_to_last(x, axis, "sort")
        out = tf.gather(xm, _ascending_last(order_key(xm)), batch_dims=rank(xm) - 1)
        return move_back(tf.reverse(out, [-1]) if descending else out, back)
    except Exception as e:
        raise from_native(e, "sort", NAME) from e


# ---- searching -------------------------------------------------------------------------------
def _arg_extreme(fn, x, axis, keepdims, largest):
    try:
        n = rank(x)
        if x.dtype.is_floating:  # keys: NaN is the largest, and numpy returns the first NaN
            key = order_key(x)
            if not largest:
                key = tf.where(is_nan_bits(x), tf.constant(key.dtype.min, key.dtype), key)
            x = key
        reduce = tf.math.argmax if largest else tf.math.argmin
        if axis is None:
            if x.shape.num_elements() == 0:
                raise _error(fn, "attempt to get the index of an extremum of an empty array")
            out = reduce(tf.reshape(x, (-1,)), 0, output_type=tf.int64)
            return tf.reshape(out, (1,) * n) if keepdims else out
        axis = norm_axis(axis, n, fn)
        if x.shape[axis] == 0:
            raise _error(fn, "attempt to get the index of an extremum of an empty axis")
        out = reduce(x, axis, output_type=tf.int64)
        return tf.expand_dims(out, axis) if keepdims else out
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def argmax(x, /, *, axis=None, keepdims=False):
    return _arg_extreme("argmax", x, axis, keepdims, True)


def argmin(x, /, *, axis=None, keepdims=False):
    return _arg_extreme("argmin", x, axis, keepdims, False)


def nonzero(x, /):
    try:
        n = rank(x)
        if n == 0:
            raise _error("nonzero", "nonzero is not defined for 0-d arrays")
        coords = tf.where(_nonzero_mask(x))  # int64, one row per nonzero element, C order
        return tuple(tf.unstack(coords, num=n, axis=1))
    except Exception as e:
        raise from_native(e, "nonzero", NAME) from e


def count_nonzero(x, /, *, axis=None, keepdims=False):
    try:
        axis = list(axis) if isinstance(axis, tuple) else axis
        return tf.reduce_sum(tf.cast(_nonzero_mask(x), tf.int64), axis=axis, keepdims=keepdims)
    except Exception as e:
        raise from_native(e, "count_nonzero", NAME) from e


def searchsorted(x1, x2, /, *, side="left", sorter=None):
    """Implements the Array API ``searchsorted`` in numpy's order (NaN last)."""
    try:
        if side not in ("left", "right"):
            raise _error("searchsorted", f"side must be 'left' or 'right', got {side!r}")
        x1 = to_tensor(x1, "searchsorted")
        if rank(x1) != 1:
            raise _error("searchsorted", "x1 must be one-dimensional")
        if sorter is not None:
            x1 = tf.gather(x1, tf.cast(to_tensor(sorter, "searchsorted"), tf.int64))
        if type(x2) in PY_SCALARS:
            x2 = scalar(x2, name_of(x1.dtype), "searchsorted")
        elif x2.dtype is not x1.dtype:
            x1, x2 = operands(x1, x2, "searchsorted")
        out = tf.searchsorted(tf.reshape(order_key(x1), (1, -1)),
                              tf.reshape(order_key(x2), (1, -1)), side=side, out_type=tf.int64)
        return tf.reshape(out, tf.shape(x2))
    except Exception as e:
        raise from_native(e, "searchsorted", NAME) from e


# ---- sets ------------------------------------------------------------------------------------
def _sorted_groups(x):
    """Flattened x sorted as np.unique sorts it: (perm, sorted values, new-group flags)."""
    flat = tf.reshape(x, (-1,))
    if name_of(flat.dtype) in dt.COMPLEX_FLOATING:
        re, im = tf.math.real(flat), tf.math.imag(flat)
        nan_re, nan_im = is_nan_bits(re), is_nan_bits(im)
        # numpy's complex order: finite parts first, then R+nanj, nan+Rj, nan+nanj
        nan_class = tf.cast(nan_re, tf.int32) * 2 + tf.cast(nan_im, tf.int32)
        keys = (nan_class, order_key(re), order_key(im))
        perm = tf.range(tf.size(flat, out_type=tf.int64), dtype=tf.int64)
        for key in reversed(keys):  # least significant first; each pass is stable
            perm = tf.gather(perm, _ascending_last(tf.gather(key, perm)))
        nan = raw.LogicalOr(x=nan_re, y=nan_im)
        sorted_keys = [tf.gather(k, perm) for k in keys]
    else:
        key = order_key(flat)
        perm = _ascending_last(key)
        nan = is_nan_bits(flat)
        sorted_keys = [tf.gather(key, perm)]
    nan = tf.gather(nan, perm)
    differs = nan[1:]  # NaN != NaN: every NaN starts its own group
    for k in sorted_keys:
        differs = raw.LogicalOr(x=differs, y=raw.NotEqual(x=k[1:], y=k[:-1]))
    first = tf.fill(tf.reshape(tf.minimum(tf.size(flat), 1), (1,)), True)
    return perm, tf.gather(flat, perm), tf.concat([first, differs], 0)


def _unique(fn, x, values=True, indices=False, inverse=False, counts=False):
    try:
        perm, ordered, new = _sorted_groups(x)
        out = {"values": tf.boolean_mask(ordered, new)}
        if indices:
            out["indices"] = tf.boolean_mask(perm, new)
        if inverse:
            group = tf.cumsum(tf.cast(new, tf.int64)) - 1
            out["inverse_indices"] = tf.reshape(
                tf.gather(group, tf.math.invert_permutation(perm)), tf.shape(x))
        if counts:
            starts = tf.where(new)[:, 0]
            ends = tf.concat([starts[1:], tf.reshape(tf.size(new, out_type=tf.int64), (1,))], 0)
            out["counts"] = ends - starts
        return out
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def unique_all(x, /):
    r = _unique("unique_all", x, indices=True, inverse=True, counts=True)
    return UniqueAllResult(r["values"], r["indices"], r["inverse_indices"], r["counts"])


def unique_counts(x, /):
    r = _unique("unique_counts", x, counts=True)
    return UniqueCountsResult(r["values"], r["counts"])


def unique_inverse(x, /):
    r = _unique("unique_inverse", x, inverse=True)
    return UniqueInverseResult(r["values"], r["inverse_indices"])


def unique_values(x, /):
    return _unique("unique_values", x)["values"]


def isin(x1, x2, /, *, invert=False):
    """Implements the Array API ``isin``: NaN is in nothing, -0.0 matches 0.0 (as numpy)."""
    try:
        d = getattr(x1, "dtype", None)
        if d is None or d is not getattr(x2, "dtype", None):
            x1, x2 = operands(x1, x2, "isin")
        flat2 = tf.reshape(x2, (-1,))
        if name_of(x1.dtype) in dt.COMPLEX_FLOATING:
            found = tf.reduce_any(raw.Equal(x=tf.expand_dims(x1, -1), y=flat2), axis=-1)
        else:
            table = order_key(flat2)
            table = tf.gather(table, _ascending_last(table))
            key = order_key(x1)
            pos = tf.searchsorted(tf.reshape(table, (1, -1)), tf.reshape(key, (1, -1)),
                                  out_type=tf.int64)[0]
            padded = tf.concat([table, tf.zeros((1,), table.dtype)], 0)  # pos may equal len(table)
            hit = raw.LogicalAnd(x=raw.Less(x=pos, y=tf.size(table, out_type=tf.int64)),
                                 y=raw.Equal(x=tf.gather(padded, pos), y=tf.reshape(key, (-1,))))
            hit = raw.LogicalAnd(x=hit, y=raw.LogicalNot(x=tf.reshape(is_nan_bits(x1), (-1,))))
            found = tf.reshape(hit, tf.shape(x1))
        return raw.LogicalNot(x=found) if invert else found
    except Exception as e:
        raise from_native(e, "isin", NAME) from e
