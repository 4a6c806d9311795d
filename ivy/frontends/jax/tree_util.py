"""``jax.tree_util``: pytrees with JAX's registry (lists, tuples, dicts in sorted key order,
``None`` as a node without children, namedtuples, ``OrderedDict``, ``defaultdict`` and classes
registered here). Anything else, ``jax.Array`` included, is a leaf; subclasses of ``dict``/``list``
are leaves unless registered, as in JAX. Pure Python: no backend is involved.
"""
from __future__ import annotations

import collections
import dataclasses
import difflib
import functools

__all__ = ["DictKey", "FlattenedIndexKey", "GetAttrKey", "KeyEntry", "KeyPath", "Partial",
           "PyTreeDef", "SequenceKey", "all_leaves", "default_registry", "flatten_one_level",
           "flatten_one_level_with_keys", "is_tree_node", "keystr", "register_dataclass",
           "register_pytree_node", "register_pytree_node_class", "register_pytree_with_keys",
           "register_pytree_with_keys_class", "register_static", "tree_all", "tree_broadcast",
           "tree_flatten", "tree_flatten_with_path", "tree_leaves", "tree_leaves_with_path",
           "tree_map", "tree_map_with_path", "tree_reduce", "tree_reduce_associative",
           "tree_structure", "tree_transpose", "tree_unflatten", "treedef_children",
           "treedef_is_leaf", "treedef_tuple"]


# ---- key path entries ---------------------------------------------------------------------------

class _Key:
    __slots__ = ()
    _field = ""

    def _value(self):
        return getattr(self, self._field)

    def __eq__(self, other):
        return type(other) is type(self) and self._value() == other._value()

    def __hash__(self):
        return hash((type(self), self._value()))

    def __repr__(self):
        return f"{type(self).__name__}({self._field}={self._value()!r})"


def _key_class(name: str, field: str, text: str, doc: str):
    """A key-path entry class holding one value in ``field``, printed as ``text.format(value)``."""
    def __init__(self, *value, **named):
        setattr(self, field, value[0] if value else named[field])

    def __str__(self):
        return text.format(getattr(self, field))
    return type(name, (_Key,), {"__slots__": (field,), "__module__": "jax.tree_util",
                                "__doc__": doc, "_field": field, "__init__": __init__,
                                "__str__": __str__})


DictKey = _key_class("DictKey", "key", "[{!r}]", "A dict entry in a key path: ``['a']``.")
SequenceKey = _key_class("SequenceKey", "idx", "[{!r}]",
                         "A list or tuple entry in a key path: ``[0]``.")
GetAttrKey = _key_class("GetAttrKey", "name", ".{}",
                        "An attribute in a key path (namedtuples, dataclasses): ``.name``.")
FlattenedIndexKey = _key_class("FlattenedIndexKey", "key", "[<flat index {}>]",
                               "The position of a child of a node registered without keys.")


KeyEntry = object
KeyPath = tuple


def keystr(keys, *, simple=False, separator=""):
    """Implements `jax.tree_util.keystr`."""
    if simple:
        return separator.join(str(k._value()) if isinstance(k, _Key) else str(k) for k in keys)
    return separator.join(map(str, keys))


# ---- the registry -------------------------------------------------------------------------------

class _Node:
    """How one node type splits into (children, aux, keys) and is rebuilt."""
    __slots__ = ("name", "split", "build", "keyed")

    def __init__(self, name, split, build, keyed=None):
        self.name, self.split, self.build, self.keyed = name, split, build, keyed


def _sorted_keys(d):
    try:
        return tuple(sorted(d))
    except TypeError:
        raise ValueError("Comparator raised exception while sorting pytree dictionary keys.") \
            from None


def _seq_keys(x):
    return [SequenceKey(i) for i in range(len(x))]


_TUPLE = _Node("tuple", lambda x: (x, None), lambda t, aux, ch: tuple(ch), _seq_keys)
_LIST = _Node("list", lambda x: (x, None), lambda t, aux, ch: list(ch), _seq_keys)
_NONE = _Node("None", lambda x: ((), None), lambda t, aux, ch: None, lambda x: [])


