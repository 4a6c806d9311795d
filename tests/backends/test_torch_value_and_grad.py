"""The torch backend's ``value_and_grad`` takes one ``torch.autograd.grad`` on fresh leaves where
nothing outside differentiates through the call, and ``torch.func.grad`` otherwise: both paths
give the same values, gradients and ``requires_grad`` flags (``torch.func`` is the reference,
forced by disabling the plain path), in every situation that picks one or the other."""
import pytest

torch = pytest.importorskip("torch")

from ivy.backends.torch import transforms as T  # noqa: E402
from ivy.core import tree  # noqa: E402

X = torch.randn(3, 4, dtype=torch.float64, generator=torch.Generator().manual_seed(0))
W = torch.randn(4, dtype=torch.float64, generator=torch.Generator().manual_seed(1))
Z = torch.randn(3, dtype=torch.complex128, generator=torch.Generator().manual_seed(2))


def _run(plain, fun, *args, argnums=0, has_aux=False, monkeypatch):
    if not plain:
        monkeypatch.setattr(T, "_plain_grad", lambda *a: None)
    try:
        return T.value_and_grad(fun, argnums, has_aux)(*args)
    finally:
        monkeypatch.undo()


def _same(a, b):
    la, da = tree.flatten(a)
    lb, db = tree.flatten(b)
    assert da == db
    for x, y in zip(la, lb):
        if isinstance(x, torch.Tensor):
            assert x.dtype == y.dtype and x.shape == y.shape
            torch.testing.assert_close(x, y, rtol=0, atol=0)
            assert x.requires_grad == y.requires_grad
        else:
            assert x == y


CASES = {
    "tuple_argnums": (lambda a, b: (a @ b).sin().sum(), (X, W), (0, 1), False),
    "has_aux": (lambda a, b: ((a @ b).sin().sum(), {"m": a.mean(), "s": "text"}), (X, W), 0,
                True),
    "dict_tree": (lambda p: (p["a"] * p["b"][0]).sum(), ({"a": W, "b": [W * 2]},), 0, False),
    "complex_input": (lambda c: (c * c.conj()).real.sum() + (c.abs() ** 3).sum(), (Z,), 0,
                      False),
    "constant_output": (lambda a: torch.tensor(3.0, dtype=torch.float64), (X,), 0, False),
    "unused_input": (lambda a, b: (a[:, 0] * 2).sum(), (X, W), (0, 1), False),
    "nested_grad": (lambda a: T.grad(lambda y: (y ** 3).sum())(a).sum(), (W,), 0, False),
    "vmap_of_grad": (lambda a: T.vmap(T.grad(lambda y: (y.sin() * y).sum()))(a).sum(), (X,), 0,
                     False),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_plain_path_equals_torch_func(name, monkeypatch):
    fun, args, argnums, has_aux = CASES[name]
    _same(_run(True, fun, *args, argnums=argnums, has_aux=has_aux, monkeypatch=monkeypatch),
          _run(False, fun, *args, argnums=argnums, has_aux=has_aux, monkeypatch=monkeypatch))


def test_closed_over_tensor_that_requires_grad(monkeypatch):
    """Torch's autograd outside still differentiates through the call (value and gradients)."""
    v = W.clone().requires_grad_()

    def outer(plain):
        value, g = _run(plain, lambda a: (a * v).tanh().sum(), X[0], monkeypatch=monkeypatch)
        return (torch.autograd.grad(value + (g ** 2).sum(), v)[0], value, g)
    got, want = outer(True), outer(False)
    torch.testing.assert_close(got[0], want[0])
    _same(got[1:], want[1:])
    assert got[1].requires_grad and got[2].requires_grad
    with torch.no_grad():          # nothing outside records: detached, as torch.func gives
        _same(_run(True, lambda a: (a * v).tanh().sum(), X[0], monkeypatch=monkeypatch),
              _run(False, lambda a: (a * v).tanh().sum(), X[0], monkeypatch=monkeypatch))


def test_leaf_on_a_graph_and_inference_mode(monkeypatch):
    leaf = W.clone().requires_grad_()
    value, g = T.value_and_grad(lambda a: (a ** 3).sum())(leaf)
    torch.testing.assert_close(torch.autograd.grad(g.sum(), leaf)[0], 6 * W)
    with torch.inference_mode():
        inference = W.clone()
        _same(_run(True, lambda a: (a * a).sum(), W, monkeypatch=monkeypatch),
              _run(False, lambda a: (a * a).sum(), W, monkeypatch=monkeypatch))
    got = T.value_and_grad(lambda a: (a * a).sum())(inference)
    torch.testing.assert_close(got[1], 2 * W)
