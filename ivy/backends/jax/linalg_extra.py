"""jax backend: the ``linalg_extra`` extension on jax.lax.linalg and jax.scipy.linalg.

``lax.linalg.lu`` is LAPACK's getrf on CPU (0-based pivots, shifted here to torch's 1-based ones).
The core's bodies used here (lstsq, cholesky_solve, the unpivoted LU loop) run under ``jax.jit``:
eagerly, each of their many small ops would compile on its own for every shape. Singular input
gives inf/NaN, no error.
"""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl

from ivy.core.ext import linalg_extra as spec

from ._common import NAME, cast_all, error

_lax_linalg = jax.lax.linalg


@functools.cache
def _xp():
    from ivy.core.registry import backend_namespace
    return backend_namespace(NAME)


@functools.cache
def _jitted(body, static=()):
    """A core body bound to this backend and compiled (on first use: the namespace is being built
    while this module loads)."""
    return jax.jit(functools.partial(body, _xp()), static_argnames=static)


def _floating(fn, *arrays):
    for x in arrays:
        if not jnp.issubdtype(x.dtype, jnp.inexact):
            spec.check_dtype(f"linalg.{fn}", str(x.dtype), "floating", NAME)


def _matrices(fn, *arrays):
    for x in arrays:
        if x.ndim < 2:
            spec._matrices(_xp(), fn, x)


@jax.jit
def _getrf(a):
    packed, pivots, _ = _lax_linalg.lu(a)
    return packed, pivots


def _unpivoted(xp, a):
    return spec.lu_loop(xp, a, pivot=False)


def lu_factor(a, /, *, pivot=True):
    try:
        _floating("lu_factor", a)
        _matrices("lu_factor", a)
        if not pivot:
            return spec.LUFactorResult(*_jitted(_unpivoted)(a))
        packed, pivots = _getrf(a)
        return spec.LUFactorResult(packed, pivots + 1)
    except Exception as e:
        raise error(e, "linalg.lu_factor") from e


@jax.jit
def _unpack(packed, pivots):
    m, n = packed.shape[-2:]
    k = min(m, n)
    perm = _lax_linalg.lu_pivots_to_permutation(pivots, m)
    lower = jnp.tril(packed[..., :, :k], -1) + jnp.eye(m, k, dtype=packed.dtype)
    upper = jnp.triu(packed[..., :k, :])
    p = (perm[..., None, :] == jnp.arange(m)[:, None]).astype(packed.dtype)
    return p, lower, upper


def lu(a, /, *, pivot=True):
    try:
        _floating("lu", a)
        _matrices("lu", a)
        if not pivot:
            return spec.lu(_xp(), a, pivot=False)
        return spec.LUResult(*_unpack(*_getrf(a)))
    except Exception as e:
        raise error(e, "linalg.lu") from e


def _rows(b, perm):
    return jnp.take_along_axis(b, perm[..., None], axis=-2)


@functools.partial(jax.jit, static_argnames=("adjoint",))
def _lu_solve(packed, pivots, b, adjoint):
    n = packed.shape[-1]
    perm = _lax_linalg.lu_pivots_to_permutation(pivots - 1, n)
    batch = jnp.broadcast_shapes(packed.shape[:-2], pivots.shape[:-1], b.shape[:-2])
    packed = jnp.broadcast_to(packed, batch + packed.shape[-2:])
    perm = jnp.broadcast_to(perm, batch + (n,))
    b = jnp.broadcast_to(b, batch + b.shape[-2:])
    solve = functools.partial(_lax_linalg.triangular_solve, packed, left_side=True)
    if not adjoint:   # L U X = b[perm]
        y = solve(_rows(b, perm), lower=True, unit_diagonal=True)
        return solve(y, lower=False)
    # U^H L^H (P^T X) = b
    y = solve(b, lower=False, transpose_a=True, conjugate_a=True)
    z = solve(y, lower=True, transpose_a=True, conjugate_a=True, unit_diagonal=True)
    return _rows(z, jnp.argsort(perm, axis=-1))


def _adjoint(x):
    return jnp.conj(jnp.swapaxes(x, -1, -2))


def lu_solve(LU, pivots, b, /, *, left=True, adjoint=False):
    try:
        _floating("lu_solve", LU, b)
        _matrices("lu_solve", LU, b)
        LU, b = cast_all([LU, b], "linalg.lu_solve")
        if left:
            return _lu_solve(LU, pivots, b, bool(adjoint))
        # X A = B  <=>  A^H X^H = B^H
        return _adjoint(_lu_solve(LU, pivots, _adjoint(b), not adjoint))
    except Exception as e:
        raise error(e, "linalg.lu_solve") from e


def cholesky_solve(b, L, /, *, upper=False):
    try:
        _floating("cholesky_solve", b, L)
        _matrices("cholesky_solve", b, L)
        return _jitted(spec.cholesky_solve, ("upper",))(b, L, upper=upper)
    except Exception as e:
        raise error(e, "linalg.cholesky_solve") from e


@functools.partial(jax.jit, static_argnames=("upper", "left", "unitriangular"))
def _solve_triangular(a, b, upper, left, unitriangular):
    batch = jnp.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a, b = jnp.broadcast_to(a, batch + a.shape[-2:]), jnp.broadcast_to(b, batch + b.shape[-2:])
    return _lax_linalg.triangular_solve(a, b, left_side=left, lower=not upper,
                                        unit_diagonal=unitriangular)


def solve_triangular(a, b, /, *, upper, left=True, unitriangular=False):
    try:
        _floating("solve_triangular", a, b)
        _matrices("solve_triangular", a, b)
        a, b = cast_all([a, b], "linalg.solve_triangular")
        return _solve_triangular(a, b, bool(upper), bool(left), bool(unitriangular))
    except Exception as e:
        raise error(e, "linalg.solve_triangular") from e


def matrix_exp(a, /):
    try:
        _floating("matrix_exp", a)
        _matrices("matrix_exp", a)
        return jsl.expm(a)
    except Exception as e:
        raise error(e, "linalg.matrix_exp") from e


def lstsq(a, b, /, *, rcond=None):
    try:
        return spec.finish_lstsq(_xp(), a, b, rcond, _lstsq_parts)
    except Exception as e:
        raise error(e, "linalg.lstsq") from e


def _lstsq_parts(xp, a, b, rcond):
    return _jitted(spec.lstsq_parts, ("rcond",))(a, b, rcond=rcond)


@jax.jit
def _householder_product(a, tau):
    batch = jnp.broadcast_shapes(a.shape[:-2], tau.shape[:-1])
    a = jnp.broadcast_to(a, batch + a.shape[-2:])
    tau = jnp.broadcast_to(tau, batch + tau.shape[-1:])
    return _lax_linalg.householder_product(a, tau)


def householder_product(a, tau, /):
    try:
        _floating("householder_product", a, tau)
        _matrices("householder_product", a)
        m, n = a.shape[-2:]
        if not tau.shape[-1] <= n <= m:
            spec.householder_product(_xp(), a, tau)   # raises the core's error
        return _householder_product(*cast_all([a, tau], "linalg.householder_product"))
    except Exception as e:
        raise error(e, "linalg.householder_product") from e
