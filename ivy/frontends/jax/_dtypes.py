"""JAX's dtypes: numpy dtype objects, scalar types, the x64 switch and the promotion lattice.

JAX's public dtypes *are* numpy's (``x.dtype`` is a ``np.dtype``; bfloat16 is ml_dtypes'), so this
frontend uses them too. Weak types: a Python scalar, and an array made from one, promotes as the
lattice's weak node of its kind (``i*``, ``f*``, ``c*``), so ``int8_array + 1`` stays int8.
With ``jax_enable_x64`` off, every 64-bit dtype is canonicalized to its 32-bit counterpart.
"""
from __future__ import annotations

import itertools
import os
import warnings

import ml_dtypes
import numpy as np

import ivy
from ivy.core import dtypes as D
from ivy.frontends._shared import native_name  # noqa: F401 - re-exported to the modules

NP = {name: np.dtype(ml_dtypes.bfloat16 if name == "bfloat16" else name) for name in D.ALL}
_NAME = {dt: name for name, dt in NP.items()}


class Config:
    """``jax.config``: only ``jax_enable_x64`` changes behaviour; other flags are stored."""

    def __init__(self):
        object.__setattr__(self, "_values", {"jax_enable_x64": False,
                                              "jax_default_matmul_precision": None,
                                              "jax_platforms": None, "jax_debug_nans": False,
                                              "jax_disable_jit": False,
                                              "jax_numpy_dtype_promotion": "standard",
                                              "jax_numpy_rank_promotion": "allow",
                                              "jax_transfer_guard": None,
                                              "jax_default_device": None})

    def update(self, name: str, value):
        if name not in self._values and not name.startswith("jax_"):
            raise AttributeError(f"Unrecognized config option: {name}")
        self._values[name] = value
        if name == "jax_enable_x64":
            _set_x64(bool(value))

    def read(self, name: str):
        return self._values[name]

    def __getattr__(self, name):
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(f"Unrecognized config option: {name}") from None

    @property
    def x64_enabled(self) -> bool:
        return self._values["jax_enable_x64"]


_TO_32 = {"int64": "int32", "uint64": "uint32", "float64": "float32", "complex128": "complex64"}
_CANONICAL = {name: name for name in D.ALL}


def _set_x64(on: bool) -> None:
    global INT_MIN, INT_MAX
    _CANONICAL.update({name: (name if on else _TO_32.get(name, name)) for name in D.ALL})
    DEFAULT.update(int=_CANONICAL["int64"], float=_CANONICAL["float64"],
                   complex=_CANONICAL["complex128"], uint=_CANONICAL["uint64"])
    INT_MIN, INT_MAX = D.iinfo(DEFAULT["int"]).min, D.iinfo(DEFAULT["int"]).max


def check_py_int(value: int) -> int:
    """A Python int operand: JAX converts it to the default int type first, so one out of that
    type's range raises (it is never wrapped)."""
    if not INT_MIN <= value <= INT_MAX:
        raise OverflowError(f"Python int {value} too large to convert to {DEFAULT['int']}")
    return value


DEFAULT = {"int": "int64", "float": "float64", "complex": "complex128", "uint": "uint64",
           "bool": "bool"}
config = Config()
_TRUE, _FALSE = ("y", "yes", "t", "true", "on", "1"), ("n", "no", "f", "false", "off", "0")


def _bool_env(name: str) -> bool:
    """JAX's reading of a boolean environment variable (off when unset; junk raises)."""
    value = os.environ.get(name, "false").lower()
    if value not in _TRUE + _FALSE:
        raise ValueError(f"invalid truth value {value!r} for environment {name!r}")
    return value in _TRUE


# Like JAX, the default comes from the environment once, at import: x64 off unless it says on.
config.update("jax_enable_x64", _bool_env("JAX_ENABLE_X64"))


def canonical(name: str) -> str:
    """The dtype JAX actually uses for ``name`` (64-bit names are 32-bit with x64 off)."""
    return _CANONICAL[name]


# ---- scalar types (jnp.float32 & co.) -------------------------------------------------------

class _ScalarMeta(type):
    """``jnp.float32``: ``jnp.float32(x)`` makes a (non-weak) array; ``.dtype`` is numpy's dtype."""

    def __call__(cls, x=0):
        from ._array import asarray
        return asarray(x, dtype=cls.dtype)

    def __repr__(cls):
        return f"<class 'jax.numpy.{cls.__name__}'>"

    def __eq__(cls, other):
        return cls is other or (isinstance(other, type) and issubclass(other, np.generic)
                                and np.dtype(other) == cls.dtype)

    def __hash__(cls):
        return hash(cls.dtype)

    def __instancecheck__(cls, x):
        return isinstance(x, np.generic) and np.dtype(type(x)) == cls.dtype


def _scalar_type(name, jnp_name):
    return _ScalarMeta(jnp_name, (), {"dtype": NP[name], "__module__": "jax.numpy"})


SCALAR_TYPES = {("bool_" if n == "bool" else n): _scalar_type(n, "bool_" if n == "bool" else n)
                for n in D.ALL}
SCALAR_TYPES.update(bool=SCALAR_TYPES["bool_"], int_=SCALAR_TYPES["int64"],
                    uint=SCALAR_TYPES["uint64"], float_=SCALAR_TYPES["float64"],
                    complex_=SCALAR_TYPES["complex128"], single=SCALAR_TYPES["float32"],
                    double=SCALAR_TYPES["float64"], csingle=SCALAR_TYPES["complex64"],
                    cdouble=SCALAR_TYPES["complex128"], half=SCALAR_TYPES["float16"])
