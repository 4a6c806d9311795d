"""``jax.typing``: the annotation aliases ``ArrayLike`` and ``DTypeLike``."""
from __future__ import annotations

from typing import Any, Union

import numpy as np

from ._array import Array

ArrayLike = Union[Array, np.ndarray, np.bool_, np.number, bool, int, float, complex]
DTypeLike = Union[str, type[Any], np.dtype]

__all__ = ["ArrayLike", "DTypeLike"]
