"""``jax.core``: abstract values and the tracer type (what JAX 0.10 still exports there).

``Trace``, ``eval_jaxpr`` and the jaxpr types are absent: ivy has no jaxprs."""
import numpy as np

from ._array import AbstractValue, Array, ShapedArray, Tracer
from ._transforms import ensure_compile_time_eval

__all__ = ["AbstractValue", "ShapedArray", "Tracer", "ensure_compile_time_eval", "eval_context",
           "max_dim", "min_dim"]

eval_context = ensure_compile_time_eval


def _aval(x):
    """The abstract value of an array or a Python/NumPy scalar or array (``jax.core.get_aval``
    was removed in JAX 0.10: ``jax.typeof``)."""
    if isinstance(x, Array):
        return x.aval
    if isinstance(x, AbstractValue):
        return x
    if isinstance(x, (bool, int, float, complex)):
        from ._array import asarray
        return asarray(x).aval
    if isinstance(x, (np.ndarray, np.generic)):
        return ShapedArray(np.shape(x), x.dtype)
    raise TypeError(f"Value {x!r} with type {type(x)} is not a valid JAX type")


def __getattr__(name):
    if name == "get_aval":
        raise AttributeError("jax.core.get_aval was deprecated in JAX v0.8.2 and removed in JAX "
                             "v0.10.0; use jax.typeof instead.")
    raise AttributeError(f"module 'jax.core' has no attribute {name!r}")


def max_dim(d1, d2):
    """Implements ``jax.core.max_dim`` (dimensions are integers in ivy)."""
    return max(d1, d2)


def min_dim(d1, d2):
    """Implements ``jax.core.min_dim``."""
    return min(d1, d2)
