"""Mutation check: does the test suite catch realistic bugs injected into ivy?

Each mutant replaces one exact piece of source under ``ivy/`` (it must occur exactly once) and
names a few small test selections that ought to catch it. A mutant runs against a private copy
of the tree -- ``ivy/``, ``tests/`` and ``pyproject.toml`` as committed (``HEAD``; ``--worktree``:
as they are on disk) copied to a temporary directory, the mutation applied there -- with that copy
first on ``sys.path`` (checked: ``ivy.__file__`` must resolve into the copy before pytest starts).
The shared working tree is never modified.

Caught: some selection fails (pytest exit status 1) and the tests that failed pass on the tree
without the mutation (rerun at once: a test that fails anyway catches nothing, and the next
selection is tried). Escaped: every selection passes. Anything else (no test collected, usage
error, timeout, only tests that fail without the mutation) is an error: fix the selection.

    python tools/mutation.py --list                 # the table
    python tools/mutation.py                        # run every mutant, one at a time
    python tools/mutation.py --only ID [--only ID]  # run some
    python tools/mutation.py --kind gradient        # run one kind
    python tools/mutation.py --baseline             # run the selections unmutated (must pass)

Kinds: ``one-backend`` (a bug in one backend only), ``input-class`` (wrong only for negative
dims, empty or 0-d arrays, keepdim, odd sizes, ties, ...), ``gradient`` (a wrong or detached
derivative), ``dtype`` (a wrong result dtype or promotion), ``exception`` (a missing error),
``value`` (a plainly wrong result).
"""
from __future__ import annotations

import argparse
import collections
import dataclasses
import io
import os
import pathlib
import shlex
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = pathlib.Path(__file__).resolve().parent.parent
KINDS = ("one-backend", "input-class", "gradient", "dtype", "exception", "value")
AREAS = ("core", "torch", "jax", "numpy", "tensorflow")


@dataclasses.dataclass(frozen=True)
class Mutant:
    id: str
    kind: str
    area: str            # the frontend it lives in, or "core" (core and backends)
    file: str            # relative to the repository root
    old: str             # exact source text, occurring once in ``file``
    new: str
    tests: tuple         # pytest arguments, e.g. "tests/backends/test_fft.py -k x --backend numpy"
    why: str = ""


def M(id, kind, area, file, old, new, *tests, why=""):
    return Mutant(id, kind, area, file, old, new, tuple(tests), why)


BK = "tests/backends/"
TT, TJ, TN, TF = ("tests/frontends/" + f + "/" for f in ("torch", "jax", "numpy", "tensorflow"))
TFR = "ivy/frontends/tensorflow/_reductions.py"

