"""ivy.random on jax: every function is ``jax.random``'s, on raw ``uint32[2]`` threefry keys (so
keys and draws work under ``jit``/``vmap`` and equal jax's own numbers for the same key). The
global stream is computed under ``jax.ensure_compile_time_eval``: inside ``jit`` it is read once,
at trace time."""
from __future__ import annotations

import jax
import jax.numpy as jnp


from ivy.core.errors import translating
from ivy.core.ext import random as R

from ._common import DTYPES, NAMES, NAME, native_dtype

jr = jax.random
_IMPL = "threefry2x32"
_U32_END = 1 << 32
_Tracer = jax.core.Tracer


def _k(key, fn):
    """The typed key of raw key data (jax's raw-key path is ~3x slower than a typed key)."""
    if getattr(key, "shape", None) != (2,):
        raise R.value_error(fn, NAME, f"a key is a uint32 array of shape (2,), got "
                                      f"{getattr(key, 'shape', type(key).__name__)}")
    return jr.wrap_key_data(key, impl=_IMPL)


def _fp(p, dt):
    """A float parameter as ``dt`` (jax refuses to narrow float64 parameters implicitly)."""
    return jnp.asarray(p).astype(dt) if isinstance(p, (jax.Array, _Tracer)) else \
        jnp.asarray(p, dt)


def _name(dtype, fn):
    return NAMES[native_dtype(dtype, f"random.{fn}")]


def _float(dtype, fn):
    return DTYPES["float64" if dtype is None else R.float_name(_name(dtype, fn), fn, NAME)]


def _int(dtype, fn):
    return DTYPES["int64" if dtype is None else R.int_name(_name(dtype, fn), fn, NAME)]


def _shape(shape, fn):
    return R.shape_tuple(shape, fn, NAME)


def _optional_shape(shape, fn):
    return None if shape is None else R.shape_tuple(shape, fn, NAME)


def _translating(fn):
    return translating(f"random.{fn.__name__}", NAME)(fn)


def _seed_value(v, fn):
    """A Python int as the int64 with its low 64 bits (jax's seeds are int64); arrays pass."""
    if isinstance(v, (jax.Array, _Tracer)):
        return v
    return R.signed(R.seed_word(v, fn, NAME))


# ---- keys and the global stream ----------------------------------------------------------------

@_translating
def key(seed, /):
    """Implements ``ivy.random.key`` on jax (``jax.random.PRNGKey``)."""
    return jr.key_data(jr.key(_seed_value(seed, "key"), impl=_IMPL))


@_translating
def split(key, /, num=2):
    """Implements ``ivy.random.split`` on jax."""
    return jr.key_data(jr.split(_k(key, "split"), num))


def _fold(k, data):
    """fold_in of a Python int in [0, 2**64): 32 bits at a time beyond jax's uint32 ``data``."""
    if data >= _U32_END:
        k = jr.fold_in(k, data >> 32)
        data &= _U32_END - 1
    return jr.fold_in(k, data)


@_translating
def fold_in(key, data, /):
    """Implements ``ivy.random.fold_in`` on jax (integers beyond uint32 fold in twice; arrays
    convert to uint32 as jax converts them)."""
    if isinstance(data, (jax.Array, _Tracer)):
        return jr.key_data(jr.fold_in(_k(key, "fold_in"), data))
    return jr.key_data(_fold(_k(key, "fold_in"), R.seed_word(data, "fold_in", NAME)))


_stream = [None, 0]     # the global stream: key(s) and the count of next_key calls


def seed(value, /):
    """Implements ``ivy.random.seed`` on jax."""
    with jax.ensure_compile_time_eval():
        _stream[:] = [key(value), 0]


def next_key():
    """Implements ``ivy.random.next_key`` on jax: ``fold_in(key(s), n)`` for the n-th call."""
    base, n = _stream
    with jax.ensure_compile_time_eval():
        if base is None:
            base = _stream[0] = key(0)
        _stream[1] = n + 1
        return jr.key_data(_fold(_k(base, "next_key"), n))


# ---- distributions -------------------------------------------------------------------------

@_translating
def uniform(key, shape=(), dtype=None, minval=0.0, maxval=1.0):
    """Implements ``ivy.random.uniform`` on jax."""
    return jr.uniform(_k(key, "uniform"), _shape(shape, "uniform"), _float(dtype, "uniform"),
                      minval, maxval)


@_translating
def normal(key, shape=(), dtype=None):
    """Implements ``ivy.random.normal`` on jax."""
    return jr.normal(_k(key, "normal"), _shape(shape, "normal"), _float(dtype, "normal"))


@_translating
def randint(key, shape, minval, maxval, dtype=None):
    """Implements ``ivy.random.randint`` on jax."""
    dt = _int(dtype, "randint")
    if isinstance(minval, int) and isinstance(maxval, int):
        minval, maxval = R.int_bounds(minval, maxval, NAMES[dt], "randint", NAME)
    return jr.randint(_k(key, "randint"), _shape(shape, "randint"), minval, maxval, dt)


@_translating
def gamma(key, a, shape=None, dtype=None):
    """Implements ``ivy.random.gamma`` on jax."""
    dt = _float(dtype, "gamma")
    return jr.gamma(_k(key, "gamma"), _fp(a, dt), _optional_shape(shape, "gamma"), dt)


@_translating
def poisson(key, lam, shape=None, dtype=None):
    """Implements ``ivy.random.poisson`` on jax."""
    return jr.poisson(_k(key, "poisson"), lam, _optional_shape(shape, "poisson"),
                      _int(dtype, "poisson"))


