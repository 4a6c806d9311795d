"""Differential programs for the numpy frontend: bad and edge inputs through real NumPy and the
frontend on each backend -- same values and dtypes, or the same exception type.

``np`` is real NumPy on one side and the frontend on the other; ``onp`` is real NumPy on both
(mixing real arrays and scalars with frontend ones). A result's kind (NumPy scalar or array) is
compared through ``type(x).__name__`` where it matters.
"""
from tests.frontends.differential import Snippet, differential_tests

INTS = ["int8", "int32", "int64", "uint8"]
F = "np.array([1., 2., 3.])"
I = "np.array([5, -3, 0, 7], dtype=np.{dt})"
NANS = "np.array([np.nan, np.inf, -np.inf, 0., -0., 1.5])"
OPS = ["+", "-", "*", "/", "//", "%", "**", "==", "!=", "<", "<=", ">", ">="]

SNIPPETS = [
    # ---- dtypes print as NumPy's -----------------------------------------------------------
    Snippet("str(np.zeros(2, dtype=np.{dt}).dtype)", id="dtype-str",
            dt=["float64", "float32", "int8", "uint16", "bool_", "complex64"]),
    Snippet("np.zeros(2, dtype={dt}).dtype.name", id="dtype-name",
            dt=["float", "int", "bool", "'f2'", "np.int16"]),
    Snippet("repr(np.arange(3).dtype)"),
    Snippet("str(np.dtype('float32')) + repr(np.float32)"),

    # ---- printing: arrays, scalars, print options ------------------------------------------
    Snippet("repr(np.array({v}, dtype=np.{dt}))", id="repr",
            v=["[1e-5, 1., 1e5]", "[[1, 2], [3, 4]]", "[]", "0.5", "[np.nan, np.inf, -0.]"],
            dt=["float64", "float32", "float16"]),
    Snippet("str(np.array({v}))", id="str",
            v=["[1e-5, 1., 1e5]", "[[1, 2], [3, 4]]", "[]", "3", "[True, False]", "[1+2j]"]),
    Snippet("repr(np.array({v}))", id="repr-int",
            v=["[1, 2]", "[[True], [False]]", "7", "[-1, 2**40]"]),
    Snippet("repr(np.arange(3, dtype=np.{dt}))", id="repr-dtype",
            dt=["int8", "int32", "uint64", "bool_", "complex128"]),
    Snippet("[repr(x) for x in ({x},)] + [str(x) for x in ({x},)]", id="scalar-print",
            x=["np.arange(4.).sum()", "np.arange(4, dtype=np.int8)[1]", "np.float32(1) / 3",
               "np.array([1.5])[0]", "np.ones(2, bool).all()"]),
    Snippet("repr(np.arange(2000.))"),
    Snippet("with np.printoptions(precision={p}, suppress=True):\n"
            "    r = repr(np.array([1.23456789, 1e-9, 123.5]))\nr", id="printoptions", p=[2, 5]),
    Snippet("with np.printoptions(threshold=5, edgeitems=2):\n    r = str(np.arange(10))\nr"),
    Snippet("old = np.get_printoptions()\nnp.set_printoptions(precision=3)\n"
            "r = repr(np.array([1/3]))\nnp.set_printoptions(**old)\nr"),
    Snippet("f'{np.arange(3.)[1]:.3f} {np.float32(2.5)!r}'"),
    Snippet("{f}(np.array([[1.5, np.nan], [-np.inf, 1e-3]]){a})", id="print-functions",
            f=["np.array2string", "np.array_repr", "np.array_str"],
            a=["", ", precision=2", ", suppress_small=True"]),
    Snippet("np.array2string(np.arange(6).reshape(2, 3), separator=', ', prefix='x(')"),
    Snippet("np.format_float_positional(np.float32(0.1)) + np.format_float_scientific(1/3)"),
    Snippet("with np.printoptions({o}):\n    r = [repr(np.array([1/3, -2.5, 1e8])), "
            "repr(np.arange(3.).sum()), str(np.linspace(0, 1, 12))]\nr", id="printoptions-kinds",
            o=["legacy='1.25'", "floatmode='fixed', precision=3", "sign='+'", "linewidth=20",
               "formatter={'float': lambda v: f'<{v:.1f}>'}", "nanstr='NA', infstr='INF'"]),
    Snippet("with np.printoptions(precision=1):\n    pass\nnp.get_printoptions()['precision']"),
    Snippet("a = np.arange(12.).reshape(3, 4)\nv = a[1:, ::2]\nv[0, 0] = -1\n"
            "[repr(v), str(a.T), repr(a[0]), repr(a[..., 1]), repr(a[0, 0])]"),
    Snippet("[repr(type(np.ones(2))), repr(np.ones((2, 0))), repr(np.ones(2) > 0), "
            "repr(np.True_), repr(np.int64(5) + 1), repr(np.float64(1) / 3), str(np.int8(-3))]"),
    Snippet("[repr(x.dtype) for x in (np.ones(2, np.float16), np.ones(1, np.uint32), "
            "np.zeros(1, np.complex128), np.array([True]))]"),

    # ---- lists, tuples and ranges as operands: broadcast like arrays -----------------------
    Snippet(F + " {op} [1., 5., 3.]", id="list-right", op=OPS),
    Snippet("[1., 5., 3.] {op} " + F, id="list-left", op=OPS),
    Snippet(F + " {op} (2, 2, 2)", id="tuple-right", op=["+", "*", "==", "<"]),
    Snippet(F + " + range(3)"),
    Snippet("range(3) * " + F),
    Snippet(F + " + [[1.], [2.]]"),
    Snippet(F + " {op} [1., 2.]", id="list-bad-shape", op=["+", "==", "!="]),
    Snippet("np.arange(3, dtype=np.int8) + [1, 2, 3]"),
    Snippet("np.arange(3, dtype=np.int8) + [1, 2, 300]"),
    Snippet(F + " @ [1., 2., 3.]"),
    Snippet("[1., 2., 3.] @ " + F),
    Snippet(F + " == {x}", id="eq-other", x=["None", "'abc'"]),
    Snippet(F + " != None"),
    Snippet(F + " + 'x'"),
    Snippet("a = " + F + "\na += [1, 1, 1]\na"),

    # ---- empty and 0-d arrays --------------------------------------------------------------
    Snippet("np.{fn}(np.zeros((0, 3)), axis={ax})", id="empty-reduce",
            fn=["min", "max", "sum", "prod", "mean", "argmin", "argmax", "any", "all", "ptp"],
            ax=[0, 1, "None"]),
    Snippet("np.zeros((0, 3)).{fn}(axis=1, keepdims=True)", id="empty-keepdims",
            fn=["min", "max", "sum"]),
    Snippet("np.{fn}.reduce(np.zeros((2, 0)), axis=1)", id="empty-ufunc-reduce",
            fn=["minimum", "maximum", "add"]),
    Snippet("np.zeros((0, 3)).reshape({s})", id="empty-reshape",
            s=["-1", "(3, 0)", "(0, -1)", "(2, -1)"]),
    Snippet("np.array(5.){x}", id="zero-d",
            x=["[()]", "[...]", "[0]", ".item()", ".sum(axis=0)", ".sum(axis=1)", ".T",
               ".reshape(1, 1)", ".ravel()", " + [1, 2]", "[None]"]),
    Snippet("type(np.array({v}){x}).__name__", id="zero-d-kind",
            v=["5.", "[5]"], x=["[()]", ".sum()", "[...]", "+ 1"]),
    Snippet("len(np.array(1))"),
    Snippet("np.concatenate([np.zeros((0, 2)), np.ones((1, 2))])"),
    Snippet("np.stack([np.array(1.), np.array(2.)])"),

    # ---- integer division by zero and negative powers --------------------------------------
    Snippet(I + " {op} 0", id="int-by-zero", dt=INTS, op=["//", "%"]),
    Snippet("np.{fn}(" + I + ", np.zeros(4, dtype=np.{dt}))", id="int-by-zero-ufunc",
            dt=INTS, fn=["floor_divide", "remainder", "fmod"]),
    Snippet("divmod(" + I + ", 0)", id="divmod-zero", dt=["int32", "int64"]),
    Snippet("np.array([2, 3]) ** {e}", id="int-negative-power",
            e=["-1", "np.array([-1, 2])", "np.array([1, -2], dtype=np.int8)"]),
    Snippet("np.power(np.array([2, 3], dtype=np.{dt}), -1)", id="int-power-ufunc",
            dt=["int8", "int32", "int64"]),
    Snippet("np.array([2, 3], dtype=np.uint8) ** np.array([2, 0], dtype=np.uint8)"),
    Snippet("np.array([2., 3.]) ** -1"),
    Snippet("np.array([0, 1]) ** -1"),
    Snippet(I + " / 0", id="int-true-divide-zero", dt=["int32", "int64"]),

    # ---- indexing: sequences, bounds, Python ints ------------------------------------------
    Snippet("w = np.arange(5.) * 2\nw[{k}]", id="index",
            k=["range(3)", "range(1, 5, 2)", "[0, -1]", "(0, 1)", "[True] * 5",
               "np.array([True, False, True, False, True])", "10", "-6", "[0, 7]", "[-6]",
               "1.0", "[1.0]", "'a'", "[True, False]", "None", "..., None", "0, 0",
               "np.array(2)", "np.array([[0, 1], [2, 3]])", "[]"]),
    Snippet("w = np.zeros((2, 3))\nw[{k}]", id="index-2d",
            k=["2, 0", "0, 3", "1, -4", "range(2), range(2)", "[0, 1], 1:", ":, [2, 0]",
               "..., 1", "0, 0, 0", "np.array([[True, False, True]] * 2)"]),
    Snippet("w = np.arange(5)\nw[{k}] = {v}\nw", id="setitem",
            k=["range(2)", "[0, 0]", "7", "1:3", "np.array([True] * 5)"],
            v=["-1", "[8, 9]", "2**40", "1.7", "np.int8(3)", "np.float64(np.nan)"]),
    Snippet("w = np.arange(5)\nw[[7]] = {v}\nw", id="setitem-out-of-range", v=["-1", "[8]"]),
    Snippet("w = np.arange(5)\nw[[7]] = [8, 9]\nw",
            xfail="an out-of-range index array is checked before the value's shape: IndexError "
                  "where NumPy raises ValueError for the shape mismatch first"),
    Snippet("w = np.arange(4, dtype=np.int8)\nw[0] = {v}\nw", id="setitem-python-int",
            v=["127", "128", "-129", "2**70", "np.int64(300)", "1e3"]),
    Snippet("np.take(np.arange(5), {i})", id="take", i=["7", "[1, -1]", "range(3)"]),

    # ---- Python ints and NumPy scalars -----------------------------------------------------
    Snippet("np.arange(3, dtype=np.{dt}) + {v}", id="python-int",
            dt=["int8", "uint8", "int64"], v=["300", "-1", "2**63", "2**70", "1.5"]),
    Snippet("np.{t}({v}) + np.arange(3, dtype=np.int8)", id="numpy-scalar",
            t=["int8", "int64", "float32", "float64"], v=["1", "100"]),
    Snippet("np.arange(3, dtype=np.float16) * np.float32(2)"),
    Snippet("np.float32(2) * np.arange(3, dtype=np.float16)"),
    Snippet("np.array(2**62) * 4"),
    Snippet("np.array([1, 2**40], dtype=np.int32)"),
    Snippet("np.full(2, 300, dtype=np.int8)"),
    Snippet("np.array(300).astype(np.int8)"),
    Snippet("type(np.int32(5) // np.arange(3, dtype=np.int32)[1]).__name__"),

    # ---- mixing with real NumPy ------------------------------------------------------------
    Snippet(F + " {op} onp.array([1., 5., 3.])", id="real-right", op=OPS),
    Snippet("onp.array([1., 5., 3.]) {op} " + F, id="real-left", op=OPS),
    Snippet("onp.{fn}(" + F + ", 2)", id="real-ufunc",
            fn=["add", "multiply", "maximum", "power", "equal"]),
    Snippet("onp.{fn}(" + F + ")", id="real-unary", fn=["sin", "exp", "negative", "isnan"]),
    Snippet("onp.float64(2) {op} " + F, id="real-scalar-left", op=["+", "*", "<", "**"]),
    Snippet("onp.{fn}(" + F + ")", id="real-function",
            fn=["mean", "sum", "std", "cumsum", "sort", "argmax", "linalg.norm", "fft.fft",
                "diff", "flip", "max"]),
    Snippet("onp.{fn}([" + F + ", onp.ones(3)])", id="real-function-list",
            fn=["concatenate", "stack", "vstack"]),
    Snippet("onp.array([" + F + ", onp.ones(3)]).tolist()"),
    Snippet("onp.where(" + F + " > 1, " + F + ", 0)"),
    Snippet("[onp.allclose(" + F + ", [1, 2, 3]), onp.array_equal(" + F + ", " + F + ")]"),
    Snippet("onp.isclose(" + F + ", 2.)"),
    Snippet("onp.arange(5.)[np.array([0, 3])].tolist()"),
    Snippet("onp.arange(5.)[np.int64(2)]"),
    Snippet("onp.int8(2) + np.arange(3, dtype=np.int8)"),
    Snippet("np.arange(3, dtype=np.int16) + onp.int64(2)"),
    Snippet("np.concatenate([np.ones(2), onp.zeros(2)])"),
    Snippet("np.array([np.float32(1), onp.float32(2)])"),
    Snippet("np.asarray(onp.arange(3, dtype=onp.uint16))"),
    Snippet("x = onp.zeros(3)\nx += " + F + "\n[type(x).__module__, x.tolist()]"),
    Snippet("x = " + F + "\nx *= onp.array([2., 2., 2.])\nx"),
    Snippet("(onp.asarray(np.arange(3.)) + 1).tolist()"),
    Snippet("float(np.arange(3.)[2]) + onp.float64(1)"),

    # ---- shapes, axes, dtypes --------------------------------------------------------------
    Snippet("np.arange(6.).reshape({s})", id="reshape",
            s=["(4, 2)", "(-1, 4)", "(-1, -1)", "(2, -1)", "6, 1", "(3, 2.0)"]),
    Snippet("np.sum(np.ones((2, 3)), axis={ax})", id="bad-axis",
            ax=["2", "-3", "(0, 0)", "1.5", "(0, -1)", "'x'"]),
    Snippet("np.ones((2, 3)).{fn}(axis=3)", id="bad-axis-method",
            fn=["mean", "max", "argmax", "cumsum", "std"]),
    Snippet("np.expand_dims(np.ones(3), {ax})", id="expand-dims", ax=[2, -3, 1]),
    Snippet("np.transpose(np.ones((2, 3)), {ax})", id="transpose", ax=["(0, 0)", "(0, 2)", "(1,)"]),
    Snippet("np.concatenate([np.ones((2, 3)), np.ones((2, 2))])"),
    Snippet("np.stack([np.ones(3), np.ones(2)])"),
    Snippet("np.ones((2, 3)) @ np.ones((2, 3))"),
    Snippet("np.matmul(np.ones(3), np.ones(2))"),
    Snippet("np.dot(np.ones((2, 3)), np.ones((2, 3)))"),
    Snippet("np.ones((2, 3)) + np.ones((3, 2))"),
    Snippet("np.broadcast_to(np.ones(3), (2, 2))"),
    Snippet("np.zeros(2, dtype={dt})", id="bad-dtype", dt=["'foo'", "'int128'", "5"]),
    Snippet("np.ones(2).astype({dt})", id="astype", dt=["'int32'", "np.uint8", "'?'", "'c8'"]),
    Snippet("np.arange(3) {op} 1.5", id="int-bitwise-float", op=["&", "|", "<<"]),
    Snippet("np.ones(2) << 1"),
    Snippet("~np.ones(2)"),
    Snippet("np.zeros(-1)"),
    Snippet("np.ones((2, -3))"),
    Snippet("np.arange(0, 5, 0)"),
    Snippet("np.eye(2, dtype=np.int8) + np.eye(2, dtype=np.uint64)"),

    # ---- NaN and infinity ------------------------------------------------------------------
    Snippet("np.{fn}(" + NANS + ")", id="nan-reduce",
            fn=["max", "min", "argmax", "argmin", "nanmax", "nanmin", "nansum", "sort",
                "sum", "mean", "isfinite", "sign", "unique", "cumsum", "nanargmax"]),
    Snippet(NANS + " {op} np.nan", id="nan-compare", op=["==", "!=", "<", "+"]),
    Snippet("np.maximum(" + NANS + ", 0.)"),
    Snippet("np.fmax(" + NANS + ", 0.)"),
    Snippet("np.sqrt(np.array([-1., 4.]))"),
    Snippet("np.log(np.array([0., -1.]))"),
    Snippet("np.array([np.inf]) - np.inf"),
    Snippet("np.array([1., -1., 0.]) / 0."),
    Snippet("np.clip(" + NANS + ", -1, 1)"),
    Snippet("np.round(np.array([0.5, 1.5, 2.5, -0.5]))"),
    Snippet("np.isclose(" + NANS + ", " + NANS + ", equal_nan=True)"),
    Snippet("np.array_equal(" + NANS + ", " + NANS + ")"),
    Snippet("np.nanmax(np.array([np.nan, np.nan]))"),
]

test_differential = differential_tests("numpy", SNIPPETS)
