"""``jax.interpreters.partial_eval``: which outputs of a function are known when some inputs are
only shapes (flax's ``nn.scan`` broadcasts and ``lazy_init`` ask this).

JAX answers by tracing: an output built without the unknown inputs is known, with its value.
ivy has no jaxprs, so ``trace_to_jaxpr_nounits`` runs the function once (once, as JAX traces it:
flax counts its RNG draws) with the unknown inputs filled with NaN (integers and booleans with
zeros): the known outputs come out with their values, and an output holding a NaN counts as
unknown (a known output that is NaN itself would too). Deviations: an output that depends on an
unknown input without carrying its NaN along (through a comparison, an integer input,
``x * 0``...) counts as known where JAX says unknown -- a program JAX refuses (flax:
"broadcasted variable has a data dependency on the scan body") may then run, and so may one
inside a function the backend compiles (jax.jit on the jax backend, tf.function), where values
cannot be read; the returned jaxpr is None and the consts empty.
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
        from ..core import _aval as get_aval
        return get_aval(self[1]) if self[0] is None else self[0]


def _fill(aval):
    dtype = name_of(aval.dtype, "trace_to_jaxpr_nounits")
    if dtype in _INEXACT:
        native = ivy.full(aval.shape, float("nan"), dtype=dtype)
    else:
        native = ivy.zeros(aval.shape, dtype=dtype)
    return as_tracer(_wrap(native, aval.weak_type))


_INEXACT = frozenset({"float16", "bfloat16", "float32", "float64", "complex64", "complex128"})


def _has_nan(x):
    if not isinstance(x, Array):
        return False
    if x.dtype.kind not in "fc" and x.dtype.name != "bfloat16":
        return False
    try:        # natively: grad's tensors have no host data
        return bool(ivy.any(ivy.isnan(x._data)))
    except Exception:   # noqa: BLE001 - inside a backend's compiled trace values are unknown:
        return False    # counted as known (the check runs where the function runs eagerly)


def _plain(x):
    if type(x) is _array.Tracer:
        return _array._wrap_as(Array, x._data, x.weak_type, x._name)
    return x


def trace_to_jaxpr_nounits(fun, pvals, instantiate=False):
    """Implements ``partial_eval.trace_to_jaxpr_nounits`` as the module docstring says:
    ``(None, out_pvals, [])``."""
    pvals = list(pvals)
    unknown = [not pv.is_known() for pv in pvals]
    args = [_fill(pv[0]) if u else pv[1] for pv, u in zip(pvals, unknown)]
    outs = [_plain(x) for x in fun.call_wrapped(*args)]
    inst = [instantiate] * len(outs) if isinstance(instantiate, bool) else list(instantiate)
    pvs = []
    for x, i in zip(outs, inst):
        if i or (any(unknown) and _has_nan(x)):
            aval = x.aval if isinstance(x, Array) else _array.asarray(x).aval
            pvs.append(PartialVal.unknown(aval))
        else:
            pvs.append(PartialVal.known(x))
    return None, pvs, []
