"""jax backend: array creation, conversion in (asarray, from_dlpack), metadata/interop extras."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from ivy.core.registry import check_own

from ._common import (DTYPES, NAMES, NATIVE_ARRAY_TYPES, SCALAR_DTYPE, SCALARS, device_name,
                      error, native_device, native_dtype, place, unsupported_arg, value_error)

_FLOAT = DTYPES["float64"]
_INT = DTYPES["int64"]
_UINT64 = DTYPES["uint64"]
_COMPLEX = DTYPES["complex128"]
_convert = jax.lax.convert_element_type
_Array = jax.Array


def _no_copy(fn):
    return value_error(fn, "copy=False, but the input must be copied to become a jax array")


def _asarray_jax(obj, dt, dev, copy):
    # convert_element_type returns obj itself when nothing changes, and a strongly typed array
    # when obj is weakly typed (a jnp.asarray(1.0) from user code).
    if dt is None or dt == obj.dtype:
        r = _convert(obj, obj.dtype)
    elif copy is False:
        raise _no_copy("asarray")
    else:
        r = jnp.astype(obj, dt)
    if dev is not None and not isinstance(obj, jax.core.Tracer) and obj.devices() != {dev}:
        if copy is False:
            raise _no_copy("asarray")
        return jax.device_put(r, dev)
    if copy and r is obj:
        r = jnp.array(obj, copy=True)
    return r


def _asarray_foreign(obj, dt, dev, copy):
    """A numpy array, another framework's array (DLPack first, then __array__), or a sequence."""
    if isinstance(obj, (np.ndarray, np.generic)):
        if copy is False:  # numpy buffers can be aliased through DLPack when no cast is needed
            if dt is not None and dt != obj.dtype:
                raise _no_copy("asarray")
            return jnp.from_dlpack(obj, device=dev, copy=False)
        return jnp.array(obj, dtype=dt, device=dev, copy=True)
    if hasattr(obj, "__dlpack__") and not isinstance(obj, (list, tuple)):
        try:
            r = jnp.from_dlpack(obj, copy=copy)
        except Exception:  # unsupported dtype/device, or a torch tensor requiring grad
            if copy is False:
                raise
            r = np.asarray(obj)
        if dt is not None and dt != r.dtype:
            if copy is False:
                raise _no_copy("asarray")
            r = jnp.astype(r, dt)
        elif copy:  # jax's from_dlpack aliases the producer's buffer even with copy=True
            r = jnp.array(r, copy=True)
        return place(jnp.asarray(r), dev)
    if copy is False:
        raise _no_copy("asarray")
    try:  # numpy infers nested-sequence dtypes exactly as the reference does
        host = np.asarray(obj, dtype=dt)
    except Exception:  # e.g. a list holding tracers
        return jnp.asarray(obj, dtype=dt, device=dev)
    return jnp.asarray(host, device=dev)


def asarray(obj, /, *, dtype=None, device=None, copy=None):
    """Implements the standard's asarray. Python scalars get int64/float64/complex128 (uint64 for
    ints in [2**63, 2**64)); copy=False raises unless obj is a jax array (or an aliasable
    numpy/DLPack buffer) already of that dtype and device."""
    try:
        dt = native_dtype(dtype, "asarray")
        dev = native_device(device, "asarray")
        if isinstance(obj, _Array):
            return _asarray_jax(obj, dt, dev, copy)
        if type(obj) in SCALARS:
            if copy is False:
                raise _no_copy("asarray")
            if dt is None:
                big = type(obj) is int and obj >= 2 ** 63
                dt = _UINT64 if big else DTYPES[SCALAR_DTYPE[type(obj)]]
            return jnp.asarray(obj, dtype=dt, device=dev)
        return _asarray_foreign(obj, dt, dev, copy)
    except Exception as e:
        raise error(e, "asarray") from e


def from_dlpack(x, /, *, device=None, copy=None):
    try:
        r = jnp.from_dlpack(x, device=native_device(device, "from_dlpack"),
                            copy=False if copy is False else None)
        # jax's from_dlpack aliases the producer's buffer even with copy=True
        return jnp.array(r, copy=True) if copy else r
    except Exception as e:
        raise error(e, "from_dlpack") from e


def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    try:
        dt = native_dtype(dtype, "arange")
        if dt is None:
            dt = _FLOAT if float in (type(start), type(stop), type(step)) else _INT
        return jnp.arange(start, stop, step, dtype=dt, device=native_device(device, "arange"))
    except Exception as e:
        raise error(e, "arange") from e


