"""``torch.nn.modules.lazy.LazyModuleMixin``: parameters shaped by the first input.

A lazy module holds ``UninitializedParameter``/``UninitializedBuffer`` placeholders; a forward
pre-hook calls ``initialize_parameters(input)`` on the first call, then the module becomes
``cls_to_become`` (``LazyLinear`` -> ``Linear``). Loading a state dict materializes the placeholders
to the checkpoint's shapes first.
"""
import itertools

from ..._tensor import _wrap
from ..parameter import _MaterializedBuffer, is_lazy

__all__ = ["LazyModuleMixin"]


def _settle_buffers(module):
    for name, buf in module._buffers.items():
        if type(buf) is _MaterializedBuffer:
            module._buffers[name] = _wrap(buf._data)


class LazyModuleMixin:
    """Implements ``torch.nn.modules.lazy.LazyModuleMixin``."""
    cls_to_become = None

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._load_hook = self._register_load_state_dict_pre_hook(self._lazy_load_hook)
        self._initialize_hook = self.register_forward_pre_hook(self._infer_parameters,
                                                               with_kwargs=True)

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        for table in (self._parameters, {k: v for k, v in self._buffers.items()
                                         if k not in self._non_persistent_buffers_set}):
            for name, value in table.items():
                if value is not None:
                    destination[prefix + name] = (value if is_lazy(value) or keep_vars
                                                  else value.detach())

    def _lazy_load_hook(self, state_dict, prefix, local_metadata, strict, missing_keys,
                        unexpected_keys, error_msgs):
        for name, param in itertools.chain(self._parameters.items(), self._buffers.items()):
            key = prefix + name
            if key in state_dict and param is not None and is_lazy(param) \
                    and not is_lazy(state_dict[key]):
                param.materialize(state_dict[key].shape)
        _settle_buffers(self)

    def initialize_parameters(self, *args, **kwargs):
        raise NotImplementedError(f"initialize_parameters is not implemented for "
                                  f"{self.__class__.__name__}")

    def has_uninitialized_params(self):
        return any(is_lazy(p) for p in itertools.chain(self._parameters.values(),
                                                       self._buffers.values()))

    def _infer_parameters(self, module, args, kwargs=None):
        module.initialize_parameters(*args, **(kwargs or {}))
        if module.has_uninitialized_params():
            raise RuntimeError(f"module {self._get_name()} has not been fully initialized")
        _settle_buffers(module)
        module._initialize_hook.remove()
        module._load_hook.remove()
        delattr(module, "_initialize_hook")
        delattr(module, "_load_hook")
        if module.cls_to_become is not None:
            module.__class__ = module.cls_to_become
