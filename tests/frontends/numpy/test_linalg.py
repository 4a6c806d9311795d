"""``numpy.linalg`` against real NumPy: conformance rows (eigen/singular vectors compared through
their invariants in the plain tests below), plus NumPy scalars, named tuples, LinAlgError and
views."""
import dataclasses

import numpy as real_np
import pytest
from hypothesis import strategies as st

import ivy
from tests.conformance import Case, arr, make_tests, optional
from tests.conformance.strategies import ArrayArg

F = ("float32", "float64")
FC = ("float64", "complex128")
INF = float("inf")
SLOW = {"max_examples": 4}


@st.composite
def well(draw, dtype, shape, spd=False, spread=False):
    """A well-conditioned stack: entries in [-1, 1] on a 1/64 grid (no tiny values, where LAPACK
    and Eigen choose Householder signs differently) plus 2n on the diagonal (spd: A A^H + n I),
    so the backends' solvers agree to the default tolerances. spread: diagonal 3n, 6n, 9n, ...
    instead, so the Gershgorin discs are disjoint and the eigenvalues real and distinct (eig's
    real-or-complex result is then clear on every backend)."""
    a = draw(arr(dtype, shape, min_value=-1, max_value=1)).value
    a = real_np.round(a * 64) / 64
    m, n = a.shape[-2:]
    eye = real_np.eye(m, n, dtype=a.dtype)
    if spd:
        a = a @ real_np.conj(real_np.swapaxes(a, -1, -2)) + n * eye
    elif spread:
        a = a + real_np.diag(3.0 * n * real_np.arange(1, n + 1)).astype(a.dtype)
    else:
        a = a + 2 * n * eye
    return ArrayArg(a.astype(a.dtype))


def small(dtype, shape):
    return arr(dtype, shape, min_value=-3, max_value=3)


def _eigh_parts(r):
    """Eigenvalues, V diag(w) V^H and V^H V: sign/phase-free, yet they pin V down."""
    w, v = (real_np.asarray(a) for a in r)
    vh = real_np.conj(real_np.swapaxes(v, -1, -2))
    return w, (v * w[..., None, :]) @ vh, vh @ v


def _eig_parts(r):
    """Eigenpairs sorted by eigenvalue; eigenvector magnitudes (each vector's phase is free)."""
    w, v = (real_np.asarray(a) for a in r)
    order = real_np.lexsort((real_np.round(w.imag, 4), real_np.round(w.real, 4)), axis=-1)
    return (real_np.take_along_axis(w, order, -1),
            real_np.abs(real_np.take_along_axis(v, order[..., None, :], -1)))


def _sorted_values(r):
    return real_np.sort(real_np.asarray(r[0] if isinstance(r, tuple) else r))


