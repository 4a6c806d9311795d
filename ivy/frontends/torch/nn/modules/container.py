"""``torch.nn`` containers: Sequential, ModuleList, ModuleDict, ParameterList, ParameterDict."""
import functools
import operator
from collections import OrderedDict
from collections import abc as container_abcs
from itertools import chain, islice

from ..._tensor import Tensor
from ..parameter import Parameter
from .module import Module, _addindent

__all__ = ["Sequential", "ModuleList", "ModuleDict", "ParameterList", "ParameterDict"]


def _abs_index(idx, n):
    idx = operator.index(idx)
    if not -n <= idx < n:
        raise IndexError(f"index {idx} is out of range")
    return idx % n if n else idx


def _no_digits(keys):
    return [key for key in keys if not key.isdigit()]


def _numbered(items, start=0):
    """(key, item) pairs keyed "start", "start+1", ...: the naming of list-like containers."""
    return ((str(pos), item) for pos, item in enumerate(items, start))


def _nth_key(table, idx):
    """The key at position ``idx`` (negative counts from the end) of an ordered table."""
    return next(islice(table, _abs_index(idx, len(table)), None))


def _renumber(container):
    # after a deletion the survivors are renamed "0".."n-1", keeping their order
    container._modules = OrderedDict(_numbered(container._modules.values()))


def _open_slot(table, index, count):
    """Move entries ``index``..``count-1`` one key up, leaving key ``index`` free to overwrite."""
    for pos in reversed(range(index + 1, count + 1)):
        table[str(pos)] = table[str(pos - 1)]


def _pop(container, key):
    taken = container[key]
    del container[key]
    return taken


def _merged(first, second):
    """``first | second`` for ParameterDict: a copy of ``first`` updated from ``second``."""
    result = first.copy()
    result.update(second)
    return result


def _as_parameter(value):
    """Parameter containers promote plain tensors to Parameters; other objects are kept as is."""
    if isinstance(value, Tensor) and not isinstance(value, Parameter):
        return Parameter(value)
    return value


def _require_sequential(other):
    if not isinstance(other, Sequential):
        raise ValueError(f"add operator supports only objects of Sequential class, but "
                         f"{str(type(other))} is given.")


class Sequential(Module):
    """Implements ``torch.nn.Sequential``."""

    def __init__(self, *args):
        super().__init__()
        # one OrderedDict argument names the layers; otherwise they are numbered in order
        named = (args[0].items() if len(args) == 1 and isinstance(args[0], OrderedDict)
                 else _numbered(args))
        for key, layer in named:
            self.add_module(key, layer)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return type(self)(OrderedDict(list(self._modules.items())[idx]))
        return self._modules[_nth_key(self._modules, idx)]

    def __setitem__(self, idx, module):
        return setattr(self, _nth_key(self._modules, idx), module)

    def __delitem__(self, idx):
        doomed = (list(self._modules)[idx] if isinstance(idx, slice)
                  else [_nth_key(self._modules, idx)])
        for key in doomed:
            delattr(self, key)
        _renumber(self)

    def __len__(self):
        return len(self._modules)

    def __add__(self, other):
        _require_sequential(other)
        joined = Sequential()
        joined.extend(chain(self, other))
        return joined

    def __iadd__(self, other):
        _require_sequential(other)
        for key, layer in _numbered(other, len(self)):
            self.add_module(key, layer)
        return self

    def _check_factor(self, other):
        if not isinstance(other, int):
            raise TypeError(f"unsupported operand type(s) for *: {type(self)} and {type(other)}")
        if other <= 0:
            raise ValueError(f"Non-positive multiplication factor {other} for {type(self)}")

    def __mul__(self, other):
        self._check_factor(other)
        repeated = Sequential()
        for key, layer in _numbered(list(self) * other):
            repeated.add_module(key, layer)
        return repeated

    __rmul__ = __mul__

    def __imul__(self, other):
        self._check_factor(other)
        # looked up by numeric key, so (as in torch) a Sequential with named layers raises KeyError
        originals = [self._modules[str(pos)] for pos in range(len(self))]
        for key, layer in _numbered(originals * (other - 1), len(originals)):
            self.add_module(key, layer)
        return self

    def pop(self, key):
        return _pop(self, key)

    def __dir__(self):
        return _no_digits(super().__dir__())

    def __iter__(self):
        return iter(self._modules.values())

    def forward(self, input):
        # each layer's output is the next layer's input
        return functools.reduce(lambda value, layer: layer(value), self, input)

    def append(self, module):
        self.add_module(str(len(self)), module)
        return self

    def insert(self, index, module):
        if not isinstance(module, Module):
            raise AssertionError(f"module should be of type: {Module}")
        count = len(self._modules)
        if not -count <= index <= count:
            raise IndexError(f"Index out of range: {index}")
        index = index + count if index < 0 else index
        _open_slot(self._modules, index, count)
        self._modules[str(index)] = module
        return self

    def extend(self, sequential):
        for item in sequential:
            self.append(item)
        return self


