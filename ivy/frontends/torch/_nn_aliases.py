"""The top-level ``torch.*`` forms of ``torch.nn.functional`` functions (ATen signatures: loss
reductions as ints, ``train`` flags without defaults, ``native_*`` returning tuples) and the
window functions, as thin wrappers of ``nn.functional``.

The Python bindings of the ATen losses default ``reduction`` to 0 ("none"), not the schema's 1,
and so do these. ``torch.native_norm`` has no dense CPU kernel in real torch and raises
NotImplementedError here too. ``torch.embedding_bag`` returns torch's 4-tuple; only the first element (the bags) is
exact, the bookkeeping tensors follow torch's mean/max layout and are zeros in sum mode.
"""
from __future__ import annotations

import math

import ivy
from ivy.core import dtypes as D

from . import _dtypes as T
from ._ops import _TORCH_NAME, _tensor_arg
from ._tensor import _wrap
from .nn import functional as F

_REDUCTIONS = {0: "none", 1: "mean", 2: "sum"}
_GRID_MODES = {0: "bilinear", 1: "nearest", 2: "bicubic"}
_GRID_PADDINGS = {0: "zeros", 1: "border", 2: "reflection"}


def _red(reduction):
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return _REDUCTIONS[reduction]


def _rename(f, name):
    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"Implements `torch.{name}`."
    return f


# ---- renames with F's signature ------------------------------------------------------------------

_SAME = ("conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d",
         "conv_tbc", "rms_norm", "native_channel_shuffle", "bilinear", "pixel_shuffle",
         "pixel_unshuffle", "channel_shuffle", "avg_pool1d", "adaptive_avg_pool1d",
         "cosine_similarity", "pairwise_distance", "pdist")


# ---- convolution, pooling, padding ---------------------------------------------------------------

def convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups):
    nd = ivy.ndim(_tensor_arg(weight, "convolution")) - 2
    if nd not in (1, 2, 3):
        raise RuntimeError(f"convolution: expected a 3-D, 4-D or 5-D weight, got "
                           f"{nd + 2}-D")
    if transposed:
        return getattr(F, f"conv_transpose{nd}d")(input, weight, bias, stride, padding,
                                                  output_padding, groups, dilation)
    return getattr(F, f"conv{nd}d")(input, weight, bias, stride, padding, dilation, groups)


def _max_pool(nd, with_indices=False):
    f = getattr(F, f"max_pool{nd}d" + ("_with_indices" if with_indices else ""))

    def max_pool(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
        return f(input, kernel_size, stride, padding, dilation, ceil_mode)
    return _rename(max_pool, f"max_pool{nd}d" + ("_with_indices" if with_indices else ""))


max_pool1d, max_pool2d, max_pool3d = _max_pool(1), _max_pool(2), _max_pool(3)
max_pool1d_with_indices = _max_pool(1, True)


def adaptive_max_pool1d(input, output_size):
    return F.adaptive_max_pool1d(input, output_size, return_indices=True)


def constant_pad_nd(input, pad, value=0):
    a = _tensor_arg(input, "constant_pad_nd")
    if ivy.dtype(a) not in D.FLOATING and not isinstance(value, bool):
        value = int(value)                  # torch casts the fill to the tensor's dtype
    return F.pad(input, pad, "constant", value)


def grid_sampler(input, grid, interpolation_mode, padding_mode, align_corners):
    if interpolation_mode not in _GRID_MODES or padding_mode not in _GRID_PADDINGS:
        raise RuntimeError(f"grid_sampler(): unknown interpolation_mode {interpolation_mode} or "
                           f"padding_mode {padding_mode}")
    return F.grid_sample(input, grid, _GRID_MODES[interpolation_mode],
                         _GRID_PADDINGS[padding_mode], bool(align_corners))


def _grid_sampler_nd(nd):
    def grid_sampler_nd(input, grid, interpolation_mode, padding_mode, align_corners):
        if ivy.ndim(_tensor_arg(input, f"grid_sampler_{nd}d")) != nd + 2:
            raise RuntimeError(f"grid_sampler(): expected {nd + 2}D input and grid")
        return grid_sampler(input, grid, interpolation_mode, padding_mode, align_corners)
    return _rename(grid_sampler_nd, f"grid_sampler_{nd}d")


grid_sampler_2d, grid_sampler_3d = _grid_sampler_nd(2), _grid_sampler_nd(3)


def affine_grid_generator(theta, size, align_corners):
    return F.affine_grid(theta, size, bool(align_corners))


# ---- normalization -------------------------------------------------------------------------------

def batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps,
               cudnn_enabled):
    return F.batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)


def instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps,
                  cudnn_enabled):
    return F.instance_norm(input, running_mean, running_var, weight, bias, use_input_stats,
                           momentum, eps)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05, cudnn_enable=True):
    return F.layer_norm(input, normalized_shape, weight, bias, eps)


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05, cudnn_enabled=True):
    return F.group_norm(input, num_groups, weight, bias, eps)


def _stats(a, axes, eps):
    """(mean, 1/sqrt(biased var + eps)) over ``axes``, kept as size-1 dims."""
    mean = ivy.mean(a, axis=axes, keepdims=True)
    var = ivy.mean(ivy.square(ivy.subtract(a, mean)), axis=axes, keepdims=True)
    return mean, ivy.divide(1.0, ivy.sqrt(ivy.add(var, eps)))


def native_layer_norm(input, normalized_shape, weight, bias, eps):
    y = F.layer_norm(input, normalized_shape, weight, bias, eps)
    a = _tensor_arg(input, "native_layer_norm")
    k = len(normalized_shape) if not isinstance(normalized_shape, int) else 1
    mean, rstd = _stats(a, tuple(range(ivy.ndim(a) - k, ivy.ndim(a))), eps)
    return y, _wrap(mean), _wrap(rstd)


def native_batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps):
    a = _tensor_arg(input, "native_batch_norm")
    if not training and (running_mean is None or running_var is None):
        raise RuntimeError("native_batch_norm: running_mean and running_var must be defined in "
                           "evaluation mode")
    y = F.batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)
    if not training:
        empty = _wrap(ivy.zeros((0,), dtype=ivy.dtype(a)))
        return y, empty, _wrap(ivy.zeros((0,), dtype=ivy.dtype(a)))
    axes = (0,) + tuple(range(2, ivy.ndim(a)))
    mean, rstd = _stats(a, axes, eps)
    return y, _wrap(ivy.reshape(mean, (-1,))), _wrap(ivy.reshape(rstd, (-1,)))


def native_group_norm(input, weight, bias, N, C, HxW, group, eps):
    a = _tensor_arg(input, "native_group_norm")
    y = F.group_norm(input, group, weight, bias, eps)
    grouped = ivy.reshape(a, (N, group, -1))
    mean, rstd = _stats(grouped, (2,), eps)
    return y, _wrap(ivy.reshape(mean, (N, group))), _wrap(ivy.reshape(rstd, (N, group)))


def native_norm(input, p=2, dim=None, keepdim=False, dtype=None):
    raise NotImplementedError("Could not run 'aten::native_norm' with arguments from the 'CPU' "
                              "backend (torch implements it for sparse tensors only)")


# ---- dropout -------------------------------------------------------------------------------------

def _dropout(name, feature, alpha, inplace):
    def dropout(input, p, train):
        if p < 0 or p > 1:
            raise RuntimeError(f"dropout probability has to be between 0 and 1, but got {p}")
        if feature and train and ivy.ndim(_tensor_arg(input, name)) < 2:
            raise RuntimeError("Feature dropout requires at least 2 dimensions in the input")
        return F._drop(input, p, train, inplace, name, -1 if feature else 0, alpha)
    return _rename(dropout, name)


dropout, dropout_ = (_dropout("dropout", False, False, False),
                     _dropout("dropout_", False, False, True))
alpha_dropout, alpha_dropout_ = (_dropout("alpha_dropout", False, True, False),
                                 _dropout("alpha_dropout_", False, True, True))
feature_dropout, feature_dropout_ = (_dropout("feature_dropout", True, False, False),
                                     _dropout("feature_dropout_", True, False, True))
