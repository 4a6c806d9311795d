"""Model-sized training steps: each framework natively vs its ivy frontend on every backend.

    python benchmarks/models.py [--frontends torch,jax,numpy,tensorflow] [--backends ...]
                                [--steps N | --window 0.1] [--repeats 15] [--warmup 3]
                                [--stat best|median] [--clock wall|cpu]
                                [--threads 1] [--quick] [--markdown] [--png benchmarks/models.png]

``--quick`` (small models, 2 warm-up steps, 3 windows of 2 steps) is a smoke run of about a
minute; the full run takes about three on two shared cores.

One workload per frontend, written once in ``examples/`` as plain framework code that takes the
framework module as a parameter, and run here on the real framework ("native") and on
``ivy.frontends.<framework>`` over each backend:

- torch: ``examples/gpt.py``'s GPT training step (forward, ``loss.backward()``, AdamW step) at 4
  layers, width 256, 4 heads, sequence 128, batch 8, vocabulary 256.
- jax: ``examples/jax_mlp.py``'s step (the loss, ``jax.jit(jax.grad(loss))``, SGD by
  ``jax.tree_util.tree_map``) on a 784-512-512-10 tanh MLP, batch 128, float32.
- numpy: ``examples/numpy_mlp.py``'s hand-written backprop step on a 784-512-10 ReLU MLP, batch
  128, float64 (NumPy's default).
- tensorflow: ``examples/tf_mlp.py``'s ``tf.function`` step (``GradientTape``, ``assign_sub``) on
  a 784-512-512-10 tanh MLP, batch 128, float32.

``--traced`` (default ``torch,jax``) adds columns for the torch GPT step traced with
``ivy.trace_graph`` (the whole step -- forward, ``loss.backward()``, AdamW -- one graph) on those
backends.

Every run of one workload starts from the same numbers (torch: the frontend models load real
torch's initial weights; the others draw them with the example's own seeded code, the frontends
reproducing the framework's generators) and runs the same steps: ``--warmup`` steps first (jit
compiles, the autograd tape's compiled signatures, optimizer state), then ``--repeats`` timing
windows of ``--steps`` steps each (by default as many as take ``--window`` seconds natively:
1 GPT step, a few dozen MLP steps). Windows go round-robin over the runs of one workload, so drift
on a shared machine hits them alike; each window ends by reading every parameter back to NumPy
(jax dispatches asynchronously). A cell is the best (``--stat best``, the default) or median
window's milliseconds per step, and its ratio to native. ``--clock cpu`` times the process's CPU
time instead of wall time: steadier while other processes share the cores, but it adds up all
threads, so a framework that works on several (jax's asynchronous dispatch) reads higher. The final loss of every run is printed
so a reader sees they did the same work. A frontend/backend pair that cannot run (autograd on
the numpy backend, a missing framework) shows "n/a (reason)".

On the framework's own backend the ratio is the frontend's overhead (issue 8's bar: at most 3%
on the GPT and JAX MLP steps); on the other backends it is the cross-backend cost (for the torch
and tensorflow frontends on jax/tensorflow that includes ivy's recording autograd tape; the
frontend's ``tf.function`` runs eagerly where real TensorFlow builds a graph). Every framework
gets ``--threads`` intra-op threads (default 1: steadier on a small shared machine; 0 leaves
each framework's default).
"""
import argparse
import gc
import importlib
import importlib.util
import os
import pathlib
import statistics
import sys
import time
import warnings


def _early_threads(argv):
    """``--threads N`` (default 1) must reach the thread pools before numpy/jax load them."""
    for i, arg in enumerate(argv):
        if arg.startswith("--threads="):
            return arg.split("=", 1)[1]
        if arg == "--threads" and i + 1 < len(argv):
            return argv[i + 1]
    return "1"


os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")        # TensorFlow's start-up log lines
THREADS = _early_threads(sys.argv[1:])
if THREADS != "0":        # 0: each framework's own default
    for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(_var, THREADS)
    if THREADS == "1":
        os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false "
                                           "intra_op_parallelism_threads=1")

