"""Core extension area `nn` (see ``_area.py``): activations, softmax family, einsum, normalization,
dropout, attention and the small layers the frontends build on.

Semantics are ``torch.nn.functional``'s (defaults, formulas, edge values: a softmax row of only
-inf gives NaN, as on every framework). Activations are primary (one or two native calls where the
framework has them). Normalization, dropout, attention and the layer helpers are compositional:
their bodies below run on every backend, and torch overrides the ones it has native kernels for.
Half-precision inputs are normalized in float32 and returned in their own dtype, as torch does.
"""
from __future__ import annotations

import math
from collections import namedtuple

from ..errors import IvyTypeError, IvyValueError
from ._area import Area

area = Area("nn", "")

# Result of batch_norm / instance_norm: the output and the updated running statistics (None where
# none were given, or where they are not updated: eval mode).
NormResult = namedtuple("NormResult", "output running_mean running_var")

_HALF = frozenset({"float16", "bfloat16"})
_FLOATS = frozenset({"float16", "bfloat16", "float32", "float64"})


def _value_error(fn, msg):
    return IvyValueError(f"ivy.{fn}: {msg}", function=fn)


def _type_error(fn, msg):
    return IvyTypeError(f"ivy.{fn}: {msg}", function=fn)


# ---- softmax family ----------------------------------------------------------------------------

@area.primary
def softmax(x, /, *, axis=-1):
    """``exp(x) / sum(exp(x), axis)``, computed stably; a row of only -inf gives NaN."""


@area.primary
def log_softmax(x, /, *, axis=-1):
    """``x - logsumexp(x, axis)``, computed stably; a row of only -inf gives NaN."""


@area.primary
def logsumexp(x, /, *, axis=None, keepdims=False):
    """``log(sum(exp(x), axis))``, computed stably; only -inf gives -inf, any +inf gives +inf."""


# ---- activations (torch.nn.functional's definitions) --------------------------------------------

@area.primary
def relu(x, /):
    """``max(x, 0)``."""


@area.primary
def relu6(x, /):
    """``min(max(x, 0), 6)``."""


@area.primary
def gelu(x, /, *, approximate="none"):
    """``x * Phi(x)``; ``approximate="tanh"`` uses the tanh approximation."""


@area.primary
def silu(x, /):
    """``x * sigmoid(x)``."""


@area.primary
def mish(x, /):
    """``x * tanh(softplus(x))``."""


@area.primary
def softplus(x, /, *, beta=1.0, threshold=20.0):
    """``log(1 + exp(beta * x)) / beta``, and ``x`` where ``beta * x > threshold``."""


@area.primary
def elu(x, /, *, alpha=1.0):
    """``x`` for ``x > 0``, else ``alpha * (exp(x) - 1)``."""


@area.primary
def selu(x, /):
    """``scale * elu(x, alpha)`` with the self-normalizing constants."""


@area.primary
def celu(x, /, *, alpha=1.0):
    """``max(0, x) + min(0, alpha * (exp(x / alpha) - 1))``."""


@area.primary
def leaky_relu(x, /, *, negative_slope=0.01):
    """``x`` for ``x >= 0``, else ``negative_slope * x``."""


@area.primary
def sigmoid(x, /):
    """``1 / (1 + exp(-x))``."""


@area.primary
def log_sigmoid(x, /):
    """``log(sigmoid(x))``, computed stably."""


@area.primary
def hard_sigmoid(x, /):
    """``relu6(x + 3) / 6`` (torch's hardsigmoid, jax's hard_sigmoid)."""


@area.primary
def hard_swish(x, /):
    """``x * relu6(x + 3) / 6``."""


@area.primary
def hard_tanh(x, /, *, min_val=-1.0, max_val=1.0):
    """``clip(x, min_val, max_val)``."""


@area.primary
def softsign(x, /):
    """``x / (1 + |x|)``."""


@area.primary
def glu(x, /, *, axis=-1):
    """``a * sigmoid(b)`` where ``a, b`` are the halves of ``x`` along ``axis``."""


@area.primary
def tanhshrink(x, /):
    """``x - tanh(x)``."""


@area.primary
def softshrink(x, /, *, lambd=0.5):
    """``x - lambd`` above ``lambd``, ``x + lambd`` below ``-lambd``, else 0."""


@area.primary
def hardshrink(x, /, *, lambd=0.5):
    """``x`` where ``|x| > lambd``, else 0."""


@area.primary
def prelu(x, weight, /):
    """``x`` for ``x >= 0``, else ``weight * x``; ``weight`` has 1 or ``x.shape[1]`` elements."""


@area.primary
def threshold(x, threshold, value, /):
    """``x`` where ``x > threshold``, else ``value``."""


