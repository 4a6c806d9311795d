"""``torch.distributions.Distribution``: the base class (shapes, argument and sample validation,
``sample`` as ``rsample`` without gradients)."""
from __future__ import annotations

import warnings

from ivy.frontends import torch

from . import constraints
from .utils import _size, lazy_property

__all__ = ["Distribution"]


class Distribution:
    """Implements ``torch.distributions.Distribution``."""
    has_rsample = False
    has_enumerate_support = False
    _validate_args = __debug__

    @staticmethod
    def set_default_validate_args(value):
        if value not in (True, False):
            raise ValueError
        Distribution._validate_args = value

    def __init__(self, batch_shape=(), event_shape=(), validate_args=None):
        self._batch_shape, self._event_shape = _size(batch_shape), _size(event_shape)
        if validate_args is not None:
            self._validate_args = validate_args
        if self._validate_args:
            self._check_parameters()
        super().__init__()

    def _check_parameters(self):
        try:
            arg_constraints = self.arg_constraints
        except NotImplementedError:
            arg_constraints = {}
            warnings.warn(f"{self.__class__} does not define `arg_constraints`. Please set "
                          f"`arg_constraints = {{}}` or initialize the distribution with "
                          f"`validate_args=False` to turn off validation.", stacklevel=3)
        for param, constraint in arg_constraints.items():
            if constraints.is_dependent(constraint):
                continue
            if param not in self.__dict__ and isinstance(getattr(type(self), param),
                                                         lazy_property):
                continue        # not given: computed lazily from the parameter that was
            value = getattr(self, param)
            if not bool(constraint.check(value).all()):
                raise ValueError(f"Expected parameter {param} ({type(value).__name__} of shape "
                                 f"{tuple(value.shape)}) of distribution {self!r} to satisfy "
                                 f"the constraint {constraint!r}, but found invalid "
                                 f"values:\n{value}")

    def expand(self, batch_shape, _instance=None):
        raise NotImplementedError

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def event_shape(self):
        return self._event_shape

    @property
    def arg_constraints(self):
        raise NotImplementedError

    @property
    def support(self):
        raise NotImplementedError

    @property
    def mean(self):
        raise NotImplementedError

    @property
    def mode(self):
        raise NotImplementedError(f"{self.__class__} does not implement mode")

    @property
    def variance(self):
        raise NotImplementedError

    @property
    def stddev(self):
        return self.variance.sqrt()

    def sample(self, sample_shape=()):
        with torch.no_grad():
            return self.rsample(sample_shape)

    def rsample(self, sample_shape=()):
        raise NotImplementedError

    def sample_n(self, n):
        warnings.warn("`sample_n(n)` will be deprecated. Use `sample((n,))` instead.",
                      FutureWarning, stacklevel=2)
        return self.sample(torch.Size((n,)))

    def log_prob(self, value):
        raise NotImplementedError

    def cdf(self, value):
        raise NotImplementedError

    def icdf(self, value):
        raise NotImplementedError

    def enumerate_support(self, expand=True):
        raise NotImplementedError

    def entropy(self):
        raise NotImplementedError

    def perplexity(self):
        return torch.exp(self.entropy())

    def _extended_shape(self, sample_shape=()):
        return _size(tuple(sample_shape) + self._batch_shape + self._event_shape)

    def _validate_sample(self, value):
        if not isinstance(value, torch.Tensor):
            raise ValueError("The value argument to log_prob must be a Tensor")
        shape = tuple(value.size())
        start = len(shape) - len(self._event_shape)
        if shape[start:] != tuple(self._event_shape):
            raise ValueError(f"The right-most size of value must match event_shape: "
                             f"{value.size()} vs {self._event_shape}.")
        expected = tuple(self._batch_shape + self._event_shape)
        for i, j in zip(reversed(shape), reversed(expected)):
            if i != 1 and j != 1 and i != j:
                raise ValueError(f"Value is not broadcastable with batch_shape+event_shape: "
                                 f"{value.size()} vs {_size(expected)}.")
        try:
            support = self.support
        except NotImplementedError:
            warnings.warn(f"{self.__class__} does not define `support` to enable sample "
                          f"validation. Please initialize the distribution with "
                          f"`validate_args=False` to turn off validation.", stacklevel=2)
            return
        if not bool(support.check(value).all()):
            raise ValueError(f"Expected value argument ({type(value).__name__} of shape "
                             f"{tuple(value.shape)}) to be within the support ({support!r}) of "
                             f"the distribution {self!r}, but found invalid values:\n{value}")

    def _get_checked_instance(self, cls, _instance=None):
        if _instance is None and type(self).__init__ != cls.__init__:
            raise NotImplementedError(
                f"Subclass {self.__class__.__name__} of {cls.__name__} that defines a custom "
                f"__init__ method must also define a custom .expand() method.")
        return self.__new__(type(self)) if _instance is None else _instance

    def __repr__(self):
        names = [k for k in self.arg_constraints if k in self.__dict__]
        args = ", ".join(f"{p}: {v if v.numel() == 1 else v.size()}"
                         for p, v in ((p, self.__dict__[p]) for p in names))
        return f"{self.__class__.__name__}({args})"


def _expanded(self, cls, batch_shape, params, _instance=None, event_shape=None):
    """``expand`` of a distribution whose tensor parameters ``params`` (names, or name ->
    trailing shape) broadcast over the batch: a new instance of ``type(self)`` holding views,
    initialized without validation, keeping ``self``'s validation setting."""
    new = self._get_checked_instance(cls, _instance)
    batch_shape = _size(batch_shape)
    for name in params:
        if name in self.__dict__:
            tail = params[name] if isinstance(params, dict) else ()
            setattr(new, name, getattr(self, name).expand(tuple(batch_shape) + tuple(tail)))
    Distribution.__init__(new, batch_shape,
                          self._event_shape if event_shape is None else event_shape,
                          validate_args=False)
    new._validate_args = self._validate_args
    return new


class _LocScale:
    """The location-scale families' shared part (Normal, Laplace, Cauchy): real support, a
    positive scale, ``loc``/``scale`` broadcast together, ``mode`` the location, and ``expand``
    by the family's own class."""
    arg_constraints = {"loc": constraints.real, "scale": constraints.positive}
    support = constraints.real
    has_rsample = True

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if _LocScale in cls.__bases__:
            cls._family = cls

    def __init__(self, loc, scale, validate_args=None):
        from .utils import _Number, broadcast_all
        self.loc, self.scale = broadcast_all(loc, scale)
        scalar = isinstance(loc, _Number) and isinstance(scale, _Number)
        super().__init__(() if scalar else self.loc.size(), validate_args=validate_args)

    def expand(self, batch_shape, _instance=None):
        return _expanded(self, self._family, batch_shape, ("loc", "scale"), _instance)

    @property
    def mode(self):
        return self.loc
