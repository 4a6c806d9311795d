"""Canonical result trees and their comparison.

``canonical(adapter, value)`` turns one side's result into a tree both sides share:
    array (incl. numpy scalars)   -> np.ndarray (a copy; dtype exact, bfloat16 as ml_dtypes)
    other numpy array or scalar   -> NumpyResult (``tensor.numpy()``; not the side's own array)
    dtype object                  -> DtypeName("float32")
    bool/int/float/complex/str/None -> itself (exact Python type)
    tuple/list/namedtuple/structseq -> Seq (a tuple carrying kind, type name and field names)
    dict                          -> dict
    anything else                 -> Opaque(type name, str)
``mismatches(real, frontend, tol)`` lists the differences, each naming its path (``out[1].indices``).
"""
from __future__ import annotations

import math

import numpy as np

# (rtol, atol) per real floating dtype; complex uses its component's. Integers and bools: exact.
DEFAULT_TOLERANCE = {
    "float16": (2e-3, 1e-3),
    "bfloat16": (1.6e-2, 1e-2),
    "float32": (1e-5, 1e-5),
    "float64": (1e-12, 1e-12),
}
_COMPONENT = {"complex64": "float32", "complex128": "float64"}
_SCALARS = (bool, int, float, complex, str)


class WeakArray(np.ndarray):
    """A canonical array result JAX marks weakly typed (``x.weak_type``)."""


class DtypeName(str):
    """A dtype-valued result, by canonical name."""

    def __repr__(self):
        return f"dtype {str(self)}"


class Seq(tuple):
    """A canonical tuple/list: ``kind`` "tuple" or "list"; ``fields`` a namedtuple's field names."""

    def __new__(cls, items, kind, type_name, fields):
        self = super().__new__(cls, items)
        self.kind, self.type_name, self.fields = kind, type_name, fields
        return self


class NumpyResult:
    """A plain numpy array returned by a side whose own arrays are something else."""

    def __init__(self, value):
        self.array = np.array(value, copy=True)

    def __repr__(self):
        return f"numpy {_describe(self.array)}"


class Opaque:
    """A result of no type the checker knows: compared by type name and ``str``."""

    def __init__(self, value):
        self.type_name, self.text = type(value).__name__, str(value)

    def __eq__(self, other):
        return isinstance(other, Opaque) and (self.type_name, self.text) == (other.type_name,
                                                                               other.text)

    def __repr__(self):
        return f"<{self.type_name} {self.text}>"


def _fields(value):
    fields = getattr(type(value), "_fields", None) or getattr(type(value), "__match_args__", None)
    return tuple(fields) if fields else None


def canonical(adapter, value, check_dtype_attr: bool = False):
    """One side's result as a canonical tree (see the module docstring)."""
    if adapter.is_array(value):
        out = adapter.to_numpy(value)
        if not isinstance(out, np.ndarray):
            raise TypeError(f"{adapter.name}.to_numpy returned {type(out).__name__}, not np.ndarray")
        if check_dtype_attr:
            claimed = adapter.canonical_dtype(value.dtype)
            if claimed != out.dtype.name:
                raise AssertionError(f"array's .dtype says {claimed}, its data is {out.dtype.name}")
        return out.view(WeakArray) if adapter.weak_type(value) else out
    if adapter.is_dtype(value):
        return DtypeName(adapter.canonical_dtype(value))
    if value is None or type(value) in _SCALARS:
        return value
    if isinstance(value, (np.ndarray, np.generic)):
        return NumpyResult(value)
    if isinstance(value, (tuple, list)):
        kind = "list" if isinstance(value, list) else "tuple"
        items = [canonical(adapter, v, check_dtype_attr) for v in value]
        return Seq(items, kind, type(value).__name__, _fields(value))
    if isinstance(value, dict):
        return {k: canonical(adapter, v, check_dtype_attr) for k, v in value.items()}
    return Opaque(value)


def tolerance(dtype: str, rtol=None, atol=None):
    """(rtol, atol) for a result dtype; row overrides are a number or a {dtype: number} dict."""
    component = _COMPONENT.get(dtype, dtype)
    default_rtol, default_atol = DEFAULT_TOLERANCE.get(component, (0.0, 0.0))

    def pick(override, default):
        if override is None:
            return default
        if isinstance(override, dict):
            return override.get(dtype, override.get(component, default))
        return override
    return pick(rtol, default_rtol), pick(atol, default_atol)


def _kind(value):
    if isinstance(value, np.ndarray):
        return "array"
    if isinstance(value, DtypeName):
        return "dtype"
    if isinstance(value, Seq) or type(value) in (tuple, list):
        return "sequence"
    if isinstance(value, dict):
        return "dict"
    if isinstance(value, NumpyResult):
        return "numpy result"
    if isinstance(value, Opaque):
        return "opaque"
    return "scalar"


def _describe(value):
    if isinstance(value, np.ndarray):
        return f"array(shape={value.shape}, dtype={value.dtype.name})"
    if isinstance(value, Seq):
        return f"{value.type_name} of {len(value)}"
    if type(value) in _SCALARS:
        return f"{type(value).__name__} {value!r}"
    return repr(value)


