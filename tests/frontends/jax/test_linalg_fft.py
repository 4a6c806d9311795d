"""``jax.numpy.linalg`` and ``jax.numpy.fft`` vs real JAX (x64 on). Invertible and
positive-definite inputs are drawn by mapping ordinary draws; eigenvectors, SVD and QR factors are
compared through sign-free transforms (sorted eigenvalues, reconstructions, |R|)."""
import dataclasses

import numpy as np
from hypothesis import strategies as st

from tests.conformance import Case, arr, make_tests, optional, shared_dtype
from tests.conformance.strategies import ArrayArg

F = ("float32", "float64")
FC = F + ("complex128",)
TOL = {"float32": 1e-4, "complex64": 1e-4, "float64": 1e-9, "complex128": 1e-9}
LOOSE = {"float32": 2e-3, "complex64": 2e-3, "float64": 1e-8, "complex128": 1e-8}
FEW = {"max_examples": 2}
L = "jax.numpy.linalg."
FT = "jax.numpy.fft."


def _few(rows):
    """Every row at most FEW examples: real JAX compiles per shape and dtype (time budget)."""
    return [r if r.settings else dataclasses.replace(r, settings=FEW) for r in rows]


def _map(strategy, f):
    return strategy.map(lambda a: ArrayArg(f(a.value)))


def dominant(dtype, shape):
    """Well-conditioned square matrices: each diagonal entry outweighs its row."""
    def f(a):
        n = a.shape[-1]
        return (a + np.eye(n, dtype=a.dtype) * (np.abs(a).sum(-1, keepdims=True) + 1)).astype(
            a.dtype)
    return _map(arr(dtype, shape, min_value=-4, max_value=4), f)


def spd(dtype, shape):
    """Hermitian positive-definite matrices ``A @ A^H + n I``."""
    def f(a):
        n = a.shape[-1]
        return (a @ np.conj(np.swapaxes(a, -1, -2)) + n * np.eye(n)).astype(a.dtype)
    return _map(arr(dtype, shape, min_value=-2, max_value=2), f)


def pair(shapes, dtypes, key):
    d = shared_dtype(dtypes, key)
    return st.sampled_from(shapes).flatmap(lambda s: st.tuples(arr(d, s[0]), arr(d, s[1])))


def eig_values(r):
    return np.sort_complex(r[0] if isinstance(r, tuple) else r)


def eig_parts(r):
    """Eigenpairs sorted by eigenvalue; eigenvector magnitudes (each vector's phase is free)."""
    w, v = r
    order = np.lexsort((np.round(w.imag, 4), np.round(w.real, 4)), axis=-1)
    return (np.take_along_axis(w, order, -1),
            np.abs(np.take_along_axis(v, order[..., None, :], -1)))


def eigh_parts(r):
    """Eigenvalues and the reconstruction V diag(w) V^H."""
    w, v = r
    return w, (v * w[..., None, :]) @ np.conj(np.swapaxes(v, -1, -2))


def svd_parts(r):
    if not isinstance(r, tuple):
        return r
    u, s, vh = r
    k = s.shape[-1]
    return s, (u[..., :, :k] * s[..., None, :]) @ vh[..., :k, :]


def qr_parts(r):
    if not isinstance(r, tuple):
        return np.abs(r)
    q, r = r
    return np.abs(r), q @ r


