"""``tf.random`` and ``tf.nn.dropout`` against real TensorFlow 2.21: stateless ops' values bit for
bit (Philox-4x32-10 on the backend), stateful ops' values after ``tf.random.set_seed`` in
programs (op seeds, the per-kernel counters), ``tf.random.Generator``'s values and state, and the
dtype/shape/error rules in rows. Gamma, Poisson and binomial draws follow TensorFlow's
distributions but not its values: rows compare dtypes and shapes, a program their statistics."""
import numpy as real_np
import pytest
from hypothesis import strategies as st

from tests.conformance import Case, arr, dtype_arg, make_tests, optional

from .programs import close as _close
from .programs import describe as _describe
from .programs import steps as _steps

FEW = {"max_examples": 4}
FLOATS = ("float16", "bfloat16", "float32", "float64")
SEED = arr(("int32", "int64"), (2,))
SHAPE = st.sampled_from([(2, 3), (5,), (), (0, 2)])
LOGITS = arr(("float32", "float64"), (2, 3), min_value=-3, max_value=3)

ROWS = [
    Case("tf.random.stateless_uniform", args=(SHAPE, SEED),
         kwargs={"dtype": optional(dtype_arg(FLOATS)), "minval": optional(st.just(-2.0)),
                 "maxval": optional(st.just(3.0))}, settings=FEW),
    Case("tf.random.stateless_uniform", args=((3, 2), SEED),
         kwargs={"dtype": dtype_arg(("int32", "int64")), "minval": st.integers(-9, 0),
                 "maxval": st.sampled_from([1, 7, 1000, 2**31 - 1])}, settings=FEW,
         id="stateless_uniform-int"),
    Case("tf.random.stateless_uniform", args=((3,), SEED),
         kwargs={"dtype": dtype_arg(("int32", "int64", "uint32", "uint64")),
                 "minval": st.none(), "maxval": st.none()}, settings=FEW,
         id="stateless_uniform-full-int"),
    # dtypes without a kernel, one bound only, unsigned with bounds: the Python layer's errors
    Case("tf.random.stateless_uniform", args=((2,), SEED),
         kwargs={"dtype": dtype_arg(("int8", "bool", "complex64", "int32", "uint32")),
                 "maxval": st.sampled_from([None, 5])}, settings=FEW,
         id="stateless_uniform-errors"),
    Case("tf.random.stateless_normal", args=(SHAPE, SEED),
         kwargs={"dtype": optional(dtype_arg(FLOATS)), "mean": optional(st.just(1.5)),
                 "stddev": optional(st.just(2.0))}, settings=FEW),
    Case("tf.random.stateless_truncated_normal", args=(st.sampled_from([(2, 3), (9,)]), SEED),
         kwargs={"dtype": optional(dtype_arg(FLOATS))}, settings=FEW),
    Case("tf.random.stateless_normal", args=((2,), SEED),
         kwargs={"dtype": dtype_arg(("int32", "int64"))}, settings=FEW,
         id="stateless_normal-int"),
    Case("tf.random.stateless_categorical", args=(LOGITS, st.integers(0, 6), SEED),
         kwargs={"dtype": optional(dtype_arg(("int32", "int64", "int16")))}, settings=FEW),
    Case("tf.random.split", args=(SEED,), kwargs={"num": optional(st.integers(1, 4))},
         settings=FEW),
    Case("tf.random.fold_in", args=(SEED, st.integers(0, 100)), settings=FEW),
    Case("tf.random.create_rng_state", args=(st.sampled_from([0, 7, 2**70 + 5, -1, [1, 2]]),
                                             st.sampled_from(["philox", "threefry", 1])),
         settings=FEW),
    Case("tf.random.stateless_gamma", args=((2, 3), SEED, arr("float32", (3,), min_value=0.5)),
         kwargs={"dtype": optional(dtype_arg(("float32", "float64")))}, values=False,
         settings=FEW),
    Case("tf.random.stateless_poisson", args=((2, 3), SEED, arr("float32", (3,), min_value=0.5)),
         kwargs={"dtype": optional(dtype_arg(("int32", "int64", "float32")))}, values=False,
         settings=FEW),
    Case("tf.random.stateless_binomial", args=((2, 3), SEED, st.just(5.0), st.just(0.3)),
         kwargs={"output_dtype": optional(dtype_arg(("int32", "float32")))}, values=False,
         settings=FEW),
    Case("tf.random.stateless_parameterized_truncated_normal", args=((2, 3), SEED),
         kwargs={"minvals": st.just(-1.0), "maxvals": st.just(0.5)}, values=False,
         settings=FEW),
    # stateful ops: values depend on the process's global seed state (see the programs)
    Case("tf.random.uniform", args=(SHAPE,),
         kwargs={"dtype": dtype_arg(FLOATS + ("int32", "int64", "uint32", "int8")),
                 "maxval": optional(st.just(9)), "seed": optional(st.integers(0, 9))},
         values=False, settings=FEW),
    Case("tf.random.normal", args=(SHAPE,),
         kwargs={"dtype": optional(dtype_arg(FLOATS)), "seed": optional(st.integers(0, 9))},
         values=False, settings=FEW),
    Case("tf.random.truncated_normal", args=(SHAPE,),
         kwargs={"dtype": optional(dtype_arg(FLOATS))}, values=False, settings=FEW),
    Case("tf.random.gamma", args=((2,), arr("float32", (3,), min_value=0.5)),
         kwargs={"dtype": optional(dtype_arg(("float32", "float64")))}, values=False,
         settings=FEW),
    Case("tf.random.poisson", args=((2,), arr("float32", (3,), min_value=0.5)),
         kwargs={"dtype": optional(dtype_arg(("int32", "int64", "float64", "bool")))},
         values=False, settings=FEW),
    Case("tf.random.categorical", args=(LOGITS, st.integers(-1, 4)), values=False,
         settings=FEW),
    Case("tf.random.shuffle", args=(arr(("float32", "int32"), st.sampled_from([(4, 2), ()])),),
         values=False, settings=FEW),
    Case("tf.random.uniform_candidate_sampler",
         args=(arr(("int64", "int32"), (2, 2), min_value=0, max_value=9), st.just(2),
               st.integers(1, 4), st.booleans(), st.sampled_from([3, 10])), values=False,
         settings=FEW),
    Case("tf.random.log_uniform_candidate_sampler",
         args=(arr("int64", (2, 2), min_value=0, max_value=9), st.sampled_from([2, 3]),
               st.integers(1, 4), st.booleans(), st.just(10)), values=False, settings=FEW),
    Case("tf.random.all_candidate_sampler",
         args=(arr("int64", (2, 1), min_value=0, max_value=5), st.just(1), st.integers(1, 6),
               st.booleans()), settings=FEW),
    Case("tf.nn.dropout", args=(arr(("float32", "float64", "int32"), (2, 3)),
                                st.sampled_from([0.0, 0.5, 1.0])), values=False, settings=FEW),
]
test_random = make_tests(ROWS)


