"""Creation functions on every backend against array_api_strict."""
import pytest
from hypothesis import strategies as st

from ivy.core import dtypes as D

from . import strategies as S
from .harness import ULP_SCALED, Case, Dt, Row, row_params, run_row

_KIND_DTYPES = {bool: D.BOOL, int: D.INTEGRAL + ("float32", "float64") + D.COMPLEX_FLOATING,
                float: ("float32", "float64") + D.COMPLEX_FLOATING, complex: D.COMPLEX_FLOATING}


def optional_dtype(names):
    return st.one_of(st.none(), st.sampled_from(names))


def kw(**kwargs):
    """Keyword arguments without the ones drawn as None (None means 'use the default')."""
    return {k: v for k, v in kwargs.items() if v is not None}


def shape_arg():
    """A shape argument: an int or a tuple."""
    return st.one_of(S.sides(), S.shapes())


@st.composite
def python_values(draw, dtype):
    """A Python scalar of ``dtype``'s kind, or of a weaker kind that converts exactly."""
    if dtype is None:
        kind = draw(st.sampled_from((bool, int, float, complex)))
        dtype = {bool: "bool", int: "int64", float: "float64", complex: "complex128"}[kind]
    return draw(S.scalars(dtype, nonfinite=dtype not in D.INTEGRAL))


@st.composite
def asarray_case(draw):
    source = draw(st.sampled_from(("array", "scalar", "nested")))
    copy = draw(st.sampled_from((None, None, True)))
    if source == "array":
        src = draw(S.dtypes())
        x = draw(S.arrays(src, S.shapes()))
        dtype = draw(optional_dtype([d for d in D.ARRAY_API if D.can_cast(src, d)]))
        return Case(x, **kw(dtype=Dt(dtype) if dtype else None, copy=copy))
    kind = draw(st.sampled_from((bool, int, float, complex)))
    dtype = draw(optional_dtype(_KIND_DTYPES[kind]))
    value_dtype = dtype or {bool: "bool", int: "int64", float: "float64", complex: "complex128"}[kind]
    if kind is int and dtype is not None and dtype not in D.INTEGRAL:
        value_dtype = "int16"  # ints converting exactly to any floating dtype
    value = {bool: st.booleans(), int: S.elements(value_dtype).map(int),
             float: S.elements(D.REAL_OF.get(value_dtype, value_dtype)).map(float),
             complex: S.elements(value_dtype).map(complex)}[kind]
    if source == "scalar":
        obj = draw(value)
    else:
        shp = draw(S.shapes(1, 2, 1, 3))
        flat = draw(st.lists(value, min_size=_prod(shp), max_size=_prod(shp)))
        obj = _nest(flat, shp)
    return Case(obj, **kw(dtype=Dt(dtype) if dtype else None, copy=copy))


