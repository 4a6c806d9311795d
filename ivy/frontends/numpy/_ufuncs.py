"""NumPy's ufuncs: ``np.add`` & co. are ``ufunc`` objects (``out=``, ``where=``, ``dtype=``,
``casting=``, ``.reduce``...), and the ndarray operators are those ufuncs.

Type resolution is NumPy's own: ``numpy.<ufunc>.resolve_dtypes`` on the operands' dtypes (Python
numbers passed as their types, weak as NEP 50 says) picks the loop, metadata only and memoized;
the operands are cast to the loop's dtypes and the core computes. Errors are NumPy's
(``UFuncTypeError`` for an impossible loop, a TypeError for a forbidden output cast,
OverflowError for a Python int the result dtype cannot hold).
"""
from __future__ import annotations

import operator

import numpy as np

import ivy

from . import _dtypes as T
from ._array import _new, _wrap, asarray, assign_native, ndarray, normalize_axes, scalar
from ._dtypes import native_name
from .._shared import immutable

_PY_TYPES = frozenset({bool, int, float, complex})
_NO_VALUE = np._NoValue
_BOOL = np.dtype(bool)


def _type_of(x):
    """What ``resolve_dtypes`` takes for an operand: a dtype, or a Python number's type."""
    if isinstance(x, ndarray):
        return T.NP[native_name(x._data)]
    t = type(x)
    if t in _PY_TYPES:
        return _BOOL if t is bool else t       # a Python bool promotes as numpy.bool does
    if t is np.ndarray:                         # NumPy's dtype, even one ivy has no name for
        return x.dtype
    if ivy.is_native_array(x):
        return T.NP[native_name(x)]
    return np.asarray(x).dtype


def _operand(x, name):
    """An operand as a native array of dtype ``name`` (Python ints checked against it)."""
    t = type(x)
    if t in _PY_TYPES:
        if t is int and name in T.INTEGRAL:
            T.check_python_int(x, name)
        # the core takes a Python number next to an array of the loop's dtype as that dtype
        return ivy.asarray(x, dtype=name) if t is bool else x
    if isinstance(x, ndarray):
        a = x._data
    elif ivy.is_native_array(x):
        a = x
    else:
        a = asarray(x)._data
    return a if native_name(a) == name else ivy.astype(a, name)


def shape_text(shape) -> str:
    """A shape as NumPy's messages print it: ``(2,3)``, ``(3,)``, ``()``."""
    return f"({','.join(map(str, shape))}{',' if len(shape) == 1 else ''})"


def _raise_unbroadcastable(operands):
    """NumPy's ValueError if the operands' shapes do not broadcast (a backend words it its own
    way: torch's "size of tensor a", TensorFlow's op names); else returns."""
    shapes = [x.shape if isinstance(x, ndarray) else np.shape(x) for x in operands
              if x is not None]
    try:
        np.broadcast_shapes(*shapes)
    except ValueError:
        raise ValueError("operands could not be broadcast together with shapes "
                         + " ".join(map(shape_text, shapes)) + " ") from None


def _cast_error(fn, frm, to, casting):
    return TypeError(f"Cannot cast ufunc '{fn}' output from {np.dtype(frm)!r} to "
                     f"{np.dtype(to)!r} with casting rule '{casting}'")


