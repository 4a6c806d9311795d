"""torch shape/layout functions and conversion methods vs real PyTorch."""
from hypothesis import strategies as st

from tests.conformance import (Case, arr, axis_for, dtype_arg, make_tests, optional, shapes,
                               shared_dtype, shared_shape)

DTYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
          "float64", "complex64", "complex128")
X = shared_shape("x", min_dims=1, max_dims=3)
S = shared_dtype(DTYPES, "d")
DIM = axis_for(X, none=False)
M = arr(DTYPES, (2, 3, 4))


def _rows():
    yield Case("torch.reshape", args=(M, st.sampled_from([(4, 6), (-1,), (2, -1, 2), (24,), (5, 5)])))
    yield Case("torch.Tensor.view", args=(M, st.sampled_from([6, 4]), -1))
    yield Case("torch.flatten", args=(M,), kwargs={"start_dim": optional(st.integers(-3, 2)),
                                                    "end_dim": optional(st.integers(-3, 2))})
    yield Case("torch.unflatten", args=(M, st.integers(-3, 2), st.sampled_from([(2, -1), (1, -1)])))
    yield Case("torch.permute", args=(M, st.permutations([0, 1, 2])))
    yield Case("torch.Tensor.permute", args=(M, 2, 0, 1))
    yield Case("torch.transpose", args=(M, st.integers(-3, 2), st.integers(-3, 2)))
    yield Case("torch.t", args=(arr(DTYPES, shapes(max_dims=3)),))
    yield Case("torch.movedim", args=(M, st.integers(-3, 2), st.integers(-3, 2)))
    yield Case("torch.unsqueeze", args=(arr(DTYPES, X), st.integers(-4, 3)))
    yield Case("torch.squeeze", args=(arr(DTYPES, shapes(max_side=2)),),
               kwargs={"dim": optional(st.integers(-3, 2))})
    yield Case("torch.Tensor.expand", args=(arr(DTYPES, (3, 1)), 2, -1, 4))
    yield Case("torch.Tensor.repeat", args=(arr(DTYPES, (2, 3)), 2, 1, 2))
    yield Case("torch.cat", args=(st.lists(arr(S, X), min_size=1, max_size=3), DIM))
    yield Case("torch.cat", args=([arr(("int32", "float32", "bool"), (2, 2)),
                                   arr(("int64", "float16", "uint8"), (1, 2))],),
               id="torch.cat-promotes")
    yield Case("torch.stack", args=(st.lists(arr(S, X), min_size=1, max_size=3),),
               kwargs={"dim": optional(st.integers(-2, 1))})
    yield Case("torch.split", args=(arr(DTYPES, (5, 2)), st.sampled_from([1, 2, 3, [1, 4], [2, 3]])))
    yield Case("torch.chunk", args=(arr(DTYPES, (5, 2)), st.integers(1, 6)))
    yield Case("torch.unbind", args=(M,), kwargs={"dim": optional(st.integers(-3, 2))})
    yield Case("torch.flip", args=(M, st.sampled_from([(0,), (1, 2), (-1,), ()])))
    yield Case("torch.roll", args=(M, st.integers(-5, 5)), kwargs={"dims": optional(st.integers(0, 2))})
    yield Case("torch.clone", args=(M,))
    yield Case("torch.where", args=(arr("bool", X), arr(DTYPES, X), arr(DTYPES, X)))
    yield Case("torch.nonzero", args=(arr(DTYPES, X),))
    for prop in ("T", "mT", "H", "mH"):
        yield Case(f"torch.Tensor.{prop}", args=(arr(DTYPES, (2, 3)),))
    for method in ("float", "double", "half", "long", "int", "bool", "short", "byte"):
        yield Case(f"torch.Tensor.{method}", args=(arr(("int32", "float32", "bool"), X),))
    yield Case("torch.Tensor.to", args=(arr(DTYPES, X), dtype_arg(DTYPES)))
    yield Case("torch.Tensor.type_as", args=(arr(DTYPES, X), arr(DTYPES, (1,))))


test_manipulation = make_tests(list(_rows()))
