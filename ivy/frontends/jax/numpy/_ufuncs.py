"""Elementwise functions from tables: promotion by JAX's lattice, weak types carried through.

Kinds: ``numeric`` (result in the promoted dtype), ``inexact`` (integers/bools go to float:
float32 up to 32 bits, float64 for 64-bit and weak ints), ``compare`` (bool, weak when every operand
was), ``logical`` (bool), ``integer`` (integers and bools only: JAX's TypeError otherwise).
The jnp functions JAX makes ``jnp.ufunc`` objects are ``ufunc`` instances here.
"""
from __future__ import annotations

import ivy
from ivy.core import dtypes as D

from .. import _dtypes as J
from .._array import Array, _wrap, asarray, cast_to, promote, promote_pair, to_native
from .._dtypes import native_name

_INTEGER_OK = frozenset(D.INTEGRAL + D.BOOL)
_INEXACT = frozenset(D.FLOATING)
_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_PY = frozenset({bool, int, float, complex})


def _unary_operand(x, fn):
    """(native, dtype name, weak) of one operand."""
    if type(x) is Array:
        a = x._data
        return a, native_name(a), x.weak_type
    x = asarray(x) if type(x) in _PY else x
    (a,), name, weak = promote(fn, x)
    return a, name, weak


def _integer_check(name, fn, position=None):
    if name not in _INTEGER_OK:
        where = f" at position {position}" if position is not None else ""
        raise TypeError(f"{fn} does not accept dtype {name}{where}. Accepted dtypes{where} are "
                        f"subtypes of integer, bool.")


def unary(core, kind="numeric", fn=None, complex_ok=True):
    fn = fn or core.__name__

    if kind == "numeric":
        def f(x, /):
            a, name, weak = _unary_operand(x, fn)
            return _wrap(core(a), weak)
    elif kind == "inexact":
        def f(x, /):
            a, name, weak = _unary_operand(x, fn)
            if name not in _INEXACT:
                name = J.inexact_name(name, weak)
                a = ivy.astype(a, name)
            elif not complex_ok and name in _COMPLEX:
                raise TypeError(f"{fn} does not support complex-valued inputs")
            return _wrap(core(a), weak)
    elif kind in ("compare", "logical"):
        def f(x, /):
            a, name, weak = _unary_operand(x, fn)
            if kind == "logical" and name != "bool":
                a = ivy.astype(a, "bool")
            return _wrap(core(a), weak and kind == "compare")
    elif kind == "integer":
        def f(x, /):
            a, name, weak = _unary_operand(x, fn)
            _integer_check(name, fn)
            return _wrap(core(a), weak)
    elif kind == "rounding":      # floor/ceil/trunc/rint: integers pass through unchanged
        def f(x, /):
            a, name, weak = _unary_operand(x, fn)
            if name in _COMPLEX:
                raise TypeError(f"{fn} does not support complex-valued inputs")
            return _wrap(a if name not in _INEXACT else core(a), weak)
    else:
        raise ValueError(kind)
    f.__name__ = f.__qualname__ = fn
    return f


def binary(core, kind="numeric", fn=None, complex_ok=True):
    fn = fn or core.__name__

    if kind == "numeric":
        ordered = _LEXICOGRAPHIC.get(fn)

        boolean = _BOOLEAN.get(fn)

        def f(x, y, /):
            a, b, name, weak = promote_pair(x, y, fn)
            if name == "bool" and boolean is not None:
                return _wrap(boolean(_native(a, name), _native(b, name)), weak)
            if name in _COMPLEX:
                if not complex_ok:
                    raise TypeError(f"{fn} does not support complex-valued inputs")
                if ordered is not None:
                    return _wrap(ordered(_native(a, name), _native(b, name)), weak)
            return _wrap(core(a, b), weak)
    elif kind == "inexact":
        def f(x, y, /):
            a, b, name, weak = promote_pair(x, y, fn)
            if name not in _INEXACT:
                name = J.inexact_name(name, weak)
                a, b = cast_to(a, name), cast_to(b, name)
            elif not complex_ok and name in _COMPLEX:
                raise TypeError(f"{fn} does not support complex-valued inputs")
            return _wrap(core(a, b), weak)
    elif kind == "compare":
        ordered = _LEXICOGRAPHIC.get(fn)

        def f(x, y, /):
            a, b, name, weak = promote_pair(x, y, fn)
            if ordered is not None:
                if name in _COMPLEX:
                    return _wrap(ordered(_native(a, name), _native(b, name)), weak)
                if name == "bool":      # not every backend orders booleans
                    a, b = _native(a, "uint8"), _native(b, "uint8")
            return _wrap(core(a, b), weak)
    elif kind == "logical":
        def f(x, y, /):
            a, b = _as_bool(x, fn), _as_bool(y, fn)
            return _wrap(core(a, b))
    elif kind == "integer":
        def f(x, y, /):
            for i, v in enumerate((x, y)):
                _integer_check(native_name(v._data) if isinstance(v, Array) else
                               "bool" if type(v) is bool else "int64" if type(v) is int else
                               native_name(to_native(v, fn)) if not isinstance(v, float)
                               else "float64", fn, i)
            a, b, name, weak = promote_pair(x, y, fn)
            return _wrap(core(a, b), weak)
    else:
        raise ValueError(kind)
    f.__name__ = f.__qualname__ = fn
    return f


