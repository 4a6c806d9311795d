"""``jax.numpy.linalg`` on ``ivy.linalg``.

Dtypes as JAX (x64 on): integer and bool inputs of the decompositions and solvers go to float32
(up to 32 bits) or float64 (64-bit and weak integers); float16/bfloat16 raise NotImplementedError
where JAX's CPU LAPACK kernels do. Results are strong except where JAX keeps a weak input weak
(products, ``cholesky``, ``matrix_power``, ``matrix_transpose``).
Known gap: singular or non-positive-definite inputs give NaN/inf in JAX; here they raise where the
backend's LAPACK raises (numpy, torch).
"""
from __future__ import annotations

import operator
from collections import namedtuple

import ivy
from ivy.core import dtypes as D

from .. import _dtypes as J
from .._array import _wrap, asarray, promote
from .._dtypes import native_name
from ._ufuncs import _unary_operand
from ivy.frontends.jax._late import late as _late

EigResult = namedtuple("EigResult", "eigenvalues eigenvectors")
EighResult = namedtuple("EighResult", "eigenvalues eigenvectors")
QRResult = namedtuple("QRResult", "Q R")
SlogdetResult = namedtuple("SlogdetResult", "sign logabsdet")
SVDResult = namedtuple("SVDResult", "U S Vh")
for _t in (EigResult, EighResult, QRResult, SlogdetResult, SVDResult):
    _t.__module__ = "jax.numpy.linalg"
del _t

_FLOAT = frozenset(D.REAL_FLOATING)
_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_INEXACT = _FLOAT | _COMPLEX
_HALF = frozenset({"float16", "bfloat16"})
_REAL_OF = {"complex64": "float32", "complex128": "float64"}


# ---- operands --------------------------------------------------------------------------------

def _inexact(x, fn, half_ok=False):
    """(native, dtype name, weak) of ``x`` in JAX's inexact dtype for it."""
    a, name, weak = _unary_operand(x, fn)
    if name not in _INEXACT:
        name = J.inexact_name(name, weak)
        a = ivy.astype(a, name)
    elif name in _HALF and not half_ok:
        raise NotImplementedError(f"jnp.linalg.{fn}: dtype {name} is not supported (JAX's "
                                  f"LAPACK kernels have no half precision either)")
    return a, name, weak


def _inexact2(x, y, fn):
    (a, b), name, weak = promote(fn, x, y)
    if name not in _INEXACT:
        name = J.inexact_name(name, weak)
        a, b = ivy.astype(a, name), ivy.astype(b, name)
    elif name in _HALF:
        raise NotImplementedError(f"jnp.linalg.{fn}: dtype {name} is not supported")
    return a, b, name, weak


def _arrays(fn, *xs):
    """Natives promoted to one dtype (Python scalars are refused, as JAX's linalg does)."""
    out, name, weak = promote(fn, *xs)
    return [v if ivy.is_native_array(v) else ivy.asarray(v, dtype=name) for v in out], name, weak


def _square(a, fn, what="a"):
    s = tuple(a.shape)
    if len(s) < 2 or s[-1] != s[-2]:
        raise ValueError(f"Argument to {fn} must have shape [..., n, n], got {s}.")


def _matrix(a, fn):
    if len(a.shape) < 2:
        raise ValueError(f"{fn}: input must have at least 2 dimensions, got shape "
                         f"{tuple(a.shape)}")


def _adjoint(a):
    t = ivy.matrix_transpose(a)
    return ivy.conj(t) if native_name(a) in _COMPLEX else t


def _half_compute(a, name, f):
    """Run ``f`` in float32 for float16/bfloat16 (JAX's det/norms accept them)."""
    if name in _HALF:
        return ivy.astype(f(ivy.astype(a, "float32")), name)
    return f(a)


def _symmetrized(a, symmetrize_input):
    return ivy.divide(ivy.add(a, _adjoint(a)), ivy.asarray(2, dtype=native_name(a))) \
        if symmetrize_input else a


def _hermitian_from(a, uplo):
    """The Hermitian matrix a's lower (``"L"``) or upper triangle describes."""
    if uplo == "U":
        a = _adjoint(a)
    low = ivy.tril(a)
    strict = ivy.tril(a, k=-1)
    return ivy.add(low, _adjoint(strict))


