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
        leaves, treedef, rebuild = _T.split_diff(args, argnums, qualname)
        leaves = [_as_tensor(x) for x in leaves]
        for x in leaves:
            _T.check_grad_input(_dtype_name(x), qualname)

        box = _Aux()

        def flat(*ls):
            out, aux = _T.split_aux(fun(*rebuild(ls), **kwargs), has_aux, qualname)
            out = _as_tensor(out)
            _T.check_grad_output(out.shape, _dtype_name(out), qualname)
            return out, (out, box.pack(aux))

        if leaves:
            grads, (value, aux) = _func.grad(flat, argnums=tuple(range(len(leaves))),
                                           has_aux=True)(*leaves)
            grads = _conj_complex(grads)
        else:
            value, (_, aux) = flat()
            grads = []
        aux = box.unpack(aux)
        g = _tree.unflatten(treedef, grads)
        return ((value, aux), g) if has_aux else (value, g)
    return vg


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
