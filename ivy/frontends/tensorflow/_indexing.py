"""Indexing, scattering, slicing, sorting and block rearrangement: ``tf.gather_nd``,
``scatter_nd``/``tensor_scatter_nd_*``, ``boolean_mask``, ``slice``/``strided_slice``,
``sort``/``argsort``/``searchsorted``, ``unique``, ``unravel_index``, ``dynamic_partition``/
``dynamic_stitch``, ``space_to_batch``/``batch_to_space``, ``space_to_depth``/``depth_to_space``
-- with TensorFlow's index-dtype lists, bound checks and error classes. Index arguments are read
on the host (metadata); values are computed by ivy's core."""
from __future__ import annotations

import builtins
from collections import namedtuple

import numpy as np

import ivy
from ivy.core import dtypes as D
from ivy.core.errors import IvyNotImplementedError

from .._shared import native_name
from . import _dtypes as T
from ._ops import _k, kernel, same_dtype
from ._stdsort import topk_order
from ._tensor import Tensor, convert, wrap
from ._tensor import native as _native
from .errors import NotFoundError, OutOfRangeError, UnimplementedError, invalid_argument

_I32_64 = ("int32", "int64")
_I16_32_64 = ("int16", "int32", "int64")
_NO_BOOL_COMPLEX = frozenset(D.ALL) - {"bool", "complex64", "complex128"}




def _hinted(x, hint):
    """``x`` converted with ``hint`` as a preference (Python values), a tensor kept as is."""
    if type(x) is Tensor:
        return x._data
    if isinstance(x, (list, tuple)) and not x:
        return ivy.zeros((0,), dtype=hint)
    try:
        return convert(x, hint)
    except (TypeError, ValueError):
        return convert(x)


def _int32(x):
    """``x`` converted to int32 strictly (an int64 tensor: ValueError), ``[]`` included."""
    if isinstance(x, (list, tuple)) and not x:
        return ivy.zeros((0,), dtype="int32")
    return convert(x, "int32")


def _check_index(a, op, attr, allowed=_I32_64):
    n = native_name(a)
    if n not in allowed:
        raise invalid_argument(f"Value for attr '{attr}' of {_k(n)} is not in the list of "
                               f"allowed values: {', '.join(_k(d) for d in allowed)}", op)
    return a


def _host(a):
    return np.asarray(ivy.to_numpy(a))


def _not_found(op, name):
    return NotFoundError(None, op, f"Could not find device for node: {{{{node {op}}}}} = "
                                   f"{op}[T=DT_{_k(name).upper()}]")


def _dims(shape):
    return "[" + ",".join(str(int(d)) for d in shape) + "]"


def _policy(policy, fn):
    if policy not in ("", "DEFAULT", "ERROR"):
        raise NotImplementedError(f"tf.{fn}: bad_indices_policy={policy!r} is not supported by "
                                  f"ivy's tensorflow frontend")


def _nd_check(idx, shape, op, what):
    """Every row of ``idx`` (host, last axis k) inside ``shape[:k]``, else InvalidArgumentError."""
    k = idx.shape[-1]
    rows = idx.reshape(-1, k)
    bad = np.flatnonzero(((rows < 0) | (rows >= np.asarray(shape[:k], dtype=np.int64))).any(-1))
    if bad.size:
        i = int(bad[0])
        raise invalid_argument(f"indices[{i}] = [{', '.join(str(int(v)) for v in rows[i])}] "
                               f"does not index into {what} {_dims(shape)}", op)


# ---- gather_nd / scatter_nd ----------------------------------------------------------------------

def gather_nd(params, indices, batch_dims=0, name=None, bad_indices_policy=""):
    _policy(bad_indices_policy, "gather_nd")
    p = _native(params)
    i = _check_index(_native(indices), "GatherNd", "Tindices", _I16_32_64)
    b = int(batch_dims)
    k = i.shape[-1] if len(i.shape) else 0
    if k > len(p.shape) - b:
        raise invalid_argument(f"index innermost dimension length must be <= params rank; saw: "
                               f"{k} vs. {len(p.shape) - b}", "GatherNd")
    if k:
        _nd_check(_host(i), tuple(p.shape)[b:], "GatherNd", "param shape")
    return wrap(kernel("GatherNd", lambda a, j: ivy.gather_nd(a, j, batch_dims=b), p,
                       ivy.astype(i, "int64")))


