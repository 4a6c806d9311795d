"""A JAX MLP training step under ``jax.jit``: real JAX vs the jax frontend on every backend.

    python benchmarks/traced.py [--backends torch,jax,tensorflow,numpy] [--sizes 2,32,32,3]
                                [--batch 96] [--window 0.05] [--repeats 15] [--warmup 3]
                                [--threads 1] [--clock cpu|wall] [--no-references] [--quick]

The workload is plain JAX, written once and run on real JAX and on ``ivy.frontends.jax`` with
each backend selected: a tanh MLP whose parameters are a list of {"w", "b"} dicts, softmax
cross-entropy by ``jax.nn.log_softmax``/``jax.nn.one_hot``, and one jitted step

    @jax.jit
    def step(params, x, y):
        value, grads = jax.value_and_grad(loss)(params, x, y)
        return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads), value

(``examples/scripts/jax_mlp.py``'s model, default 2-32-32-3 on 96 points, float32). On the
numpy backend, which has no autodiff, the row is the forward pass only (``jax.jit(loss)``), timed
against real JAX's jitted forward pass.

Two plain programs in the backends' own frameworks do the same step as a reference, so a ratio
splits into the framework's floor and ivy's own share ("vs plain"): PyTorch eager
(``torch.autograd.grad`` and SGD -- what the torch backend's replay amounts to) and TensorFlow's
``tf.function`` with ``GradientTape`` (what the tensorflow backend compiles to).

Every run starts from the same NumPy-drawn parameters and runs the same steps: ``--warmup``
steps (tracing, compiling) and 10 more, then ``--repeats`` timing windows of the same number of
steps (as many as take ``--window`` seconds on real JAX), round-robin over every run so drift on
a shared machine hits them alike; a window ends by reading the parameters back to NumPy (JAX
dispatches asynchronously). A row reports the median window's microseconds per step, the median
over rounds of (its window / real JAX's window) -- the ratio to quote -- and of (its window / the
plain program's), and how many times the Python body of ``loss`` ran in all those steps (jit:
once per input signature; PyTorch eager runs it every step). The last step's loss of every run is
printed: each run did the same work. Times are the process's CPU time by default (``--clock
wall`` for wall time): steadier while other processes share the cores.

Every framework gets ``--threads`` intra-op threads (default 1: on a small shared machine a
contended thread pool is noise, not speed).
"""
import argparse
import os
import statistics
import sys
import time
import warnings


def _early_threads(argv):
    """``--threads N`` must reach XLA's and BLAS's pools before they load."""
    for i, arg in enumerate(argv):
        if arg.startswith("--threads="):
            return arg.split("=", 1)[1]
        if arg == "--threads" and i + 1 < len(argv):
            return argv[i + 1]
    return "1"


os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
THREADS = _early_threads(sys.argv[1:])
if THREADS != "0":
    for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(_var, THREADS)
    if THREADS == "1":
        os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false "
                                           "intra_op_parallelism_threads=1")

import numpy as np  # noqa: E402

import ivy  # noqa: E402

BACKENDS = ("torch", "jax", "tensorflow", "numpy")
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
CLOCK = [time.process_time]
NO_AUTODIFF = frozenset({"numpy"})


def _initial(sizes, batch):
    """The NumPy-drawn parameters and data every run starts from."""
    rng = np.random.default_rng(0)
    params = [(rng.standard_normal((m, n)) / np.sqrt(m), 0.1 * rng.standard_normal(n))
              for m, n in zip(sizes[:-1], sizes[1:])]
    x = rng.standard_normal((batch, sizes[0]))
    y = rng.integers(0, sizes[-1], batch)
    return [(w.astype(np.float32), b.astype(np.float32)) for w, b in params], \
        x.astype(np.float32), y.astype(np.int32)


class Workload:
    """The MLP step (``train``) or its forward pass, built on a ``jax`` module (real or the
    frontend); ``body_runs`` counts the Python runs of ``loss``."""

    def __init__(self, jax, sizes, batch, train, lr=0.5):
        jnp = jax.numpy
        params, x, y = _initial(sizes, batch)
        self.params = [{"w": jnp.asarray(w), "b": jnp.asarray(b)} for w, b in params]
        self.x, self.y = jnp.asarray(x), jnp.asarray(y)
        self.value = None
        self.runs = runs = [0]        # not on self: the traced body reaches no array-holding state
        classes = sizes[-1]

        def forward(params, x):
            for layer in params[:-1]:
                x = jnp.tanh(x @ layer["w"] + layer["b"])
            return x @ params[-1]["w"] + params[-1]["b"]

        def loss(params, x, y):
            runs[0] += 1
            logp = jax.nn.log_softmax(forward(params, x))
            return -jnp.mean(jnp.sum(jax.nn.one_hot(y, classes) * logp, axis=-1))

        if train:
            @jax.jit
            def step(params, x, y):
                value, grads = jax.value_and_grad(loss)(params, x, y)
                return jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads), value

            def run():
                self.params, self.value = step(self.params, self.x, self.y)
        else:
            jitted = jax.jit(loss)

            def run():
                self.value = jitted(self.params, self.x, self.y)
        self.step = run
        self.leaves = jax.tree_util.tree_leaves

    def sync(self):
        for leaf in self.leaves((self.params, self.value)):
            np.asarray(leaf)


