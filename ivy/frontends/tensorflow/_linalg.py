"""``tf.linalg`` and its top-level aliases (``tf.eye``, ``tf.norm``, ``tf.einsum``,
``tf.tensordot``, ``tf.eig``, ``tf.eigvals``, ``tf.matrix_square_root``) on ivy's core, with
TensorFlow 2.21's probed kernel dtype lists (float16 mostly accepted by the op but without a CPU
kernel: NotFoundError), shape errors and result conventions: ``svd`` returns ``(s, u, v)`` with
``v`` not conjugate-transposed; ``eigh``/``slogdet`` keep a complex input's dtype; ``cholesky``
reads the lower triangle and gives NaN for a matrix that is not positive definite; ``lu``'s
``perm`` has ``input[perm] == L @ U``."""
from __future__ import annotations

import numbers
from collections import namedtuple

import numpy as np

import ivy
from ivy.core import dtypes as D
from ivy.core.errors import IvyError
from ivy.core.ext.linalg_extra import permutation

from .._shared import native_name
from . import _dtypes as T
from ._ops import KERNELS, _NO_KERNEL, check_kernel, kernel, matmul_core, same_dtype
from ._tensor import Tensor, convert, wrap
from ._tensor import native as _native
from .errors import FailedPreconditionError, invalid_argument

_ALL = frozenset(D.ALL)
_F = frozenset({"float32", "float64", "complex64", "complex128"})
_FH = _F | {"float16"}
_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_REAL_F = frozenset(D.REAL_FLOATING)
_NUM = frozenset({"int32", "int64", "float16", "bfloat16"}) | _F
# op: (kernel dtypes, dtypes the op takes but has no CPU kernel for); probed on TF 2.21's CPU
_LISTS = {
    "Cholesky": (_FH, {"float16"}), "MatrixDeterminant": (_FH, {"float16"}),
    "LogMatrixDeterminant": (_FH, {"float16"}), "MatrixInverse": (_FH, ()),
    "MatrixSolve": (_FH, {"float16"}), "MatrixTriangularSolve": (_FH | {"bfloat16"},
                                                                 {"float16", "bfloat16"}),
    "SelfAdjointEigV2": (_FH, {"float16"}), "Eig": (_F, ()), "Svd": (_FH, {"float16"}),
    "Qr": (_FH, ()), "Lu": (_FH, {"float16"}), "MatrixSolveLs": (_FH, {"float16"}),
    "MatrixSquareRoot": (_FH, {"float16"}), "MatrixLogarithm": (_COMPLEX, ()),
    "MatrixExponential": (_FH, {"float16"}), "BandedTriangularSolve": (_FH, {"float16"}),
    "TridiagonalMatMul": (_F, ()), "TridiagonalSolve": (_F, ()),
    "Diag": (_NUM, {"bfloat16"}), "DiagPart": (_NUM, {"bfloat16"}),
    "Cross": (_ALL - _COMPLEX - {"bool"}, ()), "Einsum": (_ALL, _ALL - _NUM),
    "L2Loss": (_REAL_F, ()), "Norm": (_F | {"float16", "bfloat16"}, ()),
}
for _op, (_ok, _nf) in _LISTS.items():
    KERNELS[_op] = frozenset(_ok)
    if _nf:
        _NO_KERNEL[_op] = frozenset(_nf)
# TensorFlow's result types (generated op wrappers' namedtuples)
Qr = namedtuple("Qr", "q r")
Lu = namedtuple("Lu", "lu p")
LogMatrixDeterminant = namedtuple("LogMatrixDeterminant", "sign log_abs_determinant")
for _t in (Qr, Lu, LogMatrixDeterminant):
    _t.__module__ = "tensorflow.python.ops.gen_linalg_ops"




def _int(v):
    return int(v.numpy()) if type(v) is Tensor else int(v)


def _checked(op, x):
    a = _native(x)
    check_kernel(op, native_name(a))
    return a


def _rank(op, a, least=2, what="Input tensor 0"):
    if len(a.shape) < least:
        raise invalid_argument(f"{what} must have rank >= {least}, got {len(a.shape)}", op)


def _square(op, x):
    """A stack of square matrices of ``op``'s kernel dtypes (else TensorFlow's errors)."""
    a = _checked(op, x)
    _rank(op, a)
    if a.shape[-1] != a.shape[-2]:
        raise invalid_argument("Input matrix must be square.", op)
    return a


def _pair(op, x, y):
    """Two operands of one dtype (the second converted to the first's dtype as a hint)."""
    a = _native(x)
    b = y._data if type(y) is Tensor else convert(y, native_name(a))
    check_kernel(op, same_dtype(op, a, b))
    return a, b


def _wide(fn, a, *rest):
    """``fn`` computed in float32 for float16 inputs (the backends have no half LAPACK)."""
    n = native_name(a)
    if n != "float16":
        return fn(a, *rest)
    out = fn(ivy.astype(a, "float32"), *(ivy.astype(r, "float32") for r in rest))
    return tuple(ivy.astype(o, n) for o in out) if isinstance(out, tuple) else ivy.astype(out, n)


def _h(a):
    """The conjugate transpose of the last two axes."""
    t = ivy.matrix_transpose(a)
    return ivy.conj(t) if native_name(a) in _COMPLEX else t


def _lower_hermitian(a):
    """The Hermitian matrix of a's lower triangle (TensorFlow's solvers read only that)."""
    return ivy.add(ivy.tril(a), _h(ivy.tril(a, k=-1)))


def _batches(a):
    shape = tuple(a.shape)
    return ivy.reshape(a, (-1,) + shape[-2:]), shape


