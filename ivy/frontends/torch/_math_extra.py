"""Math, statistics and legacy linear algebra: ``float_power``, ``fmax``, ``xlogy``, ``aminmax``,
``std_mean``, ``quantile``, ``cov``, ``renorm``, ``gradient``, ``histogram``, ``torch.svd``/``qr``/
``lu``/``geqrf``/``ormqr``, ... on ivy's core.

The binary elementwise functions come from one table (core function, dtype rule, refusals); the
special functions reuse ``torch.special``'s implementations; the activations reuse
``torch.nn.functional``'s. ``geqrf`` is Householder QR in core ops (LAPACK's sign conventions), so
``orgqr``/``ormqr`` build on ``linalg.householder_product``. Random draws come from the
frontend's generators: ``rrelu``'s are real torch's (``nn.functional._rrelu_train``);
``binomial``'s repeat under ``manual_seed`` but are not real torch's numbers. Not implemented:
``pca_lowrank``/``svd_lowrank``.
"""
from __future__ import annotations

import builtins
import itertools
import math

import ivy
from ivy.core import dtypes as D

from . import _dtypes as T
from . import special as _special
from ._ops import shape_errors
from ._ops import (_TORCH_NAME, _finish, _inplace, _tensor_arg, assign, binary_operands, cast,
                   native)
from ._printing import return_type
from ._random import _gen
from ._reductions import UNSET, _correction, _float_only, _int_dim, dims
from ._reductions import cumprod as _cumprod, cumsum as _cumsum, mean as _mean
from ._reductions import std as _std, var as _var
from ._tensor import Tensor, _axis, _wrap

_EXACT = frozenset(D.INTEGRAL + D.BOOL)
_REAL_FLOATS = frozenset(D.REAL_FLOATING)
_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_KIND = {**{d: "b" for d in D.BOOL}, **{d: "i" for d in D.INTEGRAL},
         **{d: "f" for d in D.REAL_FLOATING}, **{d: "c" for d in D.COMPLEX_FLOATING}}

aminmax_result = return_type("aminmax", "min max")
svd_result = return_type("svd", "U S V")
qr_result = return_type("qr", "Q R")
geqrf_result = return_type("geqrf", "a tau")
lu_with_info_result = return_type("_lu_with_info", "LU pivots info")
histogram_result = return_type("histogram", "hist bin_edges")
histogramdd_result = return_type("histogramdd", "hist bin_edges")


def _nnf():
    from .nn import functional
    return functional


def _linalg():
    from . import linalg
    return linalg


def _refused(kernel, dt):
    return NotImplementedError(f'"{kernel}" not implemented for \'{_TORCH_NAME[dt]}\'')


# ---- binary elementwise ------------------------------------------------------------------------
# Core functions are looked up at call time: ``ivy.<name>`` is rebound per selected backend.
def _bool_or(core, on_bool):
    return lambda a, b: getattr(ivy, on_bool if ivy.dtype(a) == "bool" else core)(a, b)


def _heaviside(a, b):
    if ivy.dtype(a) == "bool":
        return ivy.logical_or(a, ivy.logical_and(ivy.logical_not(a), b))
    return ivy.heaviside(a, b)


# name: (core function, rule, refused kinds, error, other's name)
#   rule "same": operands in torch's result dtype; "equal": both tensors must share a dtype
#   (heaviside); "gamma": the regularized incomplete gamma functions (core name), at a == 0 as
#   torch: P(0, x > 0) = 1, P(0, 0) = NaN (the core's tensorflow backend gives 0 for both)
BINARY = {
    "fmax": (_bool_or("fmax", "logical_or"), "same", "c", RuntimeError, "other"),
    "fmin": (_bool_or("fmin", "logical_and"), "same", "c", RuntimeError, "other"),
    "heaviside": (_heaviside, "equal", "c", RuntimeError, "values"),
    "logaddexp2": (lambda a, b: ivy.logaddexp2(a, b), "same", "bic", NotImplementedError, "other"),
    "igamma": ("gammainc", "gamma", "bic", NotImplementedError, "other"),
    "igammac": ("gammaincc", "gamma", "bic", NotImplementedError, "other"),
}


def _binary(name, core, rule, refused, error, other_name):
    @shape_errors
    def fn(input, other, *, out=None):
        if not isinstance(other, Tensor):
            raise TypeError(f"{name}(): argument '{other_name}' (position 2) must be Tensor, not "
                            f"{type(other).__name__}")
        _tensor_arg(input, name)
        a, b, dt = binary_operands(input, other, name)
        dt = dt or ivy.dtype(a)
        if rule == "equal" and ivy.dtype(input._data) != ivy.dtype(other._data):
            raise RuntimeError(f"{name} is not yet implemented for tensors with different dtypes.")
        if _KIND[dt] in refused:
            raise (RuntimeError(f"{name} is not yet implemented for complex tensors.")
                   if error is RuntimeError else _refused(f"{name}_cpu", dt))
        if rule == "gamma":
            r = getattr(ivy, core)(a, b)
            at_zero = ivy.equal(a, 0)
            r = ivy.where(ivy.logical_and(at_zero, ivy.greater(b, 0)),
                          ivy.full_like(r, 1.0 if core == "gammainc" else 0.0), r)
            r = ivy.where(ivy.logical_and(at_zero, ivy.equal(b, 0)), ivy.full_like(r, math.nan), r)
            return _finish(r, out, name)
        return _finish(core(a, b), out, name)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `torch.{name}`."
    return fn


@shape_errors
def xlogy(input, other, *, out=None):
    for v in (input, other):
        if isinstance(v, Tensor) and ivy.dtype(v._data) in _COMPLEX:
            raise _refused("xlogy_cpu", ivy.dtype(v._data))
    a, b, _ = _special._pair(input, other, "xlogy")
    return _finish(ivy.xlogy(a, b), out, "xlogy")


@shape_errors
def float_power(input, exponent, *, out=None):
    if not isinstance(input, Tensor) and not isinstance(exponent, Tensor):
        raise TypeError("float_power() received an invalid combination of arguments")
    return _finish(ivy.float_power(native(input), native(exponent)), out, "float_power")


def float_power_(self, exponent):
    complex_ = ivy.dtype(self._data) in _COMPLEX or (isinstance(exponent, Tensor) and ivy.dtype(
        exponent._data) in _COMPLEX) or isinstance(exponent, complex)
    want = "complex128" if complex_ else "float64"
    if ivy.dtype(self._data) != want:
        raise RuntimeError(f"the base given to float_power_ has dtype "
                           f"{_TORCH_NAME[ivy.dtype(self._data)]} but the operation's result "
                           f"requires dtype {_TORCH_NAME[want]}")
    return assign(self, float_power(self, exponent)._data, "float_power_")


def rsub(input, other, *, alpha=1):
    if not isinstance(input, Tensor):
        raise TypeError(f"rsub() received an invalid combination of arguments - got "
                        f"({type(input).__name__}, {type(other).__name__})")
    from ._ops import sub
    return sub(other, input, alpha=alpha)


# ---- unary -------------------------------------------------------------------------------------
def nan_to_num(input, nan=0.0, posinf=None, neginf=None, *, out=None):
    a = _tensor_arg(input, "nan_to_num")
    if out is not None and ivy.dtype(out._data) != ivy.dtype(a):
        raise RuntimeError(f"nan_to_num: dtype of out: {_TORCH_NAME[ivy.dtype(out._data)]} should "
                           f"be same as input: {_TORCH_NAME[ivy.dtype(a)]}")
    if ivy.dtype(a) in _EXACT:
        return _finish(ivy.asarray(a, copy=True), out, "nan_to_num")
    return _finish(ivy.nan_to_num(a, nan=nan, posinf=posinf, neginf=neginf), out, "nan_to_num")


