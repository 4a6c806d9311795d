"""``torch.utils.checkpoint``: activation checkpointing, with torch's values, gradients, warnings
and errors; the memory saving is not reproduced.

How the two variants are emulated:

- ``use_reentrant=True`` (also what an unspecified ``use_reentrant`` means in torch 2.13, after a
  warning): ``CheckpointFunction``, a custom autograd ``Function`` of this frontend. Its forward
  runs ``function`` without grad; its backward really recomputes it with grad enabled on detached
  copies of the inputs (from the forward's RNG state unless ``preserve_rng_state=False``, the
  global RNG restored afterwards), backpropagates the incoming gradients through the
  recomputation -- so parameters used inside get their ``.grad`` there -- and returns the
  inputs' gradients. torch's visible quirks follow: with no input requiring grad the output does
  not either (a warning says so, and parameters inside get no gradient); ``autograd.grad`` or
  ``backward(inputs=...)`` through it raises RuntimeError; keyword arguments raise ValueError.
- ``use_reentrant=False``: ``function`` runs once under the recording graph and its activations
  are kept, where torch frees them and recomputes them in backward through saved-tensor hooks
  (which the core's graph does not have). Values and gradients are the same, ``autograd.grad``
  works, keyword arguments reach ``function``. ``context_fn``'s first context wraps the forward;
  its second (the recomputation's) is never entered. ``determinism_check``, ``debug`` and
  ``early_stop`` concern the recomputation only: they are checked as torch checks them and do
  nothing else. One difference: with ``preserve_rng_state=False`` and random draws in
  ``function``, torch's backward draws again (other values, the global RNG advanced); here the
  backward uses the forward's draws and the RNG is not touched.
"""
from __future__ import annotations

import contextlib
import enum
import warnings

from .. import _random
from .._misc import enable_grad, no_grad
from .._tensor import Tensor
from .. import autograd as _autograd

__all__ = ["checkpoint", "checkpoint_sequential", "CheckpointError", "CheckpointFunction",
           "check_backward_validity", "detach_variable", "noop_context_fn",
           "set_checkpoint_early_stop", "set_checkpoint_debug_enabled", "CheckpointPolicy",
           "create_selective_checkpoint_contexts"]

_DETERMINISM_CHECKS = ("default", "none")
_debug_enabled = [None]          # set_checkpoint_debug_enabled's override of ``debug``
_early_stop = [True]


class CheckpointError(RuntimeError):
    pass


def noop_context_fn():
    return contextlib.nullcontext(), contextlib.nullcontext()


def detach_variable(inputs):
    if not isinstance(inputs, tuple):
        raise RuntimeError(f"Only tuple of tensors is supported. Got Unsupported input type: "
                           f"{type(inputs).__name__}")
    out = []
    for x in inputs:
        if isinstance(x, Tensor):
            d = x.detach()
            d.requires_grad = x.requires_grad
            x = d
        out.append(x)
    return tuple(out)


def check_backward_validity(inputs):
    if not any(x.requires_grad for x in inputs if isinstance(x, Tensor)):
        warnings.warn("None of the inputs have requires_grad=True. Gradients will be None",
                      stacklevel=2)


@contextlib.contextmanager
def set_checkpoint_early_stop(enable: bool):
    previous, _early_stop[0] = _early_stop[0], enable
    try:
        yield
    finally:
        _early_stop[0] = previous


class set_checkpoint_debug_enabled:
    def __init__(self, enabled):
        self.enabled = enabled

    def __enter__(self):
        self.previous, _debug_enabled[0] = _debug_enabled[0], self.enabled

    def __exit__(self, *exc):
        _debug_enabled[0] = self.previous
        return False


class CheckpointPolicy(enum.Enum):
    MUST_SAVE = 0
    PREFER_SAVE = 1
    MUST_RECOMPUTE = 2
    PREFER_RECOMPUTE = 3
    MUST_CPU_OFFLOAD = 4
    PREFER_CPU_OFFLOAD = 5


def create_selective_checkpoint_contexts(policy_fn_or_list, allow_cache_entry_mutation=False):
    raise NotImplementedError("ivy: torch.utils.checkpoint.create_selective_checkpoint_contexts "
                              "(selective activation checkpointing) is not supported on any "
                              "backend: it needs torch's dispatcher modes")


