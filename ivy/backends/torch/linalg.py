"""torch backend: the Array API ``linalg`` extension on ``torch.linalg``."""
from __future__ import annotations

import torch

from ivy.core.api import EighResult, EigResult, QRResult, SlogdetResult, SVDResult
from ivy.core.errors import IvyError, from_native, unsupported

from ._common import CANONICAL, NAME, Tensor, modular, operands
from ._elementwise import _retry
from ._reductions import _no_reduction
from ._reductions import sum as _sum

_LOW_PRECISION = frozenset({torch.float16, torch.bfloat16})


def _fail(fn, e, x):
    """The ivy error for a failed linalg call; float16/bfloat16 have no torch.linalg kernels."""
    if isinstance(e, IvyError):
        return e
    if isinstance(x, Tensor) and x.dtype in _LOW_PRECISION:
        return unsupported(f"linalg.{fn}", NAME, f"dtype {CANONICAL[x.dtype]}")
    return from_native(e, f"linalg.{fn}", NAME)


def cholesky(x, /, *, upper=False):
    try:
        return torch.linalg.cholesky(x, upper=upper)
    except Exception as e:
        raise _fail("cholesky", e, x) from e


def cross(x1, x2, /, *, axis=-1):
    fn = "linalg.cross"
    x1, x2 = operands(fn, x1, x2)
    if x1.ndim != x2.ndim:
        try:
            x1, x2 = torch.broadcast_tensors(x1, x2)    # torch wants equal ranks; numpy broadcasts
        except Exception as e:
            raise from_native(e, fn, NAME) from e
    return _retry(fn, lambda a, b: torch.linalg.cross(a, b, dim=axis), modular, x1, x2)


def det(x, /):
    try:
        return torch.linalg.det(x)
    except Exception as e:
        raise _fail("det", e, x) from e


def diagonal(x, /, *, offset=0):
    try:
        return torch.diagonal(x, offset=offset, dim1=-2, dim2=-1)
    except Exception as e:
        raise _fail("diagonal", e, x) from e


def eig(x, /):
    try:
        return EigResult(*torch.linalg.eig(x))
    except Exception as e:
        raise _fail("eig", e, x) from e


def eigh(x, /):
    try:
        return EighResult(*torch.linalg.eigh(x))
    except Exception as e:
        raise _fail("eigh", e, x) from e


def eigvals(x, /):
    try:
        return torch.linalg.eigvals(x)
    except Exception as e:
        raise _fail("eigvals", e, x) from e


def eigvalsh(x, /):
    try:
        return torch.linalg.eigvalsh(x)
    except Exception as e:
        raise _fail("eigvalsh", e, x) from e


def inv(x, /):
    try:
        return torch.linalg.inv(x)
    except Exception as e:
        raise _fail("inv", e, x) from e


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    """Array API ``matrix_norm`` over the last two axes; ord=None is the Frobenius norm."""
    try:
        return torch.linalg.matrix_norm(x, ord="fro" if ord is None else ord, dim=(-2, -1),
                                        keepdim=keepdims)
    except Exception as e:
        raise _fail("matrix_norm", e, x) from e


def matrix_power(x, n, /):
    try:
        return torch.linalg.matrix_power(x, n)
    except Exception as e:
        raise _fail("matrix_power", e, x) from e


def matrix_rank(x, /, *, rtol=None):
    """Array API ``matrix_rank``: singular values above rtol * the largest count (rtol default
    max(M, N) * eps, torch's default too)."""
    try:
        return torch.linalg.matrix_rank(x, rtol=rtol)
    except Exception as e:
        raise _fail("matrix_rank", e, x) from e


def outer(x1, x2, /):
    x1, x2 = operands("linalg.outer", x1, x2)
    if x1.ndim != 1 or x2.ndim != 1:
        raise from_native(ValueError("x1 and x2 must be one-dimensional"), "linalg.outer", NAME)
    return _retry("linalg.outer", torch.outer, modular, x1, x2)


def pinv(x, /, *, rtol=None):
    try:
        return torch.linalg.pinv(x, rtol=rtol)
    except Exception as e:
        raise _fail("pinv", e, x) from e


def qr(x, /, *, mode="reduced"):
    try:
        return QRResult(*torch.linalg.qr(x, mode=mode))
    except Exception as e:
        raise _fail("qr", e, x) from e


def slogdet(x, /):
    try:
        return SlogdetResult(*torch.linalg.slogdet(x))
    except Exception as e:
        raise _fail("slogdet", e, x) from e


def solve(x1, x2, /):
    """Array API ``solve``: x2 is a vector only when 1-D, else a stack of matrices (numpy 2's rule;
    torch alone would read a (..., M) x2 matching x1's batch as a stack of vectors)."""
    x1, x2 = operands("linalg.solve", x1, x2)
    try:
        if x2.ndim >= 2:
            batch = torch.broadcast_shapes(x1.shape[:-2], x2.shape[:-2])
            x1 = x1.expand(batch + x1.shape[-2:])
            x2 = x2.expand(batch + x2.shape[-2:])
        return torch.linalg.solve(x1, x2)
    except Exception as e:
        raise _fail("solve", e, x1) from e


def svd(x, /, *, full_matrices=True):
    try:
        return SVDResult(*torch.linalg.svd(x, full_matrices=full_matrices))
    except Exception as e:
        raise _fail("svd", e, x) from e


def svdvals(x, /):
    try:
        return torch.linalg.svdvals(x)
    except Exception as e:
        raise _fail("svdvals", e, x) from e


def trace(x, /, *, offset=0, dtype=None):
    """Array API ``trace``: the diagonal's sum, with ``sum``'s integer widening."""
    try:
        d = torch.diagonal(x, offset=offset, dim1=-2, dim2=-1)
    except Exception as e:
        raise _fail("trace", e, x) from e
    return _sum(d, axis=-1, dtype=dtype)


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """Array API ``vector_norm``; the inf-norm of nothing is 0 (torch refuses it)."""
    try:
        y, dim, keep = _no_reduction(x, axis, keepdims)
        if ord == float("inf") and y.numel() == 0:
            return torch.sum(y.abs(), dim=dim, keepdim=keep)
        return torch.linalg.vector_norm(y, ord=ord, dim=dim, keepdim=keep)
    except Exception as e:
        raise _fail("vector_norm", e, x) from e