def _float_view(a: np.ndarray) -> np.ndarray:
    """float64/complex128 copy of any floating array (bfloat16's numpy kind is 'V')."""
    return a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)


def _value_mismatch(r: np.ndarray, f: np.ndarray, rtol: float, atol: float):
    """None when equal within tolerance (NaNs equal, infinities exact), else a description."""
    if r.dtype.kind in "biuUSO":
        bad = r != f
    else:
        r64, f64 = _float_view(r), _float_view(f)
        bad = np.zeros(r.shape, bool)
        for part in ((np.real, np.imag) if r64.dtype.kind == "c" else (np.asarray,)):
            rp, fp = part(r64), part(f64)
            rn, fn = np.isnan(rp), np.isnan(fp)
            with np.errstate(invalid="ignore", over="ignore"):
                close = np.abs(rp - fp) <= atol + rtol * np.abs(rp)
            close &= np.isfinite(rp) & np.isfinite(fp)
            exact = rp == fp   # infinities must match exactly (same sign)
            bad |= (rn != fn) | (~rn & ~fn & ~(exact | close))
    if not bad.any():
        return None
    idx = tuple(int(i) for i in np.argwhere(bad)[0])
    msg = (f"{int(bad.sum())} of {bad.size} elements differ (rtol={rtol:g}, atol={atol:g}); first at "
           f"index {idx}: real {r[idx]!r}, frontend {f[idx]!r}")
    if r.size <= 24:
        msg += f"\n      real:     {np.array2string(r, separator=', ')}" \
               f"\n      frontend: {np.array2string(f, separator=', ')}"
    return msg


def mismatches(real, front, path: str = "out", rtol=None, atol=None, values: bool = True):
    """Differences between two canonical trees, as a list of ``"path: what"`` strings."""
    kind_r, kind_f = _kind(real), _kind(front)
    if kind_r != kind_f:
        return [f"{path}: real gave {_describe(real)}, frontend gave {_describe(front)}"]
    if kind_r == "array":
        out = []
        if real.dtype.name != front.dtype.name:
            out.append(f"{path}: dtype differs: real {real.dtype.name}, frontend {front.dtype.name}")
        if real.shape != front.shape:
            out.append(f"{path}: shape differs: real {real.shape}, frontend {front.shape}")
        if isinstance(real, WeakArray) != isinstance(front, WeakArray):
            out.append(f"{path}: weak_type differs: real {isinstance(real, WeakArray)}, "
                       f"frontend {isinstance(front, WeakArray)}")
        if out or not values:
            return out
        bad = _value_mismatch(real, front, *tolerance(real.dtype.name, rtol, atol))
        return [f"{path}: values differ: {bad}"] if bad else []
    if kind_r == "numpy result":
        return mismatches(real.array, front.array, path, rtol, atol, values)
    if kind_r == "sequence":
        return _sequence_mismatches(real, front, path, rtol, atol, values)
    if kind_r == "dict":
        if set(real) != set(front):
            return [f"{path}: keys differ: real {sorted(real)}, frontend {sorted(front)}"]
        return [m for k in real for m in mismatches(real[k], front[k], f"{path}[{k!r}]", rtol,
                                                      atol, values)]
    if kind_r == "scalar":
        return _scalar_mismatches(real, front, path, rtol, atol, values)
    return [] if real == front else [f"{path}: real {real!r}, frontend {front!r}"]


def _sequence_mismatches(real, front, path, rtol, atol, values):
    kind_r = getattr(real, "kind", type(real).__name__)
    kind_f = getattr(front, "kind", type(front).__name__)
    if kind_r != kind_f:
        return [f"{path}: real gave a {kind_r}, frontend a {kind_f}"]
    fields = getattr(real, "fields", None)
    name_r = getattr(real, "type_name", kind_r)
    if fields is None and name_r not in ("tuple", "list") and name_r != getattr(front, "type_name",
                                                                                  kind_f):
        # A named sequence type (torch.Size) must keep its name; namedtuples are checked by fields.
        return [f"{path}: real gave a {name_r}, frontend a {getattr(front, 'type_name', kind_f)}"]
    if fields is not None and getattr(front, "fields", None) != fields:
        return [f"{path}: fields differ: real {fields}, frontend {getattr(front, 'fields', None)}"]
    if len(real) != len(front):
        return [f"{path}: length differs: real {len(real)}, frontend {len(front)}"]
    names = fields or [None] * len(real)
    return [m for i, (r, f, n) in enumerate(zip(real, front, names))
            for m in mismatches(r, f, f"{path}.{n}" if n else f"{path}[{i}]", rtol, atol, values)]


def _scalar_mismatches(real, front, path, rtol, atol, values):
    if type(real) is not type(front):
        return [f"{path}: real gave {_describe(real)}, frontend gave {_describe(front)}"]
    if not values or real == front:
        return []
    if isinstance(real, (float, complex)):
        parts = ((real.real, front.real), (real.imag, front.imag))
        rt, at = tolerance("float64", rtol, atol)
        if all((math.isnan(a) and math.isnan(b)) or a == b
               or (math.isfinite(a - b) and abs(a - b) <= at + rt * abs(a)) for a, b in parts):
            return []
    return [f"{path}: values differ: real {real!r}, frontend {front!r}"]
