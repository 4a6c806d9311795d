"""``python -m ivy``: run unmodified framework programs on another backend, and report what is here.

    python -m ivy run --frontend torch --backend jax script.py [args...]
    python -m ivy run --frontend torch --backend jax -m package.module [args...]
    python -m ivy info [--no-coverage]

``run`` selects the backend, installs the import hook for each ``--frontend`` (the script's
``import torch`` gets ivy's torch frontend) and runs the program as ``python script.py`` would:
its own ``sys.argv``, ``sys.path[0]`` its directory (the current one with ``-m``), its exit
status, and on an uncaught exception its traceback (without ivy's frames) and status 1.
"""
from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import os
import runpy
import sys
import time
import zipfile

import ivy

# framework -> the distributions that may provide it
_DISTRIBUTIONS = {"numpy": ("numpy",), "torch": ("torch",), "jax": ("jax", "jaxlib"),
                  "tensorflow": ("tensorflow", "tensorflow-cpu")}
# framework -> the namespaces whose public names ``info`` compares (the frontends' scope)
_NAMESPACES = {
    "torch": ("", "nn", "nn.functional", "nn.init", "linalg", "fft", "special", "optim",
              "autograd"),
    "jax": ("", "numpy", "numpy.linalg", "numpy.fft", "lax", "nn", "random", "tree_util",
            "scipy.special"),
    "numpy": ("", "linalg", "fft", "random"),
    "tensorflow": ("", "math", "nn", "linalg", "signal", "random", "keras.layers",
                   "keras.losses", "keras.optimizers", "keras.activations"),
}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    if command == "run":
        return run(rest)
    if command == "info":
        return info(rest)
    print(f"python -m ivy: unknown command {command!r} (run, info)", file=sys.stderr)
    return 2


# ---- run ----------------------------------------------------------------------------------------

def _run_parser():
    parser = argparse.ArgumentParser(
        prog="python -m ivy run",
        description="Run an unmodified framework program with ivy's frontend on a backend.")
    parser.add_argument("--frontend", action="append", required=True,
                        choices=("torch", "jax", "numpy", "tensorflow"),
                        help="framework whose imports get ivy's frontend (repeatable)")
    parser.add_argument("--backend", default=None, choices=ivy.BACKENDS,
                        help="ivy backend to run on (default: $IVY_BACKEND or numpy)")
    parser.add_argument("-m", dest="module", default=None, metavar="MODULE",
                        help="run a module as a script, like python -m")
    return parser


def _split_run_args(args):
    """(ivy's options, target, the program's arguments): the target is the first positional
    argument or the argument of ``-m``; everything after it belongs to the program."""
    options = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "-m":
            if i + 1 >= len(args):
                break
            return options + ["-m", args[i + 1]], None, args[i + 2:]
        if arg in ("--frontend", "--backend"):
            options += args[i:i + 2]
            i += 2
            continue
        if arg.startswith("-"):
            options.append(arg)
            i += 1
            continue
        return options, arg, args[i + 1:]
    return options, None, []


def run(args) -> int:
    options, script, program_args = _split_run_args(args)
    parser = _run_parser()
    opts = parser.parse_args(options)
    if script is None and opts.module is None:
        parser.error("give a script or -m MODULE")
    ivy.set_backend(opts.backend or ivy.default_backend())
    from ivy import frontends
    for name in opts.frontend:
        frontends.install(name)
    if opts.module is not None:
        sys.argv = [opts.module] + program_args     # runpy replaces argv[0] by the module's path
        sys.path[0] = os.getcwd()
        try:
            found = importlib.util.find_spec(opts.module) is not None
        except ImportError as e:
            found = e
        if found is not True:
            reason = found or ModuleNotFoundError(f"No module named {opts.module!r}")
            print(f"{sys.executable}: Error while finding module specification for "
                  f"{opts.module!r} ({type(reason).__name__}: {reason})", file=sys.stderr)
            return 1
        target = ("module", opts.module)
    else:
        if not os.path.exists(script):
            print(f"{sys.executable}: can't open file {os.path.abspath(script)!r}: [Errno 2] "
                  f"No such file or directory", file=sys.stderr)
            return 2
        sys.argv = [script] + program_args
        if os.path.isfile(script) and not zipfile.is_zipfile(script):
            sys.path[0] = os.path.dirname(os.path.realpath(script))
        else:
            # a directory or zip file with __main__.py: runpy puts it first on sys.path itself
            # (and makes argv[0] the path it was given: absolute here, as python's sys.path[0])
            del sys.path[0]
            script = os.path.realpath(script)
        target = ("path", script)
    try:
        if target[0] == "module":
            runpy.run_module(target[1], run_name="__main__", alter_sys=True)
        else:
            runpy.run_path(target[1], run_name="__main__")
    except SystemExit:
        raise
    except BaseException as e:  # noqa: BLE001 - reported like the interpreter does
        tb = _program_frames(e.__traceback__)
        sys.excepthook(type(e), e.with_traceback(tb), tb)
        return 130 if isinstance(e, KeyboardInterrupt) else 1
    return 0


