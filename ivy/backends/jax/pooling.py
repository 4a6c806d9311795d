"""jax backend of the `pooling` area: max/avg pools on ``lax.reduce_window``, ``jnp.pad``.

max_pool with return_indices, the adaptive pools and interpolate use the core's gather bodies
(``ivy.core.ext.pooling``): torch's coordinate rules differ from ``jax.image.resize``.
Every function is one ``jax.jit`` over its static configuration: run op by op, each of the
gathers and reshapes would compile on its own (~0.5 s per call on CPU instead of one compile).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

from ivy.core import registry
from ivy.core.errors import from_native
from ivy.core.ext import pooling as core

from ._common import NAME, NAMES


def _xp():
    return registry.backend_namespace(NAME)


def _static(v):
    """A hashable jit-static form of an argument (lists become tuples)."""
    return tuple(_static(i) for i in v) if isinstance(v, (list, tuple)) else v


def _padding(g, spatial):
    """reduce_window padding: torch's, plus the right overhang that ceil mode needs (never less:
    a shorter tail already yields exactly g.out windows)."""
    pads = [(0, 0), (0, 0)]
    for n, o, k, s, p, d in zip(spatial, g.out, g.kernel, g.stride, g.padding, g.dilation):
        pads.append((p, max((o - 1) * s + (k - 1) * d + 1 - n - p, 0)))
    return pads


def _input(x, channels_last, fn):
    core.spatial_rank(x.ndim, fn)
    core.check_floating(NAMES.get(x.dtype), fn)
    if channels_last:
        x = jnp.moveaxis(x, -1, 1)
    return x, tuple(x.shape[2:])


def _output(y, channels_last):
    return jnp.moveaxis(y, 1, -1) if channels_last else y


def _max_pool(x, kernel_size, stride, padding, dilation, ceil_mode, return_indices,
              channels_last):
    fn = "max_pool"
    try:
        if return_indices:       # reduce_window has no argmax: the core's gather body
            return core.max_pool(_xp(), x, kernel_size, stride=stride,
                                 padding=padding, dilation=dilation, ceil_mode=ceil_mode,
                                 return_indices=True, channels_last=channels_last)
        x, spatial = _input(x, channels_last, fn)
        g = core.pool_geometry(fn, spatial, kernel_size, stride, padding, dilation, ceil_mode)
        y = lax.reduce_window(x, np.array(-np.inf, x.dtype), lax.max, (1, 1) + g.kernel,
                              (1, 1) + g.stride, _padding(g, spatial),
                              window_dilation=(1, 1) + g.dilation)
        return _output(y, channels_last)
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def _avg_pool(x, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override,
              channels_last):
    fn = "avg_pool"
    try:
        x, spatial = _input(x, channels_last, fn)
        g = core.pool_geometry(fn, spatial, kernel_size, stride, padding, 1, ceil_mode, avg=True)
        dtype = x.dtype
        if NAMES.get(dtype) in core.HALF:          # accumulate in float32, as torch does
            x = x.astype(jnp.float32)
        total = lax.reduce_window(x, np.array(0, x.dtype), lax.add, (1, 1) + g.kernel,
                                  (1, 1) + g.stride, _padding(g, spatial))
        divisor = core.avg_divisor_array(g, spatial, count_include_pad, divisor_override, fn)
        return _output((total / jnp.asarray(divisor, x.dtype)).astype(dtype), channels_last)
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def _pad(x, value, pad_width, mode):
    fn = "pad"
    try:
        crop, pairs = core.pad_plan(pad_width, tuple(x.shape), mode, fn)
        if crop is not None:
            x = x[crop]
        if mode == "constant":
            return jnp.pad(x, pairs, mode="constant", constant_values=value)
        for axis, (a, b) in enumerate(pairs):
            if x.shape[axis] == 0 and a + b:
                core.pad_indices(0, a, b, mode, fn)           # raises numpy.pad's error
        return jnp.pad(x, pairs, mode=mode)
    except Exception as e:
        raise from_native(e, fn, NAME) from e


# ---- the public, jitted entry points ---------------------------------------------------------

_jit_max_pool = jax.jit(_max_pool, static_argnums=range(1, 8))
_jit_avg_pool = jax.jit(_avg_pool, static_argnums=range(1, 8))
_jit_pad = jax.jit(_pad, static_argnums=(2, 3))
_jit_adaptive_avg = jax.jit(lambda x, o, cl: core.adaptive_avg_pool(_xp(), x, o, channels_last=cl),
                            static_argnums=(1, 2))
_jit_adaptive_max = jax.jit(lambda x, o, r, cl: core.adaptive_max_pool(
    _xp(), x, o, return_indices=r, channels_last=cl), static_argnums=(1, 2, 3))
_jit_lp_pool = jax.jit(lambda x, p, k, s, c, cl: core.lp_pool(
    _xp(), x, p, k, stride=s, ceil_mode=c, channels_last=cl), static_argnums=range(1, 6))
_jit_interpolate = jax.jit(lambda x, *a: core.interpolate(_xp(), x, *a), static_argnums=range(1, 9))


def _run(fn, jitted, x, *static):
    try:
        return jitted(x, *(_static(a) for a in static))
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def max_pool(x, kernel_size, /, *, stride=None, padding=0, dilation=1, ceil_mode=False,
             return_indices=False, channels_last=False):
    return _run("max_pool", _jit_max_pool, x, kernel_size, stride, padding, dilation, ceil_mode,
                return_indices, channels_last)


def avg_pool(x, kernel_size, /, *, stride=None, padding=0, ceil_mode=False,
             count_include_pad=True, divisor_override=None, channels_last=False):
    return _run("avg_pool", _jit_avg_pool, x, kernel_size, stride, padding, ceil_mode,
                count_include_pad, divisor_override, channels_last)


def adaptive_avg_pool(x, output_size, /, *, channels_last=False):
    return _run("adaptive_avg_pool", _jit_adaptive_avg, x, output_size, channels_last)


def adaptive_max_pool(x, output_size, /, *, return_indices=False, channels_last=False):
    return _run("adaptive_max_pool", _jit_adaptive_max, x, output_size, return_indices,
                channels_last)


def lp_pool(x, norm_type, kernel_size, /, *, stride=None, ceil_mode=False, channels_last=False):
    return _run("lp_pool", _jit_lp_pool, x, norm_type, kernel_size, stride, ceil_mode,
                channels_last)


def interpolate(x, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None, antialias=False, channels_last=False):
    return _run("interpolate", _jit_interpolate, x, size, scale_factor, mode, align_corners,
                recompute_scale_factor, antialias, channels_last)


def pad(x, pad_width, /, *, mode="constant", value=0):
    try:
        return _jit_pad(x, value, _static(pad_width), mode)
    except Exception as e:
        raise from_native(e, "pad", NAME) from e
