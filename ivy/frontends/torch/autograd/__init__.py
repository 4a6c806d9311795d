"""``torch.autograd``: ``backward``, ``grad``, ``Function`` and the grad-mode switches.

The graph is the core's (``ivy.autograd``): torch's own autograd on the torch backend, the core's
recording tape on jax and tensorflow; the numpy backend has none (``backward`` raises
NotImplementedError). ``.grad`` of a leaf is the frontend tensor's attribute, accumulated here.
"""
from __future__ import annotations

import ivy

from .._misc import enable_grad, inference_mode, no_grad, set_grad_enabled  # noqa: F401
from .._runtime import is_anomaly_check_nan_enabled, is_anomaly_enabled, set_anomaly_enabled
from .._dtypes import native_name
from .._tensor import Tensor, _wrap
from . import functional  # noqa: F401


def _tensors(value, what):
    if isinstance(value, Tensor):
        return (value,)
    if value is None:
        return ()
    out = tuple(value)
    for t in out:
        if not isinstance(t, Tensor):
            raise TypeError(f"{what} must be a Tensor or a sequence of Tensors, got "
                            f"{type(t).__name__}")
    return out


def _cotangents(outputs, grads, create_graph):
    grads = (None,) * len(outputs) if grads is None else (
        (grads,) if isinstance(grads, Tensor) or grads is None else tuple(grads))
    if len(grads) != len(outputs):
        raise RuntimeError(f"grad can be implicitly created only for scalar outputs"
                           if not grads else f"Mismatch in number of gradients: expected "
                           f"{len(outputs)}, got {len(grads)}")
    natives = []
    for i, (out, g) in enumerate(zip(outputs, grads)):
        if g is None:
            if ivy.size(out._data) != 1:
                raise RuntimeError("grad can be implicitly created only for scalar outputs")
            if not out.is_floating_point():
                raise RuntimeError(f"grad can be implicitly created only for real scalar outputs "
                                   f"but got {out.dtype}")
            natives.append(ivy.ones_like(out._data))
            continue
        if not isinstance(g, Tensor):
            raise TypeError(f"gradients can be either Tensors or None, but got "
                            f"{type(g).__name__}")
        if tuple(g.shape) != tuple(out.shape):
            raise RuntimeError(f"Mismatch in shape: grad_output[{i}] has a shape of "
                               f"{g.shape} and output[{i}] has a shape of {out.shape}.")
        natives.append(g._data if create_graph else ivy.autograd.stop(g._data))
    return natives


# Whether the backward now running goes to every leaf (``backward()`` without ``inputs``): the
# reentrant checkpoint (torch.utils.checkpoint) refuses to run inside ``grad()``, as torch's does.
_checkpoint_valid = [True]


def _is_checkpoint_valid() -> bool:
    return _checkpoint_valid[-1]


def _run(outputs, cotangents, inputs, retain_graph, create_graph, allow_unused):
    _checkpoint_valid.append(inputs is None)
    try:
        return ivy.autograd.backward([o._data for o in outputs], cotangents,
                                     None if inputs is None else [t._data for t in inputs],
                                     retain_graph, create_graph, allow_unused)
    except ivy.IvyValueError as e:
        raise RuntimeError(str(e)) from None
    finally:
        _checkpoint_valid.pop()


