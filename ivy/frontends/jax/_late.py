"""Core functions looked up at call time, for tables built at import.

After ``ivy.set_backend``, ``ivy.sin`` *is* that backend's function, so a table that stored
``ivy.sin`` while one backend was selected would keep calling it after a switch. Tables store
``late.sin`` instead: a function that reads ``ivy.sin`` on each call (one attribute lookup).
"""
from __future__ import annotations

import ivy

_SUBSPACES = frozenset({"linalg", "fft", "random"})


class _Late:
    def __init__(self, space: str | None = None):
        self._space = space

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        if self._space is None and name in _SUBSPACES:
            out = _Late(name)
        elif self._space is None:
            def out(*args, **kwargs):
                return getattr(ivy, name)(*args, **kwargs)
            out.ivy_name = name
        else:
            space = self._space

            def out(*args, **kwargs):
                return getattr(getattr(ivy, space), name)(*args, **kwargs)
        if callable(out):
            out.__name__ = out.__qualname__ = name
        setattr(self, name, out)
        return out


late = _Late()


def resolver(core):
    """(namespace, key) with ``namespace[key]`` the function to call now: ivy's module dictionary
    for a ``late`` top-level function (a hot path then reads it with one dictionary lookup
    instead of a wrapper call), else a one-entry dictionary holding ``core``."""
    name = getattr(core, "ivy_name", None)
    return (vars(ivy), name) if name is not None else ({"fn": core}, "fn")
