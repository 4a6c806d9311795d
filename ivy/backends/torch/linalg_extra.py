"""torch backend: the ``linalg_extra`` extension on torch.linalg (the reference semantics).

LU without pivoting exists in torch on CUDA only: elsewhere it is the core's unblocked loop.
``lstsq`` is the core's SVD body (numpy's semantics; torch's CPU default driver, gelsy, returns
neither singular values nor residuals for rank-deficient input).
"""
from __future__ import annotations

import torch

from ivy.core.ext import linalg_extra as spec

from ._common import CANONICAL, NAME, same_dtype
from .linalg import _fail


def _xp():
    from ivy.core.registry import backend_namespace
    return backend_namespace(NAME)


def _floating(fn, *arrays):
    """torch raises NotImplementedError for integer matrices; the core's contract, TypeError."""
    for x in arrays:
        if not (x.is_floating_point() or x.is_complex()):
            spec.check_dtype(f"linalg.{fn}", CANONICAL.get(x.dtype, str(x.dtype)), "floating",
                             NAME)


def lu_factor(a, /, *, pivot=True):
    _floating("lu_factor", a)
    if not pivot and not a.is_cuda:
        return spec.LUFactorResult(*spec.lu_loop(_xp(), a, pivot=False))
    try:       # _ex: a singular matrix has an LU factorization too (torch's check is for lu_solve)
        return spec.LUFactorResult(*torch.linalg.lu_factor_ex(a, pivot=pivot)[:2])
    except Exception as e:
        raise _fail("lu_factor", e, a) from e


def lu(a, /, *, pivot=True):
    _floating("lu", a)
    if not pivot and not a.is_cuda:
        return spec.lu(_xp(), a, pivot=False)
    try:
        return spec.LUResult(*torch.linalg.lu(a, pivot=pivot))
    except Exception as e:
        raise _fail("lu", e, a) from e


def lu_solve(LU, pivots, b, /, *, left=True, adjoint=False):
    try:
        LU, b = same_dtype("linalg.lu_solve", [LU, b])
        return torch.linalg.lu_solve(LU, pivots, b, left=left, adjoint=adjoint)
    except Exception as e:
        raise _fail("lu_solve", e, LU) from e


def solve_triangular(a, b, /, *, upper, left=True, unitriangular=False):
    try:
        a, b = same_dtype("linalg.solve_triangular", [a, b])
        return torch.linalg.solve_triangular(a, b, upper=upper, left=left,
                                             unitriangular=unitriangular)
    except Exception as e:
        raise _fail("solve_triangular", e, a) from e


def cholesky_solve(b, L, /, *, upper=False):
    try:
        b, L = same_dtype("linalg.cholesky_solve", [b, L])
        return torch.cholesky_solve(b, L, upper=upper)
    except Exception as e:
        raise _fail("cholesky_solve", e, L) from e


def matrix_exp(a, /):
    try:
        return torch.linalg.matrix_exp(a)
    except Exception as e:
        raise _fail("matrix_exp", e, a) from e


def cond(x, /, *, p=None):
    try:
        return torch.linalg.cond(x, p=p)
    except Exception as e:
        raise _fail("cond", e, x) from e


def householder_product(a, tau, /):
    try:
        a, tau = same_dtype("linalg.householder_product", [a, tau])
        return torch.linalg.householder_product(a, tau)
    except Exception as e:
        raise _fail("householder_product", e, a) from e

