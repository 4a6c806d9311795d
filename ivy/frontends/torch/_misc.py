"""Grad-mode context managers, predicates, constants and Tensor utilities (new_*, fill_, copy_, ...)."""
from __future__ import annotations

import functools
import math

import ivy

from . import _dtypes as T
from ._dtypes import native_name
from ._creation import _native_device, tensor as _tensor
from ._ops import _tensor_arg, assign, cast, fill_scalar, scalar
from ._tensor import Tensor, _axis, _wrap

# ---- grad mode: whether core calls record for autograd (``ivy.autograd.enabled``) ---------------
class _GradMode:
    """A context manager and decorator setting grad mode, restoring it on exit (like torch's)."""
    enabled = False

    def __init__(self, *args, **kwargs):
        self._previous = []

    def __enter__(self):
        self._previous.append(ivy.autograd.set_enabled(self.enabled))

    def __exit__(self, *exc):
        ivy.autograd.set_enabled(self._previous.pop())
        return False

    def __call__(self, fn):
        @functools.wraps(fn)
        def wrapped(*args, **kwargs):
            with type(self)():
                return fn(*args, **kwargs)
        return wrapped

    def clone(self):
        return type(self)()


class no_grad(_GradMode):
    enabled = False


class enable_grad(_GradMode):
    enabled = True


_inference = [False]


class inference_mode(_GradMode):
    def __init__(self, mode=True):
        super().__init__()
        self.mode = bool(mode)
        self.enabled = not mode

    def __enter__(self):
        self._previous.append((ivy.autograd.set_enabled(self.enabled), _inference[0]))
        _inference[0] = self.mode

    def __exit__(self, *exc):
        enabled, _inference[0] = self._previous.pop()
        ivy.autograd.set_enabled(enabled)
        return False

    def __call__(self, fn):
        mode = self.mode

        @functools.wraps(fn)
        def wrapped(*args, **kwargs):
            with inference_mode(mode):
                return fn(*args, **kwargs)
        return wrapped

    def clone(self):
        return inference_mode(self.mode)


class set_grad_enabled(_GradMode):
    def __init__(self, mode):
        super().__init__()
        self.enabled = bool(mode)
        self._previous.append(ivy.autograd.set_enabled(self.enabled))   # acts when called

    def __enter__(self):
        pass

    def __exit__(self, *exc):
        ivy.autograd.set_enabled(self._previous.pop())
        return False

    def clone(self):
        return set_grad_enabled(self.enabled)


def is_grad_enabled() -> bool:
    return ivy.autograd.enabled()


def is_inference_mode_enabled() -> bool:
    return _inference[0]


# ---- predicates --------------------------------------------------------------------------------
def is_tensor(obj) -> bool:
    return isinstance(obj, Tensor)


def is_floating_point(input) -> bool:
    return ivy.dtype(_tensor_arg(input, "is_floating_point")) in ("float16", "bfloat16", "float32",
                                                                   "float64")


def is_complex(input) -> bool:
    return ivy.dtype(_tensor_arg(input, "is_complex")) in ("complex64", "complex128")


def is_signed(input) -> bool:
    return T.BY_NAME[native_name(_tensor_arg(input, "is_signed"))].is_signed


def is_nonzero(input) -> bool:
    a = _tensor_arg(input, "is_nonzero")
    if ivy.size(a) != 1:
        raise RuntimeError("Boolean value of Tensor with more than one value is ambiguous")
    return bool(ivy.to_numpy(a).reshape(()).item())


# ---- Tensor utilities ----------------------------------------------------------------------------
def _new(core):
    def method(self, *size, dtype=None, device=None, requires_grad=False, layout=None,
               pin_memory=False):
        if len(size) == 1 and isinstance(size[0], (list, tuple)):
            size = tuple(size[0])
        a = self._data
        name = native_name(a) if dtype is None else T.canonical(dtype)
        out = getattr(ivy, core)(tuple(int(s) for s in size), dtype=name,
                                 device=_native_device(device) or ivy.device(a))
        t = _wrap(out)
        if requires_grad:
            t.requires_grad = True
        return t
    return method


def new_full(self, size, fill_value, *, dtype=None, device=None, requires_grad=False, layout=None,
             pin_memory=False):
    from ._creation import full
    return full(tuple(size), fill_value, dtype=self.dtype if dtype is None else dtype,
                device=device, requires_grad=requires_grad)


def new_tensor(self, data, *, dtype=None, device=None, requires_grad=False, layout=None,
               pin_memory=False):
    return _tensor(data, dtype=dtype if dtype is not None else self.dtype, device=device,
                   requires_grad=requires_grad)


def fill_(self, value):
    if isinstance(value, Tensor):
        if ivy.ndim(value._data) != 0:
            raise RuntimeError(f"fill_ only supports 0-dimension value tensor but got tensor with "
                               f"{ivy.ndim(value._data)} dimensions.")
        value = value._data
    else:
        value = fill_scalar(scalar(value), native_name(self._data))
        value = ivy.asarray(value, dtype=T.scalar_dtype(value) if not isinstance(value, bool)
                            else "bool")
    return assign(self, ivy.broadcast_to(cast(value, native_name(self._data)),
                                         ivy.shape(self._data)), "fill_")


def zero_(self):
    return assign(self, ivy.zeros_like(self._data), "zero_")


