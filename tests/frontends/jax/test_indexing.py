"""jax.Array.__getitem__ (JAX's clamping), x.at[...] and jnp's index functions vs real JAX (x64)."""
import numpy as np
import pytest
from hypothesis import strategies as st

import ivy
from tests.conformance import Case, arr, make_tests, optional

D = ("bool", "int32", "float32", "float64")
X = arr(D, (3, 4, 2))
I = arr("int64", (2,), min_value=-6, max_value=5)           # out of bounds both ways
BASIC = st.sampled_from([0, -1, 5, -9, slice(None), slice(1, None), slice(None, None, -2),
                         Ellipsis, None, (0, 1), (slice(None), 2), (Ellipsis, 1), (7, -7),
                         (None, 0, slice(1, 3)), (1, Ellipsis, None), ()])
ADVANCED = st.one_of(
    I, st.tuples(st.just(slice(None)), I), st.tuples(I, I, st.just(0)),
    st.tuples(arr("int64", (2, 1), min_value=-4, max_value=3), st.just(slice(None)), I),
    st.tuples(st.just(Ellipsis), arr("int32", (2, 2), min_value=-3, max_value=3)),
    arr("bool", (3,)), arr("bool", (3, 4)), st.tuples(st.just(1), arr("bool", (4,))),
    st.tuples(arr("uint8", (2,), max_value=4), st.just(None)), st.just(([0, 2], [1, 9])),
    st.just([0, 1]), st.just(1.0), st.just((0, 0, 0, 0)))
FAST = {"max_examples": 4}
V = arr(("int32", "float64"), (5,))
IDX5 = arr("int64", (3,), min_value=-7, max_value=6)
TAKE_MODE = optional(st.sampled_from([None, "fill", "clip", "wrap", "raise"]))

test_indexing = make_tests([
    Case("jax.Array.__getitem__", args=(X, st.one_of(BASIC, ADVANCED)),
         settings={"max_examples": 10}),
    Case("jnp.take", args=(V, IDX5), kwargs={"mode": TAKE_MODE,
                                             "fill_value": optional(st.just(-1))}),
    Case("jnp.take", args=(arr("float32", (2, 3)), arr("int32", (2, 2), min_value=-4,
                                                          max_value=3)),
         kwargs={"axis": st.sampled_from([0, 1, -1, None, 2]), "mode": TAKE_MODE},
         settings=FAST),
    Case("jnp.take_along_axis", args=(arr("float64", (3, 4)), arr("int64", (3, 2), min_value=-5,
                                                                    max_value=4)),
         kwargs={"axis": st.sampled_from([1, -1]), "mode": optional(st.sampled_from(
             ["fill", "clip"]))}, settings=FAST),
    Case("jnp.where", args=(arr("bool", (3, 1)), arr(("int8", "float32"), (4,)),
                            st.sampled_from([2, 1.5, True]))),
    Case("jnp.where", args=(arr(("bool", "int32"), (2, 3)),),
         kwargs={"size": optional(st.integers(1, 7)), "fill_value": optional(st.just(-1))},
         id="jnp.where-nonzero", settings=FAST),
    Case("jnp.nonzero", args=(arr(("bool", "float32"), st.sampled_from([(), (4,), (2, 3)])),),
         kwargs={"size": optional(st.integers(1, 7))}),
    Case("jnp.argwhere", args=(arr("int32", st.sampled_from([(), (4,), (2, 3)])),),
         kwargs={"size": optional(st.integers(1, 7))}, settings=FAST),
    Case("jnp.flatnonzero", args=(arr("int32", (2, 3)),), kwargs={"size": optional(
        st.integers(1, 7)), "fill_value": optional(st.just(9))}, settings=FAST),
    Case("jnp.compress", args=(arr("bool", st.sampled_from([(2,), (4,), (5,)])),
                               arr("float32", (4, 3))),
         kwargs={"axis": optional(st.sampled_from([0, -1]))}, settings=FAST),
    Case("jnp.extract", args=(arr("bool", (2, 3)), arr("int32", (2, 3))),
         kwargs={"size": optional(st.integers(1, 6))}, settings=FAST),
    Case("jnp.diagonal", args=(arr(("int32", "float64"), (3, 4, 2)),),
         kwargs={"offset": st.integers(-2, 2), "axis1": st.sampled_from([0, 1, -1]),
                 "axis2": st.sampled_from([1, 2])}, settings=FAST),
    Case("jnp.tril_indices", args=(st.integers(0, 4),), kwargs={"k": st.integers(-2, 2),
                                                               "m": optional(st.integers(0, 4))},
         settings=FAST),
    Case("jnp.triu_indices_from", args=(arr("float32", st.sampled_from([(3, 4), (3,)])),),
         kwargs={"k": st.integers(-2, 2)}, settings=FAST),
    Case("jnp.unravel_index", args=(arr("int64", (4,), min_value=-15, max_value=15),
                                    st.sampled_from([(2, 4), (3, 1, 2)]))),
    Case("jnp.ravel_multi_index", args=(st.tuples(arr("int64", (3,), min_value=-1, max_value=3),
                                                  arr("int64", (3,), min_value=-1, max_value=3)),
                                        st.just((3, 4))),
         kwargs={"mode": st.sampled_from(["raise", "clip", "wrap"]),
                 "order": optional(st.sampled_from(["C", "F"]))}),
    Case("jax.Array.take", args=(V, IDX5), settings=FAST),
    Case("jax.Array.nonzero", args=(arr("int32", (2, 3)),), kwargs={"size": optional(
        st.integers(1, 7))}, settings=FAST),
])


