"""Conformance rows for numpy's statistics, sorting, searching, sets and histograms against real
NumPy, plus snippets for what rows cannot see (NumPy scalars, in-place sorts, errors)."""
import dataclasses
import warnings

import numpy as real_np
import pytest
from hypothesis import strategies as st

from tests.conformance import Case, arr, axis_for, make_tests, optional, shared_shape

X = shared_shape("x")
V = shared_shape("v")
REAL = ("int8", "int32", "int64", "uint8", "float32", "float64")
FLT = ("float32", "float64")
INTS = ("int8", "int16", "int32", "int64", "uint8", "bool")
METHOD = st.sampled_from(["linear", "lower", "higher", "nearest", "midpoint", "hazen"])
Q = st.one_of(st.floats(0, 1), st.lists(st.floats(0, 1), min_size=1, max_size=3))
FEW = {"max_examples": 2}
SOME = {"max_examples": 3}        # every row without its own settings (the file's time budget)
SORTED = st.lists(st.integers(-20, 20), min_size=1, max_size=6).map(sorted)



def _partitioned(k):
    """NumPy's partition contract at ``kth=k`` on the last axis: both sides as sets, the kth."""
    def view(r):
        r = real_np.asarray(r)
        return (real_np.sort(r[..., :k], axis=-1), r[..., k], real_np.sort(r[..., k + 1:], axis=-1))
    return view


def _quiet(fn):
    def call(*args, **kwargs):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return fn(*args, **kwargs)
    return call


