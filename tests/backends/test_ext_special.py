"""The `special` area on every backend: special functions vs scipy.special, NaN-aware reductions,
median and quantiles vs numpy, cummax/cummin/logcumsumexp vs torch. Expected values are computed
at test time from the reference on the same inputs (float64 reference rounded to the input dtype).

Domains: each function is drawn on its scipy domain plus its edge values (0, -0, +-inf, NaN,
poles, large arguments). Edges where the frameworks disagree and ivy does not pin one answer are
left out of the draws and documented here:
- gammainc/gammaincc at a == inf or NaN a (jax/tf/torch differ from scipy; a == 0 has its own test);
- zeta with q <= 0, q == inf or x == inf; polygamma(n >= 1, x <= 0); betaln at a, b <= 0 or inf
  (the lgamma identity on torch/tf gives NaN where scipy gives +-inf).
- digamma is drawn on x > 0 plus fixed negative points: next to a pole jax's reflection loses
  digits (0.2% at 2.5e-14 from -10);
- inputs are normal or zero: XLA and TF CPU kernels flush subnormals to zero.
Looser float64 tolerances, from the frameworks' own accuracy: torch's polygamma (1e-7 relative),
torch's gammainc (1e-8), betaln (1e-7: lgamma identity vs scipy's algorithm); Bessel J (1e-9).
"""
from __future__ import annotations

import warnings

import numpy as np
import pytest
import scipy.special as sp
from hypothesis import HealthCheck, given as _given, settings, strategies as st

from ivy.core.errors import IvyTypeError, IvyValueError

from .reference import assert_close, call, to_numpy, torch_ref
from .strategies import np_dtype


def given(*args, examples=None, **kwargs):
    """Hypothesis' given, with the `xp` fixture allowed (it only selects a backend: no state);
    ``examples`` caps the examples of a test whose every example sweeps many cases."""
    checks = list(settings.default.suppress_health_check) + [HealthCheck.function_scoped_fixture]
    opts = {"suppress_health_check": checks}
    if examples is not None:
        opts["max_examples"] = min(examples, settings.default.max_examples)
    return lambda f: settings(**opts)(_given(*args, **kwargs)(f))


UNARY_NAMES = ("erf", "erfc", "erfinv", "erfcx", "lgamma", "digamma", "i0", "i0e", "i1", "i1e",
               "sinc", "expit", "ndtr", "ndtri", "log_ndtr", "bessel_j0", "bessel_j1", "entr")
BINARY_NAMES = ("gammainc", "gammaincc", "xlogy", "xlog1py", "betaln", "zeta")
NAN_REDUCTIONS = ("nansum", "nanprod", "nanmean", "nanmax", "nanmin", "nanvar", "nanstd")
COVERED = set(UNARY_NAMES + BINARY_NAMES + NAN_REDUCTIONS) | {
    "polygamma", "multigammaln", "logit", "cummax", "cummin", "logcumsumexp", "nanargmax",
    "nanargmin", "nancumsum", "nancumprod", "median", "nanmedian", "quantile", "percentile",
    "nanquantile", "nanpercentile"}

INF, NAN = np.inf, np.nan
_lgamma_ref = lambda x: np.where(np.isneginf(x), INF, sp.gammaln(x))     # noqa: E731  (pinned)

