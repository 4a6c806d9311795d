"""``tf.keras.metrics`` (Keras 3): stateful metrics whose state lives in non-trainable
``tf.Variable``s (``update_state`` with ``sample_weight``, ``result``, ``reset_state``, calling
one updates and returns the result), and the stateless accuracy functions, with Keras's
formulas: per-sample values averaged by ``Mean``, confusion counts over thresholds
(``Precision``/``Recall``/``AUC``) and a weighted confusion matrix (``IoU``/``MeanIoU``)."""
from __future__ import annotations

import numpy as np

import ivy

from .._tensor import wrap
from . import losses as _losses
from ._util import FLOATS, dtype_name, floatx, nat, no_record, snake_case, standardize_dtype, \
    unique_name, variable

EPSILON = 1e-7
NEG_INF = -1e10


def _c(a, v):
    return ivy.asarray(v, dtype=dtype_name(a))


def _divide_no_nan(num, den):
    zero = ivy.equal(den, _c(den, 0))
    return ivy.where(zero, _c(num, 0), ivy.divide(num, ivy.where(zero, _c(den, 1), den)))


_same_rank = _losses.same_rank


def _prediction(y_pred):
    p = nat(y_pred)
    return p if dtype_name(p) in FLOATS else ivy.astype(p, floatx())


# ---- stateless metric functions ---------------------------------------------------------------

def _accuracy(y_true, y_pred):
    p = nat(y_pred)
    t, p = _same_rank(nat(y_true, dtype_name(p)), p)
    return wrap(ivy.astype(ivy.equal(t, p), floatx()))


def binary_accuracy(y_true, y_pred, threshold=0.5):
    p, t = nat(y_pred), nat(y_true)
    t, p = _same_rank(t, p)
    p = ivy.astype(ivy.greater(p, _c(p, threshold)), dtype_name(t))
    return wrap(ivy.astype(ivy.equal(t, p), floatx()))


def categorical_accuracy(y_true, y_pred):
    p = _prediction(y_pred)
    t = ivy.astype(ivy.argmax(nat(y_true), axis=-1), dtype_name(p))
    shape, reshape = tuple(t.shape), len(t.shape) == len(p.shape)
    if reshape:
        t = ivy.squeeze(t, axis=-1)
    hits = ivy.astype(ivy.equal(t, ivy.astype(ivy.argmax(p, axis=-1), dtype_name(t))), floatx())
    return wrap(ivy.reshape(hits, shape) if reshape else hits)


def sparse_categorical_accuracy(y_true, y_pred):
    p = _prediction(y_pred)
    t = nat(y_true, dtype_name(p))
    shape = tuple(t.shape)
    reshape = len(t.shape) == len(p.shape) and t.shape[-1] == 1
    if reshape:
        t = ivy.squeeze(t, axis=-1)
    hits = ivy.astype(ivy.equal(t, ivy.astype(ivy.argmax(p, axis=-1), dtype_name(t))), floatx())
    if reshape:
        hits = ivy.reshape(hits, shape)
    if len(hits.shape) > 1 and hits.shape[-1] == 1:
        hits = ivy.squeeze(hits, axis=-1)
    return wrap(hits)


# ---- the Metric base ----------------------------------------------------------------------------

class Metric:
    """``keras.metrics.Metric``: state in ``variables``; ``m(...)`` is ``update_state`` then
    ``result``."""

    def __init__(self, dtype=None, name=None):
        self.name = name or unique_name(snake_case(type(self).__name__))
        self._dtype = standardize_dtype(dtype)
        self._variables = []

    @property
    def dtype(self):
        return self._dtype

    @property
    def variables(self):
        return list(self._variables)

    def add_variable(self, shape, initializer=None, dtype=None, aggregation="sum", name=None):
        from . import initializers
        d = standardize_dtype(dtype or self._dtype)
        value = initializers.get(initializer or "zeros")(tuple(shape), dtype=d)
        with no_record():
            v = variable(nat(value, d), trainable=False, name=name)
        self._variables.append(v)
        return v

    add_weight = add_variable

    def update_state(self, *args, **kwargs):
        raise NotImplementedError

    def result(self):
        raise NotImplementedError

    def reset_state(self):
        for v in self._variables:
            v.assign(wrap(ivy.zeros(tuple(v.shape), dtype=v.dtype.name)))

    def __call__(self, *args, **kwargs):
        with no_record():
            self.update_state(*args, **kwargs)
            return self.result()

    def _add(self, var, value):
        var.assign(wrap(ivy.add(nat(var), ivy.astype(value, var.dtype.name))))

    def get_config(self):
        return {"name": self.name, "dtype": self._dtype}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __repr__(self):
        return f"<{type(self).__name__} name={self.name}>"


