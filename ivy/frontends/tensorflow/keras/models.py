"""``tf.keras.Model`` (functional from ``keras.Input`` placeholders: the layer graph recorded
when the layers were called on them and replayed on every call; or subclassed, with ``call``),
``tf.keras.Sequential``, and the training loop (``compile``/``fit``/``evaluate``/``predict``/
``train_on_batch``) over ``tf.GradientTape``."""
from __future__ import annotations

import math

import numpy as np

import ivy

from ._util import flatten, map_structure, nat, unique_name
from .layers import Input, InputLayer, KerasTensor, Layer


class Model(Layer):
    """``keras.Model``: ``Model(inputs, outputs)`` is functional; a subclass defines ``call``."""

    def __init__(self, *args, **kwargs):
        inputs = kwargs.pop("inputs", args[0] if args else None)
        outputs = kwargs.pop("outputs", args[1] if len(args) > 1 else None)
        kwargs.pop("build", None)
        if inputs is None or outputs is None:
            if type(self) is Model:
                raise TypeError("Model.__init__() missing 2 required positional arguments: "
                                "'inputs' and 'outputs'" if inputs is None else
                                "Model.__init__() missing 1 required positional argument: "
                                "'outputs'")
            super().__init__(**kwargs)
            self._functional = False
        else:
            kwargs.setdefault("name", unique_name("functional"))
            super().__init__(**kwargs)
            self._init_graph(inputs, outputs)
        self.compiled = False
        self.optimizer = self.loss = None

    # ---- functional graphs -------------------------------------------------------------------
    def _init_graph(self, inputs, outputs):
        self._functional = True
        self._inputs, self._outputs = inputs, outputs
        order, seen = [], set()

        def visit(kt):
            node = kt._node
            if node is None:
                raise ValueError(f"Output {kt} is not connected to the model's inputs.")
            if id(node) in seen:
                return
            seen.add(id(node))
            for parent in node.parents():
                visit(parent)
            order.append(node)
        for kt in flatten(outputs):
            if type(kt) is not KerasTensor:
                raise ValueError(f"All `outputs` values must be KerasTensors. Received: {kt}")
            visit(kt)
        for kt in flatten(inputs):
            if not isinstance(kt._node.layer, InputLayer):
                raise ValueError("Model inputs must come from `keras.Input`.")
        self._nodes = order
        for kt in flatten(inputs):
            if id(kt._node) not in seen:
                seen.add(id(kt._node))
                order.insert(0, kt._node)
        layers = []
        for node in order:
            if not any(node.layer is lay for lay in layers):
                layers.append(node.layer)
        self._graph_layers = layers
        self.built = True

    @property
    def inputs(self):
        return flatten(self._inputs) if getattr(self, "_functional", False) else None

    @property
    def outputs(self):
        return flatten(self._outputs) if getattr(self, "_functional", False) else None

    @property
    def input(self):
        return self._inputs

    @property
    def output(self):
        return self._outputs

    @property
    def input_shape(self):
        return map_structure(lambda kt: kt.shape, self._inputs)

    @property
    def output_shape(self):
        return map_structure(lambda kt: kt.shape, self._outputs)

    def _run_graph(self, inputs):
        kts = flatten(self._inputs)
        if isinstance(inputs, dict) and not isinstance(self._inputs, dict):
            values = [inputs[kt.name] for kt in kts]
        else:
            values = flatten(inputs)
        if len(values) != len(kts):
            raise ValueError(f"Functional model expected {len(kts)} inputs, received "
                             f"{len(values)}.")
        memo = {id(kt): v for kt, v in zip(kts, values)}

        def fetch(v):
            return memo[id(v)] if type(v) is KerasTensor else v
        for node in self._nodes:
            if isinstance(node.layer, InputLayer):
                continue
            args = map_structure(fetch, list(node.args))
            out = node.layer(*args, **map_structure(fetch, node.kwargs))
            for kt, value in zip(flatten(node.outputs), flatten(out)):
                memo[id(kt)] = value
        return map_structure(fetch, self._outputs)

    def call(self, inputs, training=None, mask=None):
        if getattr(self, "_functional", False):
            return self._run_graph(inputs)
        raise NotImplementedError(f"Model {self.name} does not have a `call()` method "
                                  f"implemented.")

    @property
    def layers(self):
        if getattr(self, "_functional", False):
            return list(self._graph_layers)
        return [lay for lay in self._tracked_layers]

    def get_layer(self, name=None, index=None):
        if index is not None:
            return self.layers[index]
        for layer in self.layers:
            if layer.name == name:
                return layer
        raise ValueError(f"No such layer: {name}. Existing layers are: "
                         f"{[lay.name for lay in self.layers]}.")

    def summary(self, line_length=None, positions=None, print_fn=None, expand_nested=False,
                show_trainable=False, layer_range=None):
        print_fn = print_fn or print
        lines = [f'Model: "{self.name}"', f"{'Layer (type)':<40}{'Param #':>12}"]
        for layer in self.layers:
            lines.append(f"{layer.name + ' (' + type(layer).__name__ + ')':<40}"
                         f"{layer.count_params():>12,}")
        trainable = int(sum(math.prod(tuple(w.shape)) for w in self.trainable_weights))
        lines += [f" Total params: {self.count_params():,}",
                  f" Trainable params: {trainable:,}",
                  f" Non-trainable params: {self.count_params() - trainable:,}"]
        for line in lines:
            print_fn(line)

    # ---- training --------------------------------------------------------------------------
    def compile(self, optimizer="rmsprop", loss=None, loss_weights=None, metrics=None,
                weighted_metrics=None, run_eagerly=False, steps_per_execution=1, jit_compile="auto",
                auto_scale_loss=True):
        from . import losses as _losses
        from . import optimizers as _optimizers
        if loss_weights is not None or weighted_metrics is not None:
            raise NotImplementedError("keras: compile's loss_weights/weighted_metrics are not "
                                      "supported by ivy's tensorflow frontend")
        self.optimizer = _optimizers.get(optimizer)
        self.loss = loss
        self._loss_fn = _losses.get(loss) if loss is not None else None
        self._metrics = list(metrics or [])
        self.compiled = True

    def _compute_loss(self, y, y_pred):
        if self._loss_fn is None:
            raise ValueError("No loss to compute. Provide a `loss` argument in `compile()`.")
        loss = self._loss_fn(y, y_pred)
        if not hasattr(loss, "shape") or len(loss.shape):
            from .. import reduce_mean
            loss = reduce_mean(loss)
        return loss

    def _metric_values(self, y, y_pred):
        from . import losses as _losses
        out = {}
        for m in self._metrics:
            if m in ("accuracy", "acc"):
                t, p = nat(y), nat(y_pred)
                if len(t.shape) == len(p.shape) and t.shape[-1] == p.shape[-1] and \
                        p.shape[-1] > 1:
                    hit = ivy.equal(ivy.argmax(t, axis=-1), ivy.argmax(p, axis=-1))
                elif p.shape[-1] > 1:
                    hit = ivy.equal(ivy.astype(ivy.reshape(t, tuple(p.shape[:-1])), "int64"),
                                    ivy.astype(ivy.argmax(p, axis=-1), "int64"))
                else:
                    hit = ivy.equal(ivy.astype(ivy.greater(p, ivy.asarray(0.5, dtype=ivy.dtype(p))),
                                               ivy.dtype(p)), ivy.astype(t, ivy.dtype(p)))
                out["accuracy"] = float(ivy.to_numpy(ivy.mean(ivy.astype(hit, "float32"))))
            else:
                fn = _losses.get(m)
                value = nat(fn(y, y_pred))
                out[m if isinstance(m, str) else getattr(fn, "__name__", "metric")] = \
                    float(ivy.to_numpy(ivy.mean(value)))
        return out

    def train_on_batch(self, x, y=None, sample_weight=None, class_weight=None,
                       return_dict=False):
        from .. import GradientTape
        if sample_weight is not None or class_weight is not None:
            raise NotImplementedError("keras: sample_weight/class_weight are not supported by "
                                      "ivy's tensorflow frontend")
        with GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self._compute_loss(y, y_pred)
        variables = self.trainable_variables
        grads = tape.gradient(loss, variables)
        self.optimizer.apply_gradients(zip(grads, variables))
        logs = {"loss": float(loss.numpy()), **self._metric_values(y, y_pred)}
        return logs if return_dict else (logs["loss"] if len(logs) == 1 else list(logs.values()))

    def _batches(self, x, y, batch_size, shuffle=False):
        xs = [np.asarray(v) if not hasattr(v, "numpy") else v.numpy() for v in flatten(x)]
        n = xs[0].shape[0]
        idx = np.random.permutation(n) if shuffle else np.arange(n)
        ys = None if y is None else np.asarray(y) if not hasattr(y, "numpy") else y.numpy()
        for start in range(0, n, batch_size):
            sel = idx[start:start + batch_size]
            bx = [v[sel] for v in xs]
            yield (bx[0] if len(bx) == 1 else bx), (None if ys is None else ys[sel])

    def fit(self, x=None, y=None, batch_size=None, epochs=1, verbose="auto", callbacks=None,
            validation_split=0.0, validation_data=None, shuffle=True, class_weight=None,
            sample_weight=None, initial_epoch=0, steps_per_epoch=None, validation_steps=None,
            validation_batch_size=None, validation_freq=1):
        if callbacks or validation_split or validation_data is not None or \
                steps_per_epoch is not None:
            raise NotImplementedError("keras: fit's callbacks/validation/steps_per_epoch are not "
                                      "supported by ivy's tensorflow frontend")
        history = History()
        for epoch in range(initial_epoch, epochs):
            logs, count = {}, 0
            for bx, by in self._batches(x, y, batch_size or 32, shuffle):
                step = self.train_on_batch(bx, by, sample_weight, class_weight, return_dict=True)
                count += 1
                for k, v in step.items():
                    logs[k] = logs.get(k, 0.0) + v
            logs = {k: v / max(count, 1) for k, v in logs.items()}
            for k, v in logs.items():
                history.history.setdefault(k, []).append(v)
            history.epoch.append(epoch)
            if verbose not in (0, "auto", False):
                print(f"Epoch {epoch + 1}/{epochs} - " +
                      " - ".join(f"{k}: {v:.4f}" for k, v in logs.items()))
        self.history = history
        return history

    def evaluate(self, x=None, y=None, batch_size=None, verbose="auto", sample_weight=None,
                 steps=None, callbacks=None, return_dict=False):
        totals, n = {}, 0
        for bx, by in self._batches(x, y, batch_size or 32):
            y_pred = self(bx, training=False)
            logs = {"loss": float(self._compute_loss(by, y_pred).numpy()),
                    **self._metric_values(by, y_pred)}
            size = len(by)
            n += size
            for k, v in logs.items():
                totals[k] = totals.get(k, 0.0) + v * size
        logs = {k: v / n for k, v in totals.items()}
        return logs if return_dict else (logs["loss"] if len(logs) == 1 else list(logs.values()))

    def predict(self, x, batch_size=None, verbose="auto", steps=None, callbacks=None):
        outs = [map_structure(lambda t: t.numpy(), self(bx, training=False))
                for bx, _ in self._batches(x, None, batch_size or 32)]
        if isinstance(outs[0], (list, tuple)):
            return [np.concatenate([o[i] for o in outs]) for i in range(len(outs[0]))]
        return np.concatenate(outs)

    def predict_on_batch(self, x):
        return map_structure(lambda t: t.numpy(), self(x, training=False))

    def test_on_batch(self, x, y=None, sample_weight=None, return_dict=False):
        y_pred = self(x, training=False)
        logs = {"loss": float(self._compute_loss(y, y_pred).numpy()),
                **self._metric_values(y, y_pred)}
        return logs if return_dict else (logs["loss"] if len(logs) == 1 else list(logs.values()))


