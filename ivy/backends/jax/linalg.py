"""jax backend: the Array API linalg extension.

jax does not raise for singular or non-positive-definite input (it returns inf/NaN where numpy
raises LinAlgError); the standard leaves those results unspecified. eig/eigvals run on CPU only in
jax: on another device jax raises NotImplementedError, which becomes IvyNotImplementedError.
"""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp

from ivy.core.api import EighResult, EigResult, QRResult, SlogdetResult, SVDResult

from ._common import error, native_dtype, promoted, value_error

_convert = jax.lax.convert_element_type
_la = jnp.linalg


def _same_dtype(x1, x2, fn):
    if x1.dtype == x2.dtype:
        return x1, x2
    d = promoted(x1.dtype, x2.dtype, fn)
    return _convert(x1, d), _convert(x2, d)


def _unary(name, op):
    qual = f"linalg.{name}"

    def fn(x, /):
        try:
            return op(x)
        except Exception as e:
            raise error(e, qual) from e
    fn.__name__ = name
    fn.__qualname__ = qual
    fn.__doc__ = f"Implements the standard's linalg.{name} with jax.numpy.linalg."
    return fn


det = _unary("det", _la.det)
inv = _unary("inv", _la.inv)
svdvals = _unary("svdvals", _la.svdvals)
eigvals = _unary("eigvals", _la.eigvals)
# jax symmetrizes the input by default; the standard (like LAPACK/numpy) reads the lower triangle.
eigvalsh = _unary("eigvalsh", lambda x: _la.eigvalsh(x, UPLO="L", symmetrize_input=False))
eig = _unary("eig", lambda x: EigResult(*_la.eig(x)))
eigh = _unary("eigh", lambda x: EighResult(*_la.eigh(x, UPLO="L", symmetrize_input=False)))
slogdet = _unary("slogdet", lambda x: SlogdetResult(*_la.slogdet(x)))


def cholesky(x, /, *, upper=False):
    """Implements the standard's linalg.cholesky from the lower triangle (jax would symmetrize)."""
    try:
        return _la.cholesky(x, upper=upper, symmetrize_input=False)
    except Exception as e:
        raise error(e, "linalg.cholesky") from e


def cross(x1, x2, /, *, axis=-1):
    """Implements the standard's linalg.cross; axis must be negative (2023.12 and later)."""
    try:
        if axis >= 0:
            raise value_error("linalg.cross", f"axis must be negative, got {axis}")
        x1, x2 = _same_dtype(x1, x2, "linalg.cross")
        return _la.cross(x1, x2, axis=axis)
    except Exception as e:
        raise error(e, "linalg.cross") from e


def diagonal(x, /, *, offset=0):
    try:
        return _la.diagonal(x, offset=offset)
    except Exception as e:
        raise error(e, "linalg.diagonal") from e


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    try:
        if ord == "fro" and jnp.issubdtype(x.dtype, jnp.inexact) and x.ndim >= 2:
            return _norm2(x, (-2, -1), keepdims)       # a zero derivative at the zero matrix
        return _la.matrix_norm(x, keepdims=keepdims, ord=ord)
    except Exception as e:
        raise error(e, "linalg.matrix_norm") from e


def matrix_power(x, n, /):
    try:
        return _la.matrix_power(x, n)
    except Exception as e:
        raise error(e, "linalg.matrix_power") from e


def matrix_rank(x, /, *, rtol=None):
    """Implements the standard's linalg.matrix_rank. Computed here: jax's matrix_rank takes a
    given rtol as an absolute tolerance, the standard as relative to the largest singular value."""
    try:
        if x.ndim < 2:
            raise value_error("linalg.matrix_rank", f"x must be at least 2-d, got {x.ndim}-d")
        s = _la.svdvals(x)
        largest = jnp.max(s, axis=-1, keepdims=True, initial=0)
        if rtol is None:
            tol = largest * (max(x.shape[-2:]) * float(jnp.finfo(s.dtype).eps))
        else:
            tol = largest * jnp.expand_dims(jnp.asarray(rtol, dtype=s.dtype), -1)
        return jnp.count_nonzero(s > tol, axis=-1)
    except Exception as e:
        raise error(e, "linalg.matrix_rank") from e


def outer(x1, x2, /):
    try:
        x1, x2 = _same_dtype(x1, x2, "linalg.outer")
        return _la.outer(x1, x2)
    except Exception as e:
        raise error(e, "linalg.outer") from e


def pinv(x, /, *, rtol=None):
    """Implements the standard's linalg.pinv; default rtol max(M, N) * eps (jax's is 10x that)."""
    try:
        if rtol is None:
            rtol = max(x.shape[-2:]) * float(jnp.finfo(x.dtype).eps)
        return _la.pinv(x, rtol=rtol)
    except Exception as e:
        raise error(e, "linalg.pinv") from e


def qr(x, /, *, mode="reduced"):
    try:
        if mode not in ("reduced", "complete"):
            raise value_error("linalg.qr", f"mode must be 'reduced' or 'complete', got {mode!r}")
        return QRResult(*_la.qr(x, mode=mode))
    except Exception as e:
        raise error(e, "linalg.qr") from e


def solve(x1, x2, /):
    """Implements the standard's linalg.solve: x2 is a vector only when it is 1-d."""
    try:
        x1, x2 = _same_dtype(x1, x2, "linalg.solve")
        return _la.solve(x1, x2)
    except Exception as e:
        raise error(e, "linalg.solve") from e


def svd(x, /, *, full_matrices=True):
    try:
        return SVDResult(*_la.svd(x, full_matrices=full_matrices))
    except Exception as e:
        raise error(e, "linalg.svd") from e


def trace(x, /, *, offset=0, dtype=None):
    try:
        return _la.trace(x, offset=offset, dtype=native_dtype(dtype, "linalg.trace"))
    except Exception as e:
        raise error(e, "linalg.trace") from e


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    try:
        if ord == 2 and jnp.issubdtype(x.dtype, jnp.inexact):
            return _norm2(x, axis if not isinstance(axis, list) else tuple(axis), keepdims)
        return _la.vector_norm(x, axis=axis, keepdims=keepdims, ord=ord)
    except Exception as e:
        raise error(e, "linalg.vector_norm") from e


# The 2-norm with a zero derivative at the zero vector (torch's subgradient) instead of the NaN
# that differentiating sqrt(sum(x**2)) gives there.
@functools.partial(jax.custom_jvp, nondiff_argnums=(1, 2))
def _norm2(x, axis, keepdims):
    return _la.vector_norm(x, axis=axis, keepdims=keepdims, ord=2)


@_norm2.defjvp
def _norm2_jvp(axis, keepdims, primals, tangents):
    (x,), (t,) = primals, tangents
    y = _norm2(x, axis, keepdims)
    kept = _la.vector_norm(x, axis=axis, keepdims=True, ord=2)
    scaled = jnp.real(jnp.conj(x) * t) / jnp.where(kept == 0, 1, kept)
    dy = jnp.sum(jnp.where(kept == 0, 0, scaled), axis=axis, keepdims=keepdims)
    return y, dy.astype(y.dtype)

