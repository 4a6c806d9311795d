"""``jax.lax.gather`` and the scatters with XLA's general dimension numbers, on ivy's core.

Each output (gather) or update (scatter) element's operand position is computed as one flat index
array (start index of its slice, clamped or checked, plus its offset inside the window), so the
work is one ``ivy.take`` or one ``ivy.index_update`` on the flattened operand. Dropped scatter
updates go to one extra slot past the end, cut off afterwards. The index vector is the last
dimension of the indices, as JAX always makes it.
"""
from __future__ import annotations

import enum
from typing import NamedTuple

import numpy as np

import ivy
from ivy.core import dtypes as D

from .._array import _wrap
from ._elementwise import operand as _operand, same_dtypes


class GatherDimensionNumbers(NamedTuple):
    """Implements `jax.lax.GatherDimensionNumbers`."""
    offset_dims: tuple
    collapsed_slice_dims: tuple
    start_index_map: tuple
    operand_batching_dims: tuple = ()
    start_indices_batching_dims: tuple = ()


class ScatterDimensionNumbers(NamedTuple):
    """Implements `jax.lax.ScatterDimensionNumbers`."""
    update_window_dims: tuple
    inserted_window_dims: tuple
    scatter_dims_to_operand_dims: tuple
    operand_batching_dims: tuple = ()
    scatter_indices_batching_dims: tuple = ()


class GatherScatterMode(enum.Enum):
    """Implements `jax.lax.GatherScatterMode`."""
    CLIP = 1
    FILL_OR_DROP = 2
    PROMISE_IN_BOUNDS = 3
    ONE_HOT = 4

    @staticmethod
    def from_any(s):
        """A mode from itself, its name ("clip", "fill"/"drop", ...) or None (fill-or-drop)."""
        if isinstance(s, GatherScatterMode):
            return s
        mode = _MODE_BY_NAME.get(s) if isinstance(s, (str, type(None))) else None
        if mode is None:
            raise ValueError(f'Unknown gather mode "{s}"')
        return GatherScatterMode[mode]


_MODE_BY_NAME = {None: "FILL_OR_DROP", "fill": "FILL_OR_DROP", "drop": "FILL_OR_DROP",
                 "clip": "CLIP", "promise_in_bounds": "PROMISE_IN_BOUNDS", "one_hot": "ONE_HOT"}


def _indices(start_indices, fn):
    idx, name, _ = _operand(start_indices, fn)
    if name not in D.INTEGRAL:
        raise ValueError("indices must have an integer type")
    return ivy.astype(idx, "int64") if name != "int64" else idx


def _place(v, positions, rank):
    """``v`` (dims matching ``positions`` of the result, in order) reshaped to broadcast there."""
    shape = [1] * rank
    for p, n in zip(positions, v.shape):
        shape[p] = n
    return ivy.reshape(v, tuple(shape))


def _flat_positions(op_shape, idx, window_pos, window_dims, collapsed, start_map, op_batch,
                    idx_batch, sizes, fn):
    """(flat operand index of every result element, in-bounds mask, result shape).

    ``window_pos``: result positions of the window dims (= operand dims ``window_dims``);
    the remaining result positions are the index batch dims, in order."""
    R = len(op_shape)
    batch_shape = tuple(idx.shape)[:-1]
    rank = len(batch_shape) + len(window_pos)
    batch_pos = [p for p in range(rank) if p not in window_pos]
    if len(batch_pos) != len(batch_shape):
        raise TypeError(f"{fn}: dimension numbers do not match the ranks of the operand and the "
                        f"indices")
    out_shape = [0] * rank
    for p, n in zip(batch_pos, batch_shape):
        out_shape[p] = n
    for p, d in zip(window_pos, window_dims):
        out_shape[p] = sizes[d]
    if tuple(idx.shape)[-1] != len(start_map):
        raise TypeError(f"{fn}: the index vector has {tuple(idx.shape)[-1]} components but "
                        f"start_index_map names {len(start_map)} dimensions")
    flat = ivy.zeros((1,) * rank, dtype="int64")
    valid = None
    stride = 1
    for d in range(R - 1, -1, -1):
        pos = None
        if d in start_map:
            k = start_map.index(d)
            start = idx[..., k]
            hi = op_shape[d] - sizes[d]
            ok = ivy.logical_and(ivy.greater_equal(start, ivy.zeros_like(start)),
                                 ivy.less_equal(start, ivy.full_like(start, hi)))
            valid = ok if valid is None else ivy.logical_and(valid, ok)
            pos = _place(ivy.clip(start, min=0, max=max(hi, 0)), batch_pos, rank)
        elif d in op_batch:
            j = idx_batch[op_batch.index(d)]
            pos = _place(ivy.arange(batch_shape[j], dtype="int64"), [batch_pos[j]], rank)
        if d in window_dims:
            off = _place(ivy.arange(sizes[d], dtype="int64"),
                         [window_pos[window_dims.index(d)]], rank)
            pos = off if pos is None else ivy.add(pos, off)
        if pos is not None:
            flat = ivy.add(flat, ivy.multiply(pos, ivy.asarray(stride, dtype="int64")))
        stride *= op_shape[d]
    flat = ivy.broadcast_to(flat, tuple(out_shape))
    if valid is not None:
        valid = ivy.broadcast_to(_place(valid, batch_pos, rank), tuple(out_shape))
    return flat, valid, tuple(out_shape)


