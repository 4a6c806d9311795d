"""Per-call cost of the torch frontend over real torch, side by side in one run.

    python benchmarks/frontend_torch.py [--backends torch,numpy] [--repeat 15]

For each statement (operators, functions, methods, indexing, in-place) on 8x8 float32 tensors, times
the same source text on real torch and on ``ivy.frontends.torch`` with the backend selected,
alternately, keeps the best of each and prints microseconds, the difference and the ratio. On the
torch backend the difference is the frontend's own cost (DESIGN.md budget: ~1.5 us per elementwise
call); on other backends it also includes that framework's dispatch.
"""
import numpy as np

from _side_by_side import main, time_statements

STATEMENTS = (
    "torch.add(x, y)", "x + y", "torch.matmul(x, y)", "F.relu(x)", "F.softmax(x, dim=-1)",
    "x[:, 1:3]", "x[mask]",
    "x * 2.0", "torch.sin(x)", "x.sum()", "torch.sum(x, 1)", "x.reshape(-1)", "x[0]", "x.T",
    "x.float()", "x.add_(y)", "x > y", "torch.cat([x, y])", "x.mean(0)",
)


def run(backend, repeat, only=None):
    import torch as real
    real.set_num_threads(1)     # per-call overhead, not intra-op thread scheduling, is measured

    from ivy.frontends import torch as fe
    data = np.random.default_rng(0).standard_normal((2, 8, 8)).astype(np.float32)
    real_env = {"torch": real, "F": real.nn.functional, "x": real.from_numpy(data[0].copy()),
                "y": real.from_numpy(data[1].copy()), "mask": real.from_numpy(data[1] > 0)}

    def frontend_env():
        return {"torch": fe, "F": fe.nn.functional, "x": fe.from_numpy(data[0].copy()),
                "y": fe.from_numpy(data[1].copy()), "mask": fe.from_numpy(data[1] > 0)}
    return time_statements(only or STATEMENTS, real_env, frontend_env, backend, repeat)


if __name__ == "__main__":
    main(__doc__, run, "torch", "torch")