def seeded_ops(tf):
    """Stateful ops after set_seed: op seeds, global-only seeds, per-kernel counters, dropout."""
    tf.random.set_seed(5)
    lg = tf.math.log(tf.constant([[0.2, 0.3, 0.5], [0.1, 0.1, 0.8]]))
    out = _steps(tf, lambda: tf.random.uniform([3], seed=7), lambda: tf.random.uniform([5], seed=7),
                 lambda: tf.random.uniform([2]), lambda: tf.random.normal([3], seed=7),
                 lambda: tf.random.normal([2], dtype=tf.float64),
                 lambda: tf.random.truncated_normal([6], seed=1),
                 lambda: tf.random.uniform([4], minval=-3, maxval=9, dtype=tf.int32, seed=2),
                 lambda: tf.random.uniform([2], maxval=2**40, dtype=tf.int64),
                 lambda: tf.random.uniform([2, 2], minval=1.0, maxval=4.0, dtype=tf.float16),
                 lambda: tf.random.categorical(lg, 5, seed=4),
                 lambda: tf.random.categorical(lg, 3, seed=4, dtype=tf.int32),
                 lambda: tf.random.shuffle(tf.range(9), seed=4),
                 lambda: tf.random.shuffle(tf.constant([[0, 1], [2, 3], [4, 5]]), seed=4),
                 lambda: tf.nn.dropout(tf.ones([2, 4]), 0.5, seed=3),
                 lambda: tf.nn.dropout(tf.ones([2, 4]), 0.25, noise_shape=[1, 4], seed=3))
    tf.random.set_seed(5)          # the same sequence again
    return out + _steps(tf, lambda: tf.random.uniform([3], seed=7), lambda: tf.random.uniform([2]),
                        lambda: tf.random.set_seed(0), lambda: tf.random.uniform([2], seed=0))


def generators(tf):
    """Generator: seeding, the draws, the state's advance, split/make_seeds, reset."""
    g = tf.random.Generator.from_seed(3)
    h = tf.random.Generator.from_seed(2**70 + 11)
    out = _steps(tf, lambda: g.uniform([3]), lambda: g.normal([2], dtype=tf.float64),
                 lambda: g.truncated_normal([5]), lambda: g.uniform_full_int([2], tf.int64),
                 lambda: g.uniform_full_int([2]), lambda: g.uniform([3], maxval=7, dtype=tf.int64),
                 lambda: tf.identity(g.state), lambda: g.algorithm, lambda: g.make_seeds(2),
                 lambda: [tf.identity(s.state) for s in g.split(2)], lambda: h.normal([2, 2]),
                 lambda: tf.identity(h.state))
    g.reset_from_seed(3)
    g.skip(2)
    return out + _steps(tf, lambda: g.uniform([3]), lambda: g.state, lambda: g.key,
                        lambda: tf.random.Generator(state=[1, 2, 3], alg="philox").uniform([2]),
                        lambda: g.uniform([2], dtype=tf.int32))


