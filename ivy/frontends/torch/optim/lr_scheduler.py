"""``torch.optim.lr_scheduler``: learning-rate (and momentum) schedules on frontend optimizers.

``LRScheduler`` keeps torch's bookkeeping (``initial_lr``, ``base_lrs``, ``last_epoch``, the step
counter, ``state_dict``); a scheduler only says what the learning rate of one parameter group
becomes at ``self.last_epoch``:

* ``_factor(i)``: torch's chainable form, the current lr times this factor (most schedulers);
* ``_lr(i, lr, base)``: the new lr from the current one and the group's base lr, when the
  schedule is not a product (lambdas, cosine, cyclic, one-cycle);
* ``_closed(base)``: the closed form, used where torch uses it (``step(epoch)``).

As in torch, the chainable forms leave the lr alone on the initial step of a resumed scheduler
(``last_epoch`` given), except those counting from a fixed step (StepLR, MultiStepLR, ConstantLR).

The chainable forms are kept where torch uses them, since the products round differently from the
closed forms and torch's numbers are reproduced to the last bit.
"""
import math
import types
import warnings
from bisect import bisect_right
from collections import Counter

from .._tensor import Tensor
from .optimizer import Optimizer

__all__ = ["LambdaLR", "MultiplicativeLR", "StepLR", "MultiStepLR", "ConstantLR", "LinearLR",
           "ExponentialLR", "SequentialLR", "CosineAnnealingLR", "ChainedScheduler",
           "ReduceLROnPlateau", "CyclicLR", "CosineAnnealingWarmRestarts", "OneCycleLR",
           "PolynomialLR", "LRScheduler"]

_DOCS = "See more details at https://pytorch.org/docs/stable/optim.html#how-to-adjust-learning-rate"
_MSG_ORDER = ("Detected call of `lr_scheduler.step()` before `optimizer.step()`. In PyTorch 1.1.0 "
              "and later, you should call them in the opposite order: `optimizer.step()` before "
              "`lr_scheduler.step()`.  Failure to do this will result in PyTorch skipping the "
              "first value of the learning rate schedule. " + _DOCS)
_MSG_OVERRIDDEN = ("Seems like `optimizer.step()` has been overridden after learning rate "
                   "scheduler initialization. Please, make sure to call `optimizer.step()` before "
                   "`lr_scheduler.step()`. " + _DOCS)
_MSG_EPOCH = ("The epoch parameter in `scheduler.step()` was not necessary and is being deprecated "
              "where possible. Please use `scheduler.step()` to step the scheduler. During the "
              "deprecation, if epoch is different from None, the closed form is used instead of "
              "the new chainable form, where available. Please open an issue if you are unable to "
              "replicate your use case: https://github.com/pytorch/pytorch/issues/new/choose.")


def _set_lr(group, value, key="lr"):
    if isinstance(group[key], Tensor):
        group[key].fill_(value)
    else:
        group[key] = value


def _per_group(name, optimizer, value):
    """One value per parameter group: a list/tuple of the right length, or a value repeated."""
    n = len(optimizer.param_groups)
    if isinstance(value, (list, tuple)):
        if len(value) != n:
            raise ValueError(f"expected {n} values for {name}, got {len(value)}")
        return list(value)
    return [value] * n


def _set_momentum(group, value, use_beta1):
    if use_beta1:
        group["betas"] = (value, *group["betas"][1:])
    else:
        group["momentum"] = value


def _check_optimizer(optimizer):
    if not isinstance(optimizer, Optimizer):
        raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")


