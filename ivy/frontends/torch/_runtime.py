"""torch's runtime and configuration surface: compile, vmap, cond/while_loop, print options,
threads, determinism, matmul precision, default device/tensor type, anomaly mode, autocast,
GradScaler, the legacy tensor types (FloatTensor, ...), layouts and memory formats, dlpack and the
symbolic-shape helpers (sym_int, ...).

Most settings are process state that torch reads in its kernels. Here they are kept and reported
back exactly as torch reports them; where acting on them would change results and the frontend
cannot (autocast), enabling them raises NotImplementedError instead of being ignored.
``torch.compile`` traces the function or module's call with ``ivy.trace_graph`` (see its
docstring).
"""
from __future__ import annotations

import builtins
import functools
import math
import os
import warnings

import numpy as np

import ivy
from ivy.core import tree as _tree

from .._tracing import Traced
from . import _dtypes as T
from ._creation import _native_device, empty as _empty, tensor as _tensor
from ._tensor import CPU, Tensor, _wrap, device as _device_cls

# ---- torch.compile -------------------------------------------------------------------------
_COMPILE_MODES = ("default", "lite", "reduce-overhead", "max-autotune-no-cudagraphs",
                  "max-autotune")


def compile(model=None, *, fullgraph=False, dynamic=None, backend=None, mode=None,  # noqa: A001
            options=None, name=None, disable=False, recompile_limit=None,
            isolate_recompiles=False, shapes_spec=None):
    """torch.compile: the function (or the module's call) traced by ``ivy.trace_graph`` once per
    input signature and replayed as a graph (compiled by ``jax.jit``/``tf.function`` on those
    backends; ``backend``/``mode``/``options`` are checked, not used). A module gives an
    ``OptimizedModule`` delegating to it (``_orig_mod``), as torch. Where torch would break the
    graph (a tensor's value read in Python: ``.item()``, ``if x.sum() > 0``), ivy breaks the whole
    function: it runs eagerly for that signature (``fullgraph=True``: torch's ``Unsupported``
    error instead). ``disable=True`` returns ``model`` itself."""
    if mode is not None and options is not None:
        raise RuntimeError("Either mode or options can be specified, but both can't be specified "
                           "at the same time.")
    if mode is not None and mode not in _COMPILE_MODES:
        raise RuntimeError(f"Unrecognized mode={mode}, should be one of: "
                           f"{', '.join(_COMPILE_MODES)}")
    if model is None:
        return functools.partial(compile, fullgraph=fullgraph, disable=disable)
    if disable:
        return model
    strict = Unsupported if fullgraph else None
    from .nn import Module
    if isinstance(model, Module):
        return _optimized_module()(model, trace_module(model, strict))
    if not callable(model):
        raise RuntimeError(f"torch.compile: expected a callable or a Module, got "
                           f"{type(model).__name__}")
    traced = trace_function(model, strict)
    return functools.wraps(model)(lambda *args, **kwargs: traced(*args, **kwargs))


class Unsupported(RuntimeError):
    """``torch._dynamo.exc.Unsupported``: ``fullgraph=True`` and the function cannot be traced."""
    __module__ = "torch._dynamo.exc"


def _outputs(out):
    """A traced function's outputs as Tensors (natives from a replay)."""
    if ivy.is_native_array(out):
        return _wrap(out)
    if type(out) is Tensor or isinstance(out, (int, float, bool, type(None))):
        return out
    return _tree.tree_map(lambda x: _wrap(x) if ivy.is_native_array(x) else x, out)


def _grad_mode():
    return ivy.autograd.enabled()


class _RNG:
    """The default generator's state, for the tracer (``_tracing.Traced``)."""

    @staticmethod
    def get():
        from ._random import default_generator
        return default_generator._engine.to_bytes().tobytes()

    @staticmethod
    def set(state):
        from ._random import default_generator
        default_generator._engine.from_bytes(np.frombuffer(state, dtype=np.uint8))


def trace_function(fn, strict=None):
    """``fn`` traced per input signature (shared by torch.compile and torch.jit.trace); one that
    draws from the default generator (host state) runs eagerly."""
    return Traced(fn, "torch", _outputs, strict=strict, mode=_grad_mode, rng=_RNG)


def trace_module(module, strict=None):
    """``module(...)`` traced per input signature (its parameters, buffers and training flag are
    state the graph reads)."""
    return trace_function(module, strict)


@functools.lru_cache(maxsize=None)
def _optimized_module():
    from .nn import Module

    class OptimizedModule(Module):
        """What ``torch.compile(module)`` returns: calls run the traced ``module(...)``; the
        module is the ``_orig_mod`` submodule, other attributes are looked up on it."""
        __module__ = "torch._dynamo.eval_frame"

        def __init__(self, mod, traced):
            super().__init__()
            self._orig_mod = mod
            object.__setattr__(self, "_traced", traced)

        def __call__(self, *args, **kwargs):
            return self._traced(*args, **kwargs)

        def forward(self, *args, **kwargs):
            return self._traced(*args, **kwargs)

        def __getattr__(self, name):
            try:
                return super().__getattr__(name)
            except AttributeError:
                return getattr(self.__dict__["_modules"]["_orig_mod"], name)
    return OptimizedModule


