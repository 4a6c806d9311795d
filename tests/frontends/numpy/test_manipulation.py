"""Conformance rows for numpy's shape-manipulation functions against real NumPy, and whole
snippets for views (write-through), NumPy scalars and exception types."""
import numpy as real_np
import pytest
from hypothesis import strategies as st

from tests.conformance import (ALL, Case, arr, axis_for, broadcastable, dtype_arg, make_tests,
                               optional, shapes, shared_shape)


X = shared_shape("x")
M2 = shared_shape("m", min_dims=2, max_dims=3)
REAL = tuple(d for d in ALL if not d.startswith("complex") and d != "bfloat16")
NUM = tuple(d for d in REAL if d != "bool")
SMALL = ("int8", "uint8", "int64", "float32", "float64", "bool")
FEW = {"max_examples": 4}
FIXED = st.sampled_from([(), (4,), (2, 3)])    # jax compiles per shape: few shapes
ONE_TO_TWO = shapes(min_dims=0, max_dims=3, min_side=1, max_side=2)
AXES = st.integers(-3, 3)


def _arrays(dtypes, shape, n=3):
    return st.lists(arr(dtypes, shape), min_size=1, max_size=n)


ROWS = [
    Case("np.concatenate", args=(_arrays(SMALL, X),), kwargs={"axis": optional(axis_for(X))}),
    Case("np.concatenate", args=(_arrays(SMALL, (2, 3)),), id="np.concatenate-dtype",
         kwargs={"axis": st.sampled_from([0, 1, None]), "dtype": dtype_arg(SMALL),
                 "casting": st.sampled_from(["same_kind", "unsafe", "safe"])}),
    Case("np.concatenate", args=(st.tuples(arr(SMALL, (2, 2)), arr(SMALL, (2, 3))).map(list),),
         kwargs={"axis": st.sampled_from([0, 1, -1, 2])}, id="np.concatenate-errors"),
    Case("np.stack", args=(_arrays(SMALL, X),), kwargs={"axis": optional(AXES)}),
    Case("np.hstack", args=(_arrays(SMALL, X),)),
    Case("np.vstack", args=(_arrays(SMALL, X),)),
    Case("np.dstack", args=(_arrays(SMALL, X),)),
    Case("np.column_stack", args=(_arrays(SMALL, shapes(0, 2, 3, 3)),)),
    Case("np.append", args=(arr(SMALL, (2, 3)), arr(SMALL, shapes(1, 2, 2, 3))),
         kwargs={"axis": optional(st.sampled_from([None, 0, 1]))}),
    Case("np.split", args=(arr(SMALL, (6, 4)), st.sampled_from([1, 2, 3, 4, [1, 3], [4, 1, 9]])),
         kwargs={"axis": optional(st.sampled_from([0, 1, -1, 2]))}),
    Case("np.array_split", args=(arr(SMALL, (7, 3)), st.sampled_from([1, 3, 5, 9, [2, 5, -1]])),
         kwargs={"axis": optional(st.sampled_from([0, 1]))}),
    Case("np.hsplit", args=(arr(SMALL, shapes(0, 3, 2, 2)), st.sampled_from([1, 2]))),
    Case("np.vsplit", args=(arr(SMALL, shapes(0, 3, 2, 2)), st.sampled_from([1, 2]))),
    Case("np.dsplit", args=(arr(SMALL, shapes(0, 3, 2, 2)), st.sampled_from([1, 2]))),
    Case("np.expand_dims", args=(arr(SMALL, X), st.sampled_from([0, -1, 2, 4, (0, 2), (0, 0)]))),
    Case("np.squeeze", args=(arr(SMALL, ONE_TO_TWO),),
         kwargs={"axis": optional(st.sampled_from([0, -1, (0, 1), 3]))}),
    Case("np.swapaxes", args=(arr(SMALL, X), AXES, AXES)),
    Case("np.moveaxis", args=(arr(SMALL, X),
                              st.sampled_from([0, -1, (0, 1), (1, 1), 3]),
                              st.sampled_from([1, 0, (1, 0), (-1, 0), (0,)]))),
    Case("np.broadcast_to", args=(arr(SMALL, shapes(0, 2, 1, 3)),
                                  st.sampled_from([(3,), (2, 3), (2, 1, 3), 3, (), (-1, 3)]))),
    Case("np.broadcast_arrays", args=broadcastable(3, SMALL)),
    Case("np.atleast_1d", args=(arr(SMALL, X),)),
    Case("np.atleast_2d", args=(arr(SMALL, X), arr(SMALL, shapes(0, 1)))),
    Case("np.atleast_3d", args=(arr(SMALL, X),)),
    Case("np.tile", args=(arr(SMALL, X), st.sampled_from([2, (2, 1), (1, 2, 3), 0, (), -1]))),
    Case("np.repeat", args=(arr(SMALL, (2, 3)), st.sampled_from([2, 0, [1, 2], [1, 0, 2], -1])),
         kwargs={"axis": optional(st.sampled_from([None, 0, 1, 2]))}),
    Case("np.flip", args=(arr(SMALL, X),), kwargs={"axis": optional(axis_for(X, tuples=True))}),
    Case("np.fliplr", args=(arr(SMALL, X),)),
    Case("np.flipud", args=(arr(SMALL, X),)),
    Case("np.rot90", args=(arr(SMALL, X),), kwargs={
        "k": optional(st.integers(-5, 5)),
        "axes": optional(st.sampled_from([(0, 1), (1, 0), (0, -1), (2, 0), (0, 0), (0,)]))}),
    Case("np.roll", args=(arr(SMALL, (2, 3)), st.sampled_from([1, -4, (1, 2), (1, 2, 3)])),
         kwargs={"axis": optional(st.sampled_from([None, 0, 1, (0, 1), (1, 1), 2]))}),
    Case("np.delete", args=(arr(SMALL, (3, 4)), st.sampled_from(
        [1, -1, 4, [0, 2, 2], [], slice(1, None, 2), [True, False, True], [1.0]])),
        kwargs={"axis": optional(st.sampled_from([None, 0, 1, 2]))}),
    Case("np.insert", args=(arr(SMALL, (2, 3)), st.sampled_from([1, -1, 3, [1], [1, 1, 0], 5]),
                            st.sampled_from([7, [7, 8], [[7], [8]], 2.5, [7, 8, 9]])),
         kwargs={"axis": optional(st.sampled_from([None, 0, 1]))}),
    Case("np.diagonal", args=(arr(SMALL, shapes(1, 3, 1, 4)),),
         kwargs={"offset": optional(st.integers(-3, 3)), "axis1": optional(AXES),
                 "axis2": optional(AXES)}),
    Case("np.take", args=(arr(SMALL, (3, 4)), st.sampled_from([1, -2, [[0, 2]], [3, -4], 12])),
         kwargs={"axis": optional(st.sampled_from([None, 0, 1, 2])),
                 "mode": optional(st.sampled_from(["raise", "wrap", "clip", "bad"]))}),
    Case("np.where", args=(arr("bool", FIXED),)),
    Case("np.where", args=broadcastable(3, ("bool", "int8", "float32")), id="np.where-3"),
    Case("np.where", args=(arr("bool", (3,)), arr(SMALL, (3,)), st.sampled_from([5, 2.5, 300])),
         id="np.where-weak"),
    Case("np.clip", args=(arr(NUM, (2, 3)), st.sampled_from([0, -1.5, None, 1000, -1000]),
                          st.sampled_from([5, 2.5, None, -1000, 1000]))),
    Case("np.clip", args=(arr(NUM, (2, 3)),), id="np.clip-keywords",
         kwargs={"min": optional(st.sampled_from([0, 1.5, None])),
                 "max": optional(st.sampled_from([3, None]))}),
    Case("np.clip", args=broadcastable(3, ("int16", "float32")), id="np.clip-arrays"),
    Case("np.pad", args=(arr(SMALL, shapes(1, 2, 1, 3)),
                         st.sampled_from([1, (1, 2), ((1, 0), (0, 2)), -1, 1.5])),
         kwargs={"mode": st.sampled_from(["constant", "edge", "reflect", "symmetric", "wrap"])}),
    Case("np.pad", args=(arr(SMALL, (2, 3)), ((1, 2), (2, 1))), id="np.pad-constant",
         kwargs={"constant_values": st.sampled_from([0, 2.7, (1, 2), ((1, 2), (3, 4)), 300])}),
    Case("np.pad", args=(arr(("int64", "float32"), (2, 3)), ((3, 2),)),
         id="np.pad-linear_ramp", settings={"max_examples": 2},
         kwargs={"mode": st.just("linear_ramp"),
                 "end_values": optional(st.sampled_from([0, (1, -3), 7]))}),
    Case("np.pad", args=(arr(SMALL, (3,)), 5), id="np.pad-large",
         kwargs={"mode": st.sampled_from(["reflect", "symmetric", "wrap"])}),
    Case("np.pad", args=(arr(("int64", "float32"), (3, 2)), ((1, 2), (2, 0))),
         kwargs={"mode": st.sampled_from(["maximum", "minimum", "mean", "median"])},
         id="np.pad-statistic", settings={"max_examples": 3}),
    Case("np.nonzero", args=(arr(SMALL, FIXED),)),
    Case("np.argwhere", args=(arr(SMALL, FIXED),)),
    Case("np.flatnonzero", args=(arr(SMALL, FIXED),)),
    Case("np.count_nonzero", args=(arr(SMALL, X),),
         kwargs={"axis": optional(axis_for(X, tuples=True)), "keepdims": optional(st.booleans())}),
    Case("numpy.ndarray.squeeze", args=(arr(SMALL, ONE_TO_TWO),)),
    Case("numpy.ndarray.swapaxes", args=(arr(SMALL, X), AXES, AXES)),
    Case("numpy.ndarray.repeat", args=(arr(SMALL, (2, 3)), 2), kwargs={"axis": optional(AXES)}),
    Case("numpy.ndarray.take", args=(arr(SMALL, (3, 4)), [2, -1]),
         kwargs={"axis": optional(AXES), "mode": optional(st.just("clip"))}),
    Case("numpy.ndarray.diagonal", args=(arr(SMALL, (3, 4)),),
         kwargs={"offset": optional(st.integers(-2, 2))}),
    Case("numpy.ndarray.clip", args=(arr(NUM, (2, 3)), 1), kwargs={"max": optional(st.just(4))}),
    Case("numpy.ndarray.nonzero", args=(arr(SMALL, FIXED),)),
]

