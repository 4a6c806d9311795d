"""tensorflow backend: manipulation and indexing functions."""
import tensorflow as tf

from ivy.core.errors import IvyIndexError, IvyValueError, from_native, where

from ._base import (NAME, dim, gap_op, int_constant, move_back, move_to_last, norm_axes,
                    norm_axis, promote_all, raw, rank, to_tensor)


def _error(fn, message):
    return IvyValueError(f"{where(fn, NAME)}: {message}", function=fn, backend=NAME)


def concat(arrays, /, *, axis=0):
    try:
        arrays = promote_all(arrays, "concat")
        if axis is None:
            arrays, axis = [tf.reshape(a, (-1,)) for a in arrays], 0
        return tf.concat(arrays, axis)
    except Exception as e:
        raise from_native(e, "concat", NAME) from e


def stack(arrays, /, *, axis=0):
    try:
        return tf.stack(promote_all(arrays, "stack"), axis)
    except Exception as e:
        raise from_native(e, "stack", NAME) from e


def expand_dims(x, /, axis):
    try:
        n = rank(x)
        if not -n - 1 <= axis <= n:
            raise _error("expand_dims", f"axis {axis} is out of bounds for a result of dimension "
                                        f"{n + 1}")
        return tf.expand_dims(x, axis)
    except Exception as e:
        raise from_native(e, "expand_dims", NAME) from e


def flip(x, /, *, axis=None):
    try:
        axes = norm_axes(axis, rank(x), "flip")
        return tf.reverse(x, axes) if axes else tf.identity(x)
    except Exception as e:
        raise from_native(e, "flip", NAME) from e


def permute_dims(x, /, axes):
    try:
        return raw.Transpose(x=x, perm=int_constant(tuple(axes)))
    except Exception as e:
        raise from_native(e, "permute_dims", NAME) from e


def moveaxis(x, source, destination, /):
    try:
        n = rank(x)
        src = (source,) if isinstance(source, int) else tuple(source)
        dst = (destination,) if isinstance(destination, int) else tuple(destination)
        if len(src) != len(dst):
            raise _error("moveaxis", "source and destination must have the same number of axes")
        src = [norm_axis(a, n, "moveaxis") for a in src]
        dst = [norm_axis(a, n, "moveaxis") for a in dst]
        if len(set(src)) != len(src) or len(set(dst)) != len(dst):
            raise _error("moveaxis", "repeated axis")
        order = [i for i in range(n) if i not in src]
        for d, s in sorted(zip(dst, src)):  # numpy's construction
            order.insert(d, s)
        return tf.transpose(x, order)
    except Exception as e:
        raise from_native(e, "moveaxis", NAME) from e


_repeat = gap_op("repeat", lambda x, repeats, axis: tf.repeat(x, repeats, axis))


def repeat(x, repeats, /, *, axis=None):
    try:
        if axis is None:
            x, axis = tf.reshape(x, (-1,)), 0
        if not isinstance(repeats, int):
            repeats = to_tensor(repeats, "repeat")
            if repeats.dtype not in (tf.int32, tf.int64):
                repeats = tf.cast(repeats, tf.int64)
        return _repeat(x, repeats, axis)
    except Exception as e:
        raise from_native(e, "repeat", NAME) from e


def reshape(x, /, shape, *, copy=None):
    """Implements the Array API ``reshape``: TF reshapes never copy, so every ``copy`` holds."""
    try:
        try:
            return raw.Reshape(tensor=x, shape=int_constant(shape))
        except TypeError:  # a dimension given as a tensor (traced code)
            return tf.reshape(x, shape)
    except Exception as e:
        raise from_native(e, "reshape", NAME) from e


def roll(x, /, shift, *, axis=None):
    try:
        if axis is None:  # numpy: roll the flattened array by the total shift
            total = shift if isinstance(shift, int) else sum(shift)
            return tf.reshape(tf.roll(tf.reshape(x, (-1,)), total, 0), tf.shape(x))
        shifts = (shift,) if isinstance(shift, int) else tuple(shift)
        axes = (axis,) if isinstance(axis, int) else tuple(axis)
        if not axes and not shifts:
            return tf.identity(x)
        if len(shifts) == 1:
            shifts *= len(axes)
        if len(axes) == 1:
            axes *= len(shifts)
        if len(shifts) != len(axes):
            raise _error("roll", "shift and axis must have the same length")
        n = rank(x)
        return tf.roll(x, shifts, [norm_axis(a, n, "roll") for a in axes])
    except Exception as e:
        raise from_native(e, "roll", NAME) from e