import numpy as np  # noqa: E402

import ivy  # noqa: E402

# the timing clock (--clock): wall time, or the process's CPU time (all its threads)
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
CLOCK = [time.perf_counter]
EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"
BACKENDS = ("numpy", "torch", "jax", "tensorflow")
FRONTENDS = ("torch", "jax", "numpy", "tensorflow")
NATIVE_MODULE = {"torch": "torch", "jax": "jax", "numpy": "numpy", "tensorflow": "tensorflow"}


def _example(name):
    spec = importlib.util.spec_from_file_location(f"_example_{name}", EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _frontend(name):
    return importlib.import_module(f"ivy.frontends.{name}")


# ---- workloads: build(fw, sizes, reference) -> Run ----------------------------------------------

class Run:
    """One training run: ``step()`` does one step and returns its loss as a float; ``sync()``
    waits for every parameter (reads them back to NumPy)."""

    def __init__(self, step, sync):
        self.step, self.sync = step, sync


def _blobs(n, dim, classes, seed=0, dtype=np.float32):
    """``n`` points in ``dim`` dimensions around ``classes`` random centres, and their labels."""
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, classes, size=n)
    centres = rng.standard_normal((classes, dim))
    points = centres[labels] + 2.0 * rng.standard_normal((n, dim))
    return points.astype(dtype), labels.astype(np.int32)


class TorchGPT:

    def __init__(self, quick):
        gpt = _example("gpt")
        self.gpt = gpt
        if quick:
            self.cfg = gpt.GPTConfig(vocab_size=64, block_size=32, n_layer=2, n_head=2, n_embd=64)
            self.batch = 4
        else:
            self.cfg = gpt.GPTConfig(vocab_size=256, block_size=128, n_layer=4, n_head=4,
                                     n_embd=256)
            self.batch = 8
        self.batches = gpt.make_batches(self.cfg, 4, batch_size=self.batch, seed=0)
        self.reference = None

    @property
    def label(self):
        c = self.cfg
        return (f"GPT train step, {c.n_layer} layers, d={c.n_embd}, seq {c.block_size}, "
                f"batch {self.batch}")

    def build(self, torch, native, traced=False):
        gpt = self.gpt
        if native:                          # real torch's seeded initial weights, kept as NumPy
            torch.manual_seed(0)
            model = gpt.make_model(torch, self.cfg)
            self.reference = {k: v.detach().numpy().copy() for k, v in model.state_dict().items()}
        else:                               # examples/gpt.py's copy_weights, from the snapshot
            model = gpt.make_model(torch, self.cfg)
            model.load_state_dict({k: torch.tensor(v) for k, v in self.reference.items()})
        batches = gpt.to_torch(torch, self.batches)
        optimizer = gpt.configure_optimizer(torch, model)
        model.train()
        params = list(model.parameters())
        count = [0]

        def train_step(x, y):               # the loop body of examples/gpt.py's train()
            _, loss = model(x, y)
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
            return loss
        graph = ivy.trace_graph(train_step) if traced else None

        def step():
            x, y = batches[count[0] % len(batches)]
            count[0] += 1
            if graph is None:
                return train_step(x, y).item()
            return float(ivy.to_numpy(graph(x, y)))

        def sync():
            for p in params:
                p.detach().numpy()
        return Run(step, sync)


class JaxMLP:

    def __init__(self, quick):
        self.ex = _example("jax_mlp")
        self.sizes = (64, 128, 128, 10) if quick else (784, 512, 512, 10)
        self.n = 32 if quick else 128
        self.x, self.y = _blobs(self.n, self.sizes[0], self.sizes[-1])

    @property
    def label(self):
        return f"MLP jit(grad)+SGD, {'-'.join(map(str, self.sizes))}, batch {self.n}, float32"

    def build(self, jax, native):
        ex, jnp = self.ex, jax.numpy
        x, y = jnp.asarray(self.x), jnp.asarray(self.y)
        params = [ex.init_params(jax, jax.random.PRNGKey(0), sizes=self.sizes)]
        loss = ex.make_loss(jax, num_classes=self.sizes[-1])
        loss_fn, grad_fn = jax.jit(loss), jax.jit(jax.grad(loss))
        lr = 0.05

        def step():                         # the loop body of examples/jax_mlp.py's train()
            value = float(loss_fn(params[0], x, y))
            grads = grad_fn(params[0], x, y)
            params[0] = jax.tree_util.tree_map(lambda p, g: p - lr * g, params[0], grads)
            return value

        def sync():
            for leaf in jax.tree_util.tree_leaves(params[0]):
                np.asarray(leaf)
        return Run(step, sync)


