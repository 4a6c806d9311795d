"""The `nn` extension on every backend, against torch.nn.functional / torch.einsum at test time."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from ivy.core.errors import IvyValueError

from .reference import assert_close, call, to_numpy, torch_ref
from .strategies import np_dtype

COVERED = {"softmax", "log_softmax", "logsumexp", "relu", "relu6", "gelu", "silu", "mish",
           "softplus", "elu", "selu", "celu", "leaky_relu", "sigmoid", "log_sigmoid",
           "hard_sigmoid", "hard_swish", "hard_tanh", "softsign", "glu", "tanhshrink",
           "softshrink", "hardshrink", "prelu", "threshold", "einsum", "layer_norm", "rms_norm",
           "batch_norm", "instance_norm", "group_norm", "dropout", "linear", "one_hot",
           "embedding", "scaled_dot_product_attention", "pixel_shuffle", "pixel_unshuffle"}

RNG = np.random.default_rng(0)


def F():
    import torch.nn.functional as functional
    return functional


def torch():
    import torch as t
    return t


# (ivy name, ivy keywords, torch function of (tensor) -> tensor)
ACTIVATIONS = [
    ("relu", {}, lambda t: F().relu(t)),
    ("relu6", {}, lambda t: F().relu6(t)),
    ("gelu", {}, lambda t: F().gelu(t)),
    ("gelu", {"approximate": "tanh"}, lambda t: F().gelu(t, approximate="tanh")),
    ("silu", {}, lambda t: F().silu(t)),
    ("mish", {}, lambda t: F().mish(t)),
    ("softplus", {}, lambda t: F().softplus(t)),
    ("softplus", {"beta": 2.0, "threshold": 5.0}, lambda t: F().softplus(t, 2.0, 5.0)),
    ("softplus", {"beta": 0.5}, lambda t: F().softplus(t, 0.5)),
    ("elu", {}, lambda t: F().elu(t)),
    ("elu", {"alpha": 0.3}, lambda t: F().elu(t, 0.3)),
    ("selu", {}, lambda t: F().selu(t)),
    ("celu", {}, lambda t: F().celu(t)),
    ("celu", {"alpha": 2.5}, lambda t: F().celu(t, 2.5)),
    ("leaky_relu", {}, lambda t: F().leaky_relu(t)),
    ("leaky_relu", {"negative_slope": 1.5}, lambda t: F().leaky_relu(t, 1.5)),
    ("sigmoid", {}, lambda t: torch().sigmoid(t)),
    ("log_sigmoid", {}, lambda t: F().logsigmoid(t)),
    ("hard_sigmoid", {}, lambda t: F().hardsigmoid(t)),
    ("hard_swish", {}, lambda t: F().hardswish(t)),
    ("hard_tanh", {}, lambda t: F().hardtanh(t)),
    ("hard_tanh", {"min_val": -0.5, "max_val": 2.0}, lambda t: F().hardtanh(t, -0.5, 2.0)),
    ("softsign", {}, lambda t: F().softsign(t)),
    ("glu", {}, lambda t: F().glu(t)),
    ("glu", {"axis": 0}, lambda t: F().glu(t, 0)),
    ("tanhshrink", {}, lambda t: F().tanhshrink(t)),
    ("softshrink", {}, lambda t: F().softshrink(t)),
    ("softshrink", {"lambd": 1.5}, lambda t: F().softshrink(t, 1.5)),
    ("hardshrink", {}, lambda t: F().hardshrink(t)),
    ("hardshrink", {"lambd": 1.5}, lambda t: F().hardshrink(t, 1.5)),
]

_EDGES = [0.0, -0.0, 1e-7, -1e-7, 0.5, -0.5, 1.5, -1.5, 3.0, -3.0, 6.0, -6.0, 19.9, 20.1, -20.0,
          40.0, -40.0, 90.0, -90.0, 1e4, -1e4, 2.0]


def _inputs(dtype):
    """A moderate array (normal * 3 with the edge values) and a large-|x| one, shape (4, 8)."""
    moderate = np.concatenate([RNG.standard_normal(10) * 3, _EDGES]).reshape(4, 8)
    large = np.concatenate([RNG.uniform(-1e3, 1e3, 16), [1e4, -1e4, 500, -500, 88, -88, 710,
                                                           -710, 50, -50, 30, -30, 25, -25, 21,
                                                           -21]]).reshape(4, 8)
    return [a.astype(np_dtype(dtype)) for a in (moderate, large)]


def _check_all(xp, rows, run):
    """Run every row, gather the failures, report them together."""
    failures = []
    for row in rows:
        try:
            run(*row)
        except AssertionError as e:
            failures.append(f"{row[:2]}: {str(e).strip()[:400]}")
    assert not failures, f"{xp.name}: " + "\n".join(failures)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_activations(xp, dtype):
    inputs = _inputs(dtype)

    def run(name, kw, ref):
        for x in inputs:
            assert_close(call(xp, name, x, **kw), torch_ref(ref, x), where=f"{name}{kw}")
    _check_all(xp, ACTIVATIONS, run)


def test_activations_half(xp):
    # Rows alternate between float16 and bfloat16 (each jax compilation costs ~50 ms).
    x = RNG.standard_normal((4, 8)) * 3
    rows = [(name, kw, ref, ("float16", "bfloat16")[i % 2])
            for i, (name, kw, ref) in enumerate(ACTIVATIONS)]

    def run(name, kw, ref, dtype):
        xh = x.astype(np_dtype(dtype))
        assert_close(call(xp, name, xh, **kw), torch_ref(ref, xh), where=f"{name}{kw} {dtype}")
    _check_all(xp, rows, run)


# The xp fixture holds the backend selected across examples (no per-example switching).
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(x=hnp.arrays(np.float64, (4, 8), elements=st.floats(-50, 50, allow_subnormal=False)))
def test_activations_hypothesis(xp, x):
    def run(name, kw, ref):
        assert_close(call(xp, name, x, **kw), torch_ref(ref, x), where=f"{name}{kw}")
    _check_all(xp, ACTIVATIONS, run)


def test_relu_integer(xp):
    x = np.array([-3, 0, 2, 9], dtype=np.int64)
    assert_close(call(xp, "relu", x), np.maximum(x, 0))
    assert_close(call(xp, "relu6", x), np.clip(x, 0, 6))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_prelu_threshold(xp, dtype):
    d = np_dtype(dtype)
    x = RNG.standard_normal((2, 3, 4)).astype(d)
    for w in (np.array([0.25], d), np.array([0.1, -0.2, 2.0], d)):
        assert_close(call(xp, "prelu", x, w), torch_ref(F().prelu, x, w))
    x1 = RNG.standard_normal(5).astype(d)
    assert_close(call(xp, "prelu", x1, np.array([0.3], d)),
                 torch_ref(F().prelu, x1, np.array([0.3], d)))
    with pytest.raises(ValueError):
        call(xp, "prelu", x, np.array([0.1, 0.2], d))
    for thr, value in ((0.1, 20.0), (-0.5, -2.0)):
        assert_close(call(xp, "threshold", x, thr, value),
                     torch_ref(lambda t: F().threshold(t, thr, value), x))


def test_activation_errors(xp):
    ints = np.array([1, -2, 3], dtype=np.int32)
    for name in ("sigmoid", "gelu", "softplus", "elu", "softmax", "logsumexp", "hard_tanh"):
        with pytest.raises(TypeError):      # real floating-point inputs only (relu: integers too)
            call(xp, name, ints)
    x = RNG.standard_normal((2, 3)).astype(np.float32)
    with pytest.raises(ValueError):
        call(xp, "gelu", x, approximate="sigmoid")
    with pytest.raises(ValueError):
        call(xp, "glu", x)      # odd last axis


# ---- softmax family ----------------------------------------------------------------------------

def _softmax_input(dtype):
    x = RNG.standard_normal((5, 6)) * 4
    x[0] = -np.inf                                  # a row of only -inf: NaN
    x[1, 2:4] = -np.inf                             # some -inf
    x[2, 1] = np.inf                                # +inf: NaN in softmax, +inf in logsumexp
    x[3] = [800.0, 799.0, -800.0, 0.0, 1e4, 1e4]    # would overflow a naive exp
    return x.astype(np_dtype(dtype))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_softmax_family(xp, dtype):
    t = torch()
    x = _softmax_input(dtype)
    for axis in (-1, 0, 1):
        assert_close(call(xp, "softmax", x, axis=axis), torch_ref(lambda a: t.softmax(a, axis), x),
                     where=f"softmax axis={axis}")
        assert_close(call(xp, "log_softmax", x, axis=axis),
                     torch_ref(lambda a: t.log_softmax(a, axis), x), where=f"log_softmax {axis}")
    assert_close(call(xp, "softmax", x), torch_ref(lambda a: t.softmax(a, -1), x))
    for axis, keep in ((None, False), (-1, False), (0, True), ((0, 1), False), ((1,), True)):
        dims = (0, 1) if axis is None else axis
        assert_close(call(xp, "logsumexp", x, axis=axis, keepdims=keep),
                     torch_ref(lambda a: t.logsumexp(a, dims, keep), x),
                     where=f"logsumexp axis={axis} keepdims={keep}")


def test_softmax_on_onednn_kernels(xp, monkeypatch):
    """tensorflow: oneDNN's softmax (default on AVX-512 CPUs; the suite runs without it) leaves
    0s beside a +inf; the backend then makes such a row NaN and leaves the others as they are."""
    if xp.__name__ != "ivy.backends.tensorflow:namespace":
        pytest.skip("a tensorflow backend detail")
    from ivy.backends.tensorflow import nn
    monkeypatch.setattr(nn, "_SOFTMAX_KEEPS_ZEROS_BESIDE_INF", [True])
    x = _softmax_input("float32")
    for axis in (-1, 0):
        assert_close(call(xp, "softmax", x, axis=axis),
                     torch_ref(lambda a: torch().softmax(a, axis), x), where=f"axis={axis}")


def test_softmax_family_half(xp):
    t = torch()
    x = _softmax_input("float16")
    x[3] = [8.0, 7.0, -8.0, 0.0, 1e4, 1e4]
    assert_close(call(xp, "softmax", x), torch_ref(lambda a: t.softmax(a, -1), x))
    assert_close(call(xp, "log_softmax", x), torch_ref(lambda a: t.log_softmax(a, -1), x))
    assert_close(call(xp, "logsumexp", x, axis=-1), torch_ref(lambda a: t.logsumexp(a, -1), x))


def test_logsumexp_edges(xp):
    t = torch()
    x = np.array([[-np.inf, -np.inf], [np.inf, -np.inf], [np.nan, 1.0], [1e308, 1e308]])
    assert_close(call(xp, "logsumexp", x, axis=1), torch_ref(lambda a: t.logsumexp(a, 1), x))
    assert_close(call(xp, "logsumexp", x[:0], axis=0), torch_ref(lambda a: t.logsumexp(a, 0),
                                                                 x[:0]))


# ---- einsum -------------------------------------------------------------------------------------

EINSUM = [
    ("ij,jk->ik", [(3, 4), (4, 5)]),
    ("ij,jk", [(3, 4), (4, 5)]),                       # implicit output
    ("ba", [(3, 4)]),                                  # implicit: transposes
    ("ab,bC", [(2, 3), (3, 4)]),                       # uppercase sorts first: "Ca"
    ("ii->i", [(4, 4)]),                               # diagonal
    ("ii", [(4, 4)]),                                  # trace
    ("iij->j", [(3, 3, 2)]),
    ("i,i->", [(5,), (5,)]),
    ("i,j->ij", [(3,), (4,)]),
    ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),
    ("bij,bjk->bik", [(1, 3, 4), (2, 4, 5)]),          # a size-1 label broadcasts
    ("ij,ij->ij", [(2, 3), (1, 3)]),
    ("...ij,...jk->...ik", [(2, 1, 3, 4), (5, 4, 2)]),  # '...' broadcasts
    ("...i,...i", [(1, 3), (4, 3)]),                   # implicit with '...'
    ("...,...", [(2,), (2,)]),
    ("...i,...i->i", [(2, 3), (2, 3)]),                # sum over '...'
    ("a...a->...", [(2, 3, 2)]),
    ("i...->...", [(3, 2, 2)]),
    ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 2)]),
    ("bhqd,bhkd->bhqk", [(2, 2, 3, 4), (2, 2, 5, 4)]),
    ("i->", [(0,)]),
]


def test_einsum(xp):
    # Cases alternate between float64 and float32 (each jax compilation costs ~50 ms).
    t = torch()
    rows = [(spec, shapes, ("float64", "float32")[i % 2]) for i, (spec, shapes) in
            enumerate(EINSUM)]

    def run(spec, shapes, dtype):
        ops = [RNG.standard_normal(s).astype(dtype) for s in shapes]
        assert_close(call(xp, "einsum", spec, *ops), torch_ref(lambda *a: t.einsum(spec, *a),
                                                              *ops), where=f"{spec} {dtype}")
    _check_all(xp, rows, run)


def test_einsum_half_and_int(xp):
    t = torch()
    a, b = RNG.standard_normal((3, 8)), RNG.standard_normal((8, 2))
    a16, b16 = a.astype(np.float16), b.astype(np.float16)
    assert_close(call(xp, "einsum", "ij,jk->ik", a16, b16),
                 torch_ref(lambda p, q: t.einsum("ij,jk->ik", p, q), a16, b16))
    ai, bi = (a * 10).astype(np.int64), (b * 10).astype(np.int64)
    assert_close(call(xp, "einsum", "ij,jk->ik", ai, bi), np.einsum("ij,jk->ik", ai, bi))
    with pytest.raises(ValueError):
        call(xp, "einsum", "ij,jk->ik", a, a)


# ---- normalization ------------------------------------------------------------------------------

def _arrays(dtype, *shapes):
    return [RNG.standard_normal(s).astype(np_dtype(dtype)) for s in shapes]


NORM_DTYPES = ["float32", "float64"]


@pytest.mark.parametrize("dtype", NORM_DTYPES + ["float16"])
def test_layer_rms_group_norm(xp, dtype):
    f = F()
    x, w, b = _arrays(dtype, (2, 4, 3, 5), (3, 5), (3, 5))
    x = x * 3 + 1
    assert_close(call(xp, "layer_norm", x, (3, 5), weight=w, bias=b),
                 torch_ref(lambda *a: f.layer_norm(a[0], (3, 5), a[1], a[2]), x, w, b))
    assert_close(call(xp, "layer_norm", x, 5, eps=1e-2),
                 torch_ref(lambda a: f.layer_norm(a, (5,), eps=1e-2), x))
    assert_close(call(xp, "rms_norm", x, (3, 5), weight=w),
                 torch_ref(lambda a, c: f.rms_norm(a, (3, 5), c), x, w))
    assert_close(call(xp, "rms_norm", x, [5], eps=0.1),
                 torch_ref(lambda a: f.rms_norm(a, (5,), eps=0.1), x))
    tiny = (x * 1e-3).astype(x.dtype)       # eps=None: the compute dtype's epsilon matters here
    assert_close(call(xp, "rms_norm", tiny, (5,)), torch_ref(lambda a: f.rms_norm(a, (5,)), tiny))
    gw, gb = _arrays(dtype, (4,), (4,))
    for groups in (1, 2, 4):
        assert_close(call(xp, "group_norm", x, groups, weight=gw, bias=gb),
                     torch_ref(lambda a, c, d: f.group_norm(a, groups, c, d), x, gw, gb),
                     where=f"group_norm groups={groups}")
    assert_close(call(xp, "group_norm", x[..., 0], 2, eps=0.5),
                 torch_ref(lambda a: f.group_norm(a, 2, eps=0.5), x[..., 0]))
    with pytest.raises(ValueError):
        call(xp, "layer_norm", x, (4, 5))
    with pytest.raises(ValueError):
        call(xp, "group_norm", x, 3)


def _torch_batch_norm(x, rm, rv, w, b, training, momentum, eps, channels_last=False):
    """torch's F.batch_norm on copies: (output, running mean, running var) after the call."""
    t = torch()
    rm = None if rm is None else rm.clone()
    rv = None if rv is None else rv.clone()
    xc = x.movedim(-1, 1) if channels_last else x
    y = F().batch_norm(xc, rm, rv, w, b, training, momentum, eps)
    y = y.movedim(1, -1) if channels_last else y
    return (y, rm if rm is not None else t.zeros(0), rv if rv is not None else t.zeros(0))