_ROWS = [
    Case("np.linalg.cholesky", args=(well("float32", (2, 3, 3), spd=True),),
         kwargs={"upper": optional(st.booleans())}, rtol=1e-4),
    Case("np.linalg.cond", args=(well(FC, (3, 3)),),
         kwargs={"p": optional(st.sampled_from([None, "fro", "nuc", 1, -1, 2, -2, INF, -INF]))},
         rtol=1e-6, settings=SLOW),
    Case("np.linalg.cross", args=(small(("float64", "int64"), (2, 3)), small("float64", (3,)))),
    Case("np.linalg.cross", args=(small("float64", (3, 2)), small("int32", st.sampled_from(
        [(3, 2), (2, 2)]))), kwargs={"axis": 0}, id="np.linalg.cross-axis"),
    Case("np.linalg.det", args=(small(("float64", "int32", "complex128"), (2, 3, 3)),),
         rtol=1e-9, atol=1e-9),
    Case("np.linalg.diagonal", args=(small("int64", (2, 3, 4)),),
         kwargs={"offset": optional(st.integers(-2, 2))}),
    Case("np.linalg.eig", args=(well(("float64", "complex128"), (3, 3), spread=True),),
         transform=_eig_parts,
         rtol=1e-6, atol=1e-6, settings=SLOW),
    Case("np.linalg.eigh", args=(small(FC, (3, 3)),),
         kwargs={"UPLO": optional(st.sampled_from(["L", "U"]))}, transform=_eigh_parts,
         rtol=1e-9, atol=1e-9, settings=SLOW),
    Case("np.linalg.eigvals", args=(well(("float32", "complex128"), (2, 3, 3), spread=True),),
         transform=_sorted_values, rtol=1e-5, atol=1e-5, settings=SLOW),
    Case("np.linalg.eigvalsh", args=(small(("float32", "float64", "int64"), (2, 3, 3)),),
         kwargs={"UPLO": optional(st.sampled_from(["L", "U"]))}, rtol=1e-4, atol=1e-4),
    Case("np.linalg.inv", args=(well(("float32", "complex128"), (2, 3, 3)),),
         rtol=1e-5),
    Case("np.linalg.lstsq", args=(small("float64", (4, 3)),
                                  small("float64", st.sampled_from([(4,), (4, 2)]))),
         kwargs={"rcond": optional(st.sampled_from([None, 0.1]))}, rtol=1e-6, atol=1e-9,
         settings=SLOW),
    Case("np.linalg.matmul", args=(small(("int64", "float32", "bool"), (2, 3, 4)),
                                   small(("int8", "float64", "bool"), (4,)))),
    Case("np.linalg.matrix_norm", args=(small(("float64", "int16", "complex128"), (2, 3, 4)),),
         kwargs={"ord": optional(st.sampled_from(["fro", "nuc", 1, -1, 2, -2, INF, -INF])),
                 "keepdims": optional(st.booleans())}, rtol=1e-9, atol=1e-9),
    Case("np.linalg.matrix_power", args=(small(("int64", "float64", "bool"), (3, 3)),
                                         st.integers(0, 4))),
    Case("np.linalg.matrix_power", args=(well("float64", (2, 2, 2)), st.integers(-3, -1)),
         rtol=1e-9, id="np.linalg.matrix_power-negative"),
    Case("np.linalg.matrix_rank", args=(small("float64", st.sampled_from([(4, 3), (2, 2, 3)])),),
         kwargs={"hermitian": False}, settings=SLOW),
    Case("np.linalg.matrix_transpose", args=(small("int64", (2, 3, 4)),)),
    Case("np.linalg.multi_dot", args=(st.tuples(small("float64", (3,)), small("float64", (3, 4)),
                                                small("float64", (4, 2))),), rtol=1e-9),
    Case("np.linalg.norm", args=(small(("float64", "int32", "complex128"), (3, 4)),),
         kwargs={"ord": optional(st.sampled_from([None, "fro", "nuc", 1, -1, 2, -2, INF, -INF])),
                 "keepdims": optional(st.booleans())}, rtol=1e-9, atol=1e-9),
    Case("np.linalg.norm", args=(small(("float64", "float32"), (2, 3, 4)),),
         kwargs={"ord": st.sampled_from([None, 0, 1, -1, 2, 3, 0.5, INF, -INF]),
                 "axis": st.sampled_from([0, -1, 2]), "keepdims": optional(st.booleans())},
         rtol=1e-5, atol=1e-6, id="np.linalg.norm-vector"),
    Case("np.linalg.norm", args=(small("float64", (2, 3, 4)),),
         kwargs={"ord": st.sampled_from([None, "fro", 1, -2, INF, "bad", 3]),
                 "axis": st.sampled_from([(2, 0), (0, 1), (1, 1), (0, 1, 2), None])},
         rtol=1e-9, id="np.linalg.norm-axes"),
    Case("np.linalg.outer", args=(small(("float64", "int64", "bool"), (3,)),
                                  small(("int8", "bool"), st.sampled_from([(2,), (2, 2)])))),
    Case("np.linalg.pinv", args=(well("float64", (2, 4, 3)),),
         kwargs={"rcond": optional(st.sampled_from([None, 0.1]))}, rtol=1e-6, atol=1e-9,
         settings=SLOW),
    Case("np.linalg.pinv", args=(well("float64", (3, 3), spd=True),),
         kwargs={"hermitian": True, "rtol": optional(st.sampled_from([None, 1e-3]))},
         rtol=1e-6, atol=1e-9, settings=SLOW, id="np.linalg.pinv-hermitian"),
    Case("np.linalg.qr", args=(well("float64", (3, 3)),),
         kwargs={"mode": optional(st.sampled_from(["reduced", "complete", "r", "bad"]))},
         rtol=1e-9, atol=1e-9, settings=SLOW),
    Case("np.linalg.slogdet", args=(small(("float64", "complex128", "int64"), (2, 3, 3)),),
         rtol=1e-9, atol=1e-9),
    Case("np.linalg.solve", args=(well(("float64", "float32"), (2, 3, 3)),
                                  small("int64", st.sampled_from([(3,), (2, 3, 2)]))),
         rtol=1e-5),
    Case("np.linalg.svd", args=(small(F, (4, 3)),), kwargs={"compute_uv": False},
         rtol=1e-5, atol=1e-5),
    Case("np.linalg.svdvals", args=(small(("float64", "int64", "complex128"), (2, 3, 4)),),
         rtol=1e-9, atol=1e-9),
    Case("np.linalg.tensordot", args=(small(("float64", "int32"), (2, 3, 4)),
                                      small("int64", (3, 4, 2))),
         kwargs={"axes": optional(st.sampled_from([2, 1, ([1, 2], [0, 1])]))}),
    Case("np.linalg.tensorinv", args=(well("float64", (4, 4)).map(
        lambda a: ArrayArg(a.value.reshape(4, 2, 2))),), kwargs={"ind": 1}, rtol=1e-9),
    Case("np.linalg.tensorsolve", args=(well("float64", (6, 6)).map(
        lambda a: ArrayArg(a.value.reshape(2, 3, 6))), small("float64", (2, 3))), rtol=1e-9),
    Case("np.linalg.trace", args=(small(("int8", "float32"), (2, 3, 3)),),
         kwargs={"offset": optional(st.integers(-1, 1))}),
    Case("np.linalg.vecdot", args=(small(("complex128", "int8"), (2, 3)),
                                   small(("float64", "int8"), (3,)))),
    Case("np.linalg.vector_norm", args=(small(("float64", "int64", "float32"), (2, 3, 4)),),
         kwargs={"ord": optional(st.sampled_from([2, 0, 1, -1, 3, INF, -INF])),
                 "axis": optional(st.sampled_from([None, 1, (0, 2)])),
                 "keepdims": optional(st.booleans())}, rtol=1e-5, atol=1e-6),
]
# 5 examples a row (4 on the slow ones): the file's budget is 40 s on four backends
test_linalg = make_tests([dataclasses.replace(c, settings=c.settings or {"max_examples": 5})
                          for c in _ROWS])


