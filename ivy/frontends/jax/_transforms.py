"""JAX's function transformations (``jax.grad``, ``jax.jit``, ``jax.vmap``...) on ivy's core ones.

The core transforms take functions of native arrays. Each transform here flattens the user's
pytrees with ``jax.tree_util``'s registry (so registered classes and dataclasses work), hands the
core a function of the flat native leaves (``_Flat``), which rebuilds the user's trees of
``jax.Array``s, calls the user's function and flattens its result, and finally wraps the core's
natives back with JAX's weak types: a gradient or cotangent has its primal's weak type, a value
or tangent its output's.

Known deviations (each raises or is documented where it applies):
- ``custom_jvp``/``custom_vjp`` run on the core's flat primitives (``ivy.custom_jvp``/
  ``custom_vjp``): reverse mode everywhere; forward mode (``jvp``, ``linearize``) of a custom_jvp
  function raises ``NotImplementedError`` on tensorflow; ``nondiff_argnames`` raises;
  ``symbolic_zeros=True`` is accepted and no symbolic zero is ever passed (JAX *may* pass them
  for unperturbed inputs; ivy passes dense zeros): a custom_vjp's ``fwd`` then gets each
  differentiable leaf as ``CustomVJPPrimal(value, perturbed=True)``, and rules may return
  ``SymbolicZero``/None tangents and cotangents.
- ``jit`` compiles with the backend's compiler (jax: ``jax.jit``, tensorflow: ``tf.function``;
  torch and numpy: ``ivy.trace_graph``, the body run once per signature and its core calls
  replayed); a function the backend cannot trace (it needs concrete values) runs eagerly instead. ``checkpoint``'s ``policy`` and ``jit``'s shardings and donation are
  memory/placement hints for one device: accepted, with no effect on values.
- ``eval_shape`` runs the function on zeros; ``linearize``'s function recomputes the forward pass.
- ``make_jaxpr`` lists ``ivy.trace_graph``'s recording as a jaxpr: one equation per core call
  (see ``make_jaxpr``); ``.lower()`` raises ``NotImplementedError`` (there is no XLA HLO).
- ``vmap``: ``out_axes=None`` is checked by value where the backend's vmap loops (numpy,
  tensorflow's fallback), so an output equal across examples passes; ``axis_name`` is accepted
  (ivy has no collectives to use it).
"""
from __future__ import annotations

import contextlib
import functools
import inspect

import numpy as np

import ivy

from . import tree_util as tu
from ._array import (Array, ShapedArray, _wrap, as_tracer, asarray, concrete, flat_weak, rewrap,
                     tracing)
from ._dtypes import NP, config, name_of, native_name

_FLOATING = frozenset({"float16", "bfloat16", "float32", "float64"})
_COMPLEX = frozenset({"complex64", "complex128"})
_INEXACT = _FLOATING | _COMPLEX
_NOT_SPECIFIED = object()


# ---- flattening user pytrees to natives and back ------------------------------------------------

def _leaf_native(x):
    """(native, weak) of one argument leaf (JAX's rule: arrays and scalars only)."""
    if type(x) is Array:
        return x._data, x.weak_type
    if isinstance(x, Array):
        return x._data, flat_weak(x)
    try:
        a = asarray(x)
    except TypeError:
        raise TypeError(f"Argument '{x}' of type {type(x)} is not a valid JAX type") from None
    return a._data, a.weak_type


def _natives(leaves):
    pairs = [_leaf_native(x) for x in leaves]
    return [p[0] for p in pairs], [p[1] for p in pairs]


def _wrap_all(natives, weaks):
    return [rewrap(n, w) for n, w in zip(natives, weaks)]


class _Out:
    """A function result flattened for the core; ``unpack`` rebuilds it with its weak types."""
    __slots__ = ("treedef", "weaks", "others")

    def pack(self, tree, strict=True):
        leaves, self.treedef = tu.tree_flatten(tree)
        if strict:
            natives, self.weaks = _natives(leaves)
            self.others = None
            return tuple(natives)
        # has_aux's auxiliary data: arrays travel through the core, anything else waits here
        self.others = [None if isinstance(x, Array) else x for x in leaves]
        self.weaks = [flat_weak(x) if isinstance(x, Array) else None for x in leaves]
        return tuple(x._data for x in leaves if isinstance(x, Array))

    def unpack(self, natives, weaks=None):
        weaks = self.weaks if weaks is None else weaks
        if self.others is None:
            return self.treedef.unflatten(_wrap_all(natives, weaks))
        it = iter(natives)
        return self.treedef.unflatten([rewrap(next(it), w) if o is None else o
                                       for o, w in zip(self.others, weaks)])


def _argnums(argnums, nargs, fn):
    nums = (argnums,) if isinstance(argnums, int) else tuple(argnums)
    for n in nums:
        if not isinstance(n, int) or isinstance(n, bool):
            raise TypeError(f"{fn}: argnums must be an int or a tuple of ints, got {argnums!r}")
        if not -nargs <= n < nargs:
            raise TypeError(f"differentiating with respect to argnums={argnums} requires at least "
                            f"{max(k if k >= 0 else -k - 1 for k in nums) + 1} positional "
                            f"arguments to be passed by the caller, but got only {nargs} "
                            f"positional arguments.")
    return tuple(n % nargs for n in nums)


class _Diff:
    """The arguments ``argnums`` selects, flattened: ``rebuild(natives)`` is the argument list
    with them replaced by arrays wrapping ``natives``; ``tree(leaves)`` is their pytree."""
    __slots__ = ("args", "nums", "single", "treedef", "natives", "weaks")

    def __init__(self, args, argnums, fn):
        self.args, self.nums = args, _argnums(argnums, len(args), fn)
        self.single = isinstance(argnums, int)
        diff = args[self.nums[0]] if self.single else tuple(args[i] for i in self.nums)
        leaves, self.treedef = tu.tree_flatten(diff)
        self.natives, self.weaks = _natives(leaves)

    def rebuild(self, natives):
        new = list(self.args)
        parts = self.treedef.unflatten(_wrap_all(natives, self.weaks))
        for i, part in zip(self.nums, (parts,) if self.single else parts):
            new[i] = part
        return new

    def tree(self, natives, weaks=None):
        return self.treedef.unflatten(_wrap_all(natives, self.weaks if weaks is None else weaks))


def _check_inputs(diff, holomorphic, allow_int, fn="grad"):
    for n in diff.natives:
        name = native_name(n)
        if holomorphic and name not in _COMPLEX:
            raise TypeError(f"{fn} with holomorphic=True requires inputs with complex dtype, but "
                            f"got {name}.")
        if name not in _INEXACT:
            if allow_int:
                raise NotImplementedError(f"{fn}(allow_int=True): gradients with respect to "
                                          f"{name} inputs (float0) are not supported by ivy")
            raise TypeError(f"{fn} requires real- or complex-valued inputs (input dtype that is "
                            f"a sub-dtype of np.inexact), but got {name}. If you want to use "
                            f"Boolean- or integer-valued inputs, use vjp or set allow_int to "
                            f"True.")