def polygamma(n, input, *, out=None):
    _no_complex(input, "polygamma")
    return _special.polygamma(n, input, out=out)


def mvlgamma(input, p, *, out=None):
    _no_complex(input, "mvlgamma")
    return _special.multigammaln(input, p, out=out)


def _no_complex(input, kernel):
    a = _tensor_arg(input, kernel)
    if ivy.dtype(a) in _COMPLEX:
        raise _refused(f"{kernel}_cpu", ivy.dtype(a))


def real(input):
    a = _tensor_arg(input, "real")
    return _wrap(ivy.real(a)) if ivy.dtype(a) in _COMPLEX else input


def imag(input):
    a = _tensor_arg(input, "imag")
    if ivy.dtype(a) not in _COMPLEX:
        raise RuntimeError("imag is not implemented for tensors with non-complex dtypes.")
    return _wrap(ivy.imag(a))


def round(input, *, decimals=UNSET, out=None):  # noqa: A001 - torch's name
    a = _tensor_arg(input, "round")
    dt = ivy.dtype(a)
    if dt in D.INTEGRAL and decimals is UNSET:   # only round(input) has integer kernels
        return _finish(ivy.asarray(a, copy=True), out, "round")
    if dt in _EXACT or dt in _COMPLEX:
        raise _refused("round_vml_cpu", dt)
    return _special.round(input, decimals=0 if decimals is UNSET else decimals, out=out)


def conj_physical(input, *, out=None):
    a = _tensor_arg(input, "conj_physical")
    return _finish(ivy.conj(a) if ivy.dtype(a) in _COMPLEX else ivy.asarray(a, copy=True), out,
                   "conj_physical")


def resolve_conj(input):
    _tensor_arg(input, "resolve_conj")
    return input      # conjugation is never lazy here: there is nothing to resolve


resolve_neg = resolve_conj


def is_conj(input):
    _tensor_arg(input, "is_conj")
    return False


is_neg = is_conj


def adjoint(input):
    a = _tensor_arg(input, "adjoint")
    if ivy.ndim(a) < 2:
        raise RuntimeError(f"tensor.adjoint() is only supported on matrices or batches of "
                           f"matrices. Got {ivy.ndim(a)}-D tensor.")
    t = ivy.matrix_transpose(a)
    return _wrap(ivy.conj(t) if ivy.dtype(a) in _COMPLEX else t)


# ---- activations (torch.* forms of torch.nn.functional's) ----------------------------------------
def relu(input):
    a = _tensor_arg(input, "relu")
    if ivy.dtype(a) == "bool":
        raise RuntimeError("Boolean inputs not supported for relu")
    if ivy.dtype(a) in _COMPLEX:
        raise _refused("clamp_min_scalar_cpu", ivy.dtype(a))
    return _nnf().relu(input)


def relu_(input):
    return assign(input, relu(input)._data, "relu_")


def hardshrink(input, lambd=0.5):
    return _nnf().hardshrink(input, lambd)


def prelu(input, weight):
    return _nnf().prelu(input, weight)


def selu(input):
    return _nnf().selu(input)


def celu(input, alpha=1.0):
    return _nnf().celu(input, alpha)


def threshold(input, threshold, value):
    a = _tensor_arg(input, "threshold")
    dt = ivy.dtype(a)
    if dt == "bool" or dt in _COMPLEX:
        raise _refused("threshold_cpu", dt)
    if dt in D.INTEGRAL:
        info = D.iinfo(dt)
        for v in (threshold, value):
            if not info.min <= v <= info.max:
                raise RuntimeError(f"value cannot be converted to type {dt}_t without overflow")
    return _nnf().threshold(input, threshold, value)


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, generator=None):
    a = _tensor_arg(input, "rrelu")
    if ivy.dtype(a) not in _REAL_FLOATS:
        raise _refused("rrelu_with_noise_cpu" if training else "leaky_relu_cpu", ivy.dtype(a))
    nnf = _nnf()
    return _wrap(nnf._rrelu_train(a, lower, upper, _gen(generator)) if training else
                 nnf._rrelu_eval(a, lower, upper))


def _into_self(f, name):
    def fn(input, *args, **kwargs):
        return assign(input, f(input, *args, **kwargs)._data, name)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `torch.{name}`."
    return fn


# ---- reductions and statistics ------------------------------------------------------------------
def aminmax(input, *, dim=None, keepdim=False, out=None):
    a = _tensor_arg(input, "aminmax")
    if ivy.dtype(a) in _COMPLEX:
        raise _refused("aminmax_cpu", ivy.dtype(a))
    axis = None if dim is None else _axis(dim, builtins.max(ivy.ndim(a), 1))
    n = ivy.size(a) if axis is None else (ivy.shape(a)[axis] if ivy.ndim(a) else 1)
    if n == 0:
        raise RuntimeError("aminmax(): cannot compute aminmax over an empty dimension as the "
                           "operation has no identity.")
    if ivy.ndim(a) == 0:
        axis = None
    if dim is None and keepdim:
        keep = (1,) * ivy.ndim(a)
        lo, hi = ivy.reshape(ivy.min(a), keep), ivy.reshape(ivy.max(a), keep)
    else:
        lo, hi = ivy.min(a, axis=axis, keepdims=keepdim), ivy.max(a, axis=axis, keepdims=keepdim)
    if ivy.dtype(a) in _REAL_FLOATS:          # a NaN is both the minimum and the maximum
        nan = ivy.any(ivy.isnan(a), axis=axis, keepdims=keepdim and dim is not None)
        if dim is None and keepdim:
            nan = ivy.reshape(nan, ivy.shape(lo))
        lo = ivy.where(nan, ivy.full_like(lo, math.nan), lo)
        hi = ivy.where(nan, ivy.full_like(hi, math.nan), hi)
    if out is not None:
        assign(out[0], lo, "aminmax")
        assign(out[1], hi, "aminmax")
        return aminmax_result(*out)
    return aminmax_result(_wrap(lo), _wrap(hi))


def _moment_mean(moment):
    def fn(input, dim=None, unbiased=None, keepdim=False, *, correction=None, out=None):
        if isinstance(dim, bool):            # std_mean(input, unbiased) overload
            dim, unbiased = None, dim
        c = _correction(unbiased, correction)
        if isinstance(input, Tensor) and ivy.dtype(input._data) in _COMPLEX:
            # var of a complex tensor = var(real) + var(imag) (the core's tensorflow var is real)
            parts = (_var(_wrap(f(input._data)), dim, keepdim=keepdim, correction=c)._data
                     for f in (ivy.real, ivy.imag))
            v = ivy.add(*parts)
            m = _wrap(ivy.sqrt(v) if moment is _std else v)
        else:
            m = moment(input, dim, keepdim=keepdim, correction=c)
        mu = _mean(input, dim, keepdim)
        return (m, mu) if out is None else (assign(out[0], m._data, moment.__name__),
                                            assign(out[1], mu._data, "mean"))
    fn.__name__ = fn.__qualname__ = moment.__name__ + "_mean"
    fn.__doc__ = f"Implements `torch.{fn.__name__}`."
    return fn


std_mean, var_mean = _moment_mean(_std), _moment_mean(_var)


def nanmean(input, dim=None, keepdim=False, *, dtype=None, out=None):
    a = _tensor_arg(input, "nanmean")
    if ivy.dtype(a) not in _REAL_FLOATS:
        raise RuntimeError(f"nanmean(): expected input to have floating point or complex dtype but got "
                           f"{_TORCH_NAME[ivy.dtype(a)]}")
    a = _float_only(a, "nanmean", dtype)
    return _finish(ivy.nanmean(a, axis=dims(dim, ivy.ndim(a)), keepdims=keepdim), out, "nanmean")


