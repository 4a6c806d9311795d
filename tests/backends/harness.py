"""The table-driven checker: one row per core function, one function that checks a row on a backend.

A row names a function ("add", "linalg.solve", "fft.rfft") and a strategy drawing a ``Case`` (its
positional and keyword arguments, arrays as numpy arrays). ``run_row`` draws cases with Hypothesis
and, for each, calls the backend (inputs through ``xp.asarray``, outputs through ``xp.to_numpy``)
and the reference ``array_api_strict`` 2.6.1 pinned to the 2024.12 standard, then compares:

- structure: arrays are native arrays of the backend, tuples have the same length, named results
  the same fields; Python values (bool, int, str, dtype names, finfo/iinfo fields) compare equal;
- each array's dtype (``xp.dtype``, canonical name) and shape exactly;
- values: exact for bool/integer; floats within the row's dtype-aware tolerance, NaNs equal,
  infinities matching, signed zeros when the row says the standard specifies them;
- errors: when the reference raises, the backend must raise an IvyError or the matching builtin.

A backend's ``IvyNotImplementedError`` is accepted only for a gap listed in ``known_gaps.KNOWN_GAPS``
or the row's ``gaps``; the test is then reported as xfailed with the gap's reason.
"""
from __future__ import annotations

import copy
import os
import warnings
from dataclasses import dataclass, field
from typing import Any, Callable

import array_api_strict as strict
import numpy as np
import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

from ivy.core import dtypes as D
from ivy.core.errors import IvyError, IvyNotImplementedError

from .known_gaps import KNOWN_GAPS, Gap
from .strategies import finfo, np_dtype

REFERENCE_API_VERSION = "2024.12"
strict.set_array_api_strict_flags(api_version=REFERENCE_API_VERSION)

# jax compiles each primitive for every new (shape, dtype), ~50-100 ms a time, so one example costs
# it a compile where the other backends take microseconds. In the fast default profile ("ci") it
# gets fewer examples per row, keeping the four-backend run within a few minutes; "deep" runs all.
CI_EXAMPLES = {"jax": 6}

# ivy carries these 2024.12 names, which array_api_strict 2.6.1 only enables for 2025.12.
STRICT_VERSION = {"isin": "2025.12", "broadcast_shapes": "2025.12", "linalg.eig": "2025.12",
                  "linalg.eigvals": "2025.12"}

StrictArray = type(strict.asarray(0))
StrictDType = type(strict.float32)
STRICT_DTYPE_NAME = {getattr(strict, n): n for n in D.ARRAY_API}


def strict_dtype_name(dt) -> str:
    return STRICT_DTYPE_NAME[dt]


# ---- cases ---------------------------------------------------------------------------------------

class Dt:
    """A dtype argument: the canonical name for the backend, the strict dtype for the reference."""
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self):
        return f"Dt({self.name!r})"


class Raw:
    """An argument passed unchanged to both sides (e.g. a numpy array that must stay numpy)."""
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __repr__(self):
        return f"Raw({self.value!r})"


class Case:
    """Positional and keyword arguments of one call; arrays are numpy arrays."""
    __slots__ = ("args", "kwargs")

    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs

    def __repr__(self):
        parts = [_show(a) for a in self.args] + [f"{k}={_show(v)}" for k, v in self.kwargs.items()]
        return f"Case({', '.join(parts)})"

    def values(self):
        return self.args + tuple(self.kwargs.values())


def _show(v):
    if isinstance(v, np.ndarray):
        return f"np.asarray({v.tolist()!r}, dtype={_np_name(v.dtype)!r})"
    if isinstance(v, list):
        return "[" + ", ".join(_show(x) for x in v) + "]"
    if isinstance(v, tuple) and any(isinstance(x, np.ndarray) for x in v):
        return "(" + ", ".join(_show(x) for x in v) + ",)"
    return repr(v)


def _np_name(dt: np.dtype) -> str:
    return "bfloat16" if dt == np_dtype("bfloat16") else dt.name


def _walk(obj):
    if isinstance(obj, (list, tuple)):
        for o in obj:
            yield from _walk(o)
    else:
        yield obj


def case_dtypes(case: Case) -> frozenset:
    """Dtype names a case involves: its arrays' and its dtype arguments'."""
    out = set()
    for v in _walk(case.values()):
        if isinstance(v, Raw):
            v = v.value
        if isinstance(v, np.ndarray):
            out.add(_np_name(v.dtype))
        elif isinstance(v, Dt):
            out.add(v.name)
    return frozenset(out)


