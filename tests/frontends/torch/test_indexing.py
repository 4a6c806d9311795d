"""torch indexing: ``Tensor.__getitem__`` and ``__setitem__`` vs real PyTorch."""
from hypothesis import strategies as st

from tests.conformance import Case, arr, make_tests

DTYPES = ("bool", "uint8", "int32", "int64", "float16", "float32", "float64", "complex64")
X = arr(DTYPES, (3, 4, 5))
IDX = arr("int64", (2,), min_value=-3, max_value=2)
IDX2 = arr("int64", (2, 1), min_value=-4, max_value=3)
BASIC = st.sampled_from([0, -1, 2, slice(None), slice(1, None), slice(None, None, 2),
                         slice(-2, None), slice(3, 0, -1) if False else slice(0, 3, 2),
                         Ellipsis, None, (0, 1), (slice(None), 2), (Ellipsis, 1),
                         (None, 0, slice(1, 3)), (1, Ellipsis, None), (-1, -1, -1),
                         (slice(None), slice(None), slice(None, None, 3)), 5, (0, 9)])
ADVANCED = st.one_of(
    IDX.map(lambda i: i),                                  # x[t]
    st.tuples(st.just(slice(None)), arr("int64", (3,), min_value=-4, max_value=3)),
    st.tuples(IDX, arr("int64", (2,), min_value=-4, max_value=3)),
    st.tuples(IDX2, st.just(slice(None)), arr("int64", (3,), min_value=-5, max_value=4)),
    st.tuples(st.just(Ellipsis), arr("int64", (2, 2), min_value=0, max_value=4)),
    arr("bool", (3,)), arr("bool", (3, 4)),
    st.tuples(st.just(1), arr("bool", (4,))),
    st.just([0, 2]), st.just([[0, 1], [2, 0]]),
)
KEYS = st.one_of(BASIC, ADVANCED)

test_indexing = make_tests([
    Case("torch.Tensor.__getitem__", args=(X, KEYS)),
    Case("torch.Tensor.__setitem__", args=(arr(("int64", "float32", "float64"), (3, 4, 5)), BASIC,
                                           st.one_of(st.integers(-3, 3), st.floats(-2, 2, width=16),
                                                     arr(("int32", "float32"), (5,)))),
         id="torch.Tensor.__setitem__-basic"),
    Case("torch.Tensor.__setitem__", args=(arr(("int64", "float32"), (3, 4, 5)), ADVANCED,
                                           st.one_of(st.integers(-3, 3), arr("float32", (1,)))),
         id="torch.Tensor.__setitem__-advanced"),
])