def _nan_where_failing(fn, a, *rest):
    """``fn(a, *rest)``; where the backend refuses the whole stack (a singular or indefinite
    matrix), each matrix on its own, NaN for those it refuses (TensorFlow's kernels give NaN)."""
    try:
        return fn(a, *rest)
    except IvyError:
        if len(a.shape) < 2:
            raise
    flat, shape = _batches(a)
    flats = [_batches(ivy.broadcast_to(r, shape[:-2] + tuple(r.shape[-2:])))[0] for r in rest]
    out = []
    for i in range(flat.shape[0]):
        try:
            out.append(fn(flat[i], *(r[i] for r in flats)))
        except IvyError:
            like = fn(ivy.eye(shape[-1], dtype=native_name(a)), *(r[i] for r in flats))
            out.append(ivy.full_like(like, float("nan")))
    res = ivy.stack(out)
    return ivy.reshape(res, shape[:-2] + tuple(res.shape[1:]))


def _cholesky_core(a):
    chol = _nan_where_failing(ivy.linalg.cholesky, _lower_hermitian(a))
    bad = ivy.any(ivy.isnan(chol), axis=(-2, -1), keepdims=True)
    return ivy.where(bad, ivy.tril(ivy.full_like(chol, float("nan"))), chol)


def _finite_or_singular(op, a, out):
    """TensorFlow refuses a singular matrix where some backends return inf/NaN."""
    if bool(ivy.all(ivy.isfinite(a))) and not bool(ivy.all(ivy.isfinite(out))):
        raise invalid_argument("Input is not invertible.", op)
    return out


def _solve_core(op):
    def core(a, b):
        try:
            return _finite_or_singular(op, a, ivy.linalg.solve(a, b))
        except IvyError as e:
            raise invalid_argument("Input matrix is not invertible.", op) from e
    return core


# ---- basic matrix functions --------------------------------------------------------------------

def matrix_transpose(a, name="matrix_transpose", conjugate=False):
    x = _native(a)
    if len(x.shape) < 2:
        raise ValueError(f"Argument `a` should be a (batch) matrix with rank >= 2.  Received `a` "
                         f"= {np.asarray(ivy.to_numpy(x))} with shape: {tuple(x.shape)}")
    return wrap(_h(x) if conjugate else ivy.matrix_transpose(x))


def adjoint(matrix, name=None):
    return matrix_transpose(matrix, conjugate=True)


def _at_least_2d(op, a):
    if len(a.shape) < 2:
        raise invalid_argument(f"input must be at least 2-dim, received shape: "
                               f"{list(a.shape)}", op)


def band_part(input, num_lower, num_upper, name=None):  # noqa: A002 - TensorFlow's name
    a = _native(input)
    _at_least_2d("MatrixBandPart", a)
    m, n = a.shape[-2:]
    lo, hi = _int(num_lower), _int(num_upper)
    for which, v, limit in (("num_lower", lo, m), ("num_upper", hi, n)):
        if v > limit:
            raise invalid_argument(f"{which} must be negative or less or equal to number of "
                                   f"{'rows' if which == 'num_lower' else 'columns'} ({limit}) "
                                   f"got: {v}", "MatrixBandPart")
    i, j = np.ogrid[:m, :n]
    keep = ((lo < 0) | (i - j <= lo)) & ((hi < 0) | (j - i <= hi))
    return wrap(ivy.where(ivy.asarray(keep), a, ivy.zeros_like(a)))


def trace(x, name=None):
    a = _native(x)
    _at_least_2d("MatrixDiagPartV3", a)
    check_kernel("Sum", native_name(a))
    return wrap(ivy.linalg.trace(a, dtype=native_name(a)))


def eye(num_rows, num_columns=None, batch_shape=None, dtype=T.BY_NAME["float32"], name=None):
    n = _int(num_rows)
    m = n if num_columns is None else _int(num_columns)
    if n < 0 or m < 0:
        raise invalid_argument(f"Dimension {min(n, m)} must be >= 0", "Fill")
    out = ivy.eye(n, m, dtype=T.name_of(dtype))
    if batch_shape is not None:
        batch = tuple(int(d) for d in (batch_shape.numpy() if type(batch_shape) is Tensor
                                       else batch_shape))
        out = ivy.broadcast_to(out, batch + (n, m))
    return wrap(out)


def matvec(a, b, transpose_a=False, adjoint_a=False, a_is_sparse=False, b_is_sparse=False,
           name=None):
    x, y = _native(a), _native(b)
    if transpose_a and adjoint_a:
        raise ValueError("Only one of transpose_a and adjoint_a can be True.")
    if transpose_a or adjoint_a:
        x = _h(x) if adjoint_a else ivy.matrix_transpose(x)
    out = matmul_core(wrap(x), wrap(ivy.expand_dims(y, axis=-1)))
    return wrap(ivy.squeeze(out._data, axis=-1))


def tensordot(a, b, axes, name=None):
    x, y = _pair("MatMul", a, b)
    if type(axes) is Tensor:
        axes = axes.numpy().tolist()
    if not isinstance(axes, (numbers.Integral, np.integer)):
        axes = tuple(tuple(int(v) for v in np.asarray(ax).reshape(-1)) for ax in axes)
        if len(axes) != 2:
            raise ValueError(f"`axes` must be an integer or have length 2. Received {axes}.")
    else:
        axes = int(axes)
    return wrap(kernel("MatMul", lambda p, q: ivy.tensordot(p, q, axes=axes), x, y))


def einsum(equation, *inputs, **kwargs):
    unknown = set(kwargs) - {"name", "optimize"}
    if unknown:
        raise TypeError(f"Invalid keyword arguments for this function: "
                        f"{', '.join(sorted(unknown))}. Expected: name, optimize")
    natives = [_native(x) for x in inputs]
    for i, b in enumerate(natives[1:], 1):
        same_dtype("Einsum", natives[0], b, i)
    if natives:
        check_kernel("Einsum", native_name(natives[0]))
    return wrap(kernel("Einsum", lambda *ops: ivy.einsum(equation, *ops), *natives))


def cross(a, b, name=None):
    x, y = _pair("Cross", a, b)
    if tuple(x.shape) != tuple(y.shape):
        raise invalid_argument(f"Both inputs must be of same shape: {list(x.shape)} vs. "
                               f"{list(y.shape)}", "Cross")
    if not len(x.shape) or x.shape[-1] != 3:
        raise FailedPreconditionError(None, "Cross", "Cross-products are only defined for "
                                                     "3-element vectors. [Op:Cross]")
    return wrap(ivy.linalg.cross(x, y, axis=-1))


