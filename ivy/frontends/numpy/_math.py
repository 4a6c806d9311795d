"""NumPy's products and other math functions: ``dot``, ``matmul`` (a gufunc, and ``@``),
``einsum``, ``tensordot``, ``cumsum``, ``diff``, ``round``, ``isclose``, ``convolve``, ``interp``...

Products promote as NumPy does (``np.result_type`` of the operands' dtypes, Python scalars
converted strongly, as NumPy's non-ufunc functions convert them); the core computes in that dtype,
or in a wider one where a backend lacks the kernel (bool products count in int64 and compare with
0, integer einsum runs in int64 and wraps back). ``np.dot``/``a @ b`` of two float arrays of one
dtype go straight to ``ivy.matmul``.
"""
from __future__ import annotations

import builtins
import warnings

import numpy as np

import ivy

from . import _dtypes as T
from ._array import _wrap, asarray, assign_native, ndarray, result, scalar, to_native
from ._dtypes import native_name
from ._methods import _SMALL_INTS, _axes, one_axis
from ._ufuncs import _DEFER, ARRAY_UFUNCS, UFUNCS, _coerce, _finish, shape_text, ufunc

_FAST = frozenset({"float16", "float32", "float64", "complex64", "complex128"})
_new = object.__new__
_COMPLEX = frozenset({"complex64", "complex128"})
_BOOL_AS_INT = {"bool": "int64"}
# einsum kernels: TF has int32/int64 only, torch no wide unsigned ones: integers run in int64
_EINSUM_COMPUTE = {n: "int64" for n in ("bool", "int8", "int16", "uint8", "uint16", "uint32",
                                        "uint64")}


def _arr(a) -> ndarray:
    return a if isinstance(a, ndarray) else asarray(a)


def _common(*arrays):
    """Frontend arrays -> (their natives cast to NumPy's result dtype, that dtype's name)."""
    name = T.NAME[np.result_type(*[a.dtype for a in arrays])]
    return [to_native(a, name) for a in arrays], name


def _run(core, natives, name, table, *args, **kwargs):
    """``core(*natives)`` computed in ``table.get(name, name)``, the result back in ``name``."""
    c = table.get(name, name)
    if c == name:
        return core(*natives, *args, **kwargs)
    r = core(*[ivy.astype(x, c) for x in natives], *args, **kwargs)
    return ivy.not_equal(r, 0) if name == "bool" else ivy.astype(r, name)


def _times(x, y, name):
    """Elementwise product of natives of dtype ``name`` (bool: logical and)."""
    return ivy.logical_and(x, y) if name == "bool" else ivy.multiply(x, y)


# ---- dot / matmul --------------------------------------------------------------------------------

def _fast_dtype(x) -> bool:
    """Whether a native array's dtype takes the hot path (memoized on the native dtype object)."""
    d = x.dtype
    try:
        return _FAST_DT[d]
    except KeyError:
        f = _FAST_DT[d] = native_name(x) in _FAST
        return f


_FAST_DT: dict = {}


def dot(a, b, out=None):
    if type(a) is ndarray and type(b) is ndarray and out is None:
        x, y = a._data, b._data
        d = x.dtype
        if d is y.dtype and (_FAST_DT.get(d) or _fast_dtype(x)) and 0 < x.ndim < 3 and \
                0 < y.ndim < 3:
            try:
                r = ivy.matmul(x, y)
            except Exception:   # noqa: BLE001 - _dot raises it in NumPy's words
                return _dot(a, b, out)
            if r.ndim:
                o = _new(ndarray)
                o._data, o._base, o._version = r, None, 0
                return o
            return scalar(r)
    return _dot(_arr(a), _arr(b), out)


def _dot(a, b, out):
    (x, y), name = _common(a, b)
    if not a.ndim or not b.ndim:
        r = _times(x, y, name)
    else:
        k = b.shape[-2] if b.ndim > 1 else b.shape[0]
        if a.shape[-1] != k:
            raise ValueError(f"shapes {shape_text(a.shape)} and {shape_text(b.shape)} not "
                             f"aligned: {a.shape[-1]} (dim {a.ndim - 1}) != {k} (dim "
                             f"{builtins.max(b.ndim - 2, 0)})")
        if a.ndim <= 2 or b.ndim == 1:
            r = _run(ivy.matmul, (x, y), name, _BOOL_AS_INT)
        else:
            r = _run(ivy.tensordot, (x, y), name, _BOOL_AS_INT,
                     axes=((a.ndim - 1,), (b.ndim - 2,)))
    if out is None:
        return result(r)
    if not isinstance(out, ndarray) or out.dtype != T.NP[name] or out.shape != tuple(r.shape):
        raise ValueError("output array is not acceptable (must have the right datatype, number "
                         "of dimensions, and be a C-Array)")
    return _finish("dot", r, out, True, "no")


_MATMUL_SIG = "(n?,k),(k,m?)->(n?,m?)"


class _Matmul(ufunc):
    """``np.matmul``, NumPy's gufunc ``(n?,k),(k,m?)->(n?,m?)``."""

    def __new__(cls):
        return object.__new__(cls)

    def __init__(self):     # the base class's set-up installs an elementwise hot path: not here
        self.__name__, self.nin, self.nout, self.nargs, self.identity = "matmul", 2, 1, 3, None
        self._np, self._loops = np.matmul, {}

    @property
    def signature(self):
        return _MATMUL_SIG

    def __call__(self, x1, x2, /, out=None, *, casting="same_kind", order="K", dtype=None,
                 subok=True, signature=None, axes=None, axis=None):
        if signature is not None or axes is not None or axis is not None:
            raise NotImplementedError("matmul: signature=, axes= and axis= are not supported by "
                                      "ivy's numpy frontend")
        a, b = _arr(x1), _arr(x2)
        for i, op in enumerate((a, b)):
            if not op.ndim:
                raise ValueError(f"matmul: Input operand {i} does not have enough dimensions (has "
                                 f"0, gufunc core with signature {_MATMUL_SIG} requires 1)")
        k = b.shape[-2] if b.ndim > 1 else b.shape[0]
        if a.shape[-1] != k:
            raise ValueError(f"matmul: Input operand 1 has a mismatch in its core dimension 0, "
                             f"with gufunc signature {_MATMUL_SIG} (size {k} is different from "
                             f"{a.shape[-1]})")
        if a.ndim > 2 and b.ndim > 2:
            _check_batches(a.shape, b.shape)
        names = self._loop((a, b), dtype, casting)
        r = _run(ivy.matmul, (to_native(a, names[0]), to_native(b, names[1])), names[2],
                 _BOOL_AS_INT)
        if out is None:
            return _wrap(r) if len(r.shape) else scalar(r)
        core = (a.ndim > 1) + (b.ndim > 1)
        o = out[0] if isinstance(out, tuple) and len(out) == 1 else out
        if isinstance(o, ndarray) and (o.ndim < len(r.shape) or core and
                                       o.shape[-core:] != tuple(r.shape[-core:])):
            raise ValueError(f"matmul: Output operand 0 has a mismatch in its core dimensions "
                             f"(shape {o.shape}, result {tuple(r.shape)})")
        return _finish("matmul", r, out, True, casting)