feature_alpha_dropout, feature_alpha_dropout_ = (
    _dropout("feature_alpha_dropout", True, True, False),
    _dropout("feature_alpha_dropout_", True, True, True))


def native_dropout(input, p, train):
    a = _tensor_arg(input, "native_dropout")
    if train is False or p == 0:
        return _wrap(ivy.asarray(a, copy=True)), _wrap(ivy.ones(ivy.shape(a), dtype="bool"))
    if p < 0 or p > 1:
        raise RuntimeError(f"dropout probability has to be between 0 and 1, but got {p}")
    keep = F._keep(a, p, ivy.shape(a), F._noise_order(input))
    scale = 0.0 if p == 1 else 1.0 / (1.0 - p)
    return _wrap(a * keep * scale), _wrap(ivy.astype(keep, "bool"))


# ---- embeddings ----------------------------------------------------------------------------------

def embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    return F.embedding(indices, weight)


def embedding_renorm_(input, indices, max_norm, norm_type):
    F.embedding(indices, input, max_norm=max_norm, norm_type=norm_type)
    return input


_BAG_MODE_NAMES = {0: "sum", 1: "mean", 2: "max"}


def embedding_bag(weight, indices, offsets, scale_grad_by_freq=False, mode=0, sparse=False,
                  per_sample_weights=None, include_last_offset=False, padding_idx=None):
    if mode not in _BAG_MODE_NAMES:
        raise RuntimeError(f"embedding_bag: unknown mode {mode}")
    idx = _tensor_arg(indices, "embedding_bag")
    out = F.embedding_bag(indices, weight, offsets if ivy.ndim(idx) == 1 else None,
                          mode=_BAG_MODE_NAMES[mode], per_sample_weights=per_sample_weights,
                          include_last_offset=include_last_offset,
                          padding_idx=None if padding_idx is None or padding_idx < 0 else
                          padding_idx)
    bags = ivy.shape(out._data)[0]
    zeros = _wrap(ivy.zeros((bags,), dtype="int64"))
    return out, _wrap(ivy.zeros((0,), dtype="int64")), zeros, zeros


# ---- softmax -------------------------------------------------------------------------------------

def softmax(input, dim, dtype=None):
    return F.softmax(input, dim, dtype=dtype)


def log_softmax(input, dim, dtype=None):
    return F.log_softmax(input, dim, dtype=dtype)


# ---- losses with integer reductions --------------------------------------------------------------

def kl_div(input, target, reduction=0, *, log_target=False):
    r = _red(reduction)     # ATen's mean is the plain element mean (no batchmean warning)
    loss = F.kl_div(input, target, reduction="none", log_target=log_target)
    return loss if r == "none" else _wrap(getattr(ivy, r)(loss._data))


def poisson_nll_loss(input, target, log_input, full, eps, reduction):
    return F.poisson_nll_loss(input, target, log_input, full, None, eps, None, _red(reduction))


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction=0,
             zero_infinity=False):
    return F.ctc_loss(log_probs, targets, input_lengths, target_lengths, blank, _red(reduction),
                      zero_infinity)


def cosine_embedding_loss(input1, input2, target, margin=0.0, reduction=0):
    return F.cosine_embedding_loss(input1, input2, target, margin, reduction=_red(reduction))


def hinge_embedding_loss(input, target, margin=1.0, reduction=0):
    return F.hinge_embedding_loss(input, target, margin, reduction=_red(reduction))


def margin_ranking_loss(input1, input2, target, margin=0.0, reduction=0):
    return F.margin_ranking_loss(input1, input2, target, margin, reduction=_red(reduction))


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2.0, eps=1e-06, swap=False,
                        reduction=0):
    return F.triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap,
                                 reduction=_red(reduction))


def binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None, reduction=0):
    return F.binary_cross_entropy_with_logits(input, target, weight, reduction=_red(reduction),
                                              pos_weight=pos_weight)


# ---- windows -------------------------------------------------------------------------------------

