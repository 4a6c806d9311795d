"""tensorflow backend: fft. TF transforms the last axis only; other axes are moved there and back.

TF's forward transforms are unscaled and its inverses scale by 1/n; other ``norm`` values rescale.
hfft/ihfft, which TF lacks, are numpy's compositions: irfft/rfft of the conjugate, norm swapped.
"""
import tensorflow as tf

from ivy.core import dtypes as dt
from ivy.core.errors import IvyTypeError, IvyValueError, from_native, where

from ._base import NAME, TF, dim, gap_op, move_back, move_to_last, name_of, norm_axis, rank

_SWAP = {"backward": "forward", "ortho": "ortho", "forward": "backward"}
_COMPLEX_OF = {"float16": "complex64", "bfloat16": "complex64", "float32": "complex64",
               "float64": "complex128"}


def _error(fn, message, cls=IvyValueError):
    return cls(f"{where(fn, NAME)}: {message}", function=fn, backend=NAME)


def _check(fn, norm, n):
    if norm not in _SWAP:
        raise _error(fn, f'norm must be "backward", "ortho" or "forward", got {norm!r}')
    if isinstance(n, int) and n < 1:
        raise _error(fn, f"invalid number of FFT data points ({n})")


def _complex(fn, x):
    d = name_of(x.dtype)
    if d in dt.COMPLEX_FLOATING:
        return x
    if d in _COMPLEX_OF:  # a real input is exactly a complex one with zero imaginary part
        return tf.cast(x, TF[_COMPLEX_OF[d]])
    raise _error(fn, f"needs a floating-point array, got {d}", IvyTypeError)


def _scale(y, n, norm, inverse):
    if norm == "backward":
        return y
    real = TF[dt.REAL_OF.get(name_of(y.dtype), name_of(y.dtype))]
    n = tf.cast(n, real)
    if inverse:  # undo part of TF's 1/n
        f = tf.sqrt(n) if norm == "ortho" else n
    else:
        f = 1.0 / tf.sqrt(n) if norm == "ortho" else 1.0 / n
    if y.dtype.is_complex:  # scale the parts: a complex product would turn inf * 0 into NaN
        return tf.complex(tf.math.real(y) * f, tf.math.imag(y) * f)
    return y * f


def _fit(x, n):
    """Zero-pad or truncate the last axis to length n."""
    m = dim(x, -1)
    if isinstance(m, int) and isinstance(n, int):
        if n < m:
            return x[..., :n]
        if n == m:
            return x
    pad = tf.maximum(tf.cast(n, tf.int64) - tf.cast(m, tf.int64), 0)
    paddings = tf.concat([tf.zeros((rank(x) - 1, 2), tf.int64), [[0, pad]]], 0)
    return tf.pad(x, paddings)[..., :n]


def _c2c(fn, x, n, axis, norm, inverse):
    _check(fn, norm, n)
    xm, back = move_to_last(_complex(fn, x), axis, fn)
    if n is None:
        n = dim(xm, -1)
    else:
        xm = _fit(xm, n)
    y = tf.signal.ifft(xm) if inverse else tf.signal.fft(xm)
    return move_back(_scale(y, n, norm, inverse), back)


def _rfft_native(x, n, axis, norm):
    xm, back = move_to_last(x, axis, "fft.rfft")
    if n is None:
        n = dim(xm, -1)
    return move_back(_scale(tf.signal.rfft(xm, fft_length=[n]), n, norm, False), back)


_rfft = gap_op("fft.rfft", _rfft_native)


