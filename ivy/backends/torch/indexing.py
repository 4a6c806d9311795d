"""The `indexing` area on torch.

torch's indexing is NumPy's except for a few keys, which go through the core's key engine
(``ivy.core.ext.indexing.parse_key``) instead of the native call:
- negative slice steps (torch has none: the dimension is flipped and sliced forwards);
- 0-d booleans (torch places their new dimension unlike NumPy next to an Ellipsis);
- Python integers together with index tensors (torch applies integers first, so ``x[0, :, idx]``
  keeps the sliced dimension first where NumPy puts the index dimensions first);
- lists (torch reads a nested list as a tuple) and index dtypes torch reads differently (uint8 is a
  mask to torch) or rejects (int8/int16/unsigned).
Updates that native ``x[key] = v`` cannot do exactly (accumulating reductions over advanced keys,
the engine's keys) write through the flat positions ``arange(x.numel()).view(x.shape)[key]``.
"""
import numpy as np
import torch

from ivy.core.errors import IvyIndexError, IvyTypeError, IvyValueError, from_native, translating
from ivy.core.ext import indexing as core

from ._common import CANONICAL, NAME, SUM_DTYPE

_Tensor = torch.Tensor
_INT64, _BOOL = torch.int64, torch.bool
_NATIVE_INDEX = frozenset({torch.int64, torch.int32, torch.bool})
_INTEGRAL = frozenset({torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8,
                       torch.uint16, torch.uint32, torch.uint64})
_FULL = slice(None)


def _index_array(seq):
    a = np.asarray(seq)
    if a.size == 0 and a.dtype.kind not in "biu":
        a = a.astype(np.int64)
    return torch.as_tensor(a)


def _kind(t):
    return "b" if t.dtype is _BOOL else "i" if t.dtype in _INTEGRAL else "f"


_OPS = core.KeyOps((_Tensor,), _index_array, _kind, lambda t: tuple(t.shape),
                   lambda m: torch.nonzero(m, as_tuple=True), lambda t: bool(t))


def _native_ok(key) -> bool:
    """Whether torch's own indexing gives NumPy's result for this key."""
    if type(key) is not tuple:
        key = (key,)
    ints = arrays = ellipsis = False
    for k in key:
        t = type(k)
        if t is slice:
            if k.step is not None and k.step < 0:
                return False
        elif t is int:
            ints = True
        elif k is Ellipsis:
            if ellipsis:        # torch accepts two
                return False
            ellipsis = True
        elif t is _Tensor:
            if k.dtype not in _NATIVE_INDEX:
                return False
            if not k.ndim:      # 0-d: an int, or a bool torch places unlike NumPy
                if k.dtype is _BOOL:
                    return False
                ints = True
            else:
                arrays = True
        elif k is not None and k is not Ellipsis:
            return False
    return not (ints and arrays)


def _basic(x, basic):
    """``x[basic]`` for ints/slices/None, negative steps by flipping the dimension."""
    flips, key, d = [], [], 0
    for k in basic:
        if type(k) is slice and k.step is not None and k.step < 0:
            n = x.shape[d]
            start, stop, step = k.indices(n)
            flips.append(d)
            key.append(slice(n - 1 - start, n - 1 - stop, -step))
        else:
            key.append(k)
        if k is not None:
            d += 1
    if flips:
        x = torch.flip(x, flips)
    return x[tuple(key)]


def _engine_get(x, key, fn):
    plan = core.parse_key(key, tuple(x.shape), _OPS, fn)
    y = _basic(x, plan.basic)
    if not plan.arrays:
        return y
    dims = plan.dims
    rest = [d for d in range(y.ndim) if d not in dims]
    if dims != list(range(len(dims))):
        y = y.permute(dims + rest)
    arrays = tuple(a if a.dtype is _INT64 else a.to(_INT64) for a in plan.arrays)
    if not y.numel():               # torch skips the range check when the result is empty
        for a, n in zip(arrays, y.shape):
            if a.numel() and (int(a.max()) >= n or int(a.min()) < -n):
                raise IvyIndexError(f"ivy.{fn} ({NAME} backend): index out of bounds for an "
                                    f"axis of size {n}", function=fn, backend=NAME)
    r = y[arrays]                   # leading index tensors: their dimensions come first
    if plan.position:
        nb = r.ndim - len(rest)
        r = r.movedim(tuple(range(nb)), tuple(range(plan.position, plan.position + nb)))
    return r


def get_item(x, key, /):
    try:
        if type(key) is _Tensor and key.dtype in _NATIVE_INDEX and key.ndim or _native_ok(key):
            r = x[key]
            if r.numel() or not x.numel():
                return r
            # an empty selection: torch skips the range check of index tensors; the engine does it
        return _engine_get(x, key, "get_item")
    except Exception as e:
        raise from_native(e, "get_item", NAME) from e


