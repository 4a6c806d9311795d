"""The `indexing` area on jax.

jax.numpy indexes like NumPy, with two departures the key pass (``core.classify``) removes: lists
inside a key are a TypeError to jax (they become arrays), and out-of-range Python integers are
clamped (they raise here). Out-of-range index *arrays* keep jax's rule (clamp on read, drop on
update): checking them would need a device sync.
"""
import jax
import jax.numpy as jnp
import numpy as np

from ivy.core.errors import IvyIndexError, IvyTypeError, IvyValueError, from_native, translating
from ivy.core.ext import indexing as core

from ._common import FLOATING, NAME, NAMES

_INT64 = jnp.int64
_SUM_DTYPE = {"b": np.dtype("int64"), "i": np.dtype("int64"), "u": np.dtype("uint64")}


def _index_array(seq):
    a = np.asarray(seq)
    if a.size == 0 and a.dtype.kind not in "biu":
        a = a.astype(np.int64)
    return jnp.asarray(a)


_OPS = core.KeyOps((jax.Array, jax.core.Tracer), _index_array, lambda a: a.dtype.kind,
                   lambda a: tuple(a.shape), lambda m: jnp.nonzero(m), lambda a: bool(a))


def _key(key, shape, fn):
    """The key with lists as arrays and its Python integers bound-checked; a list of classified
    items instead when it holds a 0-d boolean, which jax places unlike NumPy."""
    if type(key) is int:            # the common case, one comparison
        if not shape or not -shape[0] <= key < shape[0]:
            core.check_ints([(core._INT, key)], shape, _OPS, fn)   # raises
        return key
    items = core.classify(key, _OPS, fn)
    if any(kind is core._MASK0 for kind, _ in items):
        return items
    core.check_ints(items, shape, _OPS, fn)
    return core.rebuild(items)


def _engine_get(x, items, fn):
    """NumPy indexing through the core's key plan: a basic index, then the advanced arrays on
    the leading dimensions, moved to NumPy's position."""
    plan = core.parse_key(None, x.shape, _OPS, fn, items=items)
    y = x[plan.basic]
    if not plan.arrays:
        return y
    dims = plan.dims
    rest = [d for d in range(y.ndim) if d not in dims]
    if dims != list(range(len(dims))):
        y = jnp.transpose(y, dims + rest)
    r = y[tuple(plan.arrays)]
    if plan.position:
        nb = r.ndim - len(rest)
        r = jnp.moveaxis(r, tuple(range(nb)), tuple(range(plan.position, plan.position + nb)))
    return r


def _error(e, fn):
    """Index arrays that do not broadcast together are an IndexError, as in NumPy."""
    if isinstance(e, (ValueError, TypeError)) and "Incompatible shapes for broadcasting" in str(e):
        return IvyIndexError(f"ivy.{fn} ({NAME} backend): shape mismatch: indexing arrays could "
                             f"not be broadcast together ({e})", function=fn, backend=NAME)
    return from_native(e, fn, NAME)


def get_item(x, key, /):
    try:
        key = _key(key, x.shape, "get_item")
        if type(key) is list:
            return _engine_get(x, key, "get_item")
        return x[key]
    except Exception as e:
        raise _error(e, "get_item") from e


_AT = {"set": "set", "add": "add", "multiply": "multiply", "min": "min", "max": "max"}


def _cast(values, dtype):
    t = type(values)
    if (t is float or t is int) and dtype in FLOATING:
        return values       # weakly typed: jax's scatter casts it to x's dtype (no array made)
    if isinstance(values, jax.Array) and values.dtype == dtype:
        return values
    return jnp.asarray(values).astype(dtype)


_CONCRETE_ARRAY = type(jnp.zeros(()))


def _at_one_index(method):
    return jax.jit(lambda x, i, v: getattr(x.at[i], method)(v))


# eager ``x.at[i].set(v)`` spends ~200 us in jax's Python index handling; a compiled update with
# the index as an argument dispatches in ~8 us
_AT_ONE_INDEX = {reduction: _at_one_index(method) for reduction, method in _AT.items()}


