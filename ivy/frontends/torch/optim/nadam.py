"""``torch.optim.NAdam``."""
from .._creation import zeros_like
from .optimizer import Optimizer, _check, _scalar_state, _value

__all__ = ["NAdam"]


class NAdam(Optimizer):
    """Implements ``torch.optim.NAdam`` (torch's ``_single_tensor_nadam``; ``mu_product`` is a
    float32 state tensor, as in torch)."""

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 momentum_decay=4e-3, decoupled_weight_decay=False, *, foreach=None,
                 maximize=False, capturable=False, differentiable=False):
        _check(0.0 <= lr, f"Invalid learning rate: {lr}")
        _check(0.0 <= eps, f"Invalid epsilon value: {eps}")
        _check(0.0 <= betas[0] < 1.0, f"Invalid beta parameter at index 0: {betas[0]}")
        _check(0.0 <= betas[1] < 1.0, f"Invalid beta parameter at index 1: {betas[1]}")
        _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")
        _check(0.0 <= momentum_decay, f"Invalid momentum_decay value: {momentum_decay}")
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps,
                                  "weight_decay": weight_decay, "momentum_decay": momentum_decay,
                                  "decoupled_weight_decay": decoupled_weight_decay,
                                  "maximize": maximize, "foreach": foreach,
                                  "capturable": capturable, "differentiable": differentiable})

    def _init_state(self, p, grad, group):
        return {"step": _scalar_state(0.0), "mu_product": _scalar_state(1.0),
                "exp_avg": zeros_like(p), "exp_avg_sq": zeros_like(p)}

    def _update(self, param, grad, state, group):
        beta1, beta2 = group["betas"]
        lr, wd, eps, momentum_decay = (_value(group["lr"]), group["weight_decay"], group["eps"],
                                       group["momentum_decay"])
        grad = grad if not group["maximize"] else -grad
        exp_avg, exp_avg_sq, mu_product = state["exp_avg"], state["exp_avg_sq"], state["mu_product"]
        state["step"].add_(1)
        step = _value(state["step"])
        bias_correction2 = 1 - beta2 ** step
        if wd != 0:
            if group["decoupled_weight_decay"]:
                param.mul_(1 - lr * wd)
            else:
                grad = grad.add(param, alpha=wd)
        mu = beta1 * (1.0 - 0.5 * (0.96 ** (step * momentum_decay)))
        mu_next = beta1 * (1.0 - 0.5 * (0.96 ** ((step + 1) * momentum_decay)))
        mu_product.mul_(mu)
        exp_avg.lerp_(grad, 1 - beta1)
        exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        denom = exp_avg_sq.div(bias_correction2).sqrt()
        mu_product_next = _value(mu_product) * mu_next
        denom.add_(eps)
        param.addcdiv_(grad, denom, value=(-lr * (1.0 - mu) / (1.0 - _value(mu_product))))
        param.addcdiv_(exp_avg, denom, value=(-lr * mu_next) / (1.0 - mu_product_next))
