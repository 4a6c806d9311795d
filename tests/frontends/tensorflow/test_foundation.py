"""The tensorflow frontend's foundation against real TensorFlow 2.21: dtype objects, TensorShape,
``tf.constant``'s conversion rules, and operators/functions without implicit promotion (mixed
dtypes raise ``InvalidArgumentError``; Python operands convert to the tensor's dtype)."""
import numpy as real_np
import pytest
from hypothesis import strategies as st

import ivy
from tests.conformance import ALL, Case, arr, dtype_arg, make_tests, shared_dtype

from .programs import describe as _describe
from .programs import steps as _steps

NO_BOOL = tuple(d for d in ALL if d != "bool")
REAL = tuple(d for d in NO_BOOL if not d.startswith("complex"))
UNSIGNED = ("uint8", "uint16", "uint32", "uint64")
SIGNED = tuple(d for d in REAL if d not in UNSIGNED)
FEW = {"max_examples": 4}
V = (2, 3)


def same(dtypes, key):
    """Two arrays of one drawn dtype (shapes (2, 3) and (3,))."""
    return (arr(shared_dtype(dtypes, key), V), arr(shared_dtype(dtypes, key), (3,)))


def mixed(dtypes):
    """Two arrays of independently drawn dtypes: mostly a mismatch (InvalidArgumentError)."""
    return (arr(dtypes, V), arr(dtypes, V))


ROWS = [Case(f"tf.{name}", args=same(dtypes, name), settings=FEW) for name, dtypes in {
    "add": ALL, "subtract": ALL, "multiply": ALL, "maximum": ALL, "minimum": ALL,
    "equal": ALL, "less": ALL, "greater_equal": ALL,
}.items()] + [
    Case("tf.add", args=mixed(("int32", "float32", "float64")), settings=FEW, id="add-mixed"),
    Case("tf.math.truediv", args=same(ALL, "div"), settings=FEW),
    # integer-valued operands: TensorFlow flushes float32 subnormal quotients to zero
    Case("tf.math.floordiv", args=(arr(shared_dtype(SIGNED, "fd"), V,
                                       elements=st.integers(-20, 20)),
                                   arr(shared_dtype(SIGNED, "fd"), (3,),
                                       elements=st.integers(1, 7))), settings=FEW),
    Case("tf.math.floordiv", args=(arr(shared_dtype(UNSIGNED, "fdu"), V,
                                       elements=st.integers(0, 20)),
                                   arr(shared_dtype(UNSIGNED, "fdu"), (3,),
                                       elements=st.integers(0, 7))), settings=FEW,
         id="floordiv-unsigned"),
    Case("tf.math.floormod", args=(arr(shared_dtype(REAL, "fm"), V, min_value=-20,
                                       max_value=20),
                                   arr(shared_dtype(REAL, "fm"), (3,), min_value=1,
                                       max_value=7)), settings=FEW),
    Case("tf.pow", args=(arr(shared_dtype(("int32", "float32", "float64"), "p"), V, min_value=0,
                             max_value=5),
                         arr(shared_dtype(("int32", "float32", "float64"), "p"), (3,),
                             min_value=0, max_value=3)), settings=FEW),
    Case("tf.negative", args=(arr(ALL, V),), settings=FEW),
    Case("tf.abs", args=(arr(REAL + ("bool",), V),), settings=FEW),
    Case("tf.matmul", args=(arr(shared_dtype(ALL, "mm"), (2, 3)),
                            arr(shared_dtype(ALL, "mm"), (3, 2))),
         kwargs={"transpose_a": st.just(False)}, settings=FEW),
    Case("tf.matmul", args=(arr(("float32", "float64"), (2, 3)), arr(("float32",), (2, 3))),
         kwargs={"transpose_b": st.just(True)}, settings=FEW, id="matmul-transpose-mixed"),
    Case("tf.cast", args=(arr(ALL, V, min_value=0, max_value=100), dtype_arg(ALL)), settings=FEW,
         match_errors=False),
    Case("tf.reshape", args=(arr(ALL, V), st.sampled_from([(3, 2), (-1,), (6, -1), (4, 2)])),
         settings=FEW),
    Case("tf.shape", args=(arr(ALL, V),), settings=FEW),
    Case("tf.Tensor.__add__", args=(arr(NO_BOOL, V), st.sampled_from([1, 1.5, 300, True])),
         settings=FEW),
    Case("tf.Tensor.__truediv__", args=(arr(NO_BOOL, V), st.sampled_from([2, 0.5])),
         settings=FEW),
    Case("tf.Tensor.__rsub__", args=(arr(NO_BOOL, V), st.sampled_from([1, 2.5])), settings=FEW),
    Case("tf.Tensor.__lt__", args=(arr(REAL, V), st.sampled_from([1, 1.5])), settings=FEW),
    Case("tf.Tensor.__and__", args=same(("bool", "int8", "uint16", "float32"), "and"),
         settings=FEW),
    Case("tf.Tensor.__invert__", args=(arr(("bool", "int32", "uint8", "float32"), V),),
         settings=FEW),
    Case("tf.Tensor.__mod__", args=(arr(("int32", "float32"), V, min_value=-9, max_value=9),
                                    st.sampled_from([2, 3])), settings=FEW),
]
test_foundation = make_tests(ROWS)


