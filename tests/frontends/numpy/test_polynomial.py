"""Conformance rows for numpy's legacy polynomials (poly, roots, polyadd..., polyfit, vander,
trim_zeros) and window functions against real NumPy, plus snippets for ``poly1d`` and errors."""
import dataclasses
import warnings

import numpy as real_np
import pytest
from hypothesis import strategies as st

import ivy.frontends.numpy as fnp
from tests.conformance import Case, arr, axis_for, make_tests, optional, shapes, shared_shape


X = shared_shape("x", max_dims=2)
VEC = shapes(min_dims=1, max_dims=1, max_side=4)
FEW = {"max_examples": 2}
SOME = {"max_examples": 2}        # every row without its own settings (the file's time budget)
COEF = ("int8", "int64", "float32", "float64")


def _as_root_set(r):
    """Roots as a set: the backends' eigensolvers order them differently from LAPACK's."""
    r = real_np.asarray(r)
    key = real_np.lexsort((real_np.round(r.imag, 6), real_np.round(r.real, 6)))
    return r[key]


ROWS = [
    Case("np.poly", args=(arr(("int32", "float32", "float64"), VEC, min_value=-5, max_value=5),)),
    Case("np.poly", id="np.poly-matrix", args=(arr("float64", (2, 2)),), rtol=1e-9,
         atol=1e-9, settings=FEW),
    Case("np.roots", args=(arr(("int32", "float64"), (4,), min_value=1, max_value=9),),
         transform=_as_root_set, rtol=1e-7, atol=1e-7),
    Case("np.roots", id="np.roots-zeros", args=([0, 0, 1, -3, 2, 0],), transform=_as_root_set,
         rtol=1e-9, settings=FEW),
    Case("np.polyadd", args=(arr(COEF, VEC), arr(COEF, VEC))),
    Case("np.polysub", args=(arr(COEF, VEC), arr(("int16", "float64"), VEC))),
    Case("np.polymul", args=(arr(COEF, VEC, min_value=-9, max_value=9),
                             arr(("int8", "float64"), VEC, min_value=-9, max_value=9))),
    Case("np.polydiv", args=(arr(("int32", "float32", "float64"), VEC),
                             arr(("float32", "float64"), VEC, min_value=1, max_value=5)),
         rtol={"float32": 1e-4}, atol={"float32": 1e-4}),
    Case("np.polyder", args=(arr(COEF + ("uint8",), VEC),), kwargs={"m": optional(st.integers(
        -1, 4))}),
    Case("np.polyint", args=(arr(COEF, VEC),),
         kwargs={"m": optional(st.integers(0, 3)),
                 "k": optional(st.sampled_from([None, 2, [1, 2, 3], [1.5, 2, 3]]))}),
    Case("np.polyfit", args=(arr("float64", (6,), unique=True), arr(("float64", "float32"), (6,)),
                             st.integers(0, 3)),
         kwargs={"full": optional(st.booleans()),
                 "w": optional(arr("float64", (6,), min_value=0.5, max_value=2)),
                 "cov": optional(st.sampled_from([False, True, "unscaled"]))},
         rtol=1e-6, atol=1e-8),
    Case("np.polyfit", id="np.polyfit-2d", args=(arr("int32", (5,), unique=True),
                                                  arr("float64", (5, 2)), 1),
         kwargs={"cov": st.booleans()}, rtol=1e-6, atol=1e-8, settings=FEW),
    Case("np.vander", args=(arr(("int8", "uint8", "float32", "float64", "bool", "complex64"), VEC,
                                min_value=-3, max_value=3),),
         kwargs={"N": optional(st.integers(0, 4)), "increasing": optional(st.booleans())}),
    Case("np.trim_zeros", args=(arr(("int32", "float64"), X, min_value=0, max_value=1),),
         kwargs={"trim": optional(st.sampled_from(["f", "b", "fb", "B"])),
                 "axis": optional(axis_for(X))}),
    Case("np.bartlett", args=(st.integers(-1, 6),)),
    Case("np.blackman", args=(st.integers(-1, 6),), atol=1e-15),
    Case("np.hamming", args=(st.integers(-1, 6),)),
    Case("np.hanning", args=(st.integers(-1, 6),), atol=1e-15),
    Case("np.kaiser", args=(st.integers(-1, 6), st.floats(-5, 12)), rtol=1e-9),
]
test_polynomial = make_tests([r if r.settings else dataclasses.replace(r, settings=SOME)
                              for r in ROWS])


# ---- snippets: poly1d, NumPy scalars, errors ------------------------------------------------


