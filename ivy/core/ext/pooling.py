"""Core extension area `pooling` (see ``_area.py``): N-d pooling, interpolation, padding.

Inputs are (N, C, *spatial) with 1 to 3 spatial axes, or (N, *spatial, C) with ``channels_last``.
Semantics are ``torch.nn.functional``'s (``max_poolNd``, ``avg_poolNd``, ``adaptive_*``,
``lp_poolNd``, ``interpolate``) and ``numpy.pad``'s. Only floating-point inputs are pooled or
interpolated (torch has no integer max-pool or interpolation kernels on CPU).

Every window operation here is one engine: per spatial axis, a table of the input positions each
output reads (``_Axis``), built once in Python from the static shapes; the default bodies gather
those positions with ``xp.take`` along each axis and reduce. Backends override with native pools
where their framework has them.
"""
from __future__ import annotations

import math
from collections import namedtuple

from ..errors import IvyTypeError, IvyValueError
from ._area import Area

area = Area("pooling", "")

_FLOATING = frozenset({"float16", "bfloat16", "float32", "float64"})
HALF = frozenset({"float16", "bfloat16"})
PAD_MODES = ("constant", "reflect", "edge", "wrap", "symmetric")


# ---- declarations ----------------------------------------------------------------------------

@area.primary
def pad(x, pad_width, /, *, mode="constant", value=0):
    """Implements `numpy.pad` for modes constant, reflect, edge, wrap, symmetric; negative widths
    crop (constant mode only, like `torch.nn.functional.pad`)."""
    ...


# ---- argument normalization (shared by every backend) ----------------------------------------

def error(cls, fn, msg):
    return cls(f"ivy.{fn}: {msg}", function=fn)


def spatial_rank(x_ndim, fn):
    nd = x_ndim - 2
    if nd not in (1, 2, 3):
        raise error(IvyValueError, fn, f"expected a 3-d, 4-d or 5-d input (N, C, *spatial), got "
                    f"{x_ndim}-d")
    return nd


def check_floating(dtype_name, fn):
    if dtype_name not in _FLOATING:
        raise error(IvyTypeError, fn, f"a floating-point input is required, got {dtype_name}")


def ntuple(value, nd, name, fn):
    """An int or a sequence of 1 or nd ints -> tuple of nd ints (torch's _ntuple)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return (value,) * nd
    try:
        t = tuple(int(v) for v in value)
    except TypeError:
        raise error(IvyTypeError, fn, f"{name} must be an int or a tuple of ints, got "
                    f"{value!r}") from None
    if len(t) == 1:
        return t * nd
    if len(t) != nd:
        raise error(IvyValueError, fn, f"{name} must have 1 or {nd} elements, got {len(t)}")
    return t


def pool_out_len(n, k, s, p, d, ceil_mode):
    """torch's pooling_output_shape: windows may overhang on the right in ceil mode, but the last
    one must start inside the input or its left padding."""
    o = (n + 2 * p - d * (k - 1) - 1 + (s - 1 if ceil_mode else 0)) // s + 1
    if ceil_mode and (o - 1) * s >= n + p:
        o -= 1
    return o


# One spatial axis of a window operation: output o reads input positions start[o] + j * step
# for j < size[o] (size is at most k); positions outside [0, n) are padding.
_Axis = namedtuple("_Axis", "n out k step start size")

PoolGeometry = namedtuple("PoolGeometry", "kernel stride padding dilation out")


def pool_geometry(fn, spatial, kernel_size, stride, padding, dilation, ceil_mode, *, avg=False):
    """Checked (kernel, stride, padding, dilation, out) tuples, with torch's errors."""
    nd = len(spatial)
    k = ntuple(kernel_size, nd, "kernel_size", fn)
    s = k if stride is None or (not isinstance(stride, int) and len(stride) == 0) \
        else ntuple(stride, nd, "stride", fn)
    p = ntuple(padding, nd, "padding", fn)
    d = ntuple(dilation, nd, "dilation", fn)
    if min(k) <= 0 or min(s) <= 0 or min(d) <= 0 or min(p) < 0:
        raise error(IvyValueError, fn, f"kernel_size {k}, stride {s} and dilation {d} must be "
                    f"positive and padding {p} non-negative")
    for ki, pi, di in zip(k, p, d):
        limit = ki // 2 if avg else ((ki - 1) * di + 1) // 2
        if pi > limit:
            raise error(IvyValueError, fn, f"padding should be at most half of the (effective) "
                        f"kernel size, got padding {p} and kernel_size {k}")
    out = tuple(pool_out_len(n, ki, si, pi, di, ceil_mode)
                for n, ki, si, pi, di in zip(spatial, k, s, p, d))
    if min(out) < 1:
        raise error(IvyValueError, fn, f"output size {out} is too small for input {spatial}")
    return PoolGeometry(k, s, p, d, out)


