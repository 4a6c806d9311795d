"""jnp products (matmul, dot, einsum, ...), clip, differences, closeness and interpolation.

The dot family promotes by JAX's lattice, computes booleans as integers (a product of booleans is
their logical AND, a sum their OR) and is weak only when every operand is. ``precision`` has no
effect on CPU numerics and is accepted; ``preferred_element_type`` casts the operands, so the
accumulation happens in that dtype.
"""
from __future__ import annotations

import math
import operator

import numpy as np

import ivy
from ivy.core import dtypes as D

from .. import _dtypes as J
from .._array import Array, _wrap, asarray, node_of, promote, promote_pair, to_native
from .._array import _new, dtype_name
from .._dtypes import native_name
from . import _ufuncs as U
from ivy.frontends.jax._late import late as _late

_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_REAL_FLOAT = frozenset(D.REAL_FLOATING)
_PY = frozenset({bool, int, float, complex})


# ---- the dot family ----------------------------------------------------------------------------

def _operands(fn, *xs, preferred=None):
    """(native operands in the compute dtype, result dtype name, weak)."""
    if len(xs) == 2:
        a, b, name, weak = promote_pair(xs[0], xs[1], fn)
        if preferred is None and name != "bool" and type(a) not in _PY and type(b) not in _PY:
            return (a, b), name, weak
        natives = [a, b]
    else:
        natives, name, weak = promote(fn, *xs)
    natives = [ivy.asarray(v, dtype=name) if type(v) in _PY else v for v in natives]
    if preferred is not None:
        name = J.name_of(preferred, fn)
        natives = [v if native_name(v) == name else ivy.astype(v, name) for v in natives]
    if name == "bool":
        natives = [ivy.astype(v, "int32") for v in natives]
    return natives, name, weak


def _result(native, name, weak):
    if name == "bool":
        return _wrap(ivy.not_equal(native, ivy.zeros_like(native)))
    return _wrap(native if native_name(native) == name else ivy.astype(native, name), weak)


def _contracting_error(sa, sb):
    return TypeError(f"dot_general requires contracting dimensions to have the same shape, "
                     f"got {sa} and {sb}.")


def _matmul(a, b):
    sa, sb = a.shape, b.shape
    for i, s in enumerate((sa, sb)):
        if not len(s):
            raise ValueError(f"matmul input operand {i} must have ndim at least 1, but it has "
                             f"ndim 0")
    ka, kb = sa[-1], sb[-2] if len(sb) > 1 else sb[0]
    if ka != kb:
        raise _contracting_error((ka,), (kb,))
    return ivy.matmul(a, b)


def _same_float_pair(a, b):
    """The native operands of two strong frontend arrays of one real floating dtype (the hot
    path: no promotion, the result keeps the dtype), else None."""
    if type(a) is Array and type(b) is Array and not (a.weak_type or b.weak_type):
        name = a._name or dtype_name(a)
        if name in _REAL_FLOAT and name == (b._name or dtype_name(b)):
            return a._data, b._data, name
    return None


def _strong(native, name):
    out = _new(Array)
    out._data, out.weak_type, out._name = native, False, name
    return out


def matmul(a, b, *, precision=None, preferred_element_type=None, out_sharding=None):
    if preferred_element_type is None:
        fast = _same_float_pair(a, b)
        if fast is not None:
            return _strong(_matmul(fast[0], fast[1]), fast[2])
    (x, y), name, weak = _operands("matmul", a, b, preferred=preferred_element_type)
    return _result(_matmul(x, y), name, weak)


def matvec(x1, x2, /):
    (x, y), name, weak = _operands("matvec", x1, x2)
    return _result(ivy.squeeze(_matmul(x, ivy.expand_dims(y, axis=-1)), axis=-1), name, weak)


def vecmat(x1, x2, /):
    (x, y), name, weak = _operands("vecmat", x1, x2)
    if name in _COMPLEX:
        x = ivy.conj(x)
    return _result(ivy.squeeze(_matmul(ivy.expand_dims(x, axis=-2), y), axis=-2), name, weak)


def vecdot(x1, x2, /, *, axis=-1, precision=None, preferred_element_type=None):
    (x, y), name, weak = _operands("vecdot", x1, x2, preferred=preferred_element_type)
    sx, sy = tuple(x.shape), tuple(y.shape)
    if not sx or not sy or sx[axis] != sy[axis]:
        raise ValueError(f"axes must match; got shapes {sx} and {sy} with axis={axis}")
    if name in _COMPLEX:
        x = ivy.conj(x)
    return _result(ivy.sum(ivy.multiply(x, y), axis=axis), name, weak)


def _tensordot(x, y, axes):
    ra, rb = len(x.shape), len(y.shape)
    if isinstance(axes, int) or (hasattr(axes, "__index__") and not isinstance(axes, Array)):
        n = int(axes)
        if n > min(ra, rb):
            raise TypeError(f"Number of tensordot axes (axes {n}) exceeds input ranks "
                            f"({tuple(x.shape)} and {tuple(y.shape)})")
        ax = (list(range(ra - n, ra)), list(range(n)))
    else:
        try:
            aa, bb = axes
        except (TypeError, ValueError):
            raise TypeError(f"tensordot axes argument must be an int, a pair of ints, or a pair "
                            f"of lists/tuples of ints; got {axes!r}") from None
        aa = [int(aa)] if not hasattr(aa, "__len__") else [int(i) for i in aa]
        bb = [int(bb)] if not hasattr(bb, "__len__") else [int(i) for i in bb]
        if len(aa) != len(bb):
            raise TypeError(f"tensordot requires axes lists to have equal length, got {aa} and "
                            f"{bb}.")
        ax = ([i % ra for i in aa], [i % rb for i in bb])
    sa = tuple(x.shape[i] for i in ax[0])
    sb = tuple(y.shape[i] for i in ax[1])
    if sa != sb:
        raise _contracting_error(sa, sb)
    return ivy.tensordot(x, y, axes=ax)


