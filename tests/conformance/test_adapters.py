"""Real-side adapters: numpy -> framework -> numpy keeps dtype and bits, for every canonical dtype."""
import ml_dtypes
import numpy as np
import pytest

from ivy.core import dtypes as _dtypes

from .adapters import FRAMEWORKS, NUMPY_DTYPES, REAL, installed
from .compare import canonical


def _sample(name: str) -> np.ndarray:
    """A 2x3 array of ``name`` with its awkward values: negatives, extremes, NaN/inf/-0.0."""
    if name == "bool":
        return np.array([[True, False, True], [False, False, True]])
    if name in _dtypes.INTEGRAL:
        info = np.iinfo(name)
        return np.array([[info.min, info.max, 0], [1, 2, info.min // 2]], dtype=name)
    real = _dtypes.REAL_OF.get(name, name)
    finfo = _dtypes.finfo(real)
    values = np.array([[np.nan, np.inf, -0.0], [-np.inf, finfo.max, 1.5]])
    if name in _dtypes.COMPLEX_FLOATING:
        values = values.astype(np.complex128)
        values.imag = values.real[::-1, ::-1]
    return values.astype(NUMPY_DTYPES[name])


def _bits(a: np.ndarray) -> np.ndarray:
    """The raw bytes, so NaN payloads and -0.0 count."""
    return np.ascontiguousarray(a).view(np.uint8)


@pytest.fixture(params=FRAMEWORKS)
def real(request):
    if not installed(request.param):
        pytest.skip(f"{request.param} is not installed")
    return REAL[request.param]


@pytest.mark.parametrize("name", _dtypes.ALL)
def test_round_trip_keeps_dtype_and_bits(real, name):
    a = _sample(name)
    with real.scope():
        x = real.from_numpy(a)
        assert real.is_array(x)
        assert real.canonical_dtype(x.dtype) == name
        back = real.to_numpy(x)
        zero_d = real.to_numpy(real.from_numpy(np.asarray(a[0, 0])))
        native_dtype = real.dtype_from_name(name)
    assert isinstance(back, np.ndarray) and back.dtype == a.dtype and back.shape == a.shape
    np.testing.assert_array_equal(_bits(back), _bits(a))
    assert zero_d.shape == () and zero_d.dtype == a.dtype
    assert real.canonical_dtype(native_dtype) == name
    assert real.is_dtype(native_dtype)


def test_from_numpy_copies(real):
    a = np.arange(4.0)
    with real.scope():
        x = real.from_numpy(a)
        a[0] = 99.0
        assert real.to_numpy(x)[0] == 0.0


def test_canonical_tree_of_structured_result(real):
    """A tuple of (array, Python int, dtype) canonicalizes to numpy leaves on every framework."""
    with real.scope():
        x = real.from_numpy(np.ones((2, 3), np.float32))
        tree = canonical(real, (x, 3, [x.dtype]))
    assert tree.kind == "tuple" and tree[1] == 3 and tree[2].kind == "list"
    assert tree[0].dtype == np.float32 and tree[0].shape == (2, 3)
    assert tree[2][0] == "float32"


def test_bfloat16_is_ml_dtypes():
    assert NUMPY_DTYPES["bfloat16"] == np.dtype(ml_dtypes.bfloat16)
