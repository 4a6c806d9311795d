"""``numpy.random``'s legacy API (``RandomState`` and the module functions on a global one) on
ivy's core: MT19937 runs on the backend (``_mt19937``), so a seeded program draws NumPy's numbers
on every backend -- bit for bit for the integer and uniform draws; the normal draws go through the
backend's log/sqrt (within an ulp or two of NumPy's C library off the numpy backend).

Samplers that reject candidates (``randint``'s masked rejection, the polar method of ``gauss``)
draw a batch of words, find on the host how many words NumPy's one-at-a-time loop would have
used, and consume exactly those. ``shuffle``/``permutation`` run NumPy's Fisher-Yates loop on the
host over words drawn on the backend. The other distributions of ``RandomState`` (NumPy's legacy
algorithms) are in ``_legacy``; ``default_rng``/``Generator`` (PCG64) in ``_generator``. Not
here: ``get_bit_generator`` (no ``MT19937`` bit-generator object).
"""
from __future__ import annotations

import operator
import os

import numpy as np

import ivy

from .. import _dtypes as T
from .._array import _wrap, asarray, assign_native, ndarray
from ._generator import BitGenerator, Generator, PCG64, SeedSequence, default_rng  # noqa: F401
from ._legacy import LegacyDistributions
from ._mt19937 import N, Stream, init_by_array, init_genrand

_TWO32 = 1 << 32


def _count(size):
    if size is None:
        return None, 1
    shape = (operator.index(size),) if not isinstance(size, (tuple, list)) else \
        tuple(operator.index(s) for s in size)
    n = 1
    for s in shape:
        n *= s
    return shape, n


def _mask(rng: int) -> int:
    mask = rng
    for shift in (1, 2, 4, 8, 16, 32):
        mask |= mask >> shift
    return mask


