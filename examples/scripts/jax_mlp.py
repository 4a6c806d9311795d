"""An MLP classifier trained with ``jax.jit(jax.grad(loss))`` and SGD over a pytree: plain JAX.

    python examples/scripts/jax_mlp.py                       # real JAX
    python -m ivy run --frontend jax --backend torch examples/scripts/jax_mlp.py

Three Gaussian blobs in 2-d and the initial parameters (a list of {"w", "b"} dicts) come from
NumPy (``default_rng(0)``), so every run starts from the same numbers. Prints one line per step:
``step N loss L``, then the final training accuracy.
"""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax import tree_util


def make_data(rng, n_per_class=32, num_classes=3):
    centres = 2.0 * rng.standard_normal((num_classes, 2))
    points = centres[:, None, :] + 0.5 * rng.standard_normal((num_classes, n_per_class, 2))
    labels = np.repeat(np.arange(num_classes), n_per_class)
    return jnp.asarray(points.reshape(-1, 2), dtype=jnp.float32), jnp.asarray(labels)


def init_params(rng, sizes=(2, 32, 32, 3)):
    return [{"w": jnp.asarray(rng.standard_normal((m, n)) / np.sqrt(m), dtype=jnp.float32),
             "b": jnp.zeros(n, dtype=jnp.float32)}
            for m, n in zip(sizes[:-1], sizes[1:])]


def forward(params, x):
    for layer in params[:-1]:
        x = jnp.tanh(x @ layer["w"] + layer["b"])
    return x @ params[-1]["w"] + params[-1]["b"]


def loss(params, x, y):
    logp = jax.nn.log_softmax(forward(params, x))
    return -jnp.mean(jnp.sum(jax.nn.one_hot(y, 3) * logp, axis=-1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--lr", type=float, default=0.5)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    x, y = make_data(rng)
    params = init_params(rng)
    loss_fn, grad_fn = jax.jit(loss), jax.jit(jax.grad(loss))
    for step in range(args.steps):
        print(f"step {step} loss {float(loss_fn(params, x, y)):.8f}")
        grads = grad_fn(params, x, y)
        params = tree_util.tree_map(lambda p, g: p - args.lr * g, params, grads)
    accuracy = float(jnp.mean(jnp.argmax(forward(params, x), axis=-1) == y))
    print(f"accuracy {accuracy:.4f}")


if __name__ == "__main__":
    main()
