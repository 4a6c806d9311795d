"""Core extension area `random` (``ivy.random``): keys, a global seeded stream, distributions.

A *key* is a backend-native array: on jax the raw ``uint32[2]`` of ``jax.random.key_data`` (keys
derive with ``jax.random``, so they work under ``jit``/``vmap``); on numpy, torch and tensorflow an
``int64[2]``. numpy and torch derive keys with a counter-based 64-bit hash (``derive`` below) and
draw from a generator seeded by the key (numpy: Philox keyed by both words; torch: a
``torch.Generator`` seeded by a 64-bit hash of the key, of which torch's mt19937 uses 32 bits);
tensorflow uses its stateless ops (Philox, keyed by both words) and ``stateless_split``'s
construction. The same key gives the same numbers on one backend; backends do not agree bitwise.

The global stream (``seed``/``next_key``) lives in each backend's module, so switching backends
never perturbs another backend's stream: ``next_key()`` is ``fold_in(key(s), n)`` for the n-th call
since ``seed(s)`` (the initial seed is 0). Under ``jax.jit``/``tf.function`` it is read once, at
trace time.

Distributions follow ``jax.random`` (names, argument order, shapes: parameters broadcast to
``shape``; ``shape=None`` means their broadcast shape). ``dtype=None`` means float64 for floats and
int64 for integers.
"""
from __future__ import annotations

from ivy.core import dtypes as _dt
from ivy.core.errors import IvyTypeError, IvyValueError

from ._area import Area

area = Area("random", "random")

FLOATS = frozenset(_dt.REAL_FLOATING)
INTS = frozenset(_dt.INTEGRAL)


# ---- helpers the backends share (pure Python: no framework) ---------------------------------

def _label(fn, backend):
    return f"ivy.random.{fn} ({backend} backend)" if backend else f"ivy.random.{fn}"


def value_error(fn: str, backend: str, msg: str) -> IvyValueError:
    return IvyValueError(f"{_label(fn, backend)}: {msg}", function=f"random.{fn}", backend=backend)


def type_error(fn: str, backend: str, msg: str) -> IvyTypeError:
    return IvyTypeError(f"{_label(fn, backend)}: {msg}", function=f"random.{fn}", backend=backend)


def float_name(name: str, fn: str, backend: str) -> str:
    if name not in FLOATS:
        raise type_error(fn, backend, f"dtype must be a real floating dtype, got {name}")
    return name


def int_name(name: str, fn: str, backend: str) -> str:
    if name not in INTS:
        raise type_error(fn, backend, f"dtype must be an integer dtype, got {name}")
    return name


def shape_tuple(shape, fn: str, backend: str) -> tuple:
    """``shape`` (an int or a sequence of ints) as a tuple of non-negative Python ints."""
    try:
        out = (int(shape),) if not hasattr(shape, "__len__") else tuple(int(d) for d in shape)
    except (TypeError, ValueError):
        raise type_error(fn, backend, f"shape must be a sequence of ints, got {shape!r}") from None
    if any(d < 0 for d in out):
        raise value_error(fn, backend, f"negative dimension in shape {out}")
    return out


def broadcast_shapes(fn: str, backend: str, *shapes) -> tuple:
    ndim = max((len(s) for s in shapes), default=0)
    out = [1] * ndim
    for s in shapes:
        for i, d in enumerate(s, ndim - len(s)):
            if d != 1:
                if out[i] not in (1, d):
                    raise value_error(fn, backend, f"shapes {tuple(shapes)} do not broadcast")
                out[i] = d
    return tuple(out)


def out_shape(fn: str, backend: str, shape, *param_shapes) -> tuple:
    """The output shape: ``shape`` (the parameters must broadcast to it), or None: theirs."""
    if shape is None:
        return broadcast_shapes(fn, backend, *param_shapes)
    shape = shape_tuple(shape, fn, backend)
    if broadcast_shapes(fn, backend, shape, *param_shapes) != shape:
        raise value_error(fn, backend, f"parameter shapes {param_shapes} do not broadcast to "
                                       f"shape {shape}")
    return shape