class ufunc:
    """``numpy.ufunc``: ``core`` computes on native arrays of the resolved loop's dtypes."""
    __module__ = "numpy"

    def __new__(cls, name, nin, core_name, identity=None, nout=1):
        if cls is ufunc:    # each ufunc's class calls it through its hot path: one frame less
            cls = type("ufunc", (ufunc,), {"__module__": "numpy", "__qualname__": "ufunc"})
        return object.__new__(cls)

    def __init__(self, name, nin, core_name, identity=None, nout=1):
        """``core_name``: an ivy function's name, or a frontend function of natives (a core
        composed here: no hot path); with ``nout=2`` the core returns a pair."""
        self.__name__, self.nin, self.nout = name, nin, nout
        self.nargs, self.identity = nin + nout, identity
        fast_dtypes, self._checked = _REAL, None
        if isinstance(core_name, tuple):   # (the float loops' core, the checking core)
            (self._core_name, self._core), fast_dtypes = core_name, _FLOATS
            self._checked = self._core
        elif callable(core_name):
            self._core_name, self._core = None, core_name
        else:
            self._core_name, self._core = core_name, _core(core_name)
        self._np, self._loops = getattr(np, name), {}
        # the core takes a Python number as its first operand only next to one of its dtype
        self._array_first = name == "ldexp"
        # real dtypes whose loop is the dtype's own: same-dtype arrays go straight to the core
        self._fast = frozenset(n for n in fast_dtypes if _own_loop(self._np, T.NP[n], nin)) \
            if self._core_name is not None else frozenset()
        type(self).__call__ = staticmethod(self._call_n if nout != 1 else _hot_call(self)
                                           if self._fast else self._call)

    def __repr__(self):
        return f"<ufunc '{self.__name__}'>"

    @property
    def ntypes(self):
        return self._np.ntypes

    @property
    def types(self):
        return self._np.types

    @property
    def signature(self):
        return None

    def _loop(self, operands, dtype, casting):
        key = (tuple(_type_of(x) for x in operands), dtype, casting)
        try:
            return self._loops[key]
        except KeyError:
            pass
        outs = (None,) * self.nout
        if dtype is None:
            loop = self._np.resolve_dtypes(key[0] + outs, casting=casting)
        else:
            loop = self._np.resolve_dtypes(key[0] + outs, casting=casting,
                                           signature=(None,) * self.nin + (np.dtype(dtype),) *
                                           self.nout)
        names = tuple(T.name_of(d, self.__name__) for d in loop)
        self._loops[key] = names
        return names

    def _call(self, *args, out=None, where=True, casting="same_kind", order="K", dtype=None,
              subok=True, signature=None):
        """The general call (``__call__`` tries the same-dtype hot path first)."""
        if len(args) == self.nin + 1 and out is None:
            args, out = args[:-1], args[-1]
        if len(args) != self.nin:
            raise TypeError(f"{self.__name__}() takes from {self.nin} to {self.nargs} positional "
                            f"arguments but {len(args)} were given")
        if signature is not None:
            raise NotImplementedError(f"{self.__name__}: signature= is not supported by ivy's "
                                      f"numpy frontend; use dtype=")
        names = self._loop(args, dtype, casting)
        core = self._core if names[0] != "bool" else _BOOLEAN.get(self.__name__, self._core)
        natives = [_operand(x, n) for x, n in zip(args, names)]
        if type(natives[0]) in _PY_TYPES and (self._array_first or all(
                type(v) in _PY_TYPES for v in natives)):     # Python numbers only, or ldexp
            natives[0] = ivy.asarray(natives[0], dtype=names[0])
        try:
            res = core(*natives)
        except ValueError:
            _raise_unbroadcastable(args if out is None else args + (out,))
            raise
        if native_name(res) != names[-1]:
            res = ivy.astype(res, names[-1])
        if out is None and where is True:
            return _wrap(res) if len(res.shape) else scalar(res)
        return _finish(self.__name__, res, out, where, casting)

    def _call_n(self, *args, out=None, where=True, casting="same_kind", order="K", dtype=None,
                subok=True, signature=None):
        """The call of a ufunc with several outputs: a tuple of results; ``out`` a tuple."""
        n = self.nin
        if len(args) > n:
            if out is not None:
                raise TypeError("cannot specify 'out' as both a positional and keyword argument")
            if len(args) > self.nargs:
                raise TypeError(f"{self.__name__}() takes from {n} to {self.nargs} positional "
                                f"arguments but {len(args)} were given")
            args, out = args[:n], args[n:] + (None,) * (self.nargs - len(args))
        elif len(args) != n:
            raise TypeError(f"{self.__name__}() takes from {n} to {self.nargs} positional "
                            f"arguments but {len(args)} were given")
        if out is not None:
            if not isinstance(out, tuple):
                raise TypeError("'out' must be a tuple of arrays")
            if len(out) != self.nout:
                raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
            if any(o is not None and not isinstance(o, ndarray) for o in out):
                raise TypeError("return arrays must be of ArrayType")
        if signature is not None:
            raise NotImplementedError(f"{self.__name__}: signature= is not supported by ivy's "
                                      f"numpy frontend; use dtype=")
        names = self._loop(args, dtype, casting)
        natives = [_operand(x, t) for x, t in zip(args, names)]
        if all(type(v) in _PY_TYPES for v in natives):      # Python numbers only
            natives[0] = ivy.asarray(natives[0], dtype=names[0])
        try:
            pair = self._core(*natives)
        except ValueError:
            _raise_unbroadcastable(args)
            raise
        results = [r if native_name(r) == t else ivy.astype(r, t) for r, t in zip(pair, names[n:])]
        if out is None and where is True:
            return tuple(_wrap(r) if len(r.shape) else scalar(r) for r in results)
        return tuple(_finish(self.__name__, r, None if out is None else o, where, casting)
                     for r, o in zip(results, out or (None,) * self.nout))


_REAL = tuple(n for n in T.NP if n in T.INTEGRAL or n in ("float16", "float32", "float64"))
_IVY = vars(ivy)


def _own_loop(np_ufunc, dt, nin) -> bool:
    try:
        loop = np_ufunc.resolve_dtypes((dt,) * nin + (None,))
    except TypeError:
        return False
    return all(d == dt for d in loop[:nin])


_FLOATS = frozenset({"float16", "float32", "float64"})


def _direct(fast, core, x, y):
    """The hot path: an array ``x`` and an array of its dtype or (x floating) a Python int or
    float, whose loop is that dtype's, straight to the core (None: take the general path)."""
    a = x._data
    name = native_name(a)
    if name not in fast:
        return None
    ty = type(y)
    if ty is ndarray and name == native_name(y._data):
        b = y._data
    elif (ty is float or ty is int) and name in _FLOATS:
        b = y           # NEP 50: the Python number takes the array's dtype
    else:
        return None
    try:
        res = _IVY[core](a, b)
    except ValueError:
        _raise_unbroadcastable((x, y))
        raise
    if len(res.shape):
        out = _new(ndarray)
        out._data, out._base, out._version = res, None, 0
        return out
    return scalar(res)


def _int_direct(checked, x, y):
    """Same-dtype integer arrays straight to a checking core (floor_divide, remainder and power
    look at their divisors / exponents), without the general path's type resolution."""
    if type(y) is ndarray:
        a, b = x._data, y._data
        name = native_name(a)
        if name in T.INTEGRAL and name == native_name(b):
            res = checked(a, b)
            return _wrap(res) if len(res.shape) else scalar(res)
    return None