def _none_as_empty(result):
    return tuple(np.zeros(0, np.float32) if r is None else r for r in result)


@pytest.mark.parametrize("dtype", NORM_DTYPES)
def test_batch_norm(xp, dtype):
    x, rm, w, b = _arrays(dtype, (4, 3, 5), (3,), (3,), (3,))
    rv = np.abs(_arrays(dtype, (3,))[0]) + 0.5
    for training, momentum, eps in ((True, 0.1, 1e-5), (True, 0.7, 1e-3), (False, 0.1, 1e-5)):
        got = call(xp, "batch_norm", x, rm, rv, weight=w, bias=b, training=training,
                   momentum=momentum, eps=eps)
        assert type(got).__name__ == "NormResult" and len(got) == 3
        expected = torch_ref(lambda *a: _torch_batch_norm(*a, training, momentum, eps),
                             x, rm, rv, w, b)
        assert_close(tuple(got), expected, where=f"batch_norm training={training}")
    # channels last, 4-d
    x4 = _arrays(dtype, (2, 4, 5, 3))[0]
    got = call(xp, "batch_norm", x4, rm, rv, training=True, channels_last=True)
    expected = torch_ref(lambda a, m, v: _torch_batch_norm(a, m, v, None, None, True, 0.1, 1e-5,
                                                           True), x4, rm, rv)
    assert_close(tuple(got), expected, where="batch_norm channels_last")
    # no running statistics in training
    got = call(xp, "batch_norm", x, None, None, training=True)
    assert got[1] is None and got[2] is None
    assert_close(got[0], torch_ref(lambda a: F().batch_norm(a, None, None, training=True), x))
    with pytest.raises(ValueError):
        call(xp, "batch_norm", x, None, None, training=False)


