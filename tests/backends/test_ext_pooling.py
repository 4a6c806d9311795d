"""The `pooling` area on every backend against torch.nn.functional (pools, interpolate) and
numpy.pad, sweeping the parameter combinations in a few tests (one shape per rank keeps jax's
compilations few)."""
import itertools

import numpy as np
import pytest


from .reference import assert_close, call, torch_ref
from .strategies import np_dtype

COVERED = {"max_pool", "avg_pool", "adaptive_avg_pool", "adaptive_max_pool", "lp_pool",
           "interpolate", "pad"}

SHAPES = {1: (2, 3, 11), 2: (2, 3, 9, 8), 3: (1, 2, 6, 7, 5)}
DTYPES = ("float32", "float64")


def _inputs(nd, dtype, seed=0):
    return np.random.default_rng(seed + nd).standard_normal(SHAPES[nd]).astype(dtype)


def _last(a):
    """(N, C, *spatial) -> (N, *spatial, C)"""
    return np.ascontiguousarray(np.moveaxis(a, 1, -1))


def _torch(name, nd, x, *args, **kw):
    import torch
    import torch.nn.functional as F
    fn = getattr(F, name.format(nd=nd))
    out = fn(torch.from_numpy(x), *args, **kw)
    return tuple(o.numpy() for o in out) if isinstance(out, tuple) else out.numpy()


def _check(xp, name, x, expected, *args, channels_last=False, **kw):
    """ivy.<name>(x, ...) against torch's expected (N, C, ...) result, in either layout."""
    where = f"{name}{args} {kw} channels_last={channels_last} {x.dtype}"
    if channels_last:
        got = call(xp, name, _last(x), *args, channels_last=True, **kw)
        expected = tuple(map(_last, expected)) if isinstance(expected, tuple) else _last(expected)
    else:
        got = call(xp, name, x, *args, **kw)
    assert_close(got, expected, where=where)


# Each sweep visits every parameter value on every backend, alternating float32/float64 and the
# secondary switches (layout, return_indices, avg divisor rule) across rows rather than taking
# their full product: jax compiles once per configuration.

# (kernel, stride, padding, dilation, ceil_mode): one row per geometry; `nd` picks per-axis values
POOL_GEOMETRIES = [
    (2, None, 0, 1, False),
    (3, 2, 1, 1, False),
    (3, 2, 1, 1, True),
    (3, 3, 0, 1, True),
    ((2, 3, 2), (1, 2, 3), (1, 0, 1), 1, True),
    (3, 2, 1, 2, False),           # dilation (max_pool only)
    (2, 3, 1, (2, 1, 1), True),    # dilation and ceil overhang (max_pool only)
]
AVG_RULES = ((True, None), (False, None), (True, 3))    # count_include_pad, divisor_override


def _per_axis(v, nd):
    return v[:nd] if isinstance(v, tuple) else v


def test_max_avg_pool_sweep(xp):
    for nd in (1, 2, 3):
        for i, (k, s, p, d, ceil) in enumerate(POOL_GEOMETRIES):
            x = _inputs(nd, DTYPES[i % 2])
            k, s, p, d = (_per_axis(v, nd) for v in (k, s, p, d))
            cl = (i + nd) % 3 == 1
            indices = (i + nd) % 2 == 0
            expected = _torch("max_pool{nd}d", nd, x, k, s, p, d, ceil_mode=ceil,
                              return_indices=indices)
            _check(xp, "max_pool", x, expected, k, stride=s, padding=p, dilation=d,
                   ceil_mode=ceil, return_indices=indices, channels_last=cl)
            if d != 1:
                continue
            for include, divisor in (AVG_RULES[(i + nd) % 3], AVG_RULES[(i + nd + 1) % 3]):
                if nd == 1 and divisor is not None:     # avg_pool1d has no divisor_override
                    k1, s1, p1 = (v if v is None or isinstance(v, int) else v[0] for v in (k, s, p))
                    expected = _torch("avg_pool{nd}d", 2, x[:, :, None], (1, k1), (1, s1 or k1),
                                      (0, p1), ceil, include, divisor)[:, :, 0]
                else:
                    extra = () if nd == 1 else (divisor,)
                    expected = _torch("avg_pool{nd}d", nd, x, k, s, p, ceil, include, *extra)
                _check(xp, "avg_pool", x, expected, k, stride=s, padding=p, ceil_mode=ceil,
                       count_include_pad=include, divisor_override=divisor, channels_last=cl)


