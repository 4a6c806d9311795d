"""``jax.nn``: activations, softmax family, ``one_hot`` and ``dot_product_attention`` on the core.

Dtypes and weak types follow JAX, which writes these functions with Python-float constants:
``relu6``/``elu``/... join the input with a weak float (an integer input gives a *weak* float64),
``softplus``/``tanh``/... go to JAX's inexact dtype keeping the weak type, ``gelu``/``softmax``/
``logsumexp``/``standardize`` give strong results, and ``sigmoid``/``silu``/``glu`` refuse
integers (TypeError, as ``lax.logistic``).
"""
from __future__ import annotations

import math

import numpy as np

import ivy
from ivy.core import dtypes as D

from .. import _dtypes as J
from .._array import _wrap, asarray, cast_to, promote, to_native
from .._dtypes import native_name
from ..numpy._ufuncs import _unary_operand

_FLOAT = frozenset(D.REAL_FLOATING)
_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_INEXACT = _FLOAT | _COMPLEX
_PY = (bool, int, float, complex)


# ---- dtype rules (one per family) -------------------------------------------------------------

def _same(x, fn):
    """relu, hard_tanh: JAX computes with weak integer constants (bool becomes a weak int64)."""
    a, name, weak = _unary_operand(x, fn)
    if name == "bool":
        return ivy.astype(a, J.DEFAULT["int"]), J.DEFAULT["int"], True
    return a, name, weak


def _with_float(fn, x, *params, force=True):
    """The input joined with float parameters (Python floats are weak): integers give a weak
    float64, float inputs keep their dtype and weak type."""
    x = asarray(x) if type(x) in _PY else x
    args, name, weak = promote(fn, x, *params)
    if force and name not in _INEXACT:
        name, weak = J.DEFAULT["float"], True
        args = [cast_to(v, name) for v in args]
    return [v if type(v) not in _PY else ivy.asarray(v, dtype=name) for v in args], name, weak


def _inexact(x, fn, bool_weak=False, bool_ok=True):
    """JAX's inexact dtype of the input, keeping its weak type (``tanh``, ``softplus``...)."""
    a, name, weak = _unary_operand(x, fn)
    if name == "bool":
        if not bool_ok:
            raise TypeError(f"neg does not accept dtype bool. Accepted dtypes are subtypes of "
                            f"number.")
        if bool_weak:
            name, weak = J.DEFAULT["float"], True
            return ivy.astype(a, name), name, weak
    if name not in _INEXACT:
        name = J.inexact_name(name, weak)
        a = ivy.astype(a, name)
    return a, name, weak


def _strong_inexact(x, fn, bool_ok=True):
    """``gelu``/``softmax``/...: JAX's inexact dtype, always strong."""
    a, name, weak = _unary_operand(x, fn)
    if name == "bool" and not bool_ok:
        raise TypeError(f"sub does not accept dtype bool at position 0. Accepted dtypes at "
                        f"position 0 are subtypes of number.")
    if name not in _INEXACT:
        name = J.inexact_name(name, weak)
        a = ivy.astype(a, name)
    return a, name


def _floating(x, fn):
    """``sigmoid``/``silu``/``glu``: floating input only (``lax.logistic``'s rule)."""
    a, name, weak = _unary_operand(x, fn)
    if name not in _INEXACT:
        raise TypeError(f"logistic does not accept dtype {name}. Accepted dtypes are subtypes "
                        f"of floating, complexfloating.")
    return a, name, weak


def _real(a, name, fn):
    if name in _COMPLEX:
        raise NotImplementedError(f"jax.nn.{fn}: complex input is not supported")
    return a


def _c(v, name):
    return ivy.asarray(v, dtype=name)


# ---- activations --------------------------------------------------------------------------

def relu(x):
    a, name, weak = _same(x, "relu")
    return _wrap(ivy.relu(_real(a, name, "relu")), weak)


def hard_tanh(x):
    a, name, weak = _same(x, "hard_tanh")
    return _wrap(ivy.clip(_real(a, name, "hard_tanh"), -1, 1), weak)