def tensordot(a, b, axes=2, *, precision=None, preferred_element_type=None, out_sharding=None):
    (x, y), name, weak = _operands("tensordot", a, b, preferred=preferred_element_type)
    return _result(_tensordot(x, y, axes), name, weak)


def dot(a, b, *, precision=None, preferred_element_type=None, out_sharding=None):
    fast = _same_float_pair(a, b) if preferred_element_type is None else None
    if fast is not None:
        x, y, name = fast
        sa, sb = x.shape, y.shape
        if 0 < len(sa) <= 2 and 0 < len(sb) <= 2:
            if sa[-1] != sb[0]:
                raise _contracting_error((sa[-1],), (sb[0],))
            return _strong(ivy.matmul(x, y), name)
    (x, y), name, weak = _operands("dot", a, b, preferred=preferred_element_type)
    sa, sb = x.shape, y.shape
    ra, rb = len(sa), len(sb)
    if ra == 0 or rb == 0:
        out = ivy.multiply(x, y)
    elif ra <= 2 and rb <= 2:      # matmul's own cases, and the core's fastest route
        if sa[-1] != sb[0]:
            raise _contracting_error((sa[-1],), (sb[0],))
        out = ivy.matmul(x, y)
        if name in _REAL_FLOAT:     # the core's matmul keeps a floating dtype
            return _wrap(out, weak)
    elif rb == 1:
        out = _tensordot(x, y, ([ra - 1], [0]))
    else:
        out = _tensordot(x, y, ([ra - 1], [rb - 2]))
    return _result(out, name, weak)


def inner(a, b, *, precision=None, preferred_element_type=None):
    (x, y), name, weak = _operands("inner", a, b, preferred=preferred_element_type)
    if len(x.shape) == 0 or len(y.shape) == 0:
        return _result(ivy.multiply(x, y), name, weak)
    return _result(_tensordot(x, y, ([-1], [-1])), name, weak)


def vdot(a, b, *, precision=None, preferred_element_type=None):
    (x, y), name, weak = _operands("vdot", a, b, preferred=preferred_element_type)
    x, y = ivy.reshape(x, (-1,)), ivy.reshape(y, (-1,))
    if name in _COMPLEX:
        x = ivy.conj(x)
    return _result(_tensordot(x, y, ([0], [0])), name, weak)


def outer(a, b, out=None):
    U._no_out(out, "outer")
    (x, y), name, weak = _operands("outer", a, b)
    return _result(ivy.multiply(ivy.reshape(x, (-1, 1)), ivy.reshape(y, (1, -1))), name, weak)


def kron(a, b):
    (x, y), name, weak = _operands("kron", a, b)
    if name == "bool":
        raise TypeError("mul does not accept dtype bool at position 0. Accepted dtypes at "
                        "position 0 are subtypes of integer, floating, complexfloating.")
    return _result(ivy.kron(x, y), name, weak)


_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _sublist(labels):
    return "".join("..." if v is Ellipsis else _LETTERS[int(v)] for v in labels)


def _interleaved(subscripts, operands):
    """einsum(op0, sublist0, op1, sublist1, ..., [out_sublist]) -> (subscripts, operands)."""
    args = (subscripts,) + tuple(operands)
    ops, subs = args[0::2], args[1::2]
    out = None
    if len(args) % 2:
        ops, out = ops[:-1], ops[-1]
    spec = ",".join(_sublist(s) for s in subs)
    if out is not None:
        spec += "->" + _sublist(out)
    return spec, ops


def einsum(subscripts, /, *operands, out=None, optimize="auto", precision=None,
           preferred_element_type=None, _dot_general=None, out_sharding=None):
    """``jnp.einsum``: ``optimize`` only orders the contractions (no effect on the result)."""
    U._no_out(out, "einsum")
    if _dot_general is not None:
        raise NotImplementedError("einsum: the _dot_general argument is not supported")
    if not isinstance(subscripts, str):
        subscripts, operands = _interleaved(subscripts, operands)
    natives, name, weak = _operands("einsum", *operands, preferred=preferred_element_type)
    _check_einsum(subscripts, natives)
    if name in _NARROW_INT or name == "bool":
        # not every backend's einsum has narrow integer kernels; int64 wraps back exactly
        natives = [ivy.astype(v, "int64") for v in natives]
    return _result(ivy.einsum(subscripts, *natives), name, weak)


_NARROW_INT = frozenset(D.INTEGRAL) - {"int64", "uint64"}


