"""Set functions: unique (+ the Array API unique_* namedtuples), union/intersection/difference,
isin; ``size``/``fill_value`` give JAX's static-size results (truncated or padded)."""
from __future__ import annotations

from collections import namedtuple

import ivy
from ivy.core import dtypes as D

from .._array import _wrap, asarray, check_concrete, index_native, promote
from .._dtypes import native_name
from ._indexing import _arr, _scalar
from ._sorting import _argsort_native
from ivy.frontends.jax._late import late as _late

_UniqueAllResult = namedtuple("_UniqueAllResult", "values indices inverse_indices counts")
_UniqueCountsResult = namedtuple("_UniqueCountsResult", "values counts")
_UniqueInverseResult = namedtuple("_UniqueInverseResult", "values inverse_indices")
_ISIN_METHODS = ("compare_all", "binary_search", "sort", "auto")
_INEXACT = frozenset(D.FLOATING + D.COMPLEX_FLOATING)
_COMPLEX = frozenset(D.COMPLEX_FLOATING)


def _fit(x, size, fill):
    """x (1-d, or along axis 0) cut or padded to ``size`` with ``fill`` (native 0-d or None:
    x's first entry)."""
    n = x.shape[0]
    if size is None or size == n:
        return x
    if size < n:
        return x[:size]
    if fill is None:
        fill = x[0]
    pad = ivy.broadcast_to(fill, (size - n,) + tuple(x.shape[1:]))
    return ivy.concat([x, pad], axis=0)


def _int64(a):
    return a if native_name(a) == "int64" else ivy.astype(a, "int64")


def _fill_native(fill_value, name):
    return None if fill_value is None else _scalar(fill_value, name)


def _concrete(a, fn):
    """``a`` as JAX's set functions without ``size`` read it: its concrete value (under jax.grad
    too: their results carry no gradient)."""
    check_concrete(a, fn)
    return _wrap(ivy.stop_gradient(a._data), a.weak_type)


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
           equal_nan=True, size=None, fill_value=None, sorted=True):
    """Implements ``jnp.unique`` (always sorted, like JAX)."""
    a = _arr(ar, "unique")
    if size is None:
        a = _concrete(a, "unique")
    x = a._data
    name = native_name(x)
    if not equal_nan and name in _INEXACT and \
            int(ivy.to_numpy(ivy.sum(ivy.astype(ivy.isnan(x), "int64")))) > 1:
        raise NotImplementedError("jnp.unique: equal_nan=False with several NaNs is not "
                                  "supported")
    if size is not None and a.size == 0 and fill_value is None:
        raise ValueError("jnp.unique: for zero-sized input with nonzero size argument, "
                         "fill_value must be specified")
    if axis is not None:
        axis = int(axis)
        if not -a.ndim <= axis < a.ndim:
            raise ValueError(f"axis {axis} is out of bounds for array of dimension {a.ndim}")
        axis %= a.ndim
    if axis is None and a.ndim == 0:
        x = ivy.reshape(x, (1,))
    res = (_unique_complex if name in _COMPLEX and axis is None else _late.unique)(
        x, axis=axis, return_index=True, return_inverse=return_inverse,
        return_counts=return_counts)
    values, index = res[0], _int64(res[1])
    rest = list(res[2:])
    if axis is None and a.ndim == 0 and return_inverse:
        rest[0] = ivy.reshape(rest[0], ())
    if size is not None:
        size = int(size)
        if axis not in (None, 0):
            values = ivy.moveaxis(_fit(ivy.moveaxis(values, axis, 0), size,
                                       _fill_native(fill_value, name)), 0, axis)
        else:
            values = _fit(values, size, _fill_native(fill_value, name))
        index = _fit(index, size, None)
        if return_counts:
            rest[-1] = _fit(rest[-1], size, ivy.zeros((), dtype=native_name(rest[-1])))
    out = [_wrap(values, a.weak_type)]
    if return_index:
        out.append(_wrap(index_native(index)))
    out.extend(_wrap(index_native(r)) for r in rest)
    return out[0] if len(out) == 1 else tuple(out)


def _unique_complex(x, *, axis, return_index, return_inverse, return_counts):
    """``ivy.unique`` for complex x, ordered by real then imaginary part (the torch and
    tensorflow backends cannot sort complex numbers)."""
    flat = ivy.reshape(x, (-1,))
    n = int(flat.shape[0])
    perm = _int64(_argsort_native(flat, 0, False, True))
    s = ivy.take(flat, perm)
    first = ivy.concat([ivy.ones((min(n, 1),), dtype="bool"),
                        ivy.not_equal(s[1:], s[:-1])])
    out = [ivy.boolean_mask(s, first), ivy.boolean_mask(perm, first)]
    if return_inverse:
        group = ivy.subtract(ivy.cumulative_sum(ivy.astype(first, "int64")), 1)
        inverse = ivy.index_update(ivy.zeros((n,), dtype="int64"), perm, group)
        out.append(ivy.reshape(inverse, tuple(x.shape)))
    if return_counts:
        starts = _int64(ivy.nonzero(first)[0])
        out.append(ivy.diff(ivy.concat([starts, ivy.full((1,), n, dtype="int64")])))
    return tuple(out)


def unique_all(x, /, *, size=None, fill_value=None):
    """Implements ``jnp.unique_all``."""
    return _UniqueAllResult(*unique(x, True, True, True, size=size, fill_value=fill_value))


def unique_counts(x, /, *, size=None, fill_value=None):
    """Implements ``jnp.unique_counts``."""
    return _UniqueCountsResult(*unique(x, return_counts=True, size=size, fill_value=fill_value))


