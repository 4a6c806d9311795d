"""numpy backend: the ``nn`` extension, written with numpy ufuncs.

torch.nn.functional is the specification. Half-precision inputs (float16, ml_dtypes bfloat16)
are computed in float32 and rounded once, as torch's CPU kernels do. numpy has no ``erf``: the
exact gelu uses ``_erf`` below (float64, within a few ulps of the C library's).
"""
import math

import numpy as np

from ivy.core.errors import IvyTypeError, IvyValueError, from_native

from ._dtypes import HALF, NAME

_FLOAT32 = np.dtype(np.float32)
_SQRT_HALF = math.sqrt(0.5)
_SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)
_SQRT_PI = math.sqrt(math.pi)
_SELU_ALPHA = 1.6732632423543772848170429916717
_SELU_SCALE = 1.0507009873554804934193349852946


def _error(cls, fn, msg):
    return cls(f"ivy.{fn} ({NAME} backend): {msg}", function=fn, backend=NAME)


def _compute(x):
    """``x`` in the dtype to compute in: float32 for half precision, else its own."""
    return x.astype(_FLOAT32) if x.dtype in HALF else x


def _result(r, x):
    """``r`` as an array of ``x``'s dtype (numpy reductions give scalars, half computes wider)."""
    r = np.asarray(r)
    return r if r.dtype == x.dtype else r.astype(x.dtype)


def _erf(x):
    """erf of a float64 array: for |x| < 2 the series ``2/sqrt(pi) exp(-x^2) sum (2x^2)^n x /
    (2n+1)!!`` (positive terms, no cancellation), for 2 <= |x| < 6 erfc's continued fraction
    (beyond 6, erfc < 2e-17 and erf rounds to +-1)."""
    a = np.abs(x)
    out = np.ones_like(a)
    small = a < 2.0
    s = a[small]
    term, total, step = s.copy(), s.copy(), 2.0 * s * s
    for n in range(1, 30):
        term *= step / (2 * n + 1)
        total += term
    out[small] = _TWO_OVER_SQRT_PI * np.exp(-s * s) * total
    mid = ~small & (a < 6.0)
    c = a[mid]
    fraction = c.copy()
    for k in range(40, 0, -1):
        fraction = c + (k / 2.0) / fraction
    out[mid] = 1.0 - np.exp(-c * c) / (_SQRT_PI * fraction)
    out[np.isnan(a)] = np.nan
    return np.copysign(out, x)


def _check_float(fn, x):
    """Activations and the softmax family take real floating-point inputs."""
    if x.dtype.kind != "f" and x.dtype not in HALF:
        raise _error(IvyTypeError, fn, f"expected a real floating-point input, got {x.dtype}")


def _sigmoid(x):
    e = np.exp(-np.abs(x))
    r = 1.0 / (1.0 + e)
    return np.where(x >= 0, r, e * r)


def _softplus(x):
    return np.logaddexp(x, 0.0)


def _elu(x, alpha):
    return np.where(x > 0, x, alpha * np.expm1(np.minimum(x, 0.0)))


def _hard_sigmoid(x):
    return np.clip(x + 3.0, 0.0, 6.0) / 6.0


def _gelu(x, approximate):
    if approximate == "tanh":
        return 0.5 * x * (1.0 + np.tanh(_SQRT_2_OVER_PI * (x + 0.044715 * x * x * x)))
    if approximate != "none":
        raise _error(IvyValueError, "gelu", f"approximate must be 'none' or 'tanh', got "
                                            f"{approximate!r}")
    wide = x.astype(np.float64)     # _erf works in float64
    return 0.5 * wide * (1.0 + _erf(wide * _SQRT_HALF))


def _softshrink(x, lambd):
    return np.where(x > lambd, x - lambd, np.where(x < -lambd, x + lambd, 0.0))


def _prelu_weight(x, weight):
    if weight.ndim > 1 or (weight.size != 1 and (x.ndim < 2 or weight.size != x.shape[1])):
        raise _error(IvyValueError, "prelu", f"weight of shape {weight.shape} must have 1 or "
                                             f"x.shape[1] elements (x of shape {x.shape})")
    return weight.reshape((-1,) + (1,) * (x.ndim - 2)) if weight.size > 1 else weight.reshape(())


