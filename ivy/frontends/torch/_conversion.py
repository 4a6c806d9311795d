"""dtype and device conversion methods: ``.to``, ``.float()``/``.long()``/..., ``.type``, ``.cpu()``."""
from __future__ import annotations

import builtins

import ivy

from . import _dtypes as T
from ._dtypes import native_name
from ._creation import _native_device
from ._ops import cast
from ._tensor import Tensor, device as _device_cls, _wrap


def to(self, *args, dtype=None, device=None, non_blocking=False, copy=False, memory_format=None):
    """``to(dtype)``, ``to(device, dtype=None)``, ``to(other)``, keywords alike."""
    for a in args:
        if isinstance(a, T.dtype):
            dtype = a
        elif isinstance(a, Tensor):
            dtype, device = a.dtype, a.device
        elif isinstance(a, (str, _device_cls)):
            device = a
        elif isinstance(a, bool):
            non_blocking = a
        elif a is None:                      # to(None): no device change
            continue
        else:
            raise TypeError(f"to() received an invalid combination of arguments - got "
                            f"({builtins.type(a).__name__})")
    a = self._data
    if device is not None:
        _native_device(device)               # cpu only for now: raises for an absent GPU
    if dtype is not None and T.canonical(dtype) != native_name(a):
        return _wrap(cast(a, T.canonical(dtype)))
    return _wrap(ivy.asarray(a, copy=True)) if copy else self


def _caster(name):
    def method(self, memory_format=None):
        a = self._data
        return self if native_name(a) == name else _wrap(cast(a, name))
    return method


_TYPE_NAMES = {"float32": "torch.FloatTensor", "float64": "torch.DoubleTensor",
               "float16": "torch.HalfTensor", "bfloat16": "torch.BFloat16Tensor",
               "int64": "torch.LongTensor", "int32": "torch.IntTensor", "int16": "torch.ShortTensor",
               "int8": "torch.CharTensor", "uint8": "torch.ByteTensor", "bool": "torch.BoolTensor",
               "complex64": "torch.ComplexFloatTensor", "complex128": "torch.ComplexDoubleTensor",
               "uint16": "torch.UInt16Tensor", "uint32": "torch.UInt32Tensor",
               "uint64": "torch.UInt64Tensor"}
_TYPE_STRINGS = {v: k for k, v in _TYPE_NAMES.items()}


def type(self, dtype=None, non_blocking=False, **kwargs):
    if dtype is None:
        return _TYPE_NAMES[native_name(self._data)]
    if isinstance(dtype, str):
        if dtype not in _TYPE_STRINGS:
            raise ValueError(f"invalid type: '{dtype}'")
        name = _TYPE_STRINGS[dtype]
    elif hasattr(dtype, "_dtype_name"):        # a legacy class: torch.DoubleTensor
        name = dtype._dtype_name
    else:
        name = T.canonical(dtype)
    return self if name == native_name(self._data) else _wrap(cast(self._data, name))


def type_as(self, other):
    return to(self, other.dtype)


def cpu(self, memory_format=None):
    return self


def cuda(self, device=None, non_blocking=False, memory_format=None):
    _native_device("cuda" if device is None else device)
    return self


METHODS = {"to": to, "type": type, "type_as": type_as, "cpu": cpu, "cuda": cuda,
           "float": _caster("float32"), "double": _caster("float64"), "half": _caster("float16"),
           "bfloat16": _caster("bfloat16"), "long": _caster("int64"), "int": _caster("int32"),
           "short": _caster("int16"), "char": _caster("int8"), "byte": _caster("uint8"),
           "bool": _caster("bool"), "cfloat": _caster("complex64"), "cdouble": _caster("complex128")}
