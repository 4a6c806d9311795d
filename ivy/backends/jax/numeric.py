"""jax backend: the ``numeric`` extension on jax.numpy.

XLA's CPU code reads subnormal operands as zero, so ``jnp.frexp`` and ``jnp.ldexp`` of a subnormal
are wrong; frexp here reads the bits instead, and ldexp scales that exact decomposition by powers
of two built from bits (a subnormal *result* is produced correctly, rounded once).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from ivy.core.ext.numeric import FrexpResult, bitcast_shape, check_dtype

from ._common import INTEGRAL, NAME, NAMES, SCALARS, coerce_pair, error, native_dtype

_lax = jax.lax
_REAL = frozenset(jnp.dtype(n) for n in ("float16", "bfloat16", "float32", "float64"))
_FLOATING = _REAL | {jnp.dtype("complex64"), jnp.dtype("complex128")}
_KINDS = {"real floating": _REAL, "floating": _FLOATING, "integral": INTEGRAL,
          "real numeric": _REAL | INTEGRAL}
# float dtype -> (same-width int, explicit mantissa bits, exponent bias, exponent field mask)
_LAYOUT = {jnp.dtype("float16"): (jnp.int16, 10, 15, 0x1F),
           jnp.dtype("bfloat16"): (jnp.int16, 7, 127, 0xFF),
           jnp.dtype("float32"): (jnp.int32, 23, 127, 0xFF),
           jnp.dtype("float64"): (jnp.int64, 52, 1023, 0x7FF)}


def _check(fn, x, kind):
    if x.dtype not in _KINDS[kind]:
        check_dtype(fn, NAMES.get(x.dtype, str(x.dtype)), kind, NAME)


def _unary(name, op, kind):
    def fn(x, /):
        _check(name, x, kind)
        try:
            return op(x)
        except Exception as e:
            raise error(e, name) from e
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `ivy.{name}` with jax.numpy.{op.__name__}."
    return fn


def _binary(name, op, kind):
    def fn(x1, x2, /):
        try:
            if type(x1) in SCALARS or type(x2) in SCALARS or x1.dtype != x2.dtype:
                x1, x2 = coerce_pair(x1, x2, name)
            for x in (x1, x2):
                if type(x) not in SCALARS:
                    _check(name, x, kind)
            return op(x1, x2)
        except Exception as e:
            raise error(e, name) from e
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `ivy.{name}` with jax.numpy.{op.__name__}."
    return fn


exp2 = _unary("exp2", jnp.exp2, "floating")
cbrt = _unary("cbrt", jnp.cbrt, "real floating")
deg2rad = _unary("deg2rad", jnp.deg2rad, "real floating")
rad2deg = _unary("rad2deg", jnp.rad2deg, "real floating")
gcd = _binary("gcd", jnp.gcd, "integral")
lcm = _binary("lcm", jnp.lcm, "integral")
fmod = _binary("fmod", jnp.fmod, "real numeric")
fmax = _binary("fmax", jnp.fmax, "real numeric")
fmin = _binary("fmin", jnp.fmin, "real numeric")
logaddexp2 = _binary("logaddexp2", jnp.logaddexp2, "real floating")


def _frexp_bits(x):
    """(mantissa, exponent) from the bit pattern; a subnormal's fraction field, converted to a
    float (exact: it has fewer bits than the mantissa), is decomposed like a normal number."""
    int_type, bits, bias, field = _LAYOUT[x.dtype]
    word = _lax.bitcast_convert_type(x, int_type).astype(jnp.int32 if bits < 23 else int_type)
    fraction_mask = (1 << bits) - 1
    exponent_field = (word >> bits) & field
    fraction = word & fraction_mask

    def normal(w, exponent_field):
        # keep sign and fraction, set the exponent so the value lies in [0.5, 1)
        mantissa_word = (w & ~(field << bits)) | ((bias - 1) << bits)
        mantissa = _lax.bitcast_convert_type(mantissa_word.astype(int_type), x.dtype)
        return mantissa, (exponent_field - bias + 1).astype(jnp.int32)

    m, e = normal(word, exponent_field)
    # subnormal: |x| = fraction * 2**(1 - bias - bits)
    sub = fraction.astype(x.dtype)
    sub_word = _lax.bitcast_convert_type(sub, int_type).astype(word.dtype)
    sm, se = normal(sub_word, (sub_word >> bits) & field)
    sm = jnp.where(word < 0, -sm, sm)
    se = se + (1 - bias - bits)
    subnormal = (exponent_field == 0) & (fraction != 0)
    special = ((exponent_field == 0) & (fraction == 0)) | (exponent_field == field)
    m = jnp.where(subnormal, sm, jnp.where(special, x, m))
    e = jnp.where(subnormal, se, jnp.where(special, 0, e))
    return m, e


_frexp = jax.jit(_frexp_bits)


def frexp(x, /):
    _check("frexp", x, "real floating")
    try:
        return FrexpResult(*_frexp(x))
    except Exception as e:
        raise error(e, "frexp") from e


_NORMAL_RANGE = {jnp.dtype("float16"): (-14, 15), jnp.dtype("bfloat16"): (-126, 127),
                 jnp.dtype("float32"): (-126, 127), jnp.dtype("float64"): (-1022, 1023)}


def _power_of_two(e, dtype):
    """2**e (int64 e within dtype's normal exponent range), built from its bits."""
    int_type, bits, bias, _ = _LAYOUT[dtype]
    return _lax.bitcast_convert_type(((e + bias) << bits).astype(int_type), dtype)


@jax.jit
def _ldexp(x1, x2):
    # jnp.ldexp mishandles subnormal inputs (XLA flushes them): scale the exact frexp instead,
    # by a normal power of two and a small rest, rounding once
    low, high = _NORMAL_RANGE[x1.dtype]
    bits = _LAYOUT[x1.dtype][1]
    m, e = _frexp_bits(x1)
    f = jnp.clip(e.astype(jnp.int64) + x2 - 1, low - bits - 2, high + 1)
    normal = jnp.clip(f, low, high)
    return (m * 2) * _power_of_two(normal, x1.dtype) * _power_of_two(f - normal, x1.dtype)


def ldexp(x1, x2, /):
    try:
        _check("ldexp", x1, "real floating")
        if type(x2) in SCALARS:
            if type(x2) is not int:
                check_dtype("ldexp", type(x2).__name__, "integral", NAME)
            x2 = max(min(x2, 1 << 20), -(1 << 20))
        else:
            _check("ldexp", x2, "integral")
            if x2.dtype == jnp.uint64:
                x2 = jnp.minimum(x2, 1 << 20)
        return _ldexp(x1, jnp.asarray(x2).astype(jnp.int64))
    except Exception as e:
        raise error(e, "ldexp") from e


def nan_to_num(x, /, *, nan=0.0, posinf=None, neginf=None):
    try:
        return jnp.nan_to_num(x, copy=True, nan=nan, posinf=posinf, neginf=neginf)
    except Exception as e:
        raise error(e, "nan_to_num") from e


def _bitcast_real(x, d):
    """``lax.bitcast_convert_type`` with NumPy's shape rule (no bool or complex here)."""
    old, new = x.dtype.itemsize, d.itemsize
    if old == new:
        return _lax.bitcast_convert_type(x, d)
    if new < old:           # lax adds a trailing axis of old/new items: fold it in
        y = _lax.bitcast_convert_type(x, d)
        return y.reshape(x.shape[:-1] + (x.shape[-1] * (old // new),)) if x.ndim else y
    r = new // old          # lax takes a trailing axis of new/old items
    return _lax.bitcast_convert_type(x.reshape(x.shape[:-1] + (x.shape[-1] // r, r)), d)


_HALF_OF_COMPLEX = {jnp.dtype("complex64"): jnp.dtype("float32"),
                    jnp.dtype("complex128"): jnp.dtype("float64")}


def bitcast(x, dtype, /):
    d = native_dtype(dtype, "bitcast")
    shape = bitcast_shape(x.shape, x.dtype.itemsize, d.itemsize, NAME)
    try:
        if x.dtype == d:
            return x
        if x.dtype == jnp.bool_:
            x = x.astype(jnp.uint8)
        part = _HALF_OF_COMPLEX.get(x.dtype)
        if part is not None:    # (re, im) pairs along the last axis
            x = jnp.stack([x.real, x.imag], axis=-1)
            x = x.reshape(x.shape[:-2] + (x.shape[-2] * 2,)) if x.ndim > 1 else x
        target = jnp.uint8 if d == jnp.bool_ else _HALF_OF_COMPLEX.get(d, d)
        y = _bitcast_real(x, jnp.dtype(target))
        if d == jnp.bool_:
            y = y != 0
        elif d in _HALF_OF_COMPLEX:
            y = y.reshape(-1, 2)
            y = _lax.complex(y[:, 0], y[:, 1])
        return y.reshape(shape)
    except Exception as e:
        raise error(e, "bitcast") from e
