"""``jax.lax`` elementwise functions from tables: no implicit promotion.

Every operand keeps its own dtype (a Python scalar is an array of the default dtype of its kind,
weakly typed; a Python bool is a strong bool); operands of different dtypes raise ``TypeError``,
whatever their weak types, and so does a dtype outside the function's accepted kinds. The result
is weak when every operand was. Shapes follow lax: equal ranks broadcast (or a rank-0 operand).
"""
from __future__ import annotations

import numpy as np

import ivy
from ivy.core import dtypes as D

from .. import _dtypes as J
from .._array import Array, _wrap, asarray
from .._dtypes import native_name
from ivy.frontends.jax._late import late as _late

_PY = (bool, int, float, complex)
# accepted dtype kinds -> (names, description used in the error)
_S, _U, _F, _C, _B = D.SIGNED, D.UNSIGNED, D.REAL_FLOATING, D.COMPLEX_FLOATING, D.BOOL
KINDS = {
    "number": (frozenset(_S + _U + _F + _C), "integer, floating, complexfloating"),
    "any": (frozenset(D.ALL), "integer, floating, complexfloating, bool"),
    "ordered": (frozenset(_S + _U + _F + _B), "integer, floating, bool"),
    "float": (frozenset(_F), "floating"),
    "inexact": (frozenset(_F + _C), "floating, complexfloating"),
    "signed": (frozenset(_S + _F + _C), "floating, complexfloating, signedinteger"),
    "int": (frozenset(_S + _U), "integer"),
    "int_bool": (frozenset(_S + _U + _B), "integer, bool"),
    "int_float": (frozenset(_S + _U + _F), "integer, floating"),
    "complex": (frozenset(_C), "complexfloating"),
    "conj": (frozenset(("float32", "float64") + _C), "float32, complexfloating, float64"),
    "f32_f64": (frozenset(("float32", "float64")), "float32, float64"),
}


def operand(x, fn: str):
    """(native, dtype name, weak) of one lax operand; lists are refused as in JAX."""
    if type(x) is Array:
        return x._data, native_name(x._data), x.weak_type
    if isinstance(x, (list, tuple)):
        raise TypeError(f"Error interpreting argument to {fn} as a JAX value. The problematic "
                        f"value is of type {type(x)}.")
    a = asarray(x)
    return a._data, native_name(a._data), a.weak_type


def check_kind(name: str, kind: str, fn: str, position=None):
    names, what = KINDS[kind]
    if name not in names:
        at = "" if position is None else f" at position {position}"
        raise TypeError(f"{fn} does not accept dtype {name}{at}. Accepted dtypes{at} are "
                        f"subtypes of {what}.")


def same_dtypes(names, fn: str):
    first = names[0]
    for n in names[1:]:
        if n != first:
            raise TypeError(f"lax.{fn} requires arguments to have the same dtypes, got "
                            f"{', '.join(names)}.")


def check_shapes(arrays, fn: str):
    """lax broadcasting: equal ranks broadcast size-1 dims; a rank-0 operand broadcasts."""
    shapes = [tuple(a.shape) for a in arrays]
    ranked = [s for s in shapes if s]
    if len({len(s) for s in ranked}) > 1:
        raise TypeError(f"{fn}: arrays must have the same number of dimensions, got "
                        f"{ {len(s) for s in ranked} }")
    if len(set(ranked)) > 1:
        try:
            ivy.broadcast_shapes(*ranked)
        except ValueError:
            raise TypeError(f"{fn} got incompatible shapes for broadcasting: "
                            f"{', '.join(map(str, ranked))}.") from None


def operands(xs, kind: str, fn: str):
    """Natives, their common dtype name and the result's weak type for an n-ary lax function."""
    ops = [operand(x, fn) for x in xs]
    for i, (_, name, _) in enumerate(ops):
        check_kind(name, kind, fn, i if len(ops) > 1 else None)
    natives = [o[0] for o in ops]
    if len(ops) > 1:
        same_dtypes([o[1] for o in ops], fn)
        check_shapes(natives, fn)
    return natives, ops[0][1], all(o[2] for o in ops)


# ---- computations that need more than one core call -----------------------------------------

def _width(name):
    return D.BITS[name]


