"""Conformance rows for numpy's ufuncs and the foundation's reductions against real NumPy, and
snippets for the two-output ufuncs (``out=`` tuples, ``divmod`` operators)."""
import numpy as real_np
import pytest
from hypothesis import strategies as st

from tests.conformance import (ALL, NUMERIC, Case, arr, axis_for, broadcastable,
                               make_tests, optional, shared_dtype, shared_shape)

from .test_programs import _close, _describe, _steps

X = shared_shape("x")
REAL_NUMERIC = tuple(d for d in NUMERIC if not d.startswith("complex") and d != "bfloat16")
NO_BF16 = tuple(d for d in ALL if d != "bfloat16")
FLT = ("float16", "float32", "float64")
INTS = ("bool", "int8", "uint8", "int16", "int32", "int64", "uint16", "uint32")
INT_LOOPS = ("int8", "uint8", "int16", "int32", "int64", "uint16", "uint32")
CPLX = ("complex64", "complex128")
SOME = ("int8", "uint8", "int32", "float16", "float32", "float64")
FEW = {"max_examples": 4}
F16 = {"float16": 2e-3}
UINT64_TORCH = {"torch": "ivy.fmod/gcd/lcm: uint64 is not supported on the torch backend"}
# small non-negative integers: gcd/lcm/reciprocal stay far from wrapping
SMALL = dict(min_value=-20, max_value=20)
V = (5,)        # fixed shapes: jax compiles once per (shape, dtype)


def pair(dtypes, **kw):
    """Two arguments of one drawn dtype, shapes (2, 3) and (3,)."""
    key = "pair-" + "-".join(dtypes)
    return (arr(shared_dtype(dtypes, key), (2, 3), **kw),
            arr(shared_dtype(dtypes, key), (3,), **kw))


test_ufuncs = make_tests([
    Case("np.add", args=broadcastable(2, NO_BF16)),
    Case("np.subtract", args=broadcastable(2, REAL_NUMERIC)),
    Case("np.multiply", args=(arr(NO_BF16), st.sampled_from([2, 2.5, True, -3]))),
    Case("np.true_divide", args=broadcastable(2, REAL_NUMERIC)),
    Case("np.maximum", args=broadcastable(2, REAL_NUMERIC)),
    Case("np.less", args=broadcastable(2, REAL_NUMERIC)),
    Case("np.sin", args=(arr(("float32", "float64", "int16")),), rtol=1e-5),
    Case("np.sqrt", args=(arr(("float32", "float64"), min_value=0),)),
    Case("np.negative", args=(arr(REAL_NUMERIC),)),
    Case("numpy.ndarray.sum", args=(arr(REAL_NUMERIC, X),), kwargs={"axis": optional(axis_for(X))}),
    Case("np.mean", args=(arr(("float64", "int32"), X),), kwargs={"axis": optional(axis_for(X))}),
    Case("np.argmax", args=(arr(REAL_NUMERIC, X),), kwargs={"axis": optional(axis_for(X))}),
    # the missing elementwise ufuncs
    Case("np.cbrt", args=(arr(SOME, V, edge=True),), settings=FEW),
    Case("np.exp2", args=(arr(SOME + CPLX, V, min_value=-5, max_value=5),), rtol=F16, settings=FEW),
    Case("np.fabs", args=(arr(SOME, V, edge=True),), settings=FEW),
    Case("np.deg2rad", args=(arr(SOME, V),), settings=FEW),
    Case("np.radians", args=(arr(FLT, V),), settings=FEW),
    Case("np.rad2deg", args=(arr(SOME, V),), rtol=F16, settings=FEW),
    Case("np.degrees", args=(arr(FLT, V),), rtol=F16, settings=FEW),
    Case("np.reciprocal", args=(arr(INTS + FLT + CPLX, V),), rtol=F16, settings=FEW),
    Case("np.spacing", args=(arr(SOME, V, edge=True),), settings=FEW),
    Case("np.bitwise_count", args=(arr(INTS + ("int64", "uint64"), V, min_value=-2**7,
                                       max_value=2**7),), settings=FEW),
    Case("np.fmax", args=pair(NO_BF16, edge=True), settings=FEW),
    Case("np.fmin", args=pair(NO_BF16, edge=True), settings=FEW),
    Case("np.fmod", args=pair(INTS + FLT), settings=FEW),
    Case("np.fmod", args=pair(("uint64",)), id="np.fmod-uint64", xfail=UINT64_TORCH,
         settings=FEW),
    Case("np.gcd", args=pair(INTS, **SMALL), settings=FEW),
    Case("np.lcm", args=pair(INTS, **SMALL), settings=FEW),
    Case("np.heaviside", args=(arr(SOME, V, edge=True), st.sampled_from([0.5, 0, 1.0])),
         settings=FEW),
    Case("np.ldexp", args=(arr(FLT, V), arr(("int8", "int32", "int64"), V,
                                             min_value=-10, max_value=10)), settings=FEW),
    Case("np.logaddexp2", args=pair(SOME), rtol=F16, settings=FEW),
    Case("np.float_power", args=(arr(("int8", "float32", "float64", "complex64"), V,
                                     min_value=1, max_value=5),
                                 st.sampled_from([2, 0.5, -1.5, 1j]),), settings=FEW),
    Case("np.divmod", args=pair(INTS + FLT), settings=FEW),
    Case("np.modf", args=(arr(FLT + ("int8",), V, edge=True),), settings=FEW),
    Case("np.frexp", args=(arr(FLT + ("int16",), V, edge=True),), settings=FEW),
    Case("numpy.ndarray.__divmod__",
         args=(arr(("int32", "float64"), V), st.sampled_from([3, -2.5])),
         settings=FEW),
    Case("numpy.ndarray.__rdivmod__",
         args=(arr(("int32", "float32"), V), st.sampled_from([7, 2.5])),
         settings=FEW),
])


