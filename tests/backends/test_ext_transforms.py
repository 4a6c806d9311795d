"""Area `transforms`: grad/value_and_grad/vjp/jvp/jacobians/vmap/jit/stop_gradient/checkpoint on
every backend against jax's own transforms, run at test time on the same function written with
jax.numpy.

Each function under test is written once against a namespace ``m``: ``m = ivy`` (the backend's core
functions, selected by the ``xp`` fixture) or ``m = jax.numpy`` (the reference).
"""
import numpy as np
import pytest

import ivy
from ivy.core import tree
from ivy.core.errors import IvyNotImplementedError

from .reference import assert_close, to_backend, to_numpy

COVERED = {"grad", "value_and_grad", "vjp", "jvp", "jacrev", "jacfwd", "hessian", "vmap", "jit",
           "checkpoint", "stop_gradient", "custom_vjp", "custom_jvp"}

AUTODIFF = ("torch", "jax", "tensorflow")


# ---- reference plumbing ------------------------------------------------------------------------

_REFERENCE = {}


def jax_ref(fn, *args, key=None):
    """``fn(jax, jax.numpy, *args)`` with 64-bit types, numpy arrays in, numpy trees out. With a
    ``key`` the result is computed once per session (every backend compares with the same one)."""
    if key is not None:
        if key not in _REFERENCE:
            _REFERENCE[key] = jax_ref(fn, *args)
        return _REFERENCE[key]
    import jax
    import jax.numpy as jnp
    with jax.enable_x64(True):
        out = fn(jax, jnp, *tree.tree_map(jnp.asarray, args))
        return tree.tree_map(lambda a: np.asarray(a) if isinstance(a, jax.Array) else a, out)


def numpy_tree(xp, obj):
    leaves, treedef = tree.flatten(obj)
    return tree.unflatten(treedef, [to_numpy(xp, x) for x in leaves])


def assert_tree_close(xp, got, expected, **kw):
    """Same pytree structure, each leaf close (dtype, shape, values) to the reference's."""
    g_leaves, g_def = tree.flatten(numpy_tree(xp, got))
    e_leaves, e_def = tree.flatten(expected)
    assert g_def == e_def, f"structure {g_def} differs from {e_def}"
    for i, (g, e) in enumerate(zip(g_leaves, e_leaves)):
        assert_close(g, e, where=f"leaf {i}", **kw)


def needs_autodiff(backend):
    if backend not in AUTODIFF:
        pytest.skip("numpy has no autodiff (checked by test_numpy_has_no_autodiff)")


# ---- functions under test, one body for ivy and jax.numpy ---------------------------------------

def poly(m, x):
    return m.add(m.subtract(m.multiply(x, m.multiply(x, x)), m.multiply(2.0, m.multiply(x, x))), x)


def sin_exp(m, x):
    return m.multiply(m.sin(x), m.exp(x))


def mlp_loss(m, params, x, y):
    h = m.tanh(m.add(m.matmul(x, params["w1"]), params["b1"]))
    out = m.add(m.matmul(h, params["w2"]), params["b2"])
    return m.sum(m.square(m.subtract(out, y)))


SCALAR_FUNS = {"poly": poly, "sin_exp": sin_exp}
RNG = np.random.default_rng(0)
X0 = np.array(0.7)
XS = np.array([0.3, -1.2, 2.0])
PARAMS = {"w1": RNG.normal(size=(3, 4)), "b1": RNG.normal(size=(4,)),
          "w2": RNG.normal(size=(4, 2)), "b2": RNG.normal(size=(2,))}
BATCH_X, BATCH_Y = RNG.normal(size=(5, 3)), RNG.normal(size=(5, 2))


# ---- the acceptance criteria: grad of grad, vmap of grad -----------------------------------------

