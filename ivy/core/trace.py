"""``ivy.trace_graph``: a function's core calls recorded once per input signature, replayed as a graph.

Tracing runs the function eagerly (that run is the first call's result) while ``ivy.<fn>``,
``ivy.linalg``, ``ivy.fft`` and ``ivy.random`` are rebound to recording wrappers. Only the
outermost core call records (a backend function calling others is one node), so frontend code,
argument normalization and Python glue leave nothing behind. The recording becomes Python source
(one line a node, native arrays in local variables, the backend's functions and the captured
constants as globals), compiled by the backend's ``jit`` (jax: ``jax.jit``; tensorflow:
``tf.function``; torch: the replay itself, ``torch.compile`` with ``IVY_TORCH_JIT=compile``;
numpy: the replay) and run on later calls with the same signature.

- Functions handed to a recorded call (``ivy.grad(f)``, ``ivy.vmap(f)``, ``ivy.cond``'s
  branches, ``ivy.custom_vjp``'s rules) are traced into nested functions of the graph the first
  time the call invokes them; functions a recorded call returns (a vjp's pullback, a transformed
  function) record their own calls. A function never invoked while tracing stays the original.
- State (see ``_Reach``): arrays held by frontend objects the function reaches (a module's
  parameters, an optimizer's buffers, a ``tf.Variable``) are read from them on each call and, where
  the function rebinds them, written back after it; the autograd tape's calls (``watch``,
  ``backward``) are recorded like core calls, so a whole training step is one graph. Other arrays
  neither passed in nor computed by a recorded call are captured constants.
- A traced array's value read in Python (``ivy.to_numpy``: ``.item()``, ``bool(x)``, ``float(x)``
  in every frontend) raises ``IvyTraceError`` instead of baking a branch into the graph; a
  function that draws from a frontend's host-side generator (``register_host_state``: torch's
  default generator, NumPy's global RandomState, TensorFlow's stateful kernels) runs eagerly.
- Calls whose output shape depends on values (``nonzero``, ``unique_*``, boolean masks) are
  guarded: a replay whose shapes differ from the recording's runs the function eagerly again and
  replaces the trace.
"""
from __future__ import annotations

import functools
import itertools
import keyword
import operator
import types

from . import api, registry, tree
from .errors import IvyBackendError, IvyTraceError

_BACKEND_ALIASES = {"pytorch": "torch", "tf": "tensorflow", "np": "numpy"}
# calls answering questions about metadata (static for a signature): run, never recorded
_QUERIES = frozenset({
    "dtype", "device", "shape", "is_native_array", "strides", "broadcast_shapes", "can_cast",
    "finfo", "iinfo", "isdtype", "result_type", "ndim", "size", "__array_namespace_info__"})
# calls with effects beyond their outputs: kept even when their outputs are unused
_IMPURE_PREFIXES = ("random.", "autograd.")
_IMPURE = frozenset({"dropout", "seed"})
# output shapes that depend on input values: guarded on replay
_VALUE_SHAPED = frozenset({"nonzero", "unique_all", "unique_counts", "unique_inverse",
                           "unique_values", "unique", "boolean_mask", "get_item"})
_LITERALS = (int, bool, str, type(None))

_array_types: dict = {}       # frontend array class -> function giving its native array
_wrap_as: dict = {}           # frontend name -> function wrapping a native array as its array
_host_states: list = []       # functions giving tokens of hidden host state (random generators)
_unwrap_cache: dict = {}      # any type -> that function, or None
_holder_specs: dict = {}      # frontend array class -> (attribute, slots)
_spec_cache: dict = {}        # any type -> its spec, or None
_active: list = []            # the recordings in progress, innermost last (None: not recording)


def register_array_type(cls, attribute, *, frontend=None, wrap=None, slots=()) -> None:
    """Frontends register their array classes: ``x.<attribute>`` is ``x``'s native array (read
    and, for state a traced function updates, written back); ``wrap(native)`` makes one (native
    arguments of a function written against ``frontend``); ``slots`` name attributes holding
    another such array or None (torch's ``.grad``), written back too."""
    _array_types[cls] = operator.attrgetter(attribute)
    _holder_specs[cls] = (attribute, tuple(slots))
    if frontend is not None and wrap is not None:
        _wrap_as[frontend] = wrap
    _unwrap_cache.clear()
    _spec_cache.clear()


def register_host_state(get) -> None:
    """Frontends register a function giving a comparable token of hidden host-side state that
    draws consume (torch's default generator, NumPy's global RandomState, TensorFlow's stateful
    kernels): a trace that moves it would replay the same draws, so it is not kept."""
    _host_states.append(get)


def _host_tokens():
    return [get() for get in _host_states]


def _frontend_of(fn):
    """The one frontend whose modules, functions or objects ``fn`` refers to (its globals and
    closure), or None (core code, or several frontends)."""
    fn = getattr(fn, "__func__", fn)
    found = set()
    glob = getattr(fn, "__globals__", {})
    values = [glob[n] for n in _names_used(getattr(fn, "__code__", None)) if n in glob]
    values += [c.cell_contents for c in (getattr(fn, "__closure__", None) or ())
               if c.cell_contents is not None] if _has_contents(fn) else []
    for v in values:
        name = v.__name__ if isinstance(v, type(functools)) else (
            getattr(v, "__module__", None) or type(v).__module__)
        if isinstance(name, str) and name.startswith("ivy.frontends."):
            found.add(name.split(".")[2])
    found &= set(_wrap_as)
    return found.pop() if len(found) == 1 else None


def _names_used(code):
    if code is None:
        return set()
    names = set(code.co_names)
    for const in code.co_consts:
        if hasattr(const, "co_names"):
            names |= _names_used(const)
    return names


def _has_contents(fn):
    try:
        for c in getattr(fn, "__closure__", None) or ():
            c.cell_contents    # noqa: B018 - an empty cell raises
        return True
    except ValueError:
        return False


def _registered(table, cache, t):
    """``table``'s entry for ``t`` or its nearest registered base class (None: none), cached."""
    try:
        return cache[t]
    except KeyError:
        pass
    found = next((table[c] for c in t.__mro__ if c in table), None)
    cache[t] = found
    return found


def _unwrapper(t):
    return _registered(_array_types, _unwrap_cache, t)


def tracing() -> bool:
    """Whether a ``trace_graph`` recording is in progress."""
    return bool(_active) and _active[-1] is not None


# ---- recording --------------------------------------------------------------------------------

