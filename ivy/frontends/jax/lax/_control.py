"""``jax.lax`` control flow on ivy's core (``ivy.cond``/``switch``/``while_loop``/``fori_loop``/
``scan``/``map``) and the collectives outside a mapped axis.

The core runs the user's functions on native arrays (on the jax backend inside ``jax.lax``'s own
tracing): each function is wrapped so it sees frontend ``Array``s with the weak types of the values
it was given, and hands natives back; the weak types of its outputs are remembered and restored
on the results. Python scalars in operands and carries become weak arrays, as in JAX.
"""
from __future__ import annotations

import operator

import ivy
from ivy.core import dtypes as D

from .._array import Array, _wrap, asarray, flat_weak, rewrap, tracing
from .._dtypes import native_name

_PY = (bool, int, float, complex)
_NO_OPERAND = object()


def _is_value(v):
    return isinstance(v, Array) or type(v) in _PY or ivy.is_native_array(v) or \
        hasattr(v, "__array__") and not isinstance(v, (list, tuple, dict))


def _unwrap(tree):
    """(tree of natives, leaf weak flags) of a tree of frontend values."""
    leaves, treedef = ivy.tree.flatten(tree)
    natives, weaks = [], []
    for v in leaves:
        if _is_value(v):
            a = v if isinstance(v, Array) else asarray(v)
            natives.append(a._data)
            weaks.append(flat_weak(a))
        else:
            natives.append(v)
            weaks.append(False)
    return ivy.tree.unflatten(treedef, natives), weaks


def _rewrap(tree, weaks):
    leaves, treedef = ivy.tree.flatten(tree)
    if weaks is None or len(weaks) != len(leaves):
        weaks = [False] * len(leaves)
    return ivy.tree.unflatten(treedef, [rewrap(v, w) if ivy.is_native_array(v) else v
                                        for v, w in zip(leaves, weaks)])


class _Lifted:
    """``f`` on natives: arguments wrapped with the given weak flags, outputs unwrapped; the
    outputs' weak flags are kept in ``out_weaks``."""
    __slots__ = ("f", "in_weaks", "out_weaks", "__weakref__")    # jax caches traces weakly

    def __init__(self, f, *in_weaks):
        self.f, self.in_weaks, self.out_weaks = f, in_weaks, None

    def __call__(self, *args):
        with tracing():     # JAX traces control-flow bodies: their arrays are tracers
            wrapped = [_rewrap(a, w) for a, w in zip(args, self.in_weaks)]
            out, self.out_weaks = _unwrap(self.f(*wrapped))
        return out


def _operands(operands, operand, fn):
    """(natives, per-operand weak flags) of cond/switch operands."""
    if operand is not _NO_OPERAND:
        if operands:
            raise TypeError(f"{fn}: pass operands positionally or as operand=, not both")
        operands = (operand,)
    pairs = [_unwrap(o) for o in operands]
    return [p[0] for p in pairs], [p[1] for p in pairs]


def _pred(pred, fn):
    p = pred if isinstance(pred, Array) else asarray(pred)
    if p.ndim:
        raise TypeError(f"Pred must be a scalar, got {p} of shape {p.shape}.")
    name = native_name(p._data)
    if name != "bool":
        return ivy.not_equal(p._data, ivy.zeros_like(p._data))
    return p._data


def cond(pred, true_fun, false_fun, *operands, operand=_NO_OPERAND):
    """Implements `jax.lax.cond`."""
    natives, weaks = _operands(operands, operand, "cond")
    t, f = _Lifted(true_fun, *weaks), _Lifted(false_fun, *weaks)
    out = ivy.cond(_pred(pred, "cond"), lambda *a: t(*a), lambda *a: f(*a), *natives)
    return _rewrap(out, t.out_weaks if t.out_weaks is not None else f.out_weaks)


def switch(index, branches, *operands, operand=_NO_OPERAND):
    """Implements `jax.lax.switch`: the index is clamped into range."""
    i = index if isinstance(index, Array) else asarray(index)
    if native_name(i._data) not in D.INTEGRAL:
        raise TypeError(f"Index type must be an integer, got {index} as {i.dtype}")
    if i.ndim:
        raise TypeError(f"Branch index must be scalar, got {index} of shape {i.shape}.")
    natives, weaks = _operands(operands, operand, "switch")
    lifted = [_Lifted(b, *weaks) for b in branches]
    if not lifted:
        raise ValueError("Empty branch sequence")
    out = ivy.switch(i._data, [(lambda b: lambda *a: b(*a))(b) for b in lifted], *natives)
    return _rewrap(out, next((b.out_weaks for b in lifted if b.out_weaks is not None), None))