def _updates_shape(i, u, shape, op):
    want = tuple(i.shape[:-1]) + tuple(shape[i.shape[-1]:])
    if tuple(u.shape) != want:
        raise invalid_argument(f"Dimensions [0,{len(i.shape) - 1}) of indices[shape="
                               f"{_dims(i.shape)}] must match dimensions [0,{len(i.shape) - 1}) "
                               f"of updates[shape={_dims(u.shape)}]" if op == "ScatterNd" else
                               f"Outer dimensions of indices and update must match. Indices "
                               f"shape: {_dims(i.shape)}, updates shape:{_dims(u.shape)}", op)


def scatter_nd(indices, updates, shape, bad_indices_policy="", name=None):
    _policy(bad_indices_policy, "scatter_nd")
    hint = native_name(shape._data) if type(shape) is Tensor else "int32"
    i = _check_index(_hinted(indices, hint), "ScatterNd", "Tindices", _I16_32_64)
    if native_name(i) == "int16":
        raise _not_found("ScatterNd", "int16")
    u = _native(updates)
    s = _hinted(shape, native_name(i))
    same_dtype("ScatterNd", i, s, index=2)
    dims = tuple(int(d) for d in _host(s).reshape(-1))
    _updates_shape(i, u, dims, "ScatterNd")
    _nd_check(_host(i), dims, "ScatterNd", "shape")
    red = "max" if native_name(u) == "bool" else "add"
    j = ivy.astype(i, "int64")
    return wrap(kernel("ScatterNd", lambda v: unsigned_fallback(
        lambda w: ivy.scatter_nd(j, w, dims, reduction=red), v), u))


def _tensor_scatter(op, reduction, negate=False, no_kernel=()):
    def f(tensor, indices, updates, bad_indices_policy="", name=None):
        _policy(bad_indices_policy, "tensor_scatter_nd_" + reduction)
        t = _native(tensor)
        n = native_name(t)
        i = _check_index(_native(indices), op, "Tindices")
        u = updates._data if type(updates) is Tensor else convert(updates, n)
        same_dtype(op, t, u, index=2)
        if n in no_kernel:
            raise _not_found(op, n)
        _updates_shape(i, u, tuple(t.shape), op)
        host = _host(i)
        _nd_check(host, tuple(t.shape), op, "shape")
        key = tuple(ivy.asarray(host[..., j].astype(np.int64)) for j in
                    builtins.range(host.shape[-1]))
        v = ivy.negative(u) if negate else u
        return wrap(kernel(op, lambda a, w: unsigned_fallback(
            lambda c, d: ivy.index_update(c, key, d, reduction=reduction), a, w), t, v))
    return f


def unsigned_fallback(fn, x, *more):
    """``fn(x, *more)``; where the backend has no kernel for x's unsigned dtype (torch's
    uint16/32/64 indexing), computed in int64 and cast back (exact for moves and sums; min/max
    exact below 2**63)."""
    try:
        return fn(x, *more)
    except IvyNotImplementedError:
        n = native_name(x)
        if n not in D.UNSIGNED:
            raise
        return ivy.astype(fn(*(ivy.astype(v, "int64") for v in (x,) + more)), n)


_NO_ACCUMULATE = ("bool",)
_update = _tensor_scatter("TensorScatterUpdate", "set")


def tensor_scatter_nd_update(tensor, indices, updates, name=None):
    return _update(tensor, indices, updates)


tensor_scatter_nd_add = _tensor_scatter("TensorScatterAdd", "add", no_kernel=_NO_ACCUMULATE)
tensor_scatter_nd_sub = _tensor_scatter("TensorScatterSub", "add", negate=True,
                                        no_kernel=_NO_ACCUMULATE)
tensor_scatter_nd_max = _tensor_scatter("TensorScatterMax", "max",
                                        no_kernel=("bool", "complex64", "complex128"))
tensor_scatter_nd_min = _tensor_scatter("TensorScatterMin", "min",
                                        no_kernel=("bool", "complex64", "complex128"))