def _check_output(out, holomorphic, fn="grad"):
    if not isinstance(out, Array):
        out = asarray(out)
    if out.shape != ():
        raise TypeError(f"Gradient only defined for scalar-output functions. Output had shape: "
                        f"{out.shape}.")
    name = native_name(out._data)
    if holomorphic:
        if name not in _COMPLEX:
            raise TypeError(f"{fn} with holomorphic=True requires outputs with complex dtype, "
                            f"but got {name}.")
    elif name not in _FLOATING:
        raise TypeError(f"{fn} requires real-valued outputs (output dtype that is a sub-dtype of "
                        f"np.floating), but got {name}. For holomorphic differentiation, pass "
                        f"holomorphic=True. For differentiation of non-holomorphic functions "
                        f"involving complex outputs, use jax.vjp directly.")
    return out


def _split_aux(out, has_aux):
    if not has_aux:
        return out, None
    if not (isinstance(out, (tuple, list)) and len(out) == 2):
        raise TypeError(f"expected function with aux output to return a two-element tuple, but "
                        f"got type {type(out)}")
    return out[0], out[1]


# ---- grad and value_and_grad --------------------------------------------------------------------

def _value_and_grad_call(fun, argnums, has_aux, holomorphic, allow_int, fn, args, kwargs):
    diff = _Diff(args, argnums, fn)
    _check_inputs(diff, holomorphic, allow_int, fn)
    value_box, aux_box = _Out(), _Out()

    def flat(*natives):
        out, aux = _split_aux(fun(*diff.rebuild(natives), **kwargs), has_aux)
        out = _check_output(out, holomorphic, fn)
        value_box.treedef, value_box.weaks, value_box.others = None, [out.weak_type], None
        return (out._data, aux_box.pack(aux, strict=False)) if has_aux else out._data

    n = len(diff.natives)
    if holomorphic:
        res = ivy.vjp(flat, *diff.natives, has_aux=has_aux)
        value, pullback = res[0], res[1]
        grads = pullback(ivy.ones_like(value))
        aux = res[2] if has_aux else None
    else:
        res = ivy.value_and_grad(flat, argnums=tuple(range(n)), has_aux=has_aux)(
            *diff.natives)
        (value, aux), grads = res if has_aux else ((res[0], None), res[1])
    value = _wrap(value, value_box.weaks[0])
    g = diff.tree(list(grads))
    if has_aux:
        return (value, aux_box.unpack(aux)), g
    return value, g


def value_and_grad(fun, argnums=0, has_aux=False, holomorphic=False, allow_int=False,
                   reduce_axes=()):
    """Implements `jax.value_and_grad`."""
    _no_reduce_axes(reduce_axes, "value_and_grad")

    @functools.wraps(fun)
    def value_and_grad_f(*args, **kwargs):
        return _value_and_grad_call(fun, argnums, has_aux, holomorphic, allow_int,
                                    "value_and_grad", args, kwargs)
    return value_and_grad_f


def grad(fun, argnums=0, has_aux=False, holomorphic=False, allow_int=False, reduce_axes=()):
    """Implements `jax.grad`."""
    _no_reduce_axes(reduce_axes, "grad")

    @functools.wraps(fun)
    def grad_f(*args, **kwargs):
        value, g = _value_and_grad_call(fun, argnums, has_aux, holomorphic, allow_int, "grad",
                                        args, kwargs)
        return (g, value[1]) if has_aux else g
    return grad_f


def _no_reduce_axes(reduce_axes, fn):
    if reduce_axes:
        raise NotImplementedError(f"jax.{fn}: reduce_axes is not supported")


# ---- vjp, jvp, linearize ------------------------------------------------------------------------

def vjp(fun, *primals, has_aux=False, reduce_axes=()):
    """Implements `jax.vjp`: ``(out, vjp_fn)`` or ``(out, vjp_fn, aux)``."""
    _no_reduce_axes(reduce_axes, "vjp")
    leaves, treedef = tu.tree_flatten(primals)
    natives, weaks = _natives(leaves)
    out_box, aux_box = _Out(), _Out()

    def flat(*ns):
        out, aux = _split_aux(fun(*treedef.unflatten(_wrap_all(ns, weaks))), has_aux)
        packed = out_box.pack(out)
        return (packed, aux_box.pack(aux, strict=False)) if has_aux else packed

    res = ivy.vjp(flat, *natives, has_aux=has_aux)
    out_natives, pullback = res[0], res[1]
    out_avals = [(tuple(o.shape), native_name(o)) for o in out_natives]

    def vjp_fn(cotangent):
        c_leaves, c_def = tu.tree_flatten(cotangent)
        if c_def != out_box.treedef:
            raise ValueError(f"unexpected tree structure.\n\nThe argument to a VJP function "
                             f"returned by `jax.vjp` must match the pytree structure of the "
                             f"differentiated function {fun} output: expected "
                             f"{out_box.treedef}, got {c_def}.")
        cts = _natives(c_leaves)[0]
        for ct, (shape, dt) in zip(cts, out_avals):
            got = (tuple(ct.shape), native_name(ct))
            if got != (shape, dt):
                raise ValueError(f"unexpected JAX type (e.g. shape/dtype) for argument to VJP "
                                 f"function: got {got[1]}{list(got[0])}, but expected "
                                 f"{dt}{list(shape)} because the corresponding output of the "
                                 f"differentiated function had that type.")
        grads = pullback(tuple(cts))
        return treedef.unflatten(_wrap_all(list(grads), weaks))

    out = out_box.unpack(list(out_natives))
    if has_aux:
        return out, vjp_fn, aux_box.unpack(res[2])
    return out, vjp_fn


def _jvp_trees(primals, tangents):
    if not isinstance(primals, (tuple, list)) or not isinstance(tangents, (tuple, list)):
        raise TypeError(f"primal and tangent arguments to jax.jvp must be tuples or lists; found "
                        f"{type(primals).__name__} and {type(tangents).__name__}.")
    p_leaves, p_def = tu.tree_flatten(primals)
    t_leaves, t_def = tu.tree_flatten(tangents)
    if p_def != t_def:
        raise TypeError(f"primal and tangent arguments to jax.jvp must have the same tree "
                        f"structure; primals have tree structure {p_def} whereas tangents have "
                        f"tree structure {t_def}.")
    p_nat, p_weak = _natives(p_leaves)
    t_nat = _natives(t_leaves)[0]
    for p, t in zip(p_nat, t_nat):
        if native_name(p) != native_name(t) or tuple(p.shape) != tuple(t.shape):
            raise TypeError(f"primal and tangent arguments to jax.jvp do not match; dtypes must "
                            f"be equal, or in case of int/bool primal dtype the tangent dtype "
                            f"must be float0.Got primal dtype {native_name(p)} and so expected "
                            f"tangent dtype {native_name(p)}, but got tangent dtype "
                            f"{native_name(t)} instead.")
    return p_nat, p_weak, t_nat, p_def


def jvp(fun, primals, tangents, has_aux=False):
    """Implements `jax.jvp`: ``(out, tangent_out)`` or ``(out, tangent_out, aux)``."""
    p_nat, p_weak, t_nat, p_def = _jvp_trees(primals, tangents)
    out_box, aux_box = _Out(), _Out()

    def flat(*ns):
        out, aux = _split_aux(fun(*p_def.unflatten(_wrap_all(ns, p_weak))), has_aux)
        packed = out_box.pack(out)
        return (packed, aux_box.pack(aux, strict=False)) if has_aux else packed

    res = ivy.jvp(flat, tuple(p_nat), tuple(t_nat), has_aux=has_aux)
    out, tan = out_box.unpack(list(res[0])), out_box.unpack(list(res[1]))
    return (out, tan, aux_box.unpack(res[2])) if has_aux else (out, tan)