def _hot_call(uf):
    fast, core, general, checked = uf._fast, uf._core_name, uf._call, uf._checked
    if uf.nin == 2 and checked is not None:
        def call(*args, **kwargs):
            if not kwargs and len(args) == 2 and type(args[0]) is ndarray:
                res = _direct(fast, core, args[0], args[1])
                if res is None:
                    res = _int_direct(checked, args[0], args[1])
                if res is not None:
                    return res
            return general(*args, **kwargs)
    elif uf.nin == 2:
        def call(*args, **kwargs):
            if not kwargs and len(args) == 2 and type(args[0]) is ndarray:
                res = _direct(fast, core, args[0], args[1])
                if res is not None:
                    return res
            return general(*args, **kwargs)
    else:
        def call(*args, **kwargs):
            if not kwargs and len(args) == 1 and type(args[0]) is ndarray:
                a = args[0]._data
                if native_name(a) in fast:
                    res = _IVY[core](a)
                    if len(res.shape):
                        out = _new(ndarray)
                        out._data, out._base, out._version = res, None, 0
                        return out
                    return scalar(res)
            return general(*args, **kwargs)
    call.__name__ = call.__qualname__ = uf.__name__
    return call


# ---- ufunc methods: reduce, accumulate, outer, at, reduceat --------------------------------------
# ufuncs whose reduction is a core reduction (any axes); others fold along one axis
_REDUCTIONS = {"add": "sum", "multiply": "prod", "maximum": "max", "minimum": "min",
               "logical_and": "all", "logical_or": "any"}
_ACCUMULATIONS = {"add": "cumulative_sum", "multiply": "cumulative_prod"}
_REORDERABLE = frozenset(_REDUCTIONS) | {"bitwise_and", "bitwise_or", "bitwise_xor",
                                         "logical_xor"}
# the core's index_update reductions behind ufunc.at (unbuffered: repeated indices accumulate)
_SCATTER = {"add": "add", "multiply": "multiply", "minimum": "min", "maximum": "max"}


def _reduce_axes(uf, axis, ndim):
    axes = tuple(range(ndim)) if axis is None else tuple(sorted(normalize_axes(axis, ndim)))
    if len(axes) > 1 and uf.__name__ not in _REORDERABLE:
        raise ValueError(f"reduction operation '{uf.__name__}' is not reorderable, so at most "
                         f"one axis may be specified")
    return axes


def _reduction_dtype(uf, name, dtype):
    if dtype is not None:
        return T.name_of(dtype, f"{uf.__name__}.reduce")
    if uf.__name__ in ("add", "multiply"):
        return T.ACCUMULATOR.get(name, name)
    return name


def _fold(uf, x, axis):
    """Sequential application along one axis (for ufuncs without a core reduction)."""
    n = x.shape[axis]
    pick = (slice(None),) * axis
    acc = ivy.get_item(x, pick + (0,))
    for i in range(1, n):
        acc = uf._call(_wrap(acc), _wrap(ivy.get_item(x, pick + (i,))))
        acc = acc._data if isinstance(acc, ndarray) else ivy.asarray(acc)
    return acc


def reduce(uf, array, axis=0, dtype=None, out=None, keepdims=False, initial=_NO_VALUE,
           where=True):
    if uf.nin != 2:
        raise ValueError("reduce only supported for binary functions")
    if uf.nout != 1:
        raise ValueError("reduce only supported for functions returning a single value")
    if where is not True:
        raise NotImplementedError(f"{uf.__name__}.reduce: where= is not supported by ivy's "
                                  f"numpy frontend")
    a = asarray(array)
    x, ndim = a._data, a.ndim
    axes = _reduce_axes(uf, axis, ndim)
    name = _reduction_dtype(uf, native_name(x), dtype)
    x = x if native_name(x) == name else ivy.astype(x, name)
    empty = any(x.shape[ax] == 0 for ax in axes)
    if empty and initial is _NO_VALUE and uf.identity is None:
        raise ValueError(f"zero-size array to reduction operation {uf.__name__} which has no "
                         f"identity")
    core = _REDUCTIONS.get(uf.__name__)
    if core is not None:
        if core in ("all", "any") and name != "bool":
            x = ivy.astype(x, "bool")
        res = _IVY[core](x, axis=axes, keepdims=bool(keepdims)) if not empty or core not in (
            "max", "min") else ivy.full(tuple(1 if i in axes else d for i, d in
                                              enumerate(x.shape)) if keepdims else
                                        tuple(d for i, d in enumerate(x.shape) if i not in axes),
                                        initial, dtype=name)
    elif not axes:
        res = x
    else:
        (ax,) = axes
        if x.shape[ax] == 0:
            shape = tuple(d for i, d in enumerate(x.shape) if i != ax)
            res = ivy.full(shape, uf.identity, dtype=name)
        else:
            res = _fold(uf, x, ax)
        if keepdims:
            res = ivy.expand_dims(res, axis=ax)
    if initial is not _NO_VALUE and initial is not None and not (empty and core in ("max",
                                                                                    "min")):
        res = uf._call(_wrap(res) if len(res.shape) else _wrap(res), initial)
        res = res._data if isinstance(res, ndarray) else ivy.asarray(res)
    if native_name(res) != name and core not in ("all", "any"):
        res = ivy.astype(res, name)
    if out is not None:
        return _finish(uf.__name__, res, out, True, "unsafe")
    return _wrap(res) if len(res.shape) else scalar(res)


