"""torch random numbers: conformance rows (dtypes, shapes, errors) vs real PyTorch, plus
reproducibility and distribution checks on every backend. That the seeded values are real
torch's, bit for bit, is ``test_seeded.py``'s part (and ``test_state_is_torchs`` here)."""
import numpy as np
import pytest
import scipy.stats
from hypothesis import strategies as st

import ivy
from ivy.frontends import torch
from tests.conformance import Case, arr, dtype_arg, make_tests, optional

FEW = {"max_examples": 6}
ONE = {"max_examples": 1}
CREATE_DTYPES = ("float16", "float32", "float64", "complex64", "int64", "bool")
SIZE = st.lists(st.integers(-1, 3), min_size=0, max_size=3).map(tuple)
PROBS = arr(("float32", "float64"), st.sampled_from([(3,), (2, 4)]), min_value=-0.2,
            max_value=1.2)
STD = arr(("float32", "float64"), st.sampled_from([(3,), (2, 3), (4,)]), min_value=-0.5,
          max_value=2)
TARGET = arr(("float16", "float32", "float64", "int64", "int8", "uint8", "bool", "complex64"),
             st.sampled_from([(), (3,), (2, 3)]))

test_random = make_tests([
    Case("torch.rand", args=st.one_of(SIZE, SIZE.map(lambda s: (s,))),   # rand(2, 3), rand((2, 3))
         kwargs={"dtype": optional(dtype_arg(CREATE_DTYPES))}, values=False, settings=FEW),
    Case("torch.randn", args=SIZE, kwargs={"dtype": optional(dtype_arg(CREATE_DTYPES))},
         values=False, settings=FEW),
    Case("torch.randint", args=st.sampled_from([(5, (3,)), (2, 5, (2, 2)), (5, 2, (3,)),
                                                (0, (2,)), (5, (-1,)), (5, 3), (-3, 3, ())]),
         kwargs={"dtype": optional(dtype_arg(("int64", "int8", "uint8", "float32", "bool")))},
         values=False, settings={"max_examples": 10}),
    Case("torch.randperm", args=(st.integers(-1, 6),),
         kwargs={"dtype": optional(dtype_arg(("int64", "int8", "float32", "bool")))},
         values=False, settings=FEW),
    Case("torch.rand_like", args=(TARGET,), values=False, settings=FEW),
    Case("torch.randn_like", args=(TARGET,), values=False, settings=FEW),
    Case("torch.randint_like", inputs=st.tuples(st.tuples(TARGET).flatmap(
        lambda t: st.sampled_from([(3,), (1, 4), (0,), (4, 2), (2,)]).map(lambda a: t + a)),
        st.just({})), values=False, settings=FEW),
    Case("torch.normal", args=(arr(("float32", "float64", "int64"), (2, 3)),
                               st.one_of(st.floats(-1, 2), STD)),
         values=False, settings=FEW, id="torch.normal-tensor-mean"),
    Case("torch.normal", args=(st.floats(-2, 2), arr(("float32", "float64"), (3,), min_value=-0.5,
                                                     max_value=2)),
         values=False, settings=FEW, id="torch.normal-float-mean"),
    Case("torch.normal", args=(st.floats(-2, 2), st.floats(-0.5, 2), SIZE),
         kwargs={"dtype": optional(dtype_arg(("float32", "float64", "int64")))},
         values=False, settings=FEW, id="torch.normal-size"),
    Case("torch.bernoulli", args=(PROBS,), kwargs={"p": optional(st.floats(-0.2, 1.2))},
         values=False, settings=FEW),
    Case("torch.bernoulli", args=(TARGET, st.floats(-0.2, 1.2)), values=False, settings=FEW,
         id="torch.bernoulli-p"),
    Case("torch.multinomial", args=(arr(("float32", "float64", "int64"),
                                        st.sampled_from([(4,), (2, 4), (), (1, 2, 4)]),
                                        min_value=0, max_value=2), st.integers(0, 6)),
         kwargs={"replacement": optional(st.booleans())}, values=False,
         settings={"max_examples": 10}),
    Case("torch.poisson", args=(arr(("float32", "float64", "int64"), (3,), min_value=-1,
                                    max_value=5),), values=False, settings=FEW),
    Case("torch.Tensor.uniform_", args=(TARGET, st.floats(-2, 2), st.floats(-2, 2)),
         values=False, settings=FEW),
    Case("torch.Tensor.normal_", args=(TARGET, st.floats(-2, 2), st.floats(-0.5, 2)),
         values=False, settings=FEW),
    Case("torch.Tensor.bernoulli_", args=(TARGET,), kwargs={"p": optional(st.floats(-0.2, 1.2))},
         values=False, settings=FEW),
    Case("torch.Tensor.random_", inputs=st.tuples(
        st.tuples(TARGET).flatmap(lambda t: st.sampled_from([(), (5,), (2, 5), (5, 2), (-3, 3),
                                                             (0, 300)]).map(lambda a: t + a)),
        st.just({})), values=False, settings={"max_examples": 10}),
    Case("torch.Tensor.exponential_", args=(TARGET,), kwargs={"lambd": optional(st.floats(-1, 3))},
         values=False,
         settings=FEW),
    Case("torch.Tensor.geometric_", args=(TARGET, st.floats(-0.2, 1.2)), values=False,
         settings=FEW),
    Case("torch.Tensor.cauchy_", args=(TARGET, st.floats(-2, 2), st.floats(-0.5, 2)),
         values=False, settings=FEW),
    Case("torch.Tensor.log_normal_", args=(TARGET, st.floats(-1, 1), st.floats(-0.5, 2)),
         values=False, settings=FEW),
    # the errors the brief names, each pinned down once
    Case("torch.rand", args=(2, -1), values=False, settings=ONE, id="torch.rand-negative"),
    Case("torch.randn", args=((-2, 3),), values=False, settings=ONE, id="torch.randn-negative"),
    Case("torch.randperm", args=(-1,), values=False, settings=ONE, id="torch.randperm-negative"),
    Case("torch.randint", args=(5, 2, (3,)), values=False, settings=ONE,
         id="torch.randint-high-below-low"),
    Case("torch.randint", args=(4, 4, (3,)), values=False, settings=ONE,
         id="torch.randint-high-equals-low"),
    Case("torch.multinomial", args=(arr("float32", (4,), min_value=0.5, max_value=1), 5),
         values=False, settings=ONE, id="torch.multinomial-too-many"),
    Case("torch.bernoulli", args=(arr("float32", (3,), min_value=1.5, max_value=2),),
         values=False, settings=ONE, id="torch.bernoulli-probs-above-1"),
    Case("torch.bernoulli", args=(arr("float32", (3,), min_value=0, max_value=1),),
         kwargs={"p": -0.5}, values=False, settings=ONE, id="torch.bernoulli-p-below-0"),
])


