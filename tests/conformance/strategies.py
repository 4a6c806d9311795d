"""Hypothesis strategies for conformance rows, and the markers that tell the runner what to convert.

Arguments are drawn as plain Python values, except these markers:
    ArrayArg   a numpy array: a real-framework array on one side, a frontend array on the other
    DtypeArg   a canonical dtype name: becomes ``torch.float32`` / the frontend's dtype object
    KeyArg     an integer seed: becomes an explicit PRNG key on each side (jax-style random rows)
    OMIT       as a keyword value: leave that keyword out of the call (tests the default)
Plain numpy arrays pass through unconverted (a copy to each side).

Dtypes are canonical names (``"float32"``); every ``dtype`` parameter takes a name, a sequence of
names, or a strategy of names (``shared_dtype`` makes several arrays of one example share one).
"""
from __future__ import annotations

import contextlib
import math

import hypothesis.extra.numpy as hnp
import ml_dtypes
import numpy as np
from hypothesis import strategies as st

from ivy.core import dtypes as _dtypes

from .adapters import NUMPY_DTYPES

BOOL = _dtypes.BOOL
SIGNED = _dtypes.SIGNED
UNSIGNED = _dtypes.UNSIGNED
INTEGRAL = _dtypes.INTEGRAL
FLOATS = _dtypes.REAL_FLOATING          # float16, bfloat16, float32, float64
COMPLEX = _dtypes.COMPLEX_FLOATING
NUMERIC = _dtypes.NUMERIC
ALL = _dtypes.ALL

# Ordinary values: small enough that sums/products stay well inside every dtype's range and the
# default tolerances, so a mismatch means a bug. Wider ranges and special values are asked for.
DEFAULT_INT_RANGE = (-100, 100)
DEFAULT_FLOAT_RANGE = (-10.0, 10.0)
_FLOAT_WIDTH = {"float16": 16, "bfloat16": 32, "float32": 32, "float64": 64}


class ArrayArg:
    """A drawn array argument (``value`` is an np.ndarray)."""
    __slots__ = ("value",)

    def __init__(self, value: np.ndarray):
        self.value = value

    def __repr__(self):
        return f"arr({np.array_repr(self.value)})"


class DtypeArg:
    """A dtype argument, by canonical name."""
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self):
        return f"dtype_arg({self.name!r})"


class KeyArg:
    """An explicit PRNG key argument, made on each side from the same integer seed."""
    __slots__ = ("seed",)

    def __init__(self, seed: int):
        self.seed = seed

    def __repr__(self):
        return f"key_arg({self.seed})"


class _Omit:
    def __repr__(self):
        return "OMIT"


OMIT = _Omit()


# Dtypes the gradient check differentiates in. While ``gradient_inputs()`` is active, a dtype drawn
# from a list that holds one of them is drawn from those only (an index or mask argument keeps its
# integer/bool dtype), and arrays draw ordinary values, not NaN/inf (edge values get their own
# values check; a gradient there is a convention, not a derivative), first at generic points
# (uniform in the row's range), then as Hypothesis draws them (zeros, ties, bounds).
GRADIENT_DTYPES = ("float32", "float64")
_GRADIENT_MODE = [False]


@contextlib.contextmanager
def gradient_inputs():
    """Draws made inside use differentiable dtypes where the strategy allows them (see above)."""
    previous, _GRADIENT_MODE[0] = _GRADIENT_MODE[0], True
    try:
        yield
    finally:
        _GRADIENT_MODE[0] = previous


@st.composite
def _dtype_choice(draw, options):
    if _GRADIENT_MODE[0]:
        options = tuple(d for d in options if d in GRADIENT_DTYPES) or options
    return draw(st.sampled_from(options))


def _dtype_strategy(dtype):
    if isinstance(dtype, st.SearchStrategy):
        return dtype
    if isinstance(dtype, str):
        return st.just(dtype)
    return _dtype_choice(tuple(dtype))


def _shape_strategy(shape):
    if shape is None:
        return shapes()
    if isinstance(shape, st.SearchStrategy):
        return shape
    return st.just(tuple(shape))


def _within(values, lo, hi):
    return [v for v in values if (lo is None or v >= lo) and (hi is None or v <= hi)]


def _bounds(default, limits, min_value, max_value):
    """The drawing range: the given bounds (clipped to the dtype), else the ordinary default."""
    lo = default[0] if min_value is None else min_value
    hi = default[1] if max_value is None else max_value
    lo, hi = max(lo, limits[0]), min(hi, limits[1])
    if lo > hi:
        raise ValueError(f"empty value range [{lo}, {hi}]: give both min_value and max_value")
    return lo, hi


def _inward(lo, hi, width):
    """Bounds rounded inward to floats of ``width`` bits (Hypothesis wants representable bounds)."""
    if width == 64:
        return float(lo), float(hi)
    t = {16: np.float16, 32: np.float32}[width]
    a, b = t(lo), t(hi)
    if a < lo:
        a = np.nextafter(a, t(np.inf))
    if b > hi:
        b = np.nextafter(b, t(-np.inf))
    return float(a), float(b)


