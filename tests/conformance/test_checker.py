"""The checker on the example frontend: rows pass on every backend, broken variants fail."""
import math
import types
from collections import namedtuple

import numpy as np
import pytest
from hypothesis import strategies as st

import ivy

from . import _example_frontend as ex
from .adapters import FRONTENDS, Frontend, HookAdapter
from .case import (Case, _same_error, check, check_example, check_gradient_example, make_tests,
                   run_row)
from .compare import NumpyResult, Seq, mismatches
from .strategies import (FLOATS, ArrayArg, arr, axis_for, broadcastable, dtype_arg, optional,
                         shapes, shared_shape)

F = ("float32", "float64")
SUMMABLE = ("bool", "int8", "uint8", "int64", "float32", "float64")
X = shared_shape("x")
square_stacks = st.tuples(st.lists(st.integers(1, 3), max_size=1), st.integers(1, 4)).map(
    lambda bn: (*bn[0], bn[1], bn[1]))
DET_TOL = {"rtol": {"float32": 1e-4, "float64": 1e-10}, "atol": {"float32": 1e-3, "float64": 1e-10}}

EXAMPLE_CASES = [
    Case("numpy.add", args=broadcastable(2, ("int8", "uint8", "int64", "float16", "bfloat16",
                                             "float32", "float64", "complex128"))),
    Case("numpy.add", args=broadcastable(2, FLOATS, edge=True), id="numpy.add-nan-inf"),
    Case("numpy.sum", args=(arr(SUMMABLE, X),), atol={"float32": 1e-4},
         kwargs={"axis": st.one_of(axis_for(X, tuples=True), st.integers(-4, 3)),  # some invalid
                 "keepdims": optional(st.booleans())}),
    Case("numpy.sum", args=(arr(F),), kwargs={"dtype": dtype_arg(F)}, atol={"float32": 1e-4},
         id="numpy.sum-dtype"),
    Case("numpy.ndarray.sum", args=(arr(F, X),), kwargs={"axis": optional(axis_for(X))},
         atol={"float32": 1e-4}),
    Case("numpy.ndarray.shape", args=(arr(F),)),
    Case("numpy.argsort", args=(arr(("int8", "int64", "float32", "float64"), shapes(min_dims=1),
                                    unique=True),),
         kwargs={"axis": optional(st.integers(-3, 2))}),
    # Few shapes: the jax backend compiles unique_* anew (~2 s) for each input shape.
    Case("numpy.unique", args=(arr(("int64", "float64"), st.sampled_from([(6,), (2, 3)]),
                                   min_value=-3, max_value=3),),
         kwargs={"return_counts": st.booleans()}),
    Case("numpy.linalg.det",
         args=(arr(F, st.one_of(square_stacks, shapes(1, 3, 1, 3)), min_value=-2, max_value=2),),
         **DET_TOL),
]

test_example_rows = make_tests(EXAMPLE_CASES, frontends={"numpy": ex.EXAMPLE})


# ---- broken variants of the example: each must make the checker fail -------------------------

def broken(**overrides) -> Frontend:
    """The example frontend with some names replaced (None removes the name)."""
    names = {k: v for k, v in vars(ex).items() if not k.startswith("__")}
    names.update(overrides)
    return Frontend("numpy", root=types.SimpleNamespace(**{k: v for k, v in names.items()
                                                            if v is not None}),
                    adapter=ex.EXAMPLE.adapter, label="broken")


def a(values, dtype="float32"):
    return ArrayArg(np.asarray(values, dtype=dtype))


ADD, SUM, DET = Case("numpy.add"), Case("numpy.sum"), Case("numpy.linalg.det")
ARGSORT, UNIQUE = Case("numpy.argsort"), Case("numpy.unique")
METHOD_SUM = Case("numpy.ndarray.sum")


def wrong_value_add(x1, x2):
    # x1 + 2 * x2: right shapes and dtypes (so the only mismatch to find is a value), wrong values
    return ex.ndarray(ivy.add(ex._native(x1), ivy.add(ex._native(x2), ex._native(x2))))


def wrong_dtype_add(x1, x2):
    return ex.ndarray(ivy.astype(ivy.add(ex._native(x1), ex._native(x2)), "float64"))