def _uplo(UPLO):
    if UPLO not in (None, "L", "U"):
        raise ValueError(f"UPLO must be one of None, 'L', or 'U', got {UPLO}")
    return UPLO or "L"


# ---- decompositions --------------------------------------------------------------------------

def cholesky(a, *, upper=False, symmetrize_input=True):
    """Implements ``jnp.linalg.cholesky``."""
    x, name, weak = _inexact(a, "cholesky")
    _square(x, "cholesky")
    return _wrap(ivy.linalg.cholesky(_symmetrized(x, symmetrize_input), upper=upper), weak)


def eig(a):
    """Implements ``jnp.linalg.eig``."""
    x, name, weak = _inexact(a, "eig")
    _square(x, "eig")
    w, v = ivy.linalg.eig(x)
    return EigResult(_wrap(w), _wrap(v))


def eigvals(a):
    """Implements ``jnp.linalg.eigvals``."""
    x, name, weak = _inexact(a, "eigvals")
    _square(x, "eigvals")
    return _wrap(ivy.linalg.eigvals(x))


def _eigh_input(a, UPLO, symmetrize_input, fn):
    uplo = _uplo(UPLO)
    x, name, weak = _inexact(a, fn)
    _square(x, fn)
    return _symmetrized(x, True) if symmetrize_input else _hermitian_from(x, uplo)


def eigh(a, UPLO=None, symmetrize_input=True):
    """Implements ``jnp.linalg.eigh``."""
    w, v = ivy.linalg.eigh(_eigh_input(a, UPLO, symmetrize_input, "eigh"))
    return EighResult(_wrap(w), _wrap(v))


def eigvalsh(a, UPLO="L", *, symmetrize_input=True):
    """Implements ``jnp.linalg.eigvalsh``."""
    return _wrap(ivy.linalg.eigvalsh(_eigh_input(a, UPLO, symmetrize_input, "eigvalsh")))


def qr(a, mode="reduced"):
    """Implements ``jnp.linalg.qr`` (modes reduced, complete, r; raw is not supported)."""
    if mode not in ("reduced", "complete", "r", "raw"):
        raise ValueError(f"Unsupported QR decomposition mode '{mode}'")
    if mode == "raw":
        raise NotImplementedError("jnp.linalg.qr: mode='raw' (Householder reflectors) is not "
                                  "supported: the core has no geqrf")
    x, name, weak = _inexact(a, "qr")
    _matrix(x, "qr")
    q, r = ivy.linalg.qr(x, mode="reduced" if mode == "r" else mode)
    return _wrap(r) if mode == "r" else QRResult(_wrap(q), _wrap(r))


def _hermitian_svd(x, compute_uv):
    w, v = ivy.linalg.eigh(x)
    s = ivy.abs(w)
    order = ivy.flip(ivy.argsort(s, axis=-1), axis=-1)
    s = ivy.take_along_axis(s, order, axis=-1)
    if not compute_uv:
        return s
    w = ivy.take_along_axis(w, order, axis=-1)
    v = ivy.take_along_axis(v, ivy.broadcast_to(ivy.expand_dims(order, axis=-2), v.shape),
                            axis=-1)
    sign = ivy.astype(ivy.where(ivy.less(w, ivy.zeros_like(w)), ivy.full_like(w, -1),
                                ivy.ones_like(w)), native_name(v))
    return v, s, _adjoint(ivy.multiply(v, ivy.expand_dims(sign, axis=-2)))


def svd(a, full_matrices=True, compute_uv=True, hermitian=False, subset_by_index=None):
    """Implements ``jnp.linalg.svd``."""
    if subset_by_index is not None:
        if full_matrices and compute_uv:
            raise ValueError("full_matrices and subset_by_index cannot both be set")
        raise NotImplementedError("subset_by_index not implemented for CPU and GPU")
    x, name, weak = _inexact(a, "svd")
    _matrix(x, "svd")
    if hermitian:
        r = _hermitian_svd(x, compute_uv)
        if not compute_uv:
            return _wrap(r)
        return SVDResult(*map(_wrap, r))
    if not compute_uv:
        return _wrap(ivy.linalg.svdvals(x))
    u, s, vh = ivy.linalg.svd(x, full_matrices=full_matrices)
    return SVDResult(_wrap(u), _wrap(s), _wrap(vh))