# ---- torch.vmap, torch.cond, torch.while_loop ------------------------------------------------
def _to_native(tree):
    return _tree.tree_map(lambda x: x._data if isinstance(x, Tensor) else x, tree)


def _to_tensors(tree):
    return _tree.tree_map(lambda x: _wrap(x) if ivy.is_native_array(x) else x, tree)


def vmap(func, in_dims=0, out_dims=0, randomness="error", *, chunk_size=None):
    """torch.vmap on ivy's core ``vmap`` (JAX's semantics): ``in_dims``/``out_dims`` are pytree
    prefixes of the positional inputs/outputs; keyword arguments are passed unmapped.
    ``chunk_size`` only bounds memory in torch (all examples are mapped at once here);
    ``randomness`` is checked, but random operations inside ``func`` are not refused under
    ``"error"`` nor made identical under ``"same"``."""
    if randomness not in ("error", "different", "same"):
        raise RuntimeError(f"Only allowed values for randomness are 'error', 'different', or "
                           f"'same'. Got {randomness}")
    fname = getattr(func, "__name__", type(func).__name__)

    @functools.wraps(func)
    def mapped(*args, **kwargs):
        where = f"vmap({fname}, in_dims={in_dims!r}, ...)(<inputs>)"
        leaves, treedef = _tree.flatten(args)
        try:
            dims = _tree.broadcast_prefix(tuple(in_dims) if isinstance(in_dims, list) else in_dims,
                                          args, what="in_dims")
        except ValueError:
            raise ValueError(f"{where}: in_dims is not compatible with the structure of `inputs`."
                             ) from None
        for leaf, d in zip(leaves, dims):
            if d is None:
                continue
            if not isinstance(d, int) or isinstance(d, bool):
                raise ValueError(f"{where}: Got in_dim={d!r} for an input but in_dim must be "
                                 f"either an integer dimension or None.")
            if not isinstance(leaf, Tensor):
                raise ValueError(f"{where}: Got in_dim={d} for an input but the input is of type "
                                 f"{type(leaf)}. We cannot vmap over non-Tensor arguments, please "
                                 f"use None as the respective in_dim")
            n = leaf.ndim
            if not -n <= d < n:
                raise ValueError(f"{where}: Got in_dim={d} for some input, but that input is a "
                                 f"Tensor of dimensionality {n} so expected in_dim to satisfy "
                                 f"-{n} <= in_dim < {n}.")
        sizes = [leaf.shape[d] for leaf, d in zip(leaves, dims) if d is not None]
        if any(s != sizes[0] for s in sizes):
            raise ValueError(f"vmap: Expected all tensors to have the same size in the mapped "
                             f"dimension, got sizes {sizes} for the mapped dimension")
        tensor_at = [isinstance(x, Tensor) for x in leaves]

        def per_example(*native_args):
            got, _ = _tree.flatten(native_args)
            example = _tree.unflatten(treedef, [_wrap(x) if t else x
                                                for x, t in zip(got, tensor_at)])
            out = func(*example, **kwargs)
            for leaf in _tree.leaves(out):
                if not isinstance(leaf, Tensor):
                    raise ValueError(f"vmap({fname}, ...): `{fname}` must only return Tensors, "
                                     f"got type {type(leaf)}. Did you mean to set out_dims= to "
                                     f"None for output?")
            return _to_native(out)
        native_dims = tuple(in_dims) if isinstance(in_dims, list) else in_dims
        out = ivy.vmap(per_example, in_axes=native_dims, out_axes=out_dims)(*_to_native(args))
        return _to_tensors(out)
    return mapped


def _concrete(pred):
    """``pred`` as a Python bool, or None when it cannot be read (a traced or batched value)."""
    try:
        return builtins.bool(pred)
    except Exception:          # noqa: BLE001 — a tracer under jit/vmap
        return None


def cond(pred, true_fn, false_fn, operands=()):
    """torch.cond: ``true_fn(*operands)`` if ``pred`` else ``false_fn(*operands)``; a predicate
    that cannot be read (traced) goes through the core's ``cond``."""
    if isinstance(pred, Tensor) and pred.numel() != 1 or not isinstance(
            pred, (Tensor, builtins.bool, int, float)):
        raise RuntimeError(f"Expected pred to be bool or single-element tensor, but got {pred}.")
    if not isinstance(operands, (tuple, list)):
        raise RuntimeError(f"Expect operands to be a tuple of possibly nested dict/list/tuple that "
                           f"only consists of tensor leaves, but got {operands}.")
    take = _concrete(pred)
    if take is not None:
        return (true_fn if take else false_fn)(*operands)

    def branch(fn):
        return lambda *ops: _to_native(fn(*_to_tensors(ops)))
    p = ivy.reshape(pred._data, ())
    return _to_tensors(ivy.cond(p, branch(true_fn), branch(false_fn), *_to_native(tuple(operands))))


