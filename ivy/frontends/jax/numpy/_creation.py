"""Array creation: zeros/ones/full/empty (+ ``_like``), arange, linspace, eye, identity."""
from __future__ import annotations

import ivy

from .. import _dtypes as J
from .._array import Array, _wrap, asarray
from .._dtypes import native_name


def _shape(shape, fn):
    try:
        return (int(shape),) if not hasattr(shape, "__len__") else tuple(int(d) for d in shape)
    except TypeError:
        raise TypeError(f"{fn}: shape must be a sequence of integers, got {shape!r}") from None


def _dtype_or(dtype, default_kind="float"):
    return J.DEFAULT[default_kind] if dtype is None else J.name_of(dtype)


def zeros(shape, dtype=None, *, device=None, out_sharding=None):
    return _wrap(ivy.zeros(_shape(shape, "zeros"), dtype=_dtype_or(dtype)))


def ones(shape, dtype=None, *, device=None, out_sharding=None):
    return _wrap(ivy.ones(_shape(shape, "ones"), dtype=_dtype_or(dtype)))


def empty(shape, dtype=None, *, device=None, out_sharding=None):
    return zeros(shape, dtype)


def full(shape, fill_value, dtype=None, *, device=None):
    """``jnp.full``: the fill value's dtype and weak type when ``dtype`` is None."""
    fill = asarray(fill_value, dtype)
    return _wrap(ivy.broadcast_to(fill._data, _shape(shape, "full")),
                 fill.weak_type and dtype is None)


def _like(a, dtype, shape):
    a = asarray(a)
    name = native_name(a._data) if dtype is None else J.name_of(dtype)
    weak = a.weak_type and dtype is None
    return (a.shape if shape is None else _shape(shape, "like")), name, weak


def zeros_like(a, dtype=None, shape=None, *, device=None):
    s, name, weak = _like(a, dtype, shape)
    return _wrap(ivy.zeros(s, dtype=name), weak)


def ones_like(a, dtype=None, shape=None, *, device=None):
    s, name, weak = _like(a, dtype, shape)
    return _wrap(ivy.ones(s, dtype=name), weak)


def empty_like(prototype, dtype=None, shape=None, *, device=None):
    return zeros_like(prototype, dtype, shape)


def full_like(a, fill_value, dtype=None, shape=None, *, device=None):
    s, name, weak = _like(a, dtype, shape)
    return _wrap(ivy.full(s, fill_value, dtype=name) if not isinstance(fill_value, Array) else
                 ivy.broadcast_to(ivy.astype(fill_value._data, name), s), weak)


def arange(start, stop=None, step=None, dtype=None, *, device=None):
    """``jnp.arange``: the dtype of its (strong) arguments; floats give float64 (x64)."""
    args = [v for v in (start, stop, step) if v is not None]
    values = [v.item() if isinstance(v, Array) else v for v in args]
    if dtype is None:
        name = J.join_nodes([("bool" if type(v) is bool else "int64" if isinstance(v, int) else
                              "complex128" if isinstance(v, complex) else "float64")
                             for v in values])[0]
    else:
        name = J.name_of(dtype)
    if stop is None:
        start, stop = 0, values[0]
    else:
        start, stop = values[0], values[1]
    return _wrap(ivy.arange(start, stop, 1 if step is None else values[-1], dtype=name))


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *,
             device=None):
    name = J.DEFAULT["float"] if dtype is None else J.name_of(dtype)
    out = _wrap(ivy.linspace(float(start), float(stop), int(num), dtype=name, endpoint=endpoint))
    if retstep:
        div = (num - 1) if endpoint else num
        return out, asarray((float(stop) - float(start)) / div if div > 0 else float("nan"),
                            dtype=name)
    return out


def eye(N, M=None, k=0, dtype=None, *, device=None):
    return _wrap(ivy.eye(int(N), None if M is None else int(M), k=int(k), dtype=_dtype_or(dtype)))


def identity(n, dtype=None):
    return eye(n, dtype=dtype)


FUNCTIONS = {f.__name__: f for f in (zeros, ones, empty, full, zeros_like, ones_like, empty_like,
                                     full_like, arange, linspace, eye, identity)}
