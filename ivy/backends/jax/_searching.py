"""jax backend: searching, set and sorting functions."""
from __future__ import annotations

import jax
import jax.numpy as jnp

from ivy.core.api import UniqueAllResult, UniqueCountsResult, UniqueInverseResult

from ._common import INDEX, SCALARS, coerce_pair, error

_convert = jax.lax.convert_element_type


def _arg_reduction(name, op):
    def fn(x, /, *, axis=None, keepdims=False):
        try:
            return op(x, axis=axis, keepdims=keepdims)
        except Exception as e:
            raise error(e, name) from e
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements the standard's {name}: first occurrence, NaN counts as extreme."
    return fn


argmax = _arg_reduction("argmax", jnp.argmax)
argmin = _arg_reduction("argmin", jnp.argmin)
count_nonzero = _arg_reduction("count_nonzero", jnp.count_nonzero)


def nonzero(x, /):
    """Implements the standard's nonzero; data-dependent shape, so eager only (as in jax)."""
    try:
        return tuple(jnp.nonzero(x))
    except Exception as e:
        raise error(e, "nonzero") from e


def searchsorted(x1, x2, /, *, side="left", sorter=None):
    """Implements the standard's searchsorted; int64 indices (jax returns int32); NaNs sort last."""
    try:
        if type(x2) in SCALARS or x1.dtype != x2.dtype:
            x1, x2 = coerce_pair(x1, x2, "searchsorted")
        return _convert(jnp.searchsorted(x1, x2, side=side, sorter=sorter), INDEX)
    except Exception as e:
        raise error(e, "searchsorted") from e


def where(condition, x1, x2, /):
    try:
        if type(x1) in SCALARS or type(x2) in SCALARS or x1.dtype != x2.dtype:
            x1, x2 = coerce_pair(x1, x2, "where")
        return jnp.where(condition, x1, x2)
    except Exception as e:
        raise error(e, "where") from e


# ---- sets: data-dependent shapes, eager only; NaNs are distinct values ---------------------------

def unique_all(x, /):
    try:
        r = jnp.unique_all(x)
        return UniqueAllResult(r.values, r.indices, r.inverse_indices, r.counts)
    except Exception as e:
        raise error(e, "unique_all") from e


def unique_counts(x, /):
    try:
        r = jnp.unique_counts(x)
        return UniqueCountsResult(r.values, r.counts)
    except Exception as e:
        raise error(e, "unique_counts") from e


def unique_inverse(x, /):
    try:
        r = jnp.unique_inverse(x)
        return UniqueInverseResult(r.values, r.inverse_indices)
    except Exception as e:
        raise error(e, "unique_inverse") from e


def unique_values(x, /):
    try:
        return jnp.unique_values(x)
    except Exception as e:
        raise error(e, "unique_values") from e


def isin(x1, x2, /, *, invert=False):
    try:
        if type(x1) in SCALARS or type(x2) in SCALARS or x1.dtype != x2.dtype:
            x1, x2 = coerce_pair(x1, x2, "isin")
        return jnp.isin(x1, x2, invert=invert)
    except Exception as e:
        raise error(e, "isin") from e


# ---- sorting ---------------------------------------------------------------------------------

def sort(x, /, *, axis=-1, descending=False, stable=True):
    """Implements the standard's sort: NaNs last ascending, first descending (array_api_strict)."""
    try:
        return jnp.sort(x, axis=axis, descending=descending, stable=stable)
    except Exception as e:
        raise error(e, "sort") from e


def argsort(x, /, *, axis=-1, descending=False, stable=True):
    """Implements the standard's argsort; descending keeps equal elements in input order."""
    try:
        return jnp.argsort(x, axis=axis, descending=descending, stable=stable)
    except Exception as e:
        raise error(e, "argsort") from e


__all__ = ["argmax", "argmin", "count_nonzero", "nonzero", "searchsorted", "where", "unique_all",
           "unique_counts", "unique_inverse", "unique_values", "isin", "sort", "argsort"]
