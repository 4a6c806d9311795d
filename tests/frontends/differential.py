"""Differential programs: a few lines of user code run by the real framework and by its frontend.

Each ``Snippet`` is Python source run twice, once with the framework's names bound to the real
modules and once bound to the frontend on the backend under test; the value of its last line (an
expression) is the outcome. Both outcomes must agree: equal values, dtypes, shapes and Python types
(``tests.conformance.compare``), or the same exception type (as a row's ``match_errors``).

    test_edges = differential_tests("torch", [
        Snippet("torch.tensor([1, 2], dtype=torch.int32) + 2**70"),          # same exception
        Snippet("x = torch.zeros(2, 3)\nx[[0, 5]]"),                          # IndexError both
        Snippet("torch.zeros({shape}).sum(dim={dim})", shape=["()", "(0, 3)"], dim=[0, -1]),
        Snippet("repr(torch.tensor([1e-5, 1., 1e5]))"),                        # printout, exactly
        Snippet("torch.ones(2) == np.ones(2)"),                                # mixing with numpy
    ])

``{name}`` placeholders expand over the lists given as keywords (their product), one test each.
Names bound on both sides: the framework under its usual aliases (``torch``/``F``/``nn``,
``jax``/``jnp``/``lax``, ``np``, ``tf``) and real ``numpy`` as ``onp`` (and as ``np``, except for
the numpy frontend). ``real`` is the real framework module on both sides (mixing real arrays with
frontend ones). A known difference is ``xfail="reason"`` or ``{backend: reason}``; strict: when
it stops differing the test fails. ``raises=ExcType`` narrows an xfail to that frontend exception.
"""
from __future__ import annotations

import dataclasses
import importlib
import itertools
import warnings
from typing import Any

import pytest

import ivy
from tests.conformance import adapters as _adapters
from tests.conformance.case import _brief, _same_error
from tests.conformance.compare import canonical, mismatches

# The names a program of each framework uses, relative to the framework's root module.
NAMES = {
    "torch": {"torch": "", "F": "nn.functional", "nn": "nn"},
    "jax": {"jax": "", "jnp": "numpy", "lax": "lax"},
    "numpy": {"np": ""},
    "tensorflow": {"tf": ""},
}


@dataclasses.dataclass(eq=False)
class Snippet:
    """User code whose last line is the outcome; ``{name}`` placeholders expand over ``params``."""
    code: str
    xfail: Any = None
    raises: Any = None
    id: str | None = None
    rtol: Any = None
    atol: Any = None
    params: dict = dataclasses.field(default_factory=dict)

    def __init__(self, code, *, xfail=None, raises=None, id=None, rtol=None, atol=None, **params):
        self.code, self.xfail, self.raises, self.id = code, xfail, raises, id
        self.rtol, self.atol, self.params = rtol, atol, params

    def expand(self):
        if not self.params:
            yield self.code, self.id or _one_line(self.code)
            return
        keys = list(self.params)
        for values in itertools.product(*(self.params[k] for k in keys)):
            code = self.code.format(**dict(zip(keys, map(str, values))))
            yield code, f"{self.id}[{','.join(map(str, values))}]" if self.id else _one_line(code)

    def xfail_reason(self, backend):
        return self.xfail.get(backend) if isinstance(self.xfail, dict) else self.xfail


def _one_line(code):
    return " ; ".join(line.strip() for line in code.strip().splitlines())


def _namespace(framework, root):
    import numpy as onp
    names = {"onp": onp, "real": importlib.import_module(framework)}
    if framework != "numpy":
        names["np"] = onp
    for alias, sub in NAMES[framework].items():
        mod = root
        for part in filter(None, sub.split(".")):
            mod = getattr(mod, part, None) or importlib.import_module(f"{mod.__name__}.{part}")
        names[alias] = mod
    return names


def run_program(code, names):
    """(value of the last line, None) or (None, the exception raised)."""
    *body, last = code.strip().splitlines()
    scope = dict(names)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exec("\n".join(body), scope)     # noqa: S102 - the program under test
            return eval(last, scope), None   # noqa: S307
    except Exception as e:  # noqa: BLE001 - the exception is the outcome compared
        return None, e


def compare(framework, backend, code, rtol=None, atol=None):
    """Runs ``code`` on the real framework and on the frontend over ``backend``; asserts."""
    __tracebackhide__ = True
    frontend = _adapters.FRONTENDS[framework]
    real_adapter, front_adapter = _adapters.REAL[framework], frontend.adapter
    with real_adapter.scope():
        real_names = _namespace(framework, importlib.import_module(framework))
        real_out, real_err = run_program(code, real_names)
        real_can = None if real_err else canonical(real_adapter, real_out)
    with ivy.using_backend(backend), front_adapter.scope():
        front_names = _namespace(framework, frontend.root())
        front_names["real"] = real_names["real"]
        front_out, front_err = run_program(code, front_names)
        front_can = None if front_err else canonical(front_adapter, front_out, True)
    where = f"{framework} program on the {backend} backend:\n    {code}\n  "
    if real_err is not None:
        if front_err is None:
            raise AssertionError(f"{where}the real call raised {_brief(real_err)}, but the "
                                 f"frontend returned {front_can!r}")
        if not _same_error(real_err, front_err):
            raise AssertionError(f"{where}exception type differs: real raised {_brief(real_err)}; "
                                 f"frontend raised {_brief(front_err)}") from front_err
        return
    if front_err is not None:
        raise AssertionError(f"{where}the real call gave {real_can!r}, but the frontend raised "
                             f"{_brief(front_err)}") from front_err
    found = mismatches(real_can, front_can, "out", rtol, atol, True)
    if found:
        raise AssertionError(where + "\n  ".join(found))


def differential_tests(framework, snippets):
    """A pytest test function: one test per expanded snippet x selected backend."""
    rows, ids, seen = [], [], {}
    for s in snippets:
        for code, name in s.expand():
            n = seen[name] = seen.get(name, 0) + 1
            rows.append((s, code))
            ids.append(name if n == 1 else f"{name}-{n}")

    @pytest.mark.parametrize("row", rows, ids=ids)
    def test_differential(row, backend):
        __tracebackhide__ = True
        if not _adapters.installed(framework):
            pytest.skip(f"{framework} is not installed")
        snippet, code = row
        reason = snippet.xfail_reason(backend)
        if reason is None:
            compare(framework, backend, code, snippet.rtol, snippet.atol)
            return
        try:
            compare(framework, backend, code, snippet.rtol, snippet.atol)
        except AssertionError as e:
            cause = e.__cause__
            if snippet.raises is not None and not isinstance(cause, snippet.raises):
                raise AssertionError(f"listed gap ({reason}) expects the frontend to raise "
                                     f"{snippet.raises}, got: {e}") from e
            pytest.xfail(f"{reason} [{str(e).splitlines()[-1].strip()[:200]}]")
        pytest.fail(f"{framework} program on the {backend} backend is listed as a known "
                    f"difference ({reason}) but agrees: remove the xfail", pytrace=False)
    return test_differential