MUTANTS = [
    # ---- core (backend-agnostic) ----------------------------------------------------------------
    M("core-vecdot-no-conj", "input-class", "core", "ivy/core/compositional.py",
      "        x1 = xp.conj(x1)\n", "        x1 = x1\n",
      BK + "test_linalg.py -k vecdot --backend numpy",
      why="complex inputs only: vecdot must conjugate x1"),
    M("core-fftfreq-odd", "input-class", "core", "ivy/core/compositional.py",
      "k = xp.where(k < (n + 1) // 2, k, k - n)", "k = xp.where(k < n // 2, k, k - n)",
      BK + "test_fft.py -k fftfreq --backend numpy", why="odd n only"),
    M("core-ifftshift-sign", "input-class", "core", "ivy/core/compositional.py",
      "return _shift(xp, x, axes, -1)", "return _shift(xp, x, axes, 1)",
      BK + "test_fft.py -k ifftshift --backend numpy", why="odd lengths only"),
    M("core-result-type-int-bool", "exception", "core", "ivy/core/compositional.py",
      '            elif isinstance(s, int) and result == "bool":\n'
      '                raise IvyTypeError("ivy.result_type: Python int with bool", '
      'function="result_type")\n',
      "", BK + "test_data_types.py -k result_type --backend numpy",
      BK + "test_promotion_pairs.py -k scalar --backend numpy"),
    M("core-matrix-transpose-1d", "exception", "core", "ivy/core/compositional.py",
      "    if n < 2:\n        raise IvyValueError(\"ivy.matrix_transpose",
      "    if n < 1:\n        raise IvyValueError(\"ivy.matrix_transpose",
      BK + "test_linalg.py -k matrix_transpose --backend numpy",
      BK + "test_promotion_pairs.py -k vector --backend numpy"),
    M("core-promotion-mixed-sign", "dtype", "core", "ivy/core/dtypes.py",
      'wider = "int%d" % max(2 * ubits, BITS[s])', 'wider = "int%d" % max(ubits, BITS[s])',
      BK + "test_data_types.py -k result_type --backend numpy",
      BK + "test_promotion_pairs.py -k pair --backend numpy"),
    M("core-torch-f16-bf16", "dtype", "core", "ivy/core/promotion.py",
      '            elif {a, b} == {"float16", "bfloat16"}:\n                r = "float32"',
      '            elif {a, b} == {"float16", "bfloat16"}:\n                r = "float16"',
      TT + "test_dtypes.py --backend numpy",
      TT + "test_promotion_pairs.py -k promote_types --backend numpy"),
    M("core-torch-complex-scalar", "dtype", "core", "ivy/core/promotion.py",
      "return _COMPLEX_OF_REAL[higher] if ch == 2 else lower", "return lower",
      TT + "test_dtypes.py --backend numpy",
      TT + "test_promotion_pairs.py -k scalar --backend numpy",
      why="float64 tensor with a complex scalar gives complex128, not complex64"),
    M("core-autograd-accumulate", "gradient", "core", "ivy/core/autograd.py",
      "slots[index] = g if slots[index] is None else core.add(slots[index], g)",
      "slots[index] = g", TT + "test_autograd.py --backend jax -k backward",
      why="a value used twice: its gradients must add up"),
    # ---- backends: one backend wrong ------------------------------------------------------------
    M("torch-empty-axis-tuple", "input-class", "core", "ivy/backends/torch/_reductions.py",
      "        return x.unsqueeze(-1), -1, False", "        return x, None, keepdims",
      BK + "test_statistics.py --backend torch -k \"mean or max or sum\"",
      why="axis=() reduces nothing"),
    M("torch-cumprod-initial", "one-backend", "core", "ivy/backends/torch/_reductions.py",
      'cumulative_prod = _cumulative("cumulative_prod", torch.cumprod, 1)',
      'cumulative_prod = _cumulative("cumulative_prod", torch.cumprod, 0)',
      BK + "test_statistics.py --backend torch -k cumulative_prod"),
    M("torch-mean-nanmean", "one-backend", "core", "ivy/backends/torch/_reductions.py",
      'mean = _reduction("mean", torch.mean)', 'mean = _reduction("mean", torch.nanmean)',
      BK + "test_statistics.py --backend torch -k mean"),
    M("numpy-argsort-descending-ties", "input-class", "core", "ivy/backends/numpy/__init__.py",
      "r = np.flip(np.argsort(np.flip(x, axis=axis), axis=axis, kind=kind), axis=axis)\n"
      "            return (x.shape[axis] - 1) - r",
      "return np.flip(np.argsort(x, axis=axis, kind=kind), axis=axis)",
      BK + "test_searching_sorting_sets.py --backend numpy -k argsort",
      BK + "test_edge_classes.py --backend numpy -k stable",
      why="descending argsort must keep ties in input order"),
    M("tf-var-correction", "one-backend", "core", "ivy/backends/tensorflow/_statistics.py",
      "divisor = raw.Maximum(x=count - tf.constant(correction, real), y=tf.zeros([], real))",
      "divisor = raw.Maximum(x=count, y=tf.zeros([], real))",
      BK + "test_statistics.py --backend tensorflow -k \"var or std\""),
    M("tf-var-float16-precision", "input-class", "core", "ivy/backends/tensorflow/_statistics.py",
      "    xc = _half_as_f32(x)\n", "    xc = x\n",
      BK + "test_statistics.py --backend tensorflow -k \"var or std\"",
      BK + "test_half_precision.py --backend tensorflow",
      BK + "test_edge_classes.py --backend tensorflow -k float16",
      why="float16 input only: accumulate in float32"),
    M("jax-moment-correction", "one-backend", "core", "ivy/backends/jax/_statistics.py",
      "return op(x, axis=axis, correction=correction, keepdims=keepdims)",
      "return op(x, axis=axis, keepdims=keepdims)",
      BK + "test_statistics.py --backend jax -k \"var or std\""),
    M("jax-accumulate-uint8", "dtype", "core", "ivy/backends/jax/_statistics.py",
      '_ACCUMULATE.update({DTYPES[n]: DTYPES["uint64"] for n in ("uint8", "uint16", "uint32")})',
      '_ACCUMULATE.update({DTYPES[n]: DTYPES["int64"] for n in ("uint8", "uint16", "uint32")})',
      BK + "test_statistics.py --backend jax -k \"sum or prod or cumulative\"",
      BK + "test_edge_classes.py --backend jax -k accumulate"),
    # ---- backends: derivatives ------------------------------------------------------------------
    M("tf-i0-grad-factor", "gradient", "core", "ivy/backends/tensorflow/special.py",
      "return tf.math.bessel_i0(x), lambda dy: dy * _bessel_i1(x)",
      "return tf.math.bessel_i0(x), lambda dy: dy * 2 * _bessel_i1(x)",
      TT + "test_special.py --backend tensorflow -k i0",
      BK + "test_gradient_rules.py --backend tensorflow -k i0"),
    M("tf-i1-grad-at-zero", "gradient", "core", "ivy/backends/tensorflow/special.py",
      "        return dy * tf.where(zero, tf.constant(0.5, x.dtype), slope)\n"
      "    return tf.math.bessel_i1(x), grad",
      "        return dy * tf.where(zero, tf.constant(1.0, x.dtype), slope)\n"
      "    return tf.math.bessel_i1(x), grad",
      BK + "test_gradient_rules.py --backend tensorflow -k i1",
      TT + "test_special.py --backend tensorflow -k \"i1 and not i1e\"",
      why="the derivative of i1 at 0 (TF's own rule says 1)"),
    M("jax-i0-grad", "gradient", "core", "ivy/backends/jax/special.py",
      "_i0.defjvp(lambda primals, tangents: (_i0(primals[0]), _i1(primals[0]) * tangents[0]))",
      "_i0.defjvp(lambda primals, tangents: (_i0(primals[0]), _i0(primals[0]) * tangents[0]))",
      TT + "test_special.py --backend jax -k i0",
      BK + "test_gradient_rules.py --backend jax -k i0"),
    M("jax-norm2-grad-factor", "gradient", "core", "ivy/backends/jax/linalg.py",
      "scaled = jnp.real(jnp.conj(x) * t) / jnp.where(kept == 0, 1, kept)",
      "scaled = jnp.real(jnp.conj(x) * t) / jnp.where(kept == 0, 1, 2 * kept)",
      BK + "test_gradient_rules.py --backend jax -k norm",
      TT + "test_linalg.py --backend jax -k \"vector_norm or torch.norm\""),
    M("tf-norm-sqrt-grad", "gradient", "core", "ivy/backends/tensorflow/linalg.py",
      "return tf.where(y > 0, g * 0.5 / tf.where(y > 0, y, tf.ones_like(y)), tf.zeros_like(y))",
      "return tf.where(y > 0, g / tf.where(y > 0, y, tf.ones_like(y)), tf.zeros_like(y))",
      BK + "test_gradient_rules.py --backend tensorflow -k norm",
      TT + "test_linalg.py --backend tensorflow -k \"vector_norm or torch.norm\""),
    M("tf-log2-detached", "gradient", "core", "ivy/backends/tensorflow/_elementwise.py",
      "return y + tf.stop_gradient(tf.where(exact, r - y, _zero(y)))",
      "return tf.stop_gradient(tf.where(exact, r, y))",
      BK + "test_gradient_rules.py --backend tensorflow -k log",
      why="an output detached from the graph"),
    M("torch-grad-overwrite", "gradient", "torch", "ivy/frontends/torch/autograd/__init__.py",
      "            current._data = ivy.add(current._data, g)\n",
      "            current._data = g\n",
      TT + "test_autograd.py --backend jax", why="a second backward() adds into .grad"),
    M("tf-unconnected-zero", "gradient", "tensorflow", "ivy/frontends/tensorflow/_autodiff.py",
      "            if g is None and unconnected is UnconnectedGradients.ZERO:\n",
      "            if False:\n",
      TF + "test_state.py --backend jax -k \"variables or tapes\""),
    # ---- torch frontend -------------------------------------------------------------------------
    M("torch-frac-floor", "input-class", "torch", "ivy/frontends/torch/_ops.py",
      '"frac": (lambda a: ivy.subtract(a, ivy.trunc(a))',
      '"frac": (lambda a: ivy.subtract(a, ivy.floor(a))',
      TT + "test_pointwise.py --backend numpy -k frac", why="negative inputs only"),
    M("torch-sign-complex", "exception", "torch", "ivy/frontends/torch/_ops.py",
      '"sign": (lambda a: _sign(a), "same", "c", None)',
      '"sign": (lambda a: _sign(a), "same", "", None)',
      TT + "test_pointwise.py --backend numpy -k sign",
      TT + "test_edge_inputs.py --backend numpy -k sign",
      why="torch.sign refuses complex (sgn takes it)"),
    M("torch-unbiased-default", "value", "torch", "ivy/frontends/torch/_reductions.py",
      "return 1 if unbiased is None or unbiased else 0",
      "return 0 if unbiased is None or unbiased else 1",
      TT + "test_reductions.py --backend numpy -k \"var or std\""),
    M("torch-dims-repeated", "exception", "torch", "ivy/frontends/torch/_reductions.py",
      "        if len(set(axes)) != len(axes):\n            raise RuntimeError(",
      "        if False:\n            raise RuntimeError(",
      TT + "test_reductions.py --backend numpy -k sum",
      TT + "test_edge_inputs.py --backend numpy -k dim"),
    M("torch-sum-keepdim", "input-class", "torch", "ivy/frontends/torch/_reductions.py",
      'return _finish(ivy.sum(a, axis=axes, keepdims=keepdim), out, "sum")',
      'return _finish(ivy.sum(a, axis=axes, keepdims=False), out, "sum")',
      TT + "test_reductions.py --backend numpy -k sum"),
    M("torch-flatten-0d", "input-class", "torch", "ivy/frontends/torch/_manipulation.py",
      "        return _reshaped(input, ivy.reshape(a, (1,)))\n    s, e",
      "        return _reshaped(input, a)\n    s, e",
      TT + "test_manipulation.py --backend numpy -k flatten",
      TT + "test_edge_inputs.py --backend numpy -k flatten"),
    M("torch-flatten-order", "exception", "torch", "ivy/frontends/torch/_manipulation.py",
      "    if s > e:\n        raise RuntimeError(\"flatten()",
      "    if s > e + 1:\n        raise RuntimeError(\"flatten()",
      TT + "test_manipulation.py --backend numpy -k flatten",
      TT + "test_edge_inputs.py --backend numpy -k flatten"),
    M("torch-squeeze-non-unit", "input-class", "torch", "ivy/frontends/torch/_manipulation.py",
      "axes = tuple(i for i in axes if shape and shape[i] == 1)",
      "axes = tuple(i for i in axes if shape)",
      TT + "test_manipulation.py --backend numpy -k squeeze",
      TT + "test_edge_inputs.py --backend numpy -k squeeze",
      why="torch ignores a named dim whose size is not 1"),
    M("torch-narrow-negative-start", "input-class", "torch", "ivy/frontends/torch/_layout.py",
      "    start += n if start < 0 else 0\n", "",
      TT + "test_layout.py --backend numpy -k narrow",
      TT + "test_views.py --backend numpy -k narrow"),
    M("torch-hypot-int", "exception", "torch", "ivy/frontends/torch/_ops.py",
      '"hypot": ("hypot", "arith", "bic", None, "T")',
      '"hypot": ("hypot", "arith", "bc", None, "T")',
      TT + "test_pointwise.py --backend numpy -k hypot"),
    # ---- numpy frontend -------------------------------------------------------------------------
    M("numpy-var-ddof", "value", "numpy", "ivy/frontends/numpy/_statistics.py",
      "n = builtins.max(_count(a, axes) - ddof, 0)", "n = builtins.max(_count(a, axes), 0)",
      TN + "test_statistics.py --backend numpy -k \"var or std\"",
      TN + "test_edge_inputs.py --backend numpy -k \"var or std\""),
    M("numpy-sum-uint8-accumulator", "dtype", "numpy", "ivy/frontends/numpy/_dtypes.py",
      '"uint8": "uint64", "uint16": "uint64"', '"uint8": "int64", "uint16": "uint64"',
      TN + "test_math.py --backend numpy -k \"sum or prod or cumsum\"",
      TN + "test_statistics.py --backend numpy -k \"sum or prod or cumsum\"",
      TN + "test_edge_inputs.py --backend numpy -k \"sum or prod or cumsum\""),
    M("numpy-squeeze-non-unit", "exception", "numpy", "ivy/frontends/numpy/_manipulation.py",
      "        if any(old[i] != 1 for i in axes):\n            raise ValueError(",
      "        if False:\n            raise ValueError(",
      TN + "test_manipulation.py --backend numpy -k squeeze",
      TN + "test_edge_inputs.py --backend numpy -k squeeze"),
    # ---- jax frontend ---------------------------------------------------------------------------
    M("jax-axis-bound", "exception", "jax", "ivy/frontends/jax/numpy/_reductions.py",
      "if not -ndim <= ax < ndim:", "if not -ndim <= ax <= ndim:",
      TJ + "test_reductions.py --backend numpy -k \"sum or max\"",
      TJ + "test_edge_inputs.py --backend numpy -k axis"),
    M("jax-f16-bf16-join", "dtype", "jax", "ivy/frontends/jax/_dtypes.py",
      '"bfloat16": ("float32",), "float16": ("float32",)',
      '"bfloat16": ("float32",), "float16": ("bfloat16",)',
      TJ + "test_array_core.py --backend numpy -k promote",
      TJ + "test_creation.py --backend numpy -k promote",
      TJ + "test_edge_inputs.py --backend numpy -k float16"),
    M("jax-squeeze-non-unit", "exception", "jax", "ivy/frontends/jax/numpy/_manipulation.py",
      "        if any(shape[i] != 1 for i in axes):\n            raise ValueError(f\"cannot select",
      "        if False:\n            raise ValueError(f\"cannot select",
      TJ + "test_manipulation.py --backend numpy -k squeeze",
      TJ + "test_edge_inputs.py --backend numpy -k squeeze"),
    # ---- tensorflow frontend --------------------------------------------------------------------
    M("tf-int-mean-truncation", "input-class", "tensorflow", TFR,
      "return wrap(ivy.where(inexact, ivy.add(q, 1), q))", "return wrap(q)",
      TF + "test_foundation.py --backend numpy -k reductions_and_shapes",
      why="negative integer means round toward zero"),
    M("tf-empty-max-identity", "input-class", "tensorflow", TFR,
      'return -np.inf if name in D.REAL_FLOATING else int(np.iinfo(name).min)',
      'return np.inf if name in D.REAL_FLOATING else int(np.iinfo(name).min)',
      TF + "test_foundation.py --backend numpy -k reductions_and_shapes", why="empty inputs only"),
    M("tf-reduction-axis-bound", "exception", "tensorflow", TFR,
      "if not -ndim <= a < ndim:", "if not -ndim <= a <= ndim:",
      TF + "test_foundation.py --backend numpy -k reductions_and_shapes"),
    M("tf-squeeze-non-unit", "exception", "tensorflow", "ivy/frontends/tensorflow/_manipulation.py",
      "        if shape[d] != 1:\n            raise invalid_argument(f\"Can not squeeze",
      "        if False:\n            raise invalid_argument(f\"Can not squeeze",
      TF + "test_foundation.py --backend numpy -k reductions_and_shapes"),
    # ---- more: one backend wrong, values, inputs ------------------------------------------------
    M("torch-expm1-typo", "one-backend", "core", "ivy/backends/torch/_elementwise.py",
      '"expm1": (torch.expm1, None)', '"expm1": (torch.exp, None)',
      BK + "test_elementwise.py --backend torch -k expm1"),
    M("tf-log1p-typo", "one-backend", "core", "ivy/backends/tensorflow/_elementwise.py",
      '"log1p": _op1("Log1p")', '"log1p": _op1("Log")',
      BK + "test_elementwise.py --backend tensorflow -k log1p"),
    M("jax-sign-negative-zero", "input-class", "core", "ivy/backends/jax/_elementwise.py",
      "return jnp.where(x == 0, jnp.zeros_like(r), r) if x.dtype in FLOATING else r",
      "return r", BK + "test_elementwise.py --backend jax -k sign",
      BK + "test_edge_classes.py --backend jax -k sign",
      why="sign(-0.0) is +0.0 in the standard; jax keeps -0.0"),
    M("numpy-sort-descending", "one-backend", "core", "ivy/backends/numpy/__init__.py",
      "            return np.flip(np.sort(np.flip(x, axis=axis), axis=axis, kind=kind), "
      "axis=axis)\n",
      "            return np.sort(x, axis=axis, kind=kind)\n",
      BK + "test_searching_sorting_sets.py --backend numpy -k sort",
      BK + "test_edge_classes.py --backend numpy -k stable"),
    M("torch-std-var-swapped", "value", "torch", "ivy/frontends/torch/_reductions.py",
      'std, var = _moment("std"), _moment("var")', 'std, var = _moment("var"), _moment("std")',
      TT + "test_reductions.py --backend numpy -k \"var or std\""),
    M("jax-clip-order", "input-class", "jax", "ivy/frontends/jax/numpy/_math.py",
      '    if min is not None:\n        out = U.FUNCTIONS["maximum"](min, out)\n'
      '    if max is not None:\n        out = U.FUNCTIONS["minimum"](max, out)\n',
      '    if max is not None:\n        out = U.FUNCTIONS["minimum"](max, out)\n'
      '    if min is not None:\n        out = U.FUNCTIONS["maximum"](min, out)\n',
      TJ + "test_math.py --backend numpy -k clip",
      TJ + "test_edge_inputs.py --backend numpy -k clip", why="min > max: jnp.clip gives max"),
    M("tf-squared-difference-complex", "input-class", "tensorflow",
      "ivy/frontends/tensorflow/_math.py",
      "return ivy.multiply(d, ivy.conj(d)) if native_name(d) in _COMPLEX else ivy.multiply(d, d)",
      "return ivy.multiply(d, d)",
      TF + "test_math.py --backend numpy -k squared_difference",
      TF + "test_edge_inputs.py --backend numpy -k squared_difference",
      why="complex inputs only"),
    M("numpy-ptp-bool", "exception", "numpy", "ivy/frontends/numpy/_statistics.py",
      '    if name == "bool":\n        raise TypeError("numpy boolean subtract',
      '    if False:\n        raise TypeError("numpy boolean subtract',
      TN + "test_statistics.py --backend numpy -k ptp",
      TN + "test_edge_inputs.py --backend numpy -k ptp"),
    M("numpy-average-returned", "value", "numpy", "ivy/frontends/numpy/_statistics.py",
      "scl = ivy.full(tuple(avg.shape), a.size / builtins.max(math.prod(avg.shape), 1)",
      "scl = ivy.full(tuple(avg.shape), a.size / builtins.max(math.prod(avg.shape), 2)",
      TN + "test_statistics.py --backend numpy -k average",
      TN + "test_edge_inputs.py --backend numpy -k average", why="returned=True: the weight sum"),
    M("numpy-round-int-negative-decimals", "input-class", "numpy", "ivy/frontends/numpy/_math.py",
      "r = ivy.asarray(x, copy=True) if decimals >= 0 else _round_integers(x, name, decimals)",
      "r = ivy.asarray(x, copy=True)",
      TN + "test_math.py --backend numpy -k round"),
]


