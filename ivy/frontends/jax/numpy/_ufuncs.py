"""Elementwise functions from tables: promotion by JAX's lattice, weak types carried through.

Kinds: ``numeric`` (result in the promoted dtype), ``inexact`` (integers/bools go to float:
float32 up to 32 bits, float64 for 64-bit and weak ints), ``compare`` (bool, weak when every operand
was), ``logical`` (bool), ``integer`` (integers and bools only: JAX's TypeError otherwise).
The jnp functions JAX makes ``jnp.ufunc`` objects are ``ufunc`` instances here.
"""
from __future__ import annotations

import functools
import operator

import numpy as np

import ivy
from ivy.core import dtypes as D
from ivy.core.errors import IvyBroadcastError

from .. import _dtypes as J
from .._array import (Array, _wrap, asarray, cast_to, promote, promote_inexact, promote_pair,
                      to_native)
from .._dtypes import native_name
from .._array import Tracer, _new, dtype_name
from ivy.frontends.jax._late import late as _late, resolver

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


# Per kind, the dtypes whose strong operands go straight to the core function and come back in
# the same dtype (the hot path: no promotion, no casts); every other case takes the general path.
_REAL = frozenset(D.INTEGRAL + D.REAL_FLOATING)
_FAST_DTYPES = {"numeric": _REAL, "compare": _REAL, "inexact": frozenset(D.REAL_FLOATING),
                "rounding": frozenset(D.REAL_FLOATING), "predicate": frozenset(D.REAL_FLOATING),
                "integer": frozenset(D.INTEGRAL), "logical": frozenset(D.BOOL)}


def unary(core, kind="numeric", fn=None, complex_ok=True):
    fn = fn or core.__name__
    ns, key = resolver(core)
    general = _unary_general(ns, key, kind, fn, complex_ok)
    fast, keep_weak = _FAST_DTYPES[kind], kind != "logical"

    def f(x, /):
        tx = type(x)
        if tx is Array or tx is Tracer:     # a tracer's result is one too
            name = x._name or dtype_name(x)
            if name in fast:
                out = _new(tx)
                out._data = ns[key](x._data)
                out.weak_type = x.weak_type and keep_weak
                out._name = None        # read from the result when needed: the core decides
                return out
        return general(x)
    f.__name__ = f.__qualname__ = fn
    return f


def _unary_general(ns, key, kind, fn, complex_ok):
    if kind == "numeric":
        def f(x, /):
            a, name, weak = _unary_operand(x, fn)
            return _wrap(ns[key](a), weak)
    elif kind == "inexact":
        def f(x, /):
            a, name, weak = _unary_operand(x, fn)
            if name not in _INEXACT:
                name = J.inexact_name(name, weak)
                a = ivy.astype(a, name)
            elif not complex_ok and name in _COMPLEX:
                raise TypeError(f"{fn} does not support complex-valued inputs")
            return _wrap(ns[key](a), weak)
    elif kind == "logical":
        def f(x, /):
            a, name, weak = _unary_operand(x, fn)
            return _wrap(ns[key](a if name == "bool" else ivy.astype(a, "bool")))
    elif kind == "predicate":     # isnan & co.: bool result, weak kept; integers are exact
        on_integers = _INTEGER_PREDICATES[fn]

        def f(x, /):
            a, name, weak = _unary_operand(x, fn)
            return _wrap(ns[key](a) if name in _INEXACT else on_integers(a, name), weak)
    elif kind == "integer":
        def f(x, /):
            a, name, weak = _unary_operand(x, fn)
            _integer_check(name, fn)
            return _wrap(ns[key](a), weak)
    elif kind == "rounding":      # floor/ceil/trunc/rint: integers pass through unchanged
        def f(x, /):
            a, name, weak = _unary_operand(x, fn)
            if name in _COMPLEX:
                raise TypeError(f"{fn} does not support complex-valued inputs")
            return _wrap(a if name not in _INEXACT else ns[key](a), weak)
    else:
        raise ValueError(kind)
    f.__name__ = f.__qualname__ = fn
    return f


# JAX reports operands that do not broadcast as a TypeError naming the lax primitive (copysign,
# built from several primitives, as numpy's ValueError).
_PRIMITIVE = {"subtract": "sub", "multiply": "mul", "true_divide": "div", "divide": "div",
              "maximum": "max", "minimum": "min", "arctan2": "atan2", "power": "pow",
              "pow": "pow", "float_power": "pow", "equal": "eq", "not_equal": "ne", "less": "lt",
              "less_equal": "le", "greater": "gt", "greater_equal": "ge", "logical_and": "and",
              "logical_or": "or", "logical_xor": "xor", "bitwise_and": "and", "bitwise_or": "or",
              "bitwise_xor": "xor", "left_shift": "shift_left", "bitwise_left_shift": "shift_left",
              "right_shift": "shift_right_arithmetic", "hypot": "or", "logaddexp": "max",
              "logaddexp2": "max", "remainder": "rem", "mod": "rem", "floor_divide": "rem",
              "fmod": "rem", "divmod": "rem", "ldexp": "mul", "fmax": "gt", "fmin": "lt"}
_NO_TRANSLATION = frozenset({"copysign", "heaviside"})
_SHIFTS = frozenset({"left_shift", "right_shift", "bitwise_left_shift", "bitwise_right_shift"})
_NO_BOOL = {"subtract": "sub"}      # lax.sub has no boolean kernel (numpy refuses it too)