def _convert(obj, array, dtype):
    if isinstance(obj, np.ndarray):
        return array(obj)
    if isinstance(obj, Dt):
        return dtype(obj.name)
    if isinstance(obj, Raw):
        return obj.value
    if isinstance(obj, list):
        return [_convert(o, array, dtype) for o in obj]
    if isinstance(obj, tuple):
        return tuple(_convert(o, array, dtype) for o in obj)
    return obj


def to_strict(case: Case):
    def arr(a):
        return strict.asarray(a.copy())
    return ([_convert(a, arr, lambda n: getattr(strict, n)) for a in case.args],
            {k: _convert(v, arr, lambda n: getattr(strict, n)) for k, v in case.kwargs.items()})


def to_backend(xp, case: Case):
    return ([_convert(a, xp.asarray, str) for a in case.args],
            {k: _convert(v, xp.asarray, str) for k, v in case.kwargs.items()})


def same_inputs(a: Case, b: Case) -> bool:
    """The numpy inputs of ``a`` are unchanged copies of ``b``'s (backends must not write inputs)."""
    for x, y in zip(_walk(a.values()), _walk(b.values())):
        if isinstance(x, Raw):
            x, y = x.value, y.value
        if isinstance(x, np.ndarray) and not np.array_equal(
                x, y, equal_nan=_np_name(x.dtype) in D.FLOATING):
            return False
    return True


# ---- tolerances ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Tol:
    """Relative tolerance per precision; the absolute floor is rtol times 1 (or times a scale)."""
    f32: float
    f64: float
    half: float = 0.0
    scaled: bool = False  # atol = rtol * scale(case): sums, products of matrices, transforms

    def rtol(self, dtype: str) -> float:
        real = D.REAL_OF.get(dtype, dtype)
        return {"float32": self.f32, "float64": self.f64}.get(real, self.half)

    @property
    def exact(self) -> bool:
        return self.f32 == self.f64 == self.half == 0.0


EXACT = Tol(0.0, 0.0, 0.0)
ULP = Tol(1e-5, 1e-12, 2e-2)          # one rounding-level function: transcendental elementwise
ULP_SCALED = Tol(1e-5, 1e-12, 2e-2, True)  # rounding-level error relative to a case's magnitude
ACCUM = Tol(1e-4, 1e-10, 5e-2, True)  # reductions, cumulative ops, means: summation order
LINALG = Tol(1e-3, 1e-8, 5e-2, True)  # factorizations and solves of well-conditioned inputs
FFT = Tol(1e-4, 1e-10, 5e-2, True)


def input_scale(case: Case) -> float:
    """Sum of the finite magnitudes of a case's floating inputs (at least 1)."""
    total = 0.0
    for v in _walk(case.values()):
        if isinstance(v, np.ndarray) and v.dtype.kind in "fcV" and v.size:
            a = np.abs(v.astype(np.complex128 if v.dtype.kind == "c" else np.float64))
            total += float(np.sum(a[np.isfinite(a)]))
    return max(1.0, total)


# ---- rows ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Row:
    """One function under test: its qualified name, how to draw calls, and how to compare."""
    name: str
    args: st.SearchStrategy                # draws Case
    tol: Tol = EXACT
    id: str = ""                           # test id when a name has several rows
    ref: Callable | None = None            # reference (default: array_api_strict's function)
    ref_numpy: bool = False                # ref takes the numpy arguments (dtype names for Dt)
    check: Callable | None = None          # property check replacing value equality
    values: bool = True                    # False: compare dtype and shape only (empty, empty_like)
    signed_zeros: bool | str = False       # +-0 results must match in sign: True, or "real" only
    filter: Callable | None = None         # case -> bool: drop cases outside the contract
    scale: Callable | None = None          # case -> float for scaled tolerances
    gaps: tuple[Gap, ...] = ()
    settings: dict = field(default_factory=dict)

    @property
    def test_id(self) -> str:
        return self.id or self.name


def resolve(ns, qualname: str):
    *sub, name = qualname.split(".")
    for s in sub:
        ns = getattr(ns, s)
    return getattr(ns, name)


class Like:
    """A reference result that is a predicate: ``pred(got, backend)`` returns True or raises."""

    def __init__(self, pred: Callable[[Any, str], bool], description: str):
        self.pred, self.description = pred, description

    def __repr__(self):
        return f"<{self.description}>"


# ---- comparison ----------------------------------------------------------------------------------

class Mismatch(AssertionError):
    pass


def is_native(xp, x) -> bool:
    return isinstance(x, xp.NATIVE_ARRAY_TYPES) and not isinstance(x, np.generic)


def _float64(a: np.ndarray) -> np.ndarray:
    return a.astype(np.float64)