class LRScheduler:
    """Implements ``torch.optim.lr_scheduler.LRScheduler``."""

    _get_lr_called_within_step = False
    _state_skip = ("optimizer",)     # attributes left out of state_dict()

    def __init__(self, optimizer, last_epoch=-1):
        _check_optimizer(optimizer)
        self.optimizer = optimizer
        groups = optimizer.param_groups
        for i, group in enumerate(groups):
            if last_epoch == -1:
                lr = group["lr"]
                group.setdefault("initial_lr", lr.clone() if isinstance(lr, Tensor) else lr)
            elif "initial_lr" not in group:
                raise KeyError(f"param 'initial_lr' is not specified in param_groups[{i}] when "
                               "resuming an optimizer")
        self.base_lrs = [group["initial_lr"] for group in groups]
        self.last_epoch = last_epoch
        if not getattr(optimizer, "_lr_sched_tracked", False):
            # our Optimizer.step sets ``_opt_called``; count only calls made from now on
            optimizer._opt_called, optimizer._lr_sched_tracked = False, True
        self._initial_step()

    def _initial_step(self):
        self._step_count = 0
        self._is_initial = True
        try:
            self.step()
        finally:
            self._is_initial = False

    # -- the schedule ----------------------------------------------------------------------------
    def _factor(self, i):
        raise NotImplementedError

    def _lr(self, i, lr, base):
        return lr * self._factor(i)

    def get_lr(self):
        if not self._get_lr_called_within_step:
            warnings.warn("To get the last learning rate computed by the scheduler, please use "
                          "`get_last_lr()`.", UserWarning, stacklevel=2)
        return [self._lr(i, group["lr"], base)
                for i, (group, base) in enumerate(zip(self.optimizer.param_groups, self.base_lrs))]

    def get_last_lr(self):
        return self._last_lr

    def step(self, epoch=None):
        if self._step_count == 1:
            if "step" in vars(self.optimizer):
                warnings.warn(_MSG_OVERRIDDEN, UserWarning, stacklevel=2)
            elif not getattr(self.optimizer, "_opt_called", False):
                warnings.warn(_MSG_ORDER, UserWarning, stacklevel=2)
        self._step_count += 1
        self._get_lr_called_within_step = True
        try:
            if epoch is None:
                self.last_epoch += 1
                values = self.get_lr()
            else:
                warnings.warn(_MSG_EPOCH, UserWarning, stacklevel=2)
                self.last_epoch = epoch
                values = ([self._closed(base) for base in self.base_lrs]
                          if hasattr(self, "_closed") else self.get_lr())
        finally:
            self._get_lr_called_within_step = False
        self._update_lr(values)

    def _update_lr(self, values):
        for group, lr in zip(self.optimizer.param_groups, values):
            _set_lr(group, lr)
        self._last_lr = [group["lr"] for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self):
        return [self._closed(base) for base in self.base_lrs]

    # -- state -----------------------------------------------------------------------------------
    def state_dict(self):
        return {k: v for k, v in self.__dict__.items() if k not in self._state_skip}

    def load_state_dict(self, state_dict):
        self.__dict__.update(state_dict)


class _LRScheduler(LRScheduler):
    pass


def _callable_state(fn):
    """A callable's picklable state as torch saves it: None for plain functions and lambdas."""
    return None if isinstance(fn, types.FunctionType) else fn.__dict__.copy()


class _LambdaBase(LRScheduler):
    _state_skip = ("optimizer", "lr_lambdas")

    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        _check_optimizer(optimizer)
        n = len(optimizer.param_groups)
        if isinstance(lr_lambda, (list, tuple)):
            if len(lr_lambda) != n:
                raise ValueError(f"Expected {n} lr_lambdas, but got {len(lr_lambda)}")
            self.lr_lambdas = list(lr_lambda)
        else:
            self.lr_lambdas = [lr_lambda] * n
        super().__init__(optimizer, last_epoch)

    def state_dict(self):
        return {**super().state_dict(), "lr_lambdas": [_callable_state(f) for f in self.lr_lambdas]}

    def load_state_dict(self, state_dict):
        state_dict = dict(state_dict)
        saved = state_dict.pop("lr_lambdas")
        super().load_state_dict(state_dict)
        for fn, fn_state in zip(self.lr_lambdas, saved):
            if fn_state is not None:
                fn.__dict__.update(fn_state)


class LambdaLR(_LambdaBase):
    """lr = initial lr * lr_lambda(epoch)."""

    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        super().__init__(optimizer, lr_lambda, last_epoch)

    def _lr(self, i, lr, base):
        return base * self.lr_lambdas[i](self.last_epoch)


