"""Differential programs for the tensorflow frontend: bad and edge inputs through real TensorFlow
and the frontend on each backend, same value/dtype or same exception type
(``tests/frontends/differential.py``); and, for the errors users read, the same message."""
import re

import pytest

import ivy
from tests.frontends.differential import Snippet, differential_tests, run_program, _namespace

S = Snippet
NAN, INF = "float('nan')", "float('inf')"
ROWS_WITH_NAN = [f"[3., {NAN}, 1., -{INF}]", f"[{NAN}, 1., 3.]", f"[1., {NAN}, 3.]",
                 f"[{NAN}, {NAN}]", f"[-{INF}, {NAN}]", f"[{NAN}, -{INF}]",
                 f"[{NAN}, 3., {NAN}, 5., 0., -1., {NAN}, 2.]",
                 f"[[3., {NAN}, 1.], [1., 2., {NAN}]]",
                 # past 16 elements libstdc++'s introsort partitions before its insertion sort
                 "[float(v) if v % 5 else float('nan') for v in range(37, 0, -1)]"]
INT_DTYPES = ["int32", "int64", "uint8", "int8"]

test_differential = differential_tests("tensorflow", [
    # ---- the items --------------------------------------------------------------------
    S("tf.concat({v}, {ax})", v=["tf.constant([[1, 2], [3, 4]])", "[tf.constant([[1, 2], [3, 4]])]",
                                 "(tf.ones([2, 3]),)", "[tf.ones([2]), tf.ones([3])]"],
      ax=["0", "1", "5", "-3", "1.5", "[0]"]),
    S("tf.{f}(tf.constant({v}))", f=["argmax", "argmin"], v=ROWS_WITH_NAN),
    S("tf.{f}(tf.constant({v}), axis=0)", f=["argmax", "argmin"],
      v=[f"[[3., {NAN}], [{NAN}, 2.]]", f"[[{NAN}, {NAN}], [1., {NAN}]]"]),
    S("tf.{f}(tf.constant({v}), direction='{d}')", f=["sort", "argsort"], v=ROWS_WITH_NAN,
      d=["ASCENDING", "DESCENDING"]),
    S("tf.{f}(tf.constant([[3., {nan}, 1.], [1., 2., {nan}]]), axis=0, direction='{d}')",
      f=["sort", "argsort"], nan=[NAN], d=["ASCENDING", "DESCENDING"]),
    S("tf.sort(tf.constant([[-0., 0., 1.], [0., -0., -1.]]), direction='{d}')",
      d=["ASCENDING", "DESCENDING"]),
    S("{v}", v=["tf.__version__", "tf.version.VERSION"]),
    S("tf.{f}({shape})", f=["zeros", "ones"],
      shape=["[-1]", "[2, -1]", "[0]", "[]", "()", "-1", "3", "[2, 0, 3]",
              "tf.constant([2, 3])", "np.array([2, 3])"]),
    S("tf.fill({shape}, 1.)", shape=["[-2]", "[0]", "[2, 3]", "[]"]),
    S("tf.constant([1, 2], dtype=tf.{dt}) {op} {v}", dt=["int32", "int64", "float32"],
      op=["+", "-", "*", "/", "//", "%", "**", "<", "==", "&", "@"], v=["2.5", "2", "1j"]),
    S("{v} {op} tf.constant([1, 2], dtype=tf.{dt})", dt=["int32", "float32"],
      op=["+", "-", "*", "/", "//", "**", ">"], v=["2.5", "2", "True"]),
    S("tf.{f}(tf.constant([1, 2], dtype=tf.int64), 2.5)",
      f=["add", "subtract", "multiply", "maximum", "minimum", "pow", "math.floordiv",
         "math.floormod", "math.squared_difference", "equal", "less", "math.divide"]),
    S("tf.{f}(1, 2.5)", f=["add", "multiply", "subtract"]),
    S("tf.matmul({a}, {b})", a=["tf.ones([2, 3])", "tf.ones([2, 2, 3])"],
      b=["tf.ones([2, 3])", "tf.ones([3, 4])", "tf.ones([3, 3, 4])", "tf.ones([3])",
         "tf.ones([3, 4], dtype=tf.float64)"]),
    # ---- mixing with numpy arrays, numpy scalars, Python scalars and lists ------------------------
    S("a = np.zeros(3)\nt = tf.{f}(a)\na[0] = 5.\nt", f=["constant", "convert_to_tensor"]),
    S("tf.ones([2]) {op} {o}", op=["+", "*", "-", "==", "<"],
      o=["np.ones(2)", "np.ones(2, dtype=np.int32)", "np.float64(1.5)", "np.int64(3)",
         "[1, 2]", "[1., 2.]", "(1, 2)", "np.ones(3)", "np.bool_(True)"]),
    S("{o} {op} tf.ones([2])", op=["+", "*", "-", "<"],
      o=["np.ones(2)", "np.float64(1.5)", "np.int64(3)", "[1, 2]", "np.float32(2.)"]),
    S("tf.constant([1, 2]) {op} {o}", op=["+", "//", "&"],
      o=["np.int64(3)", "np.array([1, 2], dtype=np.int64)", "np.uint8(3)", "np.float32(1.5)",
         "[1.5, 2]"]),
    S("tf.{f}({a}, {b})", f=["add", "maximum", "matmul"],
      a=["np.ones((2, 2))", "[[1, 2], [3, 4]]", "np.ones((2, 2), dtype=np.float32)"],
      b=["np.ones((2, 2))", "[[1, 2], [3, 4]]", "tf.ones([2, 2])"]),
    S("tf.{f}(np.arange(6.).reshape(2, 3), axis={ax})", f=["reduce_sum", "reduce_max", "argmax",
                                                          "reduce_mean"], ax=[0, 1, -1]),
    S("np.{f}(tf.constant([[1., 2.], [3., 4.]]))", f=["sum", "mean", "asarray", "shape", "exp",
                                                      "transpose"]),
    S("tf.constant({v})", v=["np.float64(1.5)", "np.int8(3)", "np.array([1, 2], dtype=np.uint16)",
                             "[np.int64(1), 2]", "[[1, 2], [3]]", "[1, 2.5]", "[]", "[[]]",
                             "None"]),
    S("tf.constant({v})", v=["[np.float64(1.), 2.]", "[np.float64(1.), 2]", "[[np.float64(1.)], [2.]]",
                             "[1., np.float64(2.)]", "[np.float16(1.), 2]", "[True, 1]", "[1, True]",
                             "[np.bool_(True), 1]", "[1., True]", "[np.int64(1), 2.5]"]),
    S("tf.convert_to_tensor({v}, dtype=tf.{dt})", v=["[1, 2]", "[1.5]", "np.array([1.5])", "True"],
      dt=["int32", "float32", "bool"]),
    S("{e}", e=["np.add(tf.ones([2]), 1)", "np.ones(2) == tf.ones([2])", "np.float32(2.) * tf.ones([2])",
                "np.array([tf.ones([2]), tf.zeros([2])])", "np.maximum(tf.constant([1, 5]), 3)",
                "tf.ones([2]) + np.array(2.5)", "tf.constant([1, 2]) + np.array([1, 2], dtype=np.int64)",
                "np.array([1, 2], dtype=np.int64) + tf.constant([1, 2])",
                "tf.constant([1, 2]) * np.array([1.5, 2.5])", "np.array([1.5, 2.5]) * tf.constant([1, 2])",
                "tf.constant([1., 2.], dtype=tf.float64) + np.float32(1.5)",
                "tf.constant([1, 2], dtype=tf.int8) + np.int64(300)",
                "tf.constant([1, 2], dtype=tf.uint8) - np.uint8(3)",
                "tf.ones([2]) + [[1.], [2.]]", "[[1], [2]] * tf.constant([1, 2])",
                "tf.ones([2]) + (True, False)", "tf.constant([True, False]) & [True, True]",
                "tf.constant([1, 2]) ** -1", "tf.constant([1., 2.]) ** -1", "2 ** tf.constant([1, 2])",
                "tf.constant(2) ** tf.constant(-1)", "-tf.constant([1], dtype=tf.uint8)",
                "abs(tf.constant([-1, 2]))", "~tf.constant([1, 2])", "~tf.constant([1.])",
                "tf.ones([2]) @ np.ones((2, 2))", "np.ones((2, 2)) @ tf.ones([2, 2])",
                "float(tf.constant([1.5]))", "int(tf.constant(2.7))", "tf.constant(3) == 3",
                "tf.constant([1, 2]) == None", "tf.constant([1, 2]) != 'a'",
                "tf.constant([1, 2]) == [1, 2, 3]", "tf.constant([1, 2]) < [1, 2, 3]",
                "tf.reduce_sum([1, 2.5])", "tf.reduce_sum([[True, False]])", "tf.abs([-1, 2])",
                "tf.math.sqrt([4., 9.])", "tf.math.sqrt([4, 9])", "tf.concat([[1, 2], [3]], 0)",
                "tf.stack([1, 2.5])", "tf.stack([tf.constant(1), 2.5])",
                "tf.stack([np.float64(1.), tf.constant(2.)])", "tf.where([True, False], 1, 2.)",
                "tf.where([True, False], [1, 2], [3, 4])", "tf.gather([1, 2, 3], [0, 2])",
                "tf.reshape([1, 2, 3, 4], (2, 2))", "tf.cast([1.7, -1.7], tf.int32)",
                "tf.cast(np.array([1.7, -1.7]), tf.int32)", "tf.cast(True, tf.float32)",
                "tf.convert_to_tensor(np.float16(1.5))", "tf.convert_to_tensor([np.int8(1)])",
                "tf.identity([1, 2])", "tf.shape([[1, 2]])", "tf.size([[1, 2]])",
                "tf.maximum([1, 2], 1.5)", "tf.minimum(np.array([1, 2]), 1.5)",
                "v = tf.Variable([1., 2.])\nv + np.ones(2)", "v = tf.Variable([1., 2.])\nnp.ones(2) * v",
                "v = tf.Variable([1, 2])\nv * 2.5", "v = tf.Variable([1., 2.])\nv.assign([3, 4])",
                "v = tf.Variable([1., 2.])\nv.assign(np.array([3, 4]))",
                "v = tf.Variable([1., 2.])\nv.assign_add([1, 1])", "v = tf.Variable(1)\nv.assign(2.5)",
                "v = tf.Variable([1., 2.])\nv.assign([1., 2., 3.])", "v = tf.Variable([1., 2.])\nv[0]",
                "v = tf.Variable([1., 2.])\nv[5]"]),
    # ---- Python ints that do not fit ---------------------------------------------------------
    S("tf.constant({v})", v=["2**31", "2**40", "-2**31 - 1", "2**63", "2**64", "-2**63 - 1",
                             "[1, 2**63]", "[2**62, 1.]"]),
    S("tf.constant({v}, dtype=tf.{dt})", v=["2**31", "300", "-1", "2**70", "2**64 - 1"],
      dt=["int32", "uint8", "int64", "float32", "float64"]),
    S("tf.constant({v}, dtype=tf.uint64)", v=["2**31", "2**64 - 1", "2**63"]),
    # (no tf.constant(-1 or 2**70, dtype=tf.uint64): TensorFlow 2.21 fails there with a
    # SystemError from an exception left set inside EagerTensor's constructor -- a TensorFlow bug
    # whose outcome depended on test order in CI; the frontend wraps -1 and refuses 2**70)
    S("tf.constant([1, 2], dtype=tf.{dt}) + {big}", dt=INT_DTYPES, big=["2**40", "2**70", "-1"]),
    S("tf.constant([1, 2]) {op} 2**70", op=["<", "==", "*", "//"]),
    # ---- integer division by zero --------------------------------------------------------------
    S("tf.constant([5, -5], dtype=tf.{dt}) {op} 0", dt=["int32", "int64"], op=["//", "%", "/"]),
    S("tf.constant([5., -5., 0.]) {op} 0.", op=["//", "%", "/"]),
    S("tf.math.{f}(tf.constant([5, -5]), 0)", f=["truncatediv", "truncatemod", "floordiv",
                                                 "divide_no_nan"]),
    # ---- wrong shapes and impossible reshapes -----------------------------------------------------
    S("tf.reshape(tf.range(6), {shape})", shape=["[4, -1]", "[-1, -1]", "[7]", "[2, 3]", "[0, -1]",
                                                 "[3, 2]", "[-1]", "[6, 1, -1]", "[]",
                                                 "tf.constant([3, 2])", "[-2, 3]"]),
    S("tf.reshape(tf.zeros([0, 3]), {shape})", shape=["[-1]", "[0, -1]", "[3, -1]", "[2, 0]"]),
    S("tf.ones([2, 3]) {op} tf.ones([{s}])", op=["+", "*", "==", "!="],
      s=["3, 2", "3", "2", "2, 1", "4"]),
    S("tf.concat([tf.ones([2, 3]), tf.ones({s})], {ax})", s=["[2, 4]", "[3, 3]", "[3]",
                                                              "[2, 3]"], ax=[0, 1]),
    S("tf.stack([tf.ones([2]), tf.ones({s})], axis={ax})", s=["[3]", "[2]", "[2, 1]"],
      ax=[0, 1, 2, -3]),
    S("tf.squeeze(tf.ones([2, 1, 3]), {ax})", ax=["0", "1", "-2", "[1, 2]", "3", "None"]),
    S("tf.transpose(tf.ones([2, 3]), {perm})", perm=["[1, 0]", "[0, 0]", "[0, 2]", "[0]",
                                                     "[1, 0, 2]"]),
    S("tf.expand_dims(tf.ones([2, 3]), {ax})", ax=[0, 2, 3, -3, -4]),
    S("tf.tile(tf.ones([2, 3]), {m})", m=["[2, 1]", "[2]", "[-1, 1]", "[0, 1]"]),
    S("tf.broadcast_to(tf.ones([2, 3]), {s})", s=["[4, 2, 3]", "[3, 3]", "[2, 1]", "[1, 2, 3]"]),
    S("tf.split(tf.ones([4, 3]), {n}, axis={ax})", n=["2", "3", "[1, 3]", "[1, 2]"], ax=[0, 1]),
    S("tf.unstack(tf.ones([2, 3]), axis={ax})", ax=[0, 1, 2, -3]),
    # ---- out-of-range indices ------------------------------------------------------------------
    S("x = tf.reshape(tf.range(6), [2, 3])\nx[{k}]",
      k=["5", "-3", "0, 5", "1, -4", "1:10", "..., 3", "0, 1, 2", "tf.constant(1)",
         "tf.constant([True, False])", "None, 1", "::-1", "::0", "1.5", "'a'",
         "tf.constant(1, dtype=tf.int64)", "np.int64(1)", "True", "..., ..."]),
    S("tf.gather(tf.range(6), {i})", i=["[6]", "[-1]", "[5, 0]", "tf.constant([[0, 1]])", "[]",
                                        "[1.]"]),
    S("tf.gather(tf.ones([2, 3]), [{i}], axis={ax})", i=["3", "1"], ax=[1, 2, -1]),
    S("tf.gather_nd(tf.ones([2, 3]), {i})", i=["[[0, 3]]", "[[2, 0]]", "[[1, 2]]", "[[0, 0, 0]]"]),
    S("tf.one_hot({i}, 3)", i=["[0, 3, -1]", "[[1], [2]]", "tf.constant([1.])"]),
    S("tf.slice(tf.ones([2, 3]), {b}, {s})", b=["[0, 1]", "[1, 2]", "[2, 0]"],
      s=["[1, 2]", "[-1, -1]", "[2, 3]"]),
    S("tf.tensor_scatter_nd_update(tf.zeros([3]), [[{i}]], [1.])", i=["3", "-1", "2"]),
    # ---- bad dtypes ------------------------------------------------------------------------------
    S("tf.math.{f}(tf.constant([1, 4]))", f=["sqrt", "log", "exp", "sin", "abs", "square",
                                             "negative", "sign", "round", "floor",
                                             "reciprocal", "is_nan", "softplus"]),
    S("tf.{f}(tf.constant([True, False]))", f=["reduce_sum", "reduce_max", "reduce_any", "abs",
                                               "argmax", "cumsum", "negative", "sort"]),
    S("tf.{f}(tf.constant([1+2j, 3j]))", f=["reduce_sum", "reduce_max", "abs", "argmax",
                                             "math.real", "sort", "math.angle", "sign"]),
    S("tf.cast(tf.constant([1.5, -1.5, {nan}, {inf}]), tf.{dt})", nan=[NAN], inf=[INF],
      dt=["int32", "int64", "uint8", "bool", "float16", "complex64"]),
    S("tf.cast({v}, tf.float32)", v=["[1, 2]", "[True]", "np.array([1, 2])", "1j"]),
    S("tf.zeros([2], dtype={dt})", dt=["'int33'", "'float64'", "np.int16", "int", "float",
                                       "None", "'double'", "complex", "bool"]),
    S("{e}", e=["tf.cast('a', tf.float32)", "tf.zeros([2], dtype=tf.string)"],
      xfail="string tensors are out of the frontend's scope (NotImplementedError)",
      raises=NotImplementedError),
    S("tf.constant({v}, dtype=tf.{dt})", v=["[1.5]", "[True]", "[1]", "1j"],
      dt=["int32", "bool", "float32", "complex64"]),
    S("tf.nn.relu(tf.constant([-1, 2], dtype=tf.{dt}))", dt=["int32", "uint8", "bool", "int8"]),
    S("tf.nn.softmax(tf.constant([1, 2]))"),
    # ---- bad axes ------------------------------------------------------------------------------
    S("tf.{f}(tf.ones([2, 3]), axis={ax})", f=["reduce_sum", "reduce_mean", "reduce_max",
                                               "argmax", "math.cumsum", "nn.softmax",
                                               "reduce_logsumexp"],
      ax=["2", "-3", "1.5", "[0, 0]", "[0, 1]", "-1", "tf.constant(1)", "None"]),
    S("tf.{f}(tf.constant(3.), axis={ax})", f=["reduce_sum", "reduce_mean", "argmax",
                                               "reduce_prod", "math.cumsum"],
      ax=["0", "-1", "None", "[]"]),
    # ---- empty and 0-d tensors -------------------------------------------------------------------
    S("tf.{f}(tf.zeros({s}))", f=["reduce_max", "reduce_min", "reduce_mean", "reduce_prod",
                                  "reduce_sum", "argmax", "sort", "reduce_logsumexp",
                                  "reduce_all", "math.cumsum", "nn.softmax", "reduce_std"],
      s=["[0]", "[0, 3]", "[]"]),
    S("tf.{f}(tf.zeros([0, 3]), axis={ax})", f=["reduce_max", "reduce_sum", "argmax",
                                                "reduce_mean"], ax=[0, 1]),
    S("x = tf.constant(3.)\n{e}", e=["x[0]", "len(x)", "list(x)", "tf.reshape(x, [1, 1])",
                                     "tf.squeeze(x)", "tf.transpose(x)", "tf.shape(x)",
                                     "x.shape.as_list()", "x.numpy()", "float(x)", "int(x)",
                                     "bool(x)", "x[...]", "x[None]", "tf.size(x)", "tf.rank(x)",
                                     "x.ndim", "tf.concat([x, x], 0)", "tf.stack([x, x])",
                                     "x @ x", "tf.expand_dims(x, 0)"]),
    S("x = tf.zeros([0, 2])\n{e}", e=["x[0]", "len(x)", "list(x)", "bool(x)", "x + 1.",
                                      "x @ tf.ones([2, 3])", "tf.transpose(x)", "x[:, 1]",
                                      "tf.reverse(x, [0])", "tf.tile(x, [3, 1])"]),
    S("bool(tf.constant({v}))", v=["[1, 2]", "[1]", "[]", "0.", "[[0]]"]),
    # ---- NaN and infinities -----------------------------------------------------------------------
    S("tf.math.{f}(tf.constant([0., -1., {nan}, {inf}, -{inf}]))", nan=[NAN], inf=[INF],
      f=["log", "sqrt", "sign", "round", "floor", "exp", "is_nan", "is_inf", "is_finite",
         "reciprocal", "tanh", "log1p", "rsqrt", "sigmoid", "abs", "negative", "ceil"]),
    S("tf.{f}(tf.constant([1., {nan}, -{inf}]), tf.constant([{nan}, 2., 0.]))", nan=[NAN],
      inf=[INF], f=["maximum", "minimum", "math.floordiv", "math.floormod", "pow",
                    "math.xlogy", "math.xdivy", "math.divide_no_nan", "math.squared_difference",
                    "equal", "less"]),
    S("tf.{f}(tf.constant([[1., {nan}], [-{inf}, 2.]]), axis={ax})", nan=[NAN], inf=[INF],
      f=["reduce_max", "reduce_min", "reduce_sum", "reduce_logsumexp", "nn.softmax",
         "math.cumsum", "reduce_mean"], ax=[0, 1]),
    S("tf.clip_by_value(tf.constant([1., {nan}, -{inf}]), 0., 2.)", nan=[NAN], inf=[INF]),
    S("tf.round(tf.constant([0.5, 1.5, 2.5, -0.5, -2.5]))"),
    S("tf.nn.softmax(tf.constant([{inf}, 1., -{inf}]))", inf=[INF]),
    S("tf.math.top_k(tf.constant([1., {nan}, 3.]), k={k})", nan=[NAN], k=[1, 3]),
    S("tf.unique(tf.constant([1., {nan}, {nan}, 1.]))", nan=[NAN]),
])


