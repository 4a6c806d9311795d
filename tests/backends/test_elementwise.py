"""Elementwise functions on every backend against array_api_strict."""
import numpy as np
import pytest
from hypothesis import strategies as st

from . import strategies as S
from .cases import binary, natural_exponent, nonzero_divisor, shift_count, unary
from .harness import EXACT, ULP, Case, Row, row_params, run_row

TRIG = dict(bound=1e3)                      # periodic functions: no argument-reduction contests
CBOUND = dict(bound=10.0, nonfinite=False)  # complex transcendental: finite, moderate
QUARTERS = dict(grid=0.25, bound=25.0)      # floor_divide/remainder: exact, tie-free quotients

# name, dtype category, tolerance, signed zeros, value options for real / complex inputs
UNARY = [
    ("abs", "numeric", ULP, True, {}, {}),
    ("acos", "floating", ULP, False, {}, CBOUND),
    ("acosh", "floating", ULP, False, {}, CBOUND),
    ("asin", "floating", ULP, "real", {}, CBOUND),
    ("asinh", "floating", ULP, "real", {}, CBOUND),
    ("atan", "floating", ULP, "real", {}, CBOUND),
    ("atanh", "floating", ULP, "real", {}, CBOUND),
    ("bitwise_invert", "integer or boolean", EXACT, False, {}, {}),
    ("ceil", "real numeric", EXACT, True, {}, {}),
    ("conj", "numeric", EXACT, True, {}, {}),
    ("cos", "floating", ULP, False, TRIG, CBOUND),
    ("cosh", "floating", ULP, False, {}, CBOUND),
    ("exp", "floating", ULP, False, {}, CBOUND),
    ("expm1", "floating", ULP, "real", {}, CBOUND),
    ("floor", "real numeric", EXACT, True, {}, {}),
    ("imag", "complex floating", EXACT, True, {}, {}),
    ("isfinite", "numeric", EXACT, False, {}, {}),
    ("isinf", "numeric", EXACT, False, {}, {}),
    ("isnan", "numeric", EXACT, False, {}, {}),
    ("log", "floating", ULP, False, {}, CBOUND),
    ("log1p", "floating", ULP, "real", {}, CBOUND),
    ("log2", "floating", ULP, False, {}, CBOUND),
    ("log10", "floating", ULP, False, {}, CBOUND),
    ("logical_not", "bool", EXACT, False, {}, {}),
    ("negative", "numeric", EXACT, True, {}, {}),
    ("positive", "numeric", EXACT, True, {}, {}),
    ("real", "numeric", EXACT, True, {}, {}),
    ("reciprocal", "floating", ULP, "real", {}, CBOUND),
    ("round", "numeric", EXACT, True, {}, {}),
    ("sign", "numeric", ULP, False, {}, CBOUND),
    ("signbit", "real floating", EXACT, False, {}, {}),
    ("sin", "floating", ULP, "real", TRIG, CBOUND),
    ("sinh", "floating", ULP, "real", {}, CBOUND),
    ("sqrt", "floating", ULP, "real", {}, CBOUND),
    ("square", "numeric", ULP, "real", {}, CBOUND),
    ("tan", "floating", ULP, "real", TRIG, CBOUND),
    ("tanh", "floating", ULP, "real", {}, CBOUND),
    ("trunc", "real numeric", EXACT, True, {}, {}),
]

