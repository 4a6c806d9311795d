"""PyTorch's CPU generator on the host: the mt19937 engine torch seeds with ``init_genrand`` and
the transforms its CPU kernels apply to the engine's words, vectorized in NumPy. The engine is
NumPy's own MT19937 bit generator: ``RandomState(seed)`` seeds it with the same ``init_genrand``
torch uses, and ``random_raw`` hands out the tempered 32-bit words.

Every draw is made here, in NumPy, and only its result goes to the backend, so a seeded program
gives real torch's numbers on every backend. The transforms are measured against torch 2.x on
x86 (``ATEN_CPU_CAPABILITY`` avx2/avx512, where float32 ``randn`` of 16 or more elements takes
the AVX2 kernel with the Cephes log/sincos polynomials; the ``default`` capability's scalar kernel
gives other float32 normals). Words are uint64 arrays holding 32-bit values.
"""
from __future__ import annotations

import math

import numpy as np

N = 624
DEFAULT_SEED = 67280421310721
_U64 = np.uint64
_MASK24, _MASK53 = _U64((1 << 24) - 1), _U64((1 << 53) - 1)
_F32, _F64 = np.float32, np.float64
# the float dtypes whose uniforms come from one 32-bit word and float32 arithmetic
_WORD_FLOATS = frozenset(("float32", "float16", "bfloat16"))

# the state tensor of ``torch.get_rng_state()``: torch's CPUGeneratorImplState, 5056 bytes
STATE = np.dtype([("seed", "<u8"), ("left", "<i4"), ("seeded", "<i4"), ("next", "<u8"),
                  ("state", "<u8", (N,)), ("normal_x", "<f8"), ("normal_y", "<f8"),
                  ("normal_rho", "<f8"), ("normal_valid", "<i4"), ("_pad", "<i4"),
                  ("float_normal", "<f4"), ("float_normal_valid", "u1"), ("_pad2", "u1", (3,))])
assert STATE.itemsize == 5056


class Engine:
    """mt19937 as torch's ``CPUGeneratorImpl`` holds it: the 624-word engine (NumPy's MT19937
    bit generator, seeded with torch's key), the seed, and the cached second Box-Muller normal
    of ``normal_distribution<double>``."""
    __slots__ = ("bits", "seed", "normal", "fresh")

    def __init__(self, seed=DEFAULT_SEED):
        self.bits = np.random.MT19937(0)
        self.reseed(seed)

    def reseed(self, seed):
        self.seed = seed
        self._set(np.random.RandomState(seed & 0xFFFFFFFF).get_state()[1], N)
        self.normal, self.fresh = None, True

    def _set(self, key, pos):
        self.bits.state = {"bit_generator": "MT19937",
                           "state": {"key": np.asarray(key, dtype=np.uint32), "pos": int(pos)}}

    def u32(self, n):
        if n:
            self.fresh = False
        return self.bits.random_raw(n)

    def u64(self, n):
        """``random64()``: two words, the first the high half."""
        w = self.u32(2 * n)
        return (w[0::2] << _U64(32)) | w[1::2]

    def to_bytes(self):
        st = self.bits.state["state"]
        rec = np.zeros((), dtype=STATE)
        pos = int(st["pos"])
        rec["seed"], rec["seeded"] = self.seed, 1
        rec["left"], rec["next"] = N + 1 - pos, 0 if self.fresh else pos
        rec["state"] = st["key"]
        if self.normal is not None:
            rec["normal_y"], rec["normal_valid"] = self.normal, 1
        return np.frombuffer(rec.tobytes(), dtype=np.uint8).copy()

    def from_bytes(self, raw):
        rec = np.frombuffer(np.ascontiguousarray(raw, dtype=np.uint8).tobytes(), dtype=STATE)[0]
        left = int(rec["left"])
        if not 1 <= left <= N:
            raise RuntimeError("Invalid mt19937 state")
        self.seed = int(rec["seed"])
        self._set(rec["state"] & 0xFFFFFFFF, N + 1 - left)
        self.fresh = left == 1 and int(rec["next"]) == 0
        self.normal = float(rec["normal_y"]) if rec["normal_valid"] else None


