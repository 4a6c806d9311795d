"""``jax.test_util``: automatic derivatives checked against central finite differences in one
random direction (``check_jvp``, ``check_vjp``, ``check_grads``), with JAX's default gradient
tolerances per dtype."""
from __future__ import annotations

import functools

import ml_dtypes
import numpy as np

from . import _transforms
from .tree_util import tree_leaves, tree_map

__all__ = ["check_grads", "check_jvp", "check_vjp"]

EPS = 1e-4
_GRAD_TOL = {np.dtype(ml_dtypes.bfloat16): 1e-1, np.dtype(np.float16): 1e-2,
             np.dtype(np.float32): 2e-3, np.dtype(np.float64): 1e-5,
             np.dtype(np.complex64): 1e-3, np.dtype(np.complex128): 1e-5}


def _np(x):
    return np.asarray(x)


def _tol(dtype, tol):
    if tol is not None and not isinstance(tol, dict):
        return tol
    table = dict(_GRAD_TOL)
    table.update({np.dtype(k): v for k, v in (tol or {}).items()})
    return table.get(np.dtype(dtype), 0)


def _check_close(xs, ys, atol, rtol, err_msg):
    def close(x, y):
        x, y = _np(x), _np(y)
        assert x.shape == y.shape, f"{err_msg}: shapes {x.shape} and {y.shape}"
        a = max(_tol(x.dtype, atol), _tol(y.dtype, atol))
        r = max(_tol(x.dtype, rtol), _tol(y.dtype, rtol))
        up = (lambda v: v.astype(np.float32) if v.dtype == ml_dtypes.bfloat16 else v)
        with np.errstate(invalid="ignore"):
            np.testing.assert_allclose(up(x), up(y), atol=a * x.size or None,
                                       rtol=r * y.size or None, err_msg=err_msg)
    tree_map(close, xs, ys)


def _dtype(x):
    return getattr(x, "dtype", None) or np.asarray(x).dtype


def _rand_like(rng, x):
    dtype = np.dtype(_dtype(x))
    shape = np.shape(x)
    r = np.asarray(rng.randn(*shape), dtype=dtype)
    if np.issubdtype(dtype, np.complexfloating):
        r = r + dtype.type(1j) * np.asarray(rng.randn(*shape), dtype=dtype)
    return r.item() if isinstance(x, (bool, int, float, complex)) else r


def _combine(op, xs, ys):
    def one(x, y):
        out = np.asarray(op(_np(x), _np(y)), dtype=_dtype(x))
        return out.item() if isinstance(x, (int, float, complex)) else out
    return tree_map(one, xs, ys)


def _scale(xs, a):
    def one(x):
        out = np.multiply(_np(x), np.array(a, dtype=_dtype(x)), dtype=_dtype(x))
        return out.item() if isinstance(x, (int, float, complex)) else out
    return tree_map(one, xs)


def _numerical_jvp(f, primals, tangents, eps):
    delta = _scale(tangents, eps)
    f_pos = f(*_combine(np.add, primals, delta))
    f_neg = f(*_combine(np.subtract, primals, delta))

    def diff(p, n):
        p, n = _np(p), _np(n)
        with np.errstate(invalid="ignore"):
            return np.where(p == n, np.zeros((), p.dtype), np.subtract(p, n, dtype=p.dtype))
    return _scale(tree_map(diff, f_pos, f_neg), 0.5 / eps)


def _inner(xs, ys):
    return sum(float(np.real(np.dot(np.conj(_np(x)).reshape(-1), _np(y).reshape(-1))))
               for x, y in zip(tree_leaves(xs), tree_leaves(ys)))


def check_jvp(f, f_jvp, args, atol=None, rtol=None, eps=EPS, err_msg=""):
    """Implements `jax.test_util.check_jvp`."""
    rng = np.random.RandomState(0)
    tangent = tree_map(functools.partial(_rand_like, rng), args)
    v_out, t_out = f_jvp(args, tangent)
    _check_close(v_out, f(*args), atol, rtol, f"{err_msg} primal" if err_msg else "primal")
    _check_close(t_out, _numerical_jvp(f, args, tangent, eps), atol, rtol,
                 f"{err_msg} tangent" if err_msg else "tangent")


def check_vjp(f, f_vjp, args, atol=None, rtol=None, eps=EPS, err_msg=""):
    """Implements `jax.test_util.check_vjp`: <tangent, vjp(cotangent)> against
    <numerical jvp(tangent), cotangent>."""
    rand = functools.partial(_rand_like, np.random.RandomState(0))
    v_out, vjp_fun = f_vjp(*args)
    _check_close(v_out, f(*args), atol, rtol, f"{err_msg} primal" if err_msg else "primal")
    tangent = tree_map(rand, args)
    tangent_out = _numerical_jvp(f, args, tangent, eps)
    cotangent = tree_map(rand, v_out)
    conj = functools.partial(tree_map, lambda x: np.conj(_np(x)))
    cotangent_out = conj(vjp_fun(conj(cotangent)))
    _check_close(_inner(tangent, cotangent_out), _inner(tangent_out, cotangent), atol, rtol,
                 f"{err_msg} cotangent projection" if err_msg else "cotangent projection")


def check_grads(f, args, order, modes=("fwd", "rev"), atol=None, rtol=None, eps=None):
    """Implements `jax.test_util.check_grads`: forward and reverse derivatives up to
    ``order``."""
    args = tuple(args)
    eps = eps or EPS
    jvp, vjp = _transforms.FUNCTIONS["jvp"], _transforms.FUNCTIONS["vjp"]
    unknown = set(modes) - {"fwd", "rev"}
    if unknown:
        raise NotImplementedError(f"jax.test_util.check_grads: modes {sorted(unknown)} are not "
                                  f"supported (only 'fwd' and 'rev')")

    def check(f, args, order, err_msg=""):
        if "fwd" in modes:
            msg = f"JVP of {err_msg}" if err_msg else "JVP"
            check_jvp(f, functools.partial(jvp, f), args, atol, rtol, eps, msg)
            if order > 1:
                check(functools.partial(jvp, f), (args, args), order - 1, msg)
        if "rev" in modes:
            msg = f"VJP of {err_msg}" if err_msg else "VJP"
            check_vjp(f, functools.partial(vjp, f), args, atol, rtol, eps, msg)
            if order > 1:
                def f_vjp(*args):
                    out, vjp_fun = vjp(f, *args)
                    return vjp_fun(out)
                check(f_vjp, args, order - 1, msg)
    check(f, args, order)
