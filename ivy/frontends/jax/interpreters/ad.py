"""``jax.interpreters.ad``: the names libraries use to declare derivative rules for their own
primitives. ivy differentiates the backend's arrays, not primitives: rules registered in
``primitive_jvps``/``primitive_transposes`` are kept and never used (a custom primitive bound
inside a transform raises; see ``jax.extend.core.Primitive``)."""
primitive_jvps: dict = {}
primitive_transposes: dict = {}


class Zero:
    """Implements ``ad.Zero``: a symbolic zero tangent of abstract value ``aval``."""
    __slots__ = ("aval",)

    def __init__(self, aval):
        self.aval = aval

    @staticmethod
    def from_primal_value(val):
        from ..core import _aval as get_aval
        return Zero(get_aval(val))

    def __repr__(self):
        return f"Zero({self.aval})"


class UndefinedPrimal:
    """Implements ``ad.UndefinedPrimal``: a linear input of a transpose rule."""
    __slots__ = ("aval",)

    def __init__(self, aval):
        self.aval = aval

    def __repr__(self):
        return f"UndefinedPrimal({self.aval})"


def is_undefined_primal(x):
    """Implements ``ad.is_undefined_primal``."""
    return type(x) is UndefinedPrimal


def instantiate_zeros(tangent):
    """Implements ``ad.instantiate_zeros``: a ``Zero`` as a zeros array, anything else as is."""
    if type(tangent) is Zero:
        from ..numpy import zeros
        return zeros(tangent.aval.shape, tangent.aval.dtype)
    return tangent


class JVPTracer:
    """``ad.JVPTracer``: for isinstance checks only (ivy makes no JVP tracers)."""

    def __init__(self, *args, **kwargs):
        raise NotImplementedError("jax.interpreters.ad.JVPTracer: ivy makes no JVP tracers")
