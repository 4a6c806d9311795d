"""``jax.extend.core``: the trace state libraries query. Primitives and jaxprs are absent (ivy
has none)."""
from .. import _array
from ..core import ShapedArray  # noqa: F401


class OpaqueTraceState:
    """What ``get_opaque_trace_state`` returns: equal while the same kind of trace runs."""
    __slots__ = ("_tracing",)

    def __init__(self, tracing):
        self._tracing = tracing

    def __eq__(self, other):
        return isinstance(other, OpaqueTraceState) and self._tracing == other._tracing

    def __hash__(self):
        return hash(self._tracing)


def get_opaque_trace_state(convention=None):
    """Implements ``jax.extend.core.get_opaque_trace_state``: whether a jit/vmap body is being
    traced (ivy does not number nested traces)."""
    return OpaqueTraceState(_array._Made is _array.Tracer)