def svdvals(x, /):
    """Implements ``jnp.linalg.svdvals``."""
    a, name, weak = _inexact(x, "svdvals")
    _matrix(a, "svdvals")
    return _wrap(ivy.linalg.svdvals(a))


# ---- determinants, inverses, solvers ---------------------------------------------------------

def det(a):
    """Implements ``jnp.linalg.det``."""
    x, name, weak = _inexact(a, "det", half_ok=True)
    _square(x, "_det()")
    return _wrap(_half_compute(x, name, _late.linalg.det))


def slogdet(a, *, method=None):
    """Implements ``jnp.linalg.slogdet`` (methods 'lu' and 'qr' give the same values)."""
    if method not in (None, "lu", "qr"):
        raise ValueError(f"Unknown slogdet method '{method}'. Supported methods are 'lu' "
                         f"(`None`), and 'qr'.")
    x, name, weak = _inexact(a, "slogdet")
    _square(x, "slogdet")
    if method == "qr" and name in _COMPLEX:
        raise NotImplementedError("slogdet method='qr' not implemented for complex inputs")
    sign, logabsdet = ivy.linalg.slogdet(x)
    return SlogdetResult(_wrap(sign), _wrap(logabsdet))


def inv(a):
    """Implements ``jnp.linalg.inv``."""
    x, name, weak = _inexact(a, "inv")
    _square(x, "inv")
    return _wrap(ivy.linalg.inv(x))


def solve(a, b):
    """Implements ``jnp.linalg.solve``: b is a vector only when 1-d (the Array API rule)."""
    x, y, name, weak = _inexact2(a, b, "solve")
    if len(x.shape) >= 2:
        _solve_shapes(tuple(x.shape), tuple(y.shape))
    _square(x, "solve")
    return _wrap(ivy.linalg.solve(x, y))


def _solve_shapes(a, b):
    """JAX's checks: b is (m) or (..., m, n) -- never a batch of vectors -- against a (..., m, m)."""
    if len(b) == 1:
        signature, m, batch = "(m,m),(m)->(m)", b[0], ()
    elif len(a) == len(b) + 1:
        raise ValueError(f"Invalid shapes for solve: {a}, {b}. Prior to JAX v0.5.0, this would "
                         f"have been treated as a batched 1-dimensional solve. To recover this "
                         f"behavior, use solve(a, b[..., None]).squeeze(-1).")
    else:
        signature, m, batch = "(m,m),(m,n)->(m,n)", b[-2], b[:-2]
    for got, first in ((a[-1], a[-2]), (m, a[-2])):   # a's own two m's, then b's against a's
        if got != first:
            raise ValueError(f"inconsistent size for core dimension 'm': {got} vs {first} on "
                             f"vectorized function with excluded=frozenset() and "
                             f"signature='{signature}'")
    a_batch = a[:-2]
    n = max(len(a_batch), len(batch))
    for p, q in zip((1,) * (n - len(a_batch)) + a_batch, (1,) * (n - len(batch)) + batch):
        if p != q and 1 not in (p, q):
            raise ValueError(f"Incompatible shapes for broadcasting: shapes=[{a_batch}, {batch}]")


def _default_rtol(x, factor=1.0):
    m, n = tuple(x.shape)[-2:]
    return factor * max(m, n) * float(D.finfo(_REAL_OF.get(native_name(x), native_name(x))).eps)


def _rtol(rtol, alias, alias_name):
    if alias is not None:
        if rtol is not None:
            raise ValueError(f"Only one of rtol and {alias_name} may be specified")
        return alias
    return rtol


def _tol_native(t, s):
    """A tolerance (number or array (...)) broadcastable against singular values (..., k)."""
    if isinstance(t, (int, float)):
        return t
    t = asarray(t)._data
    return ivy.expand_dims(ivy.astype(t, native_name(s)), axis=-1)


