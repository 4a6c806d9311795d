"""``tf.reduce_*`` and ``tf.argmax``/``argmin``: TensorFlow's dtype rules (the input's dtype kept:
integer sums wrap, integer means truncate toward zero), its kernel lists and axis errors."""
from __future__ import annotations

import math

import numpy as np

import ivy
from ivy.core import dtypes as D

from .._shared import native_name
from . import _dtypes as T
from . import _ops
from ._ops import KERNELS, _NO_KERNEL, check_kernel, kernel, same_dtype
from ._tensor import Tensor, convert, wrap
from ._tensor import native as _native
from .errors import invalid_argument

_IVY = vars(ivy)


def _axes(axis, ndim: int, op: str):
    """``axis`` (None, int, list or tensor) as a sorted tuple of non-negative dims."""
    if axis is None:
        return tuple(range(ndim))
    if type(axis) is Tensor:
        axis = axis.numpy().tolist()
    items = [axis] if isinstance(axis, (int, np.integer)) else list(axis)
    out = []
    for a in items:
        if not isinstance(a, (int, np.integer)):
            raise TypeError(f"Cannot convert {axis!r} to EagerTensor of dtype int32")
        a = int(a)
        if not -ndim <= a < ndim:
            raise invalid_argument(f"Invalid reduction dimension ({a} for input with {ndim} "
                                   f"dimension(s)", op)
        a %= max(ndim, 1)
        if a in out:
            raise invalid_argument(f"Invalid reduction arguments: Axes contains duplicate "
                                   f"dimension: {a}", op)
        out.append(a)
    return tuple(sorted(out))


def _identity(core, name):
    if core == "max":
        return -np.inf if name in D.REAL_FLOATING else int(np.iinfo(name).min)
    return np.inf if name in D.REAL_FLOATING else int(np.iinfo(name).max)


def _reduction(op: str, core: str, typed: bool = False):
    allowed = KERNELS[op]
    empty_raises = core in ("max", "min")   # the core refuses what TensorFlow fills with +-inf

    def f(input_tensor, axis=None, keepdims=False, name=None):
        a = input_tensor._data if type(input_tensor) is Tensor else convert(input_tensor)
        n = native_name(a)
        if n not in allowed or op in _NO_KERNEL:
            check_kernel(op, n)
        axes = None if axis is None else _axes(axis, len(a.shape), op)
        if empty_raises and 0 in a.shape:
            shape = tuple(a.shape)
            axes = range(len(shape)) if axes is None else axes
            out = tuple(1 if d in axes else s for d, s in enumerate(shape)) if keepdims else \
                tuple(s for d, s in enumerate(shape) if d not in axes)
            if 0 in (shape[d] for d in axes):
                return wrap(ivy.full(out, _identity(core, n), dtype=n))
        if typed:
            return wrap(kernel(op, _IVY[core], a, axis=axes, keepdims=bool(keepdims), dtype=n))
        return wrap(kernel(op, _IVY[core], a, axis=axes, keepdims=bool(keepdims)))
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


# Eigen's arg reducers never pick a NaN: they behave as if NaN were the worst value (-inf for
# ArgMax, +inf for ArgMin), ties going to the first index; numpy and torch pick the first NaN
_NAN_AS = {"ArgMax": float("-inf"), "ArgMin": float("inf")}


def _arg_axis(axis, ndim: int, op: str) -> int:
    if axis is None:
        axis = 0
    elif type(axis) is Tensor and native_name(axis._data) in D.INTEGRAL and not axis.ndim:
        axis = int(axis.numpy())
    elif not isinstance(axis, (int, np.integer)):
        raise TypeError("axis must be int or Tensor with integer datatype")
    if not -ndim <= axis < ndim:
        raise invalid_argument(f"Expected dimension in the range [{-ndim}, {ndim}), but got "
                               f"{axis}", op)
    return int(axis) % ndim


def _arg(op: str, core: str):
    worst = _NAN_AS[op]

    def f(input, axis=None, output_type=T.BY_NAME["int64"], name=None):  # noqa: A002
        a = _native(input)
        n = native_name(a)
        check_kernel(op, n)
        ax = _arg_axis(axis, len(a.shape), op)
        if n in _REAL_F:
            a = ivy.where(ivy.isnan(a), ivy.asarray(worst, dtype=n), a)
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
_ALL = frozenset(D.ALL)
_NO_BOOL = _ALL - {"bool"}
_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_REAL = _NO_BOOL - _COMPLEX
_REAL_F = frozenset(D.REAL_FLOATING)
_INT = frozenset(D.INTEGRAL)
_INT32_64 = frozenset({"int32", "int64"})
_COUNTS = frozenset({"int32", "int64", "float32", "float64"})
# kernel dtype lists (probed); the Python-level functions are listed under their own names
KERNELS.update({
    "ReduceLogSumExp": _REAL_F, "EuclideanNorm": _NO_BOOL, "Cumsum": _NO_BOOL,
    "Cumprod": _NO_BOOL, "CumulativeLogsumexp": _REAL_F, "AddN": _NO_BOOL,
    "SegmentSum": _NO_BOOL, "SegmentMean": _NO_BOOL, "SegmentProd": _NO_BOOL,
    "SegmentMax": _REAL, "SegmentMin": _REAL, "UnsortedSegmentSum": _NO_BOOL,
    "UnsortedSegmentProd": _NO_BOOL, "UnsortedSegmentMax": _REAL, "UnsortedSegmentMin": _REAL,
    "UnsortedSegmentMean": _REAL, "UnsortedSegmentSqrtN": _REAL_F,
    "SegmentIds": _INT32_64, "UnsortedSegmentIds": _INT32_64 | {"int16"},
    "DenseBincount": _COUNTS, "DenseBincountInput": _INT32_64, "InvertPermutation": _INT32_64,
    "HistogramFixedWidth": _COUNTS, "HistogramFixedWidthOut": _INT32_64,
    "HistogramFixedWidthBins": _REAL_F, "Bitcast": _NO_BOOL, "ClipByNorm": _REAL_F,
    "L2Loss": _REAL_F,
})
_NO_KERNEL["SaturateCast"] = frozenset({"uint32", "uint64"})
KERNELS["SaturateCast"] = _NO_BOOL


