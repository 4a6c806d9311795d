"""Shape manipulation: joining, splitting, tiling, flipping, padding, ``take``/``where``/``clip``,
``nonzero`` and friends, the indexing helpers (``take_along_axis``, ``choose``, ``select``, and the
in-place ``put_along_axis``/``place``/``putmask``/``copyto``/``fill_diagonal``), ``apply_*``,
``block`` and ``np.broadcast``, with NumPy's result dtypes and exception types.

Views. ``squeeze``, ``expand_dims``, ``swapaxes``, ``moveaxis``, the ``atleast_*d`` reshapes and
the pieces of ``split`` are views of their input on every backend (``make_view``). NumPy's
negative-stride views (``flip``, ``fliplr``, ``flipud``, ``rot90``) are views on numpy, jax and
tensorflow, and copies on torch (torch has no negative strides). ``rollaxis``, ``permute_dims``,
``matrix_transpose`` and the pieces of ``unstack`` are views too. ``diagonal`` is NumPy's
read-only view: on jax/tensorflow (and numpy) a write through it raises ValueError as in NumPy; on
torch the write goes through to the base. ``broadcast_to``/``broadcast_arrays`` return plain
copies (NumPy: read-only views), so a write to them is not refused.

Index bookkeeping (``delete``/``insert`` positions, ``split`` points, ``pad`` widths) is done on
the host from the Python arguments; the arrays stay on the backend.
"""
from __future__ import annotations

import builtins
import operator

import numpy as np

import ivy

from . import _dtypes as T
from ._array import (_wrap, asarray, assign_native, get, make_view, ndarray, reshape_view,
                     result, scalar)
from ._dtypes import native_name
from ._ufuncs import _finish, shape_text

AxisError = np.exceptions.AxisError
_NV = np._NoValue
_PY = (bool, int, float, complex)


# ---- shared helpers -------------------------------------------------------------------------

def _arr(a) -> ndarray:
    return a if isinstance(a, ndarray) else asarray(a)


def _axis(axis, nd, prefix=None) -> int:
    ax = operator.index(axis)
    if not -nd <= ax < nd:
        raise AxisError(ax, nd, prefix)
    return ax % nd


def _axis_tuple(axis, nd, prefix=None, what="") -> tuple:
    """NumPy's normalize_axis_tuple: AxisError out of range, ValueError for a repeat."""
    items = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
    out = tuple(_axis(a, nd, prefix) for a in items)
    if len(set(out)) != len(out):
        raise ValueError(f"repeated axis{what}")
    return out


def _cast(a: ndarray, name):
    return a._data if native_name(a._data) == name else ivy.astype(a._data, name)


def _flat(x):
    return ivy.reshape(x, (-1,))


def _flat_or_axis(a, axis):
    """(native, axis): the flattened array and axis 0 for ``axis=None`` (or a 0-d array), else
    the array and the checked axis."""
    if axis is None or a.ndim == 0:
        if axis is not None:
            _axis(axis, 1)
        return _flat(a._data), 0
    return a._data, _axis(axis, a.ndim)


def _ints(values) -> np.ndarray:
    """Index-like Python/array input as host int64 (NumPy's unsafe cast of float indices)."""
    return np.asarray(values).astype(np.int64)


def _dtype_item(x):
    """What ``np.result_type`` takes for an operand: a dtype, or a Python number (weak)."""
    if isinstance(x, ndarray):
        return T.NP[native_name(x._data)]
    if type(x) in _PY:
        return x
    return np.asarray(x).dtype


def _operand(x, name):
    """An operand as a native array of dtype ``name``; a Python number cast as NumPy's
    ``astype`` does (wrapping)."""
    if isinstance(x, ndarray):
        return _cast(x, name)
    if type(x) in _PY:
        return ivy.asarray(np.asarray(x).astype(T.NP[name]))
    return _cast(asarray(x), name)


def _permuted(a: ndarray, perm) -> ndarray:
    perm = tuple(perm)
    inverse = tuple(int(i) for i in np.argsort(perm))
    return make_view(a, ivy.permute_dims(a._data, perm),
                     lambda parent: ivy.permute_dims(parent, perm),
                     lambda parent, value: ivy.permute_dims(value, inverse))


def _strided_view(a: ndarray, native, read, write) -> ndarray:
    """NumPy's negative-stride views: a view where the backend can give one, a copy on torch."""
    if ivy.current_backend() == "torch":
        return _wrap(native)
    return make_view(a, native, read, write)


# ---- joining --------------------------------------------------------------------------------

def concatenate(arrays, /, axis=0, out=None, *, dtype=None, casting="same_kind"):
    if out is not None and dtype is not None:
        raise TypeError("concatenate() only takes `out` or `dtype` as an argument, but both "
                        "were provided.")
    arrs = [_arr(x) for x in arrays]
    if not arrs:
        raise ValueError("need at least one array to concatenate")
    if axis is None:
        natives, axis = [_flat(x._data) for x in arrs], 0
    else:
        nd = arrs[0].ndim
        if nd == 0:
            raise ValueError("zero-dimensional arrays cannot be concatenated")
        axis = _axis(axis, nd)
        first = arrs[0].shape
        for i, x in enumerate(arrs[1:], 1):
            if x.ndim != nd:
                raise ValueError(f"all the input arrays must have same number of dimensions, but "
                                 f"the array at index 0 has {nd} dimension(s) and the array at "
                                 f"index {i} has {x.ndim} dimension(s)")
            for d in range(nd):
                if d != axis and x.shape[d] != first[d]:
                    raise ValueError(f"all the input array dimensions except for the "
                                     f"concatenation axis must match exactly, but along dimension "
                                     f"{d}, the array at index 0 has size {first[d]} and the "
                                     f"array at index {i} has size {x.shape[d]}")
        natives = [x._data for x in arrs]
    if dtype is not None:
        target = T.name_of(dtype, "concatenate")
    elif out is not None:
        target = native_name(out._data)
    else:
        target = T.result_name([x.dtype for x in arrs])
    for x in arrs:
        if not np.can_cast(x.dtype, T.NP[target], casting):
            raise TypeError(f"Cannot cast array data from {x.dtype!r} to {T.NP[target]!r} "
                            f"according to the rule '{casting}'")
    res = ivy.concat([n if native_name(n) == target else ivy.astype(n, target) for n in natives],
                     axis=axis)
    if out is not None:
        if not isinstance(out, ndarray) or out.shape != tuple(res.shape):
            raise ValueError("Output array is the wrong shape")
        return _finish("concatenate", res, out, True, "unsafe")
    return _wrap(res)


def stack(arrays, axis=0, out=None, *, dtype=None, casting="same_kind"):
    arrs = [_arr(x) for x in arrays]
    if not arrs:
        raise ValueError("need at least one array to stack")
    if any(x.shape != arrs[0].shape for x in arrs):
        raise ValueError("all input arrays must have the same shape")
    axis = _axis(axis, arrs[0].ndim + 1)
    return concatenate([_wrap(ivy.expand_dims(x._data, axis=axis)) for x in arrs], axis, out,
                       dtype=dtype, casting=casting)


