"""``jax.example_libraries.optimizers``: optimizers as ``(init_fun, update_fun, get_params)``
triples over pytrees of parameters, and step-size schedules.

Each optimizer is written for one array (its per-leaf state is a tuple of arrays) and lifted to
pytrees by ``optimizer``; the state is an ``OptimizerState`` of flattened per-leaf states, as in
JAX, so it passes through ``jit`` and ``tree_util`` alike.
"""
from __future__ import annotations

import collections
import functools
from typing import Any, Callable, NamedTuple

from .. import numpy as jnp
from ..tree_util import register_pytree_node, tree_flatten, tree_map, tree_unflatten

__all__ = ["JoinPoint", "Optimizer", "OptimizerState", "adagrad", "adam", "adamax",
           "clip_grads", "constant", "exponential_decay", "inverse_time_decay", "l2_norm",
           "make_schedule", "momentum", "nesterov", "optimizer", "pack_optimizer_state",
           "piecewise_constant", "polynomial_decay", "rmsprop", "rmsprop_momentum", "sgd",
           "sm3", "unpack_optimizer_state"]

OptimizerState = collections.namedtuple("OptimizerState",
                                        ["packed_state", "tree_def", "subtree_defs"])
OptimizerState.__module__ = "jax.example_libraries.optimizers"
register_pytree_node(OptimizerState,
                     lambda s: ((s.packed_state,), (s.tree_def, s.subtree_defs)),
                     lambda aux, children: OptimizerState(children[0], aux[0], aux[1]))


class Optimizer(NamedTuple):
    """Implements `jax.example_libraries.optimizers.Optimizer`."""
    init_fn: Callable
    update_fn: Callable
    params_fn: Callable


def _flatten_all(trees):
    flats, defs = [], []
    for t in trees:
        leaves, treedef = tree_flatten(t)
        flats.append(leaves)
        defs.append(treedef)
    return flats, defs


def optimizer(opt_maker):
    """Implements `jax.example_libraries.optimizers.optimizer`: lifts a maker of per-array
    ``(init, update, get_params)`` functions to pytrees of parameters."""
    @functools.wraps(opt_maker)
    def tree_opt_maker(*args, **kwargs):
        init, update, get_params = opt_maker(*args, **kwargs)

        @functools.wraps(init)
        def tree_init(x0_tree):
            x0_flat, treedef = tree_flatten(x0_tree)
            states_flat, subtrees = _flatten_all([init(x0) for x0 in x0_flat])
            return OptimizerState(states_flat, treedef, subtrees)

        @functools.wraps(update)
        def tree_update(i, grad_tree, opt_state):
            states_flat, treedef, subtrees = opt_state
            grad_flat, grad_def = tree_flatten(grad_tree)
            if grad_def != treedef:
                raise TypeError(f"optimizer update function was passed a gradient tree that "
                                f"did not match the parameter tree structure with which it was "
                                f"initialized: parameter tree {treedef} and grad tree "
                                f"{grad_def}.")
            states = [tree_unflatten(d, s) for d, s in zip(subtrees, states_flat)]
            new_flat, new_defs = _flatten_all([update(i, g, s)
                                               for g, s in zip(grad_flat, states)])
            for old, new in zip(subtrees, new_defs):
                if old != new:
                    raise TypeError(f"optimizer update function produced an output structure "
                                    f"that did not match its input structure: input {old} and "
                                    f"output {new}.")
            return OptimizerState(new_flat, treedef, subtrees)

        @functools.wraps(get_params)
        def tree_get_params(opt_state):
            states_flat, treedef, subtrees = opt_state
            return tree_unflatten(treedef, [get_params(tree_unflatten(d, s))
                                            for d, s in zip(subtrees, states_flat)])
        return Optimizer(tree_init, tree_update, tree_get_params)
    return tree_opt_maker


def _first(state):
    return state[0]


def _with_zeros(n):
    """Per-leaf init: the parameter and ``n`` zero slots like it."""
    return lambda x0: (x0,) + tuple(jnp.zeros_like(x0) for _ in range(n))


@optimizer
def sgd(step_size):
    """Implements `jax.example_libraries.optimizers.sgd`."""
    lr = make_schedule(step_size)
    return (lambda x0: x0), (lambda i, g, x: x - lr(i) * g), (lambda x: x)


