"""``torch.optim.Adadelta``."""
from .._creation import zeros_like
from .optimizer import Optimizer, _check, _scalar_state, _value

__all__ = ["Adadelta"]


class Adadelta(Optimizer):
    """Implements ``torch.optim.Adadelta`` (torch's ``_single_tensor_adadelta``)."""

    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0, foreach=None, *,
                 capturable=False, maximize=False, differentiable=False):
        _check(0.0 <= lr, f"Invalid learning rate: {lr}")
        _check(0.0 <= rho <= 1.0, f"Invalid rho value: {rho}")
        _check(0.0 <= eps, f"Invalid epsilon value: {eps}")
        _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")
        super().__init__(params, {"lr": lr, "rho": rho, "eps": eps, "weight_decay": weight_decay,
                                  "maximize": maximize, "capturable": capturable,
                                  "foreach": foreach, "differentiable": differentiable})

    def _init_state(self, p, grad, group):
        return {"step": _scalar_state(0.0), "square_avg": zeros_like(p),
                "acc_delta": zeros_like(p)}

    def _update(self, param, grad, state, group):
        rho, eps = group["rho"], group["eps"]
        square_avg, acc_delta = state["square_avg"], state["acc_delta"]
        state["step"].add_(1)
        grad = grad if not group["maximize"] else -grad
        if group["weight_decay"] != 0:
            grad = grad.add(param, alpha=group["weight_decay"])
        square_avg.mul_(rho).addcmul_(grad, grad, value=1 - rho)
        std = square_avg.add(eps).sqrt_()
        delta = acc_delta.add(eps).sqrt_()
        delta.div_(std).mul_(grad)
        acc_delta.mul_(rho).addcmul_(delta, delta, value=1 - rho)
        param.add_(delta, alpha=-_value(group["lr"]))