def _check_batches(sa, sb):
    """NumPy's ValueError for stacks of matrices whose batch shapes do not broadcast."""
    try:
        np.broadcast_shapes(sa[:-2], sb[:-2])
    except ValueError:
        def remapped(s):
            return f"{shape_text(s)}->({','.join(map(str, s[:-2]))},newaxis,newaxis)"
        raise ValueError(f"operands could not be broadcast together with remapped shapes "
                         f"[original->remapped]: {remapped(sa)} {remapped(sb)}  and requested "
                         f"shape {shape_text((sa[-2], sb[-1]))}") from None


matmul = _Matmul()
ARRAY_UFUNCS["matmul"] = matmul


def _matmul_operator(self, other):
    if type(other) is ndarray and type(self) is ndarray:
        x, y = self._data, other._data
        d = x.dtype
        if d is y.dtype and (_FAST_DT.get(d) or _fast_dtype(x)) and x.ndim and y.ndim and \
                x.shape[-1] == y.shape[-2 if y.ndim > 1 else 0]:   # else NumPy's message
            r = ivy.matmul(x, y)
            if r.ndim:
                o = _new(ndarray)
                o._data, o._base, o._version = r, None, 0
                return o
            return scalar(r)
    other = _coerce(other)
    if other is _DEFER:
        return NotImplemented
    return matmul(self, other)


def _rmatmul_operator(self, other):
    other = _coerce(other)
    if other is _DEFER:
        return NotImplemented
    return matmul(other, self)


def _imatmul_operator(self, other):
    other = _coerce(other)
    if other is _DEFER:
        return NotImplemented
    other = _arr(other)
    if self.ndim < 1 or other.ndim < 2:
        raise ValueError("inplace matrix multiplication requires the first operand to have at "
                         "least one and the second at least two dimensions.")
    k = other.shape[-2]
    if self.shape[-1] != k:
        raise ValueError(f"matmul: Input operand 1 has a mismatch in its core dimension 0, with "
                         f"gufunc signature {_MATMUL_SIG} (size {k} is different from "
                         f"{self.shape[-1]})")
    names = matmul._loop((self, other), None, "same_kind")
    r = _run(ivy.matmul, (to_native(self, names[0]), to_native(other, names[1])), names[2],
             _BOOL_AS_INT)
    if tuple(r.shape) != self.shape:
        raise ValueError(f"matmul: the result's shape {tuple(r.shape)} differs from the in-place "
                         f"operand's {self.shape}")
    return _finish("matmul", r, self, True, "same_kind")


def vdot(a, b, /):
    a, b = _arr(a), _arr(b)
    if a.size != b.size:
        raise ValueError(f"cannot reshape array of size {b.size} into shape ({a.size},)")
    (x, y), name = _common(a, b)
    x, y = ivy.reshape(x, (-1,)), ivy.reshape(y, (-1,))
    if name in _COMPLEX:
        x = ivy.conj(x)
    return scalar(_run(ivy.matmul, (x, y), name, _BOOL_AS_INT))


def inner(a, b, /):
    a, b = _arr(a), _arr(b)
    (x, y), name = _common(a, b)
    if not a.ndim or not b.ndim:
        return result(_times(x, y, name))
    if a.shape[-1] != b.shape[-1]:
        raise ValueError(f"shapes {a.shape} and {b.shape} not aligned: {a.shape[-1]} (dim "
                         f"{a.ndim - 1}) != {b.shape[-1]} (dim {b.ndim - 1})")
    return result(_run(ivy.tensordot, (x, y), name, _BOOL_AS_INT,
                       axes=((a.ndim - 1,), (b.ndim - 1,))))


def outer(a, b, out=None):
    a, b = _arr(a), _arr(b)
    (x, y), name = _common(a, b)
    r = _times(ivy.reshape(x, (-1, 1)), ivy.reshape(y, (1, -1)), name)
    return _wrap(r) if out is None else _finish("outer", r, out, True, "same_kind")


def _axis_list(axes):
    if isinstance(axes, (list, tuple)):
        return [int(v) for v in axes]
    return [int(axes)]


def tensordot(a, b, axes=2):
    a, b = _arr(a), _arr(b)
    try:
        n = int(axes)
        axa, axb = list(range(-n, 0)), list(range(0, n))
    except TypeError:
        axa, axb = _axis_list(axes[0]), _axis_list(axes[1])
    if len(axa) != len(axb) or any(a.shape[i] != b.shape[j] for i, j in zip(axa, axb)):
        raise ValueError("shape-mismatch for sum")
    axa = tuple(i % a.ndim for i in axa)
    axb = tuple(j % b.ndim for j in axb)
    (x, y), name = _common(a, b)
    return _wrap(_run(ivy.tensordot, (x, y), name, _BOOL_AS_INT, axes=(axa, axb)))


def _sublist_subscripts(operands):
    """einsum's sublist form ``(a, [0, 1], b, [1, 2], [0, 2])`` -> ("ab,bc->ac", arrays)."""
    def letters(sub):
        return "".join("..." if s is Ellipsis else
                       "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"[int(s)] for s in sub)
    pairs = len(operands) // 2
    text = ",".join(letters(operands[2 * i + 1]) for i in range(pairs))
    if len(operands) % 2:
        text += "->" + letters(operands[-1])
    return text, [operands[2 * i] for i in range(pairs)]


