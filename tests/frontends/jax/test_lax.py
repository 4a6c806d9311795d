"""jax.lax vs real JAX (x64 on): strict dtypes, weak types, structure, reductions, convolutions,
gather/scatter. Control flow and the functions taking lax callables are in test_lax_control.py.

The rows are fixed examples (``E(...)``) checked with ``check_example``: real JAX compiles each
(primitive, shape, dtype) once per process, so fixed examples keep the four backends fast (drawn
geometries would each be a new compilation)."""
import ml_dtypes
import numpy as np
import pytest

from tests.conformance import Case, check_example
from tests.conformance.strategies import ArrayArg

S = (2, 3)
_RNG = np.random.default_rng(0)


def A(dtype, shape=S, lo=-5, hi=5, values=None):
    """A fixed array argument with values in [lo, hi] (``values``: exactly these)."""
    np_dtype = np.dtype(ml_dtypes.bfloat16) if dtype == "bfloat16" else np.dtype(dtype)
    if values is not None:
        return ArrayArg(np.asarray(values, dtype=np_dtype).reshape(shape))
    if np_dtype == np.bool_:
        a = _RNG.random(shape) < 0.5
    elif np_dtype.kind in "iu":
        a = _RNG.integers(max(lo, np.iinfo(np_dtype).min), min(hi, np.iinfo(np_dtype).max) + 1,
                          shape)
    elif np_dtype.kind == "c":
        a = _RNG.uniform(lo, hi, shape) + 1j * _RNG.uniform(lo, hi, shape)
    else:
        a = _RNG.uniform(lo, hi, shape)
    return ArrayArg(np.asarray(a).astype(np_dtype))


def E(*args, **kwargs):
    return args, kwargs


class Row:
    def __init__(self, name, examples, id=None, xfail=None, **case_kw):
        self.case = Case(f"jax.lax.{name}", xfail=xfail, id=id, **case_kw)
        self.examples = examples


ROWS = []


def row(name, *examples, **kw):
    ROWS.append(Row(name, list(examples), **kw))


def make_row_tests(rows):
    seen = {}
    for r in rows:
        n = seen[r.case.id] = seen.get(r.case.id, 0) + 1
        if n > 1:
            r.case.id = f"{r.case.id}-{n}"

    @pytest.mark.parametrize("r", rows, ids=[r.case.id for r in rows])
    def test(r, backend):
        reason = r.case.xfail_reason(backend)
        if reason is None:
            for args, kwargs in r.examples:
                check_example(r.case, backend, args, kwargs)
            return
        try:
            for args, kwargs in r.examples:
                check_example(r.case, backend, args, kwargs)
        except Exception as e:  # noqa: BLE001 - the listed gap
            pytest.xfail(f"{reason} [{type(e).__name__}: {str(e)[:200]}]")
        pytest.fail(f"{r.case.id} on {backend} is listed as a known gap ({reason}) but passes")
    return test


F32, F64 = "float32", "float64"
NP = np.dtype