def _axis_of(axis, ndim: int, op: str) -> int:
    """A scan axis (int or 0-d integer tensor) in [-ndim, ndim)."""
    if axis is None:
        raise ValueError("Attempt to convert a value (None) with an unsupported type (<class "
                         "'NoneType'>) to a Tensor.")
    if isinstance(axis, (list, tuple)) and all(isinstance(v, (int, np.integer)) for v in axis):
        raise invalid_argument(f"ScanOp: axis must be a scalar, not [{len(axis)}]", op)
    if type(axis) is Tensor and native_name(axis._data) in ("int32", "int64"):
        if axis.ndim:
            raise invalid_argument(f"ScanOp: axis must be a scalar, not {list(axis.shape)}", op)
        axis = int(axis.numpy())
    if not isinstance(axis, (int, np.integer)) or isinstance(axis, bool):
        raise TypeError(f"Cannot convert {axis!r} to EagerTensor of dtype int32")
    axis = int(axis)
    if not -ndim <= axis < ndim:
        raise invalid_argument(f"ScanOp: Expected scan axis in the range [{-ndim}, {ndim}), but "
                               f"got {axis}", op)
    return axis % ndim


def _slice_along(a, axis, sl):
    return ivy.get_item(a, (slice(None),) * axis + (sl,))


def _shift(a, axis, fill):
    """``a`` moved one step along ``axis``, ``fill`` entering first (exclusive scans)."""
    if a.shape[axis] == 0:
        return a
    shape = tuple(1 if d == axis else s for d, s in enumerate(a.shape))
    first = ivy.full(shape, fill, dtype=native_name(a))
    return ivy.concat([first, _slice_along(a, axis, slice(None, -1))], axis=axis)


def _scan(op, core, fill):
    def f(x, axis=0, exclusive=False, reverse=False, name=None):
        a = _native(x)
        check_kernel(op, native_name(a))
        ax = _axis_of(axis, len(a.shape), op)
        if reverse:
            a = ivy.flip(a, axis=ax)
        if exclusive:
            a = _shift(a, ax, fill)
        out = kernel(op, lambda v: core(v, ax), a)
        return wrap(ivy.flip(out, axis=ax) if reverse else out)
    return f


cumsum = _scan("Cumsum", lambda v, ax: ivy.cumulative_sum(v, axis=ax, dtype=native_name(v)), 0)
cumprod = _scan("Cumprod", lambda v, ax: ivy.cumulative_prod(v, axis=ax, dtype=native_name(v)),
                1)
cumulative_logsumexp = _scan("CumulativeLogsumexp",
                             lambda v, ax: ivy.logcumsumexp(v, axis=ax), float("-inf"))


def _reduce_axes(input_tensor, axis, op):
    a = _native(input_tensor)
    check_kernel(op, native_name(a))
    return a, _axes(axis, len(a.shape), op)


def reduce_logsumexp(input_tensor, axis=None, keepdims=False, name=None):
    a, axes = _reduce_axes(input_tensor, axis, "ReduceLogSumExp")
    return wrap(ivy.logsumexp(a, axis=axes, keepdims=bool(keepdims)))


def _moment_input(input_tensor, axis):
    a = _native(input_tensor)
    n = native_name(a)
    if n in _INT:
        raise TypeError(f"Input must be either real or complex. Received integer type "
                        f"<dtype: '{n}'>.")
    check_kernel("Mean", n)
    return a, _axes(axis, len(a.shape), "Mean")


def reduce_variance(input_tensor, axis=None, keepdims=False, name=None):
    """Mean squared deviation (complex input: of the magnitude, a real result)."""
    a, axes = _moment_input(input_tensor, axis)
    d = ivy.subtract(a, ivy.mean(a, axis=axes, keepdims=True))
    sq = ivy.real(ivy.multiply(d, ivy.conj(d))) if native_name(a) in _COMPLEX else \
        ivy.multiply(d, d)
    return wrap(ivy.mean(sq, axis=axes, keepdims=bool(keepdims)))


