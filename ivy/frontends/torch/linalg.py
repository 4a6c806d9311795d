"""``torch.linalg`` on ivy's core.

Inputs must be float32/float64/complex (torch's CPU LAPACK kernels); operands share one dtype
(no promotion, RuntimeError otherwise). Singular or non-definite input raises ``LinAlgError``.
"""
from __future__ import annotations

import numpy as _np

import ivy
from ivy.core import dtypes as D

from . import _dtypes as T
from ._linalg_ops import (LinAlgError, _cross, _name, _vector_norm, cholesky as _cholesky,  # noqa
                          det, guarded, inverse, lapack, matmul, matrices, matrix_exp,
                          matrix_power, slogdet as _slogdet, square_float)
from ._ops import _TORCH_NAME, _finish, _tensor_arg, cast, shape_errors
from ._printing import return_type
from ._reductions import dims
from ._tensor import Tensor, _axis, _wrap

_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_FLOATING = frozenset(D.FLOATING)

inv_ex_result = return_type("linalg_inv_ex", "inverse info")
solve_ex_result = return_type("linalg_solve_ex", "result info")
cholesky_ex_result = return_type("linalg_cholesky_ex", "L info")
lstsq_result = return_type("linalg_lstsq", "solution residuals rank singular_values")
qr_result = return_type("linalg_qr", "Q R")
eig_result = return_type("linalg_eig", "eigenvalues eigenvectors")
eigh_result = return_type("linalg_eigh", "eigenvalues eigenvectors")
svd_result = return_type("linalg_svd", "U S Vh")
lu_result = return_type("linalg_lu", "P L U")
lu_factor_result = return_type("linalg_lu_factor", "LU pivots")
slogdet_result = return_type("linalg_slogdet", "sign logabsdet")


def _same(fn, a, b, first="A", second="B"):
    if ivy.dtype(a) != ivy.dtype(b):
        raise RuntimeError(f"{fn}: Expected {first} and {second} to have the same dtype, but "
                           f"found {first} of type {_name(a)} and {second} of type {_name(b)} "
                           f"instead.")


def _real(dt):
    return D.REAL_OF.get(dt, dt)


def _no_out(fn, out):
    if out is not None:
        raise NotImplementedError(f"torch.linalg.{fn}: out= is not supported for results that "
                                  f"are tuples of tensors")


def _no_driver(fn, driver):
    if driver is not None:
        raise RuntimeError(f"torch.linalg.{fn}: keyword argument `driver=` is only supported on "
                           f"CUDA inputs with cuSOLVER backend.")


def _info(batch_shape, failed=False):
    return _wrap(ivy.full(tuple(batch_shape), int(failed), dtype="int32"))


# ---- products ------------------------------------------------------------------------------------

@shape_errors
def vecdot(x, y, *, dim=-1, out=None):
    a, b = _tensor_arg(x, "linalg.vecdot"), _tensor_arg(y, "linalg.vecdot")
    if ivy.dtype(a) != ivy.dtype(b):
        raise RuntimeError(f"linalg.vecdot: Expected x and y to have the same dtype, but found x "
                           f"of type {_name(a)} and y of type {_name(b)} instead")
    if ivy.dtype(a) not in _FLOATING:
        raise RuntimeError(f"linalg.vecdot: Expected a floating point or complex tensor as input. "
                           f"Got {_name(a)}")
    shape = ivy.broadcast_shapes(ivy.shape(a), ivy.shape(b))
    axis = _axis(dim, len(shape))
    if ivy.dtype(a) in _COMPLEX:
        a = ivy.conj(a)
    return _finish(ivy.sum(ivy.multiply(a, b), axis=axis), out, "linalg.vecdot")


def multi_dot(tensors, *, out=None):
    arrays = [_tensor_arg(t, "multi_dot") for t in tensors]
    if len(arrays) < 2:
        raise RuntimeError(f"multi_dot(): expected at least 2 tensors but got {len(arrays)}")
    for i, a in enumerate(arrays[1:], 1):
        if ivy.dtype(a) != ivy.dtype(arrays[0]):
            raise RuntimeError(f"multi_dot(): all tensors must have be the same dtype but tensor 0 "
                               f"is {_name(arrays[0])} and tensor {i} {_name(a)}")
    for i, a in enumerate(arrays):
        want = 1 if i in (0, len(arrays) - 1) else 2
        if ivy.ndim(a) != 2 and not (i in (0, len(arrays) - 1) and ivy.ndim(a) == 1):
            raise RuntimeError(f"multi_dot(): tensor {i} must be {want}D or 2D but got "
                               f"{ivy.ndim(a)}D" if want == 1 else
                               f"multi_dot(): tensor {i} must be 2D but got {ivy.ndim(a)}D")
    r = arrays[0]
    for a in arrays[1:]:
        r = matmul(r, a)._data
    return _finish(r, out, "multi_dot")


def cross(input, other, *, dim=-1, out=None):
    a, b = _tensor_arg(input, "linalg.cross"), _tensor_arg(other, "linalg.cross")
    if ivy.ndim(a) != ivy.ndim(b):
        raise RuntimeError("linalg.cross: inputs must have the same number of dimensions.")
    if ivy.dtype(a) != ivy.dtype(b):
        raise RuntimeError(f"expected scalar type {_name(a)} but found {_name(b)}")
    shape = ivy.broadcast_shapes(ivy.shape(a), ivy.shape(b))
    return _finish(_cross(a, b, _axis(dim, len(shape)), shape), out, "linalg.cross")


