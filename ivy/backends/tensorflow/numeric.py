"""tensorflow backend: the ``numeric`` extension's primaries (the rest are the core's bodies).

TF has no frexp, ldexp, gcd or lcm: frexp reads the bit pattern (exact for subnormals, which TF's
arithmetic reads as zero), ldexp scales that decomposition by exact powers of two built from bits
(rounding once, subnormal results included), gcd is Euclid's algorithm vectorized over the array.
"""
import tensorflow as tf

from ivy.core import dtypes as dt
from ivy.core.errors import from_native
from ivy.core.ext.numeric import FrexpResult, bitcast_shape, check_dtype

from ._base import NAME, PY_SCALARS, TF, cast, name_of, operands, raw, tf_dtype, to_tensor

# float dtype -> (same-width int, explicit mantissa bits, exponent bias, exponent field mask)
_LAYOUT = {"float16": ("int16", 10, 15, 0x1F), "bfloat16": ("int16", 7, 127, 0xFF),
           "float32": ("int32", 23, 127, 0xFF), "float64": ("int64", 52, 1023, 0x7FF)}
_KINDS = {"real floating": frozenset(dt.REAL_FLOATING), "floating": frozenset(dt.FLOATING),
          "integral": frozenset(dt.INTEGRAL),
          "real numeric": frozenset(dt.INTEGRAL + dt.REAL_FLOATING)}


def _check(fn, x, kind):
    d = name_of(x.dtype)
    if d not in _KINDS[kind]:
        check_dtype(fn, d, kind, NAME)


def _pair(fn, x1, x2, kind):
    if getattr(x1, "dtype", None) is None or x1.dtype is not getattr(x2, "dtype", None):
        x1, x2 = operands(x1, x2, fn)
    _check(fn, x1, kind)
    return x1, x2


# ---- frexp / ldexp ---------------------------------------------------------------------------

def _frexp(x):
    d = name_of(x.dtype)
    int_name, bits, bias, field = _LAYOUT[d]
    wide = tf.int64 if int_name == "int64" else tf.int32
    word = tf.cast(tf.bitcast(x, TF[int_name]), wide)        # sign-extended

    def c(v):
        return tf.constant(v, wide)

    def decompose(w):
        exponent = raw.BitwiseAnd(x=raw.RightShift(x=w, y=c(bits)), y=c(field))
        mantissa_word = raw.BitwiseOr(x=raw.BitwiseAnd(x=w, y=c(~(field << bits))),
                                      y=c((bias - 1) << bits))
        mantissa = tf.bitcast(tf.cast(mantissa_word, TF[int_name]), x.dtype)
        return mantissa, exponent

    m, exponent = decompose(word)
    e = tf.cast(exponent - (bias - 1), tf.int32)
    fraction = raw.BitwiseAnd(x=word, y=c((1 << bits) - 1))
    # a subnormal is fraction * 2**(1 - bias - bits); the fraction converts to a float exactly
    sub_word = tf.cast(tf.bitcast(tf.cast(fraction, x.dtype), TF[int_name]), wide)
    sm, sexp = decompose(sub_word)
    sm = tf.where(word < 0, -sm, sm)
    se = tf.cast(sexp - (bias - 1) + (1 - bias - bits), tf.int32)
    subnormal = raw.LogicalAnd(x=tf.equal(exponent, 0), y=tf.not_equal(fraction, 0))
    special = raw.LogicalOr(x=raw.LogicalAnd(x=tf.equal(exponent, 0), y=tf.equal(fraction, 0)),
                            y=tf.equal(exponent, field))
    m = tf.where(subnormal, sm, tf.where(special, x, m))
    e = tf.where(subnormal, se, tf.where(special, tf.zeros_like(e), e))
    return m, e