# name -> (reference, float64 domain, float32 domain, edge values, float64 rtol)
UNARY = {
    "erf": (sp.erf, (-6, 6), None, [0.0, -0.0, INF, -INF, NAN], None),
    "erfc": (sp.erfc, (-6, 27), None, [0.0, INF, -INF, NAN], None),
    "erfinv": (sp.erfinv, (-1, 1), None, [0.0, 1.0, -1.0, 1.5, -2.0, NAN], None),
    "erfcx": (sp.erfcx, (-20, 60), (-9, 60), [0.0, 1e3, 1e10, INF, -INF, NAN], None),
    "lgamma": (_lgamma_ref, (-50, 100), (0.01, 100), [0.0, -0.0, -1.0, -2.0, 1e10, INF, -INF, NAN],
               None),
    "digamma": (sp.psi, (0.01, 100), None, [0.0, -0.0, -1.0, -3.0, -2.5, -0.5, 1e10, INF, NAN],
                None),
    "i0": (sp.i0, (-700, 700), (-80, 80), [0.0, INF, -INF, NAN], None),
    "i0e": (sp.i0e, (-1e4, 1e4), None, [0.0, INF, -INF, NAN], None),
    "i1": (sp.i1, (-700, 700), (-80, 80), [0.0, -0.0, INF, -INF, NAN], None),
    "i1e": (sp.i1e, (-1e4, 1e4), None, [0.0, INF, -INF, NAN], None),
    "sinc": (np.sinc, (-50, 50), None, [0.0, 1.0, -2.0, INF, NAN], None),
    "expit": (sp.expit, (-800, 800), (-100, 100), [0.0, INF, -INF, NAN], None),
    "ndtr": (sp.ndtr, (-40, 40), (-14, 14), [0.0, INF, -INF, NAN], None),
    "ndtri": (sp.ndtri, (0, 1), None, [0.0, 1.0, 0.5, -0.5, 2.0, NAN], None),
    "log_ndtr": (sp.log_ndtr, (-1e3, 40), (-100, 15), [0.0, -1e5, INF, -INF, NAN], None),
    "bessel_j0": (sp.j0, (-200, 200), None, [0.0, 25.0, 1e3, INF, -INF, NAN], 1e-9),
    "bessel_j1": (sp.j1, (-200, 200), None, [0.0, -0.0, 25.0, 1e3, INF, -INF, NAN], 1e-9),
    "entr": (sp.entr, (-1, 1e3), None, [0.0, 1.0, INF, NAN], None),
}
F32_RTOL = 1e-4
SIZE = 24


def _units(draw):
    """SIZE draws in [0, 1]; each function maps them onto its domain (one draw serves all)."""
    return np.array(draw(st.lists(st.floats(0, 1), min_size=SIZE, max_size=SIZE)))


def _on(units, lo, hi):
    """The unit draws spread over [lo, hi], the lower half logarithmically towards lo's end when
    the range spans decades (so both small and large arguments occur)."""
    v = lo + units * (hi - lo)
    if lo >= 0 and hi / max(lo, 1e-3) > 1e3:
        v[::2] = np.exp(np.log(max(lo, 1e-3)) + units[::2] * (np.log(hi) - np.log(max(lo, 1e-3))))
    return list(np.clip(v, lo, hi))


def _edge_array(values, edges, dtype):
    x = np.array(values + edges, dtype=np.float64).astype(np_dtype(dtype))
    # XLA and TF CPU kernels flush subnormals to zero: inputs are drawn normal (or zero)
    x[np.abs(x) < np.finfo(x.dtype).tiny] = 0
    return x


def _ref(f, *args, dtype):
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = np.asarray(f(*(a.astype(np.float64) if isinstance(a, np.ndarray) else a
                           for a in args)))
    return r.astype(np_dtype(dtype))


def _rtol(dtype, f64):
    return F32_RTOL if dtype == "float32" else f64


@given(examples=6, data=st.data())
def test_unary_special(xp, data):
    units = _units(data.draw)
    for name, (ref, dom64, dom32, edges, rtol) in UNARY.items():
        for dtype in ("float64", "float32"):
            lo, hi = dom32 if dtype == "float32" and dom32 else dom64
            x = _edge_array(_on(units, lo, hi), edges, dtype)
            assert_close(call(xp, name, x), _ref(ref, x, dtype=dtype), rtol=_rtol(dtype, rtol),
                         where=f"{name} {dtype} {x.tolist()}")


@pytest.mark.parametrize("dtype", ["int32", "bool", "float16", "bfloat16"])
def test_unary_dtypes(xp, dtype):
    """integer/bool -> float64; float16/bfloat16 in -> same out (computed in float32)."""
    x = np.array([0, 1, 2, 3], dtype=np_dtype(dtype)) if dtype != "bool" else \
        np.array([True, False])
    out = "float64" if dtype in ("int32", "bool") else dtype
    for name in UNARY_NAMES:
        ref = UNARY[name][0]
        assert_close(call(xp, name, x), _ref(ref, x, dtype=out), where=name)
    with pytest.raises(IvyTypeError):
        call(xp, "erf", np.array([1j]))


