"""torch's dtype objects, default dtype, promotion (``promote_types``/``result_type``) and limits."""
from __future__ import annotations

import ivy
from ivy.core import dtypes as D
from ivy.core import promotion as P
from ivy.frontends._shared import native_name  # noqa: F401 - re-exported to the modules


class dtype:
    """A torch dtype: ``torch.float32`` and friends; ``str()`` is ``"torch.float32"``."""
    __slots__ = ("_name", "is_floating_point", "is_complex", "is_signed", "itemsize")

    def __init__(self, name: str):
        self._name = name
        self.is_floating_point = name in D.REAL_FLOATING
        self.is_complex = name in D.COMPLEX_FLOATING
        self.is_signed = name not in D.UNSIGNED and name != "bool"
        self.itemsize = D.ITEMSIZE[name]

    def __repr__(self):
        return f"torch.{self._name}"

    def __reduce__(self):
        return (_by_name, (self._name,))

    def to_complex(self):
        return BY_NAME[P._COMPLEX_OF_REAL[self._name]] if self.is_floating_point else self

    def to_real(self):
        return BY_NAME[D.REAL_OF[self._name]] if self.is_complex else self


BY_NAME = {name: dtype(name) for name in D.ALL}


def _by_name(name: str) -> dtype:
    return BY_NAME[name]


ALIASES = {"half": "float16", "float": "float32", "double": "float64", "cfloat": "complex64",
           "cdouble": "complex128", "short": "int16", "int": "int32", "long": "int64"}
DTYPES = {**BY_NAME, **{alias: BY_NAME[name] for alias, name in ALIASES.items()}}

_default = {"float": "float32"}


def get_default_dtype() -> dtype:
    return BY_NAME[_default["float"]]


def set_default_dtype(d) -> None:
    name = canonical(d)
    if name not in ("float16", "bfloat16", "float32", "float64"):
        raise TypeError(f"only floating-point types are supported as the default type, got {d}")
    _default["float"] = name


def default_float() -> str:
    return _default["float"]


def default_complex() -> str:
    return P._COMPLEX_OF_REAL[_default["float"]]


# torch maps Python's types to the double-width dtypes, whatever the default dtype
_PY_TYPES = {float: "float64", int: "int64", bool: "bool", complex: "complex128"}


def canonical(d) -> str:
    """The canonical name of a dtype argument: a torch dtype object, a name, or a Python type."""
    if type(d) is dtype:
        return d._name
    if isinstance(d, str) and d in BY_NAME:
        return d
    if d in _PY_TYPES:
        return _PY_TYPES[d]
    raise TypeError(f"expected a torch.dtype, got {d!r}")


def promote_types(type1, type2) -> dtype:
    a, b = canonical(type1), canonical(type2)
    try:
        return BY_NAME[P.TORCH[a, b]]
    except KeyError:
        raise RuntimeError(f"Promotion for uint16, uint32, uint64 types is not supported, attempted "
                        f"to promote {BY_NAME[a]} and {BY_NAME[b]}") from None


def scalar_dtype(value) -> str:
    """The dtype torch gives a Python number taking part in an operation."""
    t = type(value)
    if t is bool:
        return "bool"
    if t is int:
        return "int64"
    if t is float:
        return _default["float"]
    if t is complex:
        return default_complex()
    raise TypeError(f"expected a Tensor or a Python number, got {t.__name__}")


def result_name(operands) -> str:
    """torch's result dtype of tensors (dimensioned > 0-d) and Python numbers, as a canonical name."""
    dim = zero = wrapped = None
    for o in operands:
        if hasattr(o, "_data"):            # a frontend Tensor (importing the class here would cycle)
            name = ivy.dtype(o._data)
            if ivy.ndim(o._data):
                dim = name if dim is None else _promote(dim, name)
            else:
                zero = name if zero is None else _promote(zero, name)
        else:
            name = scalar_dtype(o)
            wrapped = name if wrapped is None else _promote(wrapped, name)
    return P.torch_combine(dim, P.torch_combine(zero, wrapped, _default["float"]), _default["float"])


def _promote(a: str, b: str) -> str:
    try:
        return P.TORCH[a, b]
    except KeyError:
        raise RuntimeError(f"Promotion for uint16, uint32, uint64 types is not supported, attempted "
                        f"to promote {BY_NAME[a]} and {BY_NAME[b]}") from None


def result_type(tensor1, tensor2) -> dtype:
    return BY_NAME[result_name((tensor1, tensor2))]


def can_cast(from_, to) -> bool:
    """torch.can_cast: no cast to a lower category (complex -> real, float -> int, any -> bool)."""
    return P.CATEGORY[canonical(from_)] <= P.CATEGORY[canonical(to)]


def can_cast_names(have: str, want: str) -> bool:
    return P.CATEGORY[have] <= P.CATEGORY[want]


class finfo:
    __slots__ = ("bits", "eps", "max", "min", "tiny", "smallest_normal", "resolution", "dtype")

    def __init__(self, type=None):
        name = canonical(type if type is not None else get_default_dtype())
        if name not in D.FLOATING:
            raise TypeError("torch.finfo() requires a floating point input type. Use "
                            "torch.iinfo to handle 'torch.finfo'")
        info = D.finfo(D.REAL_OF.get(name, name))
        self.bits, self.eps, self.max, self.min = info.bits, info.eps, info.max, info.min
        self.tiny = self.smallest_normal = info.smallest_normal
        self.resolution = 10.0 ** -_decimal_digits(name)
        self.dtype = D.REAL_OF.get(name, name)

    def __repr__(self):
        return (f"finfo(resolution={self.resolution:g}, min={self.min:g}, max={self.max:g}, "
                f"eps={self.eps:g}, smallest_normal={self.smallest_normal:g}, tiny={self.tiny:g}, "
                f"dtype={self.dtype})")


def _decimal_digits(name: str) -> int:
    return {"float16": 3, "bfloat16": 2, "float32": 6, "float64": 15, "complex64": 6,
            "complex128": 15}[name]


class iinfo:
    __slots__ = ("bits", "max", "min", "dtype")

    def __init__(self, type):
        name = canonical(type)
        if name == "bool":
            raise TypeError("torch.bool is not supported by torch.iinfo")
        if name not in D.INTEGRAL:
            raise TypeError("torch.iinfo() requires an integer input type. Use torch.finfo to "
                            "handle 'torch.iinfo'")
        info = D.iinfo(name)
        self.bits, self.min, self.max = info.bits, info.min, info.max
        self.dtype = name

    def __repr__(self):
        return f"iinfo(min={self.min:g}, max={self.max:g}, dtype={self.dtype})"