# ---- elementwise: unary -----------------------------------------------------------------------
# name: (accepted dtype, rejected dtype or None, lo, hi)
UNARY = {
    "neg": ("int8", "bool", -5, 5), "sign": ("float64", "bool", -5, 5),
    "abs": ("int16", "uint8", -5, 5), "square": ("int32", "bool", -5, 5),
    "floor": (F32, "int32", -5, 5), "ceil": (F64, "int8", -5, 5),
    "is_finite": (F32, "int64", -5, 5), "exp": (F32, "int32", -5, 5),
    "exp2": (F64, None, -5, 5), "expm1": (F32, None, -5, 5), "log": (F64, None, 0.1, 10),
    "log1p": (F32, None, -0.5, 10), "tanh": ("complex64", None, -2, 2),
    "logistic": (F64, None, -5, 5), "sin": (F32, None, -5, 5), "cos": (F64, None, -5, 5),
    "tan": (F32, None, -1.5, 1.5), "asin": (F64, None, -0.99, 0.99),
    "acos": (F32, None, -0.99, 0.99), "atan": (F64, None, -5, 5), "sinh": (F32, None, -5, 5),
    "cosh": (F64, None, -5, 5), "asinh": (F32, None, -5, 5), "acosh": (F64, None, 1, 10),
    "atanh": (F32, None, -0.9, 0.9), "sqrt": (F64, "int32", 0, 10),
    "rsqrt": (F32, None, 0.1, 10), "cbrt": (F64, "complex64", -5, 5),
    "erf": (F32, None, -3, 3), "erfc": (F64, None, -3, 3), "erf_inv": (F32, None, -0.9, 0.9),
    "lgamma": (F64, None, 0.1, 10), "digamma": (F32, None, 0.1, 10),
    "bessel_i0e": (F64, None, -5, 5), "bessel_i1e": (F32, None, -5, 5),
    "reciprocal": (F64, "int32", 0.5, 10), "conj": (F32, "int32", -5, 5),
    "real": ("complex64", F32, -5, 5), "imag": ("complex128", None, -5, 5),
    "bitwise_not": ("uint16", F32, 0, 100),
    "population_count": ("int8", "bool", -100, 100), "clz": ("int32", F32, -100, 10**6),
    "stop_gradient": ("int32", None, -5, 5),
}
for _name, (_ok, _bad, _lo, _hi) in UNARY.items():
    row(_name, E(A(_ok, lo=_lo, hi=_hi)), *([E(A(_bad))] if _bad else []))
row("exp", E(1.0), E(1), E([1.0, 2.0]), id="jax.lax.exp-scalars")    # weak; int64 and list raise
row("sqrt", E(A("complex128")), id="jax.lax.sqrt-complex")
row("abs", E(A("complex64")), E(-2), id="jax.lax.abs-complex")
row("population_count", E(A("uint8", lo=0, hi=255)), E(A("int64", lo=-10**9, hi=10**9)),
    id="jax.lax.population_count-2")
row("clz", E(A("uint8", lo=0, hi=255)), E(A("int64", values=[0, 1, -1, 2**40, 7, -2**40])),
    id="jax.lax.clz-2")
row("round", E(A(F64, (6,), values=[0.5, 1.5, 2.5, -0.5, -2.5, 3.2])),
    E(A(F64, (6,), values=[0.5, 1.5, 2.5, -0.5, -2.5, 3.2]), 1), E(A(F32), rounding_method=0),
    E(A("int32")))
row("integer_pow", E(A("int32", lo=-3, hi=3), 3), E(A(F64), 0), E(A(F32, lo=0.5, hi=3), -2),
    E(A("int32"), -1), E(A("bool"), 2), E(2.0, 3))
row("convert_element_type", E(A(F64, values=[np.nan, 1e20, -2.7, 2.7, -1e20, 0.0]), NP("int32")),
    E(A(F64), NP("float32")), E(A("complex64"), NP("float32")), E(A("int32"), NP("bool")),
    E(A("int32", lo=-300, hi=300), NP("uint8")), E(1.0, NP("float32")), E(A(F32), float))
row("bitcast_convert_type", E(A(F32), NP("int32")), E(A(F32), NP("uint8")),
    E(A("uint8", (2, 4), 0, 255), NP("float32")), E(A("int32"), NP("int64")))

# ---- elementwise: binary ----------------------------------------------------------------------
# name: (accepted dtype, rejected dtype or None, lo, hi)
BINARY = {
    "add": ("int8", "bool", -50, 50), "sub": (F64, None, -5, 5),
    "mul": ("complex64", None, -5, 5), "max": (F32, None, -5, 5), "min": ("int16", None, -5, 5),
    "nextafter": (F64, "int32", -5, 5), "atan2": (F32, None, -5, 5),
    "igamma": (F64, None, 0.1, 5), "igammac": (F32, None, 0.1, 5), "zeta": (F64, None, 1.5, 5),
    "eq": ("complex64", None, -2, 2), "ne": ("bool", None, 0, 1),
    "lt": ("int8", "complex64", -5, 5),
    "le": ("uint8", None, 0, 5), "gt": ("bool", None, 0, 1), "ge": (F64, None, -2, 2),
    "bitwise_and": ("int32", F32, -50, 50), "bitwise_or": ("bool", None, 0, 1),
    "bitwise_xor": ("uint16", None, 0, 500), "complex": (F32, "int32", -5, 5),
    "div": ("int32", None, -20, 20), "rem": ("int8", "complex64", -20, 20),
}
for _name, (_ok, _bad, _lo, _hi) in BINARY.items():
    row(_name, E(A(_ok, lo=_lo, hi=_hi), A(_ok, lo=_lo, hi=_hi)),
        *([E(A(_bad), A(_bad))] if _bad else []))
