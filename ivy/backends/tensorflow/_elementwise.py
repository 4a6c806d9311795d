"""tensorflow backend: elementwise functions, generated from tables by two closure factories."""
import math

import tensorflow as tf

from ivy.core import dtypes as dt
from ivy.core.errors import from_native

from ._base import (BITS_INT, INT_RANGE, NAME, PY_SCALARS, TF, bitcast, const, is_nan_bits,
                    name_of, operands, order_key, raw, routes, scalar, to_tensor)


def _unary(name, op):
    gaps = routes(name, op)
    if not gaps:
        def fn(x, /):
            try:
                return op(x)
            except Exception as e:
                raise from_native(e, name, NAME) from e
    else:
        route = gaps.get

        def fn(x, /):
            try:
                return route(id(x.dtype), op)(x)
            except Exception as e:
                raise from_native(e, name, NAME) from e
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements the Array API ``{name}`` with tensorflow."
    return fn


def _binary(name, op):
    gaps = routes(name, op)
    if not gaps:
        def fn(x1, x2, /):
            try:
                d = getattr(x1, "dtype", None)
                if d is None or d is not getattr(x2, "dtype", None):
                    x1, x2 = operands(x1, x2, name)
                return op(x1, x2)
            except Exception as e:
                raise from_native(e, name, NAME) from e
    else:
        route = gaps.get

        def fn(x1, x2, /):
            try:
                d = getattr(x1, "dtype", None)
                if d is None or d is not getattr(x2, "dtype", None):
                    x1, x2 = operands(x1, x2, name)
                return route(id(x1.dtype), op)(x1, x2)
            except Exception as e:
                raise from_native(e, name, NAME) from e
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements the Array API ``{name}`` with tensorflow."
    return fn


# ---- compositions for functions TF has no (exact) kernel for ---------------------------------
def _zero(x):
    return tf.zeros([], x.dtype)


def _trunc(x):
    return tf.where(raw.Less(x=x, y=_zero(x)), raw.Ceil(x=x), raw.Floor(x=x))


def _signbit(x):
    ity = BITS_INT[name_of(x.dtype)]
    return raw.Less(x=bitcast(x, ity), y=tf.zeros([], TF[ity]))


def _copysign(x1, x2):
    """x1's magnitude with x2's sign bit: exact for NaN, -0.0 and subnormals (negation flips the
    sign bit alone), and differentiable."""
    return tf.where(raw.NotEqual(x=_signbit(x1), y=_signbit(x2)), raw.Neg(x=x1), x1)


def _log_base(base):
    inv_ln = 1.0 / math.log(base)

    def log_b(x):
        d = name_of(x.dtype)
        if d in dt.COMPLEX_FLOATING:  # numpy scales both parts of log(z) by log_b(e)
            z = raw.Log(x=x)
            c = tf.constant(inv_ln, TF[dt.REAL_OF[d]])
            return tf.complex(tf.math.real(z) * c, tf.math.imag(z) * c)
        if d != "float64":  # float64 holds the exact result of every narrower float
            return tf.cast(raw.Log(x=tf.cast(x, tf.float64)) * inv_ln, x.dtype)
        y = raw.Log(x=x) * inv_ln
        r = raw.Round(x=y)  # exact powers of the base give exact integers, as libm's log2 does
        power = raw.Pow(x=tf.constant(float(base), x.dtype), y=r)
        exact = raw.LogicalAnd(x=raw.Equal(x=power, y=x), y=raw.IsFinite(x=y))
        # r - y is exact (Sterbenz), so y + (r - y) is r; the gradient stays y's
        return y + tf.stop_gradient(tf.where(exact, r - y, _zero(y)))
    return log_b


