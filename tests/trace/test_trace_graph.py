"""``ivy.trace_graph`` on the core: a graph replays what the function computes, on every backend.

Each check compares a graph's replay on *new* inputs of the traced signature with the function run
eagerly on them (a stale constant, a dropped call or a baked branch shows up as a mismatch).
"""
import numpy as np
import pytest

import ivy

RNG = np.random.default_rng(0)


def _pair(backend, *shape, dtype="float32"):
    with ivy.using_backend(backend):
        return [ivy.asarray(RNG.standard_normal(shape).astype(dtype)) for _ in range(2)]


def _np(x):
    return np.asarray(ivy.to_numpy(x))


def mlp(x, w, b):
    h = ivy.tanh(ivy.add(ivy.matmul(x, w), b))
    unused = ivy.exp(h)           # noqa: F841 - dead code: removed from the graph
    scale = ivy.asarray(2.0, dtype=ivy.dtype(x))   # a constant call: folded
    return {"out": ivy.multiply(ivy.sum(h, axis=1), scale), "h": h}


def test_replay_equals_eager_on_new_inputs(backend):
    with ivy.using_backend(backend):
        x1, x2 = _pair(backend, 4, 3)
        w1, w2 = _pair(backend, 3, 5)
        b1, b2 = _pair(backend, 5)
        graph = ivy.trace_graph(mlp)
        first = graph(x1, w1, b1)
        np.testing.assert_allclose(_np(first["out"]), _np(mlp(x1, w1, b1)["out"]), rtol=1e-6)
        for _ in range(2):      # replays (compiled from the second on jax/tensorflow)
            got = graph(x2, w2, b2)
            want = mlp(x2, w2, b2)
            np.testing.assert_allclose(_np(got["out"]), _np(want["out"]), rtol=1e-5)
            np.testing.assert_allclose(_np(got["h"]), _np(want["h"]), rtol=1e-5)
        listing = str(graph)
        assert "exp(" not in listing and "1 dead node(s) removed" in listing
        assert "1 constant call(s) folded" in listing
        assert graph.functions() == ["add", "matmul", "multiply", "sum", "tanh"]
        assert len(graph) == 5
        assert "tanh(" in graph.source and f"on {backend}" in listing


def test_new_signature_retraces(backend):
    calls = []

    def f(x):
        calls.append(1)
        return ivy.cumulative_sum(ivy.square(x), axis=0)
    with ivy.using_backend(backend):
        graph = ivy.trace_graph(f)
        a, b = _pair(backend, 3)
        c, _ = _pair(backend, 5, 2)
        graph(a), graph(b), graph(b)
        assert len(calls) == 1
        np.testing.assert_allclose(_np(graph(c)), _np(f(c)), rtol=1e-6)
        assert len(calls) == 3      # one new trace, one eager reference call
        d = ivy.astype(c, "float64")
        np.testing.assert_allclose(_np(graph(d)), _np(f(d)), rtol=1e-12)
        assert "2 signature(s)" not in str(graph) and "3 signature(s)" in str(graph)


def test_static_python_values_are_part_of_the_signature(backend):
    def f(x, power):
        return ivy.pow(x, power)
    with ivy.using_backend(backend):
        graph = ivy.trace_graph(f)
        x, _ = _pair(backend, 4)
        np.testing.assert_allclose(_np(graph(x, 2)), _np(ivy.pow(x, 2)), rtol=1e-6)
        np.testing.assert_allclose(_np(graph(x, 3)), _np(ivy.pow(x, 3)), rtol=1e-6)


def test_decorator_forms_and_eager_tracing(backend):
    @ivy.trace_graph
    def f(x):
        return ivy.sin(x)

    @ivy.trace_graph(to=backend)
    def g(x):
        return ivy.cos(x)
    x, y = _pair(backend, 3)
    np.testing.assert_allclose(_np(f(x)), np.sin(_np(x)), rtol=1e-6)
    np.testing.assert_allclose(_np(g(y)), np.cos(_np(y)), rtol=1e-6)
    h = ivy.trace_graph(lambda a: ivy.negative(a), args=(x,))
    assert len(h) == 1 and "negative" in str(h)
    assert isinstance(f, ivy.Graph) and f.__name__ == "f"


def test_reading_a_traced_value_raises(backend):
    def branchy(x):
        if float(ivy.to_numpy(ivy.sum(x))) > 0:
            return x
        return ivy.negative(x)
    x, _ = _pair(backend, 3)
    with pytest.raises(ivy.IvyTraceError, match="value of a traced array"):
        ivy.trace_graph(branchy)(x)


