"""Core extension area `conv` (see ``_area.py``): N-d convolution, transposed convolution, unfold
and fold.

Layouts are PyTorch's: ``x`` is ``(N, C, *spatial)`` (or ``(N, *spatial, C)`` with
``channels_last=True``; the batch dimension is required), ``conv``'s weight is
``(out_channels, in_channels // groups, *kernel)`` and ``conv_transpose``'s is
``(in_channels, out_channels // groups, *kernel)`` whatever ``channels_last`` says. The spatial rank
(1, 2 or 3) is ``x.ndim - 2``. Inputs are floating or complex, and ``x``, ``weight`` and ``bias``
share one dtype (frontends promote before calling); integer inputs raise ``IvyTypeError``.

The argument checks and the geometry (strides, dilations, per-side paddings, output sizes) live
here, once: every backend calls ``conv_plan``/``transpose_plan``/``window_plan`` and only does the
arithmetic natively.
"""
from __future__ import annotations

from math import prod
from numbers import Integral
from typing import NamedTuple

from .. import dtypes as _dt
from ..errors import IvyTypeError, IvyValueError, where
from ._area import Area

area = Area("conv", "")


@area.primary
def conv(x, weight, /, *, stride=1, padding=0, dilation=1, groups=1, channels_last=False,
         bias=None):
    """N-d convolution (cross-correlation) like ``torch.nn.functional.conv1d/2d/3d``.

    ``weight`` is ``(out_channels, in_channels // groups, *kernel)``. ``stride``/``dilation``: an
    int or one per spatial dim. ``padding``: an int, one int per dim, one ``(low, high)`` pair per
    dim (negative values crop, as in ``jax.lax``), ``"valid"``, or ``"same"``: for stride 1 the
    output keeps the input's size (total ``dilation*(k-1)``, the odd element on the high side, as
    torch); for stride > 1, which torch refuses, TF/JAX's SAME rule (output ``ceil(in/stride)``).
    """
    ...


@area.primary
def conv_transpose(x, weight, /, *, stride=1, padding=0, output_padding=0, dilation=1, groups=1,
                   channels_last=False, bias=None):
    """Transposed convolution like ``torch.nn.functional.conv_transpose1d/2d/3d``.

    ``weight`` is ``(in_channels, out_channels // groups, *kernel)``. Output size per dim is
    ``(in-1)*stride - low - high + dilation*(k-1) + output_padding + 1``. ``padding`` is an int,
    one per dim, or (beyond torch) one ``(low, high)`` pair per dim; ``output_padding`` must be
    smaller than the stride or the dilation of its dim, as in torch.
    """
    ...


@area.primary
def unfold(x, kernel_size, /, *, dilation=1, padding=0, stride=1):
    """Sliding blocks (im2col) like ``torch.nn.functional.unfold``: ``(N, C, *spatial)`` to
    ``(N, C * prod(kernel_size), L)``; any spatial rank (torch: 2), batch dimension required."""
    ...


@area.primary
def fold(x, output_size, kernel_size, /, *, dilation=1, padding=0, stride=1):
    """Sums sliding blocks into an array (col2im) like ``torch.nn.functional.fold``:
    ``(N, C * prod(kernel_size), L)`` to ``(N, C, *output_size)``; the spatial rank is that of the
    first tuple among output_size, kernel_size, dilation, padding, stride (2 if none is)."""
    ...


# ---- shared geometry (the backends' common front half) ----------------------------------------

CONV_DTYPES = frozenset(_dt.FLOATING)


class ConvPlan(NamedTuple):
    n: int                        # spatial rank
    kernel: tuple                 # kernel size per spatial dim
    stride: tuple
    dilation: tuple
    pads: tuple                   # (low, high) per spatial dim; negative crops
    out: tuple                    # output spatial size
    groups: int
    output_padding: tuple = ()    # conv_transpose only


class WindowPlan(NamedTuple):
    n: int
    kernel: tuple
    dilation: tuple
    padding: tuple                # symmetric, per spatial dim
    stride: tuple
    blocks: tuple                 # number of blocks per spatial dim
    size: tuple                   # unpadded spatial size (unfold's input, fold's output)


def _err(cls, fn, backend, msg):
    return cls(f"{where(fn, backend)}: {msg}", function=fn, backend=backend)


def check_dtypes(fn, backend, x_dtype, *others):
    """x's dtype must be floating or complex; weight and bias (``others``; None skips) match it."""
    if x_dtype not in CONV_DTYPES:
        raise _err(IvyTypeError, fn, backend, f"input dtype {x_dtype} is not supported; "
                   f"use a floating or complex dtype")
    for d in others:
        if d is not None and d != x_dtype:
            raise _err(IvyTypeError, fn, backend, f"input dtype {x_dtype} and weight/bias dtype "
                       f"{d} differ; cast them to one dtype")


