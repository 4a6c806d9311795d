"""``jax.flatten_util``: a pytree of arrays as one flat vector and back."""
from __future__ import annotations

import functools

import numpy as np

from . import lax as _lax
from . import numpy as _jnp
from .tree_util import tree_flatten, tree_unflatten

__all__ = ["ravel_pytree"]


def ravel_pytree(pytree):
    """Implements `jax.flatten_util.ravel_pytree`: the leaves raveled and concatenated in one
    1-D array of their promoted dtype (float32 and empty for no leaves), and the function that
    splits such a vector back into the tree, each leaf in its own dtype."""
    leaves, treedef = tree_flatten(pytree)
    flat, unravel_list = _ravel_list(leaves)
    return flat, functools.partial(_unravel_pytree, treedef, unravel_list)


def _unravel_pytree(treedef, unravel_list, flat):
    return tree_unflatten(treedef, unravel_list(flat))


def _ravel_list(leaves):
    if not leaves:
        return _lax.full([0], 0, "float32"), lambda _: []
    leaves = [_jnp.asarray(leaf) for leaf in leaves]
    from_dtypes = tuple(leaf.dtype for leaf in leaves)
    to_dtype = _jnp.result_type(*from_dtypes)
    sizes = tuple(int(np.prod(leaf.shape, dtype=np.int64)) for leaf in leaves)
    shapes = tuple(leaf.shape for leaf in leaves)
    if all(dt == to_dtype for dt in from_dtypes):
        # one dtype: the unravel function takes a vector of any dtype, as in JAX
        flat = _lax.concatenate([_lax.reshape(leaf, (size,)) for leaf, size in
                                 zip(leaves, sizes)], 0)
        return flat, functools.partial(_unravel_list, sizes, shapes, None, None)
    flat = _lax.concatenate([_lax.reshape(_lax.convert_element_type(leaf, to_dtype), (size,))
                             for leaf, size in zip(leaves, sizes)], 0)
    return flat, functools.partial(_unravel_list, sizes, shapes, from_dtypes, to_dtype)


def _unravel_list(sizes, shapes, from_dtypes, to_dtype, flat):
    if to_dtype is not None and _jnp.asarray(flat).dtype != to_dtype:
        raise TypeError(f"unravel function given array of dtype {_jnp.asarray(flat).dtype}, "
                        f"but expected dtype {to_dtype}")
    chunks = _lax.split(flat, sizes)
    if from_dtypes is None:
        return [chunk.reshape(shape) for chunk, shape in zip(chunks, shapes)]
    return [_lax.convert_element_type(chunk.reshape(shape), dtype)
            for chunk, shape, dtype in zip(chunks, shapes, from_dtypes)]
