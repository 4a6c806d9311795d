"""The loss functions of ``torch.nn.functional`` on ivy's core.

Each loss computes its elementwise (or per-sample) loss on native arrays and hands it to
``_reduce`` ("none", "sum", "mean"); the legacy ``size_average``/``reduce`` pair maps to a
reduction as torch's ``_Reduction.legacy_get_string`` does. Dtype rules follow torch per loss
(some compute in the promoted dtype, some in the input's dtype; integer results are refused).
"""
from __future__ import annotations

import math

import ivy
from ivy.core import dtypes as D

from .. import _dtypes as T
from .._ops import _TORCH_NAME, cast
from .._tensor import Tensor, _wrap

_EXACT = frozenset(D.INTEGRAL + D.BOOL)
_REDUCTIONS = ("none", "mean", "sum")


def _native(x, name="input"):
    if isinstance(x, Tensor):
        return x._data
    if ivy.is_native_array(x):
        return x
    raise TypeError(f"{name} must be Tensor, not {type(x).__name__}")


def _reduction(size_average, reduce, reduction):
    if size_average is not None or reduce is not None:
        size_average = True if size_average is None else size_average
        reduce = True if reduce is None else reduce
        return "mean" if size_average and reduce else "sum" if reduce else "none"
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    return reduction


def _reduce(loss, reduction):
    if reduction == "none":
        return _wrap(loss)
    if reduction == "sum":
        return _wrap(ivy.sum(loss))
    if ivy.dtype(loss) in _EXACT:
        raise RuntimeError("mean(): could not infer output dtype. Input dtype must be either a "
                           "floating point or complex dtype. Got: "
                           f"{_TORCH_NAME[ivy.dtype(loss)]}")
    return _wrap(ivy.mean(loss))


def _promoted(x, y, kernel=None, like=None):
    """Native operands broadcast in torch's promoted dtype. ``kernel``: integer results raise
    NotImplementedError naming it; ``like``: the result must cast to that operand's dtype and
    the computation is done in it ("input" or "target")."""
    a, b = _native(x), _native(y, "target")
    dt = T.result_name((_wrap(a), _wrap(b)))
    if like is not None:
        want = ivy.dtype(a if like == "input" else b)
        if not T.can_cast_names(dt, want) and not (dt in _EXACT and kernel):
            raise RuntimeError(f"result type {_TORCH_NAME[dt]} can't be cast to the desired "
                               f"output type {_TORCH_NAME[want]}")
        dt = want
    if dt in _EXACT and kernel:
        raise NotImplementedError(f"\"{kernel}\" not implemented for '{_TORCH_NAME[dt]}'")
    a, b = cast(a, dt), cast(b, dt)
    if ivy.shape(a) != ivy.shape(b):
        try:
            a, b = ivy.broadcast_arrays(a, b)
        except Exception as e:  # noqa: BLE001 - every backend has its own broadcast error
            raise RuntimeError(f"The size of tensor a ({ivy.shape(a)}) must match the size of "
                               f"tensor b ({ivy.shape(b)})") from e
    return a, b


def _full(v, like):
    return ivy.full_like(like, v)


def _weighted(loss, weight, input, reduction):
    """mse/l1/huber with ``weight``: mean divides by the weights' sum."""
    w = _native(weight, "weight")
    if ivy.shape(w) != ivy.shape(_native(input)):
        raise ValueError("Weights and input must have the same size.")
    loss = ivy.multiply(loss, cast(w, ivy.dtype(loss)))
    if reduction == "mean":
        return _wrap(ivy.divide(ivy.sum(loss), ivy.sum(cast(w, ivy.dtype(loss)))))
    return _reduce(loss, reduction)


# ---- regression losses -------------------------------------------------------------------------

def mse_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    reduction = _reduction(size_average, reduce, reduction)
    a, b = _promoted(input, target, "mse_cpu")
    loss = ivy.square(ivy.subtract(a, b))
    return _reduce(loss, reduction) if weight is None else _weighted(loss, weight, input,
                                                                     reduction)


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean", weight=None):
    reduction = _reduction(size_average, reduce, reduction)
    a, b = _promoted(input, target)
    loss = ivy.abs(ivy.subtract(a, b))
    return _reduce(loss, reduction) if weight is None else _weighted(loss, weight, input,
                                                                     reduction)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    reduction = _reduction(size_average, reduce, reduction)
    if beta < 0:
        raise RuntimeError("smooth_l1_loss does not support negative values for beta.")
    a, b = _promoted(input, target, "smooth_l1_cpu")
    d = ivy.abs(ivy.subtract(a, b))
    if beta == 0:
        return _reduce(d, reduction)
    loss = ivy.where(ivy.less(d, beta), ivy.divide(ivy.multiply(ivy.square(d), 0.5), beta),
                     ivy.subtract(d, 0.5 * beta))
    return _reduce(loss, reduction)


