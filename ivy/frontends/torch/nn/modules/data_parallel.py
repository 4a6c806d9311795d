"""``torch.nn.DataParallel``: the frontend runs on one device, so it takes torch's no-GPU path
(the wrapped module is called directly; ``state_dict`` keys gain the ``module.`` prefix)."""
from .module import Module

__all__ = ["DataParallel"]


class DataParallel(Module):
    """Implements ``torch.nn.DataParallel`` as torch does without available accelerators."""

    def __init__(self, module, device_ids=None, output_device=None, dim=0):
        super().__init__()
        self.module = module
        self.device_ids = []

    def forward(self, *inputs, **kwargs):
        return self.module(*inputs, **kwargs)
