"""TensorFlow's printout of eager tensors and variables: the numpy value's text under numpy's print
options, moved to its own line when it spans several (``tf.Tensor(\\n[[1. 2.]\\n [3. 4.]], ...``).

A 0-d value is a numpy scalar (``str``) or the Python number (``repr``), as ``EagerTensor._numpy()``
gives; ``format`` applies the spec to that value (an n-d one takes only an empty spec, as numpy).
"""
from __future__ import annotations

import numpy as np


def numpy_text(x, is_repr: bool = False) -> str:
    """TensorFlow's ``numpy_text``: the value's text, on a new line when it spans several."""
    v = x.numpy()
    if not is_repr:
        text = str(v)
    elif isinstance(v, np.generic) and not isinstance(v, np.bytes_):
        text = repr(v.item())
    else:
        text = repr(v)
    return "\n" + text if "\n" in text else text


def tensor_repr(x) -> str:
    """Implements ``EagerTensor.__repr__``."""
    return f"<tf.Tensor: shape={x.shape}, dtype={x.dtype.name}, numpy={numpy_text(x, True)}>"


def tensor_str(x) -> str:
    """Implements ``EagerTensor.__str__``."""
    return f"tf.Tensor({numpy_text(x)}, shape={x.shape}, dtype={x.dtype.name})"


def tensor_format(x, spec: str) -> str:
    """Implements ``EagerTensor.__format__``: numpy's formatting of the value."""
    return x.numpy().__format__(spec)


def variable_repr(v) -> str:
    """Implements ``ResourceVariable.__repr__`` (also its ``str``)."""
    return (f"<tf.Variable '{v.name}' shape={v.shape} dtype={v.dtype.name}, "
            f"numpy={numpy_text(v, True)}>")


def variable_format(v, spec: str) -> str:
    """A variable formats as an object: its ``str``, and no spec."""
    if spec:
        raise TypeError("unsupported format string passed to ResourceVariable.__format__")
    return str(v)
