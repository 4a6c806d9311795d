"""Creation and shape manipulation: ``tf.zeros``/``ones``/``fill``/``range``/``*_like``,
``concat``/``stack``/``unstack``/``split``, ``expand_dims``/``squeeze``/``transpose``, ``gather``,
``where`` -- TensorFlow's dtype inference (float32 default, ``range``'s promotion), its
no-promotion rule between inputs and its InvalidArgumentError messages."""
from __future__ import annotations

import builtins

import numpy as np

import ivy
from ivy.core import dtypes as D

from .._shared import native_name
from . import _dtypes as T
from . import _indexing
from ._ops import _TRUEDIV_CAST, _k, broadcastable, kernel, same_dtype
from ._tensor import Tensor, TensorShape, convert, wrap
from ._tensor import native as _native
from .errors import InvalidArgumentError, UnimplementedError, invalid_argument




def _shape(shape) -> tuple:
    if type(shape) is Tensor:
        shape = shape.numpy().tolist()
    if isinstance(shape, (int, np.integer)):
        return (int(shape),)
    return tuple(int(d) for d in shape)


def _fill_shape(shape) -> tuple:
    """``tf.zeros``/``ones``/``fill``'s shape (their kernel is ``Fill``)."""
    dims = _shape(shape)
    for d in dims:
        if d < 0:
            raise invalid_argument(f"Dimension {d} must be >= 0", "Fill")
    return dims


def zeros(shape, dtype=T.BY_NAME["float32"], name=None, layout=None):
    return wrap(ivy.zeros(_fill_shape(shape), dtype=T.name_of(dtype)))


def ones(shape, dtype=T.BY_NAME["float32"], name=None, layout=None):
    return wrap(ivy.ones(_fill_shape(shape), dtype=T.name_of(dtype)))


def fill(dims, value, name=None, layout=None):
    v = _native(value)
    return wrap(ivy.broadcast_to(v, _fill_shape(dims)))


def zeros_like(input, dtype=None, name=None, layout=None):  # noqa: A002
    a = _native(input)
    return wrap(ivy.zeros(tuple(a.shape), dtype=native_name(a) if dtype is None else
                          T.name_of(dtype)))


def ones_like(input, dtype=None, name=None, layout=None):  # noqa: A002
    a = _native(input)
    return wrap(ivy.ones(tuple(a.shape), dtype=native_name(a) if dtype is None else
                         T.name_of(dtype)))


def range(start, limit=None, delta=1, dtype=None, name="range"):  # noqa: A001
    """``tf.range``: the arguments' dtypes promote (int32 < int64 < float32 < float64)."""
    if limit is None:
        start, limit = 0, start
    values = [_native(v) for v in (start, limit, delta)]
    order = ("int32", "int64", "float32", "float64")
    names = [native_name(v) for v in values]
    out = T.name_of(dtype) if dtype is not None else max(names, key=lambda n: order.index(n)
                                                          if n in order else 0)
    host = [float(np.asarray(ivy.to_numpy(v))) for v in values]
    if host[2] == 0:
        raise invalid_argument("Requires delta != 0: 0", "Range")
    if (host[2] > 0 and host[0] > host[1]) or (host[2] < 0 and host[0] < host[1]):
        raise invalid_argument(f"Requires start <= limit when delta > 0: {host[0]:g}/"
                               f"{host[1]:g}" if host[2] > 0 else
                               f"Requires start >= limit when delta < 0: {host[0]:g}/"
                               f"{host[1]:g}", "Range")
    py = int if out.startswith(("int", "uint")) else float
    return wrap(ivy.arange(py(host[0]), py(host[1]), py(host[2]), dtype=out))


def _axis(axis, ndim, op):
    axis = int(axis.numpy()) if type(axis) is Tensor else int(axis)
    if not -ndim <= axis < ndim:
        raise invalid_argument(f"Expected axis in the range [{-ndim}, {ndim}), but got {axis}",
                               op)
    return axis % ndim


def _python_axis(axis, ndim):
    """The axis of ``tf.stack``/``tf.unstack``, checked in Python (ValueError) as TensorFlow."""
    axis = int(axis)
    if not -ndim <= axis < ndim:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-ndim}, {ndim})")
    return axis % ndim


def _same(values, op):
    natives = [_native(v) for v in values]
    for i, v in enumerate(natives[1:], 1):
        same_dtype(op, natives[0], v, index=i)
    return natives