def pool_axes(g: PoolGeometry, spatial):
    return [_Axis(n, o, k, d, [i * s - p for i in range(o)], [k] * o)
            for n, o, k, s, p, d in zip(spatial, g.out, g.kernel, g.stride, g.padding, g.dilation)]


def avg_divisor(g: PoolGeometry, spatial, count_include_pad):
    """Per-axis window counts of torch's avg_pool (their product is the divisor): with padding
    counted, windows are clipped to the padded input; without, to the input."""
    counts = []
    for n, o, k, s, p in zip(spatial, g.out, g.kernel, g.stride, g.padding):
        row = []
        for i in range(o):
            a = i * s - p
            row.append(min(a + k, n + p) - a if count_include_pad else min(a + k, n) - max(a, 0))
        counts.append(row)
    return counts


def avg_divisor_array(g: PoolGeometry, spatial, count_include_pad, divisor_override, fn):
    """numpy float64 divisor of every output window (shape g.out), or the 0-d override."""
    import numpy as np
    if divisor_override is not None:
        if divisor_override == 0:
            raise error(IvyValueError, fn, "divisor_override must not be zero")
        return np.asarray(divisor_override, np.float64)
    divisor = np.ones(())
    for c in avg_divisor(g, spatial, count_include_pad):
        divisor = np.multiply.outer(divisor, np.asarray(c, np.float64))
    return divisor


def adaptive_sizes(output_size, spatial, fn):
    nd = len(spatial)
    if isinstance(output_size, int) and not isinstance(output_size, bool):
        out = (output_size,) * nd
    else:
        try:
            out = tuple(output_size)
        except TypeError:
            raise error(IvyTypeError, fn, f"output_size must be an int or a tuple, got "
                        f"{output_size!r}") from None
        if len(out) == 1 and nd > 1:
            out = out * nd
        if len(out) != nd:
            raise error(IvyValueError, fn, f"output_size must have {nd} elements, got {len(out)}")
        out = tuple(n if o is None else int(o) for o, n in zip(out, spatial))
    if min(out) < 0 or (min(spatial) == 0 and min(out) > 0):
        raise error(IvyValueError, fn, f"invalid output_size {out} for input {spatial}")
    return out


