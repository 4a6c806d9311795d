"""jnp shape manipulation, the matching jax.Array methods/properties and jnp's functional helpers
(apply_along_axis, vectorize, ...) vs real JAX (x64 on)."""
import numpy as np
import pytest
from hypothesis import strategies as st

import ivy
from tests.frontends.jax._helpers import same_result
from tests.conformance import Case, arr, axis_for, make_tests, optional, shapes, shared_shape


def C(*args, settings=None, **kwargs):
    """A row with few examples by default (the suite's time budget)."""
    return Case(*args, settings=settings or FAST, **kwargs)


X = shared_shape("x")
X1 = shared_shape("x1", min_dims=1)
M = shared_shape("m", min_dims=2, max_dims=3)
D = ("bool", "int8", "float32")      # few dtypes: real JAX compiles per dtype
F = ("float32", "float64")
FAST = {"max_examples": 3}
SLOW = {"max_examples": 2}      # real JAX compiles a new program for most examples of these
A23 = arr(("int32", "float32"), (2, 3))
A6 = arr(("int32", "float64"), (6,))
PAD_MODES = ("constant", "edge", "linear_ramp", "maximum", "mean", "median", "minimum",
             "reflect", "symmetric", "wrap", "empty")
PAD_WIDTH = st.one_of(st.integers(0, 3), st.tuples(st.integers(0, 3), st.integers(0, 3)),
                      st.just(((1, 2), (0, 3))))
P = shared_shape("p", min_dims=2, max_dims=2, min_side=1, max_side=3)


def _pad_kwargs(mode):
    opts = {"constant": {"constant_values": optional(st.one_of(
                st.integers(-3, 3), st.just(((1, 2), (3, 4)))))},
            "linear_ramp": {"end_values": optional(st.one_of(st.integers(-5, 5),
                                                               st.just((1, 7))))},
            "reflect": {"reflect_type": optional(st.sampled_from(["even", "odd"]))},
            "symmetric": {"reflect_type": optional(st.sampled_from(["even", "odd"]))}}
    stat = {"stat_length": optional(st.one_of(st.integers(1, 3), st.just(((1, 2), (2, 1)))))}
    return opts.get(mode, stat if mode in ("maximum", "mean", "median", "minimum") else {})


