"""Core extension area `linalg_extra` (see ``_area.py``): ``ivy.linalg`` beyond the standard, with
torch.linalg's conventions (LU with LAPACK's 1-based int32 pivots, batched everywhere) and numpy's
``lstsq``.

Permutations: ``lu_factor`` returns LAPACK pivots (row i was swapped with row ``pivots[i] - 1``,
in order); ``permutation(xp, pivots, m)`` turns them into ``perm`` with ``A[perm] == L @ U``, and
``P[perm[j], j] == 1`` gives torch's ``A == P @ L @ U``.
"""
from __future__ import annotations

from collections import namedtuple

from .. import dtypes as _dt
from ..errors import IvyValueError
from ._area import Area
from .numeric import WIDEN_TO_INT64, check_dtype, powers

area = Area("linalg_extra", "linalg")

LstsqResult = namedtuple("LstsqResult", "solution residuals rank singular_values")
LUResult = namedtuple("LUResult", "P L U")
LUFactorResult = namedtuple("LUFactorResult", "LU pivots")


def _value_error(xp, fn, msg):
    return IvyValueError(f"ivy.linalg.{fn} ({xp.name} backend): {msg}", function=f"linalg.{fn}",
                         backend=xp.name)


def _matrices(xp, fn, *arrays):
    for x in arrays:
        if xp.ndim(x) < 2:
            raise _value_error(xp, fn, f"expected a stack of matrices (..., M, N), got shape "
                                       f"{tuple(xp.shape(x))}")


def _adjoint(xp, x):
    t = xp.matrix_transpose(x)
    return xp.conj(t) if xp.dtype(x) in _dt.COMPLEX_FLOATING else t


def _batch(xp, *arrays):
    """The arrays broadcast over their batch (all but the last two) axes."""
    shapes = [tuple(xp.shape(x)) for x in arrays]
    batch = xp.broadcast_shapes(*(s[:-2] for s in shapes))
    return [x if s[:-2] == batch else xp.broadcast_to(x, batch + s[-2:])
            for x, s in zip(arrays, shapes)]


# ---- permutations ----------------------------------------------------------------------------

def permutation(xp, pivots, m: int):
    """LAPACK pivots (..., k), 1-based, applied in order -> ``perm`` (..., m), int64:
    ``A[..., perm, :] == L @ U``."""
    batch = tuple(xp.shape(pivots))[:-1]
    rows = xp.arange(m, dtype="int64", device=xp.device(pivots))
    perm = xp.broadcast_to(rows, batch + (m,))
    pivots = xp.subtract(xp.astype(pivots, "int64"), 1)
    for i in range(xp.shape(pivots)[-1]):
        target = pivots[..., i:i + 1]
        here = perm[..., i:i + 1]
        there = xp.take_along_axis(perm, target, axis=-1)
        perm = xp.where(xp.equal(rows, i), there, xp.where(xp.equal(rows, target), here, perm))
    return perm


def pivots_of(xp, perm, k: int):
    """The inverse of ``permutation``: the first k LAPACK pivots (1-based int32) of ``perm``."""
    m = xp.shape(perm)[-1]
    rows = xp.arange(m, dtype="int64", device=xp.device(perm))
    perm = xp.astype(perm, "int64")
    current = xp.broadcast_to(rows, tuple(xp.shape(perm)))   # row at each position, so far
    where_is = current                                        # position of each row, so far
    found = []
    for i in range(k):
        wanted = perm[..., i:i + 1]
        j = xp.take_along_axis(where_is, wanted, axis=-1)     # where that row is now
        found.append(j)
        row_i = current[..., i:i + 1]
        current = xp.where(xp.equal(rows, i), wanted, xp.where(xp.equal(rows, j), row_i, current))
        where_is = xp.where(xp.equal(rows, wanted), xp.full_like(j, i),
                            xp.where(xp.equal(rows, row_i), j, where_is))
    if not found:
        return xp.zeros(tuple(xp.shape(perm))[:-1] + (0,), dtype="int32", device=xp.device(perm))
    return xp.astype(xp.add(xp.concat(found, axis=-1), 1), "int32")


def _take_rows(xp, b, perm):
    """``b[..., perm, :]`` per batch (perm (..., m) broadcasts against b's batch)."""
    batch = xp.broadcast_shapes(tuple(xp.shape(perm))[:-1], tuple(xp.shape(b))[:-2])
    b = xp.broadcast_to(b, batch + tuple(xp.shape(b))[-2:])
    index = xp.broadcast_to(xp.expand_dims(perm, axis=-1), tuple(xp.shape(b)))
    return xp.take_along_axis(b, index, axis=-2)