def _dict_split(x):
    keys = _sorted_keys(x)
    return tuple(x[k] for k in keys), keys


_DICT = _Node("dict", _dict_split, lambda t, aux, ch: dict(zip(aux, ch)),
              lambda x: [DictKey(k) for k in _sorted_keys(x)])
_NAMEDTUPLE = _Node("namedtuple", lambda x: (x, None), lambda t, aux, ch: t(*ch),
                    lambda x: [GetAttrKey(f) for f in type(x)._fields])
_ORDERED = _Node("OrderedDict", lambda x: (list(x.values()), tuple(x)),
                 lambda t, aux, ch: collections.OrderedDict(zip(aux, ch)),
                 lambda x: [DictKey(k) for k in x])


def _defaultdict_split(x):
    keys = _sorted_keys(x)
    return [x[k] for k in keys], (x.default_factory, keys)


_DEFAULTDICT = _Node("defaultdict", _defaultdict_split,
                     lambda t, aux, ch: collections.defaultdict(aux[0], zip(aux[1], ch)),
                     lambda x: [DictKey(k) for k in _sorted_keys(x)])
_REGISTRY = {tuple: _TUPLE, list: _LIST, dict: _DICT, type(None): _NONE,
             collections.OrderedDict: _ORDERED, collections.defaultdict: _DEFAULTDICT}


def _node_of(x):
    t = type(x)
    node = _REGISTRY.get(t)
    if node is None and isinstance(x, tuple) and hasattr(t, "_fields"):
        return _NAMEDTUPLE
    return node


def _register(nodetype, node):
    if nodetype in _REGISTRY:
        raise ValueError(f"Duplicate custom PyTreeDef type registration for {nodetype}.")
    _REGISTRY[nodetype] = node


def register_pytree_node(nodetype, flatten_func, unflatten_func, flatten_with_keys_func=None):
    """Implements `jax.tree_util.register_pytree_node`."""
    def split(x):
        children, aux = flatten_func(x)
        return (children if isinstance(children, (list, tuple)) else list(children)), aux

    def keyed(x):
        if flatten_with_keys_func is None:
            return [FlattenedIndexKey(i) for i in range(len(split(x)[0]))]
        return [k for k, _ in flatten_with_keys_func(x)[0]]
    _register(nodetype, _Node(nodetype.__name__, split,
                              lambda t, aux, ch: unflatten_func(aux, tuple(ch)), keyed))


def register_pytree_with_keys(nodetype, flatten_with_keys, unflatten_func, flatten_func=None):
    """Implements `jax.tree_util.register_pytree_with_keys`."""
    if flatten_func is None:
        def flatten_func(x):
            pairs, aux = flatten_with_keys(x)
            return [c for _, c in pairs], aux
    register_pytree_node(nodetype, flatten_func, unflatten_func, flatten_with_keys)


def register_pytree_node_class(cls):
    """Implements `jax.tree_util.register_pytree_node_class`."""
    register_pytree_node(cls, lambda x: x.tree_flatten(), cls.tree_unflatten)
    return cls


def register_pytree_with_keys_class(cls):
    """Implements `jax.tree_util.register_pytree_with_keys_class`."""
    flat = getattr(cls, "tree_flatten", None)
    register_pytree_with_keys(cls, lambda x: x.tree_flatten_with_keys(), cls.tree_unflatten,
                              None if flat is None else (lambda x: x.tree_flatten()))
    return cls


