"""Element structures of ``tf.data``: nested tuples, namedtuples and dicts of tensors (dicts keep
their key order, as TensorFlow's ``nest`` packs them), and their ``TensorSpec``s."""
from __future__ import annotations

import numpy as np

import ivy

from .._control import TensorSpec
from .._tensor import Readable, Tensor, TensorShape, convert, wrap


def _is_namedtuple(x) -> bool:
    return isinstance(x, tuple) and hasattr(type(x), "_fields")


def map_structure(fn, s, *rest):
    """``fn`` over the leaves of ``s`` (and of ``rest``, which share its structure)."""
    if type(s) is tuple:
        return tuple(map_structure(fn, *parts) for parts in zip(s, *rest))
    if _is_namedtuple(s):
        return type(s)(*(map_structure(fn, *parts) for parts in zip(s, *rest)))
    if isinstance(s, dict):
        return type(s)((k, map_structure(fn, s[k], *(r[k] for r in rest))) for k in s)
    return fn(s, *rest)


def flatten(s) -> list:
    out = []
    map_structure(out.append, s)
    return out


def pack(s, leaves):
    it = iter(leaves)
    return map_structure(lambda _: next(it), s)


def same_structure(a, b) -> bool:
    if type(a) is not type(b) and not (_leaf(a) and _leaf(b)):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(same_structure(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same_structure(a[k], b[k]) for k in a)
    return True


def _leaf(x) -> bool:
    return not isinstance(x, (tuple, dict))


def _to_tensor(v):
    if type(v) is Tensor:
        return v
    if isinstance(v, Readable):
        return wrap(v._read())
    if type(v) is list and v and all(isinstance(a, np.ndarray) for a in v):
        v = np.asarray(v)       # a list of numpy arrays keeps their dtype, as tf.constant's
    if isinstance(v, np.ndarray):
        v = v.copy()            # TensorFlow copies; the numpy and torch backends would share it
    if v is None:
        raise TypeError("Failed to convert elements of None to Tensor: tf.data elements cannot "
                        "hold None")
    return wrap(convert(v))


def normalize(value):
    """An input structure as tensors: tuples, namedtuples and dicts are structure, anything else
    (a list included, as TensorFlow packs it) is converted to one tensor."""
    return map_structure(_to_tensor, value)


def normalize_output(value):
    """A function's result as an element: a top-level list is a tuple (as ``Dataset.map``)."""
    return normalize(tuple(value) if type(value) is list else value)


def spec_of(element):
    return map_structure(lambda t: TensorSpec(t.shape, t.dtype), element)


def batched_spec(spec, size):
    def one(s):
        if s.shape.rank is None:
            return TensorSpec(None, s.dtype)
        return TensorSpec([size, *s.shape.as_list()], s.dtype)
    return map_structure(one, spec)


def unbatched_spec(spec):
    def one(s):
        if s.shape.rank == 0:
            raise ValueError("Cannot unbatch an input with scalar components.")
        return TensorSpec(None if s.shape.rank is None else s.shape.as_list()[1:], s.dtype)
    return map_structure(one, spec)


def merge_shapes(a: TensorShape, b: TensorShape) -> TensorShape:
    """The most specific shape compatible with both (``None`` where they differ)."""
    if a.rank is None or b.rank is None or a.rank != b.rank:
        return TensorShape(None)
    return TensorShape([x if x == y else None for x, y in zip(a.as_list(), b.as_list())])


def common_spec(a, b):
    """The spec of a dataset holding elements of both specs (``concatenate``)."""
    if not same_structure(a, b) or any(x.dtype != y.dtype for x, y in zip(flatten(a),
                                                                          flatten(b))):
        raise TypeError(f"Incompatible dataset elements:\n  {a!r} vs. \n  {b!r}")
    return map_structure(lambda x, y: TensorSpec(merge_shapes(x.shape, y.shape), x.dtype), a, b)


def compatible(shape: TensorShape, dims) -> bool:
    """Whether a concrete shape ``dims`` fits ``shape`` (its ``None`` dims match anything)."""
    if shape.rank is None:
        return True
    return len(dims) == shape.rank and all(s is None or s == d for s, d in
                                           zip(shape.as_list(), dims))


def zeros_like_spec(spec, fill):
    """A dummy element of ``spec`` whose unknown dimensions are ``fill`` long."""
    return map_structure(lambda s: wrap(ivy.zeros(
        tuple(fill if d is None else d for d in (s.shape.as_list() or ())),
        dtype=s.dtype.name)), spec)
