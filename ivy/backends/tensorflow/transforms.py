"""Area `transforms` on tensorflow: ``GradientTape``, ``ForwardAccumulator``, ``vectorized_map``,
``tf.function``.

Each differentiated argument is watched as a fresh ``tf.identity`` of itself, so an array passed
twice (or shared with a closure) is differentiated only where ``argnums`` says. A transform run
inside another one records into the outer tape, which makes ``grad(grad(f))`` and ``grad`` of
``vjp``/``jvp`` work. Complex gradients follow JAX's convention, the conjugate of TF's.

``jacfwd`` computes the Jacobian by reverse mode (``GradientTape.jacobian``): same values, TF has
no vectorized forward-mode Jacobian. ``vmap`` uses ``tf.vectorized_map`` and, where that cannot
trace ``fun``, loops over the examples and stacks (same results, slower). ``checkpoint`` is the
function itself (``tf.recompute_grad`` takes positional tensors only, no pytrees): values and
gradients are the same, memory is not saved.
"""
from __future__ import annotations

import tensorflow as tf

from ivy.core import tree as _tree
from ivy.core.ext import transforms as _T

from ._base import NAME, name_of

_ZERO = tf.UnconnectedGradients.ZERO
_FORWARD_MODE = [0]     # jvp calls running: ForwardAccumulator would ignore a custom rule
_DEFAULT = {bool: tf.bool, int: tf.int64, float: tf.float64, complex: tf.complex128}


def _as_tensor(x):
    if isinstance(x, (tf.Tensor, tf.Variable)):
        return x
    return tf.convert_to_tensor(x, dtype=_DEFAULT.get(type(x)))


def _watched(leaves):
    return [tf.identity(_as_tensor(x)) for x in leaves]


def _conj_complex(leaves):
    # gradients of gathers come back as tf.IndexedSlices: ivy's are dense arrays
    leaves = [tf.convert_to_tensor(g) if isinstance(g, tf.IndexedSlices) else g for g in leaves]
    return [tf.math.conj(g) if g.dtype.is_complex else g for g in leaves]


def _value_and_grad(fun, argnums, has_aux, qualname):
    def vg(*args, **kwargs):
        leaves, treedef, rebuild = _T.split_diff(args, argnums, qualname)
        leaves = _watched(leaves)
        for x in leaves:
            _T.check_grad_input(name_of(x.dtype), qualname)
        with tf.GradientTape(watch_accessed_variables=False) as tape:
            tape.watch(leaves)
            out, aux = _T.split_aux(fun(*rebuild(leaves), **kwargs), has_aux, qualname)
            out = _as_tensor(out)
        _T.check_grad_output(out.shape, name_of(out.dtype), qualname)
        grads = tape.gradient(out, leaves, unconnected_gradients=_ZERO) if leaves else []
        g = _tree.unflatten(treedef, _conj_complex(grads))
        return ((out, aux), g) if has_aux else (out, g)
    return vg


def value_and_grad(fun, argnums=0, has_aux=False):
    """``jax.value_and_grad`` by ``tf.GradientTape``."""
    return _value_and_grad(fun, argnums, has_aux, "value_and_grad")


def grad(fun, argnums=0, has_aux=False):
    """``jax.grad`` by ``tf.GradientTape``."""
    vg = _value_and_grad(fun, argnums, has_aux, "grad")

    def g(*args, **kwargs):
        value, gr = vg(*args, **kwargs)
        return (gr, value[1]) if has_aux else gr
    return g


def vjp(fun, *primals, has_aux=False):
    """``jax.vjp`` by a persistent ``tf.GradientTape`` (``vjp_fn`` may be called many times)."""
    leaves, treedef = _tree.flatten(primals)
    leaves = _watched(leaves)
    with tf.GradientTape(persistent=True, watch_accessed_variables=False) as tape:
        tape.watch(leaves)
        out, aux = _T.split_aux(fun(*_tree.unflatten(treedef, leaves)), has_aux, "vjp")
        out_leaves, out_def = _tree.flatten(out)
        out_leaves = [_as_tensor(o) for o in out_leaves]

    def vjp_fn(cotangent):
        c_leaves, c_def = _tree.flatten(cotangent)
        _T.check_same_structure(out_def, c_def, "the cotangent and the primal output", "vjp")
        cts = _conj_complex([_as_tensor(c) for c in c_leaves])
        grads = tape.gradient(out_leaves, leaves, output_gradients=cts,
                              unconnected_gradients=_ZERO) if leaves else []
        return _tree.unflatten(treedef, _conj_complex(grads))

    out = _tree.unflatten(out_def, out_leaves)
    return (out, vjp_fn, aux) if has_aux else (out, vjp_fn)


