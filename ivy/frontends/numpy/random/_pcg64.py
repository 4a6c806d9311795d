"""``SeedSequence`` and the PCG64 bit stream of NumPy's ``Generator`` API.

``SeedSequence`` is NumPy's entropy-pool hash (O'Neill's ``seed_seq`` design, pool of four 32-bit
words): it runs once per seed, on the host, with Python ints.

PCG64 is a 128-bit LCG ``s' = a*s + inc (mod 2**128)`` whose outputs are the XSL-RR permutation of
each new state. The state (two Python ints) stays on the host; the outputs are computed on the
backend in closed form: ``s_(jB+k) = A_k * s_(jB) + inc * G_k`` with ``A_k = a**k`` and
``G_k = 1 + a + ... + a**(k-1)`` (mod 2**128) for k = 1..B, so a batch of n outputs is a few
vector operations over an (n/B, B) grid: the B table entries (host constants, ``inc * G_k`` cached
per stream) times the n/B block starts (host jump-ahead). Backends have no uint64/uint128
arithmetic, so the 128-bit products are written in 16-bit limbs in int64 arrays (a limb product
fits in 32 bits, a column sum of eight in 35), carried into four 32-bit words; a 64-bit output is
a pair (hi, lo) of int64 arrays holding its 32-bit halves.

``Stream`` hands out outputs without committing to them (``peek64``/``commit64``), as the MT19937
stream of the legacy API does, so rejection samplers consume exactly what NumPy's sequential loops
consume. ``peek32``/``commit32`` give NumPy's buffered 32-bit draws: one 64-bit output serves two,
low half first, the high half kept (``has_uint32``/``uinteger`` of the state) for the next draw.
"""
from __future__ import annotations

import os

import numpy as np

import ivy

from .._array import _wrap, ndarray

M32, M64, M128 = (1 << 32) - 1, (1 << 64) - 1, (1 << 128) - 1

# ---- SeedSequence
_INIT_A, _MULT_A, _INIT_B, _MULT_B = 0x43B0D7E5, 0x931E8875, 0x8B51F9DD, 0x58F38DED
_MIX_L, _MIX_R, _XSHIFT = 0xCA01F9DD, 0x4973F715, 16


def _words_of_int(v: int) -> list:
    """A non-negative int as little-endian 32-bit words ([0] for 0)."""
    if v < 0:
        raise ValueError("expected non-negative integer")
    out = [v & M32]
    v >>= 32
    while v:
        out.append(v & M32)
        v >>= 32
    return out


def _words(x) -> list:
    """Entropy (an int, a sequence of ints, an unsigned array) as 32-bit words."""
    if isinstance(x, ndarray):
        x = x.__array__()
    if isinstance(x, np.ndarray) and x.dtype == np.uint32:
        return [int(v) for v in x.ravel()]
    if isinstance(x, np.ndarray) and x.dtype.kind in "ui":
        x = [int(v) for v in x.ravel()]
    if isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_)):
        return _words_of_int(int(x))
    if isinstance(x, (float, np.floating, str, bytes, bool, np.bool_)):
        raise TypeError("SeedSequence expects int or sequence of ints for entropy not "
                        f"{x}")
    out = []
    for v in x:
        if not isinstance(v, (int, np.integer)) or isinstance(v, (bool, np.bool_)):
            raise TypeError("SeedSequence expects int or sequence of ints for entropy not "
                            f"{v}")
        out += _words_of_int(int(v))
    return out


class _Hash:
    """The running multiplier of the pool's hash (``hashmix``)."""

    def __init__(self, init):
        self.const = init

    def mix(self, value: int) -> int:
        value ^= self.const
        self.const = (self.const * _MULT_A) & M32
        value = (value * self.const) & M32
        return value ^ (value >> _XSHIFT)


def _mix(x: int, y: int) -> int:
    r = (_MIX_L * x - _MIX_R * y) & M32
    return r ^ (r >> _XSHIFT)


