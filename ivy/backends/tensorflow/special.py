"""tensorflow backend: the `special` area on ``tf.math`` and ``tf.math.special``. float16/bfloat16
compute in float32 and round back; integer/bool inputs give float64.

Written here in TF from exact formulas, for want of a kernel: ``erfcx`` (exp(x**2) erfc(x) up to
x = 6, Laplace's continued fraction beyond), ``ndtr``, ``log_ndtr`` (log1p form for x > 0, erfcx
form for x <= 0: no underflow in either tail), ``sinc`` (numpy's formula), ``entr``, ``logit``,
``multigammaln``, ``betaln`` (the lgamma identity); ``cummax``/``cummin`` as a log-depth
(Hillis-Steele) scan of torch's combine rule. Pinned edges: digamma(+-0) = -+inf; xlogy/xlog1py
give NaN where y is NaN (TF gives 0 when x == 0); erf(+-inf) and erf of large float64 (TF: NaN);
logcumsumexp with NaN or +inf (TF's kernel skips NaNs and makes inf NaN).
"""
from __future__ import annotations

import math

import tensorflow as tf

from ivy.core import dtypes as _dt
from ivy.core.errors import IvyError, IvyTypeError, IvyValueError, from_native
from ivy.core.ext.special import check_order, CummaxResult, CumminResult

from ._base import NAME, TF, move_back, move_to_last, name_of, norm_axis

_F32, _F64, _INT64 = TF["float32"], TF["float64"], TF["int64"]
# input dtype -> (compute dtype, result dtype)
_PLAN = {TF[n]: (_F64, _F64) for n in _dt.INTEGRAL + _dt.BOOL}
_PLAN.update({TF[n]: (_F32 if n in ("float16", "bfloat16") else TF[n], TF[n])
              for n in _dt.REAL_FLOATING})
_COMPUTE = {result: compute for compute, result in _PLAN.values()}
_PY_SCALARS = (bool, int, float)
_FLOATS = frozenset(TF[n] for n in _dt.REAL_FLOATING)


def _type_error(fn, x):
    d = getattr(x, "dtype", None)
    got = name_of(d) if d is not None else type(x).__name__
    return IvyTypeError(f"ivy.{fn} ({NAME} backend): real floating, integer or bool input "
                        f"expected, got {got}", function=fn, backend=NAME)


def _plan(x, fn):
    try:
        return _PLAN[x.dtype]
    except (KeyError, AttributeError):
        raise _type_error(fn, x) from None


def _cast(x, d):
    return x if x.dtype == d else tf.cast(x, d)


def _pair(a, b, fn):
    """Two operands in their common compute dtype, and the result dtype (see the area's doc)."""
    sa, sb = type(a) in _PY_SCALARS, type(b) in _PY_SCALARS
    if sa and sb:
        raise IvyTypeError(f"ivy.{fn} ({NAME} backend): at least one argument must be an array",
                           function=fn, backend=NAME)
    ra = None if sa else _plan(a, fn)[1]
    rb = None if sb else _plan(b, fn)[1]
    if ra is None or rb is None or ra == rb:
        result = ra if rb is None else rb
    else:
        name = _dt.PROMOTION.get((name_of(ra), name_of(rb)))
        if name is None:
            raise IvyTypeError(f"ivy.{fn} ({NAME} backend): no promotion between "
                               f"{name_of(ra)} and {name_of(rb)}", function=fn, backend=NAME)
        result = TF[name]
    compute = _COMPUTE[result]
    a = tf.constant(float(a), compute) if sa else _cast(a, compute)
    b = tf.constant(float(b), compute) if sb else _cast(b, compute)
    return a, b, result


# ---- formulas for what TF lacks ---------------------------------------------------------------
_ERFCX_SWITCH = 6.0
_ERFCX_DEPTH = 40          # continued-fraction depth: converged to rounding for x >= 6
_SQRT_HALF = math.sqrt(0.5)


def _erfcx(x):
    # exp(x**2) erfc(x) where erfc does not underflow; beyond, Laplace's continued fraction
    # erfcx(x) = 1 / (sqrt(pi) (x + (1/2) / (x + 1 / (x + (3/2) / (x + ...))))).
    near = x < _ERFCX_SWITCH
    xn = tf.where(near, x, tf.zeros_like(x))
    direct = tf.exp(xn * xn) * tf.math.erfc(xn)
    xf = tf.where(near, tf.fill(tf.shape(x), tf.constant(_ERFCX_SWITCH, x.dtype)), x)
    f = xf
    for k in range(_ERFCX_DEPTH, 0, -1):
        f = xf + (0.5 * k) / f
    return tf.where(near, direct, 1.0 / (math.sqrt(math.pi) * f))


