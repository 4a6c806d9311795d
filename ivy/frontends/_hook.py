"""The import hook: ``import torch`` in user code gives ivy's torch frontend.

``install("torch")`` makes every module that is *not* part of a real framework (user code,
third-party libraries, modules imported later) get ``ivy.frontends.torch`` from ``import torch``,
``import torch.nn.functional as F``, ``from torch import nn, optim`` and
``importlib.import_module("torch")``; ``sys.modules["torch"]`` (and one entry per frontend
submodule) holds the frontend too, for libraries that look frameworks up there at call time
(einops). A submodule the frontend lacks (``torch._dynamo``) raises ``ModuleNotFoundError`` for
them, though a real one already loaded (``torch._C``) stays in ``sys.modules`` for the real
framework. ``uninstall("torch")`` puts back exactly what ``sys.modules`` held.

Resolution is by importer. The real frameworks, the packages they are built on
(``REAL_IMPORTERS``) and ivy itself -- its backends and the frontends' own ``import numpy`` --
keep seeing the real modules: an import made by one of them is answered from the real modules,
or runs with them swapped back into ``sys.modules`` for its duration, and any real module it
loads under an aliased name is kept aside for them. That matters: torch imports its own
submodules late (``torch.fx.experimental.symbolic_shapes`` on the first backward), and with a
plain ``sys.modules["torch"] = frontend`` the torch backend then fails (RecursionError, measured
on examples/scripts/torch_gpt.py). Code that already holds a real module (a backend's ``torch``)
is untouched.

C code imports through ``PyImport_Import``, which calls ``__import__`` and then reads
``sys.modules`` itself. When such a call comes from a real framework (its ``fromlist`` is an
empty *list*, which no ``import`` statement passes), the real module stays in ``sys.modules``
under that one name until the next import through the hook, which restores the alias. The
selected backend runs a few calls before the aliases go in (``_warm_up``), so its framework's
first-use imports (jaxlib's of numpy) happen before them.

Not thread-safe in one respect: while a real framework's import runs, ``sys.modules`` holds the
real modules, and imports in other threads get them too.
"""
from __future__ import annotations

import builtins
import contextlib
import importlib
import importlib._bootstrap as _bootstrap
import sys
import threading
import types

FRAMEWORKS = ("torch", "jax", "numpy", "tensorflow")

# Top-level packages whose imports get the real frameworks: ivy, the frameworks themselves and
# the packages they import or are built on (their C extensions use the real modules' C APIs).
REAL_IMPORTERS = frozenset({
    "ivy", "torch", "torchgen", "functorch", "triton", "sympy", "jax", "jaxlib", "jax_plugins",
    "numpy", "ml_dtypes", "opt_einsum", "scipy", "tensorflow", "keras", "tf_keras",
    "tensorboard", "tensorflow_estimator", "tensorflow_io_gcs_filesystem", "h5py", "optree",
})

_ABSENT = object()
_lock = threading.RLock()
_hooks: dict[str, "_Hook"] = {}
_aliases: dict[str, types.ModuleType] = {}   # every hooked name -> its frontend module
_saved: dict[str, object] = {}               # every hooked name -> the real module or _ABSENT
_demoted: set[str] = set()                   # names holding their real module until next import
_real_depth = 0                              # > 0 while a real importer's import runs
_original_import = None
_original_import_module = None


class _Hook:
    def __init__(self, framework: str, frontend: types.ModuleType):
        self.framework = framework
        self.frontend = frontend
        self.names: set[str] = set()


# ---- what the frontend provides ---------------------------------------------------------------

def _frontend_child(parent: types.ModuleType, attr: str, fullname: str, root: str):
    """The frontend's submodule ``attr`` of ``parent`` (to be known as ``fullname``), or None.

    Public names only (``torch._C`` and ivy's private implementation modules are not part of
    the API); a module counts if this frontend made it -- a module of its package ``root`` or a
    module object it named after the framework (``tensorflow.math``) -- so a real module a
    frontend merely imported (``tf.np``) is never exposed. A private name is served only where
    the parent lists it in ``HOOK_PRIVATE`` (``jax._src``, which flax and equinox import)."""
    if attr.startswith("_") and attr not in getattr(parent, "HOOK_PRIVATE", ()):
        return None
    child = getattr(parent, attr, None)
    if not isinstance(child, types.ModuleType):
        package = getattr(parent, "__path__", None) and parent.__name__
        if not package or not package.startswith("ivy.frontends."):
            return None
        try:
            child = importlib.import_module(f"{package}.{attr}")
        except ModuleNotFoundError as e:
            if e.name != f"{package}.{attr}":
                raise
            return None
    name = getattr(child, "__name__", "")
    if name == fullname:
        return child
    # a module of this frontend, under its own name or as the public face of a private one
    # (tf.dtypes is _dtypes); not one imported under another name (``_dtypes as T``)
    if name.startswith(root + ".") and name.rpartition(".")[2] in (attr, "_" + attr):
        return child
    return None


