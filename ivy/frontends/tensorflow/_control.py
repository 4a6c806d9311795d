"""``tf.function`` (traced by ``ivy.trace_graph``), control flow (``cond``/``case``/``switch_case``/
``while_loop``/``map_fn``/``scan``/``foldl``/``foldr``/``vectorized_map``), assertions,
``tf.print``, ``TensorArray``, ``TensorSpec`` and the eager no-ops (``group``,
``control_dependencies``, ``device``, ...). Control flow runs as TensorFlow runs it eagerly (Python
control flow over tensors); inside a traced ``tf.function`` a ``tf.cond``/``tf.while_loop`` whose
predicate is a traced tensor is the core's ``ivy.cond``/``ivy.while_loop`` (one graph node)."""
from __future__ import annotations

import contextlib
import functools
import logging
import sys
import time
import types
from collections import namedtuple

import numpy as np

import ivy
from ivy.core import tree

from .._shared import native_name
from .._tracing import Traced, guarded_branch, snapshot
from . import _dtypes as T
from ._autodiff import TAPES, custom_gradient
from ._state import _scope
from ._tensor import Readable, Tensor, TensorShape, convert, wrap
from ._tensor import native as _native
from .errors import OutOfRangeError, invalid_argument

_IN_FUNCTION = [0]            # depth of tf.function calls running now
_NUMBERS = (bool, int, float, complex, np.generic, np.ndarray)


def _is_leaf(x):
    return type(x) is Tensor or isinstance(x, Readable)




def _tensor(x):
    return x if type(x) is Tensor else wrap(_native(x))


# ---- tf.function --------------------------------------------------------------------------------

@contextlib.contextmanager
def _in_function():
    _IN_FUNCTION[0] += 1
    try:
        yield
    finally:
        _IN_FUNCTION[0] -= 1


class _RNG:
    """The stateful random ops' host state, for the tracer (``_tracing.Traced``)."""

    @staticmethod
    def get():
        from . import _random
        g = _random._Global
        return g.seed, g.rng, g.rng.getstate(), dict(_random._KERNELS)

    @staticmethod
    def set(state):
        from . import _random
        g = _random._Global
        g.seed, g.rng = state[0], state[1]
        g.rng.setstate(state[2])
        _random._KERNELS.clear()
        _random._KERNELS.update(state[3])


def _taping() -> bool:
    """Whether a GradientTape records now (a graph traced inside one differs)."""
    return any(t._recording for t in TAPES)


def _output(v):
    if ivy.is_native_array(v):
        return wrap(v)
    return wrap(convert(v)) if isinstance(v, _NUMBERS) else v


def _outputs(out):
    """A traced function's outputs as tensors (its Python numbers too)."""
    if type(out) is Tensor:
        return out
    if ivy.is_native_array(out):
        return wrap(out)
    return tree.tree_map(_output, out, is_leaf=_is_leaf)


def _as_arguments(args, kwargs):
    """numpy arrays passed in are tensors to TensorFlow (traced by shape and dtype)."""
    if not kwargs and all(type(a) is Tensor for a in args):
        return args, kwargs
    return tree.tree_map(lambda v: wrap(convert(v)) if isinstance(v, np.ndarray) else v,
                         (args, kwargs), is_leaf=_is_leaf)


