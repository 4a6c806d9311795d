"""Conformance rows for numpy's products and math functions (``_math``) against real NumPy, and
whole snippets for what rows do not see: NumPy scalars vs arrays, Python bools, ``@=``, ``out=``."""
import numpy as real_np
import pytest
from hypothesis import strategies as st

from tests.conformance import (Case, arr, axis_for, make_tests, optional, shared_dtype,
                               shared_shape)

from .test_programs import _close, _describe, _steps

PROD = ("bool", "int8", "uint8", "int32", "int64", "float32", "float64")
FLT = ("float32", "float64")
REAL = ("int8", "int16", "uint8", "int32", "int64", "float16", "float32", "float64")
NO_F16 = tuple(d for d in REAL if d != "float16")
X = shared_shape("x", min_dims=1)
F = shared_dtype(FLT, "f")
FEW = {"max_examples": 4}
CPLX = ("complex64", "complex128")
# values whose imaginary part is often zero (isreal, iscomplex, real_if_close)
V = (5,)        # fixed shapes: jax compiles once per (shape, dtype)
Y = st.shared(st.sampled_from([(4,), (2, 3)]), key="cumulative")
IMAG0 = st.one_of(arr(("int8", "float32"), V), arr(CPLX, V, elements=st.sampled_from(
    [0.0, 1.5, -2.0, 3.0 + 1e-14j, 1.0 + 2.0j, -1.0j])))
MODES = st.sampled_from(["full", "same", "valid"])
TOL = {"float32": 1e-4, "float16": 1e-2}