def identity(x):
    a, name, weak = _unary_operand(x, "identity")
    return _wrap(a, weak)


def relu6(x):
    (a, _), name, weak = _with_float("relu6", x, 6.0)
    return _wrap(ivy.relu6(_real(a, name, "relu6")), weak)


def leaky_relu(x, negative_slope=0.01):
    (a, s), name, weak = _with_float("leaky_relu", x, negative_slope, force=False)
    _real(a, name, "leaky_relu")
    return _wrap(ivy.where(ivy.greater_equal(a, _c(0, name)), a, ivy.multiply(s, a)), weak)


def elu(x, alpha=1.0):
    (a, al), name, weak = _with_float("elu", x, alpha)
    _real(a, name, "elu")
    neg = ivy.multiply(al, ivy.expm1(ivy.minimum(a, _c(0, name))))
    return _wrap(ivy.where(ivy.greater(a, _c(0, name)), a, neg), weak)


def celu(x, alpha=1.0):
    (a, al), name, weak = _with_float("celu", x, alpha)
    _real(a, name, "celu")
    neg = ivy.multiply(al, ivy.expm1(ivy.divide(ivy.minimum(a, _c(0, name)), al)))
    return _wrap(ivy.where(ivy.greater(a, _c(0, name)), a, neg), weak)


def selu(x):
    (a, _), name, weak = _with_float("selu", x, 1.0)
    return _wrap(ivy.selu(_real(a, name, "selu")), weak)


def hard_sigmoid(x):
    (a, _), name, weak = _with_float("hard_sigmoid", x, 1.0)
    return _wrap(ivy.hard_sigmoid(_real(a, name, "hard_sigmoid")), weak)


def hard_silu(x):
    (a, _), name, weak = _with_float("hard_silu", x, 1.0)
    return _wrap(ivy.hard_swish(_real(a, name, "hard_silu")), weak)


hard_swish = hard_silu


def sparse_plus(x):
    (a, _), name, weak = _with_float("sparse_plus", x, 1.0)
    _real(a, name, "sparse_plus")
    one = _c(1, name)
    mid = ivy.multiply(_c(0.25, name), ivy.square(ivy.add(a, one)))
    r = ivy.where(ivy.less_equal(a, ivy.negative(one)), _c(0, name),
                  ivy.where(ivy.greater_equal(a, one), a, mid))
    return _wrap(r, weak)


def sparse_sigmoid(x):
    (a, _), name, weak = _with_float("sparse_sigmoid", x, 1.0)
    if name in _COMPLEX:
        raise ValueError("Clip received a complex value either through the input or the "
                         "min/max value")
    return _wrap(ivy.multiply(_c(0.5, name), ivy.clip(ivy.add(a, _c(1, name)), 0, 2)), weak)


def softplus(x):
    a, name, weak = _inexact(x, "softplus", bool_weak=True)
    return _wrap(ivy.logaddexp(_real(a, name, "softplus"), _c(0, name)), weak)


def soft_sign(x):
    a, name, weak = _inexact(x, "soft_sign", bool_weak=True)
    return _wrap(ivy.softsign(_real(a, name, "soft_sign")), weak)


def mish(x):
    a, name, weak = _inexact(x, "mish", bool_weak=True)
    _real(a, name, "mish")
    return _wrap(ivy.multiply(a, ivy.tanh(ivy.logaddexp(a, _c(0, name)))), weak)


def log_sigmoid(x):
    a, name, weak = _inexact(x, "log_sigmoid", bool_ok=False)
    return _wrap(ivy.negative(ivy.logaddexp(ivy.negative(_real(a, name, "log_sigmoid")),
                                            _c(0, name))), weak)


def log1mexp(x):
    a, name, weak = _inexact(x, "log1mexp", bool_ok=False)
    _real(a, name, "log1mexp")
    # log(1 - exp(-x)): log(-expm1(-x)) for small x, log1p(-exp(-x)) otherwise
    small = ivy.less(a, _c(math.log(2.0), name))
    r = ivy.where(small, ivy.log(ivy.negative(ivy.expm1(ivy.negative(a)))),
                  ivy.log1p(ivy.negative(ivy.exp(ivy.negative(a)))))
    return _wrap(r, weak)


