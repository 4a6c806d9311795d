"""``tf.keras.losses``: Keras 3's loss functions (per-sample losses, the input's dtype) and
classes (``Loss``: targets and predictions converted to the loss dtype, per-sample weights,
then the reduction), with Keras's formulas (probabilities clipped to ``[1e-7, 1 - 1e-7]``)."""
from __future__ import annotations

import inspect

import ivy

from .._tensor import wrap
from ._util import FLOATS, dtype_name, nat, snake_case, standardize_dtype

EPSILON = 1e-7
_REDUCTIONS = ("mean_with_sample_weight", "mean", "none", "sum_over_batch_size", "sum", None)


def _c(a, v):
    return ivy.asarray(v, dtype=dtype_name(a))


def _pair(y_true, y_pred):
    p = nat(y_pred)
    if dtype_name(p) not in FLOATS:
        p = ivy.astype(p, "float32")
    return nat(y_true, dtype_name(p)), p


def same_rank(x1, x2, expand_rank_1=True):
    """Keras's ``squeeze_or_expand_to_same_rank`` on native arrays: a trailing axis of 1
    squeezed (or a rank-1 partner expanded) when the ranks differ by one."""
    r1, r2 = len(x1.shape), len(x2.shape)
    if r1 == r2 + 1 and x1.shape[-1] == 1:
        if r2 == 1 and expand_rank_1:
            x2 = ivy.expand_dims(x2, axis=-1)
        else:
            x1 = ivy.squeeze(x1, axis=-1)
    if r2 == r1 + 1 and x2.shape[-1] == 1:
        if r1 == 1 and expand_rank_1:
            x1 = ivy.expand_dims(x1, axis=-1)
        else:
            x2 = ivy.squeeze(x2, axis=-1)
    return x1, x2


def _mean_last(a, axis=-1):
    return ivy.mean(a, axis=axis)


def mean_squared_error(y_true, y_pred):
    t, p = _pair(y_true, y_pred)
    return wrap(_mean_last(ivy.square(ivy.subtract(t, p))))


def mean_absolute_error(y_true, y_pred):
    t, p = _pair(y_true, y_pred)
    return wrap(_mean_last(ivy.abs(ivy.subtract(t, p))))


def mean_absolute_percentage_error(y_true, y_pred):
    t, p = _pair(y_true, y_pred)
    diff = ivy.abs(ivy.divide(ivy.subtract(t, p), ivy.maximum(ivy.abs(t), _c(t, EPSILON))))
    return wrap(ivy.multiply(_c(t, 100.0), _mean_last(diff)))


def mean_squared_logarithmic_error(y_true, y_pred):
    t, p = _pair(y_true, y_pred)
    a = ivy.log(ivy.add(ivy.maximum(p, _c(p, EPSILON)), _c(p, 1.0)))
    b = ivy.log(ivy.add(ivy.maximum(t, _c(t, EPSILON)), _c(t, 1.0)))
    return wrap(_mean_last(ivy.square(ivy.subtract(a, b))))


def huber(y_true, y_pred, delta=1.0):
    t, p = _pair(y_true, y_pred)
    err = ivy.subtract(p, t)
    ab = ivy.abs(err)
    d = _c(p, delta)
    quad = ivy.multiply(_c(p, 0.5), ivy.square(err))
    lin = ivy.subtract(ivy.multiply(d, ab), ivy.multiply(_c(p, 0.5), ivy.square(d)))
    return wrap(_mean_last(ivy.where(ivy.less_equal(ab, d), quad, lin)))


def log_cosh(y_true, y_pred):
    t, p = _pair(y_true, y_pred)
    x = ivy.subtract(p, t)
    v = ivy.subtract(ivy.add(x, ivy.softplus(ivy.multiply(_c(x, -2.0), x))),
                     _c(x, 0.6931471805599453))
    return wrap(_mean_last(v))


def _hinge_labels(t):
    binary = ivy.all(ivy.logical_or(ivy.equal(t, _c(t, 0)), ivy.equal(t, _c(t, 1))))
    return ivy.where(binary, ivy.subtract(ivy.multiply(_c(t, 2.0), t), _c(t, 1.0)), t)


