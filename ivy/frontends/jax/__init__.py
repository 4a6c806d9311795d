"""``from ivy.frontends import jax``: JAX's API on ivy's core, on any backend.

Arrays wrap the selected backend's native arrays; dtypes, weak types and promotion follow JAX
0.10, with its 32-bit defaults unless ``jax.config.update("jax_enable_x64", True)`` (or the
``JAX_ENABLE_X64`` environment variable) turns 64-bit types on. This flag is the frontend's own:
the jax backend enables x64 for ivy's core regardless. Select a backend first
(``ivy.set_backend("torch")``).
"""
from ivy.frontends._shared import present_submodules as _present

from . import numpy  # noqa: F401
from ._array import Array, ShapedArray  # noqa: F401
from ._devices import Device  # noqa: F401
from ._dtypes import config  # noqa: F401

# Submodules and top-level names present so far.
globals().update(_present(__name__, ("lax", "nn", "random", "scipy", "tree_util", "tree", "dtypes",
                                     "sharding", "debug", "experimental", "typing", "errors",
                                     "version", "core", "extend", "interpreters", "api_util",
                                     "custom_derivatives", "stages")))
for _module in _present(__name__, ("_transforms", "_runtime")).values():
    globals().update(_module.FUNCTIONS)
del _module
# the private modules the import hook serves (``jax._src.traceback_util``: flax, equinox import it)
HOOK_PRIVATE = ("_src",)
from .version import __version__, __version_info__  # noqa: E402,F401
from ivy.core import trace as _trace  # noqa: E402
_trace.register_array_type(Array, "_data", frontend="jax",
                           wrap=_array._wrap)   # ivy.trace_graph unwraps