# ---- diagonals (MatrixDiagV3 and friends: k a diagonal or a (lo, hi) band, ``align``) ---------

def _band(k, op):
    ks = np.asarray(k.numpy() if type(k) is Tensor else k).reshape(-1)
    if ks.size not in (1, 2):
        raise invalid_argument("diag_index must be a scalar or vector with 1 or 2 elements",
                               op)
    lo, hi = int(ks[0]), int(ks[-1])
    if lo > hi:
        raise invalid_argument(f"lower_diag_index must not be larger than upper_diag_index: "
                               f"{lo} > {hi}", op)
    return lo, hi, ks.size == 1


_ALIGNS = ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT")


def _diag_len(m, n, d):
    return min(m + min(0, d), n - max(0, d))


def _layout(m, n, lo, hi, align):
    """For an (m, n) matrix and diagonals lo..hi: the flat index into the packed diagonals
    (hi - d, position) of each matrix entry, a mask of the entries on those diagonals, and the
    packed width (the longest diagonal)."""
    if align not in _ALIGNS:
        raise ValueError(f"align must be one of {list(_ALIGNS)}, got {align!r}")
    width = max(_diag_len(m, n, d) for d in range(lo, hi + 1))
    i, j = np.meshgrid(np.arange(m), np.arange(n), indexing="ij")
    d = j - i
    lengths = np.minimum(m + np.minimum(0, d), n - np.maximum(0, d))
    shifted = ((d >= 0) & align.startswith("RIGHT")) | ((d <= 0) & align.endswith("RIGHT"))
    offset = np.where(shifted, width - lengths, 0)
    index = (hi - d) * width + np.minimum(i, j) + offset
    mask = (d >= lo) & (d <= hi)
    return np.where(mask, index, 0).reshape(-1), mask, width


def _gather_last(a, index, shape):
    """a's last axis gathered at the host ``index`` (1-d), reshaped to batch + ``shape``."""
    out = ivy.take(a, ivy.asarray(index.astype(np.int64)), axis=-1)
    return ivy.reshape(out, tuple(a.shape[:-1]) + shape)


def _padding(value, like):
    return ivy.astype(_native(value), native_name(like))


def diag(diagonal, name="diag", k=0, num_rows=-1, num_cols=-1, padding_value=0,
         align="RIGHT_LEFT"):
    a = _native(diagonal)
    op = "MatrixDiagV3"
    lo, hi, single = _band(k, op)
    if single:
        a = ivy.expand_dims(a, axis=-2)
    if len(a.shape) < 2 or (not single and a.shape[-2] != hi - lo + 1):
        raise invalid_argument("The number of diagonals provided in the input does not match "
                               "the lower_diag_index and upper_diag_index range.", op)
    width = a.shape[-1]
    rows, cols = _int(num_rows), _int(num_cols)
    min_rows, min_cols = width - min(hi, 0), width + max(lo, 0)
    if rows == -1 and cols == -1:
        rows = cols = max(min_rows, min_cols)
    elif rows == -1:
        rows = min_rows
    elif cols == -1:
        cols = min_cols
    if (rows != min_rows and cols != min_cols) or rows < min_rows or cols < min_cols:
        raise invalid_argument(f"The number of rows or columns is not consistent with the "
                               f"specified d_lower, d_upper, and diagonal.", op)
    index, mask, packed = _layout(rows, cols, lo, hi, align)
    if packed != width:
        raise invalid_argument("The number of rows or columns is not consistent with the "
                               "specified d_lower, d_upper, and diagonal.", op)
    flat = ivy.reshape(a, tuple(a.shape[:-2]) + (-1,))
    values = _gather_last(flat, index, (rows, cols))
    return wrap(ivy.where(ivy.asarray(mask), values, _padding(padding_value, a)))


def _check_band(m, n, lo, hi, op):
    for which, v in (("lower", lo), ("upper", hi)):
        if not (-m < v < n) and not (m == 0 or n == 0):
            raise invalid_argument(f"{which}_diag_index is out of bound: {v}. It must be "
                                   f"between {-m} and {n}", op)


def diag_part(input, name="diag_part", k=0, padding_value=0,  # noqa: A002
              align="RIGHT_LEFT"):
    a = _native(input)
    op = "MatrixDiagPartV3"
    _at_least_2d(op, a)
    m, n = a.shape[-2:]
    lo, hi, single = _band(k, op)
    _check_band(m, n, lo, hi, op)
    index, mask, width = _layout(m, n, lo, hi, align)
    # invert the layout: each packed (diagonal, position) slot's matrix entry
    slots = np.zeros((hi - lo + 1) * width, dtype=np.int64)
    filled = np.zeros((hi - lo + 1) * width, dtype=bool)
    entries = np.flatnonzero(mask.reshape(-1))
    slots[index[entries]], filled[index[entries]] = entries, True
    flat = ivy.reshape(a, tuple(a.shape[:-2]) + (m * n,))
    shape = (width,) if single else (hi - lo + 1, width)
    values = _gather_last(flat, slots, shape)
    return wrap(ivy.where(ivy.asarray(filled.reshape(shape)), values,
                          _padding(padding_value, a)))


def set_diag(input, diagonal, name="set_diag", k=0, align="RIGHT_LEFT"):  # noqa: A002
    a = _native(input)
    op = "MatrixSetDiagV3"
    _at_least_2d(op, a)
    d = diagonal._data if type(diagonal) is Tensor else convert(diagonal, native_name(a))
    same_dtype(op, a, d)
    m, n = a.shape[-2:]
    lo, hi, single = _band(k, op)
    _check_band(m, n, lo, hi, op)
    index, mask, width = _layout(m, n, lo, hi, align)
    want = tuple(a.shape[:-2]) + ((width,) if single else (hi - lo + 1, width))
    if tuple(d.shape) != want:
        raise invalid_argument(f"Either first dimensions of diagonal don't match input.shape"
                               f"[:-2], or diagonal.shape[:-1] is not equal to the longests "
                               f"diagonal in range [{lo}, {hi}]. Input.shape: "
                               f"{list(a.shape)} Diagonal.shape: {list(d.shape)}", op)
    flat = ivy.reshape(d, tuple(a.shape[:-2]) + (-1,))
    return wrap(ivy.where(ivy.asarray(mask), _gather_last(flat, index, (m, n)), a))


