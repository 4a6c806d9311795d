"""``tf.signal`` (and ``tf.fftnd``/``ifftnd``/``rfftnd``/``irfftnd`` at the top level) on ivy's
core ``fft`` namespace: the complex FFT kernels take complex64/complex128 only
(InvalidArgumentError), the real ones float32/float64 (ValueError otherwise) and crop or pad the
transformed axes to ``fft_length``; framing, windows, STFT, DCT (types I-IV, by TensorFlow's
documented FFT formulation), MDCT and mel filter banks as TensorFlow defines them."""
from __future__ import annotations

import math

import numpy as np

import ivy
from ivy.core import dtypes as D

from .._shared import native_name
from . import _dtypes as T
from ._ops import KERNELS, check_kernel, kernel
from ._tensor import Tensor, convert, wrap
from ._tensor import native as _native
from .errors import invalid_argument


def _last(x, index):
    """``x[..., index]`` as a core call (native indexing is invisible to ivy.trace_graph)."""
    return ivy.get_item(x, (Ellipsis, index))


_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_RFFT_REAL = {"float32": "complex64", "float64": "complex128"}
_RFFT_COMPLEX = {"complex64": "float32", "complex128": "float64"}
for _op in ("FFT", "IFFT", "FFT2D", "IFFT2D", "FFT3D", "IFFT3D", "FFTND", "IFFTND"):
    KERNELS[_op] = _COMPLEX
KERNELS["OverlapAndAdd"] = frozenset(D.ALL) - {"bool"}


def _int(v):
    return int(v.numpy()) if type(v) is Tensor else int(v)


def _ints(v):
    return [int(x) for x in np.asarray(v.numpy() if type(v) is Tensor else v).reshape(-1)]


# ---- FFTs --------------------------------------------------------------------------------------

def _complex_fft(op, rank, inverse):
    core = "ifftn" if inverse else "fftn"

    def f(input, name=None):  # noqa: A002 - TensorFlow's name
        a = _native(input)
        check_kernel(op, native_name(a))
        if len(a.shape) < rank:
            raise invalid_argument(f"Input must have rank of at least {rank} but got: "
                                   f"{list(a.shape)}", op)
        axes = tuple(range(-rank, 0))
        return wrap(kernel(op, lambda x: getattr(ivy.fft, core)(x, axes=axes), a))
    f.__name__ = op.lower()
    return f


def _lengths(fft_length, rank):
    if fft_length is None:
        return None
    lengths = [int(v) for v in (fft_length.numpy() if type(fft_length) is Tensor
                                else iter(fft_length))]
    if len(lengths) != rank:
        raise ValueError(f"Shape must be rank 1 with {rank} elements for fft_length, got "
                         f"{lengths}")
    return lengths


def _real_fft(op, rank, inverse):
    table = _RFFT_COMPLEX if inverse else _RFFT_REAL

    def f(input_tensor, fft_length=None, name=None):
        a = _native(input_tensor)
        n = native_name(a)
        if n not in table:
            raise ValueError(f"{op}: input dtype {n} is not in the allowed list: "
                             f"{', '.join(table)}")
        if len(a.shape) < rank:
            raise ValueError(f"Shape {tuple(a.shape)} must have rank at least {rank}")
        axes = tuple(range(-rank, 0))
        s = _lengths(fft_length, rank)
        if inverse:
            if s is None:
                s = [a.shape[d] for d in axes[:-1]] + [2 * (a.shape[-1] - 1)]
            return wrap(kernel(op, lambda x: ivy.fft.irfftn(x, s=tuple(s), axes=axes), a))
        if s is None:
            s = [a.shape[d] for d in axes]
        return wrap(kernel(op, lambda x: ivy.fft.rfftn(x, s=tuple(s), axes=axes), a))
    f.__name__ = op.lower()
    return f


fft = _complex_fft("FFT", 1, False)
ifft = _complex_fft("IFFT", 1, True)
fft2d = _complex_fft("FFT2D", 2, False)
ifft2d = _complex_fft("IFFT2D", 2, True)
fft3d = _complex_fft("FFT3D", 3, False)
ifft3d = _complex_fft("IFFT3D", 3, True)
rfft = _real_fft("RFFT", 1, False)
irfft = _real_fft("IRFFT", 1, True)
rfft2d = _real_fft("RFFT2D", 2, False)
irfft2d = _real_fft("IRFFT2D", 2, True)
rfft3d = _real_fft("RFFT3D", 3, False)
irfft3d = _real_fft("IRFFT3D", 3, True)


