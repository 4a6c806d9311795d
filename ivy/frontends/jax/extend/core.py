"""``jax.extend.core``: the trace state libraries query, and ``Primitive`` for libraries that
define their own (run by their impl rule only). The jaxpr types can be named but not made: ivy
has no jaxprs."""
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


class Primitive:
    """Implements ``jax.extend.core.Primitive`` for libraries that define their own: ``bind``
    runs the ``def_impl`` rule on ordinary (concrete) arrays. ivy's transforms work on the
    backend's arrays, not on primitives, so the JVP/transpose/batching/lowering rules libraries
    register (``jax.interpreters.ad``, ``batching``, ``mlir``) are kept and never used, and a
    primitive bound inside a jit/vmap trace raises NotImplementedError rather than run its impl
    where JAX would apply a rule."""
    multiple_results = False

    def __init__(self, name):
        self.name = name
        self.impl = self.abstract_eval = None

    def __repr__(self):
        return self.name

    def def_impl(self, impl):
        self.impl = impl
        return impl

    def def_abstract_eval(self, abstract_eval):
        self.abstract_eval = abstract_eval
        return abstract_eval

    def def_effectful_abstract_eval(self, effectful_abstract_eval):
        self.abstract_eval = effectful_abstract_eval
        return effectful_abstract_eval

    def bind(self, *args, **params):
        if self.impl is None:
            raise NotImplementedError(f"primitive {self.name!r} has no impl rule (ivy runs "
                                      f"primitives by their def_impl only)")
        if _array._Made is _array.Tracer:
            raise NotImplementedError(f"primitive {self.name!r} bound inside a jit/vmap trace: "
                                      f"ivy's transforms do not apply the rules registered for "
                                      f"custom primitives")
        return self.impl(*args, **params)


class _NoJaxpr:
    """A jaxpr type: there for annotations and isinstance checks; ivy makes no jaxprs."""

    def __init__(self, *args, **kwargs):
        raise NotImplementedError(f"jax.extend.core.{type(self).__name__}: ivy has no jaxprs")


class Jaxpr(_NoJaxpr):
    """``jax.extend.core.Jaxpr`` (see ``_NoJaxpr``)."""


class ClosedJaxpr(_NoJaxpr):
    """``jax.extend.core.ClosedJaxpr`` (see ``_NoJaxpr``)."""


class Var(_NoJaxpr):
    """``jax.extend.core.Var`` (see ``_NoJaxpr``)."""


class Literal(_NoJaxpr):
    """``jax.extend.core.Literal`` (see ``_NoJaxpr``)."""


class JaxprEqn(_NoJaxpr):
    """``jax.extend.core.JaxprEqn`` (see ``_NoJaxpr``)."""


def mapped_aval(size, axis, aval):
    """Implements ``jax.extend.core.mapped_aval``: ``aval`` with its mapped ``axis`` removed
    (``axis`` None: ``aval`` itself)."""
    if axis is None:
        return aval
    shape = list(aval.shape)
    if shape[axis] != size:
        raise ValueError(f"mapped_aval: axis {axis} of {aval} is not of size {size}")
    del shape[axis]
    return aval.update(shape=tuple(shape))


def unmapped_aval(size, axis, aval, explicit_mesh_axis=None):
    """Implements ``jax.extend.core.unmapped_aval``: ``aval`` with an axis of ``size`` inserted
    at ``axis`` (``axis`` None: ``aval`` itself)."""
    if axis is None:
        return aval
    shape = list(aval.shape)
    shape.insert(axis if axis >= 0 else len(shape) + axis + 1, size)
    return aval.update(shape=tuple(shape))
