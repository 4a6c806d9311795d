"""Manipulation, indexing, where and the main namespace's linear algebra (matmul, tensordot)."""
from __future__ import annotations

import torch

from ivy.core.errors import IvyBroadcastError, IvyError, from_native

from ._common import (INT64, NAME, WIDE_UNSIGNED, Tensor, bits, label, modular, normalize_axis,
                      operands, same_dtype, tensor_operand, type_error, value_error)
from ._elementwise import _binary, _retry

_INDEX_DTYPES = frozenset({torch.int32, torch.int64})


def _native(fn, op, x, *rest, route=None):
    """One native call; on failure the route for torch's unsigned gaps, else the native error."""
    try:
        return op(x, *rest)
    except Exception as e:
        err = e
    if route is not None and isinstance(x, Tensor) and x.dtype in WIDE_UNSIGNED:
        try:
            r = route(lambda t: op(t, *rest), x)
        except IvyError:
            raise
        except Exception as e:
            raise from_native(e, fn, NAME) from e
        if r is not NotImplemented:
            return r
    raise from_native(err, fn, NAME) from err


def _common_dtype(fn, arrays):
    arrays = list(arrays)
    if not arrays:
        raise value_error(fn, "need at least one array")
    first = arrays[0]
    if isinstance(first, Tensor) and all(isinstance(a, Tensor) and a.dtype is first.dtype
                                         for a in arrays):
        return arrays
    return same_dtype(fn, arrays)


def concat(arrays, /, *, axis=0):
    """Array API ``concat``: mixed dtypes promote by the standard's table; axis=None flattens."""
    fn = "concat"
    arrays = _common_dtype(fn, arrays)
    if axis is None:
        arrays, axis = [a.reshape(-1) for a in arrays], 0
    return _native(fn, torch.cat, arrays, axis)


def stack(arrays, /, *, axis=0):
    fn = "stack"
    return _native(fn, torch.stack, _common_dtype(fn, arrays), axis)


def expand_dims(x, /, axis):
    """Array API ``expand_dims``; a tuple of axes inserts several (positions in the result)."""
    fn = "expand_dims"
    if isinstance(axis, int):
        return _native(fn, torch.unsqueeze, x, axis)
    ndim = x.ndim + len(axis)
    positions = sorted(normalize_axis(a, ndim, fn) for a in axis)
    if len(set(positions)) != len(positions):
        raise value_error(fn, f"repeated axis in {axis}")
    for p in positions:
        x = x.unsqueeze(p)
    return x


def flip(x, /, *, axis=None):
    fn = "flip"
    dims = tuple(range(x.ndim)) if axis is None else (axis,) if isinstance(axis, int) else axis
    return _native(fn, torch.flip, x, dims, route=bits)


def moveaxis(x, source, destination, /):
    return _native("moveaxis", torch.movedim, x, source, destination)


def permute_dims(x, /, axes):
    return _native("permute_dims", torch.permute, x, axes)


def repeat(x, repeats, /, *, axis=None):
    fn = "repeat"
    if isinstance(repeats, Tensor) and repeats.dtype is not INT64:
        repeats = repeats.to(INT64)          # torch counts only in int64
    return _native(fn, torch.repeat_interleave, x, repeats, axis, route=bits)


def reshape(x, /, shape, *, copy=None):
    """Array API ``reshape``; copy=False raises ValueError when the result cannot be a view."""
    fn = "reshape"
    if copy is False:
        try:
            return x.view(shape)
        except RuntimeError as e:
            if "view size is not compatible" in str(e):
                raise value_error(fn, "copy=False, but this reshape needs a copy") from e
            raise from_native(e, fn, NAME) from e
    try:
        return (x.clone() if copy else x).reshape(shape)
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def roll(x, /, shift, *, axis=None):
    fn = "roll"
    if axis is None:
        return _native(fn, torch.roll, x, shift)
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    shifts = (shift,) if isinstance(shift, int) else tuple(shift)
    # numpy broadcasts shift against axis
    if len(shifts) == 1 and len(axes) > 1:
        shifts = shifts * len(axes)
    elif len(axes) == 1 and len(shifts) > 1:
        axes = axes * len(shifts)
    if not axes:
        return x.clone()            # nothing to roll (torch refuses empty shifts)
    return _native(fn, torch.roll, x, shifts, axes)


