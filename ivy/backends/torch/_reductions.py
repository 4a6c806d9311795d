"""Statistics, searching, sorting, sets and utility functions.

torch reads ``dim=()`` as "reduce everything"; the standard reads ``axis=()`` as "reduce nothing".
Every reduction therefore turns ``axis=()`` into a reduction over one new unit axis.
"""
from __future__ import annotations

import torch

from ivy.core.api import UniqueAllResult, UniqueCountsResult, UniqueInverseResult
from ivy.core.errors import IvyError, from_native

from ._common import (BOOL, COMPLEX_FLOATING, INT64, INTEGRAL, NAME, SUM_DTYPE, UINT64,
                      WIDE_UNSIGNED, bits, from_key, modular, native_dtype, normalize_axis,
                      operands, order_key, same_dtype, tensor_operand, value_error)


def _no_reduction(x, axis, keepdims):
    """axis=() reduces nothing: reduce over a new trailing unit axis instead."""
    if type(axis) is tuple and not axis:
        return x.unsqueeze(-1), -1, False
    return x, axis, keepdims


def _fail(fn, e):
    if isinstance(e, IvyError):
        return e
    return from_native(e, fn, NAME)


# ---- sum / prod ----------------------------------------------------------------------------------

def _prod(x, axis, keepdims, dtype):
    """torch.prod over None, an int or a tuple of axes (torch takes a single int only)."""
    if axis is None:
        r = torch.prod(x, dtype=dtype)
        return r.reshape((1,) * x.ndim) if keepdims else r
    if isinstance(axis, int):
        return torch.prod(x, axis, keepdim=keepdims, dtype=dtype)
    axes = sorted({normalize_axis(a, x.ndim, "prod") for a in axis})
    if len(axes) != len(axis):
        raise value_error("prod", f"repeated axis in {axis}")
    rest = [i for i in range(x.ndim) if i not in axes]
    size = 1
    for a in axes:
        size *= x.shape[a]
    y = x.permute(rest + axes).reshape([x.shape[i] for i in rest] + [size])
    r = torch.prod(y, -1, dtype=dtype)
    if keepdims:
        r = r.reshape([1 if i in axes else x.shape[i] for i in range(x.ndim)])
    return r


def _to_int64(x, target):
    """x as int64 words for an integer accumulation into ``target``: torch lacks unsigned
    accumulators, and int64 arithmetic is the same modulo 2**64."""
    if x.dtype not in INTEGRAL and x.dtype is not BOOL:
        x = x.to(target)                    # numpy casts each element first
    return x.view(INT64) if x.dtype is UINT64 else x.to(INT64)


def _from_int64(r, target):
    return r.view(UINT64) if target is UINT64 else r.to(target)


def _sum(x, axis, keepdims, dtype):
    return torch.sum(x, axis, keepdims, dtype=dtype)


def _accumulate_slow(fn, op, x, axis, dtype, keepdims):
    x = tensor_operand(fn, x)
    target = SUM_DTYPE[x.dtype] if dtype is None else native_dtype(dtype, fn)
    x, axis, keepdims = _no_reduction(x, axis, keepdims)
    try:
        return op(x, axis, keepdims, target)
    except Exception as e:
        err = e
    try:
        if target in INTEGRAL:
            return _from_int64(op(_to_int64(x, target), axis, keepdims, INT64), target)
        if x.dtype in WIDE_UNSIGNED:
            return op(x.to(target), axis, keepdims, target)
    except Exception as e:
        raise _fail(fn, e) from e
    raise _fail(fn, err) from err


# dtypes whose torch.sum result without dtype= is already the standard's (unsigned ints are not:
# torch gives int64, the standard uint64)
_SUM_NATIVE = frozenset(d for d in SUM_DTYPE if SUM_DTYPE[d] is not UINT64)


