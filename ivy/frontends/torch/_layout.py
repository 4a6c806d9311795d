"""Joining/splitting helpers, strided layouts (``as_strided``, ``stride()``, ``*_scatter``), the
``*_copy`` variants, in-place metadata changes (``t_``, ``squeeze_``...) and Tensor members.

Layouts are torch's (shape, strides, storage offset). On jax/tensorflow a view's layout is exact
(``_tensor.layout``); on numpy/torch the native arrays hold the real strides, which the core does
not expose yet, so there a plain tensor reports contiguous strides (a documented gap).
"""
from __future__ import annotations

import gc
import math
import sys
import warnings

import numpy as np

import ivy

from . import _dtypes as T
from ._creation import _created, _dtype_name, _native_device
from ._manipulation import _indexed, _reshaped, _shape_arg, split, transpose
from ._ops import _finish, _tensor_arg, assign, cast, shape_errors
from ._tensor import (Tensor, _View, _axis, _contiguous_strides, _make_view, _wrap, bump_version,
                      emulated, immutable, layout, set_data)


def _torch():
    return sys.modules[__package__]


def _tensors(tensors, fn):
    if isinstance(tensors, Tensor) or not isinstance(tensors, (list, tuple)):
        raise TypeError(f"{fn}(): argument 'tensors' (position 1) must be tuple of Tensors, not "
                        f"{type(tensors).__name__}")
    return tensors


# ---- joining ----------------------------------------------------------------------------------
def _atleast(nd):
    def one(t):
        a = _tensor_arg(t, f"atleast_{nd}d")
        shape = ivy.shape(a)
        if len(shape) >= nd:
            return t
        if nd == 3 and len(shape) == 2:
            new = shape + (1,)
        elif nd == 3 and len(shape) == 1:
            new = (1,) + shape + (1,)
        else:
            new = (1,) * (nd - len(shape)) + shape
        return _reshaped(t, ivy.reshape(a, new))

    def fn(*tensors):
        if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
            return tuple(one(t) for t in tensors[0])
        if len(tensors) == 1:
            return one(tensors[0])
        return tuple(one(t) for t in tensors)
    fn.__name__ = fn.__qualname__ = f"atleast_{nd}d"
    return fn


atleast_1d, atleast_2d, atleast_3d = _atleast(1), _atleast(2), _atleast(3)


def _joined(fn, nd, dim):
    def stack_fn(tensors, *, out=None):
        parts = [_atleast(nd)(t) for t in _tensors(tensors, fn)]
        d = dim if dim != "h" else (0 if parts and parts[0].dim() == 1 else 1)
        try:
            return _torch().cat(parts, d, out=out)
        except (ivy.IvyValueError, ivy.IvyTypeError) as e:    # cat leaves these unmapped (reported)
            raise RuntimeError(str(e)) from e
    stack_fn.__name__ = stack_fn.__qualname__ = fn
    return stack_fn


hstack, vstack, dstack = _joined("hstack", 1, "h"), _joined("vstack", 2, 0), _joined("dstack", 3, 2)
row_stack = vstack


def column_stack(tensors, *, out=None):
    cols = []
    for t in _tensors(tensors, "column_stack"):
        a = _tensor_arg(t, "column_stack")
        cols.append(_wrap(ivy.reshape(a, (-1, 1))) if len(ivy.shape(a)) <= 1 else t)
    return hstack(cols, out=out)


# ---- splitting --------------------------------------------------------------------------------
def _at(t, a, d, start, stop):
    return _indexed(t, a, (slice(None),) * d + (slice(start, stop),))


def tensor_split(input, indices_or_sections, dim=0):
    a = _tensor_arg(input, "tensor_split")
    shape = ivy.shape(a)
    if not shape:
        raise RuntimeError(f"tensor_split expected at least a 1-dimensional tensor, but got a "
                           f"tensor with 0 dims")
    d = _axis(dim, len(shape))
    n = shape[d]
    spec = indices_or_sections
    if isinstance(spec, Tensor):
        sa = spec._data
        if ivy.dtype(sa) != "int64":
            raise RuntimeError(f"tensor_split expected tensor_indices_or_sections to have dtype of "
                               f"long, but got {spec.dtype}")
        if len(ivy.shape(sa)) > 1:
            raise RuntimeError(f"tensor_split expected tensor_indices_or_sections to be a zero-"
                               f"dimensional or one-dimensional tensor, but got a tensor with "
                               f"{len(ivy.shape(sa))} dims")
        spec = spec.item() if not ivy.shape(sa) else spec.tolist()
    if isinstance(spec, int) and not isinstance(spec, bool):
        if spec <= 0:
            raise RuntimeError(f"number of sections must be larger than 0, got {spec}")
        size, extra = divmod(n, spec)
        bounds = [0]
        for i in range(spec):
            bounds.append(bounds[-1] + size + (i < extra))
    elif isinstance(spec, (list, tuple)):
        bounds = [0] + [int(i) for i in spec] + [n]
    else:
        raise TypeError(f"tensor_split() received an invalid combination of arguments - got "
                        f"(Tensor, {type(spec).__name__})")
    clamp = lambda i: max(0, min(i + n if i < 0 else i, n))   # noqa: E731
    return tuple(_at(input, a, d, clamp(lo), clamp(hi)) for lo, hi in zip(bounds, bounds[1:]))


def _split_along(fn, min_dims, dim):
    def split_fn(input, indices_or_sections):
        a = _tensor_arg(input, fn)
        nd = len(ivy.shape(a))
        if nd < min_dims:
            raise RuntimeError(f"torch.{fn} requires a tensor with at least {min_dims} dimension, "
                               f"but got a tensor with {nd} dimensions!")
        d = dim if dim != "h" else (0 if nd == 1 else 1)
        if isinstance(indices_or_sections, int):
            n = ivy.shape(a)[d]
            if indices_or_sections == 0 or n % indices_or_sections:
                raise RuntimeError(f"torch.{fn} attempted to split along dimension {d}, but the "
                                   f"size of the dimension {n} is not divisible by the split_size "
                                   f"{indices_or_sections}!")
        return tensor_split(input, indices_or_sections, d)
    split_fn.__name__ = split_fn.__qualname__ = fn
    return split_fn


