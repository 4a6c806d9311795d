"""``torch.nn.functional`` (without the losses, see ``_losses.py``) on ivy's core ``nn``, ``conv``
and ``pooling`` areas.

Inputs are checked here with torch's dtype refusals; the core's ``IvyValueError`` for bad argument
combinations becomes torch's ``RuntimeError``. ``inplace=True`` writes through ``_ops.assign``.
Random draws come from the frontend's generators and equal real torch's under the same seed: the
dropout family's masks (``_dropout_noise``, in the input's memory order as torch's
``empty_like``), rrelu's slopes (``_rrelu_train``), gumbel_softmax's noise, the attention dropout
of ``scaled_dot_product_attention`` (torch's CPU math path) and ``multi_head_attention_forward``,
and fractional max pooling's samples.
"""
from __future__ import annotations

import functools
import math
import warnings

import numpy as np

import ivy
from ivy.core import dtypes as D

from .._ops import _TORCH_NAME, _tensor_arg, assign, cast, shape_errors
from .. import _mt19937
from .._random import _gen, _memory_order, _uniform
from .._tensor import Tensor, _axis, _wrap, bump_version
from .. import _dtypes as T

_FLOATS = frozenset(D.REAL_FLOATING)
_INEXACT = frozenset(D.FLOATING)


def _refused(kernel, dt):
    return NotImplementedError(f'"{kernel}" not implemented for \'{_TORCH_NAME[dt]}\'')


def _float(input, fn, kernel=None):
    """The native floating input of ``fn``; torch has no integer kernel (NotImplementedError)."""
    a = _tensor_arg(input, fn)
    dt = ivy.dtype(a)
    if dt not in _FLOATS:
        raise _refused(kernel or f"{fn}_cpu", dt)
    return a


def _as_float(input, fn):
    """Integer and bool inputs computed in the default float dtype (torch.tanh's rule)."""
    a = _tensor_arg(input, fn)
    return a if ivy.dtype(a) in _INEXACT else ivy.astype(a, T.canonical(T.default_float()))


def _core(f, *args, **kwargs):
    """A core call with the core's argument errors raised as torch's RuntimeError."""
    try:
        return f(*args, **kwargs)
    except (ivy.IvyValueError, ivy.IvyTypeError) as e:
        raise RuntimeError(str(e)) from e


def _out(input, result, inplace, fn):
    if not inplace:
        return _wrap(result)
    data = input._data
    if type(input) is Tensor and ivy.autograd.enabled() and ivy.autograd.requires_grad(data) \
            and not ivy.autograd.is_leaf(data) and ivy.dtype(result) == ivy.dtype(data):
        # Recording: the out-of-place activation saved its input for the backward pass, so a
        # write into that input's storage would fail backward() ("modified by an inplace
        # operation"; torch's own in-place kernels save the result instead). The tensor takes
        # the result as its new value. Deviation: other aliases of the old storage (a native
        # view, ``.data``/``detach()`` taken before) keep the pre-activation values.
        input._data = result
        bump_version(input)
        return input
    return assign(input, result, fn + "_")


def _nat(t):
    return None if t is None else t._data


# ---- activations -------------------------------------------------------------------------------

def relu(input, inplace=False):
    return _out(input, ivy.relu(_tensor_arg(input, "relu")), inplace, "relu")


def relu6(input, inplace=False):
    return _out(input, ivy.relu6(_tensor_arg(input, "relu6")), inplace, "relu6")


def elu(input, alpha=1.0, inplace=False):
    return _out(input, ivy.elu(_float(input, "elu"), alpha=alpha), inplace, "elu")


def selu(input, inplace=False):
    return _out(input, ivy.selu(_float(input, "selu", "elu_cpu")), inplace, "selu")


def celu(input, alpha=1.0, inplace=False):
    if alpha == 0:
        raise RuntimeError("ZeroDivisionError")
    return _out(input, ivy.celu(_float(input, "celu", "elu_cpu"), alpha=alpha), inplace, "celu")


def leaky_relu(input, negative_slope=0.01, inplace=False):
    a = _float(input, "leaky_relu")
    return _out(input, ivy.leaky_relu(a, negative_slope=negative_slope), inplace, "leaky_relu")


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    a = _tensor_arg(input, "hardtanh")
    if min_val > max_val:
        raise ValueError("min_val cannot be greater than max_val")
    if ivy.dtype(a) == "bool":
        raise _refused("clamp_scalar_cpu", "bool")
    if ivy.dtype(a) not in _FLOATS:     # the core's hard_tanh is floating only; torch clamps ints
        y = ivy.clip(a, math.trunc(min_val), math.trunc(max_val))
    else:
        y = ivy.hard_tanh(a, min_val=min_val, max_val=max_val)
    return _out(input, y, inplace, "hardtanh")


def threshold(input, threshold, value, inplace=False):
    a = _tensor_arg(input, "threshold")
    if ivy.dtype(a) not in _FLOATS:     # the core's threshold is floating only; torch's is not
        y = ivy.where(ivy.greater(a, math.floor(threshold)), a, ivy.full_like(a, int(value)))
    else:
        y = ivy.threshold(a, threshold, value)
    return _out(input, y, inplace, "threshold")


def _rrelu_train(a, lower, upper, gen):
    """torch's ``rrelu_with_noise`` training kernel: in C order, each element ``<= 0`` draws its
    slope as a double uniform in [lower, upper) (bounds first rounded to the kernel's float
    type), multiplied in that type (Half and BFloat16 in float); the others keep their value."""
    name = ivy.dtype(a)
    if name not in ("float32", "float64", "bfloat16"):
        raise _refused("rrelu_with_noise_out_cpu", name)
    f = np.float64 if name == "float64" else np.float32
    low = float(f(lower))
    neg = ivy.to_numpy(ivy.less_equal(a, ivy.zeros((), dtype=name))).reshape(-1)
    slopes = np.ones(neg.size, dtype=f)
    slopes[neg] = _mt19937.unit53(gen._engine, int(neg.sum())) * (float(f(upper)) - low) + low
    slopes = ivy.asarray(slopes.reshape(ivy.shape(a)))
    wide = a if name != "bfloat16" else ivy.astype(a, "float32")
    y = ivy.where(ivy.less_equal(wide, ivy.zeros((), dtype=ivy.dtype(wide))),
                  ivy.multiply(wide, slopes), wide)
    return y if name != "bfloat16" else ivy.astype(y, name)


def _rrelu_eval(a, lower, upper):
    """leaky_relu with the mean slope; Half and BFloat16 multiply in float, as torch's kernel."""
    name = ivy.dtype(a)
    if name not in ("float16", "bfloat16"):
        return ivy.leaky_relu(a, negative_slope=(lower + upper) / 2)
    return ivy.astype(ivy.leaky_relu(ivy.astype(a, "float32"), negative_slope=(lower + upper) / 2),
                      name)


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    a = _float(input, "rrelu", "leaky_relu_cpu")
    y = _rrelu_train(a, lower, upper, _gen(None)) if training else _rrelu_eval(a, lower, upper)
    return _out(input, y, inplace, "rrelu")


def _inplace(f):
    def fn(input, *args, **kwargs):
        return f(input, *args, **kwargs, inplace=True)
    fn.__name__ = fn.__qualname__ = f.__name__ + "_"
    fn.__doc__ = f"Implements `torch.nn.functional.{fn.__name__}`."
    return fn


relu_, elu_, selu_, celu_, leaky_relu_, hardtanh_, threshold_, rrelu_ = (
    _inplace(f) for f in (relu, elu, selu, celu, leaky_relu, hardtanh, threshold, rrelu))


def glu(input, dim=-1):
    a = _float(input, "glu")
    if ivy.ndim(a) == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    d = _axis(dim, ivy.ndim(a))
    if ivy.shape(a)[d] % 2:
        raise RuntimeError(f"Halving dimension must be even, but dimension {d} is size "
                           f"{ivy.shape(a)[d]}")
    return _wrap(ivy.glu(a, axis=d))


def gelu(input, approximate="none"):
    if approximate not in ("none", "tanh"):
        raise RuntimeError("approximate argument must be either none or tanh.")
    return _wrap(ivy.gelu(_float(input, "gelu", "GeluKernelImpl"), approximate=approximate))


def logsigmoid(input):
    return _wrap(ivy.log_sigmoid(_float(input, "logsigmoid", "log_sigmoid_cpu")))


def hardshrink(input, lambd=0.5):
    return _wrap(ivy.hardshrink(_float(input, "hardshrink"), lambd=lambd))


def softshrink(input, lambd=0.5):
    if lambd < 0:
        raise RuntimeError(f"lambda must be greater or equal to 0, but found to be {lambd}.")
    return _wrap(ivy.softshrink(_float(input, "softshrink", "softshrink_check"), lambd=lambd))


def tanhshrink(input):
    return _wrap(ivy.tanhshrink(_as_float(input, "tanhshrink")))


def softsign(input):
    return _wrap(ivy.softsign(_as_float(input, "softsign")))


def tanh(input):
    return _wrap(ivy.tanh(_as_float(input, "tanh")))


def sigmoid(input):
    return _wrap(ivy.sigmoid(_as_float(input, "sigmoid")))


def softplus(input, beta=1.0, threshold=20.0):
    return _wrap(ivy.softplus(_float(input, "softplus"), beta=beta, threshold=threshold))


def hardsigmoid(input, inplace=False):
    return _out(input, ivy.hard_sigmoid(_float(input, "hardsigmoid")), inplace, "hardsigmoid")


def hardswish(input, inplace=False):
    return _out(input, ivy.hard_swish(_float(input, "hardswish")), inplace, "hardswish")


def silu(input, inplace=False):
    return _out(input, ivy.silu(_float(input, "silu")), inplace, "silu")


def mish(input, inplace=False):
    return _out(input, ivy.mish(_float(input, "mish")), inplace, "mish")


