"""Array creation: zeros/ones/full/empty (+ ``_like``), arange, linspace/geomspace/logspace,
eye/identity/tri/tril/triu/diag/diagflat/vander, meshgrid/indices/ix_, block, copy, buffers and
files (``frombuffer``, ``fromstring``, ``load``/``save`` through numpy)."""
from __future__ import annotations

import operator

import numpy as np

import ivy
from ivy.core import dtypes as D

from .. import _dtypes as J
from .._array import Array, _wrap, asarray, node_of, promote
from .._dtypes import native_name
from ._manipulation import _arr, _like, _scalar_fill, concatenate
from ivy.frontends.jax._late import late as _late

_INEXACT = frozenset(D.FLOATING + D.COMPLEX_FLOATING)


def _shape(shape, fn):
    """A shape argument (int, integer array, or a sequence of them) as a tuple of ints."""
    try:
        dims = tuple(operator.index(d) for d in shape) if isinstance(shape, (list, tuple)) \
            else (operator.index(shape),)
    except TypeError:
        raise TypeError(f"Shapes must be 1D sequences of concrete values of integer type, got "
                        f"{shape!r}.") from None
    if any(d < 0 for d in dims):
        raise TypeError(f"{fn}: shape must have every element be nonnegative, got {dims}.")
    return dims


def _dtype_or(dtype, fn, default_kind="float"):
    return J.DEFAULT[default_kind] if dtype is None else J.name_of(dtype, fn)


def _size(n, arg, fn):
    try:
        return operator.index(n)
    except TypeError:
        raise TypeError(f"Shapes must be 1D sequences of concrete values of integer type, got "
                        f"({n!r},). argument of {arg!r} jnp.{fn}().") from None


def _no(value, name, fn):
    if value is not None:
        raise NotImplementedError(f"jnp.{fn}: {name}={value!r} is not supported")


def _range(n, name, like=None):
    return ivy.arange(n, dtype=name) if like is None else ivy.arange(n, dtype=name,
                                                                     device=ivy.device(like))


# ---- filled arrays -------------------------------------------------------------------------------

def zeros(shape, dtype=None, *, device=None, out_sharding=None):
    _no(out_sharding, "out_sharding", "zeros")
    return _wrap(ivy.zeros(_shape(shape, "zeros"), dtype=_dtype_or(dtype, "zeros")))


def ones(shape, dtype=None, *, device=None, out_sharding=None):
    _no(out_sharding, "out_sharding", "ones")
    return _wrap(ivy.ones(_shape(shape, "ones"), dtype=_dtype_or(dtype, "ones")))


def empty(shape, dtype=None, *, device=None, out_sharding=None):
    """``jnp.empty``: zeros, as in JAX."""
    return zeros(shape, dtype, device=device, out_sharding=out_sharding)


def _filled(fill, shape, dtype, fn):
    """(native of ``shape`` filled with ``fill``, weak); ``dtype`` None keeps the fill's."""
    if dtype is None:
        f = _arr(fill, fn, 1)
        data, weak = f._data, f.weak_type
    else:
        name = J.name_of(dtype, fn)
        if type(fill) in (bool, int, float, complex):
            data = _scalar_fill(fill, name)
        else:
            f = _arr(fill, fn, 1)
            data = f._data if native_name(f._data) == name else ivy.astype(f._data, name)
        weak = False
    have = tuple(ivy.shape(data))
    if have != shape:
        if len(have) > len(shape) or any(h not in (1, s) for h, s in zip(have[::-1],
                                                                         shape[::-1])):
            raise ValueError(f"Incompatible types for broadcasting: input shape={have} and "
                             f"requested shape={shape}")
        data = ivy.broadcast_to(data, shape)
    return data, weak


def full(shape, fill_value, dtype=None, *, device=None, out_sharding=None):
    """``jnp.full``: the fill value's dtype and weak type when ``dtype`` is None."""
    _no(out_sharding, "out_sharding", "full")
    data, weak = _filled(fill_value, _shape(shape, "full"), dtype, "full")
    return _wrap(data, weak)


def _like_args(a, dtype, shape, fn):
    if not isinstance(a, Array) and hasattr(a, "shape") and hasattr(a, "dtype") and not \
            isinstance(a, np.ndarray) and not ivy.is_native_array(a):
        # a duck-typed array (jax.ShapeDtypeStruct from eval_shape): its shape and dtype, strong
        return (tuple(a.shape) if shape is None else _shape(shape, fn)), \
            J.name_of(a.dtype if dtype is None else dtype, fn), False
    a = _arr(a, fn)
    name = native_name(a._data) if dtype is None else J.name_of(dtype, fn)
    weak = a.weak_type and dtype is None
    return (a.shape if shape is None else _shape(shape, fn)), name, weak