class ModuleList(Module):
    """Implements ``torch.nn.ModuleList``."""

    def __init__(self, modules=None):
        super().__init__()
        if modules is not None:
            self.extend(modules)

    def _get_abs_string_index(self, idx):
        return str(_abs_index(idx, len(self)))

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return type(self)(list(self)[idx])
        return self._modules[self._get_abs_string_index(idx)]

    def __setitem__(self, idx, module):
        return setattr(self, self._get_abs_string_index(idx), module)

    def __delitem__(self, idx):
        doomed = ([str(pos) for pos in range(len(self._modules))[idx]] if isinstance(idx, slice)
                  else [self._get_abs_string_index(idx)])
        for key in doomed:
            delattr(self, key)
        _renumber(self)

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules.values())

    def __iadd__(self, modules):
        return self.extend(modules)

    def __add__(self, other):
        return ModuleList(chain(self, other))

    def __repr__(self):
        reprs = [repr(item) for item in self]
        if not reprs:
            return self._get_name() + "()"
        spans, blocks = [[0, 0]], [reprs[0]]
        for i, r in enumerate(reprs[1:], 1):
            if r == blocks[-1]:
                spans[-1][1] += 1
                continue
            spans.append([i, i])
            blocks.append(r)
        lines = []
        for (start, end), b in zip(spans, blocks):
            local = (f"({start}): {b}" if start == end
                     else f"({start}-{end}): {end - start + 1} x {b}")
            lines.append(_addindent(local, 2))
        return self._get_name() + "(\n  " + "\n  ".join(lines) + "\n)"

    def __dir__(self):
        return _no_digits(super().__dir__())

    def insert(self, index, module):
        _open_slot(self._modules, index, len(self._modules))
        self._modules[str(index)] = module

    def append(self, module):
        return self.extend((module,))

    def pop(self, key):
        return _pop(self, key)

    def extend(self, modules):
        if not isinstance(modules, container_abcs.Iterable):
            raise TypeError("ModuleList.extend should be called with an iterable, but got "
                            + type(modules).__name__)
        for key, module in _numbered(modules, len(self)):
            self.add_module(key, module)
        return self


def _pairs(items, kind):
    for j, m in enumerate(items):
        if not isinstance(m, container_abcs.Iterable):
            raise TypeError(f"{kind} update sequence element #{j} should be Iterable; is"
                            + type(m).__name__)
        if len(m) != 2:
            raise ValueError(f"{kind} update sequence element #{j} has length {len(m)}; 2 is "
                             f"required")
        yield m[0], m[1]


class ModuleDict(Module):
    """Implements ``torch.nn.ModuleDict``."""

    def __init__(self, modules=None):
        super().__init__()
        self.update({} if modules is None else modules)

    def __getitem__(self, key):
        return self._modules[key]

    def __setitem__(self, key, module):
        self.add_module(key, module)

    def __delitem__(self, key):
        del self._modules[key]

    def __len__(self):
        return len(self._modules)

    def __iter__(self):
        return iter(self._modules)

    def __contains__(self, key):
        return key in self._modules

    def clear(self):
        self._modules.clear()

    def pop(self, key):
        return _pop(self, key)

    def keys(self):
        return self._modules.keys()

    def items(self):
        return self._modules.items()

    def values(self):
        return self._modules.values()

    def update(self, modules):
        if not isinstance(modules, container_abcs.Iterable):
            raise TypeError("ModuleDict.update should be called with an iterable of key/value "
                            "pairs, but got " + type(modules).__name__)
        pairs = (modules.items() if isinstance(modules, (OrderedDict, ModuleDict,
                                                          container_abcs.Mapping))
                 else _pairs(modules, "ModuleDict"))
        for key, module in pairs:
            self[key] = module


def _param_line(k, p, typename):
    if isinstance(p, Tensor):
        size_str = "x".join(str(size) for size in p.size())
        device_str = f" ({p.device})" if p.device.type == "cuda" else ""
        return "  ({}): {} containing: [{} of size {}{}]".format(
            k, "Parameter" if isinstance(p, Parameter) else "Tensor", typename(p), size_str,
            device_str)
    return f"  ({k}): Object of type: {type(p).__name__}"


