"""numpy backend: the ``fft`` extension.

numpy 2's pocketfft keeps single precision (float32 -> complex64, complex64 -> float32 for the
inverse real transforms). float16/bfloat16 inputs are computed in single precision and give
complex64/float32: there is no half-precision complex dtype to return.
"""
import numpy as np

from ivy.core.errors import from_native

from ._dtypes import NAME


def _one_axis(name, np_fn):
    qualname = f"fft.{name}"

    def fn(x, /, *, n=None, axis=-1, norm="backward"):
        try:
            return np_fn(x, n=n, axis=axis, norm=norm)
        except Exception as e:
            raise from_native(e, qualname, NAME) from e
    fn.__name__, fn.__qualname__ = name, qualname
    fn.__doc__ = f"Implements `ivy.fft.{name}` on numpy."
    return fn


def _n_axes(name, np_fn):
    qualname = f"fft.{name}"

    def fn(x, /, *, s=None, axes=None, norm="backward"):
        # The standard: with s and no axes, transform the last len(s) axes (numpy deprecates
        # s without axes).
        if s is not None and axes is None:
            axes = tuple(range(-len(s), 0))
        try:
            return np_fn(x, s=s, axes=axes, norm=norm)
        except Exception as e:
            raise from_native(e, qualname, NAME) from e
    fn.__name__, fn.__qualname__ = name, qualname
    fn.__doc__ = f"Implements `ivy.fft.{name}` on numpy."
    return fn


fft = _one_axis("fft", np.fft.fft)
ifft = _one_axis("ifft", np.fft.ifft)
rfft = _one_axis("rfft", np.fft.rfft)
irfft = _one_axis("irfft", np.fft.irfft)
hfft = _one_axis("hfft", np.fft.hfft)
ihfft = _one_axis("ihfft", np.fft.ihfft)
fftn = _n_axes("fftn", np.fft.fftn)
ifftn = _n_axes("ifftn", np.fft.ifftn)
rfftn = _n_axes("rfftn", np.fft.rfftn)
irfftn = _n_axes("irfftn", np.fft.irfftn)
