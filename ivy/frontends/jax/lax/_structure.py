"""``jax.lax`` shape, slicing, reduction, sorting and dot functions on ivy's core.

Results keep the operand's weak type (lax's structural operations never change it). Axes are
non-negative where lax requires them; start indices of the dynamic slices are clamped as JAX does.
"""
from __future__ import annotations

import builtins
import operator

import ivy
from ivy.core import dtypes as D

from .. import _dtypes as J
from .._array import Array, _wrap, asarray, promote
from .._dtypes import native_name
from ._elementwise import check_kind, operand as _op, same_dtypes
from ivy.frontends.jax._late import late as _late

_range = builtins.range
_slice = builtins.slice


def _ints(seq, fn, what="dimensions"):
    try:
        return tuple(operator.index(d) for d in seq)
    except TypeError:
        raise TypeError(f"{fn}: {what} must be a sequence of integers, got {seq!r}") from None


def _shape(shape, fn):
    if not hasattr(shape, "__len__"):
        shape = (shape,)
    out = _ints(shape, fn, "shape")
    if any(d < 0 for d in out):
        raise TypeError(f"{fn}: shape must have non-negative sizes, got {out}")
    return out


def _axis(axis, ndim, fn, negative=False):
    axis = operator.index(axis)
    if negative and -ndim <= axis < 0:
        return axis + ndim
    if not 0 <= axis < ndim:
        raise ValueError(f"{fn}: axis {axis} is out of bounds for an array of rank {ndim}")
    return axis


# ---- shape ------------------------------------------------------------------------------------

def broadcast(operand, sizes, *, out_sharding=None):  # noqa: A002 — lax's names
    """Implements `jax.lax.broadcast`: new leading dimensions ``sizes``."""
    a, _, weak = _op(operand, "broadcast")
    sizes = _shape(sizes, "broadcast")
    return _wrap(ivy.broadcast_to(a, sizes + tuple(a.shape)), weak)


def broadcast_in_dim(operand, shape, broadcast_dimensions, *, out_sharding=None):  # noqa: A002
    """Implements `jax.lax.broadcast_in_dim`: operand dim i becomes ``shape[bdims[i]]``."""
    a, _, weak = _op(operand, "broadcast_in_dim")
    shape = _shape(shape, "broadcast_in_dim")
    dims = _ints(broadcast_dimensions, "broadcast_in_dim")
    ashape = tuple(a.shape)
    if len(dims) != len(ashape):
        raise TypeError(f"broadcast_in_dim broadcast_dimensions must have length equal to operand "
                        f"ndim; got broadcast_dimensions {dims} for operand ndim {len(ashape)}.")
    if any(not 0 <= d < len(shape) for d in dims) or list(dims) != sorted(set(dims)):
        raise TypeError(f"broadcast_in_dim broadcast_dimensions must be strictly increasing and "
                        f"within the output rank; got {dims} for shape {shape}")
    for s, d in zip(ashape, dims):
        if s != 1 and s != shape[d]:
            raise TypeError(f"broadcast_in_dim operand dimension sizes must either be 1, or be "
                            f"equal to their corresponding dimensions in the target broadcast "
                            f"shape; got operand of shape {ashape}, target broadcast shape "
                            f"{shape}, broadcast_dimensions {dims} ")
    inter = [1] * len(shape)
    for s, d in zip(ashape, dims):
        inter[d] = s
    return _wrap(ivy.broadcast_to(ivy.reshape(a, tuple(inter)), shape), weak)


def broadcast_shapes(*shapes):
    """Implements `jax.lax.broadcast_shapes` (NumPy's rule; a mismatch is ValueError)."""
    shapes = [_shape(s, "broadcast_shapes") for s in shapes]
    try:
        return tuple(int(d) for d in ivy.broadcast_shapes(*shapes))
    except ValueError:
        raise ValueError(f"Incompatible shapes for broadcasting: shapes={shapes}") from None


def broadcast_to_rank(x, rank):
    """Implements `jax.lax.broadcast_to_rank`: leading size-1 dimensions up to ``rank``."""
    a, _, weak = _op(x, "broadcast_to_rank")
    extra = rank - len(a.shape)
    return _wrap(ivy.reshape(a, (1,) * extra + tuple(a.shape)) if extra > 0 else a, weak)


def broadcast_like(arr, like_arr):
    """Implements `jax.lax.broadcast_like`: ``arr`` broadcast to ``like_arr``'s shape."""
    a, _, weak = _op(arr, "broadcast_like")
    shape = tuple(_op(like_arr, "broadcast_like")[0].shape)
    return _wrap(ivy.broadcast_to(a, shape), weak)


def reshape(operand, new_sizes, dimensions=None, *, out_sharding=None):  # noqa: A002
    """Implements `jax.lax.reshape` (``dimensions`` transposes first)."""
    a, _, weak = _op(operand, "reshape")
    new_sizes = _shape(new_sizes, "reshape")
    if dimensions is not None:
        a = ivy.permute_dims(a, _ints(dimensions, "reshape"))
    size = 1
    for d in a.shape:
        size *= d
    total = 1
    for d in new_sizes:
        total *= d
    if size != total:
        raise ValueError(f"reshape total size must be unchanged, got new_sizes {new_sizes} (of "
                        f"total size {total}) for shape {tuple(a.shape)} (of total size {size}).")
    return _wrap(ivy.reshape(a, new_sizes), weak)


def squeeze(array, dimensions):
    """Implements `jax.lax.squeeze`."""
    a, _, weak = _op(array, "squeeze")
    nd = len(a.shape)
    dims = {_axis(d, nd, "squeeze", True) for d in _ints(dimensions, "squeeze")}
    if any(a.shape[d] != 1 for d in dims):
        raise ValueError(f"cannot select an axis to squeeze out which has size not equal to one, "
                         f"got shape={tuple(a.shape)} and dimensions={tuple(dimensions)}")
    return _wrap(ivy.reshape(a, tuple(s for i, s in enumerate(a.shape) if i not in dims)), weak)


