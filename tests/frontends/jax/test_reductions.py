"""jnp reductions and statistics (and the matching jax.Array methods) vs real JAX (x64 on)."""
import numpy as np
import pytest
from hypothesis import strategies as st

import ivy
from tests.conformance import Case, arr, axis_for, make_tests, optional

# few distinct shapes: real JAX compiles once per (shape, dtype)
X = st.shared(st.sampled_from([(), (4,), (2, 3)]), key="jax-x")
X1 = st.shared(st.sampled_from([(4,), (2, 3)]), key="jax-x1")
M = st.shared(st.sampled_from([(2, 3), (3, 2)]), key="jax-m")
SUM_D = ("bool", "uint8", "int8", "float32", "complex64")
REAL_D = ("bool", "int8", "int32", "int64", "float32", "float64")
F = ("float32", "float64")
FAST = {"max_examples": 3}
AX = axis_for(X, tuples=True)
KD = optional(st.booleans())
WHERE = arr("bool", X)
WITH_NAN = st.one_of(st.floats(-10, 10), st.just(float("nan")))

_ROWS = [
    Case("jnp.sum", args=(arr(SUM_D, X),), kwargs={"axis": AX, "keepdims": KD}),
    Case("jnp.sum", args=(arr(("bool", "int8", "float32"), X),),
         kwargs={"promote_integers": st.booleans(), "initial": optional(st.integers(-3, 3)),
                 "where": optional(WHERE), "dtype": optional(st.sampled_from(
                     ["int16", "float64"]))}, id="jnp.sum-options", settings=FAST),
    Case("jnp.prod", args=(arr(("bool", "uint8", "int32", "float64"), X, min_value=-3,
                               max_value=3),),
         kwargs={"axis": AX, "keepdims": KD, "where": optional(WHERE)}),
    Case("jnp.mean", args=(arr(REAL_D, X),), kwargs={"axis": AX, "keepdims": KD,
                                                     "where": optional(WHERE)}),
    Case("jnp.var", args=(arr(("int8", "float32", "float64", "complex64"), X),),
         kwargs={"axis": AX, "ddof": optional(st.integers(0, 1)), "keepdims": KD}),
    Case("jnp.std", args=(arr(("int32", "float64"), X),),
         kwargs={"axis": AX, "correction": optional(st.sampled_from([0, 1, 0.5])),
                 "where": optional(WHERE)}, settings=FAST),
    Case("jnp.max", args=(arr(REAL_D, X),), kwargs={"axis": AX, "keepdims": KD}),
    Case("jnp.min", args=(arr(REAL_D, X),),
         kwargs={"axis": AX, "initial": st.integers(-5, 5), "where": optional(WHERE)},
         settings=FAST),
    Case("jnp.amax", args=(arr("int8", X),), kwargs={"axis": AX}, settings=FAST),
    Case("jnp.amin", args=(arr("float32", (0, 3)),), kwargs={"axis": st.sampled_from([0, 1])},
         settings=FAST),
    Case("jnp.argmax", args=(arr(REAL_D, X1),),
         kwargs={"axis": axis_for(X1), "keepdims": KD}),
    Case("jnp.argmin", args=(arr(("float32", "complex64"), X1, edge=True),),
         kwargs={"axis": axis_for(X1)}, settings=FAST),
    Case("jnp.all", args=(arr(("bool", "int8", "float32"), X, min_value=0, max_value=1),),
         kwargs={"axis": AX, "keepdims": KD, "where": optional(WHERE)}),
    Case("jnp.any", args=(arr(("bool", "float64"), X, min_value=0, max_value=1),),
         kwargs={"axis": AX}),
    Case("jnp.ptp", args=(arr(("bool", "uint8", "float32"), X),), kwargs={"axis": AX}),
    Case("jnp.count_nonzero", args=(arr(("int8", "float32"), X, min_value=0, max_value=1),),
         kwargs={"axis": AX, "keepdims": KD}),
    Case("jnp.cumsum", args=(arr(("bool", "int8", "float32"), X),),
         kwargs={"axis": axis_for(X), "dtype": optional(st.sampled_from(["int16", "float64"]))}),
    Case("jnp.cumprod", args=(arr(("uint8", "float64"), X, min_value=-2, max_value=2),),
         kwargs={"axis": axis_for(X)}),
    Case("jnp.cumulative_sum", args=(arr(("bool", "uint8", "int8", "float32"), X),),
         kwargs={"axis": axis_for(X), "include_initial": optional(st.booleans())}),
    Case("jnp.cumulative_prod", args=(arr(("bool", "int8", "float64"), X1, min_value=-2,
                                          max_value=2),),
         kwargs={"axis": axis_for(X1, none=False), "include_initial": optional(st.booleans())},
         settings=FAST),
    Case("jnp.nansum", args=(arr(("int8", "float32"), X, edge=True),), kwargs={"axis": AX},
         match_errors=False),
    Case("jnp.nanprod", args=(arr("float64", X, edge=True, min_value=-2, max_value=2),),
         kwargs={"axis": AX}, settings=FAST),
    Case("jnp.nanmax", args=(arr(("int8", "float32"), X, edge=True),), kwargs={"axis": AX}),
    Case("jnp.nanmin", args=(arr("float64", X, edge=True),), kwargs={"axis": AX},
         settings=FAST),
    Case("jnp.nanargmax", args=(arr(("float32", "int32"), X1, edge=True),),
         kwargs={"axis": axis_for(X1)}),
    Case("jnp.nanargmin", args=(arr("float64", X1, edge=True),), kwargs={"axis": axis_for(X1)},
         settings=FAST),
    Case("jnp.nanmean", args=(arr(("int32", "float32"), X, edge=True),), kwargs={"axis": AX},
         match_errors=False),
    Case("jnp.nanvar", args=(arr("float64", X, edge=True, min_value=-5, max_value=5),),
         kwargs={"axis": AX, "ddof": optional(st.integers(0, 1))}, settings=FAST,
         match_errors=False),
    Case("jnp.nanstd", args=(arr("float32", X),), kwargs={"axis": AX}, settings=FAST),
    Case("jnp.nancumsum", args=(arr(("int8", "float32"), X, edge=True),),
         kwargs={"axis": axis_for(X)}, match_errors=False, settings=FAST),
    Case("jnp.nancumprod", args=(arr("float64", X, min_value=-2, max_value=2),),
         kwargs={"axis": axis_for(X)}, settings=FAST),
    Case("jnp.median", args=(arr(("int32", "float32"), X),),
         kwargs={"axis": axis_for(X), "keepdims": KD}),
    Case("jnp.nanmedian", args=(arr("float64", X, edge=True),), kwargs={"axis": axis_for(X)},
         settings=FAST, match_errors=False),
    Case("jnp.quantile", args=(arr(("int8", "float32"), X1),
                               st.sampled_from([0.0, 0.3, 0.5, 1.0])),
         kwargs={"axis": axis_for(X1), "method": st.sampled_from(
             ["linear", "lower", "higher", "midpoint", "nearest"]), "keepdims": KD},
         settings={"max_examples": 8}),
    Case("jnp.percentile", args=(arr("float64", X1), arr("float64", (2,), min_value=0,
                                                         max_value=100)),
         kwargs={"axis": axis_for(X1)}, settings=FAST),
    Case("jnp.nanquantile", args=(arr("float32", X1), 0.25), settings=FAST),
    # NaNs but no infinities: the core's interpolation gives inf - inf = NaN between two infs
    Case("jnp.nanpercentile", args=(arr("float64", X1, elements=WITH_NAN), 75.0),
         kwargs={"axis": axis_for(X1)}, settings=FAST, match_errors=False),
    Case("jnp.average", args=(arr(("int8", "float32"), (2, 3)),),
         kwargs={"axis": st.sampled_from([None, 1]), "returned": st.booleans()}),
    Case("jnp.average", args=(arr("float64", (2, 3)), None, arr(("int32", "float32"), (3,),
                                                                 min_value=1, max_value=5)),
         id="jnp.average-weights-no-axis", settings={"max_examples": 2}),
    Case("jnp.average", args=(arr("float32", (2, 3)), 1, arr("float32", (3,), min_value=1,
                                                              max_value=5)),
         kwargs={"returned": st.booleans()}, id="jnp.average-weights", settings=FAST),
    Case("jnp.bincount", args=(arr(("int32", "uint8"), (5,), min_value=0, max_value=6),),
         kwargs={"minlength": optional(st.integers(0, 9)), "length": optional(st.integers(1, 9))},
         settings=FAST),
    Case("jnp.bincount", args=(arr("int64", (5,), min_value=0, max_value=6),
                               arr(("int8", "float32"), (5,))),
         id="jnp.bincount-weights", settings=FAST),
    Case("jnp.histogram", args=(arr(("int32", "float64"), (6,)),),
         kwargs={"bins": st.sampled_from([2, 4]), "density": optional(st.booleans())},
         settings=FAST),
    Case("jnp.histogram", args=(arr("float64", (6,)), np.array([-10.0, -2.5, 0.0, 7.5])),
         kwargs={"weights": arr("float32", (6,))}, id="jnp.histogram-edges", settings=FAST),
    Case("jnp.histogram_bin_edges", args=(arr("float32", (5,)),),
         kwargs={"bins": st.integers(1, 4), "range": optional(st.just((-4.0, 4.0)))},
         settings=FAST),
    Case("jnp.histogram2d", args=(arr("float64", (6,)), arr("float64", (6,))),
         kwargs={"bins": st.sampled_from([2, 3])}, settings=FAST),
    Case("jnp.histogramdd", args=(arr("float64", (6, 2)),), kwargs={"bins": st.integers(2, 3)},
         settings=FAST),
    Case("jnp.digitize", args=(arr(("int32", "float64"), (5,)),
                               np.array([-5.0, -1.0, 0.0, 4.0])),
         kwargs={"right": optional(st.booleans())}),
    Case("jnp.digitize", args=(arr("float32", (5,)), np.array([4.0, 0.0, -1.0, -5.0])),
         kwargs={"right": optional(st.booleans())}, id="jnp.digitize-decreasing",
         settings=FAST),
    Case("jnp.cov", args=(arr(("int32", "float32", "float64"), M),),
         kwargs={"rowvar": optional(st.booleans()), "bias": optional(st.booleans()),
                 "ddof": optional(st.integers(0, 1))}, rtol={"float32": 1e-4}, settings=FAST),
    Case("jnp.cov", args=(arr("float64", (2, 4)),),
         kwargs={"fweights": arr("int64", (4,), min_value=1, max_value=3),
                 "aweights": optional(arr("float64", (4,), min_value=0.5, max_value=2))},
         id="jnp.cov-weights", settings=FAST),
    Case("jnp.corrcoef", args=(arr(("float32", "float64"), (3, 5)),), rtol={"float32": 1e-4}),
    Case("jnp.trace", args=(arr(("bool", "int8", "float32"), (3, 4)),),
         kwargs={"offset": optional(st.integers(-2, 2))}),
    Case("jnp.trace", args=(arr("float64", (2, 3, 3)),), kwargs={"axis1": 1, "axis2": 2},
         id="jnp.trace-axes", settings=FAST),
    # methods
    Case("jax.Array.sum", args=(arr(("int8", "float32"), X),), kwargs={"axis": AX}),
    Case("jax.Array.prod", args=(arr("int32", X, min_value=-3, max_value=3),), settings=FAST),
    Case("jax.Array.mean", args=(arr("int32", X),), kwargs={"axis": AX}, settings=FAST),
    Case("jax.Array.std", args=(arr("float32", X),), kwargs={"ddof": 1}, settings=FAST),
    Case("jax.Array.var", args=(arr("float64", X),), kwargs={"axis": AX}, settings=FAST),
    Case("jax.Array.max", args=(arr("uint8", X),), kwargs={"axis": AX}, settings=FAST),
    Case("jax.Array.min", args=(arr("float32", X),), settings=FAST),
    Case("jax.Array.argmax", args=(arr("int32", X1),), kwargs={"axis": axis_for(X1)},
         settings=FAST),
    Case("jax.Array.argmin", args=(arr("float64", X1),), settings=FAST),
    Case("jax.Array.all", args=(arr("bool", X),), settings=FAST),
    Case("jax.Array.any", args=(arr("int8", X, min_value=0, max_value=1),), settings=FAST),
    Case("jax.Array.ptp", args=(arr("int32", X),), kwargs={"axis": AX}, settings=FAST),
    Case("jax.Array.cumsum", args=(arr("bool", X),), settings=FAST),
    Case("jax.Array.cumprod", args=(arr("int8", X, min_value=-2, max_value=2),),
         settings=FAST),
    Case("jax.Array.trace", args=(arr("int32", (3, 3)),), settings=FAST),
]
for _row in _ROWS:   # CI budget: real JAX compiles once per (shape, dtype), keep rows short
    _row.settings = _row.settings or {"max_examples": 4}
