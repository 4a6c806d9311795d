"""The `conv` area on every backend against ``torch.nn.functional`` (and ``jax.lax`` for the SAME
rule at stride > 1): parameter sweeps over spatial rank, stride, padding, dilation, groups, layout,
output_padding and bias, on random float32/float64 inputs (half and complex in a smaller sweep);
gradients through each backend's own autodiff against torch's; the argument errors."""
from __future__ import annotations

from math import prod

import numpy as np
import pytest

from ivy.core.errors import IvyError

from .reference import assert_close, call, torch_ref
from .strategies import np_dtype

COVERED = {"conv", "conv_transpose", "unfold", "fold"}

SPATIAL = {1: (9,), 2: (7, 6), 3: (5, 6, 4)}     # few distinct shapes: jax compiles each once
# Sweeps alternate the dtype from case to case: both are checked, and jax compiles half as often.
DTYPES = ("float32", "float64")


def _rand(rng, shape, dtype):
    if dtype.startswith("complex"):
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)
    return rng.standard_normal(shape).astype(np_dtype(dtype))


def _torch_pad(x, pads):
    """F.pad of (low, high) per spatial dim (negative crops)."""
    import torch.nn.functional as F
    return F.pad(x, [v for lo, hi in reversed(pads) for v in (lo, hi)])


def _pairs(padding, n):
    if isinstance(padding, int):
        return ((padding, padding),) * n
    return tuple((p, p) if isinstance(p, int) else tuple(p) for p in padding)


def _same_pads(size, kernel, stride, dilation):
    """SAME padding by jax's own rule (the documented behaviour for stride > 1)."""
    from jax import lax
    span = tuple(d * (k - 1) + 1 for k, d in zip(kernel, dilation))
    return tuple(lax.padtype_to_pads(size, span, stride, "SAME"))


def _to_last(a):
    return np.ascontiguousarray(np.moveaxis(a, 1, -1))


def _to_first(a):
    return np.ascontiguousarray(np.moveaxis(a, -1, 1))


# ---- conv ------------------------------------------------------------------------------------

# n, kernel, stride, padding, dilation, groups, channels_last, bias
CONV_CASES = [
    (1, 3, 1, 0, 1, 1, False, True),
    (1, 4, 2, "same", 1, 2, True, False),
    (1, 2, 1, "same", 3, 1, False, True),           # even span: the odd pad goes high, as torch
    (1, 3, 3, [(2, 0)], 2, 4, False, False),
    (1, 3, 2, [(-1, 2)], 1, 1, True, True),          # negative low pad crops
    (2, 3, 1, 1, 1, 1, False, True),
    (2, (3, 2), (2, 1), (1, 0), (1, 2), 2, True, True),
    (2, 3, 2, "same", 2, 1, False, False),          # SAME at stride 2 (TF/JAX rule)
    (2, 2, 1, "same", 1, 4, True, True),            # depthwise
    (2, 3, (2, 3), "valid", 1, 1, False, True),
    (2, 3, 2, [(1, 2), (0, 1)], 2, 2, False, False),
    (3, 3, 1, 1, 1, 1, False, True),
    (3, 2, (1, 2, 1), "valid", (2, 1, 1), 2, True, False),
    (3, 3, 2, "same", 1, 4, False, True),
    (3, (2, 3, 2), 1, [(0, 1), (1, 1), (2, 0)], (2, 1, 2), 1, False, True),
]


