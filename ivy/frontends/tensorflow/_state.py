"""``tf.Variable``, ``tf.Module`` and ``tf.name_scope``: a variable holds one native array that
``assign*`` replace; read as a tensor argument (any frontend function accepts it) it is its value,
watched by the active GradientTapes when trainable."""
from __future__ import annotations

import enum
import functools
import re

import numpy as np

import ivy

from .._shared import native_name
from . import _autodiff
from . import _dtypes as T
from . import _printing
from ._tensor import Readable, Tensor, TensorShape, convert, wrap

_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"


class VariableSynchronization(enum.Enum):
    AUTO = 0
    NONE = 1
    ON_WRITE = 2
    ON_READ = 3


class VariableAggregation(enum.Enum):
    NONE = 0
    SUM = 1
    MEAN = 2
    ONLY_FIRST_REPLICA = 3


VariableSynchronization.__module__ = VariableAggregation.__module__ = "tensorflow"
VariableAggregation.__qualname__ = VariableAggregation.__name__ = "VariableAggregationV2"

# ---- name scopes --------------------------------------------------------------------------------
_scope: list[str] = []


class name_scope:  # noqa: N801 - TensorFlow's name
    """``tf.name_scope``: prefixes the names of variables created inside it."""
    __module__ = "tensorflow"

    def __init__(self, name):
        self._name = name

    @property
    def name(self):
        return self._name

    def __enter__(self):
        name = self._name
        if name.endswith("/"):              # an absolute scope (a Module's name_scope)
            _scope.append(name[:-1])
            return name
        _scope.append("/".join([*_scope[-1:], name]) if name else "")
        return _scope[-1] + "/" if _scope[-1] else ""

    def __exit__(self, *exc):
        _scope.pop()
        return False


def _frontend(name: str):
    """``tf.<name>`` (read at call time: the package imports this module)."""
    import ivy.frontends.tensorflow as tf
    return getattr(tf, name)


def _scoped(name: str) -> str:
    return f"{_scope[-1]}/{name}" if _scope and _scope[-1] else name


# ---- Variable -----------------------------------------------------------------------------------