def diagonal(A, *, offset=0, dim1=-2, dim2=-1):
    a = _tensor_arg(A, "linalg.diagonal")
    n = ivy.ndim(a)
    d1, d2 = _axis(dim1, n), _axis(dim2, n)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    rest = [i for i in range(n) if i not in (d1, d2)]
    return _wrap(ivy.linalg.diagonal(ivy.permute_dims(a, tuple(rest) + (d1, d2)), offset=offset))


# ---- norms ---------------------------------------------------------------------------------------

def _norm_input(fn, x, dtype):
    a = _tensor_arg(x, fn)
    if ivy.dtype(a) not in _FLOATING:
        raise RuntimeError(f"{fn}: Expected a floating point or complex tensor as input. Got "
                           f"{_name(a)}")
    if dtype is not None:
        want = T.canonical(dtype)
        kind = "complex" if ivy.dtype(a) in _COMPLEX else "real"
        if (want in _COMPLEX) != (kind == "complex"):
            raise RuntimeError(f"{fn}: dtype should be {kind} for {kind} inputs, but got "
                               f"{_TORCH_NAME[want]}")
        if T.promote_types(ivy.dtype(a), want) is not T.BY_NAME[want]:
            raise RuntimeError(f"{fn}: the dtype of the input ({_name(a)}) should be convertible "
                               f"without narrowing to the specified dtype ({_TORCH_NAME[want]})")
        a = cast(a, want)
    return a


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None, out=None):
    a = _norm_input("linalg.vector_norm", x, dtype)
    axes = dims(dim, ivy.ndim(a))
    if ivy.size(a) == 0 and (ord < 0 or ord == float("inf")):
        raise RuntimeError(f"linalg.vector_norm cannot compute the {ord} norm on an empty tensor "
                           f"because the operation does not have an identity")
    if ivy.ndim(a) == 0:
        r = ivy.abs(a) if ord != 0 else ivy.astype(ivy.not_equal(a, 0), _real(ivy.dtype(a)))
        return _finish(ivy.astype(r, _real(ivy.dtype(a))), out, "linalg.vector_norm")
    return _finish(_vector_norm(a, float(ord), axes, keepdim), out, "linalg.vector_norm")


_MATRIX_ORDS = ("fro", "nuc", float("inf"), float("-inf"), 1, -1, 2, -2)


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None, out=None):
    a = _norm_input("linalg.matrix_norm", A, dtype)
    if ivy.ndim(a) < 2:
        raise RuntimeError(f"linalg.matrix_norm: The input tensor A must have at least 2 "
                           f"dimensions.")
    if len(dim) != 2:
        raise RuntimeError(f"linalg.matrix_norm: dim must be a 2-tuple. Got "
                           f"{' '.join(str(d) for d in dim)}")
    if ord not in _MATRIX_ORDS:
        raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")
    if ord not in ("fro", "nuc", 1, -1, float("inf"), float("-inf")):
        lapack("linalg.matrix_norm", a, kernel="linalg_svd")
    if ord == "nuc":
        lapack("linalg.matrix_norm", a, kernel="linalg_svd")
    d1, d2 = _axis(dim[0], ivy.ndim(a)), _axis(dim[1], ivy.ndim(a))
    if d1 == d2:
        raise RuntimeError(f"linalg.matrix_norm: dims must be different. Got ({dim[0]}, "
                           f"{dim[1]})")
    rest = [i for i in range(ivy.ndim(a)) if i not in (d1, d2)]
    moved = ivy.permute_dims(a, tuple(rest) + (d1, d2))
    r = ivy.linalg.matrix_norm(moved, ord=ord)
    if ivy.dtype(r) != _real(ivy.dtype(a)):
        r = ivy.astype(r, _real(ivy.dtype(a)))
    if keepdim:
        r = ivy.expand_dims(ivy.expand_dims(r, axis=min(d1, d2)), axis=max(d1, d2))
    return _finish(r, out, "linalg.matrix_norm")


def norm(A, ord=None, dim=None, keepdim=False, *, out=None, dtype=None):
    a = _tensor_arg(A, "linalg.norm")
    if ord is None:     # the 2-norm of the flattened dims (Frobenius for two of them)
        return vector_norm(a, 2, dim, keepdim, dtype=dtype, out=out)
    if isinstance(dim, int):
        dim = (dim,)
    if dim is None:
        if ivy.ndim(a) not in (1, 2):
            raise RuntimeError(f"linalg.norm: If dim is not specified but ord is, the input must "
                               f"be 1D or 2D. Got {ivy.ndim(a)}D.")
        dim = tuple(range(ivy.ndim(a)))
    if len(dim) == 1:
        if isinstance(ord, str):
            raise RuntimeError(f"linalg.vector_norm: Expected a float as the order, got {ord}")
        return vector_norm(a, ord, dim, keepdim, dtype=dtype, out=out)
    return matrix_norm(a, ord, dim, keepdim, dtype=dtype, out=out)


def cond(A, p=None, *, out=None):
    a = _tensor_arg(A, "linalg.cond")
    lapack("linalg.cond", a, kernel="linalg_svd")
    matrices("linalg.cond", a, square=p not in (None, 2, -2))
    if p in (None, 2, -2):
        return _finish(ivy.linalg.cond(a, p=p), out, "linalg.cond")
    # torch: norm(A) * norm(inv(A)); a singular matrix gives inf instead of an error
    try:
        inverse_ = ivy.linalg.inv(a)
    except Exception:
        inverse_ = None
    r = None
    if inverse_ is not None and bool(ivy.all(ivy.isfinite(inverse_))):
        r = ivy.multiply(ivy.linalg.matrix_norm(a, ord=p), ivy.linalg.matrix_norm(inverse_, ord=p))
    if r is None or ivy.ndim(a) > 2:
        singular = ivy.equal(ivy.abs(ivy.linalg.det(a)), 0)
        if r is None:
            r = ivy.zeros(ivy.shape(a)[:-2], dtype=_real(ivy.dtype(a)))
        r = ivy.where(singular, ivy.full_like(r, float("inf")), r)
    return _finish(ivy.astype(r, _real(ivy.dtype(a))), out, "linalg.cond")


