"""Area `transforms` on torch: ``torch.func`` (composable: ``grad(grad(f))``, ``vmap(grad(f))``).

Arguments and results are flattened with ivy's pytrees (JAX's: None is an empty node, dicts in
sorted key order) before ``torch.func`` sees them, so torch's own pytree rules never apply.
Complex gradients follow JAX's convention, the conjugate of torch's.

``jit`` runs eagerly: on CPU ``torch.compile`` costs far more than it saves for the functions ivy
transforms. Set ``JIT_COMPILE = True`` in this module (or ``IVY_TORCH_JIT=compile``) to compile.
``checkpoint`` is the function itself (``torch.utils.checkpoint`` uses saved-tensor hooks, which
``torch.func.grad``/``vjp`` refuse): values and gradients are the same, memory is not saved.
"""
from __future__ import annotations

import os

import torch
import torch.func as _func

from ivy.core import tree as _tree
from ivy.core.ext import transforms as _T

from ._common import CANONICAL, DEFAULT_OF_SCALAR

NAME = "torch"
JIT_COMPILE = os.environ.get("IVY_TORCH_JIT", "") == "compile"
_COMPLEX = frozenset({torch.complex64, torch.complex128})


def _as_tensor(x):
    if isinstance(x, torch.Tensor):
        return x
    return torch.tensor(x, dtype=DEFAULT_OF_SCALAR.get(type(x)))


def _conj_complex(leaves):
    return [g.conj() if g.dtype in _COMPLEX else g for g in leaves]


class _Aux:
    """A ``has_aux`` result passed through ``torch.func``, which accepts only tensors there: the
    tensor leaves travel through torch (and come back unwrapped), the rest waits here."""

    def __init__(self):
        self.treedef, self.others, self.where = None, None, None

    def pack(self, aux):
        leaves, self.treedef = _tree.flatten(aux)
        self.where = [isinstance(x, torch.Tensor) for x in leaves]
        self.others = [None if t else x for x, t in zip(leaves, self.where)]
        return tuple(x for x, t in zip(leaves, self.where) if t)

    def unpack(self, tensors):
        it = iter(tensors)
        return _tree.unflatten(self.treedef, [next(it) if t else x
                                              for x, t in zip(self.others, self.where)])


def _dtype_name(x) -> str:
    return CANONICAL.get(x.dtype, str(x.dtype))


def value_and_grad(fun, argnums=0, has_aux=False):
    """``jax.value_and_grad`` by ``torch.func.grad_and_value``."""
    return _value_and_grad(fun, argnums, has_aux, "value_and_grad")


def _value_and_grad(fun, argnums, has_aux, qualname):
    def vg(*args, **kwargs):
        leaves, unflatten, rebuild = _split_diff(args, argnums, qualname)
        leaves = [_as_tensor(x) for x in leaves]
        for x in leaves:
            if x.dtype not in _GRAD_INPUTS:
                _T.check_grad_input(_dtype_name(x), qualname)

        box = _Aux()

        def flat(*ls):
            out, aux = _T.split_aux(fun(*rebuild(ls), **kwargs), has_aux, qualname)
            out = _as_tensor(out)
            _T.check_grad_output(out.shape, _dtype_name(out), qualname)
            return out, (out, box.pack(aux))

        if leaves:
            fast = _plain_grad(flat, leaves)
            if fast is None:
                grads, (value, aux) = _func.grad(flat, argnums=tuple(range(len(leaves))),
                                               has_aux=True)(*leaves)
            else:
                grads, (value, aux) = fast
            grads = _conj_complex(grads)
        else:
            value, (_, aux) = flat()
            grads = []
        aux = box.unpack(aux)
        g = unflatten(grads)
        return ((value, aux), g) if has_aux else (value, g)
    return vg


_GRAD_INPUTS = frozenset({torch.float16, torch.bfloat16, torch.float32, torch.float64,
                          torch.complex64, torch.complex128})


def _split_diff(args, argnums, qualname):
    """``_T.split_diff`` as (leaves, unflatten(grads), rebuild): tensors selected by an int or a
    tuple of ints (the common call, what the jax frontend passes) skip the pytree walk."""
    nums = _T.argnums_tuple(argnums, len(args), qualname)
    if all(type(args[i]) is torch.Tensor for i in nums):
        def rebuild(new_leaves):
            new = list(args)
            for i, leaf in zip(nums, new_leaves):
                new[i] = leaf
            return new
        if isinstance(argnums, int):
            return [args[nums[0]]], _first, rebuild
        return [args[i] for i in nums], tuple, rebuild
    leaves, treedef, rebuild = _T.split_diff(args, argnums, qualname)
    return leaves, lambda grads: _tree.unflatten(treedef, grads), rebuild


