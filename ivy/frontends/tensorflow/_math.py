"""``tf.math``'s unary functions and ``tf.nn``'s activations from one table: TensorFlow's kernel
dtype lists (probed on TensorFlow 2.21's CPU kernels; NotFoundError where the op exists but no CPU
kernel does) over the core's functions."""
from __future__ import annotations

import ivy
from ivy.core import dtypes as D

from .._shared import first_parameter_named, native_name
from . import _ops
from ._ops import KERNELS, _NO_KERNEL, check_kernel, kernel
from ._dtypes import KERNEL_NAME
from ._ops import pair, same_dtype
from ._tensor import Readable, Tensor, convert, wrap
from ._tensor import native as _native
from .errors import InternalError

_IVY = vars(ivy)
_REAL_F = frozenset(D.REAL_FLOATING)
_FLOAT = frozenset(D.FLOATING)
_INT = frozenset(D.INTEGRAL)
_SIGNED_INT = frozenset(D.SIGNED)
_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_F32_64 = frozenset({"float32", "float64"})
_HALF = frozenset({"float16", "bfloat16"})
_F16_32_64 = frozenset({"float16", "float32", "float64"})


def _rsqrt(x):
    return ivy.divide(1, ivy.sqrt(x))


def _sigmoid(x):
    """The core's sigmoid takes real floats; TensorFlow's also complex."""
    if native_name(x) in D.COMPLEX_FLOATING:
        return ivy.divide(1, ivy.add(ivy.exp(ivy.negative(x)), 1))
    return ivy.sigmoid(x)


def _relu6(x):
    if native_name(x) in D.UNSIGNED:
        return ivy.minimum(x, ivy.asarray(6, dtype=native_name(x)))
    return ivy.relu6(x)


def _softsign(x):
    return ivy.divide(x, ivy.add(ivy.abs(x), 1))


# tf name: (kernel op, core function name or callable, kernel dtypes, no-CPU-kernel dtypes)
UNARY = {
    "exp": ("Exp", "exp", _FLOAT, ()), "log": ("Log", "log", _FLOAT, ()),
    "sqrt": ("Sqrt", "sqrt", _FLOAT, ()), "rsqrt": ("Rsqrt", _rsqrt, _FLOAT, ()),
    "sin": ("Sin", "sin", _FLOAT, ()), "cos": ("Cos", "cos", _FLOAT, ()),
    "tan": ("Tan", "tan", _FLOAT, ()), "tanh": ("Tanh", "tanh", _FLOAT, ()),
    "sigmoid": ("Sigmoid", _sigmoid, _FLOAT, ()),
    "floor": ("Floor", "floor", _REAL_F, ()), "ceil": ("Ceil", "ceil", _REAL_F, ()),
    "rint": ("Rint", "round", {"float32", "float64"}, {"float16", "bfloat16"}),
    "sign": ("Sign", "sign", _FLOAT | _SIGNED_INT, ()),
    "square": ("Square", "square", _FLOAT | _INT, ()),
    "reciprocal": ("Reciprocal", "reciprocal", _FLOAT, _SIGNED_INT),
    "log1p": ("Log1p", "log1p", _FLOAT, ()), "expm1": ("Expm1", "expm1", _FLOAT, ()),
    "asin": ("Asin", "asin", _FLOAT, ()), "acos": ("Acos", "acos", _FLOAT, ()),
    "atan": ("Atan", "atan", _FLOAT, ()), "sinh": ("Sinh", "sinh", _FLOAT, ()),
    "cosh": ("Cosh", "cosh", _FLOAT, ()), "asinh": ("Asinh", "asinh", _FLOAT, ()),
    "acosh": ("Acosh", "acosh", _FLOAT, ()), "atanh": ("Atanh", "atanh", _FLOAT, ()),
    "erf": ("Erf", "erf", _REAL_F, ()), "erfc": ("Erfc", "erfc", _REAL_F, ()),
    "lgamma": ("Lgamma", "lgamma", {"float16", "float32", "float64"}, {"bfloat16"}),
    "digamma": ("Digamma", "digamma", {"float16", "float32", "float64"}, {"bfloat16"}),
    "is_nan": ("IsNan", "isnan", _REAL_F, ()), "is_inf": ("IsInf", "isinf", _REAL_F, ()),
    "is_finite": ("IsFinite", "isfinite", _REAL_F, ()),
    "softplus": ("Softplus", "softplus", _REAL_F, ()),
    "softsign": ("Softsign", _softsign, _REAL_F, ()),
    "relu": ("Relu", "relu", _REAL_F | _INT, ()), "relu6": ("Relu6", _relu6, _REAL_F | _INT, ()),
    "elu": ("Elu", "elu", _REAL_F, ()), "selu": ("Selu", "selu", _REAL_F, ()),
    "erfinv": ("Erfinv", "erfinv", _F32_64, _HALF), "ndtri": ("Ndtri", "ndtri", _F32_64, _HALF),
    "bessel_i0": ("BesselI0", "i0", _F16_32_64, {"bfloat16"}),
    "bessel_i0e": ("BesselI0e", "i0e", _F16_32_64, {"bfloat16"}),
    "bessel_i1": ("BesselI1", "i1", _F16_32_64, {"bfloat16"}),
    "bessel_i1e": ("BesselI1e", "i1e", _F16_32_64, {"bfloat16"}),
    "logical_not": ("LogicalNot", "logical_not", {"bool"}, ()),
}
for _name, (_op, _core, _ok, _nf) in UNARY.items():
    KERNELS[_op] = frozenset(_ok)
    if _nf:
        _NO_KERNEL[_op] = frozenset(_nf)