def native_result_add(x1, x2):
    return ivy.add(ex._native(x1), ex._native(x2))


def mutating_add(x1, x2):
    x1._native = ivy.add(x1._native, x2._native)
    return ex.ndarray(x1._native)


class LyingArray(ex.ndarray):
    __slots__ = ()
    dtype = "float64"


def lying_dtype_add(x1, x2):
    return LyingArray(ivy.add(ex._native(x1), ex._native(x2)))


def keepdims_ignored_sum(a, axis=None, dtype=None, out=None, keepdims=False):
    return ex.sum(a, axis=axis, dtype=dtype)


def python_scalar_sum(a, axis=None, dtype=None, out=None, keepdims=False):
    return float(ivy.to_numpy(ex.sum(a)._native))


def plain_valueerror_det(a):
    if len(ex._native(a).shape) < 2:
        raise ValueError("not a matrix")
    return ex.det(a)


def lenient_det(a):
    x = ex._native(a)
    return ex.ndarray(ivy.sum(x)) if len(x.shape) < 2 else ex.det(a)


def list_unique(ar, return_counts=False):
    return list(ex.unique(ar, return_counts=return_counts))


class AxisIgnoringArray(ex.ndarray):
    __slots__ = ()

    def sum(self, axis=None, dtype=None, out=None, keepdims=False):
        return ex.sum(self)


class AxisIgnoringAdapter(HookAdapter):
    def from_numpy(self, a):
        return AxisIgnoringArray(ivy.asarray(a))


BROKEN = [  # (what is wrong, row, frontend, args, kwargs, expected words in the message)
    ("wrong value", ADD, broken(add=wrong_value_add), (a([1, 2]), a([3, 4])), {}, "values differ"),
    ("wrong dtype", ADD, broken(add=wrong_dtype_add), (a([1, 2]), a([3, 4])), {}, "dtype differs"),
    ("dtype attribute lies", ADD, broken(add=lying_dtype_add), (a([1]), a([2])), {},
     ".dtype says float64, its data is float32"),
    ("native array returned", ADD, broken(add=native_result_add), (a([1]), a([2])), {},
     "frontend gave"),
    ("input mutated", ADD, broken(add=mutating_add), (a([1]), a([2])), {}, "args[0] after the call"),
    ("wrong shape", SUM, broken(sum=keepdims_ignored_sum), (a([[1, 2]]),), {"keepdims": True},
     "shape differs"),
    ("Python scalar for array", SUM, broken(sum=python_scalar_sum), (a([1, 2]),), {},
     "frontend gave float"),
    ("wrong exception type", DET, broken(linalg=types.SimpleNamespace(det=plain_valueerror_det)),
     (a([1, 2]),), {}, "exception type differs"),
    ("no exception", DET, broken(linalg=types.SimpleNamespace(det=lenient_det)), (a([1, 2]),), {},
     "but the frontend returned"),
    ("list for tuple", UNIQUE, broken(unique=list_unique), (a([1, 1, 2]),),
     {"return_counts": True}, "real gave a tuple, frontend a list"),
    ("missing function", ARGSORT, broken(argsort=None), (a([2, 1]),), {},
     "broken.argsort does not exist"),
    ("method ignores axis", METHOD_SUM, Frontend("numpy", ex, AxisIgnoringAdapter("numpy", ex.EXAMPLE.adapter.name)),
     (a([[1, 2], [3, 4]]),), {"axis": 0}, "shape differs"),
]


@pytest.mark.parametrize("what, case, frontend, args, kwargs, words", BROKEN,
                         ids=[b[0] for b in BROKEN])
def test_broken_frontend_fails(what, case, frontend, args, kwargs, words):
    with pytest.raises(AssertionError) as info:
        check_example(case, "numpy", args, kwargs, frontend=frontend)
    assert words in str(info.value), str(info.value)


