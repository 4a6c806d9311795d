"""Conformance rows for numpy's index helpers, bit packing and introspection against real NumPy,
and whole snippets for memory sharing, dtype views, ``nditer``, flags and byte swaps."""
import numpy as real_np
import pytest
from hypothesis import strategies as st

from ivy.frontends import numpy as _F
from tests.conformance import Case, arr, dtype_arg, make_tests, optional, shapes

from .test_manipulation import _steps

SMALL = ("int8", "uint8", "int64", "float32", "float64", "bool")
BITS = ("int8", "uint8", "int64", "bool")
VIEWABLE = ("int8", "uint8", "int16", "int32", "float32", "int64", "float64")
SQUAREISH = st.sampled_from([(2, 2), (3, 3), (2, 3), (2, 2, 2), (3,)])

ROWS = [
    Case("np.diag_indices_from", args=(arr(SMALL, SQUAREISH),)),
    Case("np.tril_indices_from", args=(arr(SMALL, SQUAREISH),),
         kwargs={"k": optional(st.integers(-2, 2))}),
    Case("np.triu_indices_from", args=(arr(SMALL, SQUAREISH),),
         kwargs={"k": optional(st.integers(-2, 2))}),
    Case("np.packbits", args=(arr(BITS + ("float32",), shapes(0, 2, 0, 10), min_value=-2,
                                  max_value=2),),
         kwargs={"axis": optional(st.sampled_from([None, 0, -1, 2])),
                 "bitorder": optional(st.sampled_from(["big", "little", "x"]))}),
    Case("np.unpackbits", args=(arr(("uint8", "int8"), shapes(0, 2, 1, 3)),),   # NumPy pads
         # count > 0 of an empty input with uninitialised bytes: non-empty inputs only
         kwargs={"axis": optional(st.sampled_from([None, 0, -1, 2])),
                 "count": optional(st.sampled_from([None, 0, 3, 11, -2, -30])),
                 "bitorder": optional(st.sampled_from(["big", "little"]))}),
    Case("np.isscalar", args=(st.sampled_from([1, 2.5, "a", [1], None]),)),
    Case("np.iterable", args=(st.sampled_from([1, [1], (), "ab"]),)),
    Case("np.isfortran", args=(arr(SMALL, shapes(0, 2)),)),
    Case("np.base_repr", args=(st.integers(-300, 300), st.integers(2, 36)),
         kwargs={"padding": optional(st.integers(0, 3))}),
    Case("np.binary_repr", args=(st.integers(-300, 300),),
         kwargs={"width": optional(st.sampled_from([None, 3, 10]))}),
    Case("np.shares_memory", args=(arr(SMALL, (3,)), arr(SMALL, (3,)))),
    Case("np.may_share_memory", args=(arr(SMALL, (3,)), arr(SMALL, (3,)))),
    Case("numpy.ndarray.view", args=(arr(VIEWABLE, st.sampled_from([(4,), (2, 4), (), (3,)])),
                                     dtype_arg(VIEWABLE))),
    Case("numpy.ndarray.byteswap", args=(arr(("int16", "uint16", "int32", "int64", "float32",
                                             "float64", "complex64", "int8"), shapes(0, 2)),)),
    Case("numpy.ndarray.setflags", args=(arr(SMALL, (2,)),),
         kwargs={"write": optional(st.just(True)), "align": optional(st.just(True)),
                 "uic": optional(st.booleans())}),
]
for _row in ROWS:
    _row.settings = _row.settings or {"max_examples": 3}
test_misc = make_tests(ROWS)


# ---- whole snippets ------------------------------------------------------------------------------


def _host(x):
    if isinstance(x, (list, tuple)):
        return [_host(v) for v in x]
    if isinstance(x, real_np.generic):
        return ("scalar", type(x).__name__, x.item())
    if isinstance(x, BaseException):
        return ("error", next(c.__name__ for c in type(x).__mro__ if c.__module__ == "builtins"))
    if isinstance(x, (real_np.ndarray, _F.ndarray)):
        a = real_np.asarray(x)
        return ("array", str(a.dtype), a.shape, a.tobytes())
    return ("python", type(x).__name__, x)


