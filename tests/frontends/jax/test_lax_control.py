"""jax.lax control flow, reductions with computations, reduce_window, gather/scatter and the
collectives vs real JAX (x64 on). Each check is a function of a ``jax`` module run once on real
JAX and once on the frontend (so ``lax.add`` passed as a computation is each side's own)."""
import numpy as np
import pytest

import ivy
from tests.conformance.adapters import FRONTENDS, REAL
from tests.conformance.compare import canonical, mismatches

_RNG = np.random.default_rng(1)
X = _RNG.uniform(-3, 3, (2, 3))
XI = _RNG.integers(-5, 5, (2, 3))
IMG = _RNG.uniform(-3, 3, (1, 2, 5, 5))
V7 = _RNG.uniform(-3, 3, (7,))


def _side(adapter, jax_module, build):
    try:
        return canonical(adapter, build(jax_module, jax_module.lax, jax_module.numpy)), None
    except Exception as e:  # noqa: BLE001 - the error is the result compared
        return None, e


_REAL_RESULTS = {}


def _real_jax():
    return REAL["jax"].jax


def check(backend, build, rtol=None, xfail=None):
    """``build(jax, lax, jnp)`` on real JAX and on the frontend over ``backend``: same results
    (dtypes, weak types, values) or same exception type."""
    real_adapter, front = REAL["jax"], FRONTENDS["jax"]
    if build not in _REAL_RESULTS:      # real JAX retraces the lambdas on every call: once only
        with real_adapter.scope():
            _REAL_RESULTS[build] = _side(real_adapter, _real_jax(), build)
    real, real_err = _REAL_RESULTS[build]
    from ivy.frontends import jax as fjax
    with ivy.using_backend(backend), front.adapter.scope():
        got, got_err = _side(front.adapter, fjax, build)
    if real_err is not None:
        assert got_err is not None, f"real raised {real_err!r}, the frontend returned {got!r}"
        assert isinstance(got_err, type(real_err)), \
            f"real raised {real_err!r}, frontend {got_err!r}"
        return
    if got_err is not None:
        raise AssertionError(f"the frontend raised {got_err!r}") from got_err
    found = mismatches(real, got, "out", rtol)
    assert not found, "\n".join(found)


