"""``ivy.autograd``: eager reverse-mode differentiation of native arrays, as torch's autograd does it.

Frontends whose framework differentiates eagerly (torch's ``loss.backward()``, tensorflow's
``GradientTape``) use this; the functional transforms (``ivy.grad``, ``ivy.vjp``) are separate.

- ``watch(x, owner)`` returns ``x`` as a *leaf* that records: every later core call taking it (or
  anything computed from it) while recording is enabled is part of its graph. ``owner`` is any
  object (the frontend's tensor), held weakly, that ``backward`` reports the leaf's gradient for.
- ``backward(outputs, cotangents, inputs=None, retain_graph=False, create_graph=False)`` returns
  ``[(owner, grad)]`` for the leaves reached, or with ``inputs`` the gradients of those arrays.
- ``requires_grad(x)``, ``is_leaf(x)``, ``stop(x)`` (detach), ``register_hook(x, fn)``,
  ``enabled()`` / ``set_enabled(flag)`` (grad mode; returns the previous mode).

How each backend does it:
- torch: its own autograd (``ivy.backends.torch.autograd``); recording costs nothing extra.
- jax, tensorflow (no eager tape ivy can use across calls): the generic ``_Tape`` below. While a
  watched array is alive, ``ivy.<fn>`` (and ``ivy.linalg``/``ivy.fft``) are rebound to recording
  wrappers; a wrapper finds tracked arrays among the arguments (top level, one list/tuple level,
  keyword values), and only then runs the backend function under ``ivy.vjp``, keeping the pullback
  on a graph node keyed by the identity of each floating-point output. ``backward`` walks the nodes
  from the outputs in reverse creation order. With no watched array alive the plain functions are
  back in place, so code that never asks for gradients pays nothing.
- numpy: watching and forward calls work; ``backward`` raises IvyNotImplementedError.

Each wrapped core call is one differentiation unit: its backward is the backend's own vjp of that
function, so gradients are the backend's (as exact as ``ivy.vjp``). With ``create_graph`` a node's
backward is recorded too (as a function of its inputs and cotangents), so gradients of gradients
work.
"""
from __future__ import annotations

import functools
import importlib
import itertools
import weakref

from . import registry, tree
from .errors import IvyNotImplementedError, IvyValueError

_FLOATS = frozenset({"float16", "bfloat16", "float32", "float64", "complex64", "complex128"})
# ``ivy.<name>`` functions never recorded: queries, non-differentiable results, transforms.
_NEVER = frozenset({
    "dtype", "device", "shape", "to_numpy", "is_native_array", "strides", "broadcast_shapes",
    "can_cast", "finfo", "iinfo", "isdtype", "result_type", "ndim", "size",
    "__array_namespace_info__", "argmax", "argmin", "nonzero", "nonzero_static", "count_nonzero",
    "searchsorted", "argsort", "isin", "equal", "not_equal", "greater", "greater_equal", "less",
    "less_equal", "isfinite", "isinf", "isnan", "signbit", "logical_and", "logical_or",
    "logical_xor", "logical_not", "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_invert",
    "bitwise_left_shift", "bitwise_right_shift", "all", "any", "tril_indices", "triu_indices",
    "nanargmax", "nanargmin", "isclose", "allclose", "bincount", "unique_counts",
    "zeros_like", "ones_like", "empty_like", "full_like",
    "grad", "value_and_grad", "vjp", "jvp", "jacrev", "jacfwd", "vmap", "jit", "checkpoint",
    "stop_gradient", "hessian", "cond", "switch", "while_loop", "fori_loop", "scan", "map",
    "custom_vjp", "custom_jvp",
})
_SUBSPACES = ("", "linalg", "fft")


class _Mode:
    enabled = True


def enabled() -> bool:
    """Whether core calls record (torch's grad mode)."""
    return _Mode.enabled


def set_enabled(flag: bool) -> bool:
    """Set grad mode; returns the previous one."""
    previous, _Mode.enabled = _Mode.enabled, bool(flag)
    native = _native()
    if native is not None:
        native.set_enabled(_Mode.enabled)
    return previous


