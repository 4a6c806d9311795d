"""Backend registry and dispatch.

Each backend is a package ``ivy.backends.<name>`` that imports only its own framework. Loading one
builds a *namespace*: a module object holding every core function for that backend (its own
primaries, plus the core's compositional bodies bound to the namespace unless it overrides them),
with ``linalg`` and ``fft`` sub-namespaces.

``set_backend`` copies that namespace's functions into ``ivy``, ``ivy.linalg`` and ``ivy.fft``, so
after selection ``ivy.add`` *is* the backend's function: dispatch costs one attribute lookup. With no
backend selected those names hold dispatchers that infer the backend from the native arrays passed
in (or use the default backend for creation calls without array inputs).
"""
from __future__ import annotations

import contextlib
import functools
import importlib
import os
import types

from . import api, compositional
from .errors import IvyBackendError, IvyNotImplementedError

BACKENDS = ("numpy", "torch", "jax", "tensorflow")
# Top-level module of a native array type -> the backend that owns it.
_MODULE_BACKEND = {"numpy": "numpy", "torch": "torch", "jax": "jax", "jaxlib": "jax",
                   "tensorflow": "tensorflow", "keras": "tensorflow"}

_namespaces: dict[str, types.ModuleType] = {}
_targets: dict[str, types.ModuleType] = {}   # "" / "linalg" / "fft" -> ivy module objects
_dispatchers: dict[str, dict[str, object]] = {}
_current: types.ModuleType | None = None
_active_token = None
_type_backend: dict[type, str | None] = {}
# jax's functions take NumPy arrays as they are (jnp.asarray on the way in)
_TAKES_ARRAYS_OF = {"jax": ("numpy",)}
_select_listeners: list = []   # called with no arguments after every change of selection


def default_backend() -> str:
    name = os.environ.get("IVY_BACKEND", "numpy")
    if name not in BACKENDS:
        raise IvyBackendError(f"IVY_BACKEND={name!r} is not a backend; choose one of {BACKENDS}")
    return name


def _missing_primary(backend: str, qualname: str):
    def missing(*args, **kwargs):
        raise IvyNotImplementedError(f"ivy.{qualname} is not implemented by the {backend} backend",
                                     function=qualname, backend=backend)
    missing.__name__ = qualname.rsplit(".", 1)[-1]
    missing.__ivy_missing__ = True
    return missing


def backend_namespace(name: str) -> types.ModuleType:
    """The bound namespace of backend ``name`` (imported on first use); selects nothing."""
    try:
        return _namespaces[name]
    except KeyError:
        pass
    if name not in BACKENDS:
        raise IvyBackendError(f"ivy.set_backend: unknown backend {name!r}; choose one of {BACKENDS}",
                              function="set_backend")
    try:
        module = importlib.import_module(f"ivy.backends.{name}")
    except ImportError as e:
        raise IvyBackendError(f"ivy.set_backend: the {name} backend needs {e.name or name}, which "
                              f"cannot be imported ({e}); install it (pip install 'ivy[{name}]')",
                              function="set_backend", backend=name) from e
    ns = types.ModuleType(f"ivy.backends.{name}:namespace", f"ivy core functions on {name}")
    ns.name = name
    ns.module = module
    ns.NATIVE_ARRAY_TYPES = module.NATIVE_ARRAY_TYPES
    ns.scope = getattr(module, "scope", None)
    area_modules = {area: _area_module(name, area) for area in api.AREAS}
    for sub_name, (primary, composed) in api.NAMESPACES.items():
        target = ns
        if sub_name:
            target = types.ModuleType(f"{ns.__name__}.{sub_name}")
            setattr(ns, sub_name, target)
        standard = getattr(module, sub_name, None) if sub_name else module
        for fn_name in primary + composed:
            area = api.AREA_OF.get((sub_name, fn_name))
            source = standard if area is None else area_modules[area]
            fn = getattr(source, fn_name, None)
            if fn is None and fn_name in primary:
                fn = _missing_primary(name, api.qualified(sub_name, fn_name))
            elif fn is None:
                body = (compositional.TABLES[sub_name][fn_name] if area is None
                        else api.AREAS[area].bodies[fn_name])
                fn = functools.partial(body, ns)
            setattr(target, fn_name, fn)
    _namespaces[name] = ns
    return ns


