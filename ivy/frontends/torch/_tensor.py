"""``torch.Tensor``: one native array of the selected backend plus torch's autograd attributes.

Wrapping is ``_wrap(native)`` (no ``__init__``); only ``_data`` is set on the hot path, the other
slots are read with defaults. Operators, methods and their in-place forms are attached from the
tables in ``_ops`` and the other modules.
"""
from __future__ import annotations

import numpy as np

import ivy

from . import _dtypes as T


class Size(tuple):
    """torch.Size: a tuple of ints."""
    __slots__ = ()

    def __repr__(self):
        return f"torch.Size({list(self)!r})"

    def numel(self) -> int:
        n = 1
        for d in self:
            n *= d
        return n


class device:
    """torch.device: a type ("cpu", "cuda") and an optional index."""
    __slots__ = ("type", "index")

    def __init__(self, type, index=None):
        if isinstance(type, device):
            type, index = type.type, type.index
        elif isinstance(type, str) and ":" in type:
            type, _, idx = type.partition(":")
            index = int(idx)
        if type not in ("cpu", "cuda", "meta", "mps"):
            raise RuntimeError(f"Expected one of cpu, cuda, meta, mps device type at start of "
                               f"device string: {type}")
        self.type, self.index = type, index

    def __repr__(self):
        return f"device(type={self.type!r}" + (f", index={self.index})" if self.index is not None
                                                else ")")

    def __str__(self):
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __eq__(self, other):
        if isinstance(other, str):
            other = device(other)
        return isinstance(other, device) and (self.type, self.index) == (other.type, other.index)

    def __hash__(self):
        return hash((self.type, self.index))


CPU = device("cpu")


def _device_of(native) -> device:
    name = ivy.device(native)
    if name == "cpu":
        return CPU
    kind, _, index = name.partition(":")
    return device("cuda" if kind == "gpu" else kind, int(index) if index else None)