# every other ufunc of the table: one row each, inputs inside the function's domain
_UNIT = dict(min_value=-0.9, max_value=0.9)
_POS = dict(min_value=1, max_value=50)
UNARY_ROWS = {  # name: (dtypes, bounds)
    "positive": (REAL_NUMERIC, {}), "absolute": (REAL_NUMERIC + CPLX, {}),
    "square": (SOME, dict(min_value=-10, max_value=10)), "exp": (SOME, dict(max_value=5)),
    "expm1": (SOME, dict(max_value=5)), "log": (SOME, _POS), "log2": (SOME, _POS),
    "log10": (SOME, _POS), "log1p": (SOME, _POS), "cos": (SOME, {}), "tan": (FLT, _UNIT),
    "arcsin": (FLT, _UNIT), "arccos": (FLT, _UNIT), "arctan": (SOME, {}),
    "sinh": (SOME, dict(min_value=-5, max_value=5)), "cosh": (SOME, dict(min_value=-5, max_value=5)),
    "tanh": (SOME, {}), "arcsinh": (SOME, {}), "arccosh": (SOME, _POS), "arctanh": (FLT, _UNIT),
    "floor": (SOME, {}), "ceil": (SOME, {}), "trunc": (SOME, {}), "rint": (FLT, {}),
    "sign": (REAL_NUMERIC, {}), "conjugate": (SOME + CPLX, {}), "isnan": (SOME, dict(edge=True)),
    "isinf": (SOME, dict(edge=True)), "isfinite": (SOME, dict(edge=True)),
    "signbit": (SOME, dict(edge=True)), "logical_not": (INTS, {}), "invert": (INTS, {}),
}
BINARY_ROWS = {
    "power": (("int32", "int64", "float32", "float64"), dict(min_value=0, max_value=4)),
    "minimum": (REAL_NUMERIC, {}), "equal": (NO_BF16, {}), "not_equal": (NO_BF16, {}),
    "less_equal": (REAL_NUMERIC, {}), "greater": (REAL_NUMERIC, {}),
    "greater_equal": (REAL_NUMERIC, {}), "logical_and": (INTS, {}), "logical_or": (INTS, {}),
    "logical_xor": (INTS, {}), "bitwise_and": (INTS, {}), "bitwise_or": (INTS, {}),
    "bitwise_xor": (INTS, {}), "left_shift": (INT_LOOPS, dict(min_value=0, max_value=6)),
    "right_shift": (INT_LOOPS, dict(min_value=0, max_value=6)), "arctan2": (SOME, {}),
    "hypot": (SOME, dict(min_value=-50, max_value=50)), "logaddexp": (FLT, {}),
    "copysign": (FLT, dict(edge=True)), "nextafter": (("float32", "float64"), {}),
}
# floor_divide/remainder: nonzero divisors (integer division by zero: see the ufunc module)
_DIV = ("int8", "int32", "int64", "float32", "float64")
test_table_ufuncs = make_tests(
    [Case(f"np.{name}", args=(arr(dtypes, V, **bounds),), rtol=F16, settings=FEW)
     for name, (dtypes, bounds) in UNARY_ROWS.items()]
    + [Case(f"np.{name}", args=pair(dtypes, **bounds), rtol=F16, settings=FEW)
       for name, (dtypes, bounds) in BINARY_ROWS.items()]
    + [Case(f"np.{name}", args=(arr(shared_dtype(_DIV, "div"), (2, 3), min_value=-20,
                                    max_value=20),
                                arr(shared_dtype(_DIV, "div"), (3,), min_value=1, max_value=7)),
            settings=FEW) for name in ("floor_divide", "remainder")])



