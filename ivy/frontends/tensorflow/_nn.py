"""``tf.nn``: activations (softmax family, leaky_relu, gelu, silu, crelu), normalization and
moments, the cross-entropy and CTC losses, convolutions, morphology and pooling in TensorFlow's
layouts (NHWC default, filters ``(*kernel, in, out)``, SAME padding with the odd element at the
end; channels-first and transposed dilations raise as on TensorFlow's CPU kernels), ``top_k``,
``in_top_k``, ``approx_max_k`` and ``embedding_lookup``. Kernel dtype lists probed on TensorFlow
2.21's CPU kernels."""
from __future__ import annotations

import math
from collections import namedtuple

import numpy as np

import ivy
from ivy.core import dtypes as D

from .._shared import native_name
from . import _dtypes as T
from ._ops import KERNELS, _NO_KERNEL, check_kernel, kernel, same_dtype, truediv
from ._reductions import reduce_mean
from ._stdsort import topk_order
from ._tensor import Tensor, convert, operand, wrap
from ._tensor import native as _native
from .errors import invalid_argument

_REAL_F = frozenset(D.REAL_FLOATING)
_FLOAT = frozenset(D.FLOATING)
_INT = frozenset(D.INTEGRAL)
_SIGNED_INT = frozenset(D.SIGNED)
_HALF_F32 = frozenset({"bfloat16", "float32"})
# real kernels' lists, and (CrossEntropy, PoissonLoss, Moments, Neg+Relu, BatchNorm) the dtypes
# TensorFlow's Python compositions accept; "Op:attr" entries list a type attribute other than T
KERNELS.update({
    "Softmax": _REAL_F, "LogSoftmax": _REAL_F, "LeakyRelu": _REAL_F,
    "BiasAdd": frozenset(D.ALL) - {"bool"}, "L2Loss": _REAL_F,
    "LRN": frozenset({"float16", "float32"}), "SoftmaxCrossEntropyWithLogits": _REAL_F,
    "SparseSoftmaxCrossEntropyWithLogits": _REAL_F, "CrossEntropy": _REAL_F,
    "PoissonLoss": _FLOAT, "Moments": _FLOAT | {"int32", "int64"},
    "Neg+Relu": _REAL_F | _SIGNED_INT,
    "BatchNorm": _FLOAT, "Conv2D": _REAL_F | {"int32"}, "Conv3D": _REAL_F,
    "DepthwiseConv2dNative": _REAL_F,
    "MaxPool": _REAL_F | (_INT - {"uint32", "uint64"}), "AvgPool": _REAL_F,
    "MaxPool3D": _HALF_F32 | {"float16"}, "AvgPool3D": _HALF_F32 | {"float16", "float64"},
    "MaxPoolWithArgmax": _REAL_F | _INT, "TopKV2": _REAL_F | _INT, "InTopKV2": {"float32"},
    "InTopKV2:T": {"int32", "int64"}, "GatherV2:Tindices": {"int16", "int32", "int64"},
    "TopKV2:index_type": {"int16", "int32", "int64"},
    "SparseSoftmaxCrossEntropyWithLogits:Tlabels": {"int32", "int64"},
})
KERNELS.setdefault("Sigmoid", _FLOAT)          # _math's table has them too
KERNELS.setdefault("Softplus", _REAL_F)
_NO_KERNEL.update({"LRN": frozenset({"bfloat16"}), "MaxPool3D": frozenset({"float16"}),
                   "AvgPool3D": frozenset({"float16", "float64"})})

TopKV2 = namedtuple("TopKV2", "values indices")
TopKV2.__module__ = "tensorflow.python.ops.gen_nn_ops"
MaxPoolWithArgmax = namedtuple("MaxPoolWithArgmax", "output argmax")
MaxPoolWithArgmax.__module__ = "tensorflow.python.ops.gen_nn_ops"




def _like(value, a):
    """``value`` as the other operand of an op on native ``a`` (converted to a's dtype)."""
    return operand(value, native_name(a))


def _checked(op, x):
    a = _native(x)
    check_kernel(op, native_name(a))
    return a


def _attr(op, attr, name):
    """A type attribute other than ``T`` (``Tlabels``, ``index_type``...) checked."""
    if name not in KERNELS[f"{op}:{attr}"]:
        listed = ", ".join(T.KERNEL_NAME.get(n, n) for n in D.ALL if n in KERNELS[f"{op}:{attr}"])
        raise invalid_argument(f"Value for attr '{attr}' of {T.KERNEL_NAME.get(name, name)} is "
                               f"not in the list of allowed values: {listed}", op)


def _axis(axis, ndim, what="dim"):
    if isinstance(axis, float):     # TensorFlow fails in the Range op its transposes build
        raise invalid_argument(f"`{what}` must be an integer, got {axis}")
    a = -1 if axis is None else int(axis)
    if not -ndim <= a < ndim:
        raise invalid_argument(f"`{what}` must be in the range [{-ndim}, {ndim}) where {ndim} is "
                               f"the number of dimensions in the input. Received: {what}={a}")
    return a % ndim


def _axes(axes, ndim):
    if type(axes) is Tensor:
        axes = axes.numpy().tolist()
    items = [axes] if isinstance(axes, (int, np.integer)) else list(axes)
    return tuple(sorted({int(a) % ndim for a in items}))


# ---- activations -------------------------------------------------------------------------------

def _softmax_family(op, core):
    def f(logits, axis=None, name=None):
        a = _checked(op, logits)
        nd = len(a.shape)
        if not nd:
            raise invalid_argument("logits must have >= 1 dimension, got []", op)
        ax = _axis(axis, nd)
        return wrap(kernel(op, lambda v: core(v, axis=ax), a))
    return f


softmax = _softmax_family("Softmax", lambda v, axis: ivy.softmax(v, axis=axis))
log_softmax = _softmax_family("LogSoftmax", lambda v, axis: ivy.log_softmax(v, axis=axis))


def leaky_relu(features, alpha=0.2, name=None):
    """Integer features are cast to float32 first (as TensorFlow)."""
    a = _native(features)
    if native_name(a) in _INT:
        a = ivy.astype(a, "float32")
    check_kernel("LeakyRelu", native_name(a))
    return wrap(ivy.leaky_relu(a, negative_slope=float(alpha)))


def gelu(features, approximate=False, name=None):
    a = _native(features)
    if native_name(a) not in _REAL_F:
        raise ValueError(f"`features.dtype` must be a floating point tensor.Received:features."
                         f"dtype={T.BY_NAME[native_name(a)]}")
    if approximate:     # TensorFlow's constants: the cubic coefficient rounded to float32
        inner = ivy.multiply(ivy.add(a, ivy.multiply(ivy.pow(a, 3), _GELU_CUBIC)),
                             0.7978845608028654)
        return wrap(ivy.multiply(ivy.multiply(a, 0.5), ivy.add(ivy.tanh(inner), 1)))
    return wrap(ivy.multiply(ivy.multiply(a, 0.5), ivy.add(ivy.erf(ivy.multiply(a, _SQRT_HALF)),
                                                            1)))


_GELU_CUBIC = float(np.float32(0.044715))
_SQRT_HALF = float(np.float32(0.7071067811865476))


def _sigmoid(a):
    if native_name(a) in D.COMPLEX_FLOATING:
        return ivy.divide(1, ivy.add(ivy.exp(ivy.negative(a)), 1))
    return ivy.sigmoid(a)


def silu(features, beta=1.0):
    """``features * sigmoid(beta * features)`` (complex too)."""
    a = _checked("Sigmoid", features)
    if type(beta) is not Tensor and beta == 1.0:
        return wrap(ivy.multiply(a, _sigmoid(a)))
    b = _like(beta, a)
    same_dtype("Mul", a, b)
    return wrap(ivy.multiply(a, _sigmoid(ivy.multiply(b, a))))


def crelu(features, axis=-1, name=None):
    a = _checked("Neg+Relu", features)
    ax = _axis(axis, max(len(a.shape), 1), "axis")
    return wrap(ivy.concat([ivy.relu(a), ivy.relu(ivy.negative(a))], axis=ax))


def log_sigmoid(x, name=None):
    a = _checked("Softplus", x)
    return wrap(ivy.negative(ivy.softplus(ivy.negative(a))))


# ---- normalization and moments -----------------------------------------------------------------

_FORMAT_ERROR = "`data_format` must be of the form `N...C` or `NC...`. Received: data_format={}"