def _sequence(tup):
    if not hasattr(tup, "__getitem__"):
        raise TypeError('arrays to stack must be passed as a "sequence" type such as list or '
                        'tuple.')
    return tup


def hstack(tup, *, dtype=None, casting="same_kind"):
    arrs = [atleast_1d(x) for x in _sequence(tup)]
    axis = 0 if arrs and arrs[0].ndim == 1 else 1
    return concatenate(arrs, axis, dtype=dtype, casting=casting)


def vstack(tup, *, dtype=None, casting="same_kind"):
    return concatenate([atleast_2d(x) for x in _sequence(tup)], 0, dtype=dtype, casting=casting)


def dstack(tup):
    return concatenate([atleast_3d(x) for x in _sequence(tup)], 2)


def column_stack(tup):
    def column(x):
        x = _arr(x)
        return x if x.ndim >= 2 else _wrap(ivy.reshape(x._data, (-1, 1)))
    return concatenate([column(x) for x in _sequence(tup)], 1)


def append(arr, values, axis=None):
    arr, values = _arr(arr), _arr(values)
    if axis is None:
        return concatenate((_wrap(_flat(arr._data)), _wrap(_flat(values._data))), 0)
    return concatenate((arr, values), axis)


# ---- splitting (views) ------------------------------------------------------------------------

def _split(ary, indices_or_sections, axis, equal):
    a = _arr(ary)
    axis = _axis(axis, a.ndim)
    n = a.shape[axis]
    try:
        len(indices_or_sections)
    except TypeError:
        sections = int(indices_or_sections)
        if equal and n % sections:
            raise ValueError("array split does not result in an equal division") from None
        if sections <= 0:
            raise ValueError("number sections must be larger than 0.") from None
        each, extra = divmod(n, sections)
        points = [0]
        for i in range(sections):
            points.append(points[-1] + each + (i < extra))
    else:
        points = [0] + [int(i) for i in indices_or_sections] + [n]
    lead = (slice(None),) * axis
    return [get(a, lead + (slice(start, stop),)) for start, stop in zip(points, points[1:])]


def split(ary, indices_or_sections, axis=0):
    return _split(ary, indices_or_sections, axis, True)


def array_split(ary, indices_or_sections, axis=0):
    return _split(ary, indices_or_sections, axis, False)


def _split_at(name, least, axis_of):
    def fn(ary, indices_or_sections):
        a = _arr(ary)
        if a.ndim < least:
            raise ValueError(f"{name} only works on arrays of {least} or more dimensions")
        return _split(a, indices_or_sections, axis_of(a.ndim), True)
    fn.__name__ = name
    return fn


hsplit = _split_at("hsplit", 1, lambda nd: 1 if nd > 1 else 0)
vsplit = _split_at("vsplit", 2, lambda nd: 0)
dsplit = _split_at("dsplit", 3, lambda nd: 2)


# ---- axes (views) -----------------------------------------------------------------------------

def expand_dims(a, axis):
    a = _arr(a)
    old = a.shape
    axes = sorted(_axis_tuple(axis, a.ndim + (len(axis) if isinstance(axis, (tuple, list))
                                               else 1)))

    def read(parent):
        for ax in axes:
            parent = ivy.expand_dims(parent, axis=ax)
        return parent
    return make_view(a, read(a._data), read, lambda parent, value: ivy.reshape(value, old))


def squeeze(a, axis=None):
    a = _arr(a)
    old, nd = a.shape, a.ndim
    if axis is None:
        axes = tuple(i for i, n in enumerate(old) if n == 1)
    elif nd == 0:
        _axis_tuple(axis, 1)
        axes = ()
    else:
        if isinstance(axis, list):      # NumPy's squeeze takes an int or a tuple
            operator.index(axis)
        axes = _axis_tuple(axis, nd)
        if any(old[i] != 1 for i in axes):
            raise ValueError("cannot select an axis to squeeze out which has size not equal to "
                             "one")
    new = tuple(n for i, n in enumerate(old) if i not in axes)

    def read(parent):
        return ivy.squeeze(parent, axis=axes) if axes else ivy.reshape(parent, new)
    return make_view(a, read(a._data), read, lambda parent, value: ivy.reshape(value, old))


def swapaxes(a, axis1, axis2):
    a = _arr(a)
    i, j = _axis(axis1, a.ndim, "axis1"), _axis(axis2, a.ndim, "axis2")
    perm = list(range(a.ndim))
    perm[i], perm[j] = j, i
    return _permuted(a, perm)