# ---- exact arithmetic -------------------------------------------------------------------------
# torch's kernels are compiled with FMA contraction; NumPy rounds every operation. An exact fused
# multiply-add (Boldo & Melquiond: error-free product and sum, the low parts added with rounding
# to odd, one final rounding) gives the same bits.

_SPLIT = {_F32: _F32(4097.0), _F64: _F64(134217729.0)}


def _two_prod(a, b):
    p = a * b
    f = _SPLIT[p.dtype.type]
    ca, cb = f * a, f * b
    ah, bh = ca - (ca - a), cb - (cb - b)
    al, bl = a - ah, b - bh
    return p, ((ah * bh - p) + ah * bl + al * bh) + al * bl


def _two_sum(a, b):
    s = a + b
    bb = s - a
    return s, (a - (s - bb)) + (b - bb)


def _add_odd(a, b):
    """a + b rounded to odd: an inexact sum keeps an odd last bit."""
    s, e = _two_sum(a, b)
    ints = s.view(np.int32 if s.dtype == _F32 else np.int64)
    fix = (e != 0) & ((ints & 1) == 0)
    if fix.any():
        s = np.where(fix, np.nextafter(s, np.where(e > 0, np.inf, -np.inf).astype(s.dtype)), s)
    return s


def _fma32(a, b, c):
    """float32 ``a * b + c``: exact product in float64, one float64 sum; where that sum is
    inexact and lands on a float32 midpoint, a nudge towards the exact value decides the tie."""
    p = a.astype(_F64) * (b if getattr(b, "dtype", None) == _F64 else
                          np.asarray(b, dtype=_F32).astype(_F64))
    c = np.asarray(c, dtype=_F32).astype(_F64)
    s = p + c
    tie = np.flatnonzero((s.view(np.int64) & 0x1FFFFFFF) == 0x10000000)   # look closer there
    if tie.size:
        s = s.copy() if s.base is not None else s
        flat = s.reshape(-1)
        pt, ct = p.reshape(-1)[tie], np.broadcast_to(c, p.shape).reshape(-1)[tie]
        st, e = _two_sum(pt, ct)
        flat[tie] = np.where(e != 0, np.nextafter(st, np.where(e > 0, np.inf, -np.inf)), st)
    return s.astype(_F32)


def fma(a, b, c):
    """``a * b + c`` rounded once, in the dtype of ``a`` (float32 or float64 arrays)."""
    dt = a.dtype.type
    if dt is _F32:
        return _fma32(a, b, c)
    a, b, c = (np.broadcast_to(np.asarray(v, dtype=dt), a.shape) for v in (a, b, c))
    uh, ul = _two_prod(a, b)
    th, tl = _two_sum(c, uh)
    return th + _add_odd(ul, tl)


def to_bfloat16(x):
    """float32/float64 values rounded (to nearest even) to bfloat16, held as float32."""
    m, e = np.frexp(np.asarray(x, dtype=_F64))
    return np.ldexp(np.rint(m * 256.0) / 256.0, e).astype(_F32)


def cast(x, name):
    """Host values as the dtype ``name`` (bfloat16: exact float32 values, cast later); c10's
    Half and BFloat16 convert from float, so wider values round to float32 first."""
    x = np.asarray(x)
    if name in ("float16", "bfloat16") and x.dtype != _F32:
        x = x.astype(_F32)
    return to_bfloat16(x) if name == "bfloat16" else x.astype(name, copy=False)


# ---- uniform ----------------------------------------------------------------------------------

def unit24(engine, n):
    """float32 in [0, 1): 24 bits of one word."""
    return (engine.u32(n) & _MASK24).astype(_F32) * _F32(2.0 ** -24)


def unit53(engine, n):
    """float64 in [0, 1): 53 bits of a 64-bit draw."""
    return (engine.u64(n) & _MASK53).astype(_F64) * 2.0 ** -53


def uniform(engine, n, name, low=0.0, high=1.0):
    """``uniform_(low, high)`` of ``n`` elements of float dtype ``name``; a draw that rounds to
    ``high`` becomes ``low`` (torch keeps [low, high))."""
    if name == "float64":
        x = unit53(engine, n)
        v = fma(x, _F64(high) - _F64(low), _F64(low)) if (low, high) != (0.0, 1.0) else x
    else:
        x = unit24(engine, n)
        lo, hi = _F32(low), _F32(high)
        v = fma(x, hi - lo, lo) if (low, high) != (0.0, 1.0) else x
        v = cast(v, name)
    top, bottom = cast(np.array([high]), name)[0], cast(np.array([low]), name)[0]
    return np.where(v == top, bottom, v) if (v == top).any() else v