def _nd(op, core, real_in, real_out):
    """``tf.signal.fftnd`` family: ``axes`` default every axis, ``norm`` numpy's meaning
    (TensorFlow 2.21 registers no CPU kernel for these ops; this follows their documentation)."""
    def f(input_tensor, fft_length=None, axes=None, norm=None, name=None):
        a = _native(input_tensor)
        n = native_name(a)
        if real_in:
            if n not in _RFFT_REAL:
                raise ValueError(f"{op}: input dtype {n} is not in the allowed list: float32, "
                                 f"float64")
        elif real_out:
            if n not in _RFFT_COMPLEX:
                raise ValueError(f"{op}: input dtype {n} is not in the allowed list: "
                                 f"complex64, complex128")
        else:
            check_kernel(op, n)
        ax = tuple(range(len(a.shape))) if axes is None else tuple(_ints(axes))
        s = None if fft_length is None else tuple(_ints(fft_length))
        mode = norm or "backward"
        if mode not in ("backward", "forward", "ortho"):
            raise ValueError(f"Invalid norm value {norm}; should be 'backward', 'ortho' or "
                             f"'forward'.")
        return wrap(kernel(op, lambda x: getattr(ivy.fft, core)(x, s=s, axes=ax, norm=mode),
                           a))
    f.__name__ = op.lower()
    return f


fftnd = _nd("FFTND", "fftn", False, False)
ifftnd = _nd("IFFTND", "ifftn", False, False)
rfftnd = _nd("RFFTND", "rfftn", True, False)
irfftnd = _nd("IRFFTND", "irfftn", False, True)


def fftshift(x, axes=None, name=None):
    a = _native(x)
    return wrap(ivy.fft.fftshift(a, axes=None if axes is None else tuple(_ints(axes))))


def ifftshift(x, axes=None, name=None):
    a = _native(x)
    return wrap(ivy.fft.ifftshift(a, axes=None if axes is None else tuple(_ints(axes))))


# ---- framing ----------------------------------------------------------------------------------