def _first(grads):
    return grads[0]


def _plain_grad(flat, leaves):
    """``torch.func.grad(flat, has_aux=True)(*leaves)`` by one ``torch.autograd.grad`` on fresh
    leaves: the same numbers at a third of the cost (no functorch level, no wrapper tensors).
    None (``torch.func`` does it) inside a ``torch.func`` transform or inference mode (where
    autograd records nothing), or for a leaf already on a graph or made in inference mode. Where the result also reaches another tensor that requires grad (closed over) while
    grad mode is on, the gradients are computed with ``create_graph`` and nothing is detached,
    so torch's autograd outside differentiates through the call as through ``torch.func``;
    otherwise value, aux and gradients come back detached, as from ``torch.func``."""
    if _peek_interpreter() is not None or _inference_mode() or any(
            x.requires_grad or x.is_inference() for x in leaves):
        return None
    fresh = [x.detach().requires_grad_() for x in leaves]
    enabled = torch.is_grad_enabled()
    outer = False
    _set_grad_enabled(True)
    try:
        out, (value, aux) = flat(*fresh)
        outer = enabled and _reaches_other_leaves(
            [out] + [a for a in aux if isinstance(a, torch.Tensor)], fresh)
        if not out.requires_grad:
            grads = [torch.zeros_like(x) for x in fresh]
        else:
            grads = torch.autograd.grad(out, fresh, allow_unused=True, materialize_grads=True,
                                        create_graph=outer)
    finally:
        _set_grad_enabled(enabled)
    if outer:
        return grads, (value, aux)
    return grads, (value.detach(), tuple(a.detach() if isinstance(a, torch.Tensor) else a
                                         for a in aux))


_peek_interpreter = torch._C._functorch.peek_interpreter_stack
_inference_mode = torch.is_inference_mode_enabled
_set_grad_enabled = torch._C._set_grad_enabled
_ACCUMULATE = torch._C._functions.AccumulateGrad


def _reaches_other_leaves(tensors, own):
    """Whether the autograd graphs of ``tensors`` hold a leaf that requires grad besides
    ``own`` (a walk over this call's own nodes: a closed-over leaf is where it stops)."""
    ids = {id(x) for x in own}
    stack, seen = [], set()
    for t in tensors:
        if t.grad_fn is not None:
            stack.append(t.grad_fn)
        elif t.requires_grad and id(t) not in ids:
            return True
    while stack:
        for nxt, _ in stack.pop().next_functions:
            if nxt is None or nxt in seen:
                continue
            seen.add(nxt)
            if type(nxt) is _ACCUMULATE:        # a leaf's node
                if id(nxt.variable) not in ids:
                    return True
            else:
                stack.append(nxt)
    return False


def grad(fun, argnums=0, has_aux=False):
    """``jax.grad`` by ``torch.func.grad``."""
    vg = _value_and_grad(fun, argnums, has_aux, "grad")

    def g(*args, **kwargs):
        value, gr = vg(*args, **kwargs)
        return (gr, value[1]) if has_aux else gr
    return g


def vjp(fun, *primals, has_aux=False):
    """``jax.vjp`` by ``torch.func.vjp``."""
    leaves, treedef = _tree.flatten(primals)
    leaves = [_as_tensor(x) for x in leaves]
    box, aux_box = [], _Aux()

    def flat(*ls):
        out, aux = _T.split_aux(fun(*_tree.unflatten(treedef, ls)), has_aux, "vjp")
        o_leaves, o_def = _tree.flatten(out)
        box.append(o_def)
        return tuple(_as_tensor(o) for o in o_leaves), aux_box.pack(aux)

    out_leaves, pullback, aux = _func.vjp(flat, *leaves, has_aux=True)
    out_def, aux = box[0], aux_box.unpack(aux)

    def vjp_fn(cotangent):
        c_leaves, c_def = _tree.flatten(cotangent)
        _T.check_same_structure(out_def, c_def, "the cotangent and the primal output", "vjp")
        grads = pullback(tuple(_conj_complex([_as_tensor(c) for c in c_leaves])))
        return _tree.unflatten(treedef, _conj_complex(grads))

    out = _tree.unflatten(out_def, out_leaves)
    return (out, vjp_fn, aux) if has_aux else (out, vjp_fn)