# ---- boolean_mask ---------------------------------------------------------------------------

def boolean_mask(tensor, mask, axis=None, name="boolean_mask"):
    t, m = _native(tensor), _native(mask)
    if not len(m.shape):
        raise ValueError("mask cannot be scalar.")
    ax = 0 if axis is None else int(axis)
    shape, nm = tuple(t.shape), len(m.shape)
    part = shape[ax:ax + nm]
    if part != tuple(m.shape):
        raise ValueError(f"Shapes {part} and {tuple(m.shape)} are incompatible")
    flat = ivy.reshape(t, shape[:ax] + (-1,) + shape[ax + nm:])
    m = ivy.reshape(m, (-1,))
    m = m if native_name(m) == "bool" else ivy.not_equal(m, ivy.zeros((), dtype=native_name(m)))
    return wrap(ivy.take(flat, ivy.nonzero(m)[0], axis=ax))


# ---- slicing ----------------------------------------------------------------------------------

def _index_vector(value, like, op, what="Index"):
    """An index argument (begin/size/...) as host ints, dtype-checked (int32/int64)."""
    a = _check_index(_hinted(value, like), op, what)
    return a, [int(v) for v in _host(a).reshape(-1)]


def slice(input_, begin, size, name=None):  # noqa: A001 - TensorFlow's name
    x = _native(input_)
    b, begin = _index_vector(begin, "int32", "Slice")
    _, size = _index_vector(size, native_name(b), "Slice")
    shape = tuple(x.shape)
    if len(begin) != len(shape) or len(size) != len(shape):
        raise invalid_argument(f"Expected begin and size arguments to be 1-D tensors of size "
                               f"{len(shape)}, but got shapes [{len(begin)}] and [{len(size)}] "
                               f"instead.", "Slice")
    key = []
    for d, (s0, n, dim) in enumerate(zip(begin, size, shape)):
        if not 0 <= s0 <= dim:
            raise invalid_argument(f"Expected begin[{d}] in [0, {dim}], but got {s0}", "Slice")
        n = dim - s0 if n == -1 else n
        if not 0 <= n <= dim - s0:
            raise invalid_argument(f"Expected size[{d}] in [0, {dim - s0}], but got {n}",
                                   "Slice")
        key.append(builtins.slice(s0, s0 + n))
    return wrap(ivy.get_item(x, tuple(key)))


def strided_slice(input_, begin, end, strides=None, begin_mask=0, end_mask=0, ellipsis_mask=0,
                  new_axis_mask=0, shrink_axis_mask=0, var=None, name=None):
    if var is not None:
        raise NotImplementedError("tf.strided_slice: var is not supported by ivy's tensorflow "
                                  "frontend")
    x = _native(input_)
    b, begin = _index_vector(begin, "int32", "StridedSlice")
    _, end = _index_vector(end, native_name(b), "StridedSlice")
    strides = [1] * len(begin) if strides is None else \
        _index_vector(strides, native_name(b), "StridedSlice")[1]
    if not len(begin) == len(end) == len(strides):
        raise invalid_argument(f"Expected begin, end, and strides to be 1D equal size tensors, "
                               f"but got shapes [{len(begin)}], [{len(end)}], and "
                               f"[{len(strides)}] instead.", "StridedSlice")
    shape = tuple(x.shape)
    consumed = sum(1 for i in builtins.range(len(begin))
                   if not (ellipsis_mask | new_axis_mask) >> i & 1)
    key, dim, seen_ellipsis = [], 0, False
    for i, (s0, s1, st) in enumerate(zip(begin, end, strides)):
        if ellipsis_mask >> i & 1:
            if seen_ellipsis:
                raise invalid_argument("Multiple ellipses in slice spec not allowed",
                                       "StridedSlice")
            key.append(Ellipsis)
            dim = len(shape) - (consumed - dim)
            seen_ellipsis = True
            continue
        if new_axis_mask >> i & 1:
            key.append(None)
            continue
        if st == 0:
            raise invalid_argument(f"strides[{i}] must be non-zero", "StridedSlice")
        if dim >= len(shape):
            raise invalid_argument(f"Index out of range using input dim {dim}; input has only "
                                   f"{len(shape)} dims", "StridedSlice")
        if shrink_axis_mask >> i & 1:
            if st < 0:
                raise invalid_argument("only stride 1 allowed on non-range indexing.",
                                       "StridedSlice")
            if not -shape[dim] <= s0 < shape[dim]:
                raise invalid_argument(f"slice index {s0} of dimension {dim} out of bounds.",
                                       "StridedSlice")
            key.append(s0)
        else:
            key.append(builtins.slice(None if begin_mask >> i & 1 else s0,
                                      None if end_mask >> i & 1 else s1, st))
        dim += 1
    return wrap(ivy.get_item(x, tuple(key)))