def lu_loop(xp, a, pivot: bool = True):
    """LU by k rank-1 steps in core functions (LAPACK's unblocked getf2: the pivot is the first
    largest |re| + |im| of the column). For backends whose native LU differs in pivot choice or
    shape support, and for ``pivot=False``. Returns (LU, pivots). Every step is a core call (no
    native indexing), so a traced caller's graph holds it."""
    shape = tuple(xp.shape(a))
    m, n = shape[-2:]
    k = min(m, n)
    dev = xp.device(a)
    index_of_row = xp.arange(m, dtype="int64", device=dev)
    rows = xp.reshape(index_of_row, (m, 1))
    cols = xp.arange(n, dtype="int64", device=dev)
    complex_ = xp.dtype(a) in _dt.COMPLEX_FLOATING
    found = []
    for j in range(k):
        column = xp.get_item(a, (Ellipsis, slice(None), j))
        if pivot:
            size = (xp.add(xp.abs(xp.real(column)), xp.abs(xp.imag(column))) if complex_
                    else xp.abs(column))
            size = xp.where(xp.less(index_of_row, j), xp.full_like(size, -1.0), size)
            p = xp.argmax(size, axis=-1, keepdims=True)                          # (..., 1)
            found.append(p)
            swap = xp.where(xp.equal(index_of_row, j), p,
                            xp.where(xp.equal(index_of_row, p), xp.full_like(p, j),
                                     index_of_row))                              # (..., m)
            index = xp.broadcast_to(xp.expand_dims(swap, axis=-1), shape)
            a = xp.take_along_axis(a, index, axis=-2)
        head = xp.get_item(a, (Ellipsis, slice(j, j + 1), slice(j, j + 1)))    # (..., 1, 1)
        zero = xp.equal(head, xp.zeros_like(head))
        below = xp.logical_and(xp.greater(rows, j), xp.equal(cols, j))           # (m, n)
        # LAPACK leaves a zero pivot's column unscaled (it is zero then, with pivoting)
        scale = xp.where(zero, xp.ones_like(head), head) if pivot else head
        l_col = xp.divide(xp.get_item(a, (Ellipsis, slice(None), slice(j, j + 1))), scale)
        l_col = xp.where(xp.greater(rows, j), l_col, xp.zeros_like(l_col))
        row = xp.get_item(a, (Ellipsis, slice(j, j + 1), slice(None)))         # (..., 1, n)
        u_row = xp.where(xp.greater(cols, j), row, xp.zeros_like(row))
        a = xp.where(below, l_col, xp.subtract(a, xp.multiply(l_col, u_row)))
    if not pivot or not found:
        ones = xp.arange(1, k + 1, dtype="int32", device=dev)
        return a, xp.broadcast_to(ones, shape[:-2] + (k,))
    return a, xp.astype(xp.add(xp.concat(found, axis=-1), 1), "int32")


# ---- primaries -------------------------------------------------------------------------------

@area.primary
def lu_factor(a, /, *, pivot=True):
    """torch ``linalg.lu_factor`` of (..., M, N): (LU, pivots) with L's unit diagonal implicit and
    LAPACK's 1-based int32 pivots (..., min(M, N)). pivot=False (no row exchanges) is computed in
    core functions on every backend; its pivots are 1..k (torch supports it on CUDA only)."""
    ...


@area.primary
def solve_triangular(a, b, /, *, upper, left=True, unitriangular=False):
    """torch ``linalg.solve_triangular``: X with ``a @ X == b`` (``X @ a == b`` if not left),
    reading only a's upper or lower triangle (and not its diagonal if unitriangular); a (..., N, N),
    b (..., N, K) (left) or (..., K, N); batch axes broadcast."""
    ...


@area.primary
def matrix_exp(a, /):
    """torch ``linalg.matrix_exp`` / scipy ``expm`` of (..., N, N) floating matrices."""
    ...


# ---- compositional ---------------------------------------------------------------------------

@area.compositional
def lu(xp, a, /, *, pivot=True):
    """torch ``linalg.lu``: (P, L, U) with ``a == P @ L @ U``; L (..., M, k) unit lower, U
    (..., k, N) upper, k = min(M, N). pivot=False gives an empty P, as torch."""
    _matrices(xp, "lu", a)
    packed, pivots = xp.linalg.lu_factor(a, pivot=pivot)
    m, n = tuple(xp.shape(a))[-2:]
    k = min(m, n)
    dev = xp.device(a)
    lower = xp.tril(packed[..., :, :k], k=-1)
    lower = xp.add(lower, xp.eye(m, k, dtype=xp.dtype(a), device=dev))
    upper = xp.triu(packed[..., :k, :])
    if not pivot:
        return LUResult(xp.zeros((0,), dtype=xp.dtype(a), device=dev), lower, upper)
    perm = permutation(xp, pivots, m)
    rows = xp.reshape(xp.arange(m, dtype="int64", device=dev), (m, 1))
    p = xp.astype(xp.equal(xp.expand_dims(perm, axis=-2), rows), xp.dtype(a))
    return LUResult(p, lower, upper)