def accumulate(uf, array, axis=0, dtype=None, out=None):
    if uf.nin != 2:
        raise ValueError("accumulate only supported for binary functions")
    if uf.nout != 1:
        raise ValueError("accumulate only supported for functions returning a single value")
    a = asarray(array)
    if a.ndim == 0:
        raise TypeError("cannot accumulate on a scalar")
    (ax,) = _reduce_axes(uf, axis, a.ndim)
    name = _reduction_dtype(uf, native_name(a._data), dtype)
    x = a._data if native_name(a._data) == name else ivy.astype(a._data, name)
    core = _ACCUMULATIONS.get(uf.__name__)
    if core is not None:
        res = _IVY[core](x, axis=ax)
    elif uf.__name__ in ("maximum", "minimum"):
        res = _IVY["cummax" if uf.__name__ == "maximum" else "cummin"](x, axis=ax)[0]
    else:
        pick = (slice(None),) * ax
        acc = ivy.get_item(x, pick + (0,))
        parts = [acc]
        for i in range(1, x.shape[ax]):
            acc = uf._call(_wrap(acc), _wrap(ivy.get_item(x, pick + (i,))))
            acc = acc._data if isinstance(acc, ndarray) else ivy.asarray(acc)
            parts.append(acc)
        res = ivy.stack(parts, axis=ax) if parts else x
    if native_name(res) != name:
        res = ivy.astype(res, name)
    return _finish(uf.__name__, res, out, True, "unsafe") if out is not None else _wrap(res)


def outer(uf, A, B, /, **kwargs):
    if uf.nin != 2:
        raise ValueError("outer product only supported for binary functions")
    a, b = asarray(A), asarray(B)
    return uf(_wrap(ivy.reshape(a._data, a.shape + (1,) * b.ndim)), b, **kwargs)


def at(uf, a, indices, b=None, /):
    """Unbuffered in place: repeated indices apply once per occurrence (``np.add.at``)."""
    if not isinstance(a, ndarray):
        raise TypeError("ufunc.at: the first argument must be an array of the frontend")
    from ._array import _native_key, put
    key = _native_key(indices)
    if uf.nin == 1:
        if b is not None:
            raise ValueError("second operand needed for ufunc")
        put(a, indices, uf(a[indices]))
        return None
    if b is None:
        raise ValueError("second operand needed for ufunc")
    reduction = _SCATTER.get(uf.__name__)
    name = native_name(a._data)
    if uf.__name__ == "subtract":
        b, reduction = UFUNCS["negative"](asarray(b)), "add"
    if reduction is None:
        raise NotImplementedError(f"{uf.__name__}.at is not supported by ivy's numpy frontend "
                                  f"(add, subtract, multiply, minimum, maximum are)")
    loop = uf._loop((a, b), None, "same_kind")
    if not np.can_cast(T.NP[loop[-1]], T.NP[name], "same_kind"):
        raise _cast_error(uf.__name__, T.NP[loop[-1]], T.NP[name], "same_kind")
    values = _operand(b, name)
    values = ivy.asarray(values, dtype=name) if type(values) in _PY_TYPES else values
    if immutable(a._data) or type(a) is not ndarray:
        assign_native(a, ivy.index_update(a._data, key, values, reduction=reduction))
    else:
        ivy.index_update(a._data, key, values, reduction=reduction, inplace=True)
    return None


def reduceat(uf, array, indices, axis=0, dtype=None, out=None):
    a = asarray(array)
    (ax,) = _reduce_axes(uf, axis, a.ndim)
    idx = [operator.index(i) for i in np.asarray(_host_indices(indices)).reshape(-1)]
    n = a.shape[ax]
    parts = []
    for k, start in enumerate(idx):
        if not 0 <= start < n:
            raise IndexError(f"index {start} out-of-bounds in {uf.__name__}.reduceat [0, {n})")
        stop = idx[k + 1] if k + 1 < len(idx) else n
        pick = (slice(None),) * ax
        if stop > start:
            part = reduce(uf, _wrap(ivy.get_item(a._data, pick + (slice(start, stop),))), ax,
                          dtype)
        else:
            part = _wrap(ivy.get_item(a._data, pick + (start,)))
        parts.append(asarray(part)._data)
    res = ivy.stack(parts, axis=ax)
    return _finish(uf.__name__, res, out, True, "unsafe") if out is not None else _wrap(res)


def _host_indices(indices):
    return indices.__array__() if isinstance(indices, ndarray) else indices


for _method in (reduce, accumulate, outer, at, reduceat):
    setattr(ufunc, _method.__name__, _method)