test_reductions = make_tests(_ROWS)


# ---- what the row form cannot express ---------------------------------------------------------

@pytest.fixture(scope="module")
def fjnp():
    import ivy.frontends.jax.numpy as jnp
    return jnp


def test_weak_inputs_give_strong_results(backend, fjnp):
    with ivy.using_backend(backend):
        for fn in ("sum", "prod", "mean", "max", "min", "var", "cumsum", "median"):
            for v in (1, 2.0):
                r = getattr(fjnp, fn)(fjnp.asarray(v))
                assert r.weak_type is False, (fn, v)
        assert fjnp.sum(fjnp.asarray(1)).dtype == np.dtype("int64")
        assert fjnp.mean(fjnp.asarray(1)).dtype == np.dtype("float64")


def test_errors(backend, fjnp):
    with ivy.using_backend(backend):
        x = fjnp.ones((2, 3))
        with pytest.raises(NotImplementedError):
            fjnp.sum(x, out=x)
        with pytest.raises(ValueError):
            fjnp.sum(x, axis=2)
        with pytest.raises(ValueError):
            fjnp.sum(x, axis=(0, 0))
        with pytest.raises(IndexError):
            fjnp.argmax(x, axis=2)
        with pytest.raises(ValueError):
            fjnp.max(x, where=fjnp.ones((2, 3), dtype=bool))
        with pytest.raises(ValueError):
            fjnp.var(x, ddof=1, correction=1)
        with pytest.raises(TypeError):
            fjnp.sum([1, 2])
        with pytest.raises(ValueError):
            fjnp.cumulative_sum(x)
        with pytest.raises(ValueError):
            fjnp.quantile(x, 0.5, method="foo")
        with pytest.raises(TypeError):
            fjnp.bincount(x)
