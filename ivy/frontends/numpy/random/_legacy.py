"""The distributions of NumPy's legacy ``RandomState`` (its published algorithms, as RandomState
draws them from MT19937), mixed into ``RandomState``.

Two kinds of samplers:

* a fixed number of draws per value (exponential, Cauchy, lognormal, Laplace, Gumbel, logistic,
  Pareto, Weibull, power, Rayleigh, triangular): the uniform doubles or legacy normals are drawn
  on the backend for all values at once and the transform runs on the backend (its log/exp/pow,
  within an ulp or two of NumPy's C library off the numpy backend). Laplace, Gumbel and logistic
  redraw a uniform of exactly 0 (probability 2**-53 a value): a batch holding one runs on the
  host loop below instead.
* rejection samplers whose use of the stream depends on the values (gamma and what is built on it,
  Poisson, binomial, geometric, hypergeometric, von Mises, Zipf, log-series, Wald, Student's t):
  NumPy runs them one value at a time, each step deciding from the last draw whether to draw again,
  interleaved with the polar normals' cache. They run as that host loop (``_Host``) over MT19937
  words generated on the backend in batches; the words NumPy's loop used are committed, the rest
  of the batch is left for the next draw. The host arithmetic is the C library's (``math``), so
  these values are NumPy's bit for bit on every backend.
"""
from __future__ import annotations

import math
import warnings

import numpy as np

import ivy

from .._array import _wrap, asarray, ndarray

_INT64_MIN = -(1 << 63)


def _host_array(x, dtype=np.float64):
    return np.asarray(x.__array__() if isinstance(x, ndarray) else x, dtype=dtype)


# ---- C library semantics for the host loops (math raises where C returns inf/nan) -------------
def _log(x):
    return math.log(x) if x > 0 else (-math.inf if x == 0 else math.nan)


def _exp(x):
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


def _pow(x, y):
    try:
        return math.pow(x, y)
    except OverflowError:
        return math.inf
    except (ValueError, ZeroDivisionError):
        return math.inf if x == 0 else math.nan


def _sqrt(x):
    return math.sqrt(x) if x >= 0 else math.nan


def _int(x):
    """C's (int64_t) cast of a double on x86-64 (out of range and nan give INT64_MIN)."""
    if x != x or not -9.223372036854775808e18 <= x < 9.223372036854775808e18:
        return _INT64_MIN
    return int(x)


def _floor(x):
    return _int(math.floor(x)) if math.isfinite(x) else _int(x)


_SAFE_INT64 = "safe int64"
_TOO_DEEP = ("setting an array element with a sequence. The requested array would exceed the "
             "maximum number of dimension of 1.")


def _int_param(x):
    """An integer parameter: a Python float truncates (as NumPy's scalar path), arrays cast
    safely (a float array raises NumPy's TypeError)."""
    if isinstance(x, (float, np.floating)):
        return np.asarray(int(x), dtype=np.int64)
    return np.asarray(_host_array(x, None)).astype(np.int64, casting="safe")


def _div(a, b):
    """C's division of doubles (b == 0 gives inf/nan instead of raising)."""
    if b:
        return a / b
    return math.nan if a == 0 or a != a else math.copysign(math.inf, a) * math.copysign(1.0, b)


def _shape(size):
    if size is None:
        return ()
    return (int(size),) if np.ndim(size) == 0 else tuple(int(s) for s in size)


# ---- parameter checks, as NumPy words them ---------------------------------------------------
_CHECKS = {
    "nonneg": (lambda v: ~np.isnan(v) & np.signbit(v), "{0} < 0"),
    "pos": (lambda v: v <= 0, "{0} <= 0"),
    "prob": (lambda v: ~((v >= 0) & (v <= 1)), "{0} < 0, {0} > 1 or {0} is NaN"),
    "prob_gt0": (lambda v: ~((v > 0) & (v <= 1)), "{0} <= 0, {0} > 1 or {0} contains NaNs"),
    "prob_lt1": (lambda v: ~((v >= 0) & (v < 1)), "{0} < 0, {0} >= 1 or {0} is NaN"),
    "gt1": (lambda v: ~(v > 1), "{0} <= 1 or {0} is NaN"),
    "lam": (lambda v: ~(v >= 0), "{0} < 0 or {0} is NaN"),
    "intnonneg": (lambda v: v < 0, "{0} < 0"),
    "sample": (lambda v: v < 1, "{0} < 1 or {0} is NaN"),
}
_LAM_MAX = float(np.iinfo(np.int64).max - np.sqrt(np.iinfo(np.int64).max) * 10)