# ---- inverses and solvers ------------------------------------------------------------------------

def inv(A, *, out=None):
    return inverse(A, out=out)


def slogdet(A, *, out=None):
    _no_out("slogdet", out)
    return slogdet_result(*_slogdet(A))


def inv_ex(A, *, check_errors=False, out=None):
    _no_out("inv_ex", out)
    a = square_float("linalg.inv", A, low_precision="runtime")
    try:
        return inv_ex_result(inverse(a), _info(ivy.shape(a)[:-2]))
    except LinAlgError:
        if check_errors:
            raise
        return inv_ex_result(_wrap(_failed(a)), _info(ivy.shape(a)[:-2], True))


def _failed(x):
    """The result of a failed ``*_ex`` call: NaN (LAPACK's partial results are not reproduced;
    ``info`` is 1 for the whole batch, not the index of the failing pivot per matrix)."""
    return ivy.full_like(x, float("nan"))


def pinv(A, *, atol=None, rtol=None, hermitian=False, out=None):
    a = _tensor_arg(A, "linalg.pinv")
    if ivy.dtype(a) not in ("float32", "float64", "complex64", "complex128") or ivy.ndim(a) < 2:
        raise RuntimeError(f"linalg.pinv({T.BY_NAME[ivy.dtype(a)]}{list(ivy.shape(a))}): expected "
                           f"a tensor with 2 or more dimensions of float, double, cfloat or "
                           f"cdouble types")
    if hermitian:      # torch reads the lower triangle only (eigh)
        a = _hermitian("linalg.pinv", a, "L")
    atol_ = _tensor_arg(atol, "pinv") if isinstance(atol, Tensor) else atol
    rtol_ = _tensor_arg(rtol, "pinv") if isinstance(rtol, Tensor) else rtol
    if atol_ is None and rtol_ is None:
        return _finish(ivy.linalg.pinv(a), out, "linalg.pinv")
    u, s, vh = ivy.linalg.svd(a, full_matrices=False)
    threshold = _threshold(s, atol_, rtol_, ivy.shape(a))
    keep = ivy.greater(s, threshold)
    inv_s = ivy.where(keep, ivy.divide(1.0, ivy.where(keep, s, ivy.ones_like(s))),
                      ivy.zeros_like(s))
    uh = ivy.conj(ivy.matrix_transpose(u)) if ivy.dtype(a) in _COMPLEX else ivy.matrix_transpose(u)
    v = ivy.conj(ivy.matrix_transpose(vh)) if ivy.dtype(a) in _COMPLEX else ivy.matrix_transpose(vh)
    scaled = ivy.multiply(ivy.expand_dims(ivy.astype(inv_s, ivy.dtype(a)), axis=-1), uh)
    return _finish(ivy.matmul(v, scaled), out, "linalg.pinv")


def _threshold(s, atol, rtol, shape):
    """torch's max(atol, rtol * largest singular value); rtol defaults to eps*max(m, n) only
    when atol is unset or zero."""
    biggest = ivy.max(s, axis=-1, keepdims=True) if ivy.shape(s)[-1] else s
    eps = D.finfo(ivy.dtype(s)).eps * max(shape[-2:])
    if rtol is None:
        rtol = eps if atol is None or (not ivy.is_native_array(atol) and atol <= 0) else 0.0
    if ivy.is_native_array(rtol):
        rtol = ivy.expand_dims(ivy.astype(rtol, ivy.dtype(s)), axis=-1)
    rel = ivy.multiply(biggest, rtol)
    if atol is None:
        return rel
    if ivy.is_native_array(atol):
        atol = ivy.expand_dims(ivy.astype(atol, ivy.dtype(s)), axis=-1)
    return ivy.maximum(rel, ivy.full_like(rel, atol) if not ivy.is_native_array(atol) else atol)


def _solve_operands(fn, A, B):
    a, b = _tensor_arg(A, fn), _tensor_arg(B, fn)
    lapack(fn, a, low_precision="runtime")
    matrices(fn, a)
    _same(fn, a, b)
    return a, b


def _solve(a, b, left):
    n = ivy.shape(a)[-1]
    vector = ivy.ndim(b) == 1 or (ivy.ndim(b) == ivy.ndim(a) - 1 and
                                  ivy.shape(b) == ivy.shape(a)[:-1])
    if vector:
        b = ivy.expand_dims(b, axis=-1)
    if not left:
        a, b = ivy.matrix_transpose(a), ivy.matrix_transpose(b)
    if ivy.shape(b)[-2] != n:
        raise RuntimeError(f"linalg.solve: Incompatible shapes of A and B for the equation "
                           f"{'AX = B' if left else 'XA = B'} ({n}x{n} and "
                           f"{ivy.shape(b)[-2]}x{ivy.shape(b)[-1]})")
    a_, b_ = ivy.broadcast_to(a, ivy.broadcast_shapes(ivy.shape(a)[:-2], ivy.shape(b)[:-2]) +
                              (n, n)), b
    b_ = ivy.broadcast_to(b, ivy.shape(a_)[:-2] + ivy.shape(b)[-2:])
    x = guarded("torch.linalg.solve", ivy.linalg.solve, a_, b_,
                message="The solver failed because the input matrix is singular.")
    if not left:
        x = ivy.matrix_transpose(x)
    return ivy.squeeze(x, axis=-1) if vector else x


