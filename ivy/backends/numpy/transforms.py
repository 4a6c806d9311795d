"""Area `transforms` on numpy: no autodiff (the differentiating transforms raise), ``vmap`` by a
loop over the mapped axis, ``jit`` and ``checkpoint`` as the function itself."""
from __future__ import annotations

from ivy.core.ext import transforms as _T

NAME = "numpy"


def _raise(qualname):
    raise _T.no_autodiff(qualname, NAME)


def grad(fun, argnums=0, has_aux=False):
    """``jax.grad``: raises (numpy has no autodiff)."""
    _raise("grad")


def value_and_grad(fun, argnums=0, has_aux=False):
    """``jax.value_and_grad``: raises (numpy has no autodiff)."""
    _raise("value_and_grad")


def vjp(fun, *primals, has_aux=False):
    """``jax.vjp``: raises (numpy has no autodiff)."""
    _raise("vjp")


def jvp(fun, primals, tangents, has_aux=False):
    """``jax.jvp``: raises (numpy has no autodiff)."""
    _raise("jvp")


def jacrev(fun, argnums=0, has_aux=False):
    """``jax.jacrev``: raises (numpy has no autodiff)."""
    _raise("jacrev")


def jacfwd(fun, argnums=0, has_aux=False):
    """``jax.jacfwd``: raises (numpy has no autodiff)."""
    _raise("jacfwd")


def vmap(fun, in_axes=0, out_axes=0):
    """``jax.vmap`` by a Python loop over the mapped axis; outputs stacked with the core."""
    def batched(*args, **kwargs):
        from ivy.core.registry import backend_namespace
        return _T.vmap_loop(fun, in_axes, out_axes, args, kwargs, backend_namespace(NAME))
    return batched


def jit(fun, static_argnums=None, static_argnames=None):
    """``jax.jit``: numpy has no compiler; the function runs as is."""
    return fun


def checkpoint(fun):
    """``jax.checkpoint``: nothing to rematerialize without autodiff; the function itself."""
    return fun


def stop_gradient(x):
    """``jax.lax.stop_gradient``: numpy arrays carry no gradient; ``x`` itself."""
    return x


def custom_vjp(fun, fwd, bwd):
    """``jax.custom_vjp``: the function itself (nothing differentiates on numpy)."""
    return fun


def custom_jvp(fun, jvp):
    """``jax.custom_jvp``: the function itself (nothing differentiates on numpy)."""
    return fun