def _cosine_sum(*coefficients):
    def f(n, m):
        return sum(c * (-1) ** k * ivy.cos(2 * math.pi * k * n / m)
                   for k, c in enumerate(coefficients))
    return f


def _bartlett(n, m):
    return 1 - ivy.abs(2 * n / m - 1)


def _window(name, shape_fn, extra=()):
    def window(window_length, periodic=True, *args, dtype=None, layout=None, device=None,
               pin_memory=False, requires_grad=False):
        dt = T.default_float() if dtype is None else T.canonical(dtype)
        if dt in D.COMPLEX_FLOATING:
            raise NotImplementedError(f'"arange_cpu" not implemented for \'{_TORCH_NAME[dt]}\'')
        if dt not in D.REAL_FLOATING:
            raise RuntimeError(f"{name} expects floating point dtypes, got: {_TORCH_NAME[dt]}")
        if window_length < 0:
            raise RuntimeError(f"{name} requires non-negative window_length, got "
                               f"window_length={window_length}")
        if window_length <= 1:
            return _wrap(ivy.ones((window_length,), dtype=dt))
        params = args + tuple(extra[len(args):])
        m = window_length if periodic else window_length - 1
        n = ivy.arange(window_length, dtype="float64")
        return _wrap(ivy.astype(shape_fn(n, m, *params), dt))
    return _rename(window, name)


def _kaiser(n, m, beta):
    r = (n - m / 2) / (m / 2)
    return ivy.i0(beta * ivy.sqrt(ivy.maximum(1 - r * r, ivy.zeros_like(r)))) / \
        ivy.i0(ivy.asarray(beta, dtype="float64"))


hann_window = _window("hann_window", _cosine_sum(0.5, 0.5))
blackman_window = _window("blackman_window", _cosine_sum(0.42, 0.5, 0.08))
bartlett_window = _window("bartlett_window", _bartlett)
kaiser_window = _window("kaiser_window", _kaiser, (12.0,))
hamming_window = _window("hamming_window", lambda n, m, alpha, beta: alpha - beta * ivy.cos(
    2 * math.pi * n / m), (0.54, 0.46))


FUNCTIONS_ONLY = {name: getattr(F, name)
                  for name in _SAME}
FUNCTIONS_ONLY.update({f.__name__: f for f in (
    convolution, max_pool1d, max_pool2d, max_pool3d, max_pool1d_with_indices, adaptive_max_pool1d,
    constant_pad_nd, grid_sampler, grid_sampler_2d, grid_sampler_3d, affine_grid_generator,
    batch_norm, instance_norm, layer_norm, group_norm, native_layer_norm, native_batch_norm,
    native_group_norm, native_norm, dropout, dropout_, alpha_dropout, alpha_dropout_,
    feature_dropout, feature_dropout_, feature_alpha_dropout, feature_alpha_dropout_,
    native_dropout, embedding, embedding_renorm_, embedding_bag, softmax, log_softmax, kl_div,
    poisson_nll_loss, ctc_loss, cosine_embedding_loss, hinge_embedding_loss, margin_ranking_loss,
    triplet_margin_loss, binary_cross_entropy_with_logits, hann_window, blackman_window,
    bartlett_window, kaiser_window, hamming_window)})


# ---- short-time Fourier transforms ---------------------------------------------------------------

def _stft_window(window, win_length, n_fft, dt, fn):
    """The window zero-padded (centered) to n_fft, or None for the rectangular one."""
    if window is None:
        w = ivy.ones((win_length,), dtype=D.REAL_OF.get(dt, dt))
    else:
        w = _tensor_arg(window, fn)
        if ivy.ndim(w) != 1 or ivy.shape(w)[0] != win_length:
            raise RuntimeError(f"{fn}: expected a 1D window tensor of size equal to "
                               f"win_length={win_length}, but got window with size "
                               f"{list(ivy.shape(w))}")
    left = (n_fft - win_length) // 2
    return ivy.pad(w, [(left, n_fft - win_length - left)]) if win_length < n_fft else w


def _frame_index(frames, n_fft, hop):
    return (ivy.reshape(ivy.arange(frames, dtype="int64") * hop, (-1, 1))
            + ivy.reshape(ivy.arange(n_fft, dtype="int64"), (1, -1)))


