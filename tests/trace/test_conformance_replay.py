"""``ivy.trace_graph`` over the frontends' conformance rows: a traced frontend call replayed on new
values equals the frontend called eagerly on them, on every backend (issue 22).

A graph is only right when the frontend computes array values *through the core* (``ivy.<fn>``
looked up at call time): a native operator or method on ``x._data``, ``np.asarray`` of a value, a
function object bound at import time or a value computed in Python leaves a *stale constant* in
the graph -- the replay then answers the first input's result for every later input.

For each row of ``tests/frontends/<fw>/`` (the ``Case`` tables), on each backend: one example is
drawn, a second of the same signature is made from it by changing its array values (floats scaled
elementwise, integer and bool arrays permuted, a PRNG key's or a seeded row's seed moved on: a
graph must not hold one random draw as a constant), the row's call is
traced with ``ivy.trace_graph`` on the first and replayed on the second, and the replay is compared
leaf by leaf with the eager call on the second (dtype, shape, values within the row's
tolerances). A row whose call reads a traced value in Python (``.item()``, ``bool(x)``, a
value-dependent shape) must raise ``IvyTraceError`` while tracing -- never a stale answer.

CI (the fast profile) checks every row of the families models use most (elementwise, reductions,
matmul/linear, nn functional, indexing, manipulation: the modules in ``CORE_MODULES``) plus a
deterministic sample of the others; the deep profile (``IVY_HYPOTHESIS_PROFILE=deep``) checks
every row. ``python tests/trace/test_conformance_replay.py [backend...]`` prints the counts
(matched / IvyTraceError / stale / mismatched) per frontend and backend.
"""
from __future__ import annotations

import collections
import glob
import importlib
import os
import sys
import warnings
import zlib

import hypothesis
import numpy as np
import pytest

import ivy
from ivy.core import tree
from ivy.core import trace as _trace
from ivy.core.errors import IvyTraceError
from tests.conformance import case as _case
from tests.conformance.compare import tolerance
from tests.conformance.strategies import ArrayArg, KeyArg

_ROOT = os.path.dirname(os.path.dirname(__file__))
FRAMEWORKS = ("torch", "jax", "numpy", "tensorflow")
# The families models use most: every row of these modules is checked in CI (nn functional with
# linear/matmul, reductions, indexing, manipulation; the elementwise tables are sampled: their rows
# share one code path per table).
CORE_MODULES = {
    "torch": ("test_nn_functional", "test_reductions", "test_indexing", "test_manipulation"),
    "jax": ("test_nn", "test_indexing", "test_operators"),
    "numpy": (),
    "tensorflow": ("test_nn",),
}
# Of the other rows, one in SAMPLE_EVERY is checked in CI (chosen by a hash of its id: the same
# rows on every run and machine).
SAMPLE_EVERY = 12
_DEEP = hypothesis.settings().max_examples > _case._CI_EXAMPLES
# Examples drawn per row (the last valid one is traced; its values are changed for the replay).
_DRAWS = 2 if not _DEEP else 6

# Known gaps: {row id: reason} or {row id: {backend: reason}}. Strict where the examples are fixed
# (the CI profile): a listed row that replays correctly fails, so the list stays true.
XFAIL: dict = {
    # rows outside the CI selection (the deep profile), found by the sweep on torch and numpy
    "torch.diff": "ivy/frontends/torch/_search.py diff slices backend arrays natively "
                  "(a[lead + (slice(1, None),)]): stale constants",
    "torch.diff-pend": "ivy/frontends/torch/_search.py diff slices backend arrays natively",
    "torch.lu_unpack": "ivy/frontends/torch/_linalg_ops.py lu_unpack: stale L/U (not diagnosed "
                       "further: the file is owned elsewhere)",
    **dict.fromkeys(("torch.embedding_bag",
                     "torch.geqrf", "torch.ormqr", "torch.Tensor.masked_scatter_",
                     "jax.numpy.linalg.lstsq", "jax.scipy.stats.multivariate_normal.logpdf",
                     "jax.scipy.stats.multivariate_normal.pdf", "jnp.histogram2d",
                     "jnp.histogramdd", "np.union1d", "tf.linalg.lu",
                     "tf.linalg.tridiagonal_matmul", "tf.linalg.tridiagonal_solve",
                     "torch.linalg.lstsq", "embedding_bag-all-outputs", "jnp.unique_all",
                     "np.unique_inverse", "torch.nn.functional.fractional_max_pool2d",
                     "torch.nn.functional.fractional_max_pool3d_with_indices",
                     "torch.nn.functional.multi_head_attention_forward"),
                    "a stale constant or wrong replay on some drawn examples, cause not yet "
                    "located (the deep profile's sweep)"),
}


# ---- the rows ---------------------------------------------------------------------------------