def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if delta <= 0:
        raise RuntimeError("huber_loss does not support non-positive values for delta.")
    a, b = _promoted(input, target, "huber_cpu", like="input")
    d = ivy.abs(ivy.subtract(a, b))
    loss = ivy.where(ivy.less(d, delta), ivy.multiply(ivy.square(d), 0.5),
                     ivy.multiply(ivy.subtract(d, 0.5 * delta), delta))
    return _reduce(loss, reduction) if weight is None else _weighted(loss, weight, input,
                                                                     reduction)


def _check_same_size(input, target):
    if ivy.shape(_native(input)) != ivy.shape(_native(target, "target")):
        raise ValueError(f"Using a target size ({_size(target)}) that is different to the "
                         f"input size ({_size(input)}) is deprecated. Please ensure they have "
                         f"the same size.")


def _size(t):
    return f"torch.Size({list(ivy.shape(_native(t)))})"


# ---- probabilistic losses ----------------------------------------------------------------------

def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None,
                         reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    _check_same_size(input, target)
    a, b = _native(input), _native(target, "target")
    dt = ivy.dtype(a)
    if ivy.dtype(b) != dt:
        raise RuntimeError(f"Found dtype {_TORCH_NAME[ivy.dtype(b)]} but expected "
                           f"{_TORCH_NAME[dt]}")
    if dt in _EXACT:
        raise NotImplementedError(f"\"binary_cross_entropy\" not implemented for "
                                  f"'{_TORCH_NAME[dt]}'")
    if bool(ivy.any(ivy.logical_or(ivy.less(a, 0), ivy.greater(a, 1)))):
        raise RuntimeError("all elements of input should be between 0 and 1")
    log_x = ivy.maximum(ivy.log(a), _full(-100.0, a))
    log_1mx = ivy.maximum(ivy.log(ivy.subtract(_full(1.0, a), a)), _full(-100.0, a))
    loss = ivy.negative(ivy.add(ivy.multiply(b, log_x),
                                ivy.multiply(ivy.subtract(_full(1.0, b), b), log_1mx)))
    if weight is not None:
        loss = ivy.multiply(loss, cast(_native(weight, "weight"), dt))
    return _reduce(loss, reduction)


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None,
                                     reduction="mean", pos_weight=None):
    reduction = _reduction(size_average, reduce, reduction)
    a, b = _native(input), _native(target, "target")
    if ivy.shape(a) != ivy.shape(b):
        raise ValueError(f"Target size ({_size(target)}) must be the same as input size "
                         f"({_size(input)})")
    if ivy.dtype(a) in _EXACT:
        raise NotImplementedError(f"\"log_sigmoid_cpu\" not implemented for "
                                  f"'{_TORCH_NAME[ivy.dtype(a)]}'")
    dt = ivy.dtype(b)
    if ivy.dtype(b) in _EXACT:
        raise RuntimeError(f"result type {_TORCH_NAME[ivy.dtype(a)]} can't be cast to the "
                           f"desired output type {_TORCH_NAME[dt]}")
    log_sig = cast(ivy.log_sigmoid(a), dt)      # torch: in the input's dtype, then promoted
    a = cast(a, dt)
    if pos_weight is not None:
        pw = cast(_native(pos_weight, "pos_weight"), dt)
        log_sig = ivy.multiply(log_sig, ivy.add(ivy.multiply(ivy.subtract(pw, 1.0), b), 1.0))
    loss = ivy.subtract(ivy.multiply(ivy.subtract(_full(1.0, b), b), a), log_sig)
    if weight is not None:
        loss = ivy.multiply(loss, cast(_native(weight, "weight"), dt))
    return _reduce(loss, reduction)