def register_dataclass(nodetype, data_fields=None, meta_fields=None, drop_fields=()):
    """Implements `jax.tree_util.register_dataclass` (fields marked ``static`` in their metadata
    are metadata when the fields are inferred)."""
    if data_fields is None or meta_fields is None:
        if (data_fields is None) != (meta_fields is None):
            raise TypeError("register_dataclass: data_fields and meta_fields must both be "
                            "specified when either is specified.")
        if not dataclasses.is_dataclass(nodetype):
            raise TypeError("register_dataclass: data_fields and meta_fields are required when "
                            f"nodetype is not a dataclass. Got nodetype={nodetype!r}")
        fields = [f for f in dataclasses.fields(nodetype) if f.init and f.name not in drop_fields]
        meta_fields = [f.name for f in fields if f.metadata.get("static", False)]
        data_fields = [f.name for f in fields if not f.metadata.get("static", False)]
    data_fields, meta_fields = tuple(data_fields), tuple(meta_fields)

    def split(x):
        return [getattr(x, n) for n in data_fields], tuple(getattr(x, n) for n in meta_fields)

    def build(t, aux, ch):
        return nodetype(**dict(zip(meta_fields, aux)), **dict(zip(data_fields, ch)))
    _register(nodetype, _Node(nodetype.__name__, split, build,
                              lambda x: [GetAttrKey(n) for n in data_fields]))
    return nodetype


def register_static(cls):
    """Implements `jax.tree_util.register_static`: instances are nodes without children, kept
    in the tree's structure (they must be hashable)."""
    _register(cls, _Node(cls.__name__, lambda x: ((), x), lambda t, aux, ch: aux, lambda x: []))
    return cls


def is_tree_node(typ) -> bool:
    """Implements `jax.tree_util.is_tree_node` (a type: registered or a namedtuple)."""
    return typ in _REGISTRY or (issubclass(typ, tuple) and hasattr(typ, "_fields"))


class _Registry:
    """``jax.tree_util.default_registry``: flattening with the one registry there is."""

    def flatten(self, tree, leaf_predicate=None):
        return tree_flatten(tree, leaf_predicate)


default_registry = _Registry()


# ---- PyTreeDef ----------------------------------------------------------------------------------

class PyTreeDef:
    """``jax.tree_util.PyTreeDef``: a node type, its metadata and its children's structures."""
    __slots__ = ("_node", "_type", "_aux", "_children", "num_leaves", "num_nodes", "_hash")
    __module__ = "jax.tree_util"

    def __init__(self, node, typ, aux, children):
        self._node, self._type, self._aux, self._children = node, typ, aux, tuple(children)
        self._hash = None
        if node is None:
            self.num_leaves, self.num_nodes = 1, 1
        else:
            self.num_leaves = sum(c.num_leaves for c in self._children)
            self.num_nodes = 1 + sum(c.num_nodes for c in self._children)

    def children(self):
        return list(self._children)

    def node_data(self):
        if self._node is None:
            return None
        return (self._type, list(self._aux) if self._node is _DICT else self._aux)

    def unflatten(self, leaves):
        it = iter(leaves)
        out = self._build(it)
        if next(it, _END) is not _END:
            raise ValueError(f"Too many leaves for PyTreeDef; expected {self.num_leaves}.")
        return out

    def _build(self, it):
        if self._node is None:
            x = next(it, _END)
            if x is _END:
                raise ValueError("Too few leaves for PyTreeDef; expected "
                                 f"{self.num_leaves}, got fewer.")
            return x
        return self._node.build(self._type, self._aux, [c._build(it) for c in self._children])

    def flatten_up_to(self, tree):
        """The subtrees of ``tree`` at this structure's leaves (``tree`` extends it)."""
        out: list = []
        _up_to(self, tree, out, "tree")
        return out

    def compose(self, inner):
        """This structure with each leaf replaced by ``inner``."""
        if self._node is None:
            return inner
        return PyTreeDef(self._node, self._type, self._aux,
                         [c.compose(inner) for c in self._children])

    @staticmethod
    def make_from_node_data_and_children(registry, node_data, children):
        typ, aux = node_data
        node = _REGISTRY.get(typ) or _NAMEDTUPLE
        return PyTreeDef(node, typ, tuple(aux) if node is _DICT else aux, children)

    def __eq__(self, other):
        return (isinstance(other, PyTreeDef) and self._node is other._node
                and self._type is other._type and self._aux == other._aux
                and self._children == other._children)

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        h = self._hash
        if h is None:
            h = self._hash = hash((self._type, self._children))
        return h

    def _describe(self):
        node = self._node
        if node is None:
            return "*"
        inner = ", ".join(c._describe() for c in self._children)
        if node is _NONE:
            return "None"
        if node is _LIST:
            return f"[{inner}]"
        if node is _TUPLE:
            return f"({inner}{',' if len(self._children) == 1 else ''})"
        if node is _DICT:
            return "{" + ", ".join(f"{k!r}: {c._describe()}"
                                   for k, c in zip(self._aux, self._children)) + "}"
        label = f"namedtuple[{self._type.__name__}]" if node is _NAMEDTUPLE else \
            f"{self._type.__name__}[{self._aux}]"
        return f"CustomNode({label}, [{inner}])"

    def __repr__(self):
        return f"PyTreeDef({self._describe()})"

    __str__ = __repr__

    def __reduce__(self):
        return (PyTreeDef._restore, (self._type, self._aux, self._children,
                                     self._node.name if self._node else None))

    @staticmethod
    def _restore(typ, aux, children, name):
        node = None if name is None else (_NAMEDTUPLE if name == "namedtuple" else _REGISTRY[typ])
        return PyTreeDef(node, typ, aux, children)


