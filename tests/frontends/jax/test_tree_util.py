"""jax.tree_util / jax.tree: the same programs run with real JAX and with ivy's frontend give the
same results (compared by repr: leaves, PyTreeDefs, key paths) and the same exception types.
Pytrees are pure Python; one test checks that ``jax.Array``s are leaves on each backend."""
import collections
import dataclasses
import functools

import numpy as np
import pytest

import ivy

NT = collections.namedtuple("NT", "a b")
TREE = {"b": [1, None, (2, 3)], "a": NT(4, {"z": 5}),
        "c": collections.OrderedDict([("y", 6), ("x", 7)]),
        "d": collections.defaultdict(int, {"k": 8})}


def _real():
    import jax
    return jax


def _ours():
    from ivy.frontends import jax
    return jax


def _classes(tu, tree_mod):
    """Fresh user classes registered with ``tu`` (each registry gets its own)."""
    @functools.partial(tu.register_dataclass, data_fields=["x"], meta_fields=["n"])
    @dataclasses.dataclass
    class C:
        x: object
        n: int

    @tu.register_dataclass
    @dataclasses.dataclass
    class C2:
        x: object
        n: int = tree_mod.static(default=2)

    @tu.register_pytree_node_class
    class K:
        def __init__(self, a, b):
            self.a, self.b = a, b

        def tree_flatten(self):
            return (self.a, self.b), "aux"

        @classmethod
        def tree_unflatten(cls, aux, children):
            return cls(*children)

        def __repr__(self):
            return f"K({self.a}, {self.b})"

    class W:
        def __init__(self, v):
            self.v = v

        def __repr__(self):
            return f"W({self.v})"

    tu.register_pytree_with_keys(W, lambda w: (((tu.GetAttrKey("v"), w.v),), None),
                                 lambda aux, ch: W(*ch))

    @tu.register_static
    class S:
        def __hash__(self):
            return 1

        def __eq__(self, other):
            return type(other) is type(self)

        def __repr__(self):
            return "S()"
    return C, C2, K, W, S


_CLASSES = {}


def _run(jax, program):
    tu = jax.tree_util
    if id(jax) not in _CLASSES:
        _CLASSES[id(jax)] = _classes(tu, jax.tree)
    return program(jax, tu, *_CLASSES[id(jax)])


PROGRAMS = {
    "flatten": lambda jax, tu, *c: (tu.tree_flatten(TREE), tu.tree_structure(TREE).num_nodes,
                                    tu.tree_structure(TREE).children(),
                                    tu.tree_structure(TREE).node_data()),
    "unflatten": lambda jax, tu, *c: tu.tree_unflatten(tu.tree_structure(TREE), range(8)),
    "paths": lambda jax, tu, *c: [(tu.keystr(p), tu.keystr(p, simple=True, separator="/"), x)
                                  for p, x in tu.tree_flatten_with_path(TREE)[0]],
    "leaves_structure": lambda jax, tu, *c: (tu.tree_leaves([None, (), {}, [1]]),
                                             tu.tree_structure(None), tu.tree_structure(1),
                                             tu.tree_structure((1,)), tu.tree_structure([])),
    "map": lambda jax, tu, *c: (tu.tree_map(lambda x, y: x + y, [1, (2, 3)], [10, (20, 30)]),
                                tu.tree_map(lambda x, y: (x, y), [1, 2], [(3, 4), 5]),
                                tu.tree_map(lambda x: 0, [1, None], is_leaf=lambda x: x is None),
                                jax.tree.map(lambda x: x * 2, TREE)),
    "map_with_path": lambda jax, tu, *c: tu.tree_map_with_path(lambda p, x: tu.keystr(p),
                                                               [1, {"a": 2}]),
    "leaves_with_path": lambda jax, tu, *c: (
        tu.tree_leaves_with_path([1, {"a": 2}]),
        tu.tree_leaves_with_path([1, [2]], is_leaf=lambda p, x: len(p) == 1,
                                 is_leaf_takes_path=True)),
    "reduce_all": lambda jax, tu, *c: (tu.tree_reduce(lambda a, b: a + b, [1, 2, 3]),
                                       tu.tree_reduce(lambda a, b: a + b, [], 0),
                                       tu.tree_reduce_associative(lambda a, b: a + b, [1, 2, 3]),
                                       tu.tree_all([1, True]), tu.tree_all([]),
                                       tu.all_leaves([1, 2]), tu.all_leaves([[1]]),
                                       tu.all_leaves([1, None])),
    "transpose": lambda jax, tu, *c: (
        tu.tree_transpose(tu.tree_structure([0, 0]), tu.tree_structure((0, 0, 0)),
                          [(1, 2, 3), (4, 5, 6)]),
        jax.tree.transpose(tu.tree_structure([0, 0]), None, [(1, 2, 3), (4, 5, 6)])),
    "broadcast": lambda jax, tu, *c: jax.tree.broadcast([1, (2, 3)], [[1, 2], ((3, 4), 5)]),
    "treedefs": lambda jax, tu, *c: (
        tu.treedef_is_leaf(tu.tree_structure(1)), tu.treedef_is_leaf(tu.tree_structure(None)),
        tu.treedef_is_leaf(tu.tree_structure([1])),
        tu.treedef_tuple([tu.tree_structure(1), tu.tree_structure([1, 2])]),
        tu.treedef_children(tu.tree_structure((1, [2]))),
        tu.tree_structure((1, [2])).compose(tu.tree_structure([3, 3])),
        tu.tree_structure({"a": 1, "b": 2}) == tu.tree_structure({"b": 1, "a": 2}),
        tu.tree_structure([1, 2]) == tu.tree_structure((1, 2)),
        tu.tree_structure([1, (2, 3)]).flatten_up_to([[1], ({"x": 2}, 3)])),
    "one_level": lambda jax, tu, *c: (tu.flatten_one_level({"b": 1, "a": 2}),
                                      tu.flatten_one_level_with_keys([1, 2]),
                                      tu.is_tree_node(int), tu.is_tree_node(list),
                                      tu.is_tree_node(NT)),
    "keys": lambda jax, tu, *c: (
        [(repr(k), str(k)) for k in (tu.DictKey("a"), tu.SequenceKey(0), tu.GetAttrKey("x"),
                                     tu.FlattenedIndexKey(1))],
        tu.DictKey("a") == tu.DictKey("a"), tu.DictKey(0) == tu.SequenceKey(0),
        tu.keystr(()), tu.keystr((tu.DictKey(1),))),
    "dataclass": lambda jax, tu, C, C2, *c: (
        tu.tree_flatten_with_path(C(1, 3))[0], tu.tree_leaves(C2(1, 3)),
        tu.tree_map(lambda v: v + 1, C(1, 3)).x, tu.tree_map(lambda v: v + 1, C2(1)).n),
    "custom_nodes": lambda jax, tu, C, C2, K, W, S: (
        tu.tree_flatten_with_path(K(1, [2]))[0], tu.tree_structure(K(1, [2])).node_data()[1],
        tu.tree_unflatten(tu.tree_structure(K(1, 2)), [5, 6]),
        tu.tree_flatten_with_path(W([1, 2]))[0], tu.tree_map(lambda x: -x, W((1, 2))),
        tu.tree_leaves([S(), 1]), tu.tree_map(lambda x: x, [S(), 1])),
    "partial": lambda jax, tu, *c: (tu.tree_leaves(tu.Partial(max, 1, b=2)),
                                    tu.Partial(tu.Partial(max, 1), 2)(0),
                                    tu.tree_map(lambda x: x * 10, tu.Partial(max, 1))(2)),
    "leaf_subclasses": lambda jax, tu, *c: (tu.tree_leaves(collections.Counter(a=1)),
                                            tu.tree_leaves(type("D", (dict,), {})(a=1))),
}

