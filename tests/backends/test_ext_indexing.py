"""The `indexing` extension area on every backend, against the real frameworks.

get_item/index_update are checked against NumPy's own indexing on numpy copies, with Hypothesis
drawing whole keys (ints, slices with any step, None, Ellipsis, boolean masks of any rank, integer
arrays with negatives and duplicates, as arrays or Python lists, advanced indices adjacent or split
by a slice); keys NumPy rejects must raise IvyIndexError. gather/scatter/topk/diag_embed/
masked_fill are checked against torch, gather_nd/scatter_nd against tensorflow, nonzero_static
against jax, the rest against numpy. Each Hypothesis example sweeps several keys or parameter
sets in one test: jax compiles once per shape, so shapes are few.
"""
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from ivy.core.errors import IvyIndexError, IvyTypeError, IvyValueError

from .reference import assert_close, call, to_backend, to_numpy, torch_ref

COVERED = {"get_item", "index_update", "gather", "gather_nd", "scatter", "scatter_nd",
           "boolean_mask", "masked_fill", "nonzero_static", "topk", "unique", "bincount",
           "histogram", "rot90", "diag", "diagonal", "trace", "diag_embed", "tril_indices",
           "triu_indices", "strides"}

SHAPE = (4, 3, 5)
# Parameter sweeps draw only their random seed: one example each keeps the file fast.
# The namespace fixture is stateless: sharing it across examples keeps the backend selected (jax
# would otherwise toggle x64 and lose its compilation caches on every example).
SHARED = settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
SWEEP = settings(SHARED, max_examples=1)
# jax compiles every new index shape: fewer keys per example there (the others take all).
KEYS_ON = {"jax": 2}
REDUCTIONS = ("set", "add", "multiply", "min", "max")
_UFUNC = {"add": np.add, "multiply": np.multiply, "min": np.minimum, "max": np.maximum}


# ---- key strategy ------------------------------------------------------------------------------

@st.composite
def keys(draw, shape=SHAPE):
    """A NumPy key for ``shape`` (numpy arrays and lists inside), possibly an invalid one."""
    ndim = len(shape)
    entries, d, ellipsis = [], 0, False
    adv_shape = draw(st.sampled_from([(2,), (3,), (2, 1), (1, 3), ()]))
    for _ in range(draw(st.integers(0, ndim + 1))):
        kind = draw(st.sampled_from(["int", "slice", "slice", "none", "ellipsis", "array",
                                     "list", "mask", "mask0"]))
        n = shape[d] if d < ndim else 1
        if kind == "int":
            entries.append(draw(st.integers(-n, n - 1)))
            d += 1
        elif kind == "slice":
            bound = st.none() | st.integers(-n - 1, n + 1)
            entries.append(slice(draw(bound), draw(bound),
                                 draw(st.sampled_from([None, 1, 2, 3, -1, -2]))))
            d += 1
        elif kind == "none":
            entries.append(None)
        elif kind == "ellipsis" and not ellipsis:
            entries.append(Ellipsis)
            ellipsis = True
            d = max(d, ndim - 1)
        elif kind in ("array", "list"):
            idx = np.array(draw(st.lists(st.integers(-n, n - 1), min_size=int(np.prod(adv_shape)),
                                         max_size=int(np.prod(adv_shape))))).reshape(adv_shape)
            entries.append(idx.tolist() if kind == "list" and idx.ndim else
                           idx.astype(draw(st.sampled_from(["int64", "int32", "uint8"])))
                           if (idx >= 0).all() else idx)
            d += 1
        elif kind == "mask" and d < ndim:
            k = draw(st.integers(1, min(2, ndim - d)))
            mshape = shape[d:d + k]
            bits = draw(st.lists(st.booleans(), min_size=int(np.prod(mshape)),
                                 max_size=int(np.prod(mshape))))
            mask = np.array(bits, dtype=bool).reshape(mshape)
            entries.append(mask.tolist() if k == 1 and draw(st.booleans()) else mask)
            d += k
        elif kind == "mask0":
            entries.append(draw(st.sampled_from([True, False, np.array(True)])))
    if len(entries) == 1 and draw(st.booleans()):
        return entries[0]
    return tuple(entries)


