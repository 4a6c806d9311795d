"""Core extension area `indexing` (see ``_area.py``): NumPy indexing and functional index updates,
gather/scatter, masks, top-k/unique/histograms and diagonals.

Besides the declarations, this module holds the one NumPy key engine (``parse_key``) that backends
without complete native indexing (tensorflow everywhere; torch for the few keys where its indexing
departs from NumPy's; jax to convert lists and bound-check integers) run a key through. It is pure
Python: the backend hands it a small table of native operations (``KeyOps``).

Index conventions shared by every backend:
- NumPy's rules for where advanced-index dimensions go: when the advanced indices (integer and
  boolean arrays, *and* Python integers once any array is present) are adjacent in the key, their
  broadcast dimensions replace them in place; when a slice, Ellipsis or None separates them, they
  come first.
- Out-of-range Python integers raise ``IvyIndexError`` on every backend. Out-of-range *index
  arrays* raise on numpy, torch and tensorflow; jax cannot check array contents eagerly without a
  device sync and follows its own clamp (read) / drop (update) rule: stay in range.
- Negative indices count from the end in keys and in ``gather``/``gather_nd``/``scatter``/
  ``scatter_nd`` indices (take_along_axis' convention; torch itself rejects them).
- ``index_update``/``scatter`` with ``reduction="set"`` and duplicate indices: which write wins is
  unspecified on torch, jax and tensorflow (numpy writes in order, the last wins). The other
  reductions accumulate every duplicate (``np.add.at``, jax ``.at[].add``).
"""
from __future__ import annotations

import operator
from collections import namedtuple

from ..errors import IvyIndexError, IvyTypeError, IvyValueError
from ._area import Area

area = Area("indexing", "")

TopKResult = namedtuple("TopKResult", "values indices")
HistogramResult = namedtuple("HistogramResult", "hist bin_edges")

# Reductions of index_update/scatter/scatter_nd: every accepted spelling -> canonical name.
REDUCTIONS = {"set": "set", "add": "add", "sum": "add", "multiply": "multiply", "prod": "multiply",
              "min": "min", "amin": "min", "max": "max", "amax": "max"}


def reduction_of(reduction, fn: str) -> str:
    try:
        return REDUCTIONS[reduction]
    except (KeyError, TypeError):
        raise IvyValueError(f"ivy.{fn}: reduction must be one of {sorted(REDUCTIONS)}, got "
                            f"{reduction!r}", function=fn) from None


def check_reduction_dtype(reduction: str, dtype: str, fn: str) -> None:
    """Reductions whose meaning differs between frameworks on a dtype raise everywhere."""
    if dtype == "bool" and reduction in ("add", "multiply"):
        raise IvyTypeError(f"ivy.{fn}: reduction {reduction!r} is not defined for bool arrays "
                           f"(use 'max' for or, 'min' for and)", function=fn)
    if dtype.startswith("complex") and reduction in ("min", "max"):
        raise IvyTypeError(f"ivy.{fn}: complex numbers have no order for reduction "
                           f"{reduction!r}", function=fn)


# ---- the key engine -----------------------------------------------------------------------------

class KeyOps:
    """The native operations ``parse_key`` needs from a backend."""
    __slots__ = ("array_types", "asarray", "kind", "shape", "nonzero", "to_bool")

    def __init__(self, array_types, asarray, kind, shape, nonzero, to_bool):
        self.array_types = array_types   # native array types (numpy arrays also go through asarray)
        self.asarray = asarray           # Python sequence / numpy array -> native index array
        self.kind = kind                 # native array -> "b" (bool), "i"/"u" (integer), other
        self.shape = shape               # native array -> tuple of ints
        self.nonzero = nonzero           # k-d bool array -> tuple of k 1-d int64 arrays
        self.to_bool = to_bool           # 0-d bool array -> Python bool