# Key derivation of the numpy and torch backends: splitmix64's finalizer (a bijection of 64-bit
# words) chained over the key words, a tag and the data. Works on Python ints and on numpy uint64
# arrays alike (the masks keep Python ints in 64 bits; uint64 arithmetic wraps by itself).
MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
TAG_SPLIT, TAG_FOLD = 1, 2
_OUT0, _OUT1 = 0xD1B54A32D192ED03, 0x8CB92BA72F3D8DD7


def mix64(x):
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


def derive(k0, k1, data, tag):
    """Two unsigned 64-bit words of the key derived from key words ``(k0, k1)`` and ``data``.
    The output words xor constants the input side never uses, so a derived key's words bear no
    algebraic relation the next derivation could cancel."""
    h = mix64((k1 + tag * _GOLDEN) & MASK)
    h = mix64(h ^ k0)
    h = mix64(h ^ data)
    return mix64(h ^ _OUT0), mix64(h ^ _OUT1)


def int_bounds(minval: int, maxval: int, name: str, fn: str, backend: str):
    """Python-int bounds of ``randint`` checked against dtype ``name``; ``maxval <= minval`` gives
    ``(minval, minval + 1)``, so that every draw is ``minval`` (as in jax)."""
    if maxval <= minval:
        maxval = minval + 1
    info = _dt.iinfo(name)
    if minval < info.min or maxval > info.max + 1:
        raise value_error(fn, backend, f"bounds [{minval}, {maxval}) exceed the range of {name}")
    if minval < -(1 << 63) or maxval > (1 << 63) - 1:
        raise value_error(fn, backend, f"bounds [{minval}, {maxval}) exceed the int64 range")
    return minval, maxval


def derive_pairs(k0, k1, num, tag):
    """``derive(k0, k1, i, tag)`` for i < num as int64-valued pairs (a few keys: Python ints beat
    array ops), or None for many keys (the backend derives them vectorized)."""
    if num > 8:
        return None
    return [[signed(w) for w in derive(k0, k1, i, tag)] for i in range(num)]


def signed(w: int) -> int:
    """An unsigned 64-bit word as the int64 that has its bits."""
    return w - (1 << 64) if w >> 63 else w


def seed_word(seed, fn: str, backend: str) -> int:
    """An integer seed (Python int or integer 0-d array) as an unsigned 64-bit word."""
    try:
        if isinstance(seed, float):
            raise TypeError
        s = int(seed)
    except (TypeError, ValueError):
        raise type_error(fn, backend, f"a seed is an integer, got {seed!r}") from None
    if not -(1 << 63) <= s < (1 << 64):
        raise value_error(fn, backend, f"seed {seed!r} is not an integer in [-2**63, 2**64)")
    return s & MASK


# ---- keys and the global stream (primary) ---------------------------------------------------

@area.primary
def key(seed, /):
    """A new key from an integer seed."""


@area.primary
def split(key, /, num=2):
    """``num`` new keys (an array of shape ``(num, 2)``) derived from ``key``."""


@area.primary
def fold_in(key, data, /):
    """A new key derived from ``key`` and the integer ``data``."""


@area.primary
def seed(value, /):
    """Reset the backend's global stream to seed ``value``."""


@area.primary
def next_key():
    """A fresh key from the backend's global stream."""


# ---- distributions with native kernels everywhere (primary) ----------------------------------

@area.primary
def uniform(key, shape=(), dtype=None, minval=0.0, maxval=1.0):
    """Floats uniform in ``[minval, maxval)`` (``jax.random.uniform``)."""


@area.primary
def normal(key, shape=(), dtype=None):
    """Standard normal floats (``jax.random.normal``)."""


@area.primary
def randint(key, shape, minval, maxval, dtype=None):
    """Integers uniform in ``[minval, maxval)``; ``minval`` where ``maxval <= minval``."""


@area.primary
def gamma(key, a, shape=None, dtype=None):
    """Gamma(a, 1) floats (``jax.random.gamma``)."""


@area.primary
def poisson(key, lam, shape=None, dtype=None):
    """Poisson(lam) integers (``jax.random.poisson``; ``dtype=None`` is int64)."""


@area.primary
def truncated_normal(key, lower, upper, shape=None, dtype=None):
    """Standard normal floats truncated to ``[lower, upper]`` (``jax.random.truncated_normal``)."""


# ---- distributions built on those (compositional) --------------------------------------------

def _float_dtype(xp, dtype, fn):
    return "float64" if dtype is None else float_name(_name_of(xp, dtype), fn, xp.name)