# name, dtype category, tolerance, signed zeros, fix, value options for real / complex inputs
BINARY = [
    ("add", "numeric", EXACT, True, None, {}, {}),
    ("atan2", "real floating", ULP, True, None, {}, {}),
    ("bitwise_and", "integer or boolean", EXACT, False, None, {}, {}),
    ("bitwise_left_shift", "integer", EXACT, False, shift_count, {}, {}),
    ("bitwise_or", "integer or boolean", EXACT, False, None, {}, {}),
    ("bitwise_right_shift", "integer", EXACT, False, shift_count, {}, {}),
    ("bitwise_xor", "integer or boolean", EXACT, False, None, {}, {}),
    ("copysign", "real floating", EXACT, True, None, {}, {}),
    ("divide", "floating", ULP, "real", None, {}, dict(bound=1e3, nonfinite=False)),
    ("equal", "all", EXACT, False, None, {}, {}),
    ("floor_divide", "real numeric", EXACT, False, nonzero_divisor, QUARTERS, {}),
    ("greater", "real numeric", EXACT, False, None, {}, {}),
    ("greater_equal", "real numeric", EXACT, False, None, {}, {}),
    ("hypot", "real floating", ULP, False, None, {}, {}),
    ("less", "real numeric", EXACT, False, None, {}, {}),
    ("less_equal", "real numeric", EXACT, False, None, {}, {}),
    ("logaddexp", "real floating", ULP, False, None, {}, {}),
    ("logical_and", "bool", EXACT, False, None, {}, {}),
    ("logical_or", "bool", EXACT, False, None, {}, {}),
    ("logical_xor", "bool", EXACT, False, None, {}, {}),
    ("maximum", "real numeric", EXACT, False, None, {}, {}),
    ("minimum", "real numeric", EXACT, False, None, {}, {}),
    ("multiply", "numeric", ULP, "real", None, {}, dict(bound=1e3, nonfinite=False)),
    ("nextafter", "real floating", EXACT, True, None, {}, {}),
    ("not_equal", "all", EXACT, False, None, {}, {}),
    ("pow", "numeric", ULP, False, natural_exponent, {}, CBOUND),
    ("remainder", "real numeric", EXACT, False, nonzero_divisor, QUARTERS, {}),
    ("subtract", "numeric", EXACT, True, None, {}, {}),
]


@st.composite
def clip_case(draw):
    """clip(x, min, max): bounds of x's dtype (array or Python scalar or None) that broadcast to x,
    with min <= max (min > max and NaN bounds are unspecified)."""
    dtype = draw(S.dtypes("real numeric"))
    shp = draw(S.shapes())
    opts = dict(nonfinite=False)
    x = draw(S.arrays(dtype, shp))

    def bound():
        kind = draw(st.sampled_from(("none", "scalar", "array")))
        if kind == "none":
            return None
        if kind == "scalar":
            v = draw(S.elements(dtype, **opts))
            return int(v) if dtype.startswith(("int", "uint")) else float(v)
        keep = draw(st.integers(0, len(shp)))
        sub = tuple(1 if draw(st.booleans()) else d for d in shp[len(shp) - keep:])
        return draw(S.arrays(dtype, sub, **opts))

    lo, hi = bound(), bound()
    if lo is not None and hi is not None:
        if isinstance(lo, np.ndarray) or isinstance(hi, np.ndarray):
            npdt = S.np_dtype(dtype)  # both now broadcast to x's shape, as each did
            lo, hi = (np.asarray(np.minimum(lo, hi), dtype=npdt),
                      np.asarray(np.maximum(lo, hi), dtype=npdt))
        else:
            lo, hi = min(lo, hi), max(lo, hi)
    kwargs = {}
    if hi is not None or draw(st.booleans()):
        kwargs["max"] = hi
    if lo is not None and draw(st.booleans()):
        return Case(x, lo, **kwargs)
    return Case(x, min=lo, **kwargs)


@st.composite
def where_case(draw):
    """where(condition, x1, x2): three-way broadcasting; at most one Python scalar branch."""
    d1, d2 = draw(S.dtype_pairs("all"))
    sc, s1, s2 = draw(S.broadcastable_shapes(3))
    cond = draw(S.arrays("bool", sc))
    x1, x2 = draw(S.arrays(d1, s1)), draw(S.arrays(d2, s2))
    mode = draw(st.sampled_from(("arrays", "arrays", "scalar1", "scalar2")))
    if mode == "scalar1":
        x1 = draw(S.scalars(d2))
    elif mode == "scalar2":
        x2 = draw(S.scalars(d1))
    return Case(cond, x1, x2)


ROWS = (
    [Row(name, unary(cat, real=r, cplx=c), tol, signed_zeros=sz)
     for name, cat, tol, sz, r, c in UNARY]
    + [Row(name, binary(cat, fix=fix, real=r, cplx=c), tol, signed_zeros=sz)
       for name, cat, tol, sz, fix, r, c in BINARY]
    + [Row("clip", clip_case()), Row("where", where_case(), signed_zeros=True)]
)


@pytest.mark.parametrize("row", row_params(ROWS))
def test_elementwise(xp, backend, row):
    run_row(xp, backend, row)