# ---- indexing, in-place writes, apply/block/broadcast, axes, conversion, creation ----------------
IDX = arr("int64", (3, 1), min_value=-4, max_value=3)
CHOICE = arr("int64", st.sampled_from([(3,), (2, 3)]), min_value=-1, max_value=3)
NEW_ROWS = [
    Case("np.take_along_axis", args=(arr(SMALL, (3, 4)), arr("int64", st.sampled_from(
        [(3, 1), (1, 4), (3, 2), (4,)]), min_value=-4, max_value=3)),
        kwargs={"axis": optional(st.sampled_from([0, 1, -1, 2]))}),
    Case("np.take_along_axis", args=(arr(SMALL, (3, 4)), arr("int64", (5,), min_value=-12,
                                                             max_value=11), None),
         id="np.take_along_axis-None"),
    Case("np.put_along_axis", args=(arr(SMALL, (3, 4)), IDX,
                                    st.sampled_from([7, 2.5, [[1], [2], [3]]]),
                                    st.sampled_from([0, 1, -1]))),
    Case("np.select", args=(st.tuples(arr("bool", (2, 3)), arr("bool", (3,))).map(list),
                            st.tuples(arr(SMALL, (2, 3)), arr(SMALL, (1, 3))).map(list)),
         kwargs={"default": optional(st.sampled_from([0, 2.5, 1000]))}),
    Case("np.place", args=(arr(SMALL, (2, 3)), arr("bool", st.sampled_from([(2, 3), (6,), (2,)])),
                           st.sampled_from([[1], [3, 2], [], [2.5, 7]]))),
    Case("np.putmask", args=(arr(SMALL, (2, 3)), arr("bool", st.sampled_from([(2, 3), (6,), (2,)])),
                             st.sampled_from([[1], [3, 2], [], 2.5, arr(SMALL, (2, 3))]))),
    Case("np.extract", args=(arr(SMALL, st.sampled_from([(2, 3), (4,)])), arr(SMALL, (2, 3)))),
    Case("np.choose", args=(CHOICE, st.tuples(arr(SMALL, (3,)), arr(SMALL, (2, 1)),
                                              arr(SMALL, (2, 3))).map(list)),
         kwargs={"mode": optional(st.sampled_from(["raise", "wrap", "clip", "bad"]))}),
    Case("numpy.ndarray.choose", args=(CHOICE, [[1, 2, 3], [4, 5, 6], [7, 8, 9]]),
         kwargs={"mode": st.sampled_from(["wrap", "clip"])}),
    Case("np.copyto", args=(arr(SMALL, (2, 3)), arr(SMALL, st.sampled_from([(3,), (2, 3), (2,)]))),
         kwargs={"casting": optional(st.sampled_from(["no", "safe", "same_kind", "unsafe"])),
                 "where": optional(arr("bool", (3,)))}),
    Case("np.copyto", args=(arr(SMALL, (3,)), st.sampled_from([1, 300, -1, 2.5, True, 1j])),
         kwargs={"casting": optional(st.sampled_from(["no", "safe", "unsafe"]))},
         id="np.copyto-python"),
    Case("np.fill_diagonal", args=(arr(SMALL, st.sampled_from([(3, 3), (4, 2), (2, 2, 2), (3,)])),
                                   st.sampled_from([5, [1, 2], 2.5])),
         kwargs={"wrap": optional(st.booleans())}),
    Case("np.piecewise", args=(arr(("float64", "int64"), (5,)),
                               st.tuples(arr("bool", (5,))).map(list),
                               st.sampled_from([[1.5], [2, -3], [1, 2, 3]]))),
    Case("np.block", args=(st.tuples(arr(SMALL, (2, 2)), arr(SMALL, (2, 1)), arr(SMALL, (1, 2)),
                                     arr(SMALL, st.sampled_from([(1, 1), (1, 2)]))).map(
        lambda t: [[t[0], t[1]], [t[2], t[3]]]),)),
    Case("np.block", args=(st.sampled_from([[1, 2], [[1], 2], [], [[[1]]], 5]),),
         id="np.block-lists"),
    Case("np.broadcast_shapes", args=(st.sampled_from([(2, 1), 3, ()]),
                                      st.sampled_from([(3,), (4, 1, 1), (2,)]))),
    Case("np.resize", args=(arr(SMALL, shapes(0, 2, 0, 3)),
                            st.sampled_from([(3, 3), 4, 0, (2, 0), -1]))),
    Case("np.rollaxis", args=(arr(SMALL, (2, 3, 4)), AXES),
         kwargs={"start": optional(st.integers(-4, 4))}),
    Case("np.permute_dims", args=(arr(SMALL, (2, 3, 1)),),
         kwargs={"axes": optional(st.sampled_from([None, (1, 0, 2), (2, 0, 1), (0, 1)]))}),
    Case("np.matrix_transpose", args=(arr(SMALL, shapes(1, 3, 1, 3)),)),
    Case("np.unstack", args=(arr(SMALL, X),), kwargs={"axis": optional(AXES)}),
    Case("np.astype", args=(arr(SMALL, X), dtype_arg(SMALL)),
         kwargs={"copy": optional(st.booleans())}),
    Case("np.require", args=(arr(SMALL, (2, 3)),), kwargs={
        "dtype": optional(dtype_arg(SMALL)),
        "requirements": optional(st.sampled_from([None, "CWO", ["A", "E"], ["C", "F"], "X"]))}),
    Case("np.ascontiguousarray", args=(arr(SMALL, X),),
         kwargs={"dtype": optional(dtype_arg(SMALL))}),
    Case("np.asfortranarray", args=(arr(SMALL, X),),
         kwargs={"dtype": optional(dtype_arg(SMALL))}),
    Case("np.asanyarray", args=(arr(SMALL, X),), kwargs={"dtype": optional(dtype_arg(SMALL))}),
    Case("np.asarray_chkfinite", args=(arr(("float32", "float64", "int64"), (3,), edge=True),)),
    Case("np.geomspace", args=(st.sampled_from([1, -2.0, 0, 3]), st.sampled_from([1000, -16.0, 5])),
         kwargs={"num": optional(st.sampled_from([0, 1, 4])), "endpoint": optional(st.booleans()),
                 "dtype": optional(st.sampled_from([None, "float32", "int64"]))}),
    Case("np.geomspace", args=(arr("float64", (2,), min_value=1, max_value=5),
                               arr("float64", (2,), min_value=-5, max_value=-1)),
         kwargs={"num": 3, "axis": st.sampled_from([0, 1, -1])}, id="np.geomspace-arrays"),
    Case("np.logspace", args=(st.sampled_from([0, -1.5, 2]), st.sampled_from([2, 3.0])),
         kwargs={"num": optional(st.sampled_from([0, 1, 4])), "endpoint": optional(st.booleans()),
                 "base": optional(st.sampled_from([2, 10.0, [2.0, 3.0]])),
                 "axis": optional(st.sampled_from([0, 1, -1]))}),
    Case("np.logspace", args=(arr(("float32", "float64"), (2,)), 2.0), kwargs={"num": 3},
         id="np.logspace-arrays"),
]
for _row in NEW_ROWS:
    _row.settings = _row.settings or {"max_examples": 3}