def _params(size, specs):
    """Host arrays of the parameters (checked as NumPy checks them) and the output shape: None
    for scalar parameters without ``size`` (one Python number), else ``size`` or the broadcast
    shape of the parameters."""
    arrays = []
    for value, name, check, dtype in specs:
        a = _int_param(value) if dtype == _SAFE_INT64 else _host_array(value, dtype)
        if check is not None:
            bad, message = _CHECKS[check]
            if np.any(bad(a)):
                raise ValueError(message.format(name))
        arrays.append(a)
    scalar = all(a.ndim == 0 for a in arrays)
    if size is None:
        return arrays, None if scalar else np.broadcast_shapes(*(a.shape for a in arrays))
    shape = _shape(size)
    if not scalar:
        both = np.broadcast_shapes(shape, *(a.shape for a in arrays))
        if both != shape:
            raise ValueError(f"Output size {shape} is not compatible with broadcast dimensions "
                             f"of inputs {both}.")
    return arrays, shape


def _f(value):
    """A float parameter without a check."""
    return (value, None, None, "float64")


# ---- the host loop -------------------------------------------------------------------------------
class _Host:
    """NumPy's one-value-at-a-time loop on the host, over words generated on the backend: a batch
    is peeked, used word by word, and only the words used are committed (``close``)."""

    def __init__(self, rs, hint):
        # batches of 2**k words (k >= 7): few distinct shapes for backends that compile per shape
        self.rs, self.words, self.i = rs, [], 0
        self.hint = 1 << min(max(7, (int(hint) - 1).bit_length()), 15)

    def word(self):
        if self.i == len(self.words):
            self.rs._stream.commit(self.i)
            self.words = np.asarray(ivy.to_numpy(self.rs._stream.peek(self.hint))).tolist()
            self.i, self.hint = 0, min(4 * self.hint, 1 << 17)
        self.i += 1
        return self.words[self.i - 1]

    def close(self):
        self.rs._stream.commit(self.i)
        self.words, self.i = [], 0

    def double(self):
        a = self.word() >> 5
        return (a * 67108864.0 + (self.word() >> 6)) / 9007199254740992.0

    def gauss(self):
        """The legacy polar method; the second normal of a pair is cached in the RandomState."""
        rs = self.rs
        if rs._gauss is not None:
            g, rs._gauss = rs._gauss, None
            return g
        while True:
            x1, x2 = 2.0 * self.double() - 1.0, 2.0 * self.double() - 1.0
            r2 = x1 * x1 + x2 * x2
            if r2 < 1.0 and r2 != 0.0:
                break
        f = math.sqrt(-2.0 * math.log(r2) / r2)
        rs._gauss = f * x1
        return f * x2

    def exponential(self):
        return -_log(1.0 - self.double())

    def gamma(self, shape):
        """Marsaglia and Tsang's method on legacy normals; shape < 1 by Johnk-style rejection."""
        if shape == 1.0:
            return self.exponential()
        if shape == 0.0:
            return 0.0
        if shape < 1.0:
            while True:
                u, v = self.double(), self.exponential()
                if u <= 1.0 - shape:
                    x = _pow(u, 1.0 / shape)
                    if x <= v:
                        return x
                else:
                    y = -_log((1.0 - u) / shape)
                    x = _pow(1.0 - shape + shape * y, 1.0 / shape)
                    if x <= v + y:
                        return x
        b = shape - 1.0 / 3.0
        c = 1.0 / _sqrt(9.0 * b)
        while True:
            while True:
                x = self.gauss()
                v = 1.0 + c * x
                if not v <= 0.0:
                    break
            v = v * v * v
            u = self.double()
            if u < 1.0 - 0.0331 * (x * x) * (x * x):
                return b * v
            if _log(u) < 0.5 * x * x + b * (1.0 - v + _log(v)):
                return b * v

    def chisquare(self, df):
        return 2.0 * self.gamma(df / 2.0)

    def noncentral_chisquare(self, df, nonc):
        if nonc == 0:
            return self.chisquare(df)
        if 1 < df:
            chi2 = self.chisquare(df - 1)
            n = self.gauss() + _sqrt(nonc)
            return chi2 + n * n
        out = self.chisquare(df + 2 * self.poisson(nonc / 2.0))
        return math.nan if nonc != nonc else out          # nan after the draws

    def poisson(self, lam):
        """Multiplication of uniforms for lam < 10, Hormann's PTRS otherwise."""
        if lam >= 10:
            return self._ptrs(lam)
        if lam == 0:
            return 0
        enlam, x, prod = _exp(-lam), 0, 1.0
        while True:
            prod *= self.double()
            if prod > enlam:
                x += 1
            else:
                return x

    def _ptrs(self, lam):
        slam, loglam = _sqrt(lam), _log(lam)
        b = 0.931 + 2.53 * slam
        a = -0.059 + 0.02483 * b
        invalpha = 1.1239 + 1.1328 / (b - 3.4)
        vr = 0.9277 - 3.6224 / (b - 2)
        while True:
            u = self.double() - 0.5
            v = self.double()
            us = 0.5 - abs(u)
            k = _floor((2 * a / us + b) * u + lam + 0.43) if us else _INT64_MIN
            if us >= 0.07 and v <= vr:
                return k
            if k < 0 or (us < 0.013 and v > us):
                continue
            if _log(v) + _log(invalpha) - _log(a / (us * us) + b) <= \
                    -lam + k * loglam - _loggam(k + 1):
                return k

    def binomial(self, n, p, early=False):
        """Inversion for n*min(p, 1-p) <= 30, else BTPE (Kachitvichyanukul and Schmeiser);
        p > 1/2 mirrored. ``early``: n == 0 or p == 0 returns 0 without a draw (as the
        multinomial's binomials do; RandomState.binomial always draws)."""
        if early and (n == 0 or p == 0.0):
            return 0
        if p <= 0.5:
            return self._inversion(n, p) if p * n <= 30.0 else self._btpe(n, p)
        q = 1.0 - p
        return n - (self._inversion(n, q) if q * n <= 30.0 else self._btpe(n, q))

    def _inversion(self, n, p):
        q = 1.0 - p
        qn = _exp(n * _log(q))
        npq = n * p
        bound = min(n, npq + 10.0 * _sqrt(npq * q + 1))
        x, px, u = 0, qn, self.double()
        while u > px:
            x += 1
            if x > bound:
                x, px, u = 0, qn, self.double()
            else:
                u -= px
                px = ((n - x + 1) * p * px) / (x * q)
        return x

    def _btpe(self, n, p):
        r = min(p, 1.0 - p)
        q = 1.0 - r
        fm = n * r + r
        m = _floor(fm)
        p1 = math.floor(2.195 * _sqrt(n * r * q) - 4.6 * q) + 0.5
        xm = m + 0.5
        xl, xr = xm - p1, xm + p1
        c = 0.134 + 20.5 / (15.3 + m)
        a = (fm - xl) / (fm - xl * r)
        laml = a * (1.0 + a / 2.0)
        a = (xr - fm) / (xr * q)
        lamr = a * (1.0 + a / 2.0)
        p2 = p1 * (1.0 + 2.0 * c)
        p3 = p2 + c / laml
        p4 = p3 + c / lamr
        nrq = n * r * q
        while True:
            u = self.double() * p4
            v = self.double()
            if u <= p1:
                return _floor(xm - p1 * v + u)
            if u <= p2:
                x = xl + (u - p1) / c
                v = v * c + 1.0 - abs(m - x + 0.5) / p1
                if v > 1.0:
                    continue
                y = _floor(x)
            elif u <= p3:
                if v == 0.0:
                    continue
                y = _floor(xl + _log(v) / laml)
                if y < 0:
                    continue
                v = v * (u - p2) * laml
            else:
                if v == 0.0:
                    continue
                y = _floor(xr - _log(v) / lamr)
                if y > n:
                    continue
                v = v * (u - p3) * lamr
            k = abs(y - m)
            if not (k > 20 and k < nrq / 2.0 - 1):
                s = r / q
                a = s * (n + 1)
                f = 1.0
                if m < y:
                    for i in range(m + 1, y + 1):
                        f *= a / i - s
                elif m > y:
                    for i in range(y + 1, m + 1):
                        f /= a / i - s
                if v > f:
                    continue
                return y
            rho = (k / nrq) * ((k * (k / 3.0 + 0.625) + 0.16666666666666666) / nrq + 0.5)
            t = -k * k / (2 * nrq)
            big_a = _log(v)
            if big_a < t - rho:
                return y
            if big_a > t + rho:
                continue
            x1, f1, z, w = y + 1.0, m + 1.0, n + 1.0 - m, n - y + 1.0
            x2, f2, z2, w2 = x1 * x1, f1 * f1, z * z, w * w
            bound = (xm * _log(f1 / x1) + (n - m + 0.5) * _log(z / w)
                     + (y - m) * _log(w * r / (x1 * q)) + _stirling(f1, f2) + _stirling(z, z2)
                     + _stirling(x1, x2) + _stirling(w, w2))
            if big_a > bound:
                continue
            return y

    def geometric(self, p):
        """Search of the cdf for p >= 1/3, inversion otherwise."""
        if p >= 0.333333333333333333333333:
            x, total, prod, q = 1, p, p, 1.0 - p
            u = self.double()
            while u > total:
                prod *= q
                total += prod
                x += 1
            return x
        x = _div(_log(1.0 - self.double()), _log(1.0 - p))
        return _int(math.ceil(x)) if math.isfinite(x) else _int(x)

    def hypergeometric(self, good, bad, sample):
        if sample > 10:
            return self._hrua(good, bad, sample)
        return self._hyp(good, bad, sample) if sample > 0 else 0

    def _hyp(self, good, bad, sample):
        d1, d2 = bad + good - sample, float(min(bad, good))
        y, k = d2, sample
        while y > 0.0:
            y -= _floor(self.double() + y / (d1 + k))
            k -= 1
            if k == 0:
                break
        z = _int(d2 - y)
        return sample - z if good > bad else z

    def _hrua(self, good, bad, sample):
        """Stadlober's ratio-of-uniforms (HRUA) with rv.py's corrections."""
        mingb, maxgb, pop = min(good, bad), max(good, bad), good + bad
        m = min(sample, pop - sample)
        d4 = float(mingb) / pop
        d5 = 1.0 - d4
        d6 = m * d4 + 0.5
        d7 = _sqrt(float(pop - m) * sample * d4 * d5 / (pop - 1) + 0.5)
        d8 = 1.7155277699214135 * d7 + 0.8989161620588988
        d9 = _floor(float(m + 1) * (mingb + 1) / (pop + 2))
        d10 = (_loggam(d9 + 1) + _loggam(mingb - d9 + 1) + _loggam(m - d9 + 1)
               + _loggam(maxgb - m + d9 + 1))
        d11 = min(min(m, mingb) + 1.0, math.floor(d6 + 16 * d7))
        while True:
            x, y = self.double(), self.double()
            w = d6 + d8 * (y - 0.5) / x if x else (math.inf if y != 0.5 else math.nan)
            if w < 0.0 or w >= d11 or w != w:
                continue
            z = _floor(w)
            t = d10 - (_loggam(z + 1) + _loggam(mingb - z + 1) + _loggam(m - z + 1)
                       + _loggam(maxgb - m + z + 1))
            if x * (4.0 - x) - 3.0 <= t:
                break
            if x * (x - t) >= 1:
                continue
            if 2.0 * _log(x) <= t:
                break
        if good > bad:
            z = m - z
        return good - z if m < sample else z

    def vonmises(self, mu, kappa):
        """Best and Fisher's rejection on the wrapped Cauchy (legacy: kappa < 1e-8 uniform)."""
        if kappa != kappa:
            return math.nan
        if kappa < 1e-8:
            return math.pi * (2 * self.double() - 1)
        if kappa < 1e-5:
            s = 1.0 / kappa + kappa
        else:
            r = 1 + _sqrt(1 + 4 * kappa * kappa)
            rho = (r - _sqrt(2 * r)) / (2 * kappa)
            s = (1 + rho * rho) / (2 * rho)
        while True:
            u = self.double()
            z = math.cos(math.pi * u)
            w = (1 + s * z) / (s + z)
            y = kappa * (s - w)
            v = self.double()
            if y * (2 - y) - v >= 0 or (v and _log(y / v) + 1 - y >= 0) or \
                    (not v and y > 0):
                break
        u = self.double()
        result = math.acos(w) if -1 <= w <= 1 else math.nan
        if u < 0.5:
            result = -result
        result += mu
        neg = result < 0
        mod = math.fmod(abs(result) + math.pi, 2 * math.pi) - math.pi \
            if math.isfinite(result) else math.nan
        return -mod if neg else mod

    def zipf(self, a):
        am1 = a - 1.0
        b = _pow(2.0, am1)
        while True:
            u = 1.0 - self.double()
            v = self.double()
            x = math.floor(_pow(u, -1.0 / am1)) if u else math.inf
            if x > 9.223372036854775807e18 or x < 1.0 or x != x:
                continue
            t = _pow(1.0 + 1.0 / x, am1)
            if _div(v * x * (t - 1.0), b - 1.0) <= t / b:
                return int(x)

    def logseries(self, p):
        r = _log(1.0 - p)
        while True:
            v = self.double()
            if v >= p:
                return 1
            u = self.double()
            q = 1.0 - _exp(r * u)
            if v <= q * q:
                result = _floor(1 + _div(_log(v), _log(q)))
                if result < 1 or v == 0.0:
                    continue
                return result
            return 1 if v >= q else 2

    def wald(self, mean, scale):
        mu_2l = mean / (2 * scale)
        y = self.gauss()
        y = mean * y * y
        x = mean + mu_2l * (y - _sqrt(4 * scale * y + y * y))
        u = self.double()
        return x if u <= _div(mean, mean + x) else _div(mean * mean, x)


