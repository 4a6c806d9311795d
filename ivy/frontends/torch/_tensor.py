"""``torch.Tensor``: one native array of the selected backend plus torch's autograd attributes.

Wrapping is ``_wrap(native)`` (no ``__init__``); only ``_data`` is set on the hot path, the other
slots are read with defaults. Operators, methods and their in-place forms are attached from the
tables in ``_ops`` and the other modules.
"""
from __future__ import annotations

import math

import numpy as np

import ivy

from . import _dtypes as T
from ._dtypes import native_name
from ._printing import grad_fn_name, tensor_repr
from .._shared import immutable  # noqa: F401 - other modules import it from here


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
    __slots__ = ("_data", "_requires_grad", "_grad", "_retains_grad", "_version", "__weakref__")
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
        return T.BY_NAME[native_name(self._data)]

    @property
    def device(self) -> device:
        return _device_of(self._data)

    @property
    def ndim(self) -> int:
        return self._data.ndim

    def dim(self) -> int:
        return self._data.ndim

    ndimension = dim

    def numel(self) -> int:
        return Size(ivy.shape(self._data)).numel()

    nelement = numel

    def element_size(self) -> int:
        return self.dtype.itemsize

    def is_floating_point(self) -> bool:
        return native_name(self._data) in ("float16", "bfloat16", "float32", "float64")

    def is_complex(self) -> bool:
        return native_name(self._data) in ("complex64", "complex128")

    @property
    def is_cuda(self) -> bool:
        return ivy.device(self._data) != "cpu"

    # ---- autograd (``autograd.py`` has backward and grad; the graph is ``ivy.autograd``'s) --------
    # A leaf that requires grad has ``_requires_grad`` set and a watched native; anything computed
    # from it while grad mode is on is tracked by the core, so ``requires_grad`` asks the core.
    @property
    def requires_grad(self) -> bool:
        return getattr(self, "_requires_grad", False) or ivy.autograd.requires_grad(self._data)

    @requires_grad.setter
    def requires_grad(self, value: bool):
        if value and not self.is_floating_point() and not self.is_complex():
            raise RuntimeError("only Tensors of floating point and complex dtype can require "
                               "gradients")
        if not self.is_leaf:
            if value:
                return
            raise RuntimeError("you can only change requires_grad flags of leaf variables. If you "
                               "want to use a computed variable in a subgraph that doesn't require "
                               "differentiation use var_no_grad = var.detach().")
        self._requires_grad = bool(value)
        self._data = (ivy.autograd.watch(self._data, self) if value
                      else ivy.autograd.stop(self._data))

    def requires_grad_(self, requires_grad: bool = True):
        self.requires_grad = requires_grad
        return self

    @property
    def is_leaf(self) -> bool:
        return ivy.autograd.is_leaf(self._data)

    @property
    def grad(self):
        return getattr(self, "_grad", None)

    @grad.setter
    def grad(self, value):
        if value is not None:
            if not isinstance(value, Tensor):
                raise TypeError(f"assigned grad expected to be a Tensor or None but got grad of "
                                f"type {type(value).__name__}")
            if value.shape != self.shape:
                raise RuntimeError(f"assigned grad has data of a different size")
            if value.dtype != self.dtype:
                raise RuntimeError("assigned grad has data of a different type")
        self._grad = value

    @property
    def grad_fn(self):
        name = grad_fn_name(self)
        return None if name is None else GradFn(name)

    @property
    def data(self) -> "Tensor":
        return alias(self)

    @data.setter
    def data(self, value: "Tensor"):
        set_data(self, value._data, inplace=False)

    def detach(self) -> "Tensor":
        return alias(self)

    def detach_(self) -> "Tensor":
        if type(self) is _View:
            raise RuntimeError("Can't detach views in-place. Use detach() instead.")
        self._requires_grad = False
        self._data = ivy.autograd.stop(self._data)
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
        return float(self._scalar())

    def __int__(self):
        return int(self._scalar())

    def __complex__(self):
        return complex(self._scalar())

    def _scalar(self):
        if ivy.size(self._data) != 1:     # float()/int()/complex(): a ValueError, unlike item()
            raise ValueError("only one element tensors can be converted to Python scalars")
        return self.item()

    def __index__(self):
        if native_name(self._data) not in ("bool", "uint8", "int8", "int16", "int32", "int64",
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

    def __format__(self, spec):
        if not self._data.ndim and type(self) in (Tensor, _View):   # (not a Parameter: torch's)
            return format(self.item(), spec)
        return object.__format__(self, spec)


def _wrap(native) -> Tensor:
    t = object.__new__(Tensor)
    t._data = native
    return t


class GradFn:
    """What ``Tensor.grad_fn`` gives for a computed tensor: the recorded operation's name."""
    __slots__ = ("_name",)

    def __init__(self, name):
        self._name = name

    def name(self) -> str:
        return self._name

    def __repr__(self):
        return f"<{self._name} object at {id(self):#x}>"


def set_data(t: Tensor, native, inplace: bool = True) -> None:
    """Replace ``t``'s native array (an in-place write when ``inplace``, else ``.data =``); a leaf
    that requires grad keeps requiring it, and refuses an in-place write while grad mode is on."""
    if getattr(t, "_requires_grad", False):
        if inplace and ivy.autograd.enabled():
            raise RuntimeError("a leaf Variable that requires grad is being used in an in-place "
                               "operation.")
        if not (ivy.autograd.requires_grad(native) and ivy.autograd.is_leaf(native)):
            native = ivy.autograd.watch(native, t, like=t._data, shared=not inplace)
    t._data = native


# ---- views on immutable backends ------------------------------------------------------------------
# numpy and torch arrays have real views: a slice or a transpose shares memory with its base, so an
# in-place write through either is seen by both. jax and tensorflow arrays are immutable, so there a
# view is a _View: like a torch view it is a layout (shape, strides, offset) over its root tensor's
# flat buffer; its value is a gather from the root, a write through it scatters into the root. Each
# in-place write bumps the root's version; a view whose recorded version is behind re-gathers.
# Plain tensors pay one version bump per in-place op and nothing else.


def _contiguous_strides(shape) -> tuple:
    strides, step = [], 1
    for n in reversed(shape):
        strides.append(step)
        step *= max(n, 1)        # torch: a zero-size dim does not zero the strides before it
    return tuple(reversed(strides))


class _View(Tensor):
    __slots__ = ("_root", "_layout", "_positions", "_value", "_seen", "_detached", "_key")

    @property
    def _data(self):
        seen = getattr(self._root, "_version", 0)
        if self._seen != seen:
            flat = ivy.reshape(self._root._data, (-1,))
            value = ivy.reshape(ivy.take(flat, self.positions()), self._layout[0])
            self._value = ivy.autograd.stop(value) if getattr(self, "_detached", False) else value
            # numpy/torch: the root may share memory with tensors whose writes do not bump its
            # version, so such a view gathers on every read (None equals no version)
            self._seen = seen if immutable(value) else None
        return self._value

    @_data.setter
    def _data(self, value):
        shape, strides, _ = self._layout
        if any(st == 0 and n > 1 for n, st in zip(shape, strides)) and 0 not in shape:
            raise RuntimeError("unsupported operation: more than one element of the written-to "
                               "tensor refers to a single memory location. Please clone() the "
                               "tensor before performing the operation.")
        if _overlapping(self._layout) and self._changes_shared(value):
            raise NotImplementedError(f"ivy: an in-place write through a view whose elements "
                                      f"overlap (layout {self._layout}) changing a shared one, on "
                                      f"{ivy.current_backend()}: torch writes element by element")
        root = self._root
        base = root._data
        if not immutable(base):
            self._write_through(root, base, value)
            return
        detached = getattr(self, "_detached", False)
        recording = ivy.autograd.set_enabled(False) if detached else None
        try:
            flat = ivy.reshape(ivy.index_update(ivy.reshape(base, (-1,)), self.positions(),
                                                ivy.reshape(value, (-1,))), ivy.shape(base))
            if (detached and not getattr(root, "_requires_grad", False)
                    and ivy.autograd.requires_grad(base)):
                flat = _rewritten(flat, base)
            set_data(root, flat, inplace=not detached)
        finally:
            if detached:
                ivy.autograd.set_enabled(recording)
        bump_version(root)
        self._value = value
        self._seen = root._version

    def _write_through(self, root, base, value):
        """numpy/torch: write into the root's own (possibly shared) memory, in place."""
        if getattr(root, "_requires_grad", False) and ivy.autograd.enabled():
            raise RuntimeError("a leaf Variable that requires grad is being used in an in-place "
                               "operation.")
        if 0 in self._layout[0]:       # no elements to write
            bump_version(root)
            return
        if getattr(self, "_key", None) is None and not ivy.shape(base):
            self._key = Ellipsis
        if getattr(self, "_key", None) is None:
            pos = np.asarray(ivy.to_numpy(self.positions()), dtype=np.int64)
            index = np.unravel_index(pos, tuple(ivy.shape(base)))
            # the root's memory (an expanded tensor's elements share it): torch refuses a write
            # through a view with a dim of size > 1 that stays on one memory location
            shape = self._layout[0]
            memory = sum(k * st for k, st in zip(index, ivy.strides(base))).reshape(shape)
            if any(n > 1 and not np.diff(memory, axis=d).any() for d, n in enumerate(shape)):
                raise RuntimeError("unsupported operation: more than one element of the "
                                   "written-to tensor refers to a single memory location. Please "
                                   "clone() the tensor before performing the operation.")
            dev = ivy.device(base)
            self._key = tuple(ivy.asarray(k, device=dev) for k in index)
        recording = ivy.autograd.set_enabled(False) if getattr(self, "_detached", False) else None
        try:
            ivy.index_update(base, self._key, ivy.reshape(value, (-1,) if ivy.shape(base) else ()),
                             inplace=True)
        finally:
            if recording is not None:
                ivy.autograd.set_enabled(recording)
        bump_version(root)
        self._value = value
        self._seen = None

    def _changes_shared(self, value) -> bool:
        """Whether ``value`` changes an element that several of this view's elements share."""
        pos = _host_positions(self._layout)
        _, inverse, counts = np.unique(pos, return_inverse=True, return_counts=True)
        shared = counts[inverse] > 1
        old = np.asarray(ivy.to_numpy(ivy.autograd.stop(self._data))).reshape(-1)[shared]
        new = np.asarray(ivy.to_numpy(ivy.autograd.stop(value))).reshape(-1)[shared]
        return not np.array_equal(old, new, equal_nan=old.dtype.kind in "fc")

    def positions(self):
        """Flat positions in the root of this view's elements, C order (a native int64 array)."""
        if getattr(self, "_positions", None) is None:
            self._positions = ivy.asarray(_host_positions(self._layout),
                                          device=ivy.device(self._root._data))
        return self._positions


def _host_positions(view_layout):
    shape, strides, offset = view_layout
    pos = np.full((), offset, dtype=np.int64)
    for n, st in zip(shape, strides):
        pos = pos[..., None] + np.arange(n, dtype=np.int64) * st
    return pos.reshape(-1)


def _overlapping(view_layout) -> bool:
    """Whether two elements of a view with no 0 stride share a position (as_strided with
    strides (1, 1), unfold with step < size): torch applies an in-place op to those element by
    element in memory order, which a computed-then-written result does not reproduce."""
    dims = sorted((st, n) for n, st in zip(view_layout[0], view_layout[1]) if n > 1)
    extent = 1
    for st, n in dims:
        if st < extent:          # may overlap: look
            pos = _host_positions(view_layout)
            return np.unique(pos).size < pos.size
        extent += st * (n - 1)
    return False


def _rewritten(value, old):
    """``value`` in ``old``'s place in the graph: torch's write through ``detach()`` of a computed
    tensor changes its values, not how it was computed, so its gradient passes to ``old`` as is
    (recorded under the same node name, also in no_grad mode)."""
    name = ivy.autograd.node_name(old)
    previous = ivy.autograd.set_enabled(True)
    try:
        return ivy.autograd.custom(lambda: (value,), lambda ct: (ct,), (old,),
                                   name[:-len("Backward")] if name else "copy")[0]
    finally:
        ivy.autograd.set_enabled(previous)


def bump_version(t: Tensor) -> None:
    """Record an in-place write to ``t`` (views of it re-gather their values)."""
    if type(t) is not _View:
        t._version = getattr(t, "_version", 0) + 1


def layout(t: Tensor) -> tuple:
    """(shape, strides, offset) of ``t`` over its root's flat buffer."""
    if type(t) is _View:
        return t._layout
    native = t._data
    shape = tuple(ivy.shape(native))
    strides = _contiguous_strides(shape)
    if immutable(native):
        return shape, strides, 0
    # numpy/torch: the native strides where they index the same elements (size-1 and empty dims
    # may have any stride), so views of it report torch's; else its elements in C order
    have = tuple(ivy.strides(native))
    if 0 in shape or all(n == 1 or a == b for n, a, b in zip(shape, have, strides)):
        return shape, have, 0
    return shape, strides, 0


def _make_view(base: Tensor, native, new_layout) -> Tensor:
    v = object.__new__(_View)
    v._root = base._root if type(base) is _View else base
    v._layout = new_layout
    v._value = native
    v._seen = getattr(v._root, "_version", 0) if immutable(native) else None
    if getattr(base, "_detached", False):     # a view of detach()'s result: outside the graph too
        v._detached = True
    return v




def emulated(t, native) -> bool:
    """Whether a view of ``t`` is a _View: always on jax/tensorflow; on numpy/torch a view of a
    _View (an unfold/as_strided window, which the core has no native strided view for)."""
    return type(t) is _View or immutable(native)


def alias(t: Tensor) -> Tensor:
    """A tensor sharing ``t``'s data, outside the graph (``detach()``, ``.data``)."""
    native = ivy.autograd.stop(t._data)
    if not emulated(t, native):
        return _wrap(native)
    v = _make_view(t, native, layout(t))
    v._detached = True
    return v


def index_view(t: Tensor, native, key) -> Tensor:
    """``t[key]`` for a basic key (ints, slices, None, Ellipsis)."""
    if not emulated(t, native):
        return _wrap(native)
    shape, strides, offset = layout(t)
    items = key if type(key) is tuple else (key,)
    consumed = sum(1 for k in items if k is not None and k is not Ellipsis)
    new_shape, new_strides, d = [], [], 0
    for k in items:
        if k is Ellipsis:
            for _ in range(len(shape) - consumed):
                new_shape.append(shape[d])
                new_strides.append(strides[d])
                d += 1
        elif k is None:
            new_shape.append(1)
            new_strides.append(None)
        elif isinstance(k, slice):
            start, stop, step = k.indices(shape[d])
            new_shape.append(len(range(start, stop, step)))
            new_strides.append(strides[d] * step)
            offset += start * strides[d]
            d += 1
        else:
            offset += (int(k) % shape[d]) * strides[d]
            d += 1
    new_shape += shape[d:]
    new_strides += strides[d:]
    for i in range(len(new_shape) - 1, -1, -1):
        if new_strides[i] is None:      # torch's unsqueeze: the next dim's size * stride, or 1
            new_strides[i] = (new_shape[i + 1] * new_strides[i + 1] if i + 1 < len(new_shape)
                              else 1)
    return _make_view(t, native, (tuple(new_shape), tuple(new_strides), offset))


def view_strides(shape, strides, new_shape):
    """Strides for viewing (shape, strides) as ``new_shape`` without a copy, or None (torch's rule:
    each run of dims merged or split must be contiguous within itself)."""
    if math.prod(shape) == 0 or not shape or not new_shape:
        return _contiguous_strides(new_shape) if math.prod(shape) <= 1 or not new_shape else (
            _contiguous_strides(new_shape) if math.prod(shape) == 0 else None)
    out = [0] * len(new_shape)
    d_new = len(new_shape) - 1
    chunk_stride = strides[-1]
    old_numel = new_numel = 1
    for d in range(len(shape) - 1, -1, -1):
        old_numel *= shape[d]
        chunk_ends = d == 0 or (shape[d - 1] != 1 and strides[d - 1] != old_numel * chunk_stride)
        if chunk_ends:
            while d_new >= 0 and (new_numel < old_numel or new_shape[d_new] == 1):
                out[d_new] = new_numel * chunk_stride
                new_numel *= new_shape[d_new]
                d_new -= 1
            if new_numel != old_numel:
                return None
            if d > 0:
                chunk_stride = strides[d - 1]
                old_numel = new_numel = 1
    return tuple(out) if d_new == -1 else None


def reshape_view(t: Tensor, native, *, must_view: bool = False) -> Tensor:
    """A reshape of ``t``: a view when torch's strides allow one, else (``reshape``) a copy."""
    if not emulated(t, native):
        return _wrap(native)
    shape, strides, offset = layout(t)
    new_shape = tuple(ivy.shape(native))
    new_strides = view_strides(shape, strides, new_shape)
    if new_strides is None:
        if must_view:
            raise RuntimeError("view size is not compatible with input tensor's size and stride "
                               "(at least one dimension spans across two contiguous subspaces). "
                               "Use .reshape(...) instead.")
        return _wrap(native)
    return _make_view(t, native, (new_shape, new_strides, offset))


def permute_view(t: Tensor, native, axes) -> Tensor:
    if not emulated(t, native):
        return _wrap(native)
    shape, strides, offset = layout(t)
    return _make_view(t, native, (tuple(shape[a] for a in axes), tuple(strides[a] for a in axes),
                                  offset))


def expand_view(t: Tensor, native) -> Tensor:
    if not emulated(t, native):
        return _wrap(native)
    shape, strides, offset = layout(t)
    new_shape = tuple(ivy.shape(native))
    lead = len(new_shape) - len(shape)
    new_strides = [0 if n != m else st for n, m, st in zip(shape, new_shape[lead:], strides)]
    for i in range(lead - 1, -1, -1):   # torch: a new dim of size 1 steps over the next one
        nxt = new_strides[0] * new_shape[i + 1] if i + 1 < len(new_shape) and shape else 0
        new_strides.insert(0, nxt if new_shape[i] == 1 else 0)
    return _make_view(t, native, (new_shape, tuple(new_strides), offset))


def _axis(dim, ndim: int) -> int:
    """A dim argument normalized to [0, ndim), with torch's IndexError when out of range."""
    if type(dim) is int and 0 < ndim:
        if 0 <= dim < ndim:
            return dim
        if -ndim <= dim < 0:
            return dim + ndim
    d = int(dim)
    lo, hi = (-1, 0) if ndim == 0 else (-ndim, ndim - 1)
    if not lo <= d <= hi:
        raise IndexError(f"Dimension out of range (expected to be in range of [{lo}, {hi}], but "
                         f"got {d})")
    return d % max(ndim, 1)


_format = tensor_repr    # (nn.Parameter's repr prefixes it)
