"""``jax.nn.initializers`` on the frontend's ``jax.random`` (same numbers as JAX for a key).

Each factory returns ``init(key, shape, dtype=<factory dtype>, out_sharding=None)``; ``dtype=None``
means JAX's default float (float64 with x64 on).
"""
from __future__ import annotations

import math

import numpy as np

import ivy

from .. import _dtypes as J
from .. import random as _random
from .._array import Array, _wrap

__all__ = ["Initializer", "constant", "delta_orthogonal", "glorot_normal", "glorot_uniform",
           "he_normal", "he_uniform", "kaiming_normal", "kaiming_uniform", "lecun_normal",
           "lecun_uniform", "normal", "ones", "orthogonal", "truncated_normal", "uniform",
           "variance_scaling", "xavier_normal", "xavier_uniform", "zeros"]

# stddev of a standard normal truncated to (-2, 2)
_TRUNC_STD = .87962566103423978


class Initializer:
    """``jax.nn.initializers.Initializer``: the protocol ``init(key, shape, dtype)``."""

    def __call__(self, key, shape, dtype=None, out_sharding=None):
        raise NotImplementedError


def _name(dtype, fn="initializer"):
    return J.DEFAULT["float"] if dtype is None else J.name_of(dtype, fn)


def _no_sharding(out_sharding):
    if out_sharding is not None:
        raise NotImplementedError("jax.nn.initializers: out_sharding is not supported")


def _shape(shape):
    return (int(shape),) if not hasattr(shape, "__len__") else tuple(int(d) for d in shape)


def _scaled(x, value, name):
    """``x * jnp.array(value, dtype)``."""
    return _wrap(ivy.multiply(x._data, ivy.asarray(value, dtype=name)))


def _factory(init, outer_dtype, doc):
    def wrapper(key, shape, dtype=outer_dtype, out_sharding=None):
        _no_sharding(out_sharding)
        return init(key, _shape(shape), _name(dtype))
    wrapper.__name__ = wrapper.__qualname__ = "init"
    wrapper.__doc__ = doc
    return wrapper


def zeros(key, shape, dtype=None, out_sharding=None):
    """Implements ``jax.nn.initializers.zeros``."""
    _no_sharding(out_sharding)
    return _wrap(ivy.zeros(_shape(shape), dtype=_name(dtype)))


def ones(key, shape, dtype=None, out_sharding=None):
    """Implements ``jax.nn.initializers.ones``."""
    _no_sharding(out_sharding)
    return _wrap(ivy.ones(_shape(shape), dtype=_name(dtype)))


def constant(value, dtype=None):
    """Implements ``jax.nn.initializers.constant``."""
    def init(key, shape, name):
        if isinstance(value, Array):
            v = ivy.astype(value._data, name)
        else:
            v = ivy.asarray(np.asarray(value, dtype=J.NP[name]))
        return _wrap(ivy.broadcast_to(v, shape))
    return _factory(init, dtype, "Implements an initializer from ``jax.nn.initializers.constant``.")


def uniform(scale=1e-2, dtype=None):
    """Implements ``jax.nn.initializers.uniform``: U[0, scale)."""
    def init(key, shape, name):
        return _scaled(_random.uniform(key, shape, J.NP[name]), scale, name)
    return _factory(init, dtype, "Implements an initializer from ``jax.nn.initializers.uniform``.")


def normal(stddev=1e-2, dtype=None):
    """Implements ``jax.nn.initializers.normal``."""
    def init(key, shape, name):
        return _scaled(_random.normal(key, shape, J.NP[name]), stddev, name)
    return _factory(init, dtype, "Implements an initializer from ``jax.nn.initializers.normal``.")


def truncated_normal(stddev=1e-2, dtype=None, lower=-2.0, upper=2.0):
    """Implements ``jax.nn.initializers.truncated_normal``."""
    def init(key, shape, name):
        x = _random.truncated_normal(key, lower, upper, shape, J.NP[name])
        return _scaled(x, stddev, name)
    return _factory(init, dtype,
                    "Implements an initializer from ``jax.nn.initializers.truncated_normal``.")


def _axes_size(shape, axes):
    if isinstance(axes, int):
        return shape[axes]
    return math.prod(shape[i] for i in axes)


def _compute_fans(shape, in_axis=-2, out_axis=-1, batch_axis=()):
    if len(shape) <= 1:
        raise ValueError(f"Can't compute input and output sizes of a {len(shape)}-dimensional "
                         f"weights tensor with default in_axis. Must be at least 2D or specify "
                         f"in_axis.")
    in_size = _axes_size(shape, in_axis)
    out_size = _axes_size(shape, out_axis)
    batch_size = _axes_size(shape, batch_axis)
    receptive = math.prod(shape) / in_size / out_size / batch_size
    return in_size * receptive, out_size * receptive


_MODES = {
    "fan_in": lambda fi, fo: fi,
    "fan_out": lambda fi, fo: fo,
    "fan_avg": lambda fi, fo: (fi + fo) / 2,
    "fan_geo_avg": lambda fi, fo: (fi * fo) ** 0.5,
}
_COMPLEX = ("complex64", "complex128")


