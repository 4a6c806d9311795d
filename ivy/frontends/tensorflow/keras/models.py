"""``tf.keras.Model`` (functional from ``keras.Input`` placeholders: the layer graph recorded
when the layers were called on them and replayed on every call; or subclassed, with ``call``),
``tf.keras.Sequential``, the training loop as Keras 3 runs it (``compile``/``fit``/``evaluate``/
``predict``/``train_on_batch`` over ``tf.GradientTape``: a batch-size-weighted loss tracker,
unweighted compiled metrics, callbacks) and ``save``/``load_model`` in the ``.keras`` format."""
from __future__ import annotations

import math

import numpy as np

from . import metrics as _metrics
from ._util import flatten, map_structure, no_record, unique_name
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
        order, seen, first_seen = [], set(), {}

        def visit(kt):
            node = kt._node
            if node is None:
                raise ValueError(f"Output {kt} is not connected to the model's inputs.")
            if id(node) in seen:
                return
            seen.add(id(node))
            first_seen.setdefault(id(node.layer), len(first_seen))
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
                first_seen[id(kt._node.layer)] = -1
        # Keras's layer order (map_graph): by depth from the outputs, deepest first, a
        # shared layer at its deepest node; ties by first sight in the depth-first walk
        node_depth, layer_depth, by_id = {}, {}, {}
        for node in reversed(order):
            depth = max(node_depth.setdefault(id(node), 0), layer_depth.get(id(node.layer), 0))
            layer_depth[id(node.layer)] = node_depth[id(node)] = depth
            by_id[id(node.layer)] = node.layer
            for parent in node.parents():
                pid = id(parent._node)
                node_depth[pid] = max(depth + 1, node_depth.get(pid, 0))
        layers = [by_id[i] for i in sorted(layer_depth,
                                           key=lambda i: (-layer_depth[i], first_seen[i]))]
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
        from . import optimizers as _optimizers
        if loss_weights is not None or weighted_metrics is not None:
            raise NotImplementedError("keras: compile's loss_weights/weighted_metrics are not "
                                      "supported by ivy's tensorflow frontend")
        if isinstance(loss, (list, tuple, dict)) or isinstance(metrics, dict):
            raise NotImplementedError("keras: compile with one loss/metrics list per output is "
                                      "not supported by ivy's tensorflow frontend")
        self.optimizer = _optimizers.get(optimizer)
        self.loss = loss
        self._compile_config = {"loss": loss, "metrics": None if metrics is None else
                                list(metrics)}
        self._metric_ids = [] if metrics is None else \
            list(metrics) if isinstance(metrics, (list, tuple)) else [metrics]
        self._compile_loss = self._compile_metrics = None
        self._resolved = False
        self._loss_tracker = _metrics.Mean(name="loss")
        self.compiled = True

    def _resolve(self, y, y_pred):
        """Keras's CompileLoss/CompileMetrics, made on the first batch: 'accuracy' and
        'crossentropy' pick their binary/sparse/categorical kind from the shapes."""
        from . import losses as _losses
        t, p = flatten(y)[0], flatten(y_pred)[0]
        t_shape, p_shape = tuple(np.shape(t)), tuple(p.shape)
        binary = p_shape[-1:] == (1,)
        sparse = len(t_shape) < len(p_shape) or (t_shape[-1:] == (1,) and p_shape[-1] > 1)
        loss = self.loss
        if isinstance(loss, str) and loss.lower() in ("crossentropy", "ce"):
            loss = _losses.binary_crossentropy if binary else \
                _losses.sparse_categorical_crossentropy if sparse else \
                _losses.categorical_crossentropy
        if loss is not None:
            loss = _losses.get(loss)
            if not isinstance(loss, _losses.Loss):
                loss = _losses.LossFunctionWrapper(loss, name=getattr(loss, "__name__", None))
        self._compile_loss = loss
        out = []
        for ident in self._metric_ids:
            if isinstance(ident, str) and ident.lower() in ("accuracy", "acc"):
                cls = _metrics.BinaryAccuracy if binary else \
                    _metrics.SparseCategoricalAccuracy if sparse else _metrics.CategoricalAccuracy
                m = cls(name=ident)
            else:
                m = _metrics.get(ident)
                if not isinstance(m, _metrics.Metric):
                    m = _metrics.MeanMetricWrapper(m, name=ident if isinstance(ident, str)
                                                   else getattr(m, "__name__", None))
                elif isinstance(ident, str):
                    m.name = ident
            out.append(m)
        self._compile_metrics = CompileMetrics(out) if out else None
        self._resolved = True

    @property
    def metrics(self):
        if not self.compiled:
            return []
        return [self._loss_tracker] + ([] if self._compile_metrics is None else
                                       [self._compile_metrics])

    @property
    def metrics_names(self):
        return [m.name for m in self.metrics]

    def reset_metrics(self):
        for m in self.metrics:
            m.reset_state()

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        if not self.compiled:
            raise ValueError("You must call `compile()` before using the model.")
        if not self._resolved:
            self._resolve(y, y_pred)
        if self._compile_loss is None:
            raise ValueError("No loss to compute. Provide a `loss` argument in `compile()`.")
        return self._compile_loss(y, y_pred, sample_weight=sample_weight)

    def _track(self, x, y, y_pred, loss, sample_weight):
        """The loss tracker (weighted by the batch size, as Keras) and the compiled metrics."""
        with no_record():
            n = np.float32(flatten(x)[0].shape[0])
            self._loss_tracker.update_state(loss, sample_weight=n)
            if self._compile_metrics is not None:    # compile's metrics are unweighted
                self._compile_metrics.update_state(y, y_pred)
        return self.get_metrics_result()

    def get_metrics_result(self):
        """The metrics' results as tensors, a dict result spread out (Keras's logs); read
        back to Python floats only where they are handed out, not per batch."""
        logs = {}
        for m in self.metrics:
            r = m.result()
            logs.update(r if isinstance(r, dict) else {m.name: r})
        return logs

    def train_step(self, data):
        from .. import GradientTape
        x, y, sample_weight = _unpack(data)
        with GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x, y, y_pred, sample_weight)
        variables = self.trainable_variables
        grads = tape.gradient(loss, variables)
        self.optimizer.apply_gradients(zip(grads, variables))
        return self._track(x, y, y_pred, loss, sample_weight)

    def test_step(self, data):
        x, y, sample_weight = _unpack(data)
        y_pred = self(x, training=False)
        loss = self.compute_loss(x, y, y_pred, sample_weight, training=False)
        return self._track(x, y, y_pred, loss, sample_weight)

    def _require_compiled(self):
        if not self.compiled:
            raise ValueError("You must call `compile()` before using the model.")

    def _result(self, logs, return_dict):
        logs = _floats(logs)
        if return_dict:                      # Keras returns its logs in name order
            return dict(sorted(logs.items()))
        values = list(logs.values())
        return values[0] if len(values) == 1 else values

    def train_on_batch(self, x, y=None, sample_weight=None, class_weight=None,
                       return_dict=False):
        self._require_compiled()
        _no_class_weight(class_weight)
        self.reset_metrics()
        return self._result(self.train_step((x, y, sample_weight)), return_dict)

    def test_on_batch(self, x, y=None, sample_weight=None, return_dict=False):
        self._require_compiled()
        self.reset_metrics()
        return self._result(self.test_step((x, y, sample_weight)), return_dict)

    def fit(self, x=None, y=None, batch_size=None, epochs=1, verbose="auto", callbacks=None,
            validation_split=0.0, validation_data=None, shuffle=True, class_weight=None,
            sample_weight=None, initial_epoch=0, steps_per_epoch=None, validation_steps=None,
            validation_batch_size=None, validation_freq=1):
        self._require_compiled()
        _no_class_weight(class_weight)
        if steps_per_epoch is not None or validation_steps is not None:
            raise NotImplementedError("keras: fit's steps_per_epoch/validation_steps are not "
                                      "supported by ivy's tensorflow frontend")
        if validation_split and validation_data is None:     # Keras: validation_data wins
            if _is_dataset(x):
                raise ValueError("`validation_split` is only supported for Tensors or NumPy "
                                 "arrays.")
            (x, y, sample_weight), validation_data = _split(x, y, sample_weight,
                                                             validation_split)
        from .callbacks import CallbackList
        batches = None if _is_dataset(x) else \
            -(-len(flatten(map_structure(_host, x))[0]) // (batch_size or 32))
        callbacks = CallbackList(callbacks, add_history=True, model=self, verbose=verbose,
                                 epochs=epochs, steps=batches)
        self.stop_training = False
        callbacks.on_train_begin()
        epoch_logs = {}
        for epoch in range(initial_epoch, epochs):
            self.reset_metrics()
            callbacks.on_epoch_begin(epoch)
            logs = {}
            for step, data in enumerate(_batches(x, y, sample_weight, batch_size, shuffle)):
                callbacks.on_train_batch_begin(step)
                logs = self.train_step(data)
                if len(callbacks.callbacks) > 1:        # someone besides History looks
                    callbacks.on_train_batch_end(step, _floats(logs))
                if self.stop_training:
                    break
            epoch_logs = dict(sorted(_floats(logs).items()))
            if validation_data is not None and (epoch + 1) % validation_freq == 0:
                vx, vy, vw = _unpack(validation_data, tuple_only=True)
                val = self.evaluate(vx, vy, sample_weight=vw,
                                    batch_size=validation_batch_size or batch_size,
                                    verbose=0, return_dict=True)
                epoch_logs.update({"val_" + k: v for k, v in val.items()})
            if verbose not in (0, False):
                print(f"Epoch {epoch + 1}/{epochs}\n" +
                      " - ".join(f"{k}: {v:.4f}" for k, v in epoch_logs.items()))
            callbacks.on_epoch_end(epoch, epoch_logs)
            if self.stop_training:
                break
        callbacks.on_train_end(logs=epoch_logs)
        return callbacks.history

    def evaluate(self, x=None, y=None, batch_size=None, verbose="auto", sample_weight=None,
                 steps=None, callbacks=None, return_dict=False):
        self._require_compiled()
        if callbacks or steps is not None:
            raise NotImplementedError("keras: evaluate's callbacks/steps are not supported by "
                                      "ivy's tensorflow frontend")
        self.reset_metrics()
        logs = {}
        for data in _batches(x, y, sample_weight, batch_size, False):
            logs = self.test_step(data)
        return self._result(logs, return_dict)

    def predict(self, x, batch_size=None, verbose="auto", steps=None, callbacks=None):
        if callbacks or steps is not None:
            raise NotImplementedError("keras: predict's callbacks/steps are not supported by "
                                      "ivy's tensorflow frontend")
        outs = [map_structure(lambda t: np.asarray(t.numpy()), self(_unpack(data)[0],
                                                                     training=False))
                for data in _batches(x, None, None, batch_size, False)]
        if isinstance(outs[0], (list, tuple)):
            return [np.concatenate([o[i] for o in outs]) for i in range(len(outs[0]))]
        if isinstance(outs[0], dict):
            return {k: np.concatenate([o[k] for o in outs]) for k in outs[0]}
        return np.concatenate(outs)

    def predict_on_batch(self, x):
        return map_structure(lambda t: np.asarray(t.numpy()), self(x, training=False))

    def get_compile_config(self):
        if not self.compiled:
            return None
        from ._saving import serialize_keras_object, to_json
        return {"optimizer": serialize_keras_object(self.optimizer),
                "loss": to_json(self._compile_config["loss"]),
                "loss_weights": None, "metrics": to_json(self._compile_config["metrics"]),
                "weighted_metrics": None, "run_eagerly": False, "steps_per_execution": 1,
                "jit_compile": False}

    def compile_from_config(self, config, custom_objects=None):
        from ._saving import deserialize_keras_object

        def make(v):
            if isinstance(v, list):
                return [make(x) for x in v]
            return deserialize_keras_object(v, custom_objects) if isinstance(v, dict) else v
        self.compile(optimizer=make(config.get("optimizer", "rmsprop")),
                     loss=make(config.get("loss")), metrics=make(config.get("metrics")))

    # ---- saving ------------------------------------------------------------------------------
    def get_config(self):
        if getattr(self, "_functional", False):
            from ._saving import functional_config
            return functional_config(self)
        return super().get_config()

    def build(self, input_shape=None):
        """A subclassed model builds its layers by calling itself on zeros of that shape (an
        unknown batch size as 1), as Keras calls it on a symbolic input."""
        if self.built or input_shape is None or getattr(self, "_functional", False):
            self.built = True
            return
        self.built = True
        with no_record():
            self(np.zeros(tuple(1 if d is None else d for d in input_shape), "float32"),
                 training=False)
        self.__dict__["_build_shapes"] = tuple(input_shape)

    def _build_from(self, inputs):
        if type(self).build is Model.build:     # the first call builds the layers itself
            self.__dict__["_build_shapes"] = map_structure(
                lambda t: tuple(t.shape) if hasattr(t, "shape") else None, inputs)
            self.built = True
            return
        super()._build_from(inputs)

    def save(self, filepath, overwrite=True, zipped=None, **kwargs):
        from ._saving import save_model
        save_model(self, filepath, overwrite=overwrite, zipped=zipped, **kwargs)

    def save_weights(self, filepath, overwrite=True, max_shard_size=None):
        from ._saving import save_weights
        if max_shard_size is not None:
            raise NotImplementedError("keras: save_weights(max_shard_size=...) is not supported "
                                      "by ivy's tensorflow frontend")
        save_weights(self, filepath, overwrite=overwrite)

    def load_weights(self, filepath, skip_mismatch=False, **kwargs):
        from ._saving import load_weights
        load_weights(self, filepath, skip_mismatch=skip_mismatch, **kwargs)


class CompileMetrics(_metrics.Metric):
    """The compiled metrics as one metric named ``compile_metrics`` whose result is a dict,
    as Keras 3 holds them."""

    def __init__(self, metrics):
        super().__init__(name="compile_metrics")
        self._metrics = metrics

    @property
    def variables(self):
        return [v for m in self._metrics for v in m.variables]

    def update_state(self, y_true, y_pred, sample_weight=None):
        for m in self._metrics:
            m.update_state(y_true, y_pred, sample_weight=sample_weight)

    def result(self):
        return {m.name: m.result() for m in self._metrics}

    def reset_state(self):
        for m in self._metrics:
            m.reset_state()


def _floats(logs):
    return {k: float(np.asarray(v.numpy())) if hasattr(v, "numpy") else v
            for k, v in logs.items()}


def _no_class_weight(class_weight):
    if class_weight is not None:
        raise NotImplementedError("keras: class_weight is not supported by ivy's tensorflow "
                                  "frontend")


def _unpack(data, tuple_only=False):
    """Keras's ``unpack_x_y_sample_weight``: ``x``, ``(x,)``, ``(x, y)`` or ``(x, y, w)``."""
    if isinstance(data, list) and tuple_only:
        data = tuple(data)
    if not isinstance(data, tuple):
        return data, None, None
    if len(data) == 1:
        return data[0], None, None
    if len(data) == 2:
        return data[0], data[1], None
    if len(data) == 3:
        return data
    raise ValueError(f"Data is expected to be in format `x`, `(x,)`, `(x, y)`, or "
                     f"`(x, y, sample_weight)`, found: {data}")


def _is_dataset(x):
    """A batched iterable of elements (``tf.data.Dataset``, a generator), not arrays."""
    return hasattr(x, "element_spec") or (hasattr(x, "__next__") and hasattr(x, "__iter__"))


def _host(v):
    if v is None or isinstance(v, np.ndarray):
        return v
    return np.asarray(v.numpy()) if hasattr(v, "numpy") else np.asarray(v)


def _split(x, y, sample_weight, fraction):
    """``validation_split``: the last ``fraction`` of the samples, before any shuffling."""
    xs = map_structure(_host, x)
    n = len(flatten(xs)[0])
    at = int(math.floor(n * (1.0 - fraction)))
    take = lambda s: map_structure(lambda v: None if v is None else _host(v)[s],  # noqa: E731
                                   (xs, y, sample_weight))
    return take(slice(0, at)), take(slice(at, None))


def _batches(x, y, sample_weight, batch_size, shuffle):
    """The ``data`` a train/test step gets, as Keras passes it: a dataset's own elements, or
    slices of arrays (32 by default; in order, or in a numpy permutation per epoch when
    shuffling) packed as ``x``, ``(x,)``, ``(x, y)`` or ``(x, y, sample_weight)``."""
    if _is_dataset(x):
        if y is not None or sample_weight is not None:
            raise ValueError("`y` argument is not supported when using dataset as input.")
        yield from x
        if int(x.cardinality()) >= 0:
            # Keras's EpochIterator makes the next pass's iterator as a pass of known length
            # ends, and again as the next begins: each pass draws a reshuffling dataset's seeds
            # twice, so the order of pass k is TensorFlow's iteration 2k - 1
            iter(x)
        return
    xs = map_structure(_host, x)
    ys, ws = map_structure(_host, y), _host(sample_weight)
    n = len(flatten(xs)[0])
    idx = np.random.permutation(n) if shuffle else None
    size = batch_size or 32
    for start in range(0, n, size):
        sel = slice(start, start + size) if idx is None else idx[start:start + size]
        yield _pack(*map_structure(lambda v: None if v is None else v[sel], (xs, ys, ws)))


def _pack(x, y, sample_weight):
    """Keras's ``pack_x_y_sample_weight``."""
    if y is None:
        return (x,) if isinstance(x, (list, tuple)) else x
    return (x, y) if sample_weight is None else (x, y, sample_weight)


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

    def get_config(self):
        from ._saving import serialize_keras_object
        layers = ([] if self._input_kt is None else [self._input_kt._node.layer]) + \
            self.layers
        config = {"name": self.name, "trainable": self.trainable, "dtype": self._dtype,
                  "layers": [serialize_keras_object(lay) for lay in layers]}
        shape = self.input_shape or self.__dict__.get("_build_shapes")
        if shape is not None:
            config["build_input_shape"] = list(shape)
        return config

    def get_build_config(self):
        shape = self.input_shape or self.__dict__.get("_build_shapes")
        return None if shape is None else {"input_shape": list(shape)}

    def build_from_config(self, config):
        if config and config.get("input_shape") is not None and self._input_kt is None:
            self.build(tuple(config["input_shape"]))

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


def load_model(filepath, custom_objects=None, compile=True, safe_mode=True):
    """``keras.models.load_model``: a ``.keras`` file (ours or real Keras's)."""
    from ._saving import load_model as _load
    return _load(filepath, custom_objects=custom_objects, compile=compile, safe_mode=safe_mode)


def save_model(model, filepath, overwrite=True, zipped=None, **kwargs):
    model.save(filepath, overwrite=overwrite, zipped=zipped, **kwargs)


def clone_model(model, input_tensors=None, clone_function=None, call_function=None,
                recursive=False, **kwargs):
    raise NotImplementedError("keras.models.clone_model is not supported by ivy's tensorflow "
                              "frontend")