def jvp(fun, primals, tangents, has_aux=False):
    """``jax.jvp`` by ``tf.autodiff.ForwardAccumulator``."""
    p_leaves, t_leaves, p_def = _T.tangent_trees(primals, tangents, "jvp")
    p_leaves = _watched(p_leaves)
    t_leaves = [_as_tensor(t) for t in t_leaves]
    _FORWARD_MODE[0] += 1
    try:
        with tf.autodiff.ForwardAccumulator(p_leaves, t_leaves) as acc:
            out, aux = _T.split_aux(fun(*_tree.unflatten(p_def, p_leaves)), has_aux, "jvp")
            out_leaves, out_def = _tree.flatten(out)
            out_leaves = [_as_tensor(o) for o in out_leaves]
    finally:
        _FORWARD_MODE[0] -= 1
    tan = [acc.jvp(o, unconnected_gradients=_ZERO) for o in out_leaves]
    result = (_tree.unflatten(out_def, out_leaves), _tree.unflatten(out_def, tan))
    return result + (aux,) if has_aux else result


def _jacobian(qualname):
    def make(fun, argnums=0, has_aux=False):
        def jac(*args, **kwargs):
            leaves, in_def, rebuild = _T.split_diff(args, argnums, qualname)
            leaves = _watched(leaves)
            for x in leaves:
                if not x.dtype.is_floating:
                    raise _T.IvyTypeError(f"ivy.{qualname} ({NAME} backend): inputs must be "
                                          f"real floating, got {name_of(x.dtype)}",
                                          function=qualname, backend=NAME)
            with tf.GradientTape(persistent=True, watch_accessed_variables=False) as tape:
                tape.watch(leaves)
                out, aux = _T.split_aux(fun(*rebuild(leaves), **kwargs), has_aux, qualname)
                out_leaves, out_def = _tree.flatten(out)
                out_leaves = [_as_tensor(o) for o in out_leaves]
            rows = [tape.jacobian(o, leaves, unconnected_gradients=_ZERO) for o in out_leaves]
            j = _T.jacobian_tree(out_def, in_def, rows)
            return (j, aux) if has_aux else j
        return jac
    make.__name__ = qualname
    make.__doc__ = f"``jax.{qualname}`` by ``GradientTape.jacobian``."
    return make


jacrev = _jacobian("jacrev")
jacfwd = _jacobian("jacfwd")


def vmap(fun, in_axes=0, out_axes=0):
    """``jax.vmap`` by ``tf.vectorized_map``; a loop where that cannot trace ``fun``."""
    def batched(*args, **kwargs):
        from ivy.core.registry import backend_namespace
        xp = backend_namespace(NAME)
        leaves, treedef, axes = _T.in_axes_per_leaf(in_axes, args, kwargs)
        _T.batch_size(leaves, axes, lambda x: tuple(_as_tensor(x).shape))
        mapped = [i for i, ax in enumerate(axes) if ax is not None]
        elems = tuple(tf.experimental.numpy.moveaxis(_as_tensor(leaves[i]), axes[i], 0)
                      if axes[i] != 0 else _as_tensor(leaves[i]) for i in mapped)
        box = []

        def per_example(xs):
            ls = list(leaves)
            for i, x in zip(mapped, xs):
                ls[i] = x
            a, k = _tree.unflatten(treedef, ls)
            o_leaves, o_def = _tree.flatten(fun(*a, **k))
            box.append(o_def)
            return tuple(_as_tensor(o) for o in o_leaves)

        try:
            out = tf.vectorized_map(per_example, elems)
        except Exception:     # fun cannot be traced/vectorized: the loop gives the same values
            return _T.vmap_loop(fun, in_axes, out_axes, args, kwargs, xp)
        return _T.finish_outputs(list(out), box[-1], out_axes, xp)
    return batched