class Sum(Metric):
    def __init__(self, name="sum", dtype=None):
        super().__init__(dtype=dtype, name=name)
        self.total = self.add_variable((), name="total")

    def update_state(self, values, sample_weight=None):
        v, _ = _samplewise(values, sample_weight, self._dtype, "sum")
        self._add(self.total, ivy.sum(v))

    def result(self):
        return wrap(nat(self.total))


def _samplewise(values, sample_weight, dtype, how="mean"):
    """Keras's ``reduce_to_samplewise_values``: values per sample (``ivy.<how>`` over the
    other axes: looked up per call, the core's names are rebound per backend), weighted."""
    reduce = getattr(ivy, how)
    v, w = nat(values, dtype), None
    if sample_weight is not None:
        w = nat(sample_weight, dtype)
        v, w = _same_rank(v, w)
        wr, vr = len(w.shape), len(v.shape)
        if vr > wr:
            v = reduce(v, axis=tuple(range(wr, vr)))
        w = ivy.broadcast_to(w, tuple(v.shape))
        v = ivy.multiply(v, w)
        if wr > 1:
            w = reduce(w, axis=tuple(range(1, wr)))
    if len(v.shape) > 1:
        v = reduce(v, axis=tuple(range(1, len(v.shape))))
    return v, w


class Mean(Metric):
    """``keras.metrics.Mean``: the (weighted) mean of the values given so far."""

    def __init__(self, name="mean", dtype=None):
        super().__init__(dtype=dtype, name=name)
        self.total = self.add_variable((), name="total")
        self.count = self.add_variable((), name="count")

    def update_state(self, values, sample_weight=None):
        v, w = _samplewise(values, sample_weight, self._dtype)
        self._add(self.total, ivy.sum(v))
        if w is not None:
            n = ivy.sum(w)
        else:
            n = ivy.asarray(v.shape[0] if len(v.shape) else 1, dtype=self._dtype)
        self._add(self.count, n)

    def result(self):
        return wrap(_divide_no_nan(nat(self.total), nat(self.count)))


class MeanMetricWrapper(Mean):
    """``keras.metrics.MeanMetricWrapper``: the mean of ``fn(y_true, y_pred)`` per sample."""

    def __init__(self, fn, name=None, dtype=None, **kwargs):
        super().__init__(name=name or getattr(fn, "__name__", "mean_metric_wrapper"),
                         dtype=dtype)
        self._fn, self._fn_kwargs = fn, kwargs

    def update_state(self, y_true, y_pred, sample_weight=None):
        return super().update_state(self._fn(y_true, y_pred, **self._fn_kwargs),
                                    sample_weight=sample_weight)

    def get_config(self):
        return {**super().get_config(), **self._fn_kwargs}


def _wrapper(class_name, fn, default_name, params=()):
    """A ``MeanMetricWrapper`` subclass with Keras's constructor ``(name, dtype, *params)``."""
    def __init__(self, name=default_name, dtype=None, **kwargs):
        extra = {p: kwargs.pop(p, d) for p, d in params}
        if kwargs:
            raise TypeError(f"{class_name}.__init__() got an unexpected keyword argument "
                            f"'{next(iter(kwargs))}'")
        MeanMetricWrapper.__init__(self, fn, name=name, dtype=dtype, **extra)
        for p, v in extra.items():
            setattr(self, p, v)
    return type(class_name, (MeanMetricWrapper,), {"__init__": __init__,
                                                  "__module__": __name__,
                                                  "__doc__": f"``keras.metrics.{class_name}``."})


Accuracy = _wrapper("Accuracy", _accuracy, "accuracy")
BinaryAccuracy = _wrapper("BinaryAccuracy", binary_accuracy, "binary_accuracy",
                          (("threshold", 0.5),))
