"""Tensor creation and conversion: ``tensor``, ``as_tensor``, ``from_numpy``, ``zeros``, ..."""
from __future__ import annotations

import math

import numpy as np

import ivy

from . import _dtypes as T
from ._tensor import Tensor, _wrap, device as _device_cls


def cast(a, name):
    from ._ops import cast as _cast
    return _cast(a, name)

# numpy dtypes of Python data -> torch's defaults for Python numbers
_PY_DEFAULT = {"float64": "float", "complex128": "complex"}


def _dtype_name(dtype, fallback=None):
    if dtype is None:
        return fallback
    if isinstance(dtype, str):           # the core's names are not torch's API
        raise TypeError(f"argument 'dtype' must be torch.dtype, not str")
    return T.canonical(dtype)


def _native_device(device):
    """torch device argument -> ivy device name; a GPU that is not there raises like torch."""
    if device is None:
        return None
    d = device if isinstance(device, _device_cls) else _device_cls(device)
    if d.type == "cpu":
        return "cpu"
    if d.type == "cuda":      # what a CPU-only torch build raises
        raise AssertionError("Torch not compiled with CUDA enabled")
    raise RuntimeError(f"ivy: device type {d.type!r} is not supported")


def _infer_from_python(data) -> tuple[np.ndarray, str]:
    """numpy array of Python data and the dtype torch would give it."""
    def unwrap(o):
        if isinstance(o, Tensor):
            return ivy.to_numpy(o._data)
        if isinstance(o, (list, tuple)):
            return [unwrap(x) for x in o]
        return o
    try:
        arr = np.asarray(unwrap(data))
    except ValueError:
        raise _ragged(data, 0) or ValueError("could not convert the data to a tensor") from None
    if arr.dtype.kind == "O" and not _has_ints(arr):
        raise RuntimeError(f"Could not infer dtype of "
                           f"{type(next(iter(arr.reshape(-1)), data)).__name__}")
    if arr.dtype.kind == "O" or arr.dtype == np.uint64 and not _has_numpy_scalars(data, arr.dtype):
        return _big_ints(data, arr)
    name = "bool" if arr.dtype == np.bool_ else arr.dtype.name
    if name in _PY_DEFAULT and not _has_numpy_scalars(data, arr.dtype):
        name = T.default_float() if name == "float64" else T.default_complex()
    elif arr.dtype.kind in "iu" and not _has_numpy_scalars(data, arr.dtype):
        name = "int64"
    elif arr.dtype.kind not in "biufc":
        raise TypeError(f"Could not infer dtype of {type(data).__name__}")
    return arr, name


def _has_numpy_scalars(data, dtype) -> bool:
    """numpy scalars/arrays and tensors keep their dtype (torch.tensor(np.float64(1)) is float64)."""
    if isinstance(data, (np.ndarray, np.generic, Tensor)):
        return True
    if isinstance(data, (list, tuple)) and data:
        return _has_numpy_scalars(data[0], dtype)
    return False


def tensor(data, *, dtype=None, device=None, requires_grad=False, pin_memory=False):
    if isinstance(data, Tensor):
        arr, name = data._data, ivy.dtype(data._data)
        out = ivy.asarray(cast(arr, _dtype_name(dtype, name)), copy=True)
    elif ivy.is_native_array(data):
        out = ivy.asarray(cast(data, _dtype_name(dtype, ivy.dtype(data))), copy=True)
    else:
        if type(data) is int and not -2**63 <= data < 2**63 and dtype is not None and \
                T.canonical(dtype) not in _INTEGER_NAMES:
            arr, name = np.asarray(float(data)), T.default_float()    # torch.tensor(2**70, dtype=f)
        else:
            arr, name = _infer_from_python(data)
        want = _dtype_name(dtype, name)
        if want in _INTEGER_NAMES:
            _check_range(arr, want)
        out = ivy.asarray(arr.astype(np.dtype(want) if want != "bfloat16" else arr.dtype,
                                     copy=False) if want != "bfloat16" else arr, dtype=want,
                          device=_native_device(device), copy=True)   # never the caller's memory
    t = _wrap(out)
    if requires_grad:
        t.requires_grad = True
    return t