def linearize(fun, *primals, has_aux=False):
    """Implements `jax.linearize`; the returned function recomputes the forward pass."""
    res = jvp(fun, primals, primals, has_aux=has_aux)

    def f_jvp(*tangents):
        return jvp(fun, primals, tangents, has_aux=has_aux)[1]
    return (res[0], f_jvp, res[2]) if has_aux else (res[0], f_jvp)


# ---- Jacobians ----------------------------------------------------------------------------------

def _jacobian(core_name, fn, weak_of):
    def make(fun, argnums=0, has_aux=False, holomorphic=False):
        if holomorphic:
            raise NotImplementedError(f"jax.{fn}: holomorphic=True is not supported")

        @functools.wraps(fun)
        def jac_f(*args, **kwargs):
            diff = _Diff(args, argnums, fn)
            for n in diff.natives:
                name = native_name(n)
                if name not in _FLOATING:
                    raise TypeError(f"{fn} requires real-valued inputs (input dtype that is a "
                                    f"sub-dtype of np.floating), but got {name}. For "
                                    f"holomorphic differentiation, pass holomorphic=True. For "
                                    f"differentiation of non-holomorphic functions involving "
                                    f"complex inputs or integer inputs, use jax.vjp directly.")
            out_box, aux_box = _Out(), _Out()

            def flat(*ns):
                out, aux = _split_aux(fun(*diff.rebuild(ns), **kwargs), has_aux)
                packed = out_box.pack(out)
                return (packed, aux_box.pack(aux, strict=False)) if has_aux else packed

            res = getattr(ivy, core_name)(flat, argnums=tuple(range(len(diff.natives))),
                                          has_aux=has_aux)(*diff.natives)
            rows, aux = (res if has_aux else (res, None))
            blocks = [diff.tree(list(row), [weak_of(wi, wo) for wi in diff.weaks])
                      for row, wo in zip(rows, out_box.weaks)]
            j = out_box.treedef.unflatten(blocks)
            return (j, aux_box.unpack(aux)) if has_aux else j
        return jac_f
    make.__name__ = make.__qualname__ = fn
    make.__doc__ = f"Implements `jax.{fn}` (real inputs)."
    return make


_jacrev = _jacobian("jacrev", "jacrev", lambda w_in, w_out: w_in)
jacfwd = _jacobian("jacfwd", "jacfwd", lambda w_in, w_out: w_out)


def jacrev(fun, argnums=0, has_aux=False, holomorphic=False, allow_int=False):
    """Implements `jax.jacrev` (real inputs)."""
    if allow_int:
        raise NotImplementedError("jax.jacrev: allow_int=True (float0 results) is not supported")
    return _jacrev(fun, argnums, has_aux, holomorphic)


jacobian = jacrev


def hessian(fun, argnums=0, has_aux=False, holomorphic=False):
    """Implements `jax.hessian`: ``jacfwd(jacrev(fun))``."""
    return jacfwd(jacrev(fun, argnums, has_aux, holomorphic), argnums, has_aux, holomorphic)


# ---- vmap ---------------------------------------------------------------------------------------

def _axes_per_leaf(prefix, tree, what):
    p_leaves, p_def = tu.tree_flatten(prefix, is_leaf=lambda x: x is None)
    try:
        subtrees = p_def.flatten_up_to(tree)
    except ValueError:
        raise ValueError(f"{what} specification must be a tree prefix of the corresponding "
                         f"value, got specification {prefix} for value tree "
                         f"{tu.tree_structure(tree)}.") from None
    out = []
    for ax, sub in zip(p_leaves, subtrees):
        if ax is not None and (not isinstance(ax, int) or isinstance(ax, bool)):
            raise TypeError(f"{what} must be an int, None, or (nested) container with those "
                            f"types as leaves, but got {ax!r}.")
        out.extend([ax] * tu.tree_structure(sub).num_leaves)
    return out


def vmap(fun, in_axes=0, out_axes=0, axis_name=None, axis_size=None, spmd_axis_name=None,
         sum_match=False):
    """Implements `jax.vmap` (``axis_name`` names the axis for collectives, which ivy's ``lax``
    does not provide; ``spmd_axis_name`` and ``sum_match`` raise)."""
    if spmd_axis_name is not None:
        raise NotImplementedError("jax.vmap: spmd_axis_name is not supported")
    if sum_match:
        raise NotImplementedError("jax.vmap: sum_match is not supported")
    if isinstance(in_axes, list):
        in_axes = tuple(in_axes)
    simple_out = out_axes is None or (isinstance(out_axes, int) and not isinstance(out_axes,
                                                                                      bool))

    @functools.wraps(fun)
    def vmap_f(*args, **kwargs):
        if isinstance(in_axes, tuple) and len(in_axes) != len(args):
            raise ValueError(f"vmap in_axes must be an int, None, or a tuple of entries "
                             f"corresponding to the positional arguments passed to the "
                             f"function, but got len(in_axes)={len(in_axes)}, "
                             f"len(args)={len(args)}")
        leaves, treedef = tu.tree_flatten((args, kwargs))
        axes = _axes_per_leaf((in_axes, 0), (args, kwargs), "vmap in_axes")
        natives, weaks = _natives(leaves)
        sizes = []
        for n, ax in zip(natives, axes):
            if ax is not None:
                if not -len(n.shape) <= ax < len(n.shape):
                    raise ValueError(f"vmap was requested to map its argument along axis {ax}, "
                                     f"which implies that its rank should be at least "
                                     f"{ax + 1 if ax >= 0 else -ax}, but is only {len(n.shape)} "
                                     f"(its shape is {tuple(n.shape)})")
                sizes.append(n.shape[ax])
        if axis_size is not None:
            sizes.append(axis_size)
        if not sizes:
            raise ValueError("vmap must have at least one non-None value in in_axes or "
                             "axis_size must be specified")
        if any(s != sizes[0] for s in sizes):
            raise ValueError(f"vmap got inconsistent sizes for array axes to be mapped: {sizes}")
        extra = []
        if all(ax is None for ax in axes):    # only axis_size: map over a dummy argument
            extra = [ivy.zeros((axis_size,), dtype="int8")]
        out_box = _Out()
        count = len(natives)

        def flat(*ns):
            with tracing():
                a, k = treedef.unflatten(_wrap_all(ns[:count], weaks))
                return out_box.pack(fun(*a, **k))

        out = ivy.vmap(flat, in_axes=tuple(axes) + (0,) * len(extra),
                       out_axes=out_axes if simple_out else 0)(*natives, *extra)
        out = list(out)
        if not simple_out:
            out = _move_out_axes(out, out_box, out_axes)
        return out_box.unpack(out)
    return vmap_f


def _move_out_axes(out, box, out_axes):
    axes = _axes_per_leaf(out_axes, box.treedef.unflatten([0] * len(out)), "vmap out_axes")
    done = []
    for leaf, ax in zip(out, axes):
        if ax is None:
            first = leaf[0]
            if not bool(ivy.all(ivy.equal(leaf, ivy.expand_dims(first, axis=0)))):
                raise ValueError("at vmap out_axes, got axis spec None but output was batched "
                                 "on axis 0")
            done.append(first)
        else:
            done.append(leaf if ax == 0 else ivy.moveaxis(leaf, 0, ax))
    return done


