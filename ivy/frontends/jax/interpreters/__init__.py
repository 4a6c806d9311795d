"""``jax.interpreters``: ``partial_eval`` (what flax uses), and the rule tables of ``ad``,
``batching`` and ``mlir`` that libraries register their primitives' rules in (kept, never used:
see ``jax.extend.core.Primitive``)."""
from . import ad, batching, mlir, partial_eval  # noqa: F401
