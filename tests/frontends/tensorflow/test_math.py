"""The rest of ``tf.math`` against real TensorFlow 2.21: binary kernels (every dtype, refusals
included), special functions, scans, segment reductions, counting, clipping, histograms, and the
top-level aliases."""
import os

import numpy as real_np
import pytest
from hypothesis import strategies as st

from tests.conformance import ALL, Case, arr, axis_for, dtype_arg, make_tests, shared_dtype, \
    shared_shape

from .programs import close as _close
from .programs import describe as _describe
from .programs import steps as _steps

# TF_MATH_EXAMPLES=40 for a deeper (slow) run over the dtypes
FEW = {"max_examples": int(os.environ.get("TF_MATH_EXAMPLES", 4))}
V = (2, 3)
TOL = {"float16": 2e-3, "bfloat16": 2e-2, "float32": 2e-5, "complex64": 2e-5}
LOOSE = {"float16": 5e-3, "bfloat16": 3e-2, "float32": 1e-4, "float64": 1e-10,
         "complex64": 1e-4}


def two(key, x=None, y=None, dtypes=ALL):
    """Two arrays of one drawn dtype, shapes (2, 3) and (3,); ``x``/``y``: value bounds."""
    return (arr(shared_dtype(dtypes, key), V, **(x or {})),
            arr(shared_dtype(dtypes, key), (3,), **(y or {})))


POS = dict(min_value=1, max_value=9)
SMALL = dict(min_value=-20, max_value=20)
DIVISOR = dict(min_value=1, max_value=7)
BINARY = {
    "math.atan2": {}, "math.squared_difference": {}, "math.xdivy": {"y": POS},
    "math.xlogy": {"y": POS}, "math.xlog1py": {"y": dict(min_value=0, max_value=9)},
    "math.divide_no_nan": {}, "math.multiply_no_nan": {},
    "truncatediv": {"x": SMALL, "y": DIVISOR}, "truncatemod": {"x": SMALL, "y": DIVISOR},
    "realdiv": {"y": DIVISOR}, "math.nextafter": {},
    "math.igamma": {"x": dict(min_value=1, max_value=5), "y": dict(min_value=0, max_value=5)},
    "math.igammac": {"x": dict(min_value=1, max_value=5),
                     "y": dict(min_value=0, max_value=5)},
    "math.zeta": {"x": dict(min_value=2, max_value=5), "y": dict(min_value=1, max_value=5)},
    "math.polygamma": {"x": dict(elements=st.integers(0, 1)), "y": dict(min_value=1,
                                                                           max_value=5)},
    "math.logical_and": {}, "math.logical_or": {}, "math.logical_xor": {}, "complex": {},
}
UNIT = dict(min_value=-1, max_value=1)
UNARY = {"erfinv": UNIT, "erfcinv": dict(min_value=0, max_value=2),
         "ndtri": dict(min_value=0, max_value=1), "bessel_i0": {}, "bessel_i0e": {},
         "bessel_i1": {}, "bessel_i1e": {}, "reciprocal_no_nan": {}, "angle": {}, "real": {},
         "imag": {}, "conj": {}, "abs": {}, "logical_not": {}}
X = shared_shape("x", min_dims=1, max_dims=2, max_side=3)
REDUCE = ("reduce_logsumexp", "reduce_std", "reduce_variance", "reduce_euclidean_norm")
SEG = real_np.array([0, 2, 2], dtype=real_np.int32)
USEG = real_np.array([0, 2, -1], dtype=real_np.int64)


def pair_list(key, shape=(3,), **kw):
    return st.tuples(arr(shared_dtype(ALL, key), shape, **kw),
                     arr(shared_dtype(ALL, key), shape, **kw)).map(list)