# ---- jit ----------------------------------------------------------------------------------------

_CONFIG = config._values     # read on every jit call: the dict itself, not the attribute
_LEAF_DEF = tu.tree_structure(0)
_FLAT_ARGS: dict = {}
_EAGER_JIT: dict = {}


def _as_array(x):
    return as_tracer(x) if isinstance(x, Array) else _wrap(*_leaf_native(x))


def _concrete_array(x):
    return concrete(x if isinstance(x, Array) else _wrap(*_leaf_native(x)))


def _merge(static, dyn_args, dyn_kwargs, nargs):
    """The full ``(args, kwargs)`` from the static ``(position or name, value)`` pairs and the
    dynamic arguments."""
    if not static:
        return dyn_args, dyn_kwargs
    at = {i % nargs: v for i, v in static if not isinstance(i, str)}
    it = iter(dyn_args)
    return ([at[i] if i in at else next(it) for i in range(nargs)],
            {**dyn_kwargs, **{k: v for k, v in static if isinstance(k, str)}})


def _flat_args(n):
    _FLAT_ARGS[n] = tu.tree_structure(((0,) * n, {}))
    return _FLAT_ARGS[n]


def _jit_is_eager() -> bool:
    """Whether the backend's ``jit`` runs functions as they are (numpy; torch by default): the
    user's function is then called directly, without flattening."""
    name = ivy.current_backend()
    eager = _EAGER_JIT.get(name)
    if eager is None:
        def probe(*a):
            return a
        eager = _EAGER_JIT[name] = ivy.jit(probe) is probe
    return eager


class _Jitted:
    """What ``jax.jit(f)`` returns: callable, cached per argument signature."""

    def __init__(self, fun, static_argnums, static_argnames):
        functools.update_wrapper(self, fun)
        self._fun = fun
        nums = () if static_argnums is None else (
            (static_argnums,) if isinstance(static_argnums, int) else tuple(static_argnums))
        names = () if static_argnames is None else (
            (static_argnames,) if isinstance(static_argnames, str) else tuple(static_argnames))
        try:                    # JAX infers each from the other through the signature
            params = list(inspect.signature(fun).parameters.values())
        except (TypeError, ValueError):
            params = []
        positional = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY,
                                                           p.POSITIONAL_OR_KEYWORD)]
        names = tuple(dict.fromkeys(names + tuple(positional[i] for i in nums
                                                  if -len(positional) <= i < len(positional))))
        nums = tuple(dict.fromkeys(nums + tuple(positional.index(n) for n in names
                                                if n in positional)))
        self._static_nums, self._static_names = frozenset(nums), frozenset(names)
        self._cache: dict = {}

    def __get__(self, instance, owner=None):
        return self if instance is None else functools.partial(self, instance)

    def __call__(self, *args, **kwargs):
        if _CONFIG["jax_disable_jit"]:
            return self._fun(*args, **kwargs)
        nums, names = self._static_nums, self._static_names
        if nums or names:
            nargs = len(args)
            static = tuple((i, args[i]) for i in range(nargs) if i in nums or i - nargs in nums)
            static += tuple(sorted((k, v) for k, v in kwargs.items() if k in names))
            dyn_args = tuple(a for i, a in enumerate(args) if not (i in nums or i - nargs in nums))
            dyn_kwargs = {k: v for k, v in kwargs.items() if k not in names}
            try:
                hash(static)
            except TypeError as e:
                raise ValueError(f"Non-hashable static arguments are not supported. An error "
                                 f"occurred while trying to hash an object: {e}") from None
        else:
            static, dyn_args, dyn_kwargs = (), args, kwargs
        fast = not dyn_kwargs and all(type(a) is Array for a in dyn_args)
        if fast:              # the common call (arrays only): no pytree walk
            treedef = _FLAT_ARGS.get(len(dyn_args)) or _flat_args(len(dyn_args))
            natives = [a._data for a in dyn_args]
            weaks = [a.weak_type for a in dyn_args]
        else:
            leaves, treedef = tu.tree_flatten((dyn_args, dyn_kwargs))
            natives, weaks = _natives(leaves)
        key = (treedef, tuple(weaks), static, tuple((n.shape, n.dtype) for n in natives))
        entry = self._cache.get(key)
        if entry is None:
            entry = self._cache[key] = self._compile(treedef, weaks, static, len(args))
        compiled, box = entry
        if compiled is not None:
            try:
                out = compiled(*natives)
            except Exception:     # noqa: BLE001 - untraceable by the backend: run eagerly
                self._cache[key] = (None, box)
            else:
                if box.treedef is _LEAF_DEF:
                    return rewrap(out[0], box.weaks[0])
                return box.unpack(list(out))
        return self._eager(args, kwargs, fast, static, dyn_args, dyn_kwargs)

    def _eager(self, args, kwargs, fast, static, dyn_args, dyn_kwargs):
        """The function run as it is, on arguments as JAX sees them (arrays; Python scalars
        weak), its results as arrays."""
        with tracing():       # the body sees tracers, as under JAX's jit
            if fast:
                dyn_args = [as_tracer(a) for a in dyn_args]
            else:
                leaves, treedef = tu.tree_flatten((dyn_args, dyn_kwargs))
                dyn_args, dyn_kwargs = treedef.unflatten([_as_array(x) for x in leaves])
            args, kwargs = _merge(static, dyn_args, dyn_kwargs, len(args))
            out = self._fun(*args, **kwargs)
        return concrete(out) if isinstance(out, Array) else tu.tree_map(_concrete_array, out)

    def _compile(self, treedef, weaks, static, nargs):
        box, fun = _Out(), self._fun

        def flat(*ns):
            with tracing():
                a, k = _merge(static, *treedef.unflatten(_wrap_all(ns, weaks)), nargs)
                return box.pack(fun(*a, **k))
        if _jit_is_eager():     # a backend without a compiler: its core calls, traced once
            return ivy.trace_graph(flat, compile=False, source="core", state=False), box
        return ivy.jit(flat), box

    def lower(self, *args, **kwargs):
        raise NotImplementedError("jax.jit(...).lower: ivy has no lowering (no XLA HLO)")

    def trace(self, *args, **kwargs):
        raise NotImplementedError("jax.jit(...).trace: ivy has no jaxprs")

    def eval_shape(self, *args, **kwargs):
        return eval_shape(self._fun, *args, **kwargs)

    def clear_cache(self):
        self._cache.clear()


def jit(fun=_NOT_SPECIFIED, /, *, in_shardings=None, out_shardings=None, static_argnums=None,
        static_argnames=None, donate_argnums=None, donate_argnames=None, keep_unused=False,
        device=None, backend=None, inline=False, compiler_options=None):
    """Implements `jax.jit` (see the module docstring); without ``fun``, a decorator.
    Shardings (one device), donation, ``keep_unused`` and ``inline`` do not change values."""
    if backend is not None or compiler_options:
        raise NotImplementedError("jax.jit: backend and compiler_options are not supported")
    if fun is _NOT_SPECIFIED:
        return functools.partial(jit, in_shardings=in_shardings, out_shardings=out_shardings,
                                 static_argnums=static_argnums, static_argnames=static_argnames,
                                 donate_argnums=donate_argnums, donate_argnames=donate_argnames,
                                 keep_unused=keep_unused, device=device, inline=inline)
    if not callable(fun):
        raise TypeError(f"Expected a callable value, got {fun!r}")
    return _Jitted(fun, static_argnums, static_argnames)


