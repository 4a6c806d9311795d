"""``ivy.frontends.tensorflow``: TensorFlow 2.21's eager API on ivy's core (in progress: the
foundation -- DType, TensorShape, Tensor with TensorFlow's conversion and operator rules,
``tf.errors``, and the first functions)."""
from __future__ import annotations

import builtins
import types

import numpy as np

import ivy

from .._shared import native_name
from . import _dtypes as dtypes
from . import (_autodiff, _control, _indexing, _linalg, _manipulation, _math, _nn, _ops,
               _random, _reductions, _signal, _state, _tensor, errors)
from ._dtypes import DTYPES as _DTYPES
from ._dtypes import DType, as_dtype  # noqa: F401
from ._tensor import Tensor, TensorShape, convert, wrap  # noqa: F401
from ._tensor import native as _native

globals().update(_DTYPES)
newaxis = None
__version__ = "2.21.0"      # the TensorFlow release whose behaviour this frontend reproduces


def constant(value, dtype=None, shape=None, name="Const"):
    """``tf.constant``: Python values infer int32/float32/complex128 (integers wrap into an
    explicit integer dtype); a scalar with ``shape`` fills it."""
    data = convert(value, dtype, "constant", strict_tensor=False)
    if shape is not None:
        shape = builtins.tuple(int(d) for d in shape)
        size = 1
        for d in data.shape:
            size *= d
        if size == 1:
            data = ivy.broadcast_to(ivy.reshape(data, ()), shape)
        elif builtins.tuple(data.shape) != shape:
            want = 1
            for d in shape:
                want *= d
            if want != size:
                raise TypeError(f"Eager execution of tf.constant with unsupported shape. Tensor "
                                f"{value!r} (converted from {value!r}) has {size} elements, but "
                                f"got `shape` {shape} with {want} elements).")
            data = ivy.reshape(data, shape)
    return wrap(data)


def convert_to_tensor(value, dtype=None, dtype_hint=None, name=None):
    """``tf.convert_to_tensor``: ``dtype_hint`` is tried first, falling back to inference."""
    if dtype is None and dtype_hint is not None:
        try:
            return wrap(convert(value, dtype_hint))
        except (TypeError, ValueError):
            pass
    return wrap(convert(value, dtype))


def cast(x, dtype, name=None):
    """``tf.cast``: complex to real keeps the real part; floats to integers truncate."""
    target = as_dtype(dtype).name
    a = x._data if type(x) is Tensor else convert(x)
    if native_name(a) in ("complex64", "complex128") and target not in ("complex64",
                                                                         "complex128"):
        a = ivy.real(a)
    source = native_name(a)
    if source in _FLOATS and target in _TRUNCATED and \
            ivy.current_backend() not in _NATIVE_TRUNCATION:
        return wrap(_float_to_int(a, source, target))
    return wrap(a if source == target else ivy.astype(a, target))


_FLOATS = frozenset(("float16", "bfloat16", "float32", "float64"))
# float -> integer casts as TensorFlow's CPU kernel does them (x86's truncating conversion to
# int32, or int64 for int64, then wrapping): NaN, infinities and values out of range become the
# wide type's minimum; backends differ there (XLA saturates), so it is spelled out
# backends whose own float -> integer cast already is that one (probed: numpy, torch and
# tensorflow on x86 agree with TensorFlow bit for bit; jax's XLA saturates)
_NATIVE_TRUNCATION = frozenset({"numpy", "torch", "tensorflow"})
_TRUNCATED = {"int8": "int32", "int16": "int32", "int32": "int32", "uint8": "int32",
              "uint16": "int32", "int64": "int64"}


def _float_to_int(a, source, target):
    wide = _TRUNCATED[target]
    limit = 2.0 ** (63 if wide == "int64" else 31)
    if source in ("float16", "bfloat16"):
        a = ivy.astype(a, "float32")
    ok = ivy.logical_and(ivy.greater_equal(a, ivy.asarray(-limit, dtype=native_name(a))),
                         ivy.less(a, ivy.asarray(limit, dtype=native_name(a))))
    t = ivy.astype(ivy.where(ok, a, ivy.zeros_like(a)), wide)
    t = ivy.where(ok, t, ivy.asarray(-int(limit), dtype=wide))
    return t if wide == target else ivy.astype(t, target)


def identity(input, name=None):  # noqa: A002 - TensorFlow's parameter name
    return input if type(input) is Tensor else wrap(convert(input))


def is_tensor(x) -> bool:
    return type(x) is Tensor or isinstance(x, _tensor.Readable)


