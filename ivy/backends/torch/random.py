"""ivy.random on torch: a key is an ``int64[2]`` tensor; draws come from a ``torch.Generator`` (one
cached per device and thread) re-seeded per call with a 64-bit hash of the key. torch's CPU
generator (mt19937) keeps 32 bits of a seed: two distinct keys share a stream with probability
2**-32.
Keys derive with the core's 64-bit hash (computed in numpy; keys are two words)."""
from __future__ import annotations

import math
import threading

import numpy as np
import torch

from ivy.core import dtypes as _dt
from ivy.core.errors import translating
from ivy.core.ext import random as R

from ._common import CANONICAL, NAME, TORCH_DTYPE, native_dtype

_I64, _F32, _F64 = torch.int64, torch.float32, torch.float64
_LOCAL = threading.local()      # per thread: device -> torch.Generator
_MASK = R.MASK


def _gen(key, fn):
    """The generator of ``key``'s device, seeded by the key; and that device."""
    if type(key) is not torch.Tensor or key.shape != (2,) or key.dtype.is_floating_point \
            or key.dtype.is_complex or key.dtype is torch.bool:
        raise R.value_error(fn, NAME, f"a key is an integer tensor of shape (2,), got "
                                      f"{getattr(key, 'shape', type(key).__name__)}")
    k0, k1 = key.tolist()
    device = key.device
    try:
        g = _LOCAL.generators[device]
    except AttributeError:
        _LOCAL.generators = {}
        g = _LOCAL.generators[device] = torch.Generator(device)
    except KeyError:
        g = _LOCAL.generators[device] = torch.Generator(device)
    g.manual_seed(R.mix64((k0 & _MASK) ^ R.mix64(k1 & _MASK)))
    return g, device


def _name(dtype, fn):
    return CANONICAL[native_dtype(dtype, f"random.{fn}")]


def _float(dtype, fn):
    return "float64" if dtype is None else R.float_name(_name(dtype, fn), fn, NAME)


def _int(dtype, fn):
    return "int64" if dtype is None else R.int_name(_name(dtype, fn), fn, NAME)


def _param(p, dt, device):
    if type(p) is torch.Tensor:
        return p.to(device=device, dtype=dt)
    return torch.as_tensor(p, dtype=dt, device=device)


# float16/bfloat16 parameters compute in float32 where torch's kernels lack them.
_COMPUTE = {"float16": _F32, "bfloat16": _F32, "float32": _F32, "float64": _F64}


def _translating(fn):
    return translating(f"random.{fn.__name__}", NAME)(fn)


# ---- keys and the global stream ----------------------------------------------------------------

def _words(key, fn):
    if type(key) is not torch.Tensor or key.shape != (2,):
        raise R.value_error(fn, NAME, "a key is an integer tensor of shape (2,)")
    k0, k1 = key.tolist()
    return k0 & _MASK, k1 & _MASK, key.device


def key(seed, /):
    """Implements ``ivy.random.key`` on torch."""
    return torch.tensor([0, R.signed(R.seed_word(seed, "key", NAME))], dtype=_I64)


def split(key, /, num=2):
    """Implements ``ivy.random.split`` on torch."""
    k0, k1, device = _words(key, "split")
    if type(num) is not int or num < 0:
        raise R.value_error("split", NAME, f"num must be a non-negative int, got {num!r}")
    pairs = R.derive_pairs(k0, k1, num, R.TAG_SPLIT)
    if pairs is not None:
        return torch.tensor(pairs, dtype=_I64, device=device).reshape(num, 2)
    w0, w1 = R.derive(k0, k1, np.arange(num, dtype=np.uint64), R.TAG_SPLIT)
    return torch.from_numpy(np.stack([w0, w1], axis=-1).view(np.int64)).to(device)


def _fold(k0, k1, data, device=None):
    w0, w1 = R.derive(k0, k1, data, R.TAG_FOLD)
    return torch.tensor([R.signed(w0), R.signed(w1)], dtype=_I64, device=device)


def fold_in(key, data, /):
    """Implements ``ivy.random.fold_in`` on torch."""
    k0, k1, device = _words(key, "fold_in")
    return _fold(k0, k1, R.seed_word(data, "fold_in", NAME), device)


