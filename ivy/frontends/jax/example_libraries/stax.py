"""``jax.example_libraries.stax``: layers as ``(init_fun, apply_fun)`` pairs and combinators
(``serial``, ``parallel``, ``FanOut``...), on the frontend's ``lax``, ``random`` and ``nn``.

``init_fun(rng, input_shape)`` gives ``(output_shape, params)``; ``apply_fun(params, inputs,
**kwargs)`` the outputs (``rng=`` reaches ``Dropout``).
"""
from __future__ import annotations

import functools
import math

from .. import lax, random
from .. import numpy as jnp
from ..nn import (elu, gelu, leaky_relu, log_softmax, relu, selu, sigmoid, softmax, softplus,
                  standardize)
from ..nn.initializers import glorot_normal, normal, ones, zeros

__all__ = ["AvgPool", "BatchNorm", "Conv", "Conv1DTranspose", "ConvTranspose", "Dense",
           "Dropout", "Elu", "Exp", "FanInConcat", "FanInSum", "FanOut", "Flatten", "Gelu",
           "GeneralConv", "GeneralConvTranspose", "Identity", "LeakyRelu", "LogSoftmax",
           "MaxPool", "Relu", "Selu", "Sigmoid", "Softmax", "Softplus", "SumPool", "Tanh",
           "elementwise", "glorot", "logsoftmax", "parallel", "randn", "serial",
           "shape_dependent"]

glorot = glorot_normal
randn = normal
logsoftmax = log_softmax


def _no_params(rng, input_shape):
    return input_shape, ()


def Dense(out_dim, W_init=glorot_normal(), b_init=normal()):  # noqa: N802, N803
    """Implements `jax.example_libraries.stax.Dense`: ``inputs @ W + b``."""
    def init_fun(rng, input_shape):
        k1, k2 = random.split(rng)
        return (input_shape[:-1] + (out_dim,),
                (W_init(k1, (input_shape[-1], out_dim)), b_init(k2, (out_dim,))))

    def apply_fun(params, inputs, **kwargs):
        W, b = params  # noqa: N806
        return jnp.dot(inputs, W) + b
    return init_fun, apply_fun


def _conv_layer(shape_fn, conv_fn):
    """A general (transposed) convolution layer constructor over one shape rule and one op."""
    def layer(dimension_numbers, out_chan, filter_shape, strides=None, padding="VALID",
              W_init=None, b_init=normal(1e-6)):  # noqa: N803
        lhs_spec, rhs_spec, out_spec = dimension_numbers
        one = (1,) * len(filter_shape)
        strides = strides or one
        W_init = W_init or glorot_normal(rhs_spec.index("I"), rhs_spec.index("O"))  # noqa: N806

        def init_fun(rng, input_shape):
            spatial = iter(filter_shape)
            kernel_shape = [out_chan if c == "O" else input_shape[lhs_spec.index("C")]
                            if c == "I" else next(spatial) for c in rhs_spec]
            output_shape = shape_fn(input_shape, kernel_shape, strides, padding,
                                    dimension_numbers)
            k1, k2 = random.split(rng)
            return output_shape, (W_init(k1, kernel_shape),
                                  b_init(k2, [out_chan if c == "C" else 1 for c in out_spec]))

        def apply_fun(params, inputs, **kwargs):
            W, b = params  # noqa: N806
            return conv_fn(inputs, W, strides, padding, one, dimension_numbers) + b
        return init_fun, apply_fun
    return layer


GeneralConv = _conv_layer(
    lax.conv_general_shape_tuple,
    lambda x, w, strides, padding, one, dn: lax.conv_general_dilated(
        x, w, strides, padding, one, one, dimension_numbers=dn))
GeneralConv.__name__ = GeneralConv.__qualname__ = "GeneralConv"
GeneralConv.__doc__ = "Implements `jax.example_libraries.stax.GeneralConv`."
GeneralConvTranspose = _conv_layer(
    lax.conv_transpose_shape_tuple,
    lambda x, w, strides, padding, one, dn: lax.conv_transpose(
        x, w, strides, padding, dimension_numbers=dn))
