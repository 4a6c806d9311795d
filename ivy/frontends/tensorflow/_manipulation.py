"""Creation and shape manipulation: ``tf.zeros``/``ones``/``fill``/``range``/``*_like``,
``concat``/``stack``/``unstack``/``split``, ``expand_dims``/``squeeze``/``transpose``, ``gather``,
``where`` -- TensorFlow's dtype inference (float32 default, ``range``'s promotion), its
no-promotion rule between inputs and its InvalidArgumentError messages."""
from __future__ import annotations

import builtins

import numpy as np

import ivy

from .._shared import native_name
from . import _dtypes as T
from ._ops import _k, kernel, same_dtype
from ._tensor import Tensor, convert, wrap
from .errors import invalid_argument


def _native(x):
    return x._data if type(x) is Tensor else convert(x)


def _shape(shape) -> tuple:
    if type(shape) is Tensor:
        shape = shape.numpy().tolist()
    if isinstance(shape, (int, np.integer)):
        return (int(shape),)
    return tuple(int(d) for d in shape)


def zeros(shape, dtype=T.BY_NAME["float32"], layout=None, name=None):
    return wrap(ivy.zeros(_shape(shape), dtype=T.name_of(dtype)))


def ones(shape, dtype=T.BY_NAME["float32"], layout=None, name=None):
    return wrap(ivy.ones(_shape(shape), dtype=T.name_of(dtype)))


def fill(dims, value, name=None, layout=None):
    v = _native(value)
    return wrap(ivy.broadcast_to(v, _shape(dims)))


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


def _same(values, op):
    natives = [_native(v) for v in values]
    for i, v in enumerate(natives[1:], 1):
        same_dtype(op, natives[0], v, index=i)
    return natives


def concat(values, axis, name="concat"):
    natives = _same(values, "ConcatV2")
    if len(natives) == 1:
        return wrap(natives[0])
    ax = _axis(axis, len(natives[0].shape), "ConcatV2")
    return wrap(kernel("ConcatV2", lambda *xs: ivy.concat(list(xs), axis=ax), *natives))


def stack(values, axis=0, name="stack"):
    if not all(type(v) is Tensor for v in values):
        hint = next((native_name(v._data) for v in values if type(v) is Tensor), None)
        if hint is None:        # Python values only: one tf.constant of the list
            return wrap(convert(list(values)) if axis == 0 else
                        ivy.moveaxis(convert(list(values)), 0, axis))
        values = [v if type(v) is Tensor else wrap(convert(v, hint)) for v in values]
    natives = _same(values, "Pack")
    ndim = len(natives[0].shape) + 1
    ax = _axis(axis, ndim, "Pack")
    return wrap(kernel("Pack", lambda *xs: ivy.stack(list(xs), axis=ax), *natives))


def unstack(value, num=None, axis=0, name="unstack"):
    a = _native(value)
    ax = _axis(axis, len(a.shape), "Unpack")
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
    ax = _axis(axis, len(a.shape) + 1, "ExpandDims")
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
    if sorted(p % max(nd, 1) for p in perm) != list(builtins.range(nd)) or len(perm) != nd:
        raise invalid_argument(f"transpose expects a vector of size {nd}. But input(1) is a "
                               f"vector of size {len(perm)}", "Transpose")
    y = ivy.permute_dims(x, perm)
    return wrap(ivy.conj(y) if conjugate and native_name(y).startswith("complex") else y)


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    if batch_dims:
        raise NotImplementedError("tf.gather: batch_dims is not supported by ivy's tensorflow "
                                  "frontend yet")
    p, i = _native(params), _native(indices)
    if native_name(i) not in ("int32", "int64", "int16", "uint8", "uint16", "int8"):
        raise invalid_argument(f"Value for attr 'Tindices' of {_k(native_name(i))} is not in "
                               f"the list of allowed values: int16, int32, int64", "GatherV2")
    ax = _axis(0 if axis is None else axis, max(len(p.shape), 1), "GatherV2")
    size = p.shape[ax]
    host = np.asarray(ivy.to_numpy(i))
    bad = np.flatnonzero((host < 0) | (host >= size))
    if bad.size:
        k = int(bad[0])
        raise invalid_argument(f"indices[{k}] = {host.reshape(-1)[k]} is not in [0, {size})",
                               "GatherV2")
    return wrap(ivy.take(p, ivy.astype(i, "int64"), axis=ax))


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
    return wrap(kernel("SelectV2", ivy.where, c, a, b))


EXPORTS = {"tf": {name: globals()[name] for name in (
    "zeros", "ones", "fill", "zeros_like", "ones_like", "range", "concat", "stack", "unstack",
    "split", "expand_dims", "squeeze", "transpose", "gather", "where")}}