def solve(A, B, *, left=True, out=None):
    a, b = _solve_operands("linalg.solve", A, B)
    return _finish(_solve(a, b, left), out, "linalg.solve")


def solve_ex(A, B, *, left=True, check_errors=False, out=None):
    _no_out("solve_ex", out)
    a, b = _solve_operands("linalg.solve", A, B)
    try:
        return solve_ex_result(_wrap(_solve(a, b, left)), _info(ivy.shape(a)[:-2]))
    except LinAlgError:
        if check_errors:
            raise
        eye = ivy.broadcast_to(ivy.eye(ivy.shape(a)[-1], dtype=ivy.dtype(a)), ivy.shape(a))
        shaped = _solve(eye, b, left)             # the solution's shape
        return solve_ex_result(_wrap(_failed(shaped)), _info(ivy.shape(a)[:-2], True))


def solve_triangular(A, B, *, upper, left=True, unitriangular=False, out=None):
    a, b = _tensor_arg(A, "linalg.solve_triangular"), _tensor_arg(B, "linalg.solve_triangular")
    lapack("linalg.solve_triangular", a, kernel="triangular_solve")
    if ivy.ndim(b) < 2:
        raise RuntimeError("linalg.solve_triangular: The input tensor B must have at least 2 "
                           "dimensions.")
    matrices("linalg.solve_triangular", a)
    if ivy.dtype(a) != ivy.dtype(b):
        raise RuntimeError(f"linalg.solve_triangular: Expected A and B to have the same dtype, "
                           f"but found A of type {_name(a)} and B of type {_name(b)} instead")
    n = ivy.shape(a)[-1]
    if ivy.shape(b)[-2 if left else -1] != n:
        raise RuntimeError("linalg.solve_triangular: Incompatible shapes of A and B for the "
                           "equation")
    return _finish(ivy.linalg.solve_triangular(a, b, upper=upper, left=left,
                                               unitriangular=unitriangular), out,
                   "linalg.solve_triangular")


_DRIVERS = ("gels", "gelsy", "gelsd", "gelss")


def lstsq(A, B, rcond=None, *, driver=None):
    from ivy.core.ext.linalg_extra import lstsq_parts
    a, b = _tensor_arg(A, "linalg.lstsq"), _tensor_arg(B, "linalg.lstsq")
    lapack("linalg.lstsq", a, kernel="linalg_lstsq")
    if ivy.dtype(a) != ivy.dtype(b):
        raise RuntimeError(f"torch.linalg.lstsq: Expected input and other to have the same "
                           f"dtype, but got input's dtype {_name(a)} and other's dtype "
                           f"{_name(b)}")
    if ivy.ndim(a) < 2:
        raise RuntimeError(f"torch.linalg.lstsq: input must have at least 2 dimensions.")
    if not (0 <= ivy.ndim(a) - ivy.ndim(b) <= 1):
        raise RuntimeError("torch.linalg.lstsq: input.dim() must be greater or equal to "
                           "other.dim() and (input.dim() - other.dim()) <= 1")
    driver = "gelsy" if driver is None else driver
    if driver not in _DRIVERS:
        raise RuntimeError(f"torch.linalg.lstsq: parameter `driver` should be one of "
                           f"(gels, gelsy, gelsd, gelss)")
    vector = ivy.ndim(b) == ivy.ndim(a) - 1
    if vector:
        b = ivy.expand_dims(b, axis=-1)
    m, n = ivy.shape(a)[-2:]
    if ivy.shape(b)[-2] != m:
        raise RuntimeError(f"torch.linalg.lstsq: input.size(-2) should match other.size(-2)")
    batch = ivy.broadcast_shapes(ivy.shape(a)[:-2], ivy.shape(b)[:-2])
    a = ivy.broadcast_to(a, batch + (m, n))
    b = ivy.broadcast_to(b, batch + ivy.shape(b)[-2:])
    real = _real(ivy.dtype(a))
    if rcond is None:
        rcond = D.finfo(real).eps * max(m, n)
    x, sums, rank, s = lstsq_parts(ivy, a, b, rcond)
    empty = ivy.zeros((0,), dtype=real)
    if driver == "gels":
        rank, s = ivy.zeros((0,), dtype="int64"), empty
    elif driver == "gelsy":
        s = empty
    full = m > n and (driver == "gels" or bool(ivy.all(ivy.equal(rank, n))))
    sums = sums if full and driver != "gelsy" else empty
    if vector:
        x = x[..., 0]
        if full and driver != "gelsy":
            sums = sums[..., 0]
    return lstsq_result(_wrap(x), _wrap(sums), _wrap(rank), _wrap(s))


# ---- decompositions ------------------------------------------------------------------------------

def cholesky(A, *, upper=False, out=None):
    return _cholesky(A, upper, out=out)


def cholesky_ex(A, *, upper=False, check_errors=False, out=None):
    _no_out("cholesky_ex", out)
    a = square_float("linalg.cholesky", A, kernel="cholesky")
    try:
        return cholesky_ex_result(_cholesky(a, upper), _info(ivy.shape(a)[:-2]))
    except LinAlgError:
        if check_errors:
            raise
        return cholesky_ex_result(_wrap(_failed(a)), _info(ivy.shape(a)[:-2], True))


def qr(A, mode="reduced", *, out=None):
    _no_out("qr", out)
    a = _tensor_arg(A, "linalg.qr")
    if mode not in ("reduced", "complete", "r"):
        raise RuntimeError(f"qr received unrecognized mode '{mode}' but expected one of "
                           f"'reduced' (default), 'r', or 'complete'")
    matrices("linalg.qr", lapack("linalg.qr", a, kernel="geqrf"), square=False)
    q, r = ivy.linalg.qr(a, mode="complete" if mode == "complete" else "reduced")
    if mode == "r":
        q = ivy.zeros((0,), dtype=ivy.dtype(a))
    return qr_result(_wrap(q), _wrap(r))


