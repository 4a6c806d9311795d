"""Per-call cost of ivy's core over the native call, every backend, side by side in one run.

    python benchmarks/overhead.py [--backends numpy,torch] [--repeat 15]

For each backend and op (add, multiply, matmul, sum) on 8x8 and 512x512 float32, times
`ivy.<op>(x, y)` (backend selected) and the native call alternately, keeps the best of each, and
prints microseconds, the difference and the ratio. Machines here are shared and noisy: read the
difference on small arrays and the ratio on large ones.
"""
import argparse
import importlib
import importlib.util
import timeit

import numpy as np

import ivy

NATIVE = {
    "numpy": ("numpy", {"add": "add", "multiply": "multiply", "matmul": "matmul", "sum": "sum"}),
    "torch": ("torch", {"add": "add", "multiply": "multiply", "matmul": "matmul", "sum": "sum"}),
    "jax": ("jax.numpy", {"add": "add", "multiply": "multiply", "matmul": "matmul", "sum": "sum"}),
    "tensorflow": ("tensorflow", {"add": "add", "multiply": "multiply", "matmul": "linalg.matmul",
                                  "sum": "reduce_sum"}),
}
OPS = ("add", "multiply", "matmul", "sum")
SIZES = (8, 512)


def _best(stmt, env, number, repeat):
    return min(timeit.repeat(stmt, globals=env, number=number, repeat=repeat)) / number * 1e6


def bench_backend(backend, repeat):
    module_name, names = NATIVE[backend]
    native_mod = importlib.import_module(module_name)
    rows = []
    with ivy.using_backend(backend):
        for n in SIZES:
            data = np.random.default_rng(0).standard_normal((n, n)).astype(np.float32)
            x, y = ivy.asarray(data), ivy.asarray(data[::-1].copy())
            for op in OPS:
                args = "x" if op == "sum" else "x, y"
                sync = ".block_until_ready()" if backend == "jax" else ""
                # both sides spelled as user code spells them: one module attribute lookup each
                env = {"ivy": ivy, "native": native_mod, "x": x, "y": y}
                ivy_stmt = f"ivy.{op}({args}){sync}"
                native_stmt = f"native.{names[op]}({args}){sync}"
                eval(ivy_stmt, env), eval(native_stmt, env)  # warm-up (jax compiles per shape)
                t0 = timeit.default_timer()
                eval(native_stmt, env)
                once = timeit.default_timer() - t0
                number = max(1, min(20000, int(0.02 / max(once, 1e-7))))
                t_ivy, t_native = float("inf"), float("inf")
                for _ in range(repeat):  # alternate so drift hits both sides alike
                    t_native = min(t_native, _best(native_stmt, env, number, 1))
                    t_ivy = min(t_ivy, _best(ivy_stmt, env, number, 1))
                rows.append((backend, f"{op} {n}x{n}", t_native, t_ivy))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default=",".join(ivy.BACKENDS))
    parser.add_argument("--repeat", type=int, default=15)
    opts = parser.parse_args()
    print(f"{'backend':<11}{'op':<18}{'native us':>11}{'ivy us':>11}{'diff us':>10}{'ratio':>8}")
    for backend in opts.backends.split(","):
        if importlib.util.find_spec(NATIVE[backend][0].split(".")[0]) is None:
            print(f"{backend:<11}(not installed)")
            continue
        for b, op, t_native, t_ivy in bench_backend(backend, opts.repeat):
            print(f"{b:<11}{op:<18}{t_native:>11.3f}{t_ivy:>11.3f}{t_ivy - t_native:>10.3f}"
                  f"{t_ivy / t_native:>8.3f}")


if __name__ == "__main__":
    main()