class _Node:
    __slots__ = ("qualname", "fn", "args", "kwargs", "outputs", "result", "subs", "impure",
                 "guards", "meta", "folded", "grad_mode", "leaves", "prelude")

    def __init__(self, qualname, fn, args, kwargs, subs):
        self.qualname, self.fn, self.args, self.kwargs, self.subs = qualname, fn, args, kwargs, subs
        self.outputs = []     # (variable name, path into the result)
        self.result = None    # name of the whole result where outputs are parts of it
        self.impure = (qualname.startswith(_IMPURE_PREFIXES) or qualname in _IMPURE
                       or kwargs.get("inplace") is True)
        self.guards = []      # (variable name, shape) checked on replay
        self.meta = []        # (variable name, shape, dtype) for the listing
        self.folded = False
        self.grad_mode = True     # the tape's grad mode when recorded
        self.leaves = None        # autograd.backward: the leaf variables of its results
        self.prelude = ()         # source lines emitted before the call (a nested function)


class _Var:
    """A native array's name in the graph (templates hold these where the call had arrays);
    ``dynamic``: its value depends on the graph's inputs or on a random draw."""
    __slots__ = ("name", "dynamic")

    def __init__(self, name, dynamic=True):
        self.name, self.dynamic = name, dynamic


class _Static:
    """A value the generated source holds as a global (functions, dtypes, classes, floats)."""
    __slots__ = ("name", "value")

    def __init__(self, name, value):
        self.name, self.value = name, value


class _Recording:
    def __init__(self, ns, parent=None, fn=None):
        self.ns, self.parent, self.fn = ns, parent, fn
        self.root = self if parent is None else parent.root
        if parent is None:
            self.counter = itertools.count()
            self.globals = {}         # name -> value for the generated source
            self.keep = []            # everything whose id() names a variable stays alive
            self.values = {}          # variable name -> the array it held while tracing
            self.function_names = {}  # id(backend function) -> its _Static
            self.captured = {}        # id(array) -> the constant's _Var, as first captured
        self.ids = {}                 # id(native) -> _Var
        self.nodes = []
        self.inputs = []              # (path into (args, kwargs), _Var)
        self.output_def = None        # TreeDef of the result
        self.outputs = []             # leaf templates
        self.depth = 0

    # names
    def fresh(self, prefix):
        return f"{prefix}{next(self.root.counter)}"

    def static(self, value, prefix="k"):
        name = self.fresh(prefix)
        self.root.globals[name] = value
        return _Static(name, value)

    def function(self, fn, qualname):
        """The global naming a backend function in the source: its core name where free."""
        names = self.root.function_names
        static = names.get(id(fn))
        if static is None:
            name = qualname.replace(".", "_")
            if name in self.root.globals or keyword.iskeyword(name):
                name = self.fresh(name + "_")
            self.root.globals[name] = fn
            static = names[id(fn)] = _Static(name, fn)
            self.root.keep.append(fn)
        return static

    def new_var(self, x, prefix="v", dynamic=True):
        var = _Var(self.fresh(prefix), dynamic)
        self.ids[id(x)] = var
        self.root.keep.append(x)
        self.root.values[var.name] = x
        return var

    def lookup(self, x):
        rec = self
        while rec is not None:
            var = rec.ids.get(id(x))
            if var is not None:
                return var, rec
            rec = rec.parent
        return None, None

    def is_array(self, x):
        try:
            return self.ns.is_native_array(x)
        except Exception:     # noqa: BLE001 - a foreign object the backend cannot classify
            return False

    # templates: the arguments with arrays as variables, everything else as literal or global
    def template(self, x):
        t = type(x)
        if t in _LITERALS or x is Ellipsis:
            return x
        if t is float:
            return x if x == x and x not in (float("inf"), float("-inf")) else self.static(x)
        if isinstance(x, (_SubFunction, _CallableProxy, _Var, _Static)):
            return x
        if t is tuple or t is list:
            return t(self.template(v) for v in x)
        if t is dict:
            return {k: self.template(v) for k, v in x.items()}
        if t is slice:
            return slice(self.template(x.start), self.template(x.stop), self.template(x.step))
        if self.is_array(x):
            var, _ = self.lookup(x)
            if var is None:           # captured: a constant of the graph
                var = self.new_var(x, "c", dynamic=False)
                self.root.globals[var.name] = x
                self.root.captured[id(x)] = var
            return var
        if isinstance(x, tuple) and tree.is_namedtuple(x):
            return (_Static(None, type(x)), tuple(self.template(v) for v in x))
        return self.static(x)     # (a frontend array here is an object, e.g. a leaf's owner)

    def _where(self):
        return getattr(self.root.fn, "__qualname__", "the traced function")

    # one recorded core call
    def record(self, fn, qualname, args, kwargs):
        if qualname == "to_numpy" and args and getattr(self.lookup(args[0])[0], "dynamic", False):
            raise IvyTraceError(
                f"ivy.trace_graph: {self._where()} reads the value of a traced array in Python "
                f"(.item(), bool(), float(), .numpy() ...); a graph cannot hold a branch on a value "
                f"-- compute it with array operations, or pass it as a static argument")
        subs = []
        if any(callable(a) and not self.is_array(a) for a in args) or any(
                callable(v) and not self.is_array(v) for v in kwargs.values()) or qualname in (
                "switch",):
            args, kwargs = _with_subs(self, args, kwargs, subs)
        node = _Node(qualname, self.function(fn, qualname), self.template(args),
                     self.template(kwargs), subs)
        node.grad_mode = _autograd().enabled()
        self.depth += 1
        try:
            out = fn(*args, **kwargs)
            if qualname in _BRANCHING and subs:
                _trace_other_branches(subs, args[2 if qualname == "switch" else 3:])
        finally:
            self.depth -= 1
        result = self._outputs(node, out)
        if qualname == "autograd.backward":
            node.leaves = self._leaves_of(node, out)
        return result

    def _leaves_of(self, node, out):
        """The variables of the leaves a tape ``backward`` reported (its results' order)."""
        inputs = node.args[2] if len(node.args) > 2 else node.kwargs.get("inputs")
        if inputs is not None:
            return list(inputs) if all(isinstance(v, _Var) for v in inputs) else None
        autograd = _autograd()
        by_owner = {}
        for name, value in self.root.values.items():
            owner = autograd.tape_leaf_owner(value) if self.is_array(value) else None
            if owner is not None:
                var, _ = self.lookup(value)
                if var is not None and var.name == name:
                    by_owner[id(owner)] = var
        try:
            leaves = [by_owner[id(owner)] for owner, _ in out]
        except (KeyError, TypeError, ValueError):
            return None
        return leaves

    def _outputs(self, node, out):
        self.nodes.append(node)
        dynamic = node.impure or bool(node.subs) or any(
            v.dynamic for v in _vars((node.args, node.kwargs)))
        ns = self.ns
        if self.is_array(out):
            var = self.new_var(out, dynamic=dynamic)
            node.outputs.append((var.name, ()))
            self._describe(node, var.name, out)
            return out
        if callable(out) and not isinstance(out, type):
            var = self.new_var(out, "g", dynamic)
            node.outputs.append((var.name, ()))
            return _CallableProxy(self, var, out)
        if isinstance(out, (tuple, list, dict)):
            node.result = self.fresh("t")
            proxies = {}
            for path, leaf in _leaves_with_paths(out):
                if self.is_array(leaf):
                    var = self.new_var(leaf, dynamic=dynamic)
                    node.outputs.append((var.name, path))
                    self._describe(node, var.name, leaf)
                elif callable(leaf) and not isinstance(leaf, type):
                    var = self.new_var(leaf, "g", dynamic)
                    node.outputs.append((var.name, path))
                    proxies[path] = _CallableProxy(self, var, leaf)
            if proxies:
                out = _replace_paths(out, proxies)
            return out
        del ns
        return out

    def _describe(self, node, name, x):
        ns = self.ns
        shape, dtype = tuple(ns.shape(x)), ns.dtype(x)
        node.meta.append((name, shape, dtype))
        if node.qualname in _VALUE_SHAPED and (node.qualname != "get_item" or _has_bool_key(
                self, node)):
            node.guards.append((name, shape))


