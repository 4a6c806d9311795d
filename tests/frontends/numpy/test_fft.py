"""Conformance rows for numpy.fft against real NumPy."""
from hypothesis import strategies as st

from tests.conformance import Case, arr, make_tests, optional

REAL_IN = ("float32", "float64", "int32", "float16")
ALL_IN = REAL_IN + ("complex64", "complex128")
NORM = optional(st.sampled_from([None, "backward", "ortho", "forward"]))
SMALL = {"max_examples": 6}
TOL = {"float32": 1e-4, "complex64": 1e-4, "float64": 1e-10, "complex128": 1e-10}
test_fft = make_tests([
    Case("numpy.fft.fft", args=(arr(ALL_IN, (2, 5)),),
         kwargs={"n": optional(st.integers(1, 7)), "axis": optional(st.sampled_from([0, -1])),
                 "norm": NORM}, rtol=TOL, atol=TOL, settings=SMALL),
    Case("numpy.fft.ifft", args=(arr(ALL_IN, (6,)),), kwargs={"norm": NORM}, rtol=TOL, atol=TOL,
         settings=SMALL),
    Case("numpy.fft.rfft", args=(arr(REAL_IN, (2, 6)),), kwargs={"n": optional(st.integers(1, 8))},
         rtol=TOL, atol=TOL, settings=SMALL),
    Case("numpy.fft.irfft", args=(arr(("complex64", "complex128"), (5,)),),
         kwargs={"n": optional(st.integers(2, 9)), "norm": NORM}, rtol=TOL, atol=TOL,
         settings=SMALL),
    Case("numpy.fft.hfft", args=(arr(("complex128",), (4,)),), rtol=TOL, atol=TOL, settings=SMALL),
    Case("numpy.fft.ihfft", args=(arr(("float64",), (6,)),), rtol=TOL, atol=TOL, settings=SMALL),
    Case("numpy.fft.fft2", args=(arr(ALL_IN, (3, 4)),), kwargs={"norm": NORM}, rtol=TOL,
         atol=TOL, settings=SMALL),
    Case("numpy.fft.ifft2", args=(arr(("complex128",), (3, 4)),), rtol=TOL, atol=TOL,
         settings=SMALL),
    Case("numpy.fft.fftn", args=(arr(("float64", "complex64"), (2, 3, 4)),),
         kwargs={"axes": optional(st.sampled_from([(0, 2), (1,)]))}, rtol=TOL, atol=TOL,
         settings=SMALL),
    Case("numpy.fft.ifftn", args=(arr(("complex128",), (2, 3)),), rtol=TOL, atol=TOL,
         settings=SMALL),
    Case("numpy.fft.rfft2", args=(arr(("float32", "float64"), (4, 4)),), rtol=TOL, atol=TOL,
         settings=SMALL),
    Case("numpy.fft.irfft2", args=(arr(("complex128",), (4, 3)),), rtol=TOL, atol=TOL,
         settings=SMALL),
    Case("numpy.fft.rfftn", args=(arr(("float64",), (2, 4)),), rtol=TOL, atol=TOL,
         settings=SMALL),
    Case("numpy.fft.irfftn", args=(arr(("complex128",), (2, 3)),),
         kwargs={"s": optional(st.just((2, 4)))}, rtol=TOL, atol=TOL, settings=SMALL),
    Case("numpy.fft.fftfreq", args=(st.integers(1, 9), optional(st.sampled_from([0.5, 2.0]))),
         settings=SMALL),
    Case("numpy.fft.rfftfreq", args=(st.integers(1, 9),), settings=SMALL),
    Case("numpy.fft.fftshift", args=(arr(("float64", "int32"), (3, 4)),),
         kwargs={"axes": optional(st.sampled_from([0, (1,), None]))}, settings=SMALL),
    Case("numpy.fft.ifftshift", args=(arr(("float64",), (5,)),), settings=SMALL),
    Case("numpy.fft.fft", id="fft-bad-n", args=(arr("float64", (4,)),), kwargs={"n": 0},
         settings={"max_examples": 1}),
    Case("numpy.fft.rfft", id="rfft-complex", args=(arr("complex128", (4,)),),
         settings={"max_examples": 1}),
])
