"""Rows (``Case``), the checker (``check``) and the pytest generator (``make_tests``).

For each drawn example the checker converts the drawn arguments for the real framework and calls
the real function, then, with ``ivy.using_backend(backend)``, converts them for the frontend and
calls ``ivy.frontends.<fw>.<same path>``. It then compares:
  - results: structure, dtype and shape exactly, values within dtype-aware tolerances (NaNs equal);
  - every array argument after the call (in-place methods, ``out=``, accidental mutation);
  - exceptions: when the real call raises, the frontend must raise an instance of the same type, or
    of a class with the same name (a frontend's own ``LinAlgError`` / ``InvalidArgumentError``),
    except for builtin exception types, which must match by ``isinstance``.
"""
from __future__ import annotations

import dataclasses
import importlib
import inspect
import sys
import warnings
from typing import Any, Callable

import hypothesis
import numpy as np
import pytest
from hypothesis import strategies as st

import ivy

from . import adapters as _adapters
from . import strategies
from .compare import canonical, mismatches
from .gradient_gaps import SECOND_ORDER_GAP, gradient_gap, gradient_region
from .strategies import OMIT, ArrayArg, DtypeArg, KeyArg

# Short framework names accepted at the start of a row's name.
ALIASES = {"tf": ("tensorflow",), "np": ("numpy",), "jnp": ("jax", "numpy")}
KINDS = ("auto", "function", "method", "attribute")


@dataclasses.dataclass(eq=False)
class Case:
    """One conformance row: a real function, strategies for its arguments, and how to compare.

    name          real qualified name: "torch.add", "tf.math.add", "jax.numpy.take",
                  "torch.Tensor.sum" (a method: called on the first argument)
    args          tuple of strategies/plain values, or one strategy drawing the whole tuple
    kwargs        dict of strategies/plain values (``optional(...)`` may leave one out), or a
                  strategy drawing the dict
    inputs        a strategy drawing ``(args, kwargs)`` together (overrides args/kwargs)
    rtol, atol    number or {dtype: number}: overrides ``compare.DEFAULT_TOLERANCE``
    kind          "auto" (a class attribute is a method, a descriptor an attribute), or explicit
    xfail         known gap: a reason (every backend) or {backend: reason}; a reason may be a
                  (reason, expected) pair naming the failure: an exception type the frontend
                  raises (``("no negative dims", IndexError)``) or a text of the checker's message
                  (``"dtype differs"``, ``"values differ"``); another failure then fails the test.
                  Strict — a listed gap that passes fails the test, so the list stays true
    match_errors  True: when the real call raises, the frontend must raise the same type;
                  False: such examples are discarded (real-framework limits not worth mirroring)
    seed          True: both sides are seeded with one drawn integer before the call
    values        False: compare structure, dtypes and shapes only (random functions)
    transform     applied to both canonical results before comparing (e.g. eigenvector signs)
    settings      Hypothesis settings for this row, e.g. {"max_examples": 5}
    id            test id (default: name)
    grads         True: on the backends in ``GRADIENT_BACKENDS`` of the row's framework, also
                  compare the gradients of the float inputs with the real framework's autodiff
                  (``check_gradients``: torch.autograd, jax.grad, tf.GradientTape); False: do not (a
                  non-differentiable row); a string: a known gradient gap, strict like ``xfail``
    grad_order    1: first derivatives; 2: also second (grad of grad). None: 2 for the rows of
                  ``SECOND_ORDER_MODULES`` (elementwise, reductions), else 1
    """
    name: str
    args: Any = ()
    kwargs: Any = dataclasses.field(default_factory=dict)
    inputs: Any = None
    rtol: Any = None
    atol: Any = None
    kind: str = "auto"
    xfail: Any = None
    match_errors: bool = True
    seed: bool = False
    values: bool = True
    transform: Callable | None = None
    settings: dict | None = None
    id: str | None = None
    grads: Any = True
    grad_order: int | None = None

    def __post_init__(self):
        head, *rest = self.name.split(".")
        if not rest:
            raise ValueError(f"Case({self.name!r}): name a function inside a framework")
        prefix = ALIASES.get(head, (head,))
        self.framework, self.path = prefix[0], tuple(prefix[1:]) + tuple(rest)
        if self.framework not in _adapters.FRAMEWORKS:
            raise ValueError(f"Case({self.name!r}): unknown framework {head!r}")
        if self.kind not in KINDS:
            raise ValueError(f"Case({self.name!r}): kind must be one of {KINDS}")
        if self.id is None:
            self.id = self.name

    def xfail_spec(self, backend: str):
        """(reason, expected failure or None) for ``backend``; (None, None) when not listed."""
        spec = self.xfail.get(backend) if isinstance(self.xfail, dict) else self.xfail
        if isinstance(spec, tuple):
            return spec
        return spec, None

    def xfail_reason(self, backend: str) -> str | None:
        return self.xfail_spec(backend)[0]

    def strategy(self) -> st.SearchStrategy:
        """Draws one example: (args, kwargs, seed)."""
        if self.inputs is not None:
            inputs = self.inputs
        else:
            inputs = st.tuples(_tuple_strategy(self.args), _dict_strategy(self.kwargs))
        seed = st.integers(0, 2**31 - 1) if self.seed else st.none()
        return st.tuples(inputs, seed).map(lambda e: (tuple(e[0][0]), _drop_omitted(e[0][1]), e[1]))


