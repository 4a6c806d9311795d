"""Area `transforms` on jax: jax's own transformations."""
from __future__ import annotations

import jax


def grad(fun, argnums=0, has_aux=False):
    """``jax.grad``."""
    return jax.grad(fun, argnums, has_aux=has_aux)


def value_and_grad(fun, argnums=0, has_aux=False):
    """``jax.value_and_grad``."""
    return jax.value_and_grad(fun, argnums, has_aux=has_aux)


def vjp(fun, *primals, has_aux=False):
    """``jax.vjp``."""
    return jax.vjp(fun, *primals, has_aux=has_aux)


def jvp(fun, primals, tangents, has_aux=False):
    """``jax.jvp``."""
    return jax.jvp(fun, primals, tangents, has_aux=has_aux)


def jacrev(fun, argnums=0, has_aux=False):
    """``jax.jacrev``."""
    return jax.jacrev(fun, argnums, has_aux=has_aux)


def jacfwd(fun, argnums=0, has_aux=False):
    """``jax.jacfwd``."""
    return jax.jacfwd(fun, argnums, has_aux=has_aux)


def hessian(fun, argnums=0, has_aux=False):
    """``jax.hessian``."""
    return jax.hessian(fun, argnums, has_aux=has_aux)


def vmap(fun, in_axes=0, out_axes=0):
    """``jax.vmap``."""
    return jax.vmap(fun, in_axes=in_axes, out_axes=out_axes)


def jit(fun, static_argnums=None, static_argnames=None):
    """``jax.jit``."""
    return jax.jit(fun, static_argnums=static_argnums, static_argnames=static_argnames)


def checkpoint(fun):
    """``jax.checkpoint``."""
    return jax.checkpoint(fun)


def stop_gradient(x):
    """``jax.lax.stop_gradient`` (pytrees)."""
    return jax.lax.stop_gradient(x)


def custom_vjp(fun, fwd, bwd):
    """``jax.custom_vjp`` (flat arguments)."""
    f = jax.custom_vjp(fun)
    f.defvjp(fwd, lambda res, cts: tuple(bwd(res, cts)))
    return f


def custom_jvp(fun, jvp):
    """``jax.custom_jvp`` (flat arguments)."""
    f = jax.custom_jvp(fun)
    f.defjvp(lambda primals, tangents: jvp(primals, tangents))
    return f
