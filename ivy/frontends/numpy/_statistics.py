"""Statistics, sorting, searching and sets: ``np.std``/``var``/``median``/``quantile``/
``average``/``ptp``, the ``nan*`` reductions, ``sort``/``argsort``/``lexsort``/``partition``,
``searchsorted``/``digitize``, ``unique`` and the set functions (``unique_all``/``_counts``/
``_inverse``/``_values``, ``intersect1d``, ``union1d``, ``setdiff1d``, ``setxor1d``, ``isin``),
``histogram``/``histogram_bin_edges``/``histogramdd``/``histogram2d``/``bincount``,
``cov``/``corrcoef``, with NumPy's dtype rules (integers give float64; float32 stays float32;
complex spreads are real).

Sets sort (stably) and compare neighbours, as NumPy documents; NumPy 2's ``unique_*`` keep each
NaN apart (``equal_nan=False``) and ``unique_values`` comes back sorted (NumPy's hash order for
integers is unspecified). Histogram bin estimators ('auto', 'fd', 'sturges', 'sqrt', 'rice',
'scott', 'doane'; not 'stone') read the few statistics they need on the host and count bins in
NumPy's scalar arithmetic; equal-width edges follow NumPy's linspace (arange * step + start).

Sorting is always stable, which satisfies every ``kind`` (NumPy's default quicksort is not
stable, so an ``argsort`` with ties may order them differently from NumPy). ``partition`` and
``argpartition`` return a full stable sort along the axis: every element before ``kth`` is <= it
and every one after is >=, which is NumPy's whole contract (NumPy's order within each side is
unspecified and usually differs). ``a.sort()``/``a.partition()`` write in place on every backend.

Quantiles: q is a parameter, prepared on the host. ``quantile``/``percentile`` with the
linear, lower, higher, nearest, midpoint and H&F continuous methods take the neighbours in a's
dtype and lerp as NumPy does (exact dtypes and values, integer differences wrapping included);
the nan* variants and ``averaged_inverted_cdf`` use the core, which interpolates in the result
dtype: where that is wider than a's (float32 data, a float64 q array) values differ from NumPy's
at a's precision. Not supported (NotImplementedError): ``weights=``, ``where=``, complex
median/quantile/unique and sets, ``unique(equal_nan=False)`` with several NaNs and an axis, an
integer ``dtype=`` for var/std, ``mean=`` for nanvar/nanstd, ``bins='stone'``. Checks NumPy makes
on data (negative ``bincount`` input, monotonic bins, zero weights, fweights) read it on the
host.
"""
from __future__ import annotations

import builtins
import math

import numpy as np

import ivy
from ivy.core import dtypes as D

from . import _dtypes as T
from ._array import _wrap, asarray, assign_native, ndarray, result, to_native
from ._dtypes import native_name
from ._methods import _SMALL_INTS, _arr, _axes, empty_reduction, one_axis
from ._ufuncs import _finish

_NV = np._NoValue
_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_REAL_OF = D.REAL_OF
_SORT_KINDS = frozenset("qhms")
_QUANTILE_METHODS = ("inverted_cdf", "averaged_inverted_cdf", "closest_observation",
                     "interpolated_inverted_cdf", "hazen", "weibull", "linear", "median_unbiased",
                     "normal_unbiased", "lower", "higher", "midpoint", "nearest")


# ---- shared helpers ------------------------------------------------------------------------------

def _given(v, default=None):
    return default if v is _NV else v


def _red_axes(axis, nd):
    """``_axes`` plus NumPy's duplicate check; None stays None."""
    axes = _axes(axis, nd)
    if axes is not None and len(set(axes)) != len(axes):
        raise ValueError("duplicate value in 'axis'")
    return axes


def _no_where(where, fn):
    if where is not _NV and where is not True:
        raise NotImplementedError(f"{fn}: where= is not supported by ivy's numpy frontend")


def _count(a, axes):
    return a.size if axes is None else math.prod(a.shape[i] for i in axes)


def _cast(x, name):
    return x if native_name(x) == name else ivy.astype(x, name)


def _const(value, name):
    return ivy.asarray(value, dtype=name)


def _done(fn, res, out):
    """``out=`` through ``_finish`` (NumPy's unsafe reduction cast), else scalar or array."""
    return _finish(fn, res, out, True, "unsafe") if out is not None else result(res)


def _float_name(name):
    """The float a statistic of ``name`` computes in (ints and bool: float64)."""
    return name if name in T.INEXACT else "float64"


def _nan_result(shape, name):
    return ivy.full(shape, math.nan, dtype=name)


def _reduced_shape(a, axes, keepdims):
    axes = range(a.ndim) if axes is None else axes
    if keepdims:
        return tuple(1 if i in axes else n for i, n in enumerate(a.shape))
    return tuple(n for i, n in enumerate(a.shape) if i not in axes)


# ---- var / std ---------------------------------------------------------------------------------

def _moment(a, axis, dtype, out, ddof, keepdims, where, mean, correction, root, fn):
    a = _arr(a)
    _no_where(where, fn)
    if correction is not _NV:
        if ddof != 0:
            raise ValueError("ddof and correction can't be provided simultaneously.")
        ddof = correction
    name = native_name(a._data)
    if dtype is not None:
        target = T.name_of(dtype, fn)
        if target not in T.INEXACT:
            raise NotImplementedError(f"{fn}: an integer dtype= is not supported by ivy's numpy "
                                      f"frontend")
    else:
        target = _float_name(name)
    work = "float32" if target == "float16" else target       # NumPy accumulates float16 wider
    axes = _red_axes(axis, a.ndim)
    x = _cast(a._data, work)
    mu = ivy.mean(x, axis=axes, keepdims=True) if mean is _NV else _cast(to_native(mean), work)
    dev = ivy.subtract(x, mu)
    sq = ivy.add(ivy.square(ivy.real(dev)), ivy.square(ivy.imag(dev))) if work in _COMPLEX \
        else ivy.square(dev)
    real = _REAL_OF.get(work, work)
    total = ivy.sum(sq, axis=axes, keepdims=bool(_given(keepdims, False)))
    n = builtins.max(_count(a, axes) - ddof, 0)
    res = ivy.divide(total, _const(n, real))
    if root:
        res = ivy.sqrt(res)
    return _done(fn, _cast(res, _REAL_OF.get(target, target)), out)


def var(a, axis=None, dtype=None, out=None, ddof=0, keepdims=_NV, *, where=_NV, mean=_NV,
        correction=_NV):
    return _moment(a, axis, dtype, out, ddof, keepdims, where, mean, correction, False, "var")


def std(a, axis=None, dtype=None, out=None, ddof=0, keepdims=_NV, *, where=_NV, mean=_NV,
        correction=_NV):
    return _moment(a, axis, dtype, out, ddof, keepdims, where, mean, correction, True, "std")


def _var_method(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
                mean=_NV, correction=_NV):
    return var(self, axis, dtype, out, ddof, keepdims, where=where, mean=mean,
               correction=correction)


def _std_method(self, axis=None, dtype=None, out=None, ddof=0, keepdims=False, *, where=True,
                mean=_NV, correction=_NV):
    return std(self, axis, dtype, out, ddof, keepdims, where=where, mean=mean,
               correction=correction)


# ---- median / quantiles -----------------------------------------------------------------------

def _real_order_input(a, fn):
    if native_name(a._data) in _COMPLEX:
        raise NotImplementedError(f"{fn}: complex input is not supported by ivy's numpy frontend")