def index_update(x, key, values, /, *, reduction="set", inplace=False):
    try:
        if key is Ellipsis and reduction == "set" and isinstance(values, jax.Array) and \
                values.dtype == x.dtype and values.shape == x.shape:
            return values          # a whole-array write is the values themselves (no scatter)
        if reduction == "set" and type(key) is _CONCRETE_ARRAY and key.dtype == bool and \
                key.shape == x.shape and (type(values) in (float, int, bool) or
                                          getattr(values, "shape", None) == ()):
            # a full-shape mask and one value: a select (the scatter's size is the mask's
            # count, so it would compile again whenever the count changes)
            return jnp.where(key, _cast(values, x.dtype), x)
        if reduction != "set":
            reduction = core.reduction_of(reduction, "index_update")
            core.check_reduction_dtype(reduction, NAMES[x.dtype], "index_update")
        key = _key(key, x.shape, "index_update")
        values = _cast(values, x.dtype)
        if type(key) is int:        # checked in bounds: one compiled scatter per shape
            return _AT_ONE_INDEX[reduction](x, key, values)
        if type(key) is list:       # through flat positions
            pos = _engine_get(jnp.arange(x.size).reshape(x.shape), key, "index_update")
            values = jnp.broadcast_to(values, pos.shape).reshape(-1)
            flat = getattr(x.reshape(-1).at[pos.reshape(-1)], _AT[reduction])(values)
            return flat.reshape(x.shape)
        return getattr(x.at[key], _AT[reduction])(values)
    except Exception as e:
        raise _error(e, "index_update") from e


def _axis(axis, ndim, fn):
    n = max(ndim, 1)
    if not -n <= axis < n:
        raise IvyIndexError(f"ivy.{fn} ({NAME} backend): axis {axis} is out of bounds for "
                            f"{ndim}-d array", function=fn, backend=NAME)
    return axis % n


def _wrap(indices, n):
    return jnp.where(indices < 0, indices + n, indices)


def _check_int(indices, fn):
    if indices.dtype.kind not in "iu":
        raise IvyTypeError(f"ivy.{fn} ({NAME} backend): indices must be integers, got "
                           f"{NAMES.get(indices.dtype, indices.dtype)}", function=fn,
                           backend=NAME)


def _gather_coords(x_shape, indices, axis, fn):
    _check_int(indices, fn)
    ishape, ndim = indices.shape, len(x_shape)
    if len(ishape) != ndim:
        raise IvyValueError(f"ivy.{fn} ({NAME} backend): indices must have x's rank {ndim}, "
                            f"got shape {ishape}", function=fn, backend=NAME)
    axis = _axis(axis, ndim, fn)
    for d in range(ndim):
        if d != axis and ishape[d] > x_shape[d]:
            raise IvyValueError(f"ivy.{fn} ({NAME} backend): indices shape {ishape} exceeds x "
                                f"shape {tuple(x_shape)} at dimension {d}", function=fn,
                                backend=NAME)
    coords = [jnp.arange(n).reshape((1,) * d + (n,) + (1,) * (ndim - d - 1))
              for d, n in enumerate(ishape)]
    coords[axis] = _wrap(indices.astype(_INT64), x_shape[axis])
    return tuple(coords)


@translating("gather", NAME)
def gather(x, indices, /, *, axis):
    return x[_gather_coords(x.shape, indices, axis, "gather")]


def _nd_key(x_shape, indices, batch_dims, fn):
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
    lead = len(ishape) - 1
    batch = tuple(jnp.arange(n).reshape((1,) * i + (n,) + (1,) * (lead - i - 1))
                  for i, n in enumerate(ishape[:batch_dims]))
    if not m:
        return batch + (jnp.zeros(ishape[:-1], _INT64),)
    indices = indices.astype(_INT64)
    return batch + tuple(_wrap(indices[..., i], x_shape[batch_dims + i]) for i in range(m))


@translating("gather_nd", NAME)
def gather_nd(x, indices, /, *, batch_dims=0):
    key = _nd_key(x.shape, indices, batch_dims, "gather_nd")
    if not indices.shape[-1]:
        x = jnp.expand_dims(x, batch_dims)
    return x[key]


@translating("scatter", NAME)
def scatter(x, indices, updates, /, *, axis, reduction="set"):
    reduction = core.reduction_of(reduction, "scatter")
    core.check_reduction_dtype(reduction, NAMES[x.dtype], "scatter")
    coords = _gather_coords(x.shape, indices, axis, "scatter")
    src = _cast(updates, x.dtype)
    if src.ndim:
        if src.ndim != indices.ndim or any(u < i for u, i in zip(src.shape, indices.shape)):
            raise IvyValueError(f"ivy.scatter ({NAME} backend): updates shape {src.shape} is "
                                f"smaller than indices shape {indices.shape}",
                                function="scatter", backend=NAME)
        src = src[tuple(slice(0, n) for n in indices.shape)]
    return getattr(x.at[coords], _AT[reduction])(src)


