"""tensorflow backend: creation, conversion, dtype/device/shape metadata, broadcasting."""
import contextlib
import functools
import math

import numpy as np
import tensorflow as tf

from ivy.core.registry import check_own
from ivy.core import dtypes as dt
from ivy.core.errors import (IvyBroadcastError, IvyTypeError, IvyValueError, from_native,
                             unsupported, where)

from ._base import (INT_RANGE, NAME, NATIVE_ARRAY_TYPES, PY_SCALARS, TF, canonical_device, const,
                    dim, name_of, raw, rank, scalar, tf_device, tf_dtype)

_F64 = TF["float64"]
_NO_DEVICE = contextlib.nullcontext()


def _on(device, fn):
    """Context placing new tensors on ``device`` (a no-op for None)."""
    return _NO_DEVICE if device is None else tf.device(tf_device(device, fn))


def _dtype_or(dtype, default, fn):
    return default if dtype is None else tf_dtype(dtype, fn)


def _shape(shape):
    return (shape,) if isinstance(shape, int) else tuple(shape)


# ---- metadata --------------------------------------------------------------------------------
def dtype(x, /):
    """The canonical dtype name of ``x``."""
    try:
        return name_of(x.dtype)
    except (KeyError, AttributeError):   # another backend's array
        check_own(x, "dtype")
        raise


def device(x, /):
    """The canonical device of ``x`` (``"cpu"``, ``"gpu:0"``, ...)."""
    return canonical_device(x.device)


def shape(x, /):
    """``x``'s shape as a tuple (None for dimensions unknown while tracing a tf.function)."""
    return tuple(x.shape)


def is_native_array(x, /):
    return isinstance(x, NATIVE_ARRAY_TYPES)


def to_numpy(x, /):
    """``x`` as an ``np.ndarray`` (bfloat16 as ml_dtypes.bfloat16); 0-d stays an array."""
    try:
        return np.asarray(x.numpy())
    except Exception as e:
        raise from_native(e, "to_numpy", NAME) from e


def to_device(x, device, /, *, stream=None):
    if stream is not None:
        raise unsupported("to_device", NAME, "stream=")
    try:
        with tf.device(tf_device(device, "to_device")):
            return tf.identity(x)
    except Exception as e:
        raise from_native(e, "to_device", NAME) from e


# ---- conversion ------------------------------------------------------------------------------
def _no_copy(fn):
    return IvyValueError(f"{where(fn, NAME)}: copy=False, but this conversion needs a copy",
                         function=fn, backend=NAME)


def _from_dlpack_object(x):
    capsule = x.__dlpack__() if hasattr(x, "__dlpack__") else x
    return tf.experimental.dlpack.from_dlpack(capsule)


def _checked(t, fn):
    if name_of(t.dtype) not in TF:
        raise IvyTypeError(f"{where(fn, NAME)}: dtype {t.dtype.name} is not an ivy dtype",
                           function=fn, backend=NAME)
    return t


def _convert(obj, d, copy):
    if isinstance(obj, NATIVE_ARRAY_TYPES):
        if d is not None and obj.dtype is not d:
            if copy is False:
                raise _no_copy("asarray")
            return tf.cast(obj, d)
        return tf.identity(obj) if copy else obj
    if isinstance(obj, (np.ndarray, np.generic)):
        if copy is False:  # only DLPack shares numpy's memory; convert_to_tensor copies
            if d is not None and np.dtype(d.as_numpy_dtype) != obj.dtype:
                raise _no_copy("asarray")
            try:
                return _checked(_from_dlpack_object(np.asarray(obj)), "asarray")
            except Exception as e:
                raise _no_copy("asarray") from e
        arr = obj if d is None else np.asarray(obj, dtype=d.as_numpy_dtype)
        return _checked(tf.convert_to_tensor(arr), "asarray")
    if isinstance(obj, PY_SCALARS + (list, tuple)):
        if copy is False:
            raise _no_copy("asarray")
        if type(obj) is int and d is None and not -2 ** 63 <= obj <= 2 ** 64:
            raise IvyValueError(f"{where('asarray', NAME)}: Python int {obj} is out of bounds "
                                "for every integer dtype", function="asarray", backend=NAME)
        # numpy's rules for Python values are the standard's defaults (int64, float64, ...)
        arr = np.asarray(obj, dtype=None if d is None else d.as_numpy_dtype)
        return _checked(tf.convert_to_tensor(arr), "asarray")
    if hasattr(obj, "__dlpack__"):  # another framework's array
        try:
            t = _from_dlpack_object(obj)
        except Exception:
            t = None
        if t is not None:
            t = t if d is None or t.dtype is d else tf.cast(t, d)
            return tf.identity(t) if copy else t
    if copy is False:
        raise _no_copy("asarray")
    arr = np.asarray(obj, dtype=None if d is None else d.as_numpy_dtype)
    return _checked(tf.convert_to_tensor(arr), "asarray")