_LOGGAM = (8.333333333333333e-02, -2.777777777777778e-03, 7.936507936507937e-04,
           -5.952380952380952e-04, 8.417508417508418e-04, -1.917526917526918e-03,
           6.410256410256410e-03, -2.955065359477124e-02, 1.796443723688307e-01,
           -1.39243221690590e+00)


def _loggam(x):
    """log(Gamma(x)) by Stirling's series (shifted up to x >= 7), as NumPy's samplers use it."""
    if x == 1.0 or x == 2.0:
        return 0.0
    n = int(7 - x) if x < 7 else 0
    x0 = x + n
    x2 = 1.0 / (x0 * x0)
    gl0 = _LOGGAM[9]
    for k in range(8, -1, -1):
        gl0 = gl0 * x2 + _LOGGAM[k]
    gl = gl0 / x0 + 0.5 * math.log(2 * math.pi) + (x0 - 0.5) * math.log(x0) - x0
    for _ in range(n):
        x0 -= 1.0
        gl -= math.log(x0)
    return gl


def _stirling(x, x2):
    return (13680. - (462. - (132. - (99. - 140. / x2) / x2) / x2) / x2) / x / 166320.


# ---- the mixin ---------------------------------------------------------------------------------
def _nlog1m(u):
    """-log(1 - u) on the backend."""
    return ivy.negative(ivy.log(ivy.subtract(1.0, u)))