class Variable(Readable):
    """``tf.Variable`` (a resource variable in eager mode): ``_value`` is the native array."""
    __slots__ = ("_value", "_trainable", "_name", "_constraint", "_synchronization",
                 "_aggregation", "__weakref__")
    __module__ = "tensorflow"
    __array_priority__ = 100

    def __init__(self, initial_value=None, trainable=None, validate_shape=True,
                 caching_device=None, name=None, variable_def=None, dtype=None,
                 import_scope=None, constraint=None,
                 synchronization=VariableSynchronization.AUTO,
                 aggregation=VariableAggregation.NONE, shape=None,
                 experimental_enable_variable_lifting=True):
        if initial_value is None:
            raise ValueError("The `initial_value` arg to `tf.Variable` must be specified except "
                             "when you are not providing a `variable_def`. You provided neither.")
        if variable_def is not None:
            raise NotImplementedError("tf.Variable: variable_def (graph protos) is not supported "
                                      "by ivy's tensorflow frontend")
        if callable(initial_value):
            initial_value = initial_value()
        value = convert(initial_value, dtype, "Variable", strict_tensor=False)
        if native_name(value) in ("bfloat16", "float16", "float32", "float64", "complex64",
                                  "complex128") and _autodiff.requires_grad(value):
            value = ivy.autograd.stop(value)     # a variable starts a new graph
        if shape is not None and TensorShape(shape) != TensorShape(value.shape) and \
                TensorShape(shape).is_fully_defined():
            raise ValueError(f"Shape mismatch. The variable shape {TensorShape(shape)}, and the "
                             f"assigned value shape {TensorShape(value.shape)} are incompatible.")
        if trainable is None:
            trainable = synchronization is not VariableSynchronization.ON_READ
        self._value = value
        self._trainable = bool(trainable)
        self._name = _scoped("Variable" if name is None else str(name)) + ":0"
        self._constraint = constraint
        self._synchronization = synchronization
        self._aggregation = aggregation

    def _read(self):
        if _autodiff.TAPES and self._trainable:
            return _autodiff.read_variable(self)
        return self._value

    # ---- attributes
    name = property(lambda self: self._name)
    trainable = property(lambda self: self._trainable)
    constraint = property(lambda self: self._constraint)
    synchronization = property(lambda self: self._synchronization)
    aggregation = property(lambda self: self._aggregation)
    device = property(lambda self: _DEVICE)
    dtype = property(lambda self: T.BY_NAME[native_name(self._value)])
    shape = property(lambda self: TensorShape(tuple(self._value.shape)))

    @property
    def ndim(self):
        return len(self._value.shape)

    def get_shape(self):
        return self.shape

    @property
    def initializer(self):
        """None in eager mode (the initial value was assigned at construction)."""
        return None

    def is_initialized(self, name=None):
        return wrap(ivy.asarray(True))

    def set_shape(self, shape):
        wrap(self._value).set_shape(shape)

    def sparse_read(self, indices, name=None):
        return _frontend("gather")(self, indices)

    def numpy(self):
        a = np.asarray(ivy.to_numpy(self._value))
        return a[()] if not a.ndim else a

    def read_value(self):
        return wrap(self._read())

    value = read_value

    # a tensor's, on numpy() and identity
    __array__, ref, experimental_ref = Tensor.__array__, Tensor.ref, Tensor.experimental_ref

    def __hash__(self):
        raise TypeError(f"Variable is unhashable. Instead, use variable.ref() as the key. "
                        f"(Variable: {self!r})")

    def __repr__(self):
        return _printing.variable_repr(self)

    __str__ = __repr__

    def __format__(self, spec):
        return _printing.variable_format(self, spec)

    # ---- assignment
    def _new_value(self, value, fn):
        new = convert(value, native_name(self._value), fn, strict_tensor=False)
        if tuple(new.shape) != tuple(self._value.shape):
            raise ValueError(f"Cannot assign value to variable ' {self._name}': Shape mismatch."
                             f"The variable shape {self.shape}, and the assigned value shape "
                             f"{TensorShape(tuple(new.shape))} are incompatible.")
        return ivy.autograd.stop(new) if _autodiff.requires_grad(new) else new

    def _set(self, new, read_value):
        self._value = new
        return self if read_value else None

    def assign(self, value, use_locking=None, name=None, read_value=True):
        return self._set(self._new_value(value, "assign"), read_value)

    def assign_add(self, delta, use_locking=None, name=None, read_value=True):
        d = self._new_value(delta, "assign_add")
        return self._set(ivy.add(self._value, d), read_value)

    def assign_sub(self, delta, use_locking=None, name=None, read_value=True):
        d = self._new_value(delta, "assign_sub")
        return self._set(ivy.subtract(self._value, d), read_value)

    def _scatter_nd(self, indices, updates, how):
        fn = _frontend("tensor_scatter_nd_" + how)
        return self._set(fn(wrap(self._value), indices, updates)._data, True)

    def scatter_nd_update(self, indices, updates, name=None):
        return self._scatter_nd(indices, updates, "update")

    def scatter_nd_add(self, indices, updates, name=None):
        return self._scatter_nd(indices, updates, "add")

    def scatter_nd_sub(self, indices, updates, name=None):
        return self._scatter_nd(indices, updates, "sub")

    def scatter_nd_max(self, indices, updates, name=None):
        return self._scatter_nd(indices, updates, "max")

    def scatter_nd_min(self, indices, updates, name=None):
        return self._scatter_nd(indices, updates, "min")

    def gather_nd(self, indices, name=None):
        return _frontend("gather_nd")(self, indices)

    # ---- Python protocols: the value's (a tensor's rules)
    def __getitem__(self, key):
        return wrap(self._read())[key]

    def __iter__(self):
        return iter(wrap(self._read()))

    def __bool__(self):
        return bool(wrap(self._value))

    def __int__(self):
        return int(wrap(self._value))

    def __float__(self):
        return float(wrap(self._value))

    def __complex__(self):
        return complex(wrap(self._value))

    def __index__(self):
        return wrap(self._value).__index__()

    def __iadd__(self, other):
        raise RuntimeError("`variable += value` with `tf.Variable`s is not supported. Use "
                           "`variable.assign_add(value)` to modify the variable, or "
                           "`out = variable + value` if you need to get a new output Tensor.")

    def __isub__(self, other):
        raise RuntimeError("`variable -= value` with `tf.Variable`s is not supported. Use "
                           "`variable.assign_sub(value)` to modify the variable, or "
                           "`out = variable - value` if you need to get a new output Tensor.")

    def __imul__(self, other):
        raise RuntimeError("`var *= value` with `tf.Variable`s is not supported. Use "
                           "`var.assign(var * value)` to modify the variable, or "
                           "`out = var * value` if you need to get a new output Tensor.")

    def __itruediv__(self, other):
        raise RuntimeError("`var /= value` with `tf.Variable`s is not supported. Use "
                           "`var.assign(var / value)` to modify the variable, or "
                           "`out = var / value` if you need to get a new output Tensor.")


def _install_operators():
    """The tensor operators, on the variable's current value."""
    from ._ops import OPERATORS
    for name, op in OPERATORS.items():
        setattr(Variable, name, functools.wraps(op)(
            lambda self, *rest, _op=op: _op(wrap(self._read()), *rest)))


_install_operators()


# ---- Module -------------------------------------------------------------------------------------

def _snake(name: str) -> str:
    s = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub(r"([a-z])([A-Z])", r"\1_\2", s).lower()