_END = object()
_LEAF = PyTreeDef(None, None, None, ())


def _where(path) -> str:
    """``path`` as a key path string: the root's name (a string), then each step's key. A step is
    (parent path, node, parent, child index), spelled out only for an error message."""
    parts = []
    while type(path) is tuple:
        path, node, parent, i = path
        parts.append(str(node.keyed(parent)[i] if node.keyed else FlattenedIndexKey(i)))
    return path + "".join(reversed(parts))


def _up_to(d: PyTreeDef, x, out, path):
    node = d._node
    if node is None:
        out.append(x)
        return
    got = _node_of(x)
    if got is not node or (node is _NAMEDTUPLE and type(x) is not d._type) or (
            node not in _BUILTIN and type(x) is not d._type) or (
            (node is _TUPLE or node is _LIST) and len(x) != len(d._children)):
        _mismatch(d, x, path)
    children, aux = node.split(x)
    if aux != d._aux and node is not _TUPLE and node is not _LIST:
        _mismatch(d, x, path)
    for i, (c_def, c) in enumerate(zip(d._children, children)):
        _up_to(c_def, c, out, (path, node, x, i))


def _mismatch(d: PyTreeDef, x, path):
    """Raise JAX's error for the first way ``x`` differs from ``d`` at ``path``."""
    what, node = _where(path), d._node
    got = _node_of(x)
    if got is not node or (node is _NAMEDTUPLE and type(x) is not d._type) or (
            node not in _BUILTIN and type(x) is not d._type):
        raise ValueError(f"pytree structure error: different types at key path\n    {what}\n"
                         f"At that key path, the prefix pytree {what} has a subtree of type\n"
                         f"    {d._type}\nbut at the same key path the full pytree has a "
                         f"subtree of different type\n    {type(x)}.")
    children, aux = node.split(x)
    if node is _TUPLE or node is _LIST:
        if len(children) != len(d._children):
            raise ValueError(f"pytree structure error: different lengths of {node.name} at key "
                             f"path\n    {what}\nAt that key path, the prefix pytree {what} has "
                             f"a subtree of type {node.name} of length {len(d._children)}, but "
                             f"the full pytree has a subtree of the same type but of length "
                             f"{len(children)}.")
    elif aux != d._aux:
        diff = "\n".join(difflib.ndiff([repr(d._aux)], [repr(aux)]))
        raise ValueError(f"pytree structure error: different pytree metadata at key path\n"
                         f"    {what}\nAt that key path, the prefix pytree {what} has a subtree "
                         f"of type\n    {d._type}\nwith metadata\n    {d._aux!r}\nbut at the "
                         f"same key path the full pytree has a subtree of the same type but "
                         f"with metadata\n    {aux!r}\nso the diff in the metadata at these "
                         f"pytree nodes is\n{diff}")
    raise ValueError(f"pytree structure error at key path {what}")