def concat(values, axis, name="concat"):
    """``tf.concat``: one tensor (alone or in a list) is returned as it is, once ``axis`` is
    checked to be a scalar int32."""
    if not isinstance(values, (list, tuple)):
        values = [values]
    natives = _same(values, "ConcatV2")
    if len(natives) == 1:
        axis = convert(axis, "int32")
        if len(axis.shape):
            raise ValueError(f"Shape {TensorShape(tuple(axis.shape))} must have rank 0")
        return wrap(natives[0])
    if not isinstance(axis, (int, np.integer, Tensor)):     # a float is a TypeError, [0] is 0
        axis = int(np.asarray(ivy.to_numpy(convert(axis, "int32"))).reshape(-1)[0])
    ax = _axis(axis, len(natives[0].shape), "ConcatV2")
    try:
        return wrap(kernel("ConcatV2", lambda *xs: ivy.concat(list(xs), axis=ax), *natives))
    except InvalidArgumentError:
        _concat_shapes(natives, ax)
        raise


def _concat_shapes(natives, ax):
    """ConcatV2's shape checks, for its messages (the core has already refused the shapes)."""
    first = natives[0].shape
    for i, v in enumerate(natives[1:], 1):
        if len(v.shape) != len(first):
            raise invalid_argument(f"ConcatOp : Ranks of all input tensors should match: "
                                   f"shape[0] = {_dims(first)} vs. shape[{i}] = "
                                   f"{_dims(v.shape)}", "ConcatV2")
        for d, (m, n) in enumerate(zip(first, v.shape)):
            if d != ax and m != n:
                raise invalid_argument(f"ConcatOp : Dimension {d} in both shapes must be "
                                       f"equal: shape[0] = {_dims(first)} vs. shape[{i}] = "
                                       f"{_dims(v.shape)}", "ConcatV2")


def stack(values, axis=0, name="stack"):
    if not all(type(v) is Tensor for v in values):
        hint = next((native_name(v._data) for v in values if type(v) is Tensor), None)
        if hint is None:        # Python values only: one tf.constant of the list
            return wrap(convert(list(values)) if axis == 0 else
                        ivy.moveaxis(convert(list(values)), 0, axis))
        values = [v if type(v) is Tensor else wrap(convert(v, hint)) for v in values]
    ax = _python_axis(axis, len(_native(values[0]).shape) + 1)
    natives = _same(values, "Pack")
    for i, v in enumerate(natives[1:], 1):
        if tuple(v.shape) != tuple(natives[0].shape):
            raise invalid_argument(f"Shapes of all inputs must match: values[0].shape = "
                                   f"{_dims(natives[0].shape)} != values[{i}].shape = "
                                   f"{_dims(v.shape)}", "Pack")
    return wrap(kernel("Pack", lambda *xs: ivy.stack(list(xs), axis=ax), *natives))


def unstack(value, num=None, axis=0, name="unstack"):
    a = _native(value)
    ax = _python_axis(axis, len(a.shape))
    return [wrap(ivy.take(a, ivy.asarray(i), axis=ax)) for i in builtins.range(a.shape[ax])]