def two_outputs(np):
    a, b = np.asarray([1.5, -2.5, 3.0]), np.asarray([2.0, 2.0, -1.0])
    o1, o2 = np.zeros(3), np.zeros(3)
    m = np.modf(a, out=(o1, o2))
    p = np.zeros(3, dtype=np.float32)
    d = np.divmod(a, b, p)
    q = np.zeros(3, dtype=np.int32)
    w = np.divmod(a, b, out=(None, np.ones(3)), where=np.asarray([True, False, True]))
    return _steps(np, lambda: [m[0] is o1, m[1] is o2, o1, o2], lambda: [d[0] is p, p, d[1]],
                  lambda: w[1], lambda: divmod(a, b), lambda: divmod(7, np.asarray([2, 3])),
                  lambda: divmod(a, 2),
                  lambda: np.frexp(np.float32(3.0)), lambda: np.divmod(7, 2),
                  lambda: np.modf(-0.5), lambda: np.divmod.outer(np.asarray([1, 2]), [3, 4]),
                  lambda: np.frexp(a, (None, np.zeros(3, dtype=np.int32))),
                  lambda: np.modf(a, out=o1), lambda: np.modf(a, out=(o1,)),
                  lambda: np.modf(a, o1, out=(o1, o2)), lambda: np.divmod.reduce(a),
                  lambda: np.divmod.accumulate(a), lambda: np.divmod(a, b, out=(q, q)),
                  lambda: [np.modf.nin, np.modf.nout, np.modf.nargs, np.divmod.nargs],
                  lambda: np.isnat(a), lambda: np.gcd(a, 2), lambda: np.bitwise_count(a),
                  lambda: np.fmax.reduce(np.asarray([1.0, np.nan, 3.0])),
                  lambda: np.fmod(np.asarray([5, -5], dtype=np.int16), 0),
                  lambda: np.exp2(a, where=np.asarray([True, False, True]), out=np.ones(3)),
                  lambda: np.ldexp(2.0, np.asarray([1, 2])),
                  lambda: np.ldexp(2, np.asarray([1, 2], dtype=np.int8)),
                  lambda: np.fmax(np.asarray([1 + 1j, np.nan + 0j]), 1j),
                  lambda: np.trunc(np.asarray([True, False])))


@pytest.mark.parametrize("program", [two_outputs], ids=lambda p: p.__name__)
def test_ufunc_program_matches_numpy(program, backend, ours):
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        _close(_describe(program(ours), ours), _describe(program(real_np), real_np))
