"""The frontends' tracing entry points (``tf.function``, ``torch.compile``, ``torch.jit.trace``) on
``ivy.trace_graph``: the Python function runs once per input signature (shapes, dtypes, Python
values) while its core calls are recorded, later calls replay the graph, outputs are wrapped as
the frontend's arrays.

A function that cannot be traced -- it reads a traced value in Python (``if x.sum() > 0``,
``.item()``, ``float(x)``; ``IvyTraceError``) -- runs eagerly for that signature from then on.
The failed trace ran part of the function already, so before the eager run the state it may have
touched is put back: every dict, list and set and every object's attributes reachable from the
function (its closure, the globals it names, its arguments -- as ``ivy.trace_graph`` finds state),
and the arrays held by frontend objects there (parameters, gradients, optimizer buffers,
``tf.Variable``s; on numpy and torch, whose arrays are written in place, their values too).
Effects outside that reach (output printed, random draws of a global generator) happen once more
on that first call.
"""
from __future__ import annotations

import contextlib
import types
import warnings

import ivy
from ivy.core import trace as _trace
from ivy.core import tree

from ._shared import immutable

_SCALARS = (int, float, bool, str, bytes, complex, type(None))
_OPAQUE = (type, types.ModuleType, types.FunctionType, types.MethodType,
           types.BuiltinFunctionType, range, slice, type(Ellipsis))
_VISIT_LIMIT = 100_000


class Snapshot:
    """What a function can change in place, as it is now (see the module docstring)."""

    def __init__(self, roots):
        self.containers, self.holders, self.values = [], [], []
        stack, seen = list(roots), set()
        mutable = not immutable()
        while stack and len(seen) < _VISIT_LIMIT:
            x = stack.pop()
            t = type(x)
            if t in _SCALARS or id(x) in seen or isinstance(x, _OPAQUE):
                continue
            seen.add(id(x))
            spec = _trace._spec(t)
            if spec is not None:
                attribute, slots = spec
                values = tuple(getattr(x, n, None) for n in slots)
                payload = getattr(x, attribute)
                self.holders.append((x, attribute, payload, slots, values))
                if mutable and ivy.is_native_array(payload):     # written in place (numpy, torch)
                    self.values.append((payload, payload))
                stack.extend(v for v in values if v is not None)
                continue
            if isinstance(x, dict):
                self.containers.append((x, dict(x)))
                stack.extend(x.values())
                stack.extend(x.keys())
            elif isinstance(x, list):
                self.containers.append((x, list(x)))
                stack.extend(x)
            elif isinstance(x, set):
                self.containers.append((x, set(x)))
                stack.extend(x)
            elif isinstance(x, (tuple, frozenset)):
                stack.extend(x)
            else:
                d = _trace._instance_dict(x)
                if isinstance(d, dict):
                    stack.append(d)
                for name in _trace._slot_names(t):
                    v = getattr(x, name, None)
                    if v is not None:
                        stack.append(v)

        if self.values:
            with _paused():
                self.values = [(a, _copy(a)) for a, _ in self.values]

    def counted(self) -> bool:
        """Whether a list reached holds a number changed in place since (a counter kept in
        Python, e.g. a seed generator's: a replay would repeat the traced value). A list that
        grew (a log appended to) is a side effect of tracing, as in TensorFlow."""
        for container, saved in self.containers:
            if type(container) is list and len(container) == len(saved):
                for a, b in zip(container, saved):
                    if a is not b and type(b) in _SCALARS and a != b:
                        return True
        return False

    def restore(self):
        if self.values:
            with _paused():
                previous = ivy.autograd.set_enabled(False)
                try:
                    for array, value in self.values:
                        ivy.index_update(array, Ellipsis, value, inplace=True)
                finally:
                    ivy.autograd.set_enabled(previous)
        for holder, attribute, payload, slots, values in self.holders:
            setattr(holder, attribute, payload)
            for name, value in zip(slots, values):
                setattr(holder, name, value)
        for container, saved in self.containers:
            if isinstance(container, list):
                container[:] = saved
            else:
                container.clear()
                container.update(saved)


@contextlib.contextmanager
def _paused():
    """No recording meanwhile (the snapshot's own copies are no part of the graph)."""
    _trace._active.append(None)
    try:
        yield
    finally:
        _trace._active.pop()


def _copy(a):
    return ivy.asarray(a, copy=True)


def snapshot(fn, args, kwargs) -> Snapshot:
    """The state ``fn`` called on ``args``/``kwargs`` can change, to put back later."""
    return Snapshot(_trace._roots(fn, args, kwargs))


def _key(args, kwargs):
    """A call's signature as TensorFlow and torch retrace on it: arrays by shape and dtype,
    other values by value (or identity)."""
    leaves, treedef = tree.flatten((args, kwargs))
    key = [treedef]
    for leaf in leaves:
        shape = getattr(leaf, "shape", None)
        if shape is not None and not isinstance(leaf, _SCALARS):
            key.append((type(leaf), tuple(shape), str(getattr(leaf, "dtype", ""))))
        else:
            key.append(_trace.static_key(leaf))
    return tuple(key)