def reduce_std(input_tensor, axis=None, keepdims=False, name=None):
    return wrap(ivy.sqrt(reduce_variance(input_tensor, axis, keepdims)._data))


def reduce_euclidean_norm(input_tensor, axis=None, keepdims=False, name=None):
    """sqrt of the sum of squares in the input's dtype (integers: the sum wraps and the root is
    truncated, as TensorFlow's kernel)."""
    a, axes = _reduce_axes(input_tensor, axis, "EuclideanNorm")
    n = native_name(a)
    sq = ivy.multiply(a, ivy.conj(a)) if n in _COMPLEX else ivy.multiply(a, a)
    s = ivy.sum(sq, axis=axes, keepdims=bool(keepdims), dtype=n)
    if n in _INT:
        return wrap(ivy.astype(ivy.trunc(ivy.sqrt(ivy.astype(s, "float64"))), n))
    return wrap(ivy.sqrt(s))


def count_nonzero(input, axis=None, keepdims=None, dtype=T.BY_NAME["int64"],  # noqa: A002
                  name=None):
    a = _native(input)
    axes = _axes(axis, len(a.shape), "Sum")
    nz = ivy.astype(ivy.not_equal(a, ivy.zeros_like(a)), "int64")
    return wrap(ivy.astype(ivy.sum(nz, axis=axes, keepdims=bool(keepdims)), T.name_of(dtype)))


def zero_fraction(value, name=None):
    a = _native(value)
    zeros = ivy.astype(ivy.equal(a, ivy.zeros_like(a)), "float32")
    if not math.prod(a.shape):
        return wrap(ivy.full((), float("nan"), dtype="float32"))
    return wrap(ivy.mean(zeros))


# ---- add_n ---------------------------------------------------------------------------------------
def add_n(inputs, name=None):
    """``tf.add_n``: one dtype and shape for every input (InvalidArgumentError otherwise)."""
    items = list(inputs) if isinstance(inputs, (list, tuple, Tensor)) else None
    if not items:
        raise ValueError("Inputs must be an iterable of at least one Tensor/IndexedSlices with "
                         "the same dtype and shape.")
    arrays = [_native(v) for v in items]
    first = arrays[0]
    if len(arrays) == 1:
        return wrap(first)
    for i, b in enumerate(arrays[1:], 1):
        same_dtype("AddN", first, b, i)
    check_kernel("AddN", native_name(first))
    for b in arrays[1:]:
        if tuple(b.shape) != tuple(first.shape):
            raise invalid_argument(f"Inputs to operation AddN of type AddN must have the same "
                                   f"size and shape.  Input 0: {list(first.shape)} != input 1: "
                                   f"{list(b.shape)}", "AddN")
    out = first
    for b in arrays[1:]:
        out = ivy.add(out, b)
    return wrap(out)


def accumulate_n(inputs, shape=None, tensor_dtype=None, name=None):
    """``tf.math.accumulate_n``: ``add_n`` with static checks of ``shape``/``tensor_dtype``."""
    if not isinstance(inputs, (list, tuple)) or not inputs:
        raise ValueError("inputs must be a list of at least one Tensor with the same dtype and "
                         "shape")
    arrays = [_native(v) for v in inputs]
    n, s = native_name(arrays[0]), tuple(arrays[0].shape)
    if any(native_name(b) != n for b in arrays):
        raise ValueError("inputs must be a list of at least one Tensor with the same dtype and "
                         "shape")
    for b in arrays:
        if tuple(b.shape) != s:
            raise ValueError(f"Shapes {_fmt(tuple(b.shape))} and {_fmt(s)} are not compatible")
    if shape is not None and tuple(shape) != s:
        raise ValueError(f"Shapes {_fmt(tuple(shape))} and {_fmt(s)} are not compatible")
    if tensor_dtype is not None and T.name_of(tensor_dtype) != n:
        raise TypeError(f"The `tensor_dtype` argument is <dtype: '{T.name_of(tensor_dtype)}'>, "
                        f"but `input` is of type <dtype: '{n}'>. These must be equal. Try "
                        f"casting the input to the desired type.")
    return add_n([wrap(b) for b in arrays])


def _fmt(shape):
    return f"({shape[0]},)" if len(shape) == 1 else f"({', '.join(map(str, shape))})"


# ---- segment reductions -------------------------------------------------------------------------


def _extreme(n, which):
    """The dtype's lowest (``min``) or highest (``max``) finite value, as a Python number."""
    v = getattr(T.BY_NAME[n], which)
    return int(v) if n in _INT else float(v)


# torch's scatter has no kernels for these: scattered as int64 (wrapping arithmetic agrees;
# max/min agree below 2**63)
_WIDE_SCATTER = {"uint16": "int64", "uint32": "int64", "uint64": "int64"}


