"""``torch.autograd.functional``: jacobian, hessian, vjp, jvp, vhp, hvp by repeated reverse passes.

Each is built on ``torch.autograd.grad`` as torch documents them (``jvp`` and ``hvp`` by the
double-backward trick), so they work wherever the frontend's autograd does.
"""
from __future__ import annotations

import ivy

from .._tensor import Tensor, _wrap


def _as_tuple(x, what, fn):
    if isinstance(x, Tensor):
        return False, (x,)
    if not isinstance(x, (tuple, list)) or not all(isinstance(t, Tensor) for t in x):
        raise TypeError(f"The {what} given to {fn} must be either a Tensor or a tuple of Tensors "
                        f"but the given {what} has type {type(x).__name__}.")
    return True, tuple(x)


def _leaves(inputs, create_graph):
    out = []
    for t in inputs:
        leaf = t if create_graph and t.requires_grad else t.detach()
        if not leaf.requires_grad:
            leaf.requires_grad_(True)
        out.append(leaf)
    return tuple(out)


def _grad(outputs, inputs, cotangents, create_graph):
    from . import grad
    got = grad(outputs, inputs, cotangents, retain_graph=True, create_graph=create_graph,
               allow_unused=True)
    return tuple(_wrap(ivy.zeros_like(t._data)) if g is None else g for g, t in zip(got, inputs))


def _result(value, create_graph):
    return value if create_graph else value.detach()


def vjp(func, inputs, v=None, create_graph=False, strict=False):
    """Implements ``torch.autograd.functional.vjp``: ``(func(inputs), v^T J)``."""
    many_in, ins = _as_tuple(inputs, "inputs", "vjp")
    ins = _leaves(ins, create_graph)
    out = func(*ins)
    many_out, outs = _as_tuple(out, "outputs of the user-provided function", "vjp")
    if v is None:
        if any(o.numel() != 1 for o in outs):
            raise RuntimeError("The vector v can only be None if the user-provided function "
                               "returns a single Tensor with a single element.")
        vs = None
    else:
        vs = _as_tuple(v, "v", "vjp")[1]
    grads = _grad(outs, ins, vs, create_graph)
    outs = tuple(_result(o, create_graph) for o in outs)
    grads = tuple(_result(g, create_graph) for g in grads)
    return (outs if many_out else outs[0]), (grads if many_in else grads[0])


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    """Implements ``torch.autograd.functional.jvp``: ``(func(inputs), J v)`` (double backward)."""
    from .._creation import zeros_like
    many_in, ins = _as_tuple(inputs, "inputs", "jvp")
    ins = _leaves(ins, True)
    out = func(*ins)
    many_out, outs = _as_tuple(out, "outputs of the user-provided function", "jvp")
    if v is None:
        if any(t.numel() != 1 for t in ins):
            raise RuntimeError("The vector v can only be None if the input to the user-provided "
                               "function is a single Tensor with a single element.")
        vs = tuple(_wrap(ivy.ones_like(t._data)) for t in ins)
    else:
        vs = _as_tuple(v, "v", "jvp")[1]
    dummies = tuple(zeros_like(o).requires_grad_(True) for o in outs)
    g = _grad(outs, ins, dummies, True)
    tangents = _grad(g, dummies, vs, create_graph)
    outs = tuple(_result(o, create_graph) for o in outs)
    tangents = tuple(_result(t, create_graph) for t in tangents)
    return (outs if many_out else outs[0]), (tangents if many_out else tangents[0])


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False,
             strategy="reverse-mode"):
    """Implements ``torch.autograd.functional.jacobian`` (one reverse pass per output element)."""
    from .. import stack, zeros
    if strategy not in ("reverse-mode", "forward-mode"):
        raise ValueError('Expected strategy to be either "forward-mode" or "reverse-mode". Hint: '
                         'If your function has more outputs than inputs, "forward-mode" tends to '
                         'be more performant. Otherwise, prefer to use "reverse-mode".')
    many_in, ins = _as_tuple(inputs, "inputs", "jacobian")
    ins = _leaves(ins, create_graph)
    out = func(*ins)
    many_out, outs = _as_tuple(out, "outputs of the user-provided function", "jacobian")
    rows = []
    for o in outs:
        flat = o.reshape(-1)
        per_input = [[] for _ in ins]
        for i in range(flat.numel()):
            grads = _grad((flat[i],), ins, None, create_graph)
            for k, g in enumerate(grads):
                per_input[k].append(_result(g, create_graph))
        blocks = []
        for k, t in enumerate(ins):
            if per_input[k]:
                block = stack(per_input[k]).reshape(tuple(o.shape) + tuple(t.shape))
            else:
                block = zeros(tuple(o.shape) + tuple(t.shape), dtype=t.dtype)
            blocks.append(block)
        rows.append(tuple(blocks) if many_in else blocks[0])
    return tuple(rows) if many_out else rows[0]


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False,
            outer_jacobian_strategy="reverse-mode"):
    """Implements ``torch.autograd.functional.hessian``: the Jacobian of the gradient."""
    many_in, ins = _as_tuple(inputs, "inputs", "hessian")

    def gradient(*xs):
        out = func(*xs)
        if not isinstance(out, Tensor) or out.numel() != 1:
            raise RuntimeError("The function given to hessian should return a single Tensor "
                               "with a single element.")
        g = _grad((out.reshape(()),), xs, None, True)
        return g if many_in else g[0]
    return jacobian(gradient, ins if many_in else ins[0], create_graph=create_graph)


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    """Implements ``torch.autograd.functional.vhp``: ``(func(inputs), v^T H)``."""
    many_in, ins = _as_tuple(inputs, "inputs", "vhp")
    ins = _leaves(ins, True)
    out = func(*ins)
    if not isinstance(out, Tensor) or out.numel() != 1:
        raise RuntimeError("The function given to vhp should return a single Tensor with a "
                           "single element.")
    vs = _as_tuple(v, "v", "vhp")[1] if v is not None else tuple(
        _wrap(ivy.ones_like(t._data)) for t in ins)
    g = _grad((out,), ins, None, True)
    h = _grad(g, ins, vs, create_graph)
    h = tuple(_result(x, create_graph) for x in h)
    return _result(out, create_graph), (h if many_in else h[0])


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    """Implements ``torch.autograd.functional.hvp``: ``(func(inputs), H v)`` (equal to ``vhp``
    for the symmetric Hessians of twice-differentiable functions)."""
    return vhp(func, inputs, v, create_graph, strict)