def _broadcast_error(fn, x, y, error):
    """JAX's error for operands that do not broadcast: arrays of different ranks fail in its
    rank promotion (ValueError), equal ranks in the lax primitive (TypeError)."""
    shapes = [tuple(getattr(v, "shape", ())) for v in (x, y)]
    if fn in _NO_TRANSLATION or len(shapes[0]) != len(shapes[1]):
        return ValueError(f"Incompatible shapes for broadcasting: shapes={shapes}")
    return TypeError(f"{_PRIMITIVE.get(fn, fn)} got incompatible shapes for broadcasting: "
                     f"{shapes[0]}, {shapes[1]}.")


def broadcast_checked(f):
    """A binary function whose broadcast failures read as JAX's (not for the hot factory)."""
    fn = f.__name__

    @functools.wraps(f)
    def checked(x1, x2, /, *args, **kwargs):
        try:
            return f(x1, x2, *args, **kwargs)
        except IvyBroadcastError as e:
            raise _broadcast_error(fn, x1, x2, e) from None
    return checked


def binary(core, kind="numeric", fn=None, complex_ok=True):
    fn = fn or core.__name__
    ns, key = resolver(core)
    general = _binary_general(ns, key, kind, fn, complex_ok)
    fast = _FAST_DTYPES[kind]

    def f(x, y, /):
        try:
            tx = type(x)
            if (tx is Array or tx is Tracer) and type(y) is tx and not (x.weak_type or
                                                                        y.weak_type):
                name = x._name or dtype_name(x)
                if name in fast and name == (y._name or dtype_name(y)):
                    out = _new(tx)
                    out._data = ns[key](x._data, y._data)
                    out.weak_type = False
                    out._name = None
                    return out
            return general(x, y)
        except IvyBroadcastError as e:
            raise _broadcast_error(fn, x, y, e) from None
    f.__name__ = f.__qualname__ = fn
    return f


def _binary_general(ns, key, kind, fn, complex_ok):
    if kind == "numeric":
        ordered = _LEXICOGRAPHIC.get(fn)

        boolean = _BOOLEAN.get(fn)

        def f(x, y, /):
            a, b, name, weak = promote_pair(x, y, fn)
            if name == "bool" and fn in _NO_BOOL:
                raise TypeError(f"{_NO_BOOL[fn]} does not accept dtype bool at position 0. "
                                f"Accepted dtypes at position 0 are subtypes of integer, "
                                f"floating, complexfloating.")
            if name == "bool" and boolean is not None:
                return _wrap(boolean(_native(a, name), _native(b, name)), weak)
            if name in _COMPLEX:
                if not complex_ok:
                    raise TypeError(f"{fn} does not support complex-valued inputs")
                if ordered is not None:
                    return _wrap(ordered(_native(a, name), _native(b, name)), weak)
            return _wrap(ns[key](a, b), weak)
    elif kind == "inexact":
        def f(x, y, /):
            a, b, name, weak = promote_inexact(x, y, fn)
            if not complex_ok and name in _COMPLEX:
                raise TypeError(f"{fn} does not support complex-valued inputs")
            return _wrap(ns[key](a, b), weak)
    elif kind == "compare":
        ordered = _LEXICOGRAPHIC.get(fn)

        def f(x, y, /):
            a, b, name, weak = promote_pair(x, y, fn)
            if ordered is not None:
                if name in _COMPLEX:
                    return _wrap(ordered(_native(a, name), _native(b, name)), weak)
                if name == "bool":      # not every backend orders booleans
                    a, b = _native(a, "uint8"), _native(b, "uint8")
            return _wrap(ns[key](a, b), weak)
    elif kind == "logical":
        def f(x, y, /):
            a, b = _as_bool(x, fn), _as_bool(y, fn)
            return _wrap(ns[key](a, b))
    elif kind == "integer":
        def f(x, y, /):
            for i, v in enumerate((x, y)):
                _integer_check(native_name(v._data) if isinstance(v, Array) else
                               "bool" if type(v) is bool else "int64" if type(v) is int else
                               native_name(to_native(v, fn)) if not isinstance(v, float)
                               else "float64", fn, i)
            a, b, name, weak = promote_pair(x, y, fn)
            if name == "bool" and fn in _SHIFTS:    # JAX shifts booleans as int32
                a, b = _native(a, "int32"), _native(b, "int32")
            return _wrap(ns[key](a, b), weak)
    else:
        raise ValueError(kind)
    f.__name__ = f.__qualname__ = fn
    return f


def _constant_bool(value):
    return lambda a, name: ivy.full(tuple(a.shape), value, dtype="bool")


_INTEGER_PREDICATES = {
    "isnan": _constant_bool(False), "isinf": _constant_bool(False),
    "isfinite": _constant_bool(True),
    "signbit": lambda a, name: (ivy.less(a, 0) if name in D.SIGNED else
                                ivy.full(tuple(a.shape), False, dtype="bool")),
}


def _native(v, name):
    """An operand as a native array of dtype ``name`` (Python numbers converted)."""
    v = cast_to(v, name)
    return ivy.asarray(v, dtype=name) if type(v) in _PY else v


