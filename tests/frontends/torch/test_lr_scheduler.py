"""torch.optim.lr_scheduler: learning-rate (and momentum) sequences equal to real torch's, every
backend; state_dict round trips."""
import math
import warnings

import numpy as np
import pytest

import ivy
import ivy.frontends.torch as ft
import ivy.frontends.torch.optim  # noqa: F401  (until torch/__init__ imports optim)

STEPS = 30
METRICS = [1.0, 0.9, 0.95, 0.95, 0.96, 0.97, 0.5, 0.6, 0.6, 0.6] * 3


def _lam(epoch):
    return 0.95 ** epoch


def _mul(epoch):
    return 0.9 if epoch % 3 else 1.0


# name -> (optimizer name, optimizer kwargs, scheduler factory(S, opt) with S = lr_scheduler module)
SCHEDULERS = {
    "StepLR": ("SGD", {}, lambda S, o: S.StepLR(o, step_size=4, gamma=0.5)),
    "MultiStepLR": ("SGD", {}, lambda S, o: S.MultiStepLR(o, milestones=[3, 7, 7, 20], gamma=0.3)),
    "ExponentialLR": ("SGD", {}, lambda S, o: S.ExponentialLR(o, gamma=0.9)),
    "CosineAnnealingLR": ("SGD", {}, lambda S, o: S.CosineAnnealingLR(o, T_max=7, eta_min=0.01)),
    "CosineAnnealingWarmRestarts": (
        "SGD", {}, lambda S, o: S.CosineAnnealingWarmRestarts(o, T_0=3, T_mult=2, eta_min=0.001)),
    "LambdaLR": ("SGD", {}, lambda S, o: S.LambdaLR(o, [_lam, lambda e: 1 / (e + 1)])),
    "MultiplicativeLR": ("SGD", {}, lambda S, o: S.MultiplicativeLR(o, _mul)),
    "LinearLR": ("SGD", {}, lambda S, o: S.LinearLR(o, start_factor=0.2, end_factor=0.9,
                                                    total_iters=10)),
    "ConstantLR": ("SGD", {}, lambda S, o: S.ConstantLR(o, factor=0.5, total_iters=6)),
    "PolynomialLR": ("SGD", {}, lambda S, o: S.PolynomialLR(o, total_iters=20, power=2.0)),
    "OneCycleLR": ("SGD", {"momentum": 0.9}, lambda S, o: S.OneCycleLR(o, max_lr=[1.0, 0.5],
                                                                       total_steps=STEPS + 1)),
    "OneCycleLR-adam": ("Adam", {}, lambda S, o: S.OneCycleLR(
        o, max_lr=0.3, epochs=4, steps_per_epoch=8, three_phase=True, anneal_strategy="linear")),
    "CyclicLR": ("SGD", {"momentum": 0.9}, lambda S, o: S.CyclicLR(
        o, base_lr=0.01, max_lr=0.1, step_size_up=4, step_size_down=3, mode="triangular2")),
    "CyclicLR-exp": ("Adam", {}, lambda S, o: S.CyclicLR(o, base_lr=[0.01, 0.02], max_lr=0.1,
                                                        step_size_up=5, mode="exp_range",
                                                        gamma=0.9)),
    "ReduceLROnPlateau": ("SGD", {}, lambda S, o: S.ReduceLROnPlateau(o, patience=1, factor=0.5,
                                                                      cooldown=1, min_lr=0.01)),
    "ReduceLROnPlateau-max": ("SGD", {}, lambda S, o: S.ReduceLROnPlateau(
        o, mode="max", threshold_mode="abs", patience=2, threshold=0.01)),
    "SequentialLR": ("SGD", {}, lambda S, o: S.SequentialLR(
        o, [S.LinearLR(o, start_factor=0.1, total_iters=4), S.ExponentialLR(o, gamma=0.9),
            S.StepLR(o, step_size=3)], milestones=[5, 12])),
    "ChainedScheduler": ("SGD", {}, lambda S, o: S.ChainedScheduler(
        [S.ConstantLR(o, factor=0.1, total_iters=2), S.ExponentialLR(o, gamma=0.9)])),
}


