"""Program tests' helpers: run steps on both sides, then compare their descriptions."""
import numpy as real_np

from ..numpy.test_programs import _steps as steps  # noqa: F401 - re-exported


def describe(x):
    """A comparable description: tensors by dtype name, shape and values; errors by type name."""
    if isinstance(x, (list, tuple)):
        return [describe(v) for v in x]
    if isinstance(x, dict):
        return {k: describe(v) for k, v in x.items()}
    if isinstance(x, BaseException):
        return ("error", type(x).__name__)
    if hasattr(x, "numpy") and hasattr(x, "dtype"):
        a = real_np.asarray(x.numpy())
        return ("tensor", x.dtype.name, a.shape, a.tolist())
    if type(x).__name__ in ("DType", "TensorShape"):
        return (type(x).__name__, repr(x))
    if isinstance(x, real_np.generic):
        return ("numpy", type(x).__name__, x.item())
    if isinstance(x, real_np.ndarray):
        return ("ndarray", x.dtype.name, x.shape, x.tolist())
    return ("python", type(x).__name__, x)


def close(ours, real, rtol=1e-5, atol=1e-6):
    """Like ``describe(ours) == describe(real)`` but float values within tolerances."""
    a, b = describe(ours), describe(real)
    _close(a, b, rtol, atol)


def _close(a, b, rtol, atol, where="result"):
    if isinstance(a, list) and isinstance(b, list):
        assert len(a) == len(b), f"{where}: {len(a)} items vs {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            _close(x, y, rtol, atol, f"{where}[{i}]")
        return
    if (isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b) == 4
            and a[0] == b[0] == "tensor"):
        assert a[:3] == b[:3], f"{where}: {a[:3]} vs {b[:3]}"
        real_np.testing.assert_allclose(real_np.asarray(a[3], dtype=complex),
                                        real_np.asarray(b[3], dtype=complex), rtol=rtol,
                                        atol=atol, err_msg=where)
        return
    assert a == b, f"{where}: {a} vs {b}"