def _channels_last(data_format) -> bool:
    if data_format is None:
        return True
    f = str(data_format)
    if f.startswith("N") and f.endswith("C"):
        return True
    if f.startswith("NC"):
        return False
    raise ValueError(_FORMAT_ERROR.format(data_format))


def bias_add(value, bias, data_format=None, name=None):
    """``value + bias`` along the channel axis (last, or 1 for ``NC...`` formats)."""
    last = _channels_last(data_format)
    a = _native(value)
    b = _like(bias, a)
    check_kernel("BiasAdd", same_dtype("BiasAdd", a, b))
    shape = list(a.shape)
    if len(shape) < 2:
        raise invalid_argument(f"Input tensor must be at least 2D: {shape}", "BiasAdd")
    if len(b.shape) != 1:
        raise invalid_argument(f"Biases must be 1D: {list(b.shape)}", "BiasAdd")
    c = shape[-1] if last else shape[1]
    if b.shape[0] != c:
        where = "last" if last else "channel"
        raise invalid_argument(f"Must provide as many biases as the {where} dimension of the "
                               f"input tensor: {list(b.shape)} vs. {shape}",
                               "BiasAdd")
    if not last:
        b = ivy.reshape(b, (c,) + (1,) * (len(shape) - 2))
    return wrap(ivy.add(a, b))


def l2_loss(t, name=None):
    a = _checked("L2Loss", t)
    return wrap(ivy.divide(ivy.sum(ivy.square(a)), ivy.asarray(2, dtype=native_name(a))))


def l2_normalize(x, axis=None, epsilon=1e-12, name=None, dim=None):
    if axis is not None and dim is not None:
        raise ValueError("Cannot specify both 'dim' and 'axis'.")
    axis = dim if axis is None else axis
    a = _native(x)
    n = native_name(a)
    if n == "bool":
        raise invalid_argument("Value for attr 'T' of bool is not in the list of allowed values",
                               "Square")
    nd = len(a.shape)
    axes = tuple(range(nd)) if axis is None else _axes(axis, max(nd, 1))
    real = n in D.COMPLEX_FLOATING
    mag = ivy.real(ivy.multiply(a, ivy.conj(a))) if real else ivy.square(a)
    eps = convert(epsilon, native_name(ivy.real(a)) if real else n)    # TypeError for integer x
    inv = ivy.divide(1, ivy.sqrt(ivy.maximum(ivy.sum(mag, axis=axes, keepdims=True), eps)))
    return wrap(ivy.multiply(a, ivy.astype(inv, n) if real else inv))


def _compute(a):
    """Half-precision moments are computed in float32 (as TensorFlow)."""
    return ivy.astype(a, "float32") if native_name(a) == "float16" else a


def _squared_deviation(a, m):
    d = ivy.subtract(a, m)
    return ivy.multiply(d, ivy.conj(d)) if native_name(d) in D.COMPLEX_FLOATING else ivy.square(d)


def moments(x, axes, shift=None, keepdims=False, name=None):
    """(mean, variance) over ``axes``; integer means truncate (``shift`` is unused, as in
    TensorFlow 2)."""
    a = _checked("Moments", x)
    n = native_name(a)
    y = _compute(a)
    ax = _axes(axes, max(len(a.shape), 1))
    mean = reduce_mean(wrap(y), ax, keepdims=True)._data
    var = reduce_mean(wrap(_squared_deviation(y, mean)), ax, keepdims=True)._data
    if not keepdims:
        mean, var = ivy.squeeze(mean, axis=ax), ivy.squeeze(var, axis=ax)
    return wrap(ivy.astype(mean, n)), wrap(ivy.astype(var, n))


def sufficient_statistics(x, axes, shift=None, keepdims=False, name=None):
    """(count, sum of ``x - shift``, sum of its squares, shift)."""
    a = _checked("Moments", x)
    n = native_name(a)
    ax = _axes(axes, max(len(a.shape), 1))
    count = 1
    for d in ax:
        count *= a.shape[d]
    s = None
    if shift is not None:
        s = _like(shift, a)
        same_dtype("Sub", a, s)
        a = ivy.subtract(a, s)
        s = wrap(s)
    m_ss = ivy.sum(a, axis=ax, keepdims=bool(keepdims), dtype=n)
    v_ss = ivy.sum(_squared_deviation(a, ivy.zeros((), dtype=n)), axis=ax,
                   keepdims=bool(keepdims), dtype=n)
    return wrap(ivy.asarray(count, dtype=n)), wrap(m_ss), wrap(v_ss), s


def normalize_moments(counts, mean_ss, variance_ss, shift, name=None):
    m = _native(mean_ss)
    v, c = _like(variance_ss, m), _like(counts, m)
    same_dtype("Mul", m, v)
    same_dtype("Mul", m, c)
    shifted = ivy.divide(m, c)
    mean = shifted if shift is None else ivy.add(shifted, _like(shift, m))
    return wrap(mean), wrap(ivy.subtract(ivy.divide(v, c), ivy.square(shifted)))


def weighted_moments(x, axes, frequency_weights, keepdims=False, name=None):
    a = _checked("Moments", x)
    n = native_name(a)
    w = _like(frequency_weights, a)
    same_dtype("Mul", a, w)
    y, w = _compute(a), _compute(w)
    ax = _axes(axes, max(len(a.shape), 1))
    total = ivy.sum(ivy.add(w, ivy.zeros_like(y)), axis=ax, keepdims=True)
    mean = ivy.divide(ivy.sum(ivy.multiply(w, y), axis=ax, keepdims=True), total)
    var = ivy.divide(ivy.sum(ivy.multiply(w, _squared_deviation(y, mean)), axis=ax,
                             keepdims=True), total)
    if not keepdims:
        mean, var = ivy.squeeze(mean, axis=ax), ivy.squeeze(var, axis=ax)
    return wrap(ivy.astype(mean, n)), wrap(ivy.astype(var, n))


def batch_normalization(x, mean, variance, offset, scale, variance_epsilon, name=None):
    """``(x - mean) * scale / sqrt(variance + eps) + offset`` (offset/scale may be None)."""
    a = _checked("BatchNorm", x)
    parts = [None if v is None else _like(v, a) for v in (mean, variance, offset, scale)]
    for p in parts:
        if p is not None:
            same_dtype("Mul", a, p)
    m, v, off, sc = parts
    inv = ivy.divide(1, ivy.sqrt(ivy.add(v, _like(variance_epsilon, v))))
    if sc is not None:
        inv = ivy.multiply(inv, sc)
    shift = ivy.negative(ivy.multiply(m, inv))
    if off is not None:
        shift = ivy.add(off, shift)
    return wrap(ivy.add(ivy.multiply(a, ivy.astype(inv, native_name(a))), shift))


def batch_norm_with_global_normalization(input, mean, variance, beta, gamma,  # noqa: A002
                                         variance_epsilon, scale_after_normalization, name=None):
    return batch_normalization(input, mean, variance, beta,
                               gamma if scale_after_normalization else None, variance_epsilon)


def local_response_normalization(input, depth_radius=5, bias=1, alpha=1, beta=0.5,  # noqa: A002
                                 name=None):
    """``input / (bias + alpha * sum of squares over 2r+1 channels) ** beta`` (NHWC, 4-D)."""
    a = _checked("LRN", input)
    if len(a.shape) != 4:
        raise invalid_argument(f"input must be 4-dimensional, got {list(a.shape)}", "LRN")
    r, c = int(depth_radius), a.shape[-1]
    sq = ivy.pad(ivy.square(_compute(a)), ((0, 0),) * 3 + ((r, r),))
    total = sq[..., 0:c]
    for i in range(1, 2 * r + 1):
        total = ivy.add(total, sq[..., i:i + c])
    denom = ivy.pow(ivy.add(ivy.multiply(total, float(alpha)), float(bias)), float(beta))
    return wrap(ivy.astype(ivy.divide(_compute(a), denom), native_name(a)))


lrn = local_response_normalization


# ---- losses ------------------------------------------------------------------------------------

