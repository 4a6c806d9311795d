"""Shared machinery of the tensorflow backend: dtypes, devices, errors, promotion, kernel gaps.

TF quirks every function here must respect (checked on tensorflow-cpu 2.21):
- no implicit promotion, and ``tf.constant(300, tf.int8)`` wraps silently: Python scalars are
  range-checked here before they become tensors;
- CPU kernels run with denormals flushed to zero (FTZ/DAZ, set by TF's executor): arithmetic and
  comparisons see subnormal floats as 0. Sorting, searching, sign bits and ``nextafter`` therefore
  work on the bit patterns (``order_key``), which no float unit touches.
"""
import numpy as np
import tensorflow as tf

from ivy.core import dtypes as dt
from ivy.core.errors import IvyTypeError, IvyValueError, unsupported, where

NAME = "tensorflow"
NATIVE_ARRAY_TYPES = (tf.Tensor, tf.Variable)

raw = tf.raw_ops  # generated op wrappers: the thinnest public entry to a kernel

# ---- dtypes ----------------------------------------------------------------------------------
TF = {name: tf.as_dtype(name) for name in dt.ALL}    # canonical name -> tf.DType (interned)
_CANONICAL = {id(d): name for name, d in TF.items()}
PY_SCALARS = (bool, int, float, complex)
INT_RANGE = {n: (dt.iinfo(n).min, dt.iinfo(n).max) for n in dt.INTEGRAL}
# Same-width signed integer of each float (bit-pattern tricks) and of each unsigned int.
BITS_INT = {"float16": "int16", "bfloat16": "int16", "float32": "int32", "float64": "int64",
            "uint8": "int8", "uint16": "int16", "uint32": "int32", "uint64": "int64"}
# sum/prod/cumulative_*/trace accumulate small integers in the default integer of their signedness.
SUM_DTYPE = {"bool": "int64", "int8": "int64", "int16": "int64", "int32": "int64",
             "uint8": "uint64", "uint16": "uint64", "uint32": "uint64"}


def name_of(tf_dtype) -> str:
    """Canonical name of a tf.DType (non-canonical ones keep TF's name)."""
    return _CANONICAL.get(id(tf_dtype)) or tf_dtype.name


def tf_dtype(dtype, fn: str):
    """A ``dtype=`` argument (canonical name, tf.DType or numpy dtype) as a tf.DType."""
    if type(dtype) is str:
        d = TF.get(dtype)
        if d is not None:
            return d
    else:
        try:
            d = tf.as_dtype(dtype)
        except TypeError:
            d = None
        if d is not None and d.name in TF:
            return TF[d.name]
    raise IvyTypeError(f"{where(fn, NAME)}: unknown dtype {dtype!r}", function=fn, backend=NAME)


def const(value, d):
    """A 0-d tensor of tf.DType ``d`` holding a Python number exactly. Through numpy: TF's eager
    cache of Python scalar constants keys on value, so -0.0 after 0.0 comes back as 0.0."""
    return tf.constant(np.asarray(value, dtype=d.as_numpy_dtype))


def cast(x, d):
    """``x`` as tf.DType ``d`` (no op when it already is)."""
    return x if x.dtype is d else tf.cast(x, d)


def bitcast(x, name: str):
    return tf.bitcast(x, TF[name])


# ---- devices ---------------------------------------------------------------------------------
_TO_TF_DEVICE = {}     # canonical device -> TF device string
_FROM_TF_DEVICE = {}   # TF device string -> canonical device


def tf_device(device, fn: str):
    """A ``device=`` argument (``"cpu"``, ``"gpu:1"``, a TF device string or DeviceSpec) as TF's."""
    if isinstance(device, tf.DeviceSpec):
        return device.to_string()
    if isinstance(device, str):
        found = _TO_TF_DEVICE.get(device)
        if found is not None:
            return found
        kind, _, index = device.partition(":")
        if kind in ("cpu", "gpu") and (index == "" or index.isdigit()):
            found = f"/{kind.upper()}:{index or 0}"
            # TF's soft placement would silently fall back to the CPU for a missing device
            if found not in {f"/{d.device_type}:{d.name.rsplit(':', 1)[-1]}"
                             for d in tf.config.list_logical_devices()}:
                raise IvyValueError(f"{where(fn, NAME)}: no device {device!r} is visible to "
                                    "tensorflow", function=fn, backend=NAME)
            _TO_TF_DEVICE[device] = found
            return found
        if device.startswith("/") or "device:" in device.lower():
            return device  # TF's own spelling
    raise IvyValueError(f"{where(fn, NAME)}: unknown device {device!r}; use 'cpu' or 'gpu:N'",
                        function=fn, backend=NAME)