def _finish(fn, res, out, where, casting):
    """Write ``res`` into ``out`` (a ufunc's ``out=``/``where=``), NumPy's checks first."""
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError(f"The 'out' tuple must have exactly one entry per ufunc output")
        out = out[0]
    if out is None:
        out = _wrap(ivy.zeros(tuple(res.shape), dtype=native_name(res)))
    if not isinstance(out, ndarray):
        raise TypeError("return arrays must be of ArrayType")
    target, have = native_name(out._data), native_name(res)
    if have != target and not np.can_cast(T.NP[have], T.NP[target], casting):
        raise _cast_error(fn, T.NP[have], T.NP[target], casting)
    shape = out.shape
    value = res
    if tuple(res.shape) != shape:
        try:
            value = ivy.broadcast_to(res, shape)
        except Exception:
            raise ValueError(f"non-broadcastable output operand with shape {shape} doesn't match "
                             f"the broadcast shape {tuple(res.shape)}") from None
    value = value if have == target else ivy.astype(value, target)
    if where is not True:
        mask = ivy.broadcast_to(_operand(where, "bool"), shape)
        value = ivy.where(mask, value, out._data)
    if immutable(out._data) or type(out) is not ndarray:
        assign_native(out, value)
    else:
        ivy.index_update(out._data, Ellipsis, value, inplace=True)
    return out


# ---- cores composed here (natives of the loop's dtypes in; an operand may be a Python number) ----

def _pair(x, y):
    """Both operands as arrays of the loop's dtype (a Python number takes the other's)."""
    if type(x) in _PY_TYPES:
        return ivy.asarray(x, dtype=native_name(y)), y
    if type(y) in _PY_TYPES:
        return x, ivy.asarray(y, dtype=native_name(x))
    return x, y


def _complex_pick(greater):
    """NumPy's complex fmax/fmin: lexicographic order (a NaN part never orders), x kept where
    it orders first or y has a NaN part."""
    def pick(x, y):
        xr, xi, yr, yi = ivy.real(x), ivy.imag(x), ivy.real(y), ivy.imag(y)
        strict = (ivy.greater if greater else ivy.less)(xr, yr)
        ties = (ivy.greater_equal if greater else ivy.less_equal)(xi, yi)
        plain = ivy.logical_not(ivy.logical_or(ivy.isnan(xi), ivy.isnan(yi)))
        first = ivy.logical_or(ivy.logical_and(strict, plain),
                               ivy.logical_and(ivy.equal(xr, yr), ties))
        keep = ivy.logical_or(first, ivy.logical_or(ivy.isnan(yr), ivy.isnan(yi)))
        return ivy.where(keep, x, y)
    return pick


def _nan_ignoring(name):
    complex_core = _complex_pick(name == "fmax")
    integral = "maximum" if name == "fmax" else "minimum"

    def core(x, y):
        x, y = _pair(x, y)
        kind = native_name(x)
        if kind in _COMPLEX:
            return complex_core(x, y)
        # integers have no NaN: maximum/minimum (torch's fmax lacks wide unsigned kernels)
        return _IVY[name if kind in _FLOATS else integral](x, y)
    core.__name__ = name
    return core


def _reciprocal(x):
    """Integer reciprocal truncates: 1 and -1 are their own, every other value (0 too) gives 0."""
    name = native_name(x)
    if name in _COMPLEX:     # 1/0 is nan+nanj in NumPy (tensorflow gives inf+nanj)
        return ivy.where(ivy.equal(x, 0), ivy.full_like(x, complex("nan+nanj")),
                         ivy.reciprocal(x))
    if name not in T.INTEGRAL:
        return ivy.reciprocal(x)
    size = x if name.startswith("u") else ivy.abs(x)
    # NumPy's int32/int64 loops give the minimum for 0 (the hardware's division by zero)
    rest = ivy.where(ivy.equal(x, 0), ivy.full_like(x, np.iinfo(name).min), ivy.zeros_like(x)) \
        if name in ("int32", "int64") else ivy.zeros_like(x)
    return ivy.where(ivy.equal(size, 1), x, rest)


def _spacing(x):
    """The gap to the next representable number away from zero (+0 and -0: the smallest
    subnormal); NaN for infinities."""
    inf = float("inf")
    # float16 steps up whatever the sign (NumPy's half loop)
    toward = ivy.full_like(x, inf) if native_name(x) == "float16" else \
        ivy.where(ivy.less(x, 0), ivy.full_like(x, -inf), ivy.full_like(x, inf))
    step = ivy.subtract(ivy.nextafter(x, toward), x)
    return ivy.where(ivy.isinf(x), ivy.full_like(x, float("nan")), step)


_M1, _M2, _M4 = 0x5555555555555555, 0x3333333333333333, 0x0F0F0F0F0F0F0F0F


def _bitwise_count(x):
    """Set bits of |x| (NumPy's count for signed integers), in int64 words: uint8 out."""
    name = native_name(x)
    v = ivy.astype(x if name.startswith("u") else ivy.abs(x), "int64")
    bits = np.iinfo(name).bits
    if bits < 64:
        v = ivy.bitwise_and(v, (1 << bits) - 1)
    shr, band = ivy.bitwise_right_shift, ivy.bitwise_and
    v = ivy.subtract(v, band(shr(v, 1), _M1))
    v = ivy.add(band(v, _M2), band(shr(v, 2), _M2))
    v = band(ivy.add(v, shr(v, 4)), _M4)
    for s in (8, 16, 32):
        v = ivy.add(v, shr(v, s))
    return ivy.astype(band(v, 0x7F), "uint8")


def _isnat(x):      # unreachable: the loop resolution refuses every dtype the frontend has
    raise TypeError("ufunc 'isnat' is only defined for np.datetime64 and np.timedelta64.")


