"""Reductions and scans: sum/mean/prod/max/min/std/var/all/any/argmax/..., from one table.

torch reduces over every dim when ``dim`` is None or empty, widens integer and bool sums and
products to int64, refuses mean of integers, and returns ``(values, indices)`` from max/min over
a dim.
"""
from __future__ import annotations

import ivy
from ivy.core import dtypes as D

from . import _dtypes as T
from ._dtypes import native_name
from ._ops import _TORCH_NAME, _finish, _tensor_arg
from ._printing import return_type
from ._tensor import Tensor, _axis, _wrap

_INT_OR_BOOL = frozenset(D.INTEGRAL + D.BOOL)
_FLOATING = frozenset(D.FLOATING)

values_indices = return_type("values_indices", "values indices")
_MAX = return_type("max", "values indices")
_MIN = return_type("min", "values indices")
_MODE = return_type("mode", "values indices")


class _Unset:
    """The default of a ``dim`` whose absence torch's overloads tell apart from ``dim=None``."""
    __slots__ = ()

    def __repr__(self):
        return "None"


UNSET = _Unset()


def _overload_error(fn, given):
    return TypeError(f"{fn}() received an invalid combination of arguments - got ({given})")


def _int_dim(dim, fn):
    if dim is None or dim is UNSET or not isinstance(dim, int):
        raise TypeError(f"{fn}(): argument 'dim' must be int, not {type(dim).__name__}")
    return dim


def dims(dim, ndim: int, empty_is_all: bool = True):
    """torch's dim argument -> None (every axis) or a tuple of non-negative axes."""
    if dim is None or dim is UNSET:
        return None
    if isinstance(dim, (list, tuple)):
        if not dim:
            return None if empty_is_all else ()
        axes = tuple(_axis(d, ndim) for d in dim)
        if len(set(axes)) != len(axes):
            raise RuntimeError(f"dim {axes[0]} appears multiple times in the list of dims")
        return axes if ndim else ()
    # torch takes dim 0 or -1 of a 0-d tensor as that tensor itself (no axis to reduce)
    axis = _axis(dim, ndim)
    return (axis,) if ndim else ()


def _accumulate_dtype(name: str, dtype) -> str | None:
    if dtype is not None:
        return T.canonical(dtype)
    return "int64" if name in _INT_OR_BOOL else None


def sum(input, dim=UNSET, keepdim=None, *, dtype=None, out=None):
    if dim is UNSET and keepdim is not None:
        raise _overload_error("sum", "Tensor, keepdim=bool")
    keepdim = bool(keepdim)
    a = _tensor_arg(input, "sum")
    axes = dims(dim, a.ndim)
    acc = _accumulate_dtype(native_name(a), dtype)
    if acc is not None and acc != native_name(a):
        a = ivy.astype(a, acc)
    return _finish(ivy.sum(a, axis=axes, keepdims=keepdim), out, "sum")


def prod(input, dim=UNSET, keepdim=None, *, dtype=None, out=None):
    if dim is UNSET and keepdim is not None or dim is None:
        raise _overload_error("prod", "Tensor, dim=None" if dim is None else "Tensor, keepdim=bool")
    keepdim = bool(keepdim)
    a = _tensor_arg(input, "prod")
    axes = None if dim is UNSET else dims(_int_dim(dim, "prod"), a.ndim)
    acc = _accumulate_dtype(native_name(a), dtype)
    if acc is not None and acc != native_name(a):
        a = ivy.astype(a, acc)
    return _finish(ivy.prod(a, axis=axes, keepdims=keepdim), out, "prod")


def _float_only(a, fn: str, dtype):
    name = T.canonical(dtype) if dtype is not None else native_name(a)
    if name not in _FLOATING:
        raise RuntimeError(f"{fn}(): could not infer output dtype. Input dtype must be either a "
                           f"floating point or complex dtype. Got: {_TORCH_NAME[name]}")
    return a if name == native_name(a) else ivy.astype(a, name)


def mean(input, dim=UNSET, keepdim=None, *, dtype=None, out=None):
    if dim is UNSET and keepdim is not None:
        raise _overload_error("mean", "Tensor, keepdim=bool")
    keepdim = bool(keepdim)
    a = _float_only(_tensor_arg(input, "mean"), "mean", dtype)
    return _finish(ivy.mean(a, axis=dims(dim, a.ndim), keepdims=keepdim), out, "mean")


def _correction(unbiased, correction):
    if correction is not None:
        return correction
    return 1 if unbiased is None or unbiased else 0


def _moment(core):
    def fn(input, dim=None, unbiased=None, keepdim=False, *, correction=None, out=None):
        if isinstance(dim, bool):             # std(input, unbiased) overload
            dim, unbiased = None, dim
        a = _float_only(_tensor_arg(input, core), core, None)
        axes = dims(dim, a.ndim)
        return _finish(getattr(ivy, core)(a, axis=axes, correction=_correction(unbiased, correction),
                                          keepdims=keepdim), out, core)
    fn.__name__ = core
    return fn


std, var = _moment("std"), _moment("var")