def nansum(input, dim=None, keepdim=False, *, dtype=None, out=None):
    a = _tensor_arg(input, "nansum")
    if ivy.dtype(a) in _COMPLEX:
        raise RuntimeError("nansum does not support complex inputs")
    acc = T.canonical(dtype) if dtype is not None else (
        "int64" if ivy.dtype(a) in _EXACT else ivy.dtype(a))
    a = cast(a, acc)
    axes = dims(dim, ivy.ndim(a))
    r = ivy.nansum(a, axis=axes, keepdims=keepdim) if acc in _REAL_FLOATS else \
        ivy.sum(a, axis=axes, keepdims=keepdim)
    return _finish(r, out, "nansum")


_INTERPOLATIONS = ("linear", "lower", "higher", "midpoint", "nearest")


def _quantile(name, core):
    def fn(input, q, dim=None, keepdim=False, *, interpolation="linear", out=None):
        a = _tensor_arg(input, name)
        if ivy.dtype(a) not in ("float32", "float64"):
            raise RuntimeError(f"{name}() input tensor must be either float or double dtype")
        if ivy.size(a) == 0:
            raise RuntimeError(f"{name}() input tensor must be non-empty")
        if isinstance(q, Tensor):
            qa = q._data
            if ivy.ndim(qa) > 1:
                raise RuntimeError(f"{name}() q must be a scalar or 1D tensor")
            if ivy.dtype(qa) != ivy.dtype(a):
                raise RuntimeError(f"{name}() q tensor must be same dtype as the input tensor")
            values = ivy.to_numpy(qa).reshape(-1).tolist()
        else:
            values = [float(q)]
        for v in values:
            if not 0 <= v <= 1:
                raise RuntimeError(f"{name}() q must be in the range [0, 1] but got {v}")
        if interpolation not in _INTERPOLATIONS:
            raise RuntimeError(f"{name}() interpolation must be one of linear, lower, higher, "
                               f"midpoint or nearest, but got {interpolation}")
        axis = None if dim is None else _axis(dim, builtins.max(ivy.ndim(a), 1))
        x = a if ivy.ndim(a) else ivy.reshape(a, (1,))
        method = "closest_observation" if interpolation == "nearest" else interpolation
        qv = q._data if isinstance(q, Tensor) else float(q)
        if interpolation == "nearest":
            r = _nearest(core, x, qv, axis, keepdim)
        else:
            r = core(x, qv, axis=axis, keepdims=keepdim, method=method)
        lead = ivy.shape(r)[:1] if isinstance(q, Tensor) and ivy.ndim(q._data) else ()
        if dim is None and keepdim or ivy.ndim(a) == 0:
            r = ivy.reshape(r, lead + (1,) * ivy.ndim(a))
        return _finish(ivy.astype(r, ivy.dtype(a)), out, name)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `torch.{name}`."
    return fn


def _nearest(core, x, q, axis, keepdim):
    """torch's 'nearest': the order statistic at round-half-to-even of q * (n - 1)."""
    lo = core(x, q, axis=axis, keepdims=keepdim, method="lower")
    hi = core(x, q, axis=axis, keepdims=keepdim, method="higher")
    n = ivy.size(x) if axis is None else ivy.shape(x)[axis]
    qv = ivy.astype(q, "float64") if ivy.is_native_array(q) else ivy.asarray(q, dtype="float64")
    pos = ivy.multiply(qv, float(n - 1))
    rank = ivy.round(pos)                   # round half to even, as torch
    use_low = ivy.equal(rank, ivy.floor(pos))
    shape = ivy.shape(lo)
    if ivy.ndim(qv):
        use_low = ivy.reshape(use_low, (ivy.shape(qv)[0],) + (1,) * (len(shape) - 1))
    return ivy.where(use_low, lo, hi)


quantile = _quantile("quantile", lambda *a, **k: ivy.quantile(*a, **k))
nanquantile = _quantile("nanquantile", lambda *a, **k: ivy.nanquantile(*a, **k))


def logsumexp(input, dim, keepdim=False, *, out=None):
    return _special.logsumexp(input, dim, keepdim, out=out)


def _float_stats_input(a, fn):
    dt = ivy.dtype(a)
    if dt == "bool":
        raise RuntimeError(f"{fn}(): bool dtype is not supported for input")
    return ivy.astype(a, T.default_float()) if dt in _EXACT else a


def cov(input, *, correction=1, fweights=None, aweights=None):
    a = _tensor_arg(input, "cov")
    if ivy.ndim(a) > 2:
        raise RuntimeError(f"cov(): expected input to have two or fewer dimensions but got an "
                           f"input with {ivy.ndim(a)} dimensions")
    a = _float_stats_input(a, "cov")
    x = ivy.reshape(a, (1, -1)) if ivy.ndim(a) < 2 else a
    n = ivy.shape(x)[1]
    w = None
    if fweights is not None:
        f = _tensor_arg(fweights, "cov")
        if ivy.ndim(f) > 1:
            raise RuntimeError(f"cov(): expected fweights to have one or fewer dimensions but got "
                               f"fweights with {ivy.ndim(f)} dimensions")
        if ivy.dtype(f) not in D.INTEGRAL:
            raise RuntimeError(f"cov(): expected fweights to have integral dtype but got fweights "
                               f"with {_TORCH_NAME[ivy.dtype(f)]} dtype")
        if ivy.size(f) != n:
            raise RuntimeError(f"cov(): expected fweights to have the same numel as there are "
                               f"observations in the input but got {ivy.size(f)} != {n}")
        if ivy.size(f) and bool(ivy.any(ivy.less(f, 0))):
            raise RuntimeError("cov(): fweights cannot be negative")
        w = f
    if aweights is not None:
        aw = _tensor_arg(aweights, "cov")
        if ivy.ndim(aw) > 1:
            raise RuntimeError(f"cov(): expected aweights to have one or fewer dimensions but got "
                               f"aweights with {ivy.ndim(aw)} dimensions")
        if ivy.dtype(aw) not in _REAL_FLOATS:
            raise RuntimeError(f"cov(): expected aweights to have floating point dtype but got "
                               f"aweights with {_TORCH_NAME[ivy.dtype(aw)]} dtype")
        if ivy.size(aw) != n:
            raise RuntimeError(f"cov(): expected aweights to have the same numel as there are "
                               f"observations in the input but got {ivy.size(aw)} != {n}")
        if ivy.size(aw) and bool(ivy.any(ivy.less(aw, 0))):
            raise RuntimeError("cov(): aweights cannot be negative")
        w = aw if w is None else ivy.multiply(ivy.astype(w, ivy.dtype(aw)), aw)
    if aweights is not None and ivy.dtype(aweights._data) != ivy.dtype(x):
        x = cast(x, T.result_name((_wrap(x), aweights)))
    dt = ivy.dtype(x)
    if w is None:
        wsum = float(n)
        avg = ivy.mean(x, axis=1)
        norm = wsum - correction
    else:
        w = ivy.astype(w, D.REAL_OF.get(dt, dt))
        wsum_a = ivy.sum(w)
        wsum = float(ivy.to_numpy(wsum_a))
        if wsum == 0:
            raise RuntimeError("cov(): weights sum to zero, can't be normalized")
        avg = ivy.divide(ivy.sum(ivy.multiply(x, w), axis=1), ivy.astype(wsum_a, dt))
        if correction == 0:
            norm = wsum
        elif aweights is None:
            norm = wsum - correction
        else:
            aw = ivy.astype(_tensor_arg(aweights, "cov"), ivy.dtype(w))
            norm = wsum - correction * float(ivy.to_numpy(ivy.sum(ivy.multiply(w, aw)))) / wsum
    norm = builtins.max(norm, 0.0)
    xc = ivy.subtract(x, ivy.expand_dims(avg, axis=1))
    xw = xc if w is None else ivy.multiply(xc, ivy.astype(w, dt))
    c = ivy.matmul(xw, ivy.conj(ivy.matrix_transpose(xc)) if dt in _COMPLEX else
                   ivy.matrix_transpose(xc))
    c = ivy.divide(c, ivy.asarray(norm, dtype=D.REAL_OF.get(dt, dt))) if norm else \
        ivy.divide(c, ivy.zeros((), dtype=D.REAL_OF.get(dt, dt)))
    if dt in _COMPLEX and not norm:
        c = ivy.divide(c, ivy.asarray(0, dtype=dt))
    return _wrap(ivy.squeeze(c, axis=(0, 1)) if ivy.ndim(a) < 2 else c)


