"""``tf.linalg`` (and its top-level aliases) and ``tf.signal`` against real TensorFlow 2.21: one
row per function on small shapes, dtypes TensorFlow refuses included (same error class);
decompositions with sign/phase freedom compared through invariants (``transform``)."""
import numpy as real_np
import pytest
from hypothesis import strategies as st

from tests.conformance import Case, arr, dtype_arg, make_tests, shared_dtype
from tests.conformance.strategies import ArrayArg

from .programs import close as _close
from .programs import steps as _steps

FEW = {"max_examples": 2}
F = ("float32", "float64")
FC = F + ("complex64", "complex128")
ODD = ("float16", "int32")                       # dtypes the solvers refuse (errors compared)
TOL = {"float16": 2e-2, "float32": 2e-4, "complex64": 2e-4, "float64": 1e-9,
       "complex128": 1e-9}
ATOL = {"float16": 2e-2, "float32": 1e-4, "complex64": 1e-4, "float64": 1e-9,
        "complex128": 1e-9}


def _well(a):
    """A well-conditioned matrix: entries in [-1, 1] plus 3 on the diagonal."""
    v = a.value
    return ArrayArg((v + 3 * real_np.eye(*v.shape[-2:])).astype(v.dtype))


def _spd(a):
    """A Hermitian positive definite matrix (lower triangle is what TensorFlow reads)."""
    v = a.value
    h = v @ real_np.swapaxes(v.conj(), -1, -2) + 2 * real_np.eye(v.shape[-1])
    return ArrayArg(h.astype(v.dtype))


def _distinct(a):
    """Well-separated eigenvalues (near 0, 5, 10), so eigenvectors are defined up to phase."""
    v = a.value
    return ArrayArg((v + real_np.diag([0.0, 5.0, 10.0])).astype(v.dtype))


def mat(dtypes, shape=(2, 2), kind=None, key=None):
    d = shared_dtype(dtypes, key) if key else dtypes
    s = arr(d, shape, min_value=-1, max_value=1)
    return s.map(kind) if kind else s


def _abs_all(out):
    if isinstance(out, (tuple, list)):
        return tuple(_abs_all(o) for o in out)
    return real_np.abs(out)


def _sorted_eig(out):
    """Eigenpairs sorted by eigenvalue; eigenvector magnitudes (phase is free)."""
    if not isinstance(out, (tuple, list)):
        return real_np.sort_complex(out.reshape(-1)).reshape(out.shape)
    w, v = out
    order = real_np.lexsort((real_np.round(w.imag, 4), real_np.round(w.real, 4)), axis=-1)
    w = real_np.take_along_axis(w, order, axis=-1)
    v = real_np.take_along_axis(v, order[..., None, :], axis=-1)
    return w, real_np.abs(v)


def _reconstruct_svd(out):
    """(s, u @ diag(s) @ v^H): the invariants of (s, u, v)."""
    if not isinstance(out, (tuple, list)):
        return out
    s, u, v = out
    k = s.shape[-1]
    return s, (u[..., :k] * s[..., None, :]) @ real_np.swapaxes(v[..., :k].conj(), -1, -2)