# ---- running ------------------------------------------------------------------------------------

def find(m: Mutant, base: pathlib.Path = ROOT) -> int:
    """How often the mutant's ``old`` text occurs in its file (must be exactly once)."""
    return (base / m.file).read_text().count(m.old)


SNAPSHOT = ("ivy", "tests", "pyproject.toml")


def snapshot(dest: pathlib.Path, worktree: bool) -> None:
    """The tree the mutants run on: the committed one (others' unsaved edits cannot interfere)
    or, with ``worktree``, the files on disk."""
    if worktree:
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
        for name in SNAPSHOT:
            src = ROOT / name
            (shutil.copytree(src, dest / name, ignore=ignore) if src.is_dir()
             else shutil.copy2(src, dest / name))
        return
    data = subprocess.run(["git", "archive", "--format=tar", "HEAD", *SNAPSHOT], cwd=ROOT,
                          check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(dest, filter="data")


def _bootstrap(tree: pathlib.Path) -> str:
    # ivy must resolve into the copy (the editable install's finder would otherwise find the
    # working tree's): checked before pytest imports anything.
    return ("import sys, ivy, pathlib\n"
            f"want = pathlib.Path({str(tree)!r}).resolve()\n"
            "got = pathlib.Path(ivy.__file__).resolve()\n"
            "if want not in got.parents:\n"
            "    sys.exit(f'ivy resolved to {got}, not the copy under {want}')\n"
            "import pytest\n"
            "sys.exit(pytest.main(sys.argv[1:]))\n")


def _pytest(tree: pathlib.Path, args, timeout: float):
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONDONTWRITEBYTECODE="1")
    args = ["-q", "-x", "-p", "no:cacheprovider", "--no-header", "-rf"] + list(args)
    return subprocess.run([sys.executable, "-c", _bootstrap(tree)] + args, cwd=tree, env=env,
                          capture_output=True, text=True, timeout=max(1.0, timeout))