class KeyPlan:
    """A NumPy key resolved against a shape: ``y = x[basic]`` (ints, slices, None only; no
    Ellipsis), then ``arrays`` index the dimensions ``dims`` of ``y`` together; their broadcast
    dimensions go to ``position`` of the result (0 unless the advanced indices were adjacent)."""
    __slots__ = ("basic", "dims", "arrays", "position")

    def __init__(self, basic, dims, arrays, position):
        self.basic, self.dims, self.arrays, self.position = basic, dims, arrays, position


_INT, _SLICE, _NEW, _ARRAY, _MASK, _MASK0 = range(6)
_FULL = slice(None)


def _bad_index(fn, k):
    return IvyIndexError(f"ivy.{fn}: only integers, slices (`:`), ellipsis (`...`), None and "
                         f"integer or boolean arrays are valid indices, got {type(k).__name__}",
                         function=fn)


def classify(key, ops: KeyOps, fn: str):
    """The key as a list of (kind, value): sequences become native arrays, scalars Python ints."""
    if type(key) is not tuple:
        key = (key,)
    items, ellipsis = [], False
    for k in key:
        t = type(k)
        if t is slice:
            items.append((_SLICE, k))
        elif t is int:
            items.append((_INT, k))
        elif k is None:
            items.append((_NEW, None))
        elif k is Ellipsis:
            if ellipsis:
                raise IvyIndexError(f"ivy.{fn}: an index can only have a single ellipsis ('...')",
                                    function=fn)
            ellipsis = True
            items.append((Ellipsis, None))
        elif t is bool:
            items.append((_MASK0, k))
        else:
            if not isinstance(k, ops.array_types):
                if isinstance(k, (list, tuple)) or hasattr(k, "__array__"):
                    if getattr(k, "ndim", None) == 0 and getattr(k, "dtype", None) is not None \
                            and k.dtype.kind in "iu":       # numpy 0-d integer array: an int
                        items.append((_INT, operator.index(k)))
                        continue
                    try:
                        k = ops.asarray(k)
                    except Exception as e:
                        raise _bad_index(fn, k) from e
                elif hasattr(k, "__index__"):           # numpy integer scalars
                    items.append((_MASK0, bool(k)) if type(k).__name__ == "bool" else
                                 (_INT, operator.index(k)))
                    continue
                else:
                    raise _bad_index(fn, k)
            kind = ops.kind(k)
            shape = ops.shape(k)
            if kind == "b":
                items.append((_MASK0, ops.to_bool(k)) if not shape else (_MASK, k))
            elif kind in "iu":
                items.append((_ARRAY, k))
            else:
                raise _bad_index(fn, k)
    return items