def zeros_like(a, dtype=None, shape=None, *, device=None, out_sharding=None):
    _no(out_sharding, "out_sharding", "zeros_like")
    s, name, weak = _like_args(a, dtype, shape, "zeros_like")
    return _wrap(ivy.zeros(s, dtype=name), weak)


def ones_like(a, dtype=None, shape=None, *, device=None, out_sharding=None):
    _no(out_sharding, "out_sharding", "ones_like")
    s, name, weak = _like_args(a, dtype, shape, "ones_like")
    return _wrap(ivy.ones(s, dtype=name), weak)


def empty_like(prototype, dtype=None, shape=None, *, device=None):
    s, name, weak = _like_args(prototype, dtype, shape, "empty_like")
    return _wrap(ivy.zeros(s, dtype=name), weak)


def full_like(a, fill_value, dtype=None, shape=None, *, device=None, out_sharding=None):
    _no(out_sharding, "out_sharding", "full_like")
    s, name, weak = _like_args(a, dtype, shape, "full_like")
    data, _ = _filled(fill_value, s, name, "full_like")
    return _wrap(data, weak and np.ndim(fill_value if not isinstance(fill_value, Array) else
                                        fill_value._data) == 0)


# ---- ranges --------------------------------------------------------------------------------------

def _range_scalar(v, what):
    if isinstance(v, (Array, np.ndarray)) or ivy.is_native_array(v):
        if np.ndim(v) if not isinstance(v, Array) else v.ndim:
            raise ValueError(f"jax.numpy.arange: arguments must be scalars; got {what}={v}")
    return v


def arange(start, stop=None, step=None, dtype=None, *, device=None, out_sharding=None):
    """``jnp.arange``: the (strong) dtype its arguments promote to; Python floats give float64."""
    _no(out_sharding, "out_sharding", "arange")
    args = [_range_scalar(v, w) for v, w in ((start, "start"), (stop, "stop"), (step, "step"))
            if v is not None]
    nodes = [node_of(v) for v in args]
    if any(n == "c*" or n.startswith("complex") for n in nodes):
        raise ValueError("Passing complex start/stop/step to jnp.arange is no longer supported "
                         "starting in JAX v0.10.0.")
    name = J.join_nodes(nodes)[0] if dtype is None else \
        J.name_of(dtype, "arange")
    if name == "bool":
        raise TypeError("iota does not accept dtype bool. Accepted dtypes are subtypes of "
                        "integer, floating, complexfloating.")
    values = [v.item() if isinstance(v, (Array, np.ndarray, np.generic)) else
              (ivy.to_numpy(v).item() if ivy.is_native_array(v) else v) for v in args]
    lo, hi = (0, values[0]) if stop is None else (values[0], values[1])
    st = values[2] if step is not None else 1
    if st == 0:
        raise ZeroDivisionError("division by zero")
    n = max(int(np.ceil((hi - lo) / st)), 0)
    if name in D.INTEGRAL:
        # JAX counts with the float bounds, then truncates start and step to the integer dtype
        lo, st = int(np.trunc(lo)), int(np.trunc(st))
    if name in D.INTEGRAL:
        out = ivy.add(ivy.multiply(ivy.arange(n, dtype=name), ivy.asarray(st, dtype=name)),
                      ivy.asarray(lo, dtype=name))
    else:
        compute = "float64"
        out = ivy.add(ivy.multiply(ivy.arange(n, dtype=compute), st), lo)
        out = ivy.astype(out, name) if name != compute else out
    return _wrap(out)


def _spaced(start, stop, dtype, fn):
    """(start native, stop native, output dtype name, compute dtype name) for the *space family."""
    (s0, s1), name, weak = promote(fn, _arr(start, fn), _arr(stop, fn, 1))
    computed = J.inexact_name(name, weak)
    out = computed if dtype is None else J.name_of(dtype, fn)
    wide = "complex128" if computed.startswith("complex") or out.startswith("complex") else \
        "float64"
    return ivy.astype(s0, wide), ivy.astype(s1, wide), out, computed, wide