def _scatter(base, idx, values, reduction):
    n = native_name(base)
    wide = _WIDE_SCATTER.get(n)
    if wide is None:
        return ivy.scatter(base, idx, values, axis=0, reduction=reduction)
    base, values = ivy.astype(base, wide), ivy.astype(values, wide)
    if n == "uint64" and reduction in ("max", "min"):     # order-preserving: flip the sign bit
        base, values = _flip_sign(base), _flip_sign(values)
        return ivy.astype(_flip_sign(ivy.scatter(base, idx, values, axis=0,
                                                 reduction=reduction)), n)
    return ivy.astype(ivy.scatter(base, idx, values, axis=0, reduction=reduction), n)


def _flip_sign(a):
    return ivy.bitwise_xor(a, ivy.full_like(a, -2 ** 63))


def _scatter_rows(data, ids, rows, reduction, init):
    """Rows of ``data`` reduced into ``rows`` slots by ``ids`` (ids == rows: dropped)."""
    n = native_name(data)
    rest = tuple(data.shape[1:])
    base = ivy.full((rows + 1,) + rest, init, dtype=n)
    idx = ivy.broadcast_to(ivy.reshape(ids, (ids.shape[0],) + (1,) * len(rest)),
                           tuple(data.shape))
    out = _scatter(base, idx, data, reduction)
    return ivy.get_item(out, (slice(0, rows),))


def _counts(ids, rows):
    ones = ivy.ones((ids.shape[0],), dtype="int64")
    out = ivy.scatter(ivy.zeros((rows + 1,), dtype="int64"), ids, ones, axis=0, reduction="add")
    return ivy.get_item(out, (slice(0, rows),))


def _per_row(counts, like):
    """``counts`` shaped to broadcast against rows of ``like``."""
    return ivy.reshape(counts, (counts.shape[0],) + (1,) * (len(like.shape) - 1))


def _int_mean(total, counts):
    """Integer means truncated toward zero (empty segments: 0)."""
    c = ivy.astype(ivy.maximum(counts, ivy.ones_like(counts)), native_name(total))
    q = ivy.floor_divide(total, c)
    inexact = ivy.logical_and(ivy.less(total, ivy.zeros_like(total)),
                              ivy.not_equal(ivy.remainder(total, c), ivy.zeros_like(total)))
    return ivy.where(inexact, ivy.add(q, ivy.ones_like(q)), q)


_REDUCE = {"sum": ("add", lambda n: 0), "mean": ("add", lambda n: 0),
           "sqrt_n": ("add", lambda n: 0), "prod": ("prod", lambda n: 1),
           "max": ("max", lambda n: _extreme(n, "min")),
           "min": ("min", lambda n: _extreme(n, "max"))}


def _segment_values(data, ids, rows, kind, sorted_):
    n = native_name(data)
    reduction, init = _REDUCE[kind]
    out = _scatter_rows(data, ids, rows, reduction, init(n))
    if kind in ("sum", "prod") or (kind in ("max", "min") and not sorted_):
        return out
    counts = _per_row(_counts(ids, rows), out)
    if kind in ("max", "min"):
        return ivy.where(ivy.equal(counts, ivy.zeros_like(counts)), ivy.zeros_like(out), out)
    if kind == "mean" and n in _INT:
        return _int_mean(out, counts)
    c = ivy.astype(ivy.maximum(counts, ivy.ones_like(counts)), n)
    if kind == "sqrt_n":
        c = ivy.sqrt(c)
    return ivy.divide(out, c)


def _ids(segment_ids, op):
    ids = _native(segment_ids)
    check_kernel(op, native_name(ids))
    return ids


def _segment(kind, op):
    def f(data, segment_ids, name=None):
        a = _native(data)
        check_kernel(op, native_name(a))
        ids = _ids(segment_ids, "SegmentIds")
        if len(ids.shape) != 1:
            raise invalid_argument("segment_ids should be a vector.", op)
        if not len(a.shape) or ids.shape[0] != a.shape[0]:
            raise invalid_argument("segment_ids should be the same size as dimension 0 of input.",
                                   op)
        host = ivy.to_numpy(ids).astype(np.int64)
        rows = int(host[-1]) + 1 if host.size else 0
        if host.size and (np.any(np.diff(host) < 0)):
            raise invalid_argument("segment ids are not increasing", op)
        if host.size and host[0] < 0:
            raise invalid_argument(f"Segment id {host[0]} out of range [0, {rows}), possibly "
                                   f"because 'segment_ids' input is not sorted.", op)
        ids = ivy.astype(ids, "int64")
        return wrap(_segment_values(a, ids, rows, kind, True))
    f.__name__ = f"segment_{kind}"
    return f


_UNSORTED_CAST = {"int8": "float32", "int16": "float32", "uint8": "float32", "uint16": "float32",
                  "int32": "float64", "int64": "float64", "uint32": "float64",
                  "uint64": "float64"}


