"""``numpy`` on ivy's core: ``from ivy.frontends import numpy as np`` runs NumPy programs on the
numpy, torch, jax and tensorflow backends.

Each module below may define ``FUNCTIONS`` (``np.<name>``), ``METHODS`` (``ndarray.<name>``,
taking the array first) and ``PROPERTIES`` (read-only ``ndarray`` attributes); this file installs
them in order (a later module overrides an earlier one), then dtypes, scalar types and constants.
dtype objects and scalar types are NumPy's own (see ``_dtypes``); views and writes: ``_array``.
"""
import sys as _sys

import numpy as _np

from ivy.frontends._shared import present_submodules as _present

from ._array import ndarray
from ._ufuncs import ufunc  # noqa: F401

_MODULES = ("_ufuncs", "_creation", "_manipulation", "_math", "_statistics", "_polynomial",
            "_misc", "_methods")

for _module in _present(__name__, _MODULES).values():
    globals().update(getattr(_module, "FUNCTIONS", {}))
    for _name, _fn in getattr(_module, "METHODS", {}).items():
        setattr(ndarray, _name, _fn)
    for _name, _fn in getattr(_module, "PROPERTIES", {}).items():
        setattr(ndarray, _name, property(_fn))
del _module

# dtype objects, scalar types, type queries and constants are NumPy's own objects
dtype = _np.dtype
finfo, iinfo = _np.finfo, _np.iinfo
can_cast, promote_types, min_scalar_type = _np.can_cast, _np.promote_types, _np.min_scalar_type
issubdtype, isdtype = _np.issubdtype, _np.isdtype
for _name in ("bool_", "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
              "uint64", "float16", "float32", "float64", "complex64", "complex128", "intp",
              "uintp", "byte", "ubyte", "short", "ushort", "intc", "uintc", "int_", "uint",
              "long", "ulong", "longlong", "ulonglong", "half", "single", "double", "float_",
              "cdouble", "csingle", "generic", "number", "integer", "signedinteger",
              "unsignedinteger", "inexact", "floating", "complexfloating", "character",
              "flexible", "pi", "e", "inf", "nan", "euler_gamma", "newaxis", "True_",
              "False_"):
    if hasattr(_np, _name):
        globals()[_name] = getattr(_np, _name)
del _name


def result_type(*arrays_and_dtypes):
    """``np.result_type``: frontend arrays count by their dtype."""
    from ._array import ndarray as _nd
    return _np.result_type(*[a.dtype if isinstance(a, _nd) else a for a in arrays_and_dtypes])


globals().update(_present(__name__, ("linalg", "fft", "random")))


def _array_function(self, func, types, args, kwargs):
    """Real NumPy's functions given frontend arrays (``onp.concatenate([a, b])``, ``onp.mean(a)``)
    run as the frontend's, as NumPy's own would on NumPy arrays; one the frontend lacks runs
    NumPy's on host copies (NEP 18)."""
    module = _NAMESPACES.get(func.__module__)
    ours = getattr(module, func.__name__, None) if module is not None else None
    if ours is None or ours is func:
        return func._implementation(*args, **kwargs)
    return ours(*args, **kwargs)


_NAMESPACES = {"numpy": _sys.modules[__name__]}
_NAMESPACES.update({f"numpy.{name}": globals()[name] for name in ("linalg", "fft")
                    if name in globals()})
ndarray.__array_function__ = _array_function
from ivy.core import trace as _trace  # noqa: E402
_trace.register_array_type(ndarray, "_data", frontend="numpy",
                           wrap=_array._wrap)   # ivy.trace_graph unwraps
_trace.register_host_state(lambda: repr(random.get_state()))   # the global RandomState's draws
