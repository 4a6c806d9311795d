"""torch autograd on the frontend vs real torch: the same program, inputs from numpy, on every backend.

Each program takes the torch module (real or ours) and returns what it computed (losses, ``.grad``
of leaves, results of ``torch.autograd.grad``, flags); both sides must agree. On the numpy backend
(no automatic differentiation) ``backward`` must raise NotImplementedError instead.
"""
import numpy as np
import pytest

import ivy
import ivy.frontends.torch as ft

R = np.random.default_rng(0)
A = R.standard_normal((3, 4)).astype(np.float32)
B = R.standard_normal((4, 5)).astype(np.float32)
V = R.standard_normal(6).astype(np.float32)
IMG = R.standard_normal((2, 3, 6, 6)).astype(np.float32)
KER = R.standard_normal((4, 3, 3, 3)).astype(np.float32)
SPD = (lambda m: (m @ m.T + 4 * np.eye(4)).astype(np.float32))(R.standard_normal((4, 4)))


def leaf(T, a):
    return T.tensor(a, requires_grad=True)


# ---- gradients of compositions: f(T, *leaves) -> scalar; compared: every leaf's .grad ----------
def _ops(T, a, b):
    y = (a @ b).tanh() * 2 - a.sum(1, keepdim=True).exp() / 3
    return (y ** 2).mean() + y.max() - y.abs().min() + y.logsumexp(1).sum()


def _views(T, a, b):
    t = a.t().reshape(2, 6)[:, 1:5].unsqueeze(0).expand(3, 2, 4)
    return (t * b[:2, :4]).sum() + a[1].norm() + a[:, ::2].flatten().prod()


def _indexing(T, a, b):
    idx = T.tensor([2, 0, 2])
    mask = a > 0
    return a[idx].sum() + (a[mask] ** 2).sum() + a.gather(1, T.tensor([[0], [3], [1]])).sum() \
        + b[1:3, [0, 4]].pow(3).sum()


def _inplace(T, a, b):
    y = a * 1.0
    y[0] = 0.0
    y.mul_(2.0).add_(b[:3, :4]).relu_()
    z = y.clone()
    z[:, 1:3] += a[:, :2]
    return z.sigmoid().sum()


def _nn(T, a, b):
    F = T.nn.functional
    logits = F.linear(a, b.t())
    return F.cross_entropy(logits, T.tensor([1, 0, 3])) + F.layer_norm(a, (4,)).pow(2).mean() \
        + F.softmax(a, -1)[:, 0].sum() + F.gelu(a).sum() + F.mse_loss(a[:, :2], b[:3, :2])


def _conv(T, x, k):
    F = T.nn.functional
    y = F.conv2d(x, k, padding=1)
    y = F.max_pool2d(F.relu(y), 2)
    return F.batch_norm(y, None, None, training=True).pow(2).sum() + F.avg_pool2d(x, 3).sum()


def _linalg(T, s, v):
    L = T.linalg.cholesky(s)
    return T.linalg.inv(s).sum() + T.logdet(s) + L.diagonal().sum() + \
        T.linalg.solve(s, v[:4]).sum()


def _structure(T, a, b):
    parts = T.split(T.cat([a, b[:3, :2]], 1), 3, dim=1)
    stacked = T.stack([parts[0], parts[1]], 0)
    return T.where(stacked > 0, stacked, stacked * 0.1).cumsum(-1).sum() + \
        T.einsum("ij,jk->ik", a, b).sort(1).values[:, -1].sum() + a.topk(2).values.sum()


COMPOSITIONS = [(_ops, (A, B)), (_views, (A, B)), (_indexing, (A, B)), (_inplace, (A, B)),
                (_nn, (A, B)), (_conv, (IMG, KER)), (_linalg, (SPD, V)), (_structure, (A, B))]


def _values(x):
    if x is None:
        return None
    if isinstance(x, (list, tuple)):
        return [_values(v) for v in x]
    if hasattr(x, "detach"):
        return np.asarray(x.detach().numpy())
    return x


