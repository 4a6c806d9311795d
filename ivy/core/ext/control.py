"""Core extension area `control` (see ``_area.py``): ``jax.lax``'s structured control flow.

``cond``, ``switch``, ``while_loop``, ``fori_loop``, ``scan`` and ``map`` with JAX's semantics:
pytree operands and carries (``ivy.core.tree``), a carry keeps its structure, ``switch`` clamps
its index, ``scan`` stacks the per-step outputs along a new leading axis (in the order of ``xs``,
also when ``reverse``). Python scalars in a carry become arrays of the default dtypes.

The default bodies below run the loops in Python, one call of the body per step: exact on every
backend and transparent to autodiff (``torch.func.grad`` differentiates through them). A predicate
that cannot be read as a Python bool (a batched tensor under ``torch.func.vmap``) makes ``cond``
and ``switch`` evaluate every branch and select, as ``jax.vmap`` does. jax overrides all of them
with ``jax.lax``; tensorflow with ``tf.cond``/``tf.switch_case``/``tf.while_loop`` in graphs.
``unroll`` only tunes compiled loops and does not change results.
"""
from __future__ import annotations

from .. import tree as _tree
from ..errors import IvyNotImplementedError, IvyTypeError, IvyValueError
from ._area import Area

area = Area("control", "")

_PY_SCALARS = (bool, int, float, complex)


def arrays(xp, tree):
    """``tree`` with its Python scalars as arrays of the default dtypes (JAX's conversion)."""
    leaves, treedef = _tree.flatten(tree)
    if not any(isinstance(x, _PY_SCALARS) for x in leaves):
        return tree
    return _tree.unflatten(treedef, [xp.asarray(x) if isinstance(x, _PY_SCALARS) else x
                                     for x in leaves])


def check_structure(expected, got, what: str, qualname: str) -> None:
    if expected != got:
        raise IvyTypeError(f"ivy.{qualname}: {what} must have the same pytree structure, but "
                           f"they differ: {expected!r} and {got!r}", function=qualname)


def scalar_predicate(xp, pred, qualname: str):
    """A Python bool of ``pred``, or None when it cannot be read (a batched or traced value)."""
    if isinstance(pred, _PY_SCALARS):
        return bool(pred)
    shape = xp.shape(pred)
    if shape != ():
        raise IvyTypeError(f"ivy.{qualname}: Pred must be a scalar, got {pred!r} of shape "
                           f"{shape}.", function=qualname)
    try:
        return bool(pred)
    except Exception:          # noqa: BLE001 — a batched (vmap) or symbolic value
        return None


def select(xp, pred, on_true, on_false, qualname: str):
    """Leafwise ``where(pred, on_true, on_false)`` of two trees of one structure."""
    t_leaves, t_def = _tree.flatten(arrays(xp, on_true))
    f_leaves, f_def = _tree.flatten(arrays(xp, on_false))
    check_structure(t_def, f_def, "branch outputs", qualname)
    p = pred if xp.dtype(pred) == "bool" else xp.not_equal(pred, 0)
    return _tree.unflatten(t_def, [xp.where(p, a, b) for a, b in zip(t_leaves, f_leaves)])


@area.compositional
def cond(xp, pred, true_fun, false_fun, *operands):
    """Implements `jax.lax.cond`: ``true_fun(*operands)`` if ``pred`` else ``false_fun(...)``."""
    take = scalar_predicate(xp, pred, "cond")
    if take is None:
        return select(xp, pred, true_fun(*operands), false_fun(*operands), "cond")
    return (true_fun if take else false_fun)(*operands)


@area.compositional
def switch(xp, index, branches, *operands):
    """Implements `jax.lax.switch`: ``branches[clamp(index, 0, len - 1)](*operands)``."""
    branches = list(branches)
    if not branches:
        raise IvyValueError("ivy.switch: Empty branch sequence", function="switch")
    last = len(branches) - 1
    if isinstance(index, _PY_SCALARS):
        i = int(index)
    else:
        if xp.shape(index) != ():
            raise IvyTypeError(f"ivy.switch: Branch index must be scalar, got shape "
                               f"{xp.shape(index)}", function="switch")
        try:
            i = int(index)
        except Exception:      # noqa: BLE001 — batched index: evaluate every branch, select
            i = None
        if i is None:
            index = xp.clip(index, min=0, max=last)
            out = branches[last](*operands)
            for k in range(last - 1, -1, -1):
                out = select(xp, xp.equal(index, k), branches[k](*operands), out, "switch")
            return out
    return branches[min(max(i, 0), last)](*operands)