def _unsorted(kind, op):
    def f(data, segment_ids, num_segments, name=None):
        a = _native(data)
        check_kernel(op, native_name(a))
        if kind == "mean" and native_name(a) in _UNSORTED_CAST:
            a = ivy.astype(a, _UNSORTED_CAST[native_name(a)])
        ids = _ids(segment_ids, "UnsortedSegmentIds")
        rows = int(num_segments.numpy() if type(num_segments) is Tensor else num_segments)
        if rows < 0:
            raise invalid_argument(f"Input num_segments == {rows} must not be negative.", op)
        k = len(ids.shape)
        if tuple(a.shape[:k]) != tuple(ids.shape):
            raise invalid_argument(f"data.shape = {list(a.shape)} does not start with "
                                   f"segment_ids.shape = {list(ids.shape)}", op)
        flat = ivy.reshape(ivy.astype(ids, "int64"), (-1,))
        host = ivy.to_numpy(flat)
        if host.size and host.max() >= rows:
            i = int(np.argmax(host >= rows))
            raise invalid_argument(f"segment_ids[{i}] = {host[i]} is out of range [0, {rows})",
                                   op)
        # negative ids are dropped: they go to the extra slot
        flat = ivy.where(ivy.less(flat, ivy.zeros_like(flat)), ivy.full_like(flat, rows), flat)
        rows_data = ivy.reshape(a, (math.prod(ids.shape),) + tuple(a.shape[k:]))
        return wrap(_segment_values(rows_data, flat, rows, kind, False))
    f.__name__ = f"unsorted_segment_{kind}"
    return f


_SEGMENT = {f"segment_{k}": _segment(k, op) for k, op in (
    ("sum", "SegmentSum"), ("mean", "SegmentMean"), ("max", "SegmentMax"),
    ("min", "SegmentMin"), ("prod", "SegmentProd"))}
_SEGMENT.update({f"unsorted_segment_{k}": _unsorted(k, op) for k, op in (
    ("sum", "UnsortedSegmentSum"), ("mean", "UnsortedSegmentMean"),
    ("max", "UnsortedSegmentMax"), ("min", "UnsortedSegmentMin"),
    ("prod", "UnsortedSegmentProd"), ("sqrt_n", "UnsortedSegmentSqrtN"))})


# ---- counting -----------------------------------------------------------------------------------
def _host_int(v):
    return None if v is None else int(v.numpy() if type(v) is Tensor else v)


def bincount(arr, weights=None, minlength=None, maxlength=None, dtype=T.BY_NAME["int32"],
             name=None, axis=None, binary_output=False):
    """``tf.math.bincount``: non-integer input is cast to int32; ``axis`` None/0 counts all values,
    -1 each row of a matrix; values at or past ``maxlength`` are dropped."""
    a = _native(arr)
    n = native_name(a)
    if n == "bool" or n in _REAL_F or n in _COMPLEX:
        a = ivy.astype(ivy.real(a) if n in _COMPLEX else a, "int32")
    check_kernel("DenseBincountInput", native_name(a))
    if weights is not None and binary_output:
        raise ValueError("Arguments `binary_output` and `weights` are mutually exclusive. Please "
                         "specify only one.")
    if axis not in (None, 0, -1):
        raise ValueError(f"Unsupported value for argument axis={axis}. Only 0 and -1 are "
                         f"currently supported.")
    rows = axis == -1 and len(a.shape) == 2
    if axis == -1 and len(a.shape) > 2:
        raise invalid_argument(f"Shape must be at most rank 2 but is rank {len(a.shape)}",
                               "DenseBincount")
    w = None if weights is None else _native(weights)
    out = T.name_of(dtype) if w is None else native_name(w)
    check_kernel("DenseBincount", out)
    if w is not None and tuple(w.shape) != tuple(a.shape):
        raise invalid_argument("`weights` must be the same shape as `arr` or a length-0 "
                               "`Tensor`, in which case it acts as all weights equal to 1.",
                               "DenseBincount")
    if not rows:
        a = ivy.reshape(a, (-1,))
        w = None if w is None else ivy.reshape(w, (-1,))
    flat = ivy.astype(ivy.reshape(a, (-1,)), "int64")
    if math.prod(a.shape) and bool(ivy.any(ivy.less(flat, ivy.zeros_like(flat)))):
        raise invalid_argument("Input arr must be non-negative!", "DenseBincount")
    size = int(ivy.to_numpy(ivy.max(flat))) + 1 if math.prod(a.shape) else 0
    size = max(size, _host_int(minlength) or 0)
    if maxlength is not None:
        size = min(size, _host_int(maxlength))
    nrows = a.shape[0] if rows else 1
    bins = ivy.minimum(flat, ivy.full_like(flat, size))       # past the last bin: dropped
    if rows:
        offsets = ivy.reshape(ivy.astype(ivy.arange(a.shape[0]), "int64"), (-1, 1))
        bins = ivy.reshape(ivy.add(ivy.reshape(bins, tuple(a.shape)),
                                   ivy.multiply(offsets, ivy.full_like(offsets, size + 1))),
                           (-1,))
    values = ivy.ones(tuple(bins.shape), dtype=out) if w is None else ivy.reshape(w, (-1,))
    total = _scatter(ivy.zeros((nrows * (size + 1),), dtype=out), bins, values, "add")
    total = ivy.get_item(ivy.reshape(total, (nrows, size + 1)), (slice(None), slice(0, size)))
    if binary_output:
        total = ivy.astype(ivy.greater(total, ivy.zeros_like(total)), out)
    return wrap(total if rows else ivy.reshape(total, (size,)))


