"""jnp array creation and the dtype functions vs real JAX (x64 on)."""
import io

import numpy as np
import pytest
from hypothesis import strategies as st

import ivy
from tests.frontends.jax._helpers import same_result
from tests.conformance import Case, arr, dtype_arg, make_tests, optional, shapes

FAST = {"max_examples": 3}
SLOW = {"max_examples": 2}      # real JAX compiles a new program for most examples of these
D = ("bool", "int8", "float32")
F = ("float32", "float64")
SHAPE = st.one_of(st.integers(0, 3), st.tuples(st.integers(0, 3), st.integers(1, 2)), st.just(()),
                  st.just((2.0,)), st.just(-1))
DT = optional(dtype_arg(("int32", "float32", "bool", "complex64")))
FILL = st.one_of(st.integers(-3, 300), st.floats(-5, 5), st.booleans(),
                 arr(("int8", "float32"), st.sampled_from([(), (2,)])))

# The jax hook (_conformance.py) declares no DTYPE_TYPES yet, so a dtype result of the frontend is
# an opaque value: compare dtype results by name.
_DTYPE_NAME = lambda d: str(getattr(d, "text", d))      # noqa: E731


def C(*args, settings=None, **kwargs):
    """A row with few examples by default (the suite's time budget)."""
    return Case(*args, settings=settings or FAST, **kwargs)


