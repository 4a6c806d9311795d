"""ivy.random on tensorflow: a key is an ``int64[2]`` tensor, the ``seed`` of TF's stateless ops
(Philox keyed by both words); ``split``/``fold_in`` are ``tf.random.experimental.stateless_split``/
``stateless_fold_in``'s constructions, called through ``tf.raw_ops`` (their wrappers cost more than
the kernels). The global stream is read under ``tf.init_scope`` (eagerly, also inside a
``tf.function``)."""
from __future__ import annotations

import numpy as np
import tensorflow as tf

from ivy.core import dtypes as _dt
from ivy.core.errors import translating
from ivy.core.ext import random as R

from ._base import NAME, TF, name_of, tf_dtype

raw = tf.raw_ops
_I64, _F32, _F64 = tf.int64, tf.float32, tf.float64
# The dtypes TF's stateless gamma/poisson/truncated-normal kernels take (bfloat16: float32).
_COMPUTE = {"float16": TF["float16"], "bfloat16": _F32, "float32": _F32, "float64": _F64}


def _seed(key, fn):
    if not isinstance(key, tf.Tensor) or key.shape != (2,) or not key.dtype.is_integer:
        raise R.value_error(fn, NAME, f"a key is an integer tensor of shape (2,), got "
                                      f"{getattr(key, 'shape', type(key).__name__)}")
    return key if key.dtype is _I64 else tf.cast(key, _I64)


def _name(dtype, fn):
    return name_of(tf_dtype(dtype, f"random.{fn}"))


def _float(dtype, fn):
    return "float64" if dtype is None else R.float_name(_name(dtype, fn), fn, NAME)


def _int(dtype, fn):
    return "int64" if dtype is None else R.int_name(_name(dtype, fn), fn, NAME)


def _shape(shape):
    return np.asarray(shape, np.int64)


def _param(p, dt):
    if isinstance(p, tf.Tensor):
        return p if p.dtype is dt else tf.cast(p, dt)
    return tf.constant(np.asarray(p, dtype=dt.as_numpy_dtype))


def _translating(fn):
    return translating(f"random.{fn.__name__}", NAME)(fn)


# ---- keys and the global stream ----------------------------------------------------------------

def key(seed, /):
    """Implements ``ivy.random.key`` on tensorflow."""
    return tf.constant([0, R.signed(R.seed_word(seed, "key", NAME))], _I64)


@_translating
def split(key, /, num=2):
    """Implements ``ivy.random.split`` on tensorflow (``stateless_split``)."""
    if type(num) is not int or num < 0:
        raise R.value_error("split", NAME, f"num must be a non-negative int, got {num!r}")
    return raw.StatelessRandomUniformFullInt(shape=_shape((num, 2)), seed=_seed(key, "split"),
                                             dtype=_I64)


def _fold(key, data):
    first = raw.StatelessRandomUniformFullInt(shape=_shape(()), seed=key, dtype=_I64)
    return tf.stack([first, data])


@_translating
def fold_in(key, data, /):
    """Implements ``ivy.random.fold_in`` on tensorflow (``stateless_fold_in``)."""
    key = _seed(key, "fold_in")
    if isinstance(data, tf.Tensor):
        if not data.dtype.is_integer or data.shape != ():
            raise R.type_error("fold_in", NAME, "data must be an integer or a 0-d integer tensor")
        return _fold(key, tf.cast(data, _I64))
    return _fold(key, tf.constant(R.signed(R.seed_word(data, "fold_in", NAME)), _I64))


_stream = [0, 0]        # the global stream: seed s and the count of next_key calls


def seed(value, /):
    """Implements ``ivy.random.seed`` on tensorflow."""
    _stream[:] = [R.seed_word(value, "seed", NAME), 0]


def next_key():
    """Implements ``ivy.random.next_key`` on tensorflow: ``fold_in(key(s), n)``, n-th call."""
    s, n = _stream
    _stream[1] = n + 1
    with tf.init_scope():
        return _fold(key(s), tf.constant(R.signed(n), _I64))


# ---- distributions -------------------------------------------------------------------------

def _is_unit(minval, maxval):
    return type(minval) in (int, float) and type(maxval) in (int, float) and minval == 0 \
        and maxval == 1


@_translating
def uniform(key, shape=(), dtype=None, minval=0.0, maxval=1.0):
    """Implements ``ivy.random.uniform`` on tensorflow."""
    dt = TF[_float(dtype, "uniform")]
    shape = R.shape_tuple(shape, "uniform", NAME)
    u = raw.StatelessRandomUniform(shape=_shape(shape), seed=_seed(key, "uniform"), dtype=dt)
    if _is_unit(minval, maxval):
        return u
    lo, hi = _param(minval, dt), _param(maxval, dt)
    R.out_shape("uniform", NAME, shape, tuple(lo.shape), tuple(hi.shape))
    return tf.maximum(lo, u * (hi - lo) + lo)