def _fill(name, fill_value):
    if fill_value is not None:
        return fill_value
    if name in D.FLOATING:
        return float("nan")
    if name == "bool":
        return True
    return D.iinfo(name).min if name in D.SIGNED else D.iinfo(name).max


def gather(operand, start_indices, dimension_numbers, slice_sizes, *,  # noqa: A002
           unique_indices=False, indices_are_sorted=False, mode=None, fill_value=None):
    """Implements `jax.lax.gather`. ``mode``: None/"clip"/"promise_in_bounds" clamp the slice
    starts, "fill" gives ``fill_value`` (NaN, the integer extreme, True) for out-of-bounds
    slices."""
    fn = "gather"
    a, name, weak = _operand(operand, fn)
    idx = _indices(start_indices, fn)
    m = GatherScatterMode.from_any(mode) if mode is not None else GatherScatterMode.CLIP
    if m is GatherScatterMode.ONE_HOT:
        raise NotImplementedError("lax.gather: mode=ONE_HOT is not supported")
    dn = dimension_numbers
    op_shape = tuple(a.shape)
    sizes = tuple(int(s) for s in slice_sizes)
    if len(sizes) != len(op_shape) or any(not 0 <= s <= n for s, n in zip(sizes, op_shape)):
        raise TypeError(f"slice_sizes must have the operand's rank and fit in its shape, got "
                        f"{sizes} for operand shape {op_shape}")
    excluded = set(dn.collapsed_slice_dims) | set(dn.operand_batching_dims)
    window_dims = [d for d in range(len(op_shape)) if d not in excluded]
    offset_dims = tuple(dn.offset_dims)
    if len(window_dims) != len(offset_dims):
        raise TypeError(f"{fn}: offset_dims must have one entry per operand dimension that is "
                        f"neither collapsed nor batching, got {offset_dims}")
    flat, valid, out_shape = _flat_positions(
        op_shape, idx, list(offset_dims), window_dims, dn.collapsed_slice_dims,
        list(dn.start_index_map), list(dn.operand_batching_dims),
        list(dn.start_indices_batching_dims), sizes, fn)
    out = ivy.take(ivy.reshape(a, (-1,)), ivy.reshape(flat, (-1,)), axis=0)
    out = ivy.reshape(out, out_shape)
    if m is GatherScatterMode.FILL_OR_DROP and valid is not None:
        out = ivy.where(valid, out, ivy.full_like(out, _fill(name, fill_value)))
    return _wrap(out, weak)


def _scatter(name, reduction):
    def f(operand, scatter_indices, updates, dimension_numbers, *,  # noqa: A002
          indices_are_sorted=False, unique_indices=False, mode=None):
        return _scatter_impl(operand, scatter_indices, updates, dimension_numbers, mode,
                             reduction, name)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = (f"Implements `jax.lax.{name}`: updates out of bounds are dropped (mode None/"
                 f"\"fill\"/\"promise_in_bounds\") or clamped (\"clip\").")
    return f


