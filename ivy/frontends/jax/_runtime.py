"""JAX's top-level runtime names: devices, placement, config context managers, ``typeof``,
checkpoint policies and ``pmap``. ivy shows JAX one process with one device (the backend's)."""
from __future__ import annotations

import contextlib
import types

import numpy as np

import ivy

from . import tree_util as tu
from ._array import Array, asarray
from ._devices import DEVICE, Device, Shard, Sharding
from ._dtypes import config
from ._transforms import vmap
from .dtypes import float0
from .sharding import NamedSharding, PartitionSpec, make_mesh

P = PartitionSpec
_NO_DEFAULT = object()


# ---- devices and processes ----------------------------------------------------------------------

def _platforms(backend):
    """Checks a ``backend=`` argument against the one platform ivy shows (JAX's RuntimeError)."""
    if backend is None or backend == DEVICE.platform:
        return
    if backend == "gpu":
        raise RuntimeError(f"Unknown backend: 'gpu' requested, but no platforms that are "
                           f"instances of gpu are present. Platforms present are: "
                           f"{DEVICE.platform}")
    raise RuntimeError(f"Unknown backend {backend}. Available backends are "
                       f"[{DEVICE.platform!r}]")


def devices(backend=None):
    """Implements `jax.devices`."""
    _platforms(backend)
    return [DEVICE]


def local_devices(process_index=None, backend=None, host_id=None):
    """Implements `jax.local_devices`."""
    _platforms(backend)
    return [DEVICE]


def device_count(backend=None):
    """Implements `jax.device_count`."""
    _platforms(backend)
    return 1


def local_device_count(backend=None):
    """Implements `jax.local_device_count`."""
    _platforms(backend)
    return 1


def process_index(backend=None):
    """Implements `jax.process_index`."""
    _platforms(backend)
    return 0


def process_count(backend=None):
    """Implements `jax.process_count`."""
    _platforms(backend)
    return 1


def process_indices(backend=None):
    """Implements `jax.process_indices`."""
    _platforms(backend)
    return [0]


def default_backend():
    """Implements `jax.default_backend`: the platform of ivy's device."""
    return DEVICE.platform


# ---- placement ----------------------------------------------------------------------------------

def _check_placement(device, fn):
    if device is None or isinstance(device, (Device, Sharding, PartitionSpec)):
        return
    raise ValueError(f"`jax.{fn}` only accepts `None`, `jax.sharding.Sharding`, `jax.Device`, "
                     f"`Format`, `jax.memory.Space` or a pytree of these values. Received "
                     f"invalid value: {device}")


def _placed(x):
    return x if isinstance(x, Array) else asarray(x)


def device_put(x, device=None, *, src=None, donate=False, may_alias=None):
    """Implements `jax.device_put`: arrays of the pytree ``x`` on ivy's one device."""
    tu.tree_map(lambda d: _check_placement(d, "device_put"), device,
                is_leaf=lambda d: d is None)
    return tu.tree_map(_placed, x)


def device_get(x):
    """Implements `jax.device_get`: ``jax.Array`` leaves become numpy arrays."""
    return tu.tree_map(lambda a: np.asarray(a) if isinstance(a, Array) else a, x)


def block_until_ready(x):
    """Implements `jax.block_until_ready` (ivy's backends compute before returning)."""
    return x


def copy_to_host_async(x):
    """Implements `jax.copy_to_host_async`."""
    return x


def make_array_from_single_device_arrays(shape, sharding, arrays, *, dtype=None):
    """Implements `jax.make_array_from_single_device_arrays` (one device: one array)."""
    arrays = list(arrays)
    if len(arrays) != 1:
        raise ValueError(f"make_array_from_single_device_arrays: ivy has one device, got "
                         f"{len(arrays)} arrays")
    out = _placed(arrays[0])
    if tuple(out.shape) != tuple(shape):
        raise ValueError(f"Expected shard shape {tuple(shape)} doesn't match the single device "
                         f"array shape {out.shape}.")
    return out if dtype is None else asarray(out, dtype)


def make_array_from_callback(shape, sharding, data_callback, dtype=None):
    """Implements `jax.make_array_from_callback` (one device: one call for the whole array)."""
    data = data_callback(tuple(slice(None) for _ in shape))
    out = _placed(data) if dtype is None else asarray(data, dtype)
    if tuple(out.shape) != tuple(shape):
        raise ValueError(f"make_array_from_callback: the callback returned shape {out.shape}, "
                         f"expected {tuple(shape)}")
    return out