ABSTRACT = {"generic": np.generic, "number": np.number, "inexact": np.inexact,
            "floating": np.floating, "complexfloating": np.complexfloating,
            "integer": np.integer, "signedinteger": np.signedinteger,
            "unsignedinteger": np.unsignedinteger, "character": np.character,
            "flexible": np.flexible}


# ---- dtype arguments --------------------------------------------------------------------------

_PY_KIND = {int: "int", float: "float", complex: "complex", bool: "bool"}


def name_of(d, fn: str = "dtype") -> str:
    """The canonical name of a dtype argument (np.dtype, string, scalar type, Python type); a
    64-bit type a function (``fn``) is asked for with x64 off warns as in JAX."""
    try:
        name = _NAME[d]
    except (KeyError, TypeError):
        if isinstance(d, type) and d in _PY_KIND:
            return DEFAULT[_PY_KIND[d]]
        name = raw_name(d, fn)
    out = _CANONICAL[name]
    if out is not name and fn != "dtype":
        warnings.warn(f"Explicitly requested dtype {name} requested in {fn} is not available, "
                      f"and will be truncated to dtype {out}. To enable more dtypes, set the "
                      f"jax_enable_x64 configuration option or the JAX_ENABLE_X64 shell "
                      f"environment variable. See https://github.com/jax-ml/jax#current-gotchas "
                      f"for more.", stacklevel=3)
    return out


def raw_name(d, fn: str = "dtype") -> str:
    """The name of a dtype argument as written, without x64 canonicalization (``jnp.finfo``)."""
    if isinstance(d, type) and d in _PY_KIND:
        return DEFAULT[_PY_KIND[d]]
    dt = getattr(d, "dtype", None)
    try:
        dt = np.dtype(dt if isinstance(dt, np.dtype) else d)
    except TypeError:
        raise TypeError(f"{fn}: data type {d!r} not understood") from None
    if dt not in _NAME:
        raise TypeError(f"JAX only supports number and bool dtypes, got dtype {dt}")
    return _NAME[dt]


def np_dtype(name: str) -> np.dtype:
    return NP[name]


# ---- the promotion lattice ----------------------------------------------------------------------
# Edges go from a type to the types it promotes to directly (JAX's "standard" lattice): weak int
# below every integer type, weak float below every float, i64/u64 meeting at the weak float.

_WEAK_NODE = {"int": "i*", "float": "f*", "complex": "c*"}
_EDGES = {
    "bool": ("i*",),
    "i*": ("uint8", "int8"),
    "uint8": ("int16", "uint16"), "uint16": ("int32", "uint32"), "uint32": ("int64", "uint64"),
    "uint64": ("f*",),
    "int8": ("int16",), "int16": ("int32",), "int32": ("int64",), "int64": ("f*",),
    "f*": ("bfloat16", "float16", "c*"),
    "bfloat16": ("float32",), "float16": ("float32",), "float32": ("float64", "complex64"),
    "float64": ("complex128",),
    "c*": ("complex64",), "complex64": ("complex128",), "complex128": (),
}


def _upper_sets():
    ups = {}

    def up(node):
        if node not in ups:
            ups[node] = frozenset({node}).union(*(up(n) for n in _EDGES[node]))
        return ups[node]
    for node in _EDGES:
        up(node)
    return ups


def _join_table():
    ups = _upper_sets()
    table = {}
    for a, b in itertools.product(_EDGES, repeat=2):
        common = ups[a] & ups[b]
        table[a, b] = next(n for n in common if common <= ups[n])   # the least upper bound
    return table


JOIN = _join_table()
_WEAK_KIND = {"i*": "int", "f*": "float", "c*": "complex"}
_KIND_OF = {n: ("bool" if n == "bool" else "int" if n in D.INTEGRAL else
                "complex" if n in D.COMPLEX_FLOATING else "float") for n in D.ALL}


def weak_node(name: str) -> str:
    """The lattice node of a weakly typed array of dtype ``name``."""
    return _WEAK_NODE.get(_KIND_OF[name], name)


def node_dtype(node: str):
    """(dtype name, weak) of a lattice node."""
    kind = _WEAK_KIND.get(node)
    return (DEFAULT[kind], True) if kind else (_CANONICAL[node], False)


def join_nodes(nodes) -> tuple:
    """(dtype name, weak) of the least upper bound of lattice nodes."""
    it = iter(nodes)
    out = next(it)
    for n in it:
        out = JOIN[out, n]
    return node_dtype(out)


def promote_names(a: str, b: str) -> str:
    """``jnp.promote_types`` on canonical names (both strong)."""
    return node_dtype(JOIN[a, b])[0]


def is_kind(name: str, kind: str) -> bool:
    return _KIND_OF[name] == kind


_INEXACT_OF_64 = frozenset({"int64", "uint64"})


def inexact_name(name: str, weak: bool = False) -> str:
    """The floating dtype an inexact-output function (``jnp.sqrt``) gives ``name`` inputs: JAX
    uses float32 for bool and integers up to 32 bits, float64 for 64-bit and weak integers."""
    if _KIND_OF[name] in ("float", "complex"):
        return name
    return _CANONICAL["float64" if weak or name in _INEXACT_OF_64 else "float32"]