def corrcoef(input):
    a = _tensor_arg(input, "corrcoef")
    if ivy.ndim(a) > 2:
        raise RuntimeError(f"corrcoef(): expected input to have two or fewer dimensions but got "
                           f"an input with {ivy.ndim(a)} dimensions")
    c = cov(input)._data
    if ivy.ndim(c) == 0:
        return _wrap(ivy.divide(c, c))
    d = ivy.diagonal(c) if hasattr(ivy, "diagonal") else ivy.linalg.diagonal(c)
    d = ivy.real(d) if ivy.dtype(c) in _COMPLEX else d
    s = ivy.sqrt(d)
    c = ivy.divide(c, ivy.astype(ivy.expand_dims(s, axis=1), ivy.dtype(c)))
    c = ivy.divide(c, ivy.astype(ivy.expand_dims(s, axis=0), ivy.dtype(c)))
    if ivy.dtype(c) in _COMPLEX:
        re = ivy.clip(ivy.real(c), -1, 1)
        im = ivy.clip(ivy.imag(c), -1, 1)
        return _wrap(ivy.astype(ivy.add(ivy.astype(re, ivy.dtype(c)),
                                        ivy.multiply(ivy.astype(im, ivy.dtype(c)), 1j)),
                                ivy.dtype(c)))
    return _wrap(ivy.clip(c, -1, 1))


def renorm(input, p, dim, maxnorm, *, out=None):
    a = _tensor_arg(input, "renorm")
    if ivy.dtype(a) not in D.FLOATING:
        raise RuntimeError(f"linalg.vector_norm: Expected a floating point or complex tensor as "
                           f"input. Got {_TORCH_NAME[ivy.dtype(a)]}")
    if ivy.ndim(a) <= 1:
        raise RuntimeError(f"renorm: input needs at least 2 dimensions, got {ivy.ndim(a)} "
                           f"dimensions")
    axis = _axis(dim, ivy.ndim(a))
    if p <= 0:
        raise RuntimeError("renorm: non-positive-norm not supported")
    if maxnorm < 0:
        raise RuntimeError(f"renorm: expected maxnorm to be >= 0 but got {maxnorm}")
    others = tuple(i for i in range(ivy.ndim(a)) if i != axis)
    norms = ivy.linalg.vector_norm(a, axis=others, keepdims=True, ord=p)
    real = D.REAL_OF.get(ivy.dtype(a), ivy.dtype(a))
    norms = ivy.astype(norms, real)
    factor = ivy.where(ivy.greater(norms, maxnorm),
                       ivy.divide(ivy.asarray(maxnorm, dtype=real),
                                  ivy.add(norms, ivy.asarray(1e-7, dtype=real))),
                       ivy.ones_like(norms))
    return _finish(ivy.multiply(a, ivy.astype(factor, ivy.dtype(a))), out, "renorm")


# ---- scans in place ------------------------------------------------------------------------------
def _scan_(scan, name):
    def fn(self, dim, *, dtype=None):
        _int_dim(dim, name)
        if ivy.dtype(self._data) == "bool":
            raise _refused(f"{name[:-1]}_cpu", "bool")
        return assign(self, scan(self, dim, dtype=dtype)._data, name)
    fn.__name__ = fn.__qualname__ = name
    return fn


# ---- structured products and layouts ------------------------------------------------------------
def diagflat(input, offset=0):
    return _wrap(ivy.diag(ivy.reshape(_tensor_arg(input, "diagflat"), (-1,)), k=offset))


def chain_matmul(*matrices, out=None):
    if not matrices:
        raise RuntimeError("chain_matmul(): Expected one or more matrices")
    arrays = [_tensor_arg(m, "chain_matmul") for m in matrices]
    for a in arrays:
        if ivy.ndim(a) != 2:
            raise RuntimeError(f"Tensor dimension is {ivy.ndim(a)}, expected 2 instead.")
    if len(arrays) == 1:
        return _finish(ivy.asarray(arrays[0], copy=True), out, "chain_matmul")
    for i, a in enumerate(arrays[1:], 1):
        if ivy.dtype(a) != ivy.dtype(arrays[0]):
            raise RuntimeError(f"multi_dot(): all tensors must have be the same dtype but tensor 0 "
                               f"is {_TORCH_NAME[ivy.dtype(arrays[0])]} and tensor {i} "
                               f"{_TORCH_NAME[ivy.dtype(a)]}")
        if ivy.shape(arrays[i - 1])[1] != ivy.shape(a)[0]:
            raise RuntimeError(f"multi_dot(): tensors {i - 1} and {i} with shapes "
                               f"{list(ivy.shape(arrays[i - 1]))} and {list(ivy.shape(a))} cannot "
                               f"be multiplied")
    return _linalg().multi_dot(matrices, out=out)


def cartesian_prod(*tensors):
    arrays = [_tensor_arg(t, "cartesian_prod") for t in tensors]
    for a in arrays:
        if ivy.ndim(a) != 1:
            raise RuntimeError(f"Expect a 1D vector, but got shape {list(ivy.shape(a))}")
    if builtins.any(ivy.dtype(a) != ivy.dtype(arrays[0]) for a in arrays):
        raise RuntimeError("meshgrid expects all tensors to have the same dtype")
    if len(arrays) == 1:
        return tensors[0]
    return _wrap(ivy.cartesian_prod(*arrays))


def combinations(input, r=2, with_replacement=False):
    a = _tensor_arg(input, "combinations")
    if ivy.ndim(a) != 1:
        raise RuntimeError(f"Expect a 1D vector, but got shape {list(ivy.shape(a))}")
    if r < 0:
        raise RuntimeError(f"Expect a non-negative number, but got {r}")
    if r == 0:
        return _wrap(ivy.zeros((0,), dtype=ivy.dtype(a)))
    n = ivy.shape(a)[0]
    pick = itertools.combinations_with_replacement if with_replacement else \
        itertools.combinations
    rows = list(pick(range(n), r))
    if not rows:
        return _wrap(ivy.zeros((0, r), dtype=ivy.dtype(a)))
    idx = ivy.asarray(rows, dtype="int64")
    out = ivy.take(a, ivy.reshape(idx, (-1,)), axis=0)
    return _wrap(ivy.reshape(out, (len(rows), r)))


def block_diag(*tensors):
    arrays = [_tensor_arg(t, "block_diag") for t in tensors]
    for i, a in enumerate(arrays):
        if ivy.ndim(a) > 2:
            raise RuntimeError(f"torch.block_diag: Input tensors must have 2 or fewer dimensions. "
                               f"Input {i} has {ivy.ndim(a)} dimensions")
    if not arrays:
        return _wrap(ivy.zeros((1, 0), dtype=T.default_float()))
    dt = T.result_name([t if isinstance(t, Tensor) else _wrap(t) for t in tensors]) \
        if len(arrays) > 1 else ivy.dtype(arrays[0])
    blocks = [ivy.reshape(cast(a, dt), (1, -1) if ivy.ndim(a) < 2 else ivy.shape(a))
              for a in arrays]
    width = builtins.sum(ivy.shape(b)[1] for b in blocks)
    rows, col = [], 0
    for b in blocks:
        h, w = ivy.shape(b)
        left = ivy.zeros((h, col), dtype=dt)
        right = ivy.zeros((h, width - col - w), dtype=dt)
        rows.append(ivy.concat([left, b, right], axis=1))
        col += w
    return _wrap(ivy.concat(rows, axis=0))


