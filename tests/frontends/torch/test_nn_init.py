"""torch.nn.init: exact values where torch's are deterministic (gains, fans, eye_, dirac_,
constants), shapes, dtypes, bounds and moments for the random initializers on every backend, and
their seeded values equal to real torch's (here a few; every initializer and layer in
``test_seeded.py``)."""
import math
import warnings

import numpy as np
import pytest
import scipy.stats

import ivy
import ivy.frontends.torch as ft

GAINS = [("linear", None), ("conv1d", None), ("conv_transpose3d", None), ("sigmoid", None),
         ("tanh", None), ("relu", None), ("leaky_relu", None), ("leaky_relu", 0.2),
         ("leaky_relu", 3), ("leaky_relu", math.sqrt(5)), ("selu", None), ("relu", 7)]


def _error(f):
    try:
        f()
    except Exception as e:   # noqa: BLE001
        return type(e).__name__, str(e)
    return None


def test_calculate_gain_exact():
    import torch
    for name, param in GAINS:
        got, want = ft.nn.init.calculate_gain(name, param), torch.nn.init.calculate_gain(name,
                                                                                         param)
        assert got == want and type(got) is type(want), (name, param)
    for bad in [("softmax", None), ("leaky_relu", True), ("leaky_relu", "x")]:
        assert _error(lambda: ft.nn.init.calculate_gain(*bad)) == \
            _error(lambda: torch.nn.init.calculate_gain(*bad))


@pytest.mark.parametrize("shape", [(3,), (4, 3), (5, 2, 3), (6, 4, 3, 2), (2, 3, 1, 2, 2)])
def test_fans_exact(backend, shape):
    import torch
    real = torch.empty(shape)
    with ivy.using_backend(backend):
        ours = ft.empty(shape)
        for f in (lambda m, t: m._calculate_fan_in_and_fan_out(t),
                  lambda m, t: m._calculate_correct_fan(t, "fan_in"),
                  lambda m, t: m._calculate_correct_fan(t, "FAN_OUT"),
                  lambda m, t: m._calculate_correct_fan(t, "fan_avg")):
            expected = _error(lambda: f(torch.nn.init, real)) or f(torch.nn.init, real)
            assert (_error(lambda: f(ft.nn.init, ours)) or f(ft.nn.init, ours)) == expected


DETERMINISTIC = [
    ("constant_", (4, 3), (0.25,)), ("ones_", (2, 5), ()), ("zeros_", (3,), ()),
    ("eye_", (3, 5), ()), ("eye_", (4, 2), ()), ("dirac_", (4, 2, 3), ()),
    ("dirac_", (4, 2, 3, 3), (2,)), ("dirac_", (2, 3, 3, 2, 3), ()),
]


@pytest.mark.parametrize("name, shape, args", DETERMINISTIC)
def test_deterministic_inits_exact(backend, name, shape, args):
    import torch
    expected = getattr(torch.nn.init, name)(torch.full(shape, 9.0), *args).numpy()
    with ivy.using_backend(backend):
        t = ft.full(shape, 9.0)
        out = getattr(ft.nn.init, name)(t, *args)
        assert out is t
        np.testing.assert_array_equal(np.asarray(t), expected)
    assert _error(lambda: ft.nn.init.eye_(ft.ones(2, 2, 2)))[0] == "ValueError"
    assert _error(lambda: ft.nn.init.dirac_(ft.ones(3, 2, 2), groups=2))[0] == "ValueError"


def _moments(name, shape, kwargs):
    """(mean, std, low bound, high bound) torch's docs give for the distribution."""
    fan_in, fan_out = shape[1] * math.prod(shape[2:]), shape[0] * math.prod(shape[2:])
    if name == "uniform_":
        a, b = kwargs["a"], kwargs["b"]
        return (a + b) / 2, (b - a) / math.sqrt(12), a, b
    if name == "normal_":
        return kwargs["mean"], kwargs["std"], -np.inf, np.inf
    if name in ("xavier_uniform_", "xavier_normal_"):
        std = kwargs.get("gain", 1.0) * math.sqrt(2.0 / (fan_in + fan_out))
        bound = math.sqrt(3.0) * std if name == "xavier_uniform_" else np.inf
        return 0.0, std, -bound, bound
    if name in ("kaiming_uniform_", "kaiming_normal_"):
        fan = fan_in if kwargs.get("mode", "fan_in") == "fan_in" else fan_out
        a = kwargs.get("a", 0)
        gain = ft.nn.init.calculate_gain(kwargs.get("nonlinearity", "leaky_relu"), a)
        std = gain / math.sqrt(fan)
        bound = math.sqrt(3.0) * std if name == "kaiming_uniform_" else np.inf
        return 0.0, std, -bound, bound
    if name == "trunc_normal_":
        m, s, a, b = kwargs["mean"], kwargs["std"], kwargs["a"], kwargs["b"]
        dist = scipy.stats.truncnorm((a - m) / s, (b - m) / s, loc=m, scale=s)
        return dist.mean(), dist.std(), a, b
    raise AssertionError(name)