row("max", E(A("bool"), A("bool")), E(A("complex64"), A("complex64")),
    E(A(F64, (3,), values=[np.nan, 1.0, 2.0]), A(F64, (3,), values=[0.0, np.nan, 1.0])),
    id="jax.lax.max-2")
row("min", E(A("bool"), A("bool")), E(A(F64, (3,), values=[np.nan, 1.0, 2.0]), 1.0),
    id="jax.lax.min-2")
row("lt", E(A("bool"), A("bool")), E(A(F32), A(F32)), id="jax.lax.lt-2")
row("add", E(A(F32), A(F64)), E(A(F32), 1.0), E(A(F64), 1.0), E(A("int64"), 2), E(A("int32"), 2),
    E(1, 2), E(1.0, 2), E(A(F32), True), E(A(F64, (3,)), A(F64, (2, 3))),
    E(A(F64, (2, 1)), A(F64, (1, 3))), E(A(F64, (2,)), A(F64, (3,))), E(A(F32), A(F32, ())),
    E(A(F32), [1.0]), E(A("bfloat16"), A("bfloat16")),
    id="jax.lax.add-rules")
row("mul", E(2.0, 1.5), E(A("int32"), A("int32"), out_dtype=NP("float64")), id="jax.lax.mul-2")
row("div", E(A("int64", lo=-20, hi=20), A("int64", lo=-9, hi=-1)),
    E(A("uint8", lo=0, hi=200), A("uint8", lo=1, hi=9)), E(A(F64), A(F64, lo=1, hi=3)),
    E(A("int32", (3,), values=[1, -1, 0]), A("int32", (3,), values=[0, 0, 0])),
    id="jax.lax.div-2")
row("rem", E(A(F64, lo=-20, hi=20), A(F64, lo=1, hi=3)),
    E(A("int64", lo=-20, hi=20), A("int64", lo=-7, hi=-1)), id="jax.lax.rem-2")
row("pow", E(A(F32, lo=0.5, hi=3), A(F32, lo=-2, hi=2)), E(A(F64, lo=-3, hi=3), A("int32", lo=0,
                                                                                    hi=4)),
    E(A(F32), 2), E(A(F32), 2.0), E(A(F64), 2.0), E(A("int32"), A("int32")), E(2.0, 3),
    E(A("complex64", lo=-1, hi=1), A("complex64", lo=-1, hi=1)))
for _name in ("shift_left", "shift_right_logical", "shift_right_arithmetic"):
    row(_name, E(A("int8", lo=-128, hi=127), A("int8", lo=-2, hi=10)),
        E(A("uint8", lo=0, hi=255), A("uint8", lo=0, hi=10)),
        E(A("int32", lo=-10**6, hi=10**6), A("int32", lo=-1, hi=40)), E(A("int32"), 1),
        E(A(F32), A(F32)))
row("clamp", E(A(F32, (), hi=-1), A(F32), A(F32, (), lo=1)), E(A("int32"), A("int32"), A("int32")),
    E(0.0, A(F64), 1.0), E(0.0, A(F32), 1.0), E(A(F64, (3,)), A(F64), 1.0), E(0.0, 2.0, 1.0),
    E(A("bool"), A("bool"), A("bool")))
row("select", E(A("bool"), A(F32), A(F32)), E(A("int32", lo=0, hi=1), A(F64), A(F64)),
    E(True, A(F32), A(F32)), E(A("bool"), A(F32), A(F64)), E(A("bool"), A(F32), 1.0),
    E(A("bool", (3,)), A(F32), A(F32)))
