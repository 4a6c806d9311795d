"""``torch.optim.Optimizer``: parameter groups, per-parameter state, hooks and state dicts.

A concrete optimizer gives its defaults, ``_init_state(p, group)`` (the state torch creates on the
first step of a parameter with a gradient) and ``_update(p, grad, state, group)`` (torch's
single-tensor arithmetic, in the same order, in place on the parameter); ``step`` loops over the
parameters with a gradient as torch does.
"""
import copy
from collections import OrderedDict, defaultdict
from itertools import chain

from ivy.core.trace import tracing as _tracing

from .._misc import enable_grad, no_grad
from .._tensor import Tensor
from ..nn.modules.module import _clear_grad, _install

__all__ = ["Optimizer", "required"]


class _RequiredParameter:
    """The ``required`` marker: a default that each parameter group must override."""

    def __repr__(self):
        return "<required parameter>"


required = _RequiredParameter()

# Per-instance hook tables, created empty by __init__ and restored by __setstate__.
_HOOK_TABLES = ("_optimizer_step_pre_hooks", "_optimizer_step_post_hooks",
                "_optimizer_state_dict_pre_hooks", "_optimizer_state_dict_post_hooks",
                "_optimizer_load_state_dict_pre_hooks", "_optimizer_load_state_dict_post_hooks")

_global_step_pre_hooks = OrderedDict()
_global_step_post_hooks = OrderedDict()


def register_optimizer_step_pre_hook(hook):
    return _install(_global_step_pre_hooks, hook)


def register_optimizer_step_post_hook(hook):
    return _install(_global_step_post_hooks, hook)


def _value(x):
    """torch's ``_to_scalar`` / ``_get_value``: a Python number from a number or 1-element tensor;
    while ``ivy.trace_graph`` records, the tensor itself (as torch's ``_get_value`` under
    ``torch.compile``: the step count is part of the graph, not a constant of it)."""
    if isinstance(x, Tensor):
        return x if _tracing() else x.item()
    return x


def _check(ok, message):
    if not ok:
        raise ValueError(message)


def _scalar_state(value):
    """A 0-d float32 state tensor (torch's ``_get_scalar_dtype()``), e.g. ``state['step']``."""
    from .._creation import tensor
    from .._dtypes import BY_NAME
    return tensor(float(value), dtype=BY_NAME["float32"])


def _step_without_grad(optimizer, step, args, kwargs):
    """torch's updates are not recorded (unless ``differentiable``); a closure re-evaluating the
    loss runs with grad mode on."""
    if any(g.get("differentiable", False) for g in optimizer.param_groups):
        return step(optimizer, *args, **kwargs)
    closure = kwargs.get("closure", args[0] if args else None)
    if closure is not None:
        closure = enable_grad()(closure)
        if "closure" in kwargs:
            kwargs = {**kwargs, "closure": closure}
        else:
            args = (closure,) + tuple(args[1:])
    with no_grad():
        return step(optimizer, *args, **kwargs)


def _hooked_step(step):
    def wrapper(self, *args, **kwargs):
        for hook in chain(_global_step_pre_hooks.values(), self._optimizer_step_pre_hooks.values()):
            result = hook(self, args, kwargs)
            if result is not None:
                if not (isinstance(result, tuple) and len(result) == 2):
                    raise RuntimeError(f"{hook} must return None or a tuple of (new_args, new_kwargs), "
                                       f"but got {result}.")
                args, kwargs = result
        out = _step_without_grad(self, step, args, kwargs)
        self._opt_called = True
        for hook in chain(self._optimizer_step_post_hooks.values(), _global_step_post_hooks.values()):
            hook(self, args, kwargs)
        return out
    wrapper.__wrapped__ = step
    wrapper.__name__, wrapper.__doc__ = step.__name__, step.__doc__
    return wrapper