def jit(fun, static_argnums=None, static_argnames=None):
    """``jax.jit`` by ``tf.function`` (non-tensor arguments are static there already).

    The tf.function is kept on ``fun`` (a collectable cycle), so jitting the same function again
    (as ivy's late dispatch does on each call while no backend is selected) reuses its traces."""
    jitted = getattr(fun, "_ivy_tf_function", None)
    if jitted is None:
        jitted = tf.function(fun, autograph=False)   # as jax.jit: no rewriting of Python control flow
        try:
            fun._ivy_tf_function = jitted
        except (AttributeError, TypeError):     # a bound method, a builtin: no cache
            pass
    return jitted


def checkpoint(fun):
    """``jax.checkpoint``: the function itself (see the module docstring)."""
    return fun


def stop_gradient(x):
    """``jax.lax.stop_gradient`` (pytrees) by ``tf.stop_gradient``."""
    if isinstance(x, (tf.Tensor, tf.Variable)):
        return tf.stop_gradient(x)
    return _tree.tree_map(lambda t: tf.stop_gradient(t) if isinstance(t, (tf.Tensor, tf.Variable))
                          else t, x)


def _gradients_out(grads, xs):
    """Cotangents in JAX's convention as tensorflow's (conjugated), None for zeros and for
    inputs tensorflow does not differentiate."""
    return [None if g is None or not (x.dtype.is_floating or x.dtype.is_complex) else
            (tf.math.conj(_as_tensor(g)) if x.dtype.is_complex else _as_tensor(g))
            for g, x in zip(grads, xs)]


def custom_vjp(fun, fwd, bwd):
    """``jax.custom_vjp`` on flat arguments by ``tf.custom_gradient`` (reverse mode only, as in
    JAX: ``jvp`` of such a function fails)."""
    def call(*xs):
        if _FORWARD_MODE[0]:
            raise _T.IvyTypeError("ivy.custom_vjp (tensorflow backend): can't apply forward-mode "
                                  "autodiff (jvp) to a custom_vjp function.",
                                  function="custom_vjp", backend=NAME)
        xs = [_as_tensor(x) for x in xs]

        @tf.custom_gradient
        def apply(*ts):
            out, res = fwd(*ts)

            def gradient(*cts):
                cts = _conj_complex([_as_tensor(c) for c in cts])
                return _gradients_out(tuple(bwd(tuple(res), tuple(cts))), ts)
            return [_as_tensor(o) for o in out], gradient
        return tuple(apply(*xs))
    return call


def custom_jvp(fun, jvp):
    """``jax.custom_jvp`` on flat arguments by ``tf.custom_gradient``: reverse mode transposes
    the rule (its tangent output is linear in the tangents: a ``GradientTape`` over zero
    tangents gives the transpose); forward mode (``ForwardAccumulator``) is not available."""
    def call(*xs):
        if _FORWARD_MODE[0]:
            raise _T.IvyNotImplementedError(
                "ivy.custom_jvp (tensorflow backend): forward-mode differentiation (jvp, "
                "linearize) of a custom_jvp function is not available: tensorflow's "
                "ForwardAccumulator cannot apply a custom rule", function="custom_jvp",
                backend=NAME)
        xs = [_as_tensor(x) for x in xs]

        @tf.custom_gradient
        def apply(*ts):
            def gradient(*cts):
                tangents = [tf.zeros_like(t) for t in ts]
                with tf.GradientTape(watch_accessed_variables=False) as tape:
                    tape.watch(tangents)
                    out = [_as_tensor(o) for o in jvp(tuple(ts), tuple(tangents))[1]]
                grads = tape.gradient(out, tangents, output_gradients=list(cts),
                                      unconnected_gradients=_ZERO)
                return [g if t.dtype.is_floating or t.dtype.is_complex else None
                        for g, t in zip(grads, ts)]
            return [_as_tensor(o) for o in fun(*ts)], gradient
        return tuple(apply(*xs))
    return call