ERRORS = {
    "map_none_vs_leaf": lambda jax, tu: tu.tree_map(lambda a, b: a, [1, None], [2, 3]),
    "map_lengths": lambda jax, tu: tu.tree_map(lambda a, b: a, [1, 2], [2, 3, 4]),
    "map_keys": lambda jax, tu: tu.tree_map(lambda a, b: a, {"a": 1}, {"b": 1}),
    "unflatten_many": lambda jax, tu: tu.tree_unflatten(tu.tree_structure([1]), [1, 2]),
    "unflatten_few": lambda jax, tu: tu.tree_unflatten(tu.tree_structure([1, 2]), [1]),
    "unsortable_keys": lambda jax, tu: tu.tree_leaves({1: 2, "a": 3}),
    "reduce_empty": lambda jax, tu: tu.tree_reduce(max, []),
    "one_level_leaf": lambda jax, tu: tu.flatten_one_level(1),
    "transpose_mismatch": lambda jax, tu: tu.tree_transpose(
        tu.tree_structure([0, 0]), tu.tree_structure((0, 0)), [(1, 2, 3), (4, 5, 6)]),
}


def _norm(text):
    return text.replace("jax.tree_util.", "").replace("jaxlib._jax.pytree.", "")


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_program_matches_jax(name):
    want = _run(_real(), PROGRAMS[name])
    got = _run(_ours(), PROGRAMS[name])
    assert _norm(repr(got)) == _norm(repr(want))


@pytest.mark.parametrize("name", list(ERRORS))
def test_error_matches_jax(name):
    errors = []
    for jax in (_real(), _ours()):
        with pytest.raises(Exception) as info:
            ERRORS[name](jax, jax.tree_util)
        errors.append(info.value)
    assert type(errors[1]) is type(errors[0]), errors


def test_pickle_and_hash():
    import pickle
    tu = _ours().tree_util
    d = tu.tree_structure(TREE)
    assert pickle.loads(pickle.dumps(d)) == d
    assert hash(d) == hash(tu.tree_structure(TREE))
    with pytest.raises(ValueError):
        tu.register_pytree_node(list, lambda x: (x, None), lambda a, c: list(c))


def test_arrays_are_leaves(backend):
    jax = _ours()
    from ivy.frontends.jax import numpy as jnp
    with ivy.using_backend(backend):
        x = jnp.ones(2)
        leaves, treedef = jax.tree.flatten({"w": x, "b": [jnp.asarray(1.0), None]})
        assert len(leaves) == 2 and leaves[1] is x and treedef.num_leaves == 2
        doubled = jax.tree.map(lambda a: a * 2, {"w": x})
        assert np.asarray(doubled["w"]).tolist() == [2.0, 2.0]
        assert jax.tree.leaves(ivy.ones((2,))) != []      # native arrays are leaves too
