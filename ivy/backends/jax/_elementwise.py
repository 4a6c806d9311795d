"""jax backend: elementwise functions, generated from name -> jax.numpy tables."""
from __future__ import annotations

import builtins

import jax
import jax.numpy as jnp
import numpy as np

from ._common import COMPLEX, FLOATING, INTEGRAL, SCALARS, coerce_pair, error, type_error

_lax = jax.lax


# ---- exactness fixes over jax.numpy ----------------------------------------------------------

def _conj_symmetric(op, real_sign, imag_sign):
    """op with the signs the C99/Array API branch cuts give: jax ignores the sign of a zero
    imaginary part (sqrt(-1.5-0j) gives +1.22j, not -1.22j). For these functions the result's
    imaginary part has the sign of +-imag(x) and, when real_sign, its real part that of real(x)."""
    @jax.jit
    def fixed(x):
        r = op(x)
        if x.dtype not in COMPLEX:
            return r
        re, im = jnp.real(r), jnp.imag(x)
        if real_sign:
            re = jnp.copysign(re, jnp.real(x))
        return _lax.complex(re, jnp.copysign(jnp.imag(r), im if imag_sign > 0 else -im))
    fixed.__name__ = op.__name__
    return fixed


# The fixes below are jitted: one dispatch per call, like the jax.numpy function they replace.

@jax.jit
def _abs(x):
    """|x|; a complex infinity with a NaN part is +inf (the standard, like hypot), not NaN."""
    r = jnp.abs(x)
    if x.dtype in COMPLEX:
        r = jnp.where(jnp.isinf(x.real) | jnp.isinf(x.imag), jnp.inf, r)
    return r


@jax.jit
def _sign(x):
    """sign: +0 for either zero (jax keeps -0); complex x / |x|, NaN for infinite or NaN parts."""
    if x.dtype in COMPLEX:
        return x / jnp.abs(jnp.where(x == 0, jnp.ones_like(x), x))
    r = jnp.sign(x)
    # where, not r + 0.0: XLA folds x + 0 to x under jit, which keeps the -0
    return jnp.where(x == 0, jnp.zeros_like(r), r) if x.dtype in FLOATING else r


@jax.jit
def _log1p(x):
    """log1p; for complex x away from 0, log|1 + x| from |1 + x| (jax's formula underflows to
    -inf near x = -1, e.g. log1p(-1 + 1e-200j))."""
    r = jnp.log1p(x)
    if x.dtype not in COMPLEX:
        return r
    far = jnp.abs(x) >= 0.5
    near_minus_one = jnp.log(jnp.abs(_lax.complex(1 + x.real, x.imag)))
    return _lax.complex(jnp.where(far, near_minus_one, r.real), r.imag)


def _cmul(a, b):
    # the textbook product, as numpy's cmul: XLA's may differ for infinite parts
    return _lax.complex(a.real * b.real - a.imag * b.imag, a.real * b.imag + a.imag * b.real)


@jax.jit
def _complex_pow(a, b):
    """numpy's npy_cpow: x**0 = 1, 0**b, and integer exponents |n| < 100 by repeated
    multiplication (exact for (-3.4e38)**(1+0j), where exp(b log a) leaves a 4e22 imaginary part);
    other exponents by jax.numpy's exp(b log a)."""
    d = jnp.result_type(a, b)
    a, b = jnp.broadcast_arrays(_lax.convert_element_type(a, d), _lax.convert_element_type(b, d))
    br, bi = b.real, b.imag
    n = jnp.where((bi == 0) & (jnp.trunc(br) == br) & (jnp.abs(br) < 100), br, 0).astype(jnp.int32)
    m, p, acc = jnp.abs(n), a, jnp.ones_like(a)
    for _ in range(7):  # |n| < 100 < 2**7
        acc = jnp.where((m & 1) == 1, _cmul(acc, p), acc)
        p, m = _cmul(p, p), m >> 1
    acc = jnp.where(n < 0, 1 / acc, acc)
    square = _cmul(a, a)
    r = jnp.where(n == 1, a, jnp.where(n == 2, square, jnp.where(n == 3, _cmul(a, square), acc)))
    r = jnp.where(n == 0, jnp.power(a, b), r)
    a_zero = (a.real == 0) & (a.imag == 0)
    zero_power = jnp.where(br > 0, jnp.zeros_like(a), jnp.full_like(a, complex(jnp.nan, jnp.nan)))
    r = jnp.where(a_zero, zero_power, r)
    return jnp.where((br == 0) & (bi == 0), jnp.ones_like(a), r)