class ParameterList(Module):
    """Implements ``torch.nn.ParameterList``."""

    def __init__(self, values=None):
        super().__init__()
        self._size = 0      # the length; entries are parameters/attributes named "0", "1", ...
        self.extend([] if values is None else values)

    def _get_abs_string_index(self, idx):
        return str(_abs_index(idx, len(self)))

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return type(self)(self[pos] for pos in range(len(self))[idx])
        return getattr(self, self._get_abs_string_index(idx))

    def __setitem__(self, idx, param):
        return setattr(self, self._get_abs_string_index(idx), _as_parameter(param))

    def __len__(self):
        return self._size

    def __iter__(self):
        return iter(self[i] for i in range(len(self)))

    def __iadd__(self, parameters):
        return self.extend(parameters)

    def __dir__(self):
        return _no_digits(super().__dir__())

    def append(self, value):
        slot = self._size
        self._size = slot + 1     # grown first: __setitem__ only accepts indices in range
        self[slot] = value
        return self

    def extend(self, values):
        if not isinstance(values, container_abcs.Iterable) or isinstance(values, Tensor):
            raise TypeError("ParameterList.extend should be called with an iterable, but got "
                            + type(values).__name__)
        for item in values:
            self.append(item)
        return self

    def __call__(self, *args, **kwargs):
        raise RuntimeError("ParameterList should not be called.")

    def extra_repr(self):
        return "\n".join(_param_line(k, p, lambda t: t.dtype) for k, p in enumerate(self))


class ParameterDict(Module):
    """Implements ``torch.nn.ParameterDict``."""

    def __init__(self, parameters=None):
        super().__init__()
        self._keys = {}     # insertion-ordered key set; the values live as attributes
        self.update({} if parameters is None else parameters)

    def _key_to_attr(self, key):
        if not isinstance(key, str):
            raise TypeError(f"Index given to ParameterDict cannot be used as a key as it is not a "
                            f"string (type is '{type(key).__name__}'). Open an issue on github if "
                            f"you need non-string keys.")
        return key

    def __getitem__(self, key):
        return getattr(self, self._key_to_attr(key))

    def __setitem__(self, key, value):
        self._keys[key] = None      # recorded before the key is validated, as in torch
        setattr(self, self._key_to_attr(key), _as_parameter(value))

    def __delitem__(self, key):
        del self._keys[key]
        delattr(self, self._key_to_attr(key))

    def __len__(self):
        return len(self._keys)

    def __iter__(self):
        return iter(self._keys)

    def __reversed__(self):
        return reversed(self._keys)

    def copy(self):
        return ParameterDict(OrderedDict((k, self[k]) for k in self._keys))

    def __contains__(self, key):
        return key in self._keys

    def setdefault(self, key, default=None):
        if key in self:
            return self[key]
        self[key] = default
        return self[key]    # read back: a stored tensor comes back as its Parameter

    def clear(self):
        for key in list(self._keys):
            del self[key]

    def pop(self, key):
        return _pop(self, key)

    def popitem(self):
        newest, _ = self._keys.popitem()    # the empty-dict KeyError comes from here
        self._keys[newest] = None           # put back so pop() removes key and value together
        return newest, _pop(self, newest)

    def get(self, key, default=None):
        return self[key] if key in self else default

    def fromkeys(self, keys, default=None):
        return ParameterDict((k, default) for k in keys)

    def keys(self):
        return self._keys.keys()

    def items(self):
        return ((k, self[k]) for k in self._keys)

    def values(self):
        return (self[k] for k in self._keys)

    def update(self, parameters):
        if not isinstance(parameters, container_abcs.Iterable):
            raise TypeError("ParametersDict.update should be called with an iterable of key/value "
                            "pairs, but got " + type(parameters).__name__)
        if isinstance(parameters, (OrderedDict, ParameterDict)):
            pairs = parameters.items()
        elif isinstance(parameters, container_abcs.Mapping):
            pairs = sorted(parameters.items())
        else:
            pairs = _pairs(parameters, "ParameterDict")
        for key, parameter in pairs:
            self[key] = parameter

    def extra_repr(self):
        return "\n".join(_param_line(k, p, lambda t: t.type()) for k, p in self.items())

    def __call__(self, input):
        raise RuntimeError("ParameterDict should not be called.")

    def __or__(self, other):
        return _merged(self, other)

    def __ror__(self, other):
        return _merged(other, self)

    def __ior__(self, other):
        self.update(other)
        return self