class Function:
    """``tf.function``'s result: the Python function traced by ``ivy.trace_graph`` once per input
    signature (tensors' shapes and dtypes, other arguments' values) and replayed as a graph
    (compiled by ``jax.jit``/``tf.function`` on those backends); Python side effects (``print``)
    run while tracing only, ``tf.executing_eagerly()`` is False there, as in TensorFlow.
    Deviations: a function whose Python reads a tensor's value (``if x > 0`` on a tensor, which
    TensorFlow's autograph turns into ``tf.cond``; ``.numpy()``; ``tf.print``) runs eagerly for
    that signature, every call (``ivy.frontends._tracing``); a ``TensorSpec`` with None dims
    traces once per concrete shape; ``jit_compile``/``autograph``/``reduce_retracing`` are
    accepted (they do not change values)."""
    __module__ = "tensorflow"

    def __init__(self, func, input_signature=None, jit_compile=None):
        self.python_function = func
        self.input_signature = None if input_signature is None else list(input_signature)
        self._jit_compile = jit_compile
        self._traced = Traced(func, "tensorflow", _outputs, _in_function, mode=_taping,
                              rng=_RNG)
        functools.update_wrapper(self, func)

    def __call__(self, *args, **kwargs):
        if _RUN_EAGERLY[0]:
            return _outputs(self.python_function(*args, **kwargs))
        if self.input_signature is not None:
            args = self._check(args)
        else:
            args, kwargs = _as_arguments(args, kwargs)
        return self._traced(*args, **kwargs)

    def _check(self, args):
        specs = tree.leaves(self.input_signature, is_leaf=lambda s: isinstance(s, TensorSpec))
        values, treedef = tree.flatten(list(args), is_leaf=_is_leaf)
        if len(values) != len(specs):
            raise TypeError(f"Binding inputs to tf.function failed due to `too many positional "
                            f"arguments`. Received args: {args} and kwargs: {{}} for "
                            f"signature: {self.input_signature}.")
        for spec, value in zip(specs, values):
            if not spec.is_compatible_with(value):
                raise TypeError(f"Binding inputs to tf.function failed due to `Can not cast "
                                f"{TensorSpec.from_tensor(_tensor(value))!r} to {spec!r}`. "
                                f"Received args: {args} and kwargs: {{}} for signature: "
                                f"{self.input_signature}.")
        # the arguments as the signature's tensors
        return tuple(tree.unflatten(treedef, [
            v if type(v) is Tensor else wrap(convert(v, spec.dtype.name))
            for spec, v in zip(specs, values)]))

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        return _BoundFunction(self, instance)

    def experimental_get_tracing_count(self) -> int:
        return self._traced.traces

    def get_concrete_function(self, *args, **kwargs):
        """The function traced for ``args`` (tensors, ``TensorSpec``s -- None dims taken as 1 --
        or Python values; default: ``input_signature``) without running its effects: state the
        trace changed is put back."""
        if not args and not kwargs and self.input_signature is not None:
            args = tuple(self.input_signature)
        args, kwargs = tree.tree_map(
            lambda v: wrap(ivy.zeros(tuple(1 if d is None else d for d in v.shape),
                                     dtype=v.dtype.name)) if isinstance(v, TensorSpec) else
            wrap(convert(v)) if isinstance(v, np.ndarray) else v,
            (args, kwargs), is_leaf=lambda v: isinstance(v, TensorSpec) or _is_leaf(v))
        saved = snapshot(self.python_function, args, kwargs)
        try:
            out = self._traced(*args, **kwargs)
        finally:
            saved.restore()
        return ConcreteFunction(self, args, kwargs, out)


class _BoundFunction:
    """A ``tf.function`` on a method, bound to an instance (the signature excludes it)."""

    def __init__(self, function, instance):
        self._function, self._instance = function, instance
        functools.update_wrapper(self, function.python_function)

    def __call__(self, *args, **kwargs):
        f = self._function
        if _RUN_EAGERLY[0]:
            return _outputs(f.python_function(self._instance, *args, **kwargs))
        if f.input_signature is not None:
            args = f._check(args)
        else:
            args, kwargs = _as_arguments(args, kwargs)
        return f._traced(self._instance, *args, **kwargs)

    def get_concrete_function(self, *args, **kwargs):
        if not args and not kwargs and self._function.input_signature is not None:
            args = tuple(self._function.input_signature)
        return self._function.get_concrete_function(self._instance, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._function, name)