test_creation = make_tests([
    # ---- filled arrays
    C("jnp.zeros", args=(SHAPE,), kwargs={"dtype": DT}),
    C("jnp.ones", args=(SHAPE,), kwargs={"dtype": DT}),
    C("jnp.empty", args=(SHAPE,), kwargs={"dtype": DT}),
    C("jnp.full", args=(st.sampled_from([(2,), (2, 2), 3, ()]), FILL),
      kwargs={"dtype": optional(st.sampled_from(["int8", "float64", "uint8"]))},
      settings={"max_examples": 5}),
    C("jnp.full", args=((2,), [1, 2]), id="jnp.full-list"),
    *[C(f"jnp.{n}_like", args=(st.one_of(arr(D, shapes(0, 2)), st.just(1.5), st.just(2)),),
        kwargs={"dtype": DT, "shape": optional(st.sampled_from([(2, 3), 3]))})
      for n in ("zeros", "ones", "empty")],
    C("jnp.full_like", args=(st.one_of(arr(D, (2,)), st.just(1.0)), FILL),
      kwargs={"dtype": optional(st.sampled_from(["int8", "float32"])),
              "shape": optional(st.just((3, 2)))}, settings={"max_examples": 5}),
    C("jnp.zeros_like", args=([1, 2],), id="jnp.zeros_like-list"),
    # ---- ranges
    C("jnp.arange", args=(st.one_of(st.integers(-5, 10), st.floats(-5, 10, width=32),
                                    arr(("int32", "float32"), ())),),
      kwargs={"dtype": optional(st.sampled_from(["int32", "float32", "bool"]))},
      settings={"max_examples": 5}),
    C("jnp.arange", args=(st.integers(-5, 5), st.one_of(st.integers(-5, 10), st.floats(-5, 10)),
                          st.sampled_from([1, 2, -1, 0.5, 0, -1.5])),
      kwargs={"dtype": optional(st.sampled_from(["int64", "float64"]))}, id="jnp.arange-3",
      settings={"max_examples": 5}),
    C("jnp.arange", args=(st.sampled_from([True, 1j, np.float32(3), np.int32(4)]),),
      id="jnp.arange-types"),
    C("jnp.linspace", args=(st.one_of(st.floats(-5, 5), arr(F, (2,))), st.integers(-5, 5)),
      kwargs={"num": st.integers(0, 5), "endpoint": optional(st.booleans()),
              "retstep": optional(st.booleans()),
              "dtype": optional(st.sampled_from(["int32", "float32", "float64"])),
              "axis": optional(st.sampled_from([0, -1]))}, settings={"max_examples": 5}),
    C("jnp.linspace", args=(arr("int32", ()), 1.0, st.sampled_from([-1, 3])),
      kwargs={"retstep": True}, id="jnp.linspace-int"),
    C("jnp.logspace", args=(st.floats(-2, 2), st.one_of(st.floats(-2, 2), arr("float32", (2,)))),
      kwargs={"num": st.integers(0, 4), "endpoint": optional(st.booleans()),
              "base": optional(st.sampled_from([2, 10.0, np.e])),
              "dtype": optional(st.sampled_from(["float32", "int64"]))}),
    # float dtypes only: an integer dtype floors values like 9.999999999999995 (the backend's
    # log10(1000) is not always exactly 3), which no backend-independent code can reproduce
    C("jnp.geomspace", args=(st.sampled_from([1, -2, 0.5, 3, 0]), st.sampled_from([1000, -4, 8.0])),
      kwargs={"num": st.integers(0, 4), "endpoint": optional(st.booleans()),
              "dtype": optional(st.sampled_from(["float32", "complex64"]))}, rtol=1e-6),
    C("jnp.geomspace", args=(arr("float64", (2,), min_value=1, max_value=5), 100.0),
      kwargs={"num": 3, "axis": st.sampled_from([0, 1, 2])}, id="jnp.geomspace-axis"),
    # ---- matrices
    C("jnp.eye", args=(st.integers(0, 3),),
      kwargs={"M": optional(st.integers(0, 3)), "k": optional(st.integers(-2, 2)), "dtype": DT}),
    C("jnp.eye", args=(st.sampled_from([2.0, -1]),), id="jnp.eye-errors"),
    C("jnp.identity", args=(st.integers(0, 3),), kwargs={"dtype": DT}),
    C("jnp.tri", args=(st.integers(0, 3),),
      kwargs={"M": optional(st.integers(0, 3)), "k": optional(st.integers(-2, 2)), "dtype": DT}),
    C("jnp.tril", args=(arr(D, shapes(0, 3)),), kwargs={"k": optional(st.integers(-2, 2))}),
    C("jnp.triu", args=(arr(D, shapes(2, 3)),), kwargs={"k": optional(st.integers(-2, 2))}),
    C("jnp.triu", args=(1.5,), id="jnp.triu-weak"),
    C("jnp.diag", args=(arr(D, shapes(0, 3, max_side=3)),),
      kwargs={"k": optional(st.integers(-3, 3))}, settings={"max_examples": 4}),
    C("jnp.diagflat", args=(arr(D, shapes(0, 2, max_side=2)),),
      kwargs={"k": optional(st.integers(-2, 2))}),
    C("jnp.vander", args=(arr(("bool", "int32", "float64"), shapes(1, 2, max_side=3),
                              min_value=-3, max_value=3),),
      kwargs={"N": optional(st.integers(-1, 4)), "increasing": optional(st.booleans())}),
    # ---- grids
    C("jnp.meshgrid", args=(arr(D, (2,)), arr(F, st.sampled_from([(3,), (1, 2)]))),
      kwargs={"indexing": optional(st.sampled_from(["xy", "ij", "foo"])),
              "sparse": optional(st.booleans())}),
    C("jnp.meshgrid", args=(arr("int8", (2,)), arr("float32", (3,)), arr("int32", (1,))),
      kwargs={"indexing": st.sampled_from(["xy", "ij"])}, id="jnp.meshgrid-3"),
    C("jnp.indices", args=(st.sampled_from([(2, 3), (), (3,), (1, 2, 2)]),),
      kwargs={"dtype": optional(st.sampled_from(["int32", "float32"])),
              "sparse": optional(st.booleans())}),
    C("jnp.ix_", args=(arr(("int32", "bool"), st.sampled_from([(2,), (2, 2)])),
                       arr("float32", (3,))), id="jnp.ix_"),
    C("jnp.fromfunction", args=(lambda i, j: i * 2 + j, (2, 3)),
      kwargs={"dtype": optional(st.sampled_from(["int32", "float32"]))}),
    # ---- block, copy
    C("jnp.block", args=(st.sampled_from([
        "nested", "flat", "scalar", "empty", "mismatch"]).map(lambda k: {
            "nested": [[_A22, _B21], [_C13]], "flat": [1, 2.5], "scalar": 1, "empty": [],
            "mismatch": [[1, 2], [3]]}[k]),)),
    C("jnp.copy", args=(st.one_of(arr(D, shapes(0, 2)), st.just(1.5), st.just([1, 2])),),
      kwargs={"order": optional(st.sampled_from(["K", "F"]))}),
    # ---- buffers
    C("jnp.frombuffer", args=(st.sampled_from([b"\x01\x02\x03\x04", b"\x01\x02\x03",
                                               np.arange(4, dtype="float32").tobytes()]),),
      kwargs={"dtype": optional(st.sampled_from(["uint8", "int16", "float32"])),
              "count": optional(st.integers(-1, 2)), "offset": optional(st.integers(0, 1))}),
    C("jnp.fromstring", args=(st.sampled_from(["1 2 3", "1,2"]),),
      kwargs={"dtype": optional(st.sampled_from(["int32", "float32"])),
              "sep": st.sampled_from([" ", ",", ""])}),
    C("jnp.fromiter", args=([1, 2],)),
    C("jnp.fromfile", args=("x",)),
    # ---- dtype functions
    C("jnp.can_cast", args=(st.sampled_from(["int8", "float32", "bfloat16", "float64"]),
                            st.sampled_from(["int32", "float16", "float32", "complex64"])),
      kwargs={"casting": optional(st.sampled_from(["safe", "same_kind", "unsafe", "foo"]))},
      settings={"max_examples": 10}),
    C("jnp.isdtype", args=(st.sampled_from(["bool", "uint8", "int32", "bfloat16", "complex64"]),
                           st.sampled_from(["bool", "signed integer", "unsigned integer",
                                            "integral", "real floating", "complex floating",
                                            "numeric", "foo", ("bool", "int32"), "int32"])),
      settings={"max_examples": 10}),
    C("jnp.promote_types", args=(st.sampled_from(["int8", "uint8", "bfloat16", int, float]),
                                 st.sampled_from(["uint64", "float16", int, "int8"])),
      transform=_DTYPE_NAME, settings={"max_examples": 10}),
    C("jnp.result_type", args=(st.sampled_from([1, 1.0, "int8", int, float]),
                               st.one_of(arr(("int8", "float16"), ()), st.just("uint8"))),
      transform=_DTYPE_NAME, settings={"max_examples": 10}),
])


