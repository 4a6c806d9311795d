"""ivy.random on every backend: keys reproduce and separate streams, dtypes/shapes/supports are
right, and the samples follow their distributions (scipy.stats: Kolmogorov-Smirnov for continuous
ones, chi-square for discrete ones). Every key is fixed, so every test is deterministic; the
thresholds (p > 1e-4 with n = 2000) are generous because the draws of each backend differ."""
import numpy as np
import pytest
from scipy import stats

N = 2000
P_MIN = 1e-4
A = np.asarray

COVERED = {f"random.{n}" for n in (
    "key", "split", "fold_in", "seed", "next_key", "uniform", "normal", "randint", "gamma",
    "poisson", "truncated_normal", "bernoulli", "exponential", "gumbel", "laplace", "logistic",
    "cauchy", "geometric", "beta", "dirichlet", "categorical", "multinomial", "permutation",
    "choice")}


def np_of(xp, x):
    return xp.to_numpy(x)


def key_dtype(xp):
    return "uint32" if xp.name == "jax" else "int64"


# ---- keys ----------------------------------------------------------------------------------

def test_keys(xp):
    r = xp.random
    k = r.key(0)
    assert xp.dtype(k) == key_dtype(xp) and xp.shape(k) == (2,)
    assert np.array_equal(np_of(xp, k), np_of(xp, r.key(0)))
    assert not np.array_equal(np_of(xp, k), np_of(xp, r.key(1)))
    s = r.split(k, num=3)
    assert xp.dtype(s) == key_dtype(xp) and xp.shape(s) == (3, 2)
    assert np.array_equal(np_of(xp, s), np_of(xp, r.split(k, num=3)))
    assert len({tuple(row) for row in np_of(xp, s)}) == 3
    assert xp.shape(r.split(k)) == (2, 2)
    folds = [tuple(np_of(xp, r.fold_in(k, d))) for d in (0, 1, 2, 2 ** 40)]
    assert len(set(folds)) == 4
    assert folds[1] == tuple(np_of(xp, r.fold_in(k, 1)))
    for big in (2 ** 63, -1):      # the seed range: [-2**63, 2**64)
        assert xp.shape(r.key(big)) == (2,)


def test_global_stream(xp):
    r = xp.random
    r.seed(7)
    a, b = np_of(xp, r.next_key()), np_of(xp, r.next_key())
    r.seed(7)
    assert np.array_equal(np_of(xp, r.next_key()), a)
    assert np.array_equal(np_of(xp, r.next_key()), b)
    assert not np.array_equal(a, b)
    r.seed(8)
    assert not np.array_equal(np_of(xp, r.next_key()), a)


def test_global_stream_is_per_backend(backend):
    import ivy
    other = "numpy" if backend != "numpy" else "torch"
    with ivy.using_backend(backend) as ns:
        ns.random.seed(3)
        first = ns.to_numpy(ns.random.next_key())
    with ivy.using_backend(backend) as ns:
        ns.random.seed(3)
        with ivy.using_backend(other) as ons:
            ons.random.seed(99)
            ons.random.next_key()
        assert np.array_equal(ns.to_numpy(ns.random.next_key()), first)


# ---- every function: reproducible per key, dtype, shape, support and distribution ---------------
# One call per case: jax compiles each function once per shape, so the same call serves all checks.

def ks(x, dist):
    p = stats.kstest(np.asarray(x, np.float64).ravel(), dist.cdf).pvalue
    assert p > P_MIN, f"Kolmogorov-Smirnov p-value {p:.2e}"


def chi2(x, probs):
    """Integer samples against the probabilities of the values 0..len(probs)-1."""
    probs = np.asarray(probs, np.float64)
    x = np.asarray(x).ravel().astype(np.int64)
    assert x.min() >= 0 and x.max() < len(probs), (x.min(), x.max())
    counts = np.bincount(x, minlength=len(probs))
    keep = probs > 0
    assert counts[~keep].sum() == 0, "a value of probability 0 was drawn"
    p = stats.chisquare(counts[keep], probs[keep] / probs[keep].sum() * len(x)).pvalue
    assert p > P_MIN, f"chi-square p-value {p:.2e}, counts {counts}"


def pooled(x, upto):
    """Integer samples with every value >= upto pooled into bin ``upto``."""
    return np.minimum(np.asarray(x).ravel(), upto)


