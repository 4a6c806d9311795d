"""jax backend: the ``nn`` extension, on ``jax.nn`` where it has the function.

Parameters jax.nn lacks (softplus's beta/threshold, hard_tanh's bounds) and torch's extra
activations (shrinks, prelu, threshold) are short ``jax.numpy`` compositions. Composed formulas
run in float32 for half-precision inputs (torch rounds once, from float32).

The core's compositional bodies (normalizations, attention, layers) are run here under
``jax.jit``: one compiled computation per call instead of one dispatch (and, for each new shape,
one compilation) per operation.
"""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp

from ivy.core.errors import IvyValueError
from ivy.core.ext.nn import area

from ._common import INTEGRAL, NAME, NAMES, error, type_error, value_error

_HALF = frozenset({jnp.dtype("float16"), jnp.dtype("bfloat16")})
_FLOAT32 = jnp.dtype("float32")
_REAL_FLOAT = _HALF | {_FLOAT32, jnp.dtype("float64")}
_RELU_OK = _REAL_FLOAT | INTEGRAL


def _not_float(fn, x):
    """Activations take real floating-point inputs (jax would promote integers to floats)."""
    d = getattr(x, "dtype", None)
    return type_error(fn, f"expected a real floating-point input, got {NAMES.get(d, d)}")


def _value_error(fn, msg):
    return IvyValueError(f"ivy.{fn} ({NAME} backend): {msg}", function=fn, backend=NAME)


def _widened(formula):
    """``formula`` evaluated in float32 for half-precision ``x``, returned in ``x``'s dtype."""
    def run(x, *params):
        if x.dtype in _HALF:
            return formula(x.astype(_FLOAT32), *params).astype(x.dtype)
        return formula(x, *params)
    return run


def _unary(name, native, accepted=_REAL_FLOAT):
    def fn(x, /):
        if x.dtype not in accepted:
            raise _not_float(name, x)
        try:
            return native(x)
        except Exception as e:
            raise error(e, name) from e
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `ivy.{name}` on jax."
    return fn


# Compositions are jitted: one compiled computation (and one dispatch) per call, not one per op;
# numeric parameters are traced, so new values do not recompile.
@jax.jit
@_widened
def _softplus(x, beta, threshold):
    bx = x * beta
    return jnp.where(bx > threshold, x, jax.nn.softplus(bx) / beta)


@jax.jit
@_widened
def _softshrink(x, lambd):
    return jnp.where(x > lambd, x - lambd, jnp.where(x < -lambd, x + lambd, jnp.zeros_like(x)))


_gelu = jax.jit(jax.nn.gelu, static_argnames="approximate")
_clip = jax.jit(jnp.clip)
_hardshrink = jax.jit(lambda x, lambd: jnp.where(jnp.abs(x) > lambd, x, jnp.zeros_like(x)))
_threshold = jax.jit(lambda x, thr, value: jnp.where(x > thr, x, value.astype(x.dtype)))
_softmax = jax.jit(jax.nn.softmax, static_argnames="axis")
_logsumexp = jax.jit(jax.nn.logsumexp, static_argnames=("axis", "keepdims"))


@jax.jit
def _prelu(x, w):
    # x > 0, not >=: the same values, and the gradient at 0 is the slope (torch's and TF's)
    return jnp.where(x > 0, x, (w * x).astype(x.dtype))


relu = _unary("relu", jax.jit(jax.nn.relu), _RELU_OK)   # eager jax.nn.relu (custom_jvp): ~70 us
relu6 = _unary("relu6", lambda x: (jax.nn.relu6(x) if x.dtype not in INTEGRAL
                                   else jnp.clip(x, 0, 6)), _RELU_OK)  # jax.nn's gives floats
silu = _unary("silu", jax.nn.silu)
mish = _unary("mish", jax.jit(_widened(jax.nn.mish)))
selu = _unary("selu", jax.nn.selu)
sigmoid = _unary("sigmoid", jax.nn.sigmoid)
log_sigmoid = _unary("log_sigmoid", jax.nn.log_sigmoid)
hard_sigmoid = _unary("hard_sigmoid", jax.nn.hard_sigmoid)
hard_swish = _unary("hard_swish", jax.nn.hard_swish)
softsign = _unary("softsign", jax.nn.soft_sign)
tanhshrink = _unary("tanhshrink", jax.jit(_widened(lambda x: x - jnp.tanh(x))))