def tensor_diag(diagonal, name=None):
    a = _checked("Diag", diagonal)
    if not len(a.shape):
        raise invalid_argument("Input must be at least rank 1, got 0", "Diag")
    shape = tuple(a.shape)
    size = int(np.prod(shape))
    return wrap(ivy.reshape(ivy.diag(ivy.reshape(a, (size,))), shape + shape))


def tensor_diag_part(input, name=None):  # noqa: A002
    a = _checked("DiagPart", input)
    shape = tuple(a.shape)
    half = len(shape) // 2
    if len(shape) % 2 or shape[:half] != shape[half:]:
        raise invalid_argument(f"The rank of the tensor should be even and positive, got shape "
                               f"{list(shape)}", "DiagPart")
    size = int(np.prod(shape[:half]))
    index = np.arange(size, dtype=np.int64) * (size + 1)
    return wrap(ivy.reshape(ivy.take(ivy.reshape(a, (size * size,)), ivy.asarray(index),
                                     axis=0), shape[:half]))


# ---- decompositions and solvers ----------------------------------------------------------------

def det(input, name=None):  # noqa: A002
    a = _square("MatrixDeterminant", input)
    return wrap(kernel("MatrixDeterminant", ivy.linalg.det, a))


def slogdet(input, name=None):  # noqa: A002
    """``(sign, log_abs_determinant)``, both of the input's dtype (complex stays complex)."""
    a = _square("LogMatrixDeterminant", input)
    sign, logabs = kernel("LogMatrixDeterminant", ivy.linalg.slogdet, a)
    n = native_name(a)
    return LogMatrixDeterminant(wrap(ivy.astype(sign, n)), wrap(ivy.astype(logabs, n)))


def logdet(matrix, name=None):
    """``log(det(matrix))`` of Hermitian positive definite matrices, by Cholesky (real)."""
    a = _square("LogMatrixDeterminant", matrix)
    chol = _cholesky_core(a)
    diagonal = ivy.real(ivy.linalg.diagonal(chol)) if native_name(a) in _COMPLEX else \
        ivy.linalg.diagonal(chol)
    return wrap(ivy.multiply(ivy.sum(ivy.log(diagonal), axis=-1), 2))


def inv(input, adjoint=False, name=None):  # noqa: A002
    a = _square("MatrixInverse", input)

    def core(x):
        try:
            out = ivy.linalg.inv(_h(x) if adjoint else x)
        except IvyError as e:
            raise invalid_argument("Input is not invertible.", "MatrixInverse") from e
        return _finite_or_singular("MatrixInverse", x, out)
    return wrap(_wide(core, a))


def cholesky(input, name=None):  # noqa: A002
    a = _square("Cholesky", input)
    return wrap(_cholesky_core(a))


def cholesky_solve(chol, rhs, name=None):
    a, b = _pair("MatrixTriangularSolve", chol, rhs)
    _rank("MatrixTriangularSolve", b, what="In[1] ndims")
    return wrap(kernel("MatrixTriangularSolve", lambda c, r: ivy.linalg.cholesky_solve(r, c),
                       ivy.tril(a), b))


def solve(matrix, rhs, adjoint=False, name=None):
    op = "MatrixSolve"
    a, b = _pair(op, matrix, rhs)
    _rank(op, a)
    if a.shape[-1] != a.shape[-2]:
        raise invalid_argument("Input matrix must be square.", op)
    if len(a.shape) != len(b.shape):
        raise invalid_argument("All input tensors must have the same rank.", op)
    if b.shape[-2] != a.shape[-1]:
        raise invalid_argument("Input matrix and rhs are incompatible.", op)
    return wrap(_solve_core(op)(_h(a) if adjoint else a, b))


def triangular_solve(matrix, rhs, lower=True, adjoint=False, name=None):
    op = "MatrixTriangularSolve"
    a, b = _pair(op, matrix, rhs)
    _rank(op, a, what="In[0] ndims")
    _rank(op, b, what="In[1] ndims")
    if a.shape[-1] != a.shape[-2] or b.shape[-2] != a.shape[-1]:
        raise invalid_argument(f"Incompatible shapes: {list(a.shape)} vs. {list(b.shape)}", op)
    tri = ivy.tril(a) if lower else ivy.triu(a)
    upper = (not lower) != bool(adjoint)
    return wrap(kernel(op, lambda t, r: ivy.linalg.solve_triangular(t, r, upper=upper),
                       _h(tri) if adjoint else tri, b))


def eig(tensor, name=None):
    a = _square("Eig", tensor)
    w, v = kernel("Eig", ivy.linalg.eig, a)
    return wrap(w), wrap(v)


def eigvals(tensor, name=None):
    a = _square("Eig", tensor)
    return wrap(kernel("Eig", ivy.linalg.eigvals, a))


def eigh(tensor, name=None):
    a = _square("SelfAdjointEigV2", tensor)
    w, v = kernel("SelfAdjointEigV2", ivy.linalg.eigh, _lower_hermitian(a))
    return wrap(ivy.astype(w, native_name(a))), wrap(v)


def eigvalsh(tensor, name=None):
    a = _square("SelfAdjointEigV2", tensor)
    w = kernel("SelfAdjointEigV2", ivy.linalg.eigvalsh, _lower_hermitian(a))
    return wrap(ivy.astype(w, native_name(a)))


def svd(tensor, full_matrices=False, compute_uv=True, name=None):
    """``s`` (real), or ``(s, u, v)`` with ``tensor == u @ diag(s) @ adjoint(v)``."""
    a = _checked("Svd", tensor)
    _rank("Svd", a)
    if not compute_uv:
        return wrap(kernel("Svd", ivy.linalg.svdvals, a))
    u, s, vh = kernel("Svd", lambda x: ivy.linalg.svd(x, full_matrices=bool(full_matrices)), a)
    return wrap(s), wrap(u), wrap(_h(vh))