def prelu(input, weight):
    a, w = _float(input, "prelu"), _tensor_arg(weight, "prelu")
    n = math.prod(ivy.shape(w))
    channels = ivy.shape(a)[1] if ivy.ndim(a) >= 2 else 1
    if n != 1 and n != channels:
        raise RuntimeError(f"Mismatch of parameter numbers and input channel size. Found parameter "
                           f"numbers = {n} and channel size = {channels}.")
    if ivy.dtype(w) != ivy.dtype(a):
        raise RuntimeError(f"prelu: Type promoting not supported. Got "
                           f"{_TORCH_NAME[ivy.dtype(a)]} and {_TORCH_NAME[ivy.dtype(w)]}")
    return _wrap(_core(ivy.prelu, a, w))


# ---- softmax family ------------------------------------------------------------------------------

def _softmax_dim(ndim, dim, fn):
    if dim is None:
        warnings.warn(f"Implicit dimension choice for {fn} has been deprecated. Change the call "
                      f"to include dim=X as an argument.", stacklevel=3)
        return 0 if ndim in (0, 1, 3) else 1
    return _axis(dim, ndim)


def _softmax_input(input, dim, dtype, fn, kernel):
    a = _tensor_arg(input, fn)
    if dtype is not None:
        a = cast(a, T.canonical(dtype))
    if T.native_name(a) not in _FLOATS:
        raise _refused(kernel, ivy.dtype(a))
    return a, _softmax_dim(a.ndim, dim, fn)


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    a, d = _softmax_input(input, dim, dtype, "softmax", "softmax_lastdim_kernel_impl")
    return _wrap(ivy.softmax(a, axis=d) if a.ndim else ivy.exp(ivy.subtract(a, a)))


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    a, d = _softmax_input(input, dim, dtype, "softmin", "softmax_lastdim_kernel_impl")
    return _wrap(ivy.softmax(ivy.negative(a), axis=d) if ivy.ndim(a) else
                 ivy.exp(ivy.subtract(a, a)))


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    a, d = _softmax_input(input, dim, dtype, "log_softmax", "log_softmax_lastdim_kernel_impl")
    return _wrap(ivy.log_softmax(a, axis=d) if ivy.ndim(a) else ivy.subtract(a, a))


def gumbel_softmax(logits, tau=1.0, hard=False, eps=1e-10, dim=-1):
    a = _tensor_arg(logits, "gumbel_softmax")
    if ivy.dtype(a) not in _FLOATS:      # refused by the noise's exponential_
        raise RuntimeError(f"Exponential distribution is a continuous probability distribution. "
                           f"dtype must be a floating point but you specified "
                           f"{_TORCH_NAME[ivy.dtype(a)]}")
    d = _axis(dim, ivy.ndim(a))
    # torch: -empty_like(logits).exponential_().log()
    e = _mt19937.exponential(_gen(None)._engine, math.prod(ivy.shape(a)), ivy.dtype(a), 1.0)
    gumbels = ivy.negative(ivy.log(ivy.asarray(e.reshape(ivy.shape(a)))))
    if ivy.dtype(gumbels) != ivy.dtype(a):
        gumbels = ivy.astype(gumbels, ivy.dtype(a))
    y = ivy.softmax(ivy.divide(ivy.add(a, gumbels), tau), axis=d)
    if not hard:
        return _wrap(y)
    index = ivy.argmax(y, axis=d, keepdims=True)
    positions = ivy.reshape(ivy.arange(ivy.shape(a)[d]),
                            tuple(-1 if i == d else 1 for i in range(ivy.ndim(a))))
    y_hard = ivy.astype(ivy.equal(positions, index), ivy.dtype(a))
    return _wrap(ivy.add(ivy.subtract(y_hard, ivy.autograd.stop(y)), y))


# ---- linear layers ---------------------------------------------------------------------------

def _same_dtype(fn, *arrays):
    dts = {ivy.dtype(x) for x in arrays if x is not None}
    if len(dts) > 1:
        raise RuntimeError(f"{fn}: expected all tensors to have the same dtype, got "
                           f"{sorted(dts)}")


def linear(input, weight, bias=None):
    a, w, b = _tensor_arg(input, "linear"), _tensor_arg(weight, "linear"), _nat(bias)
    _same_dtype("linear", a, w, b)
    if ivy.shape(a)[-1:] != ivy.shape(w)[-1:]:
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({ivy.shape(a)} and "
                           f"{ivy.shape(w)[::-1]})")
    return _wrap(ivy.linear(a, w, bias=b))


def bilinear(input1, input2, weight, bias=None):
    a, c, w, b = (_tensor_arg(input1, "bilinear"), _tensor_arg(input2, "bilinear"),
                  _tensor_arg(weight, "bilinear"), _nat(bias))
    _same_dtype("bilinear", a, c, w, b)
    if ivy.ndim(w) != 3 or ivy.shape(a)[-1] != ivy.shape(w)[1] or ivy.shape(c)[-1] != ivy.shape(w)[2]:
        raise RuntimeError("bilinear(): input and weight sizes do not match")
    y = ivy.einsum("...i,oij,...j->...o", a, w, c)
    return _wrap(y if b is None else ivy.add(y, b))


# ---- convolution -------------------------------------------------------------------------------

def _batched(a, nd, fn, what="input"):
    """(batched native, was_unbatched): torch accepts (C, *spatial) and (N, C, *spatial)."""
    if ivy.ndim(a) == nd + 1:
        return ivy.expand_dims(a, axis=0), True
    if ivy.ndim(a) == nd + 2:
        return a, False
    raise RuntimeError(f"{fn}: Expected {nd + 1}D (unbatched) or {nd + 2}D (batched) {what} to "
                       f"{fn}, but got {what} of size: {list(ivy.shape(a))}")


def _unbatch(y, unbatched):
    return ivy.squeeze(y, axis=0) if unbatched else y


def _conv_operands(input, weight, bias, nd, fn):
    a, w, b = _tensor_arg(input, fn), _tensor_arg(weight, fn), _nat(bias)
    _same_dtype(fn, a, w, b)
    if ivy.ndim(w) != nd + 2:
        raise RuntimeError(f"{fn}: weight should have {nd + 2} dimensions, got shape "
                           f"{list(ivy.shape(w))}")
    a, unbatched = _batched(a, nd, fn)
    dt = ivy.dtype(a)
    if dt == "bool":
        raise _refused(f"{fn}", dt)
    if dt not in _INEXACT:          # torch's slow integer kernels: exact for small values
        a, w, b = (None if v is None else ivy.astype(v, "float64") for v in (a, w, b))
    return a, w, b, unbatched, dt


def _conv(nd):
    fn = f"conv{nd}d"

    def conv(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
        a, w, b, unbatched, dt = _conv_operands(input, weight, bias, nd, fn)
        if isinstance(padding, str):
            if padding not in ("same", "valid"):
                raise ValueError(f"Invalid padding string '{padding}'")
            if padding == "same" and any(s != 1 for s in np.broadcast_to(stride, (nd,))):
                raise RuntimeError("padding='same' is not supported for strided convolutions")
        y = _core(ivy.conv, a, w, stride=stride, padding=padding, dilation=dilation,
                  groups=groups, bias=b)
        return _wrap(ivy.astype(_unbatch(y, unbatched), dt) if ivy.dtype(y) != dt
                     else _unbatch(y, unbatched))
    conv.__name__ = conv.__qualname__ = fn
    conv.__doc__ = f"Implements `torch.nn.functional.{fn}`."
    return conv


def _conv_transpose(nd):
    fn = f"conv_transpose{nd}d"

    def conv_transpose(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                       dilation=1):
        a, w, b, unbatched, dt = _conv_operands(input, weight, bias, nd, fn)
        y = _core(ivy.conv_transpose, a, w, stride=stride, padding=padding,
                  output_padding=output_padding, dilation=dilation, groups=groups, bias=b)
        y = _unbatch(y, unbatched)
        return _wrap(ivy.astype(y, dt) if ivy.dtype(y) != dt else y)
    conv_transpose.__name__ = conv_transpose.__qualname__ = fn
    conv_transpose.__doc__ = f"Implements `torch.nn.functional.{fn}`."
    return conv_transpose


conv1d, conv2d, conv3d = _conv(1), _conv(2), _conv(3)
conv_transpose1d, conv_transpose2d, conv_transpose3d = (_conv_transpose(1), _conv_transpose(2),
                                                        _conv_transpose(3))


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    a = _float(input, "unfold", "im2col_cpu")
    if ivy.ndim(a) not in (3, 4):
        raise NotImplementedError(f"Input Error: Only 3D or 4D input Tensors are supported "
                                  f"(got {ivy.ndim(a)}D)")
    a, unbatched = _batched(a, 2, "unfold")
    y = _core(ivy.unfold, a, kernel_size, dilation=dilation, padding=padding, stride=stride)
    return _wrap(_unbatch(y, unbatched))


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    a = _float(input, "fold", "col2im_cpu")
    if ivy.ndim(a) not in (2, 3):
        raise NotImplementedError(f"Input Error: Only unbatched (2D) or batched (3D) input Tensors"
                                  f" are supported (got {ivy.ndim(a)}D)")
    a, unbatched = (ivy.expand_dims(a, axis=0), True) if ivy.ndim(a) == 2 else (a, False)
    two = lambda v: (v, v) if isinstance(v, int) else tuple(v)  # noqa: E731
    y = _core(ivy.fold, a, two(output_size), two(kernel_size), dilation=two(dilation),
              padding=two(padding), stride=two(stride))
    return _wrap(_unbatch(y, unbatched))


# ---- pooling ------------------------------------------------------------------------------------

def _stride(stride, kernel_size):
    return None if stride is None or (not isinstance(stride, int) and len(stride) == 0) else stride


def _pool_input(input, nd, fn, kernel):
    a = _float(input, fn, kernel)
    return _batched(a, nd, fn)


def _max_pool(nd, force_indices=False):
    fn = f"max_pool{nd}d"

    def max_pool(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                 return_indices=False):
        a = _tensor_arg(input, fn)
        dt = ivy.dtype(a)
        with_indices = return_indices or force_indices
        if dt == "bool" or dt in D.COMPLEX_FLOATING or (nd == 1 and dt not in _FLOATS
                                                         and not with_indices):
            raise _refused(f"max_pool{nd}d" + ("_impl" if nd == 1 else ""), dt)
        a, unbatched = _batched(a, nd, fn)
        if dt not in _FLOATS:           # torch has integer max-pool kernels; the core does not
            a = ivy.astype(a, "float64")
        with_indices = return_indices or force_indices
        y = _core(ivy.max_pool, a, kernel_size, stride=_stride(stride, kernel_size),
                  padding=padding, dilation=dilation, ceil_mode=ceil_mode,
                  return_indices=with_indices)
        values, indices = y if with_indices else (y, None)
        values = _wrap(ivy.astype(_unbatch(values, unbatched), dt))
        return (values, _wrap(_unbatch(indices, unbatched))) if with_indices else values
    name = fn + ("_with_indices" if force_indices else "")
    max_pool.__name__ = max_pool.__qualname__ = name
    max_pool.__doc__ = f"Implements `torch.nn.functional.{name}`."
    return max_pool


max_pool1d, max_pool2d, max_pool3d = _max_pool(1), _max_pool(2), _max_pool(3)
max_pool1d_with_indices, max_pool2d_with_indices, max_pool3d_with_indices = (
    _max_pool(1, True), _max_pool(2, True), _max_pool(3, True))


def _avg(input, nd, kernel_size, stride, padding, ceil_mode, count_include_pad,
         divisor_override):
    fn = f"avg_pool{nd}d"
    a = _tensor_arg(input, fn)
    dt = ivy.dtype(a)
    if dt == "bool" or dt in D.COMPLEX_FLOATING:
        raise _refused(f"avg_pool{nd}d_out_frame", dt)
    a, unbatched = _batched(a, nd, fn)
    if dt not in _INEXACT:
        a = ivy.astype(a, "float64")
    y = _core(ivy.avg_pool, a, kernel_size, stride=_stride(stride, kernel_size), padding=padding,
              ceil_mode=ceil_mode, count_include_pad=count_include_pad,
              divisor_override=divisor_override)
    y = _unbatch(y, unbatched)
    if dt not in _INEXACT:           # torch's integer kernels divide with truncation
        y = ivy.astype(ivy.trunc(y), dt)
    return _wrap(y)


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True):
    return _avg(input, 1, kernel_size, stride, padding, ceil_mode, count_include_pad, None)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    return _avg(input, 2, kernel_size, stride, padding, ceil_mode, count_include_pad,
                divisor_override)


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    return _avg(input, 3, kernel_size, stride, padding, ceil_mode, count_include_pad,
                divisor_override)


