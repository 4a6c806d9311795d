"""``torch.cuda``: device queries, seeding and memory statistics.

CUDA counts as available only when the selected backend reports a GPU among its devices
(``ivy.__array_namespace_info__().devices()``) or places new arrays on one (``ivy.device``). Without one, every function answers as a
CPU-only build of torch does: probes return False/0/empty, seeding and cache calls do nothing,
and the functions that need a device raise ``AssertionError("Torch not compiled with CUDA
enabled")``. ``torch.cuda.amp`` holds the deprecated ``autocast``/``GradScaler`` spellings of the
frontend's ``torch.autocast("cuda")`` and ``torch.GradScaler("cuda")``.
"""
from __future__ import annotations

import collections
import sys
import types
import warnings

import ivy

from . import _dtypes as T
from ._runtime import GradScaler as _GradScaler, autocast as _autocast
from ._tensor import device as _device_cls


def _gpus():
    """The selected backend's GPUs: those it lists, else the device its new arrays land on."""
    listed = [d for d in ivy.__array_namespace_info__().devices() if str(d).startswith("gpu")]
    if listed:
        return listed
    landed = ivy.device(ivy.zeros(()))
    return [landed] if str(landed).startswith("gpu") else []


def _require():
    gpus = _gpus()
    if not gpus:
        raise AssertionError("Torch not compiled with CUDA enabled")
    return gpus


def _index(device):
    if device is None:
        return 0
    if isinstance(device, int):
        return device
    d = device if isinstance(device, _device_cls) else _device_cls(device)
    return d.index or 0


def is_available() -> bool:
    return bool(_gpus())


def device_count() -> int:
    return len(_gpus())


def is_initialized():
    return False


def init():
    _require()


def current_device() -> int:
    _require()
    return 0


def set_device(device) -> None:
    if _index(device) >= 0:
        _require()


def get_device_name(device=None) -> str:
    return str(_require()[_index(device)])


def get_device_capability(device=None):
    _require()
    raise NotImplementedError("ivy's torch frontend: torch.cuda.get_device_capability is not "
                              "implemented (the backend does not report it)")


def get_device_properties(device=None):
    _require()
    raise NotImplementedError("ivy's torch frontend: torch.cuda.get_device_properties is not "
                              "implemented (the backend does not report it)")


def get_arch_list():
    return []


def synchronize(device=None) -> None:
    _require()


def is_bf16_supported(including_emulation=True):
    return is_available()


def is_tf32_supported() -> bool:
    return False


# ---- seeding: the frontend's tensors use the CPU generator, so CUDA seeds are not used ----------

def manual_seed(seed) -> None:
    return None


def manual_seed_all(seed) -> None:
    return None


def seed() -> None:
    return None


def seed_all() -> None:
    return None


def initial_seed() -> int:
    _require()
    return 0


def get_rng_state(device="cuda"):
    _require()
    raise NotImplementedError("ivy's torch frontend: no CUDA generator")


def get_rng_state_all():
    return []


def set_rng_state_all(new_states) -> None:
    return None


# ---- memory: nothing is allocated on a CUDA device by the frontend -------------------------------

def empty_cache() -> None:
    return None


def memory_allocated(device=None) -> int:
    return 0


def max_memory_allocated(device=None) -> int:
    return 0


def memory_reserved(device=None) -> int:
    return 0


def max_memory_reserved(device=None) -> int:
    return 0


def memory_stats(device=None):
    return collections.OrderedDict()


def reset_peak_memory_stats(device=None) -> None:
    return None


def reset_max_memory_allocated(device=None) -> None:
    return None


def mem_get_info(device=None):
    _require()
    raise NotImplementedError("ivy's torch frontend: torch.cuda.mem_get_info is not implemented")


class device:
    """torch.cuda.device: a context manager selecting a device (a negative index or None selects
    nothing); entering it for a device without CUDA raises as torch's CPU build does."""

    def __init__(self, device):
        self.idx = -1 if device is None else _index(device)

    def __enter__(self):
        if self.idx >= 0 and not _gpus():
            raise RuntimeError("PyTorch was compiled without CUDA support")

    def __exit__(self, *exc):
        return False


# ---- torch.cuda.amp -----------------------------------------------------------------------------

class _CudaAutocast(_autocast):
    """torch.cuda.amp.autocast: ``torch.autocast("cuda", ...)`` (deprecated in torch)."""

    def __init__(self, enabled=True, dtype=T.BY_NAME["float16"], cache_enabled=True):
        warnings.warn("`torch.cuda.amp.autocast(args...)` is deprecated. Please use "
                      "`torch.amp.autocast('cuda', args...)` instead.", FutureWarning,
                      stacklevel=2)
        super().__init__("cuda", dtype=dtype, enabled=enabled, cache_enabled=cache_enabled)


class _CudaGradScaler(_GradScaler):
    """torch.cuda.amp.GradScaler: ``torch.GradScaler("cuda", ...)`` (deprecated in torch)."""

    def __init__(self, init_scale=65536.0, growth_factor=2.0, backoff_factor=0.5,
                 growth_interval=2000, enabled=True):
        warnings.warn("`torch.cuda.amp.GradScaler(args...)` is deprecated. Please use "
                      "`torch.amp.GradScaler('cuda', args...)` instead.", FutureWarning,
                      stacklevel=2)
        super().__init__("cuda", init_scale=init_scale, growth_factor=growth_factor,
                         backoff_factor=backoff_factor, growth_interval=growth_interval,
                         enabled=enabled)


_CudaAutocast.__name__ = _CudaAutocast.__qualname__ = "autocast"
_CudaGradScaler.__name__ = _CudaGradScaler.__qualname__ = "GradScaler"

amp = types.ModuleType(f"{__name__}.amp", "torch.cuda.amp: deprecated mixed-precision helpers.")
amp.autocast, amp.GradScaler = _CudaAutocast, _CudaGradScaler
sys.modules[amp.__name__] = amp