def qr(input, full_matrices=False, name=None):  # noqa: A002
    a = _checked("Qr", input)
    _rank("Qr", a)
    mode = "complete" if full_matrices else "reduced"
    q, r = _wide(lambda x: tuple(ivy.linalg.qr(x, mode=mode)), a)
    return Qr(wrap(q), wrap(r))


def lu(input, output_idx_type=T.BY_NAME["int32"], name=None):  # noqa: A002
    """``(lu, p)``: L (unit diagonal implicit) and U packed, ``input[..., p, :] == L @ U``."""
    a = _square("Lu", input)
    if native_name(a) in _COMPLEX:
        packed, perm = _lu_by_modulus(a)
    else:
        packed, pivots = kernel("Lu", ivy.linalg.lu_factor, a)
        perm = permutation(ivy, pivots, a.shape[-1])
    if bool(ivy.any(ivy.equal(ivy.linalg.diagonal(packed), 0))):
        raise invalid_argument("Input is not invertible.", "Lu")
    return Lu(wrap(packed), wrap(ivy.astype(perm, T.name_of(output_idx_type))))


def _lu_by_modulus(a):
    """Partial-pivoting LU choosing the largest modulus (TensorFlow's, where LAPACK compares
    complex entries by |re| + |im|): (packed LU, perm), in core functions."""
    shape = tuple(a.shape)
    m = shape[-1]
    rows = ivy.arange(m, dtype="int64")
    column = ivy.reshape(rows, (m, 1))
    below = ivy.asarray(np.greater.outer(np.arange(m), np.arange(m)))
    perm = ivy.broadcast_to(rows, shape[:-2] + (m,))
    for j in range(m):
        size = ivy.abs(a[..., :, j])
        size = ivy.where(ivy.less(rows, j), ivy.full_like(size, -1.0), size)
        p = ivy.argmax(size, axis=-1, keepdims=True)
        swap = ivy.where(ivy.equal(rows, j), p,
                         ivy.where(ivy.equal(rows, p), ivy.full_like(p, j), rows))
        a = ivy.take_along_axis(a, ivy.broadcast_to(ivy.expand_dims(swap, axis=-1), shape),
                                axis=-2)
        perm = ivy.take_along_axis(perm, swap, axis=-1)
        head = a[..., j:j + 1, j:j + 1]
        scale = ivy.where(ivy.equal(head, ivy.zeros_like(head)), ivy.ones_like(head), head)
        lower = ivy.divide(a[..., :, j:j + 1], scale)
        lower = ivy.where(ivy.greater(column, j), lower, ivy.zeros_like(lower))
        upper = ivy.where(ivy.greater(rows, j), a[..., j:j + 1, :],
                          ivy.zeros_like(a[..., j:j + 1, :]))
        here = ivy.logical_and(below, ivy.asarray(np.arange(m) == j))
        a = ivy.where(here, lower, ivy.subtract(a, ivy.multiply(lower, upper)))
    return a, perm


def _unpack(lower_upper):
    n = lower_upper.shape[-1]
    lower = ivy.add(ivy.tril(lower_upper, k=-1), ivy.eye(n, dtype=native_name(lower_upper)))
    return lower, ivy.triu(lower_upper)


def _rows(b, index):
    """``b[..., index, :]`` with index (..., m) per batch."""
    index = ivy.astype(index, "int64")
    batch = ivy.broadcast_shapes(tuple(index.shape[:-1]), tuple(b.shape[:-2]))
    b = ivy.broadcast_to(b, batch + tuple(b.shape[-2:]))
    index = ivy.broadcast_to(ivy.expand_dims(index, axis=-1), tuple(b.shape))
    return ivy.take_along_axis(b, index, axis=-2)


def lu_reconstruct(lower_upper, perm, validate_args=False, name=None):
    packed, p = _native(lower_upper), _native(perm)
    lower, upper = _unpack(packed)
    return wrap(_rows(ivy.matmul(lower, upper), ivy.argsort(p, axis=-1)))


def lu_solve(lower_upper, perm, rhs, validate_args=False, name=None):
    packed, b = _pair("MatrixTriangularSolve", lower_upper, rhs)
    lower, upper = _unpack(packed)
    y = ivy.linalg.solve_triangular(lower, _rows(b, _native(perm)), upper=False,
                                    unitriangular=True)
    return wrap(ivy.linalg.solve_triangular(upper, y, upper=True))


def lu_matrix_inverse(lower_upper, perm, validate_args=False, name=None):
    packed = _native(lower_upper)
    identity = ivy.eye(packed.shape[-1], dtype=native_name(packed))
    return lu_solve(lower_upper, perm, wrap(ivy.broadcast_to(identity, tuple(packed.shape))))


def lstsq(matrix, rhs, l2_regularizer=0.0, fast=True, name=None):
    """``fast``: the regularized normal equations by Cholesky (NaN for a rank-deficient
    matrix, as TensorFlow); otherwise the minimum-norm solution (the regularizer unused, as in
    TensorFlow)."""
    op = "MatrixSolveLs"
    # the fast path converts the regularizer to the matrix's dtype first (TypeError); the other
    # passes it to the kernel as a double
    lam = _native(l2_regularizer) if type(l2_regularizer) is Tensor else \
        convert(l2_regularizer, native_name(_native(matrix)) if fast else "float64")
    a, b = _pair(op, matrix, rhs)
    if native_name(a) == "complex128" and bool(ivy.any(ivy.not_equal(lam, 0))):
        raise NotImplementedError("matrix_solve_ls is currently disabled for complex128 and "
                                  "l2_regularizer != 0 due to poor accuracy.")
    if len(b.shape) != len(a.shape):
        raise invalid_argument(f"In[0] and In[1] has different ndims: {list(a.shape)} vs. "
                               f"{list(b.shape)}", "MatMul")
    _rank(op, a)
    if a.shape[-2] != b.shape[-2]:
        raise invalid_argument(f"Matrix size-incompatible: In[0]: {list(a.shape)}, In[1]: "
                               f"{list(b.shape)}", op)
    if not fast:
        return wrap(kernel(op, lambda x, y: ivy.linalg.lstsq(x, y).solution, a, b))
    m, n = a.shape[-2:]
    lam = ivy.astype(lam, native_name(a))
    ah = _h(a)
    gram = ivy.matmul(ah, a) if m >= n else ivy.matmul(a, ah)
    gram = ivy.add(gram, ivy.multiply(lam, ivy.eye(min(m, n), dtype=native_name(a))))
    chol = _cholesky_core(gram)
    if m >= n:
        return wrap(ivy.linalg.cholesky_solve(ivy.matmul(ah, b), chol))
    return wrap(ivy.matmul(ah, ivy.linalg.cholesky_solve(b, chol)))