def conversions(tf):
    return _steps(tf, lambda: tf.constant([1, 2]), lambda: tf.constant([1.5]),
                  lambda: tf.constant(real_np.array([1.5])), lambda: tf.constant(2 ** 40),
                  lambda: tf.constant([1, 2 ** 40]), lambda: tf.constant(2 ** 63),
                  lambda: tf.constant(1.5j), lambda: tf.constant([]),
                  lambda: tf.constant([[1], [1, 2]]), lambda: tf.constant(300, tf.uint8),
                  lambda: tf.constant(-1, tf.uint8), lambda: tf.constant(True, tf.int32),
                  lambda: tf.constant(1, tf.bool), lambda: tf.constant(1.5, tf.int32),
                  lambda: tf.constant(real_np.array([1.5]), tf.int32),
                  lambda: tf.constant(3.0, shape=(2, 2)), lambda: tf.constant([1, 2.5]),
                  lambda: tf.convert_to_tensor(tf.constant([1.5]), tf.int32),
                  lambda: tf.constant(tf.constant([1.5]), tf.int32),
                  lambda: tf.convert_to_tensor(1, dtype_hint=tf.float32),
                  lambda: tf.convert_to_tensor(1.5, dtype_hint=tf.int32),
                  lambda: tf.cast(tf.constant([1.7, -1.7]), tf.int32),
                  lambda: tf.cast(tf.constant([1 + 2j]), tf.float32),
                  lambda: tf.constant([], tf.int32), lambda: tf.constant([[]], tf.bool),
                  lambda: tf.constant([1, 2 ** 63], tf.uint64),
                  lambda: tf.constant([2 ** 64 - 1, 3], tf.uint64))


def operators(tf):
    i, f = tf.constant([1, 2]), tf.constant([1.0, 2.0])
    u = tf.constant([1], tf.uint8)
    return _steps(tf, lambda: i + 1.5, lambda: 1.5 + i, lambda: i + f, lambda: i == 1.5,
                  lambda: i < 1.5, lambda: u + 300, lambda: i + 2 ** 40, lambda: f + [1, 2],
                  lambda: f + real_np.array([1.0]), lambda: i / i,
                  lambda: tf.constant([1, 2], tf.int16) / 2, lambda: i // 0, lambda: i ** -1,
                  lambda: -u, lambda: tf.constant([True]) + tf.constant([True]),
                  lambda: tf.constant([True]) / tf.constant([True]), lambda: f & f,
                  lambda: ~tf.constant([True, False]), lambda: i == None,  # noqa: E711
                  lambda: tf.constant([3.0, 1.0]) == tf.constant([3.0, 1.0, 2.0]),
                  lambda: tf.constant([3.0, 1.0]) + tf.constant([3.0, 1.0, 2.0]),
                  lambda: tf.constant([-7]) // tf.constant([2]),
                  lambda: tf.constant([-7.5]) % tf.constant([2.0]), lambda: i * True)