def kl_div(input, target, size_average=None, reduce=None, reduction="mean", log_target=False):
    if size_average is not None or reduce is not None:
        reduction = _reduction(size_average, reduce, reduction)
    elif reduction not in _REDUCTIONS + ("batchmean",):
        raise ValueError(f"{reduction} is not a valid value for reduction")
    a, b = _native(input), _native(target, "target")
    if ivy.dtype(a) in _EXACT or ivy.dtype(b) in _EXACT:
        raise RuntimeError("kl_div: Integral inputs not supported.")
    a, b = _promoted(a, b)
    if log_target:
        loss = ivy.multiply(ivy.exp(b), ivy.subtract(b, a))
    else:
        loss = ivy.subtract(ivy.xlogy(b, b), ivy.multiply(b, a))
    if reduction == "batchmean":
        total = ivy.sum(loss)
        return _wrap(ivy.divide(total, ivy.shape(a)[0]) if ivy.ndim(a) else total)
    return _reduce(loss, reduction)


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-8,
                     reduce=None, reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    x = _native(input)
    a, b = _promoted(input, target)
    if ivy.dtype(a) in _EXACT:
        a, b = cast(a, T.default_float()), cast(b, T.default_float())
    if log_input:       # torch: exp in the input's own dtype, then promoted
        e = ivy.exp(x if ivy.dtype(x) not in _EXACT else cast(x, T.default_float()))
        loss = ivy.subtract(cast(e, ivy.dtype(a)), ivy.multiply(b, a))
    else:
        loss = ivy.subtract(a, ivy.multiply(b, ivy.log(ivy.add(a, eps))))
    if full:
        safe = ivy.where(ivy.greater(b, 1), b, _full(1.0, b))
        stirling = ivy.add(ivy.subtract(ivy.multiply(safe, ivy.log(safe)), safe),
                           ivy.multiply(ivy.log(ivy.multiply(safe, 2 * math.pi)), 0.5))
        loss = ivy.add(loss, ivy.where(ivy.greater(b, 1), stirling, _full(0.0, b)))
    return _reduce(loss, reduction)


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction="mean"):
    a, b = _native(input), _native(target, "target")
    if isinstance(var, float):
        if var < 0:
            raise ValueError("var has negative entry/entries")
        v = ivy.full_like(a, var)
    else:
        v = _native(var, "var")
        if bool(ivy.any(ivy.less(v, 0))):
            raise ValueError("var has negative entry/entries")
    shape, vshape = ivy.shape(a), ivy.shape(v)
    if vshape != shape:
        if shape[:-1] == vshape:
            v = ivy.expand_dims(v, axis=-1)
        elif not (len(shape) == len(vshape)
                  and sum(y for x, y in zip(shape, vshape) if x != y) == 1):
            raise ValueError("var is of incorrect size")
    if reduction not in _REDUCTIONS:
        raise ValueError(reduction + " is not valid")
    dt = T.result_name((_wrap(a), _wrap(b), _wrap(v)))
    a, b, v = cast(a, dt), cast(b, dt), cast(v, dt)
    v = ivy.maximum(v, _full(eps, v))
    loss = ivy.multiply(ivy.add(ivy.log(v), ivy.divide(ivy.square(ivy.subtract(a, b)), v)), 0.5)
    if full:
        loss = ivy.add(loss, 0.5 * math.log(2 * math.pi))
    return _reduce(loss, reduction)


# ---- classification losses ---------------------------------------------------------------------

def _class_axis(ndim):
    return 1 if ndim >= 2 else 0


def _check_targets(x, t, fn):
    """nll's shape checks: input (C), (N, C) or (N, C, d1, ...); target (), (N) or (N, d1, ...)."""
    xs, ts = ivy.shape(x), ivy.shape(t)
    if len(xs) < 1:
        raise IndexError("Dimension out of range (expected to be in range of [-1, 0], but got 1)")
    if len(xs) >= 2 and ts[:1] != xs[:1]:
        raise ValueError(f"Expected input batch_size ({xs[0]}) to match target batch_size "
                         f"({ts[0] if ts else 0}).")
    want = xs[:1] + xs[2:] if len(xs) >= 2 else ()
    if ts != want:
        raise RuntimeError(f"expected target shape {list(want)}, got {list(ts)}")
    if ivy.dtype(t) not in D.INTEGRAL:
        raise RuntimeError(f"expected scalar type Long but found {_TORCH_NAME[ivy.dtype(t)]}")