def assert_values(got: np.ndarray, exp: np.ndarray, dtype: str, tol: Tol, *, scale: float = 1.0,
                  signed_zeros: bool = False, where: str = "result"):
    """Element values of two same-shape numpy arrays of canonical ``dtype``."""
    if dtype in D.COMPLEX_FLOATING:  # componentwise; signed zeros only when asked for complex too
        sz = signed_zeros is True
        assert_values(got.real, exp.real, D.REAL_OF[dtype], tol, scale=scale, signed_zeros=sz,
                      where=where + ".real")
        assert_values(got.imag, exp.imag, D.REAL_OF[dtype], tol, scale=scale, signed_zeros=sz,
                      where=where + ".imag")
        return
    if dtype not in D.FLOATING:
        bad = got != exp
    else:
        g, e = _float64(got), _float64(exp)
        gnan, enan = np.isnan(g), np.isnan(e)
        bad = gnan != enan
        if tol.exact:
            bad |= ~enan & ~gnan & (g != e)
        else:
            rtol = tol.rtol(dtype)
            atol = rtol * (scale if tol.scaled else 1.0)
            top = float(finfo(dtype).max)  # a result rounding to inf on one side only is close
            gc, ec = np.clip(g, -top, top), np.clip(e, -top, top)
            with np.errstate(invalid="ignore", over="ignore"):
                bad |= ~enan & ~gnan & ~(np.abs(gc - ec) <= atol + rtol * np.abs(ec))
        if signed_zeros:
            bad |= (g == 0) & (e == 0) & (np.signbit(g) != np.signbit(e))
    bad = np.asarray(bad)
    if bad.any():
        idx = list(zip(*np.nonzero(bad)))[:6] if bad.ndim else [()]
        lines = [f"  at {i}: got {got[i]!r}, expected {exp[i]!r}" for i in idx]
        raise Mismatch(f"{where}: {int(bad.sum())} of {bad.size} values differ ({dtype}, tol {tol}):\n"
                       + "\n".join(lines))


@dataclass
class Ctx:
    xp: Any
    backend: str
    row: Row
    case: Case
    scale: float = 1.0


def compare(ctx: Ctx, got, exp, where: str = "result", values: bool = True):
    """``got`` (backend result) against ``exp`` (reference result), recursively."""
    xp = ctx.xp
    if isinstance(exp, Like):
        if not exp.pred(got, ctx.backend):
            raise Mismatch(f"{where}: got {got!r}, expected {exp.description}")
        return
    if isinstance(exp, (StrictArray, np.ndarray)):  # numpy: references computed outside strict
        if not is_native(xp, got):
            raise Mismatch(f"{where}: expected a native {ctx.backend} array, got {type(got).__name__}: "
                           f"{got!r}")
        if isinstance(exp, np.ndarray):
            exp_dtype, exp_values = _np_name(exp.dtype), exp
        else:
            exp_dtype, exp_values = strict_dtype_name(exp.dtype), np.asarray(exp._array)
        got_dtype = xp.dtype(got)
        if got_dtype != exp_dtype:
            raise Mismatch(f"{where}: dtype {got_dtype!r}, expected {exp_dtype!r}")
        g = xp.to_numpy(got)
        if type(g) is not np.ndarray:
            raise Mismatch(f"{where}: to_numpy returned {type(g).__name__}, expected np.ndarray")
        if g.shape != exp.shape:
            raise Mismatch(f"{where}: shape {g.shape}, expected {exp.shape}")
        if _np_name(g.dtype) != exp_dtype:
            raise Mismatch(f"{where}: to_numpy gave dtype {g.dtype}, expected {exp_dtype}")
        if values:
            assert_values(g, exp_values, exp_dtype, ctx.row.tol, scale=ctx.scale,
                          signed_zeros=ctx.row.signed_zeros, where=where)
        return
    if isinstance(exp, (tuple, list)):
        if not isinstance(got, (tuple, list)):
            raise Mismatch(f"{where}: expected a sequence of {len(exp)}, got {type(got).__name__}")
        if len(got) != len(exp):
            raise Mismatch(f"{where}: {len(got)} items, expected {len(exp)}")
        fields = getattr(exp, "_fields", None)
        if fields is not None and getattr(got, "_fields", None) != fields:
            raise Mismatch(f"{where}: fields {getattr(got, '_fields', None)}, expected {fields}")
        for i, (g, e) in enumerate(zip(got, exp)):
            compare(ctx, g, e, f"{where}.{fields[i]}" if fields else f"{where}[{i}]", values)
        return
    if isinstance(exp, StrictDType):
        if got != strict_dtype_name(exp):
            raise Mismatch(f"{where}: got {got!r}, expected dtype {strict_dtype_name(exp)!r}")
        return
    if hasattr(exp, "bits") and hasattr(exp, "dtype"):  # finfo / iinfo objects
        for f in ("bits", "eps", "max", "min", "smallest_normal", "dtype"):
            if hasattr(exp, f):
                if not hasattr(got, f):
                    raise Mismatch(f"{where}: no attribute {f!r}")
                compare(ctx, getattr(got, f), getattr(exp, f), f"{where}.{f}")
        return
    if isinstance(exp, (bool, int, float, complex, str)) or exp is None:
        ok_type = type(got) is type(exp) or (type(exp) is float and type(got) is int)
        if not ok_type or not (got == exp or (exp != exp and got != got)):
            raise Mismatch(f"{where}: got {got!r} ({type(got).__name__}), expected {exp!r} "
                           f"({type(exp).__name__})")
        return
    raise TypeError(f"harness: cannot compare reference value of type {type(exp).__name__}")


