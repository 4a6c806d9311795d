"""``torch.nn``: ``Module`` and the layers (``modules``), ``Parameter``/``Buffer``, ``init`` and
``functional``."""
from . import functional  # noqa: F401
from . import init, modules, parameter  # noqa: F401
from .modules import *  # noqa: F401,F403
from .modules import Module  # noqa: F401
from .modules.data_parallel import DataParallel  # noqa: F401
from .parameter import Buffer, Parameter, UninitializedBuffer, UninitializedParameter  # noqa: F401
from .modules.activation_attention import MultiheadAttention  # noqa: F401
from .modules.rnn import (GRU, LSTM, RNN, GRUCell, LSTMCell, RNNBase, RNNCell,  # noqa: F401
                          RNNCellBase)
from .modules.transformer import (Transformer, TransformerDecoder,  # noqa: F401
                                  TransformerDecoderLayer, TransformerEncoder,
                                  TransformerEncoderLayer)
from . import utils  # noqa: F401
