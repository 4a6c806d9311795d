"""``jax.lax`` convolutions and windowed reductions on ``ivy.conv``.

Dimension numbers are resolved once into permutations to ivy's ``(N, C, *spatial)`` /
``(O, I, *spatial)`` layout; ``lhs_dilation`` is interior padding; ``batch_group_count`` splits the
batch into groups convolved with matching groups of output features.
"""
from __future__ import annotations

import builtins
import operator
from typing import NamedTuple

import ivy
from ivy.core import dtypes as D

from .._array import Array, _wrap, asarray
from .._dtypes import native_name
from ._elementwise import operand as _operand, same_dtypes
from ._structure import _pad_axis


class ConvDimensionNumbers(NamedTuple):
    """Implements `jax.lax.ConvDimensionNumbers`: (batch, feature, *spatial) of lhs and out,
    (out feature, in feature, *spatial) of rhs."""
    lhs_spec: tuple
    rhs_spec: tuple
    out_spec: tuple


def _spec_from_strings(lhs, rhs, out):
    """Layout strings as ConvDimensionNumbers; spatial dims pair up by letter, in rhs order."""
    if len(lhs) != len(rhs) or len(out) != len(rhs):
        raise TypeError(f"conv_general_dilated dimension_numbers strings must have equal lengths, "
                        f"got {lhs!r}, {rhs!r}, {out!r}")
    spatial = [c for c in rhs if c not in "OI"]

    def perm(spec, first, second):
        if sorted(spec) != sorted((first, second, *spatial)):
            raise TypeError(f"conv_general_dilated dimension_numbers {spec!r} does not name the "
                            f"dimensions {first}, {second} and {''.join(spatial)}")
        return (spec.index(first), spec.index(second)) + tuple(spec.index(c) for c in spatial)
    return ConvDimensionNumbers(perm(lhs, "N", "C"), perm(rhs, "O", "I"), perm(out, "N", "C"))


def conv_dimension_numbers(lhs_shape, rhs_shape, dimension_numbers):
    """Implements `jax.lax.conv_dimension_numbers`."""
    nd = len(lhs_shape)
    if len(rhs_shape) != nd:
        raise TypeError(f"convolution requires lhs and rhs ndim to be equal, got {nd} and "
                        f"{len(rhs_shape)}.")
    if isinstance(dimension_numbers, ConvDimensionNumbers):
        return dimension_numbers
    if dimension_numbers is None:
        ident = tuple(range(nd))
        return ConvDimensionNumbers(ident, ident, ident)
    lhs, rhs, out = dimension_numbers
    if not isinstance(lhs, str):
        return ConvDimensionNumbers(tuple(lhs), tuple(rhs), tuple(out))
    return _spec_from_strings(lhs, rhs, out)