def _scatter_positions(op_shape, idx, u_shape, dn, fn):
    excluded = set(dn.inserted_window_dims) | set(dn.operand_batching_dims)
    window_dims = [d for d in range(len(op_shape)) if d not in excluded]
    window_pos = list(dn.update_window_dims)
    if len(window_dims) != len(window_pos):
        raise TypeError(f"{fn}: update_window_dims must have one entry per operand dimension "
                        f"that is neither inserted nor batching, got {tuple(window_pos)}")
    sizes = [1] * len(op_shape)
    for p, d in zip(window_pos, window_dims):
        sizes[d] = u_shape[p]
    flat, valid, out_shape = _flat_positions(
        op_shape, idx, window_pos, window_dims, dn.inserted_window_dims,
        list(dn.scatter_dims_to_operand_dims), list(dn.operand_batching_dims),
        list(dn.scatter_indices_batching_dims), sizes, fn)
    if out_shape != tuple(u_shape):
        raise TypeError(f"{fn}: updates shape {tuple(u_shape)} does not match the shape "
                        f"{out_shape} the indices and dimension numbers give")
    return flat, valid


def _scatter_impl(operand, scatter_indices, updates, dn, mode, reduction, fn):
    a, name, weak = _operand(operand, fn)
    u, uname, _ = _operand(updates, fn)
    same_dtypes([name, uname], "scatter")
    idx = _indices(scatter_indices, fn)
    m = GatherScatterMode.from_any(mode)
    if m is GatherScatterMode.ONE_HOT:
        raise NotImplementedError(f"lax.{fn}: mode=ONE_HOT is not supported")
    op_shape = tuple(a.shape)
    flat, valid = _scatter_positions(op_shape, idx, tuple(u.shape), dn, fn)
    n = 1
    for d in op_shape:
        n *= d
    flat_op = ivy.reshape(a, (-1,))
    if m is not GatherScatterMode.CLIP and valid is not None:
        flat = ivy.where(valid, flat, ivy.full_like(flat, n))    # dropped: the spare slot
        flat_op = ivy.concat([flat_op, ivy.zeros((1,), dtype=name)], axis=0)
    if reduction == "sub":
        u, reduction = ivy.negative(u), "add"
    if name == "bool" and reduction in ("add", "max"):
        reduction = "max"
    out = ivy.index_update(flat_op, ivy.reshape(flat, (-1,)), ivy.reshape(u, (-1,)),
                           reduction=reduction)
    if tuple(out.shape)[0] != n:
        out = out[:n]
    return _wrap(ivy.reshape(out, op_shape), weak)


def scatter_apply(operand, scatter_indices, func, dimension_numbers, *,  # noqa: A002
                  update_shape=(), indices_are_sorted=False, unique_indices=False, mode=None):
    """Implements `jax.lax.scatter_apply`: ``func`` applied to each scattered-to element."""
    fn = "scatter_apply"
    a, name, weak = _operand(operand, fn)
    idx = _indices(scatter_indices, fn)
    op_shape = tuple(a.shape)
    flat, valid = _scatter_positions(op_shape, idx, tuple(update_shape), dimension_numbers, fn)
    flat = ivy.reshape(flat, (-1,))
    if valid is not None and GatherScatterMode.from_any(mode) is not GatherScatterMode.CLIP:
        flat = ivy.get_item(flat, ivy.reshape(valid, (-1,)))
    # func is applied once per update: a position hit k times gets func applied k times
    positions = ivy.to_numpy(flat)
    out = ivy.reshape(a, (-1,))
    for rep in range(int(np.bincount(positions).max()) if positions.size else 0):
        _, counts = np.unique(positions, return_counts=True)
        hit = np.unique(positions)[counts > rep]
        idx = ivy.asarray(hit)
        values = func(_wrap(ivy.take(out, idx, axis=0), weak))
        v = values._data if hasattr(values, "_data") else ivy.asarray(values, dtype=name)
        out = ivy.index_update(out, idx, v)
    return _wrap(ivy.reshape(out, op_shape), weak)

FUNCTIONS = {
    "gather": gather, "scatter_apply": scatter_apply,
    "GatherDimensionNumbers": GatherDimensionNumbers,
    "ScatterDimensionNumbers": ScatterDimensionNumbers, "GatherScatterMode": GatherScatterMode,
}
for _name, _reduction in (("scatter", "set"), ("scatter_add", "add"), ("scatter_sub", "sub"),
                          ("scatter_mul", "multiply"), ("scatter_min", "min"),
                          ("scatter_max", "max")):
    FUNCTIONS[_name] = _scatter(_name, _reduction)
del _name, _reduction