def parse_key(key, shape, ops: KeyOps, fn: str, items=None) -> KeyPlan:
    """Resolve a NumPy key against ``shape``: bounds-check integers, expand Ellipsis, turn masks
    into integer arrays, and work out NumPy's placement of the advanced dimensions."""
    if items is None:
        items = classify(key, ops, fn)
    consumed = 0
    for kind, k in items:
        if kind is _INT or kind is _SLICE or kind is _ARRAY:
            consumed += 1
        elif kind is _MASK:
            consumed += len(ops.shape(k))
    ndim = len(shape)
    if consumed > ndim:
        raise IvyIndexError(f"ivy.{fn}: too many indices for array: array is {ndim}-dimensional, "
                            f"but {consumed} were indexed", function=fn)
    has_array = any(kind is _ARRAY or kind is _MASK or kind is _MASK0 for kind, _ in items)
    basic, dims, arrays = [], [], []
    d = y = 0                       # next dimension of x, of y = x[basic]
    first = last = None             # item positions of the first / last advanced entry
    adjacent = True
    position = 0
    for pos, (kind, k) in enumerate(items):
        advanced = kind is not _SLICE and kind is not _NEW and kind is not Ellipsis
        if advanced and has_array:
            if first is None:
                first, position = pos, y
            elif last != pos - 1:
                adjacent = False
            last = pos
        if kind is _SLICE:
            basic.append(k)
            d += 1
            y += 1
        elif kind is _INT:
            n = shape[d]
            if not -n <= k < n:
                raise IvyIndexError(f"ivy.{fn}: index {k} is out of bounds for axis {d} with "
                                    f"size {n}", function=fn)
            basic.append(k if k >= 0 else k + n)
            d += 1
        elif kind is _NEW:
            basic.append(None)
            y += 1
        elif kind is Ellipsis:
            extra = ndim - consumed
            basic.extend([_FULL] * extra)
            d += extra
            y += extra
        elif kind is _ARRAY:
            basic.append(_FULL)
            dims.append(y)
            arrays.append(k)
            d += 1
            y += 1
        elif kind is _MASK:
            mshape = tuple(ops.shape(k))
            if tuple(shape[d:d + len(mshape)]) != mshape:
                raise IvyIndexError(f"ivy.{fn}: boolean index of shape {mshape} does not match "
                                    f"the indexed dimensions {tuple(shape[d:d + len(mshape)])} "
                                    f"(axes {d}..{d + len(mshape) - 1})", function=fn)
            for i, coords in enumerate(ops.nonzero(k)):
                basic.append(_FULL)
                dims.append(y)
                arrays.append(coords)
                y += 1
            d += len(mshape)
        else:   # _MASK0: a new axis of length 1 that the mask keeps (True) or drops (False)
            basic.append(None)
            dims.append(y)
            arrays.append(ops.asarray([0] if k else []))
            y += 1
    if d < ndim:
        basic.extend([_FULL] * (ndim - d))
    return KeyPlan(tuple(basic), dims, arrays, position if adjacent else 0)


def broadcast_shape(arrays, ops: KeyOps, fn: str) -> tuple:
    """The broadcast shape of the advanced index arrays; a mismatch is NumPy's IndexError."""
    shapes = [ops.shape(a) for a in arrays]
    ndim = max(len(s) for s in shapes)
    out = []
    for i in range(-ndim, 0):
        sizes = {s[i] for s in shapes if len(s) >= -i} - {1}
        if len(sizes) > 1:
            raise IvyIndexError(f"ivy.{fn}: shape mismatch: indexing arrays could not be "
                                f"broadcast together with shapes {shapes}", function=fn)
        out.append(sizes.pop() if sizes else 1)
    return tuple(out)


def plain_key(items) -> bool:
    """True when the key has no advanced entry (ints, slices, None, Ellipsis only)."""
    return all(kind is _SLICE or kind is _INT or kind is _NEW or kind is Ellipsis
               for kind, _ in items)


def check_ints(items, shape, ops: KeyOps, fn: str) -> None:
    """Bound-check the Python integers of a classified key (for backends that clamp them)."""
    consumed = sum(1 if kind is _INT or kind is _SLICE or kind is _ARRAY else
                   len(ops.shape(k)) if kind is _MASK else 0 for kind, k in items)
    ndim = len(shape)
    if consumed > ndim:
        raise IvyIndexError(f"ivy.{fn}: too many indices for array: array is {ndim}-dimensional, "
                            f"but {consumed} were indexed", function=fn)
    d = 0
    for kind, k in items:
        if kind is _INT:
            if not -shape[d] <= k < shape[d]:
                raise IvyIndexError(f"ivy.{fn}: index {k} is out of bounds for axis {d} with "
                                    f"size {shape[d]}", function=fn)
            d += 1
        elif kind is _SLICE or kind is _ARRAY:
            d += 1
        elif kind is _MASK:
            d += len(ops.shape(k))
        elif kind is Ellipsis:
            d += ndim - consumed


def rebuild(items) -> tuple:
    """The classified items as a key again (sequences now native arrays)."""
    return tuple(k if kind is not Ellipsis else Ellipsis for kind, k in items)


# ---- declarations -------------------------------------------------------------------------------

@area.primary
def get_item(x, key, /):
    """``x[key]`` with NumPy's semantics for every basic and advanced index."""
    ...


