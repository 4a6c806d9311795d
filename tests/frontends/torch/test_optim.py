"""torch.optim: the same training loop on real torch and on the frontend, every backend.

Parameters start from the same numpy values; each step both sides get the same gradient (a
quadratic's gradient at real torch's current parameters plus fixed noise), step, and must agree on
the parameters and on every ``state_dict()['state']`` tensor; ``param_groups`` must be equal.
"""
import numpy as np
import pytest

import ivy
import ivy.frontends.torch as ft
import ivy.frontends.torch.optim  # noqa: F401  (until torch/__init__ imports optim)

STEPS = 6
RTOL, ATOL = 2e-5, 2e-6

# (optimizer, constructor keyword arguments); a "groups" entry gives per-group options.
CASES = [
    ("SGD", {"lr": 0.1}),
    ("SGD", {"lr": 0.1, "momentum": 0.9, "dampening": 0.1, "weight_decay": 0.01}),
    ("SGD", {"lr": 0.05, "momentum": 0.9, "nesterov": True, "maximize": True}),
    ("SGD", {"lr": 0.1, "momentum": 0.5, "groups": [{}, {"lr": 0.01, "momentum": 0.0}]}),
    ("Adam", {"lr": 0.01}),
    ("Adam", {"lr": 0.01, "amsgrad": True, "weight_decay": 0.1, "maximize": True}),
    ("Adam", {"lr": 0.01, "weight_decay": 0.1, "decoupled_weight_decay": True,
              "betas": (0.8, 0.9)}),
    ("AdamW", {"lr": 0.01}),
    ("AdamW", {"lr": 0.01, "amsgrad": True, "groups": [{}, {"weight_decay": 0.0}]}),
    ("Adagrad", {"lr": 0.1}),
    ("Adagrad", {"lr": 0.1, "lr_decay": 0.01, "weight_decay": 0.1,
                 "initial_accumulator_value": 0.1, "maximize": True}),
    ("Adadelta", {}),
    ("Adadelta", {"lr": 0.5, "rho": 0.8, "weight_decay": 0.1, "maximize": True}),
    ("Adamax", {"lr": 0.01}),
    ("Adamax", {"lr": 0.01, "weight_decay": 0.1, "betas": (0.8, 0.99), "maximize": True}),
    ("NAdam", {"lr": 0.01}),
    ("NAdam", {"lr": 0.01, "weight_decay": 0.1, "momentum_decay": 0.01}),
    ("NAdam", {"lr": 0.01, "weight_decay": 0.1, "decoupled_weight_decay": True, "maximize": True}),
    ("RAdam", {"lr": 0.01, "betas": (0.9, 0.5)}),   # rho_t > 5 from the first step
    ("RAdam", {"lr": 0.01, "weight_decay": 0.1}),
    ("RAdam", {"lr": 0.01, "betas": (0.9, 0.6), "weight_decay": 0.1,
               "decoupled_weight_decay": True}),
    ("RMSprop", {"lr": 0.01}),
    ("RMSprop", {"lr": 0.01, "centered": True, "momentum": 0.9, "weight_decay": 0.1}),
    ("RMSprop", {"lr": 0.01, "alpha": 0.9, "momentum": 0.5, "maximize": True}),
    ("Rprop", {"lr": 0.01}),
    ("Rprop", {"lr": 0.05, "etas": (0.3, 1.5), "step_sizes": (1e-3, 0.1), "maximize": True}),
    ("ASGD", {"lr": 0.05}),
    ("ASGD", {"lr": 0.05, "lambd": 0.01, "alpha": 0.5, "t0": 2, "weight_decay": 0.1}),
]
IDS = [f"{name}-{i}" for i, (name, _) in enumerate(CASES)]


def _shapes():
    rng = np.random.default_rng(0)
    params = [rng.standard_normal((3, 4)).astype(np.float32),
              rng.standard_normal(5).astype(np.float32)]
    targets = [rng.standard_normal(p.shape).astype(np.float32) for p in params]
    noise = [[rng.standard_normal(p.shape).astype(np.float32) for p in params]
             for _ in range(STEPS)]
    return params, targets, noise


def make(T, name, kwargs, values):
    kwargs = dict(kwargs)
    groups = kwargs.pop("groups", None)
    # copies: on the torch backend ft.tensor(ndarray) currently shares the array's memory
    params = [T.nn.Parameter(T.tensor(np.array(v, copy=True))) for v in values]
    if groups is None:
        return params, getattr(T.optim, name)(params, **kwargs)
    return params, getattr(T.optim, name)(
        [dict(g, params=[p]) for g, p in zip(groups, params)], **kwargs)


