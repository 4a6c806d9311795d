"""tensorflow backend: reductions, cumulative functions, all/any, diff."""
import math

import tensorflow as tf

from ivy.core.errors import IvyTypeError, IvyValueError, from_native, where

from ._base import (NAME, SUM_DTYPE, TF, axis_constant, cast, gap_op, name_of, norm_axes,
                    norm_axis, promote_all, raw, rank, tf_dtype, to_tensor)


def _error(fn, message, cls=IvyValueError):
    return cls(f"{where(fn, NAME)}: {message}", function=fn, backend=NAME)


def _accumulator(x, dtype, fn):
    """x cast for sum/prod-like functions: ``dtype``, else small integers in int64/uint64."""
    if dtype is not None:
        return cast(x, tf_dtype(dtype, fn))
    d = SUM_DTYPE.get(name_of(x.dtype))
    return x if d is None else tf.cast(x, TF[d])


def sum(x, /, *, axis=None, dtype=None, keepdims=False):
    try:
        return raw.Sum(input=_accumulator(x, dtype, "sum"), axis=axis_constant(x, axis),
                       keep_dims=bool(keepdims))
    except Exception as e:
        raise from_native(e, "sum", NAME) from e


def prod(x, /, *, axis=None, dtype=None, keepdims=False):
    try:
        return raw.Prod(input=_accumulator(x, dtype, "prod"), axis=axis_constant(x, axis),
                        keep_dims=bool(keepdims))
    except Exception as e:
        raise from_native(e, "prod", NAME) from e


def _check_nonempty(fn, x, axis):
    """numpy (and array_api_strict) raise for max/min over a zero-length axis; TF returns -inf."""
    shape = x.shape
    for a in norm_axes(axis, rank(x), fn):
        if shape[a] == 0:
            raise _error(fn, "zero-size array to a reduction without identity")


def _raw_reduction(op):
    return lambda x, axis, keepdims: op(input=x, axis=axis, keep_dims=bool(keepdims))


_reduce_max = gap_op("max", _raw_reduction(raw.Max))
_reduce_min = gap_op("min", _raw_reduction(raw.Min))


def max(x, /, *, axis=None, keepdims=False):
    try:
        _check_nonempty("max", x, axis)
        return _reduce_max(x, axis=axis_constant(x, axis), keepdims=keepdims)
    except Exception as e:
        raise from_native(e, "max", NAME) from e


def min(x, /, *, axis=None, keepdims=False):
    try:
        _check_nonempty("min", x, axis)
        return _reduce_min(x, axis=axis_constant(x, axis), keepdims=keepdims)
    except Exception as e:
        raise from_native(e, "min", NAME) from e


def _floating(fn, x, complex_ok):
    if not (x.dtype.is_floating or (complex_ok and x.dtype.is_complex)):
        # TF's reductions would silently do integer arithmetic here
        raise _error(fn, f"needs a floating-point array, got {name_of(x.dtype)}", IvyTypeError)


def _half_as_f32(x):
    return tf.cast(x, tf.float32) if x.dtype in (tf.float16, tf.bfloat16) else x


def mean(x, /, *, axis=None, keepdims=False):
    """Implements the Array API ``mean``; float16/bfloat16 accumulate in float32 (as numpy)."""
    try:
        _floating("mean", x, True)
        if x.dtype.is_complex:  # by parts: TF's complex mean of nothing is 0, not NaN
            return tf.complex(mean(tf.math.real(x), axis=axis, keepdims=keepdims),
                              mean(tf.math.imag(x), axis=axis, keepdims=keepdims))
        return cast(raw.Mean(input=_half_as_f32(x), axis=axis_constant(x, axis),
                             keep_dims=bool(keepdims)), x.dtype)
    except Exception as e:
        raise from_native(e, "mean", NAME) from e