def _strategy(value):
    return value if isinstance(value, st.SearchStrategy) else st.just(value)


def _tuple_strategy(args):
    return args if isinstance(args, st.SearchStrategy) else st.tuples(*map(_strategy, args))


def _dict_strategy(kwargs):
    if isinstance(kwargs, st.SearchStrategy):
        return kwargs
    return st.fixed_dictionaries({k: _strategy(v) for k, v in kwargs.items()})


def _drop_omitted(kwargs):
    return {k: v for k, v in kwargs.items() if v is not OMIT}


# ---- resolution ------------------------------------------------------------------------------

def _walk(obj, path):
    """getattr along ``path``, importing submodules that are not attributes yet; None if missing."""
    for part in path:
        nxt = getattr(obj, part, None)
        if nxt is None and inspect.ismodule(obj):
            try:
                nxt = importlib.import_module(f"{obj.__name__}.{part}")
            except ModuleNotFoundError as e:
                if e.name is None or not f"{obj.__name__}.{part}".startswith(e.name):
                    raise
        if nxt is None:
            return None
        obj = nxt
    return obj


@dataclasses.dataclass
class Target:
    """A row resolved against one frontend: what to call on each side, and how."""
    case: Case
    frontend: _adapters.Frontend
    kind: str
    real: Any        # the function, or the class attribute for methods/attributes
    front: Any
    attr: str


def resolve(case: Case, frontend: _adapters.Frontend | None = None) -> Target:
    """Finds the real function and the frontend's; AssertionError when the frontend's is missing."""
    __tracebackhide__ = True
    frontend = frontend or _adapters.FRONTENDS[case.framework]
    if not _adapters.installed(case.framework):
        pytest.skip(f"{case.framework} is not installed")
    real_root = importlib.import_module(case.framework)
    real_parent = _walk(real_root, case.path[:-1])
    attr = case.path[-1]
    real = getattr(real_parent, attr, None) if real_parent is not None else None
    if real is None:
        raise LookupError(f"Case {case.id!r}: the real {case.name} does not exist")
    kind = case.kind
    if kind == "auto":
        kind = "function"
        if isinstance(real_parent, type):
            kind = "attribute" if inspect.isdatadescriptor(real) else "method"
    front_name = ".".join((frontend.label,) + case.path)
    root = frontend.root()
    front = _walk(root, case.path) if root is not None else None
    if front is None:
        raise AssertionError(f"{front_name} does not exist")
    if kind == "function" and not callable(front):
        raise AssertionError(f"{front_name} is not callable ({type(front).__name__})")
    return Target(case, frontend, kind, real, front, attr)