# ---- plain tests: scalars, named tuples, errors, invariants, views ------------------------------

@pytest.fixture
def np(backend):
    from ivy.frontends import numpy as frontend
    with ivy.using_backend(backend):
        yield frontend


A = [[4.0, 1.0, 2.0], [1.0, 3.0, 0.0], [2.0, 0.0, 5.0]]


def test_scalars_and_named_tuples(np):
    a = np.asarray(A)
    d = np.linalg.det(a)
    assert type(d) is real_np.float64 and abs(d - real_np.linalg.det(real_np.asarray(A))) < 1e-9
    assert type(np.linalg.norm(a)) is real_np.float64
    assert type(np.linalg.cond(a)) is real_np.float64
    assert type(np.linalg.matrix_rank(a)) is real_np.int64
    assert np.linalg.matrix_rank(np.asarray([1, 0])) == 1
    assert type(np.linalg.matrix_rank(np.asarray([0, 0]))) is int
    r = np.linalg.slogdet(a)
    assert type(r).__name__ == "SlogdetResult" and isinstance(r, tuple)
    assert type(r.sign) is real_np.float64 and type(r.logabsdet) is real_np.float64
    x, res, rank, s = np.linalg.lstsq(np.asarray([[1.0, 0], [0, 1], [1, 1]]),
                                      np.asarray([1.0, 2, 3]))
    assert type(rank) is real_np.int32 and rank == 2 and res.shape == (1,)
    assert isinstance(np.linalg.svd(a), real_np.linalg._linalg.SVDResult)
    assert isinstance(np.linalg.eigh(a), real_np.linalg._linalg.EighResult)
    assert isinstance(np.linalg.qr(a), real_np.linalg._linalg.QRResult)
    assert isinstance(np.linalg.eig(a), real_np.linalg._linalg.EigResult)