# dtype -> the Python scalar types tf.constant converts to it exactly as numpy does
_EXACT_SCALARS = {"float32": (float,), "float64": (float,), "int32": (int,), "int64": (int,),
                  "bool": (bool,)}


def asarray(obj, /, *, dtype=None, device=None, copy=None):
    """Implements the Array API ``asarray``: Python values, numpy arrays, tensors, tf.Variables and
    other frameworks' arrays (DLPack, else ``__array__``). copy=False raises where TF must copy."""
    if device is None and copy is None and type(dtype) is str:
        kinds = _EXACT_SCALARS.get(dtype)
        if kinds is not None and type(obj) in kinds and (
                type(obj) is not int or INT_RANGE[dtype][0] <= obj <= INT_RANGE[dtype][1]):
            return tf.constant(obj, TF[dtype])   # as numpy would convert it, 4x faster
    try:
        t = _convert(obj, None if dtype is None else tf_dtype(dtype, "asarray"), copy)
        return t if device is None else to_device(t, device)
    except Exception as e:
        raise from_native(e, "asarray", NAME) from e


def from_dlpack(x, /, *, device=None, copy=None):
    try:
        if isinstance(x, NATIVE_ARRAY_TYPES):
            t = tf.identity(x) if copy else x
        else:
            t = _from_dlpack_object(x)
            if copy:
                t = tf.identity(t)
        return t if device is None else to_device(t, device)
    except Exception as e:
        raise from_native(e, "from_dlpack", NAME) from e


def astype(x, dtype, /, *, copy=True, device=None):
    """Implements the Array API ``astype``; complex to real raises (the standard forbids it)."""
    try:
        d = tf_dtype(dtype, "astype")
        if x.dtype.is_complex and not d.is_complex:
            raise IvyTypeError(f"{where('astype', NAME)}: casting {name_of(x.dtype)} to "
                               f"{name_of(d)} is not permitted; take real() or abs() first",
                               function="astype", backend=NAME)
        if x.dtype is not d:
            x = tf.cast(x, d)
        elif copy:
            x = tf.identity(x)
        return x if device is None else to_device(x, device)
    except Exception as e:
        raise from_native(e, "astype", NAME) from e


# ---- creation --------------------------------------------------------------------------------
def _filled(fn, shape, fill_value, dtype, device):
    if type(fill_value) not in PY_SCALARS:
        raise IvyTypeError(f"{where(fn, NAME)}: fill_value must be a Python scalar, got "
                           f"{type(fill_value).__name__}", function=fn, backend=NAME)
    d = dt.scalar_dtype(fill_value) if dtype is None else name_of(tf_dtype(dtype, fn))
    with _on(device, fn):
        return tf.fill(shape, scalar(fill_value, d, fn))


def zeros(shape, *, dtype=None, device=None):
    try:
        with _on(device, "zeros"):
            return tf.zeros(_shape(shape), _dtype_or(dtype, _F64, "zeros"))
    except Exception as e:
        raise from_native(e, "zeros", NAME) from e


def ones(shape, *, dtype=None, device=None):
    try:
        with _on(device, "ones"):
            return tf.ones(_shape(shape), _dtype_or(dtype, _F64, "ones"))
    except Exception as e:
        raise from_native(e, "ones", NAME) from e


def empty(shape, *, dtype=None, device=None):
    """Implements the Array API ``empty``: TF has no uninitialised tensors, so zeros."""
    try:
        with _on(device, "empty"):
            return tf.zeros(_shape(shape), _dtype_or(dtype, _F64, "empty"))
    except Exception as e:
        raise from_native(e, "empty", NAME) from e


def full(shape, fill_value, *, dtype=None, device=None):
    """Implements the Array API ``full``; a fill value its dtype cannot hold exactly raises."""
    try:
        return _filled("full", _shape(shape), fill_value, dtype, device)
    except Exception as e:
        raise from_native(e, "full", NAME) from e


def zeros_like(x, /, *, dtype=None, device=None):
    try:
        with _on(device, "zeros_like"):
            return tf.zeros_like(x, dtype=_dtype_or(dtype, x.dtype, "zeros_like"))
    except Exception as e:
        raise from_native(e, "zeros_like", NAME) from e


