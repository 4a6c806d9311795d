"""Elementwise functions, generated from tables by one closure factory per arity.

Hot path of a binary function: one dtype identity check and the native call inside one try.
Python scalars, promotion, arrays handed over from numpy, torch's unsigned-integer gaps and its
integer division by zero are handled only once the native call could not be made or failed.
"""
from __future__ import annotations

import functools

import torch

from ivy.core import dtypes as _dt
from ivy.core.errors import IvyError, from_native

from ._common import (CANONICAL, INT64, INTEGRAL, NAME, TORCH_DTYPE, UINT64, UNSIGNED,
                      WIDE_UNSIGNED, Tensor, bits, from_key, modular, operands, order_key, ordered,
                      promote, scalar_dtype, tensor_operand, type_error)
from ._common import bias as _bias


# ---- factories ---------------------------------------------------------------------------------

def _range(name):
    if name in _dt.INTEGRAL:
        info = _dt.iinfo(name)
        return info.min, info.max
    return None


# Python scalar type -> {x1 dtype: int range or None} for which torch's own scalar handling keeps
# x1's dtype, exactly as the standard's "a scalar takes the array's dtype" (no wide unsigned: they
# lack kernels; out-of-range ints: torch would wrap them silently).
_SCALAR_NATIVE = {
    kind: {TORCH_DTYPE[n]: _range(n) for n in names if TORCH_DTYPE[n] not in WIDE_UNSIGNED}
    for kind, names in _dt.SCALAR_OK.items()
}

# A Python number with a float32/float64 tensor (``0.5 * g``, ``x / 2``) is handed to torch as a
# cached 0-d tensor of the tensor's dtype: torch's call with a number wraps it anew each time
# (1.5-2 us more than with a tensor). Only where that computes exactly what the number did (and,
# for a number first, what the 0-d tensor route of ``operands`` did): checked bit for bit,
# infinities and NaN included -- not ``x ** 2.0`` (torch's scalar exponents take a squaring or
# sqrt kernel) nor half precision (a number computes in float32 unrounded).
_CONSTANT_SECOND = frozenset({"add", "subtract", "multiply", "divide", "floor_divide",
                              "remainder", "copysign", "equal", "not_equal", "greater",
                              "greater_equal", "less", "less_equal"})
_SCALAR_FIRST = frozenset({"add", "subtract", "multiply", "divide", "floor_divide", "remainder",
                           "pow"})
_SCALAR_FIRST_TYPES = frozenset({int, float})
_SCALAR_FIRST_DTYPES = frozenset({torch.float32, torch.float64})
_CONSTANTS: dict = {}        # (number's type, number, dtype, device) -> 0-d tensor
_CONSTANTS_MAX = 512


def _constant(number, dtype, device):
    """The cached 0-d tensor of ``number`` (an int or float), or None where a cached one could
    be wrong or the cache is full: a NaN never equals its key, 0.0 would stand for -0.0, and
    torch.tensor may round a large int differently from torch's own scalar conversion."""
    key = (type(number), number, dtype, device)
    c = _CONSTANTS.get(key)
    if c is None:
        if number != number or number == 0 or len(_CONSTANTS) >= _CONSTANTS_MAX or (
                type(number) is int and not -2 ** 24 <= number <= 2 ** 24):
            return None
        c = _CONSTANTS[key] = torch.tensor(number, dtype=dtype, device=device)
    return c


def _retry(name, op, route, x1, *rest):
    """After the native call failed: the route for torch's gaps, else the native error."""
    try:
        return op(x1, *rest)
    except Exception as e:
        err = e
    if route is not None:
        try:
            r = route(op, x1, *rest)
        except IvyError:
            raise
        except Exception as e:
            raise from_native(e, name, NAME) from e
        if r is not NotImplemented:
            return r
    raise from_native(err, name, NAME) from err


def _binary(name, op, route=None, complex_op=None):
    if complex_op is None:
        def fn(x1, x2, /):
            if type(x2) not in _SCALAR_NATIVE:      # a Python scalar would raise on .dtype: slow
                try:
                    if x1.dtype is x2.dtype:
                        return op(x1, x2)
                except Exception:
                    pass
            return _binary_slow(name, op, route, x1, x2)
    else:
        # complex operands need another body (add: torch's kernel computes x1 + 1 * x2, and the
        # multiply turns an infinite component's partner into NaN)
        c64, c128 = torch.complex64, torch.complex128

        def either(a, b):
            d = a.dtype if isinstance(a, Tensor) else b.dtype     # a Python number first
            return complex_op(a, b) if d is c64 or d is c128 else op(a, b)

        def fn(x1, x2, /):
            if type(x2) in _SCALAR_NATIVE:
                return _binary_slow(name, either, route, x1, x2)
            try:
                d = x1.dtype
                if d is x2.dtype:
                    if d is c64 or d is c128:
                        return complex_op(x1, x2)
                    return op(x1, x2)
            except Exception:
                pass
            return _binary_slow(name, either, route, x1, x2)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Array API ``{name}`` on torch."
    return fn


