"""Sorting, searching, selection, gather/scatter and index updates, clamping, diagonals.

Orders follow torch on CPU: sorts are stable (ties in index order, descending too), NaN sorts
largest; ``median`` is the lower median and a NaN wins (its first index); index checks that torch
makes (out-of-range, negative, dtype, shape) raise torch's exception types before any core call,
since the core's own bounds behaviour differs by backend (jax clamps).
"""
from __future__ import annotations

import ivy
from ivy.core import dtypes as D

from . import _dtypes as T
from ._dtypes import native_name
from ._ops import _TORCH_NAME, _finish, _tensor_arg, assign, cast, fill_scalar, native, scalar
from ._printing import return_type
from ._reductions import UNSET
from ._tensor import Tensor, _axis, _wrap, layout

_FLOAT = frozenset(D.REAL_FLOATING)
_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_INTS = frozenset(D.INTEGRAL)
_INDEX = frozenset(("int32", "int64"))

sort_result = return_type("sort", "values indices")
topk_result = return_type("topk", "values indices")
kthvalue_result = return_type("kthvalue", "values indices")
median_result = return_type("median", "values indices")
nanmedian_result = return_type("nanmedian", "values indices")
mode_result = return_type("mode", "values indices")
cummax_result = return_type("cummax", "values indices")
cummin_result = return_type("cummin", "values indices")


# ---- shared helpers ------------------------------------------------------------------------------

def _ndim(a) -> int:
    return a.ndim


def _no_kernel(fn, a):
    return NotImplementedError(f'"{fn}_cpu" not implemented for \'{_TORCH_NAME[native_name(a)]}\'')


def _sortable(a):
    """Bool sorts as uint8 (the core orders numbers only)."""
    return ivy.astype(a, "uint8") if native_name(a) == "bool" else a


def _argsort(a, axis, descending=False):
    return ivy.astype(ivy.argsort(_sortable(a), axis=axis, descending=descending, stable=True),
                      "int64")


def _take_at(a, idx, axis):
    return ivy.take_along_axis(a, idx, axis=axis)


def _index_arg(index, fn, dtypes=_INDEX, message=None):
    i = _tensor_arg(index, fn)
    if native_name(i) not in dtypes:
        raise RuntimeError(message or f"{fn}(): Expected dtype int32/int64 for index")
    return i


def _check_bounds(i, n, fn, negative_ok=False, error=RuntimeError, message=None):
    """torch checks index contents eagerly; the core's bounds rule differs by backend."""
    if ivy.size(i) == 0:
        return i
    lo = -n if negative_ok else 0
    bad = ivy.logical_or(ivy.less(i, lo), ivy.greater_equal(i, n))
    if bool(ivy.any(bad)):
        v = int(ivy.to_numpy(ivy.get_item(ivy.reshape(i, (-1,)),
                                          ivy.argmax(ivy.astype(ivy.reshape(bad, (-1,)), "int8")))))
        raise error(message.format(v=v, n=n) if message else
                    f"index {v} is out of bounds for dimension {fn} with size {n}")
    return ivy.where(ivy.less(i, 0), ivy.add(i, n), i) if negative_ok else i


def _out_pair(result_type, values, indices, out, fn):
    if out is None:
        return result_type(_wrap(values), _wrap(indices))
    assign(out[0], values, fn)
    assign(out[1], indices, fn)
    return result_type(out[0], out[1])


def _scalar_tensor(v, like_dtype):
    """A Python number or 0-d tensor as a 0-d native array of ``like_dtype`` (torch's cast)."""
    if isinstance(v, Tensor) or ivy.is_native_array(v):
        return cast(native(v), like_dtype)
    return cast(ivy.asarray(v), like_dtype)


def _checked(value, a):
    """A Python fill value checked against ``a``'s dtype as torch converts it."""
    return value if isinstance(value, Tensor) else fill_scalar(scalar(value), native_name(a))


# ---- sorting and selection -----------------------------------------------------------------------

def _sort(input, dim, descending, fn):
    a = _tensor_arg(input, fn)
    axis = _axis(dim, _ndim(a))
    if native_name(a) in _COMPLEX:
        raise RuntimeError(" Sort does not support complex dtypes on CPU")
    if _ndim(a) == 0:
        return a, ivy.zeros((), dtype="int64")
    idx = _argsort(a, axis, descending)
    return _take_at(a, idx, axis), idx


def sort(input, dim=-1, descending=False, *, stable=False, out=None):
    # always stable: ties in index order, which is what torch's CPU kernel gives either way
    values, idx = _sort(input, dim, descending, "sort")
    return _out_pair(sort_result, values, idx, out, "sort")


def argsort(input, dim=-1, descending=False, stable=False):
    return _wrap(_sort(input, dim, descending, "argsort")[1])


def msort(input, *, out=None):
    return _finish(_sort(input, 0, False, "msort")[0], out, "msort")


def topk(input, k, dim=-1, largest=True, sorted=True, *, out=None):
    a = _tensor_arg(input, "topk")
    axis = _axis(dim, _ndim(a))
    if native_name(a) == "bool":
        raise RuntimeError("topk does not support bool dtypes on CPU")
    if native_name(a) in _COMPLEX:
        raise RuntimeError("topk does not support complex dtypes on CPU")
    n = ivy.shape(a)[axis] if _ndim(a) else 1
    if not 0 <= k <= n:
        raise RuntimeError("selected index k out of range")
    if _ndim(a) == 0:
        return _out_pair(topk_result, a, ivy.zeros((), dtype="int64"), out, "topk")
    values, idx = ivy.topk(a, k, axis=axis, largest=largest, sorted=True)
    return _out_pair(topk_result, values, ivy.astype(idx, "int64"), out, "topk")


def _select_kth(a, axis, k, keepdim):
    """(values, indices) of the k-th (per row: k is a native int array or an int) of a stable
    ascending sort along ``axis``."""
    idx = _argsort(a, axis)
    if not ivy.is_native_array(k):
        k = ivy.full(ivy.shape(a)[:axis] + (1,) + ivy.shape(a)[axis + 1:], k, dtype="int64")
    pick = _take_at(idx, k, axis)
    values = _take_at(a, pick, axis)
    if not keepdim:
        values, pick = ivy.squeeze(values, axis=axis), ivy.squeeze(pick, axis=axis)
    return values, pick