@contextlib.contextmanager
def disable_jit(disable=True):
    """Implements `jax.disable_jit`."""
    previous = config.jax_disable_jit
    config.update("jax_disable_jit", disable)
    try:
        yield
    finally:
        config.update("jax_disable_jit", previous)


# ---- checkpoint, names, custom derivatives ------------------------------------------------------

def checkpoint(fun, *, prevent_cse=True, policy=None, static_argnums=(), static_argnames=(),
               concrete=False):
    """Implements `jax.checkpoint`: the backend's rematerialization where it has one (jax), the
    function itself elsewhere; values and gradients are those of ``fun`` (``policy`` only
    chooses what to save)."""
    if concrete:
        raise NotImplementedError("jax.checkpoint: concrete=True is not supported")
    nums = (static_argnums,) if isinstance(static_argnums, int) else tuple(static_argnums)

    @functools.wraps(fun)
    def remat_f(*args, **kwargs):
        dyn = [i for i in range(len(args)) if i not in nums and i - len(args) not in nums]
        leaves, treedef = tu.tree_flatten(tuple(args[i] for i in dyn))
        natives, weaks = _natives(leaves)
        box = _Out()

        def flat(*ns):
            full = list(args)
            for i, v in zip(dyn, treedef.unflatten(_wrap_all(ns, weaks))):
                full[i] = v
            return box.pack(fun(*full, **kwargs))
        return box.unpack(list(ivy.checkpoint(flat)(*natives)))
    return remat_f


def remat(fun, *, prevent_cse=True, policy=None, static_argnums=(), concrete=False):
    """Implements `jax.remat` (``jax.checkpoint``)."""
    return checkpoint(fun, prevent_cse=prevent_cse, policy=policy, static_argnums=static_argnums,
                      concrete=concrete)


def named_call(fun, *, name=None):
    """Implements `jax.named_call`: names only show in profiles; the function itself."""
    return fun


@contextlib.contextmanager
def named_scope(name):
    """Implements `jax.named_scope` (names only show in profiles)."""
    if not isinstance(name, str):
        raise TypeError("named_scope name argument must be a string.")
    yield


@contextlib.contextmanager
def ensure_compile_time_eval():
    """Implements `jax.ensure_compile_time_eval`: ivy evaluates eagerly outside ``jit``."""
    yield


_IN_FWD = [0]       # custom_vjp fwd rules running (a custom_vjp called inside one runs fun)


class _CustomCall:
    """One call of a custom_vjp/custom_jvp function, flattened for the core's flat primitive:
    the differentiable arguments (those not in ``nondiff_argnums``) as native leaves; outputs,
    residuals and cotangents rebuilt as the user's pytrees of ``jax.Array``s."""
    __slots__ = ("args", "nums", "treedef", "natives", "weaks", "out", "res")

    def __init__(self, args, nondiff):
        self.args = args
        self.nums = [i for i in range(len(args)) if i not in nondiff]
        leaves, self.treedef = tu.tree_flatten([args[i] for i in self.nums])
        self.natives, self.weaks = _natives(leaves)
        self.out, self.res = _Out(), _Out()

    def primals(self, natives):
        """The differentiable arguments as a list of pytrees."""
        return self.treedef.unflatten(_wrap_all(natives, self.weaks))

    def full(self, natives):
        """All arguments, the differentiable ones rebuilt from ``natives``."""
        new = list(self.args)
        for i, part in zip(self.nums, self.primals(natives)):
            new[i] = part
        return new

    def nondiff(self):
        return [a for i, a in enumerate(self.args) if i not in self.nums]

    def cotangents_in(self, grads, fn):
        """``bwd``'s result (a tuple with one pytree per differentiable argument, None for a
        zero) as one native cotangent (or None) per leaf."""
        if not isinstance(grads, (tuple, list)) or len(grads) != len(self.nums):
            raise TypeError(f"Custom VJP bwd rule {fn} must produce a tuple of length equal to "
                            f"the number of primal inputs ({len(self.nums)}), but got "
                            f"{type(grads).__name__} of length "
                            f"{len(grads) if isinstance(grads, (tuple, list)) else 1}")
        flat = []
        for g, arg in zip(grads, self.primals(self.natives)):
            n = len(tu.tree_leaves(arg))
            if g is None:
                flat.extend([None] * n)
                continue
            leaves = tu.tree_leaves(g, is_leaf=lambda x: x is None)
            if len(leaves) != n:
                raise TypeError(f"Custom VJP bwd rule {fn} must produce an output with the same "
                                f"container (pytree) structure as the args tuple of the primal "
                                f"function")
            flat.extend(None if _is_zero(x) else _leaf_native(x)[0] for x in leaves)
        return tuple(flat)


def _is_zero(x):
    """A rule's zero tangent or cotangent: None or a ``SymbolicZero``."""
    return x is None or type(x).__name__ == "SymbolicZero"


def _perturbed(x):
    from .custom_derivatives import CustomVJPPrimal
    return CustomVJPPrimal(x, True)


def _resolve_kwargs(fun, args, kwargs):
    """JAX's custom_* take keyword arguments by binding them to positions."""
    if not kwargs:
        return args
    bound = inspect.signature(fun).bind(*args, **kwargs)
    bound.apply_defaults()
    return bound.args


class custom_jvp:
    """Implements `jax.custom_jvp` on the core's ``ivy.custom_jvp``; forward mode on the
    tensorflow backend raises NotImplementedError (its ForwardAccumulator has no custom rules)."""
    __module__ = "jax"

    def __init__(self, fun, nondiff_argnums=(), nondiff_argnames=()):
        functools.update_wrapper(self, fun)
        if nondiff_argnames:
            raise NotImplementedError("jax.custom_jvp: nondiff_argnames is not supported by ivy; "
                                      "use nondiff_argnums")
        self.fun, self.nondiff_argnums, self.nondiff_argnames = fun, tuple(nondiff_argnums), \
            nondiff_argnames
        self.jvp = None

    def defjvp(self, jvp, symbolic_zeros=False):
        self.jvp = jvp
        return jvp

    def defjvps(self, *jvps):
        """One tangent function per differentiable argument, ``jvp(g, ans, *primals)``."""
        def rule(*args):
            primals, tangents = args[-2], args[-1]
            out = self.fun(*args[:-2], *primals)
            total = None
            for f, t in zip(jvps, tangents):
                if f is None:
                    continue
                part = f(t, out, *primals)
                total = part if total is None else tu.tree_map(lambda a, b: a + b, total, part)
            if total is None:
                total = tu.tree_map(lambda o: o * 0, out)
            return out, total
        self.jvp = rule

    def __get__(self, instance, owner=None):
        return self if instance is None else functools.partial(self, instance)

    def __call__(self, *args, **kwargs):
        if self.jvp is None:
            raise AttributeError(f"No JVP defined for custom_jvp function {self.__name__} using "
                                 f"defjvp.")
        call = _CustomCall(_resolve_kwargs(self.fun, args, kwargs), self.nondiff_argnums)

        def flat_fun(*natives):
            return call.out.pack(self.fun(*call.full(natives)))

        def flat_rule(primals, tangents):
            p = call.primals(primals)
            t = call.treedef.unflatten(_wrap_all(tangents, call.weaks))
            out, t_out = self.jvp(*call.nondiff(), tuple(p), tuple(t))
            o = call.out.pack(out)
            leaves = call.out.treedef.flatten_up_to(t_out)
            return o, tuple(ivy.zeros_like(n) if _is_zero(x) else _leaf_native(x)[0]
                            for x, n in zip(leaves, o))

        natives = ivy.custom_jvp(flat_fun, flat_rule)(*call.natives)
        return call.out.unpack(list(natives))