_stream = [0, 0, 0]     # the global stream: key words of seed(s), and the count of next_key calls


def seed(value, /):
    """Implements ``ivy.random.seed`` on torch."""
    _stream[:] = [0, R.seed_word(value, "seed", NAME), 0]


def next_key():
    """Implements ``ivy.random.next_key`` on torch: ``fold_in(key(s), n)`` for the n-th call."""
    k0, k1, n = _stream
    _stream[2] = n + 1
    return _fold(k0, k1, n)


# ---- distributions -------------------------------------------------------------------------

def _is_unit(minval, maxval):
    return type(minval) in (int, float) and type(maxval) in (int, float) and minval == 0 \
        and maxval == 1


@_translating
def uniform(key, shape=(), dtype=None, minval=0.0, maxval=1.0):
    """Implements ``ivy.random.uniform`` on torch."""
    dt = TORCH_DTYPE[_float(dtype, "uniform")]
    shape = R.shape_tuple(shape, "uniform", NAME)
    g, device = _gen(key, "uniform")
    u = torch.rand(shape, generator=g, dtype=dt, device=device)
    if _is_unit(minval, maxval):
        return u
    lo, hi = _param(minval, dt, device), _param(maxval, dt, device)
    R.out_shape("uniform", NAME, shape, tuple(lo.shape), tuple(hi.shape))
    return torch.maximum(lo, u * (hi - lo) + lo)


@_translating
def normal(key, shape=(), dtype=None):
    """Implements ``ivy.random.normal`` on torch."""
    dt = TORCH_DTYPE[_float(dtype, "normal")]
    shape = R.shape_tuple(shape, "normal", NAME)
    g, device = _gen(key, "normal")
    return torch.randn(shape, generator=g, dtype=dt, device=device)


def _is_int(v):
    return type(v) is int or (isinstance(v, int) and not isinstance(v, bool))


@_translating
def randint(key, shape, minval, maxval, dtype=None):
    """Implements ``ivy.random.randint`` on torch (array bounds: 62 random bits modulo the span,
    a bias below span / 2**62)."""
    name = _int(dtype, "randint")
    dt = TORCH_DTYPE[name]
    shape = R.shape_tuple(shape, "randint", NAME)
    g, device = _gen(key, "randint")
    if _is_int(minval) and _is_int(maxval):
        lo, hi = R.int_bounds(minval, maxval, name, "randint", NAME)
        return torch.randint(lo, hi, shape, generator=g, dtype=_I64, device=device).to(dt)
    lo, hi = _param(minval, None, device), _param(maxval, None, device)
    if lo.dtype.is_floating_point or hi.dtype.is_floating_point or lo.dtype is torch.bool \
            or hi.dtype is torch.bool:
        raise R.type_error("randint", NAME, "minval and maxval must be integers")
    R.out_shape("randint", NAME, shape, tuple(lo.shape), tuple(hi.shape))
    lo, hi = lo.to(_I64), hi.to(_I64)
    info = _dt.iinfo(name)
    if lo.numel() and hi.numel() and (int(lo.min()) < info.min or int(hi.max()) > info.max + 1):
        raise R.value_error("randint", NAME, f"bounds exceed the range of {name}")
    bits = torch.randint(0, 1 << 62, shape, generator=g, dtype=_I64, device=device)
    return (lo + torch.remainder(bits, torch.clamp(hi - lo, min=1))).to(dt)


def _broadcast_param(p, name, shape, fn, device):
    p = _param(p, _COMPUTE[name], device)
    shape = R.out_shape(fn, NAME, shape, tuple(p.shape))
    return p.expand(shape), shape


@_translating
def gamma(key, a, shape=None, dtype=None):
    """Implements ``ivy.random.gamma`` on torch."""
    name = _float(dtype, "gamma")
    g, device = _gen(key, "gamma")
    a, _ = _broadcast_param(a, name, shape, "gamma", device)
    return torch._standard_gamma(a.contiguous(), generator=g).to(TORCH_DTYPE[name])