def _check_einsum(subscripts, natives):
    inputs = subscripts.split("->")[0].split(",")
    if len(inputs) != len(natives):
        raise ValueError(f"einsum: {len(inputs)} operand subscripts for {len(natives)} operands")
    for i, (spec, x) in enumerate(zip(inputs, natives)):
        n = len(spec.replace("...", "").strip())
        if n != len(x.shape) if "..." not in spec else n > len(x.shape):
            raise ValueError(f"Einstein sum subscript '{spec}' does not contain the correct "
                             f"number of indices for operand {i}.")
    sizes = {}
    for i, (spec, x) in enumerate(zip(inputs, natives)):
        left, _, right = spec.replace(" ", "").partition("...")
        shape = tuple(x.shape)
        for label, dim in zip(left + right, shape[:len(left)] + shape[len(shape) - len(right):]):
            seen = sizes.setdefault(label, dim)
            if seen == 1:           # a size-1 label broadcasts, as in opt_einsum's path search
                sizes[label] = dim
            elif dim not in (1, seen):
                raise ValueError(f"Size of label '{label}' for operand {i} ({seen}) does not "
                                 f"match previous terms ({dim}).")


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    if axis is not None:
        axisa = axisb = axisc = axis
    (x, y), name, weak = _operands("cross", a, b)
    if name == "bool":
        raise TypeError("sub does not accept dtype bool at position 0. Accepted dtypes at "
                        "position 0 are subtypes of integer, floating, complexfloating.")
    x, y = ivy.moveaxis(x, axisa, -1), ivy.moveaxis(y, axisb, -1)
    na, nb = x.shape[-1], y.shape[-1]
    if na not in (2, 3) or nb not in (2, 3):
        raise ValueError("Dimension must be either 2 or 3 for cross product")
    comp = [[ivy.get_item(v, (Ellipsis, i)) for i in range(n)] for v, n in ((x, na), (y, nb))]
    (a0, a1, *ra), (b0, b1, *rb) = comp
    if na == 2 and nb == 2:
        return _result(ivy.subtract(ivy.multiply(a0, b1), ivy.multiply(a1, b0)), name, weak)
    a2 = ra[0] if ra else ivy.zeros_like(a0)
    b2 = rb[0] if rb else ivy.zeros_like(b0)
    mul, sub = _late.multiply, _late.subtract
    c = ivy.stack([sub(mul(a1, b2), mul(a2, b1)), sub(mul(a2, b0), mul(a0, b2)),
                   sub(mul(a0, b1), mul(a1, b0))], axis=-1)
    return _result(ivy.moveaxis(c, -1, axisc), name, weak)


# ---- clip and nan_to_num ---------------------------------------------------------------------

def clip(arr=None, /, min=None, max=None):
    """``jnp.clip`` (JAX 0.10: ``a``/``a_min``/``a_max`` are gone): bounds promote with arr."""
    if arr is None:
        raise ValueError("No input was provided to the clip function.")
    for v in (arr, min, max):
        if v is not None and U.iscomplexobj(v):
            raise ValueError("Clip received a complex value either through the input or the "
                             "min/max keywords. Complex values have no ordering and cannot be "
                             "clipped. Please convert to a real value or array by taking the "
                             "real or imaginary components via jax.numpy.real/imag respectively.")
    out = arr if isinstance(arr, Array) else asarray(to_native(arr, "clip"))
    if min is not None:
        out = U.FUNCTIONS["maximum"](min, out)
    if max is not None:
        out = U.FUNCTIONS["minimum"](max, out)
    return out


def _clip_method(self, min=None, max=None):
    return clip(self, min, max)


def _bound(value, default, x):
    if value is None:
        return default
    if isinstance(value, Array):
        value = value._data
    if ivy.is_native_array(value):
        return ivy.astype(value, native_name(x))
    return value


def nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None):
    """``jnp.nan_to_num``: integers and bools unchanged; a Python scalar gives a strong array."""
    a, name, _ = U._unary_operand(x, "nan_to_num")
    if name not in _REAL_FLOAT and name not in _COMPLEX:
        return _wrap(a)
    if all(v is None or type(v) in _PY for v in (nan, posinf, neginf)):
        return _wrap(ivy.nan_to_num(a, nan=nan, posinf=posinf, neginf=neginf))
    if name in _COMPLEX:
        raise NotImplementedError("nan_to_num: array nan/posinf/neginf with complex input")
    info = D.finfo(name)
    out = ivy.where(ivy.isnan(a), _full(_bound(nan, 0.0, a), a), a)
    pos = ivy.logical_and(ivy.isinf(a), ivy.greater(a, ivy.zeros_like(a)))
    neg = ivy.logical_and(ivy.isinf(a), ivy.less(a, ivy.zeros_like(a)))
    out = ivy.where(pos, _full(_bound(posinf, info.max, a), a), out)
    return _wrap(ivy.where(neg, _full(_bound(neginf, info.min, a), a), out))


def _full(v, like):
    if type(v) in _PY:
        return ivy.full_like(like, v)
    return ivy.broadcast_to(v, tuple(ivy.broadcast_shapes(tuple(v.shape), tuple(like.shape))))


# ---- differences ---------------------------------------------------------------------------------

def _axis(axis, ndim, fn="diff"):
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis % ndim


def _diff_once(x, axis, name):
    n = x.shape[axis]
    hi = ivy.get_item(x, (slice(None),) * axis + (slice(1, None),))
    lo = ivy.get_item(x, (slice(None),) * axis + (slice(0, n - 1),))
    return ivy.not_equal(hi, lo) if name == "bool" else ivy.subtract(hi, lo)