def softmax_cross_entropy_with_logits(labels, logits, axis=-1, name=None):
    """``-sum(labels * log_softmax(logits), axis)``; labels are cast to the logits' dtype."""
    op = "SoftmaxCrossEntropyWithLogits"
    x = _checked(op, logits)
    z = _native(labels)
    z = ivy.astype(z, native_name(x)) if native_name(z) != native_name(x) else z
    nd = len(x.shape)
    ax = _axis(axis, max(nd, 1))
    if tuple(z.shape) != tuple(x.shape):
        try:
            if nd != 2 or len(z.shape) != 2:
                raise ValueError
            z = ivy.broadcast_to(z, tuple(x.shape))
        except Exception:  # noqa: BLE001 - TensorFlow's message for any mismatch
            raise invalid_argument(f"logits and labels must be broadcastable: logits_size="
                                   f"{list(x.shape)} labels_size={list(z.shape)}", op) from None
    c = _compute(x)
    loss = ivy.negative(ivy.sum(ivy.multiply(_compute(z), ivy.log_softmax(c, axis=ax)), axis=ax))
    return wrap(ivy.astype(loss, native_name(x)))


def sparse_softmax_cross_entropy_with_logits(labels, logits, name=None):
    op = "SparseSoftmaxCrossEntropyWithLogits"
    x = _checked(op, logits)
    z = _native(labels)
    _attr(op, "Tlabels", native_name(z))
    if not len(x.shape) or tuple(z.shape) != tuple(x.shape[:-1]):
        raise ValueError(f"`labels.shape` must equal `logits.shape` except for the last "
                         f"dimension. Received: labels.shape={tuple(z.shape)} and logits.shape="
                         f"{tuple(x.shape)}")
    c = x.shape[-1]
    bad = ivy.logical_or(ivy.less(z, 0), ivy.greater_equal(z, c))
    if bool(ivy.any(bad)):
        v = int(np.asarray(ivy.to_numpy(z))[np.asarray(ivy.to_numpy(bad))].reshape(-1)[0])
        raise invalid_argument(f"Received a label value of {v} which is outside the valid range "
                               f"of [0, {c}).  Label values: "
                               f"{' '.join(map(str, np.asarray(ivy.to_numpy(z)).reshape(-1)))}",
                               op)
    lsm = ivy.log_softmax(_compute(x), axis=-1)
    picked = ivy.take_along_axis(lsm, ivy.expand_dims(ivy.astype(z, "int64"), axis=-1), axis=-1)
    return wrap(ivy.astype(ivy.negative(ivy.squeeze(picked, axis=-1)), native_name(x)))


def _same_shape(x, z):
    if tuple(x.shape) != tuple(z.shape):
        raise ValueError(f"`logits` and `labels` must have the same shape, received "
                         f"({tuple(x.shape)} vs {tuple(z.shape)}).")


def _softplus_neg_abs(x):
    return ivy.log1p(ivy.exp(ivy.negative(ivy.abs(x))))


def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None):
    """``max(x, 0) - x * z + log(1 + exp(-|x|))``."""
    x = _checked("CrossEntropy", logits)
    z = _like(labels, x)
    same_dtype("Mul", x, z)
    _same_shape(x, z)
    return wrap(ivy.add(ivy.subtract(ivy.relu(x), ivy.multiply(x, z)), _softplus_neg_abs(x)))


def weighted_cross_entropy_with_logits(labels, logits, pos_weight, name=None):
    """``(1 - z) * x + (1 + (q - 1) * z) * (log(1 + exp(-|x|)) + max(-x, 0))``."""
    x = _native(logits)
    z = _like(labels, x)
    q = pos_weight._data if type(pos_weight) is Tensor else convert(pos_weight, native_name(x))
    check_kernel("CrossEntropy", native_name(x))
    same_dtype("Mul", x, z)
    same_dtype("Mul", x, q)
    _same_shape(x, z)
    weight = ivy.add(ivy.multiply(ivy.subtract(q, 1), z), 1)
    tail = ivy.add(_softplus_neg_abs(x), ivy.relu(ivy.negative(x)))
    return wrap(ivy.add(ivy.multiply(ivy.subtract(1, z), x), ivy.multiply(weight, tail)))


def log_poisson_loss(targets, log_input, compute_full_loss=False, name=None):
    """``exp(c) - z * c``, plus Stirling's ``z log z - z + log(2 pi z) / 2`` where ``z > 1``."""
    c = _checked("PoissonLoss", log_input)
    z = _like(targets, c)
    same_dtype("Mul", c, z)
    _same_shape(c, z)
    loss = ivy.subtract(ivy.exp(c), ivy.multiply(z, c))
    if compute_full_loss:
        safe = ivy.where(ivy.greater(ivy.real(z), 1) if native_name(z) in D.COMPLEX_FLOATING
                         else ivy.greater(z, 1), z, ivy.ones_like(z))
        stirling = ivy.add(ivy.subtract(ivy.multiply(safe, ivy.log(safe)), safe),
                           ivy.multiply(ivy.log(ivy.multiply(safe, 2 * math.pi)), 0.5))
        over = ivy.greater(ivy.real(z), 1) if native_name(z) in D.COMPLEX_FLOATING else \
            ivy.greater(z, 1)
        loss = ivy.add(loss, ivy.where(over, stirling, ivy.zeros_like(stirling)))
    return wrap(loss)


def compute_average_loss(per_example_loss, sample_weight=None, global_batch_size=None):
    """``sum(loss * sample_weight) / global_batch_size`` (default: the batch size; 0 gives 0)."""
    a = _native(per_example_loss)
    if not len(a.shape):
        raise ValueError(f"Invalid value passed for `per_example_loss`. Expected a tensor with at "
                         f"least rank 1. Received per_example_loss={wrap(a).numpy()} with rank 0")
    if sample_weight is not None:
        w = _like(sample_weight, a)
        a = ivy.multiply(a, ivy.astype(w, native_name(a)))
    batch = a.shape[0] if global_batch_size is None else int(global_batch_size)
    total = wrap(ivy.sum(a, dtype=native_name(a)))
    if batch == 0:
        return wrap(ivy.zeros_like(truediv(total, 1)._data))
    return truediv(total, wrap(ivy.asarray(batch, dtype=native_name(a))))


def scale_regularization_loss(regularization_loss):
    """The summed loss divided by the number of replicas (1)."""
    if isinstance(regularization_loss, (list, tuple)) and regularization_loss and \
            type(regularization_loss[0]) is Tensor:
        parts = [_native(v) for v in regularization_loss]
        a = parts[0]
        for p in parts[1:]:
            a = ivy.add(a, p)
    else:
        a = _native(regularization_loss)
    total = wrap(ivy.sum(a, dtype=native_name(a)))
    return truediv(total, wrap(ivy.asarray(1, dtype=native_name(a))))


# ---- top_k, in_top_k, embedding_lookup ----------------------------------------------------------

def top_k(input, k=1, sorted=True, index_type=T.BY_NAME["int32"], name=None):  # noqa: A002
    a = _checked("TopKV2", input)
    _attr("TopKV2", "index_type", T.name_of(index_type))
    k = int(k.numpy()) if type(k) is Tensor else int(k)
    if k < 0:
        raise invalid_argument(f"Need k >= 0, got {k}", "TopKV2")
    if not len(a.shape):
        raise invalid_argument("input must be >= 1-D, got shape []", "TopKV2")
    if a.shape[-1] < k:
        raise invalid_argument(f"input must have at least k columns. Had {a.shape[-1]}, needed "
                               f"{k}", "TopKV2")
    if k and native_name(a) in D.REAL_FLOATING and bool(ivy.any(ivy.isnan(a))):
        indices = ivy.asarray(_nan_topk(np.asarray(ivy.to_numpy(a)), k))
        values = ivy.take_along_axis(a, indices, axis=-1)
    else:
        values, indices = _topk(a, k)
    return TopKV2(wrap(values), wrap(ivy.astype(indices, T.name_of(index_type))))


def _nan_topk(host, k):
    """TopKV2's indices for rows holding NaN: k = 1 is Eigen's max (NaN skipped unless the row
    is all NaN) and the first element equal to it; k = n is its std::sort (``_stdsort``)."""
    n = host.shape[-1]
    rows = host.reshape(-1, n).astype(np.float64)
    if k == n:
        out = [topk_order(r) for r in rows.tolist()]
    elif k == 1:
        out = []
        for r in rows:
            hits = np.flatnonzero(r == np.nanmax(r)) if not np.isnan(r).all() else [0]
            out.append([int(hits[0]) if len(hits) else 0])
    else:
        raise NotImplementedError("tf.math.top_k: 1 < k < n on rows holding NaN (TensorFlow's "
                                  "heap order) is not supported by ivy's tensorflow frontend")
    return np.asarray(out, dtype=np.int64).reshape(host.shape[:-1] + (k,))


_SIGN = -(2 ** 63)