def _round(x, rounding_method=0):
    method = int(getattr(rounding_method, "value", rounding_method))
    if method == 1:
        return ivy.round(x)
    if method != 0:
        raise ValueError(f"round: unknown rounding_method {rounding_method!r}")
    t = ivy.trunc(x)
    half = ivy.greater_equal(ivy.abs(ivy.subtract(x, t)), ivy.asarray(0.5, dtype=ivy.dtype(x)))
    return ivy.where(half, ivy.add(t, ivy.sign(x)), t)


def _div(a, b):
    """C division: integers truncate toward zero (a zero divisor gives -1 like XLA's CPU)."""
    name = native_name(a)
    if name not in D.INTEGRAL:
        return ivy.divide(a, b)
    zero = ivy.equal(b, ivy.zeros_like(b))
    safe = ivy.where(zero, ivy.ones_like(b), b)
    q = ivy.floor_divide(a, safe)
    if name in D.SIGNED:
        r = ivy.subtract(a, ivy.multiply(q, safe))
        fix = ivy.logical_and(ivy.not_equal(r, ivy.zeros_like(r)),
                              ivy.not_equal(ivy.less(a, ivy.zeros_like(a)),
                                            ivy.less(safe, ivy.zeros_like(safe))))
        q = ivy.where(fix, ivy.add(q, ivy.ones_like(q)), q)
    return ivy.where(zero, ivy.full_like(q, -1 if name in D.SIGNED else D.iinfo(name).max), q)


def _rem(a, b):
    return ivy.fmod(a, b)


def _pow(x, y, fn="pow"):
    (a, xname, xweak), (b, yname, yweak) = operand(x, fn), operand(y, fn)
    check_kind(xname, "inexact", fn, 0)
    check_kind(yname, "number", fn, 1)
    if yname not in D.INTEGRAL and yname != xname:
        raise TypeError(f"the first argument to pow must have an inexact dtype (float or complex), "
                        f"and the second argument must have an inexact or integer dtype, and two "
                        f"inexact dtypes must match, but got {xname} and {yname}.")
    check_shapes((a, b), fn)
    return _wrap(ivy.pow(a, ivy.astype(b, xname) if yname != xname else b), xweak and yweak)


def _max(a, b):
    name = native_name(a)
    if name == "bool":
        return ivy.logical_or(a, b)
    if name in D.COMPLEX_FLOATING:
        from ..numpy._ufuncs import _lex_max
        return _lex_max(a, b)
    return _nan_select(a, b, ivy.maximum(a, b))


def _min(a, b):
    name = native_name(a)
    if name == "bool":
        return ivy.logical_and(a, b)
    if name in D.COMPLEX_FLOATING:
        from ..numpy._ufuncs import _lex_min
        return _lex_min(a, b)
    return _nan_select(a, b, ivy.minimum(a, b))


def _nan_select(a, b, out):
    """lax.max/min propagate NaN from either operand."""
    if native_name(a) not in D.REAL_FLOATING:
        return out
    return ivy.where(ivy.isnan(a), a, ivy.where(ivy.isnan(b), b, out))


def _ordered(core):
    def f(a, b):
        if native_name(a) == "bool":       # not every backend orders booleans
            a, b = ivy.astype(a, "uint8"), ivy.astype(b, "uint8")
        return core(a, b)
    return f


def _logistic(x):
    if native_name(x) in D.COMPLEX_FLOATING:
        one = ivy.asarray(1, dtype=native_name(x))
        return ivy.divide(one, ivy.add(one, ivy.exp(ivy.negative(x))))
    return ivy.expit(x)


def _rsqrt(x):
    return ivy.reciprocal(ivy.sqrt(x))


def _sign(x):
    if native_name(x) in D.UNSIGNED:
        return ivy.astype(ivy.greater(x, ivy.zeros_like(x)), native_name(x))
    return ivy.sign(x)


def _conj(x):
    name = native_name(x)
    return ivy.conj(x if name in D.COMPLEX_FLOATING else ivy.astype(x, D.COMPLEX_OF[name]))


def _complex(a, b):
    c = D.COMPLEX_OF[native_name(a)]
    return ivy.add(ivy.astype(a, c), ivy.multiply(ivy.astype(b, c), ivy.asarray(1j, dtype=c)))


