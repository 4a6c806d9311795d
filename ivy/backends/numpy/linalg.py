"""numpy backend: the ``linalg`` extension.

numpy 2's ``np.linalg`` follows the standard (``upper=``, ``rtol=``, ``svdvals``, stacked
``solve`` with a 1-d ``x2`` as the only vector case, ``vector_norm`` over tuple axes); this module
adds 0-d arrays for scalar results, ivy's result namedtuples, complex results for ``eig`` and
``eigvals``, and a clear error for float16/bfloat16 in what needs LAPACK. bfloat16 (ml_dtypes) is
not a numpy float: its norms and matrix powers are computed in float32 and rounded back once.
"""
import numpy as np

from ivy.core import api
from ivy.core.errors import IvyValueError, from_native, translating, unsupported

from ._dtypes import BFLOAT16, HALF, NAME, canonical, native

_ndarray = np.ndarray
_asarray = np.asarray
_FLOAT32 = np.dtype(np.float32)
_COMPLEX_OF = {np.dtype(np.float32): np.dtype(np.complex64),
               np.dtype(np.float64): np.dtype(np.complex128)}


def _lapack_dtype(name, x):
    """LAPACK has no half-precision routines (numpy would raise a bare TypeError)."""
    if x.dtype in HALF:
        raise unsupported(f"linalg.{name}", NAME, f"dtype {canonical(x.dtype)}")


def _array(r):
    return r if type(r) is _ndarray else _asarray(r)


def _lapack(name, np_fn):
    """A LAPACK-backed function of one matrix argument."""
    qualname = f"linalg.{name}"

    def fn(x, /):
        _lapack_dtype(name, x)
        try:
            r = np_fn(x)
        except Exception as e:
            raise from_native(e, qualname, NAME) from e
        return _array(r)
    fn.__name__, fn.__qualname__ = name, qualname
    fn.__doc__ = f"Implements `ivy.linalg.{name}` on numpy."
    return fn


det = _lapack("det", np.linalg.det)
inv = _lapack("inv", np.linalg.inv)
eigvalsh = _lapack("eigvalsh", np.linalg.eigvalsh)
svdvals = _lapack("svdvals", np.linalg.svdvals)


def _complex(a):
    """numpy returns real eigenvalues when all are real; the standard always returns complex."""
    c = _COMPLEX_OF.get(a.dtype)
    return a if c is None else a.astype(c)


@translating("linalg.eigvals", NAME)
def eigvals(x, /):
    _lapack_dtype("eigvals", x)
    return _complex(np.linalg.eigvals(x))


@translating("linalg.eig", NAME)
def eig(x, /):
    _lapack_dtype("eig", x)
    w, v = np.linalg.eig(x)
    return api.EigResult(_complex(w), _complex(v))


@translating("linalg.eigh", NAME)
def eigh(x, /):
    _lapack_dtype("eigh", x)
    w, v = np.linalg.eigh(x)
    return api.EighResult(w, v)


@translating("linalg.cholesky", NAME)
def cholesky(x, /, *, upper=False):
    _lapack_dtype("cholesky", x)
    return np.linalg.cholesky(x, upper=upper)


@translating("linalg.qr", NAME)
def qr(x, /, *, mode="reduced"):
    _lapack_dtype("qr", x)
    if mode not in ("reduced", "complete"):  # numpy's extra modes return other things
        raise IvyValueError(f"ivy.linalg.qr ({NAME} backend): mode must be 'reduced' or "
                            f"'complete', got {mode!r}", function="linalg.qr", backend=NAME)
    q, r = np.linalg.qr(x, mode=mode)
    return api.QRResult(q, r)


@translating("linalg.svd", NAME)
def svd(x, /, *, full_matrices=True):
    _lapack_dtype("svd", x)
    u, s, vh = np.linalg.svd(x, full_matrices=full_matrices)
    return api.SVDResult(u, s, vh)


@translating("linalg.slogdet", NAME)
def slogdet(x, /):
    _lapack_dtype("slogdet", x)
    sign, logabsdet = np.linalg.slogdet(x)
    return api.SlogdetResult(_array(sign), _array(logabsdet))


@translating("linalg.solve", NAME)
def solve(x1, x2, /):
    """x2 is a vector only when 1-d, else a stack of matrices (numpy 2 rule = the standard's)."""
    _lapack_dtype("solve", x1)
    _lapack_dtype("solve", x2)
    return np.linalg.solve(x1, x2)


@translating("linalg.pinv", NAME)
def pinv(x, /, *, rtol=None):
    """rtol=None is max(M, N) * eps, as the standard (numpy's legacy rcond default is 1e-15)."""
    _lapack_dtype("pinv", x)
    return np.linalg.pinv(x, rtol=rtol)


@translating("linalg.matrix_rank", NAME)
def matrix_rank(x, /, *, rtol=None):
    _lapack_dtype("matrix_rank", x)
    return _array(np.linalg.matrix_rank(x, rtol=rtol))


@translating("linalg.matrix_power", NAME)
def matrix_power(x, n, /):
    # A negative power inverts through LAPACK; products alone work for every float dtype.
    if n < 0:
        _lapack_dtype("matrix_power", x)
    if x.dtype is BFLOAT16:  # ml_dtypes' bfloat16 matmul returns float32
        return np.linalg.matrix_power(x.astype(_FLOAT32), n).astype(BFLOAT16)
    return np.linalg.matrix_power(x, n)


_SVD_ORDS = (2, -2, "nuc")


@translating("linalg.matrix_norm", NAME)
def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    if ord in _SVD_ORDS:
        _lapack_dtype("matrix_norm", x)
    if x.dtype is BFLOAT16:  # numpy would compute and return float64 (bfloat16 is not inexact)
        return _array(np.linalg.matrix_norm(x.astype(_FLOAT32), keepdims=keepdims, ord=ord)
                      ).astype(BFLOAT16)
    return _array(np.linalg.matrix_norm(x, keepdims=keepdims, ord=ord))


@translating("linalg.vector_norm", NAME)
def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    if x.dtype is BFLOAT16:  # numpy would compute and return float64 (bfloat16 is not inexact)
        return _array(np.linalg.vector_norm(x.astype(_FLOAT32), axis=axis, keepdims=keepdims,
                                            ord=ord)).astype(BFLOAT16)
    return _array(np.linalg.vector_norm(x, axis=axis, keepdims=keepdims, ord=ord))


@translating("linalg.cross", NAME)
def cross(x1, x2, /, *, axis=-1):
    return np.linalg.cross(x1, x2, axis=axis)


@translating("linalg.diagonal", NAME)
def diagonal(x, /, *, offset=0):
    return np.linalg.diagonal(x, offset=offset)


@translating("linalg.outer", NAME)
def outer(x1, x2, /):
    return np.linalg.outer(x1, x2)


@translating("linalg.trace", NAME)
def trace(x, /, *, offset=0, dtype=None):
    """Small integers accumulate in int64/uint64 unless dtype says otherwise, as sum."""
    return _array(np.linalg.trace(x, offset=offset, dtype=native(dtype, "linalg.trace")))