@optimizer
def momentum(step_size, mass):
    """Implements `jax.example_libraries.optimizers.momentum`."""
    lr = make_schedule(step_size)

    def update(i, g, state):
        x, velocity = state
        velocity = mass * velocity + g
        return x - lr(i) * velocity, velocity
    return _with_zeros(1), update, _first


@optimizer
def nesterov(step_size, mass):
    """Implements `jax.example_libraries.optimizers.nesterov`."""
    lr = make_schedule(step_size)

    def update(i, g, state):
        x, velocity = state
        velocity = mass * velocity + g
        return x - lr(i) * (mass * velocity + g), velocity
    return _with_zeros(1), update, _first


@optimizer
def adagrad(step_size, momentum=0.9):
    """Implements `jax.example_libraries.optimizers.adagrad`."""
    lr = make_schedule(step_size)

    def update(i, g, state):
        x, g_sq, m = state
        g_sq = g_sq + jnp.square(g)
        inv = jnp.where(g_sq > 0, 1. / jnp.sqrt(g_sq), 0.0)
        m = (1. - momentum) * (g * inv) + momentum * m
        return x - lr(i) * m, g_sq, m
    return _with_zeros(2), update, _first


@optimizer
def rmsprop(step_size, gamma=0.9, eps=1e-8):
    """Implements `jax.example_libraries.optimizers.rmsprop`."""
    lr = make_schedule(step_size)

    def update(i, g, state):
        x, avg_sq = state
        avg_sq = avg_sq * gamma + jnp.square(g) * (1. - gamma)
        return x - lr(i) * g / jnp.sqrt(avg_sq + eps), avg_sq
    return _with_zeros(1), update, _first


@optimizer
def rmsprop_momentum(step_size, gamma=0.9, eps=1e-8, momentum=0.9):
    """Implements `jax.example_libraries.optimizers.rmsprop_momentum`."""
    lr = make_schedule(step_size)

    def update(i, g, state):
        x, avg_sq, mom = state
        avg_sq = avg_sq * gamma + jnp.square(g) * (1. - gamma)
        mom = momentum * mom + lr(i) * g / jnp.sqrt(avg_sq + eps)
        return x - mom, avg_sq, mom
    return _with_zeros(2), update, _first


def _bias(b, dtype, i):
    return 1 - jnp.asarray(b, dtype) ** (i + 1)


@optimizer
def adam(step_size, b1=0.9, b2=0.999, eps=1e-8):
    """Implements `jax.example_libraries.optimizers.adam`."""
    lr = make_schedule(step_size)

    def update(i, g, state):
        x, m, v = state
        m = (1 - b1) * g + b1 * m
        v = (1 - b2) * jnp.square(g) + b2 * v
        m_hat, v_hat = m / _bias(b1, m.dtype, i), v / _bias(b2, m.dtype, i)
        return x - lr(i) * m_hat / (jnp.sqrt(v_hat) + eps), m, v
    return _with_zeros(2), update, _first


@optimizer
def adamax(step_size, b1=0.9, b2=0.999, eps=1e-8):
    """Implements `jax.example_libraries.optimizers.adamax`."""
    lr = make_schedule(step_size)

    def update(i, g, state):
        x, m, u = state
        m = (1 - b1) * g + b1 * m
        u = jnp.maximum(b2 * u, jnp.abs(g))
        return x - (lr(i) / _bias(b1, m.dtype, i)) * m / (u + eps), m, u
    return _with_zeros(2), update, _first


@optimizer
def sm3(step_size, momentum=0.9):
    """Implements `jax.example_libraries.optimizers.sm3`: one accumulator per axis."""
    lr = make_schedule(step_size)

    def init(x0):
        shape = x0.shape
        x0 = jnp.atleast_1d(x0)
        return x0, jnp.zeros_like(x0), [jnp.zeros(n, dtype=x0.dtype) for n in x0.shape], shape

    def update(i, g, state):
        x, m, vs, shape = state
        nd = g.ndim
        spread = [v[tuple(slice(None) if d == j else None for d in range(nd))]
                  for j, v in enumerate(vs)]
        accum = functools.reduce(jnp.minimum, spread) + jnp.square(g)
        inv = jnp.where(accum > 0, 1. / jnp.sqrt(accum), 0)
        m = (1. - momentum) * (g * inv) + momentum * m
        x = x - lr(i) * m
        vs = [accum.max(tuple(d for d in range(x.ndim) if d != j)) for j in range(x.ndim)]
        return x, m, vs, shape

    def get_params(state):
        return state[0].reshape(state[3])
    return init, update, get_params


