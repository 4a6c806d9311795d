"""``tf.keras.callbacks`` (Keras 3): the ``Callback`` hooks ``fit``/``evaluate``/``predict``
call, ``History``, ``LambdaCallback``, ``EarlyStopping``, ``LearningRateScheduler``,
``ModelCheckpoint`` (per epoch) and ``TerminateOnNaN``, with Keras's rules (a monitored metric's
direction from its ``_direction``, ``min_delta``, ``patience``, ``baseline``,
``restore_best_weights``, ``start_from_epoch``)."""
from __future__ import annotations

import math
import operator
import warnings

_HOOKS = ("on_train_begin", "on_train_end", "on_epoch_begin", "on_epoch_end",
          "on_train_batch_begin", "on_train_batch_end", "on_test_begin", "on_test_end",
          "on_test_batch_begin", "on_test_batch_end", "on_predict_begin", "on_predict_end",
          "on_predict_batch_begin", "on_predict_batch_end")


class Callback:
    """``keras.callbacks.Callback``: every hook does nothing until overridden."""

    def __init__(self):
        self.params, self._model = None, None

    def set_params(self, params):
        self.params = params

    def set_model(self, model):
        self._model = model

    @property
    def model(self):
        return self._model


def _noop(self, *args, **kwargs):
    pass


for _hook in _HOOKS:
    setattr(Callback, _hook, _noop)
Callback.on_batch_begin = Callback.on_batch_end = _noop
# Keras's train-batch hooks call the older batch hooks
Callback.on_train_batch_begin = lambda self, batch, logs=None: self.on_batch_begin(batch, logs)
Callback.on_train_batch_end = lambda self, batch, logs=None: self.on_batch_end(batch, logs)
del _hook


class History(Callback):
    """``keras.callbacks.History``: ``history`` maps each log name to its per-epoch values."""

    def __init__(self):
        super().__init__()
        self.history, self.epoch = {}, []

    def on_train_begin(self, logs=None):
        self.epoch = []

    def on_epoch_end(self, epoch, logs=None):
        self.epoch.append(epoch)
        for k, v in (logs or {}).items():
            self.history.setdefault(k, []).append(v)
        self.model.history = self


class LambdaCallback(Callback):
    def __init__(self, on_epoch_begin=None, on_epoch_end=None, on_train_begin=None,
                 on_train_end=None, on_train_batch_begin=None, on_train_batch_end=None,
                 **kwargs):
        super().__init__()
        hooks = {"on_epoch_begin": on_epoch_begin, "on_epoch_end": on_epoch_end,
                 "on_train_begin": on_train_begin, "on_train_end": on_train_end,
                 "on_train_batch_begin": on_train_batch_begin,
                 "on_train_batch_end": on_train_batch_end, **kwargs}
        for name, fn in hooks.items():
            if fn is not None:
                setattr(self, name, fn)


class _Monitor(Callback):
    """Keras's MonitorCallback: ``monitor``'s direction from the mode or the metric."""

    def __init__(self, monitor="val_loss", mode="auto", baseline=None, min_delta=0):
        super().__init__()
        if mode not in ("auto", "min", "max"):
            warnings.warn(f"{type(self).__name__} mode '{mode}' is unknown, fallback to auto "
                          f"mode.", stacklevel=2)
            mode = "auto"
        self.monitor, self.mode, self.best = monitor, mode, baseline
        self.min_delta, self.monitor_op = abs(min_delta), None

    def _set_monitor_op(self):
        if self.mode == "min":
            self.monitor_op = operator.lt
        elif self.mode == "max":
            self.monitor_op = operator.gt
        else:
            name = self.monitor.removeprefix("val_")
            if name == "loss":
                self.monitor_op = operator.lt
            compiled = getattr(self.model, "_compile_metrics", None)
            for m in (compiled._metrics if compiled is not None else []):
                if m.name == name and hasattr(m, "_direction"):
                    self.monitor_op = operator.gt if m._direction == "up" else operator.lt
            if self.monitor_op is None:
                raise ValueError(f"{type(self).__name__} callback received "
                                 f"monitor={self.monitor}, but Keras isn't able to "
                                 f"automatically determine whether that metric should be "
                                 f"maximized or minimized. Pass `mode='max'` in order to "
                                 f"monitor based on the highest metric value, or pass "
                                 f"`mode='min'` in order to use the lowest value.")
        if self.monitor_op is operator.lt:
            self.min_delta *= -1

    def _is_improvement(self, value, reference):
        return reference is None or self.monitor_op(value - self.min_delta, reference)