class SeedSequence:
    """``numpy.random.SeedSequence``."""
    __module__ = "numpy.random.bit_generator"

    def __init__(self, entropy=None, *, spawn_key=(), pool_size=4, n_children_spawned=0):
        if pool_size < 4:
            raise ValueError(f"The size of the entropy pool should be at least 4 (got {pool_size})")
        if entropy is None:
            entropy = int.from_bytes(os.urandom(16), "little")
        self.entropy, self.spawn_key = entropy, tuple(spawn_key)
        self.pool_size, self.n_children_spawned = pool_size, n_children_spawned
        run = _words(entropy)
        spawn = _words(self.spawn_key) if self.spawn_key else []
        if spawn and len(run) < pool_size:
            run = run + [0] * (pool_size - len(run))
        self._pool = self._mix_entropy(run + spawn)

    def _mix_entropy(self, words):
        h, n = _Hash(_INIT_A), self.pool_size
        pool = [h.mix(words[i] if i < len(words) else 0) for i in range(n)]
        for src in range(n):
            for dst in range(n):
                if src != dst:
                    pool[dst] = _mix(pool[dst], h.mix(pool[src]))
        for src in range(n, len(words)):
            for dst in range(n):
                pool[dst] = _mix(pool[dst], h.mix(words[src]))
        return pool

    @property
    def pool(self):
        return _wrap(ivy.asarray(np.asarray(self._pool, dtype=np.uint32)))

    @property
    def state(self):
        return {"entropy": self.entropy, "spawn_key": self.spawn_key,
                "pool_size": self.pool_size, "n_children_spawned": self.n_children_spawned}

    def state_words(self, n_words: int, wide: bool) -> list:
        """``generate_state`` as host ints (32-bit words, or 64-bit ones low word first)."""
        count = 2 * n_words if wide else n_words
        const, out = _INIT_B, []
        for i in range(count):
            v = self._pool[i % self.pool_size] ^ const
            const = (const * _MULT_B) & M32
            v = (v * const) & M32
            out.append(v ^ (v >> _XSHIFT))
        if wide:
            out = [out[2 * i] | (out[2 * i + 1] << 32) for i in range(n_words)]
        return out

    def generate_state(self, n_words, dtype=np.uint32):
        dt = np.dtype(dtype)
        if dt not in (np.dtype(np.uint32), np.dtype(np.uint64)):
            raise ValueError("only support uint32 or uint64")
        words = self.state_words(int(n_words), dt == np.dtype(np.uint64))
        return _wrap(ivy.asarray(np.asarray(words, dtype=dt)))

    def spawn(self, n_children):
        start = self.n_children_spawned
        self.n_children_spawned += n_children
        return [SeedSequence(self.entropy, spawn_key=self.spawn_key + (i,),
                             pool_size=self.pool_size) for i in range(start, start + n_children)]

    def __repr__(self):
        lines = [f"    entropy={self.entropy!r},"]
        if self.spawn_key:
            lines.append(f"    spawn_key={self.spawn_key!r},")
        if self.pool_size != 4:
            lines.append(f"    pool_size={self.pool_size!r},")
        if self.n_children_spawned:
            lines.append(f"    n_children_spawned={self.n_children_spawned!r},")
        return "SeedSequence(\n" + "\n".join(lines) + "\n)"


# ---- the PCG64 LCG on the host
MULT = 0x2360ED051FC65DA44385DF649FCCF645


def jump(k: int):
    """(a**k, 1 + a + ... + a**(k-1)) mod 2**128: k steps are ``s -> A*s + inc*G``."""
    acc_a, acc_g, a, g = 1, 0, MULT, 1
    k &= M128
    while k:
        if k & 1:
            acc_a, acc_g = (acc_a * a) & M128, (acc_g * a + g) & M128
        g, a = ((a + 1) * g) & M128, (a * a) & M128
        k >>= 1
    return acc_a, acc_g


def output(state: int) -> int:
    """XSL-RR: the high and low 64 bits xored, rotated right by the top six bits."""
    x, r = ((state >> 64) ^ state) & M64, state >> 122
    return ((x >> r) | (x << (64 - r))) & M64


