"""The extension areas (``ivy/core/ext``): every backend has every name with the declared signature,
and every name is exercised by a ``tests/backends/test_ext_<area>.py`` module (its ``COVERED``)."""
import functools
import importlib
import inspect

import pytest

import ivy
from ivy.core import api


def _extension_names():
    for (ns, name), area in sorted(api.AREA_OF.items()):
        yield area, ns, name


EXTENSIONS = list(_extension_names())


def declared_signature(area: str, name: str) -> inspect.Signature:
    spec = api.AREAS[area]
    if name in spec.primaries:
        return inspect.signature(spec.primaries[name])
    body = inspect.signature(spec.bodies[name])
    return body.replace(parameters=list(body.parameters.values())[1:])   # minus xp


@pytest.mark.parametrize("area,ns,name", EXTENSIONS, ids=[api.qualified(n, m) for _, n, m in EXTENSIONS])
def test_extension_signature(backend, area, ns, name):
    space = ivy.backend_namespace(backend)
    fn = getattr(getattr(space, ns) if ns else space, name)
    if getattr(fn, "__ivy_missing__", False):
        pytest.fail(f"ivy.{api.qualified(ns, name)} is not implemented by the {backend} backend",
                    pytrace=False)
    got = inspect.signature(fn)
    expected = declared_signature(area, name)
    if isinstance(fn, functools.partial):     # the core's body, bound: nothing to compare
        return
    assert list(got.parameters.values()) == list(expected.parameters.values()), (
        f"{backend}: ivy.{api.qualified(ns, name)}{got} differs from its declaration {expected}")


def test_every_extension_is_tested():
    covered = set()
    for area in api.AREAS:
        try:
            module = importlib.import_module(f"{__package__}.test_ext_{area}")
        except ModuleNotFoundError as e:
            if e.name != f"{__package__}.test_ext_{area}":
                raise
            continue
        covered |= set(module.COVERED)
    names = {api.qualified(ns, n) for _, ns, n in EXTENSIONS}
    missing = sorted(names - covered)
    assert not missing, f"extension functions no tests/backends/test_ext_<area>.py covers: {missing}"
    assert not covered - names, f"COVERED names the core does not define: {sorted(covered - names)}"
