"""``from ivy.frontends import jax``: JAX's API on ivy's core, on any backend.

Arrays wrap the selected backend's native arrays; dtypes, weak types and promotion follow JAX
0.10 with ``jax_enable_x64`` on (``jax.config.update("jax_enable_x64", False)`` gives JAX's 32-bit
defaults). Select a backend first (``ivy.set_backend("torch")``).
"""
import importlib as _importlib

from . import numpy  # noqa: F401
from ._array import Array, ShapedArray  # noqa: F401
from ._devices import Device  # noqa: F401
from ._dtypes import config  # noqa: F401

# Submodules and top-level names present so far.
for _module_name in ("lax", "nn", "random", "scipy", "tree_util", "tree", "dtypes", "sharding",
                     "debug", "experimental", "typing", "errors"):
    try:
        globals()[_module_name] = _importlib.import_module(f"{__name__}.{_module_name}")
    except ModuleNotFoundError as _e:
        if _e.name != f"{__name__}.{_module_name}":
            raise
for _module_name in ("_transforms", "_runtime"):
    try:
        globals().update(_importlib.import_module(f"{__name__}.{_module_name}").FUNCTIONS)
    except ModuleNotFoundError as _e:
        if _e.name != f"{__name__}.{_module_name}":
            raise
del _module_name