# ---- x.at[...] and the functions the row form cannot draw: expressions checked against real JAX
# (x, i, w, m below are the same on both sides).
EXPRESSIONS = """
x.at[5].set(9)
x.at[jnp.array([0, 0])].add(1.5)
x.at[jnp.array([-5, 4, -4])].get(mode="fill", fill_value=7)
x.at[jnp.array([-5, 4])].get(mode="drop")
x.at[1].get(mode="foo")
x.at[jnp.array([-5, 4])].add(10)
x.at[jnp.array([-5, 4])].add(10, mode="clip")
x.at[x > 1].set(jnp.array([8, 9]))
x.at[jnp.array([0, 0, 1])].min(-1)
x.at[jnp.array([0, 0])].subtract(2)
x.at[1].mul(3)
x.at[1].set(jnp.array([1, 2]))
jnp.arange(3).at[1].set(2.5)
jnp.arange(3).at[1].divide(2)
jnp.full(3, 3.).at[jnp.array([0, 0])].power(2)
jnp.asarray(3).at[()].add(2.5)
jnp.array([True, False]).at[0].add(True)
jnp.ones(3).at[jnp.array([0, 0, 7])].apply(lambda v: v * 3)
m.at[jnp.array([0, 0, 2]), jnp.array([1, 1, 9])].add(1)
m.at[..., jnp.array([-1, 5])].multiply(2, mode="clip")
m.at[jnp.array([0, 7])].set(jnp.array([[1, 2, 3, 4]]))
m.at[:, None, 1:3].set(jnp.array([7, 8]))
jnp.put(x, i, 7.)
jnp.put(x, i, 7., inplace=False)
jnp.put(x, jnp.array([0, 1, 2]), jnp.array([7, 8]), inplace=False)
jnp.put_along_axis(jnp.ones((2, 3)), jnp.array([[0], [7]]), 5., axis=1, inplace=False)
jnp.put_along_axis(m, jnp.array([[0, 1, 2, 0]]), jnp.array([[5, 6, 7, 8]]), axis=0, inplace=False)
jnp.where(x > 1, 1, 2.5)
jnp.nonzero(jnp.ones((2, 2)), size=5, fill_value=(8, 9))
jnp.select([x > 1, x > 2], [x, x * 2], 1)
jnp.choose(jnp.array([0, 1, 0]), [jnp.arange(3), jnp.arange(3.) * 2])
jnp.choose(jnp.array([0, 3, 0]), [jnp.arange(3), jnp.arange(3.)])
jnp.array([0, 1, 0]).choose([w, w])
jnp.compress(jnp.array([True, False, True]), x, size=3, fill_value=9)
jnp.extract(x > 1, x, size=3, fill_value=-1)
jnp.place(x, x > 0, jnp.array([7, 8]), inplace=False)
jnp.piecewise(x, [x < 1, x > 2], [lambda v: v * 2, lambda v: v * 10, 100])
jnp.piecewise(x, [x < 1], [lambda v, a: v + a, 0], 5)
jnp.diagonal(jnp.full((2, 3), 2.0), 1)
jnp.diag_indices_from(jnp.ones((2, 2, 2)))
jnp.fill_diagonal(jnp.zeros((5, 2)), jnp.array([1, 2, 3]), inplace=False)
jnp.mask_indices(3, lambda a, k: a > k, 0, size=12)
jnp.unravel_index(5, (2, 4))
"""


