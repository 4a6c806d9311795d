"""``jax.experimental.checkify``: user checks (``check``, ``debug_check``, ``check_error``) and
``checkify``, which turns the first failed check of a call into an ``Error`` value.

The checks are evaluated eagerly: the frontend's ``jit`` runs eagerly on torch, tensorflow and
numpy, so a check inside it raises at once where JAX would refuse to stage an unfunctionalized
check. A predicate that is traced (``jit`` on the jax backend) cannot be read: outside
``checkify`` that is JAX's ``ValueError``, inside it a ``NotImplementedError``. Automatic checks
(NaN, division by zero, out-of-bound indices) need instrumented primitives: asking for them
raises ``NotImplementedError``.
"""
from __future__ import annotations

import functools
import threading

import numpy as np

from .._array import Array
from ..tree_util import register_pytree_node, tree_leaves

__all__ = ["Error", "ErrorCategory", "JaxRuntimeError", "all_checks", "automatic_checks",
           "check", "check_error", "checkify", "debug_check", "div_checks", "float_checks",
           "index_checks", "init_error", "nan_checks", "user_checks"]


class JaxRuntimeError(ValueError):
    __module__ = "jax._src.checkify"


class JaxException(Exception):
    """An error a check can record."""
    __module__ = "jax._src.checkify"

    def __init__(self, traceback_info=None):
        self.traceback_info = traceback_info


class FailedCheckError(JaxException):
    """A ``check`` whose predicate was False."""
    __module__ = "jax._src.checkify"

    def __init__(self, traceback_info, fmt_string, *a, **k):
        super().__init__(traceback_info)
        self.fmt_string = fmt_string
        self.args = a
        self.kwargs = k

    def __str__(self):
        return self.fmt_string.format(*self.args, **self.kwargs) + " (`check` failed)"


def _category(name, doc):
    return type(name, (JaxException,), {"__module__": "jax._src.checkify", "__doc__": doc})


NaNError = _category("NaNError", "A floating-point operation made a NaN.")
DivisionByZeroError = _category("DivisionByZeroError", "A division by zero.")
OOBError = _category("OOBError", "An out-of-bound index.")

ErrorCategory = type
user_checks = frozenset({FailedCheckError})
nan_checks = frozenset({NaNError})
index_checks = frozenset({OOBError})
div_checks = frozenset({DivisionByZeroError})
float_checks = nan_checks | div_checks
automatic_checks = float_checks | index_checks
all_checks = automatic_checks | user_checks


class Error:
    """Implements `jax.experimental.checkify.Error`: the first failed check of a call, or none.
    A pytree without leaves (the outcome is known when the call returns)."""
    __module__ = "jax.experimental.checkify"
    __slots__ = ("_exception",)

    def __init__(self, exception=None):
        self._exception = exception

    def get(self):
        """The error message, or None when no check failed."""
        return None if self._exception is None else str(self._exception)

    def get_exception(self):
        return self._exception

    def throw(self):
        if self._exception is not None:
            raise JaxRuntimeError(str(self._exception))

    def __str__(self):
        return f"Error({self.get()})"

    __repr__ = __str__


register_pytree_node(Error, lambda e: ((), e._exception), lambda exc, _: Error(exc))
init_error = Error()

# One list per active ``checkify`` call (innermost last), holding the first failure.
_frames = threading.local()


def _stack():
    stack = getattr(_frames, "stack", None)
    if stack is None:
        stack = _frames.stack = []
    return stack


def _record(exception, debug):
    """Put ``exception`` in the innermost ``checkify`` call, or raise it (a debug check outside
    ``checkify`` is dropped, as in JAX)."""
    stack = _stack()
    if stack:
        if stack[-1][0] is None:
            stack[-1][0] = exception
    elif not debug:
        raise JaxRuntimeError(str(exception))


def _check(pred, msg, debug, fmt_args, fmt_kwargs):
    name = "debug_check" if debug else "check"
    if not (isinstance(pred, bool) or isinstance(pred, Array) and pred.shape == ()
            and pred.dtype == np.dtype("bool")):
        raise TypeError(f"{name} takes a scalar pred as argument, got {pred}")
    for arg in tree_leaves((fmt_args, fmt_kwargs)):
        if not isinstance(arg, (Array, np.ndarray)):
            raise TypeError(f"Formatting arguments to checkify.check need to be PyTrees of "
                            f"arrays, but got {arg!r} of type {type(arg)}.")
    try:
        failed = not bool(pred)
    except TypeError:   # a traced predicate (jit on the jax backend)
        if _stack():
            raise NotImplementedError(f"jax.experimental.checkify.{name}: a traced predicate "
                                      f"(jit on the jax backend) inside checkify is not "
                                      f"supported; checks are evaluated eagerly") from None
        raise ValueError("Cannot abstractly evaluate a checkify.check which was not "
                         "functionalized. This probably means you tried to stage "
                         "(jit/scan/pmap/...) a `check` without functionalizing it through "
                         "`checkify.checkify`.") from None
    if failed:
        _record(FailedCheckError(None, msg, *fmt_args, **fmt_kwargs), debug)


def check(pred, msg, *fmt_args, debug=False, **fmt_kwargs):
    """Implements `jax.experimental.checkify.check`: outside ``checkify`` a False ``pred``
    raises ``JaxRuntimeError``; inside, the first failure is recorded."""
    _check(pred, msg, debug, fmt_args, fmt_kwargs)


def debug_check(pred, msg, *fmt_args, **fmt_kwargs):
    """Implements `jax.experimental.checkify.debug_check`: a check only under ``checkify``."""
    _check(pred, msg, True, fmt_args, fmt_kwargs)


def check_error(error):
    """Implements `jax.experimental.checkify.check_error`: raise (or, under ``checkify``,
    record) the failure ``error`` holds."""
    if not isinstance(error, Error):
        raise TypeError(f"check_error takes an Error as argument, got type {type(error)} "
                        f"instead.")
    if error._exception is not None:
        _record(error._exception, False)


def checkify(f, errors=user_checks):
    """Implements `jax.experimental.checkify.checkify` for user checks: the wrapped function
    returns ``(Error, out)``."""
    unsupported = frozenset(errors) - user_checks
    if unsupported:
        raise NotImplementedError(
            f"jax.experimental.checkify.checkify: automatic checks "
            f"({', '.join(sorted(c.__name__ for c in unsupported))}) are not supported by ivy "
            f"on any backend; only user_checks")

    @functools.wraps(f)
    def checked_fun(*args, **kwargs):
        stack = _stack()
        frame = [None]
        stack.append(frame)
        try:
            out = f(*args, **kwargs)
        finally:
            stack.pop()
        return Error(frame[0]), out
    return checked_fun
