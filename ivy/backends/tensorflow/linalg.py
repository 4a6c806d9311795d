"""tensorflow backend: linalg, plus the main namespace's matmul and tensordot."""
import math

import tensorflow as tf

from ivy.core import dtypes as dt
from ivy.core.api import EighResult, EigResult, QRResult, SlogdetResult, SVDResult
from ivy.core.errors import IvyValueError, from_native, where

from ._base import (NAME, PY_SCALARS, TF, cast, dim, gap_op, name_of, norm_axes, norm_axis,
                    operands, raw, rank, to_tensor)
from ._statistics import _accumulator


def _error(fn, message):
    return IvyValueError(f"{where(fn, NAME)}: {message}", function=fn, backend=NAME)


def _pair(x1, x2, fn):
    if getattr(x1, "dtype", None) is getattr(x2, "dtype", 0):
        return x1, x2
    return operands(x1, x2, fn)


def _matrices(fn, x):
    if rank(x) < 2:
        raise _error(fn, "x must have at least 2 dimensions")


# ---- matmul / tensordot (main namespace) -----------------------------------------------------
def _matmul_native(x1, x2):
    r1, r2 = rank(x1), rank(x2)
    if r1 == 0 or r2 == 0:
        raise _error("matmul", "matmul needs arrays of at least one dimension")
    out = raw.BatchMatMulV2(x=x1 if r1 > 1 else tf.reshape(x1, (1, -1)),
                            y=x2 if r2 > 1 else tf.reshape(x2, (-1, 1)))  # broadcasts batch dims
    if r1 == 1:
        out = tf.squeeze(out, -2)
    return tf.squeeze(out, -1) if r2 == 1 else out


_matmul = gap_op("matmul", _matmul_native)


def matmul(x1, x2, /):
    try:
        x1, x2 = _pair(x1, x2, "matmul")
        return _matmul(x1, x2)
    except Exception as e:
        raise from_native(e, "matmul", NAME) from e


_tensordot = gap_op("tensordot", lambda x1, x2, axes: tf.tensordot(x1, x2, axes))


def tensordot(x1, x2, /, *, axes=2):
    try:
        x1, x2 = _pair(x1, x2, "tensordot")
        r1, r2 = rank(x1), rank(x2)
        if isinstance(axes, int):
            if not 0 <= axes <= min(r1, r2):
                raise _error("tensordot", f"axes={axes} is out of range")
            a1, a2 = list(range(r1 - axes, r1)), list(range(axes))
        else:
            a1, a2 = axes
            a1 = [norm_axis(a, r1, "tensordot") for a in ((a1,) if isinstance(a1, int) else a1)]
            a2 = [norm_axis(a, r2, "tensordot") for a in ((a2,) if isinstance(a2, int) else a2)]
        if len(a1) != len(a2):
            raise _error("tensordot", "the two axis lists must have the same length")
        for i, j in zip(a1, a2):
            if None not in (x1.shape[i], x2.shape[j]) and x1.shape[i] != x2.shape[j]:
                raise _error("tensordot", f"shape mismatch: axis {i} of x1 has size {x1.shape[i]}, "
                                          f"axis {j} of x2 has size {x2.shape[j]}")
        return _tensordot(x1, x2, [a1, a2])
    except Exception as e:
        raise from_native(e, "tensordot", NAME) from e


# ---- decompositions and solvers --------------------------------------------------------------
_cholesky = gap_op("linalg.cholesky", tf.linalg.cholesky)
_det = gap_op("linalg.det", tf.linalg.det)
_eig = gap_op("linalg.eig", tf.linalg.eig)
_eigvals = gap_op("linalg.eigvals", tf.linalg.eigvals)
_eigh = gap_op("linalg.eigh", tf.linalg.eigh)
_eigvalsh = gap_op("linalg.eigvalsh", tf.linalg.eigvalsh)
_inv = gap_op("linalg.inv", tf.linalg.inv)
_qr = gap_op("linalg.qr", tf.linalg.qr)
_slogdet = gap_op("linalg.slogdet", tf.linalg.slogdet)
_solve = gap_op("linalg.solve", tf.linalg.solve)
_svd = gap_op("linalg.svd", tf.linalg.svd)
_svdvals = gap_op("linalg.svdvals", lambda x: tf.linalg.svd(x, compute_uv=False))


def _real(x):
    """Hermitian eigenvalues and log|det| are real; TF keeps them in the complex input dtype."""
    return tf.math.real(x) if x.dtype.is_complex else x