# ---- the generic tape (jax, tensorflow) ---------------------------------------------------------
class _Node:
    """One recorded call: its pullback, its tracked inputs' nodes and its outputs' metadata."""
    __slots__ = ("seq", "parents", "pullback", "forward", "primals", "outputs", "owner", "hooks",
                 "name", "__weakref__")

    def __init__(self, seq, name, parents=(), pullback=None, forward=None, primals=None,
                 outputs=(), owner=None):
        self.seq, self.name, self.parents = seq, name, parents
        self.pullback, self.forward, self.primals = pullback, forward, primals
        self.outputs, self.owner, self.hooks = outputs, owner, None


_seq = itertools.count()
_entries: dict = {}      # id(native) -> (node, output index)
_refs: dict = {}         # id(native) -> weakref whose callback forgets the entry
_installed = [None]      # the backend namespace whose ivy.<fn> are recording wrappers
_held = [0]              # open holds (see ``hold``): keep the wrappers while no array is tracked
_wrappers: dict = {}     # backend name -> {sub-namespace: {name: wrapper}}


def _forget(key, _ref):
    _entries.pop(key, None)
    _refs.pop(key, None)
    if not _entries and not _held[0] and _installed[0] is not None:
        _uninstall()


def _track(x, node, index):
    key = id(x)
    _entries[key] = (node, index)
    if key not in _refs:
        _refs[key] = weakref.ref(x, functools.partial(_forget, key))


def _install(ns):
    if _installed[0] is ns:
        return
    tables = _wrappers.get(ns.name)
    if tables is None:
        tables = _wrappers[ns.name] = {
            sub: {n: _recorder(fn, n) for n, fn in registry.table(ns, sub).items()
                  if sub or n not in _NEVER}
            for sub in _SUBSPACES}
    registry.overlay(tables)
    _patch_methods(ns)
    _installed[0] = ns


def _uninstall():
    ns, _installed[0] = _installed[0], None
    _unpatch_methods()
    if ns is not None and registry._current is ns:
        registry.overlay({sub: registry.table(ns, sub) for sub in _SUBSPACES})


# Code that computes with the backend's own array operators (``a * b``, ``a[i]``, ``a.T``) instead
# of ivy calls must record too: while installed, the tape also wraps the operator methods a
# backend lists (``recorded_methods()``: its array class and their names). A method call records
# only when a tracked array is among its operands, so arrays the tape never saw behave as before.
_MISSING = object()
_patched: dict = {}      # (class, name) -> what the class itself held (or _MISSING)


def _patch_methods(ns):
    listing = getattr(ns.module, "recorded_methods", None)
    if listing is None or _patched:
        return
    cls, names = listing()
    for name in names:
        current = getattr(cls, name, None)
        if current is None:
            continue
        _patched[(cls, name)] = cls.__dict__.get(name, _MISSING)
        # under the vjp the operand is the backend's tracer: call the method *it* has
        if isinstance(current, property):
            setattr(cls, name, property(_recorder(current.fget, name, _attribute_of(name))))
        else:
            setattr(cls, name, _recorder(current, name, _method_of(name)))


# one closure per name: a call signature keyed on it (``_compiled``) is found again after the
# wrappers were removed (no array tracked) and installed anew
@functools.lru_cache(maxsize=None)
def _attribute_of(name):
    def attribute(self):
        return getattr(self, name)
    return attribute


@functools.lru_cache(maxsize=None)
def _method_of(name):
    def method(self, *args, **kwargs):
        return getattr(self, name)(*args, **kwargs)
    return method


def _unpatch_methods():
    for (cls, name), held in _patched.items():
        if held is _MISSING:
            delattr(cls, name)
        else:
            setattr(cls, name, held)
    _patched.clear()


def on_select(ns):
    """The registry selected ``ns``: its plain functions are in place."""
    _installed[0] = None
    _unpatch_methods()
    if _entries and ns is not None and _kind(ns) == "tape":
        _install(ns)


def _recorder(fn, name, traced=None):
    """``fn`` recording when a tracked array is among its arguments; ``traced`` (default ``fn``)
    is what runs under the backend's vjp."""
    entries, mode = _entries, _Mode
    traced = fn if traced is None else traced

    def recording(*args, **kwargs):
        if mode.enabled:
            found = None
            for i, a in enumerate(args):
                t = type(a)
                if t is list or t is tuple:
                    for j, b in enumerate(a):
                        if id(b) in entries:
                            found = (found or []) + [((i, j), b)]
                elif id(a) in entries:
                    found = (found or []) + [(i, a)]
            if kwargs:
                for k, a in kwargs.items():
                    if id(a) in entries:
                        found = (found or []) + [(k, a)]
            if found:
                return _record(traced, name, args, kwargs, found)
        return fn(*args, **kwargs)
    recording.__name__ = name
    recording.__wrapped__ = fn
    recording.__ivy_tape__ = True      # ivy.trace_graph replays the plain function beneath
    return recording


