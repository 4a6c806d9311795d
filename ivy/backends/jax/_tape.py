"""Compiled vjps for the core's recording tape (``ivy/core/autograd.py``, ``tape_vjp``).

The tape differentiates one core call at a time; eager ``jax.vjp`` costs ~1 ms per call, most of
it tracing. A call signature seen a second time is compiled instead: ``jax.jit`` of the vjp (its
pullback is a pytree, so it leaves the compiled function) and one compiled "apply the pullback",
~30-80 us each. A signature whose function cannot be traced (data-dependent shapes, Python
branches on values) stays eager.
"""
import jax

_MAX_SIGNATURES = 4096
_seen: dict = {}        # signature -> None (seen once) / compiled function / False (stays eager)


@jax.jit
def _apply(pullback, cotangents):
    return pullback(cotangents)


def _pullback_of(pullback):
    return lambda cotangents: _apply(pullback, tuple(cotangents))


def tape_vjp(key, pure, tracked, untracked):
    """(diff outputs, pullback, other array outputs) of ``pure``, compiled; None: run it eagerly."""
    compiled = _seen.get(key)
    if compiled is None:
        if key not in _seen:
            if len(_seen) >= _MAX_SIGNATURES:
                _seen.clear()
            _seen[key] = None           # first sighting: eager (one-off calls are not compiled)
            return None
        compiled = _seen[key] = jax.jit(
            lambda t, u: jax.vjp(lambda *ts: pure(ts, u), *t, has_aux=True))
    elif compiled is False:
        return None
    try:
        outs, pullback, arrays = compiled(tracked, untracked)
    except Exception:  # noqa: BLE001 - not traceable: this signature runs eagerly from now on
        _seen[key] = False
        return None
    return outs, _pullback_of(pullback), arrays
