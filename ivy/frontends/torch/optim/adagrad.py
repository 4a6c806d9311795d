"""``torch.optim.Adagrad``."""
from .._creation import full_like
from .optimizer import Optimizer, _check, _scalar_state, _validate_flags, _value

__all__ = ["Adagrad"]


class Adagrad(Optimizer):
    """Implements ``torch.optim.Adagrad`` (state created at construction, as torch does)."""

    _eager_state = True

    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0,
                 eps=1e-10, foreach=None, *, maximize=False, differentiable=False, fused=None):
        _check(0.0 <= lr, f"Invalid learning rate: {lr}")
        _check(0.0 <= lr_decay, f"Invalid lr_decay value: {lr_decay}")
        _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")
        _check(0.0 <= initial_accumulator_value,
               f"Invalid initial_accumulator_value value: {initial_accumulator_value}")
        _check(0.0 <= eps, f"Invalid epsilon value: {eps}")
        defaults = {"lr": lr, "lr_decay": lr_decay, "eps": eps, "weight_decay": weight_decay,
                    "initial_accumulator_value": initial_accumulator_value, "foreach": foreach,
                    "maximize": maximize, "differentiable": differentiable, "fused": fused}
        super().__init__(params, defaults)
        _validate_flags(defaults)

    def _init_state(self, p, grad, group):
        return {"step": _scalar_state(0.0),
                "sum": full_like(p, group["initial_accumulator_value"])}

    def _update(self, param, grad, state, group):
        state["step"].add_(1)
        step = _value(state["step"])
        grad = grad if not group["maximize"] else -grad
        if group["weight_decay"] != 0:
            grad = grad.add(param, alpha=group["weight_decay"])
        clr = _value(group["lr"]) / (1 + (step - 1) * group["lr_decay"])
        state["sum"].addcmul_(grad, grad, value=1)
        std = state["sum"].sqrt().add_(group["eps"])
        param.addcdiv_(grad, std, value=-clr)
