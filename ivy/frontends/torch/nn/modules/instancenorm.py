"""``torch.nn`` InstanceNorm1d/2d/3d."""
import warnings

from .. import functional as F
from .batchnorm import _LazyNormBase, _NormBase

__all__ = ["InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d", "LazyInstanceNorm1d",
           "LazyInstanceNorm2d", "LazyInstanceNorm3d"]


class _InstanceNorm(_NormBase):
    def __init__(self, num_features, eps=1e-05, momentum=0.1, affine=False,
                 track_running_stats=False, device=None, dtype=None, *, bias=True):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, device, dtype,
                         bias=bias)

    def _check_input_dim(self, input):
        if input.dim() not in (self._no_batch_dim, self._no_batch_dim + 1):
            raise ValueError(f"expected {self._no_batch_dim}D or {self._no_batch_dim + 1}D input "
                             f"(got {input.dim()}D input)")

    def _get_no_batch_dim(self):
        return self._no_batch_dim

    def _apply_instance_norm(self, input):
        return F.instance_norm(input, self.running_mean, self.running_var, self.weight, self.bias,
                               self.training or not self.track_running_stats,
                               self.momentum if self.momentum is not None else 0.0, self.eps)

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys,
                              unexpected_keys, error_msgs):
        if local_metadata.get("version", None) is None and not self.track_running_stats:
            keys = [prefix + n for n in ("running_mean", "running_var") if prefix + n in state_dict]
            if keys:
                error_msgs.append(
                    "Unexpected running stats buffer(s) {names} for {klass} with "
                    "track_running_stats=False. If state_dict is a checkpoint saved before 0.4.0, "
                    "this may be expected because {klass} does not track running stats by default "
                    "since 0.4.0. Please remove these keys from state_dict. If the running stats "
                    "are actually needed, instead set track_running_stats=True in {klass} to "
                    "enable them. See the documentation of {klass} for details.".format(
                        names=" and ".join(f'"{k}"' for k in keys),
                        klass=self.__class__.__name__))
                for key in keys:
                    state_dict.pop(key)
        super()._load_from_state_dict(state_dict, prefix, local_metadata, strict, missing_keys,
                                      unexpected_keys, error_msgs)

    def forward(self, input):
        self._check_input_dim(input)
        feature_dim = input.dim() - self._no_batch_dim
        if input.size(feature_dim) != self.num_features:
            if self.affine:
                raise ValueError(f"expected input's size at dim={feature_dim} to match "
                                 f"num_features ({self.num_features}), but got: "
                                 f"{input.size(feature_dim)}.")
            warnings.warn(f"input's size at dim={feature_dim} does not match num_features. You "
                          f"can silence this warning by not passing in num_features, which is "
                          f"not used because affine=False", stacklevel=2)
        if input.dim() == self._no_batch_dim:
            return self._apply_instance_norm(input.unsqueeze(0)).squeeze(0)
        return self._apply_instance_norm(input)


def _instance_norm(nd):
    cls = type(f"InstanceNorm{nd}d", (_InstanceNorm,), {
        "_no_batch_dim": nd + 1, "__module__": __name__,
        "__doc__": f"Implements ``torch.nn.InstanceNorm{nd}d``."})
    return cls


InstanceNorm1d, InstanceNorm2d, InstanceNorm3d = (_instance_norm(n) for n in (1, 2, 3))


def _lazy_instance_norm(base):
    return type("Lazy" + base.__name__, (_LazyNormBase, _InstanceNorm), {
        "cls_to_become": base, "_no_batch_dim": base._no_batch_dim, "__module__": __name__,
        "__doc__": f"Implements ``torch.nn.Lazy{base.__name__}``."})


LazyInstanceNorm1d, LazyInstanceNorm2d, LazyInstanceNorm3d = (
    _lazy_instance_norm(b) for b in (InstanceNorm1d, InstanceNorm2d, InstanceNorm3d))