@translating("scatter_nd", NAME)
def scatter_nd(indices, updates, shape, /, *, reduction="add"):
    reduction = core.reduction_of(reduction, "scatter_nd")
    core.check_reduction_dtype(reduction, NAMES[updates.dtype], "scatter_nd")
    shape = tuple(int(s) for s in shape)
    key = _nd_key(shape, indices, 0, "scatter_nd")
    expected = tuple(indices.shape[:-1]) + shape[indices.shape[-1]:]
    if tuple(updates.shape) != expected:
        raise IvyValueError(f"ivy.scatter_nd ({NAME} backend): updates must have shape "
                            f"{expected}, got {tuple(updates.shape)}", function="scatter_nd",
                            backend=NAME)
    out = jnp.zeros(shape, updates.dtype)
    if not indices.shape[-1]:
        return getattr(out[None].at[key], _AT[reduction])(updates)[0]
    return getattr(out.at[key], _AT[reduction])(updates)


def _check_mask(mask, fn):
    if mask.dtype != jnp.bool_:
        raise IvyTypeError(f"ivy.{fn} ({NAME} backend): mask must be bool, got "
                           f"{NAMES.get(mask.dtype, mask.dtype)}", function=fn, backend=NAME)


@translating("boolean_mask", NAME)
def boolean_mask(x, mask, /):
    _check_mask(mask, "boolean_mask")
    if tuple(mask.shape) != tuple(x.shape[:mask.ndim]):
        raise IvyIndexError(f"ivy.boolean_mask ({NAME} backend): mask shape {mask.shape} does "
                            f"not match x's leading dimensions {x.shape}",
                            function="boolean_mask", backend=NAME)
    return x[mask]


@translating("masked_fill", NAME)
def masked_fill(x, mask, value, /):
    _check_mask(mask, "masked_fill")
    if jnp.broadcast_shapes(mask.shape, x.shape) != x.shape:
        raise IvyValueError(f"ivy.masked_fill ({NAME} backend): mask shape {mask.shape} does "
                            f"not broadcast to x's shape {x.shape}", function="masked_fill",
                            backend=NAME)
    return jnp.where(mask, _cast(value, x.dtype), x)


@translating("nonzero_static", NAME)
def nonzero_static(x, /, *, size, fill_value=0):
    if x.ndim == 0:
        raise IvyValueError(f"ivy.nonzero_static ({NAME} backend): x must have at least 1 "
                            f"dimension", function="nonzero_static", backend=NAME)
    if isinstance(fill_value, (tuple, list)) and len(fill_value) != x.ndim:
        raise IvyValueError(f"ivy.nonzero_static ({NAME} backend): fill_value needs one value "
                            f"per dimension ({x.ndim})", function="nonzero_static", backend=NAME)
    fill = tuple(fill_value) if isinstance(fill_value, (tuple, list)) else fill_value
    return tuple(a.astype(_INT64) for a in jnp.nonzero(x, size=size, fill_value=fill))


@translating("topk", NAME)
def topk(x, k, /, *, axis=-1, largest=True, sorted=True):
    axis = _axis(axis, x.ndim, "topk")
    n = x.shape[axis] if x.ndim else 1
    if not 0 <= k <= n:
        raise IvyValueError(f"ivy.topk ({NAME} backend): k={k} out of range for a dimension "
                            f"of size {n}", function="topk", backend=NAME)
    if x.ndim == 0:
        return core.TopKResult(x, jnp.zeros((), _INT64))
    # stable sorts: ties in index order; NaN (sorted last ascending) counts as largest
    idx = jnp.argsort(x, axis=axis, stable=True, descending=largest)
    idx = jax.lax.slice_in_dim(idx, 0, k, axis=axis).astype(_INT64)
    return core.TopKResult(jnp.take_along_axis(x, idx, axis=axis), idx)


def unique(x, /, *, axis=None, return_index=False, return_inverse=False, return_counts=False,
           sorted=True):
    try:
        r = jnp.unique(x, return_index=return_index, return_inverse=return_inverse,
                       return_counts=return_counts, axis=axis)
    except Exception as e:
        raise from_native(e, "unique", NAME) from e
    if isinstance(r, tuple):
        return tuple(a.astype(_INT64) if i else a for i, a in enumerate(r))
    return r


