"""The example programs trained with real PyTorch and with ivy's torch frontend, side by side.

``examples/gpt.py`` (a small GPT, AdamW with weight-decay groups) and ``examples/cnn.py`` (a small
CNN, SGD with momentum, StepLR) take the ``torch`` module as a parameter. Each is built with real
torch (seeded), its state dict is loaded into the same model built with the frontend, both train
on the same numpy data, and the loss of every step, the parameters and buffers after training and
the trained model's eval-mode outputs must agree. Dropout is off for that (its random masks differ
between frameworks); a second run with dropout on checks that the frontend model still trains.

Tolerances, measured. Real torch's float32 training against its float64 training (same steps)
differs by at most 1e-7 relative in the losses, and the frontend on the torch, jax and tensorflow
backends differs from real torch by at most 1.4e-7: losses are compared with rtol=1e-5. After
training, the CNN's parameters (SGD) differ from float64 by at most 4e-8 (atol=1e-6). The GPT's
differ by up to 1e-6 (frontend vs real torch, jax and tensorflow backends) and are compared with
atol=5e-5: Adam divides each gradient by its own running magnitude, so weights whose gradients
are near zero (the query/key projections at a 0.02-std init) move by lr * (rounding noise / tiny
gradient) -- perturbing the initial weights by 1e-7 relative moves them by up to 6e-6. A wrong
gradient, a missing weight decay, a 1% learning-rate change or a wrong StepLR gamma moves weights
outside these tolerances (checked by mutating the real-torch run).
The key bias of each attention layer is left out of the comparison: its exact gradient is zero
(softmax is invariant to adding q.b_k to every score of a row), so Adam turns the rounding noise
of its computed gradient into updates of either sign; it does not affect the model's output,
which is compared after training instead.
"""
import math

import numpy as np
import pytest

import ivy

from . import load_example

torch = pytest.importorskip("torch")

STEPS = 3
LOSS_RTOL = 1e-5


gpt = load_example("gpt")
cnn = load_example("cnn")


def _gpt_forward(model, x):
    return model(x)[0]


def _cnn_forward(model, x):
    return model(x)


# example name -> (module, config class, train() keywords, parameter atol, eval-mode forward);
# the GPT's gradient norm starts at 1.8, so clipping at 1.0 (nanoGPT's default) is active.
EXAMPLES = {
    "gpt": (gpt, gpt.GPTConfig, {"grad_clip": 1.0}, 5e-5, _gpt_forward),
    "cnn": (cnn, cnn.CNNConfig, {}, 1e-6, _cnn_forward),
}


@pytest.fixture
def ft(backend):
    """The torch frontend with `backend` selected."""
    if backend == "numpy":
        pytest.skip("the numpy backend has no autograd, so the frontend cannot train on it")
    with ivy.using_backend(backend):
        from ivy.frontends import torch as frontend
        yield frontend


def _numpy(t):
    return np.asarray(t.detach().cpu().numpy())


def _build_pair(ft, module, cfg, seed=0):
    torch.manual_seed(seed)
    real = module.make_model(torch, cfg)
    ours = module.copy_weights(ft, module.make_model(ft, cfg), real)
    return real, ours


def _comparable_state(name, cfg, model):
    """The state dict as numpy, without the parts whose values are not determined (see above)."""
    state = {k: _numpy(v).copy() for k, v in model.state_dict().items()}
    if name == "gpt":
        for k, v in state.items():
            if k.endswith("attn.c_attn.bias"):
                v[cfg.n_embd:2 * cfg.n_embd] = 0.0          # the key bias
    return state


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_training_matches_real_torch(name, ft):
    module, config, train_kwargs, param_atol, forward = EXAMPLES[name]
    cfg = config(dropout=0.0)
    batches = module.make_batches(cfg, n_batches=3)
    real, ours = _build_pair(ft, module, cfg)
    for k, v in real.state_dict().items():
        np.testing.assert_array_equal(_numpy(ours.state_dict()[k]), _numpy(v), err_msg=k)
    if name == "gpt":
        assert ours.lm_head.weight is ours.transformer.wte.weight, "weight tying lost on load"

    real_data, our_data = module.to_torch(torch, batches), module.to_torch(ft, batches)
    expected = module.train(torch, real, real_data, STEPS, **train_kwargs)
    got = module.train(ft, ours, our_data, STEPS, **train_kwargs)
    assert all(isinstance(loss, float) for loss in got), got
    np.testing.assert_allclose(got, expected, rtol=LOSS_RTOL, atol=0,
                               err_msg=f"{name}: per-step losses (frontend vs real torch)")

    want, have = _comparable_state(name, cfg, real), _comparable_state(name, cfg, ours)
    assert list(have) == list(want)
    for k in want:
        assert have[k].dtype == want[k].dtype and have[k].shape == want[k].shape, k
        np.testing.assert_allclose(have[k], want[k], rtol=1e-4, atol=param_atol,
                                   err_msg=f"{name}: {k} after {STEPS} steps")
    if name == "gpt":
        assert ours.lm_head.weight is ours.transformer.wte.weight, "weight tying lost in training"

    real.eval()
    ours.eval()
    with torch.no_grad():
        want_out = _numpy(forward(real, real_data[0][0]))
    with ft.no_grad():
        have_out = _numpy(forward(ours, our_data[0][0]))
    np.testing.assert_allclose(have_out, want_out, rtol=1e-4, atol=1e-5,
                               err_msg=f"{name}: eval-mode output after training")


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_trains_with_dropout(name, ft):
    """With dropout on: train-mode outputs are random, eval-mode ones are not, and a few steps
    on one repeated batch lower the loss."""
    module, config, train_kwargs, _, forward = EXAMPLES[name]
    cfg = config(dropout=0.25)
    ft.manual_seed(0)
    model = module.make_model(ft, cfg)
    data = module.to_torch(ft, module.make_batches(cfg, n_batches=1, seed=1))
    x = data[0][0]
    with ft.no_grad():
        model.train()
        a, b = _numpy(forward(model, x)), _numpy(forward(model, x))
        assert not np.allclose(a, b), "dropout in train mode gave the same output twice"
        model.eval()
        a, b = _numpy(forward(model, x)), _numpy(forward(model, x))
        np.testing.assert_array_equal(a, b)
    losses = module.train(ft, model, data, STEPS, **train_kwargs)
    assert all(math.isfinite(loss) for loss in losses), losses
    assert losses[-1] < losses[0], losses
