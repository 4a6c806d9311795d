"""``jax.scipy.linalg`` basics on ``ivy.linalg``: scipy's conventions (``lower=`` flags that pick
the triangle read, 0-based int32 LU pivots, plain tuples). ``overwrite_*`` and ``check_finite`` are
accepted and have no effect, as in JAX (arrays are immutable; JAX does not check finiteness)."""
from __future__ import annotations

import ivy

from .._array import _wrap, promote
from ..numpy import linalg as _L
from ..numpy.linalg import _adjoint, _hermitian_from, _inexact, _inexact2, _square

_COMPLEX = _L._COMPLEX


def _triangle(x, lower):
    """The Hermitian matrix described by x's lower or upper triangle."""
    return _hermitian_from(x, "L" if lower else "U")


def _columns(b):
    """b as a stack of columns, and whether it was one vector."""
    return (ivy.expand_dims(b, axis=-1), True) if b.ndim == 1 else (b, False)


def _vector_of(r):
    """The one column of ``r`` as a vector (the inverse of ``_columns``)."""
    return ivy.squeeze(r, axis=-1)


def cholesky(a, lower=False, overwrite_a=False, check_finite=True):
    """Implements ``jax.scipy.linalg.cholesky`` (upper factor by default)."""
    x, name, weak = _inexact(a, "cholesky")
    _square(x, "cholesky")
    return _wrap(ivy.linalg.cholesky(_triangle(x, lower), upper=not lower))


def cho_factor(a, lower=False, overwrite_a=False, check_finite=True):
    """Implements ``jax.scipy.linalg.cho_factor``: (factor with the other triangle zero, lower)."""
    return cholesky(a, lower=lower), lower


def cho_solve(c_and_lower, b, overwrite_b=False, check_finite=True):
    """Implements ``jax.scipy.linalg.cho_solve``."""
    c, lower = c_and_lower
    f, y, name, weak = _inexact2(c, b, "cho_solve")
    f = ivy.tril(f) if lower else ivy.triu(f)   # only c's triangle is read: no gradient elsewhere
    y, vector = _columns(y)
    r = ivy.linalg.cholesky_solve(y, f, upper=not lower)
    return _wrap(_vector_of(r) if vector else r)


def det(a, overwrite_a=False, check_finite=True):
    """Implements ``jax.scipy.linalg.det``."""
    return _L.det(a)


def inv(a, overwrite_a=False, check_finite=True):
    """Implements ``jax.scipy.linalg.inv``."""
    return _L.inv(a)


def eigh(a, b=None, lower=True, eigvals_only=False, overwrite_a=False, overwrite_b=False,
         turbo=True, eigvals=None, type=1, check_finite=True):
    """Implements ``jax.scipy.linalg.eigh`` (the standard problem, b=None, as JAX)."""
    if b is not None:
        raise NotImplementedError("Only the b=None case of eigh is implemented")
    if eigvals is not None:
        raise NotImplementedError("Only the eigvals=None case of eigh is implemented.")
    if type != 1:
        raise NotImplementedError("Only the type=1 case of eigh is implemented.")
    x, name, weak = _inexact(a, "eigh")
    _square(x, "eigh")
    h = _L._symmetrized(x, True)   # JAX symmetrizes; ``lower`` then changes nothing
    if eigvals_only:
        return _wrap(ivy.linalg.eigvalsh(h))
    w, v = ivy.linalg.eigh(h)
    return _wrap(w), _wrap(v)


def expm(A, *, upper_triangular=False, max_squarings=16):
    """Implements ``jax.scipy.linalg.expm`` (``upper_triangular`` is a hint; only the default
    ``max_squarings`` is supported)."""
    if max_squarings != 16:
        raise NotImplementedError("jax.scipy.linalg.expm: max_squarings other than 16")
    x, name, weak = _inexact(A, "expm", half_ok=True)
    if name in _L._HALF:
        raise TypeError(f"A.dtype={name} is not supported.")
    _square(x, "expm")
    return _wrap(ivy.linalg.matrix_exp(x))


def lu_factor(a, overwrite_a=False, check_finite=True):
    """Implements ``jax.scipy.linalg.lu_factor``: (packed LU, 0-based int32 pivots)."""
    x, name, weak = _inexact(a, "lu_factor")
    _L._matrix(x, "lu_factor")
    packed, pivots = ivy.linalg.lu_factor(x)
    return _wrap(packed), _wrap(ivy.subtract(pivots, ivy.ones_like(pivots)))


def lu(a, permute_l=False, overwrite_a=False, check_finite=True):
    """Implements ``jax.scipy.linalg.lu``: (p, l, u) with a == p @ l @ u, or (p @ l, u)."""
    x, name, weak = _inexact(a, "lu")
    _L._matrix(x, "lu")
    p, low, up = ivy.linalg.lu(x)
    if permute_l:
        return _wrap(ivy.matmul(p, low)), _wrap(up)
    return _wrap(p), _wrap(low), _wrap(up)


