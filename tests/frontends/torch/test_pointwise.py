"""torch pointwise functions, operators and in-place forms vs real PyTorch (rows from the tables)."""
from hypothesis import strategies as st

from ivy.frontends.torch import _ops
from tests.conformance import Case, make_tests, arr, shared_shape

# torch's own dtypes minus uint16/32/64, which real torch barely supports in kernels
DTYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
          "float64", "complex64", "complex128")
REAL = tuple(d for d in DTYPES if not d.startswith("complex"))
X = shared_shape("x")
SCALARS = st.one_of(st.booleans(), st.integers(-5, 5), st.floats(-5, 5, width=32, allow_subnormal=False))
# (real torch flushes subnormal float32 scalars in some kernels; not worth mirroring)
HALF_TOL = {"float16": 2e-2, "bfloat16": 5e-2, "complex64": 1e-4}

# unary functions that real torch does not define for complex inputs on CPU, or at all
# complex reciprocal of 0: torch gives inf+nanj, the core nan+nanj (division special case left
# to implementations by the standard) -- known gap, so reciprocal rows draw real dtypes only.
REAL_ONLY = {"reciprocal", "rsqrt", "floor", "ceil", "trunc", "fix", "signbit", "sign", "copysign", "bitwise_not"}


# torch's float32 i0 overflows to inf from |x| ~ 88 although i0(89) = 1.9e37 fits: not mirrored.
BOUNDS = {"i0": (-60, 60)}


def _unary_rows():
    for name in _ops.UNARY:
        dtypes = REAL if name in REAL_ONLY else DTYPES
        lo, hi = BOUNDS.get(name, (None, None))
        yield Case(f"torch.{name}", args=(arr(dtypes, X, min_value=lo, max_value=hi),),
                   rtol=HALF_TOL, atol=HALF_TOL)


def _binary_rows():
    for name in list(_ops.BINARY) + ["add", "sub", "div", "pow", "fmod"]:
        dtypes = REAL
        yield Case(f"torch.{name}", args=(arr(dtypes, X), arr(dtypes, X)), rtol=HALF_TOL,
                   atol=HALF_TOL, id=f"torch.{name}-tensors")
        yield Case(f"torch.{name}", args=(arr(dtypes, X), SCALARS), rtol=HALF_TOL, atol=HALF_TOL,
                   id=f"torch.{name}-scalar")


def _dunder_rows():
    for dunder in _ops.DUNDERS:
        yield Case(f"torch.Tensor.{dunder}", args=(arr(REAL, X), SCALARS), rtol=HALF_TOL,
                   atol=HALF_TOL)
    for dunder in _ops.UNARY_DUNDERS:
        yield Case(f"torch.Tensor.{dunder}", args=(arr(REAL, X),))
    for dunder in _ops.INPLACE_DUNDERS:
        yield Case(f"torch.Tensor.{dunder}", args=(arr(REAL, X), arr(REAL, X)), rtol=HALF_TOL,
                   atol=HALF_TOL)


def _alpha_rows():
    for name in ("add", "sub"):
        yield Case(f"torch.{name}", args=(arr(REAL, X), arr(REAL, X)),
                   kwargs={"alpha": st.one_of(st.booleans(), st.integers(-3, 3),
                                              st.floats(-2, 2, width=32, allow_subnormal=False))},
                   rtol=HALF_TOL, atol=HALF_TOL, id=f"torch.{name}-alpha")


test_alpha = make_tests(list(_alpha_rows()))
test_unary = make_tests(list(_unary_rows()))
test_binary = make_tests(list(_binary_rows()))
test_operators = make_tests(list(_dunder_rows()))


def _inplace_function_rows():
    """torch.<name>_ functions (the Tensor's in-place methods under the top-level namespace)."""
    from ivy.frontends import torch as fe
    floats = ("float32", "float64")
    special = {
        "clamp_": ((arr(floats, X),), {"min": st.floats(-2, 0), "max": st.floats(0, 2)}),
        "clip_": ((arr(floats, X),), {"min": st.floats(-2, 0), "max": st.floats(0, 2)}),
        "clamp_min_": ((arr(floats, X), st.floats(-2, 2)), {}),
        "clamp_max_": ((arr(floats, X), st.floats(-2, 2)), {}),
        "gcd_": ((arr("int64", X), arr("int64", X)), {}),
        "lcm_": ((arr("int64", X, min_value=-20, max_value=20),
                  arr("int64", X, min_value=-20, max_value=20)), {}),
        "ldexp_": ((arr(floats, X), arr("int32", X, min_value=-4, max_value=4)), {}),
        "addmv_": ((arr("float64", (3,)), arr("float64", (3, 2)), arr("float64", (2,))), {}),
        "detach_": ((arr(floats, X),), {}),
        "resize_as_": ((arr(floats, (2, 3)), arr(floats, (3, 2))), {}),
    }
    bounds = {"acosh_": (1, 10), "arccosh_": (1, 10), "logit_": (0.01, 0.99)}
    for name in fe.INPLACE_FUNCTIONS:
        if name in special:
            args, kwargs = special[name]
            yield Case(f"torch.{name}", args=args, kwargs=kwargs)
        else:
            lo, hi = bounds.get(name, (None, None))
            yield Case(f"torch.{name}", args=(arr(floats, X, min_value=lo, max_value=hi),),
                       rtol={"float32": 1e-5, "float64": 1e-12})


test_inplace_functions = make_tests(list(_inplace_function_rows()))