def _vars(template):
    """The variables a template refers to (callables called: their variable)."""
    if isinstance(template, _Var):
        yield template
    elif isinstance(template, _CallableProxy):
        yield template.var
    elif type(template) in (tuple, list):
        for v in template:
            yield from _vars(v)
    elif type(template) is dict:
        for v in template.values():
            yield from _vars(v)
    elif type(template) is slice:
        yield from _vars((template.start, template.stop, template.step))


_BRANCHING = ("cond", "switch")


def _trace_other_branches(subs, operands):
    """The branches a cond/switch did not take, traced on its operands too (as JAX and
    TensorFlow trace every branch; branches are pure there): a replay taking another branch runs
    its graph, not the Python closure over the traced arrays."""
    for sub in subs:
        if sub.recording is None:
            try:
                sub(*operands)
            except Exception:     # noqa: BLE001 - left untraced: a replay calling it re-traces
                sub.recording = None


def _has_bool_key(rec, node):
    """A get_item whose key holds a boolean array (its output's shape depends on values)."""
    key = node.args[1] if len(node.args) > 1 else None
    keys = key if isinstance(key, tuple) else (key,)
    for k in keys:
        if isinstance(k, _Var):
            value = rec.root.values.get(k.name)
            if value is not None and rec.ns.dtype(value) == "bool":
                return True
    return False


def _leaves_with_paths(x, path=()):
    if isinstance(x, (tuple, list)):
        for i, v in enumerate(x):
            yield from _leaves_with_paths(v, path + (i,))
    elif isinstance(x, dict):
        for k, v in x.items():
            yield from _leaves_with_paths(v, path + (k,))
    else:
        yield path, x


def _replace_paths(x, replacements, path=()):
    if path in replacements:
        return replacements[path]
    if isinstance(x, (tuple, list)):
        items = [_replace_paths(v, replacements, path + (i,)) for i, v in enumerate(x)]
        return type(x)(*items) if tree.is_namedtuple(x) else type(x)(items)
    if isinstance(x, dict):
        return {k: _replace_paths(v, replacements, path + (k,)) for k, v in x.items()}
    return x


def _with_subs(rec, args, kwargs, subs):
    def sub(f):
        if isinstance(f, (list, tuple)):
            return type(f)(sub(g) for g in f)
        if callable(f) and not rec.is_array(f) and not isinstance(f, (type, _CallableProxy)):
            s = _SubFunction(rec, f)
            subs.append(s)
            return s
        return f
    return tuple(sub(a) for a in args), {k: sub(v) for k, v in kwargs.items()}


class _SubFunction:
    """A function handed to a recorded call: its first invocation is traced into a nested
    function of the graph; later invocations (a vmap's loop, a second trace) run it as it is."""

    def __init__(self, parent, fn):
        self.parent, self.fn, self.recording = parent, fn, None
        self.name = parent.fresh("s")
        functools.update_wrapper(self, fn, updated=())

    def __call__(self, *args, **kwargs):
        if self.recording is not None or self.parent.root is not _root_in_progress():
            _active.append(None)
            try:
                return self.fn(*args, **kwargs)
            finally:
                _active.pop()
        rec = _Recording(self.parent.ns, self.parent, self.fn)
        self.recording = rec
        for path, leaf in _leaves_with_paths((args, kwargs)):
            if rec.is_array(leaf):
                rec.inputs.append((path, rec.new_var(leaf, "a")))
        return _recorded(rec, self.fn, args, kwargs)


class _CallableProxy:
    """A function a recorded call returned (a pullback): calling it records one node."""

    def __init__(self, rec, var, fn):
        self.rec, self.var, self.fn = rec, var, fn

    def __call__(self, *args, **kwargs):
        rec = _active[-1] if _active else None
        if rec is None or rec.depth or rec.root is not self.rec.root:
            return self.fn(*args, **kwargs)
        node = _Node(f"{self.var.name}(...)", self.var, rec.template(args), rec.template(kwargs),
                     [])
        node.impure = True
        rec.depth += 1
        try:
            out = self.fn(*args, **kwargs)
        finally:
            rec.depth -= 1
        return rec._outputs(node, out)

    def __getattr__(self, name):
        return getattr(self.fn, name)


def _recorded(rec, fn, args, kwargs):
    """``fn(*args, **kwargs)`` with ``rec`` recording its core calls, its result recorded."""
    _active.append(rec)
    try:
        out = fn(*args, **kwargs)
        _finish(rec, out)
    finally:
        _active.pop()
    return out


def _root_in_progress():
    for rec in reversed(_active):
        if rec is not None:
            return rec.root
    return None


def _finish(rec, out):
    """The result's structure and leaves (arrays as variables) of a recording."""
    leaves, treedef = tree.flatten(out)
    rec.output_def = treedef
    templates = []
    for leaf in leaves:
        unwrap = _unwrapper(type(leaf))
        if unwrap is not None:
            leaf = unwrap(leaf)
        if isinstance(leaf, _CallableProxy):
            templates.append(leaf.var)
        else:
            templates.append(rec.template(leaf))
    rec.outputs = templates


# ---- wrappers: ivy.<fn> while a recording is in progress ---------------------------------------

_wrappers: dict = {}     # the wrapped function -> its recording wrapper


def _wrapper(fn, qualname):
    try:
        return _wrappers[fn]
    except (KeyError, TypeError):
        pass
    query = qualname in _QUERIES

    def recording(*args, **kwargs):
        rec = _active[-1] if _active else None
        if rec is None or rec.depth or query:
            return fn(*args, **kwargs)
        return rec.record(fn, qualname, args, kwargs)
    recording.__name__ = getattr(fn, "__name__", qualname)
    recording.__qualname__ = qualname
    recording.__wrapped__ = fn
    recording.__ivy_trace_wrapper__ = True
    try:
        _wrappers[fn] = recording
    except TypeError:
        pass
    return recording


def _wrapped(sub_name, fns):
    return {n: f if getattr(f, "__ivy_trace_wrapper__", False)
            else _wrapper(f, api.qualified(sub_name, n)) for n, f in fns.items()}