def _accumulate(t: Tensor, g, create_graph):
    """``t.grad += g`` as torch does it: the first gradient is stored, later ones are added in
    place (out of place when the graph of the gradient is kept)."""
    if ivy.dtype(g) != ivy.dtype(t._data):
        g = ivy.astype(g, ivy.dtype(t._data))
    current = getattr(t, "_grad", None)
    if current is None:
        t._grad = _wrap(g if create_graph else ivy.autograd.stop(g))
    elif create_graph:
        t._grad = _wrap(ivy.add(current._data, g))
    else:
        previous = ivy.autograd.set_enabled(False)
        try:
            current._data = ivy.add(current._data, g)
        finally:
            ivy.autograd.set_enabled(previous)


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False,
             grad_variables=None, inputs=None):
    """Implements ``torch.autograd.backward``: gradients accumulate into the leaves' ``.grad``."""
    outputs = _tensors(tensors, "tensors")
    if grad_variables is not None:
        grad_tensors = grad_variables
    targets = None if inputs is None else _tensors(inputs, "inputs")
    if targets is not None and not targets:
        raise RuntimeError("'inputs' argument to backward() cannot be empty.")
    cotangents = _cotangents(outputs, grad_tensors, create_graph)
    if retain_graph is None:
        retain_graph = create_graph
    got = _run(outputs, cotangents, targets, retain_graph, create_graph, True)
    if targets is None:
        for leaf, g in got:
            _accumulate(leaf, g, create_graph)
    else:
        for t, g in zip(targets, got):
            if g is not None:
                _accumulate(t, g, create_graph)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         only_inputs=True, allow_unused=None, is_grads_batched=False, materialize_grads=False):
    """Implements ``torch.autograd.grad``: the gradients, nothing accumulated."""
    if is_grads_batched:
        raise NotImplementedError("ivy: torch.autograd.grad(is_grads_batched=True) is not "
                                  "supported; loop over the batch")
    outs = _tensors(outputs, "outputs")
    ins = _tensors(inputs, "inputs")
    if materialize_grads and allow_unused is False:
        raise ValueError("Expected allow_unused to be True or not passed when materialize_grads=True,"
                         " but got: allow_unused=False.")
    if allow_unused is None:
        allow_unused = materialize_grads
    for t in ins:
        if not t.requires_grad:
            raise RuntimeError("One of the differentiated Tensors does not require grad")
    cotangents = _cotangents(outs, grad_outputs, create_graph)
    if retain_graph is None:
        retain_graph = create_graph
    got = _run(outs, cotangents, ins, retain_graph, create_graph, allow_unused)
    result = []
    for t, g in zip(ins, got):
        if g is None:
            result.append(_wrap(ivy.zeros_like(t._data)) if materialize_grads else None)
        else:
            result.append(_wrap(g if create_graph else ivy.autograd.stop(g)))
    return tuple(result)


# ---- Tensor methods ------------------------------------------------------------------------------
def tensor_backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
    backward(self, gradient, retain_graph, create_graph, inputs=inputs)


def register_hook(self, hook):
    if not ivy.autograd.supported():     # no graph: backward raises, so no hook would run
        return ivy.autograd.register_hook(self._data, hook)
    if not self.requires_grad:
        raise RuntimeError("cannot register a hook on a tensor that doesn't require gradient")

    def native_hook(g):
        replaced = hook(_wrap(g))
        return None if replaced is None else replaced._data
    return ivy.autograd.register_hook(self._data, native_hook)


def retain_grad(self):
    if not ivy.autograd.supported():
        return
    if not self.requires_grad:
        raise RuntimeError("can't retain_grad on Tensor that has requires_grad=False")
    if self.is_leaf or getattr(self, "_retains_grad", False):
        return
    import weakref
    ref = weakref.ref(self)

    def keep(g):
        t = ref()
        if t is not None:
            _accumulate(t, g, False)
    ivy.autograd.register_hook(self._data, keep)
    self._retains_grad = True


def retains_grad(self) -> bool:
    return getattr(self, "_retains_grad", False) and not self.is_leaf


METHODS = {"backward": tensor_backward, "register_hook": register_hook, "retain_grad": retain_grad}
PROPERTIES = {"retains_grad": retains_grad}


# ---- custom functions ----------------------------------------------------------------------------
class FunctionCtx:
    """The ``ctx`` of a custom ``Function``: saved tensors and the flags torch offers."""

    def save_for_backward(self, *tensors):
        for t in tensors:
            if t is not None and not isinstance(t, Tensor):
                raise TypeError("save_for_backward can only save variables, but argument "
                                f"{tensors.index(t)} is of type {type(t).__name__}")
        self._saved = tensors

    @property
    def saved_tensors(self):
        return getattr(self, "_saved", ())

    def mark_non_differentiable(self, *tensors):
        self._non_differentiable = {id(t) for t in tensors}

    def mark_dirty(self, *tensors):
        self._dirty = tensors

    def set_materialize_grads(self, value):
        self.materialize_grads = bool(value)


class _FunctionMeta(type):
    pass


