"""Core extension area `transforms` (see ``_area.py``): JAX's function transformations.

``grad``, ``value_and_grad``, ``vjp``, ``jvp``, ``jacrev``, ``jacfwd``, ``hessian``, ``vmap``,
``jit``, ``checkpoint``, ``custom_vjp``/``custom_jvp`` and ``stop_gradient`` with JAX's semantics
exactly: pytree arguments and results (``ivy.core.tree``; the custom rules take flat tuples),
``argnums`` an int (one gradient) or a tuple (a tuple of them),
``has_aux``, ``in_axes``/``out_axes`` as pytree prefixes. Nested use composes (``grad(grad(f))``,
``vmap(grad(f))``). The transforms are declared ``late``: with no backend selected ``ivy.grad(f)``
returns a function that picks the backend from the arrays it is called with.

The helpers below are the backend-independent plumbing the torch, tensorflow and numpy backends
share (argument selection, JAX's checks and messages, the looping ``vmap``).
"""
from __future__ import annotations

from .. import tree as _tree
from ..errors import IvyNotImplementedError, IvyTypeError, IvyValueError
from ._area import Area

area = Area("transforms", "")


@area.primary(late=True)
def grad(fun, argnums=0, has_aux=False):
    """Implements `jax.grad`: the gradient of scalar, real-valued ``fun`` w.r.t. ``argnums``."""
    ...


@area.primary(late=True)
def value_and_grad(fun, argnums=0, has_aux=False):
    """Implements `jax.value_and_grad`: ``(value, grad)``, or ``((value, aux), grad)``."""
    ...


@area.primary(late=True)
def vjp(fun, *primals, has_aux=False):
    """Implements `jax.vjp`: ``(out, vjp_fn)`` or ``(out, vjp_fn, aux)``; vjp_fn returns a tuple."""
    ...


@area.primary(late=True)
def jvp(fun, primals, tangents, has_aux=False):
    """Implements `jax.jvp`: ``(out, tangent_out)`` or ``(out, tangent_out, aux)``."""
    ...


@area.primary(late=True)
def jacrev(fun, argnums=0, has_aux=False):
    """Implements `jax.jacrev` (real inputs): the Jacobian by reverse mode."""
    ...


@area.primary(late=True)
def jacfwd(fun, argnums=0, has_aux=False):
    """Implements `jax.jacfwd` (real inputs): the Jacobian by forward mode (tensorflow: reverse)."""
    ...


@area.compositional(late=True)
def hessian(xp, fun, argnums=0, has_aux=False):
    """Implements `jax.hessian`: ``jacfwd(jacrev(fun))``."""
    return xp.jacfwd(xp.jacrev(fun, argnums, has_aux=has_aux), argnums, has_aux=has_aux)


@area.primary(late=True)
def vmap(fun, in_axes=0, out_axes=0):
    """Implements `jax.vmap` (``in_axes``/``out_axes``: int, None or pytree prefixes)."""
    ...


@area.primary(late=True)
def jit(fun, static_argnums=None, static_argnames=None):
    """Implements `jax.jit`; torch runs eagerly unless compiling is opted into, numpy runs as is."""
    ...


@area.primary(late=True)
def checkpoint(fun):
    """Implements `jax.checkpoint` (rematerialization); the identity where a backend has none."""
    ...


@area.primary(late=True)
def custom_vjp(fun, fwd, bwd):
    """Implements `jax.custom_vjp` on flat arguments: ``fun(*xs)`` returns a tuple of arrays,
    ``fwd(*xs)`` returns ``(fun(*xs), residuals)`` (a tuple of arrays) and ``bwd(residuals,
    cotangents)`` one cotangent per ``xs`` (None: zero), in JAX's convention. The result computes
    ``fun``; every reverse-mode transform differentiates it through ``bwd``."""
    ...


@area.primary(late=True)
def custom_jvp(fun, jvp):
    """Implements `jax.custom_jvp` on flat arguments: ``jvp(primals, tangents)`` returns
    ``(fun(*primals), tangents_out)``, tuples, linear in ``tangents``; reverse mode transposes it.
    Forward mode on tensorflow is not available (its ForwardAccumulator has no custom rules)."""
    ...


@area.primary
def stop_gradient(x):
    """Implements `jax.lax.stop_gradient` on a pytree of arrays."""
    ...


# ---- shared plumbing -------------------------------------------------------------------------

def no_autodiff(qualname: str, backend: str) -> IvyNotImplementedError:
    return IvyNotImplementedError(f"ivy.{qualname} ({backend} backend): differentiation is not "
                                  f"available on the {backend} backend", function=qualname,
                                  backend=backend)