def sharing(np):
    a = np.arange(12.0)
    b = a.reshape(3, 4)
    c, d, e, f = b[:, 1], b[:, 2], a[::2], a[1::2]
    return [np.shares_memory(a, b), np.shares_memory(c, d), np.may_share_memory(c, d),
            np.shares_memory(e, f), np.may_share_memory(e, f), np.shares_memory(b.T, c),
            np.shares_memory(a, a.copy()), np.may_share_memory(a, a.copy()),
            np.shares_memory([1], [1]), np.shares_memory(a[:0], a), np.shares_memory(c, c),
            np.shares_memory(b[1:, 1:], e), np.shares_memory(np.squeeze(b[None]), d),
            np.shares_memory(a, a.view()), np.shares_memory(np.diagonal(b), b[0]),
            np.shares_memory(np.diagonal(b), b[0, 1:]),
            np.may_share_memory(a.view(np.int64)[2:], a[:2]),
            np.shares_memory(np.unstack(b)[1], b[1, 2:]), np.shares_memory(np.rollaxis(b, 1), c)]


def dtype_views(np):
    a = np.arange(4, dtype=np.int32)
    v = a.view(np.float32)
    v[1] = 1.0                          # a write through the view reaches the base
    w = a.view(np.uint8)
    w[0] = 7
    a[3] = -1                           # and the base's write reaches the views
    s = a.view()
    s[2] = 5
    b = np.arange(6, dtype=np.int16).reshape(2, 3)
    return [a, v, w, a.view(np.int16), s, s.base is a, a.view(np.ndarray)] + _steps(
        lambda: b.T.view(np.int8), lambda: b[:, :1].view(np.int32),
        lambda: b.T[:, :1].view(np.int8), lambda: b[:, 1:].view(np.int32),
        lambda: np.array(3, dtype=np.int32).view(np.int16))


def iterators(np):
    a = np.arange(6).reshape(2, 3)
    it = np.nditer(a, flags=["multi_index"])
    seen = [(x, it.multi_index) for x in it]
    pairs = list(np.nditer([np.arange(3), np.array([[1], [2]])]))
    it = np.nditer(a, flags=["c_index"], order="F")
    fortran = []
    while not it.finished:
        fortran.append((int(it.value), it.index))
        it.iternext()
    with np.nditer(np.array(5.0)) as it:
        zero_d = list(it)
    flat = a.flat
    return [seen, pairs, fortran, zero_d, np.nditer(a).shape, np.nditer(a).itersize,
            np.nditer([a, a]).nop, isinstance(flat, np.flatiter), list(flat)] + _steps(
        lambda: np.nditer([np.arange(2), np.arange(3)]), lambda: np.nditer(np.zeros(0)),
        lambda: list(np.nditer(np.zeros(0), flags=["zerosize_ok"])),
        lambda: np.nditer(np.arange(3)).multi_index)


def index_helpers(np):
    x = np.arange(10)
    return [x[np.s_[2::3]], np.arange(10).reshape(2, 5)[np.index_exp[:, 1]],
            np.mask_indices(3, np.triu, 1),
            np.binary_repr(np.int64(5), 4), np.base_repr(np.int8(7), 2, 3)]


def flags_and_swaps(np):
    a = np.array([1, 2], dtype=np.uint16)
    same = a.byteswap(inplace=True) is a
    b = np.arange(6.0)
    part = b[2:4]
    part.byteswap(inplace=True)         # in place through a view
    return [a, same, b, np.array(1.5).byteswap(), np.array([1 + 2j], np.complex64).byteswap(),
            a.setflags(write=True)] + _steps(lambda: a.setflags(uic=True))


@pytest.mark.parametrize("program", [sharing, dtype_views, iterators, index_helpers,
                                     flags_and_swaps], ids=lambda p: p.__name__)
def test_program_matches_numpy(program, backend, ours):
    assert _host(program(ours)) == _host(program(real_np))


def test_unsupported_raise_not_implemented(backend, ours):
    a = ours.arange(3)
    for thunk in (lambda: a.setflags(write=False), lambda: a.setflags(align=False),
                  lambda: ours.nditer(a, op_flags=["readwrite"]),
                  lambda: ours.nditer(a, flags=["external_loop"]),
                  lambda: ours.nditer(a, op_dtypes=["float64"]),
                  lambda: ours.require(ours.ones((2, 2)), requirements="F"),
                  lambda: ours.geomspace(1j, 10j, 3)):
        with pytest.raises(NotImplementedError):
            thunk()
