"""``keras.utils``: the random-seed helpers and the serialization registry."""
from __future__ import annotations

import random as _pyrandom

import numpy as _np

from . import random as _random
from ._util import tf
from ._saving import (deserialize_keras_object, get_registered_name,  # noqa: F401
                     get_registered_object, register_keras_serializable,
                     serialize_keras_object)

_SEED = [None]


def set_random_seed(seed):
    """Seeds Python's ``random``, numpy's global generator and ``tf.random``, and resets Keras's
    global SeedGenerator, as ``keras.utils.set_random_seed`` does."""
    if not isinstance(seed, int):
        raise ValueError(f"Expected `seed` argument to be an integer. Received: seed={seed} "
                         f"(of type {type(seed)})")
    _SEED[0] = seed
    _random.reset_global()
    _pyrandom.seed(seed)
    _np.random.seed(seed)
    tf().random.set_seed(seed)


def get_random_seed():
    return _SEED[0]