CategoricalAccuracy = _wrapper("CategoricalAccuracy", categorical_accuracy,
                               "categorical_accuracy")
SparseCategoricalAccuracy = _wrapper("SparseCategoricalAccuracy", sparse_categorical_accuracy,
                                     "sparse_categorical_accuracy")
MeanSquaredError = _wrapper("MeanSquaredError", _losses.mse, "mean_squared_error")
MeanAbsoluteError = _wrapper("MeanAbsoluteError", _losses.mae, "mean_absolute_error")
BinaryCrossentropy = _wrapper("BinaryCrossentropy", _losses.binary_crossentropy,
                              "binary_crossentropy",
                              (("from_logits", False), ("label_smoothing", 0)))
CategoricalCrossentropy = _wrapper("CategoricalCrossentropy", _losses.categorical_crossentropy,
                                   "categorical_crossentropy",
                                   (("from_logits", False), ("label_smoothing", 0),
                                    ("axis", -1)))
SparseCategoricalCrossentropy = _wrapper(
    "SparseCategoricalCrossentropy", _losses.sparse_categorical_crossentropy,
    "sparse_categorical_crossentropy", (("from_logits", False), ("axis", -1)))
MeanAbsolutePercentageError = _wrapper("MeanAbsolutePercentageError", _losses.mape,
                                       "mean_absolute_percentage_error")
MeanSquaredLogarithmicError = _wrapper("MeanSquaredLogarithmicError", _losses.msle,
                                       "mean_squared_logarithmic_error")
Hinge = _wrapper("Hinge", _losses.hinge, "hinge")
SquaredHinge = _wrapper("SquaredHinge", _losses.squared_hinge, "squared_hinge")
CategoricalHinge = _wrapper("CategoricalHinge", _losses.categorical_hinge, "categorical_hinge")
KLDivergence = _wrapper("KLDivergence", _losses.kld, "kl_divergence")
Poisson = _wrapper("Poisson", _losses.poisson, "poisson")
LogCoshError = _wrapper("LogCoshError", _losses.logcosh, "logcosh")


# ---- confusion counts over thresholds ---------------------------------------------------------

def _confusion_update(metric, y_true, y_pred, thresholds, sample_weight, top_k=None,
                      class_id=None, label_weights=None):
    """Keras's ``update_confusion_matrix_variables`` (one label axis flattened): adds the
    weighted true/false positive/negative counts at each threshold (prediction > threshold)."""
    d = metric._dtype
    t, p = nat(y_true, d), nat(y_pred, d)
    p, t = _same_rank(p, t)
    w = None
    if sample_weight is not None:
        w = ivy.expand_dims(nat(sample_weight, d), axis=-1)
        _, w = _same_rank(t, w, expand_rank_1=False)
    if top_k is not None:
        k = min(int(top_k), p.shape[-1])
        kth = ivy.sort(p, axis=-1)[..., p.shape[-1] - k:p.shape[-1] - k + 1]
        p = ivy.where(ivy.greater_equal(p, kth), p, _c(p, NEG_INF))
    if class_id is not None:
        if len(p.shape) == 1:
            raise ValueError(f"When class_id is provided, y_pred must be a 2D array with shape "
                             f"(num_samples, num_classes), found shape: {tuple(p.shape)}")
        t, p = t[..., class_id:class_id + 1], p[..., class_id:class_id + 1]
    weight = ivy.ones(tuple(p.shape), dtype=d) if w is None else \
        ivy.broadcast_to(w, tuple(p.shape))
    if label_weights is not None:
        weight = ivy.multiply(weight, ivy.broadcast_to(nat(label_weights, d), tuple(p.shape)))
    p, weight = ivy.reshape(p, (1, -1)), ivy.reshape(weight, (1, -1))
    true = ivy.reshape(ivy.not_equal(t, _c(t, 0)), (1, -1))
    pos = ivy.greater(p, ivy.reshape(ivy.asarray(np.asarray(thresholds), dtype=d), (-1, 1)))
    zero = _c(weight, 0)
    for name, cond in (("true_positives", ivy.logical_and(true, pos)),
                       ("false_positives", ivy.logical_and(ivy.logical_not(true), pos)),
                       ("true_negatives", ivy.logical_and(ivy.logical_not(true),
                                                          ivy.logical_not(pos))),
                       ("false_negatives", ivy.logical_and(true, ivy.logical_not(pos)))):
        var = getattr(metric, name, None)
        if var is not None:
            metric._add(var, ivy.sum(ivy.where(cond, weight, zero), axis=1))