@area.primary
def index_update(x, key, values, /, *, reduction="set", inplace=False):
    """A new array equal to ``x`` with ``x[key]`` set/added/multiplied/min'd/max'd by ``values``
    (broadcast, cast to x's dtype); ``inplace=True`` writes into ``x`` on numpy/torch."""
    ...


@area.primary
def gather(x, indices, /, *, axis):
    """``torch.gather``: ``out[i][j][k] = x[indices[i][j][k]][j][k]`` (axis 0); ``indices`` has
    x's rank and no dimension larger than x's except along ``axis``; no broadcasting."""
    ...


@area.primary
def gather_nd(x, indices, /, *, batch_dims=0):
    """``tf.gather_nd``: the last axis of ``indices`` indexes x's leading dims after batch_dims."""
    ...


@area.primary
def scatter(x, indices, updates, /, *, axis, reduction="set"):
    """``torch.scatter``/``scatter_reduce(include_self=True)``: x with ``updates`` written at
    ``indices`` along ``axis``; reduction set, add/sum, multiply/prod, min/amin, max/amax."""
    ...


@area.primary
def scatter_nd(indices, updates, shape, /, *, reduction="add"):
    """``tf.scatter_nd``: zeros of ``shape`` (updates' dtype) with ``updates`` reduced in at the
    N-d ``indices`` (duplicates add by default)."""
    ...


@area.primary
def boolean_mask(x, mask, /):
    """``x[mask]`` for a boolean ``mask`` matching x's leading dimensions."""
    ...


@area.primary
def masked_fill(x, mask, value, /):
    """``torch.masked_fill``: x with ``value`` where ``mask`` (broadcast to x) is True."""
    ...


@area.primary
def nonzero_static(x, /, *, size, fill_value=0):
    """``jnp.nonzero(x, size=size, fill_value=fill_value)``: a tuple of x.ndim int64 arrays of
    length ``size``, truncated or padded with ``fill_value`` (an int or one per dimension)."""
    ...


@area.primary
def topk(x, k, /, *, axis=-1, largest=True, sorted=True):
    """``torch.topk``: (values, int64 indices) of the k largest (smallest) along ``axis``, NaN
    largest. Always sorted (``sorted=False`` allows any order); ties in index order."""
    ...


@area.compositional
def unique(xp, x, /, *, axis=None, return_index=False, return_inverse=False, return_counts=False,
           sorted=True):
    """``np.unique``: sorted unique values (NaNs equal), or a tuple (values, index, inverse,
    counts) with the requested extras; ``sorted=False`` still sorts. With ``axis`` the slices
    along it are compared whole and sorted lexicographically."""
    shape = xp.shape(x)
    if axis is None:
        rows = xp.reshape(x, (-1,))
        perm = xp.argsort(rows, stable=True)             # NaNs last; stable: first occurrences
        s = xp.take(rows, perm)
        same = xp.equal(s[1:], s[:-1])
        if xp.isdtype(xp.dtype(x), "real floating"):
            same = xp.logical_or(same, xp.logical_and(xp.isnan(s[1:]), xp.isnan(s[:-1])))
    else:
        ndim = len(shape)
        if not -ndim <= axis < ndim:
            raise IvyValueError(f"ivy.unique: axis {axis} is out of bounds for {ndim}-d x",
                                function="unique")
        axis %= ndim
        moved = xp.moveaxis(x, axis, 0)
        rows = xp.reshape(moved, (shape[axis], -1))
        perm = xp.arange(shape[axis], dtype="int64")
        for c in reversed(range(xp.shape(rows)[1])):    # lexicographic: stable sorts, last key first
            perm = xp.take(perm, xp.argsort(xp.take(rows[:, c], perm), stable=True))
        s = xp.take(rows, perm, axis=0)
        same = xp.all(xp.equal(s[1:], s[:-1]), axis=1)
    n = xp.shape(perm)[0]
    first = xp.concat([xp.ones((min(n, 1),), dtype="bool"), xp.logical_not(same)])
    values = xp.boolean_mask(s, first)
    if axis is not None:
        values = xp.moveaxis(xp.reshape(values, (-1,) + xp.shape(moved)[1:]), 0, axis)
    if not (return_index or return_inverse or return_counts):
        return values
    out = [values]
    if return_index:
        out.append(xp.boolean_mask(perm, first))
    if return_inverse:
        group = xp.cumulative_sum(xp.astype(first, "int64")) - 1
        inverse = xp.index_update(xp.zeros((n,), dtype="int64"), perm, group)
        out.append(xp.reshape(inverse, shape) if axis is None else inverse)
    if return_counts:
        starts = xp.nonzero(first)[0]
        out.append(xp.diff(xp.concat([starts, xp.asarray([n], dtype="int64")])))
    return tuple(out)


