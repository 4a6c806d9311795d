"""Searching, sorting and set functions on every backend against array_api_strict.

The order of ``unique_*`` results is unspecified: they are compared as multisets (values with their
counts and first-occurrence indices), and ``inverse_indices`` by reconstruction. ``argsort`` with
``stable=False`` is checked by the order it produces, not by the indices.
"""
import array_api_strict as strict
import numpy as np
import pytest
from hypothesis import strategies as st

from . import strategies as S
from .cases import reduction
from .harness import EXACT, Case, Mismatch, Row, assert_values, row_params, run_row

NO_NAN = dict(nonfinite=False)


@st.composite
def arg_reduce_case(draw):
    """argmax/argmin: NaN-free real numbers; ties are common (the first occurrence wins)."""
    dtype = draw(S.dtypes("real numeric"))
    shp = draw(S.shapes())
    x = draw(S.arrays(dtype, shp, nonfinite=False, bound=3 if draw(st.booleans()) else None))
    kwargs = {}
    ax = draw(S.axis(len(shp), none=True))
    if ax is not None or draw(st.booleans()):
        kwargs["axis"] = ax
    if draw(st.booleans()):
        kwargs["keepdims"] = draw(st.booleans())
    return Case(x, **kwargs)


@st.composite
def nonzero_case(draw):
    x = draw(S.arrays(S.dtypes(), S.shapes(0 if draw(st.integers(0, 7)) == 0 else 1)))
    return Case(x)


@st.composite
def searchsorted_case(draw):
    dtype = draw(S.dtypes("real numeric"))
    x1 = draw(S.arrays(dtype, (draw(S.sides()),), **NO_NAN, bound=4))
    kwargs = {}
    if draw(st.booleans()):
        kwargs["sorter"] = np.argsort(x1, kind="stable")
    else:
        x1 = np.sort(x1)
    if draw(st.booleans()):
        kwargs["side"] = draw(st.sampled_from(("left", "right")))
    x2 = draw(S.arrays(dtype, S.shapes(), **NO_NAN, bound=4))  # scalar x2 is 2025.12
    return Case(x1, x2, **kwargs)


@st.composite
def unique_case(draw):
    dtype = draw(S.dtypes())
    # few distinct values so duplicates are common; NaNs (all distinct) and +-0 for floats
    opts = dict(bound=3) if dtype != "bool" else {}
    if dtype.startswith("complex"):
        opts["nonfinite"] = False
    return Case(draw(S.arrays(dtype, S.shapes(), **opts)))


@st.composite
def isin_case(draw):
    d1, d2 = draw(S.dtype_pairs("integer"))
    x1 = draw(S.arrays(d1, S.shapes(), bound=4))
    x2 = draw(S.arrays(d2, S.shapes(), bound=4))
    if draw(st.integers(0, 3)) == 0:
        x2 = draw(S.scalars(d1, bound=4))
    kwargs = {"invert": draw(st.booleans())} if draw(st.booleans()) else {}
    return Case(x1, x2, **kwargs)


@st.composite
def sort_case(draw, stable=(None, True)):
    dtype = draw(S.dtypes("real numeric"))
    shp = draw(S.shapes(1, 3))
    x = draw(S.arrays(dtype, shp, bound=3 if draw(st.booleans()) else None))
    kwargs = {}
    ax = draw(S.axis(len(shp)))
    if ax != -1 or draw(st.booleans()):
        kwargs["axis"] = ax
    if draw(st.booleans()):
        kwargs["descending"] = draw(st.booleans())
    s = draw(st.sampled_from(stable))
    if s is not None:
        kwargs["stable"] = s
    return Case(x, **kwargs)


def ref_isin(x1, x2, /, *, invert=False):
    """array_api_strict 2.6.1 drops ``invert`` (and enables isin for 2025.12 only)."""
    with strict.ArrayAPIStrictFlags(api_version="2025.12"):
        r = strict.isin(x1, x2)
    return strict.logical_not(r) if invert else r


# ---- property checks -----------------------------------------------------------------------------

def _dtype_name(a):
    return S.canonical(a.dtype)


def check_unique(fields):
    def check(got, exp, case, ctx):
        x = case.args[0]
        g = dict(zip(fields, got if isinstance(got, tuple) else (got,)))
        e = dict(zip(fields, exp if isinstance(exp, tuple) else (exp,)))
        dtype = _dtype_name(x)
        gv, ev = g["values"], e["values"]
        og, oe = np.argsort(gv, kind="stable"), np.argsort(ev, kind="stable")
        assert_values(gv[og], ev[oe], dtype, EXACT, where="values (sorted)")
        nan = np.isnan(ev[oe]) if ev.dtype.kind in "fc" else np.zeros(ev.shape, bool)
        if "counts" in g and not np.array_equal(g["counts"][og], e["counts"][oe]):
            raise Mismatch(f"counts (by value): {g['counts'][og]} vs {e['counts'][oe]}")
        if "indices" in g:
            gi, ei = g["indices"][og], e["indices"][oe]
            if not np.array_equal(gi[~nan], ei[~nan]) or sorted(gi[nan]) != sorted(ei[nan]):
                raise Mismatch(f"indices (first occurrences, by value): {gi} vs {ei}")
        if "inverse_indices" in g:
            assert_values(gv[g["inverse_indices"]], x, dtype, EXACT,
                          where="values[inverse_indices] (must rebuild x)")
    return check


def check_unstable_argsort(got, exp, case, ctx):
    """Any order that sorts x (ties in any order): the indices permute each lane and sort it."""
    x = case.args[0]
    axis = case.kwargs.get("axis", -1)
    if not np.array_equal(np.sort(got, axis=axis), np.sort(exp, axis=axis)):
        raise Mismatch(f"argsort: not a permutation along axis {axis}: {got}")
    assert_values(np.take_along_axis(x, got, axis=axis), np.take_along_axis(x, exp, axis=axis),
                  _dtype_name(x), EXACT, where="x[argsort(x)]")


ROWS = [
    Row("argmax", arg_reduce_case()),
    Row("argmin", arg_reduce_case()),
    Row("nonzero", nonzero_case()),
    Row("count_nonzero", reduction("all")),
    Row("searchsorted", searchsorted_case()),
    Row("unique_all", unique_case(),
        check=check_unique(("values", "indices", "inverse_indices", "counts"))),
    Row("unique_counts", unique_case(), check=check_unique(("values", "counts"))),
    Row("unique_inverse", unique_case(), check=check_unique(("values", "inverse_indices"))),
    Row("unique_values", unique_case(), check=check_unique(("values",))),
    Row("isin", isin_case(), ref=ref_isin),
    Row("argsort", sort_case()),
    Row("argsort", sort_case(stable=(False,)), id="argsort-unstable", check=check_unstable_argsort),
    Row("sort", sort_case(stable=(None, True, False))),
]


@pytest.mark.parametrize("row", row_params(ROWS))
def test_searching_sorting_sets(xp, backend, row):
    run_row(xp, backend, row)
