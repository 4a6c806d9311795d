"""Exception types of the core.

Each subclasses the builtin a caller expects (ValueError, TypeError, ...) so plain ``except
ValueError`` keeps working, and carries the ivy function and backend it came from. Frontends map
these onto their framework's own exception types.
"""
from __future__ import annotations

import functools


class IvyError(Exception):
    """Base of every error ivy raises on purpose."""

    def __init__(self, message: str = "", *, function: str | None = None, backend: str | None = None):
        super().__init__(message)
        self.function = function
        self.backend = backend


class IvyValueError(IvyError, ValueError):
    pass


class IvyBroadcastError(IvyValueError):
    """Operand shapes do not broadcast together."""


class IvyTypeError(IvyError, TypeError):
    pass


class IvyIndexError(IvyError, IndexError):
    pass


class IvyNotImplementedError(IvyError, NotImplementedError):
    """A function, argument or dtype a backend cannot do."""


class IvyTraceError(IvyError, RuntimeError):
    """A traced function needs what a graph cannot hold (a traced array's value in Python)."""


class IvyBackendError(IvyValueError):
    """Unknown backend name, mixed backends, or a backend that cannot be imported."""


def where(function: str, backend: str | None) -> str:
    return f"ivy.{function} ({backend} backend)" if backend else f"ivy.{function}"


def unsupported(function: str, backend: str, what: str) -> IvyNotImplementedError:
    """The error for a dtype/argument/feature a backend lacks: names function, what and backend."""
    return IvyNotImplementedError(f"{where(function, backend)}: {what} is not supported on the "
                                  f"{backend} backend", function=function, backend=backend)


_BROADCAST_HINTS = ("broadcast", "incompatible shapes", "must match the size", "Incompatible shapes",
                    "The size of tensor a", "shapes must be equal",
                    "Dimensions must be equal", "compatible batch dimensions",
                    "must match the existing size", "number of sizes provided",
                    "allowed by the axis remapping")


def from_native(exc: BaseException, function: str, backend: str) -> IvyError:
    """Translate a native framework exception into the ivy error of the matching kind.

    Backends call this in ``except`` clauses: ``raise from_native(e, "add", "torch") from e``.
    """
    if isinstance(exc, IvyError):
        return exc
    msg = str(exc).strip() or type(exc).__name__
    if isinstance(exc, IndexError):
        cls = IvyIndexError
    elif isinstance(exc, NotImplementedError):
        cls = IvyNotImplementedError
    elif any(h in msg for h in _BROADCAST_HINTS):
        cls = IvyBroadcastError
    elif isinstance(exc, TypeError):
        cls = IvyTypeError
    else:
        cls = IvyValueError
    return cls(f"{where(function, backend)}: {msg}", function=function, backend=backend)


def translating(qualname: str, backend: str):
    """Decorator for a backend's non-hot functions: native exceptions become the ivy error of the
    matching kind naming ``ivy.<qualname>`` and the backend. (Hot families keep one fixed-arity
    try/except in their closure factory instead: this wrapper forwards ``*args, **kwargs``.)"""
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except IvyError:
                raise
            except Exception as e:
                raise from_native(e, qualname, backend) from e
        return wrapper
    return decorate