def eig(A, *, out=None):
    _no_out("eig", out)
    a = square_float("linalg.eig", A, kernel="linalg_eig_out")
    w, v = ivy.linalg.eig(a)
    return eig_result(_wrap(w), _wrap(v))


def eigvals(A, *, out=None):
    a = square_float("linalg.eigvals", A, kernel="linalg_eig_out")
    return _finish(ivy.linalg.eigvals(a), out, "linalg.eigvals")


def _hermitian(fn, A, UPLO):
    a = square_float(fn, A, kernel="linalg_eigh")
    if UPLO not in ("L", "U"):
        raise RuntimeError(f"Expected UPLO argument to be 'L' or 'U', but got {UPLO}")
    # the core reads the lower triangle: mirror the chosen one onto a full Hermitian matrix
    tri = ivy.tril(a) if UPLO == "L" else ivy.triu(a)
    strict = ivy.tril(a, k=-1) if UPLO == "L" else ivy.triu(a, k=1)
    other = ivy.matrix_transpose(strict)
    if ivy.dtype(a) in _COMPLEX:
        other = ivy.conj(other)
        n = ivy.shape(a)[-1]
        eye = ivy.astype(ivy.eye(n, dtype="bool"), "bool")
        tri = ivy.where(eye, ivy.astype(ivy.real(tri), ivy.dtype(a)), tri)
    return ivy.add(tri, other)


def eigh(A, UPLO="L", *, out=None):
    _no_out("eigh", out)
    w, v = ivy.linalg.eigh(_hermitian("linalg.eigh", A, UPLO))
    return eigh_result(_wrap(w), _wrap(v))


def eigvalsh(A, UPLO="L", *, out=None):
    return _finish(ivy.linalg.eigvalsh(_hermitian("linalg.eigvalsh", A, UPLO)), out,
                   "linalg.eigvalsh")


def svd(A, full_matrices=True, *, driver=None, out=None):
    _no_out("svd", out)
    _no_driver("svd", driver)
    a = _tensor_arg(A, "linalg.svd")
    matrices("linalg.svd", lapack("linalg.svd", a, kernel="linalg_svd"), square=False)
    u, s, vh = ivy.linalg.svd(a, full_matrices=full_matrices)
    return svd_result(_wrap(u), _wrap(s), _wrap(vh))


def svdvals(A, *, driver=None, out=None):
    _no_driver("svdvals", driver)
    a = _tensor_arg(A, "linalg.svdvals")
    matrices("linalg.svdvals", lapack("linalg.svdvals", a, kernel="linalg_svd"), square=False)
    return _finish(ivy.linalg.svdvals(a), out, "linalg.svdvals")


def matrix_rank(A, *, atol=None, rtol=None, hermitian=False, out=None):
    a = _tensor_arg(A, "linalg.matrix_rank")
    if ivy.dtype(a) not in ("float32", "float64", "complex64", "complex128"):
        raise RuntimeError("This function doesn't handle types other than float and double")
    matrices("linalg.matrix_rank", a, square=False)
    s = ivy.abs(ivy.linalg.eigvalsh(a)) if hermitian else ivy.linalg.svdvals(a)
    atol_ = _tensor_arg(atol, "pinv") if isinstance(atol, Tensor) else atol
    rtol_ = _tensor_arg(rtol, "pinv") if isinstance(rtol, Tensor) else rtol
    threshold = _threshold(s, atol_, rtol_, ivy.shape(a))
    return _finish(ivy.astype(ivy.count_nonzero(ivy.greater(s, threshold), axis=-1), "int64"),
                   out, "linalg.matrix_rank")


def householder_product(A, tau, *, out=None):
    a, t = _tensor_arg(A, "linalg.householder_product"), _tensor_arg(tau, "householder_product")
    lapack("linalg.householder_product", a, kernel="orgqr")
    _same("torch.linalg.householder_product", a, t, "input", "tau")
    if ivy.ndim(a) < 2:
        raise RuntimeError("torch.linalg.householder_product: input must have at least 2 "
                           "dimensions.")
    m, n = ivy.shape(a)[-2:]
    if not n <= m:
        raise RuntimeError("torch.linalg.householder_product: input.shape[-2] must be greater "
                           "than or equal to input.shape[-1]")
    if not ivy.shape(t)[-1] <= n:
        raise RuntimeError("torch.linalg.householder_product: input.shape[-1] must be greater "
                           "than or equal to tau.shape[-1]")
    return _finish(ivy.linalg.householder_product(a, t), out, "linalg.householder_product")


def lu_factor(A, *, pivot=True, out=None):
    _no_out("lu_factor", out)
    a = _tensor_arg(A, "linalg.lu_factor")
    matrices("torch.linalg.lu_factor", lapack("linalg.lu_factor", a, kernel="lu"), square=False)
    if not pivot:
        raise RuntimeError("linalg.lu_factor: LU without pivoting is not implemented on the CPU")
    r = lu_factor_ex(A, pivot=pivot, check_errors=True, _fn="linalg.lu_factor")
    return lu_factor_result(r.LU, r.pivots)


def lu(A, *, pivot=True, out=None):
    _no_out("lu", out)
    a = _tensor_arg(A, "linalg.lu")
    matrices("linalg.lu", lapack("linalg.lu", a, kernel="lu"), square=False)
    if not pivot:
        raise RuntimeError("linalg.lu_factor: LU without pivoting is not implemented on the CPU")
    p, lower, upper = ivy.linalg.lu(a, pivot=pivot)
    return lu_result(_wrap(p), _wrap(lower), _wrap(upper))