def kthvalue(input, k, dim=-1, keepdim=False, *, out=None):
    a = _tensor_arg(input, "kthvalue")
    axis = _axis(dim, _ndim(a))
    if native_name(a) == "bool" or native_name(a) in _COMPLEX:
        raise _no_kernel("kthvalue", a)
    n = ivy.shape(a)[axis] if _ndim(a) else 1
    if not 1 <= k <= n:
        raise RuntimeError(f"kthvalue(): selected number k out of range for dimension {axis}")
    if _ndim(a) == 0:
        return _out_pair(kthvalue_result, a, ivy.zeros((), dtype="int64"), out, "kthvalue")
    values, idx = _select_kth(a, axis, k - 1, keepdim)
    return _out_pair(kthvalue_result, values, idx, out, "kthvalue")


def _median(input, dim, keepdim, skip_nan, fn, result_type, out):
    a = _tensor_arg(input, fn)
    if native_name(a) == "bool" or native_name(a) in _COMPLEX:
        raise _no_kernel(fn, a)
    whole = dim is UNSET or dim is None
    if whole:
        if ivy.size(a) == 0:
            return _finish(ivy.full((), float("nan"), dtype=native_name(a)), out, fn)
        a = ivy.reshape(a, (-1,))
        axis, keep = 0, False
    elif _ndim(a) == 0:
        _axis(dim, 0)
        return _out_pair(result_type, a, ivy.zeros((), dtype="int64"), out, fn)
    else:
        axis, keep = _axis(dim, _ndim(a)), keepdim
        if ivy.shape(a)[axis] == 0:
            raise IndexError(f"{fn}(): Expected reduction dim {axis} to have non-zero size.")
    n = ivy.shape(a)[axis]
    if native_name(a) in _FLOAT:
        nans = ivy.sum(ivy.astype(ivy.isnan(a), "int64"), axis=axis, keepdims=True)
        # NaNs sort last: the first NaN sits at n - nans (median), or skip them (nanmedian)
        k = ivy.floor_divide(ivy.subtract(n - 1, nans), 2) if skip_nan else \
            ivy.where(ivy.greater(nans, 0), ivy.subtract(n, nans), (n - 1) // 2)
        k = ivy.maximum(k, ivy.zeros_like(k))
    else:
        k = (n - 1) // 2
    values, idx = _select_kth(a, axis, k, keep)
    if whole:
        return _finish(values, out, fn)
    return _out_pair(result_type, values, idx, out, fn)


def median(input, dim=UNSET, keepdim=False, *, out=None):
    return _median(input, dim, keepdim, False, "median", median_result, out)


def nanmedian(input, dim=UNSET, keepdim=False, *, out=None):
    return _median(input, dim, keepdim, True, "nanmedian", nanmedian_result, out)


def mode(input, dim=-1, keepdim=False, *, out=None):
    a = _tensor_arg(input, "mode")
    if native_name(a) in _COMPLEX:
        raise _no_kernel("mode", a)
    if _ndim(a) == 0:
        _axis(dim, 0)
        return _out_pair(mode_result, a, ivy.zeros((), dtype="int64"), out, "mode")
    axis = _axis(dim, _ndim(a))
    n = ivy.shape(a)[axis]
    idx = _argsort(a, axis)
    s = _take_at(a, idx, axis)
    pos = ivy.reshape(ivy.arange(n, dtype="int64"), (n,) + (1,) * (_ndim(a) - axis - 1))
    lead = [slice(None)] * axis
    head = tuple(lead + [slice(0, 1)])
    new_run = ivy.concat([ivy.ones_like(s[head], dtype="bool"),
                          ivy.not_equal(s[tuple(lead + [slice(1, None)])],
                                        s[tuple(lead + [slice(None, -1)])])], axis=axis)
    start = ivy.cummax(ivy.where(new_run, pos, ivy.zeros_like(pos)), axis=axis)[0]
    length = ivy.add(ivy.subtract(pos, start), 1)
    last = ivy.concat([new_run[tuple(lead + [slice(1, None)])],
                       ivy.ones_like(s[head], dtype="bool")], axis=axis)
    # the longest run (first, i.e. smallest value, on ties) ends at `best`; torch reports the
    # last index of that value, which a stable sort puts at the run's end
    best = ivy.argmax(ivy.where(last, length, ivy.zeros_like(length)), axis=axis, keepdims=True)
    best = ivy.astype(best, "int64")
    values, indices = _take_at(s, best, axis), _take_at(idx, best, axis)
    if not keepdim:
        values, indices = ivy.squeeze(values, axis=axis), ivy.squeeze(indices, axis=axis)
    return _out_pair(mode_result, values, indices, out, "mode")


# ---- unique --------------------------------------------------------------------------------------

def _unique_flat(a, consecutive):
    """(values, inverse, counts) over the flattened array; NaNs are all distinct, as in torch."""
    flat = ivy.reshape(a, (-1,))
    n = ivy.shape(flat)[0]
    if consecutive:
        perm, s = None, flat
    else:
        perm = _argsort(flat, 0)
        s = ivy.take(flat, perm, axis=0)
    first = ivy.concat([ivy.ones((min(n, 1),), dtype="bool"), ivy.not_equal(s[1:], s[:-1])])
    values = ivy.boolean_mask(s, first)
    group = ivy.subtract(ivy.cumulative_sum(ivy.astype(first, "int64")), 1)
    if perm is not None:
        group = ivy.index_update(ivy.zeros((n,), dtype="int64"), perm, group)
    starts = ivy.astype(ivy.nonzero(first)[0], "int64")
    counts = ivy.diff(ivy.concat([starts, ivy.asarray([n], dtype="int64")]))
    return values, ivy.reshape(group, ivy.shape(a)), counts


def _unique_dim(a, axis, consecutive):
    shape = ivy.shape(a)
    moved = ivy.moveaxis(a, axis, 0)
    if consecutive:
        n = shape[axis]
        rows = ivy.reshape(moved, (n, -1))
        diff = ivy.any(ivy.not_equal(rows[1:], rows[:-1]), axis=1)
        first = ivy.concat([ivy.ones((min(n, 1),), dtype="bool"), diff])
        values = ivy.moveaxis(ivy.boolean_mask(moved, first), 0, axis)
        inverse = ivy.subtract(ivy.cumulative_sum(ivy.astype(first, "int64")), 1)
        starts = ivy.astype(ivy.nonzero(first)[0], "int64")
        counts = ivy.diff(ivy.concat([starts, ivy.asarray([n], dtype="int64")]))
        return values, inverse, counts
    values, inverse, counts = ivy.unique(_sortable(a), axis=axis, return_inverse=True,
                                         return_counts=True)
    return cast(values, native_name(a)), ivy.astype(inverse, "int64"), ivy.astype(counts, "int64")


def _unique(input, return_inverse, return_counts, dim, fn, consecutive):
    a = _tensor_arg(input, fn)
    if dim is None:
        values, inverse, counts = _unique_flat(a, consecutive)
    else:
        values, inverse, counts = _unique_dim(a, _axis(dim, _ndim(a)), consecutive)
    if not (return_inverse or return_counts):
        return _wrap(values)
    out = (_wrap(values),)
    if return_inverse:
        out += (_wrap(inverse),)
    if return_counts:
        out += (_wrap(counts),)
    return out


def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    return _unique(input, return_inverse, return_counts, dim, "unique", False)


def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    return _unique(input, return_inverse, return_counts, dim, "unique_consecutive", True)


# ---- searching -----------------------------------------------------------------------------------

def _search(seq, values, right, fn, out_int32):
    """torch's searchsorted: seq 1-d, or seq's leading dims matching values' leading dims."""
    scalar = not isinstance(values, Tensor) and not ivy.is_native_array(values)
    v = ivy.asarray(values) if scalar else native(values)
    if native_name(seq) == "bool" or native_name(v) == "bool":
        raise NotImplementedError("\"searchsorted_out_cpu\" not implemented for 'Bool'")
    name = T.result_name((_wrap(seq), values if not ivy.is_native_array(values) else _wrap(v)))
    s, v = cast(seq, name), cast(v, name)
    side = "right" if right else "left"
    if _ndim(s) == 1:
        r = ivy.searchsorted(s, ivy.reshape(v, (-1,)), side=side)
        r = ivy.reshape(r, ivy.shape(v))
    else:
        # batched: count the boundaries below (left) / not above (right) each value
        below = (ivy.less_equal if right else ivy.less)(ivy.expand_dims(s, axis=-2),
                                                        ivy.expand_dims(v, axis=-1))
        r = ivy.sum(ivy.astype(below, "int64"), axis=-1)
    return ivy.astype(r, "int32" if out_int32 else "int64")


def searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None,
                 out=None):
    fn = "torch.searchsorted()"
    s = _tensor_arg(sorted_sequence, "searchsorted")
    if side is not None:
        if side not in ("left", "right"):
            raise RuntimeError(f"{fn}: side can only be 'left' or 'right' but got {side}")
        if right and side == "left":
            raise RuntimeError(f"{fn}: side and right can't be set to opposites, got side of "
                               f"left while right was True")
        right = side == "right"
    if _ndim(s) == 0:
        raise RuntimeError(f"{fn}: boundaries tensor should have positive dimension, but got 0 "
                           f"dimension")
    if isinstance(input, Tensor) and _ndim(s) != 1:
        vs = ivy.shape(input._data)
        if len(vs) != _ndim(s) or vs[:-1] != ivy.shape(s)[:-1]:
            raise RuntimeError(f"{fn}: boundaries tensor should be 1 dimension or the first N-1 "
                               f"dimensions of boundaries tensor and input value tensor must "
                               f"match, but we got boundaries tensor {list(ivy.shape(s))} and "
                               f"input value tensor {list(vs)}")
    if sorter is not None:
        order = _tensor_arg(sorter, "searchsorted")
        if native_name(order) != "int64" or ivy.shape(order) != ivy.shape(s):
            raise RuntimeError(f"{fn}: sorter must be a tensor of long dtype and same shape as "
                               f"boundaries")
        s = _take_at(s, _check_bounds(order, ivy.shape(s)[-1], "searchsorted"), -1)
    return _finish(_search(s, input, right, fn, out_int32), out, "searchsorted")


