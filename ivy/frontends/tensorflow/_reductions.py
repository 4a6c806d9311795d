"""``tf.reduce_*`` and ``tf.argmax``/``argmin``: TensorFlow's dtype rules (the input's dtype kept:
integer sums wrap, integer means truncate toward zero), its kernel lists and axis errors."""
from __future__ import annotations

import numpy as np

import ivy
from ivy.core import dtypes as D

from .._shared import native_name
from . import _dtypes as T
from ._ops import check_kernel, kernel
from ._tensor import Tensor, convert, wrap
from .errors import invalid_argument

_IVY = vars(ivy)


def _native(x):
    return x._data if type(x) is Tensor else convert(x)


def _axes(axis, ndim: int, op: str):
    """``axis`` (None, int, list or tensor) as a sorted tuple of non-negative dims."""
    if axis is None:
        return tuple(range(ndim))
    if type(axis) is Tensor:
        axis = axis.numpy().tolist()
    items = [axis] if isinstance(axis, (int, np.integer)) else list(axis)
    out = []
    for a in items:
        a = int(a)
        if not -max(ndim, 1) <= a < max(ndim, 1):
            raise invalid_argument(f"Invalid reduction dimension ({a} for input with {ndim} "
                                   f"dimension(s)", op)
        out.append(a % max(ndim, 1))
    return tuple(sorted(set(out)))


def _identity(core, name):
    if core == "max":
        return -np.inf if name in D.REAL_FLOATING else int(np.iinfo(name).min)
    return np.inf if name in D.REAL_FLOATING else int(np.iinfo(name).max)


def _reduction(op: str, core: str, typed: bool = False):
    def f(input_tensor, axis=None, keepdims=False, name=None):
        a = _native(input_tensor)
        n = native_name(a)
        check_kernel(op, n)
        shape = tuple(a.shape)
        axes = _axes(axis, len(shape), op)
        if core in ("max", "min") and any(shape[d] == 0 for d in axes):
            out = tuple(1 if d in axes else s for d, s in enumerate(shape)) if keepdims else \
                tuple(s for d, s in enumerate(shape) if d not in axes)
            return wrap(ivy.full(out, _identity(core, n), dtype=n))
        kw = {"axis": axes, "keepdims": bool(keepdims)}
        if typed:
            kw["dtype"] = n
        return wrap(kernel(op, lambda x: _IVY[core](x, **kw), a))
    f.__name__ = f"reduce_{core}"
    return f


def reduce_mean(input_tensor, axis=None, keepdims=False, name=None):
    """``tf.reduce_mean``: integer means are the integer sum divided truncating toward zero."""
    a = _native(input_tensor)
    n = native_name(a)
    check_kernel("Mean", n)
    shape = tuple(a.shape)
    axes = _axes(axis, len(shape), "Mean")
    if n not in D.INTEGRAL:
        return wrap(kernel("Mean", lambda x: ivy.mean(x, axis=axes, keepdims=bool(keepdims)), a))
    count = 1
    for d in axes:
        count *= shape[d]
    s = ivy.sum(a, axis=axes, keepdims=bool(keepdims), dtype=n)
    if count == 0:
        return wrap(ivy.zeros_like(s))
    q = ivy.floor_divide(s, count)
    inexact = ivy.logical_and(ivy.less(s, 0), ivy.not_equal(ivy.remainder(s, count), 0))
    return wrap(ivy.where(inexact, ivy.add(q, 1), q))


def _arg(op: str, core: str):
    def f(input, axis=None, output_type=T.BY_NAME["int64"], name=None):  # noqa: A002
        a = _native(input)
        check_kernel(op, native_name(a))
        ax = _axes(0 if axis is None else axis, len(a.shape), op)[0]
        out = T.name_of(output_type)
        return wrap(ivy.astype(kernel(op, lambda x: _IVY[core](x, axis=ax), a), out))
    f.__name__ = core
    return f


_FUNCTIONS = {
    "reduce_sum": _reduction("Sum", "sum", typed=True),
    "reduce_prod": _reduction("Prod", "prod", typed=True),
    "reduce_max": _reduction("Max", "max"), "reduce_min": _reduction("Min", "min"),
    "reduce_any": _reduction("Any", "any"), "reduce_all": _reduction("All", "all"),
    "reduce_mean": reduce_mean, "argmax": _arg("ArgMax", "argmax"),
    "argmin": _arg("ArgMin", "argmin"),
}
EXPORTS = {"tf": _FUNCTIONS, "math": _FUNCTIONS}