class ConcreteFunction:
    """What ``get_concrete_function`` returns: callable on arguments of its signature (a tensor
    of another dtype: ``InvalidArgumentError``; another Python value or structure: ``TypeError``,
    as TensorFlow; another shape is accepted, as TensorFlow runs it)."""
    __module__ = "tensorflow"

    def __init__(self, function, args, kwargs, out):
        self._function = function
        self._leaves, self._treedef = tree.flatten((args, kwargs), is_leaf=_is_leaf)
        self.structured_outputs = out
        self.inputs = [v for v in self._leaves if _is_leaf(v)]
        spec = lambda v: TensorSpec.from_tensor(_tensor(v)) if _is_leaf(v) else v  # noqa: E731
        self.structured_input_signature = tree.tree_map(spec, (args, kwargs), is_leaf=_is_leaf)
        self.name = getattr(function.python_function, "__name__", "f")

    def __call__(self, *args, **kwargs):
        leaves, treedef = tree.flatten((args, kwargs), is_leaf=_is_leaf)
        if treedef != self._treedef:
            raise TypeError(f"Binding inputs to tf.function failed due to `the arguments' "
                            f"structure differs from the signature`. Received args: {args} and "
                            f"kwargs: {kwargs} for signature: {self.structured_input_signature}.")
        for i, (want, got) in enumerate(zip(self._leaves, leaves)):
            if _is_leaf(want):
                if not (_is_leaf(got) or isinstance(got, np.ndarray)):
                    raise TypeError(f"Binding inputs to tf.function failed due to `Can not cast "
                                    f"{type_spec_from_value(got)!r} to "
                                    f"{TensorSpec.from_tensor(_tensor(want))!r}`.")
                w, g = _tensor(want).dtype, _tensor(got).dtype
                if w != g:
                    raise invalid_argument(
                        f"cannot compute __inference_{self.name} as input #{i}(zero-based) was "
                        f"expected to be a {w.name} tensor but is a {g.name} tensor",
                        f"__inference_{self.name}")
            elif not (got is want or (type(got) is type(want) and got == want)):
                raise TypeError(f"Binding inputs to tf.function failed due to `Can not cast "
                                f"{got!r} to Literal[{want!r}]`.")
        args, kwargs = _as_arguments(args, kwargs)
        return self._function._traced(*args, **kwargs)


def function(func=None, input_signature=None, autograph=True, jit_compile=None,
             reduce_retracing=False, experimental_implements=None,
             experimental_autograph_options=None, experimental_attributes=None,
             experimental_relax_shapes=None, experimental_compile=None,
             experimental_follow_type_hints=None):
    if func is None:
        return functools.partial(function, input_signature=input_signature,
                                 jit_compile=jit_compile)
    return Function(func, input_signature, jit_compile)


def executing_eagerly() -> bool:
    return not _IN_FUNCTION[0]


def inside_function() -> bool:
    return bool(_IN_FUNCTION[0])


# ---- control flow -------------------------------------------------------------------------------

def _truth(pred) -> bool:
    return bool(pred.numpy()) if _is_leaf(pred) else bool(pred)


def _traced_truth(pred):
    """``pred``'s truth, or None where it is a traced tensor (inside a traced ``tf.function``)."""
    try:
        return _truth(pred)
    except ivy.IvyTraceError:
        return None


def _native_branch(fn, box):
    """``fn`` for a core control function: natives in (as tensors), natives out; the outputs'
    structure kept in ``box``."""
    def run(*natives):
        out = fn(*[wrap(a) for a in natives])
        leaves, treedef = tree.flatten(out, is_leaf=_is_leaf)
        if box.setdefault("treedef", treedef) != treedef:
            raise ValueError(f"true_fn and false_fn arguments to tf.cond must have the same number,"
                             f" type, and overall structure of return values.\n\ntrue_fn output:"
                             f" {box['treedef']}\nfalse_fn output: {treedef}")
        return [_native(v) for v in leaves]
    return guarded_branch(run)


def cond(pred, true_fn=None, false_fn=None, name=None):
    if true_fn is None or false_fn is None:
        raise TypeError("true_fn and false_fn arguments to tf.cond must be provided.")
    take = _traced_truth(pred)
    if take is None:
        box = {}
        out = ivy.cond(_native(pred), _native_branch(true_fn, box), _native_branch(false_fn, box))
        return tree.unflatten(box["treedef"], [wrap(a) for a in out])
    return true_fn() if take else false_fn()


def case(pred_fn_pairs, default=None, exclusive=False, strict=False, name="case"):
    pairs = list(pred_fn_pairs.items() if isinstance(pred_fn_pairs, dict) else pred_fn_pairs)
    hits = [fn for pred, fn in pairs if _truth(pred)]
    if exclusive and len(hits) > 1:
        raise invalid_argument("Input error: exclusive=True and more than one predicate "
                               "evaluated to True.", "case")
    if hits:
        return hits[0]()
    if default is None:
        if not pairs:
            raise ValueError("pred_fn_pairs must not be empty")
        return pairs[-1][1]()
    return default()