def squeeze(x, /, axis):
    try:
        axes = norm_axes(axis, rank(x), "squeeze")
        for a in axes:
            if x.shape[a] is not None and x.shape[a] != 1:
                raise _error("squeeze", f"cannot squeeze axis {a} of size {x.shape[a]}")
        return tf.squeeze(x, axes) if axes else tf.identity(x)
    except Exception as e:
        raise from_native(e, "squeeze", NAME) from e


_tile = gap_op("tile", lambda x, reps: tf.tile(x, reps))


def tile(x, repetitions, /):
    try:
        reps = tuple(repetitions)
        n = rank(x)
        for _ in range(len(reps) - n):  # numpy: prepend unit axes to x, or ones to reps
            x = tf.expand_dims(x, 0)
        return _tile(x, (1,) * (n - len(reps)) + reps)
    except Exception as e:
        raise from_native(e, "tile", NAME) from e


# ---- indexing --------------------------------------------------------------------------------
def _indices(indices, size, fn):
    """Integer indices as int32/int64 with negative ones wrapped (TF's gather rejects them)."""
    indices = to_tensor(indices, fn)
    if not indices.dtype.is_integer:
        raise from_native(TypeError(f"indices must have an integer dtype, got "
                                    f"{indices.dtype.name}"), fn, NAME)
    if indices.dtype not in (tf.int32, tf.int64):
        indices = tf.cast(indices, tf.int64)
    size = tf.cast(size, indices.dtype)
    return tf.where(raw.Less(x=indices, y=tf.zeros([], indices.dtype)), indices + size, indices)


def _gathered(fn, gather):
    try:
        return gather()
    except tf.errors.InvalidArgumentError as e:  # TF's CPU gather checks bounds
        raise IvyIndexError(f"{where(fn, NAME)}: {e.message}", function=fn, backend=NAME) from e


def take(x, indices, /, *, axis=None):
    try:
        n = rank(x)
        if axis is None:
            if n != 1:
                raise _error("take", "axis must be given when x has more than one dimension")
            axis = 0
        axis = norm_axis(axis, n, "take")
        idx = _indices(indices, dim(x, axis), "take")
        return _gathered("take", lambda: tf.gather(x, idx, axis=axis))
    except Exception as e:
        raise from_native(e, "take", NAME) from e


def _broadcast_leading(a, b):
    """Broadcast two tensors against each other in every axis but the last."""
    sa, sb = a.shape, b.shape
    if sa.is_fully_defined() and sb.is_fully_defined():
        lead = tf.broadcast_static_shape(sa[:-1], sb[:-1]).as_list()
        return tf.broadcast_to(a, lead + [sa[-1]]), tf.broadcast_to(b, lead + [sb[-1]])
    lead = tf.broadcast_dynamic_shape(tf.shape(a)[:-1], tf.shape(b)[:-1])
    return (tf.broadcast_to(a, tf.concat([lead, tf.shape(a)[-1:]], 0)),
            tf.broadcast_to(b, tf.concat([lead, tf.shape(b)[-1:]], 0)))


def take_along_axis(x, indices, /, *, axis=-1):
    try:
        n = rank(x)
        axis = norm_axis(axis, n, "take_along_axis")
        if rank(indices) != n:
            raise _error("take_along_axis", "x and indices must have the same number of dimensions")
        idx = _indices(indices, dim(x, axis), "take_along_axis")
        xm, back = move_to_last(x, axis, "take_along_axis")
        im, _ = move_to_last(idx, axis, "take_along_axis")
        xm, im = _broadcast_leading(xm, im)
        return move_back(_gathered("take_along_axis",
                                   lambda: tf.gather(xm, im, batch_dims=n - 1, axis=n - 1)), back)
    except Exception as e:
        raise from_native(e, "take_along_axis", NAME) from e