def confusion_matrix(labels, predictions, num_classes=None, weights=None,
                     dtype=T.BY_NAME["int32"], name=None):
    """``tf.math.confusion_matrix``: rows are labels, columns predictions (both cast to int64)."""
    lab, pred = (ivy.reshape(_int64(_native(v)), (-1,)) for v in (labels, predictions))
    out = T.name_of(dtype)
    if lab.shape[0] != pred.shape[0]:
        raise invalid_argument(f"Shapes of all inputs must match: values[0].shape = "
                               f"[{lab.shape[0]}] != values[1].shape = [{pred.shape[0]}]", "Pack")
    for v, what in ((lab, "labels"), (pred, "predictions")):
        if bool(ivy.any(ivy.less(v, ivy.zeros_like(v)))):
            raise invalid_argument(f"`{what}` contains negative values.")
    if num_classes is None:
        if not lab.shape[0]:
            raise invalid_argument("Dimension -9223372036854775807 must be >= 0", "ScatterNd")
        classes = int(ivy.to_numpy(ivy.maximum(ivy.max(lab), ivy.max(pred)))) + 1
    else:
        classes = _host_int(num_classes)
        for v, what in ((lab, "labels"), (pred, "predictions")):
            if bool(ivy.any(ivy.greater_equal(v, ivy.full_like(v, classes)))):
                raise invalid_argument(f"`{what}` out of bound")
    w = ivy.ones(tuple(lab.shape), dtype=out) if weights is None else \
        ivy.reshape(_cast(_native(weights), out), (-1,))
    idx = ivy.add(ivy.multiply(lab, ivy.full_like(lab, classes)), pred)
    total = _scatter(ivy.zeros((classes * classes,), dtype=out), idx, w, "add")
    return wrap(ivy.reshape(total, (classes, classes)))


def _cast(a, n):
    """``tf.cast`` of a native (complex to real keeps the real part)."""
    if native_name(a) in _COMPLEX and n not in _COMPLEX:
        a = ivy.real(a)
    return a if native_name(a) == n else ivy.astype(a, n)


def _int64(a):
    return _cast(a, "int64")


def invert_permutation(x, name=None):
    a = _native(x)
    check_kernel("InvertPermutation", native_name(a))
    if len(a.shape) != 1:
        raise invalid_argument("invert_permutation expects a 1D vector.", "InvertPermutation")
    size = a.shape[0]
    host = ivy.to_numpy(a)
    seen = set()
    for v in host.tolist():
        if not 0 <= v < size:
            raise invalid_argument(f"{v} is not between 0 and {size}", "InvertPermutation")
        if v in seen:
            raise invalid_argument(f"{v} is duplicated in the input.", "InvertPermutation")
        seen.add(v)
    n = native_name(a)
    return wrap(ivy.scatter(ivy.zeros((size,), dtype=n), a, ivy.astype(ivy.arange(size), n),
                            axis=0))


def _monotone(compare):
    def f(x, name=None):
        a = _native(x)
        n = native_name(a)
        if n == "bool":
            raise TypeError(f"Expected x to be numeric, instead found: {wrap(a)}")
        check_kernel("LessEqual", n)
        flat = ivy.reshape(a, (-1,))
        if flat.shape[0] < 2:
            return wrap(ivy.asarray(True))
        return wrap(ivy.all(_IVY[compare](ivy.get_item(flat, (slice(None, -1),)),
                                          ivy.get_item(flat, (slice(1, None),)))))
    return f


is_non_decreasing = _monotone("less_equal")
is_strictly_increasing = _monotone("less")


def polyval(coeffs, x, name=None):
    """Horner's rule with TensorFlow's operators (no promotion between coefficients and x)."""
    if not isinstance(coeffs, list):
        raise ValueError(f"Argument coeffs must be list type. Received type {type(coeffs)}.")
    xs = wrap(_native(x))
    if not coeffs:
        return wrap(ivy.zeros_like(xs._data))
    p = wrap(_native(coeffs[0]))
    for c in coeffs[1:]:
        p = _ops.add(wrap(_native(c)), _ops.multiply(p, xs))
    return p


# ---- clipping -----------------------------------------------------------------------------------
def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    """``minimum(t, max)`` then ``maximum(., min)``: bounds convert to t's dtype; bounds that
    would broadcast ``t`` to a larger shape: ValueError."""
    v = wrap(_native(t))
    a, hi = _ops.pair(v, clip_value_max, True)
    check_kernel("Minimum", same_dtype("Minimum", a, hi))
    low = ivy.minimum(a, hi)
    if tuple(low.shape) != tuple(a.shape):
        raise ValueError(f"Shapes {_fmt(tuple(a.shape))} and {_fmt(tuple(low.shape))} are "
                         f"incompatible")
    _, lo = _ops.pair(v, clip_value_min, True)
    same_dtype("Maximum", a, lo)
    out = ivy.maximum(low, lo)
    if tuple(out.shape) != tuple(a.shape):
        raise ValueError(f"Shapes {_fmt(tuple(a.shape))} and {_fmt(tuple(out.shape))} are "
                         f"incompatible")
    return wrap(out)


