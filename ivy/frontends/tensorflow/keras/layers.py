"""``tf.keras.layers``: the ``Layer`` base (build on the first call from the input's shape,
weights as frontend ``tf.Variable``s, the training flag passed down to nested calls), Keras's
symbolic ``KerasTensor`` for functional models, and the common layers. Weights keep Keras's
layouts (Dense ``(in, units)``, Conv ``(*kernel, in // groups, filters)``, ...) so
``set_weights(real_layer.get_weights())`` reproduces a real layer."""
from __future__ import annotations

import inspect
import math

import numpy as np

import ivy

from .._tensor import Tensor, wrap
from ..errors import invalid_argument
from . import activations as _activations
from . import initializers as _initializers
from . import random as _random
from ._util import (FLOATS, _TRAINING, assign, dtype_name, flatten, is_variable, key,
                    map_structure, nat, no_record, snake_case, standardize_dtype, unique_name,
                    variable)

_FRONTEND = "ivy's tensorflow frontend"


def _unsupported(what, value, default=None):
    if value is not default and value != default:
        raise NotImplementedError(f"keras: {what}={value!r} is not supported by {_FRONTEND}")


def _c(a, value):
    return ivy.asarray(value, dtype=dtype_name(a))


# ---- symbolic tensors ---------------------------------------------------------------------------

class Node:
    """One symbolic call: the layer, its arguments (KerasTensors inside) and its outputs."""
    __slots__ = ("layer", "args", "kwargs", "outputs")

    def __init__(self, layer, args, kwargs):
        self.layer, self.args, self.kwargs, self.outputs = layer, args, kwargs, None

    def parents(self):
        return [v for v in flatten([list(self.args), self.kwargs]) if type(v) is KerasTensor]


class KerasTensor:
    """``keras.KerasTensor``: a placeholder with a shape (None for an unknown batch) and dtype,
    remembering the call that produced it."""
    __slots__ = ("shape", "dtype", "name", "_node")

    def __init__(self, shape, dtype="float32", sparse=False, ragged=False, record_history=True,
                 name=None, **kwargs):
        _unsupported("sparse", sparse, False)
        _unsupported("ragged", ragged, False)
        self.shape = tuple(None if d is None else int(d) for d in shape)
        self.dtype, self.name = standardize_dtype(dtype), name
        self._node = kwargs.pop("node", None)

    @property
    def ndim(self):
        return len(self.shape)

    def __repr__(self):
        return f"<KerasTensor shape={self.shape}, dtype={self.dtype}, name={self.name}>"

    def _concrete(self):
        return wrap(ivy.zeros(tuple(1 if d is None else d for d in self.shape), dtype=self.dtype))

    def _op(self, fn, *others):
        return Lambda(lambda args: fn(*args), name=unique_name("lambda"))([self, *others])

    def __add__(self, o):
        return self._op(lambda a, b: a + b, o)

    def __radd__(self, o):
        return self._op(lambda a, b: b + a, o)

    def __sub__(self, o):
        return self._op(lambda a, b: a - b, o)

    def __rsub__(self, o):
        return self._op(lambda a, b: b - a, o)

    def __mul__(self, o):
        return self._op(lambda a, b: a * b, o)

    def __rmul__(self, o):
        return self._op(lambda a, b: b * a, o)

    def __truediv__(self, o):
        return self._op(lambda a, b: a / b, o)

    def __matmul__(self, o):
        return self._op(lambda a, b: a @ b, o)

    def __neg__(self):
        return self._op(lambda a: -a)

    def __getitem__(self, item):
        return self._op(lambda a: a[item])


def _symbolic(structure) -> bool:
    return any(type(v) is KerasTensor for v in flatten(structure))


# ---- Layer --------------------------------------------------------------------------------------

_CALL_KWARGS: dict = {}


def _call_accepts(cls):
    """(accepts ``training``, accepts ``mask``) of ``cls.call``, found once per class."""
    try:
        return _CALL_KWARGS[cls]
    except KeyError:
        params = inspect.signature(cls.call).parameters
        var = any(p.kind is p.VAR_KEYWORD for p in params.values())
        found = _CALL_KWARGS[cls] = ("training" in params or var, "mask" in params or var)
        return found


class Layer:
    """``keras.layers.Layer``. As in Keras, the constructor's arguments are kept (the default
    ``get_config``)."""

    def __new__(cls, *args, **kwargs):
        obj = super().__new__(cls)
        obj.__dict__["_init_args"] = (args, kwargs)
        return obj

    def __init__(self, *, activity_regularizer=None, trainable=True, dtype=None, autocast=True,
                 name=None, **kwargs):
        self._init_tracking()
        _unsupported("activity_regularizer", activity_regularizer)
        shape = kwargs.pop("input_shape", None)
        if "input_dim" in kwargs:
            shape = (kwargs.pop("input_dim"),)
        batch = kwargs.pop("batch_input_shape", None)
        kwargs.pop("batch_size", None)
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments passed to {type(self).__name__}: "
                             f"{kwargs}")
        self._input_shape_arg = tuple(batch) if batch is not None else \
            None if shape is None else (None, *shape)
        if dtype is not None and standardize_dtype(dtype) not in FLOATS | {"int32", "int64"}:
            raise NotImplementedError(f"keras: dtype policy {dtype!r} is not supported by "
                                      f"{_FRONTEND}")
        self.name = name or unique_name(snake_case(type(self).__name__))
        self._dtype = standardize_dtype(dtype)
        self._trainable = bool(trainable)
        self.autocast = autocast
        self.built = False
        self.supports_masking = False

    def _init_tracking(self):
        d = self.__dict__
        if "_tracked_layers" not in d:
            d["_tracked_layers"], d["_own_variables"] = [], []

    def __setattr__(self, name, value):
        self._init_tracking()
        if not name.startswith("__"):
            for v in flatten(value) if isinstance(value, (list, tuple, dict)) else [value]:
                if isinstance(v, Layer) and v is not self:
                    if not any(v is t for t in self._tracked_layers):
                        self._tracked_layers.append(v)
                elif is_variable(v) and not any(v is t for t in self._own_variables):
                    self._own_variables.append(v)
        object.__setattr__(self, name, value)

    # ---- dtypes and flags --------------------------------------------------------------------
    @property
    def dtype(self):
        return self._dtype

    variable_dtype = dtype

    @property
    def compute_dtype(self):
        return self._dtype

    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        self._trainable = bool(value)
        for layer in self._tracked_layers:
            layer.trainable = value

    # ---- weights ----------------------------------------------------------------------------
    def add_weight(self, *args, shape=None, initializer=None, dtype=None, trainable=True,
                   autocast=True, regularizer=None, constraint=None, aggregation="none",
                   overwrite_with_gradient=False, name=None):
        if args:                      # legacy positional order: name, shape, dtype, initializer
            name, shape, dtype, initializer = (list(args) + [shape, dtype, initializer])[:4] \
                if len(args) < 4 else args[:4]
        _unsupported("regularizer", regularizer)
        _unsupported("constraint", constraint)
        d = standardize_dtype(dtype or self._dtype)
        shape = () if shape is None else tuple(int(s) for s in shape)
        if initializer is None:
            initializer = "glorot_uniform" if d in FLOATS else "zeros"
        value = _initializers.get(initializer)(shape, dtype=d)
        v = variable(nat(value, d), trainable=trainable, name=name)
        self._own_variables.append(v)
        return v

    def _own(self, trainable):
        return [v for v in self._own_variables if bool(getattr(v, "trainable", True)) == trainable]

    @property
    def weights(self):
        out = self._own(True) + self._own(False)
        for layer in self._tracked_layers:
            out += [w for w in layer.weights if not any(w is o for o in out)]
        return out

    variables = weights

    @property
    def trainable_weights(self):
        if not self._trainable:
            return []
        out = self._own(True)
        for layer in self._tracked_layers:
            out += [w for w in layer.trainable_weights if not any(w is o for o in out)]
        return out

    trainable_variables = trainable_weights

    @property
    def non_trainable_weights(self):
        if not self._trainable:
            return self.weights
        out = self._own(False)
        for layer in self._tracked_layers:
            out += [w for w in layer.non_trainable_weights if not any(w is o for o in out)]
        return out

    non_trainable_variables = non_trainable_weights

    @property
    def layers(self):
        return list(self._tracked_layers)

    def get_weights(self):
        return [np.asarray(w.numpy()) for w in self.weights]

    def set_weights(self, weights):
        mine = self.weights
        if len(weights) != len(mine):
            raise ValueError(f"You called `set_weights(weights)` on layer '{self.name}' with a "
                             f"weight list of length {len(weights)}, but the layer was expecting "
                             f"{len(mine)} weights.")
        for var, value in zip(mine, weights):
            value = np.asarray(value)
            if tuple(var.shape) != value.shape:
                raise ValueError(f"Layer {self.name} weight shape {tuple(var.shape)} is not "
                                 f"compatible with provided weight shape {value.shape}.")
            assign(var, nat(value, var.dtype.name))

    def count_params(self):
        return int(sum(math.prod(tuple(w.shape)) for w in self.weights))

    # ---- calling ----------------------------------------------------------------------------
    def build(self, input_shape=None):
        self.built = True

    def call(self, inputs, *args, **kwargs):
        return inputs

    def _convert(self, x):
        if isinstance(x, (Tensor, np.ndarray, np.generic, list, int, float)) or \
                is_variable(x) or ivy.is_native_array(x):
            a = nat(x)
            if self.autocast and dtype_name(a) in FLOATS and dtype_name(a) != self._dtype:
                a = ivy.astype(a, self._dtype)
            elif not isinstance(x, Tensor) and not is_variable(x) and \
                    dtype_name(a) == "float64" and self._dtype != "float64":
                a = ivy.astype(a, self._dtype)
            return wrap(a)
        return x

    def _build_from(self, inputs):
        shapes = map_structure(lambda t: tuple(t.shape) if hasattr(t, "shape") else None,
                               inputs)
        self.__dict__["_build_shapes"] = shapes
        self.build(shapes)
        self.built = True

    def __call__(self, *args, **kwargs):
        if _symbolic([list(args), kwargs]):
            return self._symbolic_call(args, kwargs)
        if args:
            inputs, rest = args[0], args[1:]
        else:
            inputs, rest = kwargs.pop("inputs"), ()
        inputs = map_structure(self._convert, inputs) if isinstance(inputs, (list, tuple)) \
            else self._convert(inputs)
        if not self.built:
            self._build_from(inputs)
        training = kwargs.pop("training", None)
        if training is None:
            training = _TRAINING[-1]
        takes_training, takes_mask = _call_accepts(type(self))
        if takes_training:
            kwargs["training"] = training
        if not takes_mask:
            kwargs.pop("mask", None)
        _TRAINING.append(training)
        try:
            return self.call(inputs, *rest, **kwargs)
        finally:
            _TRAINING.pop()

    def _symbolic_call(self, args, kwargs):
        concrete = map_structure(lambda v: v._concrete() if type(v) is KerasTensor else v,
                                 [list(args), kwargs])
        out = self(*concrete[0], **concrete[1])
        node = Node(self, args, kwargs)
        unknown = any(v.shape[:1] == (None,) for v in node.parents())
        node.outputs = map_structure(
            lambda t: KerasTensor((None, *tuple(t.shape)[1:]) if unknown and len(t.shape)
                                  else tuple(t.shape), t.dtype.name, node=node), out)
        return node.outputs

    def compute_output_shape(self, input_shape):
        return map_structure(lambda t: tuple(t.shape),
                             self._symbolic_call((_shaped(input_shape),), {}))

    def get_config(self):
        """The constructor's arguments (defaults filled in, Keras's spelling of values) with
        the layer's name, trainable flag and dtype, as Keras's automatic config."""
        from ._saving import init_config
        return {"name": self.name, "trainable": self._trainable, "dtype": self._dtype,
                **init_config(self)}

    @classmethod
    def from_config(cls, config):
        from ._saving import config_arguments
        return cls(**config_arguments(config))

    def get_build_config(self):
        shapes = self.__dict__.get("_build_shapes")
        return None if shapes is None else {"input_shape": shapes}

    def build_from_config(self, config):
        if config and config.get("input_shape") is not None and not self.built:
            self.build(config["input_shape"])
            self.built = True

    def __repr__(self):
        return f"<{type(self).__name__} name={self.name}, built={self.built}>"