def _conv_case(rng, case, dtype):
    import torch.nn.functional as F
    n, kernel, stride, padding, dilation, groups, last, with_bias = case
    kernel = (kernel,) * n if isinstance(kernel, int) else kernel
    channels, out_channels = 4, 8
    x = _rand(rng, (2, channels) + SPATIAL[n], dtype)
    w = _rand(rng, (out_channels, channels // groups) + kernel, dtype)
    b = _rand(rng, (out_channels,), dtype) if with_bias else None
    if padding == "same":
        s = (stride,) * n if isinstance(stride, int) else stride
        d = (dilation,) * n if isinstance(dilation, int) else dilation
        pads = _same_pads(SPATIAL[n], kernel, s, d)
    elif padding == "valid":
        pads = ((0, 0),) * n
    else:
        pads = _pairs(padding, n)

    def reference(x, w, b):
        if padding == "same" and stride == 1:       # torch's own rule
            return getattr(F, f"conv{n}d")(x, w, b, padding="same", dilation=dilation,
                                           groups=groups)
        return getattr(F, f"conv{n}d")(_torch_pad(x, pads), w, b, stride=stride, dilation=dilation,
                                       groups=groups)

    expected = torch_ref(reference, x, w, b)
    kw = dict(stride=stride, padding=padding, dilation=dilation, groups=groups, channels_last=last,
              bias=b)
    return (_to_last(x) if last else x), w, kw, (_to_last(expected) if last else expected)


@pytest.mark.filterwarnings("ignore:Using padding='same'")   # torch's, about its own copy
def test_conv(xp):
    rng = np.random.default_rng(0)
    for i, case in enumerate(CONV_CASES):
        dtype = DTYPES[i % 2]
        x, w, kw, expected = _conv_case(rng, case, dtype)
        got = call(xp, "conv", x, w, **kw)
        assert_close(got, expected, where=f"conv {case} {dtype}")


# ---- conv_transpose --------------------------------------------------------------------------

# n, kernel, stride, padding, output_padding, dilation, groups, channels_last, bias
TRANSPOSE_CASES = [
    (1, 3, 1, 0, 0, 1, 1, False, True),
    (1, 4, 2, 1, 1, 1, 2, True, False),
    (1, 3, 3, [(2, 0)], 2, 2, 4, False, True),       # uneven padding: crop, then extend
    (2, 3, 2, 1, 1, 1, 1, False, True),
    (2, (3, 2), (2, 1), (1, 0), (0, 1), (1, 2), 2, True, True),
    (2, 2, 1, 0, 0, 1, 4, False, False),            # depthwise
    (2, 3, 2, [(1, 2), (0, 1)], 1, 2, 1, True, True),
    (2, 3, 3, 2, (2, 1), 1, 1, False, False),
    (3, 3, 1, 1, 0, 1, 1, False, True),
    (3, 2, (2, 1, 2), 0, (1, 0, 1), (1, 2, 1), 2, True, False),
    (3, 3, 2, 1, 1, 1, 4, False, True),
]


def _transpose_case(rng, case, dtype):
    import torch.nn.functional as F
    n, kernel, stride, padding, output_padding, dilation, groups, last, with_bias = case
    kernel = (kernel,) * n if isinstance(kernel, int) else kernel
    channels, out_channels = 4, 8
    x = _rand(rng, (2, channels) + SPATIAL[n], dtype)
    w = _rand(rng, (channels, out_channels // groups) + kernel, dtype)
    b = _rand(rng, (out_channels,), dtype) if with_bias else None
    fn = getattr(F, f"conv_transpose{n}d")
    if isinstance(padding, list):      # torch pads evenly: take the full output and crop
        ops = (output_padding,) * n if isinstance(output_padding, int) else output_padding

        def reference(x, w, b):
            full = fn(x, w, None, stride=stride, dilation=dilation, groups=groups)
            y = _torch_pad(full, [(-lo, op - hi) for (lo, hi), op in zip(padding, ops)])
            return y if b is None else y + b.reshape((-1,) + (1,) * n)
    else:
        def reference(x, w, b):
            return fn(x, w, b, stride=stride, padding=padding, output_padding=output_padding,
                      dilation=dilation, groups=groups)

    expected = torch_ref(reference, x, w, b)
    kw = dict(stride=stride, padding=padding, output_padding=output_padding, dilation=dilation,
              groups=groups, channels_last=last, bias=b)
    return (_to_last(x) if last else x), w, kw, (_to_last(expected) if last else expected)


def test_conv_transpose(xp):
    rng = np.random.default_rng(1)
    for i, case in enumerate(TRANSPOSE_CASES):
        dtype = DTYPES[i % 2]
        x, w, kw, expected = _transpose_case(rng, case, dtype)
        got = call(xp, "conv_transpose", x, w, **kw)
        assert_close(got, expected, where=f"conv_transpose {case} {dtype}")


# ---- unfold / fold ---------------------------------------------------------------------------

# n, kernel_size, dilation, padding, stride
WINDOW_CASES = [
    (1, 3, 1, 0, 1),
    (1, 2, 2, 1, 3),
    (2, 3, 1, 0, 1),
    (2, (2, 3), (2, 1), (1, 0), (1, 2)),
    (2, 2, 1, 1, 2),
    (3, 2, 1, 0, 1),
    (3, (2, 1, 3), (1, 2, 1), (1, 0, 1), (2, 1, 1)),
]


def _torch_windows(case):
    """The case as torch's 2-D unfold/fold arguments (a 1-D case gets a unit height)."""
    n, k, d, p, s = case
    if n == 2:
        return k, d, p, s
    as_tuple = (lambda v: (1, v) if isinstance(v, int) else (1,) + tuple(v))
    return as_tuple(k), as_tuple(d), (0, p) if isinstance(p, int) else (0,) + tuple(p), as_tuple(s)


def _unfold_reference(x, case):
    n, k, d, p, s = case
    if n == 3:      # torch has no 3-D unfold: jax's patches (finite inputs), channel-major as torch
        import jax
        from jax import lax
        tup = (lambda v: (v,) * 3 if isinstance(v, int) else tuple(v))
        with jax.enable_x64(True):
            patches = np.asarray(lax.conv_general_dilated_patches(
                jax.numpy.asarray(x), tup(k), tup(s), [(q, q) for q in tup(p)],
                rhs_dilation=tup(d), precision=lax.Precision.HIGHEST))
        return patches.reshape(patches.shape[0], patches.shape[1], -1)
    import torch.nn.functional as F
    k2, d2, p2, s2 = _torch_windows(case)
    return torch_ref(lambda t: F.unfold(t if n == 2 else t[:, :, None], k2, d2, p2, s2), x)


def _fold_reference(cols, size, case):
    import torch
    import torch.nn.functional as F
    n, k, d, p, s = case
    if n == 3:      # col2im = transposed conv with a one-hot kernel per channel
        tup = (lambda v: (v,) * 3 if isinstance(v, int) else tuple(v))
        kernel = tup(k)
        taps = prod(kernel)
        channels = cols.shape[1] // taps
        span = [(i + 2 * q - dd * (kk - 1) - 1) // ss + 1
                for i, q, dd, kk, ss in zip(size, tup(p), tup(d), kernel, tup(s))]

        def reference(c):
            onehot = torch.eye(taps, dtype=c.dtype).reshape((taps, 1) + kernel)
            onehot = onehot.repeat(channels, 1, 1, 1, 1)
            y = F.conv_transpose3d(c.reshape((c.shape[0], -1) + tuple(span)), onehot, stride=tup(s),
                                   dilation=tup(d), groups=channels)
            # crop the padding from the low side; the high side ends at the output size
            return _torch_pad(y, [(-q, i + q - f) for q, i, f in zip(tup(p), size, y.shape[2:])])
        return torch_ref(reference, cols)
    k2, d2, p2, s2 = _torch_windows(case)
    out = size if n == 2 else (1,) + tuple(size)
    return torch_ref(lambda t: F.fold(t, out, k2, d2, p2, s2)
                     if n == 2 else F.fold(t, out, k2, d2, p2, s2)[:, :, 0], cols)


def test_unfold(xp):
    rng = np.random.default_rng(2)
    for i, case in enumerate(WINDOW_CASES):
        dtype = DTYPES[i % 2]
        x = _rand(rng, (2, 3) + SPATIAL[case[0]], dtype)
        expected = _unfold_reference(x, case)
        got = call(xp, "unfold", x, case[1], dilation=case[2], padding=case[3], stride=case[4])
        assert_close(got, expected, where=f"unfold {case} {dtype}")


def test_fold(xp):
    rng = np.random.default_rng(3)
    for i, case in enumerate(WINDOW_CASES):
        n, k, d, p, s = case
        size, dtype = SPATIAL[n], DTYPES[(i + 1) % 2]
        tup = (lambda v: (v,) * n if isinstance(v, int) else tuple(v))
        blocks = [(i + 2 * q - dd * (kk - 1) - 1) // ss + 1
                  for i, q, dd, kk, ss in zip(size, tup(p), tup(d), tup(k), tup(s))]
        cols = _rand(rng, (2, 3 * prod(tup(k)), prod(blocks)), dtype)
        expected = _fold_reference(cols, size, case)
        got = call(xp, "fold", cols, size, k, dilation=d, padding=p, stride=s)
        assert_close(got, expected, where=f"fold {case} {dtype}")


# ---- half precision and complex --------------------------------------------------------------

def test_other_dtypes(xp):
    """float16/bfloat16 (reference: float32 torch on the same values, rounded) and complex."""
    import torch.nn.functional as F
    rng = np.random.default_rng(4)
    for dtype in ("float16", "bfloat16", "complex128"):
        half = dtype in ("float16", "bfloat16")
        wide = (lambda a: a.astype(np.float32)) if half else (lambda a: a)
        narrow = (lambda a: a.astype(np_dtype(dtype))) if half else (lambda a: a)
        x = _rand(rng, (2, 4, 7, 6), dtype)
        w = _rand(rng, (6, 2, 3, 3), dtype)
        wt = _rand(rng, (4, 3, 3, 3), dtype)
        b = _rand(rng, (6,), dtype)
        expected = narrow(torch_ref(lambda x, w, b: F.conv2d(x, w, b, stride=2, padding=1,
                                                             groups=2), wide(x), wide(w), wide(b)))
        assert_close(call(xp, "conv", x, w, stride=2, padding=1, groups=2, bias=b), expected,
                     where=f"conv {dtype}")
        expected = narrow(torch_ref(lambda x, w, b: F.conv_transpose2d(
            x, w, b[:6], stride=2, padding=1, output_padding=1, groups=2), wide(x), wide(wt),
            wide(b)))
        assert_close(call(xp, "conv_transpose", x, wt, stride=2, padding=1, output_padding=1,
                          groups=2, bias=b), expected, where=f"conv_transpose {dtype}")
        cols = torch_ref(lambda t: F.unfold(t, 3, padding=1, stride=2), x)
        assert_close(call(xp, "unfold", x, 3, padding=1, stride=2), cols, where=f"unfold {dtype}")
        expected = narrow(torch_ref(lambda t: F.fold(t, (7, 6), 3, padding=1, stride=2),
                                    wide(cols)))
        assert_close(call(xp, "fold", cols, (7, 6), 3, padding=1, stride=2), expected,
                     where=f"fold {dtype}")


# ---- gradients -------------------------------------------------------------------------------

def _native_grad(backend, loss, x):
    """d loss(x) / dx by the backend framework's own autodiff (numpy has none: None)."""
    if backend == "torch":
        import torch
        t = torch.from_numpy(x).requires_grad_(True)
        loss(t).backward()
        return t.grad.numpy()
    if backend == "jax":
        import jax
        return np.asarray(jax.grad(loss)(jax.numpy.asarray(x)))
    if backend == "tensorflow":
        import tensorflow as tf
        t = tf.constant(x)
        with tf.GradientTape() as tape:
            tape.watch(t)
            value = loss(t)
        return tape.gradient(value, t).numpy()
    return None


def test_gradients(xp, backend):
    """Grouped, dilated, strided convolutions and unfold/fold differentiate natively (TF's CPU
    kernels have no gradient for grouped or dilated Conv2D), against torch's autograd."""
    if backend == "numpy":
        pytest.skip("numpy has no autodiff")
    import torch
    import torch.nn.functional as F
    rng = np.random.default_rng(5)
    x = rng.standard_normal((2, 4, 7, 6))
    w = rng.standard_normal((6, 2, 3, 3))
    wt = rng.standard_normal((4, 3, 3, 3))
    w3 = rng.standard_normal((4, 2, 2, 2, 1))

    def loss(conv, conv_transpose, unfold, fold, total, asarray, expand):
        return lambda t: (
            total(conv(t, asarray(w), groups=2, dilation=2, stride=(2, 1), padding=1) ** 2)
            + total(conv_transpose(t, asarray(wt), stride=2, groups=2, dilation=(1, 2)) ** 2)
            + total(conv(expand(t), asarray(w3), groups=2, dilation=(2, 1, 1)) ** 2)
            + total(fold(unfold(t, 3, stride=2) ** 2, (7, 6), 3, stride=2)))

    expected = _native_grad("torch", loss(
        lambda t, w, groups, dilation, stride=1, padding=0:
            (F.conv2d if t.ndim == 4 else F.conv3d)(t, w, None, stride, padding, dilation, groups),
        lambda t, w, stride, groups, dilation:
            F.conv_transpose2d(t, w, None, stride, 0, 0, groups, dilation),
        lambda t, k, stride: F.unfold(t, k, stride=stride),
        lambda t, size, k, stride: F.fold(t, size, k, stride=stride),
        torch.sum, torch.from_numpy, lambda t: t[..., None]), x)
    got = _native_grad(backend, loss(xp.conv, xp.conv_transpose, xp.unfold, xp.fold, xp.sum,
                                     xp.asarray, lambda t: xp.expand_dims(t, axis=-1)), x)
    assert_close(got, expected, where=f"gradient ({backend})")


# ---- errors ----------------------------------------------------------------------------------

def _f(*shape, dtype="float32"):
    return np.ones(shape, dtype)


ERRORS = [
    # (function, args, kwargs, expected builtin type)
    ("conv", (_f(1, 4, 8), _f(2, 3, 3)), {}, ValueError),                 # channels mismatch
    ("conv", (_f(1, 4, 8), _f(3, 2, 3)), {"groups": 2}, ValueError),      # out not divisible
    ("conv", (_f(1, 4, 8), _f(4, 4, 3)), {"groups": 2}, ValueError),      # in/groups mismatch
    ("conv", (_f(1, 4, 8), _f(2, 4, 3, 3)), {}, ValueError),              # weight rank
    ("conv", (_f(4, 8), _f(2, 4, 3)), {}, ValueError),                    # no batch dim
    ("conv", (_f(1, 4, 8), _f(2, 4, 9)), {}, ValueError),                 # kernel > input
    ("conv", (_f(1, 4, 8), _f(2, 4, 3)), {"padding": "full"}, ValueError),
    ("conv", (_f(1, 4, 8), _f(2, 4, 3)), {"stride": 0}, ValueError),
    ("conv", (_f(1, 4, 8), _f(2, 4, 3)), {"bias": _f(3)}, ValueError),
    ("conv", (_f(1, 4, 8, 8), _f(2, 4, 3, 3)), {"padding": (1, 2, 3)}, ValueError),
    ("conv", (_f(1, 4, 8, dtype="int64"), _f(2, 4, 3, dtype="int64")), {}, TypeError),
    ("conv", (_f(1, 4, 8), _f(2, 4, 3, dtype="float64")), {}, TypeError),
    ("conv_transpose", (_f(1, 4, 8), _f(3, 2, 3)), {}, ValueError),       # channels mismatch
    ("conv_transpose", (_f(1, 4, 8), _f(4, 2, 3)), {"groups": 3}, ValueError),
    ("conv_transpose", (_f(1, 4, 8), _f(4, 2, 3)), {"stride": 2, "output_padding": 2}, ValueError),
    ("conv_transpose", (_f(1, 4, 8), _f(4, 2, 3)), {"padding": "same"}, ValueError),
    ("conv_transpose", (_f(1, 4, 8, dtype="int32"), _f(4, 2, 3, dtype="int32")), {}, TypeError),
    ("unfold", (_f(1, 2, 4, 4), 5), {}, ValueError),                      # no block fits
    ("unfold", (_f(1, 2, 4, 4), 2), {"padding": -1}, ValueError),
    ("fold", (_f(1, 8, 10), (4, 4), 2), {}, ValueError),                  # L != blocks
    ("fold", (_f(1, 7, 9), (4, 4), 2), {}, ValueError),                   # C*K not divisible
]


def test_errors(xp):
    for name, args, kwargs, kind in ERRORS:
        case = f"{name}{tuple(a.shape if isinstance(a, np.ndarray) else a for a in args)} {kwargs}"
        with pytest.raises(kind) as info:
            call(xp, name, *args, **kwargs)
            pytest.fail(f"{case} did not raise", pytrace=False)
        assert isinstance(info.value, IvyError), f"{case}: {type(info.value).__name__}"
        assert f"ivy.{name}" in str(info.value), str(info.value)