class NumpyMLP:

    def __init__(self, quick):
        self.ex = _example("numpy_mlp")
        self.sizes = (64, 128, 10) if quick else (784, 512, 10)
        self.n = 32 if quick else 128
        self.x, self.y = _blobs(self.n, self.sizes[0], self.sizes[-1], dtype=np.float64)

    @property
    def label(self):
        return (f"MLP hand-written backprop, {'-'.join(map(str, self.sizes))}, batch {self.n}, "
                f"float64")

    def build(self, np_, native):
        ex = self.ex
        x, y = np_.asarray(self.x), np_.asarray(self.y).astype(np_.int64)
        params = ex.init_params(np_, sizes=self.sizes)   # np.random.seed(1); np.random.randn
        lr = 0.01

        def step():
            return ex.sgd_step(np_, params, x, y, lr)

        def sync():
            for pair in params:
                for p in pair:
                    np.asarray(p)
        return Run(step, sync)


class TensorflowMLP:

    def __init__(self, quick):
        self.ex = _example("tf_mlp")
        self.sizes = (64, 128, 128, 10) if quick else (784, 512, 512, 10)
        self.n = 32 if quick else 128
        self.x, self.y = _blobs(self.n, self.sizes[0], self.sizes[-1])

    @property
    def label(self):
        return (f"MLP tf.function+GradientTape, {'-'.join(map(str, self.sizes))}, "
                f"batch {self.n}, float32")

    def build(self, tf, native):
        x, y = tf.constant(self.x), tf.constant(self.y)
        model = self.ex.build_model(tf, sizes=self.sizes, seed=1)   # NumPy-seeded weights
        lr = 0.05

        train_step = self.ex.make_step(tf, model, lr)

        def step():
            return float(train_step(x, y))

        def sync():
            for v in model.trainable_variables:
                v.numpy()
        return Run(step, sync)


WORKLOADS = {"torch": TorchGPT, "jax": JaxMLP, "numpy": NumpyMLP, "tensorflow": TensorflowMLP}


# ---- timing ----------------------------------------------------------------------------------

class Cell:
    """One run of one workload: natively (``backend`` None) or on the frontend over a backend."""

    def __init__(self, backend, traced=False):
        self.backend, self.traced = backend, traced
        self.run = None
        self.error = None        # short reason, for the table
        self.detail = ""         # the exception's message, for the notes under it
        self.times = []          # seconds per step, one per window
        self.loss = None

    def scope(self):
        return ivy.using_backend(self.backend) if self.backend else _nullcontext()

    def value(self, stat):
        if not self.times:
            return None
        return min(self.times) if stat == "best" else statistics.median(self.times)


class _nullcontext:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def _reason(exc):
    """(short reason for the table, the message's first line for the notes under it)."""
    msg = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    if len(msg) > 150:
        msg = msg[:147] + "..."
    return type(exc).__name__, msg


def _installed(module):
    return importlib.util.find_spec(module) is not None


TRACED_WORKLOADS = ("torch",)    # the workloads with a traced column (--traced)


