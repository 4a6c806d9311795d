"""einops 0.8.2 on the frontends, as users run it: through the import hook.

einops finds a tensor's framework in ``sys.modules`` and imports it in its own modules, so each
program runs on a fresh import of einops -- once against the real framework, once with ivy's
frontend hooked in on the backend under test -- and the two runs must give the same values
(and dtypes): ``rearrange/reduce/repeat/pack/unpack/einsum/parse_shape`` on torch tensors with
their gradients, a model of ``einops.layers.torch`` layers (``Rearrange``, ``Reduce``, ``EinMix``)
trained by Adam for a few steps from the same seed (same losses and parameters), and
``rearrange/reduce/repeat/pack/unpack/einsum`` on jax (also under ``jit``, ``vmap`` and ``grad``)
and numpy arrays.
"""
import contextlib
import importlib
import sys
import warnings

import numpy as np
import pytest

import ivy
from ivy import frontends

pytest.importorskip("einops")


def _einops_modules():
    return {n: m for n, m in sys.modules.items() if n == "einops" or n.startswith("einops.")}


@contextlib.contextmanager
def fresh_einops(framework, backend=None):
    """(framework module, einops) of a fresh einops import: against the real framework
    (``backend`` None) or with the frontend of ``framework`` hooked in on ``backend``."""
    saved = _einops_modules()
    for name in saved:
        del sys.modules[name]
    try:
        if backend is None:
            yield importlib.import_module(framework), importlib.import_module("einops")
        else:
            with ivy.using_backend(backend):
                module = frontends.install(framework)
                try:
                    yield module, importlib.import_module("einops")
                finally:
                    frontends.uninstall(framework)
    finally:
        for name in _einops_modules():
            del sys.modules[name]
        sys.modules.update(saved)


def _numpy(framework, value, frontend):
    """Arrays to numpy; with ``frontend``, every array must be the frontend's."""
    if isinstance(value, (list, tuple)):
        return type(value)(_numpy(framework, v, frontend) for v in value)
    if isinstance(value, dict):
        return {k: _numpy(framework, v, frontend) for k, v in value.items()}
    if hasattr(value, "shape") and hasattr(value, "dtype"):
        hook = importlib.import_module(f"ivy.frontends.{framework}._conformance")
        ours = isinstance(value, hook.ARRAY_TYPES)
        # (einops.asnumpy gives a real numpy array on both sides)
        assert ours == frontend or isinstance(value, np.ndarray) and framework != "numpy", \
            f"{type(value)} from the {'frontend' if frontend else 'real'} run"
        if ours:
            return np.asarray(hook.to_numpy(value))
        return value.detach().numpy() if hasattr(value, "detach") else np.asarray(value)
    return value


def _same(want, got, path="result", rtol=1e-5, atol=1e-5):
    if isinstance(want, np.ndarray):
        assert isinstance(got, np.ndarray), f"{path}: real gives an array, frontend {got!r}"
        assert got.dtype == want.dtype and got.shape == want.shape, \
            f"{path}: real {want.dtype}{want.shape}, frontend {got.dtype}{got.shape}"
        np.testing.assert_allclose(got, want, rtol=rtol, atol=atol, err_msg=path)
    elif isinstance(want, (list, tuple)):
        assert type(got) is type(want) and len(got) == len(want), f"{path}: {want!r} vs {got!r}"
        for i, (w, g) in enumerate(zip(want, got)):
            _same(w, g, f"{path}[{i}]", rtol, atol)
    elif isinstance(want, dict):
        assert got.keys() == want.keys(), f"{path}: {want!r} vs {got!r}"
        for k in want:
            _same(want[k], got[k], f"{path}[{k!r}]", rtol, atol)
    elif isinstance(want, float):
        assert type(got) is float and got == pytest.approx(want, rel=rtol, abs=atol), \
            f"{path}: real {want!r}, frontend {got!r}"
    else:
        assert got == want and type(got) is type(want), f"{path}: real {want!r}, frontend {got!r}"


def _error(fn):
    try:
        fn()
    except Exception as e:          # noqa: BLE001 -- the exception is the outcome
        return type(e).__name__, str(e).splitlines()[0]
    return None


# ---- torch ------------------------------------------------------------------------------------
def _x(torch):
    return torch.arange(2 * 3 * 4 * 6, dtype=torch.float32).reshape(2, 3, 4, 6).div(7).sin()


