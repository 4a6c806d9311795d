"""Numeric extras (area ``numeric``) on every backend against numpy and torch.

Values include the edge cases (signed zeros, infinities, NaN, subnormals where a backend computes
them exactly); one array length throughout (jax compiles each new shape). Binary functions are
checked with operands of two dtypes (Array API promotion) and with Python scalars (weak).
"""
import numpy as np
import pytest
import torch

from ivy.core import dtypes as D
from ivy.core.errors import IvyTypeError, IvyValueError

from .reference import assert_close, call, torch_ref
from .strategies import np_dtype

COVERED = {"frexp", "ldexp", "gcd", "lcm", "fmod", "nan_to_num", "exp2", "cbrt", "deg2rad",
           "rad2deg", "logaddexp2", "fmax", "fmin", "angle", "heaviside", "float_power", "lerp",
           "addcmul", "addcdiv",
           "isclose", "allclose", "kron", "cartesian_prod", "vander", "cdist", "bitcast"}

EDGE = [-np.inf, -7.25, -2.5, -1.0, -0.0, 0.0, 1e-3, 0.5, 1.0, 3.75, 100.0, np.inf, np.nan]
N = len(EDGE)
REAL = ("float32", "float64")


def values(dtype, seed=0, edge=True):
    """N values of ``dtype``: the edge values (floats) or a shuffled spread, in a fixed order."""
    rng = np.random.default_rng(seed)
    if dtype in D.INTEGRAL:
        info = np.iinfo(dtype)
        return rng.integers(max(info.min, -50), min(info.max, 50), N, endpoint=True).astype(dtype)
    base = np.array(EDGE) if edge else rng.uniform(-5, 5, N)
    base = rng.permutation(base)
    if dtype in D.COMPLEX_FLOATING:
        z = np.empty(N, dtype)
        z.real, z.imag = base, rng.permutation(base)
        return z
    return base.astype(np_dtype(dtype))


def expected_dtype(*dtypes):
    out = dtypes[0]
    for d in dtypes[1:]:
        out = D.promote(out, d)
    return np_dtype(out)


# ---- unary, against numpy --------------------------------------------------------------------

UNARY = {  # name -> (numpy function, dtypes)
    "exp2": (np.exp2, REAL + ("complex128",)),
    "cbrt": (np.cbrt, REAL),
    "deg2rad": (np.deg2rad, REAL),
    "rad2deg": (np.rad2deg, REAL),
    "angle": (np.angle, REAL + ("complex64",)),
    "nan_to_num": (np.nan_to_num, REAL + ("complex64", "int32")),
}


@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_matches_numpy(xp, name):
    ref, dtypes = UNARY[name]
    for dtype in dtypes:
        # complex special values differ between the frameworks' complex exp/atan2
        x = values(dtype, edge=dtype not in D.COMPLEX_FLOATING or name == "nan_to_num")
        with np.errstate(all="ignore"):
            expected = np.asarray(ref(x)).astype(x.dtype if dtype not in D.COMPLEX_FLOATING or
                                                 name != "angle" else D.REAL_OF[dtype])
        assert_close(call(xp, name, x), expected, where=f"{name}({dtype})")


def test_nan_to_num_replacements(xp):
    for dtype in ("float32", "complex128"):
        x = values(dtype)
        got = call(xp, "nan_to_num", x, nan=-1.5, posinf=9.0, neginf=-8.0)
        assert_close(got, np.nan_to_num(x, nan=-1.5, posinf=9.0, neginf=-8.0), where=dtype)


@pytest.mark.parametrize("name", ["exp2", "cbrt", "deg2rad", "rad2deg", "angle", "frexp"])
def test_float_only_functions_reject_integers(xp, name):
    with pytest.raises(IvyTypeError, match=name):
        getattr(xp, name)(xp.asarray(np.arange(3)))


# ---- frexp / ldexp ---------------------------------------------------------------------------

SUBNORMAL = {"float16": 3e-6, "bfloat16": 1e-40, "float32": 1e-40, "float64": 1e-310}


