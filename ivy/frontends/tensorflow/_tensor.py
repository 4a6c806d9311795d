"""``tf.Tensor`` (EagerTensor behaviour) and ``tf.TensorShape`` on one native array of the selected
backend, and TensorFlow's conversion rules (``convert``): Python values infer int32/float32/
complex128 and wrap integers into an explicit integer dtype; numpy values keep their dtype or cast;
tensors never change dtype implicitly. Operators follow TensorFlow: no promotion between tensors
(InvalidArgumentError), the other operand converted to the tensor's dtype first."""
from __future__ import annotations

import builtins

import numpy as np

import ivy
from ivy.core import dtypes as D

from .._shared import native_name
from . import _dtypes as T
from . import _printing
from .errors import invalid_argument

_new = object.__new__
_PY_SCALARS = (builtins.bool, int, float, complex)
_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"


class TensorShape:
    """``tf.TensorShape``: dims are ints or None (unknown)."""
    __slots__ = ("_dims",)
    __module__ = "tensorflow"

    def __init__(self, dims):
        if dims is None:
            self._dims = None
        elif isinstance(dims, TensorShape):
            self._dims = dims._dims
        elif isinstance(dims, (int, np.integer)):
            self._dims = (int(dims),)
        else:
            self._dims = tuple(None if d is None else int(d) for d in dims)

    @property
    def rank(self):
        return None if self._dims is None else len(self._dims)

    ndims = rank

    @property
    def dims(self):
        return None if self._dims is None else list(self._dims)

    def as_list(self):
        if self._dims is None:
            raise ValueError("as_list() is not defined on an unknown TensorShape.")
        return list(self._dims)

    def is_fully_defined(self) -> builtins.bool:
        return self._dims is not None and None not in self._dims

    def num_elements(self):
        if not self.is_fully_defined():
            return None
        n = 1
        for d in self._dims:
            n *= d
        return n

    def __len__(self):
        if self._dims is None:
            raise ValueError("Cannot take the length of shape with unknown rank.")
        return len(self._dims)

    def __iter__(self):
        if self._dims is None:
            raise ValueError("Cannot iterate over a shape with unknown rank.")
        return iter(self._dims)

    def __getitem__(self, key):
        if isinstance(key, slice):
            return TensorShape(self._dims[key])
        return self._dims[key]

    def __eq__(self, other):
        try:
            other = TensorShape(other)
        except TypeError:
            return NotImplemented
        return self._dims == other._dims

    def __hash__(self):
        return hash(self._dims)

    def __repr__(self):
        return "TensorShape(None)" if self._dims is None else f"TensorShape({list(self._dims)})"

    def __str__(self):
        if self._dims is None:
            return "<unknown>"
        inner = ", ".join("None" if d is None else str(d) for d in self._dims)
        return f"({inner},)" if len(self._dims) == 1 else f"({inner})"


class Reference:
    """``tensor.ref()``: a hashable handle comparing by identity."""
    __slots__ = ("_tensor",)

    def __init__(self, tensor):
        self._tensor = tensor

    def deref(self):
        return self._tensor

    def __eq__(self, other):
        return isinstance(other, Reference) and other._tensor is self._tensor

    def __hash__(self):
        return id(self._tensor)

    def __repr__(self):
        return f"<Reference wrapping {self._tensor!r}>"


class Readable:
    """What a tensor argument may also be (``tf.Variable``): ``_read()`` gives its native value."""
    __slots__ = ()


class Tensor:
    """``tf.Tensor``: ``_data`` is the native array; immutable."""
    __slots__ = ("_data",)
    __module__ = "tensorflow"
    __array_priority__ = 100

    def __init__(self, *args, **kwargs):
        raise TypeError("Tensors are created with tf.constant or tf.convert_to_tensor")

    @property
    def dtype(self) -> T.DType:
        return T.BY_NAME[native_name(self._data)]

    @property
    def shape(self) -> TensorShape:
        return TensorShape(tuple(self._data.shape))

    def get_shape(self) -> TensorShape:
        return self.shape

    def set_shape(self, shape):
        """Checks ``shape`` is compatible (an eager tensor's shape is known)."""
        want = TensorShape(shape)
        have = self.shape
        if want.rank is not None and (want.rank != have.rank or any(
                w is not None and w != h for w, h in zip(want, have))):
            raise ValueError(f"Tensor's shape {have} is not compatible with supplied shape "
                             f"{want}.")

    def eval(self, feed_dict=None, session=None):
        raise NotImplementedError("eval is not supported when eager execution is enabled, is "
                                  ".numpy() what you're looking for?")

    @property
    def ndim(self) -> int:
        return len(self._data.shape)

    @property
    def device(self) -> str:
        return _DEVICE

    backing_device = device

    @property
    def name(self):
        raise AttributeError("Tensor.name is undefined when eager execution is enabled.")

    def numpy(self):
        a = np.asarray(ivy.to_numpy(self._data))
        return a[()] if not a.ndim else a      # a 0-d value is a numpy scalar, as EagerTensor's

    def __array__(self, dtype=None, copy=None):
        a = np.asarray(self.numpy())
        return a if dtype is None else a.astype(dtype)

    def ref(self):
        return Reference(self)

    experimental_ref = ref

    def __hash__(self):
        raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")

    def __repr__(self):
        return _printing.tensor_repr(self)

    def __str__(self):
        return _printing.tensor_str(self)

    def __format__(self, spec):
        return _printing.tensor_format(self, spec)

    # ---- Python protocols (numpy's rules on the value, as EagerTensor) -------------------------
    def __len__(self):
        if not len(self._data.shape):
            raise TypeError("Scalar tensor has no `len()`")
        return self._data.shape[0]

    def __iter__(self):
        if not len(self._data.shape):
            raise TypeError("Cannot iterate over a scalar tensor.")
        return (wrap(self._data[i]) for i in range(self._data.shape[0]))

    def __bool__(self):
        a = self.numpy()
        return builtins.bool(a.size and a)     # empty: False (numpy refuses, TensorFlow doesn't)

    def __int__(self):
        return int(self.numpy())

    def __float__(self):
        return float(self.numpy())

    def __complex__(self):
        return complex(self.numpy())

    def __index__(self):
        return self.numpy().__index__()

    def __getitem__(self, key):
        return wrap(ivy.get_item(self._data, _key(self._data, key)))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


