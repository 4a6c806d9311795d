"""tensorflow backend: the ``nn`` extension, on ``tf.nn`` / ``tf.math`` where TF has the function.

TF lacks most of torch's parameterized and extra activations (elu's alpha, celu, mish, the
shrinks, hard_sigmoid/swish/tanh, glu, prelu, threshold): they are short tf compositions.
Composed formulas run in float32 for half-precision inputs (torch rounds once, from float32).
``tf.einsum`` wants an explicit output, equal sizes for a label, and no sums over ``...``:
``einsum`` rewrites numpy-style subscripts into that form.
"""
from __future__ import annotations

import math
from collections import Counter

import tensorflow as tf

from ivy.core.errors import IvyTypeError, IvyValueError, from_native, where

from ._base import NAME, int_constant, name_of, promote_all, raw

_HALF = frozenset({tf.float16, tf.bfloat16})
_REAL_FLOAT = _HALF | {tf.float32, tf.float64}
_RELU_OK = _REAL_FLOAT | {tf.int8, tf.int16, tf.int32, tf.int64, tf.uint8, tf.uint16, tf.uint32,
                          tf.uint64}
_SQRT_HALF = math.sqrt(0.5)
_SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)


def _value_error(fn, msg):
    return IvyValueError(f"{where(fn, NAME)}: {msg}", function=fn, backend=NAME)


def _widened(formula):
    """``formula`` evaluated in float32 for half-precision ``x``, returned in ``x``'s dtype."""
    def run(x, *params):
        if x.dtype in _HALF:
            return tf.cast(formula(tf.cast(x, tf.float32), *params), x.dtype)
        return formula(x, *params)
    return run


def _not_float(fn, x):
    """Activations and the softmax family take real floating-point inputs."""
    d = getattr(x, "dtype", None)
    return IvyTypeError(f"{where(fn, NAME)}: expected a real floating-point input, got "
                        f"{name_of(d) if d is not None else type(x).__name__}",
                        function=fn, backend=NAME)


def _op(name, formula, accepted=_REAL_FLOAT):
    """An activation calling ``formula(x, *params)``, native errors translated."""
    accepted = frozenset(map(id, accepted))   # DType's __hash__ is Python code; id() is not

    def fn(x, /, *params):
        if id(x.dtype) not in accepted:
            raise _not_float(name, x)
        try:
            return formula(x, *params)
        except Exception as e:
            raise from_native(e, name, NAME) from e
    fn.__name__ = fn.__qualname__ = f"_{name}"
    return fn


def _zeros(x):
    return tf.zeros_like(x)


def _expm1_neg(x, alpha):
    """``alpha * expm1(min(x, 0) / alpha)``: never overflows in the branch where() discards."""
    return alpha * tf.math.expm1(tf.minimum(x, tf.zeros_like(x)) / alpha)


def _gelu(x, approximate):
    # not tf.nn.gelu: its constants are float32, inexact for float64
    if approximate == "tanh":
        inner = _SQRT_2_OVER_PI * (x + 0.044715 * x * x * x)
        return 0.5 * x * (1.0 + tf.math.tanh(inner))
    return 0.5 * x * tf.math.erfc(x * -_SQRT_HALF)


def _softplus(x, beta, threshold):
    bx = x * beta
    return tf.where(bx > threshold, x, tf.math.softplus(bx) / beta)


def _hard_sigmoid(x):
    return tf.nn.relu6(x + 3.0) / 6.0


def _glu(x, axis):
    a, b = tf.split(x, 2, axis=axis)
    return a * tf.math.sigmoid(b)


def _softshrink(x, lambd):
    return tf.where(x > lambd, x - lambd, tf.where(x < -lambd, x + lambd, _zeros(x)))


def _prelu(x, weight):
    n, rank = weight.shape.num_elements(), x.shape.rank
    if weight.shape.rank > 1 or (n != 1 and (rank < 2 or n != x.shape[1])):
        raise _value_error("prelu", f"weight of shape {tuple(weight.shape)} must have 1 or "
                                    f"x.shape[1] elements (x of shape {tuple(x.shape)})")
    w = tf.reshape(tf.cast(weight, x.dtype), (-1,) + (1,) * (rank - 2) if n > 1 else ())
    return tf.where(x > 0, x, w * x)     # the gradient at 0 is the slope, as in torch