def expand_dims(array, dimensions):
    """Implements `jax.lax.expand_dims`."""
    a, _, weak = _op(array, "expand_dims")
    dims = _ints(dimensions, "expand_dims")
    nd = len(a.shape) + len(dims)
    dims = {_axis(d, nd, "expand_dims", True) for d in dims}
    it = iter(a.shape)
    return _wrap(ivy.reshape(a, tuple(1 if i in dims else next(it) for i in _range(nd))), weak)


def transpose(operand, permutation):  # noqa: A002
    """Implements `jax.lax.transpose`."""
    a, _, weak = _op(operand, "transpose")
    perm = _ints(permutation, "transpose")
    if sorted(perm) != list(_range(len(a.shape))):
        raise TypeError(f"transpose permutation isn't a permutation of operand dimensions, got "
                        f"permutation {perm} for operand shape {tuple(a.shape)}.")
    return _wrap(ivy.permute_dims(a, perm), weak)


def rev(operand, dimensions):  # noqa: A002
    """Implements `jax.lax.rev`: reverse along ``dimensions`` (non-negative)."""
    a, _, weak = _op(operand, "rev")
    dims = _ints(dimensions, "rev")
    if any(d < 0 for d in dims):
        raise TypeError(f"rev dimensions must have every element be nonnegative, got {dims}.")
    if any(d >= len(a.shape) for d in dims) or len(set(dims)) != len(dims):
        raise TypeError(f"rev dimensions must be unique and less than the operand rank, got "
                        f"{dims} for shape {tuple(a.shape)}.")
    return _wrap(ivy.flip(a, axis=dims) if dims else a, weak)


def concatenate(operands, dimension):  # noqa: A002
    """Implements `jax.lax.concatenate`: one dtype, one rank, ``dimension`` non-negative."""
    ops = [_op(x, "concatenate") for x in operands]
    if not ops:
        raise TypeError("concatenate requires a non-empty sequences of arrays")
    same_dtypes([o[1] for o in ops], "concatenate")
    shapes = [tuple(o[0].shape) for o in ops]
    if len({len(s) for s in shapes}) > 1:
        raise TypeError(f"Cannot concatenate arrays with different numbers of dimensions: got "
                        f"{', '.join(map(str, shapes))}.")
    nd = len(shapes[0])
    dimension = operator.index(dimension)
    if not 0 <= dimension < nd:
        raise TypeError(f"concatenate dimension out of bounds: dimension {dimension} for shapes "
                        f"{', '.join(map(str, shapes))}.")
    if len({s[:dimension] + s[dimension + 1:] for s in shapes}) > 1:
        raise TypeError(f"Cannot concatenate arrays with shapes that differ in dimensions other "
                        f"than the one being concatenated: {shapes}")
    return _wrap(ivy.concat([o[0] for o in ops], axis=dimension), all(o[2] for o in ops))


def _pad_axis(a, axis, lo, hi, interior, fill):
    if interior:
        n = a.shape[axis]
        if n > 0:
            shape = tuple(a.shape)
            e = ivy.expand_dims(a, axis=axis + 1)
            block = ivy.broadcast_to(fill, shape[:axis + 1] + (interior,) + shape[axis + 1:])
            e = ivy.concat([e, block], axis=axis + 1)
            e = ivy.reshape(e, shape[:axis] + (n * (interior + 1),) + shape[axis + 1:])
            a = ivy.get_item(e, (_slice(None),) * axis + (_slice(0, n + (n - 1) * interior),))
    for amount, side in ((lo, 0), (hi, 1)):
        n = a.shape[axis]
        if amount < 0:
            keep = _slice(-amount, None) if side == 0 else _slice(0, builtins.max(n + amount, 0))
            a = ivy.get_item(a, (_slice(None),) * axis + (keep,))
        elif amount > 0:
            shape = tuple(a.shape)
            block = ivy.broadcast_to(fill, shape[:axis] + (amount,) + shape[axis + 1:])
            a = ivy.concat([block, a] if side == 0 else [a, block], axis=axis)
    return a


def pad(operand, padding_value, padding_config):  # noqa: A002
    """Implements `jax.lax.pad`: (low, high, interior) per dimension; negative low/high crop."""
    a, name, weak = _op(operand, "pad")
    v, vname, vweak = _op(padding_value, "pad")
    if name != vname:
        raise TypeError(f"pad operand and padding_value must be same dtype: got {name} and "
                        f"{vname}.")
    if tuple(v.shape) != ():
        raise TypeError(f"pad padding_value must be a scalar, got shape {tuple(v.shape)}")
    config = [tuple(operator.index(c) for c in cfg) for cfg in padding_config]
    if len(config) != len(a.shape):
        raise ValueError(f"length of padding_config must equal the number of axes of operand, "
                         f"got padding_config {config} for operand shape {tuple(a.shape)}")
    for lo, hi, interior in config:
        if interior < 0:
            raise ValueError(f"interior padding in padding_config must be nonnegative, got "
                             f"padding_config {config}")
    for axis, (lo, hi, interior) in enumerate(config):
        if (lo, hi, interior) != (0, 0, 0):
            a = _pad_axis(a, axis, lo, hi, interior, v)
    return _wrap(a, weak)


