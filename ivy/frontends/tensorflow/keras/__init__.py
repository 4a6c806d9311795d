"""``tf.keras`` (Keras 3 as TensorFlow 2.21 ships it): layers, models (Sequential, functional,
subclassed) with compile/fit/evaluate/predict and the .keras format, activations, losses,
metrics, callbacks, optimizers and initializers on the frontend's tensors and variables."""
from . import (activations, callbacks, initializers, layers, losses, metrics,  # noqa: F401
               models, optimizers, random, utils)
from .layers import Input, KerasTensor, Layer  # noqa: F401
from .losses import Loss  # noqa: F401
from .models import Model, Sequential  # noqa: F401
from .optimizers import Optimizer  # noqa: F401
from .initializers import Initializer  # noqa: F401
from .metrics import Metric  # noqa: F401

del schedules  # noqa: F821 - only ``keras.optimizers.schedules`` in Keras