def make(T, name):
    opt_name, kwargs, factory = SCHEDULERS[name]
    params = [T.nn.Parameter(T.ones(2)), T.nn.Parameter(T.zeros(3))]
    opt = getattr(T.optim, opt_name)([{"params": [params[0]]}, {"params": [params[1]],
                                                                 "lr": 0.05}], lr=0.1, **kwargs)
    return opt, factory(T.optim.lr_scheduler, opt)


def run(opt, sched, steps, start=0):
    out = []
    for i in range(start, start + steps):
        opt.step()
        if "Plateau" in type(sched).__name__:
            sched.step(METRICS[i])
        else:
            sched.step()
        out.append((list(sched.get_last_lr()), [g["lr"] for g in opt.param_groups],
                    [g.get("momentum", g.get("betas")) for g in opt.param_groups]))
    return out


def plain(state):
    """A scheduler state_dict without the entries that hold callables."""
    return {k: v for k, v in state.items() if k not in ("_scale_fn_ref", "lr_lambdas")}


@pytest.mark.parametrize("name", list(SCHEDULERS))
def test_scheduler_sequences_match_torch(backend, name):
    import torch
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        topt, tsched = make(torch, name)
        expected = run(topt, tsched, STEPS)
        with ivy.using_backend(backend):
            fopt, fsched = make(ft, name)
            got = run(fopt, fsched, STEPS)
            assert [g["lr"] for g in fopt.param_groups] == [g["lr"] for g in topt.param_groups]
            assert plain(fsched.state_dict()).keys() == plain(tsched.state_dict()).keys()
    for i, (g, e) in enumerate(zip(got, expected)):
        np.testing.assert_allclose(np.array(g[0] + g[1], float), np.array(e[0] + e[1], float),
                                   rtol=1e-12, err_msg=f"{name}: step {i}")
        assert g[2] == e[2] or np.allclose(np.array(g[2], float), np.array(e[2], float),
                                           rtol=1e-12), (name, i, g[2], e[2])


@pytest.mark.parametrize("name", ["StepLR", "CosineAnnealingWarmRestarts", "OneCycleLR",
                                  "CyclicLR", "ReduceLROnPlateau", "SequentialLR"])
def test_scheduler_state_dict_round_trip(backend, name):
    import torch
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        topt, tsched = make(torch, name)
        run(topt, tsched, 10)
        expected = run(topt, tsched, 10, start=10)
        with ivy.using_backend(backend):
            fopt, fsched = make(ft, name)
            run(fopt, fsched, 10)
            opt2, sched2 = make(ft, name)
            opt2.load_state_dict(fopt.state_dict())
            sched2.load_state_dict(fsched.state_dict())
            got = run(opt2, sched2, 10, start=10)
    for g, e in zip(got, expected):
        assert np.allclose(np.array(g[0] + g[1], float), np.array(e[0] + e[1], float), rtol=1e-12)


def test_scheduler_warnings_and_errors(backend):
    import torch
    with ivy.using_backend(backend):
        for T in (torch, ft):
            opt = T.optim.SGD([T.nn.Parameter(T.ones(1))], lr=1.0)
            sched = T.optim.lr_scheduler.StepLR(opt, 2)
            with pytest.warns(UserWarning, match="before `optimizer.step\\(\\)`"):
                sched.step()
            with pytest.raises(TypeError):
                T.optim.lr_scheduler.StepLR(object(), 2)
            with pytest.raises(KeyError):
                T.optim.lr_scheduler.ExponentialLR(T.optim.SGD([T.nn.Parameter(T.ones(1))]), 0.9,
                                                   last_epoch=3)
            with pytest.raises(ValueError):
                T.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=1.5)
            assert math.isclose(sched.get_last_lr()[0], 1.0)