def _extreme(core, result_type, pairwise):
    arg = "argmax" if core == "max" else "argmin"

    def fn(input, dim=UNSET, keepdim=None, *, out=None):
        a = _tensor_arg(input, core)
        if isinstance(dim, Tensor):           # max(input, other)
            from ._ops import FUNCTIONS
            return FUNCTIONS[pairwise](input, dim, out=out)
        if dim is None or dim is UNSET and keepdim is not None:
            raise _overload_error(core, "Tensor, NoneType" if dim is None else "Tensor, keepdim=bool")
        keepdim = bool(keepdim)
        if dim is UNSET:
            if ivy.size(a) == 0:
                raise RuntimeError(f"{core}(): Expected reduction dim to be specified for "
                                   f"input.numel() == 0. Specify the reduction dim with the 'dim' "
                                   f"argument.")
            return _finish(getattr(ivy, core)(a), out, core)
        axis = _axis(dim, a.ndim)
        if a.ndim == 0:
            return result_type(_wrap(ivy.asarray(a, copy=True)),
                               _wrap(ivy.zeros((), dtype="int64", device=ivy.device(a))))
        _nonempty(a, axis, core)
        values = getattr(ivy, core)(a, axis=axis, keepdims=keepdim)
        indices = _nan_first(a, axis, keepdim, arg)
        return result_type(_wrap(values), _wrap(indices))
    fn.__name__ = core
    return fn


def _nonempty(a, axis, fn):
    if ivy.shape(a)[axis] == 0:
        raise IndexError(f"{fn}(): Expected reduction dim {axis} to have non-zero size.")


def _nan_first(a, axis, keepdim, arg):
    """torch's argmax/argmin: a NaN wins (its first index), else the first extreme."""
    idx = getattr(ivy, arg)(a, axis=axis, keepdims=keepdim)
    if native_name(a) not in _FLOATING:
        return idx
    nan = ivy.isnan(a)
    has_nan = ivy.any(nan, axis=axis, keepdims=keepdim)
    return ivy.where(has_nan, ivy.argmax(ivy.astype(nan, "int8"), axis=axis, keepdims=keepdim),
                     idx)


max = _extreme("max", _MAX, "maximum")
min = _extreme("min", _MIN, "minimum")


def _amax(core):
    def fn(input, dim=(), keepdim=False, *, out=None):
        a = _tensor_arg(input, "a" + core)
        axes = dims(dim, a.ndim)
        if ivy.size(a) == 0:
            if not axes:
                raise RuntimeError(f"a{core}(): Expected reduction dim to be specified for "
                                   f"input.numel() == 0. Specify the reduction dim with the 'dim' "
                                   f"argument.")
            for axis in axes:
                _nonempty(a, axis, "a" + core)
        return _finish(getattr(ivy, core)(a, axis=axes, keepdims=keepdim), out, "a" + core)
    fn.__name__ = "a" + core
    return fn


amax, amin = _amax("max"), _amax("min")


def _arg(core):
    def fn(input, dim=None, keepdim=False):
        a = _tensor_arg(input, core)
        if native_name(a) == "bool":
            raise RuntimeError(f"{core}(): does not support bool input")
        if native_name(a) in ("complex64", "complex128"):
            raise RuntimeError(f"{core}(): does not support complex input")
        if ivy.size(a) == 0:
            if dim is None:
                raise IndexError(f"{core}(): Expected reduction dim to be specified for "
                                 f"input.numel() == 0.")
            _nonempty(a, _axis(dim, a.ndim), core)
        if dim is None or a.ndim == 0:
            if dim is not None:
                _axis(dim, 0)
            flat = ivy.reshape(a, (-1,))
            out = _nan_first(flat, 0, False, core)
            if keepdim:
                out = ivy.reshape(out, (1,) * a.ndim)
            return _wrap(out)
        return _wrap(_nan_first(a, _axis(dim, a.ndim), keepdim, core))
    fn.__name__ = core
    return fn


argmax, argmin = _arg("argmax"), _arg("argmin")


def _logical(core):
    def fn(input, dim=None, keepdim=False, *, out=None):
        a = _tensor_arg(input, core)
        axes = dims(dim, a.ndim, empty_is_all=False)
        r = getattr(ivy, core)(a, axis=axes, keepdims=keepdim)
        if native_name(a) == "uint8":            # torch keeps uint8 for all/any of uint8
            r = ivy.astype(r, "uint8")
        return _finish(r, out, core)
    fn.__name__ = core
    return fn


all, any = _logical("all"), _logical("any")


def _scan(core):
    def fn(input, dim, *, dtype=None, out=None):
        a = _tensor_arg(input, core)
        _int_dim(dim, "cumsum" if core == "cumulative_sum" else "cumprod")
        acc = _accumulate_dtype(native_name(a), dtype)
        if acc is not None and acc != native_name(a):
            a = ivy.astype(a, acc)
        ndim = a.ndim
        axis = _axis(dim, ndim)
        if ndim == 0:
            return _finish(ivy.asarray(a, copy=True), out, core)
        return _finish(getattr(ivy, core)(a, axis=axis), out, core)
    return fn


cumsum, cumprod = _scan("cumulative_sum"), _scan("cumulative_prod")


def count_nonzero(input, dim=None):
    a = _tensor_arg(input, "count_nonzero")
    return _wrap(ivy.count_nonzero(a, axis=dims(dim, a.ndim)))


FUNCTIONS = {"sum": sum, "prod": prod, "mean": mean, "std": std, "var": var, "max": max,
             "min": min, "amax": amax, "amin": amin, "argmax": argmax, "argmin": argmin,
             "all": all, "any": any, "cumsum": cumsum, "cumprod": cumprod,
             "count_nonzero": count_nonzero}
