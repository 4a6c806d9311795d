"""Known gaps: what a backend genuinely cannot do, as a listed, reported xfail.

A backend that cannot do something raises ``IvyNotImplementedError``; the checker accepts that as an
expected gap only when it is listed here (or in the row's own ``gaps``), and reports the test as
xfailed with the reason. An unlisted ``IvyNotImplementedError`` is a failure.

    Gap("tensorflow", "sort", "tf.sort has no uint64 kernel", dtypes={"uint64"})
    Gap("jax", "log", "XLA on CPU flushes subnormals to zero", values=True, when=subnormal_inputs)

``function`` is the qualified name the error names (``err.function``: "asarray", "linalg.eig"; "*"
for any); for ``values`` gaps, the row's name. ``dtypes`` narrows a gap to cases with one of those
input dtypes, ``when`` to cases a predicate accepts. ``values=True`` lists a *wrong result* the
framework gives and the backend cannot cheaply avoid (a value mismatch on those cases becomes the
xfail); with ``expect``, only the result the reference gives on ``expect(case)`` is accepted
(the FTZ gaps: the reference's result on the inputs with subnormals flushed to zero; ``expect``
returning None accepts any result, as without it). A gap without ``dtypes``/``when`` is strict: the row's test must still hit it, so a fixed
gap is noticed and removed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np


@dataclass(frozen=True)
class Gap:
    backend: str
    function: str
    reason: str
    dtypes: frozenset | None = None
    strict: bool | None = None
    values: bool = False
    when: Callable | None = None  # case -> bool
    # case -> the case whose reference result the backend gives instead (a values gap with one
    # accepts only that result: FTZ backends must match the reference on flushed inputs)
    expect: Callable | None = None

    def __post_init__(self):
        if self.dtypes is not None and not isinstance(self.dtypes, frozenset):
            object.__setattr__(self, "dtypes", frozenset(self.dtypes))

    @property
    def is_strict(self) -> bool:
        narrowed = self.dtypes is not None or self.when is not None
        return not narrowed if self.strict is None else self.strict


def subnormal_inputs(case) -> bool:
    """The case has a floating input array with a subnormal (nonzero, below the smallest normal)."""
    import ml_dtypes

    for v in case.values():
        floating = isinstance(v, np.ndarray) and (v.dtype.kind in "fc" or v.dtype == ml_dtypes.bfloat16)
        if floating and v.size:
            parts = (v.real, v.imag) if v.dtype.kind == "c" else (v,)
            tiny = ml_dtypes.finfo(v.real.dtype).smallest_normal
            for p in parts:
                a = np.abs(p.astype(np.float64))
                if ((a > 0) & (a < float(tiny))).any():
                    return True
    return False


def _flushed(v):
    import ml_dtypes

    floating = isinstance(v, np.ndarray) and (v.dtype.kind in "fc" or v.dtype == ml_dtypes.bfloat16)
    if not floating or not v.size:
        return v
    tiny = float(ml_dtypes.finfo(v.real.dtype).smallest_normal)

    def flush(p):
        a = p.astype(np.float64)
        return np.where((a != 0) & (np.abs(a) < tiny), np.copysign(0.0, a), a).astype(p.dtype)
    if v.dtype.kind == "c":
        return (flush(v.real) + 1j * flush(v.imag)).astype(v.dtype)
    return flush(v)


def flush_subnormals(case):
    """``case`` with every subnormal float input element replaced by a zero of its sign: what
    a backend that flushes subnormals (DAZ) computes on. None for a case with a complex input:
    there the kernels flush per sub-computation (XLA's log(1e-45j) is log|z| = -inf but arg(z) =
    pi/2), which no flushed input reproduces."""
    if any(isinstance(v, np.ndarray) and v.dtype.kind == "c" for v in case.values()):
        return None
    return type(case)(*(_flushed(v) for v in case.args),
                      **{k: _flushed(v) for k, v in case.kwargs.items()})


def negative_zero_imaginary(case) -> bool:
    """A complex input has an element whose imaginary part is -0.0 (on a branch cut, the sign of
    that zero picks the side)."""
    for v in case.values():
        if isinstance(v, np.ndarray) and v.dtype.kind == "c" and v.size:
            imag = np.asarray(v.imag)
            if ((imag == 0) & np.signbit(imag)).any():
                return True
    return False


# Filled by the lead after review; keep one line per gap, with its reason.
_FTZ = ("the framework's CPU kernels flush subnormal floats to zero (FTZ/DAZ), with no public switch; "
        "results on subnormal inputs differ from IEEE")
KNOWN_GAPS: tuple[Gap, ...] = (
    Gap("tensorflow", "sqrt", "TF's conversion of a numpy complex array drops the sign of a zero "
        "imaginary part, so sqrt of x-0j lands on the other side of the branch cut",
        values=True, when=negative_zero_imaginary),
    Gap("jax", "*", "XLA: " + _FTZ, values=True, when=subnormal_inputs, expect=flush_subnormals),
    Gap("tensorflow", "*", "TensorFlow: " + _FTZ, values=True, when=subnormal_inputs,
        expect=flush_subnormals),
)
