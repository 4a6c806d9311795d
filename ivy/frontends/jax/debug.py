"""``jax.debug``: printing and callbacks, run eagerly (a ``jit`` that cannot trace them runs the
function eagerly, so they print on every call, as JAX's do)."""
from __future__ import annotations

import logging

import numpy as np

from . import tree_util as tu
from ._array import Array, asarray, value_of

__all__ = ["breakpoint", "callback", "inspect_array_sharding", "log", "print",
           "visualize_array_sharding", "visualize_sharding"]
_print = print
_logger = logging.getLogger("jax._src.debugging")


def _as_arrays(tree):
    """Arguments as arrays with readable values: a debug callback sees values inside jit too."""
    return tu.tree_map(lambda x: value_of(x if isinstance(x, Array) else asarray(x)), tree)


def print(fmt=None, *args, ordered=False, partitioned=False, skip_format_check=False,  # noqa: A001
          **kwargs):
    """Implements `jax.debug.print`: ``fmt.format`` of the arguments as ``jax.Array``s."""
    if fmt is None:
        raise TypeError("jax.debug.print() requires a format string")
    args, kwargs = _as_arrays((args, kwargs))
    _print(fmt.format(*args, **kwargs))


def log(fmt=None, *args, ordered=False, partitioned=False, skip_format_check=False, **kwargs):
    """Implements `jax.debug.log`: ``jax.debug.print`` to the logger ``jax._src.debugging``."""
    args, kwargs = _as_arrays((args, kwargs))
    _logger.info(fmt.format(*args, **kwargs))


def callback(callback=None, *args, ordered=False, partitioned=False, **kwargs):
    """Implements `jax.debug.callback`: ``callback`` gets ``jax.Array``s; returns None."""
    if callback is None:
        raise TypeError("jax.debug.callback() requires a callback")
    args, kwargs = _as_arrays((args, kwargs))
    callback(*args, **kwargs)


def breakpoint(*, backend=None, filter_frames=True, num_frames=None, ordered=False,  # noqa: A001
               token=None, **kwargs):
    """``jax.debug.breakpoint``: raises (ivy has no JAX debugger; use Python's ``breakpoint``)."""
    raise NotImplementedError("jax.debug.breakpoint is not supported by ivy; call Python's "
                              "breakpoint() (arrays are concrete outside jit)")


def inspect_array_sharding(value, *, callback):
    """Implements `jax.debug.inspect_array_sharding`: ``callback`` gets each array's sharding."""
    tu.tree_map(lambda x: callback(x.sharding), _as_arrays(value))


def visualize_array_sharding(arr, **kwargs):
    """Implements `jax.debug.visualize_array_sharding` (one device: the whole array on it)."""
    arr = arr if isinstance(arr, Array) else asarray(arr)
    _print(f"{arr.device} {tuple(arr.shape)} (whole array)")


def visualize_sharding(shape, sharding, *, use_color=True, scale=1.0, min_width=9, max_width=80,
                       color_map=None):
    """Implements `jax.debug.visualize_sharding` (one device)."""
    _print(f"{sorted(sharding.device_set, key=str)[0]} {tuple(np.atleast_1d(shape))} "
           f"(whole array)")