test_manipulation = make_tests([
    # ---- reshaping
    C("jnp.reshape", args=(A23, st.sampled_from([(3, 2), (-1,), (6, 1), (1, -1, 2), (4, 2),
                                                    (-1, -1), 6])),
         kwargs={"order": optional(st.sampled_from(["C", "F", "A"]))}),
    C("jnp.reshape", args=(1.0, (1, 1)), id="jnp.reshape-weak"),
    C("jnp.ravel", args=(arr(D, X),), kwargs={"order": optional(st.sampled_from(
        ["C", "F", "K"]))}),
    C("jnp.transpose", args=(arr(D, M),),
         kwargs={"axes": optional(st.sampled_from([None, (1, 0), (0, 1, 2), (2, 0, 1),
                                                   (-1, 0, 1), (0, 0, 1)]))}),
    C("jnp.permute_dims", args=(arr(F, (2, 3, 1)), st.sampled_from([(2, 0, 1), (0, 1)]))),
    C("jnp.matrix_transpose", args=(arr(F, shapes(1, 3)),)),
    C("jnp.swapaxes", args=(arr(D, M), st.integers(-3, 2), st.integers(-3, 2))),
    C("jnp.moveaxis", args=(arr(F, (2, 3, 4)), st.sampled_from([0, -1, (0, 1), (2, 0)]),
                               st.sampled_from([1, 2, (1, 2), (0,), 3]))),
    C("jnp.rollaxis", args=(arr(F, (2, 3, 4)), st.integers(-3, 3)),
         kwargs={"start": optional(st.integers(-4, 4))}),
    C("jnp.squeeze", args=(arr(D, st.sampled_from([(1, 3, 1), (2, 1), (1,), ()])),),
         kwargs={"axis": optional(st.sampled_from([None, 0, -1, (0,), 1]))}),
    C("jnp.squeeze", args=(2.5,), id="jnp.squeeze-weak"),
    C("jnp.expand_dims", args=(arr(D, X), st.sampled_from([0, -1, (0, 1), (0, -1), 4,
                                                             (1, 1)]))),
    # ---- joining (promotion across inputs on JAX's lattice)
    C("jnp.concatenate", args=(st.lists(arr(D, (2, 3)), min_size=1, max_size=3),),
         kwargs={"axis": optional(st.sampled_from([0, 1, -1, None, 2])),
                 "dtype": optional(st.sampled_from(["float32", "int16"]))}),
    C("jnp.concatenate", args=([arr("int8", (2,)), 1.5, arr("int32", (3,))],),
         id="jnp.concatenate-zero-d"),
    C("jnp.concatenate", args=((arr("int8", (2,)), arr("uint8", (1,))),),
         id="jnp.concatenate-promote"),
    C("jnp.concat", args=([arr("float32", (2, 2)), arr("int32", (1, 2))],),
         kwargs={"axis": optional(st.sampled_from([0, None, 1]))}),
    C("jnp.stack", args=(st.lists(arr(D, (2, 3)), min_size=1, max_size=3),),
         kwargs={"axis": optional(st.integers(-3, 3)),
                 "dtype": optional(st.sampled_from(["float64", "int8"]))}),
    C("jnp.stack", args=([1.0, 2.0, 3],), id="jnp.stack-weak"),
    C("jnp.vstack", args=([arr(F, (3,)), arr("int32", (2, 3))],)),
    C("jnp.hstack", args=([arr("int32", (2,)), arr(F, (3,)), 1],)),
    C("jnp.dstack", args=([arr(F, (2, 2)), arr(F, (2, 2, 1))],)),
    C("jnp.column_stack", args=([arr(F, (2,)), arr("int32", (2, 3))],)),
    C("jnp.append", args=(arr(D, (2, 3)), st.one_of(arr(D, (1, 3)), st.just(1.5))),
         kwargs={"axis": optional(st.sampled_from([None, 0]))}),
    # ---- splitting
    C("jnp.split", args=(A6, st.sampled_from([1, 2, 3, 4, [1, 3], [2, 10], [-2]]))),
    C("jnp.array_split", args=(arr(F, (2, 7)), st.sampled_from([1, 3, 7, [1, 5], 0])),
         kwargs={"axis": optional(st.sampled_from([1, -1]))}),
    C("jnp.hsplit", args=(arr(F, st.sampled_from([(4,), (2, 4)])), 2)),
    C("jnp.vsplit", args=(arr(F, (4, 2)), [1])),
    C("jnp.dsplit", args=(arr(F, st.sampled_from([(1, 2, 4), (2, 4)])), 2)),
    C("jnp.unstack", args=(arr(D, X),), kwargs={"axis": optional(st.integers(-3, 2))}),
    # ---- tiling, repeating, flipping, rolling
    C("jnp.tile", args=(arr(D, X), st.sampled_from([2, (2, 1), (1, 2, 2), (), (0, 2)]))),
    C("jnp.tile", args=(2.0, 3), id="jnp.tile-weak"),
    C("jnp.repeat", args=(arr(D, (2, 3)), st.sampled_from([0, 2, 3])),
         kwargs={"axis": optional(st.sampled_from([None, 0, 1, -1])),
                 "total_repeat_length": optional(st.sampled_from([4, 9]))}, settings=SLOW),
    C("jnp.repeat", args=(arr("float32", (3,)), arr("int32", (3,), min_value=0,
                                                         max_value=3)),
         kwargs={"axis": 0}, id="jnp.repeat-array"),
    C("jnp.flip", args=(arr(D, X),), kwargs={"axis": optional(axis_for(X, tuples=True))}),
    C("jnp.fliplr", args=(arr(F, shapes(1, 3)),)),
    C("jnp.flipud", args=(arr(F, shapes(0, 2)),)),
    C("jnp.roll", args=(arr(D, X), st.sampled_from([1, -2, (1, 2), 5])),
         kwargs={"axis": optional(axis_for(X, tuples=True))}),
    C("jnp.rot90", args=(arr(D, M),),
         kwargs={"k": optional(st.integers(-5, 5)), "axes": optional(st.sampled_from(
             [(0, 1), (1, 0), (-1, 0), (0, 0)]))}),
    # ---- padding: one row per mode
    *[C("jnp.pad", args=(arr(("int32", "float64"), P), PAD_WIDTH, mode),
           kwargs=_pad_kwargs(mode), id=f"jnp.pad-{mode}", settings=SLOW) for mode in PAD_MODES],
    C("jnp.pad", args=(arr("float32", (3,)), 2, "reflect"),
         kwargs={"reflect_type": "odd"}, id="jnp.pad-odd-long"),
    C("jnp.pad", args=(arr("float32", (2,)), st.sampled_from([-1, (1, 2, 3), 1.5]), "foo"),
         id="jnp.pad-errors"),
    C("jnp.pad", args=(arr("float64", (2, 3)), 1, lambda v, w, i, kw: v * 2),
         id="jnp.pad-callable"),
    # ---- broadcasting
    C("jnp.broadcast_to", args=(arr(D, st.sampled_from([(3,), (1, 3), (2, 1)])),
                                   st.sampled_from([(2, 3), (4, 2, 3), (3,), 3]))),
    C("jnp.broadcast_arrays", args=(arr(F, (2, 1)), arr("int32", (3,)), 1.0)),
    C("jnp.broadcast_shapes", args=((2, 1), st.sampled_from([(3,), (1, 3, 1), (4, 4)]))),
    C("jnp.atleast_1d", args=(arr(D, X),)),
    C("jnp.atleast_2d", args=(arr(D, X), 1.0)),
    C("jnp.atleast_3d", args=(arr(D, X),)),
    # ---- insert / delete / resize / trim_zeros
    C("jnp.insert", args=(arr(("int32", "float64"), (2, 3)),
                             st.sampled_from([0, 2, -1, slice(0, 2)]), st.sampled_from([7, 2.5])),
         kwargs={"axis": optional(st.sampled_from([None, 1, 0]))}, settings=SLOW),
    C("jnp.insert", args=(arr("float32", (2, 3)), arr("int32", (2,), min_value=-3,
                                                         max_value=3),
                             arr("float32", (2, 1))), kwargs={"axis": 1},
         id="jnp.insert-positions", settings=SLOW),
    C("jnp.delete", args=(arr(D, (2, 3)), st.sampled_from([0, -1, 5, slice(0, 2)])),
         kwargs={"axis": optional(st.sampled_from([None, 1]))}, settings=SLOW),
    C("jnp.delete", args=(arr("int32", (4,)), st.one_of(arr("bool", st.sampled_from(
        [(4,), (2,)])), arr("int32", (2,), min_value=-5, max_value=4))),
         kwargs={"assume_unique_indices": optional(st.booleans())}, id="jnp.delete-array"),
    C("jnp.resize", args=(arr(D, X), st.sampled_from([(3, 3), 8, (0,), (-1,)]))),
    C("jnp.trim_zeros", args=(arr(("int32", "float32"), shapes(1, 2), min_value=0,
                                     max_value=1),),
         kwargs={"trim": optional(st.sampled_from(["f", "b", "fb"])),
                 "axis": optional(st.sampled_from([None, 0]))}, settings=SLOW),
    # ---- dtype and metadata
    C("jnp.astype", args=(st.one_of(arr(D, X), st.just(1.0)),
                             st.sampled_from(["float32", "int8", "bool", "float64"]))),
    C("jnp.shape", args=(arr(F, X),)),
    C("jnp.ndim", args=(arr(F, X),)),
    C("jnp.size", args=(arr(F, X1),), kwargs={"axis": optional(axis_for(X1))}),
    # ---- methods and properties
    C("jax.Array.reshape", args=(A23, 3, 2), kwargs={"order": optional(st.sampled_from(
        ["C", "F"]))}),
    C("jax.Array.reshape", args=(A23, st.sampled_from([(3, 2), [6], -1])),
         id="jax.Array.reshape-tuple"),
    C("jax.Array.transpose", args=(arr(F, (2, 3, 1)), 2, 0, 1)),
    C("jax.Array.transpose", args=(arr(F, (2, 3)), st.sampled_from([(1, 0), None])),
         id="jax.Array.transpose-tuple"),
    C("jax.Array.transpose", args=(arr(F, (2, 3)),), id="jax.Array.transpose-none"),
    C("jax.Array.ravel", args=(A23,), kwargs={"order": optional(st.just("F"))}),
    C("jax.Array.flatten", args=(A23,), kwargs={"order": optional(st.just("F"))}),
    C("jax.Array.squeeze", args=(arr(F, (1, 2, 1)),),
         kwargs={"axis": optional(st.sampled_from([0, (0, 2)]))}),
    C("jax.Array.swapaxes", args=(A23, 0, 1)),
    C("jax.Array.repeat", args=(A23, 2), kwargs={"axis": optional(st.just(1))}),
    C("jax.Array.astype", args=(A23, st.sampled_from(["float64", "int8"]))),
    C("jax.Array.copy", args=(A23,)),
    C("jax.Array.view", args=(arr(("int32", "float32"), (2, 4)),
                                 st.sampled_from([None, "uint8", "int64", "float32"]))),
    C("jax.Array.T", args=(arr(D, X),)),
    C("jax.Array.mT", args=(arr(F, shapes(1, 3)),)),
    C("jax.Array.flat", args=(A23,)),
    # ---- functional helpers (_misc)
    C("jnp.apply_along_axis", args=(lambda v: v[::-1] * 2, st.integers(-2, 1),
                                       arr(("int32", "float32"), (2, 3)))),
    C("jnp.apply_along_axis", args=(lambda v: v[0] + v[-1], 1, arr("float64", (3, 2, 2))),
         id="jnp.apply_along_axis-scalar"),
    C("jnp.apply_over_axes", args=(lambda a, ax: a[::-1] if ax == 0 else a,
                                      arr("float32", (2, 3)), (0, 1))),
])


