"""Reductions and statistics: ``jnp.sum`` ... ``jnp.cov``, and the matching ``jax.Array`` methods.

JAX's rules, with ``jax_enable_x64`` on: every reduction gives a *strong* result (a weak input
loses its weak type); ``sum``/``prod`` widen bool and integers to int64/uint64 (not with
``promote_integers=False``); ``mean``/``var``/``median``... give float32 for bool and integers up
to 32 bits, float64 for 64-bit and weak integers; ``cumsum``/``cumprod`` keep the input's dtype
(bool gives int64). ``out=`` raises ``NotImplementedError`` as JAX does.
"""
from __future__ import annotations

import operator

import builtins as _b
import math

import numpy as np

import ivy
from ivy.core import dtypes as D

from .. import _dtypes as J
from .._array import Array, _wrap, asarray, cast_to, node_of, to_native
from .._dtypes import native_name
from ._ufuncs import _unary_operand
from ivy.frontends.jax._late import late as _late

_INT = frozenset(D.INTEGRAL + D.BOOL)
_UNSIGNED = frozenset(D.UNSIGNED)
_FLOAT = frozenset(D.REAL_FLOATING)
_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_INEXACT = _FLOAT | _COMPLEX


# ---- shared argument handling --------------------------------------------------------------

def _no_out(out, fn):
    if out is not None:
        raise NotImplementedError(f"The 'out' argument to jnp.{fn} is not supported.")


def _operand(a, fn):
    """(native, dtype name) of the reduced array (lists are refused, as JAX)."""
    x, name, _ = _unary_operand(a, fn)
    return x, name


def _axes(axis, ndim, fn):
    """``axis`` as a sorted tuple of non-negative ints (None: every axis), checked as JAX."""
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, (tuple, list)):
        raw = tuple(axis)
    else:
        raw = (axis,)
    out = []
    for ax in raw:
        ax = _index(ax, fn)
        if not -ndim <= ax < ndim:
            raise ValueError(f"axis {ax} is out of bounds for array of dimension {ndim}")
        out.append(ax % ndim)
    if len(set(out)) != len(out):
        raise ValueError(f"duplicate value in 'axis': {tuple(raw)}")
    return tuple(sorted(out))


def _index(v, fn):
    try:
        return v.__index__()
    except (AttributeError, TypeError):
        raise TypeError(f"{fn}: axis must be an integer, got {v!r}") from None


def _core_axis(axes, ndim):
    return None if len(axes) == ndim else axes


def _dtype_name(dtype, fn):
    return None if dtype is None else J.name_of(dtype, fn)


def _sum_dtype(name, promote_integers=True):
    """The dtype ``sum``/``prod`` give ``name`` input (JAX widens integers by default)."""
    if name not in _INT:
        return name
    if not promote_integers:
        return J.canonical("int32") if name == "bool" else name
    return J.DEFAULT["uint" if name in _UNSIGNED else "int"]


def _mean_dtype(name, weak):
    return J.inexact_name(name, weak)


def _cumulative_dtype(name):
    return J.DEFAULT["int"] if name == "bool" else name


def _mask(where, x, fill, fn):
    """``x`` with the elements where ``where`` is False replaced by ``fill``."""
    w = to_native(asarray(where) if type(where) in (bool, list, tuple) else where, fn)
    if native_name(w) != "bool":
        w = ivy.astype(w, "bool")
    return ivy.where(w, x, ivy.asarray(fill, dtype=native_name(x)))


def _count(where, x, axes, keepdims, name, fn):
    """The number of elements reduced per output element (``where`` taken into account)."""
    shape = tuple(x.shape)
    if where is None:
        n = 1
        for ax in axes:
            n *= shape[ax]
        return n
    w = _mask(where, ivy.ones(shape, dtype=name), 0, fn)
    return ivy.sum(w, axis=_core_axis(axes, len(shape)), keepdims=keepdims, dtype=name)


def _initial(initial, name, fn):
    if isinstance(initial, Array):
        initial = initial._data
    elif type(initial) not in (bool, int, float, complex):
        initial = to_native(asarray(initial), fn)
    if not isinstance(initial, (bool, int, float, complex)) and tuple(initial.shape) != ():
        raise ValueError(f"initial value must be a scalar. Got array of shape "
                         f"{tuple(initial.shape)}")
    v = cast_to(initial, name)
    return ivy.asarray(v, dtype=name) if type(v) in (bool, int, float, complex) else v


# ---- sum / prod ------------------------------------------------------------------------------

def _sum_like(fn, core, combine, identity, a, axis, dtype, out, keepdims, initial, where,
              promote_integers):
    _no_out(out, fn)
    x, name = _operand(a, fn)
    ndim = len(x.shape)
    axes = _axes(axis, ndim, fn)
    want = _dtype_name(dtype, fn) or _sum_dtype(name, promote_integers)
    if name == "bool" or want == "bool":
        x = ivy.astype(x, want if want != "bool" else "int64")
        if want == "bool":
            r = ivy.astype(core(x, axis=_core_axis(axes, ndim), keepdims=keepdims), "bool")
            return _wrap(r)
    elif name != want:
        x = ivy.astype(x, want)
    if where is not None:
        x = _mask(where, x, identity, fn)
    r = core(x, axis=_core_axis(axes, ndim), keepdims=keepdims, dtype=want)
    if initial is not None:
        r = combine(r, _initial(initial, want, fn))
    return _wrap(r)