def typeof(x):
    """Implements `jax.typeof`: the abstract value (shape, dtype, weak type)."""
    return (x if isinstance(x, Array) else asarray(x)).aval


def live_arrays(platform=None):
    """``jax.live_arrays``: raises (ivy does not track the arrays it creates)."""
    raise NotImplementedError("jax.live_arrays: ivy does not track live arrays")


def clear_caches():
    """Implements `jax.clear_caches` (nothing observable is cached across calls)."""
    return None


# ---- config context managers --------------------------------------------------------------------

@contextlib.contextmanager
def _config_value(name, value):
    previous = getattr(config, name, _DEFAULTS.get(name))
    config.update(name, value)
    try:
        yield
    finally:
        config.update(name, previous)


_PROMOTIONS = ("standard", "strict")
_DEFAULTS = {"jax_numpy_dtype_promotion": "standard", "jax_numpy_rank_promotion": "allow"}


def numpy_dtype_promotion(new_val=_NO_DEFAULT):
    """Implements `jax.numpy_dtype_promotion` ("standard" only: ivy follows JAX's lattice)."""
    if new_val not in _PROMOTIONS:
        raise ValueError(f"{new_val!r} is not a valid NumpyDtypePromotion")
    if new_val == "strict":
        raise NotImplementedError("jax.numpy_dtype_promotion('strict') is not supported")
    return _config_value("jax_numpy_dtype_promotion", new_val)


def numpy_rank_promotion(new_val=_NO_DEFAULT):
    """Implements `jax.numpy_rank_promotion` ("allow" only: ivy broadcasts as numpy does)."""
    if new_val not in ("allow", "warn", "raise"):
        raise ValueError(f"Invalid value '{new_val}' for JAX flag jax_numpy_rank_promotion")
    if new_val != "allow":
        raise NotImplementedError(f"jax.numpy_rank_promotion({new_val!r}) is not supported")
    return _config_value("jax_numpy_rank_promotion", new_val)


def default_matmul_precision(new_val=_NO_DEFAULT):
    """Implements `jax.default_matmul_precision` (recorded; ivy's backends compute matmuls at
    the dtype's full precision)."""
    return _config_value("jax_default_matmul_precision", new_val)


def enable_x64(new_val=_NO_DEFAULT):
    """Implements `jax.enable_x64` (a context manager for ``jax_enable_x64``; on without a
    value)."""
    return _config_value("jax_enable_x64", True if new_val is _NO_DEFAULT else bool(new_val))


def _flag(name, unsupported, doc):
    """A JAX config context manager ``name(new_val)`` for flag ``jax_<name>``; values for which
    ``unsupported(value)`` is true raise (ivy cannot do what they ask)."""
    def manager(new_val=_NO_DEFAULT):
        value = True if new_val is _NO_DEFAULT else new_val
        if unsupported(value):
            raise NotImplementedError(f"jax.{name}({value!r}) is not supported by ivy")
        return _config_value(f"jax_{name}", value)
    manager.__name__ = manager.__qualname__ = name
    manager.__doc__ = f"Implements `jax.{name}` ({doc})."
    return manager


_GUARDED = lambda v: v not in ("allow", "log", None)    # noqa: E731
_FLAGS = {f.__name__: f for f in (
    _flag("debug_nans", bool, "checking results for NaNs is not supported: only False"),
    _flag("debug_infs", bool, "checking results for infs is not supported: only False"),
    _flag("check_tracer_leaks", bool, "only False"),
    _flag("log_compiles", lambda v: False, "recorded; ivy logs no compilations"),
    _flag("explain_cache_misses", lambda v: False, "recorded; ivy logs no cache misses"),
    _flag("enable_checks", lambda v: False, "recorded; internal consistency checks"),
    _flag("default_device", lambda v: v is not None and v != DEVICE, "ivy's one device"),
    _flag("transfer_guard_host_to_device", _GUARDED, "'allow' or 'log'"),
    _flag("transfer_guard_device_to_host", _GUARDED, "'allow' or 'log'"),
    _flag("transfer_guard_device_to_device", _GUARDED, "'allow' or 'log'"))}