# ---- one example -----------------------------------------------------------------------------

def _convert(value, adapter, label, arrays):
    """This side's version of a drawn argument; records converted arrays in ``arrays``."""
    if isinstance(value, ArrayArg):
        out = adapter.from_numpy(value.value.copy())
        arrays.append((label, out))
        return out
    if isinstance(value, DtypeArg):
        return adapter.dtype_from_name(value.name)
    if isinstance(value, KeyArg):
        return adapter.key(value.seed)
    if isinstance(value, np.ndarray):
        return value.copy()
    if type(value) in (list, tuple):
        return type(value)(_convert(v, adapter, f"{label}[{i}]", arrays)
                           for i, v in enumerate(value))
    if type(value) is dict:
        return {k: _convert(v, adapter, f"{label}[{k!r}]", arrays) for k, v in value.items()}
    return value


@dataclasses.dataclass
class Outcome:
    out: Any = None                  # canonical result tree
    error: BaseException | None = None
    inputs: list = dataclasses.field(default_factory=list)   # (label, canonical array) after the call


def _call(target: Target, adapter, fn, args, kwargs, seed, check_dtype_attr) -> Outcome:
    arrays = []
    cargs = [_convert(a, adapter, f"args[{i}]", arrays) for i, a in enumerate(args)]
    ckwargs = {k: _convert(v, adapter, f"kwargs[{k!r}]", arrays) for k, v in kwargs.items()}
    if seed is not None:
        adapter.seed(seed)
    outcome = Outcome()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)   # overflow/invalid: values are compared
            if target.kind == "function":
                result = fn(*cargs, **ckwargs)
            elif target.kind == "method":
                result = getattr(cargs[0], target.attr)(*cargs[1:], **ckwargs)
            else:
                result = getattr(cargs[0], target.attr)
    except Exception as e:  # noqa: BLE001 - the exception *is* the result being compared
        outcome.error = e
        return outcome
    outcome.out = canonical(adapter, result, check_dtype_attr)
    outcome.inputs = [(label, canonical(adapter, a)) for label, a in arrays]
    return outcome


def _same_error(real: BaseException, front: BaseException) -> bool:
    cls = type(real)
    if isinstance(front, cls):
        return True
    if cls.__module__ == "builtins":
        return False
    name = cls.__name__.lstrip("_")   # torch.linalg.LinAlgError is named _LinAlgError
    return any(c.__name__.lstrip("_") == name for c in type(front).__mro__)


def _brief(e: BaseException) -> str:
    text = str(e).strip().splitlines()
    return f"{type(e).__module__}.{type(e).__qualname__}: {text[0][:200] if text else ''}"


def run_example(target: Target, backend: str, example) -> None:
    """Runs one drawn example on the real framework and on the frontend over ``backend``; asserts."""
    __tracebackhide__ = True
    case = target.case
    args, kwargs, seed = example
    if target.kind != "function" and not (args and isinstance(args[0], ArrayArg)):
        raise TypeError(f"Case {case.id!r}: a {target.kind} row needs an array first argument")
    if target.kind == "attribute" and (args[1:] or kwargs):
        raise TypeError(f"Case {case.id!r}: an attribute row takes only the array")
    real_adapter = _adapters.REAL[case.framework]
    front_adapter = target.frontend.adapter
    with real_adapter.scope():
        real = _call(target, real_adapter, target.real, args, kwargs, seed, False)
    check_attr = getattr(front_adapter, "has_canonical_dtype", lambda: True)()
    with ivy.using_backend(backend), front_adapter.scope():
        front = _call(target, front_adapter, target.front, args, kwargs, seed, check_attr)

    where = f"{case.id} on the {backend} backend"
    if real.error is not None:
        if not case.match_errors:
            hypothesis.reject()
        if front.error is None:
            raise AssertionError(f"{where}: the real call raised {_brief(real.error)}, but the "
                                 f"frontend returned {front.out!r}")
        if not _same_error(real.error, front.error):
            raise AssertionError(f"{where}: exception type differs: real raised "
                                 f"{_brief(real.error)}; frontend raised {_brief(front.error)}"
                                 ) from front.error
        return
    if front.error is not None:
        raise AssertionError(f"{where}: the real call succeeded, but the frontend raised "
                             f"{_brief(front.error)}") from front.error
    real_out, front_out = real.out, front.out
    if case.transform is not None:
        real_out, front_out = case.transform(real_out), case.transform(front_out)
    found = mismatches(real_out, front_out, "out", case.rtol, case.atol, case.values)
    for (label, r), (_, f) in zip(real.inputs, front.inputs):
        found += mismatches(r, f, f"{label} after the call", case.rtol, case.atol, case.values)
    if found:
        raise AssertionError(f"{where}:\n  " + "\n  ".join(found))



