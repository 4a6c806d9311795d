"""The JAX example programs on real JAX and on ivy's jax frontend: the same numbers at every step.

``examples/jax_mlp.py`` (an MLP classifier: ``jax.jit(jax.grad(loss))`` over a list of layer
dicts, SGD by ``tree_map``) and ``examples/jax_rnn.py`` (an Elman RNN by ``lax.scan``, batched by
``jax.vmap``, ``jit(value_and_grad)`` and SGD with momentum) take the ``jax`` module as a
parameter; everything in them is float32 and starts from ``jax.random.PRNGKey(0)``, so the
frontend draws the same initial parameters and data (its threefry is bit-exact) and must follow
real JAX's trajectory. Measured over 10 (MLP) and 8 (RNN) steps: the frontend's per-step losses
differ from real JAX's by at most 7.3e-7 relative on tensorflow, 5.7e-7 on torch and 0 on jax
(float32 rounding of different kernels), so they are compared with rtol=1e-5, the final
parameters with atol=1e-5. A 1% larger learning rate moves every loss after the first by at
least 9e-4 relative.
"""

import numpy as np
import pytest

import ivy

from . import load_example

jax = pytest.importorskip("jax")

LOSS_RTOL = 1e-5
PARAM_ATOL = 1e-5


EXAMPLES = {"jax_mlp": load_example("jax_mlp"), "jax_rnn": load_example("jax_rnn")}


@pytest.fixture(scope="module")
def real_runs():
    """Each example trained once on real JAX (64-bit types on, as the frontend's default)."""
    with jax.enable_x64(True):
        return {name: module.train(jax) for name, module in EXAMPLES.items()}


@pytest.fixture
def frontend(backend):
    from ivy.frontends import jax as frontend_jax
    with ivy.using_backend(backend):
        yield frontend_jax


def _leaves(tree):
    return [np.asarray(leaf) for leaf in jax.tree_util.tree_leaves(tree)]


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_training_matches_real_jax(name, backend, frontend, real_runs):
    module = EXAMPLES[name]
    if backend == "numpy":
        with pytest.raises(NotImplementedError, match="numpy"):
            module.train(frontend, steps=1)
        return
    want, got = real_runs[name], module.train(frontend)
    assert all(type(loss) is float for loss in got[0]), got[0]
    np.testing.assert_allclose(got[0], want[0], rtol=LOSS_RTOL, atol=0,
                               err_msg=f"{name}: per-step losses (frontend vs real JAX)")
    ours = frontend.tree_util.tree_leaves(got[1])
    theirs = _leaves(want[1])
    assert len(ours) == len(theirs)
    for have, expect in zip(ours, theirs):
        have = np.asarray(have)
        assert have.dtype == expect.dtype == np.float32 and have.shape == expect.shape
        np.testing.assert_allclose(have, expect, rtol=1e-4, atol=PARAM_ATOL,
                                   err_msg=f"{name}: parameters after training")
    if name == "jax_mlp":
        # final training accuracy; XLA divides a float32 mean by multiplying with 1/n
        assert got[2] == pytest.approx(want[2], abs=1e-6)
    assert got[0][-1] < got[0][0], "the example no longer learns"
