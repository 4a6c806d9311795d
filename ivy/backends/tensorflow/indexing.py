"""The `indexing` area on tensorflow.

TF's ``__getitem__`` is a strided slice: ints, slices (any step), None and Ellipsis only. Every
other key goes through the core's key engine (``core.parse_key``): the basic part is one strided
slice, then the advanced dimensions are moved first and read with one ``gather_nd``, and moved to
NumPy's position. Updates write through flat positions: ``reshape(range(size), shape)[key]`` names
every element the key selects, and one ``tensor_scatter_nd_*`` (``unsorted_segment_prod`` for
multiply, which TF has no scatter for) reduces the values into the flattened array.
"""
import numpy as np
import tensorflow as tf

from ivy.core.errors import IvyIndexError, IvyTypeError, IvyValueError, from_native, translating
from ivy.core.ext import indexing as core

from ._base import NAME, name_of
from ._manipulation import take_along_axis
from ._search import argsort

_INT64, _BOOL = tf.int64, tf.bool
_INTEGRAL = frozenset({tf.int8, tf.int16, tf.int32, tf.int64, tf.uint8, tf.uint16, tf.uint32,
                       tf.uint64})
_FULL = slice(None)
_SUM_DTYPE = {tf.bool: tf.int64, tf.int8: tf.int64, tf.int16: tf.int64, tf.int32: tf.int64,
              tf.uint8: tf.uint64, tf.uint16: tf.uint64, tf.uint32: tf.uint64}


def _index_array(seq):
    a = np.asarray(seq)
    if a.size == 0 and a.dtype.kind not in "biu":
        a = a.astype(np.int64)
    return tf.constant(a)


def _kind(t):
    return "b" if t.dtype is _BOOL else "i" if t.dtype in _INTEGRAL else "f"


def _nonzero(mask):
    return tuple(tf.unstack(tf.where(mask), num=len(mask.shape), axis=1))


_OPS = core.KeyOps((tf.Tensor, tf.Variable), _index_array, _kind, lambda t: tuple(t.shape),
                   _nonzero, lambda t: bool(t))


def _error(e, fn):
    """Native errors as ivy errors; TF's index range errors are IndexErrors."""
    if isinstance(e, tf.errors.InvalidArgumentError) and any(
            hint in str(e) for hint in ("bound", "not in [", "does not index into")):
        return IvyIndexError(f"ivy.{fn} ({NAME} backend): {e.message}", function=fn,
                             backend=NAME)
    return from_native(e, fn, NAME)


def _wrap(indices, n):
    indices = tf.cast(indices, _INT64)
    return tf.where(indices < 0, indices + n, indices)


def _get(x, key, fn):
    plan = core.parse_key(key, tuple(x.shape), _OPS, fn)
    y = x if all(k == _FULL for k in plan.basic) else x[plan.basic]
    if not plan.arrays:
        return y
    dims = plan.dims
    ndim = len(y.shape)
    rest = [d for d in range(ndim) if d not in dims]
    if dims != list(range(len(dims))):
        y = tf.transpose(y, dims + rest)
    shape = core.broadcast_shape(plan.arrays, _OPS, fn)
    if 0 in y.shape:    # gather_nd refuses empty params: the result is empty or out of bounds
        if 0 not in shape and any(y.shape[i] == 0 for i in range(len(dims))):
            raise IvyIndexError(f"ivy.{fn} ({NAME} backend): index out of bounds for an axis "
                                f"of size 0", function=fn, backend=NAME)
        r = tf.zeros(shape + tuple(y.shape[len(dims):]), y.dtype)
    else:
        coords = tf.stack([tf.broadcast_to(_wrap(a, y.shape[i]), shape)
                           for i, a in enumerate(plan.arrays)], axis=-1)
        # scalar indices: one coordinate row of a batch of one, since TF's gradient of gather_nd
        # fails for rank-1 indices (scatter_nd's shape check)
        r = tf.gather_nd(y, coords[None])[0] if not shape else tf.gather_nd(y, coords)
    if plan.position:
        nb, p = len(shape), plan.position
        order = list(range(nb, nb + p)) + list(range(nb)) + list(range(nb + p, len(r.shape)))
        r = tf.transpose(r, order)
    return r


