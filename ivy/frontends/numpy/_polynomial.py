"""NumPy's legacy polynomials and window functions: ``poly``/``roots``, ``polyadd``/``polysub``/
``polymul``/``polydiv``, ``polyder``/``polyint``, ``polyfit``, ``vander``, ``trim_zeros``, the
``poly1d`` class, and ``bartlett``/``blackman``/``hamming``/``hanning``/``kaiser``.

Coefficients run highest power first, as in NumPy. Arithmetic goes through the frontend's ufuncs
(NumPy's dtype rules); ``roots`` are the eigenvalues of the companion matrix (``linalg.eigvals``:
real when every root is), in the order the backend's eigensolver gives (NumPy's order is LAPACK's;
compare them as sets). ``polydiv`` and the zero trimming of ``roots``/``poly1d``/``trim_zeros`` read
a few values on the host (they decide shapes). ``polyfit`` solves in float64 (complex128 for
complex data) through ``linalg.lstsq``, as NumPy does; a rank-deficient fit warns ``RankWarning``.
``str(poly1d)`` is NumPy's two-line layout (powers above the terms, wrapped at 70 columns).
"""
from __future__ import annotations

import math
import operator
import re
import warnings

import numpy as np

import ivy

from . import _dtypes as T
from ._array import _wrap, ndarray
from ._dtypes import native_name
from ._math import convolve, polyval
from ._methods import _arr, _axes
from ._statistics import _sort_native
from ._ufuncs import UFUNCS
from .linalg import eigvals, inv, lstsq

_add, _sub, _mul, _div = (UFUNCS[n] for n in ("add", "subtract", "multiply", "true_divide"))
_COMPLEX = frozenset({"complex64", "complex128"})


def _vec(p):
    """A coefficient argument as a 1-d frontend array (``np.atleast_1d``; a poly1d: its coeffs)."""
    a = p.coeffs if isinstance(p, poly1d) else _arr(p)
    return _wrap(ivy.reshape(a._data, (1,))) if a.ndim == 0 else a


def _truepoly(*args):
    return any(isinstance(p, poly1d) for p in args)


def _out(val, truepoly):
    return poly1d(val) if truepoly else val


def _arange(start, stop, step, name="int64"):
    return _wrap(ivy.arange(start, stop, step, dtype=name))


def _zeros(n, name):
    return _wrap(ivy.zeros((n,), dtype=name))


def _concat(*arrays):
    name = T.result_name(tuple(a.dtype for a in arrays))
    return _wrap(ivy.concat([ivy.astype(a._data, name) if native_name(a._data) != name
                             else a._data for a in arrays]))


def _first_last_nonzero(a):
    """Host indices of the first and last nonzero entries of a 1-d array (None when all zero)."""
    nz = np.flatnonzero(ivy.to_numpy(a._data))        # a few coefficients: read them once
    return (int(nz[0]), int(nz[-1])) if nz.size else None


# ---- construction from roots and back ------------------------------------------------------------

def _min_float(name):
    """NumPy's ``mintypecode``: float32/complex64 stay, everything else computes in double."""
    if name in ("float32", "complex64", "complex128"):
        return name
    return "float64"


def _unsized(what="dispatcher for __array_function__ did not return an iterable"):
    return TypeError(what)


def poly(seq_of_zeros):
    a = _arr(seq_of_zeros)
    if a.ndim == 0:
        raise _unsized()
    if a.ndim == 2 and a.shape[0] == a.shape[1] and a.shape[0]:
        a = eigvals(a)
    elif a.ndim != 1:
        raise ValueError("input must be 1d or non-empty square 2d array.")
    if not a.size:
        return 1.0
    name = _min_float(native_name(a._data))
    z = ivy.astype(a._data, name)
    c = ivy.ones((1,), dtype=name)
    zero = ivy.zeros((1,), dtype=name)
    for i in range(a.size):                       # c(x) * (x - z_i)
        c = ivy.subtract(ivy.concat([c, zero]),
                         ivy.multiply(ivy.get_item(z, i), ivy.concat([zero, c])))
    if name in _COMPLEX:
        s = _sorted_complex(z)
        if bool(ivy.to_numpy(ivy.all(ivy.equal(s, _sorted_complex(ivy.conj(z)))))):
            c = ivy.real(c)                        # conjugate pairs: a real polynomial
    return _wrap(c)


def _sorted_complex(z):
    return _sort_native(z, 0)