# ---- normal -----------------------------------------------------------------------------------

_LOG_P = (7.0376836292E-2, -1.1514610310E-1, 1.1676998740E-1, -1.2420140846E-1, 1.4249322787E-1,
          -1.6668057665E-1, 2.0000714765E-1, -2.4999993993E-1, 3.3333331174E-1)


def _log_ps(x):
    """The Cephes float32 log of ATen's ``avx_mathfun.h`` (with the contractions GCC makes)."""
    x = np.maximum(x, _F32(1.17549435e-38))
    bits = x.view(np.int32)
    e = ((bits >> 23) - 127).astype(_F32) + _F32(1)
    x = ((bits & ~0x7F800000) | 0x3F000000).view(_F32)
    small = x < _F32(0.707106781186547524)
    x = (x - _F32(1)) + np.where(small, x, _F32(0))
    e = e - small.astype(_F32)
    z = x * x
    x64 = x.astype(_F64)
    y = np.full_like(x, _F32(_LOG_P[0]))
    for p in _LOG_P[1:]:
        y = _fma32(y, x64, _F32(p))
    y = fma(y * x, z, e * _F32(-2.12194440e-4))
    y = y - z * _F32(0.5)
    return (x + y) + e * _F32(0.693359375)


def _sincos_ps(x):
    """The Cephes float32 sin and cos of ``avx_mathfun.h`` (``sincos256_ps``)."""
    negative = x < 0
    x = np.abs(x)
    j = (x * _F32(1.27323954473516)).astype(np.int32)
    j = (j + 1) & ~1
    y = j.astype(_F32)
    for dp in (-0.78515625, -2.4187564849853515625e-4, -3.77489497744594108e-8):
        x = x + y * _F32(dp)
    z = x * x
    c = fma(np.full_like(z, _F32(2.443315711809948E-005)), z, _F32(-1.388731625493765E-003))
    c = fma(c, z, _F32(4.166664568298827E-002))
    c = fma(c * z, z, -(z * _F32(0.5))) + _F32(1)
    s = fma(np.full_like(z, _F32(-1.9515295891E-4)), z, _F32(8.3321608736E-3))
    s = fma(s, z, _F32(-1.6666654611E-1))
    s = fma(s * z, x, x)
    poly = (j & 2) == 0
    sin, cos = np.where(poly, s, c), np.where(poly, c, s)
    sin = np.where(negative ^ ((j & 4) != 0), -sin, sin)
    cos = np.where(((~(j - 2)) & 4) != 0, -cos, cos)
    return sin, cos


_LOG, _LOG1P, _SIN, _COS, _TAN, _EXP = (np.frompyfunc(f, 1, 1) for f in (
    math.log, math.log1p, math.sin, math.cos, math.tan, math.exp))


def _libm(f, x):
    """The C library's double function (torch calls it; NumPy's SIMD versions differ in the last
    bit now and then)."""
    return f(x).astype(_F64)


def _fill16_float(d, mean, std):
    """``normal_fill_16_AVX2`` over rows of 16 float32 uniforms."""
    u1, u2 = _F32(1) - d[:, :8], np.ascontiguousarray(d[:, 8:])
    radius = np.sqrt(_F32(-2) * _log_ps(u1))
    sin, cos = _sincos_ps(_F32(2.0 * math.pi) * u2)
    return np.concatenate([fma(radius * cos, _F32(std), _F32(mean)),
                           fma(radius * sin, _F32(std), _F32(mean))], axis=1)


def _fill16_double(d, mean, std):
    """``normal_fill_16<double>``."""
    u1, u2 = 1.0 - d[:, :8], d[:, 8:]
    radius = np.sqrt(-2.0 * _libm(_LOG, u1))
    theta = 2.0 * math.pi * u2
    return np.concatenate([fma(radius * _libm(_COS, theta), std, mean),
                           fma(radius * _libm(_SIN, theta), std, mean)], axis=1)