def _ramp(s0, s1, num, endpoint, axis, wide):
    """start + (stop - start) * i / div along a new ``axis`` (broadcast starts/stops)."""
    s0, s1 = ivy.broadcast_arrays(s0, s1)
    div = (num - 1) if endpoint else num
    shape = tuple(ivy.shape(s0))
    t = ivy.arange(num, dtype="float64", device=ivy.device(s0))
    t = ivy.divide(t, float(div)) if div > 0 else t
    t = ivy.reshape(ivy.astype(t, wide), (num,) + (1,) * len(shape))
    delta = ivy.subtract(s1, s0)
    out = ivy.add(ivy.expand_dims(s0, axis=0), ivy.multiply(t, ivy.expand_dims(delta, axis=0)))
    if num == 1:
        out = ivy.expand_dims(s0, axis=0)          # exactly ``start``, even if ``stop`` is nan
    elif endpoint and num > 1:
        out = ivy.concat([ivy.get_item(out, slice(0, num - 1)), ivy.expand_dims(s1, axis=0)],
                         axis=0)
    ndim = len(shape) + 1
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return ivy.moveaxis(out, 0, axis % ndim) if axis % ndim else out, delta, div


def _to_dtype(x, name, wide):
    if name in D.INTEGRAL:
        x = ivy.floor(x)
    return x if name == wide else ivy.astype(x, name)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0, *,
             device=None):
    """``jnp.linspace``: array start/stop broadcast along a new ``axis``; integer dtypes floor."""
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    s0, s1, name, computed, wide = _spaced(start, stop, dtype, "linspace")
    out, delta, div = _ramp(s0, s1, num, endpoint, axis, wide)
    result = _wrap(_to_dtype(out, name, wide))
    if not retstep:
        return result
    # with no interval JAX's step is a NaN constant (no gradient to start or stop)
    step = ivy.divide(delta, float(div)) if div > 0 else \
        ivy.multiply(ivy.stop_gradient(delta), float("nan"))
    step_name = J.inexact_name(name, False)
    return result, _wrap(ivy.astype(step, step_name) if step_name != wide else step)


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    """``jnp.logspace``: ``base ** linspace(start, stop)``."""
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    s0, s1, name, computed, wide = _spaced(start, stop, dtype, "logspace")
    lin, _, _ = _ramp(s0, s1, num, endpoint, axis, wide)
    b = _arr(base, "logspace", 4)
    bn = ivy.astype(b._data, wide)
    try:
        ivy.broadcast_shapes(tuple(ivy.shape(bn)), tuple(ivy.shape(lin)))
    except ValueError:
        raise TypeError(f"pow got incompatible shapes for broadcasting: {b.shape}, "
                        f"{tuple(ivy.shape(lin))}.") from None
    return _wrap(_to_dtype(ivy.pow(bn, lin), name, wide))


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """``jnp.geomspace``: ``sign * 10 ** linspace(log10(start / sign), log10(stop / sign))`` with
    the sign of ``start`` (nan where the signs differ or ``start`` is zero)."""
    num = operator.index(num)
    if num < 0:
        raise ValueError(f"Number of samples, {num}, must be non-negative.")
    s0, s1, name, computed, wide = _spaced(start, stop, dtype, "geomspace")
    sign = ivy.sign(s0)
    lin, _, _ = _ramp(ivy.log10(ivy.divide(s0, sign)), ivy.log10(ivy.divide(s1, sign)), num,
                      endpoint, 0, wide)
    out = ivy.multiply(ivy.pow(ivy.asarray(10.0, dtype=wide), lin), sign)
    nd = len(ivy.shape(out))
    axis = operator.index(axis)
    if not -nd <= axis < nd:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {nd}")
    out = ivy.moveaxis(out, 0, axis % nd) if axis % nd else out
    return _wrap(_to_dtype(out, name, wide))


# ---- matrices ------------------------------------------------------------------------------------

def eye(N, M=None, k=0, dtype=None, *, device=None):
    n = _size(N, "N", "eye")
    m = n if M is None else _size(M, "M", "eye")
    if n < 0 or m < 0:
        raise ValueError(f"negative dimensions are not allowed, got {N} and {M}")
    return _wrap(ivy.eye(n, m, k=operator.index(k), dtype=_dtype_or(dtype, "eye")))


def identity(n, dtype=None):
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=None):
    """``jnp.tri`` (its default dtype is float32, as in JAX)."""
    n = _size(N, "N", "tri")
    m = n if M is None else _size(M, "M", "tri")
    name = "float32" if dtype is None else J.name_of(dtype, "tri")
    rows = ivy.reshape(ivy.arange(n, dtype="int64"), (n, 1))
    cols = ivy.reshape(ivy.arange(m, dtype="int64"), (1, m))
    return _wrap(ivy.astype(ivy.greater_equal(ivy.add(rows, operator.index(k)), cols), name))


