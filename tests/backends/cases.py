"""Case strategies shared by the row tables: unary/binary elementwise calls, reductions, matrices.

Each returns a strategy of ``harness.Case``. Value options (``bound``, ``nonfinite``, ``grid``, ...
see ``strategies.elements``) may differ per dtype kind: pass ``real=``, ``cplx=``, ``integer=``.
"""
from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from ivy.core import dtypes as D

from . import strategies as S
from .harness import Case, Dt


def value_opts(dtype: str, real=None, cplx=None, integer=None) -> dict:
    if dtype in D.COMPLEX_FLOATING:
        return dict(cplx if cplx is not None else (real or {}))
    if dtype in D.INTEGRAL:
        return dict(integer or {})
    if dtype == "bool":
        return {}
    return dict(real or {})


def result_dtype(a, b) -> str:
    return D.promote(a, b)


@st.composite
def unary(draw, category: str, *, half=False, shape=None, real=None, cplx=None, integer=None):
    dtype = draw(S.dtypes(category, half=half))
    shp = draw(shape if shape is not None else S.shapes())
    return Case(draw(S.arrays(dtype, shp, **value_opts(dtype, real, cplx, integer))))


def _is_scalar(v):
    return isinstance(v, (bool, int, float, complex))


def _map_int(v, f):
    """Apply an elementwise integer fix to an array or Python int, keeping its type."""
    if _is_scalar(v):
        return int(f(np.asarray(v)))
    return np.asarray(f(v)).astype(v.dtype)


@st.composite
def binary(draw, category: str, *, scalars=True, fix=None, half=False, real=None, cplx=None,
           integer=None, shapes=None):
    """Two operands of promotable dtypes and broadcastable shapes; one may be a Python scalar.

    ``fix(x1, x2, result_dtype) -> (x1, x2)`` moves operands out of unspecified territory
    (integer division by zero, negative shift counts, ...).
    """
    d1, d2 = draw(S.dtype_pairs(category, half=half))
    s1, s2 = draw(shapes if shapes is not None else S.broadcastable_shapes(2))
    x1 = draw(S.arrays(d1, s1, **value_opts(d1, real, cplx, integer)))
    x2 = draw(S.arrays(d2, s2, **value_opts(d2, real, cplx, integer)))
    mode = draw(st.sampled_from(("arrays", "arrays", "scalar2", "scalar1"))) if scalars else "arrays"
    if mode == "scalar2":
        x2 = draw(S.scalars(d1, **value_opts(d1, real, cplx, integer)))
        d2 = d1
    elif mode == "scalar1":
        x1 = draw(S.scalars(d2, **value_opts(d2, real, cplx, integer)))
        d1 = d2
    if fix is not None:
        x1, x2 = fix(x1, x2, result_dtype(d1, d2))
    return Case(x1, x2)


# ---- fixes for integer corners the standard leaves unspecified ------------------------------------

def nonzero_divisor(x1, x2, dtype):
    """Integer division: no division by zero, no INT_MIN // -1 (it traps on some CPUs)."""
    if dtype not in D.INTEGRAL:
        return x1, x2
    if dtype in D.SIGNED:
        return x1, _map_int(x2, lambda a: np.where(a == 0, 1, np.where(a == -1, -2, a)))
    return x1, _map_int(x2, lambda a: np.where(a == 0, 1, a))


def shift_count(x1, x2, dtype):
    """Shift counts in [0, bits) of the result dtype."""
    bits = D.BITS[dtype]
    return x1, _map_int(x2, lambda a: np.mod(a.astype(np.int64) if a.dtype != np.uint64 else a, bits))


def natural_exponent(x1, x2, dtype):
    """Integer powers: no negative exponents (unspecified)."""
    if dtype not in D.INTEGRAL:
        return x1, x2
    return x1, _map_int(x2, lambda a: np.where(a < 0, np.abs(a.astype(np.int64) + 1), a))


# ---- reductions --------------------------------------------------------------------------------

