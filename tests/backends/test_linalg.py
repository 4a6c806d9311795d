"""Linear algebra (``linalg`` extension and the main namespace's matmul family) against array_api_strict.

Inputs are built well conditioned for what each function computes (``cases.matrices``). Results
with sign/phase freedom (eig/eigh vectors, svd U/Vh, qr) are checked by properties: reconstruction,
orthonormality, triangularity; eigenvalues compare as multisets. Dtypes and shapes are still exact.
"""
import numpy as np
import pytest
from hypothesis import strategies as st

from ivy.core import dtypes as D

from . import strategies as S
from .cases import matrices, wider_or_same
from .harness import (ACCUM, EXACT, LINALG, ULP, Case, Dt, Mismatch, Row, assert_values, row_params,
                      run_row)

SMALL = dict(bound=10.0, nonfinite=False)


def mat_case(kind="any", category="floating", square=True, **kw):
    return matrices(category, kind=kind, square=square).map(lambda dm: Case(dm[1], **kw))


def with_kwargs(strategy, **options):
    """Add keyword arguments drawn from ``options`` (name -> strategy; None values are omitted)."""
    @st.composite
    def draw_it(draw):
        case = draw(strategy)
        for k, s in options.items():
            v = draw(s)
            if v is not None:
                case.kwargs[k] = v
        return case
    return draw_it()


def maybe(*values):
    return st.sampled_from((None,) + values)


# ---- case strategies ---------------------------------------------------------------------------

@st.composite
def cross_case(draw):
    d1, d2 = draw(S.dtype_pairs("numeric"))
    b1, b2 = draw(S.broadcastable_shapes(2, 0, 2, 1, 3))
    nd = max(len(b1), len(b2)) + 1
    axis = draw(st.integers(-nd, -1)) if draw(st.booleans()) else -1
    pos = lambda b: len(b) + 1 + axis  # noqa: E731 - where the 3 goes, counted from the end
    s1 = b1[:pos(b1)] + (3,) + b1[pos(b1):] if pos(b1) >= 0 else None
    s2 = b2[:pos(b2)] + (3,) + b2[pos(b2):] if pos(b2) >= 0 else None
    if s1 is None or s2 is None:
        axis, s1, s2 = -1, b1 + (3,), b2 + (3,)
    opts = lambda d: SMALL if d not in D.INTEGRAL else {}  # noqa: E731
    x1, x2 = draw(S.arrays(d1, s1, **opts(d1))), draw(S.arrays(d2, s2, **opts(d2)))
    return Case(x1, x2) if axis == -1 else Case(x1, x2, axis=axis)


@st.composite
def matmul_case(draw):
    d1, d2 = draw(S.dtype_pairs("numeric"))
    n, k, m = (draw(st.integers(0, 3)) for _ in range(3))
    b1, b2 = draw(S.broadcastable_shapes(2, 0, 2, 1, 2))
    s1 = (k,) if draw(st.integers(0, 4)) == 0 else b1 + (n, k)
    s2 = (k,) if draw(st.integers(0, 4)) == 0 else b2 + (k, m)
    opts = lambda d: SMALL if d not in D.INTEGRAL else {}  # noqa: E731
    return Case(draw(S.arrays(d1, s1, **opts(d1))), draw(S.arrays(d2, s2, **opts(d2))))


@st.composite
def tensordot_case(draw):
    d1, d2 = draw(S.dtype_pairs("numeric"))
    free1, free2 = draw(S.shapes(0, 2)), draw(S.shapes(0, 2))
    k = draw(st.integers(0, 2))
    c = draw(S.shapes(k, k))
    opts = lambda d: SMALL if d not in D.INTEGRAL else {}  # noqa: E731
    x1 = draw(S.arrays(d1, free1 + c, **opts(d1)))
    x2 = draw(S.arrays(d2, c + free2, **opts(d2)))
    if draw(st.booleans()):
        return Case(x1, x2, axes=k) if k != 2 or draw(st.booleans()) else Case(x1, x2)
    perm = draw(st.permutations(range(x2.ndim)))
    x2 = np.transpose(x2, perm).copy()
    axes = (list(range(len(free1), len(free1) + k)), [list(perm).index(j) for j in range(k)])
    if draw(st.booleans()):
        axes = tuple(tuple(a) for a in axes)
    return Case(x1, x2, axes=axes)


@st.composite
def vecdot_case(draw):
    d1, d2 = draw(S.dtype_pairs("numeric"))
    b1, b2 = draw(S.broadcastable_shapes(2, 0, 2))
    n = draw(S.sides())
    opts = lambda d: SMALL if d not in D.INTEGRAL else {}  # noqa: E731
    if draw(st.booleans()):
        t = draw(S.sides(1))
        x1 = draw(S.arrays(d1, b1 + (n, t), **opts(d1)))
        x2 = draw(S.arrays(d2, b2 + (n, t), **opts(d2)))
        return Case(x1, x2, axis=-2)
    x1, x2 = draw(S.arrays(d1, b1 + (n,), **opts(d1))), draw(S.arrays(d2, b2 + (n,), **opts(d2)))
    return Case(x1, x2) if draw(st.booleans()) else Case(x1, x2, axis=-1)


