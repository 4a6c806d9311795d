"""``jax.experimental``: the parts present so far (``layout``)."""
from . import layout  # noqa: F401