def pinv(a, rtol=None, hermitian=False, *, rcond=None):
    """Implements ``jnp.linalg.pinv`` (default rtol 10 * max(M, N) * eps, as JAX)."""
    rtol = _rtol(rtol, rcond, "rcond")
    x, name, weak = _inexact(a, "pinv")
    _matrix(x, "pinv")
    if hermitian:
        u, s, vh = _hermitian_svd(x, True)
    else:
        u, s, vh = ivy.linalg.svd(x, full_matrices=False)
    tol = _default_rtol(x, 10.0) if rtol is None else _tol_native(rtol, s)
    largest = ivy.max(s, axis=-1, keepdims=True) if s.shape[-1] else s
    keep = ivy.greater(s, ivy.multiply(largest, tol))
    inverse = ivy.where(keep, ivy.divide(ivy.ones_like(s), ivy.where(keep, s, ivy.ones_like(s))),
                        ivy.zeros_like(s))
    inverse = ivy.astype(inverse, name)
    return _wrap(ivy.matmul(ivy.multiply(_adjoint(vh), ivy.expand_dims(inverse, axis=-2)),
                            _adjoint(u)))


def matrix_rank(M, rtol=None, *, hermitian=False, tol=None):
    """Implements ``jnp.linalg.matrix_rank`` (int64 result, as JAX with x64)."""
    rtol = _rtol(rtol, tol, "tol")
    x, name, weak = _inexact(M, "matrix_rank")
    if x.ndim < 2:
        return _wrap(ivy.astype(ivy.any(ivy.not_equal(x, ivy.zeros_like(x))), "int64"))
    s = _hermitian_svd(x, False) if hermitian else ivy.linalg.svdvals(x)
    if rtol is None:   # JAX: relative by default, but a given rtol is an absolute threshold
        largest = ivy.max(s, axis=-1, keepdims=True) if s.shape[-1] else s
        t = ivy.multiply(largest, _default_rtol(x))
    else:
        t = _tol_native(rtol, s)
    return _wrap(ivy.astype(ivy.count_nonzero(ivy.greater(s, t), axis=-1), "int64"))


def lstsq(a, b, rcond=None, *, numpy_resid=False):
    """Implements ``jnp.linalg.lstsq`` on the SVD (2-d a; b (M,) or (M, K))."""
    x, y, name, weak = _inexact2(a, b, "lstsq")
    if x.ndim != 2:
        raise TypeError(f"{x.ndim}-dimensional array given. Array must be two-dimensional")
    if y.ndim not in (1, 2):
        raise TypeError(f"{y.ndim}-dimensional array given. Array must be one or "
                        f"two-dimensional")
    m, n = x.shape
    if y.shape[0] != m:
        raise TypeError(f"Leading dimensions of input arrays must match, got {x.shape} and "
                        f"{y.shape}")
    vector = y.ndim == 1
    if vector:
        y = ivy.expand_dims(y, axis=-1)
    u, s, vh = ivy.linalg.svd(x, full_matrices=False)
    real = _REAL_OF.get(name, name)
    cut = float(D.finfo(real).eps) * max(m, n) if rcond is None else rcond
    if s.shape[0]:
        keep = ivy.greater(s, ivy.multiply(ivy.asarray(cut, dtype=real), s[0]))
    else:
        keep = ivy.astype(s, "bool")
    rank = ivy.astype(ivy.count_nonzero(keep), "int64")
    inverse = ivy.where(keep, ivy.divide(ivy.ones_like(s), ivy.where(keep, s, ivy.ones_like(s))),
                        ivy.zeros_like(s))
    coef = ivy.multiply(ivy.expand_dims(ivy.astype(inverse, name), axis=-1),
                        ivy.matmul(_adjoint(u), y))
    sol = ivy.matmul(_adjoint(vh), coef)
    residual = ivy.subtract(y, ivy.matmul(x, sol))
    resid = ivy.sum(ivy.square(ivy.abs(residual)), axis=0)
    if numpy_resid and not (m > n and int(ivy.to_numpy(rank)) == n):
        resid = ivy.zeros((0,), dtype=real)
    if vector:
        sol = sol[:, 0]
    return _wrap(sol), _wrap(resid), _wrap(rank), _wrap(s)