def _name_of(xp, dtype):
    """Canonical name of a dtype argument (a name or the backend's dtype object)."""
    if type(dtype) is str and dtype in _dt.ALL:
        return dtype
    return xp.dtype(xp.empty((0,), dtype=dtype))


def _param(xp, p, dtype):
    """A parameter (Python number or array) as an array of ``dtype``."""
    if xp.is_native_array(p):
        return p if xp.dtype(p) == dtype else xp.astype(p, dtype)
    return xp.asarray(p, dtype=dtype)


def _param_dtype(xp, p):
    """The float dtype a probability-like parameter computes in: its own, or float64."""
    if xp.is_native_array(p) and xp.dtype(p) in FLOATS:
        return xp.dtype(p)
    return "float64"


@area.compositional
def bernoulli(xp, key, p=0.5, shape=None):
    """Booleans, True with probability ``p`` (``jax.random.bernoulli``)."""
    dtype = _param_dtype(xp, p)
    p = _param(xp, p, dtype)
    shape = out_shape("bernoulli", xp.name, shape, xp.shape(p))
    return xp.less(xp.random.uniform(key, shape, dtype), p)


@area.compositional
def exponential(xp, key, shape=(), dtype=None):
    """Exponential(1) floats (``jax.random.exponential``)."""
    dtype = _float_dtype(xp, dtype, "exponential")
    u = xp.random.uniform(key, shape, dtype)
    return xp.negative(xp.log1p(xp.negative(u)))


def _open_uniform(xp, key, shape, dtype, low):
    """Uniform floats in ``(low, 1)``, clear of 0 where the transform needs a logarithm."""
    return xp.random.uniform(key, shape, dtype, low, 1.0)


@area.compositional
def gumbel(xp, key, shape=(), dtype=None):
    """Standard Gumbel floats (``jax.random.gumbel``)."""
    dtype = _float_dtype(xp, dtype, "gumbel")
    u = _open_uniform(xp, key, shape, dtype, _dt.finfo(dtype).smallest_normal)
    return xp.negative(xp.log(xp.negative(xp.log(u))))


@area.compositional
def laplace(xp, key, shape=(), dtype=None):
    """Standard Laplace floats (``jax.random.laplace``)."""
    dtype = _float_dtype(xp, dtype, "laplace")
    u = xp.random.uniform(key, shape, dtype, -1.0 + _dt.finfo(dtype).eps / 2, 1.0)
    return xp.multiply(xp.sign(u), xp.negative(xp.log1p(xp.negative(xp.abs(u)))))


@area.compositional
def logistic(xp, key, shape=(), dtype=None):
    """Standard logistic floats (``jax.random.logistic``)."""
    dtype = _float_dtype(xp, dtype, "logistic")
    u = _open_uniform(xp, key, shape, dtype, _dt.finfo(dtype).smallest_normal)
    return xp.subtract(xp.log(u), xp.log1p(xp.negative(u)))


@area.compositional
def cauchy(xp, key, shape=(), dtype=None):
    """Standard Cauchy floats (``jax.random.cauchy``)."""
    dtype = _float_dtype(xp, dtype, "cauchy")
    u = _open_uniform(xp, key, shape, dtype, _dt.finfo(dtype).eps)
    return xp.tan(xp.multiply(xp.subtract(u, 0.5), 3.141592653589793))


@area.compositional
def geometric(xp, key, p, shape=None, dtype=None):
    """Geometric(p) integers >= 1: trials up to the first success (``jax.random.geometric``)."""
    dtype = "int64" if dtype is None else int_name(_name_of(xp, dtype), "geometric", xp.name)
    pdtype = _param_dtype(xp, p)
    p = _param(xp, p, pdtype)
    shape = out_shape("geometric", xp.name, shape, xp.shape(p))
    u = xp.random.uniform(key, shape, pdtype)
    trials = xp.floor(xp.divide(xp.log1p(xp.negative(u)), xp.log1p(xp.negative(p))))
    return xp.add(xp.astype(trials, dtype), 1)