def _divide_by_zero(fn):
    """NumPy's reaction to an integer division by zero, as ``np.seterr``/``np.errstate`` set."""
    mode = np.geterr()["divide"]
    if mode == "ignore":
        return
    message = f"divide by zero encountered in {fn}"
    if mode == "raise":
        raise FloatingPointError(message)
    if mode == "call":
        np.geterrcall()("divide by zero", 1)
    elif mode == "log":
        np.geterrcall().write(f"Warning: {message}\n")
    elif mode == "print":
        print(f"Warning: {message}")
    else:
        import sys
        import warnings
        level, frame = 2, sys._getframe(1)
        while frame is not None and str(frame.f_globals.get("__name__")).startswith("ivy."):
            level, frame = level + 1, frame.f_back      # point at the caller's line
        warnings.warn(message, RuntimeWarning, stacklevel=level)


def _by_nonzero(core):
    """An integer division ``core`` whose zero divisors give 0, as NumPy's integer loops do
    (torch and tensorflow raise), with NumPy's divide-by-zero warning; floats go straight
    through."""
    def call(x, y):
        x, y = _pair(x, y)
        if native_name(x) not in T.INTEGRAL:
            return core(x, y)
        zero = ivy.equal(y, 0)
        if not bool(ivy.any(zero)):
            return core(x, y)
        _divide_by_zero(core.__name__.strip("_"))
        res = core(x, ivy.where(zero, ivy.ones_like(y), y))
        if type(res) is tuple:
            return tuple(ivy.where(zero, ivy.zeros_like(r), r) for r in res)
        return ivy.where(zero, ivy.zeros_like(res), res)
    call.__name__ = core.__name__
    return call


@_by_nonzero
def _fmod(x, y):
    return ivy.fmod(x, y)


@_by_nonzero
def _divmod(x, y):
    return ivy.floor_divide(x, y), ivy.remainder(x, y)


@_by_nonzero
def _floor_divide(x, y):
    return ivy.floor_divide(x, y)


@_by_nonzero
def _remainder(x, y):
    return ivy.remainder(x, y)


def _lcm(x, y):
    """Integers under 64 bits in int64, wrapped back (tensorflow takes |.| after wrapping)."""
    x, y = _pair(x, y)
    name = native_name(x)
    if name in ("int64", "uint64"):
        return ivy.lcm(x, y)
    return ivy.astype(ivy.lcm(ivy.astype(x, "int64"), ivy.astype(y, "int64")), name)


def _exp2(x):
    """float16 through float32, rounded once as NumPy's half loop (jax's float16 pow is coarse)."""
    if native_name(x) == "float16":
        return ivy.astype(ivy.exp2(ivy.astype(x, "float32")), "float16")
    return ivy.exp2(x)


def _modf(x):
    whole = ivy.trunc(x)
    frac = ivy.where(ivy.isinf(x), ivy.zeros_like(x), ivy.subtract(x, whole))
    return ivy.copysign(frac, x), whole


def _power(x, y):
    """NumPy refuses negative integer exponents (the backends give 0, wrap around or raise)."""
    if native_name(y if type(x) in _PY_TYPES else x) in _SIGNED and (
            y < 0 if type(y) in _PY_TYPES else bool(ivy.any(ivy.less(y, 0)))):
        raise ValueError("Integers to negative integer powers are not allowed.")
    return ivy.pow(x, y)


_SIGNED = frozenset({"int8", "int16", "int32", "int64"})


def _truth(name):
    """NumPy's logical ufuncs take every dtype (their loops read nonzero as True); the core's
    take booleans."""
    def core(*xs):
        return _IVY[name](*[bool(x) if type(x) in _PY_TYPES else x if native_name(x) == "bool"
                            else ivy.not_equal(x, 0) for x in xs])
    core.__name__ = name
    return core


_COMPLEX = frozenset({"complex64", "complex128"})

