"""Conformance rows for numpy's ufuncs and the foundation's reductions against real NumPy."""
from hypothesis import strategies as st

from tests.conformance import (ALL, FLOATS, NUMERIC, Case, arr, axis_for, broadcastable,
                               make_tests, optional, shared_shape)

X = shared_shape("x")
REAL_NUMERIC = tuple(d for d in NUMERIC if not d.startswith("complex") and d != "bfloat16")
NO_BF16 = tuple(d for d in ALL if d != "bfloat16")
test_ufuncs = make_tests([
    Case("np.add", args=broadcastable(2, NO_BF16)),
    Case("np.subtract", args=broadcastable(2, REAL_NUMERIC)),
    Case("np.multiply", args=(arr(NO_BF16), st.sampled_from([2, 2.5, True, -3]))),
    Case("np.true_divide", args=broadcastable(2, REAL_NUMERIC)),
    Case("np.maximum", args=broadcastable(2, REAL_NUMERIC)),
    Case("np.less", args=broadcastable(2, REAL_NUMERIC)),
    Case("np.sin", args=(arr(("float32", "float64", "int16")),), rtol=1e-5),
    Case("np.sqrt", args=(arr(("float32", "float64"), min_value=0),)),
    Case("np.negative", args=(arr(REAL_NUMERIC),)),
    Case("numpy.ndarray.sum", args=(arr(REAL_NUMERIC, X),), kwargs={"axis": optional(axis_for(X))}),
    Case("np.mean", args=(arr(("float64", "int32"), X),), kwargs={"axis": optional(axis_for(X))}),
    Case("np.argmax", args=(arr(REAL_NUMERIC, X),), kwargs={"axis": optional(axis_for(X))}),
])
