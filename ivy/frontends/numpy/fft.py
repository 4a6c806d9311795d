"""``numpy.fft`` on ``ivy.fft``, with NumPy 2's dtypes: float16/float32/complex64 transform in
single precision (complex64; real outputs float32), everything else (float64, integers, bool) in
double precision; ``out=`` takes the result as the ufunc ``out=`` does."""
from __future__ import annotations

import numpy as np

import ivy

from ._array import _wrap, asarray
from ._dtypes import native_name
from ._ufuncs import _finish

_SINGLE = frozenset({"float16", "float32", "complex64"})
_NORMS = (None, "backward", "ortho", "forward")


def _norm(norm):
    if norm not in _NORMS:
        raise ValueError(f'Invalid norm value {norm}; should be "backward", "ortho" or '
                         f'"forward".')
    return norm or "backward"


def _input(a, complex_in):
    """The operand in the transform's precision: complex for the complex transforms, real for
    ``rfft*``/``ihfft`` (NumPy: a TypeError for complex input there)."""
    x = asarray(a)._data
    name = native_name(x)
    single = name in _SINGLE
    if complex_in:
        target = "complex64" if single else "complex128"
    else:
        if name.startswith("complex"):
            raise TypeError("ufunc 'rfft_n_even' did not contain a loop with signature matching "
                            "types")
        target = "float32" if single else "float64"
    return x if name == target else ivy.astype(x, target)


def _check_n(n):
    if n is not None and int(n) < 1:
        raise ValueError(f"Invalid number of FFT data points ({n}) specified.")
    return None if n is None else int(n)


def _axis(axis, ndim):
    axis = int(axis)
    if not -ndim <= axis < ndim:
        raise np.exceptions.AxisError(axis, ndim)
    return axis


def _done(res, out):
    return _finish("fft", res, out, True, "same_kind") if out is not None else _wrap(res)


_INVERSE = frozenset({"ifft", "irfft", "ihfft", "ifftn", "irfftn"})


def _compute(core, x, half, norm, lengths, **kw):
    """The transform; for float16 input NumPy scales by the normalization factor rounded to
    float16 (``ifft`` of six ones is 0.99975586), so that case scales by hand."""
    norm = _norm(norm)
    unscaled = "forward" if core in _INVERSE else "backward"
    if not half or norm == unscaled:
        return getattr(ivy.fft, core)(x, norm=norm, **kw)
    res = getattr(ivy.fft, core)(x, norm=unscaled, **kw)
    n = 1
    for i, length in enumerate(lengths):
        n *= max(length, res.shape[kw["axes"][i]] if "axes" in kw else res.shape[kw["axis"]])
    factor = float(np.float16(1.0 / (n if norm != "ortho" else np.sqrt(n))))
    return ivy.multiply(res, factor)


def _one_axis(core, complex_in):
    def transform(a, n=None, axis=-1, norm=None, out=None):
        x = _input(a, complex_in)
        half = native_name(asarray(a)._data) == "float16"
        axis = _axis(axis, len(x.shape))
        n = _check_n(n)
        return _done(_compute(core, x, half, norm, [n or x.shape[axis]], n=n, axis=axis), out)
    transform.__name__ = core
    return transform


def _axes_and_shape(x, s, axes, default_all):
    nd = len(x.shape)
    if axes is None:
        axes = tuple(range(nd)) if s is None and default_all else \
            tuple(range(nd - (len(s) if s is not None else 2), nd))
    axes = tuple(_axis(ax, nd) for ax in axes)
    if s is not None:
        s = tuple(int(v) for v in s)
        if len(s) != len(axes):
            raise ValueError("Shape and axes have different lengths.")
        for v in s:
            _check_n(v)
    return s, axes


def _many_axes(core, complex_in, default_all):
    def transform(a, s=None, axes=None, norm=None, out=None):
        x = _input(a, complex_in)
        half = native_name(asarray(a)._data) == "float16"
        s, axes = _axes_and_shape(x, s, axes, default_all)
        lengths = s if s is not None else [x.shape[ax] for ax in axes]
        return _done(_compute(core, x, half, norm, lengths, s=s, axes=axes), out)
    transform.__name__ = core
    return transform


def _two_axes(core, complex_in):
    many = _many_axes(core, complex_in, False)

    def transform(a, s=None, axes=(-2, -1), norm=None, out=None):
        return many(a, s, axes, norm, out)
    return transform


fft, ifft = _one_axis("fft", True), _one_axis("ifft", True)
rfft, irfft = _one_axis("rfft", False), _one_axis("irfft", True)
hfft, ihfft = _one_axis("hfft", True), _one_axis("ihfft", False)
fftn, ifftn = _many_axes("fftn", True, True), _many_axes("ifftn", True, True)
rfftn, irfftn = _many_axes("rfftn", False, True), _many_axes("irfftn", True, True)
fft2, ifft2 = _two_axes("fftn", True), _two_axes("ifftn", True)
rfft2, irfft2 = _two_axes("rfftn", False), _two_axes("irfftn", True)
for _f, _name in ((fft2, "fft2"), (ifft2, "ifft2"), (rfft2, "rfft2"), (irfft2, "irfft2")):
    _f.__name__ = _name


def fftfreq(n, d=1.0, device=None):
    return _wrap(ivy.fft.fftfreq(int(n), d=d, dtype="float64"))


def rfftfreq(n, d=1.0, device=None):
    return _wrap(ivy.fft.rfftfreq(int(n), d=d, dtype="float64"))


def fftshift(x, axes=None):
    return _wrap(ivy.fft.fftshift(asarray(x)._data, axes=axes))


def ifftshift(x, axes=None):
    return _wrap(ivy.fft.ifftshift(asarray(x)._data, axes=axes))
