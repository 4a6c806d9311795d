"""Creation functions, dtype conversion and the metadata/interop extras.

torch infers float32 from Python floats; the standard's default is float64 (complex128, int64),
so every creation function without dtype= names the default explicitly.
"""
from __future__ import annotations

import numpy as np
import torch

from ivy.core.registry import check_own
from ivy.core import dtypes as _dt
from ivy.core.errors import IvyError, from_native, unsupported

from ._common import (CANONICAL, COMPLEX128, COMPLEX_FLOATING, DEFAULT_OF_SCALAR, DTYPE_ARG,
                      FLOAT64, INT64, NAME, UINT64, WIDE_UNSIGNED, Tensor, bits,
                      canonical_device, canonical_dtype, native_device, native_dtype, type_error,
                      value_error)
from ._common import DEVICE_ARG as _DEVICE_ARG

# dtype= of a creation function whose default is the default real floating dtype.
_FLOAT_DEFAULT = {None: FLOAT64, **DTYPE_ARG}


def _create_slow(fn, maker, shape, dtype, device):
    dt = FLOAT64 if dtype is None else native_dtype(dtype, fn)
    try:
        return maker(shape, dtype=dt, device=native_device(device, fn))
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def _filled(fn, maker):
    def create(shape, *, dtype=None, device=None):
        try:
            if device is None:
                return maker(shape, dtype=_FLOAT_DEFAULT[dtype])
            return maker(shape, dtype=_FLOAT_DEFAULT[dtype], device=_DEVICE_ARG[device])
        except Exception:
            return _create_slow(fn, maker, shape, dtype, device)
    create.__name__ = create.__qualname__ = fn
    create.__doc__ = f"Array API ``{fn}`` on torch (default dtype float64)."
    return create


def _filled_like(fn, maker):
    def create(x, /, *, dtype=None, device=None):
        try:
            return maker(x, dtype=None if dtype is None else DTYPE_ARG[dtype],
                         device=_DEVICE_ARG[device])
        except Exception:
            pass
        try:
            dt = None if dtype is None else native_dtype(dtype, fn)
            return maker(x, dtype=dt, device=native_device(device, fn))
        except IvyError:
            raise
        except Exception as e:
            raise from_native(e, fn, NAME) from e
    create.__name__ = create.__qualname__ = fn
    create.__doc__ = f"Array API ``{fn}`` on torch."
    return create


empty = _filled("empty", torch.empty)
zeros = _filled("zeros", torch.zeros)
ones = _filled("ones", torch.ones)
empty_like = _filled_like("empty_like", torch.empty_like)
zeros_like = _filled_like("zeros_like", torch.zeros_like)
ones_like = _filled_like("ones_like", torch.ones_like)


def _int_fill(fn, fill_value, dt):
    """torch wraps an out-of-range int fill value silently; the standard's arrays cannot hold it."""
    bounds = _INT_BOUNDS.get(dt)
    if bounds is not None and type(fill_value) is int and not bounds[0] <= fill_value <= bounds[1]:
        raise from_native(OverflowError(f"fill_value {fill_value} is out of bounds for "
                                        f"{CANONICAL[dt]}"), fn, NAME)


_INT_BOUNDS = {DTYPE_ARG[n]: (_dt.iinfo(n).min, _dt.iinfo(n).max) for n in _dt.INTEGRAL}


def full(shape, fill_value, *, dtype=None, device=None):
    """Array API ``full``: without dtype=, a bool/int/float/complex fill gives
    bool/int64/float64/complex128."""
    fn = "full"
    if dtype is None:
        try:
            dt = DEFAULT_OF_SCALAR[type(fill_value)]
        except KeyError:
            raise type_error(fn, f"fill_value must be a Python scalar, not "
                                 f"{type(fill_value).__name__}") from None
    else:
        dt = native_dtype(dtype, fn)
        _int_fill(fn, fill_value, dt)
    try:
        return torch.full((shape,) if isinstance(shape, int) else shape, fill_value, dtype=dt,
                          device=native_device(device, fn))
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def full_like(x, /, fill_value, *, dtype=None, device=None):
    fn = "full_like"
    try:
        dt = None if dtype is None else native_dtype(dtype, fn)
        _int_fill(fn, fill_value, x.dtype if dt is None else dt)
        return torch.full_like(x, fill_value, dtype=dt, device=native_device(device, fn))
    except IvyError:
        raise
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    """Array API ``arange``: float64 when any argument is a float; an empty range is empty."""
    fn = "arange"
    if stop is None:
        start, stop = 0, start
    if dtype is None:
        dt = FLOAT64 if float in (type(start), type(stop), type(step)) else INT64
    else:
        dt = native_dtype(dtype, fn)
    dev = native_device(device, fn)
    try:
        return torch.arange(start, stop, step, dtype=dt, device=dev)
    except Exception as e:
        err = e
    try:
        if step != 0 and (stop - start) / step <= 0:
            return torch.empty(0, dtype=dt, device=dev)   # torch refuses stop on the wrong side
        if dt in WIDE_UNSIGNED and stop <= 2 ** 63:
            return torch.arange(start, stop, step, dtype=INT64, device=dev).to(dt)
    except Exception as e:
        raise from_native(e, fn, NAME) from e
    raise from_native(err, fn, NAME) from err


