"""Unmodified PyTorch code on JAX: ``examples/scripts/torch_gpt.py`` run by real PyTorch and by
``python -m ivy run --frontend torch --backend jax``, its losses side by side.

    python examples/demo_dropin.py [--frontend torch] [--backend jax] [--script PATH]

The script says ``import torch`` and nothing of ivy; both runs start from the same numpy weights
and batches. Exits 1 if a run fails or a loss differs from the native one by more than 1e-5
relative (float32 arithmetic in another framework's kernels).
"""
import argparse
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = {"torch": "torch_gpt.py", "jax": "jax_mlp.py", "numpy": "numpy_mlp.py",
           "tensorflow": "tf_mlp.py"}
LOSS = re.compile(r"^step (\d+) loss (\S+)$", re.MULTILINE)


def run(command):
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"failed ({done.returncode}): {' '.join(command)}")
    return [float(v) for _, v in LOSS.findall(done.stdout)], time.perf_counter() - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frontend", default="torch", choices=sorted(SCRIPTS))
    parser.add_argument("--backend", default="jax")
    parser.add_argument("--script", help="default: examples/scripts/<the frontend's script>")
    args = parser.parse_args(argv)
    script = args.script or os.path.join(HERE, "scripts", SCRIPTS[args.frontend])
    native, native_s = run([sys.executable, script])
    ours, ours_s = run([sys.executable, "-m", "ivy", "run", "--frontend", args.frontend,
                        "--backend", args.backend, script])
    name = os.path.relpath(script)
    print(f"{name}: real {args.frontend} vs ivy's {args.frontend} frontend on the "
          f"{args.backend} backend (python -m ivy run)")
    print(f"{'step':>4}  {'native ' + args.frontend:>16}  {'on ' + args.backend:>16}  "
          f"{'rel. diff':>9}")
    worst = 0.0 if len(native) == len(ours) and native else float("inf")
    for step, (a, b) in enumerate(zip(native, ours)):
        diff = abs(a - b) / max(abs(a), 1e-30)
        worst = max(worst, diff)
        print(f"{step:>4}  {a:>16.8f}  {b:>16.8f}  {diff:>9.1e}")
    print(f"whole run, start-up included: native {native_s:.1f} s, on {args.backend} "
          f"{ours_s:.1f} s; largest relative difference {worst:.1e}")
    return 0 if worst <= 1e-5 else 1


if __name__ == "__main__":
    sys.exit(main())
