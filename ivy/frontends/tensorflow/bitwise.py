"""``tf.bitwise``: TensorFlow's Bitwise*/Invert/LeftShift/RightShift kernels -- integer dtypes
only, both operands of one dtype (a Python operand converts to the tensor's), broadcasting; a
shift count is clamped to ``[0, bits - 1]`` as the CPU kernel does (``1 << 70`` on int8 is
``-128``, a negative count shifts by 0)."""
from __future__ import annotations

import ivy

from .._shared import native_name
from . import _ops

_BITS = {"int8": 8, "uint8": 8, "int16": 16, "uint16": 16, "int32": 32, "uint32": 32,
         "int64": 64, "uint64": 64}
_LIST = "int8, int16, int32, int64, uint8, uint16, uint32, uint64"
# the shift kernels' dtype lists (the _ops tables hold the rest of TensorFlow's kernels)
_ops.KERNELS.setdefault("LeftShift", _ops._INT)
_ops.KERNELS.setdefault("RightShift", _ops._INT)
for _op in ("BitwiseAnd", "BitwiseOr", "BitwiseXor", "Invert", "LeftShift", "RightShift"):
    _ops.LISTED.setdefault(_op, _LIST)
del _op


def _shift(core):
    def f(a, b):
        count = ivy.clip(b, 0, _BITS[native_name(b)] - 1)
        return core(a, count)
    return f


bitwise_and = _ops.binary("BitwiseAnd", "bitwise_and")
bitwise_or = _ops.binary("BitwiseOr", "bitwise_or")
bitwise_xor = _ops.binary("BitwiseXor", "bitwise_xor")
left_shift = _ops.binary("LeftShift", _shift(lambda a, b: ivy.bitwise_left_shift(a, b)))
right_shift = _ops.binary("RightShift", _shift(lambda a, b: ivy.bitwise_right_shift(a, b)))
invert = _ops.unary("Invert", "bitwise_invert")
for _name in ("bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift",
              "invert"):
    globals()[_name].__name__ = globals()[_name].__qualname__ = _name
    globals()[_name].__doc__ = f"Implements ``tf.bitwise.{_name}``."
    globals()[_name].__module__ = "tensorflow.bitwise"
del _name