def sum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None,
        promote_integers=True):
    return _sum_like("sum", _late.sum, _late.add, 0, a, axis, dtype, out, keepdims, initial, where,
                     promote_integers)


def prod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None,
         promote_integers=True):
    return _sum_like("prod", _late.prod, _late.multiply, 1, a, axis, dtype, out, keepdims, initial,
                     where, promote_integers)


def _nan_free(x, name, fill):
    return ivy.where(ivy.isnan(x), ivy.asarray(fill, dtype=name), x) if name in _INEXACT else x


def nansum(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    x, name = _operand(a, "nansum")
    return sum(_wrap(_nan_free(x, name, 0)), axis, dtype, out, keepdims, initial, where)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=False, initial=None, where=None):
    x, name = _operand(a, "nanprod")
    return prod(_wrap(_nan_free(x, name, 1)), axis, dtype, out, keepdims, initial, where)


# ---- max / min -----------------------------------------------------------------------------

def _lowest(name, sign):
    """The identity of max (sign=-1) or min (sign=+1) for dtype ``name``."""
    if name == "bool":
        return sign > 0
    if name in _INT:
        info = D.iinfo(name)
        return info.max if sign > 0 else info.min
    return sign * math.inf


def _extreme(fn, core, combine, sign, a, axis, out, keepdims, initial, where):
    _no_out(out, fn)
    x, name = _operand(a, fn)
    ndim = len(x.shape)
    axes = _axes(axis, ndim, fn)
    empty = _b.any(x.shape[ax] == 0 for ax in axes) or (ndim == 0 and 0 in x.shape)
    op = fn[-3:]
    if initial is None and (where is not None or empty):
        if where is not None:
            raise ValueError(f"reduction operation {op} does not have an identity, so to use a "
                             f"where mask one has to specify 'initial'")
        raise ValueError(f"zero-size array to reduction operation {op} which has no identity")
    if name in _COMPLEX:
        raise NotImplementedError(f"jnp.{fn}: complex input (lexicographic order) is not "
                                  f"supported")
    boolean = name == "bool"
    if boolean:
        x = ivy.astype(x, "uint8")
    if where is not None:
        x = _mask(where, x, _lowest("uint8" if boolean else name, sign), fn)
    if empty:
        shape = tuple(1 if i in axes else d for i, d in enumerate(x.shape)) if keepdims else \
            tuple(d for i, d in enumerate(x.shape) if i not in axes)
        r = ivy.full(shape, _lowest("uint8" if boolean else name, sign),
                     dtype=native_name(x))
    else:
        r = core(x, axis=_core_axis(axes, ndim), keepdims=keepdims)
    if initial is not None:
        r = combine(r, _initial(initial, native_name(x), fn))
    return _wrap(ivy.astype(r, "bool") if boolean else r)