def _binary_slow(name, op, route, x1, x2):
    native = _SCALAR_NATIVE.get(type(x2))
    if native is not None and isinstance(x1, Tensor) and x1.dtype in native:
        bounds = native[x1.dtype]
        if bounds is None or bounds[0] <= x2 <= bounds[1]:
            if name in _CONSTANT_SECOND and x1.dtype in _SCALAR_FIRST_DTYPES and \
                    type(x2) in _SCALAR_FIRST_TYPES:
                c = _constant(x2, x1.dtype, x1.device)
                if c is not None:
                    x2 = c
            try:
                return op(x1, x2)
            except Exception:
                pass
    elif name in _SCALAR_FIRST and type(x1) in _SCALAR_FIRST_TYPES and isinstance(x2, Tensor) \
            and x2.dtype in _SCALAR_FIRST_DTYPES:
        c = _constant(x1, x2.dtype, x2.device)     # ``lr * g``
        try:
            return op(x1 if c is None else c, x2)
        except Exception:
            pass
    x1, x2 = operands(name, x1, x2)
    return _retry(name, op, route, x1, x2)


def _unary(name, op, route=None):
    def fn(x, /):
        try:
            return op(x)
        except Exception:
            pass
        return _retry(name, op, route, tensor_operand(name, x))
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Array API ``{name}`` on torch."
    return fn


# ---- special bodies and routes -------------------------------------------------------------------

def _zero_safe(part):
    """Integer floor_divide/remainder: torch raises on a zero divisor; give 0, as numpy does.
    ``part`` picks quotient (0) or remainder (1) of the exact uint64 division."""
    def safe(op, x1, x2):
        zero = x2 == 0
        r = op(x1, torch.where(zero, torch.ones_like(x2), x2))
        return torch.where(zero, torch.zeros_like(r), r)

    def route(op, x1, x2):
        if x1.dtype is UINT64:
            return _uint64_divmod(x1, x2)[part]
        if x1.dtype in WIDE_UNSIGNED:
            return modular(lambda a, b: safe(op, a, b), x1, x2)
        return safe(op, x1, x2) if x1.dtype in INTEGRAL else NotImplemented
    return route


def _remainder(x1, x2):
    r = torch.remainder(x1, x2)
    if r.is_floating_point():
        # The standard gives a zero result the divisor's sign; torch gives it the dividend's.
        r = torch.where(r == 0, torch.copysign(r, x2), r)
    return r


def _logical_right_shift(a, s):
    """Unsigned right shift of int64 words (the bits of uint64 values); s >= 64 gives 0."""
    once = torch.bitwise_and(torch.bitwise_right_shift(a, 1), 2 ** 63 - 1)
    r = torch.bitwise_right_shift(once, torch.clamp(s - 1, min=0))
    r = torch.where(s == 0, a, r)
    return torch.where((s < 0) | (s >= 64), torch.zeros_like(r), r)


def _right_shift_route(op, x1, x2):
    if x1.dtype is not UINT64:
        return modular(op, x1, x2)      # uint16/32 in int64: shifting a non-negative is logical
    return _logical_right_shift(x1.view(INT64), x2.view(INT64)).view(UINT64)


def _uint64_divmod(a, b):
    """Exact unsigned 64-bit floor division and remainder in int64 arithmetic (numpy: x/0 = 0)."""
    a, b = torch.broadcast_tensors(a.view(INT64), b.view(INT64))
    big = b < 0                                     # divisor >= 2**63: the quotient is 0 or 1
    zero = b == 0
    safe = torch.where(big | zero, torch.ones_like(b), b)
    # halve the dividend (logically) so it fits int64, divide, then correct by one step
    q = torch.bitwise_left_shift(torch.floor_divide(_logical_right_shift(a, torch.ones_like(a)),
                                                    safe), 1)
    r = a - q * safe
    q = torch.where(_bias(r) >= _bias(safe), q + 1, q)
    q = torch.where(big, (_bias(a) >= _bias(b)).to(INT64), q)
    q = torch.where(zero, torch.zeros_like(q), q)
    r = torch.where(zero, torch.zeros_like(a), a - q * b)
    return q.view(UINT64), r.view(UINT64)