def _hypot(x1, x2):
    """hypot without overflow; inf wins over NaN as the standard says."""
    inf = raw.LogicalOr(x=raw.IsInf(x=x1), y=raw.IsInf(x=x2))
    if x1.dtype is not tf.float64:  # squares of narrower floats cannot overflow float64
        a, b = tf.cast(x1, tf.float64), tf.cast(x2, tf.float64)
        r = tf.cast(raw.Sqrt(x=a * a + b * b), x1.dtype)
    else:
        a, b = raw.Abs(x=x1), raw.Abs(x=x2)
        big, small = raw.Maximum(x=a, y=b), raw.Minimum(x=a, y=b)
        q = small / big
        r = tf.where(raw.Equal(x=big, y=_zero(big)), _zero(big), big * raw.Sqrt(x=1.0 + q * q))
    return tf.where(inf, tf.constant(float("inf"), x1.dtype), r)


def _logaddexp(x1, x2):
    """numpy's npy_logaddexp, step by step."""
    d = x1 - x2
    r = tf.where(raw.Greater(x=d, y=_zero(d)), x1 + raw.Log1p(x=raw.Exp(x=-d)),
                 x2 + raw.Log1p(x=raw.Exp(x=d)))
    tie = raw.Equal(x=x1, y=x2)
    # At a tie d = x2 - x1 is 0, but x1 + log 2 + d/2 + d*d/8 (the Taylor series there, exact to
    # third order) gives the derivatives: 1/2 to each operand, then 1/4; x1 alone gave x1 all.
    d = tf.where(raw.LogicalAnd(x=tie, y=raw.IsFinite(x=x1)), x2 - x1, _zero(x1))
    return tf.where(tie, x1 + tf.constant(math.log(2.0), x1.dtype) + d * (0.5 + 0.125 * d), r)


def _np_floor_divide(a, b):
    """numpy's npy_floor_divide for floats: from fmod, with its rounding fix-ups (TF's FloorDiv
    is floor(a / b), which differs, e.g. 1.0 // 0.1 is 9.0 in numpy and Python, 10.0 in TF)."""
    # piecewise constant (TF's FloorDiv has no gradient either), and TruncateMod has none
    a, b = tf.stop_gradient(a), tf.stop_gradient(b)
    zero = _zero(a)
    mod = raw.TruncateMod(x=a, y=b)  # C fmod
    div = (a - mod) / b
    fix = raw.LogicalAnd(x=raw.NotEqual(x=mod, y=zero),
                         y=raw.NotEqual(x=raw.Less(x=b, y=zero), y=raw.Less(x=mod, y=zero)))
    div = tf.where(fix, div - 1.0, div)
    floordiv = raw.Floor(x=div)
    floordiv = tf.where(raw.Greater(x=div - floordiv, y=tf.constant(0.5, a.dtype)), floordiv + 1.0,
                        floordiv)
    quotient = a / b
    floordiv = tf.where(raw.Equal(x=div, y=zero), _copysign(tf.zeros_like(floordiv), quotient),
                        floordiv)
    return tf.where(raw.Equal(x=b, y=zero), quotient, floordiv)


def _pow(x1, x2):
    out = raw.Pow(x=x1, y=x2)
    if not x1.dtype.is_complex:
        return out
    # TF computes exp(x2 * log(x1)); numpy (and every framework) gives z**0 == 1 and 0**p == 0 for
    # a real p > 0, where that formula gives NaN
    zero = _zero(x1)
    positive_real = raw.LogicalAnd(x=raw.Greater(x=tf.math.real(x2), y=_zero(tf.math.real(x2))),
                                   y=raw.Equal(x=tf.math.imag(x2), y=_zero(tf.math.imag(x2))))
    out = tf.where(raw.LogicalAnd(x=raw.Equal(x=x1, y=zero), y=positive_real), zero, out)
    return tf.where(raw.Equal(x=x2, y=zero), tf.ones([], x1.dtype), out)


def _int_by_zero(op, x1, x2):
    """An integer division by zero gives 0, as numpy does (TF raises InvalidArgument)."""
    zero = raw.Equal(x=x2, y=_zero(x2))
    r = op(x=x1, y=tf.where(zero, tf.ones([], x2.dtype), x2))
    return tf.where(zero, tf.zeros([], r.dtype), r)


def _floor_divide(x1, x2):
    if x1.dtype.is_integer:
        return _int_by_zero(raw.FloorDiv, x1, x2)
    return _np_floor_divide(x1, x2)