def variance_scaling(scale, mode, distribution, in_axis=-2, out_axis=-1, batch_axis=(),
                     dtype=None):
    """Implements ``jax.nn.initializers.variance_scaling``."""
    def init(key, shape, name):
        fan_in, fan_out = _compute_fans(shape, in_axis, out_axis, batch_axis)
        if mode not in _MODES:
            raise ValueError(f"invalid mode for variance scaling initializer: {mode}")
        variance = ivy.asarray(scale / _MODES[mode](fan_in, fan_out), dtype=name)
        np_dtype = J.NP[name]
        if distribution == "truncated_normal":
            if name in _COMPLEX:
                raise NotImplementedError("jax.nn.initializers.variance_scaling: complex "
                                          "truncated_normal is not supported")
            stddev = ivy.divide(ivy.sqrt(variance), ivy.asarray(_TRUNC_STD, dtype=name))
            x = _random.truncated_normal(key, -2, 2, shape, np_dtype)
            return _wrap(ivy.multiply(x._data, stddev))
        if distribution == "normal":
            x = _random.normal(key, shape, np_dtype)
            return _wrap(ivy.multiply(x._data, ivy.sqrt(variance)))
        if distribution == "uniform":
            if name in _COMPLEX:
                raise NotImplementedError("jax.nn.initializers.variance_scaling: complex "
                                          "uniform is not supported")
            x = _random.uniform(key, shape, np_dtype, -1)
            return _wrap(ivy.multiply(x._data, ivy.sqrt(ivy.multiply(
                ivy.asarray(3, dtype=name), variance))))
        raise ValueError(f"invalid distribution for variance scaling initializer: "
                         f"{distribution}")
    return _factory(init, dtype,
                    "Implements an initializer from ``jax.nn.initializers.variance_scaling``.")


def _preset(name, scale, mode, distribution):
    def factory(in_axis=-2, out_axis=-1, batch_axis=(), dtype=None):
        return variance_scaling(scale, mode, distribution, in_axis=in_axis, out_axis=out_axis,
                                batch_axis=batch_axis, dtype=dtype)
    factory.__name__ = factory.__qualname__ = name
    factory.__doc__ = (f"Implements ``jax.nn.initializers.{name}``: "
                       f"``variance_scaling({scale}, {mode!r}, {distribution!r})``.")
    return factory


glorot_uniform = xavier_uniform = _preset("glorot_uniform", 1.0, "fan_avg", "uniform")
glorot_normal = xavier_normal = _preset("glorot_normal", 1.0, "fan_avg", "truncated_normal")
lecun_uniform = _preset("lecun_uniform", 1.0, "fan_in", "uniform")
lecun_normal = _preset("lecun_normal", 1.0, "fan_in", "truncated_normal")
he_uniform = kaiming_uniform = _preset("he_uniform", 2.0, "fan_in", "uniform")
he_normal = kaiming_normal = _preset("he_normal", 2.0, "fan_in", "truncated_normal")


def orthogonal(scale=1.0, column_axis=-1, dtype=None):
    """Implements ``jax.nn.initializers.orthogonal``."""
    def init(key, shape, name):
        if len(shape) < 2:
            raise ValueError("orthogonal initializer requires at least a 2D shape")
        n_cols = shape[column_axis]
        n_rows = math.prod(shape) // n_cols
        mshape = (n_cols, n_rows) if n_rows < n_cols else (n_rows, n_cols)
        a = _random.normal(key, mshape, J.NP[name])._data
        q, r = ivy.linalg.qr(a)
        q = ivy.multiply(q, ivy.expand_dims(ivy.sign(_random._diag(r)), axis=0))
        if n_rows < n_cols:
            q = ivy.matrix_transpose(q)
        rest = tuple(d for i, d in enumerate(shape) if i != column_axis % len(shape))
        q = ivy.moveaxis(ivy.reshape(q, rest + (n_cols,)), -1, column_axis)
        return _wrap(ivy.multiply(ivy.asarray(scale, dtype=name), q))
    return _factory(init, dtype,
                    "Implements an initializer from ``jax.nn.initializers.orthogonal``.")


def delta_orthogonal(scale=1.0, column_axis=-1, dtype=None):
    """Implements ``jax.nn.initializers.delta_orthogonal`` (orthogonal at the kernel centre)."""
    ortho = orthogonal(scale=scale, column_axis=column_axis, dtype=dtype)

    def init(key, shape, name):
        if len(shape) not in (3, 4, 5):
            raise ValueError("Delta orthogonal initializer requires a 3D, 4D or 5D shape.")
        if shape[-1] < shape[-2]:
            raise ValueError("`fan_in` must be less or equal than `fan_out`. ")
        m = ortho(key, shape[-2:], J.NP[name])._data
        centre = tuple((k - 1) // 2 for k in shape[:-2])
        w = ivy.zeros(shape, dtype=name)
        return _wrap(ivy.index_update(w, centre, m))
    return _factory(init, dtype,
                    "Implements an initializer from ``jax.nn.initializers.delta_orthogonal``.")