class custom_vjp:
    """Implements `jax.custom_vjp` on the core's ``ivy.custom_vjp`` (``fwd``'s residuals may be
    any pytree; their arrays travel through the core, anything else waits here)."""
    __module__ = "jax"

    def __init__(self, fun, nondiff_argnums=(), nondiff_argnames=()):
        functools.update_wrapper(self, fun)
        if nondiff_argnames:
            raise NotImplementedError("jax.custom_vjp: nondiff_argnames is not supported by ivy; "
                                      "use nondiff_argnums")
        self.fun, self.nondiff_argnums, self.nondiff_argnames = fun, tuple(nondiff_argnums), \
            nondiff_argnames
        self.fwd = self.bwd = None
        self.symbolic_zeros = False

    def defvjp(self, fwd, bwd, symbolic_zeros=False, optimize_remat=False):
        self.fwd, self.bwd, self.symbolic_zeros = fwd, bwd, symbolic_zeros

    def __get__(self, instance, owner=None):
        return self if instance is None else functools.partial(self, instance)

    def __call__(self, *args, **kwargs):
        if self.fwd is None:
            raise AttributeError(f"No VJP defined for custom_vjp function {self.__name__} using "
                                 f"defvjp.")
        if _IN_FWD[0]:     # fwd's own computation is not differentiated: JAX runs fun there
            return self.fun(*args, **kwargs)
        call = _CustomCall(_resolve_kwargs(self.fun, args, kwargs), self.nondiff_argnums)

        def flat_fun(*natives):
            return call.out.pack(self.fun(*call.full(natives)))

        def flat_fwd(*natives):
            _IN_FWD[0] += 1
            try:
                args = call.full(natives)
                if self.symbolic_zeros:
                    args = [a if i not in call.nums else tu.tree_map(_perturbed, a)
                            for i, a in enumerate(args)]
                out = self.fwd(*args)
            finally:
                _IN_FWD[0] -= 1
            if not (isinstance(out, (tuple, list)) and len(out) == 2):
                raise TypeError(f"Custom VJP fwd rule {getattr(self.fwd, '__name__', 'fwd')} "
                                f"must produce a pair (list or tuple of length two) where the "
                                f"first element represents the primal output and the second "
                                f"element represents residuals")
            return call.out.pack(out[0]), call.res.pack(out[1], strict=False)

        def flat_bwd(res, cts):
            g = call.out.unpack(list(cts))
            grads = self.bwd(*call.nondiff(), call.res.unpack(list(res)), g)
            return call.cotangents_in(grads, getattr(self.bwd, "__name__", "bwd"))

        natives = ivy.custom_vjp(flat_fun, flat_fwd, flat_bwd)(*call.natives)
        return call.out.unpack(list(natives))


# ---- shapes -------------------------------------------------------------------------------------

class ShapeDtypeStruct:
    """Implements `jax.ShapeDtypeStruct`."""
    __slots__ = ("shape", "dtype", "sharding", "weak_type")
    __module__ = "jax"

    def __init__(self, shape, dtype, *, sharding=None, weak_type=False, manual_axis_type=None,
                 is_ref=False):
        if is_ref or manual_axis_type is not None:
            raise NotImplementedError("jax.ShapeDtypeStruct: is_ref/manual_axis_type are not "
                                      "supported")
        self.shape, self.dtype = tuple(shape), NP[name_of(dtype, "ShapeDtypeStruct")]
        self.sharding, self.weak_type = sharding, weak_type

    ndim = property(lambda self: len(self.shape))
    size = property(lambda self: int(np.prod(self.shape, dtype=np.int64)))

    def __eq__(self, other):
        return isinstance(other, ShapeDtypeStruct) and (self.shape, self.dtype, self.weak_type) \
            == (other.shape, other.dtype, other.weak_type)

    def __hash__(self):
        return hash((self.shape, self.dtype, self.weak_type))

    def __repr__(self):
        weak = ", weak_type=True" if self.weak_type else ""
        return f"ShapeDtypeStruct(shape={self.shape}, dtype={self.dtype.name}{weak})"

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]


def _concrete(x):
    if isinstance(x, (ShapeDtypeStruct, ShapedArray)):
        return _wrap(ivy.zeros(x.shape, dtype=name_of(x.dtype)), bool(x.weak_type))
    return x


def eval_shape(fun, *args, **kwargs):
    """Implements `jax.eval_shape` (runs ``fun`` on zeros of the given shapes)."""
    args, kwargs = tu.tree_map(_concrete, (args, kwargs))
    out = fun(*args, **kwargs)

    def struct(x):
        a = x if isinstance(x, Array) else asarray(x)
        return ShapeDtypeStruct(a.shape, a.dtype, weak_type=a.weak_type)
    return tu.tree_map(struct, out)


# ---- make_jaxpr: a jaxpr-like listing of ivy.trace_graph's recording ----------------------------

_SHORT = {"float16": "f16", "bfloat16": "bf16", "float32": "f32", "float64": "f64",
          "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64", "uint8": "u8",
          "uint16": "u16", "uint32": "u32", "uint64": "u64", "bool": "bool",
          "complex64": "c64", "complex128": "c128"}
_SIGNATURES: dict = {}      # backend function -> its parameter names (for equation params)


def _aval_text(shape, dtype) -> str:
    return f"{_SHORT.get(dtype, dtype)}[{','.join(str(int(d)) for d in shape)}]"


class Var:
    """A jaxpr variable: ``name:aval`` (``aval`` None for a function value)."""
    __slots__ = ("name", "aval")
    __module__ = "jax.extend.core"

    def __init__(self, name, aval):
        self.name, self.aval = name, aval

    def __str__(self):
        return self.name

    def __repr__(self):
        aval = self.aval
        return f"{self.name}:{'fn' if aval is None else _aval_text(aval.shape, aval.dtype.name)}"


class Literal:
    """A Python value written into an equation (``2.0``)."""
    __slots__ = ("val", "aval")
    __module__ = "jax.extend.core"

    def __init__(self, val):
        self.val, self.aval = val, None

    def __repr__(self):
        return repr(self.val)

    __str__ = __repr__


class Primitive:
    """An equation's operation: here ivy's core function (``matmul``, ``log_softmax``...)."""
    __slots__ = ("name",)
    __module__ = "jax.extend.core"

    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


class JaxprEqn:
    """One core call: ``outvars = primitive[params] invars``."""
    __slots__ = ("invars", "outvars", "primitive", "params")
    __module__ = "jax.extend.core"

    def __init__(self, invars, outvars, primitive, params):
        self.invars, self.outvars, self.primitive, self.params = invars, outvars, primitive, params

    def __repr__(self):
        return _eqn_text(self, "")


class Jaxpr:
    """``constvars; invars. let eqns in outvars`` of one traced function."""
    __slots__ = ("constvars", "invars", "outvars", "eqns")
    __module__ = "jax.extend.core"

    def __init__(self, constvars, invars, outvars, eqns):
        self.constvars, self.invars, self.outvars, self.eqns = constvars, invars, outvars, eqns

    @property
    def in_avals(self):
        return [v.aval for v in self.invars]

    @property
    def out_avals(self):
        return [v.aval for v in self.outvars]

    def pretty_print(self, **kwargs):
        return _jaxpr_text(self, "")

    __str__ = __repr__ = pretty_print


