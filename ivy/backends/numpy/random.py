"""ivy.random on numpy: a key is an ``int64[2]``; draws come from ``np.random.Generator(Philox)``
keyed by the key's two words (a bit generator cached per thread whose state is reset per call:
building a Philox costs ~25 us, resetting it ~3 us). Keys derive with the core's 64-bit hash."""
from __future__ import annotations

import math
import threading

import numpy as np

from ivy.core.errors import translating
from ivy.core.ext import random as R

from ._dtypes import NAME, TO_NUMPY, canonical, native

_I64, _U64, _F32, _F64 = (np.dtype(n) for n in ("int64", "uint64", "float32", "float64"))
_LOCAL = threading.local()      # one Philox and its Generator per thread, re-keyed per call
_ZERO4 = np.zeros(4, _U64)
# float16/bfloat16 uniforms are k * 2**-digits (digits: significand bits), exactly representable.
_DIGITS = {"float16": 11, "bfloat16": 8}


def _words(key, fn):
    if type(key) is not np.ndarray or key.shape != (2,) or key.dtype.kind not in "iu":
        raise R.value_error(fn, NAME, f"a key is an integer array of shape (2,), got "
                                      f"{getattr(key, 'shape', type(key).__name__)}")
    return key.astype(_U64, copy=False)


def _gen(key, fn):
    try:
        philox, gen = _LOCAL.pair
    except AttributeError:
        philox = np.random.Philox(0)
        philox, gen = _LOCAL.pair = philox, np.random.Generator(philox)
    philox.state = {"bit_generator": "Philox", "state": {"counter": _ZERO4,
                                                         "key": _words(key, fn)},
                    "buffer": _ZERO4, "buffer_pos": 4, "has_uint32": 0, "uinteger": 0}
    return gen


def _name(dtype, fn):
    return canonical(native(dtype, f"random.{fn}"), f"random.{fn}")


def _float(dtype, fn):
    return "float64" if dtype is None else R.float_name(_name(dtype, fn), fn, NAME)


def _int(dtype, fn):
    return "int64" if dtype is None else R.int_name(_name(dtype, fn), fn, NAME)


def _param(p, dt):
    return np.asarray(p, dtype=dt)


def _compute(name):
    """The dtype numpy draws a float dtype in (float16/bfloat16 round from float32)."""
    return _F64 if name == "float64" else _F32


def _translating(fn):
    """Native errors become ivy errors naming ``ivy.random.<name>``."""
    return translating(f"random.{fn.__name__}", NAME)(fn)


# ---- keys and the global stream ----------------------------------------------------------------

def key(seed, /):
    """Implements ``ivy.random.key`` on numpy."""
    return np.array([0, R.signed(R.seed_word(seed, "key", NAME))], _I64)


def split(key, /, num=2):
    """Implements ``ivy.random.split`` on numpy."""
    k0, k1 = (int(w) for w in _words(key, "split"))
    if type(num) is not int or num < 0:
        raise R.value_error("split", NAME, f"num must be a non-negative int, got {num!r}")
    pairs = R.derive_pairs(k0, k1, num, R.TAG_SPLIT)
    if pairs is not None:
        return np.array(pairs, _I64).reshape(num, 2)
    w0, w1 = R.derive(k0, k1, np.arange(num, dtype=_U64), R.TAG_SPLIT)
    return np.stack([w0, w1], axis=-1).view(_I64)


def _fold(k0, k1, data):
    w0, w1 = R.derive(k0, k1, data, R.TAG_FOLD)
    return np.array([R.signed(w0), R.signed(w1)], _I64)


def fold_in(key, data, /):
    """Implements ``ivy.random.fold_in`` on numpy."""
    k0, k1 = (int(w) for w in _words(key, "fold_in"))
    return _fold(k0, k1, R.seed_word(data, "fold_in", NAME))


_stream = [0, 0, 0]     # the global stream: key words of seed(s), and the count of next_key calls


