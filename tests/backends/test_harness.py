"""The checker itself: it must fail on wrong results and accept only listed gaps.

Runs rows against the numpy backend with one function swapped for a broken one.
"""
import types

import numpy as np
import pytest
from hypothesis import Phase
from hypothesis import strategies as st

import ivy
from ivy.core.errors import IvyNotImplementedError

from . import harness as H
from . import strategies as S
from .cases import binary, unary
from .known_gaps import Gap, flush_subnormals, subnormal_inputs

pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.NonInteractiveExampleWarning")


# No shrinking: failing is the point here.
FAST = dict(phases=(Phase.explicit, Phase.generate), max_examples=6)


def patched(**fns):
    """The numpy namespace with some functions replaced."""
    ns = ivy.backend_namespace("numpy")
    fake = types.SimpleNamespace(**vars(ns))
    fake.__dict__.update(fns)
    return fake


def float_row(name, **kw):
    return H.Row(name, unary("real floating"), settings=FAST, **kw)


def raise_nie(*args, **kwargs):
    raise IvyNotImplementedError("nope", function="negative", backend="numpy")


@pytest.fixture(autouse=True)
def numpy_selected():
    with ivy.using_backend("numpy"):
        yield


def test_wrong_values_fail():
    with pytest.raises(H.Mismatch, match="values differ"):
        H.run_row(patched(negative=lambda x: np.asarray(x + 1)), "numpy", float_row("negative"))


def test_wrong_dtype_fails():
    row = H.Row("add", binary("integer", scalars=False), settings=FAST)
    with pytest.raises(H.Mismatch, match="dtype"):
        H.run_row(patched(add=lambda a, b: np.asarray(np.add(a, b), dtype=np.float64)), "numpy", row)


def test_numpy_scalar_is_not_an_array():
    row = H.Row("sum", st.builds(H.Case, S.arrays("float64", (3,), bound=5.0)), H.ACCUM,
                settings=FAST)
    with pytest.raises(H.Mismatch, match="native"):
        H.run_row(patched(sum=lambda x, **kw: np.sum(x)), "numpy", row)


def test_must_raise_when_reference_raises():
    row = H.Row("squeeze", st.builds(lambda x: H.Case(x, axis=0), S.arrays("int8", (2, 2))),
                settings=FAST)
    with pytest.raises(AssertionError, match="instead of raising"):
        H.run_row(patched(squeeze=lambda x, axis: x), "numpy", row)


def test_modifying_inputs_fails():
    def negative_in_place(x):
        x *= -1
        return x
    with pytest.raises(AssertionError, match="modified its input"):
        H.run_row(patched(negative=negative_in_place), "numpy",
                  H.Row("negative", st.builds(H.Case, S.arrays("int16", (2,), lo=1, hi=5)),
                        settings=FAST))


def test_unlisted_gap_fails():
    with pytest.raises(AssertionError, match="unlisted IvyNotImplementedError"):
        H.run_row(patched(negative=raise_nie), "numpy", float_row("negative"))


def test_listed_gap_is_reported_xfail():
    row = float_row("negative", gaps=(Gap("numpy", "negative", "test gap"),))
    with pytest.raises(pytest.xfail.Exception, match="test gap"):
        H.run_row(patched(negative=raise_nie), "numpy", row)


def test_strict_gap_that_no_longer_occurs_fails():
    row = float_row("negative", gaps=(Gap("numpy", "negative", "fixed gap"),))
    with pytest.raises(pytest.fail.Exception, match="never occurred"):
        H.run_row(patched(), "numpy", row)


def test_assert_values_rules():
    f64 = np.float64
    nan, inf = np.nan, np.inf
    H.assert_values(np.array([nan, 1.0]), np.array([nan, 1.0]), "float64", H.EXACT)
    H.assert_values(np.array([-0.0]), np.array([0.0]), "float64", H.EXACT)
    with pytest.raises(H.Mismatch):
        H.assert_values(np.array([-0.0]), np.array([0.0]), "float64", H.EXACT, signed_zeros=True)
    with pytest.raises(H.Mismatch):
        H.assert_values(np.array([nan]), np.array([inf]), "float64", H.ULP)
    with pytest.raises(H.Mismatch):
        H.assert_values(np.array([inf]), np.array([-inf]), "float64", H.ULP)
    # rounding to inf on one side only is within a rounding-level tolerance
    H.assert_values(np.array([np.finfo(np.float32).max], np.float32), np.array([inf], np.float32),
                    "float32", H.ULP)
    H.assert_values(np.array([1.0 + 1e-13]), np.array([1.0], f64), "float64", H.ULP)
    with pytest.raises(H.Mismatch):
        H.assert_values(np.array([1.0 + 1e-13]), np.array([1.0], f64), "float64", H.EXACT)
    with pytest.raises(H.Mismatch):
        H.assert_values(np.array([3], np.int8), np.array([4], np.int8), "int8", H.ULP)
    with pytest.raises(H.Mismatch, match="imag"):
        H.assert_values(np.array([1 + 1j]), np.array([1 - 1j]), "complex128", H.ULP)


def test_listed_value_gap_covers_only_its_cases():
    """A values gap narrowed by ``when`` turns mismatches on those cases into the xfail only."""
    gap = Gap("numpy", "negative", "flushes subnormals", values=True, when=subnormal_inputs)

    def row(lo, hi):
        return H.Row("negative", st.builds(H.Case, S.arrays("float64", (2,), lo=lo, hi=hi)),
                     gaps=(gap,), settings=FAST)
    with pytest.raises(pytest.xfail.Exception, match="flushes subnormals"):
        H.run_row(patched(negative=lambda x: np.zeros_like(x)), "numpy", row(1e-320, 1e-310))
    with pytest.raises(H.Mismatch):  # wrong on normal numbers: not covered
        H.run_row(patched(negative=lambda x: np.zeros_like(x)), "numpy", row(1.0, 2.0))


def test_ftz_gap_accepts_only_the_flushed_result():
    """The FTZ gaps take only the reference's result on the inputs with subnormals flushed
    (normal elements beside a subnormal still compared), not any wrong result."""
    gap = Gap("numpy", "log", "flushes subnormals", values=True, when=subnormal_inputs,
              expect=flush_subnormals)
    mixed = st.builds(H.Case, st.just(np.array([1e-310, -2e-320, 0.5, 3.0])))
    row = H.Row("log", mixed, gaps=(gap,), settings=FAST)

    def ftz_log(x):
        x = np.asarray(x)
        return np.log(np.where(np.abs(x) < np.finfo(x.dtype).tiny, 0.0 * x, x))
    with pytest.raises(pytest.xfail.Exception, match="flushes subnormals"):
        H.run_row(patched(log=ftz_log), "numpy", row)
    with pytest.raises(H.Mismatch, match="matches neither"):   # normal elements wrong too
        H.run_row(patched(log=lambda x: ftz_log(x) + (np.abs(x) > 0.1)), "numpy", row)