def canonical_device(tf_string: str) -> str:
    """TF's long device string (``/job:localhost/.../device:GPU:1``) as ``"gpu:1"``."""
    found = _FROM_TF_DEVICE.get(tf_string)
    if found is None:
        spec = tf.DeviceSpec.from_string(tf_string) if tf_string else None
        if spec is None or spec.device_type is None:
            # Symbolic tensors inside tf.function carry no placement yet: TF's default device.
            found = "gpu:0" if tf.config.list_logical_devices("GPU") else "cpu"
        elif spec.device_type.upper() == "CPU":
            found = "cpu" if not spec.device_index else f"cpu:{spec.device_index}"
        else:
            found = f"{spec.device_type.lower()}:{spec.device_index or 0}"
        _FROM_TF_DEVICE[tf_string] = found
    return found


# ---- Python scalars, conversion and promotion ------------------------------------------------
def scalar(value, dtype_name: str, fn: str):
    """A Python scalar as a 0-d tensor of ``dtype_name``; raises where the value cannot be exact.

    bool goes with every dtype, int with numeric ones (in range for integers: TF would wrap),
    float with floating ones, complex with complex ones.
    """
    kind = type(value)
    if dtype_name not in dt.SCALAR_OK[kind]:
        raise IvyTypeError(f"{where(fn, NAME)}: a Python {kind.__name__} cannot take dtype "
                           f"{dtype_name}", function=fn, backend=NAME)
    if dtype_name in INT_RANGE and kind is int:
        lo, hi = INT_RANGE[dtype_name]
        if not lo <= value <= hi:
            raise IvyValueError(f"{where(fn, NAME)}: Python int {value} is out of range for "
                                f"{dtype_name}", function=fn, backend=NAME)
    elif kind is not complex and dtype_name in dt.FLOATING:
        value = float(value)  # numpy, like TF, cannot convert a Python int beyond 64 bits exactly
    return const(value, TF[dtype_name])


def to_tensor(obj, fn: str):
    """A non-native array argument (numpy array, other framework's array) as a tensor."""
    if isinstance(obj, NATIVE_ARRAY_TYPES):
        return obj
    if isinstance(obj, (np.ndarray, np.generic)) or hasattr(obj, "__array__"):
        arr = np.asarray(obj)
        if arr.dtype.name not in TF:
            raise IvyTypeError(f"{where(fn, NAME)}: dtype {arr.dtype} is not an ivy dtype",
                               function=fn, backend=NAME)
        return tf.convert_to_tensor(arr)
    raise IvyTypeError(f"{where(fn, NAME)}: expected a tensorflow array, got {type(obj).__name__}",
                       function=fn, backend=NAME)


def operands(x1, x2, fn: str):
    """Slow path of binary functions: dtypes differ or an operand is a Python scalar.

    A scalar takes the array's dtype (a complex scalar makes a real floating array complex, as
    ``result_type`` does); two arrays promote by the Array API table.
    """
    s1, s2 = type(x1) in PY_SCALARS, type(x2) in PY_SCALARS
    if s1 and s2:
        raise IvyTypeError(f"{where(fn, NAME)}: at least one argument must be an array",
                           function=fn, backend=NAME)
    if s1 or s2:
        arr = to_tensor(x2 if s1 else x1, fn)
        d = name_of(arr.dtype)
        if type(x1 if s1 else x2) is complex and d in dt.REAL_FLOATING:
            d = dt.PROMOTION[d, "complex64"]
            arr = tf.cast(arr, TF[d])
        s = scalar(x1 if s1 else x2, d, fn)
        return (s, arr) if s1 else (arr, s)
    x1, x2 = to_tensor(x1, fn), to_tensor(x2, fn)
    if x1.dtype is x2.dtype:
        return x1, x2
    d = TF[dt.promote(name_of(x1.dtype), name_of(x2.dtype), fn)]
    return cast(x1, d), cast(x2, d)


def promote_all(arrays, fn: str):
    """Arrays (a sequence) cast to their common Array API dtype."""
    arrays = [to_tensor(a, fn) for a in arrays]
    names = {name_of(a.dtype) for a in arrays}
    if len(names) <= 1:
        return arrays
    common = None
    for n in names:
        common = n if common is None else dt.promote(common, n, fn)
    return [cast(a, TF[common]) for a in arrays]


