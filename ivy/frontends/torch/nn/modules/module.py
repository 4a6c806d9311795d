"""``torch.nn.Module``: registration of parameters, buffers and submodules, state dicts, hooks.

Behaves as torch's ``Module`` and keeps its private attribute names (``_parameters``,
``_buffers``, ``_modules``, ``_non_persistent_buffers_set``, the hook dicts) because real code
reads them directly; global hooks and TorchScript are left out. The backward-hook registrations raise ``NotImplementedError`` until
the frontend has autograd.
"""
import itertools
import weakref
from collections import OrderedDict, namedtuple
from collections.abc import Mapping

from ..._misc import no_grad
from ..._tensor import Tensor
from ..parameter import Buffer, Parameter, is_lazy

__all__ = ["Module"]

_EXTRA_STATE_KEY_SUFFIX = "_extra_state"


def _typename(obj):
    """``torch.typename``."""
    if isinstance(obj, Tensor):
        return obj.type()
    module = getattr(type(obj), "__module__", "") or ""
    qualname = getattr(type(obj), "__qualname__", type(obj).__name__)
    return qualname if module in ("", "builtins") else f"{module}.{qualname}"


class RemovableHandle:
    """``torch.utils.hooks.RemovableHandle``."""
    next_id = 0

    def __init__(self, hooks_dict, *, extra_dict=None):
        self.hooks_dict_ref = weakref.ref(hooks_dict)
        self.id = RemovableHandle.next_id
        RemovableHandle.next_id += 1
        extra = extra_dict if isinstance(extra_dict, list) else [extra_dict] if extra_dict else []
        self.extra_dict_ref = tuple(weakref.ref(d) for d in extra)

    def remove(self):
        for ref in (self.hooks_dict_ref, *self.extra_dict_ref):
            d = ref()
            if d is not None and self.id in d:
                del d[self.id]

    def __enter__(self):
        return self

    def __exit__(self, *args):
        self.remove()


class _IncompatibleKeys(namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    __slots__ = ()

    def __repr__(self):
        # a clean load prints as a sentence instead of two empty lists
        clean = not (self.missing_keys or self.unexpected_keys)
        return "<All keys matched successfully>" if clean else super().__repr__()

    __str__ = __repr__


def _addindent(text, width):
    """Indent every line after the first by ``width`` spaces; blank lines stay blank."""
    head, newline, tail = text.partition("\n")
    if not newline:
        return text
    pad = " " * width
    return head + "\n" + "\n".join(pad + ln if ln.strip() else ln for ln in tail.split("\n"))


# The three name tables a Module keeps; one attribute name lives in at most one of them.
_TABLES = ("_parameters", "_buffers", "_modules")


def _require_init(module, table, what):
    """Assigning members before ``Module.__init__`` ran has nowhere to put them."""
    if table not in module.__dict__:
        raise AttributeError(f"cannot assign {what} before Module.__init__() call")


def _evict(module, name, keep):
    """Forget ``name`` everywhere except table ``keep``, so re-assigning changes its kind."""
    own = module.__dict__
    own.pop(name, None)
    for table in _TABLES:
        if table != keep:
            own[table].pop(name, None)
    own["_non_persistent_buffers_set"].discard(name)


def _none_or_fail(value, role, name, expected):
    """A name already registered as ``role`` can only be rebound to a new member or cleared."""
    if value is not None:
        raise TypeError(f"cannot assign '{_typename(value)}' as {role} '{name}' ({expected})")


def _install(hooks, hook, prepend=False, flags=()):
    """Put ``hook`` in ``hooks`` under a fresh handle. ``flags`` are (side table, enabled) pairs:
    enabled ones mark the hook there, and the handle cleans all of them on removal."""
    handle = RemovableHandle(hooks, extra_dict=[table for table, _ in flags])
    hooks[handle.id] = hook
    for table, enabled in flags:
        if enabled:
            table[handle.id] = True
    if prepend:
        hooks.move_to_end(handle.id, last=False)
    return handle


def _child_of(node, atom):
    """One step of a dotted submodule path, with torch's messages for the two ways it fails."""
    if not hasattr(node, atom):
        raise AttributeError(f"{node._get_name()} has no attribute `{atom}`")
    child = getattr(node, atom)
    if not isinstance(child, Module):
        raise AttributeError(f"`{atom}` is not an nn.Module")
    return child


def _join(path, name):
    return f"{path}.{name}" if path else name


def _clear_grad(tensor, set_to_none):
    """Drop a gradient, or zero it in place (detached first, as torch does) when kept."""
    if tensor.grad is None:
        return
    if set_to_none:
        tensor.grad = None
        return
    tensor.grad.requires_grad_(False)
    tensor.grad.zero_()


def _fresh_state_dict():
    out = OrderedDict()
    out._metadata = OrderedDict()     # per-module versions, read back by _load_from_state_dict
    return out


def _stray_key(key, prefix, extra_key, own_names, children):
    """Whether a checkpoint key under ``prefix`` names nothing this module (or a child) owns."""
    if not key.startswith(prefix) or key == extra_key:
        return False
    head, dot, _ = key[len(prefix):].partition(".")
    return head not in (children if dot else own_names)


def _forward_unimplemented(self, *input):
    raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" '
                              f'function')


