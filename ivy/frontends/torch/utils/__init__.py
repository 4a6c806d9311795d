"""``torch.utils``: the data-loading utilities (``torch.utils.data``) and activation
checkpointing (``torch.utils.checkpoint``)."""
from . import checkpoint, data  # noqa: F401
