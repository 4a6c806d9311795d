"""Shared by the module tests: the gradients of ours and real torch's module after ``backward``."""
import numpy as np

import ivy.frontends.torch as ft


def float_tensors(out):
    if isinstance(out, (tuple, list)):
        return [t for item in out for t in float_tensors(item)]
    return [out] if hasattr(out, "dtype") and out.dtype.is_floating_point else []


def check_backward(ours, real, got, expected, what, inputs=()):
    """backward of a fixed weighted sum of the float outputs on both sides: every parameter's
    gradient, and each (name, ours, theirs) tensor's in ``inputs``, equal real torch's."""
    import torch
    rng = np.random.default_rng(1)
    real_loss, our_loss = 0, 0
    for g, e in zip(float_tensors(got), float_tensors(expected)):
        if e.requires_grad:
            w = rng.standard_normal(tuple(e.shape)).astype(str(e.dtype).split(".")[-1])
            real_loss = real_loss + (e * torch.tensor(w)).sum()
            our_loss = our_loss + (g * ft.tensor(w)).sum()
    if isinstance(real_loss, int):
        return
    real_loss.backward()
    our_loss.backward()
    theirs = dict(real.named_parameters())
    pairs = list(inputs) + [(name, p, theirs[name]) for name, p in ours.named_parameters()]
    for name, mine, their in pairs:
        if their.grad is None:
            assert mine.grad is None, (what, name)
            continue
        assert mine.grad is not None, (what, name, "no gradient")
        e = their.grad.numpy()
        tol = 1e-10 if e.dtype == np.float64 else 2e-4
        np.testing.assert_allclose(np.asarray(mine.grad), e, rtol=tol, atol=tol,
                                   err_msg=f"{what}: gradient of {name}")
