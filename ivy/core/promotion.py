"""Frontend promotion rules as data: each framework's binary dtype lattice and scalar rules.

The core promotes only by the Array API table (``dtypes.PROMOTION``); each frontend promotes its
operands by its framework's rule *before* calling the core, with the tables here.
"""
from __future__ import annotations

from . import dtypes as D

CATEGORY = {**{d: 0 for d in D.BOOL}, **{d: 1 for d in D.INTEGRAL}, **{d: 2 for d in D.REAL_FLOATING},
            **{d: 3 for d in D.COMPLEX_FLOATING}}
_COMPLEX_OF_REAL = {"float16": "complex64", "bfloat16": "complex64", "float32": "complex64",
                    "float64": "complex128"}


def _torch_lattice():
    """torch.promote_types over ivy's dtypes; a missing pair is one torch refuses (its uint16/32/64
    only promote with themselves and floating types) — torch's complex32 is not an ivy dtype."""
    table = {}
    ordinary = ("bool", "uint8") + D.SIGNED + D.FLOATING
    for a in ordinary:
        for b in ordinary:
            ca, cb = CATEGORY[a], CATEGORY[b]
            if a == b:
                r = a
            elif ca != cb:
                hi, lo = (a, b) if ca > cb else (b, a)
                if CATEGORY[hi] == 3 and CATEGORY[lo] == 2:
                    r = D.PROMOTION[hi, _COMPLEX_OF_REAL[lo]]
                else:
                    r = hi
            elif {a, b} == {"float16", "bfloat16"}:
                r = "float32"
            else:
                r = D.PROMOTION[a, b]
            table[a, b] = r
    for u in ("uint16", "uint32", "uint64"):
        table[u, u] = u
        for f in D.REAL_FLOATING:
            table[u, f] = table[f, u] = f
    return table


TORCH = _torch_lattice()


def torch_combine(higher: str | None, lower: str | None, default_float: str) -> str | None:
    """torch's combine_categories: the higher-priority operands' dtype, lifted only when a
    lower-priority operand (0-d tensor, Python scalar) is of a higher category."""
    if higher is None:
        return lower
    if lower is None:
        return higher
    ch, cl = CATEGORY[higher], CATEGORY[lower]
    if ch == 3:
        return higher
    if cl == 3:
        return _COMPLEX_OF_REAL[higher] if ch == 2 else lower
    if ch == 2:
        return higher
    if higher == "bool" or cl == 2:
        return TORCH[higher, lower]
    return higher