def _l2sum(a, axes, keepdims=True):
    return ivy.sum(ivy.multiply(a, a), axis=axes, keepdims=keepdims)


def clip_by_norm(t, clip_norm, axes=None, name=None):
    """``t * clip_norm / max(l2norm(t), clip_norm)`` (a negative clip_norm counts as 0)."""
    a = _native(t)
    n = native_name(a)
    check_kernel("Maximum", n)
    check_kernel("ClipByNorm", n)
    ax = _axes(axes, len(a.shape), "Sum")
    c = _cast(_native(clip_norm), n)
    c = ivy.maximum(c, ivy.zeros_like(c))
    s = _l2sum(a, ax)
    pos = ivy.greater(s, ivy.zeros_like(s))
    norm = ivy.where(pos, ivy.sqrt(ivy.where(pos, s, ivy.ones_like(s))), s)
    return wrap(ivy.divide(ivy.multiply(a, c), ivy.maximum(norm, c)))


def _global_norm(arrays):
    if not arrays:
        return ivy.zeros((), dtype="float32")
    first = arrays[0]
    for i, b in enumerate(arrays[1:], 1):
        same_dtype("Pack", first, b, i)
    check_kernel("L2Loss", native_name(first))
    total = ivy.sum(ivy.stack([_l2sum(b, None, False) for b in arrays]))
    return ivy.sqrt(total)


def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    """``(list_clipped, global_norm)``: every tensor times ``clip_norm / max(global_norm,
    clip_norm)`` (NaN when the norm is not finite); ``None`` entries stay ``None``."""
    if type(t_list) is Tensor or not isinstance(t_list, (list, tuple)):
        raise TypeError(f"`t_list` should be a sequence of tensors. Received {type(t_list)}.")
    arrays = [None if v is None else _native(v) for v in t_list]
    present = [b for b in arrays if b is not None]
    norm = _global_norm(present) if use_norm is None else _native(use_norm)
    n = native_name(norm)
    c = _cast(_native(clip_norm), n)
    one = ivy.ones_like(norm)
    scale = ivy.multiply(c, ivy.minimum(ivy.divide(one, norm), ivy.divide(one, c)))
    scale = ivy.where(ivy.isfinite(norm), scale, ivy.full_like(norm, float("nan")))
    clipped = [None if b is None else wrap(ivy.multiply(b, _cast(scale, native_name(b))))
               for b in arrays]
    return clipped, wrap(norm)


def _limits(n, target):
    """``saturate_cast``'s clamp bounds in n's dtype: the tighter of both dtypes' limits, held
    in n (the upper one through a Python float, so int64's rounds and wraps, as TensorFlow's
    does), stepped toward zero when rounding carried it past the target's limit."""
    have, want = T.BY_NAME[n], T.BY_NAME[target]
    own = have.as_numpy_dtype
    try:
        promoted = np.promote_types(own, want.as_numpy_dtype)
    except TypeError:
        promoted = float
    with np.errstate(all="ignore"):
        lo = own(np.maximum(have.min, want.min))
        hi = own(np.minimum(float(have.max), float(want.max)))
        floating = n in _REAL_F
        if floating and np.array([lo, want.min], dtype=promoted)[0] < want.min:
            lo = np.nextafter(lo, own(0), dtype=own)
        if floating and np.array([hi, want.max], dtype=promoted)[0] > want.max:
            hi = np.nextafter(hi, own(0), dtype=own)
    return ivy.asarray(np.asarray(lo, dtype=own)), ivy.asarray(np.asarray(hi, dtype=own))


def saturate_cast(value, dtype, name=None):
    """``tf.saturate_cast``: clamp to the target dtype's range, then cast (NaN becomes 0 in an
    integer target; complex to real keeps the real part)."""
    a = _native(value)
    out = T.name_of(dtype)
    if native_name(a) == "bool" or out == "bool":
        raise TypeError("Cannot find minimum value of <dtype: 'bool'> with type <dtype: 'bool'>.")
    if native_name(a) in _COMPLEX:
        if out in _COMPLEX:
            return wrap(_cast(a, out))
        a = ivy.real(a)
    n = native_name(a)
    check_kernel("SaturateCast", n)
    lo, hi = _limits(n, T.BY_NAME[out].real_dtype.name)
    a = ivy.maximum(ivy.minimum(a, hi), lo)      # ClipByValue: the lower bound wins
    if n in _REAL_F and out in _INT:
        a = ivy.where(ivy.isnan(a), ivy.zeros_like(a), a)
    return wrap(_cast(a, out))


# ---- histograms and bitcast ---------------------------------------------------------------------
def _histogram_input(values, value_range, nbins, op):
    a = _native(values)
    n = native_name(a)
    r = _native(value_range) if type(value_range) is Tensor else convert(value_range, n)
    check_kernel(op, n)
    same_dtype(op, a, r)
    if tuple(r.shape) != (2,):
        raise invalid_argument("value_range should be a vector of 2 elements.", op)
    return a, r, _host_int(nbins)


