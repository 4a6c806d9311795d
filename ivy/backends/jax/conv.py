"""jax backend of the `conv` area: ``lax.conv_general_dilated`` at HIGHEST precision.

- transposed convolution: on GPU/TPU ``lhs_dilation`` with the flipped, group-transposed kernel
  (what ``lax.conv_transpose`` does); on CPU, where XLA runs input-dilated convolutions as slow
  loops (100x a plain one in 3-D), one grouped contraction plus col2im.
- 3-D dilated convolution on CPU (5x slower in XLA): a sum over the depth taps of 2-D ones.
- unfold: static strided slices; fold: interior-padded adds. Pure data movement, so an inf or NaN
  stays in its own block (``conv_general_dilated_patches``' one-hot convolution spreads NaNs).

Each function's arithmetic is one jitted function per (shapes, plan): an eager call compiles
once, not once per primitive. Geometry and argument checks are the core's
(``ivy.core.ext.conv``).
"""
from __future__ import annotations

import functools
from itertools import product
from math import prod

import jax
import jax.numpy as jnp
from jax import lax

from ivy.core.errors import translating
from ivy.core.ext import conv as _conv

from ._common import NAME, NAMES

_HIGHEST = lax.Precision.HIGHEST
_HALF = frozenset({jnp.dtype("float16"), jnp.dtype("bfloat16")})
_SPATIAL = {1: "H", 2: "HW", 3: "DHW"}
# (channels_last, n) -> lax dimension numbers; the weight is always torch's (O, I, *k).
_DIMS = {(last, n): (("N" + s + "C") if last else ("NC" + s), "OI" + s, ("N" + s + "C") if last
                     else ("NC" + s)) for last in (False, True) for n, s in _SPATIAL.items()}


def _name(a):
    return None if a is None else NAMES.get(a.dtype, str(a.dtype))


def _add_bias(y, bias, n, channels_last):
    if bias is None:
        return y
    return y + (bias if channels_last else bias.reshape((-1,) + (1,) * n))


@translating("conv", NAME)
def conv(x, weight, /, *, stride=1, padding=0, dilation=1, groups=1, channels_last=False,
         bias=None):
    _conv.check_dtypes("conv", NAME, _name(x), _name(weight), _name(bias))
    plan = _conv.conv_plan("conv", NAME, x.shape, weight.shape,
                           None if bias is None else bias.shape, stride, padding, dilation,
                           groups, channels_last)
    return _conv_jit(x, weight, bias, plan, channels_last)


@functools.partial(jax.jit, static_argnums=(3, 4))
def _conv_jit(x, weight, bias, plan, channels_last):
    if plan.n == 3 and plan.dilation != (1, 1, 1) and _on_cpu():
        y = _conv3d_by_depth_taps(x, weight, plan, channels_last)
    else:
        y = lax.conv_general_dilated(x, weight, plan.stride, plan.pads,
                                     rhs_dilation=plan.dilation,
                                     dimension_numbers=_DIMS[channels_last, plan.n],
                                     feature_group_count=plan.groups, precision=_HIGHEST)
    return _add_bias(y, bias, plan.n, channels_last)


@functools.cache
def _on_cpu():
    # XLA:CPU runs dilated 3-D and input-dilated (transposed) convolutions as slow generic loops
    # (5x and 100x the plain convolution's time); GPU/TPU have fast kernels for both.
    return jax.default_backend() == "cpu"


def _conv3d_by_depth_taps(x, weight, plan, channels_last):
    """A 3-D convolution as the sum over the kernel's depth taps of 2-D convolutions of strided
    depth slices folded into the batch (2-D dilation is fast on XLA:CPU)."""
    if not channels_last:
        x = jnp.moveaxis(x, 1, -1)
    x = lax.pad(x, jnp.zeros((), x.dtype), ((0, 0, 0), plan.pads[0] + (0,)) + ((0, 0, 0),) * 3)
    batch, depth, step = x.shape[0], plan.out[0], plan.stride[0]
    y = None
    for t in range(plan.kernel[0]):
        start = t * plan.dilation[0]
        xs = lax.slice_in_dim(x, start, start + (depth - 1) * step + 1, step, axis=1)
        part = lax.conv_general_dilated(
            xs.reshape((batch * depth,) + xs.shape[2:]), weight[:, :, t], plan.stride[1:],
            plan.pads[1:], rhs_dilation=plan.dilation[1:], dimension_numbers=_DIMS[True, 2],
            feature_group_count=plan.groups, precision=_HIGHEST)
        y = part if y is None else y + part
    y = y.reshape((batch, depth) + y.shape[1:])
    return y if channels_last else jnp.moveaxis(y, -1, 1)


@translating("conv_transpose", NAME)
def conv_transpose(x, weight, /, *, stride=1, padding=0, output_padding=0, dilation=1, groups=1,
                   channels_last=False, bias=None):
    _conv.check_dtypes("conv_transpose", NAME, _name(x), _name(weight), _name(bias))
    plan = _conv.transpose_plan("conv_transpose", NAME, x.shape, weight.shape,
                                None if bias is None else bias.shape, stride, padding,
                                output_padding, dilation, groups, channels_last)
    return _conv_transpose(x, weight, bias, plan, channels_last)


