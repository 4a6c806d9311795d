"""The `indexing` area on numpy: numpy's own indexing is the specification, so most functions are
one native call plus the conversions the contract asks for (0-d results as arrays, errors)."""
import numpy as np

from ivy.core.errors import IvyIndexError, IvyValueError, from_native, translating
from ivy.core.ext import indexing as core

from ._dtypes import CANONICAL, NAME

_ndarray = np.ndarray
_asarray = np.asarray
_UFUNC = {"add": np.add, "multiply": np.multiply, "min": np.minimum, "max": np.maximum}
_SUM_DTYPE = {"b": np.int64, "i": np.int64, "u": np.uint64}


def get_item(x, key, /):
    try:
        r = x[key]
    except IndexError as e:
        raise IvyIndexError(f"ivy.get_item ({NAME} backend): {e}", function="get_item",
                            backend=NAME) from e
    except Exception as e:
        raise from_native(e, "get_item", NAME) from e
    return r if type(r) is _ndarray else _asarray(r)


def index_update(x, key, values, /, *, reduction="set", inplace=False):
    try:
        y = x if inplace else x.copy()
        if reduction == "set":
            y[key] = values
            return y
        reduction = core.reduction_of(reduction, "index_update")
        if reduction == "set":
            y[key] = values
            return y
        core.check_reduction_dtype(reduction, CANONICAL[y.dtype], "index_update")
        # ufunc.at accumulates duplicates; it takes NumPy's keys, values cast like assignment.
        values = _asarray(values).astype(y.dtype, copy=False)
        _UFUNC[reduction].at(y, key, values)
        return y
    except IndexError as e:
        raise IvyIndexError(f"ivy.index_update ({NAME} backend): {e}", function="index_update",
                            backend=NAME) from e
    except Exception as e:
        raise from_native(e, "index_update", NAME) from e


def _wrap(indices, n):
    """Negative indices count from the end."""
    return np.where(indices < 0, indices + n, indices)


def _gather_coords(x_shape, indices, axis, fn):
    """Full coordinates of torch.gather/scatter: indices along axis, positions elsewhere."""
    ishape = indices.shape
    ndim = len(x_shape)
    if len(ishape) != ndim:
        raise IvyValueError(f"ivy.{fn} ({NAME} backend): indices must have x's rank {ndim}, "
                            f"got shape {ishape}", function=fn, backend=NAME)
    axis = _axis(axis, ndim, fn)
    for d in range(ndim):
        if d != axis and ishape[d] > x_shape[d]:
            raise IvyValueError(f"ivy.{fn} ({NAME} backend): indices shape {ishape} exceeds x "
                                f"shape {tuple(x_shape)} at dimension {d}", function=fn,
                                backend=NAME)
    coords = list(np.indices(ishape, sparse=True))
    coords[axis] = _wrap(indices, x_shape[axis]) if indices.size else indices
    return tuple(coords), axis


def _axis(axis, ndim, fn):
    if not -max(ndim, 1) <= axis < max(ndim, 1):
        raise IvyIndexError(f"ivy.{fn} ({NAME} backend): axis {axis} is out of bounds for "
                            f"{ndim}-d array", function=fn, backend=NAME)
    return axis % max(ndim, 1)


def _check_int(indices, fn):
    if indices.dtype.kind not in "iu":
        raise core.IvyTypeError(f"ivy.{fn} ({NAME} backend): indices must be integers, got "
                                f"{indices.dtype}", function=fn, backend=NAME)


@translating("gather", NAME)
def gather(x, indices, /, *, axis):
    _check_int(indices, "gather")
    coords, _ = _gather_coords(x.shape, indices, axis, "gather")
    return _asarray(x[coords])


def _nd_coords(x_shape, indices, batch_dims, fn):
    """tf.gather_nd's coordinates as a NumPy key."""
    _check_int(indices, fn)
    ishape = indices.shape
    if not ishape:
        raise IvyValueError(f"ivy.{fn} ({NAME} backend): indices must have at least 1 "
                            f"dimension", function=fn, backend=NAME)
    m = ishape[-1]
    if batch_dims < 0 or batch_dims >= len(ishape) or batch_dims + m > len(x_shape) or \
            tuple(x_shape[:batch_dims]) != tuple(ishape[:batch_dims]):
        raise IvyValueError(f"ivy.{fn} ({NAME} backend): indices of shape {ishape} with "
                            f"batch_dims={batch_dims} do not fit x of shape {tuple(x_shape)}",
                            function=fn, backend=NAME)
    lead = len(ishape) - 1
    batch = tuple(np.arange(n).reshape((1,) * i + (n,) + (1,) * (lead - i - 1))
                  for i, n in enumerate(ishape[:batch_dims]))
    if not m:       # empty index vectors take whole slices: index a new axis of length 1
        return batch + (np.zeros(ishape[:-1], np.int64),)
    own = tuple(_wrap(indices[..., i], x_shape[batch_dims + i]) for i in range(m))
    return batch + own