ROWS += NEW_ROWS
for _row in ROWS:                   # a few small examples per row keep the file fast
    _row.settings = _row.settings or FEW
test_manipulation = make_tests(ROWS)


# ---- whole snippets: views, scalars, out= ------------------------------------------------------


def _host(x):
    if isinstance(x, (list, tuple)):
        return [_host(v) for v in x]
    if isinstance(x, real_np.generic):
        return ("scalar", type(x).__name__, x.item())
    if isinstance(x, BaseException):
        return ("error", type(x).__name__)
    a = real_np.asarray(x)
    return ("array", str(a.dtype), a.tolist())


def _steps(*thunks):
    out = []
    for thunk in thunks:
        try:
            out.append(thunk())
        except Exception as e:      # noqa: BLE001 - the type is compared
            out.append(e)
    return out


def views(np):
    a = np.arange(6.0).reshape(1, 2, 3)
    s = np.squeeze(a)
    s[0, 0] = -1                        # through squeeze
    w = a.swapaxes(1, 2)
    w[0, 2, 1] = -2                       # through swapaxes (method)
    m = np.moveaxis(a, 0, -1)
    m[1, 1, 0] = -3                     # through moveaxis
    e = np.expand_dims(s, (0, 3))
    e[0, 0, 1, 0] = -4                  # through expand_dims of a view
    parts = np.split(a, 3, axis=2)
    parts[1][0, 0, 0] = -5              # through a split piece
    a[0, 0, 2] = 99                     # the base's write is seen by its views
    t = np.atleast_3d(np.arange(3))
    return [a, s, w, m, e, parts, t.shape, s.base is not None, m.base is not None]


