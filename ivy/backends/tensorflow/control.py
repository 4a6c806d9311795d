"""Area `control` on tensorflow: eagerly, the core's Python loops (what ``tf.while_loop`` does in
eager mode too); while tracing (``tf.function``, ``vectorized_map``), ``tf.cond``,
``tf.switch_case`` and ``tf.while_loop`` (``scan`` writes its outputs to ``TensorArray``s) on the
flattened pytrees."""
from __future__ import annotations

import tensorflow as tf

from ivy.core import tree as _tree
from ivy.core.ext import control as _C

from ._base import NAME

_PY = (bool, int, float, complex)


def _xp():
    from ivy.core.registry import backend_namespace
    return backend_namespace(NAME)


def _eager(*values):
    return tf.executing_eagerly() or all(isinstance(v, _PY) for v in values)


def _flat_tensors(xp, tree):
    leaves, treedef = _tree.flatten(_C.arrays(xp, tree))
    return [tf.convert_to_tensor(x) for x in leaves], treedef


def _as_bool(pred):
    pred = tf.convert_to_tensor(pred)
    return pred if pred.dtype == tf.bool else tf.not_equal(pred, tf.zeros((), pred.dtype))


def _branches(xp, fns, operands, qualname):
    defs = [None] * len(fns)

    def make(k, fn):
        def run():
            leaves, defs[k] = _flat_tensors(xp, fn(*operands))
            return leaves
        return run
    return [make(k, fn) for k, fn in enumerate(fns)], defs


def _one_structure(defs, qualname):
    for d in defs[1:]:
        _C.check_structure(defs[0], d, "branch outputs", qualname)
    return defs[0]


def cond(pred, true_fun, false_fun, *operands):
    """``jax.lax.cond``: ``tf.cond`` while tracing."""
    xp = _xp()
    if _eager(pred):
        return _C.cond(xp, pred, true_fun, false_fun, *operands)
    (t, f), defs = _branches(xp, (true_fun, false_fun), operands, "cond")
    out = tf.cond(_as_bool(pred), t, f)
    return _tree.unflatten(_one_structure(defs, "cond"), out)


def switch(index, branches, *operands):
    """``jax.lax.switch``: ``tf.switch_case`` on the clamped index while tracing."""
    xp = _xp()
    branches = list(branches)
    if _eager(index) or not branches:
        return _C.switch(xp, index, branches, *operands)
    fns, defs = _branches(xp, branches, operands, "switch")
    i = tf.clip_by_value(tf.cast(index, tf.int32), 0, len(branches) - 1)
    out = tf.switch_case(i, fns)
    return _tree.unflatten(_one_structure(defs, "switch"), out)


def while_loop(cond_fun, body_fun, init_val):
    """``jax.lax.while_loop``: ``tf.while_loop`` while tracing."""
    xp = _xp()
    if tf.executing_eagerly():
        return _C.while_loop(xp, cond_fun, body_fun, init_val)
    leaves, treedef = _flat_tensors(xp, init_val)

    def body(*ls):
        out, d = _flat_tensors(xp, body_fun(_tree.unflatten(treedef, ls)))
        _C.check_structure(treedef, d, "body_fun output and input", "while_loop")
        return out

    out = tf.while_loop(lambda *ls: _as_bool(cond_fun(_tree.unflatten(treedef, ls))), body,
                        leaves)
    return _tree.unflatten(treedef, out)


def fori_loop(lower, upper, body_fun, init_val):
    """``jax.lax.fori_loop``: ``tf.while_loop`` while tracing."""
    xp = _xp()
    if tf.executing_eagerly():
        return _C.fori_loop(xp, lower, upper, body_fun, init_val)
    dtype = next((b.dtype for b in (lower, upper) if not isinstance(b, _PY)), tf.int64)
    lo, hi = tf.cast(lower, dtype), tf.cast(upper, dtype)
    return while_loop(lambda c: c[0] < hi, lambda c: (c[0] + 1, body_fun(c[0], c[1])),
                      (lo, init_val))[1]


def scan(f, init, xs=None, length=None, reverse=False, unroll=1):
    """``jax.lax.scan``: ``tf.while_loop`` writing ``TensorArray``s while tracing (the first
    step runs before the loop, to learn the outputs' structure, dtypes and shapes)."""
    xp = _xp()
    if tf.executing_eagerly():
        return _C.scan(xp, f, init, xs, length, reverse, unroll)
    _C.check_unroll(unroll)
    xs_leaves, xs_def = _tree.flatten(xs)
    xs_leaves = [tf.convert_to_tensor(x) for x in xs_leaves]
    n = _C.scan_length(xp, xs_leaves, length)
    carry, carry_def = _flat_tensors(xp, init)

    def step(k, carry_leaves):
        i = n - 1 - k if reverse else k
        out = f(_tree.unflatten(carry_def, carry_leaves),
                _tree.unflatten(xs_def, [x[i] for x in xs_leaves]))
        if not (isinstance(out, (tuple, list)) and len(out) == 2):
            raise _C.IvyTypeError("ivy.scan: the scanned function must return a pair (carry, y)",
                                  function="scan")
        new_carry, d = _flat_tensors(xp, out[0])
        _C.check_structure(carry_def, d, "scan body function carry input and carry output",
                           "scan")
        y, y_def = _flat_tensors(xp, out[1])
        return i, new_carry, y, y_def

    if n == 0:
        return _C.scan(xp, f, init, xs, length, reverse, unroll)   # raises as the loop does
    i0, carry, y0, y_def = step(0, carry)
    arrays = [tf.TensorArray(y.dtype, size=n, element_shape=y.shape).write(i0, y) for y in y0]

    def body(k, carry_leaves, tas):
        i, new_carry, y, _ = step(k, carry_leaves)
        return k + 1, new_carry, [ta.write(i, v) for ta, v in zip(tas, y)]

    _, carry, arrays = tf.while_loop(lambda k, c, t: k < n, body,
                                     (tf.constant(1), carry, arrays))
    return (_tree.unflatten(carry_def, carry),
            _tree.unflatten(y_def, [ta.stack() for ta in arrays]))
