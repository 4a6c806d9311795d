"""tensorflow backend of the `conv` area.

TF's CPU kernels only take channels-last layouts, and (tensorflow-cpu 2.21) ``Conv3D`` has no
dilation and no groups, while the transposed kernels (``Conv*DBackpropInput``, also Conv2D's
gradient) have neither dilation nor groups. So:

- ``conv``: ``raw_ops.Conv2D`` (1-D as a unit height; strides and explicit padding native) and
  ``Conv3D``. Grouped or dilated convolutions, whose CPU kernels either do not exist (Conv3D) or
  have no gradient (Conv2D), use strided-slice patches and one grouped matmul on CPU-only
  machines. Complex input is two real convolutions of the stacked real/imaginary parts.
- ``conv_transpose``: one (grouped) matmul of the input with the kernel, then col2im as one
  ``unsorted_segment_sum`` (no zero-interleaved input, so no wasted multiplies).
- ``unfold``/``fold``: strided slices / the same segment sum (data movement only).

Half floats are accumulated in float32 where the code (not a TF kernel) does the arithmetic.
Geometry and argument checks are the core's (``ivy.core.ext.conv``).
"""
from __future__ import annotations

import functools
from itertools import product
from math import prod

import numpy as np
import tensorflow as tf

from ivy.core.errors import translating
from ivy.core.ext import conv as _conv

from ._base import NAME, name_of

raw = tf.raw_ops
_HALF = frozenset({tf.float16, tf.bfloat16})
_COMPLEX = frozenset({tf.complex64, tf.complex128})


def _name(a):
    return None if a is None else name_of(a.dtype)


def _channels_last(x, n):
    return tf.transpose(x, (0,) + tuple(range(2, 2 + n)) + (1,))


def _channels_first(y, n):
    return tf.transpose(y, (0, n + 1) + tuple(range(1, n + 1)))


def _pad(x, pads):
    """Pad with zeros (positive) or crop (negative) axes 1..n of a channels-last ``x``."""
    if any(lo < 0 or hi < 0 for lo, hi in pads):
        x = x[(slice(None),) + tuple(slice(max(-lo, 0), x.shape[1 + i] - max(-hi, 0))
                                     for i, (lo, hi) in enumerate(pads))]
    if any(lo > 0 or hi > 0 for lo, hi in pads):
        x = tf.pad(x, ((0, 0),) + tuple((max(lo, 0), max(hi, 0)) for lo, hi in pads) + ((0, 0),))
    return x


def _conv2d(x, w, stride, dilation, pads):
    return raw.Conv2D(input=x, filter=w, strides=(1,) + stride + (1,), padding="EXPLICIT",
                      explicit_paddings=(0, 0) + pads[0] + pads[1] + (0, 0),
                      dilations=(1,) + dilation + (1,))


@functools.cache
def _cpu_only():
    # TF's CPU kernels run grouped and dilated Conv2D forward, but their gradients raise
    # ("not supported on CPU"); GPU kernels have both.
    return not tf.config.list_physical_devices("GPU")


def _conv_native(x, weight, plan):
    """Channels-last real convolution by TF's kernels; pads are non-negative."""
    n, stride, dilation, pads = plan.n, plan.stride, plan.dilation, plan.pads
    w = tf.transpose(weight, tuple(range(2, 2 + n)) + (1, 0))     # (*k, I/G, O)
    if n == 1:
        return _conv2d(x[:, None], w[None], (1,) + stride, (1,) + dilation, ((0, 0),) + pads)[:, 0]
    if n == 2:
        return _conv2d(x, w, stride, dilation, pads)
    return raw.Conv3D(input=_pad(x, pads), filter=w, strides=(1,) + stride + (1,),
                      padding="VALID", dilations=(1,) + dilation + (1,))