def squeeze(x, /, axis):
    """Array API ``squeeze``: an axis whose size is not 1 raises (torch would skip it)."""
    fn = "squeeze"
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    normalized = [normalize_axis(a, x.ndim, fn) for a in axes]
    if len(set(normalized)) != len(normalized):
        raise value_error(fn, f"repeated axis in {axis}")
    for a in normalized:
        if x.shape[a] != 1:
            raise value_error(fn, f"cannot squeeze axis {a} of size {x.shape[a]}")
    return x.squeeze(tuple(normalized)) if normalized else x


def tile(x, repetitions, /):
    return _native("tile", torch.tile, x, tuple(repetitions))


def broadcast_arrays(*arrays):
    """Array API ``broadcast_arrays``; a list, as the 2024.12 standard returns."""
    if not arrays:
        return []
    return list(_native("broadcast_arrays", torch.broadcast_tensors, *arrays))


def broadcast_to(x, /, shape):
    fn = "broadcast_to"
    try:
        return torch.broadcast_to(x, tuple(shape))
    except RuntimeError as e:
        # every RuntimeError of torch.broadcast_to is a shape that does not broadcast
        raise IvyBroadcastError(f"{label(fn)}: {e}", function=fn, backend=NAME) from e
    except Exception as e:
        raise from_native(e, fn, NAME) from e


# ---- indexing ------------------------------------------------------------------------------------

def _indices(fn, indices):
    indices = tensor_operand(fn, indices)
    if indices.dtype not in _INDEX_DTYPES:
        if indices.is_floating_point() or indices.is_complex() or indices.dtype is torch.bool:
            raise type_error(fn, "indices must have an integer dtype")
        indices = indices.to(INT64)
    return indices


def take(x, indices, /, *, axis=None):
    """Array API ``take``: negative indices count from the end; axis=None takes from x flattened."""
    fn = "take"
    indices = _indices(fn, indices)
    if axis is None:
        x, axis = x.reshape(-1), 0
    axis = normalize_axis(axis, x.ndim, fn)

    def gather(t):
        n = t.shape[axis]
        flat = indices.reshape(-1)
        flat = torch.where(flat < 0, flat + n, flat)
        out = torch.index_select(t, axis, flat)
        return out.reshape(t.shape[:axis] + indices.shape + t.shape[axis + 1:])
    return _native(fn, gather, x, route=bits)


def take_along_axis(x, indices, /, *, axis=-1):
    fn = "take_along_axis"
    indices = _indices(fn, indices)
    if indices.dtype is not INT64:
        indices = indices.to(INT64)
    return _native(fn, torch.take_along_dim, x, indices, axis, route=bits)


def where(condition, x1, x2, /):
    """Array API ``where``; a Python scalar branch takes the other branch's dtype."""
    try:
        if x1.dtype is x2.dtype:
            return torch.where(condition, x1, x2)
    except Exception:
        pass
    fn = "where"
    condition = tensor_operand(fn, condition)
    if condition.dtype is not torch.bool:
        raise type_error(fn, "condition must have dtype bool")
    x1, x2 = operands(fn, x1, x2)
    return _retry(fn, lambda a, b: torch.where(condition, a, b), bits, x1, x2)


# ---- linear algebra in the main namespace -------------------------------------------------------

matmul = _binary("matmul", torch.matmul, modular)


def tensordot(x1, x2, /, *, axes=2):
    fn = "tensordot"
    if not isinstance(axes, int):
        axes = (list(axes[0]), list(axes[1]))
    if not (isinstance(x1, Tensor) and isinstance(x2, Tensor) and x1.dtype is x2.dtype):
        x1, x2 = operands(fn, x1, x2)
    return _retry(fn, lambda a, b: torch.tensordot(a, b, dims=axes), modular, x1, x2)