def diff(a, n=1, axis=-1, prepend=None, append=None):
    x0 = to_native(a, "diff")
    nd = len(getattr(x0, "shape", ()))
    if nd == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    n = int(n)
    if n < 0:
        raise ValueError(f"order must be non-negative but got {n}")
    axis = _axis(int(axis), nd)
    parts = [v for v in (prepend, a, append) if v is not None]
    natives, name, weak = promote("diff", *parts)
    natives = [ivy.asarray(v, dtype=name) if type(v) in _PY else v for v in natives]
    shape = tuple(natives[1 if prepend is not None else 0].shape)
    edge = shape[:axis] + (1,) + shape[axis + 1:]
    natives = [ivy.broadcast_to(v, edge) if len(v.shape) == 0 else v for v in natives]
    x = natives[0] if len(natives) == 1 else ivy.concat(natives, axis=axis)
    for _ in range(n):
        x = _diff_once(x, axis, name)
    return _wrap(x, weak)


def ediff1d(ary, to_end=None, to_begin=None):
    a, name, weak = U._unary_operand(ary, "ediff1d")
    if name == "bool":
        raise TypeError("sub does not accept dtype bool at position 0. Accepted dtypes at "
                        "position 0 are subtypes of integer, floating, complexfloating.")
    a = ivy.reshape(a, (-1,))
    parts = [_diff_once(a, 0, name)]
    if to_begin is not None:
        parts.insert(0, _raveled(to_begin, name))
    if to_end is not None:
        parts.append(_raveled(to_end, name))
    return _wrap(parts[0] if len(parts) == 1 else ivy.concat(parts, axis=0), weak)


def _raveled(v, name):
    v = to_native(v, "ediff1d")
    v = ivy.asarray(v, dtype=name) if type(v) in _PY else ivy.astype(v, name)
    return ivy.reshape(v, (-1,))


def _slice(x, axis, start, stop):
    return ivy.get_item(x, (slice(None),) * axis + (slice(start, stop),))


def _gradient_along(f, h, axis):
    """Second-order central differences inside, first-order at the edges (numpy's scheme)."""
    upper = ivy.subtract(_slice(f, axis, 1, 2), _slice(f, axis, 0, 1))
    lower = ivy.subtract(_slice(f, axis, -1, None), _slice(f, axis, -2, -1))
    if len(getattr(h, "shape", ())) == 0:
        inner = ivy.divide(ivy.multiply(ivy.subtract(_slice(f, axis, 2, None),
                                                     _slice(f, axis, None, -2)), 0.5), h)
        upper, lower = ivy.divide(upper, h), ivy.divide(lower, h)
    else:
        shape = [1] * len(f.shape)
        shape[axis] = -1
        dx = ivy.subtract(ivy.get_item(h, slice(1, None)), ivy.get_item(h, slice(None, -1)))
        dx1 = ivy.reshape(ivy.get_item(dx, slice(0, -1)), tuple(shape))
        dx2 = ivy.reshape(ivy.get_item(dx, slice(1, None)), tuple(shape))
        s = ivy.add(dx1, dx2)
        wa = ivy.divide(ivy.negative(dx2), ivy.multiply(dx1, s))
        wb = ivy.divide(ivy.subtract(dx2, dx1), ivy.multiply(dx1, dx2))
        wc = ivy.divide(dx1, ivy.multiply(dx2, s))
        inner = ivy.add(ivy.add(ivy.multiply(wa, _slice(f, axis, 0, -2)),
                                ivy.multiply(wb, _slice(f, axis, 1, -1))),
                        ivy.multiply(wc, _slice(f, axis, 2, None)))
        upper = ivy.divide(upper, ivy.get_item(dx, 0))
        lower = ivy.divide(lower, ivy.get_item(dx, -1))
    return ivy.concat([upper, inner, lower], axis=axis)


def gradient(f, *varargs, axis=None, edge_order=None):
    if edge_order is not None:
        raise NotImplementedError("The 'edge_order' argument to jnp.gradient is not supported.")
    x0 = to_native(f, "gradient")
    nd = len(getattr(x0, "shape", ()))
    axes = tuple(range(nd)) if axis is None else \
        (axis,) if not isinstance(axis, (tuple, list)) else tuple(axis)
    axes = tuple(_axis(int(ax), nd, "gradient") for ax in axes)
    if len(varargs) == 0:
        spacings = [1.0] * len(axes)
    elif len(varargs) == 1 and len(getattr(to_native(varargs[0], "gradient"), "shape", ())) == 0:
        spacings = list(varargs) * len(axes)
    elif len(varargs) == len(axes):
        spacings = list(varargs)
    else:
        raise TypeError("Invalid number of spacing arguments %d" % len(varargs))
    # Python-scalar spacings do not take part in the promotion
    arrays = [s for s in spacings if type(s) not in _PY]
    natives, name, weak = promote("gradient", f, *arrays)
    if name not in _REAL_FLOAT and name not in _COMPLEX:
        name = J.inexact_name(name, weak)
    natives = iter(ivy.astype(v, name) for v in natives)
    x = next(natives)
    hs = [s if type(s) in _PY else next(natives) for s in spacings]
    for ax in axes:
        if x.shape[ax] < 2:
            raise ValueError("Shape of array too small to calculate a numerical gradient, at "
                             "least (edge_order + 1) elements are required.")
    out = [_wrap(_gradient_along(x, h, ax)) for ax, h in zip(axes, hs)]
    return out[0] if len(out) == 1 else out


