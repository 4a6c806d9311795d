"""Backend selection, inference and dispatch (``ivy.core.registry``), and errors naming their origin."""
import os
import subprocess
import sys

import numpy as np
import pytest

import ivy
from ivy.core import api
from ivy.core.errors import IvyBackendError, IvyBroadcastError

from ..conftest import selected_backends

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture
def clean():
    """No backend selected before and after the test."""
    ivy.unset_backend()
    yield
    ivy.unset_backend()


def native(backend, values=(1, 2, 3)):
    """A native array of ``backend`` built with the framework itself (not through ivy)."""
    if backend == "numpy":
        return np.asarray(values)
    if backend == "torch":
        import torch
        return torch.tensor(values)
    if backend == "jax":
        import jax.numpy as jnp
        return jnp.asarray(values)
    import tensorflow as tf
    return tf.constant(values)


def run_python(code, **env):
    """Run ``code`` in a fresh interpreter at the repository root; its stdout, stripped."""
    full_env = {k: v for k, v in os.environ.items() if k != "IVY_BACKEND"}
    full_env.update(env)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=full_env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout.strip()


# ---- selection ------------------------------------------------------------------------------------

def test_set_unset_current(clean, backend):
    assert ivy.selected_backend() is None
    ivy.set_backend(backend)
    assert ivy.selected_backend() == backend
    assert ivy.current_backend() == backend
    ivy.set_backend(backend)  # selecting it again is harmless
    assert ivy.current_backend() == backend
    ivy.unset_backend()
    assert ivy.selected_backend() is None


def test_using_backend_restores_previous(clean, backend):
    with ivy.using_backend(backend) as ns:
        assert ns is ivy.backend_namespace(backend)
        assert ivy.current_backend() == backend
    assert ivy.selected_backend() is None
    ivy.set_backend("numpy")
    with ivy.using_backend(backend):
        assert ivy.current_backend() == backend
        with ivy.using_backend("numpy"):
            assert ivy.current_backend() == "numpy"
        assert ivy.current_backend() == backend
    assert ivy.selected_backend() == "numpy"
    with pytest.raises(RuntimeError):
        with ivy.using_backend(backend):
            raise RuntimeError("boom")
    assert ivy.selected_backend() == "numpy"


_BINDING_CHECK = """
import sys
import ivy
from ivy.core import api
backend = sys.argv[1]
ivy.set_backend(backend)
ns = ivy.backend_namespace(backend)
targets = {"": ivy, "linalg": ivy.linalg, "fft": ivy.fft, "random": ivy.random}
assert set(targets) == set(api.NAMESPACES)
wrong = [api.qualified(sub, name) for sub, name, _ in api.all_names()
         if getattr(targets[sub], name) is not getattr(getattr(ns, sub) if sub else ns, name)]
assert not wrong, f"not bound to the {backend} namespace: {wrong}"
assert ivy.add is ns.add and ivy.linalg.solve is ns.linalg.solve and ivy.fft.fft is ns.fft.fft
"""


def test_dispatch_is_an_attribute_lookup(backend):
    """After set_backend, ivy.<fn> is the backend namespace's function object itself. Checked in
    a fresh process: in this one, a recorded array some earlier test left alive keeps the
    autograd tape's recording wrappers installed (known: ivy.autograd's create_graph and
    retained nodes can outlive their graph on jax/tensorflow -- issue 9 note)."""
    done = subprocess.run([sys.executable, "-c", _BINDING_CHECK, backend], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]


def test_unknown_backend_is_a_value_error_naming_it(clean):
    with pytest.raises(ValueError, match="mxnet") as info:
        ivy.set_backend("mxnet")
    assert isinstance(info.value, IvyBackendError)
    with pytest.raises(IvyBackendError, match="mxnet"):
        with ivy.using_backend("mxnet"):
            pass
    assert ivy.selected_backend() is None


# ---- inference ------------------------------------------------------------------------------------

def test_inference_from_arguments(clean, backend):
    x = native(backend)
    assert ivy.current_backend(x) == backend
    assert ivy.current_backend(np.asarray([1]), x) == backend  # numpy arrays go with anything
    assert ivy.current_backend([x, x]) == backend              # sequences are looked into
    assert ivy.current_backend({"a": [1, (2, {"b": x})]}) == backend  # so are pytrees
    out = ivy.add(x, x)
    assert isinstance(out, ivy.backend_namespace(backend).NATIVE_ARRAY_TYPES)
    assert ivy.selected_backend() is None


def test_inference_default_is_numpy(clean, monkeypatch):
    monkeypatch.delenv("IVY_BACKEND", raising=False)
    assert ivy.current_backend() == "numpy"
    assert ivy.current_backend(1, 2.0) == "numpy"
    assert type(ivy.zeros(3)) is np.ndarray


