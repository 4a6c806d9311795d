"""``numpy.random.Generator``, ``BitGenerator``/``PCG64`` and ``default_rng`` on ivy's core.

The PCG64 stream (``_pcg64``) computes its outputs on the backend; the samplers here turn them
into NumPy's numbers with NumPy's algorithms, so a seeded program draws the same values on every
backend: uniforms, integers, choice and permutations bit for bit; normals and exponentials by
NumPy's 256-level ziggurats (double and float32 tables rebuilt below; 1e6 draws each checked
against NumPy), bit for bit as well (their rare tails are computed on the host with libm's
log1p, as NumPy does). Distributions that transform those draws (lognormal, laplace, gumbel,
...) go through the backend's log/exp/pow: bit for bit on the numpy backend, within an ulp or a
few elsewhere; the draws they consume are always NumPy's.

Samplers that reject candidates draw a batch on the backend, decide on the host how many outputs
NumPy's one-at-a-time loop would have used, and commit exactly those (``peek``/``commit``).
Algorithms that are sequential by nature (Fisher-Yates, Floyd's sampling, per-element bounds,
Poisson's product of uniforms) run on the host over outputs drawn on the backend
(``_HostDraws``). Not here yet (NotImplementedError naming them): gamma and the distributions
built on it, binomial and the other discrete samplers, Poisson for lam >= 10, the multivariate
ones.
"""
from __future__ import annotations

import math
import operator
import threading
from decimal import Decimal, localcontext

import numpy as np

import ivy

from .. import _dtypes as T
from .._array import _wrap, asarray, assign_native, ndarray
from ._pcg64 import (HEAVY, M32, M64, M128, SeedSequence, bucket, compiled, jump,
                     seed_stream)

_TO_DOUBLE = 1.0 / 9007199254740992.0           # 2**-53
_SPARE = [1.03, 16]     # a rejection batch: candidates per value wanted, plus this many


# ---- ziggurat tables
_NOR_R, _NOR_INV_R, _NOR_V = 3.6541528853610088, 0.27366123732975828, 0.0049286732339746519
_EXP_R = 7.69711747013104972
_TABLES = {}


def _normal_tables(scale):
    """(ki, wi, fi) of the normal ziggurat: strip edges x_i from the tail start r up,
    ``x_(i+1) = f^-1(f(x_i) + v / x_i)`` with f(x) = exp(-x^2/2), in double arithmetic; ki =
    x_(i-1)/x_i scaled (2**52 for doubles, 2**23 for floats; rounded), wi = x_i / scale (the
    base strip: v/f(r)), fi = f(x_i). NumPy's tables were computed on a machine whose exp rounded
    one step (the 218th) one ulp up; the one-ulp nudge reproduces them (every wi entry checked
    against NumPy's draws)."""
    x = [_NOR_R]
    for i in range(1, 255):
        f = math.exp(-0.5 * x[-1] * x[-1])
        if i == 218:
            f = math.nextafter(f, 2.0)
        x.append(math.sqrt(-2.0 * math.log(f + _NOR_V / x[-1])))
    x = [0.0] + x[::-1]
    ki = [round(_NOR_R * math.exp(-0.5 * _NOR_R * _NOR_R) / _NOR_V * scale)] + \
        [round(x[i - 1] / x[i] * scale) for i in range(1, 256)]
    wi = [_NOR_V / math.exp(-0.5 * _NOR_R * _NOR_R) / scale] + [v / scale for v in x[1:]]
    fi = [math.exp(-0.5 * v * v) for v in x]
    return ki, wi, fi


def _exponential_tables(scale):
    """(ke, we, fe) of the exponential ziggurat: the same construction for f(x) = exp(-x), which
    NumPy computed in high precision (here: 60 decimal digits); scale 2**53 (doubles) or 2**23
    (floats)."""
    with localcontext() as ctx:
        ctx.prec = 60
        r = Decimal("7.6971174701310497140446280481")
        v = (r + 1) * (-r).exp()
        x = [r]
        for _ in range(1, 255):
            x.append(-((-x[-1]).exp() + v / x[-1]).ln())
        x = [Decimal(0)] + x[::-1]
        scale = Decimal(scale)
        ke = [int((r / (r + 1) * scale).to_integral_value())] + \
            [int((x[i - 1] / x[i] * scale).to_integral_value()) for i in range(1, 256)]
        we = [float((r + 1) / scale)] + [float(t / scale) for t in x[1:]]
        fe = [float((-t).exp()) for t in x]
    return ke, we, fe


_TABLE_KINDS = {"normal": (_normal_tables, 2.0 ** 52, "float64"),
                "exponential": (_exponential_tables, 2 ** 53, "float64"),
                "normal32": (_normal_tables, 2.0 ** 23, "float32"),
                "exponential32": (_exponential_tables, 2 ** 23, "float32")}


def _tables(kind):
    """The tables as native arrays of the current backend (built on the host once). Float32
    tables are the doubles rounded; NumPy's float exponential table has entry 226 one float ulp
    higher (checked against 5e5 of NumPy's draws)."""
    host = _TABLES.get(kind)
    if host is None:
        build, scale, dtype = _TABLE_KINDS[kind]
        k, w, f = build(scale)
        w, f = np.asarray(w, np.float64).astype(dtype), np.asarray(f, np.float64).astype(dtype)
        if kind == "exponential32":
            w[226] = np.nextafter(w[226], np.float32(1))
        host = _TABLES[kind] = (np.asarray(k, np.int64), w, f)
    return tuple(ivy.asarray(t) for t in host)


# ---- helpers
def _shape(size):
    if size is None:
        return None
    shape = tuple(operator.index(s) for s in size) if isinstance(size, (tuple, list)) else \
        (operator.index(size),)
    if any(s < 0 for s in shape):
        raise ValueError("negative dimensions are not allowed")
    return shape


def _prod(shape) -> int:
    n = 1
    for s in shape or ():
        n *= s
    return n


def _host(x) -> np.ndarray:
    return np.asarray(ivy.to_numpy(x))


def _doubles_of(hi, lo):
    """53-bit doubles in [0, 1) from 64-bit outputs: (x >> 11) * 2**-53."""
    top = ivy.add(ivy.multiply(hi, 2097152), ivy.bitwise_right_shift(lo, 11))
    return ivy.multiply(ivy.astype(top, "float64"), _TO_DOUBLE)


def _mask(mx: int) -> int:
    for shift in (1, 2, 4, 8, 16, 32):
        mx |= mx >> shift
    return mx


def _lemire_host(draw, rng: int, bits: int) -> int:
    """Lemire's bounded integer in [0, rng] from ``bits``-wide draws (NumPy's rejection)."""
    r, mask = rng + 1, (1 << bits) - 1
    m = draw() * r
    if m & mask < r:
        threshold = ((1 << bits) - r) % r
        while m & mask < threshold:
            m = draw() * r
    return m >> bits


