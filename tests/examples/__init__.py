"""Tests that run the programs in ``examples/`` on real frameworks and on the frontends."""
import importlib.util
from pathlib import Path

EXAMPLES_DIR = Path(__file__).resolve().parents[2] / "examples"


def load_example(name):
    """``examples/<name>.py`` as a module (the examples folder is not a package)."""
    spec = importlib.util.spec_from_file_location(f"_ivy_example_{name}",
                                                  EXAMPLES_DIR / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