# name: (nin, core function name or callable, identity)
_TABLE = {
    "add": (2, "add", 0), "subtract": (2, "subtract", None), "multiply": (2, "multiply", 1),
    "true_divide": (2, "divide", None), "floor_divide": (2, ("floor_divide", _floor_divide), None),
    "power": (2, ("pow", _power), None),
    "remainder": (2, ("remainder", _remainder), None),
    "maximum": (2, "maximum", None), "minimum": (2, "minimum", None),
    "equal": (2, "equal", None), "not_equal": (2, "not_equal", None), "less": (2, "less", None),
    "less_equal": (2, "less_equal", None), "greater": (2, "greater", None),
    "greater_equal": (2, "greater_equal", None), "logical_and": (2, _truth("logical_and"), True),
    "logical_or": (2, _truth("logical_or"), False),
    "logical_xor": (2, _truth("logical_xor"), False),
    "bitwise_and": (2, "bitwise_and", -1), "bitwise_or": (2, "bitwise_or", 0),
    "bitwise_xor": (2, "bitwise_xor", 0), "left_shift": (2, "bitwise_left_shift", None),
    "right_shift": (2, "bitwise_right_shift", None), "arctan2": (2, "atan2", None),
    "hypot": (2, "hypot", None), "logaddexp": (2, "logaddexp", -np.inf),
    "copysign": (2, "copysign", None), "nextafter": (2, "nextafter", None),
    "negative": (1, "negative", None), "positive": (1, "positive", None),
    "absolute": (1, "abs", None), "sqrt": (1, "sqrt", None), "square": (1, "square", None),
    "exp": (1, "exp", None), "expm1": (1, "expm1", None), "log": (1, "log", None),
    "log2": (1, "log2", None), "log10": (1, "log10", None), "log1p": (1, "log1p", None),
    "sin": (1, "sin", None), "cos": (1, "cos", None), "tan": (1, "tan", None),
    "arcsin": (1, "asin", None), "arccos": (1, "acos", None), "arctan": (1, "atan", None),
    "sinh": (1, "sinh", None), "cosh": (1, "cosh", None), "tanh": (1, "tanh", None),
    "arcsinh": (1, "asinh", None), "arccosh": (1, "acosh", None), "arctanh": (1, "atanh", None),
    "floor": (1, "floor", None), "ceil": (1, "ceil", None), "trunc": (1, "trunc", None),
    "rint": (1, "round", None), "sign": (1, "sign", None), "conjugate": (1, "conj", None),
    "isnan": (1, "isnan", None), "isinf": (1, "isinf", None), "isfinite": (1, "isfinite", None),
    "signbit": (1, "signbit", None), "logical_not": (1, _truth("logical_not"), None),
    "invert": (1, "bitwise_invert", None),
    "fmax": (2, _nan_ignoring("fmax"), None), "fmin": (2, _nan_ignoring("fmin"), None),
    "fmod": (2, _fmod, None), "gcd": (2, "gcd", 0), "lcm": (2, _lcm, None),
    "heaviside": (2, "heaviside", None), "ldexp": (2, "ldexp", None),
    "logaddexp2": (2, "logaddexp2", -np.inf), "float_power": (2, "pow", None),
    "cbrt": (1, "cbrt", None), "exp2": (1, _exp2, None), "fabs": (1, "abs", None),
    "deg2rad": (1, "deg2rad", None), "radians": (1, "deg2rad", None),
    "rad2deg": (1, "rad2deg", None), "degrees": (1, "rad2deg", None),
    "reciprocal": (1, _reciprocal, None), "spacing": (1, _spacing, None),
    "bitwise_count": (1, _bitwise_count, None), "isnat": (1, _isnat, None),
}
# ufuncs of two outputs: name: (nin, core returning a pair)
_TABLE2 = {"divmod": (2, _divmod), "modf": (1, _modf), "frexp": (1, "frexp")}


def _core(name):
    def call(*args):
        return getattr(ivy, name)(*args)
    call.__name__ = name
    return call


# NumPy's boolean loops of these are logical operations (not every backend adds booleans)
_BOOLEAN = {"add": _core("logical_or"), "maximum": _core("logical_or"),
            "multiply": _core("logical_and"), "minimum": _core("logical_and"),
            "fmax": _core("logical_or"), "fmin": _core("logical_and"),
            # rounding booleans is the identity (torch and tensorflow have no bool kernels)
            **dict.fromkeys(("floor", "ceil", "trunc"), lambda x: ivy.asarray(x, copy=True))}
UFUNCS = {name: ufunc(name, nin, core, identity)
          for name, (nin, core, identity) in _TABLE.items()}
UFUNCS.update({name: ufunc(name, nin, core, None, nout=2)
               for name, (nin, core) in _TABLE2.items()})
ALIASES = {"divide": "true_divide", "mod": "remainder", "abs": "absolute", "conj": "conjugate",
           "bitwise_not": "invert", "pow": "power", "acos": "arccos", "asin": "arcsin",
           "atan": "arctan", "atan2": "arctan2", "acosh": "arccosh", "asinh": "arcsinh",
           "atanh": "arctanh", "bitwise_left_shift": "left_shift",
           "bitwise_right_shift": "right_shift", "bitwise_invert": "invert"}
FUNCTIONS = dict(UFUNCS, **{alias: UFUNCS[name] for alias, name in ALIASES.items()})
# real NumPy's ufuncs by name -> the frontend's (``__array_ufunc__``; _math adds matmul)
ARRAY_UFUNCS = dict(UFUNCS, divide=UFUNCS["true_divide"])


# ---- ndarray operators --------------------------------------------------------------------------

_DEFER = object()
_SEQUENCES = (list, tuple, range)
_NON_NUMERIC = frozenset("OUSVMm")      # dtype kinds the frontend has no arrays of


def _is_operand(x) -> bool:
    return isinstance(x, (ndarray, np.ndarray, np.generic)) or type(x) in _PY_TYPES or \
        ivy.is_native_array(x)


def _coerce(x):
    """An operator's other operand as the ufunc takes it: arrays and numbers as they are, any
    other object through NumPy's own conversion (lists, tuples, ranges, array-likes), as NumPy
    broadcasts them; ``_DEFER`` where NumPy leaves the operation to ``x``'s reflected method
    (``x`` opts out of ufuncs, or outranks the array's ``__array_priority__``) and where ``x``
    holds Python objects (None, a list with one): the frontend has no object arrays, and
    Python's fallback then raises the TypeError NumPy's object loop gives for most."""
    if _is_operand(x):
        return x
    handler = getattr(type(x), "__array_ufunc__", _NO_VALUE)
    if handler is None or handler is _NO_VALUE and not isinstance(x, _SEQUENCES) and \
            getattr(x, "__array_priority__", 0.0) > ndarray.__array_priority__:
        return _DEFER
    host = np.asarray(x)
    return _DEFER if host.dtype.kind == "O" else host


