"""``torch.optim.Rprop``."""
from .._creation import full_like, zeros_like
from .optimizer import Optimizer, _check, _scalar_state, _value

__all__ = ["Rprop"]


class Rprop(Optimizer):
    """Implements ``torch.optim.Rprop`` (torch's ``_single_tensor_rprop``)."""

    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *,
                 capturable=False, foreach=None, maximize=False, differentiable=False):
        _check(0.0 <= lr, f"Invalid learning rate: {lr}")
        _check(0.0 < etas[0] < 1.0 < etas[1], f"Invalid eta values: {etas[0]}, {etas[1]}")
        super().__init__(params, {"lr": lr, "etas": etas, "step_sizes": step_sizes,
                                  "foreach": foreach, "maximize": maximize,
                                  "differentiable": differentiable, "capturable": capturable})

    def _init_state(self, p, grad, group):
        return {"step": _scalar_state(0.0), "prev": zeros_like(p),
                "step_size": full_like(grad, _value(group["lr"]))}

    def _update(self, param, grad, state, group):
        etaminus, etaplus = group["etas"]
        step_size_min, step_size_max = group["step_sizes"]
        grad = grad if not group["maximize"] else -grad
        prev, step_size = state["prev"], state["step_size"]
        state["step"].add_(1)
        sign = grad.mul(prev).sign()
        sign.masked_fill_(sign.gt(0), etaplus)
        sign.masked_fill_(sign.lt(0), etaminus)
        sign.masked_fill_(sign.eq(0), 1)
        step_size.mul_(sign).clamp_(step_size_min, step_size_max)
        grad = grad.clone()
        grad.masked_fill_(sign.eq(etaminus), 0)
        param.addcmul_(grad.sign(), step_size, value=-1)
        prev.copy_(grad)