# ---- gradients -------------------------------------------------------------------------------
# The torch frontend's autograd on the backends where it is the core's recording tape (torch's own
# autograd records the torch backend natively): a frontend function that computes with a native
# operation outside the core would silently drop its gradient there. Each row gets examples drawn
# for the purpose (``strategies.gradient_inputs``: float dtypes where the row allows them), not the
# values check's, so a row whose values examples are bool or int is differentiated too.
# The backends where each frontend's autodiff is not the framework's own (the torch backend records
# torch rows natively; jax.grad on the jax backend and GradientTape on the tensorflow backend are
# real JAX's and TensorFlow's); the numpy backend has no autodiff yet, nor NumPy (its rows: none).
GRADIENT_BACKENDS = {"torch": ("jax", "tensorflow"), "jax": ("torch", "tensorflow"),
                     "tensorflow": ("torch", "jax")}
_GRAD_DTYPES = strategies.GRADIENT_DTYPES
# Gradient examples per row in the fast profile (jax compiles each new shape per primitive: fewer);
# a deeper profile draws a quarter of its max_examples.
GRADIENT_EXAMPLES = {"jax": 1, "tensorflow": 2}
# Rows of these torch test modules (the elementwise and reduction families) also get their second
# derivatives compared (grad of grad, ``create_graph=True``); ``Case.grad_order`` overrides.
SECOND_ORDER_MODULES = ("test_pointwise", "test_reductions", "test_special")
# Drawn examples torch cannot differentiate (no float input, the real call raises) before a row is
# taken as non-differentiable.
_GIVE_UP_AFTER = 8
_GRAD_TOL = {"float32": 1e-3, "float64": 1e-8}


def _array_leaves(x, adapter):
    if adapter.is_array(x):
        return [x]
    if isinstance(x, (list, tuple)):
        return [leaf for item in x for leaf in _array_leaves(item, adapter)]
    return []


def _weights(arrays, seed, adapter):
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(tuple(a.shape)).astype(adapter.canonical_dtype(a.dtype))
            if a is not None and a.requires_grad and a.numel() else None for a in arrays]


def _weighted_sum(arrays, weights, adapter, what):
    loss = 0
    for i, (a, w) in enumerate(zip(arrays, weights)):
        if w is None:
            continue
        if a is None or not a.requires_grad:
            raise AssertionError(f"{what} {i} does not require grad: its gradient is dropped")
        loss = loss + (a * adapter.from_numpy(w)).sum()
    return loss


