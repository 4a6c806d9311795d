"""An MLP classifier as a ``tf.Module``, trained by a ``tf.function`` step with ``tf.GradientTape``
and ``assign_sub``: plain TensorFlow 2.

    python examples/scripts/tf_mlp.py                       # real TensorFlow
    python -m ivy run --frontend tensorflow --backend torch examples/scripts/tf_mlp.py

Three Gaussian blobs in 2-d and the initial weights come from NumPy (``default_rng(0)``), so
every run starts from the same numbers. Prints one line per step: ``step N loss L``, then the
final training accuracy.
"""
import argparse

import numpy as np
import tensorflow as tf


class Dense(tf.Module):
    def __init__(self, w, activation=None, name=None):
        super().__init__(name=name)
        self.w = tf.Variable(w.astype(np.float32), name="w")
        self.b = tf.Variable(tf.zeros([w.shape[1]]), name="b")
        self.activation = activation

    def __call__(self, x):
        y = tf.matmul(x, self.w) + self.b
        return y if self.activation is None else self.activation(y)


class MLP(tf.Module):
    def __init__(self, rng, sizes=(2, 32, 32, 3)):
        super().__init__(name="mlp")
        pairs = list(zip(sizes[:-1], sizes[1:]))
        self.layers = [Dense(rng.standard_normal((m, n)) / np.sqrt(m),
                             tf.tanh if k < len(pairs) - 1 else None, name=f"dense_{k}")
                       for k, (m, n) in enumerate(pairs)]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--lr", type=float, default=0.5)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    centres = 2.0 * rng.standard_normal((3, 2))
    points = (centres[:, None, :] + 0.5 * rng.standard_normal((3, 32, 2))).reshape(-1, 2)
    x = tf.constant(points.astype(np.float32))
    y = tf.constant(np.repeat(np.arange(3), 32).astype(np.int32))
    model = MLP(rng)

    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(
                labels=y, logits=model(x)))
        grads = tape.gradient(loss, model.trainable_variables)
        for variable, grad in zip(model.trainable_variables, grads):
            variable.assign_sub(args.lr * grad)
        return loss

    for i in range(args.steps):
        print(f"step {i} loss {float(step(x, y)):.8f}")
    predicted = tf.argmax(model(x), axis=1, output_type=tf.int32)
    print(f"accuracy {float(tf.reduce_mean(tf.cast(tf.equal(predicted, y), tf.float32))):.4f}")


if __name__ == "__main__":
    main()