@pytest.mark.parametrize("case, args, kwargs", [
    (ADD, (a([1, 2]), a([3, 4])), {}),
    (SUM, (a([[1, 2]]),), {"keepdims": True}),
    (DET, (a([1, 2]),), {}),                       # both raise LinAlgError (matched by name)
    (UNIQUE, (a([1, 1, 2]),), {"return_counts": True}),
    (METHOD_SUM, (a([[1, 2], [3, 4]]),), {"axis": 0}),
], ids=["add", "sum", "det-error", "unique", "method-sum"])
def test_same_examples_pass_on_the_correct_example(case, args, kwargs):
    check_example(case, "numpy", args, kwargs, frontend=ex.EXAMPLE)


def test_hypothesis_finds_a_wrong_value():
    case = Case("numpy.add", args=broadcastable(2, F))
    with pytest.raises(AssertionError, match="values differ"):
        check(case, "numpy", frontend=broken(add=wrong_value_add))


def test_missing_frontend_package_fails_with_its_name():
    fe = Frontend("numpy", root="ivy.frontends._no_such_framework")
    with pytest.raises(AssertionError, match=r"^ivy\.frontends\._no_such_framework\.add does not"):
        check_example(ADD, "numpy", (a([1]), a([2])), frontend=fe)
    assert Frontend("torch").label == "ivy.frontends.torch"


def test_missing_hook_fails_with_instructions():
    fe = Frontend("numpy", root=ex, adapter=HookAdapter("numpy", "ivy.frontends._no_such_hook"))
    with pytest.raises(AssertionError, match="conformance hook"):
        check_example(ADD, "numpy", (a([1]), a([2])), frontend=fe)


def test_seeded_rows_seed_both_sides():
    class SeededAdapter(HookAdapter):
        def seed(self, n):
            np.random.seed(n)   # this toy frontend draws from numpy's global RNG

    def seeded_rand(*shape):
        return ex.ndarray(ivy.asarray(np.random.rand(*shape)))

    def unseeded_rand(*shape):
        return ex.ndarray(ivy.asarray(np.random.default_rng().random(shape)))

    def frontend(rand):
        root = types.SimpleNamespace(random=types.SimpleNamespace(rand=rand))
        return Frontend("numpy", root, SeededAdapter("numpy", ex.EXAMPLE.adapter.name), "seeded")
    case = Case("numpy.random.rand", args=(st.integers(1, 3), 2), seed=True)
    check(case, "numpy", frontend=frontend(seeded_rand))
    with pytest.raises(AssertionError, match="values differ"):
        check_example(case, "numpy", (2, 2), seed=7, frontend=frontend(unseeded_rand))
    meta_only = Case("numpy.random.rand", args=(2, 2), seed=True, values=False)
    check_example(meta_only, "numpy", (2, 2), seed=7, frontend=frontend(unseeded_rand))


def test_inputs_transform_and_discarded_errors():
    @st.composite
    def same_array_twice(draw):
        x = draw(arr("float64", (3,)))
        return (x, x), {}
    check(Case("numpy.add", inputs=same_array_twice()), "numpy", frontend=ex.EXAMPLE)
    hidden = Case("numpy.add", transform=lambda out: out * 0)   # applied to both sides
    check_example(hidden, "numpy", (a([1]), a([2])), frontend=broken(add=wrong_value_add))
    lenient = broken(linalg=types.SimpleNamespace(det=lenient_det))
    some_invalid = (arr("float64", st.sampled_from([(2,), (2, 2)])),)
    check(Case("numpy.linalg.det", args=some_invalid, match_errors=False), "numpy", frontend=lenient)
    with pytest.raises(AssertionError, match="but the frontend returned"):
        check(Case("numpy.linalg.det", args=some_invalid), "numpy", frontend=lenient)


# ---- known gaps are strict xfails --------------------------------------------------------------

def test_listed_gap_that_fails_is_xfail():
    case = Case("numpy.add", args=(a([1]), a([2])), xfail="add is wrong in this test")
    with pytest.raises(pytest.xfail.Exception, match="add is wrong in this test"):
        run_row(case, "numpy", broken(add=wrong_value_add))


def test_listed_gap_that_passes_fails():
    case = Case("numpy.add", args=(a([1]), a([2])), xfail={"numpy": "claimed gap"})
    with pytest.raises(pytest.fail.Exception, match="listed as a known gap"):
        run_row(case, "numpy", ex.EXAMPLE)
    run_row(case.__class__("numpy.add", args=(a([1]), a([2])), xfail={"torch": "other backend"}),
            "numpy", ex.EXAMPLE)


