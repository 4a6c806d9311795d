"""Array creation: ``np.zeros``/``ones``/``empty``/``full``/``arange``/``linspace``/``eye`` and
the ``*_like`` family, with NumPy's default dtypes (float64, int64, bool)."""
from __future__ import annotations

import numpy as np

import ivy

from . import _dtypes as T
from ._array import _wrap, asarray, array, ndarray
from ._dtypes import native_name


def _shape(shape) -> tuple:
    if isinstance(shape, (int, np.integer)):
        return (int(shape),)
    return tuple(int(s) for s in shape)


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
    host = np.linspace(np.asarray(start), np.asarray(stop), num, endpoint, retstep, dtype, axis)
    if retstep:
        return asarray(host[0]), host[1]
    return asarray(host)


def eye(N, M=None, k=0, dtype=float, order="C", *, device=None, like=None) -> ndarray:
    _check_device(device)
    return _wrap(ivy.eye(int(N), None if M is None else int(M), k=int(k),
                         dtype=T.name_of(dtype, "eye")))


def identity(n, dtype=None, *, like=None) -> ndarray:
    return eye(n, dtype=float if dtype is None else dtype)


FUNCTIONS = {
    "asarray": asarray, "array": array, "zeros": zeros, "ones": ones, "empty": empty,
    "full": full, "zeros_like": zeros_like, "ones_like": ones_like, "empty_like": empty_like,
    "full_like": full_like, "arange": arange, "linspace": linspace, "eye": eye,
    "identity": identity,
}
