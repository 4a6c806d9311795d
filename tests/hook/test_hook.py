"""The import hook (``ivy.frontends.install``), each scenario in a fresh interpreter.

A third-party-style package (``fixtures/thirdparty_<fw>``) that imports the framework at import
time runs once on the real framework and once under the hook, and must give the real numbers;
what it, ``sys.modules`` lookups (einops-style) and the selected backend see is checked, and
uninstalling must restore ``sys.modules`` exactly. Each case is a frontend on another backend and
on its own framework's backend (the backend must keep the real framework), and one case installs
the hook before the real framework was ever imported.
"""
import json
import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest

HERE = pathlib.Path(__file__).parent
SCENARIOS = [("torch", "jax", ""), ("torch", "torch", ""), ("jax", "torch", ""), ("jax", "jax", ""),
             ("numpy", "torch", ""), ("numpy", "numpy", ""),
             # the hook first, then the backend of the same framework (imported under the hook)
             ("torch", "torch", "late")]


def run_scenario(framework, backend, mode):
    pytest.importorskip(framework)
    pytest.importorskip({"numpy": "numpy", "torch": "torch", "jax": "jax"}[backend])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(HERE / "fixtures")] + [p for p in [os.environ.get("PYTHONPATH")] if p]))
    proc = subprocess.run([sys.executable, str(HERE / "_scenario.py"), framework, backend]
                          + ([mode] if mode else []),
                          capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module", params=SCENARIOS,
                ids=[f"{f}-on-{b}" + (f"-{m}" if m else "") for f, b, m in SCENARIOS])
def scenario(request):
    framework, backend, mode = request.param
    return framework, backend, run_scenario(framework, backend, mode)


def test_thirdparty_package_runs_on_frontend_with_real_numbers(scenario):
    framework, _, out = scenario
    assert out["real_seen"]
    assert out["frontend_is_module"]
    assert all(out["frontend_seen"]), out["frontend_seen"]
    np.testing.assert_allclose(out["got"], out["expected"], rtol=1e-5, atol=1e-7)


def test_isinstance_and_sys_modules_lookup_see_frontend(scenario):
    _, _, out = scenario
    assert out["isinstance"]
    assert out["lookup_sees_frontend"]
    assert out["lookup_isinstance"]


def test_missing_submodule_raises_module_not_found(scenario):
    framework, _, out = scenario
    assert out["missing_user"] == "ModuleNotFoundError"
    assert out["missing_import_module"] == "ModuleNotFoundError"
    if framework == "torch":
        assert out["missing_fixture"]       # try: import torch._dynamo / except ImportError


def test_backend_keeps_real_framework(scenario):
    framework, backend, out = scenario
    assert out["backend_native_type"] in {backend, "jaxlib"}
    assert out["backend_value"] == [2.0, 3.0]
    assert out["real_importer_sees_real"]
    if backend == framework:
        assert out["backend_real_array"]


def test_uninstall_restores_real_modules(scenario):
    _, _, out = scenario
    assert out["restored"]
    assert out["hooked_count"] > 0
    assert out["leftover"] == []
    assert out["hooks_removed"]
    assert out["import_after_uninstall_real"]
    assert out["fixture_real_again"]
    assert out["context_manager"] and out["context_manager_restored"]


C_IMPORT = """
import ctypes, json, sys
import numpy as real
import ivy
from ivy import frontends
ivy.set_backend("numpy")
frontend = frontends.install("numpy")
c_import = ctypes.pythonapi.PyImport_ImportModule
c_import.restype, c_import.argtypes = ctypes.py_object, [ctypes.c_char_p]
out = {}
# C code called from a module of a real framework (jaxlib's first use of numpy, say)
scope = {"__name__": "jaxlib.fake", "c_import": c_import}
exec("got = c_import(b'numpy')", scope)
out["real_framework_gets_real"] = scope["got"] is real
out["kept_until_next_import"] = sys.modules["numpy"] is real
import os  # noqa: any import through the hook puts the alias back
out["alias_back"] = sys.modules["numpy"] is frontend
out["user_c_import_gets_frontend"] = c_import(b"numpy") is frontend
frontends.uninstall("numpy")
out["restored"] = sys.modules["numpy"] is real
print(json.dumps(out))
"""


def test_c_level_import_from_real_framework_gets_real_module():
    """``PyImport_ImportModule`` reads ``sys.modules`` after calling ``__import__``: called on
    behalf of a real framework it must find the real module there."""
    proc = subprocess.run([sys.executable, "-c", C_IMPORT], capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr[-4000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out == {"real_framework_gets_real": True, "kept_until_next_import": True,
                   "alias_back": True, "user_c_import_gets_frontend": True, "restored": True}