# unsigned integers are their own relu (torch has no kernel for the wide ones)
_UNCHANGED = {"relu": frozenset(D.UNSIGNED)}


def _unary(tf_name, op, core):
    """``f(x, name=None)`` (an activation's parameter is ``features``, as in TensorFlow)."""
    f = _ops.unary(op, core, _UNCHANGED.get(tf_name, ()))
    return first_parameter_named(f, "features") if tf_name in _FEATURES else f


def round(x, name=None):  # noqa: A001 - TensorFlow's name
    """``tf.math.round``: half to even; integers are returned as they are."""
    a = x._data if type(x) is Tensor else convert(x)
    if native_name(a) in _INT:
        return wrap(a)
    check_kernel("Round", native_name(a))
    return wrap(kernel("Round", ivy.round, a))


KERNELS["Round"] = _REAL_F | {"int32", "int64"}
_NO_KERNEL["Round"] = frozenset(D.COMPLEX_FLOATING)
_FEATURES = ("softplus", "softsign", "relu", "relu6", "elu", "selu")
_UNARY = {name: _unary(name, op, core) for name, (op, core, _, _) in UNARY.items()}
_UNARY["round"] = round
_NN = ("sigmoid", "tanh", "relu", "relu6", "elu", "selu", "softplus", "softsign")
# the binary operators live in _ops (the Tensor operators share them)
_BINARY = {"add": _ops.add, "subtract": _ops.subtract, "multiply": _ops.multiply,
           "truediv": _ops.truediv, "divide": _ops.truediv, "floordiv": _ops.floordiv,
           "maximum": _ops.maximum, "minimum": _ops.minimum, "pow": _ops.pow,
           "equal": _ops.equal, "not_equal": _ops.not_equal, "less": _ops.less,
           "less_equal": _ops.less_equal, "greater": _ops.greater,
           "greater_equal": _ops.greater_equal, "negative": _ops.negative, "abs": _ops.abs_core}


def _zero_where(cond, value):
    return ivy.where(cond, ivy.zeros_like(value), value)


def _is_zero(a):
    return ivy.equal(a, ivy.zeros_like(a))


# ---- binary functions of one kernel each (operands of one dtype, the kernel's dtype list) -----
def _squared_difference(a, b):
    d = ivy.subtract(a, b)
    return ivy.multiply(d, ivy.conj(d)) if native_name(d) in _COMPLEX else ivy.multiply(d, d)


def _xdivy(a, b):
    return _zero_where(_is_zero(a), ivy.divide(a, b))


def _x_times(log):
    def core(a, b):
        return _zero_where(_is_zero(a), ivy.multiply(a, _IVY[log](b)))
    return core


def _multiply_no_nan(a, b):
    return _zero_where(_is_zero(b), ivy.multiply(a, b))


def _int_divisor(op, b):
    """TensorFlow's truncating integer kernels fail on a zero divisor (InternalError)."""
    if native_name(b) in _INT and bool(ivy.any(_is_zero(b))):
        raise InternalError(None, op, "Unexpected error in binary operator (only integer div and "
                                      f"mod ops have error conditions) [Op:{op}]")