def lu_solve(LU, pivots, B, *, left=True, adjoint=False, out=None):
    a, p, b = (_tensor_arg(LU, "linalg.lu_solve"), _tensor_arg(pivots, "linalg.lu_solve"),
               _tensor_arg(B, "linalg.lu_solve"))
    lapack("linalg.lu_solve", a, kernel="lu_solve")
    matrices("linalg.lu_solve", a)
    _same("linalg.lu_solve", a, b, "LU", "B")
    if ivy.ndim(b) < 2:
        raise RuntimeError("linalg.lu_solve: The input tensor B must have at least 2 dimensions.")
    return _finish(ivy.linalg.lu_solve(a, p, b, left=left, adjoint=adjoint), out,
                   "linalg.lu_solve")


def tensorinv(A, ind=2, *, out=None):
    a = _tensor_arg(A, "linalg.tensorinv")
    if ind <= 0:
        raise RuntimeError(f"Expected a strictly positive integer for 'ind', but got {ind}")
    shape = ivy.shape(a)
    rows, cols = shape[:ind], shape[ind:]
    prod_rows = prod_cols = 1
    for s in rows:
        prod_rows *= s
    for s in cols:
        prod_cols *= s
    if prod_rows != prod_cols:
        raise RuntimeError(f"Expected self to satisfy the requirement prod(self.shape[ind:]) == "
                           f"prod(self.shape[:ind]), but got {prod_cols} != {prod_rows}")
    r = inverse(ivy.reshape(a, (prod_rows, prod_cols)))._data
    return _finish(ivy.reshape(r, tuple(cols) + tuple(rows)), out, "linalg.tensorinv")


def tensorsolve(A, B, dims=None, *, out=None):
    a, b = _tensor_arg(A, "linalg.tensorsolve"), _tensor_arg(B, "linalg.tensorsolve")
    if dims is not None:
        n = ivy.ndim(a)
        axes = [_axis(d, n) for d in dims]
        rest = [i for i in range(n) if i not in axes]
        a = ivy.permute_dims(a, tuple(rest + axes))
    shape = ivy.shape(a)
    result_shape = shape[ivy.ndim(b):]
    rows = 1
    for s in ivy.shape(b):
        rows *= s
    cols = 1
    for s in result_shape:
        cols *= s
    if rows != cols:
        raise RuntimeError(f"Expected self to satisfy the requirement prod(result_shape) == "
                           f"prod(other.shape), but got {cols} != {rows}")
    x = solve(ivy.reshape(a, (rows, cols)), ivy.reshape(b, (rows,)))._data
    return _finish(ivy.reshape(x, tuple(result_shape)), out, "linalg.tensorsolve")


def vander(x, *, N=None):
    a = _tensor_arg(x, "linalg.vander")
    if ivy.ndim(a) < 1:
        raise RuntimeError("linalg.vander: x must have at least one dimension")
    columns = ivy.shape(a)[-1] if N is None else N
    if columns <= 1:
        raise RuntimeError("N must be greater than 1.")
    return _wrap(ivy.linalg.vander(a, N=N))



# ---- LDL (Bunch-Kaufman, LAPACK's ?sytf2 / ?hetf2 and ?sytrs / ?hetrs) ------------------------
# The pivot choices depend on the data one column at a time, so the factorization runs on the
# host with numpy, one matrix after another, exactly as LAPACK's unblocked kernels do (torch calls
# ?sytrf, which is ?sytf2 for matrices smaller than its block size of 64). Not differentiable.

ldl_factor_result = return_type("linalg_ldl_factor", "LD pivots")
ldl_factor_ex_result = return_type("linalg_ldl_factor_ex", "LD pivots info")
lu_factor_ex_result = return_type("linalg_lu_factor_ex", "LU pivots info")
_BK_ALPHA = (1 + 17 ** 0.5) / 8


def _abs1(v):
    return abs(v.real) + abs(v.imag) if _np.iscomplexobj(v) else abs(v)


def _argmax1(v):
    return int(_np.argmax(_np.abs(v.real) + _np.abs(v.imag))) if _np.iscomplexobj(v) else \
        int(_np.argmax(_np.abs(v)))


