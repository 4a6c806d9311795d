"""``jax._src``: the few modules of JAX's private package that libraries import by name (flax
and equinox import ``traceback_util``, ``core`` and ``dtypes``). Any other ``jax._src.<name>``
raises ``ModuleNotFoundError`` naming it."""