def _float_y(y, fn):
    a = _tensor_arg(y, fn)
    if ivy.dtype(a) == "bool":
        raise RuntimeError(f"{fn}: bool is not supported")
    return ivy.astype(a, T.default_float()) if ivy.dtype(a) in _EXACT else a


def cumulative_trapezoid(y, x=None, *, dx=None, dim=-1):
    a = _tensor_arg(y, "cumulative_trapezoid")
    if ivy.dtype(a) == "bool":
        raise RuntimeError("cumulative_trapezoid: received a bool input for `y`, but bool is not "
                           "supported")
    if ivy.ndim(a) == 0:
        raise IndexError("slice() cannot be applied to a 0-dim tensor.")
    if x is not None and dx is not None:
        raise TypeError("cumulative_trapezoid() received an invalid combination of arguments")
    axis = _axis(dim, ivy.ndim(a))
    if x is None:
        a = _float_y(y, "cumulative_trapezoid")
    n = ivy.shape(a)[axis]
    lo = ivy.take(a, ivy.arange(0, builtins.max(n - 1, 0), dtype="int64"), axis=axis)
    hi = ivy.take(a, ivy.arange(1, builtins.max(n, 1), dtype="int64"), axis=axis)
    if x is None:
        step = 1.0 if dx is None else dx
        avg = ivy.divide(ivy.add(lo, hi), 2.0)
        return _wrap(ivy.cumulative_sum(ivy.multiply(avg, step), axis=axis))
    xa = _tensor_arg(x, "cumulative_trapezoid")
    if ivy.ndim(xa) == 1:
        if ivy.shape(xa)[0] != n:
            raise RuntimeError(f"cumulative_trapezoid: There must be one `x` value for each sample "
                               f"point")
        spacing = ivy.diff(xa)
        shape = [1] * ivy.ndim(a)
        shape[axis] = builtins.max(n - 1, 0)
        spacing = ivy.reshape(spacing, tuple(shape))
    else:
        spacing = ivy.diff(xa, axis=_axis(dim, ivy.ndim(xa)))
    dt = T.result_name((_wrap(a), _wrap(spacing)))
    if dt in _EXACT:
        dt = T.default_float()
    s = ivy.multiply(cast(ivy.add(lo, hi), dt), cast(spacing, dt))
    return _wrap(ivy.cumulative_sum(ivy.divide(s, 2.0), axis=axis))


def gradient(input, *, spacing=1, dim=None, edge_order=1):
    a = _tensor_arg(input, "gradient")
    if ivy.dtype(a) in ("bool", "uint8"):
        raise RuntimeError("torch.gradient does not support uint8 input.") if ivy.dtype(a) == \
            "uint8" else RuntimeError("torch.gradient does not support bool input.")
    nd = ivy.ndim(a)
    axes = tuple(range(nd)) if dim is None else (
        (_axis(dim, nd),) if isinstance(dim, int) else tuple(_axis(d, nd) for d in dim))
    if edge_order not in (1, 2):
        raise RuntimeError("torch.gradient only supports edge_order=1 and edge_order=2.")
    if isinstance(spacing, (list, tuple)):
        if len(spacing) != len(axes):
            raise RuntimeError(f"torch.gradient expected spacing to be unspecified, a scalar or "
                               f"it's spacing and dim arguments to have the same length, but got "
                               f"a spacing argument of length {len(spacing)} and a dim argument "
                               f"of length {len(axes)}.")
        steps = list(spacing)
    else:
        steps = [spacing] * len(axes)
    for ax in axes:
        if ivy.shape(a)[ax] < edge_order + 1:
            raise RuntimeError("torch.gradient expected each dimension size to be at least "
                               "edge_order+1")
    f = ivy.astype(a, T.default_float()) if ivy.dtype(a) in _EXACT else a
    return tuple(_wrap(_gradient_1d(f, ax, s, edge_order)) for ax, s in zip(axes, steps))


def _sl(a, axis, start, stop):
    n = ivy.shape(a)[axis]
    start = start % n if start < 0 else start
    stop = n + stop if stop is not None and stop < 0 else (n if stop is None else stop)
    return ivy.take(a, ivy.arange(start, stop, dtype="int64"), axis=axis)


def _gradient_1d(f, axis, step, edge_order):
    n = ivy.shape(f)[axis]
    shape = [1] * ivy.ndim(f)
    if isinstance(step, Tensor):
        x = cast(step._data, ivy.dtype(f)) if ivy.dtype(f) not in _COMPLEX else step._data
        dx = ivy.diff(x)
        shape[axis] = n - 2
        dx1 = ivy.reshape(ivy.get_item(dx, slice(None, -1)), tuple(shape))
        dx2 = ivy.reshape(ivy.get_item(dx, slice(1, None)), tuple(shape))
        a_ = ivy.negative(ivy.divide(dx2, ivy.multiply(dx1, ivy.add(dx1, dx2))))
        b_ = ivy.divide(ivy.subtract(dx2, dx1), ivy.multiply(dx1, dx2))
        c_ = ivy.divide(dx1, ivy.multiply(dx2, ivy.add(dx1, dx2)))
        mid = ivy.add(ivy.add(ivy.multiply(a_, _sl(f, axis, 0, -2)),
                              ivy.multiply(b_, _sl(f, axis, 1, -1))),
                      ivy.multiply(c_, _sl(f, axis, 2, None)))
        d0, dl = ivy.get_item(dx, 0), ivy.get_item(dx, -1)
        if edge_order == 1:
            first = ivy.divide(ivy.subtract(_sl(f, axis, 1, 2), _sl(f, axis, 0, 1)), d0)
            last = ivy.divide(ivy.subtract(_sl(f, axis, -1, None), _sl(f, axis, -2, -1)), dl)
        else:
            d1, dl2 = ivy.get_item(dx, 1), ivy.get_item(dx, -2)
            add, mul, div = ivy.add, ivy.multiply, ivy.divide
            a0 = ivy.negative(div(add(mul(d0, 2.0), d1), mul(d0, add(d0, d1))))
            b0 = div(add(d0, d1), mul(d0, d1))
            c0 = ivy.negative(div(d0, mul(d1, add(d0, d1))))
            first = ivy.add(ivy.add(ivy.multiply(_sl(f, axis, 0, 1), a0),
                                    ivy.multiply(_sl(f, axis, 1, 2), b0)),
                            ivy.multiply(_sl(f, axis, 2, 3), c0))
            al = div(dl, mul(dl2, add(dl2, dl)))
            bl = ivy.negative(div(add(dl, dl2), mul(dl2, dl)))
            cl = div(add(mul(dl, 2.0), dl2), mul(dl, add(dl2, dl)))
            last = ivy.add(ivy.add(ivy.multiply(_sl(f, axis, -3, -2), al),
                                   ivy.multiply(_sl(f, axis, -2, -1), bl)),
                           ivy.multiply(_sl(f, axis, -1, None), cl))
        return ivy.concat([first, mid, last], axis=axis)
    h = float(step) if not isinstance(step, complex) else step
    mid = ivy.divide(ivy.subtract(_sl(f, axis, 2, None), _sl(f, axis, 0, -2)), 2.0 * h)
    if edge_order == 1:
        first = ivy.divide(ivy.subtract(_sl(f, axis, 1, 2), _sl(f, axis, 0, 1)), h)
        last = ivy.divide(ivy.subtract(_sl(f, axis, -1, None), _sl(f, axis, -2, -1)), h)
    else:
        first = ivy.divide(ivy.add(ivy.add(ivy.multiply(_sl(f, axis, 0, 1), -1.5),
                                           ivy.multiply(_sl(f, axis, 1, 2), 2.0)),
                                   ivy.multiply(_sl(f, axis, 2, 3), -0.5)), h)
        last = ivy.divide(ivy.add(ivy.add(ivy.multiply(_sl(f, axis, -3, -2), 0.5),
                                          ivy.multiply(_sl(f, axis, -2, -1), -2.0)),
                                  ivy.multiply(_sl(f, axis, -1, None), 1.5)), h)
    return ivy.concat([first, mid, last], axis=axis)