def _message(err):
    """TensorFlow's message without the eager kernel's node prefix, NodeDef dump and name."""
    text = re.sub(r"^\{\{function_node [^}]*\}\} ", "", str(err))
    text = re.sub(r"\n\t; NodeDef: .*(?= \[Op:)", "", text, flags=re.S)
    return re.sub(r" name: \S*$", "", text).strip()


MESSAGES = [
    "tf.zeros([-1])", "tf.ones([2, -3])", "tf.constant([1, 2], dtype=tf.int64) * 2.5",
    "tf.constant([1, 2]) - 2.5", "tf.constant([1, 2]) + 2.5", "2.5 * tf.constant([1, 2])",
    "tf.matmul(tf.ones([2, 3]), tf.ones([2, 3]))", "tf.ones([2, 3]) @ tf.ones([2, 3])",
    "tf.concat(tf.ones([2, 3]), [1])", "tf.concat(tf.ones([2, 3]), 1.5)",
    "tf.reshape(tf.range(6), [4, -1])", "tf.constant([1, 2]) + tf.constant([1., 2.])",
    "tf.constant([5]) // 0", "tf.math.sqrt(tf.constant([1, 4]))",
    "tf.ones([2, 3]) + tf.ones([3, 2])", "tf.maximum(tf.ones([2, 3]), tf.ones([4]))",
    "tf.concat([tf.ones([2, 3]), tf.ones([2, 4])], 0)", "tf.concat([tf.ones([2, 3]), tf.ones([2])], 0)",
    "tf.stack([tf.ones([2]), tf.ones([3])])", "tf.transpose(tf.ones([2, 3]), [0, 0])",
    "tf.expand_dims(tf.ones([2, 3]), 3)", "tf.range(6)[6]", "tf.reduce_sum(tf.constant([True]))",
    "tf.nn.softmax(tf.constant([1, 2]))", "tf.matmul(tf.ones([2, 2, 3]), tf.ones([3, 3, 4]))",
    "tf.where(tf.constant([True, False]), tf.ones([2]), tf.ones([3]))",
    "tf.reduce_sum(tf.ones([2, 3]), axis=[0, 0])", "tf.argmax(tf.constant(3.))",
    "tf.stack([tf.ones([2]), tf.ones([2])], axis=2)", "tf.reshape(tf.range(6), [-1, -1])",
    "tf.split(tf.ones([4, 3]), 3)", "tf.ones([2]) @ tf.ones([2])",
]


@pytest.mark.parametrize("code", MESSAGES)
def test_error_message(code, backend):
    """The frontend's message is TensorFlow's (kernel node prefixes aside)."""
    import tensorflow
    from ivy.frontends import tensorflow as frontend
    _, real_err = run_program(code, _namespace("tensorflow", tensorflow))
    with ivy.using_backend(backend):
        _, our_err = run_program(code, _namespace("tensorflow", frontend))
    assert real_err is not None and our_err is not None, (real_err, our_err)
    assert type(our_err).__name__ == type(real_err).__name__, (real_err, our_err)
    assert _message(our_err) == _message(real_err)
