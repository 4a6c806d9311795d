"""``tf.keras.activations``: Keras 3's activation functions (tensors in, tensors out) and
``get``/``serialize``/``deserialize``."""
from __future__ import annotations

import ivy

from .._tensor import wrap
from ._util import nat


def _float(x):
    a = nat(x)
    return a if ivy.dtype(a) in ("float16", "bfloat16", "float32", "float64") else \
        ivy.astype(a, "float32")


def _c(a, value):
    return ivy.asarray(value, dtype=ivy.dtype(a))


def relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    """Keras's relu: ``x`` above ``threshold``, ``negative_slope * (x - threshold)`` below,
    clipped at ``max_value`` (Keras's order of operations)."""
    a = _float(x)
    if negative_slope and max_value is None and not threshold:
        return wrap(ivy.leaky_relu(a, negative_slope=negative_slope))
    negative = None
    if negative_slope:
        negative = ivy.relu(ivy.add(ivy.negative(a), _c(a, threshold)) if threshold else
                            ivy.negative(a))
    clip = max_value is not None
    if threshold:
        y = ivy.multiply(a, ivy.astype(ivy.greater(a, _c(a, threshold)), ivy.dtype(a)))
    elif max_value == 6:
        y, clip = ivy.relu6(a), False
    else:
        y = ivy.relu(a)
    if clip:
        y = ivy.clip(y, _c(a, 0), _c(a, max_value))
    if negative is not None:
        y = ivy.subtract(y, ivy.multiply(_c(a, negative_slope), negative))
    return wrap(y)


def _unary(name, core):
    def fn(x):
        return wrap(core(_float(x)))
    fn.__name__ = fn.__qualname__ = name
    return fn




def linear(x):
    """Keras's linear activation returns its argument itself."""
    return x


sigmoid = _unary("sigmoid", lambda a: ivy.sigmoid(a))
tanh = _unary("tanh", lambda a: ivy.tanh(a))
relu6 = _unary("relu6", lambda a: ivy.relu6(a))
selu = _unary("selu", lambda a: ivy.selu(a))
softplus = _unary("softplus", lambda a: ivy.softplus(a))
softsign = _unary("softsign", lambda a: ivy.softsign(a))
exponential = _unary("exponential", lambda a: ivy.exp(a))
silu = _unary("silu", lambda a: ivy.silu(a))
swish = silu
mish = _unary("mish", lambda a: ivy.multiply(a, ivy.tanh(ivy.softplus(a))))
log_sigmoid = _unary("log_sigmoid", lambda a: ivy.log_sigmoid(a))


def _hard_sigmoid(a):
    return ivy.divide(ivy.relu6(ivy.add(a, _c(a, 3))), _c(a, 6))


hard_sigmoid = _unary("hard_sigmoid", _hard_sigmoid)
hard_silu = _unary("hard_silu", lambda a: ivy.multiply(a, _hard_sigmoid(a)))
hard_swish = hard_silu
hard_tanh = _unary("hard_tanh", lambda a: ivy.clip(a, _c(a, -1), _c(a, 1)))
tanh_shrink = _unary("tanh_shrink", lambda a: ivy.subtract(a, ivy.tanh(a)))


def elu(x, alpha=1.0):
    return wrap(ivy.elu(_float(x), alpha=alpha))


def celu(x, alpha=1.0):
    return wrap(ivy.celu(_float(x), alpha=alpha))


def leaky_relu(x, negative_slope=0.2):
    return wrap(ivy.leaky_relu(_float(x), negative_slope=negative_slope))


def gelu(x, approximate=False):
    return wrap(ivy.gelu(_float(x), approximate="tanh" if approximate else "none"))


def softmax(x, axis=-1):
    return wrap(ivy.softmax(_float(x), axis=axis))


def log_softmax(x, axis=-1):
    return wrap(ivy.log_softmax(_float(x), axis=axis))


def glu(x, axis=-1):
    return wrap(ivy.glu(_float(x), axis=axis))


def hard_shrink(x, threshold=0.5):
    return wrap(ivy.hardshrink(_float(x), lambd=threshold))


def soft_shrink(x, threshold=0.5):
    return wrap(ivy.softshrink(_float(x), lambd=threshold))


def threshold(x, threshold, default_value):  # noqa: A002 - Keras's parameter name
    a = _float(x)
    return wrap(ivy.where(ivy.greater(a, _c(a, threshold)), a, _c(a, default_value)))


_ALL = {f.__name__: f for f in (
    relu, linear, sigmoid, tanh, relu6, selu, softplus, softsign, exponential, silu, mish,
    log_sigmoid, hard_sigmoid, hard_silu, hard_tanh, tanh_shrink, elu, celu, leaky_relu, gelu,
    softmax, log_softmax, glu, hard_shrink, soft_shrink, threshold)}
_NAMES = {id(f): n for n, f in _ALL.items()}
_ALL.update(swish=silu, hard_swish=hard_silu)


def get(identifier):
    """An activation function: None is ``linear``, a name, or a callable as it is."""
    if identifier is None:
        return linear
    if isinstance(identifier, str):
        try:
            return _ALL[identifier]
        except KeyError:
            raise ValueError(f"Could not interpret activation function identifier: "
                             f"{identifier}") from None
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret activation function identifier: {identifier}")


def serialize(activation):
    name = _NAMES.get(id(activation))
    if name is None:
        raise ValueError(f"Could not serialize {activation!r}")
    return name


def deserialize(config, custom_objects=None):
    return get(config)


