"""jax.Array operators (with Python scalars: weak types) and the remaining tier-1 names vs real JAX."""
import numpy as np
from hypothesis import strategies as st

import ivy
from tests.conformance import Case, arr, make_tests

X = (2, 3)
NUM = ("int32", "float32", "float64")
SETTINGS = {"max_examples": 3}


def _operand_pair(dtypes):
    """An array and a second operand: an array of another drawn dtype or a Python scalar."""
    other = st.one_of(st.sampled_from(dtypes).flatmap(lambda d: arr(d, (3,), min_value=1,
                                                                    max_value=5)),
                      st.integers(1, 5), st.floats(0.5, 4.0))
    return st.tuples(st.sampled_from(dtypes).flatmap(lambda d: arr(d, X, min_value=1,
                                                                   max_value=5)), other)


def _row(dunder, dtypes=NUM, **kw):
    return Case(f"jax.Array.{dunder}", args=_operand_pair(dtypes), settings=SETTINGS, **kw)


_ARITH = ("__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__",
          "__rtruediv__", "__floordiv__", "__mod__", "__pow__", "__rpow__")
_COMPARE = ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__")
_BITS = ("__and__", "__or__", "__xor__", "__lshift__", "__rshift__", "__rand__", "__ror__")
_BOOLS = ("int32", "int64", "bool")

test_operators = make_tests(
    [_row(d) for d in _ARITH + _COMPARE]
    + [_row(d, ("int32", "int64")) for d in _BITS]
    + [Case(f"jax.Array.{d}", args=(arr(NUM, X),), settings=SETTINGS)
       for d in ("__neg__", "__pos__", "__abs__")]
    + [Case("jax.Array.__invert__", args=(arr(_BOOLS, X),), settings=SETTINGS),
       Case("jax.Array.__matmul__", args=(arr("float32", (2, 3)), arr("float32", (3, 2))),
            settings=SETTINGS),
       Case("jax.Array.__getitem__", args=(arr(NUM, (3, 4)), st.sampled_from(
           [0, -1, (slice(None), 1), (Ellipsis, None), (slice(0, 2), slice(None, None, -1))])),
            settings=SETTINGS)]
    + [Case(f"jnp.{name}", args=(arr(("bool", "int32", "float32"), X),
                                  arr(("bool", "int32", "float32"), (3,))), settings=SETTINGS)
       for name in ("logical_and", "logical_or", "not_equal")]
    + [Case("jnp.logical_not", args=(arr(("bool", "int32", "float32"), X),), settings=SETTINGS),
       Case("jnp.isnan", args=(arr(("float32", "float64", "int32"), X, edge=True),),
            settings=SETTINGS),
       Case("jnp.ones_like", args=(arr(NUM, X),), kwargs={"dtype": st.sampled_from(
           [None, "float32", "int8"])}, settings=SETTINGS)])


def test_constants_and_single_device_attributes(backend, real_jax):
    import ivy.frontends.jax as fjax
    real_jax, rjnp = real_jax
    assert fjax.numpy.pi == rjnp.pi and fjax.numpy.newaxis is rjnp.newaxis is None
    with ivy.using_backend(backend):
        for jax in (real_jax, fjax):
            x = jax.numpy.ones((2, 3), dtype=jax.numpy.float32)
            shards = x.addressable_shards
            assert len(shards) == 1 and shards[0].replica_id == 0
            np.testing.assert_array_equal(np.asarray(shards[0].data), np.ones((2, 3)))
            assert str(x.aval) == "float32[2,3]" and x.aval.shape == (2, 3)
            assert str(jax.numpy.asarray(1.0).aval) == "~float64[]"
            y = jax.lax.with_sharding_constraint(
                x, jax.sharding.SingleDeviceSharding(jax.devices()[0]))
            np.testing.assert_array_equal(np.asarray(y), np.asarray(x))
            with jax.named_scope("block"):
                z = x * 2
            assert z.dtype == np.float32