def _lex_less(a, b, or_equal=False):
    """JAX orders complex numbers lexicographically (real part, then imaginary part)."""
    ra, rb, ia, ib = ivy.real(a), ivy.real(b), ivy.imag(a), ivy.imag(b)
    tie = (ivy.less_equal if or_equal else _late.less)(ia, ib)
    return ivy.logical_or(ivy.less(ra, rb), ivy.logical_and(ivy.equal(ra, rb), tie))


def _lex_max(a, b):
    nan = ivy.logical_or(ivy.isnan(ivy.real(a)), ivy.isnan(ivy.imag(a)))
    return ivy.where(ivy.logical_or(nan, ivy.logical_not(_lex_less(a, b))), a, b)


def _lex_min(a, b):
    nan = ivy.logical_or(ivy.isnan(ivy.real(a)), ivy.isnan(ivy.imag(a)))
    return ivy.where(ivy.logical_or(nan, _lex_less(a, b, True)), a, b)


# JAX computes these on booleans as logical operations (some backends have no boolean kernels).
_BOOLEAN = {"add": _late.logical_or, "maximum": _late.logical_or, "multiply": _late.logical_and,
            "minimum": _late.logical_and}
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


def _unsupported(name, out, where):
    what = "out" if out is not None else "where"
    raise NotImplementedError(f"{what} argument of <jnp.ufunc '{name}'>")


def _direct_call(func, name, nin):
    """``ufunc.__call__`` for one ufunc (``out``/``where`` are JAX's unsupported keywords)."""
    if nin == 1:
        def call(x, /, *, out=None, where=None):
            if out is not None or where is not None:
                _unsupported(name, out, where)
            return func(x)
    else:
        def call(x, y, /, *, out=None, where=None):
            if out is not None or where is not None:
                _unsupported(name, out, where)
            return func(x, y)
    call.__name__ = call.__qualname__ = name
    return call


