"""``tf.keras.optimizers``: Keras 3's optimizers with its update arithmetic (constants cast to
the variable's dtype, Keras's order of operations and epsilon placement), so steps equal
Keras's on the same gradients. ``apply_gradients(zip(grads, vars))``: gradients clipped,
weight decay, the update, then ``iterations`` advances."""
from __future__ import annotations

import ivy

from .._tensor import wrap
from ._util import assign, dtype_name, nat, no_record, snake_case, variable
from . import schedules  # noqa: F401 - keras.optimizers.schedules


def _c(a, v):
    return ivy.asarray(v, dtype=dtype_name(a))


class Optimizer:
    """``keras.optimizers.Optimizer``: subclasses define ``build(variables)`` (their slots) and
    ``update_step(gradient, variable, learning_rate)`` on native arrays. The constructor's
    arguments are kept for ``get_config``."""

    def __new__(cls, *args, **kwargs):
        obj = super().__new__(cls)
        obj.__dict__["_init_args"] = (args, kwargs)
        return obj

    def __init__(self, learning_rate, weight_decay=None, clipnorm=None, clipvalue=None,
                 global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        kwargs.pop("decay", None)
        if kwargs:
            raise ValueError(f"Argument(s) not recognized: {kwargs}")
        for what, value, default in (("use_ema", use_ema, False),
                                     ("loss_scale_factor", loss_scale_factor, None),
                                     ("gradient_accumulation_steps",
                                      gradient_accumulation_steps, None)):
            if value != default:
                raise NotImplementedError(f"keras.optimizers: {what}={value!r} is not supported "
                                          f"by ivy's tensorflow frontend")
        if sum(v is not None for v in (clipnorm, clipvalue, global_clipnorm)) > 1:
            raise ValueError("Only one of `clipnorm`, `clipvalue` and `global_clipnorm` can be "
                             "set. Received: clipnorm={clipnorm}, clipvalue={clipvalue}, "
                             "global_clipnorm={global_clipnorm}")
        self.name = name or snake_case(type(self).__name__)
        self.weight_decay = weight_decay
        self.clipnorm, self.clipvalue, self.global_clipnorm = clipnorm, clipvalue, global_clipnorm
        self.use_ema = use_ema
        self._schedule = learning_rate if callable(learning_rate) else None
        self._iterations = variable(ivy.asarray(0, dtype="int64"), trainable=False,
                                    name="iteration")
        self._learning_rate = None if self._schedule is not None else variable(
            ivy.asarray(float(learning_rate), dtype="float32"), trainable=False,
            name="learning_rate")
        self._slots: dict = {}
        self._slot_order: list = []
        self._built_for: list = []

    # ---- state --------------------------------------------------------------------------------
    @property
    def iterations(self):
        return self._iterations

    @property
    def learning_rate(self):
        if self._schedule is not None:
            return wrap(ivy.astype(nat(self._schedule(wrap(nat(self._iterations)))), "float32"))
        return self._learning_rate

    @learning_rate.setter
    def learning_rate(self, value):
        if callable(value):
            self._schedule, self._learning_rate = value, None
            return
        if self._learning_rate is None:
            raise TypeError("This optimizer was created with a `LearningRateSchedule` object as "
                            "its `learning_rate` constructor argument, hence its learning rate "
                            "is not settable.")
        assign(self._learning_rate, ivy.asarray(float(value), dtype="float32"))

    lr = learning_rate

    @property
    def variables(self):
        out = [self._iterations]
        if self._learning_rate is not None:
            out.append(self._learning_rate)
        return out + self._slot_order

    def add_variable_from_reference(self, reference_variable, name=None, initializer="zeros"):
        a = nat(reference_variable)
        value = ivy.zeros_like(a) if initializer == "zeros" else \
            ivy.full_like(a, float(initializer))
        v = variable(value, trainable=False, name=name)
        self._slot_order.append(v)
        return v

    def _slot(self, name, var, init="zeros"):
        key = (name, id(var))
        if key not in self._slots:
            self._slots[key] = self.add_variable_from_reference(var, name, init)
        return self._slots[key]

    def build(self, var_list):
        self._built_for.extend(var_list)

    # ---- steps --------------------------------------------------------------------------------
    def _clip(self, grads):
        if self.clipvalue is not None:
            return [ivy.clip(g, _c(g, -self.clipvalue), _c(g, self.clipvalue)) for g in grads]
        if self.clipnorm is not None:
            out = []
            for g in grads:
                l2 = ivy.sqrt(ivy.sum(ivy.square(g)))
                out.append(ivy.divide(ivy.multiply(g, _c(g, self.clipnorm)),
                                      ivy.maximum(l2, _c(g, self.clipnorm))))
            return out
        if self.global_clipnorm is not None and grads:
            total = ivy.astype(ivy.sum(ivy.stack([ivy.sum(ivy.square(ivy.astype(g, "float32")))
                                                  for g in grads])), "float32")
            norm = ivy.sqrt(total)
            clip = ivy.asarray(self.global_clipnorm, dtype="float32")
            scale = ivy.multiply(clip, ivy.minimum(ivy.divide(_c(norm, 1.0), norm),
                                                   ivy.divide(_c(norm, 1.0), clip)))
            return [ivy.multiply(g, ivy.astype(scale, dtype_name(g))) for g in grads]
        return grads

    def apply_gradients(self, grads_and_vars):
        pairs = [(g, v) for g, v in grads_and_vars]
        return self.apply([g for g, _ in pairs], [v for _, v in pairs])

    def apply(self, grads, trainable_variables=None):
        if trainable_variables is None:
            trainable_variables = self._built_for
        pairs = [(g, v) for g, v in zip(grads, trainable_variables) if g is not None]
        with no_record():
            new = [v for _, v in pairs if not any(v is b for b in self._built_for)]
            if new:
                self.build(new)
            grads = self._clip([nat(g, dtype_name(nat(v))) for g, v in pairs])
            lr32 = nat(self.learning_rate)
            if self.weight_decay is not None:
                for _, v in pairs:
                    a = nat(v)
                    decay = ivy.multiply(ivy.multiply(a, _c(a, self.weight_decay)),
                                         ivy.astype(lr32, dtype_name(a)))
                    assign(v, ivy.subtract(a, decay))
            for g, (_, v) in zip(grads, pairs):
                self.update_step(g, v, ivy.astype(lr32, dtype_name(g)))
            assign(self._iterations, ivy.add(nat(self._iterations),
                                             ivy.asarray(1, dtype="int64")))
        return self._iterations

    def update_step(self, gradient, variable, learning_rate):
        raise NotImplementedError

    def get_config(self):
        """The constructor's arguments with the learning rate now (a schedule's config)."""
        from ._saving import init_config, to_json
        config = {"name": self.name, **init_config(self)}
        config["learning_rate"] = to_json(self._schedule) if self._schedule is not None else \
            float(self._learning_rate.numpy())
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        from ._saving import config_arguments
        return cls(**config_arguments(config, custom_objects))


class SGD(Optimizer):
    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, weight_decay=None,
                 clipnorm=None, clipvalue=None, global_clipnorm=None, use_ema=False,
                 ema_momentum=0.99, ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        super().__init__(learning_rate, weight_decay, clipnorm, clipvalue, global_clipnorm,
                         use_ema, ema_momentum, ema_overwrite_frequency, loss_scale_factor,
                         gradient_accumulation_steps, name, **kwargs)
        if not isinstance(momentum, float) or momentum < 0 or momentum > 1:
            if not (isinstance(momentum, int) and 0 <= momentum <= 1):
                raise ValueError("`momentum` must be a float between [0, 1].")
        self.momentum, self.nesterov = momentum, nesterov

    def build(self, var_list):
        super().build(var_list)
        if self.momentum:
            for v in var_list:
                self._slot("momentum", v)

    def update_step(self, gradient, variable, learning_rate):
        a = nat(variable)
        if not self.momentum:
            assign(variable, ivy.subtract(a, ivy.multiply(gradient, learning_rate)))
            return
        mv = self._slot("momentum", variable)
        step = ivy.multiply(ivy.negative(gradient), learning_rate)
        m = ivy.add(step, ivy.multiply(nat(mv), _c(a, self.momentum)))
        assign(mv, m)
        if self.nesterov:
            assign(variable, ivy.add(a, ivy.add(step, ivy.multiply(m, _c(a, self.momentum)))))
        else:
            assign(variable, ivy.add(a, m))


class Adam(Optimizer):
    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-07,
                 amsgrad=False, weight_decay=None, clipnorm=None, clipvalue=None,
                 global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        super().__init__(learning_rate, weight_decay, clipnorm, clipvalue, global_clipnorm,
                         use_ema, ema_momentum, ema_overwrite_frequency, loss_scale_factor,
                         gradient_accumulation_steps, name, **kwargs)
        self.beta_1, self.beta_2, self.epsilon, self.amsgrad = beta_1, beta_2, epsilon, amsgrad

    def build(self, var_list):
        super().build(var_list)
        for v in var_list:
            self._slot("momentum", v)
            self._slot("velocity", v)
            if self.amsgrad:
                self._slot("velocity_hat", v)

    def update_step(self, gradient, variable, learning_rate):
        a = nat(variable)
        step = ivy.astype(ivy.add(nat(self._iterations), ivy.asarray(1, dtype="int64")),
                          dtype_name(a))
        b1p = ivy.pow(_c(a, self.beta_1), step)
        b2p = ivy.pow(_c(a, self.beta_2), step)
        mv, vv = self._slot("momentum", variable), self._slot("velocity", variable)
        alpha = ivy.divide(ivy.multiply(learning_rate, ivy.sqrt(ivy.subtract(_c(a, 1), b2p))),
                           ivy.subtract(_c(a, 1), b1p))
        m, v = nat(mv), nat(vv)
        m = ivy.add(m, ivy.multiply(ivy.subtract(gradient, m), _c(a, 1 - self.beta_1)))
        v = ivy.add(v, ivy.multiply(ivy.subtract(ivy.square(gradient), v),
                                    _c(a, 1 - self.beta_2)))
        assign(mv, m)
        assign(vv, v)
        if self.amsgrad:
            vh = self._slot("velocity_hat", variable)
            v = ivy.maximum(nat(vh), v)
            assign(vh, v)
        update = ivy.divide(ivy.multiply(m, alpha), ivy.add(ivy.sqrt(v), _c(a, self.epsilon)))
        assign(variable, ivy.subtract(a, update))


class AdamW(Adam):
    def __init__(self, learning_rate=0.001, weight_decay=0.004, beta_1=0.9, beta_2=0.999,
                 epsilon=1e-07, amsgrad=False, clipnorm=None, clipvalue=None,
                 global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        super().__init__(learning_rate, beta_1, beta_2, epsilon, amsgrad, weight_decay, clipnorm,
                         clipvalue, global_clipnorm, use_ema, ema_momentum,
                         ema_overwrite_frequency, loss_scale_factor,
                         gradient_accumulation_steps, name, **kwargs)
        if self.weight_decay is None:
            raise ValueError("Argument `weight_decay` must be a float. Received: "
                             "weight_decay=None")


class RMSprop(Optimizer):
    def __init__(self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-07,
                 centered=False, weight_decay=None, clipnorm=None, clipvalue=None,
                 global_clipnorm=None, use_ema=False, ema_momentum=0.99,
                 ema_overwrite_frequency=None, loss_scale_factor=None,
                 gradient_accumulation_steps=None, name=None, **kwargs):
        super().__init__(learning_rate, weight_decay, clipnorm, clipvalue, global_clipnorm,
                         use_ema, ema_momentum, ema_overwrite_frequency, loss_scale_factor,
                         gradient_accumulation_steps, name, **kwargs)
        self.rho, self.momentum, self.epsilon, self.centered = rho, momentum, epsilon, centered

    def build(self, var_list):
        super().build(var_list)
        for v in var_list:
            self._slot("velocity", v)
            if self.momentum > 0:
                self._slot("momentum", v)
            if self.centered:
                self._slot("average_gradient", v)

    def update_step(self, gradient, variable, learning_rate):
        a = nat(variable)
        rho = self.rho
        vv = self._slot("velocity", variable)
        v = ivy.add(ivy.multiply(_c(a, rho), nat(vv)),
                    ivy.multiply(_c(a, 1 - rho), ivy.square(gradient)))
        assign(vv, v)
        if self.centered:
            gv = self._slot("average_gradient", variable)
            avg = ivy.add(ivy.multiply(_c(a, rho), nat(gv)),
                          ivy.multiply(_c(a, 1 - rho), gradient))
            assign(gv, avg)
            denominator = ivy.add(ivy.subtract(v, ivy.square(avg)), _c(a, self.epsilon))
        else:
            denominator = ivy.add(v, _c(a, self.epsilon))
        increment = ivy.divide(ivy.multiply(learning_rate, gradient), ivy.sqrt(denominator))
        if self.momentum > 0:
            mv = self._slot("momentum", variable)
            m = ivy.add(ivy.multiply(_c(a, self.momentum), nat(mv)), increment)
            assign(mv, m)
            assign(variable, ivy.subtract(a, m))
        else:
            assign(variable, ivy.subtract(a, increment))


class Adagrad(Optimizer):
    def __init__(self, learning_rate=0.001, initial_accumulator_value=0.1, epsilon=1e-07,
                 weight_decay=None, clipnorm=None, clipvalue=None, global_clipnorm=None,
                 use_ema=False, ema_momentum=0.99, ema_overwrite_frequency=None,
                 loss_scale_factor=None, gradient_accumulation_steps=None, name=None,
                 **kwargs):
        super().__init__(learning_rate, weight_decay, clipnorm, clipvalue, global_clipnorm,
                         use_ema, ema_momentum, ema_overwrite_frequency, loss_scale_factor,
                         gradient_accumulation_steps, name, **kwargs)
        self.initial_accumulator_value, self.epsilon = initial_accumulator_value, epsilon

    def build(self, var_list):
        super().build(var_list)
        for v in var_list:
            self._slot("accumulator", v, self.initial_accumulator_value)

    def update_step(self, gradient, variable, learning_rate):
        a = nat(variable)
        av = self._slot("accumulator", variable, self.initial_accumulator_value)
        acc = ivy.add(nat(av), ivy.square(gradient))
        assign(av, acc)
        assign(variable, ivy.subtract(a, ivy.divide(ivy.multiply(learning_rate, gradient),
                                                    ivy.sqrt(ivy.add(acc,
                                                                     _c(a, self.epsilon))))))


_BY_NAME = {"sgd": SGD, "adam": Adam, "adamw": AdamW, "rmsprop": RMSprop, "adagrad": Adagrad}


def get(identifier):
    if isinstance(identifier, Optimizer):
        return identifier
    if isinstance(identifier, str):
        try:
            return _BY_NAME[identifier.lower()]()
        except KeyError:
            raise ValueError(f"Could not interpret optimizer identifier: {identifier}") from None
    if isinstance(identifier, dict):
        return _BY_NAME[identifier["class_name"].lower()].from_config(
            identifier.get("config", {}))
    raise ValueError(f"Could not interpret optimizer identifier: {identifier}")