def test_batch_norm_half(xp):
    x = _arrays("float16", (6, 3, 4))[0]
    rm, rv = np.zeros(3, np.float32), np.ones(3, np.float32)
    got = call(xp, "batch_norm", x, rm, rv, training=True)
    expected = torch_ref(lambda *a: _torch_batch_norm(*a, None, None, True, 0.1, 1e-5), x, rm, rv)
    assert_close(tuple(got), expected)


@pytest.mark.parametrize("dtype", NORM_DTYPES)
def test_instance_norm(xp, dtype):
    f, t = F(), torch()
    x, rm, w, b = _arrays(dtype, (2, 3, 4, 5), (3,), (3,), (3,))
    rv = np.abs(_arrays(dtype, (3,))[0]) + 0.5

    def ref(*a, use_input_stats=True, momentum=0.1):
        a = list(a)
        a[1], a[2] = a[1].clone(), a[2].clone()
        y = f.instance_norm(a[0], a[1], a[2], a[3], a[4], use_input_stats, momentum, 1e-5)
        return y, a[1], a[2]
    got = call(xp, "instance_norm", x, running_mean=rm, running_var=rv, weight=w, bias=b,
               momentum=0.3)
    assert_close(tuple(got), torch_ref(lambda *a: ref(*a, momentum=0.3), x, rm, rv, w, b))
    got = call(xp, "instance_norm", x, running_mean=rm, running_var=rv, use_input_stats=False)
    assert_close(tuple(got), torch_ref(lambda *a: ref(*a, t.ones(3, dtype=a[0].dtype),
                                                      t.zeros(3, dtype=a[0].dtype),
                                                      use_input_stats=False), x, rm, rv))
    got = call(xp, "instance_norm", x[..., 0])
    assert got[1] is None and got[2] is None
    assert_close(got[0], torch_ref(lambda a: f.instance_norm(a), x[..., 0]))