test_math = make_tests([
    Case("np.dot", args=(arr(PROD, (2, 3)), arr(PROD, (3, 2)))),
    Case("np.dot", args=(arr(PROD, (3,)), arr(PROD, (3,))), id="np.dot-1d", settings=FEW),
    Case("np.dot", args=(arr(FLT, (2, 2, 3)), arr(FLT, st.sampled_from([(3,), (4, 3, 2), (2,)])))),
    Case("numpy.ndarray.dot", args=(arr(F, (2, 3)), arr(F, (3,))), settings=FEW),
    Case("np.matmul", args=(arr(PROD, st.sampled_from([(3,), (2, 3), (2, 1, 3)])),
                            arr(PROD, st.sampled_from([(3,), (3, 2), (2, 3, 2), (4, 2)])))),
    Case("np.matmul", args=(arr(FLT, (2, 3)), arr(("int32", "float32"), (3, 2))),
         kwargs={"dtype": st.sampled_from(["float32", "float64", "int32"]),
                 "casting": optional(st.sampled_from(["unsafe", "same_kind"]))},
         id="np.matmul-dtype", settings={"max_examples": 6}),
    Case("numpy.ndarray.__matmul__",
         args=(arr(F, (2, 3)), arr(F, st.sampled_from([(3,), (3, 2)]))), settings=FEW),
    Case("numpy.ndarray.__rmatmul__", args=(arr(F, (3, 2)), arr(F, (2, 3))), settings=FEW),
    Case("np.vdot", args=(arr(("complex64", "float64", "int32"), (2, 2)),
                          arr(("complex128", "float32"), (4,))), settings=FEW),
    Case("np.inner", args=(arr(PROD, st.sampled_from([(3,), (2, 3)])), arr(PROD, (2, 3))),
         settings=FEW),
    Case("np.outer", args=(arr(PROD, (2, 2)), arr(PROD, (3,))), settings=FEW),
    Case("np.tensordot", args=(arr(FLT, (2, 3, 4)), arr(FLT, (3, 4, 2))),
         kwargs={"axes": st.sampled_from([2, 0, ([1], [0]), ((1, 2), (0, 1)), 1])}, settings=FEW),
    Case("np.einsum", args=(st.sampled_from(["ij,jk->ik", "ij,jk", "ii->i", "ij->", "ij,ij->i",
                                             "...j,jk"]),
                            arr(PROD, (3, 3)), arr(PROD, (3, 3))), rtol=TOL, settings=FEW),
    Case("np.einsum", args=(st.just("i,i"), arr(("int8", "int32"), (3,)), arr("int8", (3,))),
         kwargs={"dtype": optional(st.sampled_from(["float64", "int16", "int64"]))},
         id="np.einsum-dtype", settings=FEW),
    Case("np.kron", args=(arr(PROD, (2, 2)), arr(PROD, st.sampled_from([(2,), (1, 3)]))),
         settings=FEW),
    Case("np.trace", args=(arr(REAL + ("bool",), (3, 4, 2)),),
         kwargs={"offset": st.integers(-2, 2), "axis1": optional(st.sampled_from([0, 1, -1])),
                 "axis2": optional(st.sampled_from([1, 2]))}, settings=FEW),
    Case("numpy.ndarray.trace", args=(arr(("int8", "float32"), (3, 3)),),
         kwargs={"dtype": optional(st.sampled_from(["float64", "int8"]))}, settings=FEW),
    Case("np.cross", args=(arr(("int8", "uint8", "float32", "float64"), (2, 3)),
                           arr(("int16", "float32", "float64"), st.sampled_from([(3,), (2, 3)]))),
         kwargs={"axisc": optional(st.sampled_from([0, -1]))}, settings=FEW),
    Case("np.cumsum", args=(arr(NO_F16 + ("bool",), X),), kwargs={"axis": optional(axis_for(X))},
         settings=FEW),
    # float16 running sums: torch and jax accumulate in float32, NumPy rounds each step to
    # float16: the tolerance is float16's rounding over 4 steps
    Case("np.cumsum", args=(arr("float16", (4,)),), rtol={"float16": 1e-2},
         atol={"float16": 2e-2}, id="np.cumsum-float16", settings=FEW),
    Case("numpy.ndarray.cumprod", args=(arr(("int8", "uint8", "float32"), X),),
         kwargs={"axis": optional(axis_for(X, none=False))}, settings=FEW),
    Case("np.diff", args=(arr(REAL + ("bool",), X),),
         kwargs={"n": optional(st.integers(0, 3)), "axis": optional(axis_for(X, none=False))},
         settings=FEW),
    Case("np.diff", args=(arr(("int8", "float32"), (4,)),),
         kwargs={"prepend": st.sampled_from([0, 1.5]), "append": optional(st.just(2))},
         id="np.diff-extend", settings=FEW),
    Case("np.ediff1d", args=(arr(("int8", "float32", "bool"), (2, 3)),),
         kwargs={"to_end": optional(st.sampled_from([5, 2.5])),
                 "to_begin": optional(st.just(-1))}, settings=FEW),
    Case("np.round", args=(arr(REAL + ("bool", "complex128"), (5,)),),
         kwargs={"decimals": optional(st.integers(-2, 2))}, settings=FEW),
    Case("numpy.ndarray.round", args=(arr(FLT, (3,)),), kwargs={"decimals": st.integers(0, 3)},
         settings=FEW),
    Case("np.isclose", args=(arr(("float32", "float64", "int32"), (4,), edge=True),
                             arr(("float32", "float64"), (4,), edge=True)),
         kwargs={"equal_nan": optional(st.booleans()), "atol": optional(st.just(0.5))},
         settings=FEW),
    Case("np.allclose", args=(arr(FLT, (4,)), arr(FLT, (4,))),
         kwargs={"atol": optional(st.sampled_from([0.1, 25.0]))}, settings=FEW),
    Case("np.array_equal", args=(arr(("int8", "float32"), (2,), max_value=1, min_value=0),
                                 arr(("int64", "float64"), st.sampled_from([(2,), (3,)]),
                                     max_value=1, min_value=0)), settings=FEW),
    Case("np.array_equiv", args=(arr("int32", (2,), max_value=1, min_value=0),
                                 arr("int32", st.sampled_from([(2, 2), (3,), (1,)]),
                                     max_value=1, min_value=0)), settings=FEW),
    Case("np.convolve", args=(arr(("int8", "float32", "float64", "bool"),
                                  st.sampled_from([(5,), (2,)])),
                              arr(("int8", "float64"), st.sampled_from([(3,), (4,)])), MODES),
         settings=FEW),
    Case("np.correlate", args=(arr(("float64", "complex128"), st.sampled_from([(5,), (2,)])),
                               arr(("float32", "complex64"), st.sampled_from([(3,), (4,)])),
                               MODES), settings=FEW),
    Case("np.interp", args=(arr(("float32", "float64"), st.sampled_from([(), (4,)])),
                            st.just(real_np.array([-5.0, -1.0, 2.0, 6.0])),
                            arr(("float32", "float64", "complex128"), (4,))),
         kwargs={"left": optional(st.just(-99.0)), "right": optional(st.just(99.0))}, settings=FEW),
    Case("np.interp", args=(arr("float64", (4,)), st.just(real_np.array([-170.0, 170.0, 10.0])),
                            st.just(real_np.array([1.0, 2.0, 3.0]))),
         kwargs={"period": st.just(360)}, id="np.interp-period", settings=FEW),
    Case("np.polyval", args=(arr(("int8", "float32", "float64"), (3,), min_value=-3, max_value=3),
                             arr(("int8", "float32"), st.sampled_from([(), (2,)]), min_value=-3,
                                 max_value=3)), rtol=TOL, settings=FEW),
    Case("np.trapezoid", args=(arr(("int8", "float32", "float64", "bool"), (3, 4)),),
         kwargs={"dx": optional(st.just(0.5)), "axis": optional(st.sampled_from([0, -1]))},
         settings=FEW),
    Case("np.trapezoid", args=(arr(FLT, (2, 4)), arr(FLT, (4,))), id="np.trapezoid-x",
         settings=FEW),
    # NumPy 2's vector gufuncs, cumulative_*, the elementwise functions that are not ufuncs
    Case("np.vecdot", args=(arr(PROD + CPLX, st.sampled_from([(3,), (2, 3)])),
                            arr(PROD + CPLX, st.sampled_from([(3,), (4, 1, 3), (2,)]))),
         settings=FEW),
    Case("np.matvec", args=(arr(PROD + CPLX, st.sampled_from([(2, 3), (4, 2, 3)])),
                            arr(PROD + CPLX, st.sampled_from([(3,), (4, 1, 3), (2,)]))),
         settings=FEW),
    Case("np.vecmat", args=(arr(PROD + CPLX, st.sampled_from([(3,), (2, 3)])),
                            arr(PROD + CPLX, st.sampled_from([(3, 2), (2, 3, 4)]))), settings=FEW),
    Case("np.einsum_path", args=(st.just("ij,jk,kl"), arr("float32", (2, 3)),
                                 arr("float32", (3, 4)), arr("float32", (4, 5))),
         kwargs={"optimize": optional(st.sampled_from(["greedy", "optimal"]))}, settings=FEW),
    Case("np.cumulative_sum", args=(arr(NO_F16 + ("bool",), Y),),
         kwargs={"axis": optional(axis_for(Y)), "include_initial": optional(st.booleans()),
                 "dtype": optional(st.sampled_from(["float64", "int32"]))}, settings=FEW),
    Case("np.cumulative_prod", args=(arr(("int8", "uint8", "float32", "complex64"), Y),),
         kwargs={"axis": optional(axis_for(Y)), "include_initial": optional(st.booleans())},
         settings=FEW),
    Case("np.sinc", args=(arr(("int8", "float16", "float32", "float64") + CPLX, V),), rtol=TOL,
         settings=FEW),
    Case("np.i0", args=(arr(("int8", "float32", "float64", "complex64"), V),), settings=FEW),
    Case("np.angle", args=(arr(("int8", "bool", "float32", "float64") + CPLX, V, edge=True),),
         kwargs={"deg": optional(st.booleans())}, settings=FEW),
    Case("np.real", args=(arr(("int8", "float32") + CPLX, V),), settings=FEW),
    Case("np.imag", args=(arr(("int8", "float32") + CPLX, V),), settings=FEW),
    Case("np.isreal", args=(IMAG0,), settings=FEW),
    Case("np.iscomplex", args=(IMAG0,), settings=FEW),
    Case("np.iscomplexobj", args=(arr(("int8", "float32") + CPLX, V),), settings=FEW),
    Case("np.isrealobj", args=(arr(("int8", "float32") + CPLX, V),), settings=FEW),
    Case("np.isneginf", args=(arr(("int8", "float16", "float32", "float64", "complex64"), V,
                                  edge=True),), settings=FEW),
    Case("np.isposinf", args=(arr(("int8", "float32", "float64", "complex64"), V, edge=True),),
         settings=FEW),
    Case("np.nan_to_num", args=(arr(("bool", "int8", "float16", "float32", "float64") + CPLX,
                                    V, edge=True),),
         kwargs={"copy": optional(st.booleans()), "nan": optional(st.sampled_from([-1.0, 5])),
                 "posinf": optional(st.just(1e5)), "neginf": optional(st.just(-7.5))},
         settings=FEW),
    Case("np.fix", args=(arr(("bool", "int8", "float16", "float32", "float64"), V, edge=True),),
         settings=FEW),
    Case("np.real_if_close", args=(IMAG0,),
         kwargs={"tol": optional(st.sampled_from([100, 1e-3]))}, settings=FEW),
    Case("np.sort_complex", args=(arr(("int8", "uint8", "int64", "float32") + CPLX,
                                      st.sampled_from([(5,), (2, 3)]), min_value=-3,
                                      max_value=3),), settings=FEW),
    Case("np.unwrap", args=(arr(("int32", "float32", "float64"), (2, 5)),),
         kwargs={"discont": optional(st.sampled_from([1.0, 4.0])),
                 "axis": optional(st.sampled_from([0, -1])),
                 "period": optional(st.sampled_from([4, 5, 360.0, 2.5]))}, settings=FEW),
    Case("np.gradient", args=(arr(("int16", "float32", "float64", "complex128"), (4, 3)),),
         kwargs={"axis": optional(st.sampled_from([0, -1, (0, 1)])),
                 "edge_order": optional(st.sampled_from([1, 2]))}, rtol=TOL, settings=FEW),
    Case("np.gradient", args=(arr(("int8", "float32", "float64"), (4,)),
                              st.sampled_from([2.0, real_np.array([0.0, 1.0, 2.5, 4.0]),
                                               real_np.array([1, 3, 5, 7]),
                                               real_np.float32(0.5)])),
         kwargs={"edge_order": optional(st.sampled_from([1, 2]))}, rtol=TOL,
         id="np.gradient-spacing", settings=FEW),
    Case("np.mintypecode", args=(st.sampled_from([["d", "f"], "If", ["F", "d"], ["S"], "fG"]),),
         kwargs={"typeset": optional(st.sampled_from(["GDFgdf", "fd"]))}, settings=FEW),
    Case("np.common_type", args=(arr(("int8", "float16", "float32", "bool", "complex64"), V),
                                 arr(("int64", "float32"), V)), settings=FEW),
    Case("np.typename", args=(st.sampled_from(["d", "f", "b", "S1", "D", "?"]),), settings=FEW),
])