def _substitute(args, kwargs, positions, values):
    args = list(args)
    kwargs = dict(kwargs)
    for pos, v in zip(positions, values):
        if type(pos) is str:
            kwargs[pos] = v
        elif type(pos) is tuple:
            i, j = pos
            seq = list(args[i])
            seq[j] = v
            args[i] = type(args[i])(seq)
        else:
            args[pos] = v
    return args, kwargs


def _record(fn, name, args, kwargs, found, cache=True):
    """Call ``fn`` under the backend's vjp; track its floating-point outputs. ``cache`` False:
    ``fn`` is made for this call (a signature keyed on it would never recur, and would hold it)."""
    ns = registry._current
    positions = [p for p, _ in found]
    primals = tuple(x for _, x in found)

    def forward(*values):
        a, k = _substitute(args, kwargs, positions, values)
        return _split_outputs(ns, fn(*a, **k))

    _Mode.enabled = False       # calls inside the differentiated function are part of it
    try:
        compiled = _compiled(ns, fn, args, kwargs) if cache else None
        if compiled is None:
            outs, pullback, (treedef, rest) = ns.vjp(forward, *primals, has_aux=True)
            if outs:
                outs = _unshared(ns, outs, pullback, args, kwargs)
        else:
            outs, pullback, treedef, rest, primals = compiled
    finally:
        _Mode.enabled = True
    if not outs:
        return tree.unflatten(treedef, rest)
    parents = tuple(_entries[id(x)] for x in primals)
    if compiled is not None:    # create_graph differentiates ``forward``: its primals' order
        forward, positions = _forward_of(ns, fn, args, kwargs, primals)
    node = _Node(next(_seq), name, parents, pullback, forward, primals,
                 tuple((ns.shape(o), ns.dtype(o)) for o in outs))
    it = iter(outs)
    leaves = [next(it) if leaf is _DIFF else leaf for leaf in rest]
    for k, o in enumerate(outs):
        _track(o, node, k)
    return tree.unflatten(treedef, leaves)


# ---- compiled vjps: a backend may offer ``compile_vjp(pure)`` (jax: jit, tensorflow: tf.function)
# A call's signature is its function, its argument structure, the (shape, dtype, tracked) of each
# array and the type and value of everything else; arrays are the compiled function's arguments.
# A signature is compiled the second time it is seen (one-off calls stay eager), and stays eager
# for good when it cannot be traced (data-dependent shapes, Python branches on values).
_TRACKED, _UNTRACKED = object(), object()
_outputs_of: dict = {}     # signature -> (output treedef, kinds), written when first traced
_MAX_SIGNATURES = 4096
_signatures: dict = {}     # signature -> None (seen once) / compiled callable / False (eager)


class _Uncacheable(Exception):
    pass


def _static(leaf):
    if type(leaf) is slice:
        return (slice, leaf.start, leaf.stop, leaf.step)
    try:
        hash(leaf)
    except TypeError:
        raise _Uncacheable from None
    return (type(leaf), leaf)