def ones_like(x, /, *, dtype=None, device=None):
    try:
        with _on(device, "ones_like"):
            return tf.ones_like(x, dtype=_dtype_or(dtype, x.dtype, "ones_like"))
    except Exception as e:
        raise from_native(e, "ones_like", NAME) from e


def empty_like(x, /, *, dtype=None, device=None):
    """Implements the Array API ``empty_like``: zeros (TF has no uninitialised tensors)."""
    try:
        with _on(device, "empty_like"):
            return tf.zeros_like(x, dtype=_dtype_or(dtype, x.dtype, "empty_like"))
    except Exception as e:
        raise from_native(e, "empty_like", NAME) from e


def full_like(x, /, fill_value, *, dtype=None, device=None):
    try:
        d = name_of(x.dtype) if dtype is None else dtype
        return _filled("full_like", tf.shape(x), fill_value, d, device)
    except Exception as e:
        raise from_native(e, "full_like", NAME) from e


def eye(n_rows, n_cols=None, /, *, k=0, dtype=None, device=None):
    try:
        d = _dtype_or(dtype, _F64, "eye")
        with _on(device, "eye"):
            rows = tf.reshape(tf.range(n_rows, dtype=tf.int64), (-1, 1))
            cols = tf.range(n_rows if n_cols is None else n_cols, dtype=tf.int64)
            return tf.cast(raw.Equal(x=cols - rows, y=tf.constant(k, tf.int64)), d)
    except Exception as e:
        raise from_native(e, "eye", NAME) from e