def kinds_of_results(np):
    a = np.arange(6.0).reshape(2, 3)
    v = np.array([1.0, 2.0, 3.0])
    i = np.arange(3)
    return _steps(np, lambda: np.dot(v, v), lambda: v @ v, lambda: np.dot(a, v), lambda: a @ v,
                  lambda: np.vdot(a, a), lambda: np.inner(v, v), lambda: np.matmul(i, i),
                  lambda: np.tensordot(v, v, 1), lambda: np.einsum("i,i", v, v),
                  lambda: np.trace(a), lambda: np.allclose(v, v), lambda: np.isclose(1.0, 1.0),
                  lambda: np.array_equal(v, v), lambda: np.array_equiv(v, [v, v]),
                  lambda: np.kron(2, 3), lambda: np.round(2.5), lambda: np.interp(2.5, v, v),
                  lambda: np.polyval([1, 2, 3], 2), lambda: np.trapezoid(v),
                  lambda: np.dot(3, 4), lambda: np.cumsum(5), lambda: np.outer(2, 3),
                  lambda: np.cross([1, 2, 3], [4, 5, 6]), lambda: a.dot(v),
                  lambda: np.cross([1, 2], [3, 4]), lambda: np.einsum(a, [0, 1], [1, 0]),
                  lambda: np.matmul([[1, 2]], [[3], [4]]), lambda: np.array([True]) @ [[True]])