@translating("gather_nd", NAME)
def gather_nd(x, indices, /, *, batch_dims=0):
    key = _nd_coords(x.shape, indices, batch_dims, "gather_nd")
    if not indices.shape[-1]:
        x = np.expand_dims(x, batch_dims)
    return _asarray(x[key])


def _reduce_into(y, key, values, reduction, fn):
    if reduction == "set":
        y[key] = values
    else:
        core.check_reduction_dtype(reduction, CANONICAL[y.dtype], fn)
        _UFUNC[reduction].at(y, key, values)
    return y


@translating("scatter", NAME)
def scatter(x, indices, updates, /, *, axis, reduction="set"):
    reduction = core.reduction_of(reduction, "scatter")
    _check_int(indices, "scatter")
    coords, _ = _gather_coords(x.shape, indices, axis, "scatter")
    updates = _asarray(updates)
    if updates.ndim:
        if updates.ndim != indices.ndim or any(u < i for u, i in zip(updates.shape,
                                                                    indices.shape)):
            raise IvyValueError(f"ivy.scatter ({NAME} backend): updates shape {updates.shape} "
                                f"is smaller than indices shape {indices.shape}",
                                function="scatter", backend=NAME)
        updates = updates[tuple(slice(0, n) for n in indices.shape)]
    updates = np.broadcast_to(updates.astype(x.dtype, copy=False), indices.shape)
    return _reduce_into(x.copy(), coords, updates, reduction, "scatter")


@translating("scatter_nd", NAME)
def scatter_nd(indices, updates, shape, /, *, reduction="add"):
    reduction = core.reduction_of(reduction, "scatter_nd")
    shape = tuple(int(s) for s in shape)
    updates = _asarray(updates)
    key = _nd_coords(shape, indices, 0, "scatter_nd")
    expected = indices.shape[:-1] + shape[indices.shape[-1]:]
    if updates.shape != expected:
        raise IvyValueError(f"ivy.scatter_nd ({NAME} backend): updates must have shape "
                            f"{expected}, got {updates.shape}", function="scatter_nd",
                            backend=NAME)
    y = np.zeros(shape, updates.dtype)
    if not indices.shape[-1]:           # empty index vectors address the whole array
        _reduce_into(y[None], key, updates, reduction, "scatter_nd")
        return y
    return _reduce_into(y, key, updates, reduction, "scatter_nd")


@translating("boolean_mask", NAME)
def boolean_mask(x, mask, /):
    if mask.dtype != np.bool_:
        raise core.IvyTypeError(f"ivy.boolean_mask ({NAME} backend): mask must be bool, got "
                                f"{mask.dtype}", function="boolean_mask", backend=NAME)
    if mask.shape != x.shape[:mask.ndim]:
        raise IvyIndexError(f"ivy.boolean_mask ({NAME} backend): mask shape {mask.shape} does "
                            f"not match x's leading dimensions {x.shape}",
                            function="boolean_mask", backend=NAME)
    return x[mask]


@translating("masked_fill", NAME)
def masked_fill(x, mask, value, /):
    if np.broadcast_shapes(mask.shape, x.shape) != x.shape:
        raise IvyValueError(f"ivy.masked_fill ({NAME} backend): mask shape {mask.shape} does "
                            f"not broadcast to x's shape {x.shape}", function="masked_fill",
                            backend=NAME)
    return np.where(mask, _asarray(value).astype(x.dtype), x)


def _fill_values(fill_value, ndim, fn):
    if isinstance(fill_value, (tuple, list)):
        if len(fill_value) != ndim:
            raise IvyValueError(f"ivy.{fn} ({NAME} backend): fill_value needs one value per "
                                f"dimension ({ndim}), got {len(fill_value)}", function=fn,
                                backend=NAME)
        return tuple(fill_value)
    return (fill_value,) * ndim


@translating("nonzero_static", NAME)
def nonzero_static(x, /, *, size, fill_value=0):
    if x.ndim == 0:
        raise IvyValueError(f"ivy.nonzero_static ({NAME} backend): x must have at least 1 "
                            f"dimension", function="nonzero_static", backend=NAME)
    fills = _fill_values(fill_value, x.ndim, "nonzero_static")
    out = []
    for coords, fill in zip(np.nonzero(x), fills):
        row = np.full(size, fill, dtype=np.int64)
        n = min(size, coords.size)
        row[:n] = coords[:n]
        out.append(row)
    return tuple(out)