def sum(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``sum``: integers accumulate in int64 (unsigned: uint64) unless dtype= says."""
    try:
        if dtype is None and x.dtype in _SUM_NATIVE and not (type(axis) is tuple and not axis):
            return torch.sum(x, axis, keepdims)
    except Exception:
        pass
    return _accumulate_slow("sum", _sum, x, axis, dtype, keepdims)


def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    """Array API ``prod``: integers accumulate in int64 (unsigned: uint64) unless dtype= says."""
    return _accumulate_slow("prod", _prod, x, axis, dtype, keepdims)


# ---- other reductions ----------------------------------------------------------------------------

def _reduction(fn, op, route=None):
    def reduce(x, /, *, axis=None, keepdims=False):
        try:
            if not (type(axis) is tuple and not axis):
                return op(x, axis, keepdims)
        except Exception:
            pass
        x, axis, keepdims = _no_reduction(tensor_operand(fn, x), axis, keepdims)
        try:
            return op(x, axis, keepdims)
        except Exception as e:
            err = e
        if route is not None:
            try:
                r = route(x, axis, keepdims)
            except Exception as e:
                raise _fail(fn, e) from e
            if r is not NotImplemented:
                return r
        raise _fail(fn, err) from err
    reduce.__name__ = reduce.__qualname__ = fn
    reduce.__doc__ = f"Array API ``{fn}`` on torch."
    return reduce


def _ordered_reduction(op):
    def route(x, axis, keepdims):
        if x.dtype not in WIDE_UNSIGNED:
            return NotImplemented
        return from_key(op(order_key(x), axis, keepdims), x.dtype)
    return route


def _truthy(x):
    return x if x.dtype is BOOL else x != 0


def _all(x, axis, keepdims):
    return torch.all(_truthy(x), axis, keepdims)


def _any(x, axis, keepdims):
    return torch.any(_truthy(x), axis, keepdims)


def _count_nonzero(x, axis, keepdims):
    return torch.sum(_truthy(x), axis, keepdims)


# (torch's positional dim/keepdim parse faster than keywords)
max = _reduction("max", torch.amax, _ordered_reduction(torch.amax))
min = _reduction("min", torch.amin, _ordered_reduction(torch.amin))
mean = _reduction("mean", torch.mean)
all = _reduction("all", _all)
any = _reduction("any", _any)
count_nonzero = _reduction("count_nonzero", _count_nonzero)


def _moment(fn, op):
    def moment(x, /, *, axis=None, correction=0.0, keepdims=False):
        try:
            if not (type(axis) is tuple and not axis):
                return op(x, dim=axis, correction=correction, keepdim=keepdims)
        except Exception:
            pass
        x, axis, keepdims = _no_reduction(tensor_operand(fn, x), axis, keepdims)
        try:
            return op(x, dim=axis, correction=correction, keepdim=keepdims)
        except Exception as e:
            raise _fail(fn, e) from e
    moment.__name__ = moment.__qualname__ = fn
    moment.__doc__ = f"Array API ``{fn}`` on torch."
    return moment


std = _moment("std", torch.std)
var = _moment("var", torch.var)


def _arg_extreme(fn, op):
    def arg(x, /, *, axis=None, keepdims=False):
        try:
            return op(x, axis, keepdims)
        except Exception as e:
            err = e
        x = tensor_operand(fn, x)
        try:
            if x.dtype in WIDE_UNSIGNED:
                return op(order_key(x), axis, keepdims)
            if x.dtype is BOOL:
                return op(x.to(torch.uint8), axis, keepdims)
            return op(x, axis, keepdims)
        except Exception:
            raise _fail(fn, err) from err
    arg.__name__ = arg.__qualname__ = fn
    arg.__doc__ = f"Array API ``{fn}`` on torch (first occurrence; NaN counts as extreme)."
    return arg


argmax = _arg_extreme("argmax", torch.argmax)
argmin = _arg_extreme("argmin", torch.argmin)


# ---- cumulative ----------------------------------------------------------------------------------

def _cumulative(fn, op, initial):
    def cumulative(x, /, *, axis=None, dtype=None, include_initial=False):
        x = tensor_operand(fn, x)
        if axis is None:
            if x.ndim > 1:
                raise value_error(fn, "axis is required for arrays of more than one dimension")
            if x.ndim == 0:
                if fn == "cumulative_prod":
                    raise value_error(fn, "x must have at least one dimension")
                x = x.reshape(1)      # as array_api_strict (numpy) does for cumulative_sum
            axis = 0
        axis = normalize_axis(axis, x.ndim, fn)
        target = SUM_DTYPE[x.dtype] if dtype is None else native_dtype(dtype, fn)
        try:
            try:
                r = op(x, axis, dtype=target)
            except Exception:
                if target in INTEGRAL:
                    r = _from_int64(op(_to_int64(x, target), axis, dtype=INT64), target)
                elif x.dtype in WIDE_UNSIGNED:
                    r = op(x.to(target), axis, dtype=target)
                else:
                    raise
            if target in COMPLEX_FLOATING and fn == "cumulative_prod" and r.shape[axis]:
                # the first product is the element itself (torch multiplies it by 1 + 0j, so a
                # NaN or infinite part spreads to the other part)
                first = x.narrow(axis, 0, 1).to(target)
                r = torch.cat([first, r.narrow(axis, 1, r.shape[axis] - 1)], dim=axis)
            if include_initial:
                shape = list(r.shape)
                shape[axis] = 1
                r = torch.cat([torch.full(shape, initial, dtype=r.dtype, device=r.device), r],
                              dim=axis)
            return r
        except Exception as e:
            raise _fail(fn, e) from e
    cumulative.__name__ = cumulative.__qualname__ = fn
    cumulative.__doc__ = f"Array API ``{fn}`` on torch."
    return cumulative


cumulative_sum = _cumulative("cumulative_sum", torch.cumsum, 0)
cumulative_prod = _cumulative("cumulative_prod", torch.cumprod, 1)


def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    """Array API ``diff``; prepend/append promote with x by the standard's table (n=0: x)."""
    fn = "diff"
    parts = same_dtype(fn, [p for p in (prepend, x, append) if p is not None])
    if n == 0:
        return parts[1 if prepend is not None else 0]

    def op(t):
        return torch.diff(t, n=n, dim=axis)
    try:
        joined = torch.cat(parts, dim=axis) if len(parts) > 1 else parts[0]
        if joined.dtype in COMPLEX_FLOATING:
            # componentwise: torch's complex subtract multiplies by alpha=1 (inf * 0 = nan)
            dim = normalize_axis(axis, joined.ndim, fn)
            return torch.view_as_complex(
                torch.diff(torch.view_as_real(joined.resolve_conj()), n=n, dim=dim).contiguous())
    except Exception as e:
        raise _fail(fn, e) from e
    try:
        return op(joined)
    except Exception as e:
        err = e
    if joined.dtype in WIDE_UNSIGNED:
        try:
            return modular(op, joined)     # differences modulo 2**bits, as unsigned ints wrap
        except Exception as e:
            raise _fail(fn, e) from e
    raise _fail(fn, err) from err


# ---- searching -----------------------------------------------------------------------------------

def nonzero(x, /):
    """Array API ``nonzero``: a tuple of index arrays; 0-d input raises ValueError."""
    fn = "nonzero"
    if x.ndim == 0:
        raise value_error(fn, "x must have at least one dimension")
    try:
        return torch.nonzero(x if x.dtype not in WIDE_UNSIGNED else x != 0, as_tuple=True)
    except Exception as e:
        raise _fail(fn, e) from e


def searchsorted(x1, x2, /, *, side="left", sorter=None):
    fn = "searchsorted"
    if side not in ("left", "right"):
        raise value_error(fn, f"side must be 'left' or 'right', not {side!r}")
    x1, x2 = operands(fn, x1, x2)
    try:
        if sorter is not None:
            sorter = tensor_operand(fn, sorter).to(INT64)
        if x1.dtype in WIDE_UNSIGNED:
            x1, x2 = order_key(x1), order_key(x2)
        if not x1.is_floating_point():
            return torch.searchsorted(x1, x2, side=side, sorter=sorter)
        # numpy's order puts NaN after +inf; torch's binary search cannot compare with NaN. Search
        # with NaNs as +inf, then no number lands past the numbers, and NaN lands after them
        # (side="right": after the NaNs too).
        nan1 = torch.isnan(x1)
        numbers = (~nan1).sum(-1, keepdim=x1.ndim > 1)
        x1 = torch.where(nan1, torch.full_like(x1, float("inf")), x1)
        r = torch.minimum(torch.searchsorted(x1, x2, side=side, sorter=sorter), numbers)
        nan_at = x1.shape[-1] if side == "right" else numbers
        return torch.where(torch.isnan(x2), nan_at, r)
    except Exception as e:
        raise _fail(fn, e) from e


# ---- sorting -------------------------------------------------------------------------------------

def sort(x, /, *, axis=-1, descending=False, stable=True):
    try:
        return torch.sort(x, dim=axis, descending=descending, stable=stable).values
    except Exception as e:
        raise _fail("sort", e) from e


def argsort(x, /, *, axis=-1, descending=False, stable=True):
    try:
        return torch.argsort(x, dim=axis, descending=descending, stable=stable)
    except Exception as e:
        raise _fail("argsort", e) from e


# ---- sets ----------------------------------------------------------------------------------------

def _sorted_flat(x):
    """x flattened and stably sorted, with the permutation (complex: by real, then imaginary)."""
    flat = x.reshape(-1)
    if x.dtype in COMPLEX_FLOATING:
        by_imag = torch.argsort(flat.imag, stable=True)
        perm = by_imag[torch.argsort(flat.real[by_imag], stable=True)]
        return flat[perm], perm
    values, perm = torch.sort(flat, stable=True)
    return values, perm


def _unique(fn, x, want):
    """The standard's unique: sorted values, NaNs distinct (NaN != NaN starts a new group)."""
    try:
        values, perm = _sorted_flat(x)
        n = values.shape[0]
        new = torch.ones(n, dtype=BOOL, device=x.device)
        if n > 1:
            new[1:] = values[1:] != values[:-1]
        unique = values[new]
        if want == "values":
            return unique
        starts = torch.nonzero(new).reshape(-1)
        counts = torch.diff(starts, append=torch.tensor([n], dtype=INT64, device=x.device))
        if want == "counts":
            return UniqueCountsResult(unique, counts)
        group = torch.cumsum(new, 0) - 1
        inverse = torch.empty_like(group).scatter_(0, perm, group).reshape(x.shape)
        if want == "inverse":
            return UniqueInverseResult(unique, inverse)
        return UniqueAllResult(unique, perm[starts], inverse, counts)
    except Exception as e:
        raise _fail(fn, e) from e


def unique_values(x, /):
    return _unique("unique_values", x, "values")


def unique_counts(x, /):
    return _unique("unique_counts", x, "counts")


def unique_inverse(x, /):
    return _unique("unique_inverse", x, "inverse")


def unique_all(x, /):
    return _unique("unique_all", x, "all")


def isin(x1, x2, /, *, invert=False):
    """Array API ``isin``: elementwise membership of x1 in x2 (NaN is never a member)."""
    fn = "isin"
    x1, x2 = operands(fn, x1, x2)
    try:
        return torch.isin(x1, x2, invert=invert)
    except Exception as e:
        err = e
    try:
        if x1.dtype in WIDE_UNSIGNED:
            return bits(lambda a, b: torch.isin(a, b, invert=invert), x1, x2)
        # dtypes without an isin kernel (bool, complex): compare against every element
        hit = (x1.unsqueeze(-1) == x2.reshape(-1)).any(-1)
        return ~hit if invert else hit
    except Exception:
        raise _fail(fn, err) from err
