"""``numpy.ndarray`` on the core: the native array in ``_data``; views, NumPy scalars, writes.

Views and writes. numpy and torch arrays are mutable, and their basic slices, reshapes and
transposes are views sharing memory: there a frontend view wraps the native view and a write
(``a[i] = v``, ``a += b``, ``out=``) is an in-place native write, so base and views see each other
as in NumPy. jax and tensorflow arrays are immutable: there a view is a ``_View`` holding its
parent and the pair of functions that read it from the parent and write it back (basic indexing,
reshape, transpose, ...). A write through a view gives the parent its new value (and so on up to
the owner); every write bumps the written array's version, and a view reads its parent again
when the parent's version moved. What holds on jax and tensorflow: a write through any view is
seen by its base and by every other view of that base at their next read; what does not:
``strides``/``ctypes``/``__array_interface__`` describe a C-contiguous copy, not shared memory.
"""
from __future__ import annotations

import operator

import numpy as np

import ivy

from . import _dtypes as T
from ._dtypes import native_name
from .._shared import immutable

_new = object.__new__
_PY_NUMBERS = frozenset({bool, int, float, complex})


class ndarray:
    """``numpy.ndarray``: ``_data`` is the native array, ``_base`` the array it is a view of."""
    __slots__ = ("_data", "_base", "_version", "__weakref__")
    __module__ = "numpy"
    __array_ufunc__ = None      # _ufuncs installs the frontend ufuncs real NumPy then calls
    __array_priority__ = 100
    __hash__ = None

    def __init__(self, shape, dtype=float, buffer=None, offset=0, strides=None, order=None):
        if buffer is not None or strides is not None or offset:
            raise NotImplementedError("ndarray(): buffer, offset and strides are not supported "
                                      "by ivy's numpy frontend; use np.frombuffer or np.empty")
        shape = (int(shape),) if not isinstance(shape, (tuple, list)) else tuple(shape)
        self._data = ivy.zeros(shape, dtype=T.name_of(dtype, "ndarray"))
        self._base, self._version = None, 0

    # ---- metadata ---------------------------------------------------------------------------
    @property
    def dtype(self):
        return T.NP[native_name(self._data)]

    @property
    def shape(self) -> tuple:
        return tuple(self._data.shape)

    @shape.setter
    def shape(self, value):
        new = reshape_view(self, value, "shape")
        if new._base is None and new is not self:      # NumPy: only when no copy is needed
            raise AttributeError("Incompatible shape for in-place modification. Use "
                                 "`.reshape()` to make a copy with the desired shape.")
        assign_native(self, ivy.reshape(self._data, new.shape), reshape=True)

    @property
    def ndim(self) -> int:
        return len(self._data.shape)

    @property
    def size(self) -> int:
        n = 1
        for d in self._data.shape:
            n *= d
        return int(n)

    @property
    def itemsize(self) -> int:
        return self.dtype.itemsize

    @property
    def nbytes(self) -> int:
        return self.size * self.dtype.itemsize

    @property
    def strides(self) -> tuple:
        step, out = self.dtype.itemsize, []
        for n in reversed(self.shape):
            out.append(step)
            step *= max(n, 1)
        return tuple(reversed(out))

    @property
    def base(self):
        """The array owning the memory (NumPy collapses chains of views to the owner)."""
        b = self._base
        while b is not None and b._base is not None:
            b = b._base
        return b

    @property
    def flags(self):
        return _Flags(self)

    # ---- conversion -------------------------------------------------------------------------
    def __array__(self, dtype=None, copy=None):
        out = np.asarray(ivy.to_numpy(self._data))
        if dtype is not None:
            out = out.astype(dtype, copy=False)
        return out.copy() if copy else out

    def __len__(self) -> int:
        if not len(self._data.shape):
            raise TypeError("len() of unsized object")
        return int(self._data.shape[0])

    def __iter__(self):
        if not len(self._data.shape):
            raise TypeError("iteration over a 0-d array")
        return (self[i] for i in range(len(self)))

    def __bool__(self) -> bool:
        if self.size != 1:
            raise ValueError("The truth value of an array with more than one element is "
                             "ambiguous. Use a.any() or a.all()")
        return bool(self.item())

    def __int__(self) -> int:
        self._only_size_one("int")
        return int(self.item())

    def __float__(self) -> float:
        self._only_size_one("float")
        return float(self.item())

    def __complex__(self) -> complex:
        self._only_size_one("complex")
        return complex(self.item())

    def __index__(self) -> int:
        if self.ndim or native_name(self._data) not in T.INTEGRAL:
            raise TypeError("only integer scalar arrays can be converted to a scalar index")
        return int(self.item())

    def _only_size_one(self, what):
        if self.ndim:
            if self.size != 1:
                raise TypeError("only length-1 arrays can be converted to Python scalars")
            import warnings
            warnings.warn("Conversion of an array with ndim > 0 to a scalar is deprecated, and "
                          "will error in future. Ensure you extract a single element from your "
                          "array before performing this operation. (Deprecated NumPy 1.25.)",
                          DeprecationWarning, stacklevel=3)

    def item(self, *args):
        host = self.__array__()
        return host.item(*args)

    def tolist(self):
        return self.__array__().tolist()

    def tobytes(self, order="C") -> bytes:
        return self.__array__().tobytes(order)

    def __repr__(self):
        return repr(self.__array__())

    def __str__(self):
        return str(self.__array__())

    def __format__(self, spec):
        return format(self.__array__(), spec)

    def __copy__(self):
        return _wrap(ivy.asarray(self._data, copy=True))

    def __deepcopy__(self, memo):
        return self.__copy__()

    def __reduce__(self):
        return (asarray, (self.__array__(),))

    # ---- indexing ---------------------------------------------------------------------------
    def __getitem__(self, key):
        if type(key) is slice:          # the common view, without the key classification
            return make_view(self, ivy.get_item(self._data, key),
                             lambda parent: ivy.get_item(parent, key),
                             lambda parent, value: ivy.index_update(parent, key, value))
        return get(self, key)

    def __setitem__(self, key, value):
        put(self, key, value)