def _failed_ids(out: str) -> list:
    return [line[len("FAILED "):].split(" - ")[0] for line in out.splitlines()
            if line.startswith("FAILED ")]


def run_one(m: Mutant | None, tests, timeout: float, base: pathlib.Path):
    """(status, seconds, detail): status is 'caught', 'escaped' or 'error'."""
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="ivy-mutant-") as tmp:
        tree = pathlib.Path(tmp)
        for name in SNAPSHOT:
            src = base / name
            (shutil.copytree(src, tree / name) if src.is_dir() else shutil.copy2(src, tree / name))
        if m is not None:
            path = tree / m.file
            text = path.read_text()
            if text.count(m.old) != 1:
                return "error", 0.0, f"'old' occurs {text.count(m.old)} times in {m.file}"
            path.write_text(text.replace(m.old, m.new))
        broken = None       # a selection whose failing test fails without the mutation too
        for selection in tests:
            args = shlex.split(selection)
            try:
                p = _pytest(tree, args, timeout - (time.monotonic() - start))
            except subprocess.TimeoutExpired:
                return "error", time.monotonic() - start, f"timeout in {selection!r}"
            tail = (p.stdout.strip().splitlines() or [p.stderr.strip()[-200:]])[-1]
            if p.returncode == 1:
                failed = _failed_ids(p.stdout)
                if m is not None and failed:
                    # the same tests on the unmutated tree must pass
                    backend = [a for a in args if a.startswith("--backend")]
                    backend += [args[args.index("--backend") + 1]] if "--backend" in args else []
                    try:
                        q = _pytest(base, failed + backend, timeout - (time.monotonic() - start))
                    except subprocess.TimeoutExpired:
                        return "error", time.monotonic() - start, "timeout re-running unmutated"
                    if q.returncode != 0:
                        broken = f"{failed[0]} fails without the mutation too"
                        continue
                return "caught", time.monotonic() - start, f"{selection}: {tail}"
            if p.returncode != 0:
                return "error", time.monotonic() - start, \
                    f"{selection}: exit {p.returncode}: {tail} {p.stderr.strip()[-300:]}"
        if broken:
            return "error", time.monotonic() - start, broken
        return "escaped", time.monotonic() - start, tail


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--list", action="store_true", help="print the table and exit")
    ap.add_argument("--only", action="append", default=[], metavar="ID")
    ap.add_argument("--kind", action="append", default=[], choices=KINDS)
    ap.add_argument("--area", action="append", default=[], choices=AREAS)
    ap.add_argument("--jobs", type=int, default=1, help="mutants run at once (default 1)")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per mutant")
    ap.add_argument("--worktree", action="store_true",
                    help="mutate the files on disk instead of the committed tree (HEAD)")
    ap.add_argument("--baseline", action="store_true",
                    help="run each selected mutant's tests without the mutation (all must pass)")
    a = ap.parse_args(argv)
    chosen = [m for m in MUTANTS if (not a.only or m.id in a.only)
              and (not a.kind or m.kind in a.kind) and (not a.area or m.area in a.area)]
    unknown = set(a.only) - {m.id for m in MUTANTS}
    if unknown:
        ap.error(f"unknown mutant id(s): {sorted(unknown)}")
    if a.list:
        for m in chosen:
            print(f"{m.id:32} {m.kind:12} {m.area:10} {m.file}")
            for t in m.tests:
                print(f"{'':32}   {t}")
        print(f"{len(chosen)} mutants")
        return 0
    with tempfile.TemporaryDirectory(prefix="ivy-mutation-base-") as base:
        base = pathlib.Path(base)
        snapshot(base, a.worktree)
        bad = [m.id for m in chosen if find(m, base) != 1]
        if bad:
            print(f"'old' text not found exactly once for: {bad}", file=sys.stderr)
            return 2
        return _run(chosen, a, base)