@area.compositional
def while_loop(xp, cond_fun, body_fun, init_val):
    """Implements `jax.lax.while_loop`: apply ``body_fun`` while ``cond_fun(val)``."""
    val = arrays(xp, init_val)
    treedef = None
    while _loop_predicate(xp, cond_fun(val)):
        val = arrays(xp, body_fun(val))
        if treedef is None:
            treedef = _tree.structure(init_val)
            check_structure(treedef, _tree.structure(val), "body_fun output and input",
                            "while_loop")
    return val


def _loop_predicate(xp, pred):
    take = scalar_predicate(xp, pred, "while_loop")
    if take is None:
        raise IvyNotImplementedError(f"ivy.while_loop ({xp.name} backend): a loop predicate that "
                                     f"differs between mapped examples is not supported",
                                     function="while_loop", backend=xp.name)
    return take


@area.compositional
def fori_loop(xp, lower, upper, body_fun, init_val):
    """Implements `jax.lax.fori_loop`: ``val = body_fun(i, val)`` for i in [lower, upper); i is
    an array of the bounds' integer dtype (int64 for Python ints)."""
    dtype = next((xp.dtype(b) for b in (lower, upper) if not isinstance(b, _PY_SCALARS)),
                 "int64")
    val = arrays(xp, init_val)
    treedef = None
    for i in range(int(lower), int(upper)):
        val = arrays(xp, body_fun(xp.asarray(i, dtype=dtype), val))
        if treedef is None:
            treedef = _tree.structure(init_val)
            check_structure(treedef, _tree.structure(val), "body_fun output and input",
                            "fori_loop")
    return val


def scan_length(xp, xs_leaves, length, qualname="scan") -> int:
    sizes = {xp.shape(x)[0] if xp.shape(x) else None for x in xs_leaves}
    if None in sizes:
        raise IvyValueError(f"ivy.{qualname}: scan got value with no leading axis to scan "
                            f"over", function=qualname)
    if length is not None:
        length = int(length)
        if sizes and sizes != {length}:
            raise IvyValueError(f"ivy.{qualname}: scan got `length` argument of {length} which "
                                f"disagrees with leading axis sizes {sorted(sizes)}.",
                                function=qualname)
        return length
    if not sizes:
        raise IvyValueError(f"ivy.{qualname}: scan got no values to scan over and `length` not "
                            f"provided.", function=qualname)
    if len(sizes) > 1:
        raise IvyValueError(f"ivy.{qualname}: scan got values with different leading axis sizes: "
                            f"{sorted(sizes)}.", function=qualname)
    return sizes.pop()


def check_unroll(unroll, qualname="scan"):
    if isinstance(unroll, bool) or (isinstance(unroll, int) and unroll >= 1):
        return
    raise IvyValueError(f"ivy.{qualname}: unroll must be a positive int or a bool, got "
                        f"{unroll!r}", function=qualname)


@area.compositional
def scan(xp, f, init, xs=None, length=None, reverse=False, unroll=1):
    """Implements `jax.lax.scan`: ``(carry, ys)`` of ``carry, y = f(carry, x)`` over the leading
    axis of ``xs``, ``ys`` stacked along a new leading axis."""
    check_unroll(unroll)
    xs_leaves, xs_def = _tree.flatten(xs)
    n = scan_length(xp, xs_leaves, length)
    if n == 0:
        raise IvyNotImplementedError(f"ivy.scan ({xp.name} backend): a scan of length 0 needs "
                                     f"tracing, which the {xp.name} backend cannot do",
                                     function="scan", backend=xp.name)
    slices = [xp.unstack(x, axis=0) for x in xs_leaves]
    carry = arrays(xp, init)
    carry_def = _tree.structure(carry)
    ys = [None] * n
    y_def = None
    for i in (range(n - 1, -1, -1) if reverse else range(n)):
        out = f(carry, _tree.unflatten(xs_def, [s[i] for s in slices]))
        if not (isinstance(out, (tuple, list)) and len(out) == 2):
            raise IvyTypeError("ivy.scan: the scanned function must return a pair (carry, y)",
                               function="scan")
        carry = arrays(xp, out[0])
        y_leaves, d = _tree.flatten(out[1])
        if y_def is None:
            check_structure(carry_def, _tree.structure(carry), "scan body function carry input "
                            "and carry output", "scan")
            y_def = d
        ys[i] = y_leaves
    stacked = [xp.stack([xp.asarray(y[j]) for y in ys], axis=0) for j in range(y_def.num_leaves)]
    return carry, _tree.unflatten(y_def, stacked)


@area.compositional
def map(xp, f, xs):  # noqa: A001 — the name jax.lax.map has
    """Implements `jax.lax.map`: ``f`` over the leading axis of ``xs``, results stacked."""
    return xp.scan(lambda carry, x: (carry, f(x)), None, xs)[1]
