"""What `pip install ivy` promises: the interpreter it names and the modules a bare install imports."""
import ast
import pathlib
import re
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
# Modules of the optional frameworks: only the backends, the import hook and interop helpers
# reach them, each guarded (the frameworks are extras).
OPTIONAL = {"torch", "jax", "jaxlib", "tensorflow",
            "h5py"}   # Keras's weight files, imported when saving (the tensorflow extra has it)
IMPORT_NAME = {"typing-extensions": "typing_extensions"}


def _requirement_name(req):
    return re.split(r"[\s<>=!~\[;]", req, maxsplit=1)[0].lower()


def _top_level_imports(path):
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0]


def test_every_third_party_import_is_a_base_dependency():
    base = {IMPORT_NAME.get(n, n).replace("-", "_")
            for n in map(_requirement_name, PYPROJECT["project"]["dependencies"])}
    missing = {}
    for path in (ROOT / "ivy").rglob("*.py"):
        if "backends" in path.relative_to(ROOT / "ivy").parts:
            continue
        for name in _top_level_imports(path):
            if name in sys.stdlib_module_names or name in OPTIONAL or name == "ivy":
                continue
            if name not in base:
                missing.setdefault(name, []).append(str(path.relative_to(ROOT)))
    assert not missing, f"imported by ivy but not in pyproject's dependencies: {missing}"


def test_requires_python_admits_only_interpreters_the_pins_support():
    # numpy 2.4 and jax 0.10 (constraints.txt) need Python 3.11; a looser floor fails in pip
    # with "Cannot install None" instead of saying so.
    assert PYPROJECT["project"]["requires-python"] == ">=3.11"
    assert "Python >= 3.11" in (ROOT / "README.md").read_text()
    assert "(3, 11)" in (ROOT / "Makefile").read_text()