# ---- axes and shapes -------------------------------------------------------------------------
def rank(x) -> int:
    r = x.shape.rank
    if r is None:
        raise IvyValueError("tensorflow backend: arrays of unknown rank are not supported",
                            backend=NAME)
    return r


def norm_axis(axis: int, ndim: int, fn: str) -> int:
    if not -ndim <= axis < ndim:
        raise IvyValueError(f"{where(fn, NAME)}: axis {axis} is out of bounds for an array of "
                            f"dimension {ndim}", function=fn, backend=NAME)
    return axis % ndim


def norm_axes(axis, ndim: int, fn: str) -> tuple:
    """``axis`` (None, int or sequence) as a sorted tuple of non-negative axes."""
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, int):
        return (norm_axis(axis, ndim, fn),)
    out = tuple(norm_axis(a, ndim, fn) for a in axis)
    if len(set(out)) != len(out):
        raise IvyValueError(f"{where(fn, NAME)}: repeated axis in {axis}", function=fn,
                            backend=NAME)
    return tuple(sorted(out))


_INT_CONSTANTS: dict = {}   # int or tuple of ints -> int32 constant (cold: built on a miss)


def int_constant(value):
    """``value`` (an int or a tuple of ints) as a cached int32 constant (int64 past int32's
    range; int32 is what TF's own gradients of reductions assume). TF's eager ops convert a
    Python list argument (an axis list, a permutation, a shape) on every call -- ~15 us of a
    20 us reduction -- and take a constant tensor as it is. Unhashable values raise TypeError."""
    c = _INT_CONSTANTS.get(value)
    if c is None:
        if len(_INT_CONSTANTS) >= 4096:
            _INT_CONSTANTS.clear()
        wide = any(not -2 ** 31 <= v < 2 ** 31 for v in
                   (value if isinstance(value, tuple) else (value,)))
        with tf.init_scope():  # never a graph tensor, even when first asked for while tracing
            c = _INT_CONSTANTS[value] = tf.constant(value, tf.int64 if wide else tf.int32)
    return c


def axis_constant(x, axis):
    """A reduction's ``axis`` (None: every axis of ``x``; an int; a sequence) as TF's raw
    reductions take it."""
    if axis is None:
        r = x.shape.rank
        return tf.range(tf.rank(x)) if r is None else int_constant(_EVERY_AXIS[r])
    return int_constant(tuple(axis) if type(axis) is list else axis)


_EVERY_AXIS = tuple(tuple(range(r)) for r in range(65))


def dim(x, axis: int):
    """Size of one axis: a Python int when static, else a scalar tensor."""
    d = x.shape[axis]
    return d if d is not None else tf.shape(x, out_type=tf.int64)[axis]


def move_to_last(x, axis: int, fn: str):
    """(``x`` with ``axis`` moved last, the permutation undoing it); no-op when already last."""
    n = rank(x)
    axis = norm_axis(axis, n, fn)
    if axis == n - 1:
        return x, None
    perm = [i for i in range(n) if i != axis] + [axis]
    back = list(range(n - 1))
    back.insert(axis, n - 1)
    return tf.transpose(x, perm), back


def move_back(x, back):
    return x if back is None else tf.transpose(x, back)


# ---- order keys: numpy's total order as integers ---------------------------------------------
_KEY_OF_FLOAT = {  # float dtype -> (same-width int, magnitude mask, bits of +inf)
    "float16": ("int16", 0x7FFF, 0x7C00), "bfloat16": ("int16", 0x7FFF, 0x7F80),
    "float32": ("int32", 0x7FFFFFFF, 0x7F800000),
    "float64": ("int64", 0x7FFFFFFFFFFFFFFF, 0x7FF0000000000000),
}


def float_bits(x):
    """(signed-int bit pattern, magnitude bits, is-NaN) of a real floating tensor."""
    ity, mask, inf = _KEY_OF_FLOAT[name_of(x.dtype)]
    bits = bitcast(x, ity)
    mag = raw.BitwiseAnd(x=bits, y=tf.constant(mask, TF[ity]))
    return bits, mag, raw.Greater(x=mag, y=tf.constant(inf, TF[ity]))


