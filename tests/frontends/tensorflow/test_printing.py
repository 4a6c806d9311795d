"""Printing in the tensorflow frontend: ``repr``/``str``/``format`` of tensors, variables, dtypes
and shapes (numpy's print options included), compared exactly with real TensorFlow's text."""
from tests.frontends.differential import Snippet, differential_tests

S = Snippet
VALUES = ["[1e-5, 1., 1e5]", "[-1., 2.]", "[[1., 2.], [3., 4.]]", "[[[1, 2]], [[3, 4]]]",
          "[True, False]", "3.5", "0.1", "-2", "True", "[1+2j, -3j]", "2j", "[]", "[[]]",
          "[1., float('nan'), float('inf')]", "list(range(2000))", "[[1.5] * 40] * 3",
          "[[0.1, 123456.789]]", "1e20"]

test_printing = differential_tests("tensorflow", [
    # ---- tensors --------------------------------------------------------------------------------
    S("{show}(tf.constant({v}))", show=["repr", "str"], v=VALUES),
    S("{show}(tf.constant({v}, dtype=tf.{dt}))", show=["repr", "str"],
      v=["[1.5, -2.]", "[[1.5], [2.]]", "2.5"], dt=["float64", "float16", "bfloat16"]),
    S("{show}(tf.constant({v}, dtype=tf.{dt}))", show=["repr", "str"],
      v=["[1, 2]", "[[1, 2], [3, 4]]", "7"], dt=["int64", "uint8", "int16"]),
    S("{show}(tf.zeros({shape}))", show=["repr", "str"], shape=["(0,)", "(0, 3)", "(2, 0)", "()"]),
    S("{show}(tf.reshape(tf.range(24), (2, 3, 4)))", show=["repr", "str"]),
    S("{show}(tf.constant([i / 3 for i in range(10)]))", show=["repr", "str"]),
    # ---- numpy's print options apply ------------------------------------------------------------
    S("with np.printoptions({opts}):\n    s = {show}(tf.constant({v}))\ns",
      show=["repr", "str"], opts=["precision=2", "threshold=5", "linewidth=20", "suppress=True"],
      v=["[1.23456, 2e-5, 3.]", "list(range(12))"]),
    # ---- variables ------------------------------------------------------------------------------
    S("{show}(tf.Variable({v}))", show=["repr", "str"],
      v=["[1., 2.]", "[[1, 2], [3, 4]]", "3.5", "True", "[[1.5] * 40] * 2"]),
    S("{show}(tf.Variable([1., 2.], name='w'))", show=["repr", "str"]),
    S("v = tf.Variable([1., 2.])\nv.assign([3., 4.])\nrepr(v)"),
    S("repr(tf.Variable(tf.zeros((2, 0))))"),
    S("l = tf.keras.layers.Dense(2)\nl.build((None, 3))\n{show}(l.bias)", show=["repr", "str"],
      xfail="Keras 3 weights are keras.Variable (<Variable path=dense/bias, shape=(2,), ...>); "
            "the keras frontend's weights are tf.Variables"),
    S("out = []\n@tf.function\ndef f(x):\n    out.append({show}(x))\n    return x\n"
      "f(tf.constant([1., 2.]))\nout[0]", show=["repr", "str"],
      xfail="tf.function runs the Python function on eager tensors: a tensor printed while "
            "tracing shows its value, TF's the symbolic Tensor(\"x:0\", ...)"),
    # ---- format specs ---------------------------------------------------------------------------
    S("f'{{tf.constant({v}):{spec}}}'", v=["1.23456", "2", "True", "-0.5"],
      spec=[".3f", ">10", "", ".2e"]),
    S("f'{{tf.constant({v}):{spec}}}'", v=["[1.5, 2.]", "[[1, 2]]"], spec=[".3f", ""]),
    S("f'{{tf.constant(1.5, dtype=tf.{dt}):.2f}}'", dt=["float64", "float16", "bfloat16"]),
    S("loss = tf.reduce_mean(tf.constant([1., 2.]) ** 2)\nf'{{loss:.3f}}'"),
    S("f'{{tf.Variable(1.5):{spec}}}'", spec=[".3f", ""]),
    S("'%.2f' % tf.constant(1.5)"),
    S("'{{:.1f}}'.format(tf.constant(2.25, dtype=tf.float64))"),
    # ---- a 0-d value is a numpy scalar ----------------------------------------------------------
    S("repr(tf.{make}.numpy())", make=["constant(1.5)", "constant(2, tf.int64)", "constant(True)",
                                       "Variable(1.5)", "constant([1.5])", "Variable([[1, 2]])"]),
    S("x = tf.constant({v})\n(type(x.numpy()).__name__, onp.asarray(x).shape, float(x), bool(x))",
      v=["1.5", "[2.5]"]),
    # ---- dtypes and shapes ----------------------------------------------------------------------
    S("{show}({expr})", show=["repr", "str"],
      expr=["tf.float32", "tf.int64", "tf.bool", "tf.bfloat16", "tf.complex64",
            "tf.constant([[1, 2]]).shape", "tf.TensorShape([2, None])", "tf.TensorShape(None)",
            "tf.TensorShape([])", "tf.constant(1.).dtype"]),
])