def _install():
    """Rebind ivy's (and ivy.autograd's) functions to recording wrappers; returns what to
    restore. What the autograd tape installs meanwhile is recorded beneath them."""
    saved = {}
    for sub_name in api.NAMESPACES:
        target = registry._targets[sub_name].__dict__
        names = api.NAMESPACES[sub_name][0] + api.NAMESPACES[sub_name][1]
        saved[sub_name] = {n: target[n] for n in names}
    registry.overlay({sub: _wrapped(sub, fns) for sub, fns in saved.items()})

    def beneath(sub_name, fns):
        saved[sub_name].update(fns)
        return _wrapped(sub_name, fns)
    registry.overlay_hook = beneath
    autograd, wrappers = _autograd_wrappers()
    saved_autograd = {n: getattr(autograd, n) for n in wrappers}
    for n, w in wrappers.items():
        setattr(autograd, n, w)
    return saved, saved_autograd


def _uninstall(saved):
    tables, saved_autograd = saved
    registry.overlay_hook = None
    registry.overlay(tables)
    from . import autograd
    for n, f in saved_autograd.items():
        setattr(autograd, n, f)


# ---- state: the frontend arrays a function reaches ------------------------------------------------
# A traced function may read and update arrays held by frontend objects (a module's parameters,
# an optimizer's buffers, a tf.Variable): the objects it reaches from its closure, the globals it
# names, the functions those name, and its arguments. Arrays read become inputs of the graph,
# read from their holders on each call; arrays rebound become outputs written back after it. Plain
# Python values found there (a module's ``training`` flag, a learning rate) guard the trace: a
# call finding one changed traces again. A trace that changed what the function reaches (an
# optimizer creating its buffers on the first step, a counter kept as a Python int) is not kept;
# after ``_UNSTABLE_LIMIT`` such traces in a row the function runs eagerly for that signature.

_SCALARS = (int, float, bool, str, bytes, complex, type(None))
_OPAQUE = (type, types.ModuleType, types.BuiltinFunctionType, types.MethodDescriptorType,
           types.WrapperDescriptorType, type(Ellipsis), range, slice, functools.partial)
_VISIT_LIMIT = 100_000
_UNSTABLE_LIMIT = 3


def _spec(t):
    return _registered(_holder_specs, _spec_cache, t)


def _slot_names(t):
    names = []
    for c in t.__mro__:
        slots = c.__dict__.get("__slots__", ())
        names.extend((slots,) if isinstance(slots, str) else slots)
    return [n for n in names if n not in ("__dict__", "__weakref__")]


def _user_function(f):
    module = getattr(f, "__module__", None) or ""
    return not module.startswith(("ivy.", "torch", "jax", "tensorflow", "numpy", "keras", "flax",
                                  "optax", "equinox"))


def _roots(fn, args, kwargs):
    roots, functions = [args, kwargs], []
    pending = [fn]
    seen = set()
    while pending:
        f = pending.pop()
        if id(f) in seen:
            continue
        seen.add(id(f))
        if isinstance(f, (Graph,)):
            pending.append(f.fn)
            continue
        owner = getattr(f, "__self__", None)
        if owner is not None and not isinstance(owner, types.ModuleType):
            roots.append(owner)
        f = getattr(f, "__func__", f)
        if isinstance(f, functools.partial):
            roots += [f.args, f.keywords]
            pending.append(f.func)
            continue
        if not isinstance(f, types.FunctionType):
            roots.append(f)
            continue
        functions.append(f)
        if _has_contents(f):
            for cell in f.__closure__ or ():
                value = cell.cell_contents
                (pending if isinstance(value, types.FunctionType) else roots).append(value)
        roots += [f.__defaults__, f.__kwdefaults__]
        glob = f.__globals__
        for name in _names_used(f.__code__):
            value = glob.get(name)
            if isinstance(value, types.FunctionType):
                if _user_function(value):
                    pending.append(value)
            elif value is not None:
                roots.append(value)
    return roots


class _Reach:
    """The frontend arrays (holders) and plain values reachable from ``roots``."""

    def __init__(self, roots, is_array):
        self.holders = []     # (holder, its native array, its slots' values)
        self.values = []      # (container, key, is attribute, value)
        stack, seen = list(roots), set()
        while stack:
            if len(seen) >= _VISIT_LIMIT:     # too much to watch: not traced (runs eagerly)
                raise _Unstable
            x = stack.pop()
            t = type(x)
            if t in _SCALARS or id(x) in seen or isinstance(x, _OPAQUE):
                continue
            seen.add(id(x))
            spec = _spec(t)
            if spec is not None:
                slots = tuple(getattr(x, n, None) for n in spec[1])
                self.holders.append((x, getattr(x, spec[0]), slots))
                stack.extend(v for v in slots if v is not None)
                continue
            if isinstance(x, dict):
                for k, v in list(x.items()):
                    if type(v) in _SCALARS:
                        if type(k) in _SCALARS:
                            self.values.append((x, k, False, v))
                    else:
                        stack.append(v)
                    if type(k) not in _SCALARS:
                        stack.append(k)
                continue
            if isinstance(x, list):       # numbers in a list may change: guarded too
                for i, v in enumerate(x):
                    if type(v) in _SCALARS:
                        self.values.append((x, i, False, v))
                    else:
                        stack.append(v)
                continue
            if isinstance(x, (tuple, set, frozenset)):
                stack.extend(v for v in x if type(v) not in _SCALARS)
                continue
            if callable(x) and isinstance(x, (types.FunctionType, types.MethodType)) or \
                    is_array(x):
                continue
            d = getattr(x, "__dict__", None) if not hasattr(t, "__getattr__") else \
                _instance_dict(x)
            if isinstance(d, dict):
                for k, v in list(d.items()):
                    if type(v) in _SCALARS:
                        self.values.append((x, k, True, v))
                    else:
                        stack.append(v)
            for name in _slot_names(t):
                v = getattr(x, name, None)
                if v is not None and type(v) not in _SCALARS:
                    stack.append(v)

    def ids(self):
        return {id(h) for h, _, _ in self.holders}


def _instance_dict(x):
    try:
        return object.__getattribute__(x, "__dict__")
    except (AttributeError, TypeError):
        return None


class _Unstable(Exception):
    """The trace changed what the function reaches: not kept."""