def slice(operand, start_indices, limit_indices, strides=None):  # noqa: A001,A002
    """Implements `jax.lax.slice` (static bounds, checked)."""
    a, _, weak = _op(operand, "slice")
    shape = tuple(a.shape)
    start, limit = _ints(start_indices, "slice"), _ints(limit_indices, "slice")
    steps = (1,) * len(shape) if strides is None else _ints(strides, "slice")
    if not len(start) == len(limit) == len(steps) == len(shape):
        raise TypeError(f"slice start_indices, limit_indices and strides must have length equal "
                        f"to the operand rank, got {start}, {limit}, {steps} for shape {shape}.")
    if any(s < 0 for s in start) or any(lim > n for lim, n in zip(limit, shape)) or \
            any(lim < s for s, lim in zip(start, limit)) or any(st <= 0 for st in steps):
        raise TypeError(f"slice bounds must be 0 <= start <= limit <= shape with positive "
                        f"strides, got start {start}, limit {limit}, strides {steps} for operand "
                        f"shape {shape}.")
    key = tuple(_slice(s, lim, st) for s, lim, st in zip(start, limit, steps))
    return _wrap(ivy.get_item(a, key), weak)


def slice_in_dim(operand, start_index, limit_index, stride=1, axis=0):  # noqa: A002
    """Implements `jax.lax.slice_in_dim` (negative indices count from the end)."""
    a = operand if isinstance(operand, Array) else asarray(operand)
    nd = a.ndim
    axis = _axis(axis, nd, "slice_in_dim", True)
    n = a.shape[axis]
    start = 0 if start_index is None else operator.index(start_index)
    limit = n if limit_index is None else operator.index(limit_index)
    start, limit = start + n if start < 0 else start, limit + n if limit < 0 else limit
    starts, limits, strides = [0] * nd, list(a.shape), [1] * nd
    starts[axis], limits[axis], strides[axis] = start, limit, int(stride)
    return slice(a, starts, limits, strides)


def index_in_dim(operand, index, axis=0, keepdims=True):  # noqa: A002
    """Implements `jax.lax.index_in_dim` (a static index; out of range is IndexError)."""
    a = operand if isinstance(operand, Array) else asarray(operand)
    axis = _axis(axis, a.ndim, "index_in_dim", True)
    n = a.shape[axis]
    index = operator.index(index)
    if not -n <= index < n:
        raise IndexError(f"index {index} is out of bounds for axis {axis} with size {n}")
    index = index + n if index < 0 else index
    out = slice_in_dim(a, index, index + 1, 1, axis)
    return out if keepdims else _wrap(ivy.squeeze(out._data, axis=axis), out.weak_type)


def _starts(start_indices, fn):
    """Python ints of the start indices (one integer dtype for all of them, as lax requires)."""
    if isinstance(start_indices, Array) or ivy.is_native_array(start_indices):
        a = _op(start_indices, fn)[0]
        if native_name(a) not in D.INTEGRAL:
            raise TypeError(f"index arguments to {fn} must be integers, got {native_name(a)}")
        return [int(v) for v in ivy.to_numpy(a).reshape(-1)]
    names, out = set(), []
    for v in start_indices:
        a, name, _ = _op(v, fn)
        names.add(name)
        out.append(int(ivy.to_numpy(a)) if name in D.INTEGRAL else None)
    if len(names) > 1 or (names and not names <= set(D.INTEGRAL)):
        raise TypeError(f"index arguments to {fn} must be integers of the same type, got: "
                        f"{', '.join(sorted(names))}")
    return out


def _clamped(starts, sizes, shape, allow_negative_indices):
    negative = allow_negative_indices if isinstance(allow_negative_indices, (list, tuple)) \
        else [allow_negative_indices] * len(shape)
    out = []
    for s, k, n, neg in zip(starts, sizes, shape, negative):
        if neg and s < 0:
            s += n
        out.append(builtins.min(builtins.max(s, 0), n - k))
    return out


def dynamic_slice(operand, start_indices, slice_sizes, *,  # noqa: A002
                  allow_negative_indices=True):
    """Implements `jax.lax.dynamic_slice`: start indices are clamped so the slice fits."""
    a, _, weak = _op(operand, "dynamic_slice")
    shape = tuple(a.shape)
    starts = _starts(start_indices, "dynamic_slice")
    sizes = _shape(slice_sizes, "dynamic_slice")
    if len(starts) != len(shape) or len(sizes) != len(shape):
        raise TypeError(f"dynamic_slice start_indices and slice_sizes must have length equal to "
                        f"the operand rank, got {len(starts)} and {sizes} for shape {shape}")
    if any(k > n for k, n in zip(sizes, shape)):
        raise TypeError(f"slice slice_sizes must be less than or equal to operand shape, got "
                        f"slice_sizes {sizes} for operand shape {shape}.")
    starts = _clamped(starts, sizes, shape, allow_negative_indices)
    key = tuple(_slice(s, s + k) for s, k in zip(starts, sizes))
    return _wrap(ivy.get_item(a, key), weak)


def dynamic_slice_in_dim(operand, start_index, slice_size, axis=0, *,  # noqa: A002
                         allow_negative_indices=True):
    """Implements `jax.lax.dynamic_slice_in_dim`."""
    a = operand if isinstance(operand, Array) else asarray(operand)
    axis = _axis(axis, a.ndim, "dynamic_slice_in_dim", True)
    starts, sizes = _in_dim_starts(start_index, axis, a.ndim), list(a.shape)
    sizes[axis] = int(slice_size)
    return dynamic_slice(a, starts, sizes, allow_negative_indices=allow_negative_indices)


def _in_dim_starts(index, axis, ndim):
    """Start indices: ``index`` at ``axis``, zeros of its dtype elsewhere."""
    zero = 0 if type(index) is int else asarray(0, _op(index, "dynamic_slice")[1])
    return [index if i == axis else zero for i in _range(ndim)]


def dynamic_index_in_dim(operand, index, axis=0, keepdims=True, *,  # noqa: A002
                         allow_negative_indices=True):
    """Implements `jax.lax.dynamic_index_in_dim` (the index is clamped)."""
    out = dynamic_slice_in_dim(operand, index, 1, axis,
                               allow_negative_indices=allow_negative_indices)
    if keepdims:
        return out
    axis = _axis(axis, out.ndim, "dynamic_index_in_dim", True)
    return _wrap(ivy.squeeze(out._data, axis=axis), out.weak_type)