def _truncatediv(a, b):
    _int_divisor("TruncateDiv", b)
    if native_name(a) not in _INT:
        return ivy.trunc(ivy.divide(a, b))
    q = ivy.floor_divide(a, b)
    if native_name(a) in D.UNSIGNED:
        return q
    inexact = ivy.logical_and(ivy.not_equal(ivy.remainder(a, b), ivy.zeros_like(a)),
                              ivy.not_equal(ivy.less(a, ivy.zeros_like(a)),
                                            ivy.less(b, ivy.zeros_like(b))))
    return ivy.where(inexact, ivy.add(q, ivy.ones_like(q)), q)


def _truncatemod(a, b):
    _int_divisor("TruncateMod", b)
    return ivy.fmod(a, b)


def _nan_where(cond, value):
    return ivy.where(cond, ivy.full_like(value, float("nan")), value)


def _igamma(a, x):
    """P(a, x): 0 at x == 0, NaN for x < 0 or a <= 0 (TensorFlow's domain, not scipy's)."""
    zero = ivy.zeros_like(x)
    out = _nan_where(ivy.logical_or(ivy.less(x, zero), ivy.less_equal(a, zero)),
                     ivy.gammainc(a, x))
    return ivy.where(ivy.equal(x, zero), zero, out)


def _igammac(a, x):
    zero = ivy.zeros_like(x)
    return _nan_where(ivy.logical_or(ivy.less(x, zero), ivy.less_equal(a, zero)),
                      ivy.gammaincc(a, x))


def _polygamma(a, x):
    """psi^(a)(x) = (-1)^(a+1) a! zeta(a+1, x) for a >= 1, digamma for a == 0; NaN for a negative
    or fractional order (TensorFlow's ``a`` is a tensor, elementwise)."""
    one = ivy.ones_like(a)
    zero_order = ivy.equal(a, ivy.zeros_like(a))
    # order 0 takes the digamma branch: its zeta(1, x) = inf would make that branch's masked
    # gradient NaN, so the higher branch computes order 1 there instead
    n1 = ivy.where(zero_order, ivy.full_like(a, 2), ivy.add(a, one))
    sign = ivy.subtract(one, ivy.multiply(ivy.remainder(n1, ivy.full_like(a, 2)),
                                          ivy.full_like(a, 2)))
    factorial = ivy.round(ivy.exp(ivy.lgamma(n1)))
    higher = ivy.multiply(ivy.multiply(sign, factorial), ivy.zeta(n1, x))
    out = ivy.where(zero_order, ivy.digamma(x), higher)
    bad = ivy.logical_or(ivy.less(a, ivy.zeros_like(a)), ivy.not_equal(ivy.floor(a), a))
    return _nan_where(bad, out)


# tf name: (kernel op, core function name or callable, kernel dtypes, no-CPU-kernel dtypes,
#           strict conversion of a Python operand)
_NO_BOOL = frozenset(D.ALL) - {"bool"}
BINARY = {
    "atan2": ("Atan2", "atan2", _REAL_F, (), True),
    "squared_difference": ("SquaredDifference", _squared_difference,
                           _FLOAT | {"int32", "int64"}, (), True),
    "xdivy": ("Xdivy", _xdivy, _FLOAT, (), True),
    "xlogy": ("Xlogy", _x_times("log"), _FLOAT, (), True),
    "xlog1py": ("Xlog1py", _x_times("log1p"), _FLOAT, (), True),
    "multiply_no_nan": ("MulNoNan", _multiply_no_nan, _FLOAT, (), True),
    "truncatediv": ("TruncateDiv", _truncatediv, _NO_BOOL, _COMPLEX, True),
    "truncatemod": ("TruncateMod", _truncatemod, _F32_64 | _HALF | {"int32", "int64"}, _HALF,
                    True),
    "realdiv": ("RealDiv", "divide", _FLOAT | _INT, _INT, True),
    "nextafter": ("NextAfter", "nextafter", _F32_64, (), True),
    "igamma": ("Igamma", _igamma, _REAL_F, _HALF, True),
    "igammac": ("Igammac", _igammac, _REAL_F, _HALF, True),
    "zeta": ("Zeta", "zeta", _F32_64, (), True),
    "polygamma": ("Polygamma", _polygamma, _F32_64, (), True),
    "logical_and": ("LogicalAnd", "logical_and", {"bool"}, (), True),
    "logical_or": ("LogicalOr", "logical_or", {"bool"}, (), True),
}
for _name, (_op, _core, _ok, _nf, _) in BINARY.items():
    if _op != "RealDiv":                    # _ops' table already has RealDiv
        KERNELS[_op] = frozenset(_ok)
        if _nf:
            _NO_KERNEL[_op] = frozenset(_nf)