# ---- dropout -----------------------------------------------------------------------------------

def _stand_in_random(xp, monkeypatch):
    """The random area's ``key``/``bernoulli`` where the backend has them; else a numpy stand-in
    with the same contract (the area is being built alongside)."""
    try:
        key = xp.random.key(0)
        xp.random.bernoulli(key, 0.5, (2,))
        return lambda seed: xp.random.key(seed)
    except NotImplementedError:
        pass

    def bernoulli(key, p=0.5, shape=None):
        seed = [int(v) for v in to_numpy(xp, key).reshape(-1)]
        return xp.asarray(np.random.default_rng(seed).random(shape) < p)
    monkeypatch.setattr(xp.random, "bernoulli", bernoulli)
    return lambda seed: xp.asarray(np.array([seed, 0], dtype=np.uint32))


def test_dropout(xp, monkeypatch):
    make_key = _stand_in_random(xp, monkeypatch)
    x = xp.asarray(np.full((200, 100), 2.0, dtype=np.float32))
    key = make_key(3)
    for p in (0.2, 0.5, 0.9):
        y = xp.to_numpy(xp.dropout(x, p, key=key))
        assert y.dtype == np.float32 and y.shape == (200, 100)
        again = xp.to_numpy(xp.dropout(x, p, key=key))
        np.testing.assert_array_equal(y, again)                  # same key, same mask
        kept = y != 0
        np.testing.assert_allclose(y[kept], np.float32(2.0) * np.float32(1 / (1 - p)), rtol=1e-6)
        frac = kept.mean()
        assert abs(frac - (1 - p)) < 4 * math.sqrt(p * (1 - p) / y.size), (p, frac)
        assert abs(y.mean() - 2.0) < 8 * 2.0 * math.sqrt(p / (1 - p) / y.size), (p, y.mean())
    other = xp.to_numpy(xp.dropout(x, 0.5, key=make_key(4)))
    assert not np.array_equal(other, xp.to_numpy(xp.dropout(x, 0.5, key=key)))
    y = xp.to_numpy(xp.dropout(x, 0.5, key=key, noise_shape=(200, 1)))
    assert np.all((y == 0).all(axis=1) | (y != 0).all(axis=1))   # one decision per row
    assert xp.dropout(x, 0.0, key=key) is x
    assert xp.dropout(x, 0.7, key=key, training=False) is x
    np.testing.assert_array_equal(xp.to_numpy(xp.dropout(x, 1.0, key=key)), 0)
    with pytest.raises(ValueError):
        xp.dropout(x, 1.5, key=key)


