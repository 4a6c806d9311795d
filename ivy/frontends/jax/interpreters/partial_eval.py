"""``jax.interpreters.partial_eval``: which outputs of a function are known when some inputs are
only shapes (flax's ``nn.scan`` broadcasts and ``lazy_init`` ask this).

JAX answers by tracing: an output built without the unknown inputs is known, with its value.
ivy has no jaxprs, so ``trace_to_jaxpr_nounits`` runs the function twice, the unknown inputs
filled with two different values (zeros, then ``1 + index`` -- every element differs), and an
output is known when both runs give it the same value. Deviations: an output that depends on
an unknown input only in a way these two fills do not reveal (``x * 0``) counts as known where
JAX would say unknown; the function runs twice, so side effects happen twice; the returned
jaxpr is None and the consts empty.
"""
import numpy as np

import ivy

from .. import _array
from .._array import AbstractValue, Array, _wrap, as_tracer
from .._dtypes import name_of


class PartialVal(tuple):
    """Implements ``partial_eval.PartialVal``: ``(aval, None)`` unknown, ``(None, value)``
    known."""

    def __new__(cls, xs):
        pv, const = xs
        if pv is not None and not isinstance(pv, AbstractValue):
            raise TypeError(f"PartialVal: expected an abstract value or None, got {pv!r}")
        return tuple.__new__(cls, xs)

    @classmethod
    def known(cls, const):
        return PartialVal((None, const))

    @classmethod
    def unknown(cls, aval):
        return PartialVal((aval, None))

    def is_known(self):
        return self[0] is None

    def get_known(self):
        return self[1] if self[0] is None else None

    def get_aval(self):
        from ..core import get_aval
        return get_aval(self[1]) if self[0] is None else self[0]


def _fill(aval, second):
    dtype = name_of(aval.dtype, "trace_to_jaxpr_nounits")
    if not second:
        native = ivy.zeros(aval.shape, dtype=dtype)
    elif dtype == "bool":
        native = ivy.ones(aval.shape, dtype=dtype)
    else:
        size = int(np.prod(aval.shape, dtype=np.int64))
        native = ivy.reshape(ivy.astype(ivy.arange(1, size + 1), dtype), aval.shape)
    return as_tracer(_wrap(native, aval.weak_type))


def _same(a, b):
    if isinstance(a, Array) or isinstance(b, Array):
        if not (isinstance(a, Array) and isinstance(b, Array)):
            return False
        if a.shape != b.shape or a.dtype != b.dtype:
            return False
        return bool(np.array_equal(ivy.to_numpy(a._data), ivy.to_numpy(b._data),
                                   equal_nan=a.dtype.kind in "fc"))
    try:
        return bool(np.array_equal(a, b, equal_nan=True))
    except TypeError:
        return bool(np.array_equal(a, b))


def _plain(x):
    if type(x) is _array.Tracer:
        return _array._wrap_as(Array, x._data, x.weak_type, x._name)
    return x


def trace_to_jaxpr_nounits(fun, pvals, instantiate=False):
    """Implements ``partial_eval.trace_to_jaxpr_nounits`` as the module docstring says:
    ``(None, out_pvals, [])``."""
    pvals = list(pvals)
    unknown = [not pv.is_known() for pv in pvals]

    def run(second):
        args = [_fill(pv[0], second) if u else pv[1] for pv, u in zip(pvals, unknown)]
        return [_plain(x) for x in fun.call_wrapped(*args)]

    first = run(False)
    second = run(True) if any(unknown) else first
    n = len(first)
    inst = [instantiate] * n if isinstance(instantiate, bool) else list(instantiate)
    out = []
    for a, b, i in zip(first, second, inst):
        if i or not _same(a, b):
            aval = a.aval if isinstance(a, Array) else _array.asarray(a).aval
            out.append(PartialVal.unknown(aval))
        else:
            out.append(PartialVal.known(a))
    return None, out, []
