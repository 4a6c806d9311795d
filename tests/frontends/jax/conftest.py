"""Fixtures shared by the jax frontend's plain tests: real JAX and the frontend, both with x64 on
(the frontend's own ``jax_enable_x64`` flag is turned on alongside real JAX's)."""
import pytest

import ivy


@pytest.fixture(autouse=True)
def _frontend_x64():
    """The plain tests here compare with real JAX at x64 on: the frontend's own flag (off by
    default, as JAX's) is turned on alike. Tests of the x64-off mode enter their own context."""
    import ivy.frontends.jax as fjax
    with fjax.enable_x64(True):
        yield


@pytest.fixture(scope="module")
def real_jax():
    """(jax, jax.numpy) of real JAX with 64-bit types on, and the frontend's flag on alike."""
    import jax
    import jax.numpy as jnp

    import ivy.frontends.jax as fjax
    with jax.enable_x64(True), fjax.enable_x64(True):
        yield jax, jnp


@pytest.fixture
def ours(backend):
    """(jax, jax.numpy) of ivy's frontend with x64 on, with ``backend`` selected."""
    from ivy.frontends import jax
    from ivy.frontends.jax import numpy as jnp
    with ivy.using_backend(backend), jax.enable_x64(True):
        yield jax, jnp


@pytest.fixture(scope="module")
def jnps():
    """(real jax.numpy, the frontend's jax.numpy), both with x64 on."""
    import jax
    import jax.numpy as jnp

    import ivy.frontends.jax as fjax
    import ivy.frontends.jax.numpy as fjnp
    with jax.enable_x64(True), fjax.enable_x64(True):
        yield jnp, fjnp