def flips_and_diagonal(np):
    a = np.arange(6).reshape(2, 3)
    d = np.diagonal(a)
    a[1, 1] = 50                        # the read-only diagonal view sees the base's write
    f = np.flip(a)
    return [d, f, np.rot90(a), np.fliplr(a), np.flip(np.array(3)), np.take(a, 4), np.take(a, [[1]]),
            np.clip(5, 0, 3), np.clip(np.int8(5), 0, 3), np.where(True, 1, 2),
            np.count_nonzero(a), np.count_nonzero(a, axis=0), np.squeeze(np.array(2.0)),
            np.broadcast_arrays(1, 2.0), np.atleast_1d(1, [2]), np.roll(np.array(3), 1)]


def outs(np):
    i8 = np.arange(3, dtype=np.int8)
    o = np.zeros(6, dtype=np.int8)
    np.concatenate([np.ones(3), i8], out=o, casting="unsafe")
    t = np.zeros(2, dtype=np.int8)
    np.take(np.arange(3.0), [1, 2], out=t)
    c = np.full(3, -1.0)
    np.clip(np.arange(3.0), 0, 1, where=np.array([True, False, True]), out=c)
    return [o, t, c] + _steps(
        lambda: np.concatenate([np.ones(3), i8], out=o),
        lambda: np.concatenate([i8, i8], out=np.zeros(5, dtype=np.int8)),
        lambda: np.concatenate([i8], out=o, dtype=np.int8),
        lambda: np.take(np.arange(3), [1], out=np.zeros(1)),
        lambda: np.take(np.arange(3), [1, 2], out=np.zeros(3, dtype=np.int64)),
        lambda: np.where(np.array([True]), 1),
        lambda: np.nonzero(np.array(1)),
        lambda: np.clip(i8, 1, 2, min=1),
        lambda: np.clip(i8, 1),
        lambda: np.pad(np.zeros((0, 2)), 1, mode="edge"),
        lambda: np.pad(i8, 1, mode="edge", constant_values=1),
        lambda: np.pad(i8, 1, mode="bogus"),
        lambda: np.squeeze(np.ones((1, 2)), axis=1),
        lambda: np.swapaxes(np.ones((1, 2)), 0, 2),
        lambda: np.take(np.zeros((0, 3)), [0], axis=0))