def tail_probs(dist, lo, upto):
    pmf = dist.pmf(np.arange(lo, upto + lo))
    return np.append(pmf, 1 - pmf.sum())


TRUNC_LO, TRUNC_HI = [-1.0, 3.0, -np.inf, 0.5], [2.0, np.inf, -2.5, 1.0]
LOGITS = np.array([[0.0, 2.0], [1.0, 0.0], [-1.0, 1.0], [0.5, -3.0]])
SOFTMAX = np.exp(LOGITS) / np.exp(LOGITS).sum(0)
WEIGHTS = np.array([1.0, 2.0, 3.0, 4.0, 0.0])


def check_truncated(t):
    assert (t >= TRUNC_LO).all() and (t <= TRUNC_HI).all()
    for j in range(4):
        ks(t[:, j], stats.truncnorm(TRUNC_LO[j], TRUNC_HI[j]))


def check_multinomial(m):
    assert (m[:, 0] != m[:, 1]).all()
    chi2(m[:, 0], WEIGHTS)


def check_permutation(x):
    assert np.array_equal(np.sort(x), np.arange(N))
    chi2(x[:N // 2] * 8 // N, np.ones(8))   # where the first half of the positions point


def check_permuted_columns(p):
    x = np.arange(12.0).reshape(3, 4)
    assert np.array_equal(np.sort(p, axis=1), x)
    assert np.array_equal(p - x[:, :1], np.broadcast_to(p[:1] - x[:1, :1], p.shape))


def check_choice_columns(x):
    assert len(set(x[0].ravel())) == 20 and np.array_equal(x[1] - x[0], np.full((5, 4), 50))


def cases(xp):
    """(name, call(key), dtype, shape, check(numpy result)): every check asserts."""
    r, asarray = xp.random, xp.asarray
    half = (N // 2, 2)

    def support(lo, hi, then):
        def check(x):
            assert x.min() >= lo and x.max() < hi, (x.min(), x.max())
            then(x)
        return check

    return [
        ("uniform", lambda k: r.uniform(k, (N,), None, -2.0, 5.0), "float64", (N,),
         support(-2, 5, lambda x: ks(x, stats.uniform(-2, 7)))),
        ("uniform32", lambda k: r.uniform(k, (N,), "float32"), "float32", (N,),
         support(0, 1, lambda x: ks(x, stats.uniform()))),
        ("uniform16", lambda k: r.uniform(k, (N,), "float16"), "float16", (N,),
         support(0, 1, lambda x: ks(x, stats.uniform()))),
        ("uniform_arr", lambda k: r.uniform(k, half, minval=asarray(A([0.0, 5.0])), maxval=6.0),
         "float64", half,
         lambda x: (ks(x[:, 0], stats.uniform(0, 6)), ks(x[:, 1], stats.uniform(5, 1)))),
        ("normal", lambda k: r.normal(k, (N,)), "float64", (N,), lambda x: ks(x, stats.norm())),
        ("normal32", lambda k: r.normal(k, (N,), "float32"), "float32", (N,),
         lambda x: ks(x, stats.norm())),
        ("normal_bf16", lambda k: r.normal(k, (N,), "bfloat16"), "bfloat16", (N,),
         lambda x: ks(x.astype(np.float32), stats.norm())),
        ("gamma", lambda k: r.gamma(k, asarray(A([0.3, 2.5], "float32")), half, "float32"),
         "float32", half,
         lambda x: (support(0, np.inf, lambda y: None)(x), ks(x[:, 0], stats.gamma(0.3)),
                    ks(x[:, 1], stats.gamma(2.5)))),
        ("beta", lambda k: r.beta(k, 2.0, asarray(A([3.0, 0.5])), half), "float64", half,
         lambda x: (support(0, 1.0000001, lambda y: None)(x), ks(x[:, 0], stats.beta(2, 3)),
                    ks(x[:, 1], stats.beta(2, 0.5)))),
        ("dirichlet", lambda k: r.dirichlet(k, asarray(A([1.0, 2.0, 3.0])), (N,)), "float64",
         (N, 3), lambda x: (np.testing.assert_allclose(x.sum(-1), 1),
                            ks(x[:, 1], stats.beta(2, 4)))),
        ("exponential", lambda k: r.exponential(k, (N,)), "float64", (N,),
         lambda x: ks(x, stats.expon())),
        ("gumbel", lambda k: r.gumbel(k, (N,), "float32"), "float32", (N,),
         lambda x: ks(x, stats.gumbel_r())),
        ("laplace", lambda k: r.laplace(k, (N,)), "float64", (N,),
         lambda x: ks(x, stats.laplace())),
        ("logistic", lambda k: r.logistic(k, (N,)), "float64", (N,),
         lambda x: ks(x, stats.logistic())),
        ("cauchy", lambda k: r.cauchy(k, (N,)), "float64", (N,), lambda x: ks(x, stats.cauchy())),
        ("truncated_normal", lambda k: r.truncated_normal(
            k, asarray(A(TRUNC_LO, "float32")), asarray(A(TRUNC_HI, "float32")), (N // 2, 4),
            "float32"), "float32", (N // 2, 4), check_truncated),
        ("randint", lambda k: r.randint(k, (N,), -3, 4, "int16"), "int16", (N,),
         lambda x: chi2(x + 3, np.ones(7))),
        ("randint_arr", lambda k: r.randint(k, half, asarray(A([0, 100])), asarray(A([3, 110]))),
         "int64", half, lambda x: (chi2(x[:, 0], np.ones(3)), chi2(x[:, 1] - 100, np.ones(10)))),
        ("poisson", lambda k: r.poisson(k, asarray(A([3.5, 1000.0])), half, "int32"), "int32",
         half, lambda x: (chi2(pooled(x[:, 0], 10), tail_probs(stats.poisson(3.5), 0, 10)),
                          np.testing.assert_allclose(x[:, 1].mean(), 1000,
                                                     atol=5 * np.sqrt(1000 / (N // 2))))),
        ("geometric", lambda k: r.geometric(k, 0.3, (N,)), "int64", (N,),
         support(1, np.inf, lambda x: chi2(pooled(x - 1, 12),
                                           tail_probs(stats.geom(0.3), 1, 12)))),
        ("bernoulli", lambda k: r.bernoulli(k, asarray(A([0.3, 0.9])), half), "bool", half,
         lambda x: (chi2(x[:, 0], [0.7, 0.3]), chi2(x[:, 1], [0.1, 0.9]))),
        ("categorical", lambda k: r.categorical(k, asarray(LOGITS), axis=0, shape=half),
         "int64", half, lambda x: (chi2(x[:, 0], SOFTMAX[:, 0]), chi2(x[:, 1], SOFTMAX[:, 1]))),
        ("multinomial_rep", lambda k: r.multinomial(k, asarray(WEIGHTS), N, replacement=True),
         "int64", (N,), lambda x: chi2(x, WEIGHTS)),
        ("multinomial", lambda k: r.multinomial(k, asarray(np.tile(WEIGHTS, (N // 2, 1))), 2),
         "int64", half, check_multinomial),
        ("choice", lambda k: r.choice(k, 7, (N // 2, 2)), "int64", half,
         lambda x: chi2(x, np.ones(7))),
        ("choice_p", lambda k: r.choice(k, 5, (N,), p=asarray(WEIGHTS / WEIGHTS.sum())), "int64",
         (N,), lambda x: chi2(x, WEIGHTS)),
        ("choice_arr", lambda k: r.choice(k, xp.reshape(xp.arange(100.0), (2, 50)), (5, 4),
                                          replace=False, axis=1), "float64", (2, 5, 4),
         check_choice_columns),
        ("choice_p_norep", lambda k: r.choice(k, 5, (4,), replace=False,
                                              p=asarray(A([0.0, 1.0, 1.0, 1.0, 1.0]) / 4)),
         "int64", (4,), lambda x: np.testing.assert_array_equal(np.sort(x), [1, 2, 3, 4])),
        ("permutation", lambda k: r.permutation(k, N), "int64", (N,), check_permutation),
        ("permutation_arr", lambda k: r.permutation(k, xp.reshape(xp.arange(12.0), (3, 4)), 1),
         "float64", (3, 4), check_permuted_columns),
    ]


MAY_AGREE = {"choice_p_norep"}     # 24 outcomes: two keys may draw the same one


def test_draws(xp):
    r = xp.random
    k1, k2 = r.split(r.key(42))
    for name, call, dtype, shape, check in cases(xp):
        a, b, c = call(k1), call(k1), call(k2)
        assert xp.dtype(a) == dtype, (name, xp.dtype(a))
        assert xp.shape(a) == shape, (name, xp.shape(a))
        a, b, c = np_of(xp, a), np_of(xp, b), np_of(xp, c)
        assert np.array_equal(a, b), f"{name}: one key, two results"
        assert name in MAY_AGREE or not np.array_equal(a, c), f"{name}: two keys, one result"
        try:
            check(a)
        except AssertionError as e:
            raise AssertionError(f"{name}: {e}") from e


def test_fold_in_separates_draws(xp):
    r = xp.random
    k = r.key(5)
    draws = [np_of(xp, r.uniform(r.fold_in(k, d), (N,))) for d in (0, 1, 2 ** 40)]
    assert not np.array_equal(draws[0], draws[1]) and not np.array_equal(draws[1], draws[2])
    # streams of split keys are independent: their correlation is ~0
    s = r.split(k, 3)
    x, y = (np_of(xp, r.normal(s[i], (N,))) for i in (0, 2))
    assert abs(np.corrcoef(x, y)[0, 1]) < 5 / np.sqrt(N)


def test_scalar_parameters(xp):
    """Parameters as Python scalars with shape=None give 0-d draws."""
    r = xp.random
    k = r.key(9)
    draws = [(r.bernoulli(k), "bool"), (r.normal(k), "float64"), (r.randint(k, (), 0, 3), "int64")]
    if xp.name != "jax":    # jax's own functions; its gamma/poisson compile for seconds per shape
        draws += [(r.gamma(k, 2.0), "float64"), (r.poisson(k, 2.0), "int64")]
    for draw, dtype in draws:
        assert xp.shape(draw) == () and xp.dtype(draw) == dtype
    if xp.name != "jax":    # a native dtype object and an int shape
        draw = r.uniform(k, 3, xp.asarray(np.zeros(1, np.float32)).dtype)
        assert xp.shape(draw) == (3,) and xp.dtype(draw) == "float32"


# ---- errors ----------------------------------------------------------------------------------

def test_errors(xp):
    r = xp.random
    k = r.key(0)
    bad = [
        (TypeError, lambda: r.uniform(k, (2,), "int32")),
        (TypeError, lambda: r.randint(k, (2,), 0, 5, "float32")),
        (ValueError, lambda: r.randint(k, (2,), 0, 300, "uint8")),
        (ValueError, lambda: r.choice(k, 3, (4,), replace=False)),
        (ValueError, lambda: r.multinomial(k, xp.asarray(A([0.5, 0.5])), 3)),
        (ValueError, lambda: r.multinomial(k, xp.asarray(A([0.5, -0.5])), 1)),
        (ValueError, lambda: r.gamma(k, xp.asarray(A([1.0, 2.0])), (3,))),
        (ValueError, lambda: r.key(2 ** 64)),
        (TypeError, lambda: r.key(1.5)),
    ]
    for i, (exc, call) in enumerate(bad):
        with pytest.raises(exc):
            call()


def test_bad_key(xp):
    with pytest.raises(ValueError):
        xp.random.normal(xp.asarray(A([1, 2, 3])), (2,))


# ---- jax: keys and draws under jit and vmap ----------------------------------------------------

def test_jax_transforms():
    jax = pytest.importorskip("jax")
    import ivy
    with ivy.using_backend("jax") as ns:
        r = ns.random
        k = r.key(11)
        eager = np.asarray(r.normal(r.fold_in(k, 3), (4,)))
        jitted = jax.jit(lambda key: r.normal(r.fold_in(key, 3), (4,)))
        assert np.array_equal(np.asarray(jitted(k)), eager)
        keys = r.split(k, 5)
        batched = jax.vmap(lambda key: r.uniform(key, (3,)))(keys)
        assert np.array_equal(np.asarray(batched[2]), np.asarray(r.uniform(keys[2], (3,))))
        assert np.array_equal(np.asarray(r.uniform(k, (3,))),
                              np.asarray(jax.random.uniform(jax.random.PRNGKey(11), (3,))))
        seeded = jax.jit(lambda s: r.key(s))(11)
        assert np.array_equal(np.asarray(seeded), np.asarray(k))