class Function(FunctionCtx, metaclass=_FunctionMeta):
    """Implements ``torch.autograd.Function``: subclasses define ``forward(ctx, ...)`` (or
    ``forward(...)`` with ``setup_context(ctx, inputs, output)``) and ``backward(ctx, *grads)``."""

    @staticmethod
    def forward(*args, **kwargs):
        raise NotImplementedError("You must implement the forward function for custom "
                                  "autograd.Function.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError("You must implement either the backward or vjp method for your "
                                  "custom autograd.Function to use it with backward mode AD.")

    vjp = backward

    @staticmethod
    def setup_context(ctx, inputs, output):
        raise NotImplementedError("setup_context is not implemented.")

    @classmethod
    def apply(cls, *args, **kwargs):
        ctx = cls.__new__(cls)
        ctx.needs_input_grad = tuple(isinstance(a, Tensor) and a.requires_grad for a in args)
        ctx.materialize_grads = True
        separate = cls.setup_context is not Function.setup_context
        box, shapes = [], []

        def forward():
            result = cls.forward(*args, **kwargs) if separate else cls.forward(ctx, *args,
                                                                               **kwargs)
            if separate:
                cls.setup_context(ctx, args, result)
            single = not isinstance(result, tuple)
            outs = (result,) if single else result
            box.append((single, outs))
            # what backward needs of the outputs, not the outputs: the tape tracks their arrays,
            # and a graph holding its own outputs would never be freed
            shapes[:] = [(tuple(o._data.shape), native_name(o._data)) if isinstance(o, Tensor)
                         else None for o in outs]
            return [o._data for o in outs if isinstance(o, Tensor)]

        tensor_positions = [i for i, a in enumerate(args) if isinstance(a, Tensor)]

        def backward(*cts):
            grads_in, it = [], iter(cts)
            for shape in shapes:
                if shape is not None:
                    ct = next(it)
                    if ct is None and ctx.materialize_grads:
                        ct = ivy.zeros(shape[0], dtype=shape[1])
                    grads_in.append(None if ct is None else _wrap(ct))
                else:
                    grads_in.append(None)
            grads = cls.backward(ctx, *grads_in)
            grads = grads if isinstance(grads, tuple) else (grads,)
            if len(grads) != len(args):
                if len(grads) < len(args) or any(g is not None for g in grads[len(args):]):
                    raise RuntimeError(f"function {cls.__name__}Backward returned an incorrect "
                                       f"number of gradients (expected {len(args)}, got "
                                       f"{len(grads)})")
            return [None if grads[i] is None else grads[i]._data for i in tensor_positions]

        natives = ivy.autograd.custom(forward, backward,
                                      [args[i]._data for i in tensor_positions],
                                      f"{cls.__name__}")
        single, outs = box.pop()
        it = iter(natives)
        wrapped = tuple(_wrap(next(it)) if isinstance(o, Tensor) else o for o in outs)
        return wrapped[0] if single else wrapped


class InplaceFunction(Function):
    def __init__(self, inplace=False):
        self.inplace = inplace


def once_differentiable(fn):
    return fn


class Variable(Tensor):
    """``torch.autograd.Variable(tensor, requires_grad=False)``: the tensor itself (legacy)."""

    def __new__(cls, data, requires_grad=False, volatile=False):
        if requires_grad:
            data.requires_grad_(True)
        return data


class detect_anomaly:
    """Implements `torch.autograd.detect_anomaly`: sets the anomaly flag only (no checks run)."""

    def __init__(self, check_nan=True):
        self.check_nan = check_nan

    def __enter__(self):
        self.prev = (is_anomaly_enabled(), is_anomaly_check_nan_enabled())
        set_anomaly_enabled(True, self.check_nan)
        return self

    def __exit__(self, *exc):
        set_anomaly_enabled(*self.prev)
        return False

    def __call__(self, fn):
        return fn


class set_detect_anomaly(detect_anomaly):
    """Implements `torch.autograd.set_detect_anomaly`: set on construction, as torch does."""

    def __init__(self, mode, check_nan=True):
        self.prev = (is_anomaly_enabled(), is_anomaly_check_nan_enabled())
        set_anomaly_enabled(mode, check_nan)

    def __enter__(self):
        return self
