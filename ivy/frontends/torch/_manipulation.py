"""Shape and layout functions: reshape/view, permute/transpose, squeeze/unsqueeze, cat/stack, split..."""
from __future__ import annotations

import math
import operator
from collections.abc import Sequence

import numpy as np

import ivy

from . import _dtypes as T
from ._dtypes import native_name
from ._ops import _tensor_arg, assign, cast
from ._ops import _TORCH_NAME
from ._tensor import (Size, Tensor, _axis, _make_view, _wrap, emulated, expand_view, immutable,
                      index_view, layout, permute_view, reshape_view, view_strides)


def _reshaped(t, native):
    """A reshape of tensor ``t`` (a view of it on the immutable backends); ``t`` may be native."""
    return reshape_view(t, native) if isinstance(t, Tensor) else _wrap(native)


def _permuted(t, a, axes):
    native = ivy.permute_dims(a, axes)
    return permute_view(t, native, axes) if isinstance(t, Tensor) else _wrap(native)


def _indexed(t, a, key):
    # (key, ...): numpy gives a 0-d view, not a copied scalar, when ints index every dim
    native = ivy.get_item(a, key + (Ellipsis,) if type(key) is tuple and Ellipsis not in key
                          else key)
    return index_view(t, native, key) if isinstance(t, Tensor) else _wrap(native)


def _shape_arg(shape, fn: str) -> tuple:
    """``f(2, 3)`` or ``f((2, 3))`` or ``f(torch.Size)`` -> a tuple of ints."""
    if len(shape) == 1 and isinstance(shape[0], (list, tuple)):
        shape = tuple(shape[0])
    for s in shape:
        if type(s) is not int:
            break
    else:
        return shape
    out = []
    for s in shape:
        if isinstance(s, Tensor) or isinstance(s, np.integer):
            s = s.__index__()
        if not isinstance(s, int) or isinstance(s, bool):
            raise TypeError(f"{fn}(): argument 'shape' must be tuple of ints, but found element of "
                            f"type {type(s).__name__}")
        out.append(s)
    return tuple(out)


def reshape(input, shape):
    a = _tensor_arg(input, "reshape")
    return _reshaped(input, ivy.reshape(a, _check_shape(_shape_arg((shape,), "reshape"), a)))


def _reshape_method(self, *shape):
    if not shape:
        raise TypeError('reshape() missing 1 required positional arguments: "shape"')
    a = self._data
    return _reshaped(self, ivy.reshape(a, _check_shape(_shape_arg(shape, "reshape"), a)))


def _check_shape(shape, a):
    n = math.prod(a.shape)
    if shape.count(-1) > 1:
        raise RuntimeError("only one dimension can be inferred")
    known = math.prod(d for d in shape if d != -1)
    if (-1 in shape and (known == 0 or n % known)) or (-1 not in shape and known != n):
        raise RuntimeError(f"shape '{list(shape)}' is invalid for input of size {n}")
    return shape


_VIEW_ERROR = ("view size is not compatible with input tensor's size and stride (at least one "
               "dimension spans across two contiguous subspaces). Use .reshape(...) instead.")


def view(self, *shape):
    if not shape:
        raise TypeError("view() received an invalid combination of arguments - got (), but "
                        "expected one of:\n * (torch.dtype dtype)\n * (tuple of ints size)\n")
    if len(shape) == 1 and not isinstance(shape[0], (list, tuple, int, Tensor)):
        return _view_dtype(self, shape[0])
    a = self._data
    shape = _check_shape(_shape_arg(shape, "view"), a)
    if emulated(self, a):
        return reshape_view(self, ivy.reshape(a, shape), must_view=True)
    try:                                   # numpy/torch: the native view, or torch's refusal
        return _wrap(ivy.reshape(a, shape, copy=False))
    except ivy.IvyValueError:
        raise RuntimeError(_VIEW_ERROR) from None


def _is_contiguous(t) -> bool:
    """torch's rule: C-order strides, size-1 dims aside (an expanded dim is not contiguous)."""
    if emulated(t, t._data):
        shape, strides, _ = layout(t)
    else:
        shape, strides = tuple(ivy.shape(t._data)), ivy.strides(t._data)
    if 0 in shape:
        return True
    expected = 1
    for n, st in zip(reversed(shape), reversed(strides)):
        if n != 1:
            if st != expected:
                return False
            expected *= n
    return True