def bucketize(input, boundaries, *, out_int32=False, right=False, out=None):
    b = _tensor_arg(boundaries, "bucketize")
    if _ndim(b) != 1:
        raise RuntimeError(f"boundaries tensor must be 1 dimension, but got dim({_ndim(b)})")
    return _finish(_search(b, input, right, "bucketize", out_int32), out, "bucketize")


def isin(elements, test_elements, *, assume_unique=False, invert=False):
    tensors = [x for x in (elements, test_elements) if isinstance(x, Tensor)]
    if not tensors:
        raise TypeError("isin() received an invalid combination of arguments - got (Number, "
                        "Number)")
    if any(native_name(t._data) == "bool" for t in tensors):
        raise RuntimeError("Unsupported input type encountered for isin(): Bool")
    name = T.result_name((elements, test_elements))
    e = cast(native(elements) if isinstance(elements, Tensor) else ivy.asarray(elements), name)
    t = cast(native(test_elements) if isinstance(test_elements, Tensor)
             else ivy.asarray(test_elements), name)
    hit = ivy.any(ivy.equal(ivy.expand_dims(e, axis=-1), ivy.reshape(t, (-1,))), axis=-1)
    return _wrap(ivy.logical_not(hit) if invert else hit)


def argwhere(input):
    a = _tensor_arg(input, "argwhere")
    if _ndim(a) == 0:
        return _wrap(ivy.zeros((int(bool(ivy.to_numpy(cast(a, "bool")))), 0), dtype="int64"))
    return _wrap(ivy.astype(ivy.stack(ivy.nonzero(a), axis=1), "int64"))


# ---- gather / scatter ----------------------------------------------------------------------------

def _gather_index(a, axis, i, fn, others=()):
    """torch's gather/scatter index checks: rank, sizes (index <= self except along dim)."""
    if _ndim(i) != max(_ndim(a), 0) and not (_ndim(a) == 0 and _ndim(i) <= 1):
        raise RuntimeError("Index tensor must have the same number of dimensions as input tensor")
    ishape, ashape = ivy.shape(i), ivy.shape(a)
    for d, (m, n) in enumerate(zip(ishape, ashape)):
        if d != axis and m > n:
            raise RuntimeError(f"Size does not match at dimension {d} expected index "
                               f"{list(ishape)} to be no larger than self {list(ashape)} apart "
                               f"from dimension {axis}")
    for other in others:
        for d, (m, n) in enumerate(zip(ishape, ivy.shape(other))):
            if m > n:
                raise RuntimeError(f"Expected index {list(ishape)} to be no larger than self "
                                   f"{list(ashape)} apart from dimension {axis} and to be no "
                                   f"larger size than src {list(ivy.shape(other))}")
    n = ashape[axis] if ashape else 1
    return _check_bounds(i, n, axis)


def gather(input, dim, index, *, sparse_grad=False, out=None):
    a = _tensor_arg(input, "gather")
    axis = _axis(dim, _ndim(a))
    i = _index_arg(index, "gather")
    if _ndim(a) == 0:
        _gather_index(a, axis, i, "gather")
        return _finish(ivy.broadcast_to(a, ivy.shape(i)), out, "gather")
    i = _gather_index(a, axis, i, "gather")
    return _finish(ivy.gather(a, ivy.astype(i, "int64"), axis=axis), out, "gather")