def _triangle(core, fn):
    def f(m, k=0):
        m = _arr(m, fn)
        if m.ndim < 2:
            raise ValueError(f"Argument to jax.numpy.{fn} must be at least 2D")
        return _like(m, core(m._data, k=operator.index(k)))
    f.__name__ = f.__qualname__ = fn
    f.__doc__ = f"Implements ``jnp.{fn}``."
    return f


tril, triu = _triangle(_late.tril, "tril"), _triangle(_late.triu, "triu")


def diag(v, k=0):
    v = _arr(v, "diag")
    k = operator.index(k)
    if v.ndim == 1:
        n = v.shape[0] + abs(k)
        out = ivy.zeros((n, n), dtype=native_name(v._data))
        rows = np.arange(v.shape[0]) + max(-k, 0)
        cols = np.arange(v.shape[0]) + max(k, 0)
        idx = ivy.asarray(rows * n + cols)
        flat = ivy.index_update(ivy.reshape(out, (-1,)), idx, v._data)
        return _like(v, ivy.reshape(flat, (n, n)))
    if v.ndim == 2:
        r, c = v.shape
        length = max(0, min(r + min(k, 0), c - max(k, 0)))
        if length == 0:
            return _like(v, ivy.zeros((0,), dtype=native_name(v._data)))
        rows = np.arange(length) + max(-k, 0)
        cols = np.arange(length) + max(k, 0)
        flat = ivy.reshape(v._data, (-1,))
        return _like(v, ivy.take(flat, ivy.asarray(rows * c + cols), axis=0))
    raise ValueError("diag input must be 1d or 2d")


def diagflat(v, k=0):
    v = _arr(v, "diagflat")
    return diag(_wrap(ivy.reshape(v._data, (-1,))), k)


def vander(x, N=None, increasing=False):
    x = _arr(x, "vander")
    if x.ndim != 1:
        raise ValueError("x must be a one-dimensional array")
    n = x.shape[0] if N is None else operator.index(N)
    if n < 0:
        raise ValueError("N must be nonnegative")
    name = native_name(x._data)
    if name == "bool":
        raise TypeError("iota does not accept dtype bool. Accepted dtypes are subtypes of "
                        "integer, floating, complexfloating.")
    powers = ivy.arange(n, dtype=name) if n else ivy.zeros((0,), dtype=name)
    if not increasing:
        powers = ivy.flip(powers, axis=(0,))
    out = ivy.pow(ivy.expand_dims(x._data, axis=1), ivy.expand_dims(powers, axis=0))
    return _wrap(out if n else ivy.zeros((x.shape[0], 0), dtype=name))


# ---- grids ---------------------------------------------------------------------------------------

def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    arrs = [_arr(x, "meshgrid", i) for i, x in enumerate(xi)]
    if any(a.ndim != 1 for a in arrs):
        raise ValueError(f"Arguments to jax.numpy.meshgrid must be 1D, got shapes "
                         f"{[a.shape for a in arrs]}")
    if indexing not in ("xy", "ij"):
        raise ValueError(f"Valid values for indexing are 'xy' and 'ij', got {indexing}")
    n = len(arrs)
    sizes = [a.shape[0] for a in arrs]
    out = []
    for i, a in enumerate(arrs):
        shape = [1] * n
        shape[i] = sizes[i]
        if indexing == "xy" and n > 1 and i < 2:
            shape[0], shape[1] = shape[1], shape[0]
        x = ivy.reshape(a._data, tuple(shape))
        if not sparse:
            full = list(sizes)
            if indexing == "xy" and n > 1:
                full[0], full[1] = full[1], full[0]
            x = ivy.broadcast_to(x, tuple(full))
        out.append(_like(a, x))
    return out


def indices(dimensions, dtype=None, sparse=False):
    dims = _shape(tuple(dimensions), "indices")
    name = _dtype_or(dtype, "indices", "int")
    n = len(dims)
    out = []
    for i, d in enumerate(dims):
        shape = [1] * n
        shape[i] = d
        x = ivy.reshape(ivy.arange(d, dtype=name), tuple(shape))
        out.append(x if sparse else ivy.broadcast_to(x, dims))
    if sparse:
        return tuple(_wrap(x) for x in out)
    return _wrap(ivy.stack(out, axis=0) if out else ivy.zeros((0,), dtype=name))