def trapezoid(y, x=None, dx=1.0, axis=-1):
    parts = [y] + ([x] if x is not None else [] if type(dx) in _PY else [dx])
    natives, name, weak = promote("trapezoid", *parts)
    if name not in _REAL_FLOAT and name not in _COMPLEX:
        name = J.inexact_name(name, weak)
    yy = ivy.astype(natives[0], name)
    nd = len(yy.shape)
    yy = ivy.moveaxis(yy, axis, -1)
    if x is None:
        d = dx if type(dx) in _PY else ivy.astype(natives[1], name)
        if type(d) in _PY:
            d = ivy.asarray(d, dtype=name)
    else:
        xx = ivy.astype(natives[1], name)
        xx = ivy.moveaxis(xx, axis, -1) if len(xx.shape) == nd else xx
        d = _diff_once(xx, len(xx.shape) - 1, name)
    n = yy.shape[-1]
    s = ivy.add(_slice(yy, nd - 1, 1, None), _slice(yy, nd - 1, 0, n - 1))
    return _wrap(ivy.multiply(ivy.sum(ivy.multiply(d, s), axis=-1), 0.5))


def unwrap(p, discont=None, axis=-1, period=2 * math.pi):
    (x, per), name, weak = promote("unwrap", p, period)
    if name not in _REAL_FLOAT:
        name = J.inexact_name(name, weak)
    x = ivy.astype(x, name) if native_name(x) != name else x
    nd = len(x.shape)
    if nd == 0:
        raise IndexError("tuple index out of range")
    axis = int(axis) % nd
    dd = _diff_once(x, axis, name)
    half = period / 2 if type(period) in _PY else ivy.divide(ivy.astype(per, name), 2)
    disc = half if discont is None else discont
    ddmod = ivy.add(ivy.remainder(ivy.add(dd, half), _native_like(period, dd)),
                    ivy.negative(_native_like(half, dd)))
    high = _native_like(half, dd)
    ddmod = ivy.where(ivy.logical_and(ivy.equal(ddmod, ivy.negative(high)),
                                      ivy.greater(dd, ivy.zeros_like(dd))),
                      ivy.broadcast_to(high, tuple(dd.shape)), ddmod)
    correct = ivy.subtract(ddmod, dd)
    correct = ivy.where(ivy.less(ivy.abs(dd), _native_like(disc, dd)),
                        ivy.zeros_like(correct), correct)
    first = _slice(x, axis, 0, 1)
    rest = ivy.add(_slice(x, axis, 1, None), ivy.cumulative_sum(correct, axis=axis))
    return _wrap(ivy.concat([first, rest], axis=axis))


def _native_like(v, like):
    v = to_native(v, "unwrap")
    return ivy.full_like(like, v) if type(v) in _PY else ivy.astype(v, native_name(like))


# ---- closeness and equality -------------------------------------------------------------------

def _tolerance(v, fn):
    if type(v) in _PY:
        return float(v)
    v = to_native(v, fn)
    if type(v) in _PY:
        return float(v)
    if len(v.shape) == 0:
        return float(ivy.to_numpy(v).item())
    raise NotImplementedError(f"{fn}: array-valued rtol/atol are not supported")


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    (x, y), name, _ = promote("isclose", a, b)
    x, y = (ivy.asarray(v, dtype=name) if type(v) in _PY else v for v in (x, y))
    if name not in _REAL_FLOAT and name not in _COMPLEX:
        return _wrap(ivy.equal(x, y))
    return _wrap(ivy.isclose(x, y, rtol=_tolerance(rtol, "isclose"),
                             atol=_tolerance(atol, "isclose"), equal_nan=bool(equal_nan)))


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return _wrap(ivy.all(isclose(a, b, rtol, atol, equal_nan)._data))


def array_equal(a1, a2, equal_nan=False):
    x, y = asarray(a1), asarray(a2)
    if x.shape != y.shape:
        return _wrap(ivy.asarray(False))
    eq = U.FUNCTIONS["equal"](x, y)._data
    if equal_nan:
        both = ivy.logical_and(U.FUNCTIONS["isnan"](x)._data, U.FUNCTIONS["isnan"](y)._data) \
            if native_name(x._data) in _REAL_FLOAT | _COMPLEX or \
            native_name(y._data) in _REAL_FLOAT | _COMPLEX else None
        if both is not None:
            eq = ivy.logical_or(eq, both)
    return _wrap(ivy.all(eq))


def array_equiv(a1, a2):
    x, y = asarray(a1), asarray(a2)
    try:
        ivy.broadcast_shapes(x.shape, y.shape)
    except Exception:
        return _wrap(ivy.asarray(False))
    return _wrap(ivy.all(U.FUNCTIONS["equal"](x, y)._data))


# ---- interpolation and convolution ------------------------------------------------------------