class ufunc:
    """``jnp.ufunc``: a callable elementwise function with NumPy's ufunc attributes."""
    __module__ = "jax.numpy"

    def __new__(cls, func, name, nin, nout=1, identity=None):
        if cls is ufunc:    # each ufunc's class calls its function directly: one frame less
            cls = type("ufunc", (ufunc,), {"__call__": staticmethod(_direct_call(func, name, nin)),
                                           "__module__": "jax.numpy", "__qualname__": "ufunc"})
        return object.__new__(cls)

    def __init__(self, func, name, nin, nout=1, identity=None):
        self._func, self.__name__, self.nin, self.nout, self.identity = func, name, nin, nout, \
            identity
        self.nargs = nin + nout

    def __call__(self, *args, out=None, where=None):
        raise NotImplementedError(f"{self!r} has no function")

    def __repr__(self):
        return f"<jnp.ufunc '{self.__name__}'>"

    def outer(self, A, B, /):
        if self.nin != 2:
            raise ValueError("outer only supported for binary ufuncs")
        a, b = asarray(A), asarray(B)
        return self._func(ivy_reshape(a, a.shape + (1,) * b.ndim), b)

    # ---- reduce / accumulate / at / reduceat ------------------------------------------------
    def _binary_only(self, what):
        if self.nin != 2:
            raise ValueError(f"{what} only supported for binary ufuncs")

    def reduce(self, a, axis=0, dtype=None, out=None, keepdims=False, initial=None, where=None):
        """``ufunc.reduce``: add/multiply/maximum/minimum/logical_and/logical_or reduce as
        jnp.sum/prod/max/min/all/any (integer sums widen); others fold along the axis."""
        self._binary_only("reduce")
        if out is not None:
            raise NotImplementedError(f"out argument of {self.__name__}.reduce()")
        x = asarray(a, dtype)
        data, name = x._data, native_name(x._data)
        nd = len(data.shape)
        axes = tuple(range(nd)) if axis is None else \
            tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
        for ax in axes:
            if not -nd <= ax < nd:
                raise ValueError(f"axis {ax} is out of bounds for array of dimension {nd}")
        axes = tuple(sorted(ax % nd for ax in axes))
        fast = _FAST_REDUCE.get(self.__name__)
        if where is not None:
            fill = self.identity if self.identity is not None else initial
            if fill is None:
                raise ValueError(f"reduction operation {self.__name__!r} does not have an "
                                 f"identity, so to use a where mask one has to specify "
                                 f"'initial'.")
            mask = ivy.broadcast_to(to_native(asarray(where), "reduce"), tuple(data.shape))
            data = ivy.where(ivy.astype(mask, "bool"), data,
                             ivy.astype(ivy.full_like(data, fill), name) if name != "bool"
                             else ivy.full_like(data, bool(fill)))
        if fast is not None:
            core, widen = fast
            if core in (_late.all, _late.any) and name != "bool":
                data = ivy.astype(data, "bool")
            elif widen and name in _INTEGER_OK:
                data = ivy.astype(data, "uint64" if name in _UNSIGNED else J.DEFAULT["int"])
            elif core in (_late.max, _late.min) and any(data.shape[ax] == 0 for ax in axes):
                raise ValueError(f"zero-size array to reduction operation "
                                 f"{core.__name__} which has no identity")
            res = _wrap(core(data, axis=axes, keepdims=keepdims))
        else:
            if len(axes) > 1:
                raise NotImplementedError("tuple of axes")
            res = _wrap(data, x.weak_type)
            if axes:
                res = self._fold(res, axes[0], keepdims)
        if initial is not None:
            res = self._func(asarray(initial, res.dtype), res)
        return res

    def _fold(self, x, axis, keepdims):
        n = x.shape[axis]
        if n == 0:
            if self.identity is None:
                raise ValueError(f"zero-size array to reduction operation {self.__name__} "
                                 f"which has no identity")
            shape = x.shape[:axis] + ((1,) if keepdims else ()) + x.shape[axis + 1:]
            return _wrap(ivy.full(shape, self.identity, dtype=native_name(x._data)))
        pick = (slice(None),) * axis
        acc = x[pick + (0,)]
        for i in range(1, n):
            acc = self._func(acc, x[pick + (i,)])
        return ivy_reshape(acc, acc.shape[:axis] + (1,) + acc.shape[axis:]) if keepdims else acc

    def accumulate(self, a, axis=0, dtype=None, out=None):
        self._binary_only("accumulate")
        if out is not None:
            raise NotImplementedError(f"out argument of {self.__name__}.accumulate()")
        x = asarray(a, dtype)
        if axis is None or x.ndim == 0:
            x, axis = ivy_reshape(x, (-1,)), 0
        nd = x.ndim
        if not -nd <= axis < nd:
            raise ValueError(f"axis {axis} is out of bounds for array of dimension {nd}")
        axis %= nd
        if self.__name__ == "add" and native_name(x._data) == "bool" and dtype is None:
            x = _wrap(ivy.astype(x._data, J.DEFAULT["int"]))
        pick = (slice(None),) * axis
        outs = [x[pick + (0,)]] if x.shape[axis] else []
        for i in range(1, x.shape[axis]):
            outs.append(self._func(outs[-1], x[pick + (i,)]))
        if not outs:
            return x
        name = native_name(x._data)
        return _wrap(ivy.stack([ivy.astype(o._data, name) if native_name(o._data) != name
                                else o._data for o in outs], axis=axis), x.weak_type)

    def at(self, a, indices, b=None, /, *, inplace=True):
        """``ufunc.at``: functional (returns the updated array); ``inplace=True`` raises."""
        if inplace:
            raise NotImplementedError("Because JAX arrays are immutable, jnp.ufunc.at() cannot "
                                      "operate inplace like np.ufunc.at(). Instead, you can pass "
                                      "inplace=False and capture the result.")
        x = asarray(a)
        key = _index_key(indices)
        if self.nin == 1:
            if b is not None:
                raise ValueError("second argument must be None for unary ufuncs")
            new = self._func(_wrap(ivy.get_item(x._data, key), x.weak_type))
            return _wrap(ivy.index_update(x._data, key, new._data), x.weak_type)
        if b is None:
            raise ValueError("second argument must be specified for binary ufuncs")
        scatter = _SCATTER.get(self.__name__)
        name = native_name(x._data)
        if scatter is not None:
            reduction, negate = scatter
            v = to_native(asarray(b), "at")
            v = ivy.astype(v, name) if native_name(v) != name else v
            if negate:
                v = ivy.negative(v)
            return _wrap(ivy.index_update(x._data, key, v, reduction=reduction), x.weak_type)
        new = self._func(_wrap(ivy.get_item(x._data, key), x.weak_type), b)
        out_name = native_name(new._data)
        base = x._data if out_name == name else ivy.astype(x._data, out_name)
        return _wrap(ivy.index_update(base, key, new._data), new.weak_type)

    def reduceat(self, a, indices, axis=0, dtype=None, out=None):
        """``ufunc.reduceat`` (numpy's rule for non-increasing indices); like JAX, the result
        keeps a's dtype."""
        self._binary_only("reduceat")
        if out is not None:
            raise NotImplementedError(f"out argument of {self.__name__}.reduceat()")
        x = asarray(a)
        nd = x.ndim
        if not -nd <= axis < nd:
            raise ValueError(f"axis {axis} is out of bounds for array of dimension {nd}")
        axis %= nd
        idx = [int(i) for i in np.asarray(ivy.to_numpy(asarray(to_native(indices, "reduceat"))
                                                       ._data)).reshape(-1)]
        n = x.shape[axis]
        pick = (slice(None),) * axis
        parts = []
        for j, start in enumerate(idx):
            stop = idx[j + 1] if j + 1 < len(idx) else n
            if stop <= start:
                stop = start + 1
            parts.append(self._fold(x[pick + (slice(start, stop),)], axis, False)._data)
        name = native_name(x._data)
        return _wrap(ivy.stack([p if native_name(p) == name else ivy.astype(p, name)
                                for p in parts], axis=axis))


def _index_key(indices):
    if isinstance(indices, tuple):
        return tuple(_index_key(i) for i in indices)
    if isinstance(indices, Array):
        return indices._data
    if isinstance(indices, (list, np.ndarray)):
        return ivy.asarray(np.asarray(indices))
    return indices


def ivy_reshape(x: Array, shape) -> Array:
    return _wrap(ivy.reshape(x._data, tuple(shape)), x.weak_type)


# reduce of these is the matching reduction (jnp.sum & co.): (core, integer sums widen)
_FAST_REDUCE = {"add": (_late.sum, True), "multiply": (_late.prod, True),
                "maximum": (_late.max, False), "minimum": (_late.min, False),
                "logical_and": (_late.all, False), "logical_or": (_late.any, False)}