def einsum(*operands, out=None, optimize=False, dtype=None, order="K", casting="safe"):
    """``optimize`` is accepted: it only chooses the contraction order, which the backend's
    own einsum picks; ``order`` has no observable effect here (every array is C-contiguous)."""
    if not operands:
        raise ValueError("No input operands")
    if isinstance(operands[0], str):
        subscripts, ops = operands[0], operands[1:]
    else:
        subscripts, ops = _sublist_subscripts(operands)
    arrays = [_arr(o) for o in ops]
    natives, name = _common(*arrays)
    if dtype is not None:
        name = T.name_of(dtype, "einsum")
        for i, a in enumerate(arrays):
            if not np.can_cast(a.dtype, T.NP[name], casting):
                raise TypeError(f"Iterator operand {i} dtype could not be cast from {a.dtype!r} "
                                f"to {T.NP[name]!r} according to the rule '{casting}'")
        natives = [to_native(a, name) for a in arrays]
    subscripts = subscripts.replace(" ", "")
    try:
        r = _run(lambda *xs: ivy.einsum(subscripts, *xs), natives, name, _EINSUM_COMPUTE)
    except ValueError:
        # NumPy's own error, in its words: its einsum on stand-ins of the shapes (no data)
        np.einsum(subscripts, *[np.broadcast_to(np.zeros((), a.dtype), a.shape)
                                for a in arrays])
        raise
    if out is None:
        return result(r)
    if isinstance(out, ndarray) and not np.can_cast(T.NP[name], out.dtype, casting):
        raise TypeError(f"Iterator requested dtype could not be cast from {T.NP[name]!r} to "
                        f"{out.dtype!r}, the operand {len(arrays)} dtype, according to the "
                        f"rule '{casting}'")
    return _finish("einsum", r, out, True, "unsafe")


def kron(a, b):
    (x, y), name = _common(_arr(a), _arr(b))
    return result(_run(ivy.kron, (x, y), name, {"bool": "uint8"}))


def trace(a, offset=0, axis1=0, axis2=1, dtype=None, out=None):
    a = _arr(a)
    if a.ndim < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    ax1, ax2 = one_axis(axis1, a.ndim), one_axis(axis2, a.ndim)
    if ax1 == ax2:
        raise ValueError("axis1 and axis2 cannot be the same")
    name = native_name(a._data)
    target = T.name_of(dtype, "trace") if dtype is not None else _SMALL_INTS.get(name, name)
    d = ivy.diagonal(a._data, offset=int(offset), axis1=ax1, axis2=ax2)
    r = ivy.sum(d if target == name else ivy.astype(d, target), axis=-1, dtype=target)
    return result(r) if out is None else _finish("trace", r, out, True, "unsafe")


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    if axis is not None:
        axisa = axisb = axisc = axis
    a, b = _arr(a), _arr(b)
    (x, y), name = _common(a, b)
    if name == "bool":
        raise TypeError("numpy boolean subtract, the `-` operator, is not supported, use the "
                        "bitwise_xor, the `^` operator, or the logical_xor function instead.")
    x = ivy.moveaxis(x, one_axis(axisa, a.ndim), -1) if a.ndim else x
    y = ivy.moveaxis(y, one_axis(axisb, b.ndim), -1) if b.ndim else y
    na, nb = (x.shape[-1] if len(x.shape) else 0), (y.shape[-1] if len(y.shape) else 0)
    if na not in (2, 3) or nb not in (2, 3):
        raise ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)")
    if na == 2 or nb == 2:
        warnings.warn("Arrays of 2-dimensional vectors are deprecated. Use arrays of "
                      "3-dimensional vectors instead. (deprecated in NumPy 2.0)",
                      DeprecationWarning, stacklevel=2)
    xs = [ivy.get_item(x, (Ellipsis, i)) for i in range(na)]
    ys = [ivy.get_item(y, (Ellipsis, i)) for i in range(nb)]
    mul, sub = ivy.multiply, ivy.subtract
    c2 = sub(mul(xs[0], ys[1]), mul(xs[1], ys[0]))
    if na == 2 and nb == 2:
        return _wrap(c2)
    zero = ivy.zeros_like(c2)
    x2 = xs[2] if na == 3 else None
    y2 = ys[2] if nb == 3 else None
    c0 = sub(mul(xs[1], y2) if y2 is not None else zero, mul(x2, ys[1]) if x2 is not None else zero)
    c1 = sub(mul(x2, ys[0]) if x2 is not None else zero, mul(xs[0], y2) if y2 is not None else zero)
    shape = tuple(c2.shape)
    r = ivy.stack([ivy.broadcast_to(c, shape) for c in (c0, c1, c2)], axis=-1)
    return _wrap(ivy.moveaxis(r, -1, one_axis(axisc, len(r.shape))))


# ---- cumulative, differences, rounding -----------------------------------------------------------

def _cumulative(core, fn):
    """``core``: the core function's name, looked up at call time (ivy.trace_graph rebinds it)."""
    def cumulate(a, axis=None, dtype=None, out=None):
        a = _arr(a)
        x = a._data
        if axis is None or not a.ndim:
            ax = 0 if axis is None else one_axis(axis, 1)
            x = ivy.reshape(x, (-1,))
        else:
            ax = one_axis(axis, a.ndim)
        name = native_name(x)
        target = T.name_of(dtype, fn) if dtype is not None else _SMALL_INTS.get(name, name)
        r = getattr(ivy, core)(x if target == name else ivy.astype(x, target), axis=ax,
                               dtype=target)
        return _wrap(r) if out is None else _finish(fn, r, out, True, "unsafe")
    cumulate.__name__ = fn
    return cumulate


cumsum = _cumulative("cumulative_sum", "cumsum")
cumprod = _cumulative("cumulative_prod", "cumprod")


def _slice(nd, ax, s):
    return (slice(None),) * ax + (s,)


