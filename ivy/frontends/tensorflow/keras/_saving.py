"""``keras.saving``: the ``.keras`` format as Keras 3 writes it -- a zip of ``metadata.json``,
``config.json`` (the model's config: layers by class name and constructor arguments, the
functional graph's nodes, the build shapes and the compile arguments) and
``model.weights.h5`` (each layer's own variables under its path: ``layers/dense/vars/0``, a
subclassed model's attributes by name) -- and ``.weights.h5`` files for ``save_weights``.
Files written here load in real Keras and the other way round, for the layers whose
arguments and variables follow Keras's. The weights need ``h5py``; the optimizer's state is
not saved (a loaded model's optimizer starts afresh)."""
from __future__ import annotations

import datetime
import inspect
import io
import json
import os
import zipfile

import numpy as np

from ._util import assign, nat, snake_case

KERAS_VERSION = "3.15.1"
_REGISTERED: dict = {}          # "package>name" -> class
_REGISTERED_NAMES: dict = {}    # class -> "package>name"


def register_keras_serializable(package="Custom", name=None):
    """``keras.saving.register_keras_serializable``: ``load_model`` finds the class by name."""
    def decorator(obj):
        key = f"{package}>{name or obj.__name__}"
        if hasattr(obj, "get_config") is False:
            raise ValueError("Cannot register a class that does not have a get_config() method.")
        _REGISTERED[key], _REGISTERED_NAMES[obj] = obj, key
        return obj
    return decorator


def get_registered_name(obj):
    return _REGISTERED_NAMES.get(obj, obj.__name__)


def get_registered_object(name, custom_objects=None, module_objects=None):
    for table in (custom_objects or {}, _REGISTERED, module_objects or {}):
        if name in table:
            return table[name]
    return None


# ---- configs ----------------------------------------------------------------------------------

def _arguments(obj):
    """The constructor's arguments of ``obj`` (captured when it was made), defaults filled in."""
    args, kwargs = obj.__dict__.get("_init_args", ((), {}))
    sig = inspect.signature(type(obj).__init__)
    bound = sig.bind_partial(None, *args, **kwargs)
    bound.apply_defaults()
    out = {}
    for name, value in list(bound.arguments.items())[1:]:
        kind = sig.parameters[name].kind
        if kind is inspect.Parameter.VAR_KEYWORD:
            out.update(value)
        elif kind is not inspect.Parameter.VAR_POSITIONAL:
            out[name] = value
    return out


def init_config(obj):
    """Keras's automatic config: the constructor's arguments, JSON-ready."""
    out = {}
    for name, value in _arguments(obj).items():
        if name in ("name", "trainable", "dtype"):
            continue
        try:
            out[name] = to_json(value)
        except TypeError:
            raise NotImplementedError(
                f"keras: {type(obj).__name__}'s argument {name}={value!r} cannot be saved; "
                f"override get_config() (ivy's tensorflow frontend)") from None
    return out


def to_json(value):
    from . import activations, initializers, layers, losses, metrics, optimizers
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, dict):
        return {k: to_json(v) for k, v in value.items()}
    if isinstance(value, (layers.Layer, initializers.Initializer, optimizers.Optimizer)) or \
            hasattr(value, "get_config"):
        return serialize_keras_object(value)
    name = getattr(value, "__name__", None)
    if callable(value) and (activations._ALL.get(name) is value or
                            losses._FUNCTIONS.get(name) is value or
                            getattr(metrics, name or "_", None) is value):
        return name
    raise TypeError(f"cannot serialize {value!r}")


def serialize_keras_object(obj):
    """``{"module", "class_name", "config", "registered_name"}`` as Keras writes it (plus the
    build and compile configs of a layer or model)."""
    from . import initializers, layers, losses, metrics, models, optimizers, schedules
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    cls = type(obj)
    module = {layers: "keras.layers", initializers: "keras.initializers",
              losses: "keras.losses", metrics: "keras.metrics", optimizers: "keras.optimizers",
              schedules: "keras.optimizers.schedules"}
    own = {m.__name__: name for m, name in module.items()}
    if cls in (models.Sequential,):
        mod, registered = "keras", None
    elif isinstance(obj, models.Model) and getattr(obj, "_functional", False) and \
            cls is models.Model:
        mod, registered = "keras.src.models.functional", "Functional"
    elif cls.__module__ in own:
        mod, registered = own[cls.__module__], None
    else:                             # a user's class, found again by custom_objects/registry
        mod, registered = None, get_registered_name(cls)
    if callable(obj) and not hasattr(obj, "get_config"):
        return to_json(obj)
    out = {"module": mod, "class_name": "Functional" if registered == "Functional"
           else cls.__name__, "config": obj.get_config(), "registered_name": registered}
    if isinstance(obj, layers.Layer):
        build = obj.get_build_config()
        if build is not None:
            out["build_config"] = to_json(build)
        if isinstance(obj, models.Model) and obj.compiled:
            out["compile_config"] = to_json(obj.get_compile_config())
    return out