_SCATTER_REDUCE = {"sum": "add", "prod": "multiply", "mean": "add", "amax": "max",
                   "amin": "min", "max": "max", "min": "min"}
_BOOL_REDUCE = {"add": "max", "multiply": "min", "max": "max", "min": "min", "set": "set"}


def _scatter_core(a, axis, i, src, reduction):
    if native_name(a) == "bool":
        reduction = _BOOL_REDUCE[reduction]
    if not ivy.ndim(a):     # a 0-d tensor scatters as a 1-element one (i, src flattened)
        return ivy.reshape(ivy.scatter(ivy.reshape(a, (1,)), ivy.astype(i, "int64"), src, axis=0,
                                       reduction=reduction), ())
    return ivy.scatter(a, ivy.astype(i, "int64"), src, axis=axis, reduction=reduction)


def _scatter_args(input, dim, index, src, fn):
    a = _tensor_arg(input, fn)
    axis = _axis(dim, _ndim(a))
    i = _index_arg(index, fn)
    if isinstance(src, Tensor) or ivy.is_native_array(src):
        s = native(src)
        if native_name(s) != native_name(a):
            raise RuntimeError(f"{fn}(): Expected self.dtype to be equal to src.dtype")
        i = _gather_index(a, axis, i, fn, (s,))
        if not _ndim(a):
            i, s = ivy.reshape(i, (-1,)), ivy.reshape(s, (-1,))
        if ivy.shape(s) != ivy.shape(i):
            s = ivy.get_item(s, tuple(slice(0, m) for m in ivy.shape(i)))
    else:
        i = _gather_index(a, axis, i, fn)
        if not _ndim(a):
            i = ivy.reshape(i, (-1,))
        s = ivy.broadcast_to(_scalar_tensor(src, native_name(a)), ivy.shape(i))
    return a, axis, i, s


def scatter(input, dim, index, src=None, value=None, *, reduce=None, out=None):
    if src is None:
        src = value
    if src is None:
        raise TypeError("scatter() missing 1 required positional argument: 'src' or 'value'")
    a, axis, i, s = _scatter_args(input, dim, index, src, "scatter")
    if reduce is None:
        return _finish(_scatter_core(a, axis, i, s, "set"), out, "scatter")
    if reduce not in ("add", "multiply"):
        raise RuntimeError("reduce argument must be either add or multiply.")
    return _finish(_scatter_core(a, axis, i, s, reduce), out, "scatter")


def scatter_add(input, dim, index, src, *, out=None):
    if not isinstance(src, Tensor):
        raise TypeError(f"scatter_add(): argument 'src' (position 4) must be Tensor, not "
                        f"{type(src).__name__}")
    a, axis, i, s = _scatter_args(input, dim, index, src, "scatter_add")
    return _finish(_scatter_core(a, axis, i, s, "add"), out, "scatter_add")


def _identity(reduce, dt):
    if dt == "bool":
        return reduce in ("prod", "amin", "min")
    if reduce in ("sum", "mean"):
        return 0
    if reduce == "prod":
        return 1
    big = float("inf") if dt in _FLOAT else D.iinfo(dt).max
    low = float("-inf") if dt in _FLOAT else D.iinfo(dt).min
    return low if reduce in ("amax", "max") else big


def scatter_reduce(input, dim, index, src, reduce, *, include_self=True, out=None):
    if reduce not in _SCATTER_REDUCE:
        raise RuntimeError(f"reduce argument must be either sum, prod, mean, amax or amin, got "
                           f"{reduce}")
    if not isinstance(src, Tensor):
        raise TypeError(f"scatter_reduce(): argument 'src' (position 4) must be Tensor, not "
                        f"{type(src).__name__}")
    a, axis, i, s = _scatter_args(input, dim, index, src, "scatter_reduce")
    dt = native_name(a)
    if reduce == "mean" and dt == "bool":
        raise NotImplementedError("\"scatter_gather_tensor_cpu_reduce_mean\" not implemented for "
                                  "'Bool'")
    base = a
    if not include_self:
        touched = _scatter_core(ivy.zeros_like(a, dtype="bool"), axis, i,
                                ivy.ones_like(i, dtype="bool"), "max")
        base = ivy.where(touched, ivy.full_like(a, _identity(reduce, dt)), a)
    r = _scatter_core(base, axis, i, s, _SCATTER_REDUCE[reduce])
    if reduce == "mean":
        count_dtype = dt if dt in _FLOAT or dt in _COMPLEX else "int64"
        count = _scatter_core(ivy.full_like(a, 1 if include_self else 0, dtype=count_dtype),
                              axis, i, ivy.ones_like(i, dtype=count_dtype), "add")
        count = ivy.maximum(count, ivy.ones_like(count))
        if dt in _FLOAT or dt in _COMPLEX:
            r = ivy.divide(r, count)
        else:
            r = ivy.astype(ivy.floor_divide(ivy.astype(r, "int64"), count), dt)
    return _finish(r, out, "scatter_reduce")


# ---- index_* -------------------------------------------------------------------------------------

def _vector_index(index, fn):
    i = _index_arg(index, fn, message=f"{fn}(): Expected dtype int32/int64 for index")
    if _ndim(i) > 1:
        raise IndexError(f"{fn}(): Index is supposed to be a vector")
    return ivy.reshape(i, (-1,))


def index_select(input, dim, index, *, out=None):
    a = _tensor_arg(input, "index_select")
    axis = _axis(dim, _ndim(a))
    i = _vector_index(index, "index_select")
    if not _ndim(a) and _prod(ivy.shape(i)) != 1:
        raise RuntimeError(f"index_select(): Index to scalar can have only 1 value, got "
                           f"{_prod(ivy.shape(i))} value(s)")
    n = ivy.shape(a)[axis] if _ndim(a) else 1
    # torch's CPU kernel has a dim-1 fast path with its own error
    i = _check_bounds(i, n, axis, error=RuntimeError if axis == 1 else IndexError,
                      message="INDICES element is out of DATA bounds, id={v} axis_dim={n}"
                      if axis == 1 else "index out of range in self")
    if _ndim(a) == 0:     # its one index, in range: a 0-d copy
        return _finish(ivy.reshape(ivy.take(ivy.reshape(a, (1,)), ivy.astype(i, "int64"), axis=0),
                                   ()), out, "index_select")
    return _finish(ivy.take(a, ivy.astype(i, "int64"), axis=axis), out, "index_select")


def _index_key(axis, i):
    return (slice(None),) * axis + (ivy.astype(i, "int64"),)


