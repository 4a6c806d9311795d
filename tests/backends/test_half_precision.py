"""float16 and bfloat16, the ML dtypes ivy carries beyond the standard, on a sample of functions.

array_api_strict has neither, so the reference computes in float32 and rounds the result to the
input's dtype (ml_dtypes for bfloat16); tolerances are half-precision ones.
"""
import array_api_strict as strict
import numpy as np
import pytest
from hypothesis import strategies as st

from . import strategies as S
from .cases import binary, reduction, unary
from .harness import ACCUM, EXACT, ULP, Case, Dt, Row, resolve, row_params, run_row

HALF = S.HALF
VALUES = dict(bound=100.0)


def half_ref(qualname):
    """strict's function on float32 copies of half inputs, floating results rounded back.

    Python float scalars are rounded to the half dtype first, as the standard converts a scalar
    to its array operand's dtype."""
    def ref(*args, **kwargs):
        half = next((a.dtype for a in args if isinstance(a, np.ndarray)
                     and S.canonical(a.dtype) in HALF), None)

        def up(a):
            nonlocal half
            if isinstance(a, np.ndarray) and S.canonical(a.dtype) in HALF:
                half = a.dtype
                return strict.asarray(a.astype(np.float32))
            if isinstance(a, np.ndarray):
                return strict.asarray(a)
            if isinstance(a, str) and a in HALF:  # a dtype argument
                half = S.np_dtype(a)
                return strict.float32
            if isinstance(a, str) and hasattr(strict, a):
                return getattr(strict, a)
            if isinstance(a, list):
                return [up(x) for x in a]
            if isinstance(a, float) and half is not None:
                return float(np.asarray(a).astype(half))
            return a
        args, kwargs = [up(a) for a in args], {k: up(v) for k, v in kwargs.items()}
        with np.errstate(all="ignore"):
            out = resolve(strict, qualname)(*args, **kwargs)
        res = np.asarray(out._array)
        return res.astype(half) if half is not None and res.dtype == np.float32 else res
    return ref


def half_unary():
    return st.builds(Case, S.arrays(st.sampled_from(HALF), S.shapes(), **VALUES))


@st.composite
def half_binary(draw):
    dtype = draw(st.sampled_from(HALF))
    s1, s2 = draw(S.broadcastable_shapes(2))
    x1 = draw(S.arrays(dtype, s1, **VALUES))
    x2 = draw(st.one_of(S.arrays(dtype, s2, **VALUES), S.scalars("float32", bound=100.0)))
    return Case(x1, x2)


@st.composite
def half_astype(draw):
    if draw(st.booleans()):
        return Case(draw(S.arrays(st.sampled_from(HALF), S.shapes(), **VALUES)), Dt("float32"))
    x = draw(S.arrays("float32", S.shapes(), bound=100.0))
    return Case(x, Dt(draw(st.sampled_from(HALF))))


@st.composite
def half_matmul(draw):
    dtype = draw(st.sampled_from(HALF))
    n, k, m = (draw(st.integers(1, 3)) for _ in range(3))
    opts = dict(bound=4.0, nonfinite=False)
    return Case(draw(S.arrays(dtype, (n, k), **opts)), draw(S.arrays(dtype, (k, m), **opts)))


def where_args(case):
    x = case.args[0]
    with np.errstate(invalid="ignore"):
        cond = np.asarray(x > 0)
    return Case(cond, x, np.asarray(np.flip(x)).copy())


def row(name, args, tol=ULP, **kw):
    return Row(name, args, tol, id=f"{name}-half", ref=half_ref(name), ref_numpy=True, **kw)


ROWS = [
    row("asarray", half_unary(), EXACT, signed_zeros=True),
    Row("astype", half_astype(), EXACT, id="astype-half", ref_numpy=True,
        ref=lambda x, dtype: x.astype(S.np_dtype(dtype))),
    row("add", half_binary()),
    row("subtract", half_binary()),
    row("multiply", half_binary()),
    row("divide", half_binary()),
    row("maximum", half_binary(), EXACT),
    row("less", half_binary(), EXACT),
    row("equal", half_binary(), EXACT),
    row("negative", half_unary(), EXACT, signed_zeros=True),
    row("abs", half_unary(), EXACT, signed_zeros=True),
    row("floor", half_unary(), EXACT),
    row("round", half_unary(), EXACT),
    row("isnan", half_unary(), EXACT),
    row("exp", half_unary()),
    row("log", half_unary()),
    row("sqrt", half_unary()),
    row("sin", half_unary()),
    row("tanh", half_unary()),
    row("sum", reduction("real floating", half=True, real=VALUES).filter(
        lambda c: S.canonical(c.args[0].dtype) in HALF), ACCUM),
    row("max", reduction("real floating", half=True, real=VALUES).filter(
        lambda c: S.canonical(c.args[0].dtype) in HALF), EXACT),
    row("matmul", half_matmul(), ACCUM),
    row("where", half_unary().map(where_args), EXACT),
]
del binary, unary


@pytest.mark.parametrize("row", row_params(ROWS))
def test_half_precision(xp, backend, row):
    run_row(xp, backend, row)
