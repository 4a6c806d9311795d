"""``jax.interpreters.mlir``: lowering rules for libraries' own primitives. ivy compiles with
the backend's compiler, never through MLIR: ``register_lowering`` keeps the rule, unused."""
_lowerings: dict = {}


def register_lowering(prim, rule, platform=None):
    """Implements ``mlir.register_lowering`` (kept, never used)."""
    _lowerings[(prim, platform)] = rule
    return rule


def lower_fun(fun, multiple_results=True):
    """Implements ``mlir.lower_fun``: a lowering rule that ivy never calls."""
    def lowering(ctx, *args, **params):
        raise NotImplementedError("jax.interpreters.mlir: ivy does not lower to MLIR")
    lowering.fun = fun
    return lowering