def _log_gamma(xp, key, a, shape, dtype):
    """Logarithms of Gamma(a) draws, exact for small ``a`` too (where the draws themselves
    underflow to 0): Gamma(a) = Gamma(a + 1) * U ** (1 / a)."""
    kg, ku = xp.random.split(key)
    g = xp.random.gamma(kg, xp.add(a, 1.0), shape, dtype)
    u = _open_uniform(xp, ku, shape, dtype, _dt.finfo(dtype).smallest_normal)
    return xp.add(xp.log(g), xp.divide(xp.log(u), a))


@area.compositional
def beta(xp, key, a, b, shape=None, dtype=None):
    """Beta(a, b) floats (``jax.random.beta``): ``X / (X + Y)`` of two gamma draws, in logs."""
    dtype = _float_dtype(xp, dtype, "beta")
    a, b = _param(xp, a, dtype), _param(xp, b, dtype)
    shape = out_shape("beta", xp.name, shape, xp.shape(a), xp.shape(b))
    ka, kb = xp.random.split(key)
    log_x, log_y = _log_gamma(xp, ka, a, shape, dtype), _log_gamma(xp, kb, b, shape, dtype)
    return xp.divide(1.0, xp.add(1.0, xp.exp(xp.subtract(log_y, log_x))))


@area.compositional
def dirichlet(xp, key, alpha, shape=None, dtype=None):
    """Dirichlet(alpha) floats over the last axis of ``alpha`` (``jax.random.dirichlet``):
    normalized gamma draws, in logs."""
    dtype = _float_dtype(xp, dtype, "dirichlet")
    alpha = _param(xp, alpha, dtype)
    ashape = xp.shape(alpha)
    if not ashape:
        raise value_error("dirichlet", xp.name, "alpha must have at least one dimension")
    shape = out_shape("dirichlet", xp.name, shape, ashape[:-1]) + ashape[-1:]
    log_g = _log_gamma(xp, key, alpha, shape, dtype)
    e = xp.exp(xp.subtract(log_g, xp.max(log_g, axis=-1, keepdims=True)))
    return xp.divide(e, xp.sum(e, axis=-1, keepdims=True))


def _axis(axis, ndim, fn, backend):
    if not -ndim <= axis < ndim:
        raise value_error(fn, backend, f"axis {axis} is out of bounds for {ndim} dimensions")
    return axis % ndim


@area.compositional
def categorical(xp, key, logits, axis=-1, shape=None):
    """int64 category indices drawn with (unnormalized) log-probabilities ``logits`` along
    ``axis`` (``jax.random.categorical``: ``shape`` must end with the batch shape)."""
    logits = _param(xp, logits, _param_dtype(xp, logits))
    lshape = xp.shape(logits)
    axis = _axis(axis, len(lshape), "categorical", xp.name)
    batch = lshape[:axis] + lshape[axis + 1:]
    shape = out_shape("categorical", xp.name, shape, batch)
    prefix = shape[:len(shape) - len(batch)]
    noise_shape = prefix + shape[len(prefix):][:axis] + lshape[axis:axis + 1] + \
        shape[len(prefix):][axis:]
    z = xp.add(xp.random.gumbel(key, noise_shape, xp.dtype(logits)), logits)
    return xp.astype(xp.argmax(z, axis=len(prefix) + axis), "int64")


def _check_probs(xp, probs, num_samples, replacement, fn="multinomial"):
    """torch.multinomial's checks (values only where they are concrete)."""
    shape = xp.shape(probs)
    if len(shape) not in (1, 2):
        raise value_error(fn, xp.name, f"probs must be 1-d or 2-d, got shape {shape}")
    if type(num_samples) is not int or num_samples <= 0:
        raise value_error(fn, xp.name, f"num_samples must be a positive int, got {num_samples!r}")
    if not replacement and num_samples > shape[-1]:
        raise value_error(fn, xp.name, f"cannot draw {num_samples} samples from {shape[-1]} "
                                       f"categories without replacement")
    try:
        bad = bool(xp.any(xp.logical_not(xp.logical_and(xp.isfinite(probs),
                                                        xp.greater_equal(probs, 0)))))
        nonzero = xp.sum(xp.astype(xp.greater(probs, 0), "int64"), axis=-1)
        few = bool(xp.any(xp.less(nonzero, 1 if replacement else num_samples)))
    except (TypeError, ValueError):     # symbolic values (a graph being traced): nothing to check
        return
    if bad:
        raise value_error(fn, xp.name, "probs must be finite and non-negative")
    if few:
        raise value_error(fn, xp.name, "too few categories with non-zero probability")