def split(value, num_or_size_splits, axis=0, num=None, name="split"):
    a = _native(value)
    ax = _axis(axis, len(a.shape), "Split")
    size = a.shape[ax]
    if isinstance(num_or_size_splits, (int, np.integer)):
        n = int(num_or_size_splits)
        if n <= 0 or size % n:
            raise invalid_argument(f"Number of ways to split should evenly divide the split "
                                   f"dimension, but got split_dim {ax} (size = {size}) and "
                                   f"num_split {n}", "Split")
        sizes = [size // n] * n
    else:
        sizes = [int(s) for s in (num_or_size_splits.numpy() if type(num_or_size_splits) is
                                  Tensor else num_or_size_splits)]
        if -1 in sizes:
            sizes[sizes.index(-1)] = size - (sum(sizes) + 1)
        if sum(sizes) != size:
            raise invalid_argument(f"Determined shape must either match input shape along "
                                   f"split_dim exactly if fully specified, or be less than the "
                                   f"size of the input along split_dim if not fully specified. "
                                   f"Got: {sum(sizes)}", "SplitV")
    out, start = [], 0
    for s in sizes:
        index = [slice(None)] * len(a.shape)
        index[ax] = slice(start, start + s)
        out.append(wrap(a[tuple(index)]))
        start += s
    return out


def expand_dims(input, axis, name=None):  # noqa: A002
    a = _native(input)
    nd = len(a.shape)
    if not -nd - 1 <= int(axis) <= nd:
        raise invalid_argument(f"Tried to expand dim index {int(axis)} for tensor with {nd} "
                               f"dimensions.", "ExpandDims")
    ax = _axis(axis, nd + 1, "ExpandDims")
    return wrap(ivy.expand_dims(a, axis=ax))


def squeeze(input, axis=None, name=None):  # noqa: A002
    a = _native(input)
    shape = tuple(a.shape)
    if axis is None:
        return wrap(ivy.reshape(a, tuple(s for s in shape if s != 1)))
    axes = [axis] if isinstance(axis, (int, np.integer)) else list(axis)
    dims = []
    for d in axes:
        d = int(d)
        if not -len(shape) <= d < len(shape):
            raise invalid_argument(f"Tried to squeeze dim index {d} for tensor with "
                                   f"{len(shape)} dimensions.", "Squeeze")
        d %= len(shape)
        if shape[d] != 1:
            raise invalid_argument(f"Can not squeeze dim[{d}], expected a dimension of 1, got "
                                   f"{shape[d]}", "Squeeze")
        dims.append(d)
    return wrap(ivy.reshape(a, tuple(s for i, s in enumerate(shape) if i not in dims)))


def transpose(a, perm=None, conjugate=False, name="transpose"):
    x = _native(a)
    nd = len(x.shape)
    perm = tuple(builtins.range(nd))[::-1] if perm is None else tuple(
        int(p) for p in (perm.numpy() if type(perm) is Tensor else perm))
    if len(perm) == nd and sorted(p % max(nd, 1) for p in perm) != list(builtins.range(nd)):
        missing = next(d for d in builtins.range(nd) if d not in perm)
        raise invalid_argument(f"{missing} is missing from {{{','.join(map(str, perm))}}}.",
                               "Transpose")
    if len(perm) != nd:
        raise invalid_argument(f"transpose expects a vector of size {nd}. But input(1) is a "
                               f"vector of size {len(perm)}", "Transpose")
    y = ivy.permute_dims(x, perm)
    return wrap(ivy.conj(y) if conjugate and native_name(y).startswith("complex") else y)


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    p, i = _native(params), _native(indices)
    if native_name(i) not in ("int32", "int64", "int16", "uint8", "uint16", "int8"):
        raise invalid_argument(f"Value for attr 'Tindices' of {_k(native_name(i))} is not in "
                               f"the list of allowed values: int16, int32, int64", "GatherV2")
    b = int(batch_dims)
    b = b + len(i.shape) if b < 0 else b
    if b and (b >= len(p.shape) or b > len(i.shape)):
        raise invalid_argument(f"Shape must be at least rank {b + 1} but is rank "
                               f"{len(p.shape)}", "GatherV2")
    ax = _axis(int(batch_dims) if axis is None else axis, max(len(p.shape), 1), "GatherV2")
    if ax < b:
        raise invalid_argument(f"batch_dims ({b}) must be less than or equal to axis ({ax}).",
                               "GatherV2")
    for d in builtins.range(b):
        if p.shape[d] != i.shape[d]:
            raise invalid_argument(f"params.shape[{d}]: {p.shape[d]} should be equal to "
                                   f"indices.shape[{d}]: {i.shape[d]}", "GatherV2")
    size = p.shape[ax] if len(p.shape) else 1
    host = np.asarray(ivy.to_numpy(i))
    bad = np.flatnonzero((host < 0) | (host >= size))
    if bad.size:
        k = int(bad[0])
        raise invalid_argument(f"indices[{k}] = {host.reshape(-1)[k]} is not in [0, {size})",
                               "GatherV2")
    i = ivy.astype(i, "int64")
    return wrap(_gather_batched(p, i, ax, b) if b else ivy.take(p, i, axis=ax))


def _gather_batched(p, i, ax, b):
    """``tf.gather`` with ``b`` batch dims: one take per batch row, vectorized as an advanced
    index (batch row, index) on params with the gathered axis moved next to the batch."""
    ps, js = tuple(p.shape), tuple(i.shape[b:])
    n = int(np.prod(ps[:b]))
    flat = ivy.moveaxis(ivy.reshape(p, (n,) + ps[b:]), ax - b + 1, 1)
    rows = ivy.reshape(ivy.arange(n, dtype="int64"), (n,) + (1,) * len(js))
    got = ivy.get_item(flat, (rows, ivy.reshape(i, (n,) + js)))   # (n, js, pre, post)
    pre = ax - b
    perm = (0,) + tuple(builtins.range(1 + len(js), 1 + len(js) + pre)) + \
        tuple(builtins.range(1, 1 + len(js))) + \
        tuple(builtins.range(1 + len(js) + pre, len(got.shape)))
    return ivy.reshape(ivy.permute_dims(got, perm), ps[:ax] + js + ps[ax + 1:])


def where(condition, x=None, y=None, name=None):
    """``tf.where``: the true coordinates (int64, shape (n, ndim)), or a choice between x and y
    (same dtype, broadcast)."""
    c = _native(condition)
    if x is None and y is None:
        if native_name(c) != "bool":
            c = ivy.not_equal(c, 0)
        return wrap(ivy.astype(ivy.stack(list(ivy.nonzero(c)), axis=-1), "int64")
                    if len(c.shape) else ivy.zeros((int(bool(ivy.to_numpy(c))), 0),
                                                   dtype="int64"))
    if x is None or y is None:
        raise ValueError("x and y must both be non-None or both be None.")
    a = x._data if type(x) is Tensor else None
    b = y._data if type(y) is Tensor else None
    if a is None and b is None:
        a = convert(x)
    a = a if a is not None else convert(x, native_name(b))
    b = b if b is not None else convert(y, native_name(a))
    same_dtype("SelectV2", a, b, index=2)
    if native_name(c) != "bool":
        raise invalid_argument(f"cannot compute SelectV2 as input #0(zero-based) was expected "
                               f"to be a bool tensor but is a {_k(native_name(c))} tensor",
                               "SelectV2")
    try:
        return wrap(kernel("SelectV2", ivy.where, c, a, b))
    except InvalidArgumentError:
        broadcastable("SelectV2", f"condition {_dims(c.shape)}, then {_dims(a.shape)}, and "
                       f"else {_dims(b.shape)} must be broadcastable", c.shape, a.shape, b.shape)
        raise


# ---- padding, tiling, one-hot, shapes -----------------------------------------------------------

def _hinted(x, hint):
    if type(x) is Tensor:
        return x._data
    try:
        return convert(x, hint)
    except (TypeError, ValueError):
        return convert(x)


def _index_arg(value, op, attr, hint="int32"):
    """An int32/int64 argument (paddings, multiples, shape, ...) and its host values."""
    a = ivy.zeros((0,), dtype=hint) if isinstance(value, (list, tuple)) and not value else \
        _hinted(value, hint)
    n = native_name(a)
    if n not in ("int32", "int64"):
        raise invalid_argument(f"Value for attr '{attr}' of {_k(n)} is not in the list of "
                               f"allowed values: int32, int64", op)
    return a, np.asarray(ivy.to_numpy(a)).astype(np.int64)


def _dims(shape):
    return "[" + ",".join(str(int(d)) for d in shape) + "]"


_PAD_MODES = {"CONSTANT": "constant", "REFLECT": "reflect", "SYMMETRIC": "symmetric"}


def pad(tensor, paddings, mode="CONSTANT", constant_values=0, name=None):
    """``tf.pad``: constant (``constant_values`` converted to the tensor's dtype), reflect or
    symmetric (mirror widths bounded by the dimension)."""
    m = _PAD_MODES.get(str(mode).upper())
    if m is None:
        raise ValueError(f'Value of argument `mode` expected to be one of "CONSTANT", '
                         f'"REFLECT", or "SYMMETRIC". Received `mode` = {mode}')
    x = _native(tensor)
    op = "Pad" if m == "constant" else "MirrorPad"
    p, host = _index_arg(paddings, op, "Tpaddings")
    shape = tuple(x.shape)
    if host.shape != (len(shape), 2):
        raise invalid_argument(f"The first dimension of paddings must be the rank of inputs"
                               f"{_dims(host.shape)} {_dims(shape)}", op)
    for (a, b), d in zip(host.tolist(), shape):
        if a < 0 or b < 0:
            raise invalid_argument(f"Paddings must be non-negative: {a} {b}", op)
        if m == "reflect" and (a >= d or b >= d):
            raise invalid_argument(f"paddings must be less than the dimension size: {a}, {b} not "
                                   f"less than {d}", op)
        if m == "symmetric" and (a > d or b > d):
            raise invalid_argument(f"paddings must be no greater than the dimension size: {a}, "
                                   f"{b} greater than {d}", op)
    width = tuple((int(a), int(b)) for a, b in host.tolist())
    if m != "constant":
        return wrap(kernel(op, lambda a: _indexing.unsigned_fallback(
            lambda c: ivy.pad(c, width, mode=m), a), x)) if shape else wrap(x)
    if type(constant_values) is not Tensor and np.ndim(constant_values) == 0 and \
            constant_values == 0:       # a Python/numpy zero: the Pad op (zeros, any dtype)
        v = ivy.zeros((), dtype=native_name(x))
    else:
        v = constant_values._data if type(constant_values) is Tensor else \
            convert(constant_values, native_name(x))
    same_dtype("PadV2", x, v, index=2)
    return wrap(_indexing.pad_constant(x, width, ivy.reshape(v, ())))


def _no_tile_kernel(x, op="Tile"):
    if native_name(x) == "uint16":
        raise UnimplementedError(None, op, f"TileOp : The input data type is not supported, "
                                           f"DataType : uint16, Dimension : {len(x.shape)} "
                                           f"[Op:{op}]")


def tile(input, multiples, name=None):  # noqa: A002
    x = _native(input)
    _, mult = _index_arg(multiples, "Tile", "Tmultiples")
    mult = mult.reshape(-1).tolist()
    if len(mult) != len(x.shape):
        raise invalid_argument(f"Expected multiples argument to be a vector of length "
                               f"{len(x.shape)} but got length {len(mult)}", "Tile")
    for k, v in enumerate(mult):
        if v < 0:
            raise invalid_argument(f"Expected multiples[{k}] >= 0, but got {v}", "Tile")
    _no_tile_kernel(x)
    return wrap(ivy.tile(x, tuple(mult)) if mult else x)


def _scalar_value(value, dtype):
    return None if value is None else value._data if type(value) is Tensor else \
        _hinted(value, dtype) if dtype is not None else convert(value)


def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None):
    """``tf.one_hot``: the output dtype is ``dtype``, else on_value's/off_value's, else
    float32; indices outside ``[0, depth)`` give rows of ``off_value``."""
    i = _native(indices)
    n = native_name(i)
    if n not in ("uint8", "int8", "int32", "int64"):
        raise invalid_argument(f"Value for attr 'TI' of {_k(n)} is not in the list of allowed "
                               f"values: uint8, int8, int32, int64", "OneHot")
    want = None if dtype is None else T.name_of(dtype)
    on, off = _scalar_value(on_value, want), _scalar_value(off_value, want)
    if on is not None and off is not None and native_name(on) != native_name(off):
        raise TypeError(f"dtype {T.BY_NAME[native_name(on)]} of on_value does not match dtype "
                        f"{T.BY_NAME[native_name(off)]} of off_value")
    for v, label in ((on, "on_value"), (off, "off_value")):
        if v is not None and want is not None and native_name(v) != want:
            raise TypeError(f"dtype {T.BY_NAME[native_name(v)]} of {label} does not match dtype "
                            f"parameter {T.BY_NAME[want]}")
    out = want or next((native_name(v) for v in (on, off) if v is not None), "float32")
    on = convert(1, out) if on is None else on
    off = convert(0, out) if off is None else off
    d = int(np.asarray(ivy.to_numpy(convert(depth, "int32"))))
    if d < 0:
        raise invalid_argument(f"depth must be non-negative, got: {d}", "OneHot")
    nd = len(i.shape)
    ax = -1 if axis is None else int(axis)
    if not (ax == -1 or 0 <= ax <= nd):
        raise invalid_argument(f"Expected axis to be -1 or between [0, {nd + 1}).  But "
                               f"received: {ax}", "OneHot")
    hit = ivy.equal(ivy.expand_dims(ivy.astype(i, "int64"), axis=-1),
                    ivy.arange(d, dtype="int64"))
    y = ivy.where(hit, ivy.reshape(on, ()), ivy.reshape(off, ()))
    return wrap(y if ax in (-1, nd) else ivy.moveaxis(y, -1, ax))