def while_loop(cond_fn, body_fn, carried_inputs):
    """torch.while_loop: ``carried = body_fn(*carried)`` while ``cond_fn(*carried)``."""
    if not isinstance(carried_inputs, (tuple, list)):
        raise RuntimeError(f"carried_inputs must be a tuple or list but got "
                           f"{type(carried_inputs)}")
    carried, out = tuple(carried_inputs), tuple(carried_inputs)
    while True:
        go = cond_fn(*carried)
        take = _concrete(go)
        if take is None:
            return _traced_while(cond_fn, body_fn, carried)
        if not take:
            return out
        out = body_fn(*carried)
        carried = tuple(out) if isinstance(out, (tuple, list)) else (out,)


def _traced_while(cond_fn, body_fn, carried):
    def c(state):
        p = cond_fn(*_to_tensors(state))
        return ivy.reshape(p._data, ()) if isinstance(p, Tensor) else p

    def b(state):
        out = body_fn(*_to_tensors(state))
        return _to_native(tuple(out) if isinstance(out, (tuple, list)) else (out,))
    return _to_tensors(ivy.while_loop(c, b, _to_native(carried)))


# ---- print options (state: Tensor repr reads PRINT_OPTIONS once _tensor._format uses it) ------
_PROFILES = {"default": (4, 1000, 3, 80), "short": (2, 1000, 2, 80),
             "full": (4, math.inf, 3, 80)}
PRINT_OPTIONS = {"precision": 4, "threshold": 1000, "edgeitems": 3, "linewidth": 80,
                 "sci_mode": None}


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None,
                     profile=None, sci_mode=None):
    if profile in _PROFILES:
        (PRINT_OPTIONS["precision"], PRINT_OPTIONS["threshold"], PRINT_OPTIONS["edgeitems"],
         PRINT_OPTIONS["linewidth"]) = _PROFILES[profile]
    for key, value in (("precision", precision), ("threshold", threshold),
                       ("edgeitems", edgeitems), ("linewidth", linewidth)):
        if value is not None:
            PRINT_OPTIONS[key] = value
    PRINT_OPTIONS["sci_mode"] = sci_mode


# ---- threads ---------------------------------------------------------------------------------
_THREADS = {"intra": os.cpu_count() or 1, "interop": os.cpu_count() or 1, "interop_set": False}


def _thread_count(n, fn):
    if not isinstance(n, int) or isinstance(n, builtins.bool):
        raise RuntimeError(f"{fn} expects an int, but got {type(n).__name__}")
    if n <= 0:
        raise RuntimeError(f"{fn} expects a positive integer")
    return n


def get_num_threads() -> int:
    return _THREADS["intra"]


def set_num_threads(int) -> None:  # noqa: A002 - torch's parameter name
    _THREADS["intra"] = _thread_count(int, "set_num_threads")


def get_num_interop_threads() -> int:
    return _THREADS["interop"]


def set_num_interop_threads(int) -> None:  # noqa: A002
    n = _thread_count(int, "set_num_interop_threads")
    if _THREADS["interop_set"]:
        raise RuntimeError("Error: cannot set number of interop threads after parallel work has "
                           "started or set_num_interop_threads called")
    _THREADS["interop"], _THREADS["interop_set"] = n, True


def init_num_threads() -> None:
    return None


# ---- determinism, precision, warnings, anomaly mode ------------------------------------------
_FLAGS = {"deterministic": 0, "matmul": "highest", "warn_always": False, "anomaly": False,
          "anomaly_nan": True, "device": CPU}


def use_deterministic_algorithms(mode, *, warn_only=False) -> None:
    if not isinstance(mode, builtins.bool):
        raise TypeError(f"_set_deterministic_algorithms(): argument 'mode' (position 1) must be "
                        f"bool, not {type(mode).__name__}")
    _FLAGS["deterministic"] = 0 if not mode else (1 if warn_only else 2)


def are_deterministic_algorithms_enabled() -> bool:
    return _FLAGS["deterministic"] > 0


def is_deterministic_algorithms_warn_only_enabled() -> bool:
    return _FLAGS["deterministic"] == 1


def set_deterministic_debug_mode(debug_mode) -> None:
    if isinstance(debug_mode, str):
        modes = {"default": 0, "warn": 1, "error": 2}
        if debug_mode not in modes:
            raise RuntimeError(f"invalid value of debug_mode, expected one of `default`, `warn`, "
                               f"`error`, but got {debug_mode}")
        debug_mode = modes[debug_mode]
    elif isinstance(debug_mode, int):
        if debug_mode not in (0, 1, 2):
            raise RuntimeError(f"invalid value of debug_mode, expected 0, 1, or 2, but got "
                               f"{debug_mode}")
    else:
        raise TypeError(f"debug_mode must be str or int, but got {type(debug_mode)}")
    _FLAGS["deterministic"] = int(debug_mode)