def _normal_fill(engine, n, name, mean, std):
    """``normal_fill``: n >= 16 uniforms, Box-Muller on each block of 16 pairing element j with
    j + 8; a ragged tail redraws the last 16. float16 and bfloat16 take the float32 kernel, draw
    uniforms for the whole blocks only, and round at the end."""
    double = name == "float64"
    draw, fill = (unit53, _fill16_double) if double else (unit24, _fill16_float)
    full = n // 16 * 16
    d = draw(engine, n if name in ("float32", "float64") else full)
    d[:full] = fill(d[:full].reshape(-1, 16), mean, std).reshape(-1)
    if len(d) < n:
        d = np.concatenate([d, np.empty(n - len(d), dtype=d.dtype)])
    if n % 16:
        d[n - 16:] = fill(draw(engine, 16).reshape(1, 16), mean, std).reshape(-1)
    return d if name in ("float32", "float64") else cast(d, name)


def _normal_serial(engine, n, mean, std):
    """``normal_distribution<double>`` n times: each fresh pair of double uniforms gives
    r cos(theta), then the cached r sin(theta) on the next call (the cache is the generator's)."""
    cached, engine.normal = engine.normal, None
    fresh = n - (cached is not None) if n else 0
    u = unit53(engine, 2 * ((fresh + 1) // 2))
    r = np.sqrt(-2.0 * _libm(_LOG1P, -u[1::2]))
    theta = 2.0 * math.pi * u[0::2]
    pairs = np.stack([r * _libm(_COS, theta), r * _libm(_SIN, theta)], axis=1).reshape(-1)
    out = pairs if cached is None else np.concatenate([[cached], pairs])
    if n == 0:
        engine.normal = cached
    elif len(out) > n:
        engine.normal = float(out[n])
    out = out[:n]
    return fma(out, _F64(std), _F64(mean)) if (mean, std) != (0.0, 1.0) else out


def normal(engine, n, name, mean=0.0, std=1.0, serial=False):
    """``normal_(mean, std)`` of ``n`` elements of float dtype ``name`` (``serial``: of a
    non-contiguous tensor, which torch fills one normal at a time)."""
    if n >= 16 and not serial:
        return _normal_fill(engine, n, name, mean, std)
    return cast(_normal_serial(engine, n, mean, std), name)


# ---- integers ---------------------------------------------------------------------------------

# torch draws 64 bits for a range of 2**28 or more (measured on torch 2.x), 32 bits below
_WIDE_RANGE = 1 << 28


def from_to(engine, n, low, span, name):
    """``random_(low, low + span)``: a draw modulo the span, plus ``low``."""
    w = engine.u64(n) if span >= _WIDE_RANGE else engine.u32(n)
    v = ((w % _U64(span)) + _U64(low & ((1 << 64) - 1))).view(np.int64)    # wraps as C does
    if name == "bool":
        return v != 0
    return cast(v, name) if name in ("float16", "bfloat16", "float32", "float64") else \
        v.astype(name)


# ``random_()``: the modulus of each dtype and whether it takes a 64-bit draw
FULL_RANGE = {"int64": (1 << 63, True), "int32": (1 << 31, False), "int16": (1 << 15, False),
              "int8": (1 << 7, False), "uint8": (1 << 8, False), "bool": (2, False),
              "float64": ((1 << 53) + 1, True), "float32": ((1 << 24) + 1, False),
              "float16": ((1 << 11) + 1, False), "bfloat16": ((1 << 8) + 1, False)}


def full_range(engine, n, name):
    span, wide = FULL_RANGE[name]
    w = engine.u64(n) if wide else engine.u32(n)
    v = (w % _U64(span)).astype(np.int64)
    return v != 0 if name == "bool" else cast(v, name) if name in _WORD_FLOATS or \
        name == "float64" else v.astype(name)


def randperm(engine, n):
    """``randperm_cpu``: for n below 2**32 / 20 swap i with i + (word % (n - i)), else the
    inside-out Fisher-Yates on 64-bit draws."""
    if n < 0xFFFFFFFF // 20:
        if n < 2:
            return np.arange(n, dtype=np.int64)
        picks = (engine.u32(n - 1) % np.arange(n, 1, -1, dtype=_U64)).astype(np.int64).tolist()
        r = list(range(n))
        for i, z in enumerate(picks):
            r[i], r[i + z] = r[i + z], r[i]
        return np.asarray(r, dtype=np.int64)
    picks = (engine.u64(n) % np.arange(1, n + 1, dtype=_U64)).astype(np.int64).tolist()
    r = [0] * n
    for i, z in enumerate(picks):
        r[i], r[z] = r[z], i
    return np.asarray(r, dtype=np.int64)


# ---- bernoulli --------------------------------------------------------------------------------

def bernoulli_scalar(engine, n, p):
    """``bernoulli_(p)`` with a float p: a double uniform below p."""
    return unit53(engine, n) < p


def bernoulli_tensor(engine, probs):
    """``bernoulli_(p_tensor)`` / ``bernoulli(p)``: a uniform below each p (p of the output's
    shape, C order): a double uniform for float64 p, a float one otherwise."""
    if probs.dtype == _F64:
        return unit53(engine, probs.size).reshape(probs.shape) < probs
    return unit24(engine, probs.size).reshape(probs.shape) < probs.astype(_F32)


# ---- other distributions (double arithmetic on the C library's functions) ----------------------


def exponential(engine, n, name, lambd):
    """``exponential_(lambd)``: -1/lambd * log1p(-u), u a double uniform."""
    return cast((-1.0 / lambd) * _libm(_LOG1P, -unit53(engine, n)), name)


def geometric(engine, n, name, p):
    """``geometric_(p)``: ceil(log(u) / log1p(-p))."""
    return cast(np.ceil(_libm(_LOG, unit53(engine, n)) / math.log1p(-p)), name)


def cauchy(engine, n, name, median, sigma):
    """``cauchy_(median, sigma)``: median + sigma * tan(pi * (u - 0.5))."""
    return cast(fma(np.full(n, sigma, dtype=_F64), _libm(_TAN, math.pi * (unit53(engine, n) - 0.5)),
                    _F64(median)), name)


def log_normal(engine, n, name, mean, std):
    """``log_normal_(mean, std)``: exp of torch's serial double normal."""
    return cast(_libm(_EXP, _normal_serial(engine, n, mean, std)), name)


def multinomial_replacement(engine, probs, n):
    """``multinomial(p, n, replacement=True)``: per row, the normalized running sum (in the
    row's dtype, float accumulating as float) searched for a double uniform."""
    rows = probs.reshape(-1, probs.shape[-1])
    out = np.empty((rows.shape[0], n), dtype=np.int64)
    for i, row in enumerate(rows):
        cum = np.cumsum(row, dtype=row.dtype)
        total = cum[-1]
        if total > 0:
            cum = cum / total
        cum[-1] = 1
        out[i] = np.searchsorted(cum, unit53(engine, n), side="left")
    return out.reshape(probs.shape[:-1] + (n,))


def poisson(engine, lam):
    """``torch.poisson``: per rate (C order), multiplied double uniforms below exp(-rate) for a
    rate under 10, else Hoermann's transformed rejection; both draw one uniform at a time."""
    out = np.zeros(lam.shape, dtype=_F64)
    flat = out.reshape(-1)
    for i, rate in enumerate(lam.reshape(-1).tolist()):
        if rate >= 10:
            flat[i] = _poisson_ptrs(engine, rate)
        elif rate > 0:
            limit, k, prod = math.exp(-rate), 0, 1.0
            while True:
                prod *= float(unit53(engine, 1)[0])
                if prod <= limit:
                    break
                k += 1
            flat[i] = k
    return out


def _poisson_ptrs(engine, rate):
    slam, loglam = math.sqrt(rate), math.log(rate)
    b = 0.931 + 2.53 * slam
    a = -0.059 + 0.02483 * b
    invalpha = 1.1239 + 1.1328 / (b - 3.4)
    vr = 0.9277 - 3.6224 / (b - 2)
    while True:
        u, v = unit53(engine, 2).tolist()
        u -= 0.5
        us = 0.5 - abs(u)
        k = math.floor((2 * a / us + b) * u + rate + 0.43)
        if us >= 0.07 and v <= vr:
            return k
        if k < 0 or (us < 0.013 and v > us):
            continue
        if math.log(v) + math.log(invalpha) - math.log(a / (us * us) + b) <= \
                -rate + k * loglam - math.lgamma(k + 1.0):
            return k
