"""jnp sorting, searching and set functions (and the matching jax.Array methods) vs real JAX."""
import numpy as np
from hypothesis import strategies as st

from tests.conformance import Case, arr, axis_for, make_tests, optional, shared_shape

from .test_indexing import check_expressions

X = shared_shape("x", min_dims=1, max_dims=2)
D = ("int32", "float32", "float64")
FAST = {"max_examples": 4}
SMALL = arr(("int32", "float64"), (6,), min_value=-3, max_value=3)    # duplicates likely
SIZE = optional(st.integers(1, 8))

test_sorting_sets = make_tests([
    Case("jnp.sort", args=(arr(D, X, edge=True),), kwargs={
        "axis": axis_for(X), "stable": optional(st.booleans()),
        "descending": optional(st.booleans())}, settings={"max_examples": 6}),
    Case("jnp.argsort", args=(arr(D, X, min_value=-3, max_value=3),), kwargs={
        "axis": axis_for(X), "descending": optional(st.booleans()),
        "dtype": optional(st.just("int32"))}, settings={"max_examples": 6}),
    Case("jnp.sort_complex", args=(arr(("int8", "float64", "complex64"), (5,)),), settings=FAST),
    Case("jnp.lexsort", args=(st.tuples(SMALL, arr("int32", (6,), min_value=0,
                                                                     max_value=2)),),
         settings=FAST),
    Case("jnp.partition", args=(arr("float32", (2, 5)), st.integers(-5, 4)), settings=FAST),
    Case("jnp.argpartition", args=(arr("int32", (5,)), st.integers(-5, 4)), settings=FAST),
    Case("jnp.searchsorted", args=(st.just(np.array([-2., 0., 0., 1.5, 3.])),
                                   arr(("float64", "int32"), (3,), min_value=-3, max_value=3)),
         kwargs={"side": optional(st.sampled_from(["left", "right"]))}),
    Case("jnp.unique", args=(SMALL,), kwargs={
        "return_index": st.booleans(), "return_inverse": st.booleans(),
        "return_counts": st.booleans(), "size": SIZE}, settings={"max_examples": 6}),
    Case("jnp.unique", args=(arr("int32", (4, 3), min_value=0, max_value=1),),
         kwargs={"axis": st.sampled_from([0, 1, -1]), "return_inverse": st.booleans()},
         settings=FAST),
    Case("jnp.unique_all", args=(arr("float32", (2, 3), min_value=-2, max_value=2),),
         kwargs={"size": SIZE}, settings=FAST),
    Case("jnp.unique_counts", args=(SMALL,), settings=FAST),
    Case("jnp.union1d", args=(SMALL, arr("int32", (3,), min_value=-3, max_value=3)),
         kwargs={"size": SIZE}, settings=FAST),
    Case("jnp.intersect1d", args=(SMALL, arr("int32", (4,), min_value=-3, max_value=3)),
         kwargs={"return_indices": st.booleans()}, settings=FAST),
    Case("jnp.setdiff1d", args=(SMALL, arr("int32", (4,), min_value=-3, max_value=3)),
         kwargs={"size": SIZE}, settings=FAST),
    Case("jnp.setxor1d", args=(SMALL, arr("int32", (4,), min_value=-3, max_value=3)),
         settings=FAST),
    Case("jnp.isin", args=(arr(("int32", "float64"), (2, 3), min_value=-3, max_value=3),
                           arr("int32", (4,), min_value=-3, max_value=3)),
         kwargs={"invert": optional(st.booleans())}, settings=FAST),
    Case("jax.Array.sort", args=(arr("float32", (2, 3)),), kwargs={"axis": st.sampled_from(
        [0, -1, None])}, settings=FAST),
    Case("jax.Array.argsort", args=(arr("int32", (2, 3), min_value=0, max_value=2),),
         settings=FAST),
    Case("jax.Array.argpartition", args=(arr("float64", (6,)), st.integers(0, 5)),
         settings=FAST),
])

EXPRESSIONS = """
jnp.sort(w)
jnp.sort(x, kind="quicksort")
jnp.sort(jnp.array([1+2j, 1-1j, 0+5j]))
jnp.argsort(x, descending=True)
jnp.lexsort(m)
jnp.lexsort([])
jnp.partition(jnp.array([5, 1, 4, 2, 3]), 7)
jnp.searchsorted(jnp.array([3, 1, 2]), 2, sorter=jnp.array([1, 2, 0]))
jnp.searchsorted(jnp.array([1, 2, 3]), 2, method="foo")
jnp.searchsorted(m, 2)
jnp.array([1, 2, 3]).searchsorted(jnp.array([2, 7]), side="right")
jnp.searchsorted(jnp.array([1., jnp.nan]), jnp.array([jnp.nan, 3.]))
jnp.unique(w, return_inverse=True)
jnp.unique_inverse(m)
jnp.unique(jnp.array([], dtype=int), size=2)
jnp.unique(jnp.array([1+1j, 1-1j, 1+1j]), return_inverse=True, return_counts=True)
jnp.union1d(w, 3)
jnp.intersect1d(jnp.array([3, 1, 2]), jnp.array([2, 1, 5]), assume_unique=True, return_indices=True)
jnp.intersect1d(jnp.array([3, 1, 2, 1]), jnp.array([2, 1, 5]), size=4, return_indices=True)
jnp.isin(2, m)
jnp.isin(m, jnp.array([1, 2]), method="foo")
"""


def _env(jnp):
    return {"x": jnp.array([3., 1., jnp.nan, 2., 1.]), "w": jnp.asarray(2.0),
            "m": jnp.array([[3, 1, 2], [1, 1, 0]])}


def test_sorting_sets_expressions(backend):
    check_expressions(backend, EXPRESSIONS, _env)