ADAPTIVE_SIZES = {1: [4, 3, (11,)], 2: [(4, 3), (5, None), 1, (9, 8)],
                  3: [(4, 2, 3), (None, 5, 5)]}
LP_POOLS = ((2, 2, None, False), (3.0, 3, 2, True), (1.5, 2, 1, False))


def test_adaptive_and_lp_pool_sweep(xp):
    for nd in (1, 2, 3):
        for i, size in enumerate(ADAPTIVE_SIZES[nd]):
            x = _inputs(nd, DTYPES[(i + nd) % 2])
            cl = i % 2 == 1
            _check(xp, "adaptive_avg_pool", x, _torch("adaptive_avg_pool{nd}d", nd, x, size),
                   size, channels_last=cl)
            indices = (i + nd) % 2 == 1
            expected = _torch("adaptive_max_pool{nd}d", nd, x, size, indices)
            _check(xp, "adaptive_max_pool", x, expected, size, return_indices=indices,
                   channels_last=not cl)
        for j in (nd % 3, (nd + 1) % 3):
            p, k, s, ceil = LP_POOLS[j]
            xa = np.abs(_inputs(nd, DTYPES[j % 2])) + 0.1   # fractional powers: positive sums
            expected = _torch("lp_pool{nd}d", nd, xa, p, k, s, ceil)
            _check(xp, "lp_pool", xa, expected, p, k, stride=s, ceil_mode=ceil,
                   channels_last=(nd == 2))


# mode -> spatial ranks it takes
INTERPOLATE_MODES = {"nearest": (1, 2, 3), "nearest-exact": (1, 2, 3), "area": (1, 2, 3),
                     "linear": (1,), "bilinear": (2,), "bicubic": (2,), "trilinear": (3,)}
# (size, scale_factor, recompute_scale_factor) per rank
RESIZES = {
    1: [(17, None, None), (4, None, None), (None, 1.7, None), (None, 0.45, True),
        (None, 2.0, None)],
    2: [((5, 13), None, None), ((18, 16), None, None), (None, (0.6, 2.3), None),
        (None, 1.7, True), (None, (1.0001, 0.5), None)],
    3: [((4, 9, 5), None, None), (None, (1.5, 0.7, 2.0), None), (None, 0.8, True)],
}


def test_interpolate_sweep(xp):
    for m, (mode, ranks) in enumerate(INTERPOLATE_MODES.items()):
        corners = (None,) if mode in ("nearest", "nearest-exact", "area") else (False, True)
        for nd, (a, align) in itertools.product(ranks, enumerate(corners)):
            for i, (size, scale, recompute) in enumerate(RESIZES[nd]):
                if len(corners) == 2 and (i + a + m) % 2:      # halve the linear-family rows
                    continue
                x = _inputs(nd, DTYPES[(i + m) % 2])
                kw = dict(size=size, scale_factor=scale, mode=mode, align_corners=align,
                          recompute_scale_factor=recompute)
                expected = _torch("interpolate", nd, x, **kw)
                _check(xp, "interpolate", x, expected, channels_last=(i + m) % 3 == 1, **kw)


def test_interpolate_antialias(xp):
    rows = [("bilinear", False, dict(size=(4, 3))),
            ("bilinear", True, dict(scale_factor=(0.3, 1.7))),
            ("bicubic", False, dict(scale_factor=(0.45, 0.7))),
            ("bicubic", True, dict(size=(20, 5)))]
    for i, (mode, align, kw) in enumerate(rows):
        x = _inputs(2, DTYPES[i % 2])
        kw = dict(kw, mode=mode, align_corners=align, antialias=True)
        _check(xp, "interpolate", x, _torch("interpolate", 2, x, **kw), channels_last=i == 2, **kw)


def test_interpolate_nearest_integers(xp):
    """nearest modes gather, so they take any dtype (torch itself: floats and uint8 only)."""
    x = np.random.default_rng(5).integers(0, 255, SHAPES[2]).astype("uint8")
    for mode in ("nearest", "nearest-exact"):
        kw = dict(scale_factor=(1.7, 0.6), mode=mode)
        expected = _torch("interpolate", 2, x, **kw)
        _check(xp, "interpolate", x, expected, **kw)
        _check(xp, "interpolate", x.astype("int64"), expected.astype("int64"), **kw)