def _to_last(a, axes):
    """a's native with the reduced axes moved last and merged; plus the keepdims shape."""
    nd = a.ndim
    axes = tuple(range(nd)) if axes is None else tuple(sorted(axes))
    kept = tuple(i for i in range(nd) if i not in axes)
    x = a._data if kept + axes == tuple(range(nd)) else ivy.permute_dims(a._data, kept + axes)
    x = ivy.reshape(x, tuple(a.shape[i] for i in kept) + (_count(a, axes),))
    return x, tuple(1 if i in axes else n for i, n in enumerate(a.shape))


def _median(a, axis, out, keepdims, fn):
    """The mean of the two middle values, one middle value for an odd count (the core averages
    it with itself, which overflows at the float maximum); NaN where a slice has NaN (median) or
    is all NaN (nanmedian); an empty slice gives NaN as in NumPy."""
    a = _arr(a)
    _real_order_input(a, fn)
    axes = _red_axes(axis, a.ndim)
    keep = bool(_given(keepdims, False))
    name = _float_name(native_name(a._data))
    work = "float32" if name == "float16" else name       # NumPy's mean accumulates float16 wider
    n = _count(a, axes)
    if n == 0:                                             # NumPy: NaN (with a RuntimeWarning)
        return _done(fn, _nan_result(_reduced_shape(a, axes, keep), name), out)
    if fn == "median" or name != native_name(a._data):     # no NaN to skip
        y, kshape = _to_last(a, axes)
        srt = ivy.sort(_cast(y, work), axis=-1)
        res = ivy.get_item(srt, (Ellipsis, (n - 1) // 2))
        if n % 2 == 0:
            res = ivy.divide(ivy.add(res, ivy.get_item(srt, (Ellipsis, n // 2))),
                             _const(2, work))
        res = ivy.where(ivy.isnan(ivy.get_item(srt, (Ellipsis, -1))), _const(math.nan, work), res)
        res = ivy.reshape(res, kshape) if keep else res
    else:
        x = _cast(a._data, work)
        mid = ivy.nanmedian(x, axis=axes, keepdims=keep)
        low = ivy.nanquantile(x, 0.5, axis=axes, keepdims=keep, method="lower")
        count = ivy.sum(_cast(ivy.logical_not(ivy.isnan(x)), "int64"), axis=axes, keepdims=keep)
        res = ivy.where(ivy.equal(ivy.remainder(count, _const(2, "int64")),
                                  _const(1, "int64")), low, mid)
    return _done(fn, _cast(res, name), out)


def median(a, axis=None, out=None, overwrite_input=False, keepdims=False):
    return _median(a, axis, out, keepdims, "median")


def nanmedian(a, axis=None, out=None, overwrite_input=False, keepdims=_NV):
    return _median(a, axis, out, keepdims, "nanmedian")


_DISCRETE = frozenset({"inverted_cdf", "closest_observation", "lower", "higher", "nearest"})
_ODD_AT_INT_Q = frozenset({"averaged_inverted_cdf", "weibull", "interpolated_inverted_cdf"})
# H&F (1996) continuous methods, as NumPy documents them: virtual index n*q + alpha +
# q*(1 - alpha - beta) - 1
_ALPHA_BETA = {"interpolated_inverted_cdf": (0.0, 1.0), "hazen": (0.5, 0.5), "weibull": (0.0, 0.0),
               "median_unbiased": (1 / 3.0, 1 / 3.0), "normal_unbiased": (3 / 8.0, 3 / 8.0)}
_OWN_METHODS = frozenset({"linear", "lower", "higher", "nearest", "midpoint", *_ALPHA_BETA})


def _quantile_dtype(a, q, qh, method):
    """NumPy's result dtype: a's for the discrete methods (and ``linear`` at integer q, which
    lands on order statistics); otherwise a and q promoted, an integer q counting as float (a
    Python number weakly)."""
    integral = qh.dtype.kind in "iub"
    if method in _DISCRETE or (method == "linear" and integral):
        return native_name(a._data)
    if method in _ODD_AT_INT_Q and integral and type(q) not in (int, float):
        raise NotImplementedError(f"quantile: method={method!r} with an integer q array is not "
                                  f"supported by ivy's numpy frontend (NumPy's dtype there varies)")
    if type(q) in (int, float):
        item = 0.5
    else:
        item = np.dtype(np.float64) if integral else qh.dtype
    return T.result_name((a.dtype, item))


def _positions(method, n, qh):
    """NumPy's (previous index, next index, gamma or None) for 1-d q, on the host from q alone."""
    v = (n - 1) * qh
    if method in ("lower", "higher", "nearest") or method == "linear" and v.dtype.kind in "iub":
        pick = {"lower": np.floor, "higher": np.ceil, "nearest": np.around}.get(method, np.floor)
        return pick(v).astype(np.int64), None, None
    if method == "midpoint":
        v = 0.5 * (np.floor(v) + np.ceil(v))
        gamma = np.where(v % 1 == 0, 0.0, 0.5).astype(v.dtype)
    elif method in _ALPHA_BETA:
        alpha, beta = _ALPHA_BETA[method]
        v = n * qh + (alpha + qh * (1 - alpha - beta)) - 1
        gamma = v - np.floor(v)
    else:
        gamma = v - np.floor(v)
    prev = np.floor(v).astype(np.int64)
    nxt = prev + 1
    prev = np.where(v >= n - 1, n - 1, np.where(v < 0, 0, prev))
    nxt = np.where(v >= n - 1, n - 1, np.where(v < 0, 0, nxt))
    return prev, nxt, gamma


def _order_quantile(a, axes, qh, method, name, keep):
    """Quantiles of the sorted slices at q's positions: the neighbours in a's dtype, their
    difference in a's dtype too (integers wrap, as in NumPy), then NumPy's two-sided lerp."""
    if native_name(a._data) == "bool" and method not in _DISCRETE:
        raise TypeError("numpy boolean subtract, the `-` operator, is not supported, use the "
                        "bitwise_xor, the `^` operator, or the logical_xor function instead.")
    y, kshape = _to_last(a, axes)
    srt = _sort_native(y, -1)
    n = int(srt.shape[-1])
    if n == 0:
        raise IndexError("index -1 is out of bounds for axis 0 with size 0")
    prev, nxt, gamma = _positions(method, n, qh.reshape(-1))
    low = ivy.take(srt, ivy.asarray(prev), axis=-1)
    if gamma is None:
        res = _cast(low, name)
    else:
        high = ivy.take(srt, ivy.asarray(nxt), axis=-1)
        diff = _cast(ivy.subtract(high, low), name)
        g = ivy.asarray(gamma, dtype=name)
        low, high = _cast(low, name), _cast(high, name)
        res = ivy.where(ivy.greater_equal(g, _const(0.5, name)),
                        ivy.subtract(high, ivy.multiply(diff, ivy.subtract(_const(1, name), g))),
                        ivy.add(low, ivy.multiply(diff, g)))
    if name in T.INEXACT:
        last = ivy.get_item(srt, (Ellipsis, slice(-1, None)))
        res = ivy.where(ivy.isnan(_cast(last, name)), _const(math.nan, name), res)
    if qh.ndim == 0:
        res = ivy.get_item(res, (Ellipsis, 0))
        return ivy.reshape(res, kshape) if keep else res
    res = ivy.moveaxis(res, -1, 0)
    return ivy.reshape(res, (res.shape[0],) + kshape) if keep else res


def _quantile(a, q, axis, out, method, keepdims, weights, fn):
    if weights is not None:
        if method != "inverted_cdf":
            raise ValueError(f"Only method 'inverted_cdf' supports weights. Got: {method}.")
        raise NotImplementedError(f"{fn}: weights= is not supported by ivy's numpy frontend")
    if method not in _QUANTILE_METHODS:
        raise ValueError(f"'{method}' is not a valid method. Use one of: {_QUANTILE_METHODS}")
    a = _arr(a)
    _real_order_input(a, fn)
    axes = _red_axes(axis, a.ndim)
    keep = bool(_given(keepdims, False))
    qh = np.asarray(q.__array__() if isinstance(q, ndarray) else q)    # q is a parameter
    if qh.dtype.kind not in "iufb":
        raise TypeError(f"{fn}: q must be real numbers")
    if fn.endswith("percentile"):
        if not np.all((qh >= 0) & (qh <= 100)):
            raise ValueError("Percentiles must be in the range [0, 100]")
        qh = np.true_divide(qh, 100)
    elif not np.all((qh >= 0) & (qh <= 1)):
        raise ValueError("Quantiles must be in the range [0, 1]")
    name = _quantile_dtype(a, q, qh, method)
    if fn.startswith("nan") and native_name(a._data) not in T.INEXACT:
        fn = fn[3:]                                       # no NaN to skip in integers
    if method in _OWN_METHODS and not fn.startswith("nan"):
        res = _order_quantile(a, axes, qh, method, name, keep)
    else:
        flat = qh.reshape(-1) if qh.ndim else float(qh)      # already divided by 100
        core = "nanquantile" if fn.startswith("nan") else "quantile"
        res = getattr(ivy, core)(_cast(a._data, name), flat, axis=axes, keepdims=keep,
                                 method=method)
    if qh.ndim > 1:
        res = ivy.reshape(res, qh.shape + tuple(res.shape[1:]))
    return _done(fn, _cast(res, name), out)


def quantile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False,
             *, weights=None):
    return _quantile(a, q, axis, out, method, keepdims, weights, "quantile")


def percentile(a, q, axis=None, out=None, overwrite_input=False, method="linear", keepdims=False,
               *, weights=None):
    return _quantile(a, q, axis, out, method, keepdims, weights, "percentile")


def nanquantile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                keepdims=_NV, *, weights=None):
    return _quantile(a, q, axis, out, method, keepdims, weights, "nanquantile")


def nanpercentile(a, q, axis=None, out=None, overwrite_input=False, method="linear",
                  keepdims=_NV, *, weights=None):
    return _quantile(a, q, axis, out, method, keepdims, weights, "nanpercentile")


# ---- average / ptp ---------------------------------------------------------------------------

def average(a, axis=None, weights=None, returned=False, *, keepdims=_NV):
    a = _arr(a)
    keep = bool(_given(keepdims, False))
    axes = _red_axes(axis, a.ndim)
    name = native_name(a._data)
    if weights is None:
        target = _float_name(name)
        avg = ivy.mean(_cast(a._data, target), axis=axes, keepdims=keep)
        scl = ivy.full(tuple(avg.shape), a.size / builtins.max(math.prod(avg.shape), 1)
                       if a.size else 0.0, dtype=target)
    else:
        w = weights if isinstance(weights, ndarray) else asarray(weights)
        exact = name in T.INTEGRAL or name == "bool"
        target = T.result_name((a.dtype, w.dtype) + ((np.float64,) if exact else ()))
        wn = _cast(w._data, target)
        if w.shape != a.shape:
            if axes is None:
                raise TypeError("Axis must be specified when shapes of a and weights differ.")
            if w.shape != tuple(a.shape[i] for i in axes):
                raise ValueError("Shape of weights must be consistent with shape of a along "
                                 "specified axis.")
            order = sorted(range(len(axes)), key=lambda i: axes[i])
            wn = ivy.permute_dims(wn, tuple(order)) if order != list(range(len(axes))) else wn
            wn = ivy.reshape(wn, tuple(n if i in axes else 1 for i, n in enumerate(a.shape)))
            wn = ivy.broadcast_to(wn, a.shape)
        scl = ivy.sum(wn, axis=axes, keepdims=keep)
        if bool(ivy.to_numpy(ivy.any(ivy.equal(scl, _const(0, target))))):
            raise ZeroDivisionError("Weights sum to zero, can't be normalized")
        avg = ivy.divide(ivy.sum(ivy.multiply(_cast(a._data, target), wn), axis=axes,
                                 keepdims=keep), scl)
    if not returned:
        return result(avg)
    return result(avg), result(ivy.broadcast_to(_cast(scl, native_name(avg)), tuple(avg.shape)))


def ptp(a, axis=None, out=None, keepdims=_NV):
    a = _arr(a)
    name = native_name(a._data)
    if name == "bool":
        raise TypeError("numpy boolean subtract, the `-` operator, is not supported, use the "
                        "bitwise_xor, the `^` operator, or the logical_xor function instead.")
    axes, keep = _red_axes(axis, a.ndim), bool(_given(keepdims, False))
    if a.size == 0:
        return _done("ptp", empty_reduction(a, axes, keep, name, "zero-size array to reduction "
                                            "operation maximum which has no identity"), out)
    res = ivy.subtract(ivy.max(a._data, axis=axes, keepdims=keep),
                       ivy.min(a._data, axis=axes, keepdims=keep))
    return _done("ptp", res, out)


# ---- nan reductions ------------------------------------------------------------------------------

def _nan_total(core, a, axis, dtype, out, keepdims, initial, where):
    a = _arr(a)
    _no_where(where, core)
    name = native_name(a._data)
    target = T.name_of(dtype, core) if dtype is not None else _SMALL_INTS.get(name, name)
    res = getattr(ivy, core)(_cast(a._data, target), axis=_red_axes(axis, a.ndim),
                             keepdims=bool(_given(keepdims, False)))
    if initial is not _NV:
        op = ivy.add if core == "nansum" else ivy.multiply
        res = op(res, _const(initial, target))
    return _done(core, res, out)


def nansum(a, axis=None, dtype=None, out=None, keepdims=_NV, initial=_NV, where=_NV):
    return _nan_total("nansum", a, axis, dtype, out, keepdims, initial, where)


def nanprod(a, axis=None, dtype=None, out=None, keepdims=_NV, initial=_NV, where=_NV):
    return _nan_total("nanprod", a, axis, dtype, out, keepdims, initial, where)


def nanmean(a, axis=None, dtype=None, out=None, keepdims=_NV, *, where=_NV):
    a = _arr(a)
    _no_where(where, "nanmean")
    name = native_name(a._data)
    target = T.name_of(dtype, "nanmean") if dtype is not None else _float_name(name)
    res = ivy.nanmean(_cast(a._data, target), axis=_red_axes(axis, a.ndim),
                      keepdims=bool(_given(keepdims, False)))
    return _done("nanmean", _cast(res, target), out)


def _nan_extreme(core, a, axis, out, keepdims, initial, where):
    a = _arr(a)
    _no_where(where, core)
    name = native_name(a._data)
    axes = _red_axes(axis, a.ndim)
    keep = bool(_given(keepdims, False))
    if _count(a, axes) == 0:
        if initial is _NV:
            op = "fmax" if core == "nanmax" else "fmin"
            raise ValueError(f"zero-size array to reduction operation {op} which has no identity")
        res = ivy.full(_reduced_shape(a, axes, keep), initial, dtype=name)
    else:
        res = getattr(ivy, core)(a._data, axis=axes, keepdims=keep)
        if initial is not _NV:
            init = _const(initial, name)
            both = (ivy.maximum if core == "nanmax" else ivy.minimum)(res, init)
            res = ivy.where(ivy.isnan(res), init, both) if name in T.INEXACT else both
    return _done(core, res, out)


def nanmax(a, axis=None, out=None, keepdims=_NV, initial=_NV, where=_NV):
    return _nan_extreme("nanmax", a, axis, out, keepdims, initial, where)


def nanmin(a, axis=None, out=None, keepdims=_NV, initial=_NV, where=_NV):
    return _nan_extreme("nanmin", a, axis, out, keepdims, initial, where)


def _nan_arg(core, a, axis, out, keepdims):
    a = _arr(a)
    keep = bool(_given(keepdims, False))
    if a.size == 0:
        what = f"attempt to get {core[3:]} of an empty sequence"
        if axis is None:
            raise ValueError(what)
        return _done(core, empty_reduction(a, (one_axis(axis, a.ndim),), keep, "int64", what),
                     out)
    if axis is None:
        res = getattr(ivy, core)(ivy.reshape(a._data, (-1,)), axis=0)
        res = ivy.reshape(res, (1,) * a.ndim) if keep else res
    else:
        res = getattr(ivy, core)(a._data, axis=one_axis(axis, a.ndim), keepdims=keep)
    return _done(core, _cast(res, "int64"), out)


def nanargmax(a, axis=None, out=None, *, keepdims=_NV):
    return _nan_arg("nanargmax", a, axis, out, keepdims)


def nanargmin(a, axis=None, out=None, *, keepdims=_NV):
    return _nan_arg("nanargmin", a, axis, out, keepdims)


def _nan_moment(a, axis, dtype, out, ddof, keepdims, where, mean, correction, root, fn):
    a = _arr(a)
    _no_where(where, fn)
    if mean is not _NV:
        raise NotImplementedError(f"{fn}: mean= is not supported by ivy's numpy frontend")
    if correction is not _NV:
        if ddof != 0:
            raise ValueError("ddof and correction can't be provided simultaneously.")
        ddof = correction
    name = native_name(a._data)
    target = T.name_of(dtype, fn) if dtype is not None else _float_name(name)
    work = "float32" if target == "float16" else target
    res = ivy.nanvar(_cast(a._data, work), axis=_red_axes(axis, a.ndim), correction=ddof,
                     keepdims=bool(_given(keepdims, False)))
    if root:
        res = ivy.sqrt(res)
    return _done(fn, _cast(res, _REAL_OF.get(target, target)), out)


def nanvar(a, axis=None, dtype=None, out=None, ddof=0, keepdims=_NV, *, where=_NV, mean=_NV,
           correction=_NV):
    return _nan_moment(a, axis, dtype, out, ddof, keepdims, where, mean, correction, False,
                       "nanvar")


def nanstd(a, axis=None, dtype=None, out=None, ddof=0, keepdims=_NV, *, where=_NV, mean=_NV,
           correction=_NV):
    return _nan_moment(a, axis, dtype, out, ddof, keepdims, where, mean, correction, True,
                       "nanstd")


def _nan_cumulative(core, a, axis, dtype, out):
    a = _arr(a)
    name = native_name(a._data)
    target = T.name_of(dtype, core) if dtype is not None else _SMALL_INTS.get(name, name)
    x = _cast(a._data, target)
    if axis is None:
        x, ax = ivy.reshape(x, (-1,)), 0
    else:
        ax = one_axis(axis, a.ndim)
    res = getattr(ivy, core)(x, axis=ax)
    return _finish(core, res, out, True, "unsafe") if out is not None else _wrap(res)


def nancumsum(a, axis=None, dtype=None, out=None):
    return _nan_cumulative("nancumsum", a, axis, dtype, out)


def nancumprod(a, axis=None, dtype=None, out=None):
    return _nan_cumulative("nancumprod", a, axis, dtype, out)


# ---- sorting ----------------------------------------------------------------------------------

def _check_kind(kind, stable, fn):
    if kind is None:
        return
    if stable is not None:
        raise ValueError("`kind` and keyword parameters can't be provided at the same time. Use "
                         "only one of them.")
    if not isinstance(kind, str):
        raise TypeError(f"{fn} kind must be str, not {type(kind).__name__}")
    if not kind or kind[0].lower() not in _SORT_KINDS:
        raise ValueError(f"sort kind must be one of 'quick', 'heap', or 'stable' (got '{kind}')")


def _check_order(order):
    if order is not None:
        raise ValueError("Cannot specify order when the array has no fields.")


def _argsort_native(x, axis):
    """Stable int64 argsort; complex numbers by real part, then imaginary part (as NumPy)."""
    if native_name(x) in _COMPLEX:
        perm = ivy.argsort(ivy.imag(x), axis=axis, stable=True)
        key = ivy.take_along_axis(ivy.real(x), perm, axis=axis)
        res = ivy.take_along_axis(perm, ivy.argsort(key, axis=axis, stable=True), axis=axis)
    else:
        res = ivy.argsort(x, axis=axis, stable=True)
    return _cast(res, "int64")


def _sort_native(x, axis):
    if native_name(x) in _COMPLEX:
        return ivy.take_along_axis(x, _argsort_native(x, axis), axis=axis)
    return ivy.sort(x, axis=axis, stable=True)


def _sort_axis(a, axis):
    """(native, axis): axis None sorts the flattened array."""
    if axis is None:
        return ivy.reshape(a._data, (-1,)), 0
    return a._data, one_axis(axis, a.ndim)


def sort(a, axis=-1, kind=None, order=None, *, stable=None):
    _check_kind(kind, stable, "sort")
    _check_order(order)
    x, ax = _sort_axis(_arr(a), axis)
    return _wrap(_sort_native(x, ax))


def _sort_method(self, axis=-1, kind=None, order=None, *, stable=None):
    """``a.sort()``: in place (on every backend, through ``assign_native``)."""
    _check_kind(kind, stable, "sort")
    _check_order(order)
    if axis is None:
        raise TypeError("'NoneType' object cannot be interpreted as an integer")
    assign_native(self, _sort_native(self._data, one_axis(axis, self.ndim)))


def argsort(a, axis=-1, kind=None, order=None, *, stable=None):
    _check_kind(kind, stable, "argsort")
    _check_order(order)
    a = _arr(a)
    if a.ndim == 0:                               # NumPy: a 0-d array sorts as one element
        return _wrap(ivy.zeros((1,), dtype="int64"))
    x, ax = _sort_axis(a, axis)
    return _wrap(_argsort_native(x, ax))


def _argsort_method(self, axis=-1, kind=None, order=None, *, stable=None):
    return argsort(self, axis, kind, order, stable=stable)


def lexsort(keys, axis=-1):
    if isinstance(keys, (list, tuple)):
        ks = [_arr(k) for k in keys]
    else:
        k = _arr(keys)
        ks = [] if k.ndim == 0 else [k[i] for i in range(k.shape[0])]
    if not ks:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    shape = ks[0].shape
    if any(k.shape != shape for k in ks):
        raise ValueError("all keys need to be the same shape")
    if not shape:
        return np.int64(0)
    ax = one_axis(axis, len(shape))
    perm = None
    for k in ks:                                  # the last key is the primary one
        x = k._data if perm is None else ivy.take_along_axis(k._data, perm, axis=ax)
        step = _argsort_native(x, ax)
        perm = step if perm is None else ivy.take_along_axis(perm, step, axis=ax)
    return _wrap(perm)


def _check_partition(a, kth, axis, kind, order):
    if kind != "introselect":
        raise ValueError(f"select kind must be 'introselect' (got '{kind}')")
    _check_order(order)
    if axis is None:
        n = a.size
    else:
        n = a.shape[one_axis(axis, a.ndim)]
    kth_host = np.asarray(kth.__array__() if isinstance(kth, ndarray) else kth)
    if kth_host.dtype.kind not in "iu":
        raise TypeError("Partition index must be integer")
    for k in kth_host.reshape(-1).tolist():
        if not -n <= k < n:
            raise ValueError(f"kth(={k}) out of bounds ({n})")


def partition(a, kth, axis=-1, kind="introselect", order=None):
    """``np.partition`` as a full stable sort (satisfies the contract; see the module notes)."""
    a = _arr(a)
    _check_partition(a, kth, axis, kind, order)
    x, ax = _sort_axis(a, axis)
    return _wrap(_sort_native(x, ax))


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    """``np.argpartition`` as a full stable argsort (satisfies the contract)."""
    a = _arr(a)
    if a.ndim == 0:
        _check_partition(_wrap(ivy.reshape(a._data, (1,))), kth, None, kind, order)
        return _wrap(ivy.zeros((1,), dtype="int64"))
    _check_partition(a, kth, axis, kind, order)
    x, ax = _sort_axis(a, axis)
    return _wrap(_argsort_native(x, ax))


def _partition_method(self, kth, axis=-1, kind="introselect", order=None):
    """``a.partition(kth)``: in place, as a full sort along the axis."""
    _check_partition(self, kth, axis, kind, order)
    assign_native(self, _sort_native(self._data, one_axis(axis, self.ndim)))


def _argpartition_method(self, kth, axis=-1, kind="introselect", order=None):
    return argpartition(self, kth, axis, kind, order)


# ---- searching ---------------------------------------------------------------------------------

def _one_d(a):
    if a.ndim > 1:
        raise ValueError("object too deep for desired array")
    if a.ndim == 0:
        raise ValueError("object of too small depth for desired array")


def _common(a, v):
    """(native a, native v, v was a Python/NumPy scalar or 0-d) compared in their result dtype."""
    vv = v if isinstance(v, ndarray) else asarray(v)
    name = T.result_name((a.dtype, vv.dtype))
    return _cast(a._data, name), _cast(vv._data, name), vv.ndim == 0


def searchsorted(a, v, side="left", sorter=None):
    if side not in ("left", "right"):
        raise ValueError("search side must be one of 'left' or 'right'")
    a = _arr(a)
    _one_d(a)
    x, y, zero_d = _common(a, v)
    if native_name(x) in _COMPLEX:
        raise NotImplementedError("searchsorted: complex arrays are not supported by ivy's "
                                  "numpy frontend")
    if sorter is not None:
        x = ivy.take(x, _cast(to_native(sorter), "int64"))
    res = _cast(ivy.searchsorted(x, ivy.reshape(y, (1,)) if zero_d else y, side=side), "int64")
    return result(ivy.reshape(res, ())) if zero_d else _wrap(res)


def _searchsorted_method(self, v, side="left", sorter=None):
    return searchsorted(self, v, side, sorter)


def digitize(x, bins, right=False):
    xa = _arr(x)
    b = _arr(bins)
    _one_d(b)
    if native_name(xa._data) in _COMPLEX:
        raise TypeError("x may not be complex")
    bs, xs, _ = _common(b, xa)
    side = "left" if right else "right"
    host = b.__array__()                           # NumPy checks the bins' order
    d = np.diff(host)
    if host.size < 2 or np.all(d >= 0):
        res = ivy.searchsorted(bs, ivy.reshape(xs, (-1,)), side=side)
    elif np.all(d <= 0):
        n = host.size
        res = ivy.subtract(_const(n, "int64"), _cast(ivy.searchsorted(
            ivy.flip(bs, axis=0), ivy.reshape(xs, (-1,)), side=side), "int64"))
    else:
        raise ValueError("bins must be monotonically increasing or decreasing")
    return result(ivy.reshape(_cast(res, "int64"), xa.shape))


# ---- sets ---------------------------------------------------------------------------------------

def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
           equal_nan=True, sorted=True):
    """``np.unique`` (always sorted, which ``sorted=False`` allows)."""
    a = _arr(ar)
    x = a._data
    name = native_name(x)
    if name in _COMPLEX:
        raise NotImplementedError("unique: complex arrays are not supported by ivy's numpy "
                                  "frontend")
    ax = None if axis is None else one_axis(axis, a.ndim)
    if not equal_nan and name in T.INEXACT and \
            int(ivy.to_numpy(ivy.sum(_cast(ivy.isnan(x), "int64")))) > 1:
        if ax is not None:
            raise NotImplementedError("unique: equal_nan=False with several NaNs and an axis is "
                                      "not supported by ivy's numpy frontend")
        values, first, inverse, counts = _sorted_uniques(ivy.reshape(x, (-1,)), False)
        out = (_wrap(values),) + tuple(_wrap(e) for e, asked in (
            (first, return_index), (ivy.reshape(inverse, a.shape), return_inverse),
            (counts, return_counts)) if asked)
        return out[0] if len(out) == 1 else out
    if ax is None and a.ndim == 0:
        x = ivy.reshape(x, (1,))
    res = ivy.unique(x, axis=ax, return_index=True, return_inverse=bool(return_inverse),
                     return_counts=bool(return_counts))
    values, extras = res[0], [_cast(r, "int64") for r in res[1:]]
    if not return_index:
        extras = extras[1:]
    if ax is None and a.ndim == 0 and return_inverse:
        i = 1 if return_index else 0
        extras[i] = ivy.reshape(extras[i], ())
    out = (_wrap(values),) + tuple(_wrap(e) for e in extras)
    return out[0] if len(out) == 1 else out


_SET_RESULTS = np.lib._arraysetops_impl          # NumPy's own named tuple types
UniqueAllResult, UniqueCountsResult, UniqueInverseResult = (
    _SET_RESULTS.UniqueAllResult, _SET_RESULTS.UniqueCountsResult,
    _SET_RESULTS.UniqueInverseResult)


def _flat(a, name=None):
    x = ivy.reshape(a._data, (-1,))
    return x if name is None else _cast(x, name)


def _sorted_uniques(x, equal_nan):
    """A 1-d native's sorted unique values and, as natives: first indices, inverse, counts (all
    int64). NaNs sort last; ``equal_nan`` merges them, otherwise each NaN is its own value."""
    n = int(x.shape[0])
    perm = _argsort_native(x, 0)
    s = ivy.take(x, perm)
    new = ivy.not_equal(s[1:], s[:-1])
    if equal_nan and native_name(x) in T.INEXACT:
        new = ivy.logical_and(new, ivy.logical_not(ivy.logical_and(ivy.isnan(s[1:]),
                                                                   ivy.isnan(s[:-1]))))
    flag = ivy.concat([ivy.full((builtins.min(n, 1),), True, dtype="bool"), new])
    starts = _cast(ivy.nonzero(flag)[0], "int64")
    counts = ivy.diff(ivy.concat([starts, _const([n], "int64")]))
    inverse = ivy.take(ivy.subtract(ivy.cumulative_sum(_cast(flag, "int64")), _const(1, "int64")),
                       _argsort_native(perm, 0))
    return ivy.take(s, starts), ivy.take(perm, starts), inverse, counts


def _no_complex(x, fn):
    if native_name(x) in _COMPLEX:
        raise NotImplementedError(f"{fn}: complex arrays are not supported by ivy's numpy "
                                  f"frontend")


def _array_api_unique(x, fn):
    """NumPy 2's ``unique_*`` (``equal_nan=False``; inverse shaped like x). The values are sorted,
    which NumPy (hash-based for integers in ``unique_values``) does not promise either way."""
    a = _arr(x)
    _no_complex(a._data, fn)
    values, first, inverse, counts = _sorted_uniques(_flat(a), False)
    return _wrap(values), _wrap(first), _wrap(ivy.reshape(inverse, a.shape)), _wrap(counts)


def unique_all(x):
    return UniqueAllResult(*_array_api_unique(x, "unique_all"))


def unique_counts(x):
    values, _, _, counts = _array_api_unique(x, "unique_counts")
    return UniqueCountsResult(values, counts)


def unique_inverse(x):
    values, _, inverse, _ = _array_api_unique(x, "unique_inverse")
    return UniqueInverseResult(values, inverse)


def unique_values(x):
    return _array_api_unique(x, "unique_values")[0]


def _set_operands(ar1, ar2, fn):
    a, b = _arr(ar1), _arr(ar2)
    name = T.result_name((a.dtype, b.dtype))
    if name in _COMPLEX:
        raise NotImplementedError(f"{fn}: complex arrays are not supported by ivy's numpy "
                                  f"frontend")
    return a, b, name


def _set_of(a, assume_unique, name):
    """a flattened (assume_unique) or its sorted uniques (NaNs merged, as ``np.unique``)."""
    x = _flat(a, name)
    return x if assume_unique else _sorted_uniques(x, True)[0]


def _neighbours_equal(s):
    return ivy.equal(s[1:], s[:-1])


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    a, b, name = _set_operands(ar1, ar2, "intersect1d")
    if assume_unique:
        x, y = _flat(a, name), _flat(b, name)
    else:
        x, ix, _, _ = _sorted_uniques(_flat(a, name), True)
        y, iy, _, _ = _sorted_uniques(_flat(b, name), True)
    aux = ivy.concat([x, y])
    perm = _argsort_native(aux, 0)
    s = ivy.take(aux, perm)
    same = _neighbours_equal(s)
    common = ivy.boolean_mask(s[:-1], same)
    if not return_indices:
        return _wrap(common)
    i1 = ivy.boolean_mask(perm[:-1], same)
    i2 = ivy.subtract(ivy.boolean_mask(perm[1:], same), _const(int(x.shape[0]), "int64"))
    if not assume_unique:
        i1, i2 = ivy.take(ix, i1), ivy.take(iy, i2)
    return _wrap(common), _wrap(i1), _wrap(i2)


def union1d(ar1, ar2):
    a, b, name = _set_operands(ar1, ar2, "union1d")
    return _wrap(_sorted_uniques(ivy.concat([_flat(a, name), _flat(b, name)]), True)[0])


def setdiff1d(ar1, ar2, assume_unique=False):
    """ar1's values (in ar1's dtype) not in ar2."""
    a, b, name = _set_operands(ar1, ar2, "setdiff1d")
    x = _set_of(a, assume_unique, None)
    keep = ivy.isin(_cast(x, name), _flat(b, name), invert=True)
    return _wrap(ivy.boolean_mask(x, keep))


def setxor1d(ar1, ar2, assume_unique=False):
    a, b, name = _set_operands(ar1, ar2, "setxor1d")
    aux = ivy.concat([_set_of(a, assume_unique, name), _set_of(b, assume_unique, name)])
    if not aux.shape[0]:
        return _wrap(aux)
    s = _sort_native(aux, 0)
    edge = ivy.full((1,), True, dtype="bool")
    flag = ivy.concat([edge, ivy.not_equal(s[1:], s[:-1]), edge])
    return _wrap(ivy.boolean_mask(s, ivy.logical_and(flag[1:], flag[:-1])))


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    if kind not in (None, "sort", "table"):
        raise ValueError(f"Invalid kind: '{kind}'. Please use None, 'sort' or 'table'.")
    a, b, name = _set_operands(element, test_elements, "isin")
    if kind == "table" and not all(native_name(v._data) in T.INTEGRAL or
                                   native_name(v._data) == "bool" for v in (a, b)):
        raise ValueError("The 'table' method is only supported for boolean or integer arrays. "
                         "Please select 'sort' or None for kind.")
    res = ivy.isin(_flat(a, name), _flat(b, name), invert=bool(invert))
    return _wrap(ivy.reshape(res, a.shape))          # a 0-d array, not a scalar, as NumPy


# ---- histograms and counts -------------------------------------------------------------------

def histogram(a, bins=10, range=None, density=None, weights=None):
    a = _arr(a)
    if isinstance(bins, str):
        bins = _wrap(_bin_edges(_flat(a), bins, range, weights, "histogram"))
    if isinstance(bins, (int, np.integer)) and not isinstance(bins, (bool, np.bool_)):
        bins = int(bins)
        if bins < 1:
            raise ValueError("`bins` must be positive, when an integer")
    elif isinstance(bins, (float, np.floating)):
        raise TypeError("`bins` must be an integer, a string, or an array")
    else:
        edges = bins if isinstance(bins, ndarray) else asarray(bins)
        if edges.ndim != 1:
            raise ValueError("`bins` must be 1d, when an array")
        if np.any(np.diff(edges.__array__()) < 0):
            raise ValueError("`bins` must increase monotonically, when an array")
        bins = edges._data
    w = None
    if weights is not None:
        wa = _arr(weights)
        if wa.shape != a.shape:
            raise ValueError("weights should have the same shape as a.")
        w = wa._data
    x = a._data if native_name(a._data) != "bool" else ivy.astype(a._data, "int64")
    if range is not None:
        lo, hi = (float(v) for v in range)
        if lo > hi:
            raise ValueError("max must be larger than min in range parameter.")
        if not (np.isfinite(lo) and np.isfinite(hi)):
            raise ValueError(f"supplied range of [{lo}, {hi}] is not finite")
    hist, edges = ivy.histogram(x, bins=bins, range=range, weights=w, density=bool(density))
    return _wrap(hist), _wrap(edges)


def _host_scalar(native):
    """A 0-d native read as a NumPy scalar of its dtype (a parameter: bin counts, edges)."""
    return ivy.to_numpy(native)[()]


def _outer_edges(x, rng):
    """NumPy's (first, last) edge: the range as given, else the data's min and max as NumPy
    scalars of its dtype ((0, 1) when empty); equal ends widen by 0.5 each way."""
    if rng is not None:
        first, last = rng
        if first > last:
            raise ValueError("max must be larger than min in range parameter.")
        if not (np.isfinite(first) and np.isfinite(last)):
            raise ValueError(f"supplied range of [{first}, {last}] is not finite")
    elif not x.shape[0]:
        first, last = 0, 1
    else:
        first, last = _host_scalar(ivy.min(x)), _host_scalar(ivy.max(x))
        if not (np.isfinite(first) and np.isfinite(last)):
            raise ValueError(f"autodetected range of [{first}, {last}] is not finite")
    if first == last:
        first, last = first - 0.5, last + 0.5
    return first, last


def _span(lo, hi):
    """hi - lo without integer wrap-around (NumPy subtracts integers as unsigned)."""
    if isinstance(lo, (np.integer, int)) and isinstance(hi, (np.integer, int)):
        return int(hi) - int(lo)
    return hi - lo


def _ptp_host(x):
    return _span(_host_scalar(ivy.min(x)), _host_scalar(ivy.max(x)))


def _width_fd(x, n):
    q75, q25 = percentile(_wrap(x), [75, 25]).__array__()
    return 2.0 * _span(q25, q75) * n ** (-1.0 / 3.0)


def _width_sturges(x, n):
    return _ptp_host(x) / (np.log2(n) + 1.0)


def _width_auto(x, n):
    """The smaller of fd and sturges, kept to at most 2 sqrt(n) bins over the data's span."""
    fd, sturges = _width_fd(x, n), _width_sturges(x, n)
    return builtins.max(builtins.min(fd, sturges), _ptp_host(x) / (2.0 * np.sqrt(n)))


def _width_doane(x, n):
    if n <= 2:
        return 0.0
    sg1 = np.sqrt(6.0 * (n - 2) / ((n + 1.0) * (n + 3)))
    sigma = std(_wrap(x))
    if not sigma > 0.0:
        return 0.0
    name = _float_name(native_name(x))
    z = ivy.divide(ivy.subtract(_cast(x, name), _const(_mean_of(x, name), name)), _const(sigma,
                                                                                        name))
    g1 = _host_scalar(ivy.mean(ivy.multiply(ivy.multiply(z, z), z)))
    return _ptp_host(x) / (1.0 + np.log2(n) + np.log2(1.0 + np.absolute(g1) / sg1))


def _mean_of(x, name):
    return _host_scalar(ivy.mean(_cast(x, name)))


_BIN_WIDTH = {
    "sqrt": lambda x, n: _ptp_host(x) / np.sqrt(n),
    "sturges": _width_sturges,
    "rice": lambda x, n: _ptp_host(x) / (2.0 * n ** (1.0 / 3)),
    "scott": lambda x, n: (24.0 * np.pi ** 0.5 / n) ** (1.0 / 3.0) * std(_wrap(x)),
    "fd": _width_fd, "auto": _width_auto, "doane": _width_doane,
}


def _linspace(first, last, num, name):
    """NumPy's ``linspace(first, last, num)`` (arange * step + start, the last point exactly
    ``last``) in its working dtype (the ends' result type with a float), cast to ``name``."""
    calc = T.result_name((first, last, 1.0))
    start, stop = T.NP[calc].type(first), T.NP[calc].type(last)
    delta = stop - start
    step = delta / (num - 1)
    y = ivy.arange(0, num, dtype=calc)
    if step == 0:
        y = ivy.multiply(ivy.divide(y, _const(num - 1, calc)), _const(delta, calc))
    else:
        y = ivy.multiply(y, _const(step, calc))
    y = ivy.concat([ivy.add(y, _const(start, calc))[:-1], _const([stop], calc)])
    return _cast(y, name)


def _one_value(b):
    """Whether a ``bins`` entry is one number (not a sequence of edges)."""
    return not isinstance(b, (list, tuple, ndarray, np.ndarray)) or \
        isinstance(b, (ndarray, np.ndarray)) and b.ndim == 0


def _bin_edges(x, bins, rng, weights, fn):
    """(edges native, whether they are equal-width) for a flat native x."""
    if isinstance(bins, str):
        if bins == "stone":
            raise NotImplementedError(f"{fn}: bins='stone' is not supported by ivy's numpy "
                                      f"frontend")
        if bins not in _BIN_WIDTH:
            raise ValueError(f"{bins!r} is not a valid estimator for `bins`")
        if weights is not None:
            raise TypeError("Automated estimation of the number of bins is not supported for "
                            "weighted data")
        first, last = _outer_edges(x, rng)
        data = x
        if rng is not None:
            inside = ivy.logical_and(ivy.greater_equal(x, _const(first, native_name(x))),
                                     ivy.less_equal(x, _const(last, native_name(x))))
            data = ivy.boolean_mask(x, inside)
        n = int(data.shape[0])
        width = _BIN_WIDTH[bins](data, n) if n else 0
        if width and native_name(x) in T.INTEGRAL and width < 1:
            width = 1
        count = int(np.ceil(_span(first, last) / width)) if width else 1
        if count >= 2 ** 63 - 1:             # a near-zero spread: NumPy cannot make the edges
            raise ValueError("Maximum allowed size exceeded")
        if count > 2 ** 40:
            raise MemoryError(f"Unable to allocate an array with shape ({count + 1},)")
    elif _one_value(bins):
        if isinstance(bins, (bool, np.bool_)) or not isinstance(bins, (int, np.integer)):
            raise TypeError("`bins` must be an integer, a string, or an array")
        count = int(bins)
        if count < 1:
            raise ValueError("`bins` must be positive, when an integer")
        first, last = _outer_edges(x, rng)
    else:
        edges = _arr(bins)
        if edges.ndim != 1:
            raise ValueError("`bins` must be 1d, when an array")
        if np.any(np.diff(edges.__array__()) < 0):
            raise ValueError("`bins` must increase monotonically, when an array")
        return edges._data
    name = T.result_name((first, last, T.NP[native_name(x)]))
    name = "float64" if name in T.INTEGRAL or name == "bool" else name
    return _linspace(first, last, count + 1, name)


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    a = _arr(a)
    if weights is not None and _arr(weights).shape != a.shape:
        raise ValueError("weights should have the same shape as a.")
    return _wrap(_bin_edges(_flat(a), bins, range, weights, "histogram_bin_edges"))


def _dd_edges(col, bins_i, rng_i, i):
    if _one_value(bins_i):
        if isinstance(bins_i, (bool, np.bool_)) or not isinstance(bins_i, (int, np.integer)):
            raise TypeError(f"`bins[{i}]` must be an integer, when a scalar")
        if bins_i < 1:
            raise ValueError(f"`bins[{i}]` must be positive, when an integer")
        first, last = _outer_edges(col, rng_i)
        return _linspace(first, last, int(bins_i) + 1, T.result_name((first, last, 1.0)))
    edges = _arr(bins_i)
    if edges.ndim != 1:
        raise ValueError(f"`bins[{i}]` must be a scalar or 1d array")
    if np.any(np.diff(edges.__array__()) < 0):
        raise ValueError(f"`bins[{i}]` must be monotonically increasing, when an array")
    return edges._data


def histogramdd(sample, bins=10, range=None, density=None, weights=None):
    """Counts (float64) of an (N, D) sample (or a sequence of D 1-d arrays) and the D edges."""
    if isinstance(sample, ndarray) and sample.ndim == 2:
        s = sample._data
    else:
        cols = [_arr(c) for c in sample] if not isinstance(sample, ndarray) else [sample]
        if len(cols) and cols[0].ndim == 0:                 # a flat sequence of numbers: D = 1
            cols = [_arr(sample)]
        name = T.result_name(tuple(c.dtype for c in cols))
        s = ivy.stack([_cast(c._data, name) for c in cols], axis=1)
    n, d = (int(v) for v in s.shape)
    if _one_value(bins):
        bins = [bins] * d
    elif len(bins) != d:
        raise ValueError("The dimension of bins must be equal to the dimension of the sample x.")
    if range is None:
        range = (None,) * d
    elif len(range) != d:
        raise ValueError("range argument must have one entry per dimension")
    w = None
    if weights is not None:
        w = _arr(weights)
        if w.shape[0] != n:
            raise ValueError("The weights and list don't have the same length.")
        w = _cast(w._data, "float64")
    cols = [ivy.reshape(ivy.take(s, _const([i], "int64"), axis=1), (-1,))
            for i in builtins.range(d)]
    edges = [_dd_edges(cols[i], bins[i], range[i], i) for i in builtins.range(d)]
    sizes = [int(e.shape[0]) + 1 for e in edges]         # an outlier bin at each end
    flat = _const(0, "int64")
    for i, e in enumerate(edges):                       # cols: contiguous copies (torch's
        col = cols[i]                                   # searchsorted asks for them)
        name = T.result_name((T.NP[native_name(col)], T.NP[native_name(e)]))
        col, ee = _cast(col, name), _cast(e, name)
        k = _cast(ivy.searchsorted(ee, col, side="right"), "int64")
        on_last = _cast(ivy.equal(col, ee[-1]), "int64")        # the last edge is inside
        k = ivy.subtract(k, on_last)
        flat = ivy.add(ivy.multiply(flat, _const(sizes[i], "int64")), k)
    hist = ivy.bincount(ivy.reshape(flat, (-1,)), weights=w, minlength=math.prod(sizes))
    hist = ivy.reshape(_cast(hist, "float64"), tuple(sizes))
    hist = ivy.get_item(hist, tuple(slice(1, -1) for _ in sizes))
    if density:
        total = ivy.sum(hist)
        for i, e in enumerate(edges):
            width = _cast(ivy.diff(e), "float64")              # in the edges' dtype
            hist = ivy.divide(hist, ivy.reshape(width, tuple(-1 if j == i else 1
                                                              for j in builtins.range(d))))
        hist = ivy.divide(hist, total)
    return _wrap(hist), [_wrap(e) for e in edges]


def histogram2d(x, y, bins=10, range=None, density=None, weights=None):
    x, y = _arr(x), _arr(y)
    if len(x) != len(y):
        raise ValueError("x and y must have the same length.")
    if not _one_value(bins) and len(bins) not in (1, 2):
        bins = [bins, bins]
    hist, (xe, ye) = histogramdd([x, y], bins, range, density, weights)
    return hist, xe, ye


def bincount(x, /, weights=None, minlength=0):
    a = _arr(x)
    _one_d(a)
    name = native_name(a._data)
    if not (name == "bool" or name in T.INTEGRAL):
        raise TypeError(f"Cannot cast array data from dtype('{name}') to dtype('int64') "
                        f"according to the rule 'safe'")
    minlength = int(minlength)
    if minlength < 0:
        raise ValueError("'minlength' must not be negative")
    xi = _cast(a._data, "int64")
    if a.size and bool(ivy.to_numpy(ivy.any(ivy.less(xi, _const(0, "int64"))))):
        raise ValueError("'list' argument must have no negative elements")
    w = None
    if weights is not None:
        wa = _arr(weights)
        if wa.shape != a.shape:
            raise ValueError("The weights and list don't have the same length.")
        w = _cast(wa._data, "float64")                    # NumPy counts weights as doubles
    return _wrap(ivy.bincount(xi, weights=w, minlength=minlength))


# ---- covariance -------------------------------------------------------------------------------

def _rows(m, rowvar, name):
    a = _arr(m)
    if a.ndim > 2:
        raise ValueError("m has more than 2 dimensions")
    x = _cast(a._data, name)
    x = ivy.reshape(x, (1,) * (2 - a.ndim) + a.shape)
    if not rowvar and x.shape[0] != 1:
        x = ivy.permute_dims(x, (1, 0))
    return x


def _cov_native(m, y, rowvar, bias, ddof, fweights, aweights, dtype):
    ms = [_arr(m)] + ([] if y is None else [_arr(y)])
    name = T.name_of(dtype, "cov") if dtype is not None else \
        T.result_name(tuple(v.dtype for v in ms) + (np.float64,))
    x = ivy.concat([_rows(v, rowvar, name) for v in ms], axis=0)
    if ddof is None:
        ddof = 0 if bias else 1
    n = int(x.shape[1])
    real = _REAL_OF.get(name, name)
    w = None
    for wts, what in ((fweights, "fweights"), (aweights, "aweights")):
        if wts is None:
            continue
        wv = _arr(wts)
        if what == "fweights" and native_name(wv._data) not in T.INTEGRAL:
            raise TypeError("fweights must be integer")
        if wv.ndim > 1:
            raise RuntimeError(f"cannot handle multidimensional {what}")
        if wv.shape[0] != n:
            raise RuntimeError(f"incompatible numbers of samples and {what}")
        if bool(ivy.to_numpy(ivy.any(ivy.less(wv._data, _const(0, native_name(wv._data)))))):
            raise ValueError(f"{what} cannot be negative")
        wn = _cast(wv._data, "float64")
        w = wn if w is None else ivy.multiply(w, wn)
    if w is None:
        avg = ivy.mean(x, axis=1, keepdims=True)
        fact = float(n - ddof)
    else:
        w = _cast(w, real)
        v1 = ivy.sum(w)
        avg = ivy.divide(ivy.sum(ivy.multiply(x, _cast(w, name)), axis=1, keepdims=True),
                         _cast(v1, name))
        if aweights is None:
            fact = float(ivy.to_numpy(v1)) - ddof
        else:
            aw = _cast(to_native(aweights), real)
            fact = float(ivy.to_numpy(v1)) - ddof * float(ivy.to_numpy(
                ivy.sum(ivy.multiply(w, aw)))) / float(ivy.to_numpy(v1))
    fact = builtins.max(fact, 0.0)
    xc = ivy.subtract(x, avg)
    xw = xc if w is None else ivy.multiply(xc, _cast(w, name))
    c = ivy.matmul(xc, ivy.permute_dims(ivy.conj(xw) if name in _COMPLEX else xw, (1, 0)))
    c = ivy.multiply(c, _const(1.0 / fact if fact else math.inf, real))
    return ivy.squeeze(c, axis=tuple(i for i, s in enumerate(c.shape) if s == 1)) \
        if 1 in tuple(c.shape) else c


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *,
        dtype=None):
    """``np.cov`` (a 0-d result stays a 0-d array, as NumPy's)."""
    if ddof is not None and ddof != int(ddof):
        raise ValueError("ddof must be integer")
    return _wrap(_cov_native(m, y, rowvar, bias, ddof, fweights, aweights, dtype))


def corrcoef(x, y=None, rowvar=True, *, dtype=None):
    c = _cov_native(x, y, rowvar, False, None, None, None, dtype)
    if len(c.shape) == 0:
        return result(ivy.divide(c, c))
    name = native_name(c)
    d = ivy.diagonal(c)
    sd = ivy.sqrt(ivy.real(d) if name in _COMPLEX else d)
    sd = _cast(sd, name)
    c = ivy.divide(ivy.divide(c, ivy.reshape(sd, (-1, 1))), ivy.reshape(sd, (1, -1)))
    if name in _COMPLEX:
        return _wrap(c)
    return _wrap(ivy.clip(c, -1.0, 1.0))


FUNCTIONS = {f.__name__: f for f in (
    std, var, median, nanmedian, quantile, percentile, nanquantile, nanpercentile, average, ptp,
    nansum, nanprod, nanmean, nanmax, nanmin, nanargmax, nanargmin, nanvar, nanstd, nancumsum,
    nancumprod, sort, argsort, lexsort, partition, argpartition, searchsorted, digitize, unique,
    unique_all, unique_counts, unique_inverse, unique_values, intersect1d, union1d, setdiff1d,
    setxor1d, isin, histogram, histogram_bin_edges, histogramdd, histogram2d, bincount, cov,
    corrcoef)}
METHODS = {"std": _std_method, "var": _var_method, "sort": _sort_method,
           "argsort": _argsort_method, "partition": _partition_method,
           "argpartition": _argpartition_method, "searchsorted": _searchsorted_method}
for _name, _fn in METHODS.items():
    _fn.__name__ = _fn.__qualname__ = _name
del _name, _fn