_BUILTIN = frozenset({_TUPLE, _LIST, _DICT, _NONE, _ORDERED, _DEFAULTDICT})


# ---- flattening ---------------------------------------------------------------------------------

def _flatten(x, out, is_leaf):
    if is_leaf is not None and is_leaf(x):
        out.append(x)
        return _LEAF
    t = type(x)
    if t is list or t is tuple:     # the common containers without the registry's indirection
        return PyTreeDef(_LIST if t is list else _TUPLE, t, None,
                         [_flatten(c, out, is_leaf) for c in x])
    if t is dict:
        keys = _sorted_keys(x)
        return PyTreeDef(_DICT, dict, keys, [_flatten(x[k], out, is_leaf) for k in keys])
    node = _node_of(x)
    if node is None:
        out.append(x)
        return _LEAF
    children, aux = node.split(x)
    return PyTreeDef(node, type(x), aux, [_flatten(c, out, is_leaf) for c in children])


def _flatten_path(x, path, out, is_leaf, takes_path):
    if is_leaf is not None and (is_leaf(path, x) if takes_path else is_leaf(x)):
        out.append((path, x))
        return _LEAF
    node = _node_of(x)
    if node is None:
        out.append((path, x))
        return _LEAF
    children, aux = node.split(x)
    keys = node.keyed(x)
    return PyTreeDef(node, type(x), aux, [_flatten_path(c, path + (k,), out, is_leaf, takes_path)
                                          for c, k in zip(children, keys)])


def tree_flatten(tree, is_leaf=None):
    """Implements `jax.tree_util.tree_flatten`."""
    out: list = []
    return out, _flatten(tree, out, is_leaf)


def tree_unflatten(treedef, leaves):
    """Implements `jax.tree_util.tree_unflatten`."""
    return treedef.unflatten(leaves)


def tree_leaves(tree, is_leaf=None):
    """Implements `jax.tree_util.tree_leaves`."""
    out: list = []
    _flatten(tree, out, is_leaf)
    return out


def tree_structure(tree, is_leaf=None):
    """Implements `jax.tree_util.tree_structure`."""
    return _flatten(tree, [], is_leaf)


def tree_flatten_with_path(tree, is_leaf=None, is_leaf_takes_path=False):
    """Implements `jax.tree_util.tree_flatten_with_path`."""
    out: list = []
    return out, _flatten_path(tree, (), out, is_leaf, is_leaf_takes_path)


def tree_leaves_with_path(tree, is_leaf=None, is_leaf_takes_path=False):
    """Implements `jax.tree_util.tree_leaves_with_path`."""
    return tree_flatten_with_path(tree, is_leaf, is_leaf_takes_path)[0]


def tree_map(f, tree, *rest, is_leaf=None):
    """Implements `jax.tree_util.tree_map` (``rest`` trees have ``tree``'s structure as a
    prefix)."""
    leaves, treedef = tree_flatten(tree, is_leaf)
    if not rest:
        return treedef.unflatten([f(x) for x in leaves])
    others = [_up_to_list(treedef, r) for r in rest]
    return treedef.unflatten([f(*xs) for xs in zip(leaves, *others)])


def _up_to_list(treedef, tree):
    out: list = []
    _up_to(treedef, tree, out, "tree_map tree")
    return out


def tree_map_with_path(f, tree, *rest, is_leaf=None, is_leaf_takes_path=False):
    """Implements `jax.tree_util.tree_map_with_path`."""
    pairs, treedef = tree_flatten_with_path(tree, is_leaf, is_leaf_takes_path)
    others = [_up_to_list(treedef, r) for r in rest]
    return treedef.unflatten([f(p, x, *xs) for (p, x), *xs in zip(pairs, *others)])


_UNSET = object()


def tree_reduce(function, tree, initializer=_UNSET, is_leaf=None):
    """Implements `jax.tree_util.tree_reduce`."""
    leaves = tree_leaves(tree, is_leaf)
    if initializer is _UNSET:
        return functools.reduce(function, leaves)
    return functools.reduce(function, leaves, initializer)


