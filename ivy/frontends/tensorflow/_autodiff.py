"""``tf.GradientTape``, ``tf.stop_gradient`` and ``tf.custom_gradient`` on ``ivy.autograd``.

While a tape is active, a watched tensor's ``_data`` is a recording leaf (restored when the last
tape exits) and a trainable variable read as an argument gives its leaf (one per value, shared
by nested tapes, so an outer tape differentiates an inner tape's gradient). ``gradient`` runs
``ivy.autograd.backward`` from the targets to the leaves the tape saw; with an outer tape still
recording, the backward pass is itself recorded (second derivatives)."""
from __future__ import annotations

import enum

import ivy
from ivy.core import tree

from .._shared import native_name
from ._tensor import Readable, Tensor, convert, wrap

_INEXACT = frozenset(("bfloat16", "float16", "float32", "float64", "complex64", "complex128"))
TAPES: list = []            # the active tapes, innermost last
_LEAVES: dict = {}          # id(tensor or variable) -> (object, plain native, leaf native)


class UnconnectedGradients(enum.Enum):
    NONE = "none"
    ZERO = "zero"


UnconnectedGradients.__module__ = "tensorflow"


def requires_grad(native) -> bool:
    """Whether ``native`` is recorded (a variable never keeps a recorded value: it would keep
    its graph, and the recording wrappers, alive)."""
    return ivy.autograd.requires_grad(native)


def _leaf_for(obj, plain):
    entry = _LEAVES.get(id(obj))
    if entry is not None and entry[1] is plain:
        return entry[2]
    leaf = ivy.autograd.watch(plain)
    _LEAVES[id(obj)] = (obj, plain, leaf)
    return leaf


def read_variable(var):
    """A trainable variable's value as seen by the recording tapes."""
    plain = var._value
    if native_name(plain) not in _INEXACT or not ivy.autograd.enabled():
        return plain
    leaf = None
    for tape in TAPES:
        if tape._recording and tape._watch_accessed:
            leaf = leaf if leaf is not None else _leaf_for(var, plain)
            tape._note(var, leaf)
    if leaf is None:        # watched explicitly (watch_accessed_variables=False)
        entry = _LEAVES.get(id(var))
        return entry[2] if entry is not None and entry[1] is plain else plain
    return leaf


def _is_leaf(x):
    return type(x) is Tensor or isinstance(x, Readable)