@area.compositional
def lu_solve(xp, LU, pivots, b, /, *, left=True, adjoint=False):
    """torch ``linalg.lu_solve``: X with ``A @ X == b`` for ``A == P @ L @ U`` given by
    ``lu_factor`` (``A^H`` if adjoint; ``X @ A == b`` if not left); batch axes broadcast."""
    _matrices(xp, "lu_solve", LU, b)
    if not left:  # X A = B  <=>  A^H X^H = B^H
        return _adjoint(xp, xp.linalg.lu_solve(LU, pivots, _adjoint(xp, b), adjoint=not adjoint))
    d = xp.result_type(LU, b)
    LU, b = xp.astype(LU, d), xp.astype(b, d)
    perm = permutation(xp, pivots, xp.shape(LU)[-1])
    if not adjoint:   # L U X = b[perm]
        y = xp.linalg.solve_triangular(LU, _take_rows(xp, b, perm), upper=False,
                                       unitriangular=True)
        return xp.linalg.solve_triangular(LU, y, upper=True)
    # U^H L^H (P^T X) = b
    lh = _adjoint(xp, LU)
    y = xp.linalg.solve_triangular(lh, b, upper=False)
    z = xp.linalg.solve_triangular(lh, y, upper=True, unitriangular=True)
    return _take_rows(xp, z, xp.argsort(perm, axis=-1))


@area.compositional
def cholesky_solve(xp, b, L, /, *, upper=False):
    """torch ``cholesky_solve`` (its argument order): X with ``A @ X == b`` for ``A == L @ L^H``
    (``U^H @ U`` if upper) given the Cholesky factor; batch axes broadcast."""
    _matrices(xp, "cholesky_solve", b, L)
    d = xp.result_type(L, b)
    L, b = xp.astype(L, d), xp.astype(b, d)
    first, second = (_adjoint(xp, L), L) if upper else (L, _adjoint(xp, L))
    y = xp.linalg.solve_triangular(first, b, upper=False)
    return xp.linalg.solve_triangular(second, y, upper=True)


def lstsq_parts(xp, a, b, rcond):
    """(solution, residual sums, rank, singular values) for same-dtype stacks a (..., M, N) and
    b (..., M, K): the SVD solution, like LAPACK gelsd. No data-dependent shapes (jit-safe)."""
    d = xp.dtype(a)
    real = _dt.REAL_OF.get(d, d)
    m, n = tuple(xp.shape(a))[-2:]
    u, s, vh = xp.linalg.svd(a, full_matrices=False)
    if rcond is None:
        rcond = _dt.finfo(real).eps * max(m, n)
    largest = xp.max(s, axis=-1, keepdims=True) if min(m, n) else s
    keep = xp.greater(s, xp.multiply(largest, rcond))
    inverse = xp.where(keep, xp.divide(1.0, xp.where(keep, s, xp.ones_like(s))),
                       xp.zeros_like(s))
    coefficients = xp.matmul(_adjoint(xp, u), b)
    x = xp.matmul(_adjoint(xp, vh), xp.multiply(xp.expand_dims(xp.astype(inverse, d), axis=-1),
                                               coefficients))
    rank = xp.astype(xp.count_nonzero(keep, axis=-1), "int64")
    r = xp.subtract(b, xp.matmul(a, x))
    sums = xp.sum(xp.square(xp.abs(r)) if d != real else xp.square(r), axis=-2)
    return x, sums, rank, s


@area.compositional
def lstsq(xp, a, b, /, *, rcond=None):
    """numpy ``linalg.lstsq`` (the SVD solution, like LAPACK gelsd), batched: (solution (..., N, K),
    residuals (..., K) -- empty (0,) unless M > N and every matrix has rank N, rank (...,) int64,
    singular_values (..., min(M, N))). A 1-d b is one right-hand side: solution (..., N),
    residuals (..., 1). rcond=None is eps * max(M, N), relative to the largest singular value.
    Differs from torch, whose CPU default driver (gelsy) returns no singular values; and from
    numpy in the rank's dtype (numpy: int32 or a Python int)."""
    return finish_lstsq(xp, a, b, rcond, lstsq_parts)