CASES = {
    # ---- control flow -------------------------------------------------------------------
    "cond": lambda j, lax, jnp: lax.cond(True, lambda a: a + 1, lambda a: a - 1, 1.0),
    "cond-array": lambda j, lax, jnp: lax.cond(jnp.asarray(X)[0, 0] > 0, lambda a, b: (a * 2, b),
                                               lambda a, b: (a, b + 1), jnp.asarray(X),
                                               jnp.asarray(XI)),
    "cond-false-int-pred": lambda j, lax, jnp: lax.cond(0, lambda: jnp.asarray(X),
                                                        lambda: lax.neg(jnp.asarray(X))),
    "cond-bad-pred": lambda j, lax, jnp: lax.cond(jnp.asarray([True, False]), lambda a: a,
                                                  lambda a: a, 1.0),
    "switch": lambda j, lax, jnp: [lax.switch(i, [lambda a: a, lambda a: a * 2, lax.neg],
                                              jnp.asarray(X)) for i in (-1, 1, 5)],
    "switch-float-index": lambda j, lax, jnp: lax.switch(1.0, [lambda a: a], 3.0),
    "while_loop": lambda j, lax, jnp: lax.while_loop(lambda c: c[0] < 5,
                                                     lambda c: (c[0] + 1, c[1] * 2.0),
                                                     (0, jnp.asarray(X))),
    "while_loop-weak": lambda j, lax, jnp: lax.while_loop(lambda c: c < 3, lambda c: c + 1, 0),
    "fori_loop": lambda j, lax, jnp: lax.fori_loop(0, 4, lambda i, c: c + i * jnp.asarray(X),
                                                   jnp.asarray(X)),
    "fori_loop-weak": lambda j, lax, jnp: lax.fori_loop(1, 3, lambda i, c: c + i, 0.5),
    "scan": lambda j, lax, jnp: lax.scan(lambda c, x: (c + x, c * x), jnp.zeros(3),
                                         jnp.asarray(X)),
    "scan-reverse": lambda j, lax, jnp: lax.scan(lambda c, x: (c + x.sum(), {"y": x * c}), 0.0,
                                                 jnp.asarray(X), reverse=True, unroll=2),
    "scan-length": lambda j, lax, jnp: lax.scan(lambda c, x: (c * 2, c), 1.5, None, length=3),
    "map": lambda j, lax, jnp: lax.map(lambda x: (x.sum(), x * 2), jnp.asarray(X)),
    "map-batch-size": lambda j, lax, jnp: lax.map(lambda x: x * 2, jnp.asarray(X), batch_size=1),
    "associative_scan-reverse": lambda j, lax, jnp: lax.associative_scan(
        jnp.maximum, jnp.asarray(V7), reverse=True),
    "associative_scan-tree": lambda j, lax, jnp: lax.associative_scan(
        lambda a, b: (a[0] + b[0], a[1] * b[1]), (jnp.asarray(X), jnp.asarray(X)), axis=0),
    # ---- collectives outside a mapped axis ----------------------------------------------
    "psum-unbound": lambda j, lax, jnp: lax.psum(jnp.asarray(X), "i"),
    "psum-no-axes": lambda j, lax, jnp: [f(jnp.asarray(X), ()) for f in (lax.psum, lax.pmean,
                                                                          lax.pmax, lax.pmin)],
    "all_gather-unbound": lambda j, lax, jnp: lax.all_gather(jnp.asarray(X), "i"),
    "axis_index-unbound": lambda j, lax, jnp: lax.axis_index("i"),
    "axis_size-unbound": lambda j, lax, jnp: lax.axis_size("i"),
    "stop_gradient": lambda j, lax, jnp: lax.stop_gradient((lax.broadcast(1.0, ()),
                                                            [jnp.asarray(X)])),
    # ---- reduce with a computation -------------------------------------------------------
    "reduce-add": lambda j, lax, jnp: lax.reduce(jnp.asarray(X), 0.0, lax.add, (0,)),
    "reduce-max": lambda j, lax, jnp: lax.reduce(jnp.asarray(X), -np.inf, lax.max, (1,)),
    "reduce-jnp-mul": lambda j, lax, jnp: lax.reduce(jnp.asarray(XI), 1, jnp.multiply, (0, 1)),
    "reduce-init": lambda j, lax, jnp: lax.reduce(jnp.asarray(X), 1.0, lax.add, (0,)),
    "reduce-callable": lambda j, lax, jnp: lax.reduce(jnp.asarray(X), 0.0,
                                                      lambda a, b: a + b * 2, (1,)),
    "reduce-tree": lambda j, lax, jnp: lax.reduce(
        (jnp.asarray(X), jnp.asarray(XI)), (0.0, -100),
        lambda a, b: (lax.add(a[0], b[0]), lax.max(a[1], b[1])), (1,)),
    "reduce-weak": lambda j, lax, jnp: lax.reduce(lax.broadcast(1.0, (3,)), 0.0, lax.add, (0,)),
    # ---- reduce_window --------------------------------------------------------------------
    "reduce_window-add": lambda j, lax, jnp: lax.reduce_window(
        jnp.asarray(IMG), 0.0, lax.add, (1, 1, 2, 2), (1, 1, 2, 2), "VALID"),
    "reduce_window-max-same": lambda j, lax, jnp: lax.reduce_window(
        jnp.asarray(IMG), -np.inf, lax.max, (1, 1, 3, 3), (1, 1, 2, 2), "SAME"),
    "reduce_window-dilated": lambda j, lax, jnp: lax.reduce_window(
        jnp.asarray(IMG), 0.0, lax.add, (1, 1, 2, 2), None, ((0, 0), (0, 0), (1, 1), (1, 1)),
        (1, 1, 2, 2), (1, 1, 2, 1)),
    "reduce_window-bad-rank": lambda j, lax, jnp: lax.reduce_window(
        jnp.asarray(IMG), 0.0, lax.add, (1, 1, 2), (1, 1, 2)),
}


def _dn_gather(lax):
    return lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(0,),
                                      start_index_map=(0,))


def _dn_scatter(lax):
    return lax.ScatterDimensionNumbers(update_window_dims=(1,), inserted_window_dims=(0,),
                                       scatter_dims_to_operand_dims=(0,))


