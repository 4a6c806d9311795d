"""``torch.nn.utils.spectral_norm``: the hook-based spectral normalization.

The parameter ``name`` moves to ``name_orig``; the buffers ``name_u`` and ``name_v`` hold the
current estimates of its matrix's leading left and right singular vectors (the weight seen as a
matrix with dim ``dim`` as rows). Before every call a forward pre-hook sets ``name`` to
``name_orig / sigma`` with ``sigma = u . (W v)``; in training mode it first refines ``u`` and ``v``
in place by ``n_power_iterations`` steps of power iteration.

Not done: converting state dicts saved before torch's version 1 of this format (which held
``name`` rather than ``name_orig``); current state dicts load as usual.
"""
import importlib

from .weight_norm import _hook_key

_torch = importlib.import_module("ivy.frontends.torch")

__all__ = ["SpectralNorm", "spectral_norm", "remove_spectral_norm"]


def _unit(x, eps):
    return _torch.nn.functional.normalize(x, dim=0, eps=eps)


class SpectralNorm:
    """The forward pre-hook installed by ``spectral_norm``
    (``torch.nn.utils.spectral_norm.SpectralNorm``)."""
    _version = 1

    def __init__(self, name="weight", n_power_iterations=1, dim=0, eps=1e-12):
        if not n_power_iterations > 0:
            raise ValueError(f"Expected n_power_iterations to be positive, but got "
                             f"n_power_iterations={n_power_iterations}")
        self.name, self.dim, self.eps = name, dim, eps
        self.n_power_iterations = n_power_iterations

    def reshape_weight_to_matrix(self, weight):
        """``weight`` as a matrix whose rows run along ``dim``."""
        order = [self.dim] + [d for d in range(weight.dim()) if d != self.dim]
        rows = weight if self.dim == 0 else weight.permute(*order)
        return rows.reshape(rows.size(0), -1)

    def compute_weight(self, module, do_power_iteration):
        weight, u, v = (getattr(module, self.name + s) for s in ("_orig", "_u", "_v"))
        mat = self.reshape_weight_to_matrix(weight)
        if do_power_iteration:
            with _torch.no_grad():
                for _ in range(self.n_power_iterations):
                    v.copy_(_unit(_torch.mv(mat.t(), u), self.eps))
                    u.copy_(_unit(_torch.mv(mat, v), self.eps))
            # the buffers keep changing in place; the weight uses this step's values
            u, v = u.clone(), v.clone()
        return weight / _torch.dot(u, _torch.mv(mat, v))

    def remove(self, module):
        from ..parameter import Parameter
        with _torch.no_grad():
            final = self.compute_weight(module, do_power_iteration=False)
        for suffix in ("", "_u", "_v", "_orig"):
            delattr(module, self.name + suffix)
        module.register_parameter(self.name, Parameter(final.detach()))

    def __call__(self, module, inputs):
        setattr(module, self.name, self.compute_weight(module, module.training))

    @staticmethod
    def apply(module, name, n_power_iterations, dim, eps):
        from ..parameter import UninitializedParameter
        if _hook_key(module, SpectralNorm, name) is not None:
            raise RuntimeError(f"Cannot register two spectral_norm hooks on the same parameter "
                               f"{name}")
        hook = SpectralNorm(name, n_power_iterations, dim, eps)
        original = module._parameters[name]
        if isinstance(original, UninitializedParameter):
            raise ValueError("The module passed to `SpectralNorm` can't have uninitialized "
                             "parameters. Make sure to run the dummy forward before applying "
                             "spectral normalization")
        with _torch.no_grad():
            shape = hook.reshape_weight_to_matrix(original).shape
            u, v = (_unit(original.new_empty(n).normal_(0, 1), eps) for n in shape)
        delattr(module, name)
        module.register_parameter(f"{name}_orig", original)
        setattr(module, name, original.data)          # the raw weight until the first call
        module.register_buffer(f"{name}_u", u)
        module.register_buffer(f"{name}_v", v)
        module.register_forward_pre_hook(hook)
        module._register_state_dict_hook(_VersionHook(hook))
        return hook


class _VersionHook:
    """A state-dict hook recording the format version as
    ``metadata['spectral_norm'][name + '.version']``."""

    def __init__(self, hook):
        self.hook = hook

    def __call__(self, module, state_dict, prefix, local_metadata):
        versions = local_metadata.setdefault("spectral_norm", {})
        key = f"{self.hook.name}.version"
        if key in versions:
            raise RuntimeError(f"Unexpected key in metadata['spectral_norm']: {key}")
        versions[key] = self.hook._version


def spectral_norm(module, name="weight", n_power_iterations=1, eps=1e-12, dim=None):
    """Implements ``torch.nn.utils.spectral_norm`` (``dim`` defaults to 1 for transposed
    convolutions, whose output channels are dim 1, else 0)."""
    if dim is None:
        nn = _torch.nn
        transposed = (nn.ConvTranspose1d, nn.ConvTranspose2d, nn.ConvTranspose3d)
        dim = 1 if isinstance(module, transposed) else 0
    SpectralNorm.apply(module, name, n_power_iterations, dim, eps)
    return module


def remove_spectral_norm(module, name="weight"):
    """Implements ``torch.nn.utils.remove_spectral_norm``: ``name`` is a parameter again, holding
    the weight normalized with the current ``u`` and ``v``."""
    key = _hook_key(module, SpectralNorm, name)
    if key is None:
        raise ValueError(f"spectral_norm of '{name}' not found in {module}")
    module._forward_pre_hooks[key].remove(module)
    del module._forward_pre_hooks[key]
    for k, h in list(module._state_dict_hooks.items()):
        if isinstance(h, _VersionHook) and h.hook.name == name:
            del module._state_dict_hooks[k]
    return module