def tensorinv(a, ind=2):
    """Implements ``jnp.linalg.tensorinv``."""
    x, name, weak = _inexact(a, "tensorinv")
    ind = operator.index(ind)
    if ind <= 0:
        raise ValueError(f"ind must be a positive integer, got {ind}")
    out_shape, in_shape = tuple(x.shape[:ind]), tuple(x.shape[ind:])
    rows, cols = _prod(out_shape), _prod(in_shape)
    if rows != cols:
        raise ValueError(f"tensorinv: a.shape[:ind] should match a.shape[ind:], got "
                         f"a.shape={x.shape}, ind={ind}")
    r = ivy.linalg.inv(ivy.reshape(x, (rows, cols)))
    return _wrap(ivy.reshape(r, in_shape + out_shape))


def tensorsolve(a, b, axes=None):
    """Implements ``jnp.linalg.tensorsolve``."""
    x, y, name, weak = _inexact2(a, b, "tensorsolve")
    if axes is not None:
        axes = [ax % x.ndim for ax in axes]
        rest = [i for i in range(x.ndim) if i not in axes]
        x = ivy.permute_dims(x, tuple(rest + axes))
    out_shape = tuple(x.shape[y.ndim:])
    rows, cols = _prod(tuple(x.shape[:y.ndim])), _prod(out_shape)
    if rows != cols:
        raise ValueError(f"tensorsolve: a.shape[:b.ndim] must match a.shape[b.ndim:] in size, "
                         f"got a.shape={x.shape}, b.shape={y.shape}")
    r = ivy.linalg.solve(ivy.reshape(x, (rows, cols)), ivy.reshape(y, (rows,)))
    return _wrap(ivy.reshape(r, out_shape))


def _prod(shape):
    n = 1
    for d in shape:
        n *= d
    return n


# ---- norms ----------------------------------------------------------------------------------

_MATRIX_ORDS = ("fro", "nuc", 1, -1, 2, -2, float("inf"), float("-inf"))
_INT_VECTOR_ORDS = (None, 1, 2, float("inf"), float("-inf"))


def _axes(axis, ndim, fn):
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    out = []
    for ax in axes:
        ax = operator.index(ax)
        if not -ndim <= ax < ndim:
            raise ValueError(f"axis {ax} is out of bounds for array of dimension {ndim}")
        out.append(ax % ndim)
    return tuple(out)


def _vector_norm(x, name, axis, keepdims, ord):
    if ord is None:
        ord = 2
    if isinstance(ord, str):
        raise ValueError(f"Invalid order '{ord}' for vector norm.")
    if name in _INEXACT:
        return _half_compute(x, name, lambda v: ivy.linalg.vector_norm(
            v, axis=axis, keepdims=keepdims, ord=ord))
    # integers: JAX reduces in the integer dtype (sum of |x| is int64, max |x| keeps the dtype)
    if ord not in _INT_VECTOR_ORDS:
        raise NotImplementedError(f"jnp.linalg.vector_norm: ord={ord!r} on integer input")
    if name == "bool":
        x = ivy.astype(x, "int64")
    if ord == 1:
        return ivy.sum(ivy.abs(x), axis=axis, keepdims=keepdims)
    if ord == float("inf"):
        return ivy.max(ivy.abs(x), axis=axis, keepdims=keepdims)
    if ord == float("-inf"):
        return ivy.min(ivy.abs(x), axis=axis, keepdims=keepdims)
    total = ivy.sum(ivy.multiply(x, x), axis=axis, keepdims=keepdims)
    return ivy.sqrt(ivy.astype(total, J.inexact_name(native_name(total))))


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """Implements ``jnp.linalg.vector_norm``."""
    a, name, weak = _unary_operand(x, "vector_norm")
    if axis is not None:
        axis = _axes(axis, a.ndim, "vector_norm")
    return _wrap(_vector_norm(a, name, axis, keepdims, ord))