def pinv(a, rcond=None, validate_args=False, name=None):
    x = _native(a)
    n = native_name(x)
    if n not in _REAL_F:
        raise TypeError(f"Input `a` must have `float`-like `dtype` (saw {n}).")
    if len(x.shape) < 2:
        raise ValueError(f"Input `a` must have at least 2 dimensions (saw: {len(x.shape)}).")
    if n == "bfloat16":
        raise ValueError("pinv: bfloat16 is not supported by TensorFlow's Svd")
    check_kernel("Svd", n)
    m, k = x.shape[-2:]
    if rcond is None:
        rcond = 10.0 * max(m, k) * float(np.finfo(n).eps)
    u, s, vh = ivy.linalg.svd(x, full_matrices=False)
    cutoff = ivy.multiply(ivy.max(s, axis=-1, keepdims=True), float(rcond))
    keep = ivy.greater(s, cutoff)
    inverse = ivy.where(keep, ivy.divide(1.0, ivy.where(keep, s, ivy.ones_like(s))),
                        ivy.zeros_like(s))
    return wrap(ivy.matmul(ivy.multiply(_h(vh), ivy.expand_dims(inverse, axis=-2)), _h(u)))


def matrix_rank(a, tol=None, validate_args=False, name=None):
    x = _native(a)
    n = native_name(x)
    if n not in _REAL_F:
        raise TypeError(f"Input `a` must have `float`-like `dtype` (saw {n}).")
    check_kernel("Svd", n)
    _rank("Svd", x)
    s = ivy.linalg.svdvals(x)
    if tol is None:
        tol = ivy.multiply(ivy.max(s, axis=-1, keepdims=True),
                           float(max(x.shape[-2:])) * float(np.finfo(n).eps))
    else:
        tol = ivy.astype(_native(tol), n) if type(tol) is Tensor else float(tol)
    return wrap(ivy.astype(ivy.count_nonzero(ivy.greater(s, tol), axis=-1), "int32"))


def expm(input, name=None):  # noqa: A002
    a = _native(input)
    n = native_name(a)
    if n not in _FH:
        raise ValueError(f"expm: dtype {n} not in the allowed list of float16, float32, "
                         f"float64, complex64, complex128")
    check_kernel("MatrixExponential", n)
    if len(a.shape) < 2 or a.shape[-1] != a.shape[-2]:
        raise invalid_argument(f"Matrix size-incompatible: In[0]: {list(a.shape)}", "MatMul")
    return wrap(kernel("MatrixExponential", ivy.linalg.matrix_exp, a))


def _by_eigen(a, fn):
    """``V fn(W) V^-1`` for diagonalizable matrices (the principal branch)."""
    w, v = ivy.linalg.eig(a)
    return ivy.matmul(ivy.multiply(v, ivy.expand_dims(fn(w), axis=-2)), ivy.linalg.inv(v))


def logm(input, name=None):  # noqa: A002
    """The principal matrix logarithm by eigendecomposition (diagonalizable matrices)."""
    a = _square("MatrixLogarithm", input)
    return wrap(kernel("MatrixLogarithm", lambda x: _by_eigen(x, ivy.log), a))


def sqrtm(input, name=None):  # noqa: A002
    """The principal square root by eigendecomposition; a real matrix with a negative real
    eigenvalue (no real square root) gives NaN, as TensorFlow's real Schur method."""
    a = _square("MatrixSquareRoot", input)
    n = native_name(a)

    def core(x):
        r = _by_eigen(x, ivy.sqrt)
        if native_name(x) in _COMPLEX:
            return r
        w = ivy.linalg.eigvals(x)
        bad = ivy.any(ivy.logical_and(ivy.equal(ivy.imag(w), 0), ivy.less(ivy.real(w), 0)),
                      axis=-1)
        out = ivy.real(r)
        return ivy.where(ivy.expand_dims(ivy.expand_dims(bad, axis=-1), axis=-1),
                         ivy.full_like(out, float("nan")), out)
    return wrap(ivy.astype(kernel("MatrixSquareRoot", core, a), n))


# ---- norms ------------------------------------------------------------------------------------

_MATRIX_ORDS = ("euclidean", "fro", 1, 2, np.inf)


def _ord_ok(ord, matrix):  # noqa: A002
    if isinstance(ord, str):
        return ord == "euclidean" or (matrix and ord == "fro")
    if matrix:
        return any(ord == o and not isinstance(o, str) for o in _MATRIX_ORDS)
    return isinstance(ord, numbers.Real) and ord > 0