class History:
    """``keras.callbacks.History``: ``history`` maps each log name to its per-epoch values."""

    def __init__(self):
        self.history, self.epoch = {}, []


class Sequential(Model):
    """``keras.Sequential``: layers called in order; built as soon as the input shape is known
    (an ``Input``/``InputLayer`` first, ``input_shape=`` on the first layer, ``build``, or the
    first call)."""

    def __init__(self, layers=None, trainable=True, name=None):
        super().__init__(trainable=trainable, name=name or unique_name("sequential"))
        self._functional = False
        self._input_kt = self._last_kt = None
        for layer in layers or []:
            self.add(layer)

    def add(self, layer, rebuild=True):
        if type(layer) is KerasTensor:
            layer = layer._node.layer
        if isinstance(layer, InputLayer):
            if self._input_kt is not None or self._tracked_layers:
                raise ValueError("Sequential model may only have one InputLayer, first.")
            self._input_kt = self._last_kt = layer.output
            return
        if not isinstance(layer, Layer):
            raise ValueError(f"Only instances of `keras.Layer` can be added to a Sequential "
                             f"model. Received: {layer} (of type {type(layer)})")
        if not self._tracked_layers and self._input_kt is None and \
                layer._input_shape_arg is not None:
            self._input_kt = self._last_kt = Input(batch_shape=layer._input_shape_arg)
        self._tracked_layers.append(layer)
        if self._last_kt is not None:
            self._last_kt = layer(self._last_kt)
            self.built = True

    def pop(self, rebuild=True):
        layer = self._tracked_layers.pop()
        if self._input_kt is not None:
            self._last_kt = self._input_kt
            for lay in self._tracked_layers:
                self._last_kt = lay(self._last_kt)
        return layer

    def build(self, input_shape=None):
        if input_shape is not None and self._input_kt is None:
            self._input_kt = self._last_kt = Input(batch_shape=tuple(input_shape))
            for layer in self._tracked_layers:
                self._last_kt = layer(self._last_kt)
        self.built = True

    def call(self, inputs, training=None, mask=None):
        for layer in self._tracked_layers:
            inputs = layer(inputs)
        return inputs

    @property
    def layers(self):
        return list(self._tracked_layers)

    @property
    def inputs(self):
        return None if self._input_kt is None else [self._input_kt]

    @property
    def outputs(self):
        return None if self._last_kt is None else [self._last_kt]

    @property
    def input(self):
        return self._input_kt

    @property
    def output(self):
        return self._last_kt

    @property
    def input_shape(self):
        return None if self._input_kt is None else self._input_kt.shape

    @property
    def output_shape(self):
        return None if self._last_kt is None else self._last_kt.shape


def clone_model(model, input_tensors=None, clone_function=None, call_function=None,
                recursive=False, **kwargs):
    raise NotImplementedError("keras.models.clone_model is not supported by ivy's tensorflow "
                              "frontend")