ROWS = (
    [Case(f"tf.{n}", args=two(n, **k), settings=FEW, rtol=LOOSE) for n, k in BINARY.items()]
    + [Case(f"tf.math.{n}", args=(arr(ALL, (4,), **k),), settings=FEW, rtol=TOL)
       for n, k in UNARY.items()]
    + [Case("tf.math.lbeta", args=(arr(ALL, V, **POS),), settings=FEW, rtol=LOOSE),
       Case("tf.math.betainc", args=(arr(shared_dtype(ALL, "bi"), (3,), **POS),
                                     arr(shared_dtype(ALL, "bi"), (3,), **POS),
                                     arr(shared_dtype(ALL, "bi"), (3,), min_value=0,
                                         max_value=1)), settings=FEW, rtol=LOOSE),
       Case("tf.math.scalar_mul", args=(arr(shared_dtype(ALL, "sm"), ()),
                                        arr(shared_dtype(ALL, "sm"), V)), settings=FEW)]
    + [Case(f"tf.math.{n}", args=(arr(ALL, X),), settings=FEW, rtol=LOOSE,
            kwargs={"axis": axis_for(X), "keepdims": st.booleans()}) for n in REDUCE]
    + [Case("tf.math.count_nonzero", args=(arr(ALL, X),), settings=FEW,
            kwargs={"axis": axis_for(X), "dtype": dtype_arg(("int32", "int64", "float32"))}),
       Case("tf.math.zero_fraction", args=(arr(ALL, V, min_value=0, max_value=2),),
            settings=FEW)]
    + [Case(f"tf.math.{n}", args=(arr(ALL, V, min_value=-3, max_value=3),), settings=FEW,
            rtol=LOOSE, kwargs={"axis": st.sampled_from([0, 1, -1]),
                                "exclusive": st.booleans(), "reverse": st.booleans()})
       for n in ("cumsum", "cumprod", "cumulative_logsumexp")]
    + [Case("tf.math.add_n", args=(pair_list("an"),), settings=FEW),
       Case("tf.math.accumulate_n", args=(pair_list("acc"),), settings=FEW)]
    + [Case(f"tf.math.segment_{n}", args=(arr(ALL, (3, 2)), SEG), settings=FEW)
       for n in ("sum", "mean", "max", "min", "prod")]
    + [Case(f"tf.math.unsorted_segment_{n}", args=(arr(ALL, (3, 2)), USEG, 4), settings=FEW)
       for n in ("sum", "mean", "max", "min", "prod", "sqrt_n")]
    + [Case("tf.math.bincount", args=(arr(ALL, (5,), min_value=0, max_value=5),), settings=FEW,
            kwargs={"minlength": st.sampled_from([None, 8]),
                    "dtype": dtype_arg(("int32", "int64", "float32", "int8"))}),
       Case("tf.math.confusion_matrix", args=two("cm", dict(min_value=0, max_value=3),
                                                 dict(min_value=0, max_value=3)),
            settings=FEW, kwargs={"num_classes": st.sampled_from([None, 5])}),
       Case("tf.math.invert_permutation", args=(arr(ALL, (3,), min_value=0, max_value=2,
                                                    unique=True),), settings=FEW),
       Case("tf.math.is_non_decreasing", args=(arr(ALL, (3,), min_value=0, max_value=2),),
            settings=FEW),
       Case("tf.math.is_strictly_increasing", args=(arr(ALL, (3,), min_value=0, max_value=4),),
            settings=FEW),
       Case("tf.math.polyval", args=(st.tuples(arr(shared_dtype(ALL, "pv"), ()),
                                               arr(shared_dtype(ALL, "pv"), (3,))).map(list),
                                     arr(shared_dtype(ALL, "pv"), (3,), min_value=-3,
                                         max_value=3)), settings=FEW),
       Case("tf.clip_by_value", args=(arr(shared_dtype(ALL, "cv"), V),
                                      arr(shared_dtype(ALL, "cv"), ()),
                                      arr(shared_dtype(ALL, "cv"), (3,))), settings=FEW),
       Case("tf.clip_by_norm", args=(arr(ALL, V), st.sampled_from([1.0, 100.0])),
            kwargs={"axes": st.sampled_from([None, 0, [1]])}, settings=FEW, rtol=LOOSE),
       Case("tf.clip_by_global_norm", args=(pair_list("gn", V), st.sampled_from([1.0, 100.0])),
            settings=FEW, rtol=LOOSE),
       Case("tf.saturate_cast", args=(arr(ALL, V, min_value=-300, max_value=300),
                                      dtype_arg(ALL)), settings=FEW),
       Case("tf.histogram_fixed_width", args=(arr(ALL, (6,), min_value=-2, max_value=8),
                                              [0, 5]), kwargs={"nbins": 5}, settings=FEW),
       Case("tf.histogram_fixed_width_bins", args=(arr(ALL, (6,), min_value=-2, max_value=8),
                                                   [0.0, 5.0]), kwargs={"nbins": 5},
            settings=FEW),
       Case("tf.bitcast", args=(arr(ALL, (2, 4)), dtype_arg(ALL)), settings=FEW)]
)
test_math = make_tests(ROWS)