def _norm(a, ord, axis, keepdims):  # noqa: A002
    """The norm of native ``a`` (TensorFlow's rules), keeping the reduced axes."""
    if axis is None:
        matrix, axes = False, tuple(range(len(a.shape)))
    elif isinstance(axis, (int, np.integer)) and not isinstance(axis, bool):
        matrix, axes = False, (int(axis),)
    elif (isinstance(axis, (tuple, list)) and len(axis) == 2 and
          all(isinstance(v, (int, np.integer)) for v in axis) and axis[0] != axis[1]):
        matrix, axes = True, tuple(int(v) for v in axis)
    else:
        raise ValueError(f"'axis' must be None, an integer, or a tuple of 2 unique integers, "
                         f"got {axis}")
    if not _ord_ok(ord, matrix):
        if matrix:
            raise ValueError(f"'ord' must be a supported matrix norm in ['euclidean', 'fro', 1, "
                             f"2, inf], got {ord}")
        raise ValueError(f"'ord' must be a supported vector norm, got {ord}")
    n = native_name(a)
    rank = len(a.shape)
    for v in axes:
        if not -rank <= v < max(rank, 1):
            raise invalid_argument(f"Invalid reduction dimension ({v} for input with {rank} "
                                   f"dimension(s)", "Sum")
    axes = tuple(v % max(rank, 1) for v in axes)
    if ord in ("euclidean", "fro") or (ord == 2 and not matrix):
        check_kernel("Norm", n)
        sq = ivy.multiply(a, ivy.conj(a)) if n in _COMPLEX else ivy.multiply(a, a)
        return ivy.sqrt(ivy.sum(sq, axis=axes, keepdims=True))
    mag = ivy.abs(a)
    total = lambda x, ax: ivy.sum(x, axis=ax, keepdims=True, dtype=native_name(x))  # noqa: E731
    if not matrix:
        if ord == np.inf:
            return ivy.max(mag, axis=axes, keepdims=True)
        if ord == 1:
            return total(mag, axes)
        if n not in _F | {"float16", "bfloat16"}:
            raise TypeError(f"Cannot convert {float(ord)} to EagerTensor of dtype {n}")
        p = float(ord)
        return ivy.pow(ivy.sum(ivy.pow(mag, p), axis=axes, keepdims=True), 1.0 / p)
    rows, cols = axes
    if ord == 1:
        return ivy.max(total(mag, rows), axis=cols, keepdims=True)
    if ord == np.inf:
        return ivy.max(total(mag, cols), axis=rows, keepdims=True)
    check_kernel("Svd", n)
    moved = ivy.moveaxis(a, axes, (-2, -1))
    s = ivy.max(_wide(ivy.linalg.svdvals, moved), axis=-1)
    for v in sorted(axes):
        s = ivy.expand_dims(s, axis=v)
    return s


def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None):  # noqa: A002
    """``tf.norm``: a vector norm over all entries (axis None) or one axis, or a matrix norm
    over an axis pair; the Euclidean norm of a complex tensor is complex, the others real."""
    a = _native(tensor)
    out = _norm(a, ord, axis, keepdims)
    if not keepdims:
        out = ivy.reshape(out, tuple(d for d, s in zip(out.shape, _reduced(a, axis))
                                     if not s)) if axis is not None else ivy.reshape(out, ())
    return wrap(out)


def _reduced(a, axis):
    rank = len(a.shape)
    axes = {int(axis) % rank} if isinstance(axis, (int, np.integer)) else \
        {int(v) % rank for v in axis}
    return [d in axes for d in range(rank)]


def normalize(tensor, ord="euclidean", axis=None, name=None):  # noqa: A002
    a = _native(tensor)
    n = _norm(a, ord, axis, True)
    return wrap(ivy.divide(a, ivy.astype(n, native_name(a)))), wrap(n)


def global_norm(t_list, name=None):
    if not isinstance(t_list, (list, tuple)) or isinstance(t_list, str):
        raise TypeError("`t_list` should be a sequence of tensors. Received "
                        f"{type(t_list)}.")
    natives = [_native(t) for t in t_list if t is not None]
    for i, b in enumerate(natives[1:], 1):
        same_dtype("Pack", natives[0], b, i)
    check_kernel("L2Loss", native_name(natives[0]))
    squares = [ivy.sum(ivy.multiply(t, t)) for t in natives]
    return wrap(ivy.sqrt(ivy.sum(ivy.stack(squares))))


# ---- structured matrices ------------------------------------------------------------------------

def _tridiagonals(diagonals, fmt, op):
    """The (super, main, sub) diagonals (..., M) of a tridiagonal description."""
    if fmt == "sequence":
        parts = [_native(d) for d in diagonals]
        for i, p in enumerate(parts[1:], 1):
            same_dtype(op, parts[0], p, i)
        return parts
    d = _native(diagonals)
    if fmt == "compact":
        if len(d.shape) < 2 or d.shape[-2] != 3:
            raise ValueError(f"Expected last two dimensions of diagonals to be 3 x M, got "
                             f"{tuple(d.shape)}")
        return [d[..., 0, :], d[..., 1, :], d[..., 2, :]]
    if fmt == "matrix":
        m = d.shape[-1]
        main = ivy.linalg.diagonal(d)
        zero = ivy.zeros(tuple(d.shape[:-2]) + (1,), dtype=native_name(d))
        sup = ivy.concat([ivy.linalg.diagonal(d, offset=1), zero], axis=-1) if m > 1 else zero
        sub = ivy.concat([zero, ivy.linalg.diagonal(d, offset=-1)], axis=-1) if m > 1 else zero
        return [sup, main, sub]
    raise ValueError(f"Unrecognized diagonals_format: {fmt}")


def _dense_tridiagonal(sup, main, sub):
    m = main.shape[-1]
    i, j = np.meshgrid(np.arange(m), np.arange(m), indexing="ij")
    d = j - i
    # stacked (super, main, sub): entry (i, j) reads super[i], main[i] or sub[i]
    index = np.where(d == 1, i, np.where(d == 0, m + i, 2 * m + i))
    flat = ivy.concat([sup, main, sub], axis=-1)
    values = _gather_last(flat, index.reshape(-1), (m, m))
    return ivy.where(ivy.asarray(np.abs(d) <= 1), values, ivy.zeros_like(values))


def tridiagonal_matmul(diagonals, rhs, diagonals_format="compact", name=None):
    op = "TridiagonalMatMul"
    sup, main, sub = _tridiagonals(diagonals, diagonals_format, op)
    b = _native(rhs)
    check_kernel(op, same_dtype(op, main, b))
    zero = ivy.zeros_like(b[..., :1, :])
    below = ivy.concat([b[..., 1:, :], zero], axis=-2)
    above = ivy.concat([zero, b[..., :-1, :]], axis=-2)
    col = lambda v: ivy.expand_dims(v, axis=-1)  # noqa: E731
    return wrap(ivy.add(ivy.add(ivy.multiply(col(main), b), ivy.multiply(col(sup), below)),
                        ivy.multiply(col(sub), above)))


