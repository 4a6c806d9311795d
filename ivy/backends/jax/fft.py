"""jax backend: the Array API fft extension. jax keeps single precision (float32 -> complex64)."""
from __future__ import annotations

import jax.numpy as jnp

from ._common import error, value_error

# Transforms whose default output length 2 * (m - 1) is empty for a length-1 input: jax returns an
# empty array where the standard's n must be positive, so these raise like numpy.
_HALF_SPECTRUM = frozenset({"irfft", "hfft"})


def _one_axis(name, op):
    qual = f"fft.{name}"
    check_length = name in _HALF_SPECTRUM

    def fn(x, /, *, n=None, axis=-1, norm="backward"):
        try:
            if check_length:
                points = n if n is not None else 2 * (x.shape[axis] - 1)
                if points < 1:
                    raise value_error(qual, f"{points} output points (input length "
                                            f"{x.shape[axis]} along axis {axis}); need at least 1")
            return op(x, n=n, axis=axis, norm=norm)
        except Exception as e:
            raise error(e, qual) from e
    fn.__name__ = name
    fn.__qualname__ = qual
    fn.__doc__ = f"Implements the standard's fft.{name} with jax.numpy.fft.{name}."
    return fn


def _n_axes(name, op):
    qual = f"fft.{name}"

    def fn(x, /, *, s=None, axes=None, norm="backward"):
        try:
            return op(x, s=s, axes=axes, norm=norm)
        except Exception as e:
            raise error(e, qual) from e
    fn.__name__ = name
    fn.__qualname__ = qual
    fn.__doc__ = f"Implements the standard's fft.{name} with jax.numpy.fft.{name}."
    return fn


_ONE_AXIS = ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft")
_N_AXES = ("fftn", "ifftn", "rfftn", "irfftn")

for _name in _ONE_AXIS:
    globals()[_name] = _one_axis(_name, getattr(jnp.fft, _name))
for _name in _N_AXES:
    globals()[_name] = _n_axes(_name, getattr(jnp.fft, _name))
del _name

__all__ = list(_ONE_AXIS + _N_AXES)
