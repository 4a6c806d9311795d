"""``torch.fft`` on ivy's core ``ivy.fft``.

torch computes bool and integer input in the default float dtype, refuses half precision on the
CPU, and gives complex64 for float32 input; ``norm=None`` is "backward".
"""
from __future__ import annotations

import ivy
from ivy.core import dtypes as D

from . import _dtypes as T
from ._ops import _TORCH_NAME, _finish, _tensor_arg
from ._tensor import _axis, _wrap

_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_NORMS = {None: "backward", "backward": "backward", "forward": "forward", "ortho": "ortho"}
_COMPLEX_OF = {"float32": "complex64", "float64": "complex128"}


def _input(fn, x, kind):
    """The native input in torch's compute dtype; kind: "c2c", "r2c" (real only) or "c2r"."""
    a = _tensor_arg(x, fn)
    dt = ivy.dtype(a)
    if dt in ("float16", "bfloat16", "complex32"):
        raise RuntimeError(f"Unsupported dtype {_TORCH_NAME[dt]}")
    if dt not in D.FLOATING:
        dt = T.default_float()
        a = ivy.astype(a, dt)
    if kind == "r2c" and dt in _COMPLEX:
        raise RuntimeError(f"{fn} expects a real input tensor, but got {_TORCH_NAME[dt]}")
    if kind != "r2c" and dt not in _COMPLEX:
        a = ivy.astype(a, _COMPLEX_OF[dt])
    return a


def _norm(norm):
    if norm not in _NORMS:
        raise RuntimeError(f'Invalid normalization mode: "{norm}"')
    return _NORMS[norm]


def _dim(a, dim):
    if ivy.ndim(a) == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    return _axis(dim, ivy.ndim(a))


def _size(n):
    if n is not None and n < 1:
        raise RuntimeError(f"Invalid number of data points ({n}) specified")
    return n


def _one(fn, core, kind):
    def f(input, n=None, dim=-1, norm=None, *, out=None):
        a = _input(fn, input, kind)
        axis = _dim(a, dim)
        points = n if n is not None else 2 * (ivy.shape(a)[axis] - 1) if kind == "c2r" else 1
        if points < 1:
            raise RuntimeError(f"Invalid number of data points ({points}) specified")
        return _finish(getattr(ivy.fft, core)(a, n=n, axis=axis, norm=_norm(norm)), out, fn)
    f.__name__ = f.__qualname__ = fn
    f.__doc__ = f"torch.fft.{fn}"
    return f


def _many(fn, core, kind, default_dim):
    def f(input, s=None, dim=default_dim, norm=None, *, out=None):
        a = _input(fn, input, kind)
        if dim is None and s is not None and len(s) > ivy.ndim(a):
            raise RuntimeError(f"Got shape with {len(s)} values but input tensor only has "
                               f"{ivy.ndim(a)} dimensions.")
        if dim is None:
            axes = tuple(range(ivy.ndim(a) - len(s), ivy.ndim(a))) if s is not None else \
                tuple(range(ivy.ndim(a)))
        else:
            axes = (dim,) if isinstance(dim, int) else tuple(dim)
            axes = tuple(_dim(a, d) for d in axes)
        if s is not None:
            s = tuple(s)
            if len(s) != len(axes):
                raise RuntimeError("When given, dim and shape arguments must have the same length")
            for n in s:
                if n != -1:
                    _size(n)
            shape = ivy.shape(a)
            last = len(s) - 1
            s = tuple((2 * (shape[ax] - 1) if kind == "c2r" and i == last else shape[ax])
                      if n == -1 else n for i, (n, ax) in enumerate(zip(s, axes)))
        if len(set(axes)) != len(axes):
            raise RuntimeError("FFT dims must be unique")
        if not axes:
            return _finish(ivy.asarray(a, copy=True), out, fn)
        core_fn = core if callable(core) else getattr(ivy.fft, core)
        return _finish(core_fn(a, s=s, axes=axes, norm=_norm(norm)), out, fn)
    f.__name__ = f.__qualname__ = fn
    f.__doc__ = f"torch.fft.{fn}"
    return f


# hfftn is irfftn of the conjugate, ihfftn the conjugate of rfftn, with the scaling swapped
_SWAPPED = {"backward": "forward", "forward": "backward", "ortho": "ortho"}


def _hfftn(a, s, axes, norm):
    return ivy.fft.irfftn(ivy.conj(a), s=s, axes=axes, norm=_SWAPPED[norm])


def _ihfftn(a, s, axes, norm):
    return ivy.conj(ivy.fft.rfftn(a, s=s, axes=axes, norm=_SWAPPED[norm]))


fft, ifft = _one("fft", "fft", "c2c"), _one("ifft", "ifft", "c2c")
rfft, irfft = _one("rfft", "rfft", "r2c"), _one("irfft", "irfft", "c2r")
hfft, ihfft = _one("hfft", "hfft", "c2r"), _one("ihfft", "ihfft", "r2c")
fftn, ifftn = _many("fftn", "fftn", "c2c", None), _many("ifftn", "ifftn", "c2c", None)
rfftn, irfftn = _many("rfftn", "rfftn", "r2c", None), _many("irfftn", "irfftn", "c2r", None)
fft2, ifft2 = _many("fft2", "fftn", "c2c", (-2, -1)), _many("ifft2", "ifftn", "c2c", (-2, -1))
rfft2 = _many("rfft2", "rfftn", "r2c", (-2, -1))
irfft2 = _many("irfft2", "irfftn", "c2r", (-2, -1))
hfftn, ihfftn = _many("hfftn", _hfftn, "c2r", None), _many("ihfftn", _ihfftn, "r2c", None)
hfft2, ihfft2 = _many("hfft2", _hfftn, "c2r", (-2, -1)), _many("ihfft2", _ihfftn, "r2c", (-2, -1))


def _freq(fn, core):
    def f(n, d=1.0, *, out=None, dtype=None, layout=None, device=None, requires_grad=False):
        name = T.default_float() if dtype is None else T.canonical(dtype)
        if name in _COMPLEX:
            raise NotImplementedError(f'"arange_cpu" not implemented for \'{_TORCH_NAME[name]}\'')
        if name not in D.REAL_FLOATING:
            raise RuntimeError(f"{fn} requires a floating point or complex dtype")
        r = getattr(ivy.fft, core)(n, d=d, dtype=name)
        return _finish(r, out, fn)
    f.__name__ = f.__qualname__ = fn
    f.__doc__ = f"torch.fft.{fn}"
    return f


fftfreq, rfftfreq = _freq("fftfreq", "fftfreq"), _freq("rfftfreq", "rfftfreq")


def _shift(fn):
    def f(input, dim=None):
        a = _tensor_arg(input, fn)
        if dim is None:
            if ivy.ndim(a) == 0:
                raise RuntimeError("`shifts` required")
            axes = None
        else:
            axes = tuple(_axis(d, ivy.ndim(a)) for d in ((dim,) if isinstance(dim, int) else dim))
        return _wrap(getattr(ivy.fft, fn)(a, axes=axes))
    f.__name__ = f.__qualname__ = fn
    f.__doc__ = f"torch.fft.{fn}"
    return f


fftshift, ifftshift = _shift("fftshift"), _shift("ifftshift")
