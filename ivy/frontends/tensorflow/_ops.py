"""Elementwise and matrix operations with TensorFlow's kernel rules, shared by the ``tf``/
``tf.math`` functions and the Tensor operators: operands of one dtype (else InvalidArgumentError),
the kernel's dtype list (else InvalidArgumentError), Python/numpy operands converted to the
tensor's dtype."""
from __future__ import annotations

import ivy
from ivy.core import dtypes as D

from .._shared import native_name
from . import _dtypes as T
from ._tensor import Tensor, convert, operand, wrap
from ivy.core.errors import IvyError, IvyNotImplementedError

from .errors import InvalidArgumentError, NotFoundError, invalid_argument

_ALL = frozenset(D.ALL)
_NO_BOOL = _ALL - {"bool"}
_REAL = _NO_BOOL - set(D.COMPLEX_FLOATING)
_INT = frozenset(D.INTEGRAL)
_INEXACT = frozenset(D.FLOATING)
_SIGNED = _NO_BOOL - set(D.UNSIGNED)
# kernel dtype lists of TensorFlow 2.21's CPU kernels (probed)
KERNELS = {"AddV2": _NO_BOOL, "Sub": _NO_BOOL, "Mul": _NO_BOOL, "RealDiv": _INEXACT,
           "FloorDiv": _REAL, "FloorMod": _REAL, "Pow": _SIGNED, "Maximum": _REAL,
           "Minimum": _REAL, "Less": _REAL, "LessEqual": _REAL, "Greater": _REAL,
           "GreaterEqual": _REAL, "Equal": _ALL, "NotEqual": _ALL, "BitwiseAnd": _INT,
           "BitwiseOr": _INT, "BitwiseXor": _INT, "LogicalAnd": {"bool"}, "LogicalOr": {"bool"},
           "MatMul": _INEXACT | {"int32", "int64"}, "Neg": _SIGNED,
           "Abs": _SIGNED - set(D.COMPLEX_FLOATING), "Invert": _INT, "LogicalNot": {"bool"},
           "Sum": _NO_BOOL, "Prod": _NO_BOOL, "Mean": _NO_BOOL, "Max": _REAL, "Min": _REAL,
           "Any": {"bool"}, "All": {"bool"}, "ArgMax": _REAL | {"bool"},
           "ArgMin": _REAL | {"bool"}}
# truediv casts integers first (int8/16 and uint8/16 to float32, wider to float64)
_TRUEDIV_CAST = {"int8": "float32", "int16": "float32", "uint8": "float32", "uint16": "float32",
                 "int32": "float64", "int64": "float64", "uint32": "float64", "uint64": "float64"}


def _k(name: str) -> str:
    return T.KERNEL_NAME.get(name, name)


# dtypes the op accepts but no CPU kernel is registered for (NotFoundError, not the op's list)
_NO_KERNEL = {"MatMul": frozenset(D.UNSIGNED), "FloorDiv": frozenset(D.COMPLEX_FLOATING),
              "RealDiv": _INT}


# the order most of TensorFlow's op registrations list their dtypes in (its error messages)
_LISTED = ("bfloat16", "float16", "float32", "float64", "uint8", "uint16", "uint32", "uint64",
           "int8", "int16", "int32", "int64", "complex64", "complex128", "bool")


_RED = ("float, double, int32, uint8, int16, int8, complex64, int64, qint8, quint8, qint32, "
        "bfloat16, qint16, quint16, uint16, complex128, half, uint32, uint64")
_CMP = "float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64"
_Q = ", qint8, quint8, qint32, qint16, quint16"
_ARITH = ("bfloat16, half, float, double, uint8, int8, uint16, int16, int32, uint32, uint64, "
          "int64, complex64, complex128")