ROWS = [
    Case("np.std", args=(arr(REAL, X),), kwargs={"axis": optional(axis_for(X)),
                                                   "ddof": optional(st.integers(0, 1)),
                                                   "keepdims": optional(st.booleans())}),
    Case("numpy.ndarray.var", args=(arr(("float16", "int16", "complex64", "float64"), X),),
         kwargs={"axis": optional(axis_for(X)), "ddof": optional(st.integers(0, 1))},
         rtol={"float16": 1e-2}, atol={"float16": 1e-2}),
    Case("np.median", args=(arr(REAL, X),), kwargs={"axis": optional(axis_for(X)),
                                                      "keepdims": optional(st.booleans())}),
    Case("np.quantile", args=(arr(REAL, X), Q), kwargs={"axis": optional(axis_for(X)),
                                                          "method": METHOD}),
    Case("np.percentile", args=(arr(FLT, X), st.floats(0, 100)),
         kwargs={"axis": optional(axis_for(X)), "keepdims": st.booleans()}, settings=FEW),
    Case("np.average", args=(arr(("float32", "int32", "float64"), (2, 3)),),
         kwargs={"axis": 1, "weights": arr(("float64", "float32"), (3,), min_value=0.5,
                                           max_value=3), "returned": st.booleans()}),
    Case("np.average", id="np.average-noweights", args=(arr(REAL, X),),
         kwargs={"axis": optional(axis_for(X)), "returned": st.booleans()}, settings=FEW),
    Case("np.ptp", args=(arr(REAL, X),), kwargs={"axis": optional(axis_for(X))}),
    Case("np.nansum", args=(arr(("float32", "float64", "int8"), X, edge=True),),
         kwargs={"axis": optional(axis_for(X))}),
    Case("np.nanmean", args=(arr(FLT, X, edge=True),), kwargs={"axis": optional(axis_for(X))}),
    Case("np.nanmax", args=(arr(("float32", "int16"), X, edge=True),),
         kwargs={"axis": optional(axis_for(X))}),
    Case("np.nanmin", args=(arr(FLT, X, edge=True),), settings=FEW),
    Case("np.nanargmax", args=(arr(FLT, X, edge=True),), kwargs={"axis": optional(axis_for(X))}),
    Case("np.nanargmin", args=(arr(FLT, X, edge=True),), settings=FEW),
    Case("np.nanstd", args=(arr(FLT, X, edge=True),),
         kwargs={"axis": optional(axis_for(X)), "ddof": optional(st.integers(0, 1))}),
    Case("np.nanvar", args=(arr(("float64", "int32"), X),), settings=FEW),
    Case("np.nanmedian", args=(arr(FLT, X, edge=True),), kwargs={"axis": optional(axis_for(X))}),
    Case("np.nanpercentile", args=(arr("float64", X, edge=True), st.floats(0, 100)),
         settings=FEW),
    Case("np.nancumsum", args=(arr(("float32", "int8"), X, edge=True),),
         kwargs={"axis": optional(axis_for(X))}),
    Case("np.nancumprod", args=(arr("float64", X, edge=True),), settings=FEW),
    Case("np.sort", args=(arr(REAL + ("bool",), X),), kwargs={"axis": optional(axis_for(X))}),
    Case("np.sort", id="np.sort-nan", args=(arr(FLT, (5,), edge=True),), settings=FEW),
    Case("numpy.ndarray.sort", args=(arr(REAL, X),), kwargs={"axis": optional(axis_for(X))}),
    Case("np.argsort", args=(arr(REAL, X),), kwargs={"axis": optional(axis_for(X)),
                                                       "kind": optional(st.just("stable"))}),
    Case("np.lexsort", args=(arr(("int8", "float64"), (3, 5), min_value=0, max_value=2),)),
    Case("np.partition", args=(arr(REAL, (2, 5)), 2), transform=_partitioned(2)),
    Case("np.argpartition", args=(arr(("int32", "float64"), (5,), unique=True), 1),
         transform=_partitioned(1)),
    Case("np.searchsorted", args=(SORTED, arr(("int64", "float64"), V, min_value=-25,
                                               max_value=25)),
         kwargs={"side": optional(st.sampled_from(["left", "right"]))}),
    Case("numpy.ndarray.searchsorted", args=(arr("int32", (4,), min_value=0, max_value=0),
                                             arr("int32", V)), settings=FEW),
    Case("np.unique", args=(arr(("int8", "float32"), X, min_value=-3, max_value=3),),
         kwargs={"return_index": st.booleans(), "return_inverse": st.booleans(),
                 "return_counts": st.booleans()}),
    Case("np.unique", id="np.unique-axis", args=(arr("int32", (4, 2), min_value=0, max_value=1),),
         kwargs={"axis": st.sampled_from([0, 1, -1]), "return_inverse": st.booleans(),
                 "return_counts": st.booleans()}, settings=FEW),
    Case("np.unique", id="np.unique-nan", args=(arr("float64", (2, 3), edge=True),),
         kwargs={"return_index": True, "return_inverse": True, "return_counts": True,
                 "equal_nan": False}, settings=FEW),
    Case("np.unique_all", args=(arr(("int8", "float32"), (2, 3), min_value=-3, max_value=3,
                                    edge=True),), settings=FEW),
    Case("np.unique_counts", args=(arr(("int16", "float64"), (6,), min_value=-3, max_value=3),),
         settings=FEW),
    Case("np.unique_inverse", args=(arr(("uint8", "float64"), (2, 3), min_value=0, max_value=3),),
         settings=FEW),
    Case("np.unique_values", args=(arr(("int32", "float32"), (6,), min_value=-3, max_value=3),),
         transform=real_np.sort, settings=FEW),            # NumPy: hash order for integers
    Case("np.intersect1d", args=(arr(("int8", "float32"), (2, 3), min_value=-3, max_value=3),
                                 arr(("int16", "float64"), (4,), min_value=-3, max_value=3)),
         kwargs={"return_indices": st.booleans()}, settings=FEW),
    Case("np.intersect1d", id="np.intersect1d-assume_unique",
         args=(arr("int32", (4,), min_value=-9, max_value=9, unique=True),
               arr("int32", (3,), min_value=-9, max_value=9, unique=True)),
         kwargs={"assume_unique": True, "return_indices": True}, settings=FEW),
    Case("np.union1d", args=(arr(("int8", "float32"), (6,), min_value=-3, max_value=3, edge=True),
                             arr(("uint8", "float64"), (4,), min_value=0, max_value=3)),
         settings=FEW),
    Case("np.setdiff1d", args=(arr(("int8", "float32"), (6,), min_value=-3, max_value=3),
                               arr(("int64", "float64"), (2, 2), min_value=-3, max_value=3)),
         settings=FEW),
    Case("np.setdiff1d", id="np.setdiff1d-assume_unique",
         args=(arr("float32", (4,), unique=True), arr("int64", (3,), unique=True)),
         kwargs={"assume_unique": True}, settings=FEW),
    Case("np.setxor1d", args=(arr(("int8", "float64"), (6,), min_value=-3, max_value=3, edge=True),
                              arr(("int32", "float32"), (4,), min_value=-3, max_value=3)),
         settings=FEW),
    Case("np.isin", args=(arr(("int8", "float32"), (2, 3), min_value=-3, max_value=3),
                          arr(("int64", "float64", "bool"), (4,), min_value=-3, max_value=3)),
         kwargs={"invert": optional(st.booleans()),
                 "kind": optional(st.sampled_from([None, "sort", "table", "hash"]))}),
    Case("np.histogram", args=(arr(("float64", "int32", "float32"), X),),
         kwargs={"bins": optional(st.one_of(st.integers(1, 5), st.just([-5, 0, 2, 9]))),
                 "range": optional(st.just((-4, 4))), "density": optional(st.booleans())}),
    Case("np.histogram", id="np.histogram-estimators", args=(arr(("float64", "int32"), (7,),
                                                                 elements=st.integers(-60, 60)),),
         kwargs={"bins": st.sampled_from(["auto", "fd", "sturges", "sqrt", "rice", "scott",
                                          "doane"]),
                 "range": optional(st.just((-50, 60)))}, settings=FEW),
    Case("np.histogram_bin_edges", args=(arr(("float64", "float32", "int16"), (7,),
                                             elements=st.integers(-60, 60)),),
         kwargs={"bins": st.sampled_from(["auto", "fd", "sturges", "sqrt", "rice", "scott",
                                          "doane", 3, [-1, 0, 4]]),
                 "range": optional(st.sampled_from([(-4, 4), (2.5, 2.5)]))}),
    Case("np.histogramdd", args=(arr(("float64", "float32", "int32"), (5, 2)),),
         kwargs={"bins": st.sampled_from([2, (2, 3), [[-10, 1, 60], [-3, 2, 3]], 0]),
                 "range": optional(st.just([(-4, 4), None])),
                 "density": optional(st.booleans()),
                 "weights": optional(arr("float64", (5,), min_value=0.5, max_value=3))}),
    Case("np.histogram2d", args=(arr(("float64", "int32"), (5,)), arr("float32", (5,))),
         kwargs={"bins": st.sampled_from([3, [2, 4], [-5, 0, 5], [[-5, 0, 5], 2]]),
                 "density": optional(st.booleans())}, settings=FEW),
    Case("np.bincount", args=(arr(("int64", "uint8", "bool"), (6,), min_value=0, max_value=7),),
         kwargs={"weights": optional(arr("float32", (6,))),
                 "minlength": optional(st.integers(0, 9))}),
    Case("np.digitize", args=(arr(("float64", "int32"), X),
                              st.sampled_from([[-2.0, 0.0, 3.5], [5, 1, -1], [0.0]])),
         kwargs={"right": st.booleans()}),
    Case("np.cov", args=(arr(("float64", "int32", "float32"), (3, 4)),),
         kwargs={"rowvar": optional(st.booleans()), "bias": optional(st.booleans()),
                 "ddof": optional(st.integers(0, 2))}, rtol={"float64": 1e-9}),
    Case("np.cov", id="np.cov-weights", args=(arr("float64", (2, 4)),),
         kwargs={"fweights": arr("int64", (4,), min_value=1, max_value=3),
                 "aweights": optional(arr("float64", (4,), min_value=0.5, max_value=2))},
         rtol=1e-9, settings=FEW),
    Case("np.corrcoef", args=(arr(("float64", "int32"), (3, 4)),),
         kwargs={"rowvar": optional(st.booleans())}, rtol=1e-9),
]
test_statistics = make_tests([r if r.settings else dataclasses.replace(r, settings=SOME)
                              for r in ROWS])