@area.primary
def bincount(x, /, *, weights=None, minlength=0):
    """``np.bincount`` of a 1-d non-negative integer array; with weights the result has the dtype
    ``sum`` gives the weights (float stays float, integers widen to int64/uint64)."""
    ...


@area.compositional
def histogram(xp, x, /, *, bins=10, range=None, weights=None, density=False):
    """``np.histogram`` -> (hist, bin_edges) with NumPy's bin edges and dtypes exactly: equal bins
    are computed by NumPy on the host from the range (a device sync when ``range`` is None)."""
    import numpy as np
    flat = xp.reshape(x, (-1,))
    if isinstance(bins, str):
        raise IvyValueError(f"ivy.histogram: bins={bins!r} estimators are not supported; pass a "
                            f"count or edges", function="histogram")
    if isinstance(bins, int):
        if range is None and xp.shape(flat)[0]:
            probe = xp.to_numpy(xp.stack([xp.min(flat), xp.max(flat)]))
        else:
            probe = xp.to_numpy(flat[:0])
        try:
            np_edges = np.histogram_bin_edges(probe, bins=bins, range=range)
        except ValueError as e:
            raise IvyValueError(f"ivy.histogram: {e}", function="histogram") from e
        edges = xp.asarray(np_edges)
    else:
        edges = bins if xp.is_native_array(bins) else xp.asarray(bins)
    nbins = xp.shape(edges)[0] - 1
    if nbins < 1:
        raise IvyValueError("ivy.histogram: bins must hold at least 2 edges", function="histogram")
    edge_dtype = xp.dtype(edges)
    compare = xp.result_type(edge_dtype, xp.dtype(x)) if \
        xp.isdtype(xp.dtype(x), "real floating") and xp.isdtype(edge_dtype, "real floating") \
        else (edge_dtype if xp.isdtype(edge_dtype, "real floating") else "float64")
    a = xp.astype(flat, compare)
    e = xp.astype(edges, compare)
    keep = xp.logical_and(xp.greater_equal(a, e[0]), xp.less_equal(a, e[-1]))
    # bins are half-open [e_i, e_i+1) except the last, which includes its right edge
    idx = xp.searchsorted(e, a, side="right") - 1
    idx = xp.where(xp.equal(a, e[-1]), nbins - 1, idx)
    idx = xp.where(keep, idx, nbins)                    # outside: one spare bin, dropped below
    if weights is None:
        w, hist_dtype = None, "int64"
    else:
        hist_dtype = xp.dtype(weights)
        # NumPy accumulates real weights in float64 (np.bincount) and casts back
        w = xp.reshape(weights, (-1,))
        if xp.isdtype(hist_dtype, "real floating"):
            w = xp.astype(w, "float64")
        w = xp.where(keep, w, xp.zeros((), dtype=xp.dtype(w)))
    hist = xp.bincount(idx, weights=w, minlength=nbins + 1)[:nbins]
    hist = xp.astype(hist, hist_dtype)
    if density:
        # NumPy divides by the bin widths as float64 whatever the dtypes
        real = "complex128" if xp.isdtype(hist_dtype, "complex floating") else "float64"
        width = xp.astype(xp.diff(edges), real)
        total = xp.astype(xp.sum(hist, dtype=hist_dtype), real)    # summed in hist's dtype
        hist = xp.astype(hist, real) / width / total
    return HistogramResult(hist, edges)


