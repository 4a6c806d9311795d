"""jax.nn activations, softmax family, one_hot and dot_product_attention vs real JAX (x64 on)."""
import numpy as np
import pytest
from hypothesis import strategies as st

import ivy
from tests.conformance import Case, arr, axis_for, make_tests, optional

# few distinct shapes: real JAX compiles once per (shape, dtype)
X = st.shared(st.sampled_from([(), (4,), (2, 3)]), key="jax-x")
X1 = st.shared(st.sampled_from([(4,), (2, 3)]), key="jax-x1")
FAST = {"max_examples": 3}
# dtype families by JAX's result rule (see ivy/frontends/jax/nn/__init__.py)
MIXED = ("bool", "int8", "float32")
FLOATS = ("float32", "float64")
HALF = {"float16": 2e-3, "bfloat16": 2e-2}
SMALL = {"min_value": -10, "max_value": 10}


def act(name, dtypes=MIXED, values=None, **kw):
    return Case(f"jax.nn.{name}", args=(arr(dtypes, X, **(values or {})),), **kw)


_ROWS = [
    act("relu"), act("relu6"), act("identity"), act("hard_tanh"),
    act("sigmoid", ("int32", "float16", "float32", "float64"), rtol=HALF),
    act("silu", ("int8", "float32", "float64")), act("swish", FLOATS, settings=FAST),
    act("softplus", ("bool", "int8", "int64", "float32")), act("soft_sign"),
    act("mish", rtol={"float32": 1e-5}),
    act("log_sigmoid"), act("log1mexp", ("int32", "float32", "float64"), {"min_value": 1}),
    act("tanh", ("bool", "int8", "float32")),
    act("sparse_plus"), act("sparse_sigmoid"), act("hard_sigmoid"), act("hard_silu"),
    act("hard_swish", ("int8", "float32"), settings=FAST), act("selu"),
    act("gelu", ("bool", "int8", "int64", "float32", "float64", "bfloat16"), rtol=HALF),
    Case("jax.nn.gelu", args=(arr(("int32", "float32", "float64"), X),),
         kwargs={"approximate": False}, id="jax.nn.gelu-exact", rtol={"float32": 1e-5}),
    Case("jax.nn.leaky_relu", args=(arr(MIXED, X),),
         kwargs={"negative_slope": optional(st.sampled_from([0.2, 1.5]))}),
    Case("jax.nn.elu", args=(arr(MIXED, X),), kwargs={"alpha": optional(st.sampled_from(
        [0.5, 2.0]))}),
    Case("jax.nn.celu", args=(arr(MIXED, X),), kwargs={"alpha": optional(st.sampled_from(
        [0.5, 2.0]))}),
    # small ints: real JAX squares int8 in int8 (144 wraps negative and gives NaN); not mirrored
    Case("jax.nn.squareplus", args=(arr(("int8", "float32", "float64"), X, **SMALL),),
         kwargs={"b": optional(st.sampled_from([1, 2.5]))}),
    Case("jax.nn.squareplus", args=(arr("bool", X),), kwargs={"b": optional(st.just(2.5))},
         id="jax.nn.squareplus-bool", settings={"max_examples": 4}),
    Case("jax.nn.glu", args=(arr(("int32", "float32", "float64"), (2, 4)),),
         kwargs={"axis": st.sampled_from([0, 1, -1])}),
    # small ints: real JAX subtracts the max in int8 (wrapping), not mirrored
    Case("jax.nn.softmax", args=(arr(("bool", "int8", "float32", "float64"), X, **SMALL),),
         kwargs={"axis": optional(axis_for(X, tuples=True))}),
    Case("jax.nn.softmax", args=(arr("float64", (2, 3)),),
         kwargs={"where": np.array([True, False, True])}, id="jax.nn.softmax-where",
         settings=FAST),
    Case("jax.nn.log_softmax", args=(arr(("int32", "float32", "float64"), X1),),
         kwargs={"axis": optional(axis_for(X1))}),
    Case("jax.nn.log_softmax", args=(arr("float32", (2, 3)),),
         kwargs={"where": np.array([True, True, False])}, id="jax.nn.log_softmax-where",
         settings=FAST),
    Case("jax.nn.logsumexp", args=(arr(("bool", "int32", "float32", "float64"), X),),
         kwargs={"axis": optional(axis_for(X, tuples=True)), "keepdims": optional(st.booleans())}),
    Case("jax.nn.logsumexp", args=(arr("float64", (2, 3)),),
         kwargs={"axis": 1, "b": arr(("float32", "float64"), (3,)),
                 "return_sign": st.booleans()}, id="jax.nn.logsumexp-b", settings=FAST),
    Case("jax.nn.logmeanexp", args=(arr(("int8", "float32"), X),),
         kwargs={"axis": optional(axis_for(X))}, settings=FAST),
    # float32 with the default "fast" algorithm: E[x^2] - E[x]^2 cancels, and the rounding noise
    # (1/sqrt(epsilon) amplified) depends on the summation order; float32 runs "stable" below
    Case("jax.nn.standardize", args=(arr(("int32", "float64"), X1),),
         kwargs={"axis": optional(axis_for(X1))}, rtol={"float32": 1e-3, "float64": 1e-9},
         atol={"float32": 1e-4, "float64": 1e-9}),
    Case("jax.nn.standardize", args=(arr("float32", (2, 3)),),
         kwargs={"axis": 0, "algorithm": "stable"}, id="jax.nn.standardize-stable",
         rtol={"float32": 1e-3}, atol={"float32": 1e-4}, settings=FAST),
    Case("jax.nn.standardize", args=(arr("float64", (2, 3)),),
         kwargs={"axis": 1, "mean": arr("float64", (2, 1)),
                 "variance": arr("float64", (2, 1), min_value=0.5, max_value=3)},
         id="jax.nn.standardize-given", settings=FAST),
    Case("jax.nn.one_hot", args=(arr(("int32", "int64", "float32"), X, min_value=-1,
                                     max_value=4), 4),
         kwargs={"dtype": optional(st.sampled_from([np.float32, np.int8, np.bool_]))}),
    Case("jax.nn.one_hot", args=(arr("int64", (2, 3), min_value=0, max_value=2), 3),
         kwargs={"axis": st.sampled_from([0, 1, -2])}, id="jax.nn.one_hot-axis",
         settings=FAST),
    Case("jax.nn.dot_product_attention",
         args=(arr("float32", (2, 3, 2, 4)), arr("float32", (2, 5, 2, 4)),
               arr("float32", (2, 5, 2, 4))),
         kwargs={"scale": optional(st.just(0.3))}, rtol={"float32": 1e-4},
         atol={"float32": 1e-5}),
    Case("jax.nn.dot_product_attention",
         args=(arr("float64", (3, 4, 4)), arr("float64", (3, 2, 4)), arr("float64", (3, 2, 4))),
         kwargs={"is_causal": st.booleans(), "bias": optional(arr("float64", (4, 3, 3))),
                 "mask": optional(arr("bool", (3, 3)))},
         id="jax.nn.dot_product_attention-masks", settings=FAST,
         rtol={"float64": 1e-5}, atol={"float64": 1e-6}),
]
for _row in _ROWS:   # CI budget: real JAX compiles once per (shape, dtype), keep rows short
    _row.settings = _row.settings or {"max_examples": 4}