def to_numpy_tree(xp, obj):
    """Backend result -> the same structure with numpy arrays (namedtuples become tuples)."""
    if isinstance(obj, (tuple, list)):
        return tuple(to_numpy_tree(xp, o) for o in obj)
    if is_native(xp, obj):
        return xp.to_numpy(obj)
    return obj


def strict_to_numpy_tree(obj):
    if isinstance(obj, (tuple, list)):
        return tuple(strict_to_numpy_tree(o) for o in obj)
    if isinstance(obj, StrictArray):
        return np.asarray(obj._array)
    return obj


# ---- running a row ---------------------------------------------------------------------------------

_HARNESS_ERRORS = (AttributeError, NameError, RuntimeError, AssertionError)


def _builtin_base(exc: BaseException) -> type:
    for cls in type(exc).__mro__:
        if cls.__module__ == "builtins":
            return cls
    return Exception


def call_reference(row: Row, case: Case):
    fn = row.ref or resolve(strict, row.name)
    if row.ref_numpy:
        args = [_convert(a, np.copy, str) for a in case.args]
        kwargs = {k: _convert(v, np.copy, str) for k, v in case.kwargs.items()}
    else:
        args, kwargs = to_strict(case)
    version = STRICT_VERSION.get(row.name)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        if version is None or row.ref is not None:
            return fn(*args, **kwargs)
        with strict.ArrayAPIStrictFlags(api_version=version):
            return fn(*args, **kwargs)


def find_gap(backend: str, row: Row, case: Case, exc: BaseException | None = None, *,
             values: bool = False) -> Gap | None:
    """The listed gap covering this failure: a backend's IvyNotImplementedError ``exc``, or (with
    ``values``) a wrong result of the row's function."""
    function = row.name if values else (getattr(exc, "function", None) or row.name)
    dts = case_dtypes(case)
    for gap in row.gaps + KNOWN_GAPS:
        if gap.backend != backend or gap.values != values or gap.function not in ("*", function):
            continue
        if (gap.dtypes is None or gap.dtypes & dts) and (gap.when is None or gap.when(case)):
            return gap
    return None


@dataclass
class Stats:
    ok: int = 0          # cases where the reference returned and the backend matched
    errors: int = 0      # cases where both raised
    gaps: dict = field(default_factory=dict)  # Gap -> hits


def check_case(xp, backend: str, row: Row, fn, case: Case, stats: Stats):
    """One call on the backend and on the reference, compared."""
    try:
        expected = call_reference(row, case)
        ref_exc = None
    except _HARNESS_ERRORS:
        raise
    except Exception as e:  # noqa: BLE001 - any error of the reference is the expectation
        expected, ref_exc = None, e
    pristine = copy.deepcopy(case)
    try:
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            args, kwargs = to_backend(xp, case)
            got = fn(*args, **kwargs)
    except IvyNotImplementedError as e:
        if ref_exc is not None:
            stats.errors += 1
            return
        gap = find_gap(backend, row, case, e)
        if gap is None:
            raise AssertionError(f"{backend}: unlisted IvyNotImplementedError from ivy.{row.name} "
                                 f"(list it in tests/backends/known_gaps.py if genuine): {e}") from e
        stats.gaps[gap] = stats.gaps.get(gap, 0) + 1
        return
    except Exception as e:  # noqa: BLE001
        if ref_exc is None:
            raise AssertionError(f"{backend}: ivy.{row.name} raised {type(e).__name__}: {e}; the "
                                 f"reference returned {expected!r}") from e
        base = _builtin_base(ref_exc)
        if not isinstance(e, (IvyError, base)):
            raise AssertionError(f"{backend}: ivy.{row.name} raised {type(e).__name__}: {e}; expected "
                                 f"an IvyError or {base.__name__} (the reference raised "
                                 f"{type(ref_exc).__name__}: {ref_exc})") from e
        stats.errors += 1
        return
    if ref_exc is not None:
        raise AssertionError(f"{backend}: the reference raised {type(ref_exc).__name__}: {ref_exc}; "
                             f"ivy.{row.name} returned {got!r} instead of raising")
    if not same_inputs(case, pristine):
        raise AssertionError(f"{backend}: ivy.{row.name} modified its input arrays")
    ctx = Ctx(xp, backend, row, case, (row.scale or input_scale)(case) if row.tol.scaled else 1.0)
    note(f"expected: {expected!r}")
    try:
        _compare_result(ctx, row, got, expected, case)
    except Mismatch as mismatch:
        gap = find_gap(backend, row, case, values=True)
        if gap is None:
            raise
        if gap.expect is not None:
            _check_expected_instead(ctx, row, got, gap, case, mismatch)
        stats.gaps[gap] = stats.gaps.get(gap, 0) + 1
        return
    stats.ok += 1


