"""``jax.custom_derivatives``: ``custom_jvp``/``custom_vjp`` and the names libraries check
against (``SymbolicZero``, ``CustomVJPPrimal``, the call primitives, which ivy never binds)."""
from ._transforms import custom_jvp, custom_vjp  # noqa: F401
from .extend.core import Primitive

custom_jvp_call_p = Primitive("custom_jvp_call")
custom_vjp_call_p = Primitive("custom_vjp_call")


class SymbolicZero:
    """``jax.custom_derivatives.SymbolicZero``: ivy passes no symbolic zeros
    (``symbolic_zeros=True`` raises NotImplementedError), so one is never made by ivy."""

    def __init__(self, aval):
        self.aval = aval
        self.shape, self.dtype = aval.shape, aval.dtype


class CustomVJPPrimal:
    """``jax.custom_derivatives.CustomVJPPrimal`` (made only with ``symbolic_zeros=True``,
    which ivy does not support)."""

    def __init__(self, value, perturbed):
        self.value, self.perturbed = value, perturbed
