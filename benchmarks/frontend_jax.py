"""Per-call cost of the jax frontend over real JAX, side by side in one run.

    python benchmarks/frontend_jax.py [--backends jax,torch] [--repeat 15]

For each statement on 8x8 float32 arrays, times the same source text on real JAX (eager, x64 on,
on both sides) and on ``ivy.frontends.jax`` with the backend selected, alternately, keeps the
best of each and prints microseconds, the difference and the ratio. On the jax backend the
difference is the frontend's own cost; on other backends it also includes that framework's
dispatch (which is usually far below eager JAX's).
"""
import numpy as np

from _side_by_side import main, time_statements

STATEMENTS = (
    "jnp.add(x, y)", "x + y", "jnp.dot(x, y)", "x * 2.0", "jnp.sin(x)", "jnp.matmul(x, y)", "x @ y",
    "x[:, 1:3]", "x[0]", "x.sum()", "jnp.sum(x, axis=1)", "x.reshape(-1)", "x.T",
    "jax.nn.relu(x)", "jax.nn.softmax(x)", "x.at[0].set(1.0)", "jnp.where(x > 0, x, y)",
    "jnp.concatenate([x, y])", "x.astype(jnp.float64)",
)


def run(backend, repeat, only=None):
    import jax as real
    real.config.update("jax_enable_x64", True)
    import jax.numpy as real_jnp

    import ivy.frontends.jax as fe
    fe.config.update("jax_enable_x64", True)   # the frontend follows JAX's flag: the same on both sides
    data = np.random.default_rng(0).standard_normal((2, 8, 8)).astype(np.float32)
    real_env = {"jax": real, "jnp": real_jnp, "x": real_jnp.asarray(data[0]),
                "y": real_jnp.asarray(data[1])}

    def frontend_env():
        return {"jax": fe, "jnp": fe.numpy, "x": fe.numpy.asarray(data[0]),
                "y": fe.numpy.asarray(data[1])}
    return time_statements(only or STATEMENTS, real_env, frontend_env, backend, repeat)


if __name__ == "__main__":
    main(__doc__, run, "jax", "jax")
