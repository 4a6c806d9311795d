"""``torch.utils``: the data-loading utilities (``torch.utils.data``)."""
from . import data  # noqa: F401