def _glu(x, axis):
    n = x.shape[axis]
    if n % 2:
        raise _error(IvyValueError, "glu", f"the size of axis {axis} must be even, got {n}")
    a, b = np.split(x, 2, axis=axis)
    return a * _sigmoid(b)


def _float_op(name, formula):
    """An activation: ``formula(x, *params)`` on ``x`` computed in float32 for half inputs."""
    def fn(x, /, *params):
        _check_float(name, x)
        try:
            with np.errstate(over="ignore", under="ignore"):
                return _result(formula(_compute(x), *params), x)
        except Exception as e:
            raise from_native(e, name, NAME) from e
    fn.__name__ = fn.__qualname__ = f"_{name}"
    return fn


_ops = {name: _float_op(name, formula) for name, formula in {
    "relu": lambda x: np.maximum(x, 0),
    "relu6": lambda x: np.clip(x, 0, 6),
    "gelu": _gelu,
    "silu": lambda x: x * _sigmoid(x),
    "mish": lambda x: x * np.tanh(_softplus(x)),
    "softplus": lambda x, beta, thr: np.where(x * beta > thr, x, _softplus(x * beta) / beta),
    "elu": _elu,
    "selu": lambda x: _SELU_SCALE * _elu(x, _SELU_ALPHA),
    "celu": lambda x, alpha: np.where(x > 0, x, alpha * np.expm1(np.minimum(x, 0.0) / alpha)),
    "leaky_relu": lambda x, slope: np.where(x > 0, x, x * slope),
    "sigmoid": _sigmoid,
    "log_sigmoid": lambda x: np.minimum(x, 0.0) - np.log1p(np.exp(-np.abs(x))),
    "hard_sigmoid": _hard_sigmoid,
    "hard_swish": lambda x: x * _hard_sigmoid(x),
    "hard_tanh": lambda x, lo, hi: np.clip(x, lo, hi),
    "softsign": lambda x: x / (1.0 + np.abs(x)),
    "glu": _glu,
    "tanhshrink": lambda x: x - np.tanh(x),
    "softshrink": _softshrink,
    "hardshrink": lambda x, lambd: np.where(np.abs(x) > lambd, x, 0.0),
    "prelu": lambda x, weight: np.where(x >= 0, x, _prelu_weight(x, weight) * x),
    "threshold": lambda x, thr, value: np.where(x > thr, x, value),
}.items()}
_relu, _relu6, _silu, _mish, _selu = (_ops[n] for n in ("relu", "relu6", "silu", "mish", "selu"))
_sigmoid_op, _log_sigmoid, _hard_sigmoid_op = (_ops[n] for n in ("sigmoid", "log_sigmoid",
                                                                  "hard_sigmoid"))
_hard_swish, _softsign, _tanhshrink = (_ops[n] for n in ("hard_swish", "softsign", "tanhshrink"))


def relu(x, /):
    if x.dtype.kind in "iu":    # integer relu, as torch and jax allow
        return np.maximum(x, x.dtype.type(0))
    return _relu(x)


def relu6(x, /):
    if x.dtype.kind in "iu":
        return _result(np.clip(x, 0, 6), x)
    return _relu6(x)


def gelu(x, /, *, approximate="none"):
    return _ops["gelu"](x, approximate)


def silu(x, /):
    return _silu(x)


def mish(x, /):
    return _mish(x)


def softplus(x, /, *, beta=1.0, threshold=20.0):
    return _ops["softplus"](x, beta, threshold)


def elu(x, /, *, alpha=1.0):
    return _ops["elu"](x, alpha)


def selu(x, /):
    return _selu(x)


def celu(x, /, *, alpha=1.0):
    return _ops["celu"](x, alpha)


def leaky_relu(x, /, *, negative_slope=0.01):
    return _ops["leaky_relu"](x, negative_slope)


def sigmoid(x, /):
    return _sigmoid_op(x)


def log_sigmoid(x, /):
    return _log_sigmoid(x)


def hard_sigmoid(x, /):
    return _hard_sigmoid_op(x)


def hard_swish(x, /):
    return _hard_swish(x)