# ---- snippets: NumPy scalars, in-place sorts, errors -------------------------------------------


def _describe(x):
    if isinstance(x, BaseException):
        return ("error", next(c.__name__ for c in type(x).__mro__ if c.__module__ == "builtins"))
    if isinstance(x, tuple):
        return tuple(_describe(v) for v in x)
    if x is None:
        return ("none",)
    kind = "scalar" if isinstance(x, real_np.generic) else "array"
    a = real_np.asarray(x)
    values = str(real_np.round(a.astype(real_np.complex128), 5).tolist())     # NaN == NaN here
    return (kind, str(a.dtype), a.shape, values)


def _steps(*thunks):
    out = []
    for thunk in thunks:
        try:
            out.append(_quiet(thunk)())
        except Exception as e:      # noqa: BLE001 - the type is compared
            out.append(e)
    return [_describe(v) for v in out]


def scalars(np):
    a = np.array([[3, 1, 2], [0, 5, 4]], dtype=np.int16)
    f = np.array([1.5, np.nan, 3.0], dtype=np.float32)
    return _steps(lambda: np.std(a), lambda: np.median(a),
                  lambda: np.percentile(a, 50), lambda: np.quantile(a, 0.5, method="lower"),
                  lambda: np.average(a), lambda: np.average(a, weights=np.ones((2, 3)),
                                                            returned=True),
                  lambda: np.ptp(a), lambda: np.nansum(f), lambda: np.nanargmax(f),
                  lambda: np.nanmedian(f),
                  lambda: np.searchsorted(np.array([1, 2, 3]), 2.5),
                  lambda: np.digitize(1.5, [1, 2]), lambda: np.cov(np.array([1.0, 2.0, 4.0])),
                  lambda: np.corrcoef(np.array([1.0, 2.0])),
                  lambda: np.unique(np.array(3), return_inverse=True),
                  lambda: np.argsort(np.array(3)),
                  lambda: np.median(np.zeros(0)), lambda: np.var(np.zeros((0, 2)), axis=0),
                  lambda: np.nanmax(np.array([np.nan]), initial=3.0),
                  lambda: np.histogram(np.array([1, 2, 2, 3, 5]), bins=3))