def test_listed_gap_names_its_failure():
    """An xfail naming an exception type or a message text is not met by another failure."""
    wrong = broken(add=wrong_value_add)
    run_row_xfails = pytest.raises(pytest.xfail.Exception, match="add is wrong")
    with run_row_xfails:
        run_row(Case("numpy.add", args=(a([1]), a([2])), xfail=("add is wrong", "values differ")),
                "numpy", wrong)
    with pytest.raises(AssertionError, match="expecting 'dtype differs', but failed otherwise"):
        run_row(Case("numpy.add", args=(a([1]), a([2])), xfail=("add is wrong", "dtype differs")),
                "numpy", wrong)
    det = broken(linalg=types.SimpleNamespace(det=plain_valueerror_det))
    with pytest.raises(pytest.xfail.Exception, match="det raises"):
        run_row(Case("numpy.linalg.det", args=(a([1, 2]),), xfail={"numpy": ("det raises",
                                                                              ValueError)}),
                "numpy", det)
    with pytest.raises(AssertionError, match="expecting IndexError, but failed otherwise"):
        run_row(Case("numpy.linalg.det", args=(a([1, 2]),), xfail=("det raises", IndexError)),
                "numpy", det)


def test_row_max_examples_caps_only_the_fast_profile():
    from hypothesis import settings
    from .case import _row_settings
    row = Case("numpy.add", settings={"max_examples": 3, "deadline": None})
    assert _row_settings(row, "numpy", None)["max_examples"] == 3
    previous = settings._current_profile
    settings.load_profile("deep")
    try:
        assert "max_examples" not in _row_settings(row, "jax", None)
        assert _row_settings(row, "jax", {"max_examples": 7})["max_examples"] == 7
    finally:
        settings.load_profile(previous)


def test_missing_function_fails_rather_than_skips():
    with pytest.raises(AssertionError, match="does not exist"):
        run_row(Case("numpy.argsort", args=(a([2, 1]),)), "numpy", broken(argsort=None))


def test_make_tests_gives_distinct_ids():
    rows = [Case("numpy.add"), Case("numpy.add"), Case("numpy.sum")]
    fn = make_tests(rows)
    assert [r.id for r in rows] == ["numpy.add", "numpy.add-2", "numpy.sum"]
    assert fn.pytestmark[0].args[0] == "case"


def test_names_resolve_aliases_and_kinds():
    assert (Case("tf.math.add").framework, Case("tf.math.add").path) == ("tensorflow",
                                                                         ("math", "add"))
    assert Case("jnp.take").path == ("numpy", "take")
    with pytest.raises(ValueError):
        Case("mxnet.add")


# ---- the comparison itself ----------------------------------------------------------------------

def test_tolerances_are_dtype_aware():
    r32, near, far = (np.array([1.0], np.float32), np.array([1.000001], np.float32),
                      np.array([1.001], np.float32))
    assert mismatches(r32, near) == []
    assert mismatches(r32, far)
    assert mismatches(r32, far, rtol=1e-2) == []
    assert mismatches(r32, far, atol={"float32": 1e-2}) == []
    assert mismatches(r32.astype(np.float64), near.astype(np.float64))   # float64 is tighter
    assert mismatches(np.array([3], np.int64), np.array([4], np.int64))


def test_nans_equal_infinities_exact_complex_by_parts():
    nan = math.nan
    assert mismatches(np.array([nan, np.inf]), np.array([nan, np.inf])) == []
    assert mismatches(np.array([nan]), np.array([1.0]))
    assert mismatches(np.array([np.inf]), np.array([-np.inf]))
    assert mismatches(np.array([np.inf]), np.array([1e300])) and mismatches(math.inf, 1e300)
    c = np.array([complex(nan, 1.0), 1 + 2j])
    assert mismatches(c, c.copy()) == []
    assert mismatches(c, np.array([complex(nan, 1.5), 1 + 2j]))
    assert mismatches(np.array([1 + 2j]), np.array([1 - 2j]))


