"""Pointwise functions, operators and their in-place forms, generated from tables.

Each function unwraps its tensors, promotes by torch's rule (``_dtypes.result_name``) only when
the operands' dtypes differ or a Python number takes part, calls one core function and wraps the
result. ``out=`` and in-place forms write through ``_assign``.
"""
from __future__ import annotations

import numpy as _np

import ivy
from ivy.core import dtypes as D

from . import _dtypes as T
from ._dtypes import native_name
from ._tensor import Tensor, _wrap, bump_version, set_data

_SCALAR_TYPES = frozenset({int, float, bool, complex})
_FunctionType = type(lambda: None)
_new = object.__new__
_OPERAND_TYPES = frozenset({Tensor, int, float, bool, complex})

_INTEGRAL_OR_BOOL = frozenset(D.INTEGRAL + D.BOOL)
_INT_BOUNDS = {d: (D.iinfo(d).min, D.iinfo(d).max) for d in D.INTEGRAL}


# torch reads a Python int operand as int64 or, past int64's top, as uint64; anything else overflows
_SCALAR_INT_LO, _SCALAR_INT_HI = -2**63, 2**64 - 1


def _wrap_int(value: int, name: str) -> int:
    """torch converts an out-of-range Python int to an integer dtype modulo 2**bits."""
    lo, hi = _INT_BOUNDS[name]
    if lo <= value <= hi:
        return value
    check_int(value)
    return (value - lo) % (hi - lo + 1) + lo


def check_int(value: int) -> int:
    """A Python int operand as torch takes it: OverflowError past what int64/uint64 hold."""
    if value > _SCALAR_INT_HI:
        raise OverflowError("int too big to convert")
    if value < _SCALAR_INT_LO:
        raise OverflowError("can't convert negative int to unsigned")
    return value


# c10's names in "value cannot be converted to type ... without overflow"
_C_NAME = {"uint8": "uint8_t", "int8": "int8_t", "int16": "int16_t", "int32": "int",
           "int64": "int64_t", "uint16": "uint16_t", "uint32": "uint32_t", "uint64": "uint64_t",
           "float16": "c10::Half", "bfloat16": "c10::BFloat16", "float32": "float",
           "float64": "double"}
_FLOAT_MAX = {"float16": 65504.0, "bfloat16": 3.3895313892515355e38, "float32": 3.4028234663852886e38}


def fill_scalar(value, name: str, too_big=OverflowError):
    """A Python number written into a tensor of dtype ``name`` (``full``, ``fill_``, ``x[i] = v``,
    ``masked_fill``, ``clamp`` bounds): torch's checked conversion. Integers wrap only within the
    dtype's width (``-1`` into uint8 is 255); NaN, infinities and values out of range raise."""
    t = type(value)
    if t is int:
        if too_big is ValueError and not _SCALAR_INT_LO <= value < 2**63:
            raise ValueError("Overflow when unpacking long long")
        check_int(value)
    elif t is not float:
        return value
    bounds = _INT_BOUNDS.get(name)
    if bounds is not None:
        lo, hi = bounds
        if name in _UNSIGNED:
            lo = -hi
        if value != value or not lo <= value <= hi:
            raise RuntimeError(f"value cannot be converted to type {_C_NAME[name]} without "
                               f"overflow")
        return _wrap_int(int(value), name)
    top = _FLOAT_MAX.get(name)
    if top is not None and t is float and abs(value) > top and value - value == 0:
        raise RuntimeError(f"value cannot be converted to type {_C_NAME[name]} without overflow")
    return value


def scalar(v):
    """A numpy scalar as the Python number torch takes it for (weak, like a Python scalar)."""
    return v.item() if isinstance(v, _np.generic) else v
_FLOAT_KINDS = frozenset(D.FLOATING)


def native(x):
    """A frontend tensor's native array; anything else unchanged (Python numbers, native arrays)."""
    return x._data if type(x) is Tensor or isinstance(x, Tensor) else x


def _tensor_arg(x, fn: str):
    if isinstance(x, Tensor):
        return x._data
    if ivy.is_native_array(x):
        return x
    raise TypeError(f"{fn}(): argument 'input' (position 1) must be Tensor, not {type(x).__name__}")


_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_UNSIGNED = frozenset(D.UNSIGNED)