# names TensorFlow exports at the top level as well as in tf.math (and tf.nn.zero_fraction)
TOP = ("acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "cosh", "sinh", "cumsum",
       "add_n", "logical_and", "logical_not", "logical_or", "realdiv", "reduce_logsumexp",
       "scalar_mul", "truncatediv", "truncatemod", "complex", "saturate_cast", "clip_by_value",
       "clip_by_norm", "clip_by_global_norm", "histogram_fixed_width",
       "histogram_fixed_width_bins", "bitcast", "abs", "round", "sign")


def exports(tf):
    return _steps(tf, lambda: sorted(n for n in TOP if hasattr(tf, n)),
                  lambda: sorted(n for n in TOP if hasattr(tf.math, n)),
                  lambda: hasattr(tf.nn, "zero_fraction"))


def elementwise(tf):
    c = tf.constant
    f = c([1.0, 2.0])
    return _steps(
        tf, lambda: tf.math.divide_no_nan(c([1, 2]), c([0, 4])),
        lambda: tf.math.divide_no_nan(f, c([1.0], tf.float64)),
        lambda: tf.math.divide_no_nan(c([True]), c([True])),
        lambda: tf.math.xlogy(c([0.0, 1.0]), c([0.0, 2.0])),
        lambda: tf.math.multiply_no_nan(c([real_np.inf, 2.0]), c([0.0, 3.0])),
        lambda: tf.truncatediv(c([-7, 7]), c([2, -2])),
        lambda: tf.truncatediv(c([1]), c([0])), lambda: tf.truncatemod(c([-7, 7]), c([2, -2])),
        lambda: tf.truncatemod(c([1]), c([0])), lambda: tf.math.atan2(f, c([1.0], tf.float64)),
        lambda: tf.math.atan2(f, 2), lambda: tf.math.logical_and(1, c([True])),
        lambda: tf.logical_and(True, c([True, False])),
        lambda: tf.math.polygamma(c([0.0, 1.0, 2.0, 1.5, -1.0]), c([2.0] * 5)),
        lambda: tf.math.igamma(c([1.0, 2.0, 0.0]), c([-1.0, 0.0, 0.0])),
        lambda: tf.math.angle(c([-1.0, 1.0, -0.0])), lambda: tf.math.imag(c([True])),
        lambda: tf.math.conj(1 + 2j),
        lambda: tf.complex(f, c([1.0], tf.float64)), lambda: tf.complex(1.0, 2.0),
        lambda: tf.complex(1, 2), lambda: tf.math.scalar_mul(2, f),
        lambda: tf.math.scalar_mul(2.5, c([1, 2])), lambda: tf.math.scalar_mul(c([2.0]), f),
        lambda: tf.math.scalar_mul(c(2), f), lambda: tf.math.lbeta(tf.zeros((2, 0))),
        lambda: tf.math.lbeta(c(2.0)), lambda: tf.math.erfcinv(c([1])),
        lambda: tf.math.reciprocal_no_nan(c([0.0, 2.0])))


