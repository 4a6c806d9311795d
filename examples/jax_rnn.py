"""A small RNN written with ``jax.lax.scan`` and batched with ``jax.vmap``, trained as plain JAX.

Every function takes the ``jax`` module as a parameter, so the same code runs on real JAX and on
ivy's jax frontend on any backend with autograd:

    python examples/jax_rnn.py --native               # real JAX
    python examples/jax_rnn.py --backend torch        # ivy's jax frontend on PyTorch
    python examples/jax_rnn.py --backend jax --compare     # both, side by side

The task: read a sequence of noisy sine samples and predict the next value at every step. An
Elman cell ``h = tanh(x W_x + h W_h + b)`` is scanned over one sequence (``lax.scan`` with the
per-step predictions as outputs), ``jax.vmap`` maps it over the batch, and
``jax.jit(jax.value_and_grad(loss))`` drives SGD with momentum over the parameter
dictionary (``jax.tree_util.tree_map``). Everything is float32.
"""
import argparse


def make_data(jax, key, batch=16, length=12):
    """(inputs, targets) of shape (batch, length, 1): noisy sines and their next values."""
    jnp = jax.numpy
    k_phase, k_noise = jax.random.split(key)
    phase = jax.random.uniform(k_phase, (batch, 1), minval=0.0, maxval=6.2831855,
                               dtype=jnp.float32)
    t = phase + 0.4 * jnp.arange(length + 1, dtype=jnp.float32)
    wave = jnp.sin(t) + 0.05 * jax.random.normal(k_noise, t.shape, dtype=jnp.float32)
    return wave[:, :-1, None], wave[:, 1:, None]


def init_params(jax, key, hidden=16):
    jnp = jax.numpy
    kx, kh, ko = jax.random.split(key, 3)
    return {"w_x": 0.5 * jax.random.normal(kx, (1, hidden), dtype=jnp.float32),
            "w_h": jax.random.orthogonal(kh, hidden, dtype=jnp.float32) * 0.9,
            "b": jnp.zeros(hidden, dtype=jnp.float32),
            "w_o": jax.random.normal(ko, (hidden, 1), dtype=jnp.float32) / 4.0,
            "b_o": jnp.zeros(1, dtype=jnp.float32)}


def predict_sequence(jax, params, xs):
    """Per-step predictions for one sequence xs of shape (length, 1), by lax.scan."""
    jnp = jax.numpy

    def cell(h, x):
        h = jnp.tanh(x @ params["w_x"] + h @ params["w_h"] + params["b"])
        return h, h @ params["w_o"] + params["b_o"]

    h0 = jnp.zeros(params["b"].shape, dtype=jnp.float32)
    _, ys = jax.lax.scan(cell, h0, xs)
    return ys


def make_loss(jax):
    jnp = jax.numpy

    def loss(params, xs, ys):
        preds = jax.vmap(lambda seq: predict_sequence(jax, params, seq))(xs)
        return jnp.mean((preds - ys) ** 2)
    return loss


def train(jax, steps=8, lr=0.1, momentum=0.9, seed=0):
    """The loss at each SGD-with-momentum step and the final parameters."""
    k_data, k_init = jax.random.split(jax.random.PRNGKey(seed))
    xs, ys = make_data(jax, k_data)
    params = init_params(jax, k_init)
    velocity = jax.tree_util.tree_map(jax.numpy.zeros_like, params)
    step_fn = jax.jit(jax.value_and_grad(make_loss(jax)))
    losses = []
    for _ in range(steps):
        value, grads = step_fn(params, xs, ys)
        velocity = jax.tree_util.tree_map(lambda v, g: momentum * v + g, velocity, grads)
        params = jax.tree_util.tree_map(lambda p, v: p - lr * v, params, velocity)
        losses.append(float(value))
    return losses, params


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
    parser.add_argument("--steps", type=int, default=8)
    args = parser.parse_args(argv)
    runs = {}
    if not args.native:
        runs[f"frontend/{args.backend}"] = train(_frontend(args.backend), args.steps)[0]
    if args.native or args.compare:
        import jax
        runs["jax"] = train(jax, args.steps)[0]
    names = list(runs)
    print("step  " + "  ".join(f"{n:>20}" for n in names))
    for step in range(args.steps):
        print(f"{step:4d}  " + "  ".join(f"{runs[n][step]:20.8f}" for n in names))


if __name__ == "__main__":
    main()
