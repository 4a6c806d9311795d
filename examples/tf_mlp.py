"""An MLP classifier as a ``tf.Module``, trained by a ``tf.function`` step with ``tf.GradientTape``
and ``assign_sub``, as plain TensorFlow 2.

Every function takes the ``tf`` module as a parameter, so the same code runs on real TensorFlow
and on ivy's tensorflow frontend on any backend with autograd:

    python examples/tf_mlp.py --native                  # real TensorFlow
    python examples/tf_mlp.py --backend jax             # ivy's tensorflow frontend on JAX
    python examples/tf_mlp.py --backend torch --compare # both, side by side

Three Gaussian blobs in 2-d and the initial weights come from NumPy's seeded generator (so both
sides start from the same numbers); a 2 -> 32 -> 32 -> 3 tanh MLP of ``Dense`` modules holding
``tf.Variable``s; ``tf.nn.sparse_softmax_cross_entropy_with_logits``; SGD by
``variable.assign_sub(lr * grad)`` over ``model.trainable_variables``. Everything is float32.
"""
import argparse

import numpy as np


def make_data(n_per_class=32, num_classes=3, seed=0):
    rng = np.random.default_rng(seed)
    centres = 2.0 * rng.standard_normal((num_classes, 2))
    points = centres[:, None, :] + 0.5 * rng.standard_normal((num_classes, n_per_class, 2))
    labels = np.repeat(np.arange(num_classes), n_per_class)
    return points.reshape(-1, 2).astype(np.float32), labels.astype(np.int32)


def build_model(tf, sizes=(2, 32, 32, 3), seed=1):
    rng = np.random.default_rng(seed)

    class Dense(tf.Module):
        def __init__(self, fan_in, fan_out, activation=None, name=None):
            super().__init__(name=name)
            w = rng.standard_normal((fan_in, fan_out)) / np.sqrt(fan_in)
            self.w = tf.Variable(w.astype(np.float32), name="w")
            self.b = tf.Variable(tf.zeros([fan_out]), name="b")
            self.activation = activation

        def __call__(self, x):
            y = tf.matmul(x, self.w) + self.b
            return y if self.activation is None else self.activation(y)

    class MLP(tf.Module):
        def __init__(self, name=None):
            super().__init__(name=name)
            with self.name_scope:
                self.layers = [Dense(m, n, tf.tanh if k < len(sizes) - 2 else None,
                                     name=f"dense_{k}")
                               for k, (m, n) in enumerate(zip(sizes[:-1], sizes[1:]))]

        @tf.function
        def __call__(self, x):
            for layer in self.layers:
                x = layer(x)
            return x

    return MLP()


def make_step(tf, model, lr):
    """The training step: a ``tf.function`` taking (x, y), returning the loss before the update."""
    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            logits = model(x)
            loss = tf.reduce_mean(
                tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
        grads = tape.gradient(loss, model.trainable_variables)
        for variable, grad in zip(model.trainable_variables, grads):
            variable.assign_sub(lr * grad)
        return loss
    return step


def train(tf, steps=10, lr=0.5):
    """The loss before each step (Python floats), the final variables (NumPy arrays) and the
    final training accuracy."""
    points, labels = make_data()
    x, y = tf.constant(points), tf.constant(labels)
    model = build_model(tf)
    step = make_step(tf, model, lr)
    losses = [float(step(x, y)) for _ in range(steps)]
    predicted = tf.argmax(model(x), axis=1, output_type=tf.int32)
    accuracy = float(tf.reduce_mean(tf.cast(tf.equal(predicted, y), tf.float32)))
    return losses, [v.numpy() for v in model.trainable_variables], accuracy


def forward(tf):
    """The untrained model's logits (runs on every backend, numpy included)."""
    points, _ = make_data()
    return build_model(tf)(tf.constant(points)).numpy()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--native", action="store_true", help="run on real TensorFlow")
    parser.add_argument("--backend", default="jax", help="ivy backend for the frontend")
    parser.add_argument("--compare", action="store_true", help="run both and compare")
    parser.add_argument("--steps", type=int, default=10)
    args = parser.parse_args()
    runs = {}
    if args.native or args.compare:
        import tensorflow
        runs["TensorFlow"] = train(tensorflow, args.steps)
    if not args.native:
        import ivy
        from ivy.frontends import tensorflow as frontend
        ivy.set_backend(args.backend)
        runs[f"ivy ({args.backend})"] = train(frontend, args.steps)
    for name, (losses, _, accuracy) in runs.items():
        print(f"{name:>18}: losses {' '.join(f'{v:.5f}' for v in losses)}  "
              f"accuracy {accuracy:.3f}")


if __name__ == "__main__":
    main()