def argnums_tuple(argnums, nargs: int, qualname: str) -> tuple:
    """``argnums`` as a tuple of non-negative positions, checked against ``nargs`` as JAX does."""
    nums = (argnums,) if isinstance(argnums, int) else argnums
    try:
        nums = tuple(nums)
    except TypeError:
        nums = None
    if nums is None or not all(isinstance(n, int) and not isinstance(n, bool) for n in nums):
        raise IvyTypeError(f"ivy.{qualname}: argnums must be an int or a tuple of ints, got "
                           f"{argnums!r}", function=qualname)
    if any(n >= nargs or n < -nargs for n in nums):
        raise IvyTypeError(f"ivy.{qualname}: differentiating with respect to argnums={argnums!r} "
                           f"requires at least {max(n if n >= 0 else -n - 1 for n in nums) + 1} "
                           f"positional arguments to be passed by the caller, but got only "
                           f"{nargs} positional arguments.", function=qualname)
    return tuple(n % nargs for n in nums)


def split_diff(args, argnums, qualname: str):
    """(leaves, treedef, rebuild) for the arguments ``argnums`` selects: ``rebuild(leaves)`` is
    ``args`` with those arguments rebuilt from new leaves. The tree is ``args[argnums]`` for an
    int ``argnums`` and the tuple of them for a tuple (so results take JAX's shapes)."""
    nums = argnums_tuple(argnums, len(args), qualname)
    single = isinstance(argnums, int)
    diff = args[nums[0]] if single else tuple(args[i] for i in nums)
    leaves, treedef = _tree.flatten(diff)

    def rebuild(new_leaves):
        new = list(args)
        parts = _tree.unflatten(treedef, new_leaves)
        for i, part in zip(nums, (parts,) if single else parts):
            new[i] = part
        return new
    return leaves, treedef, rebuild


def split_aux(out, has_aux: bool, qualname: str):
    """``(out, aux)`` of a ``has_aux`` function's result (aux None without has_aux)."""
    if not has_aux:
        return out, None
    if not (isinstance(out, (tuple, list)) and len(out) == 2):
        raise IvyTypeError(f"ivy.{qualname}: has_aux=True requires the function to return a pair "
                           f"(output, auxiliary data), got {type(out).__name__}",
                           function=qualname)
    return out[0], out[1]


def check_grad_input(dtype: str, qualname: str) -> None:
    if not (dtype.startswith("float") or dtype.startswith("complex") or dtype == "bfloat16"):
        raise IvyTypeError(f"ivy.{qualname}: grad requires real- or complex-valued inputs (input "
                           f"dtype that is a sub-dtype of np.inexact), but got {dtype}. If you "
                           f"want to use Boolean- or integer-valued inputs, use vjp.",
                           function=qualname)


def check_grad_output(shape, dtype: str, qualname: str) -> None:
    if tuple(shape) != ():
        raise IvyTypeError(f"ivy.{qualname}: Gradient only defined for scalar-output functions. "
                           f"Output had shape: {tuple(shape)}.", function=qualname)
    if not (dtype.startswith("float") or dtype == "bfloat16"):
        raise IvyTypeError(f"ivy.{qualname}: grad requires real-valued outputs (output dtype "
                           f"that is a sub-dtype of np.floating), but got {dtype}.",
                           function=qualname)


def check_same_structure(expected, got, what: str, qualname: str) -> None:
    if expected != got:
        raise IvyTypeError(f"ivy.{qualname}: {what} must have the same pytree structure, but "
                           f"got {expected!r} and {got!r}", function=qualname)


def tangent_trees(primals, tangents, qualname: str):
    """Flattened (primals, tangents) of ``jvp``: tuples or lists of the same structure."""
    if not isinstance(primals, (tuple, list)) or not isinstance(tangents, (tuple, list)):
        raise IvyTypeError(f"ivy.{qualname}: primal and tangent arguments must be tuples or "
                           f"lists; found {type(primals).__name__} and {type(tangents).__name__}.",
                           function=qualname)
    p_leaves, p_def = _tree.flatten(tuple(primals))
    t_leaves, t_def = _tree.flatten(tuple(tangents))
    check_same_structure(p_def, t_def, "primals and tangents", qualname)
    return p_leaves, t_leaves, p_def


def jacobian_tree(out_def, in_def, rows):
    """JAX's Jacobian layout: the output's tree, each leaf the input's tree of blocks
    (``rows[i][j]`` is d out_i / d in_j)."""
    return _tree.unflatten(out_def, [_tree.unflatten(in_def, row) for row in rows])


# ---- vmap ------------------------------------------------------------------------------------

