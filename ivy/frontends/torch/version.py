"""``torch.version``: the PyTorch release this frontend reproduces (a CPU build: no CUDA/ROCm)."""
__version__ = "2.13.0+cpu"
debug = False
cuda = None
git_version = "Unknown"     # (what torch reports for a build outside a git checkout)
hip = None
rocm = None
xpu = None
