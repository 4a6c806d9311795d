"""numpy backend of the `pooling` area: numpy.pad natively; max/avg pools on
``sliding_window_view`` (a strided view: no window is copied before the reduction).

The adaptive pools, lp_pool and interpolate use the core's gather bodies (``ivy.core.ext.pooling``).
"""
from __future__ import annotations

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ivy.core.errors import from_native
from ivy.core.ext import pooling as core

from ._dtypes import CANONICAL, NAME


def _input(x, channels_last, fn):
    nd = core.spatial_rank(x.ndim, fn)
    core.check_floating(CANONICAL.get(x.dtype), fn)
    if channels_last:
        x = np.moveaxis(x, -1, 1)
    return x, nd, x.shape[2:]


def _output(y, channels_last):
    return np.ascontiguousarray(np.moveaxis(y, 1, -1)) if channels_last else y


def _windows(x, g, spatial, fill):
    """(N, C, *out, *kernel) view of x padded as torch pads (plus the ceil-mode overhang)."""
    nd = len(spatial)
    pads = [(0, 0), (0, 0)]
    for n, o, k, s, p, d in zip(spatial, g.out, g.kernel, g.stride, g.padding, g.dilation):
        pads.append((p, max((o - 1) * s + (k - 1) * d + 1 - n - p, 0)))
    if any(a or b for a, b in pads):
        x = np.pad(x, pads, constant_values=fill)
    span = tuple((k - 1) * d + 1 for k, d in zip(g.kernel, g.dilation))
    w = sliding_window_view(x, span, axis=tuple(range(2, 2 + nd)))
    return w[(slice(None), slice(None))
             + tuple(slice(None, (o - 1) * s + 1, s) for o, s in zip(g.out, g.stride))
             + tuple(slice(None, None, d) for d in g.dilation)]


def max_pool(x, kernel_size, /, *, stride=None, padding=0, dilation=1, ceil_mode=False,
             return_indices=False, channels_last=False):
    fn = "max_pool"
    try:
        x, nd, spatial = _input(x, channels_last, fn)
        g = core.pool_geometry(fn, spatial, kernel_size, stride, padding, dilation, ceil_mode)
        w = _windows(x, g, spatial, -np.inf)
        axes = tuple(range(-nd, 0))
        values = np.max(w, axis=axes)
        if not return_indices:
            return _output(values, channels_last)
        at = np.argmax(w.reshape(w.shape[:2 + nd] + (-1,)), axis=-1)
        flat = np.zeros(at.shape, np.int64)
        for d, j in enumerate(np.unravel_index(at, g.kernel)):
            shape = [1] * nd
            shape[d] = g.out[d]
            start = (np.arange(g.out[d]) * g.stride[d] - g.padding[d]).reshape(shape)
            flat = flat * spatial[d] + start + j * g.dilation[d]
        return _output(values, channels_last), _output(flat, channels_last)
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def avg_pool(x, kernel_size, /, *, stride=None, padding=0, ceil_mode=False,
             count_include_pad=True, divisor_override=None, channels_last=False):
    fn = "avg_pool"
    try:
        x, nd, spatial = _input(x, channels_last, fn)
        g = core.pool_geometry(fn, spatial, kernel_size, stride, padding, 1, ceil_mode, avg=True)
        divisor = core.avg_divisor_array(g, spatial, count_include_pad, divisor_override, fn)
        wide = np.float32 if CANONICAL.get(x.dtype) in core.HALF else x.dtype   # torch's opmath
        total = np.sum(_windows(x, g, spatial, 0), axis=tuple(range(-nd, 0)), dtype=wide)
        return _output(np.asarray(total / divisor.astype(wide), x.dtype), channels_last)
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def pad(x, pad_width, /, *, mode="constant", value=0):
    crop, pairs = core.pad_plan(pad_width, x.shape, mode)
    if crop is not None:
        x = x[crop]
    try:
        if mode == "constant":
            return np.pad(x, pairs, mode="constant", constant_values=value)
        return np.pad(x, pairs, mode=mode)
    except Exception as e:
        raise from_native(e, "pad", NAME) from e
