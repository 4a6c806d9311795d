"""Conformance rows for numpy's shape-manipulation functions against real NumPy, and whole
snippets for views (write-through), NumPy scalars and exception types."""
import numpy as real_np
import pytest
from hypothesis import strategies as st

import ivy
from ivy.frontends import numpy as _F
from ivy.frontends.numpy import _manipulation as _M
from tests.conformance import (ALL, Case, arr, axis_for, broadcastable, dtype_arg, make_tests,
                               optional, shapes, shared_shape)

if not hasattr(_F, "concatenate"):      # until the lead lists _manipulation in _MODULES
    _F.__dict__.update(_M.FUNCTIONS)
    for _name, _fn in _M.METHODS.items():
        setattr(_F.ndarray, _name, _fn)

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
for _row in ROWS:                   # a few small examples per row keep the file fast
    _row.settings = _row.settings or FEW
test_manipulation = make_tests(ROWS)


# ---- whole snippets: views, scalars, out= ------------------------------------------------------

@pytest.fixture
def ours(backend):
    with ivy.using_backend(backend):
        yield _F


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