class TorchReference:
    """The same step written in plain PyTorch (eager autograd, ``torch.autograd.grad`` and SGD):
    the floor for the torch backend, which replays the traced step as eager torch calls."""

    def __init__(self, sizes, batch, train, lr=0.5):
        import torch
        params, x, y = _initial(sizes, batch)
        self.params = [torch.from_numpy(a) for pair in params for a in pair]
        self.x, self.y = torch.from_numpy(x), torch.from_numpy(y).long()
        self.runs, self.value = [0], None
        classes = sizes[-1]

        def loss(ps):
            self.runs[0] += 1
            h = self.x
            for i in range(0, len(ps) - 2, 2):
                h = torch.tanh(h @ ps[i] + ps[i + 1])
            logp = torch.log_softmax(h @ ps[-2] + ps[-1], dim=-1)
            return -(torch.nn.functional.one_hot(self.y, classes) * logp).sum(-1).mean()

        def run():
            if not train:
                with torch.no_grad():
                    self.value = loss(self.params)
                return
            ps = [p.requires_grad_() for p in self.params]
            value = loss(ps)
            grads = torch.autograd.grad(value, ps)
            with torch.no_grad():
                self.params = [p - lr * g for p, g in zip(ps, grads)]
            self.value = value.detach()
        self.step = run

    def sync(self):
        for p in self.params:
            p.detach().numpy()


class TensorflowReference:
    """The same step written in plain TensorFlow (``tf.function``, ``GradientTape``, SGD): the
    floor for the tensorflow backend, which runs the traced step under ``tf.function``."""

    def __init__(self, sizes, batch, train, lr=0.5):
        import tensorflow as tf
        params, x, y = _initial(sizes, batch)
        self.params = [tf.constant(a) for pair in params for a in pair]
        self.x, self.y = tf.constant(x), tf.constant(y)
        self.runs, self.value = [0], None
        classes = sizes[-1]
        runs = self.runs

        def loss(ps, x, y):
            runs[0] += 1
            h = x
            for i in range(0, len(ps) - 2, 2):
                h = tf.tanh(h @ ps[i] + ps[i + 1])
            logp = tf.nn.log_softmax(h @ ps[-2] + ps[-1], axis=-1)
            return -tf.reduce_mean(tf.reduce_sum(tf.one_hot(y, classes) * logp, axis=-1))

        @tf.function
        def step(ps, x, y):
            with tf.GradientTape() as tape:
                tape.watch(ps)
                value = loss(ps, x, y)
            grads = tape.gradient(value, ps)
            return [p - lr * g for p, g in zip(ps, grads)], value

        forward = tf.function(loss)

        def run():
            if train:
                self.params, self.value = step(self.params, self.x, self.y)
            else:
                self.value = forward(self.params, self.x, self.y)
        self.step = run

    def sync(self):
        for p in self.params:
            p.numpy()


REFERENCES = {"torch": TorchReference, "tensorflow": TensorflowReference}


class Cell:
    """One run: real JAX (``kind`` "jax"), the frontend on a backend ("on torch"), or a plain
    reference program in another framework ("torch", "tensorflow")."""

    def __init__(self, kind, backend, train):
        self.kind, self.backend, self.train = kind, backend, train
        self.work, self.error, self.times = None, None, []

    @property
    def label(self):
        return {"jax": "real JAX", "frontend": f"frontend on {self.backend}",
                "reference": f"plain {self.backend} program"}[self.kind]

    def build(self, sizes, batch):
        if self.kind == "reference":
            return REFERENCES[self.backend](sizes, batch, self.train)
        if self.kind == "jax":
            import jax
            return Workload(jax, sizes, batch, self.train)
        import ivy.frontends.jax as fe
        return Workload(fe, sizes, batch, self.train)

    def scope(self):
        return ivy.using_backend(self.backend) if self.kind == "frontend" else _Null()


class _Null:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def _set_threads(n):
    import torch
    import tensorflow as tf
    if n > 0:
        torch.set_num_threads(n)
        try:
            tf.config.threading.set_intra_op_parallelism_threads(n)
            tf.config.threading.set_inter_op_parallelism_threads(n)
        except RuntimeError:       # already initialized
            pass