def hinge(y_true, y_pred):
    t, p = _pair(y_true, y_pred)
    t = _hinge_labels(t)
    return wrap(_mean_last(ivy.maximum(ivy.subtract(_c(p, 1.0), ivy.multiply(t, p)),
                                       _c(p, 0.0))))


def squared_hinge(y_true, y_pred):
    t, p = _pair(y_true, y_pred)
    t = _hinge_labels(t)
    return wrap(_mean_last(ivy.square(ivy.maximum(ivy.subtract(_c(p, 1.0), ivy.multiply(t, p)),
                                                  _c(p, 0.0)))))


def categorical_hinge(y_true, y_pred):
    t, p = _pair(y_true, y_pred)
    pos = ivy.sum(ivy.multiply(t, p), axis=-1)
    neg = ivy.max(ivy.multiply(ivy.subtract(_c(t, 1.0), t), p), axis=-1)
    return wrap(ivy.maximum(ivy.add(ivy.subtract(neg, pos), _c(p, 1.0)), _c(p, 0.0)))


def kl_divergence(y_true, y_pred):
    t, p = _pair(y_true, y_pred)
    t = ivy.clip(t, _c(t, EPSILON), _c(t, 1.0))
    p = ivy.clip(p, _c(p, EPSILON), _c(p, 1.0))
    return wrap(ivy.sum(ivy.multiply(t, ivy.log(ivy.divide(t, p))), axis=-1))


def poisson(y_true, y_pred):
    t, p = _pair(y_true, y_pred)
    return wrap(_mean_last(ivy.subtract(p, ivy.multiply(t, ivy.log(ivy.add(p,
                                                                          _c(p, EPSILON)))))))


def _l2_normalize(a, axis):
    sq = ivy.sum(ivy.square(a), axis=axis, keepdims=True)
    return ivy.multiply(a, ivy.divide(_c(a, 1.0), ivy.sqrt(ivy.maximum(sq, _c(a, 1e-12)))))


def cosine_similarity(y_true, y_pred, axis=-1):
    t, p = _pair(y_true, y_pred)
    return wrap(ivy.negative(ivy.sum(ivy.multiply(_l2_normalize(t, axis),
                                                  _l2_normalize(p, axis)), axis=axis)))


def _bce(t, p, from_logits):
    if from_logits:     # max(x, 0) - x * z + log(1 + exp(-|x|))
        return ivy.add(ivy.subtract(ivy.relu(p), ivy.multiply(p, t)),
                       ivy.log1p(ivy.exp(ivy.negative(ivy.abs(p)))))
    p = ivy.clip(p, _c(p, EPSILON), _c(p, 1.0 - EPSILON))
    bce = ivy.add(ivy.multiply(t, ivy.log(p)),
                  ivy.multiply(ivy.subtract(_c(t, 1.0), t), ivy.log(ivy.subtract(_c(p, 1.0), p))))
    return ivy.negative(bce)


def binary_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    t, p = _pair(y_true, y_pred)
    if label_smoothing:
        t = ivy.add(ivy.multiply(t, _c(t, 1.0 - label_smoothing)), _c(t, 0.5 * label_smoothing))
    return wrap(ivy.mean(_bce(t, p, from_logits), axis=axis))


def binary_focal_crossentropy(y_true, y_pred, apply_class_balancing=False, alpha=0.25, gamma=2.0,
                              from_logits=False, label_smoothing=0.0, axis=-1):
    t, p = _pair(y_true, y_pred)
    if label_smoothing:
        t = ivy.add(ivy.multiply(t, _c(t, 1.0 - label_smoothing)), _c(t, 0.5 * label_smoothing))
    prob = ivy.sigmoid(p) if from_logits else p
    bce = _bce(t, p, from_logits)
    one = _c(t, 1.0)
    p_t = ivy.add(ivy.multiply(t, prob), ivy.multiply(ivy.subtract(one, t),
                                                      ivy.subtract(one, prob)))
    focal = ivy.multiply(ivy.pow(ivy.subtract(one, p_t), _c(t, gamma)), bce)
    if apply_class_balancing:
        w = ivy.add(ivy.multiply(t, _c(t, alpha)), ivy.multiply(ivy.subtract(one, t),
                                                                  _c(t, 1.0 - alpha)))
        focal = ivy.multiply(w, focal)
    return wrap(ivy.mean(focal, axis=axis))


