"""``torch.nn``: ``Module`` and the layers (``modules``), ``Parameter``/``Buffer``, ``init`` and
``functional``."""
from . import functional  # noqa: F401
from . import init, modules, parameter  # noqa: F401
from .modules import *  # noqa: F401,F403
from .modules import Module  # noqa: F401
from .modules.data_parallel import DataParallel  # noqa: F401
from .parameter import Buffer, Parameter, UninitializedBuffer, UninitializedParameter  # noqa: F401