def cholesky(x, /, *, upper=False):
    """Implements the Array API ``linalg.cholesky``. Deviation: TF returns NaNs for a matrix that
    is not positive definite (numpy raises)."""
    try:
        lower = _cholesky(x)
        return tf.linalg.adjoint(lower) if upper else lower
    except Exception as e:
        raise from_native(e, "linalg.cholesky", NAME) from e


def det(x, /):
    try:
        return _det(x)
    except Exception as e:
        raise from_native(e, "linalg.det", NAME) from e


def eig(x, /):
    """Implements the Array API ``linalg.eig`` (complex results; real float32 gives complex64)."""
    try:
        return EigResult(*_eig(x))
    except Exception as e:
        raise from_native(e, "linalg.eig", NAME) from e


def eigvals(x, /):
    try:
        return _eigvals(x)
    except Exception as e:
        raise from_native(e, "linalg.eigvals", NAME) from e


def eigh(x, /):
    try:
        values, vectors = _eigh(x)
        return EighResult(_real(values), vectors)
    except Exception as e:
        raise from_native(e, "linalg.eigh", NAME) from e


def eigvalsh(x, /):
    try:
        return _real(_eigvalsh(x))
    except Exception as e:
        raise from_native(e, "linalg.eigvalsh", NAME) from e


def inv(x, /):
    try:
        return _inv(x)
    except Exception as e:
        raise from_native(e, "linalg.inv", NAME) from e


def qr(x, /, *, mode="reduced"):
    try:
        if mode not in ("reduced", "complete"):
            raise _error("linalg.qr", f"mode must be 'reduced' or 'complete', got {mode!r}")
        return QRResult(*_qr(x, full_matrices=mode == "complete"))
    except Exception as e:
        raise from_native(e, "linalg.qr", NAME) from e


def slogdet(x, /):
    try:
        sign, logabsdet = _slogdet(x)
        return SlogdetResult(sign, _real(logabsdet))
    except Exception as e:
        raise from_native(e, "linalg.slogdet", NAME) from e


def _broadcast_batch(a, b):
    """Broadcast the batch (all but the last two) dimensions of two stacks of matrices."""
    sa, sb = a.shape, b.shape
    if sa.is_fully_defined() and sb.is_fully_defined():
        batch = tf.broadcast_static_shape(sa[:-2], sb[:-2]).as_list()
        return (tf.broadcast_to(a, batch + sa[-2:].as_list()),
                tf.broadcast_to(b, batch + sb[-2:].as_list()))
    batch = tf.broadcast_dynamic_shape(tf.shape(a)[:-2], tf.shape(b)[:-2])
    return (tf.broadcast_to(a, tf.concat([batch, tf.shape(a)[-2:]], 0)),
            tf.broadcast_to(b, tf.concat([batch, tf.shape(b)[-2:]], 0)))


def solve(x1, x2, /):
    """Implements the Array API ``linalg.solve``: x2 is a vector only when it is 1-d (numpy 2)."""
    try:
        x1, x2 = _pair(x1, x2, "linalg.solve")
        _matrices("linalg.solve", x1)
        if rank(x2) == 1:
            b = tf.broadcast_to(tf.reshape(x2, (-1, 1)), tf.concat([tf.shape(x1)[:-1], [1]], 0))
            return tf.squeeze(_solve(x1, b), -1)
        return _solve(*_broadcast_batch(x1, x2))
    except Exception as e:
        raise from_native(e, "linalg.solve", NAME) from e


def svd(x, /, *, full_matrices=True):
    """Implements the Array API ``linalg.svd``: (U, S, Vh), where TF returns (s, u, v)."""
    try:
        s, u, v = _svd(x, full_matrices=full_matrices, compute_uv=True)
        return SVDResult(u, s, tf.linalg.adjoint(v))
    except Exception as e:
        raise from_native(e, "linalg.svd", NAME) from e


def svdvals(x, /):
    try:
        return _svdvals(x)
    except Exception as e:
        raise from_native(e, "linalg.svdvals", NAME) from e


def _real_dtype(x):
    d = name_of(x.dtype)
    return TF[dt.REAL_OF.get(d, d)]


def _eps(tf_real):
    return dt.finfo(name_of(tf_real)).eps


def _rtol(rtol, like):
    """An ``rtol`` argument (float or array) as a tensor that broadcasts over the last axis."""
    if type(rtol) in PY_SCALARS:
        return tf.constant(rtol, like.dtype)
    return tf.expand_dims(cast(to_tensor(rtol, "linalg"), like.dtype), -1)