# ---- schedules ---------------------------------------------------------------------------------

def constant(step_size):
    """Implements `jax.example_libraries.optimizers.constant`."""
    return lambda i: step_size


def exponential_decay(step_size, decay_steps, decay_rate):
    """Implements `jax.example_libraries.optimizers.exponential_decay`."""
    return lambda i: step_size * decay_rate ** (i / decay_steps)


def inverse_time_decay(step_size, decay_steps, decay_rate, staircase=False):
    """Implements `jax.example_libraries.optimizers.inverse_time_decay`."""
    if staircase:
        return lambda i: step_size / (1 + decay_rate * jnp.floor(i / decay_steps))
    return lambda i: step_size / (1 + decay_rate * i / decay_steps)


def polynomial_decay(step_size, decay_steps, final_step_size, power=1.0):
    """Implements `jax.example_libraries.optimizers.polynomial_decay`."""
    def schedule(step_num):
        step_num = jnp.minimum(step_num, decay_steps)
        return (1 - step_num / decay_steps) ** power * (step_size - final_step_size) \
            + final_step_size
    return schedule


def piecewise_constant(boundaries: Any, values: Any):
    """Implements `jax.example_libraries.optimizers.piecewise_constant`."""
    boundaries, values = jnp.array(boundaries), jnp.array(values)
    if not boundaries.ndim == values.ndim == 1:
        raise ValueError("boundaries and values must be sequences")
    if boundaries.shape[0] != values.shape[0] - 1:
        raise ValueError("boundaries length must be one shorter than values length")
    return lambda i: values[jnp.sum(i > boundaries)]


def make_schedule(scalar_or_schedule):
    """Implements `jax.example_libraries.optimizers.make_schedule`."""
    if callable(scalar_or_schedule):
        return scalar_or_schedule
    if jnp.ndim(scalar_or_schedule) == 0:
        return constant(scalar_or_schedule)
    raise TypeError(type(scalar_or_schedule))


# ---- utilities ---------------------------------------------------------------------------------

def l2_norm(tree):
    """Implements `jax.example_libraries.optimizers.l2_norm`."""
    leaves, _ = tree_flatten(tree)
    return jnp.sqrt(sum(jnp.vdot(x, x) for x in leaves))


def clip_grads(grad_tree, max_norm):
    """Implements `jax.example_libraries.optimizers.clip_grads` (to a global norm)."""
    norm = l2_norm(grad_tree)
    return tree_map(lambda g: jnp.where(norm < max_norm, g, g * (max_norm / norm)), grad_tree)


class JoinPoint:
    """Implements `jax.example_libraries.optimizers.JoinPoint`: a leaf holding a nested
    pytree."""
    __module__ = "jax.example_libraries.optimizers"

    def __init__(self, subtree):
        self.subtree = subtree

    def __iter__(self):
        yield self.subtree


def unpack_optimizer_state(opt_state):
    """Implements `jax.example_libraries.optimizers.unpack_optimizer_state`."""
    states_flat, treedef, subtrees = opt_state
    return tree_unflatten(treedef, [JoinPoint(tree_unflatten(d, s))
                                    for d, s in zip(subtrees, states_flat)])


def pack_optimizer_state(marked_pytree):
    """Implements `jax.example_libraries.optimizers.pack_optimizer_state`."""
    sentinels, treedef = tree_flatten(marked_pytree)
    if not all(isinstance(s, JoinPoint) for s in sentinels):
        raise AssertionError("pack_optimizer_state: every leaf must be a JoinPoint")
    states_flat, subtrees = _flatten_all([s.subtree for s in sentinels])
    return OptimizerState(states_flat, treedef, subtrees)