def bench(cells, sizes, batch, warmup, repeats, window, log):
    """Build and warm up every cell, then time round-robin windows; returns steps per window."""
    steps = 1
    for cell in cells:
        started = time.perf_counter()
        try:
            with cell.scope():
                cell.work = cell.build(sizes, batch)
                for _ in range(warmup):
                    cell.work.step()
                    cell.work.sync()
                t0 = CLOCK[0]()       # 10 more, timed: real JAX's set the window's steps
                for _ in range(10):
                    cell.work.step()
                cell.work.sync()
                if cell.kind == "jax":
                    per_step = (CLOCK[0]() - t0) / 10
                    steps = max(1, min(1000, round(window / max(per_step, 1e-6))))
        except Exception as exc:        # noqa: BLE001 -- reported as n/a
            cell.work, cell.error = None, f"{type(exc).__name__}: {str(exc)[:120]}"
        log(f"  {cell.label} ({'train' if cell.train else 'forward'}): "
            f"{'n/a ' + cell.error if cell.error else 'warmed up'} in "
            f"{time.perf_counter() - started:.1f} s")
    live = [c for c in cells if c.work is not None]
    for _ in range(repeats):
        for cell in live:
            with cell.scope():
                t0 = CLOCK[0]()
                for _ in range(steps):
                    cell.work.step()
                cell.work.sync()
                cell.times.append((CLOCK[0]() - t0) / steps)
    return steps


def report(title, cells, steps, warmup):
    """One row a run: median us/step, the median of the rounds' ratios to real JAX and, for the
    frontend on torch/tensorflow, to the plain program in that framework (ivy's own share)."""
    real = cells[0]
    plain = {c.backend: c for c in cells if c.kind == "reference" and c.work is not None}
    print(title)
    header = (f"{'run':<26}{'us/step':>10}{'vs JAX':>8}{'vs plain':>10}{'loss body runs':>17}"
              f"{'last loss':>12}")
    print(header)
    print("-" * len(header))
    total = warmup + 10 + len(real.times) * steps
    for cell in cells:
        if cell.work is None:
            print(f"{cell.label:<26}n/a ({cell.error})")
            continue
        us = statistics.median(cell.times) * 1e6
        ratio = statistics.median(f / r for f, r in zip(cell.times, real.times))
        ref = plain.get(cell.backend) if cell.kind == "frontend" else None
        vs_plain = f"{statistics.median(f / r for f, r in zip(cell.times, ref.times)):.2f}x" \
            if ref is not None else "-"
        loss = float(np.asarray(cell.work.value))
        print(f"{cell.label:<26}{us:>10.1f}{ratio:>7.2f}x{vs_plain:>10}"
              f"{f'{cell.work.runs[0]} in {total}':>17}{loss:>12.6f}")
    print()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default=",".join(BACKENDS))
    parser.add_argument("--sizes", default="2,32,32,3", help="layer widths, input first")
    parser.add_argument("--batch", type=int, default=96)
    parser.add_argument("--window", type=float, default=0.05,
                        help="seconds of real JAX steps per timing window")
    parser.add_argument("--repeats", type=int, default=15, help="timing windows per run")
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="cpu",
                        help="the process's CPU time (default: steady on a shared machine) or "
                             "wall time")
    parser.add_argument("--no-references", dest="references", action="store_false",
                        help="leave out the plain torch / TensorFlow programs")
    parser.add_argument("--quick", action="store_true", help="3 windows: a smoke run")
    args = parser.parse_args(argv)
    backends = [b for b in args.backends.split(",") if b]
    for b in backends:
        if b not in BACKENDS:
            parser.error(f"unknown backend {b!r}; choose from {','.join(BACKENDS)}")
    sizes = tuple(int(s) for s in args.sizes.split(","))
    repeats = 3 if args.quick else args.repeats
    warnings.filterwarnings("ignore")
    CLOCK[0] = CLOCKS[args.clock]
    _set_threads(args.threads)

    def log(msg):
        print(msg, file=sys.stderr, flush=True)

    started = time.perf_counter()
    label = f"MLP {'-'.join(map(str, sizes))}, batch {args.batch}, float32"
    for train in (True, False):
        chosen = [b for b in backends if (b in NO_AUTODIFF) != train]
        if not chosen:
            continue
        cells = [Cell("jax", None, train)] + [Cell("frontend", b, train) for b in chosen]
        if args.references:
            cells += [Cell("reference", b, train) for b in chosen if b in REFERENCES]
        steps = bench(cells, sizes, args.batch, args.warmup, repeats, args.window, log)
        what = ("jit(value_and_grad + SGD over the params pytree)" if train
                else "jit(loss): forward pass only (no autodiff on these backends)")
        report(f"{label}: {what}; median of {repeats} windows of {steps} steps ({args.clock} "
               f"time); ratios: median of the rounds' ratios", cells, steps, args.warmup)
    print(f"total {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