@translating("bincount", NAME)
def bincount(x, /, *, weights=None, minlength=0):
    if x.ndim != 1 or x.dtype.kind not in "iu":
        raise IvyValueError(f"ivy.bincount ({NAME} backend): x must be a 1-d integer array",
                            function="bincount", backend=NAME)
    if minlength < 0:
        raise IvyValueError(f"ivy.bincount ({NAME} backend): minlength must be non-negative",
                            function="bincount", backend=NAME)
    if x.size and int(x.min()) < 0:
        raise IvyValueError(f"ivy.bincount ({NAME} backend): x must be non-negative",
                            function="bincount", backend=NAME)
    length = max(int(x.max()) + 1 if x.size else 0, minlength)
    if weights is None:
        return jnp.bincount(x, minlength=minlength, length=length).astype(_INT64)
    if weights.shape != x.shape:
        raise IvyValueError(f"ivy.bincount ({NAME} backend): weights shape differs from x's",
                            function="bincount", backend=NAME)
    dtype = _SUM_DTYPE.get(weights.dtype.kind, weights.dtype)
    return jnp.zeros(length, dtype).at[x].add(weights.astype(dtype))


def _diag_axes(ndim, axis1, axis2, fn):
    a1, a2 = _axis(axis1, ndim, fn), _axis(axis2, ndim, fn)
    if a1 == a2:
        raise IvyValueError(f"ivy.{fn} ({NAME} backend): the two axes must differ", function=fn,
                            backend=NAME)
    return a1, a2


@translating("diag", NAME)
def strides(x, /):
    """No strided memory: the strides of C order."""
    return core.c_order_strides(tuple(x.shape))


def diag(x, /, *, k=0):
    if x.ndim not in (1, 2):
        raise IvyValueError(f"ivy.diag ({NAME} backend): x must be 1-d or 2-d, got {x.ndim}-d",
                            function="diag", backend=NAME)
    return jnp.diag(x, k=k)


@translating("diagonal", NAME)
def diagonal(x, /, *, offset=0, axis1=0, axis2=1):
    if x.ndim < 2:
        raise IvyValueError(f"ivy.diagonal ({NAME} backend): x must have at least 2 dimensions",
                            function="diagonal", backend=NAME)
    a1, a2 = _diag_axes(x.ndim, axis1, axis2, "diagonal")
    return jnp.diagonal(x, offset=offset, axis1=a1, axis2=a2)


@translating("diag_embed", NAME)
def diag_embed(x, /, *, offset=0, dim1=-2, dim2=-1):
    if x.ndim == 0:
        raise IvyValueError(f"ivy.diag_embed ({NAME} backend): x must have at least 1 "
                            f"dimension", function="diag_embed", backend=NAME)
    d1, d2 = _diag_axes(x.ndim + 1, dim1, dim2, "diag_embed")
    n = x.shape[-1]
    m = n + abs(offset)
    i = jnp.arange(n)
    out = jnp.zeros(x.shape[:-1] + (m, m), x.dtype)
    out = out.at[..., i + max(-offset, 0), i + max(offset, 0)].set(x)
    return jnp.moveaxis(out, (-2, -1), (d1, d2))


def rot90(x, /, *, k=1, axes=(0, 1)):
    a0, a1 = core._rot_axes(axes, x.ndim)
    return jnp.rot90(x, k=k, axes=(a0, a1))


def tril_indices(n, /, k=0, m=None):
    return tuple(jnp.asarray(a, _INT64) for a in np.tril_indices(n, k, m))


def triu_indices(n, /, k=0, m=None):
    return tuple(jnp.asarray(a, _INT64) for a in np.triu_indices(n, k, m))


@translating("histogram", NAME)
def histogram(x, /, *, bins=10, range=None, weights=None, density=False):
    """On the host through NumPy: exact NumPy edges and counts, one transfer each way (jax
    cannot trace histograms anyway: the bin edges of range=None are data)."""
    if isinstance(x, jax.core.Tracer):
        from ivy.core.errors import unsupported
        raise unsupported("histogram", NAME, "traced (jit/vmap) arrays")
    host = (lambda a: a if a is None or isinstance(a, (int, str)) else np.asarray(a))
    hist, edges = np.histogram(np.asarray(x), bins=host(bins), range=range,
                               weights=host(weights), density=density)
    return core.HistogramResult(jnp.asarray(hist), jnp.asarray(edges))
