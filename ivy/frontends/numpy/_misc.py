"""Files, buffers, printing, index tricks, the tri family, ``vectorize``, shape queries, memory
sharing and type introspection, bit packing (``packbits``/``unpackbits`` on the backend) and a
read-only ``nditer``.

Files and buffers use NumPy's own formats on the host (``.npy``/``.npz``, ``allow_pickle=False``
by default as in NumPy): the frontend converts its arrays to host arrays and back. Printing options
are NumPy's (the frontend prints through NumPy's formatter). ``vectorize`` calls the Python function
once per element on the host, as NumPy's does.
"""
from __future__ import annotations

import numpy as np

import ivy

from . import _dtypes as T
from ._array import _wrap, asarray, ndarray, result
from ._dtypes import native_name
from .._shared import immutable


def _host(a):
    return a.__array__() if isinstance(a, ndarray) else a


def _host_tree(obj):
    """Frontend arrays (also inside dicts/lists/tuples) as host arrays, for NumPy's writers."""
    if isinstance(obj, ndarray):
        return obj.__array__()
    if isinstance(obj, dict):
        return {k: _host_tree(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return type(obj)(_host_tree(v) for v in obj)
    return obj


# ---- files and buffers --------------------------------------------------------------------------

def save(file, arr, allow_pickle=True):
    np.save(file, _host(arr), allow_pickle=allow_pickle)


def savez(file, *args, allow_pickle=True, **kwds):
    np.savez(file, *[_host(a) for a in args], allow_pickle=allow_pickle,
             **{k: _host(v) for k, v in kwds.items()})


def savez_compressed(file, *args, allow_pickle=True, **kwds):
    np.savez_compressed(file, *[_host(a) for a in args], allow_pickle=allow_pickle,
                        **{k: _host(v) for k, v in kwds.items()})


class NpzFile:
    """``np.load`` of an .npz: the archive's arrays as frontend arrays, read on access."""

    def __init__(self, npz):
        self._npz = npz
        self.files = npz.files

    def __getitem__(self, key):
        return asarray(self._npz[key])

    def __contains__(self, key):
        return key in self._npz

    def __iter__(self):
        return iter(self._npz)

    def __len__(self):
        return len(self._npz)

    def keys(self):
        return self._npz.keys()

    def items(self):
        return [(k, self[k]) for k in self.files]

    def values(self):
        return [self[k] for k in self.files]

    def close(self):
        self._npz.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding="ASCII", *,
         max_header_size=10000):
    if mmap_mode is not None:
        raise NotImplementedError("np.load: mmap_mode is not supported by ivy's numpy frontend")
    out = np.load(file, allow_pickle=allow_pickle, fix_imports=fix_imports, encoding=encoding,
                  max_header_size=max_header_size)
    if isinstance(out, np.lib.npyio.NpzFile):
        return NpzFile(out)
    return asarray(out) if isinstance(out, np.ndarray) and out.dtype != object else out


def frombuffer(buffer, dtype=float, count=-1, offset=0, *, like=None):
    return asarray(np.frombuffer(buffer, dtype=dtype, count=count, offset=offset).copy())


def fromfile(file, dtype=float, count=-1, sep="", offset=0, *, like=None):
    return asarray(np.fromfile(file, dtype=dtype, count=count, sep=sep, offset=offset))


def fromiter(iter, dtype, count=-1, *, like=None):
    return asarray(np.fromiter(iter, dtype=dtype, count=count))


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    """``np.fromfunction``: ``function`` called once with the index grids (frontend arrays)."""
    return function(*indices(shape, dtype=dtype), **kwargs)


def loadtxt(*args, **kwargs):
    return asarray(np.loadtxt(*args, **kwargs))


def savetxt(fname, X, *args, **kwargs):
    np.savetxt(fname, _host(X), *args, **kwargs)


# ---- printing -------------------------------------------------------------------------------------
set_printoptions, get_printoptions, printoptions = (np.set_printoptions, np.get_printoptions,
                                                    np.printoptions)


def format_float_positional(x, *args, **kwargs):
    return np.format_float_positional(_host(x), *args, **kwargs)


def format_float_scientific(x, *args, **kwargs):
    return np.format_float_scientific(_host(x), *args, **kwargs)


def array2string(a, *args, **kwargs):
    return np.array2string(_host(a), *args, **kwargs)


def array_repr(arr, *args, **kwargs):
    return np.array_repr(_host(arr), *args, **kwargs)


def array_str(a, *args, **kwargs):
    return np.array_str(_host(a), *args, **kwargs)


# ---- shape queries -------------------------------------------------------------------------------

def shape(a):
    return asarray(a).shape if not isinstance(a, ndarray) else a.shape


def size(a, axis=None):
    s = shape(a)
    if axis is None:
        n = 1
        for d in s:
            n *= d
        return n
    return s[axis]


def ndim(a):
    return len(shape(a))


# ---- index tricks ----------------------------------------------------------------------------------

def indices(dimensions, dtype=int, sparse=False):
    name = T.name_of(dtype, "indices")
    dims = tuple(int(d) for d in dimensions)
    grids = []
    for i, n in enumerate(dims):
        shape_i = tuple(n if j == i else 1 for j in range(len(dims)))
        g = ivy.reshape(ivy.arange(n, dtype=name), shape_i)
        grids.append(g if sparse else ivy.broadcast_to(g, dims))
    if sparse:
        return tuple(_wrap(g) for g in grids)
    return _wrap(ivy.stack(grids) if grids else ivy.zeros((0,), dtype=name))


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    if indexing not in ("xy", "ij"):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    arrays = [ivy.reshape(asarray(x)._data, (-1,)) for x in xi]
    n = len(arrays)
    out = []
    for i, a in enumerate(arrays):
        shape_i = [1] * n
        shape_i[i] = a.shape[0]
        if indexing == "xy" and n > 1 and i < 2:
            shape_i[0], shape_i[1] = shape_i[1], shape_i[0]
        out.append(ivy.reshape(a, tuple(shape_i)))
    if not sparse:
        full = ivy.broadcast_arrays(*out) if out else []
        out = [ivy.asarray(f, copy=True) for f in full]
    return tuple(_wrap(o) for o in out)


def unravel_index(indices, shape, order="C"):
    if order not in ("C", "F"):
        raise ValueError("only 'C' or 'F' order is permitted")
    idx = asarray(indices)
    if native_name(idx._data) not in T.INTEGRAL:
        raise TypeError("only int indices permitted")
    dims = tuple(int(d) for d in (shape if isinstance(shape, (tuple, list)) else (shape,)))
    total = 1
    for d in dims:
        total *= d
    flat = idx._data
    if bool(ivy.to_numpy(ivy.any(ivy.logical_or(ivy.less(flat, 0),
                                                 ivy.greater_equal(flat, total))))):
        raise ValueError(f"index out of bounds for array with size {total}")
    out = []
    order_dims = reversed(dims) if order == "C" else dims
    rest = ivy.astype(flat, "int64")
    for d in order_dims:
        out.append(ivy.remainder(rest, d))
        rest = ivy.floor_divide(rest, d)
    if order == "C":
        out.reverse()
    return tuple(result(o) for o in out)


def ravel_multi_index(multi_index, dims, mode="raise", order="C"):
    dims = tuple(int(d) for d in dims)
    parts = [ivy.astype(asarray(m)._data, "int64") for m in multi_index]
    if len(parts) != len(dims):
        raise ValueError(f"parameter multi_index must be a sequence of length {len(dims)}")
    modes = (mode,) * len(dims) if isinstance(mode, str) else tuple(mode)
    fixed = []
    for p, d, m in zip(parts, dims, modes):
        if m == "raise":
            if bool(ivy.to_numpy(ivy.any(ivy.logical_or(ivy.less(p, 0), ivy.greater_equal(p, d))))):
                raise ValueError("invalid entry in coordinates array")
        elif m == "wrap":
            p = ivy.remainder(p, d)
        elif m == "clip":
            p = ivy.clip(p, 0, d - 1)
        else:
            raise ValueError("clipmode must be one of 'clip', 'raise', or 'wrap'")
        fixed.append(p)
    order_pairs = list(zip(fixed, dims)) if order == "C" else list(zip(fixed, dims))[::-1]
    flat = ivy.zeros_like(order_pairs[0][0]) if order_pairs else ivy.asarray(0)
    for p, d in order_pairs:
        flat = ivy.add(ivy.multiply(flat, d), p)
    return result(flat)


def ix_(*args):
    out = []
    n = len(args)
    for i, a in enumerate(args):
        x = asarray(a)
        if x.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        data = x._data
        if native_name(data) == "bool":
            data = ivy.nonzero(data)[0]
        shape_i = tuple(-1 if j == i else 1 for j in range(n))
        out.append(_wrap(ivy.reshape(data, shape_i)))
    return tuple(out)


ndindex = np.ndindex


def ndenumerate(arr):
    """``np.ndenumerate``: (index, NumPy scalar) pairs, read from one host copy."""
    host = np.asarray(_host(arr))
    for idx in np.ndindex(host.shape):
        yield idx, host[idx]


class _Grid:
    """``np.mgrid`` / ``np.ogrid``: NumPy's grids, computed on the host, as frontend arrays."""

    def __init__(self, grid):
        self._grid = grid

    def __getitem__(self, key):
        out = self._grid[key]
        if isinstance(out, (list, tuple)):
            return type(out)(asarray(o) for o in out)
        return asarray(out)


class _Concat:
    """``np.r_`` / ``np.c_``: the same translation of slices on the host, frontend arrays in."""

    def __init__(self, builder):
        self._builder = builder

    def __getitem__(self, key):
        items = key if isinstance(key, tuple) else (key,)
        return asarray(self._builder[tuple(_host(k) for k in items)])

    def __len__(self):
        return 0


mgrid, ogrid, r_, c_ = _Grid(np.mgrid), _Grid(np.ogrid), _Concat(np.r_), _Concat(np.c_)


# ---- the tri family ---------------------------------------------------------------------------------

def tri(N, M=None, k=0, dtype=float, *, like=None):
    n, m = int(N), int(N if M is None else M)
    ones = ivy.ones((n, m), dtype="bool")
    return _wrap(ivy.astype(ivy.tril(ones, k=int(k)), T.name_of(dtype, "tri")))


def tril(m, k=0):
    return _wrap(ivy.tril(asarray(m)._data, k=int(k)))


def triu(m, k=0):
    return _wrap(ivy.triu(asarray(m)._data, k=int(k)))


def diag(v, k=0):
    x = asarray(v)
    if x.ndim not in (1, 2):
        raise ValueError("Input must be 1- or 2-d.")
    return _wrap(ivy.diag(x._data, k=int(k)))


def diagflat(v, k=0):
    return diag(asarray(v).reshape(-1), k)


def tril_indices(n, k=0, m=None):
    rows, cols = ivy.tril_indices(int(n), int(k), None if m is None else int(m))
    return _wrap(ivy.astype(rows, "int64")), _wrap(ivy.astype(cols, "int64"))


def triu_indices(n, k=0, m=None):
    rows, cols = ivy.triu_indices(int(n), int(k), None if m is None else int(m))
    return _wrap(ivy.astype(rows, "int64")), _wrap(ivy.astype(cols, "int64"))


def diag_indices(n, ndim=2):
    idx = _wrap(ivy.arange(int(n), dtype="int64"))
    return (idx,) * ndim


def diag_indices_from(arr):
    if arr.ndim < 2:
        raise ValueError("input array must be at least 2-d")
    if len(set(arr.shape)) != 1:
        raise ValueError("All dimensions of input must be of equal length")
    return diag_indices(arr.shape[0], arr.ndim)


def _tri_from(fn):
    def from_(arr, k=0):
        if arr.ndim != 2:
            raise ValueError("input array must be 2-d")
        return fn(arr.shape[-2], k=k, m=arr.shape[-1])
    from_.__name__ = f"{fn.__name__}_from"
    return from_


tril_indices_from, triu_indices_from = _tri_from(tril_indices), _tri_from(triu_indices)


def mask_indices(n, mask_func, k=0):
    from ._manipulation import nonzero
    ones = _wrap(ivy.ones((int(n), int(n)), dtype="int64"))
    return nonzero(_wrap(ivy.not_equal(asarray(mask_func(ones, k))._data, 0)))


s_, index_exp = np.s_, np.index_exp        # build plain slices and tuples: NumPy's own objects


# ---- introspection: memory sharing, scalars, layout, integer strings ----------------------------

def _owner(a):
    while a._base is not None:
        a = a._base
    return a


def _positions(a, owner):
    """The owner's flat element positions that view ``a`` reads (jax/tensorflow, where each view
    keeps its read function): the view's reads replayed on the owner's flat indices; None where
    a read does not map positions (a dtype view)."""
    chain = []
    while a is not owner:
        chain.append(a)
        a = a._base
    x = ivy.reshape(ivy.arange(owner.size, dtype="int64"), owner.shape)
    if not chain:
        return np.arange(owner.size)
    try:
        for view in reversed(chain):
            x = view._read(x)
    except Exception:       # noqa: BLE001 - a read that needs the real values
        return None
    if tuple(x.shape) != chain[0].shape or native_name(x) != "int64":
        return None
    return np.asarray(ivy.to_numpy(x)).reshape(-1)


def _shares(a, b, exact):
    if not isinstance(a, ndarray) or not isinstance(b, ndarray):
        return False            # a fresh array of other input shares nothing
    if not immutable(a._data):      # numpy/torch: the native storage itself
        ha, hb = ivy.to_numpy(a._data), ivy.to_numpy(b._data)
        return bool((np.shares_memory if exact else np.may_share_memory)(ha, hb))
    owner = _owner(a)
    if owner is not _owner(b):
        return False
    pa, pb = _positions(a, owner), _positions(b, owner)
    if pa is None or pb is None:
        return True
    if not pa.size or not pb.size:
        return False
    if exact:
        return bool(np.intersect1d(pa, pb).size)
    return bool(pa.min() <= pb.max() and pb.min() <= pa.max())     # bounds, as NumPy's


def shares_memory(a, b, /, max_work=-1):
    """``np.shares_memory``: exact on numpy/torch (native storage); on jax/tensorflow, views of
    one base (the frontend's view chain) are compared by the base elements they read (a dtype
    view counts as sharing all its base's elements)."""
    return _shares(a, b, max_work != 0)


def may_share_memory(a, b, /, max_work=0):
    return _shares(a, b, max_work is not None and max_work != 0)


isscalar, iterable = np.isscalar, np.iterable     # Python-level type checks
base_repr, binary_repr = np.base_repr, np.binary_repr     # integer formatting on the host


def isfortran(a):
    """Always False for the frontend's (C-contiguous) arrays; NumPy's AttributeError otherwise."""
    flags = a.flags
    return bool(flags.f_contiguous and not flags.c_contiguous)


# ---- packbits / unpackbits --------------------------------------------------------------------

def _bits_axis(a, axis):
    x = a._data
    if axis is None:
        return ivy.reshape(x, (-1,)), 0
    if not len(x.shape):
        x = ivy.reshape(x, (1,))
    from ._manipulation import _axis
    return x, _axis(axis, len(x.shape))


def _check_order(bitorder):
    if bitorder not in ("big", "little"):
        raise ValueError("'order' must be either 'little' or 'big'")


def _bit_weights(bitorder, nd, axis, dtype):
    w = ivy.arange(8, dtype=dtype)
    if bitorder == "big":
        w = ivy.flip(w, axis=0)
    return ivy.reshape(w, (8,) + (1,) * (nd - axis - 1))


def packbits(a, /, axis=None, bitorder="big"):
    a = asarray(a)
    _check_order(bitorder)
    name = native_name(a._data)
    if name not in T.INTEGRAL and name != "bool":
        raise TypeError("Expected an input array of integer or boolean data type")
    x, axis = _bits_axis(a, axis)
    shape, nd = tuple(x.shape), len(x.shape)
    shifts = _bit_weights(bitorder, nd, axis, "int64")
    n = shape[axis]
    m = -(-n // 8)
    bits = ivy.astype(ivy.not_equal(x, ivy.zeros((), dtype=name)), "int64")
    if m * 8 != n:
        pad = shape[:axis] + (m * 8 - n,) + shape[axis + 1:]
        bits = ivy.concat([bits, ivy.zeros(pad, dtype="int64")], axis=axis)
    bits = ivy.reshape(bits, shape[:axis] + (m, 8) + shape[axis + 1:])
    packed = ivy.sum(ivy.bitwise_left_shift(bits, shifts), axis=axis + 1)
    return _wrap(ivy.astype(packed, "uint8"))


def unpackbits(a, /, axis=None, count=None, bitorder="big"):
    a = asarray(a)
    _check_order(bitorder)
    if native_name(a._data) != "uint8":
        raise TypeError("Expected an input array of unsigned byte data type")
    x, axis = _bits_axis(a, axis)
    shape, nd = tuple(x.shape), len(x.shape)
    shifts = _bit_weights(bitorder, nd, axis, "uint8")
    bits = ivy.bitwise_and(ivy.bitwise_right_shift(ivy.expand_dims(x, axis=axis + 1), shifts),
                           ivy.ones((), dtype="uint8"))
    total = shape[axis] * 8
    bits = ivy.reshape(bits, shape[:axis] + (total,) + shape[axis + 1:])
    if count is not None:
        count = int(count)
        keep = count if count >= 0 else total + count
        if keep < 0:
            raise ValueError("-count larger than number of elements")
        if keep <= total:
            bits = ivy.get_item(bits, (slice(None),) * axis + (slice(0, keep),))
        else:
            pad = shape[:axis] + (keep - total,) + shape[axis + 1:]
            bits = ivy.concat([bits, ivy.zeros(pad, dtype="uint8")], axis=axis)
    return _wrap(bits)


# ---- nditer ---------------------------------------------------------------------------------

_NDITER_FLAGS = frozenset({"multi_index", "c_index", "f_index", "refs_ok", "zerosize_ok"})


class nditer:
    """``np.nditer`` for reading: one or several operands broadcast together, visited in C order
    (``order='F'``: Fortran order), each step giving 0-d arrays as NumPy does; ``multi_index``,
    ``c_index``/``f_index``. Writing operands (``readwrite``/``writeonly``), ``external_loop``,
    buffering with ``op_dtypes``, ``op_axes`` and ``itershape`` raise NotImplementedError."""
    __module__ = "numpy"

    def __init__(self, op, flags=None, op_flags=None, op_dtypes=None, order="K",
                 casting="safe", op_axes=None, itershape=None, buffersize=0):
        self._single = not isinstance(op, (list, tuple))
        ops = [asarray(x) for x in ([op] if self._single else op)]
        flags = set(flags or ())
        for name, value in (("op_dtypes", op_dtypes), ("op_axes", op_axes),
                            ("itershape", itershape)):
            if value is not None:
                raise NotImplementedError(f"nditer: {name} is not supported by ivy's numpy "
                                          f"frontend")
        if flags - _NDITER_FLAGS:
            raise NotImplementedError(f"nditer: flags {sorted(flags - _NDITER_FLAGS)} are not "
                                      f"supported by ivy's numpy frontend")
        per_op = op_flags if op_flags and isinstance(op_flags[0], (list, tuple)) else \
            [op_flags or ["readonly"]] * len(ops)
        for fl in per_op:
            if set(fl) - {"readonly"}:
                raise NotImplementedError(f"nditer: op_flags {sorted(set(fl) - {'readonly'})} "
                                          f"are not supported by ivy's numpy frontend (readonly "
                                          f"operands only)")
        if order not in ("K", "C", "A", "F"):
            raise ValueError("order must be one of 'C', 'F', 'A', or 'K'")
        try:
            self._shape = self.shape = np.broadcast_shapes(*[x.shape for x in ops])
        except ValueError:
            raise ValueError("operands could not be broadcast together with shapes " +
                             "".join(str(x.shape).replace(" ", "") + " " for x in ops)) from None
        self.operands = tuple(ops)
        self.itersize = int(np.prod(self.shape))
        if not flags & {"multi_index", "c_index", "f_index"} and all(
                x.shape == self.shape for x in ops):
            self.shape = (self.itersize,)       # NumPy coalesces contiguous axes
        if not self.itersize and "zerosize_ok" not in flags:
            raise ValueError("Iteration of zero-sized operands is not enabled")
        self._flags, self._fortran = flags, order == "F"
        axes = tuple(reversed(range(len(self._shape)))) if self._fortran else None
        self._flat = [ivy.reshape(ivy.permute_dims(ivy.broadcast_to(x._data, self._shape), axes)
                                  if axes else ivy.broadcast_to(x._data, self._shape), (-1,))
                      for x in ops]
        self.iterindex, self._started = 0, False

    ndim = property(lambda self: len(self.shape))
    nop = property(lambda self: len(self.operands))
    finished = property(lambda self: self.iterindex >= self.itersize)

    @property
    def value(self):
        vals = tuple(_wrap(ivy.get_item(f, self.iterindex)) for f in self._flat)
        return vals[0] if self._single else vals

    @property
    def multi_index(self):
        if "multi_index" not in self._flags:
            raise ValueError("Iterator is not tracking a multi-index")
        order = "F" if self._fortran else "C"
        return tuple(int(i) for i in np.unravel_index(self.iterindex, self._shape, order=order))

    @property
    def index(self):
        kind = "c_index" if "c_index" in self._flags else \
            "f_index" if "f_index" in self._flags else None
        if kind is None:
            raise ValueError("Iterator does not have an index")
        idx = np.unravel_index(self.iterindex, self._shape, order="F" if self._fortran else "C")
        return int(np.ravel_multi_index(idx, self._shape, order="C" if kind == "c_index" else "F"))

    def __iter__(self):
        return self

    def __next__(self):
        if self._started:
            self.iterindex += 1
        if self.finished:
            raise StopIteration
        self._started = True
        return self.value

    def iternext(self):
        self.iterindex += 1
        return not self.finished

    def reset(self):
        self.iterindex, self._started = 0, False

    def __len__(self):
        return self.nop

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        pass


# ---- vectorize ------------------------------------------------------------------------------------

class vectorize:
    """``np.vectorize``: ``pyfunc`` once per element (NumPy's own loop, on the host)."""

    def __init__(self, pyfunc=np._NoValue, otypes=None, doc=None, excluded=None, cache=False,
                 signature=None):
        if pyfunc is np._NoValue:
            self._inner = None
            self._kwargs = dict(otypes=otypes, doc=doc, excluded=excluded, cache=cache,
                                signature=signature)
            return
        self._inner = np.vectorize(pyfunc, otypes=otypes, doc=doc, excluded=excluded,
                                   cache=cache, signature=signature)
        self.__doc__ = self._inner.__doc__

    def __call__(self, *args, **kwargs):
        if self._inner is None:          # used as a decorator with arguments
            return vectorize(args[0], **self._kwargs)
        out = self._inner(*[_host(a) for a in args], **{k: _host(v) for k, v in kwargs.items()})
        if isinstance(out, tuple):
            return tuple(asarray(o) for o in out)
        return asarray(out) if isinstance(out, np.ndarray) and out.ndim else out


FUNCTIONS = {
    "save": save, "savez": savez, "savez_compressed": savez_compressed, "load": load,
    "frombuffer": frombuffer, "fromfile": fromfile, "fromiter": fromiter,
    "fromfunction": fromfunction, "loadtxt": loadtxt, "savetxt": savetxt,
    "set_printoptions": set_printoptions, "get_printoptions": get_printoptions,
    "printoptions": printoptions, "array2string": array2string, "array_repr": array_repr,
    "format_float_positional": format_float_positional,
    "format_float_scientific": format_float_scientific,
    "array_str": array_str, "shape": shape, "size": size, "ndim": ndim, "indices": indices,
    "meshgrid": meshgrid, "unravel_index": unravel_index,
    "ravel_multi_index": ravel_multi_index, "ix_": ix_, "ndindex": ndindex,
    "ndenumerate": ndenumerate, "mgrid": mgrid, "ogrid": ogrid, "r_": r_, "c_": c_, "tri": tri,
    "tril": tril, "triu": triu, "diag": diag, "diagflat": diagflat, "tril_indices": tril_indices,
    "triu_indices": triu_indices, "diag_indices": diag_indices, "vectorize": vectorize,
    "errstate": np.errstate, "seterr": np.seterr, "geterr": np.geterr,
    "diag_indices_from": diag_indices_from, "tril_indices_from": tril_indices_from,
    "triu_indices_from": triu_indices_from, "mask_indices": mask_indices, "s_": s_,
    "index_exp": index_exp, "shares_memory": shares_memory,
    "may_share_memory": may_share_memory, "isscalar": isscalar, "iterable": iterable,
    "isfortran": isfortran, "base_repr": base_repr, "binary_repr": binary_repr,
    "packbits": packbits, "unpackbits": unpackbits, "nditer": nditer,
}
METHODS = {"tofile": lambda self, fid, sep="", format="%s": self.__array__().tofile(fid, sep,
                                                                                      format)}
