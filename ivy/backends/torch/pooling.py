"""torch backend of the `pooling` area: torch.nn.functional's pools, interpolate and pad.

The shared argument checks of ``ivy.core.ext.pooling`` run first, so every backend raises the
same errors; then one native call. ``channels_last`` is a permutation in and out.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F

from ivy.core import registry
from ivy.core.errors import IvyError, IvyValueError, from_native
from ivy.core.ext import pooling as core

from ._common import CANONICAL, NAME

_MAX = (None, F.max_pool1d, F.max_pool2d, F.max_pool3d)
_AVG = (None, F.avg_pool1d, F.avg_pool2d, F.avg_pool3d)
_ADAPTIVE_AVG = (None, F.adaptive_avg_pool1d, F.adaptive_avg_pool2d, F.adaptive_avg_pool3d)
_ADAPTIVE_MAX = (None, F.adaptive_max_pool1d, F.adaptive_max_pool2d, F.adaptive_max_pool3d)


def _first(x, channels_last):
    return x.movedim(-1, 1) if channels_last else x


def _last(y, channels_last):
    if not channels_last:
        return y
    if isinstance(y, tuple):
        return tuple(t.movedim(1, -1) for t in y)
    return y.movedim(1, -1)


def _input(x, channels_last, fn):
    nd = core.spatial_rank(x.ndim, fn)
    core.check_floating(CANONICAL.get(x.dtype), fn)
    x = _first(x, channels_last)
    return x, nd, tuple(x.shape[2:])


def max_pool(x, kernel_size, /, *, stride=None, padding=0, dilation=1, ceil_mode=False,
             return_indices=False, channels_last=False):
    fn = "max_pool"
    try:
        x, nd, spatial = _input(x, channels_last, fn)
        g = core.pool_geometry(fn, spatial, kernel_size, stride, padding, dilation, ceil_mode)
        y = _MAX[nd](x, g.kernel, g.stride, g.padding, g.dilation, ceil_mode=ceil_mode,
                     return_indices=return_indices)
        return _last(tuple(y) if return_indices else y, channels_last)
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def avg_pool(x, kernel_size, /, *, stride=None, padding=0, ceil_mode=False,
             count_include_pad=True, divisor_override=None, channels_last=False):
    fn = "avg_pool"
    try:
        x, nd, spatial = _input(x, channels_last, fn)
        g = core.pool_geometry(fn, spatial, kernel_size, stride, padding, 1, ceil_mode, avg=True)
        if divisor_override == 0:
            raise core.error(IvyValueError, fn, "divisor_override must not be zero")
        if nd == 1 and divisor_override is not None:
            # avg_pool1d has no divisor_override: pool a (1, n) plane with a (1, k) window
            y = F.avg_pool2d(x.unsqueeze(2), (1,) + g.kernel, (1,) + g.stride, (0,) + g.padding,
                             ceil_mode, count_include_pad, divisor_override).squeeze(2)
        elif nd == 1:
            y = F.avg_pool1d(x, g.kernel, g.stride, g.padding, ceil_mode, count_include_pad)
        else:
            y = _AVG[nd](x, g.kernel, g.stride, g.padding, ceil_mode, count_include_pad,
                         divisor_override)
        return _last(y, channels_last)
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def adaptive_avg_pool(x, output_size, /, *, channels_last=False):
    fn = "adaptive_avg_pool"
    try:
        x, nd, spatial = _input(x, channels_last, fn)
        out = core.adaptive_sizes(output_size, spatial, fn)
        return _last(_ADAPTIVE_AVG[nd](x, out), channels_last)
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def adaptive_max_pool(x, output_size, /, *, return_indices=False, channels_last=False):
    fn = "adaptive_max_pool"
    try:
        x, nd, spatial = _input(x, channels_last, fn)
        out = core.adaptive_sizes(output_size, spatial, fn)
        y = _ADAPTIVE_MAX[nd](x, out, return_indices)
        return _last(tuple(y) if return_indices else y, channels_last)
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def interpolate(x, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None, antialias=False, channels_last=False):
    fn = "interpolate"
    try:
        nd = core.spatial_rank(x.ndim, fn)
        spatial = tuple(x.shape[1:-1] if channels_last else x.shape[2:])
        core.interpolate_plan(x.ndim, spatial, size, scale_factor, mode, align_corners,
                              recompute_scale_factor, antialias)
        if mode not in ("nearest", "nearest-exact"):
            core.check_floating(CANONICAL.get(x.dtype), fn)
        elif not (x.dtype.is_floating_point or x.dtype == torch.uint8):
            # torch's nearest kernels take floats and uint8 only: gather the rest
            return core.interpolate(registry.backend_namespace(NAME), x, size, scale_factor,
                                    mode, align_corners, recompute_scale_factor, antialias,
                                    channels_last)
        y = F.interpolate(_first(x, channels_last), size=size, scale_factor=scale_factor,
                          mode=mode, align_corners=align_corners,
                          recompute_scale_factor=recompute_scale_factor, antialias=antialias)
        return _last(y, channels_last)
    except IvyError:
        raise
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def pad(x, pad_width, /, *, mode="constant", value=0):
    fn = "pad"
    try:
        if mode == "constant":
            pairs = core.pad_widths(pad_width, x.ndim, fn)
            flat = [w for a, b in reversed(pairs) for w in (a, b)]   # torch: last axis first
            if any(n == 0 for n in x.shape) and all(w >= 0 for w in flat):
                return _pad_empty(x, pairs, value)
            return F.pad(x, flat, mode="constant", value=value)
        crop, pairs = core.pad_plan(pad_width, tuple(x.shape), mode, fn)
        for axis, (a, b) in enumerate(pairs):
            if a or b:
                idx = core.pad_indices(x.shape[axis], a, b, mode, fn)
                x = torch.index_select(x, axis, torch.from_numpy(idx).to(x.device))
        return x
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def _pad_empty(x, pairs, value):
    """F.pad refuses some empty inputs; a full array of the padded shape is the answer."""
    shape = [n + a + b for n, (a, b) in zip(x.shape, pairs)]
    return torch.full(shape, value, dtype=x.dtype, device=x.device)