def moveaxis(a, source, destination):
    a = _arr(a)
    nd = a.ndim
    src = _axis_tuple(source, nd, "source", " in `source` argument")
    dst = _axis_tuple(destination, nd, "destination", " in `destination` argument")
    if len(src) != len(dst):
        raise ValueError("`source` and `destination` arguments must have the same number of "
                         "elements")
    order = [i for i in range(nd) if i not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return _permuted(a, order)


def _atleast(nd, shape_of):
    def one(x):
        x = _arr(x)
        return x if x.ndim >= nd else reshape_view(x, shape_of(x.shape))

    def fn(*arys):
        out = tuple(one(x) for x in arys)
        return out[0] if len(out) == 1 else out
    fn.__name__ = f"atleast_{nd}d"
    return fn


atleast_1d = _atleast(1, lambda s: (1,))
atleast_2d = _atleast(2, lambda s: (1,) * (2 - len(s)) + s)
atleast_3d = _atleast(3, lambda s: (1, 1, 1) if not s else (1,) + s + (1,) if len(s) == 1
                      else s + (1,))


# ---- broadcasting (copies) ---------------------------------------------------------------------

def _broadcast_shape(fn, *shapes):
    """The shapes' broadcast shape, or NumPy's ValueError naming them all."""
    try:
        return np.broadcast_shapes(*shapes)
    except ValueError:
        raise ValueError("operands could not be broadcast together with shapes "
                         + " ".join(map(shape_text, shapes)) + " ") from None


def broadcast_to(array, shape, subok=False):
    """``np.broadcast_to``: a plain copy (NumPy returns a read-only view)."""
    a = _arr(array)
    shape = (int(shape),) if isinstance(shape, (int, np.integer)) else tuple(int(s) for s in shape)
    if any(s < 0 for s in shape):
        raise ValueError("all elements of broadcast shape must be non-negative")
    if not shape and a.ndim:
        raise ValueError("cannot broadcast a non-scalar to a scalar array")
    if len(shape) < a.ndim or any(n not in (1, m) for n, m in zip(reversed(a.shape),
                                                                      reversed(shape))):
        raise ValueError(f"operands could not be broadcast together with remapped shapes "
                         f"[original->remapped]: {shape_text(a.shape)}  and requested shape "
                         f"{shape_text(shape)}")
    return _wrap(ivy.asarray(ivy.broadcast_to(a._data, shape), copy=True))


def broadcast_arrays(*args, subok=False):
    """``np.broadcast_arrays``: a tuple; an array already of the common shape is returned as is,
    the others are copies (NumPy: views)."""
    arrs = [_arr(x) for x in args]
    shape = np.broadcast_shapes(*[x.shape for x in arrs])
    return tuple(x if x.shape == shape else
                 _wrap(ivy.asarray(ivy.broadcast_to(x._data, shape), copy=True)) for x in arrs)


# ---- tiling and repetition (copies) ---------------------------------------------------------

def tile(A, reps):
    a = _arr(A)
    reps = tuple(int(r) for r in reps) if isinstance(reps, (tuple, list)) else (int(reps),)
    if any(r < 0 for r in reps):
        raise ValueError("negative dimensions are not allowed")
    x = a._data
    if len(reps) > a.ndim:
        x = ivy.reshape(x, (1,) * (len(reps) - a.ndim) + a.shape)
    reps = (1,) * (a.ndim - len(reps)) + reps
    if not reps:
        return _wrap(ivy.asarray(x, copy=True))
    return _wrap(ivy.tile(x, reps))


def repeat(a, repeats, axis=None):
    a = _arr(a)
    x, axis = _flat_or_axis(a, axis)
    r = _ints(repeats)
    if (r < 0).any():
        raise ValueError("negative dimensions are not allowed")
    n = x.shape[axis]
    if r.size == 1:
        r = int(r.reshape(()))
    elif r.ndim != 1 or r.shape[0] != n:
        raise ValueError(f"operands could not be broadcast together with shape ({n},) "
                         f"{r.shape}")
    else:
        r = ivy.asarray(r)
    return _wrap(ivy.repeat(x, r, axis=axis))


# ---- flips and rotations --------------------------------------------------------------------

def flip(m, axis=None):
    a = _arr(m)
    if a.ndim == 0 and axis is None:
        return scalar(a._data)
    axes = tuple(range(a.ndim)) if axis is None else tuple(sorted(set(
        _axis(x, a.ndim) for x in (axis if isinstance(axis, (tuple, list)) else (axis,)))))

    def read(parent):
        return ivy.flip(parent, axis=axes)
    return _strided_view(a, read(a._data), read, lambda parent, value: read(value))


def fliplr(m):
    a = _arr(m)
    if a.ndim < 2:
        raise ValueError("Input must be >= 2-d.")
    return flip(a, 1)


def flipud(m):
    a = _arr(m)
    if a.ndim < 1:
        raise ValueError("Input must be >= 1-d.")
    return flip(a, 0)


def rot90(m, k=1, axes=(0, 1)):
    a = _arr(m)
    axes = tuple(axes)
    nd = a.ndim
    if len(axes) != 2:
        raise ValueError("len(axes) must be 2.")
    if axes[0] == axes[1] or abs(axes[0] - axes[1]) == nd:
        raise ValueError("Axes must be different.")
    if not all(-nd <= ax < nd for ax in axes):
        raise ValueError(f"Axes={axes} out of range for array of dimension {nd}")
    a0, a1 = axes[0] % nd, axes[1] % nd
    k %= 4
    if k == 0:
        return get(a, slice(None))
    if k == 2:
        return flip(flip(a, a0), a1)
    perm = list(range(nd))
    perm[a0], perm[a1] = a1, a0
    return _permuted(flip(a, a1), perm) if k == 1 else flip(_permuted(a, perm), a1)


def roll(a, shift, axis=None):
    a = _arr(a)
    if axis is None:
        total = int(np.sum(_ints(shift)))
        return _wrap(ivy.reshape(ivy.roll(_flat(a._data), shift=total, axis=0), a.shape))
    shifts, axes = np.broadcast_arrays(_ints(shift), _ints(axis))
    amount = {}
    for s, ax in zip(shifts.reshape(-1).tolist(), axes.reshape(-1).tolist()):
        ax = _axis(ax, a.ndim)
        amount[ax] = amount.get(ax, 0) + s
    if not amount:
        return _wrap(ivy.asarray(a._data, copy=True))
    return _wrap(ivy.roll(a._data, shift=tuple(amount.values()), axis=tuple(amount)))


# ---- delete / insert -------------------------------------------------------------------------

def _along(arr, axis):
    a = _arr(arr)
    if axis is None:
        return a, _flat(a._data), 0
    return a, a._data, _axis(axis, a.ndim)


def _take_positions(x, positions, axis):
    return _wrap(ivy.take(x, ivy.asarray(np.asarray(positions, dtype=np.int64)), axis=axis))


def delete(arr, obj, axis=None):
    a, x, axis = _along(arr, axis)
    n = x.shape[axis]
    keep = np.ones(n, dtype=bool)
    if isinstance(obj, slice):
        keep[obj] = False
    else:
        o = np.asarray(obj)
        if o.dtype == bool:
            if o.shape != (n,):
                raise ValueError(f"boolean array argument obj to delete must be one dimensional "
                                 f"and match the axis length of {n}")
            keep = ~o
        elif o.size:
            if o.dtype.kind not in "iu":
                raise IndexError("arrays used as indices must be of integer (or boolean) type")
            for i in o.reshape(-1).tolist():
                if not -n <= i < n:
                    raise IndexError(f"index {i} is out of bounds for axis {axis} with size {n}")
                keep[i] = False
    return _take_positions(x, np.flatnonzero(keep), axis)


def insert(arr, obj, values, axis=None):
    a, x, axis = _along(arr, axis)
    nd, n, name = len(x.shape), x.shape[axis], native_name(x)
    if isinstance(values, ndarray):
        v = _cast(values, name)
    else:
        v = ivy.asarray(np.asarray(values, dtype=T.NP[name]))
    o = np.arange(*obj.indices(n)) if isinstance(obj, slice) else np.asarray(obj)
    if o.ndim > 1:
        raise ValueError("index array argument obj to insert must be one dimensional or scalar")
    if o.ndim == 0 or o.size == 1:
        if o.dtype.kind not in "iub":
            raise TypeError("slice indices must be integers or None or have an __index__ method")
        index = int(o.reshape(()))
        if not -n <= index <= n:
            raise IndexError(f"index {obj} is out of bounds for axis {axis} with size {n}")
        index = index + n if index < 0 else index
        if len(v.shape) < nd:
            v = ivy.reshape(v, (1,) * (nd - len(v.shape)) + tuple(v.shape))
        if o.ndim == 0:
            v = ivy.moveaxis(v, 0, axis)
        count = v.shape[axis]
        positions = np.arange(index, index + count)
    else:
        o = o.astype(np.int64)
        bad = o[(o < -n) | (o > n)]
        if bad.size:
            raise IndexError(f"index {int(bad[0])} is out of bounds for axis {axis} with size {n}")
        o = np.where(o < 0, o + n, o)
        count = o.size
        positions = np.empty(count, dtype=np.int64)
        positions[np.argsort(o, kind="stable")] = np.sort(o, kind="stable") + np.arange(count)
    shape = tuple(x.shape[:axis]) + (count,) + tuple(x.shape[axis + 1:])
    try:
        v = ivy.broadcast_to(v, shape)
    except Exception:
        raise ValueError(f"shape mismatch: value array of shape {tuple(v.shape)} could not be "
                         f"broadcast to indexing result of shape {shape}") from None
    source = np.empty(n + count, dtype=np.int64)
    is_new = np.zeros(n + count, dtype=bool)
    is_new[positions] = True
    source[positions] = n + np.arange(count)
    source[~is_new] = np.arange(n)
    return _take_positions(ivy.concat([x, v], axis=axis), source, axis)


# ---- diagonal (read-only view) -------------------------------------------------------------------

def _read_only(parent, value):
    raise ValueError("assignment destination is read-only")


def diagonal(a, offset=0, axis1=0, axis2=1):
    a = _arr(a)
    if a.ndim < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    i, j = _axis(axis1, a.ndim, "axis1"), _axis(axis2, a.ndim, "axis2")
    if i == j:
        raise ValueError("axis1 and axis2 cannot be the same")
    offset = operator.index(offset)

    def read(parent):
        return ivy.diagonal(parent, offset=offset, axis1=i, axis2=j)
    return make_view(a, read(a._data), read, _read_only)


# ---- take / where / clip ---------------------------------------------------------------------

def take(a, indices, axis=None, out=None, mode="raise"):
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got {mode!r})")
    a = _arr(a)
    x, axis = _flat_or_axis(a, axis)
    idx = _cast(indices, "int64") if isinstance(indices, ndarray) else ivy.asarray(_ints(indices))
    ishape, n = tuple(idx.shape), x.shape[axis]
    size = int(np.prod(ishape))
    if size and n == 0:
        raise IndexError("cannot do a non-empty take from an empty axes.")
    if size:
        if mode == "raise":
            bad = ivy.logical_or(ivy.greater_equal(idx, n), ivy.less(idx, -n))
            if bool(ivy.to_numpy(ivy.any(bad))):
                host = ivy.to_numpy(idx)
                i = int(host[(host >= n) | (host < -n)].reshape(-1)[0])
                raise IndexError(f"index {i} is out of bounds for axis {axis} with size {n}")
            idx = ivy.remainder(idx, ivy.asarray(n, dtype="int64"))
        elif mode == "wrap":
            idx = ivy.remainder(idx, ivy.asarray(n, dtype="int64"))
        else:
            idx = ivy.clip(idx, 0, n - 1)
    res = ivy.take(x, _flat(idx), axis=axis)
    res = ivy.reshape(res, tuple(x.shape[:axis]) + ishape + tuple(x.shape[axis + 1:]))
    if out is not None:
        if not np.can_cast(out.dtype, a.dtype, "safe"):
            raise TypeError(f"Cannot cast array data from {out.dtype!r} to {a.dtype!r} according "
                            f"to the rule 'safe'")
        if out.shape != tuple(res.shape):
            raise ValueError("output array does not match result of ndarray.take")
        return _finish("take", res, out, True, "unsafe")
    return result(res)