def sequence_mask(lengths, maxlen=None, dtype=T.BY_NAME["bool"], name=None):
    """``tf.sequence_mask``: ``range(maxlen) < lengths[..., None]`` in maxlen's dtype (default:
    the lengths' maximum)."""
    L = _native(lengths)
    if maxlen is None:
        m = ivy.max(L) if int(np.prod(L.shape)) else ivy.zeros((), dtype=native_name(L))
    else:
        m = _native(maxlen)
    mn = native_name(m)
    top = np.asarray(ivy.to_numpy(m)).item()
    if top < 0:
        raise invalid_argument(f"Requires start <= limit when delta > 0: 0/{top:g}", "Range")
    row = ivy.arange(top, dtype=mn)
    mask = ivy.less(row, ivy.expand_dims(ivy.astype(L, mn), axis=-1))
    out = T.name_of(dtype)
    return wrap(mask if out == "bool" else ivy.astype(mask, out))


def _count(n, out):
    return wrap(ivy.astype(ivy.asarray(n, dtype="int64"), out))


def size(input, out_type=None, name=None):  # noqa: A002
    a = _native(input)
    return _count(int(np.prod(a.shape)), "int32" if out_type is None else T.name_of(out_type))


def rank(input, name=None):  # noqa: A002
    return _count(len(_native(input).shape), "int32")