def as_tensor(data, dtype=None, device=None):
    if isinstance(data, Tensor) and dtype is None:
        return data
    if isinstance(data, Tensor):
        return _wrap(cast(data._data, T.canonical(dtype)))
    if isinstance(data, np.ndarray) and dtype is None:
        return _wrap(ivy.asarray(data, device=_native_device(device)))
    return tensor(data, dtype=dtype, device=device)


asarray = as_tensor


def from_numpy(ndarray):
    if not isinstance(ndarray, np.ndarray):
        raise TypeError(f"expected np.ndarray (got {type(ndarray).__name__})")
    return _wrap(ivy.asarray(ndarray))


def _size(size):
    if len(size) == 1 and isinstance(size[0], (list, tuple)):
        size = tuple(size[0])
    for s in size:
        if not isinstance(s, (int, np.integer, Tensor)):
            raise TypeError(f"zeros(): argument 'size' must be tuple of ints, but found element of "
                            f"type {type(s).__name__}")
    size = tuple(int(s) for s in size)
    for s in size:
        if s < 0:
            raise RuntimeError(f"Trying to create tensor with negative dimension {s}: {list(size)}")
    return size


def _ragged(data, dim):
    """torch's error for nested sequences of unequal shapes (None when this level is regular)."""
    seqs = [isinstance(v, (list, tuple)) for v in data]
    if not any(seqs):
        return None
    if not all(seqs):
        return TypeError("not a sequence")
    n = len(data[0])
    for v in data:
        if len(v) != n:
            return ValueError(f"expected sequence of length {n} at dim {dim + 1} (got {len(v)})")
    for v in data:
        e = _ragged(v, dim + 1)
        if e is not None:
            return e
    return None


def _has_ints(arr) -> bool:
    return any(type(v) is int for v in arr.reshape(-1))


def _big_ints(data, arr):
    """Python ints past int64 (numpy made uint64 or objects of them): torch reads them as float
    only when a float is among them, else overflows."""
    try:
        wide = np.asarray(arr, dtype=np.float64)
    except (TypeError, ValueError):
        raise TypeError(f"Could not infer dtype of {type(data).__name__}") from None
    if any(type(v) is float for v in np.asarray(arr, dtype=object).reshape(-1)):
        return wide, T.default_float()
    raise ValueError("Overflow when unpacking long long")


def _check_range(arr, want):
    """torch.tensor(data, dtype=<integer>): values the dtype cannot hold raise (no wrapping)."""
    from ._ops import _INT_BOUNDS, _UNSIGNED
    lo, hi = _INT_BOUNDS[want]
    if want in _UNSIGNED:
        lo = -hi
    if arr.size and arr.dtype.kind in "iuf" and not (
            np.all(np.isfinite(arr)) and lo <= arr.min() and arr.max() <= hi):
        raise RuntimeError(f"value cannot be converted to type {want} without overflow")


def _created(native, requires_grad, out=None):
    if out is not None:            # torch writes into out, resizing it when the shapes differ
        if tuple(ivy.shape(out._data)) == tuple(ivy.shape(native)):
            from ._ops import assign
            return assign(out, native, "out")
        from ._tensor import bump_version, set_data
        set_data(out, native)
        bump_version(out)
        return out
    t = _wrap(native)
    if requires_grad:
        t.requires_grad = True
    return t


def _out_dtype(out, dtype, fallback):
    """The dtype of a creation function given ``out=``: out's own, which ``dtype`` must match."""
    if out is None:
        return _dtype_name(dtype, fallback)
    have = ivy.dtype(out._data)
    if dtype is not None and _dtype_name(dtype) != have:
        raise RuntimeError(f"dtype {T.BY_NAME[_dtype_name(dtype)]} does not match dtype of out "
                           f"parameter ({T.BY_NAME[have]})")
    return have