@pytest.mark.parametrize("dtype", ("float16", "bfloat16", "float32", "float64"))
def test_frexp_matches_numpy(xp, dtype):
    x = values(dtype)
    x[0], x[1] = np.asarray(SUBNORMAL[dtype]).astype(x.dtype), -x[0]   # subnormals: exact
    mantissa, exponent = np.frexp(x)
    assert_close(call(xp, "frexp", x), (mantissa, exponent))


@pytest.mark.parametrize("dtype", ("float16", "float32", "float64"))
def test_ldexp_matches_numpy(xp, dtype):
    info = np.finfo(dtype)
    x = values(dtype)
    # exponents that overflow, vanish and stay normal; results never subnormal (see below)
    e = np.array([3, -2, 5, info.maxexp, -10, 0, -4, info.maxexp, -info.minexp, 1, -3, 2, 7],
                 dtype=np.int32)
    with np.errstate(all="ignore"):
        expected = np.ldexp(x, e)
    keep = ~((np.abs(expected) < info.tiny) & (expected != 0))
    assert_close(call(xp, "ldexp", x, e)[keep], expected[keep], where="array exponent")
    assert_close(call(xp, "ldexp", x, 4), np.ldexp(x, 4), where="Python int exponent")
    big = np.asarray([2.0 ** 10], dtype=dtype)   # exact although 2**-20 alone is subnormal
    assert_close(call(xp, "ldexp", big, np.array([-20])), np.ldexp(big, -20), where="split")
    assert_close(call(xp, "ldexp", big, np.array([1000000])), np.ldexp(big, 1000000),
                 where="huge exponent")


def test_ldexp_subnormals(xp):
    """Subnormal results round once; subnormal inputs scale exactly (jax and tensorflow treat
    subnormal operands of arithmetic as zero: the exponent is read from the bits there)."""
    x = np.array([1.5, -1.0, 3.0, 1e-40, -3e-42, 1e-40], dtype=np.float32)
    e = np.array([-130, -140, -149, 10, 100, -3], dtype=np.int32)
    assert_close(call(xp, "ldexp", x, e), np.ldexp(x, e))


def test_ldexp_rejects(xp):
    with pytest.raises(IvyTypeError, match="ldexp"):
        xp.ldexp(xp.asarray(np.arange(3)), 2)
    with pytest.raises(IvyTypeError, match="ldexp"):
        xp.ldexp(xp.asarray(np.ones(3)), 2.0)


# ---- binary, against numpy -------------------------------------------------------------------

BINARY = {  # name -> (numpy function, dtype pairs)
    "fmod": (np.fmod, [("float32", "float32"), ("float32", "float64"), ("int8", "uint8"),
                       ("int64", "int64"), ("uint16", "uint16"), ("float16", "float16")]),
    "fmax": (np.fmax, [("float32", "float64"), ("int16", "int16")]),
    "fmin": (np.fmin, [("float64", "float64"), ("uint8", "int8")]),
    "logaddexp2": (np.logaddexp2, [("float32", "float32"), ("float32", "float64")]),
    "heaviside": (np.heaviside, [("float64", "float64"), ("float32", "float64"),
                                 ("int32", "int32")]),
    "gcd": (np.gcd, [("int32", "int32"), ("int8", "uint8"), ("int64", "int16"),
                     ("uint32", "uint32")]),
    "lcm": (np.lcm, [("int32", "int32"), ("int16", "int64"), ("uint8", "uint8")]),
}
SCALAR = {"fmod": 2.5, "fmax": 1.0, "fmin": -1.0, "logaddexp2": 2.0, "heaviside": 0.5,
          "gcd": 6, "lcm": 4}


def _nonzero(x):
    return np.where(x == 0, np.ones((), x.dtype), x)


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_matches_numpy(xp, name):
    ref, pairs = BINARY[name]
    for d1, d2 in pairs:
        x1, x2 = values(d1, seed=1), values(d2, seed=2)
        if name == "fmod":
            x2 = _nonzero(x2)   # integer division by zero is undefined
        out = expected_dtype(d1, d2)
        with np.errstate(all="ignore"):
            expected = np.asarray(ref(x1.astype(out), x2.astype(out))).astype(out)
        assert_close(call(xp, name, x1, x2), expected, where=f"{name}({d1}, {d2})")
        scalar = SCALAR[name]
        if isinstance(scalar, float) and out.kind in "iu":
            scalar = int(scalar) or 1
        with np.errstate(all="ignore"):
            expected = np.asarray(ref(x1.astype(out), np.asarray(scalar, dtype=out))).astype(out)
        assert_close(call(xp, name, x1.astype(out), scalar), expected,
                     where=f"{name}({out}, {scalar!r})")