def gelu(x, /, *, approximate="none"):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("gelu", x)
    if approximate not in ("none", "tanh"):
        raise _value_error("gelu", f"approximate must be 'none' or 'tanh', got {approximate!r}")
    try:
        return _gelu(x, approximate=approximate == "tanh")
    except Exception as e:
        raise error(e, "gelu") from e


def softplus(x, /, *, beta=1.0, threshold=20.0):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("softplus", x)
    try:
        return _softplus(x, beta, threshold)
    except Exception as e:
        raise error(e, "softplus") from e


def elu(x, /, *, alpha=1.0):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("elu", x)
    try:
        return jax.nn.elu(x, alpha)
    except Exception as e:
        raise error(e, "elu") from e


def celu(x, /, *, alpha=1.0):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("celu", x)
    try:
        return jax.nn.celu(x, alpha)
    except Exception as e:
        raise error(e, "celu") from e


def leaky_relu(x, /, *, negative_slope=0.01):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("leaky_relu", x)
    try:
        return _prelu(x, jnp.asarray(negative_slope, x.dtype))
    except Exception as e:
        raise error(e, "leaky_relu") from e


def hard_tanh(x, /, *, min_val=-1.0, max_val=1.0):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("hard_tanh", x)
    try:
        return _clip(x, min_val, max_val)
    except Exception as e:
        raise error(e, "hard_tanh") from e


def glu(x, /, *, axis=-1):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("glu", x)
    if x.shape[axis] % 2:
        raise _value_error("glu", f"the size of axis {axis} must be even, got {x.shape[axis]}")
    try:
        return jax.nn.glu(x, axis)
    except Exception as e:
        raise error(e, "glu") from e


def softshrink(x, /, *, lambd=0.5):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("softshrink", x)
    try:
        return _softshrink(x, lambd)
    except Exception as e:
        raise error(e, "softshrink") from e


def hardshrink(x, /, *, lambd=0.5):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("hardshrink", x)
    try:
        return _hardshrink(x, lambd)
    except Exception as e:
        raise error(e, "hardshrink") from e


def prelu(x, weight, /):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("prelu", x)
    if weight.ndim > 1 or (weight.size != 1 and (x.ndim < 2 or weight.size != x.shape[1])):
        raise _value_error("prelu", f"weight of shape {weight.shape} must have 1 or x.shape[1] "
                                    f"elements (x of shape {x.shape})")
    try:
        w = weight.reshape((-1,) + (1,) * (x.ndim - 2)) if weight.size > 1 else weight.reshape(())
        return _prelu(x, w)
    except Exception as e:
        raise error(e, "prelu") from e


def threshold(x, threshold, value, /):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("threshold", x)
    try:
        return _threshold(x, threshold, jnp.asarray(value))
    except Exception as e:
        raise error(e, "threshold") from e


# ---- softmax family, einsum ---------------------------------------------------------------------

def softmax(x, /, *, axis=-1):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("softmax", x)
    try:
        return _softmax(x, axis=axis)
    except Exception as e:
        raise error(e, "softmax") from e


def log_softmax(x, /, *, axis=-1):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("log_softmax", x)
    try:
        return jax.nn.log_softmax(x, axis=axis)
    except Exception as e:
        raise error(e, "log_softmax") from e


def logsumexp(x, /, *, axis=None, keepdims=False):
    if x.dtype not in _REAL_FLOAT:
        raise _not_float("logsumexp", x)
    try:
        return _logsumexp(x, axis=tuple(axis) if isinstance(axis, list) else axis,
                          keepdims=keepdims)
    except Exception as e:
        raise error(e, "logsumexp") from e


