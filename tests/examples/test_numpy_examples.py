"""examples/numpy_mlp.py on real NumPy and on ivy's numpy frontend: the same numbers.

The program (a 2-layer MLP with hand-written backpropagation initialized by np.random.seed/randn,
and an im2col convolution whose input gradient folds back with np.add.at) takes the ``np`` module
as a parameter. The frontend's MT19937 draws NumPy's numbers, so both start from the same
parameters and data and must follow the same trajectory: float64 throughout, losses compared with
rtol=1e-12, parameters and the convolution's output and input gradient with rtol=1e-10.
"""
import numpy as real_np
import pytest

import ivy

from . import load_example

example = load_example("numpy_mlp")


STEPS = 6      # the jax backend compiles each new shape once: a few steps cover the program


@pytest.fixture(scope="module")
def expected():
    return example.train_mlp(real_np, STEPS), example.conv_forward_backward(real_np)


@pytest.fixture
def frontend(backend):
    from ivy.frontends import numpy as np
    with ivy.using_backend(backend):
        yield np


def test_numpy_program_matches_real_numpy(backend, frontend, expected):
    (want_losses, want_params), (want_out, want_grad) = expected
    losses, params = example.train_mlp(frontend, STEPS)
    assert all(type(v) is float for v in losses)
    real_np.testing.assert_allclose(losses, want_losses, rtol=1e-12, atol=0)
    assert losses[-1] < losses[0] / 10, "the example no longer learns"
    for got, want in zip(params, want_params):
        got = got.__array__()
        assert got.dtype == want.dtype and got.shape == want.shape
        real_np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-12)
    out, grad = example.conv_forward_backward(frontend)
    real_np.testing.assert_allclose(out.__array__(), want_out, rtol=1e-10, atol=1e-12)
    real_np.testing.assert_allclose(grad.__array__(), want_grad, rtol=1e-10, atol=1e-12)