_KERNEL_FNS = {name: _ops.binary(op, core, strict)
               for name, (op, core, _, _, strict) in BINARY.items()}
_logical_xor_op = _ops.binary("LogicalOr", "logical_xor", True)


def logical_xor(x, y, name="LogicalXor"):
    return _logical_xor_op(x, y)


def atan2(y, x, name=None):
    return _KERNEL_FNS["atan2"](y, x)


def igamma(a, x, name=None):
    return _KERNEL_FNS["igamma"](a, x)


def igammac(a, x, name=None):
    return _KERNEL_FNS["igammac"](a, x)


# TensorFlow registers no gradient for zeta's x, polygamma's order or betainc's a and b
def zeta(x, q, name=None):
    return _KERNEL_FNS["zeta"](_no_gradient(x), q)


def polygamma(a, x, name=None):
    return _KERNEL_FNS["polygamma"](_no_gradient(a), x)


def _no_gradient(v):
    from ._autodiff import stop_gradient
    return stop_gradient(v) if isinstance(v, (Tensor, Readable)) else v


def nextafter(x1, x2, name=None):
    return _KERNEL_FNS["nextafter"](x1, x2)


_BINARY_FNS = dict(_KERNEL_FNS, atan2=atan2, igamma=igamma, igammac=igammac, zeta=zeta,
                   polygamma=polygamma,
                   nextafter=nextafter, logical_xor=logical_xor)

# ---- functions with TensorFlow's Python-layer rules ---------------------------------------------
KERNELS["DivNoNan"] = _FLOAT
KERNELS["ComplexAbs"] = _COMPLEX
_DIV_CAST = {"int8": "float32", "int16": "float32", "uint8": "float32", "uint16": "float32",
             "int32": "float64", "int64": "float64", "uint32": "float64", "uint64": "float64"}
_DIV_NAMES = ", ".join(f"tf.{n}" for n in ("uint8", "int8", "uint16", "int16", "uint32", "int32",
                                           "uint64", "int64", "bfloat16", "float16", "float32",
                                           "float64", "complex64", "complex128"))


def _div_no_nan(a, b):
    zero = _is_zero(b)
    return _zero_where(zero, ivy.divide(a, ivy.where(zero, ivy.ones_like(b), b)))


def divide_no_nan(x, y, name=None):
    """``tf.math.divide_no_nan``: 0 where ``y`` is 0; integers divide as ``truediv`` (float32 or
    float64); operands of two dtypes or bool: TypeError."""
    a, b = pair(x, y, False)
    n, m = native_name(a), native_name(b)
    if n != m:
        raise TypeError(f"`x` and `y` must have the same dtype, got tf.{n} != tf.{m}.")
    if n == "bool":
        raise TypeError(f"Invalid dtype tf.bool in tf.math.divide_no_nan. Expected one of "
                        f"{{{_DIV_NAMES}}}.")
    target = _DIV_CAST.get(n)
    if target is not None:
        a, b = ivy.astype(a, target), ivy.astype(b, target)
    return wrap(kernel("DivNoNan", _div_no_nan, a, b))


def _typed_constant_error(value, n):
    return TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {n}")


def reciprocal_no_nan(x, name=None):
    a = _native(x)
    n = native_name(a)
    if n == "bool":
        raise _typed_constant_error(1, n)
    check_kernel("DivNoNan", n)
    return wrap(_div_no_nan(ivy.ones_like(a), a))


def erfcinv(x, name=None):
    """``tf.math.erfcinv``: ``-ndtri(x / 2) / sqrt(2)``."""
    a = _native(x)
    n = native_name(a)
    if n == "bool" or n in _INT:
        raise _typed_constant_error(0.5, n)
    check_kernel("Ndtri", n)
    half = ivy.full_like(a, 0.5)
    return wrap(ivy.negative(ivy.multiply(ivy.ndtri(ivy.multiply(a, half)),
                                          ivy.full_like(a, 0.7071067811865476))))