class _Flags:
    """``a.flags``: what the frontend can say (every array is C-contiguous, writeable)."""
    __slots__ = ("_a",)

    def __init__(self, a):
        self._a = a

    c_contiguous = property(lambda self: True)
    f_contiguous = property(lambda self: self._a.ndim <= 1 or self._a.size <= 1)
    writeable = property(lambda self: True)
    aligned = property(lambda self: True)
    owndata = property(lambda self: self._a._base is None)

    def __getitem__(self, name):
        key = {"C_CONTIGUOUS": "c_contiguous", "C": "c_contiguous", "F_CONTIGUOUS": "f_contiguous",
               "F": "f_contiguous", "WRITEABLE": "writeable", "W": "writeable",
               "ALIGNED": "aligned", "OWNDATA": "owndata"}.get(name.upper())
        if key is None:
            raise KeyError(f"Unknown flag {name}")
        return getattr(self, key)

    def __repr__(self):
        return "\n".join(f"  {k.upper()} : {getattr(self, k)}" for k in
                         ("c_contiguous", "f_contiguous", "owndata", "writeable", "aligned"))


# ---- views on immutable backends -----------------------------------------------------------------

class _View(ndarray):
    """A view on jax/tensorflow: ``read(parent native)`` is its value, ``write(parent native,
    value)`` the parent's new value after writing ``value`` through it."""
    __slots__ = ("_read", "_write", "_seen", "_value")

    @property
    def _data(self):
        parent = self._base
        current = parent._data                  # refreshes a parent that is itself a view
        if self._seen != parent._version:
            self._value = self._read(current)
            self._seen = parent._version
            self._version += 1
        return self._value

    @_data.setter
    def _data(self, value):
        parent = self._base
        assign_native(parent, self._write(parent._data, value))
        self._value, self._seen = value, parent._version
        self._version += 1


