"""ivy: code written for one array framework, run on another.

The core API (``ivy.add``, ``ivy.linalg.solve``, ``ivy.fft.fft``, ...) follows the Python Array API
standard 2024.12 and takes and returns the current backend's native arrays. Select a backend with
``ivy.set_backend("torch")`` or ``with ivy.using_backend("jax"):``; with none selected, each call
uses the backend of its array arguments (numpy, or ``$IVY_BACKEND``, for creation calls).
"""
import math as _math
import sys as _sys

from .core import dtypes as _dtypes
from .core import registry as _registry
from .core.api import (EighResult, EigResult, QRResult, SlogdetResult, SVDResult,  # noqa: F401
                       UniqueAllResult, UniqueCountsResult, UniqueInverseResult)
from .core.errors import (IvyBackendError, IvyBroadcastError, IvyError, IvyIndexError,  # noqa: F401
                          IvyNotImplementedError, IvyTraceError, IvyTypeError, IvyValueError)

__version__ = "0.1.0"
__array_api_version__ = "2024.12"

BACKENDS = _registry.BACKENDS
set_backend = _registry.set_backend
unset_backend = _registry.unset_backend
using_backend = _registry.using_backend
current_backend = _registry.current_backend
selected_backend = _registry.selected_backend
backend_namespace = _registry.backend_namespace
default_backend = _registry.default_backend

# Dtypes are their canonical names.
for _name in _dtypes.ALL:
    globals()[_name] = _name
del _name
dtypes = _dtypes

e = _math.e
pi = _math.pi
inf = _math.inf
nan = _math.nan
newaxis = None

from . import fft, linalg, random  # noqa: E402
from .core import tree  # noqa: E402  (ivy.tree.flatten / unflatten / tree_map: JAX-style pytrees)
from .core import autograd  # noqa: E402  (eager reverse mode: watch / backward, torch-style)
from .core.trace import Graph, trace_graph  # noqa: E402,F401  (record once, replay as a graph)

_registry.bind_targets({"": _sys.modules[__name__], "linalg": linalg, "fft": fft,
                        "random": random})