class GradientTape:
    """``tf.GradientTape`` (eager)."""
    __module__ = "tensorflow"

    def __init__(self, persistent=False, watch_accessed_variables=True):
        self._persistent = persistent
        self._watch_accessed = watch_accessed_variables
        self._recording = False
        self._sources: dict = {}        # id(tensor or variable) -> (object, leaf)
        self._variables: list = []
        self._used = False

    def __enter__(self):
        TAPES.append(self)
        self._recording = True
        ivy.autograd.hold()
        return self

    def __exit__(self, *exc):
        self._recording = False
        TAPES.remove(self)
        ivy.autograd.release()
        if not TAPES:
            for obj, plain, _leaf in _LEAVES.values():
                if type(obj) is Tensor:
                    obj._data = plain
            _LEAVES.clear()
        return False

    def _note(self, obj, leaf):
        if id(obj) not in self._sources and isinstance(obj, Readable):
            self._variables.append(obj)
        self._sources[id(obj)] = (obj, leaf)

    def watch(self, tensor):
        """Record operations on ``tensor`` (tensors, variables, or nested structures of them)."""
        for t in tree.leaves(tensor, is_leaf=_is_leaf):
            if isinstance(t, Readable):
                if native_name(t._value) in _INEXACT:
                    self._note(t, _leaf_for(t, t._value))
                continue
            if type(t) is not Tensor:
                raise ValueError(f"Passed in object {t!r} of type {type(t).__name__!r}, not "
                                 f"tf.Tensor or tf.Variable or ExtensionType.")
            if native_name(t._data) not in _INEXACT:
                continue                # TensorFlow only warns; its gradient is None
            entry = _LEAVES.get(id(t))
            leaf = entry[2] if entry is not None else _leaf_for(t, t._data)
            t._data = leaf
            self._note(t, leaf)

    def stop_recording(self):
        return _StopRecording(self)

    def reset(self):
        self._sources.clear()
        self._variables.clear()

    def watched_variables(self):
        return tuple(self._variables)

    def gradient(self, target, sources, output_gradients=None,
                 unconnected_gradients=UnconnectedGradients.NONE):
        """d(sum of ``target``)/d``sources``, in ``sources``' structure."""
        self._start("gradient")
        unconnected = UnconnectedGradients(unconnected_gradients)
        flat_sources, treedef = tree.flatten(sources, is_leaf=_is_leaf)
        targets = tree.leaves(target, is_leaf=_is_leaf)
        cotangents = (tree.leaves(output_gradients, is_leaf=_is_leaf)
                      if output_gradients is not None else None)
        grads = self._backward(targets, cotangents, flat_sources)
        out = []
        for s, g in zip(flat_sources, grads):
            if g is None and unconnected is UnconnectedGradients.ZERO:
                value = s._value if isinstance(s, Readable) else convert(s)
                g = ivy.zeros_like(value)
            out.append(None if g is None else wrap(g))
        return tree.unflatten(treedef, out)

    def _start(self, what):
        if not ivy.autograd.supported():
            raise NotImplementedError(f"tf.GradientTape.{what}: the {ivy.current_backend()} "
                                      f"backend has no automatic differentiation in ivy")
        if self._used and not self._persistent:
            raise RuntimeError("A non-persistent GradientTape can only be used to compute one "
                               "set of gradients (or jacobians)")
        self._used = True

    def _backward(self, targets, cotangents, sources, retain=False):
        outs, cts = [], []
        for i, t in enumerate(targets):
            native = t._read() if isinstance(t, Readable) else convert(t)
            if ivy.autograd.requires_grad(native):
                outs.append(native)
                ct = (convert(cotangents[i], native_name(native)) if cotangents is not None
                      else ivy.ones_like(native))
                cts.append(ct)
        leaves, where = [], []
        for k, s in enumerate(sources):
            if not _is_leaf(s):
                raise ValueError(f"Passed in object {s!r} of type {type(s).__name__!r}, not "
                                 f"tf.Tensor or tf.Variable or ExtensionType.")
            entry = self._sources.get(id(s))
            if entry is not None:
                leaves.append(entry[1])
                where.append(k)
        grads = [None] * len(sources)
        if not outs or not leaves:
            return grads
        outer = any(t is not self and t._recording for t in TAPES)
        found = ivy.autograd.backward(outs, cts, inputs=leaves,
                                      retain_graph=self._persistent or outer or retain,
                                      create_graph=outer, allow_unused=True)
        for k, g in zip(where, found):
            grads[k] = g
        return grads

    def jacobian(self, target, sources, unconnected_gradients=UnconnectedGradients.NONE,
                 parallel_iterations=None, experimental_use_pfor=True):
        """d``target``/d``sources``: shape target.shape + source.shape, one backward pass per
        element of ``target``."""
        self._start("jacobian")
        unconnected = UnconnectedGradients(unconnected_gradients)
        flat_sources, treedef = tree.flatten(sources, is_leaf=_is_leaf)
        t = target._read() if isinstance(target, Readable) else convert(target)
        size = 1
        for d in t.shape:
            size *= d
        rows = [[] for _ in flat_sources]
        flat = ivy.reshape(t, (size,))
        for i in range(size):
            element = wrap(ivy.get_item(flat, i)) if size else None
            grads = self._backward([element], None, flat_sources, retain=True)
            for k, g in enumerate(grads):
                rows[k].append(g)
        out = []
        for s, row in zip(flat_sources, rows):
            value = s._value if isinstance(s, Readable) else convert(s)
            if all(g is None for g in row) and unconnected is UnconnectedGradients.NONE:
                out.append(None)
                continue
            stacked = [ivy.zeros_like(value) if g is None else g for g in row]
            full = (ivy.stack(stacked) if stacked else
                    ivy.zeros((0, *value.shape), dtype=native_name(value)))
            out.append(wrap(ivy.reshape(full, (*t.shape, *value.shape))))
        return tree.unflatten(treedef, out)

    def batch_jacobian(self, target, source, unconnected_gradients=UnconnectedGradients.NONE,
                       parallel_iterations=None, experimental_use_pfor=True):
        """``jacobian`` per batch row: [b, *target_rest, *source_rest]."""
        full = self.jacobian(target, source, unconnected_gradients)
        if full is None:
            return None
        t = convert(target)
        s = source._value if isinstance(source, Readable) else convert(source)
        b = t.shape[0]
        a = ivy.reshape(full._data, (b, -1, b, *s.shape[1:])) if b else full._data
        if not b:
            return wrap(ivy.reshape(full._data, (0, *t.shape[1:], *s.shape[1:])))
        rows = [ivy.get_item(a, (i, slice(None), i)) for i in range(b)]
        return wrap(ivy.reshape(ivy.stack(rows), (b, *t.shape[1:], *s.shape[1:])))


class _StopRecording:
    def __init__(self, tape):
        self._tape = tape

    def __enter__(self):
        if not self._tape._recording:
            raise ValueError("Tape currently is not recording.")
        self._tape._recording = False
        self._previous = ivy.autograd.set_enabled(False)

    def __exit__(self, *exc):
        ivy.autograd.set_enabled(self._previous)
        self._tape._recording = True
        return False


def stop_gradient(input, name=None):  # noqa: A002 - TensorFlow's name
    """``tf.stop_gradient``: the value, not recorded."""
    a = input._read() if isinstance(input, Readable) else convert(input)
    return wrap(ivy.autograd.stop(a) if TAPES else a)


def custom_gradient(f=None):
    """``tf.custom_gradient``: ``f(*x) -> (y, grad_fn)``; ``grad_fn(*dy)`` gives one gradient
    per positional input (variables' gradients through ``variables=`` are not supported)."""
    if f is None:
        return custom_gradient

    def decorated(*args, **kwargs):
        natives = [a._read() if isinstance(a, Readable) else convert(a) for a in args]
        state = {}

        def forward():
            y, grad_fn = f(*[wrap(n) for n in natives], **kwargs)
            state["grad_fn"], flat = grad_fn, tree.flatten(y, is_leaf=_is_leaf)
            state["treedef"] = flat[1]
            return [v._data if type(v) is Tensor else convert(v) for v in flat[0]]

        def backward(*cts):
            dys = [wrap(c) if c is not None else None for c in cts]
            grads = state["grad_fn"](*dys)
            grads = grads if isinstance(grads, (list, tuple)) else (grads,)
            return [None if g is None else (g._data if type(g) is Tensor else convert(g))
                    for g in grads]

        outs = ivy.autograd.custom(forward, backward, natives, name="CustomGradient")
        natives.clear()     # the closures outlive the call (the graph node holds backward)
        return tree.unflatten(state["treedef"], [wrap(o) for o in outs])
    decorated.__name__ = getattr(f, "__name__", "custom_gradient")
    decorated.__doc__ = getattr(f, "__doc__", None)
    return decorated


EXPORTS = {"tf": {"GradientTape": GradientTape, "UnconnectedGradients": UnconnectedGradients,
                  "stop_gradient": stop_gradient, "custom_gradient": custom_gradient}}