def max(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return _extreme("max", _late.max, _late.maximum, -1, a, axis, out, keepdims, initial, where)


def min(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return _extreme("min", _late.min, _late.minimum, 1, a, axis, out, keepdims, initial, where)


def amax(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return _extreme("amax", _late.max, _late.maximum, -1, a, axis, out, keepdims, initial, where)


def amin(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return _extreme("amin", _late.min, _late.minimum, 1, a, axis, out, keepdims, initial, where)


def _nan_extreme(fn, sign, a, axis, out, keepdims, initial, where):
    x, name = _operand(a, fn)
    if name not in _FLOAT:
        return _extreme(fn, ivy.max if sign < 0 else _late.min,
                        ivy.maximum if sign < 0 else _late.minimum, sign, _wrap(x), axis, out,
                        keepdims, initial, where)
    nan = ivy.isnan(x)
    filled = ivy.where(nan, ivy.asarray(sign * math.inf, dtype=name), x)
    r = _extreme(fn, ivy.max if sign < 0 else _late.min, ivy.maximum if sign < 0 else _late.minimum,
                 sign, _wrap(filled), axis, out, keepdims, initial, where)
    kept = ivy.logical_not(nan)
    if where is not None:
        kept = _mask(where, kept, False, fn)
    none = ivy.logical_not(ivy.any(kept, axis=_core_axis(_axes(axis, len(x.shape), fn),
                                                          len(x.shape)), keepdims=keepdims))
    if initial is not None:
        return r if not math.isnan(float(_initial(initial, name, fn))) else \
            _wrap(ivy.full(tuple(r.shape), math.nan, dtype=name))
    return _wrap(ivy.where(none, ivy.asarray(math.nan, dtype=name), r._data))


def nanmax(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return _nan_extreme("nanmax", -1, a, axis, out, keepdims, initial, where)


def nanmin(a, axis=None, out=None, keepdims=False, initial=None, where=None):
    return _nan_extreme("nanmin", 1, a, axis, out, keepdims, initial, where)


def ptp(a, axis=None, out=None, keepdims=False):
    _no_out(out, "ptp")
    x, name = _operand(a, "ptp")
    if name == "bool":
        raise TypeError("ptp does not accept dtype bool. Accepted dtypes are subtypes of number.")
    hi = max(_wrap(x), axis, None, keepdims)._data
    lo = min(_wrap(x), axis, None, keepdims)._data
    return _wrap(ivy.subtract(hi, lo))


# ---- all / any / count_nonzero ---------------------------------------------------------------

def _logical(fn, core, identity, a, axis, out, keepdims, where):
    _no_out(out, fn)
    x, name = _operand(a, fn)
    ndim = len(x.shape)
    axes = _axes(axis, ndim, fn)
    if name != "bool":
        x = ivy.astype(x, "bool")
    if where is not None:
        x = _mask(where, x, identity, fn)
    return _wrap(core(x, axis=_core_axis(axes, ndim), keepdims=keepdims))


def all(a, axis=None, out=None, keepdims=False, *, where=None):
    return _logical("all", _late.all, True, a, axis, out, keepdims, where)


def any(a, axis=None, out=None, keepdims=False, *, where=None):
    return _logical("any", _late.any, False, a, axis, out, keepdims, where)


def count_nonzero(a, axis=None, keepdims=False):
    x, name = _operand(a, "count_nonzero")
    ndim = len(x.shape)
    axes = _axes(axis, ndim, "count_nonzero")
    nz = ivy.astype(x, "bool") if name != "bool" else x
    return _wrap(ivy.sum(nz, axis=_core_axis(axes, ndim), keepdims=keepdims,
                         dtype=J.DEFAULT["int"]))


# ---- argmax / argmin ---------------------------------------------------------------------------

def _arg(fn, core, sign, a, axis, out, keepdims, skip_nan=False):
    _no_out(out, fn)
    x, name = _operand(a, fn)
    if name in _COMPLEX:
        raise TypeError(f"{fn} does not support complex-valued inputs")
    ndim = len(x.shape)
    if axis is not None:
        axis = _index(axis, fn)
        if not -ndim <= axis < ndim:
            raise IndexError("tuple index out of range")
        axis %= ndim
    if (x.shape[axis] if axis is not None else math.prod(x.shape)) == 0:
        raise ValueError(f"attempt to get {fn.replace('nan', '')} of an empty sequence")
    if name == "bool":
        x = ivy.astype(x, "uint8")
    keep = bool(keepdims)
    if name in _FLOAT:
        nan = ivy.isnan(x)
        # JAX: a NaN is the extreme (argmax/argmin), or skipped (nanargmax: -1 if all NaN)
        x = ivy.where(nan, ivy.asarray(math.inf * (1 if skip_nan else -1) * sign, dtype=name), x)
        r = core(x, axis=axis, keepdims=keep)
        if skip_nan:
            bad = ivy.all(nan, axis=axis, keepdims=keep)
        else:
            first = core(ivy.astype(nan, "uint8"), axis=axis, keepdims=keep) if sign < 0 else \
                ivy.argmax(ivy.astype(nan, "uint8"), axis=axis, keepdims=keep)
            has = ivy.any(nan, axis=axis, keepdims=keep)
            r = ivy.where(has, first, r)
            bad = None
    else:
        r = core(x, axis=axis, keepdims=keep)
        bad = None
    if keep and axis is None:
        r = ivy.reshape(r, (1,) * ndim)
    r = ivy.astype(r, J.DEFAULT["int"])
    if bad is not None:
        if keep and axis is None:
            bad = ivy.reshape(bad, (1,) * ndim)
        r = ivy.where(bad, ivy.asarray(-1, dtype=J.DEFAULT["int"]), r)
    return _wrap(r)


def argmax(a, axis=None, out=None, keepdims=None):
    return _arg("argmax", _late.argmax, -1, a, axis, out, keepdims)


def argmin(a, axis=None, out=None, keepdims=None):
    return _arg("argmin", _late.argmin, 1, a, axis, out, keepdims)


def nanargmax(a, axis=None, out=None, keepdims=None):
    return _arg("nanargmax", _late.argmax, -1, a, axis, out, keepdims, True)


def nanargmin(a, axis=None, out=None, keepdims=None):
    return _arg("nanargmin", _late.argmin, 1, a, axis, out, keepdims, True)


# ---- mean / var / std -----------------------------------------------------------------------

def _mean(fn, a, axis, dtype, out, keepdims, where, skip_nan=False):
    _no_out(out, fn)
    x, name, weak = _unary_operand(a, fn)
    ndim = len(x.shape)
    axes = _axes(axis, ndim, fn)
    want = _dtype_name(dtype, fn)
    compute = _mean_dtype(name, weak) if want is None or want in _INT else want
    if want is not None and want in _INEXACT and name in _INEXACT:
        compute = J.promote_names(compute, name) if want in _COMPLEX else want
    x = ivy.astype(x, compute) if native_name(x) != compute else x
    kept = None
    if skip_nan and compute in _INEXACT:
        kept = ivy.logical_not(ivy.isnan(x))
        x = ivy.where(kept, x, ivy.asarray(0, dtype=compute))
    if where is not None:
        x = _mask(where, x, 0, fn)
        w = _mask(where, ivy.ones(tuple(x.shape), dtype="bool"), False, fn)
        kept = w if kept is None else ivy.logical_and(kept, w)
    real = D.REAL_OF.get(compute, compute)
    total = ivy.sum(x, axis=_core_axis(axes, ndim), keepdims=keepdims, dtype=compute)
    if kept is None:
        n = 1
        for ax in axes:
            n *= x.shape[ax]
        r = ivy.divide(total, ivy.asarray(n, dtype=real))
    else:
        n = ivy.sum(kept, axis=_core_axis(axes, ndim), keepdims=keepdims, dtype=real)
        r = ivy.divide(total, ivy.astype(n, compute))
    return _wrap(ivy.astype(r, want) if want is not None and want != compute else r)


def mean(a, axis=None, dtype=None, out=None, keepdims=False, *, where=None):
    return _mean("mean", a, axis, dtype, out, keepdims, where)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=False, where=None):
    return _mean("nanmean", a, axis, dtype, out, keepdims, where, True)


def _var(fn, a, axis, dtype, out, ddof, keepdims, where, mean_, correction, skip_nan=False,
         root=False):
    _no_out(out, fn)
    if correction is None:
        correction = ddof
    elif ddof != 0:
        raise ValueError("ddof and correction can't be provided simultaneously.")
    x, name, weak = _unary_operand(a, fn)
    ndim = len(x.shape)
    axes = _axes(axis, ndim, fn)
    want = _dtype_name(dtype, fn)
    weak_out = False
    if want is None:
        compute = _mean_dtype(name, weak)
    elif want in _INEXACT:
        compute = want
    else:   # JAX computes an integer-dtype variance with a weak float64 division
        compute, weak_out = J.DEFAULT["float"], True
    x = ivy.astype(x, compute) if native_name(x) != compute else x
    core_axis = _core_axis(axes, ndim)
    kept = None
    if skip_nan and compute in _INEXACT:
        kept = ivy.logical_not(ivy.isnan(x))
    if where is not None:
        w = _mask(where, ivy.ones(tuple(x.shape), dtype="bool"), False, fn)
        kept = w if kept is None else ivy.logical_and(kept, w)
    real = D.REAL_OF.get(compute, compute)
    zero = ivy.asarray(0, dtype=compute)
    if kept is None:
        n = ivy.asarray(float(math.prod(x.shape[ax] for ax in axes)), dtype=real)
        n_keep = n
    else:
        n_keep = ivy.sum(kept, axis=core_axis, keepdims=True, dtype=real)
        n = ivy.sum(kept, axis=core_axis, keepdims=keepdims, dtype=real)
        x = ivy.where(kept, x, zero)
    if mean_ is None:
        m = ivy.divide(ivy.sum(x, axis=core_axis, keepdims=True, dtype=compute),
                       ivy.astype(n_keep, compute))
    else:
        m = cast_to(to_native(mean_, fn), compute)
    d = ivy.subtract(x, m)
    if kept is not None:
        d = ivy.where(kept, d, zero)
    sq = ivy.add(ivy.square(ivy.real(d)), ivy.square(ivy.imag(d))) if compute in _COMPLEX else \
        ivy.square(d)
    dof = ivy.subtract(n, ivy.asarray(correction, dtype=real))
    r = ivy.divide(ivy.sum(sq, axis=core_axis, keepdims=keepdims, dtype=real), dof)
    # JAX: no degrees of freedom left gives NaN
    r = ivy.where(ivy.less_equal(dof, ivy.asarray(0, dtype=real)),
                  ivy.asarray(math.nan, dtype=real), r)
    if root:
        r = ivy.sqrt(r)
    return _wrap(r, weak_out)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=None, mean=None,
        correction=None):
    return _var("var", a, axis, dtype, out, ddof, keepdims, where, mean, correction)


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=None, mean=None,
        correction=None):
    return _var("std", a, axis, dtype, out, ddof, keepdims, where, mean, correction, root=True)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None, mean=None):
    return _var("nanvar", a, axis, dtype, out, ddof, keepdims, where, mean, None, True)


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=False, where=None, mean=None):
    return _var("nanstd", a, axis, dtype, out, ddof, keepdims, where, mean, None, True, True)


