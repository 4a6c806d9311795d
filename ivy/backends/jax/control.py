"""Area `control` on jax: ``jax.lax``'s structured control flow."""
from __future__ import annotations

from jax import lax


def cond(pred, true_fun, false_fun, *operands):
    """``jax.lax.cond``."""
    return lax.cond(pred, true_fun, false_fun, *operands)


def switch(index, branches, *operands):
    """``jax.lax.switch``."""
    return lax.switch(index, branches, *operands)


def while_loop(cond_fun, body_fun, init_val):
    """``jax.lax.while_loop``."""
    return lax.while_loop(cond_fun, body_fun, init_val)


def fori_loop(lower, upper, body_fun, init_val):
    """``jax.lax.fori_loop``."""
    return lax.fori_loop(lower, upper, body_fun, init_val)


def scan(f, init, xs=None, length=None, reverse=False, unroll=1):
    """``jax.lax.scan``."""
    return lax.scan(f, init, xs, length=length, reverse=reverse, unroll=unroll)


def map(f, xs):  # noqa: A001 — the name jax.lax.map has
    """``jax.lax.map``."""
    return lax.map(f, xs)