def _modules(framework):
    for path in sorted(glob.glob(os.path.join(_ROOT, "frontends", framework, "test_*.py"))):
        with open(path, encoding="utf-8") as f:
            if "make_tests" in f.read():
                yield os.path.basename(path)[:-3]


def collect_rows(framework):
    """(module, Case) for every conformance row of ``framework``, in table order."""
    rows = []
    for name in _modules(framework):
        module = importlib.import_module(f"tests.frontends.{framework}.{name}")
        for attr, value in vars(module).items():
            if not attr.startswith("test") or not callable(value):
                continue
            for mark in getattr(value, "pytestmark", ()):
                if mark.name == "parametrize" and mark.args[0] == "case":
                    rows.extend((name, c) for c in mark.args[1])
    return rows


def _sampled(framework, module, case):
    if _DEEP or module in CORE_MODULES[framework]:
        return True
    return zlib.crc32(f"{framework}:{case.id}".encode()) % SAMPLE_EVERY == 0


def _all_rows():
    out = []
    for fw in FRAMEWORKS:
        if _case._adapters.installed(fw):
            out.extend((fw, m, c) for m, c in collect_rows(fw) if _sampled(fw, m, c))
    return out


# ---- pairs of examples --------------------------------------------------------------------------

def draw_examples(case, n=_DRAWS, batch=0):
    """``n`` drawn examples of the row, deterministic per row (the deep profile: random)."""
    found = []

    def collect(example):
        found.append(example)
    collect._hypothesis_internal_add_digest = f"{case.id}@trace{batch}".encode()
    test = hypothesis.settings(max_examples=n, derandomize=not _DEEP, database=None,
                               phases=(hypothesis.Phase.generate,), deadline=None)(
        hypothesis.given(case.strategy())(collect))
    try:
        test()
    except (hypothesis.errors.Unsatisfiable, hypothesis.errors.FailedHealthCheck):
        pass
    return found


def _is_float(a):
    return a.dtype.kind in "fc" or a.dtype.name == "bfloat16"


def perturb(value, rng, mild=False):
    """The same signature with other values: float arrays scaled elementwise by [0.5, 1.5] (zeros
    moved to (0.25, 1)), signs kept; integer and bool arrays permuted (indices stay in range);
    a PRNG key's seed moved on. ``mild``: float arrays scaled by one factor (keeps structure such
    as a positive definite matrix), other arrays kept."""
    if isinstance(value, ArrayArg):
        a = value.value
        if a.size == 0:
            return value
        if _is_float(a):
            work = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
            if mild:
                out = work * 1.25
            else:
                out = work * rng.uniform(0.5, 1.5, a.shape)
                out = np.where(work == 0, rng.uniform(0.25, 1.0, a.shape), out)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", RuntimeWarning)
                return ArrayArg(out.astype(a.dtype))
        if mild:
            return value
        out = rng.permutation(a.reshape(-1)).reshape(a.shape)
        if np.array_equal(out, a):      # one element, or all equal: move the values by one
            if a.dtype == bool:
                out = ~a
            else:
                out = np.where(a < np.iinfo(a.dtype).max, a + 1, a - 1).astype(a.dtype)
        return ArrayArg(out)
    if isinstance(value, KeyArg):
        return value if mild else KeyArg((value.seed + 1) % 2**32)
    if type(value) in (list, tuple):
        return type(value)(perturb(v, rng, mild) for v in value)
    if type(value) is dict:
        return {k: perturb(v, rng, mild) for k, v in value.items()}
    return value


def _differs(x, y):
    if isinstance(x, ArrayArg):
        return not np.array_equal(x.value, y.value, equal_nan=True) if x.value.dtype.kind in \
            "fc" or x.value.dtype.name == "bfloat16" else not np.array_equal(x.value, y.value)
    if isinstance(x, KeyArg):
        return x.seed != y.seed
    if type(x) in (list, tuple):
        return any(_differs(a, b) for a, b in zip(x, y))
    if type(x) is dict:
        return any(_differs(x[k], y[k]) for k in x)
    return False


# ---- one row ------------------------------------------------------------------------------------

class Skip(Exception):
    """No pair of valid examples for this row (every example raises eagerly)."""


def _caller(target):
    attr = target.attr
    if target.kind == "function":
        front = target.front

        def call(*args, **kwargs):
            return front(*args, **kwargs)
    elif target.kind == "method":
        def call(self, *args, **kwargs):
            return getattr(self, attr)(*args, **kwargs)
    else:
        def call(self):
            return getattr(self, attr)
    return call


def _convert(target, example, statics):
    """The frontend's arguments for ``example``; unhashable plain values (numpy arrays passed
    as they are) are shared between the pair, so that both calls have one signature."""
    args, kwargs, _ = example
    adapter = target.frontend.adapter
    arrays = []
    cargs = [_case._convert(a, adapter, "", arrays) for a in args]
    ckwargs = {k: _case._convert(v, adapter, "", arrays) for k, v in kwargs.items()}
    return cargs, ckwargs


