"""An extension *area*: one module of ``ivy/core/ext`` declaring a family of core functions.

An area names the namespace its functions appear in (``""`` for ``ivy``, ``"linalg"``,
``"random"``) and declares each function once:

- ``@area.primary`` on a *stub*: the signature and one-line docstring that every backend implements
  in ``ivy/backends/<backend>/<area name>.py`` (same name, same signature; the tests compare them).
- ``@area.compositional`` on a default *body* written against a backend namespace ``xp`` (its first
  parameter): the registry binds it per backend with ``functools.partial`` unless the backend's
  area module defines a native function of that name (with the body's signature minus ``xp``).
- ``late=True`` on either: with no backend selected, the dispatcher cannot infer the backend from
  the call's arguments (``ivy.grad(f)`` takes a function), so it returns a function that infers the
  backend from *its* arguments when called.
"""
from __future__ import annotations


class Area:
    def __init__(self, name: str, namespace: str = ""):
        self.name = name
        self.namespace = namespace
        self.primaries: dict[str, object] = {}
        self.bodies: dict[str, object] = {}
        self.late: set[str] = set()

    def _add(self, table, fn, late):
        name = fn.__name__
        if name in self.primaries or name in self.bodies:
            raise ValueError(f"ivy area {self.name}: {name} declared twice")
        table[name] = fn
        if late:
            self.late.add(name)
        return fn

    def primary(self, fn=None, *, late=False):
        """Declare a primary function by its stub (signature + docstring)."""
        if fn is None:
            return lambda f: self._add(self.primaries, f, late)
        return self._add(self.primaries, fn, late)

    def compositional(self, fn=None, *, late=False):
        """Declare a compositional function by its default body ``fn(xp, ...)``."""
        if fn is None:
            return lambda f: self._add(self.bodies, f, late)
        return self._add(self.bodies, fn, late)