def bench_frontend(name, backends, quick, steps, repeats, warmup, window, log, traced=()):
    """(workload label, [native cell] + one cell per backend, steps per window) for frontend
    ``name``. ``steps`` None: as many as take ``window`` seconds natively (the last warm-up
    step's time), the same for every run of the workload."""
    workload = WORKLOADS[name](quick)
    cells = [Cell(None)] + [Cell(b) for b in backends] + [
        Cell(b, traced=True) for b in traced if name in TRACED_WORKLOADS]
    for cell in cells:
        where = "native" if cell.backend is None else (
            f"frontend {'traced ' if cell.traced else ''}on {cell.backend}")
        started = time.perf_counter()
        try:
            if cell.backend is None:
                fw = importlib.import_module(NATIVE_MODULE[name])
            else:
                if not _installed(NATIVE_MODULE[cell.backend]):
                    raise ModuleNotFoundError(f"{cell.backend} is not installed")
                fw = _frontend(name)
            with cell.scope():
                cell.run = (workload.build(fw, False, traced=True) if cell.traced
                            else workload.build(fw, cell.backend is None))
                last = window                   # no warm-up: one step per window
                for _ in range(warmup):
                    start = CLOCK[0]()
                    cell.loss = cell.run.step()
                    cell.run.sync()
                    last = CLOCK[0]() - start
            if cell.backend is None and steps is None:
                steps = max(1, min(100, round(window / max(last, 1e-6))))
        except Exception as exc:            # noqa: BLE001 -- reported as "n/a (reason)"
            cell.run = None
            cell.error, cell.detail = _reason(exc)
            if cell.backend is None:        # without the native run there is nothing to compare
                for other in cells[1:]:
                    other.error = other.error or "native failed"
                log(f"  {name}: native: n/a ({cell.error}: {cell.detail})")
                return workload.label, cells, steps or 1
        log(f"  {name}: {where}: built and warmed up in {time.perf_counter() - started:.1f} s"
            + (f" -- n/a ({cell.error}: {cell.detail})" if cell.error else ""))
    live = [c for c in cells if c.run is not None]
    for _ in range(repeats):
        for cell in live:                   # round-robin: drift hits every run alike
            with cell.scope():
                gc.collect()
                start = CLOCK[0]()
                for _ in range(steps):
                    cell.loss = cell.run.step()
                cell.run.sync()
                cell.times.append((CLOCK[0]() - start) / steps)
    return workload.label, cells, steps


# ---- reporting -------------------------------------------------------------------------------

def _ms(seconds):
    ms = seconds * 1e3
    return f"{ms:.1f}" if ms >= 10 else f"{ms:.2f}"


def _cell_text(cell, native, stat):
    if cell is None:
        return "-"
    if cell.error:
        return f"n/a ({cell.error})"
    t = cell.value(stat)
    return f"{_ms(t)} ({t / native:.2f}x)" if native else _ms(t)


def table_rows(results, backends, stat, traced=()):
    header = ["frontend", "workload", "native ms"] + [f"on {b}" for b in backends] + [
        f"traced on {b}" for b in traced]
    rows = []
    for name, (label, cells, _) in results.items():
        native = cells[0].value(stat)
        by_backend = {c.backend: c for c in cells[1:] if not c.traced}
        by_traced = {c.backend: c for c in cells[1:] if c.traced}
        rows.append([name, label, _ms(native) if native else f"n/a ({cells[0].error})"]
                    + [_cell_text(by_backend.get(b), native, stat) for b in backends]
                    + [_cell_text(by_traced.get(b), native, stat) for b in traced])
    return header, rows


def loss_rows(results, backends, warmup, repeats, traced=()):
    header = ["frontend", "steps run", "native"] + [f"on {b}" for b in backends] + [
        f"traced on {b}" for b in traced]
    rows = []
    for name, (_, cells, steps) in results.items():
        by_backend = {c.backend: c for c in cells[1:] if not c.traced}
        by_traced = {c.backend: c for c in cells[1:] if c.traced}

        steps = warmup + repeats * steps

        def text(c):
            return "n/a" if c is None or c.error or c.loss is None else f"{c.loss:.6f}"
        rows.append([name, str(steps), text(cells[0])]
                    + [text(by_backend.get(b)) for b in backends]
                    + [text(by_traced.get(b)) for b in traced])
    return header, rows