def interp(x, xp, fp, left=None, right=None, period=None):
    """``jnp.interp``: piecewise-linear; ``left``/``right`` may be "extrapolate"."""
    nodes = [node_of(v) for v in (x, xp, fp)]
    name = J.join_nodes(nodes)[0]
    if name not in _REAL_FLOAT and name not in _COMPLEX:
        name = J.inexact_name(name)
    real = "float64" if name == "complex128" else "float32" if name == "complex64" else name
    xv, xpv = (ivy.astype(_native(v, "interp"), real) for v in (x, xp))
    fpv = ivy.astype(_native(fp, "interp"), name)
    if len(xpv.shape) != 1 or len(fpv.shape) != 1:
        raise ValueError("xp and fp must be one-dimensional")
    if xpv.shape[0] != fpv.shape[0]:
        raise ValueError("xp and fp must be the same length")
    if period is not None:
        if isinstance(left, str) or isinstance(right, str):
            raise ValueError("interp: left/right must not be strings when period is given")
        per = abs(float(period))
        xv, xpv = ivy.remainder(xv, per), ivy.remainder(xpv, per)
        order = ivy.argsort(xpv)
        xpv, fpv = ivy.take(xpv, order, axis=0), ivy.take(fpv, order, axis=0)
        xpv = ivy.concat([ivy.subtract(ivy.get_item(xpv, slice(-1, None)), per), xpv,
                          ivy.add(ivy.get_item(xpv, slice(0, 1)), per)], axis=0)
        fpv = ivy.concat([ivy.get_item(fpv, slice(-1, None)), fpv,
                          ivy.get_item(fpv, slice(0, 1))], axis=0)
    n = xpv.shape[0]
    i = ivy.clip(ivy.searchsorted(xpv, xv, side="right"), 1, n - 1)
    im1 = ivy.subtract(i, 1)
    x0, x1 = ivy.take(xpv, im1, axis=0), ivy.take(xpv, i, axis=0)
    f0, f1 = ivy.take(fpv, im1, axis=0), ivy.take(fpv, i, axis=0)
    dx = ivy.subtract(x1, x0)
    tiny = ivy.less_equal(ivy.abs(dx), float(np.spacing(D.finfo(real).eps)))
    slope = ivy.divide(ivy.subtract(xv, x0), ivy.where(tiny, ivy.ones_like(dx), dx))
    if name in _COMPLEX:
        slope = ivy.astype(slope, name)
    f = ivy.where(tiny, f0, ivy.add(f0, ivy.multiply(slope, ivy.subtract(f1, f0))))
    if period is None:
        if not isinstance(left, str):
            lv = ivy.get_item(fpv, 0) if left is None else _native_like(left, f)
            f = ivy.where(ivy.less(xv, ivy.get_item(xpv, 0)), lv, f)
        elif left != "extrapolate":
            raise ValueError(f"the only valid string value of `left` is 'extrapolate', got: "
                             f"{left}")
        if not isinstance(right, str):
            rv = ivy.get_item(fpv, -1) if right is None else _native_like(right, f)
            f = ivy.where(ivy.greater(xv, ivy.get_item(xpv, -1)), rv, f)
        elif right != "extrapolate":
            raise ValueError(f"the only valid string value of `right` is 'extrapolate', got: "
                             f"{right}")
    return _wrap(f)


def _native(v, fn):
    v = to_native(v, fn)
    return ivy.asarray(v) if type(v) in _PY else v


def _conv(a, v, mode, fn, preferred, conj):
    if mode not in ("full", "same", "valid"):
        raise ValueError("mode must be one of ['full', 'same', 'valid']")
    (x, y), name, weak = _operands(fn, a, v, preferred=preferred)
    if name not in _REAL_FLOAT and name not in _COMPLEX:
        name = J.inexact_name(name, weak)
        x, y = ivy.astype(x, name), ivy.astype(y, name)
    if len(x.shape) != 1 or len(y.shape) != 1:
        raise ValueError(f"{fn}() only support 1-dimensional inputs.")
    n, m = x.shape[0], y.shape[0]
    if n == 0 or m == 0:
        raise ValueError(f"{fn}: inputs cannot be empty, got shapes {tuple(x.shape)} and "
                         f"{tuple(y.shape)}.")
    if conj:      # correlate(a, v) is convolve(a, conj(v)[::-1])
        y = ivy.flip(ivy.conj(y) if name in _COMPLEX else y, axis=0)
    if n < m:     # the full convolution is symmetric; 'same'/'valid' use the longer length
        x, y, n, m = y, x, m, n
    zeros = ivy.zeros((m - 1,), dtype=name)
    padded = ivy.concat([zeros, x, zeros], axis=0)
    idx = np.arange(n + m - 1)[:, None] + np.arange(m)[None, :]
    windows = ivy.take(padded, ivy.asarray(idx.reshape(-1)), axis=0)
    full = ivy.matmul(ivy.reshape(windows, (n + m - 1, m)), ivy.flip(y, axis=0))
    if mode == "same":
        start = (m - 1) // 2
        full = ivy.get_item(full, slice(start, start + n))
    elif mode == "valid":
        full = ivy.get_item(full, slice(m - 1, n))
    return _wrap(full)


def convolve(a, v, mode="full", *, precision=None, preferred_element_type=None):
    return _conv(a, v, mode, "convolve", preferred_element_type, False)


def correlate(a, v, mode="valid", *, precision=None, preferred_element_type=None):
    return _conv(a, v, mode, "correlate", preferred_element_type, True)


# ---- window functions (default float, strong) -------------------------------------------------

def _window_n(M, fn):
    M = operator.index(M)
    if M < 0:
        raise TypeError(f"broadcast_in_dim shape must have every element be nonnegative, got "
                        f"({M},).")
    name = J.DEFAULT["float"]
    return M, name, ivy.arange(0, M, 1, dtype=name)