@pytest.mark.parametrize("name", sorted(SCALAR_FUNS))
def test_grad_of_grad(xp, backend, name):
    needs_autodiff(backend)
    f = SCALAR_FUNS[name]
    got = ivy.grad(ivy.grad(lambda x: f(ivy, x)))(xp.asarray(X0))
    expected = jax_ref(lambda jax, jnp, x: jax.grad(jax.grad(lambda t: f(jnp, t)))(x), X0,
                       key=f"d2 {name}")
    assert_tree_close(xp, got, expected)


@pytest.mark.parametrize("name", sorted(SCALAR_FUNS))
def test_vmap_of_grad(xp, backend, name):
    needs_autodiff(backend)
    f = SCALAR_FUNS[name]
    got = ivy.vmap(ivy.grad(lambda x: f(ivy, x)))(xp.asarray(XS))
    expected = jax_ref(lambda jax, jnp, x: jax.vmap(jax.grad(lambda t: f(jnp, t)))(x), XS,
                       key=f"vmap grad {name}")
    assert_tree_close(xp, got, expected)


def test_mlp_per_example_gradients(xp, backend):
    needs_autodiff(backend)
    args = (PARAMS, BATCH_X[:, None, :], BATCH_Y[:, None, :])

    def per_example(m, grad, vmap):
        return vmap(grad(lambda p, x, y: mlp_loss(m, p, x, y)), in_axes=(None, 0, 0))

    got = per_example(ivy, ivy.grad, ivy.vmap)(*to_backend(xp, args))
    expected = jax_ref(lambda jax, jnp, *a: per_example(jnp, jax.grad, jax.vmap)(*a), *args,
                       key="mlp per example")
    assert_tree_close(xp, got, expected)
    # the batch gradient equals the sum of the per-example ones, and grad of grad works on a pytree
    full = ivy.grad(lambda p: mlp_loss(ivy, p, xp.asarray(BATCH_X), xp.asarray(BATCH_Y)))(
        to_backend(xp, PARAMS))
    summed = {k: v.sum(axis=0) for k, v in expected.items()}
    assert_tree_close(xp, full, summed)


# ---- value_and_grad, vjp, jvp, jacobians --------------------------------------------------------

def test_value_and_grad_argnums_has_aux(xp, backend):
    needs_autodiff(backend)

    def loss(m, p, x, y):
        return mlp_loss(m, p, x, y), {"scale": m.sum(x), "none": None}

    args = (PARAMS, BATCH_X, BATCH_Y)
    for argnums in (0, (0, 1), (2, 0), -1):
        got = ivy.value_and_grad(lambda *a: loss(ivy, *a), argnums=argnums, has_aux=True)(
            *to_backend(xp, args))
        expected = jax_ref(lambda jax, jnp, *a: jax.value_and_grad(
            lambda *b: loss(jnp, *b), argnums=argnums, has_aux=True)(*a), *args,
            key=f"vg {argnums}")
        assert_tree_close(xp, got, expected)
    got = ivy.grad(lambda *a: loss(ivy, *a), argnums=(1,), has_aux=True)(*to_backend(xp, args))
    expected = jax_ref(lambda jax, jnp, *a: jax.grad(
        lambda *b: loss(jnp, *b), argnums=(1,), has_aux=True)(*a), *args, key="grad aux")
    assert_tree_close(xp, got, expected)


