"""``torch.fft`` vs real PyTorch: dtype rules (integers and bool in the default float dtype, real
float32 to complex64, half precision refused on the CPU), ``n``/``s``, ``dim``, ``norm``."""
from hypothesis import strategies as st

from tests.conformance import Case, arr, dtype_arg, make_tests, optional

REAL = ("bool", "int64", "float16", "float32", "float64")
ALL = REAL + ("complex64", "complex128")
TOL = {"float32": 1e-4, "complex64": 1e-4, "float64": 1e-10, "complex128": 1e-10}
NORM = optional(st.sampled_from([None, "backward", "forward", "ortho"]))
SHAPE = st.sampled_from([(5,), (2, 4), (3, 2, 3)])


def _rows():
    for name in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft"):
        yield Case(f"torch.fft.{name}", args=(arr(ALL, SHAPE),),
                   kwargs={"n": optional(st.sampled_from([None, 1, 3, 6])),
                           "dim": optional(st.sampled_from([-1, 0])), "norm": NORM},
                   rtol=TOL, atol=TOL)
    for name in ("fft2", "ifft2", "rfft2", "irfft2"):
        yield Case(f"torch.fft.{name}", args=(arr(ALL, st.sampled_from([(2, 4), (3, 2, 3)])),),
                   kwargs={"s": optional(st.sampled_from([None, (2, 3), (4, -1)])),
                           "dim": optional(st.sampled_from([(-2, -1), (0, 1), (-1, 0)])),
                           "norm": NORM}, rtol=TOL, atol=TOL)
    for name in ("fftn", "ifftn", "rfftn", "irfftn"):
        yield Case(f"torch.fft.{name}", args=(arr(ALL, SHAPE),),
                   kwargs={"s": optional(st.sampled_from([None, (4,), (2, 3)])),
                           "dim": optional(st.sampled_from([None, (0,), (-1, 0), (0, 0)])),
                           "norm": NORM}, rtol=TOL, atol=TOL)
    yield Case("torch.fft.fft", args=(arr("float32", (4,)),),
               kwargs={"n": st.sampled_from([0, -1]), "norm": st.sampled_from(["bad", None])},
               id="fft-invalid")
    yield Case("torch.fft.fft", args=(arr("float32", ()),), id="fft-0d")
    for name in ("fftfreq", "rfftfreq"):
        yield Case(f"torch.fft.{name}", args=(st.integers(1, 7),),
                   kwargs={"d": optional(st.sampled_from([1.0, 0.5, 3])),
                           "dtype": optional(dtype_arg(("float32", "float64", "int64",
                                                        "complex64")))}, rtol=TOL)
    for name in ("fftshift", "ifftshift"):
        yield Case(f"torch.fft.{name}", args=(arr(ALL, st.sampled_from([(), (5,), (2, 3)])),),
                   kwargs={"dim": optional(st.sampled_from([None, 0, -1, (0, -1)]))})


test_fft = make_tests(list(_rows()))