@area.primary
def einsum(subscripts, /, *operands):
    """Einstein summation with numpy/torch semantics: ellipsis, implicit output (labels used once,
    in ASCII order), size-1 dimensions broadcasting, summing over ellipsis dimensions."""


# ---- normalization -----------------------------------------------------------------------------

def _compute_dtype(xp, x, fn):
    d = xp.dtype(x)
    if d not in _FLOATS:
        raise _type_error(fn, f"expected a real floating-point input, got {d}")
    return d, ("float32" if d in _HALF else d)


def _as(xp, a, dtype):
    return a if a is None or xp.dtype(a) == dtype else xp.astype(a, dtype)


def _normalize(xp, x, axes, eps):
    mean = xp.mean(x, axis=axes, keepdims=True)
    var = xp.var(x, axis=axes, keepdims=True)
    return (x - mean) / xp.sqrt(var + eps), mean, var


def _affine(xp, y, weight, bias, shape):
    """``y * weight + bias`` with the per-feature parameters reshaped to ``shape``."""
    if weight is not None:
        y = y * xp.reshape(_as(xp, weight, xp.dtype(y)), shape)
    if bias is not None:
        y = y + xp.reshape(_as(xp, bias, xp.dtype(y)), shape)
    return y


def _normalized_axes(fn, shape, normalized_shape):
    normalized_shape = ((normalized_shape,) if isinstance(normalized_shape, int)
                        else tuple(normalized_shape))
    k = len(normalized_shape)
    if k == 0 or k > len(shape) or tuple(shape[len(shape) - k:]) != normalized_shape:
        raise _value_error(fn, f"normalized_shape {normalized_shape} must be the trailing "
                               f"dimensions of an input of shape {tuple(shape)}")
    return tuple(range(len(shape) - k, len(shape))), normalized_shape


@area.compositional
def layer_norm(xp, x, normalized_shape, /, *, weight=None, bias=None, eps=1e-5):
    """Normalizes over the trailing ``normalized_shape`` dimensions (biased variance)."""
    dtype, compute = _compute_dtype(xp, x, "layer_norm")
    axes, normalized_shape = _normalized_axes("layer_norm", xp.shape(x), normalized_shape)
    y, _, _ = _normalize(xp, _as(xp, x, compute), axes, eps)
    return _as(xp, _affine(xp, y, weight, bias, normalized_shape), dtype)


@area.compositional
def rms_norm(xp, x, normalized_shape, /, *, weight=None, eps=None):
    """``x / sqrt(mean(x**2) + eps) * weight`` over the trailing dimensions; ``eps=None`` is the
    machine epsilon of the dtype computed in (float32 for half inputs, as torch)."""
    dtype, compute = _compute_dtype(xp, x, "rms_norm")
    axes, normalized_shape = _normalized_axes("rms_norm", xp.shape(x), normalized_shape)
    if eps is None:
        eps = xp.finfo(compute).eps
    xc = _as(xp, x, compute)
    y = xc / xp.sqrt(xp.mean(xc * xc, axis=axes, keepdims=True) + eps)
    return _as(xp, _affine(xp, y, weight, None, normalized_shape), dtype)


def _channel_shape(ndim, channels, channel_axis):
    shape = [1] * ndim
    shape[channel_axis] = channels
    return tuple(shape)


def _updated(xp, running, batch_stat, momentum):
    """``(1 - momentum) * running + momentum * batch_stat``, in the running statistic's dtype."""
    stat = _as(xp, batch_stat, xp.dtype(running))
    return running * (1.0 - momentum) + stat * momentum


@area.compositional
def batch_norm(xp, x, running_mean, running_var, /, *, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-5, channels_last=False):
    """Batch normalization of ``x`` (N, C, ...) or, with ``channels_last``, (N, ..., C).

    Returns ``NormResult(output, running_mean, running_var)``: in training the batch statistics
    normalize and the running ones are updated functionally (the variance unbiased, as torch
    does); in eval mode the running statistics normalize and come back unchanged."""
    fn = "batch_norm"
    dtype, compute = _compute_dtype(xp, x, fn)
    shape = xp.shape(x)
    if len(shape) < 2:
        raise _value_error(fn, f"expected an input of at least 2 dimensions, got shape {shape}")
    channel_axis = len(shape) - 1 if channels_last else 1
    axes = tuple(a for a in range(len(shape)) if a != channel_axis)
    param_shape = _channel_shape(len(shape), shape[channel_axis], channel_axis)
    xc = _as(xp, x, compute)
    if training:
        count = math.prod(shape) // shape[channel_axis]
        if count <= 1:
            raise _value_error(fn, f"expected more than 1 value per channel in training, got "
                                   f"input of shape {shape}")
        y, mean, var = _normalize(xp, xc, axes, eps)
        if running_mean is not None:
            running_mean = _updated(xp, running_mean, xp.reshape(mean, (-1,)), momentum)
        if running_var is not None:
            unbiased = xp.reshape(var, (-1,)) * (count / (count - 1))
            running_var = _updated(xp, running_var, unbiased, momentum)
    else:
        if running_mean is None or running_var is None:
            raise _value_error(fn, "running_mean and running_var are required in eval mode "
                                   "(training=False)")
        mean = xp.reshape(_as(xp, running_mean, compute), param_shape)
        var = xp.reshape(_as(xp, running_var, compute), param_shape)
        y = (xc - mean) / xp.sqrt(var + eps)
    y = _as(xp, _affine(xp, y, weight, bias, param_shape), dtype)
    return NormResult(y, running_mean, running_var)


