"""``torch.__version__`` / ``torch.version`` / ``torch.torch_version.TorchVersion``: the release the
frontend reproduces, compared as a version as real torch's is (einops, for one, checks
``torch.__version__ >= "2.8"``; as plain text "2.13.0" < "2.8")."""
from tests.frontends.differential import Snippet, differential_tests

OTHERS = ["'2.8'", "'2.13'", "'2.13.0'", "'2.13.0+cpu'", "'2.13.0+cu121'", "'2.13.0a0'",
          "'2.13.0rc1'", "'2.13.0.dev20250101'", "'2.13.0.post1'", "'2.14'", "'10.0'", "(2, 13)",
          "(2, 14)", "(1, 13, 1)"]
S = Snippet
test_version = differential_tests("torch", [
    S("torch.__version__"),
    S("[torch.__version__ {op} v for v in [{others}]]", op=["==", "<", ">="],
      others=[", ".join(OTHERS)]),
    S("torch.__version__.split('+')[0]"),
    S("isinstance(torch.__version__, torch.torch_version.TorchVersion)"),
    S("torch.torch_version.TorchVersion('1.10.2') < '1.9'"),
    S("[torch.version.{name}]", name=["__version__", "cuda", "hip", "debug", "rocm", "xpu"]),
    S("isinstance(torch.version.git_version, (str, type(None)))"),
])
