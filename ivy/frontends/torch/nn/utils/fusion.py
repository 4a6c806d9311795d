"""``torch.nn.utils.fusion``: folding an eval-mode batch norm into the conv or linear before it.

Batch norm in eval mode is the affine map ``y = (x - mean) * scale + beta`` with
``scale = gamma / sqrt(var + eps)``, so it folds into the preceding layer: each output channel's
weights are multiplied by its ``scale`` and the bias becomes ``(bias - mean) * scale + beta``.
The fused weight keeps the layer weight's dtype, the fused bias the layer bias's (the weight's
when the layer has none).
"""
import copy
import importlib

_torch = importlib.import_module("ivy.frontends.torch")

__all__ = ["fuse_conv_bn_eval", "fuse_conv_bn_weights", "fuse_linear_bn_eval",
           "fuse_linear_bn_weights"]


def _check_eval(layer, bn):
    if layer.training or bn.training:
        raise AssertionError("Fusion only for eval!")


def _check_stats(bn):
    if any(stat is None for stat in (bn.running_mean, bn.running_var)):
        raise AssertionError("bn.running_mean and bn.running_var must not be None")


def _fold(weight, bias, bn_rm, bn_rv, bn_eps, bn_w, bn_b, channel_shape):
    """(fused weight, fused bias) as Parameters; ``channel_shape`` lays the per-channel scale out
    against the weight."""
    from ..parameter import Parameter
    bias_dtype = (weight if bias is None else bias).dtype
    bias_grad = bias is not None and bias.requires_grad
    if bias is None:
        bias = _torch.zeros_like(bn_rm)
    scale = bn_w * _torch.rsqrt(bn_rv + bn_eps)
    new_weight = (weight * scale.reshape(channel_shape)).to(dtype=weight.dtype)
    new_bias = ((bias - bn_rm) * scale + bn_b).to(dtype=bias_dtype)
    # detached: a Parameter is a leaf (the frontend's Parameter keeps a non-leaf's graph for now)
    return (Parameter(new_weight.detach(), weight.requires_grad),
            Parameter(new_bias.detach(), bias_grad))


def fuse_conv_bn_weights(conv_w, conv_b, bn_rm, bn_rv, bn_eps, bn_w, bn_b, transpose=False):
    """Implements ``torch.nn.utils.fuse_conv_bn_weights`` (a missing ``bn_w``/``bn_b`` is
    ones/zeros; ``transpose``: output channels are the weight's dim 1)."""
    if bn_w is None:
        bn_w = _torch.ones_like(bn_rm)
    if bn_b is None:
        bn_b = _torch.zeros_like(bn_rm)
    channel_shape = [1] * conv_w.dim()
    channel_shape[1 if transpose else 0] = -1
    return _fold(conv_w, conv_b, bn_rm, bn_rv, bn_eps, bn_w, bn_b, channel_shape)


def fuse_linear_bn_weights(linear_w, linear_b, bn_rm, bn_rv, bn_eps, bn_w, bn_b):
    """Implements ``torch.nn.utils.fuse_linear_bn_weights`` (``bn_w``/``bn_b`` are required)."""
    return _fold(linear_w, linear_b, bn_rm, bn_rv, bn_eps, bn_w, bn_b, [-1, 1])


def fuse_conv_bn_eval(conv, bn, transpose=False):
    """Implements ``torch.nn.utils.fuse_conv_bn_eval``: a fused copy of ``conv``."""
    _check_eval(conv, bn)
    _check_stats(bn)
    fused = copy.deepcopy(conv)
    fused.weight, fused.bias = fuse_conv_bn_weights(
        fused.weight, fused.bias, bn.running_mean, bn.running_var, bn.eps, bn.weight, bn.bias,
        transpose)
    return fused


def fuse_linear_bn_eval(linear, bn):
    """Implements ``torch.nn.utils.fuse_linear_bn_eval``: a fused copy of ``linear`` (``bn`` has
    ``linear.out_features`` channels, or one shared by all)."""
    _check_eval(linear, bn)
    if not (linear.out_features == bn.num_features or bn.num_features == 1):
        raise AssertionError(
            f"To fuse, linear.out_features == bn.num_features or bn.num_features == 1, got "
            f"linear.out_features={linear.out_features} and bn.num_features={bn.num_features}")
    _check_stats(bn)
    fused = copy.deepcopy(linear)
    fused.weight, fused.bias = fuse_linear_bn_weights(
        fused.weight, fused.bias, bn.running_mean, bn.running_var, bn.eps, bn.weight, bn.bias)
    return fused