def in_axes_per_leaf(in_axes, args, kwargs, qualname="vmap"):
    """(leaves, treedef, axes): the leaves of ``(args, kwargs)`` and the mapped axis of each
    (None: not mapped). Keyword arguments are mapped along axis 0, as in JAX."""
    if isinstance(in_axes, list):
        in_axes = tuple(in_axes)
    if isinstance(in_axes, tuple) and len(in_axes) != len(args):
        raise IvyValueError(f"ivy.{qualname}: in_axes specification must be a tree prefix of the "
                            f"corresponding value, got specification {in_axes!r} for value tree "
                            f"of {len(args)} positional arguments.", function=qualname)
    leaves, treedef = _tree.flatten((args, kwargs))
    try:
        axes = _tree.broadcast_prefix((in_axes, 0), (args, kwargs), what="in_axes")
    except ValueError as e:
        raise IvyValueError(f"ivy.{qualname}: {e}", function=qualname) from None
    for ax in axes:
        if ax is not None and not (isinstance(ax, int) and not isinstance(ax, bool)):
            raise IvyTypeError(f"ivy.{qualname}: in_axes leaves must be ints or None, got "
                               f"{ax!r}", function=qualname)
    return leaves, treedef, axes


def batch_size(leaves, axes, shape_of, qualname="vmap") -> int:
    """The common size of the mapped axes (JAX's errors when there is none or they differ)."""
    sizes = []
    for leaf, ax in zip(leaves, axes):
        if ax is None:
            continue
        shape = shape_of(leaf)
        if not -len(shape) <= ax < len(shape):
            raise IvyValueError(f"ivy.{qualname}: vmap was requested to map its argument along "
                                f"axis {ax}, which implies that its rank should be at least "
                                f"{ax + 1 if ax >= 0 else -ax}, but is only {len(shape)} (its "
                                f"shape is {tuple(shape)})", function=qualname)
        sizes.append(shape[ax])
    if not sizes:
        raise IvyValueError(f"ivy.{qualname}: vmap must have at least one non-None value in "
                            f"in_axes", function=qualname)
    if any(s != sizes[0] for s in sizes):
        raise IvyValueError(f"ivy.{qualname}: vmap got inconsistent sizes for array axes to be "
                            f"mapped: {sizes}", function=qualname)
    return sizes[0]


def out_axes_per_leaf(out_axes, out):
    if isinstance(out_axes, list):
        out_axes = tuple(out_axes)
    try:
        return _tree.broadcast_prefix(out_axes, out, what="out_axes")
    except ValueError as e:
        raise IvyValueError(f"ivy.vmap: {e}", function="vmap") from None


def unbatch_invariant(stacked, xp, qualname="vmap"):
    """An output leaf whose ``out_axes`` is None: every example must give the same value."""
    first = xp.asarray(stacked[0])
    try:
        same = bool(xp.all(xp.equal(stacked, xp.expand_dims(first, axis=0))))
    except Exception:          # noqa: BLE001 — a symbolic value (tracing): cannot be checked
        raise IvyNotImplementedError(f"ivy.{qualname} ({xp.name} backend): out_axes=None cannot "
                                     f"be checked while tracing", function=qualname,
                                     backend=xp.name) from None
    if not same:
        raise IvyValueError(f"ivy.{qualname}: at vmap out_axes, got axis spec None but output "
                            f"was batched on axis 0", function=qualname)
    return first


def finish_outputs(out_leaves, out_def, out_axes, xp):
    """Stacked outputs (batch on axis 0) moved to ``out_axes``."""
    out = _tree.unflatten(out_def, out_leaves)
    axes = out_axes_per_leaf(out_axes, out)
    done = []
    for leaf, ax in zip(out_leaves, axes):
        if ax is None:
            done.append(unbatch_invariant(leaf, xp))
        elif ax == 0:
            done.append(leaf)
        else:
            done.append(xp.moveaxis(leaf, 0, ax))
    return _tree.unflatten(out_def, done)


def vmap_loop(fun, in_axes, out_axes, args, kwargs, xp, qualname="vmap"):
    """``vmap`` by a Python loop: call ``fun`` per example, stack each output with the core."""
    leaves, treedef, axes = in_axes_per_leaf(in_axes, args, kwargs, qualname)
    n = batch_size(leaves, axes, xp.shape, qualname)
    if n == 0:
        raise IvyNotImplementedError(f"ivy.{qualname} ({xp.name} backend): mapping over an axis "
                                     f"of size 0 needs tracing, which the {xp.name} backend "
                                     f"cannot do", function=qualname, backend=xp.name)
    sliced = [None if ax is None else xp.unstack(leaf, axis=ax) for leaf, ax in zip(leaves, axes)]
    results, out_def = [], None
    for i in range(n):
        a, k = _tree.unflatten(treedef, [leaf if s is None else s[i]
                                         for leaf, s in zip(leaves, sliced)])
        o_leaves, o_def = _tree.flatten(fun(*a, **k))
        if out_def is None:
            out_def = o_def
        else:
            check_same_structure(out_def, o_def, "vmap outputs of every example", qualname)
        results.append(o_leaves)
    stacked = [xp.stack([xp.asarray(r[j]) for r in results], axis=0)
               for j in range(out_def.num_leaves)]
    return finish_outputs(stacked, out_def, out_axes, xp)
