"""``torch.optim.SparseAdam``: the frontend has no sparse gradients, so ``step`` raises torch's
RuntimeError for the dense gradients it gets (as real torch does for dense gradients)."""
from .optimizer import Optimizer, _check

__all__ = ["SparseAdam"]


class SparseAdam(Optimizer):
    """Implements ``torch.optim.SparseAdam`` (construction and validation only)."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, maximize=False):
        _check(0.0 < lr, f"Invalid learning rate: {lr}")
        _check(0.0 < eps, f"Invalid epsilon value: {eps}")
        _check(0.0 <= betas[0] < 1.0, f"Invalid beta parameter at index 0: {betas[0]}")
        _check(0.0 <= betas[1] < 1.0, f"Invalid beta parameter at index 1: {betas[1]}")
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps, "maximize": maximize})
        complex_params = [[i, j] for i, g in enumerate(self.param_groups)
                          for j, p in enumerate(g["params"]) if p.is_complex()]
        if complex_params:
            raise ValueError(f"Complex params at indices {complex_params}: SparseAdam does not "
                             "support complex parameters")

    def _update(self, param, grad, state, group):
        raise RuntimeError("SparseAdam does not support dense gradients, please consider Adam "
                           "instead")