def overhead_lines(results, stat):
    """The frontend on its own framework's backend vs native: the cells' ratio, and the median
    of the per-round ratios (a round times every run once, one after the other)."""
    lines = []
    for name, (_, cells, _) in results.items():
        for own in cells[1:]:
            if not own.times or not cells[0].times or (own.backend != name and not own.traced):
                continue
            pairs = [f / n for n, f in zip(cells[0].times, own.times)]
            lines.append(f"- {name} frontend {'traced ' if own.traced else ''}on the "
                         f"{own.backend} backend: "
                         f"{(own.value(stat) / cells[0].value(stat) - 1) * 100:+.1f}% ({stat}), "
                         f"{(statistics.median(pairs) - 1) * 100:+.1f}% (median of {len(pairs)} "
                         f"rounds' ratios)")
    return lines


def format_plain(header, rows):
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]
    lines = ["  ".join(str(v).ljust(w) for v, w in zip(header, widths)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(str(v).ljust(w) for v, w in zip(r, widths)).rstrip() for r in rows]
    return "\n".join(lines)


def format_markdown(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(v).replace("|", "/") for v in r) + " |" for r in rows]
    return "\n".join(lines)


def write_chart(results, backends, stat, path):
    """Grouped bars, one group per frontend: ms per step on a log scale, ratios on the bars."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return "matplotlib is not installed (pip install -e '.[bench]'): skipped the chart"
    series = ["native"] + list(backends)
    colors = {"native": "#444444", "numpy": "#4c72b0", "torch": "#dd8452", "jax": "#55a868",
              "tensorflow": "#c44e52"}
    names = list(results)
    width = 0.8 / len(series)
    fig, ax = plt.subplots(figsize=(9, 4.8))
    floor = min((c.value(stat) for _, cells, _ in results.values() for c in cells if c.times),
                default=1e-3) * 1e3 / 3
    for k, s in enumerate(series):
        xs, ys = [], []
        for i, name in enumerate(names):
            cells = results[name][1]
            cell = cells[0] if s == "native" else next(
                (c for c in cells[1:] if c.backend == s and not c.traced), None)
            x = i + (k - (len(series) - 1) / 2) * width
            if cell is None:
                continue
            if cell.error or not cell.times:
                ax.text(x, floor * 1.1, "n/a", ha="center", va="bottom", fontsize=6,
                        rotation=90, color="#888888")
                continue
            xs.append(x)
            ys.append(cell.value(stat) * 1e3)
            native = cells[0].value(stat)
            if s != "native" and native:
                ax.text(x, ys[-1] * 1.08, f"{cell.value(stat) / native:.2f}x", ha="center",
                        va="bottom", fontsize=7, rotation=90)
        label = "real framework" if s == "native" else f"frontend on {s}"
        ax.bar(xs, ys, width, label=label, color=colors.get(s))
    ax.set_yscale("log")
    top = max((c.value(stat) for _, cells, _ in results.values() for c in cells if c.times),
              default=1.0) * 1e3
    ax.set_ylim(floor, top * 6)
    ax.set_xticks(range(len(names)))
    ax.set_xticklabels([f"{n} frontend\n({results[n][0].split(',')[0]})" for n in names],
                       fontsize=8)
    ax.set_ylabel(f"ms per training step ({stat} window, log)")
    ax.set_title("ivy frontends vs the real frameworks: one training step (ratio to native)",
                 fontsize=10)
    ax.legend(fontsize=7, ncol=len(series), loc="upper center", frameon=False)
    ax.grid(axis="y", which="both", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return f"wrote {path}"


def _set_threads(n, frameworks):
    """The same thread count for torch, TensorFlow, XLA and BLAS (set from the environment above
    for the last two): on a small shared machine one thread is far steadier than a contended
    pool (torch's 2-thread matmul there jumps from 20 us to milliseconds)."""
    if "torch" in frameworks and _installed("torch") and n > 0:
        import torch
        torch.set_num_threads(n)
    if "tensorflow" in frameworks and _installed("tensorflow"):
        import tensorflow as tf
        tf.get_logger().setLevel("ERROR")     # retracing notices from the tape's tf.functions
        try:
            if n <= 0:
                return
            tf.config.threading.set_intra_op_parallelism_threads(n)
            tf.config.threading.set_inter_op_parallelism_threads(n)
        except RuntimeError:        # TensorFlow already initialized
            pass


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frontends", default=",".join(FRONTENDS))
    parser.add_argument("--backends", default=",".join(BACKENDS))
    parser.add_argument("--steps", type=int, default=None,
                        help="steps per timing window (default: --window seconds natively)")
    parser.add_argument("--window", type=float, default=None,
                        help="seconds of native work per timing window (default 0.1; --quick: 2 steps)")
    parser.add_argument("--repeats", type=int, default=None, help="timing windows per run")
    parser.add_argument("--warmup", type=int, default=None, help="untimed steps first")
    parser.add_argument("--quick", action="store_true", help="small models: a smoke run")
    parser.add_argument("--stat", choices=("best", "median"), default="best")
    parser.add_argument("--clock", choices=tuple(CLOCKS), default="wall",
                        help="wall time, or the process's CPU time (steadier on a busy machine)")
    parser.add_argument("--png", default=str(pathlib.Path(__file__).with_name("models.png")),
                        help="bar chart path ('' for none)")
    parser.add_argument("--threads", type=int, default=1,
                        help="intra-op threads for every framework (0: their defaults)")
    parser.add_argument("--markdown", action="store_true", help="print the tables as markdown")
    parser.add_argument("--traced", default="torch,jax",
                        help="backends of the traced column (ivy.trace_graph of the torch GPT "
                             "step; '' for none)")
    args = parser.parse_args(argv)
    steps = args.steps or (2 if args.quick and not args.window else None)
    window = args.window or 0.1
    repeats = args.repeats or (3 if args.quick else 15)
    warmup = args.warmup if args.warmup is not None else (2 if args.quick else 3)
    frontends = [f for f in args.frontends.split(",") if f]
    backends = [b for b in args.backends.split(",") if b]
    traced = [b for b in args.traced.split(",") if b]
    for f in frontends:
        if f not in WORKLOADS:
            parser.error(f"unknown frontend {f!r}; choose from {','.join(FRONTENDS)}")
    for b in backends:
        if b not in BACKENDS:
            parser.error(f"unknown backend {b!r}; choose from {','.join(BACKENDS)}")
    warnings.filterwarnings("ignore")
    CLOCK[0] = CLOCKS[args.clock]
    _set_threads(args.threads, set(frontends) | set(backends))

    def log(msg):
        print(msg, file=sys.stderr, flush=True)

    started = time.perf_counter()
    results = {}
    for name in frontends:
        if not _installed(NATIVE_MODULE[name]):
            log(f"  {name}: real {name} is not installed: skipped")
            continue
        results[name] = bench_frontend(name, backends, args.quick, steps, repeats, warmup,
                                       window, log, traced)
    fmt = format_markdown if args.markdown else format_plain
    counts = sorted({n for _, _, n in results.values()})
    per = (f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}-{counts[-1]}") if counts else "0"
    print(f"ms per training step (ratio to native): {args.stat} of {repeats} windows of {per} "
          f"steps after {warmup} warm-up steps{' -- quick sizes' if args.quick else ''}")
    print(fmt(*table_rows(results, backends, args.stat, traced)))
    print()
    print("loss of the last step (every run of a workload: the same steps from the same start):")
    print(fmt(*loss_rows(results, backends, warmup, repeats, traced)))
    lines = overhead_lines(results, args.stat)
    if lines:
        print()
        print("frontend overhead on its own framework's backend, and the traced runs:")
        print("\n".join(lines))
    native_failed = any(cells[0].error for _, cells, _ in results.values())
    notes = [(n, c) for n, (_, cells, _) in results.items() for c in cells if c.detail]
    if notes:
        print()
        print("n/a:")
        for n, c in notes:
            where = "native" if c.backend is None else f"on {c.backend}"
            print(f"- {n} {where}: {c.error}: {c.detail}")
    if args.png:
        print(write_chart(results, backends, args.stat, args.png))
    print(f"total {time.perf_counter() - started:.0f} s")
    return 0 if results and not native_failed else 1


if __name__ == "__main__":
    sys.exit(main())