# ---- sorting and searching --------------------------------------------------------------------

def _direction(direction):
    if direction not in ("ASCENDING", "DESCENDING"):
        raise ValueError(f"Argument `direction` should be one of ASCENDING, DESCENDING. "
                         f"Received: direction={direction}")
    return direction == "DESCENDING"


_REAL_FLOATS = frozenset(D.REAL_FLOATING)
_SORTABLE = tuple(d for d in D.ALL if d in _NO_BOOL_COMPLEX)


def _sort_input(values, axis, op):
    x = _native(values)
    ax = int(_host(axis._data)) if type(axis) is Tensor else int(axis)
    if not -len(x.shape) <= ax < len(x.shape):
        raise invalid_argument(f"slice index {ax} of dimension 0 out of bounds.", "StridedSlice")
    n = native_name(x)
    if n not in _NO_BOOL_COMPLEX:
        raise invalid_argument(f"Value for attr 'T' of {_k(n)} is not in the list of allowed "
                               f"values: {', '.join(_k(d) for d in _SORTABLE)}", op)
    return x, ax


def _has_nan(x) -> bool:
    return native_name(x) in _REAL_FLOATS and bool(ivy.any(ivy.isnan(x)))


def _nan_order(x, ax, desc):
    """TopKV2's sorting indices (int64) for an input holding NaN (``_stdsort``); without NaN
    its order is the stable sort's."""
    host = np.moveaxis(_host(x).astype(np.float64), ax, -1)
    rows = (host if desc else -host).reshape(-1, host.shape[-1]).tolist() \
        if host.shape[-1] else []
    order = np.array([topk_order(r) for r in rows], dtype=np.int64).reshape(host.shape)
    return ivy.asarray(np.moveaxis(order, -1, ax))


def sort(values, axis=-1, direction="ASCENDING", name=None):
    desc = _direction(direction)
    x, ax = _sort_input(values, axis, "TopKV2")
    if _has_nan(x):
        return wrap(ivy.take_along_axis(x, _nan_order(x, ax, desc), axis=ax))
    return wrap(ivy.sort(x, axis=ax, descending=desc, stable=True))


def argsort(values, axis=-1, direction="ASCENDING", stable=False, name=None):
    desc = _direction(direction)
    x, ax = _sort_input(values, axis, "TopKV2")
    order = _nan_order(x, ax, desc) if _has_nan(x) else \
        ivy.argsort(x, axis=ax, descending=desc, stable=True)
    return wrap(ivy.astype(order, "int32"))


def searchsorted(sorted_sequence, values, side="left", out_type=T.BY_NAME["int32"], name=None):
    if side not in ("left", "right"):
        raise ValueError(f"Argument `side` must be either 'right' or 'left'. Received: `side` = "
                         f"'{side}'.")
    op = "LowerBound" if side == "left" else "UpperBound"
    s = _native(sorted_sequence)
    v = _hinted(values, native_name(s))
    if not len(v.shape) or not len(s.shape):
        raise invalid_argument("slice index -1 of dimension 0 out of bounds.", "StridedSlice")
    n = same_dtype(op, s, v)
    out = T.name_of(out_type)
    if out not in _I32_64:
        raise invalid_argument(f"Value for attr 'out_type' of {_k(out)} is not in the list of "
                               f"allowed values: int32, int64", op)
    if n not in _NO_BOOL_COMPLEX:
        raise _not_found(op, n)
    if tuple(s.shape[:-1]) != tuple(v.shape[:-1]):
        raise invalid_argument("Leading dim_size of both tensors must match.", op)
    before = ivy.less if side == "left" else ivy.less_equal
    count = ivy.sum(ivy.astype(before(ivy.expand_dims(s, axis=-2), ivy.expand_dims(v, axis=-1)),
                               "int64"), axis=-1)
    return wrap(ivy.astype(count, out))


