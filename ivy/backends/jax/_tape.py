"""Compiled vjps for the core's recording tape (``ivy/core/autograd.py``, ``compile_vjp``).

Eager ``jax.vjp`` of one core call costs ~1 ms, mostly tracing; compiled, ~30-80 us: ``jax.jit`` of
the vjp (its pullback is a pytree, so it leaves the compiled function) and one compiled "apply the
pullback". The core decides which call signatures to compile.
"""
import jax


@jax.jit
def _apply(pullback, cotangents):
    return pullback(cotangents)


def compile_vjp(pure):
    """``run(tracked, untracked) -> (diff outputs, pullback, other array outputs)`` of ``pure``."""
    compiled = jax.jit(lambda t, u: jax.vjp(lambda *ts: pure(ts, u), *t, has_aux=True))

    def run(tracked, untracked):
        outs, pullback, arrays = compiled(tracked, untracked)
        return outs, lambda cotangents: _apply(pullback, tuple(cotangents)), arrays
    return run


def pullback_holds(pullback):
    """The ids of the arrays an eager ``jax.vjp`` pullback holds (its residuals, which can be the
    very output arrays, e.g. exp's result): the core's tape tracks fresh copies of those outputs."""
    return {id(leaf) for leaf in jax.tree_util.tree_leaves(pullback)}