def _nll(logp, t, weight, ignore_index, reduction, fn):
    """Weighted negative log-likelihood of class indices ``t`` (native); logp: (N, C, ...)."""
    axis = _class_axis(ivy.ndim(logp))
    classes = ivy.shape(logp)[axis]
    t = cast(t, "int64")
    keep = ivy.not_equal(t, ignore_index)
    safe = ivy.where(keep, t, ivy.zeros_like(t))
    if bool(ivy.any(ivy.logical_or(ivy.less(safe, 0), ivy.greater_equal(safe, classes)))):
        bad = ivy.where(ivy.logical_or(ivy.less(safe, 0), ivy.greater_equal(safe, classes)),
                        safe, ivy.zeros_like(safe))
        raise IndexError(f"Target {int(ivy.max(ivy.abs(bad)))} is out of bounds.")
    picked = ivy.squeeze(ivy.take_along_axis(logp, ivy.expand_dims(safe, axis=axis), axis=axis),
                         axis=axis)
    if weight is not None:
        w = ivy.take(weight, ivy.reshape(safe, (-1,)), axis=0)
        w = ivy.reshape(w, ivy.shape(safe))
    else:
        w = ivy.ones_like(picked)
    w = ivy.where(keep, w, ivy.zeros_like(w))
    loss = ivy.negative(ivy.multiply(picked, w))
    if reduction == "mean":
        return ivy.divide(ivy.sum(loss), ivy.sum(w)), w, keep
    return (ivy.sum(loss) if reduction == "sum" else loss), w, keep


def _class_weight(weight, classes, dt):
    if weight is None:
        return None
    w = _native(weight, "weight")
    if ivy.shape(w) != (classes,):
        raise RuntimeError(f"weight tensor should be defined either for all {classes} classes or "
                           f"no classes but got weight tensor of shape: {list(ivy.shape(w))}")
    return cast(w, dt)


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
             reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    x, t = _native(input), _native(target, "target")
    _check_targets(x, t, "nll_loss")
    if ivy.dtype(x) in _EXACT:
        raise NotImplementedError(f"\"nll_loss_out_frame\" not implemented for "
                                  f"'{_TORCH_NAME[ivy.dtype(x)]}'")
    w = _class_weight(weight, ivy.shape(x)[_class_axis(ivy.ndim(x))], ivy.dtype(x))
    return _wrap(_nll(x, t, w, ignore_index, reduction, "nll_loss")[0])


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None,
                  reduction="mean", label_smoothing=0.0):
    reduction = _reduction(size_average, reduce, reduction)
    x, t = _native(input), _native(target, "target")
    if not 0.0 <= label_smoothing <= 1.0:
        raise RuntimeError(f"label_smoothing must be between 0.0 and 1.0. Got: {label_smoothing}")
    if ivy.ndim(x) < 1:
        raise IndexError("Dimension out of range (expected to be in range of [-1, 0], but got 1)")
    if ivy.dtype(x) in _EXACT:
        raise NotImplementedError(f"\"log_softmax_lastdim_kernel_impl\" not implemented for "
                                  f"'{_TORCH_NAME[ivy.dtype(x)]}'")
    axis = _class_axis(ivy.ndim(x))
    classes = ivy.shape(x)[axis]
    dt = ivy.dtype(x)
    w = _class_weight(weight, classes, dt)
    logp = ivy.log_softmax(x, axis=axis)
    if ivy.shape(t) == ivy.shape(x):                     # class probabilities
        if ivy.dtype(t) not in D.FLOATING:
            raise RuntimeError(f"Expected floating point type for target with class "
                               f"probabilities, got {_TORCH_NAME[ivy.dtype(t)]}")
        if ivy.dtype(t) != dt:
            raise RuntimeError(f"expected scalar type {_TORCH_NAME[dt]} but found "
                               f"{_TORCH_NAME[ivy.dtype(t)]}")
        if label_smoothing > 0:
            t = ivy.add(ivy.multiply(t, 1.0 - label_smoothing), label_smoothing / classes)
        terms = ivy.multiply(logp, t)
        if w is not None:
            shape = [1] * ivy.ndim(x)
            shape[axis] = classes
            terms = ivy.multiply(terms, ivy.reshape(w, tuple(shape)))
        loss = ivy.negative(ivy.sum(terms, axis=axis))
        if reduction == "mean":
            n = ivy.size(x) // classes if ivy.size(x) else 0
            return _wrap(ivy.divide(ivy.sum(loss), float(n)) if n else ivy.divide(
                ivy.sum(loss), ivy.asarray(0.0, dtype=dt)))
        return _reduce(loss, reduction)
    _check_targets(x, t, "cross_entropy")
    nll, wt, keep = _nll(logp, t, w, ignore_index, reduction, "cross_entropy")
    if label_smoothing <= 0:
        return _wrap(nll)
    terms = logp
    if w is not None:
        shape = [1] * ivy.ndim(x)
        shape[axis] = classes
        terms = ivy.multiply(terms, ivy.reshape(w, tuple(shape)))
    smooth = ivy.negative(ivy.sum(terms, axis=axis))
    smooth = ivy.where(keep, smooth, ivy.zeros_like(smooth))
    if reduction == "mean":
        denominator = ivy.sum(wt) if w is not None else ivy.sum(cast(keep, dt))
        smooth = ivy.divide(ivy.sum(smooth), denominator)
    elif reduction == "sum":
        smooth = ivy.sum(smooth)
    return _wrap(ivy.add(ivy.multiply(nll, 1.0 - label_smoothing),
                         ivy.multiply(smooth, label_smoothing / classes)))