def _ndtr(x):
    return 0.5 * tf.math.erfc(-x * _SQRT_HALF)


def _log_ndtr(x):
    t = x * _SQRT_HALF
    positive = x > 0
    tp = tf.where(positive, t, tf.zeros_like(t))
    tn = tf.where(positive, tf.zeros_like(t), t)
    upper = tf.math.log1p(-0.5 * tf.math.erfc(tp))
    lower = tf.math.log(0.5 * _erfcx(-tn)) - tn * tn
    return tf.where(positive, upper, lower)


def _sinc(x):
    # near 0 the series 1 - y^2/6 + y^4/120 (exact to rounding for |y| < 1e-4): sin(y)/y's
    # gradient there, (y cos y - sin y) / y^2, cancels and divides by an underflowed y^2 (1e82
    # at x = 1e-99)
    y = math.pi * x
    small = tf.abs(y) < 1e-4
    safe = tf.where(small, tf.ones_like(y), y)
    yy = y * y
    return tf.where(small, 1 - yy / 6 + yy * yy / 120, tf.sin(safe) / safe)


def _entr(x):
    return tf.where(x < 0, tf.constant(-math.inf, x.dtype), -tf.math.xlogy(x, x))


def _erf(x):
    # TF's float64 erf gives NaN for |x| >~ 1e2 and at +-inf; erf is +-1 to rounding past |x| = 6
    far = tf.abs(x) > 6
    return tf.where(far, tf.sign(x), tf.math.erf(tf.where(far, tf.zeros_like(x), x)))


def _digamma(x):
    # TF gives NaN at +-0; scipy and torch give -inf at +0 and +inf at -0, which is -1/x
    return tf.where(tf.equal(x, 0), -1 / x, tf.math.digamma(x))


@tf.custom_gradient
def _bessel_i0(x):
    # (its derivative is i1, whose own TF gradient is wrong at 0: see _bessel_i1)
    return tf.math.bessel_i0(x), lambda dy: dy * _bessel_i1(x)


@tf.custom_gradient
def _bessel_i1(x):
    # TF's registered gradient, i0(x) - i1(x) / x, takes 1 at x = 0; the limit is 1/2
    def grad(dy):
        zero = tf.equal(x, 0)
        safe = tf.where(zero, tf.ones_like(x), x)
        slope = _bessel_i0(x) - _bessel_i1(safe) / safe
        return dy * tf.where(zero, tf.constant(0.5, x.dtype), slope)
    return tf.math.bessel_i1(x), grad


@tf.custom_gradient
def _bessel_i1e(x):
    # TF's registered gradient, i0e(x) - i1e(x) * (sign(x) + 1 / x), masks x = 0 with a where
    # whose own gradient is NaN there: the second derivative at 0 was NaN (torch: 0)
    def grad(dy):
        zero = tf.equal(x, 0)
        safe = tf.where(zero, tf.ones_like(x), x)
        slope = _M.bessel_i0e(x) - _bessel_i1e(safe) * (tf.sign(safe) + 1 / safe)
        return dy * tf.where(zero, tf.constant(0.5, x.dtype), slope)
    return tf.math.bessel_i1e(x), grad


def _unary(name, native):
    def fn(x, /):
        try:
            compute, result = _PLAN[x.dtype]
        except (KeyError, AttributeError):
            raise _type_error(name, x) from None
        try:
            r = native(x if x.dtype == compute else tf.cast(x, compute))
        except Exception as e:
            raise from_native(e, name, NAME) from e
        return r if r.dtype == result else tf.cast(r, result)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `ivy.{name}` on tensorflow."
    return fn


_M, _S = tf.math, tf.math.special
_UNARY = {"erf": _erf, "erfc": _M.erfc, "erfinv": _M.erfinv, "erfcx": _erfcx,
          "lgamma": _M.lgamma, "digamma": _digamma, "i0": _bessel_i0, "i0e": _M.bessel_i0e,
          "i1": _bessel_i1, "i1e": _bessel_i1e, "sinc": _sinc, "expit": _M.sigmoid,
          "ndtr": _ndtr, "ndtri": _M.ndtri, "log_ndtr": _log_ndtr, "bessel_j0": _S.bessel_j0,
          "bessel_j1": _S.bessel_j1, "entr": _entr}
