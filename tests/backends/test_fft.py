"""The ``fft`` extension on every backend against array_api_strict.

Inputs are finite and moderate (NaN propagation through a transform is not specified); tolerances
scale with the sum of input magnitudes. Lengths stay small and few: jax compiles per shape.
"""
import pytest
from hypothesis import strategies as st

from . import strategies as S
from .harness import EXACT, FFT, Case, Dt, Row, row_params, run_row

VALUES = dict(bound=10.0, nonfinite=False)
NORMS = (None, "backward", "ortho", "forward")


@st.composite
def fft_1d(draw, category, *, min_len=1):
    dtype = draw(S.dtypes(category))
    shp = draw(S.shapes(1, 2, 1, 4))
    x = draw(S.arrays(dtype, shp, **VALUES))
    axis = draw(S.axis(len(shp)))
    kwargs = {}
    if axis != -1 or draw(st.booleans()):
        kwargs["axis"] = axis
    if shp[axis] < min_len or draw(st.booleans()):
        kwargs["n"] = draw(st.integers(min_len, 5))
    norm = draw(st.sampled_from(NORMS))
    if norm is not None:
        kwargs["norm"] = norm
    return Case(x, **kwargs)


@st.composite
def fft_nd(draw, category, *, min_len=1):
    """s and axes: both None, axes only, or s with axes (s without axes: the last len(s) axes)."""
    dtype = draw(S.dtypes(category))
    shp = draw(S.shapes(1, 3, 1, 3))
    x = draw(S.arrays(dtype, shp, **VALUES))
    kwargs = {}
    how = draw(st.sampled_from(("none", "axes", "s", "both")))
    if how in ("axes", "both"):
        axes = draw(S.axes(len(shp), none=False, single=False, min_size=1))
        kwargs["axes"] = list(axes) if draw(st.booleans()) else axes
    if how in ("s", "both"):
        k = len(kwargs["axes"]) if "axes" in kwargs else draw(st.integers(1, len(shp)))
        kwargs["s"] = tuple(draw(st.integers(min_len, 4)) for _ in range(k))
    elif min_len > 1:  # irfftn's default last length 2*(m-1) must be positive
        last = (kwargs.get("axes") or (-1,))[-1]
        if shp[last] < 2:
            kwargs["s"] = tuple(draw(st.integers(min_len, 4)) for _ in kwargs.get("axes", (0,)))
            if "axes" not in kwargs:
                kwargs["axes"] = (-1,)
    norm = draw(st.sampled_from(NORMS))
    if norm is not None:
        kwargs["norm"] = norm
    return Case(x, **kwargs)


@st.composite
def freq_case(draw):
    n = draw(st.integers(1, 6))
    kwargs = {}
    d = draw(st.sampled_from((None, 1.0, 0.5, 2.0, 0.1)))
    if d is not None:
        kwargs["d"] = d
    dt = draw(st.sampled_from((None, "float32", "float64")))
    if dt is not None:
        kwargs["dtype"] = Dt(dt)
    return Case(n, **kwargs)


@st.composite
def shift_case(draw):
    x = draw(S.arrays(S.dtypes("floating"), S.shapes(1, 3)))
    axes = draw(S.axes(x.ndim))
    return Case(x) if axes is None and draw(st.booleans()) else Case(x, axes=axes)


ROWS = [
    Row("fft.fft", fft_1d("complex floating"), FFT),
    Row("fft.ifft", fft_1d("complex floating"), FFT),
    Row("fft.fftn", fft_nd("complex floating"), FFT),
    Row("fft.ifftn", fft_nd("complex floating"), FFT),
    Row("fft.rfft", fft_1d("real floating"), FFT),
    Row("fft.irfft", fft_1d("complex floating", min_len=2), FFT),
    Row("fft.rfftn", fft_nd("real floating"), FFT),
    Row("fft.irfftn", fft_nd("complex floating", min_len=2), FFT),
    Row("fft.hfft", fft_1d("complex floating", min_len=2), FFT),
    Row("fft.ihfft", fft_1d("real floating"), FFT),
    Row("fft.fftfreq", freq_case(), FFT),
    Row("fft.rfftfreq", freq_case(), FFT),
    Row("fft.fftshift", shift_case(), EXACT, signed_zeros=True),
    Row("fft.ifftshift", shift_case(), EXACT, signed_zeros=True),
]


@pytest.mark.parametrize("row", row_params(ROWS))
def test_fft(xp, backend, row):
    run_row(xp, backend, row)