def _frames(a, frame_length, frame_step, pad_end, pad_value, axis):
    rank = len(a.shape)
    if rank < 1:
        raise ValueError("Shape () must have rank at least 1")
    ax = axis % rank
    size = a.shape[ax]
    if pad_end:
        pad_value = pad_value._data if type(pad_value) is Tensor else \
            convert(pad_value, native_name(a))
        count = -(-size // frame_step)
        need = max(0, (count - 1) * frame_step + frame_length - size)
        if need:
            shape = tuple(a.shape[:ax]) + (need,) + tuple(a.shape[ax + 1:])
            fill = ivy.full(shape, 0, dtype=native_name(a))
            fill = ivy.add(fill, ivy.astype(_native(pad_value), native_name(a)))
            a = ivy.concat([a, fill], axis=ax)
    else:
        count = 0 if size < frame_length else 1 + (size - frame_length) // frame_step
    index = (np.arange(count)[:, None] * frame_step + np.arange(frame_length)).reshape(-1)
    out = ivy.take(a, ivy.asarray(index.astype(np.int64)), axis=ax)
    return ivy.reshape(out, tuple(a.shape[:ax]) + (count, frame_length) +
                       tuple(a.shape[ax + 1:]))


def frame(signal, frame_length, frame_step, pad_end=False, pad_value=0, axis=-1, name=None):
    a = _native(signal)
    return wrap(_frames(a, _int(frame_length), _int(frame_step), pad_end, pad_value,
                        _int(axis)))


def _overlap_add(a, step):
    shape = tuple(a.shape)
    frames, length = shape[-2:]
    batch = shape[:-2]
    segments = -(-length // step)
    if segments * step != length:
        zeros = ivy.zeros(batch + (frames, segments * step - length), dtype=native_name(a))
        a = ivy.concat([a, zeros], axis=-1)
    a = ivy.reshape(a, batch + (frames, segments, step))
    total = None
    for s in range(segments):
        parts = [ivy.get_item(a, (Ellipsis, slice(None), s, slice(None)))]
        if s:
            parts.insert(0, ivy.zeros(batch + (s, step), dtype=native_name(a)))
        if segments - 1 - s:
            parts.append(ivy.zeros(batch + (segments - 1 - s, step), dtype=native_name(a)))
        piece = ivy.concat(parts, axis=-2) if len(parts) > 1 else parts[0]
        total = piece if total is None else ivy.add(total, piece)
    out = ivy.reshape(total, batch + ((frames + segments - 1) * step,))
    return _last(out, slice(None, (frames - 1) * step + length)) if frames else \
        ivy.zeros(batch + (0,), dtype=native_name(a))


def overlap_and_add(signal, frame_step, name=None):
    a = _native(signal)
    if len(a.shape) < 2:
        raise ValueError(f"Shape {tuple(a.shape)} must have rank at least 2")
    step = _int(frame_step)
    if step == a.shape[-1]:     # frames that do not overlap are concatenated (any dtype)
        return wrap(ivy.reshape(a, tuple(a.shape[:-2]) + (a.shape[-2] * step,)))
    check_kernel("OverlapAndAdd", native_name(a))
    return wrap(_overlap_add(a, step))


# ---- windows ----------------------------------------------------------------------------------

def _window_dtype(dtype):
    n = T.name_of(dtype)
    if n not in D.REAL_FLOATING:
        raise ValueError(f"dtype must be a floating point type. Found {T.BY_NAME[n]}")
    return n


def _raised_cosine(length, periodic, dtype, a, b):
    n = _window_dtype(dtype)
    length = _int(length)
    if length == 1:
        return wrap(ivy.ones((1,), dtype=n))
    even = 1 - length % 2
    denominator = length + int(bool(periodic)) * even - 1
    count = ivy.arange(length, dtype=n)
    arg = ivy.divide(ivy.multiply(count, 2 * math.pi), ivy.asarray(denominator, dtype=n))
    return wrap(ivy.subtract(ivy.asarray(a, dtype=n), ivy.multiply(ivy.cos(arg), b)))


def hann_window(window_length, periodic=True, dtype=T.BY_NAME["float32"], name=None):
    return _raised_cosine(window_length, periodic, dtype, 0.5, 0.5)


def hamming_window(window_length, periodic=True, dtype=T.BY_NAME["float32"], name=None):
    return _raised_cosine(window_length, periodic, dtype, 0.54, 0.46)


def _kaiser(length, beta, n):
    if length == 1:
        return ivy.ones((1,), dtype=n)
    half = (length - 1) / 2.0
    arg = ivy.divide(ivy.subtract(ivy.arange(length, dtype=n), half), half)
    x = ivy.multiply(ivy.sqrt(ivy.maximum(ivy.subtract(1.0, ivy.multiply(arg, arg)),
                                          ivy.zeros_like(arg))), float(beta))
    b = ivy.asarray(float(beta), dtype=n)
    return ivy.multiply(ivy.divide(ivy.i0e(x), ivy.i0e(b)), ivy.exp(ivy.subtract(x, b)))


def kaiser_window(window_length, beta=12.0, dtype=T.BY_NAME["float32"], name=None):
    n = _window_dtype(dtype)
    return wrap(_kaiser(_int(window_length), beta, n))


def kaiser_bessel_derived_window(window_length, beta=12.0, dtype=T.BY_NAME["float32"],
                                 name=None):
    n = _window_dtype(dtype)
    half = _int(window_length) // 2
    total = ivy.cumulative_sum(_kaiser(half + 1, beta, n))
    rising = ivy.sqrt(ivy.divide(total[:-1], total[-1]))
    return wrap(ivy.concat([rising, ivy.flip(rising, axis=0)], axis=0))


def vorbis_window(window_length, dtype=T.BY_NAME["float32"], name=None):
    n = _window_dtype(dtype)
    length = _int(window_length)
    arg = ivy.multiply(ivy.add(ivy.arange(length, dtype=n), 0.5), math.pi / length)
    s = ivy.sin(arg)
    return wrap(ivy.sin(ivy.multiply(ivy.multiply(s, s), math.pi / 2)))


# ---- STFT -------------------------------------------------------------------------------------

def _real_signal(a, fn):
    n = native_name(a)
    if n not in _RFFT_REAL:
        raise ValueError(f"{fn}: signals must be float32 or float64, got {n}")
    return n


def _default_fft_length(frame_length):
    return 1 << max(0, (frame_length - 1).bit_length())


def stft(signals, frame_length, frame_step, fft_length=None, window_fn=hann_window,
         pad_end=False, name=None):
    a = _native(signals)
    n = _real_signal(a, "stft")
    length = _int(frame_length)
    size = _default_fft_length(length) if fft_length is None else _int(fft_length)
    frames = _frames(a, length, _int(frame_step), pad_end, 0, -1)
    if window_fn is not None:
        frames = ivy.multiply(frames, _native(window_fn(length, dtype=T.BY_NAME[n])))
    return wrap(ivy.fft.rfft(frames, n=size, axis=-1))


def inverse_stft(stfts, frame_length, frame_step, fft_length=None, window_fn=hann_window,
                 name=None):
    a = _native(stfts)
    n = native_name(a)
    if n not in _RFFT_COMPLEX:
        raise ValueError(f"inverse_stft: stfts must be complex64 or complex128, got {n}")
    length = _int(frame_length)
    size = _default_fft_length(length) if fft_length is None else _int(fft_length)
    frames = _last(ivy.fft.irfft(a, n=size, axis=-1), slice(None, length))
    real = _RFFT_COMPLEX[n]
    if size < length:
        pad = ivy.zeros(tuple(frames.shape[:-1]) + (length - size,), dtype=real)
        frames = ivy.concat([frames, pad], axis=-1)
    if window_fn is not None:
        frames = ivy.multiply(frames, _native(window_fn(length, dtype=T.BY_NAME[real])))
    return wrap(_overlap_add(frames, _int(frame_step)))


def inverse_stft_window_fn(frame_step, forward_window_fn=hann_window, name=None):
    """The window that makes ``inverse_stft`` invert ``stft`` with ``forward_window_fn``."""
    step = _int(frame_step)

    def inverse_stft_window_fn_inner(frame_length, dtype):
        length = _int(frame_length)
        w = _native(forward_window_fn(length, dtype=dtype))
        overlaps = -(-length // step)
        squared = ivy.multiply(w, w)
        padded = ivy.concat([squared, ivy.zeros((overlaps * step - length,),
                                                dtype=native_name(w))], axis=0)
        summed = ivy.sum(ivy.reshape(padded, (overlaps, step)), axis=0, keepdims=True)
        denominator = ivy.reshape(ivy.tile(summed, (overlaps, 1)), (-1,))[:length]
        return wrap(ivy.divide(w, denominator))
    return inverse_stft_window_fn_inner


# ---- DCT / MDCT -------------------------------------------------------------------------------

def _dct_checks(a, type, n, axis, norm):  # noqa: A002
    if type not in (1, 2, 3, 4):
        raise ValueError("Types I, II, III and IV (I)DCT are supported.")
    if type == 1 and norm == "ortho":
        raise ValueError("Normalization is not supported for the Type-I DCT.")
    if norm not in (None, "ortho"):
        raise ValueError(f"Unknown normalization. Expected None or 'ortho', got: {norm}")
    if n is not None and n < 1:
        raise ValueError(f"Invalid number of coefficients: {n}. Must be greater than 0.")
    if axis != -1:
        raise NotImplementedError(f"axis must be -1. Got: {axis}")
    d = native_name(a)
    if d not in _RFFT_REAL:   # TensorFlow's errors from the steps that refuse the dtype
        if d in D.INTEGRAL or d == "bool":
            raise TypeError(f"Cannot convert 0.0 to EagerTensor of dtype {d}")
        if type == 1:
            raise ValueError(f"RFFT requires tf.float32 or tf.float64 inputs, got: {d}")
        if d in _COMPLEX:
            raise AssertionError(f"dct: complex input ({d}) is not supported")
        raise TypeError(f"The `real` and `imag` components have incorrect types: {d} {d}. "
                        f"They must be consistent, and one of [tf.float32, tf.float64]")
    return d


def _cis(count, sign, d):
    """``exp(sign * i * pi * k / (2 * count))`` for k < count, complex of d's width."""
    angle = ivy.multiply(ivy.arange(count, dtype=d), sign * math.pi * 0.5 / count)
    return ivy.add(ivy.astype(ivy.cos(angle), _RFFT_REAL[d]),
                   ivy.multiply(ivy.astype(ivy.sin(angle), _RFFT_REAL[d]), 1j))


def _ortho_weights(count, first, rest, d):
    return ivy.asarray(np.array([first] + [rest] * (count - 1)), dtype=d)


def _dct(a, kind, norm):
    d = native_name(a)
    count = a.shape[-1]
    if kind == 1:
        if count < 2:
            raise ValueError("Type-I DCT requires the dimension to be greater than one.")
        extended = ivy.concat([a, ivy.flip(_last(a, slice(1, -1)), axis=-1)], axis=-1)
        return ivy.real(ivy.fft.rfft(extended, axis=-1))
    if kind == 2:
        spectrum = _last(ivy.fft.rfft(a, n=2 * count, axis=-1), slice(None, count))
        out = ivy.real(ivy.multiply(spectrum, ivy.multiply(_cis(count, -1, d), 2)))
        if norm == "ortho":
            first = 0.5 / math.sqrt(count)
            out = ivy.multiply(out, _ortho_weights(count, first, first * math.sqrt(2), d))
        return out
    if kind == 3:
        if norm == "ortho":
            first = math.sqrt(count)
            a = ivy.multiply(a, _ortho_weights(count, first, first * math.sqrt(0.5), d))
        else:
            a = ivy.multiply(a, float(count))
        scaled = ivy.multiply(ivy.astype(a, _RFFT_REAL[d]), ivy.multiply(_cis(count, 1, d), 2))
        return _last(ivy.fft.irfft(scaled, n=2 * count, axis=-1), slice(None, count))
    # type IV: X_k = 2 sum_n x_n cos(pi / N (n + 1/2) (k + 1/2)), as a product with the basis
    half = ivy.add(ivy.arange(count, dtype=d), 0.5)
    basis = ivy.cos(ivy.multiply(ivy.multiply(ivy.expand_dims(half, axis=-1), half),
                                 math.pi / count))
    out = ivy.multiply(ivy.matmul(a, basis), 2.0)
    return ivy.multiply(out, math.sqrt(0.5 / count)) if norm == "ortho" else out


def _sized(a, n):
    if n is None or n == a.shape[-1]:
        return a
    if n < a.shape[-1]:
        return _last(a, slice(None, n))
    pad = ivy.zeros(tuple(a.shape[:-1]) + (n - a.shape[-1],), dtype=native_name(a))
    return ivy.concat([a, pad], axis=-1)


def dct(input, type=2, n=None, axis=-1, norm=None, name=None):  # noqa: A002
    a = _native(input)
    _dct_checks(a, type, n, axis, norm)
    return wrap(_dct(_sized(a, n), type, norm))


_INVERSE_TYPE = {1: 1, 2: 3, 3: 2, 4: 4}


def idct(input, type=2, n=None, axis=-1, norm=None, name=None):  # noqa: A002
    """The DCT of the inverse type (unnormalized: ``idct(dct(x)) == 2 N x`` for types II/III)."""
    return dct(input, type=_INVERSE_TYPE.get(type, type), n=n, axis=axis, norm=norm)


def mdct(signals, frame_length, window_fn=vorbis_window, pad_end=False, norm=None, name=None):
    a = _native(signals)
    d = native_name(a)
    length = _int(frame_length)
    if length % 4:
        raise ValueError(f"The frame length must be a multiple of 4, got {length}")
    if d not in _RFFT_REAL:
        raise ValueError(f"mdct: signals must be float32 or float64, got {d}")
    if norm not in (None, "ortho"):
        raise ValueError(f"Unknown normalization. Expected None or 'ortho', got: {norm}")
    frames = _frames(a, length, length // 2, pad_end, 0, -1)
    if window_fn is not None:
        frames = ivy.multiply(frames, _native(window_fn(length, dtype=T.BY_NAME[d])))
    q = length // 4
    p0, p1, p2, p3 = (_last(frames, slice(i * q, (i + 1) * q)) for i in range(4))
    folded = ivy.concat([ivy.subtract(ivy.negative(ivy.flip(p2, axis=-1)), p3),
                         ivy.subtract(p0, ivy.flip(p1, axis=-1))], axis=-1)
    return wrap(_dct(folded, 4, norm))


def inverse_mdct(mdcts, window_fn=vorbis_window, norm=None, name=None):
    a = _native(mdcts)
    d = native_name(a)
    if d not in _RFFT_REAL:
        raise ValueError(f"inverse_mdct: mdcts must be float32 or float64, got {d}")
    if norm not in (None, "ortho"):
        raise ValueError(f"Unknown normalization. Expected None or 'ortho', got: {norm}")
    half = a.shape[-1]
    y = _dct(a, 4, norm)
    if norm is None:
        y = ivy.multiply(y, 0.5 / half)
    h = half // 2
    y0, y1 = _last(y, slice(None, h)), _last(y, slice(h, None))
    frames = ivy.concat([y1, ivy.negative(ivy.flip(y1, axis=-1)),
                         ivy.negative(ivy.flip(y0, axis=-1)), ivy.negative(y0)], axis=-1)
    if window_fn is not None:
        frames = ivy.multiply(frames, _native(window_fn(2 * half, dtype=T.BY_NAME[d])))
    return wrap(_overlap_add(frames, half))


# ---- mel filter banks -------------------------------------------------------------------------

def _mel(hz):
    return ivy.multiply(ivy.log(ivy.add(ivy.divide(hz, 700.0), 1.0)), 1127.0)


def linear_to_mel_weight_matrix(num_mel_bins=20, num_spectrogram_bins=129, sample_rate=8000,
                                lower_edge_hertz=125.0, upper_edge_hertz=3800.0,
                                dtype=T.BY_NAME["float32"], name=None):
    d = _window_dtype(dtype)
    bins, spectrum = _int(num_mel_bins), _int(num_spectrogram_bins)
    rate = float(sample_rate.numpy() if type(sample_rate) is Tensor else sample_rate)
    lower, upper = float(lower_edge_hertz), float(upper_edge_hertz)
    if bins <= 0:
        raise ValueError(f"num_mel_bins must be positive. Got: {bins}")
    if lower < 0.0:
        raise ValueError(f"lower_edge_hertz must be non-negative. Got: {lower}")
    if lower >= upper:
        raise ValueError(f"lower_edge_hertz {lower} >= upper_edge_hertz {upper}")
    if rate <= 0.0:
        raise ValueError(f"sample_rate must be positive. Got: {rate}")
    if upper > rate / 2:
        raise ValueError(f"upper_edge_hertz must not be larger than the Nyquist frequency "
                         f"(sample_rate / 2). Got {upper} for sample_rate: {rate}")
    linear = ivy.linspace(0.0, rate / 2, spectrum, dtype=d)[1:]
    spectrum_mel = ivy.expand_dims(_mel(linear), axis=-1)
    edges = ivy.linspace(_mel(ivy.asarray(lower, dtype=d)), _mel(ivy.asarray(upper, dtype=d)),
                         bins + 2, dtype=d)
    low, center, high = edges[:-2], edges[1:-1], edges[2:]
    rising = ivy.divide(ivy.subtract(spectrum_mel, low), ivy.subtract(center, low))
    falling = ivy.divide(ivy.subtract(high, spectrum_mel), ivy.subtract(high, center))
    weights = ivy.maximum(ivy.minimum(rising, falling), ivy.zeros_like(rising))
    return wrap(ivy.concat([ivy.zeros((1, bins), dtype=d), weights], axis=0))


def mfccs_from_log_mel_spectrograms(log_mel_spectrograms, name=None):
    a = _native(log_mel_spectrograms)
    _dct_checks(a, 2, None, -1, None)
    bins = a.shape[-1]
    return wrap(ivy.multiply(_dct(a, 2, None), 1.0 / math.sqrt(bins * 2.0)))


_SIGNAL = {
    "fft": fft, "ifft": ifft, "fft2d": fft2d, "ifft2d": ifft2d, "fft3d": fft3d,
    "ifft3d": ifft3d, "fftnd": fftnd, "ifftnd": ifftnd, "rfft": rfft, "irfft": irfft,
    "rfft2d": rfft2d, "irfft2d": irfft2d, "rfft3d": rfft3d, "irfft3d": irfft3d,
    "rfftnd": rfftnd, "irfftnd": irfftnd, "fftshift": fftshift, "ifftshift": ifftshift,
    "frame": frame, "overlap_and_add": overlap_and_add, "hann_window": hann_window,
    "hamming_window": hamming_window, "kaiser_window": kaiser_window,
    "kaiser_bessel_derived_window": kaiser_bessel_derived_window,
    "vorbis_window": vorbis_window, "stft": stft, "inverse_stft": inverse_stft,
    "inverse_stft_window_fn": inverse_stft_window_fn, "dct": dct, "idct": idct, "mdct": mdct,
    "inverse_mdct": inverse_mdct, "linear_to_mel_weight_matrix": linear_to_mel_weight_matrix,
    "mfccs_from_log_mel_spectrograms": mfccs_from_log_mel_spectrograms,
}
EXPORTS = {"signal": _SIGNAL,
           "tf": {"fftnd": fftnd, "ifftnd": ifftnd, "rfftnd": rfftnd, "irfftnd": irfftnd}}
del _op
