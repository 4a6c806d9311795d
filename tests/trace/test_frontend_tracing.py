"""``ivy.trace_graph`` over frontend code, and the frontends' own tracing entry points, on every
backend: replays on new inputs equal the eager run; the blog's examples."""
import numpy as np
import pytest

import ivy
import ivy.frontends.jax as jax
import ivy.frontends.numpy as fnp
import ivy.frontends.tensorflow as tf
import ivy.frontends.torch as torch

jnp = jax.numpy
RNG = np.random.default_rng(1)


def _np(x):
    return np.asarray(ivy.to_numpy(x))


def _data(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


def jax_fn(x):
    return jnp.tanh(x @ x.T).mean(axis=0) + jax.nn.relu(x).sum()


def test_blog_example_jax_function_to_pytorch():
    """``ivy.trace_graph(jax_fn, to="pytorch")``: torch tensors in, torch tensors out, JAX's
    numbers (the real JAX function is the reference)."""
    real_torch = pytest.importorskip("torch")
    real_jax = pytest.importorskip("jax")
    graph = ivy.trace_graph(jax_fn, to="pytorch")
    for _ in range(2):
        x = real_torch.from_numpy(_data(3, 4))
        out = graph(x)
        assert type(out) is real_torch.Tensor
        want = real_jax.numpy.tanh(x.numpy() @ x.numpy().T).mean(axis=0) + \
            real_jax.nn.relu(x.numpy()).sum()
        np.testing.assert_allclose(out.numpy(), np.asarray(want), rtol=1e-5)
    assert "permute_dims" in graph.functions()     # x.T is a core call, not a constant


def test_torch_module_forward(backend):
    with ivy.using_backend(backend):
        torch.manual_seed(0)
        model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.GELU(), torch.nn.LayerNorm(8),
                                    torch.nn.Linear(8, 3))

        @ivy.trace_graph
        def forward(x):
            return torch.log_softmax(model(x), dim=-1)
        forward(torch.tensor(_data(5, 4)))
        x = torch.tensor(_data(5, 4))
        got = forward(x)
        with torch.no_grad():
            want = torch.log_softmax(model(x), dim=-1)
        np.testing.assert_allclose(_np(got), want.numpy(), rtol=1e-5, atol=1e-6)
        assert "layer_norm" in forward.functions()


def test_numpy_and_tensorflow_functions(backend):
    def np_fn(a, b):
        return fnp.exp(a - b.max(axis=0)) / fnp.sqrt(b * b + 1.0)

    def tf_fn(a):
        return tf.reduce_sum(tf.nn.softmax(a, axis=-1) * tf.range(4, dtype=tf.float32), axis=-1)
    with ivy.using_backend(backend):
        g_np, g_tf = ivy.trace_graph(np_fn), ivy.trace_graph(tf_fn)
        a0, b0, a1, b1 = (_data(3, 4) for _ in range(4))
        g_np(ivy.asarray(a0), ivy.asarray(b0))
        np.testing.assert_allclose(_np(g_np(ivy.asarray(a1), ivy.asarray(b1))),
                                   np.exp(a1 - b1.max(axis=0)) / np.sqrt(b1 * b1 + 1.0), rtol=1e-5)
        g_tf(ivy.asarray(a0))
        e = np.exp(a1 - a1.max(axis=-1, keepdims=True))
        want = ((e / e.sum(axis=-1, keepdims=True)) * np.arange(4)).sum(axis=-1)
        np.testing.assert_allclose(_np(g_tf(ivy.asarray(a1))), want, rtol=1e-5)


def test_jax_jit_runs_the_body_once_per_signature(backend):
    runs = []

    @jax.jit
    def f(x, y):
        runs.append(1)
        return jnp.sin(x) * y + jnp.sum(x)
    with ivy.using_backend(backend):
        for _ in range(4):
            x, y = jnp.asarray(_data(3)), jnp.asarray(_data(3))
            np.testing.assert_allclose(np.asarray(f(x, y)),
                                       np.sin(np.asarray(x)) * np.asarray(y) + np.asarray(x).sum(),
                                       rtol=1e-5)
        assert len(runs) == 1
        f(jnp.asarray(_data(2, 2)), jnp.asarray(_data(2, 2)))
        assert len(runs) == 2


def test_jax_jit_branch_on_a_value_raises_jax_error(backend):
    @jax.jit
    def f(x):
        return x if x.sum() > 0 else -x
    with ivy.using_backend(backend):
        with pytest.raises(jax.errors.TracerBoolConversionError):
            f(jnp.asarray(_data(3)))