def _area_module(backend: str, area: str):
    """``ivy.backends.<backend>.<area>``, or None while that backend has no module for the area."""
    qualname = f"ivy.backends.{backend}.{area}"
    try:
        return importlib.import_module(qualname)
    except ModuleNotFoundError as e:
        if e.name != qualname:
            raise
        return None


def table(ns: types.ModuleType, sub_name: str) -> dict[str, object]:
    """name -> function of one (sub-)namespace, exactly the core's names."""
    src = getattr(ns, sub_name) if sub_name else ns
    primary, composed = api.NAMESPACES[sub_name]
    return {n: getattr(src, n) for n in primary + composed}


# ---- selection -------------------------------------------------------------------------------

def bind_targets(targets: dict[str, types.ModuleType]) -> None:
    """Called once by ``ivy/__init__``: the modules whose attributes selection rewrites."""
    _targets.update(targets)
    for sub_name in api.NAMESPACES:
        _dispatchers[sub_name] = _make_dispatchers(sub_name)
    _install_dispatchers()


def _install_dispatchers():
    for sub_name, fns in _dispatchers.items():
        _targets[sub_name].__dict__.update(fns)


def set_backend(name: str) -> None:
    """Select backend ``name`` globally: ``ivy.<fn>`` becomes that backend's function."""
    global _current, _active_token
    ns = backend_namespace(name)
    if _current is ns:
        return
    _deactivate()
    activate = getattr(ns.module, "activate", None)
    _active_token = activate() if activate else None
    for sub_name in api.NAMESPACES:
        _targets[sub_name].__dict__.update(table(ns, sub_name))
    _current = ns
    _autograd().on_select(ns)
    _notify_select()


def on_select_change(listener) -> None:
    """Call ``listener()`` after every change of the selected backend (caches keyed by native
    types or dtypes, which belong to one backend, clear themselves this way)."""
    _select_listeners.append(listener)


def _notify_select():
    for listener in _select_listeners:
        listener()


def foreign_array_error(x, function: str) -> IvyBackendError | None:
    """The error for a native array of a backend other than the selected one (made before
    ``ivy.set_backend`` switched), or None when ``x`` is not such an array."""
    if _current is None:
        return None
    owner = _backend_of_type(type(x))
    if owner is None or owner == _current.name or owner in _TAKES_ARRAYS_OF.get(_current.name, ()):
        return None
    return IvyBackendError(
        f"ivy.{function} ({_current.name} backend): got an array of the {owner} backend, made "
        f"while {owner!r} was selected; arrays do not move when ivy.set_backend switches -- make it "
        f"again under {_current.name!r} (or convert it through NumPy)",
        function=function, backend=_current.name)


def check_own(x, function: str) -> None:
    """Raise ``foreign_array_error`` for ``x`` if it has one (backends' slow paths call this)."""
    error = foreign_array_error(x, function)
    if error is not None:
        raise error


overlay_hook = None   # while ivy.trace_graph records: ``hook(sub_name, fns)`` -> what to install


def overlay(tables: dict[str, dict[str, object]]) -> None:
    """Replace some selected functions (sub-namespace -> name -> function); ``ivy.autograd``'s
    recording wrappers come and go this way."""
    for sub_name, fns in tables.items():
        if overlay_hook is not None:
            fns = overlay_hook(sub_name, fns)
        _targets[sub_name].__dict__.update(fns)


def _autograd():
    from . import autograd   # imports this module
    return autograd


def _deactivate():
    global _active_token
    if _current is not None:
        deactivate = getattr(_current.module, "deactivate", None)
        if deactivate:
            deactivate(_active_token)
    _active_token = None