def scans_and_reductions(tf):
    c = tf.constant
    x = c([[1, 2, 3], [4, 5, 6]])
    return _steps(
        tf, lambda: tf.cumsum(x, axis=2), lambda: tf.cumsum(x, axis=c(1)),
        lambda: tf.cumsum(x, axis=1.0), lambda: tf.cumsum(c(3)),
        lambda: tf.cumsum(c([200, 100], tf.uint8)),
        lambda: tf.math.cumulative_logsumexp(c([0.0, 1.0]), exclusive=True, reverse=True),
        lambda: tf.reduce_logsumexp(c([[0.0, -real_np.inf], [-real_np.inf, -real_np.inf]]), 1),
        lambda: tf.math.reduce_std(c([1 + 1j, 2.0, 3.0]), keepdims=True),
        lambda: tf.math.reduce_variance(c([1])),
        lambda: tf.math.reduce_euclidean_norm(c([200, 200], tf.uint8)),
        lambda: tf.math.count_nonzero(c([0.0, 1.0]), axis=1), lambda: tf.math.zero_fraction(
            tf.zeros((0,))), lambda: tf.add_n([]), lambda: tf.add_n([c([1.0]), c([1.0, 2.0])]),
        lambda: tf.add_n([c([1.0, 2.0]), [3, 4]]), lambda: tf.add_n([[1, 2], [3, 4]]),
        lambda: tf.add_n(c([1, 2])), lambda: tf.add_n([c([True])]),
        lambda: tf.math.accumulate_n([c([1.0, 2.0]), c(1.0)]),
        lambda: tf.math.accumulate_n([c([1.0])], shape=(2,)),
        lambda: tf.math.accumulate_n([c([1.0])], tensor_dtype=tf.float64),
        lambda: tf.math.accumulate_n([c([1.0]), c([1])]))