def inplace_sorts(np):
    a = np.array([[3, 1, 2], [0, 5, 4]])
    a.sort()
    b = np.array([[3.0, 1.0], [0.0, 2.0]])
    b.sort(axis=0)
    c = np.arange(6.0)[::-1].copy()
    v = c[1:5]
    v.sort()                         # through a view: the base sees it
    d = np.array([4, 1, 3, 2, 0])
    d.partition(2)                   # contract: d[2] == 2, smaller before, larger after
    return _steps(lambda: a, lambda: b, lambda: c, lambda: v, lambda: int(d[2]),
                  lambda: sorted(d[:2].tolist()), lambda: sorted(d[3:].tolist()),
                  lambda: a.sort(axis=None), lambda: np.array(3).sort())


def errors(np):
    a = np.arange(6.0).reshape(2, 3)
    return _steps(lambda: np.std(a, axis=2), lambda: np.std(a, axis=(0, 0)),
                  lambda: np.var(a, ddof=1, correction=1), lambda: np.median(a, axis=-3),
                  lambda: np.percentile(a, 150), lambda: np.quantile(a, 0.5, method="foo"),
                  lambda: np.quantile(np.zeros(0), 0.5),
                  lambda: np.quantile(a, 0.5, weights=np.ones(6).reshape(2, 3)),
                  lambda: np.average(a, weights=[1.0, 2.0]), lambda: np.average(a, axis=1,
                                                                             weights=[1.0, 2.0]),
                  lambda: np.average(np.ones(3), weights=np.zeros(3)),
                  lambda: np.ptp(np.zeros(0)), lambda: np.ptp(np.array([True])),
                  lambda: np.nanmax(np.zeros(0)), lambda: np.nanargmin(np.array([np.nan])),
                  lambda: np.nanargmax(np.zeros(0)), lambda: np.sort(a, kind="x"),
                  lambda: np.sort(a, kind="stable", stable=True), lambda: np.sort(np.array(1.0)),
                  lambda: np.sort(a, order="f"), lambda: np.partition(a, 3),
                  lambda: np.partition(a, 1.0), lambda: np.partition(a, 1, kind="quick"),
                  lambda: np.lexsort(()), lambda: np.lexsort((np.ones(2), np.ones(3))),
                  lambda: np.searchsorted(a, 1.0), lambda: np.searchsorted(a[0], 1, side="l"),
                  lambda: np.unique(a, axis=2), lambda: np.histogram(a, bins=0),
                  lambda: np.histogram(a, bins=[3, 1, 2]), lambda: np.histogram(a, range=(4, 0)),
                  lambda: np.histogram(a, bins=2.0), lambda: np.bincount(np.array([0, -1])),
                  lambda: np.bincount(np.array([0.0])), lambda: np.bincount(a.astype(int)),
                  lambda: np.bincount(np.array([1]), minlength=-1),
                  lambda: np.bincount(np.array([1, 2]), weights=np.ones(1)),
                  lambda: np.digitize(np.array([0.5]), [3, 1, 2]),
                  lambda: np.digitize(np.array([1j]), [1, 2]), lambda: np.cov(np.ones((2, 2, 2))))