def _walk(hook: _Hook, name: str, module: types.ModuleType, seen: set) -> None:
    """Alias ``module`` as ``name`` and, recursively, its public frontend submodules."""
    if id(module) in seen:
        return
    seen.add(id(module))
    _alias(hook, name, module)
    for attr, value in list(vars(module).items()):
        if isinstance(value, types.ModuleType) and not attr.startswith("_"):
            child = _frontend_child(module, attr, f"{name}.{attr}", hook.frontend.__name__)
            if child is not None:
                _walk(hook, f"{name}.{attr}", child, seen)


def _alias(hook: _Hook, name: str, module: types.ModuleType) -> None:
    hook.names.add(name)
    _aliases[name] = module
    if name not in _saved:
        _saved[name] = sys.modules.get(name, _ABSENT)
    if _real_depth == 0:
        sys.modules[name] = module


def _resolve_frontend(name: str) -> types.ModuleType:
    """The frontend module for the absolute name ``name`` (``torch.nn.functional``)."""
    module = _aliases.get(name)
    if module is not None:
        return module
    top, _, rest = name.partition(".")
    hook = _hooks[top]
    module, path = hook.frontend, top
    for part in rest.split("."):
        path = f"{path}.{part}"
        child = _aliases.get(path) or _frontend_child(module, part, path, hook.frontend.__name__)
        if child is None:
            raise ModuleNotFoundError(f"No module named {path!r} (ivy's {top} frontend has no "
                                      f"{path})", name=path)
        if path not in _aliases:
            with _lock:
                _alias(hook, path, child)
        module = child
    return module


# ---- swapping the real modules in for a real importer -------------------------------------

def _restore_demoted() -> None:
    if _demoted and _real_depth == 0:
        with _lock:
            for name in list(_demoted):
                if name in _aliases:
                    current = sys.modules.get(name, _ABSENT)
                    if current is not _aliases[name]:
                        _saved[name] = current
                    sys.modules[name] = _aliases[name]
            _demoted.clear()


def _enter_real() -> None:
    global _real_depth
    with _lock:
        _real_depth += 1
        if _real_depth > 1:
            return
        for name, alias in _aliases.items():
            if sys.modules.get(name) is alias:
                real = _saved.get(name, _ABSENT)
                if real is _ABSENT:
                    del sys.modules[name]
                else:
                    sys.modules[name] = real


def _leave_real(keep_real: str | None = None) -> None:
    """Put the aliases back, keeping aside any real module loaded meanwhile under their names
    (``keep_real``: a name a C caller is about to read from ``sys.modules``)."""
    global _real_depth
    with _lock:
        _real_depth -= 1
        if _real_depth > 0:
            return
        for name, alias in _aliases.items():
            current = sys.modules.get(name, _ABSENT)
            if current is not alias:
                _saved[name] = current
            if name == keep_real and current is not _ABSENT and current is not alias:
                _demoted.add(name)
            else:
                sys.modules[name] = alias


def _importer(globals_) -> str | None:
    """Top-level package of the module whose code imports; None for C code running with no
    Python frame (``PyImport_Import`` then passes globals holding only ``__builtins__``).
    ``__import__`` called without globals, or by ``importlib`` on someone's behalf
    (``importlib.util.find_spec`` imports the parent package), counts as its caller's."""
    if globals_ is None:
        globals_ = sys._getframe(2).f_globals
    elif "__name__" not in globals_:
        return None if globals_.keys() == {"__builtins__"} else ""
    name = globals_.get("__name__")
    top = name.partition(".")[0] if isinstance(name, str) else ""
    if top == "importlib":
        frame = sys._getframe(2)
        while frame is not None and str(frame.f_globals.get("__name__")).startswith(
                "importlib"):
            frame = frame.f_back
        if frame is not None:
            caller = frame.f_globals.get("__name__")
            top = caller.partition(".")[0] if isinstance(caller, str) else ""
    return top


def _absolute(name: str, globals_, level: int) -> str:
    if level == 0:
        return name
    package = _bootstrap._calc___package__(globals_ if globals_ is not None else {})
    return _bootstrap._resolve_name(name, package, level)


# ---- the hooks --------------------------------------------------------------------------------