def has_arrays(key):
    return any(isinstance(k, (list, np.ndarray)) for k in (key if isinstance(key, tuple)
                                                           else (key,)))


def backend_key(xp, key):
    """numpy arrays inside the key as the backend's arrays (lists stay lists)."""
    if isinstance(key, tuple):
        return tuple(backend_key(xp, k) for k in key)
    return xp.asarray(key) if isinstance(key, np.ndarray) else key


def numpy_result(fn):
    try:
        return fn(), None
    except IndexError as e:
        return None, e


def must_raise(backend, err):
    """jax clamps/drops out-of-range index arrays (documented): only other errors must raise."""
    return not (backend == "jax" and "out of bounds" in str(err) and "axis" in str(err))


def source(dtype="float64"):
    return (np.arange(np.prod(SHAPE)).reshape(SHAPE) * 3 % 17 - 5).astype(dtype)


# ---- get_item / index_update ---------------------------------------------------------------------

@SHARED
@given(st.lists(keys(), min_size=12, max_size=12))
def test_get_item_vs_numpy(xp, key_list):
    backend = xp.name
    x = source()
    xb = xp.asarray(x)
    for key in key_list[:KEYS_ON.get(backend)]:
        expected, err = numpy_result(lambda: np.asarray(x[key]))
        if err is not None:
            if must_raise(backend, err) or not has_arrays(key):
                with pytest.raises(IvyIndexError):
                    xp.get_item(xb, backend_key(xp, key))
            continue
        got = xp.to_numpy(xp.get_item(xb, backend_key(xp, key)))
        assert_close(got, expected, where=f"x{SHAPE}[{key!r}]")


def test_get_item_edge_keys(xp):
    x = source("int32")
    xb = xp.asarray(x)
    for key in [(), 0, -1, (0, slice(None, None, -1)), (Ellipsis, 1),
                (None, Ellipsis, None), (0, slice(None), [0, 1]), ([0, 1], 1, [2, 3]),
                (slice(None), 1, [0, 1]), (1, slice(None), np.array(2)), np.array(2),
                (np.eye(4, 3, dtype=bool), [0, 4, 1]), (slice(None), np.zeros((3, 5), bool)),
                ([], slice(None)), (True,), (False, 0), (slice(None), [[0, 1], [2, 0]], None),
                (Ellipsis, [-1, -5, 0]), (slice(None, None, -2), [2, 0], slice(1, None, -1))]:
        assert_close(xp.to_numpy(xp.get_item(xb, backend_key(xp, key))), np.asarray(x[key]),
                     where=f"x[{key!r}]")


def test_get_item_errors(xp):
    xb = xp.asarray(source())
    for key in [4, -5, (0, 3), (0, 0, 5), (0, 0, 0, 0), (Ellipsis, Ellipsis),
                np.ones((3,), bool), (slice(None), np.ones((4,), bool)), 1.5, "a"]:
        with pytest.raises(IvyIndexError):
            xp.get_item(xb, backend_key(xp, key))


def _unique_positions(key):
    pos = np.arange(np.prod(SHAPE)).reshape(SHAPE)[key]
    return np.unique(pos).size == np.size(pos)


@SHARED
@given(st.lists(st.tuples(keys(), st.sampled_from(REDUCTIONS), st.sampled_from(["full", "last",
                                                                                 "scalar"])),
                min_size=8, max_size=8),
       st.sampled_from(["float64", "int32"]))
def test_index_update_vs_numpy(xp, cases, dtype):
    backend = xp.name
    x = source(dtype)
    xb = xp.asarray(x)
    rng = np.random.default_rng(0)
    for key, reduction, vshape in cases[:KEYS_ON.get(backend)]:
        target, err = numpy_result(lambda: x[key])
        if err is not None:
            if must_raise(backend, err) or not has_arrays(key):
                with pytest.raises(IvyIndexError):
                    xp.index_update(xb, backend_key(xp, key), 1.0, reduction=reduction)
            continue
        shape = np.shape(target)
        if vshape == "scalar" or not shape:
            values = np.asarray(rng.integers(-3, 4) + 0.5)
        else:
            values = rng.integers(-3, 4, size=shape if vshape == "full" else shape[-1:]) + 0.5
        if reduction == "set" and not _unique_positions(key):
            continue            # which duplicate wins is unspecified off numpy
        expected = x.copy()
        if reduction == "set":
            expected[key] = values
        else:
            _UFUNC[reduction].at(expected, key, values.astype(dtype))
        got = xp.index_update(xb, backend_key(xp, key), xp.asarray(values), reduction=reduction)
        assert_close(xp.to_numpy(got), expected, where=f"x[{key!r}] {reduction} {values!r}")
    assert_close(xp.to_numpy(xb), x, where="x itself is unchanged")


