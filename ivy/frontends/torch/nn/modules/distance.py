"""``torch.nn`` PairwiseDistance and CosineSimilarity."""
from .. import functional as F
from .utils import make_module, store


def _pairwise_init(self, p, eps, keepdim):
    store(self, norm=p, eps=eps, keepdim=keepdim)      # torch stores ``p`` as ``norm``


PairwiseDistance = make_module(
    "PairwiseDistance", "p=2.0, eps=1e-06, keepdim=False",
    lambda self, x1, x2: F.pairwise_distance(x1, x2, self.norm, self.eps, self.keepdim),
    init=_pairwise_init, module=__name__)
CosineSimilarity = make_module(
    "CosineSimilarity", "dim=1, eps=1e-08",
    lambda self, x1, x2: F.cosine_similarity(x1, x2, self.dim, self.eps), module=__name__)

__all__ = ["PairwiseDistance", "CosineSimilarity"]