def switch_case(branch_index, branch_fns, default=None, name="switch_case"):
    if not _is_leaf(branch_index):
        raise TypeError(f"'branch_index' must be a Tensor, got {type(branch_index)}")
    fns = dict(branch_fns.items() if isinstance(branch_fns, dict) else
               (p if isinstance(p, tuple) else (i, p)) for i, p in enumerate(branch_fns))
    fn = fns.get(int(branch_index.numpy()))
    if fn is None:
        fn = default if default is not None else fns[max(fns)]
    return fn()


def _as_tensors(structure):
    return tree.tree_map(_tensor, structure, is_leaf=_is_leaf)


def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10,
               back_prop=True, swap_memory=False, maximum_iterations=None, name=None):
    """``tf.while_loop``: ``body`` must return ``loop_vars``' structure."""
    if not callable(cond) or not callable(body):
        raise TypeError("'cond' and 'body' must be callable.")
    single = not isinstance(loop_vars, (list, tuple, dict))
    state = _as_tensors(loop_vars)
    structure = tree.structure(state, is_leaf=_is_leaf)
    limit = None if maximum_iterations is None else int(_tensor(maximum_iterations).numpy())
    steps = 0
    while True:
        go = limit is None or steps < limit
        if go:
            go = _traced_truth(cond(state) if single else cond(*state))
            if go is None:          # a traced predicate: the core's loop, one graph node
                return _traced_while(cond, body, state, single, structure, limit, steps)
        if not go:
            return state
        out = body(state) if single else body(*state)
        if single and isinstance(out, (list, tuple)) and len(out) == 1:
            out = out[0]
        out = _as_tensors(out)
        got = tree.structure(out, is_leaf=_is_leaf)
        if got != structure and not (limit is None and _sequences(got, structure)):
            if limit is None:
                error = TypeError if got.num_leaves == structure.num_leaves else ValueError
            else:
                error = TypeError if _sequences(got, structure) else ValueError
            raise error(f"The two structures don't have the same nested structure.\n\n"
                        f"First structure: {loop_vars}\n\nSecond structure: {out}")
        if got != structure:
            out = type(loop_vars)(out)
        state = out
        steps += 1


def _traced_while(cond, body, state, single, structure, limit, steps):
    """``tf.while_loop`` from ``state`` on, as ``ivy.while_loop`` over natives (with a step
    counter where ``maximum_iterations`` bounds it)."""
    leaves = [_native(v) for v in tree.leaves(state, is_leaf=_is_leaf)]

    def tensors(natives):
        s = tree.unflatten(structure, [wrap(a) for a in natives])
        return (s,) if single else tuple(s)

    def check(out):
        if single and isinstance(out, (list, tuple)) and len(out) == 1:
            out = out[0]
        out = _as_tensors(out)
        got = tree.structure(out, is_leaf=_is_leaf)
        if got.num_leaves != structure.num_leaves:
            raise ValueError(f"The two structures don't have the same nested structure.\n\n"
                             f"First structure: {state}\n\nSecond structure: {out}")
        return [_native(v) for v in tree.leaves(out, is_leaf=_is_leaf)]

    def test(carry):
        counter, natives = carry
        ok = _native(_tensor(cond(*tensors(natives))))
        if limit is not None:
            ok = ivy.logical_and(ivy.less(counter, limit), ok)
        return ok

    def step(carry):
        counter, natives = carry
        return ivy.add(counter, 1), check(body(*tensors(natives)))
    counter, natives = ivy.while_loop(guarded_branch(test), guarded_branch(step),
                                      (ivy.asarray(steps, dtype="int64"), leaves))
    return tree.unflatten(structure, [wrap(a) for a in natives])


def _sequences(a, b) -> bool:
    """Whether two structures differ only by list vs tuple at the top."""
    return {a.kind, b.kind} == {"list", "tuple"} and a.children == b.children


def _unstacked(elems):
    leaves, treedef = tree.flatten(elems, is_leaf=_is_leaf)
    natives = [_native(x) for x in leaves]
    if not natives:
        raise ValueError("elems must be a Tensor or (possibly nested) sequence of Tensors. Got "
                         f"{elems}")
    n = natives[0].shape[0] if natives[0].shape else None
    for a in natives:
        if not a.shape:
            raise ValueError("Elements in elems must be 1+ dimensional Tensors, not scalars")
        if a.shape[0] != n:
            raise ValueError("Elements in elems must have the same first dimension")
    return natives, treedef, n