def shape_n(input, out_type=T.BY_NAME["int32"], name=None):  # noqa: A002
    natives = _same(input, "ShapeN")
    out = T.name_of(out_type)
    if out not in ("int32", "int64"):
        raise invalid_argument(f"Value for attr 'out_type' of {_k(out)} is not in the list of "
                               f"allowed values: int32, int64", "ShapeN")
    return [wrap(ivy.asarray(np.asarray(tuple(a.shape), dtype=out))) for a in natives]


def broadcast_to(input, shape, name=None):  # noqa: A002
    x = _native(input)
    _, host = _index_arg(shape, "BroadcastTo", "Tidx")
    target = tuple(int(d) for d in host.reshape(-1))
    if len(x.shape) > len(target):
        raise invalid_argument(f"Rank of input ({len(x.shape)}) must be no greater than rank of "
                               f"output shape ({len(target)}).", "BroadcastTo")
    for have, want in zip(tuple(x.shape)[::-1], target[::-1]):
        if have not in (1, want):
            raise invalid_argument(f"Incompatible shapes: {_dims(x.shape)} vs. "
                                   f"{_dims(target)}", "BroadcastTo")
    return wrap(ivy.broadcast_to(x, target))


def _broadcast_dims(a, b):
    """The broadcast of two dim tuples (None: unknown), or None if incompatible."""
    out = []
    for k in builtins.range(1, max(len(a), len(b)) + 1):
        x = a[-k] if k <= len(a) else 1
        y = b[-k] if k <= len(b) else 1
        if x == 1 or x == y:
            out.append(y)
        elif y == 1:
            out.append(x)
        elif x is None or y is None:
            out.append(x if y is None else y)
        else:
            return None
    return tuple(out[::-1])