def _compiled(ns, fn, args, kwargs):
    """(outs, pullback, treedef, rest, primals) from the backend's compiled vjp, or None (eager)."""
    compile_vjp = getattr(ns.module, "compile_vjp", None)
    if compile_vjp is None:
        return None
    leaves, treedef = tree.flatten((args, kwargs))
    # the backend is part of the key: ``fn`` may be shared by every backend (an array method's
    # closure, ``_method_of``), and another backend's compiled call would return its arrays
    key, slots, tracked, untracked = [ns.name, fn, treedef], [], [], []
    try:
        for leaf in leaves:
            if ns.is_native_array(leaf):
                watched = id(leaf) in _entries
                (tracked if watched else untracked).append(leaf)
                slots.append(_TRACKED if watched else _UNTRACKED)
                key.append((ns.shape(leaf), ns.dtype(leaf), watched))
            else:
                key.append(_static(leaf))
                slots.append(leaf)
    except _Uncacheable:
        return None
    key = tuple(key)

    def pure(tracked_values, untracked_values):
        t, u = iter(tracked_values), iter(untracked_values)
        filled = [next(t) if s is _TRACKED else next(u) if s is _UNTRACKED else s for s in slots]
        a, k = tree.unflatten(treedef, filled)
        out_leaves, out_def = tree.flatten(fn(*a, **k))
        diff, arrays, kinds = [], [], []
        for leaf in out_leaves:
            if ns.is_native_array(leaf):
                floating = ns.dtype(leaf) in _FLOATS
                (diff if floating else arrays).append(leaf)
                kinds.append(_DIFF if floating else _UNTRACKED)
            else:
                kinds.append(leaf)
        _outputs_of[key] = (out_def, kinds)
        return tuple(diff), tuple(arrays)

    compiled = _signatures.get(key)
    if compiled is None:
        if key not in _signatures:
            if len(_signatures) >= _MAX_SIGNATURES:
                _signatures.clear()
            _signatures[key] = None
            return None
        compiled = _signatures[key] = compile_vjp(pure)
    elif compiled is False:
        return None
    try:
        outs, pullback, arrays = compiled(tuple(tracked), tuple(untracked))
    except Exception:  # noqa: BLE001 - not traceable: this signature runs eagerly from now on
        _signatures[key] = False
        return None
    out_def, kinds = _outputs_of[key]
    it = iter(arrays)
    rest = [next(it) if kind is _UNTRACKED else kind for kind in kinds]
    return outs, pullback, out_def, rest, tuple(tracked)


def _forward_of(ns, fn, args, kwargs, primals):
    """The eager ``forward`` of a compiled call (for create_graph), over ``primals`` in order."""
    leaves, treedef = tree.flatten((args, kwargs))
    where = [i for i, leaf in enumerate(leaves) if ns.is_native_array(leaf) and id(leaf) in _entries]

    def forward(*values):
        filled = list(leaves)
        for i, v in zip(where, values):
            filled[i] = v
        a, k = tree.unflatten(treedef, filled)
        return _split_outputs(ns, fn(*a, **k))
    return forward, where


# A node lives as long as one of its outputs is tracked (``_entries`` holds it), so it must never
# hold the objects it tracks as outputs: the node would keep itself alive, and with it the whole
# graph and the recording wrappers, for the rest of the process. An eager vjp's pullback holds
# outputs (tensorflow: the tape's targets; jax: residuals such as exp's result), and a call may
# return an argument itself (reshape to the same shape, ``x[...]``), which ``forward``/``primals``
# hold: such outputs are tracked as fresh arrays of the same value. Compiled calls return fresh
# arrays and their pullbacks hold only inputs (or, on jax, residual arrays of their own).
_pullback_holds: dict = {}   # backend name -> its ``_tape.pullback_holds`` (or None)


def _unshared(ns, outs, pullback, args, kwargs):
    holds = _pullback_holds.get(ns.name, _MISSING)
    if holds is _MISSING:
        try:
            tape = importlib.import_module(f"{ns.module.__name__}._tape")
        except ImportError:
            tape = None
        holds = _pullback_holds[ns.name] = getattr(tape, "pullback_holds", None)
    held = None if holds is None else holds(pullback)    # None: it may hold any output
    inputs = {id(leaf) for leaf in tree.flatten((args, kwargs))[0]}
    return tuple(ns.asarray(o, copy=True) if held is None or id(o) in held or id(o) in inputs
                 else o for o in outs)


def _split_outputs(ns, out):
    """(the floating-point arrays of ``out``, (its treedef, its leaves with _DIFF in their place)):
    what a vjp differentiates, and what rebuilds the result around it."""
    leaves, treedef = tree.flatten(out)
    diff, rest = [], []
    for leaf in leaves:
        if ns.is_native_array(leaf) and ns.dtype(leaf) in _FLOATS:
            diff.append(leaf)
            rest.append(_DIFF)
        else:
            rest.append(leaf)
    return tuple(diff), (treedef, rest)


_DIFF = object()


