"""The tensorflow and torch frontends' tracing entry points (``tf.function``,
``get_concrete_function``, ``torch.compile``, ``torch.jit.trace``) on ``ivy.trace_graph``, on every
backend: replays on new inputs equal the eager run, the Python body runs once per input signature
(counted), a new shape traces again, untraceable functions fall back to eager with the right
answer and state applied once; observable behaviour (trace-time print, ``executing_eagerly``,
error types) compared with real TensorFlow / torch."""
import contextlib
import io

import numpy as np
import pytest

import ivy
import ivy.frontends.tensorflow as tf
import ivy.frontends.torch as torch

RNG = np.random.default_rng(3)


def _data(*shape):
    return RNG.standard_normal(shape).astype(np.float32)


# ---- tf.function -----------------------------------------------------------------------------

def _tf_program(T, xs):
    """A tf.function run on several inputs: (outputs, body runs, printed lines, eagerly flags)."""
    runs, flags = [], []

    @T.function
    def f(x, scale=2.0):
        runs.append(1)
        flags.append(T.executing_eagerly())
        print("tracing")
        return T.reduce_sum(T.nn.relu(x) * scale, axis=-1) + 1, 3
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        results = [f(T.constant(x)) for x in xs] + [f(T.constant(xs[0]), 3.0)]
    return ([np.asarray(r[0]) for r in results], [int(r[1]) for r in results], len(runs),
            out.getvalue().count("tracing"), flags)


def test_tf_function_traces_once_per_signature_like_tensorflow(backend):
    real = pytest.importorskip("tensorflow")
    xs = [_data(3, 4), _data(3, 4), _data(3, 4), _data(5, 4)]
    want = _tf_program(real, xs)
    with ivy.using_backend(backend):
        got = _tf_program(tf, xs)
    for g, w in zip(got[0], want[0]):
        np.testing.assert_allclose(g, w, rtol=1e-5)
    assert got[1:] == want[1:] == ([3] * 5, 3, 3, [False] * 3)


def test_tf_function_number_outputs_and_numpy_arguments(backend):
    with ivy.using_backend(backend):
        runs = []

        @tf.function
        def f(x):
            runs.append(1)
            return x * 2, 3, 0.5
        for _ in range(3):
            a, b, c = f(_data(2))
        assert (b.dtype, c.dtype, len(runs)) == (tf.int32, tf.float32, 1)
        assert type(a) is tf.Tensor


def test_tf_function_state_method_and_signature(backend):
    """A tf.Module method with a Variable (state written back), an input signature with a None
    dim, each equal to the eager run."""
    class Acc(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable(np.zeros(3, np.float32))
            self.runs = 0

        @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
        def add(self, d):
            self.v.assign_add(d[:3] * 2.0)
            return tf.reduce_sum(self.v)
    with ivy.using_backend(backend):
        acc, total = Acc(), np.zeros(3, np.float32)
        for k in range(4):
            d = _data(3 + k % 2)
            total += d[:3] * 2.0
            np.testing.assert_allclose(np.asarray(acc.add(tf.constant(d))), total.sum(),
                                       rtol=1e-5)
        np.testing.assert_allclose(acc.v.numpy(), total, rtol=1e-5)
        assert acc.add.experimental_get_tracing_count() == 2     # one per concrete shape
        with pytest.raises(TypeError):
            acc.add(tf.constant([1, 2]))


def test_tf_function_falls_back_to_eager(backend):
    """A Python branch on a tensor's value (autograph's job in TensorFlow) runs eagerly for that
    signature; state the failed trace changed is put back first (applied once)."""
    with ivy.using_backend(backend):
        v = tf.Variable(np.zeros(2, np.float32))
        runs = []

        @tf.function
        def f(x):
            runs.append(1)
            v.assign_add(x)
            if float(tf.reduce_sum(x)) > 0:
                return x + 1.0
            return x - 1.0
        xs = [np.array([1., 2.], np.float32), np.array([-3., 1.], np.float32),
              np.array([2., 2.], np.float32)]
        for x in xs:
            np.testing.assert_allclose(np.asarray(f(tf.constant(x))),
                                       x + 1 if x.sum() > 0 else x - 1)
        np.testing.assert_allclose(v.numpy(), sum(xs))
        assert len(runs) == 3     # every call eager; the failed trace's append was put back


def test_tf_cond_and_while_loop_inside_a_trace(backend):
    """A traced predicate goes through the core's cond/while_loop: right on both branches."""
    with ivy.using_backend(backend):
        @tf.function
        def f(x):
            y = tf.cond(tf.reduce_sum(x) > 0, lambda: x * 2.0, lambda: -x)
            return tf.while_loop(lambda i, a: tf.reduce_sum(a) < 50.0,
                                 lambda i, a: (i + 1, a * 2.0 + 1.0), (0, tf.abs(y)))
        for x in ([1., 2.], [-1., -2.], [3., 1.], [-0.5, 0.]):
            x = np.array(x, np.float32)
            y = np.abs(x * 2 if x.sum() > 0 else -x)
            i = 0
            while y.sum() < 50:
                i, y = i + 1, y * 2 + 1
            got_i, got_y = f(tf.constant(x))
            assert int(got_i) == i
            np.testing.assert_allclose(np.asarray(got_y), y, rtol=1e-6)
        assert f.experimental_get_tracing_count() <= 4


def test_get_concrete_function_like_tensorflow(backend):
    real = pytest.importorskip("tensorflow")

    def program(T):
        v = T.Variable(1.0)

        @T.function
        def f(x, k=2):
            v.assign_add(1.0)
            return x * k + v
        c = f.get_concrete_function(T.constant([1., 2.]))
        out = c(T.constant([3., 4.]))
        errors = []
        for call in (lambda: c(T.constant([1, 2])), lambda: c(T.constant([1., 2.]), 3),
                     lambda: c(), lambda: c(1.0)):
            try:
                call()
                errors.append(None)
            except Exception as e:       # noqa: BLE001 - the type is compared
                errors.append(type(e).__name__)
        return (np.asarray(out), float(v.numpy()), errors,
                tuple(c.inputs[0].shape), tuple(c.structured_outputs.shape))   # (TF's inputs
        # go on with the captured variable's handle)
    want = program(real)
    with ivy.using_backend(backend):
        got = program(tf)
    np.testing.assert_allclose(got[0], want[0])
    assert got[1:] == want[1:]


# ---- torch.compile, torch.jit ------------------------------------------------------------------

X = RNG.standard_normal((8, 4)).astype(np.float32)
Y = np.arange(8) % 3


def _trainer():
    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(4, 16), torch.nn.Tanh(), torch.nn.Linear(16, 3))
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    runs = []

    def step(x, y):
        runs.append(1)
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        return loss
    return model, step, runs