def _eager(target, call, example):
    cargs, ckwargs = _convert(target, example, None)
    _seed(target, example)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return call(*cargs, **ckwargs)


def _seed(target, example):
    if example[2] is not None:
        target.frontend.adapter.seed(example[2])


def _leaves(out):
    """The result's leaves: arrays as native arrays (frontend arrays unwrapped)."""
    leaves, treedef = tree.flatten(out)
    natives = []
    for leaf in leaves:
        unwrap = _trace._unwrapper(type(leaf))
        natives.append(unwrap(leaf) if unwrap is not None else leaf)
    return natives, treedef


def _as_numpy(leaf):
    if ivy.is_native_array(leaf):
        return np.asarray(ivy.to_numpy(leaf))
    return None


def compare(got, want, case, values=True):
    """Differences between a replay's result and the eager one, each naming its leaf."""
    g, gdef = _leaves(got)
    w, wdef = _leaves(want)
    if len(g) != len(w):
        return [f"structure differs: replay {gdef}, eager {wdef}"]
    found = []
    for i, (a, b) in enumerate(zip(g, w)):
        na, nb = _as_numpy(a), _as_numpy(b)
        if (na is None) != (nb is None):
            found.append(f"leaf {i}: replay {type(a).__name__}, eager {type(b).__name__}")
            continue
        if na is None:
            same = a == b or (isinstance(a, float) and isinstance(b, float) and a != a and b != b)
            if not same or type(a) is not type(b):
                found.append(f"leaf {i}: replay {a!r}, eager {b!r}")
            continue
        if na.dtype != nb.dtype or na.shape != nb.shape:
            found.append(f"leaf {i}: replay {na.dtype}{list(na.shape)}, "
                         f"eager {nb.dtype}{list(nb.shape)}")
            continue
        if values and not _close(na, nb, case):
            found.append(f"leaf {i}: values differ: replay {_short(na)}, eager {_short(nb)}")
    return found


def _close(a, b, case):
    if a.dtype.kind in "biuS" or a.dtype == bool:
        return np.array_equal(a, b)
    rtol, atol = tolerance(a.dtype.name, case.rtol, case.atol)
    a64 = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
    b64 = b.astype(a64.dtype)
    return bool(np.allclose(a64, b64, rtol=rtol, atol=atol, equal_nan=True))


def _short(a):
    text = np.array2string(np.asarray(a).reshape(-1)[:6], precision=4)
    return text + ("..." if a.size > 6 else "")


def check_row(case, backend):
    """Traces ``case``'s call on one example and replays it on another of the same signature.

    Returns "match", "insensitive" (the eager results of the pair are equal: a stale constant
    could not show), "trace_error" (IvyTraceError while tracing) or "retraced" (the second call
    did not replay: a new signature); raises AssertionError on a stale or wrong replay, Skip when
    no drawn example runs eagerly."""
    __tracebackhide__ = True
    target = _case.resolve(case)
    call = _caller(target)
    adapter = target.frontend.adapter
    rng = np.random.default_rng(zlib.crc32(case.id.encode()))
    last_error = None
    with ivy.using_backend(backend), adapter.scope():
        # the last drawn example first: Hypothesis' first is the simplest (zeros, small shapes)
        for first in _candidates(case):
            try:
                want1 = _eager(target, call, first)
            except Exception as e:    # noqa: BLE001 - an invalid example (drawn on purpose)
                last_error = e
                continue
            for mild in (False, True):
                second = (perturb(first[0], rng, mild), perturb(first[1], rng, mild),
                          None if first[2] is None else first[2] + 1)
                if not _differs((first[0], first[1]), (second[0], second[1])) and \
                        second[2] == first[2]:
                    continue
                try:
                    want2 = _eager(target, call, second)
                except Exception as e:    # noqa: BLE001 - the new values are not valid
                    last_error = e
                    continue
                values = case.values or _deterministic(target, call, second, want2, case)
                return _replay(case, target, call, first, second, want1, want2, values)
            if not _has_arrays(first):
                values = case.values or _deterministic(target, call, first, want1, case)
                return _replay(case, target, call, first, first, want1, want1, values)
        raise Skip(f"no drawn example runs eagerly on {backend}"
                   + (f" (last: {type(last_error).__name__}: {last_error})"[:300]
                      if last_error else ""))


_EXAMPLES: dict = {}


def examples(case, batch=0):
    """The row's drawn examples, drawn once per process (they do not depend on the backend):
    batch 0 a few, batch 1 more (for rows that draw many invalid inputs on purpose)."""
    key = (id(case), batch)
    found = _EXAMPLES.get(key)
    if found is None:
        found = _EXAMPLES[key] = (case, draw_examples(case, _DRAWS * (1 + 3 * batch), batch))
    return found[1]