def _import(name, globals=None, locals=None, fromlist=(), level=0):  # noqa: A002 - as __import__
    _restore_demoted()
    try:
        absolute = _absolute(name, globals, level) if name or level else name
    except (ImportError, KeyError, TypeError, ValueError):
        return _original_import(name, globals, locals, fromlist, level)
    top = absolute.partition(".")[0]
    if top not in _hooks:
        return _original_import(name, globals, locals, fromlist, level)
    importer = _importer(globals)
    from_c = type(fromlist) is list and not fromlist
    # C code passes the globals of whatever Python frame is running, so a real framework's own
    # lazy import (numpy's str(dtype) loads numpy._core._dtype) can look like user code's: a
    # C-level import of a name the frontend does not provide is the real framework's
    if importer is None or importer in REAL_IMPORTERS or _real_depth or (
            from_c and absolute not in _aliases):
        if (fromlist or from_c) and absolute not in _aliases and absolute in sys.modules:
            # a loaded real module, not the top level: nothing to swap (C code asks for
            # numpy._core._dtype on every torch.tensor(ndarray))
            return _original_import(name, globals, locals, fromlist, level)
        if level == 0 and not from_c and "*" not in (fromlist or ()):
            # loaded already (torch imports torch inside functions): answer from the real modules
            target = (_saved.get(absolute, _ABSENT) if absolute in _aliases
                      else sys.modules.get(absolute, _ABSENT))
            real_top = _saved.get(top, _ABSENT)
            if target is not _ABSENT and real_top is not _ABSENT:
                if not fromlist:
                    return real_top
                if all(hasattr(target, attr) for attr in fromlist):
                    return target
        _enter_real()
        try:
            return _original_import(name, globals, locals, fromlist, level)
        finally:
            _leave_real(absolute if from_c else None)
    module = _resolve_frontend(absolute)
    if not fromlist:
        if level:
            return module
        return _hooks[top].frontend if "." in absolute else module
    for attr in fromlist:
        if attr != "*" and not hasattr(module, attr):
            with contextlib.suppress(ModuleNotFoundError):
                _resolve_frontend(f"{absolute}.{attr}")
    return module


def _import_module(name, package=None):
    _restore_demoted()
    absolute = name
    if name.startswith("."):
        if not package:
            return _original_import_module(name, package)
        level = len(name) - len(name.lstrip("."))
        absolute = _bootstrap._resolve_name(name[level:], package, level)
    top = absolute.partition(".")[0]
    if top not in _hooks:
        return _original_import_module(name, package)
    importer = _importer(sys._getframe(1).f_globals)
    if importer in REAL_IMPORTERS or _real_depth:
        _enter_real()
        try:
            return _original_import_module(name, package)
        finally:
            _leave_real()
    return _resolve_frontend(absolute)


def _warm_up() -> None:
    """Run the selected backend's lazy imports (its framework's C code importing numpy on first
    use, say; jax initializes its runtime on the first array) before the aliases go into
    ``sys.modules``. Best effort: the hook does not depend on it, so a backend that cannot run
    these few calls does not stop the install."""
    import numpy as np

    import ivy
    if ivy.selected_backend() is None:
        return
    with contextlib.suppress(Exception):
        x = ivy.asarray(np.arange(6, dtype=np.float32).reshape(2, 3))
        for value in (x, ivy.sum(ivy.multiply(x, np.float32(2.0))), ivy.asarray(np.int64(3)),
                      ivy.matmul(x, ivy.permute_dims(x, (1, 0)))):
            ivy.to_numpy(value)


# ---- public API --------------------------------------------------------------------------------

def install(name: str) -> types.ModuleType:
    """Make ``import <name>`` outside the real frameworks and ivy give ``ivy.frontends.<name>``;
    returns the frontend. Installing an installed frontend does nothing."""
    global _original_import, _original_import_module
    if name not in FRAMEWORKS:
        raise ValueError(f"ivy.frontends.install: no frontend {name!r}; choose one of "
                         f"{FRAMEWORKS}")
    if name in _hooks:
        return _hooks[name].frontend
    frontend = importlib.import_module(f"ivy.frontends.{name}")
    _warm_up()
    with _lock:
        _restore_demoted()
        hook = _hooks[name] = _Hook(name, frontend)
        _walk(hook, name, frontend, set())
        if _original_import is None:
            _original_import, builtins.__import__ = builtins.__import__, _import
            _original_import_module, importlib.import_module = importlib.import_module, \
                _import_module
    return frontend


def uninstall(name: str) -> None:
    """Undo ``install(name)``: ``sys.modules`` holds the real modules again (those it held
    before, and any a real framework imported meanwhile). Uninstalling what is not installed
    does nothing."""
    global _original_import, _original_import_module
    with _lock:
        hook = _hooks.pop(name, None)
        if hook is None:
            return
        for alias_name in hook.names:
            alias = _aliases.pop(alias_name)
            _demoted.discard(alias_name)
            real = _saved.pop(alias_name, _ABSENT)
            current = sys.modules.get(alias_name, _ABSENT)
            if current is not alias and current is not real and current is not _ABSENT:
                real = current          # a real module loaded under the name meanwhile
            if real is _ABSENT:
                sys.modules.pop(alias_name, None)
            else:
                sys.modules[alias_name] = real
        if not _hooks:
            if builtins.__import__ is _import:
                builtins.__import__ = _original_import
            if importlib.import_module is _import_module:
                importlib.import_module = _original_import_module
            _original_import = _original_import_module = None


def is_installed(name: str) -> bool:
    return name in _hooks


@contextlib.contextmanager
def installed(name: str):
    """``with installed("torch"):`` -- the hook inside the block (uninstalled after, unless it was
    installed before the block)."""
    was = name in _hooks
    frontend = install(name)
    try:
        yield frontend
    finally:
        if not was:
            uninstall(name)
