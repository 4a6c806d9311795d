"""Array creation: ``np.zeros``/``ones``/``empty``/``full``/``arange``/``linspace``/``eye`` and
the ``*_like`` family, with NumPy's default dtypes (float64, int64, bool)."""
from __future__ import annotations

import operator

import numpy as np

import ivy

from . import _dtypes as T
from ._array import _wrap, asarray, array, ndarray
from ._dtypes import native_name


def _shape(shape) -> tuple:
    """A shape argument as NumPy takes it (integers only, none negative)."""
    if isinstance(shape, (int, np.integer)):
        shape = (shape,)
    shape = tuple(operator.index(s) for s in shape)
    if any(s < 0 for s in shape):
        raise ValueError("negative dimensions are not allowed")
    return shape


def _check_device(device):
    if device not in (None, "cpu"):
        raise ValueError(f"Device not understood. Only \"cpu\" is allowed, but received: {device}")


def zeros(shape, dtype=float, order="C", *, device=None, like=None) -> ndarray:
    _check_device(device)
    return _wrap(ivy.zeros(_shape(shape), dtype=T.name_of(dtype, "zeros")))


def ones(shape, dtype=None, order="C", *, device=None, like=None) -> ndarray:
    _check_device(device)
    return _wrap(ivy.ones(_shape(shape), dtype=T.name_of(float if dtype is None else dtype,
                                                          "ones")))


def empty(shape, dtype=float, order="C", *, device=None, like=None) -> ndarray:
    """``np.empty``: zeros (NumPy leaves the values unspecified)."""
    return zeros(shape, dtype, order, device=device)


def full(shape, fill_value, dtype=None, order="C", *, device=None, like=None) -> ndarray:
    _check_device(device)
    fill = asarray(fill_value, dtype)
    return _wrap(ivy.asarray(ivy.broadcast_to(fill._data, _shape(shape)), copy=True))


def _like(a, dtype, shape, fn):
    src = a if isinstance(a, ndarray) else asarray(a)
    name = native_name(src._data) if dtype is None else T.name_of(dtype, fn)
    return (src.shape if shape is None else _shape(shape)), name


def zeros_like(a, dtype=None, order="K", subok=True, shape=None, *, device=None) -> ndarray:
    shape, name = _like(a, dtype, shape, "zeros_like")
    return _wrap(ivy.zeros(shape, dtype=name))


def ones_like(a, dtype=None, order="K", subok=True, shape=None, *, device=None) -> ndarray:
    shape, name = _like(a, dtype, shape, "ones_like")
    return _wrap(ivy.ones(shape, dtype=name))


def empty_like(prototype, dtype=None, order="K", subok=True, shape=None, *,
               device=None) -> ndarray:
    """``np.empty_like``: zeros (NumPy leaves the values unspecified)."""
    return zeros_like(prototype, dtype, order, subok, shape, device=device)


def full_like(a, fill_value, dtype=None, order="K", subok=True, shape=None, *,
              device=None) -> ndarray:
    shape, name = _like(a, dtype, shape, "full_like")
    return full(shape, fill_value, dtype=name)


def arange(start=None, stop=None, step=None, dtype=None, *, device=None, like=None) -> ndarray:
    """``np.arange``: the values computed on the host as NumPy does (its length and dtype rules),
    then moved to the backend."""
    _check_device(device)
    if start is None:
        if stop is None:
            raise TypeError("arange() requires stop to be specified.")
        start, stop = stop, None
    args = [v for v in (start, stop, step) if v is not None]
    host = np.arange(*[v.item() if isinstance(v, ndarray) else v for v in args], dtype=dtype)
    return asarray(host)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *,
             device=None):
    """``np.linspace`` (scalar ends on the backend; array ends through NumPy on the host)."""
    _check_device(device)
    num = int(num)
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    host = np.linspace(*[v.__array__() if isinstance(v, ndarray) else v for v in (start, stop)],
                       num, endpoint, retstep, dtype, axis)    # Python ends stay weak
    if retstep:
        return asarray(host[0]), host[1]
    return asarray(host)


def eye(N, M=None, k=0, dtype=float, order="C", *, device=None, like=None) -> ndarray:
    _check_device(device)
    return _wrap(ivy.eye(int(N), None if M is None else int(M), k=int(k),
                         dtype=T.name_of(dtype, "eye")))