_View.__name__ = _View.__qualname__ = "ndarray"


def _wrap(native, base=None) -> ndarray:
    out = _new(ndarray)
    out._data, out._base, out._version = native, base, 0
    return out


def make_view(parent: ndarray, native, read, write) -> ndarray:
    """``native`` (computed from ``parent``) as a view of it: the native view on numpy/torch, a
    ``_View`` with its read/write functions on jax/tensorflow."""
    if not immutable(native):
        return _wrap(native, parent)
    out = _new(_View)
    out._base, out._version, out._read, out._write = parent, 0, read, write
    out._value, out._seen = native, parent._version
    return out


def assign_native(arr: ndarray, native, reshape: bool = False) -> None:
    """Write ``native`` (arr's dtype; arr's shape unless ``reshape``) into ``arr`` in place."""
    if type(arr) is _View:
        arr._data = native
    elif reshape or immutable(arr._data):
        arr._data = native
        arr._version += 1
    else:
        ivy.index_update(arr._data, Ellipsis, native, inplace=True)


# ---- NumPy scalars ---------------------------------------------------------------------------------

def scalar(native):
    """A 0-d native array as the NumPy scalar of its dtype (on the host, as NumPy keeps it)."""
    return np.asarray(ivy.to_numpy(native))[()]


def result(native):
    """A function result: 0-d as a NumPy scalar, else an array."""
    return scalar(native) if not len(native.shape) else _wrap(native)


# ---- conversion (np.asarray / np.array) -------------------------------------------------------

def asarray(a, dtype=None, order=None, *, device=None, copy=None, like=None) -> ndarray:
    """``np.asarray``: an ndarray as is (cast if ``dtype`` differs), anything else through
    NumPy's own conversion on the host (lists, scalars, buffers), then to the backend."""
    if device not in (None, "cpu"):
        raise ValueError(f"Device not understood. Only \"cpu\" is allowed, but received: {device}")
    if isinstance(a, ndarray):
        if dtype is not None:
            name = T.name_of(dtype, "asarray")
            if name != native_name(a._data):
                if copy is False:
                    raise ValueError("Unable to avoid copy while creating an array as requested.")
                return _wrap(ivy.astype(a._data, name))
        if copy:
            return _wrap(ivy.asarray(a._data, copy=True))
        return a
    if ivy.is_native_array(a):
        out = _wrap(a)
        return out if dtype is None else asarray(out, dtype, copy=copy)
    host = np.asarray(a, dtype=dtype)
    if host.dtype not in T.NAME:
        T.name_of(host.dtype, "asarray")        # raises NotImplementedError naming the dtype
    canonical = T.NP[T.NAME[host.dtype]]
    if host.dtype.char != canonical.char:
        # one dtype, two C types (uint64 is 'L' and 'Q'): torch converts only one of them
        host = host.view(canonical)
    return _wrap(ivy.asarray(host))


def array(object, dtype=None, *, copy=True, order="K", subok=False, ndmin=0, like=None) -> ndarray:
    """``np.array``: ``asarray`` that copies by default and pads to ``ndmin`` dimensions."""
    out = asarray(object, dtype, copy=copy if isinstance(object, ndarray) else None)
    if copy and out is object:
        out = _wrap(ivy.asarray(out._data, copy=True))
    if ndmin > out.ndim:
        out = _wrap(ivy.reshape(out._data, (1,) * (ndmin - out.ndim) + out.shape))
    return out


def to_native(x, name=None):
    """An operand as a native array (``name``: cast to it)."""
    if isinstance(x, ndarray):
        a = x._data
    elif ivy.is_native_array(x):
        a = x
    else:
        a = asarray(x, name)._data
    if name is not None and native_name(a) != name:
        a = ivy.astype(a, name)
    return a


# ---- indexing ----------------------------------------------------------------------------------

def _is_basic(key) -> bool:
    items = key if type(key) is tuple else (key,)
    for k in items:
        t = type(k)
        if not (t is int or t is slice or k is None or k is Ellipsis or
                isinstance(k, (np.integer,)) and not isinstance(k, bool)):
            return False
    return True


