"""Per-call cost of the tensorflow frontend over real TensorFlow, side by side in one run.

    python benchmarks/frontend_tensorflow.py [--backends tensorflow,torch] [--repeat 15]

For each statement on 8x8 float32 tensors, times the same source text on real eager TensorFlow
and on ``ivy.frontends.tensorflow`` with the backend selected, alternately, keeps the best of each
and prints microseconds, the difference and the ratio. On the tensorflow backend the difference
is the frontend's own cost; on other backends it also includes that framework's dispatch.
"""
import numpy as np

from _side_by_side import main, time_statements

STATEMENTS = (
    "tf.add(x, y)", "x + y", "tf.matmul(x, y)", "tf.nn.relu(x)", "tf.reduce_sum(x)",
    "x * 2.0", "tf.sin(x)", "x @ y", "x[:, 1:3]", "x[0]", "tf.reduce_mean(x, axis=1)",
    "tf.reshape(x, [-1])", "tf.transpose(x)", "tf.nn.softmax(x)", "tf.where(x > 0, x, y)",
    "tf.concat([x, y], 0)", "tf.cast(x, tf.float64)", "v + x", "v.assign_add(x)",
)


def run(backend, repeat, only=None):
    import tensorflow as real

    import ivy.frontends.tensorflow as fe
    data = np.random.default_rng(0).standard_normal((2, 8, 8)).astype(np.float32)
    real_env = {"tf": real, "x": real.constant(data[0]), "y": real.constant(data[1]),
                "v": real.Variable(data[0])}

    def frontend_env():
        return {"tf": fe, "x": fe.constant(data[0]), "y": fe.constant(data[1]),
                "v": fe.Variable(data[0])}
    return time_statements(only or STATEMENTS, real_env, frontend_env, backend, repeat)


if __name__ == "__main__":
    main(__doc__, run, "tensorflow", "tensorflow")