def tridiagonal_solve(diagonals, rhs, diagonals_format="compact", transpose_rhs=False,
                      conjugate_rhs=False, name=None, partial_pivoting=True,
                      perturb_singular=False):
    """NaN for a singular system, as TensorFlow's pivoting solver."""
    op = "TridiagonalSolve"
    if perturb_singular:
        raise NotImplementedError("tf.linalg.tridiagonal_solve: perturb_singular=True is not "
                                  "supported by ivy's tensorflow frontend")
    sup, main, sub = _tridiagonals(diagonals, diagonals_format, op)
    b = _native(rhs)
    check_kernel(op, same_dtype(op, main, b))
    vector = len(b.shape) == len(main.shape)
    if vector:
        b = ivy.expand_dims(b, axis=-1)
    elif transpose_rhs:
        b = ivy.matrix_transpose(b)
    if conjugate_rhs:
        b = ivy.conj(b)
    dense = _dense_tridiagonal(sup, main, sub)
    dense, b = ivy.broadcast_to(dense, tuple(b.shape[:-2]) + tuple(dense.shape[-2:])), b
    x = _nan_where_failing(ivy.linalg.solve, dense, b)
    bad = ivy.logical_not(ivy.all(ivy.isfinite(x), axis=(-2, -1), keepdims=True))
    x = ivy.where(bad, ivy.full_like(x, float("nan")), x)
    return wrap(ivy.squeeze(x, axis=-1) if vector else x)


def banded_triangular_solve(bands, rhs, lower=True, adjoint=False, name=None):
    """bands (..., K, M): lower, ``A[j, j - k] = bands[k, j]``; upper,
    ``A[i, i + k] = bands[K - 1 - k, i]``."""
    op = "BandedTriangularSolve"
    a, b = _pair(op, bands, rhs)
    _rank(op, a)
    k, m = a.shape[-2:]
    i, j = np.meshgrid(np.arange(m), np.arange(m), indexing="ij")
    if lower:
        band, inside = i - j, (i >= j) & (i - j < k)
        index = band * m + i
    else:
        band, inside = j - i, (j >= i) & (j - i < k)
        index = (k - 1 - band) * m + i
    flat = ivy.reshape(a, tuple(a.shape[:-2]) + (k * m,))
    values = _gather_last(flat, np.where(inside, index, 0).reshape(-1), (m, m))
    dense = ivy.where(ivy.asarray(inside), values, ivy.zeros_like(values))
    return triangular_solve(wrap(dense), wrap(b), lower=lower, adjoint=adjoint)


def eigh_tridiagonal(alpha, beta, eigvals_only=True, select="a", select_range=None, tol=None,
                     name=None):
    """Eigenvalues (and vectors) of the Hermitian tridiagonal matrix; ``select`` 'a' (all),
    'i' (an inclusive index range) or 'v' (a half-open value range (lo, hi])."""
    main, off = _native(alpha), _native(beta)
    if native_name(main) in _COMPLEX:
        raise ValueError("alpha must be real.")
    n = native_name(off)
    main_c = ivy.astype(main, n)
    dense = _dense_tridiagonal(ivy.concat([off, ivy.zeros_like(off[..., :1])], axis=-1),
                               main_c, ivy.concat([ivy.zeros_like(off[..., :1]), ivy.conj(off)
                                                   if n in _COMPLEX else off], axis=-1))
    w, v = ivy.linalg.eigh(dense)
    if select == "i":
        lo, hi = (int(x) for x in np.asarray(select_range).reshape(-1))
        w, v = w[..., lo:hi + 1], v[..., lo:hi + 1]
    elif select == "v":
        lo, hi = (float(x) for x in np.asarray(select_range).reshape(-1))
        keep = np.flatnonzero((np.asarray(ivy.to_numpy(w)) > lo) &
                              (np.asarray(ivy.to_numpy(w)) <= hi))
        w, v = ivy.take(w, ivy.asarray(keep), axis=-1), ivy.take(v, ivy.asarray(keep), axis=-1)
    elif select != "a":
        raise ValueError(f"select must be one of 'a', 'v' or 'i', got {select!r}")
    return wrap(w) if eigvals_only else (wrap(w), wrap(v))


_LINALG = {
    "adjoint": adjoint, "band_part": band_part, "cholesky": cholesky,
    "cholesky_solve": cholesky_solve, "cross": cross, "det": det, "diag": diag,
    "diag_part": diag_part, "set_diag": set_diag, "tensor_diag": tensor_diag,
    "tensor_diag_part": tensor_diag_part, "eig": eig, "eigvals": eigvals, "eigh": eigh,
    "eigvalsh": eigvalsh, "einsum": einsum, "expm": expm, "eye": eye,
    "global_norm": global_norm, "inv": inv, "logdet": logdet, "logm": logm, "lstsq": lstsq,
    "lu": lu, "lu_matrix_inverse": lu_matrix_inverse, "lu_reconstruct": lu_reconstruct,
    "lu_solve": lu_solve, "matrix_rank": matrix_rank, "matrix_transpose": matrix_transpose,
    "matvec": matvec, "norm": norm, "normalize": normalize, "pinv": pinv, "qr": qr,
    "slogdet": slogdet, "solve": solve, "sqrtm": sqrtm, "svd": svd, "trace": trace,
    "triangular_solve": triangular_solve, "tridiagonal_matmul": tridiagonal_matmul,
    "tridiagonal_solve": tridiagonal_solve, "banded_triangular_solve": banded_triangular_solve,
    "eigh_tridiagonal": eigh_tridiagonal, "tensordot": tensordot,
}
EXPORTS = {
    "linalg": _LINALG,
    "tf": {"eye": eye, "norm": norm, "einsum": einsum, "tensordot": tensordot, "eig": eig,
           "eigvals": eigvals, "matrix_square_root": sqrtm},
}
del _op, _ok, _nf, _t