def sets_and_histograms(np):
    a = np.array([[2, 1], [1, 3]], dtype=np.int8)
    s = np.array([[0.0, 1.0], [2.0, 3.0], [2.0, 2.0]])
    return _steps(lambda: np.unique_all(a)._fields == ("values", "indices", "inverse_indices",
                                                         "counts"),
                  lambda: type(np.unique_inverse(a)).__name__ == "UniqueInverseResult",
                  lambda: np.unique_all(np.array(5)),
                  lambda: np.isin(2, [2]), lambda: np.isin(a, [1], kind="table"),
                  lambda: np.isin(s, [1.0], kind="table"), lambda: np.isin(a, [1], kind="x"),
                  lambda: np.intersect1d([], []), lambda: np.setxor1d([np.nan], [np.nan]),
                  lambda: np.histogram_bin_edges(s, "foo"),
                  lambda: np.histogram_bin_edges(s, "auto", weights=np.ones((3, 2))),
                  lambda: np.histogram_bin_edges(s, 2.5), lambda: np.histogramdd(s, bins=0),
                  lambda: np.histogramdd(s, bins=[2, 2, 2]), lambda: np.histogramdd(s, bins=2.5),
                  lambda: np.histogramdd(s, bins=[[0, 2, 1], [0, 1]]),
                  lambda: np.histogramdd(s, range=[(3, 1), None]),
                  lambda: np.histogramdd(s, weights=np.ones(2)),
                  lambda: np.histogramdd(np.zeros((0, 2)), bins=2),
                  lambda: np.histogram2d(s[:, 0], s[:2, 1]))


PROGRAMS = [scalars, inplace_sorts, errors, sets_and_histograms]


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.__name__)
def test_snippet_matches_numpy(program, backend, ours):
    got, want = program(ours), program(real_np)
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        assert g == w, (program.__name__, i, g, w)