def _same(got, expected, what="", tol=2e-4):
    if isinstance(expected, list):
        assert isinstance(got, list) and len(got) == len(expected), what
        for i, (g, e) in enumerate(zip(got, expected)):
            _same(g, e, f"{what}[{i}]", tol)
    elif isinstance(expected, np.ndarray):
        assert got is not None, what
        assert got.dtype == expected.dtype and got.shape == expected.shape, \
            (what, got.dtype, expected.dtype, got.shape, expected.shape)
        np.testing.assert_allclose(got, expected, rtol=tol, atol=tol, err_msg=what)
    elif isinstance(expected, float):
        assert got == pytest.approx(expected, rel=tol, abs=tol), what
    else:
        assert got == expected, (what, got, expected)


def _both(backend, program, *args):
    import torch
    expected = _values(program(torch, *args))
    with ivy.using_backend(backend):
        if backend == "numpy":
            with pytest.raises(NotImplementedError, match="numpy"):
                program(ft, *args)
            return
        got = _values(program(ft, *args))
    _same(got, expected, program.__name__)


@pytest.mark.parametrize("fn, arrays", COMPOSITIONS, ids=[f.__name__[1:] for f, _ in COMPOSITIONS])
def test_gradients_of_compositions(backend, fn, arrays):
    def program(T, *arrays):
        leaves = [leaf(T, a) for a in arrays]
        loss = fn(T, *leaves)
        loss.backward()
        return [loss] + [t.grad for t in leaves]
    _both(backend, program, *arrays)


# ---- autograd API semantics ----------------------------------------------------------------------
def accumulation_and_flags(T):
    w = leaf(T, A)
    x = T.tensor(B)
    (w @ x).sum().backward()
    first = w.grad.clone()
    (w * w).sum().backward()
    y = w * 2
    flags = [w.is_leaf, y.is_leaf, y.requires_grad, x.requires_grad, y.grad_fn is not None,
             w.grad_fn is None, w.detach().requires_grad, y.detach().is_leaf]
    with T.no_grad():
        z = w * 2
        flags += [z.requires_grad, T.is_grad_enabled()]
    with T.enable_grad():
        flags.append((w * 2).requires_grad)
    with T.inference_mode():
        flags += [(w + 1).requires_grad, T.is_inference_mode_enabled()]
    T.set_grad_enabled(False)
    flags.append((w + 1).requires_grad)
    T.set_grad_enabled(True)
    flags.append((w + 1).requires_grad)

    @T.no_grad()
    def decorated(t):
        return t * 3
    flags.append(decorated(w).requires_grad)
    w.grad = None
    (w.sum() * 3).backward()
    return [first, w.grad, flags]


def retain_and_second_backward(T):
    w = leaf(T, V)
    y = (w.exp() * w).sum()
    y.backward(retain_graph=True)
    y.backward()
    g = w.grad.clone()
    z = (w.sin() * 2).sum()
    z.backward()
    try:
        z.backward()
        err = None
    except RuntimeError as e:
        err = "second time" in str(e)
    return [g, w.grad, err]


def higher_order(T):
    x = leaf(T, V)
    y = (x ** 3).sum()
    (g,) = T.autograd.grad(y, x, create_graph=True)
    (h,) = T.autograd.grad(g.sum(), x, create_graph=True)
    (third,) = T.autograd.grad((h * x).sum(), x)
    # a gradient penalty (WGAN-GP style): the parameter gets the gradient of the gradient's norm
    w = leaf(T, A)
    inp = T.tensor(B[:, :3].T.copy(), requires_grad=True)
    out = (inp @ w.t()).tanh().sum()
    (gi,) = T.autograd.grad(out, inp, create_graph=True)
    penalty = ((gi.norm(2, dim=1) - 1) ** 2).mean()
    penalty.backward()
    return [g, h, third, w.grad, penalty]


def grad_options(T):
    x, y = leaf(T, V), leaf(T, A)
    out = (x * 2).sum()
    got = list(T.autograd.grad(out, [x, y], allow_unused=True, retain_graph=True))
    mat = list(T.autograd.grad(out, [x, y], materialize_grads=True, retain_graph=True))
    vec = list(T.autograd.grad(x * x, x, grad_outputs=T.ones(6) * 0.5))
    errors = []
    try:
        T.autograd.grad(out, [x, y])
    except RuntimeError as e:
        errors.append("allow_unused" in str(e))
    try:
        (x * 2).backward()
    except RuntimeError as e:
        errors.append("scalar outputs" in str(e))
    try:
        T.tensor(V).sum().backward()
    except RuntimeError as e:
        errors.append("does not require grad" in str(e))
    try:
        T.tensor([1, 2]).requires_grad_()
    except RuntimeError as e:
        errors.append("floating point" in str(e))
    try:
        x.add_(1)
    except RuntimeError as e:
        errors.append("in-place" in str(e))
    with T.no_grad():
        x.add_(1)           # allowed outside grad mode; x stays a leaf that requires grad
    errors += [x.requires_grad, x.is_leaf]
    (x * x).sum().backward(inputs=[x])
    return [got, mat, vec, errors, x.grad]


