"""``torch.nn.utils.convert_parameters``: parameters flattened into one vector and back."""
import importlib

_torch = importlib.import_module("ivy.frontends.torch")

__all__ = ["parameters_to_vector", "vector_to_parameters"]


def _typename(obj):
    """``torch.typename`` of a non-tensor: the qualified class name, bare for builtins."""
    cls = type(obj)
    name = cls.__qualname__
    return name if cls.__module__ == "builtins" else f"{cls.__module__}.{name}"


def parameters_to_vector(parameters):
    """Implements ``torch.nn.utils.parameters_to_vector``: the parameters' flattened views
    concatenated (a non-contiguous parameter fails like ``view(-1)``)."""
    flat = [p.view(-1) for p in parameters]
    if not flat:
        # torch.cat's own error for an empty list (the frontend's cat raises RuntimeError)
        raise ValueError("torch.cat(): expected a non-empty list of Tensors")
    return _torch.cat(flat)


def vector_to_parameters(vec, parameters):
    """Implements ``torch.nn.utils.vector_to_parameters``: each parameter's ``.data`` becomes the
    next ``numel()`` elements of ``vec`` viewed in its shape (so it takes ``vec``'s dtype, and
    shares its memory where the backend has views)."""
    if not isinstance(vec, _torch.Tensor):
        raise TypeError(f"expected torch.Tensor, but got: {_typename(vec)}")
    start = 0
    for p in parameters:
        n = p.numel()
        p.data = vec[start:start + n].view_as(p).data
        start += n
