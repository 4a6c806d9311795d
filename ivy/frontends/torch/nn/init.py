"""``torch.nn.init``: in-place initializers that consume the generator as torch's do, so under
the same seed they give real torch's values (``orthogonal_`` up to the backend's QR rounding,
``trunc_normal_``'s rejection up to the backend's float ``log``)."""
import importlib
import math
import warnings

from .._misc import no_grad as _no_grad

_torch = importlib.import_module("ivy.frontends.torch")

_LINEAR_FNS = ("linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
               "conv_transpose3d")


def calculate_gain(nonlinearity, param=None):
    if nonlinearity in _LINEAR_FNS or nonlinearity == "sigmoid":
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is None:
            negative_slope = 0.01
        elif not isinstance(param, bool) and isinstance(param, int) or isinstance(param, float):
            negative_slope = param
        else:
            raise ValueError(f"negative_slope {param} not a valid number")
        return math.sqrt(2.0 / (1 + negative_slope ** 2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"Unsupported nonlinearity {nonlinearity}")


def _calculate_fan_in_and_fan_out(tensor):
    if tensor.dim() < 2:
        raise ValueError("Fan in and fan out can not be computed for tensor with fewer than 2 "
                         "dimensions")
    receptive_field_size = math.prod(tensor.shape[2:])
    return tensor.size(1) * receptive_field_size, tensor.size(0) * receptive_field_size


def _calculate_correct_fan(tensor, mode):
    mode = mode.lower()
    valid_modes = ["fan_in", "fan_out"]
    if mode not in valid_modes:
        raise ValueError(f"Mode {mode} not supported, please use one of {valid_modes}")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == "fan_in" else fan_out


def _no_grad_uniform_(tensor, a, b, generator=None):
    return tensor.uniform_(a, b, generator=generator)


def _no_grad_normal_(tensor, mean, std, generator=None):
    return tensor.normal_(mean, std, generator=generator)


def _no_grad_fill_(tensor, val):
    return tensor.fill_(val)


def _no_grad_zero_(tensor):
    return tensor.zero_()


def uniform_(tensor, a=0.0, b=1.0, generator=None):
    return tensor.uniform_(a, b, generator=generator)


def normal_(tensor, mean=0.0, std=1.0, generator=None):
    return tensor.normal_(mean, std, generator=generator)


def _no_grad_trunc_normal_(tensor, mean, std, a, b, generator=None):
    """torch's rejection sampling: normal proposals redrawn where out of [a, b] when [a, b] holds
    over 30% of the mass, else uniform proposals on [a, b] accepted with the normal's relative
    density; every draw in torch's order."""
    def norm_cdf(x):
        return (1.0 + math.erf(x / math.sqrt(2.0))) / 2.0

    if mean < a - 2 * std or mean > b + 2 * std:
        warnings.warn("mean is more than 2 std from [a, b] in nn.init.trunc_normal_. The "
                      "distribution of values may be incorrect.", stacklevel=2)
    if norm_cdf((b - mean) / std) - norm_cdf((a - mean) / std) > 0.3:
        lo, hi = tensor.new_tensor(a).item(), tensor.new_tensor(b).item()
        result = tensor.normal_(mean, std, generator=generator)
        while True:
            mask = (result < lo) | (result > hi)
            if not mask.any():
                break
            result = _torch.where(mask, _torch.empty_like(result).normal_(
                mean, std, generator=generator), result)
        return tensor if result is tensor else tensor.copy_(result)
    log_peak = -0.5 * ((max(a, min(mean, b)) - mean) / std) ** 2

    def log_density(candidates):
        z = candidates.sub(mean).div(std)
        return (z * z).mul(-0.5).sub(log_peak)

    accept_buf = _torch.empty_like(tensor)
    tensor.uniform_(a, b, generator=generator)
    pending = accept_buf.uniform_(generator=generator).log().gt(log_density(tensor))
    if not pending.any():
        return tensor
    result, candidates = tensor, _torch.empty_like(tensor)
    while True:
        candidates.uniform_(a, b, generator=generator)
        result = _torch.where(pending, candidates, result)
        accept = accept_buf.uniform_(generator=generator).log().gt(log_density(candidates))
        pending = _torch.where(pending, accept, pending)
        if not pending.any():
            return tensor.copy_(result)


def trunc_normal_(tensor, mean=0.0, std=1.0, a=-2.0, b=2.0, generator=None):
    return _no_grad_trunc_normal_(tensor, mean, std, a, b, generator=generator)


def constant_(tensor, val):
    return tensor.fill_(val)


def ones_(tensor):
    return tensor.fill_(1.0)


def zeros_(tensor):
    return tensor.zero_()


def eye_(tensor):
    if tensor.ndimension() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    return tensor.copy_(_torch.eye(*tensor.shape, dtype=tensor.dtype))


def dirac_(tensor, groups=1):
    dimensions = tensor.ndimension()
    if dimensions not in (3, 4, 5):
        raise ValueError("Only tensors with 3, 4, or 5 dimensions are supported")
    sizes = tensor.size()
    if sizes[0] % groups != 0:
        raise ValueError("dim 0 must be divisible by groups")
    per_group = sizes[0] // groups
    centre = tuple(s // 2 for s in sizes[2:])
    tensor.zero_()
    for g in range(groups):
        for d in range(min(per_group, sizes[1])):
            tensor[(g * per_group + d, d) + centre] = 1
    return tensor


def xavier_uniform_(tensor, gain=1.0, generator=None):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / float(fan_in + fan_out))
    bound = math.sqrt(3.0) * std
    return tensor.uniform_(-bound, bound, generator=generator)


def xavier_normal_(tensor, gain=1.0, generator=None):
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return tensor.normal_(0.0, gain * math.sqrt(2.0 / float(fan_in + fan_out)),
                          generator=generator)


def _kaiming_std(tensor, a, mode, nonlinearity):
    fan = _calculate_correct_fan(tensor, mode)
    return calculate_gain(nonlinearity, a) / math.sqrt(fan)


def kaiming_uniform_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    if 0 in tensor.shape:
        warnings.warn("Initializing zero-element tensors is a no-op", stacklevel=2)
        return tensor
    bound = math.sqrt(3.0) * _kaiming_std(tensor, a, mode, nonlinearity)
    return tensor.uniform_(-bound, bound, generator=generator)


def kaiming_normal_(tensor, a=0, mode="fan_in", nonlinearity="leaky_relu", generator=None):
    if 0 in tensor.shape:
        warnings.warn("Initializing zero-element tensors is a no-op", stacklevel=2)
        return tensor
    return tensor.normal_(0, _kaiming_std(tensor, a, mode, nonlinearity), generator=generator)


def orthogonal_(tensor, gain=1, generator=None):
    if tensor.ndimension() < 2:
        raise ValueError("Only tensors with 2 or more dimensions are supported")
    if tensor.numel() == 0:
        return tensor
    rows = tensor.size(0)
    cols = tensor.numel() // rows
    flattened = _torch.empty((rows, cols), dtype=tensor.dtype).normal_(0, 1, generator=generator)
    if rows < cols:
        flattened = flattened.t()
    q, r = _torch.linalg.qr(flattened)
    q = q * _torch.diag(r, 0).sign()
    if rows < cols:
        q = q.t()
    return tensor.copy_(q.reshape(tensor.shape)).mul_(gain)


def sparse_(tensor, sparsity, std=0.01, generator=None):
    if tensor.ndimension() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    rows, cols = tensor.shape
    num_zeros = math.ceil(sparsity * rows)
    tensor.normal_(0, std, generator=generator)
    for col_idx in range(cols):
        # torch draws the zeroed rows from the global generator, not ``generator``
        zero_indices = _torch.randperm(rows)[:num_zeros]
        tensor[zero_indices, col_idx] = 0
    return tensor


def _make_deprecate(meth):
    new_name = meth.__name__
    old_name = new_name[:-1]

    def deprecated_init(*args, **kwargs):
        warnings.warn(f"`nn.init.{old_name}` is now deprecated in favor of `nn.init.{new_name}`.",
                      FutureWarning, stacklevel=2)
        return meth(*args, **kwargs)

    deprecated_init.__doc__ = (f"{old_name}(...)\n\n.. warning::\n    This method is now "
                               f"deprecated in favor of :func:`torch.nn.init.{new_name}`.")
    deprecated_init.__name__ = old_name
    return deprecated_init


# torch fills tensors without recording the fill: every in-place initializer runs in no_grad
_INITIALIZERS = ("uniform_", "normal_", "trunc_normal_", "constant_", "ones_", "zeros_", "eye_",
                 "dirac_", "xavier_uniform_", "xavier_normal_", "kaiming_uniform_",
                 "kaiming_normal_", "orthogonal_", "sparse_")
for _name in _INITIALIZERS:
    globals()[_name] = _no_grad()(globals()[_name])
del _name

uniform = _make_deprecate(uniform_)
normal = _make_deprecate(normal_)
constant = _make_deprecate(constant_)
eye = _make_deprecate(eye_)
dirac = _make_deprecate(dirac_)
xavier_uniform = _make_deprecate(xavier_uniform_)
xavier_normal = _make_deprecate(xavier_normal_)
kaiming_uniform = _make_deprecate(kaiming_uniform_)
kaiming_normal = _make_deprecate(kaiming_normal_)
orthogonal = _make_deprecate(orthogonal_)
sparse = _make_deprecate(sparse_)