def _gradient_side(target, adapter, module, fn, example, order, weights=None):
    """One side's ([first-order grads], [second-order grads] or None, weights), numpy arrays or
    None per float input; None (real side only) when there is nothing to differentiate."""
    args, kwargs, seed = example
    arrays = []
    cargs = [_convert(a, adapter, f"args[{i}]", arrays) for i, a in enumerate(args)]
    ckwargs = {k: _convert(v, adapter, f"kwargs[{k!r}]", arrays) for k, v in kwargs.items()}
    leaves = [a for _, a in arrays if adapter.canonical_dtype(a.dtype) in _GRAD_DTYPES]
    if not leaves:
        return None
    for leaf in leaves:
        leaf.requires_grad_(True)
    outs = _float_outputs(target, adapter, fn, cargs, ckwargs, seed)
    real = weights is None
    if real:      # the outputs torch differentiates, and their weights
        weights = [_weights(outs, 0, adapter), None]
        if not any(w is not None for w in weights[0]):
            return None
    if len(outs) != len(weights[0]):
        raise AssertionError(f"{len(outs)} float outputs, real torch has {len(weights[0])}")
    loss = _weighted_sum(outs, weights[0], adapter, "output")
    grads = module.autograd.grad(loss, leaves, allow_unused=True, create_graph=order > 1)
    second = None
    if order > 1:
        if real:   # a first derivative that does not require grad is constant: nothing to compare
            weights[1] = _weights(grads, 1, adapter)
        if any(w is not None for w in weights[1]):
            loss2 = _weighted_sum(grads, weights[1], adapter, "first-order gradient of input")
            second = [None if g is None else adapter.to_numpy(g.detach())
                      for g in module.autograd.grad(loss2, leaves, allow_unused=True)]
    first = [None if g is None else adapter.to_numpy(g.detach()) for g in grads]
    return first, second, weights


