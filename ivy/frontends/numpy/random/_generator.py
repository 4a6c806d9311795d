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
Algorithms that are sequential by nature (Fisher-Yates, Floyd's sampling, per-element bounds)
run on the host over outputs drawn on the backend (``_HostDraws``), and so do NumPy's samplers
that decide draw by draw (``_Sampler``: gamma by Marsaglia and Tsang on the ziggurats, and beta,
chi-square, F, Student's t, Dirichlet, negative binomial, noncentral ones built on it; Poisson by
multiplication / PTRS; binomial by inversion / BTPE; multinomial; hypergeometric by HRUA / urn
draws; the multivariate hypergeometric; Zipf, log-series, von Mises, Wald, and geometric or
Weibull with per-element parameters): host floats are C doubles and ``math`` is the C library,
so their values are NumPy's bit for bit on every backend. ``multivariate_normal`` multiplies the
ziggurat normals by a factor of ``cov`` (svd, eigh or cholesky) computed on the backend, whose
LAPACK chooses the signs of singular and eigen vectors. Not here (NotImplementedError):
``multivariate_hypergeometric(method='count')`` with more than 2**24 balls.
"""
from __future__ import annotations

import math
import operator
import threading
import warnings
from decimal import Decimal, localcontext

import numpy as np

import ivy

from .. import _dtypes as T
from .._array import _wrap, asarray, assign_native, ndarray
from ._legacy import _Host, _div, _exp, _floor, _log, _pow, _sqrt
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
        (a_n,) = self._params((a, "a", 0))
        if bool(_host(ivy.any(ivy.equal(a_n, 0.0)))):       # NumPy draws nothing for a == 0
            return self._looped(size, _weibull_host, (a, None, None, "f"))
        return self._cont(size, (a_n,), self._exponentials, _weibull)

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
    def _scalar_param(self, value, bad, message, size):
        """One parameter value for the vectorized samplers: (value, shape of the draw or None),
        or (None, None) when the elements differ (the host loop takes those)."""
        host = np.asarray(value.__array__() if isinstance(value, ndarray) else value,
                          dtype=np.float64)
        if bad(host).any():
            raise ValueError(message)
        if host.size and (host != host.flat[0]).any():
            return None, None
        return float(host.flat[0]) if host.size else 0.0, _out_shape(size, [host])

    @staticmethod
    def _counts(x, shape):
        return int(_host(x)[0]) if shape is None else _wrap(ivy.reshape(x, shape))

    def geometric(self, p, size=None):
        value, shape = self._scalar_param(p, lambda v: ~((v > 0) & (v <= 1)),
                                          "p <= 0, p > 1 or p contains NaNs", size)
        if value is None:                            # per-element p: NumPy's loop on the host
            return self._looped(size, _geometric, (p, "p", "prob_gt0", "f"),
                                dtype="int64")
        n = 1 if shape is None else _prod(shape)
        if value >= 0.333333333333333333333333:      # NumPy: search the cdf with one uniform
            sums, prod, q = [value], value, 1.0 - value
            while sums[-1] < 1.0 and len(sums) < 4096:
                prod *= q
                if sums[-1] + prod == sums[-1]:
                    break
                sums.append(sums[-1] + prod)
            x = ivy.add(ivy.searchsorted(ivy.asarray(np.asarray(sums)), self._doubles(n),
                                         side="left"), 1)
        else:                                        # inversion of an exponential
            z = ivy.ceil(ivy.divide(ivy.negative(self._exponentials(n)), math.log1p(-value)))
            x = ivy.where(ivy.greater_equal(z, 9.223372036854776e18), 2 ** 63 - 1,
                          ivy.astype(ivy.minimum(z, 9.2e18), "int64"))
        return self._counts(ivy.astype(x, "int64"), shape)

    # ---- NumPy's one-value-at-a-time samplers, on the host (``_Sampler``) ----------------------
    def _looped(self, size, fn, *specs, dtype="float64"):
        """NumPy's ``cont``/``disc`` loops: parameters ``(value, name, check, kind)`` checked as
        NumPy checks them and broadcast to ``size``; ``fn(draws, *params)`` for each value in
        C order over outputs drawn on the backend; a Python number for scalar parameters without
        ``size``."""
        arrays = [_param(*spec) for spec in specs]
        shape = _out_shape(size, arrays)
        columns = [np.broadcast_to(a, shape or ()).ravel().tolist() for a in arrays]
        d = _Sampler(self._s)
        try:
            values = [fn(d, *args) for args in zip(*columns)]
        finally:
            d.done()
        if shape is None:
            return values[0]
        return _wrap(ivy.asarray(np.asarray(values, dtype=dtype).reshape(shape)))

    def standard_gamma(self, shape, size=None, dtype=np.float64, out=None):
        dt = np.dtype(dtype)
        name = T.NAME.get(dt)
        if name not in ("float64", "float32"):
            raise TypeError(f"Unsupported dtype {dt!r} for standard_gamma")
        fn, spec = (_Sampler.gamma, "f") if name == "float64" else (_Sampler.gamma32, "f32")
        if out is None:
            x = self._looped(size, fn, (shape, "shape", "nonneg", spec), dtype=name)
            return x if isinstance(x, ndarray) else float(x)
        if not isinstance(out, ndarray):
            raise TypeError("out must be a numpy array")
        if out.dtype != dt:
            raise TypeError(f"Supplied output array has the wrong type. Expected {dt}, got "
                            f"{out.dtype}")
        if size is not None and _shape(size) != out.shape:
            raise ValueError("size must match out.shape when used together")
        x = self._looped(out.shape, fn, (shape, "shape", "nonneg", spec), dtype=name)
        assign_native(out, x._data)
        return out

    def gamma(self, shape, scale=1.0, size=None):
        return self._looped(size, _gamma, (shape, "shape", "nonneg", "f"),
                            (scale, "scale", "nonneg", "f"))

    def beta(self, a, b, size=None):
        return self._looped(size, _beta, (a, "a", "pos", "f"), (b, "b", "pos", "f"))

    def chisquare(self, df, size=None):
        return self._looped(size, _Sampler.chisquare, (df, "df", "pos", "f"))

    def f(self, dfnum, dfden, size=None):
        return self._looped(size, _f, (dfnum, "dfnum", "pos", "f"), (dfden, "dfden", "pos", "f"))

    def standard_t(self, df, size=None):
        return self._looped(size, _standard_t, (df, "df", "pos", "f"))

    def noncentral_chisquare(self, df, nonc, size=None):
        return self._looped(size, _Sampler.noncentral_chisquare, (df, "df", "pos", "f"),
                            (nonc, "nonc", "nonneg", "f"))

    def noncentral_f(self, dfnum, dfden, nonc, size=None):
        return self._looped(size, _noncentral_f, (dfnum, "dfnum", "pos", "f"),
                            (dfden, "dfden", "pos", "f"), (nonc, "nonc", "nonneg", "f"))

    def vonmises(self, mu, kappa, size=None):
        return self._looped(size, _vonmises, (mu, None, None, "f"),
                            (kappa, "kappa", "nonneg", "f"))

    def wald(self, mean, scale, size=None):
        return self._looped(size, _wald, (mean, "mean", "pos", "f"),
                            (scale, "scale", "pos", "f"))

    def poisson(self, lam=1.0, size=None):
        return self._looped(size, _Sampler.poisson, (lam, "lam", "poisson", "f"),
                            dtype="int64")

    def binomial(self, n, p, size=None):
        return self._looped(size, _binomial, (n, "n", "nonneg", "i"), (p, "p", "prob", "f"),
                            dtype="int64")

    def negative_binomial(self, n, p, size=None):
        n_h, p_h = _param(n, "n", "pos_notnan", "f"), _param(p, "p", "prob_gt0", "f")
        with np.errstate(all="ignore"):
            lam = (1 - p_h) / p_h * (n_h + 10 * np.sqrt(n_h))
        if np.any(lam > self._poisson_lam_max):
            raise ValueError("n too large or p too small, see Generator.negative_binomial Notes")
        return self._looped(size, _negative_binomial, (n_h, None, None, "f"),
                            (p_h, None, None, "f"), dtype="int64")

    def zipf(self, a, size=None):
        return self._looped(size, _zipf, (a, "a", "gt1", "f"), dtype="int64")

    def logseries(self, p, size=None):
        return self._looped(size, _logseries, (p, "p", "prob_lt1", "f"), dtype="int64")

    def hypergeometric(self, ngood, nbad, nsample, size=None):
        good, bad, sample = (_param(v, None, None, "i") for v in (ngood, nbad, nsample))
        if np.any(good + bad < sample):                 # checked first, as NumPy does
            raise ValueError("ngood + nbad < nsample")
        for v, name in ((good, "ngood"), (bad, "nbad"), (sample, "nsample")):
            if np.any(v < 0):
                raise ValueError(f"{name} < 0")
        if np.any(np.maximum(good, bad) >= 10 ** 9):
            raise ValueError("both ngood and nbad must be less than 1000000000")
        return self._looped(size, _Sampler.hypergeometric, (good, None, None, "i"),
                            (bad, None, None, "i"), (sample, None, None, "i"), dtype="int64")

    def multinomial(self, n, pvals, size=None):
        counts = _param(n, None, None, "i")
        probs = np.asarray(pvals.__array__() if isinstance(pvals, ndarray) else pvals)
        given = probs.dtype
        probs = probs.astype(np.float64)
        if probs.ndim == 0 or probs.shape[-1] == 0:
            raise ValueError("pvals must have at least 1 dimension and the last dimension of "
                             "pvals must be greater than 0.")
        if np.any(~((probs >= 0) & (probs <= 1))):
            raise ValueError("pvals < 0, pvals > 1 or pvals contains NaNs")
        d = probs.shape[-1]
        rows = probs.reshape(-1, d)
        for row in rows:
            if math.fsum(row[:-1].tolist()) > 1.0 + 1e-12:
                part = "[:-1]" if probs.ndim == 1 else "[...,:-1]"
                if given.kind == "f" and given != np.float64 and \
                        isinstance(pvals, ndarray) and float(np.sum(probs)) < 1.0001:
                    raise ValueError(f"sum(pvals{part}.astype(np.float64)) > 1.0. The pvals "
                                     "array is cast to 64-bit floating point prior to checking "
                                     "the sum. Precision changes when casting may cause "
                                     "problems even if the sum of the original pvals is valid.")
                raise ValueError(f"sum(pvals{part}) > 1.0")
        if np.any(counts < 0):
            raise ValueError("n < 0")
        lead = probs.shape[:-1]
        if counts.ndim == 0 and probs.ndim == 1:
            shape = () if size is None else _shape(size)
        else:
            shape = np.broadcast_shapes(counts.shape, lead) if size is None else \
                _shape(size)
            np.broadcast_shapes(counts.shape, lead, shape)
        ns = np.broadcast_to(counts, shape).ravel().tolist()
        index = np.broadcast_to(np.arange(rows.shape[0]).reshape(lead), shape).ravel()
        plist, sampler = rows.tolist(), _Sampler(self._s)
        out = np.zeros((len(ns), d), dtype=np.int64)
        try:
            for i, (m, r) in enumerate(zip(ns, index.tolist())):
                out[i] = _multinomial(sampler, m, plist[r])
        finally:
            sampler.done()
        return _wrap(ivy.asarray(out.reshape(shape + (d,))))

    def multivariate_hypergeometric(self, colors, nsample, size=None, method="marginals"):
        if method not in ("count", "marginals"):
            raise ValueError('method must be "count" or "marginals".')
        try:
            nsample = operator.index(nsample)
        except TypeError:
            raise ValueError("nsample must be an integer") from None
        if nsample < 0:
            raise ValueError("nsample must be nonnegative.")
        c = np.asarray(colors.__array__() if isinstance(colors, ndarray) else colors)
        if c.ndim != 1 or (c.size and c.dtype.kind not in "iu") or \
                (c.size and c.dtype.kind in "iu" and (c < 0).any()):
            raise ValueError("colors must be a one-dimensional sequence of nonnegative integers "
                             "not exceeding 9223372036854775807.")
        values = [int(v) for v in c.tolist()]
        total = sum(values)
        if total > M64 >> 1:
            raise ValueError("sum(colors) must not exceed the maximum value of a 64 bit signed "
                             "integer (9223372036854775807)")
        if method == "count" and total > 1 << 24:
            raise NotImplementedError("multivariate_hypergeometric: method='count' with "
                                      "sum(colors) > 2**24 is not supported by ivy's numpy "
                                      "frontend")
        if nsample > total:
            raise ValueError("nsample > sum(colors)")
        shape = (() if size is None else _shape(size)) + (len(values),)
        count = _prod(shape[:-1])
        if not values or not total or not nsample or not count:
            return _wrap(ivy.zeros(shape, dtype="int64"))
        d = _Sampler(self._s)
        try:
            fn = _mvh_count if method == "count" else _mvh_marginals
            out = fn(d, values, total, nsample, count)
        finally:
            d.done()
        return _wrap(ivy.asarray(np.asarray(out, dtype=np.int64).reshape(shape)))

    def dirichlet(self, alpha, size=None):
        a = np.asarray(alpha.__array__() if isinstance(alpha, ndarray) else alpha, np.float64)
        if a.ndim == 0:
            raise TypeError(f"object of type '{type(alpha).__name__}' has no len()"
                            if not isinstance(alpha, ndarray) else "len() of unsized object")
        if a.ndim > 1:
            raise ValueError("setting an array element with a sequence. The requested array "
                             "would exceed the maximum number of dimension of 1.")
        if np.any(a < 0):
            raise ValueError("alpha < 0")
        shape = (() if size is None else _shape(size)) + a.shape
        d = _Sampler(self._s)
        try:
            out = _dirichlet(d, a, _prod(shape[:-1]))
        finally:
            d.done()
        return _wrap(ivy.asarray(np.asarray(out, dtype=np.float64).reshape(shape)))

    def multivariate_normal(self, mean, cov, size=None, check_valid="warn", tol=1e-8, *,
                            method="svd"):
        """Normals times a factor of ``cov`` computed on the backend (``svd``: u * sqrt(s),
        ``eigh``: u * sqrt(|s|), ``cholesky``: L): the factor's signs are the backend's
        LAPACK's."""
        if method not in ("eigh", "svd", "cholesky"):
            raise ValueError("method must be one of {'eigh', 'svd', 'cholesky'}")
        mu, c = asarray(mean), asarray(cov)
        if mu.dtype.kind == "c" or c.dtype.kind == "c":
            raise TypeError("mean and cov must not be complex")
        if mu.ndim != 1:
            raise ValueError("mean must be 1 dimensional")
        if c.ndim != 2 or c.shape[0] != c.shape[1]:
            raise ValueError("cov must be 2 dimensional and square")
        d = mu.shape[0]
        if d != c.shape[0]:
            raise ValueError("mean and cov must have same length")
        shape = (() if size is None else _shape(size)) + (d,)
        x = ivy.reshape(self._normals(_prod(shape)), (-1, d))
        c64 = ivy.astype(c._data, "float64")
        factor = _mvn_factor(c64, method, check_valid, tol)
        x = ivy.add(ivy.astype(mu._data, "float64"),
                    ivy.matmul(x, ivy.permute_dims(factor, (1, 0))))
        return _wrap(ivy.reshape(x, shape))

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


# ---- NumPy's Generator samplers, one value at a time on the host ------------------------------
_HOST_TABLES = {}


def _host_tables(kind):
    """The ziggurat tables as host lists (float32 ones as NumPy float32 scalars)."""
    t = _HOST_TABLES.get(kind)
    if t is None:
        if kind not in _TABLES:
            _tables(kind)
        k, w, f = _TABLES[kind]
        if kind.endswith("32"):
            t = (k.tolist(), [_F32(v) for v in w], [_F32(v) for v in f])
        else:
            t = (k.tolist(), w.tolist(), f.tolist())
        _HOST_TABLES[kind] = t
    return t


def _libm_float():
    """libm's logf and powf (NumPy's float32 gamma calls them), or None."""
    try:
        import ctypes
        import ctypes.util
        lib = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
        fns = []
        for name, nargs in (("logf", 1), ("powf", 2)):
            fn = getattr(lib, name)
            fn.restype, fn.argtypes = ctypes.c_float, [ctypes.c_float] * nargs
            fns.append(fn)
        return fns
    except (OSError, AttributeError, TypeError):
        return None


_LIBM = _libm_float()


def _logf(x):
    if _LIBM is not None:
        return _F32(_LIBM[0](float(x)))
    with np.errstate(all="ignore"):
        return np.log(_F32(x))


def _powf(x, y):
    if _LIBM is not None:
        return _F32(_LIBM[1](float(x), float(y)))
    with np.errstate(all="ignore"):
        return np.power(_F32(x), _F32(y))


class _Sampler(_HostDraws):
    """NumPy's Generator samplers, one value at a time on the host over outputs computed on the
    backend (``_HostDraws``): host floats are C doubles and ``math`` is the C library, so the
    values are NumPy's bit for bit on every backend. The ziggurats use NumPy's tables; gamma is
    Marsaglia and Tsang's method on them (the legacy loop's code with the Generator's draws),
    Poisson multiplication of uniforms / PTRS, binomial inversion / BTPE."""

    def double(self):
        return (self.u64() >> 11) * _TO_DOUBLE

    def float32(self):
        return _F32((self.u32() >> 8) * (1.0 / 16777216.0))

    def normal(self):
        ki, wi, fi = _host_tables("normal")
        while True:
            r = self.u64()
            idx, rabs = r & 255, (r >> 9) & 0xFFFFFFFFFFFFF
            x = rabs * wi[idx]
            if (r >> 8) & 1:
                x = -x
            if rabs < ki[idx]:
                return x
            if idx == 0:
                while True:
                    xx = -_NOR_INV_R * math.log1p(-self.double())
                    yy = -math.log1p(-self.double())
                    if yy + yy > xx * xx:
                        return -(_NOR_R + xx) if (rabs >> 8) & 1 else _NOR_R + xx
            if (fi[idx - 1] - fi[idx]) * self.double() + fi[idx] < math.exp(-0.5 * x * x):
                return x

    gauss = normal

    def exponential(self):
        ke, we, fe = _host_tables("exponential")
        while True:
            ri = self.u64() >> 3
            idx = ri & 255
            ri >>= 8
            x = ri * we[idx]
            if ri < ke[idx]:
                return x
            if idx == 0:
                return _EXP_R - math.log1p(-self.double())
            if (fe[idx - 1] - fe[idx]) * self.double() + fe[idx] < math.exp(-x):
                return x

    def normal32(self):
        ki, wi, fi = _host_tables("normal32")
        while True:
            r = self.u32()
            idx, rabs = r & 255, (r >> 9) & 0x7FFFFF
            x = _F32(rabs) * wi[idx]
            if (r >> 8) & 1:
                x = -x
            if rabs < ki[idx]:
                return x
            if idx == 0:
                while True:
                    xx = -_F32(_NOR_INV_R) * np.log1p(-self.float32())
                    yy = -np.log1p(-self.float32())
                    if yy + yy > xx * xx:
                        r_ = _F32(_NOR_R)
                        return -(r_ + xx) if (rabs >> 8) & 1 else r_ + xx
            if (fi[idx - 1] - fi[idx]) * self.float32() + fi[idx] < \
                    np.exp(_F32(-0.5) * x * x):
                return x

    def exponential32(self):
        ke, we, fe = _host_tables("exponential32")
        while True:
            ri = self.u32() >> 1
            idx = ri & 255
            ri >>= 8
            x = _F32(ri) * we[idx]
            if ri < ke[idx]:
                return x
            if idx == 0:
                return _F32(_EXP_R) - np.log1p(-self.float32())
            if (fe[idx - 1] - fe[idx]) * self.float32() + fe[idx] < np.exp(-x):
                return x

    gamma, chisquare = _Host.gamma, _Host.chisquare
    poisson, _ptrs = _Host.poisson, _Host._ptrs
    _inversion, _btpe = _Host._inversion, _Host._btpe

    def binomial(self, n, p):
        return _Host.binomial(self, n, p, early=True)

    def gamma32(self, shape):
        """Marsaglia and Tsang in float32 (NumPy's ``random_standard_gamma_f``)."""
        one = _F32(1.0)
        if shape == 1:
            return self.exponential32()
        if shape == 0:
            return _F32(0.0)
        if shape < 1:
            inv = one / shape
            while True:
                u, v = self.float32(), self.exponential32()
                if u <= one - shape:
                    x = _powf(u, inv)
                    if x <= v:
                        return x
                else:
                    y = -_logf((one - u) / shape)
                    x = _powf(one - shape + shape * y, inv)
                    if x <= v + y:
                        return x
        b = shape - one / _F32(3.0)
        c = one / np.sqrt(_F32(9.0) * b)
        while True:
            while True:
                x = self.normal32()
                v = one + c * x
                if not v <= 0:
                    break
            v = v * v * v
            u = self.float32()
            if u < one - _F32(0.0331) * (x * x) * (x * x):
                return b * v
            if _logf(u) < _F32(0.5) * x * x + b * (one - v + _logf(v)):
                return b * v

    def noncentral_chisquare(self, df, nonc):
        if nonc != nonc:
            return math.nan
        if nonc == 0:
            return self.chisquare(df)
        if 1 < df:
            chi2 = self.chisquare(df - 1)
            n = self.normal() + math.sqrt(nonc)
            return chi2 + n * n
        return self.chisquare(df + 2 * self.poisson(nonc / 2.0))

    def hypergeometric(self, good, bad, sample):
        """HRUA for 10 <= sample <= total - 10, else drawing balls one by one."""
        if 10 <= sample <= good + bad - 10:
            return _hrua(self, good, bad, sample)
        total = good + bad
        flip = sample > total // 2
        left, rem_total, rem_good = (total - sample if flip else sample), total, good
        while left > 0 and rem_good > 0 and rem_total > rem_good:
            if self.interval(rem_total - 1) < rem_good:
                rem_good -= 1
            rem_total -= 1
            left -= 1
        if rem_total == rem_good:
            rem_good -= left
        return rem_good if flip else good - rem_good


_LOGFACT = []


def _logfactorial(k):
    """log(k!): a table below 126 (correctly rounded), else Stirling's series to 1/k**3."""
    if not _LOGFACT:
        with localcontext() as ctx:
            ctx.prec = 50
            acc = Decimal(0)
            _LOGFACT.append(0.0)
            for i in range(1, 126):
                acc += Decimal(i).ln()
                _LOGFACT.append(float(acc))
    if k < 126:
        return _LOGFACT[k]
    return (k + 0.5) * math.log(k) - k + (0.9189385332046728 +
                                          (1 / k) * (1 / 12.0 - 1 / (360.0 * k * k)))


def _hrua(d, good, bad, sample):
    """Stadlober's ratio of uniforms as NumPy's Generator runs it."""
    pop = good + bad
    m_s, lo, hi = min(sample, pop - sample), min(good, bad), max(good, bad)
    p, q = lo / pop, hi / pop
    a = m_s * p + 0.5
    c = math.sqrt(float(pop - m_s) * m_s * p * q / (pop - 1) + 0.5)
    h = 1.7155277699214135 * c + 0.8989161620588988
    m = math.floor(float(m_s + 1) * (lo + 1) / (pop + 2))
    g = _logfactorial(m) + _logfactorial(lo - m) + _logfactorial(m_s - m) + \
        _logfactorial(hi - m_s + m)
    b = min(min(m_s, lo) + 1, math.floor(a + 16 * c))
    while True:
        u, v = d.double(), d.double()
        x = a + _div(h * (v - 0.5), u)
        if x < 0.0 or x >= b or x != x:
            continue
        k = math.floor(x)
        t = g - (_logfactorial(k) + _logfactorial(lo - k) + _logfactorial(m_s - k) +
                 _logfactorial(hi - m_s + k))
        if u * (4.0 - u) - 3.0 <= t:
            break
        if u * (u - t) >= 1:
            continue
        if 2.0 * math.log(u) <= t:
            break
    if good > bad:
        k = m_s - k
    if m_s < sample:
        k = good - k
    return k


def _gamma(d, shape, scale):
    return scale * d.gamma(shape)


def _beta(d, a, b):
    """Johnk's algorithm for a, b <= 1, else a ratio of gammas."""
    if a <= 1.0 and b <= 1.0:
        while True:
            u, v = d.double(), d.double()
            x, y = _pow(u, _div(1.0, a)), _pow(v, _div(1.0, b))
            xpy = x + y
            if xpy <= 1.0 and u + v > 0.0:
                if x > 0 and y > 0:
                    return x / xpy
                log_x, log_y = _div(_log(u), a), _div(_log(v), b)
                log_m = log_x if log_x > log_y else log_y
                log_x, log_y = log_x - log_m, log_y - log_m      # one of them is 0
                return _exp(log_x - math.log1p(_exp(log_y if log_x == 0 else log_x)))
    ga = d.gamma(a)
    gb = d.gamma(b)
    return _div(ga, ga + gb)


def _f(d, dfnum, dfden):
    return _div(d.chisquare(dfnum) * dfden, d.chisquare(dfden) * dfnum)


def _standard_t(d, df):
    num = d.normal()
    return _div(_sqrt(df / 2) * num, _sqrt(d.gamma(df / 2)))


def _noncentral_f(d, dfnum, dfden, nonc):
    t = d.noncentral_chisquare(dfnum, nonc) * dfden
    return _div(t, d.chisquare(dfden) * dfnum)


def _vonmises(d, mu, kappa):
    """Best and Fisher's rejection; a uniform for kappa < 1e-8, a wrapped normal above 1e6."""
    if kappa != kappa:
        return math.nan
    if kappa < 1e-8:
        return math.pi * (2 * d.double() - 1)
    if kappa < 1e-5:
        s = 1.0 / kappa + kappa
    elif kappa <= 1e6:
        r = 1 + math.sqrt(1 + 4 * kappa * kappa)
        rho = (r - math.sqrt(2 * r)) / (2 * kappa)
        s = (1 + rho * rho) / (2 * rho)
    else:
        result = mu + math.sqrt(1.0 / kappa) * d.normal()
        if result < -math.pi:
            result += 2 * math.pi
        if result > math.pi:
            result -= 2 * math.pi
        return result
    while True:
        z = math.cos(math.pi * d.double())
        w = (1 + s * z) / (s + z)
        y = kappa * (s - w)
        v = d.double()
        if y * (2 - y) - v >= 0 or _log(_div(y, v)) + 1 - y >= 0:
            break
    u = d.double()
    result = math.acos(w) if -1 <= w <= 1 else math.nan
    if u < 0.5:
        result = -result
    result += mu
    if not math.isfinite(result):
        return math.nan
    mod = math.fmod(abs(result) + math.pi, 2 * math.pi) - math.pi
    return -mod if result < 0 else mod


def _wald(d, mean, scale):
    """The inverse Gaussian from one normal and one uniform (NumPy's cancellation-free form)."""
    y = d.normal()
    y = mean * y * y
    x = mean * (1 - 2 / (1 + _sqrt(1 + _div(4 * scale, y))))
    return x if d.double() <= _div(mean, mean + x) else _div(mean * mean, x)


def _binomial(d, n, p):
    return d.binomial(n, p)


def _negative_binomial(d, n, p):
    return d.poisson(((1 - p) / p) * d.gamma(n))


_INT64_MAX = (1 << 63) - 1


def _geometric(d, p):
    """Search of the cdf for p >= 1/3, else inversion of an exponential."""
    if p >= 0.333333333333333333333333:
        x, total, prod, q = 1, p, p, 1.0 - p
        u = d.double()
        while u > total:
            prod *= q
            total += prod
            x += 1
        return x
    z = _div(-d.exponential(), math.log1p(-p))
    return _INT64_MAX if not z < 9.223372036854776e18 else math.ceil(z)


def _weibull_host(d, a):
    return 0.0 if a == 0 else _pow(d.exponential(), 1.0 / a)


def _zipf(d, a):
    """Rejection on the Pareto envelope, truncated to int64 (1 for a >= 1025)."""
    if a >= 1025:
        return 1
    am1 = a - 1.0
    b = _pow(2.0, am1)
    umin = _pow(9.223372036854775807e18, -am1)
    while True:
        u01 = d.double()
        u = u01 * umin + (1 - u01)
        v = d.double()
        x = _pow(u, -1.0 / am1)
        x = math.floor(x) if math.isfinite(x) else x
        if x > 9.223372036854775807e18 or x < 1.0:
            continue
        t = _pow(1.0 + 1.0 / x, am1)
        if _div(v * x * (t - 1.0), b - 1.0) <= t / b:
            return int(x)


def _logseries(d, p):
    r = math.log1p(-p)
    while True:
        v = d.double()
        if v >= p:
            return 1
        q = -math.expm1(r * d.double())
        if v <= q * q:
            result = _floor(1 + _div(_log(v), _log(q)))
            if result < 1 or v == 0.0:
                continue
            return result
        return 1 if v >= q else 2


def _multinomial(d, n, probs):
    k, remaining, left = len(probs), 1.0, n
    out = [0] * k
    for j in range(k - 1):
        out[j] = d.binomial(left, _div(probs[j], remaining))
        left -= out[j]
        if left <= 0:
            break
        remaining -= probs[j]
    if left > 0:
        out[k - 1] = left
    return out


def _mvh_count(d, colors, total, nsample, count):
    """``method='count'``: a partial Fisher-Yates shuffle of the balls (continued from row to
    row), counted by color."""
    balls = [i for i, c in enumerate(colors) for _ in range(c)]
    flip = nsample > total // 2
    take, out = (total - nsample if flip else nsample), []
    for _ in range(count):
        for j in range(take):
            k = j + d.interval(total - j - 1)
            balls[k], balls[j] = balls[j], balls[k]
        row = [0] * len(colors)
        for j in range(take):
            row[balls[j]] += 1
        out.append([c - r for c, r in zip(colors, row)] if flip else row)
    return out


def _mvh_marginals(d, colors, total, nsample, count):
    """``method='marginals'``: a hypergeometric draw per color."""
    flip = nsample > total // 2
    take, k, out = (total - nsample if flip else nsample), len(colors), []
    for _ in range(count):
        row, left, remaining, j = [0] * k, take, total, 0
        while left > 0 and j + 1 < k:
            remaining -= colors[j]
            row[j] = d.hypergeometric(colors[j], remaining, left)
            left -= row[j]
            j += 1
        if left > 0:
            row[k - 1] = left
        out.append([c - r for c, r in zip(colors, row)] if flip else row)
    return out


def _dirichlet(d, alpha, count):
    """Normalized gammas; for max(alpha) < 0.1 stick-breaking with betas."""
    k, a, out = len(alpha), alpha.tolist(), []
    if k and np.max(alpha) < 0.1:
        csum, s = [0.0] * k, 0.0
        for j in range(k - 1, -1, -1):
            s += a[j]
            csum[j] = s
        for _ in range(count):
            row, acc = [0.0] * k, 1.0
            if s > 0:
                for j in range(k - 1):
                    v = _beta(d, a[j], csum[j + 1])
                    row[j] = acc * v
                    acc *= 1.0 - v
                    if csum[j + 1] == 0:
                        break
                row[k - 1] = acc
            out.append(row)
        return out
    for _ in range(count):
        row, acc = [d.gamma(v) for v in a], 0.0
        for v in row:
            acc += v
        inv = _div(1.0, acc)
        out.append([v * inv for v in row])
    return out


def _mvn_factor(c, method, check_valid, tol):
    """The factor F of ``cov`` (x @ F.T) on the backend, NumPy's validity check."""
    if method == "cholesky":
        try:
            low = ivy.linalg.cholesky(c)
        except Exception:
            low = None
        if low is None or not bool(_host(ivy.all(ivy.isfinite(low)))):
            raise np.linalg.LinAlgError("Matrix is not positive definite")
        return low
    if method == "svd":
        u, s, vh = ivy.linalg.svd(c)
    else:
        s, u = ivy.linalg.eigh(c)
    if check_valid != "ignore":
        if check_valid not in ("warn", "raise"):
            raise ValueError("check_valid must equal 'warn', 'raise', or 'ignore'")
        if method == "svd":
            back = ivy.matmul(ivy.multiply(ivy.permute_dims(vh, (1, 0)), s), vh)
            psd = bool(_host(ivy.all(ivy.less_equal(ivy.abs(ivy.subtract(back, c)), ivy.add(
                tol, ivy.multiply(tol, ivy.abs(c)))))))
        else:
            psd = not bool(_host(ivy.any(ivy.less(s, -tol))))
        if not psd:
            if check_valid == "raise":
                raise ValueError("covariance is not symmetric positive-semidefinite.")
            warnings.warn("covariance is not symmetric positive-semidefinite.", RuntimeWarning,
                          stacklevel=3)
    return ivy.multiply(u, ivy.sqrt(s if method == "svd" else ivy.abs(s)))


_NAN_WORDS = ("is NaN", "contains NaNs")
_GEN_CHECKS = {
    "nonneg": (lambda v: v < 0, "{0} < 0"),
    "pos": (lambda v: v <= 0, "{0} <= 0"),
    "poisson": (lambda v: ~(v >= 0), "{0} < 0 or {0} {nan}"),
    "prob": (lambda v: ~((v >= 0) & (v <= 1)), "{0} < 0, {0} > 1 or {0} {nan}"),
    "prob_gt0": (lambda v: ~((v > 0) & (v <= 1)), "{0} <= 0, {0} > 1 or {0} contains NaNs"),
    "prob_lt1": (lambda v: ~((v >= 0) & (v < 1)), "{0} < 0, {0} >= 1 or {0} {nan}"),
    "gt1": (lambda v: ~(v > 1), "{0} <= 1 or {0} {nan}"),
}


def _param(value, name, check, kind):
    """A parameter as a host array (``kind``: "f" float64, "f32" float32, "i" int64 cast as
    NumPy casts), checked with NumPy's words (scalars "is NaN", arrays "contains NaNs")."""
    host = value.__array__() if isinstance(value, ndarray) else value
    if kind == "i":
        a = np.asarray(host)
        a = a.astype(np.int64) if a.dtype != np.int64 else a
    else:
        a = np.asarray(host, dtype=np.float32 if kind == "f32" else np.float64)
    if check == "pos_notnan":
        if np.isnan(a).any():
            raise ValueError(f"{name} must not be NaN")
        check = "pos"
    if check is not None:
        bad, message = _GEN_CHECKS[check]
        if np.any(bad(a)):
            raise ValueError(message.format(name, nan=_NAN_WORDS[a.ndim > 0]))
        if check == "poisson" and np.any(a > Generator._poisson_lam_max):
            raise ValueError(f"{name} value too large")
    return a


def _out_shape(size, arrays):
    """None (one Python number) for scalar parameters without size, else size or the
    broadcast shape (NumPy's messages)."""
    scalar = all(a.ndim == 0 for a in arrays)
    if size is None:
        return None if scalar else np.broadcast_shapes(*(a.shape for a in arrays))
    shape = _shape(size)
    if not scalar:
        both = np.broadcast_shapes(shape, *(a.shape for a in arrays))
        if both != shape:
            raise ValueError(f"Output size {shape} is not compatible with broadcast dimensions "
                             f"of inputs {both}.")
    return shape


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
