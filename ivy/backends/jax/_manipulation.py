"""jax backend: data type functions, indexing, manipulation, matmul/tensordot."""
from __future__ import annotations

import jax
import jax.numpy as jnp

from ._common import (COMPLEX, NAMES, cast_all, error, native_device, native_dtype, promoted,
                      type_error, value_error)

_convert = jax.lax.convert_element_type


def astype(x, dtype, /, *, copy=True, device=None):
    """Implements the standard's astype; complex -> real raises (the standard does not allow it)."""
    try:
        dt = native_dtype(dtype, "astype")
        if dt == x.dtype:
            r = jnp.array(x, copy=True) if copy else x
        elif x.dtype in COMPLEX and dt not in COMPLEX:
            raise type_error("astype", f"casting {NAMES[x.dtype]} to {NAMES.get(dt, dt)} "
                                       f"discards the imaginary part; take real() first")
        else:
            r = jnp.astype(x, dt)
        return r if device is None else jax.device_put(r, native_device(device, "astype"))
    except Exception as e:
        raise error(e, "astype") from e


def broadcast_arrays(*arrays):
    """Implements the standard's broadcast_arrays; a list, as array_api_strict gives for 2024.12."""
    try:
        return list(jnp.broadcast_arrays(*arrays))
    except Exception as e:
        raise error(e, "broadcast_arrays") from e


def broadcast_to(x, /, shape):
    try:
        return jnp.broadcast_to(x, shape)
    except Exception as e:
        raise error(e, "broadcast_to") from e


# ---- indexing --------------------------------------------------------------------------------

def take(x, indices, /, *, axis=None):
    """Implements the standard's take. Negative indices wrap; out-of-bounds indices (unspecified
    by the standard) give jax's fill value (NaN for floats) rather than raising."""
    try:
        if axis is None:
            if x.ndim != 1:
                raise value_error("take", f"axis is required for a {x.ndim}-d array")
            axis = 0
        return jnp.take(x, indices, axis=axis)
    except Exception as e:
        raise error(e, "take") from e


def take_along_axis(x, indices, /, *, axis=-1):
    """Implements the standard's take_along_axis; out-of-bounds indices as in take."""
    try:
        return jnp.take_along_axis(x, indices, axis=axis)
    except Exception as e:
        raise error(e, "take_along_axis") from e


# ---- linear algebra (main namespace) ---------------------------------------------------------

def matmul(x1, x2, /):
    try:
        if x1.dtype != x2.dtype:
            d = promoted(x1.dtype, x2.dtype, "matmul")
            x1, x2 = _convert(x1, d), _convert(x2, d)
        return jnp.matmul(x1, x2)
    except Exception as e:
        raise error(e, "matmul") from e


def tensordot(x1, x2, /, *, axes=2):
    try:
        if x1.dtype != x2.dtype:
            d = promoted(x1.dtype, x2.dtype, "tensordot")
            x1, x2 = _convert(x1, d), _convert(x2, d)
        return jnp.tensordot(x1, x2, axes=axes)
    except Exception as e:
        raise error(e, "tensordot") from e


# ---- manipulation ----------------------------------------------------------------------------

def concat(arrays, /, *, axis=0):
    try:
        return jnp.concatenate(cast_all(arrays, "concat"), axis=axis)
    except Exception as e:
        raise error(e, "concat") from e


def stack(arrays, /, *, axis=0):
    try:
        return jnp.stack(cast_all(arrays, "stack"), axis=axis)
    except Exception as e:
        raise error(e, "stack") from e


def expand_dims(x, /, axis):
    try:
        return jnp.expand_dims(x, axis)
    except Exception as e:
        raise error(e, "expand_dims") from e


def flip(x, /, *, axis=None):
    try:
        return jnp.flip(x, axis=axis)
    except Exception as e:
        raise error(e, "flip") from e


def moveaxis(x, source, destination, /):
    try:
        return jnp.moveaxis(x, source, destination)
    except Exception as e:
        raise error(e, "moveaxis") from e


def permute_dims(x, /, axes):
    try:
        return jnp.transpose(x, axes)
    except Exception as e:
        raise error(e, "permute_dims") from e


def repeat(x, repeats, /, *, axis=None):
    """Implements the standard's repeat; an array of repeats needs concrete values (eager only)."""
    try:
        return jnp.repeat(x, repeats, axis=axis)
    except Exception as e:
        raise error(e, "repeat") from e


def reshape(x, /, shape, *, copy=None):
    """Implements the standard's reshape. copy= needs no action: jax arrays are immutable, so
    whether the result shares memory with x is unobservable."""
    try:
        return jnp.reshape(x, shape)
    except Exception as e:
        raise error(e, "reshape") from e


def roll(x, /, shift, *, axis=None):
    try:
        return jnp.roll(x, shift, axis=axis)
    except Exception as e:
        raise error(e, "roll") from e


def squeeze(x, /, axis):
    """Implements the standard's squeeze; axis is required and must name size-1 dimensions."""
    try:
        if axis is None:
            raise value_error("squeeze", "axis is required (axis=None is not part of the standard)")
        return jnp.squeeze(x, axis)
    except Exception as e:
        raise error(e, "squeeze") from e


def tile(x, repetitions, /):
    try:
        return jnp.tile(x, repetitions)
    except Exception as e:
        raise error(e, "tile") from e


__all__ = ["astype", "broadcast_arrays", "broadcast_to", "take", "take_along_axis", "matmul",
           "tensordot", "concat", "stack", "expand_dims", "flip", "moveaxis", "permute_dims",
           "repeat", "reshape", "roll", "squeeze", "tile"]
