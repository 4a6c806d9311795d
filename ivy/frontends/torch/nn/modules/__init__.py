"""``torch.nn.modules``: Module, containers and layers (one file per family, as torch's)."""
from . import (activation, activation_attention, batchnorm, container, conv, distance, dropout,
               flatten, fold, instancenorm, linear, loss, module, normalization, padding,
               pixelshuffle, pooling, rnn, sparse, transformer, upsampling)
from .activation import *  # noqa: F401,F403
from .batchnorm import *  # noqa: F401,F403
from .container import *  # noqa: F401,F403
from .conv import *  # noqa: F401,F403
from .distance import *  # noqa: F401,F403
from .dropout import *  # noqa: F401,F403
from .flatten import *  # noqa: F401,F403
from .fold import *  # noqa: F401,F403
from .instancenorm import *  # noqa: F401,F403
from .linear import *  # noqa: F401,F403
from .loss import *  # noqa: F401,F403
from .module import Module
from .normalization import *  # noqa: F401,F403
from .padding import *  # noqa: F401,F403
from .pixelshuffle import *  # noqa: F401,F403
from .pooling import *  # noqa: F401,F403
from .sparse import *  # noqa: F401,F403
from .upsampling import *  # noqa: F401,F403
from .activation_attention import *  # noqa: F401,F403
from .rnn import *  # noqa: F401,F403
from .transformer import *  # noqa: F401,F403

__all__ = ["Module", *(name for family in (
    activation, activation_attention, batchnorm, container, conv, distance, dropout, flatten,
    fold, instancenorm, linear, loss, normalization, padding, pixelshuffle, pooling, rnn, sparse,
    transformer, upsampling)
    for name in family.__all__)]