def seed(value, /):
    """Implements ``ivy.random.seed`` on numpy."""
    _stream[:] = [0, R.seed_word(value, "seed", NAME), 0]


def next_key():
    """Implements ``ivy.random.next_key`` on numpy: ``fold_in(key(s), n)`` for the n-th call."""
    k0, k1, n = _stream
    _stream[2] = n + 1
    return _fold(k0, k1, n)


# ---- distributions -------------------------------------------------------------------------

def _scale(u, minval, maxval, dt, shape, fn):
    """``u`` in [0, 1) mapped onto [minval, maxval) (jax's formula: clamped below only)."""
    if type(minval) in (int, float) and type(maxval) in (int, float) and minval == 0 \
            and maxval == 1:
        return u
    lo, hi = _param(minval, dt), _param(maxval, dt)
    R.out_shape(fn, NAME, shape, lo.shape, hi.shape)
    return np.maximum(lo, u * (hi - lo) + lo)


@_translating
def uniform(key, shape=(), dtype=None, minval=0.0, maxval=1.0):
    """Implements ``ivy.random.uniform`` on numpy."""
    name = _float(dtype, "uniform")
    shape = R.shape_tuple(shape, "uniform", NAME)
    g = _gen(key, "uniform")
    dt = TO_NUMPY[name]
    if name in _DIGITS:
        scale = float(1 << _DIGITS[name])
        u = (np.floor(g.random(shape, _F32) * scale) / scale).astype(dt)
    else:
        u = g.random(shape, dt)
    return np.asarray(_scale(u, minval, maxval, dt, shape, "uniform"))


@_translating
def normal(key, shape=(), dtype=None):
    """Implements ``ivy.random.normal`` on numpy."""
    name = _float(dtype, "normal")
    shape = R.shape_tuple(shape, "normal", NAME)
    z = _gen(key, "normal").standard_normal(shape, _compute(name))
    return np.asarray(z, dtype=TO_NUMPY[name])


def _is_int(v):
    return isinstance(v, (int, np.integer)) and not isinstance(v, bool)


@_translating
def randint(key, shape, minval, maxval, dtype=None):
    """Implements ``ivy.random.randint`` on numpy."""
    name = _int(dtype, "randint")
    shape = R.shape_tuple(shape, "randint", NAME)
    g = _gen(key, "randint")
    dt = TO_NUMPY[name]
    if _is_int(minval) and _is_int(maxval):
        lo, hi = R.int_bounds(int(minval), int(maxval), name, "randint", NAME)
        return np.asarray(g.integers(lo, hi, shape, dt))
    lo, hi = np.asarray(minval), np.asarray(maxval)
    if lo.dtype.kind not in "iu" or hi.dtype.kind not in "iu":
        raise R.type_error("randint", NAME, "minval and maxval must be integers")
    R.out_shape("randint", NAME, shape, lo.shape, hi.shape)
    lo, hi = lo.astype(_I64), hi.astype(_I64)
    return np.asarray(g.integers(lo, np.maximum(hi, lo + 1), shape, dt))


@_translating
def gamma(key, a, shape=None, dtype=None):
    """Implements ``ivy.random.gamma`` on numpy."""
    name = _float(dtype, "gamma")
    a = _param(a, _compute(name))
    shape = R.out_shape("gamma", NAME, shape, a.shape)
    r = _gen(key, "gamma").standard_gamma(a, shape, _compute(name))
    return np.asarray(r, dtype=TO_NUMPY[name])


@_translating
def poisson(key, lam, shape=None, dtype=None):
    """Implements ``ivy.random.poisson`` on numpy."""
    name = _int(dtype, "poisson")
    lam = _param(lam, _F64)
    shape = R.out_shape("poisson", NAME, shape, lam.shape)
    return np.asarray(_gen(key, "poisson").poisson(lam, shape), dtype=TO_NUMPY[name])


