"""``jax.example_libraries``: JAX's example neural-net (``stax``) and optimizer
(``optimizers``) libraries, written on the frontend's own ``jax`` API."""