def _is_int(v):
    return isinstance(v, Integral) and not isinstance(v, bool)    # numpy integers too


def _ints(fn, backend, what, value, n, minimum):
    if _is_int(value):
        t = (int(value),) * n
    else:
        try:
            t = tuple(value)
        except TypeError:
            t = None
        if t is None or len(t) != n or not all(map(_is_int, t)):
            raise _err(IvyValueError, fn, backend, f"{what} must be an int or a sequence of {n} "
                       f"ints, got {value!r}")
        t = tuple(map(int, t))
    if any(v < minimum for v in t):
        raise _err(IvyValueError, fn, backend, f"{what} must be >= {minimum}, got {value!r}")
    return t


def _pairs(fn, backend, padding, n):
    """An int, n ints or n (low, high) pairs -> n (low, high) pairs."""
    if _is_int(padding):
        return ((int(padding), int(padding)),) * n
    bad = _err(IvyValueError, fn, backend, f"padding must be an int, {n} ints or {n} (low, high) "
               f"pairs, got {padding!r}")
    try:
        items = tuple(padding)
    except TypeError:
        raise bad from None
    if len(items) != n:
        raise bad
    pairs = []
    for p in items:
        if _is_int(p):
            pairs.append((int(p), int(p)))
            continue
        try:
            lo, hi = p
        except (TypeError, ValueError):
            raise bad from None
        if not (_is_int(lo) and _is_int(hi)):
            raise bad
        pairs.append((int(lo), int(hi)))
    return tuple(pairs)


def _spatial(fn, backend, x_shape, w_shape, channels_last):
    if len(x_shape) not in (3, 4, 5):
        raise _err(IvyValueError, fn, backend, f"input must be (N, C, *spatial) with 1 to 3 "
                   f"spatial dims, got shape {tuple(x_shape)}")
    if len(w_shape) != len(x_shape):
        raise _err(IvyValueError, fn, backend, f"weight of shape {tuple(w_shape)} does not fit an "
                   f"input of shape {tuple(x_shape)}: it needs {len(x_shape)} dims")
    if channels_last:
        return x_shape[-1], tuple(x_shape[1:-1])
    return x_shape[1], tuple(x_shape[2:])


def _groups(fn, backend, groups):
    if not _is_int(groups) or groups < 1:
        raise _err(IvyValueError, fn, backend, f"groups must be a positive int, got {groups!r}")
    return int(groups)


def _bias(fn, backend, bias_shape, channels):
    if bias_shape is not None and tuple(bias_shape) != (channels,):
        raise _err(IvyValueError, fn, backend, f"bias must have shape ({channels},), got "
                   f"{tuple(bias_shape)}")