def test_structures_compare_by_kind_fields_and_scalar_type():
    P = namedtuple("P", "values indices")
    Q = namedtuple("Q", "values counts")
    one = np.array([1.0])

    def seq(v):
        return Seq(v, "tuple", type(v).__name__, getattr(v, "_fields", None))
    assert mismatches(seq(P(one, one)), seq(P(one, one))) == []
    assert "fields differ" in mismatches(seq(P(one, one)), seq(Q(one, one)))[0]
    assert mismatches(1, True) and mismatches(1.0, 1) and mismatches(1.0, 1.0 + 1e-9)
    assert mismatches(float("nan"), float("nan")) == []
    assert mismatches(np.array(1.0), 1.0)    # a 0-d array is not a Python float
    assert mismatches(NumpyResult(one), NumpyResult(one)) == []   # e.g. tensor.numpy()
    assert "frontend gave numpy" in mismatches(one, NumpyResult(one))[0]  # not the frontend's array
    import ml_dtypes
    bf = np.array([1.0], ml_dtypes.bfloat16)
    assert "dtype differs" in mismatches(bf, bf.astype(np.float32))[0]


def test_exception_matching():
    class InvalidArgumentError(Exception):  # a frontend's own class of the real one's name
        pass
    RealInvalid = type("InvalidArgumentError", (Exception,), {})
    assert _same_error(RuntimeError("x"), RuntimeError("y"))
    assert not _same_error(RuntimeError("x"), ValueError("y"))
    assert not _same_error(ValueError("x"), ivy.IvyTypeError("y"))
    assert _same_error(ValueError("x"), ivy.IvyValueError("y"))
    assert _same_error(RealInvalid("x"), InvalidArgumentError("y"))
    assert not _same_error(RealInvalid("x"), ValueError("y"))


# ---- gradients (torch rows, on the backends where the core's tape records) ---------------------

def torch_frontend(**names) -> Frontend:
    """The torch frontend with some functions replaced."""
    import ivy.frontends.torch as ft
    root = types.SimpleNamespace(autograd=ft.autograd, special=ft.special, tanh=ft.tanh,
                                 sum=ft.sum)
    for k, v in names.items():
        setattr(root, k, v)
    return Frontend("torch", root=root, adapter=FRONTENDS["torch"].adapter, label="broken")


def _off_by_a_tenth_tanh(x):
    import ivy.frontends.torch as ft
    y = ft.tanh(x)
    return y + 0.1 * (x - x.detach()) if x.is_floating_point() else y   # same values, slope + 0.1


def _detached_tanh(x):
    import ivy.frontends.torch as ft
    return ft.tanh(x).detach()


def _second_order_off_tanh(x):
    import ivy.frontends.torch as ft
    y = ft.tanh(x)
    if not x.is_floating_point():
        return y
    d = x - x.detach()
    return y + 0.05 * d * d                  # same values and first derivative


# bool first: the values check's first examples are bool, which have no gradient
TANH = Case("torch.tanh", args=(arr(("bool", "int64", "float32", "float64")),), grad_order=2)


@pytest.fixture
def tape_backend(backend):
    from .case import GRADIENT_BACKENDS
    if backend not in GRADIENT_BACKENDS["torch"]:
        pytest.skip("gradients are compared where the core's tape records (jax, tensorflow)")
    return backend


@pytest.mark.parametrize("fn, words", [
    (_off_by_a_tenth_tanh, "gradients: input 0"),
    (_detached_tanh, "output 0 does not require grad"),
    (_second_order_off_tanh, "gradients, second order: input 0"),
], ids=["off-by-0.1", "detached", "second-order"])
def test_wrong_gradients_fail(tape_backend, fn, words):
    with pytest.raises(AssertionError, match=words):
        check(TANH, tape_backend, frontend=torch_frontend(tanh=fn))
    check(TANH, tape_backend, frontend=torch_frontend())


def test_gradient_examples_are_drawn_as_floats(tape_backend):
    from .case import check_gradient_examples, resolve
    assert check_gradient_examples(resolve(TANH), tape_backend, 2) > 0
    ints = Case("torch.tanh", args=(arr(("bool", "int64")),))
    assert check_gradient_examples(resolve(ints), tape_backend, 1) == 0


