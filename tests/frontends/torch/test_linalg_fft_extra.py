"""``torch.linalg`` LDL / ``lu_factor_ex`` and ``torch.fft`` hfft2/hfftn/ihfft2/ihfftn vs real
PyTorch."""
import numpy as np
import torch as real_torch
from hypothesis import strategies as st

from tests.conformance import ArrayArg, Case, arr, make_tests, optional

REAL = ("bool", "int64", "float16", "float32", "float64")
ALL = REAL + ("complex64", "complex128")
TOL = {"float32": 1e-4, "complex64": 1e-4, "float64": 1e-10, "complex128": 1e-10}
NORM = optional(st.sampled_from([None, "backward", "forward", "ortho"]))
FEW = {"max_examples": 6}


def _fft_rows():
    for name in ("hfft2", "ihfft2"):
        yield Case(f"torch.fft.{name}", args=(arr(ALL, st.sampled_from([(2, 4), (3, 2, 3)])),),
                   kwargs={"s": optional(st.sampled_from([None, (2, 3), (4, -1)])),
                           "dim": optional(st.sampled_from([(-2, -1), (0, 1), (-1, 0)])),
                           "norm": NORM}, rtol=TOL, atol=TOL, settings=FEW)
    for name in ("hfftn", "ihfftn"):
        yield Case(f"torch.fft.{name}",
                   args=(arr(ALL, st.sampled_from([(5,), (2, 4), (3, 2, 3)])),),
                   kwargs={"s": optional(st.sampled_from([None, (4,), (2, 3)])),
                           "dim": optional(st.sampled_from([None, (0,), (-1, 0), (0, 0)])),
                           "norm": NORM}, rtol=TOL, atol=TOL, settings=FEW)


test_fft_extra = make_tests(list(_fft_rows()))


LIN = ("float32", "float64", "complex64", "complex128")
LTOL = {"float32": 1e-3, "complex64": 1e-3, "float64": 1e-8, "complex128": 1e-8}


@st.composite
def _symmetric(draw, hermitian=None, batch=((), (2,))):
    dt = draw(st.sampled_from(LIN))
    n = draw(st.integers(1, 5))
    a = draw(arr(dt, draw(st.sampled_from(batch)) + (n, n))).value
    herm = draw(st.booleans()) if hermitian is None else hermitian
    a = a + (np.conj(np.swapaxes(a, -1, -2)) if herm else np.swapaxes(a, -1, -2))
    if draw(st.booleans()):             # small diagonals force 2x2 pivots
        idx = np.arange(n)
        a[..., idx, idx] *= 0.01
    return ArrayArg(a.astype(dt)), herm


@st.composite
def _ldl_inputs(draw):
    a, herm = draw(_symmetric())
    return (a,), {"hermitian": herm}


@st.composite
def _ldl_solve_inputs(draw):
    a, herm = draw(_symmetric())
    ld, piv, info = real_torch.linalg.ldl_factor_ex(real_torch.from_numpy(a.value),
                                                    hermitian=herm)
    if info.any():
        ld, piv = real_torch.linalg.ldl_factor_ex(real_torch.from_numpy(
            a.value + 3 * np.eye(a.value.shape[-1], dtype=a.value.dtype)), hermitian=herm)[:2]
    b = draw(arr(str(a.value.dtype), a.value.shape[-1:] + (draw(st.integers(1, 2)),)))
    return (ArrayArg(ld.numpy()), ArrayArg(piv.numpy()), b), {"hermitian": herm}


def _linalg_rows():
    # torch's own pivots are reproduced exactly (LAPACK's unblocked Bunch-Kaufman, uplo="L")
    yield Case("torch.linalg.ldl_factor", inputs=_ldl_inputs(), rtol=LTOL, atol=LTOL,
               match_errors=False, settings={"max_examples": 15})
    yield Case("torch.linalg.ldl_factor_ex", inputs=_ldl_inputs(), rtol=LTOL, atol=LTOL,
               settings={"max_examples": 15})
    yield Case("torch.linalg.ldl_factor", args=(arr(st.sampled_from(["int64", "float32"]),
                                                    st.sampled_from([(3,), (2, 3), (0, 0)])),),
               id="ldl_factor-invalid", settings=FEW)
    yield Case("torch.linalg.ldl_solve", inputs=_ldl_solve_inputs(), rtol=LTOL, atol=LTOL,
               settings={"max_examples": 15})
    yield Case("torch.linalg.ldl_solve", args=(arr("float32", (3, 3)),
                                               ArrayArg(np.array([1, 2, 3], dtype=np.int32)),
                                               arr(st.sampled_from(["float32", "float64"]),
                                                   st.sampled_from([(3,), (3, 2), (2, 2)]))),
               id="ldl_solve-invalid", settings=FEW)
    yield Case("torch.linalg.lu_factor_ex",
               args=(arr(LIN, st.sampled_from([(3, 3), (2, 3, 4), (4, 2)]),
                         elements=st.sampled_from([0.0, 1.0, -2.0, 0.5])),),
               kwargs={"check_errors": optional(st.booleans())}, rtol=LTOL, atol=LTOL,
               settings={"max_examples": 12})
    yield Case("torch.linalg.lu_factor_ex", args=(arr(st.sampled_from(["int64", "float32"]),
                                                      st.sampled_from([(3,), (2, 2)])),),
               kwargs={"pivot": st.booleans()}, id="lu_factor_ex-invalid", settings=FEW)


test_linalg_extra = make_tests(list(_linalg_rows()))
