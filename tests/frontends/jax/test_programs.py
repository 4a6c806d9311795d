"""Whole JAX programs, written once against a ``jax`` module: real JAX and the frontend must give
the same numbers (initialization from jax.random, jit, value_and_grad, pytrees, lax.scan)."""
import numpy as np
import pytest


def mlp_training(jax, steps=3):
    """A 2-layer MLP fitted by SGD with jit(value_and_grad) and tree_map updates."""
    jnp = jax.numpy
    key = jax.random.PRNGKey(0)
    k1, k2, k3 = jax.random.split(key, 3)
    params = {"w1": jax.random.normal(k1, (4, 8)) * 0.5, "b1": jnp.zeros(8),
              "w2": jax.random.normal(k2, (8, 1)) * 0.5, "b2": jnp.zeros(1)}
    x = jax.random.uniform(k3, (16, 4))
    y = jnp.sin(x.sum(axis=1, keepdims=True))

    def loss(p, x, y):
        h = jax.nn.relu(x @ p["w1"] + p["b1"])
        return jnp.mean((h @ p["w2"] + p["b2"] - y) ** 2)

    step = jax.jit(jax.value_and_grad(loss))
    losses = []
    for _ in range(steps):
        value, grads = step(params, x, y)
        params = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)
        losses.append(float(value))
    return losses, jax.tree_util.tree_leaves(params)


def rnn_scan(jax):
    """An Elman RNN over a sequence with lax.scan, and its gradient."""
    jnp = jax.numpy
    k1, k2 = jax.random.split(jax.random.PRNGKey(1))
    w = jax.random.normal(k1, (3, 3)) * 0.3
    xs = jax.random.normal(k2, (5, 3))

    def final_state(w):
        def cell(h, x):
            h = jnp.tanh(h @ w + x)
            return h, h.sum()
        h, sums = jax.lax.scan(cell, jnp.zeros(3), xs)
        return h.sum() + sums.mean()
    return [final_state(w), jax.grad(final_state)(w)]


@pytest.mark.parametrize("program", [mlp_training, rnn_scan])
def test_program_matches_real_jax(backend, real_jax, ours, program):
    if backend == "numpy":
        with pytest.raises(NotImplementedError):
            program(ours[0])
        return
    want = program(real_jax[0])
    got = program(ours[0])
    flat_want = want[0] + list(want[1]) if program is mlp_training else want
    flat_got = got[0] + list(got[1]) if program is mlp_training else got
    assert len(flat_got) == len(flat_want)
    for w, g in zip(flat_want, flat_got):
        np.testing.assert_allclose(np.asarray(g), np.asarray(w), rtol=1e-10, atol=1e-12)