def _dtype_of(x1, x2):
    return (x2 if type(x1) in SCALARS else x1).dtype


def _float_divmod(a, b):
    """numpy's npy_divmod: floor quotient and remainder with the standard's signed zeros (jax's
    keep the dividend's sign), the quotient rounded from (a - fmod(a, b)) / b."""
    mod = jnp.fmod(a, b)
    div = (a - mod) / b
    fix = (mod != 0) & ((b < 0) != (mod < 0))
    mod = jnp.where(fix, mod + b, jnp.where(mod != 0, mod, jnp.copysign(jnp.zeros_like(mod), b)))
    div = jnp.where(fix, div - 1, div)
    floor = jnp.floor(div)
    floor = jnp.where(div - floor > 0.5, floor + 1, floor)
    quotient = a / b
    floor = jnp.where(div != 0, floor, jnp.copysign(jnp.zeros_like(floor), quotient))
    by_zero = b == 0
    return jnp.where(by_zero, quotient, floor), jnp.where(by_zero, jnp.fmod(a, b), mod)


_float_floordiv = jax.jit(lambda a, b: _float_divmod(a, b)[0])
_float_remainder = jax.jit(lambda a, b: _float_divmod(a, b)[1])


# an integer division by zero gives 0, as numpy does (XLA's quotient is -1 or garbage)
_int_floordiv = jax.jit(lambda a, b: jnp.where(b == 0, 0, jnp.floor_divide(a, b)))


def _floor_divide(x1, x2):
    if _dtype_of(x1, x2) in _REAL_FLOATING:
        return _float_floordiv(x1, x2)
    return _int_floordiv(x1, x2)


def _remainder(x1, x2):
    if _dtype_of(x1, x2) in _REAL_FLOATING:
        return _float_remainder(x1, x2)
    return jnp.remainder(x1, x2)


@jax.jit
def _int_pow(x1, x2):
    # Square-and-multiply over every bit of the exponent: jax.numpy's integer power looks at six
    # bits only, so results that wrap around (2**64 in int64) come out wrong.
    d = jnp.result_type(x1, x2)   # a Python int operand is weak: the array's dtype
    base, exponent = jnp.broadcast_arrays(_lax.convert_element_type(x1, d),
                                          _lax.convert_element_type(x2, d))
    acc = jnp.ones_like(base)
    one = jnp.ones_like(exponent)
    for _ in range(jnp.iinfo(d).bits):
        acc = jnp.where(exponent & one, acc * base, acc)
        base = base * base
        exponent = _lax.shift_right_logical(exponent, one)
    return acc


def _pow(x1, x2):
    d = _dtype_of(x1, x2)
    if d in INTEGRAL and type(x1) is not float and type(x2) is not float:
        return _int_pow(x1, x2)
    if d in COMPLEX or type(x1) is complex or type(x2) is complex:
        return _complex_pow(x1, x2)
    return jnp.power(x1, x2)


_REAL_FLOATING = FLOATING - COMPLEX

_UNARY = {
    "abs": _abs, "acos": _conj_symmetric(jnp.arccos, False, -1),
    "acosh": _conj_symmetric(jnp.arccosh, False, 1), "asin": _conj_symmetric(jnp.arcsin, True, 1),
    "asinh": _conj_symmetric(jnp.arcsinh, True, 1), "atan": jnp.arctan, "atanh": jnp.arctanh,
    "bitwise_invert": jnp.bitwise_invert, "ceil": jnp.ceil, "conj": jnp.conj, "cos": jnp.cos,
    "cosh": jnp.cosh, "exp": jnp.exp, "expm1": jnp.expm1, "floor": jnp.floor, "imag": jnp.imag,
    "isfinite": jnp.isfinite, "isinf": jnp.isinf, "isnan": jnp.isnan, "log": jnp.log,
    "log1p": _log1p, "log2": jnp.log2, "log10": jnp.log10, "logical_not": jnp.logical_not,
    "negative": jnp.negative, "positive": jnp.positive, "real": jnp.real,
    "reciprocal": jnp.reciprocal, "round": jnp.round, "sign": _sign, "signbit": jnp.signbit,
    "sin": jnp.sin, "sinh": jnp.sinh, "square": jnp.square,
    "sqrt": _conj_symmetric(jnp.sqrt, False, 1), "tan": jnp.tan,
    "tanh": jnp.tanh, "trunc": jnp.trunc,
}