OP = np.arange(12.0).reshape(3, 4)
IDX = np.array([[0], [2], [5], [-1]])
CASES.update({
    "gather-rows": lambda j, lax, jnp: lax.gather(jnp.asarray(OP), jnp.asarray(IDX),
                                                  _dn_gather(lax), (1, 4)),
    "gather-fill": lambda j, lax, jnp: lax.gather(jnp.asarray(OP), jnp.asarray(IDX),
                                                  _dn_gather(lax), (1, 4), mode="fill"),
    "gather-fill-int": lambda j, lax, jnp: lax.gather(
        jnp.asarray(OP.astype(np.int32)), jnp.asarray(IDX), _dn_gather(lax), (1, 4),
        mode="fill"),
    "gather-window": lambda j, lax, jnp: lax.gather(
        jnp.asarray(OP), jnp.asarray(np.array([[0, 1], [2, 3], [1, 0]])),
        lax.GatherDimensionNumbers(offset_dims=(1, 2), collapsed_slice_dims=(),
                                   start_index_map=(0, 1)), (2, 2), mode="clip"),
    "gather-batching": lambda j, lax, jnp: lax.gather(
        jnp.asarray(np.arange(24.0).reshape(2, 3, 4)), jnp.asarray(np.array([[1], [2]])),
        lax.GatherDimensionNumbers(offset_dims=(1,), collapsed_slice_dims=(1,),
                                   start_index_map=(1,), operand_batching_dims=(0,),
                                   start_indices_batching_dims=(0,)), (1, 1, 4)),
    "gather-float-indices": lambda j, lax, jnp: lax.gather(
        jnp.asarray(OP), jnp.asarray(IDX.astype(float)), _dn_gather(lax), (1, 4)),
    "scatter": lambda j, lax, jnp: lax.scatter(
        jnp.asarray(OP), jnp.asarray(np.array([[2], [0], [7]])), jnp.asarray(-np.ones((3, 4))),
        _dn_scatter(lax)),
    "scatter_add": lambda j, lax, jnp: lax.scatter_add(
        jnp.asarray(OP), jnp.asarray(np.array([[0], [0], [5]])), jnp.asarray(X.repeat(2, 1)[:, :4]
                                                                             .repeat(2, 0)[:3]),
        _dn_scatter(lax)),
    "scatter_add-clip": lambda j, lax, jnp: lax.scatter_add(
        jnp.asarray(OP), jnp.asarray(np.array([[0], [0], [5]])), jnp.asarray(np.ones((3, 4))),
        _dn_scatter(lax), mode="clip"),
    "scatter_mul": lambda j, lax, jnp: lax.scatter_mul(
        jnp.asarray(XI), jnp.asarray(np.array([[1], [1]])), jnp.asarray(np.full((2, 2), 3)),
        lax.ScatterDimensionNumbers(update_window_dims=(1,), inserted_window_dims=(1,),
                                    scatter_dims_to_operand_dims=(1,))),
    "scatter_min": lambda j, lax, jnp: lax.scatter_min(
        jnp.asarray(OP), jnp.asarray(np.array([[0, 1], [0, 1], [2, 3]])),
        jnp.asarray(np.array([5.0, -1.0, 4.0])),
        lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0, 1),
                                    scatter_dims_to_operand_dims=(0, 1))),
    "scatter_max": lambda j, lax, jnp: lax.scatter_max(
        jnp.asarray(OP), jnp.asarray(np.array([[0, 1], [0, 1], [2, 3]])),
        jnp.asarray(np.array([5.0, -1.0, 40.0])),
        lax.ScatterDimensionNumbers(update_window_dims=(), inserted_window_dims=(0, 1),
                                    scatter_dims_to_operand_dims=(0, 1))),
    "scatter_sub": lambda j, lax, jnp: lax.scatter_sub(
        jnp.asarray(OP), jnp.asarray(np.array([[1], [1]])), jnp.asarray(np.ones((2, 4))),
        _dn_scatter(lax)),
    "scatter-dtype-mismatch": lambda j, lax, jnp: lax.scatter_add(
        jnp.asarray(OP), jnp.asarray(IDX[:3]), jnp.asarray(np.ones((3, 4), np.float32)),
        _dn_scatter(lax)),
    "scatter_apply": lambda j, lax, jnp: lax.scatter_apply(
        jnp.asarray(OP), jnp.asarray(np.array([[0], [2], [2]])), lambda v: v * 10,
        _dn_scatter(lax), update_shape=(3, 4)),
})


@pytest.mark.parametrize("name", list(CASES))
def test_lax_control(name, backend):
    check(backend, CASES[name])


def test_cond_weak_types_and_structure(backend):
    """Weak Python-scalar operands stay weak through cond; the pytree structure is kept."""
    from ivy.frontends import jax as fjax
    with ivy.using_backend(backend), fjax.enable_x64(True):
        out = fjax.lax.cond(False, lambda a, b: {"a": a, "b": b},
                            lambda a, b: {"a": a * 2, "b": b + b},
                            1.0, fjax.numpy.asarray(2.0, dtype="float32"))
        assert out["a"].dtype == np.float64 and out["a"].weak_type and float(out["a"]) == 2.0
        assert out["b"].dtype == np.float32 and not out["b"].weak_type


def test_enums():
    from ivy.frontends.jax import lax
    assert lax.Precision("highest") is lax.Precision.HIGHEST and str(lax.Precision.HIGH) == "HIGH"
    assert lax.RoundingMethod.TO_NEAREST_EVEN == 1
    assert lax.GatherScatterMode.from_any("clip") is lax.GatherScatterMode.CLIP
    assert lax.GatherScatterMode.from_any(None) is lax.GatherScatterMode.FILL_OR_DROP
