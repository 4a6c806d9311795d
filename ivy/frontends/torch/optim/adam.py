"""``torch.optim.Adam``."""
from .._creation import zeros_like
from .._tensor import Tensor
from .optimizer import Optimizer, _check, _scalar_state, _validate_flags, _value

__all__ = ["Adam"]


def _check_adam(lr, betas, eps, weight_decay):
    _check(0.0 <= lr, f"Invalid learning rate: {lr}")
    _check(0.0 <= eps, f"Invalid epsilon value: {eps}")
    _check(0.0 <= betas[0] < 1.0, f"Invalid beta parameter at index 0: {betas[0]}")
    _check(0.0 <= betas[1] < 1.0, f"Invalid beta parameter at index 1: {betas[1]}")
    _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")


class Adam(Optimizer):
    """Implements ``torch.optim.Adam`` (torch's ``_single_tensor_adam``)."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0,
                 amsgrad=False, *, foreach=None, maximize=False, capturable=False,
                 differentiable=False, fused=None, decoupled_weight_decay=False):
        _check_adam(lr, betas, eps, weight_decay)
        defaults = {"lr": lr, "betas": tuple(map(_value, betas)), "eps": eps,
                    "weight_decay": weight_decay, "amsgrad": amsgrad, "maximize": maximize,
                    "foreach": foreach, "capturable": capturable, "differentiable": differentiable,
                    "fused": fused, "decoupled_weight_decay": decoupled_weight_decay}
        super().__init__(params, defaults)
        _validate_flags(defaults)

    def _init_state(self, p, grad, group):
        state = {"step": _scalar_state(0.0), "exp_avg": zeros_like(p),
                 "exp_avg_sq": zeros_like(p)}
        if group["amsgrad"]:
            state["max_exp_avg_sq"] = zeros_like(p)
        return state

    def _update(self, param, grad, state, group):
        """torch's single-tensor step, writing each tensor once: here an in-place op is the op
        out of place plus a copy into the tensor, and torch's chains (``mul_(beta2).addcmul_``,
        ``mul_`` then ``addcdiv_`` on the parameter) give the same numbers out of place. The
        moment estimates, which only the optimizer makes, take their new values by ``.data =``
        (no copy); the parameter, which views or tied modules may share, is written in place."""
        beta1, beta2 = group["betas"]
        lr, wd, eps = _value(group["lr"]), group["weight_decay"], group["eps"]
        grad = grad if not group["maximize"] else -grad
        exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
        state["step"].add_(1)
        decayed = param
        if wd != 0:
            if group["decoupled_weight_decay"]:
                decayed = param.mul(1 - lr * wd)
            else:
                grad = grad.add(param, alpha=wd)
        exp_avg.data = exp_avg.lerp(grad, 1 - beta1)
        exp_avg_sq.data = exp_avg_sq.mul(beta2).addcmul(grad, grad, value=1 - beta2)
        step = _value(state["step"])
        bias_correction1 = 1 - beta1 ** step
        bias_correction2 = 1 - beta2 ** step
        step_size = lr / bias_correction1
        bias_correction2_sqrt = bias_correction2 ** 0.5
        if group["amsgrad"]:
            state["max_exp_avg_sq"].data = state["max_exp_avg_sq"].maximum(exp_avg_sq)
            denom = (state["max_exp_avg_sq"].sqrt() / bias_correction2_sqrt).add(eps)
        else:
            denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add(eps)
        if isinstance(step_size, Tensor):     # traced (``_value``): addcdiv's value as a tensor
            param.copy_(decayed.add(exp_avg.div(denom).mul(step_size.neg())))
        else:
            param.copy_(decayed.addcdiv(exp_avg, denom, value=-step_size))
