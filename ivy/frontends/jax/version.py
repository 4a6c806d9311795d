"""``jax.version``: the JAX release this frontend follows."""
__version__ = "0.10.2"
__version_info__ = (0, 10, 2)
_version = __version__
