"""``torch.distributions.utils``: parameter broadcasting, logits/probs conversions and the
lazily computed parameters the distributions share."""
from __future__ import annotations

import functools

from ivy.frontends import torch
from ivy.frontends.torch.nn import functional as F

__all__ = ["broadcast_all", "logits_to_probs", "clamp_probs", "probs_to_logits",
           "lazy_property", "tril_matrix_to_vec", "vec_to_tril_matrix"]

euler_constant = 0.57721566490153286060
_Number = (int, float, bool)


def _size(shape=()):
    """``torch.Size`` of a shape (the frontend's ``Size + tuple`` gives a tuple)."""
    return shape if type(shape) is torch.Size else torch.Size(tuple(shape))


def broadcast_shapes(*shapes):
    """``torch.broadcast_shapes`` (RuntimeError for shapes that do not broadcast)."""
    out = []
    for shape in shapes:
        shape = tuple(shape)
        for i in range(1, len(shape) + 1):
            if i > len(out):
                out.insert(0, shape[-i])
            elif out[-i] == 1 or shape[-i] == out[-i]:
                out[-i] = shape[-i] if out[-i] == 1 else out[-i]
            elif shape[-i] != 1:
                raise RuntimeError(f"Shape mismatch: objects cannot be broadcast to a single "
                                   f"shape.  Mismatch is between {list(shapes)}")
    return torch.Size(out)


def broadcast_all(*values):
    """Tensors and numbers broadcast to one shape; numbers become tensors of the first
    tensor's dtype (the default dtype when all are numbers)."""
    if not all(isinstance(v, (torch.Tensor,) + _Number) for v in values):
        raise ValueError("Input arguments must all be instances of Number, torch.Tensor or "
                         "objects implementing __torch_function__.")
    if not all(isinstance(v, torch.Tensor) for v in values):
        first = next((v for v in values if isinstance(v, torch.Tensor)), None)
        dtype = torch.get_default_dtype() if first is None else first.dtype
        values = [v if isinstance(v, torch.Tensor) else torch.tensor(v, dtype=dtype)
                  for v in values]
    return torch.broadcast_tensors(*values)


def _standard_normal(shape, dtype, device):
    return torch.empty(shape, dtype=dtype, device=device).normal_()


def _sum_rightmost(value, dim):
    if dim == 0:
        return value
    return value.reshape(tuple(value.shape[:-dim]) + (-1,)).sum(-1)


def logits_to_probs(logits, is_binary=False):
    return torch.sigmoid(logits) if is_binary else F.softmax(logits, dim=-1)


def clamp_probs(probs):
    eps = torch.finfo(probs.dtype).eps
    return probs.clamp(min=eps, max=1 - eps)


def probs_to_logits(probs, is_binary=False):
    clamped = clamp_probs(probs)
    if is_binary:
        return torch.log(clamped) - torch.log1p(-clamped)
    return torch.log(clamped)


class lazy_property:
    """A parameter computed on first use (with gradients recorded) and then stored on the
    instance, replacing this descriptor; on the class it reads as a property."""

    def __init__(self, wrapped):
        self.wrapped = wrapped
        functools.update_wrapper(self, wrapped)

    def __get__(self, instance, owner=None):
        if instance is None:
            return _lazy_property_and_property(self.wrapped)
        with torch.enable_grad():
            value = self.wrapped(instance)
        setattr(instance, self.wrapped.__name__, value)
        return value


class _lazy_property_and_property(lazy_property, property):
    def __init__(self, wrapped):
        property.__init__(self, wrapped)


def _tril_mask(n, diag):
    index = torch.arange(n)
    return index < index.view(-1, 1) + (diag + 1)


def tril_matrix_to_vec(mat, diag=0):
    n = mat.shape[-1]
    if diag < -n or diag >= n:
        raise ValueError(f"diag ({diag}) provided is outside [{-n}, {n - 1}].")
    return mat[..., _tril_mask(n, diag)]


def vec_to_tril_matrix(vec, diag=0):
    size = (-(1 + 2 * diag) + ((1 + 2 * diag) ** 2 + 8 * vec.shape[-1]
                               + 4 * abs(diag) * (diag + 1)) ** 0.5) / 2
    if round(size) - size > torch.finfo(vec.dtype).eps:
        raise ValueError(f"The size of last dimension is {vec.shape[-1]} which cannot be "
                         f"expressed as the lower triangular part of a square D x D matrix.")
    n = round(size)
    mat = vec.new_zeros(tuple(vec.shape[:-1]) + (n, n))
    mat[..., _tril_mask(n, diag)] = vec
    return mat