def _lift_state(rec, before, after, arg_holders):
    """Turn the reached holders' arrays into the graph's state inputs and outputs."""
    root = rec.root
    state_in, state_out, slot_out, slot_guards = [], [], [], []
    allowed = set()
    for holder, payload, slots in before.holders:
        attribute, slot_names = _spec(type(holder))
        var = root.captured.get(id(payload))
        if var is not None and var.name in root.globals:
            del root.globals[var.name]        # a captured constant held by a holder: an input
            var.dynamic = True
            state_in.append((holder, attribute, var))
        new = getattr(holder, attribute)
        if new is not payload:
            var, _ = rec.lookup(new)
            if var is None:
                raise IvyTraceError(f"ivy.trace_graph: {rec._where()} stores an array computed "
                                    f"outside ivy's core calls into an object's state")
            state_out.append((arg_holders.get(id(holder), holder), attribute, var))
        for name, old in zip(slot_names, slots):
            slot_guards.append((holder, name, old is None))
            current = getattr(holder, name, None)
            if current is old:
                continue
            if current is None:
                slot_out.append((holder, name, None, None, None))
                continue
            spec = _spec(type(current))
            var = rec.lookup(getattr(current, spec[0]))[0] if spec else None
            if var is None:
                raise _Unstable
            allowed.add(id(current))
            slot_out.append((holder, name, current, spec[0], var))
    changed = after.ids() - before.ids() - allowed
    if changed or len(after.holders) < len(before.holders):
        raise _Unstable
    old_values = {(id(c), k): v for c, k, _, v in before.values}
    missing = object()
    for c, k, _, v in after.values:
        old = old_values.get((id(c), k), missing)
        if old is missing and type(c) is list:
            continue              # a list that grew (a log appended to): a trace-time effect
        if old is not v and (old is missing or old != v):
            raise _Unstable       # a plain value the function changed: not a graph's state
    return state_in, state_out, slot_out, slot_guards


def _autograd():
    from . import autograd
    return autograd


def _autograd_wrappers():
    """``ivy.autograd``'s differentiating functions, recorded while tracing."""
    from . import autograd
    names = ("watch", "backward", "stop", "set_enabled", "custom", "hold", "release",
             "register_hook")
    return autograd, {n: _wrapper(getattr(autograd, n), f"autograd.{n}") for n in names}



# ---- source generation ------------------------------------------------------------------------

def _expr(t) -> str:
    if isinstance(t, (_Var, _Static)):
        return t.name
    if isinstance(t, _SubFunction):
        return t.name if t.recording is not None else _untraced_name(t)
    if isinstance(t, _CallableProxy):
        return t.var.name
    if t is Ellipsis:
        return "..."
    if type(t) in (tuple, list):
        if len(t) == 2 and isinstance(t[0], _Static) and t[0].name is None:   # a namedtuple
            return f"{t[0].value.__module__}.{t[0].value.__qualname__}({_items(t[1])})"
        inner = _items(t)
        return f"({inner},)" if type(t) is tuple and len(t) == 1 else (
            f"({inner})" if type(t) is tuple else f"[{inner}]")
    if type(t) is dict:
        return "{" + ", ".join(f"{k!r}: {_expr(v)}" for k, v in t.items()) + "}"
    if type(t) is slice:
        return f"slice({_expr(t.start)}, {_expr(t.stop)}, {_expr(t.step)})"
    return repr(t)


def _untraced_name(sub):
    """A function a recorded call never invoked while tracing: its Python closure may hold the
    traced arrays, so a replay that calls it traces the function again instead."""
    if not hasattr(sub, "_static"):
        sub._static = sub.parent.static(_untraced, "untraced")
    return sub._static.name


def _untraced(*args, **kwargs):
    raise _GuardFailed


def _items(seq):
    return ", ".join(_expr(v) for v in seq)


def _call_source(node) -> str:
    parts = [_expr(a) for a in node.args]
    for k, v in node.kwargs.items():
        parts.append(f"{k}={_expr(v)}" if k.isidentifier() and not keyword.iskeyword(k)
                     else f"**{{{k!r}: {_expr(v)}}}")
    return f"{node.fn.name}({', '.join(parts)})"


def _path_source(base, path):
    return base + "".join(f"[{p!r}]" for p in path)


def _lines(rec, indent, live) -> list:
    out = []
    pad = " " * indent
    for node in rec.nodes:
        if live is not None and node not in live:
            continue
        for s in node.subs:
            if s.recording is not None:
                out.extend(_function_source(s.recording, s.name, indent, live))
        out.extend(pad + line for line in node.prelude)
        call = _call_source(node)
        if node.result is None:
            target = node.outputs[0][0] if node.outputs else "_"
            out.append(f"{pad}{target} = {call}")
        else:
            out.append(f"{pad}{node.result} = {call}")
            out.extend(f"{pad}{name} = {_path_source(node.result, path)}"
                       for name, path in node.outputs)
        for name, shape in node.guards:
            out.append(f"{pad}if tuple({name}.shape) != {shape!r}: _guard_failed()")
    return out


def _return_source(rec) -> str:
    if rec.output_def == tree.LEAF:
        return _expr(rec.outputs[0])
    name = rec.root.__dict__.setdefault("output_names", {}).get(id(rec))
    if name is None:
        name = rec.root.output_names[id(rec)] = rec.fresh("_structure")
        rec.root.globals[name] = rec.output_def
    return f"_unflatten({name}, [{_items(rec.outputs)}])"


def _function_source(rec, name, indent, live) -> list:
    pad = " " * indent
    lines = [f"{pad}def {name}(*args, **kwargs):"]
    lines.extend(f"{pad}    {var.name} = {_path_source('(args, kwargs)', path)}"
                 for path, var in rec.inputs)
    lines.extend(_lines(rec, indent + 4, live))
    lines.append(f"{pad}    return {_return_source(rec)}")
    return lines


# ---- functional gradients: a tape-recording graph made compilable (jax, tensorflow) -------------
# The generic tape keeps Python state by array identity, which jax.jit and tf.function cannot
# trace. A graph whose tape calls are only watch/stop/grad-mode/backward is rewritten: a watch is
# the array itself, a stop the backend's stop_gradient, and a backward the backend's vjp of a
# nested function recomputing its outputs from its leaves (the forward calls between them, recorded
# in grad mode); the compiler removes the recomputation. Arrays written back that the tape watched
# are watched again after the call, so eager code after it differentiates as before.

_TAPE_FREE = frozenset({"autograd.set_enabled", "autograd.hold", "autograd.release"})