# plain numpy arrays pass to both sides unconverted (a copy each)
_A22, _B21, _C13 = np.ones((2, 2)), np.zeros((2, 1), "int32"), np.ones((1, 3), "float32")


# ---- behaviour the row form cannot express -------------------------------------------------------

_same = same_result


def test_array_and_asarray(backend, jnps):
    """jnp.array/asarray (owned by _array.py): weak types, nested lists, ndmin, copies."""
    jnp, fjnp = jnps
    cases = [lambda m: m.asarray([1, 2.0]), lambda m: m.array([m.asarray(1.0), 2]),
             lambda m: m.array(m.asarray(1.0)), lambda m: m.array(1.0, ndmin=2),
             lambda m: m.asarray(np.float32(1)), lambda m: m.asarray([]),
             lambda m: m.asarray([True, 2]), lambda m: m.asarray([np.float32(1), 2.0]),
             lambda m: m.asarray(1.5, dtype="int32"), lambda m: m.asarray(m.asarray(1.0),
                                                                         copy=True)]
    with ivy.using_backend(backend):
        for make in cases:
            _same(make(jnp), make(fjnp))
        for bad in (lambda m: m.asarray(2**70), lambda m: m.asarray(-1, dtype="uint8")):
            with pytest.raises(OverflowError):
                bad(fjnp)
        with pytest.raises(TypeError):
            fjnp.array("a")


def test_asarray_dtype_drops_weak(backend, jnps):
    _, fjnp = jnps
    with ivy.using_backend(backend):
        assert not fjnp.asarray(fjnp.asarray(1.0), dtype="float64").weak_type


def test_array_order(backend, jnps):
    _, fjnp = jnps
    with ivy.using_backend(backend):
        with pytest.raises(NotImplementedError):
            fjnp.array(1.0, order="F")


def test_from_dlpack_and_files(backend, jnps):
    jnp, fjnp = jnps
    with ivy.using_backend(backend):
        x = fjnp.arange(6.0).reshape(2, 3)
        y = fjnp.from_dlpack(x)
        _same(jnp.arange(6.0).reshape(2, 3), y)
        native = ivy.asarray(np.arange(3, dtype="int32"))
        _same(jnp.arange(3, dtype="int32"), fjnp.from_dlpack(native))
        buf = io.BytesIO()
        fjnp.save(buf, x)
        buf.seek(0)
        loaded = fjnp.load(buf)
        assert isinstance(loaded, fjnp.ndarray)
        _same(jnp.arange(6.0).reshape(2, 3), loaded)
        buf = io.BytesIO()
        fjnp.savez(buf, a=x)
        buf.seek(0)
        np.testing.assert_array_equal(fjnp.load(buf)["a"], np.asarray(x))


def test_finfo_iinfo(backend, jnps):
    jnp, fjnp = jnps
    with ivy.using_backend(backend):
        for d in ("float16", "bfloat16", "float32", "float64"):
            r, f = jnp.finfo(getattr(jnp, d)), fjnp.finfo(getattr(fjnp, d))
            assert (r.bits, float(r.eps), float(r.max), float(r.tiny)) == \
                (f.bits, float(f.eps), float(f.max), float(f.tiny))
        assert fjnp.finfo(fjnp.asarray(1.0)).bits == 64
        assert fjnp.iinfo(fjnp.asarray(1, "int8")).max == 127
        assert fjnp.iinfo(int).max == jnp.iinfo(int).max
        for bad in (lambda m: m.finfo("int32"), lambda m: m.iinfo("float32")):
            with pytest.raises(ValueError):
                bad(fjnp)
        assert fjnp.issubdtype(fjnp.bfloat16, fjnp.floating)
        assert not fjnp.issubdtype(fjnp.float32, fjnp.bfloat16)