def _irfft(fn, x, n, axis, norm):
    xm, back = move_to_last(_complex(fn, x), axis, fn)
    if n is None:
        n = 2 * (dim(xm, -1) - 1)
    _check(fn, norm, n)
    if xm.shape[-1] is None or xm.shape[-1] > n // 2 + 1:   # irfft reads n // 2 + 1 bins:
        xm = xm[..., :n // 2 + 1]   # cropped here (TF's gradient of its own cropping fails)
    return move_back(_scale(tf.signal.irfft(xm, fft_length=[n]), n, norm, True), back)


def _guarded(fn, body):
    try:
        return body()
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def fft(x, /, *, n=None, axis=-1, norm="backward"):
    return _guarded("fft.fft", lambda: _c2c("fft.fft", x, n, axis, norm, False))


def ifft(x, /, *, n=None, axis=-1, norm="backward"):
    return _guarded("fft.ifft", lambda: _c2c("fft.ifft", x, n, axis, norm, True))


def rfft(x, /, *, n=None, axis=-1, norm="backward"):
    def body():
        _check("fft.rfft", norm, n)
        return _rfft(x, n, axis, norm)
    return _guarded("fft.rfft", body)


def irfft(x, /, *, n=None, axis=-1, norm="backward"):
    def body():
        _check("fft.irfft", norm, n)
        return _irfft("fft.irfft", x, n, axis, norm)
    return _guarded("fft.irfft", body)


def hfft(x, /, *, n=None, axis=-1, norm="backward"):
    """Implements the Array API ``fft.hfft`` as numpy does: irfft(conj(x)) with norm swapped."""
    def body():
        _check("fft.hfft", norm, n)
        return _irfft("fft.hfft", tf.math.conj(_complex("fft.hfft", x)), n, axis, _SWAP[norm])
    return _guarded("fft.hfft", body)


def ihfft(x, /, *, n=None, axis=-1, norm="backward"):
    """Implements the Array API ``fft.ihfft`` as numpy does: conj(rfft(x)) with norm swapped."""
    def body():
        _check("fft.ihfft", norm, n)
        return tf.math.conj(_ihfft_rfft(x, n, axis, _SWAP[norm]))
    return _guarded("fft.ihfft", body)


_ihfft_rfft = gap_op("fft.ihfft", _rfft_native)


def _cook(fn, x, s, axes, invreal=False):
    """numpy's _cook_nd_args: the (sizes, axes) of an n-d transform."""
    shape = x.shape.as_list()
    shapeless = s is None
    if s is None:
        s = shape if axes is None else [shape[a] for a in axes]
    s = list(s)
    if axes is None:
        axes = list(range(-len(s), 0))
    axes = [norm_axis(a, len(shape), fn) for a in axes]
    if len(s) != len(axes):
        raise _error(fn, "s and axes have different lengths")
    if invreal and shapeless and axes:
        s[-1] = (shape[axes[-1]] - 1) * 2
    return [shape[a] if v in (-1, None) else v for v, a in zip(s, axes)], axes


def _c2c_nd(fn, x, s, axes, norm, inverse):
    def body():
        x_ = _complex(fn, x)
        sizes, ax = _cook(fn, x_, s, axes)
        for size, a in reversed(list(zip(sizes, ax))):  # numpy transforms the last axis first
            x_ = _c2c(fn, x_, size, a, norm, inverse)
        return x_
    return _guarded(fn, body)


def fftn(x, /, *, s=None, axes=None, norm="backward"):
    return _c2c_nd("fft.fftn", x, s, axes, norm, False)


def ifftn(x, /, *, s=None, axes=None, norm="backward"):
    return _c2c_nd("fft.ifftn", x, s, axes, norm, True)


def _rfftn_native(x, s, axes, norm):
    sizes, ax = _cook("fft.rfftn", x, s, axes)
    _check("fft.rfftn", norm, sizes[-1] if sizes else 1)
    out = _rfft_native(x, sizes[-1], ax[-1], norm)
    for size, a in reversed(list(zip(sizes[:-1], ax[:-1]))):
        out = _c2c("fft.rfftn", out, size, a, norm, False)
    return out


_rfftn = gap_op("fft.rfftn", _rfftn_native)


def rfftn(x, /, *, s=None, axes=None, norm="backward"):
    return _guarded("fft.rfftn", lambda: _rfftn(x, s, axes, norm))


def irfftn(x, /, *, s=None, axes=None, norm="backward"):
    def body():
        x_ = _complex("fft.irfftn", x)
        sizes, ax = _cook("fft.irfftn", x_, s, axes, invreal=True)
        for size, a in zip(sizes[:-1], ax[:-1]):
            x_ = _c2c("fft.irfftn", x_, size, a, norm, True)
        _check("fft.irfftn", norm, sizes[-1])
        return _irfft("fft.irfftn", x_, sizes[-1], ax[-1], norm)
    return _guarded("fft.irfftn", body)

