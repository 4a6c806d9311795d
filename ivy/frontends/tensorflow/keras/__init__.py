"""``tf.keras`` (Keras 3 as TensorFlow 2.21 ships it): layers, models (Sequential, functional,
subclassed), activations, losses, optimizers and initializers on the frontend's tensors and
variables."""
from . import (activations, initializers, layers, losses, metrics, models, optimizers,  # noqa: F401
               random, saving, utils)
from .layers import Input, KerasTensor, Layer  # noqa: F401
from .losses import Loss  # noqa: F401
from .models import Model, Sequential  # noqa: F401
from .optimizers import Optimizer  # noqa: F401
from .initializers import Initializer  # noqa: F401
from .metrics import Metric  # noqa: F401

del schedules  # noqa: F821 - only ``keras.optimizers.schedules`` in Keras
del saving      # tf.keras has no ``saving``: its names are in ``keras.utils``