def average(a, axis=None, weights=None, returned=False, keepdims=False):
    x, name, weak = _unary_operand(a, "average")
    ndim = len(x.shape)
    axes = _axes(axis, ndim, "average")
    if weights is None:
        avg = mean(_wrap(x, weak), axis, None, None, keepdims)
        if not returned:
            return avg
        count = math.prod(x.shape[ax] for ax in axes)
        return avg, _wrap(ivy.full(avg.shape, count, dtype=native_name(avg._data)))
    w, wname, wweak = _unary_operand(weights, "average")
    res = J.inexact_name(*J.join_nodes([node_of(_wrap(x, weak)), node_of(_wrap(w, wweak))]))
    x, w = ivy.astype(x, res), ivy.astype(w, res)
    if tuple(w.shape) != tuple(x.shape):
        if axis is None:
            raise ValueError("Axis must be specified when shapes of a and weights differ.")
        if len(w.shape) != 1 or len(axes) != 1 or w.shape[0] != x.shape[axes[0]]:
            raise ValueError("Shape of weights must be consistent with shape of a along "
                             "specified axis.")
        w = ivy.reshape(w, tuple(w.shape[0] if i == axes[0] else 1 for i in range(ndim)))
        w = ivy.broadcast_to(w, tuple(x.shape))
    core_axis = _core_axis(axes, ndim)
    total = ivy.sum(w, axis=core_axis, keepdims=keepdims, dtype=res)
    avg = ivy.divide(ivy.sum(ivy.multiply(x, w), axis=core_axis, keepdims=keepdims, dtype=res),
                     total)
    if returned:
        return _wrap(avg), _wrap(ivy.broadcast_to(total, tuple(avg.shape)))
    return _wrap(avg)