for _name, _native in _UNARY.items():
    globals()[_name] = _unary(_name, _native)
del _name, _native


def _nan_from_y(native):
    def op(x, y):
        return tf.where(tf.math.is_nan(y), y, native(x, y))
    return op


def _betaln(a, b):
    return tf.math.lgamma(a) + tf.math.lgamma(b) - tf.math.lgamma(a + b)


def _binary(name, native):
    def fn(x1, x2, /):
        a, b, result = _pair(x1, x2, name)
        try:
            r = native(a, b)
        except Exception as e:
            raise from_native(e, name, NAME) from e
        return r if r.dtype == result else tf.cast(r, result)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"Implements `ivy.{name}` on tensorflow."
    return fn


def _at_zero_a(native, upper):
    """tf's igamma/igammac are wrong at a == 0: P(0, x) = 1 and Q(0, x) = 0 for x > 0, and
    NaN at x == 0 (scipy, torch)."""
    def op(a, x):
        r = native(a, x)
        zero = tf.equal(a, 0)
        r = tf.where(zero & (x > 0), tf.constant(0.0 if upper else 1.0, r.dtype), r)
        return tf.where(zero & tf.equal(x, 0), tf.constant(float("nan"), r.dtype), r)
    return op


gammainc = _binary("gammainc", _at_zero_a(_M.igamma, False))
gammaincc = _binary("gammaincc", _at_zero_a(_M.igammac, True))
xlogy = _binary("xlogy", _nan_from_y(_M.xlogy))
xlog1py = _binary("xlog1py", _nan_from_y(_M.xlog1py))
betaln = _binary("betaln", _betaln)
# B_2j / (2j)! for j = 1..8: the Euler-Maclaurin corrections of zeta's tail
_EM_COEFFICIENTS = tuple(b / math.factorial(2 * j) for j, b in enumerate(
    (1 / 6, -1 / 30, 1 / 42, -1 / 30, 5 / 66, -691 / 2730, 7 / 6, -3617 / 510), 1))
_EM_TERMS = 10


def _zeta_series(s, a):
    """Hurwitz zeta(s, a) by Euler-Maclaurin summation: the first terms, then the tail's integral
    and corrections, in float64 -- differentiable in s, which TF's kernel is not."""
    s, a = tf.cast(s, _F64), tf.cast(a, _F64)
    head = tf.add_n([(a + k) ** -s for k in range(_EM_TERMS)])
    b = a + _EM_TERMS
    tail = b ** (1 - s) / (s - 1) + 0.5 * b ** -s
    rising, power = s, b ** (-s - 1)               # s (s + 1) ... (s + 2j - 2), b**(-s - 2j + 1)
    for j, c in enumerate(_EM_COEFFICIENTS):
        tail += c * rising * power
        rising *= (s + 2 * j + 1) * (s + 2 * j + 2)
        power /= b * b
    return head + tail


@tf.custom_gradient
def _zeta_with_gradient(x, q):
    # TF registers no gradient for zeta's x: its derivative is that of the Euler-Maclaurin series
    # (JAX differentiates a series too); in q, TF's rule -x zeta(x + 1, q)
    def grad(dy):
        with tf.GradientTape() as tape:
            tape.watch(x)
            series = _zeta_series(x, q)
        dx = tf.cast(tape.gradient(series, x, output_gradients=tf.cast(dy, _F64)), x.dtype)
        return dx, dy * -x * _M.zeta(x + 1, q)
    return _M.zeta(x, q), grad


def _zeta(x, q):
    if x.shape != q.shape:   # the custom gradient returns each operand's gradient unreduced
        shape = tf.broadcast_dynamic_shape(tf.shape(x), tf.shape(q))
        x, q = tf.broadcast_to(x, shape), tf.broadcast_to(q, shape)
    return _zeta_with_gradient(x, q)


zeta = _binary("zeta", _zeta)


def _order(value, least, what, fn):
    return check_order(value, least, what, fn, NAME)


def polygamma(n, x, /):
    n = _order(n, 0, "n", "polygamma")
    compute, result = _plan(x, "polygamma")
    x = _cast(x, compute)
    r = _digamma(x) if n == 0 else tf.math.polygamma(tf.fill(tf.shape(x), tf.constant(
        float(n), compute)), x)
    return _cast(r, result)


def _concrete(cond):
    try:
        return bool(cond)
    except Exception:       # symbolic (tf.function): the check cannot run
        return False


