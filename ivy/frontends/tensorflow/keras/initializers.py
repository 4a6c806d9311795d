"""``tf.keras.initializers``: callables ``(shape, dtype=None)`` returning a tensor. Random ones
draw as Keras 3 does on TensorFlow (``keras.random``: stateless Philox ops under the seed, an
unseeded initializer taking a seed from Python's ``random`` when it is made), so their values
equal real Keras's."""
from __future__ import annotations

import math

import ivy

from .._tensor import wrap
from . import random
from ._util import nat, standardize_dtype, snake_case


def _shape(shape):
    return tuple(int(d) for d in shape)


class Initializer:
    """Base class: subclasses define ``__call__(shape, dtype=None)``."""

    def __call__(self, shape, dtype=None):
        raise NotImplementedError

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def clone(self):
        return self.__class__(**self.get_config())


class Zeros(Initializer):
    def __call__(self, shape, dtype=None):
        return wrap(ivy.zeros(_shape(shape), dtype=standardize_dtype(dtype)))


class Ones(Initializer):
    def __call__(self, shape, dtype=None):
        return wrap(ivy.ones(_shape(shape), dtype=standardize_dtype(dtype)))


class Constant(Initializer):
    def __init__(self, value=0.0):
        self.value = value

    def __call__(self, shape, dtype=None):
        d = standardize_dtype(dtype)
        v = nat(self.value, d)
        return wrap(ivy.broadcast_to(v, _shape(shape)) if tuple(v.shape) != _shape(shape) else v)

    def get_config(self):
        return {"value": self.value}


class RandomInitializer(Initializer):
    """Keras's base of the random initializers: ``seed`` an int, a SeedGenerator or None (a
    seed drawn from Python's ``random`` now, so every call repeats the same values)."""

    def __init__(self, seed=None):
        self._init_seed = seed
        if seed is None:
            seed = random.make_default_seed()
        elif not isinstance(seed, (int, random.SeedGenerator)):
            raise ValueError(f"`seed` argument should be an instance of "
                             f"`keras.random.SeedGenerator()` or an integer. Received: "
                             f"seed={seed}")
        self.seed = seed

    def get_config(self):
        return {"seed": self._init_seed}


class RandomUniform(RandomInitializer):
    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        self.minval, self.maxval = minval, maxval
        super().__init__(seed)

    def __call__(self, shape, dtype=None):
        return random.uniform(shape, minval=self.minval, maxval=self.maxval, seed=self.seed,
                              dtype=dtype)

    def get_config(self):
        return {"seed": self._init_seed, "minval": self.minval, "maxval": self.maxval}


class RandomNormal(RandomInitializer):
    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean, self.stddev = mean, stddev
        super().__init__(seed)

    def __call__(self, shape, dtype=None):
        return random.normal(shape, mean=self.mean, stddev=self.stddev, seed=self.seed,
                             dtype=dtype)

    def get_config(self):
        return {"seed": self._init_seed, "mean": self.mean, "stddev": self.stddev}


class TruncatedNormal(RandomNormal):
    """Normal values redrawn beyond two standard deviations."""

    def __call__(self, shape, dtype=None):
        return random.truncated_normal(shape, mean=self.mean, stddev=self.stddev,
                                       seed=self.seed, dtype=dtype)


def _scaled(a, scale, shift):
    return ivy.add(ivy.multiply(a, ivy.asarray(scale, dtype=ivy.dtype(a))),
                   ivy.asarray(shift, dtype=ivy.dtype(a)))


def compute_fans(shape):
    """(fan_in, fan_out) as Keras computes them: a kernel's receptive field times its last two
    dimensions."""
    shape = _shape(shape)
    if len(shape) == 0:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    if len(shape) == 2:
        return shape[0], shape[1]
    receptive = math.prod(shape[:-2])
    return shape[-2] * receptive, shape[-1] * receptive


class VarianceScaling(RandomInitializer):
    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal", seed=None,
                 input_axes=None, output_axes=None):
        if scale <= 0.0:
            raise ValueError(f"Argument `scale` must be positive float. Received: scale={scale}")
        if mode not in ("fan_in", "fan_out", "fan_avg"):
            raise ValueError(f"Invalid `mode` argument: {mode}")
        distribution = distribution.lower()
        if distribution == "normal":
            distribution = "truncated_normal"
        if distribution not in ("uniform", "truncated_normal", "untruncated_normal"):
            raise ValueError(f"Invalid `distribution` argument: {distribution}")
        if input_axes is not None or output_axes is not None:
            raise NotImplementedError("keras.initializers: input_axes/output_axes are not "
                                      "supported by ivy's tensorflow frontend")
        self.scale, self.mode, self.distribution = scale, mode, distribution
        super().__init__(seed)

    def __call__(self, shape, dtype=None):
        fan_in, fan_out = compute_fans(shape)
        fan = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2.0}
        scale = self.scale / max(1.0, fan[self.mode])
        if self.distribution == "truncated_normal":
            stddev = math.sqrt(scale) / 0.87962566103423978   # std of N(0,1) cut at +-2
            return random.truncated_normal(shape, mean=0.0, stddev=stddev, dtype=dtype,
                                           seed=self.seed)
        if self.distribution == "untruncated_normal":
            return random.normal(shape, mean=0.0, stddev=math.sqrt(scale), dtype=dtype,
                                 seed=self.seed)
        limit = math.sqrt(3.0 * scale)
        return random.uniform(shape, minval=-limit, maxval=limit, dtype=dtype, seed=self.seed)

    def get_config(self):
        return {"seed": self._init_seed, "scale": self.scale, "mode": self.mode,
                "distribution": self.distribution, "input_axes": None, "output_axes": None}