# ---- histograms and indices ----------------------------------------------------------------------
def _range_of(a, rng, fn):
    if rng is not None:
        lo, hi = float(rng[0]), float(rng[1])
    elif ivy.size(a):
        lo, hi = float(ivy.to_numpy(ivy.min(a))), float(ivy.to_numpy(ivy.max(a)))
    else:
        lo, hi = 0.0, 0.0
    if lo > hi:
        raise RuntimeError(f"{fn}: min should not exceed max, but got min {lo} max {hi}")
    if not (math.isfinite(lo) and math.isfinite(hi)):
        raise RuntimeError(f"{fn}: range of [{lo}, {hi}] is not finite")
    if lo == hi:
        lo, hi = lo - 0.5, hi + 0.5
    return lo, hi


def _bin_index(a, edges, nbins):
    """torch's binning: half-open bins, the last closed; -1 for values outside."""
    idx = ivy.subtract(ivy.searchsorted(edges, a, side="right"), 1)
    first, last = ivy.get_item(edges, 0), ivy.get_item(edges, -1)
    idx = ivy.where(ivy.equal(a, last), ivy.full_like(idx, nbins - 1), idx)
    inside = ivy.logical_and(ivy.greater_equal(a, first), ivy.less_equal(a, last))
    return ivy.astype(idx, "int64"), inside


def _histogram_input(input, fn):
    a = _tensor_arg(input, fn)
    if ivy.dtype(a) not in ("float32", "float64"):
        raise _refused(f"{fn}_cpu" if fn == "histogram" else "histogramdd", ivy.dtype(a))
    return a


def histogram(input, bins=100, *, range=None, weight=None, density=False, out=None):  # noqa: A002
    a = _histogram_input(input, "histogram")
    flat = ivy.reshape(a, (-1,))
    dt = ivy.dtype(a)
    if isinstance(bins, Tensor):
        edges = bins._data
        if ivy.dtype(edges) != dt:
            raise RuntimeError(f"torch.histogram: input tensor and bins tensors should have the "
                               f"same dtype, but got input {_TORCH_NAME[dt]} and bins "
                               f"{_TORCH_NAME[ivy.dtype(edges)]}")
        if ivy.ndim(edges) != 1:
            raise RuntimeError(f"torch.histogram: bins tensor should have one dimension, but got "
                               f"{ivy.ndim(edges)} dimensions in the bins tensor")
    else:
        if bins <= 0:
            raise RuntimeError(f"torch.histogram(): bins must be > 0, but got {bins} for "
                               f"dimension 0")
        lo, hi = _range_of(flat, range, "torch.histogram")
        edges = ivy.linspace(lo, hi, bins + 1, dtype=dt)
    nbins = ivy.shape(edges)[0] - 1
    hist = _counts([flat], [edges], [nbins], weight, dt, "torch.histogram")
    if density:
        hist = _density(hist, [edges])
    result = histogram_result(_wrap(hist), _wrap(edges))
    if out is not None:
        assign(out[0], hist, "histogram")
        assign(out[1], edges, "histogram")
        return histogram_result(*out)
    return result


def _counts(columns, edges, nbins, weight, dt, fn):
    flat_index = None
    keep = None
    for col, e, nb in zip(columns, edges, nbins):
        idx, inside = _bin_index(col, e, nb)
        idx = ivy.clip(idx, 0, nb - 1)
        flat_index = idx if flat_index is None else ivy.add(ivy.multiply(flat_index, nb), idx)
        keep = inside if keep is None else ivy.logical_and(keep, inside)
    total = math.prod(nbins)
    w = ivy.astype(keep, dt)
    if weight is not None:
        wa = _tensor_arg(weight, fn)
        if ivy.dtype(wa) != dt:
            raise RuntimeError(f"{fn}: if weight tensor is provided, it should have the same dtype "
                               f"as the input tensor")
        w = ivy.multiply(w, ivy.reshape(wa, (-1,)))
    flat_index = ivy.where(keep, flat_index, ivy.zeros_like(flat_index))
    hist = ivy.bincount(flat_index, weights=ivy.astype(w, "float64"), minlength=total)
    return ivy.reshape(ivy.astype(hist, dt), tuple(nbins))


def _density(hist, edges):
    total = ivy.sum(hist)
    out = ivy.divide(hist, total)
    for i, e in enumerate(edges):
        shape = [1] * len(edges)
        shape[i] = ivy.shape(e)[0] - 1
        out = ivy.divide(out, ivy.reshape(ivy.diff(e), tuple(shape)))
    return out


def histogramdd(input, bins=10, *, range=None, weight=None, density=False):  # noqa: A002
    a = _histogram_input(input, "histogramdd")
    if ivy.ndim(a) < 1:
        raise RuntimeError("torch.histogramdd: input tensor should have at least 1 dimension")
    d = ivy.shape(a)[-1]
    pts = ivy.reshape(a, (-1, d))
    dt = ivy.dtype(a)
    columns = [ivy.get_item(pts, (slice(None), i)) for i in builtins.range(d)]
    if isinstance(bins, int):
        bins = [bins] * d
    if len(bins) != d:
        raise RuntimeError(f"torch.histogramdd: expected {d} sequences of bin edges for each of "
                           f"the {d} input dimensions, but got {len(bins)} bin sequences")
    edges = []
    for i, b in enumerate(bins):
        if isinstance(b, Tensor):
            edges.append(b._data)
            continue
        if b <= 0:
            raise RuntimeError(f"torch.histogramdd(): bins must be > 0, but got {b} for "
                               f"dimension {i}")
        rng = None if range is None else range[2 * i:2 * i + 2]
        lo, hi = _range_of(columns[i], rng, "torch.histogramdd")
        edges.append(ivy.linspace(lo, hi, b + 1, dtype=dt))
    nbins = [ivy.shape(e)[0] - 1 for e in edges]
    hist = _counts(columns, edges, nbins, weight, dt, "torch.histogramdd")
    if density:
        hist = _density(hist, edges)
    return histogramdd_result(_wrap(hist), tuple(_wrap(e) for e in edges))


def unravel_index(indices, shape):
    if not isinstance(indices, Tensor):
        raise TypeError(f"expected 'indices' to be a tensor, but got {type(indices).__name__}")
    a = indices._data
    if ivy.dtype(a) not in D.INTEGRAL:
        raise TypeError(f"expected 'indices' to be integer dtype, but got "
                        f"{T.BY_NAME[ivy.dtype(a)]}")
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    if builtins.any(s < 0 for s in shape):
        raise RuntimeError("'shape' cannot have negative values, but got " + str(tuple(shape)))
    size = math.prod(shape)
    a = ivy.astype(a, "int64")
    if ivy.size(a) and (bool(ivy.any(ivy.less(a, -size))) or
                        bool(ivy.any(ivy.greater_equal(a, size)))):
        raise RuntimeError("index out of bounds")
    a = ivy.where(ivy.less(a, 0), ivy.add(a, size), a)
    out = []
    for s in reversed(shape):
        out.append(_wrap(ivy.remainder(a, s) if s else a))
        a = ivy.floor_divide(a, s) if s else a
    return tuple(reversed(out))