def as_numpy(t):
    return t.detach().numpy() if hasattr(t, "grad_fn") else np.asarray(t)


def compare_state(ours, theirs, where):
    assert ours.keys() == theirs.keys(), where
    for k in theirs:
        assert list(ours[k]) == list(theirs[k]), (where, k)
        for name, e in theirs[k].items():
            g = ours[k][name]
            e = as_numpy(e)
            g = np.asarray(g)
            assert g.shape == e.shape and g.dtype == e.dtype, (where, k, name, g.dtype, e.dtype)
            np.testing.assert_allclose(g, e, rtol=RTOL, atol=ATOL, err_msg=f"{where} {k} {name}")


def compare(tp, topt, fp, fopt, where):
    for i, (a, b) in enumerate(zip(fp, tp)):
        np.testing.assert_allclose(np.asarray(a), as_numpy(b), rtol=RTOL, atol=ATOL,
                                   err_msg=f"{where}: param {i}")
    ours, theirs = fopt.state_dict(), topt.state_dict()
    assert ours["param_groups"] == theirs["param_groups"], where
    compare_state(ours["state"], theirs["state"], where)


def set_grads(tp, fp, targets, noise):
    import torch
    for a, b, t, n in zip(tp, fp, targets, noise):
        g = (2 * (as_numpy(a) - t) + n).astype(np.float32)
        a.grad = torch.tensor(g)
        b.grad = ft.tensor(g.copy())


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_optimizer_steps_like_torch(backend, case):
    import torch
    name, kwargs = case
    values, targets, noise = _shapes()
    tp, topt = make(torch, name, kwargs, values)
    with ivy.using_backend(backend):
        fp, fopt = make(ft, name, kwargs, values)
        compare(tp, topt, fp, fopt, "init")
        for step in range(STEPS):
            set_grads(tp, fp, targets, noise[step])
            topt.step()
            fopt.step()
            compare(tp, topt, fp, fopt, f"step {step}")
        topt.zero_grad()
        fopt.zero_grad()
        assert all(p.grad is None for p in fp)