class MultiplicativeLR(_LambdaBase):
    """lr *= lr_lambda(epoch) from the first step on."""

    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        super().__init__(optimizer, lr_lambda, last_epoch)

    def _factor(self, i):
        return self.lr_lambdas[i](self.last_epoch) if self.last_epoch > 0 and not self._is_initial \
            else 1


class StepLR(LRScheduler):
    def __init__(self, optimizer, step_size, gamma=0.1, last_epoch=-1):
        self.step_size, self.gamma = step_size, gamma
        super().__init__(optimizer, last_epoch)

    def _factor(self, i):
        e = self.last_epoch
        return self.gamma if e != 0 and e % self.step_size == 0 else 1

    def _closed(self, base):
        return base * self.gamma ** (self.last_epoch // self.step_size)


class MultiStepLR(LRScheduler):
    def __init__(self, optimizer, milestones, gamma=0.1, last_epoch=-1):
        self.milestones, self.gamma = Counter(milestones), gamma
        super().__init__(optimizer, last_epoch)

    def _factor(self, i):
        hits = self.milestones[self.last_epoch] if self.last_epoch in self.milestones else 0
        return self.gamma ** hits if hits else 1

    def _closed(self, base):
        passed = bisect_right(sorted(self.milestones.elements()), self.last_epoch)
        return base * self.gamma ** passed


class ConstantLR(LRScheduler):
    def __init__(self, optimizer, factor=1.0 / 3, total_iters=5, last_epoch=-1):
        if factor > 1.0 or factor < 0:
            raise ValueError("Constant multiplicative factor expected to be between 0 and 1.")
        self.factor, self.total_iters = factor, total_iters
        super().__init__(optimizer, last_epoch)

    def _factor(self, i):
        e = self.last_epoch
        return self.factor if e == 0 else (1.0 / self.factor if e == self.total_iters else 1)

    def _closed(self, base):
        return base * (self.factor + (self.last_epoch >= self.total_iters) * (1 - self.factor))


class LinearLR(LRScheduler):
    def __init__(self, optimizer, start_factor=1.0 / 3, end_factor=1.0, total_iters=5,
                 last_epoch=-1):
        if start_factor > 1.0 or start_factor <= 0:
            raise ValueError("Starting multiplicative factor expected to be greater than 0 and "
                             "less or equal to 1.")
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError("Ending multiplicative factor expected to be between 0 and 1.")
        self.start_factor, self.end_factor, self.total_iters = start_factor, end_factor, total_iters
        super().__init__(optimizer, last_epoch)

    def _factor(self, i):
        e, s, d = self.last_epoch, self.start_factor, self.end_factor - self.start_factor
        if e == 0:
            return s
        if e > self.total_iters or self._is_initial:
            return 1
        return 1.0 + d / (self.total_iters * s + (e - 1) * d)

    def _closed(self, base):
        frac = min(self.total_iters, self.last_epoch) / self.total_iters
        return base * (self.start_factor + (self.end_factor - self.start_factor) * frac)


class ExponentialLR(LRScheduler):
    def __init__(self, optimizer, gamma, last_epoch=-1):
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def _factor(self, i):
        return self.gamma if self.last_epoch != 0 and not self._is_initial else 1

    def _closed(self, base):
        return base * self.gamma ** self.last_epoch


class PolynomialLR(LRScheduler):
    def __init__(self, optimizer, total_iters=5, power=1.0, last_epoch=-1):
        self.total_iters, self.power = total_iters, power
        super().__init__(optimizer, last_epoch)

    def _factor(self, i):
        e, t = self.last_epoch, self.total_iters
        if e == 0 or e > t or self._is_initial:
            return 1
        return ((1.0 - e / t) / (1.0 - (e - 1) / t)) ** self.power

    def _closed(self, base):
        frac = min(self.total_iters, self.last_epoch) / self.total_iters
        return base * (1.0 - frac) ** self.power


class CosineAnnealingLR(LRScheduler):
    def __init__(self, optimizer, T_max, eta_min=0.0, last_epoch=-1):
        self.T_max, self.eta_min = T_max, eta_min
        super().__init__(optimizer, last_epoch)

    def _lr(self, i, lr, base):
        e, T, lo = self.last_epoch, self.T_max, self.eta_min
        if e == 0 or self._is_initial:
            return lr
        if (e - 1 - T) % (2 * T) == 0:           # the bottom of a period: climb back
            return lr + (base - lo) * (1 - math.cos(math.pi / T)) / 2
        ratio = (1 + math.cos(math.pi * e / T)) / (1 + math.cos(math.pi * (e - 1) / T))
        return ratio * (lr - lo) + lo

    def _closed(self, base):
        lo = self.eta_min
        return lo + (base - lo) * (1 + math.cos(math.pi * self.last_epoch / self.T_max)) / 2


class _Composite(LRScheduler):
    """Shared by SequentialLR and ChainedScheduler: the children's states are saved with ours."""

    _state_skip = ("optimizer", "_schedulers")

    def _check_children(self, schedulers, optimizer, cls_name):
        if len(schedulers) < 1:
            raise ValueError(f"{cls_name} expects at least one scheduler, but got no scheduler.")
        for i, s in enumerate(schedulers):
            if not hasattr(s, "optimizer"):
                raise TypeError(f"{cls_name} at index {i} should have `optimizer` as its "
                                "attribute.")
            if isinstance(s, ReduceLROnPlateau):
                raise ValueError(f"{cls_name} does not support `ReduceLROnPlateau` scheduler as it "
                                 "requires additional kwargs to be specified when calling `step`, "
                                 f"but got one at index {i} in the given schedulers sequence.")
            if s.optimizer is not optimizer:
                raise ValueError(f"{cls_name} expects all schedulers to belong to the same "
                                 f"optimizer, but got scheduler {type(s).__name__} at index {i} "
                                 "has a different optimizer than the first one.")

    def state_dict(self):
        return {**super().state_dict(), "_schedulers": [s.state_dict() for s in self._schedulers]}

    def load_state_dict(self, state_dict):
        state_dict = dict(state_dict)
        saved = state_dict.pop("_schedulers")
        self.__dict__.update(state_dict)
        for s, s_state in zip(self._schedulers, saved):
            s.load_state_dict(s_state)


class SequentialLR(_Composite):
    """Hands over from one scheduler to the next at each milestone."""

    def __init__(self, optimizer, schedulers, milestones, last_epoch=-1):
        _check_optimizer(optimizer)
        self._check_children(schedulers, optimizer, "Sequential Schedulers")
        if len(milestones) != len(schedulers) - 1:
            raise ValueError("Sequential Schedulers expects number of schedulers provided to be "
                             f"one more than the number of milestone points, but got number of "
                             f"schedulers {len(schedulers)} and the number of milestones to be "
                             f"equal to {len(milestones)}")
        self._schedulers, self._milestones = list(schedulers), list(milestones)
        self.last_epoch, self.optimizer = last_epoch + 1, optimizer
        for group in optimizer.param_groups:      # undo the children's initial steps
            _set_lr(group, group["initial_lr"])
        self.recursive_undo()
        self._schedulers[0]._initial_step()
        self._last_lr = self._schedulers[0].get_last_lr()

    def recursive_undo(self, sched=None):
        for s in self._schedulers if sched is None else sched:
            if hasattr(s, "_schedulers"):
                self.recursive_undo(s._schedulers)
            elif hasattr(s, "last_epoch"):
                s.last_epoch -= 1

    def step(self):
        self.last_epoch += 1
        k = bisect_right(self._milestones, self.last_epoch)
        current = self._schedulers[k]
        if k > 0 and self._milestones[k - 1] == self.last_epoch:
            current.step(0)
        else:
            current.step()
        self._last_lr = current.get_last_lr()


class ChainedScheduler(_Composite):
    """Steps every scheduler, one after the other, on each step."""

    def __init__(self, schedulers, optimizer=None):
        if len(schedulers) < 1:
            raise ValueError("ChainedScheduler expects at least one scheduler to be chained, but "
                             "got no scheduler.")
        optimizer = optimizer or schedulers[0].optimizer
        self._check_children(schedulers, optimizer, "ChainedScheduler")
        self._schedulers, self.optimizer = schedulers, optimizer
        self._last_lr = [group["lr"] for group in self._schedulers[-1].optimizer.param_groups]

    def step(self):
        for s in self._schedulers:
            s.step()
        self._last_lr = [group["lr"] for group in self._schedulers[-1].optimizer.param_groups]


# mode -> (worst value, is `a` better than `best` for (threshold_mode, threshold))
_PLATEAU = {
    "min": (math.inf, {"rel": lambda a, best, t: a < best * (1.0 - t),
                       "abs": lambda a, best, t: a < best - t}),
    "max": (-math.inf, {"rel": lambda a, best, t: a > best * (t + 1.0),
                        "abs": lambda a, best, t: a > best + t}),
}


class ReduceLROnPlateau(LRScheduler):
    """Multiplies the lr by ``factor`` once the metric has stopped improving for ``patience``
    steps, then waits ``cooldown`` steps."""

    def __init__(self, optimizer, mode="min", factor=0.1, patience=10, threshold=1e-4,
                 threshold_mode="rel", cooldown=0, min_lr=0, eps=1e-8):
        if factor >= 1.0:
            raise ValueError("Factor should be < 1.0.")
        _check_optimizer(optimizer)
        self.factor, self.optimizer = factor, optimizer
        n = len(optimizer.param_groups)
        if isinstance(min_lr, (list, tuple)):
            if len(min_lr) != n:
                raise ValueError(f"expected {n} min_lrs, got {len(min_lr)}")
            self.default_min_lr, self.min_lrs = None, list(min_lr)
        else:
            self.default_min_lr, self.min_lrs = min_lr, [min_lr] * n
        self.patience, self.cooldown, self.eps = patience, cooldown, eps
        self.last_epoch = 0
        self._last_lr = [group["lr"] for group in optimizer.param_groups]
        self._init_is_better(mode, threshold, threshold_mode)
        self._reset()

    def _init_is_better(self, mode, threshold, threshold_mode):
        if mode not in _PLATEAU:
            raise ValueError("mode " + mode + " is unknown!")
        if threshold_mode not in ("rel", "abs"):
            raise ValueError("threshold mode " + threshold_mode + " is unknown!")
        self.mode_worse = _PLATEAU[mode][0]
        self.mode, self.threshold, self.threshold_mode = mode, threshold, threshold_mode

    def _reset(self):
        self.best, self.cooldown_counter, self.num_bad_epochs = self.mode_worse, 0, 0

    def _is_better(self, a, best):
        return _PLATEAU[self.mode][1][self.threshold_mode](a, best, self.threshold)

    @property
    def in_cooldown(self):
        return self.cooldown_counter > 0

    def step(self, metrics, epoch=None):
        current = float(metrics)
        if epoch is None:
            epoch = self.last_epoch + 1
        else:
            warnings.warn(_MSG_EPOCH, UserWarning, stacklevel=2)
        self.last_epoch = epoch
        if self._is_better(current, self.best):
            self.best, self.num_bad_epochs = current, 0
        else:
            self.num_bad_epochs += 1
        if self.in_cooldown:
            self.cooldown_counter -= 1
            self.num_bad_epochs = 0
        if self.num_bad_epochs > self.patience:
            self._reduce_lr(epoch)
            self.cooldown_counter, self.num_bad_epochs = self.cooldown, 0
        self._last_lr = [group["lr"] for group in self.optimizer.param_groups]

    def _reduce_lr(self, epoch):
        groups = self.optimizer.param_groups
        if len(groups) != len(self.min_lrs):
            if self.default_min_lr is None:
                raise RuntimeError("The number of param groups in the `optimizer` "
                                   f"({len(groups)}) differs from when `ReduceLROnPlateau` was "
                                   f"initialized ({len(self.min_lrs)}), usually due to a new "
                                   "param group being added to the optimizer. Please modify the "
                                   "`min_lrs` field to match the length of the `optimizer` param "
                                   "groups.")
            self.min_lrs = [self.default_min_lr] * len(groups)
        for group, min_lr in zip(groups, self.min_lrs):
            old = float(group["lr"])
            new = max(old * self.factor, min_lr)
            if old - new > self.eps:
                _set_lr(group, new)

    def load_state_dict(self, state_dict):
        self.__dict__.update(state_dict)
        self._init_is_better(self.mode, self.threshold, self.threshold_mode)


# mode -> (scale function of (gamma, x), what x counts)
_CYCLIC_MODES = {
    "triangular": (lambda gamma, x: 1.0, "cycle"),
    "triangular2": (lambda gamma, x: 1 / (2.0 ** (x - 1)), "cycle"),
    "exp_range": (lambda gamma, x: gamma ** x, "iterations"),
}


class CyclicLR(LRScheduler):
    """Triangular cycles between ``base_lr`` and ``max_lr`` (momentum cycles the other way)."""

    def __init__(self, optimizer, base_lr, max_lr, step_size_up=2000, step_size_down=None,
                 mode="triangular", gamma=1.0, scale_fn=None, scale_mode="cycle",
                 cycle_momentum=True, base_momentum=0.8, max_momentum=0.9, last_epoch=-1):
        _check_optimizer(optimizer)
        base_lrs = _per_group("base_lr", optimizer, base_lr)
        if last_epoch == -1:
            for lr, group in zip(base_lrs, optimizer.param_groups):
                _set_lr(group, lr)
        self.max_lrs = _per_group("max_lr", optimizer, max_lr)
        up = float(step_size_up)
        down = float(step_size_down) if step_size_down is not None else up
        self.total_size = up + down
        self.step_ratio = up / self.total_size
        if mode not in _CYCLIC_MODES and scale_fn is None:
            raise ValueError("mode is invalid and scale_fn is None")
        self.mode, self.gamma = mode, gamma
        self._scale_fn_custom, self.scale_mode = scale_fn, scale_mode
        self._init_scale_fn()
        self.cycle_momentum = cycle_momentum
        if cycle_momentum:
            if "momentum" not in optimizer.defaults and "betas" not in optimizer.defaults:
                raise ValueError("optimizer must support momentum or beta1 with `cycle_momentum` "
                                 "option enabled")
            self.use_beta1 = "betas" in optimizer.defaults
            bases = _per_group("base_momentum", optimizer, base_momentum)
            maxes = _per_group("max_momentum", optimizer, max_momentum)
            if last_epoch == -1:
                for hi, lo, group in zip(maxes, bases, optimizer.param_groups):
                    _set_momentum(group, hi, self.use_beta1)
                    group["max_momentum"], group["base_momentum"] = hi, lo
            self.base_momentums = [g["base_momentum"] for g in optimizer.param_groups]
            self.max_momentums = [g["max_momentum"] for g in optimizer.param_groups]
        super().__init__(optimizer, last_epoch)
        self.base_lrs = base_lrs

    def _init_scale_fn(self):
        if self._scale_fn_custom is None:
            self.scale_mode = _CYCLIC_MODES[self.mode][1]

    def scale_fn(self, x):
        if self._scale_fn_custom is not None:
            return self._scale_fn_custom(x)
        return _CYCLIC_MODES[self.mode][0](self.gamma, x)

    def _position(self):
        """(scale at this step, fraction of the way up the current half-cycle)."""
        e = self.last_epoch
        cycle = math.floor(1 + e / self.total_size)
        x = 1.0 + e / self.total_size - cycle
        up = x / self.step_ratio if x <= self.step_ratio else (x - 1) / (self.step_ratio - 1)
        return self.scale_fn(cycle if self.scale_mode == "cycle" else e), up

    def get_lr(self):
        lrs = super().get_lr()
        if self.cycle_momentum:
            scale, up = self._position()
            for group, lo, hi in zip(self.optimizer.param_groups, self.base_momentums,
                                     self.max_momentums):
                _set_momentum(group, hi - (hi - lo) * up * scale, self.use_beta1)
        return lrs

    def _lr(self, i, lr, base):
        scale, up = self._position()
        return base + (self.max_lrs[i] - base) * up * scale

    def state_dict(self):
        return {**super().state_dict(), "_scale_fn_custom": (
            None if self._scale_fn_custom is None else _callable_state(self._scale_fn_custom))}

    def load_state_dict(self, state_dict):
        state_dict = dict(state_dict)
        fn_state = state_dict.pop("_scale_fn_custom")
        super().load_state_dict(state_dict)
        if fn_state:
            self._scale_fn_custom.__dict__.update(fn_state)
        self._init_scale_fn()


class CosineAnnealingWarmRestarts(LRScheduler):
    """Cosine annealing restarted every ``T_i`` epochs, ``T_i`` growing by ``T_mult``."""

    def __init__(self, optimizer, T_0, T_mult=1, eta_min=0.0, last_epoch=-1):
        if T_0 <= 0 or not isinstance(T_0, int):
            raise ValueError(f"Expected positive integer T_0, but got {T_0}")
        if T_mult < 1 or not isinstance(T_mult, int):
            raise ValueError(f"Expected integer T_mult >= 1, but got {T_mult}")
        if not isinstance(eta_min, (float, int)):
            raise ValueError(f"Expected float or int eta_min, but got {eta_min} of type "
                             f"{type(eta_min)}")
        self.T_0, self.T_i, self.T_mult, self.eta_min, self.T_cur = T_0, T_0, T_mult, eta_min, \
            last_epoch
        super().__init__(optimizer, last_epoch)

    def _lr(self, i, lr, base):
        lo = self.eta_min
        return lo + (base - lo) * (1 + math.cos(math.pi * self.T_cur / self.T_i)) / 2

    def step(self, epoch=None):
        if epoch is None and self.last_epoch < 0:
            epoch = 0
        if epoch is None:
            epoch = self.last_epoch + 1
            self.T_cur += 1
            if self.T_cur >= self.T_i:       # (modulo: resuming at any last_epoch, as torch)
                self.T_cur, self.T_i = self.T_cur % self.T_i, self.T_i * self.T_mult
        elif epoch < 0:
            raise ValueError(f"Expected non-negative epoch, but got {epoch}")
        elif epoch < self.T_0:
            self.T_i, self.T_cur = self.T_0, epoch
        elif self.T_mult == 1:
            self.T_cur = epoch % self.T_0
        else:   # restarts so far: the largest n with T_0 * (T_mult**n - 1) / (T_mult - 1) <= epoch
            n = int(math.log(epoch / self.T_0 * (self.T_mult - 1) + 1, self.T_mult))
            self.T_cur = epoch - self.T_0 * (self.T_mult ** n - 1) / (self.T_mult - 1)
            self.T_i = self.T_0 * self.T_mult ** n
        self.last_epoch = math.floor(epoch)
        self._get_lr_called_within_step = True
        try:
            values = self.get_lr()
        finally:
            self._get_lr_called_within_step = False
        self._update_lr(values)


_ANNEAL = {
    "cos": lambda start, end, pct: end + (start - end) / 2.0 * (math.cos(math.pi * pct) + 1),
    "linear": lambda start, end, pct: (end - start) * pct + start,
}


class OneCycleLR(LRScheduler):
    """The 1cycle policy: warm up to ``max_lr``, anneal down (optionally back to the initial lr
    first), with momentum moving the opposite way."""

    def __init__(self, optimizer, max_lr, total_steps=None, epochs=None, steps_per_epoch=None,
                 pct_start=0.3, anneal_strategy="cos", cycle_momentum=True, base_momentum=0.85,
                 max_momentum=0.95, div_factor=25.0, final_div_factor=1e4, three_phase=False,
                 last_epoch=-1):
        _check_optimizer(optimizer)
        if total_steps is not None:
            if total_steps <= 0 or not isinstance(total_steps, int):
                raise ValueError(f"Expected positive integer total_steps, but got {total_steps}")
            self.total_steps = total_steps
        elif epochs is not None and steps_per_epoch is not None:
            if not isinstance(epochs, int) or epochs <= 0:
                raise ValueError(f"Expected positive integer epochs, but got {epochs}")
            if not isinstance(steps_per_epoch, int) or steps_per_epoch <= 0:
                raise ValueError(f"Expected positive integer steps_per_epoch, but got "
                                 f"{steps_per_epoch}")
            self.total_steps = epochs * steps_per_epoch
        else:
            raise ValueError("You must define either total_steps OR (epochs AND steps_per_epoch)")
        if pct_start < 0 or pct_start > 1 or not isinstance(pct_start, float):
            raise ValueError(f"Expected float between 0 and 1 pct_start, but got {pct_start}")
        if anneal_strategy not in _ANNEAL:
            raise ValueError("anneal_strategy must be one of 'cos' or 'linear', instead got "
                             f"{anneal_strategy}")
        up_end, last = float(pct_start * self.total_steps) - 1, self.total_steps - 1
        # (end step, lr from, lr to, momentum from, momentum to)
        rows = ([(up_end, "initial_lr", "max_lr", "max_momentum", "base_momentum"),
                 (float(2 * pct_start * self.total_steps) - 2, "max_lr", "initial_lr",
                  "base_momentum", "max_momentum"),
                 (last, "initial_lr", "min_lr", "max_momentum", "max_momentum")] if three_phase
                else [(up_end, "initial_lr", "max_lr", "max_momentum", "base_momentum"),
                      (last, "max_lr", "min_lr", "base_momentum", "max_momentum")])
        keys = ("end_step", "start_lr", "end_lr", "start_momentum", "end_momentum")
        self._schedule_phases = [dict(zip(keys, row)) for row in rows]
        self._anneal_func_type = anneal_strategy
        if last_epoch == -1:
            for top, group in zip(_per_group("max_lr", optimizer, max_lr), optimizer.param_groups):
                group["initial_lr"] = top / div_factor
                group["max_lr"] = top
                group["min_lr"] = group["initial_lr"] / final_div_factor
        self.cycle_momentum = cycle_momentum
        if cycle_momentum:
            if "momentum" not in optimizer.defaults and "betas" not in optimizer.defaults:
                raise ValueError("optimizer must support momentum or beta1 with `cycle_momentum` "
                                 "option enabled")
            self.use_beta1 = "betas" in optimizer.defaults
            if last_epoch == -1:
                for hi, lo, group in zip(_per_group("max_momentum", optimizer, max_momentum),
                                         _per_group("base_momentum", optimizer, base_momentum),
                                         optimizer.param_groups):
                    _set_momentum(group, hi, self.use_beta1)
                    group["max_momentum"], group["base_momentum"] = hi, lo
        super().__init__(optimizer, last_epoch)

    def _anneal_func(self, *args):
        return _ANNEAL[self._anneal_func_type](*args)

    def get_lr(self):
        if self.last_epoch > self.total_steps:
            raise ValueError(f"Tried to step {self.last_epoch} times. The specified number of "
                             f"total steps is {self.total_steps}")
        return super().get_lr()

    def _lr(self, i, lr, base):
        group, e, start = self.optimizer.param_groups[i], self.last_epoch, 0
        for k, phase in enumerate(self._schedule_phases):
            end = phase["end_step"]
            if e <= end or k == len(self._schedule_phases) - 1:
                break
            start = end
        pct = (e - start) / (end - start)
        if self.cycle_momentum:
            _set_momentum(group, self._anneal_func(group[phase["start_momentum"]],
                                                   group[phase["end_momentum"]], pct),
                          self.use_beta1)
        return self._anneal_func(group[phase["start_lr"]], group[phase["end_lr"]], pct)