def test_vjp_and_jvp(xp, backend):
    needs_autodiff(backend)

    def f(m, d, x):
        return {"a": m.multiply(m.sin(d["u"]), x), "b": (m.exp(x), None)}

    primals = ({"u": XS, "v": None}, XS[::-1].copy())
    ct = {"a": np.array([1.0, 2.0, -1.0]), "b": (np.array([0.5, 0.0, 3.0]), None)}
    tangents = ({"u": np.array([1.0, -1.0, 0.5]), "v": None}, np.array([0.1, 0.2, 0.3]))

    out, vjp_fn = ivy.vjp(lambda *a: f(ivy, *a), *to_backend(xp, primals))
    got = (out, vjp_fn(to_backend(xp, ct)))
    expected = jax_ref(lambda jax, jnp, p, c: (lambda o, fn: (o, fn(c)))(
        *jax.vjp(lambda *a: f(jnp, *a), *p)), primals, ct, key="vjp")
    assert_tree_close(xp, got, expected)

    got = ivy.jvp(lambda *a: f(ivy, *a), to_backend(xp, primals), to_backend(xp, tangents))
    expected = jax_ref(lambda jax, jnp, p, t: jax.jvp(lambda *a: f(jnp, *a), p, t),
                       primals, tangents, key="jvp")
    assert_tree_close(xp, got, expected)

    # has_aux, and reverse over forward (grad of a jvp): a Hessian-vector product
    got = ivy.vjp(lambda x: (ivy.sin(x), ivy.cos(x)), xp.asarray(XS), has_aux=True)
    assert len(got) == 3
    assert_tree_close(xp, got[2], np.cos(XS))
    hvp = ivy.grad(lambda x: ivy.sum(ivy.jvp(lambda t: ivy.sum(sin_exp(ivy, t)), (x,),
                                              (xp.asarray(XS),))[1]))(xp.asarray(XS))
    expected = jax_ref(lambda jax, jnp, x: jax.grad(lambda s: jax.jvp(
        lambda t: jnp.sum(sin_exp(jnp, t)), (s,), (x,))[1])(x), XS, key="hvp")
    assert_tree_close(xp, hvp, expected)


def test_jacobians_and_hessian(xp, backend):
    needs_autodiff(backend)

    def f(m, x, y):
        return {"p": m.multiply(m.sin(x), y[0]), "q": m.sum(m.multiply(x, x))}

    args = (XS, np.array([2.0, 3.0]))
    for name in ("jacrev", "jacfwd"):
        for argnums in (0, (0, 1)):
            got = getattr(ivy, name)(lambda *a: f(ivy, *a), argnums=argnums)(*to_backend(xp, args))
            expected = jax_ref(lambda jax, jnp, *a: getattr(jax, name)(
                lambda *b: f(jnp, *b), argnums=argnums)(*a), *args, key=f"{name} {argnums}")
            assert_tree_close(xp, got, expected)
    got = ivy.hessian(lambda x: ivy.sum(sin_exp(ivy, x)))(xp.asarray(XS))
    expected = jax_ref(lambda jax, jnp, x: jax.hessian(lambda t: jnp.sum(sin_exp(jnp, t)))(x), XS,
                       key="hessian")
    assert_tree_close(xp, got, expected)


def test_grad_errors_like_jax(xp, backend):
    needs_autodiff(backend)
    with pytest.raises(TypeError, match="scalar-output"):
        ivy.grad(lambda x: ivy.sin(x))(xp.asarray(XS))
    with pytest.raises(TypeError, match="real- or complex-valued inputs"):
        ivy.grad(lambda x: ivy.sum(x))(xp.asarray(np.arange(3)))
    with pytest.raises(TypeError, match="argnums"):
        ivy.grad(lambda x: ivy.sum(x), argnums=2)(xp.asarray(XS))


def test_stop_gradient(xp, backend):
    tree_in = {"a": xp.asarray(XS), "b": (None, xp.asarray(X0))}
    assert_tree_close(xp, ivy.stop_gradient(tree_in), {"a": XS, "b": (None, X0)})
    if backend not in AUTODIFF:
        return
    got = ivy.grad(lambda x: ivy.sum(ivy.multiply(ivy.stop_gradient(x), x)))(xp.asarray(XS))
    assert_tree_close(xp, got, XS)           # d/dx [sg(x) * x] = sg(x)
    got = ivy.grad(lambda x: ivy.sum(ivy.stop_gradient({"k": ivy.sin(x)})["k"]))(xp.asarray(XS))
    assert_tree_close(xp, got, np.zeros(3))


