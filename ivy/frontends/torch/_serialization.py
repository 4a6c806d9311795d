"""``torch.save``/``torch.load`` in torch's zip checkpoint format, and Tensor pickling/copying.

A checkpoint is a zip archive ``<name>/...``: ``data.pkl`` (the object, pickled; each tensor is
``torch._utils._rebuild_tensor_v2(storage, offset, size, stride, requires_grad, hooks)`` and each
storage a persistent id ``('storage', torch.FloatStorage, key, location, numel)``), ``data/<key>``
(a storage's raw bytes in ``byteorder``'s order), ``byteorder``, ``version`` and a few markers.
Dtypes torch keeps no typed storage for (uint16/32/64) use ``_rebuild_tensor_v3`` with an
``UntypedStorage`` (numel in bytes) and the dtype as an argument.

Loading reads those records with our own unpickler: ``weights_only=True`` (torch's default)
admits only the globals torch's weights-only unpickler admits and raises
``pickle.UnpicklingError`` for any other. Tensors that share a storage in the file share data
after loading: as ``_View``s on jax/tensorflow; on numpy/torch as native views wherever basic
indexing of a reshape of the storage expresses the layout (slices, steps, transposes, expands),
else as copies. Saving writes one storage per view root on jax/tensorflow (where the frontend
knows a view's layout), so views saved together stay views when torch loads them, and one
storage per tensor on numpy/torch (the core cannot tell a native view's base). Plain ``pickle``
and ``copy.deepcopy`` of a Tensor copy its values (views pickled together do not stay views).
The legacy (pre-1.6, non-zip) format is not supported.
"""
from __future__ import annotations

import collections
import copy as _copy
import io
import math
import os
import pickle
import sys
import zipfile

import numpy as np

import ivy

from . import _dtypes as T, _runtime
from ._tensor import Size, Tensor, _View, _contiguous_strides, _make_view, _wrap, device, immutable

# ---- storage types ---------------------------------------------------------------------------
_TYPED = {"float32": "FloatStorage", "float64": "DoubleStorage", "float16": "HalfStorage",
          "bfloat16": "BFloat16Storage", "int64": "LongStorage", "int32": "IntStorage",
          "int16": "ShortStorage", "int8": "CharStorage", "uint8": "ByteStorage",
          "bool": "BoolStorage", "complex64": "ComplexFloatStorage",
          "complex128": "ComplexDoubleStorage"}
_STORAGE_DTYPE = {v: k for k, v in _TYPED.items()}
_NP_DTYPES: dict = {}


def _np_dtype(name: str):
    if name not in _NP_DTYPES:
        _NP_DTYPES[name] = (ivy.to_numpy(ivy.zeros((0,), dtype=name)).dtype
                            if name == "bfloat16" else np.dtype(name))
    return _NP_DTYPES[name]


class _Global:
    """A stand-in written to the pickle as ``GLOBAL module.name`` (real torch's objects)."""
    __slots__ = ("module", "name")

    def __init__(self, module, name):
        self.module, self.name = module, name

    def __repr__(self):
        return f"{self.module}.{self.name}"

    def __call__(self, *args):       # never called: pickle only asks that a reducer be callable
        raise TypeError(f"{self!r} is a stand-in for real torch's object")


_REBUILD_V2 = _Global("torch._utils", "_rebuild_tensor_v2")
_REBUILD_V3 = _Global("torch._utils", "_rebuild_tensor_v3")
_STORAGE_GLOBALS = {name: _Global("torch", cls) for name, cls in _TYPED.items()}
_UNTYPED = _Global("torch.storage", "UntypedStorage")
_TORCH_SIZE = _Global("torch", "Size")
_TORCH_DEVICE = _Global("torch", "device")
_GET_LAYOUT = _Global("torch.serialization", "_get_layout")


# ---- save ------------------------------------------------------------------------------------
class _SavedStorage:
    __slots__ = ("key", "native", "name")

    def __init__(self, key, native, name):
        self.key, self.native, self.name = key, native, name