def where(condition, x=None, y=None, /):
    if x is None and y is None:
        return nonzero(condition)
    if x is None or y is None:
        raise ValueError("either both or neither of x and y should be given")
    c = _arr(condition)
    name = T.result_name([_dtype_item(x), _dtype_item(y)])
    xn, yn = _operand(x, name), _operand(y, name)
    shape = _broadcast_shape("where", c.shape, tuple(xn.shape), tuple(yn.shape))
    cn = _cast(c, "bool")
    return _wrap(ivy.where(ivy.broadcast_to(cn, shape), ivy.broadcast_to(xn, shape),
                           ivy.broadcast_to(yn, shape)))


def _bound(v, name, upper):
    """A clip bound of dtype ``name``. A Python int beyond an integer dtype's range on the side
    that clips nothing is clamped to the range (NumPy 2); on the other side it overflows."""
    if type(v) is int and name in T.INTEGRAL:
        info = np.iinfo(name)
        lo, hi = int(info.min), int(info.max)
        if (v < lo) if upper else (v > hi):
            raise OverflowError(f"Python integer {v} out of bounds for {name}")
        v = builtins.min(builtins.max(v, lo), hi)
    return _operand(v, name)


def clip(a, a_min=_NV, a_max=_NV, out=None, *, min=_NV, max=_NV, **kwargs):  # noqa: A002
    if a_min is _NV and a_max is _NV:
        lo, hi = (None if min is _NV else min), (None if max is _NV else max)
    elif a_min is _NV or a_max is _NV:
        raise TypeError(f"clip() missing 1 required positional argument: "
                        f"'{'a_min' if a_min is _NV else 'a_max'}'")
    elif min is not _NV or max is not _NV:
        raise ValueError("Passing `min` or `max` keyword argument when `a_min` and `a_max` are "
                         "provided is forbidden.")
    else:
        lo, hi = a_min, a_max
    where_, casting, dtype = kwargs.pop("where", True), kwargs.pop("casting", "same_kind"), \
        kwargs.pop("dtype", None)
    if kwargs.pop("order", "K") != "K" or kwargs:
        raise NotImplementedError(f"clip: keyword(s) {sorted(kwargs) or ['order']} not "
                                  f"supported by ivy's numpy frontend")
    a = _arr(a)
    bounds = [b for b in (lo, hi) if b is not None]
    _broadcast_shape("clip", a.shape, *(np.shape(b) if not isinstance(b, ndarray) else b.shape
                                        for b in (lo, hi)))
    name = T.name_of(dtype, "clip") if dtype is not None else \
        T.result_name([a.dtype] + [_dtype_item(b) for b in bounds])
    res = _cast(a, name)
    if lo is not None:
        res = (ivy.logical_or if name == "bool" else ivy.maximum)(res, _bound(lo, name, False))
    if hi is not None:
        res = (ivy.logical_and if name == "bool" else ivy.minimum)(res, _bound(hi, name, True))
    if out is not None or where_ is not True:
        return _finish("clip", res, out, where_, casting)
    if not bounds:
        res = ivy.asarray(res, copy=True)
    return result(res)


def _clip_method(self, min=_NV, max=_NV, out=None, **kwargs):  # noqa: A002
    return clip(self, out=out, min=min, max=max, **kwargs)


# ---- pad ------------------------------------------------------------------------------------