# ---- behaviour the row form cannot express -------------------------------------------------------

_same = same_result


def test_vectorize(backend, jnps):
    jnp, fjnp = jnps
    with ivy.using_backend(backend):
        outs = {}
        for mod in (jnp, fjnp):
            f = mod.vectorize(lambda a, b: a * b)
            g = mod.vectorize(lambda a, s: a * s, excluded={1})
            h = mod.vectorize(lambda a, b: (a[0] + a[-1], b), signature="(n),()->(),()")
            outs[mod] = [f(mod.arange(3), mod.ones((2, 1), "int32")), f(1.5, 2),
                         g(mod.arange(3), 2), *h(mod.ones((2, 3)), 1.0)]
            with pytest.raises(ValueError):
                mod.vectorize(lambda a: a, signature="(n)->()")(mod.asarray(1.0))
            with pytest.raises(ValueError):
                mod.vectorize(lambda a: a, signature="bad")(mod.asarray(1.0))
        for r, f in zip(outs[jnp], outs[fjnp]):
            _same(r, f)


def test_frompyfunc(backend, jnps):
    jnp, fjnp = jnps
    with ivy.using_backend(backend):
        r = jnp.frompyfunc(lambda a, b: a + b, 2, 1, identity=0)
        f = fjnp.frompyfunc(lambda a, b: a + b, 2, 1, identity=0)
        assert (f.nin, f.nout, f.identity) == (r.nin, r.nout, r.identity)
        _same(r(jnp.arange(3), 1), f(fjnp.arange(3), 1))