test_nn = make_tests(_ROWS)


@pytest.fixture(scope="module")
def fnn():
    from ivy.frontends import jax
    return jax


def test_weak_types(backend, fnn):
    """JAX's constants make integer input to relu6/elu/... a *weak* float64; gelu is strong."""
    jnp = fnn.numpy
    with ivy.using_backend(backend):
        x = jnp.ones((2,), dtype="int8")
        assert (fnn.nn.relu6(x).dtype, fnn.nn.relu6(x).weak_type) == (np.dtype("float64"), True)
        assert (fnn.nn.softplus(x).dtype, fnn.nn.softplus(x).weak_type) == (
            np.dtype("float32"), False)
        w = jnp.asarray(1.0)
        assert fnn.nn.sigmoid(w).weak_type and not fnn.nn.gelu(w).weak_type
        assert fnn.nn.relu(jnp.ones((2,), dtype=bool)).weak_type


def test_errors_and_gaps(backend, fnn):
    jnp = fnn.numpy
    with ivy.using_backend(backend):
        with pytest.raises(TypeError):
            fnn.nn.sigmoid(jnp.ones((2,), dtype="int32"))
        with pytest.raises(TypeError):
            fnn.nn.softmax(jnp.ones((2,), dtype=bool))
        q = jnp.ones((1, 2, 2, 4), dtype="float32")
        with pytest.raises(ValueError):
            fnn.nn.dot_product_attention(q, q, jnp.ones((1, 2, 2, 4)))
        with pytest.raises(NotImplementedError):
            fnn.nn.scaled_matmul(q, q, q, q)


def test_attention_seq_lengths_and_window(backend, fnn):
    """query/key_value_seq_lengths and local_window_size against real JAX (the row form cannot
    pass int32 arrays as keywords next to float64 operands)."""
    import jax
    import jax.numpy as rjnp
    rng = np.random.default_rng(0)
    q, k, v = (rng.standard_normal((2, 4, 2, 3)) for _ in range(3))
    kw = dict(query_seq_lengths=np.array([4, 2], np.int32),
              key_value_seq_lengths=np.array([3, 4], np.int32), local_window_size=(1, 1))
    with jax.enable_x64(True):
        want = np.asarray(jax.nn.dot_product_attention(
            *(rjnp.asarray(t) for t in (q, k, v)),
            **{n: rjnp.asarray(t) if isinstance(t, np.ndarray) else t for n, t in kw.items()}))
    with ivy.using_backend(backend):
        jnp = fnn.numpy
        got = fnn.nn.dot_product_attention(
            *(jnp.asarray(t) for t in (q, k, v)),
            **{n: jnp.asarray(t) if isinstance(t, np.ndarray) else t for n, t in kw.items()})
        # JAX takes the softmax in float32 (its exp is approximate): float32 tolerance
        np.testing.assert_allclose(np.asarray(got), want, rtol=1e-5, atol=1e-6)