@area.compositional
def instance_norm(xp, x, /, *, running_mean=None, running_var=None, weight=None, bias=None,
                  use_input_stats=True, momentum=0.1, eps=1e-5):
    """Normalizes each (sample, channel) of ``x`` (N, C, ...) over its spatial dimensions.

    Returns ``NormResult(output, running_mean, running_var)``: with ``use_input_stats`` given
    running statistics are updated by the batch average of the instance statistics (variance
    unbiased, as torch does); without, the running statistics normalize."""
    fn = "instance_norm"
    dtype, compute = _compute_dtype(xp, x, fn)
    shape = xp.shape(x)
    if len(shape) < 3:
        raise _value_error(fn, f"expected an input of at least 3 dimensions (N, C, ...), got "
                               f"shape {shape}")
    param_shape = _channel_shape(len(shape), shape[1], 1)
    xc = _as(xp, x, compute)
    if use_input_stats:
        count = math.prod(shape[2:])
        if count <= 1:
            raise _value_error(fn, f"expected more than 1 spatial element, got shape {shape}")
        y, mean, var = _normalize(xp, xc, tuple(range(2, len(shape))), eps)
        if running_mean is not None:
            batch_mean = xp.mean(xp.reshape(mean, shape[:2]), axis=0)
            running_mean = _updated(xp, running_mean, batch_mean, momentum)
        if running_var is not None:
            batch_var = xp.mean(xp.reshape(var, shape[:2]), axis=0) * (count / (count - 1))
            running_var = _updated(xp, running_var, batch_var, momentum)
    else:
        if running_mean is None or running_var is None:
            raise _value_error(fn, "running_mean and running_var are required when "
                                   "use_input_stats=False")
        mean = xp.reshape(_as(xp, running_mean, compute), param_shape)
        var = xp.reshape(_as(xp, running_var, compute), param_shape)
        y = (xc - mean) / xp.sqrt(var + eps)
    y = _as(xp, _affine(xp, y, weight, bias, param_shape), dtype)
    return NormResult(y, running_mean, running_var)


@area.compositional
def group_norm(xp, x, num_groups, /, *, weight=None, bias=None, eps=1e-5):
    """Normalizes ``x`` (N, C, ...) over each group of ``C // num_groups`` channels and the
    spatial dimensions; ``weight``/``bias`` are per channel."""
    fn = "group_norm"
    dtype, compute = _compute_dtype(xp, x, fn)
    shape = xp.shape(x)
    if len(shape) < 2 or num_groups <= 0 or shape[1] % num_groups:
        raise _value_error(fn, f"expected an input (N, C, ...) with C divisible by num_groups="
                               f"{num_groups}, got shape {shape}")
    grouped = xp.reshape(_as(xp, x, compute), (shape[0], num_groups, -1))
    y, _, _ = _normalize(xp, grouped, (2,), eps)
    y = xp.reshape(y, shape)
    return _as(xp, _affine(xp, y, weight, bias, _channel_shape(len(shape), shape[1], 1)), dtype)


# ---- dropout, attention, layers ----------------------------------------------------------------

@area.compositional
def dropout(xp, x, p=0.5, /, *, key, training=True, noise_shape=None):
    """Zeroes elements with probability ``p`` and scales the rest by ``1 / (1 - p)``.

    The keep-mask is ``ivy.random.bernoulli(key, 1 - p, shape)`` with ``shape`` = ``noise_shape``
    (broadcast against ``x``, as tf) or ``x``'s shape. ``training=False`` or ``p == 0`` returns
    ``x``; ``p == 1`` returns zeros."""
    if not 0.0 <= p <= 1.0:
        raise _value_error("dropout", f"p must be in [0, 1], got {p}")
    if not training or p == 0.0:
        return x
    if p == 1.0:
        return xp.zeros_like(x)
    shape = xp.shape(x) if noise_shape is None else tuple(noise_shape)
    keep = xp.random.bernoulli(key, 1.0 - p, shape)
    return x * (xp.astype(keep, xp.dtype(x)) * (1.0 / (1.0 - p)))


