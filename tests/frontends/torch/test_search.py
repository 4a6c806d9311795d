"""torch sorting, searching, selection, gather/scatter, index updates, clamping and diagonals vs
real PyTorch."""
import numpy as np
from hypothesis import strategies as st

from tests.conformance import Case, arr, axis_for, make_tests, optional, shared_shape
from tests.conformance.strategies import ArrayArg

ORDERED = ("bool", "int32", "int64", "float32", "float64")
NUMBERS = ("int32", "int64", "float32", "float64")
FLOATS = ("float32", "float64")
INDEX = ("int64", "int32")
X = shared_shape("x", max_dims=3, max_side=3)
DIM = axis_for(X, none=False)
FEW = {"max_examples": 4}
# a dim, sometimes out of range (IndexError)
BAD_DIM = st.one_of(DIM, st.just(3))


@st.composite
def _along(draw, dtypes=NUMBERS, *, src=True, unique=False, oob=False, index_dtypes=("int64",),
           edge=False):
    """(input, dim, index[, src]) for gather/scatter: index no larger than input (src) except
    along dim; ``unique`` keeps each row's targets distinct (scatter's duplicate writes are
    unspecified), ``oob`` sometimes puts an index out of range."""
    dtype = draw(st.sampled_from(dtypes))
    shape = draw(st.lists(st.integers(1, 4), min_size=1, max_size=3).map(tuple))
    dim = draw(st.integers(-len(shape), len(shape) - 1))
    axis = dim % len(shape)
    n = shape[axis]
    ishape = tuple(draw(st.integers(1, s)) if d != axis else
                   draw(st.integers(1, n if unique else 5)) for d, s in enumerate(shape))
    if unique:
        keys = draw(arr("float64", ishape[:axis] + (n,) + ishape[axis + 1:], unique=True))
        index = np.argsort(keys.value, axis=axis).take(range(ishape[axis]), axis=axis)
    else:
        index = draw(arr("int64", ishape, min_value=0, max_value=n - 1)).value
    if oob and draw(st.booleans()):
        index = index.copy()
        index.flat[0] = draw(st.sampled_from([n, -1, n + 3]))
    index = ArrayArg(index.astype(draw(st.sampled_from(index_dtypes))))
    x = draw(arr(dtype, shape, edge=edge))
    if not src:
        return x, dim, index
    sshape = tuple(s + draw(st.integers(0, 1)) for s in ishape)
    return x, dim, index, draw(arr(dtype, sshape, edge=edge))


@st.composite
def _index_update(draw, dtypes=NUMBERS, *, source=True, unique=False, oob=False):
    """(input, dim, index[, source]) for index_add/index_copy/index_fill."""
    dtype = draw(st.sampled_from(dtypes))
    shape = draw(st.lists(st.integers(1, 4), min_size=1, max_size=3).map(tuple))
    dim = draw(st.integers(-len(shape), len(shape) - 1))
    axis = dim % len(shape)
    n = shape[axis]
    if unique:
        k = draw(st.integers(1, n))
        index = np.array(draw(st.permutations(range(n)))[:k], dtype=np.int64)
    else:
        index = draw(arr("int64", (draw(st.integers(1, 5)),), min_value=0, max_value=n - 1)).value
    if oob and draw(st.booleans()):
        index[0] = draw(st.sampled_from([n, -1]))
    x = draw(arr(dtype, shape))
    if not source:
        return x, dim, ArrayArg(index)
    return x, dim, ArrayArg(index), draw(arr(dtype, shape[:axis] + (len(index),) +
                                             shape[axis + 1:]))


@st.composite
def _sorted_pair(draw, batched):
    dtype = draw(st.sampled_from(NUMBERS))
    lead = draw(st.lists(st.integers(1, 3), max_size=2).map(tuple)) if batched else ()
    seq = np.sort(draw(arr(dtype, lead + (draw(st.integers(1, 5)),))).value, axis=-1)
    values = draw(arr(st.sampled_from(NUMBERS), lead + (draw(st.integers(1, 4)),)))
    if not batched:
        values = draw(st.one_of(st.just(values), arr(NUMBERS, (2, 3)), st.integers(-100, 100)))
    return ArrayArg(seq), values


def _unique_values(dtypes):
    return arr(dtypes, X, unique=True)


SEL_DTYPES = ("int32", "int64", "float32", "float64")


