"""torch reductions and scans vs real PyTorch."""
from hypothesis import strategies as st

from tests.conformance import Case, arr, axis_for, make_tests, optional, shared_shape

DTYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
          "float64", "complex64", "complex128")
REAL = tuple(d for d in DTYPES if not d.startswith("complex"))
FLOATS = ("float32", "float64")
X = shared_shape("x", max_dims=3)
TOL = {"float16": 1e-2, "bfloat16": 5e-2, "float32": 1e-4}
DIM = axis_for(X)
DIMS = axis_for(X, tuples=True)


def _rows():
    for name in ("sum", "mean", "amax", "amin", "all", "any"):
        dtypes = DTYPES if name in ("sum", "mean", "all", "any") else REAL
        yield Case(f"torch.{name}", args=(arr(dtypes, X),),
                   kwargs={"dim": optional(DIMS), "keepdim": optional(st.booleans())},
                   rtol=TOL, atol=TOL)
        yield Case(f"torch.Tensor.{name}", args=(arr(dtypes, X),), rtol=TOL, atol=TOL)
    yield Case("torch.prod", args=(arr(REAL, X),),
               kwargs={"dim": optional(DIM), "keepdim": optional(st.booleans())}, rtol=TOL, atol=TOL)
    for name in ("std", "var"):
        yield Case(f"torch.{name}", args=(arr(FLOATS, X),),
                   kwargs={"dim": optional(DIMS), "keepdim": optional(st.booleans()),
                           "correction": optional(st.sampled_from([0, 1, 2]))}, rtol=TOL)
    for name in ("max", "min"):
        yield Case(f"torch.{name}", args=(arr(REAL, X),), id=f"torch.{name}-all")
        yield Case(f"torch.{name}", args=(arr(REAL, X), DIM),
                   kwargs={"keepdim": optional(st.booleans())}, id=f"torch.{name}-dim")
        yield Case(f"torch.{name}", args=(arr(FLOATS, X, edge=True), DIM), id=f"torch.{name}-nan")
    for name in ("argmax", "argmin"):
        yield Case(f"torch.{name}", args=(arr(REAL, X, edge=True),),
                   kwargs={"dim": optional(DIM), "keepdim": optional(st.booleans())})
    for name in ("cumsum", "cumprod"):
        yield Case(f"torch.{name}", args=(arr(REAL, X), DIM), rtol=TOL, atol=TOL)
    yield Case("torch.count_nonzero", args=(arr(DTYPES, X),), kwargs={"dim": optional(DIMS)})


test_reductions = make_tests(list(_rows()))