def broadcast_dynamic_shape(shape_x, shape_y):
    a = _native(shape_x)
    b = _hinted(shape_y, native_name(a))
    n = same_dtype("BroadcastArgs", a, b)
    x, y = (tuple(int(d) for d in np.asarray(ivy.to_numpy(v)).reshape(-1)) for v in (a, b))
    out = _broadcast_dims(x, y)
    if out is None:
        raise invalid_argument(f"Incompatible shapes: {_dims(x)} vs. {_dims(y)}",
                               "BroadcastArgs")
    return wrap(ivy.asarray(np.asarray(out, dtype=np.int64).reshape(len(out)), dtype=n))


def broadcast_static_shape(shape_x, shape_y):
    if shape_x.ndims is None or shape_y.ndims is None:
        return TensorShape(None)
    out = _broadcast_dims(tuple(shape_x), tuple(shape_y))
    if out is None:
        raise ValueError(f"Incompatible shapes for broadcasting. Two shapes are compatible if "
                         f"for each dimension pair they are either equal or one of them is 1. "
                         f"Received: {shape_x} and {shape_y}.")
    return TensorShape(out)


def meshgrid(*args, **kwargs):
    indexing = kwargs.pop("indexing", "xy")
    kwargs.pop("name", None)
    if kwargs:
        raise TypeError(f"'{next(iter(kwargs))}' is an invalid keyword argument for this "
                        f"function")
    if indexing not in ("xy", "ij"):
        raise ValueError(f"Argument `indexing` parameter must be either 'xy' or 'ij', got "
                         f"'{indexing}'")
    if not args:
        return []
    xs = [ivy.reshape(v, (-1,)) for v in _same(args, "Mul")]
    return [wrap(g) for g in ivy.meshgrid(*xs, indexing=indexing)]