def _float_outputs(target, adapter, fn, args, kwargs, seed):
    """The row's call on converted arguments; its float outputs, flattened."""
    if seed is not None:
        adapter.seed(seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if target.kind == "function":
            result = fn(*args, **kwargs)
        elif target.kind == "method":
            result = getattr(args[0], target.attr)(*args[1:], **kwargs)
        else:
            result = getattr(args[0], target.attr)
    return [o for o in _array_leaves(result, adapter)
            if adapter.canonical_dtype(o.dtype) in _GRAD_DTYPES]


def _swap(value, new):
    """``value`` (converted arguments) with the arrays whose ids ``new`` maps replaced."""
    if id(value) in new:
        return new[id(value)]
    if type(value) in (list, tuple):
        return type(value)(_swap(v, new) for v in value)
    if type(value) is dict:
        return {k: _swap(v, new) for k, v in value.items()}
    return value


def _functional_gradient_side(target, adapter, module, fn, example, weights=None):
    """``_gradient_side`` for jax and tensorflow rows, first order: ``jax.grad`` of, or a
    ``GradientTape`` over, the weighted sum of the float outputs w.r.t. the float inputs."""
    args, kwargs, seed = example
    arrays = []
    cargs = [_convert(a, adapter, f"args[{i}]", arrays) for i, a in enumerate(args)]
    ckwargs = {k: _convert(v, adapter, f"kwargs[{k!r}]", arrays) for k, v in kwargs.items()}
    leaves = [a for _, a in arrays if adapter.canonical_dtype(a.dtype) in _GRAD_DTYPES]
    if not leaves:
        return None

    def outputs(*values):
        new = {id(leaf): v for leaf, v in zip(leaves, values)}
        return _float_outputs(target, adapter, fn, _swap(cargs, new), _swap(ckwargs, new), seed)

    real = weights is None
    if real:
        rng = np.random.default_rng(0)
        weights = [[rng.standard_normal(tuple(o.shape)).astype(adapter.canonical_dtype(o.dtype))
                    if int(np.prod(o.shape)) else None for o in outputs(*leaves)], None]
        if not any(w is not None for w in weights[0]):
            return None

    def loss(outs):
        if len(outs) != len(weights[0]):
            raise AssertionError(f"{len(outs)} float outputs, the real one has {len(weights[0])}")
        total = 0
        for o, w in zip(outs, weights[0]):
            if w is not None:
                total = total + _sum(module, o * adapter.from_numpy(w))
        return total

    if target.case.framework == "jax":
        grads = module.grad(lambda *values: loss(outputs(*values)),
                            argnums=tuple(range(len(leaves))))(*leaves)
    else:
        with module.GradientTape() as tape:
            for leaf in leaves:
                tape.watch(leaf)
            total = loss(outputs(*leaves))
        grads = tape.gradient(total, leaves)
    return [None if g is None else adapter.to_numpy(g) for g in grads], None, weights


def _sum(module, x):
    return x.sum() if hasattr(x, "sum") else module.reduce_sum(x)


def _coarsest_tolerance(weights):
    """The gradient tolerance of the least precise float output: a float64 input's gradient
    through a float32 result (``dtype=torch.float32``) is float32-rounded on both sides."""
    return max((_GRAD_TOL.get(w.dtype.name, 1e-3) for w in weights[0] if w is not None), default=0)


def _row_rtol(case, weights):
    """A row's own (wider) value tolerance for its float outputs' dtypes holds for gradients too."""
    if case.rtol is None:
        return 0
    names = {w.dtype.name for w in weights[0] if w is not None}
    if isinstance(case.rtol, dict):
        return max((case.rtol.get(n, 0) for n in names), default=0)
    return case.rtol


def _compare_gradients(got, expected, where, floor=0):
    for i, (g, e) in enumerate(zip(got, expected)):
        if e is None or g is None:
            other = g if e is None else e
            if other is not None and np.any(other != 0):
                raise AssertionError(f"{where}: input {i}: {'no' if g is None else 'a'} gradient, "
                                     f"the real one has {'one' if g is None else 'none'}")
            continue
        tol = max(_GRAD_TOL.get(e.dtype.name, 1e-3), floor)
        # At a singularity (a pole, 0 * inf) torch's gradient is +-inf or NaN by the order of its
        # operations, the backend's by its own: one non-finite value matches another, NaN
        # included, but a finite one must match exactly (torch's 0 at atan2(0, 0) is not NaN).
        singular = ~np.isfinite(e) & ~np.isfinite(g) & (np.isnan(e) | np.isnan(g))
        np.testing.assert_allclose(np.where(singular, 0, g), np.where(singular, 0, e), rtol=tol,
                                   atol=tol, equal_nan=True, err_msg=f"{where}: input {i}")


def check_gradients(target: Target, backend: str, example, order: int = 1) -> bool:
    """The gradients of a weighted sum of the float outputs w.r.t. every float input equal real
    torch's (an input torch leaves unused may get zeros); with ``order`` 2, also the gradients of a
    weighted sum of those gradients. False when torch cannot differentiate this example (nothing
    compared); AssertionError on a mismatch, a detached output or a dropped gradient."""
    __tracebackhide__ = True
    framework = target.case.framework
    side = _gradient_side if framework == "torch" else _functional_gradient_side
    order = order if framework == "torch" else 1
    real_module = importlib.import_module(framework)
    real_adapter = _adapters.REAL[framework]
    try:
        with real_adapter.scope():
            real = side(target, real_adapter, real_module, target.real, example, *(
                (order,) if framework == "torch" else ()))
    except Exception:  # noqa: BLE001 - torch cannot differentiate this call: nothing to compare
        return False
    if real is None:
        return False
    expected, expected2, weights = real
    where = f"{target.case.id} on the {backend} backend, gradients"
    with ivy.using_backend(backend), target.frontend.adapter.scope():
        try:
            got, got2, _ = side(target, target.frontend.adapter, target.frontend.root(),
                                target.front, example, *((order,) if framework == "torch" else ()),
                                weights)
        except Exception as e:
            raise AssertionError(f"{where}: {_brief(e)}") from e
    floor = max(_coarsest_tolerance(weights), _row_rtol(target.case, weights))
    _compare_gradients(got, expected, where, floor)
    if expected2 is not None:
        _compare_gradients(got2, expected2, f"{where}, second order", floor)
    return True


def gradient_order(case: Case, backend: str) -> int:
    """0 when the row's gradients are not checked on ``backend``, else the derivative order."""
    if not case.values or backend not in GRADIENT_BACKENDS.get(case.framework, ()) or \
            case.grads is False:
        return 0
    return (case.grad_order or 1) if case.framework == "torch" else 1


def check_gradient_examples(target: Target, backend: str, order: int,
                            settings: dict | None = None) -> int:
    """``check_gradients`` over examples drawn for it; returns how many were compared."""
    __tracebackhide__ = True
    case = target.case
    state = {"checked": 0, "skipped": 0}
    region = gradient_region(case.id, backend)

    def gradient_example(example):
        if state["checked"] == 0 and state["skipped"] >= _GIVE_UP_AFTER:
            return   # not differentiable by torch: let Hypothesis finish without more work
        if region is not None and region.holds(*example[:2]):
            state["skipped"] += 1
            hypothesis.reject()   # a listed gap's input region (gradient_gaps.Region)
        state["checked"] += 1     # (before the check: Hypothesis replays a failing example)
        if not check_gradients(target, backend, example, order):
            state["checked"] -= 1
            state["skipped"] += 1
            hypothesis.reject()
    gradient_example._hypothesis_internal_add_digest = f"{case.id}@{backend}@grad".encode()
    profile = hypothesis.settings()
    # jax and tensorflow rows: one example (real JAX differentiates each new shape afresh)
    n = GRADIENT_EXAMPLES.get(backend, 3) if case.framework == "torch" else 1
    if profile.max_examples > _CI_EXAMPLES:
        n = max(n, profile.max_examples // 4)
    test = hypothesis.settings(**{"max_examples": n, **_NO_SHRINK, **(settings or {})})(
        hypothesis.given(case.strategy())(gradient_example))
    with strategies.gradient_inputs():
        try:
            test()
        except hypothesis.errors.Unsatisfiable:
            pass
    return state["checked"]


# ---- Hypothesis and pytest -------------------------------------------------------------------

# In the fast default profile, at most this many examples per row on these backends.
FAST_PROFILE_EXAMPLES = {"jax": 6}
# A profile drawing more than this per test is a deep one: a row's ``max_examples`` (a cap for the
# fast profile, where a row's examples are slow) does not limit it.
_CI_EXAMPLES = 12


def _row_settings(case: Case, backend: str, settings: dict | None) -> dict:
    overrides = dict(case.settings or {})
    profile = hypothesis.settings().max_examples
    if profile > _CI_EXAMPLES:
        overrides.pop("max_examples", None)
    else:
        fast = FAST_PROFILE_EXAMPLES.get(backend)
        if fast is not None:
            # jax compiles each new (shape, dtype) per primitive: the fast profile draws fewer there
            overrides["max_examples"] = min(overrides.get("max_examples", fast), fast)
    overrides.update(settings or {})
    return overrides


def check(case: Case, backend: str, *, frontend: _adapters.Frontend | None = None,
          settings: dict | None = None, gradients: bool = True) -> None:
    """Checks one row on one backend over Hypothesis-drawn examples, then its gradients
    (``check_gradient_examples``) where ``gradient_order`` says so; AssertionError on mismatch."""
    __tracebackhide__ = True
    target = resolve(case, frontend)

    def conformance_example(example):
        run_example(target, backend, example)
    # Distinct rows share this function's source: give each its own Hypothesis database key.
    conformance_example._hypothesis_internal_add_digest = f"{case.id}@{backend}".encode()
    test = hypothesis.given(case.strategy())(conformance_example)
    overrides = _row_settings(case, backend, settings)
    if overrides:
        test = hypothesis.settings(**overrides)(test)
    test()
    order = gradient_order(case, backend) if gradients else 0
    if not order:
        return
    known = case.grads if isinstance(case.grads, str) else gradient_gap(case.id, backend)
    if known and order > 1 and known.startswith(SECOND_ORDER_GAP):
        check_gradient_examples(target, backend, 1)   # the gap is in the second derivatives only
    try:
        checked = check_gradient_examples(target, backend, order)
    except (AssertionError, BaseExceptionGroup) as e:   # a group: several distinct failures
        if known:
            pytest.xfail(f"{known} [{_brief(e)}]")
        raise
    if known and hypothesis.settings().derandomize:   # strict where the examples are fixed
        pytest.fail(f"{case.id} on the {backend} backend lists a gradient gap ({known}) but its "
                    f"gradients match on {checked} drawn examples: remove it", pytrace=False)


def check_gradient_example(case: Case, backend: str, args=(), kwargs=None, *, seed=None,
                           order: int = 1, frontend: _adapters.Frontend | None = None) -> bool:
    """``check_gradients`` on one given example (no Hypothesis); False if torch cannot
    differentiate it."""
    return check_gradients(resolve(case, frontend), backend,
                           (tuple(args), dict(kwargs or {}), seed), order)


def check_example(case: Case, backend: str, args=(), kwargs=None, *, seed=None,
                  frontend: _adapters.Frontend | None = None) -> None:
    """Checks one given example (no Hypothesis): ``args``/``kwargs`` hold markers and plain values."""
    run_example(resolve(case, frontend), backend, (tuple(args), dict(kwargs or {}), seed))


_NO_SHRINK = {"phases": (hypothesis.Phase.explicit, hypothesis.Phase.reuse,
                         hypothesis.Phase.generate)}


def run_row(case: Case, backend: str, frontend: _adapters.Frontend | None = None) -> None:
    """A row as a test: ``check``, or for a listed gap a strict xfail (a gap that passes fails)."""
    __tracebackhide__ = True
    reason, expected = case.xfail_spec(backend)
    if reason is None:
        check(case, backend, frontend=frontend)
        return
    try:
        check(case, backend, frontend=frontend, settings=_NO_SHRINK, gradients=False)
    except (hypothesis.errors.InvalidArgument, hypothesis.errors.Unsatisfiable):
        raise   # a broken row is not a known gap
    except Exception as e:  # noqa: BLE001 - the listed gap, if it is the failure it names
        if not _is_listed_failure(e, expected):
            raise AssertionError(f"{case.id} on the {backend} backend is listed as a known gap "
                                 f"({reason}) expecting {_expected_text(expected)}, but failed "
                                 f"otherwise: {_brief(e)}") from e
        pytest.xfail(f"{reason} [{_brief(e)}]")
    pytest.fail(f"{case.id} on the {backend} backend is listed as a known gap ({reason}) but "
                f"passes: remove the xfail", pytrace=False)


def _failures(e: BaseException):
    if isinstance(e, BaseExceptionGroup):   # Hypothesis reports distinct failures as a group
        return [f for sub in e.exceptions for f in _failures(sub)]
    return [e]


def _is_listed_failure(e: BaseException, expected) -> bool:
    """Whether every failure in ``e`` is the one an xfail names: an exception type the frontend
    raised (directly, or as the cause of the checker's AssertionError), or a text in the message
    (``"values differ"``, ``"dtype differs"``, ``"exception type differs"``...). None: any."""
    if expected is None:
        return True
    for f in _failures(e):
        if isinstance(expected, str):
            if expected not in str(f):
                return False
        elif not (isinstance(f, expected) and not isinstance(f, AssertionError)
                  or isinstance(f.__cause__, expected)):
            return False
    return True


def _expected_text(expected) -> str:
    if isinstance(expected, str):
        return repr(expected)
    types = expected if isinstance(expected, tuple) else (expected,)
    return " or ".join(t.__name__ for t in types)


def make_tests(cases, *, frontends: dict | None = None):
    """A pytest test function: one test per row x selected backend (``--backend``).

        test_math = make_tests([Case("torch.add", ...), ...])

    ``frontends`` ({framework: Frontend}) replaces where a framework's frontend is looked up.
    """
    cases = list(cases)
    module = sys._getframe(1).f_globals.get("__name__", "").rsplit(".", 1)[-1]
    seen: dict[str, int] = {}
    for c in cases:
        if c.grad_order is None and module in SECOND_ORDER_MODULES:
            c.grad_order = 2
        n = seen[c.id] = seen.get(c.id, 0) + 1
        if n > 1:
            c.id = f"{c.id}-{n}"
    overrides = dict(frontends or {})

    @pytest.mark.parametrize("case", cases, ids=[c.id for c in cases])
    def test_conformance(case, backend):
        __tracebackhide__ = True   # failures point at the row, not the helper
        run_row(case, backend, overrides.get(case.framework))
    return test_conformance