def _shape(value):
    if isinstance(value, list) and all(v is None or isinstance(v, int) for v in value):
        return tuple(value)
    if isinstance(value, list):
        return [_shape(v) for v in value]
    return value


def config_arguments(config, custom_objects=None):
    """A saved config's values as constructor arguments: nested objects made again, Keras's
    ``DTypePolicy`` as its name."""
    out = {}
    for k, v in config.items():
        if isinstance(v, dict) and v.get("class_name") == "DTypePolicy":
            v = v["config"]["name"]
        elif isinstance(v, dict) and "class_name" in v:
            v = deserialize_keras_object(v, custom_objects)
        out[k] = v
    return out


def _builtin(class_name):
    from . import initializers, layers, losses, metrics, models, optimizers, schedules
    for mod in (layers, models, initializers, losses, metrics, optimizers, schedules):
        obj = getattr(mod, class_name, None)
        if isinstance(obj, type):
            return obj
    return None


def deserialize_keras_object(config, custom_objects=None, safe_mode=True, **kwargs):
    from . import layers, models
    if not isinstance(config, dict):
        return config
    name, registered = config["class_name"], config.get("registered_name")
    if name == "__lambda__" or name == "Lambda":
        raise NotImplementedError("keras: loading a Lambda layer's Python code is not supported "
                                  "by ivy's tensorflow frontend")
    cls = get_registered_object(name, custom_objects) or \
        (registered and get_registered_object(registered, custom_objects))
    if cls is None and name == "Functional":
        return _functional_from_config(config, custom_objects)
    if cls is None and (config.get("module") or "").startswith("keras"):
        cls = _builtin(name)
    if cls is None:
        raise TypeError(f"Could not locate class '{name}'. Make sure custom classes and "
                        f"functions are decorated with "
                        f"`@keras.saving.register_keras_serializable()`. If they are already "
                        f"decorated, make sure they are all imported so that the decorator is "
                        f"run before trying to load them. Full object config: {config}")
    inner = config.get("config", {})
    if cls is models.Sequential:
        obj = _sequential_from_config(inner, custom_objects)
    elif isinstance(cls, type) and issubclass(cls, layers.Layer) and \
            cls.from_config.__func__ is layers.Layer.from_config.__func__:
        args = config_arguments(inner, custom_objects)
        params = inspect.signature(cls.__init__).parameters
        if not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params.values()):
            args = {k: v for k, v in args.items() if k in params}
        obj = cls(**args)
    elif hasattr(cls, "from_config"):
        obj = cls.from_config(inner)
    else:
        obj = cls(**config_arguments(inner, custom_objects))
    if isinstance(obj, layers.Layer) and config.get("build_config"):
        obj.build_from_config({"input_shape": _shape(config["build_config"].get(
            "input_shape"))})
    return obj


def _sequential_from_config(config, custom_objects):
    from . import models
    model = models.Sequential(name=config.get("name"), trainable=config.get("trainable", True))
    for layer_config in config.get("layers", []):
        model.add(deserialize_keras_object(layer_config, custom_objects))
    shape = config.get("build_input_shape")
    if shape is not None and not model.built:
        model.build(_shape(shape))
    return model


# ---- functional graphs ------------------------------------------------------------------------

def functional_config(model):
    """Keras 3's functional config: each layer with its inbound nodes, tensors named by
    ``[layer name, node index, tensor index]``."""
    from .layers import KerasTensor
    node_index, history = {}, {}
    for node in model._nodes:
        index = node_index.setdefault(id(node.layer), [])
        index.append(node)
        for i, kt in enumerate(_leaves(node.outputs)):
            history[id(kt)] = [node.layer.name, len(index) - 1, i]

    def tensor(v):
        if type(v) is KerasTensor:
            return {"class_name": "__keras_tensor__",
                    "config": {"shape": list(v.shape), "dtype": v.dtype,
                               "keras_history": history[id(v)]}}
        if isinstance(v, (list, tuple)):
            return [tensor(x) for x in v]
        if isinstance(v, dict):
            return {k: tensor(x) for k, x in v.items()}
        return to_json(v)
    layer_configs = []
    for layer in model._graph_layers:
        entry = serialize_keras_object(layer)
        entry["name"] = layer.name
        entry["inbound_nodes"] = [] if type(layer).__name__ == "InputLayer" else [
            {"args": tensor(list(node.args)), "kwargs": tensor(dict(node.kwargs))}
            for node in node_index.get(id(layer), [])]
        layer_configs.append(entry)

    def ends(structure):
        if isinstance(structure, (list, tuple)):
            return [history[id(kt)] for kt in structure]
        if isinstance(structure, dict):
            raise NotImplementedError("keras: saving a functional model with dict inputs or "
                                      "outputs is not supported by ivy's tensorflow frontend")
        return history[id(structure)]
    return {"name": model.name, "trainable": model.trainable, "layers": layer_configs,
            "input_layers": ends(model._inputs), "output_layers": ends(model._outputs)}