def protocols(tf):
    x = tf.constant([[1.0, 2.0]])
    s = tf.TensorShape([2, None, 3])
    return _steps(tf, lambda: repr(x), lambda: str(x), lambda: x.name, lambda: hash(x),
                  lambda: x.shape, lambda: x.shape.as_list(), lambda: x.shape == (1, 2),
                  lambda: [s.rank, s.as_list(), s[1], s.is_fully_defined(), s.num_elements()],
                  lambda: s[0:2], lambda: len(tf.constant(1)), lambda: len(x),
                  lambda: bool(tf.constant([1, 2])), lambda: bool(tf.constant(0)),
                  lambda: float(tf.constant(3)), lambda: int(tf.constant([3])),
                  lambda: [0, 1, 2][tf.constant(1)], lambda: list(tf.constant([1, 2])),
                  lambda: x.ref() == x.ref(), lambda: x.numpy(), lambda: x.ndim,
                  lambda: real_np.asarray(x))


def dtype_objects(tf):
    d = tf.float32
    return _steps(tf, lambda: repr(d), lambda: str(d), lambda: [d.name, d.is_floating, d.is_integer,
                                                           d.is_complex, d.is_bool,
                                                           d.is_unsigned, d.size],
                  lambda: [d.max, d.min, tf.int8.max, tf.uint16.min, tf.int32.limits],
                  lambda: tf.bool.max, lambda: d.limits, lambda: d.as_numpy_dtype,
                  lambda: [d == "float32", d == real_np.float32, d == tf.float64,
                           d == None],  # noqa: E711
                  lambda: tf.as_dtype("double"), lambda: tf.as_dtype(real_np.int16),
                  lambda: tf.as_dtype(float), lambda: tf.as_dtype("foo"),
                  lambda: tf.complex64.real_dtype, lambda: tf.int64.as_datatype_enum,
                  lambda: {tf.float32: 1}[tf.as_dtype("float32")],
                  lambda: issubclass(tf.errors.InvalidArgumentError, tf.errors.OpError))


@pytest.mark.parametrize("program", [conversions, operators, protocols, dtype_objects],
                         ids=lambda p: p.__name__)
def test_program_matches_tensorflow(program, backend, ours, real):
    assert _describe(program(ours)) == _describe(program(real))


def indexing(tf):
    x = tf.reshape(tf.constant(list(range(12))), (3, 4))
    return _steps(tf, lambda: x[1], lambda: x[-1], lambda: x[1:, ::2], lambda: x[..., 1],
                  lambda: x[tf.newaxis, :, None], lambda: x[3], lambda: x[5:10],
                  lambda: x[[0, 2]], lambda: x[tf.constant(1)], lambda: x[tf.constant([0, 2])],
                  lambda: x[tf.constant([True, False, True])], lambda: x[real_np.int64(1)],
                  lambda: x[1.0], lambda: x[[0, 1], [1, 2]], lambda: x[..., ...],
                  lambda: x[0, 0, 0], lambda: x[::0], lambda: x[::-1], lambda: x[-4],
                  lambda: x[1:tf.constant(3), tf.constant(-1)], lambda: x[True],
                  lambda: x[0, True], lambda: x[(tf.constant(True),)])