_PAD_KEYWORDS = {"constant": {"constant_values"}, "empty": set(), "edge": set(), "wrap": set(),
                 "reflect": {"reflect_type"}, "symmetric": {"reflect_type"},
                 "linear_ramp": {"end_values"}, "maximum": {"stat_length"},
                 "minimum": {"stat_length"}, "mean": {"stat_length"}, "median": {"stat_length"}}


def _pad_pairs(pad_width, nd):
    if isinstance(pad_width, dict):
        pairs = [[0, 0] for _ in range(nd)]
        for ax, w in pad_width.items():
            pairs[_axis(ax, nd)] = list(np.broadcast_to(np.asarray(w), (2,)).tolist())
        return pairs
    w = np.asarray(pad_width)
    if w.dtype.kind not in "iu":
        raise TypeError("`pad_width` must be of integral type.")
    pairs = np.broadcast_to(w, (nd, 2)).tolist()
    if any(v < 0 for pair in pairs for v in pair):
        raise ValueError("index can't contain negative values")
    return pairs


def _block(x, axis, width):
    return tuple(x.shape[:axis]) + (width,) + tuple(x.shape[axis + 1:])


def _edge(x, axis, start):
    key = (slice(None),) * axis + (slice(start, start + 1),)
    return ivy.get_item(x, key)


def _ramp(x, axis, width, end, start, name):
    """NumPy's linear ramp of ``width`` from ``end`` toward the edge at ``start`` (float64,
    floored for integer dtypes), nearest-to-edge last."""
    edge = ivy.astype(_edge(x, axis, start), "float64")
    steps = ivy.reshape(ivy.arange(width, dtype="float64"),
                        (1,) * axis + (width,) + (1,) * (len(x.shape) - axis - 1))
    end = ivy.asarray(float(end), dtype="float64")
    ramp = ivy.add(ivy.multiply(steps, ivy.divide(ivy.subtract(edge, end), float(width))), end)
    if name in T.INTEGRAL:
        ramp = ivy.floor(ramp)
    return ivy.astype(ramp, name)


def _average(core):
    """A statistic pad value: NumPy's mean/median of the axis, rounded for integer dtypes."""
    def stat(x, axis, name):
        v = getattr(ivy, core)(x if name in T.INEXACT else ivy.astype(x, "float64"), axis=axis,
                               keepdims=True)
        return ivy.astype(ivy.round(v) if name not in T.INEXACT else v, name)
    return stat


_STATS = {"maximum": lambda x, axis, name: ivy.max(x, axis=axis, keepdims=True),
          "minimum": lambda x, axis, name: ivy.min(x, axis=axis, keepdims=True),
          "mean": _average("mean"), "median": _average("median")}


def _fill(v, name):
    """A constant value as NumPy's pad stores it: a Python int wraps into an unsigned dtype and
    overflows a signed one; anything else is cast."""
    if type(v) is int and name.startswith("uint"):
        return np.asarray(v).astype(T.NP[name])
    return np.asarray(v, dtype=T.NP[name])


def pad(array, pad_width, mode="constant", **kwargs):
    """``np.pad``: every mode but a callable; ``empty`` fills zeros; ``stat_length`` and
    ``reflect_type='odd'`` raise NotImplementedError."""
    a = _arr(array)
    if callable(mode):
        raise NotImplementedError("pad: a callable mode is not supported by ivy's numpy frontend")
    if mode not in _PAD_KEYWORDS:
        raise ValueError(f"mode {mode!r} is not supported")
    extra = set(kwargs) - _PAD_KEYWORDS[mode]
    if extra:
        raise ValueError(f"unsupported keyword arguments for mode '{mode}': {extra}")
    if kwargs.get("stat_length") is not None:
        raise NotImplementedError("pad: stat_length is not supported by ivy's numpy frontend")
    if kwargs.get("reflect_type", "even") != "even":
        raise NotImplementedError("pad: reflect_type='odd' is not supported by ivy's numpy "
                                  "frontend")
    nd, x, name = a.ndim, a._data, native_name(a._data)
    pairs = _pad_pairs(pad_width, nd)
    if mode in ("constant", "empty", "linear_ramp"):
        key = "end_values" if mode == "linear_ramp" else "constant_values"
        values = np.broadcast_to(np.asarray(kwargs.get(key, 0), dtype=object), (nd, 2)).tolist()
        for axis, ((before, after), (vb, va)) in enumerate(zip(pairs, values)):
            if not (before or after):
                continue
            if mode == "linear_ramp":
                n = x.shape[axis]
                if n == 0:
                    raise ValueError(f"can't extend empty axis {axis} using modes other than "
                                     f"'constant' or 'empty'")
                parts = [_ramp(x, axis, before, vb, 0, name)] if before else []
                parts.append(x)
                if after:
                    parts.append(ivy.flip(_ramp(x, axis, after, va, n - 1, name), axis=axis))
            else:
                parts = [ivy.broadcast_to(ivy.asarray(_fill(v, name)), _block(x, axis, w))
                         for v, w in ((vb, before), (va, after))]
                parts.insert(1, x)
            x = ivy.concat(parts, axis=axis)
        return _wrap(x if x is not a._data else ivy.asarray(x, copy=True))
    if mode in _STATS:
        for axis, (before, after) in enumerate(pairs):
            if before or after:
                if x.shape[axis] == 0:
                    raise ValueError(f"can't extend empty axis {axis} using modes other than "
                                     f"'constant' or 'empty'")
                stat = _STATS[mode](x, axis, name)
                x = ivy.concat([ivy.broadcast_to(stat, _block(x, axis, before)), x,
                                ivy.broadcast_to(stat, _block(x, axis, after))], axis=axis)
        return _wrap(x if x is not a._data else ivy.asarray(x, copy=True))
    for axis, (before, after) in enumerate(pairs):
        if (before or after) and x.shape[axis] == 0:
            raise ValueError(f"can't extend empty axis {axis} using modes other than 'constant' "
                             f"or 'empty'")
    if not nd or not any(v for pair in pairs for v in pair):
        return _wrap(ivy.asarray(x, copy=True))
    return _wrap(ivy.pad(x, [tuple(p) for p in pairs], mode=mode))


# ---- nonzero and friends ---------------------------------------------------------------------

def nonzero(a):
    a = _arr(a)
    if a.ndim == 0:
        raise ValueError("Calling nonzero on 0d arrays is not allowed. Use "
                         "np.atleast_1d(scalar).nonzero() instead. If the context of this error "
                         "is of the form `arr[nonzero(cond)]`, just use `arr[cond]`.")
    return tuple(_wrap(i if native_name(i) == "int64" else ivy.astype(i, "int64"))
                 for i in ivy.nonzero(a._data))


def argwhere(a):
    a = _arr(a)
    if a.ndim == 0:
        k = int(ivy.to_numpy(ivy.count_nonzero(a._data)))
        return _wrap(ivy.zeros((k, 0), dtype="int64"))
    return _wrap(ivy.stack([i._data for i in nonzero(a)], axis=1))