def roots(p):
    if not isinstance(p, poly1d) and _arr(p).ndim == 0:
        raise _unsized()
    p = _vec(p)
    if p.ndim != 1:
        raise ValueError("Input must be a rank-1 array.")
    ends = _first_last_nonzero(p)
    if ends is None:
        return _wrap(ivy.zeros((0,), dtype="float64"))
    first, last = ends
    trailing = p.size - last - 1
    name = native_name(p._data)
    if name not in T.INEXACT:
        p, name = _wrap(ivy.astype(p._data, "float64")), "float64"
    c = ivy.get_item(p._data, slice(first, last + 1))
    n = int(c.shape[0])
    if n > 1:
        top = ivy.reshape(ivy.divide(ivy.negative(ivy.get_item(c, slice(1, None))),
                                     ivy.get_item(c, 0)), (1, n - 1))
        below = ivy.eye(n - 2, n - 1, dtype=name)
        found = eigvals(_wrap(ivy.concat([top, below], axis=0)))
    else:
        found = _wrap(ivy.zeros((0,), dtype="float64"))
    if not trailing:
        return found
    return _wrap(ivy.concat([found._data, ivy.zeros((trailing,), dtype=native_name(found._data))]))


# ---- arithmetic ----------------------------------------------------------------------------------

def _aligned(a1, a2):
    a1, a2 = _vec(a1), _vec(a2)
    d = a2.size - a1.size
    if d > 0:
        a1 = _concat(_zeros(d, native_name(a1._data)), a1)
    elif d < 0:
        a2 = _concat(_zeros(-d, native_name(a2._data)), a2)
    return a1, a2


def polyadd(a1, a2):
    return _out(_add(*_aligned(a1, a2)), _truepoly(a1, a2))


def polysub(a1, a2):
    return _out(_sub(*_aligned(a1, a2)), _truepoly(a1, a2))


def polymul(a1, a2):
    return _out(convolve(poly1d(a1).coeffs, poly1d(a2).coeffs), _truepoly(a1, a2))


def polydiv(u, v):
    """Long division: (quotient, remainder), leading remainder terms within 1e-14 of zero
    dropped (as NumPy)."""
    truepoly = _truepoly(u, v)
    u, v = _add(_vec(u), 0.0), _add(_vec(v), 0.0)
    name = T.result_name((u.dtype, v.dtype))
    m, n = u.size - 1, v.size - 1
    r = ivy.astype(u._data, name)
    vv = ivy.astype(v._data, name)
    vname = native_name(v._data)                      # 1 / v[0] in v's dtype (NEP 50)
    scale = ivy.astype(ivy.divide(ivy.asarray(1.0, dtype=vname), ivy.get_item(v._data, 0)), name)
    q = []
    for k in range(m - n + 1):
        d = ivy.multiply(scale, r[k])
        q.append(d)
        part = ivy.subtract(r[k:k + n + 1], ivy.multiply(d, vv))
        r = ivy.concat([r[:k], part, r[k + n + 1:]])
    q = ivy.stack(q) if q else ivy.zeros((1,), dtype=name)
    while int(r.shape[0]) > 1 and bool(np.isclose(ivy.to_numpy(r[0]), 0, rtol=1e-14, atol=1e-8)):
        r = r[1:]
    return (poly1d(_wrap(q)), poly1d(_wrap(r))) if truepoly else (_wrap(q), _wrap(r))


def polyder(p, m=1):
    m = int(m)
    if m < 0:
        raise ValueError("Order of derivative must be positive (see polyint)")
    truepoly = _truepoly(p)
    val = p.coeffs if truepoly else _arr(p)
    if val.ndim == 0:
        raise _unsized("len() of unsized object")
    for _ in range(m):
        n = val.size - 1
        val = _mul(_wrap(ivy.get_item(val._data, slice(None, -1))), _arange(n, 0, -1))
    return _out(val, truepoly)


def polyint(p, m=1, k=None):
    m = int(m)
    if m < 0:
        raise ValueError("Order of integral must be positive (see polyder)")
    k = _zeros(m, "float64") if k is None else _vec(k)
    if k.size == 1 and m > 1:
        k = _mul(_wrap(ivy.get_item(k._data, 0)), _wrap(ivy.ones((m,), dtype="float64")))
    if k.size < m:
        raise ValueError("k must be a scalar or a rank-1 array of length 1 or >m.")
    truepoly = _truepoly(p)
    val = p.coeffs if truepoly else _arr(p)
    if val.ndim == 0 and m:
        raise _unsized("len() of unsized object")
    for i in range(m):
        val = _concat(_div(val, _arange(val.size, 0, -1)),
                      _wrap(ivy.get_item(k._data, slice(i, i + 1))))
    return _out(val, truepoly)