def transfer_guard(new_val):
    """Implements `jax.transfer_guard` ('allow' or 'log': ivy does not guard transfers)."""
    if _GUARDED(new_val):
        raise NotImplementedError(f"jax.transfer_guard({new_val!r}) is not supported by ivy")
    return _config_value("jax_transfer_guard", new_val)


def checking_leaks():
    """Implements `jax.checking_leaks`: raises (ivy does not check for leaked tracers)."""
    return _FLAGS["check_tracer_leaks"](True)


def effects_barrier():
    """Implements `jax.effects_barrier` (ivy runs effects eagerly)."""
    return None


def print_environment_info(return_string=False):
    """Implements `jax.print_environment_info`: ivy's backend in place of jaxlib's."""
    import sys
    text = (f"jax (ivy frontend) on the {ivy.current_backend()} backend\n"
            f"numpy:  {np.__version__}\npython: {sys.version}\nprocess_count: 1\n"
            f"devices: {devices()}\n")
    if return_string:
        return text
    print(text)
    return None


# ---- checkpoint policies ------------------------------------------------------------------------

def _policy(name, saves):
    def policy(prim, *args, **params):
        return saves
    policy.__name__ = policy.__qualname__ = name
    return policy


def _named_policy(name):
    def make(*names, **kwargs):
        p = _policy(name, False)
        p.names = names
        return p
    make.__name__ = make.__qualname__ = name
    return make


checkpoint_policies = types.SimpleNamespace(
    everything_saveable=_policy("everything_saveable", True),
    nothing_saveable=_policy("nothing_saveable", False),
    dots_saveable=_policy("dots_saveable", False),
    checkpoint_dots=_policy("checkpoint_dots", False),
    dots_with_no_batch_dims_saveable=_policy("dots_with_no_batch_dims_saveable", False),
    checkpoint_dots_with_no_batch_dims=_policy("checkpoint_dots_with_no_batch_dims", False),
    **{n: _named_policy(n) for n in (
        "save_only_these_names", "save_any_names_but_these", "save_anything_except_these_names",
        "save_and_offload_only_these_names", "offload_dot_with_no_batch_dims",
        "save_from_both_policies")})
checkpoint_policies.__doc__ = ("``jax.checkpoint_policies``: accepted by ``jax.checkpoint`` "
                               "(they choose what is saved, never the values).")


# ---- pmap ---------------------------------------------------------------------------------------

def pmap(fun, axis_name=None, *, in_axes=0, out_axes=0, static_broadcasted_argnums=(),
         devices=None, backend=None, axis_size=None, donate_argnums=()):
    """Implements `jax.pmap` on ivy's one device: ``vmap`` over a mapped axis of size 1 (a
    larger axis needs more devices, as in JAX)."""
    if static_broadcasted_argnums:
        raise NotImplementedError("jax.pmap: static_broadcasted_argnums is not supported")
    mapped = vmap(fun, in_axes=in_axes, out_axes=out_axes, axis_name=axis_name,
                  axis_size=axis_size)

    def pmap_f(*args, **kwargs):
        size = axis_size
        if size is None:
            axes = in_axes if isinstance(in_axes, (tuple, list)) else (in_axes,) * len(args)
            for a, ax in zip(args, axes):
                if isinstance(ax, int):
                    for leaf in tu.tree_leaves(a):
                        size = np.shape(leaf)[ax]
                        break
                if size is not None:
                    break
        if size is not None and size > 1:
            raise ValueError(f"compiling computation that requires {size} logical devices, but "
                             f"only 1 XLA devices are available (num_replicas={size})")
        return mapped(*args, **kwargs)
    return pmap_f


FUNCTIONS = {f.__name__: f for f in (
    devices, local_devices, device_count, local_device_count, process_index, process_count,
    process_indices, default_backend, device_put, device_get, block_until_ready,
    copy_to_host_async, make_array_from_single_device_arrays, make_array_from_callback, typeof,
    live_arrays, clear_caches, numpy_dtype_promotion, numpy_rank_promotion,
    default_matmul_precision, enable_x64, make_mesh, pmap, transfer_guard, checking_leaks,
    effects_barrier, print_environment_info)}
FUNCTIONS.update(_FLAGS, host_count=process_count, host_id=process_index, host_ids=process_indices)
FUNCTIONS.update(config=config, P=P, NamedSharding=NamedSharding, Device=Device, Shard=Shard,
                 checkpoint_policies=checkpoint_policies, float0=float0, Array=Array)