def test_linalg_errors(np):
    LinAlgError = real_np.linalg.LinAlgError
    assert np.linalg.LinAlgError is LinAlgError
    for thunk in (lambda: np.linalg.inv(np.ones((2, 2))),
                  lambda: np.linalg.solve(np.zeros((3, 3)), np.ones(3)),
                  lambda: np.linalg.matrix_power(np.ones((2, 2)), -1),
                  lambda: np.linalg.cholesky(np.asarray([[1.0, 2.0], [2.0, 1.0]])),
                  lambda: np.linalg.inv(np.ones((2, 3))),
                  lambda: np.linalg.det(np.ones(3)),
                  lambda: np.linalg.eigvals(np.ones((2, 3))),
                  lambda: np.linalg.tensorinv(np.ones((2, 3)), ind=1),
                  lambda: np.linalg.lstsq(np.ones((2, 2, 2)), np.ones(2))):
        with pytest.raises(LinAlgError):
            thunk()
    with pytest.raises(TypeError):
        np.linalg.inv(np.ones((2, 2), dtype=np.float16))
    with pytest.raises(TypeError):
        np.linalg.matrix_power(np.ones((2, 2)), 1.5)
    with pytest.raises(ValueError):
        np.linalg.pinv(np.ones((2, 2)), rcond=0.1, rtol=0.1)
    with pytest.raises(real_np.exceptions.AxisError):
        np.linalg.norm(np.ones((2, 2)), axis=2)
    with pytest.raises(NotImplementedError):
        np.linalg.qr(np.ones((2, 2)), mode="raw")


def _close(x, y, tol=1e-9):
    return real_np.allclose(real_np.asarray(x), real_np.asarray(y), rtol=tol, atol=tol)


def test_decomposition_invariants(np):
    host = real_np.array([[1.0, 2, 0], [3, 1, 4], [0, 5, 2], [1, 1, 1]])
    a = np.asarray(host)
    u, s, vh = np.linalg.svd(a, full_matrices=False)
    assert _close((real_np.asarray(u) * real_np.asarray(s)) @ real_np.asarray(vh), host)
    u, s, vh = np.linalg.svd(a)
    assert u.shape == (4, 4) and vh.shape == (3, 3)
    q, r = np.linalg.qr(a, mode="complete")
    assert q.shape == (4, 4) and _close(real_np.asarray(q) @ real_np.asarray(r), host)
    sym = np.asarray(A)
    w, v = np.linalg.eigh(sym)
    assert _close(real_np.asarray(A) @ real_np.asarray(v), real_np.asarray(v) * real_np.asarray(w))
    u, s, vh = np.linalg.svd(sym, hermitian=True)
    assert _close((real_np.asarray(u) * real_np.asarray(s)) @ real_np.asarray(vh), A)
    rot = np.asarray([[0.0, -1.0], [1.0, 0.0]])
    w, v = np.linalg.eig(rot)
    assert w.dtype == real_np.complex128
    v, w = real_np.asarray(v), real_np.asarray(w)
    assert _close(real_np.asarray(rot) @ v, v * w)
    w, v = np.linalg.eig(np.asarray([[2.0, 1.0], [0.0, 3.0]], dtype=np.float32))
    assert w.dtype == real_np.float32 and v.dtype == real_np.float32


def test_views(np):
    a = np.arange(6.0).reshape(2, 3)
    t = np.linalg.matrix_transpose(a)
    t[2, 1] = -1.0
    assert real_np.asarray(a).tolist() == [[0.0, 1.0, 2.0], [3.0, 4.0, -1.0]]
    d = np.linalg.diagonal(a)
    a[1, 1] = 9.0
    assert real_np.asarray(d).tolist() == [0.0, 9.0]
