"""``torch.optim.Adamax``."""
from .._creation import zeros_like
from .optimizer import Optimizer, _check, _scalar_state, _value

__all__ = ["Adamax"]


class Adamax(Optimizer):
    """Implements ``torch.optim.Adamax`` (torch's ``_single_tensor_adamax``)."""

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 foreach=None, *, maximize=False, differentiable=False, capturable=False):
        _check(0.0 <= lr, f"Invalid learning rate: {lr}")
        _check(0.0 <= eps, f"Invalid epsilon value: {eps}")
        _check(0.0 <= betas[0] < 1.0, f"Invalid beta parameter at index 0: {betas[0]}")
        _check(0.0 <= betas[1] < 1.0, f"Invalid beta parameter at index 1: {betas[1]}")
        _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps,
                                  "weight_decay": weight_decay, "foreach": foreach,
                                  "maximize": maximize, "differentiable": differentiable,
                                  "capturable": capturable})

    def _init_state(self, p, grad, group):
        return {"step": _scalar_state(0.0), "exp_avg": zeros_like(p), "exp_inf": zeros_like(p)}

    def _update(self, param, grad, state, group):
        beta1, beta2 = group["betas"]
        exp_avg, exp_inf = state["exp_avg"], state["exp_inf"]
        grad = grad if not group["maximize"] else -grad
        state["step"].add_(1)
        if group["weight_decay"] != 0:
            grad = grad.add(param, alpha=group["weight_decay"])
        exp_avg.lerp_(grad, 1 - beta1)
        exp_inf.copy_(exp_inf.mul_(beta2).maximum(grad.abs().add_(group["eps"])))
        clr = _value(group["lr"]) / (1 - beta1 ** _value(state["step"]))
        param.addcdiv_(exp_avg, exp_inf, value=-clr)