def test_listed_gradient_gap_is_strict(tape_backend):
    bad = torch_frontend(tanh=_off_by_a_tenth_tanh)
    gap = Case("torch.tanh", args=(arr(F),), grads="tanh's gradient is off in this test")
    with pytest.raises(pytest.xfail.Exception, match="off in this test"):
        check(gap, tape_backend, frontend=bad)
    with pytest.raises(pytest.fail.Exception, match="lists a gradient gap"):
        check(gap, tape_backend, frontend=torch_frontend())


@pytest.mark.parametrize("name", ["torch.special.i0", "torch.special.i1", "torch.special.i0e",
                                  "torch.special.i1e"])
def test_bessel_gradients_at_zero(tape_backend, name):
    """Smooth at 0: jax's i0 had slope 1 there (true 0), tensorflow's i1 slope 1 (true 1/2); the
    second derivatives (i0'' = i1', i1'') were off the same way."""
    for dtype in F:
        assert check_gradient_example(Case(name), tape_backend,
                                      (a([0.0, 1.0, -2.5, 0.0], dtype),), order=2)


@pytest.mark.parametrize("name", ["torch.logaddexp", "torch.logaddexp2"])
def test_logaddexp_gradients_at_ties(tape_backend, name):
    """Equal operands: each gets half the gradient (tensorflow gave the first all of it), and the
    second derivatives are p(1 - p) there."""
    for dtype in F:
        assert check_gradient_example(Case(name), tape_backend, (a([1.0, -2.0, 0.0, 3.0], dtype),
                                                                 a([1.0, -2.0, 0.5, -1.0], dtype)),
                                      order=2)


def test_sinc_gradient_near_zero(tape_backend):
    """tensorflow's sinc gradient at x = 1e-99 was 1e82 (sin(y)/y's derivative divided by an
    underflowed y^2); the derivative there is ~0."""
    assert check_gradient_example(Case("torch.special.sinc"), tape_backend,
                                  (a([-2.95, -1.9e-99, 0.0, 4.03], "float64"),))


# ---- gradients of jax and tensorflow rows (jax.grad, tf.GradientTape vs the real ones) ---------

def _off_slope(fw):
    """``tanh`` of the ``fw`` frontend with the same values and a slope off by 0.1."""
    if fw == "jax":
        import ivy.frontends.jax as fj
        return lambda x: fj.numpy.tanh(x) + 0.1 * (x - fj.lax.stop_gradient(x))
    import ivy.frontends.tensorflow as ftf
    return lambda x: ftf.math.tanh(x) + 0.1 * (x - ftf.stop_gradient(x))


def _functional_frontend(fw, tanh):
    import ivy.frontends.jax as fj
    import ivy.frontends.tensorflow as ftf
    if fw == "jax":
        root = types.SimpleNamespace(grad=fj.grad, numpy=types.SimpleNamespace(tanh=tanh))
    else:
        root = types.SimpleNamespace(GradientTape=ftf.GradientTape, reduce_sum=ftf.reduce_sum,
                                     math=types.SimpleNamespace(tanh=tanh))
    return Frontend(fw, root=root, adapter=FRONTENDS[fw].adapter, label="broken")


@pytest.mark.parametrize("fw, name", [("jax", "jax.numpy.tanh"), ("tensorflow", "tf.math.tanh")])
def test_wrong_functional_gradients_fail(backend, fw, name):
    from .case import GRADIENT_BACKENDS
    if backend not in GRADIENT_BACKENDS.get(fw, ()):
        pytest.skip(f"{fw} rows' gradients are compared on {GRADIENT_BACKENDS[fw]}")
    row = Case(name, args=(arr(("int32", "float32", "float64"), (2, 3)),))
    with pytest.raises(AssertionError, match="gradients: input 0"):
        check(row, backend, frontend=_functional_frontend(fw, _off_slope(fw)))
    import ivy.frontends.jax as fj
    import ivy.frontends.tensorflow as ftf
    check(row, backend, frontend=_functional_frontend(
        fw, fj.numpy.tanh if fw == "jax" else ftf.math.tanh))