@st.composite
def reduction(draw, category: str, *, keepdims=True, dtype_kw=None, extra=None, shape=None,
              half=False, real=None, cplx=None, integer=None):
    """``f(x, axis=..., keepdims=...)``: axis None, an int, or a tuple; ``dtype=`` when given a
    function dtype -> strategy of dtype names (or None)."""
    dtype = draw(S.dtypes(category, half=half))
    shp = draw(shape if shape is not None else S.shapes())
    x = draw(S.arrays(dtype, shp, **value_opts(dtype, real, cplx, integer)))
    kwargs = {}
    ax = draw(S.axes(len(shp)))
    if ax is not None or draw(st.booleans()):
        kwargs["axis"] = ax
    if keepdims and draw(st.booleans()):
        kwargs["keepdims"] = draw(st.booleans())
    if dtype_kw is not None:
        out = draw(dtype_kw(dtype))
        if out is not None:
            kwargs["dtype"] = Dt(out)
    if extra is not None:
        kwargs.update(draw(extra(dtype, shp)))
    return Case(x, **kwargs)


def wider_or_same(dtype: str):
    """None, or an accumulation dtype of the same kind at least as wide (sum/prod/cumulative dtype=)."""
    same_kind = [d for d in D.ARRAY_API if (d, dtype) in D.PROMOTION and D.PROMOTION[d, dtype] == d
                 and (d in D.INTEGRAL) == (dtype in D.INTEGRAL) and d != "bool"]
    return st.one_of(st.none(), st.sampled_from(same_kind)) if same_kind else st.none()


# ---- matrices ----------------------------------------------------------------------------------

def batch_shapes(max_dims=1):
    return S.shapes(0, max_dims, 1, 2)


@st.composite
def matrices(draw, category="floating", *, square=True, min_n=1, max_n=3, batch=True, kind="any",
             bound=3.0, dtype=None):
    """(dtype name, numpy matrix stack) with small values, built to be well behaved for ``kind``:

    "any": entries in [-bound, bound]; "invertible": diagonally dominant; "spd": Hermitian
    positive definite; "hermitian": Hermitian; "low_rank": an exact integer product of rank < n;
    "diagonalizable": Q B Q^-1 with separated eigenvalues.
    """
    dt = dtype or draw(S.dtypes(category))
    n = draw(st.integers(min_n, max_n))
    m = n if square else draw(st.integers(min_n, max_n))
    b = draw(batch_shapes()) if batch else ()
    opts = dict(bound=bound, nonfinite=False) if dt not in D.INTEGRAL else dict(bound=bound)
    a = draw(S.arrays(dt, b + (n, m), **opts))
    if dt in D.INTEGRAL or dt == "bool":
        return dt, a
    a = a.astype(np.complex128 if dt in D.COMPLEX_FLOATING else np.float64)
    a[np.abs(a) < 1e-30] = 0  # keep subnormal entries out of factorizations
    if kind == "any":
        return dt, a.astype(S.np_dtype(dt))
    eye = np.eye(n, m)
    if kind == "invertible":
        a = a + eye * (bound * max(n, m) + 1)
    elif kind == "hermitian":
        a = (a + np.swapaxes(a, -1, -2).conj()) / 2
    elif kind == "spd":
        a = a @ np.swapaxes(a, -1, -2).conj() + eye * n
    elif kind == "diagonalizable":
        # Q B Q^-1 with separated eigenvalues (complex pairs for real dtypes): well-conditioned
        # eigenproblems, so eigenvalues agree across LAPACK/Eigen implementations.
        b_mat = np.zeros(b + (n, n), dtype=a.dtype)
        i = 0
        while i < n:
            re = 3.0 * i + draw(st.floats(-0.5, 0.5))
            im = draw(st.floats(1.0, 2.0))
            if dt in D.COMPLEX_FLOATING:
                b_mat[..., i, i] = complex(re, im * draw(st.sampled_from((-1, 0, 1))))
                i += 1
            elif i + 1 < n and draw(st.booleans()):
                b_mat[..., i:i + 2, i:i + 2] = [[re, -im], [im, re]]
                i += 2
            else:
                b_mat[..., i, i] = re
                i += 1
        q = np.eye(n) + a * (0.2 / bound / n)
        a = q @ b_mat @ np.linalg.inv(q)
        if dt not in D.COMPLEX_FLOATING:
            a = a.real
    elif kind == "low_rank":
        r = draw(st.integers(0, max(0, min(n, m) - 1)))
        left = draw(S.arrays("int8", b + (n, r), bound=2)).astype(np.float64)
        right = draw(S.arrays("int8", b + (r, m), bound=2)).astype(np.float64)
        a = left @ right
    return dt, a.astype(S.np_dtype(dt))