# ---- reproducibility ---------------------------------------------------------------------------

def _draws(generator=None):
    g = {"generator": generator}
    out = [torch.rand(4, **g), torch.randn(2, 3, dtype=torch.float64, **g),
           torch.randint(0, 100, (5,), **g), torch.randperm(6, **g),
           torch.normal(torch.zeros(3), 2.0, **g),
           torch.multinomial(torch.ones(5), 3, **g), torch.bernoulli(torch.full((4,), 0.5), **g),
           torch.poisson(torch.full((3,), 4.0), **g)]
    for method, args in (("uniform_", (-1, 1)), ("normal_", ()), ("exponential_", ()),
                         ("random_", (0, 10)), ("geometric_", (0.3,)), ("cauchy_", ()),
                         ("log_normal_", ()), ("bernoulli_", ())):
        out.append(getattr(torch.zeros(3), method)(*args, generator=generator))
    return [t.numpy() for t in out]


def _same(a, b):
    return all(x.dtype == y.dtype and np.array_equal(x, y) for x, y in zip(a, b))


def test_manual_seed_reproduces(backend):
    with ivy.using_backend(backend):
        g = torch.manual_seed(11)
        assert g is torch.default_generator and torch.initial_seed() == 11
        first = _draws()
        torch.manual_seed(11)
        assert _same(first, _draws())
        torch.manual_seed(12)
        assert not _same(first, _draws())
        assert not np.array_equal(torch.rand(8).numpy(), torch.rand(8).numpy())


def test_generators_independent(backend):
    with ivy.using_backend(backend):
        g = torch.Generator().manual_seed(5)
        assert g.initial_seed() == 5 and g.device == torch.device("cpu")
        a = torch.rand(6, generator=g).numpy()
        torch.manual_seed(0)
        torch.rand(3)                                     # global draws leave g alone
        b = torch.rand(6, generator=g).numpy()
        h = torch.Generator().manual_seed(5)
        assert np.array_equal(a, torch.rand(6, generator=h).numpy())
        assert np.array_equal(b, torch.rand(6, generator=h).numpy())
        torch.manual_seed(5)
        state = torch.get_rng_state()
        torch.rand(6, generator=torch.Generator().manual_seed(9))   # does not touch the global one
        assert np.array_equal(torch.get_rng_state().numpy(), state.numpy())
        with pytest.raises(TypeError):
            torch.rand(2, generator=5)


def test_state_round_trip(backend):
    with ivy.using_backend(backend):
        g = torch.Generator().manual_seed(-1)
        assert g.initial_seed() == 2 ** 64 - 1
        torch.rand(3, generator=g)
        state = g.get_state()
        assert state.dtype == torch.uint8 and state.ndim == 1
        first = _draws(g)
        g.set_state(state)
        assert _same(first, _draws(g))
        torch.manual_seed(3)
        state = torch.get_rng_state()
        first = _draws()
        torch.set_rng_state(state)
        assert _same(first, _draws())
        before = torch.get_rng_state().numpy()
        with torch.random.fork_rng():
            torch.randn(10)
        assert np.array_equal(before, torch.get_rng_state().numpy())
        with pytest.raises(TypeError):
            g.set_state(torch.zeros(16))
        with pytest.raises(RuntimeError):
            g.set_state(torch.zeros(3, dtype=torch.uint8))
        s = torch.seed()
        assert torch.initial_seed() == s and 0 <= s < 2 ** 64