def copy_(self, src, non_blocking=False):
    s = src._data if isinstance(src, Tensor) else ivy.asarray(src)
    target = ivy.shape(self._data)
    try:
        s = ivy.broadcast_to(s, target)
    except ValueError as e:
        raise RuntimeError(f"The size of tensor a ({target}) must match the size of tensor b "
                           f"({ivy.shape(s)})") from e
    return assign(self, cast(s, native_name(self._data)), "copy_")


def repeat_interleave(input, repeats=None, dim=None, *, output_size=None):
    a = _tensor_arg(input, "repeat_interleave")
    if repeats is None:                      # repeat_interleave(repeats): indices repeated
        counts = a
        idx = ivy.arange(ivy.shape(counts)[0], dtype="int64")
        return _wrap(ivy.repeat(idx, ivy.astype(counts, "int64")))
    r = repeats._data if isinstance(repeats, Tensor) else repeats
    if dim is None:
        a = ivy.reshape(a, (-1,))
        dim = 0
    axis = _axis(dim, a.ndim)
    if ivy.is_native_array(r) and r.ndim == 1 and ivy.shape(r)[0] not in (1, ivy.shape(a)[axis]):
        raise RuntimeError("repeats must have the same size as input along dim")
    return _wrap(ivy.repeat(a, r, axis=axis))


def unfold(self, dimension, size, step):
    """Tensor.unfold: windows of ``size`` every ``step`` along ``dimension``, as a new last dim."""
    a = self._data
    shape = ivy.shape(a)
    d = _axis(dimension, len(shape))
    n = shape[d] if shape else 1
    if size > n:
        raise RuntimeError(f"maximum size for tensor at dimension {d} is {n} but size is {size}")
    if step <= 0:
        raise RuntimeError(f"step is {step} but must be > 0")
    starts = range(0, n - size + 1, step)
    idx = ivy.asarray([[s + i for i in range(size)] for s in starts], dtype="int64")
    windows = ivy.take(a, ivy.reshape(idx, (-1,)), axis=d)
    windows = ivy.reshape(windows, shape[:d] + (len(starts), size) + shape[d + 1:])
    return _wrap(ivy.moveaxis(windows, d + 1, -1))


def view_as_real(input):
    a = _tensor_arg(input, "view_as_real")
    if native_name(a) not in ("complex64", "complex128"):
        raise RuntimeError("view_as_real is only supported for complex tensors")
    return _wrap(ivy.stack([ivy.real(a), ivy.imag(a)], axis=-1))


def view_as_complex(input):
    a = _tensor_arg(input, "view_as_complex")
    if native_name(a) not in ("float32", "float64") or not ivy.shape(a) or ivy.shape(a)[-1] != 2:
        raise RuntimeError("Tensor must have a last dimension of size 2")
    real, imag = ivy.take(a, ivy.asarray(0), axis=-1), ivy.take(a, ivy.asarray(1), axis=-1)
    j = ivy.asarray(1j, dtype="complex64" if native_name(a) == "float32" else "complex128")
    return _wrap(ivy.add(cast(real, native_name(j)), ivy.multiply(cast(imag, native_name(j)), j)))


def meshgrid(*tensors, indexing=None):
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    arrays = [_tensor_arg(t, "meshgrid") for t in tensors]
    if len({native_name(a) for a in arrays}) > 1:
        raise RuntimeError("meshgrid expects all tensors to have the same dtype")
    for a in arrays:
        if a.ndim > 1:
            raise RuntimeError(f"torch.meshgrid: Expected 0D or 1D tensor in the tensor list but "
                               f"got: {_wrap(a)}")
    return tuple(_wrap(g) for g in ivy.meshgrid(*arrays, indexing=indexing or "ij"))


def _softmax(core):
    def method(self, dim, dtype=None):
        a = self._data
        if dtype is not None:
            a = cast(a, T.canonical(dtype))
        elif native_name(a) not in ("float16", "bfloat16", "float32", "float64"):
            raise NotImplementedError(f'"{core}_kernel_impl" not implemented for '
                                      f"'{native_name(a)}'")
        axis = _axis(dim, a.ndim)
        if a.ndim == 0:              # one element: softmax 1, log_softmax 0
            return _wrap(getattr(ivy, core)(ivy.reshape(a, (1,)), axis=0)[0])
        return _wrap(getattr(ivy, core)(a, axis=axis))
    return method


FUNCTIONS = {"repeat_interleave": repeat_interleave}
FUNCTIONS_ONLY = {
    "no_grad": no_grad, "enable_grad": enable_grad, "inference_mode": inference_mode,
    "set_grad_enabled": set_grad_enabled, "is_grad_enabled": is_grad_enabled,
    "is_inference_mode_enabled": is_inference_mode_enabled, "is_tensor": is_tensor,
    "is_floating_point": is_floating_point, "is_complex": is_complex, "is_nonzero": is_nonzero,
    "is_signed": is_signed,
    "view_as_real": view_as_real, "view_as_complex": view_as_complex, "meshgrid": meshgrid,
    "pi": math.pi, "e": math.e, "inf": math.inf, "nan": math.nan,
}
METHODS = {"new_zeros": _new("zeros"), "new_ones": _new("ones"), "new_empty": _new("empty"),
           "new_full": new_full, "new_tensor": new_tensor, "fill_": fill_, "zero_": zero_,
           "copy_": copy_, "unfold": unfold, "softmax": _softmax("softmax"),
           "log_softmax": _softmax("log_softmax"), "is_nonzero": is_nonzero}