def _leaves(structure):
    if isinstance(structure, (list, tuple)):
        return [v for s in structure for v in _leaves(s)]
    return [structure]


def _functional_from_config(config, custom_objects):
    from . import models
    inner = config["config"]
    made, pending = {}, []              # (layer name, node index) -> output KerasTensors
    for entry in inner["layers"]:
        layer = deserialize_keras_object({k: v for k, v in entry.items()
                                          if k not in ("name", "inbound_nodes",
                                                       "build_config")}, custom_objects)
        if type(layer).__name__ == "InputLayer":
            made[(entry["name"], 0)] = [layer.output]
        for i, node in enumerate(entry["inbound_nodes"]):
            pending.append((layer, entry["name"], i, node))

    def resolve(v):
        if isinstance(v, dict) and v.get("class_name") == "__keras_tensor__":
            name, node, index = v["config"]["keras_history"]
            return made[(name, node)][index]
        if isinstance(v, list):
            return [resolve(x) for x in v]
        if isinstance(v, dict):
            return {k: resolve(x) for k, x in v.items()}
        return v
    while pending:
        left = []
        for layer, name, i, node in pending:
            try:
                args, kwargs = resolve(node["args"]), resolve(node["kwargs"])
            except KeyError:
                left.append((layer, name, i, node))
                continue
            made[(name, i)] = _leaves(layer(*args, **kwargs))
        if len(left) == len(pending):
            raise ValueError("keras: the saved functional graph has unresolvable nodes")
        pending = left

    def ends(spec):
        if spec and isinstance(spec[0], list):
            return [made[(n, node)][i] for n, node, i in spec]
        n, node, i = spec
        return made[(n, node)][i]
    return models.Model(ends(inner["input_layers"]), ends(inner["output_layers"]),
                        name=inner.get("name"), trainable=inner.get("trainable", True))


# ---- weights ----------------------------------------------------------------------------------

_INTERNAL = frozenset({
    "_init_args", "_tracked_layers", "_own_variables", "_build_shapes", "_dtype", "_trainable",
    "_input_shape_arg", "_functional", "_inputs", "_outputs", "_nodes", "_graph_layers",
    "_input_kt", "_last_kt", "optimizer", "loss", "_compile_loss", "_compile_metrics",
    "_loss_tracker", "_metric_ids", "_compile_config", "_resolved", "stop_training", "history",
    "compiled", "name", "built",
    "autocast", "supports_masking", "output"})


def _name_key(name):
    return "~" + name if name.startswith("_") else name


def _children(obj):
    """Keras's ``_walk_saveable``: a Sequential's/functional model's layers first, then the
    public attributes in name order, private ones last."""
    from . import layers, models
    if isinstance(obj, models.Sequential) or getattr(obj, "_functional", False):
        yield "layers", obj.layers
    names = set(obj.__dict__) - _INTERNAL
    if isinstance(obj, models.Model):
        names.add("layers")
    for name in sorted(names, key=_name_key):
        value = obj.layers if name == "layers" else obj.__dict__[name]
        if isinstance(value, layers.Layer) or (
                isinstance(value, (list, tuple, dict)) and value and any(
                    isinstance(v, layers.Layer) for v in
                    (value.values() if isinstance(value, dict) else value))):
            yield name, value


def _walk(obj, path, visit, seen):
    """Calls ``visit(path, layer)`` for every layer under ``obj`` once, with Keras's paths."""
    from . import layers
    if id(obj) in seen:
        return
    seen.add(id(obj))
    visit(path, obj)
    for attr, child in _children(obj):
        inner = f"{path}/{attr}" if path else attr
        if isinstance(child, layers.Layer):
            _walk(child, inner, visit, seen)
            continue
        used = {}
        for item in (child.values() if isinstance(child, dict) else child):
            if not isinstance(item, layers.Layer) or id(item) in seen:
                continue
            name = snake_case(type(item).__name__)
            if name in used:
                used[name] += 1
                name = f"{name}_{used[name]}"
            else:
                used[name] = 0
            _walk(item, f"{inner}/{name}", visit, seen)


def _own_variables(layer):
    return layer._own(True) + layer._own(False)


def _h5py():
    try:
        import h5py
    except ImportError:
        raise ImportError("keras: saving weights needs `h5py` (pip install h5py)") from None
    return h5py