def while_loop(cond_fun, body_fun, init_val):
    """Implements `jax.lax.while_loop`."""
    natives, weaks = _unwrap(init_val)
    c, b = _Lifted(cond_fun, weaks), _Lifted(body_fun, weaks)

    def cond_native(v):
        return _scalar_native(c(v))

    out = ivy.while_loop(cond_native, b, natives)
    return _rewrap(out, b.out_weaks if b.out_weaks is not None else weaks)


def _scalar_native(v):
    leaves = ivy.tree.leaves(v)
    return leaves[0] if leaves else v


def fori_loop(lower, upper, body_fun, init_val, *, unroll=None):
    """Implements `jax.lax.fori_loop`: ``i`` has the bounds' integer dtype (weak for Python
    ints). ``unroll`` only tunes compiled loops."""
    if unroll is not None and not isinstance(unroll, (bool, int)):
        raise TypeError(f"fori_loop: unroll must be an int or a bool, got {unroll!r}")
    lo = lower if isinstance(lower, Array) else asarray(lower)
    hi = upper if isinstance(upper, Array) else asarray(upper)
    for b in (lo, hi):
        if native_name(b._data) not in D.INTEGRAL:
            raise TypeError(f"lower and upper arguments to fori_loop must have integer dtype, "
                            f"got {b.dtype}")
    i_weak = lo.weak_type and hi.weak_type
    natives, weaks = _unwrap(init_val)
    body = _Lifted(body_fun, [i_weak], weaks)
    bound = lower if type(lower) is int else lo._data
    out = ivy.fori_loop(bound, upper if type(upper) is int else hi._data, body, natives)
    return _rewrap(out, body.out_weaks if body.out_weaks is not None else weaks)


def scan(f, init, xs=None, length=None, reverse=False, unroll=1, _split_transpose=False):
    """Implements `jax.lax.scan`: ``(carry, ys)``; ``unroll`` only tunes compiled loops."""
    if _split_transpose:
        raise NotImplementedError("lax.scan: _split_transpose is not supported")
    carry, cweaks = _unwrap(init)
    xs_n, xweaks = _unwrap(xs)
    lifted = _Lifted(f, cweaks, xweaks)
    if length is not None:
        length = operator.index(length)
    out_c, ys = ivy.scan(lambda c, x: tuple(lifted(c, x)), carry, xs_n, length=length,
                         reverse=reverse, unroll=unroll)
    ow = lifted.out_weaks or []
    n_carry = len(ivy.tree.leaves(carry))
    return _rewrap(out_c, ow[:n_carry] or cweaks), _rewrap(ys, ow[n_carry:])


def map(f, xs, *, batch_size=None):  # noqa: A001 — lax.map
    """Implements `jax.lax.map` (``batch_size`` changes only how the work is chunked)."""
    if batch_size is not None and (not isinstance(batch_size, int) or batch_size < 1):
        raise ValueError(f"lax.map: batch_size must be a positive integer, got {batch_size!r}")
    natives, weaks = _unwrap(xs)
    lifted = _Lifted(f, weaks)
    out = ivy.map(lifted, natives)
    return _rewrap(out, lifted.out_weaks)