def tanh(x, /):
    a, name, weak = _inexact(x, "tanh")
    return _wrap(ivy.tanh(a), weak)


def squareplus(x, b=4):
    if type(b) is int:      # an integer b does not widen the input's inexact dtype
        a, name, weak = _inexact(x, "squareplus")
        x = _wrap(a, weak)
    (a, bb), name, weak = promote("squareplus", asarray(x) if type(x) in _PY else x, b)
    if name not in _INEXACT:
        name = J.inexact_name(name, weak)
        a, bb = ivy.astype(a, name), cast_to(bb, name)
    bb = bb if type(bb) not in _PY else _c(bb, name)
    _real(a, name, "squareplus")
    r = ivy.divide(ivy.add(a, ivy.sqrt(ivy.add(ivy.square(a), bb))), _c(2, name))
    return _wrap(r, weak)


def sigmoid(x):
    a, name, weak = _floating(x, "sigmoid")
    return _wrap(ivy.sigmoid(_real(a, name, "sigmoid")), weak)


def silu(x):
    a, name, weak = _floating(x, "silu")
    return _wrap(ivy.silu(_real(a, name, "silu")), weak)


swish = silu


def glu(x, axis=-1):
    a, name, weak = _floating(x, "glu")
    ndim = len(a.shape)
    if not -ndim <= axis < ndim:
        raise IndexError("tuple index out of range")
    if a.shape[axis] % 2:
        raise AssertionError("axis size must be divisible by 2")
    return _wrap(ivy.glu(_real(a, name, "glu"), axis=axis), weak)


def gelu(x, approximate=True):
    a, name = _strong_inexact(x, "gelu")
    return _wrap(ivy.gelu(_real(a, name, "gelu"), approximate="tanh" if approximate else "none"))


# ---- softmax family ---------------------------------------------------------------------------

def _axes(axis, ndim, error=ValueError):
    if axis is None:
        return tuple(range(ndim))
    axes = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
    out = []
    for ax in axes:
        if not -ndim <= ax < ndim:
            raise error(f"axis {ax} is out of bounds for array of dimension {ndim}")
        out.append(ax % ndim)
    return tuple(out)


def _where(where, fn):
    w = to_native(asarray(where) if type(where) in (bool, list, tuple) else where, fn)
    return w if native_name(w) == "bool" else ivy.astype(w, "bool")


def _lse(a, name, axes, keepdims, w=None, b=None):
    """(log|sum(b * exp(a))|, sign) over ``axes``; masked elements (``w`` False) skipped."""
    ndim = len(a.shape)
    neg_inf = _c(-math.inf, name)
    if w is not None:
        a = ivy.where(w, a, neg_inf)
    amax = ivy.max(a, axis=axes, keepdims=True) if ndim else a
    amax = ivy.where(ivy.isfinite(amax), amax, ivy.zeros_like(amax))
    e = ivy.exp(ivy.subtract(a, amax))
    if b is not None:
        e = ivy.multiply(e, b)
    s = ivy.sum(e, axis=axes, keepdims=True) if ndim else e
    sign = ivy.sign(s)
    r = ivy.add(ivy.log(ivy.abs(s)), amax)
    if not keepdims and ndim:
        r, sign = ivy.squeeze(r, axis=axes), ivy.squeeze(sign, axis=axes)
    return r, sign


def softmax(x, axis=-1, where=None):
    axes = _axes(axis, len(_unary_operand(x, "softmax")[0].shape))
    a, name = _strong_inexact(x, "softmax", bool_ok=False)
    if where is None:
        if len(axes) == 1:
            return _wrap(ivy.softmax(a, axis=axes[0]))
        lse, _ = _lse(a, name, axes, True)
        return _wrap(ivy.exp(ivy.subtract(a, lse)))
    w = _where(where, "softmax")
    lse, _ = _lse(a, name, axes, True, w)
    return _wrap(ivy.where(w, ivy.exp(ivy.subtract(a, lse)), _c(0, name)))