@area.compositional
def linear(xp, x, weight, /, bias=None):
    """``x @ weight.T + bias`` with torch's layout: ``weight`` is (out_features, in_features)."""
    y = xp.matmul(x, xp.matrix_transpose(weight) if len(xp.shape(weight)) > 1 else weight)
    return y if bias is None else y + bias


@area.compositional
def one_hot(xp, indices, num_classes, /, *, dtype=None):
    """``indices[..., None] == arange(num_classes)`` as ``dtype`` (default int64, as torch).
    Indices outside ``[0, num_classes)`` give rows of zeros (as jax and tensorflow)."""
    classes = xp.arange(num_classes, dtype=xp.dtype(indices))
    hot = xp.expand_dims(indices, axis=-1) == classes
    return xp.astype(hot, "int64" if dtype is None else dtype)


@area.compositional
def embedding(xp, indices, weight, /):
    """Rows of ``weight`` picked by an integer array ``indices`` of any shape."""
    rows = xp.take(weight, xp.reshape(indices, (-1,)), axis=0)
    return xp.reshape(rows, xp.shape(indices) + xp.shape(weight)[1:])


@area.compositional
def scaled_dot_product_attention(xp, q, k, v, /, *, attn_mask=None, dropout_p=0.0,
                                 is_causal=False, scale=None, key=None):
    """``softmax(q @ k.T * scale + mask) @ v`` as torch's: (..., L, E) queries, (..., S, E) keys,
    (..., S, Ev) values; a bool mask keeps where True, a float mask is added; ``is_causal`` keeps
    the lower-left triangle; a fully masked row gives zeros (torch's safe softmax);
    ``dropout_p > 0`` drops attention weights with the random ``key``."""
    fn = "scaled_dot_product_attention"
    q_shape, k_shape = xp.shape(q), xp.shape(k)
    if is_causal and attn_mask is not None:
        raise _value_error(fn, "attn_mask and is_causal cannot both be given")
    if scale is None:
        scale = 1.0 / math.sqrt(q_shape[-1])
    scores = xp.matmul(q, xp.matrix_transpose(k)) * scale
    if is_causal:
        length, source = q_shape[-2], k_shape[-2]
        attn_mask = (xp.reshape(xp.arange(length), (length, 1))
                     >= xp.reshape(xp.arange(source), (1, source)))
    if attn_mask is not None:
        if xp.dtype(attn_mask) == "bool":
            scores = xp.where(attn_mask, scores, xp.asarray(-math.inf, dtype=xp.dtype(scores)))
        else:
            scores = scores + attn_mask
    weights = xp.softmax(scores, axis=-1)
    if attn_mask is not None:   # torch's safe softmax: a fully masked row attends to nothing
        none_kept = xp.max(scores, axis=-1, keepdims=True) == -math.inf
        weights = xp.where(none_kept, xp.zeros_like(weights), weights)
    if dropout_p > 0.0:
        if key is None:
            raise _value_error(fn, "dropout_p > 0 needs a random key")
        weights = xp.dropout(weights, dropout_p, key=key)
    return xp.matmul(weights, v)


@area.compositional
def pixel_shuffle(xp, x, upscale_factor, /):
    """(..., C * r * r, H, W) -> (..., C, H * r, W * r), as torch."""
    r = upscale_factor
    *batch, c, h, w = xp.shape(x)
    if c % (r * r):
        raise _value_error("pixel_shuffle", f"channels {c} not divisible by upscale_factor**2")
    n = len(batch)
    y = xp.reshape(x, (*batch, c // (r * r), r, r, h, w))
    y = xp.permute_dims(y, (*range(n), n, n + 3, n + 1, n + 4, n + 2))
    return xp.reshape(y, (*batch, c // (r * r), h * r, w * r))


@area.compositional
def pixel_unshuffle(xp, x, downscale_factor, /):
    """(..., C, H * r, W * r) -> (..., C * r * r, H, W), as torch."""
    r = downscale_factor
    *batch, c, h, w = xp.shape(x)
    if h % r or w % r:
        raise _value_error("pixel_unshuffle", f"height {h} and width {w} must be divisible by "
                                              f"downscale_factor {r}")
    n = len(batch)
    y = xp.reshape(x, (*batch, c, h // r, r, w // r, r))
    y = xp.permute_dims(y, (*range(n), n, n + 2, n + 4, n + 1, n + 3))
    return xp.reshape(y, (*batch, c * r * r, h // r, w // r))
