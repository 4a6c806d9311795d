"""jnp products, clip, differences, closeness, interpolation and convolution vs real JAX."""
import numpy as np
from hypothesis import strategies as st

from tests.conformance import Case, arr, dtype_arg, make_tests, optional

# Fixed shapes: real JAX compiles per (shape, dtype), its cache shared by the four backends.
F = ("float32", "float64")
MIX = ("bool", "int8", "int32", "float32", "complex64")
SETTINGS = {"max_examples": 3}


def _two(dtypes, sa, sb, **kw):
    return st.sampled_from(dtypes).flatmap(lambda d: st.tuples(arr(d, sa, **kw), arr(d, sb, **kw)))


def _sorted(a):
    return type(a)(np.sort(a.value))


def C(*args, **kwargs):
    return Case(*args, settings=kwargs.pop("settings", SETTINGS), **kwargs)


test_math = make_tests([
    C("jnp.matmul", args=_two(MIX, (2, 3, 4), (4, 2))),
    C("jnp.matmul", args=_two(("int8", "float32"), (2, 3), (3,)),
      kwargs={"preferred_element_type": dtype_arg(("float64",))}, id="jnp.matmul-preferred"),
    C("jnp.matmul", args=(arr("float32", (3,)), arr("float32", (3, 2))), id="jnp.matmul-1d"),
    C("jnp.matmul", args=(arr("float32", (3,)), arr("float32", (2,))), id="jnp.matmul-bad"),
    C("jnp.matvec", args=_two(("int32", "float64"), (2, 3), (3,))),
    C("jnp.vecmat", args=_two(("float32", "complex128"), (3,), (3, 2))),
    C("jnp.vecdot", args=_two(("int8", "complex64"), (2, 3), (3,)),
         kwargs={"axis": optional(st.just(-1))}),
    C("jnp.dot", args=st.one_of(_two(MIX, (2, 3), (3, 2)), _two(F, (2, 3), (3,)),
                                   _two(F, (), (2, 3)))),
    C("jnp.vdot", args=_two(("int32", "complex64"), (2, 3), (3, 2))),
    C("jnp.inner", args=_two(("bool", "float64"), (2, 3), (4, 3))),
    C("jnp.outer", args=_two(("int8", "float32"), (2, 2), (3,))),
    C("jnp.tensordot", args=_two(("int32", "float32"), (2, 3, 4), (3, 4, 2)),
         kwargs={"axes": st.sampled_from([2, ([1, 2], [0, 1]), ((2,), (1,)), 0])}),
    C("jnp.einsum", args=st.tuples(st.just("ij,jk->ik"), arr(F, (2, 3)), arr(F, (3, 2))),
         kwargs={"optimize": optional(st.sampled_from([True, False, "greedy"]))}),
    C("jnp.einsum", args=st.tuples(st.just("...i,i"), arr(("bool", "int8"), (2, 3)),
                                      arr("int8", (3,))), id="jnp.einsum-ellipsis"),
    C("jnp.einsum", args=st.tuples(st.just("ii->"), arr("float64", (3, 3))),
         kwargs={"preferred_element_type": dtype_arg(("float32",))}, id="jnp.einsum-trace"),
    C("jnp.cross", args=st.one_of(_two(("int32", "float64"), (2, 3), (3,)),
                                     _two(("float32",), (2,), (3,)), _two(("float32",), (2,), (2,)),
                                     _two(("bool",), (3,), (3,)))),
    C("jnp.cross", args=_two(("float32",), (3, 2), (3, 2)), kwargs={"axis": 0},
         id="jnp.cross-axis"),
    C("jnp.kron", args=_two(("int8", "float32"), (2, 2), (2,))),
    C("jnp.clip", args=(arr(("bool", "int32", "float32"), (2, 3)),),
         kwargs={"min": optional(st.sampled_from([0, 0.5, -3])),
                 "max": optional(st.sampled_from([1, 2.5]))}),
    C("jnp.clip", args=(arr("int8", (2, 3)), arr("int16", (3,)), arr("int8", (2, 3))),
         id="jnp.clip-arrays"),
    C("jnp.clip", args=(arr("complex64", (2,)), 1), id="jnp.clip-complex"),
    C("jax.Array.clip", args=(arr("float64", (2, 3)),), kwargs={"max": 1.0}),
    C("jax.Array.dot", args=_two(("float32",), (2, 3), (3,))),
    C("jnp.nan_to_num", args=(arr(("int32", "float16", "float64", "complex64"), (2, 3),
                                     edge=True),),
         kwargs={"nan": optional(st.just(1.5)), "posinf": optional(st.just(9.0))}),
    C("jnp.diff", args=(arr(("bool", "uint8", "float32"), (3, 4)),),
         kwargs={"n": optional(st.integers(0, 2)), "axis": optional(st.sampled_from([0, -1])),
                 "prepend": optional(st.sampled_from([1, 2.5]))}),
    C("jnp.diff", args=(arr("float32", (3,)),), kwargs={"axis": 1}, id="jnp.diff-bad-axis"),
    C("jnp.ediff1d", args=(arr(("bool", "int8", "float64"), (2, 3)),),
         kwargs={"to_end": optional(st.just(2)), "to_begin": optional(arr("int32", (2,)))}),
    C("jnp.gradient", args=(arr(("int32", "float32"), (4, 3)),),
         kwargs={"axis": optional(st.sampled_from([0, -1, (0, 1)]))}),
    C("jnp.gradient", args=(arr("float64", (5,)), arr("float64", (5,), unique=True)),
         id="jnp.gradient-coordinates"),
    C("jnp.gradient", args=(arr("float32", (4,)), 0.5), id="jnp.gradient-spacing"),
    C("jnp.trapezoid", args=(arr(("bool", "int32", "float64"), (2, 4)),),
         kwargs={"dx": optional(st.sampled_from([2, 0.5])), "axis": optional(st.just(0))}),
    C("jnp.trapezoid", args=(arr("float16", (3,)), arr("float32", (3,))),
         id="jnp.trapezoid-x"),
    C("jnp.unwrap", args=(arr(("int32", "float32", "float64"), (2, 5)),),
         kwargs={"axis": optional(st.just(0)), "discont": optional(st.just(4.0)),
                 "period": optional(st.just(5.0))}),
    C("jnp.isclose", args=_two(("int32", "float32", "complex64"), (2, 3), (3,), edge=True),
         kwargs={"equal_nan": optional(st.booleans())}),
    C("jnp.allclose", args=_two(("float64",), (2, 3), (3,), min_value=0, max_value=1e-6),
         kwargs={"atol": optional(st.just(1e-5))}),
    C("jnp.array_equal", args=st.one_of(_two(("int8", "float32"), (3,), (3,), min_value=0,
                                                max_value=1), _two(("float32",), (3,), (2,)),
                                           _two(("float64",), (3,), (3,), edge=True)),
         kwargs={"equal_nan": optional(st.booleans())}),
    C("jnp.array_equiv", args=st.one_of(_two(("int8",), (2, 3), (3,), min_value=0, max_value=1),
                                           _two(("int8",), (2, 3), (2,)))),
    C("jnp.interp", args=st.tuples(arr(("int32", "float32"), (4,)),
                                      arr("float32", (5,), unique=True).map(_sorted),
                                      arr(("float32", "complex64"), (5,))),
         kwargs={"left": optional(st.just(-1.0)), "right": optional(st.just("extrapolate"))}),
    C("jnp.interp", args=(arr("float64", (4,)), arr("float64", (5,), unique=True),
                             arr("float64", (5,))), kwargs={"period": 3.0}, id="jnp.interp-period"),
    C("jnp.convolve", args=_two(("bool", "int32", "float64"), (5,), (3,)),
         kwargs={"mode": optional(st.sampled_from(["full", "same", "valid", "bad"]))}),
    C("jnp.correlate", args=_two(("float32", "complex128"), (5,), (2,)),
         kwargs={"mode": optional(st.sampled_from(["full", "same", "valid"]))}),
    C("jnp.polyadd", args=_two(("bool", "int32", "float32"), (3,), (2,))),
    C("jnp.polysub", args=_two(("bool", "float64"), (2,), (4,))),
    C("jnp.polymul", args=_two(("bool", "int32", "complex64"), (3,), (2,), min_value=0,
                                max_value=3),
      kwargs={"trim_leading_zeros": optional(st.booleans())}),
    C("jnp.polyval", args=st.one_of(_two(("int32", "float64"), (3,), (2, 2)),
                                    st.tuples(arr("int32", (3,)), st.just(2)))),
    C("jnp.polyder", args=(arr(("int8", "float32"), (4,)),),
      kwargs={"m": optional(st.integers(-1, 5))}),
    C("jnp.polyint", args=(arr(("int32", "float64"), (3,)),),
      kwargs={"m": optional(st.integers(0, 2)), "k": optional(st.just(1.5))}),
    C("jnp.poly", args=(arr(("int32", "float32", "complex128"), st.sampled_from([(), (3,)])),)),
    C("jnp.packbits", args=(arr(("bool", "int8", "float32"), (2, 5), min_value=0, max_value=2),),
      kwargs={"axis": optional(st.sampled_from([0, 1])),
              "bitorder": optional(st.sampled_from(["big", "little"]))}),
    C("jnp.unpackbits", args=(arr(("uint8", "int8"), (2, 2), min_value=0, max_value=100),),
      kwargs={"axis": optional(st.sampled_from([0, -1])),
              "count": optional(st.sampled_from([3, -3, 20]))}),
    C("jnp.hamming", args=(st.integers(0, 5),)),
    C("jnp.hanning", args=(st.integers(0, 5),)),
    C("jnp.blackman", args=(st.integers(0, 5),)),
    C("jnp.bartlett", args=(st.integers(-1, 5),)),
    C("jnp.kaiser", args=(st.integers(0, 5), st.sampled_from([0.0, 2.5, 8.0]))),
])


