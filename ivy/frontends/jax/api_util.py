"""``jax.api_util``: flattening a wrapped function's pytree arguments and results, as JAX's own
transforms do before tracing (libraries call these around ``jax.interpreters.partial_eval``)."""
from . import tree_util as tu
from ._array import ShapedArray, asarray
from .extend.linear_util import WrappedFun


class DebugInfo:
    """What ``debug_info`` returns: what was traced, for error messages."""
    __slots__ = ("traced_for", "func_name", "arg_names", "result_paths")

    def __init__(self, traced_for, func_name, arg_names=None, result_paths=None):
        self.traced_for, self.func_name = traced_for, func_name
        self.arg_names, self.result_paths = arg_names, result_paths

    def __repr__(self):
        return f"DebugInfo({self.traced_for!r}, {self.func_name!r})"


def debug_info(traced_for, fun, args, kwargs, *, static_argnums=(), static_argnames=(),
               result_paths_thunk=None, sourceinfo=None, signature=None):
    """Implements ``jax.api_util.debug_info``."""
    return DebugInfo(traced_for, getattr(fun, "__name__", repr(fun)))


class _Store:
    __slots__ = ("value",)

    def __call__(self):
        try:
            return self.value
        except AttributeError:
            raise ValueError("the output tree is known once the function has run") from None


def _flatten(f, in_tree, kwargs):
    store = _Store()

    def call(inner, *flat):
        if len(flat) != in_tree.num_leaves:
            raise TypeError(f"expected {in_tree.num_leaves} flat arguments, got {len(flat)}")
        tree = tu.tree_unflatten(in_tree, flat)
        args, kw = tree if kwargs else (tree, {})
        leaves, store.value = tu.tree_flatten(inner(*args, **kw))
        return leaves
    return f.wrap(call), store


def flatten_fun(f: WrappedFun, in_tree):
    """Implements ``jax.api_util.flatten_fun``: ``(flat_f, out_tree)``; ``flat_f`` takes the
    leaves of ``in_tree`` (an ``(args, kwargs)`` tree) and returns the result's leaves;
    ``out_tree()`` is the result's treedef after a call."""
    return _flatten(f, in_tree, True)


def flatten_fun_nokwargs(f: WrappedFun, in_tree):
    """Implements ``jax.api_util.flatten_fun_nokwargs`` (``in_tree`` is the args tuple's)."""
    return _flatten(f, in_tree, False)


def shaped_abstractify(x):
    """Implements ``jax.api_util.shaped_abstractify``."""
    if isinstance(x, ShapedArray):
        return x
    if hasattr(x, "shape") and hasattr(x, "dtype") and not hasattr(x, "__array__"):
        return ShapedArray(x.shape, x.dtype, getattr(x, "weak_type", False))
    return asarray(x).aval