class ClosedJaxpr:
    """What ``jax.make_jaxpr(f)(*args)`` returns: ``jaxpr`` and the ``consts`` its constvars
    hold (see ``make_jaxpr``)."""
    __slots__ = ("jaxpr", "consts")
    __module__ = "jax.extend.core"

    def __init__(self, jaxpr, consts):
        self.jaxpr, self.consts = jaxpr, consts

    in_avals = property(lambda self: self.jaxpr.in_avals)
    out_avals = property(lambda self: self.jaxpr.out_avals)
    eqns = property(lambda self: self.jaxpr.eqns)
    literals = property(lambda self: self.consts)

    def pretty_print(self, **kwargs):
        return _jaxpr_text(self.jaxpr, "")

    __str__ = __repr__ = pretty_print


def _jaxpr_text(jaxpr, indent) -> str:
    consts = " ".join(repr(v) for v in jaxpr.constvars)
    ins = " ".join(repr(v) for v in jaxpr.invars)
    outs = ", ".join(str(v) for v in jaxpr.outvars) + ("," if len(jaxpr.outvars) == 1 else "")
    head = f"{{ lambda {consts + '; ' if consts else '; '}{ins}. let"
    lines = [_eqn_text(e, indent + "    ") for e in jaxpr.eqns]
    if len(lines) <= 1 and "\n" not in "".join(lines):
        one = f"{head} {lines[0].strip() if lines else ''} in ({outs}) }}"
        if len(one) + len(indent) <= 100:
            return one
    return "\n".join([head, *lines, f"{indent}  in ({outs}) }}"])


def _eqn_text(eqn, indent) -> str:
    outs = " ".join(repr(v) for v in eqn.outvars)
    params = [(k, _param_text(v, indent + "  ")) for k, v in eqn.params.items()]
    if any("\n" in t for _, t in params):
        inner = "".join(f"\n{indent}  {k}={t}" for k, t in params)
        name = f"{eqn.primitive.name}[{inner}\n{indent}]"
    elif params:
        name = f"{eqn.primitive.name}[{' '.join(f'{k}={t}' for k, t in params)}]"
    else:
        name = eqn.primitive.name
    ins = "".join(f" {v}" for v in eqn.invars)
    return f"{indent}{outs} = {name}{ins}" if outs else f"{indent}{name}{ins}"


def _param_text(value, indent) -> str:
    if isinstance(value, Jaxpr):
        return _jaxpr_text(value, indent)
    if isinstance(value, str):
        return value
    if isinstance(value, (tuple, list)):
        inner = ", ".join(_param_text(v, indent) for v in value)
        return f"({inner},)" if isinstance(value, tuple) and len(value) == 1 else (
            f"({inner})" if isinstance(value, tuple) else f"[{inner}]")
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k!r}: {_param_text(v, indent)}" for k, v in value.items()) + "}"
    return str(value) if isinstance(value, (Var, Literal, np.dtype)) else repr(value)


class _Namer:
    """Reads a ``trace_graph`` recording into ``Jaxpr``s: JAX's variable names (a, b, ... z, ba,
    ...) in order of definition, one equation per live core call."""

    def __init__(self, trace):
        from ivy.core import trace as tr
        self.tr, self.trace, self.rec = tr, trace, trace.rec
        self.ns, self.values, self.globals = trace.ns, trace.rec.values, trace.rec.globals
        self.vars: dict = {}          # recording variable name -> Var
        self.count = 0
        self.merged: dict = {}        # function variable -> the call producing it (printed once)

    def fresh(self, name, aval):
        n, letters = self.count, ""
        self.count += 1
        while True:
            letters = chr(ord("a") + n % 26) + letters
            n = n // 26 - 1
            if n < 0:
                break
        var = self.vars[name] = Var(letters, aval)
        return var

    def aval_of(self, native):
        return ShapedArray(tuple(self.ns.shape(native)), NP[self.ns.dtype(native)])

    def var(self, name):
        """The Var of a recording variable (a constant the first time it is met: a constvar)."""
        var = self.vars.get(name)
        if var is None:
            value = self.values.get(name, self.globals.get(name))
            var = self.fresh(name, None if value is None or not self.is_array(value)
                             else self.aval_of(value))
            if name in self.globals:
                self.constvars.append(var)
                self.consts.append(_wrap(value, False))
        return var

    def is_array(self, x):
        try:
            return bool(self.ns.is_native_array(x))
        except Exception:     # noqa: BLE001 - not an array the backend knows
            return False

    def closed(self, natives):
        self.constvars, self.consts = [], []
        live = self.trace.live
        order: dict = {}            # every variable the listing reads, in order of use
        for node in self.rec.nodes:
            if node in live:
                _names(self.tr, (node.args, node.kwargs, node.fn), order, nested=True)
        _names(self.tr, self.rec.outputs, order)
        self.used = order
        for name in order:         # constvars come first, as JAX names them
            if name in self.globals and self.is_array(self.globals[name]):
                self.var(name)
        jaxpr = self.jaxpr(self.rec, lambda n: n in live, natives)
        return ClosedJaxpr(Jaxpr(self.constvars, jaxpr.invars, jaxpr.outvars, jaxpr.eqns),
                           self.consts)

    def jaxpr(self, rec, keep, natives=None):
        invars = []
        for path, v in rec.inputs:
            value = self.values.get(v.name)
            if value is None:           # the same array passed twice: named by its position
                value = natives[path[0]]
            invars.append(self.vars.get(v.name) or self.fresh(v.name, self.aval_of(value)))
        nodes = [n for n in rec.nodes if keep(n)]
        self.merge_transforms(nodes)
        eqns = [e for n in nodes for e in self.eqns(n)]
        outvars = [self.operand(t) for t in rec.outputs]
        return Jaxpr([], invars, outvars, eqns)

    def merge_transforms(self, nodes):
        """A call returning only a function (``value_and_grad(f)``) whose function is only
        called: its name and params are printed at the calls (``value_and_grad[...] a b``)."""
        called, passed = {}, {}
        for n in nodes:
            if isinstance(n.fn, self.tr._Var):
                called.setdefault(n.fn.name, []).append(n)
            _names(self.tr, (n.args, n.kwargs), passed)
        for n in nodes:
            if len(n.outputs) == 1 and n.outputs[0][1] == () and not n.meta:
                name = n.outputs[0][0]
                if name in called and name not in passed:
                    self.merged[name] = n

    def eqns(self, node):
        tr = self.tr
        if node.qualname.endswith("(no-op)"):       # a cast or reshape to itself: an alias
            self.vars[node.outputs[0][0]] = self.operand(node.args[0])
            return []
        if node.outputs and node.outputs[0][0] in self.merged:
            return []
        producer = self.merged.get(node.fn.name) if isinstance(node.fn, tr._Var) else None
        params, invars = {}, []
        if producer is not None:
            name = producer.qualname
            self.split(producer, params, [])
        elif isinstance(node.fn, tr._Var):
            name = "call"
            invars.append(self.operand(node.fn))
        else:
            name = node.qualname
        self.split(node, params, invars)
        meta = {m[0]: m for m in node.meta}
        outvars = []
        for out, _ in node.outputs:
            m = meta.get(out)
            aval = None if m is None else ShapedArray(m[1], NP[m[2]])
            outvars.append(self.fresh(out, aval) if out in self.used else Var("_", aval))
        return [JaxprEqn(invars, outvars, Primitive(name), params)]

    def split(self, node, params, invars):
        """A node's arrays (positional, in sequences too) become operands; everything else a
        param named by the backend function's signature."""
        tr = self.tr
        names = _param_names(node.fn.value) if isinstance(node.fn, tr._Static) else ()
        for i, a in enumerate(node.args):
            if _only_vars(tr, a):
                invars.extend(self.operand(v) for v in _flat_vars(tr, a))
            elif type(a) in (int, float, bool, complex):
                invars.append(Literal(a))
            else:
                params[names[i] if i < len(names) else f"arg{i}"] = self.param(a)
        for k, v in node.kwargs.items():
            params[k] = self.param(v)

    def operand(self, t):
        tr = self.tr
        if isinstance(t, tr._Var):
            return self.var(t.name)
        if isinstance(t, tr._CallableProxy):
            return self.var(t.var.name)
        if isinstance(t, tr._Static):
            return Literal(t.value)
        return Literal(t)

    def param(self, t):
        tr = self.tr
        if isinstance(t, (tr._Var, tr._CallableProxy)):
            return self.operand(t)
        if isinstance(t, tr._Static):
            return t.value if t.name is not None else t.value.__name__
        if isinstance(t, tr._SubFunction):
            if t.recording is None:
                return getattr(t.fn, "__qualname__", repr(t.fn))
            return self.jaxpr(t.recording, lambda n: True)
        if type(t) in (tuple, list):
            return type(t)(self.param(v) for v in t)
        if type(t) is dict:
            return {k: self.param(v) for k, v in t.items()}
        if type(t) is slice:
            return slice(self.param(t.start), self.param(t.stop), self.param(t.step))
        return t