@functools.partial(jax.jit, static_argnums=(3, 4))
def _conv_transpose(x, weight, bias, plan, channels_last):
    if _on_cpu():
        return _conv_transpose_by_matmul(x, weight, bias, plan, channels_last)
    n, g = plan.n, plan.groups
    # (I, O/G, *k) -> (O, I/G, *k) per group, flipped: the direct convolution that the
    # transposed one is, over the stride-dilated input.
    i, og = weight.shape[:2]
    w = weight.reshape((g, i // g, og) + plan.kernel).swapaxes(1, 2)
    w = jnp.flip(w.reshape((g * og, i // g) + plan.kernel), tuple(range(2, 2 + n)))
    pads = tuple((d * (k - 1) - lo, d * (k - 1) - hi + op) for (lo, hi), d, k, op
                 in zip(plan.pads, plan.dilation, plan.kernel, plan.output_padding))
    y = lax.conv_general_dilated(x, w, (1,) * n, pads, lhs_dilation=plan.stride,
                                 rhs_dilation=plan.dilation,
                                 dimension_numbers=_DIMS[channels_last, n],
                                 feature_group_count=g, precision=_HIGHEST)
    return _add_bias(y, bias, n, channels_last)


def _conv_transpose_by_matmul(x, weight, bias, plan, channels_last):
    """One (grouped) contraction gives every input position's contribution to every kernel tap;
    col2im adds the taps into the full output, which is then cropped. Half floats in float32."""
    n, g, kernel = plan.n, plan.groups, plan.kernel
    dtype = x.dtype
    wide = jnp.float32 if dtype in _HALF else dtype
    if channels_last:
        x = jnp.moveaxis(x, -1, 1)
    batch, channels, size = x.shape[0], x.shape[1], x.shape[2:]
    og = weight.shape[1]
    xm = x.astype(wide).reshape(batch, g, channels // g, prod(size))
    wm = weight.astype(wide).reshape(g, channels // g, og, prod(kernel))
    cols = jnp.einsum("ngcp,gcok->ngokp", xm, wm, precision=_HIGHEST)
    full = tuple((i - 1) * s + d * (k - 1) + 1
                 for i, s, d, k in zip(size, plan.stride, plan.dilation, kernel))
    y = _col2im(cols.reshape((batch, g * og, prod(kernel)) + size), plan, size, full)
    y = lax.pad(y, jnp.zeros((), wide), ((0, 0, 0),) * 2 + tuple(
        (-lo, op - hi, 0) for (lo, hi), op in zip(plan.pads, plan.output_padding)))
    y = _add_bias(y, None if bias is None else bias.astype(wide), n, False).astype(dtype)
    return jnp.moveaxis(y, 1, -1) if channels_last else y


def _col2im(cols, plan, blocks, size):
    """(N, C, K, *blocks) -> (N, C, *size): each tap's blocks placed at its window (low edge
    o*d, stride-1 zeros between: an interior pad) and the taps summed; one fusion under jit."""
    zero = jnp.zeros((), cols.dtype)
    out = None
    for j, offset in enumerate(product(*map(range, plan.kernel))):
        cfg = ((0, 0, 0),) * 2 + tuple(
            (o * d, total - o * d - (b - 1) * s - 1, s - 1)
            for o, d, b, s, total in zip(offset, plan.dilation, blocks, plan.stride, size))
        tap = lax.pad(cols[:, :, j], zero, cfg)
        out = tap if out is None else out + tap
    return out


@translating("unfold", NAME)
def unfold(x, kernel_size, /, *, dilation=1, padding=0, stride=1):
    _conv.check_dtypes("unfold", NAME, _name(x))
    plan = _conv.unfold_plan("unfold", NAME, x.shape, kernel_size, dilation, padding, stride)
    return _unfold(x, plan)


@functools.partial(jax.jit, static_argnums=1)
def _unfold(x, plan):
    x = lax.pad(x, jnp.zeros((), x.dtype),
                ((0, 0, 0),) * 2 + tuple((p, p, 0) for p in plan.padding))
    batch, channels = x.shape[:2]
    taps = [lax.slice(x, (0, 0) + tuple(o * d for o, d in zip(offset, plan.dilation)),
                      (batch, channels) + tuple(o * d + (b - 1) * s + 1 for o, d, b, s
                                                in zip(offset, plan.dilation, plan.blocks,
                                                       plan.stride)),
                      (1, 1) + plan.stride)
            for offset in product(*map(range, plan.kernel))]
    return jnp.stack(taps, 2).reshape(batch, channels * len(taps), prod(plan.blocks))


@translating("fold", NAME)
def fold(x, output_size, kernel_size, /, *, dilation=1, padding=0, stride=1):
    _conv.check_dtypes("fold", NAME, _name(x))
    plan = _conv.fold_plan("fold", NAME, x.shape, output_size, kernel_size, dilation, padding,
                           stride)
    return _fold(x, plan)


@functools.partial(jax.jit, static_argnums=1)
def _fold(x, plan):
    wide = jnp.float32 if x.dtype in _HALF else x.dtype      # half floats summed in float32
    cols = x.astype(wide).reshape((x.shape[0], -1, prod(plan.kernel)) + plan.blocks)
    padded = tuple(i + 2 * p for i, p in zip(plan.size, plan.padding))
    out = _col2im(cols, plan, plan.blocks, padded)
    # Negative edge padding crops the fold padding away.
    return lax.pad(out, jnp.zeros((), wide),
                   ((0, 0, 0),) * 2 + tuple((-p, -p, 0) for p in plan.padding)).astype(x.dtype)