_BINARY = {
    "add": jnp.add, "atan2": jnp.arctan2, "bitwise_and": jnp.bitwise_and,
    "bitwise_left_shift": jnp.left_shift, "bitwise_or": jnp.bitwise_or,
    "bitwise_right_shift": jnp.right_shift, "bitwise_xor": jnp.bitwise_xor,
    "copysign": jnp.copysign, "divide": jnp.divide, "equal": jnp.equal,
    "floor_divide": _floor_divide, "greater": jnp.greater, "greater_equal": jnp.greater_equal,
    "hypot": jnp.hypot, "less": jnp.less, "less_equal": jnp.less_equal,
    "logaddexp": jnp.logaddexp, "logical_and": jnp.logical_and, "logical_or": jnp.logical_or,
    "logical_xor": jnp.logical_xor, "maximum": jnp.maximum, "minimum": jnp.minimum,
    "multiply": jnp.multiply, "nextafter": jnp.nextafter, "not_equal": jnp.not_equal,
    "pow": _pow, "remainder": _remainder, "subtract": jnp.subtract,
}


def _unary(name, op):
    def fn(x, /):
        try:
            return op(x)
        except Exception as e:
            raise error(e, name) from e
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements the standard's {name} with jax.numpy.{op.__name__}."
    return fn


def _binary(name, op):
    def fn(x1, x2, /):
        try:
            if type(x1) in SCALARS or type(x2) in SCALARS or x1.dtype != x2.dtype:
                x1, x2 = coerce_pair(x1, x2, name)
            return op(x1, x2)
        except Exception as e:
            raise error(e, name) from e
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = (f"Implements the standard's {name} with jax.numpy.{op.__name__}; operands of "
                  f"different dtypes promote by the Array API table.")
    return fn


for _name, _op in _UNARY.items():
    globals()[_name] = _unary(_name, _op)
for _name, _op in _BINARY.items():
    globals()[_name] = _binary(_name, _op)
del _name, _op


def _bound(x, b, which):
    """A clip bound in x's dtype: the standard's result has x's dtype whatever the bound's."""
    if b is None:
        return None
    t = type(b)
    if t is int and x.dtype in INTEGRAL:
        info = np.iinfo(x.dtype)
        if (b <= info.min) if which == "min" else (b >= info.max):
            return None  # a no-op bound, which x's dtype might not even hold
        # min > max is unspecified: saturate. An array of x's dtype, because jax cannot take
        # Python ints beyond int64 (valid uint64 bounds) as jit arguments.
        return np.asarray(min(builtins.max(b, int(info.min)), int(info.max)), dtype=x.dtype)
    if t is float and x.dtype not in FLOATING:
        raise type_error("clip", f"a Python float {which} with an integer array")
    if t in SCALARS:
        return b
    if x.dtype in INTEGRAL and b.dtype in FLOATING:
        raise type_error("clip", f"a floating {which} with an integer array")
    return b if b.dtype == x.dtype else _lax.convert_element_type(b, x.dtype)


@jax.jit
def _clip(x, lo, hi):
    # Not jnp.clip (maximum/minimum): a bound replaces x only where x is beyond it or the bound
    # is NaN, so x's -0 survives a 0 bound, as in array_api_strict.
    if lo is not None:
        x = jnp.where((x < lo) | jnp.isnan(lo), lo, x)
    if hi is not None:
        x = jnp.where((x > hi) | jnp.isnan(hi), hi, x)
    return x


def clip(x, /, min=None, max=None):
    """Implements the standard's clip: x's dtype, NaN bounds give NaN; min > max is unspecified."""
    try:
        lo, hi = _bound(x, min, "min"), _bound(x, max, "max")
        if lo is None and hi is None:
            if min is None and max is None:
                return x
            shapes = [jnp.shape(b) for b in (min, max) if b is not None]
            return jnp.broadcast_to(x, jnp.broadcast_shapes(jnp.shape(x), *shapes))
        return _clip(x, lo, hi)
    except Exception as e:
        raise error(e, "clip") from e


__all__ = list(_UNARY) + list(_BINARY) + ["clip"]