Unique = namedtuple("Unique", ["y", "idx"])
UniqueWithCounts = namedtuple("UniqueWithCounts", ["y", "idx", "count"])


def _unique(x, out_idx, op):
    a = _native(x)
    out = T.name_of(out_idx)
    if out not in _I32_64:
        raise invalid_argument(f"Value for attr 'out_idx' of {_k(out)} is not in the list of "
                               f"allowed values: int32, int64", op)
    if len(a.shape) != 1:
        raise invalid_argument("unique expects a 1D vector.", op)
    if native_name(a) in ("complex64", "complex128"):
        raise _not_found(op, native_name(a))
    values, first, inverse, counts = ivy.unique_all(a)
    order = ivy.argsort(first, stable=True)          # by first occurrence, as TensorFlow
    rank = ivy.argsort(order, stable=True)
    idx = ivy.take(rank, ivy.reshape(inverse, (-1,)), axis=0)
    return (wrap(ivy.take(values, order, axis=0)), wrap(ivy.astype(idx, out)),
            wrap(ivy.astype(ivy.take(counts, order, axis=0), out)))


def unique(x, out_idx=T.BY_NAME["int32"], name=None):
    return Unique(*_unique(x, out_idx, "Unique")[:2])


def unique_with_counts(x, out_idx=T.BY_NAME["int32"], name=None):
    return UniqueWithCounts(*_unique(x, out_idx, "UniqueWithCounts"))


def unravel_index(indices, dims, name=None):
    i = _check_index(_native(indices), "UnravelIndex", "Tidx")
    d = _hinted(dims, native_name(i))
    same_dtype("UnravelIndex", i, d)
    sizes = [int(v) for v in _host(d).reshape(-1)]
    for k, s in enumerate(sizes):
        if s <= 0:
            raise invalid_argument(f"Input dims cannot contain a dim of zero, but dims contains "
                                   f"zero at index {k}" if s == 0 else
                                   f"Input dims cannot be negative. Got dim = {s} at index {k}",
                                   "UnravelIndex")
    if len(i.shape) > 1:
        raise invalid_argument(f"The indices can only be scalar or vector, got "
                               f"\"{_dims(i.shape)}\"", "UnravelIndex")
    if bool(np.any(_host(i) >= int(np.prod(sizes)))):
        raise invalid_argument("index is out of bound as with dims", "UnravelIndex")
    rest, out = i, []
    for s in reversed(sizes):         # C division (truncation), as TensorFlow's kernel
        q = ivy.multiply(ivy.floor_divide(ivy.abs(rest), s), ivy.sign(rest))
        out.append(ivy.subtract(rest, ivy.multiply(q, s)))
        rest = q
    return wrap(ivy.stack(out[::-1], axis=0))


# ---- partition / stitch -------------------------------------------------------------------------

def dynamic_partition(data, partitions, num_partitions, name=None):
    x = _native(data)
    p = _int32(partitions)
    n = int(num_partitions)
    if n < 1:
        raise invalid_argument(f"Value for attr 'num_partitions' of {n} must be at least "
                               f"minimum 1", "DynamicPartition")
    op = "DynamicPartition"
    if tuple(x.shape[:len(p.shape)]) != tuple(p.shape):
        raise invalid_argument(f"data.shape must start with partitions.shape, got data.shape = "
                               f"{_dims(x.shape)}, partitions.shape = {_dims(p.shape)}", op)
    host = _host(p).reshape(-1)
    bad = np.flatnonzero((host < 0) | (host >= n))
    if bad.size:
        k = int(bad[0])
        raise invalid_argument(f"partitions[{k}] = {host[k]} is not in [0, {n})", op)
    flat = ivy.reshape(x, (-1,) + tuple(x.shape[len(p.shape):]))
    return [wrap(ivy.take(flat, ivy.asarray(np.flatnonzero(host == j)), axis=0))
            for j in builtins.range(n)]


