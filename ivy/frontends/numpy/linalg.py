"""``numpy.linalg`` on ``ivy.linalg``: NumPy 2.4's 31 functions and its own ``LinAlgError``.

Dtypes as NumPy: bool and integer inputs of the LAPACK functions compute in float64, float32 and
the complex types stay, float16/bfloat16 raise NumPy's TypeError (norms and products accept
them). Two operands take the wider of their LAPACK types (int8 with float32 -> float64). Results
of one matrix (``det``, ``norm``, ``slogdet``'s fields, ``cond``, ``matrix_rank``) are NumPy
scalars. ``eig``/``eigvals`` of a real matrix are real when every eigenvalue is (a host check, as
NumPy's result dtype depends on the values; see ``_real_if_real``). ``LinAlgError`` is NumPy's
own class: raised for non-square or less than 2-d input, for a singular matrix in ``inv``,
``solve`` and ``matrix_power`` (the backend raised, or its result is not finite), for a
non-positive-definite ``cholesky`` (the backend raised, or its factor holds NaN where the input
was finite) and when a decomposition fails.
Known gaps: ``qr(mode='raw')`` (no Householder form in the core) raises NotImplementedError;
``diagonal`` is a view that is writeable on numpy/torch (NumPy's is read-only; jax/tensorflow
refuse writes as NumPy); tensorflow's eig of a defective real matrix can be complex where
NumPy's is real.
"""
from __future__ import annotations

import operator

import numpy as np
from numpy.linalg import LinAlgError
from numpy.linalg import _linalg as _np_linalg

import ivy
from ivy.core.errors import IvyValueError

from . import _dtypes as T
from ._array import _wrap, asarray, make_view, ndarray, normalize_axes, result, scalar
from ._dtypes import native_name
from ._ufuncs import _finish

EigResult, EighResult = _np_linalg.EigResult, _np_linalg.EighResult
QRResult, SlogdetResult, SVDResult = (_np_linalg.QRResult, _np_linalg.SlogdetResult,
                                      _np_linalg.SVDResult)

_LAPACK = {"float32": "float32", "float64": "float64", "complex64": "complex64",
           "complex128": "complex128"}
_REAL_OF = {"complex64": "float32", "complex128": "float64"}
_COMPLEX = frozenset(_REAL_OF)
_HALF = frozenset({"float16", "bfloat16"})
_SMALL_INTS = T.ACCUMULATOR
_INF = float("inf")
_NoValue = np._NoValue


# ---- operands -------------------------------------------------------------------------------

def _arr(a) -> ndarray:
    return a if isinstance(a, ndarray) else asarray(a)


def _lapack_name(name):
    if name in _HALF:
        raise TypeError(f"array type {name} is unsupported in linalg")
    return _LAPACK.get(name, "float64")


def _lapack(a):
    """a as a native array in NumPy's LAPACK dtype for it."""
    x = _arr(a)._data
    name = _lapack_name(native_name(x))
    return x if native_name(x) == name else ivy.astype(x, name)


def _lapack2(a, b):
    x, y = _arr(a)._data, _arr(b)._data
    name = T.result_name([T.NP[_lapack_name(native_name(x))], T.NP[_lapack_name(native_name(y))]])
    return (x if native_name(x) == name else ivy.astype(x, name),
            y if native_name(y) == name else ivy.astype(y, name))


def _at_least_2d(x):
    if len(x.shape) < 2:
        raise LinAlgError(f"{len(x.shape)}-dimensional array given. Array must be at least "
                          f"two-dimensional")


def _square(x):
    _at_least_2d(x)
    if x.shape[-1] != x.shape[-2]:
        raise LinAlgError("Last 2 dimensions of the array must be square")


def _two_d(x):
    if len(x.shape) != 2:
        raise LinAlgError(f"{len(x.shape)}-dimensional array given. Array must be "
                          f"two-dimensional")


def _all_finite(x) -> bool:
    return bool(ivy.to_numpy(ivy.all(ivy.isfinite(x))))


def _checked(fn, message, *args, nan_only_input=None, **kwargs):
    """``fn(*args)`` with a backend's failure as LinAlgError(message); a non-finite result too
    (NaN only, where the input ``nan_only_input`` was finite, if given)."""
    try:
        r = fn(*args, **kwargs)
    except IvyValueError as e:
        raise LinAlgError(message) from e
    if nan_only_input is None:
        if not _all_finite(r):
            raise LinAlgError(message)
    elif bool(ivy.to_numpy(ivy.any(ivy.isnan(r)))) and _all_finite(nan_only_input):
        raise LinAlgError(message)
    return r