def _functionalize(rec, ns):
    """Rewrite ``rec``'s tape calls as above; returns {variable: owner} of the watched arrays, or
    None (left as it is: hooks, custom rules, higher order, unmapped leaves, nested graphs)."""
    nodes = rec.nodes
    if any(s.recording is not None and any(n.qualname.startswith("autograd.")
                                           for n in _all_nodes(s.recording))
           for n in nodes for s in n.subs):
        return None
    for n in nodes:
        if n.qualname.startswith("autograd.") and n.qualname not in _TAPE_FREE and \
                n.qualname not in ("autograd.watch", "autograd.stop", "autograd.backward"):
            return None
        if n.qualname == "autograd.backward" and (n.leaves is None or _backward_flag(n, 4)):
            return None
    root = rec.root
    identity = rec.static(_identity, "_identity")
    stop = rec.static(ns.stop_gradient, "stop_gradient")
    vjp = rec.static(ns.vjp, "vjp")
    pairs = rec.static(_tape_gradients, "_tape_gradients")
    watched, kept = {}, []
    for i, n in enumerate(nodes):
        plain = getattr(n.fn.value, "__wrapped__", None) if isinstance(n.fn, _Static) else None
        if plain is not None and getattr(n.fn.value, "__ivy_tape__", False):
            n.fn = rec.function(plain, n.qualname)
        if n.qualname in _TAPE_FREE:
            continue
        if n.qualname == "autograd.watch":
            owner = n.args[1] if len(n.args) > 1 else n.kwargs.get("owner")
            if n.outputs:
                watched[n.outputs[0][0]] = owner.value if isinstance(owner, _Static) else None
            n.fn, n.args, n.kwargs = identity, n.args[:1], {}
        elif n.qualname == "autograd.stop":
            n.fn, n.kwargs = stop, {}
        elif n.qualname == "autograd.backward":
            name = rec.fresh("b")
            body = _forward_slice(nodes[:i], n.leaves, n.args[0])
            sub = types.SimpleNamespace(nodes=body, root=root)
            params = ", ".join(v.name for v in n.leaves)
            n.prelude = [f"def {name}({params}):", *_lines(sub, 4, None),
                         f"    return {_expr(n.args[0])}"]
            given = (n.args[2] if len(n.args) > 2 else n.kwargs.get("inputs")) is not None
            n.fn, n.args, n.kwargs = pairs, (vjp, _Static(name, None), n.args[1],
                                             tuple(n.leaves), given), {}
        n.impure = n.impure and not n.qualname.startswith("autograd.")
        kept.append(n)
    rec.nodes = kept
    return {name: owner for name, owner in watched.items() if owner is not None}


def _identity(x):
    return x


def _tape_gradients(vjp, fun, cotangents, leaves, inputs_given):
    """A tape backward's result from the backend's vjp: the gradients of ``inputs`` where they
    were given, else ``[(owner, grad)]`` (owners unused)."""
    _, pullback = vjp(fun, *leaves)
    grads = pullback(list(cotangents))
    return list(grads) if inputs_given else [(None, g) for g in grads]


def _backward_flag(node, position):
    """``create_graph`` of a recorded ``autograd.backward`` (higher order stays on the tape)."""
    names = ("outputs", "cotangents", "inputs", "retain_graph", "create_graph")
    value = node.args[position] if len(node.args) > position else node.kwargs.get(
        names[position], False)
    return bool(value)


def _forward_slice(nodes, leaves, outputs):
    """The calls (in order) computing ``outputs`` from ``leaves`` in grad mode."""
    reached = {v.name for v in leaves}
    path = []
    for n in nodes:
        if n.grad_mode and not n.qualname.startswith("autograd.") or \
                n.qualname in ("autograd.watch", "autograd.stop"):
            if {v.name for v in _vars((n.args, n.kwargs))} & reached:
                path.append(n)
                reached.update(name for name, _ in n.outputs)
                if n.result is not None:
                    reached.add(n.result)
    needed = {v.name for v in _vars(outputs)}
    body = []
    for n in reversed(path):
        if {name for name, _ in n.outputs} & needed:
            body.append(n)
            needed.update(v.name for v in _vars((n.args, n.kwargs)))
    return body[::-1]



# ---- simplification -----------------------------------------------------------------------------

def _uses(template, acc):
    if isinstance(template, _Var):
        acc.add(template.name)
    elif isinstance(template, _CallableProxy):
        acc.add(template.var.name)
    elif isinstance(template, _SubFunction):
        if template.recording is not None:
            _recording_uses(template.recording, acc)
    elif type(template) in (tuple, list):
        for v in template:
            _uses(v, acc)
    elif type(template) is dict:
        for v in template.values():
            _uses(v, acc)
    elif type(template) is slice:
        for v in (template.start, template.stop, template.step):
            _uses(v, acc)
    return acc


def _recording_uses(rec, acc):
    for node in rec.nodes:
        _uses(node.args, acc)
        _uses(node.kwargs, acc)
        if isinstance(node.fn, _Var):
            acc.add(node.fn.name)
    _uses(rec.outputs, acc)
    return acc


def _live_nodes(rec, written=frozenset()):
    """The nodes whose outputs are used (transitively) or that have effects: dead code goes."""
    needed = _uses(rec.outputs, set()) | set(written)
    live = set()
    for node in reversed(rec.nodes):
        names = {n for n, _ in node.outputs}
        if node.impure or node.guards or names & needed or not node.outputs:
            live.add(node)
            _uses(node.args, needed)
            _uses(node.kwargs, needed)
            if isinstance(node.fn, _Var):
                needed.add(node.fn.name)
        # nested recordings keep all their nodes (their liveness depends on the transform)
        for s in node.subs:
            if s.recording is not None:
                live.update(s.recording.nodes)
    return live


def _guard_failed():
    raise _GuardFailed


class _GuardFailed(Exception):
    pass


# ---- the graph --------------------------------------------------------------------------------

def _fold_constants(rec):
    """Calls of constants only (``asarray(3)``, ``ones(shape)``) become constants: their
    recorded results. Not where the graph writes into arrays in place (a folded array would be
    shared by every call). Returns how many calls were folded."""
    if any(n.kwargs.get("inplace") is True for n in _all_nodes(rec)):
        return 0
    folded = 0
    for node in rec.nodes:
        if node.impure or node.subs or node.guards or isinstance(node.fn, _Var) or \
                not node.outputs or node.result is not None:
            continue
        used = _uses((node.args, node.kwargs), set())
        if all(name in rec.globals for name in used):
            name = node.outputs[0][0]
            rec.globals[name] = rec.values[name]
            node.outputs = []
            node.impure = False
            node.folded = True
            folded += 1
    if folded:
        rec.nodes = [n for n in rec.nodes if not n.folded]
    return folded


_NO_OP_CANDIDATES = frozenset({"astype", "reshape", "broadcast_to", "squeeze", "expand_dims"})


def _drop_no_ops(rec):
    """Casts to an array's own dtype and reshapes to its own shape become the array itself (not
    where the graph writes in place: the result would alias its input). Returns how many."""
    if any(n.kwargs.get("inplace") is True for n in _all_nodes(rec)):
        return 0
    identity, dropped = None, 0
    for node in rec.nodes:
        if node.qualname not in _NO_OP_CANDIDATES or not node.args or node.result is not None \
                or not isinstance(node.args[0], _Var) or len(node.meta) != 1:
            continue
        source = rec.root.values.get(node.args[0].name)
        if source is None or (tuple(rec.ns.shape(source)), rec.ns.dtype(source)) != \
                node.meta[0][1:]:
            continue
        if identity is None:
            identity = rec.static(_identity, "_identity")
        node.fn, node.args, node.kwargs = identity, node.args[:1], {}
        node.qualname = f"{node.qualname} (no-op)"
        dropped += 1
    return dropped