def test_index_update_duplicates_and_inplace(xp, backend):
    x = np.zeros(5)
    idx = np.array([0, 2, 0, 0, 4])
    v = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
    for reduction in ("add", "multiply", "min", "max"):
        base = np.full(5, 2.0)
        expected = base.copy()
        _UFUNC[reduction].at(expected, idx, v)
        assert_close(call(xp, "index_update", base, idx, v, reduction=reduction), expected,
                     where=reduction)
    xb = xp.asarray(x)
    out = xp.index_update(xb, (slice(1, 3),), 7.0, inplace=True)
    assert_close(xp.to_numpy(out), np.array([0, 7, 7, 0, 0.0]))
    mutable = backend in ("numpy", "torch")
    assert (out is xb) == mutable
    assert_close(xp.to_numpy(xb), xp.to_numpy(out) if mutable else x)
    with pytest.raises(IvyIndexError):
        xp.index_update(xp.asarray(x), 5, 1.0)
    with pytest.raises(IvyValueError):
        xp.index_update(xp.asarray(x), 0, 1.0, reduction="mean")
    with pytest.raises(IvyTypeError):
        xp.index_update(xp.asarray(np.zeros(3, bool)), 0, True, reduction="add")


# ---- gather / scatter ----------------------------------------------------------------------------

@SWEEP
@given(st.data())
def test_gather_scatter_vs_torch(xp, data):
    import torch
    rng = np.random.default_rng(data.draw(st.integers(0, 2 ** 16)))
    x = rng.standard_normal((4, 5)).astype("float32")
    for axis in (0, 1, -1):
        ishape = (3, 5) if axis == 0 else (4, 3)
        n = x.shape[axis]
        idx = rng.integers(0, n, size=ishape)
        assert_close(call(xp, "gather", x, idx, axis=axis),
                     torch_ref(torch.gather, x, axis, idx), where=f"gather axis={axis}")
        neg = idx - n       # negative indices count from the end
        assert_close(call(xp, "gather", x, neg, axis=axis),
                     torch_ref(torch.gather, x, axis, idx), where="gather negative")
        src = rng.integers(-4, 5, size=(4, 5)).astype("float32")
        for red, torch_red in (("sum", "sum"), ("add", "sum"), ("prod", "prod"),
                               ("multiply", "prod"), ("amin", "amin"), ("min", "amin"),
                               ("amax", "amax"), ("max", "amax")):
            expected = torch_ref(lambda a, i, s: torch.scatter_reduce(a, axis, i, s, torch_red,
                                                                      include_self=True),
                                 x, idx, src)
            assert_close(call(xp, "scatter", x, idx, src, axis=axis, reduction=red), expected,
                         where=f"scatter {red} axis={axis}")
        perm = np.argsort(rng.random(ishape), axis=axis)[(slice(0, 3),) if axis == 0
                                                           else (slice(None), slice(0, 3))]
        expected = torch_ref(lambda a, i, s: torch.scatter(a, axis, i, s), x, perm, src)
        assert_close(call(xp, "scatter", x, perm, src, axis=axis), expected,
                     where="scatter set")
    xi = rng.integers(-9, 9, size=(3, 4)).astype("int64")
    idx = rng.integers(0, 4, size=(3, 4))
    assert_close(call(xp, "scatter", xi, idx, np.asarray(7), axis=1, reduction="add"),
                 torch_ref(lambda a, i: torch.scatter_reduce(
                     a, 1, i, torch.full(i.shape, 7), "sum", include_self=True), xi, idx))
    with pytest.raises(IvyValueError):
        call(xp, "gather", x, np.zeros((5, 5), np.int64), axis=1)


