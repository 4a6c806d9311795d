"""``jax.numpy.fft`` on ``ivy.fft``.

Dtypes as JAX (x64 on): the complex transforms give complex64 for float16/bfloat16/float32 and
integers up to 32 bits (complex128 for 64-bit ones); the real transforms (``rfft*``, ``ihfft``)
accept only float32/float64 and integers (ValueError otherwise); the inverse real transforms give
the matching real dtype. Results are strong; ``fftshift``/``ifftshift`` keep the input's weak type.
"""
from __future__ import annotations

import operator

import numpy as np

import ivy
from ivy.core import dtypes as D

from .. import _dtypes as J
from .._array import _wrap, asarray
from .._dtypes import native_name
from ._ufuncs import _unary_operand
from ivy.frontends.jax._late import late as _late

_COMPLEX_OF = {"float32": "complex64", "float64": "complex128"}
_REAL_OF = {"complex64": "float32", "complex128": "float64"}
_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_FLOAT = frozenset(D.REAL_FLOATING)
_NORMS = frozenset({"backward", "ortho", "forward"})


def _norm(norm):
    if norm is None:
        return "backward"
    if norm not in _NORMS:
        raise ValueError(f'Invalid norm value {norm}; should be "backward","ortho" or '
                         f'"forward".')
    return norm


def _operand(a, kind):
    """(native, fn) for the transform kind: "c" complex in, "r" real in (rfft), "cr" complex in,
    real out (irfft, hfft)."""
    x, name, weak = _unary_operand(a, "fft")
    if name in _COMPLEX:
        if kind == "r":
            raise ValueError("only real valued inputs supported for rfft")
        return x
    if name in _FLOAT:
        if name in ("float16", "bfloat16"):
            if kind == "r":
                raise ValueError(f"RFFT input must be float32 or float64, got {name}")
            name = "float32"
    else:
        name = J.inexact_name(name, weak)
    x = ivy.astype(x, name) if native_name(x) != name else x
    return x if kind == "r" else ivy.astype(x, _COMPLEX_OF[name])


def _check_axis(x, axis):
    nd = x.ndim
    axis = operator.index(axis)
    if not -nd <= axis < nd:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {nd}")
    return axis


def _check_n(n):
    if n is not None:
        n = operator.index(n)
        if n < 1:
            raise ValueError("Shape should be positive.")
    return n


def _one_axis(core, kind, name):
    def f(a, n=None, axis=-1, norm=None):
        x = _operand(a, kind)
        axis = _check_axis(x, axis)
        return _wrap(core(x, n=_check_n(n), axis=axis, norm=_norm(norm)))
    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"Implements ``jnp.fft.{name}``."
    return f


def _n_axes(core, kind, name, default_axes):
    def f(a, s=None, axes=default_axes, norm=None):
        x = _operand(a, kind)
        nd = x.ndim
        if axes is None:
            axes = tuple(range(nd - len(s), nd)) if s is not None else tuple(range(nd))
        else:
            axes = tuple(axes)
        if s is not None:
            s = tuple(_check_n(v) for v in s)
            if len(s) != len(axes):
                raise ValueError("Shape and axes have different lengths.")
        if len(axes) > nd:
            raise ValueError(f"FFT input shape {tuple(x.shape)} must have at least as many "
                             f"input dimensions as fft_lengths {s or axes}.")
        axes = tuple(_check_axis(x, ax) % nd for ax in axes)
        if len(set(axes)) != len(axes):
            raise ValueError(f"jax.numpy.fft.{name} does not support repeated axes. Got axes "
                             f"{axes}.")
        return _wrap(core(x, s=s, axes=axes, norm=_norm(norm)))
    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"Implements ``jnp.fft.{name}``."
    return f


fft = _one_axis(_late.fft.fft, "c", "fft")
ifft = _one_axis(_late.fft.ifft, "c", "ifft")
rfft = _one_axis(_late.fft.rfft, "r", "rfft")
irfft = _one_axis(_late.fft.irfft, "c", "irfft")
hfft = _one_axis(_late.fft.hfft, "c", "hfft")
ihfft = _one_axis(_late.fft.ihfft, "r", "ihfft")
fftn = _n_axes(_late.fft.fftn, "c", "fftn", None)
ifftn = _n_axes(_late.fft.ifftn, "c", "ifftn", None)
rfftn = _n_axes(_late.fft.rfftn, "r", "rfftn", None)
irfftn = _n_axes(_late.fft.irfftn, "c", "irfftn", None)
fft2 = _n_axes(_late.fft.fftn, "c", "fft2", (-2, -1))
ifft2 = _n_axes(_late.fft.ifftn, "c", "ifft2", (-2, -1))
rfft2 = _n_axes(_late.fft.rfftn, "r", "rfft2", (-2, -1))
irfft2 = _n_axes(_late.fft.irfftn, "c", "irfft2", (-2, -1))


def _shift(core, name):
    def f(x, axes=None):
        a, dtype, weak = _unary_operand(x, name)
        if axes is not None:
            axes = (axes,) if isinstance(axes, int) else tuple(axes)
            for ax in axes:
                if not -a.ndim <= ax < a.ndim:
                    raise IndexError("tuple index out of range")
        return _wrap(core(a, axes=axes), weak)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"Implements ``jnp.fft.{name}``."
    return f


fftshift = _shift(_late.fft.fftshift, "fftshift")
ifftshift = _shift(_late.fft.ifftshift, "ifftshift")


def _spacing(d):
    if hasattr(d, "shape") and tuple(d.shape) != ():
        raise NotImplementedError("jnp.fft.fftfreq: an array-valued d is not supported")
    return float(d) if isinstance(d, (int, float, np.generic)) else float(asarray(d))


def _length(n):
    return int(n) if isinstance(n, float) and n == int(n) else operator.index(n)


def fftfreq(n, d=1.0, *, dtype=None, device=None):
    """Implements ``jnp.fft.fftfreq`` (an integer dtype truncates the values, as JAX)."""
    n = _length(n)
    name = J.DEFAULT["float"] if dtype is None else J.name_of(dtype, "fftfreq")
    k = ivy.concat([ivy.arange((n + 1) // 2, dtype="int64"),
                    ivy.arange(-(n // 2), 0, dtype="int64")])
    scale = 1.0 / (n * _spacing(d)) if n else 0.0
    return _wrap(ivy.astype(ivy.multiply(ivy.astype(k, "float64"), scale), name))


def rfftfreq(n, d=1.0, *, dtype=None, device=None):
    """Implements ``jnp.fft.rfftfreq`` (an integer dtype gives its inexact dtype, as JAX)."""
    n = _length(n)
    name = J.DEFAULT["float"] if dtype is None else J.name_of(dtype, "rfftfreq")
    if name not in _FLOAT and name not in _COMPLEX:
        name = J.inexact_name(name)
    k = ivy.arange(n // 2 + 1, dtype="float64")
    scale = 1.0 / (n * _spacing(d)) if n else 0.0
    return _wrap(ivy.astype(ivy.multiply(k, scale), name))


FUNCTIONS = {n: globals()[n] for n in (
    "fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2", "rfftn",
    "irfftn", "hfft", "ihfft", "fftfreq", "rfftfreq", "fftshift", "ifftshift")}