row("select_n", E(A("int32", lo=0, hi=2), A(F64), A(F64), A(F64)),
    E(A("bool", ()), A(F32), A(F32)), E(A("bool"), A(F64), A(F64), A(F64)), E(A("bool")),
    E(True, A(F64)), E(A("uint8", lo=0, hi=1), A("int32"), A("int32")),
    E(A(F32), A(F64), A(F64)))

# ---- structure --------------------------------------------------------------------------------
X, XI = A(F32), A("int64")
W = 1.0          # a weak operand
row("broadcast", E(X, (4,)), E(W, (2,)), E(XI, ()))
row("broadcast_in_dim", E(A(F64, (3, 1)), (2, 3, 4), (1, 2)), E(A(F64, (3,)), (2, 3), (1,)),
    E(A(F64, (3,)), (2, 4), (1,)), E(W, (2,), ()))
row("broadcast_shapes", E((2, 1), (3,)), E((2, 1), (4, 3)), E((2, 1), (3, 3)), E((), (2,)))
row("broadcast_to_rank", E(X, 4), E(X, 1))
row("broadcast_like", E(A(F64, (3,)), X))
row("reshape", E(X, (3, 2)), E(X, (3, 2), (1, 0)), E(XI, (6,)), E(X, (7,)), E(W, (1, 1)))
row("squeeze", E(A(F32, (1, 3, 1)), (0, 2)), E(A(F32, (1, 3, 1)), (-1,)),
    E(A(F32, (1, 3, 1)), (1,)), E(A(F32, (1, 3, 1)), ()))
row("expand_dims", E(X, (0, 3)), E(X, (-1,)), E(W, (0,)))
row("transpose", E(X, (1, 0)), E(XI, (0, 1)), E(X, (0,)))
row("rev", E(X, (0, 1)), E(X, ()), E(XI, (1,)), E(X, (-1,)))
row("concatenate", E([X, A(F32, (2, 2))], 1), E([X, XI], 1), E([X, X], -1), E([X, W], 1),
    E((A(F64, (2,)), A(F64, (1,))), 0))
row("pad", E(A(F64), 0.0, [(1, 2, 1), (0, -1, 0)]), E(A(F64), 1.5, [(0, 0, 2), (2, 1, 1)]),
    E(A(F64), 0, [(1, 1, 0), (0, 0, 0)]), E(A(F64), 0.0, [(0, 0, -1), (0, 0, 0)]))
row("slice", E(X, (0, 1), (2, 3)), E(XI, (0, 0), (2, 3), (1, 2)), E(X, (0, 1), (3, 3)))
row("slice_in_dim", E(X, 1, None, 1, 1), E(X, -2, None, 1, 1), E(XI, None, -1, 2, 1),
    E(X, 0, 2, 1, 0))
row("index_in_dim", E(X, -1, 1, False), E(X, 1, 0), E(X, 5, 1))
row("dynamic_slice", E(X, (1, 2), (2, 2)), E(X, (-1, 0), (1, 2)), E(X, (0, 0), (3, 2)),
    E(X, A("int32", (2,), values=[1, -5]), (1, 2)), E(X, (7, -9), (1, 3)))
row("dynamic_slice_in_dim", E(X, 2, 2, 1), E(X, -1, 1, 0), E(XI, 5, 3, 1))
row("dynamic_index_in_dim", E(X, 5, 1, False), E(X, -1, 0), E(XI, 1, 1, True))
row("dynamic_update_slice", E(A(F64), A(F64, (1, 2)), (5, -7)), E(A(F64), A(F64, (2, 2)), (0, 1)),
    E(A(F64), A(F32, (1, 2)), (0, 0)), E(A(F64), 1.0, ()))
row("dynamic_update_slice_in_dim", E(A(F64), A(F64, (2, 2)), 2, 1), E(A(F64), A(F64, (1, 3)),
                                                                     -1, 0))