class _Tape:
    """The generic implementation (see the module docstring)."""

    @staticmethod
    def watch(x, owner=None, like=None, shared=True):
        ns = registry._current
        if ns.dtype(x) not in _FLOATS:
            raise IvyValueError("ivy.autograd.watch: only floating-point and complex arrays can "
                                "require gradients", function="autograd.watch")
        if shared or id(x) in _entries:
            # the tape knows arrays by identity: a leaf must be an object no one else computes with
            x = ns.asarray(x, copy=True)
        node = _Node(next(_seq), "leaf", owner=None if owner is None else weakref.ref(owner))
        previous = _entries.get(id(like)) if like is not None else None
        if previous is not None and not previous[0].parents:
            node.hooks = previous[0].hooks
        _track(x, node, 0)
        _install(ns)
        return x

    @staticmethod
    def custom(forward, backward, inputs, name):
        ns = registry._current
        previous = set_enabled(False)
        try:
            outs = tuple(forward())
        finally:
            set_enabled(previous)
        tracked = [i for i, x in enumerate(inputs) if id(x) in _entries]
        if not tracked or not _Mode.enabled:
            return outs
        inputs_ids = {id(x) for x in inputs}
        diff = [k for k, o in enumerate(outs) if ns.is_native_array(o) and ns.dtype(o) in _FLOATS]
        # the outputs themselves are tracked (a copy only of an input or an already tracked
        # array): ``backward`` may compute with a saved output, and a second derivative must see
        # it as the function of the inputs it is. (So a graph whose ``backward`` holds its outputs
        # lives until the process ends -- a known leak, unlike a silently missing term.)
        outs = tuple(ns.asarray(o, copy=True) if id(o) in inputs_ids or id(o) in _entries else o
                     for o in outs)

        count = len(outs)       # (not ``outs``: the node must not hold its own outputs)

        def pullback(cts):
            full = [None] * count
            for k, ct in zip(diff, cts):
                full[k] = ct
            grads = tuple(backward(*full))
            return tuple(grads[i] for i in tracked)
        node = _Node(next(_seq), name, tuple(_entries[id(inputs[i])] for i in tracked), pullback,
                     None, None, tuple((ns.shape(outs[k]), ns.dtype(outs[k])) for k in diff))
        for slot, k in enumerate(diff):
            _track(outs[k], node, slot)
        return outs

    @staticmethod
    def node_name(x):
        entry = _entries.get(id(x))
        if entry is None or not entry[0].parents:
            return None
        return f"{entry[0].name}Backward"

    @staticmethod
    def requires_grad(x):
        return id(x) in _entries

    @staticmethod
    def is_leaf(x):
        entry = _entries.get(id(x))
        return entry is None or not entry[0].parents

    @staticmethod
    def stop(x):
        if id(x) not in _entries:
            return x
        return registry._current.asarray(x, copy=True)

    @staticmethod
    def register_hook(x, hook):
        entry = _entries.get(id(x))
        if entry is None:
            raise IvyValueError("ivy.autograd.register_hook: the array does not require "
                                "gradients", function="autograd.register_hook")
        node, index = entry
        if node.hooks is None:
            node.hooks = {}
        node.hooks.setdefault(index, []).append(hook)
        return _Handle(node.hooks[index], hook)

    @staticmethod
    def backward(outputs, cotangents, inputs=None, retain_graph=False, create_graph=False,
                 allow_unused=False):
        ns = registry._current
        starts = []
        for i, o in enumerate(outputs):
            entry = _entries.get(id(o))
            if entry is None:
                raise IvyValueError(f"element {i} of tensors does not require grad and does not "
                                    f"have a grad_fn", function="autograd.backward")
            starts.append(entry)
        order = _reachable(n for n, _ in starts)
        wanted = None
        if inputs is not None:
            wanted = {}
            for pos, x in enumerate(inputs):
                entry = _entries.get(id(x))
                if entry is None:
                    raise IvyValueError("One of the differentiated Tensors does not require grad",
                                        function="autograd.grad")
                wanted.setdefault((id(entry[0]), entry[1]), []).append(pos)
            order = _pruned(order, {key[0] for key in wanted})
        cts: dict = {}
        for (node, index), ct in zip(starts, cotangents):
            _accumulate(ns, cts, node, index, ct)
        results = [None] * len(inputs) if inputs is not None else []
        previous = set_enabled(create_graph)
        try:
            for node in order:
                got = cts.pop(id(node), None)
                if got is None:
                    continue
                if node.hooks:
                    got = _run_hooks(node, got)
                if wanted is not None:
                    for index, g in enumerate(got):
                        for pos in wanted.get((id(node), index), ()):
                            results[pos] = g
                if not node.parents:      # a leaf
                    if inputs is None and node.owner is not None and got[0] is not None:
                        owner = node.owner()
                        if owner is not None:
                            results.append((owner, got[0]))
                    continue
                if node.pullback is None:
                    raise IvyValueError(
                        "Trying to backward through the graph a second time (or directly access "
                        "saved tensors after they have already been freed). Saved intermediate "
                        "values of the graph are freed when you call .backward() or "
                        "autograd.grad(). Specify retain_graph=True if you need to backward "
                        "through the graph a second time or if you need to access saved tensors "
                        "after calling backward.", function="autograd.backward")
                full = tuple(g if g is not None else ns.zeros(shape, dtype=dtype)
                             for g, (shape, dtype) in zip(got, node.outputs))
                if create_graph and node.forward is not None:
                    grads = _differentiable_pullback(node)(*node.primals, *full)
                else:
                    grads = node.pullback(full)
                for (parent, index), g in zip(node.parents, grads):
                    _accumulate(ns, cts, parent, index, g)
                if not retain_graph:
                    node.pullback = node.forward = node.primals = None
        finally:
            set_enabled(previous)
        if inputs is not None and not allow_unused and any(r is None for r in results):
            raise IvyValueError("One of the differentiated Tensors appears to not have been used "
                                "in the graph. Set allow_unused=True if this is the desired "
                                "behavior.", function="autograd.grad")
        return results