def _tri_indices(name, lower):
    def fn(row, col, offset=0, *, dtype=None, device=None, layout=None, pin_memory=False):
        dt = "int64" if dtype is None else T.canonical(dtype)
        if dt not in ("int32", "int64"):
            raise _refused(name, dt)
        if row < 0:
            raise RuntimeError(f"row must be non-negative, got{row}")
        if col < 0:
            raise RuntimeError(f"col must be non-negative, got{col}")
        mask = ivy.ones((row, col), dtype="bool")
        mask = ivy.tril(mask, k=offset) if lower else ivy.triu(mask, k=offset)
        if row * col == 0:
            return _wrap(ivy.zeros((2, 0), dtype=dt))
        r, c = ivy.nonzero(mask)
        return _wrap(ivy.astype(ivy.stack([r, c]), dt))
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `torch.{name}`."
    return fn


tril_indices, triu_indices = _tri_indices("tril_indices", True), _tri_indices("triu_indices", False)


# ---- norms -------------------------------------------------------------------------------------
def frobenius_norm(input, dim, keepdim=False, *, out=None):
    a = _tensor_arg(input, "frobenius_norm")
    axes = dims(dim, ivy.ndim(a))
    if axes is not None and len(axes) > 2:
        raise RuntimeError(f"Expected at most 2 dimensions, but got {len(axes)} dimensions instead.")
    return _linalg().vector_norm(input, 2, dim if axes is not None else None, keepdim, out=out)


def nuclear_norm(input, dim=None, keepdim=False, *, out=None):
    if isinstance(dim, bool):                 # nuclear_norm(input, keepdim) overload
        dim, keepdim = None, dim
    return _linalg().matrix_norm(input, "nuc", (-2, -1) if dim is None else dim, keepdim,
                                 out=out)


# ---- random ------------------------------------------------------------------------------------
def binomial(count, prob, generator=None):
    n, p = _tensor_arg(count, "binomial"), _tensor_arg(prob, "binomial")
    dt = ivy.dtype(n)
    if dt not in _REAL_FLOATS:
        raise ValueError(f"binomial: count must be a floating point tensor, got "
                         f"{_TORCH_NAME[dt]}")
    if dt not in ("float32", "float64"):
        raise _refused("binomial_cpu", dt)
    if ivy.dtype(p) != dt:
        raise RuntimeError(f"Found dtype {_TORCH_NAME[ivy.dtype(p)]} but expected "
                           f"{_TORCH_NAME[dt]}")
    shape = ivy.broadcast_shapes(ivy.shape(n), ivy.shape(p))
    n = ivy.broadcast_to(ivy.floor(ivy.maximum(n, ivy.zeros((), dtype=dt))), shape)
    p = ivy.broadcast_to(ivy.clip(p, 0.0, 1.0), shape)
    top = int(float(ivy.to_numpy(ivy.max(n)))) if ivy.size(n) else 0
    u = ivy.random.uniform(_gen(generator)._next(), shape, "float64")
    # inverse CDF over k = 0..top: the draw counts the k whose cumulative mass stays below u
    k = ivy.arange(top + 1, dtype="float64")
    n64, p64 = ivy.expand_dims(ivy.astype(n, "float64"), axis=-1), ivy.expand_dims(
        ivy.astype(p, "float64"), axis=-1)
    logp = ivy.log(p64)
    log1p = ivy.log1p(ivy.negative(p64))
    lpmf = ivy.subtract(ivy.subtract(ivy.lgamma(ivy.add(n64, 1.0)), ivy.lgamma(ivy.add(k, 1.0))),
                        ivy.lgamma(ivy.add(ivy.maximum(ivy.subtract(n64, k), ivy.zeros_like(k)),
                                           1.0)))
    lpmf = ivy.add(lpmf, ivy.add(ivy.where(ivy.equal(k, 0), ivy.zeros_like(lpmf),
                                           ivy.multiply(k, logp)),
                                 ivy.where(ivy.equal(n64, k), ivy.zeros_like(lpmf),
                                           ivy.multiply(ivy.subtract(n64, k), log1p))))
    pmf = ivy.where(ivy.less_equal(k, n64), ivy.exp(lpmf), ivy.zeros_like(lpmf))
    cdf = ivy.cumulative_sum(pmf, axis=-1)
    draws = ivy.sum(ivy.astype(ivy.less(cdf, ivy.expand_dims(u, axis=-1)), "float64"), axis=-1)
    return _wrap(ivy.astype(ivy.minimum(draws, ivy.astype(n, "float64")), dt))


# ---- legacy linear algebra -----------------------------------------------------------------------
def svd(input, some=True, compute_uv=True, *, out=None):
    a = _tensor_arg(input, "svd")
    la = _linalg()
    if not compute_uv:
        s = la.svdvals(input)
        m, n = ivy.shape(a)[-2:]
        batch = ivy.shape(a)[:-2]
        u = ivy.zeros(batch + (m, m), dtype=ivy.dtype(a))
        v = ivy.zeros(batch + (n, n), dtype=ivy.dtype(a))
        result = svd_result(_wrap(u), s, _wrap(v))
    else:
        u, s, vh = la.svd(input, full_matrices=not some)
        result = svd_result(u, s, adjoint(vh))
    if out is not None:
        return svd_result(*(assign(o, r._data, "svd") for o, r in zip(out, result)))
    return result


def qr(input, some=True, *, out=None):
    q, r = _linalg().qr(input, "reduced" if some else "complete")
    if out is not None:
        return qr_result(assign(out[0], q._data, "qr"), assign(out[1], r._data, "qr"))
    return qr_result(q, r)


def _exact_refused(input, kernel):
    a = _tensor_arg(input, kernel)
    if ivy.dtype(a) in _EXACT:
        raise _refused(f"{kernel}_cpu", ivy.dtype(a))
    return a


def lu(A, pivot=True, get_infos=False, out=None):
    a = _exact_refused(A, "lu")
    try:
        lu_, pivots = _linalg().lu_factor(A, pivot=pivot)
    except (ivy.IvyValueError, RuntimeError):
        # torch.lu never checks singularity; the core's torch and tensorflow backends refuse a
        # singular matrix, so factor in core functions (LAPACK's getf2 pivoting) instead
        from ivy.core.ext.linalg_extra import lu_loop
        from ._linalg_ops import lapack, matrices
        matrices("torch.linalg.lu_factor", lapack("linalg.lu_factor", a, kernel="lu"), False)
        lu_, pivots = (_wrap(v) for v in lu_loop(ivy, a))
    if get_infos:       # LAPACK's info: the first exactly zero pivot (1-based), else 0
        zero = ivy.equal(ivy.linalg.diagonal(lu_._data), 0)
        first = ivy.add(ivy.argmax(ivy.astype(zero, "int32"), axis=-1), 1)
        info = ivy.where(ivy.any(zero, axis=-1), first, ivy.zeros_like(first))
        return lu_with_info_result(lu_, pivots, _wrap(ivy.astype(info, "int32")))
    return lu_, pivots


def lu_solve(b, LU_data, LU_pivots, *, out=None):
    return _linalg().lu_solve(LU_data, LU_pivots, b, out=out)