def test_compiled_training_step_equals_eager(backend):
    """The issue's check: a compiled step run 10 times equals 10 eager steps (numpy: no autodiff,
    the forward only); the body runs twice (momentum buffers made on the first step)."""
    with ivy.using_backend(backend):
        x, y = torch.tensor(X), torch.tensor(Y)
        if backend == "numpy":
            model = _trainer()[0]
            forward = torch.compile(model)
            for k in range(3):
                xk = torch.tensor(X * (k + 1))
                np.testing.assert_allclose(forward(xk).numpy(), model(xk).numpy(), rtol=1e-6)
            assert forward._traced.traces == 1
            return
        m1, eager, _ = _trainer()
        m2, step, runs = _trainer()
        compiled = torch.compile(step)
        for _ in range(10):
            want, got = eager(x, y), compiled(x, y)
            assert type(got) is torch.Tensor
            np.testing.assert_allclose(got.item(), want.item(), rtol=1e-5)
        for p1, p2 in zip(m1.parameters(), m2.parameters()):
            np.testing.assert_allclose(p2.detach().numpy(), p1.detach().numpy(), rtol=1e-5,
                                       atol=1e-7)
        assert len(runs) == 2


def test_compiled_module_like_torch(backend):
    real = pytest.importorskip("torch")
    with ivy.using_backend(backend):
        torch.manual_seed(0)
        model = torch.nn.Linear(4, 3)
        compiled = torch.compile(model)
        real_compiled = real.compile(real.nn.Linear(4, 3), backend="eager")
        assert type(compiled).__name__ == type(real_compiled).__name__
        assert list(compiled.state_dict()) == list(real_compiled.state_dict())
        assert compiled._orig_mod is model and compiled.weight is model.weight
        for shape in ((5, 4), (5, 4), (2, 4)):
            x = torch.tensor(_data(*shape))
            np.testing.assert_allclose(compiled(x).detach().numpy(), model(x).detach().numpy(),
                                       rtol=1e-6)
        assert compiled._traced.traces == 2            # one per shape
        if backend != "numpy":                         # gradients reach the module's parameters
            compiled(torch.tensor(X)).sum().backward()
            np.testing.assert_allclose(model.weight.grad.numpy(),
                                       np.tile(X.sum(0), (3, 1)), rtol=1e-5)
        assert torch.compile(model, disable=True) is model


def test_compile_graph_break_falls_back_and_fullgraph_raises(backend):
    real = pytest.importorskip("torch")

    def f(x):
        return x * 2 if x.sum() > 0 else x - 1
    want_error = type(None)
    try:
        real.compile(f, fullgraph=True, backend="eager")(real.ones(2))
    except Exception as e:       # noqa: BLE001 - the type is compared
        want_error = type(e)
    with ivy.using_backend(backend):
        compiled = torch.compile(f)
        for v in ([1., 2.], [-1., -2.], [3., 0.]):
            x = np.array(v, np.float32)
            np.testing.assert_allclose(compiled(torch.tensor(x)).numpy(),
                                       x * 2 if x.sum() > 0 else x - 1)
        with pytest.raises(RuntimeError) as info:
            torch.compile(f, fullgraph=True)(torch.ones(2))
        assert type(info.value).__name__ == want_error.__name__ == "Unsupported"