def _filled(core):
    def fn(*size, out=None, dtype=None, layout=None, device=None, requires_grad=False,
           pin_memory=False):
        return _created(getattr(ivy, core)(_size(size),
                                           dtype=_out_dtype(out, dtype, T.default_float()),
                                           device=_native_device(device)), requires_grad, out)
    fn.__name__ = core
    return fn


zeros, ones, empty = _filled("zeros"), _filled("ones"), _filled("empty")


_INTEGER_NAMES = frozenset({"uint8", "int8", "int16", "int32", "int64", "uint16", "uint32",
                            "uint64"})
_KIND_OF = {"bool": "b", **{d: "i" for d in ("uint8", "int8", "int16", "int32", "int64", "uint16",
                                               "uint32", "uint64")},
            **{d: "f" for d in ("float16", "bfloat16", "float32", "float64")}}
_PYTHON_OF_KIND = {"b": bool, "i": int, "f": float, "c": complex}


def full(size, fill_value, *, out=None, dtype=None, layout=None, device=None, requires_grad=False,
         pin_memory=False):
    if isinstance(fill_value, np.generic):
        fill_value = fill_value.item()
    name = _out_dtype(out, dtype, T.scalar_dtype(fill_value) if not isinstance(fill_value, Tensor)
                      else ivy.dtype(fill_value._data))
    value = fill_value.item() if isinstance(fill_value, Tensor) else fill_value
    kind = _KIND_OF.get(name, "c")
    from ._ops import fill_scalar
    value = _PYTHON_OF_KIND[kind](fill_scalar(value, name))   # 2.7 -> 2, -1 -> 255 (uint8)
    return _created(ivy.full(_size((size,) if isinstance(size, int) else tuple(size)), value,
                             dtype=name, device=_native_device(device)), requires_grad, out)


def _like(core):
    def fn(input, *, dtype=None, layout=None, device=None, requires_grad=False,
           memory_format=None):
        t = _wrap(getattr(ivy, core)(input._data, dtype=None if dtype is None else T.canonical(dtype),
                                     device=_native_device(device)))
        if requires_grad:
            t.requires_grad = True
        return t
    fn.__name__ = core
    return fn


zeros_like, ones_like, empty_like = _like("zeros_like"), _like("ones_like"), _like("empty_like")


def full_like(input, fill_value, *, dtype=None, layout=None, device=None, requires_grad=False,
              memory_format=None):
    return _wrap(ivy.full_like(input._data, fill_value,
                               dtype=None if dtype is None else T.canonical(dtype),
                               device=_native_device(device)))


def arange(start=0, end=None, step=1, *, out=None, dtype=None, layout=None, device=None,
           requires_grad=False):
    if end is None:
        start, end = 0, start
    values = [v.item() if isinstance(v, Tensor) else v for v in (start, end, step)]
    if step == 0:
        raise RuntimeError("step must be nonzero")
    lo, hi, st = (float(v) for v in values)
    if not (math.isfinite(lo) and math.isfinite(hi)):
        raise RuntimeError(f"unsupported range: {values[0]} -> {values[1]}")
    if (hi - lo) * st < 0:
        raise RuntimeError("upper bound and lower bound inconsistent with step sign")
    inferred = "int64" if all(isinstance(v, int) for v in values) else T.default_float()
    return _created(ivy.arange(*values, dtype=_out_dtype(out, dtype, inferred),
                               device=_native_device(device)), requires_grad, out)


def eye(n, m=None, *, out=None, dtype=None, layout=None, device=None, requires_grad=False):
    for name, v in (("n", n), ("m", m)):
        if v is not None and v < 0:
            raise RuntimeError(f"{name} must be greater or equal to 0, got {v}")
    return _created(ivy.eye(n, m, dtype=_out_dtype(out, dtype, T.default_float()),
                            device=_native_device(device)), requires_grad, out)


def linspace(start, end, steps, *, out=None, dtype=None, layout=None, device=None,
             requires_grad=False):
    if steps < 0:
        raise RuntimeError("number of steps must be non-negative")
    return _created(ivy.linspace(start, end, steps,
                                 dtype=_out_dtype(out, dtype, T.default_float()),
                                 device=_native_device(device)), requires_grad, out)