row("dynamic_update_index_in_dim", E(A(F64), A(F64, (2,)), 1, 1),
    E(A(F64), A(F64, (2, 1)), -1, 1), E(A(F64), A(F64, (3,)), 5, 0))
row("collapse", E(A(F32, (2, 3, 4)), 1), E(A(F32, (2, 3, 4)), 0, 2), E(A(F32, (2, 3, 4)), 0, -1))
row("tile", E(X, (1, 2)), E(XI, (2, 1)))
row("stack", E([X, X], 0), E((X, X), 2), E([X, XI], 0))
row("unstack", E(X, 1), E(XI))
row("split", E(X, (1, 2), 1), E(X, (1, 1), 1), E(XI, (2,), 0))
row("iota", E(NP("int32"), 4), E(float, 3), E(NP("uint8"), 0))
row("broadcasted_iota", E(NP("int32"), (2, 3), 1), E(NP("float32"), (2, 3), 0))
row("full", E((2, 3), 1.0), E((2,), 1), E((2,), 1.0, NP("float32")), E((2,), True),
    E((2,), A(F32, ())), E((2,), A(F32, (2,))))
row("full_like", E(X, 2), E(X, 2.5, NP("int32"), (3,)), E(W, 2), E(XI, 1.5))

# ---- reductions, cumulative, sorting ----------------------------------------------------------
for _name, _ok, _bad in (("reduce_sum", F32, "bool"), ("reduce_prod", "int32", "bool"),
                         ("reduce_max", "int8", None), ("reduce_min", F64, None),
                         ("reduce_and", "int32", F32), ("reduce_or", "bool", None),
                         ("reduce_xor", "int16", None)):
    row(_name, E(A(_ok, lo=-3, hi=3), (0,)), E(A(_ok, lo=-3, hi=3), (0, 1)),
        E(A(_ok, lo=-3, hi=3), ()), E(A(_ok), (2,)), *([E(A(_bad), (0,))] if _bad else []))
row("reduce_sum", E(W, ()), E(A("bool"), (1,)), id="jax.lax.reduce_sum-2")
row("reduce_max", E(A("bool"), (1,)), E(A(F64, (3,), values=[1.0, np.nan, 2.0]), (0,)),
    id="jax.lax.reduce_max-2")
row("reduce_precision", E(A(F64), 5, 10), E(A(F32), 8, 7), E(W, 5, 10))
for _name, _ok, _bad in (("cumsum", F32, "bool"), ("cumprod", "int64", None),
                         ("cummax", "int32", None), ("cummin", F64, "bool"),
                         ("cumlogsumexp", F32, None)):
    row(_name, E(A(_ok, lo=-3, hi=3)), E(A(_ok, lo=-3, hi=3), 1, True),
        E(A(_ok, lo=-3, hi=3), axis=0, reverse=True), E(A(_ok), -1), E(A(_ok), 2),
        *([E(A(_bad), 1)] if _bad else []))
row("argmax", E(A(F32), 1, NP("int32")), E(A(F32), 2, NP("int32")),
    E(A(F32), 0, NP("float32")), E(A("bool"), 1, NP("int32")),
    E(A(F64, (3,), values=[1.0, np.nan, 2.0]), 0, NP("int32")))
row("argmin", E(A(F64), 1, NP("int32")), E(A("uint8", lo=0, hi=9), 0, NP("int64")))
row("sort", E(A(F32)), E(A(F64, (6,), values=[3.0, np.nan, -1.0, np.inf, 0.0, -np.inf])),
    E([A("int32", lo=0, hi=1), A(F64)], num_keys=2),
    E((A("int32", lo=0, hi=1), A("int32", lo=0, hi=1), A(F32)), 0, True, 2),
    E((A(F32), A(F32, (3,))),))
row("sort_key_val", E(A(F32, lo=0, hi=3), A("int32")), E(A("int32", lo=0, hi=2), A(F64), 0))
row("top_k", E(A(F32), 2), E(A(F32), 4), E(A(F32), 1, axis=0), E(W, 1))
row("approx_max_k", E(A(F32), 2), E(A("int32", (2, 5), values=list(range(10))), 3, 0))
row("approx_min_k", E(A(F64), 2))
row("optimization_barrier", E((A(F32), 1.0)))

