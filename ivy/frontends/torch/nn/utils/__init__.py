"""``torch.nn.utils``: so far the packed-sequence helpers (``rnn``)."""
from . import rnn  # noqa: F401
from .rnn import PackedSequence  # noqa: F401