_SCATTER_REDUCE = {"multiply": "prod", "min": "amin", "max": "amax"}


def _flat_reduce(flat, pos, v, reduction):
    """Reduce ``v`` into 1-d ``flat`` at positions ``pos`` (1-d int64), duplicates accumulating."""
    if reduction == "set":
        flat.index_put_((pos,), v)
    elif reduction == "add":
        flat.index_put_((pos,), v, accumulate=True)
    else:
        flat.scatter_reduce_(0, pos, v, reduce=_SCATTER_REDUCE[reduction], include_self=True)
    return flat


def _values(values, dtype):
    if type(values) is _Tensor:
        return values if values.dtype is dtype else values.to(dtype)
    return torch.as_tensor(values, dtype=dtype)


def _plain(key) -> bool:
    if type(key) is not tuple:
        key = (key,)
    for k in key:
        t = type(k)
        if t is slice:
            if k.step is not None and k.step < 0:
                return False
        elif t is not int and k is not None and k is not Ellipsis:
            return False
    return True


def index_update(x, key, values, /, *, reduction="set", inplace=False):
    try:
        if key is Ellipsis and reduction == "set" and type(values) is _Tensor and \
                values.dtype is x.dtype and values.ndim <= x.ndim:   # a whole-array write: a copy
            y = x if inplace else torch.empty_like(x, memory_format=torch.contiguous_format)
            return y.copy_(values)
        if reduction != "set":
            reduction = core.reduction_of(reduction, "index_update")
            core.check_reduction_dtype(reduction, CANONICAL[x.dtype], "index_update")
        y = x if inplace else x.clone(memory_format=torch.contiguous_format)
        v = _values(values, y.dtype)
        if reduction == "set":
            if _native_ok(key):
                y[key] = v
                return y
        elif _plain(key):           # a basic key: a view without duplicates, reduce in place
            view = y[key]
            if reduction == "add":
                view.add_(v)
            elif reduction == "multiply":
                view.mul_(v)
            else:
                view.copy_((torch.minimum if reduction == "min" else torch.maximum)(view, v))
            return y
        pos = _engine_get(torch.arange(y.numel()).view(y.shape), key, "index_update")
        v = torch.broadcast_to(v, pos.shape).reshape(-1)
        flat = y.view(-1) if y.is_contiguous() else y.reshape(-1)
        _flat_reduce(flat, pos.reshape(-1), v, reduction)
        if not y.is_contiguous():
            y.copy_(flat.view(y.shape))
        return y
    except Exception as e:
        raise from_native(e, "index_update", NAME) from e


def _axis(axis, ndim, fn):
    n = max(ndim, 1)
    if not -n <= axis < n:
        raise IvyIndexError(f"ivy.{fn} ({NAME} backend): axis {axis} is out of bounds for "
                            f"{ndim}-d array", function=fn, backend=NAME)
    return axis % n


def _indices(indices, n, fn):
    """int64 indices with negatives counted from the end of a dimension of size n."""
    if indices.dtype not in _INTEGRAL:
        raise IvyTypeError(f"ivy.{fn} ({NAME} backend): indices must be integers, got "
                           f"{CANONICAL[indices.dtype]}", function=fn, backend=NAME)
    indices = indices.to(_INT64)
    return torch.where(indices < 0, indices + n, indices)


def _check_gather(x, indices, axis, fn):
    if indices.ndim != x.ndim:
        raise IvyValueError(f"ivy.{fn} ({NAME} backend): indices must have x's rank {x.ndim}, "
                            f"got shape {tuple(indices.shape)}", function=fn, backend=NAME)
    axis = _axis(axis, x.ndim, fn)
    for d in range(x.ndim):
        if d != axis and indices.shape[d] > x.shape[d]:
            raise IvyValueError(f"ivy.{fn} ({NAME} backend): indices shape "
                                f"{tuple(indices.shape)} exceeds x shape {tuple(x.shape)} at "
                                f"dimension {d}", function=fn, backend=NAME)
    return axis, _indices(indices, x.shape[axis] if x.ndim else 1, fn)


@translating("gather", NAME)
def gather(x, indices, /, *, axis):
    axis, indices = _check_gather(x, indices, axis, "gather")
    return torch.gather(x, axis, indices)


