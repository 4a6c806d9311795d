"""``jax.interpreters.batching``: the tables libraries register their primitives' batching
rules in. ivy's ``vmap`` batches the backend's arrays, not primitives: the rules are kept and
never used (see ``jax.extend.core.Primitive``)."""
primitive_batchers: dict = {}
axis_primitive_batchers: dict = {}
fancy_primitive_batchers: dict = {}