def get_item(x, key, /):
    try:
        return _get(x, key, "get_item")
    except Exception as e:
        raise _error(e, "get_item") from e


def _values(values, dtype):
    if isinstance(values, (tf.Tensor, tf.Variable)):
        return values if values.dtype is dtype else tf.cast(values, dtype)
    return tf.constant(np.asarray(values).astype(dtype.as_numpy_dtype))


def _iota(shape):
    return tf.reshape(tf.range(int(np.prod(shape, dtype=np.int64)), dtype=_INT64), shape)


_SCATTER = {"set": tf.tensor_scatter_nd_update, "add": tf.tensor_scatter_nd_add,
            "min": tf.tensor_scatter_nd_min, "max": tf.tensor_scatter_nd_max}


def _scatter_flat(x, pos, values, reduction):
    """x with ``values`` (pos's shape) reduced in at flat positions ``pos``."""
    shape = x.shape
    flat = tf.reshape(x, [-1])
    p = tf.reshape(pos, [-1])
    v = tf.reshape(values, [-1])
    if reduction == "multiply":
        out = flat * tf.math.unsorted_segment_prod(v, p, tf.size(flat, out_type=_INT64))
    elif x.dtype is _BOOL and reduction != "set":     # and / or, computed on 0/1
        out = tf.cast(_SCATTER[reduction](tf.cast(flat, tf.int8), p[:, None],
                                          tf.cast(v, tf.int8)), _BOOL)
    else:
        out = _SCATTER[reduction](flat, p[:, None], v)
    return tf.reshape(out, shape)


def index_update(x, key, values, /, *, reduction="set", inplace=False):
    try:
        if key is Ellipsis and reduction == "set" and isinstance(values, tf.Tensor) and \
                values.dtype == x.dtype and values.shape == x.shape:
            return values          # a whole-array write is the values themselves (no scatter)
        if reduction != "set":
            reduction = core.reduction_of(reduction, "index_update")
            core.check_reduction_dtype(reduction, name_of(x.dtype), "index_update")
        pos = _get(_iota(tuple(x.shape)), key, "index_update")
        v = tf.broadcast_to(_values(values, x.dtype), tf.shape(pos))
        return _scatter_flat(x, pos, v, reduction)
    except Exception as e:
        raise _error(e, "index_update") from e


def _axis(axis, ndim, fn):
    n = max(ndim, 1)
    if not -n <= axis < n:
        raise IvyIndexError(f"ivy.{fn} ({NAME} backend): axis {axis} is out of bounds for "
                            f"{ndim}-d array", function=fn, backend=NAME)
    return axis % n


def _check_int(indices, fn):
    if indices.dtype not in _INTEGRAL:
        raise IvyTypeError(f"ivy.{fn} ({NAME} backend): indices must be integers, got "
                           f"{name_of(indices.dtype)}", function=fn, backend=NAME)


def _gather_coords(x_shape, indices, axis, fn):
    """torch.gather's full coordinates, stacked on a last axis for gather_nd."""
    _check_int(indices, fn)
    ishape, ndim = tuple(indices.shape), len(x_shape)
    if len(ishape) != ndim:
        raise IvyValueError(f"ivy.{fn} ({NAME} backend): indices must have x's rank {ndim}, "
                            f"got shape {ishape}", function=fn, backend=NAME)
    axis = _axis(axis, ndim, fn)
    for d in range(ndim):
        if d != axis and ishape[d] > x_shape[d]:
            raise IvyValueError(f"ivy.{fn} ({NAME} backend): indices shape {ishape} exceeds x "
                                f"shape {tuple(x_shape)} at dimension {d}", function=fn,
                                backend=NAME)
    coords = [tf.broadcast_to(tf.reshape(tf.range(n, dtype=_INT64),
                                         (1,) * d + (n,) + (1,) * (ndim - d - 1)), ishape)
              for d, n in enumerate(ishape)]
    if ndim:
        coords[axis] = _wrap(indices, x_shape[axis])
    return tf.stack(coords, axis=-1) if ndim else tf.zeros((0,), _INT64)