LINALG = [
    Case("tf.linalg.adjoint", args=(arr(("float32", "complex64", "int32", "bool"), (2, 3)),),
         settings=FEW),
    Case("tf.linalg.matrix_transpose", args=(arr(("complex64", "int8"), (1, 2, 3)),),
         kwargs={"conjugate": st.booleans()}, settings=FEW),
    Case("tf.linalg.band_part", args=(arr(("float32", "int32", "bool"), (3, 4)),
                                      st.integers(-1, 3), st.integers(-1, 4)), settings=FEW),
    Case("tf.linalg.trace", args=(arr(("float32", "int32", "uint8", "complex64", "bool"),
                                      (2, 3, 3)),), settings=FEW),
    Case("tf.eye", args=(st.integers(0, 3),), kwargs={
        "num_columns": st.sampled_from([None, 2]), "batch_shape": st.sampled_from([None, [2]]),
        "dtype": dtype_arg(["float32", "int32", "bool"])}, settings=FEW),
    Case("tf.linalg.matvec", args=(arr(shared_dtype(FC + ("int32",), "mv"), (2, 3)),
                                   arr(shared_dtype(FC + ("int32",), "mv"), (3,))),
         settings=FEW),
    Case("tf.tensordot", args=(arr(shared_dtype(F + ("int32", "uint8"), "td"), (2, 3)),
                               arr(shared_dtype(F + ("int32", "uint8"), "td"), (3, 2)),
                               st.sampled_from([1, 0, [[1], [0]]])), settings=FEW,
         rtol=TOL),
    Case("tf.einsum", args=(st.just("ij,jk->ik"), arr(shared_dtype(F + ("int32", "int8"), "es"),
                                                    (2, 3)),
                            arr(shared_dtype(F + ("int32", "int8"), "es"), (3, 2))),
         settings=FEW, rtol=TOL),
    Case("tf.linalg.cross", args=(arr(shared_dtype(F + ("int32", "complex64"), "cr"), (2, 3)),
                                  arr(shared_dtype(F + ("int32", "complex64"), "cr"), (2, 3))),
         settings=FEW, rtol=TOL),
    Case("tf.linalg.diag", args=(arr(("float32", "int32", "bool"), (2, 3)),),
         kwargs={"k": st.sampled_from([0, 1, -2]), "padding_value": st.sampled_from([0, 1])},
         settings=FEW),
    Case("tf.linalg.diag", args=(arr("int32", (2, 3)),),
         kwargs={"k": st.just((-1, 0)), "align": st.sampled_from(
             ["RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"]),
             "num_rows": st.sampled_from([-1, 3, 4])}, settings=FEW, id="diag-band"),
    Case("tf.linalg.diag_part", args=(arr(("float32", "int32"), (2, 3, 4)),),
         kwargs={"k": st.sampled_from([0, 2, -1, (-1, 1), (1, 3), 5]),
                 "padding_value": st.just(7),
                 "align": st.sampled_from(["RIGHT_LEFT", "LEFT_RIGHT"])}, settings=FEW),
    Case("tf.linalg.set_diag", args=(arr("int32", (2, 3, 4)), arr("int32", (2, 2, 3))),
         kwargs={"k": st.sampled_from([(0, 1), (-1, 0), (-2, -1)]),
                 "align": st.sampled_from(["RIGHT_LEFT", "LEFT_RIGHT"])}, settings=FEW),
    Case("tf.linalg.tensor_diag", args=(arr(("float32", "int32", "int8", "complex64"),
                                            (2, 2)),), settings=FEW),
    Case("tf.linalg.tensor_diag_part", args=(arr(("float32", "int64", "uint8"),
                                                 (2, 3, 2, 3)),), settings=FEW),
    Case("tf.linalg.det", args=(mat(FC + ODD, (2, 3, 3), _well),), settings=FEW, rtol=TOL),
    Case("tf.linalg.slogdet", args=(mat(FC + ODD, (2, 3, 3), _well),), settings=FEW,
         rtol=TOL, atol=ATOL),
    Case("tf.linalg.logdet", args=(mat(FC + ODD, (2, 2), _spd),), settings=FEW, rtol=TOL,
         atol=ATOL),
    Case("tf.linalg.inv", args=(mat(FC + ODD + ("bfloat16",), (2, 3, 3), _well),),
         kwargs={"adjoint": st.booleans()}, settings=FEW, rtol=TOL, atol=ATOL),
    Case("tf.linalg.cholesky", args=(mat(FC + ODD, (2, 3, 3), _spd),), settings=FEW, rtol=TOL,
         atol=ATOL),
    Case("tf.linalg.cholesky_solve", args=(mat(shared_dtype(FC + ODD, "cs"), (3, 3), _spd),
                                           arr(shared_dtype(FC + ODD, "cs"), (3, 2))),
         settings=FEW, rtol=TOL, atol=ATOL),
    Case("tf.linalg.solve", args=(mat(FC + ODD, (2, 2), _well, "sv"),
                                  arr(shared_dtype(FC + ODD, "sv"), (2, 3))),
         kwargs={"adjoint": st.booleans()}, settings=FEW, rtol=TOL, atol=ATOL),
    Case("tf.linalg.triangular_solve", args=(mat(FC + ODD, (3, 3), _well, "ts"),
                                             arr(shared_dtype(FC + ODD, "ts"), (3, 2))),
         kwargs={"lower": st.booleans(), "adjoint": st.booleans()}, settings=FEW, rtol=TOL,
         atol=ATOL),
    Case("tf.linalg.eigh", args=(mat(FC + ODD, (2, 3, 3), _spd),), settings=FEW, rtol=TOL,
         atol=ATOL, transform=_sorted_eig),
    Case("tf.linalg.eigvalsh", args=(arr(FC + ODD, (3, 3)),), settings=FEW, rtol=TOL,
         atol=ATOL),
    Case("tf.linalg.eig", args=(mat(FC, (3, 3), _distinct),), settings=FEW, rtol=TOL,
         atol=ATOL, transform=_sorted_eig),
    Case("tf.eigvals", args=(mat(FC, (2, 3, 3)),), settings=FEW, rtol=TOL, atol=ATOL,
         transform=_sorted_eig),
    Case("tf.linalg.svd", args=(mat(FC + ODD, (2, 3, 2)),),
         kwargs={"full_matrices": st.booleans(), "compute_uv": st.booleans()}, settings=FEW,
         rtol=TOL, atol=ATOL, transform=_reconstruct_svd),
    Case("tf.linalg.qr", args=(mat(FC + ODD, (3, 2)),), kwargs={"full_matrices": st.booleans()},
         settings=FEW, rtol=TOL, atol=ATOL, transform=_abs_all),
    Case("tf.linalg.lu", args=(mat(FC + ODD, (2, 3, 3)),),
         kwargs={"output_idx_type": st.sampled_from(["int32", "int64"])}, settings=FEW,
         rtol=TOL, atol=ATOL),
    Case("tf.linalg.lstsq", args=(mat(shared_dtype(FC + ODD, "ls"), (4, 2), _well),
                                  arr(shared_dtype(FC + ODD, "ls"), (4, 1))),
         kwargs={"l2_regularizer": st.sampled_from([0.0, 0.5]), "fast": st.booleans()},
         settings=FEW, rtol={"float32": 1e-3, "complex64": 1e-3, "float64": 1e-8},
         atol={"float32": 1e-4, "complex64": 1e-4, "float64": 1e-8}),
    Case("tf.linalg.lstsq", args=(mat(shared_dtype(F, "lu"), (2, 3), _well),
                                  arr(shared_dtype(F, "lu"), (2, 2))),
         kwargs={"l2_regularizer": st.sampled_from([0.0, 0.5]), "fast": st.booleans()},
         settings=FEW, rtol={"float32": 1e-3, "float64": 1e-8},
         atol={"float32": 1e-4, "float64": 1e-8}, id="lstsq-underdetermined"),
    Case("tf.linalg.pinv", args=(mat(F + ("complex64", "int32"), (3, 2)),), settings=FEW,
         rtol=TOL, atol=ATOL),
    Case("tf.linalg.matrix_rank", args=(st.sampled_from([
        real_np.ones((3, 2), real_np.float32), real_np.eye(3),
        real_np.array([[1.0, 0.0], [0.0, 1e-3]], real_np.float32)]),),
        kwargs={"tol": st.sampled_from([None, 0.01])}, settings=FEW),
    Case("tf.linalg.expm", args=(mat(FC + ODD, (2, 2)),), settings=FEW, rtol=TOL, atol=ATOL),
    Case("tf.linalg.logm", args=(mat(("complex64", "complex128", "float32"), (2, 2), _spd),),
         settings=FEW, rtol=TOL, atol=ATOL),
    Case("tf.linalg.sqrtm", args=(mat(FC + ODD, (2, 2), _spd),), settings=FEW, rtol=TOL,
         atol=ATOL),
    Case("tf.norm", args=(arr(FC + ("float16",), (2, 3), min_value=-3, max_value=3),),
         kwargs={"ord": st.sampled_from(["euclidean", 1, 2, real_np.inf, 3, 0.5]),
                 "axis": st.sampled_from([None, 0, -1]), "keepdims": st.booleans()},
         settings={"max_examples": 4}, rtol=TOL, atol=ATOL),
    Case("tf.norm", args=(arr(FC + ("int32",), (2, 2, 3), min_value=-3, max_value=3),),
         kwargs={"ord": st.sampled_from(["euclidean", "fro", 1, 2, real_np.inf, 3]),
                 "axis": st.sampled_from([(0, 1), (-1, -2), (1, 1), [0, 1, 2]]),
                 "keepdims": st.booleans()}, settings={"max_examples": 4}, rtol=TOL,
         atol=ATOL, id="norm-matrix"),
    Case("tf.linalg.normalize", args=(arr(F, (2, 3), min_value=1, max_value=3),),
         kwargs={"ord": st.sampled_from(["euclidean", 1, real_np.inf]),
                 "axis": st.sampled_from([None, 0, (0, 1)])}, settings=FEW, rtol=TOL),
    Case("tf.linalg.global_norm", args=(st.tuples(arr(shared_dtype(F, "gn"), (2, 3)),
                                                  arr(shared_dtype(F, "gn"), (3,))).map(list),),
         settings=FEW, rtol=TOL),
    Case("tf.linalg.tridiagonal_matmul", args=(arr(shared_dtype(FC, "tm"), (3, 4)),
                                               arr(shared_dtype(FC, "tm"), (4, 2))),
         settings=FEW, rtol=TOL, atol=ATOL),
    Case("tf.linalg.tridiagonal_solve", args=(
        arr(shared_dtype(F, "tsv"), (3, 3), min_value=-1, max_value=1).map(
            lambda a: ArrayArg((a.value + real_np.array([[0.0], [4.0], [0.0]])).astype(
                a.value.dtype))),
        arr(shared_dtype(F, "tsv"), (3, 2))), settings=FEW, rtol=TOL, atol=ATOL),
    Case("tf.linalg.banded_triangular_solve", args=(
        arr(shared_dtype(FC, "bts"), (2, 3), min_value=1, max_value=2),
        arr(shared_dtype(FC, "bts"), (3, 2))),
        kwargs={"lower": st.booleans(), "adjoint": st.booleans()}, settings=FEW, rtol=TOL,
        atol=ATOL),
]
test_linalg = make_tests(LINALG)