hsplit, vsplit, dsplit = (_split_along("hsplit", 1, "h"), _split_along("vsplit", 2, 0),
                          _split_along("dsplit", 3, 2))


def split_with_sizes(input, split_sizes, dim=0):
    if not isinstance(split_sizes, (list, tuple)):
        raise TypeError(f"split_with_sizes(): argument 'split_sizes' (position 2) must be tuple of "
                        f"ints, not {type(split_sizes).__name__}")
    return split(input, list(split_sizes), dim)


def unsafe_split(tensor, split_size, dim=0):
    return split(tensor, split_size, dim)


def unsafe_split_with_sizes(input, split_sizes, dim=0):
    return split_with_sizes(input, split_sizes, dim)


def unsafe_chunk(input, chunks, dim=0):
    return _torch().chunk(input, chunks, dim)


def narrow(input, dim, start, length):
    a = _tensor_arg(input, "narrow")
    shape = ivy.shape(a)
    if not shape:
        raise RuntimeError("narrow() cannot be applied to a 0-dim tensor.")
    d = _axis(dim, len(shape))
    if isinstance(start, Tensor):
        start = start.item()
    n = shape[d]
    if not -n <= start <= n:
        raise IndexError(f"start out of range (expected to be in range of [{-n}, {n}], but got "
                         f"{start})")
    start += n if start < 0 else 0
    if length < 0 or start + length > n:
        raise RuntimeError(f"start ({start}) + length ({length}) exceeds dimension size ({n}).")
    return _at(input, a, d, start, start + length)


def narrow_copy(input, dim, start, length, *, out=None):
    return _finish(ivy.asarray(narrow(input, dim, start, length)._data, copy=True), out,
                   "narrow_copy")


def select(input, dim, index):
    a = _tensor_arg(input, "select")
    shape = ivy.shape(a)
    if not shape:
        raise IndexError("select() cannot be applied to a 0-dim tensor.")
    d = _axis(dim, len(shape))
    if isinstance(index, Tensor):
        index = index.item()
    n = shape[d]
    if not -n <= index < n:
        raise IndexError(f"select(): index {index} out of range for tensor of size "
                         f"{list(shape)} at dimension {d}")
    return _indexed(input, a, (slice(None),) * d + (index % n,))


def fliplr(input):
    a = _tensor_arg(input, "fliplr")
    if len(ivy.shape(a)) < 2:
        raise RuntimeError("Input must be >= 2-d.")
    return _wrap(ivy.flip(a, axis=1))


def flipud(input):
    a = _tensor_arg(input, "flipud")
    if len(ivy.shape(a)) < 1:
        raise RuntimeError("Input must be >= 1-d.")
    return _wrap(ivy.flip(a, axis=0))


def tile(input, dims):
    a = _tensor_arg(input, "tile")
    dims = _shape_arg((dims,), "tile")
    nd = len(ivy.shape(a))
    dims = (1,) * (nd - len(dims)) + dims
    if any(d < 0 for d in dims):
        raise RuntimeError(f"Trying to create tensor with negative dimension {min(dims)}: "
                           f"{list(dims)}")
    a = ivy.reshape(a, (1,) * (len(dims) - nd) + ivy.shape(a))
    return _wrap(ivy.tile(a, dims))


def ravel(input):
    a = _tensor_arg(input, "ravel")
    return _reshaped(input, ivy.reshape(a, (-1,)))


def reshape_as(self, other):
    return _torch().reshape(self, tuple(ivy.shape(_tensor_arg(other, "reshape_as"))))


# ---- strided layouts --------------------------------------------------------------------------
def _positions(shape, strides, offset):
    pos = np.full((), offset, dtype=np.int64)
    for n, st in zip(shape, strides):
        pos = pos[..., None] + np.arange(n, dtype=np.int64) * st
    return pos.reshape(-1)


def _check_strided(size, stride, offset, storage, fn):
    size, stride = tuple(int(s) for s in size), tuple(int(s) for s in stride)
    if len(size) != len(stride):
        raise RuntimeError(f"mismatch in length of strides and shape")
    if any(s < 0 for s in size):
        raise RuntimeError(f"{fn}: Negative dimension size: {list(size)}")
    if any(s < 0 for s in stride):
        raise RuntimeError(f"{fn}: Negative strides are not supported at the moment, got strides: "
                           f"{list(stride)}")
    if offset < 0:
        raise RuntimeError(f"Tensor: invalid storage offset {offset}")
    needed = 0 if 0 in size else offset + 1 + sum((n - 1) * s for n, s in zip(size, stride))
    if needed > storage:
        raise RuntimeError(f"setStorage: sizes {list(size)}, strides {list(stride)}, storage "
                           f"offset {offset} require a storage of {needed} elements, out of bounds "
                           f"for storage of size {storage}")
    return size, stride


def _storage(t):
    """(flat native buffer, its size) that ``t``'s layout indexes: the root's on jax/tensorflow."""
    base = t._root if type(t) is _View else t
    a = base._data
    return ivy.reshape(a, (-1,)), math.prod(ivy.shape(a))


def as_strided(input, size, stride, storage_offset=None):
    a = _tensor_arg(input, "as_strided")
    if not isinstance(input, Tensor):
        input = _wrap(a)
    flat, n = _storage(input)
    offset = layout(input)[2] if storage_offset is None else int(storage_offset)
    size, stride = _check_strided(size, stride, offset, n, "as_strided")
    if type(input) is not _View and not immutable(a) and not _is_c_ordered(a):
        # numpy/torch: the core gives no native array's storage, only its elements in C order
        raise NotImplementedError(f"ivy: torch.as_strided of a non-contiguous tensor (strides "
                                  f"{ivy.strides(a)}) on the {ivy.current_backend()} backend")
    pos = ivy.asarray(_positions(size, stride, offset), device=ivy.device(a))
    native = ivy.reshape(ivy.take(flat, pos), size)
    # a view of the root's elements (numpy/torch too: a write through it goes to the root)
    return _make_view(input, native, (size, stride, offset))