class _Trace:
    """One input signature's recording, its source and its compiled replay."""

    def __init__(self, rec, ns, compile, state=None):
        self.rec, self.ns = rec, ns
        self.state_in, self.state_out, self.slot_out, self.slot_guards, self.value_guards = \
            state or ((), (), (), (), ())
        written = [var for *_, var in self.state_out] + [
            var for *_, var in self.slot_out if var is not None]
        self.rewatch = {}
        self.taped = any(n.qualname.startswith("autograd.") for n in _all_nodes(rec))
        if self.taped and compile and ns.name in ("jax", "tensorflow"):
            rewatch = _functionalize(rec, ns)
            if rewatch is not None:
                self.taped, self.rewatch = False, rewatch
        self.folded = _fold_constants(rec)
        self.no_ops = _drop_no_ops(rec)
        self.live = _live_nodes(rec, {v.name for v in written})
        self.removed = len(rec.nodes) - sum(1 for n in rec.nodes if n in self.live)
        names = [var.name for _, var in rec.inputs] + [var.name for *_, var in self.state_in]
        body = _lines(rec, 4, self.live)
        result = _return_source(rec)
        self.statics = None
        dynamic = [t for t in rec.outputs if isinstance(t, _Var)]
        if len(dynamic) != len(rec.outputs):
            # Python results (an int, a string) stay Python values: a compiler would make them
            # arrays, so the graph returns the arrays and the call puts the rest back
            self.statics = [_DYNAMIC if isinstance(t, _Var) else
                            (t.value if isinstance(t, _Static) else t) for t in rec.outputs]
            result = f"({_items(dynamic)},)" if dynamic else "()"
        if written:
            result = f"{result}, ({''.join(v.name + ', ' for v in written)})"
        self.source = "\n".join([f"def graph({', '.join(names)}):", *body,
                                 f"    return {result}"])
        env = dict(rec.globals, _unflatten=tree.unflatten, _guard_failed=_guard_failed)
        exec(compile_source(self.source), env)     # noqa: S102 - our own generated source
        self.replay = env["graph"]
        self.run = self.replay
        self.compiled = False
        if compile and not self.taped:     # torch: torch.compile with IVY_TORCH_JIT=compile
            self.run = self._compiled_first

    def _compiled_first(self, *natives):
        """The backend's compiler on the replay; a replay it cannot trace runs as it is."""
        try:
            jitted = self.ns.jit(self.replay)
            out = jitted(*natives)
        except Exception:     # noqa: BLE001 - needs concrete values: replay eagerly for good
            self.run = self.replay
            return self.replay(*natives)
        self.run, self.compiled = jitted, jitted is not self.replay
        return out

    def functions(self):
        return sorted({n.qualname for n in _all_nodes(self.rec) if n in self.live
                       and not isinstance(n.fn, _Var) and not n.qualname.endswith("(no-op)")})

    def __len__(self):
        return sum(1 for n in _all_nodes(self.rec) if n in self.live)


def _all_nodes(rec):
    for node in rec.nodes:
        for s in node.subs:
            if s.recording is not None:
                yield from _all_nodes(s.recording)
        yield node


@functools.lru_cache(maxsize=256)
def compile_source(source):
    return compile(source, "<ivy.trace_graph>", "exec")


def _canonical_backend(to):
    if to is None:
        return None
    name = _BACKEND_ALIASES.get(to, to)
    if name not in registry.BACKENDS:
        raise IvyBackendError(f"ivy.trace_graph: unknown backend {to!r}; choose one of "
                              f"{registry.BACKENDS} (or 'pytorch')", function="trace_graph")
    return name


def static_key(value):
    """A non-array argument's part of a signature: its value, or its identity if unhashable."""
    try:
        hash(value)
        return (type(value), value)
    except TypeError:
        return (type(value), id(value))


def _signature(leaves, ns):
    key = []
    for leaf in leaves:
        unwrap = _unwrapper(type(leaf))
        if unwrap is not None:
            leaf = unwrap(leaf)
        if ns.is_native_array(leaf):
            key.append((type(leaf), tuple(ns.shape(leaf)), ns.dtype(leaf)))
        else:
            key.append(static_key(leaf))
    return tuple(key)


_exact_native_types: dict = {}     # backend name -> the exact native array types seen


def _natives_key(ns, args):
    """The signature of positional native arrays (None when another argument is there)."""
    exact = _exact_native_types.get(ns.name)
    if exact is None:
        exact = _exact_native_types[ns.name] = set()
    key = [ns.name]
    for a in args:
        t = type(a)
        if t not in exact:
            if _unwrapper(t) is not None or not ns.is_native_array(a):
                return None
            exact.add(t)
        key.append((t, tuple(a.shape), a.dtype))
    return tuple(key)