def _native(v, name):
    """An operand as a native array of dtype ``name`` (Python numbers converted)."""
    v = cast_to(v, name)
    return ivy.asarray(v, dtype=name) if type(v) in _PY else v


def _lex_less(a, b, or_equal=False):
    """JAX orders complex numbers lexicographically (real part, then imaginary part)."""
    ra, rb, ia, ib = ivy.real(a), ivy.real(b), ivy.imag(a), ivy.imag(b)
    tie = (ivy.less_equal if or_equal else ivy.less)(ia, ib)
    return ivy.logical_or(ivy.less(ra, rb), ivy.logical_and(ivy.equal(ra, rb), tie))


def _lex_max(a, b):
    nan = ivy.logical_or(ivy.isnan(ivy.real(a)), ivy.isnan(ivy.imag(a)))
    return ivy.where(ivy.logical_or(nan, ivy.logical_not(_lex_less(a, b))), a, b)


def _lex_min(a, b):
    nan = ivy.logical_or(ivy.isnan(ivy.real(a)), ivy.isnan(ivy.imag(a)))
    return ivy.where(ivy.logical_or(nan, _lex_less(a, b, True)), a, b)


# JAX computes these on booleans as logical operations (some backends have no boolean kernels).
_BOOLEAN = {"add": ivy.logical_or, "maximum": ivy.logical_or, "multiply": ivy.logical_and,
            "minimum": ivy.logical_and}
_LEXICOGRAPHIC = {
    "less": _lex_less, "less_equal": lambda a, b: _lex_less(a, b, True),
    "greater": lambda a, b: _lex_less(b, a), "greater_equal": lambda a, b: _lex_less(b, a, True),
    "maximum": _lex_max, "minimum": _lex_min,
}


def _as_bool(x, fn):
    a = to_native(x, fn)
    if type(a) in (bool, int, float, complex):
        return ivy.asarray(bool(a))
    return a if native_name(a) == "bool" else ivy.astype(a, "bool")


class ufunc:
    """``jnp.ufunc``: a callable elementwise function with NumPy's ufunc attributes."""
    __module__ = "jax.numpy"

    def __init__(self, func, name, nin, nout=1, identity=None):
        self._func, self.__name__, self.nin, self.nout, self.identity = func, name, nin, nout, \
            identity
        self.nargs = nin + nout

    def __call__(self, *args, out=None, where=None):
        if out is not None:
            raise NotImplementedError(f"out argument of {self}")
        if where is not None:
            raise NotImplementedError(f"where argument of {self}")
        if len(args) != self.nin:
            raise TypeError(f"{self.__name__}() takes {self.nin} positional arguments but "
                            f"{len(args)} were given")
        return self._func(*args)

    def __repr__(self):
        return f"<jnp.ufunc '{self.__name__}'>"

    def outer(self, A, B, /):
        if self.nin != 2:
            raise ValueError("outer only supported for binary ufuncs")
        from .._array import asarray
        a, b = asarray(A), asarray(B)
        return self._func(ivy_reshape(a, a.shape + (1,) * b.ndim), b)


def ivy_reshape(x: Array, shape) -> Array:
    return _wrap(ivy.reshape(x._data, tuple(shape)), x.weak_type)