def _uint64_pow(op, a, b):
    """uint64 power modulo 2**64; exponents >= 2**63 by square-and-multiply over all 64 bits."""
    if a.dtype is not UINT64:
        return modular(op, a, b)
    a, b = a.view(INT64), b.view(INT64)
    if not bool((b < 0).any()):
        return torch.pow(a, b).view(UINT64)
    a, b = torch.broadcast_tensors(a, b)
    result, base = torch.ones_like(a), a.clone()
    for bit in range(64):
        odd = torch.bitwise_and(torch.bitwise_right_shift(b, bit), 1) == 1
        result = torch.where(odd, result * base, result)
        base = base * base
    return result.view(UINT64)


def _complex_add(x1, x2):
    # componentwise, as the standard defines it (torch's kernel computes x1 + 1 * x2)
    return torch.view_as_complex(torch.add(torch.view_as_real(x1.resolve_conj()),
                                           torch.view_as_real(x2.resolve_conj())))


def _complex_subtract(x1, x2):
    return torch.view_as_complex(torch.subtract(torch.view_as_real(x1.resolve_conj()),
                                                torch.view_as_real(x2.resolve_conj())))


def _complex_pow(x1, x2):
    """torch computes exp(x2 * log(x1)); numpy (and array_api_strict) multiply out a small
    integer exponent, exactly, and give x ** 0 = 1 for every x."""
    if type(x2) in (int, float) and x2 == int(x2) and -100 < x2 < 100:
        return _complex_int_pow(x1, int(x2))
    r = torch.pow(x1, x2)
    return torch.where(x2 == 0, torch.ones_like(r), r)


def _complex_int_pow(x, n):
    """x ** n by repeated squaring, in numpy's order of complex multiplications."""
    if n == 0:
        return torch.ones_like(x)
    if 0 < n <= 3:
        return x if n == 1 else x * x if n == 2 else x * (x * x)
    result, power, m = torch.ones_like(x), x, abs(n)
    while True:
        if m & 1:
            result = result * power
        m >>= 1
        if not m:
            break
        power = power * power
    return torch.reciprocal(result) if n < 0 else result


def _log1p(x):
    r = torch.log1p(x)
    if x.is_complex():
        # torch's complex log1p gives NaN for subnormal parts; below eps, log1p(z) is z
        r = torch.where(x.abs() < torch.finfo(x.dtype).eps, x, r)
    return r



def _uint_identity(op, x):
    return x.clone() if x.dtype in UNSIGNED else NotImplemented


def _uint_sign(op, x):
    return (x != 0).to(x.dtype) if x.dtype in UNSIGNED else NotImplemented


def _sign(x):
    if x.is_floating_point():
        return torch.where(torch.isnan(x), x, torch.sign(x))    # torch.sign(nan) is 0
    if x.is_complex():
        # x / |x| (0 at 0), so a NaN component gives NaN + NaN j as the standard asks
        return x / torch.where(x == 0, torch.ones_like(x.real), x.abs())
    return torch.sign(x)


def _round_route(op, x):
    if x.is_complex():
        return torch.complex(torch.round(x.real), torch.round(x.imag))
    return NotImplemented


def _conj_route(op, x):
    return NotImplemented if x.is_complex() else x.clone()


def _int_identity_route(op, x):
    return x.clone() if x.dtype in INTEGRAL else NotImplemented


# ---- tables ------------------------------------------------------------------------------------

UNARY = {
    "abs": (torch.abs, _uint_identity),
    "acos": (torch.acos, None),
    "acosh": (torch.acosh, None),
    "asin": (torch.asin, None),
    "asinh": (torch.asinh, None),
    "atan": (torch.atan, None),
    "atanh": (torch.atanh, None),
    "bitwise_invert": (torch.bitwise_not, bits),
    "ceil": (torch.ceil, _int_identity_route),
    "conj": (torch.conj_physical, _conj_route),
    "cos": (torch.cos, None),
    "cosh": (torch.cosh, None),
    "exp": (torch.exp, None),
    "expm1": (torch.expm1, None),
    "floor": (torch.floor, _int_identity_route),
    "imag": (torch.imag, None),
    "isfinite": (torch.isfinite, bits),
    "isinf": (torch.isinf, bits),
    "isnan": (torch.isnan, bits),
    "log": (torch.log, None),
    "log1p": (_log1p, None),
    "log2": (torch.log2, None),
    "log10": (torch.log10, None),
    "logical_not": (torch.logical_not, None),
    "negative": (torch.negative, modular),
    "positive": (torch.positive, None),
    "real": (torch.real, None),
    "reciprocal": (torch.reciprocal, None),
    "round": (torch.round, _round_route),
    "sign": (_sign, _uint_sign),
    "signbit": (torch.signbit, None),
    "sin": (torch.sin, None),
    "sinh": (torch.sinh, None),
    "square": (torch.square, modular),
    "sqrt": (torch.sqrt, None),
    "tan": (torch.tan, None),
    "tanh": (torch.tanh, None),
    "trunc": (torch.trunc, _int_identity_route),
}