# .at of these accumulates duplicates (a scatter), b cast to a's dtype: (reduction, negate b)
_SCATTER = {"add": ("add", False), "subtract": ("add", True), "multiply": ("multiply", False)}

_UNARY = {
    # name: (core function, kind)
    "negative": (_late.negative, "numeric"), "positive": (_late.positive, "numeric"),
    "abs": (_late.abs, "numeric"), "absolute": (_late.abs, "numeric"),
    "square": (_late.square, "numeric"), "sign": (_late.sign, "numeric"),
    "conj": (_late.conj, "numeric"), "conjugate": (_late.conj, "numeric"),
    "sqrt": (_late.sqrt, "inexact"), "cbrt": (_late.cbrt, "inexact"),
    "exp": (_late.exp, "inexact"), "exp2": (_late.exp2, "inexact"), "expm1": (_late.expm1, "inexact"),
    "log": (_late.log, "inexact"), "log2": (_late.log2, "inexact"), "log10": (_late.log10, "inexact"),
    "log1p": (_late.log1p, "inexact"),
    "sin": (_late.sin, "inexact"), "cos": (_late.cos, "inexact"), "tan": (_late.tan, "inexact"),
    "arcsin": (_late.asin, "inexact"), "arccos": (_late.acos, "inexact"),
    "arctan": (_late.atan, "inexact"), "sinh": (_late.sinh, "inexact"),
    "cosh": (_late.cosh, "inexact"), "tanh": (_late.tanh, "inexact"),
    "arcsinh": (_late.asinh, "inexact"), "arccosh": (_late.acosh, "inexact"),
    "arctanh": (_late.atanh, "inexact"),
    "asin": (_late.asin, "inexact"), "acos": (_late.acos, "inexact"), "atan": (_late.atan, "inexact"),
    "asinh": (_late.asinh, "inexact"), "acosh": (_late.acosh, "inexact"),
    "atanh": (_late.atanh, "inexact"),
    "deg2rad": (_late.deg2rad, "inexact"), "rad2deg": (_late.rad2deg, "inexact"),
    "radians": (_late.deg2rad, "inexact"), "degrees": (_late.rad2deg, "inexact"),
    "floor": (_late.floor, "rounding"), "ceil": (_late.ceil, "rounding"),
    "trunc": (_late.trunc, "rounding"),
    "isnan": (_late.isnan, "predicate"), "isinf": (_late.isinf, "predicate"),
    "isfinite": (_late.isfinite, "predicate"), "signbit": (_late.signbit, "predicate"),
    "logical_not": (_late.logical_not, "logical"),
    "invert": (_late.bitwise_invert, "integer"), "bitwise_not": (_late.bitwise_invert, "integer"),
    "bitwise_invert": (_late.bitwise_invert, "integer"),
}