def padtype_to_pads(in_shape, window_shape, window_strides, padding):
    """Implements `jax.lax.padtype_to_pads`: "SAME"/"SAME_LOWER"/"VALID" as (low, high) pairs."""
    kind = getattr(padding, "name", padding)
    kind = kind.upper() if isinstance(kind, str) else kind
    if kind == "VALID":
        return [(0, 0)] * len(in_shape)
    if kind in ("SAME", "SAME_LOWER"):
        pads = []
        for n, k, s in zip(in_shape, window_shape, window_strides):
            out = -(-n // s)
            total = builtins.max((out - 1) * s + k - n, 0)
            lo = total // 2 if kind == "SAME" else -(-total // 2)
            pads.append((lo, total - lo))
        return pads
    raise RuntimeError(f"Unrecognized padding type: expected 'VALID' or 'SAME', got {padding}.")


def _pairs(padding, in_shape, window, strides, fn):
    if isinstance(padding, str) or hasattr(padding, "name"):
        return padtype_to_pads(in_shape, window, strides, padding)
    pads = [tuple(operator.index(v) for v in p) for p in padding]
    if len(pads) != len(in_shape) or any(len(p) != 2 for p in pads):
        raise ValueError(f"{fn}: padding must be a string or one (low, high) pair per spatial "
                         f"dimension, got {padding!r}")
    return pads


def _dilate(a, axes, factors, fill):
    for ax, f in zip(axes, factors):
        if f > 1:
            a = _pad_axis(a, ax, 0, 0, f - 1, fill)
    return a


def _ints(v, n, what, fn, default=1):
    if v is None:
        return (default,) * n
    v = tuple(operator.index(x) for x in v)
    if len(v) != n:
        raise ValueError(f"{fn} window and {what} must have the same number of dimensions, but "
                         f"got {n} and {len(v)}")
    return v


def _inverse(perm):
    out = [0] * len(perm)
    for i, p in enumerate(perm):
        out[p] = i
    return tuple(out)


def conv_general_dilated(lhs, rhs, window_strides, padding, lhs_dilation=None, rhs_dilation=None,
                         dimension_numbers=None, feature_group_count=1, batch_group_count=1,
                         precision=None, preferred_element_type=None, out_sharding=None):
    """Implements `jax.lax.conv_general_dilated`. ``precision`` is an accuracy hint (ignored
    as on JAX's CPU)."""
    fn = "conv_general_dilated"
    a, name, weak = _operand(lhs, fn)
    w, wname, _ = _operand(rhs, fn)
    same_dtypes([name, wname], fn)
    if name == "bool":
        raise TypeError(f"{fn} does not accept dtype bool")
    dn = conv_dimension_numbers(tuple(a.shape), tuple(w.shape), dimension_numbers)
    a, w = ivy.permute_dims(a, dn.lhs_spec), ivy.permute_dims(w, dn.rhs_spec)
    nsp = len(a.shape) - 2
    strides = _ints(window_strides, nsp, "window_strides", fn)
    ldil = _ints(lhs_dilation, nsp, "lhs_dilation", fn)
    rdil = _ints(rhs_dilation, nsp, "rhs_dilation", fn)
    G, B = operator.index(feature_group_count), operator.index(batch_group_count)
    C, I = a.shape[1], w.shape[1]
    if G < 1 or C % G or C // G != I:
        raise ValueError(f"{fn} lhs feature dimension size divided by feature_group_count must "
                         f"equal the rhs input feature dimension size, but {C} // {G} != {I}.")
    if B < 1 or a.shape[0] % B or w.shape[0] % B:
        raise ValueError(f"{fn} lhs batch dimension size {a.shape[0]} and rhs output feature "
                         f"dimension size {w.shape[0]} must be divisible by batch_group_count {B}")
    out_name = name
    if preferred_element_type is not None:
        from .. import _dtypes as J
        out_name = J.name_of(preferred_element_type)
        a, w, weak = ivy.astype(a, out_name), ivy.astype(w, out_name), False
    compute = out_name if out_name in D.FLOATING else "float64"
    if compute != native_name(a):
        a, w = ivy.astype(a, compute), ivy.astype(w, compute)
    if isinstance(padding, str) and any(d > 1 for d in ldil):
        raise ValueError("String padding is not implemented for transposed convolution using "
                         "this op. Please either exactly specify the required padding or use "
                         "conv_transpose.")
    spatial_axes = tuple(range(2, 2 + nsp))
    a = _dilate(a, spatial_axes, ldil, ivy.zeros((), dtype=compute))
    k_eff = [(k - 1) * d + 1 for k, d in zip(tuple(w.shape)[2:], rdil)]
    pads = _pairs(padding, tuple(a.shape)[2:], k_eff, strides, fn)
    kw = dict(stride=strides, padding=tuple(pads), dilation=rdil, groups=G)
    if B == 1:
        out = ivy.conv(a, w, **kw)
    else:
        xs = ivy.reshape(a, (B, a.shape[0] // B) + tuple(a.shape)[1:])
        ws = ivy.reshape(w, (B, w.shape[0] // B) + tuple(w.shape)[1:])
        out = ivy.concat([ivy.conv(xs[g], ws[g], **kw) for g in range(B)], axis=1)
    if native_name(out) != out_name:
        out = ivy.astype(ivy.round(out) if out_name in D.INTEGRAL else out, out_name)
    return _wrap(ivy.permute_dims(out, _inverse(dn.out_spec)), weak)


def conv(lhs, rhs, window_strides, padding, precision=None, preferred_element_type=None):
    """Implements `jax.lax.conv` (NCHW/OIHW layouts)."""
    return conv_general_dilated(lhs, rhs, window_strides, padding, precision=precision,
                                preferred_element_type=preferred_element_type)


def conv_with_general_padding(lhs, rhs, window_strides, padding, lhs_dilation, rhs_dilation,
                              precision=None, preferred_element_type=None):
    """Implements `jax.lax.conv_with_general_padding`."""
    return conv_general_dilated(lhs, rhs, window_strides, padding, lhs_dilation, rhs_dilation,
                                precision=precision,
                                preferred_element_type=preferred_element_type)


_TF_LAYOUTS = {3: ("NHC", "HIO", "NHC"), 4: ("NHWC", "HWIO", "NHWC"),
               5: ("NHWDC", "HWDIO", "NHWDC"), 2: ("NC", "IO", "NC")}


def _transpose_padding(k, s, padding):
    """JAX's padding of the dilated-input convolution that transposes a SAME/VALID one."""
    if padding == "SAME":
        total = k + s - 2
        lo = k - 1 if s > k - 1 else -(-total // 2)
    elif padding == "VALID":
        total = k + s - 2 + builtins.max(k - s, 0)
        lo = k - 1
    else:
        raise ValueError(f"Padding mode must be `SAME` or `VALID`, got {padding!r}.")
    return lo, total - lo


def conv_transpose(lhs, rhs, strides, padding, rhs_dilation=None, dimension_numbers=None,
                   transpose_kernel=False, precision=None, preferred_element_type=None,
                   use_consistent_padding=False):
    """Implements `jax.lax.conv_transpose` (TensorFlow's layouts by default): a convolution of
    the stride-dilated input."""
    if use_consistent_padding:
        raise NotImplementedError("lax.conv_transpose: use_consistent_padding=True is not "
                                  "supported")
    a = lhs if isinstance(lhs, Array) else asarray(lhs)
    w = rhs if isinstance(rhs, Array) else asarray(rhs)
    nd = a.ndim
    if dimension_numbers is None:
        dimension_numbers = _TF_LAYOUTS[nd]
    dn = conv_dimension_numbers(a.shape, w.shape, dimension_numbers)
    k_sizes = [w.shape[i] for i in dn.rhs_spec[2:]]
    rdil = _ints(rhs_dilation, nd - 2, "rhs_dilation", "conv_transpose")
    strides = _ints(strides, nd - 2, "strides", "conv_transpose")
    k_eff = [(k - 1) * d + 1 for k, d in zip(k_sizes, rdil)]
    if isinstance(padding, str):
        pads = [_transpose_padding(k, s, padding.upper()) for k, s in zip(k_eff, strides)]
    else:
        pads = [tuple(p) for p in padding]
    if transpose_kernel:
        wd = ivy.flip(w._data, axis=tuple(dn.rhs_spec[2:]))
        spec = list(dn.rhs_spec)
        spec[0], spec[1] = spec[1], spec[0]
        dn = ConvDimensionNumbers(dn.lhs_spec, tuple(spec), dn.out_spec)
        w = _wrap(wd, w.weak_type)
    return conv_general_dilated(a, w, (1,) * (nd - 2), pads, lhs_dilation=strides,
                                rhs_dilation=rdil, dimension_numbers=dn, precision=precision,
                                preferred_element_type=preferred_element_type)



# ---- output shapes ------------------------------------------------------------------------------

def conv_shape_tuple(lhs_shape, rhs_shape, strides, pads, batch_group_count=1):
    """Implements `jax.lax.conv_shape_tuple`: the output shape of a convolution in
    (N, C, *spatial) / (O, I, *spatial) order."""
    if isinstance(pads, str):
        pads = padtype_to_pads(lhs_shape[2:], rhs_shape[2:], strides, pads)
    if len(pads) != len(lhs_shape) - 2:
        raise TypeError(f"Wrong number of explicit pads for convolution: expected "
                        f"{len(lhs_shape) - 2}, got {len(pads)}.")
    padded = [n + lo + hi for n, (lo, hi) in zip(lhs_shape[2:], pads)]
    if builtins.min(padded, default=0) < 0:
        raise ValueError(f"Negative padding is larger than the size of the corresponding "
                         f"dimension: got padding={pads} for lhs_shape[2:]={lhs_shape[2:]}")
    space = tuple(builtins.max((n - k) // s + 1, 0) if n >= k else 0
                  for n, k, s in zip(padded, rhs_shape[2:], strides))
    return (lhs_shape[0] // batch_group_count, rhs_shape[0]) + space


def _canonical_shapes(lhs_shape, rhs_shape, dimension_numbers):
    dn = conv_dimension_numbers(lhs_shape, rhs_shape, dimension_numbers)
    return (tuple(lhs_shape[i] for i in dn.lhs_spec), tuple(rhs_shape[i] for i in dn.rhs_spec),
            _inverse(dn.out_spec))


def conv_general_shape_tuple(lhs_shape, rhs_shape, window_strides, padding, dimension_numbers):
    """Implements `jax.lax.conv_general_shape_tuple`: the output shape of
    ``conv_general_dilated`` (no dilation) in the output layout."""
    lhs, rhs, back = _canonical_shapes(lhs_shape, rhs_shape, dimension_numbers)
    out = conv_shape_tuple(lhs, rhs, window_strides, padding)
    return tuple(out[i] for i in back)


def conv_transpose_shape_tuple(lhs_shape, rhs_shape, window_strides, padding,
                               dimension_numbers):
    """Implements `jax.lax.conv_transpose_shape_tuple`: the output shape of
    ``conv_transpose`` in the output layout."""
    lhs, rhs, back = _canonical_shapes(lhs_shape, rhs_shape, dimension_numbers)
    if isinstance(padding, str):
        padding = [_transpose_padding(k, s, padding) for k, s in zip(rhs[2:], window_strides)]
    space = tuple((n - 1) * s - k + 2 + lo + hi
                  for n, k, s, (lo, hi) in zip(lhs[2:], rhs[2:], window_strides, padding))
    out = (lhs[0], rhs[0]) + space
    return tuple(out[i] for i in back)


# ---- windowed reductions ----------------------------------------------------------------------

def reduce_window(operand, init_value, computation, window_dimensions,  # noqa: A002
                  window_strides=None, padding="VALID", base_dilation=None,
                  window_dilation=None):
    """Implements `jax.lax.reduce_window`: ``computation`` folded over every window position (the
    window's offsets are few, so the fold runs once per offset on strided slices)."""
    fn = "reduce_window"
    a, name, weak = _operand(operand, fn)
    shape = tuple(a.shape)
    nd = len(shape)
    window = tuple(operator.index(v) for v in window_dimensions)
    if len(window) != nd:
        raise TypeError(f"reduce_window got the wrong number of window_dimensions for operand: "
                        f"got operand shape {shape} with window_dimensions {window}.")
    strides = _ints(window_strides, nd, "window_strides", fn)
    bdil = _ints(base_dilation, nd, "base_dilation", fn)
    wdil = _ints(window_dilation, nd, "window_dilation", fn)
    init = init_value if isinstance(init_value, Array) else asarray(init_value, name)
    fill = init._data if native_name(init._data) == name else ivy.astype(init._data, name)
    a = _dilate(a, range(nd), bdil, fill)
    k_eff = [(k - 1) * d + 1 for k, d in zip(window, wdil)]
    pads = _pairs(padding, tuple(a.shape), k_eff, strides, fn)
    for ax, (lo, hi) in enumerate(pads):
        if lo or hi:
            a = _pad_axis(a, ax, lo, hi, 0, fill)
    outs = [builtins.max((n - k) // s + 1, 0) for n, k, s in zip(a.shape, k_eff, strides)]
    acc = _wrap(ivy.broadcast_to(fill, tuple(outs)), weak)
    for offset in _offsets(window):
        key = tuple(builtins.slice(o * d, o * d + (m - 1) * s + 1, s)
                    for o, d, m, s in zip(offset, wdil, outs, strides))
        acc = computation(acc, _wrap(ivy.get_item(a, key), weak))
    return _wrap(acc._data, weak)


def _offsets(window):
    return [()] if not window else [(i,) + rest for i in range(window[0])
                                    for rest in _offsets(window[1:])]


def reduce_window_shape_tuple(operand_shape, window_dimensions, window_strides, padding,
                              base_dilation=None, window_dilation=None):
    """Implements `jax.lax.reduce_window_shape_tuple` (explicit padding pairs)."""
    nd = len(operand_shape)
    bdil = base_dilation or (1,) * nd
    wdil = window_dilation or (1,) * nd
    shape = [(n - 1) * b + 1 + lo + hi if n else 0
             for n, b, (lo, hi) in zip(operand_shape, bdil, padding)]
    k_eff = [(k - 1) * d + 1 for k, d in zip(window_dimensions, wdil)]
    return tuple(builtins.max((n - k) // s + 1, 0)
                 for n, k, s in zip(shape, k_eff, window_strides))


FUNCTIONS = dict(conv_dimension_numbers=conv_dimension_numbers, padtype_to_pads=padtype_to_pads,
                 conv_general_dilated=conv_general_dilated, conv=conv,
                 conv_with_general_padding=conv_with_general_padding,
                 conv_transpose=conv_transpose, reduce_window=reduce_window,
                 reduce_window_shape_tuple=reduce_window_shape_tuple,
                 conv_shape_tuple=conv_shape_tuple,
                 conv_general_shape_tuple=conv_general_shape_tuple,
                 conv_transpose_shape_tuple=conv_transpose_shape_tuple,
                 ConvDimensionNumbers=ConvDimensionNumbers)