def _remainder(x1, x2):
    if x1.dtype.is_integer:
        return _int_by_zero(raw.FloorMod, x1, x2)
    mod = raw.FloorMod(x=x1, y=x2)  # floats: fmod moved to the divisor's sign, as numpy
    # numpy gives a zero remainder the divisor's sign; TF keeps fmod's. The signed zero minus
    # (+0, mod's derivative) keeps mod's gradient there (slope 1 in x1, as JAX's and torch's)
    signed_zero = _copysign(tf.zeros_like(mod), x2) - (tf.stop_gradient(mod) - mod)
    return tf.where(raw.Equal(x=mod, y=_zero(mod)), signed_zero, mod)


def _shift_out(x2):
    """Where a shift moves every bit out (TF clamps the count to bits-1; numpy gives 0 / -1)."""
    d = name_of(x2.dtype)
    out = raw.GreaterEqual(x=x2, y=tf.constant(dt.BITS[d], x2.dtype))
    if d in dt.SIGNED:
        out = raw.LogicalOr(x=out, y=raw.Less(x=x2, y=_zero(x2)))
    return out


def _left_shift(x1, x2):
    return tf.where(_shift_out(x2), _zero(x1), raw.LeftShift(x=x1, y=x2))


def _right_shift(x1, x2):
    out = _shift_out(x2)
    if name_of(x1.dtype) in dt.SIGNED:  # an arithmetic shift by bits-1 leaves numpy's -1 / 0
        return raw.RightShift(x=x1, y=tf.where(out, tf.constant(dt.BITS[name_of(x2.dtype)] - 1,
                                                                  x2.dtype), x2))
    return tf.where(out, _zero(x1), raw.RightShift(x=x1, y=x2))


def _nextafter(x1, x2):
    """nextafter on bit patterns: TF's NextAfter has no half kernels and, under flush-to-zero,
    reads subnormal inputs as 0; stepping the integer order key is exact for every float."""
    ity = BITS_INT[name_of(x1.dtype)]
    k1, k2 = order_key(x1), order_key(x2)
    one, zero = tf.ones([], k1.dtype), tf.zeros([], k1.dtype)
    step = tf.where(raw.Less(x=k1, y=k2), k1 + one, k1 - one)
    # negative result: below zero, or stepping onto zero from the negative side (-0.0, as C)
    onto_zero = raw.LogicalAnd(x=raw.Equal(x=step, y=zero), y=raw.Less(x=k1, y=zero))
    negative = raw.LogicalOr(x=raw.Less(x=step, y=zero), y=onto_zero)
    mag = tf.cast(tf.abs(step), TF[ity])
    sign = tf.constant(-2 ** (dt.BITS[ity] - 1), TF[ity])
    out = tf.bitcast(tf.where(negative, raw.BitwiseOr(x=mag, y=sign), mag), x1.dtype)
    out = tf.where(raw.Equal(x=k1, y=k2), x2, out)
    nan = raw.LogicalOr(x=is_nan_bits(x1), y=is_nan_bits(x2))
    return tf.where(nan, const(float("nan"), x1.dtype), out)


# ---- the tables ------------------------------------------------------------------------------
def _op1(name):
    """A one-argument raw op as a positional function (one shared body AutoGraph can parse)."""
    op = getattr(raw, name)

    def call(x):
        return op(x=x)
    return call


def _op2(name):
    op = getattr(raw, name)

    def call(x1, x2):
        return op(x=x1, y=x2)
    return call


def _conj(x):
    return raw.Conj(input=x)


def _real(x):
    return tf.math.real(x) if x.dtype.is_complex else tf.identity(x)  # identity: never a Variable


def _imag(x):
    return tf.math.imag(x) if x.dtype.is_complex else tf.zeros_like(x)


def _atan2(x1, x2):
    return raw.Atan2(y=x1, x=x2)


