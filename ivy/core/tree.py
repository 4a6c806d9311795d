"""Pytrees, as JAX defines them: nested lists, tuples, namedtuples and dicts of leaves.

A dict's children are taken in sorted key order (as ``jax.tree_util`` does), ``None`` is a node
with no children (so it holds no leaf and is rebuilt as ``None``), and anything else is a leaf.
``flatten`` gives the leaves left to right and a ``TreeDef`` that ``unflatten`` rebuilds the
structure from; two trees have the same structure when their ``TreeDef``s are equal.
"""
from __future__ import annotations

__all__ = ["TreeDef", "LEAF", "flatten", "unflatten", "leaves", "structure", "tree_map",
           "broadcast_prefix", "is_namedtuple"]


class TreeDef:
    """The structure of a pytree: a node kind, its metadata and its children's TreeDefs."""

    __slots__ = ("kind", "meta", "children", "num_leaves")

    def __init__(self, kind, meta, children):
        self.kind = kind            # "leaf", "none", "tuple", "list", "dict", "namedtuple"
        self.meta = meta            # dict: the sorted keys (and type); namedtuple: its class
        self.children = children
        self.num_leaves = 1 if kind == "leaf" else sum(c.num_leaves for c in children)

    def __eq__(self, other):
        return (isinstance(other, TreeDef) and self.kind == other.kind
                and self.meta == other.meta and self.children == other.children)

    def __hash__(self):
        return hash((self.kind, self.meta, self.children))

    def __repr__(self):
        return f"TreeDef({_describe(self)})"


LEAF = TreeDef("leaf", None, ())
_NONE = TreeDef("none", None, ())


def is_namedtuple(x) -> bool:
    return isinstance(x, tuple) and hasattr(type(x), "_fields")


def _describe(d: TreeDef) -> str:
    if d.kind == "leaf":
        return "*"
    if d.kind == "none":
        return "None"
    inner = ", ".join(_describe(c) for c in d.children)
    if d.kind == "list":
        return f"[{inner}]"
    if d.kind == "dict":
        items = (f"{k!r}: {_describe(c)}" for k, c in zip(d.meta[1], d.children))
        return "{" + ", ".join(items) + "}"
    if d.kind == "namedtuple":
        return f"{d.meta.__name__}({inner})"
    return f"({inner}{',' if len(d.children) == 1 else ''})"


def _flatten_into(x, out: list, is_leaf) -> TreeDef:
    if is_leaf is not None and is_leaf(x):
        out.append(x)
        return LEAF
    if x is None:
        return _NONE
    t = type(x)
    if t is tuple or t is list:
        return TreeDef(t.__name__, None, tuple(_flatten_into(c, out, is_leaf) for c in x))
    if isinstance(x, dict):
        keys = tuple(sorted(x))
        return TreeDef("dict", (t, keys), tuple(_flatten_into(x[k], out, is_leaf) for k in keys))
    if isinstance(x, tuple) and hasattr(t, "_fields"):
        return TreeDef("namedtuple", t, tuple(_flatten_into(c, out, is_leaf) for c in x))
    if isinstance(x, list):
        return TreeDef("list", None, tuple(_flatten_into(c, out, is_leaf) for c in x))
    if isinstance(x, tuple):
        return TreeDef("tuple", None, tuple(_flatten_into(c, out, is_leaf) for c in x))
    out.append(x)
    return LEAF


def flatten(tree, is_leaf=None):
    """(leaves, treedef) of ``tree``; ``is_leaf(x)`` True stops the descent at ``x``."""
    out: list = []
    return out, _flatten_into(tree, out, is_leaf)


def _build(d: TreeDef, it):
    kind = d.kind
    if kind == "leaf":
        return next(it)
    if kind == "none":
        return None
    children = [_build(c, it) for c in d.children]
    if kind == "tuple":
        return tuple(children)
    if kind == "list":
        return children
    if kind == "dict":
        t, keys = d.meta
        return t(zip(keys, children))
    return d.meta(*children)


def unflatten(treedef: TreeDef, leaves):
    """The tree of structure ``treedef`` holding ``leaves`` (in order)."""
    it = iter(leaves)
    tree = _build(treedef, it)
    if next(it, _END) is not _END:
        raise ValueError(f"unflatten: more leaves than the {treedef.num_leaves} of {treedef!r}")
    return tree


_END = object()


def leaves(tree, is_leaf=None) -> list:
    return flatten(tree, is_leaf)[0]


def structure(tree, is_leaf=None) -> TreeDef:
    return flatten(tree, is_leaf)[1]


def tree_map(f, tree, *rest, is_leaf=None):
    """``f`` applied leafwise to ``tree`` and the trees in ``rest`` (which share its structure)."""
    flat, treedef = flatten(tree, is_leaf)
    if not rest:
        return unflatten(treedef, [f(x) for x in flat])
    others = []
    for r in rest:
        r_flat, r_def = flatten(r, is_leaf)
        if r_def != treedef:
            raise ValueError(f"tree_map: structures differ: {treedef!r} and {r_def!r}")
        others.append(r_flat)
    return unflatten(treedef, [f(*xs) for xs in zip(flat, *others)])


def broadcast_prefix(prefix, tree, is_prefix_leaf=None, what="prefix"):
    """One entry of ``prefix`` per leaf of ``tree``: ``prefix`` is a tree whose structure is a
    prefix of ``tree``'s (JAX's rule for ``in_axes``/``out_axes``); each of its leaves applies to
    the whole subtree of ``tree`` under it. ``is_prefix_leaf`` marks leaves of ``prefix`` (None
    counts as a leaf there, as in JAX's axis specs)."""
    out: list = []
    leaf = is_prefix_leaf or (lambda x: x is None)

    def walk(p, t):
        if leaf(p) or _top(p)[0] == "leaf":
            out.extend([p] * structure(t).num_leaves)
            return
        if _top(p) != _top(t):
            raise ValueError(f"{what} {p!r} is not a tree prefix of the argument structure "
                             f"{structure(t)!r}")
        for pc, tc in zip(_children(p), _children(t)):
            walk(pc, tc)

    walk(prefix, tree)
    return out


def _top(x):
    """The node kind and metadata of ``x`` (its structure one level deep)."""
    if x is None:
        return ("none", None, 0)
    t = type(x)
    if isinstance(x, dict):
        return ("dict", tuple(sorted(x)), len(x))
    if is_namedtuple(x):
        return ("namedtuple", t, len(x))
    if isinstance(x, (list, tuple)):
        return ("list" if isinstance(x, list) else "tuple", None, len(x))
    return ("leaf", None, 0)


def _children(x):
    if isinstance(x, dict):
        return [x[k] for k in sorted(x)]
    if isinstance(x, (list, tuple)):
        return list(x)
    return []