def _is_c_ordered(a) -> bool:
    shape = tuple(ivy.shape(a))
    return 0 in shape or all(n == 1 or st == c for n, st, c in
                             zip(shape, ivy.strides(a), _contiguous_strides(shape)))


def as_strided_copy(input, size, stride, storage_offset=None, *, out=None):
    return _finish(ivy.asarray(as_strided(input, size, stride, storage_offset)._data, copy=True),
                   out, "as_strided_copy")


def _scatter_into(input, src, fn, view_layout):
    """``input`` (contiguous copy) with the elements of ``view_layout`` replaced by ``src``."""
    a = _tensor_arg(input, fn)
    s = _tensor_arg(src, fn)
    shape, strides, offset = view_layout
    if tuple(ivy.shape(s)) != tuple(shape):
        raise RuntimeError(f"expected src to have a size equal to the slice of self. src size = "
                           f"{list(ivy.shape(s))}, slice size = {list(shape)}")
    s = cast(s, ivy.dtype(a))
    flat = ivy.reshape(ivy.asarray(a, copy=True), (-1,))
    pos = ivy.asarray(_positions(shape, strides, offset), device=ivy.device(a))
    return _wrap(ivy.reshape(ivy.index_update(flat, pos, ivy.reshape(s, (-1,))), ivy.shape(a)))


def _diag_layout(shape, strides, offset, k, dim1, dim2):
    nd = len(shape)
    d1, d2 = _axis(dim1, nd), _axis(dim2, nd)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    n = max(0, min(shape[d1] - max(0, -k), shape[d2] - max(0, k)))
    off = offset + (k * strides[d2] if k >= 0 else -k * strides[d1]) if n else offset
    rest = [i for i in range(nd) if i not in (d1, d2)]
    return (tuple(shape[i] for i in rest) + (n,), tuple(strides[i] for i in rest) +
            (strides[d1] + strides[d2],), off)


