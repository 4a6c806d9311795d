"""An MLP classifier trained with ``jax.jit(jax.grad(loss))`` and SGD over a pytree, as plain JAX.

Every function takes the ``jax`` module as a parameter, so the same code runs on real JAX and on
ivy's jax frontend on any backend with autograd:

    python examples/jax_mlp.py --native               # real JAX
    python examples/jax_mlp.py --backend torch        # ivy's jax frontend on PyTorch
    python examples/jax_mlp.py --backend tensorflow --compare   # both, side by side

Three Gaussian blobs in 2-d (drawn with jax.random), a 2 -> 32 -> 32 -> 3 tanh MLP whose
parameters are a list of {"w", "b"} dicts initialized with jax.random, softmax cross-entropy via
``jax.nn.log_softmax`` and ``jax.nn.one_hot``, and plain SGD: ``jax.tree_util.tree_map`` over the
parameters and the gradients from the jitted ``jax.grad``. Everything is float32.
"""
import argparse


def make_data(jax, key, n_per_class=32, num_classes=3):
    """(points, labels): ``n_per_class`` 2-d points around each of ``num_classes`` centres."""
    jnp = jax.numpy
    k_centres, k_noise = jax.random.split(key)
    centres = 2.0 * jax.random.normal(k_centres, (num_classes, 2), dtype=jnp.float32)
    noise = 0.5 * jax.random.normal(k_noise, (num_classes, n_per_class, 2), dtype=jnp.float32)
    points = (centres[:, None, :] + noise).reshape(-1, 2)
    labels = jnp.repeat(jnp.arange(num_classes), n_per_class)
    return points, labels


def init_params(jax, key, sizes=(2, 32, 32, 3)):
    """A list of {"w": (fan_in, fan_out), "b": (fan_out,)} layers, LeCun-normal weights."""
    jnp = jax.numpy
    keys = jax.random.split(key, len(sizes) - 1)
    return [{"w": jax.random.normal(k, (m, n), dtype=jnp.float32) / jnp.sqrt(jnp.float32(m)),
             "b": jnp.zeros(n, dtype=jnp.float32)}
            for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


def forward(jax, params, x):
    jnp = jax.numpy
    for layer in params[:-1]:
        x = jnp.tanh(x @ layer["w"] + layer["b"])
    return x @ params[-1]["w"] + params[-1]["b"]


def make_loss(jax, num_classes=3):
    jnp = jax.numpy

    def loss(params, x, y):
        logp = jax.nn.log_softmax(forward(jax, params, x))
        return -jnp.mean(jnp.sum(jax.nn.one_hot(y, num_classes) * logp, axis=-1))
    return loss


def train(jax, steps=10, lr=0.5, seed=0):
    """The loss before each SGD step, the final parameters and the final training accuracy."""
    jnp = jax.numpy
    k_data, k_init = jax.random.split(jax.random.PRNGKey(seed))
    x, y = make_data(jax, k_data)
    params = init_params(jax, k_init)
    loss = make_loss(jax)
    loss_fn, grad_fn = jax.jit(loss), jax.jit(jax.grad(loss))
    losses = []
    for _ in range(steps):
        losses.append(float(loss_fn(params, x, y)))
        grads = grad_fn(params, x, y)
        params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    accuracy = float(jnp.mean(jnp.argmax(forward(jax, params, x), axis=-1) == y))
    return losses, params, accuracy


def _frontend(backend):
    import ivy
    ivy.set_backend(backend)
    from ivy.frontends import jax
    return jax


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", default="torch", help="ivy backend for the jax frontend")
    parser.add_argument("--native", action="store_true", help="use real JAX")
    parser.add_argument("--compare", action="store_true", help="also run real JAX, side by side")
    parser.add_argument("--steps", type=int, default=10)
    args = parser.parse_args(argv)
    runs = {}
    if not args.native:
        runs[f"frontend/{args.backend}"] = train(_frontend(args.backend), args.steps)
    if args.native or args.compare:
        import jax
        runs["jax"] = train(jax, args.steps)
    names = list(runs)
    print("step  " + "  ".join(f"{n:>20}" for n in names))
    for step in range(args.steps):
        print(f"{step:4d}  " + "  ".join(f"{runs[n][0][step]:20.8f}" for n in names))
    print("accuracy  " + "  ".join(f"{runs[n][2]:16.4f}" for n in names))


if __name__ == "__main__":
    main()