def _nd_key(x_shape, indices, batch_dims, fn):
    """tf.gather_nd's coordinates as an index key (whole slices: a new axis indexed by 0)."""
    if indices.dtype not in _INTEGRAL:
        raise IvyTypeError(f"ivy.{fn} ({NAME} backend): indices must be integers",
                           function=fn, backend=NAME)
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
    batch = tuple(torch.arange(n).view((1,) * i + (n,) + (1,) * (lead - i - 1))
                  for i, n in enumerate(ishape[:batch_dims]))
    if not m:
        return batch + (torch.zeros(ishape[:-1], dtype=_INT64),)
    indices = indices.to(_INT64)
    return batch + tuple(torch.where(indices[..., i] < 0, indices[..., i] + x_shape[batch_dims + i],
                                     indices[..., i]) for i in range(m))


@translating("gather_nd", NAME)
def gather_nd(x, indices, /, *, batch_dims=0):
    key = _nd_key(tuple(x.shape), indices, batch_dims, "gather_nd")
    if not indices.shape[-1]:
        x = x.unsqueeze(batch_dims)
    return x[key]


@translating("scatter", NAME)
def scatter(x, indices, updates, /, *, axis, reduction="set"):
    reduction = core.reduction_of(reduction, "scatter")
    core.check_reduction_dtype(reduction, CANONICAL[x.dtype], "scatter")
    axis, indices = _check_gather(x, indices, axis, "scatter")
    src = _values(updates, x.dtype)
    if not src.ndim:
        src = src.expand(indices.shape)
    elif src.ndim != indices.ndim or any(u < i for u, i in zip(src.shape, indices.shape)):
        raise IvyValueError(f"ivy.scatter ({NAME} backend): updates shape {tuple(src.shape)} is "
                            f"smaller than indices shape {tuple(indices.shape)}",
                            function="scatter", backend=NAME)
    if reduction == "set":
        return torch.scatter(x, axis, indices, src)
    return torch.scatter_reduce(x, axis, indices, src,
                                reduce=_SCATTER_REDUCE.get(reduction, "sum"), include_self=True)


@translating("scatter_nd", NAME)
def scatter_nd(indices, updates, shape, /, *, reduction="add"):
    reduction = core.reduction_of(reduction, "scatter_nd")
    core.check_reduction_dtype(reduction, CANONICAL[updates.dtype], "scatter_nd")
    shape = tuple(int(s) for s in shape)
    key = _nd_key(shape, indices, 0, "scatter_nd")
    iota = torch.arange(int(np.prod(shape, dtype=np.int64))).view(shape)
    pos = (iota.unsqueeze(0) if not indices.shape[-1] else iota)[key]
    if tuple(updates.shape) != tuple(pos.shape):
        raise IvyValueError(f"ivy.scatter_nd ({NAME} backend): updates must have shape "
                            f"{tuple(pos.shape)}, got {tuple(updates.shape)}",
                            function="scatter_nd", backend=NAME)
    out = torch.zeros(shape, dtype=updates.dtype)
    _flat_reduce(out.view(-1), pos.reshape(-1), updates.reshape(-1), reduction)
    return out


def _check_mask(x, mask, fn):
    if mask.dtype is not _BOOL:
        raise IvyTypeError(f"ivy.{fn} ({NAME} backend): mask must be bool, got "
                           f"{CANONICAL[mask.dtype]}", function=fn, backend=NAME)


@translating("boolean_mask", NAME)
def boolean_mask(x, mask, /):
    _check_mask(x, mask, "boolean_mask")
    if tuple(mask.shape) != tuple(x.shape[:mask.ndim]):
        raise IvyIndexError(f"ivy.boolean_mask ({NAME} backend): mask shape {tuple(mask.shape)} "
                            f"does not match x's leading dimensions {tuple(x.shape)}",
                            function="boolean_mask", backend=NAME)
    return x[mask]


@translating("masked_fill", NAME)
def masked_fill(x, mask, value, /):
    _check_mask(x, mask, "masked_fill")
    if torch.broadcast_shapes(mask.shape, x.shape) != x.shape:
        raise IvyValueError(f"ivy.masked_fill ({NAME} backend): mask shape {tuple(mask.shape)} "
                            f"does not broadcast to x's shape {tuple(x.shape)}",
                            function="masked_fill", backend=NAME)
    return x.masked_fill(mask, _values(value, x.dtype))


@translating("nonzero_static", NAME)
def nonzero_static(x, /, *, size, fill_value=0):
    if x.ndim == 0:
        raise IvyValueError(f"ivy.nonzero_static ({NAME} backend): x must have at least 1 "
                            f"dimension", function="nonzero_static", backend=NAME)
    fills = tuple(fill_value) if isinstance(fill_value, (tuple, list)) else (fill_value,) * x.ndim
    if len(fills) != x.ndim:
        raise IvyValueError(f"ivy.nonzero_static ({NAME} backend): fill_value needs one value "
                            f"per dimension ({x.ndim})", function="nonzero_static", backend=NAME)
    found = torch.nonzero(x)[:size]
    out = torch.tensor(fills, dtype=_INT64).expand(size, x.ndim).clone()
    out[:found.shape[0]] = found
    return tuple(out.T.contiguous())