# ---- margin and embedding losses ---------------------------------------------------------------

def _relu(v):
    return ivy.maximum(v, ivy.zeros_like(v))


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None,
                         reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    a, b = _promoted(input, target, like="input")
    zero = ivy.zeros_like(a)
    clamp = _relu(ivy.subtract(ivy.full_like(a, margin), a))
    loss = ivy.add(ivy.where(ivy.not_equal(b, 1), clamp, zero),
                   ivy.where(ivy.not_equal(b, -1), a, zero))
    return _reduce(loss, reduction)


def soft_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    a, b = _promoted(input, target, like="input")
    if ivy.dtype(a) in _EXACT:
        raise RuntimeError(f"result type Float can't be cast to the desired output type "
                           f"{_TORCH_NAME[ivy.dtype(a)]}")
    loss = ivy.log1p(ivy.exp(ivy.negative(ivy.multiply(b, a))))
    return _reduce(loss, reduction)


def margin_ranking_loss(input1, input2, target, margin=0, size_average=None, reduce=None,
                        reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    x1, x2, t = _native(input1, "input1"), _native(input2, "input2"), _native(target, "target")
    if not ivy.ndim(x1) == ivy.ndim(x2) == ivy.ndim(t):
        raise RuntimeError(f"margin_ranking_loss : All input tensors should have same dimension "
                           f"but got sizes: input1: {_size(x1)}, input2: {_size(x2)}, "
                           f"target: {_size(t)} ")
    dt = T.result_name((_wrap(x1), _wrap(x2), _wrap(t)))
    x1, x2, t = (cast(v, dt) for v in (x1, x2, t))
    try:
        x1, x2, t = ivy.broadcast_arrays(x1, x2, t)
    except Exception as e:  # noqa: BLE001
        raise RuntimeError("The size of tensors must match") from e
    loss = _relu(ivy.add(ivy.multiply(ivy.negative(t), ivy.subtract(x1, x2)),
                         ivy.full_like(x1, margin)))
    return _reduce(loss, reduction)


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None,
                                reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    a, b = _native(input), _native(target, "target")
    dt = T.result_name((_wrap(a), _wrap(b)))
    a, b = _promoted(a, b)
    loss = ivy.negative(ivy.add(ivy.multiply(b, ivy.log_sigmoid(a)),
                                ivy.multiply(ivy.subtract(_full(1.0, b), b),
                                             ivy.log_sigmoid(ivy.negative(a)))))
    if weight is not None:
        loss = ivy.multiply(loss, cast(_native(weight, "weight"), dt))
    axis = ivy.ndim(a) - 1
    loss = ivy.divide(ivy.sum(loss, axis=axis), float(ivy.shape(a)[axis]))
    return _reduce(loss, reduction)


def multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    x, t = _native(input), _native(target, "target")
    if ivy.ndim(x) > 2 or ivy.shape(x) != ivy.shape(t) and ivy.ndim(x) > 0:
        raise RuntimeError(f"inconsistent target size: {list(ivy.shape(t))} for input of size: "
                           f"{list(ivy.shape(x))}")
    if ivy.dtype(t) != "int64":
        raise RuntimeError(f"expected scalar type Long but found {_TORCH_NAME[ivy.dtype(t)]}")
    one_d = ivy.ndim(x) < 2
    x2 = ivy.reshape(x, (1, -1)) if one_d else x
    t2 = ivy.reshape(t, (1, -1)) if one_d else t
    classes = ivy.shape(x2)[1]
    # targets count up to the first -1
    valid = ivy.equal(ivy.cumulative_sum(cast(ivy.less(t2, 0), "int64"), axis=1), 0)
    safe = ivy.where(valid, t2, ivy.zeros_like(t2))
    if bool(ivy.any(ivy.logical_and(valid, ivy.greater_equal(safe, classes)))):
        raise RuntimeError("multilabel_margin_loss: target out of range")
    picked = ivy.take_along_axis(x2, safe, axis=1)                          # (N, T)
    hot = ivy.logical_and(ivy.expand_dims(valid, axis=2),
                          ivy.equal(ivy.expand_dims(safe, axis=2),
                                    ivy.reshape(ivy.arange(classes, dtype="int64"), (1, 1, -1))))
    is_target = ivy.any(hot, axis=1)                                        # (N, C)
    margins = _relu(ivy.add(ivy.subtract(ivy.expand_dims(x2, axis=1),
                                         ivy.expand_dims(picked, axis=2)), 1.0))  # (N, T, C)
    mask = ivy.logical_and(ivy.expand_dims(valid, axis=2),
                           ivy.logical_not(ivy.expand_dims(is_target, axis=1)))
    loss = ivy.divide(ivy.sum(ivy.where(mask, margins, ivy.zeros_like(margins)), axis=(1, 2)),
                      float(classes))
    if one_d:
        loss = ivy.reshape(loss, ())
    return _reduce(loss, reduction)


def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None,
                      reduce=None, reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    if p not in (1, 2):
        raise ValueError("only p == 1 and p == 2 supported")
    x, t = _native(input), _native(target, "target")
    if ivy.ndim(x) not in (1, 2) or (ivy.ndim(x) == 2 and ivy.shape(t) != ivy.shape(x)[:1]) \
            or (ivy.ndim(x) == 1 and ivy.size(t) != 1):
        raise RuntimeError(f"inconsistent target size, expected {list(ivy.shape(x)[:1])} but got "
                           f"{list(ivy.shape(t))}")
    one_d = ivy.ndim(x) == 1
    x2 = ivy.reshape(x, (1, -1)) if one_d else x
    t2 = ivy.reshape(cast(t, "int64"), (-1, 1))
    classes = ivy.shape(x2)[1]
    if bool(ivy.any(ivy.logical_or(ivy.less(t2, 0), ivy.greater_equal(t2, classes)))):
        raise RuntimeError("target out of range")
    picked = ivy.take_along_axis(x2, t2, axis=1)
    m = _relu(ivy.add(ivy.subtract(x2, picked), float(margin)))
    if p == 2:
        m = ivy.square(m)
    if weight is not None:
        w = ivy.take(cast(_native(weight, "weight"), ivy.dtype(x2)), ivy.reshape(t2, (-1,)), axis=0)
        m = ivy.multiply(m, ivy.reshape(w, (-1, 1)))
    own = ivy.equal(ivy.reshape(ivy.arange(classes, dtype="int64"), (1, -1)), t2)
    loss = ivy.divide(ivy.sum(ivy.where(own, ivy.zeros_like(m), m), axis=1), float(classes))
    if one_d:
        loss = ivy.reshape(loss, ())
    return _reduce(loss, reduction)


def cosine_embedding_loss(input1, input2, target, margin=0, size_average=None, reduce=None,
                          reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    x1, x2, t = _native(input1, "input1"), _native(input2, "input2"), _native(target, "target")
    if ivy.ndim(x1) not in (1, 2) or ivy.shape(x1) != ivy.shape(x2):
        raise RuntimeError(f"cosine_embedding_loss: expected input1 and input2 to have the same "
                           f"shape of 1 or 2 dimensions, got {list(ivy.shape(x1))} and "
                           f"{list(ivy.shape(x2))}")
    if ivy.ndim(t) != ivy.ndim(x1) - 1:
        raise RuntimeError(f"{ivy.ndim(x1)}D target tensor expects {ivy.ndim(x1) - 1}D input "
                           f"tensors, but found inputs with sizes {list(ivy.shape(x1))} and "
                           f"{list(ivy.shape(x2))}.")
    dt = T.result_name((_wrap(x1), _wrap(x2)))
    if dt in _EXACT:
        dt = T.default_float()
    x1, x2 = cast(x1, dt), cast(x2, dt)
    eps = 9.999999960041972e-13      # torch adds EPSILON = 1e-12 as a C float
    dot = ivy.sum(ivy.multiply(x1, x2), axis=-1)
    m1 = ivy.add(ivy.sum(ivy.square(x1), axis=-1), eps)
    m2 = ivy.add(ivy.sum(ivy.square(x2), axis=-1), eps)
    cos = ivy.divide(dot, ivy.sqrt(ivy.multiply(m1, m2)))
    zero = ivy.zeros_like(cos)
    loss = ivy.add(ivy.where(ivy.equal(t, 1), ivy.subtract(_full(1.0, cos), cos), zero),
                   ivy.where(ivy.equal(t, -1), _relu(ivy.subtract(cos, float(margin))), zero))
    return _reduce(loss, reduction)


def _pairwise_distance(x1, x2, p, eps):
    d = ivy.add(ivy.subtract(x1, x2), eps)
    if p == 2:
        return ivy.sqrt(ivy.sum(ivy.square(d), axis=-1))
    if p == 1:
        return ivy.sum(ivy.abs(d), axis=-1)
    if p == math.inf:
        return ivy.max(ivy.abs(d), axis=-1)
    return ivy.pow(ivy.sum(ivy.pow(ivy.abs(d), float(p)), axis=-1), 1.0 / p)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-6, swap=False,
                        size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction(size_average, reduce, reduction)
    a, pos, neg = (_native(v, n) for v, n in ((anchor, "anchor"), (positive, "positive"),
                                               (negative, "negative")))
    if not ivy.ndim(a) == ivy.ndim(pos) == ivy.ndim(neg):
        raise RuntimeError(f"The anchor, positive, and negative tensors are expected to have the "
                           f"same number of dimensions, but got: anchor {ivy.ndim(a)}D, positive "
                           f"{ivy.ndim(pos)}D, and negative {ivy.ndim(neg)}D inputs")
    dt = T.result_name((_wrap(a), _wrap(pos), _wrap(neg)))
    a, pos, neg = (cast(v, dt) for v in (a, pos, neg))
    d_pos = _pairwise_distance(a, pos, p, eps)
    d_neg = _pairwise_distance(a, neg, p, eps)
    if swap:
        d_neg = ivy.minimum(d_neg, _pairwise_distance(pos, neg, p, eps))
    loss = _relu(ivy.add(ivy.subtract(d_pos, d_neg), float(margin)))
    return _reduce(loss, reduction)


def triplet_margin_with_distance_loss(anchor, positive, negative, *, distance_function=None,
                                      margin=1.0, swap=False, reduction="mean"):
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if margin <= 0:
        raise ValueError(f"TripletMarginWithDistanceLoss: expected margin to be greater than 0, "
                         f"got {margin} instead")
    a, pos, neg = (_native(v, n) for v, n in ((anchor, "anchor"), (positive, "positive"),
                                               (negative, "negative")))
    if not ivy.ndim(a) == ivy.ndim(pos) == ivy.ndim(neg):
        raise RuntimeError(f"The anchor, positive, and negative tensors are expected to have the "
                           f"same number of dimensions, but got: anchor {ivy.ndim(a)}D, positive "
                           f"{ivy.ndim(pos)}D, and negative {ivy.ndim(neg)}D inputs")
    if distance_function is None:
        def dist(x, y):
            return _pairwise_distance(x, y, 2, 1e-6)
    else:
        def dist(x, y):
            return _native(distance_function(_wrap(x), _wrap(y)))
    d_pos, d_neg = dist(a, pos), dist(a, neg)
    if swap:
        d_neg = ivy.minimum(d_neg, dist(pos, neg))
    loss = _relu(ivy.add(ivy.subtract(d_pos, d_neg), float(margin)))
    return _reduce(loss, reduction)


# ---- connectionist temporal classification -----------------------------------------------------

def _lengths(v, name):
    if isinstance(v, (tuple, list)):
        return [int(i) for i in v]
    a = _native(v, name)
    if ivy.dtype(a) not in D.INTEGRAL:
        raise RuntimeError(f"{name} must be integral")
    return [int(i) for i in ivy.to_numpy(ivy.reshape(a, (-1,))).tolist()]


def _cols(x, start, stop):
    """``x[:, start:stop]`` as a core call (native indexing is invisible to ivy.trace_graph)."""
    return ivy.get_item(x, (slice(None), slice(start, stop)))


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean",
             zero_infinity=False):
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction")
    if isinstance(input_lengths, (tuple, list)) != isinstance(target_lengths, (tuple, list)):
        raise TypeError("ctc_loss() received an invalid combination of arguments: lengths must "
                        "be both tensors or both sequences")
    lp, tg = _native(log_probs, "log_probs"), _native(targets, "targets")
    unbatched = ivy.ndim(lp) == 2
    if unbatched:
        lp = ivy.expand_dims(lp, axis=1)
        tg = ivy.expand_dims(tg, axis=0)
    steps, batch, classes = ivy.shape(lp)
    in_len, tg_len = _lengths(input_lengths, "input_lengths"), _lengths(target_lengths,
                                                                          "target_lengths")
    if len(in_len) != batch or len(tg_len) != batch:
        raise RuntimeError(f"input_lengths and target_lengths must be of size batch_size "
                           f"{batch}")
    if any(n > steps for n in in_len):
        raise RuntimeError(f"Expected input_lengths to have value at most {steps}, but got "
                           f"value {max(in_len)}")
    tg = cast(tg, "int64")
    if ivy.ndim(tg) == 1:                  # concatenated targets -> padded (N, S)
        width, rows, start = max(tg_len + [1]), [], 0
        for n in tg_len:
            row = ivy.get_item(tg, slice(start, start + n))
            rows.append(ivy.concat([row, ivy.zeros((width - n,), dtype="int64",
                                                   device=ivy.device(tg))]))
            start += n
        tg = ivy.stack(rows)
    width = max(max(tg_len + [0]), 1)
    tg = ivy.get_item(tg, (slice(None), slice(None, width))) if ivy.shape(tg)[1] >= width else tg
    ext_len = 2 * ivy.shape(tg)[1] + 1
    blanks = ivy.full((batch, ext_len), blank, dtype="int64", device=ivy.device(tg))
    pos = ivy.reshape(ivy.arange(ext_len, dtype="int64", device=ivy.device(tg)), (1, -1))
    odd = ivy.equal(ivy.remainder(pos, 2), 1)
    label_of = ivy.take_along_axis(tg, ivy.remainder(ivy.broadcast_to(
        ivy.floor_divide(pos, 2), (batch, ext_len)), ivy.shape(tg)[1]), axis=1)
    ext = ivy.where(odd, label_of, blanks)                                   # (N, 2S+1)
    prev2 = ivy.concat([_cols(ext, None, 2), _cols(ext, None, -2)], axis=1)
    skip = ivy.logical_and(odd, ivy.logical_and(ivy.not_equal(ext, prev2),
                                                ivy.greater_equal(pos, 2)))
    dt = ivy.dtype(lp)
    neg_inf = ivy.full((batch, ext_len), -math.inf, dtype=dt, device=ivy.device(lp))
    col = _cols(neg_inf, None, 1)
    first = ivy.take_along_axis(ivy.get_item(lp, 0), ext, axis=1)
    alpha = ivy.where(ivy.less(pos, 2), first, neg_inf)
    lengths = ivy.asarray(in_len, dtype="int64", device=ivy.device(lp))
    for t in range(1, steps):
        one = ivy.concat([col, _cols(alpha, None, -1)], axis=1)
        two = ivy.where(skip, ivy.concat([col, col, _cols(alpha, None, -2)], axis=1), neg_inf)
        new = ivy.add(ivy.logaddexp(ivy.logaddexp(alpha, one), two),
                      ivy.take_along_axis(ivy.get_item(lp, t), ext, axis=1))
        alpha = ivy.where(ivy.reshape(ivy.greater(lengths, t), (-1, 1)), new, alpha)
    last = ivy.reshape(ivy.asarray([2 * n for n in tg_len], dtype="int64",
                                   device=ivy.device(lp)), (-1, 1))
    end = ivy.squeeze(ivy.take_along_axis(alpha, last, axis=1), axis=1)
    previous = ivy.maximum(ivy.subtract(last, 1), ivy.zeros_like(last))
    before = ivy.squeeze(ivy.take_along_axis(alpha, previous, axis=1), axis=1)
    has_label = ivy.asarray([n > 0 for n in tg_len], device=ivy.device(lp))
    loss = ivy.negative(ivy.where(has_label, ivy.logaddexp(end, before), end))
    if zero_infinity:
        loss = ivy.where(ivy.isinf(loss), ivy.zeros_like(loss), loss)
    if unbatched:
        loss = ivy.reshape(loss, ())
    if reduction == "mean":
        scale = ivy.asarray([max(n, 1) for n in tg_len], dtype=dt, device=ivy.device(lp))
        return _wrap(ivy.mean(ivy.divide(loss, ivy.reshape(scale, ivy.shape(loss)))))
    return _reduce(loss, reduction)


__all__ = ["binary_cross_entropy", "binary_cross_entropy_with_logits", "cosine_embedding_loss",
           "cross_entropy", "ctc_loss", "gaussian_nll_loss", "hinge_embedding_loss",
           "huber_loss", "kl_div", "l1_loss", "margin_ranking_loss", "mse_loss",
           "multi_margin_loss", "multilabel_margin_loss", "multilabel_soft_margin_loss",
           "nll_loss", "poisson_nll_loss", "smooth_l1_loss", "soft_margin_loss",
           "triplet_margin_loss", "triplet_margin_with_distance_loss"]