def _matrix_norm(x, name, axes, keepdims, ord):
    if ord not in _MATRIX_ORDS:
        raise ValueError(f"Invalid order '{ord}' for matrix norm.")
    if len(set(axes)) != 2:
        raise ValueError(f"Duplicate axes given: {axes}")
    if name in _HALF and ord in (2, -2, "nuc"):
        raise NotImplementedError(f"jnp.linalg.matrix_norm: dtype {name} with ord={ord!r}")
    nd = x.ndim
    rest = [i for i in range(nd) if i not in axes]
    moved = ivy.permute_dims(x, tuple(rest) + axes) if axes != (nd - 2, nd - 1) else x
    r = _half_compute(moved, name, lambda v: ivy.linalg.matrix_norm(v, ord=ord))
    if keepdims:
        for ax in sorted(axes):
            r = ivy.expand_dims(r, axis=ax)
    return r


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    """Implements ``jnp.linalg.matrix_norm``."""
    a, name, weak = _inexact(x, "matrix_norm", half_ok=True)
    if a.ndim < 2:
        raise ValueError(f"axis -2 is out of bounds for array of dimension {a.ndim}")
    return _wrap(_matrix_norm(a, name, (a.ndim - 2, a.ndim - 1), keepdims, ord))


def norm(x, ord=None, axis=None, keepdims=False):
    """Implements ``jnp.linalg.norm``."""
    a, name, weak = _inexact(x, "norm", half_ok=True)
    nd = a.ndim
    if axis is None:
        if ord is None:
            r = _vector_norm(ivy.reshape(a, (-1,)), name, None, False, 2)
            return _wrap(ivy.reshape(r, (1,) * nd) if keepdims else r)
        axes = tuple(range(nd))
    else:
        axes = _axes(axis, nd, "norm")
    if len(axes) == 1:
        return _wrap(_vector_norm(a, name, axes, keepdims, ord))
    if len(axes) == 2:
        return _wrap(_matrix_norm(a, name, axes, keepdims, "fro" if ord is None else ord))
    raise ValueError(f"Improper number of axes for norm: axis={axis!r}. Pass one axis to "
                     f"compute a vector-norm, or two axes to compute a matrix-norm.")


def cond(x, p=None):
    """Implements ``jnp.linalg.cond`` (a singular matrix gives inf)."""
    a, name, weak = _inexact(x, "cond")
    _matrix(a, "cond")
    if p not in (None, 2, -2):
        _square(a, "cond")
    return _wrap(ivy.linalg.cond(a, p=p))


# ---- products and structure -----------------------------------------------------------------

def _product_operands(x1, x2, fn, preferred=None):
    """(a, b, dtype, weak, boolean); with a preferred element type the operands are cast to it
    (JAX accumulates in that type)."""
    (a, b), name, weak = _arrays(fn, x1, x2)
    if preferred is not None:
        want = J.name_of(preferred, fn)
        if want != name:
            a, b, name = ivy.astype(a, want), ivy.astype(b, want), want
    if name == "bool":      # not every backend multiplies booleans: JAX gives logical or/and
        return a, b, name, weak, True
    return a, b, name, weak, False


def _bool_matmul(a, b):
    return ivy.astype(ivy.matmul(ivy.astype(a, "int64"), ivy.astype(b, "int64")), "bool")


def matmul(x1, x2, /, *, precision=None, preferred_element_type=None):
    """Implements ``jnp.linalg.matmul`` (``precision`` has no effect on CPU, as in JAX)."""
    a, b, name, weak, boolean = _product_operands(x1, x2, "matmul", preferred_element_type)
    for i, v in enumerate((a, b)):
        if v.ndim == 0:
            raise ValueError(f"matmul input operand {i} must have ndim at least 1, but it has "
                             f"ndim 0")
    r = _bool_matmul(a, b) if boolean else ivy.matmul(a, b)
    return _wrap(r, weak)


def multi_dot(arrays, *, precision=None):
    """Implements ``jnp.linalg.multi_dot`` (left to right; the order only changes rounding)."""
    if len(arrays) < 2:
        raise ValueError(f"multi_dot requires at least two arrays, got {len(arrays)}")
    natives, name, weak = _arrays("multi_dot", *arrays)
    r = natives[0]
    for v in natives[1:]:
        r = _bool_matmul(r, v) if name == "bool" else ivy.matmul(r, v)
    return _wrap(r, weak)


def outer(x1, x2, /):
    """Implements ``jnp.linalg.outer``."""
    a, b, name, weak, boolean = _product_operands(x1, x2, "outer")
    if a.ndim != 1 or b.ndim != 1:
        raise ValueError(f"Input arrays must be one-dimensional, but they are x1.ndim={a.ndim} "
                         f"x2.ndim={b.ndim}")
    r = ivy.logical_and(ivy.expand_dims(a, axis=-1), b) if boolean else ivy.linalg.outer(a, b)
    return _wrap(r, weak)