def multigammaln(a, d, /):
    d = _order(d, 1, "d", "multigammaln")
    compute, result = _plan(a, "multigammaln")
    a = _cast(a, compute)
    if _concrete(tf.reduce_any(a <= 0.5 * (d - 1))):
        raise IvyValueError(f"ivy.multigammaln ({NAME} backend): every a must be greater than "
                            f"(d-1)/2 = {0.5 * (d - 1)}", function="multigammaln", backend=NAME)
    half_steps = tf.range(d, dtype=compute) * 0.5
    r = tf.reduce_sum(tf.math.lgamma(a[..., None] - half_steps), axis=-1)
    return _cast(r + d * (d - 1) / 4 * math.log(math.pi), result)


def logit(x, /, *, eps=None):
    compute, result = _plan(x, "logit")
    x = _cast(x, compute)
    if eps is not None:
        # by comparisons, so a NaN stays NaN (tf.clip_by_value need not keep it)
        lo, hi = tf.constant(eps, compute), tf.constant(1.0 - eps, compute)
        x = tf.where(x < lo, lo, tf.where(x > hi, hi, x))
    return _cast(tf.math.log(x / (1 - x)), result)


# ---- cumulative ------------------------------------------------------------------------------

def _scan_extreme(x, axis, later_wins, result_type, fn):
    if not hasattr(x, "dtype") or x.dtype.is_complex or x.dtype not in _PLAN:
        raise _type_error(fn, x)
    ndim = x.shape.rank
    if ndim == 0:
        norm_axis(axis, 1, fn)
        return result_type(tf.identity(x), tf.zeros((), _INT64))
    try:
        y, back = move_to_last(x, axis, fn)
        keys = tf.cast(y, tf.int8) if y.dtype == tf.bool else y
        n = y.shape[-1]
        idx = tf.broadcast_to(tf.range(n, dtype=_INT64), tf.shape(y))
        floating = y.dtype in _FLOATS
        shift = 1
        # Hillis-Steele scan of torch's rule: the later element wins unless the earlier one is
        # strictly better; a NaN always wins over a number, and the later NaN over an earlier one.
        while shift < n:
            ev, ei = keys[..., :-shift], idx[..., :-shift]
            lv, li = keys[..., shift:], idx[..., shift:]
            take = later_wins(lv, ev)
            if floating:
                take = tf.logical_or(tf.logical_and(take, tf.logical_not(tf.math.is_nan(ev))),
                                     tf.math.is_nan(lv))
            keys = tf.concat([keys[..., :shift], tf.where(take, lv, ev)], axis=-1)
            idx = tf.concat([idx[..., :shift], tf.where(take, li, ei)], axis=-1)
            shift *= 2
        values = tf.cast(keys, tf.bool) if y.dtype == tf.bool else keys
        return result_type(move_back(values, back), move_back(idx, back))
    except IvyError:
        raise
    except Exception as e:
        raise from_native(e, fn, NAME) from e


def cummax(x, /, *, axis):
    return _scan_extreme(x, axis, tf.greater_equal, CummaxResult, "cummax")


def cummin(x, /, *, axis):
    return _scan_extreme(x, axis, tf.less_equal, CumminResult, "cummin")


def logcumsumexp(x, /, *, axis):
    compute, result = _plan(x, "logcumsumexp")
    x = _cast(x, compute)
    if x.shape.rank == 0:
        norm_axis(axis, 1, "logcumsumexp")
        return _cast(tf.identity(x), result)
    axis = norm_axis(axis, x.shape.rank, "logcumsumexp")
    try:
        # TF's kernel skips NaNs and turns inf into NaN: it runs on the finite values (and -inf),
        # then a NaN, else a +inf, seen so far decides the prefix, as in torch.
        nan, inf = tf.math.is_nan(x), tf.equal(x, math.inf)
        finite = tf.where(tf.logical_or(nan, inf), tf.constant(-math.inf, compute), x)
        r = tf.math.cumulative_logsumexp(finite, axis=axis)
        seen_nan = tf.math.cumsum(tf.cast(nan, tf.int32), axis=axis) > 0
        seen_inf = tf.math.cumsum(tf.cast(inf, tf.int32), axis=axis) > 0
        r = tf.where(seen_nan, tf.constant(math.nan, compute),
                     tf.where(seen_inf, tf.constant(math.inf, compute), r))
    except Exception as e:
        raise from_native(e, "logcumsumexp", NAME) from e
    return _cast(r, result)