def _element(natives, treedef, i):
    return tree.unflatten(treedef, [wrap(a[i]) for a in natives])


def _stack(results, signature, n):
    """Stack per-element outputs, checking their dtypes against ``signature`` (a structure of
    dtype names or None)."""
    if not results:
        return tree.tree_map(lambda d: wrap(ivy.zeros((0,), dtype=d)), signature)
    flat = [tree.leaves(r, is_leaf=_is_leaf) for r in results]
    treedef = tree.structure(results[0], is_leaf=_is_leaf)
    expected = None if signature is None else tree.leaves(signature)
    columns = []
    for k in range(len(flat[0])):
        column = [_native(row[k]) for row in flat]
        if expected is not None:
            for a in column:
                if native_name(a) != expected[k]:
                    raise invalid_argument(f"TensorArray dtype is {expected[k]} but Op is trying "
                                           f"to write dtype {native_name(a)} ",
                                           "TensorListSetItem")
        columns.append(wrap(ivy.stack(column)))
    return tree.unflatten(treedef, columns)


def _signature_names(sig):
    return tree.tree_map(lambda d: d.dtype.name if isinstance(d, TensorSpec) else
                         T.name_of(d), sig, is_leaf=lambda d: isinstance(d, TensorSpec))


def map_fn(fn, elems, dtype=None, parallel_iterations=None, back_prop=True,
           swap_memory=False, infer_shape=True, name=None, fn_output_signature=None):
    """``tf.map_fn``: outputs' dtypes must be ``fn_output_signature``'s (default: ``elems``')."""
    natives, treedef, n = _unstacked(elems)
    sig = fn_output_signature if fn_output_signature is not None else dtype
    signature = (_signature_names(sig) if sig is not None else
                 tree.unflatten(treedef, [native_name(a) for a in natives]))
    results = [fn(_element(natives, treedef, i)) for i in range(n)]
    return _stack(results, signature, n)


def vectorized_map(fn, elems, fallback_to_while_loop=True, warn=True):
    natives, treedef, n = _unstacked(elems)
    return _stack([fn(_element(natives, treedef, i)) for i in range(n)], None, n)


def _fold(fn, elems, initializer, order):
    natives, treedef, n = _unstacked(elems)
    indices = list(order(range(n)))
    if initializer is None:
        if not n:
            raise ValueError("elems must have at least one element when initializer is None")
        acc, indices = _element(natives, treedef, indices[0]), indices[1:]
    else:
        acc = _as_tensors(initializer)
    return acc, natives, treedef, indices


def scan(fn, elems, initializer=None, parallel_iterations=10, back_prop=True,
         swap_memory=False, infer_shape=True, reverse=False, name=None):
    acc, natives, treedef, indices = _fold(fn, elems, initializer,
                                           reversed if reverse else iter)
    outs = [acc] if initializer is None else []
    for i in indices:
        acc = _as_tensors(fn(acc, _element(natives, treedef, i)))
        outs.append(acc)
    if reverse:
        outs.reverse()
    return _stack(outs, None, len(outs))


def foldl(fn, elems, initializer=None, parallel_iterations=10, back_prop=True,
          swap_memory=False, name=None):
    acc, natives, treedef, indices = _fold(fn, elems, initializer, iter)
    for i in indices:
        acc = _as_tensors(fn(acc, _element(natives, treedef, i)))
    return acc


def foldr(fn, elems, initializer=None, parallel_iterations=10, back_prop=True,
          swap_memory=False, name=None):
    acc, natives, treedef, indices = _fold(fn, elems, initializer, reversed)
    for i in indices:
        acc = _as_tensors(fn(acc, _element(natives, treedef, i)))
    return acc


# ---- assertions and printing --------------------------------------------------------------------

def _summary(data, summarize):
    parts = []
    for d in data:
        if isinstance(d, str):
            parts.append(repr(d.encode()))
        elif _is_leaf(d) or isinstance(d, (list, np.ndarray)):
            a = np.asarray(_tensor(d).numpy())
            parts.append(np.array2string(a.reshape(-1)[:summarize or 3]) if a.ndim else str(a))
        else:
            parts.append(str(d))
    return "\n".join(parts)