# ---- dot products -----------------------------------------------------------------------------
row("dot", E(A(F64), A(F64, (3, 2))), E(A(F32), A("int32", (3, 2))), E(A(F32), A(F64, (3,))),
    E(A("int32"), A("int32", (3, 2)), preferred_element_type=NP("float64")),
    E(A(F64, (3,)), A(F64, (3,))), E(A(F64, (3,)), A(F64)), E(A(F64), A(F64, (2,))),
    E(A(F64), A(F64, (3, 2)), precision="highest"), E(A(F64), A(F64, (3, 2)), precision=(None,
                                                                                         None)))
row("dot_general", E(A(F64, (2, 3, 4)), A(F64, (2, 4, 5)), (((2,), (1,)), ((0,), (0,)))),
    E(A(F64, (2, 3, 4)), A(F64, (5, 4, 2)), (([2], [1]), ([0], [2]))),
    E(A("bool"), A("bool", (3,)), (((1,), (0,)), ((), ()))),
    E(A("int32"), A("int32"), (((0,), (0,)), ((), ())), preferred_element_type=NP("int64")),
    E(A(F32), A(F32), (((1,), (0,)), ((), ()))))
row("batch_matmul", E(A(F32, (2, 3, 4)), A(F32, (2, 4, 2))), E(A(F64, (3, 4)), A(F64, (4, 2))))

# ---- convolutions and windows -----------------------------------------------------------------
CX, CW = A(F64, (1, 2, 5, 5)), A(F64, (3, 2, 3, 3))
row("conv", E(CX, CW, (1, 1), "SAME"), E(A(F32, (1, 2, 4, 4)), CW, (1, 1), "SAME"),
    E(CX, CW, (1,), "SAME"),
    E(A("int32", (1, 2, 4, 4)), A("int32", (3, 2, 3, 3)), (1, 1), "SAME"), rtol=1e-10)
row("conv_general_dilated", E(CX, CW, (2, 2), ((1, 1), (0, 2)), (2, 1), (1, 2)),
    E(CX, CW, (1, 1), "SAME", (2, 1)),
    E(A(F32, (1, 5, 5, 4)), A(F32, (3, 3, 2, 6)), (1, 1), "SAME",
      dimension_numbers=("NHWC", "HWIO", "NHWC"), feature_group_count=2),
    E(A(F64, (4, 2, 4)), A(F64, (6, 2, 3)), (1,), "VALID", batch_group_count=2),
    E(CX, CW, (1, 1), "VALID", feature_group_count=2), rtol={"float64": 1e-10, "float32": 1e-4})
row("conv_with_general_padding", E(CX, CW, (1, 1), ((1, 0), (2, 1)), (1, 1), (2, 1)),
    rtol=1e-10)
row("conv_transpose", E(A(F64, (1, 4, 4, 2)), A(F64, (3, 3, 2, 3)), (2, 2), "VALID"),
    E(A(F64, (1, 2, 4)), A(F64, (3, 2, 3)), (2,), ((1, 2),), dimension_numbers=("NCH", "OIH",
                                                                                 "NCH")),
    rtol=1e-10)
row("padtype_to_pads", E((5, 6), (3, 2), (1, 1), "SAME"), E((5, 6), (3, 2), (2, 3), "VALID"),
    E((5, 6), (3, 2), (2, 3), "SAME_LOWER"))
row("conv_dimension_numbers", E((1, 2, 5, 5), (3, 2, 3, 3), ("NCHW", "OIHW", "NCHW")),
    E((1, 5, 5, 2), (3, 3, 2, 3), ("NHWC", "HWIO", "NHWC")), E((1, 2, 5), (3, 2, 3), None))
row("reduce_window_shape_tuple", E((1, 2, 5, 5), (1, 1, 2, 2), (1, 1, 2, 2),
                                   ((0, 0), (0, 0), (1, 0), (0, 1))))

test_lax = make_row_tests(ROWS)
