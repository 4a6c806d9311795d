"""numpy backend: canonical dtype names <-> numpy dtypes, and the device check.

bfloat16 comes from ``ml_dtypes`` when it is importable; without it a bfloat16 request raises
``IvyNotImplementedError``. float16 is numpy-native.
"""
import numpy as np

from ivy.core import dtypes as _dt
from ivy.core.errors import IvyTypeError, unsupported

NAME = "numpy"

try:
    import ml_dtypes
except ImportError:  # the optional dependency is absent: no bfloat16
    ml_dtypes = None

TO_NUMPY = {n: np.dtype(n) for n in _dt.ALL if n != "bfloat16"}
if ml_dtypes is not None:
    TO_NUMPY["bfloat16"] = np.dtype(ml_dtypes.bfloat16)
CANONICAL = {d: n for n, d in TO_NUMPY.items()}
BFLOAT16 = TO_NUMPY.get("bfloat16")  # None without ml_dtypes
HALF = frozenset(d for n, d in TO_NUMPY.items() if n in ("float16", "bfloat16"))

# What a dtype= argument may be: a canonical name, a numpy dtype or a numpy scalar type.
_ACCEPTED = dict(TO_NUMPY)
_ACCEPTED.update({d: d for d in CANONICAL})
_ACCEPTED.update({d.type: d for d in CANONICAL})


def native(dtype, fn):
    """The numpy dtype for a ``dtype=`` argument of ``fn``; None stays None."""
    if dtype is None:
        return None
    try:
        return _ACCEPTED[dtype]
    except (KeyError, TypeError):
        return _resolve(dtype, fn)


def _resolve(dtype, fn):
    """Slow path of ``native``: other spellings numpy understands (``float``, ``">f4"``)."""
    if isinstance(dtype, str) and dtype == "bfloat16":
        raise unsupported(fn, NAME, "dtype bfloat16 (it needs the ml_dtypes package)")
    try:
        d = np.dtype(dtype)
    except (TypeError, ValueError) as e:
        raise IvyTypeError(f"ivy.{fn} ({NAME} backend): {dtype!r} is not a dtype",
                           function=fn, backend=NAME) from e
    d = d.newbyteorder("=")
    if d not in CANONICAL:
        raise unsupported(fn, NAME, f"dtype {d}")
    return d


def canonical(d, fn="dtype"):
    """The canonical name of numpy dtype ``d``."""
    try:
        return CANONICAL[d]
    except KeyError:
        pass
    name = CANONICAL.get(d.newbyteorder("="))
    if name is None:
        raise unsupported(fn, NAME, f"dtype {d}")
    return name


def check_device(device, fn):
    """numpy has one device, "cpu"; None means it too."""
    if device is not None and device != "cpu":
        raise unsupported(fn, NAME, f"device {device}")
