"""torch backend: the ``nn`` extension, on ``torch.nn.functional`` (the specification itself).

The normalizations, linear, embedding, pixel shuffles and attention override the core's
compositional bodies with torch's kernels; batch/instance norm update clones of the running
statistics, so the call stays functional.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F

from ivy.core.errors import from_native
from ivy.core.ext.nn import NormResult

from ._common import CANONICAL, INTEGRAL, NAME, promote, type_error

_REAL_FLOAT = frozenset({torch.float16, torch.bfloat16, torch.float32, torch.float64})
_RELU_OK = _REAL_FLOAT | INTEGRAL


def _not_float(fn, x):
    """Activations take real floating-point inputs (torch would give floats for some integer
    inputs and raise for others)."""
    return type_error(fn, f"expected a real floating-point input, got "
                          f"{CANONICAL.get(getattr(x, 'dtype', None), type(x).__name__)}")


def _unary(name, native, accepted=_REAL_FLOAT):
    def fn(x, /):
        if x.dtype not in accepted:
            raise _not_float(name, x)
        try:
            return native(x)
        except Exception as e:
            raise from_native(e, name, NAME) from e
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `ivy.{name}` with `{native.__module__}.{native.__name__}`."
    return fn


relu = _unary("relu", F.relu, _RELU_OK)
relu6 = _unary("relu6", F.relu6, _RELU_OK)
silu = _unary("silu", F.silu)
mish = _unary("mish", F.mish)
selu = _unary("selu", F.selu)
sigmoid = _unary("sigmoid", torch.sigmoid)
log_sigmoid = _unary("log_sigmoid", F.logsigmoid)
hard_sigmoid = _unary("hard_sigmoid", F.hardsigmoid)
hard_swish = _unary("hard_swish", F.hardswish)
softsign = _unary("softsign", F.softsign)
tanhshrink = _unary("tanhshrink", F.tanhshrink)


def gelu(x, /, *, approximate="none"):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("gelu", x)
    try:
        return F.gelu(x, approximate=approximate)
    except Exception as e:
        raise from_native(e, "gelu", NAME) from e


def softplus(x, /, *, beta=1.0, threshold=20.0):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("softplus", x)
    try:
        return F.softplus(x, beta, threshold)
    except Exception as e:
        raise from_native(e, "softplus", NAME) from e


def elu(x, /, *, alpha=1.0):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("elu", x)
    try:
        return F.elu(x, alpha)
    except Exception as e:
        raise from_native(e, "elu", NAME) from e


def celu(x, /, *, alpha=1.0):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("celu", x)
    try:
        return F.celu(x, alpha)
    except Exception as e:
        raise from_native(e, "celu", NAME) from e


def leaky_relu(x, /, *, negative_slope=0.01):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("leaky_relu", x)
    try:
        return F.leaky_relu(x, negative_slope)
    except Exception as e:
        raise from_native(e, "leaky_relu", NAME) from e


def hard_tanh(x, /, *, min_val=-1.0, max_val=1.0):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("hard_tanh", x)
    try:
        return F.hardtanh(x, min_val, max_val)
    except Exception as e:
        raise from_native(e, "hard_tanh", NAME) from e


def glu(x, /, *, axis=-1):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("glu", x)
    try:
        return F.glu(x, axis)
    except Exception as e:
        raise from_native(e, "glu", NAME) from e


def softshrink(x, /, *, lambd=0.5):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("softshrink", x)
    try:
        return F.softshrink(x, lambd)
    except Exception as e:
        raise from_native(e, "softshrink", NAME) from e


def hardshrink(x, /, *, lambd=0.5):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("hardshrink", x)
    try:
        return F.hardshrink(x, lambd)
    except Exception as e:
        raise from_native(e, "hardshrink", NAME) from e


def prelu(x, weight, /):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("prelu", x)
    try:
        return F.prelu(x, weight)
    except Exception as e:
        raise from_native(e, "prelu", NAME) from e


def threshold(x, threshold, value, /):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("threshold", x)
    try:
        return F.threshold(x, threshold, value)
    except Exception as e:
        raise from_native(e, "threshold", NAME) from e


# ---- softmax family, einsum ---------------------------------------------------------------------

def softmax(x, /, *, axis=-1):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("softmax", x)
    try:
        return torch.softmax(x, axis)
    except Exception as e:
        raise from_native(e, "softmax", NAME) from e


def log_softmax(x, /, *, axis=-1):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("log_softmax", x)
    try:
        return torch.log_softmax(x, axis)
    except Exception as e:
        raise from_native(e, "log_softmax", NAME) from e


def logsumexp(x, /, *, axis=None, keepdims=False):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("logsumexp", x)
    try:
        return torch.logsumexp(x, tuple(range(x.ndim)) if axis is None else axis, keepdims)
    except Exception as e:
        raise from_native(e, "logsumexp", NAME) from e


def einsum(subscripts, /, *operands):
    try:
        dtypes = {o.dtype for o in operands}
        if len(dtypes) > 1:     # torch wants one dtype; the standard promotes within a kind
            common = operands[0].dtype
            for o in operands[1:]:
                common = promote("einsum", common, o.dtype)
            operands = [o.to(common) for o in operands]
        return torch.einsum(subscripts, *operands)
    except Exception as e:
        raise from_native(e, "einsum", NAME) from e


# ---- overrides of compositional functions ------------------------------------------------------

def layer_norm(x, normalized_shape, /, *, weight=None, bias=None, eps=1e-5):
    try:
        shape = (normalized_shape,) if isinstance(normalized_shape, int) else normalized_shape
        return F.layer_norm(x, tuple(shape), weight, bias, eps)
    except Exception as e:
        raise from_native(e, "layer_norm", NAME) from e


def rms_norm(x, normalized_shape, /, *, weight=None, eps=None):
    try:
        shape = (normalized_shape,) if isinstance(normalized_shape, int) else normalized_shape
        return F.rms_norm(x, tuple(shape), weight, eps)
    except Exception as e:
        raise from_native(e, "rms_norm", NAME) from e


def group_norm(x, num_groups, /, *, weight=None, bias=None, eps=1e-5):
    try:
        return F.group_norm(x, num_groups, weight, bias, eps)
    except Exception as e:
        raise from_native(e, "group_norm", NAME) from e


def _clone(t):
    return None if t is None else t.clone()


def batch_norm(x, running_mean, running_var, /, *, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-5, channels_last=False):
    try:
        if not training and (running_mean is None or running_var is None):
            raise ValueError("running_mean and running_var are required in eval mode "
                             "(training=False)")
        if training:    # torch updates the running statistics in place: update copies
            running_mean, running_var = _clone(running_mean), _clone(running_var)
        xc = x.movedim(-1, 1) if channels_last else x
        y = F.batch_norm(xc, running_mean, running_var, weight, bias, training, momentum, eps)
        return NormResult(y.movedim(1, -1) if channels_last else y, running_mean, running_var)
    except Exception as e:
        raise from_native(e, "batch_norm", NAME) from e


def instance_norm(x, /, *, running_mean=None, running_var=None, weight=None, bias=None,
                  use_input_stats=True, momentum=0.1, eps=1e-5):
    try:
        if use_input_stats:
            running_mean, running_var = _clone(running_mean), _clone(running_var)
        elif running_mean is None or running_var is None:
            raise ValueError("running_mean and running_var are required when "
                             "use_input_stats=False")
        y = F.instance_norm(x, running_mean, running_var, weight, bias, use_input_stats,
                            momentum, eps)
        return NormResult(y, running_mean, running_var)
    except Exception as e:
        raise from_native(e, "instance_norm", NAME) from e


def linear(x, weight, /, bias=None):
    try:
        return F.linear(x, weight, bias)
    except Exception as e:
        raise from_native(e, "linear", NAME) from e


def embedding(indices, weight, /):
    try:
        return F.embedding(indices, weight)
    except Exception as e:
        raise from_native(e, "embedding", NAME) from e


def pixel_shuffle(x, upscale_factor, /):
    try:
        return F.pixel_shuffle(x, upscale_factor)
    except Exception as e:
        raise from_native(e, "pixel_shuffle", NAME) from e


def pixel_unshuffle(x, downscale_factor, /):
    try:
        return F.pixel_unshuffle(x, downscale_factor)
    except Exception as e:
        raise from_native(e, "pixel_unshuffle", NAME) from e


def scaled_dot_product_attention(q, k, v, /, *, attn_mask=None, dropout_p=0.0, is_causal=False,
                                 scale=None, key=None):
    if dropout_p > 0.0:     # the dropout mask must come from ivy's key, not torch's generator
        from ivy.core.ext.nn import area
        from ivy.core.registry import backend_namespace
        return area.bodies["scaled_dot_product_attention"](
            backend_namespace(NAME), q, k, v, attn_mask=attn_mask, dropout_p=dropout_p,
            is_causal=is_causal, scale=scale, key=key)
    try:
        return F.scaled_dot_product_attention(q, k, v, attn_mask=attn_mask, is_causal=is_causal,
                                              scale=scale)
    except Exception as e:
        raise from_native(e, "scaled_dot_product_attention", NAME) from e