# ---- layers and attention ----------------------------------------------------------------------

@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_linear_embedding_one_hot(xp, dtype):
    f = F()
    x, w, b = _arrays(dtype, (2, 3, 4), (5, 4), (5,))
    assert_close(call(xp, "linear", x, w, b), torch_ref(f.linear, x, w, b))
    assert_close(call(xp, "linear", x, w), torch_ref(f.linear, x, w))
    w1 = _arrays(dtype, (4,))[0]
    assert_close(call(xp, "linear", x, w1), torch_ref(f.linear, x, w1))
    idx = np.array([[0, 4, 2], [1, 1, 3]], dtype=np.int64)
    assert_close(call(xp, "embedding", idx, w), torch_ref(f.embedding, idx, w))
    assert_close(call(xp, "one_hot", idx, 6), torch_ref(lambda i: f.one_hot(i, 6), idx))
    assert_close(call(xp, "one_hot", idx[0], 5, dtype=dtype),
                 torch_ref(lambda i: f.one_hot(i, 5), idx[0]).astype(dtype))
    out_of_range = call(xp, "one_hot", np.array([-1, 7, 2], dtype=np.int32), 4, dtype="float32")
    expected = np.zeros((3, 4), np.float32)
    expected[2, 2] = 1.0
    assert_close(out_of_range, expected)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_scaled_dot_product_attention(xp, dtype):
    f = F()
    q, k, v = _arrays(dtype, (2, 3, 4, 8), (2, 3, 6, 8), (2, 3, 6, 5))
    keep = RNG.random((4, 6)) > 0.3
    keep[1] = False                                 # a fully masked row
    additive = _arrays(dtype, (3, 1, 6))[0]
    cases = [({}, {}), ({"scale": 0.3}, {"scale": 0.3}), ({"is_causal": True}, {"is_causal": True}),
             ({"attn_mask": keep}, {"attn_mask": keep}),
             ({"attn_mask": additive}, {"attn_mask": additive})]
    for kw, tkw in cases:
        got = call(xp, "scaled_dot_product_attention", q, k, v, **kw)
        expected = torch_ref(lambda a, b, c, **m: f.scaled_dot_product_attention(a, b, c, **m),
                             q, k, v, **tkw)
        assert_close(got, expected, where=f"sdpa {sorted(kw)}")