def lu_family(tf):
    a = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 10.0]])
    lu, p = tf.linalg.lu(a)
    b = tf.constant([[1.0], [2.0], [3.0]])
    return _steps(tf, lambda: tf.linalg.lu_reconstruct(lu, p),
                  lambda: tf.linalg.lu_solve(lu, p, b), lambda: tf.linalg.lu_matrix_inverse(lu, p),
                  lambda: tf.linalg.eigh_tridiagonal(tf.constant([1.0, 2.0, 3.0]),
                                                     tf.constant([1.0, 1.0])),
                  lambda: tf.linalg.eigh_tridiagonal(tf.constant([1.0, 2.0, 3.0]),
                                                     tf.constant([1.0, 1.0]), select="i",
                                                     select_range=[1, 2]),
                  lambda: tf.linalg.tridiagonal_solve(
                      [tf.constant([1.0, 2.0, 0.0]), tf.constant([4.0, 5.0, 6.0]),
                       tf.constant([0.0, 8.0, 1.0])], tf.ones((3,)),
                      diagonals_format="sequence"),
                  lambda: tf.linalg.tridiagonal_solve(tf.constant([[4.0, 1.0], [2.0, 2.0]]) + 0,
                                                      tf.ones((2, 1)), diagonals_format="matrix"),
                  # (no 3x3 "matrix"-format solve: real TF 2.21 answers it machine-dependently
                  # -- NaN, or [0, .25, 0] for [[4, 1, 0], [1, 4, 1], [0, 1, 4]] on AVX-512-FP16
                  # CPUs where the compact format of the same diagonals gives the solution)
                  # not positive definite: NaN lower triangle (TensorFlow leaves the upper
                  # triangle uninitialized, so only the lower one is compared)
                  lambda: tf.linalg.band_part(
                      tf.linalg.cholesky(tf.constant([[1.0, 2.0], [2.0, 1.0]])), -1, 0),
                  lambda: tf.linalg.cholesky(tf.constant([[4.0, 100.0], [2.0, 5.0]])),
                  lambda: tf.linalg.inv(tf.ones((2, 2))), lambda: tf.linalg.det(tf.ones((2,))),
                  lambda: tf.linalg.det(tf.ones((2, 3))),
                  lambda: tf.linalg.solve(tf.ones((2, 2)), tf.ones((2, 1))),
                  lambda: tf.linalg.solve(tf.eye(2), tf.ones((2,))),
                  lambda: tf.linalg.solve(tf.eye(2), tf.ones((2, 1), tf.float64)),
                  # (no lstsq of the rank-deficient ones((3, 2)) by the fast path: its Cholesky of
                  # a singular Gram matrix succeeds or fails by rounding -- NaN in real TF here,
                  # finite on the torch backend)
                  lambda: tf.linalg.lstsq(tf.ones((3, 2)), tf.ones((3,))),
                  lambda: tf.linalg.slogdet(tf.ones((2, 2))),
                  lambda: tf.linalg.sqrtm(tf.constant([[-1.0, 0.0], [0.0, 4.0]])),
                  lambda: tf.linalg.adjoint(tf.ones((2,))),
                  lambda: tf.linalg.band_part(tf.ones((2, 2)), 3, -1),
                  lambda: tf.linalg.band_part(tf.ones((2,)), 0, 0),
                  lambda: tf.linalg.cross(tf.ones((2,)), tf.ones((2,))),
                  lambda: tf.linalg.cross(tf.ones((2, 3)), tf.ones((3,))),
                  lambda: tf.linalg.diag([1, 2], num_rows=3, num_cols=3),
                  lambda: tf.linalg.diag([[1, 2, 3], [4, 5, 0]], k=(0, 1)),
                  lambda: tf.linalg.set_diag(tf.zeros((3, 4), tf.int32), [1, 2]),
                  lambda: tf.linalg.tensor_diag(tf.constant(1.0)),
                  lambda: tf.linalg.tensor_diag_part(tf.ones((2, 2, 2))),
                  lambda: tf.linalg.global_norm([tf.ones((2,)), None]),
                  lambda: tf.linalg.global_norm([tf.ones((2,)), tf.ones((1,), tf.float64)]),
                  lambda: tf.eye(-1), lambda: tf.eye(2, batch_shape=[2, 1], dtype=tf.int32),
                  lambda: tf.einsum("ij,jk->ik", tf.ones((2, 3)), tf.ones((2, 3))),
                  lambda: tf.einsum("i,i->", tf.ones(2), tf.ones(2, tf.float64)),
                  lambda: tf.norm(tf.ones((2, 2)), axis=[0]),
                  lambda: tf.norm(tf.ones((2,)), ord="fro"),
                  lambda: tf.norm(tf.ones((2, 2)), ord=0),
                  lambda: tf.norm(tf.ones((2, 2)), ord=3, axis=(0, 1)),
                  lambda: tf.norm(tf.ones((2, 2)), axis=2),
                  lambda: tf.linalg.matrix_rank(tf.ones((2, 2), tf.complex64)),
                  lambda: tf.linalg.pinv(tf.ones((2,))), lambda: tf.linalg.svd(tf.ones((2,))),
                  lambda: tf.linalg.qr(tf.constant([[1.0, 2.0], [0.0, 1.0]], tf.float16)),
                  lambda: tf.linalg.expm(tf.ones((2,), tf.int32)),
                  lambda: tf.linalg.logm(tf.eye(2)))