def adaptive_axes(out, spatial):
    """torch's adaptive windows: output i covers [floor(i*n/o), ceil((i+1)*n/o))."""
    axes = []
    for n, o in zip(spatial, out):
        start = [(i * n) // o for i in range(o)]
        size = [-((-(i + 1) * n) // o) - a for i, a in enumerate(start)]
        axes.append(_Axis(n, o, max(size, default=1), 1, start, size))
    return axes


def window_tables(axes):
    """numpy tables per axis: clamped input index (o, k), validity (o, k), or None if all valid."""
    import numpy as np
    tables = []
    for ax in axes:
        j = np.arange(ax.k)
        pos = np.asarray(ax.start, np.int64)[:, None] + j * ax.step
        valid = (pos >= 0) & (pos < ax.n) & (j < np.asarray(ax.size)[:, None])
        tables.append((np.clip(pos, 0, max(ax.n - 1, 0)), None if valid.all() else valid))
    return tables


def flat_index(axes, window_pos):
    """numpy int64 (o1, ..., K): each window position's flat index into the input plane."""
    import numpy as np
    nd = len(axes)
    flat = np.zeros([ax.out for ax in axes] + [ax.k for ax in axes], np.int64)
    plane = 1
    for d in reversed(range(nd)):
        ax = axes[d]
        pos = window_pos[d]                           # (o, k)
        shape = [1] * (2 * nd)
        shape[d], shape[nd + d] = ax.out, ax.k
        flat = flat + pos.reshape(shape) * plane
        plane *= ax.n
    return flat.reshape([ax.out for ax in axes] + [-1])


# ---- the window engine on a backend namespace ------------------------------------------------

def _to_channels_first(xp, x, channels_last):
    if not channels_last:
        return x
    nd = len(xp.shape(x)) - 2
    return xp.permute_dims(x, (0, nd + 1) + tuple(range(1, nd + 1)))


def _from_channels_first(xp, y, channels_last):
    if not channels_last:
        return y
    nd = len(xp.shape(y)) - 2
    return xp.permute_dims(y, (0,) + tuple(range(2, nd + 2)) + (1,))


def _windows(xp, x, axes, fill):
    """(N, C, o1..od, K): the window of every output, invalid positions set to ``fill``."""
    import numpy as np
    nd = len(axes)
    tables = window_tables(axes)
    lead = xp.shape(x)[:2]
    for d in reversed(range(nd)):                     # later axes first: earlier ones keep place
        pos, _ = tables[d]
        x = xp.take(x, xp.asarray(pos.reshape(-1)), axis=2 + d)
        shape = xp.shape(x)
        x = xp.reshape(x, shape[:2 + d] + pos.shape + shape[3 + d:])
    # (N, C, o1, k1, o2, k2, ...) -> (N, C, o1, o2, ..., k1 * k2 * ...)
    perm = (0, 1) + tuple(2 + 2 * d for d in range(nd)) + tuple(3 + 2 * d for d in range(nd))
    x = xp.permute_dims(x, perm)
    x = xp.reshape(x, lead + tuple(ax.out for ax in axes) + (-1,))
    if any(v is not None for _, v in tables):
        valid = np.ones([1] * (2 * nd), bool)
        for d, (pos, v) in enumerate(tables):
            shape = [1] * (2 * nd)
            shape[d], shape[nd + d] = pos.shape
            valid = valid & (np.ones(pos.shape, bool) if v is None else v).reshape(shape)
        mask = xp.asarray(valid.reshape([ax.out for ax in axes] + [-1]))
        x = xp.where(mask, x, xp.asarray(fill, dtype=xp.dtype(x)))
    return x, tables


def window_max(xp, x, axes, return_indices):
    """Max over every window; with indices, torch's flat input-plane index of the maximum."""
    import numpy as np
    windows, tables = _windows(xp, x, axes, -math.inf)
    # the value at the argmax (not a max reduction): its gradient goes to one element of a tied
    # window, as torch's does
    first = xp.argmax(windows, axis=-1, keepdims=True)
    values = xp.squeeze(xp.take_along_axis(windows, first, axis=-1), axis=-1)
    if not return_indices:
        return values
    flat = flat_index(axes, [pos for pos, _ in tables])      # (o1, ..., K)
    outputs, k = flat.size // flat.shape[-1], flat.shape[-1]
    # argmax within each window -> row of the flattened table
    at = xp.add(xp.astype(xp.squeeze(first, axis=-1), "int64"),
                xp.asarray((np.arange(outputs) * k).reshape(flat.shape[:-1])))
    shape = xp.shape(at)
    indices = xp.take(xp.asarray(flat.reshape(-1)), xp.reshape(at, (-1,)), axis=0)
    return values, xp.reshape(indices, shape)


def window_mean(xp, x, axes, divisor):
    """Sum over every window (padding reads 0) divided by ``divisor`` (numpy, shape of the
    outputs or 0-d)."""
    dtype = xp.dtype(x)
    if dtype in HALF:                   # accumulate in float32, as torch does
        x = xp.astype(x, "float32")
    windows, _ = _windows(xp, x, axes, 0.0)
    total = xp.sum(windows, axis=-1)
    y = xp.divide(total, xp.asarray(divisor, dtype=xp.dtype(total)))
    return xp.astype(y, dtype) if dtype in HALF else y


# ---- compositional functions -----------------------------------------------------------------

def _pool_input(xp, x, channels_last, fn):
    spatial_rank(len(xp.shape(x)), fn)
    check_floating(xp.dtype(x), fn)
    x = _to_channels_first(xp, x, channels_last)
    return x, xp.shape(x)[2:]


@area.compositional
def max_pool(xp, x, kernel_size, /, *, stride=None, padding=0, dilation=1, ceil_mode=False,
             return_indices=False, channels_last=False):
    """Implements `torch.nn.functional.max_poolNd`; with return_indices, (values, int64 flat
    indices into each input spatial plane)."""
    fn = "max_pool"
    x, spatial = _pool_input(xp, x, channels_last, fn)
    g = pool_geometry(fn, spatial, kernel_size, stride, padding, dilation, ceil_mode)
    out = window_max(xp, x, pool_axes(g, spatial), return_indices)
    if return_indices:
        return tuple(_from_channels_first(xp, y, channels_last) for y in out)
    return _from_channels_first(xp, out, channels_last)


@area.compositional
def avg_pool(xp, x, kernel_size, /, *, stride=None, padding=0, ceil_mode=False,
             count_include_pad=True, divisor_override=None, channels_last=False):
    """Implements `torch.nn.functional.avg_poolNd` (divisor_override for every rank)."""
    fn = "avg_pool"
    x, spatial = _pool_input(xp, x, channels_last, fn)
    g = pool_geometry(fn, spatial, kernel_size, stride, padding, 1, ceil_mode, avg=True)
    divisor = avg_divisor_array(g, spatial, count_include_pad, divisor_override, fn)
    y = window_mean(xp, x, pool_axes(g, spatial), divisor)
    return _from_channels_first(xp, y, channels_last)


@area.compositional
def adaptive_avg_pool(xp, x, output_size, /, *, channels_last=False):
    """Implements `torch.nn.functional.adaptive_avg_poolNd` (None in output_size keeps the size)."""
    fn = "adaptive_avg_pool"
    x, spatial = _pool_input(xp, x, channels_last, fn)
    axes = adaptive_axes(adaptive_sizes(output_size, spatial, fn), spatial)
    import numpy as np
    divisor = np.ones(())
    for ax in axes:
        divisor = np.multiply.outer(divisor, np.asarray(ax.size, np.float64))
    y = window_mean(xp, x, axes, divisor)
    return _from_channels_first(xp, y, channels_last)


@area.compositional
def adaptive_max_pool(xp, x, output_size, /, *, return_indices=False, channels_last=False):
    """Implements `torch.nn.functional.adaptive_max_poolNd`; indices as in max_pool."""
    fn = "adaptive_max_pool"
    x, spatial = _pool_input(xp, x, channels_last, fn)
    axes = adaptive_axes(adaptive_sizes(output_size, spatial, fn), spatial)
    out = window_max(xp, x, axes, return_indices)
    if return_indices:
        return tuple(_from_channels_first(xp, y, channels_last) for y in out)
    return _from_channels_first(xp, out, channels_last)


@area.compositional
def lp_pool(xp, x, norm_type, kernel_size, /, *, stride=None, ceil_mode=False,
            channels_last=False):
    """Implements `torch.nn.functional.lp_poolNd`: (sum of x**p over each window) ** (1/p),
    including torch's scaling of the clipped windows of ceil mode by the full kernel size."""
    fn = "lp_pool"
    nd = spatial_rank(len(xp.shape(x)), fn)
    k = ntuple(kernel_size, nd, "kernel_size", fn)
    y = xp.avg_pool(xp.pow(x, norm_type), k, stride=stride, padding=0, ceil_mode=ceil_mode,
                    channels_last=channels_last)
    y = xp.multiply(xp.sign(y), xp.maximum(xp.abs(y), xp.zeros_like(y)))
    return xp.pow(xp.multiply(y, math.prod(k)), 1.0 / norm_type)


# ---- interpolate -----------------------------------------------------------------------------

# mode -> the spatial rank it needs (None: any of 1..3)
INTERPOLATE_MODES = {"nearest": None, "nearest-exact": None, "area": None, "linear": 1,
                     "bilinear": 2, "bicubic": 2, "trilinear": 3}
_CUBIC_A = -0.75


Resize = namedtuple("Resize", "out scales align_corners")


def interpolate_plan(x_ndim, spatial, size, scale_factor, mode, align_corners,
                     recompute_scale_factor, antialias):
    """torch.nn.functional.interpolate's argument rules: (output sizes, scales for the kernels,
    align_corners), with torch's errors (as IvyValueError)."""
    fn = "interpolate"
    if mode not in INTERPOLATE_MODES:
        raise error(IvyValueError, fn, f"unknown mode {mode!r}; choose one of "
                    f"{tuple(INTERPOLATE_MODES)}")
    nd = spatial_rank(x_ndim, fn)
    if mode in ("nearest", "nearest-exact", "area"):
        if align_corners is not None:
            raise error(IvyValueError, fn, "align_corners option can only be set with the "
                        "interpolating modes: linear | bilinear | bicubic | "
                        "trilinear")
    elif align_corners is None:
        align_corners = False
    need = INTERPOLATE_MODES[mode]
    if need is not None and need != nd:
        raise error(IvyValueError, fn, f"got {x_ndim}-d input, but {mode} mode needs a "
                    f"{need + 2}-d input")
    if antialias and not (mode in ("bilinear", "bicubic") and nd == 2):
        raise error(IvyValueError, fn, "anti-alias option is restricted to bilinear and bicubic "
                    "modes and requires a 4-d input")
    if (size is None) == (scale_factor is None):
        raise error(IvyValueError, fn, "exactly one of size and scale_factor must be given")
    if size is not None:
        if recompute_scale_factor:
            raise error(IvyValueError, fn, "recompute_scale_factor is not meaningful with an "
                        "explicit size")
        out = (size,) * nd if isinstance(size, int) else tuple(size)
        if len(out) != nd:
            raise error(IvyValueError, fn, f"size {size} must have {nd} elements for a "
                        f"{x_ndim}-d input")
        out = tuple(int(o) for o in out)
        scales = (None,) * nd
    else:
        sf = (scale_factor,) * nd if isinstance(scale_factor, (int, float)) else tuple(scale_factor)
        if len(sf) != nd:
            raise error(IvyValueError, fn, f"scale_factor {scale_factor} must have {nd} elements "
                        f"for a {x_ndim}-d input")
        sf = tuple(float(s) for s in sf)
        out = tuple(math.floor(float(n) * s) for n, s in zip(spatial, sf))
        # area mode always recomputes (torch); so does an explicit request
        scales = (None,) * nd if (recompute_scale_factor or mode == "area") else sf
    if min(out) <= 0:
        raise error(IvyValueError, fn, f"output size {out} must be positive")
    return Resize(out, scales, align_corners)


def _ctype(dtype_name):
    """numpy type of torch's opmath for the coordinate arithmetic (float for half types)."""
    import numpy as np
    return np.float64 if dtype_name == "float64" else np.float32


def nearest_taps(n, out, scale, exact):
    """torch's nearest / nearest-exact source indices, in its float32 arithmetic."""
    import numpy as np
    dst = np.arange(out)
    if not exact and out == n:
        return dst
    if not exact and out == 2 * n:
        return dst >> 1
    if scale is not None and scale > 0:
        f = np.float32(1.0 / scale)
    else:
        f = np.float32(n) / np.float32(out)
    if exact:
        src = np.floor(((dst + 0.5) * np.float64(f)).astype(np.float32))
    else:
        src = np.floor(dst.astype(np.float32) * f)
    return np.minimum(src.astype(np.int64), n - 1)


def _coordinate_scale(n, out, scale, align_corners, ct):
    if align_corners:
        return ct(n - 1) / ct(out - 1) if out > 1 else ct(0)
    return ct(1.0 / scale) if scale is not None and scale > 0 else ct(n) / ct(out)


def _source(n, out, scale, align_corners, ct, cubic):
    import numpy as np
    r = _coordinate_scale(n, out, scale, align_corners, ct)
    dst = np.arange(out).astype(ct)
    if align_corners:
        return r * dst
    src = r * (dst + ct(0.5)) - ct(0.5)
    return src if cubic else np.maximum(src, ct(0))


def linear_taps(n, out, scale, align_corners, ct):
    """(indices (out, 2), weights (out, 2)) of torch's linear interpolation; an axis whose size
    does not change is copied whatever the scale (torch's kernel does so)."""
    import numpy as np
    if out == n:
        i = np.arange(n)
        return np.stack([i, i], 1), np.stack([np.ones(n, ct), np.zeros(n, ct)], 1)
    src = _source(n, out, scale, align_corners, ct, False)
    i0 = np.minimum(np.floor(src).astype(np.int64), n - 1)
    lam = np.clip(src - i0.astype(ct), 0, 1).astype(ct)
    i1 = i0 + (i0 < n - 1)
    return np.stack([i0, i1], 1), np.stack([ct(1) - lam, lam], 1)


def cubic_taps(n, out, scale, align_corners, ct):
    """(indices (out, 4), weights (out, 4)) of torch's bicubic convolution (A = -0.75), with the
    taps clamped to the border."""
    import numpy as np
    a = ct(_CUBIC_A)
    src = _source(n, out, scale, align_corners, ct, True)
    i = np.floor(src)
    t = (src - i).astype(ct)

    def near(u):                    # |u| <= 1
        return ((a + 2) * u - (a + 3)) * u * u + 1

    def far(u):                     # 1 < |u| < 2
        return ((a * u - 5 * a) * u + 8 * a) * u - 4 * a

    one = ct(1)
    w = np.stack([far(t + one), near(t), near(one - t), far(2 * one - t)], 1).astype(ct)
    idx = np.clip(i.astype(np.int64)[:, None] + np.arange(-1, 3), 0, n - 1)
    return idx, w


def antialias_taps(n, out, scale, align_corners, ct, cubic):
    """(indices, weights) of torch's antialiased bilinear/bicubic resampling: the filter (linear,
    or cubic with A = -0.5) stretched by the downscale factor, normalized over the taps inside
    the input."""
    import numpy as np
    r = _coordinate_scale(n, out, scale, align_corners, ct)
    half = ct(2 if cubic else 1)
    support = half * r if r >= 1 else half
    invscale = ct(1) / r if r >= 1 else ct(1)
    width = int(math.ceil(support)) * 2 + 1
    center = r * (np.arange(out).astype(ct) + ct(0.5))
    xmin = np.maximum((center - support + ct(0.5)).astype(np.int64), 0)
    xsize = np.clip(np.minimum((center + support + ct(0.5)).astype(np.int64), n) - xmin, 0, width)
    j = np.arange(width)
    u = np.abs(((j + xmin[:, None]).astype(ct) - center[:, None] + ct(0.5)) * invscale)
    if cubic:
        a = ct(-0.5)
        w = np.where(u < 1, ((a + 2) * u - (a + 3)) * u * u + 1,
                     np.where(u < 2, ((a * u - 5 * a) * u + 8 * a) * u - 4 * a, 0))
    else:
        w = np.where(u < 1, 1 - u, 0)
    w = np.where(j < xsize[:, None], w, 0).astype(ct)
    total = w.sum(1, keepdims=True)
    w = np.where(total != 0, w / np.where(total != 0, total, 1), w).astype(ct)
    return np.minimum(j + xmin[:, None], n - 1), w


def _resample_axis(xp, x, axis, idx, weights):
    """sum_t x[..., idx[:, t], ...] * weights[:, t] along ``axis`` (weights None: a gather)."""
    if weights is None:
        return xp.take(x, xp.asarray(idx), axis=axis)
    shape = [1] * len(xp.shape(x))
    shape[axis] = idx.shape[0]
    dt = xp.dtype(x)
    y = None
    for t in range(idx.shape[1]):
        w = xp.asarray(weights[:, t].reshape(shape), dtype=dt)
        term = xp.multiply(xp.take(x, xp.asarray(idx[:, t]), axis=axis), w)
        y = term if y is None else xp.add(y, term)
    return y


@area.compositional
def interpolate(xp, x, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None, antialias=False, channels_last=False):
    """Implements `torch.nn.functional.interpolate` (modes nearest, nearest-exact, linear,
    bilinear, bicubic, trilinear, area; antialias for bilinear and bicubic)."""
    fn = "interpolate"
    shape = xp.shape(x)
    nd = spatial_rank(len(shape), fn)
    spatial = shape[1:-1] if channels_last else shape[2:]
    plan = interpolate_plan(len(shape), spatial, size, scale_factor, mode, align_corners,
                            recompute_scale_factor, antialias)
    if mode == "area":
        return xp.adaptive_avg_pool(x, plan.out, channels_last=channels_last)
    dtype = xp.dtype(x)
    if mode not in ("nearest", "nearest-exact"):
        check_floating(dtype, fn)
    wide = dtype in HALF
    if wide:
        x = xp.astype(x, "float32")
    ct = _ctype(dtype)
    first = 1 if channels_last else 2
    for d in range(nd):
        n, o, s = spatial[d], plan.out[d], plan.scales[d]
        if mode in ("nearest", "nearest-exact"):
            idx, w = nearest_taps(n, o, s, mode == "nearest-exact"), None
        elif antialias:
            idx, w = antialias_taps(n, o, s, plan.align_corners, ct, mode == "bicubic")
        elif mode == "bicubic":
            idx, w = cubic_taps(n, o, s, plan.align_corners, ct)
        else:
            idx, w = linear_taps(n, o, s, plan.align_corners, ct)
        x = _resample_axis(xp, x, first + d, idx, w)
    return xp.astype(x, dtype) if wide else x


# ---- pad -------------------------------------------------------------------------------------

def pad_widths(pad_width, ndim, fn="pad"):
    """numpy.pad's pad_width (int, (n,), (before, after) or one pair per axis) -> ndim pairs."""
    import numpy as np
    try:
        w = np.asarray(pad_width)
        if w.dtype.kind not in "iu":
            raise TypeError
        pairs = np.broadcast_to(w, (ndim, 2))
    except (TypeError, ValueError):
        raise error(IvyValueError, fn, f"pad_width {pad_width!r} must be an int, a pair, or one "
                    f"pair of ints per axis ({ndim})") from None
    return [(int(a), int(b)) for a, b in pairs.tolist()]


def pad_plan(pad_width, shape, mode, fn="pad"):
    """(crop slices or None, non-negative pairs) for numpy.pad's semantics; negative widths crop
    in constant mode."""
    if mode not in PAD_MODES:
        raise error(IvyValueError, fn, f"mode {mode!r} is not one of {PAD_MODES}")
    pairs = pad_widths(pad_width, len(shape), fn)
    if all(a >= 0 and b >= 0 for a, b in pairs):
        return None, pairs
    if mode != "constant":
        raise error(IvyValueError, fn, f"negative pad_width {pairs} is only allowed in constant "
                    f"mode")
    crop = []
    for (a, b), n in zip(pairs, shape):
        start, stop = max(-a, 0), n - max(-b, 0)
        if stop < start:
            raise error(IvyValueError, fn, f"negative pad_width {pairs} crops more than the "
                        f"axis of size {n}")
        crop.append(slice(start, stop))
    return tuple(crop), [(max(a, 0), max(b, 0)) for a, b in pairs]


def pad_indices(n, before, after, mode, fn="pad"):
    """Source index of every padded position along one axis, by numpy.pad's own rules."""
    import numpy as np
    if n == 0 and before + after > 0:
        raise error(IvyValueError, fn, f"cannot pad an empty axis in {mode} mode")
    return np.pad(np.arange(n), (before, after), mode=mode)