def shape(input, out_type=None, name=None):  # noqa: A002
    """``tf.shape``: the dynamic shape as an int32 (or ``out_type``) tensor."""
    a = input._data if type(input) is Tensor else convert(input)
    return wrap(ivy.asarray(np.asarray(builtins.tuple(a.shape), dtype=np.int64),
                            dtype=as_dtype(out_type or "int32").name))






def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False,
           a_is_sparse=False, b_is_sparse=False, output_type=None, grad_a=False, grad_b=False,
           name=None):
    """``tf.linalg.matmul`` (sparse hints accepted; ``output_type`` only as the input dtype)."""
    x = _native(a)
    y = b._data if type(b) is Tensor else _tensor.operand(b, native_name(x))
    if output_type is not None and as_dtype(output_type).name != native_name(x):
        raise NotImplementedError("tf.matmul: output_type other than the inputs' dtype is not "
                                  "supported by ivy's tensorflow frontend")
    for flag, conj, which in ((transpose_a, adjoint_a, 0), (transpose_b, adjoint_b, 1)):
        if flag and conj:
            ab = "ab"[which]
            raise ValueError(f"Only one of transpose_{ab} and adjoint_{ab} can be True.")
    if transpose_a or adjoint_a:
        x = ivy.matrix_transpose(ivy.conj(x) if adjoint_a else x)
    if transpose_b or adjoint_b:
        y = ivy.matrix_transpose(ivy.conj(y) if adjoint_b else y)
    return _ops.matmul_core(wrap(x), wrap(y))


def reshape(tensor, shape, name=None):
    """``tf.reshape``: TensorFlow's Reshape kernel's checks; with a zero-sized target dimension
    the -1 is inferred from the other dimensions (``[0, 3]`` to ``[0, -1]`` is ``[0, 3]``)."""
    a = _native(tensor)
    target = list(int(d) for d in (shape.numpy() if type(shape) is Tensor else
                                   np.asarray(shape).reshape(-1)))
    product, unknown, target_zero = 1, -1, False
    for d, size in enumerate(target):
        if size == -1:
            if unknown != -1:
                raise errors.invalid_argument(f"Only one input size may be -1, not both "
                                              f"{unknown} and {d}", "Reshape")
            unknown = d
        elif size < 0:
            raise errors.invalid_argument(f"Size {d} must be non-negative, not {size}",
                                          "Reshape")
        elif size == 0:
            target_zero = True
        else:
            product *= size
    size = 1
    for d in a.shape:
        size *= d
    if unknown != -1:
        counted, input_zero = 1, False
        for d in a.shape:
            if d > 0 or not target_zero:
                counted *= d
            else:
                input_zero = True
        missing = counted // product
        if not input_zero and product * missing != counted:
            raise errors.invalid_argument(f"Input to reshape is a tensor with {counted} values, "
                                          f"but the requested shape requires a multiple of "
                                          f"{product}", "Reshape")
        target[unknown] = missing
    want = 1
    for d in target:
        want *= d
    if want != size:
        raise errors.invalid_argument(f"Input to reshape is a tensor with {size} values, but "
                                      f"the requested shape has {want}", "Reshape")
    return wrap(ivy.reshape(a, builtins.tuple(target)))


# each module's EXPORTS: namespace ("tf" = the top level) -> {name: function}
_MODULES = (_reductions, _manipulation, _indexing, _math, _nn, _linalg, _signal, _random, _state,
            _autodiff, _control)
math = types.ModuleType("tensorflow.math", "``tf.math``.")
nn = types.ModuleType("tensorflow.nn", "``tf.nn``.")
linalg = types.ModuleType("tensorflow.linalg", "``tf.linalg``.")
signal = types.ModuleType("tensorflow.signal", "``tf.signal``.")
random = types.ModuleType("tensorflow.random", "``tf.random``.")
config = types.ModuleType("tensorflow.config", "``tf.config``.")
version = types.ModuleType("tensorflow.version", "``tf.version``.")
version.VERSION = __version__
_NAMESPACES = {"tf": globals(), "math": vars(math), "nn": vars(nn), "linalg": vars(linalg),
               "signal": vars(signal), "random": vars(random), "config": vars(config)}
for _module in _MODULES:
    for _where, _names in _module.EXPORTS.items():
        _NAMESPACES[_where].update(_names)
linalg.matmul = matmul
from . import keras  # noqa: E402 - keras builds on the namespaces above
from . import bitwise, data  # noqa: E402
del _module, _where, _names
from ivy.core import trace as _trace  # noqa: E402
_trace.register_array_type(Tensor, "_data", frontend="tensorflow",
                           wrap=_tensor.wrap)   # ivy.trace_graph unwraps
_trace.register_array_type(_state.Variable, "_value")
_trace.register_host_state(_control._RNG.get)   # stateful random kernels: draws are not traced