def flatnonzero(a):
    return nonzero(_wrap(_flat(_arr(a)._data)))[0]


def count_nonzero(a, axis=None, *, keepdims=False):
    a = _arr(a)
    x = a._data
    if axis is not None:
        axis = _axis_tuple(axis, a.ndim)
        if not axis:
            return result(ivy.astype(_cast(a, "bool"), "int64"))
    res = ivy.count_nonzero(x, axis=axis, keepdims=bool(keepdims))
    return result(res if native_name(res) == "int64" else ivy.astype(res, "int64"))


def _nonzero_method(self):
    return nonzero(self)


FUNCTIONS = {
    "concatenate": concatenate, "concat": concatenate, "stack": stack, "hstack": hstack,
    "vstack": vstack, "dstack": dstack, "column_stack": column_stack, "append": append,
    "split": split, "array_split": array_split, "hsplit": hsplit, "vsplit": vsplit,
    "dsplit": dsplit, "expand_dims": expand_dims, "squeeze": squeeze, "swapaxes": swapaxes,
    "moveaxis": moveaxis, "atleast_1d": atleast_1d, "atleast_2d": atleast_2d,
    "atleast_3d": atleast_3d, "broadcast_to": broadcast_to, "broadcast_arrays": broadcast_arrays,
    "tile": tile, "repeat": repeat, "flip": flip, "fliplr": fliplr, "flipud": flipud,
    "rot90": rot90, "roll": roll, "delete": delete, "insert": insert, "diagonal": diagonal,
    "take": take, "where": where, "clip": clip, "nonzero": nonzero, "argwhere": argwhere,
    "flatnonzero": flatnonzero, "count_nonzero": count_nonzero, "pad": pad,
}
METHODS = {"squeeze": squeeze, "swapaxes": swapaxes, "repeat": repeat, "take": take,
           "diagonal": diagonal, "clip": _clip_method, "nonzero": _nonzero_method}


# ---- indexing: take/put along an axis, select, choose, in-place writes --------------------------
# In-place functions compute the array's new value on the backend, then write it with
# ``assign_native`` (in place on numpy/torch, through the view chain on jax/tensorflow).

def _need_array(a, message, error=TypeError):
    if not isinstance(a, ndarray):
        raise error(message.format(type(a).__name__))
    return a


def _along_key(a, indices, axis):
    """(native, axis, index): the array (flattened for ``axis=None``), the checked axis and the
    indices (int64, negatives resolved, bounds checked) of take/put_along_axis."""
    if native_name(indices._data) not in T.INTEGRAL:
        raise IndexError("`indices` must be an integer array")
    if axis is None:
        if indices.ndim != 1:
            raise ValueError("when axis=None, `indices` must have a single dimension.")
        x, axis = _flat(a._data), 0
    else:
        x, axis = a._data, _axis(axis, a.ndim)
    if indices.ndim != len(x.shape):
        raise ValueError("`indices` and `arr` must have the same number of dimensions")
    for d, (n, m) in enumerate(zip(x.shape, indices.shape)):
        if d != axis and n != m and 1 not in (n, m):
            raise IndexError(f"shape mismatch: indexing arrays could not be broadcast together "
                             f"with shapes {tuple(indices.shape)} {tuple(x.shape)}")
    n = x.shape[axis]
    idx = _cast(indices, "int64")
    if builtins.min(idx.shape, default=1):
        bad = ivy.logical_or(ivy.greater_equal(idx, n), ivy.less(idx, -n))
        if bool(ivy.to_numpy(ivy.any(bad))):
            host = ivy.to_numpy(idx)
            i = int(host[(host >= n) | (host < -n)].reshape(-1)[0])
            raise IndexError(f"index {i} is out of bounds for axis {axis} with size {n}")
        idx = ivy.where(ivy.less(idx, 0), ivy.add(idx, n), idx)
    return x, axis, idx


def take_along_axis(arr, indices, axis=-1):
    a = _arr(arr)
    _need_array(indices, "'{}' object has no attribute 'dtype'", AttributeError)
    x, axis, idx = _along_key(a, indices, axis)
    shape = [builtins.max(n, m) for n, m in zip(x.shape, idx.shape)]
    shape[axis] = x.shape[axis]
    x = ivy.broadcast_to(x, tuple(shape))
    shape[axis] = idx.shape[axis]
    return _wrap(ivy.take_along_axis(x, ivy.broadcast_to(idx, tuple(shape)), axis=axis))


def put_along_axis(arr, indices, values, axis):
    a = _need_array(arr, "'{}' object has no attribute 'ndim'", AttributeError)
    _need_array(indices, "'{}' object has no attribute 'dtype'", AttributeError)
    x, axis, idx = _along_key(a, indices, axis)
    nd = len(x.shape)
    key = tuple(idx if d == axis else ivy.reshape(ivy.arange(n, dtype="int64"),
                                                 (1,) * d + (n,) + (1,) * (nd - d - 1))
                for d, n in enumerate(x.shape))
    shape = np.broadcast_shapes(*[tuple(k.shape) for k in key])
    v = _values(values, a)
    if np.broadcast_shapes(tuple(v.shape), shape) != shape:
        raise ValueError(f"shape mismatch: value array of shape {tuple(v.shape)} could not be "
                         f"broadcast to indexing result of shape {shape}")
    _assign(a, ivy.index_update(x, key, ivy.broadcast_to(v, shape)))


def _values(values, a, safe=False):
    """Values to write into ``a``: cast as NumPy's setitem casts (a Python int that the dtype
    cannot hold is an OverflowError); ``safe``: an array of values must cast safely (place,
    putmask)."""
    if isinstance(values, ndarray):
        if safe and not np.can_cast(values.dtype, a.dtype, "safe"):
            raise TypeError(f"Cannot cast array data from {values.dtype!r} to {a.dtype!r} "
                            f"according to the rule 'safe'")
        return _cast(values, native_name(a._data))
    return asarray(values, a.dtype)._data


def _assign(a, native):
    """``a``'s new value (any shape with a's size) written in place."""
    if tuple(native.shape) != a.shape:
        native = ivy.reshape(native, a.shape)
    assign_native(a, native)


def _cycled(v, k):
    """The first ``k`` values of ``v`` (flattened) repeated as often as needed."""
    v = _flat(v)
    n = v.shape[0]
    if n == k:
        return v
    return ivy.take(v, ivy.remainder(ivy.arange(k, dtype="int64"), n), axis=0)


def _mask_of(mask, a, fn):
    m = _flat(_cast(_arr(mask), "bool"))
    if m.shape[0] != a.size:
        raise ValueError(f"{fn}: mask and data must be the same size")
    return m