def _topk(a, k, largest=True):
    """The core's topk; wide unsigned integers (no torch kernels) go through an
    order-preserving int64 image."""
    n = native_name(a)
    if n not in ("uint16", "uint32", "uint64"):
        return ivy.topk(a, k, axis=-1, largest=largest, sorted=True)
    m = ivy.astype(a, "int64")
    if n == "uint64":
        m = ivy.bitwise_xor(m, ivy.asarray(_SIGN, dtype="int64"))
    values, indices = ivy.topk(m, k, axis=-1, largest=largest, sorted=True)
    if n == "uint64":
        values = ivy.bitwise_xor(values, ivy.asarray(_SIGN, dtype="int64"))
    return ivy.astype(values, n), indices


def in_top_k(targets, predictions, k, name=None):
    """Whether each target's prediction is among the ``k`` largest of its row (ties count in;
    rows with a non-finite prediction and out-of-range targets give False)."""
    p = _checked("InTopKV2", predictions)
    t = _native(targets)
    _attr("InTopKV2", "T", native_name(t))
    if len(p.shape) != 2:
        raise invalid_argument(f"predictions must be 2-dimensional, got {list(p.shape)}",
                               "InTopKV2")
    c = p.shape[1]
    valid = ivy.logical_and(ivy.greater_equal(t, 0), ivy.less(t, c))
    idx = ivy.expand_dims(ivy.astype(ivy.where(valid, t, ivy.zeros_like(t)), "int64"), axis=-1)
    target = ivy.take_along_axis(p, idx, axis=-1)
    above = ivy.sum(ivy.astype(ivy.greater(p, target), "int64"), axis=-1)
    ok = ivy.logical_and(ivy.less(above, int(k)), ivy.all(ivy.isfinite(p), axis=-1))
    return wrap(ivy.logical_and(ok, valid))


def embedding_lookup(params, ids, max_norm=None, name=None):
    """Rows of ``params`` (a tensor, or a list of shards holding contiguous id blocks); rows whose
    L2 norm exceeds ``max_norm`` are scaled down to it."""
    shards = [_native(p) for p in params] if isinstance(params, (list, tuple)) else \
        [_native(params)]
    i = _native(ids)
    _attr("GatherV2", "Tindices", native_name(i))
    for s in shards[1:]:
        same_dtype("ConcatV2", shards[0], s)
    # TensorFlow 2 partitions ids in contiguous blocks ("div"): the table is the shards' concat
    table, index = (shards[0] if len(shards) == 1 else ivy.concat(shards, axis=0)), i
    rows = table.shape[0]
    flat = np.asarray(ivy.to_numpy(index)).reshape(-1)
    bad = np.nonzero((flat < 0) | (flat >= rows))[0]
    if bad.size:
        where = f"indices[{bad[0]}]" if len(i.shape) else "indices"
        raise invalid_argument(f"{where} = {flat[bad[0]]} is not in [0, {rows})", "GatherV2")
    out = ivy.take(table, ivy.reshape(index, (-1,)), axis=0)
    out = ivy.reshape(out, tuple(index.shape) + tuple(table.shape[1:]))
    if max_norm is not None:
        axes = tuple(range(len(index.shape), len(out.shape)))
        norm = ivy.sqrt(ivy.sum(ivy.square(out), axis=axes, keepdims=True))
        limit = _like(max_norm, out)
        scale = ivy.where(ivy.greater(norm, limit), ivy.divide(limit, norm), ivy.ones_like(norm))
        out = ivy.multiply(out, scale)
    return wrap(out)


# ---- convolution --------------------------------------------------------------------------------

def _ints(value):
    if type(value) is Tensor:
        value = value.numpy().tolist()
    if isinstance(value, (int, np.integer)):
        return [int(value)]
    return [int(v) for v in value]


def _spec(value, n, last, what, op, require_list=None):
    """Strides/dilations/ksize (an int, or a list of 1, n or n + 2 ints) as n spatial ints."""
    if value is None:
        return (1,) * n
    if require_list and isinstance(value, (int, np.integer)):
        raise TypeError(f"Expected list for '{what}' argument to '{require_list}' Op, not "
                        f"{value}.")
    v = _ints(value)
    if len(v) == 1 and not require_list:
        return tuple(v) * n
    if len(v) == n and not require_list:
        return tuple(v)
    if len(v) == n + 2:
        outer = (v[0], v[-1]) if last else (v[0], v[1])
        if outer != (1, 1):
            from .errors import UnimplementedError
            raise UnimplementedError(None, op, f"Current implementation does not yet support "
                                               f"{what} in the batch and depth dimensions. "
                                               f"[Op:{op}]")
        return tuple(v[1:-1]) if last else tuple(v[2:])
    raise ValueError(f"{what} should be of length 1, {n} or {n + 2}. Received: {what}={value} "
                     f"of length {len(v)}")


