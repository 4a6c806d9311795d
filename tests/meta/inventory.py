"""Which public names of a frontend does some test reach?

A frontend's public names: every attribute not starting with ``_`` of each of its public modules
(``ivy.frontends.torch``, ``.nn.functional``, ``.linalg``, ...) that the real framework also has
at the same path (the real framework is the specification: helpers we import into a module are
not its API). Each object counts once per name (an alias such as ``torch.swapdims`` for
``torch.transpose`` is a name of its own), under its shortest path.

Reached, statically: the name is a word of some test source of that frontend (a ``Case`` row's
name, a snippet, a test body), or a key of a frontend table that a test iterates
(``for name in _ops.UNARY``: the test file names the table as ``<module>.<UPPER_NAME>``).
"""
from __future__ import annotations

import ast
import importlib
import inspect
import pathlib
import pkgutil
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
REAL_ROOT = {"torch": "torch", "jax": "jax", "numpy": "numpy", "tensorflow": "tensorflow"}


def public_modules(fw: str) -> dict:
    """{dotted path under the framework ("torch.nn.functional"): frontend module}."""
    root = importlib.import_module(f"ivy.frontends.{fw}")
    mods = {fw: root}
    for info in pkgutil.walk_packages(root.__path__, root.__name__ + "."):
        parts = info.name.split(".")[3:]
        if any(p.startswith("_") for p in parts):
            continue
        mods[".".join([fw] + parts)] = importlib.import_module(info.name)
    return mods


def _real(path: str):
    """The real framework's object at a dotted path, or None."""
    parts = path.split(".")
    try:
        obj = importlib.import_module(parts[0])
    except ImportError:
        return None
    for i, p in enumerate(parts[1:], 1):
        try:
            obj = getattr(obj, p)
        except Exception:
            try:
                obj = importlib.import_module(".".join(parts[:i + 1]))
            except Exception:
                return None
    return obj


def public_names(fw: str) -> dict:
    """{shortest dotted path: attribute name} of the frontend's public callables and classes."""
    found = {}
    for path, mod in public_modules(fw).items():
        real = _real(path)
        if real is None:
            continue
        for name in dir(mod):
            if name.startswith("_"):
                continue
            obj = getattr(mod, name)
            if inspect.ismodule(obj) or not callable(obj):
                continue
            if not (getattr(obj, "__module__", "") or "").startswith("ivy.frontends"):
                continue
            if not hasattr(real, name):
                continue
            q = f"{path}.{name}"
            old = found.get((id(obj), name))
            if old is None or (q.count("."), len(q)) < (old[0].count("."), len(old[0])):
                found[id(obj), name] = (q, name)
    return dict(found.values())


def _table_words(tree, source_imports) -> set:
    """Keys/items of frontend tables a test file names as ``<module alias>.<UPPER_NAME>``."""
    words = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.attr.isupper() and node.value.id in source_imports:
            table = getattr(source_imports[node.value.id], node.attr, None)
            if isinstance(table, dict):
                words.update(k for k in table if isinstance(k, str))
            elif isinstance(table, (list, tuple, set, frozenset)):
                words.update(k for k in table if isinstance(k, str))
    return words


def _frontend_imports(tree) -> dict:
    """{alias: module} for the ``ivy.frontends`` modules a test file imports."""
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("ivy.frontends"):
            for a in node.names:
                try:
                    obj = importlib.import_module(f"{node.module}.{a.name}")
                except ImportError:
                    continue
                out[a.asname or a.name] = obj
        elif isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("ivy.frontends") and a.asname:
                    out[a.asname] = importlib.import_module(a.name)
    return out


def test_words(fw: str) -> set:
    """Every word of the frontend's test sources (and of the tracing tests, which exercise every
    frontend's tracing entry points), plus the keys of tables they iterate."""
    words = set()
    paths = sorted((ROOT / "tests" / "frontends" / fw).rglob("*.py"))
    for p in paths + sorted((ROOT / "tests" / "trace").glob("*.py")):
        src = p.read_text()
        words.update(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", src))
        tree = ast.parse(src)
        words |= _table_words(tree, _frontend_imports(tree))
    return words


def unreached(fw: str, exempt=()) -> list:
    words = test_words(fw)
    return sorted(q for q, n in public_names(fw).items() if n not in words and q not in exempt)