def _describe(x):
    if isinstance(x, BaseException):
        return ("error", next(c.__name__ for c in type(x).__mro__ if c.__module__ == "builtins"))
    if isinstance(x, (real_np.poly1d, fnp.poly1d)):
        return ("poly1d", type(x).__name__, repr(x), str(x.coeffs.dtype), x.variable, x.order)
    if isinstance(x, (tuple, list)):
        return (type(x).__name__,) + tuple(_describe(v) for v in x)
    if x is None or isinstance(x, (str, int, float, bool)) and not isinstance(x, real_np.generic):
        return ("python", type(x).__name__, x)
    kind = "scalar" if isinstance(x, real_np.generic) else "array"
    a = real_np.asarray(x)
    values = str(real_np.round(a.astype(real_np.complex128), 6).tolist())
    return (kind, str(a.dtype), a.shape, values)


def _steps(*thunks):
    out = []
    for thunk in thunks:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                out.append(thunk())
        except Exception as e:      # noqa: BLE001 - the type is compared
            out.append(e)
    return [_describe(v) for v in out]


def poly1d_class(np):
    p = np.poly1d([1, 2, 3])
    q = np.poly1d([1.5, 0, 2], variable="z")
    r = np.poly1d([1, 2])
    r[3] = 7
    return _steps(lambda: p, lambda: q, lambda: np.poly1d([0, 0, 1]), lambda: np.poly1d(p),
                  lambda: p(2), lambda: p(r), lambda: [1, 1] - p, lambda: p * r,
                  lambda: 2 * p, lambda: p / 2, lambda: p / np.poly1d([1, 1]), lambda: p ** 2,
                  lambda: -p, lambda: p.deriv(), lambda: p.integ(),
                  lambda: (p.order, p.o, len(p), q.variable),
                  lambda: (p.coeffs, p.c, p.coef, p.coefficients),
                  lambda: (p[0], p[2], p[5], p[-1]), lambda: (p == np.poly1d([1, 2, 3]), p == q,
                                                              p != q, p == 3),
                  lambda: list(p), lambda: np.asarray(p), lambda: r,
                  lambda: str(q) + str(np.poly1d([1j, -2, 0.5])) + str(np.poly1d(range(1, 25))),
                  lambda: np.polyadd(p, [1]), lambda: p ** -1, lambda: np.poly1d([[1, 2]]),
                  lambda: setattr(p, "coeffs", np.array([1])), lambda: r.__setitem__(-1, 2))


def results(np):
    a = np.array([[0, 0, 0], [0, 1, 0], [0, 0, 2]])
    t = np.trim_zeros(a)
    t[0, 0] = 9                         # a view: the base sees it
    return _steps(lambda: np.poly([]), lambda: np.poly(np.array([1j, -1j])),
                  lambda: np.poly(np.array([1 + 1j, 2])), lambda: np.roots([5]),
                  lambda: np.roots([0.0, 0.0]), lambda: np.roots(np.array([1, 0, 0])),

                  lambda: np.trim_zeros([0, 1, 0]), lambda: np.trim_zeros((0, 2, 0), "b"),
                  lambda: np.trim_zeros(np.array(3)), lambda: np.trim_zeros(np.zeros((2, 3))),
                  lambda: a, lambda: np.kaiser(1, 3.0), lambda: np.hanning(2.5),
                  lambda: np.vander([1, 2], 0))


def errors(np):
    x = np.array([0.0, 1, 2, 3])
    return _steps(lambda: np.poly(np.ones((2, 3))), lambda: np.roots(np.ones((2, 2))),
                  lambda: np.poly(3), lambda: np.roots(3), lambda: np.polyder(3, 0),
                  lambda: np.polyint(3),
                  lambda: np.polyder([1, 2], -1), lambda: np.polyint([1, 2], -1),
                  lambda: np.polyint([1, 2], 3, k=[1, 2]), lambda: np.polyfit(x, x, -1),
                  lambda: np.polyfit(x[:, None], x, 1), lambda: np.polyfit(x[:0], x[:0], 1),
                  lambda: np.polyfit(x, x[:3], 1), lambda: np.polyfit(x, np.ones((4, 2, 2)), 1),
                  lambda: np.polyfit(x, x, 1, w=np.ones(3)),
                  lambda: np.polyfit(x, x, 1, w=np.ones((4, 1))),
                  lambda: np.vander(np.ones((2, 2))), lambda: np.vander(x, -1),
                  lambda: np.trim_zeros(x, "x"), lambda: np.trim_zeros(x, ""),
                  lambda: np.trim_zeros(np.ones((2, 2)), axis=2),
                  lambda: np.trim_zeros([[0, 1], [0, 0]]))


PROGRAMS = [poly1d_class, results, errors]


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.__name__)
def test_snippet_matches_numpy(program, backend, ours):
    got, want = program(ours), program(real_np)
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        assert g == w, (program.__name__, i, g, w)
