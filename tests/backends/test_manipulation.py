"""Manipulation and indexing functions on every backend against array_api_strict."""
import itertools

import pytest
from hypothesis import strategies as st

from . import strategies as S
from .harness import Case, Row, row_params, run_row


def any_array(min_dims=0, max_dims=3):
    return S.arrays(S.dtypes(), S.shapes(min_dims, max_dims))


@st.composite
def concat_case(draw):
    """Arrays equal in shape except along ``axis`` (axis None flattens: any shapes)."""
    n = draw(st.integers(1, 3))
    d1, d2 = draw(S.dtype_pairs())
    dts = [draw(st.sampled_from((d1, d2))) for _ in range(n)]
    base = draw(S.shapes(1, 3))
    ax = draw(st.one_of(S.axis(len(base)), st.none()))
    arrays = []
    for dt in dts:
        shp = list(base)
        if ax is None:
            shp = list(draw(S.shapes()))
        else:
            shp[ax] = draw(S.sides())
        arrays.append(draw(S.arrays(dt, tuple(shp))))
    container = draw(st.sampled_from((list, tuple)))
    if ax == 0 and draw(st.booleans()):
        return Case(container(arrays))
    return Case(container(arrays), axis=ax)


@st.composite
def stack_case(draw):
    n = draw(st.integers(1, 3))
    d1, d2 = draw(S.dtype_pairs())
    shp = draw(S.shapes())
    arrays = [draw(S.arrays(draw(st.sampled_from((d1, d2))), shp)) for _ in range(n)]
    ax = draw(st.integers(-len(shp) - 1, len(shp)))
    return Case(arrays, axis=ax) if ax or draw(st.booleans()) else Case(arrays)


@st.composite
def expand_dims_case(draw):
    x = draw(any_array())
    return Case(x, axis=draw(st.integers(-x.ndim - 1, x.ndim)))


@st.composite
def flip_case(draw):
    x = draw(any_array())
    ax = draw(S.axes(x.ndim))
    return Case(x) if ax is None and draw(st.booleans()) else Case(x, axis=ax)


@st.composite
def moveaxis_case(draw):
    x = draw(any_array(1))
    src = draw(S.axes(x.ndim, none=False))
    if isinstance(src, int):
        return Case(x, src, draw(S.axis(x.ndim)))
    dst = draw(st.permutations(range(x.ndim)).map(lambda p: tuple(p[:len(src)])))
    return Case(x, src, dst)


@st.composite
def permute_dims_case(draw):
    x = draw(any_array())
    return Case(x, tuple(draw(st.permutations(range(x.ndim)))))


@st.composite
def repeat_case(draw):
    x = draw(any_array())
    ax = draw(S.axis(x.ndim, none=True)) if x.ndim else None
    length = x.size if ax is None else x.shape[ax]
    how = draw(st.sampled_from(("int", "array", "one")))
    if how == "int":
        repeats = draw(st.integers(0, 3))
    else:
        n = 1 if how == "one" else length
        repeats = draw(S.arrays(draw(st.sampled_from(("int64", "int32", "uint8"))), (n,),
                                lo=0, hi=3))
    return Case(x, repeats) if ax is None and draw(st.booleans()) else Case(x, repeats, axis=ax)


def _factorizations(n, max_dims=3):
    out = [()] if n == 1 else []
    for k in range(1, max_dims + 1):
        for combo in itertools.product(range(0 if n == 0 else 1, 7), repeat=k):
            p = 1
            for c in combo:
                p *= c
            if p == n:
                out.append(combo)
    return out


@st.composite
def reshape_case(draw):
    x = draw(any_array())
    target = list(draw(st.sampled_from(_factorizations(x.size))))
    if target and x.size and draw(st.booleans()):
        target[draw(st.integers(0, len(target) - 1))] = -1
    copy = draw(st.sampled_from((None, None, True)))
    return Case(x, tuple(target)) if copy is None else Case(x, tuple(target), copy=copy)


@st.composite
def roll_case(draw):
    x = draw(any_array())
    ax = draw(S.axes(x.ndim, min_size=1))  # axis=() trips numpy (the reference)
    shift = draw(st.integers(-4, 4))
    if isinstance(ax, tuple) and draw(st.booleans()):
        shift = tuple(draw(st.integers(-4, 4)) for _ in ax)
    return Case(x, shift) if ax is None and draw(st.booleans()) else Case(x, shift, axis=ax)


@st.composite
def squeeze_case(draw):
    """Axes of size 1 (an int or a tuple); sometimes an axis of another size, which must raise."""
    x = draw(any_array())
    ones = [i for i, d in enumerate(x.shape) if d == 1]
    if ones:
        pick = draw(st.lists(st.sampled_from(ones), min_size=1, max_size=len(ones), unique=True))
        pick = [p - x.ndim if draw(st.booleans()) else p for p in pick]
        ax = pick[0] if len(pick) == 1 and draw(st.booleans()) else tuple(pick)
    elif x.ndim:
        ax = draw(S.axis(x.ndim))
    else:
        ax = ()
    return Case(x, axis=ax)


@st.composite
def tile_case(draw):
    x = draw(any_array())
    reps = tuple(draw(st.lists(st.integers(0, 2), max_size=3)))
    return Case(x, reps)


@st.composite
def unstack_case(draw):
    x = draw(any_array(1))
    ax = draw(S.axis(x.ndim))
    return Case(x, axis=ax) if ax or draw(st.booleans()) else Case(x)


@st.composite
def take_case(draw):
    x = draw(any_array(1))
    ax = draw(S.axis(x.ndim, none=x.ndim == 1))
    size = x.shape[0 if ax is None else ax]
    idx = draw(S.index_arrays(size, (draw(S.sides()),) if size else (0,)))
    return Case(x, idx) if ax is None else Case(x, idx, axis=ax)


@st.composite
def take_along_axis_case(draw):
    x = draw(any_array(1))
    ax = draw(S.axis(x.ndim))
    shp = list(x.shape)
    shp[ax] = draw(S.sides()) if x.shape[ax] else 0
    # other dimensions broadcast: sometimes 1
    shp = [1 if i != ax % x.ndim and draw(st.integers(0, 3)) == 0 else d for i, d in enumerate(shp)]
    idx = draw(S.index_arrays(x.shape[ax], tuple(shp))) if x.shape[ax] else draw(
        S.arrays("int64", tuple(shp)))
    return Case(x, idx, axis=ax) if ax != -1 or draw(st.booleans()) else Case(x, idx)


ROWS = [
    Row("concat", concat_case(), signed_zeros=True),
    Row("expand_dims", expand_dims_case(), signed_zeros=True),
    Row("flip", flip_case(), signed_zeros=True),
    Row("moveaxis", moveaxis_case(), signed_zeros=True),
    Row("permute_dims", permute_dims_case(), signed_zeros=True),
    Row("repeat", repeat_case(), signed_zeros=True),
    Row("reshape", reshape_case(), signed_zeros=True),
    Row("roll", roll_case(), signed_zeros=True),
    Row("squeeze", squeeze_case(), signed_zeros=True),
    Row("stack", stack_case(), signed_zeros=True),
    Row("tile", tile_case(), signed_zeros=True),
    Row("unstack", unstack_case(), signed_zeros=True),
    Row("take", take_case(), signed_zeros=True),
    Row("take_along_axis", take_along_axis_case(), signed_zeros=True),
]


@pytest.mark.parametrize("row", row_params(ROWS))
def test_manipulation(xp, backend, row):
    run_row(xp, backend, row)