def _shaped(shape):
    return KerasTensor(shape)


# ---- inputs -----------------------------------------------------------------------------------

class InputLayer(Layer):
    def __init__(self, shape=None, batch_size=None, dtype=None, sparse=None, ragged=None,
                 batch_shape=None, input_tensor=None, optional=False, name=None, **kwargs):
        _unsupported("sparse", bool(sparse), False)
        _unsupported("ragged", bool(ragged), False)
        _unsupported("input_tensor", input_tensor)
        if "input_shape" in kwargs:
            shape = kwargs.pop("input_shape")
        super().__init__(name=name, dtype=dtype, **kwargs)
        if shape is not None and batch_shape is not None:
            raise ValueError("You cannot pass both `shape` and `batch_shape` at the same time.")
        if batch_shape is None:
            if shape is None:
                raise ValueError("You must pass a `shape` argument.")
            batch_shape = (batch_size, *((shape,) if isinstance(shape, int) else tuple(shape)))
        self.batch_shape = tuple(batch_shape)
        self.built = True
        node = Node(self, (), {})
        self.output = node.outputs = KerasTensor(self.batch_shape, self._dtype, name=self.name,
                                                 node=node)

    def call(self, inputs):
        return inputs

    def get_config(self):
        return {"batch_shape": list(self.batch_shape), "dtype": self._dtype, "sparse": False,
                "ragged": False, "name": self.name, "optional": False}

    def get_build_config(self):
        return None


def Input(shape=None, batch_size=None, dtype=None, sparse=None, ragged=None, batch_shape=None,
          name=None, tensor=None, optional=False):
    """``keras.Input``: a symbolic tensor for building functional models."""
    return InputLayer(shape=shape, batch_size=batch_size, dtype=dtype, sparse=sparse,
                      ragged=ragged, batch_shape=batch_shape, name=name, input_tensor=tensor,
                      optional=optional).output


# ---- core layers ------------------------------------------------------------------------------

def _weights_args(regularizers=(), constraints=()):
    for what, value in regularizers:
        _unsupported(what, value)
    for what, value in constraints:
        _unsupported(what, value)