@pytest.mark.parametrize("program", [lu_family], ids=lambda p: p.__name__)
def test_linalg_programs(program, backend, ours, real):
    _close(program(ours), program(real), rtol=1e-4, atol=1e-5)


# ---- tf.signal --------------------------------------------------------------------------------
C = ("complex64", "complex128")
SIGNAL = [
    Case("tf.signal.fft", args=(arr(C + F + ("int32",), (2, 4)),), settings=FEW, rtol=TOL,
         atol=ATOL),
    Case("tf.signal.ifft2d", args=(arr(C + ("float32",), (2, 3, 2)),), settings=FEW, rtol=TOL,
         atol=ATOL),
    Case("tf.signal.fft3d", args=(arr(C, (2, 2, 3)),), settings=FEW, rtol=TOL, atol=ATOL),
    Case("tf.signal.rfft", args=(arr(F + C + ("float16",), (2, 5)),),
         kwargs={"fft_length": st.sampled_from([None, [4], [8]])}, settings=FEW, rtol=TOL,
         atol=ATOL),
    Case("tf.signal.irfft", args=(arr(C + F, (2, 3)),),
         kwargs={"fft_length": st.sampled_from([None, [4], [5], [2]])}, settings=FEW,
         rtol=TOL, atol=ATOL),
    Case("tf.signal.rfft2d", args=(arr(F, (2, 3)),),
         kwargs={"fft_length": st.sampled_from([None, [3, 2], [2, 4]])}, settings=FEW,
         rtol=TOL, atol=ATOL),
    Case("tf.signal.irfft3d", args=(arr(C, (2, 2, 3)),),
         kwargs={"fft_length": st.sampled_from([None, [2, 3, 4]])}, settings=FEW, rtol=TOL,
         atol=ATOL),
    Case("tf.signal.fftshift", args=(arr(("float32", "int32", "bool"), (2, 3)),),
         kwargs={"axes": st.sampled_from([None, 1, [0, 1]])}, settings=FEW),
    Case("tf.signal.ifftshift", args=(arr(("float32", "int32"), (3, 4)),),
         kwargs={"axes": st.sampled_from([None, 0])}, settings=FEW),
    Case("tf.signal.frame", args=(arr(("float32", "int32", "bool"), (2, 7)),
                                  st.integers(1, 4), st.integers(1, 3)),
         kwargs={"pad_end": st.booleans(), "axis": st.sampled_from([-1, 0, 1])}, settings=FEW),
    Case("tf.signal.overlap_and_add", args=(arr(("float32", "int32", "bool"), (2, 3, 4)),
                                            st.integers(1, 5)), settings=FEW, rtol=TOL),
    Case("tf.signal.hann_window", args=(st.integers(0, 6),),
         kwargs={"periodic": st.booleans(), "dtype": dtype_arg(
             ["float32", "float64", "float16", "int32"])}, settings=FEW, rtol=TOL, atol=ATOL),
    Case("tf.signal.hamming_window", args=(st.integers(1, 6),),
         kwargs={"periodic": st.booleans()}, settings=FEW, rtol=TOL, atol=ATOL),
    Case("tf.signal.kaiser_window", args=(st.integers(1, 6),),
         kwargs={"beta": st.sampled_from([0.5, 3.0, 12.0]),
                 "dtype": dtype_arg(["float32", "float64"])}, settings=FEW, rtol=TOL,
         atol=ATOL),
    Case("tf.signal.kaiser_bessel_derived_window", args=(st.integers(2, 7),),
         kwargs={"beta": st.sampled_from([0.5, 3.0, 12.0])}, settings=FEW, rtol=TOL,
         atol=ATOL),
    Case("tf.signal.vorbis_window", args=(st.integers(1, 6),),
         kwargs={"dtype": dtype_arg(["float32", "float64"])}, settings=FEW, rtol=TOL,
         atol=ATOL),
    Case("tf.signal.dct", args=(arr(F + ("float16", "int32", "complex64"), (2, 4)),),
         kwargs={"type": st.sampled_from([1, 2, 3, 4]), "n": st.sampled_from([None, 3, 6]),
                 "norm": st.sampled_from([None, "ortho"])}, settings={"max_examples": 4},
         rtol=TOL, atol=ATOL),
    Case("tf.signal.idct", args=(arr(F, (2, 5)),),
         kwargs={"type": st.sampled_from([1, 2, 3, 4]), "norm": st.sampled_from([None, "ortho"])},
         settings=FEW, rtol=TOL, atol=ATOL),
    Case("tf.signal.stft", args=(arr(F + C, (2, 9)), st.integers(2, 4), st.integers(1, 3)),
         kwargs={"fft_length": st.sampled_from([None, 6]), "pad_end": st.booleans()},
         settings=FEW, rtol=TOL, atol=ATOL),
    Case("tf.signal.inverse_stft", args=(arr(C, (2, 3, 3)), st.integers(3, 5), st.integers(1, 3)),
         kwargs={"fft_length": st.sampled_from([None, 4])}, settings=FEW, rtol=TOL, atol=ATOL),
    Case("tf.signal.mdct", args=(arr(F, (2, 8)), st.sampled_from([4, 8])),
         kwargs={"pad_end": st.booleans(), "norm": st.sampled_from([None, "ortho"])},
         settings=FEW, rtol=TOL, atol=ATOL),
    Case("tf.signal.inverse_mdct", args=(arr(F, (3, 4)),),
         kwargs={"norm": st.sampled_from([None, "ortho"])}, settings=FEW, rtol=TOL, atol=ATOL),
    Case("tf.signal.linear_to_mel_weight_matrix", args=(st.integers(1, 4), st.integers(3, 6)),
         kwargs={"sample_rate": st.sampled_from([8000, 16000]),
                 "lower_edge_hertz": st.sampled_from([0.0, 125.0]),
                 "upper_edge_hertz": st.sampled_from([3000.0, 3800.0])}, settings=FEW,
         rtol=TOL, atol=ATOL),
    Case("tf.signal.mfccs_from_log_mel_spectrograms", args=(arr(F + ("float16",), (2, 4)),),
         settings=FEW, rtol=TOL, atol=ATOL),
]
test_signal = make_tests(SIGNAL)