# ---- cumulative ----------------------------------------------------------------------------

def _cumulative(fn, core, fill, a, axis, dtype, out, skip_nan=False):
    _no_out(out, fn)
    x, name = _operand(a, fn)
    if axis is None:
        x, axis = ivy.reshape(x, (-1,)), 0
    ndim = len(x.shape)
    axis = _axes(operator.index(axis), ndim, fn)[0]     # one axis: a tuple is a TypeError
    want = _dtype_name(dtype, fn) or _cumulative_dtype(name)
    if skip_nan:
        x = _nan_free(x, name, fill)
    if ndim == 0:
        x = ivy.reshape(x, (1,))
    return _cumulate(core, x, axis, want, False)


def _cumulate(core, x, axis, want, include_initial):
    if want == "bool":   # a cumulative logical or/and
        r = core(ivy.astype(x, "int64"), axis=axis, dtype="int64",
                 include_initial=include_initial)
        return _wrap(ivy.astype(r, "bool"))
    if native_name(x) != want:
        x = ivy.astype(x, want)
    return _wrap(core(x, axis=axis, dtype=want, include_initial=include_initial))


def cumsum(a, axis=None, dtype=None, out=None):
    return _cumulative("cumsum", _late.cumulative_sum, 0, a, axis, dtype, out)


def cumprod(a, axis=None, dtype=None, out=None):
    return _cumulative("cumprod", _late.cumulative_prod, 1, a, axis, dtype, out)


def nancumsum(a, axis=None, dtype=None, out=None):
    return _cumulative("nancumsum", _late.cumulative_sum, 0, a, axis, dtype, out, True)


def nancumprod(a, axis=None, dtype=None, out=None):
    return _cumulative("nancumprod", _late.cumulative_prod, 1, a, axis, dtype, out, True)


def _cumulative_api(fn, core, x, axis, dtype, include_initial, promote):
    a, name = _operand(x, fn)
    ndim = len(a.shape)
    if ndim == 0:
        raise ValueError(f"The input must be non-scalar to take a cumulative "
                         f"{fn.split('_')[1]}, however a scalar value or scalar array was given.")
    if axis is None:
        if ndim > 1:
            raise ValueError(f"The input array has rank {ndim}, however axis was not set to an "
                             f"explicit value. The axis argument is only optional for "
                             f"one-dimensional arrays.")
        axis = 0
    axis = _axes(axis, ndim, fn)[0]
    want = _dtype_name(dtype, fn) or (_sum_dtype(name) if promote else _cumulative_dtype(name))
    return _cumulate(core, a, axis, want, bool(include_initial))


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative_api("cumulative_sum", _late.cumulative_sum, x, axis, dtype, include_initial,
                           True)


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative_api("cumulative_prod", _late.cumulative_prod, x, axis, dtype,
                           include_initial, False)


# ---- order statistics ---------------------------------------------------------------------

_METHODS = ("linear", "lower", "higher", "midpoint", "nearest", "inverted_cdf",
            "averaged_inverted_cdf", "closest_observation", "interpolated_inverted_cdf",
            "hazen", "weibull", "median_unbiased", "normal_unbiased")


def _order_input(fn, a, axis, out, overwrite_input):
    _no_out(out, fn)
    x, name, weak = _unary_operand(a, fn)
    if name in _COMPLEX:
        raise ValueError(f"{fn} does not support complex input")
    want = _mean_dtype(name, weak)
    x = ivy.astype(x, want) if name != want else x
    if isinstance(axis, (tuple, list)):
        axis = _axes(axis, len(x.shape), fn)
    elif axis is not None:
        axis = _axes(axis, len(x.shape), fn)[0]
    elif not x.shape:    # JAX ravels: a 0-d input with keepdims gives shape (1,)
        x = ivy.reshape(x, (1,))
    return x, want, axis


