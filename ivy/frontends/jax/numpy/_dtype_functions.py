"""dtype functions: promote_types, result_type, can_cast, issubdtype, finfo/iinfo, isdtype."""
from __future__ import annotations

import ml_dtypes
import numpy as np

from .. import _dtypes as J
from .._array import node_of


def promote_types(a, b):
    """``jnp.promote_types``: JAX's lattice on two dtypes (both strong)."""
    return J.NP[J.promote_names(J.name_of(a, "promote_types"), J.name_of(b, "promote_types"))]


def _result_node(x):
    if isinstance(x, (np.dtype, str)) or isinstance(x, type):
        return J.name_of(x, "result_type")
    return node_of(x)


def result_type(*args, return_weak_type_flag=False):
    """``jnp.result_type``: arrays, dtypes and Python scalars (weak) by JAX's lattice."""
    if not args:
        raise ValueError("at least one array or dtype is required")
    name, weak = J.join_nodes(_result_node(a) for a in args)
    return (J.NP[name], weak) if return_weak_type_flag else J.NP[name]


def issubdtype(arg1, arg2):
    """``jnp.issubdtype``: numpy's, accepting JAX's scalar types and bfloat16."""
    a = getattr(arg1, "dtype", arg1) if isinstance(arg1, J._ScalarMeta) else arg1
    b = getattr(arg2, "dtype", arg2) if isinstance(arg2, J._ScalarMeta) else arg2
    if np.dtype(a) == np.dtype(ml_dtypes.bfloat16) if not _abstract(a) else False:
        return _abstract(b) and issubclass(np.floating, b) or (not _abstract(b) and
                                                                np.dtype(b) == np.dtype(a))
    return bool(np.issubdtype(a, b))


def _abstract(x):
    return isinstance(x, type) and x in J.ABSTRACT.values()


def finfo(dtype):
    return ml_dtypes.finfo(J.NP[J.name_of(dtype, "finfo")])


def iinfo(int_type):
    return np.iinfo(J.NP[J.name_of(int_type, "iinfo")])


FUNCTIONS = {"promote_types": promote_types, "result_type": result_type,
             "issubdtype": issubdtype, "finfo": finfo, "iinfo": iinfo}