@SWEEP
@given(st.data())
def test_gather_nd_scatter_nd_vs_tensorflow(xp, data):
    import tensorflow as tf
    rng = np.random.default_rng(data.draw(st.integers(0, 2 ** 16)))
    x = rng.standard_normal((3, 4, 5))
    for batch_dims, ishape in ((0, (6, 2)), (0, (2, 3, 3)), (0, (2, 0)), (1, (3, 2, 1)),
                               (1, (3, 2)), (2, (3, 4, 1))):
        hi = np.array(x.shape[batch_dims:batch_dims + ishape[-1]])
        idx = (rng.random(ishape) * hi).astype("int64") if ishape[-1] else \
            np.zeros(ishape, "int64")
        expected = tf.gather_nd(x, idx, batch_dims=batch_dims).numpy()
        assert_close(call(xp, "gather_nd", x, idx, batch_dims=batch_dims), expected,
                     where=f"gather_nd {ishape} batch_dims={batch_dims}")
        if ishape[-1]:
            assert_close(call(xp, "gather_nd", x, idx - hi, batch_dims=batch_dims), expected,
                         where="gather_nd negative")
    shape = (5, 3)
    for ishape in ((7, 1), (7, 2), (2, 2, 2)):
        idx = (rng.random(ishape) * np.array(shape[:ishape[-1]])).astype("int64")
        upd = rng.integers(-5, 6, size=ishape[:-1] + shape[ishape[-1]:]).astype("float64")
        assert_close(call(xp, "scatter_nd", idx, upd, shape),
                     tf.scatter_nd(idx, upd, shape).numpy(), where=f"scatter_nd {ishape}")
        zeros = tf.zeros(shape, tf.float64)
        for red, op in (("min", tf.tensor_scatter_nd_min), ("max", tf.tensor_scatter_nd_max)):
            assert_close(call(xp, "scatter_nd", idx, upd, shape, reduction=red),
                         op(zeros, idx, upd).numpy(), where=f"scatter_nd {red}")
        expected = np.zeros(shape)
        np.multiply.at(expected, tuple(np.moveaxis(idx, -1, 0)), upd)
        assert_close(call(xp, "scatter_nd", idx, upd, shape, reduction="multiply"), expected)


# ---- masks ---------------------------------------------------------------------------------------

@SWEEP
@given(st.data())
def test_masks(xp, data):
    import torch
    rng = np.random.default_rng(data.draw(st.integers(0, 2 ** 16)))
    x = rng.standard_normal((3, 4)).astype("float32")
    for mshape in ((3,), (3, 4)):
        mask = rng.random(mshape) < 0.5
        assert_close(call(xp, "boolean_mask", x, mask), x[mask])
    for mshape in ((3, 4), (4,), (3, 1), ()):
        mask = np.asarray(rng.random(mshape) < 0.5)
        assert_close(call(xp, "masked_fill", x, mask, -2.5),
                     torch_ref(lambda a, m: a.masked_fill(m, -2.5), x, mask))
    xi = rng.integers(-5, 5, size=(3, 4)).astype("int32")
    assert_close(call(xp, "masked_fill", xi, xi > 0, np.asarray(7)), np.where(xi > 0, 7, xi))
    with pytest.raises(IvyIndexError):
        call(xp, "boolean_mask", x, np.ones((4,), bool))
    with pytest.raises(IvyValueError):
        call(xp, "masked_fill", x, np.ones((2, 3, 4), bool), 0.0)


@SWEEP
@given(st.data())
def test_nonzero_static_vs_jax(xp, data):
    import jax.numpy as jnp
    rng = np.random.default_rng(data.draw(st.integers(0, 2 ** 16)))
    x = (rng.random((3, 4)) < 0.4) * rng.integers(1, 5, size=(3, 4))
    for size, fill in ((3, 0), (12, -1), (0, 0), (15, (7, 9))):
        expected = tuple(np.asarray(a).astype("int64")
                         for a in jnp.nonzero(jnp.asarray(x), size=size, fill_value=fill))
        assert_close(call(xp, "nonzero_static", x, size=size, fill_value=fill), expected,
                     where=f"size={size} fill={fill}")
        assert_close(call(xp, "nonzero_static", x.astype(bool), size=size, fill_value=fill),
                     expected)


# ---- topk / unique / bincount / histogram --------------------------------------------------------

