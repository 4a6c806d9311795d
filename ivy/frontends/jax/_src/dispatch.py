"""``jax._src.dispatch``: ivy runs effects in order, so there are no runtime tokens to wait
for."""


def wait_for_tokens():
    """Implements ``jax._src.dispatch.wait_for_tokens`` (nothing to wait for)."""