def place(arr, mask, vals):
    a = _need_array(arr, "place() argument 1 must be numpy.ndarray, not {}")
    m = _mask_of(mask, a, "place")
    v = _flat(_values(vals, a, True))
    counts = ivy.cumulative_sum(ivy.astype(m, "int64"))     # the k-th True takes vals[k % n]
    if not a.size or not int(ivy.to_numpy(counts[-1])):
        return
    n = v.shape[0]
    if not n:
        raise ValueError("Cannot insert from an empty array!")
    fill = ivy.take(v, ivy.remainder(ivy.subtract(counts, 1), n), axis=0)
    _assign(a, ivy.where(m, fill, _flat(a._data)))


def putmask(a, /, mask, values):
    a = _need_array(a, "putmask: first argument must be an array")
    m = _mask_of(mask, a, "putmask")
    v = _flat(_values(values, a, True))
    if not v.shape[0] or not a.size:
        return
    _assign(a, ivy.where(m, _cycled(v, a.size), _flat(a._data)))


def extract(condition, arr):
    cond = _flat(_arr(condition)._data)
    return take(_wrap(_flat(_arr(arr)._data)), _wrap(ivy.nonzero(cond)[0]))


_CASTINGS = ("no", "equiv", "safe", "same_kind", "unsafe")


def copyto(dst, src, casting="same_kind", where=True):
    d = _need_array(dst, "copyto() argument 1 must be a numpy.ndarray, not {}")
    if casting not in _CASTINGS:
        raise ValueError(f"casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe' "
                         f"(got {casting!r})")
    name, target = native_name(d._data), d.dtype
    if type(src) in _PY:        # weak: takes dst's dtype where its kind allows (NEP 50)
        frm = np.dtype(bool) if type(src) is bool else np.result_type(target, src)
        zero_d = True
    else:
        s = _arr(src)
        frm, zero_d = s.dtype, s.ndim == 0
    if frm != target and not np.can_cast(frm, target, casting):
        what = "scalar" if zero_d else "array data"
        raise TypeError(f"Cannot cast {what} from {frm!r} to {target!r} according to the rule "
                        f"'{casting}'")
    if type(src) is int and frm == target and name in T.INTEGRAL:
        T.check_python_int(src, name)
    v = _operand(src, name)
    vs, shape = tuple(v.shape), d.shape
    inner = vs
    while len(inner) > len(shape) and inner[0] == 1:      # leading ones broadcast away
        inner = inner[1:]
    if len(inner) > len(shape) or any(m not in (1, n) for m, n in zip(inner[::-1], shape[::-1])):
        raise ValueError(f"could not broadcast input array from shape {vs} into shape {shape}")
    _finish("copyto", ivy.reshape(v, inner) if inner != vs else v, d, where, "unsafe")


def fill_diagonal(a, val, wrap=False):
    a = _need_array(a, "'{}' object has no attribute 'ndim'", AttributeError)
    shape = a.shape
    if a.ndim < 2:
        raise ValueError("array must be at least 2-d")
    if a.ndim == 2:
        step, end = shape[1] + 1, None if wrap else shape[1] * shape[1]
    else:
        if len(set(shape)) != 1:
            raise ValueError("All dimensions of input must be of equal length")
        step, end = 1 + int(np.cumprod(shape[:-1]).sum()), None
    positions = np.arange(a.size)[:end:step]
    v = _flat(_values(val, a))
    if not v.shape[0] or not positions.size:
        return
    _assign(a, ivy.index_update(_flat(a._data), ivy.asarray(positions),
                                _cycled(v, positions.size)))


def select(condlist, choicelist, default=0):
    if len(condlist) != len(choicelist):
        raise ValueError("list of cases must be same length as list of conditions")
    if not len(condlist):
        raise ValueError("select with an empty condition list is not possible")
    conds = [_arr(c) for c in condlist]
    for i, c in enumerate(conds):
        if native_name(c._data) != "bool":
            raise TypeError(f"invalid entry {i} in condlist: should be boolean ndarray")
    choices = list(choicelist) + [default]
    name = T.result_name([_dtype_item(c) for c in choices])
    values = [_operand(c, name) for c in choices]
    shape = np.broadcast_shapes(*[c.shape for c in conds], *[tuple(v.shape) for v in values])
    res = ivy.broadcast_to(values[-1], shape)
    for c, v in zip(conds[::-1], values[-2::-1]):
        res = ivy.where(ivy.broadcast_to(c._data, shape), ivy.broadcast_to(v, shape), res)
    return _wrap(ivy.asarray(res, copy=True) if res is values[-1] else res)


def piecewise(x, condlist, funclist, *args, **kw):
    x = _arr(x)
    if np.isscalar(condlist) or (x.ndim and not isinstance(condlist[0], (list, ndarray))):
        condlist = [condlist]
    conds = [_cast(_arr(c), "bool") for c in condlist]
    n, funcs = len(conds), list(funclist)
    if n + 1 == len(funcs):
        otherwise = ivy.logical_not(ivy.any(ivy.stack(conds), axis=0)) if n else \
            ivy.ones(x.shape, dtype="bool")
        conds.append(otherwise)
    elif n != len(funcs):
        raise ValueError(f"with {n} condition(s), either {n} or {n + 1} functions are expected")
    out = _wrap(ivy.zeros(x.shape, dtype=native_name(x._data)))
    for c, f in zip(conds, funcs):
        mask = _wrap(ivy.broadcast_to(c, x.shape) if x.ndim else c)
        if not callable(f):
            out[mask] = f
        elif bool(ivy.to_numpy(ivy.any(c))):
            out[mask] = f(x[mask], *args, **kw)
    return out


def choose(a, choices, out=None, mode="raise"):
    if mode not in ("raise", "wrap", "clip"):
        raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got {mode!r})")
    idx = _arr(a)
    if not np.can_cast(idx.dtype, np.int64, "safe"):
        raise TypeError(f"Cannot cast array data from {idx.dtype!r} to dtype('int64') according "
                        f"to the rule 'safe'")
    choices = list(choices)
    n = len(choices)
    if not n:
        raise ValueError("0-length sequence.")
    name = T.result_name([_dtype_item(c) for c in choices])
    values = [_operand(c, name) for c in choices]
    shape = np.broadcast_shapes(idx.shape, *[tuple(v.shape) for v in values])
    i = ivy.broadcast_to(_cast(idx, "int64"), shape)
    if mode == "raise":
        if bool(ivy.to_numpy(ivy.any(ivy.logical_or(ivy.less(i, 0), ivy.greater_equal(i, n))))):
            raise ValueError("invalid entry in choice array")
    elif mode == "wrap":
        i = ivy.remainder(i, n)
    else:
        i = ivy.clip(i, 0, n - 1)
    stacked = ivy.stack([ivy.broadcast_to(v, shape) for v in values])
    res = ivy.take_along_axis(stacked, ivy.expand_dims(i, axis=0), axis=0)
    res = ivy.reshape(res, shape)
    if out is None:
        return result(res)
    if not isinstance(out, ndarray):
        raise TypeError("output must be an array")
    if out.shape != shape:
        raise TypeError("choose: invalid shape for output array.")
    return _finish("choose", res, out, True, "unsafe")