def _bits(x):
    """(x as int64 two's complement, width): bit i of the result is bit i of x for i < width."""
    return ivy.astype(x, "int64"), _width(native_name(x))


def _population_count(x):
    v, w = _bits(x)
    one = ivy.asarray(1, dtype="int64")
    total = ivy.zeros_like(v)
    for i in range(w):
        total = ivy.add(total, ivy.bitwise_and(ivy.bitwise_right_shift(v, i), one))
    return ivy.astype(total, native_name(x))


def _clz(x):
    v, w = _bits(x)
    one = ivy.asarray(1, dtype="int64")
    top = ivy.zeros_like(v)
    for i in range(w):
        bit = ivy.equal(ivy.bitwise_and(ivy.bitwise_right_shift(v, i), one), one)
        top = ivy.where(bit, ivy.full_like(v, i + 1), top)
    return ivy.astype(ivy.subtract(ivy.full_like(v, w), top), native_name(x))


def _shift_amount(x, y):
    """(y clipped into [0, width), mask where y is outside it)."""
    w = _width(native_name(x))
    if native_name(y) in D.UNSIGNED:
        out = ivy.greater_equal(y, ivy.asarray(w, dtype=native_name(y)))
    else:
        out = ivy.logical_or(ivy.less(y, ivy.zeros_like(y)),
                             ivy.greater_equal(y, ivy.full_like(y, w)))
    return ivy.where(out, ivy.zeros_like(y), y), out, w


def _shift_left(x, y):
    s, out, _ = _shift_amount(x, y)
    return ivy.where(out, ivy.zeros_like(x), ivy.bitwise_left_shift(x, s))


def _shift_right_arithmetic(x, y):
    name = native_name(x)
    if name in D.UNSIGNED:     # the bit pattern shifted as a signed integer of the same width
        signed = "int" + name[4:]
        return ivy.astype(_shift_right_arithmetic(ivy.astype(x, signed), ivy.astype(y, signed)),
                          name)
    s, out, _ = _shift_amount(x, y)
    fill = ivy.where(ivy.less(x, ivy.zeros_like(x)), ivy.full_like(x, -1), ivy.zeros_like(x))
    return ivy.where(out, fill, ivy.bitwise_right_shift(x, s))


def _shift_right_logical(x, y):
    name = native_name(x)
    s, out, w = _shift_amount(x, y)
    shifted = ivy.bitwise_right_shift(x, s)
    if name in D.SIGNED:       # clear the copies of the sign bit an arithmetic shift brought in
        keep = ivy.bitwise_invert(ivy.bitwise_left_shift(ivy.full_like(x, -1),
                                                         ivy.subtract(ivy.full_like(s, w), s)))
        keep = ivy.where(ivy.equal(s, ivy.zeros_like(s)), ivy.full_like(x, -1), keep)
        shifted = ivy.bitwise_and(shifted, keep)
    return ivy.where(out, ivy.zeros_like(x), shifted)


# ---- tables -----------------------------------------------------------------------------------

_ABS_REAL = {"complex64": "float32", "complex128": "float64"}