def angle(input, name=None):  # noqa: A002 - TensorFlow's parameter name
    """Complex: the argument; real: pi where negative, else 0 (-0.0 too)."""
    a = _native(input)
    n = native_name(a)
    if n in _COMPLEX:
        return wrap(ivy.angle(a))
    if n not in _REAL_F:
        raise _typed_constant_error(3.141592653589793, n)
    return wrap(ivy.where(ivy.less(a, ivy.zeros_like(a)), ivy.full_like(a, 3.141592653589793),
                          ivy.zeros_like(a)))


def real(input, name=None):  # noqa: A002
    a = _native(input)
    n = native_name(a)
    if n == "bool":
        raise TypeError("input must be a numeric tensor, but got tensor with dtype <dtype: "
                        "'bool'>")
    return wrap(ivy.real(a) if n in _COMPLEX else a)


def imag(input, name=None):  # noqa: A002
    a = _native(input)
    return wrap(ivy.imag(a) if native_name(a) in _COMPLEX else ivy.zeros_like(a))


def conj(x, name=None):
    a = _native(x)
    n = native_name(a)
    if n == "bool":
        raise TypeError("Expected numeric or variant tensor, got dtype tf.bool.")
    return wrap(ivy.conj(a) if n in _COMPLEX else a)


def abs(x, name=None):  # noqa: A001 - TensorFlow's name
    """``tf.math.abs``: complex input gives its magnitude (the real dtype)."""
    a = _native(x)
    if native_name(a) in _COMPLEX:
        return wrap(ivy.abs(a))
    return _ops.abs_core(wrap(a))


def complex(real, imag, name=None):  # noqa: A001 - TensorFlow's name
    """``tf.complex``: float32 parts give complex64, float64 parts complex128 (broadcast)."""
    a, b = convert(real), convert(imag)
    n, m = native_name(a), native_name(b)
    if n != m or n not in _F32_64:
        raise TypeError(f"The `real` and `imag` components have incorrect types: "
                        f"{KERNEL_NAME.get(n, n)} {KERNEL_NAME.get(m, m)}. They must be consistent, and one of [tf.float32, tf.float64]")
    out = "complex64" if n == "float32" else "complex128"
    a, b = ivy.broadcast_arrays(a, b)
    return wrap(ivy.add(ivy.astype(a, out),
                        ivy.multiply(ivy.astype(b, out), ivy.asarray(1j, dtype=out))))


def scalar_mul(scalar, x, name=None):
    """``tf.math.scalar_mul``: ``scalar`` (0-d, converted to x's dtype) times ``x``."""
    b = _native(x)
    try:
        s = convert(scalar, native_name(b))
    except ValueError as e:
        raise ValueError(f"scalar: {e}") from None
    if len(s.shape):
        raise ValueError(f"The input scalar must be a 0-D value. Received shape "
                         f"{tuple(s.shape)}.")
    return _ops.multiply(wrap(s), wrap(b))


def lbeta(x, name=None):
    """``tf.math.lbeta``: log|Beta| over the last axis (-inf for an empty one)."""
    a = _native(x)
    check_kernel("Lgamma", native_name(a))
    if not len(a.shape):
        raise _ops.invalid_argument("Invalid reduction dimension (-1 for input with 0 "
                                    "dimension(s)", "Sum")
    if a.shape[-1] == 0:
        return wrap(ivy.full(tuple(a.shape[:-1]), float("-inf"), dtype=native_name(a)))
    return wrap(ivy.subtract(ivy.sum(ivy.lgamma(a), axis=-1),
                             ivy.lgamma(ivy.sum(a, axis=-1))))


_CF_TERMS = 100
_TINY = 1e-300


def _betacf(a, b, x):
    """The continued fraction of the incomplete beta function (modified Lentz), float64."""
    def guard(v):
        return ivy.where(ivy.less(ivy.abs(v), ivy.full_like(v, _TINY)), ivy.full_like(v, _TINY), v)

    one = ivy.ones_like(x)
    qab, qap, qam = ivy.add(a, b), ivy.add(a, one), ivy.subtract(a, one)
    c = one
    d = ivy.divide(one, guard(ivy.subtract(one, ivy.divide(ivy.multiply(qab, x), qap))))
    h = d
    for m in range(1, _CF_TERMS + 1):
        m2 = 2.0 * m
        for aa in (ivy.divide(ivy.multiply(ivy.multiply(ivy.subtract(b, m), x), m),
                              ivy.multiply(ivy.add(qam, m2), ivy.add(a, m2))),
                   ivy.negative(ivy.divide(ivy.multiply(ivy.multiply(ivy.add(a, m),
                                                                     ivy.add(qab, m)), x),
                                           ivy.multiply(ivy.add(a, m2), ivy.add(qap, m2))))):
            d = ivy.divide(one, guard(ivy.add(one, ivy.multiply(aa, d))))
            c = guard(ivy.add(one, ivy.divide(aa, c)))
            h = ivy.multiply(h, ivy.multiply(d, c))
    return h