def jvp(fun, primals, tangents, has_aux=False):
    """``jax.jvp`` by ``torch.func.jvp``."""
    p_leaves, t_leaves, p_def = _T.tangent_trees(primals, tangents, "jvp")
    box, aux_box = [], _Aux()

    def flat(*ls):
        out, aux = _T.split_aux(fun(*_tree.unflatten(p_def, ls)), has_aux, "jvp")
        o_leaves, o_def = _tree.flatten(out)
        box.append(o_def)
        return tuple(_as_tensor(o) for o in o_leaves), aux_box.pack(aux)

    out, tan, aux = _func.jvp(flat, tuple(_as_tensor(p) for p in p_leaves),
                            tuple(_as_tensor(t) for t in t_leaves), has_aux=True)
    out_def, aux = box[0], aux_box.unpack(aux)
    result = (_tree.unflatten(out_def, out), _tree.unflatten(out_def, tan))
    return result + (aux,) if has_aux else result


def _jacobian(transform, qualname):
    def make(fun, argnums=0, has_aux=False):
        def jac(*args, **kwargs):
            leaves, in_def, rebuild = _T.split_diff(args, argnums, qualname)
            leaves = [_as_tensor(x) for x in leaves]
            for x in leaves:
                if x.dtype in _COMPLEX or not x.dtype.is_floating_point:
                    raise _T.IvyTypeError(f"ivy.{qualname} ({NAME} backend): inputs must be "
                                          f"real floating, got {_dtype_name(x)}",
                                          function=qualname, backend=NAME)
            box, aux_box = [], _Aux()

            def flat(*ls):
                out, aux = _T.split_aux(fun(*rebuild(ls), **kwargs), has_aux, qualname)
                o_leaves, o_def = _tree.flatten(out)
                box.append(o_def)
                return tuple(_as_tensor(o) for o in o_leaves), aux_box.pack(aux)

            rows, aux = transform(flat, argnums=tuple(range(len(leaves))), has_aux=True)(*leaves)
            j, aux = _T.jacobian_tree(box[0], in_def, rows), aux_box.unpack(aux)
            return (j, aux) if has_aux else j
        return jac
    make.__name__ = qualname
    make.__doc__ = f"``jax.{qualname}`` by ``torch.func.{qualname}``."
    return make


jacrev = _jacobian(_func.jacrev, "jacrev")
jacfwd = _jacobian(_func.jacfwd, "jacfwd")


def vmap(fun, in_axes=0, out_axes=0):
    """``jax.vmap`` by ``torch.func.vmap`` (keyword arguments mapped along axis 0, as in JAX)."""
    def batched(*args, **kwargs):
        leaves, treedef, axes = _T.in_axes_per_leaf(in_axes, args, kwargs)
        _T.batch_size(leaves, axes, lambda x: tuple(_as_tensor(x).shape))
        box = []

        def flat(*ls):
            a, k = _tree.unflatten(treedef, ls)
            o_leaves, o_def = _tree.flatten(fun(*a, **k))
            box.append(o_def)
            return tuple(_as_tensor(o) for o in o_leaves)

        simple = out_axes is None or isinstance(out_axes, int)
        out = _func.vmap(flat, in_dims=tuple(axes), out_dims=out_axes if simple else 0)(
            *(x if ax is None else _as_tensor(x) for x, ax in zip(leaves, axes)))
        if simple:
            return _tree.unflatten(box[0], out)
        from ivy.core.registry import backend_namespace
        return _T.finish_outputs(list(out), box[0], out_axes, backend_namespace(NAME))
    return batched


def jit(fun, static_argnums=None, static_argnames=None):
    """``jax.jit``: eager by default (see the module docstring); ``torch.compile`` if opted in."""
    if JIT_COMPILE:
        return torch.compile(fun)
    return fun


def checkpoint(fun):
    """``jax.checkpoint``: the function itself (see the module docstring)."""
    return fun


def stop_gradient(x):
    """``jax.lax.stop_gradient`` (pytrees) by ``Tensor.detach``."""
    if isinstance(x, torch.Tensor):
        return x.detach()
    return _tree.tree_map(lambda t: t.detach() if isinstance(t, torch.Tensor) else t, x)