def _program_frames(tb):
    """The traceback from the program's first frame on (runpy's and this module's dropped)."""
    while tb is not None and tb.tb_frame.f_globals.get("__name__") in (__name__, "runpy"):
        tb = tb.tb_next
    return tb


# ---- info ---------------------------------------------------------------------------------------

def _version(framework):
    for dist in _DISTRIBUTIONS[framework]:
        try:
            return importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            continue
    return None


def _public(module):
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in dir(module) if not n.startswith("_")]
    return {n for n in names if not n.startswith("_")}


def _lookup(root, dotted):
    obj = root
    for part in dotted.split(".") if dotted else ():
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


def coverage(framework):
    """(found, total): the real framework's public names in ``_NAMESPACES`` that the frontend
    defines; None without the real framework."""
    if importlib.util.find_spec(framework) is None:
        return None
    real = importlib.import_module(framework)
    frontend = importlib.import_module(f"ivy.frontends.{framework}")
    found = total = 0
    for space in _NAMESPACES[framework]:
        try:
            real_space = importlib.import_module(f"{framework}.{space}") if space else real
        except ImportError:
            real_space = _lookup(real, space)
        if real_space is None:
            continue
        ours = _lookup(frontend, space)
        for name in _public(real_space):
            if isinstance(getattr(real_space, name, None), type(sys)):
                continue                        # submodules are counted by their own names
            total += 1
            found += ours is not None and hasattr(ours, name)
    return found, total


def info(args) -> int:
    parser = argparse.ArgumentParser(prog="python -m ivy info",
                                     description="ivy's version, frameworks, backends, coverage")
    parser.add_argument("--no-coverage", action="store_true",
                        help="skip API coverage (it imports every installed framework)")
    opts = parser.parse_args(args)
    print(f"ivy {ivy.__version__} (Python {sys.version.split()[0]})")
    print("frameworks:")
    available = []
    for framework in ivy.BACKENDS:
        version = _version(framework)
        present = importlib.util.find_spec(framework) is not None
        if present:
            available.append(framework)
        print(f"  {framework:<11} {version or 'not installed'}")
    print(f"backends available: {', '.join(available) or 'none'} "
          f"(default: {ivy.default_backend()})")
    if opts.no_coverage:
        return 0
    print("frontend API coverage (public names of the real framework's namespaces "
          "the frontend defines):")
    for framework in ("torch", "jax", "numpy", "tensorflow"):
        start = time.perf_counter()
        try:
            result = coverage(framework)
        except Exception as e:  # noqa: BLE001 - a broken framework install is reported, not fatal
            print(f"  {framework:<11} n/a ({type(e).__name__}: {e})")
            continue
        if result is None:
            print(f"  {framework:<11} n/a (real {framework} not installed)")
            continue
        found, total = result
        spaces = ", ".join(s or framework for s in _NAMESPACES[framework])
        print(f"  {framework:<11} {found:5d}/{total:<5d} {100 * found / max(total, 1):5.1f}%  "
              f"[{spaces}]  ({time.perf_counter() - start:.1f} s)")
    return 0
