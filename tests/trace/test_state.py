"""``ivy.trace_graph`` with state: arrays held by frontend objects the function reaches are read on
each call and written back after it, so a traced training step equals the eager one, step after
step; plain values the function reads guard the trace."""
import numpy as np
import pytest

import ivy
import ivy.frontends.tensorflow as tf
import ivy.frontends.torch as torch

RNG = np.random.default_rng(2)
X = RNG.standard_normal((8, 4)).astype(np.float32)
Y = np.arange(8) % 3


def _np(x):
    return np.asarray(ivy.to_numpy(x))


def _trainer():
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(4, 16), torch.nn.Tanh(), torch.nn.Linear(16, 3))
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

    def step(x, y):
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        return loss
    return model, opt, step


def test_training_step_traced_equals_eager(backend):
    """The issue's check: an optimizer step traced and run 10 times equals 10 eager steps (the
    momentum buffers created on the first step re-trace once)."""
    if backend == "numpy":
        pytest.skip("the numpy backend has no autodiff (issue 24)")
    with ivy.using_backend(backend):
        x, y = torch.tensor(X), torch.tensor(Y)
        m1, _, eager = _trainer()
        m2, opt2, step = _trainer()
        traced = ivy.trace_graph(step)
        for _ in range(10):
            want, got = eager(x, y), traced(x, y)
            np.testing.assert_allclose(_np(got), want.item(), rtol=1e-5)
        for p1, p2 in zip(m1.parameters(), m2.parameters()):
            np.testing.assert_allclose(p2.detach().numpy(), p1.detach().numpy(), rtol=1e-5)
            np.testing.assert_allclose(p2.grad.numpy(), p1.grad.numpy(), rtol=1e-5, atol=1e-7)
        assert traced.last is not None and "autograd.backward" in traced.functions()
        # a learning rate changed between calls is seen (the trace is guarded on it)
        for g in opt2.param_groups:
            g["lr"] = 0.0
        before = m2[0].weight.detach().numpy().copy()
        traced(x, y)
        np.testing.assert_allclose(m2[0].weight.detach().numpy(), before, rtol=0, atol=0)


def test_running_statistics_written_back(backend):
    """BatchNorm's running mean/var (buffers updated in train mode) on every backend."""
    with ivy.using_backend(backend):
        torch.manual_seed(0)
        bn1, bn2 = torch.nn.BatchNorm1d(4), torch.nn.BatchNorm1d(4)
        forward = ivy.trace_graph(lambda x: bn2(x) * 2.0)
        for k in range(4):
            x = torch.tensor(X * (k + 1))
            np.testing.assert_allclose(_np(forward(x)), (bn1(x) * 2.0).detach().numpy(),
                                       rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(bn2.running_mean.numpy(), bn1.running_mean.numpy(), rtol=1e-6)
        np.testing.assert_allclose(bn2.running_var.numpy(), bn1.running_var.numpy(), rtol=1e-6)
        bn1.eval(), bn2.eval()            # the training flag guards the trace
        x = torch.tensor(X)
        np.testing.assert_allclose(_np(forward(x)), (bn1(x) * 2.0).detach().numpy(), rtol=1e-5,
                                   atol=1e-6)


def test_variables_assigned_in_a_traced_function(backend):
    with ivy.using_backend(backend):
        v = tf.Variable(np.zeros(3, np.float32))

        @ivy.trace_graph
        def accumulate(x):
            v.assign_add(x * 2.0)
            return tf.reduce_sum(v)
        total = np.zeros(3, np.float32)
        for k in range(4):
            x = np.full(3, k, np.float32)
            total += x * 2.0
            np.testing.assert_allclose(_np(accumulate(tf.constant(x))), total.sum(), rtol=1e-6)
        np.testing.assert_allclose(v.numpy(), total, rtol=1e-6)


def test_a_python_counter_runs_eagerly(backend):
    """A plain value the function changes is not a graph's state: the function keeps running."""
    class Counter:
        calls = 0
    counter = Counter()

    def f(x):
        counter.calls += 1
        return ivy.multiply(x, float(counter.calls))
    with ivy.using_backend(backend):
        graph = ivy.trace_graph(f)
        x = ivy.ones((2,), dtype="float32")
        for k in range(1, 6):
            np.testing.assert_allclose(_np(graph(x)), [k, k])
        assert counter.calls == 5


def test_host_generator_draws_are_not_replayed(backend):
    """torch's default generator and NumPy's global RandomState live on the host: a graph would
    repeat the traced draws (the same dropout mask every call), so such a function runs eagerly."""
    import ivy.frontends.numpy as fnp
    with ivy.using_backend(backend):
        torch.manual_seed(0)
        drop = torch.nn.Dropout(0.5)
        masks = ivy.trace_graph(lambda x: drop(x))
        x = torch.ones(16)
        drawn = [_np(masks(x)) for _ in range(4)]
        assert any(not np.array_equal(drawn[0], d) for d in drawn[1:])
        noise = ivy.trace_graph(lambda z: z + fnp.random.rand(3))
        drawn = [_np(noise(fnp.zeros(3))) for _ in range(3)]
        assert not np.array_equal(drawn[1], drawn[2])


def test_a_number_in_a_list_is_guarded(backend):
    state = [0]

    def f(x):
        state[0] += 1
        return ivy.multiply(x, float(state[0]))
    with ivy.using_backend(backend):
        graph = ivy.trace_graph(f)
        x = ivy.ones((2,), dtype="float32")
        assert [float(_np(graph(x))[0]) for _ in range(4)] == [1.0, 2.0, 3.0, 4.0]
        assert state == [4]