def associative_scan(fn, elems, reverse=False, axis=0):
    """Implements `jax.lax.associative_scan` by doubling: log2(n) vectorized calls of ``fn``."""
    leaves, treedef = ivy.tree.flatten(elems)
    arrs = [v if isinstance(v, Array) else asarray(v) for v in leaves]
    if not arrs:
        return elems
    nd = arrs[0].ndim
    ax = axis + nd if axis < 0 else axis
    if not 0 <= ax < nd:
        raise ValueError(f"associative_scan: axis {axis} out of range for rank {nd}")
    n = arrs[0].shape[ax]
    if any(a.shape[ax] != n for a in arrs):
        raise ValueError("associative_scan: array inputs must have the same size along axis, got "
                         f"{[a.shape[ax] for a in arrs]}")
    data = [ivy.flip(a._data, axis=ax) if reverse else a._data for a in arrs]
    weaks = [a.weak_type for a in arrs]

    def part(v, start, stop):
        return ivy.get_item(v, (slice(None),) * ax + (slice(start, stop),))

    shift = 1
    while shift < n:
        lo = ivy.tree.unflatten(treedef, [_wrap(part(v, 0, n - shift), w)
                                          for v, w in zip(data, weaks)])
        hi = ivy.tree.unflatten(treedef, [_wrap(part(v, shift, n), w)
                                          for v, w in zip(data, weaks)])
        combined = ivy.tree.leaves(fn(lo, hi))
        data = [ivy.concat([part(v, 0, shift), c._data if isinstance(c, Array) else
                            asarray(c)._data], axis=ax) for v, c in zip(data, combined)]
        weaks = [w and (not isinstance(c, Array) or c.weak_type) for w, c in zip(weaks, combined)]
        shift *= 2
    if reverse:
        data = [ivy.flip(v, axis=ax) for v in data]
    return ivy.tree.unflatten(treedef, [_wrap(v, w) for v, w in zip(data, weaks)])


# ---- collectives: outside a mapped axis ------------------------------------------------------
# JAX raises NameError for an axis name no enclosing pmap/vmap/shard_map binds; an empty tuple of
# axis names reduces over nothing.

def _unbound(axis_name):
    names = axis_name if isinstance(axis_name, (tuple, list)) else (axis_name,)
    if names:
        raise NameError(f"unbound axis name: {names[0]}")


def _collective(name):
    def f(x, axis_name, *, axis_index_groups=None):
        _unbound(axis_name)
        if axis_index_groups is not None:
            raise NotImplementedError(f"lax.{name}: axis_index_groups is not supported")
        return x
    f.__name__ = f.__qualname__ = name
    f.__doc__ = (f"Implements `jax.lax.{name}` outside a mapped axis: the identity over no axes "
                 f"(``axis_name=()``), NameError for an unbound axis name.")
    return f


def all_gather(x, axis_name, *, axis_index_groups=None, axis=0, tiled=False, to="varying"):
    """Implements `jax.lax.all_gather` outside a mapped axis (NameError for an unbound name)."""
    _unbound(axis_name)
    raise NotImplementedError("lax.all_gather over no axes is not supported")


def all_to_all(x, axis_name, split_axis, concat_axis, *, axis_index_groups=None, tiled=False):
    """Implements `jax.lax.all_to_all` outside a mapped axis (NameError for an unbound name)."""
    _unbound(axis_name)
    raise NotImplementedError("lax.all_to_all over no axes is not supported")


def pswapaxes(x, axis_name, axis, *, axis_index_groups=None):
    """Implements `jax.lax.pswapaxes` outside a mapped axis (NameError for an unbound name)."""
    _unbound(axis_name)
    raise NotImplementedError("lax.pswapaxes over no axes is not supported")


def axis_index(axis_name):
    """Implements `jax.lax.axis_index` outside a mapped axis: NameError, as JAX."""
    raise NameError(f"Found an unbound axis name: {axis_name}. To fix this, please call "
                    f"axis_index under `jax.shard_map`.")


def axis_size(axis_name):
    """Implements `jax.lax.axis_size` outside a mapped axis: NameError, as JAX."""
    raise NameError(f"unbound axis name: {axis_name}")


def ppermute(x, axis_name, perm):
    """Implements `jax.lax.ppermute`: only meaningful inside a mapped axis."""
    raise NotImplementedError("Evaluation rule for 'ppermute' not implemented")


def with_sharding_constraint(x, shardings):
    """Implements `jax.lax.with_sharding_constraint` on one device: the identity."""
    if shardings is None:
        raise ValueError("One of with_sharding_constraint arguments got sharding None which is "
                         "not allowed. Please only pass `jax.sharding.Sharding` instances.")
    return x


FUNCTIONS = dict(cond=cond, switch=switch, while_loop=while_loop, fori_loop=fori_loop,
                 scan=scan, map=map, associative_scan=associative_scan, all_gather=all_gather,
                 all_to_all=all_to_all, pswapaxes=pswapaxes,
                 axis_index=axis_index, axis_size=axis_size, ppermute=ppermute,
                 with_sharding_constraint=with_sharding_constraint)
for _name in ("psum", "pmean", "pmax", "pmin"):
    FUNCTIONS[_name] = _collective(_name)
del _name