def _sytf2(a, herm):
    """LAPACK ?sytf2/?hetf2 with uplo="L" on one n x n matrix (0-based; pivots 1-based)."""
    a = a.copy()
    n = a.shape[0]
    cj = _np.conj if herm else (lambda x: x)
    ipiv = _np.zeros(n, dtype=_np.int32)
    info, k = 0, 0
    while k < n:
        kstep = 1
        absakk = abs(a[k, k].real) if herm else _abs1(a[k, k])
        if k < n - 1:
            imax = k + 1 + _argmax1(a[k + 1:, k])
            colmax = _abs1(a[imax, k])
        else:
            imax, colmax = k, 0.0
        if max(absakk, colmax) == 0 or _np.isnan(absakk):
            info = info or k + 1
            kp = k
            if herm:
                a[k, k] = a[k, k].real
        else:
            if absakk >= _BK_ALPHA * colmax:
                kp = k
            else:
                jmax = k + _argmax1(a[imax, k:imax])
                rowmax = _abs1(a[imax, jmax])
                if imax < n - 1:
                    jmax = imax + 1 + _argmax1(a[imax + 1:, imax])
                    rowmax = max(rowmax, _abs1(a[jmax, imax]))
                if absakk >= _BK_ALPHA * colmax * (colmax / rowmax):
                    kp = k
                elif (abs(a[imax, imax].real) if herm else _abs1(a[imax, imax])) >= \
                        _BK_ALPHA * rowmax:
                    kp = imax
                else:
                    kp, kstep = imax, 2
            kk = k + kstep - 1
            if kp != kk:
                a[kp + 1:, kk], a[kp + 1:, kp] = a[kp + 1:, kp].copy(), a[kp + 1:, kk].copy()
                seg = a[kk + 1:kp, kk].copy()
                a[kk + 1:kp, kk] = cj(a[kp, kk + 1:kp])
                a[kp, kk + 1:kp] = cj(seg)
                if herm:
                    a[kp, kk] = _np.conj(a[kp, kk])
                a[kk, kk], a[kp, kp] = a[kp, kp], a[kk, kk]
                if kstep == 2:
                    a[k + 1, k], a[kp, k] = a[kp, k], a[k + 1, k]
            elif herm:
                a[k, k] = a[k, k].real
                if kstep == 2:
                    a[k + 1, k + 1] = a[k + 1, k + 1].real
            if kstep == 1:
                if k < n - 1:
                    d11 = 1 / (a[k, k].real if herm else a[k, k])
                    x = a[k + 1:, k].copy()
                    # ?syr's order: a[i, j] += x[i] * (-d11 * x[j])
                    a[k + 1:, k + 1:] += _np.tril(_np.outer(x, -d11 * cj(x)))
                    if herm:
                        idx = _np.arange(k + 1, n)
                        a[idx, idx] = a[idx, idx].real
                    a[k + 1:, k] = d11 * x
            elif k < n - 2:
                if herm:
                    d = abs(a[k + 1, k])
                    d11, d22 = a[k + 1, k + 1].real / d, a[k, k].real / d
                    tt = 1 / (d11 * d22 - 1)
                    d21 = a[k + 1, k] / d
                    d = tt / d
                    wk = d * (d11 * a[k + 2:, k] - d21 * a[k + 2:, k + 1])
                    wkp1 = d * (d22 * a[k + 2:, k + 1] - _np.conj(d21) * a[k + 2:, k])
                else:
                    d21 = a[k + 1, k]
                    d11, d22 = a[k + 1, k + 1] / d21, a[k, k] / d21
                    t = 1 / (d11 * d22 - 1)
                    d21 = t / d21
                    wk = d21 * (d11 * a[k + 2:, k] - a[k + 2:, k + 1])
                    wkp1 = d21 * (d22 * a[k + 2:, k + 1] - a[k + 2:, k])
                for j in range(k + 2, n):
                    i = j - (k + 2)
                    a[j:, j] = a[j:, j] - a[j:, k] * cj(wk[i]) - a[j:, k + 1] * cj(wkp1[i])
                    if herm:
                        a[j, j] = a[j, j].real
                a[k + 2:, k], a[k + 2:, k + 1] = wk, wkp1
        if kstep == 1:
            ipiv[k] = kp + 1
        else:
            ipiv[k] = ipiv[k + 1] = -(kp + 1)
        k += kstep
    return _np.tril(a), ipiv, info


def _sytrs(a, ipiv, b, herm):
    """LAPACK ?sytrs/?hetrs with uplo="L": solve with the factors of ``_sytf2``."""
    b = b.copy()
    n = a.shape[0]
    cj = _np.conj if herm else (lambda x: x)
    k = 0
    while k < n:
        if ipiv[k] > 0:
            kp = ipiv[k] - 1
            b[[k, kp]] = b[[kp, k]]
            b[k + 1:] -= _np.outer(a[k + 1:, k], b[k])
            b[k] /= a[k, k].real if herm else a[k, k]
            k += 1
        else:
            kp = -ipiv[k] - 1
            b[[k + 1, kp]] = b[[kp, k + 1]]
            b[k + 2:] -= _np.outer(a[k + 2:, k], b[k]) + _np.outer(a[k + 2:, k + 1], b[k + 1])
            akm1k = a[k + 1, k]
            akm1, ak = a[k, k] / cj(akm1k), a[k + 1, k + 1] / akm1k
            denom = akm1 * ak - 1
            bkm1, bk = b[k] / cj(akm1k), b[k + 1] / akm1k
            b[k], b[k + 1] = (ak * bkm1 - bk) / denom, (akm1 * bk - bkm1) / denom
            k += 2
    k = n - 1
    while k >= 0:
        if ipiv[k] > 0:
            b[k] -= cj(a[k + 1:, k]) @ b[k + 1:]
            kp = ipiv[k] - 1
            b[[k, kp]] = b[[kp, k]]
            k -= 1
        else:
            b[k] -= cj(a[k + 1:, k]) @ b[k + 1:]
            b[k - 1] -= cj(a[k + 1:, k - 1]) @ b[k + 1:]
            kp = -ipiv[k] - 1
            b[[k, kp]] = b[[kp, k]]
            k -= 2
    return b


def _host(a):
    return _np.asarray(ivy.to_numpy(a))


def _ldl(fn, A, hermitian):
    a = _tensor_arg(A, fn)
    lapack(fn, a, kernel="ldl_factor")
    if ivy.ndim(a) < 2:
        raise RuntimeError(f"{fn}: The input tensor A must have at least 2 dimensions.")
    m, n = ivy.shape(a)[-2:]
    if m != n:
        raise RuntimeError(f"{fn}: A must be batches of square matrices, but they are {m} by {n} "
                           f"matrices")
    herm = hermitian and ivy.dtype(a) in _COMPLEX
    host = _host(a)
    batch = host.shape[:-2]
    flat = host.reshape((int(_np.prod(batch)), n, n))
    parts = [_sytf2(x, herm) for x in flat]
    ld = _np.stack([p[0] for p in parts]).reshape(host.shape) if parts else host.copy()
    piv = _np.stack([p[1] for p in parts]).reshape(batch + (n,)) if parts else \
        _np.zeros(batch + (n,), dtype=_np.int32)
    info = _np.asarray([p[2] for p in parts], dtype=_np.int32).reshape(batch)
    return (_wrap(ivy.asarray(ld, dtype=ivy.dtype(a))), _wrap(ivy.asarray(piv, dtype="int32")),
            info)


