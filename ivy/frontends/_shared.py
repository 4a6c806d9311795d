"""Small pieces every frontend uses: native dtype names and optional submodules."""
from __future__ import annotations

import importlib

import ivy

_NATIVE_NAMES: dict = {}


def native_name(a) -> str:
    """Canonical dtype name of a native array (``ivy.dtype`` memoized on the native dtype object)."""
    try:
        return _NATIVE_NAMES[a.dtype]
    except KeyError:
        name = _NATIVE_NAMES[a.dtype] = ivy.dtype(a)
        return name


def present_submodules(package: str, names) -> dict:
    """{name: module} for the submodules of ``package`` that exist (a frontend grows by parts);
    an import error inside an existing submodule propagates."""
    found = {}
    for name in names:
        try:
            found[name] = importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as e:
            if e.name != f"{package}.{name}":
                raise
    return found
