"""Data-type functions, utility functions and ivy's metadata extras, against array_api_strict.

The extras (``dtype``, ``device``, ``to_device``, ``shape``, ``to_numpy``, ``is_native_array``,
``ndim``, ``size``) have no strict counterpart: their rows carry their own reference.
"""
import re

import numpy as np
import pytest
from hypothesis import strategies as st

from ivy.core import dtypes as D

from . import strategies as S
from .cases import reduction
from .harness import (Case, Dt, Like, Raw, Row, StrictArray, row_params, run_row,
                      strict_dtype_name)

DEVICE = re.compile(r"cpu|[a-z]+:\d+")  # canonical device names: "cpu", "gpu:0", ...


@st.composite
def astype_case(draw):
    """Any dtype to any dtype, values defined for the cast (no NaN/inf/out-of-range float->int)."""
    src, dst = draw(S.dtypes()), draw(S.dtypes())
    opts = {}
    if src in D.FLOATING and dst in D.INTEGRAL:  # powers of two: exact bounds in every width
        half_range = 2.0 ** (D.BITS[dst] - 2)
        opts = dict(nonfinite=False, lo=-half_range if dst in D.SIGNED else 0.0, hi=half_range)
    x = draw(S.arrays(src, S.shapes(), **opts))
    copy = draw(st.sampled_from((None, True, False)))
    return Case(x, Dt(dst)) if copy is None else Case(x, Dt(dst), copy=copy)


@st.composite
def broadcast_arrays_case(draw):
    n = draw(st.integers(1, 3))
    shapes = draw(S.broadcastable_shapes(n))
    return Case(*[draw(S.arrays(S.dtypes(), s)) for s in shapes])


@st.composite
def broadcast_to_case(draw):
    """A target shape and x with a suffix of it (some sides 1); occasionally an incompatible one."""
    target = draw(S.shapes())
    keep = draw(st.integers(0, len(target)))
    mask = draw(st.integers(0, 2 ** keep - 1))
    shp = tuple(1 if mask >> i & 1 else d for i, d in enumerate(target[len(target) - keep:]))
    if shp and draw(st.integers(0, 5)) == 0:
        shp = shp[:-1] + (shp[-1] + 2,)  # does not broadcast: the backend must raise
    return Case(draw(S.arrays(S.dtypes(), shp)), target)


@st.composite
def broadcast_shapes_case(draw):
    """Shapes that broadcast, sometimes with one side changed so they do not (must raise)."""
    shapes = draw(S.broadcastable_shapes(draw(st.integers(0, 3))))
    if shapes and shapes[0] and draw(st.integers(0, 4)) == 0:
        shapes[0] = shapes[0][:-1] + (shapes[0][-1] + 2,)
    return Case(*shapes)


def dtype_or_array(category="all"):
    return st.one_of(S.dtypes(category).map(Dt), S.arrays(S.dtypes(category), S.shapes(0, 1)))


KINDS = ("bool", "signed integer", "unsigned integer", "integral", "real floating",
         "complex floating", "numeric")


@st.composite
def isdtype_case(draw):
    one = st.one_of(st.sampled_from(KINDS), S.dtypes().map(Dt))
    kind = draw(st.one_of(one, st.lists(one, min_size=1, max_size=3).map(tuple)))
    return Case(Dt(draw(S.dtypes())), kind)


@st.composite
def result_type_case(draw):
    """Arrays and dtypes (any pairs: mixed kinds must raise) plus Python scalars."""
    n = draw(st.integers(0, 3))
    items = [draw(dtype_or_array()) for _ in range(n)]
    for _ in range(draw(st.integers(0 if n else 1, 1))):
        kind_of = draw(S.dtypes())
        items.insert(draw(st.integers(0, len(items))), draw(S.scalars(kind_of, nonfinite=False)))
    return Case(*items)


def array_case(category="all"):
    return st.builds(Case, S.arrays(S.dtypes(category), S.shapes()))


# ---- references for the extras ---------------------------------------------------------------------

def ref_dtype(x):
    return strict_dtype_name(x.dtype)


def ref_device(x):
    return Like(lambda got, b: isinstance(got, str) and DEVICE.fullmatch(got) is not None,
                "a canonical device string ('cpu', 'gpu:0', ...)")


def ref_to_device(x, device, /, *, stream=None):
    return x


def ref_shape(x):
    return tuple(x.shape)


