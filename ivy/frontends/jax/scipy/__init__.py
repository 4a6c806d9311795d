"""``jax.scipy``: ``special``, ``stats`` and ``linalg`` on ivy's core."""
from . import linalg, special, stats  # noqa: F401