class LegacyDistributions:
    """The distributions of ``numpy.random.RandomState``."""

    # ---- drivers ---------------------------------------------------------------------------
    def _vector(self, size, kind, formula, *specs, host=None):
        """A fixed number of draws per value: ``kind`` "d" (one uniform double), "g" (one legacy
        normal) or "gg" (two); ``formula(draws, *params)`` on native arrays. ``host``: the host
        sampler for a batch holding a uniform of exactly 0, which NumPy redraws."""
        arrays, shape = _params(size, specs)
        n = int(np.prod(shape or ()))
        if kind == "d":
            u = self._doubles_peek(n)
            if host is not None and n and bool(ivy.to_numpy(ivy.any(ivy.equal(u, 0.0)))):
                return self._loop(size, 2, np.float64, host, *specs)   # NumPy redraws a 0
            self._stream.commit(2 * n)
            draws = (ivy.reshape(u, shape or ()),)
        elif kind == "g":
            draws = (ivy.reshape(self._gaussians(n), shape or ()),)
        else:
            g = self._gaussians(2 * n)
            draws = (ivy.reshape(g[0::2], shape or ()), ivy.reshape(g[1::2], shape or ()))
        x = formula(*draws, *(ivy.asarray(a) for a in arrays))
        return float(ivy.to_numpy(x)) if shape is None else _wrap(x)

    def _loop(self, size, words, dtype, fn, *specs):
        """One value at a time on the host (``_Host``); ``words``: a guess of the words per value
        for the first batch."""
        arrays, shape = _params(size, specs)
        full = shape or ()
        columns = [np.broadcast_to(a, full).ravel().tolist() for a in arrays]
        n = int(np.prod(full))
        host = _Host(self, words * n + 8)
        try:
            values = [fn(host, *args) for args in zip(*columns)] if columns else \
                [fn(host) for _ in range(n)]
        finally:
            host.close()
        if shape is None:
            return values[0]
        return _wrap(ivy.asarray(np.asarray(values, dtype=dtype).reshape(shape)))

    # ---- fixed draws per value, on the backend ------------------------------------------------
    def standard_exponential(self, size=None):
        return self._vector(size, "d", _nlog1m)

    def exponential(self, scale=1.0, size=None):
        return self._vector(size, "d", lambda u, s: ivy.multiply(s, _nlog1m(u)),
                            (scale, "scale", "nonneg", "float64"))

    def standard_cauchy(self, size=None):
        return self._vector(size, "gg", ivy.divide)

    def lognormal(self, mean=0.0, sigma=1.0, size=None):
        return self._vector(size, "g", lambda g, m, s: ivy.exp(ivy.add(m, ivy.multiply(s, g))),
                            _f(mean), (sigma, "sigma", "nonneg", "float64"))

    def laplace(self, loc=0.0, scale=1.0, size=None):
        def formula(u, m, s):
            upper = ivy.subtract(m, ivy.multiply(s, ivy.log(ivy.subtract(ivy.subtract(2.0, u), u))))
            lower = ivy.add(m, ivy.multiply(s, ivy.log(ivy.add(u, u))))
            return ivy.where(ivy.greater_equal(u, 0.5), upper, lower)
        return self._vector(size, "d", formula, _f(loc), (scale, "scale", "nonneg", "float64"),
                            host=_laplace)

    def gumbel(self, loc=0.0, scale=1.0, size=None):
        return self._vector(
            size, "d", lambda u, m, s: ivy.subtract(m, ivy.multiply(
                s, ivy.log(ivy.negative(ivy.log(ivy.subtract(1.0, u)))))),
            _f(loc), (scale, "scale", "nonneg", "float64"), host=_gumbel)

    def logistic(self, loc=0.0, scale=1.0, size=None):
        return self._vector(
            size, "d", lambda u, m, s: ivy.add(m, ivy.multiply(
                s, ivy.log(ivy.divide(u, ivy.subtract(1.0, u))))),
            _f(loc), (scale, "scale", "nonneg", "float64"), host=_logistic)

    def pareto(self, a, size=None):
        return self._vector(size, "d", lambda u, a: ivy.subtract(
            ivy.exp(ivy.divide(_nlog1m(u), a)), 1.0), (a, "a", "pos", "float64"))

    def weibull(self, a, size=None):
        arrays, _ = _params(None, ((a, "a", "nonneg", "float64"),))
        if np.any(arrays[0] == 0):       # a == 0 gives 0 without a draw
            return self._loop(size, 2, np.float64, lambda h, a: 0.0 if a == 0 else _pow(
                h.exponential(), 1.0 / a), (a, "a", "nonneg", "float64"))
        return self._vector(size, "d", lambda u, a: ivy.pow(_nlog1m(u), ivy.divide(1.0, a)),
                            (a, "a", "nonneg", "float64"))

    def power(self, a, size=None):
        return self._vector(size, "d", lambda u, a: ivy.pow(
            ivy.subtract(1.0, ivy.exp(ivy.negative(_nlog1m(u)))), ivy.divide(1.0, a)),
            (a, "a", "pos", "float64"))

    def rayleigh(self, scale=1.0, size=None):
        return self._vector(size, "d", lambda u, s: ivy.multiply(s, ivy.sqrt(
            ivy.multiply(-2.0, ivy.log1p(ivy.negative(u))))), (scale, "scale", "nonneg", "float64"))

    def triangular(self, left, mode, right, size=None):
        lo, mo, hi = (_host_array(v) for v in (left, mode, right))
        if np.any(lo > mo):
            raise ValueError("left > mode")
        if np.any(mo > hi):
            raise ValueError("mode > right")
        if np.any(lo == hi):
            raise ValueError("left == right")

        def formula(u, lo, mo, hi):
            base = ivy.subtract(hi, lo)
            leftbase = ivy.subtract(mo, lo)
            ratio = ivy.divide(leftbase, base)
            rightprod = ivy.multiply(ivy.subtract(hi, mo), base)
            low = ivy.add(lo, ivy.sqrt(ivy.multiply(u, ivy.multiply(leftbase, base))))
            high = ivy.subtract(hi, ivy.sqrt(ivy.multiply(ivy.subtract(1.0, u), rightprod)))
            return ivy.where(ivy.less_equal(u, ratio), low, high)
        return self._vector(size, "d", formula, _f(left), _f(mode), _f(right))

    # ---- rejection samplers, NumPy's loop on the host ----------------------------------------
    def standard_gamma(self, shape, size=None):
        return self._loop(size, 6, np.float64, _Host.gamma, (shape, "shape", "nonneg", "float64"))

    def gamma(self, shape, scale=1.0, size=None):
        return self._loop(size, 6, np.float64, lambda h, k, s: s * h.gamma(k),
                          (shape, "shape", "nonneg", "float64"),
                          (scale, "scale", "nonneg", "float64"))

    def beta(self, a, b, size=None):
        return self._loop(size, 12, np.float64, _beta, (a, "a", "pos", "float64"),
                          (b, "b", "pos", "float64"))

    def chisquare(self, df, size=None):
        return self._loop(size, 6, np.float64, _Host.chisquare, (df, "df", "pos", "float64"))

    def f(self, dfnum, dfden, size=None):
        return self._loop(size, 12, np.float64, lambda h, a, b: _div(h.chisquare(a) * b, (
            h.chisquare(b) * a)), (dfnum, "dfnum", "pos", "float64"),
            (dfden, "dfden", "pos", "float64"))

    def standard_t(self, df, size=None):
        def draw(h, df):
            n = h.gauss()
            return _div(_sqrt(df / 2) * n, _sqrt(h.gamma(df / 2)))
        return self._loop(size, 8, np.float64, draw, (df, "df", "pos", "float64"))

    def wald(self, mean, scale, size=None):
        return self._loop(size, 5, np.float64, _Host.wald, (mean, "mean", "pos", "float64"),
                          (scale, "scale", "pos", "float64"))

    def noncentral_chisquare(self, df, nonc, size=None):
        return self._loop(size, 8, np.float64, _Host.noncentral_chisquare,
                          (df, "df", "pos", "float64"), (nonc, "nonc", "nonneg", "float64"))

    def noncentral_f(self, dfnum, dfden, nonc, size=None):
        return self._loop(size, 14, np.float64, lambda h, a, b, c: _div(
            h.noncentral_chisquare(a, c) * b, h.chisquare(b) * a),
            (dfnum, "dfnum", "pos", "float64"), (dfden, "dfden", "pos", "float64"),
            (nonc, "nonc", "nonneg", "float64"))

    def vonmises(self, mu, kappa, size=None):
        return self._loop(size, 6, np.float64, _Host.vonmises, _f(mu),
                          (kappa, "kappa", "nonneg", "float64"))

    def geometric(self, p, size=None):
        return self._loop(size, 4, np.int64, _Host.geometric, (p, "p", "prob_gt0", "float64"))

    def poisson(self, lam=1.0, size=None):
        if np.any(_host_array(lam) >= _LAM_MAX):
            raise ValueError("lam value too large")
        return self._loop(size, 6, np.int64, _Host.poisson, (lam, "lam", "lam", "float64"))

    def binomial(self, n, p, size=None):
        return self._loop(size, 6, np.int64, _Host.binomial, (n, "n", "intnonneg", _SAFE_INT64),
                          (p, "p", "prob", "float64"))

    def negative_binomial(self, n, p, size=None):
        return self._loop(size, 10, np.int64, lambda h, n, p: h.poisson(
            _div(1 - p, p) * h.gamma(n)), (n, "n", "pos", "float64"),
                          (p, "p", "prob", "float64"))

    def zipf(self, a, size=None):
        return self._loop(size, 6, np.int64, _Host.zipf, (a, "a", "gt1", "float64"))

    def logseries(self, p, size=None):
        return self._loop(size, 4, np.int64, _Host.logseries, (p, "p", "prob_lt1", "float64"))

    def hypergeometric(self, ngood, nbad, nsample, size=None):
        specs = ((ngood, "ngood", "intnonneg", _SAFE_INT64), (nbad, "nbad", "intnonneg",
                 _SAFE_INT64), (nsample, "nsample", "sample", _SAFE_INT64))
        good, bad, sample = (_int_param(v) for v in (ngood, nbad, nsample))
        if np.any(good + bad < sample):                 # checked first, as NumPy does
            raise ValueError("ngood + nbad < nsample")
        return self._loop(size, 6, np.int64, _Host.hypergeometric, *specs)

    def dirichlet(self, alpha, size=None):
        given, alpha = alpha, _host_array(alpha)
        if alpha.ndim == 0:
            raise TypeError(f"object of type '{type(given).__name__}' has no len()")
        if alpha.ndim > 1:
            raise ValueError(_TOO_DEEP)
        if np.any(alpha <= 0):
            raise ValueError("alpha <= 0")
        k, alphas = alpha.shape[0], alpha.tolist()
        shape = _shape(size) + (k,)
        count = int(np.prod(shape[:-1]))
        host, out = _Host(self, 6 * k * count + 8), []
        try:
            for _ in range(count):
                g = [host.gamma(a) for a in alphas]
                total = 0.0
                for v in g:
                    total += v
                inv = 1.0 / total if total else math.inf
                out.extend(v * inv for v in g)
        finally:
            host.close()
        return _wrap(ivy.asarray(np.asarray(out, dtype=np.float64).reshape(shape)))

    def multinomial(self, n, pvals, size=None):
        n = _int_param(n)
        if n.ndim:
            raise NotImplementedError("multinomial: an array n is not supported by ivy's numpy "
                                      "frontend (RandomState.multinomial takes one n)")
        n = int(n)
        probs = _host_array(pvals)
        if probs.ndim == 0:
            raise TypeError("pvals must be a 1-d sequence")
        if probs.ndim > 1:
            raise ValueError(_TOO_DEEP)
        if n < 0:
            raise ValueError("n < 0")
        if np.any(~((probs >= 0) & (probs <= 1))):
            raise ValueError("pvals < 0, pvals > 1 or pvals contains NaNs")
        if math.fsum(probs[:-1].tolist()) > 1.0 + 1e-12:
            raise ValueError("sum(pvals[:-1]) > 1.0")
        d, plist = probs.shape[0], probs.tolist()
        shape = _shape(size) + (d,)
        count = int(np.prod(shape[:-1]))
        host, out = _Host(self, 4 * d * count + 8), np.zeros((count, d), np.int64)
        try:
            for row in out:
                remaining, left = 1.0, n
                for j in range(d - 1):
                    row[j] = host.binomial(left, plist[j] / remaining, early=True)
                    left -= int(row[j])
                    if left <= 0:
                        break
                    remaining -= plist[j]
                if left > 0:
                    row[d - 1] = left
        finally:
            host.close()
        return _wrap(ivy.asarray(out.reshape(shape)))

    def multivariate_normal(self, mean, cov, size=None, check_valid="warn", tol=1e-8):
        """Legacy: normals times ``sqrt(s)[:, None] * vh`` of the SVD of ``cov`` (on the backend:
        its LAPACK's signs of the singular vectors decide the signs of the components)."""
        mu, c = asarray(mean, "float64"), asarray(cov, "float64")
        if mu.ndim != 1:
            raise ValueError("mean must be 1 dimensional")
        if c.ndim != 2 or c.shape[0] != c.shape[1]:
            raise ValueError("cov must be 2 dimensional and square")
        d = mu.shape[0]
        if d != c.shape[0]:
            raise ValueError("mean and cov must have same length")
        shape = _shape(size) + (d,)
        x = ivy.reshape(self._gaussians(int(np.prod(shape))), (-1, d))
        _, s, vh = ivy.linalg.svd(c._data, full_matrices=True)
        if check_valid != "ignore":
            if check_valid not in ("warn", "raise"):
                raise ValueError("check_valid must equal 'warn', 'raise', or 'ignore'")
            back = ivy.matmul(ivy.multiply(ivy.permute_dims(vh, (1, 0)), s), vh)
            if not bool(ivy.to_numpy(ivy.all(ivy.less_equal(ivy.abs(ivy.subtract(
                    back, c._data)), ivy.add(tol, ivy.multiply(tol, ivy.abs(c._data))))))):
                if check_valid == "raise":
                    raise ValueError("covariance is not symmetric positive-semidefinite.")
                warnings.warn("covariance is not symmetric positive-semidefinite.",
                              RuntimeWarning, stacklevel=2)
        x = ivy.matmul(x, ivy.multiply(ivy.expand_dims(ivy.sqrt(s), axis=1), vh))
        return _wrap(ivy.reshape(ivy.add(x, mu._data), shape))

    # ---- other legacy methods -------------------------------------------------------------
    def bytes(self, length):
        words = np.asarray(ivy.to_numpy(self._stream.take((int(length) + 3) // 4)))
        return words.astype("<u4").tobytes()[:int(length)]

    def tomaxint(self, size=None):
        """The top 63 bits of 64-bit draws (high word first)."""
        shape = None if size is None else _shape(size)
        w = self._stream.take(2 * int(np.prod(shape or ())))
        x = ivy.bitwise_or(ivy.bitwise_left_shift(w[0::2], 31), ivy.bitwise_right_shift(w[1::2], 1))
        return int(ivy.to_numpy(x)[0]) if shape is None else _wrap(ivy.reshape(x, shape))


def _beta(h, a, b):
    """Johnk's algorithm for a, b <= 1, else a ratio of legacy gammas."""
    if a <= 1.0 and b <= 1.0:
        while True:
            u, v = h.double(), h.double()
            x, y = _pow(u, 1.0 / a), _pow(v, 1.0 / b)
            xpy = x + y
            if xpy <= 1.0 and u + v > 0.0:
                if xpy > 0:
                    return x / xpy
                log_x, log_y = _log(u) / a, _log(v) / b
                log_m = max(log_x, log_y)
                log_x, log_y = log_x - log_m, log_y - log_m
                return _exp(log_x - _log(_exp(log_x) + _exp(log_y)))
    ga = h.gamma(a)
    gb = h.gamma(b)
    return _div(ga, ga + gb)


def _nonzero_double(h):
    while True:
        u = h.double()
        if u > 0.0:
            return u


def _laplace(h, loc, scale):
    u = _nonzero_double(h)
    return loc - scale * _log(2.0 - u - u) if u >= 0.5 else loc + scale * _log(u + u)


def _gumbel(h, loc, scale):
    return loc - scale * _log(-_log(1.0 - _nonzero_double(h)))


def _logistic(h, loc, scale):
    u = _nonzero_double(h)
    return loc + scale * _log(u / (1.0 - u))