UNARY = {
    "abs": _op1("Abs"), "acos": _op1("Acos"), "acosh": _op1("Acosh"), "asin": _op1("Asin"),
    "asinh": _op1("Asinh"), "atan": _op1("Atan"), "atanh": _op1("Atanh"),
    "bitwise_invert": _op1("Invert"), "ceil": _op1("Ceil"), "conj": _conj,
    "cos": _op1("Cos"), "cosh": _op1("Cosh"), "exp": _op1("Exp"), "expm1": _op1("Expm1"),
    "floor": _op1("Floor"), "imag": _imag, "isfinite": _op1("IsFinite"),
    "isinf": _op1("IsInf"), "isnan": _op1("IsNan"), "log": _op1("Log"), "log1p": _op1("Log1p"),
    "log2": _log_base(2), "log10": _log_base(10), "logical_not": _op1("LogicalNot"),
    "negative": _op1("Neg"), "positive": tf.identity, "real": _real,
    "reciprocal": _op1("Reciprocal"), "round": _op1("Round"), "sign": _op1("Sign"),
    "signbit": _signbit, "sin": _op1("Sin"), "sinh": _op1("Sinh"), "square": _op1("Square"),
    "sqrt": _op1("Sqrt"), "tan": _op1("Tan"), "tanh": _op1("Tanh"), "trunc": _trunc,
}

BINARY = {
    "add": _op2("AddV2"), "subtract": _op2("Sub"), "multiply": _op2("Mul"),
    "divide": _op2("RealDiv"), "atan2": _atan2,
    "bitwise_and": _op2("BitwiseAnd"), "bitwise_or": _op2("BitwiseOr"),
    "bitwise_xor": _op2("BitwiseXor"), "bitwise_left_shift": _left_shift,
    "bitwise_right_shift": _right_shift, "copysign": _copysign, "equal": _op2("Equal"),
    "not_equal": _op2("NotEqual"), "floor_divide": _floor_divide, "greater": _op2("Greater"),
    "greater_equal": _op2("GreaterEqual"), "less": _op2("Less"), "less_equal": _op2("LessEqual"),
    "hypot": _hypot, "logaddexp": _logaddexp, "logical_and": _op2("LogicalAnd"),
    "logical_or": _op2("LogicalOr"), "logical_xor": _op2("NotEqual"),
    "maximum": _op2("Maximum"), "minimum": _op2("Minimum"),
    "nextafter": _nextafter, "pow": _pow, "remainder": _remainder,
}

FUNCTIONS = {name: _unary(name, op) for name, op in UNARY.items()}
FUNCTIONS.update({name: _binary(name, op) for name, op in BINARY.items()})


# ---- clip ------------------------------------------------------------------------------------
def _clip_one(out, bound, lower: bool):
    """One bound of clip: a NaN bound gives NaN; compared in the promoted dtype, kept in x's."""
    native = out.dtype
    if bound.dtype is not native:
        bound_p, out_p = operands(bound, out, "clip")
        bound = tf.cast(bound, native)
    else:
        bound_p, out_p = bound, out
    if native.is_integer:
        if bound_p is bound:
            return raw.Maximum(x=out, y=bound) if lower else raw.Minimum(x=out, y=bound)
        take = raw.Less(x=out_p, y=bound_p) if lower else raw.Greater(x=out_p, y=bound_p)
    else:
        take = raw.Less(x=out_p, y=bound_p) if lower else raw.Greater(x=out_p, y=bound_p)
        take = raw.LogicalOr(x=take, y=raw.IsNan(x=bound_p))
    return tf.where(take, bound, out)


def clip(x, /, min=None, max=None):
    """Implements the Array API ``clip``: result dtype is x's; Python int bounds beyond x's range
    are no-ops (as array_api_strict)."""
    try:
        x = to_tensor(x, "clip")
        d = name_of(x.dtype)
        out = x
        for bound, lower in ((min, True), (max, False)):
            if bound is None:
                continue
            if type(bound) in PY_SCALARS:
                if type(bound) is int and d in INT_RANGE:
                    lo, hi = INT_RANGE[d]
                    if (lower and bound <= lo) or (not lower and bound >= hi):
                        continue
                bound = scalar(bound, d, "clip")
            out = _clip_one(out, to_tensor(bound, "clip"), lower)
        return tf.identity(out) if out is x else out
    except Exception as e:
        raise from_native(e, "clip", NAME) from e