class EarlyStopping(_Monitor):
    def __init__(self, monitor="val_loss", min_delta=0, patience=0, verbose=0, mode="auto",
                 baseline=None, restore_best_weights=False, start_from_epoch=0):
        super().__init__(monitor, mode, min_delta=min_delta)
        self.patience, self.verbose, self.baseline = patience, verbose, baseline
        self.wait = self.stopped_epoch = 0
        self.restore_best_weights, self.best_weights = restore_best_weights, None
        self.start_from_epoch = start_from_epoch

    def on_train_begin(self, logs=None):
        self.wait = self.stopped_epoch = self.best_epoch = 0
        self.best = self.best_weights = None

    def on_epoch_end(self, epoch, logs=None):
        if self.monitor_op is None:
            self._set_monitor_op()
        current = (logs or {}).get(self.monitor)
        if current is None:
            warnings.warn(f"Early stopping conditioned on metric `{self.monitor}` which is not "
                          f"available. Available metrics are: {','.join(logs or {})}",
                          stacklevel=2)
        if current is None or epoch < self.start_from_epoch:
            return
        if self.restore_best_weights and self.best_weights is None:
            self.best_weights, self.best_epoch = self.model.get_weights(), epoch
        self.wait += 1
        if self._is_improvement(current, self.best):
            self.best, self.best_epoch = current, epoch
            if self.restore_best_weights:
                self.best_weights = self.model.get_weights()
            if self.baseline is None or self._is_improvement(current, self.baseline):
                self.wait = 0
            return
        if self.wait >= self.patience and epoch > 0:
            self.stopped_epoch = epoch
            self.model.stop_training = True

    def on_train_end(self, logs=None):
        if self.stopped_epoch > 0 and self.verbose > 0:
            print(f"Epoch {self.stopped_epoch + 1}: early stopping")
        if self.restore_best_weights and self.best_weights is not None:
            if self.verbose > 0:
                print(f"Restoring model weights from the end of the best epoch: "
                      f"{self.best_epoch + 1}.")
            self.model.set_weights(self.best_weights)


class LearningRateScheduler(Callback):
    """Sets the optimizer's learning rate to ``schedule(epoch, lr)`` before each epoch and
    logs it as ``learning_rate``."""

    def __init__(self, schedule, verbose=0):
        super().__init__()
        self.schedule, self.verbose = schedule, verbose

    def on_epoch_begin(self, epoch, logs=None):
        lr = float(self.model.optimizer.learning_rate.numpy())
        try:
            lr = self.schedule(epoch, lr)
        except TypeError:                   # a schedule of the epoch alone
            lr = self.schedule(epoch)
        if not isinstance(lr, (float, int)) and not hasattr(lr, "numpy"):
            raise ValueError(f"The output of the `schedule` function should be a float. Got: "
                             f"{lr}")
        self.model.optimizer.learning_rate = float(lr.numpy() if hasattr(lr, "numpy") else lr)
        if self.verbose > 0:
            print(f"\nEpoch {epoch + 1}: LearningRateScheduler setting learning rate to "
                  f"{float(lr)}.")

    def on_epoch_end(self, epoch, logs=None):
        if logs is not None:
            logs["learning_rate"] = float(self.model.optimizer.learning_rate.numpy())


class TerminateOnNaN(Callback):
    def on_batch_end(self, batch, logs=None):
        loss = (logs or {}).get("loss")
        if loss is not None and (math.isnan(loss) or math.isinf(loss)):
            print(f"Batch {batch}: Invalid loss, terminating training")
            self.model.stop_training = True


class ModelCheckpoint(_Monitor):
    """Saves the model (``.keras``) or its weights (``.weights.h5``) after each epoch, or only
    when ``monitor`` improved (``save_best_only``); ``filepath`` is formatted with ``epoch``
    (from 1) and the epoch's logs."""

    def __init__(self, filepath, monitor="val_loss", verbose=0, save_best_only=False,
                 save_weights_only=False, mode="auto", save_freq="epoch",
                 initial_value_threshold=None):
        super().__init__(monitor, mode, initial_value_threshold)
        if save_freq != "epoch":
            raise NotImplementedError("keras.callbacks.ModelCheckpoint(save_freq=<batches>) is "
                                      "not supported by ivy's tensorflow frontend")
        filepath = str(filepath)
        if save_weights_only and not filepath.endswith(".weights.h5"):
            raise ValueError(f"When using `save_weights_only=True` in `ModelCheckpoint`, the "
                             f"filepath provided must end in `.weights.h5` (Keras weights "
                             f"format). Received: filepath={filepath}")
        if not save_weights_only and not filepath.endswith(".keras"):
            raise ValueError(f"The filepath provided must end in `.keras` (Keras model "
                             f"format). Received: filepath={filepath}")
        self.filepath, self.verbose = filepath, verbose
        self.save_best_only, self.save_weights_only = save_best_only, save_weights_only
        self.save_freq = save_freq

    def on_epoch_end(self, epoch, logs=None):
        logs = logs or {}
        if self.save_best_only:
            if self.monitor_op is None:
                self._set_monitor_op()
            current = logs.get(self.monitor)
            if current is None:
                warnings.warn(f"Can save best model only with {self.monitor} available.",
                              stacklevel=2)
                return
            if not self._is_improvement(current, self.best):
                return
            self.best = current
        path = self.filepath.format(epoch=epoch + 1, **logs)
        if self.save_weights_only:
            self.model.save_weights(path, overwrite=True)
        else:
            self.model.save(path, overwrite=True)


class CallbackList(Callback):
    """The callbacks of one ``fit``/``evaluate``/``predict`` call, a ``History`` among them."""

    def __init__(self, callbacks=None, add_history=False, model=None, **params):
        super().__init__()
        self.callbacks = list(callbacks or [])
        if add_history and not any(isinstance(c, History) for c in self.callbacks):
            self.callbacks.append(History())
        if model is not None:
            for c in self.callbacks:
                c.set_model(model)
        for c in self.callbacks:
            c.set_params(params)
        self.params = params

    @property
    def history(self):
        return next(c for c in self.callbacks if isinstance(c, History))


def _dispatch(name):
    def hook(self, *args, **kwargs):
        for c in self.callbacks:
            getattr(c, name)(*args, **kwargs)
    hook.__name__ = name
    return hook


for _hook in _HOOKS:
    setattr(CallbackList, _hook, _dispatch(_hook))
del _hook