@pytest.mark.parametrize("program", [views, flips_and_diagonal, outs], ids=lambda p: p.__name__)
def test_program_matches_numpy(program, backend, ours):
    assert _host(program(ours)) == _host(program(real_np))


def _torch_gap(request, backend, reason):
    if backend == "torch":
        request.applymarker(pytest.mark.xfail(strict=True, reason=reason))


def test_diagonal_is_read_only(request, backend, ours):
    _torch_gap(request, backend, "torch: the diagonal view is writable (NumPy's is read-only)")
    d = ours.arange(4).reshape(2, 2).diagonal()
    with pytest.raises(ValueError):
        d[0] = 1


def flip_views(np):
    a = np.arange(6).reshape(2, 3)
    f = np.flip(a)
    f[0, 0] = 99
    r = np.rot90(a)
    r[0, 0] = -7
    u = np.flipud(a)
    u[0, 1] += 100
    return [a, f, r, u]


def test_flips_are_views(request, backend, ours):
    _torch_gap(request, backend, "torch has no negative strides: flips are copies")
    assert _host(flip_views(ours)) == _host(flip_views(real_np))


def inplace_through_views(np):
    """The in-place functions write into the base through views (and into views)."""
    a = np.arange(12).reshape(3, 4)
    np.put_along_axis(a[1:], np.array([[0], [3]]), -1, 1)       # through a basic slice
    np.place(a.T, a.T > 9, [90, 91])                            # through a transpose
    np.putmask(a[:, 1], np.array([True, False, True]), [50, 51, 52])
    np.copyto(a[0], [7, 8, 9, 10], where=[True, False, True, False])
    b = np.zeros((5, 2), dtype=np.int8)
    np.fill_diagonal(b[1:], [1, 2], wrap=True)
    c = np.zeros((5, 2), dtype=np.int8)
    np.fill_diagonal(c, 3)
    v = a.reshape(-1)
    np.copyto(v, 0, where=v % 5 == 0)                           # the base sees the write
    return [a, b, c, v] + _steps(lambda: np.put_along_axis([1], np.array([0]), 1, 0),
                                 lambda: np.place([1, 2], [True, False], [1]),
                                 lambda: np.putmask([1, 2], [True, False], [1]),
                                 lambda: np.copyto([1, 2], 1),
                                 lambda: np.fill_diagonal([[1]], 1),
                                 lambda: np.putmask(a, a > 0, np.array([1.5])),
                                 lambda: np.place(a, a > 0, np.array([1], np.uint64)),
                                 lambda: np.place(c, c > 0, [300]),
                                 lambda: np.choose([0, 1], [[1, 2], [3, 4]], out=np.zeros(3)),
                                 lambda: np.choose([0, 1], [[1, 2], [3, 4]], out=[0, 0]))