def _diagonal_sizes(subscripts, operands):
    """numpy's check that jnp.einsum skips: a label repeated within one operand (a diagonal) has
    one size there (jax broadcasts a size-1 one, so ``'ii'`` of a (1, 0) array gave 0)."""
    for i, (term, o) in enumerate(zip(subscripts.partition("->")[0].split(","), operands)):
        before, _, after = term.replace(" ", "").partition("...")
        if len(set(before + after)) == len(before) + len(after):
            continue
        shape = o.shape
        sizes = {}
        for label, size in zip(before + after,
                               shape[:len(before)] + shape[len(shape) - len(after):]):
            if sizes.setdefault(label, size) != size:
                raise value_error("einsum", f"dimensions in operand {i} for collapsing index "
                                            f"'{label}' don't match ({sizes[label]} != {size})")


def einsum(subscripts, /, *operands):
    _diagonal_sizes(subscripts, operands)
    try:
        half = [o.dtype for o in operands if o.dtype in _HALF]
        if half:    # accumulate in float32, round once (torch)
            return jnp.einsum(subscripts, *operands, preferred_element_type=_FLOAT32
                              ).astype(jnp.result_type(*operands))
        return jnp.einsum(subscripts, *operands)
    except Exception as e:
        raise error(e, "einsum") from e


# ---- the core's bodies, jitted -----------------------------------------------------------------

_JITTED = {}


def _core(name, static_argnums=(), static_argnames=()):
    """The core's body of ``name`` bound to this backend's namespace, under ``jax.jit``."""
    fn = _JITTED.get((name, static_argnums, static_argnames))
    if fn is None:
        from ivy.core.registry import backend_namespace
        body = functools.partial(area.bodies[name], backend_namespace(NAME))
        fn = _JITTED[name, static_argnums, static_argnames] = jax.jit(
            body, static_argnums=static_argnums, static_argnames=static_argnames)
    return fn


def _shape(shape):
    return (shape,) if isinstance(shape, int) else tuple(shape)


def layer_norm(x, normalized_shape, /, *, weight=None, bias=None, eps=1e-5):
    return _core("layer_norm", (1,))(x, _shape(normalized_shape), weight=weight, bias=bias,
                                     eps=eps)


def rms_norm(x, normalized_shape, /, *, weight=None, eps=None):
    return _core("rms_norm", (1,))(x, _shape(normalized_shape), weight=weight, eps=eps)


def group_norm(x, num_groups, /, *, weight=None, bias=None, eps=1e-5):
    return _core("group_norm", (1,))(x, num_groups, weight=weight, bias=bias, eps=eps)


def batch_norm(x, running_mean, running_var, /, *, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-5, channels_last=False):
    return _core("batch_norm", (), ("training", "channels_last"))(
        x, running_mean, running_var, weight=weight, bias=bias, training=training,
        momentum=momentum, eps=eps, channels_last=channels_last)


def instance_norm(x, /, *, running_mean=None, running_var=None, weight=None, bias=None,
                  use_input_stats=True, momentum=0.1, eps=1e-5):
    return _core("instance_norm", (), ("use_input_stats",))(
        x, running_mean=running_mean, running_var=running_var, weight=weight, bias=bias,
        use_input_stats=use_input_stats, momentum=momentum, eps=eps)


def scaled_dot_product_attention(q, k, v, /, *, attn_mask=None, dropout_p=0.0, is_causal=False,
                                 scale=None, key=None):
    if dropout_p > 0.0:     # random keys stay outside jit: run the body as it is
        from ivy.core.registry import backend_namespace
        return area.bodies["scaled_dot_product_attention"](
            backend_namespace(NAME), q, k, v, attn_mask=attn_mask, dropout_p=dropout_p,
            is_causal=is_causal, scale=scale, key=key)
    return _core("scaled_dot_product_attention", (), ("is_causal",))(
        q, k, v, attn_mask=attn_mask, is_causal=is_causal, scale=scale)


def one_hot(indices, num_classes, /, *, dtype=None):
    return _core("one_hot", (1,), ("dtype",))(indices, num_classes, dtype=dtype)


def pixel_shuffle(x, upscale_factor, /):
    return _core("pixel_shuffle", (1,))(x, upscale_factor)


def pixel_unshuffle(x, downscale_factor, /):
    return _core("pixel_unshuffle", (1,))(x, downscale_factor)