def _conv_im2col(x, weight, plan):
    """Channels-last convolution as strided-slice patches and one grouped matmul: every op has
    a gradient, and any groups/dilation/rank works. Half floats are accumulated in float32."""
    x, half = _widened(x)
    weight = weight if half is None else tf.cast(weight, tf.float32)
    x = _pad(x, plan.pads)
    batch, channels, g = x.shape[0], x.shape[-1], plan.groups
    taps = [x[(slice(None),) + tuple(slice(o * d, o * d + (m - 1) * s + 1, s) for o, d, m, s
                                     in zip(offset, plan.dilation, plan.out, plan.stride))]
            for offset in product(*map(range, plan.kernel))]
    # (N, *out, C, K) -> (G, N*P, C/G*K) @ (G, C/G*K, O/G): the weight's (O, C/G, *k) order.
    patches = tf.reshape(tf.stack(taps, -1), (-1, g, channels // g * len(taps)))
    out_channels = weight.shape[0]
    w = tf.transpose(tf.reshape(weight, (g, out_channels // g, -1)), (0, 2, 1))
    y = tf.linalg.matmul(tf.transpose(patches, (1, 0, 2)), w)
    y = tf.reshape(tf.transpose(y, (1, 0, 2)), (batch,) + plan.out + (out_channels,))
    return y if half is None else tf.cast(y, half)


def _conv_real(x, weight, plan):
    plain = plan.groups == 1 and all(d == 1 for d in plan.dilation)
    if plain or not (_cpu_only() or plan.n == 3 and plan.groups > 1):   # no grouped Conv3D
        return _conv_native(x, weight, plan)
    return _conv_im2col(x, weight, plan)


@translating("conv", NAME)
def conv(x, weight, /, *, stride=1, padding=0, dilation=1, groups=1, channels_last=False,
         bias=None):
    _conv.check_dtypes("conv", NAME, _name(x), _name(weight), _name(bias))
    plan = _conv.conv_plan("conv", NAME, x.shape, weight.shape,
                           None if bias is None else bias.shape, stride, padding, dilation,
                           groups, channels_last)
    n = plan.n
    if not channels_last:
        x = _channels_last(x, n)
    if any(lo < 0 or hi < 0 for lo, hi in plan.pads):      # crop here; kernels only pad
        x = _pad(x, tuple((min(lo, 0), min(hi, 0)) for lo, hi in plan.pads))
        plan = plan._replace(pads=tuple((max(lo, 0), max(hi, 0)) for lo, hi in plan.pads))
    if x.dtype not in _COMPLEX:
        y = _conv_real(x, weight, plan)
    else:   # (a + ib)(c + id): convolve [a; b] with c and with d, then recombine
        batch = x.shape[0]
        parts = tf.concat([tf.math.real(x), tf.math.imag(x)], 0)
        with_re = _conv_real(parts, tf.math.real(weight), plan)
        with_im = _conv_real(parts, tf.math.imag(weight), plan)
        y = tf.complex(with_re[:batch] - with_im[batch:], with_im[:batch] + with_re[batch:])
    if bias is not None:
        y = y + bias
    return y if channels_last else _channels_first(y, n)


@functools.lru_cache(maxsize=256)
def _segment_ids(kernel, blocks, size, stride, dilation):
    """Flat index in ``size`` of (kernel tap, block) pairs, taps then blocks, row-major."""
    n = len(kernel)
    grid = np.meshgrid(*map(np.arange, kernel + blocks), indexing="ij", sparse=True)
    pos = [grid[i] * dilation[i] + grid[n + i] * stride[i] for i in range(n)]
    flat = np.ravel_multi_index(tuple(np.broadcast_arrays(*pos)), size)
    return tf.constant(flat.reshape(-1), tf.int64)


def _col2im(cols, kernel, blocks, size, stride, dilation):
    """(K*L, M) rows of taps then blocks -> (*size, M), overlapping taps summed."""
    ids = _segment_ids(kernel, blocks, size, stride, dilation)
    out = tf.math.unsorted_segment_sum(cols, ids, prod(size))
    return tf.reshape(out, size + (cols.shape[1],))


def _widened(x):
    return (tf.cast(x, tf.float32), x.dtype) if x.dtype in _HALF else (x, None)


@translating("conv_transpose", NAME)
def conv_transpose(x, weight, /, *, stride=1, padding=0, output_padding=0, dilation=1, groups=1,
                   channels_last=False, bias=None):
    _conv.check_dtypes("conv_transpose", NAME, _name(x), _name(weight), _name(bias))
    plan = _conv.transpose_plan("conv_transpose", NAME, x.shape, weight.shape,
                                None if bias is None else bias.shape, stride, padding,
                                output_padding, dilation, groups, channels_last)
    n, g, kernel = plan.n, plan.groups, plan.kernel
    if not channels_last:
        x = _channels_last(x, n)
    x, half = _widened(x)
    weight = weight if half is None else tf.cast(weight, tf.float32)
    batch, size, channels = x.shape[0], tuple(x.shape[1:-1]), x.shape[-1]
    out_g, taps, positions = weight.shape[1], prod(kernel), prod(size)
    # (N*P, G, I/G) @ (G, I/G, O/G*K) per group: every input position's contribution to every tap.
    xm = tf.transpose(tf.reshape(x, (batch * positions, g, channels // g)), (1, 0, 2))
    cols = tf.linalg.matmul(xm, tf.reshape(weight, (g, channels // g, out_g * taps)))
    # (G, N, P, O/G, K) -> (K, P, N, G, O/G): rows are (tap, position) for the segment sum.
    cols = tf.transpose(tf.reshape(cols, (g, batch, positions, out_g, taps)), (4, 2, 1, 0, 3))
    full = tuple((i - 1) * s + d * (k - 1) + 1
                 for i, s, d, k in zip(size, plan.stride, plan.dilation, kernel))
    y = _col2im(tf.reshape(cols, (taps * positions, batch * g * out_g)), kernel, size, full,
                plan.stride, plan.dilation)
    y = tf.transpose(tf.reshape(y, full + (batch, g * out_g)),
                     (n,) + tuple(range(n)) + (n + 1,))
    y = _pad(y, tuple((-lo, op - hi) for (lo, hi), op in zip(plan.pads, plan.output_padding)))
    if bias is not None:
        y = y + (bias if half is None else tf.cast(bias, tf.float32))
    if half is not None:
        y = tf.cast(y, half)
    return y if channels_last else _channels_first(y, n)


@translating("unfold", NAME)
def unfold(x, kernel_size, /, *, dilation=1, padding=0, stride=1):
    _conv.check_dtypes("unfold", NAME, _name(x))
    plan = _conv.unfold_plan("unfold", NAME, x.shape, kernel_size, dilation, padding, stride)
    if any(plan.padding):
        x = tf.pad(x, ((0, 0),) * 2 + tuple((p, p) for p in plan.padding))
    taps = [x[(slice(None),) * 2 + tuple(slice(o * d, o * d + (b - 1) * s + 1, s) for o, d, b, s
                                         in zip(offset, plan.dilation, plan.blocks, plan.stride))]
            for offset in product(*map(range, plan.kernel))]
    batch, channels = x.shape[:2]
    return tf.reshape(tf.stack(taps, 2), (batch, channels * len(taps), prod(plan.blocks)))


@translating("fold", NAME)
def fold(x, output_size, kernel_size, /, *, dilation=1, padding=0, stride=1):
    _conv.check_dtypes("fold", NAME, _name(x))
    plan = _conv.fold_plan("fold", NAME, x.shape, output_size, kernel_size, dilation, padding,
                           stride)
    n = plan.n
    x, half = _widened(x)
    batch, taps = x.shape[0], prod(plan.kernel)
    channels = x.shape[1] // taps
    cols = tf.transpose(tf.reshape(x, (batch * channels, taps * x.shape[2])))
    padded = tuple(i + 2 * p for i, p in zip(plan.size, plan.padding))
    y = _col2im(cols, plan.kernel, plan.blocks, padded, plan.stride, plan.dilation)
    y = tf.reshape(tf.transpose(tf.reshape(y, (prod(padded), batch * channels))),
                   (batch, channels) + padded)
    y = y[(slice(None),) * 2 + tuple(slice(p, p + i) for p, i in zip(plan.padding, plan.size))]
    return y if half is None else tf.cast(y, half)