def _native_item(k):
    if isinstance(k, ndarray):
        return k._data
    if isinstance(k, (list, range)):    # any sequence is an index array, as in NumPy
        host = np.asarray(k)
        # an empty list indexes nothing (NumPy takes it as intp, not as float64)
        return ivy.asarray(host if host.size else host.astype(np.intp))
    return k


def _native_key(key):
    """A NumPy key for the core: frontend arrays and lists inside it become native arrays."""
    if type(key) is tuple:
        return tuple(_native_item(k) for k in key)
    return _native_item(key)


def _all_ints(key, ndim) -> bool:
    items = key if type(key) is tuple else (key,)
    return len(items) == ndim and all(
        (type(k) is int or isinstance(k, np.integer)) and not isinstance(k, (bool, np.bool_))
        for k in items)


def get(arr: ndarray, key):
    """``arr[key]``: a NumPy scalar where every axis is indexed by an integer, a view for a basic
    key, a copy for an advanced one."""
    if _is_basic(key):
        try:
            native = ivy.get_item(arr._data, key)
        except (IndexError, ValueError):
            _raise_index_error(arr.shape, key)
            raise
        if _all_ints(key, arr.ndim):
            return scalar(native)
        return make_view(arr, native, lambda parent: ivy.get_item(parent, key),
                         lambda parent, value: ivy.index_update(parent, key, value))
    key = _native_key(key)
    _check_index_arrays(arr, key)
    try:
        return _wrap(ivy.get_item(arr._data, key))
    except (IndexError, ValueError):
        _raise_index_error(arr.shape, key)
        raise


def _raise_index_error(shape, key):
    """After a failed index: NumPy's IndexError, in NumPy's words, where the key's fault is
    plain (too many indices, an integer or boolean index that does not fit); else returns."""
    items = key if type(key) is tuple else (key,)

    def host(k):
        return np.asarray(ivy.to_numpy(k._data if isinstance(k, ndarray) else k)) \
            if isinstance(k, ndarray) or ivy.is_native_array(k) else k

    items = [host(k) for k in items]
    used = [(k.ndim if k.dtype == bool else 1) if isinstance(k, np.ndarray) else
            0 if k is None or k is Ellipsis else 1 for k in items]
    if sum(used) > len(shape):
        raise IndexError(f"too many indices for array: array is {len(shape)}-dimensional, but "
                         f"{sum(used)} were indexed") from None
    axis = 0
    for k, n in zip(items, used):
        if k is Ellipsis:
            axis += len(shape) - sum(used)
        elif isinstance(k, np.ndarray) and k.dtype == bool:
            for i, m in enumerate(k.shape):
                if m != shape[axis + i]:
                    raise IndexError(f"boolean index did not match indexed array along axis "
                                     f"{axis + i}; size of axis is {shape[axis + i]} but size of "
                                     f"corresponding boolean axis is {m}") from None
        elif n and (isinstance(k, (int, np.integer, np.ndarray)) and not isinstance(k, bool)):
            values = np.asarray(k).reshape(-1)
            size = shape[axis]
            bad = values[(values >= size) | (values < -size)] if values.dtype.kind in "iu" \
                else values[:0]
            if bad.size:
                raise IndexError(f"index {bad[0]} is out of bounds for axis {axis} with size "
                                 f"{size}") from None
        axis += n


def _check_index_arrays(arr, key):
    """NumPy's IndexError for an out-of-range integer index array (jax would clamp or drop)."""
    items = key if type(key) is tuple else (key,)
    if any(k is None or k is Ellipsis for k in items):
        return                  # positions shift: the core's own checks apply
    for axis, k in enumerate(items):
        if ivy.is_native_array(k) and native_name(k) in T.INTEGRAL and axis < arr.ndim:
            n = arr.shape[axis]
            if len(k.shape) and k.shape[0] != 0 and bool(ivy.to_numpy(ivy.any(ivy.logical_or(
                    ivy.greater_equal(k, n), ivy.less(k, -n))))):
                bad = ivy.to_numpy(k)
                bad = bad[(bad >= n) | (bad < -n)].flat[0]
                raise IndexError(f"index {bad} is out of bounds for axis {axis} with size {n}")


