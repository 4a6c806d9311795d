"""``torch.nn.utils.clip_grad``: total gradient norms and gradient clipping.

A parameter's gradient is its ``.grad`` (a frontend Tensor, or None: such parameters are skipped).
Clipping rescales each gradient in place, on the Tensor object itself, so an optimizer reading
``p.grad`` afterwards sees the clipped values. ``foreach`` only picks torch's kernel (the results
are the same either way), so it is accepted and has no effect here.
"""
import importlib
import warnings

_torch = importlib.import_module("ivy.frontends.torch")

__all__ = ["clip_grad_norm", "clip_grad_norm_", "clip_grad_value_", "clip_grads_with_norm_",
           "get_total_norm"]

# added to the total norm before dividing, as torch does, so a zero norm leaves gradients as is
_EPS = 1e-6


def _as_list(tensors):
    """A single tensor stands for a list of one; any other iterable is read once."""
    return [tensors] if isinstance(tensors, _torch.Tensor) else list(tensors)


def _grads(parameters):
    return [p.grad for p in _as_list(parameters) if p.grad is not None]


@_torch.no_grad()
def get_total_norm(tensors, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """Implements ``torch.nn.utils.get_total_norm``: the ``norm_type`` norm of the tensors'
    norms (each in its own dtype; the stack promotes), as if all were one vector."""
    norm_type = float(norm_type)
    tensors = _as_list(tensors)
    if not tensors:
        return _torch.tensor(0.0)
    each = [_torch.linalg.vector_norm(t, norm_type) for t in tensors]
    total = _torch.linalg.vector_norm(_torch.stack(each), norm_type)
    if error_if_nonfinite and not bool(_torch.isfinite(total)):
        raise RuntimeError(
            f"The total norm of order {norm_type} for gradients from `parameters` is non-finite, "
            f"so it cannot be clipped. To disable this error and scale the gradients by the "
            f"non-finite norm anyway, set `error_if_nonfinite=False`")
    return total


@_torch.no_grad()
def clip_grads_with_norm_(parameters, max_norm, total_norm, foreach=None):
    """Implements ``torch.nn.utils.clip_grads_with_norm_``: every gradient is multiplied in
    place by ``min(max_norm / (total_norm + 1e-6), 1)``."""
    max_norm = float(max_norm)
    grads = _grads(parameters)
    if not grads:
        return None
    scale = _torch.clamp(max_norm / (total_norm + _EPS), max=1.0)
    if scale.dim() != 0:
        raise RuntimeError(f"scalar tensor expected to be 0 dim but it has {scale.dim()} "
                           f"dimensions and {scale.numel()} elements.")
    for g in grads:
        g.mul_(scale)
    return None


@_torch.no_grad()
def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """Implements ``torch.nn.utils.clip_grad_norm_``: returns the gradients' total norm (computed
    before clipping) as a tensor."""
    parameters = _as_list(parameters)
    max_norm = float(max_norm)
    total = get_total_norm(_grads(parameters), norm_type, error_if_nonfinite, foreach)
    clip_grads_with_norm_(parameters, max_norm, total, foreach)
    return total


def clip_grad_norm(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    """Implements ``torch.nn.utils.clip_grad_norm`` (deprecated in favour of
    ``clip_grad_norm_``, with torch's FutureWarning)."""
    warnings.warn("`torch.nn.utils.clip_grad_norm` is now deprecated in favor of "
                  "`torch.nn.utils.clip_grad_norm_`.", FutureWarning, stacklevel=2)
    return clip_grad_norm_(parameters, max_norm, norm_type, error_if_nonfinite, foreach)


@_torch.no_grad()
def clip_grad_value_(parameters, clip_value, foreach=None):
    """Implements ``torch.nn.utils.clip_grad_value_``: gradients clamped in place to
    ``[-clip_value, clip_value]``."""
    clip_value = float(clip_value)
    for g in _grads(parameters):
        g.clamp_(min=-clip_value, max=clip_value)
    return None