def test_interpolate_errors(xp):
    x = _inputs(2, "float32")
    bad = [dict(size=4, mode="nearest", align_corners=True),       # torch: ValueError
           dict(size=4, scale_factor=2.0),
           dict(),
           dict(size=(4, 4, 4)),
           dict(size=4, mode="linear"),                             # linear needs 3-d input
           dict(size=4, mode="trilinear"),
           dict(size=4, recompute_scale_factor=True),
           dict(size=4, mode="bogus"),
           dict(size=4, mode="nearest", antialias=True)]
    for kw in bad:
        with pytest.raises(ValueError, match="interpolate"):
            call(xp, "interpolate", x, **kw)


def test_pool_errors(xp):
    x = _inputs(2, "float32")
    with pytest.raises(ValueError, match="max_pool"):        # padding over half the kernel
        call(xp, "max_pool", x, 2, padding=2)
    with pytest.raises(ValueError, match="avg_pool"):
        call(xp, "avg_pool", x, 3, padding=2)
    with pytest.raises(ValueError, match="max_pool"):        # output would be empty
        call(xp, "max_pool", x, 10)
    with pytest.raises(ValueError, match="max_pool"):        # 2-d input
        call(xp, "max_pool", x[0, 0], 2)
    with pytest.raises(TypeError, match="avg_pool"):
        call(xp, "avg_pool", x.astype("int64"), 2)
    with pytest.raises(ValueError, match="avg_pool"):
        call(xp, "avg_pool", x, 2, divisor_override=0)


PAD_WIDTHS = [1, (2, 1), ((1, 0), (0, 2), (3, 3)), ((0, 0), (9, 2), (1, 7))]   # 9, 7 > sizes


def test_pad_sweep(xp):
    for m, mode in enumerate(("constant", "reflect", "edge", "wrap", "symmetric")):
        for width in (PAD_WIDTHS[m % 4], PAD_WIDTHS[(m + 1) % 4], PAD_WIDTHS[3]):
            x = np.random.default_rng(3).standard_normal((2, 4, 3)).astype(DTYPES[m % 2])
            kw = {"value": 1.5} if mode == "constant" else {}
            expected = np.pad(x, width, mode=mode, **({"constant_values": 1.5} if kw else {}))
            assert_close(call(xp, "pad", x, width, mode=mode, **kw), expected,
                         where=f"pad {mode} {width}")
    # negative widths crop (constant mode), as torch.nn.functional.pad does
    expected = _torch("pad", 0, x, [1, -1, -2, 3, 0, 1], value=-2.0)
    assert_close(call(xp, "pad", x, ((0, 1), (-2, 3), (1, -1)), value=-2.0), expected,
                 where="pad negative")
    with pytest.raises(ValueError, match="pad"):
        call(xp, "pad", x, ((0, 1), (-1, 0), (0, 0)), mode="reflect")
    with pytest.raises(ValueError, match="pad"):
        call(xp, "pad", x, 1, mode="linear_ramp")


def test_pad_integer_and_bool(xp):
    x = np.arange(12, dtype="int32").reshape(3, 4)
    for mode in ("constant", "reflect", "wrap"):
        assert_close(call(xp, "pad", x, ((1, 2), (3, 0)), mode=mode),
                     np.pad(x, ((1, 2), (3, 0)), mode=mode), where=f"pad int32 {mode}")
    b = x % 3 == 0
    assert_close(call(xp, "pad", b, 1, value=True), np.pad(b, 1, constant_values=True),
                 where="pad bool")


def test_max_pool_propagates_nan(xp):
    x = _inputs(2, "float32")
    x[0, 0, 1, 1], x[1, 2, 4, 5] = np.nan, np.inf
    for name, args in (("max_pool{nd}d", (2,)), ("adaptive_max_pool{nd}d", (3,))):
        expected = _torch(name, 2, x, *args)
        assert_close(call(xp, name.split("{")[0], x, *args), expected, where=name)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
def test_half_precision(xp, dtype):
    import torch.nn.functional as F
    x = _inputs(2, "float32").astype(np_dtype(dtype))
    rows = [("max_pool", F.max_pool2d, (3,), dict(stride=2, padding=1)),
            ("avg_pool", F.avg_pool2d, (3,), dict(stride=2, padding=1, ceil_mode=True)),
            ("adaptive_avg_pool", F.adaptive_avg_pool2d, ((4, 5),), {}),
            ("interpolate", F.interpolate, (), dict(scale_factor=1.7, mode="bilinear"))]
    for name, ref, args, kw in rows:
        assert_close(call(xp, name, x, *args, **kw), torch_ref(ref, x, *args, **kw),
                     where=f"{name} {dtype}")