# ---- fitting -----------------------------------------------------------------------------------

def vander(x, N=None, increasing=False):
    x = _arr(x)
    if x.ndim != 1:
        raise ValueError("x must be a one-dimensional array or sequence.")
    n = x.shape[0] if N is None else operator.index(N)
    if n < 0:
        raise ValueError("negative dimensions are not allowed")
    name = T.result_name((x.dtype, np.dtype(np.int64)))     # NumPy: promote_types(x, int)
    return _wrap(ivy.vander(ivy.astype(x._data, name), N=n, increasing=bool(increasing)))


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    order = int(deg) + 1
    x, y = _add(_arr(x), 0.0), _add(_arr(y), 0.0)
    if deg < 0:
        raise ValueError("expected deg >= 0")
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")
    if rcond is None:
        rcond = x.size * np.finfo(x.dtype).eps
    name = "complex128" if T.result_name((x.dtype, y.dtype)) in _COMPLEX else "float64"
    lhs = ivy.vander(ivy.astype(x._data, name), N=order)
    rhs = ivy.astype(y._data, name)
    if w is not None:
        w = _add(_arr(w), 0.0)
        if w.ndim != 1:
            raise TypeError("expected a 1-d array for weights")
        if w.shape[0] != y.shape[0]:
            raise TypeError("expected w and y to have the same length")
        wn = ivy.astype(w._data, name)
        lhs = ivy.multiply(lhs, ivy.reshape(wn, (-1, 1)))
        rhs = ivy.multiply(rhs, wn if y.ndim == 1 else ivy.reshape(wn, (-1, 1)))
    sq = ivy.multiply(ivy.conj(lhs), lhs) if name in _COMPLEX else ivy.multiply(lhs, lhs)
    scale = ivy.sqrt(ivy.real(ivy.sum(sq, axis=0)) if name in _COMPLEX else ivy.sum(sq, axis=0))
    lhs = ivy.divide(lhs, ivy.astype(scale, name))
    c, resids, rank, s = lstsq(_wrap(lhs), _wrap(rhs), rcond)
    sc = ivy.astype(scale, name)
    coef = ivy.divide(c._data, sc if y.ndim == 1 else ivy.reshape(sc, (-1, 1)))
    if int(rank) != order and not full:
        warnings.warn("Polyfit may be poorly conditioned", np.exceptions.RankWarning,
                      stacklevel=2)
    if full:
        return _wrap(coef), resids, rank, s, rcond
    if not cov:
        return _wrap(coef)
    base = inv(_wrap(ivy.matmul(ivy.matrix_transpose(ivy.conj(lhs)) if name in _COMPLEX
                                else ivy.matrix_transpose(lhs), lhs)))._data
    base = ivy.divide(base, ivy.multiply(ivy.reshape(sc, (-1, 1)), ivy.reshape(sc, (1, -1))))
    if cov == "unscaled":
        fac = ivy.asarray(1.0, dtype="float64")
    else:
        if x.size <= order:
            raise ValueError("the number of data points must exceed order to scale the "
                             "covariance matrix")
        fac = ivy.divide(resids._data, ivy.asarray(float(x.size - order), dtype="float64"))
    if y.ndim == 1:
        return _wrap(coef), _wrap(ivy.multiply(base, ivy.astype(fac, name)))
    return _wrap(coef), _wrap(ivy.multiply(ivy.expand_dims(base, axis=-1),
                                           ivy.astype(fac, name)))


# ---- trim_zeros ----------------------------------------------------------------------------------

def trim_zeros(filt, trim="fb", axis=None):
    bad = set(trim.lower()) - {"f", "b"}
    if bad or not trim:
        raise ValueError(f"unexpected character(s) in `trim`: {trim!r}")
    a = _arr(filt)
    if a.ndim == 0:
        return filt
    axes = tuple(range(a.ndim)) if axis is None else _axes(
        tuple(axis) if isinstance(axis, list) else axis, a.ndim)
    nz = np.stack(np.nonzero(ivy.to_numpy(a._data)))   # the bounds decide the shape: on the host
    front, back = "f" in trim.lower(), "b" in trim.lower()
    key = [slice(None)] * a.ndim
    for ax in axes:
        if nz.shape[1] == 0:                       # all zeros: nothing is kept
            key[ax] = slice(0, 0)
            continue
        lo = int(nz[ax].min()) if front else 0
        hi = int(nz[ax].max()) + 1 if back else a.shape[ax]
        key[ax] = slice(lo, hi)
    if isinstance(filt, ndarray):
        return filt[tuple(key)]                    # a view, as NumPy's
    return filt[key[0]] if a.ndim == 1 else filt[tuple(key)]