def copies_with_outputs(np):
    a = np.zeros(2, np.int8)
    np.copyto(a, [[1, 2]])                  # leading ones broadcast away
    o = np.zeros(2)
    r = np.choose([0, 1], [[1, 2], [3, 4]], out=o)
    return [a, o, r is o]


def views_of_axes(np):
    a = np.arange(24.0).reshape(2, 3, 4)
    r = np.rollaxis(a, 2)
    r[1, 0, 0] = -1
    p = np.permute_dims(a, (1, 0, 2))
    p[2, 1, 3] = -2
    m = np.matrix_transpose(a)
    m[0, 3, 2] = -3
    u = np.unstack(a, axis=1)
    u[0][1, 1] = -4
    w = np.unstack(np.arange(3))
    return [a, r.shape, p.shape, m.shape, [x.shape for x in u], w, np.rollaxis(a, 1, 1).shape,
            np.choose(1, [1, 2]), np.select([True], [3])]


def callables(np):
    a = np.arange(6).reshape(2, 3)
    x = np.linspace(-2.5, 2.5, 6)
    return [np.apply_along_axis(np.sum, 1, a), np.apply_along_axis(lambda v: v * 1.5, 0, a),
            np.apply_along_axis(lambda v: np.outer(v, v), 1, a),
            np.apply_along_axis(lambda v: v[:2], -2, np.arange(24).reshape(2, 3, 4)),
            np.apply_along_axis(lambda v: v[0] if v[0] > 0 else 0.5, 1, a),
            np.apply_over_axes(np.sum, a, [0, 1]), np.apply_over_axes(np.sum, a, -1),
            np.piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v * 2]),
            np.piecewise(x, [x < 0], [lambda v, k: v * k, 7], 3),
            np.piecewise(3.0, [True], [lambda v: v + 1])] + _steps(
        lambda: np.apply_along_axis(np.sum, 0, np.zeros((3, 0))),
        lambda: np.apply_along_axis(np.sum, 2, a),
        lambda: np.apply_over_axes(lambda v, ax: v[0, 0], a, 0),
        lambda: np.piecewise(x, [x < 0], [1, 2, 3]))


def broadcast_object(np):
    b = np.broadcast(np.arange(3), [[1], [2]])
    out = [b.shape, b.nd, b.ndim, b.size, b.numiter, b.index, len(b.iters), list(b), b.index]
    b.reset()
    out += [next(b), b.index, np.broadcast(b, np.ones((1, 1, 3))).shape]
    return out + _steps(lambda: np.broadcast(np.arange(3), np.arange(2)))


@pytest.mark.parametrize("program", [inplace_through_views, copies_with_outputs, views_of_axes,
                                     callables, broadcast_object], ids=lambda p: p.__name__)
def test_more_programs_match_numpy(program, backend, ours):
    assert _host(program(ours)) == _host(program(real_np))
