"""``jax.experimental``: the parts present so far (``layout``, ``io_callback``)."""
from .. import _transforms
from . import layout  # noqa: F401


def io_callback(callback, result_shape_dtypes, *args, sharding=None, ordered=False, **kwargs):
    """Implements ``jax.experimental.io_callback``: ``callback`` gets numpy arrays and runs when
    called (ivy runs effects in program order, so ``ordered`` holds either way)."""
    return _transforms.pure_callback(callback, result_shape_dtypes, *args, **kwargs)
