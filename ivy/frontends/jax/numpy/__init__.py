"""``jax.numpy`` on ivy's core: functions from the implementation modules' tables.

Each module below may define ``FUNCTIONS`` (``jnp.<name>``), ``METHODS`` (``jax.Array.<name>``,
taking the array first) and ``PROPERTIES`` (read-only ``jax.Array`` attributes); this file installs
them in order (a later module overrides an earlier one), then the dtypes, constants and operators.
"""
import numpy as _np

from ivy.frontends._shared import present_submodules as _present

from .. import _dtypes as _J
from .._array import Array, array, asarray, is_operand as _is_operand  # noqa: F401

ndarray = Array
dtype = _np.dtype
_MODULES = ("_ufuncs", "_math", "_creation", "_reductions", "_manipulation", "_indexing",
            "_sorting", "_sets", "_misc", "_dtype_functions")

for _module in _present(__name__, _MODULES).values():
    globals().update(getattr(_module, "FUNCTIONS", {}))
    for _name, _fn in getattr(_module, "METHODS", {}).items():
        setattr(Array, _name, _fn)
    for _name, _fn in getattr(_module, "PROPERTIES", {}).items():
        setattr(Array, _name, property(_fn))
del _module

globals().update(_J.SCALAR_TYPES)
globals().update(_J.ABSTRACT)
# JAX's narrow float/int types, as names only (flax's fp8 modules default to them): ivy's core has
# no such arrays, and making one raises TypeError (see _dtypes.name_of).
import ml_dtypes as _ml  # noqa: E402
globals().update({_n: getattr(_ml, _n) for _n in (
    "float8_e3m4", "float8_e4m3", "float8_e4m3b11fnuz", "float8_e4m3fn", "float8_e4m3fnuz",
    "float8_e5m2", "float8_e5m2fnuz", "float8_e8m0fnu", "float4_e2m1fn", "int2", "int4", "uint2",
    "uint4") if hasattr(_ml, _n)})
pi, e, inf, nan, euler_gamma = _np.pi, _np.e, _np.inf, _np.nan, _np.euler_gamma
newaxis = None

# ---- operators -------------------------------------------------------------------------------
# dunder: (jnp function, reflected)
_OPERATORS = {
    "add": "add", "sub": "subtract", "mul": "multiply", "truediv": "true_divide",
    "floordiv": "floor_divide", "mod": "remainder", "pow": "power", "matmul": "matmul",
    "and": "bitwise_and", "or": "bitwise_or", "xor": "bitwise_xor", "lshift": "left_shift",
    "rshift": "right_shift", "divmod": "divmod",
}
_COMPARISONS = {"eq": "equal", "ne": "not_equal", "lt": "less", "le": "less_equal",
                "gt": "greater", "ge": "greater_equal"}
_UNARY_OPERATORS = {"neg": "negative", "pos": "positive", "abs": "abs", "invert": "invert"}


def _operator(fn, reflected):
    fn = getattr(fn, "_func", fn)       # a ufunc's function itself: no __call__ frame
    if reflected:
        def op(self, other):
            return fn(other, self) if type(other) is Array or _is_operand(other) else \
                NotImplemented
    else:
        def op(self, other):
            return fn(self, other) if type(other) is Array or _is_operand(other) else \
                NotImplemented
    return op


def _unary_operator(fn):
    def op(self):       # a plain function, so it binds (jnp.negative is a ufunc object)
        return fn(self)
    return op


def _install_operators():
    g = globals()
    for dunder, name in _OPERATORS.items():
        if name in g:
            setattr(Array, f"__{dunder}__", _operator(g[name], False))
            setattr(Array, f"__r{dunder}__", _operator(g[name], True))
    for dunder, name in _COMPARISONS.items():
        if name in g:
            setattr(Array, f"__{dunder}__", _operator(g[name], False))
    for dunder, name in _UNARY_OPERATORS.items():
        if name in g:
            setattr(Array, f"__{dunder}__", _unary_operator(g[name]))


_install_operators()

# Submodules (jnp.linalg, jnp.fft) present so far.
globals().update(_present(__name__, ("linalg", "fft")))