def test_state_is_torchs(backend):
    import torch as real
    with ivy.using_backend(backend):
        for seed in (0, 3, 2 ** 63 + 5):
            real.manual_seed(seed)
            torch.manual_seed(seed)
            real.randn(5)
            torch.randn(5)
            assert np.array_equal(torch.get_rng_state().numpy(), real.get_rng_state().numpy())
        torch.set_rng_state(torch.tensor(real.get_rng_state().numpy()))
        assert np.array_equal(torch.randn(7).numpy(), real.randn(7).numpy())
        assert torch.Generator().initial_seed() == real.Generator().initial_seed()


def test_inplace_keeps_tensor_and_writes_views(backend):
    with ivy.using_backend(backend):
        t = torch.zeros(2, 3, dtype=torch.float64)
        assert t.uniform_(2, 3) is t and t.dtype == torch.float64 and t.shape == (2, 3)
        assert ((t.numpy() >= 2) & (t.numpy() < 3)).all()
        i = torch.zeros(4, dtype=torch.int32).random_(3, 7)
        assert i.dtype == torch.int32 and set(i.numpy().tolist()) <= {3, 4, 5, 6}
        base = torch.zeros(2, 3)
        base[1].normal_()
        assert (base.numpy()[0] == 0).all() and (base.numpy()[1] != 0).all()


# ---- distributions -------------------------------------------------------------------------------

N = 2000


def _ks(sample, dist, *args):
    sample = np.asarray(sample, dtype=np.float64).ravel()
    assert scipy.stats.kstest(sample, dist, args).pvalue > 1e-4


def _chi2(sample, probs):
    counts = np.bincount(np.asarray(sample).ravel().astype(np.int64), minlength=len(probs))
    expected = np.asarray(probs) / np.sum(probs) * counts.sum()
    assert len(counts) == len(probs)
    assert scipy.stats.chisquare(counts, expected).pvalue > 1e-4


def test_continuous_distributions(backend):
    with ivy.using_backend(backend):
        torch.manual_seed(1234)
        _ks(torch.rand(N).numpy(), "uniform")
        _ks(torch.randn(40, 50, dtype=torch.float64).numpy(), "norm")
        _ks(torch.normal(2.0, 3.0, (N,)).numpy(), "norm", 2.0, 3.0)
        _ks(torch.normal(torch.full((N,), -1.0), torch.full((N,), 0.5)).numpy(), "norm", -1, 0.5)
        _ks(torch.zeros(N).exponential_(2.0).numpy(), "expon", 0, 0.5)
        _ks(torch.zeros(N).uniform_(-2, 3).numpy(), "uniform", -2, 5)
        _ks(torch.zeros(N, dtype=torch.float64).cauchy_(1, 2).numpy(), "cauchy", 1, 2)
        _ks(np.log(torch.zeros(N).log_normal_(1, 0.5).numpy()), "norm", 1, 0.5)


def test_discrete_distributions(backend):
    with ivy.using_backend(backend):
        torch.manual_seed(99)
        _chi2(torch.randint(3, 9, (N,)).numpy() - 3, [1] * 6)
        _chi2(torch.bernoulli(torch.full((N,), 0.3)).numpy(), [0.7, 0.3])
        _chi2(torch.zeros(N, dtype=torch.int64).bernoulli_(0.8).numpy(), [0.2, 0.8])
        p = [0.1, 0.2, 0.3, 0.4]
        _chi2(torch.multinomial(torch.tensor(p), N, replacement=True).numpy(), p)
        rows = torch.multinomial(torch.tensor([p, p[::-1]]), N // 2, True).numpy()
        _chi2(rows[0], p)
        _chi2(rows[1], p[::-1])
        firsts = [torch.multinomial(torch.tensor(p), 2).numpy() for _ in range(3)]
        assert all(len(set(f.tolist())) == 2 for f in firsts)      # without replacement
        first = torch.multinomial(torch.tensor([p] * (N // 4)), 1).numpy()
        _chi2(first, p)
        perms = np.stack([torch.randperm(4).numpy() for _ in range(120)])
        assert (np.sort(perms, axis=1) == np.arange(4)).all()
        _chi2(perms[:, 0], [1] * 4)
        k = torch.zeros(N).geometric_(0.4).numpy()
        _chi2(np.minimum(k, 6) - 1, [scipy.stats.geom.pmf(i, 0.4) for i in range(1, 6)]
              + [scipy.stats.geom.sf(5, 0.4)])
        lam = torch.poisson(torch.full((N,), 3.0)).numpy()
        _chi2(np.minimum(lam, 8), [scipy.stats.poisson.pmf(i, 3) for i in range(8)]
              + [scipy.stats.poisson.sf(7, 3)])