def unset_backend() -> None:
    """Return to inference: ``ivy.<fn>`` picks the backend from its array arguments."""
    global _current
    _deactivate()
    _current = None
    _install_dispatchers()
    _autograd().on_select(None)
    _notify_select()


@contextlib.contextmanager
def using_backend(name: str):
    """Select ``name`` inside the block; restore the previous selection (or none) after."""
    previous = _current.name if _current is not None else None
    set_backend(name)
    try:
        yield backend_namespace(name)
    finally:
        if previous is None:
            unset_backend()
        else:
            set_backend(previous)


def current_backend(*arrays) -> str:
    """The selected backend; with none selected, the one inferred from ``arrays``, else the default."""
    if _current is not None:
        return _current.name
    return _infer(arrays, {}).name


def selected_backend() -> str | None:
    """The selected backend's name, or None while ivy infers backends from arguments."""
    return _current.name if _current is not None else None


# ---- inference -------------------------------------------------------------------------------

def _backend_of_type(t: type) -> str | None:
    try:
        return _type_backend[t]
    except KeyError:
        pass
    name = _MODULE_BACKEND.get(t.__module__.partition(".")[0])
    if name is not None and not issubclass(t, backend_namespace(name).NATIVE_ARRAY_TYPES):
        name = None
    _type_backend[t] = name
    return name


def _infer(args, kwargs, qualname: str = "current_backend", default: bool = True):
    """The backend of the native arrays in the arguments, looking into lists, tuples and dicts."""
    found = None
    pending = [args, tuple(kwargs.values())] if kwargs else [args]
    while pending:
        for item in pending.pop():
            if isinstance(item, (list, tuple)):
                pending.append(item)
                continue
            if isinstance(item, dict):
                pending.append(tuple(item.values()))
                continue
            name = _backend_of_type(type(item))
            if name is None or name == found:
                continue
            if found is None or found == "numpy":
                found = name
            elif name != "numpy":
                raise IvyBackendError(f"ivy.{qualname}: arrays of two backends ({found} and "
                                      f"{name}) in one call; convert one or select a backend",
                                      function=qualname)
    if found is None and not default:
        return None
    return backend_namespace(found or default_backend())


def _make_dispatchers(sub_name: str) -> dict[str, object]:
    primary, composed = api.NAMESPACES[sub_name]
    out = {}
    for fn_name in primary + composed:
        out[fn_name] = _make_dispatcher(sub_name, fn_name)
    return out


def _make_dispatcher(sub_name: str, fn_name: str):
    qualname = api.qualified(sub_name, fn_name)

    def call(ns, args, kwargs):
        fn = getattr(getattr(ns, sub_name) if sub_name else ns, fn_name)
        if ns.scope is None:
            return fn(*args, **kwargs)
        with ns.scope():
            return fn(*args, **kwargs)

    if (sub_name, fn_name) in api.LATE:
        def dispatcher(*args, **kwargs):
            ns = _infer(args, kwargs, qualname, default=False)
            if ns is not None:
                return call(ns, args, kwargs)

            transformed_on = {}     # backend name -> the transformed function, built once

            def deferred(*inner_args, **inner_kwargs):
                ns = _infer(inner_args, inner_kwargs, qualname)
                transformed = transformed_on.get(ns.name)
                if transformed is None:
                    transformed = transformed_on[ns.name] = call(ns, args, kwargs)
                if ns.scope is None:
                    return transformed(*inner_args, **inner_kwargs)
                with ns.scope():
                    return transformed(*inner_args, **inner_kwargs)
            deferred.__name__ = f"{fn_name}_deferred"
            return deferred
    else:
        def dispatcher(*args, **kwargs):
            return call(_infer(args, kwargs, qualname), args, kwargs)

    dispatcher.__name__ = fn_name
    dispatcher.__qualname__ = qualname
    dispatcher.__doc__ = f"ivy.{qualname}, dispatched on the backend of its array arguments."
    return dispatcher
