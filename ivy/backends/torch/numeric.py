"""torch backend: the ``numeric`` extension on torch's kernels.

torch lacks gcd/lcm/fmod kernels for uint16/uint32 (computed in int64 here) and uint64 (raises);
``torch.ldexp`` multiplies by a rounded ``2**x2`` (so 2**100 * 2**-200 underflows in float32):
ldexp here scales by two exact powers of two instead, rounding once as numpy does.
"""
from __future__ import annotations

import torch

from ivy.core.errors import IvyValueError, from_native, unsupported
from ivy.core.ext.numeric import FrexpResult, bitcast_shape, check_dtype

from ._common import (CANONICAL, INT64, NAME, UINT64, WIDE_UNSIGNED, Tensor, operands,
                      native_dtype, same_dtype, tensor_operand)
from ._elementwise import _binary, _unary

_REAL = frozenset({torch.float16, torch.bfloat16, torch.float32, torch.float64})
_FLOATING = _REAL | {torch.complex64, torch.complex128}
_INTEGRAL = frozenset({torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8,
                       torch.uint16, torch.uint32, torch.uint64})
_KINDS = {"real floating": _REAL, "floating": _FLOATING, "integral": _INTEGRAL,
          "real numeric": _REAL | _INTEGRAL}
# float dtype -> (same-width int, explicit mantissa bits, exponent bias, smallest normal exponent,
# largest exponent): the IEEE layout ldexp builds exact powers of two from.
_LAYOUT = {torch.float16: (torch.int16, 10, 15, -14, 15),
           torch.bfloat16: (torch.int16, 7, 127, -126, 127),
           torch.float32: (torch.int32, 23, 127, -126, 127),
           torch.float64: (torch.int64, 52, 1023, -1022, 1023)}


_EXPONENT_CAP = 1 << 20   # beyond every float's range: clamping here cannot change a result


def _check(fn, x, kind):
    if x.dtype not in _KINDS[kind]:
        check_dtype(fn, CANONICAL.get(x.dtype, str(x.dtype)), kind, NAME)


def _checked(fn, kind, impl):
    def checked(x1, x2, /):
        for x in (x1, x2):
            if isinstance(x, Tensor):
                _check(fn, x, kind)
        return impl(x1, x2)
    checked.__name__ = checked.__qualname__ = fn
    checked.__doc__ = f"Implements `ivy.{fn}` on torch."
    return checked


def _in_int64(op, x1, x2):
    """gcd/lcm/fmod of uint16/uint32 in int64 (torch has no kernels); uint64 has no exact route."""
    if x1.dtype is UINT64:
        raise unsupported(op.__name__, NAME, "dtype uint64")
    if x1.dtype in WIDE_UNSIGNED:
        return op(x1.to(INT64), x2.to(INT64)).to(x1.dtype)
    return NotImplemented


gcd = _checked("gcd", "integral", _binary("gcd", torch.gcd, _in_int64))
lcm = _checked("lcm", "integral", _binary("lcm", torch.lcm, _in_int64))
fmod = _checked("fmod", "real numeric", _binary("fmod", torch.fmod, _in_int64))
fmax = _checked("fmax", "real numeric", _binary("fmax", torch.fmax))
fmin = _checked("fmin", "real numeric", _binary("fmin", torch.fmin))
logaddexp2 = _checked("logaddexp2", "real floating", _binary("logaddexp2", torch.logaddexp2))
_exp2 = _unary("exp2", torch.exp2)


def exp2(x, /):
    _check("exp2", x, "floating")
    return _exp2(x)


def frexp(x, /):
    _check("frexp", x, "real floating")
    try:
        return FrexpResult(*torch.frexp(x))
    except Exception as e:
        raise from_native(e, "frexp", NAME) from e


def _power_of_two(e, dtype):
    """2**e for integer tensor e within dtype's normal exponent range, built from its bits."""
    int_type, mantissa, bias, _, _ = _LAYOUT[dtype]
    return torch.bitwise_left_shift(e + bias, mantissa).to(int_type).view(dtype)


def ldexp(x1, x2, /):
    try:
        x1 = tensor_operand("ldexp", x1)
        _check("ldexp", x1, "real floating")
        if isinstance(x2, Tensor):
            _check("ldexp", x2, "integral")
            x2 = torch.clamp(x2.to(INT64), -_EXPONENT_CAP, _EXPONENT_CAP)
        elif type(x2) is not int:
            check_dtype("ldexp", type(x2).__name__, "integral", NAME)
        else:
            x2 = max(min(x2, _EXPONENT_CAP), -_EXPONENT_CAP)
        _, mantissa_bits, _, low, high = _LAYOUT[x1.dtype]
        m, e = torch.frexp(x1)                     # x1 = m * 2**e, m in [0.5, 1)
        # result = (2m) * 2**f; f split into a normal power and a small rest, rounded once
        f = torch.clamp(e.to(INT64) + x2 - 1, low - mantissa_bits - 2, high + 1)
        normal = torch.clamp(f, low, high)
        return (m * 2) * _power_of_two(normal, x1.dtype) * _power_of_two(f - normal, x1.dtype)
    except Exception as e:
        raise from_native(e, "ldexp", NAME) from e


def nan_to_num(x, /, *, nan=0.0, posinf=None, neginf=None):
    try:
        return torch.nan_to_num(x, nan=nan, posinf=posinf, neginf=neginf)
    except Exception as e:
        raise from_native(e, "nan_to_num", NAME) from e


def lerp(start, end, weight, /):
    try:
        if isinstance(weight, (bool, int, float)):
            start, end = same_dtype("lerp", [start, end])
            _check("lerp", start, "floating")
            return torch.lerp(start, end, float(weight))
        start, end, weight = same_dtype("lerp", [start, end, weight])
        _check("lerp", start, "floating")
        return torch.lerp(start, end, weight)
    except Exception as e:
        raise from_native(e, "lerp", NAME) from e


def _fused(name, op):
    def fn(x, x1, x2, /, *, value=1):
        try:
            x, x1, x2 = same_dtype(name, [x, x1, x2])
            _check(name, x, "floating")
            return op(x, x1, x2, value=value)
        except Exception as e:
            raise from_native(e, name, NAME) from e
    fn.__name__ = fn.__qualname__ = name
    return fn


addcmul = _fused("addcmul", torch.addcmul)
addcdiv = _fused("addcdiv", torch.addcdiv)


def cdist(x1, x2, /, *, p=2.0):
    """torch.cdist without its matrix-product shortcut for p=2 (which loses precision)."""
    try:
        x1, x2 = operands("cdist", x1, x2)
        _check("cdist", x1, "real floating")
        return torch.cdist(x1, x2, p=p, compute_mode="donot_use_mm_for_euclid_dist")
    except Exception as e:
        raise from_native(e, "cdist", NAME) from e


def bitcast(x, dtype, /):
    d = native_dtype(dtype, "bitcast")
    x = tensor_operand("bitcast", x)
    bitcast_shape(x.shape, x.element_size(), d.itemsize, NAME)
    if x.element_size() != d.itemsize and x.dim() and x.shape[-1] > 1 and x.stride(-1) != 1:
        raise IvyValueError("ivy.bitcast (torch backend): To change to a dtype of a different "
                            "size, the last axis must be contiguous", function="bitcast",
                            backend=NAME)
    try:
        try:
            return x.view(d)
        except RuntimeError:    # other strides not whole new items (NumPy allows): a copy
            return x.reshape(-1).clone().view(x.shape).view(d)     # standard strides
    except Exception as e:
        raise from_native(e, "bitcast", NAME) from e
