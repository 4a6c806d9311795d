"""The jax backend: the core's primary functions on jax.numpy / jax.lax.

It runs with 64-bit types enabled (the Array API's defaults are int64/float64): ``activate`` turns
``jax_enable_x64`` on globally while the backend is selected and ``deactivate`` restores the user's
setting; with no backend selected, the registry enters ``scope()`` around each call inferred to
be jax, which enables x64 for that call only (jax's thread-local ``jax.enable_x64`` context,
about 1 µs per call).
"""
from __future__ import annotations

import jax

from . import fft, linalg  # noqa: F401
from ._common import NAME, NATIVE_ARRAY_TYPES  # noqa: F401
# Eager gradients (ivy.autograd): the core's generic tape, one ivy.vjp per recorded call.
AUTOGRAD = "tape"
from ._tape import compile_vjp  # noqa: E402,F401  (compiled per-call vjps for the tape)


def recorded_methods():
    """The array class and the differentiable operators/methods the tape wraps while it records."""
    import jax.numpy as jnp
    return type(jnp.zeros(())), RECORDED_METHOD_NAMES


RECORDED_METHOD_NAMES = (
    "__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__",
    "__rtruediv__", "__pow__", "__rpow__", "__matmul__", "__rmatmul__", "__neg__", "__pos__",
    "__abs__", "__getitem__", "__mod__", "__rmod__", "T", "mT", "real", "imag", "reshape", "sum",
    "mean", "prod", "max", "min", "astype", "transpose", "swapaxes", "squeeze", "ravel", "flatten",
    "clip", "conj", "conjugate", "cumsum", "cumprod", "dot", "take", "repeat", "var", "std",
    "diagonal", "trace")
from ._creation import *  # noqa: F401,F403
from ._elementwise import *  # noqa: F401,F403
from ._manipulation import *  # noqa: F401,F403
from ._searching import *  # noqa: F401,F403
from ._statistics import *  # noqa: F401,F403

_X64 = "jax_enable_x64"


def activate():
    """Enable 64-bit types globally; returns the previous setting for ``deactivate``."""
    previous = jax.config.read(_X64)
    jax.config.update(_X64, True)
    return previous


def deactivate(token):
    """Restore the x64 setting ``activate`` found."""
    if token is not None:
        jax.config.update(_X64, token)


def scope():
    """A context manager enabling 64-bit types for one call (thread-local; nothing global)."""
    return jax.enable_x64(True)