def hooks(T):
    x = leaf(T, V)
    seen = []
    handle = x.register_hook(lambda g: g * 2)
    y = x * 3
    y.retain_grad()
    y.register_hook(lambda g: seen.append(g.clone()))
    (y * y).sum().backward()
    first = x.grad.clone()
    handle.remove()
    x.grad = None
    (x * 5).sum().backward()
    return [first, y.grad, seen, x.grad, y.retains_grad, x.retains_grad]


def custom_function(T):
    class Cube(T.autograd.Function):
        @staticmethod
        def forward(ctx, x, scale):
            ctx.save_for_backward(x)
            ctx.scale = scale
            return x ** 3 * scale

        @staticmethod
        def backward(ctx, grad):
            (x,) = ctx.saved_tensors
            assert ctx.needs_input_grad == (True, False)
            return grad * 3 * x ** 2 * ctx.scale, None

    class Split(T.autograd.Function):     # new style: setup_context, two outputs
        @staticmethod
        def forward(x):
            return x * 2, x.exp()

        @staticmethod
        def setup_context(ctx, inputs, output):
            ctx.save_for_backward(output[1])

        @staticmethod
        def backward(ctx, g1, g2):
            (e,) = ctx.saved_tensors
            return g1 * 2 + g2 * e

    class Sigmoid(T.autograd.Function):   # backward computes with the saved output
        @staticmethod
        def forward(ctx, x):
            out = x.sigmoid()
            ctx.save_for_backward(out)
            return out

        @staticmethod
        def backward(ctx, g):
            (out,) = ctx.saved_tensors
            return g * out * (1 - out)

    x = leaf(T, V)
    y = Cube.apply(x, 0.5)
    a, b = Split.apply(y)
    (a.sum() + b.sum()).backward()
    # a second derivative through the saved output (it is a function of x)
    (first,) = T.autograd.grad(Sigmoid.apply(x).sum(), x, create_graph=True)
    (second,) = T.autograd.grad(first.sum(), x)
    return [y, a, b, x.grad, y.requires_grad, first, second]


def functional(T):
    AF = T.autograd.functional
    f = lambda x, y: (x.sin() * y[:3]).sum(0, keepdim=True) * x[:2].sum()   # noqa: E731
    x, y = T.tensor(V[:3].copy()), T.tensor(V[1:5].copy())
    jac = AF.jacobian(f, (x, y))
    hes = AF.hessian(lambda x: (x.exp() * x).sum() + (x[0] * x[1]) ** 2, x)
    out, vj = AF.vjp(lambda x: x ** 2 + x.sin(), x, T.ones(3))
    out2, jv = AF.jvp(lambda x: x.cumsum(0) * x, x, T.tensor([1.0, 0.5, -1.0]))
    out3, hv = AF.hvp(lambda x: (x ** 3).sum(), x, T.ones(3))
    return [list(jac), hes, out, vj, out2, jv, out3, hv]


def optimizer_loop(T):
    T.manual_seed(0)
    w, b = leaf(T, A), leaf(T, V[:3].copy())
    opt = T.optim.Adam([w, b], lr=0.05)
    x = T.tensor(B)
    losses = []
    for _ in range(4):
        opt.zero_grad()
        loss = ((w @ x).tanh().sum(1) + b).pow(2).mean()
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return [losses, w, b, w.is_leaf, w.requires_grad]


PROGRAMS = [accumulation_and_flags, retain_and_second_backward, higher_order, grad_options, hooks,
            custom_function, functional, optimizer_loop]


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.__name__ for p in PROGRAMS])
def test_autograd_api_matches_torch(backend, program):
    _both(backend, program)


def test_forward_works_on_numpy_and_backward_says_why():
    with ivy.using_backend("numpy"):
        w = ft.nn.Linear(3, 2)
        assert w.weight.requires_grad
        loss = w(ft.ones(4, 3)).sum()
        with pytest.raises(NotImplementedError, match="numpy backend has no automatic"):
            loss.backward()
