"""torch math, statistics and legacy linear algebra (``_math_extra``) vs real PyTorch, plus
distribution checks of the random ones (``binomial``, ``rrelu`` in training)."""
import numpy as np
import pytest
from hypothesis import strategies as st

import ivy
from ivy.frontends import torch
from tests.conformance import (Case, arr, axis_for, dtype_arg, make_tests, optional, shared_dtype,
                               shared_shape)
from tests.conformance.strategies import ArrayArg

FL = ("float32", "float64")
IN = FL + ("int64", "bool")
REAL = ("bool", "uint8", "int32", "int64", "float16", "bfloat16", "float32", "float64")
ALL = REAL + ("complex64",)
TOL = {"float16": 1e-2, "bfloat16": 5e-2, "float32": 1e-4, "float64": 1e-10}
LOOSE = {"float32": 1e-3, "float64": 1e-8}
S = st.sampled_from([(3,), (2, 3)])
X = shared_shape("x", min_dims=1, max_dims=3)
DIM = axis_for(X)
DIMS = axis_for(X, tuples=True)
FEW = {"max_examples": 5}
ONE = {"max_examples": 2}
SLOW = {"max_examples": 4}      # rows whose every new shape costs jax a compilation


def _map(strategy, f):
    return strategy.map(lambda a: type(a)(f(a.value)))


def abs_parts(r):
    """Singular vectors and QR factors up to sign: their absolute values."""
    return tuple(np.abs(v) for v in r)


def full_rank(dtype, shape):
    """Well-conditioned (..., m, n) matrices: rank deficiency makes Householder vectors round-off."""
    return _map(arr(dtype, shape, min_value=-1, max_value=1),
                lambda a: a + np.eye(shape[-2], shape[-1], dtype=a.dtype) * 4)


def invertible(dtype, shape):
    return _map(arr(dtype, shape, min_value=-1, max_value=1),
                lambda a: a + np.eye(shape[-1], dtype=a.dtype) * 4)


