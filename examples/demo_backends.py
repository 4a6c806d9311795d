"""One framework-agnostic function, four backends, the same numbers.

`mlp_step` is written once against the ivy core; it runs on numpy, torch, jax and tensorflow
arrays and the script prints each backend's result beside numpy's.
"""
import importlib.util
import time

import numpy as np

import ivy


def softmax(logits, axis=-1):
    shifted = ivy.subtract(logits, ivy.max(logits, axis=axis, keepdims=True))
    e = ivy.exp(shifted)
    return ivy.divide(e, ivy.sum(e, axis=axis, keepdims=True))


def mlp_step(x, w1, w2, labels):
    """A two-layer MLP's cross-entropy, plus a least-squares solve and a spectrum."""
    hidden = ivy.tanh(ivy.matmul(x, w1))
    probs = softmax(ivy.matmul(hidden, w2))
    picked = ivy.take_along_axis(probs, ivy.expand_dims(labels, axis=-1), axis=-1)
    loss = ivy.negative(ivy.mean(ivy.log(picked)))
    gram = ivy.add(ivy.matmul(ivy.matrix_transpose(x), x), ivy.eye(x.shape[-1], dtype=ivy.dtype(x)))
    coef = ivy.linalg.solve(gram, ivy.sum(x, axis=0)[:, None])
    power = ivy.abs(ivy.fft.rfft(ivy.sum(hidden, axis=-1)))
    return {"loss": loss, "solve_norm": ivy.linalg.vector_norm(coef), "spectrum_max": ivy.max(power)}


def main():
    rng = np.random.default_rng(0)
    data = dict(
        x=rng.standard_normal((64, 16)),
        w1=rng.standard_normal((16, 32)) * 0.3,
        w2=rng.standard_normal((32, 10)) * 0.3,
        labels=rng.integers(0, 10, size=64),
    )
    frameworks = {"numpy": "numpy", "torch": "torch", "jax": "jax", "tensorflow": "tensorflow"}
    results = {}
    print(f"{'backend':<12}{'loss':>22}{'solve_norm':>22}{'spectrum_max':>22}{'ms':>8}")
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
        results[backend] = values
        print(f"{backend:<12}" + "".join(f"{values[k]:>22.15g}" for k in values) + f"{ms:>8.2f}")
    reference = results["numpy"]
    worst = max(abs(v[k] - reference[k]) / max(1.0, abs(reference[k]))
                for v in results.values() for k in reference)
    print(f"largest relative difference from numpy: {worst:.3g}")
    if worst > 1e-9:
        raise SystemExit("backends disagree")


if __name__ == "__main__":
    main()