def identity(n, dtype=None, *, like=None) -> ndarray:
    return eye(n, dtype=float if dtype is None else dtype)


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    """``np.logspace``: ``base ** linspace(start, stop)``; an array ``base`` varies along a new
    leading dimension inserted at ``axis``, as in NumPy."""
    from ._manipulation import expand_dims
    from ._ufuncs import UFUNCS
    if type(base) not in (int, float) and np.ndim(base):
        nd = max(np.ndim(start), np.ndim(stop), np.ndim(base))
        start, stop, base = (array(v, copy=None, ndmin=nd) for v in (start, stop, base))
        y = linspace(start, stop, num, endpoint, axis=axis)
        base = expand_dims(base, axis)
    else:
        y = linspace(start, stop, num, endpoint, axis=axis)
    out = UFUNCS["power"](base, y)
    return out if dtype is None else out.astype(dtype, copy=False)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """``np.geomspace`` for real ends (both negative: a negative sequence; exact end points);
    complex ends raise NotImplementedError."""
    s, t = asarray(start), asarray(stop)
    dt = np.result_type(s.dtype, t.dtype, float(num), np.dtype(float if dtype is None else dtype))
    if dt.kind == "c":
        raise NotImplementedError("geomspace: complex start/stop are not supported by ivy's "
                                  "numpy frontend")
    name = T.name_of(dt, "geomspace")
    s, t = ivy.astype(s._data, name), ivy.astype(t._data, name)
    if bool(ivy.to_numpy(ivy.logical_or(ivy.any(ivy.equal(s, 0)), ivy.any(ivy.equal(t, 0))))):
        raise ValueError("Geometric sequence cannot include zero")
    shape = np.broadcast_shapes(tuple(s.shape), tuple(t.shape))
    s, t = ivy.broadcast_to(s, shape), ivy.broadcast_to(t, shape)
    sign = ivy.where(ivy.logical_and(ivy.less(s, 0), ivy.less(t, 0)),
                     ivy.asarray(-1, dtype=name), ivy.asarray(1, dtype=name))
    s, t = ivy.multiply(s, sign), ivy.multiply(t, sign)
    y = logspace(_wrap(ivy.log10(s)), _wrap(ivy.log10(t)), num, endpoint, axis=axis)._data
    ax = int(axis) % len(y.shape)
    lead = (slice(None),) * ax
    if int(num) > 0:
        y = ivy.index_update(y, lead + (0,), s)
        if endpoint and int(num) > 1:
            y = ivy.index_update(y, lead + (-1,), t)
    y = ivy.multiply(y, ivy.expand_dims(sign, axis=ax))
    out = _wrap(y)
    return out if dtype is None else out.astype(dtype, copy=False)


# ---- conversion with requirements (every frontend array is C-contiguous, aligned, writeable) ----

def asanyarray(a, dtype=None, order=None, *, device=None, copy=None, like=None) -> ndarray:
    return asarray(a, dtype, order, device=device, copy=copy)


def ascontiguousarray(a, dtype=None, *, like=None) -> ndarray:
    return array(a, dtype, copy=None, ndmin=1)


def asfortranarray(a, dtype=None, *, like=None) -> ndarray:
    """``np.asfortranarray``: the same values; the frontend keeps C order (its arrays have no
    Fortran layout), so ``isfortran`` of the result is False where NumPy's is True."""
    return array(a, dtype, copy=None, ndmin=1)


def asarray_chkfinite(a, dtype=None, order=None) -> ndarray:
    out = asarray(a, dtype, order)
    if native_name(out._data) in T.INEXACT or out.dtype.kind == "c":
        if not bool(ivy.to_numpy(ivy.all(ivy.isfinite(out._data)))):
            raise ValueError("array must not contain infs or NaNs")
    return out


_REQUIREMENTS = {"C": "C", "C_CONTIGUOUS": "C", "CONTIGUOUS": "C", "F": "F",
                 "F_CONTIGUOUS": "F", "FORTRAN": "F", "A": "A", "ALIGNED": "A", "W": "W",
                 "WRITEABLE": "W", "O": "O", "OWNDATA": "O", "E": "E", "ENSUREARRAY": "E"}


def require(a, dtype=None, requirements=None, *, like=None) -> ndarray:
    reqs = {_REQUIREMENTS[r.upper()] for r in requirements} if requirements else set()
    if "C" in reqs and "F" in reqs:
        raise ValueError('Cannot specify both "C" and "F" order')
    out = asarray(a, dtype)
    if "F" in reqs and not out.flags.f_contiguous:
        raise NotImplementedError("require: 'F' (Fortran order) is not supported by ivy's numpy "
                                  "frontend (its arrays are C-contiguous)")
    if "O" in reqs and out._base is not None:
        out = array(out)
    return out


FUNCTIONS = {
    "logspace": logspace, "geomspace": geomspace, "asanyarray": asanyarray,
    "ascontiguousarray": ascontiguousarray, "asfortranarray": asfortranarray,
    "asarray_chkfinite": asarray_chkfinite, "require": require,
    "asarray": asarray, "array": array, "zeros": zeros, "ones": ones, "empty": empty,
    "full": full, "zeros_like": zeros_like, "ones_like": ones_like, "empty_like": empty_like,
    "full_like": full_like, "arange": arange, "linspace": linspace, "eye": eye,
    "identity": identity,
}