def _prod(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def _nest(flat, shape):
    if len(shape) == 1:
        return list(flat)
    step = _prod(shape[1:])
    return [_nest(flat[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


@st.composite
def arange_case(draw):
    if draw(st.booleans()):  # integers
        start = draw(st.integers(-10, 10))
        stop = draw(st.one_of(st.none(), st.integers(-10, 10)))
        step = draw(st.sampled_from((1, 1, 2, 3, -1, -2)))
        lo = min(0, start) if stop is None else min(start, stop)
        ints = [d for d in D.INTEGRAL if lo >= 0 or d in D.SIGNED]
        dtype = draw(optional_dtype(ints + ["float32", "float64"]))
    else:  # quarter steps: exact arithmetic, so the length is unambiguous
        q = st.integers(-40, 40).map(lambda i: i / 4)
        start, stop = draw(q), draw(st.one_of(st.none(), q))
        step = draw(st.sampled_from((0.25, 0.5, 1.5, -0.25, -1.0)))
        dtype = draw(optional_dtype(["float32", "float64"]))
    args = (start,) if stop is None and step == 1 else (start, stop, step)
    return Case(*args, **kw(dtype=Dt(dtype) if dtype else None))


@st.composite
def eye_case(draw):
    n_rows = draw(st.integers(0, 4))
    n_cols = draw(st.one_of(st.none(), st.integers(0, 4)))
    args = (n_rows,) if n_cols is None else (n_rows, n_cols)
    k = draw(st.one_of(st.none(), st.integers(-4, 4)))
    dtype = draw(optional_dtype(D.ARRAY_API))
    return Case(*args, **kw(k=k, dtype=Dt(dtype) if dtype else None))


@st.composite
def full_case(draw):
    shape = draw(shape_arg())
    dtype = draw(optional_dtype(D.ARRAY_API))
    return Case(shape, draw(python_values(dtype)), **kw(dtype=Dt(dtype) if dtype else None))


@st.composite
def full_like_case(draw):
    x = draw(S.arrays(S.dtypes(), S.shapes()))
    dtype = draw(optional_dtype(D.ARRAY_API))
    value = draw(python_values(dtype or S.canonical(x.dtype)))
    return Case(x, value, **kw(dtype=Dt(dtype) if dtype else None))


@st.composite
def shape_dtype_case(draw):
    dtype = draw(optional_dtype(D.ARRAY_API))
    return Case(draw(shape_arg()), **kw(dtype=Dt(dtype) if dtype else None))


@st.composite
def like_case(draw):
    x = draw(S.arrays(S.dtypes(), S.shapes()))
    dtype = draw(optional_dtype(D.ARRAY_API))
    return Case(x, **kw(dtype=Dt(dtype) if dtype else None))


@st.composite
def linspace_case(draw):
    if draw(st.booleans()):
        value = S.elements("float64", bound=100.0, nonfinite=False).map(float)
        dtypes = ["float32", "float64"]
    else:
        value = S.elements("complex128", bound=100.0, nonfinite=False).map(complex)
        dtypes = list(D.COMPLEX_FLOATING)
    start, stop = draw(value), draw(value)
    num = draw(st.integers(0, 5))
    dtype = draw(optional_dtype(dtypes))
    endpoint = draw(st.sampled_from((None, True, False)))
    return Case(start, stop, num, **kw(dtype=Dt(dtype) if dtype else None, endpoint=endpoint))


def linspace_scale(case):
    return max(1.0, abs(case.args[0]), abs(case.args[1]))


@st.composite
def meshgrid_case(draw):
    dtype = draw(S.dtypes())
    n = draw(st.integers(1, 3))
    arrays = [draw(S.arrays(dtype, S.shapes(1, 1))) for _ in range(n)]
    indexing = draw(st.sampled_from((None, "xy", "ij")))
    return Case(*arrays, **kw(indexing=indexing))


@st.composite
def triangle_case(draw):
    x = draw(S.arrays(S.dtypes(), S.shapes(2, 3)))
    k = draw(st.one_of(st.none(), st.integers(-3, 3)))
    return Case(x, **kw(k=k))


ROWS = [
    Row("asarray", asarray_case(), signed_zeros=True),
    Row("arange", arange_case()),
    Row("empty", shape_dtype_case(), values=False),
    Row("empty_like", like_case(), values=False),
    Row("eye", eye_case()),
    Row("from_dlpack", st.builds(Case, S.arrays(S.dtypes(), S.shapes())), signed_zeros=True),
    Row("full", full_case(), signed_zeros=True),
    Row("full_like", full_like_case(), signed_zeros=True),
    Row("linspace", linspace_case(), ULP_SCALED, scale=linspace_scale),
    Row("meshgrid", meshgrid_case(), signed_zeros=True),
    Row("ones", shape_dtype_case()),
    Row("ones_like", like_case()),
    Row("tril", triangle_case(), signed_zeros=True),
    Row("triu", triangle_case(), signed_zeros=True),
    Row("zeros", shape_dtype_case(), signed_zeros=True),
    Row("zeros_like", like_case(), signed_zeros=True),
]


@pytest.mark.parametrize("row", row_params(ROWS))
def test_creation(xp, backend, row):
    run_row(xp, backend, row)