def elements(dtype: str, min_value=None, max_value=None, edge: bool = False) -> st.SearchStrategy:
    """Element values for one canonical dtype; ``edge`` mixes in extremes and special values."""
    if dtype == "bool":
        return st.booleans()
    if dtype in INTEGRAL:
        info = _dtypes.iinfo(dtype)
        lo, hi = _bounds(DEFAULT_INT_RANGE, (info.min, info.max), min_value, max_value)
        ordinary = st.integers(lo, hi)
        if not edge:
            return ordinary
        full_lo = info.min if min_value is None else lo
        full_hi = info.max if max_value is None else hi
        return st.one_of(ordinary, st.sampled_from(_within([0, 1, -1, full_lo, full_hi], full_lo,
                                                           full_hi)))
    if dtype in COMPLEX:
        part = elements(_dtypes.REAL_OF[dtype], min_value, max_value, edge)
        return st.builds(complex, part, part)
    if dtype not in FLOATS:
        raise ValueError(f"elements: unknown dtype {dtype!r}")
    info = _dtypes.finfo(dtype)
    lo, hi = _bounds(DEFAULT_FLOAT_RANGE, (info.min, info.max), min_value, max_value)
    # Subnormals excluded: XLA on CPU flushes them to zero, which is not a frontend bug.
    width = _FLOAT_WIDTH[dtype]
    lo, hi = _inward(lo, hi, width)
    ordinary = st.floats(lo, hi, width=width, allow_nan=False,
                         allow_infinity=False, allow_subnormal=False)
    if dtype == "bfloat16":   # draw values bfloat16 holds exactly, so `unique` survives the cast
        ordinary = ordinary.map(lambda v: float(ml_dtypes.bfloat16(v)))
    if not edge:
        return ordinary
    specials = [math.nan] + _within([math.inf, -math.inf, 0.0, -0.0, info.smallest_normal,
                                     -info.smallest_normal], min_value, max_value)
    if min_value is None and max_value is None:
        specials += [info.max, info.min]
    return st.one_of(ordinary, st.sampled_from(specials))


def shapes(min_dims=0, max_dims=3, min_side=1, max_side=4) -> st.SearchStrategy:
    """Array shapes (defaults: 0-d to 3-d, sides 1..4; ``min_side=0`` adds empty arrays)."""
    return hnp.array_shapes(min_dims=min_dims, max_dims=max_dims, min_side=min_side,
                            max_side=max_side)


@st.composite
def _array(draw, dtype, shape, min_value, max_value, elements_, edge, unique):
    name = draw(_dtype_strategy(dtype))
    shp = draw(_shape_strategy(shape))
    np_dtype = NUMPY_DTYPES[name]
    if _GRADIENT_MODE[0] and name in GRADIENT_DTYPES and elements_ is None and not unique and \
            draw(st.integers(0, 3)) == 0:
        # Hypothesis' first (simplest) example is all zeros, where many derivatives are a
        # convention: the first gradient example of a row is a generic point instead
        info = _dtypes.finfo(name)
        lo, hi = _bounds(DEFAULT_FLOAT_RANGE, (info.min, info.max), min_value, max_value)
        if math.isfinite(hi - lo):
            # seeded by the draw and its position, so that two arrays of one example differ
            position = len(getattr(getattr(draw, "__self__", None), "nodes", ()))
            rng = np.random.default_rng((draw(st.integers(0, 2**16)), position))
            return ArrayArg(rng.uniform(lo, hi, shp).astype(np_dtype))
    edge = edge and not _GRADIENT_MODE[0]
    elems = elements_ if elements_ is not None else elements(name, min_value, max_value, edge)
    draw_dtype = np.float32 if name == "bfloat16" else np_dtype
    a = draw(hnp.arrays(draw_dtype, shp, elements=elems, unique=unique))
    return ArrayArg(a.astype(np_dtype))


def arr(dtype, shape=None, *, min_value=None, max_value=None, elements=None, edge=False,
        unique=False) -> st.SearchStrategy:
    """An array argument: ``dtype`` names/strategy, ``shape`` tuple/strategy (``shapes()``)."""
    return _array(dtype, shape, min_value, max_value, elements, edge, unique)


def shared_dtype(dtypes, key="dtype") -> st.SearchStrategy:
    """One dtype per example, the same for every strategy using the same ``key``."""
    return st.shared(_dtype_strategy(dtypes), key=f"conformance-dtype-{key}")


def shared_shape(key="shape", **shape_kw) -> st.SearchStrategy:
    """One shape per example, the same for every strategy using the same ``key``."""
    return st.shared(shapes(**shape_kw), key=f"conformance-shape-{key}")


@st.composite
def broadcastable(draw, n, dtype, *, min_dims=0, max_dims=3, min_side=1, max_side=4, **arr_kw):
    """``n`` array arguments of one dtype with mutually broadcastable shapes, as a tuple."""
    name = draw(_dtype_strategy(dtype))
    drawn = draw(hnp.mutually_broadcastable_shapes(num_shapes=n, min_dims=min_dims,
                                                   max_dims=max_dims, min_side=min_side,
                                                   max_side=max_side))
    return tuple(draw(arr(name, s, **arr_kw)) for s in drawn.input_shapes)


def axis_for(shape, *, none=True, tuples=False) -> st.SearchStrategy:
    """A valid axis (negatives too) for arrays of ``shape``: a tuple or a ``shared_shape``."""
    def axes(shp):
        ndim = len(shp)
        single = st.integers(-ndim, ndim - 1) if ndim else st.nothing()
        options = [single]
        if none:
            options.append(st.none())
        if tuples and ndim:
            options.append(st.lists(st.integers(0, ndim - 1), unique=True, max_size=ndim)
                           .map(tuple))
        return st.one_of(*options)
    return _shape_strategy(shape).flatmap(axes)


def dtype_arg(dtypes) -> st.SearchStrategy:
    """A dtype argument: ``torch.float64`` on the real side, the frontend's own on the other."""
    return _dtype_strategy(dtypes).map(DtypeArg)


def key_arg() -> st.SearchStrategy:
    return st.integers(0, 2**32 - 1).map(KeyArg)


def optional(strategy) -> st.SearchStrategy:
    """A keyword value that is sometimes left out of the call (``OMIT``), to test the default."""
    return st.one_of(st.just(OMIT), strategy)
