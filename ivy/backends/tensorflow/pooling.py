"""tensorflow backend of the `pooling` area: tf.nn pools where TF has the kernel, tf.pad.

tf.nn.max_pool/avg_pool are channels-last, VALID or SAME only, and have no 3-d float16/float64
kernels on CPU: torch's padding is applied explicitly first, and what they cannot do (dilation,
return_indices, those dtypes) runs the core's gather bodies (``ivy.core.ext.pooling``).
"""
from __future__ import annotations

import numpy as np
import tensorflow as tf

from ivy.core import registry
from ivy.core.errors import from_native
from ivy.core.ext import pooling as core

from ._base import NAME, TF, name_of

_NATIVE_3D = frozenset({"float32", "bfloat16"})


def _xp():
    return registry.backend_namespace(NAME)


def _native(x, nd, dtype, dilation):
    return (nd < 3 or dtype in _NATIVE_3D) and all(d == 1 for d in dilation)


def _pool(kind, x, g, spatial, fill, channels_last):
    """tf.nn.<kind>_pool over x padded with ``fill`` as torch pads (plus the ceil overhang)."""
    if not channels_last:
        x = tf.transpose(x, (0,) + tuple(range(2, x.ndim)) + (1,))
    pads = [(0, 0)]
    for n, o, k, s, p in zip(spatial, g.out, g.kernel, g.stride, g.padding):
        pads.append((p, max((o - 1) * s + k - n - p, 0)))
    pads.append((0, 0))
    if any(a or b for a, b in pads):
        x = tf.pad(x, pads, constant_values=fill)
    # an explicit data_format: TF's 3-d pool gradients fail on the default (None) in eager mode
    fmt = _CHANNELS_LAST[x.ndim]
    if kind == "max":
        y = tf.nn.max_pool(x, g.kernel, g.stride, "VALID", data_format=fmt)
        # TF's max kernel skips NaN; torch's (and the standard's max) propagates it
        nan = tf.nn.max_pool(tf.cast(tf.math.is_nan(x), x.dtype), g.kernel, g.stride, "VALID",
                             data_format=fmt)
        y = tf.where(nan > 0, tf.constant(float("nan"), x.dtype), y)
    else:
        y = tf.nn.avg_pool(x, g.kernel, g.stride, "VALID", data_format=fmt)
    if not channels_last:
        y = tf.transpose(y, (0, y.ndim - 1) + tuple(range(1, y.ndim - 1)))
    return y


def _spatial(x, channels_last):
    shape = tuple(x.shape)
    return shape[1:-1] if channels_last else shape[2:]


_CHANNELS_LAST = {3: "NWC", 4: "NHWC", 5: "NDHWC"}


def max_pool(x, kernel_size, /, *, stride=None, padding=0, dilation=1, ceil_mode=False,
             return_indices=False, channels_last=False):
    fn = "max_pool"
    try:
        nd = core.spatial_rank(x.ndim, fn)
        dtype = name_of(x.dtype)
        core.check_floating(dtype, fn)
        spatial = _spatial(x, channels_last)
        g = core.pool_geometry(fn, spatial, kernel_size, stride, padding, dilation, ceil_mode)
        if return_indices or not _native(x, nd, dtype, g.dilation):
            return core.max_pool(_xp(), x, kernel_size, stride=stride, padding=padding,
                                 dilation=dilation, ceil_mode=ceil_mode,
                                 return_indices=return_indices, channels_last=channels_last)
        return _pool("max", x, g, spatial, float("-inf"), channels_last)
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def avg_pool(x, kernel_size, /, *, stride=None, padding=0, ceil_mode=False,
             count_include_pad=True, divisor_override=None, channels_last=False):
    fn = "avg_pool"
    try:
        nd = core.spatial_rank(x.ndim, fn)
        dtype = name_of(x.dtype)
        core.check_floating(dtype, fn)
        spatial = _spatial(x, channels_last)
        g = core.pool_geometry(fn, spatial, kernel_size, stride, padding, 1, ceil_mode, avg=True)
        if not _native(x, nd, dtype, g.dilation):
            return core.avg_pool(_xp(), x, kernel_size, stride=stride, padding=padding,
                                 ceil_mode=ceil_mode, count_include_pad=count_include_pad,
                                 divisor_override=divisor_override, channels_last=channels_last)
        divisor = core.avg_divisor_array(g, spatial, count_include_pad, divisor_override, fn)
        if dtype in core.HALF:                   # accumulate in float32, as torch does
            x = tf.cast(x, tf.float32)
        mean = _pool("avg", x, g, spatial, 0, channels_last)     # mean over the full window
        k = float(np.prod(g.kernel))
        if not np.all(divisor == k):
            shape = divisor.shape + (1,) if channels_last else (1,) + divisor.shape
            scale = (k / divisor).reshape(shape if divisor.ndim else ())
            mean = mean * tf.constant(scale, dtype=mean.dtype)
        return tf.cast(mean, TF[dtype]) if dtype in core.HALF else mean
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def pad(x, pad_width, /, *, mode="constant", value=0):
    fn = "pad"
    try:
        crop, pairs = core.pad_plan(pad_width, tuple(x.shape), mode, fn)
        if crop is not None:
            x = x[crop]
        if mode == "constant":
            return tf.pad(x, pairs, constant_values=tf.constant(value, x.dtype))
        for axis, (a, b) in enumerate(pairs):
            if a or b:
                x = tf.gather(x, core.pad_indices(x.shape[axis], a, b, mode, fn), axis=axis)
        return x
    except Exception as e:
        raise from_native(e, fn, NAME) from e