def order_key(x):
    """Integers ordered as numpy sorts ``x``: -0.0 == +0.0, every NaN equal and last.

    Built on bit patterns, so TF's flush-to-zero cannot merge subnormals with zero. bool and
    integers widen to int32/int64 (uint64 flips its top bit to keep the order in int64).
    """
    d = name_of(x.dtype)
    if d in _KEY_OF_FLOAT:
        ity, _, inf = _KEY_OF_FLOAT[d]
        bits, mag, nan = float_bits(x)
        key = tf.where(raw.Less(x=bits, y=tf.zeros([], TF[ity])), raw.Neg(x=mag), mag)
        key = tf.where(nan, tf.constant(inf + 1, TF[ity]), key)
        return key if ity != "int16" else tf.cast(key, tf.int32)
    if d == "uint64":
        return raw.BitwiseXor(x=bitcast(x, "int64"), y=tf.constant(-2 ** 63, tf.int64))
    if d in ("int64", "uint32"):
        return tf.cast(x, tf.int64)
    if d in ("bool", "int8", "int16", "int32", "uint8", "uint16"):
        return tf.cast(x, tf.int32)
    raise unsupported("sort", NAME, f"ordering of dtype {d}")


def is_nan_bits(x):
    """isnan that also works on bit patterns (no float unit), False for non-floats."""
    if name_of(x.dtype) in _KEY_OF_FLOAT:
        return float_bits(x)[2]
    return tf.zeros_like(x, dtype=tf.bool)


# ---- TF's dtype kernel gaps: the one table ---------------------------------------------------
# ivy function -> {dtype: how}, for dtypes (in the function's Array API categories, plus float16/
# bfloat16) for which TF 2.21 registers no CPU kernel, or whose kernel is not exact:
#   a dtype name: compute in that dtype and cast back. Exact: it holds every value, integer results
#       wrap back modulo 2**bits, same-width types are bitcast, float16 widens as numpy does;
#   a callable: an exact equivalent built from other kernels (same positional arguments);
#   None: no exact route, raises IvyNotImplementedError.
_INT64 = "int64"
_UNSIGNED_TO_INT64 = {u: _INT64 for u in dt.UNSIGNED}
_HALF_TO_F32 = {"float16": "float32", "bfloat16": "float32"}
_SMALL_INT_MATMUL = {"bool": _INT64, "int8": _INT64, "int16": _INT64, **_UNSIGNED_TO_INT64}


def _same(x):
    return tf.identity(x)  # a tensor even for a tf.Variable input


def _parts(fn):
    """Apply a real function to the real and imaginary parts of a complex tensor."""
    return lambda z: tf.complex(fn(tf.math.real(z)), fn(tf.math.imag(z)))


def _const_bool(value):
    return lambda x: tf.fill(tf.shape(x), value)


def _pow_uint64(x1, x2):
    """uint64 ** uint64 in int64 (same bits, products wrap alike). An exponent's top bit would read
    as negative, so it is split off: a**(2**63) mod 2**64 is 1 for odd a, 0 for even a."""
    a, b = bitcast(x1, "int64"), bitcast(x2, "int64")
    top = raw.Less(x=b, y=tf.zeros([], tf.int64))
    low = raw.BitwiseAnd(x=b, y=tf.constant(2 ** 63 - 1, tf.int64))
    even = raw.Equal(x=raw.BitwiseAnd(x=a, y=tf.ones([], tf.int64)), y=tf.zeros([], tf.int64))
    out = tf.where(raw.LogicalAnd(x=top, y=even), tf.zeros([], tf.int64), raw.Pow(x=a, y=low))
    return tf.bitcast(out, tf.uint64)