def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    fn = "eye"
    try:
        out = torch.zeros((n_rows, n_rows if n_cols is None else n_cols),
                          dtype=FLOAT64 if dtype is None else native_dtype(dtype, fn),
                          device=native_device(device, fn))
        out.diagonal(k).fill_(1)
        return out
    except IvyError:
        raise
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    fn = "linspace"
    if dtype is None:
        dt = COMPLEX128 if complex in (type(start), type(stop)) else FLOAT64
    else:
        dt = native_dtype(dtype, fn)
    try:
        dev = native_device(device, fn)
        if endpoint:
            return torch.linspace(start, stop, num, dtype=dt, device=dev)
        if num < 0:
            raise ValueError(f"number of samples, {num}, must be non-negative")
        # Without the endpoint the samples are those of num + 1 points, less the last.
        return torch.linspace(start, stop, num + 1, dtype=dt, device=dev)[:-1]
    except IvyError:
        raise
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def meshgrid(*arrays, indexing="xy"):
    """Array API ``meshgrid``; a list, as the 2024.12 standard (and array_api_strict) returns."""
    fn = "meshgrid"
    if indexing not in ("xy", "ij"):
        raise value_error(fn, f"indexing must be 'xy' or 'ij', not {indexing!r}")
    if not arrays:
        return []
    if len({a.dtype for a in arrays}) > 1:
        raise value_error(fn, "all arrays must have the same dtype")
    try:
        return list(torch.meshgrid(*arrays, indexing=indexing))
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def _triangle(fn, op):
    def tri(x, /, *, k=0):
        try:
            return op(x, k)
        except Exception as e:
            err = e
        if getattr(x, "ndim", 0) >= 2 and x.dtype in WIDE_UNSIGNED:
            return bits(lambda t: op(t, k), x)
        raise from_native(err, fn, NAME) from err
    tri.__name__ = tri.__qualname__ = fn
    tri.__doc__ = f"Array API ``{fn}`` on torch."
    return tri


tril = _triangle("tril", torch.tril)
triu = _triangle("triu", torch.triu)


# ---- asarray, dlpack, interop ------------------------------------------------------------------

def _same_device(native: torch.device, wanted) -> bool:
    return wanted is None or (native.type == wanted.type
                              and (wanted.index is None or wanted.index == native.index))


def _finish(t, dt, dev, copy, shared, fn):
    """Apply dtype=/device=/copy= to a tensor (``shared``: it aliases the caller's data)."""
    change = (dt is not None and dt is not t.dtype) or not _same_device(t.device, dev)
    if change:
        if copy is False:
            raise value_error(fn, "copy=False, but the requested dtype/device needs a copy")
        return t.to(device=dev, dtype=dt)
    if copy and shared:
        return t.clone()
    return t


def _from_python(obj, dt, dev, copy, fn):
    if copy is False:
        raise value_error(fn, "copy=False: an array cannot alias a Python object")
    if dt is None:
        if type(obj) is int and not -(2 ** 63) <= obj < 2 ** 63:
            if not 0 <= obj < 2 ** 64:
                raise from_native(OverflowError(f"{obj} is out of bounds for any integer dtype"),
                                  fn, NAME)
            dt = UINT64
        else:
            t = torch.tensor(obj, device=dev)
            # torch infers its default float (float32) for Python floats; the standard, float64.
            if t.is_floating_point() and t.dtype is not FLOAT64:
                dt = FLOAT64
            elif t.is_complex() and t.dtype is not COMPLEX128:
                dt = COMPLEX128
            else:
                return t
    return torch.tensor(obj, dtype=dt, device=dev)


def _from_numpy(a, dt, dev, copy, fn):
    if isinstance(a, np.generic):
        a = np.asarray(a)
    shared = True
    if a.dtype.name == "bfloat16":                    # ml_dtypes' bfloat16: same bits
        a, view = a.view(np.uint16), torch.bfloat16
    else:
        view = None
    if (not a.flags.writeable and copy is not False) or not a.dtype.isnative \
            or any(s < 0 for s in a.strides):
        if copy is False and (not a.dtype.isnative or any(s < 0 for s in a.strides)):
            raise value_error(fn, "copy=False, but torch cannot alias this numpy array "
                                  "(byte order or negative strides)")
        # torch cannot alias read-only, byte-swapped or negatively strided memory
        a, shared = np.array(a, dtype=a.dtype.newbyteorder("="), order="C"), False
    t = torch.from_numpy(a)
    if view is not None:
        t = t.view(view)
    return _finish(t, dt, dev, copy, shared, fn)


