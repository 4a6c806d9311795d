"""Area `control`: cond/switch/while_loop/fori_loop/scan/map on every backend against jax.lax, run
at test time on the same bodies written with jax.numpy; inside grad, vmap and jit where the backend
has them (tensorflow's traced paths: tf.cond, tf.switch_case, tf.while_loop, TensorArray scan).

Each body is written once against a namespace ``m`` and a control namespace ``lax``: (ivy, ivy) on
the backend under test, (jax.numpy, jax.lax) for the reference.
"""
import numpy as np
import pytest

import ivy

from .test_ext_transforms import AUTODIFF, assert_tree_close, jax_ref, to_backend

COVERED = {"cond", "switch", "while_loop", "fori_loop", "scan", "map"}

RNG = np.random.default_rng(1)
X = np.array([0.5, -1.0, 2.0])
XS = RNG.normal(size=(4, 3))


def run_cond(m, lax, x, pred):
    return lax.cond(pred, lambda a, b: {"s": m.sin(a), "b": (b, None)},
                    lambda a, b: {"s": m.cos(a), "b": (m.negative(b), None)}, x, m.exp(x))


def run_switch(m, lax, x, index):
    return lax.switch(index, [lambda a: m.sin(a), lambda a: m.cos(a), lambda a: m.exp(a)], x)


def run_while(m, lax, x):
    return lax.while_loop(lambda c: m.less(c[0], 5),
                          lambda c: (m.add(c[0], 1), {"v": m.multiply(c[1]["v"], 1.5)}),
                          (0, {"v": x}))


def run_fori(m, lax, x):
    return lax.fori_loop(1, 4, lambda i, c: (m.add(c[0], m.multiply(m.sin(c[0]), c[1])), c[1]),
                         (x, m.multiply(x, 0.5)))


def scan_body(m):
    def f(carry, x):
        c, k = carry
        new = m.add(m.multiply(c, m.cos(x["a"])), x["b"])
        return (new, m.add(k, 1)), {"y": m.multiply(new, c), "none": None}
    return f


def run_scan(m, lax, x, xs, reverse=False):
    return lax.scan(scan_body(m), (x, 0), {"a": xs, "b": m.sin(xs)}, reverse=reverse)


def run_scan_length(m, lax, x):
    return lax.scan(lambda c, _: (m.multiply(c, 0.9), m.sum(c)), x, None, length=3)


def run_map(m, lax, xs):
    return lax.map(lambda r: {"n": m.sum(m.square(r)), "t": m.tanh(r)}, xs)


def _check(xp, key, fn, *args):
    """``fn(ivy, ivy, *args)`` on the backend against ``fn(jnp, lax, *args)`` on jax."""
    got = fn(ivy, ivy, *to_backend(xp, args))
    expected = jax_ref(lambda jax, jnp, *a: fn(jnp, jax.lax, *a), *args, key=key)
    assert_tree_close(xp, got, expected)


def test_cond(xp):
    for pred in (True, np.array(False), np.array(3), np.array(0.0)):
        p = pred if isinstance(pred, bool) else xp.asarray(pred)
        got = run_cond(ivy, ivy, xp.asarray(X), p)
        expected = jax_ref(lambda jax, jnp, x: run_cond(jnp, jax.lax, x, pred), X,
                           key=f"cond {pred!r}")
        assert_tree_close(xp, got, expected)
    with pytest.raises(TypeError, match="scalar"):
        ivy.cond(xp.asarray([True, False]), lambda: 0, lambda: 1)


def test_switch(xp):
    for index in (-2, 1, 9, np.array(-5), np.array(2)):
        i = index if isinstance(index, int) else xp.asarray(index)
        got = run_switch(ivy, ivy, xp.asarray(X), i)
        expected = jax_ref(lambda jax, jnp, x: run_switch(jnp, jax.lax, x, index), X,
                           key=f"switch {index!r}")
        assert_tree_close(xp, got, expected)


def test_while_loop(xp):
    _check(xp, "while", run_while, X)


def test_fori_loop(xp):
    _check(xp, "fori", run_fori, X)
    got = ivy.fori_loop(0, 3, lambda i, c: ivy.add(c, i), xp.asarray(np.array(0)))
    assert_tree_close(xp, got, np.array(3))           # i is an int64 array, as jax's


def test_scan(xp):
    for reverse in (False, True):
        _check(xp, f"scan {reverse}", lambda m, lax, x, xs: run_scan(m, lax, x, xs, reverse),
               X, XS)
    _check(xp, "scan length", run_scan_length, X)
    with pytest.raises(TypeError, match="same pytree structure"):
        ivy.scan(lambda c, x: ((c, c), x), xp.asarray(X), xp.asarray(XS))
    with pytest.raises(ValueError, match="disagrees"):
        ivy.scan(lambda c, x: (c, x), xp.asarray(X), xp.asarray(XS), length=2)


def test_map(xp):
    _check(xp, "map", run_map, XS)


def test_control_inside_grad(xp, backend):
    if backend not in AUTODIFF:
        pytest.skip("numpy has no autodiff")

    def loss(m, lax, x, xs):
        c = run_fori(m, lax, x)[0]
        (carry, _), ys = run_scan(m, lax, c, xs)
        w = m.multiply(carry, 2.0)        # jax cannot reverse-differentiate while_loop
        return m.sum(m.add(lax.cond(m.greater(m.sum(x), 0.0), lambda a: m.sin(a),
                                    lambda a: m.cos(a), w), ys["y"][1]))

    got = ivy.grad(lambda x: loss(ivy, ivy, x, xp.asarray(XS)))(xp.asarray(X))
    expected = jax_ref(lambda jax, jnp, x, xs: jax.grad(lambda t: loss(jnp, jax.lax, t, xs))(x),
                       X, XS, key="grad")
    assert_tree_close(xp, got, expected)


def test_control_inside_vmap_and_jit(xp, backend):
    def per_example(m, lax, x):
        a = lax.cond(m.greater(x, 0.0), lambda t: m.sin(t), lambda t: m.cos(t), x)
        b = lax.switch(m.astype(m.clip(m.abs(x), 0.0, 2.0), "int64"),
                       [lambda t: t, lambda t: m.exp(t), lambda t: m.negative(t)], a)
        return lax.fori_loop(0, 2, lambda i, c: m.multiply(c, 1.5), b)

    got = ivy.vmap(lambda x: per_example(ivy, ivy, x))(xp.asarray(X))
    expected = jax_ref(lambda jax, jnp, x: jax.vmap(lambda t: per_example(jnp, jax.lax, t))(x), X,
                       key="vmap")
    assert_tree_close(xp, got, expected)

    def traced(m, lax, x, xs):
        return (run_while(m, lax, x), run_fori(m, lax, x), run_scan(m, lax, x, xs, True),
                run_map(m, lax, xs), run_cond(m, lax, x, m.greater(m.sum(x), 0.0)),
                run_switch(m, lax, x, m.astype(m.sum(m.abs(x)), "int64")))

    got = ivy.jit(lambda x, xs: traced(ivy, ivy, x, xs))(xp.asarray(X), xp.asarray(XS))
    expected = jax_ref(lambda jax, jnp, x, xs: traced(jnp, jax.lax, x, xs), X, XS, key="jit")
    assert_tree_close(xp, got, expected)