def _matrix_rank(x, rtol):
    _matrices("linalg.matrix_rank", x)
    s = tf.linalg.svd(x, compute_uv=False)
    smax = tf.reduce_max(s, -1, keepdims=True)
    if rtol is None:  # numpy: S.max * max(M, N) * eps
        tol = smax * float(max(x.shape[-2:])) * _eps(s.dtype)
    else:
        tol = smax * _rtol(rtol, s)
    return tf.reduce_sum(tf.cast(raw.Greater(x=s, y=tol), tf.int64), -1)


_matrix_rank_gapped = gap_op("linalg.matrix_rank", _matrix_rank)


def matrix_rank(x, /, *, rtol=None):
    try:
        return _matrix_rank_gapped(x, rtol)
    except Exception as e:
        raise from_native(e, "linalg.matrix_rank", NAME) from e


def _pinv(x, rtol):
    _matrices("linalg.pinv", x)
    real = _real_dtype(x)
    if rtol is None:  # array_api_strict: max(M, N) * eps
        rtol = float(max(x.shape[-2:])) * _eps(real)
    s, u, v = tf.linalg.svd(tf.math.conj(x), full_matrices=False)
    cutoff = _rtol(rtol, s) * tf.reduce_max(s, -1, keepdims=True)
    large = raw.Greater(x=s, y=cutoff)
    s_inv = tf.where(large, raw.Reciprocal(x=tf.where(large, s, tf.ones_like(s))), tf.zeros_like(s))
    # numpy: transpose(vt) @ (s_inv[..., None] * transpose(u)) for svd(conj(x)) = u s vt
    scaled = tf.cast(tf.expand_dims(s_inv, -1), x.dtype) * tf.linalg.matrix_transpose(u)
    return raw.BatchMatMulV2(x=tf.math.conj(v), y=scaled)


_pinv_gapped = gap_op("linalg.pinv", _pinv)


def pinv(x, /, *, rtol=None):
    try:
        return _pinv_gapped(x, rtol)
    except Exception as e:
        raise from_native(e, "linalg.pinv", NAME) from e


def matrix_power(x, n, /):
    """Implements the Array API ``linalg.matrix_power`` with numpy's square-and-multiply order."""
    try:
        if type(n) is not int:
            raise from_native(TypeError(f"n must be an int, got {type(n).__name__}"),
                              "linalg.matrix_power", NAME)
        _matrices("linalg.matrix_power", x)
        if n == 0:
            eye = tf.eye(dim(x, -1), dtype=x.dtype)
            return tf.broadcast_to(eye, tf.shape(x))
        if n < 0:
            x, n = _inv(x), -n
        if n == 1:
            return tf.identity(x)
        if n == 2:
            return _matmul(x, x)
        if n == 3:
            return _matmul(_matmul(x, x), x)
        z = result = None
        while n > 0:
            z = x if z is None else _matmul(z, z)
            n, bit = divmod(n, 2)
            if bit:
                result = z if result is None else _matmul(result, z)
        return result
    except Exception as e:
        raise from_native(e, "linalg.matrix_power", NAME) from e


# ---- products and norms ----------------------------------------------------------------------
def cross(x1, x2, /, *, axis=-1):
    """Implements the Array API ``linalg.cross`` with numpy's formula; axis must be negative."""
    try:
        x1, x2 = _pair(x1, x2, "linalg.cross")
        r1, r2 = rank(x1), rank(x2)
        if axis >= 0 or axis < min(-1, -r1, -r2):
            raise _error("linalg.cross", f"axis must be negative and within both arrays, got "
                                         f"{axis}")
        if x1.shape[axis] != 3 or x2.shape[axis] != 3:
            raise _error("linalg.cross", "both arrays must have size 3 along axis")
        a0, a1, a2 = tf.unstack(x1, 3, axis)
        b0, b1, b2 = tf.unstack(x2, 3, axis)
        out = tf.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], -1)
        if axis == -1:
            return out
        perm = list(range(rank(out) - 1))
        perm.insert(rank(out) + axis, rank(out) - 1)
        return tf.transpose(out, perm)
    except Exception as e:
        raise from_native(e, "linalg.cross", NAME) from e