class _Pickler(pickle._Pickler):
    """Pickles frontend tensors, dtypes, sizes and devices as real torch's objects."""

    def __init__(self, file, protocol):
        super().__init__(file, protocol)
        self.storages: dict = {}          # id(root) -> _SavedStorage
        self.keep: list = []              # roots kept alive while their ids are keys

    def persistent_id(self, obj):
        if type(obj) is not _SavedStorage:
            return None
        numel = math.prod(ivy.shape(obj.native))
        if obj.name in _TYPED:
            return ("storage", _STORAGE_GLOBALS[obj.name], obj.key, "cpu", numel)
        return ("storage", _UNTYPED, obj.key, "cpu", numel * T.BY_NAME[obj.name].itemsize)

    def _storage(self, root: Tensor) -> _SavedStorage:
        s = self.storages.get(id(root))
        if s is None:
            s = _SavedStorage(str(len(self.storages)), root._data, ivy.dtype(root._data))
            self.storages[id(root)] = s
            self.keep.append(root)
        return s

    def save(self, obj, save_persistent_id=True):
        t = type(obj)
        if t is _Global:
            self.write(pickle.GLOBAL + f"{obj.module}\n{obj.name}\n".encode("utf-8"))
            return
        if t is T.dtype:
            return self.save(_Global("torch", obj._name))
        if t is Size:
            return self.save_reduce(_TORCH_SIZE, (tuple(obj),), obj=obj)
        if t is device:
            return self.save_reduce(_TORCH_DEVICE, (str(obj),), obj=obj)
        if t is _runtime.layout:
            return self.save_reduce(_GET_LAYOUT, (f"torch.{obj._name}",), obj=obj)
        if isinstance(obj, Tensor) and self.memo.get(id(obj)) is None:
            return self._save_tensor(obj)
        return super().save(obj, save_persistent_id)

    def _save_tensor(self, t: Tensor):
        if type(t) is _View and ivy.dtype(t._root._data) == ivy.dtype(t._value):
            storage, (shape, strides, offset) = self._storage(t._root), t._layout
        else:
            storage = self._storage(t)
            shape = tuple(ivy.shape(t._data))
            strides, offset = _contiguous_strides(shape), 0
        args = (storage, offset, tuple(shape), tuple(strides), t.requires_grad,
                collections.OrderedDict())
        if storage.name in _TYPED:
            self.save_reduce(_REBUILD_V2, args, obj=t)
        else:
            self.save_reduce(_REBUILD_V3, args + (T.BY_NAME[storage.name],), obj=t)


_ALIGN = 64


def _write_record(zf: zipfile.ZipFile, out: io.BytesIO, name: str, data: bytes) -> None:
    """A stored record whose data starts on a 64-byte boundary (torch pads with an 'FB' field)."""
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_STORED
    start = out.tell() + 30 + len(name.encode("utf-8"))
    pad = (-(start + 4)) % _ALIGN
    info.extra = b"FB" + pad.to_bytes(2, "little") + b"Z" * pad
    zf.writestr(info, data)


def save(obj, f, pickle_module=pickle, pickle_protocol=2, _use_new_zipfile_serialization=True,
         _disable_byteorder_record=False):
    """torch.save: ``obj`` as a zip checkpoint that real torch (and this frontend) can load."""
    if pickle_module is not pickle:
        raise NotImplementedError("ivy's torch frontend: torch.save pickles with the standard "
                                  "pickle module only")
    if not _use_new_zipfile_serialization:
        raise NotImplementedError("ivy's torch frontend: torch.save writes only the zip checkpoint "
                                  "format (_use_new_zipfile_serialization=True)")
    data = io.BytesIO()
    pickler = _Pickler(data, pickle_protocol)
    pickler.dump(obj)
    archive = "archive"
    if isinstance(f, (str, os.PathLike)):
        archive = os.path.splitext(os.path.basename(os.fspath(f)))[0] or "archive"
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as zf:
        _write_record(zf, out, f"{archive}/data.pkl", data.getvalue())
        _write_record(zf, out, f"{archive}/.format_version", b"1")
        _write_record(zf, out, f"{archive}/.storage_alignment", b"64")
        if not _disable_byteorder_record:
            _write_record(zf, out, f"{archive}/byteorder", sys.byteorder.encode())
        for s in sorted(pickler.storages.values(), key=lambda s: int(s.key)):
            raw = np.asarray(ivy.to_numpy(s.native)).tobytes()
            _write_record(zf, out, f"{archive}/data/{s.key}", raw)
        _write_record(zf, out, f"{archive}/version", b"3\n")
    if isinstance(f, (str, os.PathLike)):
        with open(f, "wb") as fh:
            fh.write(out.getvalue())
    else:
        f.write(out.getvalue())