def test_value_dependent_shapes_are_guarded(backend):
    def positives(x):
        kept = ivy.boolean_mask(x, ivy.greater(x, 0)) if hasattr(ivy, "boolean_mask") else x
        return ivy.sum(ivy.ones((ivy.shape(kept)[0],), dtype=ivy.dtype(x)))
    with ivy.using_backend(backend):
        graph = ivy.trace_graph(positives)
        a = ivy.asarray(np.array([1.0, -1.0, 2.0], np.float32))
        b = ivy.asarray(np.array([1.0, 3.0, 2.0], np.float32))
        assert float(_np(graph(a))) == 2.0
        assert float(_np(graph(b))) == 3.0        # a stale graph would say 2
        assert float(_np(graph(a))) == 2.0


def test_random_draws_are_not_baked_in(backend):
    def noisy(key, x):
        return ivy.add(x, ivy.random.normal(key, ivy.shape(x), dtype=ivy.dtype(x)))
    with ivy.using_backend(backend):
        graph = ivy.trace_graph(noisy)
        x = ivy.zeros((4,), dtype="float32")
        k1, k2 = ivy.random.split(ivy.random.key(0))
        graph(k1, x)
        np.testing.assert_allclose(_np(graph(k2, x)), _np(noisy(k2, x)), rtol=1e-6)


def test_traced_transforms_and_pullbacks(backend):
    if backend == "numpy":
        pytest.skip("the numpy backend has no autodiff (issue 24)")

    def loss(w, x):
        return ivy.sum(ivy.square(ivy.tanh(ivy.matmul(x, w))))

    def step(w, x):
        value, grad = ivy.value_and_grad(loss)(w, x)
        out, pullback = ivy.vjp(lambda v: ivy.sin(v), w)
        (ct,) = pullback(ivy.ones_like(out))
        return value, ivy.subtract(w, ivy.multiply(0.1, grad)), ct
    with ivy.using_backend(backend):
        w1, w2 = _pair(backend, 3, 2)
        x1, x2 = _pair(backend, 4, 3)
        graph = ivy.trace_graph(step)
        graph(w1, x1)
        for got, want in zip(graph(w2, x2), step(w2, x2)):
            np.testing.assert_allclose(_np(got), _np(want), rtol=1e-5)
        assert "value_and_grad" in graph.functions() and "vjp" in graph.functions()


def test_unknown_backend_and_bad_function():
    with pytest.raises(ivy.IvyBackendError, match="unknown backend 'mxnet'"):
        ivy.trace_graph(lambda x: x, to="mxnet")
    with pytest.raises(TypeError, match="expected a function"):
        ivy.trace_graph(3)


def test_no_op_casts_and_reshapes_are_dropped(backend):
    def f(x):
        y = ivy.astype(x, ivy.dtype(x))
        z = ivy.reshape(y, ivy.shape(x))
        return ivy.add(z, 1.0)
    with ivy.using_backend(backend):
        graph = ivy.trace_graph(f)
        x, y = _pair(backend, 2, 3)
        graph(x)
        np.testing.assert_allclose(_np(graph(y)), _np(y) + 1.0, rtol=1e-6)
        assert "2 no-op cast(s)/reshape(s) dropped" in str(graph)
        assert graph.functions() == ["add"]


def test_cond_branches_closing_over_traced_arrays(backend):
    """Both branches are traced (as JAX and TensorFlow do), so a replay taking the branch the
    trace did not take computes from the new inputs, not the traced ones."""
    def f(x):
        y = ivy.multiply(x, 2.0)
        return ivy.cond(ivy.greater(ivy.sum(x), 0.0), lambda: ivy.add(y, 1.0),
                        lambda: ivy.subtract(y, 1.0))
    with ivy.using_backend(backend):
        graph = ivy.trace_graph(f)
        pos = ivy.asarray(np.array([1.0, 2.0], np.float32))
        neg = ivy.asarray(np.array([-5.0, -6.0], np.float32))
        np.testing.assert_allclose(_np(graph(pos)), [3.0, 5.0])
        np.testing.assert_allclose(_np(graph(neg)), [-11.0, -13.0])
        np.testing.assert_allclose(_np(graph(pos)), [3.0, 5.0])
        assert len(graph._traces) == 1