def ldl_factor_ex(A, *, hermitian=False, check_errors=False, out=None):
    _no_out("ldl_factor_ex", out)
    ld, piv, info = _ldl("torch.linalg.ldl_factor_ex", A, hermitian)
    if check_errors and info.any():
        raise RuntimeError("torch.linalg.ldl_factor_ex: the factorization failed (a zero "
                           "pivot), as torch's INTERNAL ASSERT reports")
    return ldl_factor_ex_result(ld, piv, _wrap(ivy.asarray(info, dtype="int32")))


def ldl_factor(A, *, hermitian=False, out=None):
    _no_out("ldl_factor", out)
    ld, piv, info = _ldl("torch.linalg.ldl_factor_ex", A, hermitian)
    if info.any():
        raise RuntimeError("torch.linalg.ldl_factor: the factorization failed (a zero pivot), as "
                           "torch's INTERNAL ASSERT reports")
    return ldl_factor_result(ld, piv)


def ldl_solve(LD, pivots, B, *, hermitian=False, out=None):
    fn = "torch.linalg.ldl_solve"
    a, p, b = _tensor_arg(LD, fn), _tensor_arg(pivots, fn), _tensor_arg(B, fn)
    lapack(fn, a, kernel="ldl_solve")
    if ivy.ndim(a) < 2:
        raise RuntimeError(f"{fn}: The input tensor LD must have at least 2 dimensions.")
    if ivy.dtype(b) != ivy.dtype(a):
        raise RuntimeError(f"Expected b and A to have the same dtype, but found b of type "
                           f"{_name(b)} and A of type {_name(a)} instead.")
    if ivy.ndim(b) < 2:
        raise IndexError(f"Dimension out of range (expected to be in range of [-1, 0], but got "
                         f"-2)")
    n = ivy.shape(a)[-1]
    if ivy.shape(a)[-2] != n:
        raise RuntimeError(f"{fn}: LD must be batches of square matrices")
    if ivy.dtype(p) not in ("int32", "int64"):
        raise RuntimeError(f"{fn}: Expected pivots to be integers. Got {_name(p)}")
    if ivy.shape(b)[-2] != n:
        raise RuntimeError(f"{fn}: Incompatible shapes of A and B for the equation AX = B "
                           f"({n}x{n} and {ivy.shape(b)[-2]}x{ivy.shape(b)[-1]})")
    batch = tuple(np_shape for np_shape in _np.broadcast_shapes(
        ivy.shape(a)[:-2], ivy.shape(p)[:-1], ivy.shape(b)[:-2]))
    ha = _np.broadcast_to(_host(a), batch + (n, n)).reshape((-1, n, n))
    hp = _np.broadcast_to(_host(p), batch + (n,)).reshape((-1, n))
    hb = _np.broadcast_to(_host(b), batch + ivy.shape(b)[-2:]).reshape((-1,) + ivy.shape(b)[-2:])
    herm = hermitian and ivy.dtype(a) in _COMPLEX
    x = _np.stack([_sytrs(ha[i], hp[i], hb[i], herm) for i in range(ha.shape[0])]) if \
        ha.shape[0] else hb.copy()
    return _finish(ivy.asarray(x.reshape(batch + ivy.shape(b)[-2:]), dtype=ivy.dtype(a)), out,
                   "linalg.ldl_solve")


def lu_factor_ex(A, *, pivot=True, check_errors=False, out=None, _fn="linalg.lu_factor_ex"):
    _no_out("lu_factor_ex", out)
    a = _tensor_arg(A, "linalg.lu_factor_ex")
    if ivy.dtype(a) not in _FLOATING:
        raise NotImplementedError(f'"lu_cpu" not implemented for \'{_name(a)}\'')
    matrices("torch.linalg.lu_factor_ex", lapack("linalg.lu_factor_ex", a, kernel="lu"),
             square=False)
    if not pivot:
        raise RuntimeError("linalg.lu_factor: LU without pivoting is not implemented on the CPU")
    lu_, pivots = ivy.linalg.lu_factor(a, pivot=pivot)
    k = min(ivy.shape(a)[-2:])
    diag = ivy.linalg.diagonal(lu_)
    zero = ivy.astype(diag == 0, "int32")
    first = ivy.argmax(zero, axis=-1) if k else ivy.zeros(ivy.shape(a)[:-2], dtype="int64")
    info = ivy.where(ivy.any(diag == 0, axis=-1) if k else ivy.zeros(ivy.shape(a)[:-2],
                                                                     dtype="bool"),
                     ivy.astype(first, "int32") + 1, ivy.zeros_like(ivy.astype(first, "int32")))
    if check_errors and bool(ivy.any(info > 0)):
        i = int(ivy.max(info))
        raise LinAlgError(f"torch.{_fn}: U[{i},{i}] is zero and using it on "
                          f"lu_solve would result in a division by zero. If you still want to "
                          f"perform the factorization, consider calling linalg.lu(A, pivot) or "
                          f"linalg.lu_factor_ex(A, pivot)")
    return lu_factor_ex_result(_wrap(lu_), _wrap(pivots), _wrap(info))