class _HostDraws:
    """Sequential draws on the host, from outputs computed on the backend in growing batches;
    ``done`` consumes from the stream exactly what was used (the 32-bit buffer included)."""

    def __init__(self, stream):
        self.stream, self.words, self.pos, self.batch = stream, [], 0, 256
        self.has, self.buf = stream.has_uint32, stream.uinteger

    def u64(self) -> int:
        if self.pos == len(self.words):
            hi, lo = self.stream.peek64(self.batch, skip=len(self.words))
            both = (_host(hi).astype(np.uint64) << np.uint64(32)) | _host(lo).astype(np.uint64)
            self.words += both.tolist()
            self.batch = min(self.batch * 2, 1 << 16)
        self.pos += 1
        return self.words[self.pos - 1]

    def u32(self) -> int:
        if self.has:
            self.has = 0
            return self.buf
        v = self.u64()
        self.has, self.buf = 1, v >> 32
        return v & M32

    def bounded(self, rng: int) -> int:
        """NumPy's ``random_bounded_uint64(0, rng)`` (Lemire, 32-bit draws below 2**32)."""
        if rng == 0:
            return 0
        if rng <= M32:
            return self.u32() if rng == M32 else _lemire_host(self.u32, rng, 32)
        return self.u64() if rng == M64 else _lemire_host(self.u64, rng, 64)

    def interval(self, mx: int) -> int:
        """NumPy's ``random_interval``: masked rejection in [0, mx]."""
        if mx == 0:
            return 0
        mask, draw = _mask(mx), (self.u32 if mx <= M32 else self.u64)
        while True:
            v = draw() & mask
            if v <= mx:
                return v

    def done(self) -> None:
        self.stream.commit64(self.pos)
        self.stream.has_uint32, self.stream.uinteger = self.has, self.buf
        self.words, self.pos = [], 0


def _first_accepted(ok_native, need):
    """Indices (host) of the first ``need`` accepted candidates and the number of candidates
    that NumPy's loop consumed to find them."""
    where = np.flatnonzero(_host(ok_native))[:need]
    used = int(where[-1]) + 1 if len(where) == need else int(ok_native.shape[0])
    return where, used


# ---- bit generators
class BitGenerator:
    """``numpy.random.BitGenerator``: the seed sequence and the stream."""
    __module__ = "numpy.random.bit_generator"

    def __init__(self, seed=None):
        if isinstance(seed, SeedSequence):
            self._seed_seq = seed
        else:
            if isinstance(seed, ndarray):
                seed = seed.__array__()
            self._seed_seq = SeedSequence(seed)
        self._stream = self._seed_stream(self._seed_seq)
        self.lock = threading.Lock()

    @property
    def seed_seq(self):
        return self._seed_seq

    @property
    def state(self):
        raise NotImplementedError("Not implemented in base BitGenerator")

    def _c_interface(self):
        raise NotImplementedError("BitGenerator.ctypes/cffi/capsule (the C interface of NumPy's "
                                  "bit generators) is not available in ivy's numpy frontend")

    ctypes = cffi = capsule = property(_c_interface)

    def spawn(self, n_children):
        return [type(self)(s) for s in self._seed_seq.spawn(n_children)]

    def random_raw(self, size=None, output=True):
        shape = _shape(size)
        hi, lo = self._stream.take64(_prod(shape) if shape is not None else 1)
        if not output:
            return None
        raw = ivy.astype(_signed64(hi, lo), "uint64")
        return int(_host(raw)[0]) if shape is None else _wrap(ivy.reshape(raw, shape))


def _signed64(hi, lo):
    """(hi, lo) 32-bit halves as int64 with the bits of the 64-bit value."""
    return ivy.add(ivy.multiply(ivy.where(ivy.greater_equal(hi, 2 ** 31),
                                          ivy.subtract(hi, 2 ** 32), hi), 2 ** 32), lo)


class PCG64(BitGenerator):
    """``numpy.random.PCG64``."""
    __module__ = "numpy.random._pcg64"
    _JUMP = 0x9E3779B97F4A7C15F39CC0605CEDC835   # 2**128 * (golden ratio - 1), odd

    _seed_stream = staticmethod(seed_stream)

    @property
    def state(self):
        s = self._stream
        return {"bit_generator": "PCG64", "state": {"state": s.state, "inc": s.inc},
                "has_uint32": s.has_uint32, "uinteger": s.uinteger}

    @state.setter
    def state(self, value):
        if not isinstance(value, dict):
            raise TypeError("state must be a dict")
        if value.get("bit_generator") != "PCG64":
            raise ValueError("state must be for a PCG64 RNG")
        s = self._stream
        s.state = int(value["state"]["state"]) & M128
        s.set_inc(int(value["state"]["inc"]))
        s.has_uint32, s.uinteger = int(value["has_uint32"]), int(value["uinteger"])

    def advance(self, delta):
        a, g = jump(int(delta))
        s = self._stream
        s.state = (a * s.state + s.inc * g) & M128
        s.has_uint32 = s.uinteger = 0
        return self

    def jumped(self, jumps=1):
        out = PCG64()
        out.state = self.state
        out.advance(self._JUMP * int(jumps))
        return out


# ---- the Generator
_INT_BITS = {"int64": 64, "uint64": 64, "int32": 32, "uint32": 32, "int16": 16, "uint16": 16,
             "int8": 8, "uint8": 8, "bool": 1}


