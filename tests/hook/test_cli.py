"""``python -m ivy run`` and ``python -m ivy info``, each in a fresh interpreter.

The example scripts (``examples/scripts``: plain framework programs that never mention ivy) run
natively and through ``python -m ivy run`` on two backends each (the TensorFlow one, slow to
import, on one); the printed losses must agree (rtol 1e-5). The program's argv, ``sys.path[0]``,
exit status and traceback are those ``python`` gives it.
"""
import importlib.util
import json
import os
import pathlib
import re
import subprocess
import sys
import textwrap

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "examples" / "scripts"
# script -> (frontend, the two backends it runs on, arguments that keep it short)
CASES = {"torch_gpt.py": ("torch", ("jax", "torch"), ["--steps", "4"]),
         "jax_mlp.py": ("jax", ("torch", "jax"), ["--steps", "6"]),
         "numpy_mlp.py": ("numpy", ("torch", "jax"), ["--steps", "10"]),
         "tf_mlp.py": ("tensorflow", ("torch",), ["--steps", "6"])}


def python(*args, cwd=ROOT):
    return subprocess.run([sys.executable, *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, timeout=300)


def numbers(stdout):
    """step -> loss, plus any other "name value" lines (accuracy)."""
    found = {}
    for line in stdout.splitlines():
        m = re.fullmatch(r"step (\d+) loss (\S+)", line.strip())
        if m:
            found[int(m.group(1))] = float(m.group(2))
        elif re.fullmatch(r"[a-z]+ \S+", line.strip()):
            name, value = line.split()
            found[name] = float(value)
    return found


def run_numbers(*args):
    proc = python(*args)
    assert proc.returncode == 0, f"python {' '.join(map(str, args))}:\n{proc.stderr[-4000:]}"
    return numbers(proc.stdout)


# one test per script, so its native run happens once whichever xdist worker takes it
@pytest.mark.parametrize("script", list(CASES))
def test_example_script_matches_native(script):
    frontend, on, args = CASES[script]
    pytest.importorskip(frontend)
    expected = run_numbers(SCRIPTS / script, *args)
    assert len(expected) >= 4
    for backend in on:
        if importlib.util.find_spec(backend) is None:
            continue
        got = run_numbers("-m", "ivy", "run", "--frontend", frontend, "--backend", backend,
                          SCRIPTS / script, *args)
        assert got.keys() == expected.keys(), backend
        np.testing.assert_allclose([got[k] for k in expected], list(expected.values()),
                                   rtol=1e-5, err_msg=f"{script} on the {backend} backend")


PROBE = """
import json, os, sys
import numpy
print(json.dumps({"argv": sys.argv, "path0": sys.path[0], "name": __name__,
                  "numpy": numpy.__name__}))
sys.exit(int(os.environ.get("PROBE_EXIT", "0")))
"""


def _probe(proc):
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_script_argv_path_and_exit_status(tmp_path):
    script = tmp_path / "sub" / "probe.py"
    script.parent.mkdir()
    script.write_text(PROBE)
    env_exit = dict(os.environ, PROBE_EXIT="3")
    cmd = ["-m", "ivy", "run", "--frontend", "numpy", "--backend", "numpy",
           "sub/probe.py", "a", "--steps", "-m", "x"]
    ours = subprocess.run([sys.executable, *cmd], capture_output=True, text=True, cwd=tmp_path,
                          env=env_exit, timeout=300)
    plain = subprocess.run([sys.executable, "sub/probe.py", "a", "--steps", "-m", "x"],
                           capture_output=True, text=True, cwd=tmp_path, env=env_exit,
                           timeout=300)
    assert ours.returncode == plain.returncode == 3, ours.stderr
    got, want = _probe(ours), _probe(plain)
    assert got["argv"] == want["argv"] == ["sub/probe.py", "a", "--steps", "-m", "x"]
    assert got["path0"] == want["path0"] == str(script.parent.resolve())
    assert got["name"] == "__main__"
    assert got["numpy"] == "ivy.frontends.numpy" and want["numpy"] == "numpy"


def test_module_argv_path_and_exit_status(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "probe.py").write_text(PROBE)
    env_exit = dict(os.environ, PROBE_EXIT="4")
    ours = subprocess.run([sys.executable, "-m", "ivy", "run", "--frontend", "numpy",
                           "--backend", "numpy", "-m", "pkg.probe", "b", "c"],
                          capture_output=True, text=True, cwd=tmp_path, env=env_exit, timeout=300)
    plain = subprocess.run([sys.executable, "-m", "pkg.probe", "b", "c"], capture_output=True,
                           text=True, cwd=tmp_path, env=env_exit, timeout=300)
    assert ours.returncode == plain.returncode == 4, ours.stderr
    got, want = _probe(ours), _probe(plain)
    assert got["argv"] == want["argv"] == [str(package / "probe.py"), "b", "c"]
    assert got["path0"] == want["path0"]
    assert got["name"] == "__main__" and got["numpy"] == "ivy.frontends.numpy"


def test_failing_script_prints_its_traceback_and_exits_1(tmp_path):
    script = tmp_path / "fails.py"
    script.write_text(textwrap.dedent("""
        def inner():
            raise ValueError("boom")
        inner()
    """))
    ours = python("-m", "ivy", "run", "--frontend", "numpy", "--backend", "numpy", script,
                  cwd=tmp_path)
    plain = python(script, cwd=tmp_path)
    assert ours.returncode == plain.returncode == 1
    assert ours.stderr == plain.stderr          # the same traceback: no ivy or runpy frames
    assert "ValueError: boom" in ours.stderr and 'line 3, in inner' in ours.stderr


def test_system_exit_message(tmp_path):
    script = tmp_path / "quits.py"
    script.write_text("import sys\nsys.exit('bad input')\n")
    ours = python("-m", "ivy", "run", "--frontend", "numpy", script, cwd=tmp_path)
    assert ours.returncode == 1 and ours.stderr.strip() == "bad input"


def test_info_lists_versions_and_backends():
    proc = python("-m", "ivy", "info", "--no-coverage")
    assert proc.returncode == 0, proc.stderr
    import ivy
    assert f"ivy {ivy.__version__}" in proc.stdout
    assert "backends available:" in proc.stdout and "numpy" in proc.stdout


def test_info_coverage_counts_real_public_names():
    from ivy import _cli
    found, total = _cli.coverage("numpy")
    real = __import__("numpy")
    assert total >= len([n for n in real.__all__ if not isinstance(getattr(real, n, None),
                                                                  type(real))])
    assert 0 < found <= total