def _differentiable_pullback(node):
    """The node's backward as a recorded function of (primals..., cotangents...)."""
    ns = registry._current
    n = len(node.primals)
    forward = node.forward

    def backprop(*values):
        _, pullback, _ = ns.vjp(forward, *values[:n], has_aux=True)
        return tuple(pullback(tuple(values[n:])))

    def call(*values):
        found = [(i, v) for i, v in enumerate(values) if id(v) in _entries]
        if not found:
            return backprop(*values)
        return _record(backprop, f"{node.name}_backward", values, {}, found, cache=False)
    return call


def _reachable(starts):
    """The nodes reachable from ``starts``, latest first."""
    seen, stack = {}, list(starts)
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen[id(node)] = node
        stack.extend(p for p, _ in node.parents)
    return sorted(seen.values(), key=lambda n: n.seq, reverse=True)


def _pruned(order, targets):
    """Of ``order`` (latest first), the nodes some target is reached through."""
    needed = set()
    for node in reversed(order):
        if id(node) in targets or any(id(p) in needed for p, _ in node.parents):
            needed.add(id(node))
    return [n for n in order if id(n) in needed]


def _accumulate(ns, cts, node, index, g):
    if g is None:
        return
    slots = cts.get(id(node))
    if slots is None:
        slots = cts[id(node)] = [None] * max(len(node.outputs), 1)
    core = registry._targets[""]        # ivy itself: recording wrappers while create_graph records
    shape, dtype = node.outputs[index] if node.outputs else (None, None)
    if dtype is not None and ns.dtype(g) != dtype:
        g = core.astype(g, dtype)
    slots[index] = g if slots[index] is None else core.add(slots[index], g)


def _run_hooks(node, got):
    got = list(got)
    for index, hooks in node.hooks.items():
        if got[index] is None:
            continue
        for hook in list(hooks):
            replaced = hook(got[index])
            if replaced is not None:
                got[index] = replaced
    return got


class _Handle:
    """What ``register_hook`` returns: ``remove()`` unregisters the hook."""
    __slots__ = ("_hooks", "_hook")

    def __init__(self, hooks, hook):
        self._hooks, self._hook = hooks, hook

    def remove(self):
        if self._hook in self._hooks:
            self._hooks.remove(self._hook)


class _Unsupported:
    """A backend without automatic differentiation: forward calls work, gradients do not."""

    @staticmethod
    def watch(x, owner=None, like=None, shared=True):
        return x

    @staticmethod
    def node_name(x):
        return None

    @staticmethod
    def custom(forward, backward, inputs, name):
        return tuple(forward())

    @staticmethod
    def requires_grad(x):
        return False

    @staticmethod
    def is_leaf(x):
        return True

    @staticmethod
    def stop(x):
        return x

    @staticmethod
    def register_hook(x, hook):
        return _Handle([], hook)

    @staticmethod
    def backward(outputs, cotangents, inputs=None, retain_graph=False, create_graph=False,
                 allow_unused=False):
        name = registry._current.name if registry._current is not None else "numpy"
        raise IvyNotImplementedError(
            f"ivy.autograd.backward: the {name} backend has no automatic differentiation; "
            f"select the torch, jax or tensorflow backend to compute gradients",
            function="autograd.backward", backend=name)