@pytest.mark.parametrize("name", ["fmod", "fmax", "logaddexp2", "gcd"])
def test_binary_rejects_wrong_kinds(xp, name):
    bad = np.ones(3, np.float32) if name == "gcd" else np.ones(3, np.complex64)
    with pytest.raises(IvyTypeError):
        getattr(xp, name)(xp.asarray(bad), xp.asarray(bad))


def test_float_power_matches_numpy(xp):
    x = values("float32", edge=False)
    for a, b in [(values("int32"), np.abs(values("int32", seed=3)) % 4), (x, values("float64")),
                 (x, 3), (np.abs(x), 0.5), (values("complex64", edge=False), 2)]:
        assert_close(call(xp, "float_power", a, b), np.float_power(a, b))


# ---- torch-defined: lerp, cdist, cartesian_prod ------------------------------------------------

@pytest.mark.parametrize("dtype", REAL)
def test_lerp_matches_torch(xp, dtype):
    start, end = values(dtype, seed=4, edge=False), values(dtype, seed=5, edge=False)
    weight = np.linspace(-0.5, 1.5, N).astype(dtype)
    assert_close(call(xp, "lerp", start, end, weight), torch_ref(torch.lerp, start, end, weight))
    for w in (0.25, 0.75, 1.0):
        assert_close(call(xp, "lerp", start, end, w), torch_ref(torch.lerp, start, end, w),
                     where=f"weight={w}")


@pytest.mark.parametrize("dtype", REAL)
def test_addcmul_addcdiv_match_torch(xp, dtype):
    x, t1 = values(dtype, seed=4, edge=False), values(dtype, seed=5, edge=False)
    t2 = np.abs(values(dtype, seed=6, edge=False)) + 0.5
    for value in (1, -0.001, 2.5):
        assert_close(call(xp, "addcmul", x, t1, t2, value=value),
                     torch_ref(lambda a, b, c: torch.addcmul(a, b, c, value=value), x, t1, t2),
                     where=f"addcmul value={value}")
        assert_close(call(xp, "addcdiv", x, t1, t2, value=value),
                     torch_ref(lambda a, b, c: torch.addcdiv(a, b, c, value=value), x, t1, t2),
                     where=f"addcdiv value={value}")
    assert_close(call(xp, "addcmul", x, t1[:1], t2), torch_ref(torch.addcmul, x, t1[:1], t2),
                 where="broadcast")
    with pytest.raises(IvyTypeError):
        call(xp, "addcmul", values("int32"), values("int32"), values("int32"))


@pytest.mark.parametrize("dtype", REAL)
def test_cdist_matches_torch(xp, dtype):
    rng = np.random.default_rng(6)
    x1 = rng.standard_normal((2, 4, 3)).astype(dtype)
    x2 = rng.standard_normal((5, 3)).astype(dtype)
    x2[0] = x1[0, 0]   # a zero distance
    for p in (0.0, 1.0, 2.0, 3.5, np.inf):
        expected = torch_ref(lambda a, b: torch.cdist(a, b, p=p), x1, x2)
        assert_close(call(xp, "cdist", x1, x2, p=p), expected, rtol=1e-4 if dtype == "float32"
                     else None, where=f"p={p}")
    with pytest.raises(IvyValueError):
        xp.cdist(xp.asarray(x1), xp.asarray(np.ones((5, 2), dtype)))


def test_cartesian_prod_matches_torch(xp):
    a, b, c = np.arange(3, dtype=np.int64), np.array([5, -1], np.int64), np.array([7], np.int64)
    for arrays in ((a,), (a, b), (a, b, c)):
        assert_close(call(xp, "cartesian_prod", *arrays), torch_ref(torch.cartesian_prod, *arrays))
    f, g = np.array([0.5, 1.5], np.float32), np.array([2.0], np.float64)
    assert_close(call(xp, "cartesian_prod", f, g),
                 torch_ref(torch.cartesian_prod, f.astype(np.float64), g))