# name: (core, accepted kind, result: None same dtype | "bool" | "real" | "complex")
UNARY = {
    "neg": (_late.negative, "number", None), "sign": (_sign, "number", None),
    "floor": (_late.floor, "float", None), "ceil": (_late.ceil, "float", None),
    "is_finite": (_late.isfinite, "float", "bool"),
    "exp": (_late.exp, "inexact", None), "exp2": (_late.exp2, "inexact", None),
    "expm1": (_late.expm1, "inexact", None), "log": (_late.log, "inexact", None),
    "log1p": (_late.log1p, "inexact", None), "tanh": (_late.tanh, "inexact", None),
    "logistic": (_logistic, "inexact", None), "sin": (_late.sin, "inexact", None),
    "cos": (_late.cos, "inexact", None), "tan": (_late.tan, "inexact", None),
    "asin": (_late.asin, "inexact", None), "acos": (_late.acos, "inexact", None),
    "atan": (_late.atan, "inexact", None), "sinh": (_late.sinh, "inexact", None),
    "cosh": (_late.cosh, "inexact", None), "asinh": (_late.asinh, "inexact", None),
    "acosh": (_late.acosh, "inexact", None), "atanh": (_late.atanh, "inexact", None),
    "sqrt": (_late.sqrt, "inexact", None), "rsqrt": (_rsqrt, "inexact", None),
    "cbrt": (_late.cbrt, "float", None), "erf": (_late.erf, "float", None),
    "erfc": (_late.erfc, "float", None), "erf_inv": (_late.erfinv, "float", None),
    "lgamma": (_late.lgamma, "float", None), "digamma": (_late.digamma, "float", None),
    "bessel_i0e": (_late.i0e, "float", None), "bessel_i1e": (_late.i1e, "float", None),
    "square": (_late.square, "number", None), "reciprocal": (_late.reciprocal, "inexact", None),
    "conj": (_conj, "conj", "complex"), "real": (_late.real, "complex", "real"),
    "imag": (_late.imag, "complex", "real"), "abs": (_late.abs, "signed", "real"),
    "bitwise_not": (_late.bitwise_invert, "int_bool", None),
    "population_count": (_population_count, "int", None), "clz": (_clz, "int", None),
}
# accuracy= is accepted (and must be None) by these
_ACCURACY = frozenset({"cbrt", "cos", "exp", "exp2", "expm1", "log", "log1p", "logistic", "rsqrt",
                       "sin", "sqrt", "tan", "tanh"})

BINARY = {
    "add": (_late.add, "number", None), "sub": (_late.subtract, "number", None),
    "mul": (_late.multiply, "number", None), "div": (_div, "number", None),
    "rem": (_rem, "int_float", None),
    "max": (_max, "any", None), "min": (_min, "any", None),
    "nextafter": (_late.nextafter, "float", None), "atan2": (_late.atan2, "inexact", None),
    "igamma": (_late.gammainc, "float", None), "igammac": (_late.gammaincc, "float", None),
    "zeta": (_late.zeta, "float", None),
    "eq": (_late.equal, "any", "bool"), "ne": (_late.not_equal, "any", "bool"),
    "lt": (_ordered(_late.less), "ordered", "bool"),
    "le": (_ordered(_late.less_equal), "ordered", "bool"),
    "gt": (_ordered(_late.greater), "ordered", "bool"),
    "ge": (_ordered(_late.greater_equal), "ordered", "bool"),
    "bitwise_and": (_late.bitwise_and, "int_bool", None),
    "bitwise_or": (_late.bitwise_or, "int_bool", None),
    "bitwise_xor": (_late.bitwise_xor, "int_bool", None),
    "shift_left": (_shift_left, "int", None),
    "shift_right_logical": (_shift_right_logical, "int", None),
    "shift_right_arithmetic": (_shift_right_arithmetic, "int", None),
    "complex": (_complex, "f32_f64", "complex"),
}


def _unary(name, core, kind):
    fn = name

    names = KINDS[kind][0]

    def f(x):
        if type(x) is Array and native_name(x._data) in names:
            return _wrap(core(x._data), x.weak_type)
        (a,), _, weak = operands((x,), kind, fn)
        return _wrap(core(a), weak)
    if name in _ACCURACY:
        def g(x, *, accuracy=None):
            if accuracy is not None:
                raise NotImplementedError(f"lax.{fn}: the accuracy argument is not supported")
            return f(x)
        out = g
    else:
        out = f
    out.__name__ = out.__qualname__ = name
    out.__doc__ = f"Implements `jax.lax.{name}`."
    return out


def _binary(name, core, kind):
    fn = name

    names = KINDS[kind][0]

    def f(x, y):
        if type(x) is Array and type(y) is Array:
            a, b = x._data, y._data
            if a.dtype == b.dtype and a.shape == b.shape and native_name(a) in names:
                return _wrap(core(a, b), x.weak_type and y.weak_type)
        (a, b), _, weak = operands((x, y), kind, fn)
        return _wrap(core(a, b), weak)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"Implements `jax.lax.{name}`."
    return f


FUNCTIONS = {}
for _name, (_core, _kind, _out) in UNARY.items():
    FUNCTIONS[_name] = _unary(_name, _core, _kind)
for _name, (_core, _kind, _out) in BINARY.items():
    FUNCTIONS[_name] = _binary(_name, _core, _kind)
del _name, _core, _kind, _out


# ---- the functions with their own signatures ----------------------------------------------------

