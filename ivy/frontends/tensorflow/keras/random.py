"""``keras.random`` as Keras 3 runs it on TensorFlow: seeds are ``[seed, 0]`` pairs (an int) or
drawn from a ``SeedGenerator``; the draws are TensorFlow's stateless Philox ops, so seeded values
equal real Keras's bit for bit. Unseeded initializers and generators take their seed from
Python's ``random`` module, as Keras does (``keras.utils.set_random_seed`` seeds it)."""
from __future__ import annotations

import random as _pyrandom

from ._util import standardize_dtype, tf, unique_name

_INT32_MAX = 2 ** 31 - 1
_GLOBAL = [None]        # the global SeedGenerator, made on first unseeded use


def make_default_seed() -> int:
    return _pyrandom.randint(1, int(1e9))


class SeedGenerator:
    """``keras.random.SeedGenerator``: an int64 ``[seed, counter]`` state; ``next()`` gives the
    state and advances the counter (unordered: Keras's ``(state + 1) * 5387 % 933199``)."""

    def __init__(self, seed=None, name=None, **kwargs):
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments: {kwargs}")
        self.name = name or unique_name("seed_generator")
        self._initial_seed = seed
        if seed is None:
            seed = make_default_seed()
        if not isinstance(seed, int):
            raise ValueError(f"Argument `seed` must be an integer. Received: seed={seed}")
        self._state = [seed, 0]

    @property
    def state(self):
        return tf().constant(self._state, dtype=tf().int64)

    def next(self, ordered=True):
        value = list(self._state)
        if ordered:
            self._state[1] += 1
        else:
            self._state = [(s + 1) * 5387 % 933199 for s in self._state]
        return tf().constant(value, dtype=tf().int64)

    def get_config(self):
        return {"seed": self._initial_seed, "name": self.name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def global_seed_generator() -> SeedGenerator:
    if _GLOBAL[0] is None:
        _GLOBAL[0] = SeedGenerator()
    return _GLOBAL[0]


def draw_seed(seed):
    """The int64 ``[2]`` seed of one draw."""
    if isinstance(seed, SeedGenerator):
        return seed.next()
    if isinstance(seed, int):
        return tf().constant([seed, 0], dtype=tf().int64)
    if seed is None:
        return global_seed_generator().next(ordered=False)
    raise ValueError(f"Argument `seed` must be either an integer or an instance of "
                     f"`SeedGenerator`. Received: seed={seed} (of type {type(seed)})")


def _stateless_seed(seed):
    """The TF backend's ``_cast_seed``: int64 seeds folded into int32 by ``% (2**31 - 2)``."""
    t = tf()
    return t.cast(t.math.floormod(draw_seed(seed), _INT32_MAX - 1), t.int32)


def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    t, d = tf(), standardize_dtype(dtype)
    return t.random.stateless_uniform(shape=shape, minval=t.cast(minval, d),
                                      maxval=t.cast(maxval, d), dtype=d,
                                      seed=_stateless_seed(seed))


def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    return tf().random.stateless_normal(shape=shape, mean=mean, stddev=stddev,
                                        dtype=standardize_dtype(dtype),
                                        seed=_stateless_seed(seed))


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    return tf().random.stateless_truncated_normal(shape=shape, mean=mean, stddev=stddev,
                                                  dtype=standardize_dtype(dtype),
                                                  seed=_stateless_seed(seed))


def randint(shape, minval, maxval, dtype="int32", seed=None):
    t = tf()
    d = standardize_dtype(dtype)
    inner = d if d in ("int32", "int64") else "int64"
    out = t.random.stateless_uniform(shape=shape, minval=minval, maxval=maxval, dtype=inner,
                                     seed=_stateless_seed(seed))
    return t.cast(out, d)


def reset_global(seed=None):
    """``keras.utils.set_random_seed``'s reset: the global generator is made again on use."""
    _GLOBAL[0] = None