RANDOM = [
    ("uniform_", (100, 60), {"a": -0.5, "b": 2.0}),
    ("normal_", (100, 60), {"mean": 1.0, "std": 0.5}),
    ("xavier_uniform_", (60, 40, 3), {"gain": 2.0}),
    ("xavier_normal_", (100, 60), {}),
    ("kaiming_uniform_", (80, 30, 3), {"a": math.sqrt(5)}),
    ("kaiming_uniform_", (100, 60), {"mode": "fan_out", "nonlinearity": "relu"}),
    ("kaiming_normal_", (60, 20, 2, 2), {"a": 0.1}),
    ("trunc_normal_", (100, 60), {"mean": 0.0, "std": 1.0, "a": -2.0, "b": 2.0}),
    ("trunc_normal_", (100, 60), {"mean": 0.0, "std": 1.0, "a": 1.5, "b": 4.0}),
]


@pytest.mark.parametrize("name, shape, kwargs", RANDOM,
                         ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(RANDOM)])
def test_random_inits_statistics(backend, name, shape, kwargs):
    mean, std, low, high = _moments(name, shape, kwargs)
    with ivy.using_backend(backend):
        dtypes = (ft.float32, ft.float64) if name in ("uniform_", "normal_") else (ft.float32,)
        for dtype in dtypes:
            t = ft.empty(shape, dtype=dtype)
            assert getattr(ft.nn.init, name)(t, **kwargs) is t
            assert t.dtype == dtype and tuple(t.shape) == shape
            x = np.asarray(t).astype(np.float64)
            assert low <= x.min() and x.max() <= high, (x.min(), x.max(), low, high)
            n = x.size
            assert abs(x.mean() - mean) < 5 * std / math.sqrt(n) + 1e-6, (x.mean(), mean)
            assert abs(x.std() - std) < 0.05 * std, (x.std(), std)


def test_reproducible_with_seed_and_generator(backend):
    with ivy.using_backend(backend):
        def draw(generator=None):
            return np.asarray(ft.nn.init.kaiming_uniform_(ft.empty(5, 4), generator=generator))
        ft.manual_seed(3)
        a = draw()
        ft.manual_seed(3)
        assert np.array_equal(a, draw())
        g1, g2 = ft.Generator().manual_seed(7), ft.Generator().manual_seed(7)
        assert np.array_equal(draw(g1), draw(g2)) and not np.array_equal(draw(g1), a)
        ft.manual_seed(0)
        first = [np.asarray(v) for v in ft.nn.Conv2d(3, 4, 3).state_dict().values()]
        ft.manual_seed(0)
        again = [np.asarray(v) for v in ft.nn.Conv2d(3, 4, 3).state_dict().values()]
        assert all(np.array_equal(x, y) for x, y in zip(first, again))
        bound = 1 / math.sqrt(27)
        assert all(np.abs(x).max() <= bound for x in first)


@pytest.mark.parametrize("call", ["kaiming_uniform_(t, a=math.sqrt(5))", "xavier_uniform_(t)",
                                  "trunc_normal_(t, std=0.02)", "normal_(t, 0.0, 0.02)"])
def test_seeded_values_are_torchs(backend, call):
    import torch
    torch.manual_seed(17)
    expected = eval(f"torch.nn.init.{call}", {"torch": torch, "math": math,   # noqa: S307
                                              "t": torch.empty(16, 12)}).numpy()
    with ivy.using_backend(backend):
        ft.manual_seed(17)
        got = eval(f"ft.nn.init.{call}", {"ft": ft, "math": math,   # noqa: S307
                                          "t": ft.empty(16, 12)})
        np.testing.assert_array_equal(np.asarray(got), expected)
        g = ft.Generator().manual_seed(17)
        again = ft.nn.init.uniform_(ft.empty(3, 4), generator=g)
        np.testing.assert_array_equal(
            np.asarray(again),
            torch.nn.init.uniform_(torch.empty(3, 4), generator=torch.Generator().manual_seed(17))
            .numpy())


def test_orthogonal_and_sparse(backend):
    with ivy.using_backend(backend):
        for shape, gain in [((6, 4), 1.0), ((2, 4, 3), 0.5)]:
            t = ft.nn.init.orthogonal_(ft.empty(shape), gain=gain)
            flat = np.asarray(t).reshape(shape[0], -1)
            small = flat.T @ flat if shape[0] >= flat.shape[1] else flat @ flat.T
            np.testing.assert_allclose(small, gain ** 2 * np.eye(len(small)), atol=1e-5)
        s = np.asarray(ft.nn.init.sparse_(ft.empty(10, 6), sparsity=0.3, std=0.1))
        assert ((s == 0).sum(0) == 3).all()
        assert _error(lambda: ft.nn.init.sparse_(ft.empty(3), 0.1))[0] == "ValueError"
        assert _error(lambda: ft.nn.init.orthogonal_(ft.empty(3)))[0] == "ValueError"


def test_deprecated_and_empty_warnings(backend):
    with ivy.using_backend(backend):
        with pytest.warns(FutureWarning, match="nn.init.normal` is now deprecated"):
            ft.nn.init.normal(ft.empty(2, 2))
        with pytest.warns(UserWarning, match="Initializing zero-element tensors is a no-op"):
            ft.nn.init.kaiming_normal_(ft.empty(0, 3))
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            ft.nn.init.xavier_uniform_(ft.empty(2, 3))