def _decomposition(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except IvyValueError as e:
        raise LinAlgError(f"{fn.__name__} did not converge") from e


def _adjoint(x):
    t = ivy.matrix_transpose(x)
    return ivy.conj(t) if native_name(x) in _COMPLEX else t


def _real_if_real(*arrays):
    """NumPy's eig of a real matrix: real results when every eigenvalue's imaginary part is zero
    (LAPACK's exact zero; a backend solving in complex arithmetic, as tensorflow's, leaves
    rounding noise, so parts within 2 n eps of the largest magnitude count as zero; a defective
    matrix's noise there is ~sqrt(eps): complex where NumPy is real, a known gap)."""
    w = np.asarray(ivy.to_numpy(arrays[0]))
    if not w.size:
        return tuple(ivy.real(a) for a in arrays)
    tol = 2 * w.shape[-1] * np.finfo(w.real.dtype).eps * max(float(np.abs(w).max()), 1e-300)
    if bool((np.abs(w.imag) <= tol).all()):
        return tuple(ivy.real(a) for a in arrays)
    return arrays


def _prod(shape):
    n = 1
    for d in shape:
        n *= int(d)
    return n


# ---- decompositions --------------------------------------------------------------------------

def cholesky(a, /, *, upper=False):
    x = _lapack(a)
    _square(x)
    return _wrap(_checked(ivy.linalg.cholesky, "Matrix is not positive definite", x,
                          nan_only_input=x, upper=bool(upper)))


def _hermitian_from(x, UPLO):
    if UPLO not in ("L", "U"):
        raise ValueError("UPLO argument must be 'L' or 'U'")
    if UPLO == "U":
        x = _adjoint(x)
    return ivy.add(ivy.tril(x), _adjoint(ivy.tril(x, k=-1)))


def eig(a):
    x = _lapack(a)
    _square(x)
    w, v = _decomposition(ivy.linalg.eig, x)
    if native_name(x) not in _COMPLEX:
        w, v = _real_if_real(w, v)
    return EigResult(_wrap(w), _wrap(v))


def eigvals(a):
    x = _lapack(a)
    _square(x)
    w = _decomposition(ivy.linalg.eigvals, x)
    if native_name(x) not in _COMPLEX:
        (w,) = _real_if_real(w)
    return _wrap(w)


def eigh(a, UPLO="L"):
    x = _lapack(a)
    _square(x)
    w, v = _decomposition(ivy.linalg.eigh, _hermitian_from(x, UPLO))
    return EighResult(_wrap(w), _wrap(v))


def eigvalsh(a, UPLO="L"):
    x = _lapack(a)
    _square(x)
    return _wrap(_decomposition(ivy.linalg.eigvalsh, _hermitian_from(x, UPLO)))


def qr(a, mode="reduced"):
    if mode not in ("reduced", "complete", "r", "raw", "full", "f", "economic", "e"):
        raise ValueError(f"Unrecognized mode '{mode}'")
    if mode in ("full", "f"):
        import warnings
        warnings.warn("The 'full' option is deprecated in favor of 'reduced'.\n"
                      "For backward compatibility let mode default.", DeprecationWarning,
                      stacklevel=2)
        mode = "reduced"
    if mode in ("raw", "economic", "e"):
        raise NotImplementedError(f"numpy.linalg.qr: mode={mode!r} (Householder reflectors) is "
                                  f"not supported by ivy's numpy frontend")
    x = _lapack(a)
    _at_least_2d(x)
    q, r = _decomposition(ivy.linalg.qr, x, mode="complete" if mode == "complete" else "reduced")
    return _wrap(r) if mode == "r" else QRResult(_wrap(q), _wrap(r))


def _hermitian_svd(x, compute_uv):
    """SVD of a Hermitian matrix from its eigen-decomposition, singular values descending."""
    w, v = _decomposition(ivy.linalg.eigh, x)
    s = ivy.abs(w)
    order = ivy.flip(ivy.argsort(s, axis=-1), axis=-1)
    s = ivy.take_along_axis(s, order, axis=-1)
    if not compute_uv:
        return s
    w = ivy.take_along_axis(w, order, axis=-1)
    v = ivy.take_along_axis(v, ivy.broadcast_to(ivy.expand_dims(order, axis=-2), v.shape),
                            axis=-1)
    sign = ivy.where(ivy.less(w, ivy.zeros_like(w)), ivy.full_like(w, -1), ivy.ones_like(w))
    return v, s, _adjoint(ivy.multiply(v, ivy.expand_dims(ivy.astype(sign, native_name(v)),
                                                          axis=-2)))


def svd(a, full_matrices=True, compute_uv=True, hermitian=False):
    x = _lapack(a)
    _at_least_2d(x)
    if hermitian:
        r = _hermitian_svd(x, compute_uv)
        return SVDResult(*map(_wrap, r)) if compute_uv else _wrap(r)
    if not compute_uv:
        return _wrap(_decomposition(ivy.linalg.svdvals, x))
    u, s, vh = _decomposition(ivy.linalg.svd, x, full_matrices=bool(full_matrices))
    return SVDResult(_wrap(u), _wrap(s), _wrap(vh))


def svdvals(x, /):
    return svd(x, compute_uv=False)


# ---- determinants, inverses, solvers ---------------------------------------------------------

def det(a):
    x = _lapack(a)
    _square(x)
    return result(ivy.linalg.det(x))


def slogdet(a):
    x = _lapack(a)
    _square(x)
    sign, logabsdet = ivy.linalg.slogdet(x)
    return SlogdetResult(result(sign), result(logabsdet))


def inv(a):
    x = _lapack(a)
    _square(x)
    return _wrap(_checked(ivy.linalg.inv, "Singular matrix", x))


def solve(a, b):
    x, y = _lapack2(a, b)
    _square(x)
    n = x.shape[-1]
    if len(y.shape) == 0:
        raise ValueError("solve: Input operand 1 does not have enough dimensions")
    if (y.shape[0] if len(y.shape) == 1 else y.shape[-2]) != n:
        raise ValueError(f"solve: Input operand 1 has a mismatch in its core dimension 0 "
                         f"(size {y.shape[0] if len(y.shape) == 1 else y.shape[-2]} is "
                         f"different from {n})")
    return _wrap(_checked(ivy.linalg.solve, "Singular matrix", x, y))


def _cutoff(rtol, s):
    """A relative tolerance (number or array over the batch) as an array against s (..., k)."""
    if isinstance(rtol, (int, float)) and not isinstance(rtol, bool):
        return rtol
    t = _arr(rtol)._data
    return ivy.expand_dims(ivy.astype(t, native_name(s)), axis=-1)


def _eps_rtol(x):
    m, n = x.shape[-2:]
    return max(m, n) * float(np.finfo(T.NP[_REAL_OF.get(native_name(x), native_name(x))]).eps)


def _largest(s):
    return ivy.max(s, axis=-1, keepdims=True) if s.shape[-1] else s


def pinv(a, rcond=None, hermitian=False, *, rtol=_NoValue):
    if rtol is _NoValue:
        cut = 1e-15 if rcond is None else rcond
    elif rcond is not None:
        raise ValueError("`rtol` and `rcond` can't be both set.")
    else:
        cut = rtol
    x = _lapack(a)
    _at_least_2d(x)
    if cut is None:
        cut = _eps_rtol(x)
    if hermitian:
        u, s, vh = _hermitian_svd(x, True)
    else:
        u, s, vh = _decomposition(ivy.linalg.svd, x, full_matrices=False)
    keep = ivy.greater(s, ivy.multiply(_largest(s), _cutoff(cut, s)))
    inverse = ivy.where(keep, ivy.divide(ivy.ones_like(s), ivy.where(keep, s, ivy.ones_like(s))),
                        ivy.zeros_like(s))
    inverse = ivy.astype(inverse, native_name(x))
    return _wrap(ivy.matmul(ivy.multiply(_adjoint(vh), ivy.expand_dims(inverse, axis=-2)),
                            _adjoint(u)))


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    if rtol is not None and tol is not None:
        raise ValueError("`tol` and `rtol` can't be both set.")
    a = _arr(A)
    if a.ndim < 2:
        return int(bool(ivy.to_numpy(ivy.any(ivy.not_equal(a._data, ivy.zeros_like(a._data))))))
    x = _lapack(a)
    s = _hermitian_svd(x, False) if hermitian else _decomposition(ivy.linalg.svdvals, x)
    if tol is None:
        t = ivy.multiply(_largest(s), _cutoff(_eps_rtol(x) if rtol is None else rtol, s))
    else:
        t = _cutoff(tol, s)
    return result(ivy.astype(ivy.count_nonzero(ivy.greater(s, t), axis=-1), "int64"))


def lstsq(a, b, rcond=None):
    x, y = _lapack2(a, b)
    _two_d(x)
    if len(y.shape) not in (1, 2):
        _two_d(y)
    if y.shape[0] != x.shape[0]:
        raise LinAlgError("Incompatible dimensions")
    sol, residuals, rank, s = _decomposition(ivy.linalg.lstsq, x, y, rcond=rcond)
    return _wrap(sol), _wrap(residuals), scalar(ivy.astype(rank, "int32")), _wrap(s)


def matrix_power(a, n):
    try:
        n = operator.index(n)
    except TypeError:
        raise TypeError("exponent must be an integer") from None
    x = _arr(a)._data
    _square(x)
    if n == 0:
        eye = ivy.eye(x.shape[-1], dtype=native_name(x))
        return _wrap(ivy.broadcast_to(eye, tuple(x.shape)))
    if n < 0:
        x = _checked(ivy.linalg.inv, "Singular matrix", _lapack(_wrap(x)))
        n = -n
    out, base = None, x
    while n:
        if n & 1:
            out = base if out is None else _matmul(out, base)
        n >>= 1
        if n:
            base = _matmul(base, base)
    return _wrap(out)


def cond(x, p=None):
    a = _lapack(x)
    _at_least_2d(a)
    if p not in (None, 2, -2):
        if p not in ("fro", "nuc", 1, -1, _INF, -_INF):
            raise ValueError("Invalid norm order for matrices.")
        _square(a)
    return result(ivy.linalg.cond(a, p=p))


def tensorinv(a, ind=2):
    x = _arr(a)._data
    ind = operator.index(ind)
    if ind <= 0:
        raise ValueError("Invalid ind argument.")
    shape = tuple(x.shape)
    rows = _prod(shape[:ind])
    flat = ivy.reshape(x, (rows, _prod(shape[ind:]) if rows else 0))
    return _wrap(ivy.reshape(inv(_wrap(flat))._data, shape[ind:] + shape[:ind]))


def tensorsolve(a, b, axes=None):
    x, y = _arr(a)._data, _arr(b)._data
    nd = len(x.shape)
    if axes is not None:
        order = [i for i in range(nd) if i not in [ax % nd for ax in axes]]
        order += [ax % nd for ax in axes]
        x = ivy.permute_dims(x, tuple(order))
    out_shape = tuple(x.shape)[len(y.shape):]
    n = _prod(out_shape)
    if _prod(x.shape) != n * n:
        raise LinAlgError("Input arrays must satisfy the requirement "
                          "prod(a.shape[b.ndim:]) == prod(a.shape[:b.ndim])")
    r = solve(_wrap(ivy.reshape(x, (n, n))), _wrap(ivy.reshape(y, (n,))))
    return _wrap(ivy.reshape(r._data, out_shape))


# ---- products and array API functions -----------------------------------------------------------

def _promoted(x1, x2):
    a, b = _arr(x1)._data, _arr(x2)._data
    name = T.result_name([T.NP[native_name(a)], T.NP[native_name(b)]])
    return (a if native_name(a) == name else ivy.astype(a, name),
            b if native_name(b) == name else ivy.astype(b, name), name)


def _matmul(a, b):
    """ivy.matmul with NumPy's bool matmul (or of ands); a and b share a dtype."""
    if native_name(a) == "bool":
        r = ivy.matmul(ivy.astype(a, "int64"), ivy.astype(b, "int64"))
        return ivy.not_equal(r, ivy.zeros_like(r))
    return ivy.matmul(a, b)


def matmul(x1, x2, /):
    a, b, _ = _promoted(x1, x2)
    if not len(a.shape) or not len(b.shape):
        raise ValueError("matmul: Input operand does not have enough dimensions")
    core_a = a.shape[-1]
    core_b = b.shape[0] if len(b.shape) == 1 else b.shape[-2]
    if core_a != core_b:
        raise ValueError(f"matmul: Input operand 1 has a mismatch in its core dimension 0 "
                         f"(size {core_b} is different from {core_a})")
    return result(_matmul(a, b))


def tensordot(x1, x2, /, *, axes=2):
    a, b, name = _promoted(x1, x2)
    if name == "bool":
        r = ivy.tensordot(ivy.astype(a, "int64"), ivy.astype(b, "int64"), axes=axes)
        return result(ivy.not_equal(r, ivy.zeros_like(r)))
    return result(ivy.tensordot(a, b, axes=axes))


def vecdot(x1, x2, /, *, axis=-1):
    a, b, name = _promoted(x1, x2)
    if name in _COMPLEX:
        a = ivy.conj(a)
    if name == "bool":
        return result(ivy.any(ivy.logical_and(a, b), axis=axis))
    return result(ivy.sum(ivy.multiply(a, b), axis=axis, dtype=name))


def outer(x1, x2, /):
    a, b, name = _promoted(x1, x2)
    if len(a.shape) != 1 or len(b.shape) != 1:
        raise ValueError(f"Input arrays must be one-dimensional, but they are "
                         f"x1.ndim={len(a.shape)} and x2.ndim={len(b.shape)}.")
    a, b = ivy.expand_dims(a, axis=-1), ivy.expand_dims(b, axis=0)
    return _wrap(ivy.logical_and(a, b) if name == "bool" else ivy.multiply(a, b))


def cross(x1, x2, /, *, axis=-1):
    a, b, name = _promoted(x1, x2)
    ax = operator.index(axis)
    if not len(a.shape) or not len(b.shape) or a.shape[ax] != 3 or b.shape[ax] != 3:
        raise ValueError(f"Both input arrays must be (arrays of) 3-dimensional vectors, but "
                         f"they are {a.shape[ax] if len(a.shape) else 0} and "
                         f"{b.shape[ax] if len(b.shape) else 0} dimensional instead.")
    if name == "bool":
        raise TypeError("numpy boolean subtract, the `-` operator, is not supported, use the "
                        "bitwise_xor, the `^` operator, or the logical_xor function instead.")
    # the vectors on the last axis: the core's cross fails for other axes on jax and tensorflow
    a, b = ivy.moveaxis(a, ax, -1), ivy.moveaxis(b, ax, -1)
    return _wrap(ivy.moveaxis(ivy.linalg.cross(a, b, axis=-1), -1, ax))


def diagonal(x, /, *, offset=0):
    a = _arr(x)
    if a.ndim < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    offset = operator.index(offset)
    return make_view(a, ivy.linalg.diagonal(a._data, offset=offset),
                     lambda parent: ivy.linalg.diagonal(parent, offset=offset), _read_only)


def _read_only(parent, value):
    raise ValueError("assignment destination is read-only")


def trace(x, /, *, offset=0, dtype=None):
    a = _arr(x)._data
    if len(a.shape) < 2:
        raise ValueError("diag requires an array of at least two dimensions")
    name = native_name(a)
    target = T.name_of(dtype, "trace") if dtype is not None else _SMALL_INTS.get(name, name)
    d = ivy.linalg.diagonal(a if target == name else ivy.astype(a, target),
                            offset=operator.index(offset))
    return result(ivy.sum(d, axis=-1))


def matrix_transpose(x, /):
    a = _arr(x)
    if a.ndim < 2:
        raise ValueError(f"Input array must be at least 2-dimensional, but it is {a.ndim}")
    order = tuple(range(a.ndim - 2)) + (a.ndim - 1, a.ndim - 2)
    return make_view(a, ivy.permute_dims(a._data, order),
                     lambda parent: ivy.permute_dims(parent, order),
                     lambda parent, value: ivy.permute_dims(value, order))


def multi_dot(arrays, *, out=None):
    arrays = [_arr(a)._data for a in arrays]
    if len(arrays) < 2:
        raise ValueError("Expecting at least two arrays.")
    first, last = len(arrays[0].shape) == 1, len(arrays[-1].shape) == 1
    if first:
        arrays[0] = ivy.expand_dims(arrays[0], axis=0)
    if last:
        arrays[-1] = ivy.expand_dims(arrays[-1], axis=-1)
    for a in arrays:
        _two_d(a)
    name = T.result_name([T.NP[native_name(a)] for a in arrays])
    arrays = [a if native_name(a) == name else ivy.astype(a, name) for a in arrays]
    r = arrays[0]
    for a in arrays[1:]:
        if r.shape[-1] != a.shape[0]:
            raise ValueError(f"shapes {tuple(r.shape)} and {tuple(a.shape)} not aligned: "
                             f"{r.shape[-1]} (dim 1) != {a.shape[0]} (dim 0)")
        r = _matmul(r, a)
    if first and last:
        r = ivy.reshape(r, ())
    elif first or last:
        r = ivy.reshape(r, (-1,))
    if out is not None:
        return _finish("multi_dot", r, out, True, "unsafe")
    return result(r)


# ---- norms ----------------------------------------------------------------------------------

def _norm_input(x):
    """x as an inexact native array (integers and bool as float64, as NumPy)."""
    a = _arr(x)._data
    name = native_name(a)
    return a if name in _LAPACK or name in _HALF else ivy.astype(a, "float64")


def _axes(axis, nd):
    return normalize_axes(axis, nd, duplicates=False)      # norm's own message follows


def _half(a, f):
    """Run ``f`` in float32 for float16/bfloat16 and round back (the backends' half norms vary)."""
    name = native_name(a)
    if name in _HALF:
        return ivy.astype(f(ivy.astype(a, "float32")), name)
    return f(a)


def _vector(a, axis, keepdims, ord):
    """The vector norm of a over the axes tuple ``axis`` (None: all)."""
    if isinstance(ord, str):
        raise ValueError(f"Invalid norm order '{ord}' for vectors")
    if ord == 0:
        r = ivy.astype(ivy.not_equal(a, ivy.zeros_like(a)), _REAL_OF.get(native_name(a),
                                                                       native_name(a)))
        return ivy.sum(r, axis=axis, keepdims=keepdims)
    return _half(a, lambda v: ivy.linalg.vector_norm(v, axis=axis, keepdims=keepdims,
                                                    ord=2 if ord is None else ord))


_MATRIX_ORDS = ("fro", "nuc", 1, -1, 2, -2, _INF, -_INF)


def _matrix(a, axes, keepdims, ord):
    """The matrix norm of a over the two axes ``axes``."""
    if ord is None:
        ord = "fro"
    if ord not in _MATRIX_ORDS or isinstance(ord, bool):
        raise ValueError("Invalid norm order for matrices.")
    if ord in (2, -2, "nuc") and native_name(a) in _HALF:
        raise TypeError(f"array type {native_name(a)} is unsupported in linalg")
    r0, r1 = axes
    if r0 == r1:
        raise ValueError("Duplicate axes given.")
    nd = len(a.shape)
    moved = ivy.moveaxis(a, (r0, r1), (nd - 2, nd - 1))
    r = _half(moved, lambda v: _decomposition(ivy.linalg.matrix_norm, v, ord=ord))
    if keepdims:
        for ax in sorted(axes):
            r = ivy.expand_dims(r, axis=ax)
    return r


def norm(x, ord=None, axis=None, keepdims=False):
    a = _norm_input(x)
    nd = len(a.shape)
    if axis is None:
        if ord is None:
            return result(_vector(a, None, keepdims, None))
        if nd not in (1, 2):
            raise ValueError("Improper number of dimensions to norm.")
        axes = tuple(range(nd))
    else:
        axes = _axes(axis, nd)
    if len(axes) == 1:
        return result(_vector(a, axes, keepdims, ord))
    if len(axes) == 2:
        return result(_matrix(a, axes, keepdims, ord))
    raise ValueError("Improper number of dimensions to norm.")


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    a = _norm_input(x)
    axes = None if axis is None else _axes(axis, len(a.shape))
    return result(_vector(a, axes, keepdims, ord))


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    a = _norm_input(x)
    nd = len(a.shape)
    if nd < 2:
        raise np.exceptions.AxisError(-2, nd)
    return result(_matrix(a, (nd - 2, nd - 1), keepdims, ord))


__all__ = ["matrix_power", "solve", "tensorsolve", "tensorinv", "inv", "cholesky", "eigvals",
           "eigvalsh", "pinv", "slogdet", "det", "svd", "svdvals", "eig", "eigh", "lstsq",
           "norm", "qr", "cond", "matrix_rank", "LinAlgError", "multi_dot", "trace", "diagonal",
           "cross", "outer", "tensordot", "matmul", "matrix_transpose", "matrix_norm",
           "vector_norm", "vecdot"]