def _write_weights(model, fileobj):
    h5py = _h5py()
    with h5py.File(fileobj, "w") as f:
        def visit(path, layer):
            group = f.create_group(f"{path}/vars" if path else "vars")
            group.attrs["name"] = layer.name
            for i, v in enumerate(_own_variables(layer)):
                group.create_dataset(str(i), data=np.asarray(v.numpy()))
        _walk(model, "", visit, set())


def _read_weights(model, fileobj):
    h5py = _h5py()
    with h5py.File(fileobj, "r") as f:
        def visit(path, layer):
            mine = _own_variables(layer)
            key = f"{path}/vars" if path else "vars"
            if key not in f:
                if mine:
                    raise ValueError(f"Layer '{layer.name}' expected {len(mine)} variables, "
                                     f"but the file has no entry '{key}'.")
                return
            group = f[key]
            if len(group) != len(mine):
                raise ValueError(f"Layer '{layer.name}' expected {len(mine)} variables, but "
                                 f"received {len(group)} variables during loading. Expected: "
                                 f"{[v.name for v in mine]}")
            for i, v in enumerate(mine):
                value = np.asarray(group[str(i)])
                if tuple(v.shape) != value.shape:
                    raise ValueError(f"The shape of the target variable and the shape of the "
                                     f"target value in `variable.assign(value)` must match. "
                                     f"variable.shape={tuple(v.shape)}, Received: "
                                     f"value.shape={value.shape}. Target variable: {v}")
                assign(v, nat(value, v.dtype.name))
        _walk(model, "", visit, set())


# ---- public API -------------------------------------------------------------------------------

def save_model(model, filepath, overwrite=True, zipped=None, **kwargs):
    """``model.save(path.keras)``."""
    filepath = os.fspath(filepath)
    if not filepath.endswith(".keras"):
        raise ValueError(f"Invalid filepath extension for saving. Please add either a "
                         f"`.keras` extension for the native Keras format (recommended) or a "
                         f"`.h5` extension. Use `model.export(filepath)` if you want to export "
                         f"a SavedModel for use with TFLite/TFServing/etc. Received: "
                         f"filepath={filepath}.")
    if zipped is False:
        raise NotImplementedError("keras: model.save(zipped=False) is not supported by ivy's "
                                  "tensorflow frontend")
    if not overwrite and os.path.exists(filepath):
        raise FileExistsError(filepath)
    config = json.dumps(serialize_keras_object(model))
    metadata = json.dumps({"keras_version": KERAS_VERSION,
                           "date_saved": datetime.datetime.now().strftime("%Y-%m-%d@%H:%M:%S")})
    weights = io.BytesIO()
    _write_weights(model, weights)
    with zipfile.ZipFile(filepath, "w") as z:
        z.writestr("metadata.json", metadata)
        z.writestr("config.json", config)
        z.writestr("model.weights.h5", weights.getvalue())


def load_model(filepath, custom_objects=None, compile=True, safe_mode=True):
    """``keras.models.load_model(path.keras)``."""
    filepath = os.fspath(filepath)
    if not filepath.endswith(".keras"):
        raise ValueError(f"File format not supported: filepath={filepath}. Keras 3 only "
                         f"supports V3 `.keras` files (ivy's tensorflow frontend: and no "
                         f"legacy `.h5`/SavedModel).")
    with zipfile.ZipFile(filepath, "r") as z:
        config = json.loads(z.read("config.json"))
        weights = z.read("model.weights.h5")
    compile_config = config.get("compile_config")
    model = deserialize_keras_object(config, custom_objects)
    _read_weights(model, io.BytesIO(weights))
    if compile and compile_config:
        model.compile_from_config(compile_config, custom_objects)
    return model


def save_weights(model, filepath, overwrite=True):
    filepath = os.fspath(filepath)
    if not filepath.endswith(".weights.h5"):
        raise ValueError(f"The filename must end in `.weights.h5`. Received: "
                         f"filepath={filepath}")
    if not overwrite and os.path.exists(filepath):
        raise FileExistsError(filepath)
    _write_weights(model, filepath)


def load_weights(model, filepath, skip_mismatch=False, **kwargs):
    filepath = os.fspath(filepath)
    if filepath.endswith(".keras"):
        with zipfile.ZipFile(filepath, "r") as z:
            _read_weights(model, io.BytesIO(z.read("model.weights.h5")))
        return
    if not filepath.endswith(".weights.h5"):
        raise ValueError(f"File format not supported: filepath={filepath}. Keras 3 only "
                         f"supports V3 `.keras` and `.weights.h5` files.")
    if skip_mismatch:
        raise NotImplementedError("keras: load_weights(skip_mismatch=True) is not supported by "
                                  "ivy's tensorflow frontend")
    _read_weights(model, filepath)
