"""``jax.stages``: the types of JAX's ahead-of-time stages, for annotations and isinstance
checks. ivy has no lowering or AOT compilation (``jax.jit(f).lower`` raises
NotImplementedError), so none of them is ever made."""


class _Stage:
    def __init__(self, *args, **kwargs):
        raise NotImplementedError(f"jax.stages.{type(self).__name__}: ivy has no ahead-of-time "
                                  f"stages (no lowering)")


class Wrapped(_Stage):
    """``jax.stages.Wrapped``."""


class Traced(_Stage):
    """``jax.stages.Traced``."""


class Lowered(_Stage):
    """``jax.stages.Lowered``."""


class Compiled(_Stage):
    """``jax.stages.Compiled``."""