KERNEL_GAPS = {
    # integers are already integral; unsigned integers already non-negative
    **{fn: {d: _same for d in dt.INTEGRAL} for fn in ("ceil", "floor", "trunc")},
    "round": {**{d: _same for d in dt.INTEGRAL},
              **{c: _parts(tf.math.round) for c in dt.COMPLEX_FLOATING}},
    "abs": {**{u: _same for u in dt.UNSIGNED}, **{c: tf.math.abs for c in dt.COMPLEX_FLOATING}},
    "sign": {u: (lambda x: tf.cast(raw.NotEqual(x=x, y=tf.zeros_like(x)), x.dtype))
             for u in dt.UNSIGNED},
    "negative": {u: (lambda x: raw.Sub(x=tf.zeros_like(x), y=x)) for u in dt.UNSIGNED},
    "conj": {d: _same for d in dt.INTEGRAL + dt.REAL_FLOATING},
    "isnan": {d: _const_bool(False) for d in dt.INTEGRAL},
    "isinf": {d: _const_bool(False) for d in dt.INTEGRAL},
    "isfinite": {d: _const_bool(True) for d in dt.INTEGRAL},
    # bool is the one-bit integer of the bitwise functions
    "bitwise_and": {"bool": lambda a, b: raw.LogicalAnd(x=a, y=b)},
    "bitwise_or": {"bool": lambda a, b: raw.LogicalOr(x=a, y=b)},
    "bitwise_xor": {"bool": lambda a, b: raw.NotEqual(x=a, y=b)},
    "bitwise_invert": {"bool": lambda x: raw.LogicalNot(x=x)},
    "pow": {**_UNSIGNED_TO_INT64, "uint64": _pow_uint64},
    # TruncateMod (fmod) has no half kernels, and half logaddexp would lose all precision in its
    # intermediate steps; numpy computes these in float32 too
    "floor_divide": _HALF_TO_F32, "logaddexp": _HALF_TO_F32,
    "max": {"bool": "uint8"}, "min": {"bool": "uint8"},
    "matmul": _SMALL_INT_MATMUL, "tensordot": _SMALL_INT_MATMUL,
    "tile": {"uint16": "int16"}, "repeat": {"uint16": "int16"},
    # linalg: no half kernels; float32 holds every half value (complex results stay complex64)
    **{f"linalg.{fn}": _HALF_TO_F32 for fn in ("cholesky", "det", "eig", "eigh", "eigvals",
                                               "eigvalsh", "slogdet", "solve", "svd", "svdvals",
                                               "matrix_rank", "pinv")},
    "linalg.inv": {"bfloat16": "float32"}, "linalg.qr": {"bfloat16": "float32"},
    # fft: no half kernels; the result is complex64 (there is no complex32)
    **{f"fft.{fn}": _HALF_TO_F32 for fn in ("rfft", "rfftn", "ihfft")},
}
for _c in dt.COMPLEX_FLOATING:  # isnan/isinf/isfinite of complex: by parts, as the standard defines
    KERNEL_GAPS["isnan"][_c] = lambda z: raw.LogicalOr(x=raw.IsNan(x=tf.math.real(z)),
                                                       y=raw.IsNan(x=tf.math.imag(z)))
    KERNEL_GAPS["isinf"][_c] = lambda z: raw.LogicalOr(x=raw.IsInf(x=tf.math.real(z)),
                                                       y=raw.IsInf(x=tf.math.imag(z)))
    KERNEL_GAPS["isfinite"][_c] = lambda z: raw.LogicalAnd(x=raw.IsFinite(x=tf.math.real(z)),
                                                           y=raw.IsFinite(x=tf.math.imag(z)))
del _c


def _back(result, original, compute):
    """Cast a gap route's result(s) from the compute dtype back to the caller's dtype."""
    if isinstance(result, (tuple, list)):
        return tuple(_back(r, original, compute) for r in result)
    if result.dtype is not compute:
        return result  # e.g. a complex result of a half input, or an index array
    if dt.BITS[name_of(original)] == dt.BITS[name_of(compute)] and original is not TF["bool"]:
        return tf.bitcast(result, original)
    return tf.cast(result, original)


def _into(x, compute):
    if dt.BITS[name_of(x.dtype)] == dt.BITS[name_of(compute)] and x.dtype is not TF["bool"]:
        return tf.bitcast(x, compute)
    return tf.cast(x, compute)


def routes(fn: str, op):
    """{id(tf.DType): callable} replacing ``op`` for the dtypes of ``fn`` in KERNEL_GAPS."""
    out = {}
    for d, how in KERNEL_GAPS.get(fn, {}).items():
        if how is None:
            out[id(TF[d])] = _raiser(fn, d)
        elif callable(how):
            out[id(TF[d])] = how
        else:
            out[id(TF[d])] = _widened(op, TF[d], TF[how])
    return out


def _raiser(fn, d):
    def no_route(*args, **kwargs):
        raise unsupported(fn, NAME, f"dtype {d}")
    return no_route


def _widened(op, original, compute):
    def widened(*args, **kwargs):
        args = [_into(a, compute) if isinstance(a, NATIVE_ARRAY_TYPES) else a for a in args]
        return _back(op(*args, **kwargs), original, compute)
    return widened


def gap_op(fn: str, op):
    """``op`` with KERNEL_GAPS applied, dispatching on its first argument's dtype (cold paths)."""
    table = routes(fn, op)
    if not table:
        return op

    def dispatch(x, *args, **kwargs):
        return table.get(id(x.dtype), op)(x, *args, **kwargs)
    return dispatch