def dynamic_update_slice(operand, update, start_indices, *,  # noqa: A002
                         allow_negative_indices=True):
    """Implements `jax.lax.dynamic_update_slice`: start indices are clamped so the update fits."""
    a, name, weak = _op(operand, "dynamic_update_slice")
    u, uname, _ = _op(update, "dynamic_update_slice")
    same_dtypes([name, uname], "dynamic_update_slice")
    shape, ushape = tuple(a.shape), tuple(u.shape)
    starts = _starts(start_indices, "dynamic_update_slice")
    if len(starts) != len(shape):
        raise ValueError(f"Length of slice indices must match number of operand dimensions "
                         f"({len(starts)} vs {shape})")
    if len(ushape) != len(shape) or any(k > n for k, n in zip(ushape, shape)):
        raise TypeError(f"dynamic_update_slice update shape must be smaller than operand shape, "
                        f"got update shape {ushape} for operand shape {shape}.")
    starts = _clamped(starts, ushape, shape, allow_negative_indices)
    key = tuple(_slice(s, s + k) for s, k in zip(starts, ushape))
    return _wrap(ivy.index_update(a, key, u), weak)


def dynamic_update_slice_in_dim(operand, update, start_index, axis, *,  # noqa: A002
                                allow_negative_indices=True):
    """Implements `jax.lax.dynamic_update_slice_in_dim`."""
    a = operand if isinstance(operand, Array) else asarray(operand)
    axis = _axis(axis, a.ndim, "dynamic_update_slice_in_dim", True)
    starts = _in_dim_starts(start_index, axis, a.ndim)
    return dynamic_update_slice(a, update, starts, allow_negative_indices=allow_negative_indices)


def dynamic_update_index_in_dim(operand, update, index, axis, *,  # noqa: A002
                                allow_negative_indices=True):
    """Implements `jax.lax.dynamic_update_index_in_dim`: ``update`` may lack the axis."""
    a = operand if isinstance(operand, Array) else asarray(operand)
    axis = _axis(axis, a.ndim, "dynamic_update_index_in_dim", True)
    u = update if isinstance(update, Array) else asarray(update)
    if u.ndim == a.ndim - 1:
        u = _wrap(ivy.expand_dims(u._data, axis=axis), u.weak_type)
    return dynamic_update_slice_in_dim(a, u, index, axis,
                                       allow_negative_indices=allow_negative_indices)


def collapse(operand, start_dimension, stop_dimension=None):  # noqa: A002
    """Implements `jax.lax.collapse`: merge dimensions [start, stop) into one."""
    a, _, weak = _op(operand, "collapse")
    shape = tuple(a.shape)
    stop = len(shape) if stop_dimension is None else stop_dimension
    start = start_dimension + len(shape) if start_dimension < 0 else start_dimension
    stop = stop + len(shape) if stop < 0 else stop
    size = 1
    for d in shape[start:stop]:
        size *= d
    return _wrap(ivy.reshape(a, shape[:start] + (size,) + shape[stop:]), weak)


def tile(operand, reps):  # noqa: A002
    """Implements `jax.lax.tile`."""
    a, _, weak = _op(operand, "tile")
    return _wrap(ivy.tile(a, _ints(reps, "tile")), weak)


def stack(operands, axis=0):  # noqa: A002
    """Implements `jax.lax.stack`."""
    ops = [_op(x, "stack") for x in operands]
    same_dtypes([o[1] for o in ops], "stack")
    return _wrap(ivy.stack([o[0] for o in ops], axis=axis), all(o[2] for o in ops))


def unstack(x, axis=0):
    """Implements `jax.lax.unstack`."""
    a, _, weak = _op(x, "unstack")
    return tuple(_wrap(v, weak) for v in ivy.unstack(a, axis=axis))


def split(operand, sizes, axis=0):  # noqa: A002
    """Implements `jax.lax.split`: pieces of the given sizes along ``axis``."""
    a, _, weak = _op(operand, "split")
    axis = _axis(axis, len(a.shape), "split", True)
    sizes = _ints(sizes, "split", "sizes")
    if sum(sizes) != a.shape[axis] or any(s < 0 for s in sizes):
        raise ValueError(f"Sum of sizes {sum(sizes)} must be equal to dimension {axis} of the "
                         f"operand shape {list(a.shape)}")
    out, start = [], 0
    for s in sizes:
        out.append(_wrap(ivy.get_item(a, (_slice(None),) * axis +
                                      (_slice(start, start + s),)), weak))
        start += s
    return out


# ---- creation ---------------------------------------------------------------------------------

def iota(dtype, size):
    """Implements `jax.lax.iota`."""
    return _wrap(ivy.arange(operator.index(size), dtype=J.name_of(dtype)))


def broadcasted_iota(dtype, shape, dimension, *, out_sharding=None):
    """Implements `jax.lax.broadcasted_iota`."""
    shape = _shape(shape, "broadcasted_iota")
    dimension = _axis(dimension, len(shape), "broadcasted_iota")
    r = ivy.arange(shape[dimension], dtype=J.name_of(dtype))
    return broadcast_in_dim(_wrap(r), shape, (dimension,))


def full(shape, fill_value, dtype=None, *, sharding=None):
    """Implements `jax.lax.full`: weak when the fill value is and ``dtype`` is None."""
    v = asarray(fill_value, dtype)
    if v.ndim:
        raise TypeError(f"full must be called with scalar fill_value, got fill_value.shape "
                        f"{v.shape}.")
    return _wrap(ivy.broadcast_to(v._data, _shape(shape, "full")),
                 v.weak_type and dtype is None)