def segments_and_counts(tf):
    c = tf.constant
    d = c([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    return _steps(
        tf, lambda: tf.math.segment_sum(d, [1, 0, 0]), lambda: tf.math.segment_sum(d, [-1, 0, 0]),
        lambda: tf.math.segment_sum(d, [0, 0]), lambda: tf.math.segment_sum(d, [[0, 0, 1]]),
        lambda: tf.math.segment_mean(c([-3, 0]), [0, 0]),
        lambda: tf.math.segment_sum(d, c([0, 0, 1], tf.int16)),
        lambda: tf.math.unsorted_segment_sum(d, [0, 5, 0], 2),
        lambda: tf.math.unsorted_segment_sum(d, [[0, 1], [1, 0], [0, 0]], 2),
        lambda: tf.math.unsorted_segment_sum(d, [0, 1], 2),
        lambda: tf.math.unsorted_segment_sum(d, c([0, 1, 1], tf.int8), 2),
        lambda: tf.math.unsorted_segment_sum(d, [0, 1, 1], -1),
        lambda: tf.math.bincount(c([1.7, 1.0, 3.0])),
        lambda: tf.math.bincount(tf.zeros((0,), tf.int32)),
        lambda: tf.math.bincount(c([1, 5]), minlength=4, maxlength=3),
        lambda: tf.math.bincount(c([-1, 1])),
        lambda: tf.math.bincount(c([1, 1, 3]), weights=c([0.5, 0.25, 1.0])),
        lambda: tf.math.bincount(c([1, 1]), weights=c([1.0], tf.float16)),
        lambda: tf.math.bincount(c([1]), weights=c([1.0]), binary_output=True),
        lambda: tf.math.bincount(c([[1, 1], [0, 2]]), weights=c([[1.0, 2.0], [3.0, 4.0]]),
                                 axis=-1),
        lambda: tf.math.bincount(c([[1, 1], [0, 2]]), axis=1),
        lambda: tf.math.bincount(c([1, 1, 3]), weights=c([0.5, 0.25])),
        lambda: tf.math.confusion_matrix([1, 2], [2, 2], num_classes=2),
        lambda: tf.math.confusion_matrix([-1, 2], [2, 2]),
        lambda: tf.math.confusion_matrix([1, 2], [2, 2], weights=[0.5, 2.0], dtype=tf.float32),
        lambda: tf.math.confusion_matrix(c([1.7, 2.0]), c([2.0, 2.0])),
        lambda: tf.math.confusion_matrix([1, 2], [2, 2, 1]),
        lambda: tf.math.invert_permutation(c([2, 2, 1])),
        lambda: tf.math.invert_permutation(c([[0]])),
        lambda: tf.math.is_non_decreasing(c([[1, 2], [1, 3]])),
        lambda: tf.math.is_non_decreasing(c([], tf.float32)),
        lambda: tf.math.polyval([1, 2], 3), lambda: tf.math.polyval([], c([1.0, 2.0])),
        lambda: tf.math.polyval([c([1.0, 2.0]), c(3.0)], c([[1.0], [2.0]])),
        lambda: tf.math.polyval([1.0, 2.0], c([1, 2])), lambda: tf.math.polyval(c([1.0]), 2.0),
        lambda: tf.math.polyval([c([1.0, 2.0])], c([[1.0]])))


def clipping(tf):
    c = tf.constant
    x = c([[1.0, 5.0], [-3.0, 2.0]])
    v = c([-1.0, 0.0, 1.5, 2.0, 5.0, 6.0])
    return _steps(
        tf, lambda: tf.clip_by_value(x, 3.0, 0.0),
        lambda: tf.clip_by_value(c([1.0, 2.0]), c([[0.0], [1.0]]), 3.0),
        lambda: tf.clip_by_value(c([1, 5]), 2.5, 3), lambda: tf.clip_by_value(x, c(0), 3.0),
        lambda: tf.clip_by_value(c([real_np.nan, 1.0]), 0.0, 3.0),
        lambda: tf.clip_by_norm(x, -2.0), lambda: tf.clip_by_norm(x, c([2.0, 1.0])),
        lambda: tf.clip_by_norm(x, c(2.0, tf.float64)), lambda: tf.clip_by_norm(c([3, 4]), 2),
        lambda: tf.clip_by_norm(x, 2.0, axes=[2]),
        lambda: tf.clip_by_global_norm([x, None], 2.0),
        lambda: tf.clip_by_global_norm([x], 2.0, use_norm=c(10.0)),
        lambda: tf.clip_by_global_norm(x, 2.0),
        lambda: tf.clip_by_global_norm([x, c([3.0], tf.float64)], 2.0),
        lambda: tf.clip_by_global_norm([c([real_np.inf, 4.0])], 2.0),
        lambda: tf.clip_by_global_norm([], 2.0), lambda: tf.clip_by_global_norm([[3.0, 4.0]], 2),
        lambda: tf.saturate_cast(c([-300.0, 1.7, 300.0, real_np.nan]), tf.int8),
        lambda: tf.saturate_cast(c([1 + 2j]), tf.float32),
        lambda: tf.saturate_cast(c([3], tf.uint32), tf.int8),
        lambda: tf.saturate_cast(c([1]), tf.bool),
        lambda: tf.saturate_cast(c([1e10], tf.float64), tf.float16),
        lambda: tf.histogram_fixed_width(v, [0.0, 5.0], nbins=5, dtype=tf.int64),
        lambda: tf.histogram_fixed_width(v, [0.0, 5.0], nbins=5, dtype=tf.float32),
        lambda: tf.histogram_fixed_width(v, [5.0, 0.0], nbins=5),
        lambda: tf.histogram_fixed_width(v, [0.0, 5.0], nbins=0),
        lambda: tf.histogram_fixed_width(v, c([0.0, 5.0], tf.float64), nbins=5),
        lambda: tf.histogram_fixed_width(c([real_np.nan, 1.0]), [0.0, 5.0], nbins=2),
        lambda: tf.histogram_fixed_width(v, [0.0, 5.0, 6.0], nbins=2),
        lambda: tf.histogram_fixed_width(c([1]), [0.0, 5.0], nbins=5),
        lambda: tf.histogram_fixed_width_bins(v, [5.0, 0.0], nbins=5),
        lambda: tf.histogram_fixed_width_bins(c([[1.0, 2.0], [3.0, 4.0]]), [0.0, 5.0], nbins=2),
        lambda: tf.bitcast(c([1.0, -2.0]), tf.uint8), lambda: tf.bitcast(c([1, 2, 3]), tf.int64),
        lambda: tf.bitcast(c([1.0, 2.0]), tf.complex64), lambda: tf.bitcast(c([1], tf.int8),
                                                                            tf.bool),
        lambda: tf.bitcast(c(1), tf.int64), lambda: tf.bitcast(c(1), tf.int16))


@pytest.mark.parametrize("program", [exports, elementwise, scans_and_reductions,
                                     segments_and_counts, clipping], ids=lambda p: p.__name__)
def test_math_programs(program, backend, ours, real):
    _close(program(ours), program(real))