def dynamic_stitch(indices, data, name=None):
    idx = [_int32(i) for i in indices]
    first = _native(data[0])
    vals = [first] + [d._data if type(d) is Tensor else convert(d, native_name(first))
                      for d in data[1:]]
    for k, (i, v) in enumerate(zip(idx, vals)):
        same_dtype("DynamicStitch", first, v, index=len(idx) + k)
        if tuple(v.shape[:len(i.shape)]) != tuple(i.shape):
            raise invalid_argument(f"data[{k}].shape = {_dims(v.shape)} does not start with "
                                   f"indices[{k}].shape = {_dims(i.shape)}", "DynamicStitch")
    inner = tuple(vals[0].shape[len(idx[0].shape):])
    host = np.concatenate([_host(i).reshape(-1) for i in idx]) if idx else np.zeros(0, int)
    if host.size and host.min() < 0:
        raise invalid_argument(f"indices[{int(np.argmin(host >= 0))}] is out of range",
                               "DynamicStitch")
    size = int(host.max()) + 1 if host.size else 0
    src = np.full(size, -1, dtype=np.int64)
    src[host] = np.arange(host.size)          # the last occurrence wins, as TensorFlow
    rows = ivy.concat([ivy.reshape(v, (-1,) + inner) for v in vals], axis=0)
    picked = ivy.take(rows, ivy.asarray(np.maximum(src, 0)), axis=0)
    if (src < 0).any():
        keep = ivy.reshape(ivy.asarray(src >= 0), (size,) + (1,) * len(inner))
        picked = ivy.where(keep, picked, ivy.zeros((), dtype=native_name(first)))
    return wrap(picked)


# ---- space <-> batch / depth --------------------------------------------------------------------

def _block_args(input, block_shape, paddings, op, kind):
    x = _native(input)
    bs = _check_index(_native(block_shape), op, "Tblock_shape")
    pd = _check_index(_native(paddings), op, "T" + kind)
    block = [int(v) for v in _host(bs).reshape(-1)]
    pads = _host(pd).reshape(-1, 2).astype(int).tolist() if _host(pd).size else []
    m = len(block)
    if len(x.shape) < m + 1:
        raise invalid_argument(f"input rank should be >= {m + 1} instead of {len(x.shape)}", op)
    for k, b in enumerate(block):
        if b < 1:
            raise invalid_argument(f"All values in block_shape must be positive, got value, {b} "
                                   f"at index {k}.", op)
    if any(v < 0 for row in pads for v in row):
        raise invalid_argument(f"{'Paddings' if kind == 'paddings' else 'Crops'} must be "
                               f"non-negative", op)
    n = native_name(x)
    if n in ("bool", "complex64", "complex128"):
        raise _not_found(op, n)
    return x, block, pads


