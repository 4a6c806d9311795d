"""jax backend: statistical and utility reductions, generated from tables."""
from __future__ import annotations

import jax.numpy as jnp

from ._common import COMPLEX, DTYPES, cast_all, error, native_dtype

# Accumulation dtype of cumulative_sum/prod with dtype=None: integers narrower than the default
# widen as in sum/prod (jax.numpy widens cumulative_sum but not cumulative_prod).
_ACCUMULATE = {DTYPES[n]: DTYPES["int64"] for n in ("bool", "int8", "int16", "int32")}
_ACCUMULATE.update({DTYPES[n]: DTYPES["uint64"] for n in ("uint8", "uint16", "uint32")})


def _reduction(name, op):
    """max/min/mean/all/any: (x, /, *, axis=None, keepdims=False)."""
    def fn(x, /, *, axis=None, keepdims=False):
        try:
            return op(x, axis=axis, keepdims=keepdims)
        except Exception as e:
            raise error(e, name) from e
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements the standard's {name} with jax.numpy.{op.__name__}."
    return fn


def _dtype_reduction(name, op):
    """sum/prod: small integers accumulate in int64 (uint64 for unsigned), as jax.numpy does."""
    def fn(x, /, *, axis=None, dtype=None, keepdims=False):
        try:
            return op(x, axis=axis, dtype=native_dtype(dtype, name), keepdims=keepdims)
        except Exception as e:
            raise error(e, name) from e
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements the standard's {name} with jax.numpy.{op.__name__}."
    return fn


def _moment(name, op):
    """std/var: (x, /, *, axis=None, correction=0.0, keepdims=False)."""
    def fn(x, /, *, axis=None, correction=0.0, keepdims=False):
        try:
            return op(x, axis=axis, correction=correction, keepdims=keepdims)
        except Exception as e:
            raise error(e, name) from e
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements the standard's {name}; correction <= N - 1 edge cases give NaN/inf."
    return fn


def _cumulative(name, op):
    def fn(x, /, *, axis=None, dtype=None, include_initial=False):
        try:
            dt = _ACCUMULATE.get(x.dtype) if dtype is None else native_dtype(dtype, name)
            return op(x, axis=axis, dtype=dt, include_initial=include_initial)
        except Exception as e:
            raise error(e, name) from e
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements the standard's {name} with jax.numpy.{op.__name__}."
    return fn


def _truth(op):
    # jax.numpy's all/any cast complex to bool through the real part: all(1j) would be False.
    def reduce(x, axis=None, keepdims=False):
        return op(x != 0 if x.dtype in COMPLEX else x, axis=axis, keepdims=keepdims)
    reduce.__name__ = op.__name__
    return reduce


max = _reduction("max", jnp.max)
min = _reduction("min", jnp.min)
mean = _reduction("mean", jnp.mean)
all = _reduction("all", _truth(jnp.all))
any = _reduction("any", _truth(jnp.any))
sum = _dtype_reduction("sum", jnp.sum)
prod = _dtype_reduction("prod", jnp.prod)
std = _moment("std", jnp.std)
var = _moment("var", jnp.var)
cumulative_sum = _cumulative("cumulative_sum", jnp.cumulative_sum)
cumulative_prod = _cumulative("cumulative_prod", jnp.cumulative_prod)


def diff(x, /, *, axis=-1, n=1, prepend=None, append=None):
    """Implements the standard's diff; prepend/append promote with x by the Array API table."""
    try:
        if prepend is not None or append is not None:
            parts = cast_all([a for a in (prepend, x, append) if a is not None], "diff")
            if prepend is not None:
                prepend, x = parts[0], parts[1]
            else:
                x = parts[0]
            if append is not None:
                append = parts[-1]
        return jnp.diff(x, n=n, axis=axis, prepend=prepend, append=append)
    except Exception as e:
        raise error(e, "diff") from e


__all__ = ["max", "min", "mean", "all", "any", "sum", "prod", "std", "var", "cumulative_sum",
           "cumulative_prod", "diff"]