def full_like(x, fill_value, dtype=None, shape=None, sharding=None):
    """Implements `jax.lax.full_like`: x's dtype and weak type unless ``dtype`` is given."""
    a, name, weak = _op(x, "full_like")
    want = name if dtype is None else J.name_of(dtype)
    s = tuple(a.shape) if shape is None else _shape(shape, "full_like")
    v = asarray(fill_value, want)
    return _wrap(ivy.broadcast_to(v._data, s), weak and dtype is None)


def empty(shape, dtype, *, out_sharding=None):
    """Implements `jax.lax.empty` (zeros)."""
    return _wrap(ivy.zeros(_shape(shape, "empty"), dtype=J.name_of(dtype)))


# ---- reductions -------------------------------------------------------------------------------

def _axes(axes, ndim, fn, error=ValueError):
    axes = _ints(axes, fn, "axes")
    if any(not 0 <= d < ndim for d in axes) or len(set(axes)) != len(axes):
        raise error(f"reduction axes {axes} contains out-of-bounds indices for rank {ndim}.")
    return axes


def _bool_reduce(core):
    return lambda a, axes: core(a, axis=axes) if native_name(a) == "bool" else None


def _reduce_bits(op):
    """and/or/xor over axes of an integer (or bool) array by folding slices."""
    def f(a, axes):
        name = native_name(a)
        moved = ivy.permute_dims(a, tuple(axes) + tuple(i for i in _range(len(a.shape))
                                                        if i not in axes))
        rest = tuple(moved.shape)[len(axes):]
        flat = ivy.reshape(moved, (-1,) + rest)
        n = flat.shape[0]
        if name == "bool":
            identity = op == "and"
        elif op == "and":
            identity = -1 if name in D.SIGNED else D.iinfo(name).max
        else:
            identity = 0
        acc = ivy.full(rest, identity, dtype=name)
        core = {"and": _late.bitwise_and, "or": _late.bitwise_or, "xor": _late.bitwise_xor}[op]
        if name == "bool":
            core = {"and": _late.logical_and, "or": _late.logical_or, "xor": _late.logical_xor}[op]
        for i in _range(n):
            acc = core(acc, flat[i])
        return acc
    return f


def _reduce_max(a, axes):
    if native_name(a) == "bool":
        return ivy.any(a, axis=axes)
    return ivy.max(a, axis=axes) if axes else a


def _reduce_min(a, axes):
    if native_name(a) == "bool":
        return ivy.all(a, axis=axes)
    return ivy.min(a, axis=axes) if axes else a


def _reduce_sum(a, axes):
    return ivy.sum(a, axis=axes, dtype=native_name(a)) if axes else a


def _reduce_prod(a, axes):
    return ivy.prod(a, axis=axes, dtype=native_name(a)) if axes else a


# name: (core(a, axes), accepted kind)
REDUCTIONS = {
    "reduce_sum": (_reduce_sum, "number"), "reduce_prod": (_reduce_prod, "number"),
    "reduce_max": (_reduce_max, "any"), "reduce_min": (_reduce_min, "any"),
    "reduce_and": (_reduce_bits("and"), "int_bool"), "reduce_or": (_reduce_bits("or"), "int_bool"),
    "reduce_xor": (_reduce_bits("xor"), "int_bool"),
}


def _reduction(name, core, kind):
    def f(operand, axes):  # noqa: A002
        a, dname, weak = _op(operand, name)
        if kind == "int_bool" and dname not in D.INTEGRAL + D.BOOL:
            raise TypeError(f"logical reduction requires operand dtype bool or int, got {dname}.")
        check_kind(dname, kind, name)
        # the logical reductions index the shape with the axes: IndexError, as JAX
        error = IndexError if kind == "int_bool" else ValueError
        return _wrap(core(a, _axes(axes, len(a.shape), name, error)), weak)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"Implements `jax.lax.{name}`."
    return f


FUNCTIONS = {name: _reduction(name, core, kind) for name, (core, kind) in REDUCTIONS.items()}


_REDUCE_SUM = FUNCTIONS["reduce_sum"]


def reduce_sum(operand, axes, *, out_sharding=None):  # noqa: A002
    """Implements `jax.lax.reduce_sum`."""
    return _REDUCE_SUM(operand, axes)


def _known_reductions():
    """{computation: reduce_* name} for lax's and jnp's monoid functions."""
    from .. import numpy as jnp
    from . import _elementwise as E
    table = {E.FUNCTIONS["add"]: "reduce_sum", E.FUNCTIONS["mul"]: "reduce_prod",
             E.FUNCTIONS["max"]: "reduce_max", E.FUNCTIONS["min"]: "reduce_min",
             E.FUNCTIONS["bitwise_and"]: "reduce_and", E.FUNCTIONS["bitwise_or"]: "reduce_or",
             E.FUNCTIONS["bitwise_xor"]: "reduce_xor", E.mul: "reduce_prod"}
    for jname, rname in (("add", "reduce_sum"), ("multiply", "reduce_prod"),
                         ("maximum", "reduce_max"), ("minimum", "reduce_min"),
                         ("logical_and", "reduce_and"), ("logical_or", "reduce_or"),
                         ("bitwise_and", "reduce_and"), ("bitwise_or", "reduce_or"),
                         ("bitwise_xor", "reduce_xor")):
        fn = getattr(jnp, jname, None)
        if fn is not None:
            table[fn] = rname
    return table


_KNOWN = []
_COMBINE = {"reduce_sum": "add", "reduce_prod": "mul", "reduce_max": "max", "reduce_min": "min",
            "reduce_and": "bitwise_and", "reduce_or": "bitwise_or", "reduce_xor": "bitwise_xor"}


