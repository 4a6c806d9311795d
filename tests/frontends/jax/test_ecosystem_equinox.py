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
import importlib

import pytest

import ivy
from tests.frontends.jax._ecosystem import assert_same, hooked, real_x64_off

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
    return real_x64_off(equinox_program)


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


# ---- the JAX internals equinox imports, each against real JAX ------------------------------------

def _sub(jax, name):
    return importlib.import_module(f"{jax.__name__}.{name}")


def equinox_internals(jax):
    """What equinox declares or calls beyond JAX's public API, on ``jax`` (real or the
    frontend); a flat list."""
    jnp = jax.numpy
    xc, ad, mlir = _sub(jax, "extend.core"), _sub(jax, "interpreters.ad"), \
        _sub(jax, "interpreters.mlir")
    cd, stages = _sub(jax, "custom_derivatives"), _sub(jax, "stages")

    twice = xc.Primitive("twice")                 # a library's own primitive, run by its impl
    twice.def_impl(lambda x: x * 2)
    twice.def_abstract_eval(lambda x: x)
    ad.primitive_jvps[twice] = lambda primals, tangents: (twice.bind(*primals), tangents[0] * 2)
    mlir.register_lowering(twice, mlir.lower_fun(lambda x: x * 2, multiple_results=False))
    aval = _sub(jax, "core").ShapedArray((3, 4), jnp.float32)
    zero = ad.instantiate_zeros(ad.Zero(aval))

    @jax.custom_vjp
    def mul(x, y):
        return x * y

    def mul_fwd(x, y):
        assert isinstance(x, cd.CustomVJPPrimal)     # symbolic_zeros=True: fwd sees these
        return mul(x.value, y.value), (x.value, y.value)

    def mul_bwd(res, g):
        return g * res[1], None                      # None: a zero cotangent

    mul.defvjp(mul_fwd, mul_bwd, symbolic_zeros=True)
    x, y = jnp.arange(3.0), jnp.array([2.0, -1.0, 0.5])
    grad_mul = jax.grad(lambda x, y: mul(x, y).sum(), argnums=(0, 1))(x, y)

    @jax.custom_jvp
    def cube(x):
        return x ** 3

    cube.defjvp(lambda p, t: (cube(p[0]), 3 * p[0] ** 2 * t[0]), symbolic_zeros=True)
    callback = _sub(jax, "experimental").io_callback(
        lambda v: v * 2, jax.ShapeDtypeStruct((3,), jnp.float32), x)
    return [twice.bind(jnp.ones(2)), twice.multiple_results, repr(twice), zero,
            ad.is_undefined_primal(ad.UndefinedPrimal(aval)), ad.is_undefined_primal(x),
            xc.mapped_aval(3, 0, aval).shape, xc.unmapped_aval(5, 1, aval).shape,
            *grad_mul, jax.grad(lambda v: cube(v).sum())(x), callback,
            [isinstance(x, t) for t in (stages.Wrapped, stages.Lowered, stages.Compiled,
                                        stages.Traced, xc.Jaxpr, xc.ClosedJaxpr, xc.Var,
                                        xc.Literal, xc.JaxprEqn, ad.JVPTracer, cd.SymbolicZero)],
            isinstance(jax.lax.stop_gradient_p, xc.Primitive),
            isinstance(cd.custom_jvp_call_p, xc.Primitive)]


def test_equinox_internals_match_real_jax(backend):
    import jax
    import ivy.frontends.jax as fjax
    want = real_x64_off(equinox_internals, jax)
    with ivy.using_backend(backend), fjax.enable_x64(False):
        if backend == "numpy":              # the gradients need differentiation
            with pytest.raises(NotImplementedError, match="numpy backend"):
                equinox_internals(fjax)
            return
        got = equinox_internals(fjax)
    assert_same(got, want)


def test_custom_primitive_inside_a_trace_raises(backend):
    """ivy applies no primitive rules: a library primitive bound under jit raises instead of
    running its impl where JAX would apply a (batching, lowering...) rule."""
    import ivy.frontends.jax as fjax
    from ivy.frontends.jax.extend.core import Primitive
    p = Primitive("twice")
    p.def_impl(lambda x: x * 2)
    with ivy.using_backend(backend), fjax.enable_x64(False):
        with pytest.raises(NotImplementedError, match="'twice' bound inside a jit/vmap trace"):
            fjax.jit(p.bind)(fjax.numpy.ones(2))
        with pytest.raises(NotImplementedError, match="ivy makes no JVP tracers|no jaxprs"):
            _sub(fjax, "extend.core").ClosedJaxpr()
