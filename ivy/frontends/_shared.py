"""Small pieces every frontend uses: native dtype names and optional submodules."""
from __future__ import annotations

import importlib
import types

import ivy
from ivy.core.registry import foreign_array_error, on_select_change

_NATIVE_NAMES: dict = {}


def native_name(a) -> str:
    """Canonical dtype name of a native array (``ivy.dtype`` memoized on the native dtype object)."""
    try:
        return _NATIVE_NAMES[a.dtype]
    except KeyError:
        pass
    error = foreign_array_error(a, "dtype")
    if error is not None:
        raise error
    name = _NATIVE_NAMES[a.dtype] = ivy.dtype(a)
    return name


def _forget_backend_caches():
    _NATIVE_NAMES.clear()
    _IMMUTABLE_TYPES.clear()


def first_parameter_named(f, name: str):
    """``f`` with its first parameter renamed (keyword callers use the framework's name) at no
    per-call cost: a copy of the function over the same code with one local renamed."""
    code = f.__code__
    renamed = types.FunctionType(code.replace(co_varnames=(name,) + code.co_varnames[1:]),
                                 f.__globals__, f.__name__, f.__defaults__, f.__closure__)
    renamed.__kwdefaults__ = f.__kwdefaults__
    return renamed


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


on_select_change(_forget_backend_caches)