@_translating
def normal(key, shape=(), dtype=None):
    """Implements ``ivy.random.normal`` on tensorflow."""
    dt = TF[_float(dtype, "normal")]
    shape = R.shape_tuple(shape, "normal", NAME)
    return raw.StatelessRandomNormal(shape=_shape(shape), seed=_seed(key, "normal"), dtype=dt)


def _is_int(v):
    return isinstance(v, (int, np.integer)) and not isinstance(v, bool)


@_translating
def randint(key, shape, minval, maxval, dtype=None):
    """Implements ``ivy.random.randint`` on tensorflow (array bounds: 63 random bits modulo the
    span, a bias below span / 2**63)."""
    name = _int(dtype, "randint")
    shape = R.shape_tuple(shape, "randint", NAME)
    seed = _seed(key, "randint")
    if _is_int(minval) and _is_int(maxval):
        lo, hi = R.int_bounds(int(minval), int(maxval), name, "randint", NAME)
        r = raw.StatelessRandomUniformInt(shape=_shape(shape), seed=seed,
                                          minval=tf.constant(lo, _I64),
                                          maxval=tf.constant(hi, _I64))
        return r if name == "int64" else tf.cast(r, TF[name])
    lo, hi = (_param(v, _I64) if not isinstance(v, tf.Tensor) or v.dtype.is_integer
              else None for v in (minval, maxval))
    if lo is None or hi is None:
        raise R.type_error("randint", NAME, "minval and maxval must be integers")
    R.out_shape("randint", NAME, shape, tuple(lo.shape), tuple(hi.shape))
    info = _dt.iinfo(name)
    if int(tf.size(lo)) and int(tf.size(hi)) and (int(tf.reduce_min(lo)) < info.min
                                                  or int(tf.reduce_max(hi)) > info.max + 1):
        raise R.value_error("randint", NAME, f"bounds exceed the range of {name}")
    bits = raw.StatelessRandomUniformFullInt(shape=_shape(shape), seed=seed, dtype=_I64)
    bits = tf.bitwise.bitwise_and(bits, tf.constant((1 << 63) - 1, _I64))
    r = lo + tf.math.floormod(bits, tf.maximum(hi - lo, tf.constant(1, _I64)))
    return r if name == "int64" else tf.cast(r, TF[name])


def _broadcast_param(p, dt, shape, fn):
    p = _param(p, dt)
    return p, R.out_shape(fn, NAME, shape, tuple(p.shape))


@_translating
def gamma(key, a, shape=None, dtype=None):
    """Implements ``ivy.random.gamma`` on tensorflow."""
    name = _float(dtype, "gamma")
    a, shape = _broadcast_param(a, _COMPUTE[name], shape, "gamma")
    r = raw.StatelessRandomGammaV2(shape=_shape(shape), seed=_seed(key, "gamma"), alpha=a)
    return r if r.dtype is TF[name] else tf.cast(r, TF[name])


@_translating
def poisson(key, lam, shape=None, dtype=None):
    """Implements ``ivy.random.poisson`` on tensorflow."""
    name = _int(dtype, "poisson")
    lam, shape = _broadcast_param(lam, _F64, shape, "poisson")
    r = raw.StatelessRandomPoisson(shape=_shape(shape), seed=_seed(key, "poisson"), lam=lam,
                                   dtype=_I64)
    return r if name == "int64" else tf.cast(r, TF[name])


@_translating
def truncated_normal(key, lower, upper, shape=None, dtype=None):
    """Implements ``ivy.random.truncated_normal`` on tensorflow (its parameterized kernel)."""
    name = _float(dtype, "truncated_normal")
    dt = _COMPUTE[name]
    lo, hi = _param(lower, TF[name]), _param(upper, TF[name])
    shape = R.out_shape("truncated_normal", NAME, shape, tuple(lo.shape), tuple(hi.shape))
    lo, hi = tf.broadcast_to(tf.cast(lo, dt), shape), tf.broadcast_to(tf.cast(hi, dt), shape)
    r = raw.StatelessParameterizedTruncatedNormal(
        shape=_shape(shape), seed=_seed(key, "truncated_normal"), means=tf.zeros((), dt),
        stddevs=tf.ones((), dt), minvals=lo, maxvals=hi)
    return r if r.dtype is TF[name] else tf.cast(r, TF[name])