def test_checkpoint(xp, backend):
    needs_autodiff(backend)
    f = ivy.checkpoint(lambda x: ivy.sum(sin_exp(ivy, x)))
    expected = jax_ref(lambda jax, jnp, x: jax.grad(
        jax.checkpoint(lambda t: jnp.sum(sin_exp(jnp, t))))(x), XS, key="checkpoint")
    assert_tree_close(xp, ivy.grad(f)(xp.asarray(XS)), expected)


def _custom_pair(m, custom_vjp, custom_jvp):
    """f: sin with a vjp rule of 3*cos*g (two inputs, the second's cotangent None); h: a
    two-output function with a jvp rule deliberately unlike its derivative."""
    def fun(x, y):
        return (m.multiply(m.sin(x), y),)

    def fwd(x, y):
        return fun(x, y), (m.cos(x), y)

    def bwd(res, cts):
        return (m.multiply(m.multiply(m.multiply(res[0], 3.0), res[1]), cts[0]), None)

    def two(x):
        return (m.exp(x), m.multiply(x, 2.0))

    def rule(primals, tangents):
        x, t = primals[0], tangents[0]
        return two(x), (m.multiply(m.multiply(x, 5.0), t), m.multiply(t, -1.0))
    return custom_vjp(fun, fwd, bwd), custom_jvp(two, rule)


def _custom_program(m, grad, vmap, custom_vjp, custom_jvp, x, y):
    f, h = _custom_pair(m, custom_vjp, custom_jvp)
    loss_f = lambda x: m.sum(f(x, y)[0])                                     # noqa: E731
    loss_h = lambda x: m.add(m.sum(h(x)[0]), m.sum(m.multiply(h(x)[1], h(x)[1])))  # noqa: E731
    return (f(x, y)[0], h(x), grad(loss_f)(x), grad(loss_h)(x), vmap(grad(loss_h))(x),
            grad(grad(lambda s: m.sum(h(s)[0])))(x[0]))


def test_custom_rules(xp, backend):
    if backend == "numpy":      # the functions themselves; nothing differentiates them
        f, h = _custom_pair(ivy, ivy.custom_vjp, ivy.custom_jvp)
        got = (f(xp.asarray(XS), xp.asarray(XS))[0], h(xp.asarray(XS)))
        expected = jax_ref(lambda jax, jnp, x: (jnp.sin(x) * x, (jnp.exp(x), x * 2.0)), XS)
        assert_tree_close(xp, got, expected)
        return
    got = _custom_program(ivy, ivy.grad, ivy.vmap, ivy.custom_vjp, ivy.custom_jvp,
                          xp.asarray(XS), xp.asarray(XS))

    def reference(jax, jnp, x, y):
        def custom_vjp(fun, fwd, bwd):
            f = jax.custom_vjp(fun)
            f.defvjp(fwd, bwd)
            return f

        def custom_jvp(fun, rule):
            f = jax.custom_jvp(fun)
            f.defjvp(rule)
            return f
        return _custom_program(jnp, jax.grad, jax.vmap, custom_vjp, custom_jvp, x, y)
    assert_tree_close(xp, got, jax_ref(reference, XS, XS, key="custom rules"))
    # forward mode: the jvp rule where the backend can apply it; jvp of a custom_vjp is an error
    f, h = _custom_pair(ivy, ivy.custom_vjp, ivy.custom_jvp)
    x = xp.asarray(XS)
    with pytest.raises(TypeError):
        ivy.jvp(lambda x: f(x, x), (x,), (ivy.ones_like(x),))
    if backend == "tensorflow":
        with pytest.raises(IvyNotImplementedError, match="ForwardAccumulator"):
            ivy.jvp(h, (x,), (ivy.ones_like(x),))
    else:
        tangents = ivy.jvp(h, (x,), (ivy.ones_like(x),))[1]
        assert_tree_close(xp, tangents, (XS * 5.0, -np.ones(3)))