def reductions_and_shapes(tf):
    i, b = tf.constant([[1, 2], [3, 5]]), tf.constant([True, False])
    r6 = tf.range(6)
    return _steps(
        tf, lambda: tf.reduce_mean(i), lambda: tf.reduce_mean(i, axis=0),
        lambda: tf.reduce_sum(b), lambda: tf.reduce_sum(tf.constant([200, 100], tf.uint8)),
        lambda: tf.reduce_max(b), lambda: tf.reduce_any(i), lambda: tf.reduce_sum(i, axis=2),
        lambda: tf.reduce_sum(i, axis=[0, 1], keepdims=True),
        lambda: tf.reduce_max(tf.zeros((0,))), lambda: tf.argmax(i),
        lambda: tf.argmax(i, axis=1, output_type=tf.int32),
        lambda: tf.reduce_mean(tf.constant([-3, -2])), lambda: tf.reduce_min(i, 1),
        lambda: tf.reduce_prod(i), lambda: tf.reduce_all(b),
        lambda: tf.argmin(tf.constant([3.0, 1.0, 2.0])), lambda: tf.range(5),
        lambda: tf.range(0, 1, 0.25), lambda: tf.range(0, 5.0), lambda: tf.range(5, 0, -2),
        lambda: tf.range(0, 5, 0), lambda: tf.range(5, 0), lambda: tf.zeros((2,)),
        lambda: tf.zeros((2,), tf.int32), lambda: tf.ones_like(i), lambda: tf.fill((2,), 3),
        lambda: tf.zeros_like(i, tf.float64), lambda: tf.concat([i, tf.constant([[1.0, 2.0]])], 0),
        lambda: tf.concat([i, i], -1), lambda: tf.concat([i, i], 2), lambda: tf.stack([1, 2.5]),
        lambda: tf.stack([i, i], axis=1), lambda: tf.stack([i, tf.constant([[1.0, 2.0]] * 2)]),
        lambda: tf.expand_dims(i, -1), lambda: tf.squeeze(i, 0),
        lambda: tf.squeeze(tf.zeros((1, 2, 1))),
        lambda: tf.transpose(tf.zeros((1, 2, 3)), [2, 0, 1]), lambda: tf.transpose(i),
        lambda: tf.where(b), lambda: tf.where(b, 1, 2),
        lambda: tf.where(b, tf.constant([1.0, 2.0]), 3.0), lambda: tf.where(b, 1, 2.5),
        lambda: tf.gather(i, [1, 0]), lambda: tf.gather(i, [5]),
        lambda: tf.gather(i, [1], axis=1), lambda: tf.unstack(i), lambda: tf.unstack(i, axis=1),
        lambda: tf.split(r6, 3), lambda: tf.split(r6, [1, 5]), lambda: tf.split(r6, 4),
        lambda: tf.split(r6, [2, -1]), lambda: tf.math.reduce_mean(tf.constant([1.0, 2.0])))


@pytest.mark.parametrize("program", [indexing, reductions_and_shapes],
                         ids=lambda p: p.__name__)
def test_more_programs_match_tensorflow(program, backend, ours, real):
    assert _describe(program(ours)) == _describe(program(real))


# ---- tf.math's unary functions and tf.nn's activations: every dtype (kernel refusals included)
_POS, _UNIT = dict(min_value=1, max_value=9), dict(min_value=-1, max_value=1)
UNARY_DOMAIN = {"log": _POS, "sqrt": _POS, "rsqrt": _POS, "log1p": _POS, "asin": _UNIT,
                "acos": _UNIT, "atanh": _UNIT, "acosh": _POS, "lgamma": _POS, "digamma": _POS,
                "reciprocal": _POS}
UNARY_NAMES = ("exp", "log", "sqrt", "rsqrt", "sin", "cos", "tan", "tanh", "sigmoid", "floor",
               "ceil", "rint", "round", "sign", "square", "reciprocal", "log1p", "expm1", "asin",
               "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh", "erf", "erfc",
               "lgamma", "digamma", "is_nan", "is_inf", "is_finite", "softplus")
NN_NAMES = ("relu", "relu6", "elu", "selu", "softsign")
test_unary = make_tests(
    [Case(f"tf.math.{n}", args=(arr(ALL, (4,), **UNARY_DOMAIN.get(n, {})),), settings=FEW,
          rtol={"float16": 2e-3, "bfloat16": 2e-2, "float32": 2e-5, "complex64": 2e-5})
     for n in UNARY_NAMES]
    + [Case(f"tf.nn.{n}", args=(arr(ALL, (4,)),), settings=FEW,
            rtol={"float16": 2e-3, "bfloat16": 2e-2, "float32": 2e-5}) for n in NN_NAMES])