def wrap(native) -> Tensor:
    t = _new(Tensor)
    t._data = native
    return t


# ---- conversion --------------------------------------------------------------------------------

def _infer(value) -> str:
    """``tf.constant``'s dtype for a Python value (nested lists included)."""
    a = np.asarray(value)
    kind = a.dtype.kind
    if kind == "b":
        return "bool"
    first = _first_leaf(value)
    if isinstance(first, (builtins.bool, np.bool_)) and kind in "iuf":
        raise ValueError("Can't convert Python sequence with mixed types to Tensor.")
    if kind == "f" and isinstance(first, np.floating) and first.dtype.name in T.BY_NAME:
        return first.dtype.name         # a sequence takes a leading numpy float's dtype
    if kind in "iu":
        if a.size and (a.max() > 2 ** 63 - 1 or a.min() < -2 ** 63):
            raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
        return "int32" if not a.size or (a.min() >= -2 ** 31 and a.max() < 2 ** 31) else "int64"
    if kind == "f":
        if a.size and np.abs(a).max() >= 2.0 ** 63 and all(      # numpy's float for big ints
                type(v) is int for v in np.asarray(value, dtype=object).reshape(-1)):
            raise ValueError("Can't convert Python sequence with out-of-range integer to "
                             "Tensor.")
        return "float32"
    if kind == "c":
        return "complex128"
    if kind in "SU":
        raise NotImplementedError(T._NO_STRINGS)
    if kind == "O":
        if a.dtype == object and any(type(v) is int for v in a.reshape(-1)):
            raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
        raise ValueError("Can't convert non-rectangular Python sequence to Tensor.")
    raise TypeError(f"Failed to convert elements of {value!r} to Tensor.")


def _first_leaf(value):
    while isinstance(value, (list, tuple)) and value:
        value = value[0]
    return value


_WIDE_FLOATS = frozenset({"float32", "float64"})
_WIDE_INTS = frozenset({"int32", "int64"})


def _python(value, name: str | None):
    """A Python value (scalar or nested lists) as a native array of ``name`` or its inferred
    dtype: integers wrap into an integer dtype; floats into an integer dtype, or numbers into
    bool, are refused (TypeError)."""
    kind = type(value)
    if kind is float or kind is int:   # the common scalars, without numpy
        if kind is float and (name is None or name in _WIDE_FLOATS):
            return ivy.asarray(value, dtype=name or "float32")
        if kind is int and -2 ** 24 <= value <= 2 ** 24:   # exact in every float and int32
            if name is None or name in _WIDE_INTS:
                return ivy.asarray(value, dtype=name or "int32")
            if name in _WIDE_FLOATS:
                return ivy.asarray(float(value), dtype=name)
    try:
        host = np.asarray(value)
    except ValueError:
        raise ValueError("Can't convert non-rectangular Python sequence to Tensor.") from None
    if host.dtype.kind in "SU" and name is not None:     # a string is no number of any dtype
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {name}")
    if host.dtype == object:
        if name in D.REAL_FLOATING:     # Python ints past int64 into a float dtype
            exact = np.asarray(value, dtype=object)
            if all(type(v) is int for v in exact.reshape(-1)):
                return ivy.asarray(exact.astype(np.float64).astype(
                    T.BY_NAME[name].as_numpy_dtype))
        _infer(value)
    kind = host.dtype.kind
    if name in D.INTEGRAL and kind in "fO" and host.size:     # Python ints past int64
        exact = np.asarray(value, dtype=object)
        if all(type(v) is int for v in exact.reshape(-1)):
            host, kind = exact, "i"
    if name is None or (kind in "iu" and name != "uint64"       # uint64 takes up to 2**64 - 1
                        and name not in D.REAL_FLOATING):
        inferred = _infer(value)
        name = name or inferred
    if host.size and ((name in D.INTEGRAL and kind in "fc") or (name == "bool" and kind != "b")
                      or (name in D.REAL_FLOATING and kind == "c")
                      or (name in D.COMPLEX_FLOATING and kind == "b")):
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {name}")
    if kind in "iu" and name in D.INTEGRAL:
        bits = np.iinfo(name).bits
        host = np.asarray(host.astype(object) % (1 << bits), dtype=object)
        host = host.astype(np.uint64).astype(name) if bits == 64 else \
            host.astype(np.int64).astype(name)
    return ivy.asarray(host.astype(T.BY_NAME[name].as_numpy_dtype))