def outer(x1, x2, /):
    try:
        x1, x2 = _pair(x1, x2, "linalg.outer")
        if rank(x1) != 1 or rank(x2) != 1:
            raise _error("linalg.outer", "both arrays must be one-dimensional")
        return raw.Mul(x=tf.reshape(x1, (-1, 1)), y=tf.reshape(x2, (1, -1)))
    except Exception as e:
        raise from_native(e, "linalg.outer", NAME) from e


def diagonal(x, /, *, offset=0):
    try:
        _matrices("linalg.diagonal", x)
        rows, cols = x.shape[-2], x.shape[-1]
        if None not in (rows, cols) and not -rows < offset < cols:
            return tf.zeros(tf.concat([tf.shape(x)[:-2], [0]], 0), x.dtype)
        return tf.linalg.diag_part(x, k=offset)
    except Exception as e:
        raise from_native(e, "linalg.diagonal", NAME) from e


def trace(x, /, *, offset=0, dtype=None):
    try:
        return tf.reduce_sum(_accumulator(diagonal(x, offset=offset), dtype, "linalg.trace"), -1)
    except Exception as e:
        raise from_native(e, "linalg.trace", NAME) from e


def _abs(x):
    return tf.math.abs(x)  # ComplexAbs for complex input: a real result


def _squared_magnitude(x):
    return tf.math.real(tf.math.conj(x) * x) if x.dtype.is_complex else x * x


@tf.custom_gradient
def _norm_sqrt(total):
    """sqrt of a sum of squares, with a zero derivative where it is 0 (torch's subgradient of a
    norm at the zero vector) instead of the infinity that gives NaN gradients."""
    y = raw.Sqrt(x=total)

    def grad(g):
        return tf.where(y > 0, g * 0.5 / tf.where(y > 0, y, tf.ones_like(y)), tf.zeros_like(y))
    return y, grad


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    """Implements the Array API ``linalg.matrix_norm`` with numpy's formulas."""
    try:
        _matrices("linalg.matrix_norm", x)
        if isinstance(ord, str) or ord is None:
            if ord in ("fro", None):
                out = _norm_sqrt(tf.reduce_sum(_squared_magnitude(x), [-2, -1]))
            elif ord == "nuc":
                out = tf.reduce_sum(svdvals(x), -1)
            else:
                raise _error("linalg.matrix_norm", f"invalid norm order {ord!r} for matrices")
        elif ord in (2, -2):
            s = svdvals(x)
            out = tf.reduce_max(s, -1) if ord == 2 else tf.reduce_min(s, -1)
        elif ord in (1, -1, math.inf, -math.inf):
            sums = tf.reduce_sum(_abs(x), -2 if ord in (1, -1) else -1)
            out = tf.reduce_max(sums, -1) if ord > 0 else tf.reduce_min(sums, -1)
        else:
            raise _error("linalg.matrix_norm", f"invalid norm order {ord!r} for matrices")
        return out[..., None, None] if keepdims else out
    except Exception as e:
        raise from_native(e, "linalg.matrix_norm", NAME) from e


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """Implements the Array API ``linalg.vector_norm`` with numpy's formulas per ``ord``."""
    try:
        axes = None if axis is None else ([axis] if isinstance(axis, int) else list(axis))
        if ord == math.inf:  # numpy's max starts from 0: an empty norm is 0, not -inf
            zero = tf.zeros([], _real_dtype(x))
            return raw.Maximum(x=tf.reduce_max(_abs(x), axes, keepdims), y=zero)
        if ord == -math.inf:
            for a in norm_axes(axis, rank(x), "linalg.vector_norm"):
                if x.shape[a] == 0:
                    raise _error("linalg.vector_norm", "ord=-inf of an empty vector")
            return tf.reduce_min(_abs(x), axes, keepdims)
        if ord == 0:
            nonzero = raw.NotEqual(x=x, y=tf.zeros([], x.dtype))
            return tf.reduce_sum(tf.cast(nonzero, _real_dtype(x)), axes, keepdims)
        if ord == 1:
            return tf.reduce_sum(_abs(x), axes, keepdims)
        if ord == 2:
            return _norm_sqrt(tf.reduce_sum(_squared_magnitude(x), axes, keepdims))
        real = _real_dtype(x)
        powered = raw.Pow(x=_abs(x), y=tf.constant(ord, real))
        return raw.Pow(x=tf.reduce_sum(powered, axes, keepdims), y=tf.constant(1.0 / ord, real))
    except Exception as e:
        raise from_native(e, "linalg.vector_norm", NAME) from e