@tf.custom_gradient
def _differentiable_frexp(x):
    # read from the bits, the mantissa would have no gradient; as x = m * 2**e with e piecewise
    # constant, dm/dx = 2**-e (JAX's and torch's rule; inf in float32 for subnormal x, as JAX's)
    m, e = _frexp(x)

    def grad(dm, de):
        return dm * tf.math.pow(tf.constant(2, x.dtype), -tf.cast(e, x.dtype))
    return (m, e), grad


def frexp(x, /):
    try:
        x = to_tensor(x, "frexp")
        _check("frexp", x, "real floating")
        return FrexpResult(*_differentiable_frexp(x))
    except Exception as e:
        raise from_native(e, "frexp", NAME) from e


_NORMAL_RANGE = {"float16": (-14, 15), "bfloat16": (-126, 127), "float32": (-126, 127),
                 "float64": (-1022, 1023)}


def _power_of_two(e, d):
    """2**e (int64 tensor e within dtype d's normal exponent range), from its bits."""
    int_name, bits, bias, _ = _LAYOUT[d]
    word = raw.LeftShift(x=e + bias, y=tf.constant(bits, tf.int64))
    return tf.bitcast(tf.cast(word, TF[int_name]), TF[d])


def ldexp(x1, x2, /):
    try:
        x1 = to_tensor(x1, "ldexp")
        _check("ldexp", x1, "real floating")
        if type(x2) in PY_SCALARS:
            if type(x2) is not int:
                check_dtype("ldexp", type(x2).__name__, "integral", NAME)
            x2 = tf.constant(x2, tf.int64)
        else:
            x2 = to_tensor(x2, "ldexp")
            _check("ldexp", x2, "integral")
            x2 = cast(x2, tf.int64) if x2.dtype is not TF["uint64"] else \
                tf.cast(tf.minimum(x2, tf.constant(1 << 16, tf.uint64)), tf.int64)
        x2 = tf.clip_by_value(x2, -(1 << 20), 1 << 20)   # beyond every float's range
        d = name_of(x1.dtype)
        bits = _LAYOUT[d][1]
        low, high = _NORMAL_RANGE[d]
        m, e = _frexp(x1)                       # x1 = m * 2**e, m in [0.5, 1)
        f = tf.clip_by_value(tf.cast(e, tf.int64) + x2 - 1, low - bits - 2, high + 1)
        normal = tf.clip_by_value(f, low, high)
        return (m * tf.constant(2, x1.dtype)) * _power_of_two(normal, d) * \
            _power_of_two(f - normal, d)
    except Exception as e:
        raise from_native(e, "ldexp", NAME) from e


# ---- integers --------------------------------------------------------------------------------

def _gcd(a, b):
    if not a.dtype.is_unsigned:
        a, b = tf.math.abs(a), tf.math.abs(b)
    shape = tf.broadcast_dynamic_shape(tf.shape(a), tf.shape(b))
    a, b = tf.broadcast_to(a, shape), tf.broadcast_to(b, shape)
    zero, one = tf.zeros([], a.dtype), tf.ones([], a.dtype)

    def step(a, b):   # Euclid, where b is not yet 0
        live = tf.not_equal(b, zero)
        rest = raw.FloorMod(x=a, y=tf.where(live, b, one))
        return tf.where(live, b, a), tf.where(live, rest, zero)

    a, _ = tf.while_loop(lambda a, b: tf.reduce_any(tf.not_equal(b, zero)), step, (a, b))
    return a


def gcd(x1, x2, /):
    try:
        x1, x2 = _pair("gcd", x1, x2, "integral")
        return _gcd(x1, x2)
    except Exception as e:
        raise from_native(e, "gcd", NAME) from e


def lcm(x1, x2, /):
    try:
        x1, x2 = _pair("lcm", x1, x2, "integral")
        g = _gcd(x1, x2)
        zero = tf.zeros([], g.dtype)
        safe = tf.where(tf.equal(g, zero), tf.ones([], g.dtype), g)
        out = raw.FloorDiv(x=x1, y=safe) * x2
        out = out if out.dtype.is_unsigned else tf.math.abs(out)
        return tf.where(tf.equal(g, zero), tf.zeros_like(out), out)
    except Exception as e:
        raise from_native(e, "lcm", NAME) from e


