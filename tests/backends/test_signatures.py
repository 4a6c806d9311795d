"""Every backend's functions have array_api_strict's signatures: names, kinds, defaults.

Checked on the bound namespace, so it covers primaries, native overrides of compositional names and
the core's compositional bodies (bound with ``functools.partial``). ``Undef`` sentinel defaults in
strict (``device``, ``copy``) read as None. ivy's extras have the signatures the backend contract
gives them.
"""
import inspect

import array_api_strict as strict
import pytest

import ivy
from ivy.core import api

# ivy's own names (no strict counterpart): the contract's signatures.
EXTRAS = {
    "dtype": "(x, /)",
    "device": "(x, /)",
    "to_device": "(x, device, /, *, stream=None)",
    "shape": "(x, /)",
    "to_numpy": "(x, /)",
    "is_native_array": "(x, /)",
    "ndim": "(x, /)",
    "size": "(x, /)",
}

QUALNAMES = [api.qualified(ns, n) for ns, n, _ in api.all_names(api.ARRAY_API_NAMESPACES)]


def _resolve(ns, qualname):
    *sub, name = qualname.split(".")
    for s in sub:
        ns = getattr(ns, s)
    return getattr(ns, name)


def _is_undef(v):
    return type(v).__name__ == "Undef"


def spec(sig: inspect.Signature):
    """(name, kind, default, type of default) per parameter; strict's Undef reads as None."""
    out = []
    for p in sig.parameters.values():
        d = None if _is_undef(p.default) else p.default
        out.append((p.name, p.kind.name, d, type(d).__name__))
    return out


def expected_spec(qualname):
    if qualname in EXTRAS:
        return spec(inspect.signature(eval(f"lambda {EXTRAS[qualname][1:-1]}: 0")))  # noqa: S307
    return spec(inspect.signature(_resolve(strict, qualname)))


@pytest.mark.parametrize("qualname", QUALNAMES)
def test_signature(backend, qualname):
    fn = _resolve(ivy.backend_namespace(backend), qualname)
    if getattr(fn, "__ivy_missing__", False):
        pytest.fail(f"ivy.{qualname} is not implemented by the {backend} backend", pytrace=False)
    got, exp = spec(inspect.signature(fn)), expected_spec(qualname)
    diff = [(g, e) for g, e in zip(got, exp) if g != e]
    assert got == exp, (f"{backend}: ivy.{qualname}{inspect.signature(fn)} differs from the standard: "
                        f"(got, expected) = {diff or (got, exp)}")
