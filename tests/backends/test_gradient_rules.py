"""The backends' own derivative rules (custom jvp/gradient definitions for the Bessel functions,
the 2-norm's zero-vector subgradient, exactly rounded log2/log10) against torch's autograd, on
every differentiating backend. Found by ``tools/mutation.py``: a rule off by a factor, or an
output detached from the graph, passed every sampled row."""
import numpy as np
import pytest

X = np.array([-1.5, -0.25, 0.0, 0.5, 2.0, 3.0])
POS = np.array([0.25, 0.5, 1.0, 2.0, 8.0, 3.0])

# name: (ivy function of x, torch function of x, input)
CASES = {
    "i0": (lambda xp, x: xp.i0(x), lambda t, x: t.special.i0(x), X),
    "i1": (lambda xp, x: xp.i1(x), lambda t, x: t.special.i1(x), X),
    "i0e": (lambda xp, x: xp.i0e(x), lambda t, x: t.special.i0e(x), X),
    "i1e": (lambda xp, x: xp.i1e(x), lambda t, x: t.special.i1e(x), X),
    "log2": (lambda xp, x: xp.log2(x), lambda t, x: t.log2(x), POS),
    "log10": (lambda xp, x: xp.log10(x), lambda t, x: t.log10(x), POS),
    "vector_norm": (lambda xp, x: xp.linalg.vector_norm(x), lambda t, x: t.linalg.vector_norm(x), X),
    "vector_norm-zero": (lambda xp, x: xp.linalg.vector_norm(x * 0),
                         lambda t, x: t.linalg.vector_norm(x * 0), X),
    "vector_norm-axis": (lambda xp, x: xp.linalg.vector_norm(xp.reshape(x, (2, 3)), axis=1),
                         lambda t, x: t.linalg.vector_norm(x.reshape(2, 3), dim=1), X),
    "matrix_norm-fro": (lambda xp, x: xp.linalg.matrix_norm(xp.reshape(x, (2, 3))),
                        lambda t, x: t.linalg.matrix_norm(x.reshape(2, 3)), X),
}


@pytest.mark.parametrize("name", list(CASES))
def test_gradient_matches_torch(xp, backend, name):
    import torch
    if backend == "numpy":
        pytest.skip("the numpy backend does not differentiate")
    ours, theirs, x = CASES[name]
    t = torch.tensor(x, requires_grad=True)
    theirs(torch, t).sum().backward()
    got = xp.grad(lambda v: xp.sum(ours(xp, v)))(xp.asarray(x))
    np.testing.assert_allclose(xp.to_numpy(got), t.grad.numpy(), rtol=1e-7, atol=1e-12,
                               err_msg=f"d/dx {name} on {backend}")