@st.composite
def transpose_case(draw):
    return Case(draw(S.arrays(S.dtypes(), S.shapes(2 if draw(st.integers(0, 7)) else 0, 3))))


@st.composite
def solve_case(draw):
    dt, a = draw(matrices("real floating" if draw(st.booleans()) else "floating", kind="invertible"))
    n = a.shape[-1]
    if draw(st.integers(0, 3)) == 0:
        return Case(a, draw(S.arrays(dt, (n,), **SMALL)))
    b2 = draw(S.shapes(0, 2, 1, 2))
    k = draw(st.integers(1, 3))
    return Case(a, draw(S.arrays(dt, b2 + (n, k), **SMALL)))


@st.composite
def matrix_power_case(draw):
    p = draw(st.integers(-2, 3))
    dt, a = draw(matrices(kind="invertible" if p < 0 else "any"))
    return Case(a, p)


@st.composite
def vector_norm_case(draw):
    dtype = draw(S.dtypes("floating"))
    shp = draw(S.shapes())
    x = draw(S.arrays(dtype, shp, **SMALL))
    kwargs = {}
    ax = draw(S.axes(len(shp)))
    if ax is not None or draw(st.booleans()):
        kwargs["axis"] = ax
    if draw(st.booleans()):
        kwargs["keepdims"] = draw(st.booleans())
    o = draw(maybe(1, 2, np.inf, -np.inf, 0, 3, -1, 0.5))
    if 0 in shp and o in (np.inf, -np.inf, -1):
        o = 2  # max/min-like norms of empty input: unspecified (numpy gives 0 / inf, torch raises)
    if o is not None:
        kwargs["ord"] = o
    return Case(x, **kwargs)


@st.composite
def trace_case(draw):
    dtype = draw(S.dtypes("numeric"))
    x = draw(S.arrays(dtype, S.shapes(2, 3), **(SMALL if dtype not in D.INTEGRAL else {})))
    kwargs = {}
    off = draw(maybe(-2, -1, 0, 1, 2))
    if off is not None:
        kwargs["offset"] = off
    out = draw(wider_or_same(dtype))
    if out is not None:
        kwargs["dtype"] = Dt(out)
    return Case(x, **kwargs)


def diagonal_case():
    return with_kwargs(st.builds(Case, S.arrays(S.dtypes(), S.shapes(2, 3))),
                       offset=maybe(-2, -1, 0, 1, 2))


def outer_case():
    pair = S.dtype_pairs("numeric")
    return pair.flatmap(lambda ds: st.builds(
        Case, S.arrays(ds[0], S.shapes(1, 1), **(SMALL if ds[0] not in D.INTEGRAL else {})),
        S.arrays(ds[1], S.shapes(1, 1), **(SMALL if ds[1] not in D.INTEGRAL else {}))))


# ---- property checks -----------------------------------------------------------------------------

def _mh(a):
    return np.swapaxes(a, -1, -2).conj()


def _limits(case, got_dtype):
    a = case.args[0].astype(np.complex128)
    rtol = LINALG.rtol(S.canonical(got_dtype))
    n = max(a.shape[-2:]) if a.ndim >= 2 and a.size else 1
    scale = max(1.0, float(np.abs(a).max()) if a.size else 1.0) * n
    return a, rtol, scale


def _small(residual, bound, what):
    worst = float(np.abs(residual).max()) if residual.size else 0.0
    if not worst <= bound:
        raise Mismatch(f"{what}: residual {worst:.3g} exceeds {bound:.3g}")


def _orthonormal_columns(q, rtol, what):
    k = q.shape[-1]
    _small(_mh(q) @ q - np.eye(k), 10 * rtol * max(1, k), f"{what}^H {what} - I")


def _match_multiset(got, exp, atol, what):
    """Greedy nearest matching of eigenvalue sets, per matrix of the stack."""
    g2, e2 = got.reshape(-1, got.shape[-1]), exp.reshape(-1, exp.shape[-1])
    for gs, es in zip(g2, e2):
        unused = list(gs)
        for e in es:
            if not unused:
                raise Mismatch(f"{what}: {gs} vs {es}")
            j = int(np.argmin([abs(u - e) for u in unused]))
            if abs(unused[j] - e) > atol * max(1.0, abs(e)):
                raise Mismatch(f"{what}: no match for {e} in {gs} (expected {es})")
            unused.pop(j)


def check_eig(got, exp, case, ctx):
    w, v = got
    a, rtol, scale = _limits(case, w.dtype)
    _match_multiset(w, exp[0], rtol * scale, "eigenvalues")
    norms = np.linalg.norm(v, axis=-2) if v.size else np.ones(1)
    if not (norms > 1e-3).all():
        raise Mismatch(f"eigenvectors: zero columns (norms {norms})")
    _small(a @ v - v * w[..., None, :], rtol * scale * 10, "A V - V diag(w)")