def cast(a, name: str):
    """torch's conversion: complex to real keeps the real part, complex to bool tests for nonzero."""
    have = native_name(a)
    if have == name:
        return a
    if have in _COMPLEX and name not in _COMPLEX:
        a = ivy.not_equal(a, 0) if name == "bool" else ivy.real(a)
        if name == native_name(a):
            return a
        have = native_name(a)
    if name in _UNSIGNED and have in _FLOAT_KINDS:
        a = ivy.astype(a, "int64")    # torch (CPU) wraps negative floats modulo 2**bits: -1 -> 255
    return ivy.astype(a, name)


_cast = cast


def binary_operands(x, y, fn: str):
    """(a, b, result dtype name) — native operands sharing torch's result dtype."""
    if isinstance(x, Tensor):
        a = x._data
        if isinstance(y, Tensor):
            b = y._data
            if a.dtype == b.dtype:
                return a, b, native_name(a)
        elif type(y) in _SCALAR_TYPES:
            name = native_name(a)
            if name in D.SCALAR_OK[type(y)] and not (type(y) is bool and name != "bool"):
                if type(y) is int:
                    y = _wrap_int(y, name) if name in _INT_BOUNDS else check_int(y)
                return a, y, name
    x, y = scalar(x), scalar(y)
    name = T.result_name((x if not ivy.is_native_array(x) else _wrap(x),
                          y if not ivy.is_native_array(y) else _wrap(y)))
    return _operand(x, name), _operand(y, name), name


def _operand(v, name):
    if isinstance(v, Tensor):
        return _cast(v._data, name)
    if ivy.is_native_array(v):
        return _cast(v, name)
    if type(v) is int:
        check_int(v)
    if name in D.SCALAR_OK.get(type(v), ()):
        return _wrap_int(v, name) if type(v) is int and name in _INT_BOUNDS else v
    return ivy.asarray(v, dtype=name)


def broadcast_error(x, y) -> RuntimeError:
    """torch's message for operands whose shapes do not broadcast."""
    sa, sb = (tuple(ivy.shape(native(v))) if hasattr(native(v), "shape") else () for v in (x, y))
    for d in range(1, max(len(sa), len(sb)) + 1):
        m = sa[-d] if d <= len(sa) else 1
        n = sb[-d] if d <= len(sb) else 1
        if m != n and m != 1 and n != 1:
            return RuntimeError(f"The size of tensor a ({m}) must match the size of tensor b ({n}) "
                                f"at non-singleton dimension {max(len(sa), len(sb)) - d}")
    return RuntimeError(f"shapes {list(sa)} and {list(sb)} cannot be broadcast together")


def broadcast_error_of(*operands) -> RuntimeError:
    """torch's broadcast message for the first pair of ``operands`` whose shapes do not agree."""
    arrays = [v for v in operands if isinstance(v, Tensor) or ivy.is_native_array(v)]
    for i, x in enumerate(arrays):
        for y in arrays[i + 1:]:
            try:
                ivy.broadcast_shapes(tuple(ivy.shape(native(x))), tuple(ivy.shape(native(y))))
            except ivy.IvyBroadcastError:
                return broadcast_error(x, y)
    return RuntimeError("shapes cannot be broadcast together")


