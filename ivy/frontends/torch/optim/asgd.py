"""``torch.optim.ASGD``."""
from .._creation import zeros_like
from .optimizer import Optimizer, _check, _scalar_state, _value

__all__ = ["ASGD"]


class ASGD(Optimizer):
    """Implements ``torch.optim.ASGD`` (torch's ``_single_tensor_asgd``; ``eta`` and ``mu`` are
    float32 state tensors, as in torch)."""

    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0,
                 foreach=None, maximize=False, differentiable=False, capturable=False):
        _check(0.0 <= lr, f"Invalid learning rate: {lr}")
        _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")
        super().__init__(params, {"lr": lr, "lambd": lambd, "alpha": alpha, "t0": t0,
                                  "weight_decay": weight_decay, "foreach": foreach,
                                  "maximize": maximize, "differentiable": differentiable,
                                  "capturable": capturable})

    def _init_state(self, p, grad, group):
        return {"step": _scalar_state(0.0), "eta": _scalar_state(_value(group["lr"])),
                "mu": _scalar_state(1.0), "ax": zeros_like(p)}

    def _update(self, param, grad, state, group):
        lr, lambd, alpha, t0 = _value(group["lr"]), group["lambd"], group["alpha"], group["t0"]
        grad = grad if not group["maximize"] else -grad
        mu, ax, eta = state["mu"], state["ax"], state["eta"]
        state["step"].add_(1)
        if group["weight_decay"] != 0:
            grad = grad.add(param, alpha=group["weight_decay"])
        eta_value = _value(eta)
        param.mul_(1 - lambd * eta_value)
        param.add_(grad, alpha=-eta_value)
        if _value(mu) != 1:
            ax.add_(param.sub(ax).mul_(mu))
        else:
            ax.copy_(param)
        step = _value(state["step"])
        eta.copy_(_scalar_state(lr / ((1 + lambd * lr * step) ** alpha)))
        mu.copy_(_scalar_state(1 / max(1, step - t0)))