def _rows():
    # ---- binary elementwise (the table), Python numbers refused where torch refuses them
    for name, lo in (("fmax", None), ("fmin", None), ("heaviside", None), ("logaddexp2", None),
                     ("igamma", 1), ("igammac", 1)):
        yield Case(f"torch.{name}", args=(arr(ALL if lo is None else IN, S, min_value=lo,
                                              max_value=5 if lo else None, edge=lo is None),
                                          arr(ALL if lo is None else IN, (3,), min_value=lo,
                                              max_value=5 if lo else None)),
                   rtol=TOL, atol=TOL, settings=SLOW)
        yield Case(f"torch.{name}", args=(arr(FL, (3,)), st.sampled_from([2, 1.5])),
                   settings=ONE, id=f"torch.{name}-number")
    yield Case("torch.fmax", args=(arr(FL, (3,)), arr(FL, (3,))),
               kwargs={"out": arr(("float32", "int64"), (3,))}, settings=ONE, id="torch.fmax-out")
    for name in ("heaviside_", "igamma_", "igammac_"):
        yield Case(f"torch.Tensor.{name}", args=(arr(IN, (3,), min_value=0, max_value=5),
                                                 arr(IN, (3,), min_value=0, max_value=5)),
                   rtol=TOL, atol=TOL, settings=FEW)
    yield Case("torch.xlogy", args=(st.one_of(arr(IN + ("complex64",), S, min_value=0, max_value=5),
                                              st.sampled_from([0, 2, 1.5])),
                                    arr(IN, S, min_value=0, max_value=5)), rtol=TOL, atol=TOL,
               settings=FEW)
    yield Case("torch.Tensor.xlogy_", args=(arr(IN, (3,), min_value=0, max_value=5),
                                            arr(IN, (3,), min_value=0, max_value=5)),
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case("torch.float_power", args=(st.one_of(arr(IN, S, min_value=1, max_value=3),
                                                    st.sampled_from([2, 0.5])),
                                          st.one_of(arr(IN + ("complex64",), (3,), min_value=-2,
                                                        max_value=2),
                                                    st.sampled_from([2, -1.5]))),
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case("torch.Tensor.float_power_", args=(arr(FL + ("complex128",), (3,), min_value=0.5,
                                                      max_value=3),
                                                  st.one_of(arr(FL, (3,)), st.just(2))),
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case("torch.rsub", args=(arr(("uint8", "int64", "float32", "bool"), S),
                                   st.one_of(arr(("int64", "float64"), (3,)),
                                             st.sampled_from([2, 1.5]))),
               kwargs={"alpha": optional(st.sampled_from([1, 2]))}, settings=FEW)
    yield Case("torch.rsub", args=(st.just(2), arr(FL, (3,))), settings=ONE, id="torch.rsub-first")

    # ---- unary
    yield Case("torch.nan_to_num", args=(arr(ALL, S, edge=True),),
               kwargs={"nan": optional(st.just(1.5)), "posinf": optional(st.just(100.0)),
                       "neginf": optional(st.just(-7.0))}, settings=FEW)
    yield Case("torch.nan_to_num", args=(arr(FL, (3,), edge=True),),
               kwargs={"out": arr(FL, (3,))}, settings=ONE, id="torch.nan_to_num-out")
    yield Case("torch.Tensor.nan_to_num_", args=(arr(FL, S, edge=True),), settings=FEW)
    yield Case("torch.polygamma", args=(st.sampled_from([-1, 0, 1, 3]),
                                        arr(IN + ("complex64",), S, min_value=1, max_value=5)),
               rtol=1e-4, atol=TOL, settings=FEW)
    yield Case("torch.Tensor.polygamma", args=(arr(FL, S, min_value=1, max_value=5),
                                               st.sampled_from([0, 2])),
               rtol=1e-4, atol=TOL, settings=FEW)
    yield Case("torch.Tensor.polygamma_", args=(arr(FL + ("int64",), S, min_value=1, max_value=5),
                                                st.sampled_from([0, 1])),
               rtol=1e-4, atol=TOL, settings=FEW)
    yield Case("torch.mvlgamma", args=(arr(IN, S, min_value=2, max_value=6),
                                       st.sampled_from([0, 1, 3])), rtol=TOL, atol=TOL,
               settings=FEW)
    yield Case("torch.Tensor.mvlgamma_", args=(arr(FL + ("int64",), S, min_value=2, max_value=6),
                                               st.sampled_from([1, 2])), rtol=TOL, atol=TOL,
               settings=FEW)
    yield Case("torch.real", args=(arr(ALL + ("complex128",), S),), settings=FEW)
    yield Case("torch.imag", args=(arr(ALL + ("complex128",), S),), settings=FEW)
    yield Case("torch.Tensor.imag", args=(arr(("complex64", "float32"), S),), settings=ONE)
    yield Case("torch.round", args=(arr(ALL, S),),
               kwargs={"decimals": optional(st.sampled_from([0, 1, -1]))}, rtol=TOL, atol=TOL,
               settings=FEW)
    yield Case("torch.Tensor.round_", args=(arr(FL + ("int64",), S),), settings=FEW)
    yield Case("torch.conj_physical", args=(arr(ALL, S),), settings=FEW)
    yield Case("torch.Tensor.conj_physical_", args=(arr(("complex64", "float32"), S),),
               settings=ONE)
    for name in ("resolve_conj", "resolve_neg", "is_conj", "is_neg"):
        yield Case(f"torch.{name}", args=(arr(("complex64", "float32", "int64"), S),),
                   settings=ONE)
    yield Case("torch.adjoint", args=(arr(("complex64", "float32", "int64"),
                                          st.sampled_from([(3,), (2, 3), (2, 2, 3)])),),
               settings=FEW)
    yield Case("torch.diagflat", args=(arr(ALL, st.sampled_from([(3,), (2, 2), (0,), ()])),),
               kwargs={"offset": optional(st.integers(-2, 2))}, settings=SLOW)

    # ---- activations
    for name in ("relu", "selu", "celu", "hardshrink"):
        yield Case(f"torch.{name}", args=(arr(ALL, S),), rtol=TOL, atol=TOL, settings=FEW)
    yield Case("torch.threshold", args=(arr(ALL, S), st.sampled_from([0.5, 1]),
                                        st.sampled_from([2, -1.5])), rtol=TOL, settings=FEW)
    yield Case("torch.Tensor.relu_", args=(arr(("int64", "float32"), S),), settings=ONE)
    for name in ("relu_", "selu_", "celu_"):
        yield Case(f"torch.{name}", args=(arr(FL, S),), rtol=TOL, atol=TOL, settings=ONE)
    yield Case("torch.threshold_", args=(arr(FL, S), 0.5, 3.0), settings=ONE)
    yield Case("torch.prelu", args=(arr(("float32", "float64", "int64"), (2, 3)),
                                    arr(("float32", "float64"), st.sampled_from([(1,), (3,),
                                                                                 (2,)]))),
               rtol=TOL, settings=FEW)
    yield Case("torch.rrelu", args=(arr(FL + ("int64",), S),),
               kwargs={"lower": optional(st.just(0.2)), "upper": optional(st.just(0.4))},
               rtol=TOL, settings=FEW, id="torch.rrelu-eval")
    yield Case("torch.rrelu", args=(arr(FL, S),), kwargs={"training": True}, values=False,
               seed=True, settings=ONE, id="torch.rrelu-training")
    yield Case("torch.rrelu_", args=(arr(FL, S),), rtol=TOL, settings=ONE)

    # ---- reductions and statistics
    yield Case("torch.aminmax", args=(arr(ALL, X, edge=True),),
               kwargs={"dim": optional(DIM), "keepdim": optional(st.booleans())},
               settings=FEW)
    yield Case("torch.aminmax", args=(arr(FL, (0,)),), settings=ONE, id="torch.aminmax-empty")
    for name in ("std_mean", "var_mean"):
        yield Case(f"torch.{name}", args=(arr(FL + ("int64", "complex64"), X),),
                   kwargs={"dim": optional(DIMS), "keepdim": optional(st.booleans()),
                           "correction": optional(st.sampled_from([0, 1, 2]))},
                   rtol=TOL, atol=TOL, settings=FEW)
    yield Case("torch.nanmean", args=(arr(("float32", "float64", "int64"), X, edge=True),),
               kwargs={"dim": optional(DIMS), "keepdim": optional(st.booleans())},
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case("torch.nansum", args=(arr(("float32", "float64", "int32", "bool", "complex64"), X,
                                         edge=True),),
               kwargs={"dim": optional(DIMS), "keepdim": optional(st.booleans())},
               rtol=TOL, atol=TOL, settings=FEW)
    Q = shared_dtype(FL + ("int64",), "q")
    for name in ("quantile", "nanquantile"):
        yield Case(f"torch.{name}", args=(arr(Q, X, edge=name == "nanquantile"),
                                          st.one_of(st.sampled_from([0.0, 0.25, 0.5, 1.0, 1.5]),
                                                    arr(Q, (2,), min_value=0, max_value=1))),
                   kwargs={"dim": optional(DIM), "keepdim": optional(st.booleans()),
                           "interpolation": optional(st.sampled_from(
                               ["linear", "lower", "higher", "midpoint", "nearest"]))},
                   rtol=TOL, atol=TOL, settings=SLOW)
    yield Case("torch.logsumexp", args=(arr(IN, X), DIM),
               kwargs={"keepdim": optional(st.booleans())}, rtol=TOL, atol=TOL, settings=FEW)
    yield Case("torch.cov", args=(arr(IN + ("complex64",), st.sampled_from([(4,), (2, 4)])),),
               kwargs={"correction": optional(st.sampled_from([0, 1, 2])),
                       "fweights": optional(arr(("int64", "float32"), (4,), min_value=0,
                                                max_value=3)),
                       "aweights": optional(arr(FL, (4,), min_value=0.5, max_value=2))},
               # torch keeps float32 aweights' rounding in a float64 result
               rtol={"float32": 1e-3, "float64": 1e-6}, atol={"float32": 1e-3, "float64": 1e-6}, settings=FEW)
    yield Case("torch.corrcoef", args=(arr(FL + ("int64",), st.sampled_from([(4,), (2, 4),
                                                                             (3, 3)])),),
               rtol=LOOSE, atol=LOOSE, settings=SLOW)
    yield Case("torch.renorm", args=(arr(FL + ("int64", "complex64"), st.sampled_from(
        [(3, 4), (2, 2, 3), (3,)])), st.sampled_from([1, 2, 3, 0]), st.sampled_from([0, 1, -1]),
        st.sampled_from([0.5, 5.0])), rtol=TOL, atol=TOL, settings=SLOW)
    yield Case("torch.Tensor.renorm_", args=(arr(FL, (3, 4)), 2, 0, 1.0), rtol=TOL, settings=ONE)
    yield Case("torch.Tensor.cumsum_", args=(arr(("int32", "float32", "bool"), X), DIM),
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case("torch.Tensor.cumprod_", args=(arr(("int64", "float64"), X), DIM), rtol=TOL,
               settings=FEW)

    # ---- norms, products, layouts
    yield Case("torch.frobenius_norm", args=(arr(FL + ("int64", "complex64"), (2, 3)),
                                             st.sampled_from([0, (0,), (0, 1), (-1, -2),
                                                              (0, 1, 0)])),
               kwargs={"keepdim": optional(st.booleans())}, rtol=TOL, atol=TOL, settings=FEW)
    yield Case("torch.nuclear_norm", args=(arr(FL + ("int64",), st.sampled_from([(2, 3), (3,)])),),
               kwargs={"keepdim": optional(st.booleans())}, rtol=LOOSE, atol=LOOSE, settings=FEW)
    yield Case("torch.chain_matmul", args=st.sampled_from([(), ((2, 3),), ((2, 3), (3, 4)),
                                                           ((2, 3), (3, 2), (2, 2)), ((3,),),
                                                           ((2, 3), (2, 3))]).flatmap(
        lambda shapes: st.tuples(*(arr("float64", s) for s in shapes))),
        rtol=TOL, atol=TOL, settings=FEW)
    yield Case("torch.cartesian_prod", args=st.sampled_from([1, 2, 3]).flatmap(
        lambda n: st.tuples(*(arr(("int64", "float32"), st.sampled_from([(2,), (3,), (2, 2)]))
                              for _ in range(n)))), settings=FEW)
    yield Case("torch.combinations", args=(arr(ALL, st.sampled_from([(4,), (2,), (2, 2)])),),
               kwargs={"r": optional(st.integers(-1, 4)),
                       "with_replacement": optional(st.booleans())}, settings=FEW)
    yield Case("torch.block_diag", args=st.integers(0, 3).flatmap(
        lambda n: st.tuples(*(arr(("int64", "float32", "bool"), st.sampled_from(
            [(), (2,), (2, 3), (1, 2, 2)])) for _ in range(n)))), settings=FEW)
    yield Case("torch.cumulative_trapezoid", args=(arr(IN + ("complex64",),
                                                       st.sampled_from([(4,), (2, 4), ()])),),
               kwargs={"dx": optional(st.sampled_from([0.5, 2]))}, rtol=TOL, atol=TOL,
               settings=FEW)
    yield Case("torch.cumulative_trapezoid", args=(arr(FL + ("int64",), (2, 4)),
                                                   arr(FL + ("int64",),
                                                       st.sampled_from([(4,), (2, 4), (3,)]))),
               rtol=TOL, atol=TOL, settings=FEW, id="torch.cumulative_trapezoid-x")
    yield Case("torch.gradient", args=(arr(IN + ("uint8", "complex64"),
                                           st.sampled_from([(4,), (3, 4)])),),
               kwargs={"spacing": optional(st.sampled_from([2.0, 0.5])),
                       "edge_order": optional(st.sampled_from([1, 2]))},
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case("torch.gradient", args=(arr(FL, (3, 4)),),
               kwargs={"dim": st.sampled_from([1, -1]),
                       "spacing": st.sampled_from([[1.5], (2.0, 3.0)]),
                       "edge_order": optional(st.sampled_from([1, 2]))},
               rtol=TOL, atol=TOL, settings=FEW, id="torch.gradient-dim")
    yield Case("torch.gradient", args=(arr("float64", (5,)),),
               kwargs={"spacing": st.just((ArrayArg(np.array([0.0, 0.5, 1.5, 2.0, 4.0])),)),
                       "edge_order": optional(st.sampled_from([1, 2]))},
               rtol=TOL, atol=TOL, settings=ONE, id="torch.gradient-coordinates")
    yield Case("torch.histogram", args=(arr(FL + ("int64",), S),
                                        st.sampled_from([3, 5, 0])),
               kwargs={"range": optional(st.sampled_from([(-5.0, 5.0), (0.0, 1.0)])),
                       "density": optional(st.booleans())},
               rtol=TOL, atol=TOL, settings=SLOW)
    yield Case("torch.histogram", args=(arr("float32", (6,)),
                                        arr("float32", (4,), unique=True).map(
                                            lambda a: type(a)(np.sort(a.value)))),
               kwargs={"weight": optional(arr("float32", (6,), min_value=0, max_value=2))},
               rtol=TOL, atol=TOL, settings=FEW, id="torch.histogram-edges")
    yield Case("torch.histogramdd", args=(arr(FL, (5, 2)),
                                          st.sampled_from([2, [2, 3], [3]])),
               kwargs={"density": optional(st.booleans())},
               rtol=TOL, atol=TOL, settings=SLOW)
    yield Case("torch.unravel_index", args=(arr(("int64", "int32", "float32"), S,
                                                min_value=-6, max_value=5),
                                            st.sampled_from([(2, 3), (6,), [3, 2, 1]])),
               settings=SLOW)
    for name in ("tril_indices", "triu_indices"):
        yield Case(f"torch.{name}", args=(st.integers(-1, 4), st.integers(0, 4), st.integers(-2, 2)),
                   kwargs={"dtype": optional(dtype_arg(("int32", "int64", "float32")))},
                   settings=SLOW)

    # ---- random
    yield Case("torch.binomial", args=(arr(("float32", "float64", "int64"), (3,), min_value=-1,
                                           max_value=20),
                                       arr(("float32", "float64"), (3,), min_value=-0.2,
                                           max_value=1.2)),
               values=False, seed=True, settings={"max_examples": 3})

    # ---- legacy linear algebra
    yield Case("torch.svd", args=(arr(("float32", "float64", "int64"),
                                      st.sampled_from([(3, 2), (2, 3), (2, 2, 2)])),),
               kwargs={"some": optional(st.booleans()), "compute_uv": optional(st.booleans())},
               rtol=LOOSE, atol=LOOSE, transform=abs_parts, settings=FEW)
    yield Case("torch.qr", args=(arr(("float32", "float64", "int64"),
                                     st.sampled_from([(3, 2), (2, 3), (2, 2, 2)])),),
               kwargs={"some": optional(st.booleans())}, rtol=LOOSE, atol=LOOSE,
               transform=abs_parts, settings=FEW)
    yield Case("torch.lu", args=(arr(("float32", "float64", "int64"),
                                     st.sampled_from([(3, 3), (2, 2, 2), (3,)])),),
               kwargs={"get_infos": optional(st.booleans())}, rtol=LOOSE, atol=LOOSE,
               settings=FEW)
    yield Case("torch.lu", args=(st.sampled_from([np.array([[1.0, 2], [2, 4]]), np.zeros((2, 3))]
                                                 ).map(ArrayArg),),
               kwargs={"get_infos": st.booleans()}, settings=ONE, id="torch.lu-singular")
    yield Case("torch.lu_solve", args=st.sampled_from([(3, 3), (2, 2, 2)]).flatmap(
        lambda s: invertible("float64", s).flatmap(lambda a: st.tuples(
            arr("float64", s[:-1] + (2,)), st.just(a)))).map(
        lambda t: (t[0],) + _lu_parts(t[1])), rtol=LOOSE, atol=LOOSE, settings=FEW)
    yield Case("torch.geqrf", args=(st.sampled_from([(3, 2), (2, 2, 3)]).flatmap(
        lambda s: full_rank(("float32", "float64", "complex128", "int64"), s)),),
               rtol=LOOSE, atol=LOOSE, settings={"max_examples": 3})
    yield Case("torch.orgqr", args=(arr("float64", (3, 2)), arr("float64", (2,))),
               rtol=LOOSE, atol=LOOSE, settings=FEW)
    yield Case("torch.ormqr", args=(arr("float64", (3, 2)), arr("float64", (2,)),
                                    arr("float64", st.sampled_from([(3, 2), (2, 3)]))),
               kwargs={"left": optional(st.booleans()), "transpose": optional(st.booleans())},
               rtol=LOOSE, atol=LOOSE, settings=FEW)


def _lu_parts(a):
    """(LU, pivots) of ``a`` from scipy's LAPACK: the same factors torch.linalg.lu_factor gives."""
    import scipy.linalg
    m = a.value
    if m.ndim == 2:
        lu, piv = scipy.linalg.lu_factor(m)
        return ArrayArg(lu), ArrayArg((piv + 1).astype(np.int32))
    parts = [scipy.linalg.lu_factor(x) for x in m]
    return (ArrayArg(np.stack([p[0] for p in parts])),
            ArrayArg(np.stack([(p[1] + 1).astype(np.int32) for p in parts])))


test_math_extra = make_tests(list(_rows()))


# ---- distributions of the random functions, on every backend --------------------------------------

@pytest.fixture
def on_backend(backend):
    with ivy.using_backend(backend):
        yield


def test_binomial_distribution(on_backend):
    torch.manual_seed(0)
    count = torch.full((2000,), 10.0)
    prob = torch.full((2000,), 0.3)
    draws = torch.binomial(count, prob).numpy()
    assert draws.min() >= 0 and draws.max() <= 10 and np.all(draws == np.round(draws))
    assert abs(draws.mean() - 3.0) < 0.2 and abs(draws.var() - 2.1) < 0.35
    torch.manual_seed(0)
    assert np.array_equal(torch.binomial(count, prob).numpy(), draws)   # seeded: repeats


def test_rrelu_training_slopes(on_backend):
    g = torch.Generator().manual_seed(3)
    x = torch.full((2000,), -1.0)
    y = torch.rrelu(x, 0.1, 0.3, training=True, generator=g).numpy()
    assert np.all((y <= -0.1) & (y >= -0.3)) and abs(y.mean() + 0.2) < 0.01
    assert np.array_equal(torch.rrelu(torch.tensor([2.0]), training=True).numpy(), [2.0])