def unique_inverse(x, /, *, size=None, fill_value=None):
    """Implements ``jnp.unique_inverse``."""
    return _UniqueInverseResult(*unique(x, return_inverse=True, size=size,
                                        fill_value=fill_value))


def unique_values(x, /, *, size=None, fill_value=None):
    """Implements ``jnp.unique_values``."""
    return unique(x, size=size, fill_value=fill_value)


def _pair(ar1, ar2, fn, size=0):
    """Both operands flattened and promoted: (native 1-d, native 1-d, name, weak); without a
    ``size``, their concrete values (``_concrete``)."""
    ar1, ar2 = _arr(ar1, fn), _arr(ar2, fn)
    if size is None:
        ar1, ar2 = _concrete(ar1, fn), _concrete(ar2, fn)
    (a, b), name, weak = promote(fn, ar1, ar2)
    return ivy.reshape(a, (-1,)), ivy.reshape(b, (-1,)), name, weak


def union1d(ar1, ar2, *, size=None, fill_value=None):
    """Implements ``jnp.union1d``."""
    a, b, name, weak = _pair(ar1, ar2, "union1d", size)
    return unique(_wrap(ivy.concat([a, b]), weak), size=size, fill_value=fill_value)


def _uniq(x, assume_unique):
    """(unique values, their first indices) of a native 1-d array."""
    if assume_unique:
        return x, ivy.arange(x.shape[0], dtype="int64")
    values, index = ivy.unique(x, return_index=True)
    return values, _int64(index)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False, *, size=None,
                fill_value=None):
    """Implements ``jnp.intersect1d``."""
    a, b, name, weak = _pair(ar1, ar2, "intersect1d")
    u1, i1 = _uniq(a, assume_unique)
    u2, i2 = _uniq(b, assume_unique)
    aux = ivy.concat([u1, u2])
    perm = ivy.argsort(aux, stable=True)
    s = ivy.take(aux, perm)
    same = ivy.equal(s[1:], s[:-1])
    pos = ivy.nonzero(same)[0]
    values = ivy.take(s, pos)
    n1 = int(u1.shape[0])
    values = _fit(values, size, _fill_native(fill_value, name))
    out = _wrap(values, weak)
    if not return_indices:
        return out
    k1 = ivy.take(i1, ivy.take(perm, pos))
    k2 = ivy.take(i2, ivy.subtract(ivy.take(perm, ivy.add(pos, 1)), n1))
    k1 = _fit(k1, size, ivy.full((), int(a.shape[0]), dtype="int64"))
    k2 = _fit(k2, size, ivy.full((), int(b.shape[0]), dtype="int64"))
    idx = "int32" if assume_unique else "int64"      # JAX's index dtypes differ by path
    return out, _wrap(ivy.astype(k1, idx)), _wrap(ivy.astype(k2, idx))


def setdiff1d(ar1, ar2, assume_unique=False, *, size=None, fill_value=None):
    """Implements ``jnp.setdiff1d``: ar1's dtype; padding defaults to zero."""
    a1, a2 = _arr(ar1, "setdiff1d"), _arr(ar2, "setdiff1d")
    if size is None:
        a1, a2 = _concrete(a1, "setdiff1d"), _concrete(a2, "setdiff1d")
    a = ivy.reshape(a1._data, (-1,))
    (x, y), _, _ = promote("setdiff1d", a1, a2)
    x, y = ivy.reshape(x, (-1,)), ivy.reshape(y, (-1,))
    if not assume_unique:
        a, index = ivy.unique(a, return_index=True)
        x = ivy.take(x, index)
    keep = ivy.logical_not(ivy.isin(x, y)) if y.shape[0] else ivy.ones(x.shape, dtype="bool")
    values = ivy.take(a, ivy.nonzero(keep)[0])
    name = native_name(a)
    values = _fit(values, size, _scalar(0 if fill_value is None else fill_value, name))
    return _wrap(values, a1.weak_type)


def setxor1d(ar1, ar2, assume_unique=False, *, size=None, fill_value=None):
    """Implements ``jnp.setxor1d``: sorted values in exactly one of the inputs."""
    a, b, name, weak = _pair(ar1, ar2, "setxor1d", size)
    if not assume_unique:
        a, b = ivy.unique(a), ivy.unique(b)
    s = ivy.sort(ivy.concat([a, b]))
    n = int(s.shape[0])
    if n == 0:
        values = s
    else:
        t = ivy.ones((1,), dtype="bool")
        diff = ivy.not_equal(s[1:], s[:-1])
        keep = ivy.logical_and(ivy.concat([t, diff]), ivy.concat([diff, t]))
        values = ivy.take(s, ivy.nonzero(keep)[0])
    return _wrap(_fit(values, size, _fill_native(fill_value, name)), weak)


def isin(element, test_elements, assume_unique=False, invert=False, *, method="auto"):
    """Implements ``jnp.isin``."""
    if method not in _ISIN_METHODS:
        raise ValueError(f"method={method!r} is not implemented; options are 'compare_all', "
                         f"'binary_search', 'sort', and 'auto'")
    e = asarray(element) if not hasattr(element, "shape") else _arr(element, "isin")
    t = asarray(test_elements) if not hasattr(test_elements, "shape") else \
        _arr(test_elements, "isin")
    (x, y), _, _ = promote("isin", e, t)
    y = ivy.reshape(y, (-1,))
    if y.shape[0] == 0:
        out = ivy.full(tuple(x.shape), bool(invert), dtype="bool")
    else:
        out = ivy.isin(x, y, invert=bool(invert))
    return _wrap(out)


FUNCTIONS = {f.__name__: f for f in (unique, unique_all, unique_counts, unique_inverse,
                                     unique_values, union1d, intersect1d, setdiff1d, setxor1d,
                                     isin)}
