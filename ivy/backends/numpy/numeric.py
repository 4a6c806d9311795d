"""numpy backend: the ``numeric`` extension, on numpy's ufuncs (ml_dtypes provides bfloat16 loops
for all of them but ``ldexp`` and ``nan_to_num``, handled here in float32)."""
import numpy as np

from ivy.core.dtypes import finfo
from ivy.core.errors import from_native
from ivy.core.ext.numeric import FrexpResult, bitcast_shape, check_dtype

from . import _binary, _weak_scalar
from ._dtypes import BFLOAT16, CANONICAL, NAME, native

_ndarray = np.ndarray
_asarray = np.asarray
_FLOAT32 = np.dtype(np.float32)
_KIND_OK = {"real floating": "f", "floating": "fc", "integral": "iu", "real numeric": "iuf"}


def _array(r):
    return r if type(r) is _ndarray else _asarray(r)


def _check(fn, x, kind):
    """numpy would compute other kinds in float64 (or raise a bare TypeError)."""
    d = x.dtype
    if ("f" if d is BFLOAT16 else d.kind) not in _KIND_OK[kind]:
        check_dtype(fn, CANONICAL.get(d, str(d)), kind, NAME)


def _unary(name, ufunc, kind):
    def fn(x, /):
        _check(name, x, kind)
        try:
            return _array(ufunc(x))
        except Exception as e:
            raise from_native(e, name, NAME) from e
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `ivy.{name}` with numpy.{ufunc.__name__}."
    return fn


def _checked_binary(name, ufunc, kind):
    plain = _binary(name, ufunc)

    def fn(x1, x2, /):
        for x in (x1, x2):
            if isinstance(x, _ndarray):
                _check(name, x, kind)
        return plain(x1, x2)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `ivy.{name}` with numpy.{ufunc.__name__}."
    return fn


exp2 = _unary("exp2", np.exp2, "floating")
cbrt = _unary("cbrt", np.cbrt, "real floating")
deg2rad = _unary("deg2rad", np.deg2rad, "real floating")
rad2deg = _unary("rad2deg", np.rad2deg, "real floating")
fmod = _checked_binary("fmod", np.fmod, "real numeric")
fmax = _checked_binary("fmax", np.fmax, "real numeric")
fmin = _checked_binary("fmin", np.fmin, "real numeric")
logaddexp2 = _checked_binary("logaddexp2", np.logaddexp2, "real floating")


def _integer_binary(name, ufunc):
    def fn(x1, x2, /):
        for x in (x1, x2):
            if isinstance(x, (np.ndarray, np.generic)):
                _check(name, x, "integral")
            elif not isinstance(x, int) or isinstance(x, bool):
                check_dtype(name, type(x).__name__, "integral", NAME)
        try:
            return _array(ufunc(x1, x2))
        except Exception as e:
            raise from_native(e, name, NAME) from e
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `ivy.{name}` with numpy.{ufunc.__name__}."
    return fn


gcd = _integer_binary("gcd", np.gcd)
lcm = _integer_binary("lcm", np.lcm)


def frexp(x, /):
    _check("frexp", x, "real floating")
    try:
        mantissa, exponent = np.frexp(x)
    except Exception as e:
        raise from_native(e, "frexp", NAME) from e
    return FrexpResult(_array(mantissa), _array(exponent))


def ldexp(x1, x2, /):
    _check("ldexp", x1, "real floating")
    if isinstance(x2, (np.ndarray, np.generic)):
        _check("ldexp", x2, "integral")
    elif not isinstance(x2, int) or isinstance(x2, bool):
        check_dtype("ldexp", type(x2).__name__, "integral", NAME)
    try:
        if x1.dtype is BFLOAT16:  # ml_dtypes' loop returns float32: exact there, rounded once
            return _array(np.ldexp(x1.astype(_FLOAT32), x2)).astype(BFLOAT16)
        return _array(np.ldexp(x1, x2))
    except Exception as e:
        raise from_native(e, "ldexp", NAME) from e


def nan_to_num(x, /, *, nan=0.0, posinf=None, neginf=None):
    try:
        if x.dtype is BFLOAT16:  # not an np.inexact: numpy would return it unchanged
            info = finfo("bfloat16")
            r = np.nan_to_num(x.astype(_FLOAT32), nan=nan,
                              posinf=info.max if posinf is None else posinf,
                              neginf=info.min if neginf is None else neginf)
            return r.astype(BFLOAT16)
        return _array(np.nan_to_num(x, copy=True, nan=nan, posinf=posinf, neginf=neginf))
    except Exception as e:
        raise from_native(e, "nan_to_num", NAME) from e


def isclose(a, b, /, *, rtol=1e-05, atol=1e-08, equal_nan=False):
    try:
        if type(a) is not _ndarray or type(b) is not _ndarray:
            a, b = _weak_scalar(a, b)
        for x in (a, b):
            if isinstance(x, _ndarray) and x.dtype.kind == "b":
                check_dtype("isclose", "bool", "numeric", NAME)
        return _array(np.isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan))
    except Exception as e:
        raise from_native(e, "isclose", NAME) from e


def bitcast(x, dtype, /):
    d = native(dtype, "bitcast")
    x = _asarray(x)
    bitcast_shape(x.shape, x.dtype.itemsize, d.itemsize, NAME)
    try:
        return x.view(d)
    except ValueError as e:         # a last axis that is not contiguous
        raise from_native(e, "bitcast", NAME) from e