def _quantile(fn, core, a, q, axis, out, overwrite_input, method, keepdims, weights):
    if weights is not None:
        raise NotImplementedError(f"{fn}: weights (method 'inverted_cdf' with weights) is not "
                                  f"supported")
    if method not in _METHODS[:6]:
        raise ValueError("method can only be 'linear', 'lower', 'higher', 'midpoint', 'nearest' "
                         "or 'inverted_cdf'")
    x, want, axis = _order_input(fn, a, axis, out, overwrite_input)
    qn = asarray(q)
    if qn.ndim > 1:
        raise ValueError(f"q must be have rank <= 1, got shape {qn.shape}")
    qd = ivy.astype(qn._data, want) if native_name(qn._data) != want else qn._data
    r = core(x, qd, axis=axis, keepdims=bool(keepdims), method=method)
    if method == "nearest" and not fn.startswith("nan"):
        # JAX rounds a tie (index k + 0.5) down, numpy (the core) to even
        n = math.prod(x.shape) if axis is None else \
            math.prod(x.shape[ax] for ax in (axis if isinstance(axis, tuple) else (axis,)))
        idx = ivy.multiply(ivy.divide(ivy.astype(qn._data, "float64"),
                                      ivy.asarray(100.0 if fn.endswith("percentile") else 1.0,
                                                  dtype="float64")),
                           ivy.asarray(float(n - 1), dtype="float64"))
        tie = ivy.equal(ivy.add(ivy.floor(idx), ivy.asarray(0.5, dtype="float64")), idx)
        tie = ivy.reshape(tie, tuple(tie.shape) + (1,) * (len(r.shape) - len(tie.shape)))
        r = ivy.where(tie, core(x, qd, axis=axis, keepdims=bool(keepdims), method="lower"), r)
    return _wrap(ivy.astype(r, want))


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False,
             *, weights=None):
    return _quantile("quantile", _late.quantile, a, q, axis, out, overwrite_input, method,
                     keepdims, weights)


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
               keepdims=False, *, weights=None, out_sharding=None):
    return _quantile("percentile", _late.percentile, a, q, axis, out, overwrite_input, method,
                     keepdims, weights)


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                keepdims=False, *, weights=None):
    return _quantile("nanquantile", _late.nanquantile, a, q, axis, out, overwrite_input, method,
                     keepdims, weights)


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                  keepdims=False, *, weights=None):
    return _quantile("nanpercentile", _late.nanpercentile, a, q, axis, out, overwrite_input, method,
                     keepdims, weights)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    x, want, axis = _order_input("median", a, axis, out, overwrite_input)
    return _wrap(ivy.astype(ivy.median(x, axis=axis, keepdims=bool(keepdims)), want))


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    x, want, axis = _order_input("nanmedian", a, axis, out, overwrite_input)
    return _wrap(ivy.astype(ivy.nanmedian(x, axis=axis, keepdims=bool(keepdims)), want))


# ---- counting and histograms -----------------------------------------------------------------

def bincount(x, weights=None, minlength=0, *, length=None, out_sharding=None):
    a, name = _operand(x, "bincount")
    if name not in D.INTEGRAL:
        raise TypeError(f"x argument to bincount must have an integer type; got {name}")
    if len(a.shape) != 1:
        raise ValueError(f"only 1-dimensional input supported for bincount; got {a.shape}")
    if length is None:
        top = int(ivy.to_numpy(ivy.max(a))) + 1 if a.shape[0] else 0
        length = _b.max(_index(minlength, "bincount"), top)
    length = _index(length, "bincount")
    a = ivy.clip(ivy.astype(a, "int64"), 0, None)
    if weights is None:
        hot = ivy.astype(ivy.equal(ivy.reshape(a, (-1, 1)), ivy.arange(length, dtype="int64")),
                         J.DEFAULT["int"])
        return _wrap(ivy.sum(hot, axis=0, dtype=J.DEFAULT["int"]))
    w, wname = _operand(weights, "bincount")
    if wname == "bool":
        raise TypeError("add does not accept dtype bool at position 0. Accepted dtypes at "
                        "position 0 are subtypes of number.")
    hot = ivy.equal(ivy.reshape(a, (-1, 1)), ivy.arange(length, dtype="int64"))
    vals = ivy.where(hot, ivy.reshape(w, (-1, 1)), ivy.asarray(0, dtype=wname))
    return _wrap(ivy.sum(vals, axis=0, dtype=wname))




def _edges(x, bins, range_, name, fn):
    """Bin edges in dtype ``name``: ``bins`` edges as given, or equal bins over the range."""
    if isinstance(bins, (int, np.integer)) or (isinstance(bins, Array) and bins.ndim == 0):
        n = int(bins)
        if n < 1:
            raise ValueError(f"{fn}: bins must be positive")
        if range_ is None:
            if x.shape[0]:
                lo, hi = ivy.min(x), ivy.max(x)
            else:
                lo, hi = ivy.asarray(0.0, dtype=name), ivy.asarray(1.0, dtype=name)
        else:
            lo, hi = (cast_to(to_native(asarray(v), fn), name) for v in range_)
        lo, hi = ivy.astype(lo, name), ivy.astype(hi, name)
        same = ivy.equal(lo, hi)
        half = ivy.asarray(0.5, dtype=name)
        lo, hi = ivy.where(same, ivy.subtract(lo, half), lo), ivy.where(same, ivy.add(hi, half),
                                                                         hi)
        t = ivy.linspace(0.0, 1.0, n + 1, dtype=name)    # as jnp.linspace: exact endpoints
        return ivy.add(ivy.multiply(lo, ivy.subtract(ivy.asarray(1.0, dtype=name), t)),
                       ivy.multiply(hi, t))
    e = to_native(asarray(bins), fn)
    return ivy.astype(e, name)


def _bin_index(x, edges):
    """Bin of each value (len(edges)-1 bins, the last closed); -1 for values outside."""
    n = edges.shape[0] - 1
    i = ivy.subtract(ivy.searchsorted(edges, x, side="right"), ivy.asarray(1, dtype="int64"))
    i = ivy.astype(i, "int64")
    first, end = ivy.get_item(edges, 0), ivy.get_item(edges, -1)
    i = ivy.where(ivy.equal(x, end), ivy.asarray(n - 1, dtype="int64"), i)
    inside = ivy.logical_and(ivy.greater_equal(x, first), ivy.less_equal(x, end))
    return ivy.where(inside, i, ivy.asarray(-1, dtype="int64"))


