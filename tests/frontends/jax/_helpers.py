"""Assertions shared by the jax frontend's plain tests."""
import numpy as np


def same_result(real, front, rtol=1e-6):
    """Same dtype, weak type and values (within ``rtol``) as real JAX's array."""
    assert np.asarray(front).dtype == np.asarray(real).dtype
    assert bool(front.weak_type) == bool(real.weak_type)
    np.testing.assert_allclose(np.asarray(front), np.asarray(real), rtol=rtol)
