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


_IMMUTABLE_BACKENDS = frozenset({"jax", "tensorflow"})
_IMMUTABLE_TYPES: dict = {}


def immutable(native=None) -> bool:
    """Whether the selected backend's arrays (or ``native``'s backend's) are immutable, so a
    frontend with in-place semantics must emulate writes and views."""
    if native is None:
        return ivy.current_backend() in _IMMUTABLE_BACKENDS
    try:
        return _IMMUTABLE_TYPES[type(native)]
    except KeyError:       # first array of this type: its backend is the selected one
        answer = _IMMUTABLE_TYPES[type(native)] = ivy.current_backend() in _IMMUTABLE_BACKENDS
        return answer


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