class _Thresholded(Metric):
    """``Precision``/``Recall``: counts at ``thresholds`` (default 0.5; ``top_k`` alone:
    any positive prediction), a scalar for one threshold."""
    _COUNTS = ()

    def __init__(self, thresholds=None, top_k=None, class_id=None, name=None, dtype=None):
        super().__init__(dtype=dtype, name=name)
        default = 0.5 if top_k is None else NEG_INF
        self.init_thresholds = thresholds
        self.thresholds = [default] if thresholds is None else \
            [float(thresholds)] if np.ndim(thresholds) == 0 else [float(v) for v in thresholds]
        for v in self.thresholds:
            if not 0 <= v <= 1 and thresholds is not None:
                raise ValueError(f"Threshold values must be in [0, 1]. Received: {thresholds}")
        self.top_k, self.class_id = top_k, class_id
        for c in self._COUNTS:
            setattr(self, c, self.add_variable((len(self.thresholds),), name=c))

    def update_state(self, y_true, y_pred, sample_weight=None):
        _confusion_update(self, y_true, y_pred, self.thresholds, sample_weight, self.top_k,
                          self.class_id)

    def result(self):
        tp = nat(self.true_positives)
        other = nat(getattr(self, self._COUNTS[1]))
        out = _divide_no_nan(tp, ivy.add(tp, other))
        return wrap(out[0] if len(self.thresholds) == 1 else out)

    def get_config(self):
        return {"name": self.name, "dtype": self._dtype, "thresholds": self.init_thresholds,
                "top_k": self.top_k, "class_id": self.class_id}


class Precision(_Thresholded):
    """``keras.metrics.Precision``: true positives / predicted positives."""
    _COUNTS = ("true_positives", "false_positives")


class Recall(_Thresholded):
    """``keras.metrics.Recall``: true positives / actual positives."""
    _COUNTS = ("true_positives", "false_negatives")


for _cls, _counts in (("TruePositives", "true_positives"),
                      ("FalsePositives", "false_positives"),
                      ("TrueNegatives", "true_negatives"),
                      ("FalseNegatives", "false_negatives")):
    def _init(self, thresholds=None, name=None, dtype=None, counts=_counts):
        Metric.__init__(self, dtype=dtype, name=name)
        self.init_thresholds = thresholds
        self.thresholds = [0.5] if thresholds is None else \
            [float(thresholds)] if np.ndim(thresholds) == 0 else [float(v) for v in thresholds]
        self.accumulator = self.add_variable((len(self.thresholds),), name="accumulator")
        setattr(self, counts, self.accumulator)

    def _result(self):
        a = nat(self.accumulator)
        return wrap(a[0] if len(self.thresholds) == 1 else a)
    globals()[_cls] = type(_cls, (Metric,), {
        "__init__": _init, "result": _result, "__module__": __name__,
        "update_state": lambda self, y_true, y_pred, sample_weight=None: _confusion_update(
            self, y_true, y_pred, self.thresholds, sample_weight),
        "__doc__": f"``keras.metrics.{_cls}``."})
del _cls, _counts


_CURVES = {"roc": "ROC", "pr": "PR"}
_SUMMATIONS = ("interpolation", "minoring", "majoring")