def _index_source(a, axis, i, source, fn, what):
    s = _tensor_arg(source, fn)
    if native_name(s) != native_name(a):
        raise RuntimeError(what.format(self=_TORCH_NAME[native_name(a)],
                                       source=_TORCH_NAME[native_name(s)]))
    want = ivy.shape(a)[:axis] + (ivy.shape(i)[0],) + ivy.shape(a)[axis + 1:]
    if _ndim(a) and _ndim(s) and ivy.shape(s)[axis] != ivy.shape(i)[0]:
        raise RuntimeError(f"{fn}(): Number of indices ({ivy.shape(i)[0]}) should be equal to "
                           f"source.size(dim): ({ivy.shape(s)[axis]}), for dim: {axis}")
    if ivy.shape(s) != want:
        if _prod(ivy.shape(s)) != _prod(want):
            raise RuntimeError(f"{fn}(): Source/destination tensor must have same slice shapes.")
        s = ivy.reshape(s, want)
    return s


def _prod(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def index_add(input, dim, index, source, *, alpha=1, out=None):
    a = _tensor_arg(input, "index_add")
    axis = _axis(dim, _ndim(a))
    i = _vector_index(index, "index_add")
    s = _index_source(a, axis, i, source, "index_add_",
                      "index_add_(): self ({self}) and source ({source}) must have the same "
                      "scalar type")
    nd = _ndim(a)
    # torch's CPU kernel: a 1-d self, the middle dims and alpha != 1 take a path with its own error
    middle = nd == 1 or 0 < axis < nd - 1 or alpha != 1
    i = _check_bounds(i, ivy.shape(a)[axis] if nd else 1, axis,
                      error=IndexError if middle else RuntimeError,
                      message="index out of range in self" if middle else None)
    dt = native_name(a)
    if alpha != 1:
        s = ivy.logical_and(s, bool(alpha)) if dt == "bool" else \
            ivy.multiply(s, int(alpha) if dt in _INTS else alpha)
    if _ndim(a) == 0:
        return _finish(ivy.logical_or(a, ivy.any(s)) if dt == "bool" else ivy.add(a, ivy.sum(s)),
                       out, "index_add")
    if dt == "bool":
        return _finish(ivy.index_update(a, _index_key(axis, i), s, reduction="max"), out,
                       "index_add")
    return _finish(ivy.index_update(a, _index_key(axis, i), s, reduction="add"), out, "index_add")


def index_copy(input, dim, index, source, *, out=None):
    a = _tensor_arg(input, "index_copy")
    axis = _axis(dim, _ndim(a))
    i = _vector_index(index, "index_copy")
    _copy_source_checks(a, axis, i, source)
    s = _index_source(a, axis, i, source, "index_copy_",
                      "index_copy_(): self and source expected to have the same dtype, but got "
                      "(self) {self} and (source) {source}")
    n = ivy.shape(a)[axis] if _ndim(a) else 1
    i = _check_bounds(i, n, axis, error=IndexError,
                      message="index_copy_(): index {v} is out of bounds for dimension "
                              f"{axis} with size {n}")
    if _ndim(a) == 0:
        return _finish(ivy.reshape(s, ()), out, "index_copy")
    return _finish(ivy.index_update(a, _index_key(axis, i), s), out, "index_copy")


def _storage_numel(t) -> int:
    """Elements of ``t``'s storage as far as the frontend knows it: a _View's root's, else its
    own (a numpy/torch native view's base is not known)."""
    root = getattr(t, "_root", t)
    return _prod(ivy.shape(root._data if isinstance(root, Tensor) else root))


def _copy_source_checks(a, axis, i, source):
    """index_copy_'s own checks of ``source`` (IndexError), before the shared ones."""
    if not isinstance(source, Tensor):
        return
    shape, count = ivy.shape(source._data), ivy.shape(i)[0]
    if not shape:
        if count != 1:
            raise IndexError(f"index_copy_(): When source is scalar, index should have one "
                             f"element (got {count})")
        return
    if _ndim(a) and len(shape) != _ndim(a):
        raise IndexError(f"index_copy_(): When source and destination are not scalars, their "
                         f"dimensionality must match. Source dimensionality ({len(shape)}), "
                         f"destination dimensionality ({_ndim(a)})")
    size = shape[axis] if _ndim(a) else _prod(shape)
    if size != count:
        raise IndexError(f"index_copy_(): Number of indices ({count}) should be equal to "
                         f"source.size(dim) ({size})")


def index_fill(input, dim, index, value):
    a = _tensor_arg(input, "index_fill")
    axis = _axis(dim, _ndim(a))
    i = _vector_index(index, "index_fill")
    if isinstance(value, Tensor) and _ndim(value._data):
        raise RuntimeError(f"index_fill_ only supports a 0-dimensional value tensor, but got "
                           f"tensor with {_ndim(value._data)} dimension(s).")
    shape = ivy.shape(a)
    if 0 in shape and ivy.size(i):
        # torch's kernel on an empty tensor checks no index, but when the indexed dim itself is
        # empty its strided view of one slice (stride 0 there) must fit in the storage
        sizes = shape[:axis] + (1,) + shape[axis + 1:]
        if shape[axis] or not _prod(sizes):
            return _wrap(a)
        _, strides, offset = layout(input) if isinstance(input, Tensor) else (
            shape, [_prod(shape[d + 1:]) for d in range(len(shape))], 0)
        strides = list(strides)
        strides[axis] = 0
        need = offset + 1 + sum((n - 1) * st for n, st in zip(sizes, strides))
        have = _storage_numel(input)
        if need > have:
            item = T.BY_NAME[native_name(a)].itemsize
            raise RuntimeError(f"setStorage: sizes {list(sizes)}, strides {strides}, storage "
                               f"offset {offset}, and itemsize {item} requiring a storage size "
                               f"of {need * item} are out of bounds for storage of size "
                               f"{have * item}")
    n = shape[axis] if _ndim(a) else 1
    i = _check_bounds(i, n, axis, negative_ok=True, error=IndexError,
                      message="index {v} is out of bounds for dimension " f"{axis} with size {n}")
    v = _scalar_tensor(_checked(value, a), native_name(a))
    if _ndim(a) == 0:
        return _wrap(v if ivy.size(i) else a)
    return _wrap(ivy.index_update(a, _index_key(axis, i), v))


def index_put(input, indices, values, accumulate=False):
    a = _tensor_arg(input, "index_put")
    v = _tensor_arg(values, "index_put")
    if native_name(v) != native_name(a):
        raise RuntimeError(f"Index put requires the source and destination dtypes match, got "
                           f"{_TORCH_NAME[native_name(a)]} for the destination and "
                           f"{_TORCH_NAME[native_name(v)]} for the source.")
    key = tuple(native(k) for k in indices)
    for d, k in enumerate(key):
        if native_name(k) != "bool" and d < _ndim(a):
            n = ivy.shape(a)[d]
            _check_bounds(k, n, d, negative_ok=True, error=IndexError,
                          message="index {v} is out of bounds for dimension " f"{d} with size {n}")
    reduction = ("max" if native_name(a) == "bool" else "add") if accumulate else "set"
    try:
        return _wrap(ivy.index_update(a, key, v, reduction=reduction))
    except (ivy.IvyBroadcastError, ivy.IvyIndexError) as e:
        raise (IndexError if isinstance(e, ivy.IvyIndexError) else RuntimeError)(str(e)) from e


# ---- masks, take ---------------------------------------------------------------------------------

def _bool_mask(mask, fn, message):
    m = _tensor_arg(mask, fn)
    if native_name(m) != "bool":
        raise RuntimeError(message.format(dtype=_MASK_NAMES.get(native_name(m), native_name(m))))
    return m


_MASK_NAMES = {"int64": "long int", "int32": "int", "uint8": "unsigned char", "float32": "float",
               "float64": "double", "int8": "signed char", "int16": "short int"}


def _broadcast(*arrays):
    try:
        shape = ivy.broadcast_shapes(*(ivy.shape(x) for x in arrays))
    except Exception as e:  # noqa: BLE001 - the core's broadcast error, as torch's RuntimeError
        raise RuntimeError(str(e)) from e
    return [ivy.broadcast_to(x, shape) for x in arrays]


def masked_fill(input, mask, value):
    a = _tensor_arg(input, "masked_fill")
    m = _bool_mask(mask, "masked_fill", "masked_fill_ only supports boolean masks, but got mask "
                                        "with dtype {dtype}")
    if isinstance(value, Tensor) and _ndim(value._data):
        raise RuntimeError(f"masked_fill_ only supports a 0-dimensional value tensor, but got "
                           f"tensor with {_ndim(value._data)} dimension(s).")
    a, m = _broadcast(a, m)
    return _wrap(ivy.where(m, _scalar_tensor(_checked(value, a), native_name(a)), a))


def masked_select(input, mask, *, out=None):
    a = _tensor_arg(input, "masked_select")
    m = _bool_mask(mask, "masked_select", "masked_select: expected BoolTensor for mask")
    a, m = _broadcast(a, m)
    return _finish(ivy.boolean_mask(ivy.reshape(a, (-1,)), ivy.reshape(m, (-1,))), out,
                   "masked_select")


def masked_scatter(input, mask, source):
    a = _tensor_arg(input, "masked_scatter")
    m = _bool_mask(mask, "masked_scatter", "masked_scatter_ only supports boolean masks, but got "
                                           "mask with dtype {dtype}")
    s = _tensor_arg(source, "masked_scatter")
    if native_name(s) != native_name(a):
        raise RuntimeError(f"masked_scatter: expected self and source to have same dtypes but got"
                           f"{_TORCH_NAME[native_name(a)]} and {_TORCH_NAME[native_name(s)]}")
    a, m = _broadcast(a, m)
    flat_m = ivy.reshape(m, (-1,))
    pos = ivy.subtract(ivy.cumulative_sum(ivy.astype(flat_m, "int64")), 1)
    need = int(ivy.to_numpy(pos[-1])) + 1 if ivy.size(pos) else 0
    if need > ivy.size(s):
        raise RuntimeError("Number of elements of source < number of ones in mask")
    if not need:
        return _wrap(ivy.asarray(a, copy=True))
    picked = ivy.take(ivy.reshape(s, (-1,)), ivy.clip(pos, 0, None), axis=0)
    return _wrap(ivy.where(m, ivy.reshape(picked, ivy.shape(a)), a))


def take(input, index):
    a = _tensor_arg(input, "take")
    i = _index_arg(index, "take", ("int64",), f"take(): Expected a long tensor for index, but got "
                   f"{_TORCH_NAME[ivy.dtype(native(index))]}")
    n = ivy.size(a)
    i = _check_bounds(i, n, "take", negative_ok=True, error=IndexError,
                      message="out of range: tried to access index {v} on a tensor of {n} "
                              "elements.")
    return _wrap(ivy.get_item(ivy.reshape(a, (-1,)), i))


def take_along_dim(input, indices, dim=None, *, out=None):
    a = _tensor_arg(input, "take_along_dim")
    i = _tensor_arg(indices, "take_along_dim")
    if native_name(i) != "int64":
        raise RuntimeError(f"torch.take_along_dim(): dtype of indices should be Long but got "
                           f"{_TORCH_NAME[native_name(i)]}")
    if dim is None:      # torch gathers the flattened input, with gather's bounds check
        a, i, axis = ivy.reshape(a, (-1,)), ivy.reshape(i, (-1,)), 0
        i = _check_bounds(i, ivy.shape(a)[0], 0)
    else:
        axis = _axis(dim, _ndim(a))
        if _ndim(a) != _ndim(i):
            raise RuntimeError(f"torch.take_along_dim(): input and indices should have the same "
                               f"number of dimensions, but got {_ndim(a)} dimensions for input, "
                               f"and {_ndim(i)} dimensions for indices")
        sa, si = list(ivy.shape(a)), list(ivy.shape(i))
        sa[axis] = si[axis] = 1
        try:
            shape = list(ivy.broadcast_shapes(tuple(sa), tuple(si)))
        except Exception as e:  # noqa: BLE001 - torch's broadcast error is a RuntimeError
            raise RuntimeError(str(e)) from e
        a = ivy.broadcast_to(a, tuple(shape[:axis] + [ivy.shape(a)[axis]] + shape[axis + 1:]))
        i = ivy.broadcast_to(i, tuple(shape[:axis] + [ivy.shape(i)[axis]] + shape[axis + 1:]))
    n = ivy.shape(a)[axis] if _ndim(a) else 1
    i = ivy.where(ivy.less(i, 0), ivy.add(i, n), i)
    return _finish(_take_at(a, i, axis), out, "take_along_dim")


# ---- clamp ---------------------------------------------------------------------------------------

def _nan_or(r, *operands):
    """torch's clamp propagates a NaN from the input and from either bound."""
    nan = None
    for x in operands:
        if ivy.is_native_array(x) and native_name(x) in _FLOAT:
            n = ivy.isnan(x)
            nan = n if nan is None else ivy.logical_or(nan, n)
        elif isinstance(x, float) and x != x:
            return ivy.full_like(r, float("nan"))
    return r if nan is None else ivy.where(nan, ivy.full_like(r, float("nan")), r)


def clamp(input, min=None, max=None, *, out=None):
    a0 = _tensor_arg(input, "clamp")
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    if native_name(a0) in _COMPLEX:
        raise NotImplementedError("clamp is not supported for complex types")
    # torch's overloads: (Scalar?, Scalar?) -- a 0-d tensor passes as a Scalar -- or
    # (Tensor?, Tensor?)
    if min is not None and max is not None and isinstance(min, Tensor) != isinstance(max, Tensor) \
            and any(isinstance(b, Tensor) and _ndim(b._data) for b in (min, max)):
        raise TypeError(f"clamp() received an invalid combination of arguments - got (Tensor, "
                        f"{type(min).__name__}, {type(max).__name__})")
    given = [x for x in (input, min, max) if x is not None]
    name = T.result_name(tuple(x if not ivy.is_native_array(x) else _wrap(x) for x in given))
    if name == "bool":
        raise NotImplementedError("\"clamp_scalar_cpu\" not implemented for 'Bool'")
    a = cast(a0, name)
    lo = None if min is None else _bound(min, name)
    hi = None if max is None else _bound(max, name)
    r = a
    try:
        if lo is not None:
            r = ivy.maximum(r, lo)
        if hi is not None:
            r = ivy.minimum(r, hi)
    except ivy.IvyBroadcastError:
        from ._ops import broadcast_error_of
        raise broadcast_error_of(a, lo, hi) from None
    if name in _FLOAT:
        r = _nan_or(r, a, lo, hi)
    if ivy.shape(r) != ivy.shape(a):
        r = ivy.broadcast_to(r, ivy.broadcast_shapes(ivy.shape(r), ivy.shape(a)))
    return _finish(r, out, "clamp")


def _bound(v, name):
    if isinstance(v, Tensor) or ivy.is_native_array(v):
        return cast(native(v), name)
    return cast(ivy.asarray(fill_scalar(scalar(v), name)), name)


def clamp_min(input, min):
    if min is None:
        raise TypeError("clamp_min() received an invalid combination of arguments - got (Tensor, "
                        "NoneType)")
    return clamp(input, min, None)


def clamp_max(input, max):
    if max is None:
        raise TypeError("clamp_max() received an invalid combination of arguments - got (Tensor, "
                        "NoneType)")
    return clamp(input, None, max)


# ---- counting, histograms, scans -----------------------------------------------------------------

def bincount(input, weights=None, minlength=0):
    a = _tensor_arg(input, "bincount")
    if native_name(a) not in _INTS:
        raise _no_kernel("bincount", a)
    if minlength < 0:
        raise RuntimeError("minlength should be >= 0")
    if _ndim(a) != 1 or (ivy.size(a) and bool(ivy.any(ivy.less(a, 0)))):
        raise RuntimeError("bincount only supports 1-d non-negative integral inputs.")
    w = None
    if weights is not None:
        w = _tensor_arg(weights, "bincount")
        if _ndim(w) != 1 or ivy.shape(w)[0] != ivy.shape(a)[0]:
            raise RuntimeError("weights should be 1-d and have the same length as input")
        w = cast(w, "float32" if native_name(w) == "float32" else "float64")
    if ivy.size(a) == 0:
        return _wrap(ivy.zeros((minlength,), dtype="int64" if w is None else native_name(w)))
    r = ivy.bincount(ivy.astype(a, "int64"), weights=w, minlength=minlength)
    return _wrap(ivy.astype(r, "int64" if w is None else native_name(w)))


def histc(input, bins=100, min=0, max=0, *, out=None):
    a = _tensor_arg(input, "histc")
    dt = native_name(a)
    if dt not in _FLOAT:
        raise NotImplementedError(f"\"histogram_cpu\" not implemented for '{_TORCH_NAME[dt]}'")
    if bins <= 0:
        raise RuntimeError(f"torch.histogram(): bins must be > 0, but got {bins} for dimension 0")
    lo, hi = float(min), float(max)
    flat = ivy.reshape(a, (-1,))
    if lo == hi and ivy.size(flat):
        if bool(ivy.any(ivy.isnan(flat))):
            raise RuntimeError("torch.histc: range of [nan, nan] is not finite")
        lo, hi = (float(v) for v in ivy.to_numpy(ivy.stack([ivy.min(flat), ivy.max(flat)])))
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    if lo > hi:
        raise RuntimeError("torch.histc: max must be larger than min")
    if not (abs(lo) < float("inf") and abs(hi) < float("inf")):
        raise RuntimeError(f"torch.histc: range of [{lo:g}, {hi:g}] is not finite")
    lo_a, hi_a = ivy.asarray(lo, dtype=dt), ivy.asarray(hi, dtype=dt)
    keep = ivy.logical_and(ivy.greater_equal(flat, lo_a), ivy.less_equal(flat, hi_a))
    # torch's linear binning, in the input's dtype: int((x - lo) * bins / (hi - lo)), the right
    # edge joining the last bin
    pos = ivy.divide(ivy.multiply(ivy.subtract(flat, lo_a), ivy.asarray(bins, dtype=dt)),
                     ivy.subtract(hi_a, lo_a))
    pos = ivy.astype(ivy.where(keep, pos, ivy.zeros_like(pos)), "int64")
    pos = ivy.where(ivy.equal(pos, bins), bins - 1, pos)
    pos = ivy.where(keep, pos, bins)
    hist = ivy.bincount(pos, minlength=bins + 1)[:bins]
    return _finish(ivy.astype(hist, dt), out, "histc")


def _cumulative(core, result_type):
    def fn(input, dim, *, out=None):
        a = _tensor_arg(input, core)
        axis = _axis(dim, _ndim(a))
        if native_name(a) in _COMPLEX:
            raise RuntimeError(f"{core}(): does not support complex input")
        if _ndim(a) == 0:
            return _out_pair(result_type, ivy.asarray(a, copy=True), ivy.zeros((), dtype="int64"),
                             out, core)
        if ivy.size(a) == 0:
            return _out_pair(result_type, a, ivy.zeros(ivy.shape(a), dtype="int64"), out, core)
        values, idx = getattr(ivy, core)(a, axis=axis)
        return _out_pair(result_type, values, ivy.astype(idx, "int64"), out, core)
    fn.__name__ = core
    return fn


cummax = _cumulative("cummax", cummax_result)
cummin = _cumulative("cummin", cummin_result)


def logcumsumexp(input, dim, *, out=None):
    a = _tensor_arg(input, "logcumsumexp")
    axis = _axis(dim, _ndim(a))
    if native_name(a) not in _FLOAT and native_name(a) not in _COMPLEX:
        raise _no_kernel("logcumsumexp_out", a)
    if _ndim(a) == 0 or ivy.size(a) == 0:
        return _finish(ivy.asarray(a, copy=True), out, "logcumsumexp")
    r = ivy.logcumsumexp(a, axis=axis)
    # a NaN propagates to everything after it (the tensorflow kernel drops it)
    seen = ivy.greater(ivy.cumulative_sum(ivy.astype(ivy.isnan(a), "int32"), axis=axis), 0)
    return _finish(ivy.where(seen, ivy.full_like(r, float("nan")), r), out, "logcumsumexp")


def diff(input, n=1, dim=-1, prepend=None, append=None):
    a = _tensor_arg(input, "diff")
    if _ndim(a) == 0:
        raise RuntimeError("diff expects input to be at least one-dimensional")
    if n < 0:
        raise RuntimeError(f"order must be non-negative but got {n}")
    axis = _axis(dim, _ndim(a))
    parts = [x for x in (prepend, a, append) if x is not None]
    if len(parts) > 1:
        tensors = [p if not ivy.is_native_array(p) else _wrap(p) for p in parts]
        for p in tensors:
            if _ndim(p._data) != _ndim(a):
                raise RuntimeError("diff expects prepend or append to be the same dimension as "
                                   "input")
        name = T.result_name(tuple(tensors))
        a = ivy.concat([cast(p._data, name) for p in tensors], axis=axis)
    bool_ = native_name(a) == "bool"
    lead = (slice(None),) * axis
    for _ in range(n):
        if ivy.shape(a)[axis] == 0:
            break
        hi, lo = a[lead + (slice(1, None),)], a[lead + (slice(None, -1),)]
        a = ivy.not_equal(hi, lo) if bool_ else ivy.subtract(hi, lo)
    return _wrap(a)


# ---- diagonals and triangles ---------------------------------------------------------------------

def rot90(input, k=1, dims=(0, 1)):
    a = _tensor_arg(input, "rot90")
    dims = list(dims)
    if len(dims) != 2:
        raise RuntimeError(f"expected total rotation dims == 2, but got dims = {len(dims)}")
    if _ndim(a) < 2:
        raise RuntimeError(f"expected total dims >= 2, but got total dims = {_ndim(a)}")
    d0, d1 = dims
    if (d0 - d1) % _ndim(a) == 0 and -_ndim(a) <= d0 < _ndim(a) and -_ndim(a) <= d1 < _ndim(a):
        raise RuntimeError(f"expected rotation dims to be different, but got dim0 = {d0} and "
                           f"dim1 = {d1}")
    d0, d1 = _axis(d0, _ndim(a)), _axis(d1, _ndim(a))
    return _wrap(ivy.asarray(ivy.rot90(a, k=k, axes=(d0, d1)), copy=True))


def _triangle(core):
    def fn(input, diagonal=0, *, out=None):
        a = _tensor_arg(input, core)
        if _ndim(a) < 2:
            raise RuntimeError(f"{core}: input tensor must have at least 2 dimensions")
        return _finish(getattr(ivy, core)(a, k=diagonal), out, core)
    fn.__name__ = core
    return fn


tril, triu = _triangle("tril"), _triangle("triu")


def diag(input, diagonal=0, *, out=None):
    a = _tensor_arg(input, "diag")
    if _ndim(a) not in (1, 2):
        raise RuntimeError(f"diag(): Supports 1D or 2D tensors. Got {_ndim(a)}D")
    return _finish(ivy.diag(a, k=diagonal), out, "diag")


def _two_dims(d1, d2, ndim):
    a1, a2 = _axis(d1, ndim), _axis(d2, ndim)
    if a1 == a2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {d1}, {d2}")
    return a1, a2


def diagonal(input, offset=0, dim1=0, dim2=1):
    a = _tensor_arg(input, "diagonal")
    a1, a2 = _two_dims(dim1, dim2, _ndim(a))
    return _wrap(ivy.diagonal(a, offset=offset, axis1=a1, axis2=a2))


def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    a = _tensor_arg(input, "diag_embed")
    a1, a2 = _two_dims(dim1, dim2, _ndim(a) + 1)
    return _wrap(ivy.diag_embed(a, offset=offset, dim1=a1, dim2=a2))


def trace(input):
    a = _tensor_arg(input, "trace")
    if _ndim(a) != 2:
        raise RuntimeError(f"trace: expected a matrix, but got tensor with dim {_ndim(a)}")
    if native_name(a) == "bool":
        raise NotImplementedError("\"trace\" not implemented for 'Bool'")
    d = ivy.diagonal(a)
    if native_name(a) in _INTS:
        d = ivy.astype(d, "int64")
    return _wrap(ivy.sum(d))


# ---- tables --------------------------------------------------------------------------------------

FUNCTIONS = {
    "sort": sort, "argsort": argsort, "msort": msort, "topk": topk, "kthvalue": kthvalue,
    "median": median, "nanmedian": nanmedian, "mode": mode, "unique": unique,
    "unique_consecutive": unique_consecutive, "bucketize": bucketize, "isin": isin,
    "argwhere": argwhere, "gather": gather, "scatter": scatter, "scatter_add": scatter_add,
    "scatter_reduce": scatter_reduce, "index_select": index_select, "index_add": index_add,
    "index_copy": index_copy, "index_fill": index_fill, "index_put": index_put,
    "masked_fill": masked_fill, "masked_select": masked_select, "masked_scatter": masked_scatter,
    "take": take, "take_along_dim": take_along_dim, "clamp": clamp, "clip": clamp,
    "clamp_min": clamp_min, "clamp_max": clamp_max, "bincount": bincount, "histc": histc,
    "cummax": cummax, "cummin": cummin, "logcumsumexp": logcumsumexp, "diff": diff,
    "rot90": rot90, "tril": tril, "triu": triu, "diag": diag, "diagonal": diagonal,
    "diag_embed": diag_embed, "trace": trace,
}
FUNCTIONS_ONLY = {"searchsorted": searchsorted}


def _inplace(fn, name):
    def method(self, *args, **kwargs):
        return assign(self, fn(self, *args, **kwargs)._data, name)
    method.__name__ = method.__qualname__ = name
    return method


METHODS = {name + "_": _inplace(FUNCTIONS[name], name + "_") for name in (
    "scatter", "scatter_add", "scatter_reduce", "index_add", "index_copy", "index_fill",
    "index_put", "masked_fill", "masked_scatter", "clamp", "clip", "clamp_min", "clamp_max",
    "tril", "triu")}
