"""``tf.random`` and ``tf.nn.dropout``: TensorFlow's CPU random numbers, bit for bit where the
kernel's algorithm is reproduced.

TensorFlow's CPU kernels draw from Philox-4x32-10, a counter-based generator: block ``i`` of a
stream is ten rounds of ``(counter + i, key)`` (a 128-bit counter, a 64-bit key) giving four
32-bit words. The words are computed on the backend (``_philox_kernel``): the counters are an int64
``arange`` carried into four 32-bit words, and the rounds' 32x32->64-bit products are taken in
16-bit halves of the constant multipliers (each partial product < 2**48 fits int64, as not every
backend multiplies uint64). Only the stream's position (key and counter, Python ints) lives on the
host. Where each op's stream starts:

- stateless ops: the seed pair ``(s0, s1)`` (int32 sign-extended, or int64) is one Philox block
  with the fixed key ``0x02461e29_3ec8f720``; its words are the key and the counter's high half.
- stateful ops (``tf.random.uniform``...): the seed pair ``(global, op)`` of ``tf.random.set_seed``
  (an op seed without a global seed pairs with 87654321; a global seed without an op seed takes
  op seeds from ``random.Random(global)``; both truncated modulo 2**31 - 1) is the key and the
  counter's high half; TensorFlow caches one kernel per (op, attributes, seeds) in eager mode and
  each call reserves 256 blocks per output element from it -- ``_KERNELS`` holds those offsets,
  and ``set_seed`` clears them as TensorFlow clears its kernel cache.
- ``Generator``: its state ``[counter_lo, counter_hi, key]`` (int64), advanced the same way.

Distributions (TensorFlow's): a float in [1, 2) from a word's low mantissa bits minus one
(float64 from two words); Box-Muller normals per word pair; truncated normals from groups of four
(two for float64) outputs, each group's candidates from its own 256-block region, rejecting
|z| >= 2; integers ``minval + bits % range``; categorical by inverse CDF on a float64 draw per
sample; shuffle as the kernel's Fisher-Yates over ``word % (n - i)``. Gamma (Marsaglia-Tsang),
Poisson and binomial (inversion) draws and the stateless parameterized truncated normal (inverse
CDF) are deterministic functions of the same streams: TensorFlow's distributions, not its values.
"""
from __future__ import annotations

import collections
import enum
import os
import random as _pyrandom

import numpy as np

import ivy

from .._shared import native_name
from . import _dtypes as T
from ._tensor import Tensor, TensorShape, convert, wrap
from .errors import NotFoundError, invalid_argument

M32, M64, M128 = (1 << 32) - 1, (1 << 64) - 1, (1 << 128) - 1
_MA, _MB, _WA, _WB = 0xD2511F53, 0xCD9E8D57, 0x9E3779B9, 0xBB67AE85
_STATELESS_KEY = 0x02461E29_3EC8F720
_MAXINT32 = (1 << 31) - 1
_DEFAULT_GRAPH_SEED = 87654321
_RESERVE = 256                  # Philox blocks a stateful kernel reserves per output element
_FLOATS = ("float16", "bfloat16", "float32", "float64")
_HALF = {"float16": (0x3FF, 15 << 10, "int16"), "bfloat16": (0x7F, 127 << 7, "int16"),
         "float32": (0x7FFFFF, 127 << 23, "int32")}


# ---- Philox-4x32-10 -----------------------------------------------------------------------------

def _philox_host(counter: int, key: int) -> list:
    """One block on the host (seed scrambling): four 32-bit words."""
    c = [(counter >> (32 * j)) & M32 for j in range(4)]
    k0, k1 = key & M32, key >> 32
    for _ in range(10):
        p0, p1 = _MA * c[0], _MB * c[2]
        c = [(p1 >> 32) ^ c[1] ^ k0, p1 & M32, (p0 >> 32) ^ c[3] ^ k1, p0 & M32]
        k0, k1 = (k0 + _WA) & M32, (k1 + _WB) & M32
    return c


def _mulhilo(a, m: int):
    """(low, high) 32-bit words of ``a * m`` (``a`` int64 words, ``m`` a 32-bit constant)."""
    p0, p1 = ivy.multiply(a, m & 0xFFFF), ivy.multiply(a, m >> 16)
    t = ivy.add(p0, ivy.bitwise_left_shift(ivy.bitwise_and(p1, 0xFFFF), 16))
    return (ivy.bitwise_and(t, M32),
            ivy.add(ivy.bitwise_right_shift(p1, 16), ivy.bitwise_right_shift(t, 32)))


def _philox_kernel(idx, base_key):
    """The blocks at counters ``base + idx`` (``base_key``: base's four words, then the key's
    two, int64): the words flat in block order."""
    words, carry = [], idx
    for j in range(4):
        w = ivy.add(ivy.get_item(base_key, j), carry)
        words.append(ivy.bitwise_and(w, M32))
        carry = ivy.bitwise_right_shift(w, 32)
    c0, c1, c2, c3 = words
    k0, k1 = ivy.get_item(base_key, 4), ivy.get_item(base_key, 5)
    for r in range(10):
        lo0, hi0 = _mulhilo(c0, _MA)
        lo1, hi1 = _mulhilo(c2, _MB)
        c0, c1 = ivy.bitwise_xor(ivy.bitwise_xor(hi1, c1), k0), lo1
        c2, c3 = ivy.bitwise_xor(ivy.bitwise_xor(hi0, c3), k1), lo0
        if r < 9:
            k0 = ivy.bitwise_and(ivy.add(k0, _WA), M32)
            k1 = ivy.bitwise_and(ivy.add(k1, _WB), M32)
    return ivy.reshape(ivy.stack([c0, c1, c2, c3], axis=-1), (-1,))


_JITTED: dict = {}


_MIN_BLOCKS = 256               # small draws share one compiled shape


def _compiled(fn, *static):
    """``fn(*static, x)`` jit-compiled on jax per static arguments (op-by-op dispatch there
    compiles each op for each shape); as is elsewhere."""
    if ivy.current_backend() != "jax":
        return lambda x: fn(*static, x)
    out = _JITTED.get((fn, static))
    if out is None:
        out = _JITTED[fn, static] = ivy.jit(lambda x: fn(*static, x))
    return out


def _call(fn, static, *arrays):
    """``fn(*static, *arrays)``, jit-compiled on jax per static arguments."""
    if ivy.current_backend() != "jax":
        return fn(*static, *arrays)
    out = _JITTED.get((_call, fn, static))
    if out is None:
        out = _JITTED[_call, fn, static] = ivy.jit(lambda *xs: fn(*static, *xs))
    return out(*arrays)


def _bucket(n: int, least: int = _MIN_BLOCKS) -> int:
    """n rounded up to a power of two, at least ``least`` (jitted shapes repeat)."""
    return max(least, 1 << max(n - 1, 0).bit_length())


def _block_count(n: int) -> int:
    """Blocks to compute for n: 256 times a power of 16 (few compiled shapes on jax)."""
    b = _MIN_BLOCKS
    while b < n:
        b *= 16
    return b


