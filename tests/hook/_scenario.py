"""One hook scenario in a fresh interpreter: ``python _scenario.py FRAMEWORK BACKEND [late]``.

Imports the real framework and a third-party-style fixture package, computes the fixture's numbers
on the real framework, installs ivy's frontend with ``BACKEND`` selected, imports the fixture again
(now on the frontend), computes the same numbers, probes what the fixture and ``sys.modules`` see,
uninstalls, and prints one JSON line of findings for ``test_hook.py`` to check.

``late``: the hook goes in first, before any backend is selected and before the real framework
was ever imported (selecting the backend then imports it under the hook); the real numbers are
computed after uninstalling.
"""
import builtins
import importlib
import json
import sys

import numpy as real_np

FW, BACKEND = sys.argv[1:3]
PACKAGE = f"thirdparty_{FW}"
MISSING = {"torch": "torch._dynamo", "jax": "jax._src.pjit", "numpy": "numpy._core"}[FW]
ARRAY_TYPE = {"torch": "Tensor", "jax": "Array", "numpy": "ndarray"}[FW]
BACKEND_FRAMEWORK = {"numpy": "numpy", "torch": "torch", "jax": "jax", "tensorflow": "tensorflow"}


def numbers(pkg):
    rng = real_np.random.default_rng(0)
    if FW == "torch":
        x = rng.standard_normal((5, 4)).astype(real_np.float32)
        y = rng.standard_normal((5, 3)).astype(real_np.float32)
        w = rng.standard_normal((3, 4)).astype(real_np.float32)
        losses, weight = pkg.train(x, y, w)
        return losses + [v for row in weight for v in row]
    if FW == "jax":
        x = rng.standard_normal((5, 4)).astype(real_np.float32)
        w = rng.standard_normal((4, 3)).astype(real_np.float32)
        value, grad = pkg.loss_and_grad(x, w)
        return [value] + grad + [float(k) for k in pkg.key_data()]
    values = rng.standard_normal((6, 3)).tolist()
    return pkg.statistics(values) + pkg.random_draws()


def framework_names():
    return {n: m for n, m in sys.modules.items() if n == FW or n.startswith(FW + ".")}


def missing_submodule_raises(importer_name):
    """``import <MISSING>`` from a module named ``importer_name``: the exception's type name."""
    try:
        exec(f"import {MISSING}", {"__name__": importer_name})
    except ImportError as e:
        return type(e).__name__
    return None


LATE = sys.argv[3:] == ["late"]
out = {}
original_import, original_import_module = builtins.__import__, importlib.import_module
if not LATE:
    real = importlib.import_module(FW)          # the real framework, loaded before the hook
    pkg = importlib.import_module(PACKAGE)
    out["expected"] = numbers(pkg)
    out["real_seen"] = pkg.framework()[0] is real
    del sys.modules[PACKAGE]
before = framework_names()

import ivy  # noqa: E402
from ivy import frontends  # noqa: E402

if LATE:
    frontend = frontends.install(FW)
    ivy.set_backend(BACKEND)
else:
    ivy.set_backend(BACKEND)
    frontend = frontends.install(FW)
out["frontend_is_module"] = frontend is importlib.import_module(f"ivy.frontends.{FW}")
# what a module of the real framework gets when it imports its framework
real_side = eval("__import__(FW)", {"__name__": f"{FW}.something", "FW": FW})
if LATE:
    real = real_side
out["real_importer_sees_real"] = real_side is real and not real.__name__.startswith("ivy.")
pkg = importlib.import_module(PACKAGE)       # imported after the hook went in
seen = pkg.framework()
expected_modules = {"torch": ("", "nn.functional", "nn", "optim"),
                    "jax": ("", "numpy", "lax", "random"), "numpy": ("", "linalg")}[FW]
expected_modules = [importlib.import_module(f"ivy.frontends.{FW}" + (f".{n}" if n else ""))
                    for n in expected_modules]
out["frontend_seen"] = [a is b for a, b in zip(seen, expected_modules)]
out["got"] = numbers(pkg)
array = (frontend.numpy if FW == "jax" else frontend).ones(2)
out["isinstance"] = (pkg.is_tensor(array) if FW == "torch" else pkg.is_array(array))
out["missing_user"] = missing_submodule_raises("user_module")
out["missing_fixture"] = (not pkg.has_dynamo()) if FW == "torch" else None
try:
    importlib.import_module(MISSING)
    out["missing_import_module"] = None
except ImportError as e:
    out["missing_import_module"] = type(e).__name__
lookup = importlib.import_module("thirdparty_lookup")
out["lookup_sees_frontend"] = lookup.framework(FW) is frontend
out["lookup_isinstance"] = lookup.is_tensor_of(FW, array, ARRAY_TYPE)
# the backend keeps its real framework while the frontend of that framework is installed
native = ivy.add(ivy.asarray(real_np.array([1.0, 2.0], dtype=real_np.float32)), 1.0)
out["backend_native_type"] = type(native).__module__.partition(".")[0]
out["backend_value"] = real_np.asarray(ivy.to_numpy(native)).tolist()
if BACKEND_FRAMEWORK[BACKEND] == FW:
    out["backend_real_array"] = isinstance(native, getattr(real, ARRAY_TYPE))
IVY_DIR = str(__import__("pathlib").Path(ivy.__file__).parent)
hooked_ids = {id(m) for m in framework_names().values()         # the frontend's modules
              if getattr(m, "__name__", "").startswith("ivy.")
              or str(getattr(m, "__file__", None) or "").startswith(IVY_DIR)}
out["hooked_count"] = len(hooked_ids)

frontends.uninstall(FW)
after = framework_names()
out["restored"] = all(after.get(n) is m for n, m in before.items())
out["leftover"] = sorted(n for n, m in after.items() if id(m) in hooked_ids
                         or getattr(m, "__name__", "").startswith("ivy.frontends"))
out["hooks_removed"] = (builtins.__import__ is original_import
                        and importlib.import_module is original_import_module)
out["import_after_uninstall_real"] = importlib.import_module(FW) is real
del sys.modules[PACKAGE]
pkg = importlib.import_module(PACKAGE)
out["fixture_real_again"] = pkg.framework()[0] is real
if LATE:
    out["expected"] = numbers(pkg)
    out["real_seen"] = out["fixture_real_again"]
with frontends.installed(FW) as fe:
    out["context_manager"] = importlib.import_module(FW) is fe
out["context_manager_restored"] = importlib.import_module(FW) is real
print(json.dumps(out))