# TruncateMod has kernels for int32/int64/float32/float64 only; unsigned values are non-negative,
# where floor and truncation agree; fmod is exact, so float16/bfloat16 round-trip via float32.
_FMOD_VIA = {"int8": "int32", "int16": "int32", "float16": "float32", "bfloat16": "float32"}


@tf.custom_gradient
def _float_fmod(x1, x2):
    # TF registers no gradient for TruncateMod; fmod(x1, x2) = x1 - trunc(x1 / x2) * x2 with the
    # quotient piecewise constant: slope 1 in x1, -trunc(x1 / x2) in x2 (JAX's rule for rem)
    def grad(dy):
        q = x1 / x2
        return dy, -dy * (tf.sign(q) * tf.floor(tf.abs(q)))
    return raw.TruncateMod(x=x1, y=x2), grad


def _truncate_mod(x1, x2):
    if not x1.dtype.is_floating:
        return raw.TruncateMod(x=x1, y=x2)
    if x1.shape != x2.shape:   # the custom gradient returns each operand's gradient unreduced
        shape = tf.broadcast_dynamic_shape(tf.shape(x1), tf.shape(x2))
        x1, x2 = tf.broadcast_to(x1, shape), tf.broadcast_to(x2, shape)
    return _float_fmod(x1, x2)


def fmod(x1, x2, /):
    try:
        x1, x2 = _pair("fmod", x1, x2, "real numeric")
        d = name_of(x1.dtype)
        if x1.dtype.is_unsigned:
            return raw.FloorMod(x=x1, y=x2)
        via = _FMOD_VIA.get(d)
        if via is None:
            return _truncate_mod(x1, x2)
        return tf.cast(_truncate_mod(tf.cast(x1, TF[via]), tf.cast(x2, TF[via])), x1.dtype)
    except Exception as e:
        raise from_native(e, "fmod", NAME) from e


# ---- nan_to_num ------------------------------------------------------------------------------

def _replace(x, nan, posinf, neginf):
    info = dt.finfo(name_of(x.dtype))
    big = info.max if posinf is None else posinf
    small = info.min if neginf is None else neginf
    x = tf.where(tf.math.is_nan(x), tf.constant(nan, x.dtype), x)
    x = tf.where(tf.equal(x, tf.constant(float("inf"), x.dtype)), tf.constant(big, x.dtype), x)
    return tf.where(tf.equal(x, tf.constant(float("-inf"), x.dtype)),
                    tf.constant(small, x.dtype), x)


def nan_to_num(x, /, *, nan=0.0, posinf=None, neginf=None):
    try:
        x = to_tensor(x, "nan_to_num")
        if x.dtype.is_complex:
            return tf.complex(_replace(tf.math.real(x), nan, posinf, neginf),
                              _replace(tf.math.imag(x), nan, posinf, neginf))
        if not x.dtype.is_floating:
            return tf.identity(x)
        return _replace(x, nan, posinf, neginf)
    except Exception as e:
        raise from_native(e, "nan_to_num", NAME) from e


def bitcast(x, dtype, /):
    d = tf_dtype(dtype, "bitcast")
    x = to_tensor(x, "bitcast")
    shape = bitcast_shape(x.shape, x.dtype.size, d.size, NAME)
    try:
        if x.dtype == d:
            return x
        if x.dtype == tf.bool:
            x = tf.cast(x, tf.uint8)
        target = tf.uint8 if d == tf.bool else d
        old, new = x.dtype.size, target.size
        if new > old:           # tf.bitcast takes a trailing axis of new/old items
            x = tf.reshape(x, tuple(x.shape[:-1]) + (x.shape[-1] * old // new, new // old))
        y = tf.reshape(tf.bitcast(x, target), shape)
        return tf.not_equal(y, 0) if d == tf.bool else y
    except Exception as e:
        raise from_native(e, "bitcast", NAME) from e