_BINARY = {
    "add": (_late.add, "numeric"), "subtract": (_late.subtract, "numeric"),
    "multiply": (_late.multiply, "numeric"),
    "maximum": (_late.maximum, "numeric"), "minimum": (_late.minimum, "numeric"),
    "true_divide": (_late.divide, "inexact"), "divide": (_late.divide, "inexact"),
    "arctan2": (_late.atan2, "inexact"), "atan2": (_late.atan2, "inexact"),
    "hypot": (_late.hypot, "inexact"), "logaddexp": (_late.logaddexp, "inexact"),
    "logaddexp2": (_late.logaddexp2, "inexact"),
    "equal": (_late.equal, "compare"), "not_equal": (_late.not_equal, "compare"),
    "less": (_late.less, "compare"), "less_equal": (_late.less_equal, "compare"),
    "greater": (_late.greater, "compare"), "greater_equal": (_late.greater_equal, "compare"),
    "logical_and": (_late.logical_and, "logical"), "logical_or": (_late.logical_or, "logical"),
    "logical_xor": (_late.logical_xor, "logical"),
    "bitwise_and": (_late.bitwise_and, "integer"), "bitwise_or": (_late.bitwise_or, "integer"),
    "bitwise_xor": (_late.bitwise_xor, "integer"),
    "left_shift": (_late.bitwise_left_shift, "integer"),
    "right_shift": (_late.bitwise_right_shift, "integer"),
    "bitwise_left_shift": (_late.bitwise_left_shift, "integer"),
    "bitwise_right_shift": (_late.bitwise_right_shift, "integer"),
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


# ---- further elementwise functions ---------------------------------------------------------
# JAX computes these on booleans as int32 (``jnp.power(True, True)`` is int32 1).
_AS_INT32 = frozenset({"bool"})
_INTEGRAL = frozenset(D.INTEGRAL)
_UNSIGNED = frozenset(D.UNSIGNED)
_REAL_FLOAT = frozenset(D.REAL_FLOATING)


def _arith_pair(x1, x2, fn):
    """Promoted native operands for integer-capable arithmetic: bool computes as int32, complex
    is refused."""
    a, b, name, weak = promote_pair(x1, x2, fn)
    if name in _AS_INT32:
        name = "int32"
        a, b = _native(a, name), _native(b, name)
    elif name in _COMPLEX:
        raise TypeError(f"{fn} does not support complex-valued inputs")
    return a, b, name, weak


def _safe_int(a, b, name):
    """(native a, native b with 0 replaced by 1, zero mask): XLA's integer division by zero does
    not trap, while some backends raise."""
    a, b = _native(a, name), _native(b, name)
    zero = ivy.equal(b, ivy.zeros_like(b))
    return a, ivy.where(zero, ivy.ones_like(b), b), zero


def _floor_divide(a, b, name):
    if name not in _INTEGRAL:
        return ivy.floor_divide(a, b)
    a, b, zero = _safe_int(a, b, name)
    q = ivy.floor_divide(a, b)
    # XLA: x // 0 is all ones (-1); signed division then floors -1 to -2 unless x is 0.
    by_zero = ivy.full_like(q, D.iinfo(name).max) if name in _UNSIGNED else \
        ivy.where(ivy.equal(a, ivy.zeros_like(a)), ivy.full_like(q, -1), ivy.full_like(q, -2))
    return ivy.where(zero, by_zero, q)


def _int_safe(core):
    """An integer remainder-like core with x % 0 == 0, as in JAX."""
    def f(a, b, name):
        if name not in _INTEGRAL:
            return core(a, b)
        a, b, zero = _safe_int(a, b, name)
        r = core(a, b)
        return ivy.where(zero, ivy.zeros_like(r), r)
    return f


_remainder, _fmod = _int_safe(_late.remainder), _int_safe(_late.fmod)


def floor_divide(x1, x2, /):
    a, b, name, weak = _arith_pair(x1, x2, "floor_divide")
    return _wrap(_floor_divide(a, b, name), weak)


def remainder(x1, x2, /):
    a, b, name, weak = _arith_pair(x1, x2, "remainder")
    return _wrap(_remainder(a, b, name), weak)


def fmod(x1, x2, /):
    a, b, name, weak = _arith_pair(x1, x2, "fmod")
    return _wrap(_fmod(a, b, name), weak)


def divmod(x1, x2, /):
    a, b, name, weak = _arith_pair(x1, x2, "divmod")
    return _wrap(_floor_divide(a, b, name), weak), _wrap(_remainder(a, b, name), weak)


def _concrete_int(x):
    """The value of an integer exponent JAX sees as a concrete scalar (it then uses
    ``lax.integer_pow``), else None."""
    t = type(x)
    if t is int or t is bool:
        return int(x)
    if isinstance(x, np.integer) or isinstance(x, np.bool_):
        return int(x)
    data = x._data if t is Array else x if ivy.is_native_array(x) else None
    if data is not None and len(data.shape) == 0 and native_name(data) in _INTEGER_OK:
        return int(ivy.to_numpy(data).item())
    return None


def _is_int_array(x):
    return type(x) not in _PY and native_name(to_native(x, "power")) in _INTEGER_OK


def power(x1, x2, /):
    """``jnp.power``: a concrete integer exponent keeps x1's dtype (and must be non-negative for
    integer x1: TypeError); an inexact base with integer array exponents keeps the base's dtype;
    integers to integer arrays use the exponents' low 6 bits (JAX's binary exponentiation)."""
    e = _concrete_int(x2)
    if e is not None:
        a, name, weak = _unary_operand(x1, "power")
        if name in _AS_INT32:
            a, name = ivy.astype(a, "int32"), "int32"
        if name in _INTEGRAL and e < 0:
            raise TypeError(f"Integers cannot be raised to negative powers, got "
                            f"integer_pow({name}, {e})")
        return _wrap(ivy.pow(a, e), weak)
    if _is_int_array(x2):
        a, name, weak = _unary_operand(x1, "power")
        if name in _INEXACT or name in _COMPLEX:
            return _wrap(ivy.pow(a, ivy.astype(to_native(x2, "power"), name)),
                         weak and _weak(x2))
    a, b, name, weak = promote_pair(x1, x2, "power")
    if name in _AS_INT32:
        name = "int32"
        a, b = _native(a, name), _native(b, name)
    if name in _INTEGRAL:
        b = ivy.bitwise_and(_native(b, name), 63)
    return _wrap(ivy.pow(a, b), weak)


def modf(x, /, out=None):
    _no_out(out, "modf")
    a, name, weak = _inexact_operand(x, "modf", complex_ok=False)
    whole = ivy.trunc(a)
    return _wrap(ivy.subtract(a, whole), weak), _wrap(whole, weak)


def frexp(x, /):
    a, name, weak = _inexact_operand(x, "frexp", complex_ok=False)
    m, e = ivy.frexp(a)
    return _wrap(m), _wrap(e)


def ldexp(x1, x2, /):
    b = to_native(x2, "ldexp")
    b_name = "int64" if type(b) is int else "bool" if type(b) is bool else \
        "float64" if type(b) in _PY else native_name(b)
    if b_name not in _INTEGER_OK:
        raise ValueError(f"ldexp: x2 must be an integer array, got dtype {b_name}")
    a, name, _ = _inexact_operand(x1, "ldexp", complex_ok=False)
    if b_name == "bool" or type(b) is bool:
        b = ivy.astype(_native(b, "bool"), "int32")
    return _wrap(ivy.ldexp(a, b))


def heaviside(x1, x2, /):
    """``jnp.heaviside``: weak only when the promotion is and x1 is 0-d (as real JAX)."""
    a, b, name, weak = _inexact_pair(x1, x2, "heaviside")
    return _wrap(ivy.heaviside(a, b), weak and len(getattr(a, "shape", ())) == 0)


def _weak(x):
    return type(x) in _PY or (type(x) is Array and x.weak_type)


def _gcd_like(core):
    def f(x1, x2):
        a, b, name, weak = promote_pair(x1, x2, core.__name__)
        if name not in _INTEGRAL:
            raise ValueError(f"Arguments to jax.numpy.{core.__name__} must be integers.")
        return _wrap(core(_native(a, name), _native(b, name)), weak)
    f.__name__ = f.__qualname__ = core.__name__
    return f


gcd, lcm = _gcd_like(_late.gcd), _gcd_like(_late.lcm)


def _inexact_operand(x, fn, complex_ok=True):
    a, name, weak = _unary_operand(x, fn)
    if name in _COMPLEX:
        if not complex_ok:
            raise TypeError(f"{fn} does not support complex-valued inputs")
    elif name not in _REAL_FLOAT:
        name = J.inexact_name(name, weak)
        a = ivy.astype(a, name)
    return a, name, weak


def _inexact_pair(x1, x2, fn):
    a, b, name, weak = promote_inexact(x1, x2, fn)
    if name in _COMPLEX:
        raise TypeError(f"{fn} does not support complex-valued inputs")
    return a, b, name, weak


def _no_out(out, fn):
    if out is not None:
        raise NotImplementedError(f"The 'out' argument to jnp.{fn} is not supported.")


def _complex(re, im, name):
    return ivy.add(ivy.astype(re, name), ivy.multiply(ivy.astype(im, name), 1j))


def sinc(x, /):
    a, name, weak = _inexact_operand(x, "sinc")
    if name not in _COMPLEX:
        return _wrap(ivy.sinc(a), weak)
    # complex: sin(pi z) / (pi z), 1 at 0
    zero = ivy.equal(a, ivy.zeros_like(a))
    pz = ivy.multiply(ivy.where(zero, ivy.ones_like(a), a), ivy.pi)
    return _wrap(ivy.where(zero, ivy.ones_like(a), ivy.divide(ivy.sin(pz), pz)), weak)


def i0(x):
    a, name, weak = _unary_operand(x, "i0")
    if name in _COMPLEX:
        raise ValueError("i0 does not support complex-valued inputs")
    a, name, weak = _inexact_operand(x, "i0")
    # JAX computes i0e(x) * exp(|x|): float32 overflows to inf from |x| ~ 89
    return _wrap(ivy.multiply(ivy.i0e(a), ivy.exp(ivy.abs(a))), weak)


_REAL_OF = {"complex64": "float32", "complex128": "float64"}


def _round_parts(core, a, name):
    if name in _COMPLEX:
        return _complex(core(ivy.real(a)), core(ivy.imag(a)), name)
    return core(a)


def round(a, decimals=0, out=None):
    _no_out(out, "round")
    decimals = operator.index(decimals)
    x, name, weak = _unary_operand(a, "round")
    if name == "bool":
        raise ValueError("data type <class 'numpy.bool'> not inexact")
    if name in _INTEGRAL:
        if decimals < 0:
            raise NotImplementedError("integer np.round not implemented for decimals < 0")
        return _wrap(x, weak)
    if decimals == 0:
        return _wrap(_round_parts(_late.round, x, name), weak)
    factor = ivy.asarray(10.0 ** decimals, dtype=_REAL_OF.get(name, name))
    return _wrap(_round_parts(lambda v: ivy.divide(ivy.round(ivy.multiply(v, factor)), factor),
                              x, name), weak)


def rint(x, /):
    """``jnp.rint``: half to even; integers and bools become the default float (strong)."""
    a, name, weak = _unary_operand(x, "rint")
    if name in _INTEGER_OK:
        return _wrap(ivy.astype(a, J.DEFAULT["float"]))
    return _wrap(_round_parts(_late.round, a, name), weak)


def real(val, /):
    a, name, weak = _unary_operand(val, "real")
    return _wrap(ivy.real(a) if name in _COMPLEX else a, weak)


def imag(val, /):
    a, name, weak = _unary_operand(val, "imag")
    return _wrap(ivy.imag(a) if name in _COMPLEX else ivy.zeros_like(a), weak)


def angle(z, deg=False):
    """``jnp.angle``: integers and 0-d real floats give the default float; only a weak complex
    input stays weak."""
    a, name, weak = _unary_operand(z, "angle")
    if name in _INTEGER_OK or (name in _REAL_FLOAT and len(a.shape) == 0):
        a = ivy.astype(a, J.DEFAULT["float"])
    out = ivy.angle(a)
    return _wrap(ivy.rad2deg(out) if deg else out, weak and name in _COMPLEX)


def _isinf_signed(positive):
    fn = "isposinf" if positive else "isneginf"

    def f(x, /, out=None):
        if out is not None:
            raise NotImplementedError("The 'out' argument to isneginf/isposinf is not supported.")
        a, name, weak = _unary_operand(x, fn)
        if name in _COMPLEX:
            raise ValueError(f"{fn} does not support complex-valued inputs")
        if name not in _INEXACT:
            return _wrap(ivy.zeros(tuple(a.shape), dtype="bool"))
        side = ivy.greater if positive else _late.less
        return _wrap(ivy.logical_and(ivy.isinf(a), side(a, ivy.zeros_like(a))))
    f.__name__ = f.__qualname__ = fn
    return f


isposinf, isneginf = _isinf_signed(True), _isinf_signed(False)


def _imaginary_test(fn, compare, on_real):
    """isreal/iscomplex: compare the imaginary part with 0; real dtypes give ``on_real``."""
    def f(x):
        a, name, weak = _unary_operand(x, fn)
        if name not in _COMPLEX:
            return _wrap(ivy.full(tuple(a.shape), on_real, dtype="bool"), weak)
        im = ivy.imag(a)
        return _wrap(compare(im, ivy.zeros_like(im)), weak)
    f.__name__ = f.__qualname__ = fn
    return f


isreal = _imaginary_test("isreal", _late.equal, True)
iscomplex = _imaginary_test("iscomplex", _late.not_equal, False)


def iscomplexobj(x):
    if isinstance(x, Array):
        return native_name(x._data) in _COMPLEX
    if type(x) in _PY:
        return type(x) is complex
    if ivy.is_native_array(x):
        return native_name(x) in _COMPLEX
    return np.asarray(x).dtype.kind == "c"


def isrealobj(x):
    return not iscomplexobj(x)


def isscalar(element):
    """``jnp.isscalar``: Python/numpy scalars and 0-d arrays (of any array type)."""
    if isinstance(element, (Array, np.ndarray)) or ivy.is_native_array(element):
        return len(element.shape) == 0
    return bool(np.isscalar(element))


def spacing(x, /):
    """``jnp.spacing``: the distance to the next float away from zero (NaN at +-inf); strong."""
    a, name, _ = _unary_operand(x, "spacing")
    if name in _COMPLEX:
        raise ValueError("spacing does not support complex-valued inputs")
    a, name, _ = _inexact_operand(x, "spacing")
    away = ivy.where(ivy.signbit(a), ivy.full_like(a, -float("inf")),
                     ivy.full_like(a, float("inf")))
    return _wrap(ivy.subtract(ivy.nextafter(a, away), a))


_BITS = {"bool": 1, "int8": 8, "uint8": 8, "int16": 16, "uint16": 16, "int32": 32,
         "uint32": 32, "int64": 64, "uint64": 64}


def bitwise_count(x, /):
    """``jnp.bitwise_count``: set bits of ``abs(x)``, as uint8."""
    a, name, weak = _unary_operand(x, "bitwise_count")
    _integer_check(name, "bitwise_count")
    if name == "bool":
        return _wrap(ivy.astype(a, "uint8"))
    if name not in _UNSIGNED:
        a = ivy.abs(a)
    count = ivy.zeros(tuple(a.shape), dtype=name)
    for k in range(_BITS[name]):
        count = ivy.add(count, ivy.bitwise_and(ivy.bitwise_right_shift(a, k), 1))
    return _wrap(ivy.astype(count, "uint8"))


def _fminmax(core, boolean, first):
    """fmax/fmin; complex: x1 where it comes first lexicographically or x2 is NaN, else x2."""
    fn = core.__name__

    def f(x1, x2):
        a, b, name, weak = promote_pair(x1, x2, fn)
        a, b = _native(a, name), _native(b, name)
        if name == "bool":
            return _wrap(boolean(a, b), weak)
        if name in _COMPLEX:
            nan_b = ivy.logical_or(ivy.isnan(ivy.real(b)), ivy.isnan(ivy.imag(b)))
            return _wrap(ivy.where(ivy.logical_or(first(a, b), nan_b), a, b), weak)
        return _wrap(core(a, b), weak)
    f.__name__ = f.__qualname__ = fn
    return f


fmax = broadcast_checked(_fminmax(_late.fmax, _late.logical_or, lambda a, b: _lex_less(b, a)))
fmin = broadcast_checked(_fminmax(_late.fmin, _late.logical_and, _lex_less))

def _reciprocal(a):
    # complex 1/0 is inf+nanj in XLA: a division, not every backend's reciprocal kernel
    if native_name(a) in _COMPLEX:
        return ivy.divide(ivy.ones_like(a), a)
    return ivy.reciprocal(a)


floor_divide, remainder, fmod, divmod, power, ldexp, heaviside = map(
    broadcast_checked, (floor_divide, remainder, fmod, divmod, power, ldexp, heaviside))
FUNCTIONS.update({f.__name__: f for f in (
    floor_divide, remainder, fmod, divmod, power, modf, frexp, ldexp, heaviside, gcd, lcm, sinc,
    i0, round, rint, real, imag, angle, isposinf, isneginf, isreal, iscomplex, iscomplexobj,
    isrealobj, isscalar, spacing, bitwise_count, fmax, fmin)})
FUNCTIONS.update(
    pow=power, mod=remainder, around=round,
    float_power=binary(_late.pow, "inexact", "float_power"),
    copysign=binary(_late.copysign, "inexact", "copysign", complex_ok=False),
    nextafter=binary(_late.nextafter, "inexact", "nextafter", complex_ok=False),
    fabs=unary(_late.abs, "inexact", "fabs", complex_ok=False),
    reciprocal=unary(_reciprocal, "inexact", "reciprocal"),
)

PROPERTIES = {"real": real, "imag": imag}
METHODS = {"conj": FUNCTIONS["conj"], "conjugate": FUNCTIONS["conjugate"],
           "round": round}