def categorical_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    t, p = _pair(y_true, y_pred)
    if tuple(t.shape) != tuple(p.shape):
        raise ValueError(f"Arguments `target` and `output` must have the same shape. Received: "
                         f"target.shape={tuple(t.shape)}, output.shape={tuple(p.shape)}")
    if label_smoothing:
        n = p.shape[axis]
        t = ivy.add(ivy.multiply(t, _c(t, 1.0 - label_smoothing)), _c(t, label_smoothing / n))
    if from_logits:
        logp = ivy.log_softmax(p, axis=axis)
    else:
        p = ivy.divide(p, ivy.sum(p, axis=axis, keepdims=True))
        logp = ivy.log(ivy.clip(p, _c(p, EPSILON), _c(p, 1.0 - EPSILON)))
    return wrap(ivy.negative(ivy.sum(ivy.multiply(t, logp), axis=axis)))


def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False, ignore_class=None,
                                    axis=-1):
    if ignore_class is not None:
        raise NotImplementedError("keras.losses.sparse_categorical_crossentropy: ignore_class "
                                  "is not supported by ivy's tensorflow frontend")
    if axis != -1:
        raise NotImplementedError("keras.losses.sparse_categorical_crossentropy: axis other "
                                  "than -1 is not supported by ivy's tensorflow frontend")
    p = nat(y_pred)
    if dtype_name(p) not in FLOATS:
        p = ivy.astype(p, "float32")
    t = nat(y_true)
    if len(t.shape) == len(p.shape) and t.shape[-1] == 1:
        t = ivy.reshape(t, tuple(t.shape[:-1]))
    t = ivy.astype(t, "int64")
    if tuple(t.shape) != tuple(p.shape[:-1]):
        raise ValueError(f"Arguments `target` and `output` must have the same shape up until "
                         f"the last dimension: target.shape={tuple(t.shape)}, "
                         f"output.shape={tuple(p.shape)}")
    if not from_logits:
        p = ivy.log(ivy.clip(p, _c(p, EPSILON), _c(p, 1.0 - EPSILON)))
    logp = ivy.log_softmax(p, axis=-1)
    picked = ivy.take_along_axis(logp, ivy.expand_dims(t, axis=-1), axis=-1)
    return wrap(ivy.negative(ivy.reshape(picked, tuple(t.shape))))


# ---- classes ----------------------------------------------------------------------------------

class Reduction:
    """``tf.keras.losses.Reduction`` (legacy names of the reductions)."""
    AUTO = "auto"
    NONE = "none"
    SUM = "sum"
    SUM_OVER_BATCH_SIZE = "sum_over_batch_size"

    @classmethod
    def all(cls):
        return (cls.AUTO, cls.NONE, cls.SUM, cls.SUM_OVER_BATCH_SIZE)

    @classmethod
    def validate(cls, key):
        if key not in cls.all():
            raise ValueError(f'Invalid Reduction Key: {key}. Expected keys are "{cls.all()}"')


def _weighted(losses, sample_weight):
    w = nat(sample_weight, dtype_name(losses))
    lr, wr = len(losses.shape), len(w.shape)
    if wr == lr + 1 and w.shape[-1] == 1:
        w = ivy.reshape(w, tuple(w.shape[:-1]))
    elif wr < lr:
        w = ivy.reshape(w, tuple(w.shape) + (1,) * (lr - wr))
    return ivy.multiply(losses, w), w


def reduce_values(losses, sample_weight, reduction):
    if sample_weight is not None:
        losses, w = _weighted(losses, sample_weight)
    if reduction in (None, "none"):
        return losses
    total = ivy.sum(losses)
    if reduction == "sum":
        return total
    if reduction == "mean_with_sample_weight" and sample_weight is not None:
        divisor = ivy.sum(ivy.broadcast_to(w, tuple(losses.shape)))
    else:
        n = 1
        for d in losses.shape:
            n *= d
        divisor = _c(total, n)
    return ivy.where(ivy.equal(divisor, _c(total, 0)), _c(total, 0),
                     ivy.divide(total, ivy.where(ivy.equal(divisor, _c(total, 0)),
                                                 _c(total, 1), divisor)))


