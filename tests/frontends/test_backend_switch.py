"""An array made under one backend and used after ``ivy.set_backend`` switched to another: every
frontend raises one error naming both backends (jax takes NumPy arrays as they are), and the
array works again once its own backend is back."""
import itertools

import pytest

import ivy
from ivy.core.errors import IvyBackendError

from ..conftest import installed_backends


def _make(frontend):
    if frontend == "torch":
        from ivy.frontends import torch
        return torch.tensor([1.0, 2.0]), lambda a: (a + 1, a.sum(), torch.exp(a), repr(a))
    if frontend == "numpy":
        from ivy.frontends import numpy as np
        return np.array([1.0, 2.0]), lambda a: (a + 1, a.sum(), np.exp(a), repr(a))
    if frontend == "jax":
        import ivy.frontends.jax.numpy as jnp
        return jnp.array([1.0, 2.0]), lambda a: (a + 1, a.sum(), jnp.exp(a), repr(a))
    from ivy.frontends import tensorflow as tf
    return tf.constant([1.0, 2.0]), lambda a: (a + 1, tf.reduce_sum(a), tf.exp(a), repr(a))


_USES = [lambda use, a, i=i: use(a)[i] for i in range(4)]


@pytest.mark.parametrize("frontend", ["torch", "numpy", "jax", "tensorflow"])
@pytest.mark.parametrize("made_under,used_under",
                         list(itertools.permutations(installed_backends(), 2)))
@pytest.mark.parametrize("use", range(4), ids=["add", "sum", "exp", "repr"])
def test_array_of_a_previous_backend(frontend, made_under, used_under, use):
    previous = ivy.selected_backend()
    try:
        ivy.set_backend(made_under)
        a, uses = _make(frontend)
        ivy.set_backend(used_under)
        if made_under == "numpy" and used_under == "jax":   # jnp functions take NumPy arrays
            _USES[use](uses, a)
        else:
            with pytest.raises(IvyBackendError, match=f"array of the {made_under} backend.*"
                                                      f"{used_under}"):
                _USES[use](uses, a)
        ivy.set_backend(made_under)
        _USES[use](uses, a)
    finally:
        if previous is None:
            ivy.unset_backend()
        else:
            ivy.set_backend(previous)


@pytest.mark.parametrize("made_under,used_under",
                         list(itertools.permutations(installed_backends(), 2)))
def test_core_dtype_of_a_previous_backends_array(made_under, used_under):
    """``ivy.dtype`` reads it where the selected backend can (NumPy's dtypes are jax's and
    tensorflow's too), and otherwise raises the error naming the array's backend."""
    with ivy.using_backend(made_under):
        a = ivy.asarray([1.0, 2.0])
        name = ivy.dtype(a)
    with ivy.using_backend(used_under):
        try:
            assert ivy.dtype(a) == name
        except IvyBackendError as e:
            assert f"array of the {made_under} backend" in str(e)