def get_deterministic_debug_mode() -> int:
    return _FLAGS["deterministic"]


def set_float32_matmul_precision(precision) -> None:
    """State only: every backend here computes float32 matmuls at its own precision."""
    if precision not in ("highest", "high", "medium"):
        warnings.warn(f"{precision} is not one of 'highest', 'high', or 'medium'; the current"
                      f"setFloat32MatmulPrecision call has no effect.", UserWarning, stacklevel=2)
        return
    _FLAGS["matmul"] = precision


def get_float32_matmul_precision() -> str:
    return _FLAGS["matmul"]


def set_warn_always(b) -> None:
    _FLAGS["warn_always"] = builtins.bool(b)


def is_warn_always_enabled() -> bool:
    return _FLAGS["warn_always"]


def set_anomaly_enabled(enabled, check_nan=True) -> None:
    _FLAGS["anomaly"], _FLAGS["anomaly_nan"] = builtins.bool(enabled), builtins.bool(check_nan)


def is_anomaly_enabled() -> bool:
    return _FLAGS["anomaly"]


def is_anomaly_check_nan_enabled() -> bool:
    return _FLAGS["anomaly_nan"]


def set_flush_denormal(mode) -> bool:
    """False: flushing denormals is not something the frontend can set on its backends."""
    return False


# ---- default device, default tensor type -----------------------------------------------------
def set_default_device(device) -> None:
    """State: ``get_default_device`` reports it (creation functions place tensors on the CPU)."""
    if device is None:
        _FLAGS["device"] = CPU
        return
    _native_device(device)               # an absent GPU raises like a CPU-only torch
    _FLAGS["device"] = device if isinstance(device, _device_cls) else _device_cls(device)


def get_default_device():
    return _FLAGS["device"]


def set_default_tensor_type(t, /) -> None:
    name = _LEGACY_BY_NAME[t][0] if isinstance(t, str) else getattr(t, "_dtype_name", None)
    if name is None:
        raise TypeError(f"invalid type: {t!r}")
    warnings.warn("torch.set_default_tensor_type() is deprecated as of PyTorch 2.1, please use "
                  "torch.set_default_dtype() and torch.set_default_device() as alternatives.",
                  UserWarning, stacklevel=2)
    if name not in ("float16", "bfloat16", "float32", "float64"):
        raise TypeError("only floating-point types are supported as the default type")
    T.set_default_dtype(name)


# ---- legacy tensor types ---------------------------------------------------------------------
_LEGACY = {"FloatTensor": "float32", "DoubleTensor": "float64", "HalfTensor": "float16",
           "BFloat16Tensor": "bfloat16", "LongTensor": "int64", "IntTensor": "int32",
           "ShortTensor": "int16", "CharTensor": "int8", "ByteTensor": "uint8",
           "BoolTensor": "bool"}
_TYPENAMES = {**{v: f"torch.{k}" for k, v in _LEGACY.items()},
              "complex64": "torch.ComplexFloatTensor", "complex128": "torch.ComplexDoubleTensor",
              "uint16": "torch.UInt16Tensor", "uint32": "torch.UInt32Tensor",
              "uint64": "torch.UInt64Tensor"}