def tree_reduce_associative(operation, tree, *, identity=_UNSET, is_leaf=None):
    """Implements `jax.tree_util.tree_reduce_associative` (pairwise, as a balanced tree)."""
    leaves = tree_leaves(tree, is_leaf)
    if not leaves:
        if identity is _UNSET:
            raise TypeError("Must specify identity for parallel reduction of empty sequence.")
        return identity
    while len(leaves) > 1:
        pairs = [operation(a, b) for a, b in zip(leaves[::2], leaves[1::2])]
        leaves = pairs + ([leaves[-1]] if len(leaves) % 2 else [])
    return leaves[0]


def tree_all(tree, *, is_leaf=None):
    """Implements `jax.tree_util.tree_all`."""
    return all(tree_leaves(tree, is_leaf))


def all_leaves(iterable, is_leaf=None):
    """Implements `jax.tree_util.all_leaves`."""
    if is_leaf is None:
        return all(_node_of(x) is None for x in iterable)
    return all(tree_structure(x, is_leaf) == _LEAF for x in iterable)


def treedef_is_leaf(treedef):
    """Implements `jax.tree_util.treedef_is_leaf` (a leaf, or a node without children)."""
    return treedef.num_nodes == 1


def treedef_children(treedef):
    """Implements `jax.tree_util.treedef_children`."""
    return treedef.children()


def treedef_tuple(treedefs):
    """Implements `jax.tree_util.treedef_tuple`."""
    return PyTreeDef(_TUPLE, tuple, None, list(treedefs))


def flatten_one_level(tree):
    """Implements `jax.tree_util.flatten_one_level`."""
    node = _node_of(tree)
    if node is None:
        raise ValueError(f"can't tree-flatten type: {type(tree)}")
    children, aux = node.split(tree)
    return children, aux


def flatten_one_level_with_keys(tree):
    """Implements `jax.tree_util.flatten_one_level_with_keys`."""
    children, aux = flatten_one_level(tree)
    return tuple(zip(_node_of(tree).keyed(tree), children)), aux


def tree_transpose(outer_treedef, inner_treedef, pytree_to_transpose):
    """Implements `jax.tree_util.tree_transpose`."""
    inners = outer_treedef.flatten_up_to(pytree_to_transpose)
    if inner_treedef is None:
        inner_treedef = tree_structure(inners[0]) if inners else _LEAF
    try:
        columns = [inner_treedef.flatten_up_to(x) for x in inners]
    except ValueError:
        columns = None
    full = outer_treedef.compose(inner_treedef)
    if columns is None or tree_structure(pytree_to_transpose) != full:
        raise TypeError(f"Mismatch\n{tree_structure(pytree_to_transpose)}\n != \n{full}")
    return inner_treedef.unflatten([outer_treedef.unflatten(list(col))
                                    for col in zip(*columns)] if columns else
                                   [outer_treedef.unflatten([])] * inner_treedef.num_leaves)


def tree_broadcast(prefix_tree, full_tree, is_leaf=None):
    """Implements `jax.tree_util.tree_broadcast`."""
    leaves, treedef = tree_flatten(prefix_tree, is_leaf)
    subtrees = treedef.flatten_up_to(full_tree)
    return treedef.unflatten([tree_map(lambda _, v=v: v, s, is_leaf=is_leaf)
                              for v, s in zip(leaves, subtrees)])


# ---- Partial ------------------------------------------------------------------------------------

class Partial(functools.partial):
    """``jax.tree_util.Partial``: a ``functools.partial`` whose arguments are pytree children."""
    __module__ = "jax.tree_util"

    def __new__(cls, func, *args, **kw):
        if isinstance(func, functools.partial):
            original, func = func, func.func
            args, kw = original.args + args, {**original.keywords, **kw}
            return super().__new__(cls, func, *args, **kw)
        return super().__new__(cls, func, *args, **kw)


register_pytree_node(Partial, lambda p: ((p.args, p.keywords), p.func),
                     lambda func, xs: Partial(func, *xs[0], **xs[1]))