class AUC(Metric):
    """``keras.metrics.AUC``: the ROC or PR curve's area from confusion counts at
    ``num_thresholds`` thresholds (Keras's Riemann sums; PR interpolation per Davis &
    Goadrich)."""

    def __init__(self, num_thresholds=200, curve="ROC", summation_method="interpolation",
                 name=None, dtype=None, thresholds=None, multi_label=False, num_labels=None,
                 label_weights=None, from_logits=False):
        if multi_label:
            raise NotImplementedError("keras.metrics.AUC(multi_label=True) is not supported by "
                                      "ivy's tensorflow frontend")
        if num_labels:
            raise ValueError("`num_labels` is needed only when `multi_label` is True.")
        if str(curve).lower() not in _CURVES:
            raise ValueError(f'Invalid AUCCurve value: "{curve}". Expected values are '
                             f'["PR", "ROC"]')
        if str(summation_method).lower() not in _SUMMATIONS:
            raise ValueError(f'Invalid AUCSummationMethod value: "{summation_method}". '
                             f'Expected values are ["interpolation", "majoring", '
                             f'"minoring"]')
        if thresholds is not None:
            self.num_thresholds = len(thresholds) + 2
            inner = sorted(float(v) for v in thresholds)
        else:
            if num_thresholds <= 1:
                raise ValueError(f"Argument `num_thresholds` must be an integer > 1. "
                                 f"Received: num_thresholds={num_thresholds}")
            self.num_thresholds = num_thresholds
            inner = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
        self._thresholds = np.array([0.0 - EPSILON] + inner + [1.0 + EPSILON])
        self.curve = _CURVES[str(curve).lower()]
        self.summation_method = str(summation_method).lower()
        super().__init__(dtype=dtype, name=name)
        self.multi_label, self.num_labels = False, None
        self.label_weights = label_weights
        self._from_logits = from_logits
        for c in ("true_positives", "false_positives", "true_negatives", "false_negatives"):
            setattr(self, c, self.add_variable((self.num_thresholds,), name=c))

    @property
    def thresholds(self):
        return list(self._thresholds)

    def update_state(self, y_true, y_pred, sample_weight=None):
        p = nat(y_pred)
        if self._from_logits:
            p = ivy.sigmoid(p)
        _confusion_update(self, y_true, p, self._thresholds, sample_weight,
                          label_weights=self.label_weights)

    def _interpolate_pr_auc(self, tp, fp, fn):
        n = self.num_thresholds
        dtp = ivy.subtract(tp[:n - 1], tp[1:])
        p = ivy.add(tp, fp)
        dp = ivy.subtract(p[:n - 1], p[1:])
        slope = _divide_no_nan(dtp, ivy.maximum(dp, _c(dp, 0)))
        intercept = ivy.subtract(tp[1:], ivy.multiply(slope, p[1:]))
        both = ivy.logical_and(ivy.greater(p[:n - 1], _c(p, 0)), ivy.greater(p[1:], _c(p, 0)))
        ratio = ivy.where(both, _divide_no_nan(p[:n - 1], ivy.maximum(p[1:], _c(p, 0))),
                          _c(p, 1))
        inc = _divide_no_nan(ivy.multiply(slope, ivy.add(dtp, ivy.multiply(intercept,
                                                                            ivy.log(ratio)))),
                             ivy.maximum(ivy.add(tp[1:], fn[1:]), _c(tp, 0)))
        return ivy.sum(inc)

    def result(self):
        tp, fp = nat(self.true_positives), nat(self.false_positives)
        tn, fn = nat(self.true_negatives), nat(self.false_negatives)
        n = self.num_thresholds
        if self.curve == "PR" and self.summation_method == "interpolation":
            return wrap(self._interpolate_pr_auc(tp, fp, fn))
        recall = _divide_no_nan(tp, ivy.add(tp, fn))
        if self.curve == "ROC":
            x, y = _divide_no_nan(fp, ivy.add(fp, tn)), recall
        else:
            x, y = recall, _divide_no_nan(tp, ivy.add(tp, fp))
        if self.summation_method == "interpolation":
            heights = ivy.divide(ivy.add(y[:n - 1], y[1:]), _c(y, 2.0))
        elif self.summation_method == "minoring":
            heights = ivy.minimum(y[:n - 1], y[1:])
        else:
            heights = ivy.maximum(y[:n - 1], y[1:])
        return wrap(ivy.sum(ivy.multiply(ivy.subtract(x[:n - 1], x[1:]), heights)))

    def get_config(self):
        return {"num_thresholds": self.num_thresholds, "curve": self.curve,
                "summation_method": self.summation_method, "multi_label": False,
                "num_labels": None, "label_weights": self.label_weights,
                "thresholds": [float(v) for v in self._thresholds[1:-1]],
                "from_logits": self._from_logits, "name": self.name, "dtype": self._dtype}