def check_eigvals(got, exp, case, ctx):
    a, rtol, scale = _limits(case, got.dtype)
    _match_multiset(got, exp, rtol * scale, "eigenvalues")


def check_eigh(got, exp, case, ctx):
    w, v = got
    a, rtol, scale = _limits(case, v.dtype)
    assert_values(np.sort(w, axis=-1), np.sort(exp[0], axis=-1), S.canonical(w.dtype), LINALG,
                  scale=scale, where="eigenvalues (sorted)")
    _orthonormal_columns(v, rtol, "V")
    _small(a @ v - v * w[..., None, :], rtol * scale * 10, "A V - V diag(w)")


def check_eigvalsh(got, exp, case, ctx):
    a, rtol, scale = _limits(case, got.dtype)
    assert_values(np.sort(got, axis=-1), np.sort(exp, axis=-1), S.canonical(got.dtype), LINALG,
                  scale=scale, where="eigenvalues (sorted)")


def check_qr(got, exp, case, ctx):
    q, r = got
    a, rtol, scale = _limits(case, q.dtype)
    _orthonormal_columns(q, rtol, "Q")
    _small(np.tril(r, -1) if r.ndim >= 2 else r * 0, rtol * scale, "R below the diagonal")
    _small(q @ r - a, rtol * scale * 10, "Q R - A")


def check_svd(got, exp, case, ctx):
    u, s, vh = got
    a, rtol, scale = _limits(case, u.dtype)
    assert_values(s, exp[1], S.canonical(s.dtype), LINALG, scale=scale, where="S")
    k = s.shape[-1]
    _orthonormal_columns(u, rtol, "U")
    _orthonormal_columns(_mh(vh), rtol, "Vh^H")
    _small((u[..., :, :k] * s[..., None, :]) @ vh[..., :k, :] - a, rtol * scale * 10, "U S Vh - A")


def matrix_scale(case):
    a = case.args[0]
    return max(1.0, float(np.abs(a).max()) if a.size else 1.0) * max(a.shape[-2:] or (1,)) ** 2


ROWS = [
    Row("linalg.cholesky", with_kwargs(mat_case("spd"), upper=maybe(True, False)), LINALG),
    Row("linalg.cross", cross_case(), LINALG),
    Row("linalg.det", mat_case("invertible"), LINALG),
    Row("linalg.diagonal", diagonal_case(), EXACT, signed_zeros=True),
    Row("linalg.eig", mat_case("diagonalizable"), LINALG, check=check_eig),
    Row("linalg.eigh", mat_case("hermitian"), LINALG, check=check_eigh),
    Row("linalg.eigvals", mat_case("diagonalizable"), LINALG, check=check_eigvals),
    Row("linalg.eigvalsh", mat_case("hermitian"), LINALG, check=check_eigvalsh),
    Row("linalg.inv", mat_case("invertible"), LINALG),
    Row("linalg.matrix_norm", with_kwargs(mat_case(square=False), keepdims=maybe(True, False),
                                          ord=maybe("fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf)),
        LINALG),
    Row("linalg.matrix_power", matrix_power_case(), LINALG, scale=matrix_scale),
    Row("linalg.matrix_rank", with_kwargs(mat_case("low_rank", square=False), rtol=maybe(1e-4))),
    Row("linalg.outer", outer_case(), ULP),
    Row("linalg.pinv", with_kwargs(mat_case("invertible", square=False), rtol=maybe(1e-4)), LINALG,
        scale=matrix_scale),
    Row("linalg.qr", with_kwargs(mat_case("invertible", square=False),
                                 mode=maybe("reduced", "complete")), LINALG, check=check_qr),
    Row("linalg.slogdet", mat_case("invertible"), LINALG),
    Row("linalg.solve", solve_case(), LINALG, scale=matrix_scale),
    Row("linalg.svd", with_kwargs(mat_case(square=False), full_matrices=maybe(True, False)), LINALG,
        check=check_svd),
    Row("linalg.svdvals", mat_case(square=False), LINALG),
    Row("linalg.trace", trace_case(), ACCUM),
    Row("linalg.vector_norm", vector_norm_case(), ACCUM),
    # the matmul family: main namespace and its linalg aliases
    Row("matmul", matmul_case(), ACCUM),
    Row("linalg.matmul", matmul_case(), ACCUM),
    Row("tensordot", tensordot_case(), ACCUM),
    Row("linalg.tensordot", tensordot_case(), ACCUM),
    Row("vecdot", vecdot_case(), ACCUM),
    Row("linalg.vecdot", vecdot_case(), ACCUM),
    Row("matrix_transpose", transpose_case(), EXACT, signed_zeros=True),
    Row("linalg.matrix_transpose", transpose_case(), EXACT, signed_zeros=True),
]


@pytest.mark.parametrize("row", row_params(ROWS))
def test_linalg(xp, backend, row):
    run_row(xp, backend, row)