def test_attention_dropout(xp, monkeypatch):
    make_key = _stand_in_random(xp, monkeypatch)
    q, k, v = (xp.asarray(a) for a in _arrays("float32", (2, 4, 8), (2, 6, 8), (2, 6, 5)))
    key = make_key(1)
    a = xp.scaled_dot_product_attention(q, k, v, dropout_p=0.5, key=key)
    b = xp.scaled_dot_product_attention(q, k, v, dropout_p=0.5, key=key)
    np.testing.assert_array_equal(xp.to_numpy(a), xp.to_numpy(b))
    assert xp.shape(a) == (2, 4, 5)
    with pytest.raises(ValueError):
        xp.scaled_dot_product_attention(q, k, v, dropout_p=0.5)


def test_pixel_shuffle(xp):
    f = F()
    x = _arrays("float32", (2, 12, 3, 4))[0]
    assert_close(call(xp, "pixel_shuffle", x, 2), torch_ref(lambda a: f.pixel_shuffle(a, 2), x))
    assert_close(call(xp, "pixel_unshuffle", x[:, :, :2], 2),
                 torch_ref(lambda a: f.pixel_unshuffle(a, 2), x[:, :, :2]))
    x5 = x.reshape(1, 2, 12, 3, 4)
    assert_close(call(xp, "pixel_shuffle", x5, 2), torch_ref(lambda a: f.pixel_shuffle(a, 2), x5))
    with pytest.raises(ValueError):
        call(xp, "pixel_shuffle", x, 4)


def test_value_errors_are_ivy(xp):
    x = np.ones((2, 3), np.float32)
    with pytest.raises(IvyValueError):
        call(xp, "layer_norm", x, (2,))