# ---- intersection over union ------------------------------------------------------------------

class IoU(Metric):
    """``keras.metrics.IoU``: intersection over union of ``target_class_ids`` from a weighted
    confusion matrix (rows true classes, columns predicted), averaged over the classes
    present."""

    def __init__(self, num_classes, target_class_ids, name=None, dtype=None, ignore_class=None,
                 sparse_y_true=True, sparse_y_pred=True, axis=-1):
        super().__init__(dtype=dtype or "int64", name=name)     # Keras's "int"
        if max(target_class_ids) >= num_classes:
            raise ValueError(f"Target class id {max(target_class_ids)} is out of range, which "
                             f"is [0, {num_classes}).")
        self.num_classes, self.target_class_ids = num_classes, list(target_class_ids)
        self.ignore_class, self.axis = ignore_class, axis
        self.sparse_y_true, self.sparse_y_pred = sparse_y_true, sparse_y_pred
        self.total_cm = self.add_variable((num_classes, num_classes), name="total_confusion_matrix")

    def update_state(self, y_true, y_pred, sample_weight=None):
        d = self._dtype
        t, p = nat(y_true), nat(y_pred)
        if not self.sparse_y_true:
            t = ivy.argmax(t, axis=self.axis)
        if not self.sparse_y_pred:
            p = ivy.argmax(p, axis=self.axis)
        t, p = ivy.reshape(ivy.astype(t, d), (-1,)), ivy.reshape(ivy.astype(p, d), (-1,))
        w = ivy.reshape(nat(1 if sample_weight is None else sample_weight, d), (-1,))
        w = ivy.broadcast_to(w, tuple(t.shape))
        n = _c(t, self.num_classes)
        ok = ivy.logical_and(
            ivy.logical_and(ivy.greater_equal(t, _c(t, 0)), ivy.less(t, n)),
            ivy.logical_and(ivy.greater_equal(p, _c(p, 0)), ivy.less(p, n)))
        if self.ignore_class is not None:
            ok = ivy.logical_and(ok, ivy.not_equal(t, _c(t, self.ignore_class)))
        w = ivy.where(ok, w, _c(w, 0))
        # the weighted confusion matrix as one-hot(true)^T @ one-hot(pred), in float64 (exact
        # for integer counts; integer matmul is not on every backend)
        classes = ivy.arange(self.num_classes, dtype="int64")
        onehot_t = ivy.astype(ivy.equal(ivy.expand_dims(ivy.astype(t, "int64"), axis=1),
                                        classes), "float64")
        onehot_p = ivy.astype(ivy.equal(ivy.expand_dims(ivy.astype(p, "int64"), axis=1),
                                        classes), "float64")
        w = ivy.expand_dims(ivy.astype(w, "float64"), axis=1)
        cm = ivy.matmul(ivy.permute_dims(ivy.multiply(onehot_t, w), (1, 0)), onehot_p)
        self._add(self.total_cm, cm)

    def result(self):
        cm = nat(self.total_cm)
        tp = ivy.diagonal(cm)
        denom = ivy.subtract(ivy.add(ivy.sum(cm, axis=0), ivy.sum(cm, axis=1)), tp)
        ids = ivy.asarray(self.target_class_ids, dtype="int64")
        tp = ivy.astype(ivy.take(tp, ids, axis=0), "float32")
        denom = ivy.astype(ivy.take(denom, ids, axis=0), "float32")
        valid = ivy.greater(denom, _c(denom, 1e-9))
        iou = ivy.where(valid, ivy.divide(tp, ivy.add(denom, _c(denom, EPSILON))),
                        _c(tp, 0))
        count = ivy.sum(ivy.astype(valid, "float32"))
        return wrap(ivy.divide(ivy.sum(iou, axis=self.axis), ivy.add(count, _c(count, EPSILON))))

    def get_config(self):
        return {"num_classes": self.num_classes, "target_class_ids": self.target_class_ids,
                "name": self.name, "dtype": self._dtype, "ignore_class": self.ignore_class,
                "sparse_y_true": self.sparse_y_true, "sparse_y_pred": self.sparse_y_pred,
                "axis": self.axis}