@translating("gather", NAME)
def gather(x, indices, /, *, axis):
    return tf.gather_nd(x, _gather_coords(tuple(x.shape), indices, axis, "gather"))


def _nd_indices(x_shape, indices, batch_dims, fn):
    _check_int(indices, fn)
    ishape = tuple(indices.shape)
    if not ishape:
        raise IvyValueError(f"ivy.{fn} ({NAME} backend): indices must have at least 1 "
                            f"dimension", function=fn, backend=NAME)
    m = ishape[-1]
    if batch_dims < 0 or batch_dims >= len(ishape) or batch_dims + m > len(x_shape) or \
            tuple(x_shape[:batch_dims]) != ishape[:batch_dims]:
        raise IvyValueError(f"ivy.{fn} ({NAME} backend): indices of shape {ishape} with "
                            f"batch_dims={batch_dims} do not fit x of shape {tuple(x_shape)}",
                            function=fn, backend=NAME)
    return _wrap(indices, tf.constant(x_shape[batch_dims:batch_dims + m], _INT64))


@translating("gather_nd", NAME)
def gather_nd(x, indices, /, *, batch_dims=0):
    try:
        return tf.gather_nd(x, _nd_indices(tuple(x.shape), indices, batch_dims, "gather_nd"),
                            batch_dims=batch_dims)
    except tf.errors.InvalidArgumentError as e:
        raise _error(e, "gather_nd") from e


@translating("scatter", NAME)
def scatter(x, indices, updates, /, *, axis, reduction="set"):
    reduction = core.reduction_of(reduction, "scatter")
    core.check_reduction_dtype(reduction, name_of(x.dtype), "scatter")
    shape = tuple(x.shape)
    coords = _gather_coords(shape, indices, axis, "scatter")
    src = _values(updates, x.dtype)
    ishape = tuple(indices.shape)
    if len(src.shape):
        if len(src.shape) != len(ishape) or any(u < i for u, i in zip(src.shape, ishape)):
            raise IvyValueError(f"ivy.scatter ({NAME} backend): updates shape "
                                f"{tuple(src.shape)} is smaller than indices shape {ishape}",
                                function="scatter", backend=NAME)
        src = src[tuple(slice(0, n) for n in ishape)]
    src = tf.broadcast_to(src, ishape)
    try:
        return _scatter_flat(x, tf.gather_nd(_iota(shape), coords), src, reduction)
    except tf.errors.InvalidArgumentError as e:
        raise _error(e, "scatter") from e


@translating("scatter_nd", NAME)
def scatter_nd(indices, updates, shape, /, *, reduction="add"):
    reduction = core.reduction_of(reduction, "scatter_nd")
    core.check_reduction_dtype(reduction, name_of(updates.dtype), "scatter_nd")
    shape = tuple(int(s) for s in shape)
    try:
        pos = tf.gather_nd(_iota(shape), _nd_indices(shape, indices, 0, "scatter_nd"))
    except tf.errors.InvalidArgumentError as e:
        raise _error(e, "scatter_nd") from e
    if tuple(updates.shape) != tuple(pos.shape):
        raise IvyValueError(f"ivy.scatter_nd ({NAME} backend): updates must have shape "
                            f"{tuple(pos.shape)}, got {tuple(updates.shape)}",
                            function="scatter_nd", backend=NAME)
    return _scatter_flat(tf.zeros(shape, updates.dtype), pos, updates, reduction)


def _check_mask(mask, fn):
    if mask.dtype is not _BOOL:
        raise IvyTypeError(f"ivy.{fn} ({NAME} backend): mask must be bool, got "
                           f"{name_of(mask.dtype)}", function=fn, backend=NAME)