def _var(fn, x, axis, correction, keepdims):
    """(variance, result dtype); complex input: the mean squared modulus of the deviations, real
    (as numpy, torch and jax)."""
    _floating(fn, x, True)
    xc = _half_as_f32(x)
    real = xc.dtype.real_dtype
    axes = list(norm_axes(axis, rank(x), fn))
    dims = [xc.shape[a] for a in axes]
    if None in dims:
        sizes = tf.gather(tf.shape(xc, out_type=tf.int64), tf.constant(axes, tf.int32))
        count = tf.cast(tf.reduce_prod(sizes), real)
    else:
        count = tf.constant(float(math.prod(dims)), real)
    mean = tf.reduce_sum(xc, axis=axes, keepdims=True) / tf.cast(count, xc.dtype)
    dev = xc - mean
    squares = (tf.math.square(tf.math.real(dev)) + tf.math.square(tf.math.imag(dev))
               if xc.dtype.is_complex else dev * dev)
    divisor = raw.Maximum(x=count - tf.constant(correction, real), y=tf.zeros([], real))
    return (tf.reduce_sum(squares, axis=axes, keepdims=keepdims) / divisor,
            x.dtype.real_dtype if x.dtype.is_complex else x.dtype)


def var(x, /, *, axis=None, correction=0.0, keepdims=False):
    """Implements the Array API ``var`` with numpy's steps (mean, squared deviations, sum)."""
    try:
        v, d = _var("var", x, axis, correction, keepdims)
        return cast(v, d)
    except Exception as e:
        raise from_native(e, "var", NAME) from e


def std(x, /, *, axis=None, correction=0.0, keepdims=False):
    try:
        v, d = _var("std", x, axis, correction, keepdims)
        return cast(raw.Sqrt(x=v), d)
    except Exception as e:
        raise from_native(e, "std", NAME) from e


def _truth(x):
    return x if x.dtype is tf.bool else raw.NotEqual(x=x, y=tf.zeros([], x.dtype))


def all(x, /, *, axis=None, keepdims=False):
    try:
        return raw.All(input=_truth(x), axis=axis_constant(x, axis), keep_dims=bool(keepdims))
    except Exception as e:
        raise from_native(e, "all", NAME) from e


def any(x, /, *, axis=None, keepdims=False):
    try:
        return raw.Any(input=_truth(x), axis=axis_constant(x, axis), keep_dims=bool(keepdims))
    except Exception as e:
        raise from_native(e, "any", NAME) from e


def _with_length(x, axis, length):
    """Shape of x with ``axis`` set to ``length`` (a shape tensor)."""
    s = tf.shape(x)
    return tf.concat([s[:axis], [length], s[axis + 1:]], 0)


def _cumulative(fn, op, identity, x, axis, dtype, include_initial):
    try:
        n = rank(x)
        if n == 0 and fn == "cumulative_prod":
            raise _error(fn, "x must have at least one dimension")
        if n == 0:  # as numpy's cumsum: a 0-d input counts as one element
            x, n = tf.reshape(x, (1,)), 1
        if axis is None:
            if n > 1:
                raise _error(fn, "axis must be given when x has more than one dimension")
            axis = 0
        axis = norm_axis(axis, n, fn)
        x = _accumulator(x, dtype, fn)
        out = op(x, axis)
        if include_initial:
            initial = tf.fill(_with_length(x, axis, 1), tf.constant(identity, x.dtype))
            out = tf.concat([initial, out], axis)
        return out
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative("cumulative_sum", tf.math.cumsum, 0, x, axis, dtype, include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False):
    return _cumulative("cumulative_prod", tf.math.cumprod, 1, x, axis, dtype, include_initial)


def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    try:
        if type(n) is not int or n < 0:
            raise _error("diff", f"n must be a non-negative int, got {n!r}")
        axis = norm_axis(axis, rank(x), "diff")
        parts = [x]
        for extra, at_end in ((prepend, False), (append, True)):
            if extra is None:
                continue
            extra = to_tensor(extra, "diff")
            if rank(extra) == 0:  # numpy broadcasts a 0-d prepend/append to a one-long slice
                extra = tf.broadcast_to(extra, _with_length(x, axis, 1))
            parts = parts + [extra] if at_end else [extra] + parts
        if len(parts) > 1:
            x = tf.concat(promote_all(parts, "diff"), axis)
        head = (slice(None),) * axis
        for _ in range(n):
            hi, lo = x[head + (slice(1, None),)], x[head + (slice(None, -1),)]
            x = raw.NotEqual(x=hi, y=lo) if x.dtype is tf.bool else raw.Sub(x=hi, y=lo)
        return x
    except Exception as e:
        raise from_native(e, "diff", NAME) from e