def _variance(name, scale, mode, distribution):
    def __init__(self, seed=None, input_axes=None, output_axes=None):
        VarianceScaling.__init__(self, scale, mode, distribution, seed, input_axes, output_axes)

    def get_config(self):
        return {"seed": self._init_seed}
    return type(name, (VarianceScaling,), {"__init__": __init__, "get_config": get_config,
                                           "__module__": __name__})


GlorotUniform = _variance("GlorotUniform", 1.0, "fan_avg", "uniform")
GlorotNormal = _variance("GlorotNormal", 1.0, "fan_avg", "truncated_normal")
HeUniform = _variance("HeUniform", 2.0, "fan_in", "uniform")
HeNormal = _variance("HeNormal", 2.0, "fan_in", "truncated_normal")
LecunUniform = _variance("LecunUniform", 1.0, "fan_in", "uniform")
LecunNormal = _variance("LecunNormal", 1.0, "fan_in", "truncated_normal")


class Orthogonal(RandomInitializer):
    """A (semi-)orthogonal matrix from the QR decomposition of a normal one, times ``gain``."""

    def __init__(self, gain=1.0, seed=None):
        self.gain = gain
        super().__init__(seed)

    def __call__(self, shape, dtype=None):
        shape = _shape(shape)
        if len(shape) < 2:
            raise ValueError(f"The tensor to initialize must be at least two-dimensional. "
                             f"Received: shape={shape} of rank {len(shape)}.")
        rows, cols = math.prod(shape[:-1]), shape[-1]
        a = random.normal((max(rows, cols), min(rows, cols)), seed=self.seed, dtype=dtype)._data
        q, r = ivy.linalg.qr(a)
        q = ivy.multiply(q, ivy.sign(ivy.diagonal(r)))
        if rows < cols:
            q = ivy.matrix_transpose(q)
        return wrap(ivy.reshape(_scaled(q, self.gain, 0.0), shape))

    def get_config(self):
        return {"seed": self._init_seed, "gain": self.gain}


class Identity(Initializer):
    def __init__(self, gain=1.0):
        self.gain = gain

    def __call__(self, shape, dtype=None):
        shape = _shape(shape)
        if len(shape) != 2:
            raise ValueError(f"Identity matrix initializer can only be used for 2D matrices. "
                             f"Received: shape={shape} of rank {len(shape)}.")
        a = ivy.eye(shape[0], shape[1], dtype=standardize_dtype(dtype))
        return wrap(_scaled(a, self.gain, 0.0))

    def get_config(self):
        return {"gain": self.gain}


OrthogonalInitializer, IdentityInitializer = Orthogonal, Identity
_CLASSES = (Zeros, Ones, Constant, RandomUniform, RandomNormal, TruncatedNormal, VarianceScaling,
            GlorotUniform, GlorotNormal, HeUniform, HeNormal, LecunUniform, LecunNormal,
            Orthogonal, Identity)
_BY_NAME = {**{c.__name__: c for c in _CLASSES}, **{snake_case(c.__name__): c for c in _CLASSES}}
(zeros, ones, constant, random_uniform, random_normal, truncated_normal, variance_scaling,
 glorot_uniform, glorot_normal, he_uniform, he_normal, lecun_uniform, lecun_normal, orthogonal,
 identity) = _CLASSES
_BY_NAME.update(uniform=RandomUniform, normal=RandomNormal)


def get(identifier):
    """An initializer: None stays None, a name (class or snake case), a config dict, an
    initializer or any callable."""
    if identifier is None:
        return None
    if isinstance(identifier, str):
        try:
            return _BY_NAME[identifier]()
        except KeyError:
            raise ValueError(f"Could not interpret initializer identifier: {identifier}") \
                from None
    if isinstance(identifier, dict):
        return _BY_NAME[identifier["class_name"]](**identifier.get("config", {}))
    if isinstance(identifier, type) and issubclass(identifier, Initializer):
        return identifier()
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret initializer identifier: {identifier}")


def serialize(initializer):
    return {"module": "keras.initializers", "class_name": type(initializer).__name__,
            "config": initializer.get_config(), "registered_name": None}


def deserialize(config, custom_objects=None):
    return get(config)