def _histogramdd(fn, samples, bins, range_, weights, density, name, count_name):
    d = len(samples)
    if not isinstance(bins, (list, tuple)) or (len(bins) and not isinstance(bins[0], (
            list, tuple, Array, np.ndarray)) and not isinstance(bins[0], (int, np.integer))):
        bins = [bins] * d
    elif isinstance(bins, (list, tuple)) and len(bins) != d:
        bins = [bins] * d
    ranges = [None] * d if range_ is None else list(range_)
    edges = [_edges(s, b, r, name, fn) for s, b, r in zip(samples, bins, ranges)]
    sizes = [e.shape[0] - 1 for e in edges]
    flat = None
    valid = None
    for s, e, size in zip(samples, edges, sizes):
        i = _bin_index(s, e)
        ok = ivy.greater_equal(i, ivy.asarray(0, dtype="int64"))
        valid = ok if valid is None else ivy.logical_and(valid, ok)
        flat = i if flat is None else ivy.add(ivy.multiply(flat, ivy.asarray(size,
                                                                             dtype="int64")), i)
    total = math.prod(sizes)
    hot = ivy.logical_and(ivy.equal(ivy.reshape(flat, (-1, 1)),
                                    ivy.arange(total, dtype="int64")),
                          ivy.reshape(valid, (-1, 1)))
    if weights is None:
        counts = ivy.sum(ivy.astype(hot, count_name), axis=0, dtype=count_name)
    else:
        w = cast_to(to_native(asarray(weights), fn), count_name)
        w = ivy.reshape(w, (-1, 1))
        counts = ivy.sum(ivy.where(hot, w, ivy.asarray(0, dtype=count_name)), axis=0,
                         dtype=count_name)
    counts = ivy.reshape(counts, tuple(sizes))
    if density:
        if count_name not in _INEXACT:
            counts = ivy.astype(counts, name)
        volume = None
        for k, e in enumerate(edges):
            width = ivy.subtract(ivy.get_item(e, slice(1, None)), ivy.get_item(e, slice(None, -1)))
            shape = tuple(sizes[k] if j == k else 1 for j in range(d))
            width = ivy.reshape(width, shape)
            volume = width if volume is None else ivy.multiply(volume, width)
        counts = ivy.divide(counts, ivy.multiply(ivy.sum(counts), ivy.astype(volume,
                                                                              native_name(counts))))
    return counts, edges


def _hist_name(xs):
    """The dtype of the bin edges: the samples' joined inexact dtype."""
    return J.inexact_name(*J.join_nodes([node_of(x) for x in xs]))


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    x, name, weak = _unary_operand(a, "histogram_bin_edges")
    name = J.inexact_name(name, weak)
    x = ivy.reshape(ivy.astype(x, name), (-1,))
    return _wrap(_edges(x, bins, range, name, "histogram_bin_edges"))


def histogram(a, bins=10, range=None, weights=None, density=None):
    x, name, weak = _unary_operand(a, "histogram")
    name = J.inexact_name(name, weak)
    x = ivy.reshape(ivy.astype(x, name), (-1,))
    count = name if weights is None else J.promote_names(name, _operand(weights, "histogram")[1])
    w = None if weights is None else ivy.reshape(to_native(asarray(weights), "histogram"), (-1,))
    counts, (edges,) = _histogramdd("histogram", [x], [bins], None if range is None else [range],
                                    w, density, name, count)
    return _wrap(counts), _wrap(edges)


def histogramdd(sample, bins=10, range=None, weights=None, density=None):
    s, name, weak = _unary_operand(sample, "histogramdd")
    if len(s.shape) != 2:
        raise ValueError(f"histogramdd: sample must be 2-dimensional, got shape {s.shape}")
    name = J.inexact_name(name, weak)
    s = ivy.astype(s, name)
    count = J.DEFAULT["int"] if weights is None else \
        J.promote_names(name, _operand(weights, "histogramdd")[1])
    if density and count not in _INEXACT:
        count = name
    cols = [s[:, k] for k in _b.range(s.shape[1])]
    w = None if weights is None else ivy.reshape(to_native(asarray(weights), "histogramdd"),
                                                 (-1,))
    counts, edges = _histogramdd("histogramdd", cols, bins, range, w, density, name, count)
    return _wrap(counts), [_wrap(e) for e in edges]


def histogram2d(x, y, bins=10, range=None, weights=None, density=None):
    (a, b) = (to_native(asarray(v), "histogram2d") for v in (x, y))
    name = _hist_name([x, y])
    sample = ivy.stack([ivy.astype(a, name), ivy.astype(b, name)], axis=1)
    if not isinstance(bins, (list, tuple)) or len(bins) != 2:
        bins = [bins, bins]
    counts, (ex, ey) = histogramdd(_wrap(sample), bins, range, weights, density)
    return counts, ex, ey




def digitize(x, bins, right=False, *, method=None):
    a, name, weak = _unary_operand(x, "digitize")
    b, bname, bweak = _unary_operand(bins, "digitize")
    if len(b.shape) != 1:
        raise ValueError(f"digitize: bins must be a 1-dimensional array; got bins={bins}")
    if method not in (None, "scan", "scan_unrolled", "sort", "compare_all"):
        raise ValueError(f"digitize: unknown method={method!r}")
    common = J.join_nodes([node_of(_wrap(a, weak)), node_of(_wrap(b, bweak))])[0]
    a, b = cast_to(a, common), cast_to(b, common)
    n = b.shape[0]
    if n == 0:
        return _wrap(ivy.zeros(tuple(a.shape), dtype="int32"))
    side = "left" if right else "right"
    rising = bool(ivy.to_numpy(ivy.greater_equal(b[-1], b[0])))
    if rising:
        r = ivy.searchsorted(b, a, side=side)
    else:
        r = ivy.subtract(ivy.asarray(n, dtype="int64"),
                         ivy.astype(ivy.searchsorted(ivy.flip(b, axis=0), a, side=side), "int64"))
    return _wrap(ivy.astype(r, "int32"))