class Tensor:
    __slots__ = ("_data", "_requires_grad", "_grad", "_grad_fn", "__weakref__")
    __array_priority__ = 1000   # numpy defers binary operators to us

    # ---- construction ---------------------------------------------------------------------------
    def __new__(cls, *args, device=None):
        """``torch.Tensor(data)`` (float32 of a sequence) or ``torch.Tensor(*sizes)``."""
        from ._creation import empty, tensor
        if len(args) == 1 and not isinstance(args[0], int):
            data = args[0]
            if isinstance(data, Tensor):
                return data
            return tensor(data, dtype=T.get_default_dtype())
        return empty(*args, dtype=T.get_default_dtype())

    # ---- metadata -------------------------------------------------------------------------------
    @property
    def shape(self) -> Size:
        return Size(ivy.shape(self._data))

    def size(self, dim=None):
        shape = ivy.shape(self._data)
        if dim is None:
            return Size(shape)
        return shape[_axis(dim, len(shape))]

    @property
    def dtype(self) -> T.dtype:
        return T.BY_NAME[ivy.dtype(self._data)]

    @property
    def device(self) -> device:
        return _device_of(self._data)

    @property
    def ndim(self) -> int:
        return len(ivy.shape(self._data))

    def dim(self) -> int:
        return len(ivy.shape(self._data))

    ndimension = dim

    def numel(self) -> int:
        return Size(ivy.shape(self._data)).numel()

    nelement = numel

    def element_size(self) -> int:
        return self.dtype.itemsize

    def is_floating_point(self) -> bool:
        return ivy.dtype(self._data) in ("float16", "bfloat16", "float32", "float64")

    def is_complex(self) -> bool:
        return ivy.dtype(self._data) in ("complex64", "complex128")

    @property
    def is_cuda(self) -> bool:
        return ivy.device(self._data) != "cpu"

    is_leaf = property(lambda self: getattr(self, "_grad_fn", None) is None)

    # ---- autograd state (plain attributes until the autograd issue) -----------------------------
    @property
    def requires_grad(self) -> bool:
        return getattr(self, "_requires_grad", False)

    @requires_grad.setter
    def requires_grad(self, value: bool):
        if value and not self.is_floating_point() and not self.is_complex():
            raise RuntimeError("only Tensors of floating point and complex dtype can require "
                               "gradients")
        self._requires_grad = bool(value)

    def requires_grad_(self, requires_grad: bool = True):
        self.requires_grad = requires_grad
        return self

    @property
    def grad(self):
        return getattr(self, "_grad", None)

    @grad.setter
    def grad(self, value):
        self._grad = value

    @property
    def grad_fn(self):
        return getattr(self, "_grad_fn", None)

    @property
    def data(self) -> "Tensor":
        return _wrap(self._data)

    @data.setter
    def data(self, value: "Tensor"):
        self._data = value._data

    def detach(self) -> "Tensor":
        return _wrap(self._data)

    def detach_(self) -> "Tensor":
        self._grad_fn = None
        self._requires_grad = False
        return self

    # ---- conversion -----------------------------------------------------------------------------
    def numpy(self, *, force: bool = False) -> np.ndarray:
        if self.requires_grad and not force:
            raise RuntimeError("Can't call numpy() on Tensor that requires grad. Use "
                               "tensor.detach().numpy() instead.")
        return ivy.to_numpy(self._data)

    def __array__(self, dtype=None, copy=None):
        out = ivy.to_numpy(self._data)
        return out if dtype is None else out.astype(dtype, copy=False)

    def __dlpack__(self, *args, **kwargs):
        return self._data.__dlpack__(*args, **kwargs)

    def __dlpack_device__(self):
        return self._data.__dlpack_device__()

    def item(self):
        if ivy.size(self._data) != 1:
            raise RuntimeError(f"a Tensor with {ivy.size(self._data)} elements cannot be converted "
                               f"to Scalar")
        return ivy.to_numpy(self._data).reshape(()).item()

    def tolist(self):
        return ivy.to_numpy(self._data).tolist()

    def __bool__(self):
        if ivy.size(self._data) != 1:
            raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
        return bool(self.item())

    def __float__(self):
        return float(self.item())

    def __int__(self):
        return int(self.item())

    def __complex__(self):
        return complex(self.item())

    def __index__(self):
        if ivy.dtype(self._data) not in ("bool", "uint8", "int8", "int16", "int32", "int64",
                                         "uint16", "uint32", "uint64") or ivy.size(self._data) != 1:
            raise TypeError("only integer tensors of a single element can be converted to an index")
        return int(self.item())

    def __len__(self):
        shape = ivy.shape(self._data)
        if not shape:
            raise TypeError("len() of a 0-d tensor")
        return shape[0]

    def __iter__(self):
        shape = ivy.shape(self._data)
        if not shape:
            raise TypeError("iteration over a 0-d tensor")
        return iter([_wrap(ivy.take(self._data, ivy.asarray(i), axis=0)) for i in range(shape[0])])

    def __hash__(self):
        return id(self)

    def __repr__(self):
        return _format(self)

    __str__ = __repr__


def _wrap(native) -> Tensor:
    t = object.__new__(Tensor)
    t._data = native
    return t


def _axis(dim, ndim: int) -> int:
    """A dim argument normalized to [0, ndim), with torch's IndexError when out of range."""
    d = int(dim)
    lo, hi = (-1, 0) if ndim == 0 else (-ndim, ndim - 1)
    if not lo <= d <= hi:
        raise IndexError(f"Dimension out of range (expected to be in range of [{lo}, {hi}], but "
                         f"got {d})")
    return d % max(ndim, 1)


_DEFAULT_REPR_DTYPES = ("float32", "int64", "bool")


def _format(t: Tensor) -> str:
    a = ivy.to_numpy(t._data)
    name = ivy.dtype(t._data)
    if name == "bfloat16":
        a = a.astype(np.float32)
    body = np.array2string(a, separator=", ", prefix="tensor(",
                           formatter=None if a.dtype.kind != "f" else
                           {"float_kind": lambda v: _float_repr(v)})
    extras = []
    if a.size == 0:
        extras.append(f"size={tuple(a.shape)}")
    if name != T.default_float() and name not in ("int64", "bool") or (
            name in ("float32",) and T.default_float() != "float32"):
        extras.append(f"dtype=torch.{name}")
    if t.requires_grad:
        extras.append("requires_grad=True")
    return "tensor(" + body + "".join(", " + e for e in extras) + ")"


def _float_repr(v) -> str:
    if v == int(v) if np.isfinite(v) else False:
        return f"{int(v)}."
    return f"{v:.4f}"