def test_numpy_has_no_autodiff(backend):
    if backend != "numpy":
        pytest.skip("numpy only")
    with ivy.using_backend("numpy"):
        for name in ("grad", "value_and_grad", "jacrev", "jacfwd", "hessian"):
            with pytest.raises(IvyNotImplementedError, match="differentiation is not available"):
                getattr(ivy, name)(lambda x: x)(np.ones(()))
        with pytest.raises(IvyNotImplementedError, match="differentiation is not available"):
            ivy.vjp(lambda x: x, np.ones(()))
        with pytest.raises(IvyNotImplementedError, match="differentiation is not available"):
            ivy.jvp(lambda x: x, (np.ones(()),), (np.ones(()),))


# ---- vmap and jit on every backend ---------------------------------------------------------------

_VMAP_DATA = (RNG.normal(size=(3, 4)), RNG.normal(size=(4,)), RNG.normal(size=(3,)))


def _vmap_cases():
    def f(m, a, d):
        return {"s": m.multiply(a, d["w"]), "t": (m.sum(d["w"]), m.sin(a))}
    mat, vec, other = _VMAP_DATA
    return [
        # (in_axes, out_axes, args)
        (0, 0, (mat, {"w": mat})),
        ((0, {"w": None}), 0, (mat, {"w": vec})),
        ((1, {"w": 0}), {"s": 1, "t": (0, 1)}, (mat.T.copy(), {"w": mat})),
        ([None, {"w": 1}], {"s": -1, "t": (None, 0)}, (vec, {"w": mat.T.copy()})),
        ((-1, None), {"s": 0, "t": (0, 1)}, (mat, {"w": other})),
    ], f


def test_vmap_axes(xp, backend):
    cases, f = _vmap_cases()
    for in_axes, out_axes, args in cases:
        if isinstance(out_axes, dict) and out_axes.get("t") == (None, 0):
            def ivy_f(a, d):
                return {"s": f(ivy, a, d)["s"], "t": (ivy.sum(a), ivy.sin(d["w"]))}

            def jax_f(m):
                return lambda a, d: {"s": f(m, a, d)["s"], "t": (m.sum(a), m.sin(d["w"]))}
        else:
            ivy_f = lambda a, d: f(ivy, a, d)  # noqa: E731
            jax_f = lambda m: lambda a, d: f(m, a, d)  # noqa: E731
        got = ivy.vmap(ivy_f, in_axes=in_axes, out_axes=out_axes)(*to_backend(xp, args))
        expected = jax_ref(lambda jax, jnp, *a: jax.vmap(jax_f(jnp), in_axes=in_axes,
                                                         out_axes=out_axes)(*a), *args,
                           key=f"vmap {in_axes} {out_axes}")
        assert_tree_close(xp, got, expected)


def test_vmap_nested_and_errors(xp, backend):
    mat = RNG.normal(size=(2, 3))
    got = ivy.vmap(ivy.vmap(lambda a, b: ivy.multiply(a, b), in_axes=(0, None)),
                   in_axes=(None, 0))(xp.asarray(XS), xp.asarray(mat))
    assert_tree_close(xp, got, XS[None, :, None] * mat[:, None, :])
    if backend in ("numpy", "tensorflow"):     # untraceable body: tensorflow loops instead
        got = ivy.vmap(lambda a: ivy.multiply(a, float(ivy.to_numpy(a))))(xp.asarray(XS))
        assert_tree_close(xp, got, XS * XS)
    with pytest.raises(ValueError, match="inconsistent sizes"):
        ivy.vmap(lambda a, b: ivy.add(a, b))(xp.asarray(XS), xp.asarray(mat))
    with pytest.raises(ValueError, match="at least one non-None"):
        ivy.vmap(lambda a: a, in_axes=None)(xp.asarray(XS))


