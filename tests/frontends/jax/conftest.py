"""Fixtures shared by the jax frontend's plain tests: real JAX (x64 on) and the frontend."""
import pytest

import ivy


@pytest.fixture(scope="module")
def real_jax():
    """(jax, jax.numpy) of real JAX with 64-bit types on, as the frontend behaves."""
    import jax
    import jax.numpy as jnp
    with jax.enable_x64(True):
        yield jax, jnp


@pytest.fixture
def ours(backend):
    """(jax, jax.numpy) of ivy's frontend, with ``backend`` selected."""
    from ivy.frontends import jax
    from ivy.frontends.jax import numpy as jnp
    with ivy.using_backend(backend):
        yield jax, jnp


@pytest.fixture(scope="module")
def jnps():
    """(real jax.numpy with x64 on, the frontend's jax.numpy)."""
    import jax
    import jax.numpy as jnp

    import ivy.frontends.jax.numpy as fjnp
    with jax.enable_x64(True):
        yield jnp, fjnp
