"""Running an installed library (flax, equinox) on ivy's jax frontend inside the test process.

``hooked(backend, packages)``: ivy's jax frontend is installed as ``jax`` with ``backend``
selected and JAX's default x64-off mode; the ``packages`` (and their submodules) are imported
afresh inside, so that they bind the frontend, and set aside after, with the modules real JAX's
run had imported put back. ``assert_same`` compares two flat lists of results.
"""
import contextlib
import sys

import numpy as np

import ivy
from ivy import frontends


@contextlib.contextmanager
def hooked(backend, packages):
    def theirs(name):
        return name.partition(".")[0] in packages

    saved = {n: m for n, m in sys.modules.items() if theirs(n)}
    for n in saved:
        del sys.modules[n]
    try:
        with ivy.using_backend(backend):
            fjax = frontends.install("jax") if not frontends.is_installed("jax") else None
            try:
                with frontends.jax.enable_x64(False):
                    yield
            finally:
                if fjax is not None:
                    frontends.uninstall("jax")
    finally:
        for n in [n for n in sys.modules if theirs(n)]:
            del sys.modules[n]
        sys.modules.update(saved)


def assert_same(got, want, rtol=2e-5, atol=2e-6):
    """``got`` and ``want``: lists of arrays (compared by dtype, shape and value) and other
    values (compared by ``==``; they must not be arrays)."""
    assert len(got) == len(want), (len(got), len(want))
    for i, (g, w) in enumerate(zip(got, want)):
        if not hasattr(w, "shape"):     # not an array: a path, a shape, a flag...
            assert not hasattr(g, "shape") and g == w, (i, g, w)
            continue
        g, w = np.asarray(g), np.asarray(w)
        assert (g.dtype, g.shape) == (w.dtype, w.shape), (i, g.dtype, g.shape, w.dtype, w.shape)
        np.testing.assert_allclose(g, w, rtol=rtol, atol=atol, err_msg=f"result {i}")


def real_x64_off(program, *args):
    """``program(*args)`` on real JAX in its default mode, x64 off (another module's fixture may
    hold real JAX's x64 on while this one's tests run)."""
    import jax
    with jax.enable_x64(False):
        return program(*args)