class Graph:
    """``fn`` traced into a graph per input signature (see ``trace_graph``)."""

    def __init__(self, fn, to=None, compile=True, source=None, state=True):
        functools.update_wrapper(self, fn, updated=())
        self.fn, self.to, self._compile = fn, _canonical_backend(to), compile
        source = _BACKEND_ALIASES.get(source, source)
        if source not in (None, "core") and source not in _wrap_as:
            raise ValueError(f"ivy.trace_graph: source={source!r} is not a loaded frontend "
                             f"({sorted(_wrap_as)}) or 'core'")
        self._wrap = None if source == "core" else _wrap_as.get(source or _frontend_of(fn))
        self._traces: dict = {}
        self._unstable: dict = {}     # signature -> traces in a row that were not kept
        self.state = state
        self.last = None

    # calling
    def __call__(self, *args, **kwargs):
        if tracing():                   # inside another recording: part of that graph
            return self.fn(*args, **kwargs)
        if self.to is not None and registry.selected_backend() != self.to:
            with registry.using_backend(self.to):
                return self._call(args, kwargs)
        return self._call(args, kwargs)

    def _call(self, args, kwargs):
        ns = registry._current or registry._infer(args, kwargs, "trace_graph")
        key = None if kwargs else _natives_key(ns, args)
        if key is None:
            leaves, treedef = tree.flatten((args, kwargs))
            key = (treedef, _signature(leaves, ns))
        else:                           # native arrays only (the common call): no pytree walk
            leaves = args
        trace = self._traces.get(key)
        if trace is None:
            return self._trace(key, args, kwargs, ns)
        if trace is _EAGER:
            return _natives_of(self.fn(*args, **kwargs))
        if trace.value_guards and not _values_hold(trace) or trace.slot_guards and not all(
                (getattr(h, n, None) is None) is was_none for h, n, was_none in trace.slot_guards):
            return self._trace(key, args, kwargs, ns)
        natives = [leaves[i] if u is None else u(leaves[i]) for i, u in trace.arrays]
        for holder, attribute, _ in trace.state_in:
            natives.append(getattr(holder, attribute))
        self.last = trace
        try:
            out = trace.run(*natives)
        except _GuardFailed:
            return self._trace(key, args, kwargs, ns)
        if trace.state_out or trace.slot_out:
            out, values = out
            _write_back(trace, values, leaves)
        if trace.statics is not None:
            dynamic = iter(out)
            out = tree.unflatten(trace.rec.output_def, [next(dynamic) if s is _DYNAMIC else s
                                                         for s in trace.statics])
        return out

    def _trace(self, key, args, kwargs, ns):
        if registry._current is not ns:
            with registry.using_backend(ns.name):
                return self._trace(key, args, kwargs, ns)
        rec = _Recording(ns, fn=self.fn)
        leaves, treedef = tree.flatten((args, kwargs))
        arrays, wrapped = [], False
        for i, leaf in enumerate(leaves):
            unwrap = _unwrapper(type(leaf))
            native = leaf if unwrap is None else unwrap(leaf)
            if rec.is_array(native):     # the same array twice: the first name is used
                var = _Var(rec.fresh("x")) if id(native) in rec.ids else rec.new_var(native, "x")
                rec.inputs.append(((i,), var))
                arrays.append((i, unwrap))
                if unwrap is None and self._wrap is not None:    # as the function expects
                    leaves[i], wrapped = self._wrap(native), True
        if wrapped:
            args, kwargs = tree.unflatten(treedef, leaves)
        roots = _roots(self.fn, args, kwargs) if self.state else None
        try:
            before = _Reach(roots, rec.is_array) if self.state else None
        except _Unstable:
            self._traces[key] = _EAGER
            return _natives_of(self.fn(*args, **kwargs))
        host = _host_tokens()
        saved = _install()
        try:
            out = _recorded(rec, self.fn, args, kwargs)
        finally:
            _uninstall(saved)
        result = _natives_of(out)
        if host != _host_tokens():      # it drew from a host generator: a replay would repeat it
            self._traces[key] = _EAGER
            return result
        state = None
        if self.state:
            arg_holders = {id(leaf): ("arg", i) for i, leaf in enumerate(leaves)
                           if _spec(type(leaf)) is not None}
            try:
                state = _lift_state(rec, before, _Reach(roots, rec.is_array), arg_holders)
            except _Unstable:
                count = self._unstable[key] = self._unstable.get(key, 0) + 1
                if count >= _UNSTABLE_LIMIT:
                    self._traces[key] = _EAGER
                return result
            state = (*state, [(c, k, a, v) for c, k, a, v in before.values])
        self._unstable.pop(key, None)
        trace = _Trace(rec, ns, self._compile, state)
        trace.arrays = arrays
        self._traces[key] = self.last = trace
        return result

    # inspecting
    def _latest(self):
        if self.last is None:
            raise IvyTraceError("ivy.Graph: not traced yet -- call it (or pass args= to "
                                "ivy.trace_graph) first", function="trace_graph")
        return self.last

    @property
    def source(self) -> str:
        """The latest trace as Python source (the backend's functions as globals)."""
        return self._latest().source

    def functions(self) -> list:
        """The distinct core functions the latest trace calls."""
        return self._latest().functions()

    def __len__(self):
        return len(self._latest()) if self.last is not None else 0

    def __str__(self):
        if self.last is None:
            return f"ivy.Graph({getattr(self.fn, '__qualname__', self.fn)}, not traced)"
        trace = self.last
        lines = [f"ivy.Graph of {getattr(self.fn, '__qualname__', self.fn)} on {trace.ns.name}: "
                 f"{len(trace)} nodes, {len(self._traces)} signature(s)"
                 + (f", {trace.removed} dead node(s) removed" if trace.removed else "")
                 + (f", {trace.folded} constant call(s) folded" if trace.folded else "")
                 + (f", {trace.no_ops} no-op cast(s)/reshape(s) dropped" if trace.no_ops else "")
                 + (", compiled" if trace.compiled else "")]
        for node in _all_nodes(trace.rec):
            if node not in trace.live:
                continue
            outs = ", ".join(f"{n}: {d}{list(s)}" for n, s, d in node.meta) or "-"
            call = _call_source(node).replace(node.fn.name + "(", node.qualname + "(", 1) \
                if not isinstance(node.fn, _Var) else _call_source(node)
            lines.append(f"  {call} -> {outs}")
        return "\n".join(lines)

    __repr__ = __str__


_EAGER = object()     # a signature whose traces kept changing what the function reaches
_DYNAMIC = object()   # an array among a graph's results (the others are Python values)


def _values_hold(trace):
    for container, key, attribute, value in trace.value_guards:
        try:
            current = container.__dict__[key] if attribute else container[key]
        except (KeyError, IndexError, AttributeError, TypeError):
            return False
        if current is not value and current != value:
            return False
    return True


def _write_back(trace, values, leaves):
    it = iter(values)
    rewatch = trace.rewatch
    for target, attribute, var in trace.state_out:
        holder = leaves[target[1]] if type(target) is tuple else target
        value = next(it)
        if rewatch and var.name in rewatch:       # a leaf again, for eager code after the call
            value = _autograd().watch(value, rewatch[var.name], shared=False)
        setattr(holder, attribute, value)
    for holder, name, current, attribute, var in trace.slot_out:
        if current is not None:
            setattr(current, attribute, next(it))
        setattr(holder, name, current)


def _natives_of(out):
    leaves, treedef = tree.flatten(out)
    return tree.unflatten(treedef, [_native(x) for x in leaves])


def _native(x):
    unwrap = _unwrapper(type(x))
    if unwrap is not None:
        return unwrap(x)
    if isinstance(x, _CallableProxy):
        return x.fn
    return x


def trace_graph(fn=None, *, to=None, args=None, kwargs=None, compile=True, source=None,
                state=True):
    """``fn`` as an ``ivy.Graph``: its core calls recorded once per input signature (shapes,
    dtypes, static values) and replayed as native calls of backend ``to`` (default: the selected
    backend, else the arrays' own), compiled by ``jax.jit``/``tf.function`` on those backends.
    With ``args``/``kwargs`` it is traced now; without ``fn``, a decorator. Native arrays passed
    to a function written against one frontend (``source``, default: the one its globals and
    closure refer to; ``"core"``: as they are) reach it as that frontend's arrays. ``state``:
    arrays held by objects the function reaches are read and written back on each call, and the
    plain values there guard the trace (False: they are constants, as under ``jax.jit``)."""
    if fn is None:
        return functools.partial(trace_graph, to=to, args=args, kwargs=kwargs, compile=compile,
                                 source=source, state=state)
    if not callable(fn):
        raise TypeError(f"ivy.trace_graph: expected a function, got {type(fn).__name__}")
    graph = Graph(fn, to, compile, source, state)
    if args is not None or kwargs is not None:
        graph(*(args or ()), **(kwargs or {}))
    return graph