@translating("boolean_mask", NAME)
def boolean_mask(x, mask, /):
    _check_mask(mask, "boolean_mask")
    if tuple(mask.shape) != tuple(x.shape[:len(mask.shape)]):
        raise IvyIndexError(f"ivy.boolean_mask ({NAME} backend): mask shape "
                            f"{tuple(mask.shape)} does not match x's leading dimensions "
                            f"{tuple(x.shape)}", function="boolean_mask", backend=NAME)
    if not len(mask.shape):
        return tf.expand_dims(x, 0)[:1 if bool(mask) else 0]
    return tf.boolean_mask(x, mask)


@translating("masked_fill", NAME)
def masked_fill(x, mask, value, /):
    _check_mask(mask, "masked_fill")
    if np.broadcast_shapes(tuple(mask.shape), tuple(x.shape)) != tuple(x.shape):
        raise IvyValueError(f"ivy.masked_fill ({NAME} backend): mask shape {tuple(mask.shape)} "
                            f"does not broadcast to x's shape {tuple(x.shape)}",
                            function="masked_fill", backend=NAME)
    return tf.where(mask, _values(value, x.dtype), x)


@translating("nonzero_static", NAME)
def nonzero_static(x, /, *, size, fill_value=0):
    ndim = len(x.shape)
    if ndim == 0:
        raise IvyValueError(f"ivy.nonzero_static ({NAME} backend): x must have at least 1 "
                            f"dimension", function="nonzero_static", backend=NAME)
    fills = tuple(fill_value) if isinstance(fill_value, (tuple, list)) else (fill_value,) * ndim
    if len(fills) != ndim:
        raise IvyValueError(f"ivy.nonzero_static ({NAME} backend): fill_value needs one value "
                            f"per dimension ({ndim})", function="nonzero_static", backend=NAME)
    found = tf.where(x if x.dtype is _BOOL else tf.not_equal(x, tf.zeros((), x.dtype)))[:size]
    pad = tf.tile(tf.constant([fills], _INT64), [size - tf.shape(found)[0], 1])
    return tuple(tf.unstack(tf.concat([found, pad], 0), num=ndim, axis=1))


@translating("topk", NAME)
def topk(x, k, /, *, axis=-1, largest=True, sorted=True):
    ndim = len(x.shape)
    axis = _axis(axis, ndim, "topk")
    n = x.shape[axis] if ndim else 1
    if not 0 <= k <= n:
        raise IvyValueError(f"ivy.topk ({NAME} backend): k={k} out of range for a dimension "
                            f"of size {n}", function="topk", backend=NAME)
    if ndim == 0:
        return core.TopKResult(tf.identity(x), tf.zeros((), _INT64))
    # the backend's stable argsort: ties in index order, NaN largest
    idx = argsort(x, axis=axis, descending=largest)
    idx = idx[(_FULL,) * axis + (slice(0, k),)]
    return core.TopKResult(take_along_axis(x, idx, axis=axis), idx)


@translating("bincount", NAME)
def bincount(x, /, *, weights=None, minlength=0):
    if len(x.shape) != 1 or x.dtype not in _INTEGRAL:
        raise IvyValueError(f"ivy.bincount ({NAME} backend): x must be a 1-d integer array",
                            function="bincount", backend=NAME)
    if minlength < 0:
        raise IvyValueError(f"ivy.bincount ({NAME} backend): minlength must be non-negative",
                            function="bincount", backend=NAME)
    size = x.shape[0]
    x = tf.cast(x, _INT64)
    if size and int(tf.reduce_min(x)) < 0:
        raise IvyValueError(f"ivy.bincount ({NAME} backend): x must be non-negative",
                            function="bincount", backend=NAME)
    length = max(int(tf.reduce_max(x)) + 1 if size else 0, minlength)
    if weights is None:
        return tf.math.unsorted_segment_sum(tf.ones_like(x), x, length)
    if tuple(weights.shape) != tuple(x.shape):
        raise IvyValueError(f"ivy.bincount ({NAME} backend): weights shape differs from x's",
                            function="bincount", backend=NAME)
    return tf.math.unsorted_segment_sum(tf.cast(weights, _SUM_DTYPE.get(weights.dtype,
                                                                        weights.dtype)), x, length)


