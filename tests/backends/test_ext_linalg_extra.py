"""``ivy.linalg`` extras (area ``linalg_extra``) on every backend against torch.linalg and numpy.

Matrices are random and well conditioned (a multiple of the identity added); a few shapes only (jax
compiles each new shape). LU is checked for torch's exact pivots (1-based int32), equal factors,
and the reconstruction ``P @ L @ U == A``; solvers for agreement with torch and for solving.
"""
import numpy as np
import pytest
import torch

from ivy.core.errors import IvyTypeError, IvyValueError

from .reference import assert_close, call, torch_ref

COVERED = {"linalg.lu_factor", "linalg.lu", "linalg.lu_solve", "linalg.solve_triangular",
           "linalg.cholesky_solve", "linalg.lstsq", "linalg.matrix_exp", "linalg.cond",
           "linalg.householder_product", "linalg.vander"}

DTYPES = ("float32", "float64", "complex64", "complex128")
# Looser than reference.TOLERANCE: factorizations and solves amplify rounding by the condition.
TOL = {"float32": dict(rtol=2e-4, atol=2e-4), "complex64": dict(rtol=2e-4, atol=2e-4),
       "float64": dict(rtol=1e-9, atol=1e-9), "complex128": dict(rtol=1e-9, atol=1e-9)}
SQUARE = (2, 4, 4)
# Argument sweeps run in full for two dtypes (one real, one complex) and briefly for the others:
# every (shape, dtype, static argument) combination costs jax a compilation.
FULL = ("float64", "complex64")
RECTANGULAR = ((5, 3), (2, 3, 5))


