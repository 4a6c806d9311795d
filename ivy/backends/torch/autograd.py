"""``ivy.autograd`` on torch: torch's own autograd (see ``ivy/core/autograd.py`` for the contract).

Every core function on this backend is torch operations on ``torch.Tensor``s, so torch records the
graph itself; here a watched leaf is a ``requires_grad`` alias of the array, and ``backward`` asks
``torch.autograd.grad`` for the leaves it finds behind the outputs.
"""
import functools
import weakref

import torch

from ivy.core.errors import IvyValueError

_owners: dict = {}       # id(leaf tensor) -> weakref to the owner ``watch`` was given


def _forget(key, _ref):
    _owners.pop(key, None)


def watch(x, owner=None, like=None, shared=True):
    if not (x.requires_grad and x.grad_fn is None):
        x = x.detach().requires_grad_(True)       # an alias: the caller's array stays as it was
    if owner is not None:
        key = id(x)
        _owners[key] = (weakref.ref(owner), weakref.ref(x, functools.partial(_forget, key)))
    return x


def requires_grad(x):
    return x.requires_grad


def is_leaf(x):
    return x.grad_fn is None


def node_name(x):
    return None if x.grad_fn is None else x.grad_fn.name()


def stop(x):
    return x.detach()


def register_hook(x, hook):
    return x.register_hook(hook)


class _Custom(torch.autograd.Function):
    """A node whose forward and backward are the caller's functions."""

    @staticmethod
    def forward(ctx, forward, backward, *inputs):
        ctx.backward_fn = backward
        outs = tuple(forward())
        ids = {id(x) for x in inputs}
        return tuple(o.clone() if id(o) in ids else o for o in outs)

    @staticmethod
    def backward(ctx, *cts):
        with torch.enable_grad() if torch.is_grad_enabled() else torch.no_grad():
            grads = tuple(ctx.backward_fn(*cts))
        return (None, None) + grads


def custom(forward, backward, inputs, name):
    if not torch.is_grad_enabled() or not any(x.requires_grad for x in inputs):
        with torch.no_grad():
            return tuple(forward())
    return _Custom.apply(forward, backward, *inputs)


def set_enabled(flag):
    torch.set_grad_enabled(flag)


def _leaves(outputs):
    """The watched leaf tensors the outputs were computed from."""
    found, seen, stack = [], set(), []
    for o in outputs:
        if o.grad_fn is None:
            if id(o) in _owners:
                found.append(o)
        else:
            stack.append(o.grad_fn)
    while stack:
        fn = stack.pop()
        if fn is None or fn in seen:
            continue
        seen.add(fn)
        variable = getattr(fn, "variable", None)       # AccumulateGrad: the leaf it feeds
        if variable is not None:
            if id(variable) in _owners:
                found.append(variable)
            continue
        stack.extend(next_fn for next_fn, _ in fn.next_functions)
    return found


def backward(outputs, cotangents, inputs=None, retain_graph=False, create_graph=False,
             allow_unused=False):
    for i, o in enumerate(outputs):
        if not o.requires_grad:
            raise IvyValueError(f"element {i} of tensors does not require grad and does not have "
                                f"a grad_fn", function="autograd.backward")
    leaves = _leaves(outputs) if inputs is None else list(inputs)
    if not leaves:
        return []
    try:
        grads = torch.autograd.grad(outputs, leaves, cotangents, retain_graph=retain_graph,
                                    create_graph=create_graph,
                                    allow_unused=inputs is None or allow_unused)
    except RuntimeError as e:
        raise IvyValueError(str(e), function="autograd.backward") from e
    if inputs is not None:
        return list(grads)
    pairs = []
    for leaf, g in zip(leaves, grads):
        owner = _owners[id(leaf)][0]()
        if owner is not None and g is not None:
            pairs.append((owner, g))
    return pairs