def torch_functions(torch, einops):
    x = _x(torch)
    out = {
        "flatten": einops.rearrange(x, "b c h w -> b (h w) c"),
        "split": einops.rearrange(x, "b c (h1 h2) w -> b h1 c h2 w", h1=2),
        "list": einops.rearrange([x[0], x[1]], "n c h w -> n h w c"),
        "ellipsis": einops.rearrange(x, "b ... w -> w b ..."),
        "pool": einops.reduce(x, "b c (h h2) (w w2) -> b c h w", "max", h2=2, w2=3),
        "min": einops.reduce(x, "b c h w -> c", "min"),
        "sum": einops.reduce(x, "b c h w -> b 1 w", "sum"),
        "prod": einops.reduce(x, "b c h w -> b h", "prod"),
        "int_sum": einops.reduce(torch.arange(12).reshape(3, 4), "a b -> b", "sum"),
        "any": einops.reduce(x > 0.5, "b c h w -> b c", "any"),
        "repeat": einops.repeat(x[0, 0], "h w -> h w r", r=3),
        "upsample": einops.repeat(x, "b c h w -> b c (h 2) (w k)", k=2),
        "einsum": einops.einsum(x, x[:, :, 0], "b c h w, b c w -> b h"),
        "shape": einops.parse_shape(x, "b c _ w"),
        "asnumpy": einops.asnumpy(x[0, 0]),
        "bad_pattern": _error(lambda: einops.rearrange(x, "b c h -> c b h")),
        "bad_length": _error(lambda: einops.rearrange(x, "b c (h h2) w -> b c h h2 w", h2=5)),
    }
    packed, shapes = einops.pack([x, x[:, 0], x[0, 0, 0]], "* w")
    out["pack"] = [packed, [tuple(s) for s in shapes]]
    out["unpack"] = einops.unpack(packed, shapes, "* w")
    return out


def torch_more(torch, einops):
    """Other dtypes, a callable reduction, three operands, einops' errors, writes through a view."""
    x = torch.arange(24).reshape(2, 3, 4)
    f = x.float()
    out = {
        "callable": einops.reduce(f, "a b c -> a", lambda t, axes: t.logsumexp(dim=axes)),
        "int_mean": _error(lambda: einops.reduce(x, "a b c -> a", "mean")),
        "int_max": einops.reduce(x, "a b c -> c", "max"),
        "bool": einops.rearrange(x > 3, "a b c -> (a c) b"),
        "half": einops.reduce(f.half(), "a b c -> a b", "mean"),
        "bfloat16": einops.rearrange(f.bfloat16(), "a b c -> c b a").float(),
        "float64": einops.repeat(f.double()[0], "b c -> b c 2"),
        "einsum3": einops.einsum(f, f, f[0], "a b c, a b d, b e -> a c d e"),
        "anonymous": einops.reduce(f, "a (b 1) (c 2) -> a c", "sum"),
        "new_axis": _error(lambda: einops.repeat(f, "a b c -> a b c d")),
        "bad_reduction": _error(lambda: einops.reduce(f, "a b c -> a", "median")),
        "bad_unpack": _error(lambda: einops.unpack(f, [(2,), (3,)], "* c")),
    }
    y = torch.zeros(2, 6)
    view = einops.rearrange(y, "a (b c) -> a b c", b=2)
    view[0, 1, 2] = 5
    out["written"] = y
    return out


def torch_gradients(torch, einops):
    """Gradients through rearrange (a view), reduce (max pooling, mean), repeat and einsum."""
    x = _x(torch).requires_grad_()
    flat = einops.rearrange(x, "b c h w -> b (h w) c")
    pooled = einops.reduce(x, "b c (h h2) (w w2) -> b c h w", "max", h2=2, w2=3)
    tiled = einops.repeat(pooled, "b c h w -> b c (h 2) w k", k=2)
    mixed = einops.einsum(x, x[:, :, 0], "b c h w, b c w -> b h")
    loss = (einops.reduce(flat, "b hw c -> c", "mean") * tiled.sum(dim=(0, 2, 3, 4))).sum() \
        + mixed.pow(2).sum()
    loss.backward()
    return [loss, x.grad]


def torch_model(torch, einops, train=True):
    """A small convnet-free image model of einops layers, trained by Adam from torch's seed."""
    import einops.layers.torch as layers
    nn = torch.nn
    torch.manual_seed(0)
    model = nn.Sequential(
        layers.Rearrange("b c h w -> b h w c"),
        layers.EinMix("b h w c -> b h w d", weight_shape="c d", bias_shape="d", c=3, d=6),
        nn.GELU(),
        layers.EinMix("b (h h2) (w w2) d -> b h w e", weight_shape="h2 w2 d e", bias_shape="e",
                      h2=2, w2=2, d=6, e=5),
        layers.Reduce("b h w e -> b e", "max"),
        nn.Linear(5, 3),
    )
    assert all(isinstance(m, torch.nn.Module) for m in model)
    x = torch.randn(8, 3, 4, 6)
    y = torch.randint(0, 3, (8,))
    if not train:
        with torch.no_grad():
            return [model(x)] + [p.detach().clone() for p in model.parameters()]
    opt = torch.optim.Adam(model.parameters(), lr=0.05)
    losses = []
    for _ in range(3):
        opt.zero_grad()
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return [losses] + [p.detach().clone() for p in model.parameters()]


