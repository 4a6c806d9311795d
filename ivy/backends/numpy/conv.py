"""numpy backend of the `conv` area: convolution as im2col + one (grouped) matmul, transposed
convolution as one matmul + col2im; both exact, vectorized, with half floats computed in float32.

Geometry and argument checks are the core's (``ivy.core.ext.conv``).
"""
from __future__ import annotations

from itertools import product
from math import prod

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ivy.core.errors import translating
from ivy.core.ext import conv as _conv

from ._dtypes import CANONICAL, HALF, NAME

_F32 = np.dtype("float32")


def _name(a):
    return None if a is None else CANONICAL.get(a.dtype, str(a.dtype))


def _pad(x, pads):
    """Pad (positive) or crop (negative) the trailing spatial axes of ``x`` by (low, high) pairs."""
    lead = x.ndim - len(pads)
    if any(lo < 0 or hi < 0 for lo, hi in pads):
        x = x[(slice(None),) * lead + tuple(slice(max(-lo, 0), x.shape[lead + i] - max(-hi, 0))
                                            for i, (lo, hi) in enumerate(pads))]
    if any(lo > 0 or hi > 0 for lo, hi in pads):
        x = np.pad(x, ((0, 0),) * lead + tuple((max(lo, 0), max(hi, 0)) for lo, hi in pads))
    return x


def _windows(x, kernel, stride, dilation):
    """(N, C, *spatial) -> a view (N, C, *blocks, *kernel) of its strided, dilated windows."""
    n = len(kernel)
    span = tuple(d * (k - 1) + 1 for k, d in zip(kernel, dilation))
    view = sliding_window_view(x, span, axis=tuple(range(2, 2 + n)))
    return view[(slice(None),) * 2 + tuple(slice(None, None, s) for s in stride)
                + tuple(slice(None, None, d) for d in dilation)]


def _col2im(cols, size, stride, dilation):
    """(N, C, *kernel, *blocks) -> (N, C, *size): every block added at its window's place."""
    n = len(size)
    kernel, blocks = cols.shape[2:2 + n], cols.shape[2 + n:]
    out = np.zeros(cols.shape[:2] + tuple(size), cols.dtype)
    for offset in product(*map(range, kernel)):   # prod(kernel) vectorized adds
        region = tuple(slice(o * d, o * d + (b - 1) * s + 1, s)
                       for o, d, b, s in zip(offset, dilation, blocks, stride))
        out[(Ellipsis,) + region] += cols[(slice(None), slice(None)) + offset]
    return out


def _compute_dtype(x):
    return _F32 if x.dtype in HALF else x.dtype