def _weighted_scores(xp, key, p, sample_shape):
    """``p / E`` with E ~ Exp(1) i.i.d. of shape ``sample_shape + p.shape``: the argmax over the
    last axis is a draw with weights ``p``, the descending order a draw without replacement (the
    Gumbel trick, ``log p - log E``, without logarithms of zero weights)."""
    u = xp.random.uniform(key, sample_shape + xp.shape(p), xp.dtype(p),
                          _dt.finfo(xp.dtype(p)).smallest_normal, 1.0)
    return xp.divide(p, xp.negative(xp.log(u)))


@area.compositional
def multinomial(xp, key, probs, num_samples, /, *, replacement=False):
    """int64 indices of ``num_samples`` draws from the rows of ``probs`` (1-d or 2-d, unnormalized),
    with or without replacement (``torch.multinomial``)."""
    probs = _param(xp, probs, _param_dtype(xp, probs))
    _check_probs(xp, probs, num_samples, replacement)
    if replacement:
        drawn = xp.argmax(_weighted_scores(xp, key, probs, (num_samples,)), axis=-1)
        if len(xp.shape(probs)) == 2:
            drawn = xp.permute_dims(drawn, (1, 0))
        return xp.astype(drawn, "int64")
    order = xp.argsort(_weighted_scores(xp, key, probs, ()), axis=-1, descending=True)
    return xp.astype(order[..., :num_samples], "int64")


def _is_count(xp, x):
    """Whether ``x`` stands for ``arange(x)``: a Python int or a 0-d integer array."""
    if type(x) is int:
        return True
    return xp.is_native_array(x) and not xp.shape(x) and xp.dtype(x) in INTS


@area.compositional
def permutation(xp, key, x, axis=0):
    """A random permutation of ``arange(x)`` (int ``x``) or of ``x`` along ``axis``."""
    if _is_count(xp, x):
        return _permutation_indices(xp, key, int(x))
    shape = xp.shape(x)
    if not shape:
        raise value_error("permutation", xp.name, "x must be an int or an array with dimensions")
    axis = _axis(axis, len(shape), "permutation", xp.name)
    return xp.take(x, _permutation_indices(xp, key, shape[axis]), axis=axis)


def _permutation_indices(xp, key, n):
    # Sorting 62-bit random keys: ties (a bias) have probability below n**2 / 2**63.
    return xp.argsort(xp.random.randint(key, (n,), 0, 1 << 62, "int64"), stable=True)


@area.compositional
def choice(xp, key, a, shape=(), replace=True, p=None, axis=0):
    """Draws from ``arange(a)`` (int ``a``) or from ``a`` along ``axis``, with or without
    replacement, uniformly or with probabilities ``p`` (``jax.random.choice``)."""
    shape = shape_tuple(shape, "choice", xp.name)
    count = _is_count(xp, a)
    if count:
        n = int(a)
    else:
        ashape = xp.shape(a)
        if not ashape:
            raise value_error("choice", xp.name, "a must be an int or an array with dimensions")
        axis = _axis(axis, len(ashape), "choice", xp.name)
        n = ashape[axis]
    size = 1
    for d in shape:
        size *= d
    if p is not None:
        p = _param(xp, p, _param_dtype(xp, p))
        if xp.shape(p) != (n,):
            raise value_error("choice", xp.name, f"p must have shape ({n},), got {xp.shape(p)}")
    if n == 0 and size:
        raise value_error("choice", xp.name, "cannot draw from an empty population")
    if replace:
        if p is None:
            idx = xp.random.randint(key, shape, 0, n, "int64")
        else:
            idx = xp.astype(xp.argmax(_weighted_scores(xp, key, p, shape), axis=-1), "int64")
    else:
        if size > n:
            raise value_error("choice", xp.name, f"cannot draw {size} of {n} without replacement")
        if p is None:
            order = _permutation_indices(xp, key, n)
        else:
            order = xp.argsort(_weighted_scores(xp, key, p, ()), descending=True)
        idx = xp.reshape(order[:size], shape)
    if count:
        return idx
    taken = xp.take(a, xp.reshape(idx, (-1,)), axis=axis)
    return xp.reshape(taken, ashape[:axis] + shape + ashape[axis + 1:])
