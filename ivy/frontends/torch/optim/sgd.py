"""``torch.optim.SGD``."""
from .optimizer import Optimizer, _check, _validate_flags, _value

__all__ = ["SGD"]


class SGD(Optimizer):
    """Implements ``torch.optim.SGD`` (torch's ``_single_tensor_sgd``)."""

    def __init__(self, params, lr=1e-3, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
                 maximize=False, foreach=None, differentiable=False, fused=None):
        _check(0.0 <= lr, f"Invalid learning rate: {lr}")
        _check(0.0 <= momentum, f"Invalid momentum value: {momentum}")
        _check(0.0 <= weight_decay, f"Invalid weight_decay value: {weight_decay}")
        defaults = {"lr": lr, "momentum": momentum, "dampening": dampening,
                    "weight_decay": weight_decay, "nesterov": nesterov, "maximize": maximize,
                    "foreach": foreach, "differentiable": differentiable, "fused": fused}
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, defaults)
        _validate_flags(defaults)

    def step(self, closure=None):
        """Performs a single optimization step (parameters without a gradient are skipped; the
        momentum buffer is created from the first gradient)."""
        loss = None
        if closure is not None:
            loss = closure()
        for group in self.param_groups:
            momentum, wd, lr = group["momentum"], group["weight_decay"], _value(group["lr"])
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad = p.grad if not group["maximize"] else -p.grad
                if wd != 0:
                    grad = grad.add(p, alpha=_value(wd))
                if momentum != 0:
                    state = self.state[p]
                    buf = state.get("momentum_buffer")
                    if buf is None:
                        buf = grad.detach().clone()
                        state["momentum_buffer"] = buf
                    else:
                        buf.mul_(momentum).add_(grad, alpha=1 - group["dampening"])
                    grad = grad.add(buf, alpha=momentum) if group["nesterov"] else buf
                p.add_(grad, alpha=-lr)
        return loss