def _candidates(case):
    yield from reversed(examples(case))
    yield from examples(case, 1)


def _deterministic(target, call, example, want, case):
    """Whether the eager call gives the same values twice (a random row with a key or a seed:
    yes; ``torch.empty``: no) -- where it does, a replay's values are compared too."""
    try:
        again = _eager(target, call, example)
    except Exception:    # noqa: BLE001
        return False
    return not compare(again, want, case)


def _has_arrays(example):
    return _differs((example[0], example[1]), perturb((example[0], example[1]),
                                                      np.random.default_rng(0)))


def _replay(case, target, call, first, second, want1, want2, values):
    __tracebackhide__ = True
    where = f"{case.id} on the {ivy.current_backend()} backend"
    graph = ivy.trace_graph(call, source=target.frontend.framework)
    cargs, ckwargs = _convert(target, first, None)
    _seed(target, first)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            graph(*cargs, **ckwargs)
    except IvyTraceError:
        return "trace_error"
    except Exception as e:
        raise AssertionError(f"{where}: tracing raised {type(e).__name__}: {e} (the eager call "
                             f"returned)") from e
    traced = graph.last      # None where the function is not replayed (host random draws)
    source = traced.source if traced is not None else "(run eagerly, no graph kept)"
    cargs, ckwargs = _convert(target, second, None)
    _seed(target, second)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            got = graph(*cargs, **ckwargs)
    except IvyTraceError:
        return "trace_error"     # a guard re-traced it, and the new trace reads a value
    except Exception as e:
        raise AssertionError(f"{where}: the replay raised {type(e).__name__}: {e} (the eager call "
                             f"returned)\n{source}") from e
    if len(graph._traces) != 1:
        return "retraced"
    found = compare(got, want2, case, values)
    if found:
        stale = not compare(got, want1, case, values) and compare(want1, want2, case, values)
        kind = "stale constant (the replay gives the first example's result)" if stale else \
            "replay differs from the eager call"
        raise AssertionError(f"{where}: {kind}:\n  " + "\n  ".join(found)
                             + f"\ngraph source:\n{source}")
    if first is second or not compare(want1, want2, case, values):
        return "insensitive"
    return "match"


# ---- pytest -------------------------------------------------------------------------------------

ROWS = _all_rows()


@pytest.mark.parametrize("row", ROWS, ids=[f"{fw}:{c.id}" for fw, _, c in ROWS])
def test_replay_equals_eager(row, backend):
    framework, module, case = row
    spec = XFAIL.get(case.id)
    reason = spec.get(backend) if isinstance(spec, dict) else spec
    try:
        outcome = check_row(case, backend)
    except Skip as e:
        pytest.skip(str(e))
    except AssertionError as e:
        if reason:
            pytest.xfail(f"{reason} [{str(e).splitlines()[0]}]")
        raise
    if reason and hypothesis.settings().derandomize:
        pytest.fail(f"{case.id} on {backend} is listed as a trace gap ({reason}) but replays "
                    f"correctly ({outcome}): remove it", pytrace=False)


# ---- the sweep as a report ----------------------------------------------------------------------

def _report(backends, frameworks=FRAMEWORKS, every=False):
    """Counts per frontend and backend over every row (or the CI selection)."""
    counts = collections.defaultdict(collections.Counter)
    failures = []
    for fw in frameworks:
        rows = collect_rows(fw)
        for backend in backends:
            for module, case in rows:
                if not every and not _sampled(fw, module, case):
                    continue
                try:
                    outcome = check_row(case, backend)
                except Skip:
                    outcome = "skipped"
                except AssertionError as e:
                    text = str(e)
                    outcome = "stale" if "stale constant" in text.splitlines()[0] else "mismatch"
                    failures.append((fw, backend, case.id, text + "".join(__import__("traceback").format_exception(e.__cause__)) if e.__cause__ else text))
                except Exception as e:    # noqa: BLE001 - the row itself is broken here
                    outcome = "error"
                    failures.append((fw, backend, case.id, f"{type(e).__name__}: {e}"))
                counts[(fw, backend)][outcome] += 1
            print(fw, backend, dict(counts[(fw, backend)]), flush=True)
    return counts, failures


if __name__ == "__main__":
    warnings.simplefilter("ignore")
    names = [a for a in sys.argv[1:] if not a.startswith("-")]
    fws = [a[5:] for a in sys.argv[1:] if a.startswith("--fw=")] or FRAMEWORKS
    _, failed = _report(names or ivy.BACKENDS, fws, every="--all" in sys.argv)
    for fw, backend, cid, text in failed:
        print(f"\n== {fw} {backend} {cid}\n{text[:1500]}")