def _choose_method(self, choices, out=None, mode="raise"):
    return choose(self, choices, out, mode)


# ---- apply / block / broadcast / resize / axes -------------------------------------------------

def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    a = _arr(arr)
    axis = _axis(axis, a.ndim)
    rest = a.shape[:axis] + a.shape[axis + 1:]
    if 0 in rest:
        raise ValueError("Cannot apply_along_axis when any iteration dimensions are 0")
    outs = []
    for pos in np.ndindex(rest):
        outs.append(asarray(func1d(get(a, pos[:axis] + (slice(None),) + pos[axis:]), *args,
                                   **kwargs)))
    name = native_name(outs[0]._data)
    res = ivy.stack([_cast(o, name) for o in outs])
    inner = tuple(outs[0].shape)
    res = ivy.reshape(res, rest + inner)
    if inner:       # the function's axes go where ``axis`` was
        k = len(inner)
        perm = tuple(range(axis)) + tuple(range(len(rest), len(rest) + k)) + \
            tuple(range(axis, len(rest)))
        res = ivy.permute_dims(res, perm)
    return _wrap(res)


def apply_over_axes(func, a, axes):
    val = _arr(a)
    nd = val.ndim
    for ax in np.atleast_1d(np.asarray(axes)).tolist():
        ax = ax + nd if ax < 0 else ax
        res = _arr(func(val, ax))
        if res.ndim != val.ndim:
            res = expand_dims(res, ax)
            if res.ndim != val.ndim:
                raise ValueError("function is not returning an array of the correct shape")
        val = res
    return val


def _block_depth(item, where):
    """(list depth, max leaf ndim) of a block; NumPy's errors for tuples and mixed depths."""
    if type(item) is tuple:
        raise TypeError(f"{where} is a tuple. Only lists can be used to arrange blocks, and "
                        f"np.block does not allow implicit conversion from tuple to ndarray.")
    if type(item) is not list:
        return 0, _arr(item).ndim
    if not item:
        raise ValueError(f"List at {where} cannot be empty")
    depths = [_block_depth(x, f"{where}[{i}]") for i, x in enumerate(item)]
    first = depths[0][0]
    for i, (d, _) in enumerate(depths):
        if d != first:
            raise ValueError(f"List depths are mismatched. First element was at depth {first + 1}, "
                             f"but there is an element at depth {d + 1} ({where}[{i}])")
    return first + 1, builtins.max(nd for _, nd in depths)


def block(arrays):
    depth, leaf_nd = _block_depth(arrays, "arrays")
    nd = builtins.max(depth, leaf_nd)

    def build(item, level):
        if level == depth:
            x = _arr(item)
            return x if x.ndim == nd else reshape_view(x, (1,) * (nd - x.ndim) + x.shape)
        parts = [build(x, level + 1) for x in item]
        return concatenate(parts, axis=level - depth)
    out = build(arrays, 0)
    return out if depth else _wrap(ivy.asarray(out._data, copy=True))


broadcast_shapes = np.broadcast_shapes      # shapes only (NumPy's own rules and messages)


class broadcast:
    """``np.broadcast``: the broadcast shape of its operands; iteration yields tuples of NumPy
    scalars (read from host copies of the broadcast operands)."""
    __module__ = "numpy"

    def __init__(self, *arrays):
        ops = []
        for x in arrays:
            ops.extend(x._operands if isinstance(x, broadcast) else (_arr(x),))
        if len(ops) > 64:
            raise ValueError("Need at most 64 array objects.")
        self._operands = ops
        self.shape = np.broadcast_shapes(*[x.shape for x in ops])
        self.index = 0

    nd = ndim = property(lambda self: len(self.shape))
    numiter = property(lambda self: len(self._operands))
    size = property(lambda self: int(np.prod(self.shape)))

    @property
    def iters(self):
        from ._methods import flatiter
        return tuple(flatiter(broadcast_to(x, self.shape)) for x in self._operands)

    def reset(self):
        self.index = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.index >= self.size:
            raise StopIteration
        if self.index == 0 or not hasattr(self, "_host"):
            self._host = [np.broadcast_to(x.__array__(), self.shape).reshape(-1)
                          for x in self._operands]
        i = self.index
        self.index += 1
        return tuple(h[i] for h in self._host)


def resize(a, new_shape):
    a = _arr(a)
    shape = (int(new_shape),) if isinstance(new_shape, (int, np.integer)) else \
        tuple(int(s) for s in new_shape)
    if any(s < 0 for s in shape):
        raise ValueError("all elements of `new_shape` must be non-negative")
    n = int(np.prod(shape))
    if not n or not a.size:
        return _wrap(ivy.zeros(shape, dtype=native_name(a._data)))
    return _wrap(ivy.reshape(_cycled(a._data, n), shape))


def rollaxis(a, axis, start=0):
    a = _arr(a)
    nd = a.ndim
    axis = _axis(axis, nd)
    start = operator.index(start)
    if not -nd <= start < nd + 1:
        raise AxisError(f"'start' arg requires {-nd} <= start < {nd + 1}, but {start} was "
                        f"passed in")
    start = start + nd if start < 0 else start
    start -= axis < start
    if axis == start:
        return get(a, Ellipsis)
    order = [i for i in range(nd) if i != axis]
    order.insert(start, axis)
    return _permuted(a, order)


def permute_dims(a, axes=None):
    from ._methods import transpose
    return transpose(a, axes)


def matrix_transpose(x, /):
    a = _arr(x)
    if a.ndim < 2:
        raise ValueError(f"Input array must be at least 2-dimensional, but it is {a.ndim}")
    return swapaxes(a, -1, -2)


def unstack(x, /, *, axis=0):
    a = _arr(x)
    if a.ndim == 0:
        raise ValueError("Input array must be at least 1-d.")
    axis = _axis(axis, a.ndim, "source")
    lead = (slice(None),) * axis
    return tuple(get(a, lead + (i,)) for i in range(a.shape[axis]))


FUNCTIONS.update({
    "take_along_axis": take_along_axis, "put_along_axis": put_along_axis, "place": place,
    "putmask": putmask, "extract": extract, "copyto": copyto, "fill_diagonal": fill_diagonal,
    "select": select, "piecewise": piecewise, "choose": choose,
    "apply_along_axis": apply_along_axis, "apply_over_axes": apply_over_axes, "block": block,
    "broadcast_shapes": broadcast_shapes, "broadcast": broadcast, "resize": resize,
    "rollaxis": rollaxis, "permute_dims": permute_dims, "matrix_transpose": matrix_transpose,
    "unstack": unstack,
})
METHODS["choose"] = _choose_method
