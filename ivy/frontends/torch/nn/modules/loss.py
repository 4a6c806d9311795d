"""``torch.nn`` loss modules: one table of (constructor parameters, forward) over the functional
losses. ``weight``/``pos_weight`` are buffers, as in torch (they appear in ``state_dict``)."""
import warnings

from .. import functional as F
from .module import Module
from .utils import make_module

_LEGACY = ("size_average and reduce args will be deprecated, please use reduction='{}' instead.")


def _legacy_reduction(size_average, reduce):
    """``torch.nn._reduction.legacy_get_string``."""
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    ret = "mean" if size_average and reduce else "sum" if reduce else "none"
    warnings.warn(_LEGACY.format(ret), stacklevel=3)
    return ret


def _loss_init(self, size_average=None, reduce=None, reduction="mean", **rest):
    Module.__init__(self)
    self.reduction = (_legacy_reduction(size_average, reduce)
                      if size_average is not None or reduce is not None else reduction)
    for name in ("weight", "pos_weight"):
        if name in rest:
            self.register_buffer(name, rest.pop(name))
    for k, v in rest.items():
        setattr(self, k, v)


class _Loss(Module):
    def __init__(self, size_average=None, reduce=None, reduction="mean"):
        _loss_init(self, size_average, reduce, reduction)


class _WeightedLoss(_Loss):
    def __init__(self, weight=None, size_average=None, reduce=None, reduction="mean"):
        _loss_init(self, size_average, reduce, reduction, weight=weight)


_PLAIN = "size_average=None, reduce=None, reduction='mean'"
_WEIGHTED = "weight=None, size_average=None, reduce=None, reduction='mean'"

