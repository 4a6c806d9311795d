"""``torch.nn`` dropout modules."""
from .. import functional as F
from .module import Module

__all__ = ["Dropout", "Dropout1d", "Dropout2d", "Dropout3d", "AlphaDropout",
           "FeatureAlphaDropout"]


class _DropoutNd(Module):
    __constants__ = ["p", "inplace"]

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p = p
        self.inplace = inplace

    def extra_repr(self):
        return f"p={self.p}, inplace={self.inplace}"


def _dropout(name, fn, passes_inplace=True):
    def forward(self, input):
        if passes_inplace:
            return fn(input, self.p, self.training, self.inplace)
        return fn(input, self.p, self.training)
    return type(name, (_DropoutNd,), {"forward": forward, "__module__": __name__,
                                      "__doc__": f"Implements ``torch.nn.{name}``."})


Dropout = _dropout("Dropout", F.dropout)
Dropout1d = _dropout("Dropout1d", F.dropout1d)
Dropout2d = _dropout("Dropout2d", F.dropout2d)
Dropout3d = _dropout("Dropout3d", F.dropout3d)
AlphaDropout = _dropout("AlphaDropout", F.alpha_dropout, False)
FeatureAlphaDropout = _dropout("FeatureAlphaDropout", F.feature_alpha_dropout, False)
