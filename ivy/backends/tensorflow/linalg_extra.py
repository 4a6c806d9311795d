"""tensorflow backend: the ``linalg_extra`` extension on tf.linalg.

``tf.linalg.lu`` (Eigen's partial-pivoting LU) is square-only and picks complex pivots by |z|
where LAPACK (torch, numpy, jax) uses |re| + |im|: square real matrices use it, its permutation
turned into LAPACK pivots; rectangular, complex and unpivoted ones use the core's unblocked loop,
whose pivots are LAPACK's. ``tf.linalg.triangular_solve`` has no unit-diagonal option: the
diagonal is replaced by ones first.
"""
import tensorflow as tf

from ivy.core.errors import from_native
from ivy.core.ext import linalg_extra as spec

from ._base import NAME, TF, name_of, operands, rank, to_tensor
from .linalg import _broadcast_batch

_HALF = frozenset({"float16", "bfloat16"})


def _xp():
    from ivy.core.registry import backend_namespace
    return backend_namespace(NAME)


def _floating(fn, *arrays):
    for x in arrays:
        if not (x.dtype.is_floating or x.dtype.is_complex):
            spec.check_dtype(f"linalg.{fn}", name_of(x.dtype), "floating", NAME)


def _matrices(fn, *arrays):
    for x in arrays:
        if rank(x) < 2:
            spec._matrices(_xp(), fn, x)


@tf.custom_gradient
def _square_lu(a):
    """``tf.linalg.lu`` (``a[perm] = L U``, packed) with a gradient: TF registers none for Lu."""
    packed, perm = tf.linalg.lu(a)

    def grad(g, _):
        # d(packed) = L strict_lower(F) + upper(F) U with F = L^-1 dA[perm] U^-1, so
        # <g, d(packed)> = <L^-H M U^-H, dA[perm]>, M = strict_lower(L^H g) + upper(g U^H)
        eye = tf.eye(tf.shape(a)[-1], dtype=a.dtype)
        lower = tf.linalg.band_part(packed, -1, 0) * (1 - eye) + eye
        upper = tf.linalg.band_part(packed, 0, -1)
        m = tf.linalg.band_part(tf.linalg.matmul(lower, g, adjoint_a=True), -1, 0) * (1 - eye) + \
            tf.linalg.band_part(tf.linalg.matmul(g, upper, adjoint_b=True), 0, -1)
        y = tf.linalg.triangular_solve(lower, m, lower=True, adjoint=True)            # L^-H M
        z = tf.linalg.adjoint(tf.linalg.triangular_solve(upper, tf.linalg.adjoint(y),
                                                         lower=False))               # y U^-H
        # rows back to a's order: row i of z is the gradient of a's row perm[i]
        return tf.gather(z, tf.argsort(perm, axis=-1), axis=-2, batch_dims=len(a.shape) - 2)
    return (packed, perm), grad


def lu_factor(a, /, *, pivot=True):
    try:
        a = to_tensor(a, "linalg.lu_factor")
        _floating("lu_factor", a)
        _matrices("lu_factor", a)
        m, n = a.shape[-2], a.shape[-1]
        if not pivot or m != n or a.dtype.is_complex or name_of(a.dtype) in _HALF:
            return spec.LUFactorResult(*spec.lu_loop(_xp(), a, pivot=pivot))
        try:
            packed, perm = _square_lu(a)
        except tf.errors.InvalidArgumentError:     # tf refuses singular input; LU exists anyway
            return spec.LUFactorResult(*spec.lu_loop(_xp(), a, pivot=True))
        return spec.LUFactorResult(packed, spec.pivots_of(_xp(), perm, m))
    except Exception as e:
        raise from_native(e, "linalg.lu_factor", NAME) from e


def solve_triangular(a, b, /, *, upper, left=True, unitriangular=False):
    try:
        if getattr(a, "dtype", None) is not getattr(b, "dtype", 0):
            a, b = operands(a, b, "linalg.solve_triangular")
        _floating("solve_triangular", a, b)
        _matrices("solve_triangular", a, b)
        d = a.dtype
        if name_of(d) in _HALF:   # no half kernels; float32 holds every value
            a, b = tf.cast(a, TF["float32"]), tf.cast(b, TF["float32"])
        if unitriangular:
            a = tf.linalg.set_diag(a, tf.ones(tf.shape(a)[:-1], a.dtype))
        a, b = _broadcast_batch(a, b)
        if left:
            x = tf.linalg.triangular_solve(a, b, lower=not upper)
        else:  # X A = B  <=>  conj(A)^H X^T = B^T
            a = tf.math.conj(a) if a.dtype.is_complex else a
            xt = tf.linalg.triangular_solve(a, tf.linalg.matrix_transpose(b), lower=not upper,
                                            adjoint=True)
            x = tf.linalg.matrix_transpose(xt)
        return x if x.dtype is d else tf.cast(x, d)
    except Exception as e:
        raise from_native(e, "linalg.solve_triangular", NAME) from e


def matrix_exp(a, /):
    try:
        a = to_tensor(a, "linalg.matrix_exp")
        _floating("matrix_exp", a)
        _matrices("matrix_exp", a)
        if name_of(a.dtype) in _HALF:
            return tf.cast(tf.linalg.expm(tf.cast(a, TF["float32"])), a.dtype)
        return tf.linalg.expm(a)
    except Exception as e:
        raise from_native(e, "linalg.matrix_exp", NAME) from e


def cond(x, /, *, p=None):
    """The core's body; where ``tf.linalg.inv`` raises for a singular matrix, the inverse comes
    from the core's LU loop instead, which gives inf/NaN there: numpy's cond (and this one) is
    inf."""
    try:
        xp = _xp()
        if p is None or p == 2 or p == -2:
            return spec.cond(xp, x, p=p)
        x = to_tensor(x, "linalg.cond")
        _floating("cond", x)
        _matrices("cond", x)
        work = tf.cast(x, TF["float32"]) if name_of(x.dtype) in _HALF else x
        try:
            inverse = tf.linalg.inv(work)
        except tf.errors.InvalidArgumentError:
            eye = tf.eye(work.shape[-1], batch_shape=tf.shape(work)[:-2], dtype=work.dtype)
            inverse = xp.linalg.lu_solve(*spec.lu_loop(xp, work), eye)
        r = xp.multiply(xp.linalg.matrix_norm(work, ord=p), xp.linalg.matrix_norm(inverse, ord=p))
        r = spec._finite_or_inf(xp, work, r)
        return r if work is x else tf.cast(r, x.dtype)
    except Exception as e:
        raise from_native(e, "linalg.cond", NAME) from e