@translating("conv", NAME)
def conv(x, weight, /, *, stride=1, padding=0, dilation=1, groups=1, channels_last=False,
         bias=None):
    _conv.check_dtypes("conv", NAME, _name(x), _name(weight), _name(bias))
    plan = _conv.conv_plan("conv", NAME, x.shape, weight.shape,
                           None if bias is None else bias.shape, stride, padding, dilation,
                           groups, channels_last)
    n, g, out = plan.n, plan.groups, plan.out
    dtype, wide = x.dtype, _compute_dtype(x)
    if channels_last:
        x = np.moveaxis(x, -1, 1)
    batch, channels = x.shape[:2]
    patches = _windows(_pad(x.astype(wide, copy=False), plan.pads), plan.kernel, plan.stride,
                       plan.dilation)
    # (N, G, C/G, *out, *k) -> (G, N, *out, C/G, *k) -> (G, N*P, C/G*K): the im2col copy.
    patches = patches.reshape((batch, g, channels // g) + patches.shape[2:])
    patches = patches.transpose((1, 0) + tuple(range(3, 3 + n)) + (2,)
                                + tuple(range(3 + n, 3 + 2 * n)))
    patches = patches.reshape(g, batch * prod(out), -1)
    out_channels = weight.shape[0]
    w = weight.astype(wide, copy=False).reshape(g, out_channels // g, -1).transpose(0, 2, 1)
    y = np.matmul(patches, w).reshape((g, batch) + out + (out_channels // g,))
    if channels_last:
        y = y.transpose((1,) + tuple(range(2, 2 + n)) + (0, 2 + n))
        y = y.reshape((batch,) + out + (out_channels,))
        if bias is not None:
            y = y + bias.astype(wide, copy=False)
    else:
        y = y.transpose((1, 0, 2 + n) + tuple(range(2, 2 + n)))
        y = y.reshape((batch, out_channels) + out)
        if bias is not None:
            y = y + bias.astype(wide, copy=False).reshape((-1,) + (1,) * n)
    return np.ascontiguousarray(y, dtype=dtype)


@translating("conv_transpose", NAME)
def conv_transpose(x, weight, /, *, stride=1, padding=0, output_padding=0, dilation=1, groups=1,
                   channels_last=False, bias=None):
    _conv.check_dtypes("conv_transpose", NAME, _name(x), _name(weight), _name(bias))
    plan = _conv.transpose_plan("conv_transpose", NAME, x.shape, weight.shape,
                                None if bias is None else bias.shape, stride, padding,
                                output_padding, dilation, groups, channels_last)
    n, g, kernel = plan.n, plan.groups, plan.kernel
    dtype, wide = x.dtype, _compute_dtype(x)
    if channels_last:
        x = np.moveaxis(x, -1, 1)
    batch, channels = x.shape[:2]
    size = x.shape[2:]
    out_g = weight.shape[1]
    # One matmul gives every input position's contribution to every kernel tap ...
    xm = x.astype(wide, copy=False).reshape(batch, g, channels // g, -1).transpose(1, 0, 3, 2)
    cols = np.matmul(xm, weight.astype(wide, copy=False).reshape(g, 1, channels // g, -1))
    # (G, N, P, O/G, *k) -> (N, G, O/G, *k, *in); col2im adds the taps into the full output.
    cols = cols.reshape((g, batch) + tuple(size) + (out_g,) + kernel)
    cols = cols.transpose((1, 0, 2 + n) + tuple(range(3 + n, 3 + 2 * n)) + tuple(range(2, 2 + n)))
    cols = cols.reshape((batch, g * out_g) + kernel + tuple(size))
    full = tuple((i - 1) * s + d * (k - 1) + 1
                 for i, s, d, k in zip(size, plan.stride, plan.dilation, kernel))
    y = _col2im(cols, full, plan.stride, plan.dilation)
    y = _pad(y, tuple((-lo, op - hi) for (lo, hi), op in zip(plan.pads, plan.output_padding)))
    if bias is not None:
        y = y + bias.astype(wide, copy=False).reshape((-1,) + (1,) * n)
    if channels_last:
        y = np.moveaxis(y, 1, -1)
    return np.ascontiguousarray(y, dtype=dtype)


@translating("unfold", NAME)
def unfold(x, kernel_size, /, *, dilation=1, padding=0, stride=1):
    _conv.check_dtypes("unfold", NAME, _name(x))
    plan = _conv.unfold_plan("unfold", NAME, x.shape, kernel_size, dilation, padding, stride)
    n = plan.n
    patches = _windows(_pad(x, tuple((p, p) for p in plan.padding)), plan.kernel, plan.stride,
                       plan.dilation)
    # (N, C, *blocks, *k) -> (N, C, *k, *blocks) -> (N, C*K, L)
    patches = patches.transpose((0, 1) + tuple(range(2 + n, 2 + 2 * n)) + tuple(range(2, 2 + n)))
    return patches.reshape(x.shape[0], x.shape[1] * prod(plan.kernel), prod(plan.blocks))


@translating("fold", NAME)
def fold(x, output_size, kernel_size, /, *, dilation=1, padding=0, stride=1):
    _conv.check_dtypes("fold", NAME, _name(x))
    plan = _conv.fold_plan("fold", NAME, x.shape, output_size, kernel_size, dilation, padding,
                           stride)
    cols = x.astype(_compute_dtype(x), copy=False).reshape((x.shape[0], -1) + plan.kernel
                                                           + plan.blocks)
    padded = tuple(i + 2 * p for i, p in zip(plan.size, plan.padding))
    y = _pad(_col2im(cols, padded, plan.stride, plan.dilation),
             tuple((-p, -p) for p in plan.padding))
    return np.ascontiguousarray(y, dtype=x.dtype)