# an op's dtype list as its registration spells it in the error (it names dtypes without a CPU
# kernel and quantized ones; the KERNELS sets above are what runs); probed from TensorFlow 2.21
LISTED = {"Sum": _RED, "Prod": _RED, "Mean": _RED, "Cumsum": _RED, "Cumprod": _RED,
          "Max": _CMP + _Q, "Min": _CMP + _Q, "ArgMax": _CMP + _Q + ", bool",
          "ArgMin": _CMP + _Q + ", bool", "Less": _CMP, "LessEqual": _CMP, "Greater": _CMP,
          "GreaterEqual": _CMP, "Softmax": "half, bfloat16, float, double",
          "LogSoftmax": "half, bfloat16, float, double",
          "Neg": "bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128",
          "Abs": "bfloat16, half, float, double, int8, int16, int32, int64",
          "Maximum": "bfloat16, half, float, double, int8, uint8, int16, uint16, int32, uint32, "
                     "int64, uint64",
          "Minimum": "bfloat16, half, float, double, int8, uint8, int16, uint16, int32, uint32, "
                     "int64, uint64",
          "MatMul": "bfloat16, half, float, double, int32, int64, uint8, uint16, uint32, uint64, "
                    "complex64, complex128",
          "RealDiv": _ARITH, "FloorDiv": _ARITH, "Mul": _ARITH,
          "Pow": "bfloat16, float, half, double, int8, int16, int32, int64, complex64, complex128",
          "Sub": "bfloat16, half, float, double, uint8, int8, uint16, int16, int32, int64, "
                 "complex64, complex128, uint32, uint64"}


def check_kernel(op: str, name: str) -> None:
    allowed = KERNELS[op]
    if name in _NO_KERNEL.get(op, ()):
        raise NotFoundError(None, op, f"Could not find device for node: {{{{node {op}}}}} = "
                                      f"{op}[T=DT_{_k(name).upper()}]")
    if name not in allowed:
        listed = LISTED.get(op) or ", ".join(_k(n) for n in _LISTED if n in allowed)
        raise invalid_argument(f"Value for attr 'T' of {_k(name)} is not in the list of allowed "
                               f"values: {listed}", op)


def same_dtype(op: str, a, b, index: int = 1) -> str:
    an, bn = native_name(a), native_name(b)
    if an != bn:
        raise invalid_argument(f"cannot compute {op} as input #{index}(zero-based) was expected "
                               f"to be a {_k(an)} tensor but is a {_k(bn)} tensor", op)
    return an


def pair(x, y, strict: bool):
    """Both operands as natives: a tensor's dtype is the other's conversion target (``strict``:
    a value that does not convert raises TypeError, as TensorFlow's generated ops do; else the
    second operand falls back to converting on its own, the first always does, and the kernel
    refuses a mismatch: ``tf.add(2, tf.ones(2))`` is an InvalidArgumentError in TensorFlow)."""
    if type(x) is Tensor:
        a = x._data
        return a, (y._data if type(y) is Tensor else
                   convert(y, native_name(a)) if strict else operand(y, native_name(a)))
    if type(y) is Tensor:
        b = y._data
        return convert(x, native_name(b)) if strict else convert(x), b
    a = convert(x)
    return a, convert(y, native_name(a)) if strict else operand(y, native_name(a))


_IVY = vars(ivy)


def binary(op: str, core, strict: bool = True):
    """A binary function of TensorFlow kernel ``op`` computed by ``core`` (see ``kernel``).
    ``strict``: a Python operand that does not convert to the other's dtype is a TypeError, as
    in TensorFlow's generated ops (all but ``AddV2`` and ``MatMul``, whose wrappers convert each
    operand on its own and leave the mismatch to the kernel)."""
    def f(x, y, name=None):
        a, b = pair(x, y, strict)
        n = same_dtype(op, a, b)
        if n not in KERNELS[op] or op in _NO_KERNEL:
            check_kernel(op, n)
        try:
            return wrap(kernel(op, core, a, b))
        except InvalidArgumentError as e:
            if e.__cause__ is not None:     # the core's error (our own kernel checks have none)
                broadcastable(op, f"Incompatible shapes: {dims(a.shape)} vs. {dims(b.shape)}",
                              a.shape, b.shape)
            raise
    return f


def dims(shape) -> str:
    """A shape as TensorFlow's kernel messages print it: ``[2,3]``."""
    return "[" + ",".join(str(int(d)) for d in shape) + "]"