class Loss:
    """``keras.losses.Loss``: ``call(y_true, y_pred)`` gives per-sample losses."""

    def __init__(self, name=None, reduction="sum_over_batch_size", dtype=None):
        if reduction == "auto":
            reduction = "sum_over_batch_size"
        if reduction not in _REDUCTIONS:
            raise ValueError(f"Invalid value for argument `reduction`. Expected one of "
                             f"{{'mean_with_sample_weight', 'mean', 'none', "
                             f"'sum_over_batch_size', 'sum', None}}. Received: "
                             f"reduction={reduction}")
        self.name = name or snake_case(type(self).__name__)
        self.reduction = reduction
        self._dtype = standardize_dtype(dtype)

    @property
    def dtype(self):
        return self._dtype

    def call(self, y_true, y_pred):
        raise NotImplementedError

    def __call__(self, y_true, y_pred, sample_weight=None):
        t, p = nat(y_true, self._dtype), nat(y_pred, self._dtype)
        losses = nat(self.call(wrap(t), wrap(p)), self._dtype)
        return wrap(reduce_values(losses, sample_weight, self.reduction))

    def get_config(self):
        return {"name": self.name, "reduction": self.reduction}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class LossFunctionWrapper(Loss):
    def __init__(self, fn, reduction="sum_over_batch_size", name=None, dtype=None, **kwargs):
        super().__init__(name=name, reduction=reduction, dtype=dtype)
        self.fn, self._fn_kwargs = fn, kwargs

    def call(self, y_true, y_pred):
        t, p = same_rank(nat(y_true), nat(y_pred))
        return self.fn(wrap(t), wrap(p), **self._fn_kwargs)

    def get_config(self):
        return {**super().get_config(), **self._fn_kwargs}


def _loss_class(class_name, fn, default_name, params=()):
    """A ``LossFunctionWrapper`` subclass whose constructor takes ``params`` (name, default)
    ahead of ``reduction``/``name``/``dtype`` (Keras's positional order)."""
    def __init__(self, *args, **kwargs):
        names = [p for p, _ in params]
        values = dict(params)
        if class_name == "SparseCategoricalCrossentropy":
            order = ["from_logits", "ignore_class", "reduction", "axis", "name", "dtype"]
        else:
            order = names + ["reduction", "name", "dtype"]
        values.update(reduction="sum_over_batch_size", name=default_name, dtype=None)
        for k, v in zip(order, args):
            values[k] = v
        for k, v in kwargs.items():
            if k not in values:
                raise TypeError(f"{class_name}.__init__() got an unexpected keyword argument "
                                f"'{k}'")
            values[k] = v
        reduction, name, dtype = values.pop("reduction"), values.pop("name"), values.pop("dtype")
        LossFunctionWrapper.__init__(self, fn, reduction=reduction, name=name, dtype=dtype,
                                     **values)
        for k, v in values.items():
            setattr(self, k, v)
    P = inspect.Parameter
    tail = [("reduction", "sum_over_batch_size"), ("name", default_name), ("dtype", None)]
    order = list(params) + tail
    if class_name == "SparseCategoricalCrossentropy":
        order = [params[0], params[1], tail[0], params[2], tail[1], tail[2]]
    __init__.__signature__ = inspect.Signature(
        [P("self", P.POSITIONAL_OR_KEYWORD)] +
        [P(n, P.POSITIONAL_OR_KEYWORD, default=d) for n, d in order])
    return type(class_name, (LossFunctionWrapper,), {"__init__": __init__,
                                                     "__module__": __name__})


MeanSquaredError = _loss_class("MeanSquaredError", mean_squared_error, "mean_squared_error")
MeanAbsoluteError = _loss_class("MeanAbsoluteError", mean_absolute_error, "mean_absolute_error")
MeanAbsolutePercentageError = _loss_class("MeanAbsolutePercentageError",
                                          mean_absolute_percentage_error,
                                          "mean_absolute_percentage_error")
MeanSquaredLogarithmicError = _loss_class("MeanSquaredLogarithmicError",
                                          mean_squared_logarithmic_error,
                                          "mean_squared_logarithmic_error")
