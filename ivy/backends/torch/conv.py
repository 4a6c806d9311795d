"""torch backend of the `conv` area: ``torch.nn.functional`` conv/conv_transpose/unfold/fold.

Beyond torch: (low, high) and negative paddings go through ``F.pad`` (which crops for negative
values), SAME padding with stride > 1 likewise, channels-last input is moved to channels-first
around the call, and unfold/fold of other than 2 spatial dims use ``Tensor.unfold`` and strided
adds. Geometry and argument checks are the core's (``ivy.core.ext.conv``).
"""
from __future__ import annotations

from itertools import product
from math import prod

import torch.nn.functional as F

from ivy.core.errors import translating
from ivy.core.ext import conv as _conv

from ._common import CANONICAL, NAME

_CONV = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}
_CONV_T = {1: F.conv_transpose1d, 2: F.conv_transpose2d, 3: F.conv_transpose3d}


def _name(a):
    return None if a is None else CANONICAL.get(a.dtype, str(a.dtype))


def _flat(pads):
    """(low, high) per spatial dim -> F.pad's flat list, last dim first."""
    return [v for lo, hi in reversed(pads) for v in (lo, hi)]


def _symmetric(pads):
    """The per-dim padding torch takes natively, or None when a pair is uneven or negative."""
    if all(lo == hi and lo >= 0 for lo, hi in pads):
        return tuple(lo for lo, _ in pads)
    return None


@translating("conv", NAME)
def conv(x, weight, /, *, stride=1, padding=0, dilation=1, groups=1, channels_last=False,
         bias=None):
    _conv.check_dtypes("conv", NAME, _name(x), _name(weight), _name(bias))
    plan = _conv.conv_plan("conv", NAME, x.shape, weight.shape,
                           None if bias is None else bias.shape, stride, padding, dilation,
                           groups, channels_last)
    if channels_last:
        x = x.movedim(-1, 1)
    native = _symmetric(plan.pads)
    if native is None:
        x, native = F.pad(x, _flat(plan.pads)), 0
    y = _CONV[plan.n](x, weight, bias, plan.stride, native, plan.dilation, plan.groups)
    return y.movedim(1, -1) if channels_last else y


@translating("conv_transpose", NAME)
def conv_transpose(x, weight, /, *, stride=1, padding=0, output_padding=0, dilation=1, groups=1,
                   channels_last=False, bias=None):
    _conv.check_dtypes("conv_transpose", NAME, _name(x), _name(weight), _name(bias))
    plan = _conv.transpose_plan("conv_transpose", NAME, x.shape, weight.shape,
                                None if bias is None else bias.shape, stride, padding,
                                output_padding, dilation, groups, channels_last)
    if channels_last:
        x = x.movedim(-1, 1)
    fn = _CONV_T[plan.n]
    native = _symmetric(plan.pads)
    if native is not None:
        y = fn(x, weight, bias, plan.stride, native, plan.output_padding, plan.groups,
               plan.dilation)
    else:   # the full output, then crop (or extend) each side
        y = fn(x, weight, None, plan.stride, 0, 0, plan.groups, plan.dilation)
        y = F.pad(y, _flat(tuple((-lo, op - hi) for (lo, hi), op
                                 in zip(plan.pads, plan.output_padding))))
        if bias is not None:
            y = y + bias.reshape((-1,) + (1,) * plan.n)
    return y.movedim(1, -1) if channels_last else y


def _windows(x, kernel, stride, dilation):
    """(N, C, *spatial) -> a view (N, C, *blocks, *kernel) of its strided, dilated windows."""
    for i, (k, s, d) in enumerate(zip(kernel, stride, dilation)):
        x = x.unfold(2 + i, d * (k - 1) + 1, s)
    n = len(kernel)
    return x[(slice(None),) * (2 + n) + tuple(slice(None, None, d) for d in dilation)]


@translating("unfold", NAME)
def unfold(x, kernel_size, /, *, dilation=1, padding=0, stride=1):
    _conv.check_dtypes("unfold", NAME, _name(x))
    plan = _conv.unfold_plan("unfold", NAME, x.shape, kernel_size, dilation, padding, stride)
    if plan.n == 2:
        return F.unfold(x, plan.kernel, plan.dilation, plan.padding, plan.stride)
    n = plan.n
    x = F.pad(x, [p for p in reversed(plan.padding) for _ in (0, 1)])
    patches = _windows(x, plan.kernel, plan.stride, plan.dilation)
    patches = patches.permute((0, 1) + tuple(range(2 + n, 2 + 2 * n)) + tuple(range(2, 2 + n)))
    return patches.reshape(x.shape[0], x.shape[1] * prod(plan.kernel), prod(plan.blocks))


@translating("fold", NAME)
def fold(x, output_size, kernel_size, /, *, dilation=1, padding=0, stride=1):
    _conv.check_dtypes("fold", NAME, _name(x))
    plan = _conv.fold_plan("fold", NAME, x.shape, output_size, kernel_size, dilation, padding,
                           stride)
    if plan.n == 2:
        return F.fold(x, plan.size, plan.kernel, plan.dilation, plan.padding, plan.stride)
    n = plan.n
    cols = x.reshape((x.shape[0], -1) + plan.kernel + plan.blocks)
    padded = tuple(i + 2 * p for i, p in zip(plan.size, plan.padding))
    out = x.new_zeros(cols.shape[:2] + padded)
    for offset in product(*map(range, plan.kernel)):   # prod(kernel) vectorized adds
        region = tuple(slice(o * d, o * d + (b - 1) * s + 1, s) for o, d, b, s
                       in zip(offset, plan.dilation, plan.blocks, plan.stride))
        out[(Ellipsis,) + region] += cols[(slice(None), slice(None)) + offset]
    return out[(Ellipsis,) + tuple(slice(p, p + i) for p, i in zip(plan.padding, plan.size))]
