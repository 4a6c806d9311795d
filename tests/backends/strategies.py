"""Shared Hypothesis strategies for the backend suite: dtypes, shapes, edge-valued numpy arrays, axes.

Arrays are drawn as numpy arrays (the harness converts them with ``xp.asarray`` for the backend and
``array_api_strict.asarray`` for the reference). Dtypes are canonical names; the Array API's own
set by default, float16/bfloat16 only when a caller opts in with ``half=True``.
"""
from __future__ import annotations

import math

import ml_dtypes
import numpy as np
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from ivy.core import dtypes as D

HALF = ("float16", "bfloat16")
_REAL_FLOAT = ("float32", "float64")

# The standard's dtype categories (array_api_strict spells them the same way).
CATEGORIES = {
    "all": D.ARRAY_API,
    "bool": D.BOOL,
    "integer": D.INTEGRAL,
    "signed integer": D.SIGNED,
    "unsigned integer": D.UNSIGNED,
    "integer or boolean": D.BOOL + D.INTEGRAL,
    "real numeric": D.INTEGRAL + _REAL_FLOAT,
    "numeric": D.INTEGRAL + _REAL_FLOAT + D.COMPLEX_FLOATING,
    "real floating": _REAL_FLOAT,
    "complex floating": D.COMPLEX_FLOATING,
    "floating": _REAL_FLOAT + D.COMPLEX_FLOATING,
}


def np_dtype(name: str) -> np.dtype:
    """The numpy dtype of a canonical name (bfloat16 through ml_dtypes)."""
    return np.dtype(ml_dtypes.bfloat16) if name == "bfloat16" else np.dtype(name)


def canonical(dt: np.dtype) -> str:
    """The canonical name of a numpy dtype."""
    return "bfloat16" if dt == np.dtype(ml_dtypes.bfloat16) else np.dtype(dt).name


def finfo(name: str):
    return ml_dtypes.finfo(ml_dtypes.bfloat16) if name == "bfloat16" else np.finfo(name)


def category_dtypes(category: str, *, half: bool = False) -> tuple[str, ...]:
    names = CATEGORIES[category]
    if half and "float32" in names:
        names = names + HALF
    return names


def dtypes(category: str = "all", *, half: bool = False):
    """A canonical dtype name of ``category``."""
    return st.sampled_from(category_dtypes(category, half=half))


def dtype_pairs(category: str = "all", *, half: bool = False):
    """Two dtype names that promote under the core's table; equal half the time."""
    names = category_dtypes(category, half=half)
    mixed = sorted({(a, b) for (a, b) in D.PROMOTION if a != b and a in names and b in names})
    same = st.sampled_from(names).map(lambda d: (d, d))
    return st.one_of(same, st.sampled_from(mixed)) if mixed else same


# ---- shapes ------------------------------------------------------------------------------------

# Sides favour 1..3 and include 0 (empty arrays) about one dimension in seven; few distinct shapes
# keep jax's per-shape compilation cheap.
_SIDES = (1, 2, 3, 1, 2, 3, 0)


def sides(min_side: int = 0, max_side: int = 3):
    return st.sampled_from(tuple(s for s in _SIDES if min_side <= s <= max_side) or (min_side,))


def shapes(min_dims: int = 0, max_dims: int = 3, min_side: int = 0, max_side: int = 3):
    """Small shapes, including 0-d and empty ones."""
    return st.integers(min_dims, max_dims).flatmap(
        lambda n: st.tuples(*[sides(min_side, max_side)] * n))


@st.composite
def broadcastable_shapes(draw, n: int = 2, min_dims: int = 0, max_dims: int = 3, min_side: int = 0,
                         max_side: int = 3):
    """``n`` shapes that broadcast together: suffixes of one shape with some sides set to 1."""
    base = draw(shapes(min_dims, max_dims, min_side, max_side))
    out = []
    for _ in range(n):
        keep = draw(st.integers(min_dims, len(base))) if len(base) > min_dims else len(base)
        mask = draw(st.integers(0, 2 ** keep - 1))
        out.append(tuple(1 if mask >> i & 1 else d for i, d in enumerate(base[len(base) - keep:])))
    return out


# ---- values ------------------------------------------------------------------------------------

def _float_elements(dtype: str, *, bound=None, lo=None, hi=None, nonfinite=True, grid=None):
    """Typical values, anything in range, and the edge values (+-0, tiny, huge, NaN, +-inf).

    ``grid`` draws finite values as multiples of ``grid`` (within ``bound``, default 25) instead:
    exactly representable operands whose quotients are far from rounding ties.
    """
    width = {"float16": 16, "bfloat16": 32, "float32": 32, "float64": 64}[dtype]
    fi = finfo(dtype)
    lo = -bound if lo is None and bound is not None else lo
    hi = bound if hi is None and bound is not None else hi

    def ok(v):
        return (lo is None or v >= lo) and (hi is None or v <= hi)

    if grid is not None:
        k = int((bound or 25) / grid)
        edges = [v for v in (0.0, -0.0, 1.0, -1.0, 0.5) if ok(v)]
        edges += [math.nan, math.inf, -math.inf] if nonfinite else []
        return st.one_of(st.integers(-k, k).map(lambda i: i * grid).filter(ok), st.sampled_from(edges))

    typical = st.floats(max(-10.0, -10.0 if lo is None else lo), min(10.0, 10.0 if hi is None else hi),
                        width=width)
    anything = st.floats(lo, hi, width=width, allow_nan=False, allow_infinity=False)
    edges = [v for v in (0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, math.pi,
                         float(fi.smallest_normal), -float(fi.smallest_normal),
                         float(fi.smallest_subnormal), float(fi.max), -float(fi.max)) if ok(v)]
    if nonfinite:
        edges += [math.nan, math.inf, -math.inf]
    return st.one_of(typical, anything, st.sampled_from(edges))


