"""dtype functions: promote_types, result_type, can_cast, issubdtype, finfo/iinfo, isdtype."""
from __future__ import annotations

import ml_dtypes
import numpy as np

from .. import _dtypes as J
from ivy.core import dtypes as D

from .._array import Array, node_of
from .._dtypes import native_name


_PY_TYPE_NODE = {int: "i*", float: "f*", complex: "c*", bool: "bool"}


def _dtype_node(x, fn, raw=False):
    """Lattice node of a dtype argument: Python's ``int``/``float``/``complex`` are weak."""
    if x in _PY_TYPE_NODE if isinstance(x, type) else False:
        return _PY_TYPE_NODE[x]
    if isinstance(x, Array):
        return native_name(x._data)
    return J.raw_name(x, fn) if raw else J.name_of(x, fn)


_WIDEST = {"i*": "int64", "f*": "float64", "c*": "complex128"}


def promote_types(a, b):
    """``jnp.promote_types``: JAX's lattice on two dtypes as written (Python types are weak); as
    in JAX, only a 64-bit type neither input has is canonicalized for x64."""
    a, b = _dtype_node(a, "promote_types", True), _dtype_node(b, "promote_types", True)
    node = J.JOIN[a, b]
    if node in J._TO_32 and a not in J._TO_32 and b not in J._TO_32:   # 64-bit by the join
        return J.NP[J.canonical(node)]
    return J.NP[_WIDEST.get(node, node)]


def _result_node(x):
    if isinstance(x, (np.dtype, str)) or isinstance(x, type):
        return _dtype_node(x, "result_type")
    if isinstance(x, (list, tuple)):
        raise TypeError(f"Cannot determine dtype of {x}")
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


def _np_dtype(x, fn):
    """The numpy dtype of a dtype argument or an array (as written: ``finfo(float64)`` is
    float64's even with x64 off, as in JAX)."""
    if isinstance(x, Array):
        return x.dtype
    return J.NP[J.raw_name(x, fn)]


def finfo(dtype):
    return ml_dtypes.finfo(_np_dtype(dtype, "finfo"))


def iinfo(int_type):
    return np.iinfo(_np_dtype(int_type, "iinfo"))


def can_cast(from_, to, casting="safe"):
    """``jnp.can_cast``: numpy's casting rules on JAX's dtypes (arrays give their dtype)."""
    if type(from_) in (bool, int, float, complex):
        raise TypeError("can_cast() does not support Python ints, floats, and complex because "
                        "the result used to depend on the value.")
    return bool(np.can_cast(_np_dtype(from_, "can_cast"), _np_dtype(to, "can_cast"), casting))


_KINDS = {"bool": frozenset(D.BOOL), "signed integer": frozenset(D.SIGNED),
          "unsigned integer": frozenset(D.UNSIGNED), "integral": frozenset(D.INTEGRAL),
          "real floating": frozenset(D.REAL_FLOATING),
          "complex floating": frozenset(D.COMPLEX_FLOATING), "numeric": frozenset(D.NUMERIC)}


def isdtype(dtype, kind):
    """``jnp.isdtype``: the Array API's kinds, a dtype, or a tuple of them."""
    name = J.name_of(dtype, "isdtype")
    for k in (kind if isinstance(kind, tuple) else (kind,)):
        if isinstance(k, str) and k in _KINDS:
            if name in _KINDS[k]:
                return True
        elif isinstance(k, str) or isinstance(k, np.dtype) or (
                isinstance(k, type) and k not in J.ABSTRACT.values()):
            try:
                if J.name_of(k, "isdtype") == name:
                    return True
            except TypeError:
                raise ValueError(f"Unrecognized kind={k!r} expected one of {list(_KINDS)}, or "
                                 f"a compatible input for jnp.dtype()") from None
        else:
            raise TypeError(f"Expected kind to be a dtype, string, or tuple; got kind={k!r}")
    return False


FUNCTIONS = {"promote_types": promote_types, "result_type": result_type,
             "issubdtype": issubdtype, "finfo": finfo, "iinfo": iinfo, "can_cast": can_cast,
             "isdtype": isdtype}