@translating("topk", NAME)
def topk(x, k, /, *, axis=-1, largest=True, sorted=True):
    axis = _axis(axis, x.ndim, "topk")
    n = x.shape[axis] if x.ndim else 1
    if not 0 <= k <= n:
        raise IvyValueError(f"ivy.topk ({NAME} backend): k={k} out of range for a dimension "
                            f"of size {n}", function="topk", backend=NAME)
    if x.ndim == 0:
        return core.TopKResult(x.copy(), np.zeros((), np.int64))
    if largest:
        # descending and stable (ties in index order; NaN, sorted last ascending, comes first)
        rev = np.flip(x, axis)
        idx = (n - 1) - np.flip(np.argsort(rev, axis=axis, kind="stable"), axis)
    else:
        idx = np.argsort(x, axis=axis, kind="stable")
    idx = np.take(idx, np.arange(k), axis=axis).astype(np.int64)
    return core.TopKResult(np.take_along_axis(x, idx, axis=axis), idx)


@translating("unique", NAME)
def unique(x, /, *, axis=None, return_index=False, return_inverse=False, return_counts=False,
           sorted=True):
    r = np.unique(x, return_index=return_index, return_inverse=return_inverse,
                  return_counts=return_counts, axis=axis)
    if type(r) is tuple:
        return tuple(a.astype(np.int64, copy=False) if i else a for i, a in enumerate(r))
    return r


@translating("bincount", NAME)
def bincount(x, /, *, weights=None, minlength=0):
    if x.ndim != 1 or x.dtype.kind not in "iu":
        raise IvyValueError(f"ivy.bincount ({NAME} backend): x must be a 1-d integer array, got "
                            f"{x.ndim}-d {x.dtype}", function="bincount", backend=NAME)
    if x.size and x.min() < 0:
        raise IvyValueError(f"ivy.bincount ({NAME} backend): x must be non-negative",
                            function="bincount", backend=NAME)
    if minlength < 0:
        raise IvyValueError(f"ivy.bincount ({NAME} backend): minlength must be non-negative",
                            function="bincount", backend=NAME)
    length = max(int(x.max()) + 1 if x.size else 0, minlength)
    if weights is None:
        return np.bincount(x, minlength=length).astype(np.int64, copy=False)
    if weights.shape != x.shape:
        raise IvyValueError(f"ivy.bincount ({NAME} backend): weights shape {weights.shape} "
                            f"differs from x's {x.shape}", function="bincount", backend=NAME)
    dtype = _SUM_DTYPE.get(weights.dtype.kind, weights.dtype)
    out = np.zeros(length, dtype)
    np.add.at(out, x, weights.astype(dtype, copy=False))
    return out


@translating("histogram", NAME)
def histogram(x, /, *, bins=10, range=None, weights=None, density=False):
    hist, edges = np.histogram(x, bins=bins, range=range, weights=weights, density=density)
    return core.HistogramResult(hist, edges)


@translating("diag", NAME)
def strides(x, /):
    x = np.asarray(x)
    if not x.size:                  # an empty array's byte strides are arbitrary
        return core.c_order_strides(x.shape)
    return tuple(s // x.itemsize for s in x.strides)


def diag(x, /, *, k=0):
    if x.ndim not in (1, 2):
        raise IvyValueError(f"ivy.diag ({NAME} backend): x must be 1-d or 2-d, got {x.ndim}-d",
                            function="diag", backend=NAME)
    return np.diag(x, k=k).copy()


@translating("diagonal", NAME)
def diagonal(x, /, *, offset=0, axis1=0, axis2=1):
    return np.diagonal(x, offset=offset, axis1=axis1, axis2=axis2)


@translating("diag_embed", NAME)
def diag_embed(x, /, *, offset=0, dim1=-2, dim2=-1):
    if x.ndim == 0:
        raise IvyValueError(f"ivy.diag_embed ({NAME} backend): x must have at least 1 "
                            f"dimension", function="diag_embed", backend=NAME)
    n = x.shape[-1]
    m = n + abs(offset)
    out = np.zeros(x.shape[:-1] + (m, m), x.dtype)
    i = np.arange(n)
    out[..., i + max(-offset, 0), i + max(offset, 0)] = x
    d1, d2 = _axis(dim1, x.ndim + 1, "diag_embed"), _axis(dim2, x.ndim + 1, "diag_embed")
    if d1 == d2:
        raise IvyValueError(f"ivy.diag_embed ({NAME} backend): dim1 and dim2 must differ",
                            function="diag_embed", backend=NAME)
    return np.moveaxis(out, (-2, -1), (d1, d2))


def rot90(x, /, *, k=1, axes=(0, 1)):
    core._rot_axes(axes, x.ndim)
    return np.rot90(x, k=k, axes=tuple(axes))


def tril_indices(n, /, k=0, m=None):
    return tuple(a.astype(np.int64, copy=False) for a in np.tril_indices(n, k, m))


def triu_indices(n, /, k=0, m=None):
    return tuple(a.astype(np.int64, copy=False) for a in np.triu_indices(n, k, m))