@SWEEP
@given(st.data())
def test_topk_vs_torch(xp, data):
    import torch
    rng = np.random.default_rng(data.draw(st.integers(0, 2 ** 16)))
    x = rng.permutation(40).reshape(5, 8).astype("float64")
    for k, axis, largest in ((3, -1, True), (3, 0, False), (8, 1, True), (0, 1, True),
                             (5, 0, True)):
        expected = torch_ref(lambda a: tuple(torch.topk(a, k, dim=axis, largest=largest)), x)
        assert_close(tuple(call(xp, "topk", x, k, axis=axis, largest=largest)), expected,
                     where=f"topk k={k} axis={axis} largest={largest}")
    ties = np.array([1.0, 3.0, np.nan, 3.0, 0.0, 3.0])
    values, indices = call(xp, "topk", ties, 3)
    assert_close(values, np.array([np.nan, 3.0, 3.0]))
    assert_close(indices, np.array([2, 1, 3]))            # ties in index order
    values, indices = call(xp, "topk", np.array([4, 1, 4, 0], "int32"), 2, largest=False)
    assert_close(indices, np.array([3, 1]))


@SWEEP
@given(st.data())
def test_unique_vs_numpy(xp, data):
    rng = np.random.default_rng(data.draw(st.integers(0, 2 ** 16)))
    x = rng.integers(0, 4, size=(4, 3)).astype("int32")
    x[2] = x[0]
    xf = np.array([2.0, np.nan, 1.0, 2.0, np.nan, -1.0])
    for arr in (x, xf):
        for flags in ((False, False, False), (True, True, True), (False, True, False),
                      (True, False, True)):
            kw = dict(zip(("return_index", "return_inverse", "return_counts"), flags))
            expected = np.unique(arr, **kw)
            expected = tuple(e.astype("int64") if i else e for i, e in enumerate(expected)) \
                if isinstance(expected, tuple) else expected
            assert_close(call(xp, "unique", arr, **kw), expected, where=f"unique {kw}")
    for axis in (0, 1, -1):
        expected = np.unique(x, axis=axis, return_index=True, return_inverse=True,
                             return_counts=True)
        expected = tuple(e.astype("int64") if i else e for i, e in enumerate(expected))
        assert_close(call(xp, "unique", x, axis=axis, return_index=True, return_inverse=True,
                          return_counts=True), expected, where=f"unique axis={axis}")


@SWEEP
@given(st.data())
def test_bincount_histogram_vs_numpy(xp, data):
    rng = np.random.default_rng(data.draw(st.integers(0, 2 ** 16)))
    ints = rng.integers(0, 6, size=20)
    assert_close(call(xp, "bincount", ints), np.bincount(ints))
    assert_close(call(xp, "bincount", ints, minlength=9), np.bincount(ints, minlength=9))
    assert_close(call(xp, "bincount", ints.astype("int32")[:0], minlength=3),
                 np.bincount(ints[:0], minlength=3))
    w = rng.standard_normal(20)
    assert_close(call(xp, "bincount", ints, weights=w), np.bincount(ints, weights=w))
    got = call(xp, "bincount", ints, weights=w.astype("float32"))
    assert_close(got, np.bincount(ints, weights=w.astype("float32")).astype("float32"))
    assert_close(call(xp, "bincount", ints, weights=ints.astype("int32")),
                 np.bincount(ints, weights=ints).astype("int64"))
    with pytest.raises(IvyValueError):
        call(xp, "bincount", np.array([1, -1]))
    xs = rng.standard_normal(50)
    f32, i64, flat = xs.astype("float32"), (xs * 10).astype("int64"), np.full(5, 2.0)
    for x, kw in ((xs, dict()), (f32, dict(bins=7)), (i64, dict(bins=4, range=(-1.0, 0.5))),
                  (f32, dict(density=True)), (i64, dict(density=True)), (flat, dict()),
                  (xs, dict(bins=5, weights=np.abs(xs) + 1)),
                  (f32, dict(bins=3, weights=np.abs(xs).astype("int32") + 1)),
                  (i64, dict(bins=np.array([-3.0, -0.5, 0.0, 0.25, 2.0]))),
                  (f32, dict(bins=6, density=True, weights=np.linspace(0, 1, xs.size,
                                                                       dtype="float32")))):
        expected = np.histogram(x, **kw)
        assert_close(tuple(call(xp, "histogram", x, **kw)), expected,
                     where=f"histogram {x.dtype} {kw}")