def space_to_batch_nd(input, block_shape, paddings, name=None):  # noqa: A002
    op = "SpaceToBatchND"
    x, block, pads = _block_args(input, block_shape, paddings, op, "paddings")
    m, shape = len(block), tuple(x.shape)
    width = ((0, 0),) + tuple(tuple(p) for p in pads) + ((0, 0),) * (len(shape) - m - 1)
    x = _pad_zeros(x, width)
    padded = tuple(x.shape)
    for k, b in enumerate(block):
        if padded[k + 1] % b:
            raise invalid_argument(f"padded_shape[{k}]={padded[k + 1]} is not divisible by "
                                   f"block_shape[{k}]={b}", op)
    split = (padded[0],) + tuple(v for k, b in enumerate(block) for v in (padded[k + 1] // b, b))
    rest = padded[m + 1:]
    y = ivy.reshape(x, split + rest)
    perm = tuple(2 + 2 * k for k in builtins.range(m)) + (0,) + \
        tuple(1 + 2 * k for k in builtins.range(m)) + \
        tuple(builtins.range(2 * m + 1, 2 * m + 1 + len(rest)))
    y = ivy.permute_dims(y, perm)
    return wrap(ivy.reshape(y, (padded[0] * int(np.prod(block)),) +
                            tuple(padded[k + 1] // b for k, b in enumerate(block)) + rest))


def space_to_batch(input, block_shape, paddings, name=None):  # noqa: A002
    return space_to_batch_nd(input, block_shape, paddings)


def batch_to_space(input, block_shape, crops, name=None):  # noqa: A002
    if isinstance(block_shape, (int, np.integer)):
        block_shape = [int(block_shape)] * 2
    op = "BatchToSpaceND"
    x, block, crop = _block_args(input, block_shape, crops, op, "crops")
    m, shape = len(block), tuple(x.shape)
    prod = int(np.prod(block))
    if shape[0] % prod:
        raise invalid_argument(f"Input batch dimension ({shape[0]}) is not divisible by product "
                               f"of block sizes ({prod})", op)
    batch, spatial, rest = shape[0] // prod, shape[1:m + 1], shape[m + 1:]
    y = ivy.reshape(x, tuple(block) + (batch,) + spatial + rest)
    perm = (m,) + tuple(v for k in builtins.range(m) for v in (m + 1 + k, k)) + \
        tuple(builtins.range(2 * m + 1, 2 * m + 1 + len(rest)))
    y = ivy.reshape(ivy.permute_dims(y, perm),
                    (batch,) + tuple(s * b for s, b in zip(spatial, block)) + rest)
    key = (builtins.slice(None),)
    for k, (c0, c1) in enumerate(crop):
        full = spatial[k] * block[k]
        if c0 + c1 > full:
            raise invalid_argument(f"Crops must be less than or equal to the size of the input "
                                   f"dimension", op)
        key += (builtins.slice(c0, full - c1),)
    return wrap(ivy.get_item(y, key))


def required_space_to_batch_paddings(input_shape, block_shape, base_paddings=None, name=None):
    shape = _host(convert(input_shape, "int32")).reshape(-1).astype(np.int64)
    block = _host(convert(block_shape, "int32")).reshape(-1).astype(np.int64)
    base = np.zeros((len(block), 2), np.int64) if base_paddings is None else \
        _host(convert(base_paddings, "int32")).reshape(-1, 2).astype(np.int64)
    full = shape + base[:, 0] + base[:, 1]
    extra = (block - full % block) % block
    paddings = np.stack([base[:, 0], base[:, 1] + extra], axis=1)
    crops = np.stack([np.zeros_like(extra), extra], axis=1)
    return (wrap(ivy.asarray(paddings.astype(np.int32))),
            wrap(ivy.asarray(crops.astype(np.int32))))


def _depth_args(input, block_size, data_format, op):
    x = _native(input)
    if data_format != "NHWC":
        raise _not_found(op, native_name(x))
    b = int(block_size)
    if b < 2:
        raise invalid_argument(f"Value for attr 'block_size' of {b} must be at least minimum 2",
                               op)
    if len(x.shape) != 4:
        raise invalid_argument(f"Input rank should be 4 instead of {len(x.shape)}", op)
    return x, b


def space_to_depth(input, block_size, data_format="NHWC", name=None):  # noqa: A002
    x, b = _depth_args(input, block_size, data_format, "SpaceToDepth")
    n, h, w, c = x.shape
    if h % b or w % b:
        raise invalid_argument(f"Image width {w} and height {h} should be divisible by "
                               f"block_size: {b}", "SpaceToDepth")
    y = ivy.permute_dims(ivy.reshape(x, (n, h // b, b, w // b, b, c)), (0, 1, 3, 2, 4, 5))
    return wrap(ivy.reshape(y, (n, h // b, w // b, b * b * c)))


def depth_to_space(input, block_size, data_format="NHWC", name=None):  # noqa: A002
    x, b = _depth_args(input, block_size, data_format, "DepthToSpace")
    n, h, w, c = x.shape
    if c % (b * b):
        raise invalid_argument(f"Input depth dimension {c} should be divisible by: {b * b}",
                               "DepthToSpace")
    y = ivy.permute_dims(ivy.reshape(x, (n, h, w, b, b, c // (b * b))), (0, 1, 3, 2, 4, 5))
    return wrap(ivy.reshape(y, (n, h * b, w * b, c // (b * b))))


def extract_volume_patches(input, ksizes, strides, padding, name=None):  # noqa: A002
    """``tf.extract_volume_patches``: 5-D input, every (planes, rows, cols) window flattened
    into the depth (window-major, channels last) by one advanced index."""
    op = "ExtractVolumePatches"
    x = _native(input)
    ks, st = [int(k) for k in ksizes], [int(v) for v in strides]
    for attr, v in (("ksizes", ks), ("strides", st)):
        if len(v) < 5:
            raise invalid_argument(f"Length for attr '{attr}' of {len(v)} must be at least "
                                   f"minimum 5", op)
    if padding not in ("SAME", "VALID"):
        raise invalid_argument(f"Value for attr 'padding' of \"{padding}\" is not in the list "
                               f"of allowed values: \"SAME\", \"VALID\"", op)
    n = native_name(x)
    if n not in _NO_BOOL_COMPLEX:
        raise invalid_argument(f"Value for attr 'T' of {_k(n)} is not in the list of allowed "
                               f"values: {', '.join(_k(d) for d in _SORTABLE)}", op)
    if len(x.shape) != 5:
        raise invalid_argument(f"input must be 5-dimensional{_dims(x.shape)}", op)
    if ks[0] != 1 or ks[4] != 1 or st[0] != 1 or st[4] != 1:
        which = "ksizes" if ks[0] != 1 or ks[4] != 1 else "strides"
        raise UnimplementedError(None, op, f"Only support {which} across space. [Op:{op}]")
    if any(v <= 0 for v in st[1:4]):
        raise OutOfRangeError(None, op, f"strides is out of range. [Op:{op}]")
    width, index, outs = [(0, 0)], [], []
    for size, k, s in zip(x.shape[1:4], ks[1:4], st[1:4]):
        if padding == "VALID":
            out, before, total = max((size - k) // s + 1, 0), 0, 0
        else:
            out = -(-size // s)
            total = max((out - 1) * s + k - size, 0)
            before = total // 2
        width.append((before, total - before))
        index.append(np.arange(out)[:, None] * s + np.arange(k)[None, :])
        outs.append(out)
    x = pad_constant(x, width + [(0, 0)], ivy.zeros((), dtype=n))
    key = (builtins.slice(None),) + tuple(
        ivy.asarray(a.reshape(tuple(a.shape[0] if j == d else 1 for j in builtins.range(3)) +
                              tuple(a.shape[1] if j == d else 1 for j in builtins.range(3))))
        for d, a in enumerate(index)) + (builtins.slice(None),)
    got = ivy.get_item(x, key)          # (batch, out_p, out_r, out_c, kp, kr, kc, channels)
    return wrap(ivy.reshape(got, (x.shape[0],) + tuple(outs) +
                            (int(np.prod(ks[1:4])) * x.shape[4],)))


def _pad_zeros(x, width):
    """``x`` padded with zeros by ``width`` ((before, after) per axis), any dtype."""
    return pad_constant(x, width, ivy.zeros((), dtype=native_name(x)))


def pad_constant(x, width, value):
    """``x`` padded with the 0-d ``value`` by ``width`` ((before, after) per axis): one concat
    per padded axis (every dtype on every backend)."""
    for ax, (a, b) in enumerate(width):
        if a or b:
            shape = tuple(x.shape)
            parts = [ivy.broadcast_to(value, shape[:ax] + (n,) + shape[ax + 1:])
                     for n in (a, b)]
            x = ivy.concat([parts[0], x, parts[1]], axis=ax)
    return x


EXPORTS = {
    "tf": {name: globals()[name] for name in (
        "gather_nd", "scatter_nd", "tensor_scatter_nd_update", "tensor_scatter_nd_add",
        "tensor_scatter_nd_sub", "tensor_scatter_nd_max", "tensor_scatter_nd_min",
        "boolean_mask", "slice", "strided_slice", "sort", "argsort", "searchsorted", "unique",
        "unique_with_counts", "unravel_index", "dynamic_partition", "dynamic_stitch",
        "space_to_batch", "space_to_batch_nd", "batch_to_space",
        "required_space_to_batch_paddings", "extract_volume_patches")},
    "nn": {"space_to_batch": space_to_batch, "space_to_depth": space_to_depth,
           "depth_to_space": depth_to_space},
}
