"""The TensorFlow example programs on real TensorFlow and on ivy's tensorflow frontend: the same
numbers at every step.

``examples/tf_mlp.py`` (a ``tf.Module`` MLP trained by a ``tf.function`` step with
``tf.GradientTape`` and ``assign_sub``) and ``examples/tf_keras_cnn.py`` (a Keras ``Sequential``
CNN trained with ``GradientTape`` and ``tf.keras.optimizers.Adam``) take the ``tf`` module as a
parameter; their data and initial weights come from NumPy's seeded generator, so the frontend
must follow real TensorFlow's trajectory: per-step losses within float32 tolerance (rtol 1e-5), final variables within 1e-5.
On the numpy backend (no autograd) the forward pass matches and training raises
NotImplementedError.
"""
import numpy as np
import pytest

import ivy

from . import load_example

tensorflow = pytest.importorskip("tensorflow")

EXAMPLES = {"tf_mlp": load_example("tf_mlp"), "tf_keras_cnn": load_example("tf_keras_cnn")}


@pytest.fixture(scope="module")
def real_runs():
    return {name: module.train(tensorflow) for name, module in EXAMPLES.items()}


@pytest.fixture
def frontend(backend):
    from ivy.frontends import tensorflow as frontend_tf
    with ivy.using_backend(backend):
        yield frontend_tf


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_training_matches_real_tensorflow(name, backend, frontend, real_runs):
    module = EXAMPLES[name]
    np.testing.assert_allclose(module.forward(frontend), module.forward(tensorflow),
                               rtol=1e-5, atol=1e-6, err_msg=f"{name}: forward pass")
    if backend == "numpy":
        with pytest.raises(NotImplementedError, match="numpy"):
            module.train(frontend, steps=1)
        return
    want, got = real_runs[name], module.train(frontend)
    assert all(type(loss) is float for loss in got[0]), got[0]
    np.testing.assert_allclose(got[0], want[0], rtol=1e-5, atol=0,
                               err_msg=f"{name}: per-step losses (frontend vs real TensorFlow)")
    assert len(got[1]) == len(want[1])
    for have, expect in zip(got[1], want[1]):
        assert have.dtype == expect.dtype == np.float32 and have.shape == expect.shape
        np.testing.assert_allclose(have, expect, rtol=1e-4, atol=1e-5,
                                   err_msg=f"{name}: variables after training")
    assert got[2] == pytest.approx(want[2], abs=1e-6)
    assert got[0][-1] < got[0][0], "the example no longer learns"