# ---- load ------------------------------------------------------------------------------------
class _LoadedStorage:
    """One storage of a checkpoint: raw bytes, and the flat tensor read from them per dtype."""
    __slots__ = ("raw", "name", "roots")

    def __init__(self, raw: bytes, name):
        self.raw, self.name, self.roots = raw, name, {}


def _tensor_from(storage: _LoadedStorage, name: str, offset, size, stride, swap: bool) -> Tensor:
    size, stride = tuple(int(s) for s in size), tuple(int(s) for s in stride)
    root = storage.roots.get(name)
    if root is None:
        flat = np.frombuffer(storage.raw, dtype=_np_dtype(name))
        if swap:
            flat = flat.byteswap()
        native = ivy.asarray(np.array(flat), dtype=name)
        numel = math.prod(size)
        if offset == 0 and numel == ivy.shape(native)[0] and stride == _contiguous_strides(size):
            root = _wrap(ivy.reshape(native, size))        # the common case: a plain tensor
            storage.roots[name] = root
            return root
        root = storage.roots[name] = _wrap(native)
    flat = ivy.reshape(root._data, (-1,))
    numel = math.prod(size)
    if numel and offset + sum((n - 1) * st for n, st in zip(size, stride)) >= ivy.shape(flat)[0]:
        raise RuntimeError(f"setStorage: sizes {list(size)}, strides {list(stride)}, storage "
                           f"offset {offset} require more elements than the storage holds "
                           f"({ivy.shape(flat)[0]})")
    native = None
    if stride == _contiguous_strides(size) or numel <= 1:
        native = ivy.reshape(ivy.get_item(flat, slice(offset, offset + numel)), size)
    elif not immutable():                   # a real view where basic indexing can express it
        native = _sliced(flat, offset, size, stride)
    if native is None:                      # a gather (jax/tensorflow: the _View's value)
        pos = np.full((), offset, dtype=np.int64)
        for n, st in zip(size, stride):
            pos = pos[..., None] + np.arange(n, dtype=np.int64) * st
        native = ivy.reshape(ivy.take(flat, ivy.asarray(pos.reshape(-1))), size)
    if immutable():
        return _make_view(root, native, (size, stride, int(offset)))
    return _wrap(native)