def _run(chosen, a, base):
    def job(m):
        status, secs, detail = run_one(None if a.baseline else m, m.tests, a.timeout, base)
        if a.baseline:
            status = {"escaped": "pass", "caught": "FAIL"}.get(status, status)
        print(f"{status:8} {secs:6.1f}s {m.id:32} {m.kind:12} {detail}", flush=True)
        return m, status
    with ThreadPoolExecutor(max(1, a.jobs)) as pool:
        results = list(pool.map(job, chosen))
    if a.baseline:
        failing = [m.id for m, s in results if s != "pass"]
        print(f"baseline: {len(results) - len(failing)}/{len(results)} selections pass"
              + (f"; not passing: {failing}" if failing else ""))
        return 1 if failing else 0
    by_kind = collections.defaultdict(collections.Counter)
    for m, s in results:
        by_kind[m.kind][s] += 1
    print(f"\n{'kind':12} {'caught':>6} {'escaped':>7} {'error':>5}")
    for k in KINDS:
        c = by_kind.get(k)
        if c:
            print(f"{k:12} {c['caught']:6} {c['escaped']:7} {c['error']:5}")
    total = collections.Counter(s for _, s in results)
    scored = total["caught"] + total["escaped"]
    rate = 100.0 * total["caught"] / scored if scored else 0.0
    print(f"caught {total['caught']}/{scored} ({rate:.1f}%), errors {total['error']}")
    escaped = [m.id for m, s in results if s == "escaped"]
    if escaped:
        print("escaped: " + ", ".join(escaped))
    return 0 if not escaped and not total["error"] else 1


if __name__ == "__main__":
    sys.exit(main())