def Assert(condition, data, summarize=None, name=None):  # noqa: N802 - TensorFlow's name
    if not _truth(condition):
        raise invalid_argument(f"Expected '{_tensor(condition).numpy()}' to be true. Summarized "
                               f"data: {_summary(data, summarize)}", "Assert")


def _comparison(symbol, op):
    def assertion(x, y, message=None, summarize=None, name=None):
        a, b = _tensor(x), _tensor(y)
        if not bool(np.all(op(a.numpy(), b.numpy()))):
            head = f"{message}\n" if message else ""
            raise invalid_argument(
                f"{head}Condition x {symbol} y did not hold.\nFirst {a.numpy().size} elements "
                f"of x:\n{a.numpy().reshape(-1)}\nFirst {b.numpy().size} elements of y:\n"
                f"{b.numpy().reshape(-1)}", "assert")
    return assertion


assert_equal = _comparison("==", np.equal)
assert_greater = _comparison(">", np.greater)
assert_less = _comparison("<", np.less)


def assert_rank(x, rank, message=None, name=None):
    t = _tensor(x)
    if t.ndim != int(rank):
        raise ValueError(f"{message or ''}Tensor  must have rank {int(rank)}.  Received rank "
                         f"{t.ndim}, shape {t.shape}")


def _format(value, summarize):
    if _is_leaf(value):
        a = np.asarray(_tensor(value).numpy())
        if summarize is not None and summarize >= 0:
            threshold = 2 * summarize
        else:
            threshold = sys.maxsize
        return np.array2string(a, separator=" ", threshold=threshold,
                               edgeitems=summarize if summarize and summarize > 0 else 3,
                               formatter={"float_kind": lambda v: f"{v:g}"}).replace("\n ", "\n")
    return str(value)


def print_(*inputs, output_stream=sys.stderr, summarize=3, sep=" ", end="\n", name=None):
    """``tf.print``: tensors formatted as TensorFlow prints them (``%g`` values, ``summarize``
    items at each end)."""
    stream = output_stream
    if isinstance(stream, str):
        stream = sys.stdout if stream == "file://stdout" or stream == "stdout" else sys.stderr
    stream.write(sep.join(_format(v, summarize) for v in inputs) + end)


def get_static_value(tensor, partial=False):
    return tensor.numpy() if _is_leaf(tensor) else tensor


def py_function(func=None, inp=None, Tout=None, name=None):  # noqa: N803 - TF's name
    out = func(*[_tensor(x) for x in (inp or ())])
    return _cast_out(out, Tout)


def numpy_function(func=None, inp=None, Tout=None, stateful=True, name=None):  # noqa: N803
    out = func(*[_tensor(x).numpy() for x in (inp or ())])
    return _cast_out(out, Tout)


def _cast_out(out, tout):
    if tout is None:
        return None
    if isinstance(tout, (list, tuple)):
        return [wrap(convert(o, t)) for o, t in zip(out, tout)]
    return wrap(convert(out, tout))


# ---- eager no-ops -------------------------------------------------------------------------------

def no_op(name=None):
    return None


def group(*inputs, **kwargs):
    return None


def tuple_(tensors, control_inputs=None, name=None):
    return [None if t is None else _tensor(t) for t in tensors]


@contextlib.contextmanager
def control_dependencies(control_inputs):
    yield None


@contextlib.contextmanager
def device(device_name):
    yield None


@contextlib.contextmanager
def init_scope():
    yield None


def get_logger():
    return logging.getLogger("tensorflow")


def gradients(ys, xs, grad_ys=None, name="gradients", gate_gradients=False,
              aggregation_method=None, stop_gradients=None, unconnected_gradients=None):
    raise RuntimeError("tf.gradients is not supported when eager execution is enabled. Use "
                       "tf.GradientTape instead.")


def hessians(ys, xs, gate_gradients=False, aggregation_method=None, name="hessians"):
    raise RuntimeError("tf.gradients is not supported when eager execution is enabled. Use "
                       "tf.GradientTape instead.")


def no_gradient(op_type):
    if not isinstance(op_type, str):
        raise TypeError("op_type must be a string")
    return None


def grad_pass_through(f):
    """``f``'s value with the identity's gradient."""
    @custom_gradient
    def passed(x):
        return f(x), lambda dy: dy
    return passed