def _sliced(flat, offset, size, stride):
    """The layout as basic indexing of a reshape of ``flat`` (so numpy and torch backends keep
    sharing memory), or None. The storage is cut into a grid whose units are gcds of the strides
    (largest first); the view is a stepped box of that grid, permuted, then broadcast over its
    stride-0 dims."""
    dims = sorted((i for i, n in enumerate(size) if n != 1 and stride[i] != 0),
                  key=lambda i: -stride[i])
    unit, rem = ivy.shape(flat)[0], offset
    grid, key = [], []
    for d in dims:
        g = math.gcd(stride[d], unit)
        start, rem = divmod(rem, g)
        step = stride[d] // g
        if g <= 0 or start + step * (size[d] - 1) >= unit // g:
            return None
        grid.append(unit // g)
        key.append(slice(start, start + step * (size[d] - 1) + 1, step))
        unit = g
    box = ivy.get_item(ivy.reshape(flat, tuple(grid) + (unit,)), tuple(key) + (rem,))
    order = sorted(range(len(dims)), key=lambda k: dims[k])
    kept = [n if n == 1 or stride[i] != 0 else 1 for i, n in enumerate(size)]
    out = ivy.reshape(ivy.permute_dims(box, tuple(order)), tuple(kept))
    return out if kept == list(size) else ivy.broadcast_to(out, size)


def _finish(t: Tensor, requires_grad) -> Tensor:
    if requires_grad:
        t.requires_grad = True
    return t


def _get_layout(name):
    return _runtime._LAYOUTS[name.rpartition(".")[2]]


def _rebuild_from_type_v2(func, new_type, args, state):
    return func(*args)


def _encode(obj, encoding="latin1"):     # _codecs.encode, how protocol-2 pickles carry bytes
    return obj.encode(encoding)


_SAFE = {("collections", "OrderedDict"): collections.OrderedDict,
         ("collections", "Counter"): collections.Counter,
         ("builtins", "set"): set, ("builtins", "complex"): complex,
         ("builtins", "bytearray"): bytearray, ("_codecs", "encode"): _encode,
         ("torch", "Size"): Size, ("torch", "device"): device, ("torch", "Tensor"): Tensor,
         ("torch.nn.parameter", "Parameter"): lambda data=None, requires_grad=True: _finish(
             data, requires_grad),
         ("torch.serialization", "_get_layout"): _get_layout,
         ("torch._tensor", "_rebuild_from_type_v2"): _rebuild_from_type_v2}


class _Unpickler(pickle.Unpickler):
    def __init__(self, file, zf: zipfile.ZipFile, prefix: str, weights_only: bool, swap: bool,
                 map_location, **kwargs):
        super().__init__(file, **kwargs)
        self.zf, self.prefix, self.weights_only, self.swap = zf, prefix, weights_only, swap
        self.map_location = map_location
        self.loaded: dict = {}

    def persistent_load(self, pid):
        if not (isinstance(pid, tuple) and pid and pid[0] == "storage"):
            raise pickle.UnpicklingError(f"Unsupported persistent id: {pid!r}")
        _, storage_type, key, location, _numel = pid
        if (self.map_location is None and isinstance(location, str)
                and location.startswith("cuda")):
            raise RuntimeError("Attempting to deserialize object on a CUDA device but "
                               "torch.cuda.is_available() is False. If you are running on a "
                               "CPU-only machine, please use torch.load with "
                               "map_location=torch.device('cpu') to map your storages to the CPU.")
        s = self.loaded.get(key)
        if s is None:
            raw = self.zf.read(f"{self.prefix}data/{key}")
            s = self.loaded[key] = _LoadedStorage(raw, storage_type)
        return s

    def find_class(self, module, name):
        found = _SAFE.get((module, name))
        if found is not None:
            return found
        if module == "torch._utils":
            rebuild = _REBUILDERS.get(name)
            if rebuild is not None:
                swap = self.swap
                return lambda *args: rebuild(swap, *args)
        if module == "torch._utils" and name.startswith("_rebuild"):
            raise NotImplementedError(f"ivy's torch frontend: torch.load cannot rebuild "
                                      f"{module}.{name} (sparse, quantized, nested or subclass "
                                      f"tensors are not supported)")
        if module == "torch" and name in _STORAGE_DTYPE:
            return _STORAGE_DTYPE[name]
        if module == "torch.storage" and name in ("UntypedStorage", "TypedStorage"):
            return None
        if module == "torch" and name in T.BY_NAME:
            return T.BY_NAME[name]
        if module == "torch" and (name in _runtime._LAYOUTS or name in _runtime._MEMORY_FORMATS):
            return _runtime._named(name)
        if self.weights_only:
            raise pickle.UnpicklingError(
                f"Weights only load failed. In PyTorch 2.6, we changed the default value of the "
                f"`weights_only` argument in `torch.load` from `False` to `True`. Re-running "
                f"`torch.load` with `weights_only` set to `False` will likely succeed, but it can "
                f"result in arbitrary code execution. Do it only if you got the file from a "
                f"trusted source.\nWeightsUnpickler error: Unsupported global: GLOBAL "
                f"{module}.{name} was not an allowed global by default.")
        if module == "torch" or module.startswith("torch."):
            raise NotImplementedError(f"ivy's torch frontend: torch.load cannot rebuild "
                                      f"{module}.{name}")
        return super().find_class(module, name)


def _dtype_name(storage, dtype=None) -> str:
    if dtype is not None:
        return T.canonical(dtype)
    return storage.name


def _rebuild_tensor_v2(swap, storage, storage_offset, size, stride, requires_grad=False,
                       backward_hooks=None, metadata=None):
    return _finish(_tensor_from(storage, _dtype_name(storage), storage_offset, size, stride, swap),
                   requires_grad)


def _rebuild_tensor_v3(swap, storage, storage_offset, size, stride, requires_grad, backward_hooks,
                       dtype, metadata=None):
    return _finish(_tensor_from(storage, _dtype_name(storage, dtype), storage_offset, size,
                                stride, swap), requires_grad)


def _rebuild_tensor(swap, storage, storage_offset, size, stride):
    return _tensor_from(storage, storage.name, storage_offset, size, stride, swap)


def _rebuild_parameter(swap, data, requires_grad, backward_hooks, *state):
    return _finish(data, requires_grad)


_REBUILDERS = {"_rebuild_tensor_v2": _rebuild_tensor_v2, "_rebuild_tensor_v3": _rebuild_tensor_v3,
               "_rebuild_tensor": _rebuild_tensor, "_rebuild_parameter": _rebuild_parameter,
               "_rebuild_parameter_with_state": _rebuild_parameter}


def load(f, map_location=None, pickle_module=None, *, weights_only=True, mmap=None,
         **pickle_load_args):
    """torch.load of a zip checkpoint. Every storage is placed on the CPU (the one device), so
    ``map_location`` (a device, string, dict or callable) has nothing to remap and ``mmap`` reads
    the file like a normal load; storages saved on CUDA need ``map_location`` as in torch."""
    if weights_only is None:
        weights_only = True
    if pickle_module is not None and weights_only:
        raise RuntimeError("Can not safely load weights when explicit pickle_module is specified")
    if pickle_module not in (None, pickle):
        raise NotImplementedError("ivy's torch frontend: torch.load unpickles with the standard "
                                  "pickle module only")
    if isinstance(f, (str, os.PathLike)):
        with open(f, "rb") as fh:
            raw = fh.read()
    else:
        raw = f.read()
    if raw[:4] != b"PK\x03\x04":
        raise NotImplementedError("ivy's torch frontend: torch.load reads only the zip checkpoint "
                                  "format (torch.save's default since PyTorch 1.6); this file is "
                                  "in the legacy format or is not a checkpoint")
    zf = zipfile.ZipFile(io.BytesIO(raw))
    names = zf.namelist()
    pkl = next((n for n in names if n.endswith("data.pkl") and n.count("/") == 1), None)
    if pkl is None:
        raise RuntimeError("PytorchStreamReader failed locating file data.pkl: file not found")
    prefix = pkl[:-len("data.pkl")]
    order = (zf.read(prefix + "byteorder").decode() if prefix + "byteorder" in names
             else "little")
    unpickler = _Unpickler(io.BytesIO(zf.read(pkl)), zf, prefix, bool(weights_only),
                           order != sys.byteorder, map_location, **pickle_load_args)
    return unpickler.load()


# ---- Tensor pickling and copying -------------------------------------------------------------
def _rebuild_pickled(raw: bytes, name: str, shape, requires_grad=False):
    """A Tensor from ``pickle``/``copy`` state, on the backend selected when unpickling."""
    flat = np.frombuffer(raw, dtype=_np_dtype(name))
    t = _wrap(ivy.asarray(np.array(flat).reshape(tuple(shape)), dtype=name))
    if requires_grad:
        t.requires_grad = True
    return t


def __reduce_ex__(self, protocol):
    a = np.asarray(ivy.to_numpy(self._data))
    return (_rebuild_pickled, (a.tobytes(), ivy.dtype(self._data), tuple(a.shape),
                               self.requires_grad))


def __setstate__(self, state):
    """torch's Tensor state: ``(data?, requires_grad, backward_hooks)`` or a dict of attributes."""
    if isinstance(state, tuple) and len(state) >= 2:
        self.requires_grad = bool(state[-2] if len(state) == 3 else state[0])


def __deepcopy__(self, memo):
    if id(self) in memo:
        return memo[id(self)]
    out = _wrap(ivy.asarray(self._data, copy=True))
    if self.requires_grad:
        out.requires_grad = True
    if self.grad is not None:
        out.grad = _copy.deepcopy(self.grad, memo)
    memo[id(self)] = out
    return out


FUNCTIONS_ONLY = {"save": save, "load": load}
METHODS = {"__reduce_ex__": __reduce_ex__, "__setstate__": __setstate__,
           "__deepcopy__": __deepcopy__}
