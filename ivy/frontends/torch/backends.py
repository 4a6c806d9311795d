"""``torch.backends``: the flags and availability probes of torch's kernel libraries.

The flags are plain settable attributes with torch's defaults; the frontend's kernels are the
backend's, so they are recorded and reported back but change nothing. The probes answer what a
CPU-only build of torch answers (cuDNN, CUDA and MPS absent; MKL-DNN and OpenMP present;
opt_einsum present when the package is installed). Each of ``cudnn``, ``cuda``, ... is also
importable as ``ivy.frontends.torch.backends.<name>``.
"""
from __future__ import annotations

import contextlib
import importlib.util
import sys
import types


def _submodule(name, doc, **attrs):
    module = types.ModuleType(f"{__name__}.{name}", doc)
    module.__dict__.update(attrs)
    sys.modules[module.__name__] = module
    return module


def _false():
    return False


def _true():
    return True


# ---- cudnn ------------------------------------------------------------------------------------

def _cudnn_version():
    return None


def _is_acceptable(tensor):
    return False


@contextlib.contextmanager
def _cudnn_flags(enabled=False, benchmark=False, benchmark_limit=10, deterministic=False,
                 allow_tf32=True, fp32_precision="none", depthwise_kernel="auto"):
    names = ("enabled", "benchmark", "benchmark_limit", "deterministic", "allow_tf32")
    saved = {n: getattr(cudnn, n) for n in names}
    cudnn.__dict__.update(enabled=enabled, benchmark=benchmark, benchmark_limit=benchmark_limit,
                          deterministic=deterministic, allow_tf32=allow_tf32)
    try:
        yield
    finally:
        cudnn.__dict__.update(saved)


cudnn = _submodule("cudnn", "torch.backends.cudnn", enabled=True, benchmark=False,
                   benchmark_limit=None, deterministic=False, allow_tf32=True,
                   is_available=_false, version=_cudnn_version, is_acceptable=_is_acceptable,
                   flags=_cudnn_flags)


# ---- cuda -------------------------------------------------------------------------------------

class _Matmul:
    """torch.backends.cuda.matmul: cuBLAS flags (an unknown name is an AttributeError)."""
    __slots__ = ("allow_tf32", "allow_fp16_reduced_precision_reduction",
                 "allow_bf16_reduced_precision_reduction")

    def __init__(self):
        self.allow_tf32 = False
        self.allow_fp16_reduced_precision_reduction = True
        self.allow_bf16_reduced_precision_reduction = True


_SDP = {"flash": True, "mem_efficient": True, "math": True, "cudnn": True}


def _sdp_pair(kind):
    def enabled():
        return _SDP[kind]

    def enable(enabled):
        _SDP[kind] = enabled
    enabled.__name__, enable.__name__ = f"{kind}_sdp_enabled", f"enable_{kind}_sdp"
    return {enabled.__name__: enabled, enable.__name__: enable}


cuda = _submodule("cuda", "torch.backends.cuda", matmul=_Matmul(), is_built=_false,
                  **_sdp_pair("flash"), **_sdp_pair("mem_efficient"), **_sdp_pair("math"),
                  **_sdp_pair("cudnn"))


# ---- the CPU libraries, mps, opt_einsum ---------------------------------------------------------

def _opt_einsum_available() -> bool:
    return importlib.util.find_spec("opt_einsum") is not None


mps = _submodule("mps", "torch.backends.mps", is_available=_false, is_built=_false)
mkldnn = _submodule("mkldnn", "torch.backends.mkldnn", enabled=True, is_available=_true)
mkl = _submodule("mkl", "torch.backends.mkl", is_available=_true)
openmp = _submodule("openmp", "torch.backends.openmp", is_available=_true)
opt_einsum = _submodule("opt_einsum", "torch.backends.opt_einsum",
                        enabled=_opt_einsum_available(),
                        strategy="auto" if _opt_einsum_available() else None,
                        is_available=_opt_einsum_available)