def _cosine_window(coefficients, fn):
    def window(M):
        M, name, n = _window_n(M, fn)
        if M <= 1:
            return _wrap(ivy.ones((M,), dtype=name))
        out = ivy.full((M,), coefficients[0], dtype=name)
        for k, c in enumerate(coefficients[1:], start=1):
            term = ivy.multiply(ivy.cos(ivy.multiply(n, 2 * k * math.pi / (M - 1))), c)
            out = ivy.add(out, term)
        return _wrap(out)
    window.__name__ = window.__qualname__ = fn
    return window


hamming = _cosine_window((0.54, -0.46), "hamming")
hanning = _cosine_window((0.5, -0.5), "hanning")
blackman = _cosine_window((0.42, -0.5, 0.08), "blackman")


def bartlett(M):
    M, name, n = _window_n(M, "bartlett")
    if M <= 1:
        return _wrap(ivy.ones((M,), dtype=name))
    return _wrap(ivy.subtract(1.0, ivy.abs(ivy.subtract(ivy.multiply(n, 2.0 / (M - 1)), 1.0))))


def kaiser(M, beta):
    M, name, n = _window_n(M, "kaiser")
    if M <= 1:
        return _wrap(ivy.ones((M,), dtype=name))
    b = to_native(beta, "kaiser")
    b = ivy.asarray(b, dtype=name) if type(b) in _PY else ivy.astype(b, name)
    r = ivy.subtract(ivy.multiply(n, 2.0 / (M - 1)), 1.0)
    arg = ivy.multiply(b, ivy.sqrt(ivy.subtract(1.0, ivy.multiply(r, r))))
    return _wrap(ivy.divide(ivy.i0(arg), ivy.i0(b)))


# ---- polynomials (coefficients highest power first) --------------------------------------------

def _poly_pair(a1, a2, fn):
    (x, y), name, weak = promote(fn, a1, a2)
    x, y = (ivy.asarray(v, dtype=name) if type(v) in _PY else v for v in (x, y))
    nx, ny = x.shape[0], y.shape[0]      # 0-d input: IndexError, as JAX
    if nx < ny:
        x = ivy.concat([ivy.zeros((ny - nx,), dtype=name), x], axis=0)
    elif ny < nx:
        y = ivy.concat([ivy.zeros((nx - ny,), dtype=name), y], axis=0)
    return x, y, name, weak


def polyadd(a1, a2):
    x, y, name, weak = _poly_pair(a1, a2, "polyadd")
    if name == "bool":
        raise TypeError("add does not accept dtype bool at position 0. Accepted dtypes at "
                        "position 0 are subtypes of integer, floating, complexfloating.")
    return _wrap(ivy.add(x, y), weak)


def polysub(a1, a2):
    x, y, name, weak = _poly_pair(a1, a2, "polysub")
    if name == "bool":
        raise TypeError("neg does not accept dtype bool. Accepted dtypes are subtypes of "
                        "integer, floating, complexfloating.")
    return _wrap(ivy.subtract(x, y), weak)


def _trim_leading_zeros(x):
    v = np.asarray(ivy.to_numpy(x))
    nz = np.flatnonzero(v)
    start = int(nz[0]) if nz.size else max(v.shape[0] - 1, 0)
    return ivy.get_item(x, slice(start, None))


def polymul(a1, a2, *, trim_leading_zeros=False):
    (x, y), name, weak = promote("polymul", a1, a2)
    x, y = (ivy.asarray(v, dtype=name) if type(v) in _PY else v for v in (x, y))
    x, y = (ivy.reshape(v, (1,)) if len(v.shape) == 0 else v for v in (x, y))
    if trim_leading_zeros:
        x, y = _trim_leading_zeros(x), _trim_leading_zeros(y)
    return _conv(_wrap(x), _wrap(y), "full", "polymul", None, False)


def polyval(p, x, *, unroll=16):
    """``jnp.polyval`` by Horner's rule (``unroll`` only tunes JAX's loop)."""
    (c, v), name, weak = promote("polyval", p, x)
    c = ivy.asarray(c, dtype=name) if type(c) in _PY else c
    v = ivy.asarray(v, dtype=name) if type(v) in _PY else v
    if len(c.shape) != 1:
        raise ValueError("polyval: p must be one-dimensional")
    add, mul = (_late.logical_or, _late.logical_and) if name == "bool" else (_late.add, _late.multiply)
    y = ivy.zeros(tuple(v.shape), dtype=name)
    for i in range(c.shape[0]):
        y = add(mul(y, v), ivy.get_item(c, i))
    return _wrap(y, weak)


def _poly_inexact(p, fn):
    a, name, weak = U._unary_operand(p, fn)
    if name not in _REAL_FLOAT and name not in _COMPLEX:
        name = J.inexact_name(name, weak)
        a = ivy.astype(a, name)
    return a, name, weak


def polyder(p, m=1):
    a, name, weak = _poly_inexact(p, "polyder")
    m = operator.index(m)
    if m < 0:
        raise ValueError("Order of derivative must be positive")
    for _ in range(m):
        n = a.shape[0]
        if n == 0:
            break
        a = ivy.multiply(ivy.get_item(a, slice(0, n - 1)),
                         ivy.arange(n - 1, 0, -1, dtype=name))
    return _wrap(a, weak)