def signal_programs(tf):
    z = tf.complex(tf.reshape(tf.range(6.0), (2, 3)), 1.0)
    return _steps(
        tf, lambda: tf.signal.inverse_stft(tf.signal.stft(tf.range(10.0), 4, 1), 4, 1,
                                           window_fn=tf.signal.inverse_stft_window_fn(1)),
        lambda: tf.signal.inverse_stft_window_fn(2)(4, tf.float32),
        lambda: tf.signal.fft2d(tf.constant([1j, 2])), lambda: tf.signal.fft(tf.constant(1j)),
        lambda: tf.signal.rfft(tf.constant(1.0)), lambda: tf.signal.rfft(tf.range(5.0), 4),
        lambda: tf.signal.dct(tf.constant([[1.0, 2.0], [4.0, 3.0]]), axis=0),
        lambda: tf.signal.dct(tf.constant([1.0, 2.0]), type=5),
        lambda: tf.signal.dct(tf.constant([1.0, 2.0]), norm="x"),
        lambda: tf.signal.dct(tf.constant([1.0, 2.0]), type=1, norm="ortho"),
        lambda: tf.signal.frame(tf.range(2), 3, 1),
        lambda: tf.signal.linear_to_mel_weight_matrix(),
        lambda: tf.signal.linear_to_mel_weight_matrix(upper_edge_hertz=5000.0),
        lambda: tf.signal.overlap_and_add(tf.ones((3,)), 1),
        # tf.signal.fftnd has no CPU kernel in TensorFlow 2.21: compared with fft2d/rfft2d
        lambda: tf.signal.fft2d(z), lambda: tf.signal.ifft2d(z))


def fftnd_program(tf):
    z = tf.complex(tf.reshape(tf.range(6.0), (2, 3)), 1.0)
    r = tf.reshape(tf.range(6.0), (2, 3))
    if tf.__name__ != "tensorflow":
        return _steps(tf, lambda: tf.fftnd(z), lambda: tf.signal.ifftnd(z),
                      lambda: tf.rfftnd(r), lambda: tf.irfftnd(z, fft_length=[2, 4]),
                      lambda: tf.signal.fftnd(z, fft_length=[2], axes=[1], norm="ortho"))
    return _steps(tf, lambda: tf.signal.fft2d(z), lambda: tf.signal.ifft2d(z),
                  lambda: tf.signal.rfft2d(r), lambda: tf.signal.irfft2d(z, fft_length=[2, 4]),
                  lambda: tf.signal.fft(tf.cast(z[:, :2], tf.complex64)
                                        * tf.constant(0.5 ** 0.5, tf.complex64)))


@pytest.mark.parametrize("program", [signal_programs, fftnd_program], ids=lambda p: p.__name__)
def test_signal_programs(program, backend, ours, real):
    _close(program(ours), program(real), rtol=1e-4, atol=1e-5)