def reduce(operands, init_values, computation, dimensions, out_sharding=None):  # noqa: A001
    """Implements `jax.lax.reduce`: lax/jnp monoids reduce natively; any other computation is
    folded over the reduced elements in order, one call per element."""
    from . import _elementwise as E
    if not _KNOWN:
        _KNOWN.append(_known_reductions())
    xs, treedef = ivy.tree.flatten(operands)
    inits, init_def = ivy.tree.flatten(init_values)
    if treedef != init_def:
        raise ValueError(f"reduce: operands and init_values must have the same structure, got "
                         f"{treedef} and {init_def}")
    ops = [_op(x, "reduce") for x in xs]
    dims = _axes(dimensions, len(ops[0][0].shape), "reduce")
    kind = _KNOWN[0].get(computation)
    if kind is not None and len(ops) == 1:
        a, name, weak = ops[0]
        init = asarray(inits[0], name) if not isinstance(inits[0], Array) else inits[0]
        r = FUNCTIONS[kind](_wrap(a, weak), dims)
        out = E.FUNCTIONS[_COMBINE[kind]](r, _wrap(init._data, weak))
        return ivy.tree.unflatten(treedef, [_wrap(out._data, weak)])
    nd = len(ops[0][0].shape)
    rest = [i for i in _range(nd) if i not in dims]
    flats = []
    for a, _, _ in ops:
        moved = ivy.permute_dims(a, tuple(dims) + tuple(rest))
        flats.append(ivy.reshape(moved, (-1,) + tuple(moved.shape)[len(dims):]))
    rest_shape = tuple(flats[0].shape)[1:]
    acc = [_wrap(ivy.broadcast_to(asarray(v, name)._data if not isinstance(v, Array) else v._data,
                                  rest_shape), weak) for v, (_, name, weak) in zip(inits, ops)]
    for i in _range(flats[0].shape[0]):
        elem = ivy.tree.unflatten(treedef, [_wrap(f[i], w) for f, (_, _, w) in zip(flats, ops)])
        out = computation(ivy.tree.unflatten(treedef, acc), elem)
        acc = ivy.tree.leaves(out)
    acc = [_wrap(v._data if isinstance(v, Array) else asarray(v)._data, w)
           for v, (_, _, w) in zip(acc, ops)]
    return ivy.tree.unflatten(treedef, acc)


def argmax(operand, axis, index_dtype):  # noqa: A002
    """Implements `jax.lax.argmax` (the first maximum; NaN counts as the maximum)."""
    return _arg(operand, axis, index_dtype, "argmax")


def argmin(operand, axis, index_dtype):  # noqa: A002
    """Implements `jax.lax.argmin` (the first minimum; NaN counts as the minimum)."""
    return _arg(operand, axis, index_dtype, "argmin")


def _arg(x, axis, index_dtype, fn):
    a, name, weak = _op(x, fn)
    idx = J.name_of(index_dtype)
    if idx not in D.INTEGRAL:
        raise TypeError(f"index_dtype must be an integer type, but got {idx}")
    axis = operator.index(axis)
    if not 0 <= axis < len(a.shape):
        raise ValueError(f"Invalid axis {axis} for operand shape {tuple(a.shape)}")
    if name == "bool":
        a = ivy.astype(a, "uint8")
    if name in D.REAL_FLOATING:        # a NaN wins, the first one
        nan = ivy.isnan(a)
        first_nan = ivy.argmax(ivy.astype(nan, "uint8"), axis=axis)
        plain = (ivy.argmax if fn == "argmax" else _late.argmin)(a, axis=axis)
        out = ivy.where(ivy.any(nan, axis=axis), first_nan, plain)
    else:
        out = (ivy.argmax if fn == "argmax" else _late.argmin)(a, axis=axis)
    return _wrap(ivy.astype(out, idx))


# ---- cumulative -------------------------------------------------------------------------------

def _cumulative(name, core, kind):
    def f(operand, axis=0, reverse=False):  # noqa: A002
        a, dname, weak = _op(operand, name)
        axis = operator.index(axis)
        if axis < 0:
            raise ValueError("XLA operations do not allow negative axes")
        if axis >= len(a.shape):
            raise ValueError(f"axis {axis} is out of bounds for array of shape {tuple(a.shape)}")
        check_kind(dname, kind, name)
        if reverse:
            a = ivy.flip(a, axis=axis)
        out = core(a, axis)
        return _wrap(ivy.flip(out, axis=axis) if reverse else out, weak)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"Implements `jax.lax.{name}`."
    return f


CUMULATIVE = {
    "cumsum": (lambda a, ax: ivy.cumulative_sum(a, axis=ax, dtype=native_name(a)), "number"),
    "cumprod": (lambda a, ax: ivy.cumulative_prod(a, axis=ax, dtype=native_name(a)), "number"),
    "cummax": (lambda a, ax: ivy.cummax(a, axis=ax)[0], "number"),
    "cummin": (lambda a, ax: ivy.cummin(a, axis=ax)[0], "number"),
    "cumlogsumexp": (lambda a, ax: ivy.logcumsumexp(a, axis=ax), "inexact"),
}
FUNCTIONS.update({name: _cumulative(name, core, kind) for name, (core, kind) in
                  CUMULATIVE.items()})


# ---- sorting ----------------------------------------------------------------------------------

def _sort_keys(a):
    """A key that orders like lax.sort (bool as uint8)."""
    return ivy.astype(a, "uint8") if native_name(a) == "bool" else a