def diff(a, n=1, axis=-1, prepend=np._NoValue, append=np._NoValue):
    if n == 0:
        return a
    if n < 0:
        raise ValueError(f"order must be non-negative but got {n!r}")
    a = _arr(a)
    if not a.ndim:
        raise ValueError("diff requires input that is at least one dimensional")
    ax = one_axis(axis, a.ndim)
    parts = [a]
    for i, extra in ((0, prepend), (2, append)):
        if extra is not np._NoValue:
            e = _arr(extra)
            if not e.ndim:
                shape = a.shape[:ax] + (1,) + a.shape[ax + 1:]
                e = _wrap(ivy.broadcast_to(e._data, shape))
            parts.insert(0 if i == 0 else len(parts), e)
    natives, name = _common(*parts)
    x = natives[0] if len(natives) == 1 else ivy.concat(natives, axis=ax)
    op = ivy.not_equal if name == "bool" else ivy.subtract
    hi, lo = _slice(a.ndim, ax, slice(1, None)), _slice(a.ndim, ax, slice(None, -1))
    for _ in range(n):
        x = op(ivy.get_item(x, hi), ivy.get_item(x, lo))
    return _wrap(x)


def ediff1d(ary, to_end=None, to_begin=None):
    a = _arr(ary)
    name = native_name(a._data)
    if name == "bool":
        raise TypeError("numpy boolean subtract, the `-` operator, is not supported, use the "
                        "bitwise_xor, the `^` operator, or the logical_xor function instead.")
    x = ivy.reshape(a._data, (-1,))
    parts = [ivy.subtract(ivy.get_item(x, slice(1, None)), ivy.get_item(x, slice(None, -1)))]
    for label, extra in (("to_begin", to_begin), ("to_end", to_end)):
        if extra is None:
            continue
        e = _arr(extra)
        if not np.can_cast(e.dtype, T.NP[name], casting="same_kind"):
            raise TypeError(f"dtype of `{label}` must be compatible with input `ary` under the "
                            f"`same_kind` rule.")
        e = ivy.reshape(to_native(e, name), (-1,))
        parts.insert(0, e) if label == "to_begin" else parts.append(e)
    return _wrap(parts[0] if len(parts) == 1 else ivy.concat(parts, axis=0))


def _round_integers(x, name, decimals):
    """NumPy's integer rounding to a negative number of decimals: half to even, wrapping."""
    wide = "uint64" if name.startswith("u") else "int64"
    step = 10 ** -decimals
    if step > np.iinfo(wide).max:
        return ivy.zeros_like(x)
    w = ivy.astype(x, wide)
    q = ivy.floor_divide(w, step)
    twice = ivy.multiply(ivy.subtract(w, ivy.multiply(q, step)), 2)
    up = ivy.logical_or(ivy.greater(twice, step), ivy.logical_and(
        ivy.equal(twice, step), ivy.not_equal(ivy.remainder(q, 2), 0)))
    q = ivy.where(up, ivy.add(q, 1), q)
    return ivy.astype(ivy.multiply(q, step), name)


def _round_floats(x, decimals):
    if decimals == 0:
        return ivy.round(x)
    if decimals > 0:
        f = 10.0 ** decimals
        return ivy.divide(ivy.round(ivy.multiply(x, f)), f)
    f = 10.0 ** -decimals
    return ivy.multiply(ivy.round(ivy.divide(x, f)), f)


def round(a, decimals=0, out=None):     # noqa: A001 - NumPy's name
    a = _arr(a)
    x, name, decimals = a._data, native_name(a._data), int(decimals)
    if name == "bool":
        if decimals:
            raise np._core._exceptions._UFuncOutputCastingError(
                np.multiply, "same_kind", np.dtype("float64"), np.dtype("bool"), 0)
        r = ivy.astype(x, "float16")
    elif name in T.INTEGRAL:
        r = ivy.asarray(x, copy=True) if decimals >= 0 else _round_integers(x, name, decimals)
    elif name in _COMPLEX:
        re, im = (ivy.astype(_round_floats(p(x), decimals), name) for p in (ivy.real, ivy.imag))
        r = ivy.add(re, ivy.multiply(im, 1j))
    else:
        r = _round_floats(x, decimals)
    return result(r) if out is None else _finish("round", r, out, True, "same_kind")


# ---- comparisons ---------------------------------------------------------------------------------

def _weak_or_dtype(x):
    return x if type(x) in (int, float, complex) else _arr(x).dtype


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    name = T.NAME[np.result_type(_weak_or_dtype(a), _arr(b).dtype, 1.0)]
    x, y = to_native(a, name), to_native(b, name)
    real = "float64" if name == "complex128" else "float32" if name == "complex64" else name
    tol = [t if type(t) in (int, float) else to_native(t, real) for t in (rtol, atol)]
    with warnings.catch_warnings():     # inf - inf: NumPy computes it under errstate
        warnings.simplefilter("ignore", RuntimeWarning)
        gap = ivy.abs(ivy.subtract(x, y))
    close = ivy.less_equal(gap, ivy.add(ivy.multiply(ivy.abs(y), tol[0]), tol[1]))
    finite = ivy.logical_and(ivy.isfinite(x), ivy.isfinite(y))
    r = ivy.logical_or(ivy.logical_and(close, finite), ivy.equal(x, y))
    if equal_nan:
        r = ivy.logical_or(r, ivy.logical_and(ivy.isnan(x), ivy.isnan(y)))
    return result(r)


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    r = isclose(a, b, rtol, atol, equal_nan)
    return builtins.bool(r) if not isinstance(r, ndarray) else builtins.bool(
        ivy.to_numpy(ivy.all(r._data)))


def array_equal(a1, a2, equal_nan=False):
    try:
        a, b = _arr(a1), _arr(a2)
    except Exception:       # noqa: BLE001 - NumPy: inputs that are not arrays are not equal
        return False
    if a.shape != b.shape:
        return False
    (x, y), name = _common(a, b)
    same = ivy.equal(x, y)
    if equal_nan and name in T.INEXACT:
        same = ivy.logical_or(same, ivy.logical_and(ivy.isnan(x), ivy.isnan(y)))
    return builtins.bool(ivy.to_numpy(ivy.all(same)))


def array_equiv(a1, a2):
    try:
        a, b = _arr(a1), _arr(a2)
        np.broadcast_shapes(a.shape, b.shape)
    except Exception:       # noqa: BLE001 - not broadcastable: not equivalent
        return False
    (x, y), _ = _common(a, b)
    return builtins.bool(ivy.to_numpy(ivy.all(ivy.equal(x, y))))


# ---- convolution, interpolation, polynomials, integration ----------------------------------------

_MODES = {"valid": "valid", "same": "same", "full": "full", 0: "valid", 1: "same", 2: "full"}