def round(x, rounding_method=0):  # noqa: A001 — lax.round
    """Implements `jax.lax.round` (AWAY_FROM_ZERO by default, TO_NEAREST_EVEN = 1)."""
    (a,), _, weak = operands((x,), "float", "round")
    return _wrap(_round(a, rounding_method), weak)


def pow(x, y):  # noqa: A001 — lax.pow
    """Implements `jax.lax.pow`: x inexact, y integer or x's dtype."""
    return _pow(x, y)


def integer_pow(x, y):
    """Implements `jax.lax.integer_pow` (``y`` a Python int)."""
    (a,), name, weak = operands((x,), "number", "integer_pow")
    y = int(y)
    if y < 0 and name in D.INTEGRAL:
        raise TypeError(f"Integers cannot be raised to negative powers, got "
                        f"integer_pow({name}{list(a.shape)}, {y})")
    if y == 0:
        return _wrap(ivy.ones_like(a), weak)
    out = a
    for _ in range(abs(y) - 1):        # exact repeated products, as XLA's expansion
        out = ivy.multiply(out, a)
    return _wrap(ivy.reciprocal(out) if y < 0 else out, weak)


def mul(x, y, *, out_dtype=None):
    """Implements `jax.lax.mul` (``out_dtype`` casts the operands first)."""
    (a, b), name, weak = operands((x, y), "number", "mul")
    if out_dtype is not None:
        want = J.name_of(out_dtype)
        a, b, weak = ivy.astype(a, want), ivy.astype(b, want), False
    return _wrap(ivy.multiply(a, b), weak)


def clamp(min, x, max):  # noqa: A002 — lax's names
    """Implements `jax.lax.clamp`: ``min``/``max`` are scalars or x's shape."""
    ops = [operand(v, "clamp") for v in (min, x, max)]
    for i, (_, name, _) in enumerate(ops):
        check_kind(name, "ordered", "clamp", i)
    same_dtypes([o[1] for o in ops], "clamp")
    xs = tuple(ops[1][0].shape)
    for label, (v, _, _) in (("min", ops[0]), ("max", ops[2])):
        if tuple(v.shape) not in ((), xs):
            raise TypeError(f"clamp requires {label}.shape == operand.shape or {label}.shape == "
                            f"(), got {label}.shape={tuple(v.shape)}, operand.shape={xs}.")
    lo, a, hi = (o[0] for o in ops)
    if ops[1][1] == "bool":
        out = ivy.logical_and(ivy.logical_or(a, lo), hi)
    else:
        out = ivy.minimum(ivy.maximum(a, lo), hi)
    if tuple(out.shape) != xs:
        out = ivy.broadcast_to(out, xs)
    return _wrap(out, ops[1][2])


def select_n(which, *cases):
    """Implements `jax.lax.select_n`: ``cases[which]`` elementwise (bool or integer ``which``)."""
    if not cases:
        raise ValueError("select_n() must have at least one case")
    w, wname, _ = operand(which, "select_n")
    ops = [operand(c, "select_n") for c in cases]
    same_dtypes([o[1] for o in ops], "select")
    shapes = {tuple(o[0].shape) for o in ops}
    if len(shapes) > 1:
        raise TypeError(f"select cases must have the same shapes, got {sorted(shapes)}.")
    shape = shapes.pop()
    if tuple(w.shape) not in ((), shape):
        raise TypeError(f"select `which` must be scalar or have the same shape as cases, got "
                        f"`which` shape {tuple(w.shape)} but case shape {shape}.")
    if wname == "bool":
        if len(cases) > 2:
            raise TypeError("select with boolean `which` cannot have > 2 cases.")
    elif wname not in ("int32", "uint8", "int64", "uint32", "int8", "int16", "uint16", "uint64"):
        raise TypeError(f"select `which` must be boolean or integer type, got {wname}.")
    weak = all(o[2] for o in ops)
    out = ops[-1][0]
    for k in range(len(ops) - 2, -1, -1):
        pick = ivy.logical_not(w) if wname == "bool" else ivy.equal(w, ivy.asarray(k, dtype=wname))
        out = ivy.where(pick, ops[k][0], out)
    if tuple(out.shape) != shape:
        out = ivy.broadcast_to(out, shape)
    return _wrap(out, weak)