@translating("topk", NAME)
def topk(x, k, /, *, axis=-1, largest=True, sorted=True):
    axis = _axis(axis, x.ndim, "topk")
    n = x.shape[axis] if x.ndim else 1
    if not 0 <= k <= n:
        raise IvyValueError(f"ivy.topk ({NAME} backend): k={k} out of range for a dimension "
                            f"of size {n}", function="topk", backend=NAME)
    if x.ndim == 0:
        return core.TopKResult(x.clone(), torch.zeros((), dtype=_INT64))
    # a stable sort, not torch.topk: ties in index order on every backend (NaN largest)
    idx = torch.sort(x, dim=axis, descending=largest, stable=True).indices.narrow(axis, 0, k)
    return core.TopKResult(torch.gather(x, axis, idx), idx)


@translating("bincount", NAME)
def bincount(x, /, *, weights=None, minlength=0):
    if x.ndim != 1 or x.dtype not in _INTEGRAL:
        raise IvyValueError(f"ivy.bincount ({NAME} backend): x must be a 1-d integer array",
                            function="bincount", backend=NAME)
    if minlength < 0:
        raise IvyValueError(f"ivy.bincount ({NAME} backend): minlength must be non-negative",
                            function="bincount", backend=NAME)
    if x.numel() and int(x.min()) < 0:
        raise IvyValueError(f"ivy.bincount ({NAME} backend): x must be non-negative",
                            function="bincount", backend=NAME)
    length = max(int(x.max()) + 1 if x.numel() else 0, minlength)
    x = x.to(_INT64)
    if weights is None:
        return torch.bincount(x, minlength=length)
    if weights.shape != x.shape:
        raise IvyValueError(f"ivy.bincount ({NAME} backend): weights shape differs from x's",
                            function="bincount", backend=NAME)
    dtype = SUM_DTYPE[weights.dtype]
    return torch.zeros(length, dtype=dtype).index_add_(0, x, weights.to(dtype))


def _diagonal(x, offset, axis1, axis2, fn):
    a1, a2 = _axis(axis1, x.ndim, fn), _axis(axis2, x.ndim, fn)
    if a1 == a2:
        raise IvyValueError(f"ivy.{fn} ({NAME} backend): axis1 and axis2 cannot be the same",
                            function=fn, backend=NAME)
    return torch.diagonal(x, offset, a1, a2)


@translating("diag", NAME)
def strides(x, /):
    return tuple(x.stride())


def diag(x, /, *, k=0):
    if x.ndim == 1:
        return torch.diag(x, k)
    if x.ndim != 2:
        raise IvyValueError(f"ivy.diag ({NAME} backend): x must be 1-d or 2-d, got {x.ndim}-d",
                            function="diag", backend=NAME)
    return _diagonal(x, k, 0, 1, "diag").clone()


@translating("diagonal", NAME)
def diagonal(x, /, *, offset=0, axis1=0, axis2=1):
    if x.ndim < 2:
        raise IvyValueError(f"ivy.diagonal ({NAME} backend): x must have at least 2 dimensions",
                            function="diagonal", backend=NAME)
    return _diagonal(x, offset, axis1, axis2, "diagonal")


@translating("diag_embed", NAME)
def diag_embed(x, /, *, offset=0, dim1=-2, dim2=-1):
    if x.ndim == 0:
        raise IvyValueError(f"ivy.diag_embed ({NAME} backend): x must have at least 1 "
                            f"dimension", function="diag_embed", backend=NAME)
    d1, d2 = _axis(dim1, x.ndim + 1, "diag_embed"), _axis(dim2, x.ndim + 1, "diag_embed")
    if d1 == d2:
        raise IvyValueError(f"ivy.diag_embed ({NAME} backend): dim1 and dim2 must differ",
                            function="diag_embed", backend=NAME)
    return torch.diag_embed(x, offset, d1, d2)


def rot90(x, /, *, k=1, axes=(0, 1)):
    a0, a1 = core._rot_axes(axes, x.ndim)
    return torch.rot90(x, k, (a0, a1))


def tril_indices(n, /, k=0, m=None):
    return tuple(torch.tril_indices(n, n if m is None else m, k))


def triu_indices(n, /, k=0, m=None):
    return tuple(torch.triu_indices(n, n if m is None else m, k))