_UNARY = {
    # name: (core function, kind)
    "negative": (ivy.negative, "numeric"), "positive": (ivy.positive, "numeric"),
    "abs": (ivy.abs, "numeric"), "absolute": (ivy.abs, "numeric"),
    "square": (ivy.square, "numeric"), "sign": (ivy.sign, "numeric"),
    "conj": (ivy.conj, "numeric"), "conjugate": (ivy.conj, "numeric"),
    "sqrt": (ivy.sqrt, "inexact"), "cbrt": (ivy.cbrt, "inexact"),
    "exp": (ivy.exp, "inexact"), "exp2": (ivy.exp2, "inexact"), "expm1": (ivy.expm1, "inexact"),
    "log": (ivy.log, "inexact"), "log2": (ivy.log2, "inexact"), "log10": (ivy.log10, "inexact"),
    "log1p": (ivy.log1p, "inexact"),
    "sin": (ivy.sin, "inexact"), "cos": (ivy.cos, "inexact"), "tan": (ivy.tan, "inexact"),
    "arcsin": (ivy.asin, "inexact"), "arccos": (ivy.acos, "inexact"),
    "arctan": (ivy.atan, "inexact"), "sinh": (ivy.sinh, "inexact"),
    "cosh": (ivy.cosh, "inexact"), "tanh": (ivy.tanh, "inexact"),
    "arcsinh": (ivy.asinh, "inexact"), "arccosh": (ivy.acosh, "inexact"),
    "arctanh": (ivy.atanh, "inexact"),
    "asin": (ivy.asin, "inexact"), "acos": (ivy.acos, "inexact"), "atan": (ivy.atan, "inexact"),
    "asinh": (ivy.asinh, "inexact"), "acosh": (ivy.acosh, "inexact"),
    "atanh": (ivy.atanh, "inexact"),
    "deg2rad": (ivy.deg2rad, "inexact"), "rad2deg": (ivy.rad2deg, "inexact"),
    "radians": (ivy.deg2rad, "inexact"), "degrees": (ivy.rad2deg, "inexact"),
    "floor": (ivy.floor, "rounding"), "ceil": (ivy.ceil, "rounding"),
    "trunc": (ivy.trunc, "rounding"),
    "isnan": (ivy.isnan, "logical"), "isinf": (ivy.isinf, "logical"),
    "isfinite": (ivy.isfinite, "logical"), "signbit": (ivy.signbit, "logical"),
    "logical_not": (ivy.logical_not, "logical"),
    "invert": (ivy.bitwise_invert, "integer"), "bitwise_not": (ivy.bitwise_invert, "integer"),
    "bitwise_invert": (ivy.bitwise_invert, "integer"),
}

_BINARY = {
    "add": (ivy.add, "numeric"), "subtract": (ivy.subtract, "numeric"),
    "multiply": (ivy.multiply, "numeric"),
    "maximum": (ivy.maximum, "numeric"), "minimum": (ivy.minimum, "numeric"),
    "true_divide": (ivy.divide, "inexact"), "divide": (ivy.divide, "inexact"),
    "arctan2": (ivy.atan2, "inexact"), "atan2": (ivy.atan2, "inexact"),
    "hypot": (ivy.hypot, "inexact"), "logaddexp": (ivy.logaddexp, "inexact"),
    "logaddexp2": (ivy.logaddexp2, "inexact"),
    "equal": (ivy.equal, "compare"), "not_equal": (ivy.not_equal, "compare"),
    "less": (ivy.less, "compare"), "less_equal": (ivy.less_equal, "compare"),
    "greater": (ivy.greater, "compare"), "greater_equal": (ivy.greater_equal, "compare"),
    "logical_and": (ivy.logical_and, "logical"), "logical_or": (ivy.logical_or, "logical"),
    "logical_xor": (ivy.logical_xor, "logical"),
    "bitwise_and": (ivy.bitwise_and, "integer"), "bitwise_or": (ivy.bitwise_or, "integer"),
    "bitwise_xor": (ivy.bitwise_xor, "integer"),
    "left_shift": (ivy.bitwise_left_shift, "integer"),
    "right_shift": (ivy.bitwise_right_shift, "integer"),
    "bitwise_left_shift": (ivy.bitwise_left_shift, "integer"),
    "bitwise_right_shift": (ivy.bitwise_right_shift, "integer"),
}

# jnp functions that are jnp.ufunc objects in JAX (with their identities).
_UFUNCS = {"add": 0, "subtract": None, "multiply": 1, "maximum": None, "minimum": None,
           "logaddexp": None, "logaddexp2": None, "logical_and": True, "logical_or": False,
           "logical_xor": False, "bitwise_and": -1, "bitwise_or": 0, "bitwise_xor": 0,
           "negative": None}

FUNCTIONS = {}
for _name, (_core, _kind) in _UNARY.items():
    FUNCTIONS[_name] = unary(_core, _kind, _name)
for _name, (_core, _kind) in _BINARY.items():
    FUNCTIONS[_name] = binary(_core, _kind, _name)
for _name, _identity in _UFUNCS.items():
    FUNCTIONS[_name] = ufunc(FUNCTIONS[_name], _name, 1 if _name == "negative" else 2,
                             identity=_identity)
del _name, _core, _kind, _identity