def _linalg_rows():
    sq = st.sampled_from([(3, 3), (2, 2, 2)])
    yield Case(L + "cholesky", args=(spd(FC, sq),), kwargs={"upper": optional(st.booleans()),
                                                            "symmetrize_input": optional(
                                                                st.booleans())},
               rtol=LOOSE, atol=LOOSE, settings=FEW)
    yield Case(L + "cholesky", args=(_map(arr("int32", (2, 2), min_value=0, max_value=1),
                                          lambda a: a + 3 * np.eye(2, dtype=a.dtype)),),
               rtol=LOOSE, id="cholesky-int", settings=FEW)
    yield Case(L + "det", args=(dominant(F + ("int64",), sq),), rtol=LOOSE, settings=FEW)
    yield Case(L + "det", args=(arr("float64", (2, 3)),), id="det-nonsquare", settings=FEW)
    yield Case(L + "slogdet", args=(dominant(FC, sq),),
               kwargs={"method": optional(st.sampled_from(["lu", "qr"]))}, rtol=LOOSE,
               atol=LOOSE, settings=FEW)
    yield Case(L + "inv", args=(dominant(F + ("int32",), sq),), rtol=LOOSE, atol=LOOSE,
               settings=FEW)
    yield Case(L + "solve", args=st.tuples(dominant("float64", (2, 3, 3)),
                                           arr("float64", st.sampled_from([(3,), (2, 3, 2)]))),
               rtol=LOOSE, atol=LOOSE, settings=FEW)
    yield Case(L + "eig", args=(dominant(F, (3, 3)),), rtol=LOOSE, atol=LOOSE,
               transform=eig_parts, settings=FEW)
    yield Case(L + "eigvals", args=(dominant(F, (3, 3)),), rtol=LOOSE, atol=LOOSE,
               transform=eig_values, settings=FEW)
    yield Case(L + "eigh", args=(arr(FC, (3, 3)),),
               kwargs={"UPLO": optional(st.sampled_from(["L", "U"])),
                       "symmetrize_input": optional(st.booleans())},
               rtol=LOOSE, atol=LOOSE, transform=eigh_parts, settings=FEW)
    yield Case(L + "eigvalsh", args=(arr(F, (2, 3, 3)),),
               kwargs={"UPLO": optional(st.sampled_from(["L", "U"])),
                       "symmetrize_input": optional(st.booleans())},
               rtol=LOOSE, atol=LOOSE, settings=FEW)
    yield Case(L + "qr", args=(arr(F, st.sampled_from([(3, 2), (2, 3)])),),
               kwargs={"mode": optional(st.sampled_from(["reduced", "complete", "r"]))},
               rtol=LOOSE, atol=LOOSE, transform=qr_parts, settings=FEW)
    yield Case(L + "svd", args=(arr(FC, st.sampled_from([(3, 2), (2, 2, 3)])),),
               kwargs={"full_matrices": optional(st.booleans()),
                       "compute_uv": optional(st.booleans())},
               rtol=LOOSE, atol=LOOSE, transform=svd_parts, settings=FEW)
    yield Case(L + "svd", args=(spd("float64", (3, 3)),), kwargs={"hermitian": True},
               rtol=LOOSE, atol=LOOSE, transform=svd_parts, id="svd-hermitian", settings=FEW)
    yield Case(L + "svdvals", args=(arr(F, (3, 2)),), rtol=LOOSE, atol=LOOSE, settings=FEW)
    yield Case(L + "pinv", args=(arr(F, st.sampled_from([(3, 2), (2, 2, 3)])),),
               kwargs={"rtol": optional(st.sampled_from([1e-3, 0.5]))}, rtol=LOOSE, atol=LOOSE,
               settings=FEW)
    yield Case(L + "matrix_rank", args=(arr("float64", (2, 3, 3),
                                            elements=st.sampled_from([0.0, 1.0, 2.0])),),
               kwargs={"rtol": optional(st.sampled_from([1e-3, 0.6]))}, settings=FEW)
    yield Case(L + "lstsq", args=st.tuples(arr("float64", st.sampled_from([(4, 2), (2, 3)])),
                                           st.just(None)).flatmap(
        lambda t: st.tuples(st.just(t[0]), arr("float64", st.sampled_from(
            [(t[0].value.shape[0],), (t[0].value.shape[0], 2)])))),
               kwargs={"numpy_resid": optional(st.booleans())}, rtol=LOOSE, atol=LOOSE,
               settings=FEW)
    yield Case(L + "cond", args=(dominant(F, (3, 3)),),
               kwargs={"p": optional(st.sampled_from([None, 1, 2, -2, "fro", float("inf")]))},
               rtol=LOOSE, settings=FEW)
    yield Case(L + "norm", args=(arr(FC + ("int32",), (2, 3, 2)),),
               kwargs={"ord": optional(st.sampled_from([None, 1, 2, float("inf"), "fro"])),
                       "axis": st.sampled_from([None, 0, (0, 1), (-1, 1), (2, 0)]),
                       "keepdims": optional(st.booleans())},
               rtol=LOOSE, atol=LOOSE, match_errors=False)
    yield Case(L + "norm", args=(arr(F, st.sampled_from([(3,), (2, 3)])),),
               kwargs={"ord": st.sampled_from([None, 1, -1, 2, float("inf"), 0.5, "nuc"])},
               rtol=LOOSE, atol=LOOSE, id="norm-default-axis", settings=FEW)
    yield Case(L + "vector_norm", args=(arr(F + ("int32",), (2, 3)),),
               kwargs={"ord": optional(st.sampled_from([1, 2, float("inf"), float("-inf")])),
                       "axis": optional(st.sampled_from([None, 0, (0, 1)])),
                       "keepdims": optional(st.booleans())}, rtol=LOOSE)
    yield Case(L + "matrix_norm", args=(arr(FC, (2, 3, 3)),),
               kwargs={"ord": optional(st.sampled_from(["fro", "nuc", 1, -1, 2, float("inf")])),
                       "keepdims": optional(st.booleans())}, rtol=LOOSE, atol=LOOSE,
               settings=FEW)
    yield Case(L + "matrix_power", args=(dominant(F + ("int64",), (3, 3)),
                                         st.sampled_from([0, 1, 3, -1])), rtol=LOOSE, atol=LOOSE)
    yield Case(L + "matrix_transpose", args=(arr(("bool", "int32", "float32"), (2, 3, 4)),))
    yield Case(L + "diagonal", args=(arr(("int32", "float64"), (2, 3, 4)),),
               kwargs={"offset": optional(st.integers(-2, 2))})
    yield Case(L + "trace", args=(arr(("bool", "uint8", "int32", "float32"), (2, 3)),),
               kwargs={"offset": optional(st.integers(-1, 1)),
                       "dtype": optional(st.sampled_from([None, "float64"]))})
    m = shared_dtype(("int32",) + FC, "mm")
    yield Case(L + "matmul", args=st.sampled_from([((2, 3), (3, 4)), ((3,), (2, 3, 2)),
                                                   ((2, 2, 3), (3,))]).flatmap(
        lambda s: st.tuples(arr(m, s[0]), arr(m, s[1]))), rtol=TOL, atol=TOL)
    yield Case(L + "matmul", args=(arr("int8", (2, 3)), arr("int8", (3, 2))),
               kwargs={"preferred_element_type": "int32"}, id="matmul-preferred")
    yield Case(L + "multi_dot", args=(st.tuples(arr("float64", (2, 3)), arr("float64", (3, 3)),
                                                arr("float64", (3,))),), rtol=TOL)
    yield Case(L + "outer", args=(arr(("int32", "float64"), (3,)), arr("float32", (2,))),
               rtol=TOL)
    yield Case(L + "tensordot", args=(arr("float64", (2, 3, 4)), arr("float64", (3, 4, 2))),
               kwargs={"axes": st.sampled_from([0, 1, 2, ([1, 2], [0, 1]), ([0], [2])])},
               rtol=TOL, match_errors=False)
    yield Case(L + "vecdot", args=pair([((2, 3), (3,)), ((2, 3), (2, 3))], ("int32",) + FC, "vd"),
               kwargs={"axis": optional(st.sampled_from([-1]))}, rtol=TOL, atol=TOL)
    yield Case(L + "cross", args=pair([((2, 3), (3,)), ((2, 2), (2, 2))], ("int32", "float64"),
                                      "cr"), rtol=TOL)
    yield Case(L + "tensorinv", args=(_map(arr("float64", (6,), min_value=0.5, max_value=1),
                                           lambda v: (np.diag(v * 4) + 0.1).reshape(2, 3, 6)),),
               kwargs={"ind": 2}, rtol=LOOSE)
    yield Case(L + "tensorsolve", args=(_map(arr("float64", (6,), min_value=0.5, max_value=1),
                                             lambda v: (np.diag(v * 4) + 0.1).reshape(2, 3, 6)),
                                        arr("float64", (2, 3))), rtol=LOOSE)