# ---- dispatch -------------------------------------------------------------------------------------
_impls: dict = {}


def _kind(ns) -> str | None:
    return getattr(ns.module, "AUTOGRAD", None)


def _impl_of(ns):
    try:
        return _impls[ns.name]
    except KeyError:
        pass
    kind = _kind(ns)
    if kind == "native":
        impl = importlib.import_module(f"ivy.backends.{ns.name}.autograd")
    elif kind == "tape":
        impl = _Tape
    else:
        impl = _Unsupported
    _impls[ns.name] = impl
    return impl


def _impl():
    ns = registry._current
    if ns is None:
        ns = registry.backend_namespace(registry.current_backend())
    return _impl_of(ns)


def _native():
    ns = registry._current
    if ns is None or _kind(ns) != "native":
        return None
    return _impl_of(ns)


def hold() -> None:
    """Make ``ivy.<fn>`` record from now on, until ``release``: a frontend whose tape is open may
    watch an array after a core function was already looked up (tensorflow's variables are watched
    when read, which happens while evaluating that function's arguments). A no-op where the
    backend records natively or cannot differentiate."""
    _held[0] += 1
    if _impl() is _Tape and registry._current is not None:
        _install(registry._current)


def release() -> None:
    """Undo one ``hold``; the wrappers go when nothing holds them and no array is tracked."""
    _held[0] = max(0, _held[0] - 1)
    if not _held[0] and not _entries and _installed[0] is not None:
        _uninstall()


def supported() -> bool:
    """Whether the selected backend computes gradients (numpy does not)."""
    return _impl() is not _Unsupported


def watch(x, owner=None, like=None, shared=True):
    """``x`` as a recording leaf whose gradient ``backward`` reports for ``owner``; ``like``: the
    leaf ``x`` replaces (an in-place update outside grad mode), whose hooks carry over; ``shared``
    False: no one else holds ``x`` (a fresh result), so the tape need not copy it."""
    return _impl().watch(x, owner, like, shared)


def custom(forward, backward, inputs, name="custom"):
    """Outputs of ``forward()`` (run without recording) whose gradient is ``backward(*cotangents)``
    (a cotangent per output, None where there is none) -> one gradient (or None) per ``inputs``."""
    return _impl().custom(forward, backward, tuple(inputs), name)


def tape_leaf_owner(x):
    """The owner a leaf of the generic tape (jax, tensorflow) reports its gradient for, or None
    (not such a leaf; ``ivy.trace_graph`` maps a ``backward``'s results to leaves this way)."""
    entry = _entries.get(id(x))
    if entry is None or entry[0].parents or entry[0].owner is None:
        return None
    return entry[0].owner()


def node_name(x) -> str | None:
    """The name of the recorded operation that computed ``x`` (None for a leaf)."""
    return _impl().node_name(x)


def requires_grad(x) -> bool:
    """Whether ``x`` is watched or computed from a watched array while recording."""
    return _impl().requires_grad(x)


def is_leaf(x) -> bool:
    """Whether ``x`` was not computed by a recorded call."""
    return _impl().is_leaf(x)


def stop(x):
    """``x``'s value, not recorded (a fresh array where the tape needs one)."""
    return _impl().stop(x)


def register_hook(x, hook):
    """Call ``hook(grad)`` on ``x``'s gradient during backward; a non-None result replaces it."""
    return _impl().register_hook(x, hook)


def backward(outputs, cotangents, inputs=None, retain_graph=None, create_graph=False,
             allow_unused=False):
    """Reverse-mode pass from ``outputs`` seeded with ``cotangents`` (see the module docstring);
    ``retain_graph`` defaults to ``create_graph``, as in torch."""
    if retain_graph is None:
        retain_graph = create_graph
    return _impl().backward(list(outputs), list(cotangents), inputs, retain_graph, create_graph,
                            allow_unused)
