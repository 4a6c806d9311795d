"""``jax.interpreters``: ``partial_eval`` (the part libraries use); ``ad``, ``batching``,
``mlir`` and ``pxla`` are absent (ivy has no primitives to register rules for)."""
from . import partial_eval  # noqa: F401