class Generator:
    """``numpy.random.Generator`` over a bit generator (PCG64 by ``default_rng``)."""
    __module__ = "numpy.random._generator"

    _poisson_lam_max = float(np.random.Generator._poisson_lam_max)

    def __init__(self, bit_generator):
        if not isinstance(bit_generator, BitGenerator):
            raise TypeError("bit_generator must be a BitGenerator")
        self._bit_generator = bit_generator

    @property
    def bit_generator(self):
        return self._bit_generator

    @property
    def _s(self):
        return self._bit_generator._stream

    def __repr__(self):
        return f"Generator({type(self._bit_generator).__name__}) at 0x{id(self):X}"

    def __str__(self):
        return f"Generator({type(self._bit_generator).__name__})"

    def spawn(self, n_children):
        return [Generator(b) for b in self._bit_generator.spawn(n_children)]

    # ---- raw material -------------------------------------------------------------------------
    def _doubles(self, n):
        """n doubles in [0, 1), consumed."""
        if n == 0:
            return ivy.zeros((0,), dtype="float64")
        out = compiled(_doubles_of)(*self._s.peek64(n, pad=True))
        self._s.commit64(n)
        return _exact(out, n)

    def _floats32(self, n):
        """NumPy's float32 uniforms: 24 bits of a (buffered) 32-bit draw."""
        w = self._s.take32(n)
        return ivy.astype(ivy.multiply(ivy.astype(ivy.bitwise_right_shift(w, 8), "float64"),
                                       1.0 / 16777216.0), "float32")

    def _bounded(self, n, rng, bits):
        """n integers in [0, rng] as NumPy draws them for a dtype of ``bits`` bits: int64
        values (< 2**32), or (hi, lo) halves where the draws are 64-bit; padded to
        ``bucket(n)`` (the first n are the draws)."""
        s, size = self._s, bucket(n)
        if n == 0 or rng == 0:
            return ivy.zeros((size,), dtype="int64")
        if bits == 64 and rng > M32:
            if rng == M64:
                out = s.peek64(n, pad=True)
                s.commit64(n)
                return out
            return self._lemire(n, rng, 64)
        if bits >= 32:
            if rng == M32:
                out = s.peek32(n, pad=True)
                s.commit32(n)
                return out
            return self._lemire(n, rng, 32)
        if bits == 1 or rng == (1 << bits) - 1:
            words = -(-n // (32 // bits))
            units = _split(s.peek32(words, pad=True), bits)[:size]
            s.commit32(words)
            return units
        return self._lemire(n, rng, bits)

    def _lemire(self, n, rng, bits):
        """Lemire's rejection on the backend: candidates for a batch, the accepted ones found on
        the host, exactly the consumed draws committed (8/16-bit draws share 32-bit words, low
        part first, within one call)."""
        s, r = self._s, rng + 1
        threshold = ((1 << bits) - r) % r
        reject = threshold / float(1 << bits)
        per = 32 // bits if bits < 32 else 1
        if bits == 64:
            consts = (ivy.asarray(np.asarray([(r >> (16 * j)) & 0xFFFF for j in range(4)],
                                             dtype=np.int64)),
                      ivy.asarray(np.asarray([threshold >> 32, threshold & M32], np.int64)))
        else:
            consts = (ivy.asarray(np.asarray(r, np.int64)),
                      ivy.asarray(np.asarray(threshold, np.int64)))
        values, picks, need, offset, base = [], [], n, 0, 0
        while need:
            k = bucket(int(need / (1.0 - reject) * _SPARE[0]) + _SPARE[1])
            if bits == 64:
                value, ok = compiled(_lemire64)(*s.peek64(k, pad=True), *consts)
            elif bits == 32:
                value, ok = compiled(_lemire32)(s.peek32(k, pad=True), *consts)
            else:
                units = _split(s.peek32(-(-(k + offset) // per) + 1, pad=True), bits)
                units = units[offset:offset + k]
                value, ok = compiled(_LEMIRE_SMALL[bits])(units, *consts)
            where, used = _first_accepted(ok, need)
            values.append(value)
            picks.append(where + base)
            base += int((value[0] if bits == 64 else value).shape[0])
            if bits == 64:
                s.commit64(used)
            elif bits == 32:
                s.commit32(used)
            else:
                total = offset + used
                s.commit32(total // per)
                offset = total % per
            need -= len(where)
        if offset:
            s.commit32(1)
        index = _padded_index(picks, n)
        if bits == 64:
            return tuple(ivy.take(_cat([v[i] for v in values]), index) for i in range(2))
        return ivy.take(_cat(values), index)

    # ---- uniform ------------------------------------------------------------------------------
    def _fill(self, size, dtype, out, fn, draw, allowed=("float64", "float32")):
        """The size/dtype/out protocol of ``random``, ``standard_normal``, ...: ``draw(n, name)``
        returns n values (native)."""
        dt = np.dtype(dtype)
        name = T.NAME.get(dt)
        if name not in allowed:
            raise TypeError(f"Unsupported dtype {dt!r} for {fn}")
        if out is not None:
            if not isinstance(out, ndarray):
                raise TypeError("out must be a numpy array")
            if out.dtype != dt:
                raise TypeError(f"Supplied output array has the wrong type. Expected {dt}, got "
                                f"{out.dtype}")
            if size is not None and _shape(size) != out.shape:
                raise ValueError("size must match out.shape when used together")
            assign_native(out, ivy.reshape(draw(out.size, name), out.shape))
            return out
        shape = _shape(size)
        x = draw(1 if shape is None else _prod(shape), name)
        return float(_host(x)[0]) if shape is None else _wrap(ivy.reshape(x, shape))

    def random(self, size=None, dtype=np.float64, out=None):
        return self._fill(size, dtype, out, "random",
                          lambda n, name: self._doubles(n) if name == "float64" else
                          self._floats32(n))

    def uniform(self, low=0.0, high=1.0, size=None):
        lo, hi = asarray(low, "float64")._data, asarray(high, "float64")._data
        span = ivy.subtract(hi, lo)
        if not bool(_host(ivy.all(ivy.isfinite(span)))):
            raise OverflowError("high - low range exceeds valid bounds")
        if bool(_host(ivy.any(ivy.less(span, 0.0)))):
            raise ValueError("high - low < 0")
        return self._cont(size, (lo, span), self._doubles,
                          _affine)

    def _cont(self, size, params, sample, combine):
        """A continuous distribution: params broadcast to ``size`` (or to each other), one sample
        per element, ``combine(sample, *params)``; a Python float for scalars and no size."""
        shapes = [tuple(p.shape) for p in params]
        if size is None:
            shape = np.broadcast_shapes(*shapes)
            scalar = shape == ()
        else:
            shape, scalar = _shape(size), False
            if np.broadcast_shapes(shape, *shapes) != shape:
                raise ValueError(f"shape mismatch: objects cannot be broadcast to a single "
                                 f"shape.  Mismatch is between arg 0 with shape {shape} and "
                                 f"a parameter")
        x = ivy.reshape(sample(_prod(shape)), shape)
        if combine is not None:
            x = compiled(combine)(x, *params)
        return float(_host(x)) if scalar else _wrap(x)

    def _params(self, *pairs):
        """Float64 native parameters, each checked ``(value, name, lower)``: ``name < lower``
        raises ValueError as NumPy does."""
        out = []
        for value, name, lower in pairs:
            p = asarray(value, "float64")._data
            if name is not None and bool(_host(ivy.any(ivy.less(p, lower)))):
                raise ValueError(f"{name} < {lower}")
            out.append(p)
        return out

    # ---- integers -----------------------------------------------------------------------------
    def integers(self, low, high=None, size=None, dtype=np.int64, endpoint=False):
        dt = np.dtype(dtype)
        name = T.NAME.get(dt)
        if name not in _INT_BITS:
            raise TypeError(f"Unsupported dtype {dt!r} for integers")
        no_high = high is None
        if no_high:
            low, high = 0, low
        lo_h = np.asarray(low.__array__() if isinstance(low, ndarray) else low)
        hi_h = np.asarray(high.__array__() if isinstance(high, ndarray) else high)
        if lo_h.ndim or hi_h.ndim:
            return self._integers_array(lo_h, hi_h, size, name, endpoint, no_high)
        lo, hi = int(lo_h), int(hi_h)
        if not endpoint:
            hi -= 1
        info_min, info_max = (0, 1) if name == "bool" else \
            (int(np.iinfo(name).min), int(np.iinfo(name).max))
        if lo < info_min:
            raise ValueError(f"low is out of bounds for {name}")
        if hi > info_max:
            raise ValueError(f"high is out of bounds for {name}")
        if lo > hi:
            raise ValueError("high <= 0" if no_high else
                             ("low > high" if endpoint else "low >= high"))
        shape = _shape(size)
        n = 1 if shape is None else _prod(shape)
        x = self._offset(self._bounded(n, hi - lo, _INT_BITS[name]), lo, name)
        if shape is None:
            v = _host(x)[0]
            return bool(v) if name == "bool" else v
        return _wrap(ivy.reshape(_exact(x, n), shape))

    def _integers_array(self, lo_h, hi_h, size, name, endpoint, no_high):
        """Broadcast bounds: one bounded draw per element in order, on the host (NumPy's
        per-element loop; 8/16-bit and bool draws share 32-bit words within the call)."""
        lo_h, hi_h = lo_h.astype(object), hi_h.astype(object)
        shape = np.broadcast_shapes(lo_h.shape, hi_h.shape) if size is None else _shape(size)
        lo_b = np.broadcast_to(lo_h, shape).ravel().tolist()
        hi_b = np.broadcast_to(hi_h, shape).ravel().tolist()
        info_min, info_max = (0, 1) if name == "bool" else \
            (int(np.iinfo(name).min), int(np.iinfo(name).max))
        lo_b = [int(v) for v in lo_b]
        hi_b = [int(v) - (0 if endpoint else 1) for v in hi_b]
        if any(v < info_min for v in lo_b):
            raise ValueError(f"low is out of bounds for {name}")
        if any(v > info_max for v in hi_b):
            raise ValueError(f"high is out of bounds for {name}")
        if any(a > b for a, b in zip(lo_b, hi_b)):
            raise ValueError("high <= 0" if no_high else
                             ("low > high" if endpoint else "low >= high"))
        bits, d = _INT_BITS[name], _HostDraws(self._s)
        unit = {"left": 0, "buf": 0}

        def small():
            per = 32 // bits
            if not unit["left"]:
                unit["buf"], unit["left"] = d.u32(), per - 1
            else:
                unit["buf"] >>= bits
                unit["left"] -= 1
            return unit["buf"] & ((1 << bits) - 1)

        values = []
        for a, b in zip(lo_b, hi_b):
            rng = b - a
            if bits >= 32 or rng == 0:
                v = d.bounded(rng) if bits == 64 or rng == 0 else \
                    (d.u32() if rng == M32 else _lemire_host(d.u32, rng, 32))
            elif bits == 1 or rng == (1 << bits) - 1:
                v = small()
            else:
                v = _lemire_host(small, rng, bits)
            values.append((a + v) & M64)
        d.done()
        host = np.asarray(values, dtype=np.uint64).astype(T.NP[name]).reshape(shape)
        return _wrap(ivy.asarray(host))

    @staticmethod
    def _offset(v, low, name):
        """low + v in the dtype ``name`` (one compiled kernel per dtype)."""
        if isinstance(v, tuple) or name in ("int64", "uint64"):
            hi, lo = v if isinstance(v, tuple) else (ivy.zeros_like(v), v)
            off = low & M64
            return compiled(_OFFSET64[name])(hi, lo, ivy.asarray(
                np.asarray([off >> 32, off & M32], dtype=np.int64)))
        return compiled(_OFFSET[name])(v, ivy.asarray(np.asarray(low, dtype=np.int64)))

    def bytes(self, length):
        n = (int(length) - 1) // 4 + 1
        words = _host(self._s.take32(n)).astype("<u4")
        return words.tobytes()[:int(length)]

    # ---- normal and exponential (ziggurat) ---------------------------------------------------
    def _normals(self, n, name="float64"):
        """NumPy's 256-level normal ziggurat: a 64-bit draw gives 8 bits strip, 1 sign, 52
        magnitude; for float32 a 32-bit draw gives 8, 1 and 23."""
        if name == "float32":
            return self._ziggurat(n, _normal_candidates32, _tables("normal32"), _normal_tail32,
                                  wide=False)
        return self._ziggurat(n, _normal_candidates, _tables("normal"), _normal_tail)

    def _exponentials(self, n, name="float64"):
        """NumPy's 256-level exponential ziggurat: 8 bits strip (after 3 dropped), 53 value;
        for float32 (32-bit draws) 8 after 1 dropped, 23 value."""
        if name == "float32":
            return self._ziggurat(n, _exponential_candidates32, _tables("exponential32"),
                                  _exponential_tail32, wide=False)
        return self._ziggurat(n, _exponential_candidates, _tables("exponential"),
                              _exponential_tail)

    def _ziggurat(self, n, candidates, tables, tail, wide=True):
        """Every draw of a batch evaluated on the backend as the start of a value (strip value,
        fast and wedge tests); NumPy's sequential loop replayed on the host over the flags; the
        rare tail values computed on the host from their draws (libm's log1p, as NumPy)."""
        if n == 0:
            return ivy.zeros((0,), dtype="float64" if wide else "float32")
        s, pools, picks, extras, need, base = self._s, [], [], [], n, 0
        while need:
            k = bucket(int(need * _SPARE[0]) + 2 * _SPARE[1])
            draws = s.peek64(k, pad=True) if wide else (s.peek32(k, pad=True),)
            code, x, u = compiled(candidates, HEAVY)(*draws, *tables)
            code = _host(code)
            chosen, extra, used, got = _walk(code, need, lambda: _host(u), tail)
            k = len(code)
            for c in chosen:            # tail values go after all the batches' candidates
                picks.append(np.where(c < k, c + base, -1 - (c - k) - len(extras)))
            pools.append(x)
            extras += extra
            base += k
            s.commit64(used) if wide else s.commit32(used)
            need -= got
        if extras:
            pools.append(ivy.asarray(np.asarray(extras, dtype=_host(pools[0][:1]).dtype)))
            picks = [np.where(c < 0, base - 1 - c, c) for c in picks]
        return _exact(ivy.take(_cat(pools), _padded_index(picks, n)), n)

    def standard_normal(self, size=None, dtype=np.float64, out=None):
        return self._fill(size, dtype, out, "standard_normal", self._normals)

    def normal(self, loc=0.0, scale=1.0, size=None):
        loc, scale = self._params((loc, None, 0), (scale, "scale", 0))
        return self._cont(size, (loc, scale), self._normals,
                          _affine)

    def standard_exponential(self, size=None, dtype=np.float64, method="zig", out=None):
        if method not in ("zig", "inv"):
            raise ValueError("'method' argument must be either 'zig' or 'inv'")
        draw = self._exponentials if method == "zig" else self._inverse_exponentials
        return self._fill(size, dtype, out, "standard_exponential", draw)

    def _inverse_exponentials(self, n, name):
        """``method='inv'``: -log1p(-u) (float32: from float32 uniforms, in float32)."""
        u = self._doubles(n) if name == "float64" else self._floats32(n)
        return ivy.negative(ivy.log1p(ivy.negative(u)))

    def exponential(self, scale=1.0, size=None):
        (scale,) = self._params((scale, "scale", 0))
        return self._cont(size, (scale,), self._exponentials, _scaled)

    # ---- distributions by transformation (NumPy's formulas, bit for bit on the numpy backend) --
    def _open_doubles(self, n):
        """n doubles in (0, 1): NumPy draws again for a 0."""
        s, values, picks, need, base = self._s, [], [], n, 0
        while need:
            k = bucket(need)
            u = compiled(_doubles_of)(*s.peek64(k, pad=True))
            where, used = _first_accepted(ivy.greater(u, 0.0), need)
            values.append(u)
            picks.append(where + base)
            base += int(u.shape[0])
            s.commit64(used)
            need -= len(where)
        return _exact(ivy.take(_cat(values), _padded_index(picks, n)), n) if n else \
            ivy.zeros((0,), dtype="float64")

    def lognormal(self, mean=0.0, sigma=1.0, size=None):
        mean, sigma = self._params((mean, None, 0), (sigma, "sigma", 0))
        return self._cont(size, (mean, sigma), self._normals,
                          _lognormal)

    def laplace(self, loc=0.0, scale=1.0, size=None):
        loc, scale = self._params((loc, None, 0), (scale, "scale", 0))
        return self._cont(size, (loc, scale), self._open_doubles, _laplace)

    def logistic(self, loc=0.0, scale=1.0, size=None):
        loc, scale = self._params((loc, None, 0), (scale, "scale", 0))
        return self._cont(size, (loc, scale), self._open_doubles, _logistic)

    def gumbel(self, loc=0.0, scale=1.0, size=None):
        loc, scale = self._params((loc, None, 0), (scale, "scale", 0))
        return self._cont(size, (loc, scale), self._open_doubles, _gumbel)

    def rayleigh(self, scale=1.0, size=None):
        (scale,) = self._params((scale, "scale", 0))
        return self._cont(size, (scale,), self._exponentials,
                          _rayleigh)

    def weibull(self, a, size=None):
        (a,) = self._params((a, "a", 0))
        if bool(_host(ivy.any(ivy.equal(a, 0.0)))):
            raise NotImplementedError("weibull: a == 0 (NumPy draws nothing for those "
                                      "elements) is not supported by ivy's numpy frontend yet")
        return self._cont(size, (a,), self._exponentials,
                          _weibull)

    def pareto(self, a, size=None):
        (a,) = self._params((a, None, 0))
        _positive(a, "a")
        return self._cont(size, (a,), self._exponentials,
                          _pareto)

    def power(self, a, size=None):
        (a,) = self._params((a, None, 0))
        _positive(a, "a")
        return self._cont(size, (a,), self._exponentials, _power)

    def standard_cauchy(self, size=None):
        def ratios(n):
            z = self._normals(2 * n)
            return ivy.divide(z[0::2], z[1::2])
        return self._cont(size, (), ratios, None)

    def triangular(self, left, mode, right, size=None):
        left, mode, right = self._params((left, None, 0), (mode, None, 0), (right, None, 0))
        for a, b, op, msg in ((left, mode, ivy.greater, "left > mode"),
                              (mode, right, ivy.greater, "mode > right"),
                              (left, right, ivy.equal, "left == right")):
            if bool(_host(ivy.any(op(a, b)))):
                raise ValueError(msg)
        return self._cont(size, (left, mode, right), self._doubles, _triangular)

    # ---- discrete distributions -------------------------------------------------------------
    def _scalar_param(self, value, fn, bad, message, size):
        """A parameter that must be one value (the per-element samplers are not here yet):
        (value, shape of the draw or None)."""
        host = np.asarray(value.__array__() if isinstance(value, ndarray) else value,
                          dtype=np.float64)
        if bad(host).any():
            raise ValueError(message)
        if host.size and (host != host.flat[0]).any():
            raise NotImplementedError(f"{fn}: per-element parameters (different values) are not "
                                      f"supported by ivy's numpy frontend yet")
        shape = _shape(size) if size is not None else (host.shape if host.ndim else None)
        if size is not None and np.broadcast_shapes(shape, host.shape) != shape:
            raise ValueError("shape mismatch: objects cannot be broadcast to a single shape")
        return float(host.flat[0]) if host.size else 0.0, shape

    @staticmethod
    def _counts(x, shape):
        return int(_host(x)[0]) if shape is None else _wrap(ivy.reshape(x, shape))

    def geometric(self, p, size=None):
        p, shape = self._scalar_param(p, "geometric", lambda v: ~((v > 0) & (v <= 1)),
                                      "p <= 0, p > 1 or p contains NaNs", size)
        n = 1 if shape is None else _prod(shape)
        if p >= 0.333333333333333333333333:          # NumPy: search the cdf with one uniform
            sums, prod, q = [p], p, 1.0 - p
            while sums[-1] < 1.0 and len(sums) < 4096:
                prod *= q
                if sums[-1] + prod == sums[-1]:
                    break
                sums.append(sums[-1] + prod)
            x = ivy.add(ivy.searchsorted(ivy.asarray(np.asarray(sums)), self._doubles(n),
                                         side="left"), 1)
        else:                                        # inversion of an exponential
            z = ivy.ceil(ivy.divide(ivy.negative(self._exponentials(n)), math.log1p(-p)))
            x = ivy.where(ivy.greater_equal(z, 9.223372036854776e18), 2 ** 63 - 1,
                          ivy.astype(ivy.minimum(z, 9.2e18), "int64"))
        return self._counts(ivy.astype(x, "int64"), shape)

    def poisson(self, lam=1.0, size=None):
        lam, shape = self._scalar_param(lam, "poisson", lambda v: ~(v >= 0),
                                        "lam < 0 or lam is NaN", size)
        if lam > self._poisson_lam_max:
            raise ValueError("lam value too large")
        if lam >= 10:
            raise NotImplementedError("poisson: lam >= 10 (NumPy's PTRS sampler) is not "
                                      "supported by ivy's numpy frontend yet")
        n = 1 if shape is None else _prod(shape)
        counts = np.zeros(n, dtype=np.int64)
        if lam > 0:                                  # NumPy's product of uniforms, decided on
            d, limit = _HostDraws(self._s), math.exp(-lam)       # the host draw by draw
            for i in range(n):
                k, prod = 0, 1.0
                while True:
                    prod *= (d.u64() >> 11) * _TO_DOUBLE
                    if prod <= limit:
                        break
                    k += 1
                counts[i] = k
            d.done()
        return self._counts(ivy.asarray(counts), shape)

    # ---- permutations and choice -------------------------------------------------------------
    def _fisher_yates(self, n, draw="interval", stop=1):
        """The order after NumPy's Fisher-Yates swaps for i = n-1 .. stop (host)."""
        d, order = _HostDraws(self._s), list(range(n))
        pick = d.interval if draw == "interval" else d.bounded
        for i in range(n - 1, stop - 1, -1):
            j = pick(i)
            order[i], order[j] = order[j], order[i]
        d.done()
        return order

    def shuffle(self, x, axis=0):
        if isinstance(x, list):
            order = self._fisher_yates(len(x))
            x[:] = [x[i] for i in order]
            return None
        if not isinstance(x, ndarray):
            raise NotImplementedError("shuffle: only arrays of the frontend and lists are "
                                      "shuffled in place by ivy's numpy frontend")
        if x.ndim == 0:
            raise TypeError("len() of unsized object")
        axis = _axis(axis, x.ndim)
        order = ivy.asarray(np.asarray(self._fisher_yates(x.shape[axis]), dtype=np.int64))
        assign_native(x, ivy.take(x._data, order, axis=axis))
        return None

    def permutation(self, x, axis=0):
        if isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_)):
            return _wrap(ivy.asarray(np.asarray(self._fisher_yates(int(x)), dtype=np.int64)))
        arr = asarray(x)
        axis = _axis(axis, arr.ndim)
        order = ivy.asarray(np.asarray(self._fisher_yates(arr.shape[axis]), dtype=np.int64))
        return _wrap(ivy.take(arr._data, order, axis=axis))

    def permuted(self, x, *, axis=None, out=None):
        arr = asarray(x)
        if out is not None and (not isinstance(out, ndarray) or out.shape != arr.shape):
            raise ValueError("out must have the same shape as x")
        data = arr._data
        if axis is None:
            flat = ivy.reshape(data, (-1,))
            order = np.asarray(self._fisher_yates(int(flat.shape[0])), dtype=np.int64)
            res = ivy.reshape(ivy.take(flat, ivy.asarray(order)), tuple(arr.shape))
        else:
            axis = _axis(axis, arr.ndim)
            moved = ivy.moveaxis(data, axis, -1)
            lead, n = tuple(moved.shape[:-1]), int(moved.shape[-1])
            rows = ivy.reshape(moved, (-1, n))
            orders = np.asarray([self._fisher_yates(n) for _ in range(_prod(lead))],
                                dtype=np.int64).reshape(-1, n)
            res = ivy.take_along_axis(rows, ivy.asarray(orders), axis=1)
            res = ivy.moveaxis(ivy.reshape(res, lead + (n,)), -1, axis)
        if out is None:
            return _wrap(res)
        assign_native(out, ivy.astype(res, T.name_of(out.dtype)))
        return out

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        pool = None
        if isinstance(a, (int, np.integer)) and not isinstance(a, (bool, np.bool_)):
            pop = int(a)
            if pop < 0 or (pop == 0 and (size is None or _prod(_shape(size)) != 0)):
                raise ValueError("a must be a positive integer unless no samples are taken")
        else:
            pool = asarray(a)
            if pool.ndim == 0:
                raise ValueError("a must be a sequence or an integer, not <class 'numpy.ndarray'>")
            axis = _axis(axis, pool.ndim)
            pop = pool.shape[axis]
            if pop == 0 and (size is None or _prod(_shape(size)) != 0):
                raise ValueError("a cannot be empty unless no samples are taken")
        probs = None
        if p is not None:
            probs = np.asarray(p.__array__() if isinstance(p, ndarray) else p, dtype=np.float64)
            if probs.ndim != 1:
                raise ValueError("p must be 1-dimensional")
            if probs.size != pop:
                raise ValueError("a and p must have same size")
            if np.isnan(probs).any():
                raise ValueError("Probabilities contain NaN")
            if (probs < 0).any():
                raise ValueError("Probabilities are not non-negative")
            if abs(float(np.sum(probs)) - 1.0) > np.sqrt(np.finfo(np.float64).eps):
                raise ValueError("Probabilities do not sum to 1. See Notes section of docstring "
                                 "for more information.")
        shape = _shape(size)
        n = 1 if shape is None else _prod(shape)
        if replace:
            if probs is not None:
                cdf = np.cumsum(probs)
                cdf /= cdf[-1]
                idx = ivy.searchsorted(ivy.asarray(cdf), self._doubles(n), side="right")
                idx = ivy.astype(idx, "int64")
            else:
                idx = _exact(self._offset(self._bounded(n, pop - 1, 64), 0, "int64"), n)
        else:
            if n > pop:
                raise ValueError("Cannot take a larger sample than population when replace is "
                                 "False")
            idx = ivy.asarray(np.asarray(self._sample_without(pop, n, probs, shuffle),
                                         dtype=np.int64))
        if shape is not None:
            idx = ivy.reshape(idx, shape)
        if pool is None:
            return int(_host(idx)[0]) if shape is None else _wrap(idx)
        if shape is None:
            idx = ivy.reshape(idx, ())
        out = ivy.take(pool._data, ivy.reshape(idx, (-1,)), axis=axis)
        out_shape = tuple(pool.shape[:axis]) + (shape or ()) + tuple(pool.shape[axis + 1:])
        out = ivy.reshape(out, out_shape)
        return _host(out)[()] if not out_shape else _wrap(out)

    def _sample_without(self, pop, n, probs, shuffle):
        """Indices of a sample without replacement, as NumPy draws them (host)."""
        if probs is not None:
            if int(np.count_nonzero(probs > 0)) < n:
                raise ValueError("Fewer non-zero entries in p than size")
            p, found = probs.copy(), []
            while len(found) < n:
                x = _host(self._doubles(n - len(found)))
                if found:
                    p[np.asarray(found)] = 0
                cdf = np.cumsum(p)
                cdf /= cdf[-1]
                new = cdf.searchsorted(x, side="right")
                _, first = np.unique(new, return_index=True)
                found += new[np.sort(first)].tolist()
            return found
        if pop > 10000 and n > pop // 50:          # a partial shuffle of the whole population
            return self._fisher_yates(pop, "bounded", max(pop - n, 1))[pop - n:]
        d, chosen, seen = _HostDraws(self._s), [], set()
        for j in range(pop - n, pop):               # Floyd's algorithm
            v = d.bounded(j)
            if v in seen:
                v = j
            seen.add(v)
            chosen.append(v)
        if shuffle:
            for i in range(n - 1, 0, -1):
                j = d.bounded(i)
                chosen[i], chosen[j] = chosen[j], chosen[i]
        d.done()
        return chosen


def _affine(z, loc, scale):
    return ivy.add(loc, ivy.multiply(scale, z))


def _scaled(z, scale):
    return ivy.multiply(z, scale)


def _lognormal(z, mean, sigma):
    return ivy.exp(_affine(z, mean, sigma))


def _logistic(u, loc, scale):
    return ivy.add(loc, ivy.multiply(scale, ivy.log(ivy.divide(u, ivy.subtract(1.0, u)))))


def _gumbel(u, loc, scale):
    return ivy.subtract(loc, ivy.multiply(scale, ivy.log(ivy.negative(ivy.log(
        ivy.subtract(1.0, u))))))


def _rayleigh(e, scale):
    return ivy.multiply(scale, ivy.sqrt(ivy.multiply(e, 2.0)))


def _weibull(e, a):
    return ivy.pow(e, ivy.divide(1.0, a))


def _pareto(e, a):
    return ivy.expm1(ivy.divide(e, a))


def _power(e, a):
    return ivy.pow(ivy.negative(ivy.expm1(ivy.negative(e))), ivy.divide(1.0, a))


def _positive(p, name):
    if bool(_host(ivy.any(ivy.less_equal(p, 0.0)))):
        raise ValueError(f"{name} <= 0")


def _laplace(u, loc, scale):
    upper = ivy.subtract(loc, ivy.multiply(scale, ivy.log(ivy.subtract(ivy.subtract(2.0, u), u))))
    lower = ivy.add(loc, ivy.multiply(scale, ivy.log(ivy.add(u, u))))
    return ivy.where(ivy.greater_equal(u, 0.5), upper, lower)


def _triangular(u, left, mode, right):
    base = ivy.subtract(right, left)
    left_base = ivy.subtract(mode, left)
    ratio = ivy.divide(left_base, base)
    low = ivy.add(left, ivy.sqrt(ivy.multiply(u, ivy.multiply(left_base, base))))
    high = ivy.subtract(right, ivy.sqrt(ivy.multiply(ivy.subtract(1.0, u),
                                                    ivy.multiply(ivy.subtract(right, mode), base))))
    return ivy.where(ivy.less_equal(u, ratio), low, high)


def _not_yet(name, signature):
    def method(self, *args, **kwargs):
        raise NotImplementedError(f"Generator.{name}: this distribution (NumPy's own sampler) is "
                                  f"not implemented by ivy's numpy frontend yet")
    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"``Generator.{name}{signature}``: not implemented yet."
    return method


for _name, _sig in (
        ("standard_gamma", "(shape, size=None, dtype=np.float64, out=None)"),
        ("gamma", "(shape, scale=1.0, size=None)"), ("beta", "(a, b, size=None)"),
        ("chisquare", "(df, size=None)"), ("f", "(dfnum, dfden, size=None)"),
        ("noncentral_chisquare", "(df, nonc, size=None)"),
        ("noncentral_f", "(dfnum, dfden, nonc, size=None)"), ("standard_t", "(df, size=None)"),
        ("vonmises", "(mu, kappa, size=None)"), ("wald", "(mean, scale, size=None)"),
        ("binomial", "(n, p, size=None)"), ("negative_binomial", "(n, p, size=None)"),
        ("hypergeometric", "(ngood, nbad, nsample, size=None)"), ("logseries", "(p, size=None)"),
        ("zipf", "(a, size=None)"), ("multinomial", "(n, pvals, size=None)"),
        ("multivariate_hypergeometric", "(colors, nsample, size=None, method='marginals')"),
        ("dirichlet", "(alpha, size=None)"),
        ("multivariate_normal", "(mean, cov, size=None, check_valid='warn', tol=1e-08, *, "
                                "method='svd')")):
    setattr(Generator, _name, _not_yet(_name, _sig))
del _name, _sig


def _axis(axis, ndim):
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise np.exceptions.AxisError(axis, ndim)
    return axis % ndim


def _split(words, bits):
    """32-bit words as their ``bits``-wide parts, low part first."""
    shifts = ivy.asarray(np.arange(0, 32, bits, dtype=np.int64))
    parts = ivy.bitwise_and(ivy.bitwise_right_shift(ivy.expand_dims(words, axis=1), shifts),
                            (1 << bits) - 1)
    return ivy.reshape(parts, (-1,))


def _lemire32(w, r, threshold):
    """m = w * r (w 32-bit, r < 2**32) in 16-bit halves: (m >> 32, m & (2**32-1) >= t)."""
    p_lo = ivy.multiply(ivy.bitwise_and(w, 0xFFFF), r)
    p_hi = ivy.multiply(ivy.bitwise_right_shift(w, 16), r)
    mid = ivy.add(p_lo, ivy.multiply(ivy.bitwise_and(p_hi, 0xFFFF), 65536))
    value = ivy.add(ivy.bitwise_right_shift(p_hi, 16), ivy.bitwise_right_shift(mid, 32))
    return value, ivy.greater_equal(ivy.bitwise_and(mid, M32), threshold)


def _lemire_small(bits):
    def kernel(units, r, threshold):
        """m = unit * r (< 2**32): (m >> bits, m & mask >= t)."""
        m = ivy.multiply(units, r)
        return (ivy.bitwise_right_shift(m, bits),
                ivy.greater_equal(ivy.bitwise_and(m, (1 << bits) - 1), threshold))
    return kernel


_LEMIRE_SMALL = {8: _lemire_small(8), 16: _lemire_small(16)}


def _lemire64(hi, lo, r_limbs, threshold):
    """The 128-bit product of 64-bit draws (hi, lo) and r (16-bit limbs) in 16-bit limbs: the
    high 64 bits as (hi, lo) halves, and whether the low 64 bits reach the threshold (hi, lo)."""
    w = [ivy.bitwise_and(lo, 0xFFFF), ivy.bitwise_right_shift(lo, 16),
         ivy.bitwise_and(hi, 0xFFFF), ivy.bitwise_right_shift(hi, 16)]
    limbs, carry = [], None
    for t in range(8):
        col = carry
        for i in range(max(0, t - 3), min(3, t) + 1):
            term = ivy.multiply(w[i], r_limbs[t - i])
            col = term if col is None else ivy.add(col, term)
        limbs.append(ivy.bitwise_and(col, 0xFFFF))
        carry = ivy.bitwise_right_shift(col, 16)
    halves = [ivy.add(limbs[2 * j], ivy.multiply(limbs[2 * j + 1], 65536)) for j in range(4)]
    t_hi, t_lo = threshold[0], threshold[1]
    ok = ivy.logical_or(ivy.greater(halves[1], t_hi),
                        ivy.logical_and(ivy.equal(halves[1], t_hi),
                                        ivy.greater_equal(halves[0], t_lo)))
    return (halves[3], halves[2]), ok


def _code(fast, zero, wedge, tail_sign):
    """The per-candidate flags of a ziggurat batch packed in one int64 array for the host."""
    pad = ivy.zeros((1,), dtype="bool")
    code = None
    for f, bit in ((fast, 1), (zero, 2), (ivy.concat([wedge, pad]), 4), (tail_sign, 8)):
        term = ivy.multiply(ivy.astype(f, "int64"), bit)
        code = term if code is None else ivy.add(code, term)
    return code


def _wedge(table_f, idx, u_next, density):
    """NumPy's wedge test of candidate p with the next draw: between the strip's edges."""
    f_i = ivy.take(table_f, idx)
    f_prev = ivy.take(table_f, ivy.maximum(ivy.subtract(idx, 1), 0))
    return ivy.less(ivy.add(ivy.multiply(ivy.subtract(f_prev, f_i)[:-1], u_next), f_i[:-1]),
                    density[:-1])


def _normal_candidates(hi, lo, ki, wi, fi):
    """Every draw of a batch read as the start of a normal: (flags, strip values, doubles)."""
    idx = ivy.bitwise_and(lo, 255)
    rabs = ivy.add(ivy.multiply(ivy.bitwise_and(hi, 0x1FFFFFFF), 8388608),
                   ivy.bitwise_right_shift(lo, 9))
    xa = ivy.multiply(ivy.astype(rabs, "float64"), ivy.take(wi, idx))
    x = ivy.where(ivy.equal(ivy.bitwise_and(ivy.bitwise_right_shift(lo, 8), 1), 1),
                  ivy.negative(xa), xa)
    u = _doubles_of(hi, lo)
    wedge = _wedge(fi, idx, u[1:], ivy.exp(ivy.multiply(ivy.multiply(x, -0.5), x)))
    code = _code(ivy.less(rabs, ivy.take(ki, idx)), ivy.equal(idx, 0), wedge,
                 ivy.equal(ivy.bitwise_and(ivy.bitwise_right_shift(lo, 17), 1), 1))
    return code, x, u


def _exponential_candidates(hi, lo, ke, we, fe):
    """As ``_normal_candidates`` for the exponential."""
    idx = ivy.bitwise_and(ivy.bitwise_right_shift(lo, 3), 255)
    ri = ivy.add(ivy.multiply(hi, 2097152), ivy.bitwise_right_shift(lo, 11))
    x = ivy.multiply(ivy.astype(ri, "float64"), ivy.take(we, idx))
    u = _doubles_of(hi, lo)
    wedge = _wedge(fe, idx, u[1:], ivy.exp(ivy.negative(x)))
    code = _code(ivy.less(ri, ivy.take(ke, idx)), ivy.equal(idx, 0), wedge,
                 ivy.equal(idx, -1))
    return code, x, u


_F32 = np.float32
_TO_FLOAT = _F32(1.0 / 16777216.0)                # 2**-24


def _floats_of(w):
    """NumPy's float32 uniforms from 32-bit draws: (w >> 8) * 2**-24."""
    return ivy.multiply(ivy.astype(ivy.bitwise_right_shift(w, 8), "float32"),
                        ivy.asarray(_TO_FLOAT))


def _normal_candidates32(w, ki, wi, fi):
    """``_normal_candidates`` for float32 from 32-bit draws (float32 arithmetic)."""
    idx = ivy.bitwise_and(w, 255)
    rabs = ivy.bitwise_and(ivy.bitwise_right_shift(w, 9), 0x7FFFFF)
    xa = ivy.multiply(ivy.astype(rabs, "float32"), ivy.take(wi, idx))
    x = ivy.where(ivy.equal(ivy.bitwise_and(ivy.bitwise_right_shift(w, 8), 1), 1),
                  ivy.negative(xa), xa)
    u = _floats_of(w)
    wedge = _wedge(fi, idx, u[1:], ivy.exp(ivy.multiply(ivy.multiply(x, -0.5), x)))
    code = _code(ivy.less(rabs, ivy.take(ki, idx)), ivy.equal(idx, 0), wedge,
                 ivy.equal(ivy.bitwise_and(ivy.bitwise_right_shift(w, 17), 1), 1))
    return code, x, u


def _exponential_candidates32(w, ke, we, fe):
    """``_exponential_candidates`` for float32 from 32-bit draws."""
    idx = ivy.bitwise_and(ivy.bitwise_right_shift(w, 1), 255)
    ri = ivy.bitwise_right_shift(w, 9)
    x = ivy.multiply(ivy.astype(ri, "float32"), ivy.take(we, idx))
    u = _floats_of(w)
    wedge = _wedge(fe, idx, u[1:], ivy.exp(ivy.negative(x)))
    code = _code(ivy.less(ri, ivy.take(ke, idx)), ivy.equal(idx, 0), wedge, ivy.equal(idx, -1))
    return code, x, u


def _normal_tail32(u, p, c):
    """``_normal_tail`` in float32 arithmetic."""
    r, inv_r, q = _F32(_NOR_R), _F32(_NOR_INV_R), p + 1
    while q + 1 < len(u):
        xx = -inv_r * np.log1p(-u[q])
        yy = -np.log1p(-u[q + 1])
        if yy + yy > xx * xx:
            return (-(r + xx) if c & 8 else r + xx), q + 2
        q += 2
    return None


def _exponential_tail32(u, p, c):
    if p + 1 >= len(u):
        return None
    return _F32(_EXP_R) - np.log1p(-u[p + 1]), p + 2


def _normal_tail(u, p, c):
    """NumPy's normal tail from the draws after candidate p: pairs (xx, yy) until
    2 yy > xx**2; the value r + xx, negative when bit 8 of the magnitude is set. None: the batch
    ran out of draws."""
    q = p + 1
    while q + 1 < len(u):
        xx = -_NOR_INV_R * math.log1p(-float(u[q]))
        yy = -math.log1p(-float(u[q + 1]))
        if yy + yy > xx * xx:
            value = _NOR_R + xx
            return (-value if c & 8 else value), q + 2
        q += 2
    return None


def _exponential_tail(u, p, c):
    """NumPy's exponential tail: r - log1p(-u) with the next draw."""
    if p + 1 >= len(u):
        return None
    return _EXP_R - math.log1p(-float(u[p + 1])), p + 2


def _walk(code, need, doubles, tail):
    """NumPy's sequential ziggurat loop over a batch of k candidates (host): runs of fast
    candidates are accepted at once; a slow one takes the next draw for the wedge test (2 draws
    used either way), or, in the base strip, the tail (``tail(u, p, flags)`` -> (value, next
    position)). Returns the indices to keep in ``concat([x, extra])``, the extra (tail) values,
    the candidates consumed and the number of values."""
    k, picks, extra, got, p, u = len(code), [], [], 0, 0, None
    for sp in np.flatnonzero((code & 1) == 0).tolist():
        if sp < p:
            continue
        run = min(sp - p, need - got)
        if run:
            picks.append(np.arange(p, p + run))
            got, p = got + run, p + run
        if got == need or p > k - 2:
            return picks, extra, p, got
        c = int(code[p])
        if c & 2:
            u = doubles() if u is None else u
            found = tail(u, p, c)
            if found is None:
                return picks, extra, p, got
            picks.append(np.asarray([k + len(extra)]))
            extra.append(found[0])
            got, p = got + 1, found[1]
        else:
            if c & 4:
                picks.append(np.asarray([p]))
                got += 1
            p += 2
        if got == need:
            return picks, extra, p, got
    run = min(k - p, need - got)
    if run:
        picks.append(np.arange(p, p + run))
    return picks, extra, p + run, got + run


def _padded_index(picks, n):
    """The host index pieces as one native index, padded with zeros to ``bucket(n)``."""
    index = np.zeros(bucket(n), dtype=np.int64)
    if picks:
        flat = np.concatenate(picks)
        index[:len(flat)] = flat
    return ivy.asarray(index)


def _exact(x, n):
    return x if x.shape[0] == n else x[:n]


def _offset_small(name):
    def kernel(v, low):
        return ivy.astype(ivy.add(v, low), name)
    return kernel


def _offset_wide(name):
    def kernel(hi, lo, off):
        """(hi, lo) + off with carry, as the 64-bit dtype's bits."""
        s_lo = ivy.add(lo, off[1])
        s_hi = ivy.bitwise_and(ivy.add(ivy.add(hi, off[0]), ivy.bitwise_right_shift(s_lo, 32)),
                               M32)
        x = _signed64(s_hi, ivy.bitwise_and(s_lo, M32))
        return x if name == "int64" else ivy.astype(x, "uint64")
    return kernel


_OFFSET = {name: _offset_small(name) for name in ("int32", "uint32", "int16", "uint16", "int8",
                                                   "uint8", "bool")}
_OFFSET64 = {name: _offset_wide(name) for name in ("int64", "uint64")}


def _cat(parts):
    if not parts:
        return ivy.zeros((0,), dtype="float64")
    return parts[0] if len(parts) == 1 else ivy.concat(parts)


def default_rng(seed=None):
    """``numpy.random.default_rng``: a Generator over PCG64 (a Generator or bit generator given
    as the seed is used as is)."""
    if isinstance(seed, Generator):
        return seed
    if isinstance(seed, BitGenerator):
        return Generator(seed)
    return Generator(PCG64(seed))