Huber = _loss_class("Huber", huber, "huber_loss", (("delta", 1.0),))
LogCosh = _loss_class("LogCosh", log_cosh, "log_cosh")
Hinge = _loss_class("Hinge", hinge, "hinge")
SquaredHinge = _loss_class("SquaredHinge", squared_hinge, "squared_hinge")
CategoricalHinge = _loss_class("CategoricalHinge", categorical_hinge, "categorical_hinge")
KLDivergence = _loss_class("KLDivergence", kl_divergence, "kl_divergence")
Poisson = _loss_class("Poisson", poisson, "poisson")
CosineSimilarity = _loss_class("CosineSimilarity", cosine_similarity, "cosine_similarity",
                               (("axis", -1),))
BinaryCrossentropy = _loss_class("BinaryCrossentropy", binary_crossentropy,
                                 "binary_crossentropy", (("from_logits", False),
                                                         ("label_smoothing", 0.0),
                                                         ("axis", -1)))
BinaryFocalCrossentropy = _loss_class(
    "BinaryFocalCrossentropy", binary_focal_crossentropy, "binary_focal_crossentropy",
    (("apply_class_balancing", False), ("alpha", 0.25), ("gamma", 2.0), ("from_logits", False),
     ("label_smoothing", 0.0), ("axis", -1)))
CategoricalCrossentropy = _loss_class("CategoricalCrossentropy", categorical_crossentropy,
                                      "categorical_crossentropy", (("from_logits", False),
                                                                   ("label_smoothing", 0.0),
                                                                   ("axis", -1)))
SparseCategoricalCrossentropy = _loss_class(
    "SparseCategoricalCrossentropy", sparse_categorical_crossentropy,
    "sparse_categorical_crossentropy", (("from_logits", False), ("ignore_class", None),
                                        ("axis", -1)))

_FUNCTIONS = {f.__name__: f for f in (
    mean_squared_error, mean_absolute_error, mean_absolute_percentage_error,
    mean_squared_logarithmic_error, huber, log_cosh, hinge, squared_hinge, categorical_hinge,
    kl_divergence, poisson, cosine_similarity, binary_crossentropy, binary_focal_crossentropy,
    categorical_crossentropy, sparse_categorical_crossentropy)}
_FUNCTIONS.update(mse=mean_squared_error, MSE=mean_squared_error, mae=mean_absolute_error,
                  MAE=mean_absolute_error, mape=mean_absolute_percentage_error,
                  MAPE=mean_absolute_percentage_error, msle=mean_squared_logarithmic_error,
                  MSLE=mean_squared_logarithmic_error, kld=kl_divergence, KLD=kl_divergence,
                  logcosh=log_cosh)
_CLASSES = {c.__name__: c for c in (
    MeanSquaredError, MeanAbsoluteError, MeanAbsolutePercentageError,
    MeanSquaredLogarithmicError, Huber, LogCosh, Hinge, SquaredHinge, CategoricalHinge,
    KLDivergence, Poisson, CosineSimilarity, BinaryCrossentropy, BinaryFocalCrossentropy,
    CategoricalCrossentropy, SparseCategoricalCrossentropy)}


# ``tf.keras.losses`` (Keras's tf_keras namespace) names these functions by their short aliases
mse = MSE = mean_squared_error
mae = MAE = mean_absolute_error
mape = MAPE = mean_absolute_percentage_error
msle = MSLE = mean_squared_logarithmic_error
kld = KLD = kullback_leibler_divergence = kl_divergence
logcosh = log_cosh
del (mean_squared_error, mean_absolute_error, mean_absolute_percentage_error,
     mean_squared_logarithmic_error, kl_divergence, log_cosh)


def get(identifier):
    """A loss: a function's name gives the function, a class's name an instance."""
    if identifier is None:
        return None
    if isinstance(identifier, str):
        if identifier in _FUNCTIONS:
            return _FUNCTIONS[identifier]
        if identifier in _CLASSES:
            return _CLASSES[identifier]()
        raise ValueError(f"Could not interpret loss identifier: {identifier}")
    if isinstance(identifier, dict):
        return _CLASSES[identifier["class_name"]](**identifier.get("config", {}))
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret loss identifier: {identifier}")


def serialize(loss):
    return {"module": "keras.losses", "class_name": type(loss).__name__,
            "config": loss.get_config(), "registered_name": None}


def deserialize(name, custom_objects=None):
    return get(name)
