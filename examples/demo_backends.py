"""One framework-agnostic program, four backends, the same numbers.

`mlp_step` is written once against the ivy core; it runs on numpy, torch, jax and tensorflow
arrays and the script prints each backend's result beside numpy's. It uses the standard's
functions and the core's ML extensions (convolution, pooling, normalization, activations) and, on
the backends that differentiate (torch, jax, tensorflow), `ivy.grad` of the loss.
"""
import importlib.util
import time

import numpy as np

import ivy


def softmax(logits, axis=-1):
    shifted = ivy.subtract(logits, ivy.max(logits, axis=axis, keepdims=True))
    e = ivy.exp(shifted)
    return ivy.divide(e, ivy.sum(e, axis=axis, keepdims=True))


def cross_entropy(x, w1, w2, labels):
    hidden = ivy.tanh(ivy.matmul(x, w1))
    probs = softmax(ivy.matmul(hidden, w2))
    picked = ivy.take_along_axis(probs, ivy.expand_dims(labels, axis=-1), axis=-1)
    return ivy.negative(ivy.mean(ivy.log(picked))), hidden


def conv_features(images, kernels):
    """conv -> max-pool -> layer norm -> gelu, the mean activation."""
    maps = ivy.conv(images, kernels, padding="same")
    pooled = ivy.max_pool(maps, 2)
    normed = ivy.layer_norm(pooled, ivy.shape(pooled)[-2:])
    return ivy.mean(ivy.gelu(normed))


def mlp_step(x, w1, w2, labels, images, kernels):
    """A two-layer MLP's cross-entropy, a small conv net, a least-squares solve and a spectrum."""
    loss, hidden = cross_entropy(x, w1, w2, labels)
    gram = ivy.add(ivy.matmul(ivy.matrix_transpose(x), x), ivy.eye(x.shape[-1], dtype=ivy.dtype(x)))
    coef = ivy.linalg.solve(gram, ivy.sum(x, axis=0)[:, None])
    power = ivy.abs(ivy.fft.rfft(ivy.sum(hidden, axis=-1)))
    return {"loss": loss, "conv_mean": conv_features(images, kernels),
            "solve_norm": ivy.linalg.vector_norm(coef), "spectrum_max": ivy.max(power)}


def grad_norm(x, w1, w2, labels, **_):
    """|d loss / d w2|, by the backend's autodiff."""
    g = ivy.grad(lambda w: cross_entropy(x, w1, w, labels)[0])(w2)
    return ivy.linalg.vector_norm(g)


def main():
    rng = np.random.default_rng(0)
    data = dict(
        x=rng.standard_normal((64, 16)),
        w1=rng.standard_normal((16, 32)) * 0.3,
        w2=rng.standard_normal((32, 10)) * 0.3,
        labels=rng.integers(0, 10, size=64),
        images=rng.standard_normal((2, 3, 16, 16)),
        kernels=rng.standard_normal((4, 3, 3, 3)) * 0.2,
    )
    frameworks = {"numpy": "numpy", "torch": "torch", "jax": "jax", "tensorflow": "tensorflow"}
    results = {}
    names = ("loss", "conv_mean", "solve_norm", "spectrum_max", "grad_norm")
    print(f"{'backend':<12}" + "".join(f"{n:>20}" for n in names) + f"{'ms':>8}")
    for backend in ivy.BACKENDS:
        if importlib.util.find_spec(frameworks[backend]) is None:
            print(f"{backend:<12} (not installed)")
            continue
        with ivy.using_backend(backend):
            args = {k: ivy.asarray(v) for k, v in data.items()}
            mlp_step(**args)  # warm-up (jax compiles per shape)
            start = time.perf_counter()
            out = mlp_step(**args)
            ms = (time.perf_counter() - start) * 1e3
            values = {k: float(ivy.to_numpy(v)) for k, v in out.items()}
            if backend != "numpy":                        # numpy has no autodiff
                values["grad_norm"] = float(ivy.to_numpy(grad_norm(**args)))
        results[backend] = values
        print(f"{backend:<12}" + "".join(f"{values[k]:>20.14g}" if k in values else f"{'n/a':>20}"
                                         for k in names) + f"{ms:>8.2f}")
    reference = results["numpy"]
    with_grad = [v for v in results.values() if "grad_norm" in v]
    worst = max([abs(v[k] - reference[k]) / max(1.0, abs(reference[k]))
                 for v in results.values() for k in reference] +
                [abs(v["grad_norm"] - with_grad[0]["grad_norm"]) for v in with_grad])
    print(f"largest relative difference from numpy: {worst:.3g}")
    if worst > 1e-9:
        raise SystemExit("backends disagree")


if __name__ == "__main__":
    main()