# ---- the batched outputs on the backend
_B = 1024                    # table length: a batch is an (n/B, B) grid of states
_TABLE = None                # A_k and G_k for k = 1.._B as host ints, and A_k's limbs


def _table():
    global _TABLE
    if _TABLE is None:
        a, g, A, G = 1, 0, [], []
        for _ in range(_B):
            a, g = (a * MULT) & M128, (g * MULT + 1) & M128
            A.append(a)
            G.append(g)
        _TABLE = A, G, _limbs(A)
    return _TABLE


def _limbs(values) -> np.ndarray:
    """128-bit host ints as 16-bit limbs, shape (8, len)."""
    return np.asarray([[(v >> (16 * t)) & 0xFFFF for v in values] for t in range(8)],
                      dtype=np.int64)


class Stream:
    """PCG64's position: ``state``, ``inc`` (host ints) and the buffered 32-bit half."""

    def __init__(self, state: int, inc: int, has_uint32=0, uinteger=0):
        self.state, self.inc = state & M128, inc & M128
        self.has_uint32, self.uinteger = int(has_uint32), int(uinteger)
        self._c = None

    def set_inc(self, inc):
        self.inc, self._c = inc & M128, None

    def _inc_table(self):
        """``inc * G_k`` limbs (8, 1, B) for this stream, cached."""
        if self._c is None:
            self._c = _limbs([(self.inc * g) & M128 for g in _table()[1]])
        return self._c

    def peek64(self, n: int, skip: int = 0, pad: bool = False):
        """The n 64-bit outputs after the next ``skip`` as (hi, lo) int64 arrays of 32-bit halves;
        not consumed. ``pad``: ``bucket(n)`` of them (the shapes jitted code is compiled for)."""
        if n <= 0:
            z = ivy.zeros((0,), dtype="int64")
            return z, z
        want, n = n, bucket(n)        # few distinct shapes: jit-compiling backends reuse them
        b = min(n, _B)
        m = -(-n // b)
        big_a, big_g = jump(b)
        starts, s = [], self.state
        if skip:
            a, g = jump(skip)
            s = (a * s + self.inc * g) & M128
        for _ in range(m):
            starts.append(s)
            s = (big_a * s + self.inc * big_g) & M128
        a_tab = _table()[2][:, :b].reshape(8, 1, b)
        hi, lo = compiled(_outputs, HEAVY)(ivy.asarray(a_tab),
                                           ivy.asarray(_limbs(starts)[:, :, None]),
                                           ivy.asarray(self._inc_table()[:, None, :b]))
        return (hi, lo) if want == n or pad else (hi[:want], lo[:want])

    def commit64(self, n: int) -> None:
        if n > 0:
            a, g = jump(n)
            self.state = (a * self.state + self.inc * g) & M128

    def take64(self, n: int):
        out = self.peek64(n)
        self.commit64(n)
        return out

    def next64_host(self) -> int:
        """One output, consumed, computed on the host."""
        self.commit64(1)
        return output(self.state)

    # ---- buffered 32-bit draws ----------------------------------------------------------------
    def peek32(self, n: int, pad: bool = False):
        """The next n 32-bit draws (int64 array): the buffered half first, then low, high of each
        64-bit output. ``pad``: ``bucket(n)`` of them."""
        if n <= 0:
            return ivy.zeros((0,), dtype="int64")
        if pad:
            n = bucket(n)
        first = []
        if self.has_uint32:
            first, n = [ivy.asarray(np.asarray([self.uinteger], dtype=np.int64))], n - 1
        if n:
            hi, lo = self.peek64((n + 1) // 2, pad=pad)
            first.append(ivy.reshape(ivy.stack([lo, hi], axis=1), (-1,))[:n])
        return first[0] if len(first) == 1 else ivy.concat(first)

    def commit32(self, n: int) -> None:
        """Consume n 32-bit draws; as in NumPy, ``uinteger`` keeps the high half of the last
        64-bit output drawn (``has_uint32``: whether it is still unused)."""
        if n <= 0:
            return
        if self.has_uint32:
            self.has_uint32, n = 0, n - 1
        if n:
            self.commit64((n + 1) // 2 - 1)
            self.uinteger, self.has_uint32 = self.next64_host() >> 32, n % 2

    def take32(self, n: int):
        out = self.peek32(n)
        self.commit32(n)
        return out


_JITTED, _JIT_BACKENDS = {}, ("jax",)
HEAVY = ("jax", "tensorflow")        # kernels worth a tf.function trace too


def _outputs(a_tab, starts, inc_tab):
    """The outputs of the (m, b) grid of states ``A_k * start_j + inc * G_k`` (mod 2**128):
    16-bit limb products summed by column (``sum_(i<=t) A_k[i] * start_j[t-i]``, < 2**35),
    carried into four 32-bit words, then XSL-RR (flat hi, lo halves)."""
    cols = []
    for t in range(8):
        col = inc_tab[t]
        for i in range(t + 1):
            col = ivy.add(col, ivy.multiply(a_tab[i], starts[t - i]))
        cols.append(col)
    words, carry = [], None
    for j in range(4):
        v = ivy.add(cols[2 * j], ivy.multiply(cols[2 * j + 1], 65536))           # < 2**52
        v = v if carry is None else ivy.add(v, carry)
        words.append(ivy.bitwise_and(v, M32))
        carry = ivy.bitwise_right_shift(v, 32)
    hi = ivy.reshape(ivy.bitwise_xor(words[1], words[3]), (-1,))
    lo = ivy.reshape(ivy.bitwise_xor(words[0], words[2]), (-1,))
    return _rotr64(hi, lo, ivy.reshape(ivy.bitwise_right_shift(words[3], 26), (-1,)))



def compiled(fn, backends=_JIT_BACKENDS):
    """``fn`` jit-compiled on jax (op-by-op dispatch there compiles every primitive for every
    new shape), and for ``HEAVY`` kernels on tensorflow (fewer eager dispatches); as is
    elsewhere. Its arguments are native arrays (shapes bucketed by callers)."""
    backend = ivy.current_backend()
    if backend not in backends:
        return fn
    out = _JITTED.get((backend, fn))
    if out is None:
        out = _JITTED[backend, fn] = ivy.jit(fn)
    return out


def bucket(n: int) -> int:
    """n rounded up to a power of two, at least 256 (small draws share one compiled shape)."""
    return max(256, 1 << (n - 1).bit_length())


def _rotr64(hi, lo, rot):
    """Rotate the 64-bit values (hi, lo) right by ``rot`` (0..63), elementwise."""
    big = ivy.greater_equal(rot, 32)
    h, l = ivy.where(big, lo, hi), ivy.where(big, hi, lo)
    s = ivy.bitwise_and(rot, 31)
    low_bits = ivy.subtract(ivy.bitwise_left_shift(ivy.ones_like(s), s), 1)
    back = ivy.subtract(32, s)
    out_hi = ivy.bitwise_or(ivy.bitwise_right_shift(h, s),
                            ivy.bitwise_left_shift(ivy.bitwise_and(l, low_bits), back))
    out_lo = ivy.bitwise_or(ivy.bitwise_right_shift(l, s),
                            ivy.bitwise_left_shift(ivy.bitwise_and(h, low_bits), back))
    return out_hi, out_lo


def seed_stream(seed_seq: SeedSequence) -> Stream:
    """PCG64's seeding: state and stream from ``generate_state(4, uint64)``."""
    v = seed_seq.state_words(4, True)
    initstate, initseq = (v[0] << 64) | v[1], (v[2] << 64) | v[3]
    inc = ((initseq << 1) | 1) & M128
    state = (inc + initstate) & M128           # from 0: one step, add initstate
    state = (state * MULT + inc) & M128        # one more step
    return Stream(state, inc)
