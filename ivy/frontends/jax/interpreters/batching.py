"""``jax.interpreters.batching``: the tables libraries register their primitives' batching
rules in. ivy's ``vmap`` batches the backend's arrays, not primitives: the rules are kept and
never used (see ``jax.extend.core.Primitive``)."""
primitive_batchers: dict = {}
axis_primitive_batchers: dict = {}
fancy_primitive_batchers: dict = {}
not_mapped = None


class BatchTracer:
    """``batching.BatchTracer``: for isinstance checks only (ivy makes no batch tracers)."""

    def __init__(self, *args, **kwargs):
        raise NotImplementedError("jax.interpreters.batching.BatchTracer: ivy makes no batch "
                                  "tracers")