def _differentiable(x) -> bool:
    return isinstance(x, torch.Tensor) and (x.dtype.is_floating_point or x.dtype in _COMPLEX)


def _cotangents_out(grads, inputs):
    """Cotangents in JAX's convention as torch's (conjugated); None for zeros and for inputs
    torch does not differentiate."""
    return tuple(None if g is None or not _differentiable(x) else
                 (_as_tensor(g).conj() if x.dtype in _COMPLEX else _as_tensor(g))
                 for g, x in zip(grads, inputs))


def _cotangents_in(cts):
    return tuple(c.conj() if c.dtype in _COMPLEX else c for c in cts)


def _fresh(t, inputs):
    """``t``, or a view of it where it is one of ``inputs`` (a Function may not return and save
    an input as it is)."""
    return t.view_as(t) if any(t is x for x in inputs) else t


def _custom_function(name, forward, setup, backward, jvp=None):
    """A ``torch.autograd.Function`` in the form ``torch.func``'s transforms accept."""
    body = {"generate_vmap_rule": True, "forward": staticmethod(forward),
            "setup_context": staticmethod(setup), "backward": staticmethod(backward)}
    if jvp is not None:
        body["jvp"] = staticmethod(jvp)
    return type(name, (torch.autograd.Function,), body)


def custom_vjp(fun, fwd, bwd):
    """``jax.custom_vjp`` on flat arguments by a ``torch.autograd.Function``; the residuals travel
    as extra non-differentiable outputs (``torch.func`` wants saved tensors to come from the
    inputs or outputs)."""
    n_out = [0]

    def forward(*xs):
        out, res = fwd(*xs)
        out = tuple(_fresh(_as_tensor(o), xs) for o in out)
        n_out[0] = len(out)
        return out + tuple(_fresh(_as_tensor(r), xs) for r in res)

    def setup(ctx, inputs, output):
        n = ctx.n_out = n_out[0]
        ctx.inputs = inputs
        ctx.mark_non_differentiable(*output[n:])
        ctx.save_for_backward(*output[n:])

    def backward(ctx, *cts):
        grads = tuple(bwd(tuple(ctx.saved_tensors), _cotangents_in(cts[:ctx.n_out])))
        return _cotangents_out(grads, ctx.inputs)

    def forward_mode(ctx, *tangents):
        raise _T.IvyTypeError("ivy.custom_vjp (torch backend): can't apply forward-mode autodiff "
                              "(jvp) to a custom_vjp function.", function="custom_vjp",
                              backend=NAME)

    function = _custom_function("CustomVJP", forward, setup, backward, forward_mode)

    def call(*xs):
        out = function.apply(*(_as_tensor(x) for x in xs))
        return tuple(out[:n_out[0]])
    return call


def custom_jvp(fun, jvp):
    """``jax.custom_jvp`` on flat arguments by a ``torch.autograd.Function``: forward mode calls
    the rule, reverse mode transposes it (the vjp of the rule's tangent output, which is linear
    in the tangents, by ``torch.func.vjp``)."""
    def forward(*xs):
        return tuple(_fresh(_as_tensor(o), xs) for o in fun(*xs))

    def setup(ctx, inputs, output):
        ctx.save_for_backward(*inputs)
        ctx.save_for_forward(*inputs)

    def backward(ctx, *cts):
        primals = tuple(ctx.saved_tensors)
        diff = [i for i, x in enumerate(primals) if _differentiable(x)]

        def tangent_out(*ts):
            full = [torch.zeros_like(x) for x in primals]
            for i, t in zip(diff, ts):
                full[i] = t
            return tuple(_as_tensor(t) for t in jvp(primals, tuple(full))[1])

        # the transpose in torch's convention already (T^H applied to torch's cotangents)
        _, pullback = _func.vjp(tangent_out, *(torch.zeros_like(primals[i]) for i in diff))
        grads = [None] * len(primals)
        for i, g in zip(diff, pullback(cts)):
            grads[i] = g
        return tuple(grads)

    def forward_mode(ctx, *tangents):
        ts = tuple(torch.zeros_like(x) if t is None else t
                   for x, t in zip(ctx.saved_tensors, tangents))
        return tuple(_as_tensor(t) for t in jvp(tuple(ctx.saved_tensors), ts)[1])

    function = _custom_function("CustomJVP", forward, setup, backward, forward_mode)

    def call(*xs):
        return tuple(function.apply(*(_as_tensor(x) for x in xs)))
    return call
