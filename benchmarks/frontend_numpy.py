"""Per-call cost of the numpy frontend over real NumPy, side by side in one run.

    python benchmarks/frontend_numpy.py [--backends numpy,torch] [--repeat 40]

For each statement on 8x8 float32 arrays, times the same source text on real NumPy and on
``ivy.frontends.numpy`` with the backend selected, alternately, keeps the best of each and prints
microseconds, the difference and the ratio. On the numpy backend the difference is the frontend's
own cost (the issue's budget: at most 1.5 us per call); on other backends it also includes that
framework's dispatch.
"""
import numpy as real_np

from _side_by_side import main, time_statements

STATEMENTS = (
    "np.add(a, b)", "a + b", "a[1:3]", "a.sum()", "np.dot(a, b)", "a * 2.0", "np.sin(a)",
    "a[0, 1]", "a.T", "a.reshape(-1)", "np.sum(a, axis=1)", "a > b", "np.add(a, b, out=a)",
)


def run(backend, repeat, only=None):
    from ivy.frontends import numpy as fe
    data = real_np.random.default_rng(0).standard_normal((2, 8, 8)).astype(real_np.float32)
    real_env = {"np": real_np, "a": data[0].copy(), "b": data[1].copy()}

    def frontend_env():
        return {"np": fe, "a": fe.asarray(data[0]), "b": fe.asarray(data[1])}
    return time_statements(only or STATEMENTS, real_env, frontend_env, backend, repeat)


if __name__ == "__main__":
    main(__doc__, run, "numpy", "numpy")