def ix_(*args):
    arrs = [_arr(a, "ix", i) for i, a in enumerate(args)]
    n = len(arrs)
    out = []
    for i, a in enumerate(arrs):
        if a.ndim != 1:
            raise ValueError(f"Arguments to jax.numpy.ix_ must be 1-dimensional, got shape "
                             f"{a.shape}")
        if native_name(a._data) == "bool":
            raise NotImplementedError("Boolean arguments to jax.numpy.ix_ are not implemented")
        shape = [1] * n
        shape[i] = a.shape[0]
        out.append(_like(a, ivy.reshape(a._data, tuple(shape))))
    return tuple(out)


def fromfunction(function, shape, *, dtype=float, **kwargs):
    """``jnp.fromfunction``: ``function`` called once on the index grids."""
    grids = indices(shape, dtype)
    return function(*(_wrap(ivy.get_item(grids._data, i)) for i in range(len(tuple(shape)))),
                    **kwargs)


def _depth(x):
    return 1 + _depth(x[0]) if isinstance(x, list) and x else (1 if isinstance(x, list) else 0)


def block(arrays):
    """``jnp.block``: nested lists joined from the innermost (last) axis outward."""
    def check(x, depth, top):
        if isinstance(x, tuple):
            raise TypeError("jax.numpy.block does not allow tuples")
        if isinstance(x, list):
            if not x:
                raise ValueError("jax.numpy.block does not allow empty list arguments")
            depths = {check(v, depth + 1, False) for v in x}
            if len(depths) != 1:
                raise ValueError("List depths are mismatched")
            return depths.pop()
        return depth

    list_depth = check(arrays, 0, True)
    leaves = []

    def gather(x):
        if isinstance(x, list):
            for v in x:
                gather(v)
        else:
            leaves.append(_arr(x, "block"))
    gather(arrays)
    ndim = max(list_depth, max(a.ndim for a in leaves))

    def build(x, depth):
        if not isinstance(x, list):
            a = _arr(x, "block")
            return _like(a, ivy.reshape(a._data, (1,) * (ndim - a.ndim) + a.shape))
        parts = [build(v, depth + 1) for v in x]
        return concatenate(parts, axis=-(list_depth - depth))
    return build(arrays, 0)


def copy(a, order=None):
    a = _arr(a, "copy")
    if order not in (None, "K"):
        raise NotImplementedError("Only implemented for order='K'")
    return _wrap(ivy.asarray(a._data, copy=True), a.weak_type)


# ---- buffers, files, interop ---------------------------------------------------------------------

def frombuffer(buffer, dtype=float, count=-1, offset=0):
    if np.dtype(dtype) == object:
        raise ValueError("cannot create an OBJECT array from memory buffer")
    name = J.name_of(dtype, "frombuffer")
    return asarray(np.frombuffer(buffer, dtype=J.NP[name], count=count, offset=offset))


def fromstring(string, dtype=float, count=-1, *, sep):
    if sep == "":
        raise ValueError("The binary mode of fromstring is removed, use frombuffer instead")
    return asarray(np.fromstring(string, dtype=J.NP[J.name_of(dtype, "fromstring")],
                                 count=count, sep=sep))


def _impure(fn):
    def f(*args, **kwargs):
        raise NotImplementedError(
            f"jnp.{fn}() is not implemented because it may be non-pure and thus unsafe for use "
            f"with JIT and other JAX transformations. Consider using jnp.asarray(np.{fn}(...)) "
            f"instead, although care should be taken if np.{fn} is used within jax "
            f"transformations because of its potential side-effect of consuming the iterable "
            f"object; for more information see `Common Gotchas in JAX`_.")
    f.__name__ = f.__qualname__ = fn
    return f


fromiter, fromfile = _impure("fromiter"), _impure("fromfile")


def from_dlpack(x, /, *, device=None, copy=None):
    if isinstance(x, Array):
        return x if not copy else globals()["copy"](x)
    data = ivy.from_dlpack(x)
    return _wrap(ivy.asarray(data, copy=True) if copy else data)


def load(file, *args, **kwargs):
    """``jnp.load``: numpy's, with arrays returned as JAX arrays."""
    out = np.load(file, *args, **kwargs)
    return asarray(out) if isinstance(out, np.ndarray) and out.dtype != object else out


save, savez = np.save, np.savez

FUNCTIONS = {f.__name__: f for f in (
    zeros, ones, empty, full, zeros_like, ones_like, empty_like, full_like, arange, linspace,
    logspace, geomspace, eye, identity, tri, tril, triu, diag, diagflat, vander, meshgrid,
    indices, ix_, fromfunction, block, copy, frombuffer, fromstring, fromiter, fromfile,
    from_dlpack, load)}
FUNCTIONS.update(save=save, savez=savez)