def sort(operand, dimension=-1, is_stable=True, num_keys=1):  # noqa: A002
    """Implements `jax.lax.sort`: one array, or a sequence sorted together by its first
    ``num_keys`` arrays (lexicographically; NaNs last)."""
    single = isinstance(operand, Array) or not isinstance(operand, (list, tuple))
    ops = [_op(x, "sort") for x in ([operand] if single else operand)]
    if not ops:
        raise TypeError("sort requires at least one operand")
    shape = tuple(ops[0][0].shape)
    if any(tuple(o[0].shape) != shape for o in ops):
        raise TypeError(f"sort arguments must all have the same shape, got "
                        f"{[tuple(o[0].shape) for o in ops]}")
    num_keys = operator.index(num_keys)
    if not 1 <= num_keys <= len(ops):
        raise ValueError(f"num_keys={num_keys} must be between 1 and len(operand)={len(ops)}")
    axis = _axis(dimension, len(shape), "sort", True)
    perm = None
    for k in _range(num_keys - 1, -1, -1):
        key = _sort_keys(ops[k][0])
        if perm is not None:
            key = ivy.take_along_axis(key, perm, axis=axis)
        idx = ivy.argsort(key, axis=axis, stable=True)
        perm = idx if perm is None else ivy.take_along_axis(perm, idx, axis=axis)
    out = tuple(_wrap(ivy.take_along_axis(a, perm, axis=axis), w) for a, _, w in ops)
    return out[0] if single else out


def sort_key_val(keys, values, dimension=-1, is_stable=True):
    """Implements `jax.lax.sort_key_val`."""
    return sort((keys, values), dimension, is_stable, 1)


def top_k(operand, k, *, axis=-1):  # noqa: A002
    """Implements `jax.lax.top_k`: (values, int32 indices) of the k largest along ``axis``."""
    a, name, weak = _op(operand, "top_k")
    nd = len(a.shape)
    if nd == 0:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension 0")
    ax = _axis(axis, nd, "top_k", True)
    k = operator.index(k)
    if k < 0:
        raise ValueError(f"k argument to top_k must be nonnegative, got {k}")
    if k > a.shape[ax]:
        raise ValueError(f"k argument to top_k must be no larger than size along axis; got k={k} "
                         f"with shape={list(a.shape)} and axis={ax}")
    key = _sort_keys(a)
    neg = ivy.negative(ivy.astype(key, "int64")) if native_name(key) in D.UNSIGNED + D.INTEGRAL \
        else ivy.negative(key)
    idx = ivy.argsort(neg, axis=ax, stable=True)
    idx = ivy.get_item(idx, (_slice(None),) * ax + (_slice(0, k),))
    return [_wrap(ivy.take_along_axis(a, idx, axis=ax), weak),
            _wrap(ivy.astype(idx, "int32"), weak)]


def approx_max_k(operand, k, reduction_dimension=-1, recall_target=0.95,  # noqa: A002
                 reduction_input_size_override=-1, aggregate_to_topk=True):
    """Implements `jax.lax.approx_max_k` exactly (recall 1, as on CPU)."""
    if not aggregate_to_topk:
        raise NotImplementedError("lax.approx_max_k: aggregate_to_topk=False is not supported")
    return top_k(operand, k, axis=reduction_dimension)


def approx_min_k(operand, k, reduction_dimension=-1, recall_target=0.95,  # noqa: A002
                 reduction_input_size_override=-1, aggregate_to_topk=True):
    """Implements `jax.lax.approx_min_k` exactly (recall 1, as on CPU)."""
    if not aggregate_to_topk:
        raise NotImplementedError("lax.approx_min_k: aggregate_to_topk=False is not supported")
    from ._elementwise import FUNCTIONS as E
    values, idx = top_k(E["neg"](operand), k, axis=reduction_dimension)
    return [E["neg"](values), idx]


def optimization_barrier(operand, /):  # noqa: A002
    """Implements `jax.lax.optimization_barrier`: the identity on a pytree (Python scalars
    become weak arrays)."""
    leaves, treedef = ivy.tree.flatten(operand)
    return ivy.tree.unflatten(treedef, [v if isinstance(v, Array) else asarray(v)
                                        for v in leaves])


# ---- dot products -----------------------------------------------------------------------------

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _check_precision(precision):
    from . import Precision
    if precision is None or isinstance(precision, (str, Precision)):
        return
    if isinstance(precision, (tuple, list)) and len(precision) == 2 and \
            all(p is None or isinstance(p, (str, Precision)) for p in precision) and \
            any(p is not None for p in precision):
        return
    raise ValueError(f"Precision argument must be one of: None, a string, a lax.Precision value "
                     f"or a pair of them; got {precision!r}")


def _dot_operands(lhs, rhs, preferred_element_type, fn):
    (a, b), name, weak = promote(fn, lhs, rhs)
    if preferred_element_type is not None:
        name = J.name_of(preferred_element_type)
        a, b, weak = ivy.astype(a, name), ivy.astype(b, name), False
    if name == "bool":
        a, b = ivy.astype(a, "int64"), ivy.astype(b, "int64")
    return a, b, name, weak


def _dot_general(a, b, dimension_numbers, name, weak, fn):
    (lc, rc), (lb, rb) = dimension_numbers
    lc, rc, lb, rb = (_ints(v, fn) for v in (lc, rc, lb, rb))
    la, lr = len(a.shape), len(b.shape)
    if len(lc) != len(rc) or len(lb) != len(rb):
        raise TypeError(f"{fn} requires equal numbers of lhs and rhs contracting and batch "
                        f"dimensions, got {dimension_numbers}")
    for d in lc + lb:
        if not 0 <= d < la:
            raise TypeError(f"{fn} requires lhs dimension numbers to be in range, got "
                            f"{dimension_numbers} for lhs of rank {la}")
    for d in rc + rb:
        if not 0 <= d < lr:
            raise TypeError(f"{fn} requires rhs dimension numbers to be in range, got "
                            f"{dimension_numbers} for rhs of rank {lr}")
    for x, y in zip(lc + lb, rc + rb):
        if a.shape[x] != b.shape[y]:
            raise TypeError(f"{fn} requires contracting and batch dimensions to have equal sizes, "
                            f"got lhs shape {tuple(a.shape)}, rhs shape {tuple(b.shape)} and "
                            f"dimension numbers {dimension_numbers}")
    letters = iter(_LETTERS)
    ls = [None] * la
    rs = [None] * lr
    for x, y in zip(lb, rb):
        ls[x] = rs[y] = next(letters)
    for x, y in zip(lc, rc):
        ls[x] = rs[y] = next(letters)
    for i in _range(la):
        ls[i] = ls[i] or next(letters)
    for i in _range(lr):
        rs[i] = rs[i] or next(letters)
    out = [ls[x] for x in lb] + [ls[i] for i in _range(la) if i not in lb + lc] + \
        [rs[i] for i in _range(lr) if i not in rb + rc]
    r = ivy.einsum(f"{''.join(ls)},{''.join(rs)}->{''.join(out)}", a, b)
    if name == "bool":
        r = ivy.not_equal(r, ivy.zeros_like(r))
    elif native_name(r) != name:
        r = ivy.astype(r, name)
    return _wrap(r, weak)


