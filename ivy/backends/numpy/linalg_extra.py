"""numpy backend: the ``linalg_extra`` extension on numpy.linalg and scipy.linalg (imported on
first use; it batches over leading axes itself). float16/bfloat16 have no LAPACK routines."""
import numpy as np

from ivy.core.errors import translating
from ivy.core.ext import linalg_extra as spec

from ._dtypes import NAME
from .linalg import _lapack_dtype

_scipy_linalg = None


def _sl():
    global _scipy_linalg
    if _scipy_linalg is None:
        import scipy.linalg
        _scipy_linalg = scipy.linalg
    return _scipy_linalg


def _xp():
    from ivy.core.registry import backend_namespace
    return backend_namespace(NAME)


def _floating(fn, *arrays):
    for x in arrays:
        _lapack_dtype(fn, x)
        if x.dtype.kind not in "fc":
            spec.check_dtype(f"linalg.{fn}", x.dtype.name, "floating", NAME)


def _broadcast(a, b):
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    return np.broadcast_to(a, batch + a.shape[-2:]), np.broadcast_to(b, batch + b.shape[-2:])


@translating("linalg.lu_factor", NAME)
def lu_factor(a, /, *, pivot=True):
    _floating("lu_factor", a)
    spec._matrices(_xp(), "lu_factor", a)
    if not pivot:
        return spec.LUFactorResult(*spec.lu_loop(_xp(), a, pivot=False))
    if a.size == 0:
        k = min(a.shape[-2:])
        return spec.LUFactorResult(a.copy(), np.broadcast_to(np.arange(1, k + 1, dtype=np.int32),
                                                             a.shape[:-2] + (k,)).copy())
    packed, pivots = _sl().lu_factor(a, check_finite=False)
    return spec.LUFactorResult(packed, (pivots + 1).astype(np.int32))


@translating("linalg.solve_triangular", NAME)
def solve_triangular(a, b, /, *, upper, left=True, unitriangular=False):
    _floating("solve_triangular", a, b)
    spec._matrices(_xp(), "solve_triangular", a, b)
    d = np.result_type(a, b)
    a, b = _broadcast(a.astype(d, copy=False), b.astype(d, copy=False))
    solve = _sl().solve_triangular
    if left:
        return solve(a, b, lower=not upper, unit_diagonal=unitriangular, check_finite=False)
    # X A = B  <=>  A^T X^T = B^T
    xt = solve(a, np.swapaxes(b, -1, -2), trans="T", lower=not upper,
               unit_diagonal=unitriangular, check_finite=False)
    return np.swapaxes(xt, -1, -2)


@translating("linalg.matrix_exp", NAME)
def matrix_exp(a, /):
    _floating("matrix_exp", a)
    spec._matrices(_xp(), "matrix_exp", a)
    return np.asarray(_sl().expm(a)).astype(a.dtype, copy=False)


@translating("linalg.cond", NAME)
def cond(x, /, *, p=None):
    _floating("cond", x)
    spec._matrices(_xp(), "cond", x)
    return np.asarray(np.linalg.cond(x, p=p))


@translating("linalg.lstsq", NAME)
def lstsq(a, b, /, *, rcond=None):
    """numpy's own lstsq for one matrix; stacks go through the core's SVD body."""
    if a.ndim != 2 or b.ndim > 2 or a.dtype != b.dtype:
        return spec.lstsq(_xp(), a, b, rcond=rcond)
    _floating("lstsq", a, b)
    x, residuals, rank, s = np.linalg.lstsq(a, b, rcond=rcond)
    return spec.LstsqResult(x, residuals, np.asarray(rank, dtype=np.int64), s)