def log_softmax(x, axis=-1, where=None):
    axes = _axes(axis, len(_unary_operand(x, "log_softmax")[0].shape))
    a, name = _strong_inexact(x, "log_softmax", bool_ok=False)
    if where is None:
        if len(axes) == 1:
            return _wrap(ivy.log_softmax(a, axis=axes[0]))
        lse, _ = _lse(a, name, axes, True)
        return _wrap(ivy.subtract(a, lse))
    w = _where(where, "log_softmax")
    lse, _ = _lse(a, name, axes, True, w)
    return _wrap(ivy.where(w, ivy.subtract(a, lse), _c(-math.inf, name)))


def logsumexp(a, axis=None, b=None, keepdims=False, return_sign=False, where=None):
    x, name = _strong_inexact(a, "logsumexp")
    if b is not None:
        (x, bb), name, _ = promote("logsumexp", _wrap(x), b)
        if name not in _INEXACT:
            name = J.inexact_name(name)
            x, bb = ivy.astype(x, name), cast_to(bb, name)
        bb = bb if type(bb) not in _PY else _c(bb, name)
    else:
        bb = None
    axes = _axes(axis, len(x.shape))
    w = None if where is None else _where(where, "logsumexp")
    r, sign = _lse(x, name, axes, keepdims, w, bb)
    if return_sign:
        return _wrap(r), _wrap(sign)
    if bb is not None:
        r = ivy.where(ivy.less(sign, _c(0, name)), _c(math.nan, name), r)
    return _wrap(r)


def logmeanexp(x, axis=None, where=None, keepdims=False):
    a, name = _strong_inexact(x, "logmeanexp")
    axes = _axes(axis, len(a.shape))
    w = None if where is None else _where(where, "logmeanexp")
    r, _ = _lse(a, name, axes, keepdims, w)
    if w is None:
        n = _c(float(math.prod(a.shape[ax] for ax in axes)), name)
    else:
        n = ivy.sum(ivy.broadcast_to(w, tuple(a.shape)), axis=axes, keepdims=keepdims,
                    dtype=D.REAL_OF.get(name, name))
        n = ivy.astype(n, name)
    return _wrap(ivy.subtract(r, ivy.log(n)))


def standardize(x, axis=-1, mean=None, variance=None, epsilon=1e-05, where=None, *,
                algorithm="fast"):
    a, name = _strong_inexact(x, "standardize")
    if name in _COMPLEX:
        raise ValueError("Clip received a complex value either through the input or the "
                         "min/max value")
    if algorithm not in ("fast", "stable"):
        raise ValueError(f"standardize: unknown algorithm {algorithm!r}")
    axes = _axes(axis, len(a.shape), IndexError)
    w = None if where is None else _where(where, "standardize")
    if w is not None:
        n = ivy.astype(ivy.sum(ivy.broadcast_to(w, tuple(a.shape)), axis=axes, keepdims=True),
                       name)
        zero = _c(0, name)

        def avg(v):
            return ivy.divide(ivy.sum(ivy.where(w, v, zero), axis=axes, keepdims=True), n)
    else:
        def avg(v):
            return ivy.mean(v, axis=axes, keepdims=True)
    if mean is None:
        m = avg(a)
    else:
        m = cast_to(to_native(mean, "standardize"), name)
        m = m if type(m) not in _PY else _c(m, name)
    if variance is None:
        if algorithm == "fast":
            v = ivy.maximum(ivy.subtract(avg(ivy.square(a)), ivy.square(m)), _c(0, name))
        else:
            v = avg(ivy.square(ivy.subtract(a, m)))
    else:
        v = cast_to(to_native(variance, "standardize"), name)
        v = v if type(v) not in _PY else _c(v, name)
    eps = cast_to(to_native(epsilon, "standardize"), name)
    eps = eps if type(eps) not in _PY else _c(eps, name)
    r = ivy.multiply(ivy.subtract(a, m), ivy.divide(_c(1, name), ivy.sqrt(ivy.add(v, eps))))
    return _wrap(r)


# ---- one_hot ------------------------------------------------------------------------------------