def broadcastable(op: str, message: str, *shapes) -> None:
    """InvalidArgumentError(``message``) unless the shapes broadcast together."""
    try:
        ivy.broadcast_shapes(*(tuple(s) for s in shapes))
    except Exception:       # noqa: BLE001 - the core's broadcast error, in TensorFlow's words
        raise invalid_argument(message, op) from None


def kernel(op: str, core, *natives, **options):
    """``core(*natives, **options)`` with the core's errors as TensorFlow's kernel errors;
    ``core`` is a function of natives or the name of an ivy function (the selected backend's,
    looked up at call time)."""
    try:
        return (_IVY[core] if type(core) is str else core)(*natives, **options)
    except IvyNotImplementedError:
        raise
    except IvyError as e:
        raise invalid_argument(str(e).split(": ", 1)[-1], op) from e


def _nonzero_divisor(op, b, name):
    if name in _INT and bool(ivy.any(ivy.equal(b, 0))):
        raise invalid_argument("Integer division by zero", op)


def _floor_divide(a, b):
    _nonzero_divisor("FloorDiv", b, native_name(b))
    return ivy.floor_divide(a, b)


def _floor_mod(a, b):
    _nonzero_divisor("FloorMod", b, native_name(b))
    return ivy.remainder(a, b)


def _pow(a, b):
    if native_name(b) in _INT and bool(ivy.any(ivy.less(b, 0))):
        raise invalid_argument("Integers to negative integer powers are not allowed", "Pow")
    return ivy.pow(a, b)


def truediv(x, y, name=None):
    """``tf.math.truediv``: integers cast to float32/float64 first; bool refused."""
    a, b = pair(x, y, False)
    n, m = native_name(a), native_name(b)
    if n != m:
        raise TypeError(f"`x` and `y` must have the same dtype, got tf.{n} != tf.{m}.")
    if n == "bool":
        raise TypeError("Invalid dtype tf.bool in __truediv__. Expected one of {tf.uint8, "
                        "tf.int8, tf.uint16, tf.int16, tf.uint32, tf.int32, tf.uint64, tf.int64, "
                        "tf.bfloat16, tf.float16, tf.float32, tf.float64, tf.complex64, "
                        "tf.complex128}.")
    target = _TRUEDIV_CAST.get(n)
    if target is not None:
        a, b = ivy.astype(a, target), ivy.astype(b, target)
    return wrap(kernel("RealDiv", _IVY["divide"], a, b))


def unary(op: str, core, unchanged=()):
    """A unary function of TensorFlow kernel ``op`` computed by ``core`` (see ``kernel``); inputs
    of a dtype in ``unchanged`` are their own result."""
    def f(x, name=None):
        a = x._data if type(x) is Tensor else convert(x)
        n = native_name(a)
        if n not in KERNELS[op] or op in _NO_KERNEL:
            check_kernel(op, n)
        if n in unchanged:
            return wrap(a)
        return wrap(kernel(op, core, a))
    return f


def _equality(op, core, default):
    """``==``/``!=``: incompatible shapes give a scalar False/True (TensorFlow's
    ``incompatible_shape_error=False``), ``None`` compares unequal."""
    def f(x, y):
        if y is None:
            return default
        a, b = pair(x, y, True)
        same_dtype(op, a, b)
        try:
            ivy.broadcast_shapes(tuple(a.shape), tuple(b.shape))
        except Exception:       # noqa: BLE001 - not broadcastable: TensorFlow's scalar answer
            return wrap(ivy.asarray(default))
        return wrap(kernel(op, core, a, b))
    return f


def _logical_or_bitwise(bitwise, logical):
    def core(a, b):
        return _IVY[logical if native_name(a) == "bool" else bitwise](a, b)
    return core


def _bitlike(op_bits, op_logic, bitwise, logical, strict=True):
    """``&``/``|``/``^``: logical on bool tensors, bitwise on integers."""
    core = _logical_or_bitwise(bitwise, logical)

    def f(x, y, name=None):
        a, b = pair(x, y, strict)
        n = same_dtype(op_bits, a, b)
        check_kernel(op_logic if n == "bool" else op_bits, n)
        return wrap(kernel(op_bits, core, a, b))
    return f


def _invert(x):
    a = x._data
    if native_name(a) == "bool":
        return wrap(ivy.logical_not(a))
    check_kernel("Invert", native_name(a))
    return wrap(ivy.bitwise_invert(a))