def histogram_fixed_width(values, value_range, nbins=100, dtype=T.BY_NAME["int32"], name=None):
    """Counts of ``values`` in ``nbins`` equal bins over ``value_range`` (values outside go to
    the first or last bin)."""
    op = "HistogramFixedWidth"
    a, r, bins = _histogram_input(values, value_range, nbins, op)
    out = T.name_of(dtype)
    check_kernel("HistogramFixedWidthOut", out)
    lo, hi = (ivy.get_item(r, i) for i in (0, 1))
    if not bool(ivy.less(lo, hi)):
        raise invalid_argument("value_range should satisfy value_range[0] < value_range[1], but "
                               f"got '[{ivy.to_numpy(r)[0]}, {ivy.to_numpy(r)[1]}]'", op)
    if bins <= 0:
        raise invalid_argument(f"nbins should be a positive number, but got '{bins}'", op)
    flat = ivy.reshape(a, (-1,))
    if native_name(a) in _REAL_F and bool(ivy.any(ivy.isnan(flat))):
        raise invalid_argument("Histogram values must not contain NaN", op)
    step = ivy.divide(ivy.astype(ivy.subtract(hi, lo), "float64"), float(bins))
    shifted = ivy.astype(ivy.subtract(ivy.maximum(flat, lo), lo), "float64")
    index = ivy.minimum(ivy.divide(shifted, step), ivy.full_like(shifted, bins - 1))
    index = ivy.astype(index, "int64")
    total = ivy.scatter(ivy.zeros((bins,), dtype=out), index,
                        ivy.ones(tuple(index.shape), dtype=out), axis=0, reduction="add")
    return wrap(total)


def histogram_fixed_width_bins(values, value_range, nbins=100, dtype=T.BY_NAME["int32"],
                               name=None):
    """The bin of each value (int32 whatever ``dtype`` says, as TensorFlow)."""
    a, r = _native(values), _native(value_range)
    n = native_name(a)
    check_kernel("Sub", n)
    same_dtype("Sub", a, r)
    check_kernel("HistogramFixedWidthBins", n)
    bins = _host_int(nbins)
    lo, hi = (ivy.get_item(r, i) for i in (0, 1))
    scaled = ivy.divide(ivy.subtract(a, lo), ivy.subtract(hi, lo))
    index = ivy.floor(ivy.multiply(ivy.full_like(scaled, bins), scaled))
    index = ivy.clip(index, ivy.zeros_like(index), ivy.full_like(index, bins - 1))
    return wrap(ivy.astype(index, "int32"))


def bitcast(input, type, name=None):  # noqa: A002 - TensorFlow's parameter names
    """``tf.bitcast``: a narrower type adds a last axis, a wider one consumes it."""
    a = _native(input)
    n, out = native_name(a), T.name_of(type)
    check_kernel("Bitcast", n)
    if out == "bool":
        raise invalid_argument(f"Value for attr 'type' of bool is not in the list of allowed "
                               f"values", "Bitcast")
    have, want = T.BY_NAME[n].size, T.BY_NAME[out].size
    if have == want:
        return wrap(ivy.bitcast(a, out))
    if have > want:
        return wrap(ivy.bitcast(ivy.expand_dims(a, axis=-1), out))
    if not len(a.shape) or a.shape[-1] * have != want:
        raise invalid_argument(f"Cannot bitcast from {T.BY_NAME[n].as_datatype_enum} to "
                               f"{T.BY_NAME[out].as_datatype_enum}", "Bitcast")
    return wrap(ivy.squeeze(ivy.bitcast(a, out), axis=-1))


_MORE = {"reduce_logsumexp": reduce_logsumexp, "reduce_std": reduce_std,
         "reduce_variance": reduce_variance, "reduce_euclidean_norm": reduce_euclidean_norm,
         "count_nonzero": count_nonzero, "zero_fraction": zero_fraction, "cumsum": cumsum,
         "cumprod": cumprod, "cumulative_logsumexp": cumulative_logsumexp, "add_n": add_n,
         "accumulate_n": accumulate_n, **_SEGMENT, "bincount": bincount,
         "confusion_matrix": confusion_matrix, "invert_permutation": invert_permutation,
         "is_non_decreasing": is_non_decreasing, "is_strictly_increasing": is_strictly_increasing,
         "polyval": polyval}
_TOP = {"cumsum": cumsum, "add_n": add_n, "reduce_logsumexp": reduce_logsumexp,
        "saturate_cast": saturate_cast, "clip_by_value": clip_by_value,
        "clip_by_norm": clip_by_norm, "clip_by_global_norm": clip_by_global_norm,
        "histogram_fixed_width": histogram_fixed_width,
        "histogram_fixed_width_bins": histogram_fixed_width_bins, "bitcast": bitcast}
EXPORTS = {"tf": {**_FUNCTIONS, **_TOP}, "math": {**_FUNCTIONS, **_MORE},
           "nn": {"zero_fraction": zero_fraction}}
