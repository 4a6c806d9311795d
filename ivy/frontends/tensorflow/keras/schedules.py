"""``tf.keras.optimizers.schedules``: learning rates as functions of the step."""
from __future__ import annotations

import math

import ivy

from .._tensor import wrap
from ._util import nat


class LearningRateSchedule:
    def __call__(self, step):
        raise NotImplementedError

    def get_config(self):
        return {}


def _step(step):
    return ivy.astype(nat(step), "float32")


def _f(v):
    return ivy.asarray(v, dtype="float32")


class ExponentialDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate, decay_steps, decay_rate, staircase=False,
                 name="ExponentialDecay"):
        if decay_steps <= 0:
            raise ValueError(f"Argument `decay_steps` must be > 0. Received: "
                             f"decay_steps={decay_steps}")
        self.initial_learning_rate, self.decay_steps = initial_learning_rate, decay_steps
        self.decay_rate, self.staircase, self.name = decay_rate, staircase, name

    def __call__(self, step):
        p = ivy.divide(_step(step), _f(self.decay_steps))
        if self.staircase:
            p = ivy.floor(p)
        return wrap(ivy.multiply(_f(self.initial_learning_rate), ivy.pow(_f(self.decay_rate), p)))


class InverseTimeDecay(ExponentialDecay):
    def __call__(self, step):
        p = ivy.divide(_step(step), _f(self.decay_steps))
        if self.staircase:
            p = ivy.floor(p)
        return wrap(ivy.divide(_f(self.initial_learning_rate),
                               ivy.add(_f(1.0), ivy.multiply(_f(self.decay_rate), p))))


class PiecewiseConstantDecay(LearningRateSchedule):
    def __init__(self, boundaries, values, name="PiecewiseConstant"):
        if len(boundaries) != len(values) - 1:
            raise ValueError("The length of boundaries should be 1 less than the length of "
                             f"values. Received: boundaries={boundaries} of length "
                             f"{len(boundaries)}, and values={values} of length {len(values)}.")
        self.boundaries, self.values, self.name = list(boundaries), list(values), name

    def __call__(self, step):
        s = float(ivy.to_numpy(_step(step)))
        for b, v in zip(self.boundaries, self.values):
            if s <= b:
                return wrap(_f(v))
        return wrap(_f(self.values[-1]))


class CosineDecay(LearningRateSchedule):
    def __init__(self, initial_learning_rate, decay_steps, alpha=0.0, name="CosineDecay",
                 warmup_target=None, warmup_steps=0):
        if warmup_target is not None or warmup_steps:
            raise NotImplementedError("keras CosineDecay: warmup is not supported by ivy's "
                                      "tensorflow frontend")
        self.initial_learning_rate, self.decay_steps = initial_learning_rate, decay_steps
        self.alpha, self.name = alpha, name

    def __call__(self, step):
        s = ivy.minimum(_step(step), _f(self.decay_steps))
        cos = ivy.multiply(_f(0.5), ivy.add(_f(1.0), ivy.cos(ivy.multiply(
            _f(math.pi), ivy.divide(s, _f(self.decay_steps))))))
        decayed = ivy.add(ivy.multiply(ivy.subtract(_f(1.0), _f(self.alpha)), cos),
                          _f(self.alpha))
        return wrap(ivy.multiply(_f(self.initial_learning_rate), decayed))