def one_hot(x, num_classes, *, dtype=None, axis=-1):
    a, name, _ = _unary_operand(x, "one_hot")
    if name == "bool":
        raise TypeError("iota does not accept dtype bool. Accepted dtypes are subtypes of "
                        "integer, floating, complexfloating.")
    try:
        num_classes = int(num_classes.__index__())
    except (AttributeError, TypeError):
        raise TypeError(f"num_classes must be a static integer, got {num_classes!r}") from None
    want = J.DEFAULT["float"] if dtype is None else J.name_of(dtype, "one_hot")
    ndim = len(a.shape) + 1
    if not isinstance(axis, int):
        raise NotImplementedError("jax.nn.one_hot: named (mapped) axes are not supported")
    if not -ndim <= axis < ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    classes = ivy.arange(num_classes, dtype=name)
    hot = ivy.equal(ivy.expand_dims(a, axis=-1), classes)
    hot = ivy.astype(hot, want)
    if axis % ndim != ndim - 1:
        hot = ivy.moveaxis(hot, -1, axis % ndim)
    return _wrap(hot)


# ---- attention --------------------------------------------------------------------------------

def _seq_mask(lengths, size, fn, name):
    if lengths is None:
        return None
    n = to_native(asarray(lengths) if type(lengths) in (list, tuple) else lengths, fn)
    if native_name(n) != "int32":
        raise ValueError(f"{name} dtype should be int32, but got {native_name(n)}")
    return ivy.less(ivy.reshape(ivy.arange(size, dtype="int32"), (1, -1)),
                    ivy.reshape(n, (-1, 1)))      # (B, size)