class CheckpointFunction(_autograd.Function):
    """The reentrant variant: recomputes ``run_function`` in its backward (see the module)."""

    @staticmethod
    def forward(ctx, run_function, preserve_rng_state, *args):
        check_backward_validity(args)
        ctx.run_function = run_function
        ctx.preserve_rng_state = preserve_rng_state
        if preserve_rng_state:
            ctx.fwd_cpu_state = _random.get_rng_state()
        ctx.inputs = args
        with no_grad():
            return run_function(*args)

    @staticmethod
    def backward(ctx, *grads):
        if not _autograd._is_checkpoint_valid():
            raise RuntimeError(
                "When use_reentrant=True, torch.utils.checkpoint is incompatible with .grad() or "
                "passing an `inputs` parameter to .backward(). To resolve this error, you can "
                "either set use_reentrant=False, or call .backward() without passing the "
                "`inputs` argument.")
        with _random.fork_rng(devices=[], enabled=ctx.preserve_rng_state):
            if ctx.preserve_rng_state:
                _random.set_rng_state(ctx.fwd_cpu_state)
            inputs = detach_variable(tuple(ctx.inputs))
            with enable_grad():
                outputs = ctx.run_function(*inputs)
        if isinstance(outputs, Tensor):
            outputs = (outputs,)
        pairs = [(o, g) for o, g in zip(outputs, grads)
                 if isinstance(o, Tensor) and o.requires_grad]
        if not pairs:
            raise RuntimeError("none of output has requires_grad=True, this checkpoint() is not "
                               "necessary")
        _autograd.backward([o for o, _ in pairs], [g for _, g in pairs])
        return (None, None) + tuple(x.grad if isinstance(x, Tensor) else None for x in inputs)


def checkpoint(function, *args, use_reentrant=None, context_fn=noop_context_fn,
               determinism_check="default", debug=False, early_stop=True, **kwargs):
    """Implements ``torch.utils.checkpoint.checkpoint`` (recomputation emulated: see the module)."""
    if use_reentrant is None:
        warnings.warn(
            "torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly. "
            "Starting in PyTorch 2.9, calling checkpoint without use_reentrant will raise an "
            "exception. use_reentrant=False is recommended, but if you need to preserve the "
            "current default behavior, you can pass use_reentrant=True. Refer to docs for more "
            "details on the differences between the two variants.", stacklevel=2)
        use_reentrant = True
    preserve = kwargs.pop("preserve_rng_state", True)
    if kwargs and use_reentrant:
        raise ValueError("Unexpected keyword arguments: " + ",".join(kwargs))
    if use_reentrant:
        if context_fn is not noop_context_fn or debug is not False:
            raise ValueError("Passing `context_fn` or `debug` is only supported when "
                             "use_reentrant=False.")
        return CheckpointFunction.apply(function, preserve, *args)
    if (debug if _debug_enabled[0] is None else _debug_enabled[0]) and \
            context_fn is not noop_context_fn:
        raise ValueError("debug=True is incompatible with non-default context_fn")
    if determinism_check not in _DETERMINISM_CHECKS:
        raise ValueError(f"determinism_check should be one of {list(_DETERMINISM_CHECKS)}, but "
                         f"got {determinism_check}")
    forward_context, _recompute_context = context_fn()
    with forward_context:
        return function(*args, **kwargs)


def checkpoint_sequential(functions, segments, input, use_reentrant=None, **kwargs):
    """Implements ``torch.utils.checkpoint.checkpoint_sequential``: every segment but the last
    through ``checkpoint``."""
    if use_reentrant is None:
        warnings.warn(
            "torch.utils.checkpoint.checkpoint_sequential: the use_reentrant parameter should be "
            "passed explicitly. In version 2.9 we will raise an exception if use_reentrant is not "
            "passed. use_reentrant=False is recommended, but if you need to preserve the current "
            "default behavior, you can pass use_reentrant=True. Refer to docs for more details "
            "on the differences between the two variants.", stacklevel=2)
        use_reentrant = True
    preserve = kwargs.pop("preserve_rng_state", True)
    if kwargs:
        raise ValueError("Unexpected keyword arguments: " + ",".join(kwargs))
    from ..nn import Sequential
    if isinstance(functions, Sequential):
        functions = list(functions.children())

    def run(start, stop):
        def forward(x):
            for f in functions[start:stop]:
                x = f(x)
            return x
        return forward

    size = len(functions) // segments
    end = 0
    for start in range(0, size * (segments - 1), size):
        end = start + size
        input = checkpoint(run(start, end), input, use_reentrant=use_reentrant,
                           preserve_rng_state=preserve)
    return run(end, len(functions))(input)
