"""Compiled vjps for the core's recording tape (``ivy/core/autograd.py``, ``compile_vjp``).

Eager, each core call is differentiated under its own ``tf.GradientTape`` (~1 ms). Compiled, it is
two ``tf.function``s: the forward, and a backward that recomputes the forward under a tape and
returns the input gradients (a compiled function cannot hand a tape back). The core decides which
call signatures to compile.
"""
import tensorflow as tf

from .transforms import _ZERO, _conj_complex


def compile_vjp(pure):
    """``run(tracked, untracked) -> (diff outputs, pullback, other array outputs)`` of ``pure``."""
    def backward(tracked, untracked, cotangents):
        with tf.GradientTape(watch_accessed_variables=False) as tape:
            tape.watch(tracked)
            diff, _ = pure(tracked, untracked)
        grads = tape.gradient(list(diff), list(tracked), output_gradients=list(cotangents),
                              unconnected_gradients=_ZERO)
        return tuple(_conj_complex(grads))
    # autograph off: nothing to rewrite (and transpiling each function costs seconds)
    forward = tf.function(pure, autograph=False)
    backward = tf.function(backward, autograph=False)

    def run(tracked, untracked):
        diff, arrays = forward(tracked, untracked)

        def pullback(cotangents):
            return backward(tracked, untracked, tuple(_conj_complex(list(cotangents))))
        return diff, pullback, arrays
    return run


def pullback_holds(pullback):
    """What an eager vjp's pullback holds: None, any output (the persistent tape's targets are the
    output tensors themselves): the core's tape tracks a fresh tensor (``tf.identity``) for each."""
    return None