def dot_product_attention(query, key, value, bias=None, mask=None, *, scale=None,
                          is_causal=False, query_seq_lengths=None, key_value_seq_lengths=None,
                          local_window_size=None, implementation=None, return_residual=False):
    fn = "dot_product_attention"
    if implementation not in (None, "xla", "cudnn"):
        raise ValueError(f"Unsupported implementation option: {implementation}")
    if implementation == "cudnn":
        raise RuntimeError("cuDNN is not detected.")
    q, k, v = (to_native(asarray(t) if type(t) in (list, tuple) else t, fn)
               for t in (query, key, value))
    qn = native_name(q)
    for label, t in (("key", k), ("value", v)):
        if native_name(t) != qn:
            raise ValueError(f"{label} dtype should be {qn}, but got {native_name(t)}")
    batched = len(q.shape) == 4
    if not batched:
        if len(q.shape) != 3:
            raise ValueError(f"query must have rank 3 or 4, got shape {q.shape}")
        q, k, v = (ivy.expand_dims(t, axis=0) for t in (q, k, v))
    B, T, N, H = q.shape
    S, K = k.shape[1], k.shape[2]
    if N % K:
        raise ValueError(f"The number of query heads must be a multiple of key/value heads, "
                         f"but got {N} vs {K}")
    if scale is None:
        scale = 1.0 / math.sqrt(H)
    compute = qn if qn in _FLOAT else J.DEFAULT["float"]
    qt = ivy.permute_dims(ivy.astype(q, compute), (0, 2, 1, 3))       # (B, N, T, H)
    kt = ivy.permute_dims(ivy.astype(k, compute), (0, 2, 3, 1))       # (B, K, H, S)
    vt = ivy.permute_dims(ivy.astype(v, compute), (0, 2, 1, 3))       # (B, K, S, H)
    if K != N:
        kt, vt = ivy.repeat(kt, N // K, axis=1), ivy.repeat(vt, N // K, axis=1)
    logits = ivy.multiply(ivy.matmul(qt, kt), _c(scale, compute))    # (B, N, T, S)
    if bias is not None:
        bb = to_native(bias, fn)
        bb = ivy.astype(bb, compute) if native_name(bb) != compute else bb
        logits = ivy.add(logits, _expand4(bb, batched))
    keep = None
    if mask is not None:
        keep = _expand4(_where(mask, fn), batched)
    rows = ivy.reshape(ivy.arange(T, dtype="int64"), (T, 1))
    cols = ivy.reshape(ivy.arange(S, dtype="int64"), (1, S))
    if is_causal:
        keep = _and(keep, ivy.greater_equal(rows, cols))
    if local_window_size is not None:
        left, right = (local_window_size if isinstance(local_window_size, tuple) else
                       (local_window_size, local_window_size))
        window = ivy.logical_and(ivy.greater_equal(cols, ivy.subtract(rows, _c(left, "int64"))),
                                 ivy.less_equal(cols, ivy.add(rows, _c(right, "int64"))))
        keep = _and(keep, window)
    qm = _seq_mask(query_seq_lengths, T, fn, "query_seq_lengths")
    km = _seq_mask(key_value_seq_lengths, S, fn, "key_value_seq_lengths")
    if qm is not None:
        keep = _and(keep, ivy.reshape(qm, (B, 1, T, 1)))
    if km is not None:
        keep = _and(keep, ivy.reshape(km, (B, 1, 1, S)))
    if keep is not None:
        # JAX's large negative: finite in the float32 softmax below
        big = -0.7 * float(D.finfo(compute if compute in ("float16", "bfloat16") else
                                   "float32").max)
        logits = ivy.where(keep, logits, _c(big, compute))
    probs = ivy.softmax(ivy.astype(logits, "float32"), axis=-1)   # JAX: softmax in float32
    lse = None
    if return_residual:
        lse = ivy.logsumexp(logits, axis=-1)                           # (B, N, T)
    out = ivy.matmul(ivy.astype(probs, compute), vt)                 # (B, N, T, H)
    if qm is not None:   # padded query rows give zeros
        out = ivy.where(ivy.reshape(qm, (B, 1, T, 1)), out, _c(0, compute))
    out = ivy.astype(ivy.permute_dims(out, (0, 2, 1, 3)), qn)
    if not batched:
        out = ivy.squeeze(out, axis=0)
    if return_residual:
        lse = ivy.permute_dims(lse, (0, 2, 1))
        if not batched:
            lse = ivy.squeeze(lse, axis=0)
        return _wrap(out), _wrap(ivy.astype(lse, "float32"))
    return _wrap(out)


def _expand4(t, batched):
    """A mask/bias given as (T, S), (N, T, S) or (B, N, T, S) as 4-d (B, N, T, S)."""
    while len(t.shape) < 4:
        t = ivy.expand_dims(t, axis=0)
    return t


def _and(a, b):
    return b if a is None else ivy.logical_and(a, b)


# ---- block-scaled matmuls (need hardware scaled types) ----------------------------------------

def scaled_matmul(lhs, rhs, lhs_scales, rhs_scales, preferred_element_type=np.float32):
    raise NotImplementedError("jax.nn.scaled_matmul: block-scaled (mxfp8/nvfp4) matmul needs "
                              "hardware scaled types that ivy's core does not have")


def scaled_dot_general(lhs, rhs, dimension_numbers, preferred_element_type=np.float32,
                       configs=None,
                       implementation=None):
    raise NotImplementedError("jax.nn.scaled_dot_general: block-scaled (mxfp8/nvfp4) dot needs "
                              "hardware scaled types that ivy's core does not have")


def get_scaled_dot_general_config(mode, global_scale=None):
    raise NotImplementedError("jax.nn.get_scaled_dot_general_config: block-scaled (mxfp8/nvfp4) "
                              "configurations need hardware scaled types")


try:
    from . import initializers  # noqa: F401
except ModuleNotFoundError as _e:
    if _e.name != f"{__name__}.initializers":
        raise

__all__ = ["celu", "dot_product_attention", "elu", "gelu", "get_scaled_dot_general_config", "glu",
           "hard_sigmoid", "hard_silu", "hard_swish", "hard_tanh", "identity", "leaky_relu",
           "log1mexp", "log_sigmoid", "log_softmax", "logmeanexp", "logsumexp", "mish",
           "one_hot", "relu", "relu6", "scaled_dot_general", "scaled_matmul", "selu", "sigmoid",
           "silu", "soft_sign", "softmax", "softplus", "sparse_plus", "sparse_sigmoid",
           "squareplus", "standardize", "swish", "tanh"]
if "initializers" in globals():
    __all__.append("initializers")