@contextlib.contextmanager
def _default_mode(framework):
    """Real JAX and the frontend in JAX's default mode, x64 off (another module's fixture may
    hold either flag on)."""
    if framework != "jax":
        yield
        return
    import jax

    import ivy.frontends.jax as fjax
    with jax.enable_x64(False), fjax.enable_x64(False):
        yield


def _compare(framework, program, backend, **kwargs):
    """Same values, and the same warnings from einops' import and the program."""
    with warnings.catch_warnings(record=True) as want_warnings:
        warnings.simplefilter("always")
        with fresh_einops(framework) as (real, einops), _default_mode(framework):
            want = _numpy(framework, program(real, einops, **kwargs), False)
    with warnings.catch_warnings(record=True) as got_warnings:
        warnings.simplefilter("always")
        with fresh_einops(framework, backend) as (ours, einops), _default_mode(framework):
            assert sys.modules[framework] is ours
            got = _numpy(framework, program(ours, einops, **kwargs), True)
    _same(want, got)
    # (einops checks ``torch.__version__ >= "2.8"``: as text, "2.13.0" < "2.8" and it warned)
    assert [(w.category, str(w.message)) for w in got_warnings] == \
        [(w.category, str(w.message)) for w in want_warnings]


def test_einops_functions_on_torch(backend):
    _compare("torch", torch_functions, backend)


def test_einops_more_on_torch(backend):
    _compare("torch", torch_more, backend)


def test_einops_gradients_on_torch(backend):
    if backend == "numpy":
        pytest.skip("the numpy backend has no autograd")
    _compare("torch", torch_gradients, backend)


def test_einops_layers_train_like_torch(backend):
    """Same initialization (EinMix draws with uniform_, Linear with kaiming), same losses and
    parameters after three Adam steps; the numpy backend (no autograd) checks the forward."""
    _compare("torch", torch_model, backend, train=backend != "numpy")


# ---- jax and numpy -----------------------------------------------------------------------------
def array_functions(xp, einops, grad=None):
    x = xp.reshape(xp.arange(2 * 3 * 4, dtype=xp.float32), (2, 3, 4)) / 5
    out = [
        einops.rearrange(x, "a b c -> c (a b)"),
        einops.rearrange(x, "a b (c1 c2) -> a c1 b c2", c2=2),
        einops.reduce(x, "a b c -> a c", "mean"),
        einops.reduce(x, "a (b 1) (c c2) -> a c", "max", c2=2),
        einops.reduce(xp.reshape(xp.arange(6), (2, 3)), "a b -> b", "sum"),
        einops.repeat(x, "a b c -> a (b r) c", r=2),
        einops.repeat(x[0, 0], "c -> n c", n=3),
        _error(lambda: einops.rearrange(x, "a b -> b a")),
        einops.reduce(x, "a b c -> c", "prod"),
        einops.reduce(x > 1, "a b c -> a", "all"),
        einops.einsum(x, x, "a b c, a d c -> a b d"),
    ]
    packed, shapes = einops.pack([x, x[0]], "* c")
    out += [packed, einops.unpack(packed, shapes, "* c")]
    if grad is not None:
        out.append(grad(lambda v: einops.reduce(einops.repeat(v, "a b c -> a b c r", r=2) ** 2,
                                                "a b c r -> ", "sum"))(x))
    return out


def _jax_program(jax, einops):
    x = jax.numpy.linspace(-1, 1, 24).reshape(2, 3, 4)
    pooled = jax.jit(lambda v: einops.reduce(einops.rearrange(v, "a b (c d) -> a c b d", d=2),
                                             "a c b d -> a c", "max"))
    tiled = jax.vmap(lambda v: einops.repeat(v, "b c -> c b r", r=2))
    return array_functions(jax.numpy, einops, jax.grad) + [pooled(x), tiled(x)]


def test_einops_on_jax(backend):
    if backend == "numpy":
        _compare("jax", lambda jax, einops: array_functions(jax.numpy, einops), backend)
    else:
        _compare("jax", _jax_program, backend)


def test_einops_on_numpy(backend):
    _compare("numpy", array_functions, backend)
