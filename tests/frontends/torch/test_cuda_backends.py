"""torch.cuda and torch.backends on the frontend vs real torch (a CPU-only build on the test
machines): signatures, probe results, the exceptions of device-only calls, flag defaults."""
import importlib
import inspect
import warnings

import pytest

import ivy
import ivy.frontends.torch as ft
import ivy.frontends.torch.backends as fbackends
import ivy.frontends.torch.cuda as fcuda
from ivy.frontends.torch import _runtime

torch = pytest.importorskip("torch")
if torch.cuda.is_available():
    pytest.skip("compares with a CPU-only torch", allow_module_level=True)


def outcome(fn):
    """``("ok", value)`` or ``("raises", exception type)``."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return "ok", fn()
    except Exception as e:  # noqa: BLE001
        return "raises", type(e)


def params(obj):
    return [(p.name, p.kind, p.default) for p in inspect.signature(obj).parameters.values()]


CUDA_NAMES = ("is_available", "device_count", "current_device", "manual_seed", "manual_seed_all",
              "seed", "seed_all", "synchronize", "empty_cache", "is_bf16_supported",
              "get_device_name", "memory_allocated", "max_memory_allocated",
              "reset_peak_memory_stats", "memory_reserved", "max_memory_reserved",
              "reset_max_memory_allocated", "memory_stats", "is_initialized", "init",
              "get_device_capability", "get_device_properties", "get_arch_list", "initial_seed",
              "get_rng_state", "get_rng_state_all", "set_rng_state_all", "mem_get_info",
              "set_device", "device", "is_tf32_supported")


def test_cuda_signatures_match_torch():
    for name in CUDA_NAMES:
        assert params(getattr(fcuda, name)) == params(getattr(torch.cuda, name)), name
    # the dtype default is each library's float16
    assert [(n, k, str(d)) for n, k, d in params(fcuda.amp.autocast)] == [
        (n, k, str(d)) for n, k, d in params(torch.cuda.amp.autocast)]
    assert params(fcuda.amp.GradScaler) == params(torch.cuda.amp.GradScaler)


# Calls whose results (or exceptions) on a machine without CUDA are torch's.
CUDA_CALLS = {
    "is_available": lambda c: c.is_available(),
    "device_count": lambda c: c.device_count(),
    "current_device": lambda c: c.current_device(),
    "manual_seed": lambda c: c.manual_seed(3),
    "manual_seed_all": lambda c: c.manual_seed_all(3),
    "seed": lambda c: c.seed(),
    "seed_all": lambda c: c.seed_all(),
    "synchronize": lambda c: c.synchronize(),
    "empty_cache": lambda c: c.empty_cache(),
    "is_bf16_supported": lambda c: c.is_bf16_supported(),
    "is_bf16_supported_no_emulation": lambda c: c.is_bf16_supported(including_emulation=False),
    "get_device_name": lambda c: c.get_device_name(),
    "get_device_name_0": lambda c: c.get_device_name(0),
    "memory_allocated": lambda c: c.memory_allocated(),
    "max_memory_allocated": lambda c: c.max_memory_allocated(),
    "memory_reserved": lambda c: c.memory_reserved(),
    "max_memory_reserved": lambda c: c.max_memory_reserved(),
    "memory_stats": lambda c: dict(c.memory_stats()),
    "is_initialized": lambda c: c.is_initialized(),
    "init": lambda c: c.init(),
    "get_device_capability": lambda c: c.get_device_capability(),
    "get_device_properties": lambda c: c.get_device_properties(0),
    "get_arch_list": lambda c: c.get_arch_list(),
    "initial_seed": lambda c: c.initial_seed(),
    "get_rng_state": lambda c: c.get_rng_state(),
    "get_rng_state_all": lambda c: c.get_rng_state_all(),
    "mem_get_info": lambda c: c.mem_get_info(),
    "is_tf32_supported": lambda c: c.is_tf32_supported(),
    "device_context": lambda c: c.device(0).__enter__(),
    "device_context_none": lambda c: c.device(-1).__enter__(),
}


def test_cuda_like_torch_without_gpu(backend):
    with ivy.using_backend(backend):
        for name, call in CUDA_CALLS.items():
            assert outcome(lambda: call(fcuda)) == outcome(lambda: call(torch.cuda)), name
        # torch's CPU build fails here on a missing internal; the frontend does nothing
        assert fcuda.reset_peak_memory_stats() is None
        assert fcuda.reset_max_memory_allocated() is None
        with pytest.raises(AssertionError, match="not compiled with CUDA"):
            fcuda.set_device(0)
        fcuda.set_device(-1)


def test_cuda_seeding_leaves_cpu_generator(backend):
    with ivy.using_backend(backend):
        ft.manual_seed(11)
        want = ft.rand(3).tolist()
        ft.manual_seed(11)
        fcuda.manual_seed(5)
        fcuda.manual_seed_all(5)
        fcuda.seed()
        assert ft.rand(3).tolist() == want


def test_cuda_amp_reuses_runtime(backend):
    with ivy.using_backend(backend):
        assert issubclass(fcuda.amp.autocast, _runtime.autocast)
        assert issubclass(fcuda.amp.GradScaler, _runtime.GradScaler)
        assert importlib.import_module("ivy.frontends.torch.cuda.amp") is fcuda.amp
        with pytest.warns(FutureWarning, match="deprecated"):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", UserWarning)
                ctx = fcuda.amp.autocast()
        with ctx:                                  # disabled: CUDA is not available
            assert not _runtime.is_autocast_enabled("cuda")
            x = ft.ones(2) * 2
        assert str(x.dtype) == "torch.float32"
        with pytest.warns(FutureWarning, match="deprecated"):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", UserWarning)
                scaler = fcuda.amp.GradScaler(init_scale=4.0)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            real = torch.cuda.amp.GradScaler(init_scale=4.0)
        assert scaler.is_enabled() == real.is_enabled() is False
        loss = ft.tensor(3.0)
        assert scaler.scale(loss) is loss


# ---- torch.backends ---------------------------------------------------------------------------
FLAGS = (("cudnn", "enabled"), ("cudnn", "benchmark"), ("cudnn", "deterministic"),
         ("cudnn", "allow_tf32"), ("cudnn", "benchmark_limit"), ("mkldnn", "enabled"),
         ("opt_einsum", "enabled"), ("opt_einsum", "strategy"))
PROBES = (("cudnn", "is_available"), ("cudnn", "version"), ("cuda", "is_built"),
          ("mps", "is_available"), ("mps", "is_built"), ("mkldnn", "is_available"),
          ("mkl", "is_available"), ("openmp", "is_available"), ("opt_einsum", "is_available"),
          ("cuda", "flash_sdp_enabled"), ("cuda", "mem_efficient_sdp_enabled"),
          ("cuda", "math_sdp_enabled"), ("cuda", "cudnn_sdp_enabled"))
MATMUL = ("allow_tf32", "allow_fp16_reduced_precision_reduction",
          "allow_bf16_reduced_precision_reduction")


def test_backends_like_torch(backend):
    with ivy.using_backend(backend):
        for module, name in FLAGS:
            ours, theirs = getattr(getattr(fbackends, module), name), getattr(
                getattr(torch.backends, module), name)
            assert ours == theirs and type(ours) is type(theirs), (module, name)
        for module, name in PROBES:
            probe = getattr(getattr(fbackends, module), name)
            assert probe() == getattr(getattr(torch.backends, module), name)(), (module, name)
            assert params(probe) == params(getattr(getattr(torch.backends, module), name))
        for name in MATMUL:
            assert getattr(fbackends.cuda.matmul, name) == getattr(torch.backends.cuda.matmul,
                                                                   name), name
        assert fbackends.cudnn.is_acceptable(ft.zeros(1)) == torch.backends.cudnn.is_acceptable(
            torch.zeros(1))
        assert params(fbackends.cudnn.flags) == params(torch.backends.cudnn.flags)


def test_backends_flags_are_settable():
    cudnn, matmul = fbackends.cudnn, fbackends.cuda.matmul
    saved = (cudnn.benchmark, cudnn.deterministic, matmul.allow_tf32)
    try:
        cudnn.benchmark, cudnn.deterministic, matmul.allow_tf32 = True, True, True
        assert (cudnn.benchmark, cudnn.deterministic, matmul.allow_tf32) == (True, True, True)
        with cudnn.flags(enabled=False, deterministic=False):
            assert cudnn.enabled is False and cudnn.deterministic is False
        assert cudnn.enabled is True and cudnn.deterministic is True
        with pytest.raises(AttributeError):
            matmul.allow_tf33 = True            # torch: "Unknown attribute"
        with pytest.raises(AttributeError):
            matmul.no_such_flag
        fbackends.cuda.enable_flash_sdp(False)
        assert fbackends.cuda.flash_sdp_enabled() is False
    finally:
        cudnn.benchmark, cudnn.deterministic, matmul.allow_tf32 = saved
        fbackends.cuda.enable_flash_sdp(True)
    for name in ("cudnn", "cuda", "mps", "mkldnn", "openmp", "opt_einsum"):
        assert importlib.import_module(f"ivy.frontends.torch.backends.{name}") is getattr(
            fbackends, name)


def test_cuda_follows_a_backend_gpu(backend, monkeypatch):
    """With the backend placing arrays on a GPU, CUDA reports one device and the device-only
    calls stop raising."""
    with ivy.using_backend(backend):
        monkeypatch.setattr(ivy, "device", lambda x: "gpu:0")
        assert fcuda.is_available() and fcuda.device_count() == 1
        assert fcuda.current_device() == 0 and fcuda.get_device_name(0) == "gpu:0"
        assert fcuda.synchronize() is None and fcuda.init() is None
        assert fcuda.is_bf16_supported()
        with fcuda.device(0):
            pass