def _rows():
    # ---- sorting and selection --------------------------------------------------------------
    yield Case("torch.sort", args=(arr(ORDERED, X, edge=True),),
               kwargs={"dim": optional(BAD_DIM), "descending": optional(st.booleans()),
                       "stable": optional(st.booleans())})
    yield Case("torch.argsort", args=(arr(ORDERED, X, edge=True),),
               kwargs={"dim": optional(DIM), "descending": optional(st.booleans())})
    yield Case("torch.msort", args=(arr(NUMBERS, X, edge=True),), settings=FEW)
    # ties among equal values come out in an implementation-defined order: distinct values
    yield Case("torch.topk", args=(arr(SEL_DTYPES, X, unique=True), st.integers(0, 2)),
               kwargs={"dim": optional(DIM), "largest": optional(st.booleans())})
    yield Case("torch.topk", args=(arr(("float32",), (5,), edge=True, unique=True),
                                   st.integers(1, 3)),
               kwargs={"largest": optional(st.booleans())}, id="torch.topk-nan", settings=FEW)
    yield Case("torch.topk", args=(arr(("bool", "int64"), (3,)), st.integers(3, 4)),
               id="torch.topk-errors", settings=FEW)
    yield Case("torch.kthvalue", args=(_unique_values(SEL_DTYPES), st.integers(1, 2)),
               kwargs={"dim": optional(DIM), "keepdim": optional(st.booleans())})
    yield Case("torch.median", args=(arr(NUMBERS, X, edge=True),))
    yield Case("torch.median", args=(arr(NUMBERS, X, edge=True), DIM),
               kwargs={"keepdim": optional(st.booleans())}, id="torch.median-dim")
    yield Case("torch.nanmedian", args=(arr(FLOATS, X, edge=True), DIM), settings=FEW)
    yield Case("torch.nanmedian", args=(arr(FLOATS, X, edge=True),), id="torch.nanmedian-all",
               settings=FEW)
    # mode's index among NaNs depends on std::sort with a broken order: ordinary values
    yield Case("torch.mode", args=(arr(("bool", "int64", "float32"), X, min_value=-2,
                                       max_value=2),),
               kwargs={"dim": optional(DIM), "keepdim": optional(st.booleans())})
    yield Case("torch.unique", args=(arr(ORDERED, X, min_value=-3, max_value=3, edge=True),),
               kwargs={"sorted": optional(st.booleans()),
                       "return_inverse": optional(st.booleans()),
                       "return_counts": optional(st.booleans())})
    yield Case("torch.unique", args=(arr(("int64", "float32", "bool"), X, min_value=-1,
                                         max_value=1),),
               kwargs={"return_inverse": st.booleans(), "return_counts": st.booleans(),
                       "dim": BAD_DIM}, id="torch.unique-dim")
    yield Case("torch.unique_consecutive", args=(arr(ORDERED, X, min_value=-1, max_value=1),),
               kwargs={"return_inverse": optional(st.booleans()),
                       "return_counts": optional(st.booleans()), "dim": optional(DIM)})
    # ---- searching --------------------------------------------------------------------------
    yield Case("torch.searchsorted", args=_sorted_pair(False),
               kwargs={"right": optional(st.booleans()), "out_int32": optional(st.booleans()),
                       "side": optional(st.sampled_from(["left", "right", "middle"]))})
    yield Case("torch.searchsorted", args=_sorted_pair(True),
               kwargs={"right": optional(st.booleans())}, id="torch.searchsorted-batched")
    yield Case("torch.searchsorted",
               inputs=st.tuples(arr("float64", (5,), unique=True), arr("float64", (2, 3)),
                                st.sampled_from(["left", "right"])).map(
                   lambda t: ((t[0], t[1]), {"side": t[2],
                                             "sorter": ArrayArg(np.argsort(t[0].value))})),
               id="torch.searchsorted-sorter")
    yield Case("torch.bucketize", args=_sorted_pair(False).map(lambda p: (p[1], p[0])),
               kwargs={"right": optional(st.booleans()), "out_int32": optional(st.booleans())})
    yield Case("torch.isin", args=(arr(("int64", "float32", "bool"), X, min_value=-3,
                                       max_value=3, edge=True),
                                   st.one_of(arr(("int64", "float64"), (3,), min_value=-3,
                                                 max_value=3), st.integers(-3, 3))),
               kwargs={"invert": optional(st.booleans())})
    yield Case("torch.argwhere", args=(arr(ORDERED, X, min_value=-1, max_value=1),))
    # ---- gather / scatter -------------------------------------------------------------------
    yield Case("torch.gather", args=_along(ORDERED, src=False, oob=True, index_dtypes=INDEX))
    yield Case("torch.scatter", args=_along(ORDERED, unique=True, oob=True, index_dtypes=INDEX))
    yield Case("torch.scatter", args=_along(NUMBERS, src=False, unique=True).flatmap(
        lambda a: st.just(a + (2,)) | st.just(a + (-1.5,))), id="torch.scatter-value")
    yield Case("torch.scatter", args=_along(NUMBERS),
               kwargs={"reduce": st.sampled_from(["add", "multiply", "sum"])},
               id="torch.scatter-reduce", settings=FEW)
    yield Case("torch.scatter_add", args=_along(ORDERED, oob=True))
    yield Case("torch.scatter_reduce", args=_along(("int64", "float32", "float64", "bool"))
               .flatmap(lambda a: st.just(a) | st.just(a[:3] + (a[3],))),
               kwargs={"reduce": st.sampled_from(["sum", "prod", "mean", "amax", "amin", "max"]),
                       "include_self": optional(st.booleans())}, rtol=1e-4)
    yield Case("torch.Tensor.scatter_", args=_along(NUMBERS, unique=True))
    yield Case("torch.Tensor.scatter_reduce_", args=_along(FLOATS),
               kwargs={"reduce": st.sampled_from(["sum", "amax", "mean"]),
                       "include_self": st.booleans()}, settings={"max_examples": 2})
    # ---- index_* -----------------------------------------------------------------------------
    yield Case("torch.index_select", args=_along(ORDERED, src=False, oob=True).map(
        lambda a: (a[0], a[1], ArrayArg(a[2].value.reshape(-1)[:4]))))
    yield Case("torch.index_add", args=_index_update(ORDERED, oob=True),
               kwargs={"alpha": optional(st.sampled_from([2, -1]))})
    yield Case("torch.index_copy", args=_index_update(ORDERED, unique=True, oob=True))
    yield Case("torch.index_fill", args=_index_update(ORDERED, source=False, oob=True).flatmap(
        lambda a: st.tuples(*map(st.just, a), st.sampled_from([0, 1, -2.5, True]))))
    yield Case("torch.index_put", args=(arr(NUMBERS, (3, 4)),
                                        st.tuples(arr("int64", (3,), min_value=-3, max_value=3)),
                                        arr(st.sampled_from(["float32"]), (1,))),
               kwargs={"accumulate": optional(st.booleans())})
    for name in ("index_add_", "index_copy_", "index_fill_"):
        strategy = _index_update(NUMBERS, unique=True, source=name != "index_fill_")
        if name == "index_fill_":
            strategy = strategy.map(lambda a: a + (3,))
        yield Case(f"torch.Tensor.{name}", args=strategy, settings=FEW)
    yield Case("torch.Tensor.index_put_", args=(arr("float32", (3, 4)),
                                                st.tuples(arr("int64", (2,), min_value=0,
                                                              max_value=2),
                                                          arr("int64", (2,), min_value=0,
                                                              max_value=3)),
                                                arr("float32", (1,)), True), settings=FEW)
    # ---- masks and take ------------------------------------------------------------------------
    M = shared_shape("m", max_dims=2)
    yield Case("torch.masked_fill", args=(arr(ORDERED, M), arr(("bool", "bool", "int64"), M),
                                          st.sampled_from([0, 1.5, -3, True])))
    yield Case("torch.masked_fill", args=(arr(NUMBERS, (2, 3)), arr("bool", (3,)),
                                          arr(FLOATS, st.sampled_from([(), (1,)]))),
               id="torch.masked_fill-tensor")
    yield Case("torch.Tensor.masked_fill_", args=(arr(NUMBERS, (2, 3)), arr("bool", (3,)), 2.5),
               settings=FEW)
    yield Case("torch.masked_select", args=(arr(ORDERED, M), arr(("bool", "bool", "uint8"), M)))
    yield Case("torch.masked_scatter", args=(arr(NUMBERS, (2, 3)), arr("bool", (3,)),
                                             arr(NUMBERS, st.sampled_from([(6,), (2, 4), (3,)]))))
    yield Case("torch.Tensor.masked_scatter_", args=(arr("float32", (2, 3)), arr("bool", (2, 3)),
                                                     arr("float32", (6,))), settings=FEW)
    yield Case("torch.take", args=(arr(ORDERED, X),
                                   arr(("int64", "int64", "int32"), st.sampled_from([(2,), (2, 2)]),
                                       min_value=-1, max_value=0)))
    yield Case("torch.take", args=(arr(NUMBERS, (2, 3)), arr("int64", (3,), min_value=-8,
                                                              max_value=7)),
               id="torch.take-range")
    yield Case("torch.take_along_dim", args=_along(ORDERED, src=False, index_dtypes=INDEX))
    yield Case("torch.take_along_dim", args=(arr(NUMBERS, (2, 3)),
                                             arr("int64", st.sampled_from([(4,), (2, 2)]),
                                                 min_value=-6, max_value=5)),
               id="torch.take_along_dim-flat")
    small = arr("int64", st.sampled_from([(1, 2), (2, 1), (1, 1)]), min_value=-2, max_value=1)
    yield Case("torch.take_along_dim", args=(arr(NUMBERS, (2, 3)), small, st.sampled_from([0, 1])),
               id="torch.take_along_dim-broadcast")
    # ---- clamp -------------------------------------------------------------------------------
    bound = st.one_of(st.none(), st.integers(-3, 3), st.floats(-3, 3, width=32),
                      st.just(float("nan")), arr(("int64", "float32"), st.sampled_from([(), (1,)]),
                                                 min_value=-3, max_value=3))
    yield Case("torch.clamp", args=(arr(ORDERED, X, edge=True, min_value=-5, max_value=5),
                                    bound, bound))
    yield Case("torch.clip", args=(arr(NUMBERS, X), bound, bound), settings={"max_examples": 2})
    yield Case("torch.clamp", args=(arr(FLOATS, (2, 3), edge=True), arr(FLOATS, (3,), edge=True),
                                    arr(FLOATS, (2, 1), edge=True)), id="torch.clamp-tensors")
    yield Case("torch.clamp_min", args=(arr(NUMBERS, X), bound))
    yield Case("torch.clamp_max", args=(arr(NUMBERS, X), bound))
    yield Case("torch.Tensor.clamp_", args=(arr(NUMBERS, X), bound, bound))
    yield Case("torch.Tensor.clip_", args=(arr(NUMBERS, X), bound, bound),
               settings={"max_examples": 2})
    # ---- counting, histograms, scans ----------------------------------------------------------
    yield Case("torch.bincount", args=(arr(("int64", "int32", "uint8", "float32", "bool"),
                                           st.sampled_from([(0,), (5,), (2, 2)]), min_value=-1,
                                           max_value=6),),
               kwargs={"minlength": optional(st.integers(-1, 8))})
    yield Case("torch.bincount", args=(arr("int64", (4,), min_value=0, max_value=5),
                                       arr(("float32", "float64", "int64", "bool"),
                                           st.sampled_from([(4,), (3,)]))),
               id="torch.bincount-weights")
    # values near the float maximum overflow torch's binning arithmetic (undefined behaviour)
    yield Case("torch.histc", args=(arr(("float32", "float64", "int64"), X, edge=True,
                                        min_value=-1e3, max_value=1e3),),
               kwargs={"bins": optional(st.integers(1, 6)), "min": optional(st.integers(-5, 0)),
                       "max": optional(st.integers(-1, 5))})
    for name in ("cummax", "cummin"):
        yield Case(f"torch.{name}", args=(arr(ORDERED, X, edge=True), BAD_DIM))
    yield Case("torch.logcumsumexp", args=(arr(("float32", "float64", "int64"), X, edge=True),
                                           DIM), rtol=1e-4, atol=1e-5)
    yield Case("torch.diff", args=(arr(ORDERED, X),),
               kwargs={"n": optional(st.integers(-1, 3)), "dim": optional(DIM)})
    yield Case("torch.diff", args=(arr(("int64", "float32", "uint8"), (2, 3)),),
               kwargs={"prepend": optional(arr(("int64", "float64", "uint8"),
                                               st.sampled_from([(2, 1), (1,), (2, 2)]))),
                       "append": optional(arr(("int64", "float32"), (2, 1)))},
               id="torch.diff-pend")
    # ---- diagonals and triangles ----------------------------------------------------------------
    Y = shared_shape("y", min_dims=1, max_dims=3)
    yield Case("torch.rot90", args=(arr(ORDERED, Y), st.integers(-5, 5),
                                    st.sampled_from([(0, 1), (1, 0), (-1, 0), (0, 2), (0, 0),
                                                     (0,), [1, -2]])))
    for name in ("tril", "triu"):
        yield Case(f"torch.{name}", args=(arr(ORDERED, Y),),
                   kwargs={"diagonal": optional(st.integers(-3, 3))})
        yield Case(f"torch.Tensor.{name}_", args=(arr(NUMBERS, (3, 4)), st.integers(-2, 2)),
                   settings=FEW)
    yield Case("torch.diag", args=(arr(ORDERED, shared_shape("d", min_dims=0, max_dims=3)),),
               kwargs={"diagonal": optional(st.integers(-4, 4))})
    yield Case("torch.diagonal", args=(arr(ORDERED, Y),),
               kwargs={"offset": optional(st.integers(-3, 3)),
                       "dim1": optional(st.integers(-3, 2)), "dim2": optional(st.integers(-3, 2))})
    yield Case("torch.diag_embed", args=(arr(ORDERED, shared_shape("e", max_dims=2)),),
               kwargs={"offset": optional(st.integers(-2, 2)),
                       "dim1": optional(st.integers(-3, 2)), "dim2": optional(st.integers(-3, 2))})
    yield Case("torch.trace", args=(arr(("bool", "uint8", "int32", "int64", "float32", "float64"),
                                        st.sampled_from([(2, 3), (3, 3), (3,), (2, 2, 2)])),))


def _budgeted(cases):
    """Many rows over four backends: four examples each keep the file inside its time budget."""
    for case in cases:
        case.settings = case.settings or FEW
        yield case


test_search = make_tests(list(_budgeted(_rows())))