def select(pred, on_true, on_false):
    """Implements `jax.lax.select`: ``on_true`` where ``pred``."""
    return select_n(pred, on_false, on_true)


def convert_element_type(operand, new_dtype):  # noqa: A002
    """Implements `jax.lax.convert_element_type`: the result is strongly typed; float to int
    truncates toward zero, saturates and maps NaN to 0; complex to real keeps the real part."""
    a = _operand_native(operand, "convert_element_type")
    have, want = native_name(a), J.name_of(new_dtype)
    if have in D.COMPLEX_FLOATING and want not in D.COMPLEX_FLOATING:
        a, have = ivy.real(a), D.REAL_OF[have]
    if have in D.REAL_FLOATING and want in D.INTEGRAL:
        info = D.iinfo(want)
        a = ivy.where(ivy.isnan(a), ivy.zeros_like(a), ivy.trunc(a))
        big = ivy.greater_equal(a, ivy.asarray(float(info.max), dtype=have))
        small = ivy.less_equal(a, ivy.asarray(float(info.min), dtype=have))
        out = ivy.astype(ivy.clip(a, min=float(info.min), max=float(info.max)), want)
        out = ivy.where(big, ivy.full_like(out, info.max), out)
        return _wrap(ivy.where(small, ivy.full_like(out, info.min), out))
    return _wrap(a if have == want else ivy.astype(a, want))


def _operand_native(x, fn):
    return operand(x, fn)[0]


def bitcast_convert_type(operand, new_dtype):  # noqa: A002
    """Implements `jax.lax.bitcast_convert_type` (through the host: not differentiable)."""
    a = _operand_native(operand, "bitcast_convert_type")
    want = J.name_of(new_dtype)
    src = ivy.to_numpy(a)
    old_size, new_size = src.dtype.itemsize, J.NP[want].itemsize
    if old_size > new_size:
        out = np.ascontiguousarray(src).view(J.NP[want]).reshape(
            src.shape + (old_size // new_size,))
    elif old_size < new_size:
        if not src.shape or src.shape[-1] != new_size // old_size:
            raise ValueError(f"bitcast_convert_type: the last dimension of the operand must be "
                             f"{new_size // old_size} to convert {src.dtype} to {want}, got shape "
                             f"{src.shape}")
        out = np.ascontiguousarray(src).view(J.NP[want]).reshape(src.shape[:-1])
    else:
        out = np.ascontiguousarray(src).view(J.NP[want])
    return _wrap(ivy.asarray(out))


def stop_gradient(x):
    """Implements `jax.lax.stop_gradient` on a pytree (weak types kept)."""
    leaves, treedef = ivy.tree.flatten(x)
    out = []
    for v in leaves:
        if isinstance(v, Array):
            out.append(_wrap(ivy.stop_gradient(v._data), v.weak_type))
        elif ivy.is_native_array(v) or isinstance(v, np.ndarray):
            a = asarray(v)
            out.append(_wrap(ivy.stop_gradient(a._data), a.weak_type))
        else:
            out.append(v)
    return ivy.tree.unflatten(treedef, out)


def nextafter(x1, x2):
    """Implements `jax.lax.nextafter`."""
    return _NAMED["nextafter"](x1, x2)


def igamma(a, x):
    """Implements `jax.lax.igamma`: the regularized lower incomplete gamma P(a, x)."""
    return _NAMED["igamma"](a, x)


def igammac(a, x):
    """Implements `jax.lax.igammac`: the regularized upper incomplete gamma Q(a, x)."""
    return _NAMED["igammac"](a, x)


def zeta(x, q):
    """Implements `jax.lax.zeta`: the Hurwitz zeta function."""
    return _NAMED["zeta"](x, q)


_NAMED = {n: FUNCTIONS[n] for n in ("nextafter", "igamma", "igammac", "zeta")}
FUNCTIONS.update(nextafter=nextafter, igamma=igamma, igammac=igammac, zeta=zeta)
FUNCTIONS.update(round=round, pow=pow, integer_pow=integer_pow, mul=mul, clamp=clamp,
                 select_n=select_n, select=select, convert_element_type=convert_element_type,
                 bitcast_convert_type=bitcast_convert_type, stop_gradient=stop_gradient)