def test_jit_same_results(xp, backend):
    f = lambda p, x, y: mlp_loss(ivy, p, x, y)  # noqa: E731
    args = to_backend(xp, (PARAMS, BATCH_X, BATCH_Y))
    expected = numpy_tree(xp, f(*args))
    jitted = ivy.jit(f)
    assert_tree_close(xp, jitted(*args), expected)
    assert_tree_close(xp, jitted(*args), expected)      # cached
    g = ivy.jit(lambda x, n: {"y": ivy.multiply(x, float(n)), "z": None}, static_argnums=(1,))
    assert_tree_close(xp, g(xp.asarray(XS), 3), {"y": XS * 3.0, "z": None})
    if backend in AUTODIFF:
        got = ivy.jit(ivy.grad(lambda x: ivy.sum(sin_exp(ivy, x))))(xp.asarray(XS))
        expected = jax_ref(lambda jax, jnp, x: jax.grad(lambda t: jnp.sum(sin_exp(jnp, t)))(x), XS,
                           key="grad sin_exp")
        assert_tree_close(xp, got, expected)


# ---- late dispatch: no backend selected ---------------------------------------------------------

def test_late_dispatch_without_backend(backend):
    ivy.unset_backend()
    ns = ivy.backend_namespace(backend)

    def native(a):                      # a float64 array made as a user would (jax: x64 on)
        if ns.scope is None:
            return ns.asarray(a)
        with ns.scope():
            return ns.asarray(a)
    x = native(X0)
    f = lambda t: sin_exp(ivy, t)  # noqa: E731
    if backend not in AUTODIFF:
        with pytest.raises(IvyNotImplementedError):
            ivy.grad(f)(x)
        got = ivy.vmap(f)(native(XS))
        assert_close(ivy.to_numpy(got), np.sin(XS) * np.exp(XS))
        return
    d2 = ivy.grad(ivy.grad(f))(x)
    assert type(d2) is type(x) or ivy.is_native_array(d2)
    expected = jax_ref(lambda jax, jnp, t: jax.grad(jax.grad(lambda s: sin_exp(jnp, s)))(t), X0,
                       key="d2 sin_exp")
    assert_close(ivy.to_numpy(d2), expected)
    per_example = ivy.vmap(ivy.grad(f))(native(XS))
    expected = jax_ref(lambda jax, jnp, t: jax.vmap(jax.grad(lambda s: sin_exp(jnp, s)))(t), XS,
                       key="vmap grad sin_exp")
    assert_close(ivy.to_numpy(per_example), expected)
    out, vjp_fn = ivy.vjp(f, x)                       # arrays in the call: inferred at once
    assert_close(ivy.to_numpy(vjp_fn(native(1.0))[0]),
                 jax_ref(lambda jax, jnp, t: jax.grad(lambda s: sin_exp(jnp, s))(t), X0,
                         key="grad sin_exp at X0"))
    assert ivy.selected_backend() is None


def test_complex_and_keyword_conventions(xp, backend):
    """Complex gradients are JAX's (the conjugate of torch's and TF's); vmap maps keyword arguments
    along axis 0."""
    z = np.array([1.0 + 2.0j, -0.5 + 0.25j])
    got = ivy.vmap(lambda a, *, b: ivy.multiply(a, b))(xp.asarray(XS), b=xp.asarray(XS))
    assert_tree_close(xp, got, XS * XS)
    if backend not in AUTODIFF:
        return

    def f(m, t):
        return m.sum(m.real(m.multiply(m.multiply(t, m.conj(t)), m.sin(m.real(t)))))

    got = ivy.grad(lambda t: f(ivy, t))(xp.asarray(z))
    expected = jax_ref(lambda jax, jnp, t: jax.grad(lambda s: f(jnp, s))(t), z, key="complex grad")
    assert_tree_close(xp, got, expected)
    ct = np.array([0.5 - 1.0j, 2.0 + 0.0j])
    out, vjp_fn = ivy.vjp(lambda t: ivy.multiply(ivy.sin(t), t), xp.asarray(z))
    expected = jax_ref(lambda jax, jnp, t, c: jax.vjp(lambda s: jnp.sin(s) * s, t)[1](c), z, ct,
                       key="complex vjp")
    assert_tree_close(xp, vjp_fn(xp.asarray(ct)), expected)
