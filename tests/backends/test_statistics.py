"""Statistical functions on every backend against array_api_strict.

Float reductions compare with ``ACCUM`` tolerances scaled by the inputs' magnitudes (summation
order differs between frameworks); inputs avoid huge finite values so overflow never depends on
that order, but keep NaN, +-inf and +-0.
"""
import numpy as np
import pytest
from hypothesis import strategies as st

from . import strategies as S
from .cases import reduction, value_opts, wider_or_same
from .harness import ACCUM, EXACT, Case, Dt, Row, assert_values, row_params, run_row

MODERATE = dict(bound=1e3)
SMALL = dict(bound=4.0)  # products: no order-dependent overflow


@st.composite
def cumulative_case(draw, real):
    dtype = draw(S.dtypes("numeric"))
    shp = draw(S.shapes(1, 3))
    x = draw(S.arrays(dtype, shp, **value_opts(dtype, real, cplx_of(real))))
    kwargs = {}
    if len(shp) > 1 or draw(st.booleans()):
        kwargs["axis"] = draw(S.axis(len(shp)))
    out = draw(wider_or_same(dtype))
    if out is not None:
        kwargs["dtype"] = Dt(out)
    if draw(st.booleans()):
        kwargs["include_initial"] = draw(st.booleans())
    return Case(x, **kwargs)


def correction():
    return lambda dtype, shape: st.one_of(st.just({}), st.sampled_from((0, 1, 0.0, 1.0)).map(
        lambda c: {"correction": c}))


def max_abs(case):
    x = case.args[0]
    a = np.abs(x.astype(np.complex128 if x.dtype.kind == "c" else np.float64))
    a = a[np.isfinite(a)]
    return max(1.0, float(a.max()) if a.size else 1.0)


def check_std(got, exp, case, ctx):
    """std near 0 inherits the square root of var's rounding: compare squares, as var."""
    dtype = S.canonical(exp.dtype)
    assert_values(got * got, exp * exp, dtype, ACCUM, scale=max_abs(case) ** 2, where="std**2")


def cplx_of(opts):
    return dict(opts, nonfinite=False)


ROWS = [
    Row("cumulative_sum", cumulative_case(MODERATE), ACCUM),
    Row("cumulative_prod", cumulative_case(SMALL), ACCUM),
    Row("max", reduction("real numeric", real=MODERATE), EXACT),
    Row("min", reduction("real numeric", real=MODERATE), EXACT),
    Row("mean", reduction("floating", real=MODERATE, cplx=cplx_of(MODERATE), keepdims=True), ACCUM,
        scale=max_abs),
    Row("prod", reduction("numeric", dtype_kw=wider_or_same, real=SMALL, cplx=cplx_of(SMALL)), ACCUM),
    Row("std", reduction("real floating", real=MODERATE, extra=correction()), ACCUM,
        check=check_std),
    Row("sum", reduction("numeric", dtype_kw=wider_or_same, real=MODERATE, cplx=cplx_of(MODERATE)),
        ACCUM),
    Row("var", reduction("real floating", real=MODERATE, extra=correction()), ACCUM,
        scale=lambda case: max_abs(case) ** 2),
]


@pytest.mark.parametrize("row", row_params(ROWS))
def test_statistics(xp, backend, row):
    run_row(xp, backend, row)


@pytest.mark.parametrize("name", ["var", "std"])
def test_complex_variance_is_the_real_mean_squared_modulus(xp, name):
    """Unspecified by the standard; numpy, torch and jax agree, so every backend does."""
    x = np.array([[1 + 2j, 3 - 1j, 0.5j], [2, 1j, -1]], dtype=np.complex64)
    for axis, correction in ((None, 0.0), (1, 1.0), (0, 0.0)):
        got = getattr(xp, name)(xp.asarray(x), axis=axis, correction=correction)
        want = getattr(np, name)(x, axis=axis, ddof=correction)
        assert xp.dtype(got) == "float32"
        np.testing.assert_allclose(xp.to_numpy(got), want, rtol=1e-5)