def geqrf(input, *, out=None):
    from ._linalg_ops import lapack
    a = lapack("geqrf", _exact_refused(input, "geqrf"), kernel="geqrf")
    if ivy.ndim(a) < 2:
        raise RuntimeError(f"torch.geqrf: input must have at least 2 dimensions.")
    m, n = ivy.shape(a)[-2:]
    dt = ivy.dtype(a)
    is_complex = dt in _COMPLEX
    rows = ivy.arange(m, dtype="int64")
    cols = ivy.arange(n, dtype="int64")
    taus = []
    for j in builtins.range(builtins.min(m, n)):
        col = a[..., :, j]
        alpha = a[..., j, j]
        below = ivy.less(j, rows)
        x = ivy.where(below, col, ivy.zeros_like(col))
        xnorm = ivy.linalg.vector_norm(x, axis=-1)
        re_alpha = ivy.real(alpha) if is_complex else alpha
        norm = ivy.sqrt(ivy.add(ivy.square(ivy.abs(alpha)), ivy.square(xnorm)))
        sign = ivy.where(ivy.less(re_alpha, 0), ivy.full_like(norm, -1.0), ivy.ones_like(norm))
        beta = ivy.negative(ivy.multiply(sign, norm))
        trivial = ivy.equal(xnorm, 0)
        if is_complex:
            trivial = ivy.logical_and(trivial, ivy.equal(ivy.imag(alpha), 0))
        safe_beta = ivy.where(trivial, ivy.ones_like(beta), beta)
        beta_c = ivy.astype(safe_beta, dt)
        tau = ivy.where(trivial, ivy.zeros_like(alpha),
                        ivy.divide(ivy.subtract(beta_c, alpha), beta_c))
        scale = ivy.where(trivial, ivy.ones_like(alpha), ivy.subtract(alpha, beta_c))
        v = ivy.where(below, ivy.divide(col, ivy.expand_dims(scale, axis=-1)),
                      ivy.where(ivy.equal(rows, j), ivy.ones_like(col), ivy.zeros_like(col)))
        # apply H^H = I - conj(tau) v v^H to the columns right of j
        vh = ivy.conj(v) if is_complex else v
        w = ivy.sum(ivy.multiply(ivy.expand_dims(vh, axis=-1), a), axis=-2)       # (..., n)
        t = ivy.conj(tau) if is_complex else tau
        update = ivy.multiply(ivy.expand_dims(v, axis=-1),
                              ivy.expand_dims(ivy.multiply(ivy.expand_dims(t, axis=-1), w),
                                              axis=-2))
        right = ivy.less(j, cols)
        a = ivy.where(right, ivy.subtract(a, update), a)
        new_col = ivy.where(below, v, ivy.where(ivy.equal(rows, j), ivy.expand_dims(
            ivy.where(trivial, alpha, ivy.astype(beta, dt)), axis=-1), col))
        a = ivy.where(ivy.equal(cols, j), ivy.expand_dims(new_col, axis=-1), a)
        taus.append(tau)
    tau = ivy.stack(taus, axis=-1) if taus else ivy.zeros(ivy.shape(a)[:-2] + (0,), dtype=dt)
    if out is not None:
        return geqrf_result(assign(out[0], a, "geqrf"), assign(out[1], tau, "geqrf"))
    return geqrf_result(_wrap(a), _wrap(tau))


def orgqr(input, tau):
    return _linalg().householder_product(input, tau)


def ormqr(input, tau, other, left=True, transpose=False, *, out=None):
    from ._linalg_ops import lapack
    a = lapack("ormqr", _tensor_arg(input, "ormqr"), kernel="ormqr")
    t, c = _tensor_arg(tau, "ormqr"), _tensor_arg(other, "ormqr")
    if ivy.dtype(t) != ivy.dtype(a) or ivy.dtype(c) != ivy.dtype(a):
        raise RuntimeError("torch.ormqr: Expected input, tau and other to have the same dtype")
    if ivy.ndim(a) < 2 or ivy.ndim(c) < 2:
        raise RuntimeError("torch.ormqr: input and other must have at least 2 dimensions.")
    m = ivy.shape(a)[-2]
    want = ivy.shape(c)[-2] if left else ivy.shape(c)[-1]
    if m != want:
        raise RuntimeError(f"torch.ormqr: other.shape[{-2 if left else -1}] must be equal to "
                           f"input.shape[-2]")
    k = ivy.shape(t)[-1]
    if k > builtins.min(m, ivy.shape(a)[-1]) and k > m:
        raise RuntimeError("torch.ormqr: tau.shape[-1] must be less than or equal to "
                           "input.shape[-2]")
    n = ivy.shape(a)[-1]
    square = a[..., :, :builtins.min(n, m)]
    if ivy.shape(square)[-1] < m:
        pad = ivy.zeros(ivy.shape(a)[:-2] + (m, m - ivy.shape(square)[-1]), dtype=ivy.dtype(a))
        square = ivy.concat([square, pad], axis=-1)
    q = ivy.linalg.householder_product(square, t)
    if transpose:
        q = ivy.matrix_transpose(q)
        q = ivy.conj(q) if ivy.dtype(q) in _COMPLEX else q
    return _finish(ivy.matmul(q, c) if left else ivy.matmul(c, q), out, "ormqr")


# ---- install -------------------------------------------------------------------------------------
_BINARY_FNS = {name: _binary(name, *spec) for name, spec in BINARY.items()}

FUNCTIONS = {
    **_BINARY_FNS, "xlogy": xlogy, "float_power": float_power, "nan_to_num": nan_to_num,
    "polygamma": polygamma, "mvlgamma": mvlgamma, "round": round,
    "conj_physical": conj_physical, "resolve_conj": resolve_conj, "resolve_neg": resolve_neg,
    "is_conj": is_conj, "is_neg": is_neg, "adjoint": adjoint, "diagflat": diagflat,
    "relu": relu, "hardshrink": hardshrink, "prelu": prelu, "aminmax": aminmax,
    "nanmean": nanmean, "nansum": nansum, "quantile": quantile, "nanquantile": nanquantile,
    "logsumexp": logsumexp, "cov": cov, "corrcoef": corrcoef, "renorm": renorm,
    "svd": svd, "qr": qr, "lu": lu, "lu_solve": lu_solve, "geqrf": geqrf, "orgqr": orgqr,
    "ormqr": ormqr, "histogram": histogram,
}
del FUNCTIONS["polygamma"]                     # Tensor.polygamma(n) takes n, not the tensor first
FUNCTIONS_ONLY = {
    "polygamma": polygamma, "real": real, "imag": imag, "std_mean": std_mean,
    "var_mean": var_mean, "rsub": rsub, "selu": selu, "celu": celu, "threshold": threshold,
    "rrelu": rrelu, "binomial": binomial, "frobenius_norm": frobenius_norm,
    "nuclear_norm": nuclear_norm, "chain_matmul": chain_matmul, "cartesian_prod": cartesian_prod,
    "combinations": combinations, "block_diag": block_diag,
    "cumulative_trapezoid": cumulative_trapezoid, "gradient": gradient,
    "histogramdd": histogramdd, "unravel_index": unravel_index, "tril_indices": tril_indices,
    "triu_indices": triu_indices,
    **{name + "_": _into_self(f, name + "_") for name, f in (
        ("xlogy", xlogy), ("nan_to_num", nan_to_num), ("conj_physical", conj_physical),
        ("selu", selu), ("celu", celu), ("threshold", threshold), ("rrelu", rrelu))},
    "relu_": relu_,
}
FUNCTIONS_ONLY["round_"] = _into_self(round, "round_")


def _polygamma_method(self, n):
    return polygamma(n, self)


def _polygamma_(self, n):
    return assign(self, polygamma(n, self)._data, "polygamma_")


METHODS = {
    "polygamma": _polygamma_method, "polygamma_": _polygamma_, "float_power_": float_power_,
    "cumsum_": _scan_(_cumsum, "cumsum_"), "cumprod_": _scan_(_cumprod, "cumprod_"),
    **{name + "_": _inplace(FUNCTIONS[name], name + "_") for name in (
        "heaviside", "igamma", "igammac", "mvlgamma", "renorm", "fmax", "fmin")},
    **{name: FUNCTIONS_ONLY[name] for name in (
        "xlogy_", "nan_to_num_", "conj_physical_", "relu_", "round_")},
}
del METHODS["fmax_"], METHODS["fmin_"]             # torch has no in-place fmax/fmin
PROPERTIES = {"real": real, "imag": imag}
