"""Functional helpers and printing: apply_along_axis, apply_over_axes, vectorize, frompyfunc,
iterable and numpy's print options.

``vectorize`` and ``apply_along_axis`` loop in Python over the batch positions (JAX maps them with
``vmap``); results and weak types are the same, only slower for large batches.
"""
from __future__ import annotations

import functools
import re

import numpy as np

from .._array import Array, asarray
from ._manipulation import _arr, _axis, broadcast_shapes, broadcast_to, expand_dims, \
    moveaxis, reshape, stack


def _stack_results(results, batch_shape):
    """Stack per-position results (arrays or tuples of arrays) into ``batch_shape`` + shape."""
    if isinstance(results[0], tuple):
        return tuple(_stack_results([r[i] for r in results], batch_shape)
                     for i in range(len(results[0])))
    out = stack([asarray(r) for r in results])
    return reshape(out, batch_shape + out.shape[1:])


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """Implements ``jnp.apply_along_axis``."""
    a = _arr(arr, "apply_along_axis")
    axis = _axis(axis, a.ndim)
    moved = moveaxis(a, axis, -1)
    batch = moved.shape[:-1]
    rows = reshape(moved, (-1, moved.shape[-1]))
    results = [asarray(func1d(rows[i], *args, **kwargs)) for i in range(rows.shape[0])]
    if not results:
        raise ValueError("apply_along_axis: cannot apply a function over an empty batch")
    out = _stack_results(results, batch)
    core = results[0].ndim
    # the function's output dimensions take the place of ``axis``
    return moveaxis(out, tuple(range(len(batch), len(batch) + core)),
                    tuple(range(axis, axis + core))) if core else out


def apply_over_axes(func, a, axes):
    """Implements ``jnp.apply_over_axes``."""
    a = _arr(a, "apply_over_axes")
    for axis in axes:
        b = func(a, axis)
        if b.ndim == a.ndim - 1:
            b = expand_dims(b, axis)
        elif b.ndim != a.ndim:
            raise ValueError("function is not returning an array of the correct shape")
        a = b
    return a


_DIMS = r"\((?:\w+(?:,\s*\w+)*)?\)"
_SIGNATURE = re.compile(rf"^\s*{_DIMS}(?:\s*,\s*{_DIMS})*\s*->\s*{_DIMS}(?:\s*,\s*{_DIMS})*\s*$")


def _parse_signature(signature):
    if not _SIGNATURE.match(signature):
        raise ValueError(f"not a valid gufunc signature: {signature}")
    ins, outs = signature.split("->")
    parse = lambda s: [tuple(d.strip() for d in g.split(",") if d.strip())
                       for g in re.findall(r"\(([^)]*)\)", s)]
    return parse(ins), parse(outs)


class vectorize:
    """Implements ``jnp.vectorize`` (keyword arguments are passed through unvectorized)."""

    def __init__(self, pyfunc, *, excluded=frozenset(), signature=None):
        self.pyfunc, self.excluded, self.signature = pyfunc, frozenset(excluded), signature
        functools.update_wrapper(self, pyfunc)

    def __call__(self, *args, **kwargs):
        if self.signature is not None and not hasattr(self, "_parsed"):
            self._parsed = _parse_signature(self.signature)     # JAX checks it at call time
        fixed = {i: v for i, v in enumerate(args) if i in self.excluded}
        kw = {k: v for k, v in kwargs.items()}
        mapped = [asarray(v) for i, v in enumerate(args) if i not in self.excluded]
        cores = self._parsed[0] if self.signature is not None else [()] * len(mapped)
        if len(cores) != len(mapped):
            raise TypeError(f"wrong number of positional arguments: expected {len(cores)}, got "
                            f"{len(mapped)}")
        sizes = {}
        batch_shapes = []
        for v, core in zip(mapped, cores):
            if v.ndim < len(core):
                raise ValueError(f"input with shape {v.shape} does not have enough dimensions "
                                 f"for all core dimensions {core} on vectorized function with "
                                 f"excluded={self.excluded} and signature={self.signature!r}")
            for name, size in zip(core, v.shape[v.ndim - len(core):]):
                if sizes.setdefault(name, size) != size:
                    raise ValueError(f"inconsistent size for core dimension {name!r}: "
                                     f"{size} vs {sizes[name]}")
            batch_shapes.append(v.shape[:v.ndim - len(core)])
        batch = broadcast_shapes(*batch_shapes)
        mapped = [broadcast_to(v, batch + v.shape[v.ndim - len(core):])
                  for v, core in zip(mapped, cores)]
        results = []
        for index in np.ndindex(*batch):
            it = iter([v[index] if index else v for v in mapped])
            call = [fixed[i] if i in fixed else next(it) for i in range(len(args))]
            r = self.pyfunc(*call, **kw)
            results.append(tuple(asarray(x) for x in r) if isinstance(r, tuple) else
                           asarray(r))
        if not batch:
            return results[0]
        if not results:
            raise ValueError("vectorize: cannot map over an empty batch")
        return _stack_results(results, batch)


def frompyfunc(func, /, nin, nout, *, identity=None):
    """Implements ``jnp.frompyfunc``: a ``jnp.ufunc`` of the vectorized ``func``."""
    from ._ufuncs import ufunc
    return ufunc(vectorize(func), getattr(func, "__name__", "func"), nin, nout, identity)


def iterable(y):
    return np.iterable(y)


get_printoptions, printoptions, set_printoptions = (np.get_printoptions, np.printoptions,
                                                    np.set_printoptions)


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    """``jnp.array_repr`` (numpy's, named after the array's class as numpy does)."""
    a = np.asarray(arr)
    text = np.array_repr(a, max_line_width, precision, suppress_small)
    return type(arr).__name__ + text[len("array"):] if isinstance(arr, Array) else text


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    return np.array_str(np.asarray(a), max_line_width, precision, suppress_small)


FUNCTIONS = {"apply_along_axis": apply_along_axis, "apply_over_axes": apply_over_axes,
             "vectorize": vectorize, "frompyfunc": frompyfunc, "iterable": iterable,
             "get_printoptions": get_printoptions, "printoptions": printoptions,
             "set_printoptions": set_printoptions, "array_repr": array_repr,
             "array_str": array_str}