def products_in_place_and_out(np):
    def imatmul(a, b):
        a @= b
        return a

    sq = np.arange(4.0).reshape(2, 2)
    out = np.zeros((2, 2))
    res = np.dot(sq, sq, out=out)
    out2 = np.zeros((3, 2, 2), dtype=np.float32)
    np.matmul(sq, sq, out=out2, casting="unsafe")
    c = np.zeros(3)
    np.cumsum(np.arange(3), out=c)
    r = np.zeros(2)
    np.round(np.array([1.26, 2.5]), 1, out=r)
    e = np.zeros((2, 2))
    np.einsum("ij,jk->ik", sq, sq, out=e)
    return _steps(np, lambda: [out, res is out], lambda: out2, lambda: c, lambda: r, lambda: e,
                  lambda: imatmul(np.ones((2, 2)), sq), lambda: imatmul(np.ones(2), sq),
                  lambda: imatmul(np.ones((2, 3)), np.ones((3, 4))),
                  lambda: imatmul(np.ones((2, 2)), np.ones(2)),
                  lambda: imatmul(np.ones((2, 2), dtype=np.int64), sq),
                  lambda: np.dot(sq, sq, out=np.zeros((2, 2), dtype=np.float32)),
                  lambda: np.matmul(sq, sq, out=np.zeros((2, 2), dtype=np.int64)))