# ---- windows -----------------------------------------------------------------------------------

def _window(M, shape):
    """A symmetric window of M points from ``shape(n, M)`` on n = 1-M, 3-M, ..., M-1."""
    if M < 1:
        return _wrap(ivy.zeros((0,), dtype="float64"))
    if M == 1:
        return _wrap(ivy.ones((1,), dtype="float64"))
    n = ivy.arange(1 - M, M, 2, dtype="float64")
    return _wrap(shape(n, ivy.asarray(M - 1, dtype="float64")))


def _cos_term(n, m, k):
    return ivy.cos(ivy.divide(ivy.multiply(ivy.asarray(k * math.pi, dtype="float64"), n), m))


def _f(v):
    return ivy.asarray(v, dtype="float64")


def bartlett(M):
    return _window(M, lambda n, m: ivy.where(ivy.less_equal(n, _f(0)),
                                             ivy.add(_f(1), ivy.divide(n, m)),
                                             ivy.subtract(_f(1), ivy.divide(n, m))))


def blackman(M):
    return _window(M, lambda n, m: ivy.add(ivy.add(_f(0.42), ivy.multiply(_f(0.5),
                                                                          _cos_term(n, m, 1))),
                                           ivy.multiply(_f(0.08), _cos_term(n, m, 2))))


def hamming(M):
    return _window(M, lambda n, m: ivy.add(_f(0.54), ivy.multiply(_f(0.46), _cos_term(n, m, 1))))


def hanning(M):
    return _window(M, lambda n, m: ivy.add(_f(0.5), ivy.multiply(_f(0.5), _cos_term(n, m, 1))))


def kaiser(M, beta):
    if M < 1 or M == 1:
        return _window(M, None)
    n = ivy.arange(0, M, dtype="float64")
    alpha = (M - 1) / 2.0
    t = ivy.divide(ivy.subtract(n, _f(alpha)), _f(alpha))
    arg = ivy.multiply(_f(beta), ivy.sqrt(ivy.subtract(_f(1), ivy.multiply(t, t))))
    return _wrap(ivy.divide(ivy.i0(arg), ivy.i0(_f(float(beta)))))


# ---- poly1d ------------------------------------------------------------------------------------

def _is_scalar(v):
    return np.isscalar(v)


def _coef_text(c):
    if np.iscomplexobj(c):
        if c.real == 0:
            return "%.4gj" % c.imag
        if c.imag == 0:
            return "%.4g" % c.real
        return "(%.4g + %.4gj)" % (c.real, c.imag)
    return "%.4g" % c


def _pretty(coeffs, var, width=70):
    """NumPy's two-line layout: the terms below, each power above the end of its term, lines
    broken before a term that would end past ``width`` (padding included)."""
    n = len(coeffs) - 1
    text = ""
    for k, c in enumerate(coeffs):
        if c == 0:
            continue
        power = n - k
        term = _coef_text(c)
        term = term if power == 0 else f"{term} {var}" if power == 1 else \
            f"{term} {var}**{power}"
        if not text:
            text = term
        else:
            text += " - " + term[1:] if term.startswith("-") else " + " + term
    text = text or "0"
    out, top, bottom, pos = "", " ", "", 0
    for m in re.finditer(r"\*\*(\d+)", text):
        piece, power = text[pos:m.start()], m.group(1)
        pos = m.end()
        if len(bottom) + len(piece) + len(power) - 1 > width:
            out += top + "\n" + bottom + "\n"
            top, bottom = " ", ""
        bottom += piece
        top += " " * (len(bottom) - len(top)) + power
        bottom += " " * (len(power) - 1)
    return out + top + "\n" + bottom + text[pos:]