def dot_general(lhs, rhs, dimension_numbers, precision=None, preferred_element_type=None, *,
                out_sharding=None):
    """Implements `jax.lax.dot_general`: ((lhs_contract, rhs_contract), (lhs_batch,
    rhs_batch)); the result is batch, lhs free, rhs free dimensions. ``precision`` is an
    accuracy hint (ignored off TPU/GPU, as on JAX's CPU)."""
    _check_precision(precision)
    a, b, name, weak = _dot_operands(lhs, rhs, preferred_element_type, "dot_general")
    return _dot_general(a, b, dimension_numbers, name, weak, "dot_general")


def dot(lhs, rhs, *, dimension_numbers=None, precision=None, preferred_element_type=None,
        out_sharding=None):
    """Implements `jax.lax.dot`: vector/matrix products (or ``dot_general`` with
    ``dimension_numbers``)."""
    _check_precision(precision)
    a, b, name, weak = _dot_operands(lhs, rhs, preferred_element_type, "dot")
    if dimension_numbers is None:
        la, lr = len(a.shape), len(b.shape)
        if (la, lr) not in ((1, 1), (2, 1), (2, 2)) or a.shape[-1] != b.shape[0]:
            raise ValueError(f"jax.lax.dot: dimension_numbers must be specified when not "
                                 f"performing simple un-batched matrix-matrix, matrix-vector, or "
                                 f"vector-vector products; got lhs.shape={tuple(a.shape)} "
                                 f"rhs.shape={tuple(b.shape)}")
        dimension_numbers = (((la - 1,), (0,)), ((), ()))
    return _dot_general(a, b, dimension_numbers, name, weak, "dot")


def batch_matmul(lhs, rhs, precision=None):
    """Implements `jax.lax.batch_matmul`: matrix products over equal leading dimensions."""
    _check_precision(precision)
    a, b, name, weak = _dot_operands(lhs, rhs, None, "batch_matmul")
    nd = len(a.shape)
    if nd < 2 or len(b.shape) != nd:
        raise ValueError(f"batch_matmul requires arguments of equal rank >= 2, got "
                         f"{tuple(a.shape)} and {tuple(b.shape)}")
    batch = tuple(_range(nd - 2))
    return _dot_general(a, b, (((nd - 1,), (nd - 2,)), (batch, batch)), name, weak,
                        "batch_matmul")


def reduce_precision(operand, exponent_bits, mantissa_bits):  # noqa: A002
    """Implements `jax.lax.reduce_precision` for the formats of real dtypes (float16, bfloat16,
    float32, float64): a round trip through that dtype."""
    a, name, weak = _op(operand, "reduce_precision")
    check_kind(name, "float", "reduce_precision")
    fmt = {(5, 10): "float16", (8, 7): "bfloat16", (8, 23): "float32", (11, 52): "float64"}.get(
        (int(exponent_bits), int(mantissa_bits)))
    if fmt is None:
        raise NotImplementedError(f"reduce_precision: exponent_bits={exponent_bits}, "
                                  f"mantissa_bits={mantissa_bits} is not an IEEE format ivy has")
    if D.BITS[fmt] < D.BITS[name] or (fmt == "bfloat16" and name == "float16"):
        a = ivy.astype(ivy.astype(a, fmt), name)
    return _wrap(a, weak)


def dtype(x):
    """Implements `jax.lax.dtype`: the dtype JAX gives ``x`` (Python scalars: the defaults)."""
    if isinstance(x, Array):
        return x.dtype
    return J.NP[_op(x, "dtype")[1]]


FUNCTIONS.update(
    broadcast=broadcast, broadcast_in_dim=broadcast_in_dim, broadcast_shapes=broadcast_shapes,
    broadcast_to_rank=broadcast_to_rank, broadcast_like=broadcast_like, reshape=reshape,
    squeeze=squeeze, expand_dims=expand_dims, transpose=transpose, rev=rev,
    concatenate=concatenate, pad=pad, slice=slice, slice_in_dim=slice_in_dim,
    index_in_dim=index_in_dim, dynamic_slice=dynamic_slice,
    dynamic_slice_in_dim=dynamic_slice_in_dim, dynamic_index_in_dim=dynamic_index_in_dim,
    dynamic_update_slice=dynamic_update_slice,
    dynamic_update_slice_in_dim=dynamic_update_slice_in_dim,
    dynamic_update_index_in_dim=dynamic_update_index_in_dim, collapse=collapse, tile=tile,
    stack=stack, unstack=unstack, split=split, iota=iota, broadcasted_iota=broadcasted_iota,
    full=full, full_like=full_like, empty=empty, reduce_sum=reduce_sum, reduce=reduce,
    argmax=argmax, argmin=argmin, sort=sort, sort_key_val=sort_key_val, top_k=top_k,
    dot_general=dot_general, dot=dot, batch_matmul=batch_matmul,
    reduce_precision=reduce_precision, dtype=dtype, approx_max_k=approx_max_k,
    approx_min_k=approx_min_k, optimization_barrier=optimization_barrier,
)