def polyint(p, m=1, k=None):
    """``jnp.polyint``: the constants ``k`` take part in the promotion."""
    if k is None:
        a, name, weak = _poly_inexact(p, "polyint")
    else:
        (a, _), name, weak = promote("polyint", p, k)
        if name not in _REAL_FLOAT and name not in _COMPLEX:
            name = J.inexact_name(name, weak)
        a = ivy.astype(a, name)
        weak = isinstance(p, Array) and p.weak_type
    m = operator.index(m)
    if m < 0:
        raise ValueError("Order of integral must be positive (see polyder)")
    if k is None:
        ks = ivy.zeros((m,), dtype=name)
    else:
        kv = to_native(k, "polyint")
        kv = ivy.asarray(kv, dtype=name) if type(kv) in _PY else ivy.astype(kv, name)
        ks = ivy.broadcast_to(kv, (m,)) if len(kv.shape) == 0 else kv
        if ks.shape[0] != m:
            raise ValueError("k must be a scalar or a rank-1 array of length 1 or m.")
    for i in range(m):
        n = a.shape[0]
        a = ivy.concat([ivy.divide(a, ivy.arange(n, 0, -1, dtype=name)),
                        ivy.reshape(ivy.get_item(ks, i), (1,))], axis=0)
    return _wrap(a, weak)


def poly(seq_of_zeros):
    a, name, weak = _poly_inexact(seq_of_zeros, "poly")
    if len(a.shape) > 1:
        raise NotImplementedError("poly of a matrix (its characteristic polynomial) is not "
                                  "supported")
    a = ivy.reshape(a, (-1,))
    coeffs = ivy.ones((1,), dtype=name)
    for i in range(a.shape[0]):
        factor = ivy.stack([ivy.ones((), dtype=name), ivy.negative(ivy.get_item(a, i))])
        coeffs = _conv(_wrap(coeffs), _wrap(factor), "full", "poly", None, False)._data
    return _wrap(coeffs)


# ---- bit packing ------------------------------------------------------------------------------

def _bit_weights(bitorder):
    if bitorder not in ("little", "big"):
        raise ValueError("'order' must be either 'little' or 'big'")
    w = [1 << (7 - i) for i in range(8)]
    return w if bitorder == "big" else w[::-1]


def packbits(a, axis=None, bitorder="big"):
    x, name, _ = U._unary_operand(a, "packbits")
    if name not in D.INTEGRAL and name != "bool":
        raise TypeError("Expected an input array of integer or boolean data type")
    weights = _bit_weights(bitorder)
    if axis is None:
        x, axis = ivy.reshape(x, (-1,)), 0
    axis = _axis(int(axis), len(x.shape))
    bits = ivy.astype(ivy.not_equal(x, ivy.zeros_like(x)), "uint8")
    bits = ivy.moveaxis(bits, axis, -1)
    n = bits.shape[-1]
    pad = -n % 8
    if pad:
        bits = ivy.concat([bits, ivy.zeros(tuple(bits.shape[:-1]) + (pad,), dtype="uint8")],
                          axis=-1)
    bits = ivy.reshape(bits, tuple(bits.shape[:-1]) + ((n + pad) // 8, 8))
    packed = ivy.sum(ivy.multiply(bits, ivy.asarray(np.array(weights, np.uint8))), axis=-1,
                     dtype="uint8")
    return _wrap(ivy.moveaxis(packed, -1, axis))


def unpackbits(a, axis=None, count=None, bitorder="big"):
    x, name, _ = U._unary_operand(a, "unpackbits")
    if name != "uint8":
        raise TypeError("Expected an input array of unsigned byte data type")
    shifts = [7 - i for i in range(8)] if _bit_weights(bitorder)[0] == 128 else list(range(8))
    if axis is None:
        x, axis = ivy.reshape(x, (-1,)), 0
    axis = _axis(int(axis), len(x.shape))
    x = ivy.moveaxis(x, axis, -1)
    bits = ivy.bitwise_and(ivy.bitwise_right_shift(
        ivy.expand_dims(x, axis=-1), ivy.asarray(np.array(shifts, np.uint8))), 1)
    bits = ivy.reshape(bits, tuple(x.shape[:-1]) + (x.shape[-1] * 8,))
    if count is not None:
        n = bits.shape[-1]
        count = operator.index(count)
        keep = count if count >= 0 else max(n + count, 0)
        if keep > n:
            bits = ivy.concat([bits, ivy.zeros(tuple(bits.shape[:-1]) + (keep - n,),
                                               dtype="uint8")], axis=-1)
        else:
            bits = ivy.get_item(bits, (Ellipsis, slice(0, keep)))
    return _wrap(ivy.moveaxis(bits, -1, axis))


FUNCTIONS = {f.__name__: f for f in (
    packbits, unpackbits, polyadd, polysub, polymul, polyval, polyder, polyint, poly,
    hamming, hanning, blackman, bartlett, kaiser,
    matmul, matvec, vecmat, vecdot, tensordot, dot, inner, vdot, outer, kron, einsum, cross,
    clip, nan_to_num, diff, ediff1d, gradient, trapezoid, unwrap, isclose, allclose,
    array_equal, array_equiv, interp, convolve, correlate)}


def _dot_method(self, b, *, precision=None, preferred_element_type=None):
    return dot(self, b, precision=precision, preferred_element_type=preferred_element_type)


METHODS = {"dot": _dot_method, "clip": _clip_method}
