"""``tf.math``'s unary functions and ``tf.nn``'s activations from one table: TensorFlow's kernel
dtype lists (probed on TensorFlow 2.21's CPU kernels; NotFoundError where the op exists but no CPU
kernel does) over the core's functions."""
from __future__ import annotations

import ivy
from ivy.core import dtypes as D

from .._shared import native_name
from . import _ops
from ._ops import KERNELS, _NO_KERNEL, check_kernel, kernel
from ._tensor import Tensor, convert, wrap

_IVY = vars(ivy)
_REAL_F = frozenset(D.REAL_FLOATING)
_FLOAT = frozenset(D.FLOATING)
_INT = frozenset(D.INTEGRAL)
_SIGNED_INT = frozenset(D.SIGNED)


def _rsqrt(x):
    return ivy.divide(1, ivy.sqrt(x))


def _sigmoid(x):
    """The core's sigmoid takes real floats; TensorFlow's also complex."""
    if native_name(x) in D.COMPLEX_FLOATING:
        return ivy.divide(1, ivy.add(ivy.exp(ivy.negative(x)), 1))
    return ivy.sigmoid(x)


def _relu(x):
    """Unsigned integers are their own relu (torch has no kernel for the wide ones)."""
    return x if native_name(x) in D.UNSIGNED else ivy.relu(x)


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
    "relu": ("Relu", _relu, _REAL_F | _INT, ()), "relu6": ("Relu6", _relu6, _REAL_F | _INT, ()),
    "elu": ("Elu", "elu", _REAL_F, ()), "selu": ("Selu", "selu", _REAL_F, ()),
}
for _name, (_op, _core, _ok, _nf) in UNARY.items():
    KERNELS[_op] = frozenset(_ok)
    if _nf:
        _NO_KERNEL[_op] = frozenset(_nf)


def _unary(op, core):
    fn = core if callable(core) else None

    def f(x, name=None):
        a = x._data if type(x) is Tensor else convert(x)
        check_kernel(op, native_name(a))
        return wrap(kernel(op, fn or _IVY[core], a))
    return f


def round(x, name=None):  # noqa: A001 - TensorFlow's name
    """``tf.math.round``: half to even; integers are returned as they are."""
    a = x._data if type(x) is Tensor else convert(x)
    if native_name(a) in _INT:
        return wrap(a)
    check_kernel("Round", native_name(a))
    return wrap(kernel("Round", ivy.round, a))


KERNELS["Round"] = _REAL_F | {"int32", "int64"}
_NO_KERNEL["Round"] = frozenset(D.COMPLEX_FLOATING)
_UNARY = {name: _unary(op, core) for name, (op, core, _, _) in UNARY.items()}
_UNARY["round"] = round
_NN = ("sigmoid", "tanh", "relu", "relu6", "elu", "selu", "softplus", "softsign")
# the binary operators live in _ops (the Tensor operators share them)
_BINARY = {"add": _ops.add, "subtract": _ops.subtract, "multiply": _ops.multiply,
           "truediv": _ops.truediv, "divide": _ops.truediv, "floordiv": _ops.floordiv,
           "maximum": _ops.maximum, "minimum": _ops.minimum, "pow": _ops.pow,
           "equal": _ops.equal, "not_equal": _ops.not_equal, "less": _ops.less,
           "less_equal": _ops.less_equal, "greater": _ops.greater,
           "greater_equal": _ops.greater_equal, "negative": _ops.negative, "abs": _ops.abs_core}
EXPORTS = {
    "math": {**_UNARY, **_BINARY, "floormod": _ops.floormod, "mod": _ops.floormod},
    # TensorFlow also exports these at the top level
    "tf": {**_BINARY, **{n: _UNARY[n] for n in ("exp", "sqrt", "sin", "cos", "tan", "tanh",
                                                  "sigmoid", "floor", "round", "sign",
                                                  "square")}},
    "nn": {n: _UNARY[n] for n in _NN},
}
del _name, _op, _core, _ok, _nf