def recompute_grad(f):
    return f


def guarantee_const(input, name=None):  # noqa: A002
    return _tensor(input)


def is_symbolic_tensor(tensor) -> bool:
    return False


def timestamp(name=None):
    return wrap(ivy.asarray(np.float64(time.time())))


def get_current_name_scope():
    return _scope[-1] if _scope else ""


# ---- TensorSpec and TensorArray -----------------------------------------------------------------

class TensorSpec:
    """``tf.TensorSpec``: a shape (dims may be None) and a dtype."""
    __module__ = "tensorflow"

    def __init__(self, shape, dtype=T.BY_NAME["float32"], name=None):
        self.shape = TensorShape(shape)
        self.dtype = T.as_dtype(dtype)
        self.name = name

    @classmethod
    def from_tensor(cls, tensor, name=None):
        return cls(tensor.shape, tensor.dtype, name)

    def is_compatible_with(self, value) -> bool:
        if isinstance(value, TensorSpec):
            shape, dtype = value.shape, value.dtype
        else:
            t = _tensor(value)
            shape, dtype = t.shape, t.dtype
        if dtype != self.dtype:
            return False
        if self.shape.rank is None:
            return True
        return shape.rank == self.shape.rank and all(
            a is None or b is None or a == b for a, b in zip(self.shape, shape))

    def __eq__(self, other):
        return (isinstance(other, TensorSpec) and self.shape == other.shape
                and self.dtype == other.dtype and self.name == other.name)

    def __hash__(self):
        return hash((self.shape, self.dtype, self.name))

    def __repr__(self):
        return f"TensorSpec(shape={self.shape}, dtype={self.dtype!r}, name={self.name!r})"


def type_spec_from_value(value):
    return TensorSpec.from_tensor(_tensor(value))


class TensorArray:
    """``tf.TensorArray`` (eager: a list of tensors of one dtype)."""
    __module__ = "tensorflow"

    def __init__(self, dtype, size=None, dynamic_size=None, clear_after_read=None,
                 tensor_array_name=None, handle=None, flow=None, infer_shape=True,
                 element_shape=None, colocate_with_first_write_call=True, name=None):
        self._dtype = T.as_dtype(dtype)
        n = 0 if size is None else int(_tensor(size).numpy())
        self._items = [None] * n
        self._dynamic = bool(dynamic_size)
        self._element_shape = None if element_shape is None else TensorShape(element_shape)

    dtype = property(lambda self: self._dtype)
    dynamic_size = property(lambda self: self._dynamic)
    element_shape = property(lambda self: self._element_shape or TensorShape(None))

    def size(self, name=None):
        return wrap(ivy.asarray(np.int32(len(self._items))))

    def write(self, index, value, name=None):
        i = int(_tensor(index).numpy())
        v = wrap(convert(value, self._dtype.name if not _is_leaf(value) else None))
        if v.dtype != self._dtype:
            raise invalid_argument(f"TensorArray dtype is {self._dtype.name} but Op is trying "
                                   f"to write dtype {v.dtype.name} ", "TensorListSetItem")
        if i >= len(self._items):
            if not self._dynamic:
                raise OutOfRangeError(None, "TensorListSetItem",
                                      f"Tried to write to index {i} but array is not resizeable "
                                      f"and size is: {len(self._items)} [Op:TensorListSetItem]")
            self._items.extend([None] * (i + 1 - len(self._items)))
        self._items[i] = v
        return self

    def read(self, index, name=None):
        i = int(_tensor(index).numpy())
        if not 0 <= i < len(self._items):
            raise invalid_argument(f"Trying to access element {i} in a list with "
                                   f"{len(self._items)} elements.", "TensorListGetItem")
        item = self._items[i]
        if item is None:
            shape = () if self._element_shape is None else tuple(self._element_shape)
            return wrap(ivy.zeros(shape, dtype=self._dtype.name))
        return item

    def _filled(self):
        shape = next((tuple(t.shape) for t in self._items if t is not None), None)
        if shape is None:
            shape = () if self._element_shape is None else tuple(self._element_shape)
        return [t._data if t is not None else ivy.zeros(shape, dtype=self._dtype.name)
                for t in self._items]

    def stack(self, name=None):
        items = self._filled()
        if not items:
            shape = () if self._element_shape is None else tuple(self._element_shape)
            return wrap(ivy.zeros((0, *shape), dtype=self._dtype.name))
        return wrap(ivy.stack(items))

    def gather(self, indices, name=None):
        return wrap(ivy.stack([self.read(i)._data for i in _tensor(indices).numpy().tolist()]))

    def concat(self, name=None):
        return wrap(ivy.concat(self._filled(), axis=0))

    def unstack(self, value, name=None):
        a = _native(value)
        self._items = [wrap(a[i]) for i in range(a.shape[0])]
        return self

    def scatter(self, indices, value, name=None):
        a = _native(value)
        for k, i in enumerate(_tensor(indices).numpy().tolist()):
            self.write(i, wrap(a[k]))
        return self

    def split(self, value, lengths, name=None):
        a = _native(value)
        start, self._items = 0, []
        for n in _tensor(lengths).numpy().tolist():
            self._items.append(wrap(a[start:start + n]))
            start += n
        return self

    def close(self, name=None):
        return None

    def identity(self):
        return self