class tensortype(type):
    """The metaclass of torch.FloatTensor & co: ``isinstance(t, torch.FloatTensor)`` is true for a
    CPU float32 tensor; calling one makes a tensor of its dtype."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, Tensor) and ivy.dtype(obj._data) == cls._dtype_name and (
            ivy.device(obj._data) == "cpu")

    def __call__(cls, *args, device=None):
        name = cls._dtype_name
        if device is not None:
            _native_device(device)
        if not args:
            return _empty(0, dtype=T.BY_NAME[name])
        if all(isinstance(a, int) and not isinstance(a, builtins.bool) for a in args) or (
                len(args) == 1 and type(args[0]).__name__ == "Size"):
            return _empty(*args, dtype=T.BY_NAME[name])
        if len(args) == 1:
            data = args[0]
            if isinstance(data, Tensor):
                if ivy.dtype(data._data) != name:
                    raise TypeError(f"expected TensorOptions(dtype={name}, device=cpu) (got "
                                    f"TensorOptions(dtype={ivy.dtype(data._data)}, device=cpu))")
                return data
            if isinstance(data, (list, tuple)) or hasattr(data, "__array__"):
                return _tensor(data, dtype=T.BY_NAME[name])
            raise TypeError(f"new(): data must be a sequence (got {type(data).__name__})")
        raise TypeError(f"new() received an invalid combination of arguments - got "
                        f"({', '.join(type(a).__name__ for a in args)})")

    def __repr__(cls):
        return f"<class 'torch.{cls.__name__}'>"


_LEGACY_TYPES = {k: tensortype(k, (), {"_dtype_name": v, "dtype": T.BY_NAME[v], "is_cuda": False,
                                       "is_sparse": False, "__module__": "torch"})
                 for k, v in _LEGACY.items()}
_LEGACY_BY_NAME = {f"torch.{k}": (v, _LEGACY_TYPES[k]) for k, v in _LEGACY.items()}


def typename(obj, /) -> str:
    if isinstance(obj, Tensor):
        return _TYPENAMES.get(ivy.dtype(obj._data), "torch.Tensor")
    module, qualname = "", ""
    if hasattr(obj, "__qualname__"):
        qualname = obj.__qualname__
    elif hasattr(obj, "__name__"):
        qualname = obj.__name__
    else:
        module, qualname = obj.__class__.__module__, obj.__class__.__qualname__
    module = getattr(obj, "__module__", "") or module or ""
    if module in ("", "builtins"):
        return qualname
    return f"{module}.{qualname}"


def is_storage(obj) -> bool:
    return False


def is_vulkan_available() -> bool:
    return False


# ---- autocast --------------------------------------------------------------------------------
_DEVICE_TYPES = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve",
                 "fpga", "maia", "xla", "lazy", "vulkan", "mps", "meta", "hpu", "mtia",
                 "privateuseone")
_AUTOCAST = {"cpu": [False, "bfloat16"], "cuda": [False, "float16"], "ipu": [False, "float16"],
             "xla": [False, "bfloat16"], "xpu": [False, "float16"], "hpu": [False, "bfloat16"],
             "mps": [False, "float16"], "mtia": [False, "float16"], "maia": [False, "bfloat16"],
             "privateuseone": [False, "float16"]}
_AUTOCAST_CACHE = [True]
_AUTOCAST_NESTING = [0]


def _autocast_state(device_type):
    if device_type not in _DEVICE_TYPES:
        raise RuntimeError(f"Expected one of {', '.join(_DEVICE_TYPES)} device type at start of "
                           f"device string: {device_type}")
    return _AUTOCAST.setdefault(device_type, [False, "float16"])


def _not_autocast(device_type, dtype):
    return NotImplementedError(f"ivy's torch frontend: torch.autocast(device_type={device_type!r}, "
                               f"dtype=torch.{dtype}) is not implemented: operations do not "
                               f"autocast; use enabled=False or cast explicitly")


def is_autocast_enabled(device_type=None) -> bool:
    return _autocast_state("cuda" if device_type is None else device_type)[0]


def set_autocast_enabled(*args) -> None:
    """``set_autocast_enabled(device_type, enabled)`` or the legacy ``(enabled)`` (CUDA)."""
    device_type, enabled = ("cuda", args[0]) if len(args) == 1 else args
    state = _autocast_state(device_type)
    if enabled and device_type == "cpu":
        raise _not_autocast(device_type, state[1])
    state[0] = builtins.bool(enabled)


def get_autocast_dtype(device_type):
    return T.BY_NAME[_autocast_state(device_type)[1]]


def set_autocast_dtype(device_type, dtype) -> None:
    _autocast_state(device_type)[1] = T.canonical(dtype)


def _autocast_for(device_type):
    return (lambda: is_autocast_enabled(device_type),
            lambda enabled: set_autocast_enabled(device_type, enabled),
            lambda: get_autocast_dtype(device_type),
            lambda dtype: set_autocast_dtype(device_type, dtype))


(is_autocast_cpu_enabled, set_autocast_cpu_enabled, get_autocast_cpu_dtype,
 set_autocast_cpu_dtype) = _autocast_for("cpu")
(_is_gpu, _set_gpu, get_autocast_gpu_dtype, set_autocast_gpu_dtype) = _autocast_for("cuda")
(is_autocast_ipu_enabled, set_autocast_ipu_enabled, get_autocast_ipu_dtype,
 set_autocast_ipu_dtype) = _autocast_for("ipu")
(is_autocast_xla_enabled, set_autocast_xla_enabled, get_autocast_xla_dtype,
 set_autocast_xla_dtype) = _autocast_for("xla")


def is_autocast_cache_enabled() -> bool:
    return _AUTOCAST_CACHE[0]


def set_autocast_cache_enabled(enabled) -> None:
    _AUTOCAST_CACHE[0] = builtins.bool(enabled)


def clear_autocast_cache() -> None:
    return None


def autocast_increment_nesting() -> int:
    _AUTOCAST_NESTING[0] += 1
    return _AUTOCAST_NESTING[0]


def autocast_decrement_nesting() -> int:
    _AUTOCAST_NESTING[0] -= 1
    return _AUTOCAST_NESTING[0]


class autocast:
    """torch.autocast: a context manager and decorator. ``enabled=False`` (and CUDA, absent here,
    which torch disables with a warning) is a no-op that reports autocast off inside; enabling it
    on the CPU raises NotImplementedError (the frontend's operations do not autocast)."""

    def __init__(self, device_type, dtype=None, enabled=True, cache_enabled=None):
        if not isinstance(device_type, str):
            raise ValueError(f"Expected `device_type` of type `str`, got: `{type(device_type)}`")
        state = _autocast_state(device_type)
        self.device = device_type
        self.fast_dtype = T.BY_NAME[state[1]] if dtype is None else dtype
        self._cache_enabled = is_autocast_cache_enabled() if cache_enabled is None else (
            cache_enabled)
        if enabled and device_type == "cuda":
            warnings.warn("CUDA is not available or torch_xla is imported. Disabling autocast.",
                          UserWarning, stacklevel=2)
            enabled = False
        if enabled and device_type == "cpu" and T.canonical(self.fast_dtype) not in (
                "bfloat16", "float16"):
            warnings.warn("In CPU autocast, but the target dtype is not supported. Disabling "
                          "autocast.\nCPU Autocast only supports dtypes of torch.bfloat16, "
                          "torch.float16 currently.", UserWarning, stacklevel=2)
            enabled = False
        self._enabled = builtins.bool(enabled)
        self._saved = []

    def __enter__(self):
        if self._enabled:
            raise _not_autocast(self.device, T.canonical(self.fast_dtype))
        state = _autocast_state(self.device)
        self._saved.append((state[0], state[1], _AUTOCAST_CACHE[0]))
        state[0] = False
        _AUTOCAST_CACHE[0] = self._cache_enabled
        autocast_increment_nesting()
        return self

    def __exit__(self, *exc):
        state = _autocast_state(self.device)
        state[0], state[1], _AUTOCAST_CACHE[0] = self._saved.pop()
        autocast_decrement_nesting()
        return False

    def __call__(self, func):
        @functools.wraps(func)
        def wrapped(*args, **kwargs):
            with self:
                return func(*args, **kwargs)
        return wrapped


# ---- GradScaler ------------------------------------------------------------------------------
class GradScaler:
    """torch.GradScaler: loss scaling for mixed precision. ``scale``/``unscale_``/``step``/
    ``update`` follow torch exactly (a float32 scale, inf/NaN checks per optimizer, backoff and
    growth). The optimizer is anything with torch's ``param_groups`` and ``step()``."""

    def __init__(self, device="cuda", init_scale=2.0 ** 16, growth_factor=2.0,
                 backoff_factor=0.5, growth_interval=2000, enabled=True):
        self._device = device
        if enabled and device == "cuda":
            warnings.warn("torch.cuda.amp.GradScaler is enabled, but CUDA is not available.  "
                          "Disabling.", UserWarning, stacklevel=2)
            enabled = False
        self._enabled = enabled
        if enabled:
            if growth_factor <= 1.0:
                raise AssertionError("The growth factor must be > 1.0.")
            if backoff_factor >= 1.0:
                raise AssertionError("The backoff factor must be < 1.0.")
        self._init_scale, self._growth_factor = init_scale, growth_factor
        self._backoff_factor, self._growth_interval = backoff_factor, growth_interval
        self._scale = None
        self._growth_tracker = 0
        self._per_optimizer = {}

    def _lazy_scale(self):
        if self._scale is None:
            self._scale = np.float32(self._init_scale)
        return self._scale

    def scale(self, outputs):
        if not self._enabled:
            return outputs
        s = _wrap(ivy.asarray(self._lazy_scale(), dtype="float32"))

        def apply(v):
            if isinstance(v, Tensor):
                return v * s
            if isinstance(v, (list, tuple)):
                return type(v)(apply(x) for x in v)
            if hasattr(v, "__iter__"):
                return map(apply, v)
            raise ValueError("outputs must be a Tensor or an iterable of Tensors")
        return apply(outputs)

    def _state(self, optimizer):
        return self._per_optimizer.setdefault(id(optimizer), {"stage": "ready",
                                                              "found_inf": None})

    def unscale_(self, optimizer):
        if not self._enabled:
            return
        state = self._state(optimizer)
        if state["stage"] == "unscaled":
            raise RuntimeError("unscale_() has already been called on this optimizer since the "
                               "last update().")
        if state["stage"] == "stepped":
            raise RuntimeError("unscale_() is being called after step().")
        inv = np.float32(1.0 / np.float64(self._lazy_scale()))
        inv_t = _wrap(ivy.asarray(inv, dtype="float32"))
        found, any_grad = False, False
        for group in optimizer.param_groups:
            for p in group["params"]:
                g = getattr(p, "grad", None)
                if g is None:
                    continue
                if ivy.dtype(g._data) == "float16":
                    raise ValueError("Attempting to unscale FP16 gradients.")
                any_grad = True
                if not builtins.bool(ivy.all(ivy.isfinite(g._data))):
                    found = True
                g.mul_(inv_t)
        state["found_inf"] = (1.0 if found else 0.0) if any_grad else None
        state["stage"] = "unscaled"

    def step(self, optimizer, *args, **kwargs):
        if not self._enabled:
            return optimizer.step(*args, **kwargs)
        if "closure" in kwargs:
            raise RuntimeError("Closure use is not currently supported if GradScaler is enabled.")
        state = self._state(optimizer)
        if state["stage"] == "stepped":
            raise RuntimeError("step() has already been called since the last update().")
        if state["stage"] == "ready":
            self.unscale_(optimizer)
        if state["found_inf"] is None:
            raise AssertionError("No inf checks were recorded for this optimizer.")
        retval = optimizer.step(*args, **kwargs) if not state["found_inf"] else None
        state["stage"] = "stepped"
        return retval

    def update(self, new_scale=None):
        if not self._enabled:
            return
        scale = self._lazy_scale()
        if new_scale is not None:
            if isinstance(new_scale, Tensor):
                if new_scale.numel() != 1 or ivy.dtype(new_scale._data) != "float32":
                    raise AssertionError("new_scale should be a float32 tensor with a single "
                                         "element.")
                new_scale = new_scale.item()
            self._scale = np.float32(new_scale)
        else:
            found = [s["found_inf"] for s in self._per_optimizer.values()
                     if s["found_inf"] is not None]
            if not found:
                raise AssertionError("No inf checks were recorded prior to update.")
            if builtins.sum(found):
                self._scale = np.float32(scale * np.float32(self._backoff_factor))
                self._growth_tracker = 0
            else:
                successful = self._growth_tracker + 1
                if successful == self._growth_interval:
                    grown = np.float32(scale * np.float32(self._growth_factor))
                    if np.isfinite(grown):
                        self._scale = grown
                    self._growth_tracker = 0
                else:
                    self._growth_tracker = successful
        self._per_optimizer = {}

    def get_scale(self) -> float:
        if not self._enabled:
            return 1.0
        return float(self._init_scale if self._scale is None else self._scale)

    def get_growth_factor(self):
        return self._growth_factor

    def set_growth_factor(self, new_factor):
        self._growth_factor = new_factor

    def get_backoff_factor(self):
        return self._backoff_factor

    def set_backoff_factor(self, new_factor):
        self._backoff_factor = new_factor

    def get_growth_interval(self):
        return self._growth_interval

    def set_growth_interval(self, new_interval):
        self._growth_interval = new_interval

    def is_enabled(self) -> bool:
        return self._enabled

    def state_dict(self):
        if not self._enabled:
            return {}
        return {"scale": self.get_scale(), "growth_factor": self._growth_factor,
                "backoff_factor": self._backoff_factor, "growth_interval": self._growth_interval,
                "_growth_tracker": self._growth_tracker}

    def load_state_dict(self, state_dict):
        if not self._enabled:
            return
        if len(state_dict) == 0:
            raise RuntimeError("The source state dict is empty, possibly because it was saved "
                               "from a disabled instance of GradScaler.")
        self._init_scale = state_dict["scale"]
        if self._scale is not None:
            self._scale = np.float32(state_dict["scale"])
        self._growth_factor = state_dict["growth_factor"]
        self._backoff_factor = state_dict["backoff_factor"]
        self._growth_interval = state_dict["growth_interval"]
        self._growth_tracker = state_dict["_growth_tracker"]


# ---- dlpack ----------------------------------------------------------------------------------
def from_dlpack(ext_tensor, *, device=None, copy=None):
    if device is not None:
        _native_device(device)
    out = ivy.from_dlpack(ext_tensor)
    return _wrap(ivy.asarray(out, copy=True) if copy else out)


def to_dlpack(tensor):
    return tensor._data.__dlpack__()


# ---- layouts and memory formats --------------------------------------------------------------
class _NamedConstant:
    """A torch constant object known by name (``torch.strided``, ``torch.channels_last``)."""
    __slots__ = ("_name",)

    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return f"torch.{self._name}"

    def __reduce__(self):
        return (_named, (self._name,))


class layout(_NamedConstant):
    """torch.layout: ``torch.strided`` (the one the frontend has) and the sparse layouts."""
    __slots__ = ()


class memory_format(_NamedConstant):
    """torch.memory_format: ``contiguous_format``, ``preserve_format``, ``channels_last``,
    ``channels_last_3d``."""
    __slots__ = ()


_LAYOUTS = {n: layout(n) for n in ("strided", "sparse_coo", "sparse_csr", "sparse_csc",
                                   "sparse_bsr", "sparse_bsc", "_mkldnn", "jagged")}
_MEMORY_FORMATS = {n: memory_format(n) for n in ("contiguous_format", "preserve_format",
                                                 "channels_last", "channels_last_3d")}




def _named(name):
    return _LAYOUTS.get(name) or _MEMORY_FORMATS[name]


# ---- symbolic shapes: plain Python numbers -----------------------------------------------------
class SymInt:
    """torch.SymInt: a symbolic int while tracing; the frontend never traces shapes, so there are
    no instances (``isinstance(3, torch.SymInt)`` is False, as in eager torch)."""


class SymFloat:
    """torch.SymFloat (no instances in eager code)."""


class SymBool:
    """torch.SymBool (no instances in eager code)."""


def sym_int(a):
    return a if isinstance(a, int) and not isinstance(a, builtins.bool) else math.trunc(a)


def sym_float(a):
    return float(a)


def sym_max(a, b):
    out = builtins.max(a, b)
    return float(out) if isinstance(a, float) or isinstance(b, float) else out


def sym_min(a, b):
    out = builtins.min(a, b)
    return float(out) if isinstance(a, float) or isinstance(b, float) else out


def sym_not(a):
    return not a


def sym_sum(args):
    return builtins.sum(args)


def sym_ite(b, t, f):
    return t if b else f


def sym_sqrt(a):
    return math.sqrt(a)


FUNCTIONS_ONLY = {
    "compile": compile, "vmap": vmap, "cond": cond, "while_loop": while_loop,
    "set_printoptions": set_printoptions, "get_num_threads": get_num_threads,
    "set_num_threads": set_num_threads, "get_num_interop_threads": get_num_interop_threads,
    "set_num_interop_threads": set_num_interop_threads, "init_num_threads": init_num_threads,
    "use_deterministic_algorithms": use_deterministic_algorithms,
    "are_deterministic_algorithms_enabled": are_deterministic_algorithms_enabled,
    "is_deterministic_algorithms_warn_only_enabled":
        is_deterministic_algorithms_warn_only_enabled,
    "set_deterministic_debug_mode": set_deterministic_debug_mode,
    "get_deterministic_debug_mode": get_deterministic_debug_mode,
    "set_float32_matmul_precision": set_float32_matmul_precision,
    "get_float32_matmul_precision": get_float32_matmul_precision,
    "set_default_device": set_default_device, "get_default_device": get_default_device,
    "set_default_tensor_type": set_default_tensor_type, "set_flush_denormal": set_flush_denormal,
    "set_warn_always": set_warn_always, "is_warn_always_enabled": is_warn_always_enabled,
    "set_anomaly_enabled": set_anomaly_enabled, "is_anomaly_enabled": is_anomaly_enabled,
    "is_anomaly_check_nan_enabled": is_anomaly_check_nan_enabled, "typename": typename,
    "is_storage": is_storage, "is_vulkan_available": is_vulkan_available,
    "has_lapack": True, "has_spectral": True, "has_mkl": False, "has_openmp": False,
    "autocast": autocast, "is_autocast_enabled": is_autocast_enabled,
    "set_autocast_enabled": set_autocast_enabled, "get_autocast_dtype": get_autocast_dtype,
    "set_autocast_dtype": set_autocast_dtype, "is_autocast_cpu_enabled": is_autocast_cpu_enabled,
    "set_autocast_cpu_enabled": set_autocast_cpu_enabled,
    "get_autocast_cpu_dtype": get_autocast_cpu_dtype,
    "set_autocast_cpu_dtype": set_autocast_cpu_dtype,
    "get_autocast_gpu_dtype": get_autocast_gpu_dtype,
    "set_autocast_gpu_dtype": set_autocast_gpu_dtype,
    "is_autocast_ipu_enabled": is_autocast_ipu_enabled,
    "set_autocast_ipu_enabled": set_autocast_ipu_enabled,
    "get_autocast_ipu_dtype": get_autocast_ipu_dtype,
    "set_autocast_ipu_dtype": set_autocast_ipu_dtype,
    "is_autocast_xla_enabled": is_autocast_xla_enabled,
    "set_autocast_xla_enabled": set_autocast_xla_enabled,
    "get_autocast_xla_dtype": get_autocast_xla_dtype,
    "set_autocast_xla_dtype": set_autocast_xla_dtype,
    "is_autocast_cache_enabled": is_autocast_cache_enabled,
    "set_autocast_cache_enabled": set_autocast_cache_enabled,
    "clear_autocast_cache": clear_autocast_cache,
    "autocast_increment_nesting": autocast_increment_nesting,
    "autocast_decrement_nesting": autocast_decrement_nesting,
    "GradScaler": GradScaler, "from_dlpack": from_dlpack, "to_dlpack": to_dlpack,
    "newaxis": None, "layout": layout, "memory_format": memory_format,
    **_LAYOUTS, **_MEMORY_FORMATS, **_LEGACY_TYPES,
    "SymInt": SymInt, "SymFloat": SymFloat, "SymBool": SymBool, "sym_int": sym_int,
    "sym_float": sym_float, "sym_max": sym_max, "sym_min": sym_min, "sym_not": sym_not,
    "sym_sum": sym_sum, "sym_ite": sym_ite, "sym_sqrt": sym_sqrt,
}