# name -> (reference, (lo, hi) of each operand, edges of each operand, float64 rtol)
BINARY = {
    "gammainc": (sp.gammainc, ((0.05, 50), (0, 100)), ([1.0, 2.0, 0.5], [0.0, INF, NAN]), 1e-8),
    "gammaincc": (sp.gammaincc, ((0.05, 50), (0, 100)), ([1.0, 2.0, 0.5], [0.0, INF, NAN]), 1e-8),
    "xlogy": (sp.xlogy, ((-10, 10), (0, 100)), ([0.0, 0.0, 2.0], [0.0, NAN, INF]), None),
    "xlog1py": (sp.xlog1py, ((-10, 10), (-1, 100)), ([0.0, 0.0, 2.0], [-1.0, NAN, INF]), None),
    "betaln": (sp.betaln, ((0.05, 20), (0.05, 20)), ([1.0, 0.5, NAN], [1.0, 3.0, 2.0]), 1e-7),
    "zeta": (sp.zeta, ((1.5, 30), (0.05, 50)), ([1.0, 2.0, NAN], [1.0, 1.0, 2.0]), 1e-9),
}


@given(examples=6, data=st.data())
def test_binary_special(xp, data):
    ua, ub = _units(data.draw), _units(data.draw)
    for name, (ref, ((alo, ahi), (blo, bhi)), (aedge, bedge), rtol) in BINARY.items():
        for dtype in ("float64", "float32"):
            a = _edge_array(_on(ua, alo, ahi), aedge, dtype)
            b = _edge_array(_on(ub, blo, bhi), bedge, dtype)
            assert_close(call(xp, name, a, b), _ref(ref, a, b, dtype=dtype),
                         rtol=_rtol(dtype, rtol), where=f"{name} {dtype}")
    # a Python scalar takes the array's dtype; float32 with float64 promotes
    x = np.array([0.5, 2.0, 3.0], dtype=np.float32)
    assert_close(call(xp, "xlogy", x, 2.0), _ref(sp.xlogy, x, 2.0, dtype="float32"))
    y = x.astype(np.float64)
    assert_close(call(xp, "betaln", x, y), _ref(sp.betaln, x, y, dtype="float64"), rtol=1e-8)


@given(examples=6, data=st.data())
def test_polygamma_multigammaln_logit(xp, data):
    units = _units(data.draw)
    for dtype in ("float64", "float32"):
        x = _edge_array(_on(units, 0.05, 50), [1.0, 0.5, INF, NAN], dtype)
        for n in (0, 1, 2, 3):
            assert_close(call(xp, "polygamma", n, x), _ref(lambda v: sp.polygamma(n, v), x,
                                                            dtype=dtype),
                         rtol=_rtol(dtype, 1e-7), where=f"polygamma({n}) {dtype}")
        for d in (1, 3):
            a = _edge_array(_on(units, 0.5 * (d - 1) + 0.05, 50), [INF, NAN], dtype)
            assert_close(call(xp, "multigammaln", a, d),
                         _ref(lambda v: sp.multigammaln(v, d), a, dtype=dtype),
                         rtol=_rtol(dtype, 1e-10), where=f"multigammaln(d={d}) {dtype}")
        p = _edge_array(_on(units, 0, 1), [0.0, 1.0, -0.5, 1.5, NAN], dtype)
        assert_close(call(xp, "logit", p), _ref(sp.logit, p, dtype=dtype),
                     rtol=_rtol(dtype, None), where="logit")
        clipped = np.clip(p.astype(np.float64), 1e-3, 1 - 1e-3)
        assert_close(call(xp, "logit", p, eps=1e-3), _ref(sp.logit, clipped, dtype=dtype),
                     rtol=_rtol(dtype, None), where="logit eps")
    digamma0 = _ref(sp.psi, np.array([0.0, -0.0]), dtype="float64")
    assert_close(call(xp, "polygamma", 0, np.array([0.0, -0.0])), digamma0)
    with pytest.raises(IvyValueError):
        call(xp, "multigammaln", np.array([0.5, 3.0]), 3)
    with pytest.raises(IvyValueError):
        call(xp, "polygamma", -1, np.array([1.0]))
    with pytest.raises(TypeError):
        call(xp, "polygamma", 1.5, np.array([1.0]))


# ---- cumulative vs torch ----------------------------------------------------------------------

_CUM_VALUES = [0.0, 1.0, 2.0, 3.0, -1.0, NAN, INF, -INF]


