"""``tf.dtypes``: TensorFlow's ``DType`` objects for the dtypes ivy has (no string, quantized or
resource types), ``as_dtype`` and the conversion rules of ``tf.constant`` for Python values."""
from __future__ import annotations

import ml_dtypes
import numpy as np

from ivy.core import dtypes as D

# TensorFlow's enum numbers and the names its kernel messages use
_ENUM = {"float32": 1, "float64": 2, "int32": 3, "uint8": 4, "int16": 5, "int8": 6,
         "complex64": 8, "int64": 9, "bool": 10, "bfloat16": 14, "uint16": 17,
         "complex128": 18, "float16": 19, "uint32": 22, "uint64": 23}
KERNEL_NAME = {"float32": "float", "float64": "double", "float16": "half"}
_NUMPY = {n: (ml_dtypes.bfloat16 if n == "bfloat16" else np.dtype(n).type) for n in D.ALL}
_ALIASES = {"float": "float32", "double": "float64", "half": "float16"}


class DType:
    """``tf.dtypes.DType``: one per dtype (compare with ``==``; ``tf.float32 == "float32"`` and
    ``== np.float32`` hold as in TensorFlow)."""
    __slots__ = ("_name",)
    __module__ = "tensorflow"

    def __init__(self, name: str):
        self._name = name

    name = property(lambda self: self._name)
    is_bool = property(lambda self: self._name == "bool")
    is_integer = property(lambda self: self._name in D.INTEGRAL)
    is_unsigned = property(lambda self: self._name in D.UNSIGNED)
    is_floating = property(lambda self: self._name in D.REAL_FLOATING)
    is_complex = property(lambda self: self._name in D.COMPLEX_FLOATING)
    is_numeric = property(lambda self: self._name != "bool")
    is_quantized = property(lambda self: False)
    is_numpy_compatible = property(lambda self: True)
    as_numpy_dtype = property(lambda self: _NUMPY[self._name])
    as_datatype_enum = property(lambda self: _ENUM[self._name])
    base_dtype = property(lambda self: self)
    size = property(lambda self: np.dtype(_NUMPY[self._name]).itemsize)

    @property
    def real_dtype(self):
        return BY_NAME[{"complex64": "float32", "complex128": "float64"}.get(self._name,
                                                                           self._name)]

    def _info(self, which):
        n = self._name
        if n in D.INTEGRAL:
            return getattr(np.iinfo(n), which)
        if n in D.REAL_FLOATING:
            return getattr(ml_dtypes.finfo(_NUMPY[n]), which)
        raise TypeError(f"Cannot find {'maximum' if which == 'max' else 'minimum'} value of "
                        f"{self} with type {self}.")

    @property
    def max(self):
        """Python int for integers, a numpy scalar for floats (as TensorFlow)."""
        v = self._info("max")
        return int(v) if self._name in D.INTEGRAL else _NUMPY[self._name](v)

    @property
    def min(self):
        v = self._info("min")
        return int(v) if self._name in D.INTEGRAL else _NUMPY[self._name](v)

    @property
    def limits(self):
        if self._name in D.INTEGRAL:
            return 0, int(np.iinfo(self._name).max)
        if self._name == "bool":
            return 0, True
        if self._name in ("float32", "float64"):     # TensorFlow's table (image value ranges)
            return 0, 1
        raise ValueError(f"{self} does not have defined limits.")

    def is_compatible_with(self, other) -> bool:
        return self == other

    def __eq__(self, other):
        if other is None:
            return False
        if type(other) is not DType:
            try:
                other = as_dtype(other)
            except TypeError:
                return False
        return other._name == self._name

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(("tf.dtype", self._name))

    def __repr__(self):
        return f"tf.{self._name}"

    def __str__(self):
        return f"<dtype: '{self._name}'>"

    def __reduce__(self):
        return as_dtype, (self._name,)


BY_NAME = {n: DType(n) for n in D.ALL}
# TensorFlow maps these Python types; int, complex and None are no dtypes to it (numpy's
# np.dtype would take them)
_PY_TYPES = {bool: "bool", float: "float32"}
_NOT_DTYPES = (int, complex, None)


def as_dtype(type_value) -> DType:
    """``tf.dtypes.as_dtype``: a DType, a name, a numpy dtype or type, or a Python type."""
    if type(type_value) is DType:
        return type_value
    if isinstance(type_value, str):
        name = _ALIASES.get(type_value, type_value)
        if name in BY_NAME:
            return BY_NAME[name]
        if name == "string":
            return string
    elif type_value in _PY_TYPES:
        return BY_NAME[_PY_TYPES[type_value]]
    elif not any(type_value is t for t in _NOT_DTYPES):
        try:
            name = np.dtype(type_value).name
        except TypeError:
            name = None
        if name in BY_NAME:
            return BY_NAME[name]
    raise TypeError(f"Cannot convert the argument `type_value`: {type_value!r} to a TensorFlow "
                    f"DType.")


def name_of(dtype) -> str:
    if dtype is string:
        raise NotImplementedError(_NO_STRINGS)
    return as_dtype(dtype)._name


# tf.string exists (code compares and passes it) but string tensors are out of scope
string = DType("string")
_NO_STRINGS = "string tensors (tf.string) are not supported by ivy's tensorflow frontend"


globals().update(BY_NAME)
half, double = BY_NAME["float16"], BY_NAME["float64"]
bool = BY_NAME["bool"]  # noqa: A001 - TensorFlow's name (tf.bool)
DTYPES = dict(BY_NAME, half=half, double=double, string=string)
