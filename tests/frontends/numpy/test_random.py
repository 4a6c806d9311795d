"""numpy.random's legacy API: a seeded program draws real NumPy's numbers on every backend
(MT19937 on the backend: integers, uniforms, choice, permutation and shuffle bit for bit; normals
through the backend's log/sqrt, compared within 1e-14 relative)."""
import numpy as real_np
import pytest

import ivy


@pytest.fixture
def ours(backend):
    from ivy.frontends import numpy as frontend
    with ivy.using_backend(backend):
        yield frontend


def _host(x):
    if hasattr(x, "__array__") and not isinstance(x, real_np.generic):
        return real_np.asarray(x.__array__())
    return x


def draws(np):
    np.random.seed(42)
    out = [np.random.rand(3, 2), np.random.random(), np.random.randint(10, size=7),
           np.random.randint(-5, 1000000, size=(2, 3)), np.random.randint(3),
           np.random.random_sample((2,)), np.random.uniform(-1, 1, size=4),
           np.random.uniform(np.zeros(2), 3.0), np.random.choice(10, 5),
           np.random.choice(np.arange(4.0), size=(2, 2), p=[0.1, 0.2, 0.3, 0.4]),
           np.random.permutation(10), np.random.permutation(np.arange(6).reshape(3, 2)),
           np.random.choice(7, 3, replace=False), np.random.choice([5, 6, 7])]
    a = np.arange(8)
    np.random.shuffle(a)
    out.append(a)
    r = np.random.RandomState(7)
    out += [r.randint(0, 2 ** 32 - 1, size=3, dtype=np.int64), r.randint(5, 9, dtype=np.int32),
            r.rand(700)[-3:]]                     # crosses a state regeneration
    out.append(np.random.RandomState([1, 2, 3]).rand(2))
    return out


def normals(np):
    np.random.seed(3)
    out = [np.random.randn(5), np.random.randn(), np.random.normal(1.0, 2.0, size=3),
           np.random.standard_normal((2, 2)), np.random.normal(np.arange(3.0), 0.5)]
    r = np.random.RandomState(11)
    out += [r.randn(3), r.rand(2), r.randn(1)]      # the cached second normal of a pair
    r = np.random.RandomState(12)
    out += [r.randn(64), r.randn(48), r.randn(10), r.normal(size=(3, 3)), r.randn(2)]
    return out


def state_roundtrip(np):
    r = np.random.RandomState(1)
    r.rand(5)
    r.randn(1)                                     # leaves a cached normal in the state
    state = r.get_state()
    first = r.rand(3), r.randn(2)
    r.set_state(state)
    return [*first, r.rand(3), r.randn(2), state[2], state[3], list(state[1][:4])]


@pytest.mark.parametrize("program", [draws, normals, state_roundtrip], ids=lambda p: p.__name__)
def test_seeded_program_matches_numpy(program, backend, ours):
    want, got = program(real_np), program(ours)
    assert len(got) == len(want)
    for i, (w, g) in enumerate(zip(want, got)):
        g = _host(g)
        assert type(g) is type(w) or isinstance(g, real_np.ndarray), (i, type(g), type(w))
        if isinstance(w, real_np.ndarray):
            assert g.dtype == w.dtype and g.shape == w.shape, (i, g.dtype, w.dtype)
        if program is normals:
            real_np.testing.assert_allclose(g, w, rtol=1e-14, atol=0, err_msg=f"draw {i}")
        else:
            real_np.testing.assert_array_equal(g, w, err_msg=f"draw {i}")


ERRORS = {
    "seed_negative": lambda np: np.random.seed(-1),
    "seed_too_big": lambda np: np.random.seed(2 ** 32),
    "seed_2d": lambda np: np.random.seed([[1, 2]]),
    "randint_empty": lambda np: np.random.randint(5, 5),
    "randint_high_le_0": lambda np: np.random.randint(0),
    "randint_out_of_dtype": lambda np: np.random.randint(-1, 3, dtype=np.uint32),
    "choice_too_many": lambda np: np.random.choice(3, 5, replace=False),
    "choice_bad_p": lambda np: np.random.choice(3, p=[0.5, 0.5, 0.5]),
    "choice_2d": lambda np: np.random.choice(np.ones((2, 2))),
    "normal_negative_scale": lambda np: np.random.normal(0, -1.0),
}


@pytest.mark.parametrize("name", list(ERRORS))
def test_errors_match_numpy(name, backend, ours):
    with pytest.raises(Exception) as want:
        ERRORS[name](real_np)
    with pytest.raises(type(want.value)):
        ERRORS[name](ours)