def lu_solve(lu_and_piv, b, trans=0, overwrite_b=False, check_finite=True):
    """Implements ``jax.scipy.linalg.lu_solve`` (trans 0: a x = b, 1: a^T x = b, 2: a^H x = b)."""
    packed, pivots = lu_and_piv
    if trans not in (0, 1, 2):
        raise ValueError(f"'trans' value must be 0, 1, or 2, got {trans}")
    f, y, name, weak = _inexact2(packed, b, "lu_solve")
    piv = ivy.add(ivy.astype(_L.asarray(pivots)._data, "int32"), ivy.asarray(1, dtype="int32"))
    y, vector = _columns(y)
    conj = trans == 1 and name in _COMPLEX
    if conj:
        y = ivy.conj(y)
    r = ivy.linalg.lu_solve(f, piv, y, adjoint=trans != 0)
    if conj:
        r = ivy.conj(r)
    return _wrap(_vector_of(r) if vector else r)


def qr(a, overwrite_a=False, lwork=None, mode="full", pivoting=False, check_finite=True):
    """Implements ``jax.scipy.linalg.qr`` (modes full, r, economic; a tuple, as JAX)."""
    if mode not in ("full", "r", "economic"):
        raise ValueError(f"Unsupported QR decomposition mode '{mode}'")
    if pivoting:
        raise NotImplementedError("jax.scipy.linalg.qr: pivoting=True (the core has no "
                                  "column-pivoted QR)")
    x, name, weak = _inexact(a, "qr")
    _L._matrix(x, "qr")
    q, r = ivy.linalg.qr(x, mode="reduced" if mode == "economic" else "complete")
    return (_wrap(r),) if mode == "r" else (_wrap(q), _wrap(r))


_ASSUME = ("gen", "sym", "her", "pos")


def solve(a, b, lower=False, overwrite_a=False, overwrite_b=False, debug=False,
          check_finite=True, assume_a="gen"):
    """Implements ``jax.scipy.linalg.solve`` (as JAX: 'pos' reads the triangle ``lower`` names;
    'sym' and 'her' solve the full matrix)."""
    if assume_a not in _ASSUME:
        raise ValueError(f"Expected assume_a to be one of {list(_ASSUME)}; got {assume_a!r}")
    x, y, name, weak = _inexact2(a, b, "solve")
    _square(x, "solve")
    if assume_a == "pos":
        x = _triangle(x, lower)
    y, vector = _columns(y)
    r = ivy.linalg.solve(x, y)
    return _wrap(_vector_of(r) if vector else r)


_TRANS = {0: 0, 1: 1, 2: 2, "N": 0, "T": 1, "C": 2}


def solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False, overwrite_b=False,
                     debug=None, check_finite=True):
    """Implements ``jax.scipy.linalg.solve_triangular``."""
    if trans not in _TRANS:
        raise ValueError(f"Invalid 'trans' value {trans!r}")
    t = _TRANS[trans]
    x, y, name, weak = _inexact2(a, b, "solve_triangular")
    _square(x, "solve_triangular")
    if t:
        x = _adjoint(x) if t == 2 else ivy.matrix_transpose(x)
        lower = not lower
    y, vector = _columns(y)
    r = ivy.linalg.solve_triangular(x, y, upper=not lower, unitriangular=unit_diagonal)
    return _wrap(_vector_of(r) if vector else r)


_DRIVERS = ("gesdd", "gesvd")


def svd(a, full_matrices=True, compute_uv=True, overwrite_a=False, check_finite=True,
        lapack_driver="gesdd"):
    """Implements ``jax.scipy.linalg.svd`` (a plain tuple (u, s, vh), or s)."""
    if lapack_driver not in _DRIVERS:
        raise ValueError(f"lapack_driver must be one of {_DRIVERS}, got {lapack_driver!r}")
    r = _L.svd(a, full_matrices=full_matrices, compute_uv=compute_uv)
    return tuple(r) if compute_uv else r


def block_diag(*arrs):
    """Implements ``jax.scipy.linalg.block_diag``."""
    if not arrs:
        arrs = ([],)
    natives, name, weak = promote("block_diag", *(_L.asarray(v) if isinstance(v, list) else v
                                                 for v in arrs))
    blocks = []
    for i, v in enumerate(natives):
        v = v if ivy.is_native_array(v) else ivy.asarray(v, dtype=name)
        if v.ndim > 2:
            raise ValueError(f"Arguments to jax.scipy.linalg.block_diag must have at most 2 "
                             f"dimensions, got shape {tuple(v.shape)} at argument {i}.")
        blocks.append(ivy.reshape(v, (1,) * (2 - v.ndim) + tuple(v.shape)))
    widths = [int(v.shape[1]) for v in blocks]
    rows = []
    for i, v in enumerate(blocks):
        h = int(v.shape[0])
        parts = [ivy.zeros((h, sum(widths[:i])), dtype=name), v,
                 ivy.zeros((h, sum(widths[i + 1:])), dtype=name)]
        rows.append(ivy.concat(parts, axis=1))
    return _wrap(ivy.concat(rows, axis=0))
