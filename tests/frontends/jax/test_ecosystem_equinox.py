"""equinox 0.13 running on ivy's jax frontend through the import hook, compared with the same
program on real JAX in the same test.

The program is written once against ``import jax`` / ``import equinox``: an ``eqx.Module``
holding ``eqx.nn.MLP``, ``eqx.nn.Linear`` and ``eqx.nn.GRUCell`` (run over time by
``lax.scan``, over the batch by ``jax.vmap``), edited with ``eqx.tree_at``, split by
``eqx.partition``/``combine``, evaluated by ``eqx.filter_jit`` and ``jax.eval_shape``,
differentiated by ``eqx.filter_grad`` and trained a few plain-SGD steps inside ``filter_jit``
with ``eqx.filter_value_and_grad``. Real JAX runs it once per module; each backend then runs it
with the frontend installed as ``jax`` (equinox and jaxtyping imported afresh): parameter paths,
initial parameters (``jax.random``'s threefry), loss, gradients, losses and trained parameters
must match at float32 tolerance (x64 off, JAX's default).
"""
import pytest

from tests.frontends.jax._ecosystem import assert_same, hooked

pytest.importorskip("equinox")

STEPS = 2
PACKAGES = ("equinox", "jaxtyping")


def equinox_program(train=True):
    """Runs the program on whatever ``jax`` and ``equinox`` import now; a flat list of results."""
    import jax
    import jax.numpy as jnp
    import equinox as eqx

    class Model(eqx.Module):
        mlp: eqx.nn.MLP
        lin: eqx.nn.Linear
        cell: eqx.nn.GRUCell

        def __init__(self, key):
            a, b, c = jax.random.split(key, 3)
            self.mlp = eqx.nn.MLP(3, 4, width_size=8, depth=2, key=a)
            self.lin = eqx.nn.Linear(4, 1, key=b)
            self.cell = eqx.nn.GRUCell(3, 4, key=c)

        def __call__(self, xs):                    # xs: (time, 3)
            def step(h, x):
                return self.cell(x, h), None
            h, _ = jax.lax.scan(step, jnp.zeros(4), xs)
            return self.lin(jax.nn.tanh(self.mlp(xs[-1]) + h))

    k_model, k_x, k_y = jax.random.split(jax.random.PRNGKey(0), 3)
    model = Model(k_model)
    model = eqx.tree_at(lambda m: m.lin.bias, model, jnp.full((1,), 0.5))
    xs = jax.random.normal(k_x, (6, 5, 3))
    ys = jax.random.normal(k_y, (6, 1))
    params, static = eqx.partition(model, eqx.is_inexact_array)
    out = jax.tree_util.tree_leaves(params)
    paths = [jax.tree_util.keystr(p) for p, _ in jax.tree_util.tree_flatten_with_path(params)[0]]

    def loss(model, xs, ys):
        return jnp.mean((jax.vmap(model)(xs) - ys) ** 2)

    out.append(eqx.filter_jit(loss)(model, xs, ys))
    shapes = jax.eval_shape(model, xs[0])
    out = paths + [shapes.shape, str(shapes.dtype)] + out
    if not train:
        return out
    out += jax.tree_util.tree_leaves(eqx.filter_grad(loss)(model, xs, ys))

    @eqx.filter_jit
    def sgd_step(model, xs, ys):
        value, grads = eqx.filter_value_and_grad(loss)(model, xs, ys)
        params, static = eqx.partition(model, eqx.is_inexact_array)
        params = jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params,
                                        eqx.filter(grads, eqx.is_inexact_array))
        return value, eqx.combine(params, static)

    for _ in range(STEPS):
        value, model = sgd_step(model, xs, ys)
        out.append(value)
    return out + jax.tree_util.tree_leaves(eqx.filter(model, eqx.is_array))



@pytest.fixture(scope="module")
def expected():
    return equinox_program()


def test_equinox_matches_real_jax(backend, expected):
    with hooked(backend, PACKAGES):
        if backend == "numpy":      # no differentiation there: the forward part only
            got = equinox_program(train=False)
            assert_same(got, expected[:len(got)])
            with pytest.raises(NotImplementedError, match="numpy backend"):
                equinox_program()
            return
        got = equinox_program()
    assert_same(got, expected)