GeneralConvTranspose.__name__ = GeneralConvTranspose.__qualname__ = "GeneralConvTranspose"
GeneralConvTranspose.__doc__ = "Implements `jax.example_libraries.stax.GeneralConvTranspose`."
Conv = functools.partial(GeneralConv, ("NHWC", "HWIO", "NHWC"))
Conv1DTranspose = functools.partial(GeneralConvTranspose, ("NHC", "HIO", "NHC"))
ConvTranspose = functools.partial(GeneralConvTranspose, ("NHWC", "HWIO", "NHWC"))


def BatchNorm(axis=(0, 1, 2), epsilon=1e-5, center=True, scale=True,  # noqa: N802
              beta_init=zeros, gamma_init=ones):
    """Implements `jax.example_libraries.stax.BatchNorm`: standardized over ``axis`` (batch
    statistics), then scaled and shifted."""
    axis = (axis,) if jnp.isscalar(axis) else axis

    def init_fun(rng, input_shape):
        shape = tuple(d for i, d in enumerate(input_shape) if i not in axis)
        k1, k2 = random.split(rng)
        return input_shape, (beta_init(k1, shape) if center else (),
                             gamma_init(k2, shape) if scale else ())

    def apply_fun(params, x, **kwargs):
        beta, gamma = params
        spread = tuple(None if i in axis else slice(None) for i in range(jnp.ndim(x)))
        z = standardize(x, axis, epsilon=epsilon)
        if scale:
            z = gamma[spread] * z
        return z + beta[spread] if center else z
    return init_fun, apply_fun


def elementwise(fun, **fun_kwargs):
    """Implements `jax.example_libraries.stax.elementwise`: a layer applying ``fun``."""
    return _no_params, lambda params, inputs, **kwargs: fun(inputs, **fun_kwargs)


Tanh = elementwise(jnp.tanh)
Relu = elementwise(relu)
Exp = elementwise(jnp.exp)
LogSoftmax = elementwise(log_softmax, axis=-1)
Softmax = elementwise(softmax, axis=-1)
Softplus = elementwise(softplus)
Sigmoid = elementwise(sigmoid)
Elu = elementwise(elu)
LeakyRelu = elementwise(leaky_relu)
Selu = elementwise(selu)
Gelu = elementwise(gelu)


def _window_sizes(window, strides, padding):
    """Rescaler of AvgPool: divide by the number of in-bounds elements of each window."""
    def rescale(outputs, inputs, spec):
        skip = (0, inputs.ndim - 1) if spec is None else (spec.index("N"), spec.index("C"))
        spatial = tuple(n for i, n in enumerate(inputs.shape) if i not in skip)
        sizes = lax.reduce_window(jnp.ones(spatial, dtype=inputs.dtype), 0., lax.add, window,
                                  strides, padding)
        for i in sorted(skip):
            sizes = jnp.expand_dims(sizes, i)
        return outputs / sizes
    return rescale


def _pooling_layer(name, reducer, init_val, rescaler=None):
    def layer(window_shape, strides=None, padding="VALID", spec=None):
        strides = strides or (1,) * len(window_shape)
        rescale = rescaler(window_shape, strides, padding) if rescaler else None
        skip = (0, len(window_shape) + 1) if spec is None else (spec.index("N"),
                                                                spec.index("C"))
        for i in sorted(skip):
            window_shape = window_shape[:i] + (1,) + window_shape[i:]
            strides = strides[:i] + (1,) + strides[i:]

        def init_fun(rng, input_shape):
            pads = lax.padtype_to_pads(input_shape, window_shape, strides, padding)
            ones_ = (1,) * len(window_shape)
            return lax.reduce_window_shape_tuple(input_shape, window_shape, strides, pads,
                                                 ones_, ones_), ()

        def apply_fun(params, inputs, **kwargs):
            out = lax.reduce_window(inputs, init_val, reducer, window_shape, strides, padding)
            return rescale(out, inputs, spec) if rescale else out
        return init_fun, apply_fun
    layer.__name__ = layer.__qualname__ = name
    layer.__doc__ = f"Implements `jax.example_libraries.stax.{name}`."
    return layer