def _env(jnp):
    return {"x": jnp.arange(4.), "i": jnp.array([0, 5, -1, -6]), "w": jnp.asarray(2.0),
            "m": jnp.arange(12).reshape(3, 4)}


def canon(r):
    if isinstance(r, (tuple, list)):
        return (type(r).__name__, getattr(r, "_fields", None), [canon(v) for v in r])
    if hasattr(r, "weak_type"):
        a = np.asarray(r)
        return ("array", a.dtype.name, bool(r.weak_type), a.shape, a)
    return ("value", r)


def outcome(jnp, expr, env):
    try:
        return canon(eval(expr, {"jnp": jnp, "np": np, **env(jnp)}))
    except Exception as e:     # noqa: BLE001 - the exception type is what is compared
        return ("error", type(e))


_REAL = {}


def real_outcome(expr, env):
    if (expr, env) not in _REAL:
        import jax
        import jax.numpy as jnp
        with jax.enable_x64(True):
            _REAL[expr, env] = outcome(jnp, expr, env)
    return _REAL[expr, env]


def same(want, got):
    if want[0] == "error":      # the frontend raises the builtin type real JAX raised
        builtin = next((c for c in want[1].__mro__ if c.__module__ == "builtins"), Exception)
        return got[0] == "error" and issubclass(got[1], builtin)
    if want[0] != got[0]:
        return False
    if want[0] == "array":
        return want[:4] == got[:4] and (not want[4].size or np.allclose(
            want[4].astype(complex), got[4].astype(complex), equal_nan=True))
    if want[0] == "value":
        return want == got
    return want[:2] == got[:2] and len(want[2]) == len(got[2]) and all(
        same(a, b) for a, b in zip(want[2], got[2]))


def check_expressions(backend, expressions, env):
    """Every expression gives real JAX's result (dtype, weak type, shape, values) or error."""
    import ivy.frontends.jax.numpy as fjnp
    bad = []
    with ivy.using_backend(backend):
        for expr in filter(None, expressions.strip().split("\n")):
            want, got = real_outcome(expr, env), outcome(fjnp, expr, env)
            if not same(want, got):
                bad.append((expr, want[:3], got[:3]))
    assert not bad, bad


def test_expressions(backend):
    check_expressions(backend, EXPRESSIONS, _env)


def test_at_repr_and_helpers(backend):
    import ivy.frontends.jax.numpy as fjnp
    with ivy.using_backend(backend):
        x = fjnp.arange(3)
        assert repr(x.at) == "_IndexUpdateHelper(Array([0, 1, 2], dtype=int64))"
        assert repr(x.at[1]) == "_IndexUpdateRef(Array([0, 1, 2], dtype=int64), 1)"
        assert x.at[1].array is x and x.at[1].index == 1
        with pytest.raises(NotImplementedError):
            x.at[1].set(2, out_sharding=object())