@_translating
def truncated_normal(key, lower, upper, shape=None, dtype=None):
    """Implements ``ivy.random.truncated_normal`` on jax."""
    dt = _float(dtype, "truncated_normal")
    return jr.truncated_normal(_k(key, "truncated_normal"), _fp(lower, dt), _fp(upper, dt),
                               _optional_shape(shape, "truncated_normal"), dt)


def _p(p):
    """A probability-like parameter: float arrays keep their dtype, others are float64."""
    if isinstance(p, (jax.Array, _Tracer)) and jnp.issubdtype(p.dtype, jnp.floating):
        return p
    return jnp.asarray(p, dtype=jnp.float64)


@_translating
def bernoulli(key, p=0.5, shape=None):
    """Implements ``ivy.random.bernoulli`` on jax."""
    return jr.bernoulli(_k(key, "bernoulli"), _p(p), _optional_shape(shape, "bernoulli"))


@_translating
def exponential(key, shape=(), dtype=None):
    """Implements ``ivy.random.exponential`` on jax."""
    return jr.exponential(_k(key, "exponential"), _shape(shape, "exponential"),
                          _float(dtype, "exponential"))


@_translating
def gumbel(key, shape=(), dtype=None):
    """Implements ``ivy.random.gumbel`` on jax."""
    return jr.gumbel(_k(key, "gumbel"), _shape(shape, "gumbel"), _float(dtype, "gumbel"))


@_translating
def laplace(key, shape=(), dtype=None):
    """Implements ``ivy.random.laplace`` on jax."""
    return jr.laplace(_k(key, "laplace"), _shape(shape, "laplace"), _float(dtype, "laplace"))


@_translating
def logistic(key, shape=(), dtype=None):
    """Implements ``ivy.random.logistic`` on jax."""
    return jr.logistic(_k(key, "logistic"), _shape(shape, "logistic"), _float(dtype, "logistic"))


@_translating
def cauchy(key, shape=(), dtype=None):
    """Implements ``ivy.random.cauchy`` on jax."""
    return jr.cauchy(_k(key, "cauchy"), _shape(shape, "cauchy"), _float(dtype, "cauchy"))


@_translating
def geometric(key, p, shape=None, dtype=None):
    """Implements ``ivy.random.geometric`` on jax."""
    return jr.geometric(_k(key, "geometric"), _p(p), _optional_shape(shape, "geometric"),
                        _int(dtype, "geometric"))


@_translating
def beta(key, a, b, shape=None, dtype=None):
    """Implements ``ivy.random.beta`` on jax."""
    dt = _float(dtype, "beta")
    return jr.beta(_k(key, "beta"), _fp(a, dt), _fp(b, dt), _optional_shape(shape, "beta"), dt)


@_translating
def dirichlet(key, alpha, shape=None, dtype=None):
    """Implements ``ivy.random.dirichlet`` on jax."""
    dt = _float(dtype, "dirichlet")
    return jr.dirichlet(_k(key, "dirichlet"), _fp(alpha, dt), _optional_shape(shape, "dirichlet"),
                        dt)


@_translating
def categorical(key, logits, axis=-1, shape=None):
    """Implements ``ivy.random.categorical`` on jax."""
    r = jr.categorical(_k(key, "categorical"), _p(logits), axis,
                       _optional_shape(shape, "categorical"))
    return r.astype(jnp.int64)


@_translating
def multinomial(key, probs, num_samples, /, *, replacement=False):
    """Implements ``ivy.random.multinomial`` on jax (torch's semantics; Gumbel top-k without
    replacement; value checks only where ``probs`` is concrete)."""
    probs = _p(probs)
    if probs.ndim not in (1, 2):
        raise R.value_error("multinomial", NAME, f"probs must be 1-d or 2-d, got shape "
                                                 f"{probs.shape}")
    if type(num_samples) is not int or num_samples <= 0:
        raise R.value_error("multinomial", NAME, f"num_samples must be a positive int, got "
                                                 f"{num_samples!r}")
    n = probs.shape[-1]
    if not replacement and num_samples > n:
        raise R.value_error("multinomial", NAME, f"cannot draw {num_samples} samples from {n} "
                                                 f"categories without replacement")
    if not isinstance(probs, _Tracer):
        if not bool(jnp.all(jnp.isfinite(probs) & (probs >= 0))):
            raise R.value_error("multinomial", NAME, "probs must be finite and non-negative")
        if bool(jnp.any(jnp.sum(probs > 0, axis=-1) < (1 if replacement else num_samples))):
            raise R.value_error("multinomial", NAME, "too few categories with non-zero "
                                                     "probability")
    logits = jnp.log(probs)
    k = _k(key, "multinomial")
    if replacement:
        drawn = jr.categorical(k, logits, -1, (num_samples,) + probs.shape[:-1])
        return jnp.moveaxis(drawn, 0, -1).astype(jnp.int64)
    z = logits + jr.gumbel(k, probs.shape, probs.dtype)
    return jax.lax.top_k(z, num_samples)[1].astype(jnp.int64)


@_translating
def choice(key, a, shape=(), replace=True, p=None, axis=0):
    """Implements ``ivy.random.choice`` on jax."""
    return jr.choice(_k(key, "choice"), a, _shape(shape, "choice"), replace, p, axis)


@_translating
def permutation(key, x, axis=0):
    """Implements ``ivy.random.permutation`` on jax."""
    return jr.permutation(_k(key, "permutation"), x, axis)