# name: (base, __init__ parameters, forward)
_TABLE = {
    "L1Loss": (_Loss, _PLAIN, lambda self, input, target: F.l1_loss(
        input, target, reduction=self.reduction)),
    "MSELoss": (_Loss, _PLAIN, lambda self, input, target: F.mse_loss(
        input, target, reduction=self.reduction)),
    "NLLLoss": (_WeightedLoss, "weight=None, size_average=None, ignore_index=-100, reduce=None, "
                               "reduction='mean'",
                lambda self, input, target: F.nll_loss(
                    input, target, weight=self.weight, ignore_index=self.ignore_index,
                    reduction=self.reduction)),
    "PoissonNLLLoss": (_Loss, "log_input=True, full=False, size_average=None, eps=1e-08, "
                              "reduce=None, reduction='mean'",
                       lambda self, log_input, target: F.poisson_nll_loss(
                           log_input, target, log_input=self.log_input, full=self.full,
                           eps=self.eps, reduction=self.reduction)),
    "GaussianNLLLoss": (_Loss, "*, full=False, eps=1e-06, reduction='mean'",
                        lambda self, input, target, var: F.gaussian_nll_loss(
                            input, target, var, full=self.full, eps=self.eps,
                            reduction=self.reduction)),
    "KLDivLoss": (_Loss, _PLAIN + ", log_target=False",
                  lambda self, input, target: F.kl_div(
                      input, target, reduction=self.reduction, log_target=self.log_target)),
    "BCELoss": (_WeightedLoss, _WEIGHTED, lambda self, input, target: F.binary_cross_entropy(
        input, target, weight=self.weight, reduction=self.reduction)),
    "BCEWithLogitsLoss": (_Loss, _WEIGHTED + ", pos_weight=None",
                          lambda self, input, target: F.binary_cross_entropy_with_logits(
                              input, target, self.weight, pos_weight=self.pos_weight,
                              reduction=self.reduction)),
    "HingeEmbeddingLoss": (_Loss, "margin=1.0, " + _PLAIN,
                           lambda self, input, target: F.hinge_embedding_loss(
                               input, target, margin=self.margin, reduction=self.reduction)),
    "MultiLabelMarginLoss": (_Loss, _PLAIN, lambda self, input, target: F.multilabel_margin_loss(
        input, target, reduction=self.reduction)),
    "SmoothL1Loss": (_Loss, _PLAIN + ", beta=1.0", lambda self, input, target: F.smooth_l1_loss(
        input, target, reduction=self.reduction, beta=self.beta)),
    "HuberLoss": (_Loss, "reduction='mean', delta=1.0", lambda self, input, target: F.huber_loss(
        input, target, reduction=self.reduction, delta=self.delta)),
    "SoftMarginLoss": (_Loss, _PLAIN, lambda self, input, target: F.soft_margin_loss(
        input, target, reduction=self.reduction)),
    "CrossEntropyLoss": (_WeightedLoss, "weight=None, size_average=None, ignore_index=-100, "
                                        "reduce=None, reduction='mean', label_smoothing=0.0",
                         lambda self, input, target: F.cross_entropy(
                             input, target, weight=self.weight, ignore_index=self.ignore_index,
                             reduction=self.reduction, label_smoothing=self.label_smoothing)),
    "MultiLabelSoftMarginLoss": (_WeightedLoss, _WEIGHTED,
                                 lambda self, input, target: F.multilabel_soft_margin_loss(
                                     input, target, weight=self.weight,
                                     reduction=self.reduction)),
    "CosineEmbeddingLoss": (_Loss, "margin=0.0, " + _PLAIN,
                            lambda self, input1, input2, target: F.cosine_embedding_loss(
                                input1, input2, target, margin=self.margin,
                                reduction=self.reduction)),
    "MarginRankingLoss": (_Loss, "margin=0.0, " + _PLAIN,
                          lambda self, input1, input2, target: F.margin_ranking_loss(
                              input1, input2, target, margin=self.margin,
                              reduction=self.reduction)),
    "MultiMarginLoss": (_WeightedLoss, "p=1, margin=1.0, " + _WEIGHTED,
                        lambda self, input, target: F.multi_margin_loss(
                            input, target, p=self.p, margin=self.margin, weight=self.weight,
                            reduction=self.reduction)),
    "TripletMarginLoss": (_Loss, "margin=1.0, p=2.0, eps=1e-06, swap=False, " + _PLAIN,
                          lambda self, anchor, positive, negative: F.triplet_margin_loss(
                              anchor, positive, negative, margin=self.margin, p=self.p,
                              eps=self.eps, swap=self.swap, reduction=self.reduction)),
    "TripletMarginWithDistanceLoss": (
        _Loss, "*, distance_function=None, margin=1.0, swap=False, reduction='mean'",
        lambda self, anchor, positive, negative: F.triplet_margin_with_distance_loss(
            anchor, positive, negative, distance_function=self.distance_function,
            margin=self.margin, swap=self.swap, reduction=self.reduction)),
    "CTCLoss": (_Loss, "blank=0, reduction='mean', zero_infinity=False",
                lambda self, log_probs, targets, input_lengths, target_lengths: F.ctc_loss(
                    log_probs, targets, input_lengths, target_lengths, self.blank,
                    self.reduction, self.zero_infinity)),
}


def _check_margin(self, **kwargs):
    if kwargs["margin"] <= 0:
        raise ValueError(f"TripletMarginWithDistanceLoss: expected margin to be greater than 0, "
                         f"got {kwargs['margin']} instead")
    _loss_init(self, **kwargs)


def _check_p(self, **kwargs):
    if kwargs["p"] not in (1, 2):
        raise ValueError("only p == 1 and p == 2 supported")
    if kwargs["weight"] is not None and kwargs["weight"].dim() != 1:
        raise ValueError(f"MultiMarginLoss: expected weight to be None or 1D tensor, got "
                         f"{kwargs['weight'].dim()}D instead")
    _loss_init(self, **kwargs)


def _check_triplet(self, **kwargs):
    if kwargs["margin"] <= 0:
        raise ValueError(f"TripletMarginLoss: expected margin to be greater than 0, got "
                         f"{kwargs['margin']} instead")
    _loss_init(self, **kwargs)


_INITS = {"TripletMarginWithDistanceLoss": _check_margin, "MultiMarginLoss": _check_p,
          "TripletMarginLoss": _check_triplet}

for _name, (_base, _params, _forward) in _TABLE.items():
    globals()[_name] = make_module(_name, _params, _forward, base=_base,
                                   init=_INITS.get(_name, _loss_init), module=__name__)
del _name, _base, _params, _forward

NLLLoss2d = make_module("NLLLoss2d", None, NLLLoss.forward, base=NLLLoss,  # noqa: F821
                        module=__name__)

__all__ = [*_TABLE, "NLLLoss2d"]