def _adaptive(nd, kind, force_indices=False):
    fn = f"adaptive_{kind}_pool{nd}d"

    def adaptive_avg(input, output_size):
        a, unbatched = _pool_input(input, nd, fn, f"adaptive_avg_pool{nd}d_cpu")
        return _wrap(_unbatch(_core(ivy.adaptive_avg_pool, a, output_size), unbatched))

    def adaptive_max(input, output_size, return_indices=False):
        a, unbatched = _pool_input(input, nd, fn, f"adaptive_max_pool{nd}d")
        with_indices = return_indices or force_indices
        y = _core(ivy.adaptive_max_pool, a, output_size, return_indices=with_indices)
        if with_indices:
            return _wrap(_unbatch(y[0], unbatched)), _wrap(_unbatch(y[1], unbatched))
        return _wrap(_unbatch(y, unbatched))
    f = adaptive_avg if kind == "avg" else adaptive_max
    name = fn + ("_with_indices" if force_indices else "")
    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"Implements `torch.nn.functional.{name}`."
    return f


adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_avg_pool3d = (
    _adaptive(1, "avg"), _adaptive(2, "avg"), _adaptive(3, "avg"))
adaptive_max_pool1d, adaptive_max_pool2d, adaptive_max_pool3d = (
    _adaptive(1, "max"), _adaptive(2, "max"), _adaptive(3, "max"))
adaptive_max_pool1d_with_indices, adaptive_max_pool2d_with_indices, \
    adaptive_max_pool3d_with_indices = (_adaptive(1, "max", True), _adaptive(2, "max", True),
                                        _adaptive(3, "max", True))


def _lp(nd):
    fn = f"lp_pool{nd}d"

    def lp_pool(input, norm_type, kernel_size, stride=None, ceil_mode=False):
        a, unbatched = _pool_input(input, nd, fn, f"avg_pool{nd}d_out_frame")
        y = _core(ivy.lp_pool, a, float(norm_type), kernel_size,
                  stride=_stride(stride, kernel_size), ceil_mode=ceil_mode)
        return _wrap(_unbatch(y, unbatched))
    lp_pool.__name__ = lp_pool.__qualname__ = fn
    lp_pool.__doc__ = f"Implements `torch.nn.functional.{fn}`."
    return lp_pool


lp_pool1d, lp_pool2d, lp_pool3d = _lp(1), _lp(2), _lp(3)


def _unpool(nd):
    fn = f"max_unpool{nd}d"

    def max_unpool(input, indices, kernel_size, stride=None, padding=0, output_size=None):
        a, idx = _tensor_arg(input, fn), _tensor_arg(indices, fn)
        if ivy.dtype(idx) != "int64":
            raise RuntimeError(f"{fn}: expected indices to have type int64")
        k = tuple(np.broadcast_to(kernel_size, (nd,)).tolist())
        s = k if stride is None else tuple(np.broadcast_to(stride, (nd,)).tolist())
        p = tuple(np.broadcast_to(padding, (nd,)).tolist())
        spatial_in = ivy.shape(a)[-nd:]
        if output_size is None:
            out = tuple((spatial_in[i] - 1) * s[i] - 2 * p[i] + k[i] for i in range(nd))
        else:
            out = tuple(output_size)[-nd:]
        lead = ivy.shape(a)[:-nd]
        plane = math.prod(out)
        flat_x = ivy.reshape(a, (-1, math.prod(spatial_in)))
        flat_i = ivy.reshape(idx, (-1, math.prod(spatial_in)))
        rows = ivy.shape(flat_x)[0]
        base = ivy.reshape(ivy.arange(rows, dtype="int64") * plane, (rows, 1))
        target = ivy.zeros((rows * plane,), dtype=ivy.dtype(a))
        target = ivy.scatter(target, ivy.reshape(flat_i + base, (-1,)),
                             ivy.reshape(flat_x, (-1,)), axis=0)
        return _wrap(ivy.reshape(target, lead + out))
    max_unpool.__name__ = max_unpool.__qualname__ = fn
    max_unpool.__doc__ = f"Implements `torch.nn.functional.{fn}`."
    return max_unpool


max_unpool1d, max_unpool2d, max_unpool3d = _unpool(1), _unpool(2), _unpool(3)


# ---- dropout ------------------------------------------------------------------------------------

def _check_p(p):
    if p < 0.0 or p > 1.0:
        raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")


def _bernoulli_mask(p, mask_shape, order=None):
    """torch's ``bernoulli_(p)`` of a new mask drawn in dimension order ``order`` (outermost
    first; None: C order), on the host."""
    keep = _mt19937.bernoulli_scalar(_gen(None)._engine, math.prod(mask_shape), p)
    if order is None:
        return keep.reshape(mask_shape)
    return keep.reshape([mask_shape[d] for d in order]).transpose(np.argsort(order))


def _keep(a, p, mask_shape, order=None):
    """torch's ``bernoulli_(1 - p)`` mask as a native array of ``a``'s dtype."""
    return ivy.astype(ivy.asarray(_bernoulli_mask(1.0 - p, mask_shape, order)), ivy.dtype(a))


def _noise_order(input):
    """The order of dimensions, outermost first, in which torch's ``empty_like(input)`` noise
    draws (None: C order): it keeps the input's layout permutation, strided or not, so a
    permuted tensor draws in memory order."""
    return _memory_order(input) if isinstance(input, Tensor) else None


def _dropout_noise(name, p, mask_shape, alpha, order=None):
    """torch's ``_dropout_impl`` noise on the host: ``bernoulli_(1 - p)`` then ``div_(1 - p)``,
    or alpha dropout's scale ``a`` and shift ``b``, with torch's float rounding (Half and
    BFloat16 in float, rounded per op); ``order`` as ``_noise_order``'s."""
    keep = _bernoulli_mask(1.0 - p, mask_shape, order)
    wide = name in ("float16", "bfloat16")
    f = np.float32 if wide or name == "float32" else np.float64
    if not alpha:
        return _mt19937.cast(np.where(keep, f(1) * (f(1) / f(1.0 - p)), f(0)), name), None
    s = 1.7580993408473766
    a = 1.0 / math.sqrt((s * s * p + 1) * (1 - p))
    noise = keep.astype(f)
    b = _mt19937.cast(_mt19937.cast(noise - f(1), name).astype(f) * f(s * a), name).astype(f)
    b = _mt19937.cast(b + _mt19937.cast(np.array(s * a * p), name).astype(f), name)
    return _mt19937.cast(noise * f(a), name), b


def _feature_shape(a, batched_ndim):
    shape = ivy.shape(a)
    lead = 2 if len(shape) == batched_ndim or batched_ndim is None else 1
    return shape[:lead] + (1,) * (len(shape) - lead)


def _drop(input, p, training, inplace, fn, feature_ndim=0, alpha=False):
    _check_p(p)
    a = _tensor_arg(input, fn)
    if not training or p == 0.0:
        return input if inplace else _wrap(a)
    if p == 1.0 and not alpha:
        return _out(input, ivy.zeros_like(a), inplace, fn)
    if ivy.dtype(a) not in _INEXACT:
        raise RuntimeError(f"result type Float can't be cast to the desired output type "
                           f"{_TORCH_NAME[ivy.dtype(a)]}")
    shape = ivy.shape(a) if feature_ndim == 0 else _feature_shape(
        a, None if feature_ndim < 0 else feature_ndim)
    if p == 1.0:
        return _out(input, a * 0.0, inplace, fn)
    name = ivy.dtype(a)
    noise, b = (None if v is None else ivy.astype(ivy.asarray(v), name)
                for v in _dropout_noise(name, p, shape, alpha,
                                        _noise_order(input) if feature_ndim == 0 else None))
    y = ivy.multiply(a, noise)
    return _out(input, y if b is None else ivy.add(y, b), inplace, fn)


def dropout(input, p=0.5, training=True, inplace=False):
    return _drop(input, p, training, inplace, "dropout")