def hard_tanh(x, /, *, min_val=-1.0, max_val=1.0):
    return _ops["hard_tanh"](x, min_val, max_val)


def softsign(x, /):
    return _softsign(x)


def glu(x, /, *, axis=-1):
    return _ops["glu"](x, axis)


def tanhshrink(x, /):
    return _tanhshrink(x)


def softshrink(x, /, *, lambd=0.5):
    return _ops["softshrink"](x, lambd)


def hardshrink(x, /, *, lambd=0.5):
    return _ops["hardshrink"](x, lambd)


def prelu(x, weight, /):
    return _ops["prelu"](x, _compute(weight))


def threshold(x, threshold, value, /):
    return _ops["threshold"](x, threshold, value)


# ---- softmax family ----------------------------------------------------------------------------

def _shifted(x, axis):
    """``x - max(x, axis)``; a row of only -inf gives NaN (as torch), an empty axis no error."""
    return x - np.max(x, axis=axis, keepdims=True, initial=-np.inf)


def _softmax(x, axis):
    e = np.exp(_shifted(x, axis))
    return e / np.sum(e, axis=axis, keepdims=True)


def _log_softmax(x, axis):
    s = _shifted(x, axis)
    return s - np.log(np.sum(np.exp(s), axis=axis, keepdims=True))


def _logsumexp(x, axis, keepdims):
    m = np.max(x, axis=axis, keepdims=True, initial=-np.inf)
    m = np.where(np.isfinite(m), m, 0.0)      # only -inf: log(0) = -inf; any +inf: +inf
    r = np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True)) + m
    return r if keepdims else np.squeeze(r, axis=axis)




def softmax(x, /, *, axis=-1):
    _check_float("softmax", x)
    try:
        with np.errstate(invalid="ignore", under="ignore"):
            return _result(_softmax(_compute(x), axis), x)
    except Exception as e:
        raise from_native(e, "softmax", NAME) from e


def log_softmax(x, /, *, axis=-1):
    _check_float("log_softmax", x)
    try:
        with np.errstate(invalid="ignore", divide="ignore", under="ignore", over="ignore"):
            return _result(_log_softmax(_compute(x), axis), x)
    except Exception as e:
        raise from_native(e, "log_softmax", NAME) from e


def logsumexp(x, /, *, axis=None, keepdims=False):
    _check_float("logsumexp", x)
    try:
        with np.errstate(invalid="ignore", divide="ignore", under="ignore", over="ignore"):
            return _result(_logsumexp(_compute(x), axis, keepdims), x)
    except Exception as e:
        raise from_native(e, "logsumexp", NAME) from e


# ---- einsum ------------------------------------------------------------------------------------

def _diagonal_sizes(subscripts, operands):
    """A label repeated within one operand (a diagonal) has one size there: np.einsum refuses
    'ii' of a (1, 0) array but broadcasts a later size-1 one ((0, 1) gave a 1-element result)."""
    for i, (term, o) in enumerate(zip(subscripts.partition("->")[0].split(","), operands)):
        before, _, after = term.replace(" ", "").partition("...")
        if len(set(before + after)) == len(before) + len(after):
            continue
        sizes = {}
        for label, size in zip(before + after,
                               o.shape[:len(before)] + o.shape[o.ndim - len(after):]):
            if sizes.setdefault(label, size) != size:
                raise IvyValueError(f"ivy.einsum ({NAME} backend): dimensions in operand {i} for "
                                    f"collapsing index '{label}' don't match ({sizes[label]} != "
                                    f"{size})", function="einsum", backend=NAME)


def einsum(subscripts, /, *operands):
    _diagonal_sizes(subscripts, operands)
    try:
        half = any(o.dtype in HALF for o in operands)
        if half:        # half-precision products accumulate in float32 (torch), rounded once
            out = np.result_type(*operands)
            operands = [_compute(o) for o in operands]
        # optimize=True: BLAS contractions, and sums over '...' dimensions the output omits
        r = np.asarray(np.einsum(subscripts, *operands, optimize=True))
        return r.astype(out) if half else r
    except Exception as e:
        raise from_native(e, "einsum", NAME) from e