def ref_to_numpy(x):
    exp = np.asarray(x._array)

    def ok(got, backend):
        assert type(got) is np.ndarray, f"to_numpy returned {type(got).__name__}"
        assert got.dtype == exp.dtype and got.shape == exp.shape, (got.dtype, got.shape)
        assert np.array_equal(got, exp, equal_nan=exp.dtype.kind in "fc"), (got, exp)
        return True
    return Like(ok, f"np.ndarray equal to {exp!r}")


def ref_is_native_array(x):
    if isinstance(x, StrictArray):
        return True
    # A raw numpy array is native only to the numpy backend; lists and scalars never are.
    native_on_numpy = isinstance(x, np.ndarray)
    return Like(lambda got, b: got is (native_on_numpy and b == "numpy"),
                "True only for numpy arrays on the numpy backend")


@st.composite
def is_native_array_case(draw):
    x = draw(S.arrays(S.dtypes(), S.shapes()))
    how = draw(st.sampled_from(("native", "numpy", "list", "scalar")))
    if how == "native":
        return Case(x)
    return Case(Raw({"numpy": x, "list": x.tolist(), "scalar": 3}[how]))


def ref_info():
    import array_api_strict as strict
    info = strict.__array_namespace_info__()

    def names(d):
        return {k: strict_dtype_name(v) for k, v in d.items()}

    def ok(got, backend):
        assert got.capabilities() == info.capabilities(), got.capabilities()
        assert got.default_dtypes() == names(info.default_dtypes()), got.default_dtypes()
        for kind in (None,) + KINDS + (("integral", "bool"),):
            exp = names(info.dtypes() if kind is None else info.dtypes(kind=kind))
            assert got.dtypes(kind=kind) == exp, (kind, got.dtypes(kind=kind))
        devices = got.devices()
        assert devices and all(DEVICE.fullmatch(d) for d in devices), devices
        assert got.default_device() in devices, got.default_device()
        return True
    return Like(ok, "an info object matching array_api_strict's (dtype names for dtypes)")


@st.composite
def diff_case(draw):
    dtype = draw(S.dtypes("numeric"))
    shp = draw(S.shapes(1, 3))
    x = draw(S.arrays(dtype, shp, bound=1e6))
    ax = draw(S.axis(len(shp)))
    kwargs = {}
    if ax != -1 or draw(st.booleans()):
        kwargs["axis"] = ax
    n = draw(st.sampled_from((None, 1, 2)))  # n=0: strict ignores prepend/append (numpy quirk)
    if n is not None:
        kwargs["n"] = n
    for side in ("prepend", "append"):
        if draw(st.integers(0, 3)) == 0:
            s = list(shp)
            s[ax] = draw(st.integers(0, 2))
            kwargs[side] = draw(S.arrays(dtype, tuple(s), bound=1e6))
    return Case(x, **kwargs)


ROWS = [
    Row("astype", astype_case(), signed_zeros=True),
    Row("broadcast_arrays", broadcast_arrays_case(), signed_zeros=True),
    Row("broadcast_to", broadcast_to_case(), signed_zeros=True),
    Row("broadcast_shapes", broadcast_shapes_case()),
    Row("can_cast", st.builds(Case, dtype_or_array(), S.dtypes().map(Dt))),
    Row("finfo", st.builds(Case, dtype_or_array("floating"))),
    Row("iinfo", st.builds(Case, dtype_or_array("integer"))),
    Row("isdtype", isdtype_case()),
    Row("result_type", result_type_case()),
    # utility
    Row("all", reduction("all")),
    Row("any", reduction("all")),
    Row("diff", diff_case()),
    # ivy extras
    Row("dtype", array_case(), ref=ref_dtype),
    Row("device", array_case(), ref=ref_device),
    Row("to_device", st.builds(Case, S.arrays(S.dtypes(), S.shapes()), st.just("cpu")),
        ref=ref_to_device, signed_zeros=True),
    Row("shape", array_case(), ref=ref_shape),
    Row("to_numpy", array_case(), ref=ref_to_numpy),
    Row("is_native_array", is_native_array_case(), ref=ref_is_native_array),
    Row("ndim", array_case(), ref=lambda x: x.ndim),
    Row("size", array_case(), ref=lambda x: x.size),
    Row("__array_namespace_info__", st.just(Case()), ref=ref_info,
        settings=dict(max_examples=1)),
]



@pytest.mark.parametrize("row", row_params(ROWS))
def test_data_types(xp, backend, row):
    run_row(xp, backend, row)