def _pads(padding, size, span, stride, last, op):
    """TensorFlow's padding (``"SAME"``, ``"VALID"`` or n + 2 explicit pairs) as spatial
    (low, high) pairs: SAME puts the odd element at the end."""
    if isinstance(padding, str):
        if padding == "VALID":
            return [(0, 0)] * len(size)
        if padding == "SAME":
            out = []
            for i, w, s in zip(size, span, stride):
                total = max((-(-i // s) - 1) * s + w - i, 0)
                out.append((total // 2, total - total // 2))
            return out
        raise invalid_argument(f"Value for attr 'padding' of \"{padding}\" is not in the list of "
                               f"allowed values: \"SAME\", \"VALID\", \"EXPLICIT\"", op)
    pairs = [tuple(int(v) for v in p) for p in padding]
    n = len(size)
    if len(pairs) != n + 2 or any(len(p) != 2 for p in pairs):
        raise ValueError(f"When padding is explicit, it must be a list of {n + 2} pairs. "
                         f"Received: padding={padding}")
    outer = (pairs[0], pairs[-1]) if last else (pairs[0], pairs[1])
    if outer != ((0, 0), (0, 0)):
        raise invalid_argument("Nonzero explicit padding in the batch or depth dimensions is not "
                               "supported", op)
    return pairs[1:-1] if last else pairs[2:]


# TensorFlow's CPU kernels refuse channels-first layouts (the class and message per op)
_CPU_NHWC_ONLY = {
    "Conv2D": ("UnimplementedError", "The Conv2D op currently only supports the NHWC tensor "
                                     "format on the CPU. The op was given the format: NCHW"),
    "Conv3D": ("InvalidArgumentError", "CPU implementation of Conv3D currently only supports the "
                                       "NHWC tensor format."),
    "Conv": ("UnimplementedError", "The Conv2D op currently only supports the NHWC tensor "
                                   "format on the CPU. The op was given the format: NCHW"),
    "DepthwiseConv2dNative": ("UnimplementedError", "Depthwise convolution on CPU is only "
                                                    "supported for NHWC format"),
    "Conv2DBackpropInput": ("InvalidArgumentError", "Conv2DCustomBackpropInputOp only supports "
                                                    "NHWC."),
    "Conv3DBackpropInputV2": ("InvalidArgumentError", "Conv3DBackpropInputOpV2 only supports "
                                                      "NDHWC on the CPU."),
    "MaxPool": ("InvalidArgumentError", "Default MaxPoolingOp only supports NHWC on device type "
                                        "CPU"),
    "AvgPool": ("InvalidArgumentError", "Default AvgPoolingOp only supports NHWC on device type "
                                        "CPU"),
    "MaxPool3D": ("InvalidArgumentError", "Default Pooling3DOp only supports NDHWC on device "
                                          "type CPU"),
}
_CPU_NHWC_ONLY["AvgPool3D"] = _CPU_NHWC_ONLY["MaxPool3D"]
_CPU_NHWC_ONLY["DepthwiseConv2dNativeBackpropInput"] = _CPU_NHWC_ONLY["DepthwiseConv2dNative"]
_CPU_NHWC_ONLY["DepthwiseConv2dNativeBackpropFilter"] = _CPU_NHWC_ONLY["DepthwiseConv2dNative"]


def _cpu_layout(op, last):
    """Channels-first convolutions and pools raise as on TensorFlow's CPU kernels (the
    computation itself supports them: drop this check to allow them)."""
    if not last and op in _CPU_NHWC_ONLY:
        from . import errors
        cls, msg = _CPU_NHWC_ONLY[op]
        raise getattr(errors, cls)(None, op, f"{msg} [Op:{op}]")


def _spatial(a, last):
    return tuple(a.shape[1:-1]) if last else tuple(a.shape[2:])


def _out_sizes(size, pads, span, stride):
    return tuple(max((i + lo + hi - w) // s + 1, 0) if i + lo + hi >= w else 0
                 for i, (lo, hi), w, s in zip(size, pads, span, stride))


def _empty(a, out, channels, last):
    shape = (a.shape[0],) + out + (channels,) if last else (a.shape[0], channels) + out
    return wrap(ivy.zeros(shape, dtype=native_name(a)))


def _via_float(fn, a, *rest):
    """Integer convolutions run in float64 (the core convolves floats only)."""
    n = native_name(a)
    if n in _INT:
        return ivy.astype(fn(ivy.astype(a, "float64"), *(ivy.astype(r, "float64") for r in rest)),
                          n)
    return fn(a, *rest)


def _convolve(op, a, w, strides, padding, last, dilations, groups=None, require_list=None):
    """``a`` convolved with TensorFlow-layout filters ``w`` ``(*kernel, in / groups, out)``."""
    n = len(w.shape) - 2
    if len(a.shape) != n + 2:
        raise invalid_argument(f"convolution input must be {n + 2}-dimensional: "
                               f"{list(a.shape)}", op)
    s = _spec(strides, n, last, "strides", op, require_list)
    d = _spec(dilations, n, last, "dilations", op)
    cin = a.shape[-1] if last else a.shape[1]
    fin = w.shape[-2]
    if groups is None:
        if fin == 0 or cin % fin:
            raise invalid_argument(f"input depth must be evenly divisible by filter depth: {cin} "
                                   f"vs {fin}", op)
        groups = cin // fin
    _cpu_layout(op, last)
    size = _spatial(a, last)
    span = tuple(di * (k - 1) + 1 for di, k in zip(d, w.shape[:n]))
    pads = _pads(padding, size, span, s, last, op)
    out = _out_sizes(size, pads, span, s)
    if min(out, default=1) <= 0:
        return _empty(a, out, w.shape[-1], last)
    weight = ivy.permute_dims(w, (n + 1, n) + tuple(range(n)))
    return wrap(kernel(op, lambda x, f: _via_float(
        lambda x, f: ivy.conv(x, f, stride=s, padding=tuple(pads), dilation=d, groups=groups,
                              channels_last=last), x, f), a, weight))


def _operands(op, input, filters):  # noqa: A002
    a = _native(input)
    w = _like(filters, a)
    check_kernel(op, same_dtype(op, a, w))
    return a, w


def _op_for(n):
    return "Conv3D" if n == 3 else "Conv2D"


def convolution(input, filters, strides=None, padding="VALID", data_format=None,  # noqa: A002
                dilations=None, name=None):
    a, w = _operands(_op_for(len(_native(filters).shape) - 2), input, filters)
    return _convolve(_op_for(len(w.shape) - 2), a, w, strides, padding,
                     _channels_last(data_format), dilations)


def conv1d(input, filters, stride, padding, data_format="NWC", dilations=None,  # noqa: A002
           name=None):
    a, w = _operands("Conv2D", input, filters)
    return _convolve("Conv2D", a, w, stride, padding, _channels_last(data_format), dilations)


def conv2d(input, filters, strides, padding, data_format="NHWC", dilations=None,  # noqa: A002
           name=None):
    a, w = _operands("Conv2D", input, filters)
    return _convolve("Conv2D", a, w, strides, padding, _channels_last(data_format), dilations)


def conv3d(input, filters, strides, padding, data_format="NDHWC", dilations=None,  # noqa: A002
           name=None):
    a, w = _operands("Conv3D", input, filters)
    return _convolve("Conv3D", a, w, strides, padding, _channels_last(data_format), dilations,
                     require_list="conv3d")


def conv(input, filter, strides, padding, explicit_paddings=[],  # noqa: A002, B006
         data_format="CHANNELS_LAST", dilations=[], batch_dims=1, groups=1, name=None):  # noqa
    """``tf.conv`` (the raw Conv op): ``batch_dims`` leading batch dimensions, strides and
    dilations of rank + 2 entries, ``"EXPLICIT"`` padding from a flat ``explicit_paddings``."""
    op = "Conv"
    a, w = _operands("Conv2D", input, filter)
    last = data_format == "CHANNELS_LAST"
    lead = tuple(a.shape[:int(batch_dims)])
    x = ivy.reshape(a, (-1,) + tuple(a.shape[int(batch_dims):]))
    n = len(x.shape) - 2
    if n not in (2, 3):
        raise invalid_argument(f"The input must have 2 or 3 spatial dimensions but got {n}", op)
    if isinstance(strides, (int, np.integer)):
        raise TypeError(f"Expected list for 'strides' argument to 'conv' Op, not {strides}.")
    if len(_ints(strides)) != n + 2:
        raise invalid_argument(f"Sliding window strides field must specify {n + 2} dimensions",
                               op)
    if (padding == "EXPLICIT") != bool(len(explicit_paddings)):
        raise invalid_argument("explicit_paddings attribute must be empty if the padding "
                               "attribute is not EXPLICIT", op)
    if padding == "EXPLICIT":
        flat = _ints(explicit_paddings)
        padding = [flat[i:i + 2] for i in range(0, len(flat), 2)]
    cin = x.shape[-1] if last else x.shape[1]
    if int(groups) != 1:
        from .errors import UnimplementedError
        raise UnimplementedError(None, op, "Grouped/Depthwise Convolutions are not supported "
                                           "yet. [Op:Conv]")
    if w.shape[-2] != cin:
        raise invalid_argument(f"Input depth must be equal to filter depth: {cin} vs "
                               f"{w.shape[-2]}", op)
    y = _convolve(op, x, w, strides, padding, last,
                  list(dilations) or None)._data
    return wrap(ivy.reshape(y, lead + tuple(y.shape[1:])))


def atrous_conv2d(value, filters, rate, padding, name=None):
    if int(rate) < 1:
        raise ValueError(f"rate {rate} cannot be less than one")
    return conv2d(value, filters, 1, padding, dilations=int(rate))


def depthwise_conv2d(input, filter, strides, padding, data_format=None,  # noqa: A002
                     dilations=None, name=None):
    """Each input channel convolved with its own ``channel_multiplier`` filters
    ``(kh, kw, in, multiplier)``; output channel ``c * multiplier + m``."""
    op = "DepthwiseConv2dNative"
    a, f = _operands(op, input, filter)
    last = _channels_last(data_format)
    s = _spec(strides, 2, last, "strides", op, "depthwise_conv2d_native")
    if s[0] != s[1]:
        raise invalid_argument("Current implementation only supports equal length strides in "
                               "the row and column dimensions.", op)
    if len(a.shape) != 4 or len(f.shape) != 4:
        raise invalid_argument(f"input must be 4-dimensional{list(a.shape)}", op)
    c = a.shape[-1] if last else a.shape[1]
    if f.shape[2] != c:
        raise invalid_argument(f"input and filter must have the same depth: {c} vs {f.shape[2]}",
                               op)
    _cpu_layout(op, last)
    w = ivy.reshape(f, (f.shape[0], f.shape[1], 1, c * f.shape[3]))
    return _convolve(op, a, w, s, padding, last, dilations, groups=c)


def separable_conv2d(input, depthwise_filter, pointwise_filter, strides, padding,  # noqa: A002
                     data_format=None, dilations=None, name=None):
    mid = depthwise_conv2d(input, depthwise_filter, strides, padding, data_format, dilations)
    return conv2d(mid, pointwise_filter, 1, "VALID",
                  data_format="NHWC" if _channels_last(data_format) else "NCHW")


def _transpose(op, a, weight, out_spatial, strides, padding, last, dilations, groups,
               require_list=None):
    """Transposed convolution of ``a`` with core-layout ``weight`` ``(in, out / groups, *k)`` to
    the spatial size ``out_spatial`` (the forward convolution's input size)."""
    n = len(weight.shape) - 2
    _cpu_layout(op, last)
    s = _spec(strides, n, last, "strides", op, require_list)
    d = _spec(dilations, n, last, "dilations", op)
    size = _spatial(a, last)
    span = tuple(di * (k - 1) + 1 for di, k in zip(d, weight.shape[2:]))
    pads = _pads(padding, out_spatial, span, s, last, op)
    expect = _out_sizes(out_spatial, pads, span, s)
    pairs, extra = [], []
    for dim, (i, o, e, (lo, hi), w, st) in enumerate(zip(size, out_spatial, expect, pads, span,
                                                         s)):
        if e != i:
            raise invalid_argument(f"{op}: Size of out_backprop doesn't match computed: actual = "
                                   f"{i}, computed = {e} spatial_dim: {dim + 1} input: {o} "
                                   f"filter: {w} output: {i} stride: {st}", op)
        full = (i - 1) * st - lo - hi + w
        pairs.append((lo, hi))
        extra.append(o - full)
    return wrap(kernel(op, lambda x, f: _via_float(
        lambda x, f: ivy.conv_transpose(x, f, stride=s, padding=tuple(pairs),
                                        output_padding=tuple(extra), dilation=d, groups=groups,
                                        channels_last=last), x, f), a, weight))


def _output_shape(output_shape, n, last, channels, op):
    v = _ints(output_shape)
    if len(v) == n:
        return tuple(v)
    if len(v) != n + 2:
        raise ValueError(f"output_shape must have length {n} or {n + 2}, got {len(v)}")
    if (v[-1] if last else v[1]) != channels:
        raise invalid_argument(f"{op}: input depth must be evenly divisible by filter depth", op)
    return tuple(v[1:-1]) if last else tuple(v[2:])


def conv_transpose(input, filters, output_shape, strides, padding="SAME",  # noqa: A002
                   data_format=None, dilations=None, name=None):
    """Filters ``(*kernel, out, in)``; ``output_shape`` the full (or spatial) output shape.
    Dilations above 1 raise as on TensorFlow's CPU kernels."""
    return _conv_transpose(input, filters, output_shape, strides, padding, data_format,
                           dilations, cpu=True)


def _conv_transpose(input, filters, output_shape, strides, padding, data_format,  # noqa: A002
                    dilations, cpu):
    a = _native(input)
    w = _like(filters, a)
    n = len(w.shape) - 2
    op = "Conv3DBackpropInputV2" if n == 3 else "Conv2DBackpropInput"
    check_kernel(_op_for(n), same_dtype(op, a, w))
    last = _channels_last(data_format)
    _cpu_layout(op, last)
    if cpu and max(_spec(dilations, n, last, "dilations", op)) > 1:
        raise invalid_argument(f"Current CPU implementation{'s' if n < 3 else ''} "
                               f"do{'' if n < 3 else 'es'} not yet support dilation rates larger "
                               f"than 1.", op)
    if len(a.shape) != n + 2:
        raise invalid_argument(f"input must be {n + 2}-dimensional: {list(a.shape)}", op)
    cin = a.shape[-1] if last else a.shape[1]
    if w.shape[-1] != cin:
        raise invalid_argument(f"{op}: filter in_depth {w.shape[-1]} does not match the input "
                               f"depth {cin}", op)
    out = _output_shape(output_shape, n, last, w.shape[-2], op)
    weight = ivy.permute_dims(w, (n + 1, n) + tuple(range(n)))
    return _transpose(op, a, weight, out, strides, padding, last, dilations, 1)


def conv1d_transpose(input, filters, output_shape, strides, padding="SAME",  # noqa: A002
                     data_format="NWC", dilations=None, name=None):
    return conv_transpose(input, filters, output_shape, strides, padding, data_format, dilations)


def conv2d_transpose(input, filters, output_shape, strides, padding="SAME",  # noqa: A002
                     data_format="NHWC", dilations=None, name=None):
    return conv_transpose(input, filters, output_shape, strides, padding, data_format, dilations)


def conv3d_transpose(input, filters, output_shape, strides, padding="SAME",  # noqa: A002
                     data_format="NDHWC", dilations=None, name=None):
    return conv_transpose(input, filters, output_shape, strides, padding, data_format, dilations)


def atrous_conv2d_transpose(value, filters, output_shape, rate, padding, name=None):
    if int(rate) < 1:
        raise ValueError(f"rate {rate} cannot be less than one")
    return _conv_transpose(value, filters, output_shape, 1, padding, "NHWC", int(rate), False)


def depthwise_conv2d_backprop_input(input_sizes, filter, out_backprop, strides,  # noqa: A002
                                    padding, data_format="NHWC", dilations=[1, 1, 1, 1],  # noqa
                                    name=None):
    """The gradient of ``depthwise_conv2d`` with respect to its input."""
    op = "DepthwiseConv2dNativeBackpropInput"
    g = _native(out_backprop)
    f = _like(filter, g)
    check_kernel("DepthwiseConv2dNative", same_dtype(op, g, f))
    last = _channels_last(data_format)
    _cpu_layout(op, last)
    sizes = _ints(input_sizes)
    c = sizes[-1] if last else sizes[1]
    weight = ivy.reshape(ivy.permute_dims(f, (2, 3, 0, 1)), (c * f.shape[3], 1) +
                         tuple(f.shape[:2]))
    spatial = tuple(sizes[1:-1]) if last else tuple(sizes[2:])
    return _transpose(op, g, weight, spatial, strides, padding, last, dilations, c)


# ---- pooling -----------------------------------------------------------------------------------

def _pool(op, kind, input, ksize, strides, padding, data_format, dilations=None,  # noqa: A002
          rank=None, argmax=False):
    a = _checked(op, input)
    n = len(a.shape) - 2
    if rank is not None and n != rank or n < 1:
        raise invalid_argument(f"Input must have rank {(rank or 2) + 2}, got {len(a.shape)}", op)
    last = _channels_last(data_format)
    _cpu_layout(op, last)
    if not isinstance(padding, str) and kind == "avg":
        raise TypeError(f"Expected string for argument 'padding' not {padding!r}.")
    k = _spec(ksize, n, last, "ksize", op)
    s = _spec(strides, n, last, "strides", op)
    d = _spec(dilations, n, last, "dilations", op)
    size = _spatial(a, last)
    span = tuple(di * (ki - 1) + 1 for di, ki in zip(d, k))
    pads = _pads(padding, size, span, s, last, op)
    out = _out_sizes(size, pads, span, s)
    c = a.shape[-1] if last else a.shape[1]
    if min(out) <= 0:
        return _empty(a, out, c, last)
    name = native_name(a)
    x = ivy.astype(a, "float64") if name in _INT else _compute(a)
    widths = ((0, 0),) + tuple(pads) + ((0, 0),) if last else ((0, 0), (0, 0)) + tuple(pads)
    if kind == "max":
        x = ivy.pad(x, widths, value=-math.inf)
        r = ivy.max_pool(x, k, stride=s, dilation=d, return_indices=argmax, channels_last=last)
        if argmax:
            return tuple(pads), r
    else:
        total = ivy.avg_pool(ivy.pad(x, widths, value=0), k, stride=s, divisor_override=1,
                             channels_last=last)
        counts = np.ones(out)
        for dim, (i, o, ki, si, (lo, _)) in enumerate(zip(size, out, k, s, pads)):
            starts = np.arange(o) * si - lo
            cnt = np.minimum(starts + ki, i) - np.maximum(starts, 0)
            counts = counts * cnt.reshape((1,) * dim + (o,) + (1,) * (n - dim - 1))
        counts = counts[..., None] if last else counts[None]
        r = ivy.divide(total, ivy.asarray(counts, dtype=native_name(total)))
    return wrap(ivy.astype(r, name))


def _pool_fn(op, kind, rank, default_format):
    def f(input, ksize, strides, padding, data_format=default_format, name=None):  # noqa: A002
        return _pool(op if rank != 3 else op + "3D", kind, input, ksize, strides, padding,
                     data_format, rank=rank)
    return f


max_pool1d = _pool_fn("MaxPool", "max", 1, "NWC")
max_pool2d = _pool_fn("MaxPool", "max", 2, "NHWC")
max_pool3d = _pool_fn("MaxPool", "max", 3, "NDHWC")
avg_pool1d = _pool_fn("AvgPool", "avg", 1, "NWC")
avg_pool2d = _pool_fn("AvgPool", "avg", 2, "NHWC")
avg_pool3d = _pool_fn("AvgPool", "avg", 3, "NDHWC")


def max_pool(input, ksize, strides, padding, data_format=None, name=None):  # noqa: A002
    n = len(_native(input).shape) - 2
    return _pool("MaxPool3D" if n == 3 else "MaxPool", "max", input, ksize, strides, padding,
                 data_format)


def avg_pool(input, ksize, strides, padding, data_format=None, name=None):  # noqa: A002
    n = len(_native(input).shape) - 2
    return _pool("AvgPool3D" if n == 3 else "AvgPool", "avg", input, ksize, strides, padding,
                 data_format)


def pool(input, window_shape, pooling_type, strides=None, padding="VALID",  # noqa: A002
         data_format=None, dilations=None, name=None):
    n = len(_ints(window_shape))
    kind = {"MAX": "max", "AVG": "avg"}.get(pooling_type)
    if kind is None:
        raise ValueError(f"{n}-D {pooling_type} pooling is not supported.")
    d = _ints(dilations) if dilations is not None else [1] * n
    st = _ints(strides) if strides is not None else [1] * n
    if max(d) > 1:
        if padding == "SAME":
            raise ValueError(f"pooling with 'SAME' padding is not implemented for "
                             f"`dilation_rate` > 1. Received: padding=SAME and dilation_rate="
                             f"{np.asarray(d)}")
        if max(st) > 1:
            raise ValueError(f"`strides > 1` not supported in conjunction with `dilation_rate > "
                             f"1`. Received: strides={np.asarray(st)} and dilation_rate="
                             f"{np.asarray(d)}")
        if kind == "avg":
            raise NotImplementedError("tf.nn.pool: AVG pooling with dilations > 1 is not "
                                      "supported by ivy's tensorflow frontend")
    op = ("MaxPool" if kind == "max" else "AvgPool") + ("3D" if n == 3 else "")
    return _pool(op, kind, input, window_shape, st, padding, data_format, d, rank=n)


def max_pool_with_argmax(input, ksize, strides, padding, data_format="NHWC",  # noqa: A002
                         output_dtype=T.BY_NAME["int64"], include_batch_in_index=False,
                         name=None):
    """(max values, flat indices ``((b * H + y) * W + x) * C + c``, b only with
    ``include_batch_in_index``)."""
    op = "MaxPoolWithArgmax"
    if data_format != "NHWC":
        raise ValueError(f"Data formats other than 'NHWC' are not yet supported, got "
                         f"{data_format}")
    a = _native(input)
    if len(a.shape) != 4:
        raise invalid_argument(f"input must be 4-dimensional {list(a.shape)}", op)
    pads, (values, idx) = _pool(op, "max", input, ksize, strides, padding, "NHWC", rank=2,
                                argmax=True)
    b, h, w, c = a.shape
    wp = w + pads[1][0] + pads[1][1]
    y = ivy.subtract(ivy.floor_divide(idx, wp), pads[0][0])
    x = ivy.subtract(ivy.remainder(idx, wp), pads[1][0])
    flat = ivy.add(ivy.multiply(ivy.add(ivy.multiply(y, w), x), c),
                   ivy.reshape(ivy.arange(c, dtype=native_name(idx)), (1, 1, 1, c)))
    if include_batch_in_index:
        flat = ivy.add(flat, ivy.reshape(ivy.arange(b, dtype=native_name(idx)) * (h * w * c),
                                         (b, 1, 1, 1)))
    return MaxPoolWithArgmax(wrap(ivy.astype(values, native_name(a))),
                             wrap(ivy.astype(flat, T.name_of(output_dtype))))


def depthwise_conv2d_backprop_filter(input, filter_sizes, out_backprop, strides,  # noqa: A002
                                     padding, data_format="NHWC", dilations=[1, 1, 1, 1],  # noqa
                                     name=None):
    """The gradient of ``depthwise_conv2d`` with respect to its filter ``(kh, kw, in, m)``."""
    op = "DepthwiseConv2dNativeBackpropFilter"
    a = _native(input)
    g = _like(out_backprop, a)
    check_kernel("DepthwiseConv2dNative", same_dtype(op, a, g))
    last = _channels_last(data_format)
    _cpu_layout(op, last)
    kh, kw, c, m = _ints(filter_sizes)
    s = _spec(strides, 2, last, "strides", op)
    d = _spec(dilations, 2, last, "dilations", op)
    span = (d[0] * (kh - 1) + 1, d[1] * (kw - 1) + 1)
    pads = _pads(padding, _spatial(a, last), span, s, last, op)
    oh, ow = g.shape[1], g.shape[2]
    xp = ivy.pad(a, ((0, 0),) + tuple(pads) + ((0, 0),))
    grads = ivy.reshape(g, tuple(g.shape[:3]) + (c, m))
    rows = []
    for i in range(kh):
        for j in range(kw):
            window = xp[:, i * d[0]:i * d[0] + (oh - 1) * s[0] + 1:s[0],
                        j * d[1]:j * d[1] + (ow - 1) * s[1] + 1:s[1], :]
            rows.append(ivy.sum(ivy.multiply(ivy.expand_dims(window, axis=-1), grads),
                                axis=(0, 1, 2)))
    return wrap(ivy.reshape(ivy.stack(rows), (kh, kw, c, m)))


def dilation2d(input, filters, strides, padding, data_format, dilations,  # noqa: A002
               name=None):
    """Grayscale morphological dilation: ``max`` over the window of ``input + filters``
    (NHWC; filters ``(kh, kw, channels)``)."""
    return _morphology("Dilation2D", input, filters, strides, padding, data_format, dilations,
                       "dilation2d", False)


def erosion2d(value, filters, strides, padding, data_format, dilations, name=None):
    """``-dilation2d(-value, reversed filters)``."""
    return _morphology("Dilation2D", value, filters, strides, padding, data_format, dilations,
                       "dilation2d", True)


def _morphology(op, input, filters, strides, padding, data_format, dilations,  # noqa: A002
                what, erode):
    if data_format != "NHWC":
        raise ValueError(f"`data_format` values other  than 'NHWC' are not supported. Received: "
                         f"data_format={data_format}")
    a, f = _operands(op, input, filters)
    s = _spec(strides, 2, True, "strides", op, what)
    r = _spec(dilations, 2, True, "rates", op, what)
    if len(a.shape) != 4 or len(f.shape) != 3:
        raise invalid_argument(f"input must be 4-dimensional: {list(a.shape)}", op)
    if f.shape[2] != a.shape[3]:
        raise invalid_argument(f"input and filter must have the same depth: {a.shape[3]} vs "
                               f"{f.shape[2]}", op)
    n = native_name(a)
    x = ivy.astype(a, "float64") if n in _INT else a
    w = ivy.astype(f, native_name(x))
    if erode:
        x, w = ivy.negative(x), ivy.flip(w, axis=(0, 1))
    kh, kw = f.shape[0], f.shape[1]
    span = (r[0] * (kh - 1) + 1, r[1] * (kw - 1) + 1)
    pads = _pads(padding, _spatial(a, True), span, s, True, op)
    out = _out_sizes(_spatial(a, True), pads, span, s)
    if min(out) <= 0:
        return _empty(a, out, a.shape[3], True)
    xp = ivy.pad(x, ((0, 0),) + tuple(pads) + ((0, 0),), value=-math.inf)
    best = None
    for i in range(kh):
        for j in range(kw):
            window = xp[:, i * r[0]:i * r[0] + (out[0] - 1) * s[0] + 1:s[0],
                        j * r[1]:j * r[1] + (out[1] - 1) * s[1] + 1:s[1], :]
            v = ivy.add(window, w[i, j])
            best = v if best is None else ivy.maximum(best, v)
    return wrap(ivy.astype(ivy.negative(best) if erode else best, n))


ApproxTopK = namedtuple("ApproxTopK", "values indices")
ApproxTopK.__module__ = "tensorflow.python.ops.gen_nn_ops"


def _approx(is_max):
    def f(operand, k, reduction_dimension=-1, recall_target=0.95,
          reduction_input_size_override=-1, aggregate_to_topk=True, name=None):
        """Exact top-k along the last dimension (TensorFlow's CPU fallback); the CPU has no
        kernel for other dimensions or for ``approx_min_k`` (NotFoundError)."""
        op = "ApproxTopK"
        a = _checked(op, operand)
        nd = len(a.shape)
        if not nd:
            raise invalid_argument("input must be >= 1-D, got shape []", op)
        if not is_max or int(reduction_dimension) % nd != nd - 1:
            from .errors import NotFoundError
            dt = T.KERNEL_NAME.get(native_name(a), native_name(a)).upper()
            raise NotFoundError(None, op, f"Could not find device for node: {{{{node {op}}}}} = "
                                          f"{op}[T=DT_{dt}, is_max_k={str(is_max).lower()}]")
        k = int(k)
        if a.shape[-1] < k:
            raise invalid_argument(f"input must have at least k columns. Had {a.shape[-1]}, "
                                   f"needed {k}", op)
        values, indices = _topk(a, k)
        return ApproxTopK(wrap(values), wrap(ivy.astype(indices, "int32")))
    return f


approx_max_k = _approx(True)
approx_min_k = _approx(False)
KERNELS.update({"Dilation2D": _REAL_F | _INT, "ApproxTopK": frozenset({"float16", "bfloat16",
                                                                       "float32"})})


# ---- CTC ----------------------------------------------------------------------------------------

def _compact(values, keep, full=False):
    """Each row's kept entries moved to the front (order kept), the rest zero; rows cut to the
    largest count unless ``full``. Returns (rows, counts)."""
    width = values.shape[1]
    pos = ivy.broadcast_to(ivy.arange(width, dtype="int64"), tuple(values.shape))
    order = ivy.argsort(ivy.where(keep, pos, ivy.add(pos, width)), axis=1, stable=True)
    counts = ivy.sum(ivy.astype(keep, "int32"), axis=1)
    moved = ivy.take_along_axis(values, order, axis=1)
    moved = ivy.where(ivy.less(pos, ivy.expand_dims(ivy.astype(counts, "int64"), axis=1)), moved,
                      ivy.zeros_like(moved))
    cut = width if full else int(np.max(ivy.to_numpy(counts), initial=0))
    return moved[:, :cut], counts


def collapse_repeated(labels, seq_length, name=None):
    """Consecutive repeats within each row's ``seq_length`` merged; (labels, new lengths)."""
    a = _native(labels)
    n = _like(seq_length, a) if type(seq_length) is not Tensor else seq_length._data
    width = a.shape[1]
    pos = ivy.broadcast_to(ivy.arange(width, dtype=native_name(n)), tuple(a.shape))
    prev = ivy.concat([ivy.full((a.shape[0], 1), -1, dtype=native_name(a)) if
                       native_name(a) not in D.UNSIGNED else a[:, :1] + 1, a[:, :-1]], axis=1)
    keep = ivy.logical_and(ivy.not_equal(a, prev), ivy.less(pos, ivy.expand_dims(n, axis=1)))
    rows, counts = _compact(a, keep)
    return wrap(rows), wrap(ivy.astype(counts, native_name(n)))


def ctc_unique_labels(labels, name=None):
    """Each row's distinct labels in order of first appearance (int64, zero-padded) and each
    position's index into them (int32)."""
    a = _native(labels)
    width = a.shape[1]
    eq = ivy.equal(ivy.expand_dims(a, axis=2), ivy.expand_dims(a, axis=1))        # (B, i, j)
    earlier = ivy.asarray(np.tril(np.ones((width, width), bool), -1))
    first = ivy.logical_not(ivy.any(ivy.logical_and(eq, earlier), axis=2))
    rank = ivy.subtract(ivy.cumulative_sum(ivy.astype(first, "int32"), axis=1), 1)
    where_first = ivy.argmax(ivy.astype(eq, "int32"), axis=2)
    idx = ivy.take_along_axis(rank, where_first, axis=1)
    rows, _ = _compact(ivy.astype(a, "int64"), first, full=True)
    return [wrap(rows), wrap(ivy.astype(idx, "int32"))]


def ctc_loss(labels, logits, label_length, logit_length, logits_time_major=True, unique=None,
             blank_index=None, name=None):
    """Negative log-likelihood of dense ``labels`` under CTC (the forward algorithm in log
    space; ``unique`` is only a speed hint). Logits ``(time, batch, classes)`` by default."""
    if label_length is None:
        raise ValueError("Attempt to convert a value (None) with an unsupported type (<class "
                         "'NoneType'>) to a Tensor.")
    x = _native(logits)
    out_dtype = native_name(x)
    if out_dtype in ("float16", "bfloat16"):
        x = ivy.astype(x, "float32")
    if native_name(x) != "float32":
        raise invalid_argument(f"cannot compute Mul as input #1(zero-based) was expected to be a "
                               f"{T.KERNEL_NAME.get(native_name(x), native_name(x))} tensor but "
                               f"is a float tensor", "Mul")
    if not logits_time_major:
        x = ivy.permute_dims(x, (1, 0, 2))
    z = ivy.astype(_native(labels), "int64")
    ll = ivy.astype(_native(label_length), "int64")
    tl = ivy.astype(_native(logit_length), "int64")
    steps, batch, classes = x.shape
    blank = 0 if blank_index is None else int(blank_index) % classes
    lp = ivy.log_softmax(x, axis=-1)
    width = 2 * z.shape[1] + 1
    ext = ivy.reshape(ivy.stack([ivy.full(tuple(z.shape), blank, dtype="int64"), z], axis=2),
                      (batch, -1))
    ext = ivy.concat([ext, ivy.full((batch, 1), blank, dtype="int64")], axis=1)     # (B, S)
    emit = ivy.take_along_axis(lp, ivy.broadcast_to(ext, (steps, batch, width)), axis=2)
    skip = ivy.logical_and(ivy.not_equal(ext, blank), ivy.not_equal(
        ext, ivy.concat([ivy.full((batch, 2), -1, dtype="int64"), ext[:, :-2]], axis=1)))
    neg = ivy.full((batch, 1), -math.inf, dtype="float32")
    s = ivy.arange(width, dtype="int64")
    alpha = ivy.where(ivy.less(s, ivy.minimum(ivy.expand_dims(2 * ll + 1, axis=1), 2)), emit[0],
                      ivy.full((batch, width), -math.inf, dtype="float32"))
    emits = ivy.unstack(emit, axis=0)
    live = ivy.unstack(ivy.less(ivy.reshape(ivy.arange(steps, dtype="int64"), (steps, 1, 1)),
                                ivy.reshape(tl, (1, batch, 1))), axis=0)
    never = ivy.full((batch, width), -math.inf, dtype="float32")
    for t in range(1, steps):
        one = ivy.concat([neg, alpha[:, :-1]], axis=1)
        two = ivy.where(skip, ivy.concat([neg, neg, alpha[:, :-2]], axis=1), never)
        step = ivy.add(ivy.logaddexp(ivy.logaddexp(alpha, one), two), emits[t])
        alpha = ivy.where(live[t], step, alpha)
    end = ivy.expand_dims(2 * ll, axis=1)
    last = ivy.squeeze(ivy.take_along_axis(alpha, end, axis=1), axis=1)
    before = ivy.squeeze(ivy.take_along_axis(alpha, ivy.maximum(end - 1, 0), axis=1), axis=1)
    before = ivy.where(ivy.greater(ll, 0), before, ivy.full_like(before, -math.inf))
    return wrap(ivy.astype(ivy.negative(ivy.logaddexp(last, before)), out_dtype))


_NN = {name: globals()[name] for name in (
    "softmax", "log_softmax", "leaky_relu", "gelu", "silu", "crelu", "bias_add", "l2_loss",
    "l2_normalize", "moments", "sufficient_statistics", "normalize_moments", "weighted_moments",
    "batch_normalization", "batch_norm_with_global_normalization", "local_response_normalization",
    "lrn", "softmax_cross_entropy_with_logits", "sparse_softmax_cross_entropy_with_logits",
    "sigmoid_cross_entropy_with_logits", "weighted_cross_entropy_with_logits", "log_poisson_loss",
    "compute_average_loss", "scale_regularization_loss", "top_k", "in_top_k", "embedding_lookup",
    "convolution", "conv1d", "conv2d", "conv3d", "atrous_conv2d", "depthwise_conv2d",
    "separable_conv2d", "conv_transpose", "conv1d_transpose", "conv2d_transpose",
    "conv3d_transpose", "atrous_conv2d_transpose", "depthwise_conv2d_backprop_input",
    "max_pool", "max_pool1d", "max_pool2d", "max_pool3d", "avg_pool", "avg_pool1d", "avg_pool2d",
    "avg_pool3d", "pool", "max_pool_with_argmax", "depthwise_conv2d_backprop_filter",
    "dilation2d", "erosion2d", "approx_max_k", "approx_min_k", "collapse_repeated",
    "ctc_unique_labels", "ctc_loss")}
_NN["swish"] = silu
EXPORTS = {
    "nn": _NN, "tf": {"conv": conv},
    "math": {"softmax": softmax, "log_softmax": log_softmax, "log_sigmoid": log_sigmoid,
             "l2_normalize": l2_normalize, "top_k": top_k, "in_top_k": in_top_k,
             "approx_max_k": approx_max_k, "approx_min_k": approx_min_k},
    "linalg": {"l2_normalize": l2_normalize},
}