# ---- numpy-defined: kron, vander, isclose, allclose --------------------------------------------

def test_kron_matches_numpy(xp):
    rng = np.random.default_rng(7)
    cases = [(rng.standard_normal((2, 3)), rng.standard_normal((3, 2))),
             (np.arange(6, dtype=np.int32).reshape(2, 3), np.arange(4, dtype=np.int32)),
             (rng.standard_normal((2, 1, 2)).astype(np.float32), rng.standard_normal((3, 2))
              .astype(np.float32)),
             (np.eye(2, dtype=np.complex64), np.ones((2, 2), np.complex64))]
    for a, b in cases:
        assert_close(call(xp, "kron", a, b), np.kron(a, b), where=f"{a.shape} x {b.shape}")


@pytest.mark.parametrize("dtype", ("int32", "float32", "complex128", "bool"))
def test_vander_matches_numpy(xp, dtype):
    x = np.array([2, -1, 0, 3]).astype(dtype)
    for N_ in (None, 0, 1, 3):
        for increasing in (False, True):
            # numpy widens float32 (and complex64); ivy keeps the float dtype
            expected = np.vander(x, N=N_, increasing=increasing)
            expected = expected.astype(x.dtype) if x.dtype.kind in "fc" else expected
            assert_close(call(xp, "vander", x, N=N_, increasing=increasing), expected,
                         where=f"N={N_} increasing={increasing}")


def test_isclose_and_allclose_match_numpy(xp):
    a = values("float64")
    b = a + np.where(np.isfinite(a), 1e-6 * np.abs(a) + 1e-9, 0.0)
    b[3] = np.nan
    cases = [(a, b, {}), (a, b, {"equal_nan": True}), (a, b, {"rtol": 0.0, "atol": 1e-12}),
             (a.astype(np.float32), 1.0, {}),
             (values("int32"), values("int32", seed=3), {"atol": 10}),
             (values("complex64"), values("complex64"), {"equal_nan": True})]
    for x, y, kw in cases:
        assert_close(call(xp, "isclose", x, y, **kw), np.isclose(x, y, **kw), where=str(kw))
        got = call(xp, "allclose", x, y, **kw)
        assert type(got) is bool and got == np.allclose(x, y, **kw)
    finite = values("float32", edge=False)
    assert call(xp, "allclose", finite, finite + np.float32(1e-7)) is True


# ---- bitcast ------------------------------------------------------------------------------------

BITCAST = ("bool", "uint8", "int16", "float16", "bfloat16", "int32", "float32", "uint64",
           "float64", "complex64", "complex128")


@pytest.mark.parametrize("src", BITCAST)
def test_bitcast_matches_numpy_view(xp, src):
    rng = np.random.default_rng(1)
    for shape in [(), (2, 8)]:
        raw = rng.integers(0, 256, size=int(np.prod(shape)) * np_dtype(src).itemsize,
                           dtype=np.uint8)
        x = (raw % 2 if src == "bool" else raw).view(np_dtype(src)).reshape(shape)
        for dst in BITCAST:
            try:
                want = x.view(np_dtype(dst))
            except ValueError:
                with pytest.raises(IvyValueError):
                    call(xp, "bitcast", x, dst)
                continue
            got = np.asarray(call(xp, "bitcast", x, dst))
            assert got.shape == want.shape, (src, dst, shape)
            if dst == "bool":       # a nonzero byte reads as True (numpy keeps the byte)
                np.testing.assert_array_equal(got, want.astype(bool))
            else:
                assert got.tobytes() == want.tobytes(), (src, dst, shape)


def test_bitcast_layout(xp):
    x = np.arange(12, dtype=np.int16).reshape(3, 4)
    got = np.asarray(call(xp, "bitcast", xp.asarray(x)[:, 1:3], "int32"))
    np.testing.assert_array_equal(got, x[:, 1:3].view(np.int32))
    if xp.name in ("numpy", "torch"):       # a strided last axis (jax/tensorflow: no layout)
        with pytest.raises(IvyValueError):
            call(xp, "bitcast", xp.asarray(x)[:, ::2], "int32")