def linspace(start, stop, num, name=None, axis=0):
    """``tf.linspace``: integer ends compute in float64; ``start``/``stop`` broadcast and the
    samples lie along ``axis``; computed as ``start + k * (stop - start) / (num - 1)`` with
    both ends exact."""
    s = _native(start)
    try:
        e = convert(stop, native_name(s))
    except ValueError as err:
        raise ValueError(f"stop: {err}") from None
    n = native_name(s)
    if n == "bool":
        raise invalid_argument("Value for attr 'T' of bool is not in the list of allowed "
                               "values: bfloat16, half, float, double, uint8, int8, uint16, "
                               "int16, int32, int64, complex64, complex128", "LinSpace")
    if type(num) is Tensor:
        if native_name(num._data) not in ("int8", "int16", "int32", "int64", "uint8", "uint16",
                                          "uint32", "uint64"):
            raise TypeError(f"Argument `tensor` (name: num) must be of type integer. Received "
                            f"`tensor` = {num.numpy()} of dtype: {num.dtype}")
        count = int(num.numpy())
    elif isinstance(num, (int, np.integer)) and not isinstance(num, bool):
        count = int(num)
    else:
        raise TypeError(f"Argument `tensor` (name: num) must be of type integer. Received "
                        f"`tensor` = {num} of dtype: {T.BY_NAME[native_name(convert(num))]}")
    if count < 0:
        raise invalid_argument(f"Requires start <= limit when delta > 0: 1/{count - 1}",
                               "Range")
    if n in D.INTEGRAL:         # integers compute as truediv does: float32 or float64
        n = _TRUEDIV_CAST[n]
        s, e = ivy.astype(s, n), ivy.astype(e, n)
    s, e = ivy.broadcast_arrays(s, e)
    ax = _axis(axis, len(s.shape) + 1, "ConcatV2")
    s, e = ivy.expand_dims(s, axis=ax), ivy.expand_dims(e, axis=ax)
    delta = ivy.divide(ivy.subtract(e, s), ivy.asarray(max(count - 1, 1), dtype=n))
    shape = [1] * len(s.shape)
    shape[ax] = max(count - 2, 0)
    steps = ivy.reshape(ivy.astype(ivy.arange(1, max(count - 1, 1), dtype="int64"), n),
                        tuple(shape))
    full = ivy.concat([s, ivy.add(s, ivy.multiply(steps, delta)), e], axis=ax)
    key = [builtins.slice(None)] * len(full.shape)
    key[ax] = builtins.slice(0, count)
    return wrap(ivy.get_item(full, tuple(key)))


# ---- reversing, rolling, repeating --------------------------------------------------------------

def reverse(tensor, axis, name=None):
    x = _native(tensor)
    a, host = _index_arg(axis, "ReverseV2", "Tidx")
    if len(host.shape) != 1:
        raise invalid_argument(f"'dims' must be 1-dimension, not {len(host.shape)}",
                               "ReverseV2")
    nd, axes = len(x.shape), []
    for k, d in enumerate(host.tolist()):
        if not -nd <= d < nd:
            raise invalid_argument(f"'axis'[{k}] = {d} is out of valid range [0, {nd - 1}",
                                   "ReverseV2")
        if d % nd in axes:
            raise invalid_argument(f"axis {d % nd} specified more than once.", "ReverseV2")
        axes.append(d % nd)
    return wrap(ivy.flip(x, axis=tuple(axes)) if axes else x)


def reverse_sequence(input, seq_lengths, seq_axis=None, batch_axis=None,  # noqa: A002
                     name=None):
    if seq_axis is None:
        raise TypeError("Expected int for argument 'seq_dim' not None.")
    x = _native(input)
    L, host = _index_arg(seq_lengths, "ReverseSequence", "Tlen")
    shape, nd = tuple(x.shape), len(x.shape)
    sa, ba = int(seq_axis), 0 if batch_axis is None else int(batch_axis)
    sa, ba = sa + nd if sa < 0 else sa, ba + nd if ba < 0 else ba
    op = "ReverseSequence"
    if sa == ba:
        raise invalid_argument(f"batch_dim == seq_dim == {sa}", op)
    if not (0 <= sa < nd and 0 <= ba < nd):
        raise invalid_argument(f"Invalid seq_dim {sa} or batch_dim {ba} for input of rank {nd}",
                               op)
    if host.reshape(-1).size != shape[ba]:
        raise invalid_argument(f"Length of seq_lengths != input.dims({ba}), ({host.size} vs. "
                               f"{shape[ba]})", op)
    for k, v in enumerate(host.reshape(-1).tolist()):
        if v < 0:
            raise invalid_argument(f"seq_lens({k}) < 0", op)
        if v > shape[sa]:
            raise invalid_argument(f"seq_lens({k}) > input.dims({sa})", op)
    j_shape, l_shape = [1] * nd, [1] * nd
    j_shape[sa], l_shape[ba] = shape[sa], shape[ba]
    j = ivy.reshape(ivy.arange(shape[sa], dtype="int64"), tuple(j_shape))
    length = ivy.reshape(ivy.astype(L, "int64"), tuple(l_shape))
    src = ivy.where(ivy.less(j, length), ivy.subtract(ivy.subtract(length, 1), j), j)
    return wrap(ivy.take_along_axis(x, ivy.broadcast_to(src, shape), axis=sa))