_ops = {name: _op(name, formula) for name, formula in {
    "gelu": _widened(_gelu),
    "silu": tf.nn.silu,
    "mish": _widened(lambda x: x * tf.math.tanh(tf.math.softplus(x))),
    "softplus": _widened(_softplus),
    "elu": _widened(lambda x, alpha: tf.where(x > 0, x, _expm1_neg(x, 1.0) * alpha)),
    "selu": tf.nn.selu,
    "celu": _widened(lambda x, alpha: tf.where(x > 0, x, _expm1_neg(x, alpha))),
    # tf.nn.leaky_relu holds its slope as a float32 attribute: inexact for float64
    "leaky_relu": lambda x, slope: tf.where(x > 0, x, x * slope),
    "sigmoid": tf.math.sigmoid,
    "log_sigmoid": _widened(tf.math.log_sigmoid),
    "hard_sigmoid": _widened(_hard_sigmoid),
    "hard_swish": _widened(lambda x: x * _hard_sigmoid(x)),
    "hard_tanh": lambda x, lo, hi: tf.clip_by_value(x, lo, hi),
    "softsign": _widened(tf.nn.softsign),
    "glu": _widened(_glu),
    "tanhshrink": _widened(lambda x: x - tf.math.tanh(x)),
    "softshrink": _widened(_softshrink),
    "hardshrink": lambda x, lambd: tf.where(tf.abs(x) > lambd, x, _zeros(x)),
    "prelu": _widened(_prelu),
    "threshold": lambda x, thr, value: tf.where(x > thr, x, tf.fill(tf.shape(x),
                                                                    tf.cast(value, x.dtype))),
}.items()}
_ops["relu"] = _op("relu", tf.nn.relu, _RELU_OK)       # integers too, as every framework
_ops["relu6"] = _op("relu6", tf.nn.relu6, _RELU_OK)
_relu, _relu6, _silu, _mish, _selu = (_ops[n] for n in ("relu", "relu6", "silu", "mish", "selu"))
_sigmoid, _log_sigmoid, _hard_sigmoid_op = (_ops[n] for n in ("sigmoid", "log_sigmoid",
                                                              "hard_sigmoid"))
_hard_swish, _softsign, _tanhshrink = (_ops[n] for n in ("hard_swish", "softsign", "tanhshrink"))


_RELU_IDS = frozenset(map(id, _RELU_OK))


def relu(x, /):
    """``_op``'s body written out: the hottest activation, one frame less."""
    if id(x.dtype) not in _RELU_IDS:
        raise _not_float("relu", x)
    try:
        return tf.nn.relu(x)
    except Exception as e:
        raise from_native(e, "relu", NAME) from e


def relu6(x, /):
    return _relu6(x)


def gelu(x, /, *, approximate="none"):
    if approximate not in ("none", "tanh"):
        raise _value_error("gelu", f"approximate must be 'none' or 'tanh', got {approximate!r}")
    return _ops["gelu"](x, approximate)


def silu(x, /):
    return _silu(x)


def mish(x, /):
    return _mish(x)


def softplus(x, /, *, beta=1.0, threshold=20.0):
    return _ops["softplus"](x, beta, threshold)


def elu(x, /, *, alpha=1.0):
    return _ops["elu"](x, alpha)


def selu(x, /):
    return _selu(x)


def celu(x, /, *, alpha=1.0):
    return _ops["celu"](x, alpha)


def leaky_relu(x, /, *, negative_slope=0.01):
    return _ops["leaky_relu"](x, negative_slope)


def sigmoid(x, /):
    return _sigmoid(x)


def log_sigmoid(x, /):
    return _log_sigmoid(x)


def hard_sigmoid(x, /):
    return _hard_sigmoid_op(x)


def hard_swish(x, /):
    return _hard_swish(x)


def hard_tanh(x, /, *, min_val=-1.0, max_val=1.0):
    return _ops["hard_tanh"](x, min_val, max_val)


def softsign(x, /):
    return _softsign(x)


def glu(x, /, *, axis=-1):
    n = x.shape[axis]
    if n % 2:
        raise _value_error("glu", f"the size of axis {axis} must be even, got {n}")
    return _ops["glu"](x, axis)


def tanhshrink(x, /):
    return _tanhshrink(x)


def softshrink(x, /, *, lambd=0.5):
    return _ops["softshrink"](x, lambd)


def hardshrink(x, /, *, lambd=0.5):
    return _ops["hardshrink"](x, lambd)


def prelu(x, weight, /):
    return _ops["prelu"](x, weight)


def threshold(x, threshold, value, /):
    return _ops["threshold"](x, threshold, value)


# ---- softmax family ----------------------------------------------------------------------------

_SOFTMAX_KEEPS_ZEROS_BESIDE_INF = [None]   # probed on first use: depends on the CPU's kernels