def stft(input, n_fft, hop_length=None, win_length=None, window=None, center=True,
         pad_mode="reflect", normalized=False, onesided=None, return_complex=None,
         align_to_window=None):
    fn = "stft"
    a = _tensor_arg(input, fn)
    dt = ivy.dtype(a)
    w_nat = None if window is None else _tensor_arg(window, fn)
    complex_in = dt in D.COMPLEX_FLOATING or (w_nat is not None and
                                              ivy.dtype(w_nat) in D.COMPLEX_FLOATING)
    if return_complex is None:
        if not complex_in:
            raise RuntimeError("stft requires the return_complex parameter be given for real "
                               "inputs, and will further require that return_complex=True in a "
                               "future PyTorch release.")
        return_complex = True
    if dt not in D.FLOATING:
        raise RuntimeError(f"{fn}: expected a tensor of floating point or complex value")
    if ivy.ndim(a) not in (1, 2):
        raise RuntimeError(f"{fn}: expected a 1D or 2D tensor")
    hop = n_fft // 4 if hop_length is None else hop_length
    win_length = n_fft if win_length is None else win_length
    if center:
        pad = n_fft // 2
        x3 = ivy.reshape(a, (1,) * (3 - ivy.ndim(a)) + ivy.shape(a))
        a = ivy.reshape(F.pad(_wrap(x3), [pad, pad], pad_mode)._data,
                        ivy.shape(a)[:-1] + (ivy.shape(a)[-1] + 2 * pad,))
    length = ivy.shape(a)[-1]
    if not 0 < n_fft <= length:
        raise RuntimeError(f"{fn}: expected 0 < n_fft < {length}, but got n_fft={n_fft}")
    if hop <= 0:
        raise RuntimeError(f"{fn}: expected hop_length > 0, but got hop_length={hop}")
    if not 0 < win_length <= n_fft:
        raise RuntimeError(f"{fn}: expected 0 < win_length <= n_fft, but got "
                           f"win_length={win_length}")
    w = _stft_window(window, win_length, n_fft, dt, fn)
    if onesided is None:
        onesided = not complex_in
    elif onesided and complex_in:
        raise RuntimeError("Cannot have onesided output if window or input is complex")
    frames = 1 + (length - n_fft) // hop
    x = ivy.take(a, _frame_index(frames, n_fft, hop), axis=-1)       # (..., frames, n_fft)
    x = ivy.multiply(x, ivy.astype(w, ivy.dtype(x))) if ivy.dtype(w) == ivy.dtype(x) or \
        ivy.dtype(w) not in D.COMPLEX_FLOATING else ivy.multiply(ivy.astype(x, ivy.dtype(w)), w)
    norm = "ortho" if normalized else "backward"
    spec = ivy.fft.rfft(x, axis=-1, norm=norm) if onesided else ivy.fft.fft(
        x if ivy.dtype(x) in D.COMPLEX_FLOATING else ivy.astype(
            x, "complex128" if ivy.dtype(x) == "float64" else "complex64"), axis=-1, norm=norm)
    spec = ivy.matrix_transpose(spec)                                 # (..., freq, frames)
    if return_complex:
        return _wrap(spec)
    return _wrap(ivy.stack([ivy.real(spec), ivy.imag(spec)], axis=-1))