def tensordot(x1, x2, /, *, axes=2, precision=None, preferred_element_type=None,
              out_sharding=None):
    """Implements ``jnp.linalg.tensordot``."""
    if out_sharding is not None:
        raise NotImplementedError("jnp.linalg.tensordot: out_sharding is not supported")
    a, b, name, weak, boolean = _product_operands(x1, x2, "tensordot", preferred_element_type)
    if boolean:
        a, b = ivy.astype(a, "int64"), ivy.astype(b, "int64")
    r = ivy.tensordot(a, b, axes=axes)
    if boolean:
        r = ivy.astype(r, "bool")
    return _wrap(r, weak)


def vecdot(x1, x2, /, *, axis=-1, precision=None, preferred_element_type=None):
    """Implements ``jnp.linalg.vecdot``: sum(conj(x1) * x2) over ``axis``."""
    a, b, name, weak, boolean = _product_operands(x1, x2, "vecdot", preferred_element_type)
    if boolean:
        r = ivy.any(ivy.logical_and(a, b), axis=axis)
    else:
        r = ivy.sum(ivy.multiply(ivy.conj(a) if name in _COMPLEX else a, b), axis=axis,
                    dtype=name)
    return _wrap(r, weak)


def cross(x1, x2, /, *, axis=-1):
    """Implements ``jnp.linalg.cross`` (3-vectors only)."""
    (a, b), name, weak = _arrays("cross", x1, x2)
    if name == "bool":
        raise TypeError("cross does not accept dtype bool.")
    if a.shape[axis] != 3 or b.shape[axis] != 3:
        raise ValueError(f"Both input arrays must be (arrays of) 3-dimensional vectors, but they "
                         f"have x1.shape[axis]={a.shape[axis]} and x2.shape[axis]="
                         f"{b.shape[axis]}")
    return _wrap(ivy.linalg.cross(a, b, axis=axis), weak)


def matrix_power(a, n):
    """Implements ``jnp.linalg.matrix_power`` (a negative n inverts: integers go to float)."""
    x, name, weak = _unary_operand(a, "matrix_power")
    try:
        n = operator.index(n)
    except TypeError:
        raise TypeError(f"exponent must be an integer, got {n}") from None
    _square(x, "matrix_power")
    if n < 0 and name not in _INEXACT:
        x = ivy.astype(x, J.inexact_name(name, weak))
    if name == "bool":
        x = ivy.astype(x, "int64")
        return _wrap(ivy.astype(ivy.linalg.matrix_power(x, n), "bool"), weak)
    return _wrap(ivy.linalg.matrix_power(x, n), weak)


def matrix_transpose(x, /):
    """Implements ``jnp.linalg.matrix_transpose``."""
    a, name, weak = _unary_operand(x, "matrix_transpose")
    if a.ndim < 2:
        raise ValueError(f"matrix_transpose requires at least 2 dimensions; got ndim={a.ndim}")
    return _wrap(ivy.matrix_transpose(a), weak)


def diagonal(x, /, *, offset=0):
    """Implements ``jnp.linalg.diagonal``."""
    a, name, weak = _unary_operand(x, "diagonal")
    _matrix(a, "diagonal")
    return _wrap(ivy.linalg.diagonal(a, offset=offset))


def trace(x, /, *, offset=0, dtype=None):
    """Implements ``jnp.linalg.trace`` (integers accumulate in int64/uint64, as sum)."""
    a, name, weak = _unary_operand(x, "trace")
    _matrix(a, "trace")
    want = None if dtype is None else J.name_of(dtype, "trace")
    return _wrap(ivy.linalg.trace(a, offset=offset, dtype=want))


FUNCTIONS = {n: globals()[n] for n in (
    "cholesky", "cond", "cross", "det", "diagonal", "eig", "eigh", "eigvals", "eigvalsh", "inv",
    "lstsq", "matmul", "matrix_norm", "matrix_power", "matrix_rank", "matrix_transpose",
    "multi_dot", "norm", "outer", "pinv", "qr", "slogdet", "solve", "svd", "svdvals",
    "tensordot", "tensorinv", "tensorsolve", "trace", "vecdot", "vector_norm")}
