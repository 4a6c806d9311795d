"""Canonical dtype names, categories and the Array API promotion table, as data.

A dtype is named by a plain string (``"float32"``); ``ivy.float32`` is that string. Backends map
these names to their native dtypes; nothing here knows about any framework.
"""
from __future__ import annotations

BOOL = ("bool",)
SIGNED = ("int8", "int16", "int32", "int64")
UNSIGNED = ("uint8", "uint16", "uint32", "uint64")
INTEGRAL = SIGNED + UNSIGNED
REAL_FLOATING = ("float16", "bfloat16", "float32", "float64")
COMPLEX_FLOATING = ("complex64", "complex128")
FLOATING = REAL_FLOATING + COMPLEX_FLOATING
NUMERIC = INTEGRAL + FLOATING
ALL = BOOL + NUMERIC

# The Array API's own dtype set; float16/bfloat16 are ML extensions ivy carries on top of it.
ARRAY_API = BOOL + INTEGRAL + ("float32", "float64") + COMPLEX_FLOATING

DEFAULT_INT = "int64"
DEFAULT_FLOAT = "float64"
DEFAULT_COMPLEX = "complex128"
DEFAULT_INDEX = "int64"

# isdtype kinds, exactly the standard's names.
KINDS = {
    "bool": frozenset(BOOL),
    "signed integer": frozenset(SIGNED),
    "unsigned integer": frozenset(UNSIGNED),
    "integral": frozenset(INTEGRAL),
    "real floating": frozenset(REAL_FLOATING),
    "complex floating": frozenset(COMPLEX_FLOATING),
    "numeric": frozenset(NUMERIC),
}

BITS = {
    "bool": 8, "int8": 8, "int16": 16, "int32": 32, "int64": 64,
    "uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64,
    "float16": 16, "bfloat16": 16, "float32": 32, "float64": 64,
    "complex64": 64, "complex128": 128,
}
ITEMSIZE = {name: bits // 8 for name, bits in BITS.items()}

COMPLEX_OF = {"float32": "complex64", "float64": "complex128"}
REAL_OF = {"complex64": "float32", "complex128": "float64"}


def _lattice():
    """The Array API promotion table (same-kind pairs only), plus float16/bfloat16 extensions."""
    table = {}

    def chain(names):
        for i, a in enumerate(names):
            for b in names[i:]:
                table[a, b] = table[b, a] = b

    table["bool", "bool"] = "bool"
    chain(SIGNED)
    chain(UNSIGNED)
    # Mixed signedness: the smallest signed type that holds both; uint64 with a signed type has none.
    for u, ubits in (("uint8", 8), ("uint16", 16), ("uint32", 32)):
        for s in SIGNED:
            wider = "int%d" % max(2 * ubits, BITS[s])
            table[u, s] = table[s, u] = wider
    chain(("float16", "float32", "float64"))
    chain(("bfloat16", "float32", "float64"))
    chain(COMPLEX_FLOATING)
    for f, c in (("float16", "complex64"), ("bfloat16", "complex64"), ("float32", "complex64"),
                 ("float64", "complex128")):
        for c2 in COMPLEX_FLOATING:
            r = "complex128" if "complex128" in (c, c2) else "complex64"
            table[f, c2] = table[c2, f] = r
    return table


PROMOTION = _lattice()

# Python scalar kinds accepted with each array kind (a scalar takes the array's dtype).
SCALAR_OK = {
    bool: frozenset(ALL),
    int: frozenset(NUMERIC),
    float: frozenset(FLOATING),
    complex: frozenset(COMPLEX_FLOATING),
}


def promote(a: str, b: str, fn: str = "result_type") -> str:
    """Array API promotion of two dtype names; raises TypeError for pairs the standard leaves out."""
    if a == b:
        return a
    try:
        return PROMOTION[a, b]
    except KeyError:
        from .errors import IvyTypeError
        raise IvyTypeError(f"{fn}: no Array API promotion between {a} and {b}; cast explicitly",
                           function=fn) from None


def can_cast(from_: str, to: str) -> bool:
    """True when ``from_`` promotes to ``to`` under the Array API table (a lossless cast)."""
    return from_ == to or PROMOTION.get((from_, to)) == to


def isdtype(dtype: str, kind) -> bool:
    if isinstance(kind, tuple):
        return any(isdtype(dtype, k) for k in kind)
    if kind in KINDS:
        return dtype in KINDS[kind]
    if isinstance(kind, str) and kind in BITS:
        return dtype == kind
    from .errors import IvyValueError
    raise IvyValueError(f"isdtype: unknown kind {kind!r}", function="isdtype")


def scalar_dtype(value) -> str:
    """Default dtype of a Python scalar (bool before int: bool is an int subclass)."""
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return DEFAULT_INT
    if isinstance(value, float):
        return DEFAULT_FLOAT
    if isinstance(value, complex):
        return DEFAULT_COMPLEX
    raise TypeError(f"not a Python scalar: {type(value).__name__}")


class finfo_object:
    """Machine limits of a floating dtype (the Array API's finfo result)."""
    __slots__ = ("bits", "eps", "max", "min", "smallest_normal", "dtype")

    def __init__(self, bits, eps, max, min, smallest_normal, dtype):
        self.bits, self.eps, self.max, self.min = bits, eps, max, min
        self.smallest_normal, self.dtype = smallest_normal, dtype

    def __repr__(self):
        return (f"finfo(bits={self.bits}, eps={self.eps}, max={self.max}, min={self.min}, "
                f"smallest_normal={self.smallest_normal}, dtype={self.dtype})")


class iinfo_object:
    """Machine limits of an integer dtype (the Array API's iinfo result)."""
    __slots__ = ("bits", "max", "min", "dtype")

    def __init__(self, bits, max, min, dtype):
        self.bits, self.max, self.min, self.dtype = bits, max, min, dtype

    def __repr__(self):
        return f"iinfo(bits={self.bits}, max={self.max}, min={self.min}, dtype={self.dtype})"


def _float_limits(mant_bits: int, exp_bits: int):
    """eps, max and smallest normal of an IEEE-style binary format, computed, not typed in."""
    bias = 2 ** (exp_bits - 1) - 1
    eps = 2.0 ** -mant_bits
    largest = (2.0 - eps) * 2.0 ** bias
    return eps, largest, 2.0 ** (1 - bias)


_FLOAT_FORMAT = {"float16": (10, 5), "bfloat16": (7, 8), "float32": (23, 8), "float64": (52, 11)}


def finfo(dtype: str) -> finfo_object:
    real = REAL_OF.get(dtype, dtype)
    if real not in _FLOAT_FORMAT:
        from .errors import IvyValueError
        raise IvyValueError(f"finfo: {dtype} is not a floating dtype", function="finfo")
    eps, largest, tiny = _float_limits(*_FLOAT_FORMAT[real])
    return finfo_object(BITS[real], eps, largest, -largest, tiny, real)


def iinfo(dtype: str) -> iinfo_object:
    if dtype not in INTEGRAL:
        from .errors import IvyValueError
        raise IvyValueError(f"iinfo: {dtype} is not an integer dtype", function="iinfo")
    bits = BITS[dtype]
    if dtype in UNSIGNED:
        return iinfo_object(bits, 2 ** bits - 1, 0, dtype)
    return iinfo_object(bits, 2 ** (bits - 1) - 1, -(2 ** (bits - 1)), dtype)