def parameters(tf):
    """Tensor bounds and moments, -inf logits, numpy op seeds, Generator copies and key/counter."""
    tf.random.set_seed(11)
    return _steps(
        tf, lambda: tf.random.uniform([2], minval=tf.constant([0.0, 1.0]), maxval=5.0),
        lambda: tf.random.normal([2], mean=tf.constant([0.0, 10.0]), stddev=2.0),
        lambda: tf.random.uniform([3], minval=tf.constant(-4), maxval=tf.constant(4),
                                  dtype=tf.int32),
        lambda: tf.random.truncated_normal([3], mean=1.0, stddev=0.5, dtype=tf.float16, seed=4),
        lambda: tf.random.stateless_normal([2], tf.constant([-1, -2], tf.int64),
                                           dtype=tf.bfloat16),
        lambda: tf.random.categorical([[0.0, -real_np.inf, 1.0]], 6, seed=9),
        lambda: tf.random.Generator(copy_from=tf.random.Generator.from_seed(9)).uniform([2]),
        lambda: tf.random.Generator.from_key_counter(5, [1, 2], "philox").normal([2]),
        lambda: tf.random.uniform([2], seed=real_np.int64(5)),
        lambda: tf.nn.dropout(tf.ones([3, 2], tf.float64), tf.constant(0.5, tf.float64), seed=1),
        lambda: tf.random.shuffle([1.0, 2.0, 3.0, 4.0], seed=2))


def candidate_samplers(tf):
    """The samplers' draws and expected counts (a kernel per attribute set, 2048 words a
    sample reserved per call)."""
    tf.random.set_seed(3)
    t = tf.constant([[1, 2], [3, 4]], tf.int64)
    return _steps(tf, lambda: tf.random.uniform_candidate_sampler(t, 2, 4, True, 10, seed=1),
                  lambda: tf.random.uniform_candidate_sampler(t, 2, 4, False, 10, seed=1),
                  lambda: tf.random.log_uniform_candidate_sampler(t, 2, 4, False, 10, seed=1),
                  lambda: tf.random.log_uniform_candidate_sampler(t, 2, 6, True, 1000),
                  lambda: tf.random.uniform_candidate_sampler(t, 2, 4, False, 10, seed=1),
                  lambda: tf.random.uniform_candidate_sampler(t, 2, 5, True, 10),
                  lambda: tf.nn.all_candidate_sampler(t, 2, 5, False),
                  lambda: tf.random.uniform_candidate_sampler(t, 2, 11, True, 10))


@pytest.mark.parametrize("program", [seeded_ops, generators, parameters, candidate_samplers],
                         ids=lambda p: p.__name__)
def test_program_matches_tensorflow(program, backend, ours, real):
    _close(program(ours), program(real), rtol=1e-5, atol=1e-6)


def _moments(tf, draw):
    a = real_np.asarray(draw.numpy(), dtype=real_np.float64)
    return a.mean(), a.var()


def test_distributions_statistics(backend, ours):
    """Gamma, Poisson, binomial, parameterized truncated normal (TensorFlow's distributions, not
    its values): means and variances of 500 draws, and the same draws for the same seed."""
    tf, seed = ours, ours.constant([4, 5])
    n = 500
    for draw, mean, var in [
        (tf.random.stateless_gamma([n], seed, 3.0, 2.0), 1.5, 0.75),
        (tf.random.stateless_gamma([n], seed, 0.5), 0.5, 0.5),
        (tf.random.stateless_poisson([n], seed, 4.0), 4.0, 4.0),
        (tf.random.stateless_binomial([n], seed, 10.0, 0.3), 3.0, 2.1),
        (tf.random.poisson([n], 3.0, seed=1), 3.0, 3.0),
        (tf.random.stateless_parameterized_truncated_normal([n], seed, 0.0, 1.0, -1.0, 1.0),
         0.0, 0.2911),
    ]:
        m, v = _moments(tf, draw)
        assert abs(m - mean) < 0.1 * max(1.0, mean) and abs(v - var) < 0.15 * max(1.0, var), \
            (m, v, mean, var)
    assert _describe(tf.random.stateless_gamma([3], seed, 2.0)) == \
        _describe(tf.random.stateless_gamma([3], seed, 2.0))