def test_mixed_backends_raise(clean, backend):
    others = [b for b in selected_backends_or_installed() if b not in ("numpy", backend)]
    if backend == "numpy" or not others:
        pytest.skip("needs two non-numpy backends")
    x, y = native(backend), native(others[0])
    with pytest.raises(IvyBackendError) as info:
        ivy.add(x, y)
    assert backend in str(info.value) and others[0] in str(info.value)
    with pytest.raises(IvyBackendError):
        ivy.current_backend(x, y)


def selected_backends_or_installed():
    from ..conftest import installed_backends
    return installed_backends()


def test_ivy_backend_environment_variable(backend):
    out = run_python(
        "import ivy; x = ivy.zeros(2); "
        "print(ivy.current_backend(), ivy.selected_backend(), "
        "isinstance(x, ivy.backend_namespace(ivy.current_backend()).NATIVE_ARRAY_TYPES))",
        IVY_BACKEND=backend)
    assert out.split() == [backend, "None", "True"]


def test_bad_ivy_backend_environment_variable():
    out = run_python(
        "import ivy\n"
        "try:\n    ivy.zeros(2)\n"
        "except ivy.IvyBackendError as e:\n    print('raised', 'mxnet' in str(e))",
        IVY_BACKEND="mxnet")
    assert out == "raised True"


def test_numpy_backend_imports_no_other_framework():
    out = run_python(
        "import sys, numpy as np, ivy\n"
        "ivy.add(np.ones(2), np.ones(2))\n"                                  # inferred
        "ivy.set_backend('numpy'); ivy.add(ivy.asarray([1]), ivy.asarray([2]))\n"  # selected
        "ivy.linalg.inv(ivy.eye(2)); ivy.fft.fft(ivy.asarray([1j]))\n"
        "print(sorted(m for m in ('torch', 'jax', 'jaxlib', 'tensorflow') if m in sys.modules))")
    assert out == "[]"


# ---- jax: 64-bit mode while selected, restored after -----------------------------------------------

@pytest.fixture
def jax_selected(request):
    if "jax" not in selected_backends(request.config):
        pytest.skip("jax backend not selected")
    import jax
    before = jax.config.read("jax_enable_x64")
    ivy.unset_backend()
    yield jax
    ivy.unset_backend()
    jax.config.update("jax_enable_x64", before)


def test_jax_x64_restored(jax_selected):
    jax = jax_selected
    for user_setting in (False, True):
        jax.config.update("jax_enable_x64", user_setting)
        ivy.set_backend("jax")
        assert jax.config.read("jax_enable_x64") is True
        assert ivy.dtype(ivy.asarray([1])) == "int64"
        ivy.unset_backend()
        assert jax.config.read("jax_enable_x64") is user_setting
        with ivy.using_backend("jax"):
            ivy.set_backend("numpy")  # switching away restores too
            assert jax.config.read("jax_enable_x64") is user_setting
        assert jax.config.read("jax_enable_x64") is user_setting


def test_jax_inferred_call_keeps_user_setting(jax_selected):
    jax = jax_selected
    import jax.numpy as jnp
    jax.config.update("jax_enable_x64", False)
    x = jnp.asarray([1.0, 2.0], dtype=jnp.float32)
    out = ivy.add(x, x)
    assert isinstance(out, jax.Array) and out.dtype == jnp.float32
    assert jax.config.read("jax_enable_x64") is False


# ---- errors name the function and the backend ----------------------------------------------------

BROADCAST_CALLS = {
    "add": lambda xp, a, b: xp.add(a, b),
    "multiply": lambda xp, a, b: xp.multiply(a, b),
    "equal": lambda xp, a, b: xp.equal(a, b),
    "maximum": lambda xp, a, b: xp.maximum(a, b),
    "where": lambda xp, a, b: xp.where(xp.greater(a, 0.5), a, b),
    "broadcast_arrays": lambda xp, a, b: xp.broadcast_arrays(a, b),
    "broadcast_to": lambda xp, a, b: xp.broadcast_to(a, (2, 4)),
    "broadcast_to-fewer-dims": lambda xp, a, b: xp.broadcast_to(a, (4,)),
}


@pytest.mark.parametrize("fn", sorted(BROADCAST_CALLS))
def test_broadcast_error_names_function_and_backend(xp, backend, fn):
    a, b = xp.asarray(np.ones((2, 3))), xp.asarray(np.ones((4,)))
    with pytest.raises(IvyBroadcastError) as info:
        BROADCAST_CALLS[fn](xp, a, b)
    err, name = info.value, fn.split("-")[0]
    assert isinstance(err, ValueError)
    assert name in str(err) and backend in str(err), str(err)
    assert (err.function, err.backend) == (name, backend)


def test_broadcast_error_through_inference(clean):
    with pytest.raises(IvyBroadcastError, match="add.*numpy"):
        ivy.add(np.ones((2, 3)), np.ones(4))
