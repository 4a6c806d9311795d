"""``torch.nn.utils.weight_norm``: the hook-based weight normalization (deprecated in torch in
favour of ``torch.nn.utils.parametrizations.weight_norm``).

The parameter ``name`` is split into a magnitude ``name_g`` and a direction ``name_v`` (both
parameters); ``name`` itself becomes a plain tensor attribute, recomputed as
``v * (g / ||v||)`` by a forward pre-hook before every call. ``dim`` is the dimension kept by the
norm (-1 or None: one norm over the whole tensor).
"""
import importlib
import warnings

from ..._tensor import _axis

_torch = importlib.import_module("ivy.frontends.torch")

__all__ = ["WeightNorm", "weight_norm", "remove_weight_norm"]


def _norm_except_dim(v, dim):
    """The 2-norm of ``v`` over every dim but ``dim`` (kept with size 1), or over all of it."""
    if dim == -1:
        return _torch.linalg.vector_norm(v)
    keep = _axis(dim, v.dim())
    others = tuple(d for d in range(v.dim()) if d != keep)
    # a 1-d tensor has nothing to reduce: each entry is its own norm
    return _torch.linalg.vector_norm(v, dim=others, keepdim=True) if others else v.abs()


class WeightNorm:
    """The forward pre-hook installed by ``weight_norm``
    (``torch.nn.utils.weight_norm.WeightNorm``)."""

    def __init__(self, name, dim):
        self.name, self.dim = name, (-1 if dim is None else dim)

    def compute_weight(self, module):
        magnitude = getattr(module, f"{self.name}_g")
        direction = getattr(module, f"{self.name}_v")
        return direction * (magnitude / _norm_except_dim(direction, self.dim))

    @staticmethod
    def apply(module, name, dim):
        from ..parameter import Parameter, UninitializedParameter
        if _hook_key(module, WeightNorm, name) is not None:
            raise RuntimeError(f"Cannot register two weight_norm hooks on the same parameter "
                               f"{name}")
        hook = WeightNorm(name, dim)
        original = getattr(module, name)
        if isinstance(original, UninitializedParameter):
            raise ValueError("The module passed to `WeightNorm` can't have uninitialized "
                             "parameters. Make sure to run the dummy forward before applying "
                             "weight normalization")
        module._parameters.pop(name)
        for suffix, value in (("_g", _norm_except_dim(original, hook.dim)), ("_v", original)):
            module.register_parameter(name + suffix, Parameter(value.data))
        hook(module, ())            # ``name`` becomes the plain tensor g * v / ||v||
        module.register_forward_pre_hook(hook)
        return hook

    def remove(self, module):
        from ..parameter import Parameter
        final = self.compute_weight(module).data
        delattr(module, self.name)
        for suffix in ("_g", "_v"):
            module._parameters.pop(self.name + suffix)
        setattr(module, self.name, Parameter(final))

    def __call__(self, module, inputs):
        setattr(module, self.name, self.compute_weight(module))


def _hook_key(module, kind, name):
    """The key of ``module``'s forward pre-hook of class ``kind`` for ``name``, or None."""
    return next((key for key, hook in module._forward_pre_hooks.items()
                 if isinstance(hook, kind) and hook.name == name), None)


def weight_norm(module, name="weight", dim=0):
    """Implements ``torch.nn.utils.weight_norm`` (with torch's FutureWarning)."""
    warnings.warn("`torch.nn.utils.weight_norm` is deprecated in favor of "
                  "`torch.nn.utils.parametrizations.weight_norm`.", FutureWarning, stacklevel=2)
    WeightNorm.apply(module, name, dim)
    return module


def remove_weight_norm(module, name="weight"):
    """Implements ``torch.nn.utils.remove_weight_norm``: ``name`` is a parameter again, holding
    the current normalized weight."""
    key = _hook_key(module, WeightNorm, name)
    if key is None:
        raise ValueError(f"weight_norm of '{name}' not found in {module}")
    module._forward_pre_hooks[key].remove(module)
    del module._forward_pre_hooks[key]
    return module