def _dropout_nd(nd):
    fn = f"dropout{nd}d"

    def dropout_nd(input, p=0.5, training=True, inplace=False):
        a = _tensor_arg(input, fn)
        if nd != 2 and ivy.ndim(a) not in (nd + 1, nd + 2):
            raise RuntimeError(f"{fn}: Expected {nd + 1}D or {nd + 2}D input, but received a "
                               f"{ivy.ndim(a)}D input.")
        if nd == 2 and ivy.ndim(a) == 3:
            return _drop(input, p, training, inplace, fn, -1)
        return _drop(input, p, training, inplace, fn, nd + 2)
    dropout_nd.__name__ = dropout_nd.__qualname__ = fn
    dropout_nd.__doc__ = f"Implements `torch.nn.functional.{fn}`."
    return dropout_nd


dropout1d, dropout2d, dropout3d = _dropout_nd(1), _dropout_nd(2), _dropout_nd(3)


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    return _drop(input, p, training, inplace, "alpha_dropout", alpha=True)


def feature_alpha_dropout(input, p=0.5, training=False, inplace=False):
    return _drop(input, p, training, inplace, "feature_alpha_dropout", -1, alpha=True)


# ---- normalization -----------------------------------------------------------------------------

def _norm_params(fn, a, *params):
    params = tuple(None if t is None else _tensor_arg(t, fn) for t in params)
    if any(p is not None and ivy.dtype(p) != ivy.dtype(a) for p in params):
        raise RuntimeError("mixed dtype (CPU): all inputs must share same datatype.")
    return params


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-05):
    a = _float(input, "batch_norm", "batch_norm_cpu")
    rm, rv, w, b = _norm_params("batch_norm", a, running_mean, running_var, weight, bias)
    shape = ivy.shape(a)
    if training and math.prod(shape) // max(shape[1] if len(shape) > 1 else 1, 1) <= 1:
        raise ValueError(f"Expected more than 1 value per channel when training, got input size "
                         f"{list(shape)}")
    res = _core(ivy.batch_norm, a, rm, rv, weight=w, bias=b, training=training,
                momentum=0.0 if momentum is None else momentum, eps=eps)
    if training:
        _update_statistics(running_mean, running_var, res, "batch_norm")
    return _wrap(res.output)


def _update_statistics(running_mean, running_var, res, fn):
    """Running statistics are buffers outside the graph, as torch's are."""
    for buffer, value in ((running_mean, res.running_mean), (running_var, res.running_var)):
        if buffer is not None:
            assign(buffer, ivy.autograd.stop(value), fn)


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None,
                  use_input_stats=True, momentum=0.1, eps=1e-05):
    a = _float(input, "instance_norm", "batch_norm_cpu")
    if (running_mean is None) != (running_var is None):
        raise ValueError("running_mean and running_var must either both be None or neither be "
                         "None")
    rm, rv, w, b = _norm_params("instance_norm", a, running_mean, running_var, weight, bias)
    res = _core(ivy.instance_norm, a, running_mean=rm, running_var=rv, weight=w, bias=b,
                use_input_stats=use_input_stats, momentum=momentum, eps=eps)
    if use_input_stats:
        _update_statistics(running_mean, running_var, res, "instance_norm")
    return _wrap(res.output)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05):
    a = _float(input, "layer_norm", "LayerNormKernelImpl")
    w, b = _norm_params("layer_norm", a, weight, bias)
    return _wrap(_core(ivy.layer_norm, a, tuple(normalized_shape) if not isinstance(
        normalized_shape, int) else normalized_shape, weight=w, bias=b, eps=eps))


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05):
    a = _float(input, "group_norm", "GroupNormKernelImpl")
    w, b = _norm_params("group_norm", a, weight, bias)
    return _wrap(_core(ivy.group_norm, a, num_groups, weight=w, bias=b, eps=eps))


def rms_norm(input, normalized_shape, weight=None, eps=None):
    a = _float(input, "rms_norm", "rms_norm")
    w = None if weight is None else cast(_tensor_arg(weight, "rms_norm"), ivy.dtype(a))
    return _wrap(_core(ivy.rms_norm, a, tuple(normalized_shape) if not isinstance(
        normalized_shape, int) else normalized_shape, weight=w, eps=eps))


def local_response_norm(input, size, alpha=1e-4, beta=0.75, k=1.0):
    a = _float(input, "local_response_norm", "avg_pool2d_out_frame")
    if ivy.ndim(a) < 3:
        raise ValueError(f"Expected 3D or higher dimensionality input (got {ivy.ndim(a)} "
                         f"dimensions)")
    c = ivy.shape(a)[1]
    if ivy.shape(a)[0] == 0 or math.prod(ivy.shape(a)) == 0:
        return _wrap(a)
    sq = ivy.pad(ivy.multiply(a, a),
                 [(0, 0), (size // 2, (size - 1) // 2)] + [(0, 0)] * (ivy.ndim(a) - 2))
    total = functools.reduce(ivy.add, (ivy.get_item(sq, (slice(None), slice(i, i + c)))
                                       for i in range(size)))
    div = ivy.pow(ivy.add(ivy.multiply(total, alpha / size), k), beta)
    return _wrap(ivy.divide(a, div))


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    a = _tensor_arg(input, "normalize")
    if ivy.dtype(a) not in _INEXACT:
        raise RuntimeError(f"linalg.vector_norm: Expected a floating point or complex tensor as "
                           f"input. Got {_TORCH_NAME[ivy.dtype(a)]}")
    d = _axis(dim, ivy.ndim(a))
    norm = ivy.linalg.vector_norm(a, axis=d, keepdims=True, ord=p)
    y = ivy.divide(a, ivy.maximum(norm, ivy.asarray(eps, dtype=ivy.dtype(norm))))
    return _wrap(y) if out is None else assign(out, y, "normalize")


# ---- embedding, one_hot -------------------------------------------------------------------------

def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
              scale_grad_by_freq=False, sparse=False):
    idx, w = _tensor_arg(input, "embedding"), _tensor_arg(weight, "embedding")
    if ivy.dtype(idx) not in ("int64", "int32"):
        raise RuntimeError(f"Expected tensor for argument #1 'indices' to have one of the "
                           f"following scalar types: Long, Int; but got "
                           f"{_TORCH_NAME[ivy.dtype(idx)]} instead")
    rows = ivy.shape(w)[0]
    if padding_idx is not None:
        if not -rows <= padding_idx < rows:
            raise AssertionError("Padding_idx must be within num_embeddings")
    if math.prod(ivy.shape(idx)) and (int(ivy.max(idx)) >= rows or int(ivy.min(idx)) < 0):
        raise IndexError("index out of range in self")
    if max_norm is not None:      # torch renormalizes the weight in place, outside the graph
        recording = ivy.autograd.set_enabled(False)
        try:
            flat = ivy.unique_values(ivy.reshape(idx, (-1,)))
            picked = ivy.take(w, flat, axis=0)
            norms = ivy.linalg.vector_norm(picked, axis=-1, keepdims=True, ord=norm_type)
            scale = ivy.where(ivy.greater(norms, max_norm),
                              ivy.divide(max_norm, ivy.add(norms, 1e-7)), ivy.ones_like(norms))
            new = ivy.index_update(w, flat, ivy.multiply(picked, scale))
            assign(weight, new, "embedding_renorm_")
        finally:
            ivy.autograd.set_enabled(recording)
        w = weight._data
    out = ivy.embedding(idx, w)
    if padding_idx is not None and ivy.autograd.requires_grad(w):
        # the padding row gets no gradient: its lookups are cut from the graph
        pad = ivy.expand_dims(ivy.equal(idx, padding_idx % rows), axis=-1)
        out = ivy.where(pad, ivy.autograd.stop(out), out)
    return _wrap(out)


def one_hot(tensor, num_classes=-1):
    a = _tensor_arg(tensor, "one_hot")
    if ivy.dtype(a) != "int64":
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    empty = math.prod(ivy.shape(a)) == 0
    if num_classes == -1:
        if empty:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        num_classes = int(ivy.to_numpy(ivy.max(a))) + 1    # a value: not traceable
    elif num_classes < -1:
        raise RuntimeError("num_classes should be positive")
    if not empty:
        if int(ivy.min(a)) < 0:
            raise RuntimeError("Class values must be non-negative.")
        if int(ivy.max(a)) >= num_classes:
            raise RuntimeError("Class values must be smaller than num_classes.")
    return _wrap(ivy.one_hot(a, num_classes))


# ---- pad, resampling, shuffles ------------------------------------------------------------------

_PAD_MODES = {"constant": "constant", "reflect": "reflect", "replicate": "edge",
              "circular": "wrap"}


def pad(input, pad, mode="constant", value=None):
    a = _tensor_arg(input, "pad")
    if mode not in _PAD_MODES:
        raise NotImplementedError(f"Unrecognised padding mode {mode}")
    pad = tuple(pad)
    n, ndim = len(pad) // 2, ivy.ndim(a)
    if len(pad) % 2:
        raise RuntimeError("Padding length must be divisible by 2")
    if n > ndim:
        raise RuntimeError("Padding length should be less than or equal to two times the input "
                           "dimension but got padding length " f"{len(pad)} and input of "
                           f"dimension {ndim}")
    if mode != "constant":
        if value is not None and value != 0:
            raise RuntimeError(f'Padding mode "{mode}" doesn\'t take in value argument')
        if n > 3 or not (n + 1 <= ndim <= n + 2):
            raise NotImplementedError(f"Only 2D, 3D, 4D, 5D padding with non-constant padding are "
                                      f"supported for now")
        if ivy.dtype(a) == "bool":
            raise _refused(f"{mode}_pad{n}d", ivy.dtype(a))
        shape = ivy.shape(a)
        for i in range(n):
            size, lo, hi = shape[ndim - 1 - i], pad[2 * i], pad[2 * i + 1]
            if mode == "reflect" and (lo >= size or hi >= size):
                raise RuntimeError(f"Argument #4: Padding size should be less than the "
                                   f"corresponding input dimension, but got: padding ({lo}, "
                                   f"{hi}) at dimension {ndim - 1 - i} of input {list(shape)}")
            if mode == "circular" and (lo > size or hi > size):
                raise RuntimeError("Padding value causes wrapping around more than once.")
    widths = [(0, 0)] * (ndim - n) + [(pad[2 * i], pad[2 * i + 1]) for i in reversed(range(n))]
    if mode == "constant":
        return _wrap(_core(ivy.pad, a, widths, value=0 if value is None else value))
    if any(lo < 0 or hi < 0 for lo, hi in widths):    # negative widths crop first
        a = ivy.get_item(a, tuple(slice(max(-lo, 0), ivy.shape(a)[i] - max(-hi, 0))
                                  for i, (lo, hi) in enumerate(widths)))
        widths = [(max(lo, 0), max(hi, 0)) for lo, hi in widths]
    return _wrap(_core(ivy.pad, a, widths, mode=_PAD_MODES[mode]))


_MODE_NDIM = {"linear": 3, "bilinear": 4, "bicubic": 4, "trilinear": 5}


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None, antialias=False):
    a = _tensor_arg(input, "interpolate")
    if ivy.ndim(a) not in (3, 4, 5):
        raise NotImplementedError(f"Input Error: Only 3D, 4D and 5D input Tensors supported (got "
                                  f"{ivy.ndim(a)}D) for the modes: nearest | linear | bilinear | "
                                  f"bicubic | trilinear | area | nearest-exact (got {mode})")
    need = _MODE_NDIM.get(mode)
    if need is not None and need != ivy.ndim(a):
        raise NotImplementedError(f"Got {ivy.ndim(a)}D input, but {mode} mode needs {need}D input")
    if ivy.dtype(a) not in _FLOATS:
        raise _refused(f"upsample_{mode}{ivy.ndim(a) - 2}d_out_frame", ivy.dtype(a))
    try:
        return _wrap(ivy.interpolate(a, size, scale_factor, mode, align_corners,
                                     recompute_scale_factor, antialias))
    except (ivy.IvyValueError, ivy.IvyTypeError) as e:
        raise ValueError(str(e)) from e


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    return interpolate(input, size, scale_factor, mode, align_corners)


def upsample_nearest(input, size=None, scale_factor=None):
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input, size=None, scale_factor=None):
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)