class Traced:
    """``fn`` traced once per input signature; ``wrap`` makes its outputs the frontend's
    (natives from a replay, frontend arrays from an eager run); ``scope()`` is entered around each
    Python run of ``fn``; ``mode()`` (hashable: grad mode, a recording tape) selects one of several
    graphs. ``strict``: raise ``strict(message)`` instead of running eagerly. ``rng``: the
    frontend's host-side random state (``get()``, ``set(state)``: put back with the rest after a
    failed trace); a trace that moved it (or a counter kept in a Python list,
    ``Snapshot.counted``) draws random numbers a replay would repeat: that signature runs eagerly.

    On the backends whose autograd is ivy's tape (jax, tensorflow), a replay is not on the tape:
    a signature whose traced outputs carry gradients to the caller (a forward pass differentiated
    outside the function; not a whole training step, which differentiates inside) runs eagerly."""

    def __init__(self, fn, frontend, wrap, scope=contextlib.nullcontext, strict=None, mode=None,
                 rng=None):
        self.fn, self.wrap, self.scope, self.strict = fn, wrap, scope, strict
        self.frontend, self.mode, self.rng = frontend, mode, rng
        self._rng_before = None
        self.eager = set()         # signatures that run eagerly
        self.traces = 0            # Python runs of fn while tracing
        self._snapshot = None
        self._tracing = False
        self.graphs = {}
        self._statics = {}         # a trace -> its outputs that are no arrays, by leaf index

    def _graph(self, mode):
        graph = self.graphs.get(mode)
        if graph is None:
            graph = self.graphs[mode] = ivy.trace_graph(_body(self.fn, self._enter, self.wrap),
                                                        source=self.frontend)
        return graph

    @contextlib.contextmanager
    def _enter(self, args, kwargs):
        if self._tracing and _trace.tracing():     # this function's own trace
            self._tracing = False
            self.traces += 1
            self._snapshot = snapshot(self.fn, args, kwargs)
            self._rng_before = None if self.rng is None else self.rng.get()
        with self.scope():
            yield

    def __call__(self, *args, **kwargs):
        if _trace.tracing():       # inside another trace: part of its graph
            with self.scope():
                return self.fn(*args, **kwargs)
        mode = None if self.mode is None else self.mode()
        if self.eager and (mode, _key(args, kwargs)) in self.eager:
            return self.run_eagerly(args, kwargs)
        graph = self._graph(mode)
        self._tracing, last, traces = True, graph.last, self.traces
        try:
            out = graph(*args, **kwargs)
        except ivy.IvyTraceError as e:
            saved, self._snapshot = self._snapshot, None
            if saved is not None:
                saved.restore()
                if self.rng is not None:
                    self.rng.set(self._rng_before)
            if self.strict is not None:
                raise self.strict(str(e)) from None
            self.eager.add((mode, _key(args, kwargs)))
            return self.run_eagerly(args, kwargs)
        except Exception as e:       # noqa: BLE001 - a replay (no Python ran) that failed
            if self.traces != traces:
                raise                # the function's own error, raised while tracing
            warnings.warn(f"ivy: the traced graph of {getattr(self.fn, '__qualname__', self.fn)} "
                          f"failed on replay ({type(e).__name__}: {e}); it runs eagerly for this "
                          f"signature", RuntimeWarning, stacklevel=2)
            self.eager.add((mode, _key(args, kwargs)))
            return self.run_eagerly(args, kwargs)
        finally:
            self._tracing = False
        saved, self._snapshot = self._snapshot, None
        if self._statics and graph.last in self._statics:
            out = _put_back(out, self._statics[graph.last])
        if graph.last is not last and self.traces != traces:
            leaves = tree.leaves(out)
            statics = {i: v for i, v in enumerate(leaves) if not ivy.is_native_array(v)}
            if statics:            # a compiled replay would return them as arrays
                self._statics[graph.last] = (len(leaves), statics)
        if self.traces != traces and (
                saved is not None and saved.counted()
                or self.rng is not None and self.rng.get() != self._rng_before
                or graph.last is not last and _carries_gradients(graph, out)):
            self.eager.add((mode, _key(args, kwargs)))
        return self.wrap(out)

    def run_eagerly(self, args, kwargs):
        with self.scope():
            return self.wrap(self.fn(*args, **kwargs))


def _put_back(out, statics):
    count, values = statics
    leaves, treedef = tree.flatten(out)
    if len(leaves) != count:
        return out
    return tree.unflatten(treedef, [values.get(i, v) for i, v in enumerate(leaves)])


def _carries_gradients(graph, out) -> bool:
    if not ivy.autograd.enabled() or ivy.current_backend() in ("torch", "numpy"):
        return False
    if any(ivy.is_native_array(x) and ivy.autograd.requires_grad(x) for x in tree.leaves(out)):
        return "autograd.backward" not in graph.functions()
    return False


def _body(fn, enter, wrap):
    """The function ``ivy.trace_graph`` traces: ``wrap(fn(...))`` inside ``enter`` (outputs made
    the frontend's while tracing: a Python number becomes the graph's constant); its closure
    holds what ``fn`` reaches (a bound method's function and owner apart) so the trace finds
    fn's state."""
    owner, func = getattr(fn, "__self__", None), getattr(fn, "__func__", None)
    if isinstance(func, types.FunctionType) and not isinstance(owner, types.ModuleType):
        def body(*args, **kwargs):
            with enter(args, kwargs):
                return wrap(func(owner, *args, **kwargs))
    else:
        def body(*args, **kwargs):
            with enter(args, kwargs):
                return wrap(fn(*args, **kwargs))
    body.__qualname__ = getattr(fn, "__qualname__", type(fn).__name__)
    return body


def guarded_branch(fn):
    """``fn`` (a closure, e.g. a ``tf.cond`` branch) handed to a core control function inside a
    trace: a replay that reaches it untraced (the branch not taken while tracing) would compute on
    the arrays its closure captured while tracing, so it fails the replay's guard instead and the
    function is traced again."""
    seen = [False]

    def branch(*args):
        if _trace.tracing():
            seen[0] = True
        elif not seen[0]:
            raise _trace._GuardFailed
        return fn(*args)
    return branch