def elements(dtype: str, *, bound=None, lo=None, hi=None, nonfinite=True, grid=None):
    """Scalar values of ``dtype`` (Python/numpy scalars), biased towards edge values.

    ``bound`` limits magnitudes, ``lo``/``hi`` the range; ``nonfinite=False`` drops NaN and +-inf.
    Complex values combine two real draws, so they include +-0, NaN and inf components.
    """
    if dtype == "bool":
        return st.booleans()
    if dtype in D.INTEGRAL:
        info = np.iinfo(dtype)  # grid and nonfinite do not apply
        a, b = int(info.min), int(info.max)
        if bound is not None:
            a, b = max(a, -int(bound)), min(b, int(bound))
        a, b = max(a, a if lo is None else int(lo)), min(b, b if hi is None else int(hi))
        edges = sorted({v for v in (a, b, a + 1, b - 1, 0, 1, -1, 2) if a <= v <= b})
        return st.one_of(st.integers(a, b), st.sampled_from(edges))
    if dtype in D.COMPLEX_FLOATING:
        part = _float_elements(D.REAL_OF[dtype], bound=bound, lo=lo, hi=hi, nonfinite=nonfinite,
                               grid=grid)
        return st.builds(complex, part, part)
    return _float_elements(dtype, bound=bound, lo=lo, hi=hi, nonfinite=nonfinite, grid=grid)


def arrays(dtype, shape, **value_opts):
    """A numpy array of ``dtype`` (a name or a strategy of names) and ``shape`` (tuple or strategy)."""
    if not isinstance(dtype, str):
        return st.tuples(dtype, _as_strategy(shape)).flatmap(
            lambda ds: arrays(ds[0], ds[1], **value_opts))
    if dtype == "bfloat16":  # hypothesis cannot build ml_dtypes arrays: draw float32, round once
        return hnp.arrays(np.float32, shape, elements=elements(dtype, **value_opts)).map(
            lambda a: a.astype(ml_dtypes.bfloat16))
    return hnp.arrays(np_dtype(dtype), shape, elements=elements(dtype, **value_opts))


def _as_strategy(x):
    return x if isinstance(x, st.SearchStrategy) else st.just(x)


def scalars(dtype: str, **value_opts):
    """A Python scalar the standard allows next to an array of ``dtype`` (its kind or a weaker one).

    bool with bool arrays; int with integer arrays (within range); int or float with real floating;
    int, float or complex with complex. Floats are representable in the array's precision.
    """
    if dtype == "bool":
        return st.booleans()
    if dtype in D.INTEGRAL:
        return elements(dtype, **value_opts).map(int)
    real = D.REAL_OF.get(dtype, dtype)
    small_int = st.integers(-100, 100)
    as_float = elements(real, **value_opts).map(float)
    if dtype in D.COMPLEX_FLOATING:
        return st.one_of(small_int, as_float, elements(dtype, **value_opts).map(complex))
    return st.one_of(small_int, as_float)


# ---- axes and indices --------------------------------------------------------------------------

def axis(ndim: int, *, none: bool = False):
    """A valid (possibly negative) axis of an ``ndim``-d array; None too when ``none``."""
    ints = st.integers(-ndim, ndim - 1) if ndim else st.nothing()
    return st.one_of(st.none(), ints) if none else ints


def axes(ndim: int, *, none: bool = True, single: bool = True, min_size: int = 0):
    """None, one axis, or a tuple of distinct (possibly negative) axes of an ``ndim``-d array."""
    options = [hnp.valid_tuple_axes(ndim, min_size=min_size)] if ndim >= min_size else []
    if none:
        options.append(st.none())
    if single and ndim:
        options.append(axis(ndim))
    return st.one_of(*options)


def index_dtypes():
    """Integer dtypes for index arrays: the default index dtype most of the time."""
    return st.sampled_from(("int64", "int64", "int32", "int16", "uint8"))


def index_arrays(size: int, shape, *, negative: bool = False, dtype=None):
    """In-bounds indices into an axis of length ``size`` (shape must be empty when size is 0)."""
    lo = -size if negative else 0

    @st.composite
    def draw_it(draw):
        name = dtype or draw(index_dtypes())
        if name in D.UNSIGNED or name == "int8":
            hi_ok = np.iinfo(name).max
            if size - 1 > hi_ok:
                name = "int64"
        low = lo if name not in D.UNSIGNED else 0
        shp = draw(_as_strategy(shape))
        if size == 0:
            shp = tuple(0 for _ in shp) if shp else (0,)
            return np.zeros(shp, dtype=name)
        return draw(hnp.arrays(np.dtype(name), shp, elements=st.integers(low, size - 1)))
    return draw_it()
