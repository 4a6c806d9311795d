"""The generic autograd tape (``ivy/core/autograd.py``, jax and tensorflow) lets go of its graph.

A recorded array is tracked in ``autograd._entries`` until it dies, and while anything is tracked
``ivy.<fn>`` are recording wrappers. After tape programs (retained graphs, create_graph and
higher-order gradients, persistent and nested GradientTapes, custom gradients, forward passes
never differentiated) have dropped every reference, nothing may stay tracked and the plain
functions must be back. Each backend runs in a fresh interpreter: in this process, arrays other
tests keep alive would keep the tape installed.
"""
import os
import subprocess
import sys

import pytest

from ..conftest import installed_backends, selected_backends

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

_PROGRAMS = r'''
import gc
import sys

import numpy as np

import ivy
from ivy.core import autograd as ag

ivy.set_backend(sys.argv[1])
import ivy.frontends.tensorflow as tf
import ivy.frontends.torch as T

V = np.linspace(-1.0, 1.0, 6).astype(np.float32)
A = np.arange(12, dtype=np.float32).reshape(3, 4) / 10


def torch_retain_graph():
    w = T.tensor(V, requires_grad=True)
    y = (w.exp() * w).sum()
    y.backward(retain_graph=True)
    y.backward()
    z = (w.sin() * 2).sum()
    z.backward(retain_graph=True)       # never backwarded again: the retained graph is dropped


def torch_create_graph():
    x = T.tensor(V, requires_grad=True)
    y = (x ** 3).sum()
    (g,) = T.autograd.grad(y, x, create_graph=True)
    (h,) = T.autograd.grad(g.sum(), x, create_graph=True)
    T.autograd.grad((h * x).sum(), x)
    w = T.tensor(A, requires_grad=True)
    inp = T.tensor(A.T.copy(), requires_grad=True)
    (gi,) = T.autograd.grad((inp @ w).tanh().sum(), inp, create_graph=True)
    ((gi.norm(2, dim=1) - 1) ** 2).mean().backward()


def torch_grad_retained():
    x, y = T.tensor(V, requires_grad=True), T.tensor(A, requires_grad=True)
    out = (x * 2).sum()
    T.autograd.grad(out, [x, y], allow_unused=True, retain_graph=True)
    T.autograd.grad(out, [x, y], materialize_grads=True, retain_graph=True)
    z = x * 1.0
    z[0] = 5.0                          # an in-place update records an index update
    z.reshape(6)[...].sum().backward(retain_graph=True)    # calls returning their argument


def torch_forward_only():
    x = T.tensor(V, requires_grad=True)
    (x.exp() * x).tanh().sum()


class Scale(T.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        return a * 2

    @staticmethod
    def backward(ctx, g):
        return g * 2


def torch_function():
    x = T.tensor(V, requires_grad=True)
    Scale.apply(x).sum().backward(retain_graph=True)


def tf_persistent_tape():
    x = tf.constant([1.0, 2.0])
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
        y = tf.exp(x) * x
        z = tf.reduce_sum(y) + tf.reduce_sum(tf.matmul(v, v))
    t.gradient(z, [x, v])
    t.gradient(y, x)
    t.jacobian(y, x)


def tf_nested_tapes():
    x = tf.constant(2.0)
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            y = x * x * x
        g = t1.gradient(y, x)
    t2.gradient(g, x)


def tf_custom_gradient():
    @tf.custom_gradient
    def scaled(a):
        def grad(dy):
            return dy * 10
        return a * 1.0, grad
    x = tf.constant(3.0)
    with tf.GradientTape(persistent=True) as t:
        t.watch(x)
        y = scaled(x) * tf.stop_gradient(x * 2)
    t.gradient(y, x)


def tf_tape_dropped():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as t:
        t.watch(x)
        tf.reduce_sum(tf.sin(x) * x)


def ivy_autograd():
    x = ivy.autograd.watch(ivy.asarray(V))
    y = ivy.sum(ivy.exp(x) * x)
    ivy.autograd.backward([y], [ivy.ones_like(y)], retain_graph=True)
    ivy.autograd.backward([y], [ivy.ones_like(y)], inputs=[x], create_graph=True)


leaks = []
for round in range(2):                  # the second round runs compiled vjps (signatures seen)
    for program in [torch_retain_graph, torch_create_graph, torch_grad_retained,
                    torch_forward_only, torch_function, tf_persistent_tape, tf_nested_tapes,
                    tf_custom_gradient, tf_tape_dropped, ivy_autograd]:
        program()
        gc.collect()
        if ag._entries or ag._installed[0] is not None:
            names = sorted({node.name for node, _ in ag._entries.values()})
            leaks.append(f"{program.__name__} (round {round + 1}): {len(ag._entries)} arrays "
                         f"still tracked ({', '.join(names)}), wrappers installed: "
                         f"{ag._installed[0] is not None}")
            ag._entries.clear()         # measure the next program on its own
            ag._refs.clear()
            if ag._installed[0] is not None:
                ag._uninstall()
assert not leaks, "\n".join(leaks)
assert ivy.add is ivy.backend_namespace(sys.argv[1]).add
print("ok")
'''


@pytest.mark.parametrize("name", ["jax", "tensorflow"])
def test_tape_lets_go_of_its_graph(request, name):
    if name not in selected_backends(request.config):
        pytest.skip(f"{name} not selected")
    if name not in installed_backends():
        pytest.skip(f"{name} not installed")
    env = {k: v for k, v in os.environ.items() if k != "IVY_BACKEND"}
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    done = subprocess.run([sys.executable, "-c", _PROGRAMS, name], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-4000:]
    assert done.stdout.strip().endswith("ok")


_ACROSS_BACKENDS = r'''
import numpy as np
import ivy
from ivy.frontends import torch as ft

x = np.random.default_rng(0).standard_normal((3, 4)).astype(np.float32)
for name in ("tensorflow", "jax", "tensorflow"):
    with ivy.using_backend(name):
        for _ in range(3):      # the second sighting of a call signature compiles it
            a = ft.tensor(x, requires_grad=True)
            ft.nn.functional.cosine_similarity(a * 1, ft.tensor(x[::-1].copy())).sum().backward()
        assert type(a.grad._data) is type(ivy.asarray(1.0)), (name, type(a.grad._data))
print("ok")
'''


def test_compiled_calls_stay_with_their_backend(request):
    """The tape's compiled calls are keyed by backend: the same call signature (an array operator,
    whose closure every backend shares) on another backend must not run the first one's."""
    wanted = {"jax", "tensorflow"}
    if not wanted <= set(selected_backends(request.config)) or not wanted <= set(
            installed_backends()):
        pytest.skip("needs the jax and tensorflow backends")
    env = {k: v for k, v in os.environ.items() if k != "IVY_BACKEND"}
    env.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    done = subprocess.run([sys.executable, "-c", _ACROSS_BACKENDS], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-4000:]
    assert done.stdout.strip().endswith("ok")