class MeanIoU(IoU):
    """``keras.metrics.MeanIoU``: ``IoU`` over every class."""

    def __init__(self, num_classes, name=None, dtype=None, ignore_class=None,
                 sparse_y_true=True, sparse_y_pred=True, axis=-1):
        super().__init__(num_classes, list(range(num_classes)), name=name, dtype=dtype,
                         ignore_class=ignore_class, sparse_y_true=sparse_y_true,
                         sparse_y_pred=sparse_y_pred, axis=axis)

    def get_config(self):
        config = super().get_config()
        del config["target_class_ids"]
        return config


# ---- lookup -----------------------------------------------------------------------------------

# which way is better, for callbacks monitoring a metric in mode "auto"
for _cls in (Accuracy, BinaryAccuracy, CategoricalAccuracy, SparseCategoricalAccuracy, AUC,
             Precision, Recall, IoU, TruePositives, TrueNegatives):  # noqa: F821
    _cls._direction = "up"
for _cls in (MeanSquaredError, MeanAbsoluteError, MeanAbsolutePercentageError,
             MeanSquaredLogarithmicError, Hinge, SquaredHinge, CategoricalHinge, KLDivergence,
             Poisson, LogCoshError, BinaryCrossentropy, CategoricalCrossentropy,
             SparseCategoricalCrossentropy, FalsePositives, FalseNegatives):  # noqa: F821
    _cls._direction = "down"
del _cls

# the loss functions ``tf.keras.metrics`` names too
mse = MSE = _losses.mse
mae = MAE = _losses.mae
mape = MAPE = _losses.mape
msle = MSLE = _losses.msle
kld = KLD = kullback_leibler_divergence = _losses.kld
logcosh = _losses.logcosh
hinge, squared_hinge, categorical_hinge = _losses.hinge, _losses.squared_hinge, \
    _losses.categorical_hinge
huber, poisson = _losses.huber, _losses.poisson
binary_crossentropy = _losses.binary_crossentropy
binary_focal_crossentropy = _losses.binary_focal_crossentropy
categorical_crossentropy = _losses.categorical_crossentropy
sparse_categorical_crossentropy = _losses.sparse_categorical_crossentropy

_CLASSES = {c.__name__: c for c in (
    Mean, Sum, Accuracy, BinaryAccuracy, CategoricalAccuracy, SparseCategoricalAccuracy,
    MeanSquaredError, MeanAbsoluteError, MeanAbsolutePercentageError,
    MeanSquaredLogarithmicError, Hinge, SquaredHinge, CategoricalHinge, KLDivergence, Poisson,
    LogCoshError, BinaryCrossentropy, CategoricalCrossentropy, SparseCategoricalCrossentropy,
    Precision, Recall, AUC, IoU, MeanIoU, TruePositives, FalsePositives,  # noqa: F821
    TrueNegatives, FalseNegatives)}  # noqa: F821
# Keras 3 finds a metric by its class name, the class's snake-case name or these aliases
_BY_NAME = {**_CLASSES, **{snake_case(k): c for k, c in _CLASSES.items()},
            "mse": MeanSquaredError, "MSE": MeanSquaredError, "mae": MeanAbsoluteError,
            "MAE": MeanAbsoluteError, "mape": MeanAbsolutePercentageError,
            "MAPE": MeanAbsolutePercentageError, "msle": MeanSquaredLogarithmicError,
            "MSLE": MeanSquaredLogarithmicError}


def get(identifier):
    """A metric: a name gives an instance of its class (Keras 3), a callable stays itself."""
    if identifier is None:
        return None
    if isinstance(identifier, str):
        if identifier in _BY_NAME:
            return _BY_NAME[identifier]()
        raise ValueError(f"Could not interpret metric identifier: {identifier}")
    if isinstance(identifier, dict):
        return _CLASSES[identifier["class_name"]].from_config(identifier.get("config", {}))
    if callable(identifier):
        return identifier
    raise ValueError(f"Could not interpret metric identifier: {identifier}")


def serialize(metric):
    return {"module": "keras.metrics", "class_name": type(metric).__name__,
            "config": metric.get_config(), "registered_name": None}


def deserialize(config, custom_objects=None):
    return get(config)
