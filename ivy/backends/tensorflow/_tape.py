"""Compiled vjps for the core's recording tape (``ivy/core/autograd.py``, ``tape_vjp``).

Eager, the tape differentiates each core call under its own ``tf.GradientTape`` (~1 ms a call). A
call signature seen a second time gets two ``tf.function``s instead: the forward, and a backward
that recomputes the forward under a tape and returns the input gradients (a compiled function
cannot hand a tape back). A signature that cannot be traced stays eager.
"""
import tensorflow as tf

from .transforms import _ZERO, _conj_complex

_MAX_SIGNATURES = 4096
_seen: dict = {}        # signature -> None (seen once) / (forward, backward) / False (eager)


def _compile(pure):
    def backward(tracked, untracked, cotangents):
        with tf.GradientTape(watch_accessed_variables=False) as tape:
            tape.watch(tracked)
            diff, _ = pure(tracked, untracked)
        grads = tape.gradient(list(diff), list(tracked), output_gradients=list(cotangents),
                              unconnected_gradients=_ZERO)
        return tuple(_conj_complex(grads))
    return tf.function(pure), tf.function(backward)


def tape_vjp(key, pure, tracked, untracked):
    """(diff outputs, pullback, other array outputs) of ``pure``, compiled; None: run it eagerly."""
    compiled = _seen.get(key)
    if compiled is None:
        if key not in _seen:
            if len(_seen) >= _MAX_SIGNATURES:
                _seen.clear()
            _seen[key] = None           # first sighting: eager (one-off calls are not compiled)
            return None
        compiled = _seen[key] = _compile(pure)
    elif compiled is False:
        return None
    forward, backward = compiled
    try:
        diff, arrays = forward(tracked, untracked)
    except Exception:  # noqa: BLE001 - not traceable: this signature runs eagerly from now on
        _seen[key] = False
        return None

    def pullback(cotangents):
        return backward(tracked, untracked, tuple(_conj_complex(list(cotangents))))
    return diff, pullback, arrays