def _matmul(a, b):
    if len(a.shape) < 2 or len(b.shape) < 2:
        raise invalid_argument(f"In[0] and In[1] has different ndims: {dims(a.shape)} vs. "
                               f"{dims(b.shape)}" if len(a.shape) != len(b.shape) else
                               f"In[0] and In[1] ndims must be == 2: {len(a.shape)}", "MatMul")
    try:
        return ivy.matmul(a, b)
    except IvyError:        # the core refused the shapes: say why in TensorFlow's words
        _matmul_shapes(a, b)
        raise


def _matmul_shapes(a, b):
    op = "MatMul" if len(a.shape) == len(b.shape) == 2 else "BatchMatMulV2"
    if a.shape[-1] != b.shape[-2]:
        raise invalid_argument(f"Matrix size-incompatible: In[0]: {dims(a.shape)}, In[1]: "
                               f"{dims(b.shape)}", op)
    broadcastable(op, f"In[0] and In[1] must have compatible batch dimensions: "
                  f"{dims(a.shape)} vs. {dims(b.shape)}", a.shape[:-2], b.shape[:-2])


add = binary("AddV2", "add", strict=False)
subtract = binary("Sub", "subtract")
multiply = binary("Mul", "multiply")
floordiv = binary("FloorDiv", _floor_divide)
floormod = binary("FloorMod", _floor_mod)
pow = binary("Pow", _pow)  # noqa: A001 - TensorFlow's name
maximum = binary("Maximum", "maximum")
minimum = binary("Minimum", "minimum")
less = binary("Less", "less", strict=True)
less_equal = binary("LessEqual", "less_equal", strict=True)
greater = binary("Greater", "greater", strict=True)
greater_equal = binary("GreaterEqual", "greater_equal", strict=True)
equal = binary("Equal", "equal", strict=True)
not_equal = binary("NotEqual", "not_equal", strict=True)
matmul_core = binary("MatMul", _matmul, strict=False)
negative = unary("Neg", "negative")
abs_core = unary("Abs", "abs")


def _reflected(fn):
    """``other <op> tensor``: TensorFlow converts ``other`` to the tensor's dtype strictly."""
    def r(self, other):
        a, b = pair(other, self, True)
        return fn(wrap(a), wrap(b))
    return r


OPERATORS = {
    "__add__": add, "__radd__": _reflected(add),
    "__sub__": subtract, "__rsub__": _reflected(subtract),
    "__mul__": multiply, "__rmul__": _reflected(multiply),
    "__truediv__": truediv, "__rtruediv__": _reflected(truediv),
    "__floordiv__": floordiv, "__rfloordiv__": _reflected(floordiv),
    "__mod__": floormod, "__rmod__": _reflected(floormod),
    "__pow__": pow, "__rpow__": _reflected(pow),
    "__matmul__": matmul_core, "__rmatmul__": _reflected(matmul_core),
    "__lt__": less, "__le__": less_equal,
    "__gt__": greater, "__ge__": greater_equal,
    "__eq__": _equality("Equal", "equal", False), "__ne__": _equality("NotEqual", "not_equal",
                                                                       True),
    "__and__": _bitlike("BitwiseAnd", "LogicalAnd", "bitwise_and", "logical_and"),
    "__rand__": _reflected(_bitlike("BitwiseAnd", "LogicalAnd", "bitwise_and", "logical_and")),
    "__or__": _bitlike("BitwiseOr", "LogicalOr", "bitwise_or", "logical_or"),
    "__ror__": _reflected(_bitlike("BitwiseOr", "LogicalOr", "bitwise_or", "logical_or")),
    "__xor__": _bitlike("BitwiseXor", "NotEqual", "bitwise_xor", "logical_xor"),
    "__rxor__": _reflected(_bitlike("BitwiseXor", "NotEqual", "bitwise_xor", "logical_xor")),
    "__neg__": lambda self: negative(self), "__abs__": lambda self: abs_core(self),
    "__invert__": _invert, "__pos__": lambda self: self,
}
for _name, _fn in OPERATORS.items():
    setattr(Tensor, _name, _fn)
del _name, _fn