@_translating
def exponential(key, shape=(), dtype=None):
    """Implements ``ivy.random.exponential`` on numpy."""
    name = _float(dtype, "exponential")
    shape = R.shape_tuple(shape, "exponential", NAME)
    r = _gen(key, "exponential").standard_exponential(shape, _compute(name))
    return np.asarray(r, dtype=TO_NUMPY[name])


@_translating
def beta(key, a, b, shape=None, dtype=None):
    """Implements ``ivy.random.beta`` on numpy (numpy's sampler is exact for small a, b too)."""
    name = _float(dtype, "beta")
    a, b = _param(a, _F64), _param(b, _F64)
    shape = R.out_shape("beta", NAME, shape, a.shape, b.shape)
    return np.asarray(_gen(key, "beta").beta(a, b, shape), dtype=TO_NUMPY[name])


@_translating
def permutation(key, x, axis=0):
    """Implements ``ivy.random.permutation`` on numpy."""
    g = _gen(key, "permutation")
    if _is_int(x) or (type(x) is np.ndarray and x.ndim == 0 and x.dtype.kind in "iu"):
        return g.permutation(int(x))
    if type(x) is not np.ndarray or x.ndim == 0:
        raise R.value_error("permutation", NAME, "x must be an int or an array with dimensions")
    if not -x.ndim <= axis < x.ndim:
        raise R.value_error("permutation", NAME, f"axis {axis} is out of bounds for {x.ndim} "
                                                 f"dimensions")
    return g.permutation(x, axis)


_SQRT_2PI = math.sqrt(2 * math.pi)


@_translating
def truncated_normal(key, lower, upper, shape=None, dtype=None):
    """Implements ``ivy.random.truncated_normal`` on numpy by rejection (numpy has no inverse
    normal CDF): normal proposals for wide intervals around 0, Robert's (1995) exponential
    proposals for tails, uniform proposals for narrow intervals; every acceptance rate is > 0.3."""
    name = _float(dtype, "truncated_normal")
    lo, hi = _param(lower, TO_NUMPY[name]), _param(upper, TO_NUMPY[name])
    shape = R.out_shape("truncated_normal", NAME, shape, lo.shape, hi.shape)
    lo = np.broadcast_to(lo.astype(_F64), shape).ravel()
    hi = np.broadcast_to(hi.astype(_F64), shape).ravel()
    g = _gen(key, "truncated_normal")
    flip = hi <= 0                      # sample -X on [-hi, -lo]: then a < 0 < b or 0 <= a
    a, b = np.where(flip, -hi, lo), np.where(flip, -lo, hi)
    out = np.where(a == b, a, np.nan)   # nan: lower > upper or a nan bound
    todo = np.flatnonzero(a < b)
    while todo.size:
        ta, tb = a[todo], b[todo]
        n = todo.size
        lam = (ta + np.sqrt(ta * ta + 4)) / 2
        use_normal = (ta < 0) & (tb - ta >= _SQRT_2PI)
        use_exp = ~use_normal & (ta >= 0) & (lam * (tb - ta) >= 1)
        z = g.standard_normal(n)
        xe = ta + g.standard_exponential(n) / lam
        with np.errstate(invalid="ignore"):
            xu = ta + g.random(n) * (tb - ta)
        logv = np.log(g.random(n))
        m = np.maximum(ta, 0)
        x = np.where(use_normal, z, np.where(use_exp, xe, xu))
        accept = np.where(use_normal, (ta <= z) & (z <= tb),
                          np.where(use_exp, (xe <= tb) & (logv <= -0.5 * (xe - lam) ** 2),
                                   logv <= 0.5 * (m * m - xu * xu)))
        out[todo[accept]] = x[accept]
        todo = todo[~accept]
    out = np.where(flip, -out, out).reshape(shape)
    return np.asarray(out, dtype=TO_NUMPY[name])