def istft(input, n_fft, hop_length=None, win_length=None, window=None, center=True,
          normalized=False, onesided=None, length=None, return_complex=False):
    fn = "istft"
    s = _tensor_arg(input, fn)
    if ivy.dtype(s) not in D.COMPLEX_FLOATING:
        raise RuntimeError("istft requires a complex-valued input tensor matching the output "
                           "from stft with return_complex=True.")
    if ivy.ndim(s) not in (2, 3):
        raise RuntimeError(f"{fn}: expected a tensor with 2 or 3 dimensions of complex dtype")
    hop = n_fft // 4 if hop_length is None else hop_length
    win_length = n_fft if win_length is None else win_length
    if not 0 < win_length <= n_fft:
        raise RuntimeError(f"{fn}: expected 0 < win_length <= n_fft")
    if hop <= 0 or hop > win_length:
        raise RuntimeError(f"{fn}: expected 0 < hop_length <= win_length")
    freq, frames = ivy.shape(s)[-2:]
    if onesided is None:
        onesided = freq != n_fft
    w_nat = None if window is None else _tensor_arg(window, fn)
    if onesided and (return_complex or (w_nat is not None and
                                        ivy.dtype(w_nat) in D.COMPLEX_FLOATING)):
        raise RuntimeError("Cannot have onesided output if window or input is complex")
    if onesided and n_fft // 2 + 1 != freq:
        raise RuntimeError(f"{fn}: expected the frequency dimension (3rd to the last) of the "
                           f"input tensor to match n_fft / 2 + 1 when onesided=True, but got "
                           f"{freq}")
    if not onesided and n_fft != freq:
        raise RuntimeError(f"{fn}: expected the frequency dimension to match n_fft when "
                           f"onesided=False, but got {freq}")
    real = D.REAL_OF[ivy.dtype(s)]
    w = _stft_window(window, win_length, n_fft, real, fn)
    # torch sums the overlap-add envelope in the window's own dtype
    wsq = ivy.square(ivy.abs(w)) if ivy.dtype(w) in D.COMPLEX_FLOATING else ivy.multiply(w, w)
    if ivy.dtype(w) not in D.COMPLEX_FLOATING:
        w = ivy.astype(w, real)
    spec = ivy.matrix_transpose(s)                                    # (..., frames, freq)
    norm = "ortho" if normalized else "backward"
    if return_complex:
        x = ivy.fft.ifft(spec, axis=-1, norm=norm)
    else:                   # a real signal: torch keeps the first n_fft // 2 + 1 bins only
        x = ivy.fft.irfft(ivy.get_item(spec, (Ellipsis, slice(0, n_fft // 2 + 1))), n=n_fft,
                          axis=-1, norm=norm)
    x = ivy.multiply(x, w if ivy.dtype(w) == ivy.dtype(x) or ivy.dtype(x) in D.COMPLEX_FLOATING
                     and ivy.dtype(w) in D.COMPLEX_FLOATING else ivy.astype(w, ivy.dtype(x)))
    total = n_fft + hop * (frames - 1)
    idx = ivy.reshape(_frame_index(frames, n_fft, hop), (-1,))
    lead = ivy.shape(x)[:-2]
    flat = ivy.reshape(x, (-1, frames * n_fft))
    rows = ivy.shape(flat)[0]
    y = ivy.scatter(ivy.zeros((rows, total), dtype=ivy.dtype(x)),
                    ivy.broadcast_to(ivy.reshape(idx, (1, -1)), (rows, frames * n_fft)), flat,
                    axis=1, reduction="add")
    env = ivy.scatter(ivy.zeros((total,), dtype=ivy.dtype(wsq)), idx,
                      ivy.reshape(ivy.broadcast_to(wsq, (frames, n_fft)), (-1,)), axis=0,
                      reduction="add")
    env = ivy.astype(env, real) if ivy.dtype(env) != real else env
    start = n_fft // 2 if center else 0
    end = start + length if length is not None else (total - n_fft // 2 if center else total)
    end = min(end, total)
    y, env = ivy.get_item(y, (slice(None), slice(start, end))), ivy.get_item(env, slice(start,
                                                                                        end))
    if ivy.shape(env)[0] and float(ivy.min(ivy.abs(env))) < 1e-11:
        raise RuntimeError(f"{fn}: window overlap add min: {float(ivy.min(ivy.abs(env)))}")
    y = ivy.divide(y, ivy.astype(env, ivy.dtype(y)) if ivy.dtype(y) in D.COMPLEX_FLOATING
                   else env)
    if length is not None and ivy.shape(y)[-1] < length:
        y = ivy.pad(y, [(0, 0), (0, length - ivy.shape(y)[-1])])
    return _wrap(ivy.reshape(y, lead + (ivy.shape(y)[-1],)))


FUNCTIONS = {"stft": stft, "istft": istft}