class Dense(Layer):
    def __init__(self, units, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None,
                 lora_rank=None, lora_alpha=None, quantization_config=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        _weights_args((("kernel_regularizer", kernel_regularizer),
                       ("bias_regularizer", bias_regularizer)),
                      (("kernel_constraint", kernel_constraint),
                       ("bias_constraint", bias_constraint)))
        _unsupported("lora_rank", lora_rank)
        _unsupported("quantization_config", quantization_config)
        self.units = int(units)
        self.activation = _activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = _initializers.get(kernel_initializer)
        self.bias_initializer = _initializers.get(bias_initializer)

    def build(self, input_shape):
        self.kernel = self.add_weight(shape=(input_shape[-1], self.units), name="kernel",
                                      initializer=self.kernel_initializer)
        self.bias = self.add_weight(shape=(self.units,), name="bias",
                                    initializer=self.bias_initializer) if self.use_bias else None
        self.built = True

    def call(self, inputs, training=None):
        y = ivy.matmul(nat(inputs), nat(self.kernel))
        if self.bias is not None:
            y = ivy.add(y, nat(self.bias))
        return self.activation(wrap(y))


def _tuple(value, n, what):
    if isinstance(value, int):
        return (value,) * n
    value = tuple(int(v) for v in value)
    if len(value) != n:
        raise ValueError(f"The `{what}` argument must be a tuple of {n} integers. "
                         f"Received {what}={value}")
    return value


def _data_format(data_format):
    data_format = (data_format or "channels_last").lower()
    if data_format not in ("channels_last", "channels_first"):
        raise ValueError(f"The `data_format` argument must be one of {{'channels_first', "
                         f"'channels_last'}}. Received: data_format={data_format}")
    return data_format


def _padding(padding, allowed=("valid", "same")):
    p = padding.lower()
    if p not in allowed:
        raise ValueError(f"The `padding` argument must be a list/tuple or one of {allowed}. "
                         f"Received: {padding}")
    return p


class _Conv(Layer):
    rank = 2
    transpose = False

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format=None,
                 dilation_rate=1, groups=1, activation=None, use_bias=True,
                 kernel_initializer="glorot_uniform", bias_initializer="zeros",
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        _weights_args((("kernel_regularizer", kernel_regularizer),
                       ("bias_regularizer", bias_regularizer)),
                      (("kernel_constraint", kernel_constraint),
                       ("bias_constraint", bias_constraint)))
        n = self.rank
        self.filters = filters
        self.groups = groups
        self.kernel_size = _tuple(kernel_size, n, "kernel_size")
        self.strides = _tuple(strides, n, "strides")
        self.dilation_rate = _tuple(dilation_rate, n, "dilation_rate")
        self.padding = _padding(padding, ("valid", "same", "causal") if n == 1 and
                                not self.transpose else ("valid", "same"))
        self.data_format = _data_format(data_format)
        self.activation = _activations.get(activation)
        self.use_bias = use_bias
        self.kernel_initializer = _initializers.get(kernel_initializer)
        self.bias_initializer = _initializers.get(bias_initializer)
        if filters is not None and (filters <= 0 or filters % groups):
            raise ValueError(f"The number of filters must be evenly divisible by the number of "
                             f"groups. Received: groups={groups}, filters={filters}.")
        if max(self.strides) > 1 and max(self.dilation_rate) > 1:
            raise ValueError(f"`strides > 1` not supported in conjunction with "
                             f"`dilation_rate > 1`. Received: strides={self.strides} and "
                             f"dilation_rate={self.dilation_rate}")

    @property
    def _channels_last(self):
        return self.data_format == "channels_last"

    def _in_channels(self, input_shape):
        return input_shape[-1] if self._channels_last else input_shape[1]

    def build(self, input_shape):
        c = self._in_channels(input_shape)
        if c % self.groups:
            raise ValueError(f"The number of input channels must be evenly divisible by the "
                             f"number of groups. Received groups={self.groups}, but the input "
                             f"has {c} channels (full input shape is {input_shape}).")
        shape = self.kernel_size + ((self.filters, c) if self.transpose else
                                    (c // self.groups, self.filters))
        self.kernel = self.add_weight(name="kernel", shape=shape,
                                      initializer=self.kernel_initializer)
        self.bias = self.add_weight(name="bias", shape=(self.filters,),
                                    initializer=self.bias_initializer) if self.use_bias else None
        self.built = True

    def _torch_kernel(self):
        """Keras's ``(*kernel, a, b)`` as ivy's ``(b, a, *kernel)``."""
        n = self.rank
        return ivy.permute_dims(nat(self.kernel), (n + 1, n) + tuple(range(n)))

    def _bias(self):
        return None if self.bias is None else nat(self.bias)

    def call(self, inputs, training=None):
        x = nat(inputs)
        padding = self.padding
        if padding == "causal":
            padding = [(self.dilation_rate[0] * (self.kernel_size[0] - 1), 0)]
        y = ivy.conv(x, self._torch_kernel(), stride=self.strides, padding=padding,
                     dilation=self.dilation_rate, groups=self.groups,
                     channels_last=self._channels_last, bias=self._bias())
        return self.activation(wrap(y))


class Conv1D(_Conv):
    rank = 1


class Conv2D(_Conv):
    rank = 2

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format=None,
                 dilation_rate=(1, 1), groups=1, activation=None, use_bias=True,
                 kernel_initializer="glorot_uniform", bias_initializer="zeros",
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(filters, kernel_size, strides, padding, data_format, dilation_rate,
                         groups, activation, use_bias, kernel_initializer, bias_initializer,
                         kernel_regularizer, bias_regularizer, activity_regularizer,
                         kernel_constraint, bias_constraint, **kwargs)


class Conv3D(_Conv):
    rank = 3

    def __init__(self, filters, kernel_size, strides=(1, 1, 1), padding="valid",
                 data_format=None, dilation_rate=(1, 1, 1), groups=1, activation=None,
                 use_bias=True, kernel_initializer="glorot_uniform", bias_initializer="zeros",
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(filters, kernel_size, strides, padding, data_format, dilation_rate,
                         groups, activation, use_bias, kernel_initializer, bias_initializer,
                         kernel_regularizer, bias_regularizer, activity_regularizer,
                         kernel_constraint, bias_constraint, **kwargs)


class _ConvTranspose(_Conv):
    transpose = True

    def __init__(self, filters, kernel_size, strides=1, padding="valid", output_padding=None,
                 data_format=None, dilation_rate=1, activation=None, use_bias=True,
                 kernel_initializer="glorot_uniform", bias_initializer="zeros",
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(filters, kernel_size, strides, padding, data_format, dilation_rate, 1,
                         activation, use_bias, kernel_initializer, bias_initializer,
                         kernel_regularizer, bias_regularizer, activity_regularizer,
                         kernel_constraint, bias_constraint, **kwargs)
        self.output_padding = None if output_padding is None else \
            _tuple(output_padding, self.rank, "output_padding")

    def call(self, inputs, training=None):
        if max(self.dilation_rate) > 1:     # TensorFlow's CPU kernel refuses it
            raise invalid_argument("Current CPU implementations do not yet support dilation "
                                   "rates larger than 1.", f"Conv{self.rank}DBackpropInput")
        x = nat(inputs)
        spatial = tuple(x.shape[1:-1] if self._channels_last else x.shape[2:])
        pads, extra = [], []
        for i, n in enumerate(spatial):
            k, s, d = self.kernel_size[i], self.strides[i], self.dilation_rate[i]
            eff = k + (k - 1) * (d - 1)
            if self.output_padding is None:
                out = n * s + (max(eff - s, 0) if self.padding == "valid" else 0)
            else:
                pad = eff // 2 if self.padding == "same" else 0
                out = (n - 1) * s + eff - 2 * pad + self.output_padding[i]
            full = (n - 1) * s + eff
            low = max(full - out, 0) // 2 if self.padding == "same" else 0
            rest = full - low - out
            pads.append((low, max(rest, 0)))
            extra.append(max(-rest, 0))
        y = ivy.conv_transpose(x, self._torch_kernel(), stride=self.strides, padding=pads,
                               output_padding=tuple(extra), dilation=self.dilation_rate,
                               channels_last=self._channels_last, bias=self._bias())
        return self.activation(wrap(y))


class Conv1DTranspose(_ConvTranspose):
    rank = 1


class Conv2DTranspose(_ConvTranspose):
    rank = 2

    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid",
                 output_padding=None, data_format=None, dilation_rate=(1, 1), activation=None,
                 use_bias=True, kernel_initializer="glorot_uniform", bias_initializer="zeros",
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(filters, kernel_size, strides, padding, output_padding, data_format,
                         dilation_rate, activation, use_bias, kernel_initializer,
                         bias_initializer, kernel_regularizer, bias_regularizer,
                         activity_regularizer, kernel_constraint, bias_constraint, **kwargs)


class Conv3DTranspose(_ConvTranspose):
    rank = 3

    def __init__(self, filters, kernel_size, strides=(1, 1, 1), padding="valid",
                 data_format=None, output_padding=None, dilation_rate=(1, 1, 1),
                 activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None,
                 **kwargs):
        super().__init__(filters, kernel_size, strides, padding, output_padding, data_format,
                         dilation_rate, activation, use_bias, kernel_initializer,
                         bias_initializer, kernel_regularizer, bias_regularizer,
                         activity_regularizer, kernel_constraint, bias_constraint, **kwargs)


Convolution1D, Convolution2D, Convolution3D = Conv1D, Conv2D, Conv3D
Convolution1DTranspose, Convolution2DTranspose, Convolution3DTranspose = (
    Conv1DTranspose, Conv2DTranspose, Conv3DTranspose)


class DepthwiseConv2D(_Conv):
    rank = 2

    def __init__(self, kernel_size, strides=(1, 1), padding="valid", depth_multiplier=1,
                 data_format=None, dilation_rate=(1, 1), activation=None, use_bias=True,
                 depthwise_initializer="glorot_uniform", bias_initializer="zeros",
                 depthwise_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 depthwise_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(None, kernel_size, strides, padding, data_format, dilation_rate, 1,
                         activation, use_bias, depthwise_initializer, bias_initializer,
                         depthwise_regularizer, bias_regularizer, activity_regularizer,
                         depthwise_constraint, bias_constraint, **kwargs)
        self.depth_multiplier = depth_multiplier
        self.depthwise_initializer = self.kernel_initializer

    def build(self, input_shape):
        c = self._in_channels(input_shape)
        self.kernel = self.add_weight(name="kernel", shape=self.kernel_size +
                                      (c, self.depth_multiplier),
                                      initializer=self.depthwise_initializer)
        self.bias = self.add_weight(name="bias", shape=(c * self.depth_multiplier,),
                                    initializer=self.bias_initializer) if self.use_bias else None
        self.groups = c
        self.built = True

    @property
    def depthwise_kernel(self):
        return self.kernel

    def _torch_kernel(self):
        k = nat(self.kernel)
        shape = tuple(k.shape)
        k = ivy.reshape(k, shape[:-2] + (1, shape[-2] * shape[-1]))
        return ivy.permute_dims(k, (3, 2, 0, 1))


# ---- pooling ------------------------------------------------------------------------------------

def _same_pads(spatial, pool, strides):
    pads = []
    for n, k, s in zip(spatial, pool, strides):
        out = -(-n // s)
        total = max((out - 1) * s + k - n, 0)
        pads.append((total // 2, total - total // 2))
    return pads


class _Pooling(Layer):
    rank = 2
    kind = "max"

    def __init__(self, pool_size=2, strides=None, padding="valid", data_format=None, name=None,
                 **kwargs):
        super().__init__(name=name, **kwargs)
        self.pool_size = _tuple(pool_size, self.rank, "pool_size")
        self.strides = self.pool_size if strides is None else _tuple(strides, self.rank,
                                                                     "strides")
        self.padding = _padding(padding)
        self.data_format = _data_format(data_format)

    def call(self, inputs):
        x = nat(inputs)
        last = self.data_format == "channels_last"
        spatial = tuple(x.shape[1:-1] if last else x.shape[2:])
        pads = _same_pads(spatial, self.pool_size, self.strides) \
            if self.padding == "same" else None
        pads_full = None if pads is None or not any(a or b for a, b in pads) else \
            ([(0, 0)] + pads + [(0, 0)] if last else [(0, 0), (0, 0)] + pads)
        kw = dict(stride=self.strides, channels_last=last)
        if self.kind == "max":
            if pads_full is not None:
                x = ivy.pad(x, pads_full, value=-math.inf)
            return wrap(ivy.max_pool(x, self.pool_size, **kw))
        if pads_full is None:
            return wrap(ivy.avg_pool(x, self.pool_size, **kw))
        ones = ivy.ones(tuple(1 if i in (0, len(x.shape) - 1 if last else 1) else d
                              for i, d in enumerate(x.shape)), dtype=dtype_name(x))
        total = ivy.avg_pool(ivy.pad(x, pads_full), self.pool_size, **kw)
        count = ivy.avg_pool(ivy.pad(ones, pads_full), self.pool_size, **kw)
        return wrap(ivy.divide(total, count))


def _pool_class(name, rank, kind, default_pool):
    """A pooling class; ``default_pool`` None: ``pool_size`` is required (Keras's average
    pooling)."""
    if default_pool is None:
        def __init__(self, pool_size, strides=None, padding="valid", data_format=None,
                     name=None, **kwargs):
            _Pooling.__init__(self, pool_size, strides, padding, data_format, name, **kwargs)
    else:
        def __init__(self, pool_size=default_pool, strides=None, padding="valid",
                     data_format=None, name=None, **kwargs):
            _Pooling.__init__(self, pool_size, strides, padding, data_format, name, **kwargs)
    return type(name, (_Pooling,), {"rank": rank, "kind": kind, "__init__": __init__,
                                    "__module__": __name__})


MaxPooling1D = _pool_class("MaxPooling1D", 1, "max", 2)
MaxPooling2D = _pool_class("MaxPooling2D", 2, "max", (2, 2))
MaxPooling3D = _pool_class("MaxPooling3D", 3, "max", (2, 2, 2))
AveragePooling1D = _pool_class("AveragePooling1D", 1, "avg", None)
AveragePooling2D = _pool_class("AveragePooling2D", 2, "avg", None)
AveragePooling3D = _pool_class("AveragePooling3D", 3, "avg", None)
MaxPool1D, MaxPool2D, MaxPool3D = MaxPooling1D, MaxPooling2D, MaxPooling3D
AvgPool1D, AvgPool2D, AvgPool3D = AveragePooling1D, AveragePooling2D, AveragePooling3D


class _GlobalPooling(Layer):
    rank = 2
    kind = "avg"

    def __init__(self, data_format=None, keepdims=False, **kwargs):
        super().__init__(**kwargs)
        self.data_format = _data_format(data_format)
        self.keepdims = keepdims

    def call(self, inputs):
        x = nat(inputs)
        axes = tuple(range(1, self.rank + 1)) if self.data_format == "channels_last" else \
            tuple(range(2, self.rank + 2))
        reduce = ivy.mean if self.kind == "avg" else ivy.max
        return wrap(reduce(x, axis=axes, keepdims=self.keepdims))


def _global_class(name, rank, kind):
    return type(name, (_GlobalPooling,), {"rank": rank, "kind": kind, "__module__": __name__})


GlobalAveragePooling1D = _global_class("GlobalAveragePooling1D", 1, "avg")
GlobalAveragePooling2D = _global_class("GlobalAveragePooling2D", 2, "avg")
GlobalAveragePooling3D = _global_class("GlobalAveragePooling3D", 3, "avg")
GlobalMaxPooling1D = _global_class("GlobalMaxPooling1D", 1, "max")
GlobalMaxPooling2D = _global_class("GlobalMaxPooling2D", 2, "max")
GlobalMaxPooling3D = _global_class("GlobalMaxPooling3D", 3, "max")
GlobalAvgPool1D, GlobalAvgPool2D, GlobalAvgPool3D = (GlobalAveragePooling1D,
                                                     GlobalAveragePooling2D,
                                                     GlobalAveragePooling3D)
GlobalMaxPool1D, GlobalMaxPool2D, GlobalMaxPool3D = (GlobalMaxPooling1D, GlobalMaxPooling2D,
                                                     GlobalMaxPooling3D)


# ---- reshaping ----------------------------------------------------------------------------------

class Flatten(Layer):
    def __init__(self, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = _data_format(data_format)

    def call(self, inputs):
        x = nat(inputs)
        if self.data_format == "channels_first" and len(x.shape) > 2:
            x = ivy.permute_dims(x, (0, *range(2, len(x.shape)), 1))
        return wrap(ivy.reshape(x, (x.shape[0], -1) if len(x.shape) != 1 else (-1, 1)))


class Reshape(Layer):
    def __init__(self, target_shape, **kwargs):
        super().__init__(**kwargs)
        self.target_shape = tuple(target_shape)

    def call(self, inputs):
        x = nat(inputs)
        return wrap(ivy.reshape(x, (x.shape[0], *self.target_shape)))


class Permute(Layer):
    def __init__(self, dims, **kwargs):
        super().__init__(**kwargs)
        self.dims = tuple(dims)
        if sorted(self.dims) != list(range(1, len(self.dims) + 1)):
            raise ValueError(f"Invalid permutation argument `dims` for Permute Layer. The set of "
                             f"indices in `dims` must be consecutive and start from 1. "
                             f"Received dims={dims}")

    def call(self, inputs):
        return wrap(ivy.permute_dims(nat(inputs), (0, *self.dims)))


class RepeatVector(Layer):
    def __init__(self, n, **kwargs):
        super().__init__(**kwargs)
        self.n = n

    def call(self, inputs):
        x = nat(inputs)
        return wrap(ivy.broadcast_to(ivy.expand_dims(x, axis=1),
                                     (x.shape[0], self.n, x.shape[1])))


def _pad_pairs(padding, rank, what):
    if isinstance(padding, int):
        return ((padding, padding),) * rank
    padding = tuple(padding)
    if len(padding) != rank:
        raise ValueError(f"`{what}` should have {rank} elements. Received: {padding}.")
    return tuple((p, p) if isinstance(p, int) else tuple(p) for p in padding)


class _ZeroPadding(Layer):
    rank = 2

    def __init__(self, padding=1, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.padding = _pad_pairs(padding, self.rank, "padding")
        self.data_format = _data_format(data_format)

    def call(self, inputs):
        pairs = [(0, 0), *self.padding, (0, 0)] if self.data_format == "channels_last" else \
            [(0, 0), (0, 0), *self.padding]
        return wrap(ivy.pad(nat(inputs), pairs))


class ZeroPadding1D(_ZeroPadding):
    rank = 1

    def __init__(self, padding=1, data_format=None, **kwargs):
        # keras reads a pair here as (left, right), not as one amount per spatial dimension
        if isinstance(padding, (tuple, list)):
            padding = (tuple(padding),)
        super().__init__(padding, data_format, **kwargs)


class ZeroPadding2D(_ZeroPadding):
    rank = 2

    def __init__(self, padding=(1, 1), data_format=None, **kwargs):
        super().__init__(padding, data_format, **kwargs)


class ZeroPadding3D(_ZeroPadding):
    rank = 3

    def __init__(self, padding=((1, 1), (1, 1), (1, 1)), data_format=None, **kwargs):
        super().__init__(padding, data_format, **kwargs)


class UpSampling2D(Layer):
    def __init__(self, size=(2, 2), data_format=None, interpolation="nearest", **kwargs):
        super().__init__(**kwargs)
        self.size = _tuple(size, 2, "size")
        self.data_format = _data_format(data_format)
        _unsupported("interpolation", interpolation, "nearest")
        self.interpolation = interpolation

    def call(self, inputs):
        x = nat(inputs)
        first = 1 if self.data_format == "channels_last" else 2
        for i, r in enumerate(self.size):
            x = ivy.repeat(x, r, axis=first + i)
        return wrap(x)


# ---- activations as layers ----------------------------------------------------------------------

class Activation(Layer):
    def __init__(self, activation, **kwargs):
        super().__init__(**kwargs)
        self.activation = _activations.get(activation)

    def call(self, inputs):
        return self.activation(inputs)


class ReLU(Layer):
    def __init__(self, max_value=None, negative_slope=0.0, threshold=0.0, **kwargs):
        super().__init__(**kwargs)
        if max_value is not None and max_value < 0.0:
            raise ValueError(f"max_value of a ReLU layer cannot be a negative value. Received: "
                             f"max_value={max_value}")
        if negative_slope is None or negative_slope < 0.0:
            raise ValueError(f"negative_slope of a ReLU layer cannot be a negative value. "
                             f"Received: negative_slope={negative_slope}")
        if threshold is None or threshold < 0.0:
            raise ValueError(f"threshold of a ReLU layer cannot be a negative value. Received: "
                             f"threshold={threshold}")
        self.max_value, self.negative_slope, self.threshold = max_value, negative_slope, threshold

    def call(self, inputs):
        return _activations.relu(inputs, negative_slope=self.negative_slope,
                                 max_value=self.max_value, threshold=self.threshold)


class LeakyReLU(Layer):
    def __init__(self, negative_slope=0.3, **kwargs):
        if "alpha" in kwargs:
            negative_slope = kwargs.pop("alpha")
        super().__init__(**kwargs)
        if negative_slope is None or negative_slope < 0:
            raise ValueError(f"The negative_slope value of a Leaky ReLU layer cannot be None or "
                             f"negative value. Expected a float. Received: "
                             f"negative_slope={negative_slope}")
        self.negative_slope = negative_slope

    def call(self, inputs):
        return _activations.leaky_relu(inputs, negative_slope=self.negative_slope)


class ThresholdedReLU(Layer):
    def __init__(self, theta=1.0, **kwargs):
        super().__init__(**kwargs)
        if theta is None or theta < 0:
            raise ValueError(f"The theta value of a Thresholded ReLU layer should be >=0. "
                             f"Received: theta={theta}")
        self.theta = float(theta)

    def call(self, inputs):
        x = nat(inputs)
        return wrap(ivy.multiply(x, ivy.astype(ivy.greater(x, _c(x, self.theta)),
                                               dtype_name(x))))


class ELU(Layer):
    def __init__(self, alpha=1.0, **kwargs):
        super().__init__(**kwargs)
        self.alpha = alpha

    def call(self, inputs):
        return _activations.elu(inputs, alpha=self.alpha)


class Softmax(Layer):
    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def call(self, inputs, mask=None):
        x = nat(inputs)
        if mask is not None:
            x = ivy.add(x, ivy.multiply(ivy.subtract(_c(x, 1.0), nat(mask, dtype_name(x))),
                                        _c(x, -1e9)))
        if isinstance(self.axis, (list, tuple)):
            lse = ivy.logsumexp(x, axis=tuple(self.axis), keepdims=True)
            return wrap(ivy.exp(ivy.subtract(x, lse)))
        return wrap(ivy.softmax(x, axis=self.axis))


# ---- regularization -----------------------------------------------------------------------------

class Dropout(Layer):
    """Keras 3's dropout on TensorFlow: a SeedGenerator made with the layer (an unseeded one
    takes its seed from Python's ``random``) feeds ``tf.nn.experimental.stateless_dropout``'s
    arithmetic, so masks equal real Keras's."""

    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        super().__init__(**kwargs)
        if not 0 <= rate <= 1:
            raise ValueError(f"Invalid value received for argument `rate`. Expected a float "
                             f"value between 0 and 1. Received: rate={rate}")
        self.rate, self.noise_shape, self.seed = rate, noise_shape, seed
        if rate > 0:
            self.seed_generator = _random.SeedGenerator(seed)
        self.supports_masking = True

    def call(self, inputs, training=False):
        if not training or self.rate == 0:
            return inputs
        x = nat(inputs)
        if self.rate == 1:
            return wrap(ivy.zeros_like(x))
        shape = tuple(x.shape) if self.noise_shape is None else \
            tuple(d if n is None else n for n, d in zip(self.noise_shape, x.shape))
        d = dtype_name(x)
        u = _random.uniform(shape, dtype=d, seed=self.seed_generator)._data
        kept = ivy.multiply(x, _c(x, 1 / (1 - self.rate)))
        return wrap(ivy.where(ivy.greater_equal(u, _c(x, self.rate)), kept, ivy.zeros_like(x)))


class SpatialDropout2D(Dropout):
    def __init__(self, rate, data_format=None, seed=None, name=None, dtype=None):
        super().__init__(rate, seed=seed, name=name, dtype=dtype)
        self.data_format = _data_format(data_format)

    def call(self, inputs, training=False):
        s = tuple(nat(inputs).shape)
        self.noise_shape = (s[0], 1, 1, s[3]) if self.data_format == "channels_last" else \
            (s[0], s[1], 1, 1)
        return super().call(inputs, training)


# ---- normalization ------------------------------------------------------------------------------

def _axes(axis, ndim):
    axes = [axis] if isinstance(axis, int) else list(axis)
    return sorted(a % ndim for a in axes)


class BatchNormalization(Layer):
    def __init__(self, axis=-1, momentum=0.99, epsilon=0.001, center=True, scale=True,
                 beta_initializer="zeros", gamma_initializer="ones",
                 moving_mean_initializer="zeros", moving_variance_initializer="ones",
                 beta_regularizer=None, gamma_regularizer=None, beta_constraint=None,
                 gamma_constraint=None, renorm=False, renorm_clipping=None, renorm_momentum=0.99,
                 synchronized=False, **kwargs):
        super().__init__(**kwargs)
        _weights_args((("beta_regularizer", beta_regularizer),
                       ("gamma_regularizer", gamma_regularizer)),
                      (("beta_constraint", beta_constraint),
                       ("gamma_constraint", gamma_constraint)))
        _unsupported("renorm", renorm, False)
        _unsupported("synchronized", synchronized, False)
        self.axis, self.momentum, self.epsilon = axis, float(momentum), float(epsilon)
        self.center, self.scale = center, scale
        self.beta_initializer = _initializers.get(beta_initializer)
        self.gamma_initializer = _initializers.get(gamma_initializer)
        self.moving_mean_initializer = _initializers.get(moving_mean_initializer)
        self.moving_variance_initializer = _initializers.get(moving_variance_initializer)
        self.supports_masking = True

    def build(self, input_shape):
        ndim = len(input_shape)
        self._norm_axes = _axes(self.axis, ndim)
        shape = tuple(input_shape[a] for a in self._norm_axes)
        self._reduce = tuple(a for a in range(ndim) if a not in self._norm_axes)
        self._bshape = tuple(input_shape[a] if a in self._norm_axes else 1 for a in range(ndim))
        self.gamma = self.add_weight(shape=shape, name="gamma",
                                     initializer=self.gamma_initializer) if self.scale else None
        self.beta = self.add_weight(shape=shape, name="beta",
                                    initializer=self.beta_initializer) if self.center else None
        self.moving_mean = self.add_weight(shape=shape, name="moving_mean", trainable=False,
                                           initializer=self.moving_mean_initializer)
        self.moving_variance = self.add_weight(shape=shape, name="moving_variance",
                                               trainable=False,
                                               initializer=self.moving_variance_initializer)
        self.built = True

    def _b(self, v):
        return ivy.reshape(nat(v), self._bshape)

    def call(self, inputs, training=None, mask=None):
        _unsupported("mask", mask)
        x = nat(inputs)
        compute = dtype_name(x)
        if compute in ("float16", "bfloat16"):
            x = ivy.astype(x, "float32")
        if training and self._trainable:
            mean = ivy.mean(x, axis=self._reduce, keepdims=True)
            var = ivy.mean(ivy.square(ivy.subtract(x, ivy.stop_gradient(mean))),
                           axis=self._reduce, keepdims=True)
            with no_record():
                m = self.momentum
                for var_, stat in ((self.moving_mean, mean), (self.moving_variance, var)):
                    old = nat(var_)
                    s = ivy.reshape(ivy.stop_gradient(stat), tuple(old.shape))
                    assign(var_, ivy.add(ivy.multiply(old, _c(old, m)),
                                         ivy.multiply(s, _c(old, 1.0 - m))))
        else:
            mean, var = self._b(self.moving_mean), self._b(self.moving_variance)
        inv = ivy.divide(_c(x, 1.0), ivy.sqrt(ivy.add(var, _c(x, self.epsilon))))
        if self.gamma is not None:
            inv = ivy.multiply(inv, self._b(self.gamma))
        shift = ivy.negative(ivy.multiply(mean, inv))
        if self.beta is not None:
            shift = ivy.add(shift, self._b(self.beta))
        y = ivy.add(ivy.multiply(x, inv), shift)
        return wrap(ivy.astype(y, compute) if compute != dtype_name(y) else y)


class LayerNormalization(Layer):
    def __init__(self, axis=-1, epsilon=0.001, center=True, scale=True,
                 beta_initializer="zeros", gamma_initializer="ones", beta_regularizer=None,
                 gamma_regularizer=None, beta_constraint=None, gamma_constraint=None, **kwargs):
        _unsupported("rms_scaling", kwargs.pop("rms_scaling", False), False)
        super().__init__(**kwargs)
        _weights_args((("beta_regularizer", beta_regularizer),
                       ("gamma_regularizer", gamma_regularizer)),
                      (("beta_constraint", beta_constraint),
                       ("gamma_constraint", gamma_constraint)))
        self.axis, self.epsilon, self.center, self.scale = axis, float(epsilon), center, scale
        self.beta_initializer = _initializers.get(beta_initializer)
        self.gamma_initializer = _initializers.get(gamma_initializer)
        self.supports_masking = True

    def build(self, input_shape):
        ndim = len(input_shape)
        self._norm_axes = tuple(_axes(self.axis, ndim))
        shape = tuple(input_shape[a] for a in self._norm_axes)
        self._bshape = tuple(input_shape[a] if a in self._norm_axes else 1 for a in range(ndim))
        self.gamma = self.add_weight(name="gamma", shape=shape,
                                     initializer=self.gamma_initializer) if self.scale else None
        self.beta = self.add_weight(name="beta", shape=shape,
                                    initializer=self.beta_initializer) if self.center else None
        self.built = True

    def call(self, inputs):
        x = nat(inputs)
        compute = dtype_name(x)
        if compute in ("float16", "bfloat16"):
            x = ivy.astype(x, "float32")
        mean = ivy.mean(x, axis=self._norm_axes, keepdims=True)
        var = ivy.mean(ivy.square(ivy.subtract(x, mean)), axis=self._norm_axes, keepdims=True)
        inv = ivy.divide(_c(x, 1.0), ivy.sqrt(ivy.add(var, _c(x, self.epsilon))))
        if self.gamma is not None:
            inv = ivy.multiply(inv, ivy.reshape(nat(self.gamma), self._bshape))
        y = ivy.add(ivy.multiply(x, inv), ivy.negative(ivy.multiply(mean, inv)))
        if self.beta is not None:
            y = ivy.add(y, ivy.reshape(nat(self.beta), self._bshape))
        return wrap(ivy.astype(y, compute) if compute != dtype_name(y) else y)


# ---- embedding ----------------------------------------------------------------------------------

class Embedding(Layer):
    def __init__(self, input_dim, output_dim, embeddings_initializer="uniform",
                 embeddings_regularizer=None, embeddings_constraint=None, mask_zero=False,
                 weights=None, lora_rank=None, lora_alpha=None, quantization_config=None,
                 **kwargs):
        kwargs.pop("input_length", None)
        super().__init__(**kwargs)
        _weights_args((("embeddings_regularizer", embeddings_regularizer),),
                      (("embeddings_constraint", embeddings_constraint),))
        _unsupported("lora_rank", lora_rank)
        _unsupported("quantization_config", quantization_config)
        self.input_dim, self.output_dim, self.mask_zero = input_dim, output_dim, mask_zero
        self.embeddings_initializer = _initializers.get(embeddings_initializer)
        self.autocast = False
        if weights is not None:
            self.build()
            self.set_weights(weights if isinstance(weights, list) else [weights])

    def build(self, input_shape=None):
        if self.built:
            return
        self.embeddings = self.add_weight(shape=(self.input_dim, self.output_dim),
                                          initializer=self.embeddings_initializer,
                                          name="embeddings")
        self.built = True

    def call(self, inputs):
        idx = nat(inputs)
        if dtype_name(idx) not in ("int32", "int64"):
            idx = ivy.astype(idx, "int32")
        return wrap(ivy.embedding(idx, nat(self.embeddings)))

    def compute_mask(self, inputs, mask=None):
        if not self.mask_zero:
            return None
        return wrap(ivy.not_equal(nat(inputs), _c(nat(inputs), 0)))


# ---- merging ------------------------------------------------------------------------------------

class _Merge(Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)

    def build(self, input_shape):
        if not isinstance(input_shape, (list, tuple)) or not input_shape or \
                not isinstance(input_shape[0], (list, tuple)):
            raise ValueError(f"A merge layer should be called on a list of inputs. Received: "
                             f"input_shape={input_shape} (not a list of shapes)")
        self.built = True

    def _merge(self, arrays):
        raise NotImplementedError

    def call(self, inputs):
        arrays = [nat(x) for x in inputs]
        return wrap(self._merge(arrays))


def _fold(core):
    def merge(self, arrays):
        y = arrays[0]
        for a in arrays[1:]:
            y = core(y, a)
        return y
    return merge


class Add(_Merge):
    _merge = _fold(lambda a, b: ivy.add(a, b))


class Multiply(_Merge):
    _merge = _fold(lambda a, b: ivy.multiply(a, b))


class Maximum(_Merge):
    _merge = _fold(lambda a, b: ivy.maximum(a, b))


class Minimum(_Merge):
    _merge = _fold(lambda a, b: ivy.minimum(a, b))


class Average(_Merge):
    def _merge(self, arrays):
        return ivy.divide(_fold(lambda a, b: ivy.add(a, b))(self, arrays),
                          _c(arrays[0], len(arrays)))


class Subtract(_Merge):
    def _merge(self, arrays):
        if len(arrays) != 2:
            raise ValueError(f"A `Subtract` layer should be called on exactly 2 inputs. "
                             f"Received: inputs={arrays}")
        return ivy.subtract(arrays[0], arrays[1])


class Concatenate(_Merge):
    def __init__(self, axis=-1, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def _merge(self, arrays):
        return ivy.concat(arrays, axis=self.axis)


def add(inputs, **kwargs):
    return Add(**kwargs)(inputs)


def concatenate(inputs, axis=-1, **kwargs):
    return Concatenate(axis=axis, **kwargs)(inputs)


def multiply(inputs, **kwargs):
    return Multiply(**kwargs)(inputs)


def subtract(inputs, **kwargs):
    return Subtract(**kwargs)(inputs)


def average(inputs, **kwargs):
    return Average(**kwargs)(inputs)


def maximum(inputs, **kwargs):
    return Maximum(**kwargs)(inputs)


def minimum(inputs, **kwargs):
    return Minimum(**kwargs)(inputs)


class Lambda(Layer):
    def __init__(self, function, output_shape=None, mask=None, arguments=None, **kwargs):
        super().__init__(**kwargs)
        self.function, self.output_shape_arg = function, output_shape
        self.mask, self.arguments = mask, arguments or {}

    def call(self, inputs, mask=None, training=None):
        return self.function(inputs, **self.arguments)


class Identity(Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)

    def call(self, inputs):
        return inputs


# ---- recurrent ----------------------------------------------------------------------------------

def _split(a, n):
    u = a.shape[-1] // n
    return [ivy.get_item(a, (Ellipsis, slice(i * u, (i + 1) * u))) for i in range(n)]


class _Cell(Layer):
    gates = 1

    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal",
                 bias_initializer="zeros", kernel_regularizer=None, recurrent_regularizer=None,
                 bias_regularizer=None, kernel_constraint=None, recurrent_constraint=None,
                 bias_constraint=None, dropout=0.0, recurrent_dropout=0.0, seed=None, **kwargs):
        super().__init__(**kwargs)
        _weights_args((("kernel_regularizer", kernel_regularizer),
                       ("recurrent_regularizer", recurrent_regularizer),
                       ("bias_regularizer", bias_regularizer)),
                      (("kernel_constraint", kernel_constraint),
                       ("recurrent_constraint", recurrent_constraint),
                       ("bias_constraint", bias_constraint)))
        _unsupported("dropout", dropout, 0.0)
        _unsupported("recurrent_dropout", recurrent_dropout, 0.0)
        if units <= 0:
            raise ValueError(f"Received an invalid value for argument `units`, expected a "
                             f"positive integer, got {units}.")
        self.units = units
        self.activation = _activations.get(activation)
        self.recurrent_activation = _activations.get(recurrent_activation)
        self.use_bias = use_bias
        self.kernel_initializer = _initializers.get(kernel_initializer)
        self.recurrent_initializer = _initializers.get(recurrent_initializer)
        self.bias_initializer = _initializers.get(bias_initializer)
        self.dropout, self.recurrent_dropout, self.seed = dropout, recurrent_dropout, seed

    @property
    def state_size(self):
        return self.units

    output_size = state_size

    def _bias_shape(self):
        return (self.gates * self.units,)

    def _bias_init(self):
        return self.bias_initializer

    def build(self, input_shape):
        n = self.gates * self.units
        self.kernel = self.add_weight(shape=(input_shape[-1], n), name="kernel",
                                      initializer=self.kernel_initializer)
        self.recurrent_kernel = self.add_weight(shape=(self.units, n), name="recurrent_kernel",
                                                initializer=self.recurrent_initializer)
        self.bias = self.add_weight(shape=self._bias_shape(), name="bias",
                                    initializer=self._bias_init()) if self.use_bias else None
        self.built = True

    def _act(self, fn, a):
        return nat(fn(wrap(a)))

    def get_initial_state(self, batch_size=None):
        sizes = self.state_size if isinstance(self.state_size, list) else [self.state_size]
        return [wrap(ivy.zeros((batch_size, s), dtype=self._dtype)) for s in sizes]


class SimpleRNNCell(_Cell):
    def __init__(self, units, activation="tanh", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal",
                 bias_initializer="zeros", kernel_regularizer=None, recurrent_regularizer=None,
                 bias_regularizer=None, kernel_constraint=None, recurrent_constraint=None,
                 bias_constraint=None, dropout=0.0, recurrent_dropout=0.0, seed=None, **kwargs):
        super().__init__(units, activation, "sigmoid", use_bias, kernel_initializer,
                         recurrent_initializer, bias_initializer, kernel_regularizer,
                         recurrent_regularizer, bias_regularizer, kernel_constraint,
                         recurrent_constraint, bias_constraint, dropout, recurrent_dropout, seed,
                         **kwargs)

    def call(self, sequence, states, training=False):
        h = nat(states[0] if isinstance(states, (list, tuple)) else states)
        z = ivy.matmul(nat(sequence), nat(self.kernel))
        if self.bias is not None:
            z = ivy.add(z, nat(self.bias))
        z = ivy.add(z, ivy.matmul(h, nat(self.recurrent_kernel)))
        out = wrap(self._act(self.activation, z))
        return out, [out]


class LSTMCell(_Cell):
    gates = 4

    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal",
                 bias_initializer="zeros", unit_forget_bias=True, kernel_regularizer=None,
                 recurrent_regularizer=None, bias_regularizer=None, kernel_constraint=None,
                 recurrent_constraint=None, bias_constraint=None, dropout=0.0,
                 recurrent_dropout=0.0, seed=None, **kwargs):
        kwargs.pop("implementation", None)
        super().__init__(units, activation, recurrent_activation, use_bias, kernel_initializer,
                         recurrent_initializer, bias_initializer, kernel_regularizer,
                         recurrent_regularizer, bias_regularizer, kernel_constraint,
                         recurrent_constraint, bias_constraint, dropout, recurrent_dropout, seed,
                         **kwargs)
        self.unit_forget_bias = unit_forget_bias

    @property
    def state_size(self):
        return [self.units, self.units]

    @property
    def output_size(self):
        return self.units

    def _bias_init(self):
        if not self.unit_forget_bias:
            return self.bias_initializer
        init, u = self.bias_initializer, self.units

        def forget_one(shape, dtype=None):
            return wrap(ivy.concat([nat(init((u,), dtype)), ivy.ones((u,), dtype=dtype),
                                    nat(init((2 * u,), dtype))], axis=0))
        return forget_one

    def call(self, inputs, states, training=False):
        h, c = nat(states[0]), nat(states[1])
        z = ivy.add(ivy.matmul(nat(inputs), nat(self.kernel)),
                    ivy.matmul(h, nat(self.recurrent_kernel)))
        if self.bias is not None:
            z = ivy.add(z, nat(self.bias))
        zi, zf, zc, zo = _split(z, 4)
        i = self._act(self.recurrent_activation, zi)
        f = self._act(self.recurrent_activation, zf)
        c = ivy.add(ivy.multiply(f, c), ivy.multiply(i, self._act(self.activation, zc)))
        o = self._act(self.recurrent_activation, zo)
        h = wrap(ivy.multiply(o, self._act(self.activation, c)))
        return h, [h, wrap(c)]


class GRUCell(_Cell):
    gates = 3

    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal",
                 bias_initializer="zeros", kernel_regularizer=None, recurrent_regularizer=None,
                 bias_regularizer=None, kernel_constraint=None, recurrent_constraint=None,
                 bias_constraint=None, dropout=0.0, recurrent_dropout=0.0, reset_after=True,
                 seed=None, **kwargs):
        kwargs.pop("implementation", None)
        super().__init__(units, activation, recurrent_activation, use_bias, kernel_initializer,
                         recurrent_initializer, bias_initializer, kernel_regularizer,
                         recurrent_regularizer, bias_regularizer, kernel_constraint,
                         recurrent_constraint, bias_constraint, dropout, recurrent_dropout, seed,
                         **kwargs)
        self.reset_after = reset_after

    def _bias_shape(self):
        return (2, 3 * self.units) if self.reset_after else (3 * self.units,)

    def call(self, inputs, states, training=False):
        h = nat(states[0] if isinstance(states, (list, tuple)) else states)
        x = ivy.matmul(nat(inputs), nat(self.kernel))
        u = nat(self.recurrent_kernel)
        b = None if self.bias is None else nat(self.bias)
        if b is not None:
            x = ivy.add(x, ivy.get_item(b, 0) if self.reset_after else b)
        xz, xr, xh = _split(x, 3)
        if self.reset_after:
            inner = ivy.matmul(h, u)
            if b is not None:
                inner = ivy.add(inner, ivy.get_item(b, 1))
            rz, rr, rh = _split(inner, 3)
        else:
            rz, rr = _split(ivy.matmul(h, ivy.get_item(u, (slice(None),
                                                           slice(0, 2 * self.units)))), 2)
        z = self._act(self.recurrent_activation, ivy.add(xz, rz))
        r = self._act(self.recurrent_activation, ivy.add(xr, rr))
        if self.reset_after:
            rh = ivy.multiply(r, rh)
        else:
            rh = ivy.matmul(ivy.multiply(r, h), ivy.get_item(u, (slice(None),
                                                                 slice(2 * self.units, None))))
        hh = self._act(self.activation, ivy.add(xh, rh))
        out = ivy.add(ivy.multiply(z, h), ivy.multiply(ivy.subtract(_c(z, 1.0), z), hh))
        return wrap(out), [wrap(out)]


class RNN(Layer):
    def __init__(self, cell, return_sequences=False, return_state=False, go_backwards=False,
                 stateful=False, unroll=False, zero_output_for_mask=False, **kwargs):
        super().__init__(**kwargs)
        _unsupported("stateful", stateful, False)
        if isinstance(cell, (list, tuple)):
            raise NotImplementedError(f"keras.layers.RNN: a list of cells is not supported by "
                                      f"{_FRONTEND}")
        self.cell = cell
        self.return_sequences, self.return_state = return_sequences, return_state
        self.go_backwards, self.unroll = go_backwards, unroll

    def build(self, sequences_shape, initial_state_shape=None):
        if not self.cell.built:
            self.cell.build(tuple(sequences_shape)[:1] + tuple(sequences_shape)[2:])
            self.cell.built = True
        self.built = True

    def call(self, sequences, initial_state=None, mask=None, training=False):
        _unsupported("mask", mask)
        x = nat(sequences)
        steps = x.shape[1]
        states = self.cell.get_initial_state(x.shape[0]) if initial_state is None else \
            list(initial_state) if isinstance(initial_state, (list, tuple)) else [initial_state]
        outputs = []
        order = range(steps - 1, -1, -1) if self.go_backwards else range(steps)
        for t in order:
            out, states = self.cell(wrap(ivy.get_item(x, (slice(None), t))), states,
                                    training=training)
            outputs.append(nat(out))
        last = wrap(outputs[-1])
        y = wrap(ivy.stack(outputs, axis=1)) if self.return_sequences else last
        if self.return_state:
            return [y, *states]
        return y

    def __getattr__(self, name):
        cell = self.__dict__.get("cell")
        if cell is not None and name in ("units", "activation", "recurrent_activation",
                                         "use_bias", "kernel", "recurrent_kernel", "bias"):
            return getattr(cell, name)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")


_CELL_PARAMS = ("activation", "recurrent_activation", "use_bias", "kernel_initializer",
                "recurrent_initializer", "bias_initializer", "unit_forget_bias",
                "kernel_regularizer", "recurrent_regularizer", "bias_regularizer",
                "kernel_constraint", "recurrent_constraint", "bias_constraint", "dropout",
                "recurrent_dropout", "seed", "reset_after")
_RNN_COMMON = [("activation", "tanh"), ("recurrent_activation", "sigmoid"), ("use_bias", True),
               ("kernel_initializer", "glorot_uniform"),
               ("recurrent_initializer", "orthogonal"), ("bias_initializer", "zeros")]
_RNN_TAIL = [("kernel_regularizer", None), ("recurrent_regularizer", None),
             ("bias_regularizer", None), ("activity_regularizer", None),
             ("kernel_constraint", None), ("recurrent_constraint", None),
             ("bias_constraint", None), ("dropout", 0.0), ("recurrent_dropout", 0.0)]
_RNN_FLAGS = [("return_sequences", False), ("return_state", False), ("go_backwards", False),
              ("stateful", False), ("unroll", False)]


def _rnn_class(name, cell_cls, params):
    """LSTM/GRU/SimpleRNN: an RNN over a new cell, with Keras's constructor signature
    (``params``: its parameters after ``units``, in order); arguments kept for cloning."""
    names = [n for n, _ in params]
    defaults = dict(params)

    def __init__(self, units, *args, **kwargs):
        if len(args) > len(names):
            raise TypeError(f"{name}.__init__() takes at most {len(names) + 2} positional "
                            f"arguments")
        values = {**defaults, **dict(zip(names, args))}
        for k in kwargs:
            if k in values and k in dict(zip(names, args)):
                raise TypeError(f"{name}.__init__() got multiple values for argument '{k}'")
        values.update(kwargs)
        self._config = dict(values, units=units)
        cell_kwargs = {k: values.pop(k) for k in list(values) if k in _CELL_PARAMS}
        _unsupported("use_cudnn", values.pop("use_cudnn", "auto"), "auto")
        _unsupported("activity_regularizer", values.pop("activity_regularizer", None))
        cell_kwargs["dtype"] = values.get("dtype")
        cell = cell_cls(units, name=unique_name(snake_case(cell_cls.__name__)), **cell_kwargs)
        RNN.__init__(self, cell, **values)
    P = inspect.Parameter
    __init__.__signature__ = inspect.Signature(
        [P("self", P.POSITIONAL_OR_KEYWORD), P("units", P.POSITIONAL_OR_KEYWORD)] +
        [P(n, P.POSITIONAL_OR_KEYWORD, default=d) for n, d in params] +
        [P("kwargs", P.VAR_KEYWORD)])
    return type(name, (RNN,), {"__init__": __init__, "__module__": __name__})


LSTM = _rnn_class("LSTM", LSTMCell, _RNN_COMMON + [("unit_forget_bias", True)] + _RNN_TAIL + [
    ("seed", None)] + _RNN_FLAGS + [("use_cudnn", "auto")])
GRU = _rnn_class("GRU", GRUCell, _RNN_COMMON + _RNN_TAIL + [("seed", None)] + _RNN_FLAGS + [
    ("reset_after", True), ("use_cudnn", "auto")])
SimpleRNN = _rnn_class("SimpleRNN", SimpleRNNCell, [
    p for p in _RNN_COMMON if p[0] != "recurrent_activation"] + _RNN_TAIL + _RNN_FLAGS + [
    ("seed", None)])


class Bidirectional(Layer):
    def __init__(self, layer, merge_mode="concat", weights=None, backward_layer=None, **kwargs):
        super().__init__(**kwargs)
        if merge_mode not in ("sum", "mul", "ave", "concat", None):
            raise ValueError(f"Invalid merge mode. Received: {merge_mode}. Merge mode should be "
                             f"one of {{'sum', 'mul', 'ave', 'concat', None}}")
        _unsupported("weights", weights)
        self.forward_layer = layer
        if backward_layer is None:
            config = dict(getattr(layer, "_config", None) or {})
            if not config:
                raise NotImplementedError(f"keras.layers.Bidirectional: only LSTM/GRU/SimpleRNN "
                                          f"layers can be cloned by {_FRONTEND}; pass "
                                          f"backward_layer")
            config["go_backwards"] = not config.get("go_backwards", False)
            config["name"] = "backward_" + layer.name
            backward_layer = type(layer)(**config)
        self.backward_layer = backward_layer
        layer.name = "forward_" + layer.name
        self.merge_mode = merge_mode
        self.return_sequences = layer.return_sequences
        self.return_state = layer.return_state

    def build(self, sequences_shape, initial_state_shape=None):
        for layer in (self.forward_layer, self.backward_layer):
            if not layer.built:
                layer.build(sequences_shape)
                layer.built = True
        self.built = True

    def call(self, sequences, initial_state=None, mask=None, training=None):
        _unsupported("mask", mask)
        fs = bs = None
        if initial_state is not None:
            half = len(initial_state) // 2
            fs, bs = initial_state[:half], initial_state[half:]
        y_f = self.forward_layer(sequences, initial_state=fs, training=training)
        y_b = self.backward_layer(sequences, initial_state=bs, training=training)
        if self.return_state:
            y_f, states_f = y_f[0], y_f[1:]
            y_b, states_b = y_b[0], y_b[1:]
        a, b = nat(y_f), nat(y_b)
        if self.return_sequences:
            b = ivy.flip(b, axis=1)
        if self.merge_mode == "concat":
            y = [wrap(ivy.concat([a, b], axis=-1))]
        elif self.merge_mode == "sum":
            y = [wrap(ivy.add(a, b))]
        elif self.merge_mode == "ave":
            y = [wrap(ivy.divide(ivy.add(a, b), _c(a, 2.0)))]
        elif self.merge_mode == "mul":
            y = [wrap(ivy.multiply(a, b))]
        else:
            y = [wrap(a), wrap(b)]
        if self.return_state:
            return y + list(states_f) + list(states_b)
        return y[0] if len(y) == 1 else y


# ---- attention ----------------------------------------------------------------------------------

class MultiHeadAttention(Layer):
    """Projections as Keras's EinsumDense weights: query/key/value kernels ``(dim, heads,
    key_dim)``, biases ``(heads, key_dim)``, output kernel ``(heads, value_dim, dim)``."""

    def __init__(self, num_heads, key_dim, value_dim=None, dropout=0.0, use_bias=True,
                 output_shape=None, attention_axes=None, sliding_window=None,
                 flash_attention=None, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None,
                 use_gate=False, seed=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        _weights_args((("kernel_regularizer", kernel_regularizer),
                       ("bias_regularizer", bias_regularizer)),
                      (("kernel_constraint", kernel_constraint),
                       ("bias_constraint", bias_constraint)))
        for what, value, default in (("dropout", dropout, 0.0), ("output_shape", output_shape,
                                                                 None),
                                     ("attention_axes", attention_axes, None),
                                     ("sliding_window", sliding_window, None),
                                     ("use_gate", use_gate, False)):
            _unsupported(what, value, default)
        self.num_heads, self.key_dim = num_heads, key_dim
        self.value_dim = value_dim or key_dim
        self.use_bias = use_bias
        self.kernel_initializer = _initializers.get(kernel_initializer)
        self.bias_initializer = _initializers.get(bias_initializer)

    def _dense(self, name, kernel_shape, bias_shape):
        layer = Layer(name=name)
        layer.kernel = layer.add_weight(name="kernel", shape=kernel_shape,
                                        initializer=self.kernel_initializer)
        if self.use_bias:
            layer.bias = layer.add_weight(name="bias", shape=bias_shape,
                                          initializer=self.bias_initializer)
        layer.built = True
        return layer

    def build(self, query_shape, value_shape=None, key_shape=None):
        if isinstance(query_shape, list) and query_shape and isinstance(query_shape[0], tuple):
            query_shape = query_shape[0]
        value_shape = value_shape or query_shape
        key_shape = key_shape or value_shape
        h = self.num_heads
        self._query_dense = self._dense("query", (query_shape[-1], h, self.key_dim),
                                        (h, self.key_dim))
        self._key_dense = self._dense("key", (key_shape[-1], h, self.key_dim),
                                      (h, self.key_dim))
        self._value_dense = self._dense("value", (value_shape[-1], h, self.value_dim),
                                        (h, self.value_dim))
        self._output_dense = self._dense("attention_output",
                                         (h, self.value_dim, query_shape[-1]),
                                         (query_shape[-1],))
        self.built = True

    def _build_from(self, inputs):
        self.build(tuple(inputs.shape))

    def __call__(self, query, value=None, key=None, **kwargs):
        if _symbolic([query, value, key]):
            return self._symbolic_call((query, value, key), kwargs)
        if not self.built:
            v = value if value is not None else query
            self.build(tuple(query.shape), tuple(v.shape),
                       tuple((key if key is not None else v).shape))
        return self.call(query, value, key, **kwargs)

    def _project(self, dense, x):
        y = ivy.einsum("abc,cde->abde", nat(x), nat(dense.kernel))
        return ivy.add(y, nat(dense.bias)) if self.use_bias else y

    def call(self, query, value, key=None, query_mask=None, value_mask=None, key_mask=None,
             attention_mask=None, return_attention_scores=False, training=None,
             use_causal_mask=False):
        key = value if key is None else key
        q = self._project(self._query_dense, query)
        k = self._project(self._key_dense, key)
        v = self._project(self._value_dense, value)
        q = ivy.multiply(q, _c(q, 1.0 / math.sqrt(float(self.key_dim))))
        scores = ivy.einsum("aecd,abcd->acbe", k, q)
        mask = None if attention_mask is None else nat(attention_mask)
        if use_causal_mask:
            tq, tv = q.shape[1], k.shape[1]
            causal = ivy.astype(ivy.tril(ivy.ones((tq, tv), dtype="int32")), "bool")
            mask = causal if mask is None else ivy.logical_and(ivy.astype(mask, "bool"), causal)
        if mask is not None:
            mask = ivy.astype(mask, "bool")
            if len(mask.shape) == 3:
                mask = ivy.expand_dims(mask, axis=1)
            scores = ivy.where(mask, scores, _c(scores, -1e9 if dtype_name(scores) != "float16"
                                                 else -65000.0))
        weights = ivy.softmax(scores, axis=-1)
        out = ivy.einsum("acbe,aecd->abcd", weights, v)
        out = ivy.einsum("abcd,cde->abe", out, nat(self._output_dense.kernel))
        if self.use_bias:
            out = ivy.add(out, nat(self._output_dense.bias))
        if return_attention_scores:
            return wrap(out), wrap(weights)
        return wrap(out)
