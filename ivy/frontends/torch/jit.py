"""``torch.jit``: ``trace`` on ``ivy.trace_graph`` (the function or module traced on the example
inputs, replayed for later inputs); TorchScript (``script``) is not supported; the decorators that
only matter to TorchScript (``ignore``, ``unused``, ``export``) return the function."""
from __future__ import annotations

import functools

from ivy.core import trace as _trace

from ._runtime import trace_function
from .nn import Module

__all__ = ["trace", "script", "ignore", "unused", "export", "is_scripting", "is_tracing",
           "annotate"]


class ScriptFunction:
    """What ``torch.jit.trace(fn, ...)`` returns: callable, the graph of ``fn`` replayed."""
    __module__ = "torch.jit"

    def __init__(self, fn, traced):
        self._traced = traced
        functools.update_wrapper(self, fn)

    def __call__(self, *args, **kwargs):
        return self._traced(*args, **kwargs)


class TopLevelTracedModule(Module):
    """What ``torch.jit.trace(module, ...)`` returns: calls replay the traced ``module(...)``;
    parameters, buffers and submodules are the module's own (shared, same names)."""
    __module__ = "torch.jit._trace"

    def __init__(self, mod, traced):
        super().__init__()
        setattr_ = object.__setattr__
        for table in ("_parameters", "_buffers", "_modules", "_non_persistent_buffers_set"):
            setattr_(self, table, getattr(mod, table))
        setattr_(self, "_orig", mod)
        setattr_(self, "_traced", traced)

    def __call__(self, *args, **kwargs):
        return self._traced(*args, **kwargs)

    def forward(self, *args, **kwargs):
        return self._traced(*args, **kwargs)

    def train(self, mode=True):
        self._orig.train(mode)
        object.__setattr__(self, "training", self._orig.training)
        return self

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return getattr(self.__dict__["_orig"], name)


def trace(func, example_inputs=None, optimize=None, check_trace=True, check_inputs=None,
          check_tolerance=1e-05, strict=True, _force_outplace=False, _module_class=None,
          _compilation_unit=None, example_kwarg_inputs=None, _store_inputs=True):
    """Implements ``torch.jit.trace``: ``func`` traced now on ``example_inputs`` (a tensor or a
    tuple of them; or ``example_kwarg_inputs``), later inputs replay the graph (a new shape traces
    again). Deviation: where torch bakes a value read in Python into the trace (with a
    TracerWarning), ivy runs the function eagerly for that signature (correct for every input)."""
    if example_inputs is None and example_kwarg_inputs is None:
        raise RuntimeError("example_kwarg_inputs or example_inputs must be provided.")
    traced = trace_function(func)
    args = () if example_inputs is None else (
        example_inputs if isinstance(example_inputs, tuple) else (example_inputs,))
    traced(*args, **(example_kwarg_inputs or {}))
    if isinstance(func, Module):
        return TopLevelTracedModule(func, traced)
    return ScriptFunction(func, traced)


def script(obj, optimize=None, _frames_up=0, _rcb=None, example_inputs=None):
    """``torch.jit.script``: TorchScript compiles Python source; not supported."""
    raise NotImplementedError("torch.jit.script: TorchScript is not supported by ivy's torch "
                              "frontend (torch.jit.trace and torch.compile trace instead)")


def ignore(drop=False, **kwargs):
    """Implements ``torch.jit.ignore`` (only TorchScript reads it): the function."""
    if callable(drop):
        return drop
    return lambda fn: fn


def unused(fn):
    return fn


def export(fn):
    return fn


def is_scripting() -> bool:
    return False


def is_tracing() -> bool:
    """Whether a trace is recording (``torch.jit.trace``, ``torch.compile``, ...)."""
    return _trace.tracing()


def annotate(the_type, the_value):
    return the_value