def _to_frontend(value):
    import torch
    if isinstance(value, torch.Tensor):
        return ft.tensor(value.detach().numpy().copy())
    if isinstance(value, dict):
        return {k: _to_frontend(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_to_frontend(v) for v in value]
    return value


ROUND_TRIP = ["SGD-1", "Adam-5", "AdamW-8", "Adagrad-10", "NAdam-17", "RMSprop-22", "Rprop-24",
              "ASGD-27"]


@pytest.mark.parametrize("case", [CASES[IDS.index(i)] for i in ROUND_TRIP], ids=ROUND_TRIP)
def test_state_dict_round_trips(backend, case):
    """Ours -> a fresh optimizer of ours, and real torch's (converted) -> ours: both continue
    stepping exactly like real torch."""
    import torch
    name, kwargs = case
    values, targets, noise = _shapes()
    tp, topt = make(torch, name, kwargs, values)
    with ivy.using_backend(backend):
        fp, fopt = make(ft, name, kwargs, values)
        for step in range(3):
            set_grads(tp, fp, targets, noise[step])
            topt.step()
            fopt.step()
        # A fresh optimizer of ours on copies of the parameters, loading our state dict.
        fp2, fopt2 = make(ft, name, kwargs, [np.asarray(p) for p in fp])
        fopt2.load_state_dict(fopt.state_dict())
        # And one loading real torch's state dict.
        fp3, fopt3 = make(ft, name, kwargs, [as_numpy(p) for p in tp])
        fopt3.load_state_dict(_to_frontend(topt.state_dict()))
        compare(tp, topt, fp3, fopt3, "loaded torch's")
        for step in range(3, STEPS):
            set_grads(tp, fp2, targets, noise[step])
            set_grads(tp, fp3, targets, noise[step])
            topt.step()
            fopt2.step()
            fopt3.step()
            compare(tp, topt, fp2, fopt2, f"ours loaded, step {step}")
            compare(tp, topt, fp3, fopt3, f"torch's loaded, step {step}")


def test_param_groups_and_errors(backend):
    import torch
    with ivy.using_backend(backend):
        for T in (torch, ft):
            a, b = T.nn.Parameter(T.ones(2)), T.nn.Parameter(T.zeros(3))
            opt = T.optim.SGD([a], lr=0.1, momentum=0.9)
            opt.add_param_group({"params": b, "lr": 0.5})
            assert [g["lr"] for g in opt.param_groups] == [0.1, 0.5]
            assert opt.param_groups[1]["momentum"] == 0.9 and opt.param_groups[1]["params"] == [b]
            assert repr(opt).splitlines()[:4] == ["SGD (", "Parameter Group 0",
                                                  "    dampening: 0", "    differentiable: False"]
            with pytest.raises(ValueError):
                opt.add_param_group({"params": [a]})
            with pytest.raises(TypeError):
                opt.add_param_group({"params": {T.nn.Parameter(T.ones(1))}})
            with pytest.raises(TypeError):
                T.optim.Adam(a)
            with pytest.raises(ValueError):
                T.optim.Adam([], lr=0.1)
            with pytest.raises(ValueError):
                T.optim.Adam([a], lr=-1)
            with pytest.raises(ValueError):
                T.optim.SGD([a], nesterov=True)
            with pytest.raises(RuntimeError):
                T.optim.Adam([a], fused=True, foreach=True)
            calls = []
            opt.register_step_pre_hook(lambda o, args, kw: calls.append("pre"))
            h = opt.register_step_post_hook(lambda o, args, kw: calls.append("post"))
            assert opt.step() is None and opt.step(lambda: 3.0) == 3.0
            h.remove()
            opt.step()
            assert calls == ["pre", "post", "pre", "post", "pre"]
            a.grad = T.ones(2)
            opt.zero_grad(set_to_none=False)
            assert a.grad is not None and float(a.grad.sum()) == 0
            opt.zero_grad()
            assert a.grad is None
        our_repr = repr(ft.optim.AdamW([ft.nn.Parameter(ft.ones(1))]))
        assert our_repr == repr(torch.optim.AdamW([torch.nn.Parameter(torch.ones(1))]))


def test_signatures_match_torch():
    import inspect
    import torch
    for name in ("SGD", "Adam", "AdamW", "Adagrad", "Adadelta", "Adamax", "NAdam", "RAdam",
                 "RMSprop", "Rprop", "ASGD", "LBFGS", "SparseAdam"):
        ours = inspect.signature(getattr(ft.optim, name))
        theirs = inspect.signature(getattr(torch.optim, name))
        assert [(p.name, p.kind, p.default) for p in ours.parameters.values()] == \
            [(p.name, p.kind, p.default) for p in theirs.parameters.values()], name


def lbfgs_program(T, kwargs):
    """Minimizes sum(w * (x - c)**2) + 0.1 * sum(x**4) with a closure computing the analytic
    gradient; returns the parameters and losses after each step and the state's counters."""
    rng = np.random.default_rng(1)
    x0, c = rng.standard_normal(6).astype(np.float32), rng.standard_normal(6).astype(np.float32)
    w = np.linspace(0.5, 3.0, 6).astype(np.float32)
    p = T.nn.Parameter(T.tensor(x0.copy()))
    c, w = T.tensor(c), T.tensor(w)
    opt = T.optim.LBFGS([p], **kwargs)

    def closure():
        opt.zero_grad()
        x = p.detach()
        p.grad = 2 * w * (x - c) + 0.4 * x ** 3
        return (w * (x - c) ** 2).sum() + 0.1 * (x ** 4).sum()

    out = []
    for _ in range(3):
        loss = opt.step(closure)
        out.append((as_numpy(p).copy(), float(loss)))
    state = opt.state[p]
    return out, (state["func_evals"], state["n_iter"])


@pytest.mark.parametrize("kwargs", [{"lr": 0.5, "max_iter": 4, "history_size": 3},
                                    {"lr": 1, "max_iter": 5, "line_search_fn": "strong_wolfe"}],
                         ids=["plain", "strong_wolfe"])
def test_lbfgs_like_torch(backend, kwargs):
    import torch
    expected, counters = lbfgs_program(torch, kwargs)
    with ivy.using_backend(backend):
        got, our_counters = lbfgs_program(ft, kwargs)
    assert our_counters == counters
    for (gp, gl), (ep, el) in zip(got, expected):
        np.testing.assert_allclose(gp, ep, rtol=1e-4, atol=1e-5)
        assert abs(gl - el) <= 1e-4 * max(1.0, abs(el))


def test_sparse_adam_refuses_dense_gradients(backend):
    import torch
    with ivy.using_backend(backend):
        for T in (torch, ft):
            p = T.nn.Parameter(T.ones(2))
            opt = T.optim.SparseAdam([p])
            p.grad = T.ones(2)
            with pytest.raises(RuntimeError, match="dense gradients"):
                opt.step()
            with pytest.raises(ValueError):
                T.optim.SparseAdam([p], lr=0.0)
