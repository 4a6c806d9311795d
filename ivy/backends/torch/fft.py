"""torch backend: the Array API ``fft`` extension on ``torch.fft`` (dtypes preserved:
float32/complex64 in, complex64/float32 out)."""
from __future__ import annotations

import torch

from ivy.core.errors import IvyError, from_native, unsupported

from ._common import CANONICAL, NAME, Tensor

# torch.fft has no CPU kernels for half precision; there is no canonical complex32 either.
_NO_FFT = frozenset({torch.float16, torch.bfloat16, torch.complex32})


def _fail(fn, e, x):
    if isinstance(e, IvyError):
        return e
    if isinstance(x, Tensor) and x.dtype in _NO_FFT:
        return unsupported(f"fft.{fn}", NAME, f"dtype {CANONICAL.get(x.dtype, x.dtype)}")
    return from_native(e, f"fft.{fn}", NAME)


def _one_axis(fn, op):
    def transform(x, /, *, n=None, axis=-1, norm="backward"):
        try:
            return op(x, n=n, dim=axis, norm=norm)
        except Exception as e:
            raise _fail(fn, e, x) from e
    transform.__name__ = transform.__qualname__ = fn
    transform.__doc__ = f"Array API ``fft.{fn}`` on torch."
    return transform


def _many_axes(fn, op):
    def transform(x, /, *, s=None, axes=None, norm="backward"):
        try:
            return op(x, s=None if s is None else tuple(s),
                      dim=None if axes is None else tuple(axes), norm=norm)
        except Exception as e:
            raise _fail(fn, e, x) from e
    transform.__name__ = transform.__qualname__ = fn
    transform.__doc__ = f"Array API ``fft.{fn}`` on torch."
    return transform


fft = _one_axis("fft", torch.fft.fft)
ifft = _one_axis("ifft", torch.fft.ifft)
rfft = _one_axis("rfft", torch.fft.rfft)
irfft = _one_axis("irfft", torch.fft.irfft)
hfft = _one_axis("hfft", torch.fft.hfft)
ihfft = _one_axis("ihfft", torch.fft.ihfft)
fftn = _many_axes("fftn", torch.fft.fftn)
ifftn = _many_axes("ifftn", torch.fft.ifftn)
rfftn = _many_axes("rfftn", torch.fft.rfftn)
irfftn = _many_axes("irfftn", torch.fft.irfftn)
