"""Time per training step of the example programs: real torch vs the torch frontend per backend.

    python benchmarks/training_torch.py [--backends torch,jax,tensorflow] [--steps 6] [--model gpt]

Runs ``examples/gpt.py`` / ``examples/cnn.py`` (forward, ``loss.backward()``, optimizer step) with
the same weights and batches on real torch and on ``ivy.frontends.torch`` over each backend, and
prints the median seconds per step after a warm-up step, and the ratio to real torch. On the torch
backend the ratio is the frontend's cost (autograd is torch's own); on jax and tensorflow it is the
core's recording tape (one vjp per core call) plus that framework's eager dispatch.
"""
import argparse
import importlib.util
import pathlib
import statistics
import time

import ivy

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"


def _load(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _step_times(example, torch, model, batches, steps):
    times = []
    for i in range(steps):
        start = time.perf_counter()
        example.train(torch, model, batches[i:i + 1], 1)
        times.append(time.perf_counter() - start)
    return times[1:]          # the first step builds optimizer state (and compiles on jax)


def run(model_name, backends, steps):
    import torch as real
    real.set_num_threads(1)
    from ivy.frontends import torch as fe
    example = _load(model_name)
    cfg = example.GPTConfig() if model_name == "gpt" else example.CNNConfig()
    batches = example.make_batches(cfg, steps)
    real_model = example.make_model(real, cfg)
    native = statistics.median(_step_times(example, real, real_model,
                                           example.to_torch(real, batches), steps))
    print(f"{model_name}: real torch {native * 1e3:8.2f} ms/step")
    for backend in backends:
        with ivy.using_backend(backend):
            ours = example.make_model(fe, cfg)
            example.copy_weights(fe, ours, real_model)
            t = statistics.median(_step_times(example, fe, ours, example.to_torch(fe, batches),
                                              steps))
        print(f"{model_name}: frontend on {backend:10s} {t * 1e3:8.2f} ms/step  "
              f"({t / native:5.1f}x real torch)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="torch,jax,tensorflow")
    parser.add_argument("--steps", type=int, default=6)
    parser.add_argument("--model", default="gpt,cnn")
    args = parser.parse_args()
    for name in args.model.split(","):
        run(name, args.backends.split(","), args.steps)


if __name__ == "__main__":
    main()