BINARY = {
    "add": (torch.add, modular),
    "atan2": (torch.atan2, None),
    "bitwise_and": (torch.bitwise_and, bits),
    "bitwise_left_shift": (torch.bitwise_left_shift, modular),
    "bitwise_or": (torch.bitwise_or, bits),
    "bitwise_right_shift": (torch.bitwise_right_shift, _right_shift_route),
    "bitwise_xor": (torch.bitwise_xor, bits),
    "copysign": (torch.copysign, None),
    "divide": (torch.divide, None),
    "equal": (torch.eq, bits),
    # torch.div's floor mode: floor_divide's values with a zero derivative (as jax's and tf's)
    # where torch.floor_divide has none
    "floor_divide": (functools.partial(torch.div, rounding_mode="floor"), _zero_safe(0)),
    "greater": (torch.gt, ordered),
    "greater_equal": (torch.ge, ordered),
    "hypot": (torch.hypot, None),
    "less": (torch.lt, ordered),
    "less_equal": (torch.le, ordered),
    "logaddexp": (torch.logaddexp, None),
    "logical_and": (torch.logical_and, None),
    "logical_or": (torch.logical_or, None),
    "logical_xor": (torch.logical_xor, None),
    "maximum": (torch.maximum, ordered),
    "minimum": (torch.minimum, ordered),
    "multiply": (torch.multiply, modular),
    "nextafter": (torch.nextafter, None),
    "not_equal": (torch.ne, bits),
    "pow": (torch.pow, _uint64_pow),
    "remainder": (_remainder, _zero_safe(1)),
    "subtract": (torch.subtract, modular),
}

COMPLEX_BODY = {"add": _complex_add, "subtract": _complex_subtract, "pow": _complex_pow}

FUNCTIONS = {name: _unary(name, op, route) for name, (op, route) in UNARY.items()}
FUNCTIONS.update({name: _binary(name, op, route, COMPLEX_BODY.get(name))
                  for name, (op, route) in BINARY.items()})


# ---- clip ----------------------------------------------------------------------------------------

def clip(x, /, min=None, max=None):
    """Array API ``clip``: the result keeps x's dtype; a NaN bound gives NaN, as in numpy.

    Bounds compare with x in their promoted dtype, then the result is cast to x's dtype (what
    array_api_strict does); an int bound outside x's integer range clips at the range's end.
    """
    fn = "clip"
    x = tensor_operand(fn, x)
    dtype = x.dtype
    if min is None and max is None:
        return x.clone()
    name = CANONICAL.get(dtype)
    bounds, compute = [], dtype
    for b in (min, max):
        if isinstance(b, Tensor):
            compute = promote(fn, compute, b.dtype)
        elif b is not None:
            if type(b) not in (int, float):
                raise type_error(fn, f"bounds must be None, int, float or an array, not "
                                     f"{type(b).__name__}")
            scalar_dtype(fn, b, dtype)
            if type(b) is int and name in _dt.INTEGRAL:
                info = _dt.iinfo(name)
                b = info.min if b < info.min else info.max if b > info.max else b
        bounds.append(b)
    try:
        lo, hi = (b if b is None else torch.as_tensor(b, dtype=compute, device=x.device).to(compute)
                  for b in bounds)
        if compute in WIDE_UNSIGNED:
            key = order_key(x.to(compute))
            r = torch.clamp(key, None if lo is None else order_key(lo),
                            None if hi is None else order_key(hi))
            r = from_key(r, compute)
        else:
            r = torch.clamp(x.to(compute), lo, hi)
        return r if r.dtype is dtype else r.to(dtype)
    except Exception as e:
        raise from_native(e, fn, NAME) from e


__all__ = [*FUNCTIONS, "clip"]