class Optimizer:
    """Implements ``torch.optim.Optimizer``."""

    _eager_state = False     # Adagrad creates its state at construction

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "step" in cls.__dict__ and not hasattr(cls.__dict__["step"], "__wrapped__"):
            cls.step = _hooked_step(cls.__dict__["step"])

    def __init__(self, params, defaults):
        self.defaults = defaults
        for table in _HOOK_TABLES:
            setattr(self, table, OrderedDict())
        if isinstance(params, Tensor):
            raise TypeError("params argument given to the optimizer should be an iterable of "
                            "Tensors or dicts, but got " + _typename(params))
        self.state = defaultdict(dict)
        self.param_groups = []
        given = list(params)
        if not given:
            raise ValueError("optimizer got an empty parameter list")
        # dicts are groups already; a plain sequence of tensors makes a single group
        for group in given if isinstance(given[0], dict) else [{"params": given}]:
            self.add_param_group(group)
        if self._eager_state:
            for group in self.param_groups:
                for p in group["params"]:
                    self.state[p] = self._init_state(p, None, group)

    def __getstate__(self):
        return {"defaults": self.defaults, "state": self.state, "param_groups": self.param_groups}

    def __setstate__(self, state):
        self.__dict__.update(state)
        for table in _HOOK_TABLES:     # pickles carry no hooks
            self.__dict__.setdefault(table, OrderedDict())
        self.defaults.setdefault("differentiable", False)

    def __repr__(self):
        # one block per group listing its hyper-parameters (not its tensors), keys sorted
        blocks = ["\nParameter Group {}\n".format(index)
                  + "".join(f"    {key}: {group[key]}\n" for key in sorted(group) if key != "params")
                  for index, group in enumerate(self.param_groups)]
        return f"{type(self).__name__} (" + "".join(blocks) + ")"

    # -- hooks -----------------------------------------------------------------------------------
    def _register(self, hooks, hook, prepend=False):
        return _install(hooks, hook, prepend)

    def register_step_pre_hook(self, hook):
        return self._register(self._optimizer_step_pre_hooks, hook)

    def register_step_post_hook(self, hook):
        return self._register(self._optimizer_step_post_hooks, hook)

    def register_state_dict_pre_hook(self, hook, prepend=False):
        return self._register(self._optimizer_state_dict_pre_hooks, hook, prepend)

    def register_state_dict_post_hook(self, hook, prepend=False):
        return self._register(self._optimizer_state_dict_post_hooks, hook, prepend)

    def register_load_state_dict_pre_hook(self, hook, prepend=False):
        return self._register(self._optimizer_load_state_dict_pre_hooks, hook, prepend)

    def register_load_state_dict_post_hook(self, hook, prepend=False):
        return self._register(self._optimizer_load_state_dict_post_hooks, hook, prepend)

    # -- state dicts -----------------------------------------------------------------------------
    def state_dict(self):
        for hook in self._optimizer_state_dict_pre_hooks.values():
            hook(self)
        # Tensors are saved as indices counting parameters across all groups in order; a tensor
        # listed twice keeps the index of its first appearance.
        index_of, packed_groups, position = {}, [], 0
        for group in self.param_groups:
            members = group["params"]
            for offset, tensor in enumerate(members):
                index_of.setdefault(id(tensor), position + offset)
            position += len(members)
            hyper = {key: value for key, value in group.items() if key != "params"}
            hyper["params"] = [index_of[id(tensor)] for tensor in members]
            packed_groups.append(hyper)
        saved_state = {(index_of[id(key)] if isinstance(key, Tensor) else key): value
                       for key, value in self.state.items()}
        result = {"state": saved_state, "param_groups": packed_groups}
        for hook in self._optimizer_state_dict_post_hooks.values():
            replaced = hook(self, result)
            result = result if replaced is None else replaced
        return result

    @staticmethod
    def _cast(param, value, key=None):
        if isinstance(value, Tensor):
            if key == "step":
                return value
            return value.to(dtype=param.dtype) if param.is_floating_point() else value
        if isinstance(value, dict):
            return {k: Optimizer._cast(param, v, k) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return type(value)(Optimizer._cast(param, v) for v in value)
        return value

    def load_state_dict(self, state_dict):
        loaded = state_dict.copy()       # shallow, so pre-hooks cannot edit the caller's dict
        for hook in self._optimizer_load_state_dict_pre_hooks.values():
            replaced = hook(self, loaded)
            loaded = loaded if replaced is None else replaced
        live_groups = self.param_groups
        saved_groups = copy.deepcopy(loaded["param_groups"])
        if len(live_groups) != len(saved_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        if any(len(g["params"]) != len(s["params"]) for g, s in zip(live_groups, saved_groups)):
            raise ValueError("loaded state dict contains a parameter group that doesn't match the "
                             "size of optimizer's group")
        tensor_at = dict(zip(chain.from_iterable(g["params"] for g in saved_groups),
                             chain.from_iterable(g["params"] for g in live_groups)))
        restored = defaultdict(dict)
        for key, value in loaded["state"].items():
            if key not in tensor_at:     # not a parameter index: carried over untouched
                restored[key] = value
                continue
            owner = tensor_at[key]
            restored[owner] = self._cast(owner, value)
        self.__setstate__({"state": restored,
                           "param_groups": [_adopt_tensors(live, saved)
                                            for live, saved in zip(live_groups, saved_groups)]})
        for hook in self._optimizer_load_state_dict_post_hooks.values():
            hook(self)

    # -- gradients and steps ---------------------------------------------------------------------
    def zero_grad(self, set_to_none=True):
        for tensor in chain.from_iterable(g["params"] for g in self.param_groups):
            _clear_grad(tensor, set_to_none)

    def step(self, closure=None):
        """The loop of torch's single-tensor implementations: each parameter with a gradient gets
        its state created on first use and is updated in place."""
        loss = None
        if closure is not None:
            loss = closure()
        for group in self.param_groups:
            self._check_group(group)
            for p in group["params"]:
                grad = getattr(p, "grad", None)
                if grad is None:
                    continue
                state = self.state[p]
                if len(state) == 0:
                    state.update(self._init_state(p, grad, group))
                self._update(p, grad, state, group)
        return loss

    def _check_group(self, group):
        pass

    def _init_state(self, p, grad, group):
        return {}

    def _update(self, p, grad, state, group):
        raise NotImplementedError

    def add_param_group(self, param_group):
        if not isinstance(param_group, dict):
            raise TypeError(f"param_group must be a dict, but got {type(param_group)}")
        given = param_group["params"]
        if isinstance(given, set):
            raise TypeError("optimizer parameters need to be organized in ordered collections, "
                            "but the ordering of tensors in sets will change between runs. Please "
                            "use a list instead.")
        given = [given] if isinstance(given, Tensor) else list(given)
        # entries may be (name, tensor) pairs; names must be given for all or none
        names = [entry[0] for entry in given if isinstance(entry, tuple)]
        tensors = [entry[1] if isinstance(entry, tuple) else entry for entry in given]
        param_group["params"] = tensors
        if names and len(names) != len(tensors):
            raise ValueError("all optimizer params should be with/without names. Some param "
                             "names are missing")
        if names:
            param_group["param_names"] = names
        for tensor in tensors:
            _check_optimizable(tensor, self.defaults)
        _fill_defaults(param_group, self.defaults)
        if len(tensors) != len({id(t) for t in tensors}):
            import warnings
            warnings.warn("optimizer contains a parameter group with duplicate parameters; in "
                          "future, this will cause an error; see github.com/pytorch/pytorch/issues/"
                          "40967 for more information", stacklevel=3)
        self._check_compatible(param_group)
        self.param_groups.append(param_group)

    def _check_compatible(self, new_group):
        """A new group may not share tensors with existing ones, nor differ in using names."""
        named = "param_names" in new_group
        if any(("param_names" in g) != named for g in self.param_groups):
            raise ValueError("all optimizer param groups should be with/without names. cannot "
                             f"add param group {'with' if named else 'without'} names to the "
                             "optimizer")
        taken = {id(t) for g in self.param_groups for t in g["params"]}
        if not taken.isdisjoint(id(t) for t in new_group["params"]):
            raise ValueError("some parameters appear in more than one parameter group")


def _check_optimizable(tensor, defaults):
    if not isinstance(tensor, Tensor):
        raise TypeError("optimizer can only optimize Tensors, but one of the params is "
                        + _typename(tensor))
    # only leaves (or tensors that keep their grad) get a .grad an optimizer could use
    if not defaults.get("differentiable", None) and not (
            getattr(tensor, "is_leaf", True) or getattr(tensor, "retains_grad", False)):
        raise ValueError("can't optimize a non-leaf Tensor")


def _fill_defaults(group, defaults):
    """Give ``group`` every default it lacks; a ``required`` one must be given explicitly."""
    for key, fallback in defaults.items():
        if fallback is required and key not in group:
            raise ValueError(f"parameter group didn't specify a value of required optimization "
                             f"parameter {key}")
        group.setdefault(key, fallback)


def _adopt_tensors(live, saved):
    """A loaded group: its saved hyper-parameters with the live group's tensors (and names,
    when the checkpoint has none)."""
    saved["params"] = live["params"]
    if "param_names" in live:
        saved.setdefault("param_names", live["param_names"])
    return saved


Optimizer.step = _hooked_step(Optimizer.step)


def _typename(obj):
    if isinstance(obj, Tensor):
        return "torch." + type(obj).__name__ if type(obj) is Tensor else \
            f"{type(obj).__module__}.{type(obj).__name__}"
    module = type(obj).__module__
    return type(obj).__qualname__ if module in ("builtins", None) else \
        f"{module}.{type(obj).__qualname__}"


def _validate_flags(defaults):
    """``foreach``/``fused``/``capturable``/``differentiable`` are accepted (they select among torch
    implementations that compute the same numbers); torch's incompatible combinations raise."""
    if defaults.get("fused"):
        if defaults.get("differentiable"):
            raise RuntimeError("`fused` does not support `differentiable`")
        if defaults.get("foreach"):
            raise RuntimeError("`fused` and `foreach` cannot be `True` together.")
