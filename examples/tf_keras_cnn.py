"""A small Keras ``Sequential`` CNN trained with ``tf.GradientTape`` and
``tf.keras.optimizers.Adam``, as plain TensorFlow 2.

Every function takes the ``tf`` module as a parameter, so the same code runs on real TensorFlow
and on ivy's tensorflow frontend on any backend with autograd:

    python examples/tf_keras_cnn.py --native                  # real TensorFlow (Keras 3)
    python examples/tf_keras_cnn.py --backend torch           # ivy's tensorflow frontend on PyTorch
    python examples/tf_keras_cnn.py --backend jax --compare   # both, side by side

8x8 one-channel images of three stripe patterns (horizontal, vertical, diagonal) plus noise, from
NumPy's seeded generator; Conv2D(4, 3, same, relu) -> MaxPooling2D -> Flatten -> Dense(16, relu)
-> Dense(3); the initial weights are set from NumPy too (``model.set_weights``), so both sides
start from the same numbers; SparseCategoricalCrossentropy(from_logits=True) and Adam in a
``tf.function`` step. Everything is float32.
"""
import argparse

import numpy as np


def make_data(n_per_class=16, size=8, seed=0):
    rng = np.random.default_rng(seed)
    i, j = np.meshgrid(np.arange(size), np.arange(size), indexing="ij")
    patterns = [(i % 2 == 0), (j % 2 == 0), ((i + j) % 3 == 0)]
    images, labels = [], []
    for label, pattern in enumerate(patterns):
        noise = 0.4 * rng.standard_normal((n_per_class, size, size))
        images.append(pattern[None].astype(np.float64) + noise)
        labels += [label] * n_per_class
    x = np.concatenate(images)[..., None].astype(np.float32)
    return x, np.asarray(labels, dtype=np.int32)


def build_model(tf, seed=1):
    layers = tf.keras.layers
    model = tf.keras.Sequential([
        tf.keras.Input(shape=(8, 8, 1)),
        layers.Conv2D(4, 3, padding="same", activation="relu"),
        layers.MaxPooling2D(2),
        layers.Flatten(),
        layers.Dense(16, activation="relu"),
        layers.Dense(3),
    ])
    rng = np.random.default_rng(seed)
    model.set_weights([(0.3 * rng.standard_normal(w.shape)).astype(np.float32)
                       for w in model.get_weights()])
    return model


def train(tf, steps=8, lr=0.01):
    """The loss before each step (Python floats), the final weights (NumPy arrays) and the final
    training accuracy."""
    images, labels = make_data()
    x, y = tf.constant(images), tf.constant(labels)
    model = build_model(tf)
    optimizer = tf.keras.optimizers.Adam(learning_rate=lr)
    loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    losses = [float(step(x, y)) for _ in range(steps)]
    predicted = tf.argmax(model(x), axis=1, output_type=tf.int32)
    accuracy = float(tf.reduce_mean(tf.cast(tf.equal(predicted, y), tf.float32)))
    return losses, [np.asarray(w) for w in model.get_weights()], accuracy


def forward(tf):
    """The untrained model's logits (runs on every backend, numpy included)."""
    images, _ = make_data()
    return np.asarray(build_model(tf)(tf.constant(images)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--native", action="store_true", help="run on real TensorFlow")
    parser.add_argument("--backend", default="jax", help="ivy backend for the frontend")
    parser.add_argument("--compare", action="store_true", help="run both and compare")
    parser.add_argument("--steps", type=int, default=8)
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