@given(examples=6, data=st.data())
def test_cummax_cummin(xp, data):
    import torch
    picks = data.draw(st.lists(st.sampled_from(_CUM_VALUES), min_size=21, max_size=21))
    base = np.array(picks).reshape(3, 7)
    for dtype in ("float64", "float32", "int64", "bool", "uint8"):
        x = base.astype(np_dtype(dtype)) if dtype.startswith("float") else \
            np.nan_to_num(base, nan=2, posinf=5, neginf=0).astype(dtype)
        for axis in (0, 1, -1):
            for name, fn in (("cummax", torch.cummax), ("cummin", torch.cummin)):
                got = call(xp, name, x, axis=axis)
                expected = torch_ref(lambda t: tuple(fn(t, dim=axis)), x)
                assert_close(tuple(got), expected, where=f"{name} {dtype} axis={axis}")
                assert got._fields == ("values", "indices")
    x0 = np.array(3.0)
    got = call(xp, "cummax", x0, axis=0)
    assert_close(tuple(got), (x0, np.array(0, dtype=np.int64)))


@given(data=st.data())
def test_logcumsumexp(xp, data):
    import torch
    for dtype in ("float64", "float32"):
        v = _on(_units(data.draw), -50, 50)
        x = np.array(v[:20] + [NAN, -INF, -INF, INF], dtype=np_dtype(dtype))
        x = x[data.draw(st.permutations(range(24)))].reshape(4, 6)
        for axis in (0, 1):
            expected = torch_ref(lambda t: torch.logcumsumexp(t, dim=axis), x)
            assert_close(call(xp, "logcumsumexp", x, axis=axis), expected,
                         where=f"logcumsumexp {dtype} axis={axis}")
    assert_close(call(xp, "logcumsumexp", np.arange(4), axis=0),
                 np.logaddexp.accumulate(np.arange(4.0)))


# ---- NaN-aware reductions, median, quantile vs numpy --------------------------------------------

def _np(fn, *args, **kw):
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return np.asarray(fn(*args, **kw))


_STAT_VALUES = [0.5, 1.0, 2.0, -3.0, 4.25, 7.0, NAN]


@st.composite
def stat_arrays(draw):
    """A (4, 5) array drawn from a small value set (ties), NaNs, and one all-NaN row at times."""
    x = np.array(draw(st.lists(st.sampled_from(_STAT_VALUES), min_size=20, max_size=20)))
    x = x.reshape(4, 5)
    if draw(st.booleans()):
        x[draw(st.integers(0, 3))] = NAN
    return x


_AXES = (None, 0, 1, (0, 1), -1)


@given(examples=6, x=stat_arrays(), dtype=st.sampled_from(["float64", "float32"]))
def test_nan_reductions(xp, x, dtype):
    a = x.astype(dtype)
    for axis in _AXES:
        for keepdims in (False, True):
            for name in NAN_REDUCTIONS:
                kw = {"axis": axis, "keepdims": keepdims}
                assert_close(call(xp, name, a, **kw), _np(getattr(np, name), a, **kw),
                             where=f"{name} {dtype} {kw}")
            for corr in (1.0, 4.0):
                for name in ("nanvar", "nanstd"):
                    assert_close(call(xp, name, a, axis=axis, keepdims=keepdims,
                                      correction=corr),
                                 _np(getattr(np, name), a, axis=axis, keepdims=keepdims,
                                     ddof=corr), where=f"{name} correction={corr}")
    for axis in (None, 0, 1):
        for name in ("nancumsum", "nancumprod"):
            assert_close(call(xp, name, a, axis=axis), _np(getattr(np, name), a, axis=axis),
                         where=f"{name} {dtype} axis={axis}")
    ints = np.arange(20, dtype=np.int32).reshape(4, 5)
    for name in ("nansum", "nanprod", "nanmean", "nanmax", "nanmin", "nanvar"):
        assert_close(call(xp, name, ints, axis=1), _np(getattr(np, name), ints, axis=1),
                     where=f"{name} int32")
    assert_close(call(xp, "nancumsum", ints, axis=1), np.nancumsum(ints, axis=1))
    assert_close(call(xp, "nansum", x, dtype="float32"), _np(np.nansum, x, dtype=np.float32))


@given(x=stat_arrays())
def test_nanargmax_nanargmin(xp, x):
    x[:, 0] = np.where(np.isnan(x[:, 0]), -INF, x[:, 0])     # no all-NaN row here
    x[0, 1] = NAN
    x[1, :2] = (NAN, -INF)                                    # numpy's tie rule: NaN -> -inf first
    for axis in (None, 0, 1):
        for keepdims in (False, True):
            for name in ("nanargmax", "nanargmin"):
                got = call(xp, name, x, axis=axis, keepdims=keepdims)
                expected = _np(getattr(np, name), x, axis=axis, keepdims=keepdims)
                assert_close(got, expected, dtype=False, where=f"{name} axis={axis}")
                assert str(got.dtype) == "int64"
    bad = np.array([[NAN, NAN], [1.0, 2.0]])
    for name in ("nanargmax", "nanargmin"):
        with pytest.raises(ValueError):
            call(xp, name, bad, axis=1)