def softmax(x, /, *, axis=-1):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("softmax", x)
    try:
        out = tf.nn.softmax(x, axis=axis)
        if _SOFTMAX_KEEPS_ZEROS_BESIDE_INF[0] is None:
            with tf.init_scope():   # eager even while tracing
                probe = tf.nn.softmax(tf.constant([0.0, float("inf"), 0.0]))
                _SOFTMAX_KEEPS_ZEROS_BESIDE_INF[0] = not bool(tf.reduce_all(tf.math.is_nan(probe)))
        if _SOFTMAX_KEEPS_ZEROS_BESIDE_INF[0]:
            # oneDNN's kernel (on by default on AVX-512 CPUs) gives a row holding +inf 0s and
            # one NaN; the contract (numpy's formula, torch) is a row of NaNs. That row's sum is
            # NaN either way.
            total = raw.Sum(input=out, axis=int_constant(axis), keep_dims=True)
            return raw.SelectV2(condition=raw.IsNan(x=total), t=total, e=out)
        return out
    except Exception as e:
        raise from_native(e, "softmax", NAME) from e


def log_softmax(x, /, *, axis=-1):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("log_softmax", x)
    try:
        return tf.nn.log_softmax(x, axis=axis)
    except Exception as e:
        raise from_native(e, "log_softmax", NAME) from e


def logsumexp(x, /, *, axis=None, keepdims=False):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("logsumexp", x)
    try:
        return tf.reduce_logsumexp(x, axis=axis, keepdims=keepdims)
    except Exception as e:
        raise from_native(e, "logsumexp", NAME) from e


# ---- einsum ------------------------------------------------------------------------------------

def _einsum_plan(subscripts, shapes):
    """tf.einsum's form of numpy-style ``subscripts``: (explicit subscripts, shapes to broadcast
    each operand to (None: as is), number of leading ``...`` axes to sum afterwards)."""
    spec = subscripts.replace(" ", "")
    inputs, arrow, output = spec.partition("->")
    terms = inputs.split(",")
    if len(terms) != len(shapes):
        raise _value_error("einsum", f"{len(terms)} operand subscripts for {len(shapes)} operands")
    sizes, ellipsis_rank, labelled = {}, 0, []
    for term, shape in zip(terms, shapes):
        before, dots, after = term.partition("...")
        if len(before) + len(after) > len(shape) or (not dots and len(before) != len(shape)):
            raise _value_error("einsum", f"subscripts {term!r} do not match an operand of shape "
                                         f"{tuple(shape)}")
        if dots:
            ellipsis_rank = max(ellipsis_rank, len(shape) - len(before) - len(after))
        axes = list(zip(before, range(len(before))))
        axes += list(zip(after, range(len(shape) - len(after), len(shape))))
        labelled.append(axes)
        diagonal = {}
        for label, axis in axes:
            size = shape[axis]
            if diagonal.setdefault(label, size) != size:     # a repeated label: one size (numpy)
                raise _value_error("einsum", f"dimensions in operand {len(labelled) - 1} for "
                                             f"collapsing index '{label}' don't match "
                                             f"({diagonal[label]} != {size})")
            known = sizes.get(label, 1)
            if size != 1 and known != 1 and size != known:
                raise _value_error("einsum", f"label {label!r} has sizes {known} and {size}")
            sizes[label] = max(known, size) if size != 0 and known != 0 else 0
    has_ellipsis = any("..." in t for t in terms)
    if not arrow:       # implicit output: '...' first, then the labels used once, ASCII order
        counts = Counter(c for t in terms for c in t.replace("...", ""))
        output = ("..." if has_ellipsis else "") + "".join(sorted(c for c, n in counts.items()
                                                                  if n == 1))
    summed = 0
    if has_ellipsis and "..." not in output:
        output, summed = "..." + output, ellipsis_rank
    targets = []
    for shape, axes in zip(shapes, labelled):
        target = list(shape)
        for label, axis in axes:
            target[axis] = sizes[label]
        targets.append(tuple(target) if target != list(shape) else None)
    return f"{','.join(terms)}->{output}", targets, summed


def einsum(subscripts, /, *operands):
    try:
        operands = promote_all(operands, "einsum")
        half = operands[0].dtype if operands and operands[0].dtype in _HALF else None
        if half is not None:    # accumulate in float32, round once (torch)
            operands = [tf.cast(o, tf.float32) for o in operands]
        spec, targets, summed = _einsum_plan(subscripts, [tuple(o.shape) for o in operands])
        operands = [o if t is None else tf.broadcast_to(o, t) for o, t in zip(operands, targets)]
        r = tf.einsum(spec, *operands)
        if summed:
            r = tf.reduce_sum(r, axis=list(range(summed)))
        return r if half is None else tf.cast(r, half)
    except Exception as e:
        raise from_native(e, "einsum", NAME) from e