def _philox(idx, base_key):
    """``_philox_kernel``, compiled once per length on jax (and traced once on tensorflow)."""
    if ivy.current_backend() not in ("jax", "tensorflow"):
        return _philox_kernel(idx, base_key)
    backend = ivy.current_backend()
    fn = _JITTED.get((backend, _philox_kernel))
    if fn is None:
        fn = _JITTED[backend, _philox_kernel] = ivy.jit(_philox_kernel)
    return fn(idx, base_key)


def _apply(fn, static, words):
    return fn(words, *static)


class _Stream:
    """A position: key and counter (host ints). ``run`` maps the stream's first words to
    values without moving it."""
    __slots__ = ("key", "counter")

    def __init__(self, key: int, counter: int):
        self.key, self.counter = key & M64, counter & M128

    def base_key(self):
        c = self.counter
        return ivy.asarray(np.asarray([(c >> (32 * j)) & M32 for j in range(4)]
                                      + [self.key & M32, self.key >> 32], dtype=np.int64))

    def run(self, fn, per_block, n, *static):
        """The first ``n`` values of ``fn(words, *static)`` (``per_block`` values a block)."""
        return ivy.get_item(_compiled(_apply, fn, static)(self.words(-(-n // per_block))),
                            slice(0, n))

    def words(self, blocks):
        """The words of (at least) the first ``blocks`` blocks."""
        return _philox(ivy.arange(_block_count(blocks), dtype="int64"), self.base_key())


# ---- distributions ------------------------------------------------------------------------------

def _unit(w, name):
    """Floats in [0, 1) from words (float16/bfloat16/float32: one word each)."""
    mask, one, via = _HALF[name]
    bits = ivy.astype(ivy.bitwise_or(ivy.bitwise_and(w, mask), one), via)
    return ivy.subtract(ivy.bitcast(bits, name), ivy.ones((), dtype=name))


def _unit64(hi, lo):
    """float64 in [0, 1) from word pairs: 20 mantissa bits of ``hi``, 32 of ``lo``."""
    man = ivy.bitwise_or(ivy.bitwise_left_shift(ivy.bitwise_and(hi, 0xFFFFF), 32), lo)
    bits = ivy.bitwise_or(man, 1023 << 52)
    return ivy.subtract(ivy.bitcast(bits, "float64"), ivy.ones((), dtype="float64"))


def _evens(w):
    return ivy.get_item(w, slice(0, None, 2)), ivy.get_item(w, slice(1, None, 2))


def _f_words(w):
    return w


def _f_unit(w, name):
    return _unit64(*_evens(w)) if name == "float64" else _unit(w, name)


def _per_block(name):
    return 2 if name in ("float64", "int64", "uint64") else 4


def _box_muller(w, name):
    """Box-Muller on consecutive word pairs (float32 math for the half types; four words per
    pair for float64): the pair's sine and cosine outputs, interleaved."""
    if name == "float64":
        w = ivy.reshape(w, (-1, 4))
        u1 = _unit64(ivy.get_item(w, (slice(None), 0)), ivy.get_item(w, (slice(None), 1)))
        u2 = _unit64(ivy.get_item(w, (slice(None), 2)), ivy.get_item(w, (slice(None), 3)))
        u1 = ivy.maximum(u1, ivy.full((), 1e-34, dtype="float64"))
        v1 = ivy.multiply(u2, 2 * np.pi)
    else:
        x0, x1 = _evens(w)
        u1 = ivy.maximum(_unit(x0, "float32"), ivy.full((), 1e-7, dtype="float32"))
        # 2.0f * M_PI * u: a double product rounded once to float
        v1 = ivy.astype(ivy.multiply(ivy.astype(_unit(x1, "float32"), "float64"), 2 * np.pi),
                        "float32")
    r = ivy.sqrt(ivy.multiply(ivy.log(u1), -2.0))
    pairs = ivy.stack([ivy.multiply(ivy.sin(v1), r), ivy.multiply(ivy.cos(v1), r)], axis=-1)
    return ivy.reshape(pairs, (-1,))


def _f_normal(w, name):
    out = _box_muller(w, name)
    return out if name in ("float32", "float64") else ivy.astype(out, name)


def _uniform_values(stream, n, name):
    return stream.run(_f_unit, _per_block(name), n, name)


def _normal_values(stream, n, name):
    return stream.run(_f_normal, _per_block(name), n, name)


def _truncated_kernel(groups, name, words):
    """Groups of ``g`` outputs (4; 2 for float64) from each group's words: the first ``g``
    Box-Muller candidates with |z| < 2, in draw order; and the fewest candidates accepted by a
    group."""
    g = 2 if name == "float64" else 4
    cand = ivy.reshape(_box_muller(words, name), (groups, -1))
    ok = ivy.less(ivy.abs(cand), 2.0)
    rank = ivy.cumulative_sum(ivy.astype(ok, "int64"), axis=1)
    zero = ivy.zeros((), dtype=native_name(cand))
    cols = [ivy.sum(ivy.where(ivy.logical_and(ok, ivy.equal(rank, s + 1)), cand, zero), axis=1)
            for s in range(g)]
    out = ivy.reshape(ivy.stack(cols, axis=1), (-1,))
    out = out if name in ("float32", "float64") else ivy.astype(out, name)
    return out, ivy.min(ivy.get_item(rank, (slice(None), -1)))


def _truncated_values(stream, n, name):
    g = 2 if name == "float64" else 4
    groups = _bucket(-(-n // g), 64)
    blocks = 4
    while True:
        # group i's region starts at block i * 64 * g (counter offsets: host metadata)
        idx = (np.arange(groups, dtype=np.int64)[:, None] * (64 * g)
               + np.arange(blocks, dtype=np.int64)[None, :]).reshape(-1)
        words = _philox(ivy.asarray(idx), stream.base_key())
        out, fewest = _compiled(_truncated_kernel, groups, name)(words)
        if blocks >= 256 or int(ivy.to_numpy(fewest)) >= g:
            return ivy.get_item(out, slice(0, n))
        blocks *= 4


def _mod64(hi, lo, rng, step: int):
    """``(hi * 2**32 + lo) % rng`` for ``rng < 2**62``: the 64 bits fed high to low in chunks
    of ``step`` bits, small enough that ``r * 2**step`` stays below 2**63."""
    r, bits = None, 64
    while bits > 0:
        take = min(step, bits)
        bits -= take
        # the chunk of ``take`` bits at position ``bits`` of the 64-bit value
        if bits >= 32:
            chunk = ivy.bitwise_and(ivy.bitwise_right_shift(hi, bits - 32), (1 << take) - 1)
        elif bits + take <= 32:
            chunk = ivy.bitwise_and(ivy.bitwise_right_shift(lo, bits), (1 << take) - 1)
        else:
            high_part = ivy.bitwise_and(hi, (1 << (bits + take - 32)) - 1)
            chunk = ivy.bitwise_or(ivy.bitwise_left_shift(high_part, 32 - bits),
                                   ivy.bitwise_right_shift(lo, bits))
        r = chunk if r is None else ivy.add(ivy.bitwise_left_shift(r, take), chunk)
        r = ivy.remainder(r, rng)
    return r


def _f_int(name, step, w, lo, rng):
    """``lo + bits % rng``: 32-bit words for 32-bit types, word pairs (low first) for 64-bit
    (``lo``, ``rng``: int64 scalars)."""
    if name in ("int64", "uint64"):
        w0, w1 = _evens(w)
        r = _mod64(w1, w0, rng, step)
    else:
        r = ivy.remainder(w, rng)
    return ivy.astype(ivy.add(r, lo), name)


def _int_values(stream, n, name, lo: int, hi: int):
    rng, per = hi - lo, _per_block(name)
    if per == 2 and rng >= 1 << 62:
        raise NotImplementedError("tf.random.uniform: 64-bit integer ranges of 2**62 or more "
                                  "are not supported by ivy's tensorflow frontend")
    step = 63 - rng.bit_length() if per == 2 else 0
    out = _call(_f_int, (name, step), stream.words(-(-n // per)),
                ivy.asarray(np.int64(lo)), ivy.asarray(np.int64(rng)))
    return ivy.get_item(out, slice(0, n))


def _f_full_int(w, name):
    """Every bit pattern equally likely: one word (32-bit types) or two, low word first."""
    if name == "uint32":
        return ivy.astype(w, "uint32")
    if name == "int32":
        return ivy.astype(ivy.subtract(w, ivy.multiply(ivy.astype(ivy.greater_equal(
            w, 1 << 31), "int64"), 1 << 32)), "int32")
    lo, hi = _evens(w)
    hi = ivy.subtract(hi, ivy.multiply(ivy.astype(ivy.greater_equal(hi, 1 << 31), "int64"),
                                       1 << 32))
    out = ivy.add(ivy.multiply(hi, 1 << 32), lo)
    return out if name == "int64" else ivy.bitcast(out, "uint64")


def _full_int_values(stream, n, name):
    return stream.run(_f_full_int, _per_block(name), n, name)


def _doubles(stream, n):
    """n float64 draws (two words each, as the kernels' ``RandDouble``)."""
    return stream.run(_f_unit, 2, n, "float64")


# ---- argument handling --------------------------------------------------------------------------

def _shape(shape, op):
    if isinstance(shape, TensorShape):
        shape = shape.as_list()
    a = np.asarray(ivy.to_numpy(shape._data) if type(shape) is Tensor else shape)
    if a.dtype.kind not in "iu" and a.size:
        raise invalid_argument(f"Value for attr 'T' of {a.dtype} is not in the list of allowed "
                               f"values: int32, int64", op)
    out = tuple(int(d) for d in a.reshape(-1))
    if a.ndim > 1:
        raise invalid_argument(f"shape must be a vector of {{int32,int64}}, got shape "
                               f"{list(a.shape)}", op)
    for d in out:
        if d < 0:
            raise invalid_argument(f"Dimension {d} must be >= 0", op)
    return out


def _size(shape) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


def _dtype(dtype, allowed, op, attr=False):
    """``dtype``'s name if allowed: TypeError from the Python layer, InvalidArgumentError (an
    attribute check, ``attr``) from the kernel."""
    name = T.name_of(dtype)
    if name not in allowed and attr:
        raise invalid_argument(f"Value for attr 'dtype' of {name} is not in the list of allowed "
                               f"values: {', '.join(allowed)}", op)
    if name not in allowed:
        raise TypeError(f"Value passed to parameter 'dtype' has DataType {name} not in list of "
                        f"allowed values: {', '.join(allowed)}")
    return name


def _host_int(value, op=None, what="minval") -> int:
    a = np.asarray(ivy.to_numpy(value._data) if type(value) is Tensor else value)
    if a.ndim:
        raise invalid_argument(f"{what} must be 0-D, got shape {list(a.shape)}", op)
    return int(a)


def _param(value, name):
    """A distribution parameter converted to the output dtype (a tensor of another dtype is
    TensorFlow's ValueError)."""
    return convert(value, name)


def _scale(x, name, minval, maxval):
    """``x * (maxval - minval) + minval`` as TensorFlow's Python layer computes it."""
    lo, hi = _param(minval, name), _param(maxval, name)
    if isinstance(minval, (int, float)) and minval == 0:
        return x if isinstance(maxval, (int, float)) and maxval == 1 else ivy.multiply(x, hi)
    return ivy.add(ivy.multiply(x, ivy.subtract(hi, lo)), lo)


# ---- seeds: set_seed and the stateful kernels ---------------------------------------------------

class _Global:
    seed = None
    rng = _pyrandom.Random()


_KERNELS: dict = {}             # (op, attrs, seeds) -> blocks reserved so far


def set_seed(seed):
    """``tf.random.set_seed``: the global seed, a fresh op-seed sequence, no cached kernels."""
    _Global.seed = None if seed is None else int(seed)
    _Global.rng = _pyrandom.Random(_Global.seed)
    _KERNELS.clear()


def get_seed(op_seed):
    """TensorFlow's ``(global, op)`` seed pair for an op (None when neither is set)."""
    if _Global.seed is not None:
        op = _Global.rng.randint(0, _MAXINT32) if op_seed is None else int(op_seed)
        seeds = (_Global.seed % _MAXINT32, op % _MAXINT32)
    elif op_seed is not None:
        seeds = (_DEFAULT_GRAPH_SEED, int(op_seed) % _MAXINT32)
    else:
        return None
    return (0, _MAXINT32) if seeds == (0, 0) else seeds


def _random_int(bits):
    return int.from_bytes(os.urandom(bits // 8), "little")


def _stateful(op, attrs, seed, blocks) -> _Stream:
    """The stream of one call of a stateful kernel (its cached instance's next region)."""
    seeds = get_seed(seed)
    if seeds is None:
        return _Stream(_random_int(64), _random_int(128))
    k = (op, attrs, seeds)
    done = _KERNELS.get(k, 0)
    _KERNELS[k] = done + blocks
    return _Stream(seeds[0], ((seeds[1] & M64) << 64) + done)


def _stateless(seed, op) -> _Stream:
    """The stream of a stateless op: the seed pair scrambled by one Philox block."""
    a = seed._data if type(seed) is Tensor else convert(seed)
    name = native_name(a)
    if name not in ("int32", "int64"):
        raise invalid_argument(f"Value for attr 'Tseed' of {name} is not in the list of allowed "
                               f"values: int32, int64", "StatelessRandomGetKeyCounter")
    if tuple(a.shape) != (2,):
        raise invalid_argument(f"seed must have shape [2], not {list(a.shape)}", op)
    s0, s1 = (int(v) for v in np.asarray(ivy.to_numpy(a)))
    w = _philox_host((s0 & M64) | ((s1 & M64) << 64), _STATELESS_KEY)
    return _Stream(w[0] | (w[1] << 32), (w[2] | (w[3] << 32)) << 64)


# ---- the samplers shared by stateful, stateless and Generator ops -------------------------------

_UNIFORM_INT = ("int32", "int64", "uint32", "uint64")


_ACCEPTED = "(tf.float16, tf.bfloat16, tf.float32, tf.float64, tf.int32, tf.int64)"


def _check_uniform(dtype, minval, maxval, stateless):
    """The Python layer's dtype and bounds checks (ValueError)."""
    name = T.name_of(dtype)
    if name in _FLOATS:
        return name
    if name not in _UNIFORM_INT or (not stateless and name not in ("int32", "int64")):
        raise ValueError(f"Argument `dtype` got invalid value <dtype: '{name}'>. Accepted dtypes "
                         f"are {_ACCEPTED}.")
    if not stateless and maxval is None:
        raise ValueError(f"Must specify maxval for integer dtype tf.{name}")
    if stateless and (minval is None) != (maxval is None):
        raise ValueError(f"For integer `dtype` argument <dtype: '{name}'>, argument `minval` and "
                         f"`maxval` must be both None or not None. Got `minval`={minval} and "
                         f"`maxval`={maxval}.")
    if stateless and minval is not None and name.startswith("u"):
        raise ValueError(f"Argument `dtype` got invalid value <dtype: '{name}'> when argument "
                         f"`minval` is not None. Please don't use unsigned integers in this case.")
    return name


def _uniform(stream_of, shape, minval, maxval, dtype, op, stateless=False):
    name = _check_uniform(dtype, minval, maxval, stateless)
    shape = _shape(shape, op)
    n = _size(shape)
    if name in _FLOATS:
        out = ivy.reshape(_uniform_values(stream_of(n), n, name), shape)
        return wrap(_scale(out, name, minval, maxval))
    if maxval is None:
        return wrap(ivy.reshape(_full_int_values(stream_of(n), n, name), shape))
    lo, hi = _host_int(minval, op), _host_int(maxval, op, "maxval")
    if lo >= hi:
        raise invalid_argument(f"Need minval < maxval: {lo} >= {hi}", op)
    return wrap(ivy.reshape(_int_values(stream_of(n), n, name, lo, hi), shape))


def _affine(x, name, mean, stddev):
    return ivy.add(ivy.multiply(x, _param(stddev, name)), _param(mean, name))


def _normal(stream_of, shape, mean, stddev, dtype, op, truncated=False):
    shape = _shape(shape, op)
    name = _dtype(dtype, _FLOATS, op)
    n = _size(shape)
    values = (_truncated_values if truncated else _normal_values)(stream_of(n), n, name)
    return wrap(_affine(ivy.reshape(values, shape), name, mean, stddev))


def _categorical(stream_of, logits, num_samples, dtype, op):
    lg = logits._data if type(logits) is Tensor else convert(logits)
    if len(lg.shape) != 2:
        raise invalid_argument(f"logits should be a matrix, got shape {list(lg.shape)}", op)
    out_name = T.name_of(dtype or "int64")
    if out_name not in ("int32", "int64"):
        raise ValueError(f"Argument `dtype` got invalid value <dtype: '{out_name}'>. Accepted "
                         f"dtypes are (tf.int32, tf.int64).")
    if native_name(lg) not in _FLOATS:
        raise NotFoundError(None, op, f"Could not find device for node: {{{{node {op}}}}} = "
                            f"{op}[T=DT_{native_name(lg).upper()}]")
    s = _host_int(num_samples, op, "num_samples")
    if s < 0:
        raise invalid_argument(f"num_samples should be non-negative, got {s}", op)
    b, c = lg.shape
    u = ivy.reshape(_doubles(stream_of(b, s, (native_name(lg), out_name)), b * s), (b, s))
    if c == 0 or b * s == 0:
        return wrap(ivy.zeros((b, s), dtype=out_name))
    return wrap(_call(_inverse_categorical, (out_name,), lg, u))


def _inverse_categorical(out_name, lg, u):
    """Per row: the CDF of ``exp(logit - max)`` over finite logits (float64); a sample is the
    count of CDF entries <= ``u * total``."""
    x = ivy.astype(lg, "float64")
    finite = ivy.isfinite(x)
    top = ivy.max(ivy.where(finite, x, ivy.full((), -np.inf, dtype="float64")), axis=1,
                  keepdims=True)
    w = ivy.where(finite, ivy.exp(ivy.subtract(x, top)), ivy.zeros((), dtype="float64"))
    cdf = ivy.cumulative_sum(w, axis=1)
    find = ivy.multiply(u, ivy.get_item(cdf, (slice(None), slice(-1, None))))
    idx = ivy.sum(ivy.astype(ivy.less_equal(ivy.expand_dims(cdf, axis=1),
                                            ivy.expand_dims(find, axis=2)), "int64"), axis=2)
    return ivy.astype(idx, out_name)


_GAMMA_ROUNDS = 15              # Marsaglia-Tsang tries per draw (each accepts with p > 0.95)


def _f_gamma_parts(w):
    """Per draw (32 words): 16 normals (15 used) and 16 uniforms (the last for ``a < 1``)."""
    w = ivy.reshape(w, (-1, 32))
    z = _box_muller(ivy.reshape(ivy.get_item(w, (slice(None), slice(0, 16))), (-1,)), "float32")
    z = ivy.get_item(ivy.reshape(ivy.astype(z, "float64"), (-1, 16)),
                     (slice(None), slice(0, _GAMMA_ROUNDS)))
    return z, ivy.astype(_unit(ivy.get_item(w, (slice(None), slice(16, 32))), "float32"),
                         "float64")


def _gamma_values(stream, a):
    """Gamma(a, 1) (float64 ``a``, any shape): Marsaglia-Tsang on the stream's normals and
    uniforms, the first accepted try; ``a < 1`` boosted by ``u ** (1 / a)``."""
    n = _size(a.shape)
    if n == 0:
        return ivy.zeros(a.shape, dtype="float64")
    z, u = _compiled(_apply, _f_gamma_parts, ())(stream.words(8 * n))   # eight blocks a draw
    return _call(_gamma_accept, (), ivy.get_item(z, slice(0, n)), ivy.get_item(u, slice(0, n)),
                 ivy.reshape(a, (n, 1)))


def _gamma_accept(z, u, a):
    """The first accepted of the tries (normals ``z``, uniforms ``u``) for shapes ``a``."""
    n = a.shape[0]
    small = ivy.less(a, 1.0)
    d = ivy.subtract(ivy.where(small, ivy.add(a, 1.0), a), 1.0 / 3.0)
    c = ivy.divide(1.0, ivy.sqrt(ivy.multiply(d, 9.0)))
    v = ivy.add(ivy.multiply(c, z), 1.0)
    v3 = ivy.multiply(ivy.multiply(v, v), v)
    tries = ivy.get_item(u, (slice(None), slice(0, _GAMMA_ROUNDS)))
    safe = ivy.where(ivy.greater(v3, 0.0), v3, ivy.ones_like(v3))
    bound = ivy.add(ivy.multiply(ivy.multiply(z, z), 0.5),
                    ivy.multiply(d, ivy.add(ivy.subtract(1.0, safe), ivy.log(safe))))
    ok = ivy.logical_and(ivy.greater(v3, 0.0), ivy.less(ivy.log(tries), bound))
    first = ivy.argmax(ivy.astype(ok, "int32"), axis=1, keepdims=True)
    g = ivy.multiply(d, ivy.take_along_axis(v3, first, axis=1))
    boost = ivy.pow(ivy.get_item(u, (slice(None), slice(_GAMMA_ROUNDS, None))),
                    ivy.divide(1.0, a))
    g = ivy.where(small, ivy.multiply(g, boost), g)
    return ivy.reshape(g, (n,))


def _gamma(stream, shape, alpha, beta, name):
    a = _param(alpha, name)
    out_shape = tuple(shape) + tuple(a.shape if beta is None else
                                     ivy.broadcast_shapes(a.shape, _param(beta, name).shape))
    g = ivy.reshape(_gamma_values(stream, ivy.astype(ivy.broadcast_to(a, out_shape), "float64")),
                    out_shape)
    g = ivy.astype(g, name)
    return g if beta is None else ivy.divide(g, ivy.broadcast_to(_param(beta, name), out_shape))


def _inverse_cdf(stream, log_pmf, top: int, shp, oname, *params):
    """Draws by inversion: one float64 uniform per draw against the CDF over 0..top of
    ``log_pmf(k, *params)``."""
    n = _size(shp)
    if n == 0:
        return ivy.zeros(shp, dtype=oname)
    u = ivy.reshape(_doubles(stream, n), (n, 1))
    return ivy.astype(ivy.reshape(_call(_invert, (log_pmf, top), u, *params), shp), oname)


def _invert(log_pmf, top, u, *params):
    k = ivy.reshape(ivy.arange(top + 1, dtype="float64"), (1, -1))
    cdf = ivy.cumulative_sum(ivy.exp(log_pmf(k, *params)), axis=1)
    return ivy.minimum(ivy.sum(ivy.astype(ivy.less_equal(cdf, u), "int64"), axis=1), top)


def _poisson_log_pmf(k, lam):
    safe = ivy.maximum(lam, ivy.full((), 1e-300, dtype="float64"))
    return ivy.subtract(ivy.subtract(ivy.multiply(k, ivy.log(safe)), lam),
                        ivy.lgamma(ivy.add(k, 1.0)))


def _binomial_log_pmf(k, c, p):
    tiny = ivy.full((), 1e-300, dtype="float64")
    lp, lq = ivy.log(ivy.maximum(p, tiny)), ivy.log(ivy.maximum(ivy.subtract(1.0, p), tiny))
    kk = ivy.minimum(k, c)
    v = ivy.add(ivy.subtract(ivy.subtract(ivy.lgamma(ivy.add(c, 1.0)),
                                          ivy.lgamma(ivy.add(kk, 1.0))),
                             ivy.lgamma(ivy.add(ivy.subtract(c, kk), 1.0))),
                ivy.add(ivy.multiply(kk, lp), ivy.multiply(ivy.subtract(c, kk), lq)))
    return ivy.where(ivy.less_equal(k, c), v, ivy.full((), -np.inf, dtype="float64"))


def _host_max(x) -> float:
    return float(np.asarray(ivy.to_numpy(ivy.max(x)))) if _size(x.shape) else 0.0


# ---- tf.random: stateful ops --------------------------------------------------------------------

def uniform(shape, minval=0, maxval=None, dtype=T.float32, seed=None, name=None):
    """``tf.random.uniform``."""
    dname = T.name_of(dtype)
    if maxval is None and dname in _FLOATS:
        maxval = 1
    op = "RandomUniform" if dname in _FLOATS else "RandomUniformInt"
    return _uniform(lambda n: _stateful(op, (dname,), seed, n * _RESERVE), shape, minval, maxval,
                    dtype, op)


def normal(shape, mean=0.0, stddev=1.0, dtype=T.float32, seed=None, name=None):
    """``tf.random.normal``."""
    return _normal(lambda n: _stateful("RandomStandardNormal", (T.name_of(dtype),), seed,
                                       n * _RESERVE), shape, mean, stddev, dtype,
                   "RandomStandardNormal")


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=T.float32, seed=None, name=None):
    """``tf.random.truncated_normal``."""
    return _normal(lambda n: _stateful("TruncatedNormal", (T.name_of(dtype),), seed,
                                       n * _RESERVE), shape, mean, stddev, dtype,
                   "TruncatedNormal", truncated=True)


def categorical(logits, num_samples, dtype=None, seed=None, name=None):
    """``tf.random.categorical``."""
    # the kernel reserves two words per sample, samples rounded up to fours, per row
    return _categorical(lambda b, s, attrs: _stateful("Multinomial", attrs, seed,
                                               b * -(-s // 4) * 8 * _RESERVE),
                        logits, num_samples, dtype, "Multinomial")


def shuffle(value, seed=None, name=None):
    """``tf.random.shuffle`` along the first axis: the kernel's Fisher-Yates swaps
    (positions computed on the host from the words; the gather on the backend)."""
    x = value._data if type(value) is Tensor else convert(value)
    n = x.shape[0] if len(x.shape) else 1
    stream = _stateful("RandomShuffle", (native_name(x),), seed, max(0, -(-(n - 1) // 4)))
    if n <= 1:
        return wrap(x)
    w = np.asarray(ivy.to_numpy(stream.run(_f_words, 4, n - 1)), dtype=np.int64)
    perm = np.arange(n)
    for i in range(n - 1):
        j = i + int(w[i]) % (n - i)
        perm[i], perm[j] = perm[j], perm[i]
    return wrap(ivy.take(x, ivy.asarray(perm), axis=0))


def gamma(shape, alpha, beta=None, dtype=T.float32, seed=None, name=None):
    """``tf.random.gamma``: shape ``shape + broadcast(alpha, beta).shape``."""
    shp, dname = _shape(shape, "RandomGamma"), _dtype(dtype, ("float16", "float32", "float64"),
                                                        "RandomGamma")
    return wrap(_gamma(_stateful("RandomGamma", (dname,), seed, _size(shp) * _RESERVE), shp,
                       alpha, beta, dname))


def poisson(shape, lam, dtype=T.float32, seed=None, name=None):
    """``tf.random.poisson``: shape ``shape + lam.shape``."""
    shp = _shape(shape, "RandomPoissonV2")
    dname = _dtype(dtype, ("float16", "float32", "float64", "int32", "int64"), "RandomPoissonV2",
                   attr=True)
    lam_a = lam._data if type(lam) is Tensor else convert(lam, "float32")
    out_shape = shp + tuple(lam_a.shape)
    stream = _stateful("RandomPoissonV2", (dname,), seed, _size(shp) * _RESERVE)
    return wrap(_poisson(stream, lam_a, out_shape, dname))


def _poisson(stream, lam, out_shape, dname):
    """Poisson by inversion, the CDF to ``max(lam) + 12 sqrt(max(lam)) + 20``."""
    lam = ivy.reshape(ivy.broadcast_to(ivy.astype(lam, "float64"), out_shape), (-1, 1))
    big = _host_max(lam)
    top = _bucket(int(big + 12 * big ** 0.5 + 20), 32)
    return _inverse_cdf(stream, _poisson_log_pmf, top, out_shape, dname, lam)


# ---- tf.random: stateless ops -------------------------------------------------------------------

def _alg(alg):
    if alg in (None, "auto_select", "philox", Algorithm.AUTO_SELECT, Algorithm.PHILOX, 1, 3):
        return
    raise NotImplementedError(f"stateless random ops: alg={alg!r} (only Philox, TensorFlow's CPU "
                              f"choice) is supported by ivy's tensorflow frontend")


def stateless_uniform(shape, seed, minval=0, maxval=None, dtype=T.float32, name=None,
                      alg="auto_select"):
    """``tf.random.stateless_uniform``."""
    _alg(alg)
    dname = T.name_of(dtype)
    if maxval is None and dname in _FLOATS:
        maxval = 1
    stream = _stateless(seed, "StatelessRandomUniformV2")
    return _uniform(lambda n: stream, shape, minval, maxval, dtype, "StatelessRandomUniformV2",
                    stateless=True)


def stateless_normal(shape, seed, mean=0.0, stddev=1.0, dtype=T.float32, name=None,
                     alg="auto_select"):
    """``tf.random.stateless_normal``."""
    _alg(alg)
    stream = _stateless(seed, "StatelessRandomNormalV2")
    return _normal(lambda n: stream, shape, mean, stddev, dtype, "StatelessRandomNormalV2")


def stateless_truncated_normal(shape, seed, mean=0.0, stddev=1.0, dtype=T.float32, name=None,
                               alg="auto_select"):
    """``tf.random.stateless_truncated_normal``."""
    _alg(alg)
    stream = _stateless(seed, "StatelessTruncatedNormalV2")
    return _normal(lambda n: stream, shape, mean, stddev, dtype, "StatelessTruncatedNormalV2",
                   truncated=True)


def stateless_categorical(logits, num_samples, seed, dtype=T.int64, name=None):
    """``tf.random.stateless_categorical``."""
    stream = _stateless(seed, "StatelessMultinomial")
    return _categorical(lambda b, s, attrs: stream, logits, num_samples, dtype,
                        "StatelessMultinomial")


def stateless_gamma(shape, seed, alpha, beta=None, dtype=T.float32, name=None):
    """``tf.random.stateless_gamma``: ``shape`` must be a broadcast of alpha's (and beta's)."""
    dname = _dtype(dtype, ("float16", "float32", "float64"), "StatelessRandomGammaV2")
    shp, stream = _shape(shape, "StatelessRandomGammaV2"), _stateless(seed,
                                                                      "StatelessRandomGammaV2")
    a = _broadcast_param(_param(alpha, dname), shp, "StatelessRandomGammaV3")
    g = ivy.astype(ivy.reshape(_gamma_values(stream, ivy.astype(a, "float64")), shp), dname)
    return wrap(g if beta is None else ivy.divide(g, _param(beta, dname)))


def _broadcast_param(p, shp, op):
    """A parameter broadcast to ``shp``, which must end with the parameter's shape."""
    try:
        ok = ivy.broadcast_shapes(tuple(p.shape), shp) == tuple(shp)
    except Exception:       # noqa: BLE001 - any broadcast failure is the kernel's error
        ok = False
    if not ok:
        raise invalid_argument("Shape passed in must end with broadcasted shape.", op)
    return ivy.broadcast_to(p, shp)


def stateless_poisson(shape, seed, lam, dtype=T.int32, name=None):
    """``tf.random.stateless_poisson``: ``shape`` must be a broadcast of lam's."""
    shp = _shape(shape, "StatelessRandomPoisson")
    dname = _dtype(dtype, ("float16", "float32", "float64", "int32", "int64"),
                   "StatelessRandomPoisson")
    lam_a = lam._data if type(lam) is Tensor else convert(lam, "float32")
    _broadcast_param(lam_a, shp, "StatelessRandomPoisson")
    return wrap(_poisson(_stateless(seed, "StatelessRandomPoisson"), lam_a, shp, dname))


def stateless_binomial(shape, seed, counts, probs, output_dtype=T.int32, name=None):
    """``tf.random.stateless_binomial``: the number of Bernoulli successes among ``counts``
    uniform draws (float64 from the stream) per output."""
    shp = _shape(shape, "StatelessRandomBinomial")
    oname = _dtype(output_dtype, ("float16", "float32", "float64", "int32", "int64"),
                   "StatelessRandomBinomial")
    c = ivy.broadcast_to(ivy.astype(_param(counts, "float32"), "float64"), shp)
    p = ivy.broadcast_to(ivy.astype(_param(probs, "float32"), "float64"), shp)
    return wrap(_binomial(_stateless(seed, "StatelessRandomBinomial"), shp, c, p, oname))


def _binomial(stream, shp, c, p, oname):
    """Binomial by inversion over 0..max(counts) (float64 log pmf)."""
    c, p = ivy.reshape(c, (-1, 1)), ivy.reshape(p, (-1, 1))
    return _inverse_cdf(stream, _binomial_log_pmf, _bucket(int(_host_max(c)) + 1, 16), shp,
                        oname, c, p)


def stateless_parameterized_truncated_normal(shape, seed, means=0.0, stddevs=1.0,
                                             minvals=-2.0, maxvals=2.0, name=None):
    """``tf.random.stateless_parameterized_truncated_normal`` (inverse-CDF sampling)."""
    shp = _shape(shape, "StatelessParameterizedTruncatedNormal")
    stream = _stateless(seed, "StatelessParameterizedTruncatedNormal")
    name = native_name(means._data) if type(means) is Tensor else "float32"
    params = [ivy.broadcast_to(_param(v, name), shp) for v in (means, stddevs, minvals, maxvals)]
    u = ivy.reshape(_doubles(stream, _size(shp)), shp)
    return wrap(_call(_inverse_truncated, (name,), u, *params))


def _inverse_truncated(name, u, m, sd, lo, hi):
    """``m + sd * z``, z the standard normal's inverse CDF at ``u`` mapped into the bounds'."""
    lo = ivy.astype(ivy.divide(ivy.subtract(lo, m), sd), "float64")
    hi = ivy.astype(ivy.divide(ivy.subtract(hi, m), sd), "float64")
    a, b = ivy.ndtr(lo), ivy.ndtr(hi)
    z = ivy.clip(ivy.ndtri(ivy.add(a, ivy.multiply(u, ivy.subtract(b, a)))), lo, hi)
    return ivy.astype(ivy.add(ivy.multiply(ivy.astype(z, name), sd), m), name)


def split(seed, num=2, alg="auto_select"):
    """``tf.random.split``: ``[num, 2]`` new seeds of the seed's dtype."""
    a = seed._data if type(seed) is Tensor else convert(seed)
    return stateless_uniform([num, 2], wrap(a), minval=None, maxval=None,
                             dtype=native_name(a), alg=alg)


def fold_in(seed, data, alg="auto_select"):
    """``tf.random.fold_in``: ``[uniform_full_int(seed), data]`` in data's dtype."""
    d = data._data if type(data) is Tensor else convert(data)
    first = stateless_uniform([], seed, minval=None, maxval=None, dtype=native_name(d), alg=alg)
    return wrap(ivy.stack([first._data, d]))


# ---- Generator ----------------------------------------------------------------------------------

class Algorithm(enum.Enum):
    """``tf.random.Algorithm``."""
    PHILOX = 1
    THREEFRY = 2
    AUTO_SELECT = 3


def _alg_int(alg, any_alg=False) -> int:
    if alg is None:
        return 1
    if isinstance(alg, Algorithm):
        alg = alg.value
    if isinstance(alg, str):
        names = {"philox": 1, "threefry": 2, "auto_select": 3}
        if alg.lower() not in names:
            raise ValueError(f"Unknown algorithm name: {alg}")
        alg = names[alg.lower()]
    alg = int(alg)
    if alg != 1 and not any_alg:
        raise NotImplementedError(f"tf.random.Generator: alg={alg} (only Philox) is supported by "
                                  f"ivy's tensorflow frontend")
    return alg


def _state_words(seed, size=3) -> list:
    """TensorFlow's ``create_rng_state``: an int chopped into 64-bit words (low first); a
    sequence or tensor taken as int64 words, cut to ``size`` or padded with zeros on the left."""
    if isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
        seed = int(seed)
        words = []
        for _ in range(size):
            words.append(seed & M64)
            seed >>= 64
    else:
        a = ivy.to_numpy(seed._data) if type(seed) is Tensor else np.asarray(seed)
        words = [int(v) & M64 for v in np.asarray(a).reshape(-1)[:size]]
        words = [0] * (size - len(words)) + words
    return words


def _signed(w: int) -> int:
    return w - (1 << 64) if w >= 1 << 63 else w


def create_rng_state(seed, alg):
    """``tf.random.create_rng_state`` (Philox: three words; ThreeFry: two)."""
    size = 2 if _alg_int(alg, any_alg=True) == 2 else 3
    return wrap(ivy.asarray(np.asarray([_signed(w) for w in _state_words(seed, size)],
                                       dtype=np.int64)))


class Generator:
    """``tf.random.Generator`` (Philox): the state ``[counter_lo, counter_hi, key]`` is an int64
    ``tf.Variable`` (``state``), read to the host and advanced by each draw."""
    __module__ = "tensorflow.random"

    def __init__(self, copy_from=None, state=None, alg=None):
        if copy_from is not None:
            if state is not None or alg is not None:
                raise ValueError("When `copy_from` is not None, neither `state` nor `alg` is "
                                 "allowed.")
            self._alg, self._var = 1, None
            self._set([copy_from._counter & M64, copy_from._counter >> 64, copy_from._key])
            return
        if state is None:
            raise ValueError("Neither `copy_from` nor `state` is given.")
        self._alg, self._var = _alg_int(alg), None
        self._set(_state_words(state))

    def _set(self, words):
        from ._state import Variable
        value = wrap(ivy.asarray(np.asarray([_signed(w & M64) for w in words], dtype=np.int64)))
        if self._var is None:
            self._var = Variable(value, trainable=False)
        else:
            self._var.assign(value)

    def _words(self):
        return [int(v) & M64 for v in np.asarray(self._var.numpy()).reshape(-1)]

    @property
    def _counter(self):
        w = self._words()
        return w[0] | (w[1] << 64)

    @property
    def _key(self):
        return self._words()[2]

    @classmethod
    def from_seed(cls, seed, alg=None):
        return cls(state=_state_words(seed), alg=alg)

    @classmethod
    def from_state(cls, state, alg):
        return cls(state=state, alg=alg)

    @classmethod
    def from_non_deterministic_state(cls, alg=None):
        return cls(state=[_random_int(64) for _ in range(3)], alg=alg)

    @classmethod
    def from_key_counter(cls, key, counter, alg):
        k = _state_words(key, 1)
        return cls(state=_state_words(counter, 2) + k, alg=alg)

    def reset(self, state):
        self._set(_state_words(state))

    def reset_from_seed(self, seed):
        self._set(_state_words(seed))

    def reset_from_key_counter(self, key, counter):
        self._set(_state_words(counter, 2) + _state_words(key, 1))

    @property
    def state(self):
        return self._var

    @property
    def algorithm(self):
        return self._alg

    @property
    def key(self):
        return wrap(ivy.asarray(np.asarray(_signed(self._key), dtype=np.int64)))

    def _advance(self, blocks) -> _Stream:
        w = self._words()
        key, counter = w[2], w[0] | (w[1] << 64)
        after = (counter + blocks) & M128
        self._set([after & M64, after >> 64, key])
        return _Stream(key, counter)

    def _next(self, blocks) -> _Stream:
        return self._advance(blocks)

    def skip(self, delta):
        """Advance as ``delta`` draws would (256 blocks each)."""
        self._advance(int(delta) * _RESERVE)

    def uniform(self, shape, minval=0, maxval=None, dtype=T.float32, name=None):
        dname = T.name_of(dtype)
        if maxval is None and dname in _FLOATS:
            maxval = 1
        return _uniform(lambda n: self._next(n * _RESERVE), shape, minval, maxval, dtype,
                        "StatefulUniform")

    def uniform_full_int(self, shape, dtype=T.uint64, name=None):
        return _uniform(lambda n: self._next(n * _RESERVE), shape, None, None, dtype,
                        "StatefulUniformFullInt", stateless=True)

    def normal(self, shape, mean=0.0, stddev=1.0, dtype=T.float32, name=None):
        return _normal(lambda n: self._next(n * _RESERVE), shape, mean, stddev, dtype,
                       "StatefulStandardNormalV2")

    def truncated_normal(self, shape, mean=0.0, stddev=1.0, dtype=T.float32, name=None):
        return _normal(lambda n: self._next(n * _RESERVE), shape, mean, stddev, dtype,
                       "StatefulTruncatedNormal", truncated=True)

    def binomial(self, shape, counts, probs, dtype=T.int32, name=None):
        shp = _shape(shape, "StatefulRandomBinomial")
        oname = T.name_of(dtype)
        c = ivy.broadcast_to(ivy.astype(_param(counts, None), "float64"), shp)
        p = ivy.broadcast_to(ivy.astype(_param(probs, None), "float64"), shp)
        return wrap(_binomial(self._next(_size(shp) * _RESERVE * 100), shp, c, p, oname))

    def _keys(self, count):
        return self.uniform_full_int([count], dtype="int64")

    def make_seeds(self, count=1):
        keys = self._keys(count)._data
        return wrap(ivy.stack([keys, ivy.zeros_like(keys)]))

    def split(self, count=1):
        keys = np.asarray(ivy.to_numpy(self._keys(count)._data)).reshape(-1)
        return [Generator(state=[0, 0, int(k) & M64], alg=self._alg) for k in keys]


_GLOBAL_GENERATOR = [None]


def get_global_generator():
    """``tf.random.get_global_generator`` (created from a non-deterministic state on first use;
    ``set_seed`` does not reset it, as in TensorFlow)."""
    if _GLOBAL_GENERATOR[0] is None:
        _GLOBAL_GENERATOR[0] = Generator.from_non_deterministic_state()
    return _GLOBAL_GENERATOR[0]


def set_global_generator(generator):
    _GLOBAL_GENERATOR[0] = generator


# ---- candidate samplers --------------------------------------------------------------------------

def _sampler_type(name):
    return collections.namedtuple(name, ["sampled_candidates", "true_expected_count",
                                         "sampled_expected_count"])


_SAMPLERS = {n: _sampler_type(n) for n in ("UniformCandidateSampler",
                                           "LogUniformCandidateSampler",
                                           "AllCandidateSampler")}


def _true_classes(true_classes, num_true, op):
    t = convert(true_classes, "int64") if type(true_classes) is not Tensor else true_classes._data
    if native_name(t) != "int64":
        raise invalid_argument(f"cannot compute {op} as input #0(zero-based) was expected to be "
                               f"a int64 tensor but is a {native_name(t)} tensor", op)
    if len(t.shape) != 2 or t.shape[1] != num_true:
        raise invalid_argument(f"true_classes must be a matrix with num_true={num_true} columns, "
                               f"got shape {list(t.shape)}", op)
    return t


def _candidates(op, true_classes, num_true, num_sampled, unique, range_max, seed, log):
    """Draws (uniform: 64-bit ``word pair % range_max``; log-uniform: ``exp(u * log(range_max + 1)) - 1``
    on float64 uniforms, modulo range_max; unique draws repeat until ``num_sampled`` distinct
    classes, on the host) and the expected counts: ``p * num_sampled``, or
    ``1 - (1 - p) ** tries`` when unique."""
    t = _true_classes(true_classes, num_true, op)
    if unique and num_sampled > range_max:
        raise invalid_argument("Sampler used with unique=True, but num_sampled > range_max", op)
    log_range = float(np.log(range_max + 1))

    def probability(c):
        c = ivy.astype(c, "float64")
        if log:
            return ivy.divide(ivy.log(ivy.divide(ivy.add(c, 2.0), ivy.add(c, 1.0))), log_range)
        return ivy.full(c.shape, 1.0 / range_max, dtype="float64")

    def draw(stream, k):
        if not log:
            return _int_values(stream, k, "int64", 0, range_max)
        v = ivy.subtract(ivy.exp(ivy.multiply(_doubles(stream, k), log_range)), 1.0)
        return ivy.remainder(ivy.astype(v, "int64"), range_max)

    # a kernel per attribute set; each call reserves 2048 words per sample
    stream = _stateful(op, (num_true, num_sampled, unique, range_max), seed, 512 * num_sampled)
    if not unique:
        picked, tries = draw(stream, num_sampled), None
    else:
        budget = 4 * num_sampled + 64
        while True:
            got = [int(v) for v in np.asarray(ivy.to_numpy(draw(stream, budget)))]
            seen, order = set(), []
            for i, v in enumerate(got):
                if v not in seen:
                    seen.add(v)
                    order.append(v)
                    if len(order) == num_sampled:
                        tries = i + 1
                        break
            if len(order) == num_sampled or num_sampled == 0:
                tries = tries if num_sampled else 0
                break
            budget *= 4
        picked = ivy.asarray(np.asarray(order, dtype=np.int64))

    def expected(c):
        p = probability(c)
        if tries is None or tries == num_sampled:
            return ivy.astype(ivy.multiply(p, float(num_sampled)), "float32")
        return ivy.astype(ivy.negative(ivy.expm1(ivy.multiply(ivy.log1p(ivy.negative(p)),
                                                              float(tries)))), "float32")
    return _SAMPLERS[op](wrap(picked), wrap(expected(t)), wrap(expected(picked)))


def uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max, seed=None,
                              name=None):
    """``tf.random.uniform_candidate_sampler`` (TensorFlow's distribution, not its draws)."""
    return _candidates("UniformCandidateSampler", true_classes, num_true, num_sampled, unique,
                       range_max, seed, False)


def log_uniform_candidate_sampler(true_classes, num_true, num_sampled, unique, range_max,
                                  seed=None, name=None):
    """``tf.random.log_uniform_candidate_sampler``: P(c) = log((c + 2) / (c + 1)) /
    log(range_max + 1) (TensorFlow's distribution, not its draws)."""
    return _candidates("LogUniformCandidateSampler", true_classes, num_true, num_sampled, unique,
                       range_max, seed, True)


def all_candidate_sampler(true_classes, num_true, num_sampled, unique, seed=None, name=None):
    """``tf.random.all_candidate_sampler``: the classes ``0..num_sampled-1``, expected counts 1."""
    op = "AllCandidateSampler"
    t = _true_classes(true_classes, num_true, op)
    host = np.asarray(ivy.to_numpy(t))
    bad = host[(host < 0) | (host >= num_sampled)]
    if bad.size:
        raise invalid_argument(f"`true_candidate` out of range [0, {num_sampled}), received "
                               f"{int(bad[0])}", op)
    return _SAMPLERS[op](wrap(ivy.arange(num_sampled, dtype="int64")),
                         wrap(ivy.ones(t.shape, dtype="float32")),
                         wrap(ivy.ones((num_sampled,), dtype="float32")))


# ---- tf.nn.dropout ------------------------------------------------------------------------------

def dropout(x, rate, noise_shape=None, seed=None, name=None):
    """``tf.nn.dropout``: ``x / (1 - rate)`` where a uniform draw (``tf.random.uniform`` with
    ``seed``) is ``>= rate``, else zero."""
    if isinstance(rate, (int, float)) and not isinstance(rate, bool) and not 0 <= rate < 1:
        raise ValueError(f"`rate` must be a scalar tensor or a float in the range [0, 1). "
                         f"Received: rate={rate}")
    a = x._data if type(x) is Tensor else convert(x)
    name_ = native_name(a)
    if name_ not in _FLOATS:
        raise ValueError(f"`x.dtype` must be a floating point tensor as `x` will be scaled. "
                         f"Received: x_dtype=<dtype: '{name_}'>")
    if isinstance(rate, (int, float)):
        if rate == 0:
            return x if type(x) is Tensor else wrap(a)
        kept = ivy.multiply(a, convert(1 / (1 - rate), name_))
        r = convert(rate, name_)
    else:
        r = _param(rate, name_)
        kept = ivy.divide(a, ivy.subtract(ivy.ones((), dtype=name_), r))
    if noise_shape is None:
        ns = tuple(a.shape)
    else:
        ns = tuple(int(a.shape[i]) if d is None else int(d) for i, d in enumerate(
            noise_shape.as_list() if isinstance(noise_shape, TensorShape) else noise_shape))
    noise = uniform(ns, dtype=name_, seed=seed)._data
    keep = ivy.astype(ivy.greater_equal(noise, r), name_)
    return wrap(ivy.multiply(kept, keep))


EXPORTS = {
    "random": {
        "set_seed": set_seed, "uniform": uniform, "normal": normal,
        "truncated_normal": truncated_normal, "gamma": gamma, "poisson": poisson,
        "categorical": categorical, "shuffle": shuffle, "stateless_uniform": stateless_uniform,
        "stateless_normal": stateless_normal,
        "stateless_truncated_normal": stateless_truncated_normal,
        "stateless_categorical": stateless_categorical,
        "stateless_binomial": stateless_binomial, "stateless_gamma": stateless_gamma,
        "stateless_poisson": stateless_poisson,
        "stateless_parameterized_truncated_normal": stateless_parameterized_truncated_normal,
        "fold_in": fold_in, "split": split, "create_rng_state": create_rng_state,
        "Generator": Generator, "get_global_generator": get_global_generator,
        "set_global_generator": set_global_generator, "Algorithm": Algorithm,
        "uniform_candidate_sampler": uniform_candidate_sampler,
        "log_uniform_candidate_sampler": log_uniform_candidate_sampler,
        "all_candidate_sampler": all_candidate_sampler,
    },
    "nn": {"dropout": dropout, "all_candidate_sampler": all_candidate_sampler},
}