def _binary_operator(uf, reflected):
    fast, core = uf._fast, uf._core_name
    if reflected:
        def op(self, other):
            other = _coerce(other)
            return NotImplemented if other is _DEFER else uf(other, self)
    elif uf._checked is not None:
        checked = uf._checked

        def op(self, other):
            res = _direct(fast, core, self, other)
            if res is None:
                res = _int_direct(checked, self, other)
            if res is not None:
                return res
            other = _coerce(other)
            return NotImplemented if other is _DEFER else uf(self, other)
    else:
        def op(self, other):
            res = _direct(fast, core, self, other)
            if res is not None:
                return res
            other = _coerce(other)
            return NotImplemented if other is _DEFER else uf(self, other)
    return op


def _equality_operator(uf, differs):
    """``==``/``!=``: the ufunc, except that NumPy compares a number with an element of another
    kind (None, a string, an object) as unequal: all ``differs``, in the broadcast shape."""
    fast, core = uf._fast, uf._core_name

    def op(self, other):
        res = _direct(fast, core, self, other)
        if res is not None:
            return res
        value = _coerce(other)
        if value is _DEFER:
            if getattr(type(other), "__array_ufunc__", _NO_VALUE) is None or \
                    getattr(other, "__array_priority__", 0.0) > ndarray.__array_priority__:
                return NotImplemented
            if np.ndim(other):
                raise NotImplementedError(f"{uf.__name__}: comparing with Python objects "
                                          f"elementwise (an object array) is not supported by "
                                          f"ivy's numpy frontend")
            value = np.empty((), dtype=object)      # one element of another kind
        if isinstance(value, np.ndarray) and value.dtype.kind in _NON_NUMERIC:
            shape = np.broadcast_shapes(self.shape, value.shape)
            return _wrap(ivy.full(shape, differs, dtype="bool"))
        return uf(self, value)
    return op


def _inplace_operator(uf):
    def op(self, other):
        other = _coerce(other)
        return NotImplemented if other is _DEFER else uf(self, other, out=self)
    return op


def _unary_operator(uf):
    def op(self):
        return uf(self)
    return op


def _array_ufunc(self, uf, method, *inputs, **kwargs):
    """Real NumPy's ufuncs on frontend arrays (``onp.sin(a)``, ``onp.ones(3) + a``) run as the
    frontend's, giving frontend arrays; a real array in ``out=`` receives the result."""
    ours = ARRAY_UFUNCS.get(uf.__name__)
    if ours is None:
        return NotImplemented
    out = kwargs.pop("out", None)
    real_out = out is not None and any(isinstance(o, np.ndarray) for o in out)
    if out is not None and not real_out:
        kwargs["out"] = out if len(out) != 1 else out[0]
    where = kwargs.pop("where", True) if real_out else True
    res = ours(*inputs, **kwargs) if method == "__call__" else \
        getattr(ours, method)(*inputs, **kwargs)
    if not real_out:
        return res
    results = res if isinstance(res, tuple) else (res,)
    for o, r in zip(out, results):
        np.copyto(o, np.asarray(r), casting=kwargs.get("casting", "same_kind"), where=where)
    return out[0] if len(out) == 1 else out


_OPERATORS = {"add": "add", "sub": "subtract", "mul": "multiply", "truediv": "true_divide",
              "floordiv": "floor_divide", "mod": "remainder", "pow": "power",
              "and": "bitwise_and", "or": "bitwise_or", "xor": "bitwise_xor",
              "lshift": "left_shift", "rshift": "right_shift"}
_COMPARISONS = {"eq": "equal", "ne": "not_equal", "lt": "less", "le": "less_equal",
                "gt": "greater", "ge": "greater_equal"}
_UNARY = {"neg": "negative", "pos": "positive", "abs": "absolute", "invert": "invert"}

METHODS = {}
for _dunder, _name in _OPERATORS.items():
    METHODS[f"__{_dunder}__"] = _binary_operator(UFUNCS[_name], False)
    METHODS[f"__r{_dunder}__"] = _binary_operator(UFUNCS[_name], True)
    METHODS[f"__i{_dunder}__"] = _inplace_operator(UFUNCS[_name])
for _dunder, _name in _COMPARISONS.items():
    METHODS[f"__{_dunder}__"] = _binary_operator(UFUNCS[_name], False)
METHODS["__eq__"] = _equality_operator(UFUNCS["equal"], False)
METHODS["__ne__"] = _equality_operator(UFUNCS["not_equal"], True)
METHODS["__array_ufunc__"] = _array_ufunc
for _dunder, _name in _UNARY.items():
    METHODS[f"__{_dunder}__"] = _unary_operator(UFUNCS[_name])
METHODS["conjugate"] = METHODS["conj"] = _unary_operator(UFUNCS["conjugate"])


def _divmod_operator(self, other):
    other = _coerce(other)
    return NotImplemented if other is _DEFER else UFUNCS["divmod"](self, other)


def _rdivmod_operator(self, other):
    other = _coerce(other)
    return NotImplemented if other is _DEFER else UFUNCS["divmod"](other, self)


METHODS["__divmod__"], METHODS["__rdivmod__"] = _divmod_operator, _rdivmod_operator