def shape_errors(fn):
    """``fn`` with the core's broadcast failure raised as torch's RuntimeError (for functions off
    the elementwise hot path, whose bodies combine several core calls)."""
    def checked(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except ivy.IvyBroadcastError:
            raise broadcast_error_of(*args, *kwargs.values()) from None
    checked.__name__, checked.__qualname__, checked.__doc__ = fn.__name__, fn.__qualname__, fn.__doc__
    checked.__wrapped__ = fn
    return checked


def assign(target: Tensor, result, fn: str) -> Tensor:
    """Write a native result into ``target`` (``out=``, in-place ops): torch's cast rule, shape kept."""
    data = target._data
    if result.dtype != data.dtype:
        have, want = native_name(result), native_name(data)
        if not T.can_cast_names(have, want):
            raise RuntimeError(f"result type {_TORCH_NAME[have]} can't be cast to the desired "
                               f"output type {_TORCH_NAME[want]}")
        result = cast(result, want)
    if result.shape != data.shape:
        result = ivy.broadcast_to(result, tuple(ivy.shape(data)))
    if 0 in data.shape:          # nothing to write (an empty slice of a read-only numpy view)
        return target
    try:
        set_data(target, ivy.index_update(data, Ellipsis, result, inplace=True))
    except ivy.IvyValueError as e:       # e.g. writing into an expanded (overlapping) tensor
        raise RuntimeError(str(e)) from e
    bump_version(target)
    return target


def _finish(result, out, fn):
    if out is None:
        return _wrap(result)
    return assign(out, result, fn)


# ---- tables ------------------------------------------------------------------------------------
# rule (unary): "float" computes integer and bool inputs in the default float dtype; "same" keeps
#   the dtype; "bool" gives bool; "test" (isnan...) gives bool without computing on integers.
# rule (binary): "arith" = torch-promoted operands and result; "true" = also integers computed in
#   the default float dtype; "compare" = bool result; "logical" = any dtypes, bool result.
# rejects: dtype kinds real torch refuses (b bool, i integer, f real floating, c complex), after
#   promotion, raising `error` (NotImplementedError unless RuntimeError is named).
# flags: "T" = `other` must be a tensor (a Python number is a TypeError, as in torch).
_KIND = {**{d: "b" for d in D.BOOL}, **{d: "i" for d in D.INTEGRAL},
         **{d: "f" for d in D.REAL_FLOATING}, **{d: "c" for d in D.COMPLEX_FLOATING}}
_TORCH_NAME = {"bool": "Bool", "uint8": "Byte", "int8": "Char", "int16": "Short", "int32": "Int",
               "int64": "Long", "float16": "Half", "bfloat16": "BFloat16", "float32": "Float",
               "float64": "Double", "complex64": "ComplexFloat", "complex128": "ComplexDouble",
               "uint16": "UInt16", "uint32": "UInt32", "uint64": "UInt64"}
RT = RuntimeError

UNARY = {
    # name: (core function, rule, rejects, error)
    "abs": ("abs", "same", "b", None), "absolute": ("abs", "same", "b", None),
    "neg": ("negative", "same", "b", RT), "negative": ("negative", "same", "b", RT),
    "positive": ("positive", "same", "b", RT),
    "sign": (lambda a: _sign(a), "same", "c", None), "sgn": ("sign", "same", "", None),
    "floor": ("floor", "same", "bc", None), "ceil": ("ceil", "same", "bc", None),
    "trunc": ("trunc", "same", "bc", None), "fix": ("trunc", "same", "bc", None),
    "square": ("square", "same", "", None),
    "bitwise_not": ("bitwise_invert", "same", "fc", None),
    "logical_not": ("logical_not", "bool", "", None),
    "isnan": ("isnan", "test", "", None), "isinf": ("isinf", "test", "", None),
    "isfinite": ("isfinite", "test", "", None), "signbit": ("signbit", "test", "c", None),
    "conj": ("conj", "same", "", None),
    **{name: (core, "float", "", None) for name, core in (
        ("sqrt", "sqrt"), ("exp", "exp"), ("expm1", "expm1"), ("log", "log"), ("log1p", "log1p"),
        ("log2", "log2"), ("log10", "log10"), ("sin", "sin"), ("cos", "cos"), ("tan", "tan"),
        ("asin", "asin"), ("acos", "acos"), ("atan", "atan"), ("sinh", "sinh"),
        ("cosh", "cosh"), ("tanh", "tanh"), ("asinh", "asinh"), ("acosh", "acosh"),
        ("atanh", "atanh"), ("arcsin", "asin"), ("arccos", "acos"), ("arctan", "atan"),
        ("arcsinh", "asinh"), ("arccosh", "acosh"), ("arctanh", "atanh"),
        ("reciprocal", "reciprocal"), ("exp2", "exp2"), ("angle", "angle"))},
    **{name: (name, "float", "c", None) for name in (
        "erf", "erfc", "erfinv", "lgamma", "digamma", "i0", "logit")},
    "sigmoid": (lambda a: _sigmoid(a), "float", "", None),
    "rsqrt": (lambda a: ivy.reciprocal(ivy.sqrt(a)), "float", "", None),
    "sinc": (lambda a: _sinc(a), "float", "", None),
    "deg2rad": ("deg2rad", "float", "c", RT), "rad2deg": ("rad2deg", "float", "c", RT),
    "frac": (lambda a: ivy.subtract(a, ivy.trunc(a)), "same", "bic", None),
    "isreal": (lambda a: _isreal(a), "bool", "", None),
    "isposinf": (lambda a: ivy.logical_and(ivy.isinf(a), ivy.greater(a, 0)), "test", "c", RT),
    "isneginf": (lambda a: ivy.logical_and(ivy.isinf(a), ivy.less(a, 0)), "test", "c", RT),
}


def _sign(a):
    name = native_name(a)
    if name == "bool":
        return ivy.asarray(a, copy=True)
    if name in _FLOAT_KINDS:            # torch: the sign of NaN is 0
        return ivy.where(ivy.isnan(a), ivy.zeros_like(a), ivy.sign(a))
    return ivy.sign(a)


def _sigmoid(a):
    if native_name(a) in _COMPLEX:             # the core's sigmoid is real-only
        return ivy.reciprocal(ivy.add(ivy.exp(ivy.negative(a)), 1))
    return ivy.sigmoid(a)


def _sinc(a):
    if native_name(a) not in _COMPLEX:
        return ivy.sinc(a)
    z = ivy.multiply(a, 3.141592653589793)
    zero = ivy.equal(a, 0)
    safe = ivy.where(zero, ivy.ones_like(z), z)
    return ivy.where(zero, ivy.ones_like(z), ivy.divide(ivy.sin(safe), safe))


def _isreal(a):
    if native_name(a) in _COMPLEX:
        return ivy.equal(ivy.imag(a), 0)
    return ivy.full_like(a, True, dtype="bool")

BINARY = {
    # name: (core function, rule, rejects, error, flags)
    "add": ("add", "arith", "", None, ""),
    "mul": ("multiply", "arith", "", None, ""), "multiply": ("multiply", "arith", "", None, ""),
    "floor_divide": ("floor_divide", "arith", "bc", None, ""),
    "remainder": ("remainder", "arith", "bc", None, ""),
    "true_divide": ("divide", "true", "", None, ""),
    "atan2": ("atan2", "true", "c", None, "T"), "arctan2": ("atan2", "true", "c", None, "T"),
    "maximum": ("maximum", "arith", "c", RT, "T"), "minimum": ("minimum", "arith", "c", RT, "T"),
    "hypot": ("hypot", "arith", "bic", None, "T"),
    "nextafter": ("nextafter", "arith", "bic", None, "T"),
    "logaddexp": ("logaddexp", "arith", "bi", None, "T"),
    "copysign": ("copysign", "true", "c", None, ""),
    "pow": ("pow", "arith", "b", None, ""),
    "bitwise_and": ("bitwise_and", "arith", "fc", None, ""),
    "bitwise_or": ("bitwise_or", "arith", "fc", None, ""),
    "bitwise_xor": ("bitwise_xor", "arith", "fc", None, ""),
    "bitwise_left_shift": ("bitwise_left_shift", "arith", "bfc", None, ""),
    "bitwise_right_shift": ("bitwise_right_shift", "arith", "bfc", None, ""),
    "eq": ("equal", "compare", "", None, ""), "ne": ("not_equal", "compare", "", None, ""),
    "not_equal": ("not_equal", "compare", "", None, ""),
    **{name: (core, "compare", "c", None, "") for name, core in (
        ("lt", "less"), ("less", "less"), ("le", "less_equal"), ("less_equal", "less_equal"),
        ("gt", "greater"), ("greater", "greater"), ("ge", "greater_equal"),
        ("greater_equal", "greater_equal"))},
    "logical_and": ("logical_and", "logical", "", None, "T"),
    "logical_or": ("logical_or", "logical", "", None, "T"),
    "logical_xor": ("logical_xor", "logical", "", None, "T"),
}


_BOOL_SPECIAL = frozenset({"sign", "conj", "square"})


def _refuse(name, dt, error):
    if name in ("neg", "negative", "positive"):
        return RuntimeError("Negation, the `-` operator, on a bool tensor is not supported. If you "
                            "are trying to invert a mask, use the `~` or `logical_not()` operator "
                            "instead.")
    if error is RuntimeError:
        return RuntimeError(f"{name}(): not implemented for {_TORCH_NAME[dt]}")
    return NotImplementedError(f'"{name}_cpu" not implemented for \'{_TORCH_NAME[dt]}\'')


def _unary(name, core, rule, rejects, error):
    # dtypes computed by the core function directly, without a cast or a refusal
    direct = frozenset(d for d, k in _KIND.items() if rule != "bool" and k not in rejects and (
        d not in _INTEGRAL_OR_BOOL or rule == "same" and not (d == "bool" and core in _BOOL_SPECIAL)))
    named = None if callable(core) else core

    def fn(input, *, out=None):
        a = input._data if isinstance(input, Tensor) else _tensor_arg(input, name)
        dt = native_name(a)
        if dt in direct:
            r = getattr(ivy, named)(a) if named else core(a)
            return _wrap(r) if out is None else assign(out, r, name)
        if _KIND[dt] in rejects:
            raise _refuse(name, dt, error)
        if rule == "float" and dt in _INTEGRAL_OR_BOOL:
            a = ivy.astype(a, T.default_float())
        elif rule == "test" and dt in _INTEGRAL_OR_BOOL and core != "isreal":
            if core == "signbit" and dt in D.SIGNED:
                return _finish(ivy.less(a, 0), out, name)
            return _finish(ivy.full_like(a, core == "isfinite", dtype="bool"), out, name)
        elif rule == "bool" and not callable(core):
            a = cast(a, "bool")
        elif dt == "bool" and core in ("sign", "conj"):
            return _finish(ivy.asarray(a, copy=True), out, name)
        elif dt == "bool" and core == "square":
            a = ivy.astype(a, "int64")
        return _finish(core(a) if callable(core) else getattr(ivy, core)(a), out, name)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"torch.{name}"
    return fn


def _binary(name, core, rule, rejects, error, flags):
    tensor_other = "T" in flags
    # result dtypes computed by the core function directly (no bool/integer special case)
    direct = frozenset(d for d, k in _KIND.items() if k not in rejects and d != "bool" and not (
        d in _INTEGRAL_OR_BOOL and (rule == "true" or core in _INTEGER_DIVISION or core == "pow")))
    checked = tensor_other or rule == "logical" or core == "pow"

    def fn(input, other, *, out=None):
        try:
            if not checked:
                a, b, dt = binary_operands(input, other, name)
                if dt in direct:
                    r = getattr(ivy, core)(a, b)
                    return _wrap(r) if out is None else assign(out, r, name)
            if tensor_other and not isinstance(other, Tensor) and not ivy.is_native_array(other):
                raise TypeError(f"{name}(): argument 'other' (position 2) must be Tensor, not "
                                f"{type(other).__name__}")
            if rule == "logical":
                a, b = cast(_tensor_arg(input, name), "bool"), cast(native(other), "bool")
                return _finish(getattr(ivy, core)(a, b), out, name)
            if core == "pow" and type(other) is int and other < 0 and isinstance(input, Tensor) \
                    and native_name(input._data) in _INTEGRAL_OR_BOOL:
                raise RuntimeError("Integers to negative integer powers are not allowed.")
            a, b, dt = binary_operands(input, other, name)
            if _KIND[dt] in rejects and not (core == "pow" and not isinstance(other, Tensor)):
                raise _refuse(name, dt, error)
            if dt == "bool" and core in _ON_BOOL:
                return _finish(_ON_BOOL[core](a, b), out, name)
            if dt in _INTEGRAL_OR_BOOL:
                if rule == "true":       # from the original operands: -1 / uint8 is -1.0 / x
                    f = T.default_float()
                    a, b = _as_float(native(input), f), _as_float(native(other), f)
                elif core in _INTEGER_DIVISION:
                    _check_nonzero(b)
                elif core == "pow":
                    return _finish(_integer_pow(a, b, dt), out, name)
            return _finish(getattr(ivy, core)(a, b), out, name)
        except ivy.IvyBroadcastError:
            raise broadcast_error(input, other) from None
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"torch.{name}"
    if not checked:
        fn.direct_core = (direct, core)
    return fn


def _bool_compare(core):
    def compare(a, b):
        return getattr(ivy, core)(cast(a, "uint8"), cast(b, "uint8") if ivy.is_native_array(b) else int(b))
    return compare


# The core defines arithmetic and ordering on numbers only; torch also on bools.
_ON_BOOL = {"add": lambda a, b: ivy.logical_or(a, b),
            "multiply": lambda a, b: ivy.logical_and(a, b),
            "maximum": lambda a, b: ivy.logical_or(a, b),
            "minimum": lambda a, b: ivy.logical_and(a, b),
            **{c: _bool_compare(c) for c in ("less", "less_equal", "greater", "greater_equal")}}


_INTEGER_DIVISION = frozenset({"floor_divide", "remainder"})


def _check_nonzero(divisor):
    if (divisor == 0) if not ivy.is_native_array(divisor) else bool(ivy.any(ivy.equal(divisor, 0))):
        raise RuntimeError("ZeroDivisionError")


def _integer_pow(a, b, dt):
    """torch's integer power: a negative exponent gives 1/a**|b| truncated (0 unless |a| == 1)."""
    if not ivy.is_native_array(a):           # Python number ** tensor
        a = ivy.full_like(b, a, dtype=dt)
    if not ivy.is_native_array(b):
        if b < 0:
            raise RuntimeError("Integers to negative integer powers are not allowed.")
        if dt == "bool":
            return ivy.logical_or(a, not b)
        return ivy.pow(a, b)
    if dt == "bool":
        return ivy.logical_or(a, ivy.logical_not(b))
    negative = ivy.less(b, 0)
    if not bool(ivy.any(negative)):
        return ivy.pow(a, b)
    magnitude = ivy.pow(a, ivy.where(negative, ivy.negative(b), b))
    one = ivy.equal(ivy.abs(a), 1) if dt not in D.UNSIGNED else ivy.equal(a, 1)
    inverse = ivy.where(one, magnitude, ivy.zeros_like(magnitude))
    return ivy.where(negative, inverse, magnitude)


def _as_float(v, f):
    return ivy.astype(v, f) if ivy.is_native_array(v) else float(v)


def _scaled(b, alpha, dt):
    """``alpha * other`` in the result dtype, with torch's checks on alpha."""
    if (dt == "bool") != isinstance(alpha, bool):
        raise RuntimeError("Boolean alpha only supported for Boolean results.")
    if dt in _INTEGRAL_OR_BOOL and isinstance(alpha, float):
        raise RuntimeError("For integral input tensors, argument alpha must not be a floating "
                           "point number.")
    if dt == "bool":
        return ivy.logical_and(b, alpha) if ivy.is_native_array(b) else b and alpha
    return ivy.multiply(b, alpha) if ivy.is_native_array(b) else b * alpha


def add(input, other, *, alpha=1, out=None):
    try:
        a, b, dt = binary_operands(input, other, "add")
        if alpha != 1 or type(alpha) is not int:
            b = _scaled(b, alpha, dt)
        r = ivy.logical_or(a, b) if dt == "bool" else ivy.add(a, b)
        return _wrap(r) if out is None else assign(out, r, "add")
    except ivy.IvyBroadcastError:
        raise broadcast_error(input, other) from None


def sub(input, other, *, alpha=1, out=None):
    try:
        if _is_bool(input) or _is_bool(other):
            raise RuntimeError("Subtraction, the `-` operator, with a bool tensor is not supported. If "
                               "you are trying to invert a mask, use the `~` or `logical_not()` "
                               "operator instead.")
        a, b, dt = binary_operands(input, other, "sub")
        if alpha != 1 or type(alpha) is not int:
            b = _scaled(b, alpha, dt)
        return _finish(ivy.subtract(a, b), out, "sub")
    except ivy.IvyBroadcastError:
        raise broadcast_error(input, other) from None


def _is_bool(v) -> bool:
    if isinstance(v, Tensor):
        return native_name(v._data) == "bool"
    return type(v) is bool


subtract = sub


def div(input, other, *, rounding_mode=None, out=None):
    try:
        if rounding_mode is None:
            return true_divide(input, other, out=out)
        a, b, dt = binary_operands(input, other, "div")
        if rounding_mode == "floor":
            if dt == "bool":
                raise _refuse("div_floor", dt, None)
            if dt in _INTEGRAL_OR_BOOL:
                _check_nonzero(b)
            return _finish(ivy.floor_divide(a, b), out, "div")
        if rounding_mode == "trunc":
            if dt == "bool":
                raise _refuse("div_trunc", dt, None)
            if dt in _INTEGRAL_OR_BOOL:
                _check_nonzero(b)
                # exact in integers: floor, then one step toward zero where the signs differ
                q, r = ivy.floor_divide(a, b), ivy.remainder(a, b)
                neg_a = ivy.less(a, 0) if ivy.is_native_array(a) else ivy.full_like(b, a < 0, dtype="bool")
                signs = (ivy.not_equal(neg_a, ivy.less(b, 0)) if ivy.is_native_array(b)
                         else neg_a if b > 0 else ivy.logical_not(neg_a))
                up = ivy.logical_and(ivy.not_equal(r, 0), signs)
                return _finish(ivy.where(up, ivy.add(q, 1), q), out, "div")
            return _finish(ivy.trunc(ivy.divide(a, b)), out, "div")
        raise RuntimeError(f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but "
                           f"found '{rounding_mode}'")
    except ivy.IvyBroadcastError:
        raise broadcast_error(input, other) from None


divide = div


def _fmod(a, b):
    # C fmod: the result takes the dividend's sign, unlike remainder (the divisor's)
    r = ivy.remainder(a, b)
    fix = ivy.logical_and(ivy.not_equal(r, 0), ivy.not_equal(ivy.less(r, 0), ivy.less(a, 0)))
    return ivy.where(fix, ivy.subtract(r, b), r)


def fmod(input, other, *, out=None):
    try:
        a, b, dt = binary_operands(input, other, "fmod")
        if _KIND[dt] in "bc":
            raise _refuse("fmod", dt, None)
        if dt in _INTEGRAL_OR_BOOL:
            _check_nonzero(b)
        return _finish(_fmod(a, b), out, "fmod")
    except ivy.IvyBroadcastError:
        raise broadcast_error(input, other) from None


FUNCTIONS = {name: _unary(name, *spec) for name, spec in UNARY.items()}
FUNCTIONS.update({name: _binary(name, *spec) for name, spec in BINARY.items()})
add.direct_core = (frozenset(d for d in _KIND if d != "bool"), "add")
sub.direct_core = (frozenset(d for d in _KIND if d != "bool"), "subtract")
FUNCTIONS.update(add=add, sub=sub, subtract=subtract, div=div, divide=divide, fmod=fmod)
true_divide = FUNCTIONS["true_divide"]

# ---- operators ---------------------------------------------------------------------------------
# dunder: (function, swap operands)
DUNDERS = {
    "__add__": ("add", False), "__radd__": ("add", True),
    "__sub__": ("sub", False), "__rsub__": ("sub", True),
    "__mul__": ("mul", False), "__rmul__": ("mul", True),
    "__truediv__": ("true_divide", False), "__rtruediv__": ("true_divide", True),
    "__floordiv__": ("floor_divide", False), "__rfloordiv__": ("floor_divide", True),
    "__mod__": ("remainder", False), "__rmod__": ("remainder", True),
    "__pow__": ("pow", False), "__rpow__": ("pow", True),
    "__and__": ("bitwise_and", False), "__rand__": ("bitwise_and", True),
    "__or__": ("bitwise_or", False), "__ror__": ("bitwise_or", True),
    "__xor__": ("bitwise_xor", False), "__rxor__": ("bitwise_xor", True),
    "__lshift__": ("bitwise_left_shift", False), "__rlshift__": ("bitwise_left_shift", True),
    "__rshift__": ("bitwise_right_shift", False), "__rrshift__": ("bitwise_right_shift", True),
    "__eq__": ("eq", False), "__ne__": ("ne", False), "__lt__": ("lt", False),
    "__le__": ("le", False), "__gt__": ("gt", False), "__ge__": ("ge", False),
}
UNARY_DUNDERS = {"__neg__": "neg", "__pos__": "positive", "__abs__": "abs",
                 "__invert__": "bitwise_not"}
# in-place operator -> in-place method
INPLACE_DUNDERS = {"__iadd__": "add_", "__isub__": "sub_", "__imul__": "mul_",
                   "__itruediv__": "div_", "__ifloordiv__": "floor_divide_",
                   "__imod__": "remainder_", "__ipow__": "pow_", "__iand__": "bitwise_and_",
                   "__ior__": "bitwise_or_", "__ixor__": "bitwise_xor_",
                   "__ilshift__": "bitwise_left_shift_", "__irshift__": "bitwise_right_shift_"}


def _dunder(fn, swap):
    direct_core = getattr(fn, "direct_core", None)
    if direct_core is not None and not swap:
        # the common case inline: two tensors of one dtype the core function takes as they are
        direct, core = direct_core

        def method(self, other):
            if type(other) is Tensor:
                a, b = self._data, other._data
                if a.dtype == b.dtype and native_name(a) in direct:
                    t = _new(Tensor)
                    try:
                        t._data = getattr(ivy, core)(a, b)
                    except ivy.IvyBroadcastError:
                        raise broadcast_error(self, other) from None
                    return t
            if type(other) in _OPERAND_TYPES or isinstance(other, (Tensor, int, float, complex)):
                return fn(self, other)
            return _foreign(self, other, fn, False)
        return method
    if swap:
        def method(self, other):
            if not isinstance(other, (Tensor, int, float, bool, complex)):
                return _foreign(self, other, fn, True)
            return fn(other, self)
    else:
        def method(self, other):
            if type(other) in _OPERAND_TYPES or isinstance(other, (Tensor, int, float, complex)):
                return fn(self, other)
            return _foreign(self, other, fn, False)
    return method


_ORDERING = frozenset({"lt", "le", "gt", "ge"})
_SYMBOL = {"lt": "<", "le": "<=", "gt": ">", "ge": ">="}


def _foreign(self, other, fn, swap):
    """An operator with a numpy scalar (a weak scalar, as in torch), a numpy array (torch defers
    to numpy: numpy's promotion, the result wrapped back as a tensor) or a native array."""
    if isinstance(other, _np.generic):
        other = other.item()
        return fn(other, self) if swap else fn(self, other)
    if isinstance(other, _np.ndarray):
        if swap:                    # ndarray (op) tensor: neither side takes it, as in torch
            return NotImplemented
        name = fn.__name__
        if name in _ORDERING:
            kinds = ("numpy.ndarray", "Tensor") if swap else ("Tensor", "numpy.ndarray")
            raise TypeError(f"'{_SYMBOL[name]}' not supported between instances of "
                            f"'{kinds[0]}' and '{kinds[1]}'")
        mine = native_name(self._data)
        try:
            dt = _np.result_type(_np.dtype(mine), other.dtype).name
        except TypeError:                  # bfloat16 and other dtypes numpy does not have
            dt = None
        b = ivy.asarray(other)
        if dt is not None and dt in _KIND:
            if name == "true_divide" and dt in _INTEGRAL_OR_BOOL:
                dt = "float64"              # numpy's true division of integers
            a, b = cast(self._data, dt), cast(b, dt)
            x, y = _wrap(a), _wrap(b)
        else:
            x, y = self, _wrap(b)
        return fn(y, x) if swap else fn(x, y)
    if ivy.is_native_array(other):
        return fn(_wrap(other), self) if swap else fn(self, _wrap(other))
    return NotImplemented


def _method(fn):
    """``fn`` as a Tensor method taking the tensor first (a plain function is its own method)."""
    if type(fn) is _FunctionType:
        return fn

    def method(self, *args, **kwargs):
        return fn(self, *args, **kwargs)
    method.__name__ = fn.__name__
    return method


_TRUE_DIVISION = frozenset(n for n, spec in BINARY.items() if spec[1] == "true") | {"div"}


def _inplace(fn, name):
    base = fn.__name__
    binary = base in BINARY or base in ("add", "sub", "subtract", "div", "divide", "fmod")
    true_division = base in _TRUE_DIVISION

    def method(self, *args, **kwargs):
        if args and isinstance(args[0], _np.generic):
            args = (args[0].item(),) + args[1:]
        if binary and args and not (isinstance(args[0], Tensor) and not true_division
                                    and args[0]._data.dtype == self._data.dtype):
            # torch checks that the result dtype fits `self` before computing anything
            have, want = T.result_name((self, args[0])), native_name(self._data)
            if true_division and have in _INTEGRAL_OR_BOOL and \
                    kwargs.get("rounding_mode") is None:
                have = T.default_float()
            if not T.can_cast_names(have, want):
                raise RuntimeError(f"result type {_TORCH_NAME[have]} can't be cast to the desired "
                                   f"output type {_TORCH_NAME[want]}")
        return assign(self, fn(self, *args, **kwargs)._data, name)
    method.__name__ = name
    return method


def _invert(self):
    if _KIND[native_name(self._data)] not in "bi":
        raise TypeError("~ (operator.invert) is only implemented on integer and Boolean-type tensors")
    return FUNCTIONS["bitwise_not"](self)


def install_methods(cls, functions):
    """Tensor methods calling the module functions with the tensor first."""
    for name, fn in functions.items():
        setattr(cls, name, _method(fn))


def install(cls=Tensor):
    for name, fn in FUNCTIONS.items():
        setattr(cls, name, _method(fn))
        setattr(cls, name + "_", _inplace(fn, name + "_"))
    for dunder, (name, swap) in DUNDERS.items():
        setattr(cls, dunder, _dunder(FUNCTIONS[name], swap))
    for dunder, name in UNARY_DUNDERS.items():
        setattr(cls, dunder, _method(FUNCTIONS[name]))
    cls.__invert__ = _invert
    for dunder, name in INPLACE_DUNDERS.items():
        setattr(cls, dunder, getattr(cls, name))
    cls.__hash__ = lambda self: id(self)