def _shape_factory(name, jfn):
    """zeros/ones/empty: (shape, *, dtype, device) with a float64 default."""
    def fn(shape, *, dtype=None, device=None):
        try:
            dt = _FLOAT if dtype is None else native_dtype(dtype, name)
            return jfn(shape, dtype=dt, device=native_device(device, name))
        except Exception as e:
            raise error(e, name) from e
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements the standard's {name} (default dtype float64)."
    return fn


def _like_factory(name, jfn):
    """zeros_like/ones_like/empty_like: the dtype is passed explicitly so no weak type survives."""
    def fn(x, /, *, dtype=None, device=None):
        try:
            dt = x.dtype if dtype is None else native_dtype(dtype, name)
            return jfn(x, dtype=dt, device=native_device(device, name))
        except Exception as e:
            raise error(e, name) from e
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements the standard's {name}."
    return fn


zeros = _shape_factory("zeros", jnp.zeros)
ones = _shape_factory("ones", jnp.ones)
empty = _shape_factory("empty", jnp.zeros)      # jax has no uninitialised memory
zeros_like = _like_factory("zeros_like", jnp.zeros_like)
ones_like = _like_factory("ones_like", jnp.ones_like)
empty_like = _like_factory("empty_like", jnp.zeros_like)


def _fill_dtype(fill_value):
    t = type(fill_value)
    if t in SCALARS:
        return DTYPES[SCALAR_DTYPE[t]]
    return fill_value.dtype  # a 0-d array


def full(shape, fill_value, *, dtype=None, device=None):
    try:
        dt = _fill_dtype(fill_value) if dtype is None else native_dtype(dtype, "full")
        return jnp.full(shape, fill_value, dtype=dt, device=native_device(device, "full"))
    except Exception as e:
        raise error(e, "full") from e


def full_like(x, /, fill_value, *, dtype=None, device=None):
    try:
        dt = x.dtype if dtype is None else native_dtype(dtype, "full_like")
        return jnp.full_like(x, fill_value, dtype=dt, device=native_device(device, "full_like"))
    except Exception as e:
        raise error(e, "full_like") from e


def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    try:
        dt = _FLOAT if dtype is None else native_dtype(dtype, "eye")
        return jnp.eye(n_rows, n_cols, k=k, dtype=dt, device=native_device(device, "eye"))
    except Exception as e:
        raise error(e, "eye") from e


def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    try:
        dt = native_dtype(dtype, "linspace")
        if dt is None:
            dt = _COMPLEX if complex in (type(start), type(stop)) else _FLOAT
        return jnp.linspace(start, stop, num, endpoint=endpoint, dtype=dt,
                            device=native_device(device, "linspace"))
    except Exception as e:
        raise error(e, "linspace") from e


def meshgrid(*arrays, indexing="xy"):
    """Implements the standard's meshgrid; returns a list, as array_api_strict does for 2024.12."""
    try:
        return list(jnp.meshgrid(*arrays, indexing=indexing))
    except Exception as e:
        raise error(e, "meshgrid") from e


def tril(x, /, *, k=0):
    try:
        return jnp.tril(x, k=k)
    except Exception as e:
        raise error(e, "tril") from e


def triu(x, /, *, k=0):
    try:
        return jnp.triu(x, k=k)
    except Exception as e:
        raise error(e, "triu") from e


# ---- metadata and interop extras -------------------------------------------------------------

def dtype(x, /):
    try:
        return NAMES[x.dtype]
    except (KeyError, AttributeError):   # another backend's array
        check_own(x, "dtype")
        raise


def device(x, /):
    """The canonical device of x; a tracer reports the default device (placement is jit's)."""
    if isinstance(x, _Array) and not isinstance(x, jax.core.Tracer):
        return device_name(x.device)
    return device_name(jax.devices()[0]) if isinstance(x, jax.core.Tracer) else "cpu"  # numpy


def to_device(x, device, /, *, stream=None):
    if stream is not None:
        raise unsupported_arg("to_device", "stream= (jax has no user-visible streams)")
    try:
        return jax.device_put(x, native_device(device, "to_device"))
    except Exception as e:
        raise error(e, "to_device") from e


def shape(x, /):
    return tuple(x.shape)


def to_numpy(x, /):
    """x as an np.ndarray (bfloat16 as ml_dtypes.bfloat16); a read-only view where jax allows it."""
    try:
        return np.asarray(x)
    except Exception as e:
        raise error(e, "to_numpy") from e


def is_native_array(x, /):
    return isinstance(x, NATIVE_ARRAY_TYPES)


__all__ = ["asarray", "from_dlpack", "arange", "zeros", "ones", "empty", "zeros_like", "ones_like",
           "empty_like", "full", "full_like", "eye", "linspace", "meshgrid", "tril", "triu",
           "dtype", "device", "to_device", "shape", "to_numpy", "is_native_array"]