def roll(input, shift, axis, name=None):  # noqa: A002
    x = _native(input)
    _, shifts = _index_arg(shift, "Roll", "Tshift")
    _, axes = _index_arg(axis, "Roll", "Taxis")
    if shifts.reshape(-1).size != axes.reshape(-1).size or shifts.ndim != axes.ndim:
        raise invalid_argument("shift and axis must have the same size", "Roll")
    nd, total = len(x.shape), {}
    for s, a in zip(shifts.reshape(-1).tolist(), axes.reshape(-1).tolist()):
        if not -nd <= a < nd:
            raise invalid_argument(f"axis {a} is out of range", "Roll")
        total[a % nd] = total.get(a % nd, 0) + s
    if not total:
        return wrap(x)
    return wrap(ivy.roll(x, shift=tuple(total.values()), axis=tuple(total)))


def repeat(input, repeats, axis=None, name=None):  # noqa: A002
    x = _native(input)
    r = _native(repeats)
    if native_name(r) not in D.INTEGRAL:
        raise TypeError(f"Argument `tensor` (name: repeats) must be of type integer. Received "
                        f"`tensor` = {np.asarray(ivy.to_numpy(r))} of dtype: "
                        f"{T.BY_NAME[native_name(r)]}")
    if axis is None:
        x, ax = ivy.reshape(x, (-1,)), 0
    else:
        nd = len(x.shape)
        ax = int(axis)
        if not -nd <= ax < nd:
            raise ValueError(f"axis={ax} out of bounds: expected {-nd}<=axis<{nd}")
        ax %= nd
    host = np.asarray(ivy.to_numpy(r)).astype(np.int64)
    if host.ndim == 0:
        if host < 0:
            raise invalid_argument(f"Expected multiples[{ax + 1}] >= 0, but got {int(host)}",
                                   "Tile")
        _no_tile_kernel(x)
        return wrap(ivy.repeat(x, int(host), axis=ax))
    if host.ndim > 1:
        raise ValueError(f"Shape {host.shape} must have rank at most 1")
    if host.size != x.shape[ax] and host.size != 1:
        raise ValueError(f"Dimensions {x.shape[ax]} and {host.size} are not compatible")
    _no_tile_kernel(x)
    counts = np.broadcast_to(np.maximum(host, 0), (x.shape[ax],))
    return wrap(ivy.repeat(x, ivy.asarray(np.ascontiguousarray(counts)), axis=ax))


# ---- identities and assertions ------------------------------------------------------------------

def identity_n(input, name=None):  # noqa: A002
    if type(input) is Tensor:
        return list(input)
    return [v if type(v) is Tensor else wrap(convert(v)) for v in input]


def ensure_shape(x, shape, name=None):
    a = _native(x)
    want = TensorShape(shape)
    have = tuple(a.shape)
    if want.rank is not None and (len(have) != want.rank or any(
            w is not None and w != h for h, w in zip(have, want.as_list()))):
        spec = ",".join("?" if w is None else str(w) for w in want.as_list())
        raise invalid_argument(f"Shape of tensor input {_dims(have)} is not compatible with "
                               f"expected shape [{spec}].", "EnsureShape")
    return x if type(x) is Tensor else wrap(a)


def parallel_stack(values, name="parallel_stack"):
    raise RuntimeError("tf.parallel_stack() is not compatible with eager execution.")


EXPORTS = {"tf": {name: globals()[name] for name in (
    "zeros", "ones", "fill", "zeros_like", "ones_like", "range", "concat", "stack", "unstack",
    "split", "expand_dims", "squeeze", "transpose", "gather", "where", "pad", "tile", "one_hot",
    "sequence_mask", "size", "rank", "shape_n", "broadcast_to", "broadcast_dynamic_shape",
    "broadcast_static_shape", "meshgrid", "linspace", "reverse", "reverse_sequence", "roll",
    "repeat", "identity_n", "ensure_shape", "parallel_stack")}}
