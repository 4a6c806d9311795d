"""``torch.nn``: so far only ``torch.nn.functional``."""
from . import functional  # noqa: F401