class RandomState(LegacyDistributions):
    """``numpy.random.RandomState`` (MT19937); the distributions are in ``_legacy``."""
    __module__ = "numpy.random"

    def __init__(self, seed=None):
        self.seed(seed)

    # ---- state --------------------------------------------------------------------------------
    def seed(self, seed=None):
        if seed is None:
            words = init_by_array(np.frombuffer(os.urandom(4 * N), dtype=np.uint32))
        else:
            try:
                if hasattr(seed, "squeeze"):
                    seed = seed.squeeze()
                value = operator.index(seed)
            except TypeError:
                key = np.asarray(seed.__array__() if isinstance(seed, ndarray) else seed)
                if key.size == 0:
                    raise ValueError("Seed must be non-empty") from None
                key = key.astype(np.int64, casting="safe")
                if key.ndim != 1:
                    raise ValueError("Seed array must be 1-d") from None
                if ((key > _TWO32 - 1) | (key < 0)).any():
                    raise ValueError("Seed must be between 0 and 2**32 - 1") from None
                words = init_by_array(key)
            else:
                if not 0 <= value < _TWO32:
                    raise ValueError("Seed must be between 0 and 2**32 - 1")
                words = init_genrand(value)
        self._stream, self._gauss = Stream(words, N), None

    def get_state(self, legacy=True):
        key, pos = self._stream.state()
        gauss = 0.0 if self._gauss is None else float(self._gauss)
        if legacy:
            return ("MT19937", key, pos, int(self._gauss is not None), gauss)
        return {"bit_generator": "MT19937", "state": {"key": key, "pos": pos},
                "has_gauss": int(self._gauss is not None), "gauss": gauss}

    def set_state(self, state):
        if isinstance(state, dict):
            key, pos = state["state"]["key"], state["state"]["pos"]
            has_gauss, gauss = state.get("has_gauss", 0), state.get("gauss", 0.0)
        else:
            if state[0] != "MT19937":
                raise ValueError("set_state can only be used with legacy MT19937 state instances.")
            key, pos = state[1], state[2]
            has_gauss, gauss = (state[3], state[4]) if len(state) > 3 else (0, 0.0)
        self._stream = Stream(np.asarray(key, dtype=np.int64), pos)
        self._gauss = float(gauss) if has_gauss else None

    # ---- uniform doubles and integers -----------------------------------------------------------
    def _doubles(self, n):
        """n doubles in [0, 1), consumed."""
        out = self._doubles_peek(n)
        self._stream.commit(2 * n)
        return out

    def _doubles_peek(self, n):
        """The next n doubles in [0, 1) from 53 bits of two words each (native float64), not yet
        consumed."""
        w = self._stream.peek(2 * n)
        a = ivy.astype(ivy.bitwise_right_shift(w[0::2], 5), "float64")
        b = ivy.astype(ivy.bitwise_right_shift(w[1::2], 6), "float64")
        return ivy.divide(ivy.add(ivy.multiply(a, 67108864.0), b), 9007199254740992.0)

    def random_sample(self, size=None):
        shape, n = _count(size)
        x = self._doubles(n)
        return float(ivy.to_numpy(x)[0]) if shape is None else _wrap(ivy.reshape(x, shape))

    random = random_sample

    def rand(self, *args):
        return self.random_sample(args if args else None)

    def uniform(self, low=0.0, high=1.0, size=None):
        lo, hi = asarray(low, "float64"), asarray(high, "float64")
        if size is None and (lo.ndim or hi.ndim):
            size = np.broadcast_shapes(lo.shape, hi.shape)
        shape, n = _count(size)
        span = ivy.subtract(hi._data, lo._data)
        x = ivy.add(lo._data, ivy.multiply(span, ivy.reshape(self._doubles(n), shape or ())))
        return float(ivy.to_numpy(x)) if shape is None else _wrap(x)

    def _bounded(self, n, rng):
        """n integers in [0, rng] by NumPy's masked rejection on 32-bit words (native int64)."""
        if rng == 0:
            return ivy.zeros((n,), dtype="int64")
        if rng == 0xFFFFFFFF:
            return self._stream.take(n)
        if rng > 0x7FFFFFFFFFFFFFFF:
            raise NotImplementedError("randint: ranges wider than 2**63 are not supported by "
                                      "ivy's numpy frontend yet")
        wide = rng > 0xFFFFFFFF                 # 64-bit draws: the high word first
        mask, parts, need = _mask(rng), [], n
        while need:
            k = need * 2 + 8
            values = self._stream.peek(2 * k if wide else k)
            if wide:
                values = ivy.bitwise_or(ivy.bitwise_left_shift(
                    ivy.bitwise_and(values[0::2], mask >> 32), 32), values[1::2])
            values = ivy.bitwise_and(values, mask)
            ok = np.asarray(ivy.to_numpy(ivy.less_equal(values, rng)))
            where = np.flatnonzero(ok)[:need]
            used = int(where[-1]) + 1 if len(where) == need else k
            parts.append(ivy.get_item(values, ivy.asarray(where.astype(np.int64))))
            self._stream.commit(2 * used if wide else used)
            need -= len(where)
        return parts[0] if len(parts) == 1 else ivy.concat(parts)

    def randint(self, low, high=None, size=None, dtype=int):
        name = T.name_of(dtype, "randint")
        if name not in ("int64", "int32", "uint32", "uint64"):
            raise NotImplementedError(f"randint: dtype {name} (NumPy's byte-buffered draws) is "
                                      f"not supported by ivy's numpy frontend yet")
        if high is None:
            low, high = 0, low
            if high <= 0:
                raise ValueError("high <= 0")
        low, high = operator.index(low), operator.index(high)
        if low >= high:
            raise ValueError("low >= high")
        info = np.iinfo(name)
        if low < info.min:
            raise ValueError(f"low is out of bounds for {name}")
        if high - 1 > info.max:
            raise ValueError(f"high is out of bounds for {name}")
        shape, n = _count(size)
        x = ivy.add(self._bounded(n, high - 1 - low), low)
        x = ivy.astype(x, name)
        if shape is None:
            return int(ivy.to_numpy(x)[0]) if name == "int64" else T.NP[name].type(
                ivy.to_numpy(x)[0])
        return _wrap(ivy.reshape(x, shape))

    def random_integers(self, low, high=None, size=None):
        if high is None:
            low, high = 1, low
        return self.randint(low, high + 1, size)

    def _interval(self, words, start, max_value):
        """NumPy's ``random_interval`` on host words from ``start``: (value, words used)."""
        if max_value == 0:
            return 0, 0
        mask, i = _mask(max_value), start
        while True:
            value = int(words[i]) & mask
            i += 1
            if value <= max_value:
                return value, i - start

    def _fisher_yates(self, n):
        """The swaps of NumPy's legacy shuffle of n items: j for i = n-1 .. 1 (host ints)."""
        swaps, words, used = [], np.zeros(0, np.int64), 0
        for i in range(n - 1, 0, -1):
            if used + 64 > len(words):          # top up: each step takes ~1.5 words
                self._stream.commit(used)
                words, used = np.asarray(ivy.to_numpy(self._stream.peek(2 * i + 64))), 0
            j, k = self._interval(words, used, i)
            used += k
            swaps.append(j)
        self._stream.commit(used)
        return swaps

    def _permutation_indices(self, n):
        order = list(range(n))
        for i, j in zip(range(n - 1, 0, -1), self._fisher_yates(n)):
            order[i], order[j] = order[j], order[i]
        return ivy.asarray(np.asarray(order, dtype=np.int64))

    def shuffle(self, x):
        """In place along the first axis."""
        if not isinstance(x, ndarray):
            raise NotImplementedError("shuffle: only arrays of the frontend are shuffled in place "
                                      "by ivy's numpy frontend")
        if x.ndim == 0:
            raise TypeError("object of type 'numpy.int64' has no len()")
        order = self._permutation_indices(x.shape[0])
        assign_native(x, ivy.take(x._data, order, axis=0))

    def permutation(self, x):
        if isinstance(x, (int, np.integer)):
            return _wrap(self._permutation_indices(int(x)))
        arr = asarray(x)
        if arr.ndim == 0:
            raise IndexError("x must be an integer or at least 1-dimensional")
        return _wrap(ivy.take(arr._data, self._permutation_indices(arr.shape[0]), axis=0))

    # ---- normal draws ---------------------------------------------------------------------------
    def _gaussians(self, n):
        """n standard normals by NumPy's legacy polar method (pairs; one cached between calls)."""
        out, need = [], n
        if need and self._gauss is not None:
            out.append(ivy.asarray([self._gauss], dtype="float64"))
            self._gauss, need = None, need - 1
        while need:
            pairs = (need + 1) // 2     # the last one odd: its second normal is cached
            k = (pairs + pairs // 2 + 4)
            d = self._doubles_peek(2 * k)
            x1 = ivy.subtract(ivy.multiply(d[0::2], 2.0), 1.0)
            x2 = ivy.subtract(ivy.multiply(d[1::2], 2.0), 1.0)
            r2 = ivy.add(ivy.multiply(x1, x1), ivy.multiply(x2, x2))
            ok = np.asarray(ivy.to_numpy(ivy.logical_and(ivy.less(r2, 1.0),
                                                         ivy.not_equal(r2, 0.0))))
            where = np.flatnonzero(ok)[:pairs]
            used = int(where[-1]) + 1 if len(where) == pairs else k
            self._stream.commit(4 * used)
            idx = ivy.asarray(where.astype(np.int64))
            r = ivy.get_item(r2, idx)
            f = ivy.sqrt(ivy.divide(ivy.multiply(ivy.log(r), -2.0), r))
            first = ivy.multiply(f, ivy.get_item(x2, idx))       # returned first
            second = ivy.multiply(f, ivy.get_item(x1, idx))      # cached by NumPy
            both = ivy.reshape(ivy.stack([first, second], axis=1), (-1,))
            take = min(need, 2 * len(where))
            out.append(both[:take])
            if take % 2 and take == need:
                self._gauss = float(ivy.to_numpy(second)[take // 2])
            need -= take
        return out[0] if len(out) == 1 else ivy.concat(out) if out else \
            ivy.zeros((0,), dtype="float64")

    def standard_normal(self, size=None):
        shape, n = _count(size)
        x = self._gaussians(n)
        return float(ivy.to_numpy(x)[0]) if shape is None else _wrap(ivy.reshape(x, shape))

    def randn(self, *args):
        return self.standard_normal(args if args else None)

    def normal(self, loc=0.0, scale=1.0, size=None):
        mu, sigma = asarray(loc, "float64"), asarray(scale, "float64")
        if bool(np.any(np.asarray(ivy.to_numpy(ivy.less(sigma._data, 0.0))))):
            raise ValueError("scale < 0")
        if size is None and (mu.ndim or sigma.ndim):
            size = np.broadcast_shapes(mu.shape, sigma.shape)
        shape, n = _count(size)
        z = ivy.reshape(self._gaussians(n), shape or ())
        x = ivy.add(mu._data, ivy.multiply(sigma._data, z))
        return float(ivy.to_numpy(x)) if shape is None else _wrap(x)

    # ---- choice ---------------------------------------------------------------------------------
    def choice(self, a, size=None, replace=True, p=None):
        pool = None
        if isinstance(a, (int, np.integer)):
            pop = int(a)
            if pop <= 0:
                raise ValueError("a must be a positive integer unless no samples are taken")
        else:
            pool = asarray(a)
            if pool.ndim != 1:
                raise ValueError("a must be 1-dimensional")
            pop = pool.shape[0]
            if pop == 0:
                raise ValueError("a cannot be empty unless no samples are taken")
        shape, n = _count(size)
        if p is not None:
            probs = np.asarray(p.__array__() if isinstance(p, ndarray) else p, dtype=np.float64)
            if probs.ndim != 1:
                raise ValueError("p must be 1-dimensional")
            if probs.size != pop:
                raise ValueError("a and p must have same size")
            if (probs < 0).any():
                raise ValueError("probabilities are not non-negative")
            if abs(probs.sum() - 1.0) > np.sqrt(np.finfo(np.float64).eps):
                raise ValueError("probabilities do not sum to 1")
        if replace:
            if p is None:
                idx = self._bounded(n, pop - 1)
            else:
                cdf = np.cumsum(probs)
                cdf /= cdf[-1]
                u = self._doubles(n)
                idx = ivy.searchsorted(ivy.asarray(cdf), u, side="right")
        else:
            if n > pop:
                raise ValueError("Cannot take a larger sample than population when "
                                 "replace is False")
            if p is not None:
                raise NotImplementedError("choice(replace=False, p=...) is not supported by "
                                          "ivy's numpy frontend yet")
            idx = self._permutation_indices(pop)[:n]
        idx = ivy.astype(idx, "int64")
        values = idx if pool is None else ivy.take(pool._data, idx, axis=0)
        if shape is None:
            host = np.asarray(ivy.to_numpy(values))[0]
            return host if pool is not None else int(host)
        return _wrap(ivy.reshape(values, shape))


_global = RandomState()


def seed(seed=None):
    _global.seed(seed)


def get_state(legacy=True):
    return _global.get_state(legacy)


def set_state(state):
    _global.set_state(state)


def _bind(name):
    def f(*args, **kwargs):
        return getattr(_global, name)(*args, **kwargs)
    f.__name__ = f.__qualname__ = name
    f.__doc__ = f"``numpy.random.{name}`` on the global RandomState."
    return f


for _name in ("random_sample", "random", "rand", "uniform", "randint", "random_integers",
              "shuffle", "permutation", "standard_normal", "randn", "normal", "choice",
              "standard_exponential", "exponential", "standard_cauchy", "standard_gamma", "gamma",
              "beta", "chisquare", "f", "lognormal", "laplace", "gumbel", "logistic", "pareto",
              "weibull", "power", "rayleigh", "standard_t", "wald", "triangular", "geometric",
              "poisson", "binomial", "negative_binomial", "multinomial", "multivariate_normal",
              "dirichlet", "noncentral_chisquare", "noncentral_f", "vonmises", "zipf", "logseries",
              "hypergeometric", "bytes"):
    globals()[_name] = _bind(_name)
ranf = sample = globals()["random_sample"]
del _name
