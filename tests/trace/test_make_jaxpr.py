"""``jax.make_jaxpr`` in the jax frontend (a listing of ``ivy.trace_graph``'s recording) against
real ``jax.make_jaxpr`` on every backend: the same input and output avals (shape, dtype, weak
type), the same number of outputs, the same constants, the same ``return_shape`` structure and
the same listing header (constvars; invars). Equations are ivy's core calls, not JAX's
primitives, so their names and count are not compared, and calls on constants only are folded
into constvars (documented deviations)."""
import numpy as np
import pytest

import ivy
import ivy.frontends.jax as fjax

jax = pytest.importorskip("jax")

RNG = np.random.default_rng(0)
X = RNG.standard_normal(3).astype(np.float32)
M = RNG.standard_normal((4, 3)).astype(np.float32)
C = np.arange(3, dtype=np.float32)


def _header(closed):
    return str(closed).split(". let")[0]


def _avals(avals):
    return [(tuple(a.shape), np.dtype(a.dtype).name, bool(a.weak_type)) for a in avals]


def _both(build, args, **kw):
    """(ours, real): ``jax.make_jaxpr(build(jax))(*args(jax))`` on the frontend and real JAX,
    both in JAX's default x64-off mode."""
    with jax.enable_x64(False), fjax.enable_x64(False):
        real = jax.make_jaxpr(build(jax), **kw)(*args(jax))
        ours = fjax.make_jaxpr(build(fjax), **kw)(*args(fjax))
    return ours, real


def _same_structure(ours, real):
    if isinstance(real, tuple):            # return_shape=True
        (ours, o_shape), (real, r_shape) = ours, real
        o_leaves, o_def = fjax.tree_util.tree_flatten(o_shape)
        r_leaves, r_def = jax.tree_util.tree_flatten(r_shape)
        assert str(o_def).replace("PyTreeDef", "") == str(r_def).replace("PyTreeDef", "")
        assert [(tuple(s.shape), np.dtype(s.dtype).name) for s in o_leaves] == \
            [(tuple(s.shape), np.dtype(s.dtype).name) for s in r_leaves]
    assert _avals(ours.in_avals) == _avals(real.in_avals)
    assert _avals(ours.out_avals) == _avals(real.out_avals)
    assert len(ours.jaxpr.outvars) == len(real.jaxpr.outvars)
    assert len(ours.jaxpr.invars) == len(real.jaxpr.invars)
    # calls on constants only (jnp.zeros(n)) are folded into constvars: more consts than JAX's
    assert len(ours.consts) >= len(real.consts)
    if len(ours.consts) == len(real.consts):
        assert _header(ours) == _header(real)
        for a, b in zip(ours.consts, real.consts):
            np.testing.assert_array_equal(np.asarray(a), np.asarray(b))
    text = str(ours)
    assert text.startswith("{ lambda ") and text.rstrip().endswith("}")
    for eqn in ours.eqns:          # every equation's outputs are typed, and listed
        assert all(v.aval is None or len(v.aval.shape) >= 0 for v in eqn.outvars)
        assert eqn.primitive.name in text


CASES = {
    "elementwise_and_reduction": (
        lambda j: lambda x, y: (j.numpy.sin(x) * y + 2.0, x.sum()),
        lambda j: (j.numpy.asarray(X), j.numpy.asarray(X[::-1].copy()))),
    "closed_over_constant": (
        lambda j: (lambda c: lambda x: x + c)(j.numpy.asarray(C)),
        lambda j: (j.numpy.asarray(X),)),
    "python_scalar_is_weak": (
        lambda j: lambda x, s: x * s,
        lambda j: (j.numpy.asarray(X), 2)),
    "pytrees_in_and_out": (
        lambda j: lambda p, x: {"h": j.numpy.tanh(x @ p["w"] + p["b"]), "n": [x.shape[0], x]},
        lambda j: ({"w": j.numpy.asarray(M.T.copy()), "b": j.numpy.zeros(4, j.numpy.float32)},
                   j.numpy.asarray(M))),
    "int_and_bool_dtypes": (
        lambda j: lambda i: (i * 2, i > 1, j.numpy.argmax(i)),
        lambda j: (j.numpy.arange(5),)),
    "identity_and_constant_output": (
        lambda j: lambda x: (x, j.numpy.float32(1.5)),
        lambda j: (j.numpy.asarray(X),)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_structure_equals_real_jax(backend, name):
    build, args = CASES[name]
    with ivy.using_backend(backend):
        _same_structure(*_both(build, args))


def test_static_argnums_and_return_shape(backend):
    with ivy.using_backend(backend):
        ours, real = _both(lambda j: lambda x, n: (x * n, j.numpy.zeros(n)),
                           lambda j: (j.numpy.asarray(X), 3), static_argnums=1,
                           return_shape=True)
        _same_structure(ours, real)
        assert "3" in str(ours[0])        # the static value is baked in, as in JAX


def test_shape_dtype_struct_arguments(backend):
    with ivy.using_backend(backend):
        _same_structure(*_both(lambda j: lambda x: j.numpy.cos(x).mean(axis=0),
                               lambda j: (j.ShapeDtypeStruct((4, 3), j.numpy.float32),)))


@pytest.mark.parametrize("transform", ["grad", "value_and_grad", "vmap"])
def test_transforms_are_one_equation_with_a_nested_jaxpr(backend, transform):
    if backend == "numpy" and transform != "vmap":
        pytest.skip("the numpy backend has no autodiff")

    def build(j):
        f = (lambda x: j.numpy.dot(x, x)) if transform == "vmap" else \
            (lambda x: (j.numpy.sin(x) ** 2).sum())
        return getattr(j, transform)(f)
    with ivy.using_backend(backend):
        ours, real = _both(build, lambda j: (j.numpy.asarray(M if transform == "vmap" else X),))
        _same_structure(ours, real)
        [eqn] = ours.eqns
        # jax.grad is the core's value_and_grad with the value dropped (an unused output: _)
        assert eqn.primitive.name == ("vmap" if transform == "vmap" else "value_and_grad")
        assert "fun={ lambda ; " in str(ours)


def test_branch_on_traced_value_raises_jax_error(backend):
    def f(x):
        return x if x.sum() > 0 else -x
    with ivy.using_backend(backend):
        with pytest.raises(jax.errors.TracerBoolConversionError):
            jax.make_jaxpr(f)(jax.numpy.asarray(X))
        with pytest.raises(fjax.errors.TracerBoolConversionError):
            fjax.make_jaxpr(f)(fjax.numpy.asarray(X))


def test_axis_env_is_refused():
    with pytest.raises(NotImplementedError, match="axis_env"):
        fjax.make_jaxpr(lambda x: x, axis_env=[("i", 2)])