# ---- out of scope: the classes exist (isinstance checks work), constructing them raises ---------

def _unsupported(name, what):
    def __init__(self, *args, **kwargs):
        raise NotImplementedError(f"tf.{name}: {what} are not supported by ivy's tensorflow "
                                  f"frontend")
    return type(name, (), {"__init__": __init__, "__module__": "tensorflow"})


SparseTensor = _unsupported("SparseTensor", "sparse tensors")
RaggedTensor = _unsupported("RaggedTensor", "ragged tensors")
Graph = _unsupported("Graph", "graphs (TensorFlow 1 graph mode)")
IndexedSlices = _unsupported("IndexedSlices", "indexed slices (gradients are dense)")


# ---- tf.config ----------------------------------------------------------------------------------

PhysicalDevice = namedtuple("PhysicalDevice", ["name", "device_type"])
LogicalDevice = namedtuple("LogicalDevice", ["name", "device_type"])
_CPU = PhysicalDevice("/physical_device:CPU:0", "CPU")
_RUN_EAGERLY = [False]


def list_physical_devices(device_type=None):
    return [_CPU] if device_type in (None, "CPU") else []


def list_logical_devices(device_type=None):
    return ([LogicalDevice("/device:CPU:0", "CPU")] if device_type in (None, "CPU") else [])


def get_visible_devices(device_type=None):
    return list_physical_devices(device_type)


def set_visible_devices(devices, device_type=None):
    return None


def run_functions_eagerly(run_eagerly):
    _RUN_EAGERLY[0] = bool(run_eagerly)


def functions_run_eagerly():
    return _RUN_EAGERLY[0]


def set_soft_device_placement(enabled):
    return None


def _set_memory_growth(device, enable):
    return None


_experimental = types.SimpleNamespace(set_memory_growth=_set_memory_growth,
                                      get_memory_growth=lambda device: False,
                                      list_physical_devices=list_physical_devices)

EXPORTS = {
    "tf": {name: globals()[name] for name in (
        "function", "executing_eagerly", "inside_function", "cond", "case", "switch_case",
        "while_loop", "map_fn", "vectorized_map", "scan", "foldl", "foldr", "Assert",
        "assert_equal", "assert_greater", "assert_less", "assert_rank",
        "get_static_value", "py_function", "numpy_function", "no_op", "group",
        "control_dependencies", "device", "init_scope", "get_logger", "gradients", "hessians",
        "no_gradient", "grad_pass_through", "recompute_grad", "guarantee_const",
        "is_symbolic_tensor", "timestamp", "get_current_name_scope", "TensorSpec",
        "type_spec_from_value", "TensorArray", "SparseTensor", "RaggedTensor", "Graph",
        "IndexedSlices")} | {"print": print_, "tuple": tuple_},
    "config": {"list_physical_devices": list_physical_devices,
               "list_logical_devices": list_logical_devices,
               "get_visible_devices": get_visible_devices,
               "set_visible_devices": set_visible_devices,
               "run_functions_eagerly": run_functions_eagerly,
               "functions_run_eagerly": functions_run_eagerly,
               "set_soft_device_placement": set_soft_device_placement,
               "experimental": _experimental},
}