_NEW_UFUNCS = ("floor_divide", "remainder", "fmod", "divmod", "power", "modf", "frexp", "ldexp",
               "heaviside", "gcd", "lcm", "sinc", "i0", "round", "rint", "real", "imag", "angle",
               "isposinf", "isneginf", "isreal", "iscomplex", "iscomplexobj", "isrealobj",
               "isscalar", "spacing", "bitwise_count", "fmax", "fmin")


def _signature(fn):
    import inspect
    return [(p.name, p.kind, "<callable>" if callable(p.default) else p.default)
            for p in inspect.signature(fn).parameters.values()]


def test_signatures_match_jax():
    """Parameter names, kinds and defaults equal real JAX's (einsum's private _dot_general
    default is None here)."""
    import jax.numpy as real
    from ivy.frontends.jax.numpy import _math, _ufuncs
    names = [(n, f) for n, f in _math.FUNCTIONS.items()] + \
        [(n, _ufuncs.FUNCTIONS[n]) for n in _NEW_UFUNCS]
    bad = []
    for name, fn in names:
        want = _signature(getattr(real, name))
        if name == "einsum":
            want = [p if p[0] != "_dot_general" else (p[0], p[1], None) for p in want]
        if _signature(fn) != want:
            bad.append(name)
    for name in ("reduce", "accumulate", "at", "reduceat", "outer"):
        import ivy.frontends.jax.numpy as fjnp
        if _signature(getattr(fjnp.add, name)) != _signature(getattr(real.add, name))[1:] and \
                _signature(getattr(fjnp.add, name)) != _signature(getattr(real.add, name)):
            bad.append(f"ufunc.{name}")
    assert not bad, bad