def rand(shape, dtype, seed=0, shift=0.0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(shape)
    if dtype.startswith("complex"):
        x = x + 1j * rng.standard_normal(shape)
    if shift:
        x = x + shift * np.eye(shape[-2], shape[-1])
    return x.astype(dtype)


def adjoint(x):
    return np.conj(np.swapaxes(x, -1, -2))


# ---- LU --------------------------------------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
def test_lu_factor_matches_torch(xp, dtype):
    for shape in (SQUARE,) + RECTANGULAR if dtype in FULL else (SQUARE,):
        a = rand(shape, dtype, seed=len(shape))
        LU, pivots = call(xp, "linalg.lu_factor", a)
        ref_LU, ref_pivots = torch_ref(torch.linalg.lu_factor, a)
        assert_close(pivots, ref_pivots, where=f"pivots {shape}")          # int32, exact
        assert_close(LU, ref_LU, **TOL[dtype], where=f"LU {shape}")


def test_lu_factor_of_singular_matrices(xp):
    """A singular matrix has an LU factorization too (LAPACK skips zero pivots): no error."""
    a = np.array([[[1.0, 2.0], [2.0, 4.0]], [[0.0, 0.0], [0.0, 0.0]], [[0.0, 1.0], [0.0, 3.0]]])
    LU, pivots = call(xp, "linalg.lu_factor", a)
    ref_LU, ref_pivots = torch_ref(torch.linalg.lu_factor_ex, a)[:2]
    assert_close(pivots, ref_pivots, where="pivots")
    assert_close(LU, ref_LU, where="LU")


@pytest.mark.parametrize("dtype", DTYPES)
def test_lu_matches_torch_and_reconstructs(xp, dtype):
    for shape in (SQUARE,) + RECTANGULAR if dtype in FULL else (SQUARE,):
        a = rand(shape, dtype, seed=len(shape) + 7)
        P, L, U = call(xp, "linalg.lu", a)
        assert_close((P, L, U), torch_ref(torch.linalg.lu, a), **TOL[dtype], where=f"lu {shape}")
        assert_close(P @ L @ U, a, **TOL[dtype], where=f"P @ L @ U {shape}")


@pytest.mark.parametrize("dtype", ("float64", "complex64"))
def test_lu_without_pivoting(xp, dtype):
    """torch computes it on CUDA only: checked by reconstruction (diagonally dominant input)."""
    a = rand(SQUARE, dtype, seed=3, shift=8.0)
    LU, pivots = call(xp, "linalg.lu_factor", a, pivot=False)
    assert_close(pivots, np.broadcast_to(np.arange(1, 5, dtype=np.int32), (2, 4)).copy())
    L = np.tril(LU, -1) + np.eye(4, dtype=dtype)
    assert_close(L @ np.triu(LU), a, **TOL[dtype])
    P, L2, U2 = call(xp, "linalg.lu", a, pivot=False)
    assert P.shape == (0,) and P.dtype == np.dtype(dtype)
    assert_close(L2 @ U2, a, **TOL[dtype])


@pytest.mark.parametrize("dtype", DTYPES)
def test_lu_solve(xp, dtype):
    a = rand(SQUARE, dtype, seed=11, shift=3.0)
    LU, pivots = torch_ref(torch.linalg.lu_factor, a)
    combos = [((2, 4, 3), True, False), ((2, 3, 4), False, True), ((4, 3), True, False),
              ((2, 4, 3), True, True), ((2, 3, 4), False, False)]
    for b_shape, left, adjoint_ in combos if dtype in FULL else combos[:2]:
        b = rand(b_shape, dtype, seed=12)
        got = call(xp, "linalg.lu_solve", LU, pivots, b, left=left, adjoint=adjoint_)
        if len(b_shape) == 2:   # torch broadcasts b's batch
            expected = torch_ref(lambda *t: torch.linalg.lu_solve(t[0], t[1], t[2].expand(2, 4, 3)),
                                 LU, pivots, b)
        else:
            expected = torch_ref(lambda *t: torch.linalg.lu_solve(*t, left=left, adjoint=adjoint_)
                                 .resolve_conj(), LU, pivots, b)
        assert_close(got, expected, **TOL[dtype], where=f"left={left} adjoint={adjoint_}")
        op = adjoint(a) if adjoint_ else a
        assert_close(op @ got if left else got @ op, np.broadcast_to(b, got.shape), **TOL[dtype],
                     where=f"solves, left={left} adjoint={adjoint_}")


# ---- triangular and Cholesky solves ----------------------------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
def test_solve_triangular(xp, dtype):
    """The input is a full matrix: only the named triangle (and diagonal) may be read."""
    a = rand(SQUARE, dtype, seed=21, shift=4.0)
    sweep = [(u, l, t) for u in (True, False) for l in (True, False) for t in (False, True)]
    for upper, left, unit in sweep if dtype in FULL else sweep[::3]:
        b = rand((2, 4, 3) if left else (2, 3, 4), dtype, seed=22)
        kw = dict(upper=upper, left=left, unitriangular=unit)
        got = call(xp, "linalg.solve_triangular", a, b, **kw)
        expected = torch_ref(lambda t, u: torch.linalg.solve_triangular(t, u, **kw), a, b)
        assert_close(got, expected, **TOL[dtype], where=str(kw))
    # batch axes broadcast
    b = rand((4, 2), dtype, seed=23)
    got = call(xp, "linalg.solve_triangular", a, b, upper=True)
    assert_close(got, torch_ref(lambda t, u: torch.linalg.solve_triangular(t, u, upper=True), a,
                                b), **TOL[dtype], where="broadcast")


@pytest.mark.parametrize("dtype", ("float32", "complex128"))
def test_cholesky_solve(xp, dtype):
    a = rand(SQUARE, dtype, seed=31)
    spd = a @ adjoint(a) + 4 * np.eye(4, dtype=dtype)
    b = rand((2, 4, 3), dtype, seed=32)
    lower = np.linalg.cholesky(spd)
    for factor, upper in ((lower, False), (adjoint(lower).copy(), True)):
        got = call(xp, "linalg.cholesky_solve", b, factor, upper=upper)
        assert_close(got, torch_ref(lambda u, f: torch.cholesky_solve(u, f, upper=upper), b,
                                    factor), **TOL[dtype], where=f"upper={upper}")
        assert_close(spd @ got, b, **TOL[dtype], where=f"solves, upper={upper}")


# ---- lstsq, matrix_exp, cond, householder_product, vander ------------------------------------

@pytest.mark.parametrize("dtype", DTYPES)
def test_lstsq_matches_numpy(xp, dtype):
    a = rand((6, 3), dtype, seed=41)
    for b in (rand((6, 2), dtype, seed=42), rand((6,), dtype, seed=43)):
        got = call(xp, "linalg.lstsq", a, b)
        x, res, rank, s = np.linalg.lstsq(a, b)
        assert_close(got, (x, res, np.asarray(rank, dtype=np.int64), s), **TOL[dtype])
    if dtype not in FULL:
        return
    # rank deficient (two equal columns) and wide: no residuals, rank < N
    for deficient in (np.concatenate([a[:, :2], a[:, :1]], axis=1), a.T.copy()):
        b = rand(deficient.shape[:1] + (2,), dtype, seed=44)
        got = call(xp, "linalg.lstsq", deficient, b)
        x, res, rank, s = np.linalg.lstsq(deficient, b)
        assert_close(got, (x, res, np.asarray(rank, dtype=np.int64), s), **TOL[dtype])


@pytest.mark.parametrize("dtype", FULL)
def test_lstsq_stack(xp, dtype):
    """numpy per matrix (numpy's lstsq takes one matrix only)."""
    stack, rhs = rand((2, 6, 3), dtype, seed=45), rand((2, 6, 2), dtype, seed=46)
    got = call(xp, "linalg.lstsq", stack, rhs, rcond=1e-3)
    refs = [np.linalg.lstsq(m, r, rcond=1e-3) for m, r in zip(stack, rhs)]
    expected = tuple(np.stack([np.asarray(r[i]) for r in refs]) for i in range(4))
    expected = (expected[0], expected[1], expected[2].astype(np.int64), expected[3])
    assert_close(got, expected, **TOL[dtype], where="stack")


@pytest.mark.parametrize("dtype", ("float32", "complex128"))
def test_matrix_exp(xp, dtype):
    a = rand(SQUARE, dtype, seed=51) * np.asarray(0.5, dtype)
    assert_close(call(xp, "linalg.matrix_exp", a), torch_ref(torch.linalg.matrix_exp, a),
                 **TOL[dtype])


@pytest.mark.parametrize("dtype", ("float32", "float64", "complex128"))
def test_cond(xp, dtype):
    a = rand(SQUARE, dtype, seed=61, shift=2.0)
    orders = (None, "fro", "nuc", 1, -1, 2, -2, np.inf, -np.inf)
    for p in orders if dtype == "float64" else orders[:3]:
        assert_close(call(xp, "linalg.cond", a, p=p), np.asarray(np.linalg.cond(a, p=p)),
                     **TOL[dtype], where=f"p={p}")
    singular = np.array([[1, 2], [2, 4]], dtype=dtype)   # numpy: inf, not an error
    for p in ("fro", 1):
        expected = np.asarray(np.linalg.cond(singular, p=p))
        assert_close(call(xp, "linalg.cond", singular, p=p), expected, where=f"singular, p={p}")
    tall = rand((5, 3), dtype, seed=62)   # p=None: any shape
    assert_close(call(xp, "linalg.cond", tall), np.asarray(np.linalg.cond(tall)), **TOL[dtype])


@pytest.mark.parametrize("dtype", ("float32", "complex128"))
def test_householder_product(xp, dtype):
    for shape in ((5, 3), (2, 4, 4)):
        a = rand(shape, dtype, seed=71)
        geqrf, tau = torch_ref(torch.geqrf, a)
        got = call(xp, "linalg.householder_product", geqrf, tau)
        assert_close(got, torch_ref(torch.linalg.householder_product, geqrf, tau), **TOL[dtype])
        if shape == (5, 3):  # fewer reflectors than columns
            got = call(xp, "linalg.householder_product", geqrf, tau[:2])
            assert_close(got, torch_ref(torch.linalg.householder_product, geqrf, tau[:2]),
                         **TOL[dtype])


@pytest.mark.parametrize("dtype", ("int32", "float32", "complex128"))
def test_vander_matches_torch(xp, dtype):
    x = np.asarray([[1, 2, 3], [-1, 0, 4]]).astype(dtype)
    for N in (None, 2, 5):
        assert_close(call(xp, "linalg.vander", x, N=N), torch_ref(
            lambda t: torch.linalg.vander(t, N=N), x), where=f"N={N}")
    with pytest.raises(IvyValueError, match="vander"):   # torch: N must be greater than 1
        call(xp, "linalg.vander", x, N=1)


def test_errors(xp):
    with pytest.raises(IvyTypeError, match="lu_factor"):
        xp.linalg.lu_factor(xp.asarray(np.eye(3, dtype=np.int64)))
    with pytest.raises(IvyValueError, match="lu"):
        xp.linalg.lu(xp.asarray(np.ones(3)))
    with pytest.raises(IvyValueError, match="householder_product"):
        xp.linalg.householder_product(xp.asarray(np.ones((3, 3))), xp.asarray(np.ones(4)))
    with pytest.raises(ValueError):
        xp.linalg.solve_triangular(xp.asarray(np.eye(3)), xp.asarray(np.ones((4, 2))), upper=True)