def product_errors(np):
    a = np.ones((2, 3))
    return _steps(np, lambda: np.dot(a, a), lambda: np.matmul(a, a), lambda: np.matmul(2.0, a),
                  lambda: a @ a, lambda: np.inner(a, np.ones((2, 2))),
                  lambda: np.tensordot(a, a), lambda: np.vdot(a, np.ones(4)),
                  lambda: np.einsum("ij,jk", a, a), lambda: np.trace(np.ones(3)),
                  lambda: np.trace(a, axis1=5), lambda: np.cross(np.ones(4), np.ones(4)),
                  lambda: np.cross(np.ones(3, bool), np.ones(3, bool)),
                  lambda: np.diff(np.array(1.0)), lambda: np.diff(a, n=-1),
                  lambda: np.convolve([], [1.0]), lambda: np.convolve([1.0], [1.0], "bad"),
                  lambda: np.interp(1.0, [1.0, 2.0], [1.0]), lambda: np.interp(1.0, [], []),
                  lambda: np.round(np.array([True]), 1), lambda: np.ediff1d([True, False]),
                  lambda: np.einsum("i,i", np.ones(2), np.ones(2), dtype=np.int32),
                  lambda: np.einsum(np.ones((2, 3)), [0, 1], [1, 0]),
                  lambda: np.matmul(a, np.ones((3, 2)), dtype=np.int32))


def elementwise_kinds_views_errors(np):
    c = np.asarray([1 + 2j, 3 - 1j, -2j])
    re, im = np.real(c), np.imag(c)
    re[0] = 10                      # np.real/np.imag of a complex array are views
    im[1] = 5
    x = np.asarray([np.nan, np.inf, -np.inf, 1.0])
    y = np.nan_to_num(x, copy=False)
    f = np.asarray([1.0, 2.0, 4.0, 7.0])
    o = np.zeros(4, dtype=bool)
    n = np.isneginf(x * -1, out=o)
    return _steps(np, lambda: c, lambda: [y is x, x], lambda: [n is o, o],
                  lambda: np.real(1 + 2j), lambda: np.imag(3), lambda: np.real([1, 2]),
                  lambda: np.isreal(1), lambda: np.isreal(np.asarray(2.0)),
                  lambda: np.iscomplex(1), lambda: np.iscomplexobj([1j]),
                  lambda: np.isrealobj(c), lambda: np.sinc(0.5), lambda: np.i0(0.5),
                  lambda: np.angle(1 + 1j, deg=True), lambda: np.fix(-2.5),
                  lambda: np.isposinf(np.inf), lambda: np.nan_to_num(np.nan),
                  lambda: np.real_if_close(np.asarray(1 + 0j)), lambda: np.real_if_close(c),
                  lambda: np.fix(np.asarray([2.5, -2.5]), out=np.zeros(2)),
                  lambda: np.gradient(f), lambda: np.gradient(f.reshape(2, 2)),
                  lambda: np.gradient(f, np.asarray([0.0, 1.0, 3.0, 4.0]), edge_order=2),
                  lambda: np.gradient(f.reshape(2, 2), 2.0, 0.5),
                  lambda: np.vecdot(c, c), lambda: np.vecdot(np.ones((2, 3)), np.ones(3),
                                                             out=np.zeros(2)),
                  lambda: np.cumulative_sum(5), lambda: np.sort_complex([3, 1, 2]),
                  lambda: np.mintypecode([np.ones(2, dtype=np.float32)]),
                  lambda: np.common_type(np.ones(2, dtype=np.int8)),
                  lambda: np.i0(c), lambda: np.isneginf(c), lambda: np.gradient(np.ones(1)),
                  lambda: np.gradient(f, edge_order=3), lambda: np.gradient(f, 1.0, 2.0),
                  lambda: np.gradient(f, np.ones(3)), lambda: np.gradient(f, np.ones((2, 2))),
                  lambda: np.cumulative_sum(np.ones((2, 2))), lambda: np.vecdot(f, np.ones(3)),
                  lambda: np.vecdot(np.asarray(1.0), f), lambda: np.matvec(f, f),
                  lambda: np.vecmat(f, np.ones((3, 2))), lambda: np.sort_complex(1.0),
                  lambda: np.common_type(np.ones(2, dtype=bool)), lambda: np.unwrap(1.0),
                  lambda: np.real(c).base is c, lambda: np.cumulative_sum(f, axis=1),
                  lambda: np.vecdot.reduce(f), lambda: np.matmul.accumulate(f),
                  lambda: np.vecmat.outer(f, f), lambda: np.matvec.at(f, [0]))


PROGRAMS = [kinds_of_results, products_in_place_and_out, product_errors,
            elementwise_kinds_views_errors]


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.__name__)
def test_math_program_matches_numpy(program, backend, ours):
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        _close(_describe(program(ours), ours), _describe(program(real_np), real_np))