class poly1d:
    """``np.poly1d``: coefficients highest power first (leading zeros dropped), or its roots
    with ``r=True``."""
    __module__ = "numpy"
    __hash__ = None

    def __init__(self, c_or_r, r=False, variable=None):
        if isinstance(c_or_r, poly1d):
            self._coeffs, self._variable = c_or_r._coeffs, c_or_r._variable
            if variable is not None:
                self._variable = variable
            return
        if r:
            c_or_r = poly(c_or_r)
        c = _vec(c_or_r)
        if c.ndim > 1:
            raise ValueError("Polynomial must be 1d only.")
        ends = _first_last_nonzero(c)
        if ends is None:
            c = _wrap(ivy.zeros((1,), dtype=native_name(c._data)))
        elif ends[0]:
            c = _wrap(ivy.get_item(c._data, slice(ends[0], None)))
        self._coeffs = c
        self._variable = "x" if variable is None else variable

    @property
    def coeffs(self):
        return self._coeffs

    @coeffs.setter
    def coeffs(self, value):
        if value is not self._coeffs:
            raise AttributeError("Cannot set attribute")

    @property
    def variable(self):
        return self._variable

    @property
    def order(self):
        return self._coeffs.size - 1

    @property
    def roots(self):
        return roots(self._coeffs)

    r = roots
    c = coef = coefficients = coeffs
    o = order

    def __array__(self, t=None, copy=None):
        return self._coeffs.__array__(t, copy)

    def __repr__(self):
        return f"poly1d({repr(self._coeffs)[6:-1]})"

    def __str__(self):
        return _pretty(list(self._coeffs.__array__()), self._variable)

    def __len__(self):
        return self.order

    def __call__(self, val):
        if isinstance(val, poly1d):
            out = poly1d(0)
            for pv in self._coeffs:
                out = out * val + pv
            return out
        return polyval(self._coeffs, val)

    def __neg__(self):
        return poly1d(UFUNCS["negative"](self._coeffs))

    def __pos__(self):
        return self

    def __mul__(self, other):
        if _is_scalar(other):
            return poly1d(_mul(self._coeffs, other))
        return poly1d(polymul(self._coeffs, poly1d(other)._coeffs))

    def __rmul__(self, other):
        if _is_scalar(other):
            return poly1d(_mul(other, self._coeffs))
        return poly1d(polymul(poly1d(other)._coeffs, self._coeffs))

    def __add__(self, other):
        return poly1d(polyadd(self._coeffs, poly1d(other)._coeffs))

    def __radd__(self, other):
        return poly1d(polyadd(poly1d(other)._coeffs, self._coeffs))

    def __sub__(self, other):
        return poly1d(polysub(self._coeffs, poly1d(other)._coeffs))

    def __rsub__(self, other):
        return poly1d(polysub(poly1d(other)._coeffs, self._coeffs))

    def __pow__(self, val):
        if not _is_scalar(val) or int(val) != val or val < 0:
            raise ValueError("Power to non-negative integers only.")
        res = _wrap(ivy.ones((1,), dtype="int64"))
        for _ in range(int(val)):
            res = polymul(self._coeffs, res)
        return poly1d(res)

    def __truediv__(self, other):
        if _is_scalar(other):
            return poly1d(_div(self._coeffs, other))
        return polydiv(self, poly1d(other))

    def __rtruediv__(self, other):
        if _is_scalar(other):
            return poly1d(_div(other, self._coeffs))
        return polydiv(poly1d(other), self)

    def __eq__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        if self._coeffs.shape != other._coeffs.shape:
            return False
        return ivy.to_numpy(ivy.all(ivy.equal(*_common_natives(self._coeffs,
                                                               other._coeffs))))[()]

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __getitem__(self, val):
        if val > self.order or val < 0:
            return self._coeffs.dtype.type(0)
        return self._coeffs[self.order - val]

    def __setitem__(self, key, val):
        if key < 0:
            raise ValueError("Does not support negative powers.")
        if key > self.order:
            self._coeffs = _concat(_zeros(key - self.order, native_name(self._coeffs._data)),
                                   self._coeffs)
        self._coeffs[self.order - key] = val

    def __iter__(self):
        return iter(self._coeffs)

    def integ(self, m=1, k=0):
        return poly1d(polyint(self._coeffs, m=m, k=k))

    def deriv(self, m=1):
        return poly1d(polyder(self._coeffs, m=m))


def _common_natives(a, b):
    name = T.result_name((a.dtype, b.dtype))
    return ivy.astype(a._data, name), ivy.astype(b._data, name)


FUNCTIONS = {f.__name__: f for f in (
    poly, roots, polyadd, polysub, polymul, polydiv, polyder, polyint, polyfit, vander, trim_zeros,
    bartlett, blackman, hamming, hanning, kaiser, poly1d)}