def asarray(obj, /, *, dtype=None, device=None, copy=None):
    """Array API ``asarray``: Python values, numpy arrays, tensors, DLPack/``__array__`` objects."""
    fn = "asarray"
    dt = None if dtype is None else native_dtype(dtype, fn)
    dev = native_device(device, fn)
    try:
        if isinstance(obj, Tensor):
            return _finish(obj, dt, dev, copy, True, fn)
        if isinstance(obj, (np.ndarray, np.generic)):
            return _from_numpy(obj, dt, dev, copy, fn)
        if isinstance(obj, (bool, int, float, complex, list, tuple)):
            return _from_python(obj, dt, dev, copy, fn)
        if hasattr(obj, "__dlpack__"):
            try:
                t = torch.from_dlpack(obj)
            except Exception:
                t = None
            if t is not None:
                return _finish(t, dt, dev, copy, True, fn)
        # __array__, the buffer protocol, __array_interface__: through numpy
        a = np.asarray(obj) if copy is not False else np.asarray(obj, copy=False)
        return _from_numpy(a, dt, dev, copy, fn)
    except IvyError:
        raise
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def from_dlpack(x, /, *, device=None, copy=None):
    fn = "from_dlpack"
    try:
        return torch.from_dlpack(x, device=native_device(device, fn), copy=copy)
    except IvyError:
        raise
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def astype(x, dtype, /, *, copy=True, device=None):
    """Array API ``astype``; complex to real raises TypeError, as array_api_strict does."""
    fn = "astype"
    try:
        dt = DTYPE_ARG[dtype]
    except (KeyError, TypeError):
        dt = native_dtype(dtype, fn)
    if dt not in COMPLEX_FLOATING and x.dtype in COMPLEX_FLOATING:
        raise type_error(fn, f"casting {CANONICAL[x.dtype]} to {CANONICAL[dt]} would discard the "
                             f"imaginary part; take real() first")
    try:
        if device is None:
            return x.to(dt, copy=copy)
        return x.to(device=native_device(device, fn), dtype=dt, copy=copy)
    except IvyError:
        raise
    except Exception as e:
        raise from_native(e, fn, NAME) from e


# ---- metadata extras ---------------------------------------------------------------------------

def dtype(x, /):
    """The canonical dtype name of a tensor."""
    try:
        return CANONICAL[x.dtype]
    except (KeyError, AttributeError):   # an unsupported dtype, or another backend's array
        check_own(x, "dtype")
        return canonical_dtype(x.dtype)


def device(x, /):
    """The canonical device of a tensor: "cpu", "gpu:N"."""
    return canonical_device(x.device)


def to_device(x, device, /, *, stream=None):
    fn = "to_device"
    dev = native_device(device, fn)
    if stream is not None and not isinstance(stream, torch.cuda.Stream):
        raise unsupported(fn, NAME, f"stream={stream!r} (only torch.cuda.Stream objects)")
    try:
        if stream is None:
            return x.to(dev)
        with torch.cuda.stream(stream):
            return x.to(dev, non_blocking=True)
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def shape(x, /):
    return tuple(x.shape)


def is_native_array(x, /):
    return isinstance(x, Tensor)


def to_numpy(x, /):
    """The tensor as an ``np.ndarray`` (detached; bfloat16 as ml_dtypes.bfloat16)."""
    t = x.detach()
    if t.device.type != "cpu":
        t = t.cpu()
    t = t.resolve_conj().resolve_neg()
    if t.dtype is torch.bfloat16:
        import ml_dtypes
        return t.view(torch.int16).numpy().view(ml_dtypes.bfloat16)
    try:
        return t.numpy()
    except Exception as e:
        concrete = _under_grad_value(t)
        if concrete is not None:
            return concrete
        raise from_native(e, "to_numpy", NAME) from e


def _under_grad_value(t):
    """The value of a tensor ``torch.func.grad`` wraps (a concrete value being differentiated,
    readable as in ``jax.grad``), or None for one without a value (under ``vmap``)."""
    functorch = torch._C._functorch
    if not functorch.is_gradtrackingtensor(t):
        return None
    while functorch.is_gradtrackingtensor(t):
        t = functorch.get_unwrapped(t)
    if functorch.is_functorch_wrapped_tensor(t):
        return None
    with torch._C._DisableFuncTorch():
        return to_numpy(t)