def _move_last(x, a1, a2):
    ndim = len(x.shape)
    perm = [d for d in range(ndim) if d not in (a1, a2)] + [a1, a2]
    return x if perm == list(range(ndim)) else tf.transpose(x, perm)


def _diagonal(x, offset, axis1, axis2, fn):
    ndim = len(x.shape)
    a1, a2 = _axis(axis1, ndim, fn), _axis(axis2, ndim, fn)
    if a1 == a2:
        raise IvyValueError(f"ivy.{fn} ({NAME} backend): axis1 and axis2 cannot be the same",
                            function=fn, backend=NAME)
    y = _move_last(x, a1, a2)
    y = y[..., :, offset:] if offset >= 0 else y[..., -offset:, :]
    rows, cols = y.shape[-2], y.shape[-1]
    n = min(rows, cols)
    i = tf.range(n, dtype=_INT64)
    # a gather, not diag_part: every dtype (bool included) and empty diagonals
    flat = tf.reshape(y, tuple(y.shape[:-2]) + (rows * cols,))
    return tf.gather(flat, i * (cols + 1), axis=-1)


@translating("diag", NAME)
def strides(x, /):
    """No strided memory: the strides of C order."""
    return core.c_order_strides(tuple(x.shape))


def diag(x, /, *, k=0):
    ndim = len(x.shape)
    if ndim == 1:
        return _embed(x, k)
    if ndim != 2:
        raise IvyValueError(f"ivy.diag ({NAME} backend): x must be 1-d or 2-d, got {ndim}-d",
                            function="diag", backend=NAME)
    return _diagonal(x, k, 0, 1, "diag")


@translating("diagonal", NAME)
def diagonal(x, /, *, offset=0, axis1=0, axis2=1):
    if len(x.shape) < 2:
        raise IvyValueError(f"ivy.diagonal ({NAME} backend): x must have at least 2 dimensions",
                            function="diagonal", backend=NAME)
    return _diagonal(x, offset, axis1, axis2, "diagonal")


def _embed(x, offset):
    """(..., n) -> (..., m, m), m = n + |offset|, x on diagonal ``offset``."""
    n = x.shape[-1]
    m = n + abs(offset)
    lead = tuple(x.shape[:-1])
    i = tf.range(n, dtype=_INT64)
    pos = (i + max(-offset, 0)) * m + i + max(offset, 0)
    batch = int(np.prod(lead, dtype=np.int64))
    rows = tf.reshape(x, (batch, n))
    out = tf.scatter_nd(tf.reshape(pos, (n, 1)), tf.transpose(rows), (m * m, batch))
    return tf.reshape(tf.transpose(out), lead + (m, m))


@translating("diag_embed", NAME)
def diag_embed(x, /, *, offset=0, dim1=-2, dim2=-1):
    ndim = len(x.shape)
    if ndim == 0:
        raise IvyValueError(f"ivy.diag_embed ({NAME} backend): x must have at least 1 "
                            f"dimension", function="diag_embed", backend=NAME)
    d1, d2 = _axis(dim1, ndim + 1, "diag_embed"), _axis(dim2, ndim + 1, "diag_embed")
    if d1 == d2:
        raise IvyValueError(f"ivy.diag_embed ({NAME} backend): dim1 and dim2 must differ",
                            function="diag_embed", backend=NAME)
    out = _embed(x, offset)
    order = [None] * (ndim + 1)
    order[d1], order[d2] = ndim - 1, ndim
    batch = iter(range(ndim - 1))
    order = [next(batch) if o is None else o for o in order]
    return tf.transpose(out, order)
