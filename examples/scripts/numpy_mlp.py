"""A 2-layer MLP trained by full-batch gradient descent with hand-written backprop: plain NumPy.

    python examples/scripts/numpy_mlp.py                       # real NumPy
    python -m ivy run --frontend numpy --backend torch examples/scripts/numpy_mlp.py

Data and weights come from ``np.random.default_rng(0)``; 4 -> 16 -> 3 with ReLU and softmax
cross-entropy, the gradients written out by hand (including a masked write, ``d_h[h_pre <= 0]
= 0``, and in-place updates). Prints one line per step: ``step N loss L``.
"""
import argparse

import numpy as np


def make_data(rng, n_per_class=20):
    centres = np.array([[2.0, 0.0, 0.0, 1.0], [-2.0, 1.0, 0.0, 0.0], [0.0, -2.0, 1.0, 0.0]])
    x = np.concatenate([c + 0.7 * rng.standard_normal((n_per_class, 4)) for c in centres])
    y = np.repeat(np.arange(3), n_per_class)
    return x, y


def softmax_cross_entropy(logits, y):
    """(mean loss, d loss / d logits)."""
    shifted = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    probs = exp / exp.sum(axis=1, keepdims=True)
    n = logits.shape[0]
    loss = -np.log(probs[np.arange(n), y]).mean()
    grad = probs.copy()
    grad[np.arange(n), y] -= 1.0
    return loss, grad / n


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--lr", type=float, default=0.5)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    x, y = make_data(rng)
    w1, b1 = rng.standard_normal((4, 16)) * np.sqrt(2.0 / 4), np.zeros(16)
    w2, b2 = rng.standard_normal((16, 3)) * np.sqrt(2.0 / 16), np.zeros(3)
    for step in range(args.steps):
        h_pre = x @ w1 + b1
        h = np.maximum(h_pre, 0.0)
        loss, d_logits = softmax_cross_entropy(h @ w2 + b2, y)
        print(f"step {step} loss {float(loss):.10f}")
        d_w2, d_b2 = h.T @ d_logits, d_logits.sum(axis=0)
        d_h = d_logits @ w2.T
        d_h[h_pre <= 0] = 0.0
        d_w1, d_b1 = x.T @ d_h, d_h.sum(axis=0)
        w1 -= args.lr * d_w1
        b1 -= args.lr * d_b1
        w2 -= args.lr * d_w2
        b2 -= args.lr * d_b2


if __name__ == "__main__":
    main()