def _slice_layout(shape, strides, offset, dim, start, end, step):
    d = _axis(dim, len(shape))
    if step <= 0:
        raise RuntimeError("slice step must be positive")
    n = shape[d]
    start = 0 if start is None else (start + n if start < 0 else start)
    end = n if end is None else (end + n if end < 0 else end)
    start, end = min(max(start, 0), n), min(max(end, start if start <= n else n, 0), n)
    length = max(0, -(-(end - start) // step))
    return (shape[:d] + (length,) + shape[d + 1:], strides[:d] + (strides[d] * step,) +
            strides[d + 1:], offset + start * strides[d])


def _select_layout(shape, strides, offset, dim, index):
    if not shape:
        raise IndexError("select() cannot be applied to a 0-dim tensor.")
    d = _axis(dim, len(shape))
    n = shape[d]
    if not -n <= index < n:
        raise IndexError(f"select(): index {index} out of range for tensor of size {list(shape)} "
                         f"at dimension {d}")
    return (shape[:d] + shape[d + 1:], strides[:d] + strides[d + 1:],
            offset + (index % n) * strides[d])


def _dense(input, fn):
    shape = tuple(ivy.shape(_tensor_arg(input, fn)))
    return shape, _contiguous_strides(shape), 0


def select_scatter(input, src, dim, index):
    return _scatter_into(input, src, "select_scatter",
                         _select_layout(*_dense(input, "select_scatter"), dim, int(index)))


def slice_scatter(input, src, dim=0, start=None, end=None, step=1):
    return _scatter_into(input, src, "slice_scatter",
                         _slice_layout(*_dense(input, "slice_scatter"), dim, start, end, step))


def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    return _scatter_into(input, src, "diagonal_scatter",
                         _diag_layout(*_dense(input, "diagonal_scatter"), offset, dim1, dim2))


def as_strided_scatter(input, src, size, stride, storage_offset=None):
    a = _tensor_arg(input, "as_strided_scatter")
    offset = 0 if storage_offset is None else int(storage_offset)
    size, stride = _check_strided(size, stride, offset, math.prod(ivy.shape(a)),
                                  "as_strided_scatter")
    return _scatter_into(input, src, "as_strided_scatter", (size, stride, offset))


# diagonal (_search) and Tensor.unfold (_misc) compute copies; on jax/tensorflow they become views
def diagonal(input, offset=0, dim1=0, dim2=1):
    from ._search import diagonal as computed
    r = computed(input, offset, dim1, dim2)
    if not isinstance(input, Tensor) or not emulated(input, r._data):
        return r
    return _make_view(input, r._data, _diag_layout(*layout(input), offset, dim1, dim2))


def unfold(self, dimension, size, step):
    from ._misc import unfold as computed
    r = computed(self, dimension, size, step)
    # a view of the root's elements (numpy/torch too: a write through it goes to the root)
    shape, strides, offset = layout(self)
    if not shape:
        return _make_view(self, r._data, ((size,), (1,), offset))
    d = _axis(dimension, len(shape))
    new_shape = shape[:d] + ((shape[d] - size) // step + 1,) + shape[d + 1:] + (size,)
    new_strides = strides[:d] + (strides[d] * step,) + strides[d + 1:] + (strides[d],)
    return _make_view(self, r._data, (new_shape, new_strides, offset))


# ---- in-place metadata changes ---------------------------------------------------------------
def _has_views(root, new) -> bool:
    return any(type(o) is _View and o._root is root and o is not new
               for o in gc.get_referrers(root))


def _rebind(t, native, new_layout=None, keeps_order=False, new=None):
    """Give ``t`` a new shape/layout in place (``t_``, ``squeeze_``, ``as_strided_``...)."""
    if not emulated(t, native):
        set_data(t, native)              # a native view of the same memory on numpy/torch
        return t
    if type(t) is _View:
        t._layout = new_layout
        t._value, t._positions, t._key = native, None, None
        t._seen = getattr(t._root, "_version", 0) if immutable(native) else None
        return t
    if not keeps_order and _has_views(t, new):
        # the views index this tensor's flat buffer, which a reordering would scramble; torch
        # keeps the storage and changes the strides, which a root tensor here cannot hold
        raise NotImplementedError(f"ivy: reordering the layout of a tensor in place while views of "
                                  f"it exist is not supported on {ivy.current_backend()}")
    set_data(t, native)
    return t


def _meta_inplace(fn, name, keeps_order):
    def method(self, *args, **kwargs):
        r = fn(self, *args, **kwargs)
        if r is self:
            return self
        return _rebind(self, r._data, layout(r) if type(r) is _View else None, keeps_order, r)
    method.__name__ = method.__qualname__ = name
    return method


def as_strided_(input, size, stride, storage_offset=None):
    r = as_strided(input, size, stride, storage_offset)
    if not immutable():
        raise NotImplementedError("ivy: as_strided_ needs a strided view of the native array, "
                                  "which the core does not offer on numpy/torch yet")
    return _rebind(input, r._data, layout(r), False, r)


def resize_(self, *sizes, memory_format=None):
    size = _shape_arg(sizes, "resize_")
    if any(s < 0 for s in size):
        raise RuntimeError(f"Trying to create tensor with negative dimension {min(size)}: "
                           f"{list(size)}")
    a = self._data
    n, have = math.prod(size), math.prod(ivy.shape(a))
    flat = ivy.reshape(a, (-1,))
    if n < have:
        flat = ivy.get_item(flat, slice(0, n))
    elif n > have:     # torch leaves the new elements uninitialized; zeros here
        flat = ivy.concat([flat, ivy.zeros((n - have,), dtype=ivy.dtype(a), device=ivy.device(a))])
    native = ivy.reshape(flat, size)
    if n == have:
        return _rebind(self, native, (size, _contiguous_strides(size), layout(self)[2]), True)
    if type(self) is _View:
        raise NotImplementedError("ivy: resize_ of a view to another number of elements")
    if immutable() and n < have and _has_views(self, None):
        # torch keeps the storage, so views of the dropped elements stay valid; here they'd dangle
        raise NotImplementedError(f"ivy: shrinking a tensor with views in place is not supported "
                                  f"on {ivy.current_backend()}")
    set_data(self, native)
    bump_version(self)
    return self


def resize_as_(self, the_template, memory_format=None):
    return resize_(self, tuple(ivy.shape(_tensor_arg(the_template, "resize_as_"))))


# ---- *_copy functions --------------------------------------------------------------------------
def _copied(result):
    if isinstance(result, tuple):
        return tuple(_wrap(ivy.asarray(r._data, copy=True)) for r in result)
    return _wrap(ivy.asarray(result._data, copy=True))


def _copy_of(fn_name, view_fn=None):
    def fn(input, *args, out=None, **kwargs):
        view_fn_ = view_fn or getattr(_torch(), fn_name)
        result = _copied(view_fn_(input, *args, **kwargs))
        if out is None:
            return result
        if isinstance(result, tuple):
            for o, r in zip(out, result):
                _finish(r._data, o, fn_name)
            return None
        return _finish(result._data, out, fn_name + "_copy")
    fn.__name__ = fn.__qualname__ = fn_name + "_copy"
    return fn


def _view_method(self, size):
    if isinstance(size, int):
        size = (size,)
    return Tensor.view(self, size)


def _expand(input, size, *, implicit=False):
    return Tensor.expand(input, _shape_arg((size,), "expand_copy"))


def _slice(input, dim=0, start=None, end=None, step=1):
    a = _tensor_arg(input, "slice_copy")
    if step <= 0:
        raise RuntimeError("slice step must be positive")
    d = _axis(dim, len(ivy.shape(a)))
    return _indexed(input, a, (slice(None),) * d + (slice(start, end, step),))


def _alias(input):
    return _wrap(_tensor_arg(input, "alias_copy"))


COPIES = {"view": _view_method, "permute": None, "t": None, "transpose": None, "unsqueeze": None,
          "squeeze": None, "expand": _expand, "diagonal": None, "slice": _slice, "select": select,
          "unbind": None, "split": None, "split_with_sizes": split_with_sizes, "alias": _alias,
          "detach": _alias, "unfold": lambda t, dimension, size, step: t.unfold(dimension, size,
                                                                                  step),
          "view_as_real": None, "view_as_complex": None}


# ---- indexed writes --------------------------------------------------------------------------
def _flat_index(self, index, fn):
    a = self._data
    idx = _tensor_arg(index, fn)
    if ivy.dtype(idx) != "int64":
        raise RuntimeError(f"{fn}(): Expected a long tensor for index, but got {index.dtype}")
    n = math.prod(ivy.shape(a))
    vals = ivy.to_numpy(idx).reshape(-1)
    bad = (vals < -n) | (vals >= n)
    if bad.any():
        raise IndexError(f"out of range: tried to access index {int(vals[bad][0])} on a tensor of "
                         f"{n} elements.")
    return ivy.asarray(vals % max(n, 1), dtype="int64", device=ivy.device(a))


def put(input, index, source, accumulate=False):
    a = _tensor_arg(input, "put")
    s = _tensor_arg(source, "put")
    if ivy.dtype(s) != ivy.dtype(a):
        raise RuntimeError(f"put_(): self and source expected to have the same dtype, but got "
                           f"self.dtype = {T.BY_NAME[ivy.dtype(a)]} and source.dtype = "
                           f"{T.BY_NAME[ivy.dtype(s)]}")
    idx = _flat_index(input, index, "put_")
    if math.prod(ivy.shape(idx)) != math.prod(ivy.shape(s)):
        raise RuntimeError(f"put_(): Expected source and index to have the same number of "
                           f"elements, but got source.numel() = {math.prod(ivy.shape(s))}, "
                           f"index.numel() = {math.prod(ivy.shape(idx))}")
    flat = ivy.reshape(ivy.asarray(a, copy=True), (-1,))
    values = ivy.reshape(s, (-1,))
    if accumulate and ivy.dtype(a) == "bool":
        out = ivy.index_update(flat, idx, values, reduction="max")
    else:
        out = ivy.index_update(flat, idx, values, reduction="add" if accumulate else "set")
    return _wrap(ivy.reshape(out, ivy.shape(a)))


def put_(self, index, source, accumulate=False):
    return assign(self, put(self, index, source, accumulate)._data, "put_")


_INDEX_REDUCE = {"prod": "multiply", "amax": "max", "amin": "min", "mean": "add"}


def index_reduce(input, dim, index, source, reduce, *, include_self=True, out=None):
    a = _tensor_arg(input, "index_reduce")
    s = _tensor_arg(source, "index_reduce")
    if reduce not in _INDEX_REDUCE:
        raise RuntimeError(f"index_reduce(): Expected reduce to be one of prod, mean, amax or "
                           f"amin but got {reduce}.")
    if ivy.dtype(s) != ivy.dtype(a):
        raise RuntimeError("index_reduce_(): self and source expected to have the same dtype")
    shape = ivy.shape(a)
    if ivy.dtype(a) == "bool" and (len(shape) <= 1 or reduce == "mean"):
        # torch's 1-d kernel has no bool case, and its mean divides with div_floor
        raise NotImplementedError(f'"{"index_func_" if len(shape) <= 1 else "div_floor_cpu"}" not '
                                  f"implemented for 'Bool'")
    d = _axis(dim, max(len(shape), 1)) if shape else 0
    idx = _tensor_arg(index, "index_reduce")
    if ivy.dtype(idx) not in ("int64", "int32") or len(ivy.shape(idx)) > 1:
        raise RuntimeError("index_reduce_(): Expected a long or int tensor with at most one "
                           "dimension for index")
    sshape = ivy.shape(s) or (1,)
    if (len(ivy.shape(s)) != len(shape) and shape) or math.prod(ivy.shape(idx)) != sshape[d]:
        raise RuntimeError("index_reduce_(): Index should have dimension 1 or 0 (got "
                           f"{len(ivy.shape(idx))}) and source size must match")
    n = shape[d] if shape else 1
    iv = ivy.to_numpy(idx).reshape(-1).astype(np.int64)
    if ((iv < 0) | (iv >= n)).any():         # torch takes no negative indices here
        raise IndexError("index out of range in self")
    base = a if shape else ivy.reshape(a, (1,))
    src = s if shape else ivy.reshape(s, (1,))
    src = ivy.moveaxis(src, d, 0)
    tgt = ivy.moveaxis(base, d, 0)
    hit = np.zeros(n, dtype=bool)
    hit[iv] = True
    hit_native = ivy.reshape(ivy.asarray(hit, device=ivy.device(a)),
                             (n,) + (1,) * (len(ivy.shape(tgt)) - 1))
    kind = ivy.dtype(a)
    op = "min" if kind == "bool" and reduce == "prod" else _INDEX_REDUCE[reduce]
    pos = ivy.asarray(iv, dtype="int64", device=ivy.device(a))
    if include_self:
        start = tgt
    else:
        fill = {"multiply": 1, "add": 0}.get(op)
        if kind == "bool":
            fill = op != "max"
        elif fill is None:
            info = ivy.finfo(kind) if kind.startswith(("float", "bfloat")) else ivy.iinfo(kind)
            fill = info.min if op == "max" else info.max
            if kind.startswith(("float", "bfloat")):
                fill = -math.inf if op == "max" else math.inf
        start = ivy.where(hit_native, ivy.full_like(tgt, fill), tgt)
    res = ivy.index_update(start, pos, src, reduction=op)
    if reduce == "mean":
        counts = np.bincount(iv, minlength=n).astype(np.int64) + (1 if include_self else 0)
        cnt = ivy.reshape(ivy.asarray(np.maximum(counts, 1), device=ivy.device(a)),
                          (n,) + (1,) * (len(ivy.shape(tgt)) - 1))
        res = (ivy.divide(res, cast(cnt, kind)) if kind in _INEXACT
               else ivy.floor_divide(res, cast(cnt, kind)))
    res = ivy.moveaxis(res, 0, d)
    return _finish(res if shape else ivy.reshape(res, ()), out, "index_reduce")


_INEXACT = frozenset({"float16", "bfloat16", "float32", "float64", "complex64", "complex128"})


def index_reduce_(self, dim, index, source, reduce, *, include_self=True):
    return assign(self, index_reduce(self, dim, index, source, reduce,
                                     include_self=include_self)._data, "index_reduce_")


def fill_diagonal_(self, fill_value, wrap=False):
    a = self._data
    shape = ivy.shape(a)
    if len(shape) < 2:
        raise RuntimeError("dimensions must larger than 1")
    if len(shape) > 2 and len(set(shape)) != 1:
        raise RuntimeError("all dimensions of input must be of equal length")
    n = math.prod(shape)
    if len(shape) == 2 and wrap and shape[0] > shape[1]:
        pos = np.arange(0, n, shape[1] + 1, dtype=np.int64)    # restarts every shape[1] + 1 rows
    else:
        step = sum(_contiguous_strides(shape))
        pos = np.arange(0, min(shape) * step, step, dtype=np.int64)
    flat = ivy.reshape(ivy.asarray(a, copy=True), (-1,))
    value = fill_value.item() if isinstance(fill_value, Tensor) else fill_value
    v = cast(ivy.asarray(value), ivy.dtype(a))
    out = ivy.index_update(flat, ivy.asarray(pos, device=ivy.device(a)), v)
    return assign(self, ivy.reshape(out, shape), "fill_diagonal_")


def index_put_(input, indices, values, accumulate=False):
    return Tensor.index_put_(input, indices, values, accumulate)


def fill(input, value):
    return Tensor.fill_(_wrap(ivy.asarray(_tensor_arg(input, "fill"), copy=True)), value)


def fill_(input, value):
    return Tensor.fill_(input, value)


def zero_(input):
    return Tensor.zero_(input)


# ---- creation ----------------------------------------------------------------------------------
def scalar_tensor(s, *, dtype=None, layout=None, device=None, pin_memory=None,
                  requires_grad=False):
    if isinstance(s, Tensor):
        s = s.item()
    if not isinstance(s, (int, float, bool, complex)):
        raise TypeError(f"scalar_tensor(): argument 's' (position 1) must be Number, not "
                        f"{type(s).__name__}")
    name = _dtype_name(dtype, T.default_float())
    return _created(ivy.asarray(cast(ivy.asarray(s), name), device=_native_device(device)),
                    requires_grad)


def range_(start=0, end=None, step=1, *, out=None, dtype=None, layout=None, device=None,
          requires_grad=False):
    """Implements the deprecated ``torch.range``: ``end`` included, float default dtype."""
    warnings.warn("torch.range is deprecated and will be removed in a future release because "
                  "its behavior is inconsistent with Python's range builtin. Instead, use "
                  "torch.arange, which produces values in [start, end).", UserWarning, stacklevel=2)
    if end is None:
        start, end = 0, start
    values = [v.item() if isinstance(v, Tensor) else v for v in (start, end, step)]
    start, end, step = values
    name = _dtype_name(dtype, T.default_float())
    if step == 0 or (name in _INTEGRAL and int(step) == 0):
        raise RuntimeError("step must be nonzero")
    if (end - start) * step < 0:
        raise RuntimeError("upper bound and larger bound inconsistent with step sign")
    n = int(math.floor((end - start) / step)) + 1
    name = _dtype_name(dtype, T.default_float())
    pos = ivy.arange(n, dtype="float64")
    seq = ivy.add(ivy.multiply(pos, float(step)), float(start))
    return _finish(cast(seq, name) if name not in ("int64", "int32", "int16", "int8", "uint8")
                   else ivy.astype(ivy.add(ivy.multiply(ivy.arange(n, dtype="int64"), int(step)),
                                           int(start)), name), out, "range")


_INTEGRAL = frozenset({"uint8", "int8", "int16", "int32", "int64"})


def logspace(start, end, steps, base=10.0, *, out=None, dtype=None, layout=None, device=None,
             requires_grad=False):
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    start, end = (v.item() if isinstance(v, Tensor) else v for v in (start, end))
    name = _dtype_name(dtype, T.default_float())
    if name in _INTEGRAL:
        start, end = int(start), int(end)
    exps = ivy.linspace(float(start), float(end), steps, dtype="float64")
    vals = ivy.pow(ivy.asarray(float(base), dtype="float64"), exps)
    if name in _INTEGRAL:
        vals = ivy.trunc(vals)
    return _finish(cast(vals, name), out, "logspace")


@shape_errors
def complex_(real, imag, *, out=None):
    r, i = _tensor_arg(real, "complex"), _tensor_arg(imag, "complex")
    dr, di = ivy.dtype(r), ivy.dtype(i)
    if dr != di:
        raise RuntimeError(f"Expected object of scalar type {T.BY_NAME[dr]} but got scalar type "
                           f"{T.BY_NAME[di]} for second argument")
    if dr not in ("float32", "float64", "float16"):
        raise RuntimeError(f"Expected both inputs to be Half, Float or Double tensors but got "
                           f"{T.BY_NAME[dr]} and {T.BY_NAME[di]}")
    if dr == "float16":
        raise NotImplementedError("complex32 is not supported by ivy")
    c = "complex64" if dr == "float32" else "complex128"
    j = ivy.asarray(1j, dtype=c)
    return _finish(ivy.add(cast(r, c), ivy.multiply(cast(i, c), j)), out, "complex")


@shape_errors
def polar(abs, angle, *, out=None):
    r, t = _tensor_arg(abs, "polar"), _tensor_arg(angle, "polar")
    if ivy.dtype(r) != ivy.dtype(t):
        raise RuntimeError(f"Expected object of scalar type {T.BY_NAME[ivy.dtype(r)]} but got "
                           f"scalar type {T.BY_NAME[ivy.dtype(t)]} for second argument")
    if ivy.dtype(r) not in ("float32", "float64"):
        raise RuntimeError(f"Expected both inputs to be Half, Float or Double tensors but got "
                           f"{T.BY_NAME[ivy.dtype(r)]} and {T.BY_NAME[ivy.dtype(t)]}")
    return complex_(_wrap(ivy.multiply(r, ivy.cos(t))), _wrap(ivy.multiply(r, ivy.sin(t))), out=out)


def empty_strided(size, stride, *, dtype=None, layout=None, device=None, requires_grad=False,
                  pin_memory=False):
    size, stride = _shape_arg((size,), "empty_strided"), _shape_arg((stride,), "empty_strided")
    if len(size) != len(stride):
        raise RuntimeError("mismatch in length of strides and shape")
    name, dev = _dtype_name(dtype, T.default_float()), _native_device(device)
    if not immutable():      # numpy/torch: contiguous (the core makes no strided native arrays)
        return _created(ivy.empty(size, dtype=name, device=dev), requires_grad)
    storage = 0 if 0 in size else 1 + sum((n - 1) * st for n, st in zip(size, stride))
    t = as_strided(_wrap(ivy.empty((storage,), dtype=name, device=dev)), size, stride, 0)
    if requires_grad:
        t.requires_grad = True
    return t


def new_empty_strided(self, size, stride, *, dtype=None, layout=None, device=None,
                      requires_grad=False, pin_memory=False):
    return empty_strided(size, stride, dtype=self.dtype if dtype is None else dtype,
                         device=device, requires_grad=requires_grad)


def empty_permuted(size, physical_layout, *, dtype=None, layout=None, device=None,
                   requires_grad=False, pin_memory=False):
    size = _shape_arg((size,), "empty_permuted")
    order = tuple(physical_layout)
    if sorted(order) != list(range(len(size))):
        raise RuntimeError(f"Number of dimensions in size does not match the length of the "
                           f"physical_layout; i.e. len(size) = {len(size)} is not equal to "
                           f"len(physical_layout) = {len(order)}")
    return _created(ivy.empty(size, dtype=_dtype_name(dtype, T.default_float()),
                              device=_native_device(device)), requires_grad)


def frombuffer(buffer, *, dtype, count=-1, offset=0, requires_grad=False):
    name = T.canonical(dtype)
    itemsize = T.BY_NAME[name].itemsize
    mem = memoryview(buffer).cast("B")
    if offset < 0 or offset > len(mem) - (1 if len(mem) else 0):
        raise ValueError(f"offset ({offset} bytes) must be non-negative and no greater than "
                         f"buffer length ({len(mem)} bytes) minus 1")
    if count == 0 or (count < 0 and (len(mem) - offset) % itemsize):
        raise ValueError(f"buffer length ({len(mem) - offset} bytes) after offset ({offset} bytes) "
                         f"must be a multiple of element size ({itemsize})")
    n = (len(mem) - offset) // itemsize if count < 0 else count
    if n * itemsize > len(mem) - offset:
        raise ValueError(f"requested buffer length ({n} * {itemsize} bytes) after offset "
                         f"({offset} bytes) must not be greater than actual buffer length "
                         f"({len(mem)} bytes)")
    np_name = "float32" if name == "bfloat16" else name
    data = np.frombuffer(mem, dtype=np_name if name != "bfloat16" else np.uint16, count=n,
                         offset=offset)
    if name == "bfloat16":
        import ml_dtypes
        data = data.view(ml_dtypes.bfloat16)
    return _created(ivy.asarray(np.array(data)), requires_grad)




# ---- Tensor members --------------------------------------------------------------------------
_FALSE_PROPERTIES = ("is_sparse", "is_quantized", "is_meta", "is_nested", "is_mkldnn", "is_xla",
                     "is_mps", "is_xpu", "is_ipu", "is_vulkan", "is_maia", "is_mtia",
                     "is_sparse_csr")
_SIGNED = frozenset({"int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
                     "float64", "complex64", "complex128"})


def stride(self, dim=None):
    shape, strides, _ = _memory_layout(self)
    if dim is None:
        return tuple(strides)
    if not shape:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    return strides[_axis(dim, len(shape))]


_FORMAT_ORDER = {"channels_last": (4, (1, 3, 2, 0)), "channels_last_3d": (5, (1, 4, 3, 2, 0))}


def is_contiguous(self, memory_format=None):
    shape, strides, _ = _memory_layout(self)
    rank_order = _FORMAT_ORDER.get(getattr(memory_format, "_name", None))
    if rank_order is not None:
        return len(shape) == rank_order[0] and _dense_in_order(shape, strides, rank_order[1])
    if 0 in shape:
        return True
    expected = 1
    for n, st in zip(reversed(shape), reversed(strides)):
        if n != 1:
            if st != expected:
                return False
            expected *= n
    return True


def storage_offset(self):
    return layout(self)[2]


def _memory_layout(t):
    """(shape, strides, offset) as torch reports them: the view's layout on jax/tensorflow, the
    native array's strides on numpy/torch (offset: not known there, 0)."""
    if emulated(t, t._data):
        return layout(t)
    return tuple(ivy.shape(t._data)), ivy.strides(t._data), 0


def _dense_in_order(shape, strides, order) -> bool:
    expected = 1
    for d in order:
        if shape[d] != 1:
            if strides[d] != expected:
                return False
            expected *= shape[d]
    return True


def _ge(a, b):
    return b == 0 or (a != 0 and (a >= b or a % b == 0))


def dim_order(self, *, ambiguity_check=False):
    """torch's ``compute_elementwise_output_logical_to_physical_perm`` on this tensor's layout."""
    if ambiguity_check:
        raise NotImplementedError("ivy: dim_order(ambiguity_check=...) is not supported")
    shape, strides, _ = _memory_layout(self)
    nd = len(shape)
    if nd < 2:
        return tuple(range(nd))
    contiguous = 0 in shape or _dense_in_order(shape, strides, range(nd - 1, -1, -1))
    channels_last = nd == 4 and _dense_in_order(shape, strides, (1, 3, 2, 0))
    if contiguous and not channels_last:
        return tuple(range(nd))
    if channels_last and not contiguous:
        return (0, *range(2, nd), 1)

    def should_swap(a, b):
        sa, sb = strides[a], strides[b]
        if sa == 0 or sb == 0:
            return 0
        if sa == sb:
            return 0 if _ge(shape[b], shape[a]) else 1
        return -1 if _ge(sb, sa) else (1 if _ge(sa, sb) else 0)

    perm = list(range(nd - 1, -1, -1))
    for i in range(1, nd):
        dim1 = i
        for dim0 in range(i - 1, -1, -1):
            c = should_swap(perm[dim0], perm[dim1])
            if c > 0:
                perm[dim0], perm[dim1] = perm[dim1], perm[dim0]
                dim1 = dim0
            elif c < 0:
                break
    return tuple(reversed(perm))


def is_same_size(self, other):
    return tuple(ivy.shape(self._data)) == tuple(ivy.shape(_tensor_arg(other, "is_same_size")))


def is_set_to(self, tensor):
    root = lambda t: t._root if type(t) is _View else t   # noqa: E731
    if not immutable() and type(self) is not _View and type(tensor) is not _View:
        return self is tensor or (self._data is tensor._data)
    return root(self) is root(tensor) and layout(self) == layout(tensor)


def sum_to_size(self, *size):
    size = _shape_arg(size, "sum_to_size")
    a = self._data
    shape = ivy.shape(a)
    lead = len(shape) - len(size)
    if lead < 0 or any(s not in (1, n) for s, n in zip(size, shape[lead:])):
        raise RuntimeError(f"size {{{list(size)}}} is not expandable to size {{{list(shape)}}}.")
    axes = tuple(range(lead)) + tuple(
        lead + i for i, (s, n) in enumerate(zip(size, shape[lead:])) if s == 1 and n != 1)
    if not axes:
        return self
    return _torch().sum(self, axes, keepdim=True).reshape(size)


def new(self, *args, device=None):
    from ._creation import empty, tensor
    if len(args) == 1 and not isinstance(args[0], int):
        data = args[0]
        if isinstance(data, Tensor):
            return data
        return tensor(data, dtype=self.dtype)
    return empty(*args, dtype=self.dtype)


def contains(self, element):
    if not isinstance(element, (Tensor, int, float, bool, complex)):
        raise RuntimeError(f"Tensor.__contains__ only supports Tensor or scalar, but you passed in "
                           f"a {type(element)}.")
    return bool((element == self).any().item())


def reversed_(self):
    if self.dim() == 0:
        return self
    return _torch().flip(self, (0,))


def delitem(self, key):
    raise TypeError("Tensor does not support deleting items")


def apply_(self, callable):
    a = ivy.to_numpy(self._data)
    out = np.vectorize(callable, otypes=[a.dtype])(a) if a.size else a
    return assign(self, ivy.asarray(np.asarray(out, dtype=a.dtype), device=ivy.device(self._data)),
                  "apply_")


def map_(self, tensor, callable):
    a = ivy.to_numpy(self._data)
    b = np.broadcast_to(ivy.to_numpy(_tensor_arg(tensor, "map_")), a.shape)
    out = np.vectorize(callable, otypes=[a.dtype])(a, b) if a.size else a
    return assign(self, ivy.asarray(np.asarray(out, dtype=a.dtype)), "map_")


def map2_(self, x, y, callable):
    a = ivy.to_numpy(self._data)
    b = np.broadcast_to(ivy.to_numpy(_tensor_arg(x, "map2_")), a.shape)
    c = np.broadcast_to(ivy.to_numpy(_tensor_arg(y, "map2_")), a.shape)
    out = np.vectorize(callable, otypes=[a.dtype])(a, b, c) if a.size else a
    return assign(self, ivy.asarray(np.asarray(out, dtype=a.dtype)), "map2_")


def _div(self, other):
    return _torch().true_divide(self, other)


def _rdiv(self, other):
    return _torch().true_divide(other, self)


def _idiv(self, other):
    return Tensor.div_(self, other)


FUNCTIONS = {    # torch.<name> and Tensor.<name>
    "tensor_split": tensor_split, "hsplit": hsplit, "vsplit": vsplit, "dsplit": dsplit,
    "split_with_sizes": split_with_sizes, "unsafe_split": unsafe_split,
    "unsafe_split_with_sizes": unsafe_split_with_sizes, "unsafe_chunk": unsafe_chunk,
    "narrow": narrow, "narrow_copy": narrow_copy, "select": select, "fliplr": fliplr,
    "flipud": flipud, "tile": tile, "ravel": ravel, "as_strided": as_strided,
    "select_scatter": select_scatter, "slice_scatter": slice_scatter,
    "diagonal_scatter": diagonal_scatter, "as_strided_scatter": as_strided_scatter,
    "put": put, "index_reduce": index_reduce, "diagonal": diagonal,
}
FUNCTIONS_ONLY = {    # torch.<name> only (the Tensor methods of the same name are in METHODS or
    # elsewhere already: as_strided_, index_put_, fill_, zero_)
    "hstack": hstack, "vstack": vstack, "row_stack": row_stack, "dstack": dstack,
    "column_stack": column_stack, "atleast_1d": atleast_1d, "atleast_2d": atleast_2d,
    "atleast_3d": atleast_3d, "fill": fill,
    **{name + "_copy": _copy_of(name, fn) for name, fn in COPIES.items()},
    "as_strided_copy": as_strided_copy,
    "as_strided_": as_strided_, "index_put_": index_put_, "fill_": fill_, "zero_": zero_,
    "scalar_tensor": scalar_tensor, "range": range_, "logspace": logspace, "complex": complex_,
    "polar": polar, "empty_strided": empty_strided, "empty_permuted": empty_permuted,
    "frombuffer": frombuffer,
}
METHODS = {
    "reshape_as": reshape_as, "unfold": unfold, "as_strided_": as_strided_, "put_": put_,
    "index_reduce_": index_reduce_, "fill_diagonal_": fill_diagonal_,
    "new_empty_strided": new_empty_strided, "is_contiguous": is_contiguous, "stride": stride,
    "storage_offset": storage_offset, "dim_order": dim_order, "is_same_size": is_same_size,
    "is_set_to": is_set_to, "sum_to_size": lambda self, *size: sum_to_size(self, *size),
    "new": new, "resize_": resize_, "resize_as_": resize_as_,
    "get_device": lambda self: -1 if ivy.device(self._data) == "cpu" else
    int(ivy.device(self._data).partition(":")[2] or 0),
    "is_signed": lambda self: ivy.dtype(self._data) in _SIGNED,
    "is_inference": lambda self: False, "is_pinned": lambda self, device=None: False,
    "is_shared": lambda self: False,
    "__contains__": contains, "__reversed__": reversed_, "__delitem__": delitem,
    "__nonzero__": Tensor.__bool__, "__long__": Tensor.__int__,
    "__div__": _div, "__rdiv__": _rdiv, "__idiv__": _idiv,
    "apply_": apply_, "map_": map_, "map2_": map2_,
    "swapaxes_": _meta_inplace(transpose, "swapaxes_", False),
    "swapdims_": _meta_inplace(transpose, "swapdims_", False),
    "transpose_": _meta_inplace(transpose, "transpose_", False),
    "t_": _meta_inplace(lambda t: _torch().t(t), "t_", False),
    "squeeze_": _meta_inplace(lambda t, dim=None: _torch().squeeze(t, dim), "squeeze_", True),
    "unsqueeze_": _meta_inplace(lambda t, dim: _torch().unsqueeze(t, dim), "unsqueeze_", True),
}
PROPERTIES = {
    **{name: (lambda self: False) for name in _FALSE_PROPERTIES},
    "is_cpu": lambda self: ivy.device(self._data) == "cpu",
    "layout": lambda self: _torch().strided,
    "itemsize": lambda self: self.dtype.itemsize,
    "nbytes": lambda self: self.dtype.itemsize * self.numel(),
}