def put(arr: ndarray, key, value) -> None:
    """``arr[key] = value``: the value cast to arr's dtype (NumPy's unsafe setitem cast)."""
    name = native_name(arr._data)
    t = type(value)
    if name in T.INTEGRAL and (t is int or t is float or isinstance(
            value, (np.integer, np.floating)) and _is_basic(key)):
        # NumPy stores one real number in an integer array as a Python int: bounds checked
        # (OverflowError), NaN a ValueError; a NumPy scalar under an index array is cast
        try:
            value = int(value)
            T.check_python_int(value, name)
        except (OverflowError, ValueError):
            get(arr, key)       # NumPy reports a bad index first
            raise
        v = ivy.asarray(value, dtype=name)
    elif t in _PY_NUMBERS:
        v = ivy.asarray(value, dtype=name) if name not in T.INEXACT or t is complex else value
    else:
        v = to_native(value, name)
    key = _native_key(key)
    if not _is_basic(key):
        _check_index_arrays(arr, key)
    try:
        if immutable(arr._data) or type(arr) is _View:
            assign_native(arr, ivy.index_update(arr._data, key, v))
        else:
            ivy.index_update(arr._data, key, v, inplace=True)
    except (IndexError, ValueError):
        _raise_index_error(arr.shape, key)
        raise


def normalize_axes(axis, ndim: int, duplicates: bool = True) -> tuple:
    """``axis`` (an int or a tuple; NumPy's C functions refuse a list) as non-negative dims in
    the given order: NumPy's AxisError out of range, TypeError for non-integers, ValueError for
    a repeated dim (``duplicates``)."""
    items = axis if isinstance(axis, tuple) else (axis,)
    bound = ndim if ndim > 0 else 1
    out = []
    for ax in items:
        ax = operator.index(ax)
        if not -ndim <= ax < bound:
            raise np.exceptions.AxisError(ax, ndim)
        out.append(ax % bound)
    if duplicates and len(set(out)) != len(out):
        raise ValueError("duplicate value in 'axis'")
    return tuple(out)


def _check_reshape(size, shape):
    """NumPy's ValueErrors (and wording) for a shape ``size`` elements cannot take."""
    known, unknown = 1, 0
    for n in shape:
        if n < 0:               # NumPy takes any negative size as the unknown one
            unknown += 1
        else:
            known *= n
    if unknown > 1:
        raise ValueError("can only specify one unknown dimension")
    if (known != size) if not unknown else (known == 0 or size % known):
        # NumPy's spelling: leading unknowns left out, later ones "newaxis"
        i = 0
        while i < len(shape) and shape[i] < 0:
            i += 1
        spelled = ",".join("newaxis" if n < 0 else str(n) for n in shape[i:])
        raise ValueError(f"cannot reshape array of size {size} into shape ({spelled}"
                         f"{',' if len(shape) == 1 and i == 0 else ''})")


def reshape_view(arr: ndarray, shape, fn="reshape") -> ndarray:
    """``arr.reshape(shape)`` as a view (every frontend array is C-contiguous)."""
    if isinstance(shape, (int, np.integer)):
        shape = (int(shape),)
    shape = tuple(operator.index(s) for s in shape)
    if not arr.size:            # backends differ on an unknown size of an empty array
        _check_reshape(0, shape)
    try:
        native = ivy.reshape(arr._data, shape)
    except Exception:
        _check_reshape(arr.size, shape)         # NumPy's error and wording, if it is one
        shape = tuple(n if n >= 0 else -1 for n in shape)
        native = ivy.reshape(arr._data, shape)
    old = arr.shape
    return make_view(arr, native, lambda parent: ivy.reshape(parent, shape),
                     lambda parent, value: ivy.reshape(value, old))
