"""Shared pieces of the distributions: JAX's inexact promotion of (x, loc, scale)."""
from __future__ import annotations

import ivy

from ..._array import _wrap, asarray, node_of
from ..._dtypes import native_name
from ..special import _operands

__all__ = ["ivy", "_wrap", "asarray", "native_name", "_operands", "standardized", "const",
           "all_weak"]
_WEAK_NODES = frozenset({"i*", "f*", "c*"})


def const(value, like):
    return ivy.asarray(value, dtype=native_name(like))


def all_weak(*xs) -> bool:
    """Whether every operand is weak (JAX's densities built on typed constants are weak only
    then, even where promotion alone would give a weak result)."""
    return all(node_of(x) in _WEAK_NODES for x in xs)


def standardized(fn, x, loc, scale):
    """((x - loc) / scale, scale, dtype name, weak), promoted as JAX's promote_args_inexact."""
    (v, m, s), name, weak = _operands(fn, x, loc, scale)
    return ivy.divide(ivy.subtract(v, m), s), s, name, weak
