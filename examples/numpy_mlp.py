"""Plain NumPy: a 2-layer MLP trained with hand-written backpropagation, and an im2col convolution
whose backward pass scatters with ``np.add.at``.

Every function takes the ``np`` module as a parameter, so the same code runs on real NumPy and on
ivy's numpy frontend on any backend (numpy, torch, jax, tensorflow):

    python examples/numpy_mlp.py --native                 # real NumPy
    python examples/numpy_mlp.py --backend torch          # ivy's numpy frontend on PyTorch
    python examples/numpy_mlp.py --backend jax --compare  # both, side by side

The MLP (4 -> 16 -> 3, ReLU, softmax cross-entropy) is initialized from ``np.random.seed`` and
``np.random.randn``, trained by full-batch gradient descent on three Gaussian blobs; the gradients
are written out by hand. The convolution lowers a 1x6x6 image batch to columns with fancy indexing
(``im2col``), multiplies by the filters, and its input gradient folds the columns back with
``np.add.at`` (overlapping patches accumulate).
"""
import argparse


def make_data(np, n_per_class=20):
    np.random.seed(0)
    centres = np.array([[2.0, 0.0, 0.0, 1.0], [-2.0, 1.0, 0.0, 0.0], [0.0, -2.0, 1.0, 0.0]])
    x = np.concatenate([c + 0.7 * np.random.randn(n_per_class, 4) for c in centres])
    y = np.repeat(np.arange(3), n_per_class)
    return x, y


def init_params(np, sizes=(4, 16, 3)):
    np.random.seed(1)
    return [(np.random.randn(m, n) * np.sqrt(2.0 / m), np.zeros(n))
            for m, n in zip(sizes[:-1], sizes[1:])]


def softmax_cross_entropy(np, logits, y):
    """(mean loss, d loss / d logits)."""
    shifted = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(shifted)
    probs = exp / exp.sum(axis=1, keepdims=True)
    n = logits.shape[0]
    loss = -np.log(probs[np.arange(n), y]).mean()
    grad = probs.copy()
    grad[np.arange(n), y] -= 1.0
    return loss, grad / n


def sgd_step(np, params, x, y, lr):
    """One step of hand-written backprop; the parameters are updated in place. The loss."""
    (w1, b1), (w2, b2) = params
    h_pre = x @ w1 + b1
    h = np.maximum(h_pre, 0.0)
    logits = h @ w2 + b2
    loss, d_logits = softmax_cross_entropy(np, logits, y)
    d_w2, d_b2 = h.T @ d_logits, d_logits.sum(axis=0)
    d_h = d_logits @ w2.T
    d_h[h_pre <= 0] = 0.0
    d_w1, d_b1 = x.T @ d_h, d_h.sum(axis=0)
    w1 -= lr * d_w1
    b1 -= lr * d_b1
    w2 -= lr * d_w2
    b2 -= lr * d_b2
    return float(loss)


def train_mlp(np, steps=20, lr=0.5):
    """The loss at every step and the final parameters, by hand-written backprop."""
    x, y = make_data(np)
    params = init_params(np)
    losses = [sgd_step(np, params, x, y, lr) for _ in range(steps)]
    (w1, b1), (w2, b2) = params
    return losses, [w1, b1, w2, b2]


def im2col_indices(np, height, width, k):
    """Row and column indices of every k x k patch (stride 1, no padding), one patch per column."""
    out_h, out_w = height - k + 1, width - k + 1
    i0 = np.repeat(np.arange(k), k)
    j0 = np.tile(np.arange(k), k)
    i1 = np.repeat(np.arange(out_h), out_w)
    j1 = np.tile(np.arange(out_w), out_h)
    return i0.reshape(-1, 1) + i1.reshape(1, -1), j0.reshape(-1, 1) + j1.reshape(1, -1)


def conv_forward_backward(np, k=3, filters=2):
    """Output of a valid convolution by im2col and the input gradient by col2im (np.add.at)."""
    np.random.seed(2)
    images = np.random.randn(2, 6, 6)
    weights = np.random.randn(filters, k * k)
    rows, cols = im2col_indices(np, 6, 6, k)
    columns = images[:, rows, cols]                         # (batch, k*k, patches)
    out = np.einsum("fk,bkp->bfp", weights, columns)
    d_out = np.ones_like(out)
    d_columns = np.einsum("fk,bfp->bkp", weights, d_out)    # (batch, k*k, patches)
    d_images = np.zeros_like(images)
    for b in range(images.shape[0]):
        np.add.at(d_images[b], (rows, cols), d_columns[b])
    return out, d_images


def _frontend(backend):
    import ivy
    ivy.set_backend(backend)
    from ivy.frontends import numpy
    return numpy


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", default="torch", help="ivy backend for the numpy frontend")
    parser.add_argument("--native", action="store_true", help="use real NumPy")
    parser.add_argument("--compare", action="store_true", help="also run real NumPy")
    parser.add_argument("--steps", type=int, default=20)
    args = parser.parse_args(argv)
    runs = {}
    if not args.native:
        fe = _frontend(args.backend)
        runs[f"frontend/{args.backend}"] = (train_mlp(fe, args.steps)[0],
                                            float(conv_forward_backward(fe)[1].sum()))
    if args.native or args.compare:
        import numpy
        runs["numpy"] = (train_mlp(numpy, args.steps)[0],
                         float(conv_forward_backward(numpy)[1].sum()))
    names = list(runs)
    print("step  " + "  ".join(f"{n:>20}" for n in names))
    for step in range(args.steps):
        print(f"{step:4d}  " + "  ".join(f"{runs[n][0][step]:20.10f}" for n in names))
    print("conv input-gradient sum  " + "  ".join(f"{runs[n][1]:14.8f}" for n in names))


if __name__ == "__main__":
    main()
