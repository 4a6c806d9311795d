"""Pieces every ``tf.keras`` module shares: native arrays of tensors and variables, variables,
Keras's default float dtype, names, the training flag of the enclosing call and a no-record
scope for state updates."""
from __future__ import annotations

import re

import numpy as np

import ivy

from ..._shared import native_name
from .._tensor import Readable, Tensor, convert, wrap

FLOATS = frozenset({"float16", "bfloat16", "float32", "float64"})


def tf():
    """The frontend package (imported late: keras is installed while it initializes)."""
    from ... import tensorflow
    return tensorflow


def nat(x, dtype=None):
    """The native array of a tensor, variable (its read value: a tape sees the read), numpy or
    Python value, cast to ``dtype`` if given (Keras converts layer inputs and loss targets this
    way)."""
    if type(x) is Tensor:
        a = x._data
    elif isinstance(x, Readable):
        a = x._read()
    elif ivy.is_native_array(x):
        a = x
    else:
        a = convert(x)
    if dtype is not None and native_name(a) != dtype:
        a = ivy.astype(a, dtype)
    return a


def dtype_name(a) -> str:
    return native_name(a)


def variable(native, trainable=True, name=None):
    """A frontend ``tf.Variable`` holding ``native``."""
    return tf().Variable(wrap(native), trainable=trainable, name=name)


def is_variable(x) -> bool:
    return isinstance(x, Readable)


def assign(var, native):
    var.assign(wrap(native))


def floatx() -> str:
    return "float32"


def standardize_dtype(dtype) -> str:
    if dtype is None:
        return floatx()
    name = getattr(dtype, "name", None)
    if isinstance(name, str) and name in FLOATS | {"int32", "int64", "bool"}:
        return name
    if isinstance(dtype, str):
        return dtype
    return np.dtype(dtype).name


_UIDS: dict = {}


def snake_case(name: str) -> str:
    name = re.sub(r"\W+", "", name)
    name = re.sub("(.)([A-Z][a-z]+)", r"\1_\2", name)
    return re.sub("([a-z])([A-Z])", r"\1_\2", name).lower()


def unique_name(prefix: str) -> str:
    """Keras's object names: ``dense``, then ``dense_1``, ``dense_2``, ..."""
    n = _UIDS.get(prefix, 0)
    _UIDS[prefix] = n + 1
    return prefix if n == 0 else f"{prefix}_{n}"


class no_record:
    """State updates (optimizer steps, moving statistics) are not part of any gradient."""
    __slots__ = ("_previous",)

    def __enter__(self):
        self._previous = ivy.autograd.set_enabled(False)

    def __exit__(self, *exc):
        ivy.autograd.set_enabled(self._previous)


_TRAINING = [None]      # the training flag of the enclosing layer calls, innermost last


def key(seed=None):
    """A random key: from ``seed`` (an int) or the backend's global stream."""
    return ivy.random.next_key() if seed is None else ivy.random.key(int(seed))


def flatten(structure):
    """Leaves of nested lists/tuples/dicts, in order."""
    if isinstance(structure, (list, tuple)):
        return [leaf for item in structure for leaf in flatten(item)]
    if isinstance(structure, dict):
        return [leaf for k in structure for leaf in flatten(structure[k])]
    return [structure]


def map_structure(fn, structure):
    if isinstance(structure, list):
        return [map_structure(fn, v) for v in structure]
    if isinstance(structure, tuple):
        return tuple(map_structure(fn, v) for v in structure)
    if isinstance(structure, dict):
        return {k: map_structure(fn, v) for k, v in structure.items()}
    return fn(structure)