class Module:
    """Implements ``torch.nn.Module``."""
    dump_patches = False
    _version = 1
    training: bool
    call_super_init = False

    def __init__(self, *args, **kwargs):
        if self.call_super_init is False and kwargs:
            raise TypeError(f"{type(self).__name__}.__init__() got an unexpected keyword argument "
                            f"'{next(iter(kwargs))}'")
        if self.call_super_init is False and args:
            raise TypeError(f"{type(self).__name__}.__init__() takes 1 positional argument but "
                            f"{len(args) + 1} were given")
        setattr_ = super().__setattr__
        setattr_("training", True)
        setattr_("_parameters", {})
        setattr_("_buffers", {})
        setattr_("_non_persistent_buffers_set", set())
        for name in ("_backward_pre_hooks", "_backward_hooks", "_forward_hooks",
                     "_forward_hooks_with_kwargs", "_forward_hooks_always_called",
                     "_forward_pre_hooks", "_forward_pre_hooks_with_kwargs", "_state_dict_hooks",
                     "_state_dict_pre_hooks", "_load_state_dict_pre_hooks",
                     "_load_state_dict_post_hooks"):
            setattr_(name, OrderedDict())
        setattr_("_is_full_backward_hook", None)
        setattr_("_modules", {})
        if self.call_super_init:
            super().__init__(*args, **kwargs)

    forward = _forward_unimplemented

    # ---- registration ---------------------------------------------------------------------------
    def _check_name(self, name, kind, table):
        if not isinstance(name, str):
            raise TypeError(f"{kind} name should be a string. Got {_typename(name)}")
        if "." in name:
            raise KeyError(f"{kind} name can't contain \".\"" + (f", got: {name}"
                                                                 if kind == "module" else ""))
        if name == "":
            raise KeyError(f"{kind} name can't be empty string \"\"")
        if hasattr(self, name) and name not in table:
            raise KeyError(f"attribute '{name}' already exists")

    def register_buffer(self, name, tensor, persistent=True):
        _require_init(self, "_buffers", "buffer")
        self._check_name(name, "buffer", self._buffers)
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(f"cannot assign '{_typename(tensor)}' object to buffer '{name}' "
                            f"(torch Tensor or None required)")
        if isinstance(tensor, Buffer):
            tensor = Tensor.detach(tensor)
        self._buffers[name] = tensor
        transient = self._non_persistent_buffers_set
        (transient.discard if persistent else transient.add)(name)

    def register_parameter(self, name, param):
        _require_init(self, "_parameters", "parameter")
        self._check_name(name, "parameter", self._parameters)
        if param is not None and not isinstance(param, Parameter):
            raise TypeError(f"cannot assign '{_typename(param)}' object to parameter '{name}' "
                            f"(torch.nn.Parameter or None required)")
        if param is not None and param.grad_fn:
            raise ValueError(f"Cannot assign non-leaf Tensor to parameter '{name}'. Model "
                             f"parameters must be created explicitly. To express '{name}' as a "
                             f"function of another Tensor, compute the value in the forward() "
                             f"method.")
        self._parameters[name] = param

    def add_module(self, name, module):
        if not isinstance(module, Module) and module is not None:
            raise TypeError(f"{_typename(module)} is not a Module subclass")
        if not isinstance(name, str):
            raise TypeError(f"module name should be a string. Got {_typename(name)}")
        if hasattr(self, name) and name not in self._modules:
            raise KeyError(f"attribute '{name}' already exists")
        if "." in name:
            raise KeyError(f"module name can't contain \".\", got: {name}")
        if name == "":
            raise KeyError("module name can't be empty string \"\"")
        self._modules[name] = module

    def register_module(self, name, module):
        self.add_module(name, module)

    def get_submodule(self, target):
        node = self
        for atom in target.split(".") if target else ():
            node = _child_of(node, atom)
        return node

    def set_submodule(self, target, module, strict=False):
        if not target:
            raise ValueError("Cannot set the submodule without a target name!")
        path, _, leaf = target.rpartition(".")
        if not isinstance(module, Module):
            raise ValueError(f"`module` is not an nn.Module, found {type(module)}")
        parent = self.get_submodule(path)
        # an existing leaf must itself be a module; a missing one is fine unless strict
        if hasattr(parent, leaf) or strict:
            _child_of(parent, leaf)
        setattr(parent, leaf, module)

    def _get_member(self, target, kind):
        path, _, name = target.rpartition(".")
        mod = self.get_submodule(path)
        if not hasattr(mod, name):
            raise AttributeError(mod._get_name() + " has no attribute `" + name + "`")
        value = getattr(mod, name)
        if kind == "parameter" and not isinstance(value, Parameter):
            raise AttributeError("`" + name + "` is not an nn.Parameter")
        if kind == "buffer" and name not in mod._buffers:
            raise AttributeError("`" + name + "` is not a buffer")
        return value

    def get_parameter(self, target):
        return self._get_member(target, "parameter")

    def get_buffer(self, target):
        return self._get_member(target, "buffer")

    def get_extra_state(self):
        raise RuntimeError("Reached a code path in Module.get_extra_state() that should never be "
                           "called. Please file an issue at https://github.com/pytorch/pytorch/"
                           "issues/new?template=bug-report.yml to report this bug.")

    def set_extra_state(self, state):
        raise RuntimeError("Reached a code path in Module.set_extra_state() that should never be "
                           "called. Please file an issue at https://github.com/pytorch/pytorch/"
                           "issues/new?template=bug-report.yml to report this bug.")

    # ---- attribute protocol ---------------------------------------------------------------------
    def __getattr__(self, name):
        d = self.__dict__
        for table in ("_parameters", "_buffers", "_modules"):
            if table in d and name in d[table]:
                return d[table][name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        # Dispatch on the value's kind first (it may move the name to another table), then on
        # which table already owns the name (only None may replace a member there).
        own = self.__dict__
        if isinstance(value, Parameter):
            _require_init(self, "_parameters", "parameters")
            _evict(self, name, keep="_parameters")
            self.register_parameter(name, value)
        elif name in own.get("_parameters", ()):
            _none_or_fail(value, "parameter", name, "torch.nn.Parameter or None expected")
            self.register_parameter(name, value)
        elif isinstance(value, Module):
            _require_init(self, "_modules", "module")
            _evict(self, name, keep="_modules")
            own["_modules"][name] = value
        elif name in own.get("_modules", ()):
            _none_or_fail(value, "child module", name, "torch.nn.Module or None expected")
            own["_modules"][name] = value
        elif isinstance(value, Buffer) or name in own.get("_buffers", ()):
            self._rebind_buffer(name, value)
        else:
            super().__setattr__(name, value)

    def _rebind_buffer(self, name, value):
        if value is not None and not isinstance(value, Tensor):
            raise TypeError(f"cannot assign '{_typename(value)}' as buffer '{name}' "
                            f"(torch.nn.Buffer, torch.Tensor or None expected)")
        # a Buffer says its own persistence; a plain tensor keeps the slot's current one
        keep = (value.persistent if isinstance(value, Buffer)
                else name not in self._non_persistent_buffers_set)
        self.register_buffer(name, value, keep)

    def __delattr__(self, name):
        owner = next((t for t in _TABLES if name in self.__dict__.get(t, ())), None)
        if owner is None:
            super().__delattr__(name)
            return
        del self.__dict__[owner][name]
        # a deleted buffer must not leave its non-persistent mark behind for a later namesake
        self._non_persistent_buffers_set.discard(name)

    def __setstate__(self, state):
        self.__dict__.update(state)

    def __dir__(self):
        keys = (dir(self.__class__) + list(self.__dict__) + list(self._parameters)
                + list(self._modules) + list(self._buffers))
        return sorted(k for k in keys if not k[0].isdigit())

    # ---- iteration ------------------------------------------------------------------------------
    def _named_members(self, get_members_fn, prefix="", recurse=True, remove_duplicate=True):
        """Dotted (name, member) pairs over this module (and descendants when ``recurse``); a
        member shared by several owners is reported once unless ``remove_duplicate`` is off."""
        owners = (self.named_modules(prefix=prefix, remove_duplicate=remove_duplicate)
                  if recurse else [(prefix, self)])
        seen = set()
        for owner_path, owner in owners:
            for key, member in get_members_fn(owner):
                if member is None or member in seen:
                    continue
                if remove_duplicate:
                    seen.add(member)
                yield _join(owner_path, key), member

    def parameters(self, recurse=True):
        return (p for _, p in self.named_parameters(recurse=recurse))

    def named_parameters(self, prefix="", recurse=True, remove_duplicate=True):
        yield from self._named_members(lambda m: m._parameters.items(), prefix=prefix,
                                       recurse=recurse, remove_duplicate=remove_duplicate)

    def buffers(self, recurse=True):
        return (b for _, b in self.named_buffers(recurse=recurse))

    def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
        yield from self._named_members(lambda m: m._buffers.items(), prefix=prefix,
                                       recurse=recurse, remove_duplicate=remove_duplicate)

    def children(self):
        return (child for _, child in self.named_children())

    def named_children(self):
        # the same child registered under two names is listed under the first only
        seen = set()
        for key, child in self._modules.items():
            if child is None or child in seen:
                continue
            seen.add(child)
            yield key, child

    def modules(self, remove_duplicate=True):
        return (m for _, m in self.named_modules(remove_duplicate=remove_duplicate))

    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        # pre-order walk; ``memo`` (shared down the recursion) stops repeats and cycles
        visited = set() if memo is None else memo
        if self in visited:
            return
        if remove_duplicate:
            visited.add(self)
        yield prefix, self
        for key, child in self._modules.items():
            if child is not None:
                yield from child.named_modules(visited, _join(prefix, key), remove_duplicate)

    # ---- modes and conversion -------------------------------------------------------------------
    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        self.training = mode
        for child in self.children():
            child.train(mode)    # through the method, so subclasses overriding train() see it
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for tensor in self.parameters():
            tensor.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=True):
        for tensor in self.parameters():
            _clear_grad(tensor, set_to_none)

    def share_memory(self):
        return self

    def _apply(self, fn, recurse=True):
        """``fn`` on every parameter (kept as the same ``Parameter`` object, as torch's
        ``param.data = fn(param)``), its gradient, and every buffer."""
        for child in self.children() if recurse else ():
            child._apply(fn)
        with no_grad():
            for weight in (w for w in self._parameters.values() if w is not None):
                weight.data = fn(weight)
                if weight.grad is not None:
                    weight.grad = fn(weight.grad)
            table = self._buffers
            for key in [k for k, b in table.items() if b is not None]:
                table[key] = fn(table[key])
        return self

    def apply(self, fn):
        # children first (post-order), each through its own apply()
        for child in self.children():
            child.apply(fn)
        fn(self)
        return self

    def cuda(self, device=None):
        return self._apply(lambda t: t.cuda(device))

    def cpu(self):
        return self._apply(lambda t: t.cpu())

    def type(self, dst_type):
        return self._apply(lambda t: t.type(dst_type))

    def _cast(self, dtype):
        return self._apply(lambda t: t.to(dtype) if t.is_floating_point() else t)

    def float(self):
        from ..._dtypes import BY_NAME
        return self._cast(BY_NAME["float32"])

    def double(self):
        from ..._dtypes import BY_NAME
        return self._cast(BY_NAME["float64"])

    def half(self):
        from ..._dtypes import BY_NAME
        return self._cast(BY_NAME["float16"])

    def bfloat16(self):
        from ..._dtypes import BY_NAME
        return self._cast(BY_NAME["bfloat16"])

    def to_empty(self, *, device, recurse=True):
        from ..._creation import empty_like
        return self._apply(lambda t: empty_like(t, device=device), recurse=recurse)

    def to(self, *args, **kwargs):
        device, dtype, non_blocking = _parse_to(*args, **kwargs)
        if dtype is not None and not (dtype.is_floating_point or dtype.is_complex):
            raise TypeError(f"nn.Module.to only accepts floating point or complex dtypes, but got "
                            f"desired dtype={dtype}")

        def convert(t):
            if device is not None:
                t = t.to(device, non_blocking=non_blocking)
            if dtype is not None and (t.is_floating_point() or t.is_complex()):
                t = t.to(dtype, non_blocking=non_blocking)
            return t
        return self._apply(convert)

    # ---- calling and hooks ----------------------------------------------------------------------
    def _backward_hooks_need_autograd(self, *args, **kwargs):
        raise NotImplementedError("ivy's torch frontend: module backward hooks need autograd, "
                                  "which the frontend does not have yet")

    register_full_backward_hook = register_full_backward_pre_hook = _backward_hooks_need_autograd
    register_backward_hook = _backward_hooks_need_autograd

    def register_forward_pre_hook(self, hook, *, prepend=False, with_kwargs=False):
        return _install(self._forward_pre_hooks, hook, prepend,
                        [(self._forward_pre_hooks_with_kwargs, with_kwargs)])

    def register_forward_hook(self, hook, *, prepend=False, with_kwargs=False, always_call=False):
        return _install(self._forward_hooks, hook, prepend,
                        [(self._forward_hooks_with_kwargs, with_kwargs),
                         (self._forward_hooks_always_called, always_call)])

    def _call_impl(self, *args, **kwargs):
        if not (self._forward_hooks or self._forward_pre_hooks):
            return self.forward(*args, **kwargs)
        result, called = None, set()
        try:
            for hook_id, hook in self._forward_pre_hooks.items():
                if hook_id in self._forward_pre_hooks_with_kwargs:
                    out = hook(self, args, kwargs)
                    if out is not None:
                        if isinstance(out, tuple) and len(out) == 2:
                            args, kwargs = out
                        else:
                            raise RuntimeError(f"forward pre-hook must return None or a tuple of "
                                               f"(new_args, new_kwargs), but got {out}.")
                else:
                    out = hook(self, args)
                    if out is not None:
                        args = out if isinstance(out, tuple) else (out,)
            result = self.forward(*args, **kwargs)
            for hook_id, hook in self._forward_hooks.items():
                if hook_id in self._forward_hooks_always_called:
                    called.add(hook_id)
                out = (hook(self, args, kwargs, result) if hook_id in
                       self._forward_hooks_with_kwargs else hook(self, args, result))
                if out is not None:
                    result = out
            return result
        except Exception:
            for hook_id, hook in self._forward_hooks.items():
                if hook_id in self._forward_hooks_always_called and hook_id not in called:
                    try:
                        out = (hook(self, args, kwargs, result) if hook_id in
                               self._forward_hooks_with_kwargs else hook(self, args, result))
                        if out is not None:
                            result = out
                    except Exception:
                        continue
            raise

    __call__ = _call_impl

    # ---- state dicts ----------------------------------------------------------------------------
    def register_state_dict_pre_hook(self, hook):
        return _install(self._state_dict_pre_hooks, hook)

    def register_state_dict_post_hook(self, hook):
        # marked so state_dict() can refuse a return value: only the private API may replace
        # the dict being built
        hook._from_public_api = True
        return _install(self._state_dict_hooks, hook)

    def _register_state_dict_hook(self, hook):
        return _install(self._state_dict_hooks, hook)

    def register_load_state_dict_pre_hook(self, hook):
        return self._register_load_state_dict_pre_hook(hook, with_module=True)

    def _register_load_state_dict_pre_hook(self, hook, with_module=False):
        bound = (lambda *args: hook(self, *args)) if with_module else hook
        return _install(self._load_state_dict_pre_hooks, bound)

    def register_load_state_dict_post_hook(self, hook):
        return _install(self._load_state_dict_post_hooks, hook)

    def _persistent_members(self):
        """(name, tensor) for what a state dict holds of this module alone: set parameters, then
        set buffers not marked non-persistent."""
        transient = self._non_persistent_buffers_set
        buffers = ((k, b) for k, b in self._buffers.items() if k not in transient)
        return [(k, t) for k, t in itertools.chain(self._parameters.items(), buffers)
                if t is not None]

    def _has_extra_state(self, hook_name):
        return getattr(type(self), hook_name) is not getattr(Module, hook_name)

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        for key, tensor in self._persistent_members():
            destination[prefix + key] = tensor if keep_vars else tensor.detach()
        if self._has_extra_state("get_extra_state"):
            destination[prefix + _EXTRA_STATE_KEY_SUFFIX] = self.get_extra_state()

    def state_dict(self, *args, destination=None, prefix="", keep_vars=False):
        if args:    # the deprecated positional form (destination, prefix, keep_vars)
            destination = args[0] if destination is None else destination
            prefix = args[1] if len(args) > 1 and prefix == "" else prefix
            keep_vars = args[2] if len(args) > 2 and keep_vars is False else keep_vars
        out = _fresh_state_dict() if destination is None else destination
        versions = {"version": self._version}
        if hasattr(out, "_metadata"):
            out._metadata[prefix[:-1]] = versions
        for pre in self._state_dict_pre_hooks.values():
            pre(self, prefix, keep_vars)
        self._save_to_state_dict(out, prefix, keep_vars)
        # every non-None child entry, aliases included: a shared child is saved under each name
        for child_name, child in self._modules.items():
            if child is not None:
                child.state_dict(destination=out, prefix=f"{prefix}{child_name}.",
                                 keep_vars=keep_vars)
        for post in self._state_dict_hooks.values():
            replacement = post(self, out, prefix, versions)
            if replacement is None:
                continue
            if getattr(post, "_from_public_api", False):
                raise RuntimeError("state_dict post-hook must return None")
            out = replacement
        return out

    def _load_one(self, attr, current, incoming, full_key, assign):
        """Load one checkpoint tensor into ``attr``; returns torch's error text or None."""
        if not isinstance(incoming, Tensor):
            return (f'While copying the parameter named "{full_key}", expected torch.Tensor or '
                    f'Tensor-like object from checkpoint but received {type(incoming)}')
        if not is_lazy(current):   # a lazy module takes whatever shape the checkpoint has
            # old checkpoints stored scalars as 1-element vectors
            if len(current.shape) == 0 and tuple(incoming.shape) == (1,):
                incoming = incoming[0]
            if incoming.shape != current.shape:
                return (f"size mismatch for {full_key}: copying a param with shape "
                        f"{incoming.shape} from checkpoint, the shape in current model is "
                        f"{current.shape}.")
        try:
            if not assign:
                with no_grad():
                    current.copy_(incoming)
                return None
            if isinstance(current, Parameter) and not isinstance(incoming, Parameter):
                incoming = Parameter(incoming, current.requires_grad)
            setattr(self, attr, incoming)
        except Exception as ex:
            return (f'While copying the parameter named "{full_key}", whose dimensions in the '
                    f'model are {current.size()} and whose dimensions in the checkpoint are '
                    f'{incoming.size()}, an exception occurred : {ex.args}.')
        return None

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys,
                              unexpected_keys, error_msgs):
        for pre in self._load_state_dict_pre_hooks.values():
            pre(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                error_msgs)
        own = dict(self._persistent_members())     # after the hooks: they may add members
        assign = local_metadata.get("assign_to_params_buffers", False)
        for attr, current in own.items():
            full_key = prefix + attr
            if full_key in state_dict:
                problem = self._load_one(attr, current, state_dict[full_key], full_key, assign)
                if problem is not None:
                    error_msgs.append(problem)
            elif strict:
                missing_keys.append(full_key)
        extra_key = prefix + _EXTRA_STATE_KEY_SUFFIX
        takes_extra = self._has_extra_state("set_extra_state")
        if takes_extra and extra_key in state_dict:
            self.set_extra_state(state_dict[extra_key])
        elif strict and takes_extra:
            missing_keys.append(extra_key)
        elif strict and extra_key in state_dict:
            unexpected_keys.append(extra_key)
        if strict:
            unexpected_keys.extend(k for k in state_dict
                                   if _stray_key(k, prefix, extra_key, own, self._modules))

    def _load_tree(self, entries, prefix, metadata, assign, report, error_msgs):
        """Load this module from ``entries`` (keys under ``prefix``), then each child from its
        own slice, then run this module's post-hooks on the shared ``report``."""
        own_meta = metadata.get(prefix[:-1], {}) if metadata is not None else {}
        if assign:    # torch passes the flag to _load_from_state_dict through the metadata
            own_meta["assign_to_params_buffers"] = assign
        self._load_from_state_dict(entries, prefix, own_meta, True, report.missing_keys,
                                   report.unexpected_keys, error_msgs)
        for child_name, child in self._modules.items():
            if child is None:
                continue
            sub = f"{prefix}{child_name}."
            child._load_tree({k: v for k, v in entries.items() if k.startswith(sub)}, sub,
                             metadata, assign, report, error_msgs)
        for post in self._load_state_dict_post_hooks.values():
            if post(self, report) is not None:
                raise AssertionError("Hooks registered with ``register_load_state_dict_post_hook`` "
                                     "are not expected to return new values, if incompatible_keys "
                                     "need to be modified, it should be done inplace.")

    def load_state_dict(self, state_dict, strict=True, assign=False):
        if not isinstance(state_dict, Mapping):
            raise TypeError(f"Expected state_dict to be dict-like, got {type(state_dict)}.")
        report, error_msgs = _IncompatibleKeys([], []), []
        saved_meta = getattr(state_dict, "_metadata", None)
        entries = OrderedDict(state_dict)    # a private copy: load hooks may edit it
        if saved_meta is not None:
            entries._metadata = saved_meta
        self._load_tree(entries, "", saved_meta, assign, report, error_msgs)
        if strict:
            key_lines = [f"{label} key(s) in state_dict: "
                         + ", ".join(f'"{k}"' for k in keys) + ". "
                         for label, keys in (("Missing", report.missing_keys),
                                             ("Unexpected", report.unexpected_keys)) if keys]
            error_msgs[:0] = key_lines
        if error_msgs:
            raise RuntimeError(f"Error(s) in loading state_dict for {type(self).__name__}:\n\t"
                               + "\n\t".join(error_msgs))
        return report

    # ---- printing -------------------------------------------------------------------------------
    def _get_name(self):
        return type(self).__name__

    def extra_repr(self):
        return ""

    def __repr__(self):
        described = self.extra_repr()
        own_lines = described.split("\n") if described else []
        child_lines = [f"({key}): {_addindent(repr(child), 2)}"
                       for key, child in self._modules.items()]
        if not own_lines and not child_lines:
            body = ""
        elif len(own_lines) == 1 and not child_lines:    # short layers print on one line
            body = own_lines[0]
        else:
            body = "\n  " + "\n  ".join(own_lines + child_lines) + "\n"
        return f"{self._get_name()}({body})"


def _parse_to(*args, device=None, dtype=None, non_blocking=False, copy=False,
              memory_format=None):
    """``torch._C._nn._parse_to``: (device, dtype, non_blocking) from ``Module.to``'s overloads."""
    from ..._dtypes import dtype as dtype_cls
    from ..._tensor import device as device_cls
    args = list(args)
    if args and isinstance(args[0], Tensor):
        t = args.pop(0)
        device, dtype = t.device, t.dtype
    elif args and isinstance(args[0], dtype_cls):
        dtype = args.pop(0)
    elif args and (args[0] is None or isinstance(args[0], (str, int, device_cls))):
        device = args.pop(0)
        if args and isinstance(args[0], dtype_cls):
            dtype = args.pop(0)
    if args and isinstance(args[0], bool):
        non_blocking = args.pop(0)
    if args:
        raise TypeError(f"to() received an invalid combination of arguments - got "
                        f"{tuple(type(a).__name__ for a in args)}")
    if isinstance(device, int):
        device = device_cls("cuda", device)
    elif isinstance(device, str):
        device = device_cls(device)
    return device, dtype, non_blocking