def _compare_result(ctx, row: Row, got, expected, case: Case):
    if row.check is None:
        compare(ctx, got, expected, values=row.values)
    else:
        compare(ctx, got, expected, values=False)
        row.check(to_numpy_tree(ctx.xp, got), strict_to_numpy_tree(expected), case, ctx)


def _check_expected_instead(ctx, row: Row, got, gap: Gap, case: Case, mismatch: Mismatch):
    """A values gap with ``expect``: the backend must give the reference's result on
    ``gap.expect(case)`` (e.g. subnormals flushed), not merely something else."""
    alternative = gap.expect(case)
    if alternative is None:
        return
    try:
        expected = call_reference(row, alternative)
    except _HARNESS_ERRORS:
        raise
    except Exception:  # noqa: BLE001 - no alternative result: the first mismatch stands
        raise mismatch from None
    note(f"expected under the gap ({gap.reason}): {expected!r}")
    try:
        _compare_result(ctx, row, got, expected, alternative)
    except Mismatch as e:
        raise Mismatch(f"{ctx.backend}: ivy.{row.name} matches neither the reference ({mismatch}) "
                       f"nor the reference under the listed gap '{gap.reason}' ({e})") from e


def run_row(xp, backend: str, row: Row):
    """Check ``row`` on ``backend`` for the Hypothesis profile's number of cases."""
    fn = resolve(xp, row.name)
    own_gaps = [g for g in row.gaps + KNOWN_GAPS if g.backend == backend and g.function == row.name]
    if getattr(fn, "__ivy_missing__", False):
        whole = [g for g in own_gaps if g.dtypes is None]
        if whole:
            pytest.xfail(f"known gap: {whole[0].reason}")
        pytest.fail(f"ivy.{row.name} is not implemented by the {backend} backend (missing primary)",
                    pytrace=False)
    stats = Stats()
    strategy = row.args.filter(row.filter) if row.filter else row.args

    def check(case):
        check_case(xp, backend, row, fn, case, stats)

    test = given(strategy)(check)
    overrides = dict(row.settings)
    if (backend in CI_EXAMPLES and os.environ.get("IVY_HYPOTHESIS_PROFILE", "ci") == "ci"
            and "max_examples" not in overrides):
        overrides["max_examples"] = min(CI_EXAMPLES[backend], settings().max_examples)
    if overrides:
        test = settings(**overrides)(test)
    test()
    missed = [g for g in own_gaps if g.is_strict and g not in stats.gaps]
    if missed:
        pytest.fail(f"listed gap(s) never occurred (fixed? remove from known_gaps.py): "
                    f"{[g.reason for g in missed]}", pytrace=False)
    if stats.gaps:
        hits = "; ".join(f"{g.reason} ({n} cases)" for g, n in stats.gaps.items())
        pytest.xfail(f"known gap(s): {hits}")
    if stats.ok == 0 and stats.errors == 0:
        pytest.fail(f"row {row.test_id}: no case ran", pytrace=False)
    if stats.ok == 0:
        pytest.fail(f"row {row.test_id}: the reference rejected every case ({stats.errors}); the row's "
                    f"strategy draws no valid call", pytrace=False)


def row_params(rows):
    """pytest parameters for a list of rows, with ids that name the function."""
    ids = [r.test_id for r in rows]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        raise ValueError(f"duplicate row ids: {sorted(dup)}")
    return [pytest.param(r, id=r.test_id) for r in rows]