def finish_lstsq(xp, a, b, rcond, parts):
    """lstsq's checks and numpy's result shapes around ``parts(xp, a, b, rcond)``."""
    _matrices(xp, "lstsq", a)
    d = xp.result_type(a, b)
    check_dtype("linalg.lstsq", d, "floating", xp.name)
    a, b = xp.astype(a, d), xp.astype(b, d)
    vector = xp.ndim(b) == 1
    if vector:
        b = xp.expand_dims(b, axis=-1)
    m, n = tuple(xp.shape(a))[-2:]
    if xp.shape(b)[-2] != m:
        raise _value_error(xp, "lstsq", f"a has {m} rows but b has {xp.shape(b)[-2]}")
    a, b = _batch(xp, a, b)
    x, sums, rank, s = parts(xp, a, b, rcond)
    if not (m > n and bool(xp.all(xp.equal(rank, n)))):
        sums = xp.zeros((0,), dtype=_dt.REAL_OF.get(d, d), device=xp.device(a))
    if vector:
        x = x[..., 0]
    return LstsqResult(x, sums, rank, s)


@area.compositional
def cond(xp, x, /, *, p=None):
    """numpy/torch ``linalg.cond``: the condition number in norm p (None/2/-2: singular value
    ratio, any shape; 'fro', 'nuc', 1, -1, inf, -inf: norm(x) * norm(inv(x)), square only).
    A singular matrix gives inf (NaN only where x holds NaN), as numpy."""
    _matrices(xp, "cond", x)
    if p is None or p == 2 or p == -2:
        s = xp.linalg.svdvals(x)
        big, small = xp.max(s, axis=-1), xp.min(s, axis=-1)
        return xp.divide(small, big) if p == -2 else xp.divide(big, small)
    return _finite_or_inf(xp, x, xp.multiply(xp.linalg.matrix_norm(x, ord=p),
                                             xp.linalg.matrix_norm(xp.linalg.inv(x), ord=p)))


def _finite_or_inf(xp, x, r):
    """numpy's cond: a NaN from inverting a singular matrix means inf (not where x had NaN)."""
    nan = xp.logical_and(xp.isnan(r), xp.logical_not(xp.any(xp.isnan(x), axis=(-2, -1))))
    return xp.where(nan, xp.full_like(r, float("inf")), r)


@area.compositional
def householder_product(xp, a, tau, /):
    """torch ``linalg.householder_product`` (LAPACK orgqr): the first N columns of
    ``H_1 ... H_k``, ``H_i = I - tau_i v_i v_i^H``, v_i column i of a below the diagonal with an
    implicit 1 on it; a (..., M, N), tau (..., k), k <= N <= M."""
    _matrices(xp, "householder_product", a)
    m, n = tuple(xp.shape(a))[-2:]
    k = xp.shape(tau)[-1]
    if not k <= n <= m:
        raise _value_error(xp, "householder_product", f"needs k <= N <= M, got M={m}, N={n}, "
                                                      f"k={k}")
    d = xp.result_type(a, tau)
    a, tau = xp.astype(a, d), xp.astype(tau, d)
    dev = xp.device(a)
    rows = xp.arange(m, dtype="int64", device=dev)
    batch = xp.broadcast_shapes(tuple(xp.shape(a))[:-2], tuple(xp.shape(tau))[:-1])
    q = xp.broadcast_to(xp.eye(m, n, dtype=d, device=dev), batch + (m, n))
    for i in reversed(range(k)):   # H_i (H_{i+1} ... H_k E): each step a rank-1 update
        v = xp.where(xp.less(rows, i), xp.zeros_like(a[..., :, i]),
                     xp.where(xp.equal(rows, i), xp.ones_like(a[..., :, i]), a[..., :, i]))
        v = xp.expand_dims(v, axis=-1)                                             # (..., m, 1)
        vq = xp.matmul(_adjoint(xp, v), q)                                         # (..., 1, n)
        t = xp.expand_dims(xp.expand_dims(tau[..., i], axis=-1), axis=-1)
        q = xp.subtract(q, xp.multiply(t, xp.matmul(v, vq)))
    return q


@area.compositional
def vander(xp, x, /, *, N=None):
    """torch ``linalg.vander``: x (..., n) -> (..., n, N) with columns x**0, ..., x**(N-1); N
    defaults to n and must exceed 1, as in torch. Integers (and bool) compute in int64 as torch;
    uint64 stays uint64."""
    if xp.ndim(x) < 1:
        raise _value_error(xp, "vander", "x must have at least one dimension")
    columns = xp.shape(x)[-1] if N is None else N
    if not isinstance(columns, int) or isinstance(columns, bool) or columns < 2:
        raise _value_error(xp, "vander", f"N must be an int greater than 1, got {columns!r}")
    if xp.dtype(x) in WIDEN_TO_INT64:
        x = xp.astype(x, "int64")
    return powers(xp, x, N, "linalg.vander")