def c_order_strides(shape) -> tuple:
    """Element strides of a C-ordered array of ``shape`` (a zero-size dim counts as 1, as torch)."""
    out, step = [], 1
    for n in reversed(shape):
        out.append(step)
        step *= max(n, 1)
    return tuple(reversed(out))


@area.primary
def strides(x, /):
    """Element strides of x's memory layout (``torch.Tensor.stride()``; NumPy's byte strides over
    the itemsize). Backends whose arrays have no strided memory (jax, tensorflow) report C order."""
    ...


@area.primary
def diag(x, /, *, k=0):
    """``np.diag``: a 1-d x becomes a matrix with x on diagonal k; a 2-d x gives diagonal k."""
    ...


@area.primary
def diagonal(x, /, *, offset=0, axis1=0, axis2=1):
    """``np.diagonal``: the diagonal over axis1/axis2 becomes the last axis."""
    ...


@area.primary
def diag_embed(x, /, *, offset=0, dim1=-2, dim2=-1):
    """``torch.diag_embed``: the last axis of x becomes diagonal ``offset`` over output dims
    dim1/dim2."""
    ...


@area.compositional
def rot90(xp, x, /, *, k=1, axes=(0, 1)):
    """``np.rot90``: rotate by 90 degrees k times from the first towards the second axis."""
    ndim = len(xp.shape(x))
    a0, a1 = _rot_axes(axes, ndim)
    k %= 4
    if k == 0:
        return x
    if k == 2:
        return xp.flip(x, axis=(a0, a1))
    order = list(range(ndim))
    order[a0], order[a1] = order[a1], order[a0]
    if k == 1:
        return xp.permute_dims(xp.flip(x, axis=a1), tuple(order))
    return xp.flip(xp.permute_dims(x, tuple(order)), axis=a1)


def _rot_axes(axes, ndim):
    axes = tuple(axes)
    if len(axes) != 2:
        raise IvyValueError("ivy.rot90: len(axes) must be 2", function="rot90")
    if ndim < 2:
        raise IvyValueError("ivy.rot90: x must have at least 2 dimensions", function="rot90")
    a0, a1 = axes
    if not (-ndim <= a0 < ndim and -ndim <= a1 < ndim):
        raise IvyValueError(f"ivy.rot90: axes {axes} out of range for {ndim}-d x",
                            function="rot90")
    a0, a1 = a0 % ndim, a1 % ndim
    if a0 == a1:
        raise IvyValueError("ivy.rot90: axes must be different", function="rot90")
    return a0, a1


@area.compositional
def trace(xp, x, /, *, offset=0, axis1=0, axis2=1, dtype=None):
    """``np.trace``: sum of ``diagonal(x, offset, axis1, axis2)``; integers widen like ``sum``."""
    return xp.sum(xp.diagonal(x, offset=offset, axis1=axis1, axis2=axis2), axis=-1, dtype=dtype)


@area.compositional
def tril_indices(xp, n, /, k=0, m=None):
    """``np.tril_indices``: (rows, cols) int64 of the lower triangle of an n x m matrix."""
    return _tri_indices(xp, n, k, m, xp.tril)


@area.compositional
def triu_indices(xp, n, /, k=0, m=None):
    """``np.triu_indices``: (rows, cols) int64 of the upper triangle of an n x m matrix."""
    return _tri_indices(xp, n, k, m, xp.triu)


def _tri_indices(xp, n, k, m, tri):
    m = n if m is None else m
    return xp.nonzero(tri(xp.ones((n, m), dtype="bool"), k=k))