def convert(value, dtype=None, fn: str = "convert_to_tensor", *, strict_tensor=True):
    """The native array of ``value`` (TensorFlow's rules; ``dtype`` a DType-like or None)."""
    name = None if dtype is None else T.name_of(dtype)
    if type(value) is float or type(value) is int:
        return _python(value, name)
    if isinstance(value, Readable):
        value = wrap(value._read())
    if type(value) is Tensor:
        have = native_name(value._data)
        if name is not None and name != have:
            if strict_tensor:
                raise ValueError(f"Tensor conversion requested dtype {name} for Tensor with "
                                 f"dtype {have}: {value!r}")
            raise TypeError(f"Expected tensor {value.numpy()} with dtype tf.{name}, but got "
                            f"dtype tf.{have}.")
        return value._data
    if isinstance(value, (np.ndarray, np.generic)):
        host = np.asarray(value)
        if name is not None:
            host = host.astype(T.BY_NAME[name].as_numpy_dtype)
        elif host.dtype.name not in T.BY_NAME:
            raise TypeError(f"Cannot convert {value!r} to a tensor: dtype {host.dtype}")
        # TensorFlow copies: a later write to the caller's array must not reach the tensor (the
        # numpy and torch backends would share its memory)
        return ivy.asarray(host, copy=True) if host is value else ivy.asarray(host)
    if ivy.is_native_array(value):
        return value if name is None else ivy.astype(value, name)
    return _python(value, name)


def native(x, hint=None):
    """A tensor argument's native array (a tensor's own; anything else through ``convert``)."""
    return x._data if type(x) is Tensor else convert(x, hint)


def operand(value, like: str):
    """The other operand of a binary op on a tensor of dtype ``like``: converted with that dtype
    as a hint (TensorFlow then refuses a mismatch in the kernel)."""
    if type(value) is Tensor:
        return value._data
    if isinstance(value, Readable):
        return value._read()
    try:
        return convert(value, like)
    except TypeError:
        return convert(value)


# ---- indexing (strided-slice specs) -------------------------------------------------------------

_INDEX_ERROR = ("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
                "tf.int32/tf.int64 tensors are valid indices, got {!r}")


def _index_int(item):
    """An integer index item as a Python int, or None if it is not one."""
    t = type(item)
    if t is int or t is builtins.bool or isinstance(item, np.integer):
        return int(item)
    if t is Tensor and not len(item._data.shape) and native_name(item._data) in ("int32",
                                                                               "int64"):
        return int(item.numpy())
    return None


def _bound(v):
    if v is None:
        return None
    i = _index_int(v)
    if i is None:
        raise TypeError(_INDEX_ERROR.format(v))
    return i


def _key(native, key):
    """TensorFlow's ``__getitem__`` spec as a core key: ints (bound-checked), slices, Ellipsis,
    None; a boolean tensor alone is a mask over the leading dimensions. A list is a tuple of
    indices (``x[[0, 2]]`` is ``x[0, 2]``)."""
    if type(key) is Tensor and native_name(key._data) == "bool" and len(key._data.shape):
        return key._data
    if type(key) is builtins.bool:          # a bare bool is a (scalar) mask; in a tuple, an int
        raise ValueError("mask cannot be scalar.")
    items = tuple(key) if isinstance(key, (tuple, list)) else (key,)
    shape = tuple(native.shape)
    if sum(item is Ellipsis for item in items) > 1:
        raise invalid_argument("Multiple ellipses in slice spec not allowed", "StridedSlice")
    consumed = sum(1 for item in items if item is not None and item is not Ellipsis)
    if consumed > len(shape):
        raise invalid_argument(f"Index out of range using input dim {len(shape)}; input has "
                               f"only {len(shape)} dims", "StridedSlice")
    out, dim = [], 0
    for item in items:
        if item is Ellipsis:
            out.append(item)
            dim = len(shape) - (consumed - dim)
        elif item is None:
            out.append(None)
        elif isinstance(item, slice):
            step = _bound(item.step)
            if step == 0:
                raise invalid_argument("strides[0] must be non-zero", "StridedSlice")
            out.append(slice(_bound(item.start), _bound(item.stop), step))
            dim += 1
        else:
            i = _index_int(item)
            if i is None:
                raise TypeError(_INDEX_ERROR.format(item))
            if not -shape[dim] <= i < shape[dim]:
                raise invalid_argument(f"slice index {i} of dimension {dim} out of bounds.",
                                       "StridedSlice")
            out.append(i)
            dim += 1
    return tuple(out)