def _arange_length(start, stop, step):
    if all(type(v) is int for v in (start, stop, step)):
        return max(0, -((start - stop) // step))  # exact ceil((stop - start) / step)
    n = (stop - start) / step
    if math.isnan(n):
        raise IvyValueError(f"{where('arange', NAME)}: arange length is NaN", function="arange",
                            backend=NAME)
    return max(0, math.ceil(n))


def arange(start, /, stop=None, step=1, *, dtype=None, device=None):
    """Implements the Array API ``arange`` with numpy's values: ``start + i * delta`` where delta is
    ``(start + step) - start`` rounded to the dtype (TF's Range kernel accumulates instead)."""
    try:
        if stop is None:
            start, stop = 0, start
        for v in (start, stop, step):
            if type(v) not in (int, float, bool):
                raise IvyTypeError(f"{where('arange', NAME)}: start, stop and step must be Python "
                                   f"numbers, got {type(v).__name__}", function="arange",
                                   backend=NAME)
        if step == 0:
            raise IvyValueError(f"{where('arange', NAME)}: step must not be 0", function="arange",
                                backend=NAME)
        floats = any(type(v) is float for v in (start, stop, step))
        if dtype is None:
            d = "float64" if floats else "int64"
        else:
            d = name_of(tf_dtype(dtype, "arange"))
        if d not in dt.INTEGRAL + dt.REAL_FLOATING:
            raise unsupported("arange", NAME, f"dtype {d}")
        n = _arange_length(start, stop, step)
        with _on(device, "arange"):
            i = tf.range(n, dtype=tf.int64)
            if d in dt.INTEGRAL:  # numpy truncates float bounds to the integer dtype first
                first, second = int(start), int(start + step)
                vals = tf.constant(first, tf.int64) + i * tf.constant(second - first, tf.int64)
                return tf.cast(vals, TF[d])
            # numpy fills halves in float32
            c = tf.float32 if d in ("float16", "bfloat16") else TF[d]
            first = tf.cast(const(float(start), TF[d]), c)
            second = tf.cast(const(float(start + step), TF[d]), c)
            vals = first + tf.cast(i, c) * (second - first)
            vals = tf.where(raw.Equal(x=i, y=tf.constant(1, tf.int64)), second, vals)
            return tf.cast(vals, TF[d])
    except Exception as e:
        raise from_native(e, "arange", NAME) from e


def linspace(start, stop, /, num, *, dtype=None, device=None, endpoint=True):
    """Implements the Array API ``linspace`` with numpy's algorithm (computed in float64 or
    complex128, then cast)."""
    try:
        if type(num) is not int or num < 0:
            raise IvyValueError(f"{where('linspace', NAME)}: num must be a non-negative int, got "
                                f"{num!r}", function="linspace", backend=NAME)
        is_complex = isinstance(start, complex) or isinstance(stop, complex)
        default = TF["complex128"] if is_complex else _F64
        d = _dtype_or(dtype, default, "linspace")
        c = TF["complex128"] if is_complex or d.is_complex else _F64
        div = num - 1 if endpoint else num
        delta = stop - start
        with _on(device, "linspace"):
            y = tf.cast(tf.range(num, dtype=tf.int64), _F64)
            if c is not _F64:
                y = tf.cast(y, c)
            step = delta / div if div > 0 else float("nan")
            if div > 0 and step == 0:
                y = y / const(div, c) * const(delta, c)
            elif div > 0:
                y = y * const(step, c)
            else:
                y = y * const(delta, c)
            y = y + const(start, c)
            if endpoint and num > 1:
                y = tf.concat([y[:-1], tf.reshape(const(stop, c), (1,))], 0)
            return tf.cast(y, d)
    except Exception as e:
        raise from_native(e, "linspace", NAME) from e


def meshgrid(*arrays, indexing="xy"):
    """Implements the Array API ``meshgrid``; returns a list, as the 2024.12 standard does. Built
    from broadcasts: tf.meshgrid multiplies by ones, which flushes subnormals to zero."""
    try:
        if indexing not in ("xy", "ij"):
            raise IvyValueError(f"{where('meshgrid', NAME)}: indexing must be 'xy' or 'ij', got "
                                f"{indexing!r}", function="meshgrid", backend=NAME)
        if len({a.dtype for a in arrays}) > 1:
            raise IvyValueError(f"{where('meshgrid', NAME)}: arrays must share one dtype",
                                function="meshgrid", backend=NAME)
        flat = [tf.reshape(a, (-1,)) for a in arrays]
        axes = list(range(len(flat)))
        if indexing == "xy" and len(flat) > 1:
            axes[0], axes[1] = 1, 0  # the first array varies along columns
        shape = [None] * len(flat)
        for a, ax in zip(flat, axes):
            shape[ax] = tf.shape(a)[0]
        out_shape = tf.stack(shape) if flat else []
        grids = []
        for a, ax in zip(flat, axes):
            view = [1] * len(flat)
            view[ax] = -1
            grids.append(tf.broadcast_to(tf.reshape(a, view), out_shape))
        return grids
    except Exception as e:
        raise from_native(e, "meshgrid", NAME) from e


def _triangle(fn, x, k, lower):
    try:
        if rank(x) < 2:
            raise IvyValueError(f"{where(fn, NAME)}: x must have at least 2 dimensions",
                                function=fn, backend=NAME)
        rows = tf.reshape(tf.range(dim(x, -2), dtype=tf.int64), (-1, 1))
        offset = tf.range(dim(x, -1), dtype=tf.int64) - rows
        k = tf.constant(k, tf.int64)
        keep = raw.LessEqual(x=offset, y=k) if lower else raw.GreaterEqual(x=offset, y=k)
        return tf.where(keep, x, tf.zeros([], x.dtype))
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def tril(x, /, *, k=0):
    return _triangle("tril", x, k, True)


def triu(x, /, *, k=0):
    return _triangle("triu", x, k, False)


# ---- broadcasting ----------------------------------------------------------------------------
def broadcast_to(x, /, shape):
    try:
        have = x.shape
        # TF's "rank of input must be no greater than rank of output" names no broadcasting
        if have.rank is not None and not isinstance(shape, tf.Tensor) and (
                have.rank > len(shape)
                or any(h not in (None, 1, w) for h, w in zip(reversed(have.as_list()),
                                                              reversed(list(shape))))):
            raise IvyBroadcastError(f"{where('broadcast_to', NAME)}: shape {tuple(have)} cannot "
                                    f"broadcast to {tuple(shape)}", function="broadcast_to",
                                    backend=NAME)
        return tf.broadcast_to(x, shape)
    except Exception as e:
        raise from_native(e, "broadcast_to", NAME) from e


def broadcast_arrays(*arrays):
    """Implements the Array API ``broadcast_arrays``; returns a list, as the 2024.12 standard."""
    try:
        if not arrays:
            return []
        shapes = [a.shape for a in arrays]
        if all(s.is_fully_defined() for s in shapes):
            target = functools.reduce(tf.broadcast_static_shape, shapes)
        else:
            target = functools.reduce(tf.broadcast_dynamic_shape, [tf.shape(a) for a in arrays])
        return [tf.broadcast_to(a, target) for a in arrays]
    except Exception as e:
        raise from_native(e, "broadcast_arrays", NAME) from e