def conv_plan(fn, backend, x_shape, w_shape, bias_shape, stride, padding, dilation, groups,
              channels_last):
    """Check ``conv``'s arguments; the geometry every backend computes with."""
    channels, size = _spatial(fn, backend, x_shape, w_shape, channels_last)
    n = len(size)
    kernel = tuple(w_shape[2:])
    groups = _groups(fn, backend, groups)
    stride = _ints(fn, backend, "stride", stride, n, 1)
    dilation = _ints(fn, backend, "dilation", dilation, n, 1)
    out_channels = w_shape[0]
    if out_channels % groups:
        raise _err(IvyValueError, fn, backend, f"out_channels {out_channels} (weight.shape[0]) is "
                   f"not divisible by groups={groups}")
    if w_shape[1] * groups != channels:
        raise _err(IvyValueError, fn, backend, f"weight of shape {tuple(w_shape)} with groups="
                   f"{groups} expects {w_shape[1] * groups} input channels, got {channels}")
    _bias(fn, backend, bias_shape, out_channels)
    span = tuple(d * (k - 1) + 1 for k, d in zip(kernel, dilation))
    if isinstance(padding, str):
        mode = padding.lower()
        if mode == "valid":
            pads = ((0, 0),) * n
        elif mode == "same":
            pads = []
            for i, s, w in zip(size, stride, span):
                total = max((-(-i // s) - 1) * s + w - i, 0)
                pads.append((total // 2, total - total // 2))
            pads = tuple(pads)
        else:
            raise _err(IvyValueError, fn, backend, f"padding must be 'valid', 'same' or ints, got "
                       f"{padding!r}")
    else:
        pads = _pairs(fn, backend, padding, n)
    padded = tuple(i + lo + hi for i, (lo, hi) in zip(size, pads))
    if any(p < w for p, w in zip(padded, span)):
        raise _err(IvyValueError, fn, backend, f"padded input size {padded} is smaller than the "
                   f"dilated kernel size {span}")
    out = tuple((p - w) // s + 1 for p, w, s in zip(padded, span, stride))
    return ConvPlan(n, kernel, stride, dilation, pads, out, groups)


def transpose_plan(fn, backend, x_shape, w_shape, bias_shape, stride, padding, output_padding,
                   dilation, groups, channels_last):
    """Check ``conv_transpose``'s arguments; ``pads`` crop the full output (before
    ``output_padding``, which extends the high side)."""
    channels, size = _spatial(fn, backend, x_shape, w_shape, channels_last)
    n = len(size)
    kernel = tuple(w_shape[2:])
    groups = _groups(fn, backend, groups)
    stride = _ints(fn, backend, "stride", stride, n, 1)
    dilation = _ints(fn, backend, "dilation", dilation, n, 1)
    output_padding = _ints(fn, backend, "output_padding", output_padding, n, 0)
    if any(op >= s and op >= d for op, s, d in zip(output_padding, stride, dilation)):
        raise _err(IvyValueError, fn, backend, f"output_padding {output_padding} must be smaller "
                   f"than either stride {stride} or dilation {dilation}")
    if isinstance(padding, str):
        raise _err(IvyValueError, fn, backend, f"padding must be ints or (low, high) pairs, got "
                   f"{padding!r}")
    pads = _pairs(fn, backend, padding, n)
    if w_shape[0] != channels:
        raise _err(IvyValueError, fn, backend, f"weight of shape {tuple(w_shape)} expects "
                   f"{w_shape[0]} input channels, got {channels}")
    if channels % groups:
        raise _err(IvyValueError, fn, backend, f"in_channels {channels} is not divisible by "
                   f"groups={groups}")
    _bias(fn, backend, bias_shape, w_shape[1] * groups)
    out = tuple((i - 1) * s - lo - hi + d * (k - 1) + op + 1 for i, s, (lo, hi), d, k, op
                in zip(size, stride, pads, dilation, kernel, output_padding))
    if any(o < 1 for o in out):
        raise _err(IvyValueError, fn, backend, f"the output size {out} is not positive")
    return ConvPlan(n, kernel, stride, dilation, pads, out, groups, output_padding)


def _window(fn, backend, n, kernel_size, dilation, padding, stride, size):
    kernel = _ints(fn, backend, "kernel_size", kernel_size, n, 1)
    dilation = _ints(fn, backend, "dilation", dilation, n, 1)
    padding = _ints(fn, backend, "padding", padding, n, 0)
    stride = _ints(fn, backend, "stride", stride, n, 1)
    blocks = tuple((i + 2 * p - d * (k - 1) - 1) // s + 1
                   for i, p, d, k, s in zip(size, padding, dilation, kernel, stride))
    if any(b < 1 for b in blocks):
        raise _err(IvyValueError, fn, backend, f"no sliding block fits: size {size}, padding "
                   f"{padding}, kernel_size {kernel}, dilation {dilation}")
    return WindowPlan(n, kernel, dilation, padding, stride, blocks, size)


def unfold_plan(fn, backend, x_shape, kernel_size, dilation, padding, stride):
    if len(x_shape) < 3:
        raise _err(IvyValueError, fn, backend, f"input must be (N, C, *spatial), got shape "
                   f"{tuple(x_shape)}")
    return _window(fn, backend, len(x_shape) - 2, kernel_size, dilation, padding, stride,
                   tuple(x_shape[2:]))


def fold_plan(fn, backend, x_shape, output_size, kernel_size, dilation, padding, stride):
    n = next((len(v) for v in (output_size, kernel_size, dilation, padding, stride)
              if isinstance(v, (tuple, list))), 2)
    size = _ints(fn, backend, "output_size", output_size, n, 1)
    plan = _window(fn, backend, n, kernel_size, dilation, padding, stride, size)
    blocks, per_block = prod(plan.blocks), prod(plan.kernel)
    if len(x_shape) != 3 or x_shape[1] % per_block or x_shape[2] != blocks:
        raise _err(IvyValueError, fn, backend, f"input must be (N, C * {per_block}, {blocks}) "
                   f"for output_size {size}, kernel_size {plan.kernel}, got shape "
                   f"{tuple(x_shape)}")
    return plan