class Module:
    """``tf.Module``: named container whose ``variables``/``submodules`` are found by walking its
    attributes (sorted by name; lists, tuples and dicts inside; own level before submodules)."""
    __module__ = "tensorflow"
    _TF_MODULE_IGNORED_PROPERTIES = frozenset()

    def __init__(self, name=None):
        if name is None:
            name = _snake(type(self).__name__)
        elif not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.\-]*", name):
            raise ValueError(f"'{name}' is not a valid module name. Module names must be valid "
                             f"Python identifiers (e.g. a valid class name).")
        self._name = name
        with name_scope(name) as scope:
            self._scope_name = scope

    @property
    def name(self):
        return self._name

    @property
    def name_scope(self):
        return name_scope(self._scope_name)

    @property
    def variables(self):
        return tuple(self._flatten(lambda v: type(v) is Variable))

    @property
    def trainable_variables(self):
        return tuple(self._flatten(lambda v: type(v) is Variable and v.trainable))

    @property
    def non_trainable_variables(self):
        return tuple(self._flatten(lambda v: type(v) is Variable and not v.trainable))

    @property
    def submodules(self):
        return tuple(self._flatten(lambda v: isinstance(v, Module)))

    def _flatten(self, predicate, recursive=True):
        seen: set[int] = set()
        yield from _walk(self, predicate, recursive, seen, {id(self)})

    @classmethod
    def with_name_scope(cls, method):
        @functools.wraps(method)
        def scoped(self, *args, **kwargs):
            with self.name_scope:
                return method(self, *args, **kwargs)
        return scoped


def _leaves(value):
    if isinstance(value, dict):
        for k in sorted(value):
            yield from _leaves(value[k])
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _leaves(v)
    else:
        yield value


def _walk(module, predicate, recursive, seen, visiting):
    subs = []
    attrs = vars(module)
    for key in sorted(attrs):
        if key in module._TF_MODULE_IGNORED_PROPERTIES or key in ("_scope_name", "_name"):
            continue
        for leaf in _leaves(attrs[key]):
            if predicate(leaf) and id(leaf) not in seen:
                seen.add(id(leaf))
                yield leaf
            if recursive and isinstance(leaf, Module) and id(leaf) not in visiting:
                subs.append(leaf)
    for sub in subs:
        visiting.add(id(sub))
        yield from _walk(sub, predicate, recursive, seen, visiting)


# ---- initializers (TensorFlow's V2 initializers: ``init(shape, dtype)``) --------------------------

class Initializer:
    __module__ = "tensorflow"

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _init_dtype(dtype, what, allowed):
    d = T.as_dtype(dtype)
    if not allowed(d):
        raise ValueError(f"Argument `dtype` {what}. Received: {d}.")
    return d.name


class zeros_initializer(Initializer):  # noqa: N801 - TensorFlow's name
    def __call__(self, shape, dtype=T.BY_NAME["float32"], **kwargs):
        return wrap(ivy.zeros(tuple(TensorShape(shape)), dtype=_init_dtype(
            dtype, "expected to be numeric or boolean", lambda d: True)))


class ones_initializer(Initializer):  # noqa: N801
    def __call__(self, shape, dtype=T.BY_NAME["float32"], **kwargs):
        return wrap(ivy.ones(tuple(TensorShape(shape)), dtype=_init_dtype(
            dtype, "expected to be numeric or boolean", lambda d: True)))


class constant_initializer(Initializer):  # noqa: N801
    def __init__(self, value=0, support_partition=False):
        self.value = value
        self.support_partition = support_partition

    def __call__(self, shape, dtype=None, **kwargs):
        from . import constant
        return constant(self.value, dtype=dtype, shape=tuple(TensorShape(shape)))

    def get_config(self):
        return {"value": self.value}


class random_normal_initializer(Initializer):  # noqa: N801
    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean, self.stddev, self.seed = mean, stddev, seed

    def __call__(self, shape, dtype=T.BY_NAME["float32"], **kwargs):
        from . import random
        d = _init_dtype(dtype, "is expected to be floating point", lambda d: d.is_floating)
        return random.normal(tuple(TensorShape(shape)), self.mean, self.stddev, d, self.seed)

    def get_config(self):
        return {"mean": self.mean, "stddev": self.stddev, "seed": self.seed}


class random_uniform_initializer(Initializer):  # noqa: N801
    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        self.minval, self.maxval, self.seed = minval, maxval, seed

    def __call__(self, shape, dtype=T.BY_NAME["float32"], **kwargs):
        from . import random
        d = _init_dtype(dtype, "is expected to be floating point or integer",
                        lambda d: d.is_floating or d.is_integer)
        return random.uniform(tuple(TensorShape(shape)), self.minval, self.maxval, d, self.seed)

    def get_config(self):
        return {"minval": self.minval, "maxval": self.maxval, "seed": self.seed}


EXPORTS = {"tf": {"Variable": Variable, "Module": Module, "name_scope": name_scope,
                  "VariableSynchronization": VariableSynchronization,
                  "VariableAggregation": VariableAggregation,
                  "zeros_initializer": zeros_initializer, "ones_initializer": ones_initializer,
                  "constant_initializer": constant_initializer,
                  "random_normal_initializer": random_normal_initializer,
                  "random_uniform_initializer": random_uniform_initializer}}
