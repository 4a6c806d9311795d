"""Input classes the sampled jax rows missed (found by ``tools/mutation.py``): one differential
program each, run by real JAX and by the frontend on every backend."""
from tests.frontends.differential import Snippet, differential_tests

SNIPPETS = [
    # an axis equal to ndim is out of bounds
    Snippet("jnp.{fn}(jnp.ones((2, 3)), axis={a})", fn=["sum", "max", "prod"],
            a=[2, -3, "(0, 2)"]),
    Snippet("jnp.mean(jnp.ones((2, 3)), axis={a})", a=[2, -3, "(0, 2)"],
            xfail="JAX's mean raises IndexError (tuple index out of range); the frontend raises "
                  "the ValueError sum/max give"),
    # float16 meets bfloat16
    Snippet("jnp.promote_types(jnp.float16, jnp.bfloat16)"),
    Snippet("(jnp.ones(2, jnp.float16) + jnp.ones(2, jnp.bfloat16)).dtype"),
    # clip with min above max gives max
    Snippet("jnp.clip(jnp.arange(5.), min=3., max=1.)"),
    Snippet("jnp.clip(jnp.arange(5), min=jnp.array([4, 0, 4, 0, 4]), max=2)"),
    # squeeze of an axis whose length is not 1
    Snippet("jnp.squeeze(jnp.ones((2, 1, 3)), axis=0)"),
    Snippet("jnp.squeeze(jnp.ones((1, 3)), axis=(0, 1))"),
    Snippet("try:\n    jnp.squeeze(jnp.ones((2, 1, 3)), axis=0)\nexcept ValueError as e:\n"
            "    r = str(e)\nr"),
]

test_edge_inputs = differential_tests("jax", SNIPPETS)