def _betainc(a, b, x):
    """I_x(a, b), computed in float64: the continued fraction where it converges fast, else
    through I_x(a, b) = 1 - I_{1-x}(b, a); NaN off the domain (a, b > 0, 0 <= x <= 1)."""
    n = native_name(x)
    a, b, x = ivy.broadcast_arrays(*(ivy.astype(v, "float64") for v in (a, b, x)))
    one, zero = ivy.ones_like(x), ivy.zeros_like(x)
    inside = ivy.logical_and(ivy.greater(x, zero), ivy.less(x, one))
    xs = ivy.where(inside, x, ivy.full_like(x, 0.5))
    swap = ivy.greater(xs, ivy.divide(ivy.add(a, one), ivy.add(ivy.add(a, b), 2.0)))
    p, q = ivy.where(swap, b, a), ivy.where(swap, a, b)
    y = ivy.where(swap, ivy.subtract(one, xs), xs)
    log_front = ivy.subtract(ivy.add(ivy.multiply(p, ivy.log(y)),
                                     ivy.multiply(q, ivy.log1p(ivy.negative(y)))),
                             ivy.subtract(ivy.add(ivy.lgamma(p), ivy.lgamma(q)),
                                          ivy.lgamma(ivy.add(p, q))))
    part = ivy.divide(ivy.multiply(ivy.exp(log_front), _betacf(p, q, y)), p)
    out = ivy.where(swap, ivy.subtract(one, part), part)
    out = ivy.where(inside, out, ivy.where(ivy.equal(x, one), one, zero))
    bad = ivy.logical_or(ivy.logical_or(ivy.less_equal(a, zero), ivy.less_equal(b, zero)),
                         ivy.logical_or(ivy.less(x, zero), ivy.greater(x, one)))
    return ivy.astype(_nan_where(ivy.logical_or(bad, ivy.isnan(x)), out), n)


KERNELS["Betainc"] = _F32_64


def betainc(a, b, x, name=None):
    """``tf.math.betainc``: the regularized incomplete beta function I_x(a, b)."""
    p, q = pair(_no_gradient(a), _no_gradient(b), False)
    p, r = pair(wrap(p), x, False)
    n = same_dtype("Betainc", p, q)
    same_dtype("Betainc", p, r, 2)
    check_kernel("Betainc", n)
    return wrap(kernel("Betainc", _betainc, p, q, r))


_MORE = {"betainc": betainc, "divide_no_nan": divide_no_nan, "reciprocal_no_nan": reciprocal_no_nan,
         "erfcinv": erfcinv, "angle": angle, "real": real, "imag": imag, "conj": conj,
         "abs": abs, "scalar_mul": scalar_mul, "lbeta": lbeta}
_TOP_ONLY_BINARY = ("truncatediv", "truncatemod", "realdiv")
_TOP_UNARY = ("exp", "sqrt", "sin", "cos", "tan", "tanh", "sigmoid", "floor", "round", "sign",
              "square", "asin", "acos", "atan", "sinh", "cosh", "asinh", "acosh", "atanh",
              "logical_not")
_NOT_MATH = ("relu", "relu6", "elu", "selu")       # tf.nn only
EXPORTS = {
    "math": {**{n: f for n, f in _UNARY.items() if n not in _NOT_MATH}, **_BINARY,
             "floormod": _ops.floormod, "mod": _ops.floormod, **_MORE,
             **{n: f for n, f in _BINARY_FNS.items() if n not in _TOP_ONLY_BINARY}},
    # TensorFlow also exports these at the top level (tf.floordiv it does not)
    "tf": {**{n: f for n, f in _BINARY.items() if n != "floordiv"},
           **{n: _UNARY[n] for n in _TOP_UNARY}, "abs": abs, "complex": complex,
           "scalar_mul": scalar_mul,
           **{n: _BINARY_FNS[n] for n in ("atan2", "logical_and", "logical_or")
              + _TOP_ONLY_BINARY}},
    "nn": {n: _UNARY[n] for n in _NN},
}
del _name, _op, _core, _ok, _nf