# ---- covariance and trace -------------------------------------------------------------------

def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None,
        dtype=None):
    x, name, weak = _unary_operand(m, "cov")
    if len(x.shape) > 2:
        raise ValueError("m has more than 2 dimensions")
    name = J.inexact_name(name, weak)
    if y is not None:
        yn, yname, yweak = _unary_operand(y, "cov")
        if len(yn.shape) > 2:
            raise ValueError("y has more than 2 dimensions")
        name = J.inexact_name(*J.join_nodes([node_of(_wrap(x, weak)), node_of(_wrap(yn, yweak))]))
    if dtype is not None:
        name = J.name_of(dtype, "cov")
    x = ivy.astype(x, name)
    x = ivy.reshape(x, (1, -1)) if len(x.shape) < 2 else x
    if not rowvar and x.shape[0] != 1:
        x = ivy.matrix_transpose(x)
    if y is not None:
        yn = ivy.astype(yn, name)
        yn = ivy.reshape(yn, (1, -1)) if len(yn.shape) < 2 else yn
        if not rowvar and yn.shape[0] != 1:
            yn = ivy.matrix_transpose(yn)
        x = ivy.concat([x, yn], axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    real = D.REAL_OF.get(name, name)
    w = None
    if fweights is not None:
        w = ivy.astype(to_native(asarray(fweights), "cov"), real)
    if aweights is not None:
        aw = ivy.astype(to_native(asarray(aweights), "cov"), real)
        w = aw if w is None else ivy.multiply(w, aw)
    if w is None:
        n = x.shape[1]
        avg = ivy.mean(x, axis=1, keepdims=True)
        fact = ivy.asarray(float(n - ddof), dtype=real)
    else:
        w_sum = ivy.sum(w)
        avg = ivy.divide(ivy.sum(ivy.multiply(x, ivy.astype(w, name)), axis=1, keepdims=True),
                         ivy.astype(w_sum, name))
        if ddof == 0:
            fact = w_sum
        elif aweights is None:
            fact = ivy.subtract(w_sum, ivy.asarray(float(ddof), dtype=real))
        else:
            fact = ivy.subtract(w_sum, ivy.divide(
                ivy.multiply(ivy.asarray(float(ddof), dtype=real),
                             ivy.sum(ivy.multiply(w, aw))), w_sum))
    xc = ivy.subtract(x, avg)
    xw = xc if w is None else ivy.multiply(xc, ivy.astype(w, name))
    c = ivy.matmul(xw, ivy.conj(ivy.matrix_transpose(xc)) if name in _COMPLEX else
                   ivy.matrix_transpose(xc))
    c = ivy.divide(c, ivy.astype(fact, name))
    if c.shape == (1, 1):
        c = ivy.reshape(c, ())
    return _wrap(c)


def corrcoef(x, y=None, rowvar=True, dtype=None):
    c = cov(x, y, rowvar, dtype=dtype)._data
    if len(c.shape) == 0:
        return _wrap(ivy.divide(c, c))
    d = ivy.linalg.diagonal(c)
    s = ivy.sqrt(ivy.real(d)) if native_name(c) in _COMPLEX else ivy.sqrt(d)
    c = ivy.divide(ivy.divide(c, ivy.reshape(s, (-1, 1))), ivy.reshape(s, (1, -1)))
    if native_name(c) not in _COMPLEX:
        c = ivy.clip(c, -1.0, 1.0)
    return _wrap(c)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    _no_out(out, "trace")
    x, name = _operand(a, "trace")
    if len(x.shape) < 2:
        raise ValueError("Input array must be at least 2-dimensional")
    want = _dtype_name(dtype, "trace") or _sum_dtype(name)
    if name != want:
        x = ivy.astype(x, want if want != "bool" else "int64")
    r = ivy.trace(x, offset=_index(offset, "trace"), axis1=axis1, axis2=axis2,
                  dtype=want if want != "bool" else "int64")
    return _wrap(ivy.astype(r, "bool") if want == "bool" else r)


FUNCTIONS = {f.__name__: f for f in (
    sum, prod, mean, std, var, max, min, amax, amin, argmax, argmin, all, any, ptp, count_nonzero,
    cumsum, cumprod, cumulative_sum, cumulative_prod, nancumsum, nancumprod, nanargmax, nanargmin,
    nanmax, nanmean, nanmedian, nanmin, nanpercentile, nanprod, nanquantile, nanstd, nansum,
    nanvar, median, percentile, quantile, average, bincount, histogram, histogram2d,
    histogram_bin_edges, histogramdd, digitize, corrcoef, cov, trace)}

METHODS = {n: FUNCTIONS[n] for n in ("sum", "prod", "mean", "std", "var", "max", "min",
                                     "argmax", "argmin", "all", "any", "ptp", "cumsum",
                                     "cumprod", "trace")}