@given(examples=6, x=stat_arrays(), dtype=st.sampled_from(["float64", "float32"]))
def test_median(xp, x, dtype):
    a = x.astype(dtype)
    for axis in _AXES:
        for keepdims in (False, True):
            for name in ("median", "nanmedian"):
                assert_close(call(xp, name, a, axis=axis, keepdims=keepdims),
                             _np(getattr(np, name), a, axis=axis, keepdims=keepdims),
                             where=f"{name} {dtype} axis={axis} keepdims={keepdims}")
    ints = np.array([[3, 1, 2, 8], [5, 5, 0, 1]], dtype=np.int64)
    assert_close(call(xp, "median", ints, axis=1), np.median(ints, axis=1))


METHODS = ("inverted_cdf", "averaged_inverted_cdf", "closest_observation",
           "interpolated_inverted_cdf", "hazen", "weibull", "linear", "median_unbiased",
           "normal_unbiased", "lower", "higher", "midpoint", "nearest")


_QUANTILE_LAYOUTS = ((None, False), (1, False), (0, True), ((0, 1), True), (-1, True))
_QUANTILE_NAMES = (("quantile", 1), ("nanquantile", 1), ("percentile", 100),
                   ("nanpercentile", 100))


_Q_VALUES = [0.0, 0.1, 0.25, 0.3, 0.5, 0.7, 0.9, 1.0]


@given(examples=4, x=stat_arrays(), q=st.lists(st.sampled_from(_Q_VALUES), min_size=3, max_size=3),
       dtype=st.sampled_from(["float64", "float32"]), layout=st.sampled_from(_QUANTILE_LAYOUTS))
def test_quantile(xp, x, q, dtype, layout):
    """Every method, the four names, q scalar and 1-d; dtype and axis layout drawn."""
    qa, a = np.array(q), x.astype(dtype)
    axis, keepdims = layout
    ints = np.array([[3, 1, 2, 8, 4], [5, 5, 0, 1, 9]], dtype=np.int64)
    for method in METHODS:
        kw = {"axis": axis, "keepdims": keepdims, "method": method}
        for name, scale in _QUANTILE_NAMES:
            ref, where = getattr(np, name), f"{name} {method} {dtype} {kw}"
            assert_close(call(xp, name, a, q[0] * scale, **kw), _np(ref, a, q[0] * scale, **kw),
                         where=where + " scalar q")
            expected = _np(ref, a, qa * scale, **kw).astype(dtype)     # ivy keeps x's dtype
            assert_close(call(xp, name, a, qa * scale, **kw), expected, where=where)
        assert_close(call(xp, "quantile", ints, qa, axis=1, method=method),
                     _np(np.quantile, ints, qa, axis=1, method=method), where=f"int {method}")


def test_quantile_errors(xp):
    x = np.arange(5.0)
    with pytest.raises(ValueError):
        call(xp, "quantile", x, 1.5)
    with pytest.raises(ValueError):
        call(xp, "percentile", x, np.array([10.0, 101.0]))
    with pytest.raises(ValueError):
        call(xp, "quantile", x, 0.5, method="bogus")
    with pytest.raises(ValueError):
        call(xp, "quantile", x, np.ones((2, 2)) * 0.5)
    with pytest.raises(TypeError):
        call(xp, "median", np.array([1j]))
    assert to_numpy(xp, xp.median(xp.asarray(np.float64(3.0)))).shape == ()


@pytest.mark.parametrize("name", ["gammainc", "gammaincc"])
def test_incomplete_gamma_at_zero_shape(xp, name):
    """a == 0: P = 1, Q = 0 for x > 0 and NaN at x == 0 or x < 0, as scipy (tf's kernel differs)."""
    a = np.zeros(4)
    x = np.array([0.0, 1.0, -1.0, 2.5])
    for dtype in ("float32", "float64"):
        got = getattr(xp, name)(xp.asarray(a.astype(dtype)), xp.asarray(x.astype(dtype)))
        np.testing.assert_array_equal(xp.to_numpy(got), getattr(sp, name)(a, x).astype(dtype))