# ---- diagonals and rotations ---------------------------------------------------------------------

def test_strides(xp, backend):
    """Element strides: the memory layout on numpy/torch (views included), C order elsewhere."""
    import ivy
    from ivy.core.ext.indexing import c_order_strides
    x = xp.reshape(xp.arange(24), (2, 3, 4))
    assert ivy.strides(x) == (12, 4, 1)
    assert ivy.strides(xp.zeros((2, 0, 3))) == (3, 3, 1)
    t = xp.permute_dims(x, (2, 0, 1))
    sliced = xp.get_item(x, (slice(None), slice(None, None, 2)))
    if backend in ("numpy", "torch"):
        assert ivy.strides(t) == (1, 12, 4)
        assert ivy.strides(sliced) == (12, 8, 1)
        assert ivy.strides(xp.broadcast_to(xp.arange(3), (2, 3))) == (0, 1)
    else:
        assert ivy.strides(t) == c_order_strides((4, 2, 3))
        assert ivy.strides(sliced) == c_order_strides((2, 2, 4))


def test_diagonals(xp):
    import torch
    x = np.arange(60).reshape(3, 4, 5).astype("float64")
    m = x[0]
    v = np.arange(1, 5).astype("int32")
    for k in (-5, -2, 0, 1, 3, 7):
        assert_close(call(xp, "diag", m, k=k), np.diag(m, k=k), where=f"diag 2-d k={k}")
        assert_close(call(xp, "diag", v, k=k), np.diag(v, k=k), where=f"diag 1-d k={k}")
    for offset, a1, a2 in ((0, 0, 1), (1, 0, 2), (-1, 2, 1), (2, -1, 0), (9, 1, 2)):
        assert_close(call(xp, "diagonal", x, offset=offset, axis1=a1, axis2=a2),
                     np.diagonal(x, offset, a1, a2), where=f"diagonal {offset} {a1} {a2}")
        assert_close(call(xp, "trace", x, offset=offset, axis1=a1, axis2=a2),
                     np.trace(x, offset, a1, a2))
    assert_close(call(xp, "trace", m.astype("int32")), np.asarray(np.trace(m.astype("int32"))))
    assert_close(call(xp, "trace", m, dtype="float32"), np.asarray(np.trace(m, dtype="float32")))
    b = np.arange(6).reshape(2, 3).astype("float32")
    for offset, d1, d2 in ((0, -2, -1), (1, 0, 2), (-2, 2, 0), (1, 1, -1)):
        assert_close(call(xp, "diag_embed", b, offset=offset, dim1=d1, dim2=d2),
                     torch_ref(lambda t: torch.diag_embed(t, offset, d1, d2), b),
                     where=f"diag_embed {offset} {d1} {d2}")
    assert_close(call(xp, "diag_embed", b > 2), torch_ref(torch.diag_embed, b > 2))
    for k in (-1, 0, 1, 2, 5):
        for axes in ((0, 1), (2, 0), (-1, 1)):
            assert_close(call(xp, "rot90", x, k=k, axes=axes), np.rot90(x, k, axes),
                         where=f"rot90 k={k} axes={axes}")
    for n, k, mm in ((4, 0, None), (3, 1, 5), (4, -2, 2)):
        for name in ("tril_indices", "triu_indices"):
            expected = tuple(a.astype("int64") for a in getattr(np, name)(n, k, mm))
            assert_close(to_numpy(xp, getattr(xp, name)(n, k, mm)), expected,
                         where=f"{name}({n}, {k}, {mm})")
    with pytest.raises(IvyValueError):
        call(xp, "rot90", x, axes=(1, 1))
    with pytest.raises(IvyValueError):
        call(xp, "diag", x)


def test_functions_take_backend_arrays(xp):
    """Results are native arrays of the backend, never numpy scalars or Python values."""
    xb = to_backend(xp, np.arange(6.0))
    for out in (xp.get_item(xb, 2), xp.index_update(xb, 0, 1.0), xp.topk(xb, 2)[0]):
        assert xp.is_native_array(out)