@_translating
def poisson(key, lam, shape=None, dtype=None):
    """Implements ``ivy.random.poisson`` on torch."""
    dt = TORCH_DTYPE[_int(dtype, "poisson")]
    g, device = _gen(key, "poisson")
    lam, _ = _broadcast_param(lam, "float64", shape, "poisson", device)
    return torch.poisson(lam.contiguous(), generator=g).to(dt)


@_translating
def multinomial(key, probs, num_samples, /, *, replacement=False):
    """Implements ``ivy.random.multinomial`` on torch (``torch.multinomial``)."""
    if type(num_samples) is not int or num_samples <= 0:
        raise R.value_error("multinomial", NAME, f"num_samples must be a positive int, got "
                                                 f"{num_samples!r}")
    g, device = _gen(key, "multinomial")
    if type(probs) is not torch.Tensor or not probs.dtype.is_floating_point:
        probs = _param(probs, _F64, device)
    return torch.multinomial(probs, num_samples, replacement, generator=g)


@_translating
def permutation(key, x, axis=0):
    """Implements ``ivy.random.permutation`` on torch (``torch.randperm``)."""
    g, device = _gen(key, "permutation")
    if _is_int(x) or (type(x) is torch.Tensor and x.ndim == 0 and not x.dtype.is_floating_point
                      and not x.dtype.is_complex and x.dtype is not torch.bool):
        return torch.randperm(int(x), generator=g, device=device)
    if type(x) is not torch.Tensor or x.ndim == 0:
        raise R.value_error("permutation", NAME, "x must be an int or an array with dimensions")
    if not -x.ndim <= axis < x.ndim:
        raise R.value_error("permutation", NAME, f"axis {axis} is out of bounds for {x.ndim} "
                                                 f"dimensions")
    return x.index_select(axis, torch.randperm(x.shape[axis], generator=g, device=x.device))


_SQRT_2PI = math.sqrt(2 * math.pi)


@_translating
def truncated_normal(key, lower, upper, shape=None, dtype=None):
    """Implements ``ivy.random.truncated_normal`` on torch by rejection, as on numpy (an inverse
    CDF loses the far tails: ``torch.special.ndtr(-37.)`` is 0)."""
    name = _float(dtype, "truncated_normal")
    dt = TORCH_DTYPE[name]
    g, device = _gen(key, "truncated_normal")
    lo, hi = _param(lower, dt, device), _param(upper, dt, device)
    shape = R.out_shape("truncated_normal", NAME, shape, tuple(lo.shape), tuple(hi.shape))
    lo, hi = lo.to(_F64).expand(shape).reshape(-1), hi.to(_F64).expand(shape).reshape(-1)
    flip = hi <= 0                      # sample -X on [-hi, -lo]: then a < 0 < b or 0 <= a
    a, b = torch.where(flip, -hi, lo), torch.where(flip, -lo, hi)
    out = torch.where(a == b, a, torch.full_like(a, math.nan))
    todo = torch.nonzero(a < b).reshape(-1)
    while todo.numel():
        ta, tb = a[todo], b[todo]
        n = (todo.numel(),)
        lam = (ta + torch.sqrt(ta * ta + 4)) / 2
        use_normal = (ta < 0) & (tb - ta >= _SQRT_2PI)
        use_exp = ~use_normal & (ta >= 0) & (lam * (tb - ta) >= 1)
        kw = dict(generator=g, dtype=_F64, device=device)
        z = torch.randn(n, **kw)
        xe = ta + torch.empty(n, dtype=_F64, device=device).exponential_(generator=g) / lam
        xu = ta + torch.rand(n, **kw) * (tb - ta)
        logv = torch.log(torch.rand(n, **kw))
        m = torch.clamp(ta, min=0)
        x = torch.where(use_normal, z, torch.where(use_exp, xe, xu))
        accept = torch.where(use_normal, (ta <= z) & (z <= tb),
                             torch.where(use_exp, (xe <= tb) & (logv <= -0.5 * (xe - lam) ** 2),
                                         logv <= 0.5 * (m * m - xu * xu)))
        out[todo[accept]] = x[accept]
        todo = todo[~accept]
    return torch.where(flip, -out, out).reshape(shape).to(dt)