def _only_vars(tr, t):
    if isinstance(t, (tr._Var, tr._CallableProxy)):
        return True
    return type(t) in (tuple, list) and bool(t) and all(_only_vars(tr, v) for v in t)


def _flat_vars(tr, t):
    if type(t) in (tuple, list):
        for v in t:
            yield from _flat_vars(tr, v)
    else:
        yield t


def _names(tr, t, acc, nested=False):
    """The recording variables a template names, in order (``acc``: a dict used as an ordered
    set); ``nested``: also those the nested functions' calls and results name."""
    if isinstance(t, tr._Var):
        acc[t.name] = None
    elif isinstance(t, tr._CallableProxy):
        acc[t.var.name] = None
    elif type(t) in (tuple, list):
        for v in t:
            _names(tr, v, acc, nested)
    elif type(t) is dict:
        for v in t.values():
            _names(tr, v, acc, nested)
    elif nested and isinstance(t, tr._SubFunction) and t.recording is not None:
        for node in t.recording.nodes:
            _names(tr, (node.args, node.kwargs, node.fn), acc, True)
        _names(tr, t.recording.outputs, acc, True)


def _param_names(fn):
    try:
        return _SIGNATURES[fn]
    except (KeyError, TypeError):
        pass
    try:
        names = tuple(inspect.signature(fn).parameters)
    except (TypeError, ValueError):
        names = ()
    try:
        _SIGNATURES[fn] = names
    except TypeError:
        pass
    return names


def make_jaxpr(fun, static_argnums=(), axis_env=None, return_shape=False):
    """Implements `jax.make_jaxpr` on ``ivy.trace_graph``'s recording of ``fun``: a
    ``ClosedJaxpr`` printing as JAX's (``{ lambda ; a:f32[3]. let b:f32[3] = sin a in (b,) }``)
    with JAX's input and output avals, ``jaxpr``, ``consts``, ``in_avals``, ``out_avals`` and
    ``eqns``. Deviations: an equation is one call of ivy's core (``matmul``, ``log_softmax``,
    ``sum[axis=... dtype=float32]``), not a JAX primitive, so names and counts differ from
    JAX's; dead code is removed and calls on constants folded into constvars (as
    ``ivy.trace_graph`` does); a transform (``grad``, ``vmap``, ``cond``) is one equation whose
    params hold the traced function as a nested jaxpr, which may name the enclosing jaxpr's
    variables (JAX passes them as operands). ``axis_env`` (collectives) raises."""
    if axis_env:
        raise NotImplementedError("jax.make_jaxpr: axis_env is not supported (ivy has no "
                                  "collectives)")
    nums = (static_argnums,) if isinstance(static_argnums, int) else tuple(static_argnums)

    @functools.wraps(fun)
    def make_jaxpr_f(*args, **kwargs):
        nargs = len(args)
        static = tuple((i % nargs, args[i]) for i in nums if -nargs <= i < nargs)
        fixed = {i for i, _ in static}
        dyn = tuple(a for i, a in enumerate(args) if i not in fixed)
        leaves, treedef = tu.tree_flatten((dyn, kwargs))
        natives, weaks = _natives([_concrete(x) for x in leaves])
        box = _Out()

        def flat(*ns):
            with tracing():
                a, k = _merge(static, *treedef.unflatten(_wrap_all(ns, weaks)), nargs)
                return box.pack(fun(*a, **k))
        graph = ivy.trace_graph(flat, compile=False, source="core", state=False)
        outs = graph(*natives)
        closed = _Namer(graph.last).closed(natives)
        # JAX's weak types (a Python scalar argument or result) are the frontend's, not the core's
        closed.jaxpr.invars = [Var(v.name, ShapedArray(v.aval.shape, v.aval.dtype, w is True))
                               for v, w in zip(closed.jaxpr.invars, weaks)]
        closed.jaxpr.outvars = [
            v if v.aval is None or isinstance(v, Literal) else
            Var(v.name, ShapedArray(v.aval.shape, v.aval.dtype, w is True))
            for v, w in zip(closed.jaxpr.outvars, box.weaks)]
        if not return_shape:
            return closed
        shapes = box.treedef.unflatten([
            ShapeDtypeStruct(tuple(ivy.shape(o)), NP[ivy.dtype(o)], weak_type=w)
            for o, w in zip(outs, box.weaks)])
        return closed, shapes
    return make_jaxpr_f


def pure_callback(callback, result_shape_dtypes, *args, sharding=None, vmap_method=None,
                  **kwargs):
    """Implements `jax.pure_callback`: ``callback`` gets numpy arrays, eagerly."""
    np_args, np_kwargs = tu.tree_map(lambda x: np.asarray(x) if isinstance(x, Array) else x,
                                     (args, kwargs))
    result = callback(*np_args, **np_kwargs)
    leaves, treedef = tu.tree_flatten(result_shape_dtypes)
    got = treedef.flatten_up_to(result)
    return treedef.unflatten([asarray(np.asarray(r), dtype=s.dtype) for r, s in zip(got, leaves)])


FUNCTIONS = {f.__name__: f for f in (
    grad, value_and_grad, vjp, jvp, linearize, jacfwd, jacrev, hessian, vmap, jit, disable_jit,
    checkpoint, remat, named_call, named_scope, ensure_compile_time_eval, custom_jvp, custom_vjp,
    ShapeDtypeStruct, eval_shape, make_jaxpr, pure_callback)}
FUNCTIONS["jacobian"] = jacobian
