"""Helpers shared by the layer modules: torch's ``_single``/``_pair``/``_triple`` and the class
factory for thin wrapper modules (activations, losses)."""
import ast
import collections.abc
from itertools import repeat

from .module import Module


def _ntuple(n, name="parse"):
    def parse(x):
        if isinstance(x, collections.abc.Iterable):
            return tuple(x)
        return tuple(repeat(x, n))
    parse.__name__ = name
    return parse


_single = _ntuple(1, "_single")
_pair = _ntuple(2, "_pair")
_triple = _ntuple(3, "_triple")
_quadruple = _ntuple(4, "_quadruple")


def _reverse_repeat_tuple(t, n):
    return tuple(x for x in reversed(t) for _ in range(n))


def _list_with_default(out_size, defaults):
    if isinstance(out_size, (int, type(None))):
        return out_size
    if len(defaults) <= len(out_size):
        raise ValueError(f"Input dimension should be at least {len(out_size) + 1}")
    return [v if v is not None else d for v, d in zip(out_size, defaults[-len(out_size):])]


def store(self, **kwargs):
    """The default body of a generated ``__init__``: ``Module.__init__`` then one attribute per
    argument."""
    Module.__init__(self)
    for k, v in kwargs.items():
        setattr(self, k, v)


def make_module(name, params, forward, extra_repr=None, base=Module, init=store, module=None,
                doc=None):
    """A ``base`` subclass ``name`` whose ``__init__`` has exactly the signature ``params`` (Python
    source, torch's names, defaults and keyword-only marker; ``None`` keeps the base's) and passes
    every argument by name to ``init``; ``forward`` and ``extra_repr`` become its methods."""
    namespace = {"forward": forward, "__module__": module or __name__,
                 "__doc__": doc or f"Implements ``torch.nn.{name}``."}
    if extra_repr is not None:
        namespace["extra_repr"] = extra_repr
    if params is not None:
        args = ast.parse(f"def f({params}): pass").body[0].args
        names = [a.arg for a in args.args + args.kwonlyargs]
        src = (f"def __init__(self, {params}):\n"
               f"    _init(self, {', '.join(f'{n}={n}' for n in names)})\n")
        scope = {"_init": init}
        exec(compile(src, f"<torch.nn.{name}.__init__>", "exec"), scope)   # noqa: S102
        scope["__init__"].__qualname__ = f"{name}.__init__"
        scope["__init__"].__module__ = namespace["__module__"]
        namespace["__init__"] = scope["__init__"]
    cls = type(name, (base,), namespace)
    cls.__qualname__ = name
    return cls