def test_jit_trace_function_and_module(backend):
    real = pytest.importorskip("torch")
    with ivy.using_backend(backend):
        runs = []

        def f(x, y):
            runs.append(1)
            return torch.tanh(x) @ y
        traced = torch.jit.trace(f, (torch.tensor(_data(2, 3)), torch.tensor(_data(3, 2))))
        for _ in range(3):
            a, b = _data(2, 3), _data(3, 2)
            np.testing.assert_allclose(traced(torch.tensor(a), torch.tensor(b)).numpy(),
                                       np.tanh(a) @ b, rtol=1e-5)
        assert len(runs) == 1
        model = torch.nn.Linear(4, 2)
        tm = torch.jit.trace(model, torch.tensor(X))
        assert [n for n, _ in tm.named_parameters()] == \
            [n for n, _ in real.jit.trace(real.nn.Linear(4, 2), real.ones(1, 4)).named_parameters()]
        np.testing.assert_allclose(tm(torch.tensor(X * 2)).detach().numpy(),
                                   model(torch.tensor(X * 2)).detach().numpy(), rtol=1e-6)
        with pytest.raises(NotImplementedError, match="torch.jit.script"):
            torch.jit.script(f)


def test_random_draws_are_not_replayed(backend):
    """A function drawing from the default generator (host state) runs eagerly: each call draws
    anew, as the eager function (same seed, same numbers)."""
    def f(x):
        return torch.nn.functional.dropout(x, 0.5) * 3.0
    with ivy.using_backend(backend):
        x = torch.ones(16)
        torch.manual_seed(5)
        want = [f(x).numpy() for _ in range(3)]
        compiled = torch.compile(f)
        torch.manual_seed(5)
        got = [compiled(x).numpy() for _ in range(3)]
        for g, w in zip(got, want):
            np.testing.assert_array_equal(g, w)
        assert not np.array_equal(got[0], got[1])
        # a graph break after the draw: the failed trace's draw is put back before the eager run

        def g(x):
            y = torch.nn.functional.dropout(x, 0.5)
            return y * y.sum().item()
        torch.manual_seed(6)
        want = [g(x).numpy() for _ in range(2)]
        compiled = torch.compile(g)
        torch.manual_seed(6)
        for w in want:
            np.testing.assert_array_equal(compiled(x).numpy(), w)


def test_compiled_python_outputs_stay_python(backend):
    """Python values a compiled function returns stay Python values on replays (a compiled
    replay on tensorflow returned them as tensors)."""
    with ivy.using_backend(backend):
        f = torch.compile(lambda x: (x * 2, 3, 0.5, "s"))
        for _ in range(3):
            out = f(torch.ones(2))
            assert [type(v) for v in out] == [torch.Tensor, int, float, str]


def test_compiled_step_returning_item_applies_once(backend):
    """``return loss.item()`` breaks the graph after the optimizer step: the step falls back to
    eager, the failed trace's update (and the momentum buffers it made) put back first, so 5
    compiled steps equal 5 eager ones."""
    if backend == "numpy":
        pytest.skip("the numpy backend has no autodiff (issue 24)")
    with ivy.using_backend(backend):
        x, y = torch.tensor(X), torch.tensor(Y)
        (m1, eager, _), (m2, step, runs) = _trainer(), _trainer()
        compiled = torch.compile(lambda a, b: step(a, b).item())
        for _ in range(5):
            want, got = eager(x, y).item(), compiled(x, y)
            assert type(got) is float
            np.testing.assert_allclose(got, want, rtol=1e-5)
        for p1, p2 in zip(m1.parameters(), m2.parameters()):
            np.testing.assert_allclose(p2.detach().numpy(), p1.detach().numpy(), rtol=1e-5,
                                       atol=1e-7)


def test_tf_function_random_ops_draw_anew(backend):
    """Stateful random ops (host state) under a global seed: each call draws anew, as eagerly."""
    with ivy.using_backend(backend):
        f = tf.function(lambda x: x + tf.random.uniform((4,)))
        x = tf.zeros((4,))
        tf.random.set_seed(3)
        want = [(x + tf.random.uniform((4,))).numpy() for _ in range(3)]
        tf.random.set_seed(3)
        got = [f(x).numpy() for _ in range(3)]
        for g, w in zip(got, want):
            np.testing.assert_array_equal(g, w)
        assert not np.array_equal(got[0], got[1])