def _fft_rows():
    x = arr(("int32", "float32", "float64", "complex128"), st.sampled_from([(4,), (2, 5)]))
    one = {"n": optional(st.sampled_from([None, 3, 6])), "axis": optional(st.sampled_from([-1, 0])),
           "norm": optional(st.sampled_from([None, "backward", "ortho", "forward"]))}
    for name in ("fft", "ifft", "irfft", "hfft"):
        yield Case(FT + name, args=(x,), kwargs=one, rtol=LOOSE, atol=LOOSE, settings=FEW)
    r = arr(("int64", "float32", "float64"), st.sampled_from([(4,), (2, 5)]))
    for name in ("rfft", "ihfft"):
        yield Case(FT + name, args=(r,), kwargs=one, rtol=LOOSE, atol=LOOSE, settings=FEW)
    yield Case(FT + "rfft", args=(arr(("float16", "complex64"), (4,)),), id="rfft-bad-dtype")
    y = arr(("float32", "complex128"), (2, 3, 4))
    many = {"s": optional(st.sampled_from([None, (2, 6)])),
            "axes": optional(st.sampled_from([(-2, -1), (0, 2), (2, 1)])),
            "norm": optional(st.sampled_from([None, "ortho", "forward"]))}
    for name in ("fftn", "ifftn", "irfftn", "fft2", "ifft2", "irfft2"):
        yield Case(FT + name, args=(y,), kwargs=many, rtol=LOOSE, atol=LOOSE, settings=FEW)
    for name in ("rfftn", "rfft2"):
        yield Case(FT + name, args=(arr("float64", (2, 3, 4)),), kwargs=many, rtol=LOOSE,
                   atol=LOOSE, settings=FEW)
    for name in ("fftshift", "ifftshift"):
        yield Case(FT + name, args=(arr(("int32", "float32"), (3, 4)),),
                   kwargs={"axes": optional(st.sampled_from([None, 0, (0, 1), -1]))})
    for name in ("fftfreq", "rfftfreq"):
        yield Case(FT + name, args=(st.integers(1, 6),),
                   kwargs={"d": optional(st.sampled_from([1.0, 0.1, 2])),
                           "dtype": optional(st.sampled_from([None, "float32", "int32"]))},
                   rtol=TOL)
    yield Case(FT + "fft", args=(arr("float32", (4,)),), kwargs={"norm": "bad"}, id="fft-bad-norm")


test_linalg = make_tests(_few(_linalg_rows()))
test_fft = make_tests(_few(_fft_rows()))


def test_module_names_match_jax():
    """Every public name of jnp.linalg and jnp.fft exists here; result types keep JAX's names."""
    import jax.numpy as real

    import ivy.frontends.jax.numpy.fft as ffft
    import ivy.frontends.jax.numpy.linalg as flinalg
    for mod, ours in ((real.linalg, flinalg), (real.fft, ffft)):
        missing = [n for n in dir(mod) if not n.startswith("_") and not hasattr(ours, n)]
        assert not missing, missing
    for name in ("EigResult", "EighResult", "QRResult", "SlogdetResult", "SVDResult"):
        assert getattr(flinalg, name)._fields == getattr(
            __import__("jax._src.numpy.linalg", fromlist=[name]), name)._fields
