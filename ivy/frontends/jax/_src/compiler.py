"""``jax._src.compiler``, as far as libraries import it by name (chex's ``restrict_backends``).
ivy does not compile through XLA's compiler entry points, so this module has neither
``backend_compile`` nor ``backend_compile_and_load``: a library that patches them when present
(chex) finds nothing to restrict."""