def test_printing_and_iterable(backend, jnps):
    jnp, fjnp = jnps
    with ivy.using_backend(backend):
        x = fjnp.arange(3.0)
        assert fjnp.array_str(x) == jnp.array_str(jnp.arange(3.0))
        assert fjnp.array_repr(x) == jnp.array_repr(jnp.arange(3.0)).replace("ArrayImpl",
                                                                                "Array")
        assert fjnp.get_printoptions() == jnp.get_printoptions()
        with fjnp.printoptions(precision=2):
            assert fjnp.get_printoptions()["precision"] == 2
        assert [fjnp.iterable(v) for v in (3, [1], x, fjnp.asarray(1.0))] == \
            [jnp.iterable(v) for v in (3, [1], jnp.arange(3.0), jnp.asarray(1.0))]


def test_method_errors(backend, jnps):
    _, fjnp = jnps
    with ivy.using_backend(backend):
        x = fjnp.ones((2, 3))
        with pytest.raises(NotImplementedError):
            x.view("int64", type=np.ndarray)
        with pytest.raises(NotImplementedError):
            fjnp.reshape(x, (3, 2), out_sharding="s")
        with pytest.raises(NotImplementedError):
            fjnp.stack([x], out=x)
        assert x.to_device(x.device) is x
        assert x.tobytes() == np.ones((2, 3)).tobytes()
