"""Shape manipulation: reshape/transpose/concatenate/stack/split/tile/repeat/pad/... and the
``jax.Array`` methods and properties built on them.

Shape-only functions keep the input's weak type; functions joining several inputs
(``concatenate``, ``stack``, ``append``, ``insert``) promote them on JAX's lattice.
"""
from __future__ import annotations

import operator

import numpy as np

import ivy

from .. import _dtypes as J
from ivy.core import dtypes as D

from .._array import Array, _wrap, asarray, cast_to, promote
from .._dtypes import native_name
from ivy.frontends.jax._late import late as _late

_PY = (bool, int, float, complex)
_INTEGRAL = frozenset(("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                       "bool"))


# ---- shared argument helpers -------------------------------------------------------------------

def _arr(x, fn, position=0) -> Array:
    """An ArrayLike argument as a frontend array (lists refused, as JAX does)."""
    if type(x) is Array:
        return x
    if isinstance(x, (list, tuple)):
        raise TypeError(f"{fn} requires ndarray or scalar arguments, got {type(x)} at position "
                        f"{position}.")
    return asarray(x)


def _like(a: Array, native) -> Array:
    """A result with ``a``'s weak type (shape functions keep it)."""
    return _wrap(native, a.weak_type)


def _axis(axis, ndim, exc=ValueError) -> int:
    try:
        axis = operator.index(axis)
    except TypeError:
        raise TypeError(f"axis must be an integer, got {axis!r}") from None
    if not -ndim <= axis < ndim:
        raise exc(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis % ndim if ndim else 0


def _axes(axis, ndim) -> tuple:
    if isinstance(axis, (list, tuple)):
        return tuple(_axis(a, ndim) for a in axis)
    return (_axis(axis, ndim),)


def _shape(shape, fn="reshape") -> tuple:
    """A shape argument (int, sequence of ints, or integer arrays) as a tuple of ints."""
    try:
        if isinstance(shape, (list, tuple)):
            return tuple(operator.index(d) for d in shape)
        return (operator.index(shape),)
    except TypeError:
        raise TypeError(f"Shapes must be 1D sequences of concrete values of integer type, got "
                        f"{shape!r}.") from None


def _no(value, name, fn):
    if value is not None:
        raise NotImplementedError(f"jnp.{fn}: {name}={value!r} is not supported")


def _move(x, src, dst):
    return x if src == dst else ivy.moveaxis(x, src, dst)


# ---- reshaping ---------------------------------------------------------------------------------

def _reshape(a: Array, shape, order, fn):
    shape = _shape(shape, fn)
    size = a.size
    unknown = [i for i, d in enumerate(shape) if d == -1]
    if len(unknown) > 1:
        raise TypeError(f"can only specify one unknown axis size with a `-1` value, got {shape}")
    known = 1
    for d in shape:
        if d != -1:
            if d < 0:
                raise TypeError(f"reshape new sizes must be nonnegative, got {shape}")
            known *= d
    if unknown:
        if known == 0 or size % known:
            raise TypeError(f"cannot reshape array of shape {a.shape} (size {size}) into shape "
                            f"{shape} because the product of specified axis sizes ({known}) "
                            f"does not evenly divide {size}")
        shape = tuple(size // known if d == -1 else d for d in shape)
    elif known != size:
        raise TypeError(f"cannot reshape array of shape {a.shape} (size {size}) into shape "
                        f"{shape} (size {known})")
    if order == "C":
        return _like(a, ivy.reshape(a._data, shape))
    if order == "F":
        x = ivy.permute_dims(a._data, tuple(range(a.ndim))[::-1])
        x = ivy.reshape(x, shape[::-1])
        return _like(a, ivy.permute_dims(x, tuple(range(len(shape)))[::-1]))
    if order == "A":
        raise NotImplementedError("np.reshape order=A is not implemented.")
    raise ValueError(f"Unexpected value for 'order' argument: {order}.")


def reshape(a, shape, order="C", *, copy=None, out_sharding=None):
    """Implements ``jnp.reshape`` (``copy`` has no effect: arrays are immutable)."""
    _no(out_sharding, "out_sharding", "reshape")
    return _reshape(_arr(a, "reshape"), shape, order, "reshape")


def _method_reshape(self, *args, order="C", out_sharding=None):
    _no(out_sharding, "out_sharding", "reshape")
    shape = args[0] if len(args) == 1 else args
    return _reshape(self, shape, order, "reshape")


def ravel(a, order="C", *, out_sharding=None):
    _no(out_sharding, "out_sharding", "ravel")
    if order == "K":
        raise NotImplementedError("Ravel not implemented for order='K'.")
    return _reshape(_arr(a, "ravel"), (-1,), order, "ravel")


def _flatten(self, order="C", *, out_sharding=None):
    return ravel(self, order, out_sharding=out_sharding)


def _permutation(axes, ndim):
    perm = tuple(_axis(ax, ndim) for ax in axes)
    if len(perm) != ndim or sorted(perm) != list(range(ndim)):
        raise TypeError(f"transpose permutation isn't a permutation of operand dimensions, got "
                        f"permutation {tuple(axes)} for operand shape of rank {ndim}.")
    return perm


def transpose(a, axes=None):
    a = _arr(a, "transpose")
    perm = tuple(range(a.ndim))[::-1] if axes is None else _permutation(axes, a.ndim)
    return _like(a, ivy.permute_dims(a._data, perm))


def _method_transpose(self, *args):
    if not args or (len(args) == 1 and args[0] is None):
        return transpose(self)
    return transpose(self, args[0] if len(args) == 1 and not isinstance(args[0], int) else args)


def permute_dims(a, /, axes):
    return transpose(a, axes)


def matrix_transpose(x, /):
    x = _arr(x, "matrix_transpose")
    if x.ndim < 2:
        raise ValueError(f"x must be at least two-dimensional for matrix_transpose; got "
                         f"ndim={x.ndim}")
    return swapaxes(x, -1, -2)


def swapaxes(a, axis1, axis2):
    a = _arr(a, "swapaxes")
    n = a.ndim
    i, j = _axis(axis1, n, IndexError), _axis(axis2, n, IndexError)
    perm = list(range(n))
    perm[i], perm[j] = j, i
    return _like(a, ivy.permute_dims(a._data, tuple(perm)))


def moveaxis(a, source, destination):
    a = _arr(a, "moveaxis")
    src, dst = _axes(source, a.ndim), _axes(destination, a.ndim)
    if len(src) != len(dst):
        raise ValueError(f"Inconsistent number of elements: {len(src)} vs {len(dst)}")
    rest = [i for i in range(a.ndim) if i not in src]
    perm = [None] * a.ndim
    for s, d in zip(src, dst):
        perm[d] = s
    it = iter(rest)
    perm = tuple(p if p is not None else next(it) for p in perm)
    return _like(a, ivy.permute_dims(a._data, perm))


def rollaxis(a, axis, start=0):
    a = _arr(a, "rollaxis")
    n = a.ndim
    axis = _axis(axis, n)
    if not -n <= start <= n:
        raise ValueError(f"start={start} must satisfy {-n}<=start<={n}")
    start = start + n if start < 0 else start
    if axis < start:
        start -= 1
    return moveaxis(a, axis, start)


def squeeze(a, axis=None):
    a = _arr(a, "squeeze")
    shape = a.shape
    if axis is None:
        axes = tuple(i for i, d in enumerate(shape) if d == 1)
    else:
        axes = _axes(axis, a.ndim)
        if any(shape[i] != 1 for i in axes):
            raise ValueError(f"cannot select an axis to squeeze out which has size not equal to "
                             f"one, got shape={shape} and dimensions={axes}")
    new = tuple(d for i, d in enumerate(shape) if i not in axes)
    return _like(a, ivy.reshape(a._data, new)) if axes else a


def expand_dims(a, axis):
    a = _arr(a, "expand_dims")
    axis = axis if isinstance(axis, (list, tuple)) else (axis,)
    n = a.ndim + len(axis)
    axes = tuple(_axis(ax, n) for ax in axis)
    if len(set(axes)) != len(axes):
        raise ValueError(f"repeated axis in lax.expand_dims: {tuple(axis)}")
    it = iter(a.shape)
    new = tuple(1 if i in axes else next(it) for i in range(n))
    return _like(a, ivy.reshape(a._data, new))


# ---- joining -------------------------------------------------------------------------------------

def _sequence(arrays, fn):
    """The operands of a joining function: a sequence, or an array (split along axis 0)."""
    if isinstance(arrays, Array) or ivy.is_native_array(arrays) or isinstance(arrays, np.ndarray):
        a = asarray(arrays)
        if a.ndim == 0:
            raise TypeError(f"{fn}: a 0-d array is not a sequence of arrays")
        return [_like(a, ivy.get_item(a._data, i)) for i in range(a.shape[0])]
    if type(arrays) in _PY:
        raise TypeError(f"{fn}: expected a sequence of arrays, got {type(arrays).__name__}")
    return [a if type(a) is Array else asarray(a) for a in arrays]


def _joined(arrays, dtype, fn):
    """(natives, weak) of the operands promoted together (or cast to ``dtype``)."""
    natives, name, weak = promote(fn, *arrays)
    if dtype is not None:
        name = J.name_of(dtype, fn)
        natives = [ivy.astype(x, name) if native_name(x) != name else x for x in natives]
        weak = False
    return [ivy.asarray(x, dtype=name) if not ivy.is_native_array(x) else x
            for x in natives], weak


def _concat(arrays, axis, dtype, fn):
    arrays = _sequence(arrays, fn)
    if not arrays:
        raise ValueError("Need at least one array to concatenate.")
    if axis is None:
        arrays = [ravel(a) for a in arrays]
        axis = 0
    if arrays[0].ndim == 0:
        raise ValueError("Zero-dimensional arrays cannot be concatenated.")
    ndim = arrays[0].ndim
    axis = _axis(axis, ndim)
    shapes = [a.shape for a in arrays]
    if any(len(s) != ndim for s in shapes):
        raise TypeError(f"Cannot concatenate arrays with different numbers of dimensions: got "
                        f"{', '.join(map(str, shapes))}.")
    if any(s[:axis] + s[axis + 1:] != shapes[0][:axis] + shapes[0][axis + 1:] for s in shapes):
        raise TypeError(f"Cannot concatenate arrays with shapes that differ in dimensions other "
                        f"than the one being concatenated: concatenating along dimension {axis} "
                        f"for shapes {', '.join(map(str, shapes))}.")
    natives, weak = _joined(arrays, dtype, fn)
    return _wrap(natives[0] if len(natives) == 1 else ivy.concat(natives, axis=axis), weak)


def concatenate(arrays, axis=0, dtype=None):
    return _concat(arrays, axis, dtype, "concatenate")


def concat(arrays, /, *, axis=0):
    return _concat(arrays, axis, None, "concat")


def stack(arrays, axis=0, out=None, dtype=None):
    if out is not None:
        raise NotImplementedError("The 'out' argument to jnp.stack is not supported.")
    arrays = _sequence(arrays, "stack")
    if not arrays:
        raise ValueError("Need at least one array to stack.")
    shapes = [a.shape for a in arrays]
    if any(s != shapes[0] for s in shapes):
        raise ValueError(f"All input arrays must have the same shape. Got "
                         f"{', '.join(map(str, shapes))}.")
    axis = _axis(axis, len(shapes[0]) + 1)
    natives, weak = _joined(arrays, dtype, "stack")
    return _wrap(ivy.stack(natives, axis=axis), weak)


def _at_least(a, n):
    shape = a.shape
    if len(shape) >= n:
        return a
    if n == 3:
        new = {0: (1, 1, 1), 1: (1,) + shape + (1,), 2: shape + (1,)}[len(shape)]
    else:
        new = (1,) * (n - len(shape)) + shape
    return _like(a, ivy.reshape(a._data, new))


def _atleast(n, fn):
    def f(*arys):
        out = [_at_least(_arr(a, fn, i), n) for i, a in enumerate(arys)]
        return out[0] if len(out) == 1 else out
    f.__name__ = f.__qualname__ = fn
    f.__doc__ = f"Implements ``jnp.{fn}``."
    return f


atleast_1d, atleast_2d, atleast_3d = (_atleast(n, f"atleast_{n}d") for n in (1, 2, 3))


def vstack(tup, dtype=None):
    return _concat([atleast_2d(a) for a in _sequence(tup, "vstack")], 0, dtype, "vstack")


def hstack(tup, dtype=None):
    arrs = [atleast_1d(a) for a in _sequence(tup, "hstack")]
    return _concat(arrs, 0 if arrs and arrs[0].ndim == 1 else 1, dtype, "hstack")


def dstack(tup, dtype=None):
    return _concat([atleast_3d(a) for a in _sequence(tup, "dstack")], 2, dtype, "dstack")


def column_stack(tup):
    arrs = [a if a.ndim >= 2 else _like(a, ivy.reshape(a._data, (-1, 1)))
            for a in _sequence(tup, "column_stack")]
    return _concat(arrs, 1, None, "column_stack")


def append(arr, values, axis=None):
    arr, values = _arr(arr, "append"), _arr(values, "append", 1)
    if axis is None:
        return _concat([ravel(arr), ravel(values)], 0, None, "append")
    return _concat([arr, values], axis, None, "append")


# ---- splitting -----------------------------------------------------------------------------------

def _split(ary, indices_or_sections, axis, exact, fn):
    a = _arr(ary, fn)
    axis = _axis(axis, a.ndim)
    n = a.shape[axis]
    ios = indices_or_sections
    if isinstance(ios, Array):
        ios = ios.tolist()
    elif isinstance(ios, np.ndarray):
        ios = ios.tolist()
    if isinstance(ios, (list, tuple)):
        cuts = [0] + [int(i) for i in ios] + [n]     # JAX does not wrap negative indices
        sizes = [b - c for c, b in zip(cuts, cuts[1:])]
        if any(s < 0 for s in sizes):
            raise ValueError(f"Sizes passed to split must be nonnegative, got {sizes}")
    else:
        sections = operator.index(ios)
        if sections <= 0:
            raise ValueError("number sections must be larger than 0.") if exact else \
                ZeroDivisionError("integer division or modulo by zero")
        if exact and n % sections:
            raise ValueError(f"array split does not result in an equal division: rest is "
                             f"{n % sections}")
        q, r = divmod(n, sections)
        sizes = [q + 1] * r + [q] * (sections - r)
        cuts = [0]
        for s in sizes:
            cuts.append(cuts[-1] + s)
    lead = (slice(None),) * axis
    return [_like(a, ivy.get_item(a._data, lead + (slice(c, c + s),)))
            for c, s in zip(cuts, sizes)]


def split(ary, indices_or_sections, axis=0):
    return _split(ary, indices_or_sections, axis, True, "split")


def array_split(ary, indices_or_sections, axis=0):
    return _split(ary, indices_or_sections, axis, False, "array_split")


def hsplit(ary, indices_or_sections):
    a = _arr(ary, "hsplit")
    return _split(a, indices_or_sections, 0 if a.ndim == 1 else 1, True, "hsplit")


def vsplit(ary, indices_or_sections):
    a = _arr(ary, "vsplit")
    if a.ndim < 1:
        raise ValueError("vsplit only works on arrays of 1 or more dimensions")
    return _split(a, indices_or_sections, 0, True, "vsplit")


def dsplit(ary, indices_or_sections):
    a = _arr(ary, "dsplit")
    if a.ndim < 3:
        raise IndexError("tuple index out of range")
    return _split(a, indices_or_sections, 2, True, "dsplit")


def unstack(x, /, *, axis=0):
    x = _arr(x, "unstack")
    axis = _axis(axis, x.ndim)
    lead = (slice(None),) * axis
    return tuple(_like(x, ivy.get_item(x._data, lead + (i,))) for i in range(x.shape[axis]))


# ---- tiling, repeating, flipping, rolling ------------------------------------------------------

def tile(A, reps):
    a = _arr(A, "tile")
    reps = _shape(reps, "tile")
    if any(r < 0 for r in reps):
        raise ValueError(f"tile: reps must be nonnegative, got {reps}")
    n = max(a.ndim, len(reps))
    x = ivy.reshape(a._data, (1,) * (n - a.ndim) + a.shape)
    return _like(a, ivy.tile(x, (1,) * (n - len(reps)) + reps))


def repeat(a, repeats, axis=None, *, total_repeat_length=None, out_sharding=None):
    _no(out_sharding, "out_sharding", "repeat")
    a = _arr(a, "repeat")
    if isinstance(repeats, (list, tuple)):
        raise TypeError(f"repeat requires ndarray or scalar arguments, got {type(repeats)} at "
                        f"position 1.")
    if axis is None:
        a, axis = ravel(a), 0
    axis = _axis(axis, a.ndim)
    reps = repeats.tolist() if isinstance(repeats, (Array, np.ndarray)) else repeats
    if isinstance(reps, list) and len(reps) == 1:
        reps = reps[0]
    if isinstance(reps, list):
        if len(reps) != a.shape[axis]:
            raise ValueError(f"repeat: repeats has {len(reps)} entries for an axis of size "
                             f"{a.shape[axis]}")
    else:
        reps = [int(reps)] * a.shape[axis]
    if any(r < 0 for r in reps):
        raise TypeError(f"broadcast_in_dim shape must have every element be nonnegative, got "
                        f"{reps}.")
    # output position p takes the last element whose block starts at or before p; with
    # ``total_repeat_length`` this truncates, or pads as JAX does
    total = sum(reps) if total_repeat_length is None else operator.index(total_repeat_length)
    starts = np.concatenate([[0], np.cumsum(reps)[:-1]]) if reps else np.zeros(0, np.int64)
    index = np.searchsorted(starts, np.arange(total), side="right") - 1
    return _like(a, ivy.take(a._data, ivy.asarray(index.astype(np.int64), device=ivy.device(
        a._data)), axis=axis))


def flip(m, axis=None):
    m = _arr(m, "flip")
    axes = tuple(range(m.ndim)) if axis is None else _axes(axis, m.ndim)
    return _like(m, ivy.flip(m._data, axis=axes) if axes else m._data)


def fliplr(m):
    return flip(m, 1)


def flipud(m):
    return flip(m, 0)


def roll(a, shift, axis=None):
    a = _arr(a, "roll")
    shift = shift.tolist() if isinstance(shift, (Array, np.ndarray)) else shift
    if axis is None:
        flat = ravel(a)
        total = int(np.sum(shift))
        return _like(a, ivy.reshape(ivy.roll(flat._data, total, axis=0), a.shape) if a.size
                     else a._data)
    axes = _axes(axis, a.ndim)
    if not axes:
        return a
    shifts = np.broadcast_to(np.asarray(shift, dtype=np.int64), (max(len(axes), np.size(shift)),))
    axes = np.broadcast_to(np.asarray(axes), shifts.shape)
    x = a._data
    for s, ax in zip(shifts.tolist(), axes.tolist()):
        if a.shape[ax]:
            x = ivy.roll(x, s, axis=ax)
    return _like(a, x)


def rot90(m, k=1, axes=(0, 1)):
    m = _arr(m, "rot90")
    if m.ndim < 2:
        raise ValueError(f"rot90 requires its first argument to have ndim at least two, but got "
                         f"first argument of shape {m.shape}, which has ndim {m.ndim}")
    ax1, ax2 = (_axis(ax, m.ndim) for ax in axes)
    if ax1 == ax2:
        raise ValueError("Axes must be different")
    k = operator.index(k) % 4
    if k == 0:
        return m
    if k == 2:
        return flip(flip(m, ax1), ax2)
    perm = list(range(m.ndim))
    perm[ax1], perm[ax2] = ax2, ax1
    return transpose(flip(m, ax2), perm) if k == 1 else flip(transpose(m, perm), ax2)


# ---- broadcasting --------------------------------------------------------------------------------

def broadcast_shapes(*shapes):
    shapes = [_shape(s, "broadcast_shapes") for s in shapes]
    if not shapes:
        return ()
    n = max(len(s) for s in shapes)
    out = []
    for dims in zip(*[(1,) * (n - len(s)) + s for s in shapes]):
        big = {d for d in dims if d != 1}
        if len(big) > 1:
            raise ValueError(f"Incompatible shapes for broadcasting: shapes={list(shapes)}")
        out.append(big.pop() if big else 1)
    return tuple(out)


def broadcast_to(array, shape, *, out_sharding=None):
    _no(out_sharding, "out_sharding", "broadcast_to")
    a = _arr(array, "broadcast_to")
    shape = _shape(shape, "broadcast_to")
    ok = len(shape) >= a.ndim and all(d in (1, s) for d, s in zip(a.shape[::-1], shape[::-1]))
    if not ok:
        raise ValueError(f"Incompatible types for broadcasting: input shape={a.shape} and "
                         f"requested shape={shape}")
    return a if a.shape == shape else _like(a, ivy.broadcast_to(a._data, shape))


def broadcast_arrays(*args):
    arrs = [_arr(a, "broadcast_arrays", i) for i, a in enumerate(args)]
    shape = broadcast_shapes(*(a.shape for a in arrs))
    return [broadcast_to(a, shape) for a in arrs]


# ---- padding -------------------------------------------------------------------------------------

_PAD_KWARGS = {"constant": ("constant_values",), "edge": (), "wrap": (), "empty": (),
               "linear_ramp": ("end_values",), "maximum": ("stat_length",),
               "mean": ("stat_length",), "median": ("stat_length",),
               "minimum": ("stat_length",), "reflect": ("reflect_type",),
               "symmetric": ("reflect_type",)}


def _pairs(value, ndim, name, integral=False):
    v = value.tolist() if isinstance(value, Array) else value
    arr = np.asarray(v)
    if integral and arr.dtype.kind not in "iub":
        raise TypeError(f"`{name}` must be of integral type.")
    if arr.shape not in ((ndim, 2), (1, 2), (2,), (1,), ()):
        raise ValueError(f"jnp.pad: {name} with nd={ndim} has unsupported shape {arr.shape}. "
                         f"Valid shapes are ({ndim}, 2), (1, 2), (2,), (1,), or ().")
    return np.broadcast_to(arr, (ndim, 2)).tolist()


def _scalar_fill(v, name):
    """A Python scalar converted as XLA does: ints wrap, floats saturate into integer dtypes."""
    if type(v) is float and name in D.INTEGRAL:
        info = D.iinfo(name)
        v = 0 if v != v else int(min(max(np.trunc(v), info.min), info.max))
    elif type(v) is complex and name not in D.COMPLEX_FLOATING:
        raise TypeError("float() argument must be a string or a real number, not 'complex'")
    return ivy.asarray(cast_to(v, name), dtype=name) if type(v) is not float or \
        name not in _INTEGRAL else ivy.astype(ivy.asarray(v), name)


def _slice(x, axis, start, stop):
    return ivy.get_item(x, (slice(None),) * axis + (slice(start, stop),))


def _fill(x, axis, width, value, name):
    shape = list(ivy.shape(x))
    shape[axis] = width
    if isinstance(value, Array):
        value = value._data
    v = _scalar_fill(value, name) if type(value) in _PY else ivy.astype(ivy.asarray(value), name)
    return ivy.broadcast_to(v, tuple(shape))


def _cat(parts, axis):
    parts = [p for p in parts if p is not None]
    return parts[0] if len(parts) == 1 else ivy.concat(parts, axis=axis)


def _reflect(x, axis, before, after, symmetric, odd):
    n = ivy.shape(x)[axis]
    offset = 0 if symmetric else 1
    step = max(n - offset, 1) if n > 1 or symmetric else 1
    for side, width in ((0, before), (1, after)):
        edge = _slice(x, axis, 0, 1) if side == 0 else _slice(x, axis, -1, None)
        while width > 0:
            m = ivy.shape(x)[axis]
            k = min(width, step)
            width -= k
            if n == 1 and not symmetric:
                chunk = ivy.flip(_slice(x, axis, 0, k) if side == 0 else
                                 _slice(x, axis, m - k, m), axis=(axis,))
            elif side == 0:
                chunk = ivy.flip(_slice(x, axis, offset, offset + k), axis=(axis,))
            else:
                chunk = ivy.flip(_slice(x, axis, m - k - offset, m - offset), axis=(axis,))
            if odd:
                chunk = ivy.subtract(ivy.multiply(edge, ivy.asarray(2, dtype=ivy.dtype(x))),
                                     chunk)
                edge = _slice(chunk, axis, 0, 1) if side == 0 else _slice(chunk, axis, -1, None)
            x = _cat([chunk, x] if side == 0 else [x, chunk], axis)
    return x


def _stat(x, axis, length, mode, name, which):
    n = ivy.shape(x)[axis]
    if length is not None:
        if length == 0:
            raise ValueError("stat_length of 0 yields no value for padding")
        length = min(length, n)
        x = _slice(x, axis, 0, length) if which == 0 else _slice(x, axis, n - length, n)
    if n == 0:
        raise ValueError(f"zero-size array to reduction operation "
                         f"{ {'maximum': 'max', 'minimum': 'min'}.get(mode, mode)} which has no "
                         f"identity")
    if mode in ("maximum", "minimum"):
        return (ivy.max if mode == "maximum" else _late.min)(x, axis=axis, keepdims=True)
    inexact = name in ("float16", "bfloat16", "float32", "float64", "complex64", "complex128")
    y = x if inexact else ivy.astype(x, "float64")
    if mode == "mean":
        s = ivy.mean(y, axis=axis, keepdims=True)
    else:
        s = ivy.median(y, axis=axis, keepdims=True)   # on the tape (numpy's dropped the gradient)
    return s if inexact else ivy.astype(ivy.round(s), name)


def _pad_axis(x, axis, before, after, mode, name, opts):
    if before == 0 and after == 0:
        return x
    n = ivy.shape(x)[axis]
    if mode in ("constant", "empty"):
        cb, ca = opts if mode == "constant" else (0, 0)
        return _cat([_fill(x, axis, before, cb, name) if before else None, x,
                     _fill(x, axis, after, ca, name) if after else None], axis)
    if n == 0:
        if mode in ("maximum", "minimum", "mean", "median"):
            _stat(x, axis, None, mode, name, 0)
        raise ValueError(f"Cannot apply '{mode}' padding to empty axis")
    if mode in ("edge", "wrap"):
        idx = np.pad(np.arange(n), (before, after), mode=mode)
        return ivy.take(x, ivy.asarray(idx.astype(np.int64), device=ivy.device(x)), axis=axis)
    if mode in ("reflect", "symmetric"):
        return _reflect(x, axis, before, after, mode == "symmetric", opts == "odd")
    if mode == "linear_ramp":
        parts = []
        for width, end, which in ((before, opts[0], 0), (after, opts[1], 1)):
            if not width:
                parts.append(None)
                continue
            edge = _slice(x, axis, 0, 1) if which == 0 else _slice(x, axis, n - 1, n)
            t = np.arange(width, dtype=np.float64) / width          # 0 .. (w-1)/w
            if which:
                t = t[::-1]
            shape = [1] * len(ivy.shape(x))
            shape[axis] = width
            t = ivy.asarray(t.reshape(shape), device=ivy.device(x))
            e = ivy.astype(edge, "float64") if name not in ("complex64", "complex128") else edge
            ramp = ivy.add(ivy.multiply(ivy.subtract(e, end), t), ivy.astype(
                ivy.full((), end, dtype="float64"), ivy.dtype(e)))
            parts.append(ivy.astype(ivy.floor(ramp), name) if name in _INTEGRAL else
                         ivy.astype(ramp, name))
        return _cat([parts[0], x, parts[1]], axis)
    # maximum / mean / median / minimum
    lb, la = opts
    parts = [None, x, None]
    if before:
        parts[0] = ivy.broadcast_to(_stat(x, axis, lb, mode, name, 0), _with(x, axis, before))
    if after:
        parts[2] = ivy.broadcast_to(_stat(x, axis, la, mode, name, 1), _with(x, axis, after))
    return _cat(parts, axis)


def _with(x, axis, width):
    shape = list(ivy.shape(x))
    shape[axis] = width
    return tuple(shape)


def pad(array, pad_width, mode="constant", **kwargs):
    """Implements ``jnp.pad``: every numpy mode, ``reflect_type`` and a callable mode."""
    a = _arr(array, "pad")
    nd = a.ndim
    widths = _pairs(pad_width, nd, "pad_width", integral=True)
    if not callable(mode) and mode not in _PAD_KWARGS:
        raise NotImplementedError(f"Unimplemented padding mode '{mode}' for np.pad.")
    if any(w < 0 for pair in widths for w in pair):
        raise ValueError("index can't contain negative values")
    if callable(mode):
        return _pad_callable(a, widths, mode, kwargs)
    bad = set(kwargs) - set(_PAD_KWARGS[mode])
    if bad:
        raise ValueError(f"unsupported keyword arguments for mode '{mode}': {bad}")
    if nd == 0:
        return a
    name = native_name(a._data)
    if mode == "constant":
        per_axis = _pairs(kwargs.get("constant_values", 0), nd, "constant_values")
    elif mode == "linear_ramp":
        per_axis = _pairs(kwargs.get("end_values", 0), nd, "end_values")
    elif mode in ("reflect", "symmetric"):
        rt = kwargs.get("reflect_type", "even")
        if rt not in ("even", "odd"):
            raise AssertionError(f"reflect_type must be 'even' or 'odd', got {rt!r}")
        per_axis = [rt] * nd
    elif mode in ("maximum", "minimum", "mean", "median"):
        sl = kwargs.get("stat_length")
        per_axis = [(None, None)] * nd if sl is None else _pairs(sl, nd, "stat_length", True)
    else:
        per_axis = [None] * nd
    x = a._data
    for axis, ((b, af), opts) in enumerate(zip(widths, per_axis)):
        x = _pad_axis(x, axis, b, af, mode, name, opts)
    return _like(a, x)


def _pad_callable(a, widths, func, kwargs):
    from ._misc import apply_along_axis
    x = pad(a, widths)
    for axis in range(x.ndim):
        x = apply_along_axis(func, axis, x, tuple(widths[axis]), axis, kwargs)
    return x


# ---- insert / delete / resize / trim_zeros -----------------------------------------------------

def _positions(obj, n, fn):
    """Integer positions of an index/slice/bool-mask ``obj`` along an axis of size ``n``."""
    if isinstance(obj, slice):
        return np.arange(n)[obj], False
    if isinstance(obj, (list, tuple)):
        raise TypeError(f"{fn} requires ndarray or scalar arguments, got {type(obj)} at "
                        f"position 1.")
    v = np.asarray(obj.tolist() if isinstance(obj, Array) else obj)
    return v, v.ndim == 0


def delete(arr, obj, axis=None, *, assume_unique_indices=False):
    a = _arr(arr, "delete")
    if axis is None:
        a, axis = ravel(a), 0
    axis = _axis(axis, a.ndim)
    n = a.shape[axis]
    pos, scalar = _positions(obj, n, "delete")
    if pos.dtype == bool:
        if pos.shape != (n,):
            raise ValueError("np.delete(arr, obj): for boolean indices, obj must be "
                             "one-dimensional with length matching specified axis.")
        idx = np.nonzero(~pos)[0]
    else:
        pos = pos.astype(np.int64).ravel()
        if np.any((pos < -n) | (pos >= n)):
            bad = int(pos[(pos < -n) | (pos >= n)][0])
            if scalar:
                raise ValueError(f"axis {bad} is out of bounds for array of dimension {n}")
            raise IndexError(f"index {bad} is out of bounds for axis 0 with size {n}")
        pos = pos % n if n else pos
        if assume_unique_indices:
            # JAX's shortcut: output i skips every (sorted) deleted index at or before it
            adj = np.sort(pos) - np.arange(len(pos))
            kept = np.arange(n - len(pos))
            idx = kept + np.searchsorted(adj, kept, side="right")
        else:
            keep = np.ones(n, dtype=bool)
            keep[pos] = False
            idx = np.nonzero(keep)[0]
    idx = idx.astype(np.int64)
    return _like(a, ivy.take(a._data, ivy.asarray(idx, device=ivy.device(a._data)), axis=axis))


def insert(arr, obj, values, axis=None):
    a = _arr(arr, "insert")
    v = _arr(values, "insert", 2)
    if axis is None:
        a, axis = ravel(a), 0
    axis = _axis(axis, a.ndim)
    n = a.shape[axis]
    pos, scalar = _positions(obj, n, "insert")
    if pos.dtype == bool:
        raise TypeError("insert: boolean obj is not supported")
    pos = pos.astype(np.int64).ravel()
    pos = np.where(pos < 0, pos + n, pos).clip(0, n)
    name = native_name(a._data)
    vn = ivy.astype(v._data, name) if native_name(v._data) != name else v._data
    target = list(a.shape)
    if pos.size == 1:
        # one position: the values form a block along ``axis`` (numpy's rule)
        vshape = tuple(ivy.shape(vn))
        vb = ivy.reshape(vn, (1,) * (a.ndim - len(vshape)) + vshape)
        if scalar:
            vb = _move(vb, 0, axis)
        k = ivy.shape(vb)[axis]
        new_pos = pos[0] + np.arange(k)
    else:
        k = len(pos)
        rank = np.empty(k, dtype=np.int64)
        rank[np.argsort(pos, kind="stable")] = np.arange(k)
        new_pos = pos + rank
        vb = vn
    target[axis] = k
    vb = ivy.broadcast_to(vb, tuple(target))
    total = n + k
    mask = np.zeros(total, dtype=bool)
    mask[new_pos] = True
    out_idx = np.empty(total, dtype=np.int64)
    out_idx[~mask] = np.arange(n)
    out_idx[new_pos] = n + np.arange(k)
    joined = ivy.concat([a._data, vb], axis=axis)
    return _like(a, ivy.take(joined, ivy.asarray(out_idx, device=ivy.device(a._data)),
                             axis=axis))


def resize(a, new_shape):
    a = _arr(a, "resize")
    shape = _shape(new_shape, "resize")
    if any(d < 0 for d in shape):
        raise ValueError("all elements of `new_shape` must be non-negative")
    size = int(np.prod(shape, dtype=np.int64))
    flat = ravel(a)
    if a.size == 0:
        return _like(a, ivy.zeros(shape, dtype=native_name(a._data)))
    idx = np.arange(size, dtype=np.int64) % a.size
    return _like(a, ivy.reshape(ivy.take(flat._data, ivy.asarray(idx, device=ivy.device(
        a._data)), axis=0), shape))


def trim_zeros(filt, trim="fb", axis=None):
    a = _arr(filt, "trim_zeros")
    nz = ivy.to_numpy(a._data) != 0
    axes = tuple(range(a.ndim)) if axis is None else _axes(axis, a.ndim)
    key = []
    for ax in range(a.ndim):
        if ax not in axes:
            key.append(slice(None))
            continue
        other = tuple(i for i in range(a.ndim) if i != ax)
        hit = np.nonzero(nz.any(axis=other) if other else nz)[0]
        if len(hit) == 0:
            key.append(slice(0, 0))
            continue
        start = int(hit[0]) if "f" in trim.lower() else 0
        stop = int(hit[-1]) + 1 if "b" in trim.lower() else a.shape[ax]
        key.append(slice(start, stop))
    return _like(a, ivy.get_item(a._data, tuple(key)))


# ---- dtype and metadata ------------------------------------------------------------------------

def astype(x, dtype, /, *, copy=False, device=None):
    """Implements ``jnp.astype``: the result is strongly typed."""
    x = _arr(x, "astype")
    name = J.DEFAULT["float"] if dtype is None else J.name_of(dtype, "astype")
    have = native_name(x._data)
    if name == have:
        return _wrap(x._data)
    if name in _INTEGRAL and name != "bool" and have not in _INTEGRAL:
        # XLA's conversion (NaN to 0, saturating), not the backend's cast
        from ..lax._elementwise import convert_element_type
        return convert_element_type(x, name)
    return _wrap(ivy.astype(x._data, name))


def _method_astype(self, dtype, copy=False, device=None):
    return astype(self, dtype, copy=copy, device=device)


def shape(a):
    return a.shape if isinstance(a, Array) else np.shape(a)


def ndim(a):
    return a.ndim if isinstance(a, Array) else np.ndim(a)


def size(a, axis=None):
    s = a.shape if isinstance(a, Array) else np.shape(a)
    if axis is None:
        return int(np.prod(s, dtype=np.int64))
    axes = _axes(axis, len(s))
    return int(np.prod([s[i] for i in axes], dtype=np.int64))


# ---- methods and properties --------------------------------------------------------------------

def _copy(self):
    return _wrap(ivy.asarray(self._data, copy=True), self.weak_type)


def _view(self, dtype=None, type=None):
    if type is not None:
        raise NotImplementedError("`type` argument of array.view() is not supported.")
    if dtype is None:
        return self
    new = J.NP[J.name_of(dtype, "view")]
    old = self.dtype
    if new == old:
        return self
    data = np.ascontiguousarray(ivy.to_numpy(self._data))
    if self.ndim == 0 and new.itemsize != old.itemsize:
        raise ValueError("view() of a 0-d array to a dtype of a different size is not supported")
    if self.ndim and (self.shape[-1] * old.itemsize) % new.itemsize:
        raise ValueError("the last axis must be divisible by the itemsize ratio")
    return _wrap(ivy.asarray(data.view(new), device=ivy.device(self._data)))


def _tobytes(self, order="C"):
    return ivy.to_numpy(self._data).tobytes(order=order)


def _to_device(self, device, *, stream=None):
    if stream is not None:
        raise NotImplementedError("to_device: stream is not supported")
    return self


def _T(self):
    return transpose(self)


def _mT(self):
    return matrix_transpose(self)


def _flat(self):
    raise NotImplementedError("JAX Arrays do not implement the arr.flat property: consider "
                              "arr.flatten() instead.")


FUNCTIONS = {f.__name__: f for f in (
    reshape, ravel, transpose, permute_dims, matrix_transpose, swapaxes, moveaxis, rollaxis,
    squeeze, expand_dims, concatenate, concat, stack, vstack, hstack, dstack, column_stack,
    split, array_split, hsplit, vsplit, dsplit, unstack, tile, repeat, flip, fliplr, flipud,
    roll, rot90, pad, broadcast_to, broadcast_arrays, broadcast_shapes, atleast_1d, atleast_2d,
    atleast_3d, append, insert, delete, resize, trim_zeros, astype, shape, ndim, size)}

METHODS = {"reshape": _method_reshape, "transpose": _method_transpose, "ravel": ravel,
           "flatten": _flatten, "squeeze": squeeze, "swapaxes": swapaxes, "repeat": repeat,
           "astype": _method_astype, "copy": _copy, "view": _view, "tobytes": _tobytes,
           "to_device": _to_device}

PROPERTIES = {"T": _T, "mT": _mT, "flat": _flat}