def contiguous(self, memory_format=None):
    """A contiguous tensor: ``self`` when it already is one, else a copy. (channels_last not yet.)"""
    if memory_format is not None and getattr(memory_format, "_name", None) not in (
            "contiguous_format", "preserve_format"):
        raise NotImplementedError(f"ivy: Tensor.contiguous(memory_format={memory_format}) is not "
                                  f"supported yet")
    if _is_contiguous(self):
        return self
    a = self._data     # (a copy: a flat reshape of an expanded 1-d tensor would be a view)
    return _wrap(ivy.reshape(ivy.reshape(a, (-1,), copy=True), tuple(ivy.shape(a))))


def _view_dtype(self, dtype):
    """``view(dtype)``: the same bytes read as another dtype (through host memory)."""
    import numpy as np
    name, src = T.canonical(dtype), native_name(self._data)
    if name == src:
        return self
    host = ivy.to_numpy(self._data)
    target = ivy.to_numpy(ivy.zeros((0,), dtype=name)).dtype
    if host.itemsize != target.itemsize:
        have, want = _TORCH_NAME[src], _TORCH_NAME[name]
        if host.ndim == 0:
            raise RuntimeError(f"self.dim() cannot be 0 to view {have} as {want} (different "
                               f"element sizes)")
        if target.itemsize > host.itemsize and host.shape[-1] * host.itemsize % target.itemsize:
            raise RuntimeError(f"self.size(-1) must be divisible by "
                               f"{target.itemsize // host.itemsize} to view {have} as {want} "
                               f"(different element sizes), but got {host.shape[-1]}")
        last_stride = (layout(self)[1][-1] if emulated(self, self._data)
                       else host.strides[-1] // host.itemsize)
        if last_stride != 1:
            raise RuntimeError(f"self.stride(-1) must be 1 to view {have} as {want} (different "
                               f"element sizes), but got {last_stride}")
    out = np.ascontiguousarray(host).view(target)
    return _wrap(ivy.asarray(out, device=ivy.device(self._data)))


def view_as(self, other):
    return view(self, tuple(ivy.shape(other._data)))


def flatten(input, start_dim=0, end_dim=-1):
    a = _tensor_arg(input, "flatten")
    shape = ivy.shape(a)
    if not shape:
        return _reshaped(input, ivy.reshape(a, (1,)))
    s, e = _axis(start_dim, len(shape)), _axis(end_dim, len(shape))
    if s > e:
        raise RuntimeError("flatten() has invalid args: start_dim cannot come after end_dim")
    return _reshaped(input, ivy.reshape(a, shape[:s] + (math.prod(shape[s:e + 1]),) + shape[e + 1:]))


def unflatten(input, dim, sizes):
    a = _tensor_arg(input, "unflatten")
    shape = ivy.shape(a)
    d = _axis(dim, len(shape))
    sizes = tuple(sizes)
    if -1 in sizes:
        known = math.prod(s for s in sizes if s != -1)
        sizes = tuple(shape[d] // known if s == -1 else s for s in sizes)
    if math.prod(sizes) != shape[d]:
        raise RuntimeError(f"unflatten: Provided sizes {list(sizes)} don't multiply up to the size "
                           f"of dim {dim} ({shape[d]}) in the input tensor")
    return _reshaped(input, ivy.reshape(a, shape[:d] + sizes + shape[d + 1:]))


def permute(input, dims):
    a = _tensor_arg(input, "permute")
    ndim = a.ndim
    axes = tuple(_axis(d, ndim) for d in dims)
    if len(axes) != ndim or len(set(axes)) != ndim:
        raise RuntimeError(f"permute(sparse_coo): number of dimensions in the tensor input does not "
                           f"match the length of the desired ordering of dimensions i.e. input.dim()"
                           f" = {ndim} is not equal to len(dims) = {len(axes)}")
    return _permuted(input, a, axes)


def transpose(input, dim0, dim1):
    a = _tensor_arg(input, "transpose")
    ndim = a.ndim
    if ndim == 0:
        _axis(dim0, 0), _axis(dim1, 0)
        return _wrap(a)
    d0, d1 = _axis(dim0, ndim), _axis(dim1, ndim)
    axes = list(range(ndim))
    axes[d0], axes[d1] = d1, d0
    return _permuted(input, a, tuple(axes))


swapaxes = swapdims = transpose


def t(input):
    a = _tensor_arg(input, "t")
    ndim = a.ndim
    if ndim > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {ndim}D")
    return _permuted(input, a, tuple(range(ndim))[::-1])


def movedim(input, source, destination):
    a = _tensor_arg(input, "movedim")
    ndim = a.ndim
    src = [_axis(d, ndim) for d in (source if isinstance(source, (list, tuple)) else [source])]
    dst = [_axis(d, ndim) for d in (destination if isinstance(destination, (list, tuple))
                                    else [destination])]
    if len(src) != len(dst):
        raise RuntimeError(f"movedim: Invalid source or destination dims: source ({src} dims) "
                           f"should contain the same number of dims as destination ({dst} dims)")
    for which, ds in (("source", src), ("destination", dst)):
        if len(set(ds)) != len(ds):
            raise RuntimeError(f"movedim: repeated dim in `{which}` ({list(ds)})")
    rest = iter(d for d in range(ndim) if d not in src)
    placed = dict(zip(dst, src))
    return _permuted(input, a, tuple(placed[i] if i in placed else next(rest) for i in range(ndim)))


moveaxis = movedim


def unsqueeze(input, dim):
    a = _tensor_arg(input, "unsqueeze")
    d = _axis(dim, a.ndim + 1)
    native = ivy.expand_dims(a, axis=d)
    if not isinstance(input, Tensor) or not emulated(input, native):
        return _reshaped(input, native)
    # torch keeps every stride and gives the new dim the next one's size * stride (or 1)
    shape, strides, offset = layout(input)
    st = shape[d] * strides[d] if d < len(shape) else 1
    return _make_view(input, native, (shape[:d] + (1,) + shape[d:],
                                      strides[:d] + (st,) + strides[d:], offset))


def squeeze(input, dim=None):
    a = _tensor_arg(input, "squeeze")
    shape = ivy.shape(a)
    if dim is None:
        axes = tuple(i for i, s in enumerate(shape) if s == 1)
    else:
        dims = dim if isinstance(dim, (list, tuple)) else (dim,)
        axes = tuple(sorted({_axis(d, len(shape)) for d in dims}))
        axes = tuple(i for i in axes if shape and shape[i] == 1)   # torch ignores non-unit dims
    native = ivy.squeeze(a, axis=axes) if axes else a
    if not isinstance(input, Tensor) or not emulated(input, native):
        return _reshaped(input, native)
    shape, strides, offset = layout(input)     # torch keeps the other dims' strides
    keep = [i for i in range(len(shape)) if i not in axes]
    return _make_view(input, native, (tuple(shape[i] for i in keep),
                                      tuple(strides[i] for i in keep), offset))


def expand(self, *sizes):
    if not sizes:
        raise TypeError('expand() missing 1 required positional arguments: "size"')
    sizes = _shape_arg(sizes, "expand")
    a = self._data
    shape = ivy.shape(a)
    if len(sizes) < len(shape):
        raise RuntimeError(f"expand(torch.{native_name(a)}{{{list(shape)}}}, size={list(sizes)}): the "
                           f"number of sizes provided ({len(sizes)}) must be greater or equal to the "
                           f"number of dimensions in the tensor ({len(shape)})")
    lead = len(sizes) - len(shape)
    target = []
    for i, s in enumerate(sizes):
        if s == -1:
            if i < lead:
                raise RuntimeError(f"The expanded size of the tensor (-1) isn't allowed in a "
                                   f"leading, non-existing dimension {i}")
            s = shape[i - lead]
        elif i >= lead and shape[i - lead] not in (1, s):
            raise RuntimeError(f"The expanded size of the tensor ({s}) must match the existing size "
                               f"({shape[i - lead]}) at non-singleton dimension {i}.  Target sizes: "
                               f"{list(sizes)}.  Tensor sizes: {list(shape)}")
        target.append(s)
    target = tuple(target)
    if all(s == n for s, n in zip(target[lead:], shape)) and all(s == 1 for s in target[:lead]):
        # nothing broadcast: a writable view (numpy's broadcast views are read-only)
        return expand_view(self, ivy.reshape(a, target) if lead else a)
    native = ivy.broadcast_to(a, target)
    if 0 in target and not immutable(native):
        native = ivy.asarray(native, copy=True)    # no elements: a writable copy is the same
    return expand_view(self, native)


def expand_as(self, other):
    return expand(self, tuple(ivy.shape(other._data)))


def broadcast_to(input, size):
    return expand(input, tuple(size))


def repeat(self, *sizes):
    if not sizes:
        raise TypeError('repeat() missing 1 required positional arguments: "repeats"')
    sizes = _shape_arg(sizes, "repeat")
    a = self._data
    shape = ivy.shape(a)
    if len(sizes) < len(shape):
        raise RuntimeError("Number of dimensions of repeat dims can not be smaller than number of "
                           "dimensions of tensor")
    if any(s < 0 for s in sizes):
        out = [s * n for s, n in zip(sizes, (1,) * (len(sizes) - len(shape)) + tuple(shape))]
        raise RuntimeError(f"Trying to create tensor with negative dimension "
                           f"{next(n for n in out if n < 0)}: {out}")
    a = ivy.reshape(a, (1,) * (len(sizes) - len(shape)) + shape)
    return _wrap(ivy.tile(a, sizes))


def _same_dtype(tensors, fn):
    if not isinstance(tensors, (list, tuple)):
        raise TypeError(f"{fn}(): argument 'tensors' (position 1) must be tuple of Tensors, not "
                        f"{type(tensors).__name__}")
    if not tensors:
        raise RuntimeError(f"{fn}(): expected a non-empty list of Tensors")
    arrays = [t._data if isinstance(t, Tensor) else _tensor_arg(t, fn) for t in tensors]
    first = arrays[0].dtype
    if any(a.dtype != first for a in arrays):
        name = T.result_name([t if isinstance(t, Tensor) else _wrap(t) for t in tensors])
        arrays = [cast(a, name) for a in arrays]
    return arrays


def cat(tensors, dim=0, *, out=None):
    arrays = _same_dtype(tensors, "cat")
    # torch skips legacy empty 1-d tensors of shape (0,) when concatenating others
    kept = [a for a in arrays if a.ndim != 1 or a.shape[0]] or arrays[:1]
    ndim = kept[0].ndim
    if ndim == 0:
        raise RuntimeError("zero-dimensional tensor (at position 0) cannot be concatenated")
    axis = _axis(dim, ndim)
    try:
        r = ivy.concat(kept, axis=axis)
    except (ivy.IvyValueError, ivy.IvyTypeError) as e:    # ranks or sizes differ: torch's error
        raise RuntimeError(f"torch.cat(): {e}") from None
    return _finish_out(r, out)


concat = concatenate = cat


def stack(tensors, dim=0, *, out=None):
    arrays = _same_dtype(tensors, "stack")
    shapes = {ivy.shape(a) for a in arrays}
    if len(shapes) > 1:
        raise RuntimeError("stack expects each tensor to be equal size")
    return _finish_out(ivy.stack(arrays, axis=_axis(dim, len(ivy.shape(arrays[0])) + 1)), out)


def _finish_out(result, out):
    return _wrap(result) if out is None else assign(out, result, "cat")


def split(tensor, split_size_or_sections, dim=0):
    a = _tensor_arg(tensor, "split")
    shape = ivy.shape(a)
    d = _axis(dim, len(shape))
    n = shape[d]
    if isinstance(split_size_or_sections, int):
        size = split_size_or_sections
        if size <= 0 and n:
            raise RuntimeError(f"split_size can only be 0 if dimension size is 0, but got "
                               f"dimension size of {n}")
        sizes = [size] * (n // size) + ([n % size] if n % size else []) if size else [0]
    else:
        sizes = list(split_size_or_sections)
        if sum(sizes) != n:
            raise RuntimeError(f"split_with_sizes expects split_sizes to sum exactly to {n} (input "
                               f"tensor's size at dimension {d}), but got split_sizes={sizes}")
    return tuple(_pieces(tensor, a, d, sizes))


def _pieces(t, a, axis, sizes):
    start = 0
    for s in sizes:
        key = (slice(None),) * axis + (slice(start, start + s),)
        yield _indexed(t, a, key)
        start += s


def chunk(input, chunks, dim=0):
    a = _tensor_arg(input, "chunk")
    if chunks <= 0:
        raise RuntimeError("chunk expects `chunks` to be greater than 0, got: " + str(chunks))
    n = ivy.shape(a)[_axis(dim, a.ndim)]
    size = -(-n // chunks) if n else 0
    return split(input, size if size else 1, dim) if n else (input,)


def unbind(input, dim=0):
    a = _tensor_arg(input, "unbind")
    shape = ivy.shape(a)
    d = _axis(dim, len(shape))
    return tuple(_indexed(input, a, (slice(None),) * d + (i,)) for i in range(shape[d]))


def flip(input, dims):
    a = _tensor_arg(input, "flip")
    ndim = a.ndim
    axes = tuple(_axis(d, ndim) for d in dims)
    if len(set(axes)) != len(axes):
        raise RuntimeError(f"dim {next(d for d in axes if axes.count(d) > 1)} appears multiple "
                           f"times in the list of dims")
    return _wrap(ivy.flip(a, axis=axes) if ndim else ivy.asarray(a, copy=True))


def roll(input, shifts, dims=None):
    a = _tensor_arg(input, "roll")
    if dims is None:
        return _wrap(ivy.reshape(ivy.roll(ivy.reshape(a, (-1,)), shifts), ivy.shape(a)))
    dims = (tuple(_axis(d, a.ndim) for d in dims) if isinstance(dims, (list, tuple))
            else _axis(dims, a.ndim))
    n_shifts = len(shifts) if isinstance(shifts, (list, tuple)) else 1
    n_dims = len(dims) if isinstance(dims, tuple) else 1
    if n_shifts != n_dims:
        raise RuntimeError(f"shifts and dimensions must align. shifts: {n_shifts}, dims:{n_dims}")
    return _wrap(ivy.roll(a, shifts, axis=dims))


def clone(input, *, memory_format=None):
    return _wrap(ivy.asarray(_tensor_arg(input, "clone"), copy=True))


def where(condition, input=None, other=None, *, out=None):
    if input is None and other is None:
        return nonzero(condition, as_tuple=True)
    from ._ops import binary_operands, _finish
    a, b, _ = binary_operands(input if isinstance(input, Tensor) else input,
                              other, "where")
    if not ivy.is_native_array(a):
        a = ivy.full_like(b, a)
    if not ivy.is_native_array(b):
        b = ivy.full_like(a, b)
    c = _tensor_arg(condition, "where")
    if native_name(c) != "bool":
        raise RuntimeError(f"where expected condition to be a boolean tensor, but got a tensor with "
                           f"dtype {T.BY_NAME[native_name(c)]}")
    try:
        r = ivy.where(c, a, b)
    except ivy.IvyBroadcastError:
        from ._ops import broadcast_error
        raise broadcast_error(c, a if ivy.shape(a) != ivy.shape(c) else b) from None
    return _finish(r, out, "where")


def nonzero(input, *, out=None, as_tuple=False):
    a = _tensor_arg(input, "nonzero")
    if as_tuple:
        if out is not None:
            raise RuntimeError("nonzero does not support the out kwarg when as_tuple is True")
        # a 0-d tensor's tuple holds one 1-d index tensor, as a 1-element tensor's
        return tuple(_wrap(p) for p in ivy.nonzero(ivy.reshape(a, (1,)) if a.ndim == 0 else a))
    if a.ndim == 0:     # one row per nonzero element, one column per dim: none
        r = ivy.zeros((int(ivy.to_numpy(ivy.astype(a, "bool"))), 0), dtype="int64")
    else:
        r = ivy.astype(ivy.stack(ivy.nonzero(a), axis=1), "int64")
    if out is None:
        return _wrap(r)
    if native_name(out._data) != "int64":
        raise RuntimeError(f"nonzero: Expected out tensor to have scalar type Long but got scalar "
                           f"type{_TORCH_NAME[native_name(out._data)]}")
    from ._creation import _created
    return _created(r, False, out)      # resized to the result, as torch does


def broadcast_tensors(*tensors):
    arrays = [_tensor_arg(t, "broadcast_tensors") for t in tensors]
    shape = ()
    for i, a in enumerate(arrays):
        try:
            shape = ivy.broadcast_shapes(shape, ivy.shape(a))
        except ivy.IvyBroadcastError:
            from ._ops import broadcast_error
            raise broadcast_error(_wrap(ivy.zeros(shape)), tensors[i]) from None
    return tuple(expand_view(t, ivy.broadcast_to(a, shape)) if isinstance(t, Tensor)
                 else _wrap(ivy.broadcast_to(a, shape)) for t, a in zip(tensors, arrays))


def broadcast_shapes(*shapes):
    """Implements ``torch.broadcast_shapes``: an int stands for a 1-d shape, ``None`` is skipped."""
    shapes = [(s,) if isinstance(s, int) else s for s in shapes if s is not None]
    for s in shapes:
        if not isinstance(s, Sequence):
            raise RuntimeError(f"Input shapes should be of type ints, a tuple of ints, or a list "
                               f"of ints, got {s}")
    common = [1] * max((len(s) for s in shapes), default=0)
    for i, shape in enumerate(shapes):
        for d in range(-1, -1 - len(shape), -1):
            n = shape[d]
            if n == common[d]:
                continue
            if common[d] == 1:
                if n < 0:
                    raise ValueError("Attempting to broadcast a dimension with negative length!")
                common[d] = n
            elif n != 1:
                raise RuntimeError(f"Attempting to broadcast a dimension of length {n} at {d}! "
                                   f"Mismatching argument at index {i} had {shape}; but expected "
                                   f"shape should be broadcastable to {common}")
    try:
        return Size(operator.index(n) for n in common)
    except TypeError:
        k = next(k for k, n in enumerate(common) if not hasattr(type(n), "__index__"))
        raise TypeError(f"torch.Size() takes an iterable of 'int' (item {k} is "
                        f"'{type(common[k]).__name__}')") from None


def numel(input):
    return Size(ivy.shape(_tensor_arg(input, "numel"))).numel()


FUNCTIONS = {"reshape": reshape, "flatten": flatten, "unflatten": unflatten, "permute": permute,
             "transpose": transpose, "swapaxes": swapaxes, "swapdims": swapdims, "t": t,
             "movedim": movedim, "moveaxis": moveaxis, "unsqueeze": unsqueeze, "squeeze": squeeze,
             "broadcast_to": broadcast_to, "cat": cat, "concat": concat,
             "concatenate": concatenate, "stack": stack, "split": split, "chunk": chunk,
             "unbind": unbind, "flip": flip, "roll": roll, "clone": clone, "where": where,
             "nonzero": nonzero, "numel": numel}
FUNCTIONS_ONLY = {"broadcast_tensors": broadcast_tensors, "broadcast_shapes": broadcast_shapes}
# Tensor-only methods (no torch.<name> function, or a different signature)
METHODS = {"view": view, "view_as": view_as, "expand": expand, "expand_as": expand_as,
           "repeat": repeat, "contiguous": contiguous}


def _varargs(fn, name):
    """Tensor method taking the shape/dims as varargs too: ``x.permute(1, 0)``, ``x.reshape(2, 3)``."""
    def method(self, *args):
        if not args:
            raise TypeError(f'{name}() missing 1 required positional arguments: "dims"')
        return fn(self, _shape_arg(args, name))
    method.__name__ = name
    return method


METHODS.update(reshape=_reshape_method, permute=_varargs(permute, "permute"),
               flip=_varargs(flip, "flip"))


def _reverse(self):
    a = self._data
    return _permuted(self, a, tuple(range(a.ndim - 1, -1, -1)))


def _matrix_transpose(self):
    a = self._data
    if a.ndim < 2:
        raise RuntimeError("tensor.mT is only supported on matrices or batches of matrices. Got "
                           f"{a.ndim}-D tensor.")
    n = a.ndim
    return _permuted(self, a, tuple(range(n - 2)) + (n - 1, n - 2))


def _conj(a):
    return ivy.conj(a) if native_name(a) in ("complex64", "complex128") else a


PROPERTIES = {
    "T": _reverse,
    "mT": _matrix_transpose,
    "H": lambda self: _wrap(_conj(_reverse(self)._data)),
    "mH": lambda self: _wrap(_conj(_matrix_transpose(self)._data)),
}