def _vector(x):
    x = _arr(x)
    if x.ndim > 1:
        raise ValueError("object too deep for desired array")
    return _wrap(ivy.reshape(x._data, (-1,))) if not x.ndim else x


def _correlation(a, v, mode, conj):
    """NumPy's correlate: c[k] = sum_n a[n + k] * conj(v[n]), the rows of ``mode``."""
    if mode not in _MODES:
        raise ValueError(f"mode must be one of 'valid', 'same', or 'full' (got {mode!r})")
    mode = _MODES[mode]
    (x, y), name = _common(a, v)
    n, m = a.shape[0], v.shape[0]
    if conj and name in _COMPLEX:
        y = ivy.conj(y)
    lo, hi = builtins.min(n, m), builtins.max(n, m)
    if mode == "full":
        start, count = 0, n + m - 1
    elif mode == "valid":
        start, count = lo - 1, hi - lo + 1
    else:
        start, count = ((lo - 1) // 2 if n >= m else lo // 2), hi
    pad = ivy.zeros((m - 1,), dtype=name)
    padded = ivy.concat([pad, x, pad], axis=0)
    index = np.arange(start, start + count)[:, None] + np.arange(m)[None, :]
    windows = ivy.reshape(ivy.take(padded, ivy.asarray(index.reshape(-1)), axis=0), (count, m))
    return _wrap(_run(ivy.matmul, (windows, y), name, _BOOL_AS_INT))


def convolve(a, v, mode="full"):
    a, v = _vector(a), _vector(v)
    if not a.size:
        raise ValueError("a cannot be empty")
    if not v.size:
        raise ValueError("v cannot be empty")
    if v.size > a.size:
        a, v = v, a
    return _correlation(a, _wrap(ivy.flip(v._data, axis=0)), mode, False)


def correlate(a, v, mode="valid"):
    a, v = _vector(a), _vector(v)
    if not a.size or not v.size:
        raise ValueError("first array argument cannot be empty" if not a.size else
                         "second array argument cannot be empty")
    return _correlation(a, v, mode, True)



def interp(x, xp, fp, left=None, right=None, period=None):
    xp_, fp_ = _arr(xp), _arr(fp)
    if xp_.ndim != 1 or fp_.ndim != 1:
        raise ValueError("object too deep for desired array")
    if xp_.shape[0] != fp_.shape[0]:
        raise ValueError("fp and xp are not of the same length.")
    if not xp_.shape[0]:
        raise ValueError("array of sample points is empty")
    out_name = "complex128" if fp_.dtype.kind == "c" else "float64"
    t = to_native(x, "float64")
    xs, fs = to_native(xp_, "float64"), to_native(fp_, out_name)
    if period is not None:
        if period == 0:
            raise ValueError("period must be a non-zero value")
        period = abs(float(period))
        left = right = None
        t, xs = ivy.remainder(t, period), ivy.remainder(xs, period)
        order = ivy.argsort(xs)
        xs, fs = ivy.take(xs, order, axis=0), ivy.take(fs, order, axis=0)
        xs = ivy.concat([ivy.subtract(ivy.get_item(xs, slice(-1, None)), period), xs,
                        ivy.add(ivy.get_item(xs, slice(0, 1)), period)], axis=0)
        fs = ivy.concat([ivy.get_item(fs, slice(-1, None)), fs,
                         ivy.get_item(fs, slice(0, 1))], axis=0)
    n = xs.shape[0]
    lo_val = ivy.get_item(fs, 0) if left is None else ivy.asarray(left, dtype=out_name)
    hi_val = ivy.get_item(fs, n - 1) if right is None else ivy.asarray(right, dtype=out_name)
    if n == 1:
        y = ivy.full_like(t, 0, dtype=out_name)
        y = ivy.add(y, ivy.get_item(fs, 0))
    else:
        j = ivy.clip(ivy.subtract(ivy.searchsorted(xs, t, side="right"), 1), 0, n - 2)
        x0, x1 = ivy.take(xs, j, axis=0), ivy.take(xs, ivy.add(j, 1), axis=0)
        f0, f1 = ivy.take(fs, j, axis=0), ivy.take(fs, ivy.add(j, 1), axis=0)
        slope = ivy.divide(ivy.subtract(f1, f0), ivy.astype(ivy.subtract(x1, x0), out_name))
        y = ivy.add(ivy.multiply(slope, ivy.astype(ivy.subtract(t, x0), out_name)), f0)
        y = ivy.where(ivy.equal(t, x0), f0, y)
        y = ivy.where(ivy.equal(t, ivy.get_item(xs, n - 1)), ivy.get_item(fs, n - 1), y)
    y = ivy.where(ivy.less(t, ivy.get_item(xs, 0)), lo_val, y)
    y = ivy.where(ivy.greater(t, ivy.get_item(xs, n - 1)), hi_val, y)
    return result(y)


def polyval(p, x):
    p, x = _arr(p), _arr(x)
    if not p.size:
        return result(ivy.zeros_like(x._data))
    (c, t), name = _common(p, x)
    y = ivy.zeros_like(t)
    for i in range(p.shape[0]):
        ci = ivy.get_item(c, i)
        y = ivy.logical_or(ivy.logical_and(y, t), ci) if name == "bool" else \
            ivy.add(ivy.multiply(y, t), ci)
    return result(y)


def trapezoid(y, x=None, dx=1.0, axis=-1):
    y = _arr(y)
    ax = one_axis(axis, y.ndim)
    if x is None:
        d = dx
    else:
        x = _arr(x)
        if x.ndim == 1:
            d = diff(x)
            d = _wrap(ivy.reshape(d._data, (1,) * ax + (d.shape[0],) + (1,) * (y.ndim - ax - 1)))
        else:
            d = diff(x, axis=ax)
    hi = _wrap(ivy.get_item(y._data, _slice(y.ndim, ax, slice(1, None))))
    lo = _wrap(ivy.get_item(y._data, _slice(y.ndim, ax, slice(None, -1))))
    parts = UFUNCS["true_divide"](UFUNCS["multiply"](d, UFUNCS["add"](hi, lo)), 2.0)
    return result(ivy.sum(_arr(parts)._data, axis=ax))


# ---- vecdot, matvec, vecmat: NumPy 2's gufuncs of vectors ----------------------------------------

class _VectorGufunc(ufunc):
    """``np.vecdot`` ``(n),(n)->()``, ``np.matvec`` ``(m,n),(n)->(m)``, ``np.vecmat``
    ``(n),(n,m)->(m)``: products over the last core axis, batch axes broadcast; vecdot and vecmat
    conjugate their vector operand x1."""

    def __new__(cls, name, signature, cores):
        return object.__new__(cls)

    def __init__(self, name, signature, cores):
        self.__name__, self.nin, self.nout, self.nargs, self.identity = name, 2, 1, 3, None
        self._np, self._loops, self._sig, self._cores = getattr(np, name), {}, signature, cores

    @property
    def signature(self):
        return self._sig

    def __call__(self, x1, x2, /, out=None, *, casting="same_kind", order="K", dtype=None,
                 subok=True, signature=None, axes=None, axis=None):
        name = self.__name__
        if signature is not None or axes is not None or (axis is not None and name != "vecdot"):
            raise NotImplementedError(f"{name}: signature=, axes= (and axis= but for vecdot) "
                                      f"are not supported by ivy's numpy frontend")
        a, b = _arr(x1), _arr(x2)
        for i, (op, k) in enumerate(zip((a, b), self._cores)):
            if op.ndim < k:
                raise ValueError(f"{name}: Input operand {i} does not have enough dimensions (has "
                                 f"{op.ndim}, gufunc core with signature {self._sig} requires "
                                 f"{k})")
        if axis is not None:
            a = _wrap(ivy.moveaxis(a._data, one_axis(axis, a.ndim), -1))
            b = _wrap(ivy.moveaxis(b._data, one_axis(axis, b.ndim), -1))
        n = a.shape[-1]
        m = b.shape[-2] if self._cores[1] == 2 else b.shape[-1]
        if m != n:
            raise ValueError(f"{name}: Input operand 1 has a mismatch in its core dimension 0, "
                             f"with gufunc signature {self._sig} (size {m} is different from "
                             f"{n})")
        np.broadcast_shapes(a.shape[:a.ndim - self._cores[0]], b.shape[:b.ndim - self._cores[1]])
        names = self._loop((a, b), dtype, casting)
        x, y = to_native(a, names[0]), to_native(b, names[1])
        if name != "matvec" and names[0] in _COMPLEX:
            x = ivy.conj(x)
        if name == "matvec":
            r = _run(ivy.matmul, (x, ivy.expand_dims(y, axis=-1)), names[2], _BOOL_AS_INT)
            r = ivy.get_item(r, (Ellipsis, 0))
        else:
            r = _run(ivy.matmul, (ivy.expand_dims(x, axis=-2), y if name == "vecmat" else
                                  ivy.expand_dims(y, axis=-1)), names[2], _BOOL_AS_INT)
            r = ivy.get_item(r, (Ellipsis, 0, slice(None)) if name == "vecmat" else
                             (Ellipsis, 0, 0))
        if out is None:
            return _wrap(r) if len(r.shape) else scalar(r)
        return _finish(name, r, out, True, casting)


vecdot = _VectorGufunc("vecdot", "(n),(n)->()", (1, 1))
matvec = _VectorGufunc("matvec", "(m,n),(n)->(m)", (2, 1))
vecmat = _VectorGufunc("vecmat", "(n),(n,m)->(m)", (1, 2))


def _no_reduction(self, *args, **kwargs):
    raise RuntimeError("Reduction not defined on ufunc with signature")


def _no_outer(self, *args, **kwargs):
    raise TypeError("method outer is not allowed in ufunc with non-trivial signature")


def _no_at(self, *args, **kwargs):
    raise TypeError(f"{self.__name__}.at does not support ufunc with non-trivial signature: "
                    f"{self.__name__} has signature {self.signature}.")


for _cls in (_Matmul, _VectorGufunc):       # gufuncs: no reductions, outer products or .at
    _cls.reduce = _cls.accumulate = _cls.reduceat = _no_reduction
    _cls.outer, _cls.at = _no_outer, _no_at


def einsum_path(*operands, optimize="greedy", einsum_call=False):
    """The contraction order depends on shapes only: NumPy's planner on stand-ins of no data."""
    if einsum_call:
        raise NotImplementedError("einsum_path: einsum_call= is not supported by ivy's numpy "
                                  "frontend")
    stand_in = [np.broadcast_to(np.zeros((), o.dtype), o.shape) if isinstance(o, ndarray) else o
                for o in operands]
    return np.einsum_path(*stand_in, optimize=optimize)


# ---- NumPy 2's cumulative_sum / cumulative_prod --------------------------------------------------

def _cumulative_new(core, fn):
    def cumulate(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
        a = _arr(x)
        v = a._data
        if not a.ndim:
            v, ax = ivy.reshape(v, (1,)), one_axis(0 if axis is None else axis, 1)
        elif axis is None:
            if a.ndim > 1:
                raise ValueError("For arrays which have more than one dimension ``axis`` "
                                 "argument is required.")
            ax = 0
        else:
            ax = one_axis(axis, a.ndim)
        name = native_name(v)
        target = T.name_of(dtype, fn) if dtype is not None else _SMALL_INTS.get(name, name)
        r = getattr(ivy, core)(v if target == name else ivy.astype(v, target), axis=ax,
                               dtype=target, include_initial=builtins.bool(include_initial))
        return _wrap(r) if out is None else _finish(fn, r, out, True, "unsafe")
    cumulate.__name__ = fn
    return cumulate


cumulative_sum = _cumulative_new("cumulative_sum", "cumulative_sum")
cumulative_prod = _cumulative_new("cumulative_prod", "cumulative_prod")


# ---- elementwise functions that are not ufuncs ---------------------------------------------------

def _float_name(a):
    """NumPy's inexact result dtype for ``a`` (integers and bool compute in float64)."""
    return native_name(a._data) if a.dtype.kind in "fc" else "float64"


def sinc(x):
    a = _arr(x)
    name = T.result_name((a.dtype, 1.0))
    if name in _COMPLEX:      # sin(pi x) / (pi x), 1 at 0
        y = ivy.multiply(to_native(a, name), np.pi)
        zero = ivy.equal(y, 0)
        y = ivy.where(zero, ivy.ones_like(y), y)
        return result(ivy.where(zero, ivy.ones_like(y), ivy.divide(ivy.sin(y), y)))
    return result(ivy.sinc(to_native(a, name)))


def i0(x):
    a = _arr(x)
    if a.dtype.kind == "c":
        raise TypeError("i0 not supported for complex values")
    return _wrap(ivy.i0(to_native(a, _float_name(a))))


def angle(z, deg=False):
    a = _arr(z)
    if a.dtype.kind == "c":
        res = UFUNCS["arctan2"](_wrap(ivy.imag(a._data)), _wrap(ivy.real(a._data)))
    else:
        res = UFUNCS["arctan2"](0, a)
    return UFUNCS["multiply"](res, 180 / np.pi) if deg else res


def real(val):
    try:
        return val.real
    except AttributeError:
        return asarray(val).real


def imag(val):
    try:
        return val.imag
    except AttributeError:
        return asarray(val).imag


def isreal(x):
    return imag(x) == 0


def iscomplex(x):
    a = _arr(x)
    if a.dtype.kind == "c":
        return UFUNCS["not_equal"](_wrap(ivy.imag(a._data)), 0)
    return result(ivy.zeros(a.shape, dtype="bool"))


def iscomplexobj(x):
    try:
        kind = x.dtype.kind
    except AttributeError:
        kind = _arr(x).dtype.kind
    return kind == "c"


def isrealobj(x):
    return not iscomplexobj(x)


def _infinity_test(negative):
    def test(x, out=None):
        a = _arr(x)
        if a.dtype.kind == "c":
            raise TypeError(f"This operation is not supported for {a.dtype} values because it "
                            f"would be ambiguous.")
        sign = UFUNCS["signbit"](a)
        if not negative:
            sign = UFUNCS["logical_not"](sign)
        return UFUNCS["logical_and"](UFUNCS["isinf"](a), sign, out=out)
    test.__name__ = "isneginf" if negative else "isposinf"
    return test


isneginf, isposinf = _infinity_test(True), _infinity_test(False)


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    a = _arr(x)
    r = ivy.nan_to_num(a._data, nan=nan, posinf=posinf, neginf=neginf)
    if not copy and isinstance(x, ndarray):
        assign_native(x, r)
        return x if x.ndim else scalar(x._data)
    return result(r)


def fix(x, out=None):
    return UFUNCS["trunc"](x, out=out)


def real_if_close(a, tol=100):
    a = _arr(a)
    if a.dtype.kind != "c":
        return a
    if tol > 1:
        tol = np.finfo(a.dtype).eps * tol
    if builtins.bool(ivy.to_numpy(ivy.all(ivy.less(ivy.abs(ivy.imag(a._data)), tol)))):
        return a.real
    return a


_SMALL_TO_COMPLEX64 = frozenset({"int8", "uint8", "int16", "uint16"})


def sort_complex(a):
    """Sorted along the last axis by real part, then imaginary part; complex out."""
    b = _arr(a)
    _axes(-1, b.ndim)
    name = native_name(b._data)
    target = name if name in _COMPLEX else "complex64" if name in _SMALL_TO_COMPLEX64 else \
        "complex128"
    x = to_native(b, target)
    take = ivy.take_along_axis
    order = ivy.argsort(ivy.imag(x), axis=-1, stable=True)
    order = take(order, ivy.argsort(take(ivy.real(x), order, axis=-1), axis=-1, stable=True),
                 axis=-1)
    return _wrap(take(x, order, axis=-1))


def unwrap(p, discont=None, axis=-1, *, period=2 * np.pi):
    """Adds multiples of ``period`` where consecutive values jump by more than ``discont``
    (default period / 2): each step is brought into [-period/2, period/2), its correction
    accumulated along ``axis``."""
    U = UFUNCS
    p = _arr(p)
    step = diff(p, axis=axis)
    ax = one_axis(axis, p.ndim)
    if discont is None:
        discont = period / 2
    name = T.NAME[np.result_type(step.dtype, period)]
    if name in T.INTEGRAL:
        high, rest = divmod(period, 2)
        ambiguous = rest == 0
    else:
        high, ambiguous = period / 2, True
    wrapped = U["add"](U["remainder"](U["subtract"](step, -high), period), -high)
    if ambiguous:       # a jump of exactly +period/2 stays +period/2
        at_low = U["logical_and"](U["equal"](wrapped, -high), U["greater"](step, 0))
        wrapped = _wrap(ivy.where(_arr(at_low)._data, ivy.asarray(high, dtype=wrapped.dtype.name),
                                  wrapped._data))
    fix_ = _arr(U["subtract"](wrapped, step))
    small = _arr(U["less"](U["absolute"](step), discont))
    fix_ = _wrap(ivy.where(small._data, ivy.zeros_like(fix_._data), fix_._data))
    rest = U["add"](_wrap(ivy.get_item(p._data, _slice(p.ndim, ax, slice(1, None)))),
                    cumsum(fix_, axis=ax))
    parts = [to_native(_wrap(ivy.get_item(p._data, _slice(p.ndim, ax, slice(0, 1)))), name),
             to_native(rest, name)]
    return _wrap(ivy.concat(parts, axis=ax))


def _gradient_axis(y, ax, h, edge_order):
    """The gradient of native ``y`` along ``ax``: spacing ``h`` a number or a native of the
    N - 1 steps; second-order central differences inside, one-sided ones of ``edge_order`` at
    the ends."""
    nd = len(y.shape)

    def at(s):
        return ivy.get_item(y, _slice(nd, ax, s))
    mul, add, sub, div = ivy.multiply, ivy.add, ivy.subtract, ivy.divide
    if not hasattr(h, "shape"):
        inner = div(sub(at(slice(2, None)), at(slice(None, -2))), 2.0 * h)
        if edge_order == 1:
            first = div(sub(at(slice(1, 2)), at(slice(0, 1))), h)
            last = div(sub(at(slice(-1, None)), at(slice(-2, -1))), h)
        else:
            first = add(add(mul(at(slice(0, 1)), -1.5 / h), mul(at(slice(1, 2)), 2.0 / h)),
                        mul(at(slice(2, 3)), -0.5 / h))
            last = add(add(mul(at(slice(-3, -2)), 0.5 / h), mul(at(slice(-2, -1)), -2.0 / h)),
                       mul(at(slice(-1, None)), 1.5 / h))
        return ivy.concat([first, inner, last], axis=ax)
    shape = [1] * nd
    shape[ax] = -1
    d1 = ivy.reshape(ivy.get_item(h, slice(None, -1)), shape)
    d2 = ivy.reshape(ivy.get_item(h, slice(1, None)), shape)
    s = add(d1, d2)
    a, b, c = (div(ivy.negative(d2), mul(d1, s)), div(sub(d2, d1), mul(d1, d2)),
               div(d1, mul(d2, s)))
    inner = add(add(mul(a, at(slice(None, -2))), mul(b, at(slice(1, -1)))),
                mul(c, at(slice(2, None))))
    if edge_order == 1:
        first = div(sub(at(slice(1, 2)), at(slice(0, 1))), ivy.get_item(h, slice(0, 1)))
        last = div(sub(at(slice(-1, None)), at(slice(-2, -1))), ivy.get_item(h, slice(-1, None)))
    else:
        p, q = ivy.get_item(h, 0), ivy.get_item(h, 1)
        s = add(p, q)
        first = add(add(mul(at(slice(0, 1)), ivy.negative(div(add(mul(p, 2.0), q), mul(p, s)))),
                        mul(at(slice(1, 2)), div(s, mul(p, q)))),
                    mul(at(slice(2, 3)), ivy.negative(div(p, mul(q, s)))))
        p, q = ivy.get_item(h, -2), ivy.get_item(h, -1)
        s = add(p, q)
        last = add(add(mul(at(slice(-3, -2)), div(q, mul(p, s))),
                       mul(at(slice(-2, -1)), ivy.negative(div(s, mul(p, q))))),
                   mul(at(slice(-1, None)), div(add(mul(q, 2.0), p), mul(q, s))))
    return ivy.concat([first, inner, last], axis=ax)


def gradient(f, *varargs, axis=None, edge_order=1):
    f = _arr(f)
    axes = tuple(range(f.ndim)) if axis is None else _axes(
        tuple(axis) if isinstance(axis, list) else axis, f.ndim)
    if not varargs:
        spacing = [1.0] * len(axes)
    elif len(varargs) == 1 and not _arr(varargs[0]).ndim:
        spacing = list(varargs) * len(axes)
    elif len(varargs) == len(axes):
        spacing = list(varargs)
    else:
        raise TypeError("invalid number of arguments")
    if edge_order > 2:
        raise ValueError("'edge_order' greater than 2 not supported")
    out_name = _float_name(f)
    steps, kinds = [], []
    for ax, h in zip(axes, spacing):
        if type(h) in (int, float):
            steps.append(float(h))
            continue
        h = _arr(h)
        if h.ndim == 0:
            steps.append(scalar(h._data).item())
            kinds.append(h.dtype)
            continue
        if h.ndim != 1:
            raise ValueError("distances must be either scalars or 1d")
        if h.shape[0] != f.shape[ax]:
            raise ValueError("when 1d, distances must match the length of the corresponding "
                             "dimension")
        d = diff(h if h.dtype.kind in "fc" else _wrap(to_native(h, "float64")))
        step = d._data
        if d.shape[0] and builtins.bool(ivy.all(ivy.equal(step, ivy.get_item(step, 0)))):
            step = scalar(ivy.get_item(step, 0)).item()      # uniform
        steps.append(step)
        kinds.append(d.dtype)
    name = T.NAME[np.result_type(T.NP[out_name], *kinds)]
    y = to_native(f, name)
    res = []
    for ax, h in zip(axes, steps):
        if f.shape[ax] < edge_order + 1:
            raise ValueError("Shape of array too small to calculate a numerical gradient, at "
                             "least (edge_order + 1) elements are required.")
        if hasattr(h, "shape"):
            h = ivy.astype(h, name) if native_name(h) != name else h
        g = _gradient_axis(y, ax, h, edge_order)
        res.append(_wrap(g if native_name(g) == out_name else ivy.astype(g, out_name)))
    return res[0] if len(res) == 1 else tuple(res)


# ---- type-code queries (metadata only) -----------------------------------------------------------

_BY_SIZE = "GDFgdfQqLlIiHhBb?"


def mintypecode(typechars, typeset="GDFgdf", default="d"):
    codes = {t if isinstance(t, str) else _arr(t).dtype.char for t in typechars}
    common = codes & set(typeset)
    if not common:
        return default
    if "F" in common and "d" in common:
        return "D"
    return builtins.min(common, key=_BY_SIZE.index)


def common_type(*arrays):
    return np.common_type(*[np.empty(0, _arr(a).dtype) for a in arrays])


def typename(char):
    return np.typename(char)


FUNCTIONS = {"dot": dot, "vdot": vdot, "matmul": matmul, "inner": inner, "outer": outer,
             "tensordot": tensordot, "einsum": einsum, "kron": kron, "trace": trace,
             "cross": cross, "cumsum": cumsum, "cumprod": cumprod, "diff": diff,
             "ediff1d": ediff1d, "round": round, "around": round, "allclose": allclose,
             "isclose": isclose, "array_equal": array_equal, "array_equiv": array_equiv,
             "convolve": convolve, "correlate": correlate, "interp": interp, "polyval": polyval,
             "trapezoid": trapezoid, "vecdot": vecdot, "matvec": matvec, "vecmat": vecmat,
             "einsum_path": einsum_path, "cumulative_sum": cumulative_sum,
             "cumulative_prod": cumulative_prod, "sinc": sinc, "i0": i0, "angle": angle,
             "real": real, "imag": imag, "isreal": isreal, "iscomplex": iscomplex,
             "iscomplexobj": iscomplexobj, "isrealobj": isrealobj, "isneginf": isneginf,
             "isposinf": isposinf, "nan_to_num": nan_to_num, "fix": fix,
             "real_if_close": real_if_close, "sort_complex": sort_complex, "unwrap": unwrap,
             "gradient": gradient, "mintypecode": mintypecode, "common_type": common_type,
             "typename": typename}
METHODS = {"dot": dot, "trace": trace, "cumsum": cumsum, "cumprod": cumprod,
           "round": round, "__matmul__": _matmul_operator, "__rmatmul__": _rmatmul_operator,
           "__imatmul__": _imatmul_operator}