def pixel_shuffle(input, upscale_factor):
    a = _tensor_arg(input, "pixel_shuffle")
    if ivy.ndim(a) < 3:
        raise RuntimeError(f"pixel_shuffle expects input to have at least 3 dimensions, but got "
                           f"input with {ivy.ndim(a)} dimension(s)")
    return _wrap(_core(ivy.pixel_shuffle, a, upscale_factor))


def pixel_unshuffle(input, downscale_factor):
    a = _tensor_arg(input, "pixel_unshuffle")
    if ivy.ndim(a) < 3:
        raise RuntimeError(f"pixel_unshuffle expects input to have at least 3 dimensions, but "
                           f"got input with {ivy.ndim(a)} dimension(s)")
    return _wrap(_core(ivy.pixel_unshuffle, a, downscale_factor))


def channel_shuffle(input, groups):
    a = _tensor_arg(input, "channel_shuffle")
    shape = ivy.shape(a)
    if len(shape) < 3:
        raise RuntimeError(f"channel_shuffle expects input to have at least 3 dimensions, but got "
                           f"input with {len(shape)} dimension(s)")
    if groups <= 0:
        raise RuntimeError(f"Number of groups to divide channels in must be positive. Value of "
                           f"groups:{groups}")
    if shape[1] % groups:
        raise RuntimeError(f"Number of channels must be divisible by groups. Got {shape[1]} "
                           f"channels and {groups} groups.")
    y = ivy.reshape(a, (shape[0], groups, shape[1] // groups) + shape[2:])
    y = ivy.permute_dims(y, (0, 2, 1) + tuple(range(3, len(shape) + 1)))
    return _wrap(ivy.reshape(y, shape))


# ---- attention, distances -----------------------------------------------------------------------

def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
                                 is_causal=False, scale=None, enable_gqa=False):
    fn = "scaled_dot_product_attention"
    q, k, v = (_tensor_arg(t, fn) for t in (query, key, value))
    _same_dtype(fn, q, k, v)
    if ivy.dtype(q) not in _FLOATS:
        raise RuntimeError(f"{fn}: expected query, key and value to be floating point")
    mask = _nat(attn_mask)
    if mask is not None and ivy.dtype(mask) != "bool" and ivy.dtype(mask) != ivy.dtype(q):
        raise RuntimeError(f"Expected attn_mask dtype to be bool or float or to match query "
                           f"dtype, but got attn_mask.dtype: {ivy.dtype(mask)} and  query.dtype: "
                           f"{ivy.dtype(q)} instead.")
    hq, hk = (ivy.shape(q)[-3] if ivy.ndim(q) >= 3 else 1), (ivy.shape(k)[-3] if ivy.ndim(k) >= 3
                                                             else 1)
    if hq != hk:
        if not enable_gqa or hq % hk:
            raise RuntimeError(f"Expected query, key, and value to have the same size at "
                               f"dimension -3, got {hq} and {hk}")
        k = ivy.repeat(k, hq // hk, axis=-3)
        v = ivy.repeat(v, hq // hk, axis=-3)
    if dropout_p > 0.0:
        return _wrap(_attention_dropout(q, k, v, mask, dropout_p, is_causal, scale))
    return _wrap(_core(ivy.scaled_dot_product_attention, q, k, v, attn_mask=mask,
                       is_causal=is_causal, scale=scale))


def _attention_dropout(q, k, v, mask, p, is_causal, scale):
    """torch's CPU math path with dropout: the weights (Half and BFloat16 in float), then
    ``at::dropout`` on them, whose mask is ``dropout``'s over the weights' shape (..., L, S)."""
    if is_causal and mask is not None:
        raise RuntimeError("_scaled_dot_product_attention: Explicit attn_mask should not be set "
                           "when is_causal=True")
    name = ivy.dtype(q)
    if name in ("float16", "bfloat16"):
        q, k, v = (ivy.astype(t, "float32") for t in (q, k, v))
        if mask is not None and ivy.dtype(mask) != "bool":
            mask = ivy.astype(mask, "float32")
    length, source = ivy.shape(q)[-2], ivy.shape(k)[-2]
    if is_causal:
        mask = ivy.less_equal(ivy.reshape(ivy.arange(source), (1, source)),
                              ivy.reshape(ivy.arange(length), (length, 1)))
    if mask is not None and ivy.dtype(mask) == "bool":
        mask = ivy.where(mask, ivy.zeros((), dtype=ivy.dtype(q)),
                         ivy.full((), -math.inf, dtype=ivy.dtype(q)))
    root = math.sqrt(1.0 / math.sqrt(ivy.shape(q)[-1]) if scale is None else abs(scale))
    scores = ivy.matmul(ivy.multiply(q, root if scale is None or scale >= 0 else -root),
                        ivy.multiply(ivy.matrix_transpose(k), root))
    if mask is not None:
        scores = _core(ivy.add, scores, mask)
    weights = ivy.softmax(scores, axis=-1)
    if mask is not None:    # torch's safe softmax: a fully masked row attends to nothing
        none_kept = ivy.equal(ivy.max(scores, axis=-1, keepdims=True), -math.inf)
        weights = ivy.where(none_kept, ivy.zeros_like(weights), weights)
    y = ivy.matmul(dropout(_wrap(weights), p)._data, v)
    return y if ivy.dtype(y) == name else ivy.astype(y, name)


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    a, b = _tensor_arg(x1, "cosine_similarity"), _tensor_arg(x2, "cosine_similarity")
    name = T.result_name((x1, x2))      # torch casts integer operands only; norms in own dtypes
    a, b = (v if ivy.dtype(v) in _INEXACT else cast(v, name) for v in (a, b))
    if ivy.dtype(a) not in _INEXACT or ivy.dtype(b) not in _INEXACT:
        raise RuntimeError(f"linalg.vector_norm: Expected a floating point or complex tensor as "
                           f"input. Got {_TORCH_NAME[name]}")
    try:
        shape = np.broadcast_shapes(ivy.shape(a), ivy.shape(b))
    except ValueError:
        raise RuntimeError(f"The size of tensor a must match the size of tensor b") from None
    a, b = ivy.broadcast_to(a, shape), ivy.broadcast_to(b, shape)
    d = _axis(dim, len(shape))
    na = ivy.maximum(ivy.linalg.vector_norm(a, axis=d, keepdims=True),
                     ivy.asarray(eps, dtype=ivy.dtype(a)))
    nb = ivy.maximum(ivy.linalg.vector_norm(b, axis=d, keepdims=True),
                     ivy.asarray(eps, dtype=ivy.dtype(b)))
    a, b = cast(ivy.divide(a, na), name), cast(ivy.divide(b, nb), name)
    return _wrap(ivy.sum(ivy.multiply(a, b), axis=d))


@shape_errors
def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    a, b = _tensor_arg(x1, "pairwise_distance"), _tensor_arg(x2, "pairwise_distance")
    name = T.result_name((x1, x2))
    if name not in _INEXACT:            # x1 - x2 + eps: integers meet a Python float
        name = T.canonical(T.default_float())
    a, b = cast(a, name), cast(b, name)
    nd = max(ivy.ndim(a), ivy.ndim(b))
    diff = ivy.add(ivy.subtract(a, b), eps)
    if nd == 0:
        return _wrap(ivy.abs(diff))
    return _wrap(ivy.linalg.vector_norm(diff, axis=-1, keepdims=keepdim, ord=p))


def pdist(input, p=2):
    a = _tensor_arg(input, "pdist")
    if ivy.ndim(a) != 2:
        raise RuntimeError(f"pdist only supports 2D tensors, got: {ivy.ndim(a)}D")
    if ivy.dtype(a) not in _FLOATS:
        raise RuntimeError("pdist only supports floating-point dtypes")
    if p < 0:
        raise RuntimeError("pdist only supports non-negative p values")
    i, j = np.triu_indices(ivy.shape(a)[0], 1)
    xi = ivy.take(a, ivy.asarray(i.astype(np.int64)), axis=0)
    xj = ivy.take(a, ivy.asarray(j.astype(np.int64)), axis=0)
    return _wrap(ivy.linalg.vector_norm(ivy.subtract(xi, xj), axis=-1, ord=float(p)))


try:
    from ._losses import *  # noqa
except ImportError:
    pass


# ---- embedding_bag ------------------------------------------------------------------------------

_BAG_MODES = ("sum", "mean", "max")


def _bag_layout(idx, offsets, fn):
    """torch's Python-level checks: (flat indices, offsets or None for fixed-length 2-D bags)."""
    if ivy.ndim(idx) == 2:
        if offsets is not None:
            raise ValueError(f"if input is 2D, then offsets has to be None, as input is treated "
                             f"is a mini-batch of fixed length sequences. However, found offsets "
                             f"of type {type(offsets)}")
        return ivy.reshape(idx, (-1,)), None
    if ivy.ndim(idx) != 1:
        raise ValueError(f"input has to be 1D or 2D Tensor, but got Tensor of dimension "
                         f"{ivy.ndim(idx)}")
    if offsets is None:
        raise ValueError("offsets has to be a 1D Tensor but got None")
    off = _tensor_arg(offsets, fn)
    if ivy.ndim(off) != 1:
        raise ValueError("offsets has to be a 1D Tensor")
    return idx, off


def _bag_ids(idx, flat, off, include_last_offset, closed):
    """(bag of each index for sums, bag of each index for max and mean counts, bags)."""
    n = ivy.shape(flat)[0]
    if off is None:
        b = ivy.shape(idx)[0]
        ids = ivy.repeat(ivy.arange(b, dtype="int64"), ivy.shape(idx)[1])
        return ids, ids, b
    k = ivy.shape(off)[0]
    if k and int(off[0]) != 0:
        raise RuntimeError(f"offsets[0] has to be 0, i.e., the first sequence in the mini-batch "
                           f"has to start from position 0. However, got {int(off[0])}")
    if k and int(off[-1]) > n:
        raise RuntimeError(f"offsets[-1] can not be greater than input's length {n} but got "
                           f"offsets[-1] of {int(off[-1])}")
    off = ivy.astype(off, "int64")
    bags = k - 1 if include_last_offset else k
    pos = ivy.arange(n, dtype="int64")
    # torch lets the last bag run to the end of the input, whatever the last offset, except in
    # the sums of its float32 kernel without padding_idx
    open_ids = ivy.searchsorted(ivy.get_item(off, slice(1, bags)), pos, side="right")
    if not bags or not closed:
        return open_ids, open_ids, bags
    end = ivy.get_item(off, slice(bags, bags + 1)) if include_last_offset else n
    return ivy.where(pos < end, open_ids, ivy.full_like(open_ids, bags)), open_ids, bags


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False,
                  mode="mean", sparse=False, per_sample_weights=None, include_last_offset=False,
                  padding_idx=None):
    fn = "embedding_bag"
    idx, w, psw = _tensor_arg(input, fn), _tensor_arg(weight, fn), _nat(per_sample_weights)
    if psw is not None and ivy.shape(psw) != ivy.shape(idx):
        raise ValueError(f"embedding_bag: If per_sample_weights ({list(ivy.shape(psw))}) is not "
                         f"None, then it must have the same shape as the input "
                         f"({list(ivy.shape(idx))})")
    if ivy.ndim(w) != 2:
        raise ValueError(f"weight has to be a 2D Tensor, but got Tensor of dimension "
                         f"{ivy.ndim(w)}")
    flat, off = _bag_layout(idx, offsets, fn)
    if mode not in _BAG_MODES:
        raise ValueError("mode has to be one of sum, mean or max")
    if mode == "max" and (scale_grad_by_freq or sparse):
        raise ValueError("max mode does not support scaling the gradient by the frequency or "
                         "sparse weights")
    if ivy.dtype(idx) not in ("int64", "int32"):
        raise RuntimeError(f"Expected tensor for argument #1 'indices' to have one of the "
                           f"following scalar types: Long, Int; but got "
                           f"{_TORCH_NAME[ivy.dtype(idx)]} instead")
    if max_norm is not None:
        embedding(_wrap(flat), weight, max_norm=max_norm, norm_type=norm_type)
        w = weight._data
    if psw is not None and mode != "sum":
        raise NotImplementedError(f"embedding_bag: per_sample_weights was not None. "
                                  f"per_sample_weights is only supported for mode='sum' (got "
                                  f"mode='{mode}'). Please open a feature request on GitHub.")
    if ivy.dtype(w) not in _FLOATS:
        raise RuntimeError(f"Expected tensor for argument #1 'weight' to have one of the "
                           f"following scalar types: Half, BFloat16, Float, Double; but got "
                           f"{_TORCH_NAME[ivy.dtype(w)]} instead")
    if psw is not None and ivy.dtype(psw) != ivy.dtype(w):
        raise RuntimeError("Expected tensor for argument #1 'weight' to have the same type as "
                           "tensor for argument #1 'per_sample_weights'")
    rows, dim = ivy.shape(w)
    if padding_idx is not None:
        if not -rows <= padding_idx < rows:
            raise RuntimeError(f"padding_idx must be within the number of embeddings, -{rows} "
                               f"through {rows - 1}, but got {padding_idx}")
        padding_idx %= rows
    ids, open_ids, bags = _bag_ids(idx, flat, off, include_last_offset,
                                   ivy.dtype(w) == "float32" and padding_idx is None)
    flat = ivy.astype(flat, "int64")
    if math.prod(ivy.shape(flat)) and (int(ivy.max(flat)) >= rows or int(ivy.min(flat)) < 0):
        raise RuntimeError("Expected i < index_size to be true, but got false.")
    keep = ivy.ones(ivy.shape(flat), dtype="bool") if padding_idx is None else flat != padding_idx
    vals = ivy.take(w, flat, axis=0)
    if psw is not None:
        vals = vals * ivy.reshape(psw, (-1, 1))
    kf = ivy.astype(ivy.reshape(keep, (-1, 1)), ivy.dtype(w))
    if mode == "max":
        lowest = ivy.full((bags + 1, dim), -math.inf, dtype=ivy.dtype(w))
        vals = ivy.where(ivy.reshape(keep, (-1, 1)), vals, ivy.full_like(vals, -math.inf))
        target = ivy.broadcast_to(ivy.reshape(open_ids, (-1, 1)), ivy.shape(vals))
        y = ivy.scatter(lowest, target, vals, axis=0, reduction="max")
        y = ivy.where(ivy.isinf(y) & (y < 0), ivy.zeros_like(y), y)
        return _wrap(ivy.get_item(y, slice(0, bags)))
    zeros = ivy.zeros((bags + 1, dim), dtype=ivy.dtype(w))
    target = ivy.broadcast_to(ivy.reshape(ids, (-1, 1)), ivy.shape(vals))
    y = ivy.get_item(ivy.scatter(zeros, target, vals * kf, axis=0, reduction="add"),
                     slice(0, bags))
    if mode == "mean":
        counts = ivy.scatter(ivy.zeros((bags + 1, 1), dtype=ivy.dtype(w)),
                             ivy.reshape(open_ids, (-1, 1)), kf, axis=0, reduction="add")
        y = y / ivy.maximum(ivy.get_item(counts, slice(0, bags)),
                            ivy.ones((1, 1), dtype=ivy.dtype(w)))
    return _wrap(y)


# ---- grid sampling ------------------------------------------------------------------------------

_GRID_MODES = ("bilinear", "nearest", "bicubic")
_GRID_PADDINGS = ("zeros", "border", "reflection")
_ALIGN_WARNING = ("Default grid_sample and affine_grid behavior has changed to align_corners=False "
                  "since 1.3.0. Please specify align_corners=True if the old behavior is desired. "
                  "See the documentation of grid_sample for details.")


def _unnormalize(g, size, align_corners):
    if align_corners:
        return ivy.multiply(ivy.divide(ivy.add(g, 1), 2), size - 1)
    return ivy.divide(ivy.subtract(ivy.multiply(ivy.add(g, 1), size), 1), 2)


def _reflect(x, twice_low, twice_high):
    if twice_low == twice_high:
        return ivy.zeros_like(x)
    low, span = twice_low / 2, (twice_high - twice_low) / 2
    x = ivy.abs(ivy.subtract(x, low))
    extra, flips = ivy.fmod(x, span), ivy.floor(ivy.divide(x, span))
    return ivy.where(ivy.equal(ivy.fmod(flips, 2), 0), ivy.add(extra, low),
                     ivy.add(ivy.subtract(span, extra), low))


def _padded(x, size, padding_mode, align_corners):
    if padding_mode == "reflection":
        x = _reflect(x, 0, 2 * (size - 1)) if align_corners else _reflect(x, -1, 2 * size - 1)
    if padding_mode != "zeros":
        x = ivy.clip(x, 0, size - 1)
    return x


def _cubic_weights(t):
    a = -0.75
    add, sub, mul = ivy.add, ivy.subtract, ivy.multiply
    far = lambda x: sub(mul(add(mul(sub(mul(x, a), 5 * a), x), 8 * a), x), 4 * a)  # noqa: E731
    near = lambda x: add(mul(mul(sub(mul(x, a + 2), a + 3), x), x), 1)  # noqa: E731
    return far(add(t, 1)), near(t), near(sub(1, t)), far(sub(2, t))


def _taps(coord, size, mode, padding_mode, align_corners):
    """[(float index, weight)] along one spatial axis for every grid point."""
    if mode == "bicubic":
        base = ivy.floor(coord)
        weights = _cubic_weights(ivy.subtract(coord, base))
        return [(_padded(ivy.add(base, k - 1), size, padding_mode, align_corners), weights[k])
                for k in range(4)]
    coord = _padded(coord, size, padding_mode, align_corners)
    if mode == "nearest":
        return [(ivy.round(coord), None)]
    base = ivy.floor(coord)
    t = ivy.subtract(coord, base)
    return [(base, ivy.subtract(1, t)), (ivy.add(base, 1), t)]


def _grid_sample(a, g, mode, padding_mode, align_corners):
    n, c = ivy.shape(a)[:2]
    spatial = ivy.shape(a)[2:]
    nd, out = len(spatial), ivy.shape(g)[1:-1]
    q = math.prod(out)
    flat = ivy.reshape(a, (n, c, math.prod(spatial)))
    per_axis = []
    for d, size in enumerate(spatial):
        coord = ivy.reshape(ivy.get_item(g, (Ellipsis, nd - 1 - d)), (n, 1, q))
        per_axis.append(_taps(_unnormalize(coord, size, align_corners), size, mode,
                              padding_mode, align_corners))
    y = ivy.zeros((n, c, q), dtype=ivy.dtype(a))
    strides = [math.prod(spatial[d + 1:]) for d in range(nd)]
    for combo in np.ndindex(*(len(t) for t in per_axis)):
        valid, lin, weight = None, 0, None
        for d, k in enumerate(combo):
            pos, wk = per_axis[d][k]
            inside = ivy.logical_and(ivy.greater_equal(pos, 0), ivy.less_equal(pos, spatial[d] - 1))
            valid = inside if valid is None else ivy.logical_and(valid, inside)
            clamped = ivy.where(inside, pos, ivy.zeros_like(pos))
            term = ivy.multiply(ivy.astype(clamped, "int64"), strides[d])
            lin = term if d == 0 else ivy.add(lin, term)
            if wk is not None:
                weight = wk if weight is None else ivy.multiply(weight, wk)
        vals = ivy.take_along_axis(flat, ivy.broadcast_to(lin, (n, c, q)), axis=2)
        vals = ivy.where(valid, vals, ivy.zeros_like(vals))
        y = ivy.add(y, vals if weight is None else ivy.multiply(vals, weight))
    return ivy.reshape(y, (n, c) + out)


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    if mode not in _GRID_MODES:
        raise ValueError(f"nn.functional.grid_sample(): expected mode to be 'bilinear', "
                         f"'nearest' or 'bicubic', but got: '{mode}'")
    if padding_mode not in _GRID_PADDINGS:
        raise ValueError(f"nn.functional.grid_sample(): expected padding_mode to be 'zeros', "
                         f"'border', or 'reflection', but got: '{padding_mode}'")
    if align_corners is None:
        warnings.warn(_ALIGN_WARNING, stacklevel=2)
        align_corners = False
    a, g = _tensor_arg(input, "grid_sample"), _tensor_arg(grid, "grid_sample")
    sa, sg = ivy.shape(a), ivy.shape(g)
    if len(sa) not in (4, 5) or len(sg) != len(sa):
        raise RuntimeError(f"grid_sampler(): expected 4D or 5D input and grid with same number of "
                           f"dimensions, but got input with sizes {list(sa)} and grid with sizes "
                           f"{list(sg)}")
    if sa[0] != sg[0]:
        raise RuntimeError(f"grid_sampler(): expected grid and input to have same batch size, but "
                           f"got input with sizes {list(sa)} and grid with sizes {list(sg)}")
    if sg[-1] != len(sa) - 2:
        raise RuntimeError(f"grid_sampler(): expected grid to have size {len(sa) - 2} in last "
                           f"dimension, but got grid with sizes {list(sg)}")
    if mode == "bicubic" and len(sa) != 4:
        raise RuntimeError("grid_sampler(): bicubic interpolation only supports 4D input")
    if ivy.dtype(a) not in _FLOATS:
        raise _refused(f"grid_sampler_{len(sa) - 2}d_cpu_kernel_impl", ivy.dtype(a))
    if ivy.dtype(g) != ivy.dtype(a):
        raise RuntimeError(f"expected scalar type {_TORCH_NAME[ivy.dtype(a)]} but found "
                           f"{_TORCH_NAME[ivy.dtype(g)]}")
    return _wrap(_grid_sample(a, g, mode, padding_mode, align_corners))


def _base_coords(steps, align_corners, dt):
    if steps <= 1:
        return ivy.zeros((steps,), dtype=dt)
    r = ivy.linspace(-1.0, 1.0, steps, dtype=dt)
    return r if align_corners else r * ((steps - 1) / steps)


def affine_grid(theta, size, align_corners=None):
    if align_corners is None:
        warnings.warn(_ALIGN_WARNING, stacklevel=2)
        align_corners = False
    t = _tensor_arg(theta, "affine_grid")
    if ivy.dtype(t) not in _INEXACT:
        raise ValueError(f"Expected theta to have floating point type, but got "
                         f"torch.{ivy.dtype(t)}")
    size = tuple(size)
    if len(size) not in (4, 5):
        raise NotImplementedError(f"affine_grid only supports 4D and 5D sizes, for 2D and 3D "
                                  f"affine transforms, respectively. Got size {size}.")
    nd = len(size) - 2
    if ivy.ndim(t) != 3 or ivy.shape(t)[-2:] != (nd, nd + 1):
        raise ValueError(f"Expected a batch of {nd}D affine matrices of shape Nx{nd}x{nd + 1} for "
                         f"size {size}. Got torch.Size({list(ivy.shape(t))}).")
    if min(size) <= 0:
        raise ValueError(f"Expected non-zero, positive output size. Got {size}")
    if align_corners and max(size[2:]) == 1:
        warnings.warn("Since version 1.3.0, affine_grid behavior has changed for unit-size grids "
                      "when align_corners=True. This is not an intended use case of affine_grid. "
                      "See the documentation of affine_grid for details.", stacklevel=2)
    if ivy.shape(t)[0] != size[0]:
        raise RuntimeError(f"Expected size for first two dimensions of batch2 tensor to be: "
                           f"[{size[0]}, {nd + 1}] but got: [{ivy.shape(t)[0]}, {nd + 1}].")
    dt = ivy.dtype(t)
    spatial = size[2:]
    axes = [_base_coords(s, align_corners, dt) for s in reversed(spatial)]   # x, y(, z)
    mesh = ivy.meshgrid(*reversed(axes), indexing="ij")                      # in spatial order
    base = ivy.stack([m for m in reversed(mesh)] + [ivy.ones(spatial, dtype=dt)], axis=-1)
    base = ivy.reshape(base, (1, -1, nd + 1))
    grid = ivy.matmul(base, ivy.matrix_transpose(t))
    return _wrap(ivy.reshape(grid, (size[0],) + spatial + (nd,)))


# ---- fractional max pooling ---------------------------------------------------------------------

def _intervals(sample, in_size, out_size, pool, dt):
    """torch's generate_intervals: window starts (..., out_size) from samples (...,) in ``dt``."""
    if out_size == 1:
        return ivy.full(ivy.shape(sample) + (1,), in_size - pool, dtype="int64")
    alpha = ivy.asarray(in_size - pool, dtype=dt) / ivy.asarray(out_size - 1, dtype=dt)
    s = ivy.expand_dims(sample, axis=-1)
    i = ivy.astype(ivy.arange(out_size - 1), dt)
    starts = ivy.astype((i + s) * alpha, "int64") - ivy.astype(s * alpha, "int64")
    last = ivy.full(ivy.shape(sample) + (1,), in_size - pool, dtype="int64")
    return ivy.concat([starts, last], axis=-1)


def _fractional(nd, force_indices=False):
    fn = f"fractional_max_pool{nd}d"

    def fractional_max_pool(input, kernel_size, output_size=None, output_ratio=None,
                            return_indices=False, _random_samples=None):
        a = _tensor_arg(input, fn)
        if output_size is None and output_ratio is None:
            raise ValueError(f"{fn} requires specifying either an output_size or an output_ratio")
        k = tuple(np.broadcast_to(kernel_size, (nd,)).tolist())
        spatial = ivy.shape(a)[-nd:] if ivy.ndim(a) >= nd else ()
        if output_size is None:
            ratio = tuple(np.broadcast_to(output_ratio, (nd,)).tolist()) if not isinstance(
                output_ratio, float) else None
            if ratio is None:
                raise TypeError("object of type 'float' has no len()")
            output_size = [int(spatial[i] * ratio[i]) for i in range(nd)]
        out = tuple(np.broadcast_to(output_size, (nd,)).tolist())
        if ivy.ndim(a) < nd + 1:
            raise IndexError(f"Dimension out of range (expected to be in range of "
                             f"[{-ivy.ndim(a)}, {ivy.ndim(a) - 1}], but got {-nd - 1})")
        dt = ivy.dtype(a)
        if dt not in _FLOATS:
            raise _refused("check_uniform_bounds" if _random_samples is None else fn, dt)
        if _random_samples is None:     # torch draws before its kernel checks the input
            samples = _uniform(_gen(None), (1 if ivy.ndim(a) == nd + 1 else ivy.shape(a)[0],
                                            ivy.shape(a)[-nd - 1], nd), dt)
        a, unbatched = _batched(a, nd, fn)
        n, c = ivy.shape(a)[:2]
        if _random_samples is not None:
            samples = _tensor_arg(_random_samples, fn)
            if ivy.dtype(samples) != dt:
                raise RuntimeError("Expect _random_samples to have the same dtype as input")
            if ivy.ndim(samples) != 3 or ivy.shape(samples)[2] != nd:
                raise RuntimeError(f"Expect _random_samples to have 3 dimensions and the last "
                                   f"dimension equals {nd}")
            if ivy.shape(samples)[1] != c:
                raise RuntimeError("Expect _random_samples.size(1) equals to input channel size.")
            if ivy.shape(samples)[0] != n:
                raise RuntimeError(f"Expect _random_samples.size(0) no less then input batch "
                                   f"size.")
        for d in range(nd):       # torch's 3-D check is strict (out + k - 1 < size)
            if out[d] + k[d] - 1 > spatial[d] - (nd == 3):
                what = ("height", "width") if nd == 2 else ("time", "height", "width")
                raise RuntimeError(f"{fn}(): pool {what[d]} {k[d]} too large relative to input "
                                   f"{what[d]} {spatial[d]}")
        # torch's samples run (w, h) in 2-D and (t, h, w) in 3-D
        order = (1, 0) if nd == 2 else (0, 1, 2)
        index, flat_shape = 0, ()
        for d in range(nd):
            starts = _intervals(ivy.get_item(samples, (Ellipsis, order[d])), spatial[d], out[d],
                                k[d], dt)                                   # (n, c, out_d)
            pos = ivy.expand_dims(starts, axis=-1) + ivy.arange(k[d], dtype="int64")
            shape = [n, c] + [1] * (2 * nd)
            shape[2 + d], shape[2 + nd + d] = out[d], k[d]
            index = index * spatial[d] + ivy.reshape(pos, tuple(shape))
        full = (n, c) + out + k
        index = ivy.reshape(ivy.broadcast_to(index, full), (n, c, math.prod(out) * math.prod(k)))
        vals = ivy.take_along_axis(ivy.reshape(a, (n, c, -1)), index, axis=2)
        vals = ivy.reshape(vals, (n, c, math.prod(out), math.prod(k)))
        index = ivy.reshape(index, (n, c, math.prod(out), math.prod(k)))
        best = ivy.argmax(ivy.where(ivy.isnan(vals), ivy.full_like(vals, math.inf), vals),
                          axis=-1, keepdims=True)
        y = ivy.reshape(ivy.take_along_axis(vals, best, axis=-1), (n, c) + out)
        where = ivy.reshape(ivy.take_along_axis(index, best, axis=-1), (n, c) + out)
        y, where = _wrap(_unbatch(y, unbatched)), _wrap(_unbatch(where, unbatched))
        return (y, where) if return_indices or force_indices else y
    name = fn + ("_with_indices" if force_indices else "")
    fractional_max_pool.__name__ = fractional_max_pool.__qualname__ = name
    fractional_max_pool.__doc__ = f"Implements `torch.nn.functional.{name}`."
    return fractional_max_pool


fractional_max_pool2d, fractional_max_pool3d = _fractional(2), _fractional(3)
fractional_max_pool2d_with_indices, fractional_max_pool3d_with_indices = (
    _fractional(2, True), _fractional(3, True))


# ---- odds and ends ------------------------------------------------------------------------------

def native_channel_shuffle(input, groups):
    a = _tensor_arg(input, "native_channel_shuffle")
    if ivy.ndim(a) <= 2:
        raise RuntimeError(f"channel_shuffle expects input with > 2 dims, but got input with "
                           f"sizes {list(ivy.shape(a))}")
    return channel_shuffle(input, groups)


def conv_tbc(input, weight, bias, pad=0):
    a, w, b = (_tensor_arg(input, "conv_tbc"), _tensor_arg(weight, "conv_tbc"),
               _tensor_arg(bias, "conv_tbc"))
    if ivy.ndim(a) != 3:
        raise RuntimeError("Input must have 3 dims: time, batch, in_channel")
    if ivy.ndim(w) != 3:
        raise RuntimeError("Weight tensor must have 3 dims: kernel_width, in_channels, "
                           "out_channels.")
    if ivy.ndim(b) != 1:
        raise RuntimeError("Bias must be 1-D")
    if ivy.shape(a)[2] != ivy.shape(w)[1]:
        raise RuntimeError("Input dim 2 (input channels) is not == dim 1 in the weight tensor")
    if ivy.shape(w)[2] != ivy.shape(b)[0]:
        raise RuntimeError("Bias size must equal dim 2 in the weight tensor (output channels).")
    y = conv1d(_wrap(ivy.permute_dims(a, (1, 2, 0))), _wrap(ivy.permute_dims(w, (2, 1, 0))),
               _wrap(b), padding=pad)
    return _wrap(ivy.permute_dims(y._data, (2, 0, 1)))


def assert_int_or_pair(arg, arg_name, message):
    assert isinstance(arg, int) or len(arg) == 2, message.format(arg_name)


# ---- multi-head attention -----------------------------------------------------------------------

def _float_mask(mask, dt, fn):
    """torch's _canonical_mask: a bool mask becomes -inf where True, a float mask is kept."""
    if mask is None:
        return None
    m = _tensor_arg(mask, fn)
    if ivy.dtype(m) == "bool":
        return ivy.where(m, ivy.full(ivy.shape(m), -math.inf, dtype=dt),
                         ivy.zeros(ivy.shape(m), dtype=dt))
    if ivy.dtype(m) not in _FLOATS:
        raise AssertionError(f"only bool and floating types of {fn} are supported")
    return m


def _pad_last(m):
    return None if m is None else ivy.pad(m, [(0, 0)] * (ivy.ndim(m) - 1) + [(0, 1)])


def multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads, in_proj_weight,
                                 in_proj_bias, bias_k, bias_v, add_zero_attn, dropout_p,
                                 out_proj_weight, out_proj_bias, training=True,
                                 key_padding_mask=None, need_weights=True, attn_mask=None,
                                 use_separate_proj_weight=False, q_proj_weight=None,
                                 k_proj_weight=None, v_proj_weight=None, static_k=None,
                                 static_v=None, average_attn_weights=True, is_causal=False):
    fn = "multi_head_attention_forward"
    q, k, v = (_tensor_arg(t, fn) for t in (query, key, value))
    batched = ivy.ndim(q) == 3
    if ivy.ndim(q) not in (2, 3) or ivy.ndim(k) != ivy.ndim(q) or ivy.ndim(v) != ivy.ndim(q):
        raise AssertionError(f"query should be unbatched 2D or batched 3D tensor but received "
                             f"{ivy.ndim(q)}-D query tensor")
    if not batched:
        q, k, v = (ivy.expand_dims(t, axis=1) for t in (q, k, v))
    tgt, bsz, embed = ivy.shape(q)
    dt = ivy.dtype(q)
    if embed != embed_dim_to_check:
        raise AssertionError(f"was expecting embedding dimension of {embed_dim_to_check}, but "
                             f"got {embed}")
    head = embed // num_heads
    if head * num_heads != embed:
        raise AssertionError(f"embed_dim {embed} not divisible by num_heads {num_heads}")
    kpm = _float_mask(key_padding_mask, dt, "key_padding_mask")
    if kpm is not None and not batched:
        kpm = ivy.expand_dims(kpm, axis=0)
    if is_causal and attn_mask is None:
        raise RuntimeError("Need attn_mask if specifying the is_causal hint. You may use the "
                           "Transformer module method `generate_square_subsequent_mask` to create "
                           "this mask.")
    mask = _float_mask(attn_mask, dt, "attn_mask")
    if use_separate_proj_weight:
        ws = [_tensor_arg(w, fn) for w in (q_proj_weight, k_proj_weight, v_proj_weight)]
    else:
        w = _tensor_arg(in_proj_weight, fn)
        ws = [ivy.get_item(w, slice(i * embed, (i + 1) * embed)) for i in range(3)]
    b = _nat(in_proj_bias)
    bs = [None] * 3 if b is None else [ivy.get_item(b, slice(i * embed, (i + 1) * embed))
                                       for i in range(3)]
    q, k, v = (ivy.linear(t, wi, bias=bi) for t, wi, bi in zip((q, k, v), ws, bs))
    if mask is not None:
        if ivy.ndim(mask) == 2:
            if ivy.shape(mask) != (tgt, ivy.shape(k)[0]):
                raise RuntimeError(f"The shape of the 2D attn_mask is {list(ivy.shape(mask))}, "
                                   f"but should be {(tgt, ivy.shape(k)[0])}.")
            mask = ivy.expand_dims(mask, axis=0)
        elif ivy.ndim(mask) == 3:
            if ivy.shape(mask) != (bsz * num_heads, tgt, ivy.shape(k)[0]):
                raise RuntimeError(f"The shape of the 3D attn_mask is {list(ivy.shape(mask))}, "
                                   f"but should be {(bsz * num_heads, tgt, ivy.shape(k)[0])}.")
        else:
            raise RuntimeError(f"attn_mask's dimension {ivy.ndim(mask)} is not supported")
    if bias_k is not None and bias_v is not None:
        bk, bv = _tensor_arg(bias_k, fn), _tensor_arg(bias_v, fn)
        k = ivy.concat([k, ivy.tile(bk, (1, bsz, 1))], axis=0)
        v = ivy.concat([v, ivy.tile(bv, (1, bsz, 1))], axis=0)
        mask, kpm = _pad_last(mask), _pad_last(kpm)
    def heads(t):
        return ivy.permute_dims(ivy.reshape(t, (ivy.shape(t)[0], bsz * num_heads, head)),
                                (1, 0, 2))
    q = heads(q)
    k = heads(k) if static_k is None else _tensor_arg(static_k, fn)
    v = heads(v) if static_v is None else _tensor_arg(static_v, fn)
    if add_zero_attn:
        zero = ivy.zeros((bsz * num_heads, 1, head), dtype=dt)
        k, v = ivy.concat([k, zero], axis=1), ivy.concat([v, zero], axis=1)
        mask, kpm = _pad_last(mask), _pad_last(kpm)
    src = ivy.shape(k)[1]
    if kpm is not None:
        if ivy.shape(kpm) != (bsz, src):
            raise AssertionError(f"expecting key_padding_mask shape of {(bsz, src)}, but got "
                                 f"{tuple(ivy.shape(kpm))}")
        kpm = ivy.reshape(ivy.broadcast_to(ivy.reshape(kpm, (bsz, 1, 1, src)),
                                           (bsz, num_heads, 1, src)), (bsz * num_heads, 1, src))
        mask = kpm if mask is None else mask + kpm
    scores = ivy.matmul(q * math.sqrt(1.0 / head), ivy.matrix_transpose(k))
    if mask is not None:
        scores = scores + mask
    weights = ivy.softmax(scores, axis=-1)
    if training and dropout_p > 0.0:
        weights = dropout(_wrap(weights), dropout_p)._data
    out = ivy.reshape(ivy.permute_dims(ivy.matmul(weights, v), (1, 0, 2)), (tgt * bsz, embed))
    out = ivy.reshape(ivy.linear(out, _tensor_arg(out_proj_weight, fn),
                                 bias=_nat(out_proj_bias)), (tgt, bsz, -1))
    if not need_weights:
        return _wrap(out if batched else ivy.squeeze(out, axis=1)), None
    weights = ivy.reshape(weights, (bsz, num_heads, tgt, src))
    if average_attn_weights:
        weights = ivy.mean(weights, axis=1)
    if not batched:
        out, weights = ivy.squeeze(out, axis=1), ivy.squeeze(weights, axis=0)
    return _wrap(out), _wrap(weights)