MaxPool = _pooling_layer("MaxPool", lax.max, -jnp.inf)
SumPool = _pooling_layer("SumPool", lax.add, 0.)
AvgPool = _pooling_layer("AvgPool", lax.add, 0., _window_sizes)

# Flatten, Identity and FanInSum are layers (pairs), not constructors, as in JAX.
Flatten = (lambda rng, input_shape: ((input_shape[0], math.prod(input_shape[1:])), ()),
           lambda params, inputs, **kwargs: jnp.reshape(inputs, (inputs.shape[0], -1)))
Identity = (_no_params, lambda params, inputs, **kwargs: inputs)
FanInSum = (lambda rng, input_shape: (input_shape[0], ()),
            lambda params, inputs, **kwargs: sum(inputs))


def FanOut(num):  # noqa: N802
    """Implements `jax.example_libraries.stax.FanOut`: ``num`` copies of the input."""
    return (lambda rng, input_shape: ([input_shape] * num, ()),
            lambda params, inputs, **kwargs: [inputs] * num)


def FanInConcat(axis=-1):  # noqa: N802
    """Implements `jax.example_libraries.stax.FanInConcat`."""
    def init_fun(rng, input_shape):
        ax = axis % len(input_shape[0])
        first = input_shape[0]
        return first[:ax] + (sum(s[ax] for s in input_shape),) + first[ax + 1:], ()
    return init_fun, lambda params, inputs, **kwargs: jnp.concatenate(inputs, axis)


def Dropout(rate, mode="train"):  # noqa: N802
    """Implements `jax.example_libraries.stax.Dropout`: ``rate`` is the keep probability, as
    in JAX; ``apply_fun`` needs ``rng=``."""
    def apply_fun(params, inputs, **kwargs):
        rng = kwargs.get("rng", None)
        if rng is None:
            raise ValueError("Dropout layer requires apply_fun to be called with a PRNG key "
                             "argument. That is, instead of `apply_fun(params, inputs)`, call "
                             "it like `apply_fun(params, inputs, rng)` where `rng` is a PRNG "
                             "key (e.g. from `jax.random.key`).")
        if mode != "train":
            return inputs
        keep = random.bernoulli(rng, rate, inputs.shape)
        return jnp.where(keep, inputs / rate, 0)
    return _no_params, apply_fun


def _split_or_none(rng, n):
    return random.split(rng, n) if rng is not None else (None,) * n


def serial(*layers):
    """Implements `jax.example_libraries.stax.serial`: layers one after another."""
    init_funs, apply_funs = zip(*layers)

    def init_fun(rng, input_shape):
        params = []
        for init in init_funs:
            rng, layer_rng = random.split(rng)
            input_shape, p = init(layer_rng, input_shape)
            params.append(p)
        return input_shape, params

    def apply_fun(params, inputs, **kwargs):
        rngs = _split_or_none(kwargs.pop("rng", None), len(layers))
        for fun, p, r in zip(apply_funs, params, rngs):
            inputs = fun(p, inputs, rng=r, **kwargs)
        return inputs
    return init_fun, apply_fun


def parallel(*layers):
    """Implements `jax.example_libraries.stax.parallel`: layer ``i`` on input ``i``."""
    init_funs, apply_funs = zip(*layers)

    def init_fun(rng, input_shape):
        rngs = random.split(rng, len(layers))
        return zip(*[init(r, s) for init, r, s in zip(init_funs, rngs, input_shape)])

    def apply_fun(params, inputs, **kwargs):
        rngs = _split_or_none(kwargs.pop("rng", None), len(layers))
        return [f(p, x, rng=r, **kwargs) for f, p, x, r in zip(apply_funs, params, inputs, rngs)]
    return init_fun, apply_fun


def shape_dependent(make_layer):
    """Implements `jax.example_libraries.stax.shape_dependent`: the layer is built once the
    input shape is known."""
    return (lambda rng, input_shape: make_layer(input_shape)[0](rng, input_shape),
            lambda params, inputs, **kwargs: make_layer(inputs.shape)[1](params, inputs,
                                                                          **kwargs))
