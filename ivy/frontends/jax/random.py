"""``jax.random``: JAX's default PRNG (Threefry-2x32, partitionable) on ivy's core integer ops.

The same key gives the same bits as real JAX on every backend: Threefry-2x32 (20 rounds, Salmon
et al. 2011) runs in int64 arithmetic masked to 32 bits (backends differ in uint32 support), and
``jax_threefry_partitionable`` (on by default since JAX 0.5) derives element ``i`` of a draw from
the counter ``(i >> 32, i & 0xffffffff)``. Floats are made exactly (a ``2**-nmant`` multiple of the
top mantissa bits), so ``bits``/``uniform``/``randint``/... are bit-identical; samplers built on
transcendental functions (``normal``'s ``erfinv``, ``log``, ...) agree within a few ulp.
"""
from __future__ import annotations

import functools
import math

import numpy as np

import ivy

from . import _array, _dtypes as J
from ._array import Array, _wrap, asarray, index_native
from ._dtypes import native_name

_M32 = 0xFFFFFFFF
_ROTATIONS = ((13, 15, 26, 6), (17, 29, 16, 24))
_PARITY = 0x1BD11BDA
# (random bits used, mantissa bits): JAX draws at least 8 bits, so bfloat16 uses 8 of them
_FINFO = {"float16": (16, 10), "bfloat16": (8, 7), "float32": (32, 23), "float64": (64, 52)}
_WIDER = {"float16": "float32", "bfloat16": "float32", "float32": "float64"}


# ---- keys -------------------------------------------------------------------------------------

class PRNGKeyDtype:
    """The dtype of a typed key array (``key<fry>``)."""
    __slots__ = ()
    name = "key<fry>"
    itemsize = 8
    kind = "V"
    _impl = "threefry2x32"

    @property
    def type(self):
        from .dtypes import prng_key
        return prng_key

    def __repr__(self):
        return "key<fry>"

    __str__ = __repr__

    def __eq__(self, other):
        return isinstance(other, PRNGKeyDtype) or other == "key<fry>"

    def __hash__(self):
        return hash("key<fry>")


KEY_DTYPE = PRNGKeyDtype()


_IMPL = "threefry2x32"   # what jax.random.key_impl returns


class PRNGKeyArray(Array):
    """A typed key array (``jax.random.key``): ``_data`` is the native ``uint32[..., 2]`` data.
    A ``jax.Array`` as in JAX (``isinstance(key, jax.Array)``); arithmetic on it raises."""
    __slots__ = ()
    __module__ = "jax"
    dtype = KEY_DTYPE

    def __init__(self, data):
        self._data, self.weak_type, self._name = data, False, None

    @property
    def aval(self):
        raise TypeError("jax.random key arrays have no ShapedArray in ivy (key<fry> is not a "
                        "numpy dtype)")

    @property
    def shape(self) -> tuple:
        return tuple(self._data.shape[:-1])

    @property
    def ndim(self) -> int:
        return len(self._data.shape) - 1

    @property
    def size(self) -> int:
        return int(math.prod(self.shape))

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of unsized object")
        return self.shape[0]

    def __getitem__(self, idx):
        if isinstance(idx, Array):
            idx = idx._data
        if not isinstance(idx, tuple):
            idx = (idx,)
        # the trailing key-data axis stays whole
        idx = idx + (slice(None),) if Ellipsis in idx else idx + (Ellipsis,)
        return PRNGKeyArray(ivy.get_item(self._data, idx))

    def __iter__(self):
        if not self.shape:
            raise TypeError("iteration over a 0-d key array")
        return (self[i] for i in range(self.shape[0]))

    def reshape(self, *shape):
        shape = shape[0] if len(shape) == 1 and isinstance(shape[0], (tuple, list)) else shape
        size = self.size
        shape = tuple(size // -math.prod(shape) if d == -1 else d for d in shape)
        return PRNGKeyArray(ivy.reshape(self._data, tuple(shape) + (2,)))

    def ravel(self):
        return self.reshape(-1)

    flatten = ravel

    def transpose(self, *axes):
        axes = axes[0] if len(axes) == 1 and isinstance(axes[0], (tuple, list)) else axes
        axes = tuple(range(self.ndim))[::-1] if not axes else tuple(a % self.ndim for a in axes)
        return PRNGKeyArray(ivy.permute_dims(self._data, axes + (self.ndim,)))

    T = property(transpose)

    def squeeze(self, axis=None):
        shape = self.shape
        axes = [i for i, d in enumerate(shape) if d == 1] if axis is None else (
            [a % len(shape) for a in ((axis,) if isinstance(axis, int) else axis)])
        return self.reshape(tuple(d for i, d in enumerate(shape) if i not in axes))

    def copy(self):
        return self

    def __eq__(self, other):
        if not isinstance(other, PRNGKeyArray):
            return NotImplemented
        return _wrap(ivy.all(ivy.equal(self._data, other._data), axis=-1))

    def __ne__(self, other):
        if not isinstance(other, PRNGKeyArray):
            return NotImplemented
        return _wrap(ivy.any(ivy.not_equal(self._data, other._data), axis=-1))

    __hash__ = None

    def __repr__(self):
        return (f"Array({self.shape}, dtype=key<fry>) overlaying:\n"
                f"{ivy.to_numpy(self._data)}")


def _no_arithmetic(name):
    def op(self, *args):
        raise TypeError(f"{name} does not accept dtype key<fry>.")
    op.__name__ = name
    return op


for _dunder in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "and", "or",
                "xor", "lshift", "rshift", "radd", "rsub", "rmul", "rtruediv", "rfloordiv",
                "rmod", "rpow", "rmatmul", "rand", "ror", "rxor", "rlshift", "rrshift", "neg",
                "pos", "abs", "invert", "lt", "le", "gt", "ge", "float", "int", "complex",
                "index"):
    setattr(PRNGKeyArray, f"__{_dunder}__", _no_arithmetic(f"__{_dunder}__"))
del _dunder
# jax.Array's other methods are abstract for key arrays, as in JAX (``key.sum()`` raises)
_KEY_METHODS = frozenset(vars(PRNGKeyArray)) | {"block_until_ready", "copy_to_host_async",
                                                "devices", "is_deleted", "delete",
                                                "addressable_data"}


def _abstract(name):
    def method(self, *args, **kwargs):
        raise NotImplementedError(f"Cannot call abstract method {name}")
    method.__name__ = name
    return method


for _name, _value in list(vars(Array).items()):
    if not _name.startswith("_") and callable(_value) and _name not in _KEY_METHODS:
        setattr(PRNGKeyArray, _name, _abstract(_name))
del _name, _value
_array.KEY_ARRAY[0] = PRNGKeyArray


def _key_words(key, fn: str):
    """(native uint32[..., 2] data, typed?) of a raw or typed key (or a batch of keys)."""
    if isinstance(key, PRNGKeyArray):
        return key._data, True
    if isinstance(key, Array):
        data = key._data
    elif ivy.is_native_array(key) or isinstance(key, np.ndarray):
        data = ivy.asarray(key)
    else:
        raise TypeError(f"{fn}: JAX encountered invalid PRNG key data: expected a key array, "
                        f"got {type(key).__name__}")
    if native_name(data) != "uint32" or not data.shape or data.shape[-1] != 2:
        raise TypeError(f"JAX encountered invalid PRNG key data: expected key_data.dtype = uint32"
                        f" and key_data.shape[-1] = 2; got dtype={native_name(data)}, "
                        f"shape={tuple(data.shape)}")
    return data, False


def _single_key(key, fn: str):
    """The two key words of a single key, as int64 native scalars-with-shape ``()``."""
    data, typed = _key_words(key, fn)
    if data.ndim != 1:
        shown = tuple(data.shape[:-1]) if typed else tuple(data.shape)
        raise ValueError(f"{fn} accepts a single key, but was given a key array of shape "
                         f"{shown} != (). Use jax.vmap for batching.")
    w = ivy.astype(data, "int64")
    return ivy.get_item(w, 0), ivy.get_item(w, 1)


def _rewrap(words, typed: bool):
    """int64 words ``[..., 2]`` back to a key of the caller's kind."""
    data = ivy.astype(words, "uint32")
    return PRNGKeyArray(data) if typed else _wrap(data)


# ---- Threefry-2x32 ------------------------------------------------------------------------------

def _rotl(x, r: int):
    return ivy.bitwise_and(ivy.bitwise_or(ivy.bitwise_left_shift(x, r),
                                          ivy.bitwise_right_shift(x, 32 - r)), _M32)


def _threefry2x32(k0, k1, x0, x1):
    """Threefry-2x32 of counters ``(x0, x1)`` under key ``(k0, k1)``: int64 arrays in [0, 2**32),
    broadcast together. Compiled with ``ivy.jit`` (one compile per shape on jax/tensorflow instead
    of ~150 eager integer ops)."""
    return _threefry_jit(k0, k1, x0, x1)


def _threefry_eager(k0, k1, x0, x1):
    ks = (k0, k1, ivy.bitwise_xor(ivy.bitwise_xor(k0, k1), _PARITY))
    x0 = ivy.bitwise_and(ivy.add(x0, ks[0]), _M32)
    x1 = ivy.bitwise_and(ivy.add(x1, ks[1]), _M32)
    for i in range(5):
        for r in _ROTATIONS[i % 2]:
            x0 = ivy.bitwise_and(ivy.add(x0, x1), _M32)
            x1 = ivy.bitwise_xor(_rotl(x1, r), x0)
        x0 = ivy.bitwise_and(ivy.add(x0, ks[(i + 1) % 3]), _M32)
        x1 = ivy.bitwise_and(ivy.add(ivy.add(x1, ks[(i + 2) % 3]), i + 1), _M32)
    return x0, x1


_threefry_jit = ivy.jit(_threefry_eager)


def _counters_check(shape: tuple):
    n = math.prod(shape)
    if n > 2 ** 64:
        raise NotImplementedError("random bits array of size exceeding 2 ** 64")
    if n >= 2 ** 62:
        raise NotImplementedError("random bits arrays of 2**62 elements or more")


def _counters(shape: tuple):
    """The partitionable counters of a draw of ``shape``: (hi, lo) words of the flat index."""
    _counters_check(shape)
    idx = ivy.reshape(ivy.arange(math.prod(shape), dtype="int64"), shape)
    return ivy.bitwise_right_shift(idx, 32), ivy.bitwise_and(idx, _M32)


def _pair_eager(k0, k1, shape):
    hi, lo = _counters(shape)
    return _threefry_eager(k0, k1, hi, lo)


def _unit_eager(k0, k1, shape, name):
    b0, b1 = _pair_eager(k0, k1, shape)
    return _unit_from_words(b0, b1, name)


def _unit_from_words(b0, b1, name):
    """Floats in [0, 1) of dtype ``name`` from two uint32 word arrays, as JAX makes them."""
    nbits, nmant = _FINFO[name]
    if nbits == 64:   # (b0 << 32 | b1) >> 12 without leaving int64
        m = ivy.bitwise_or(ivy.bitwise_left_shift(b0, 20), ivy.bitwise_right_shift(b1, 12))
    else:
        m = ivy.bitwise_xor(b0, b1)
        if nbits < 32:
            m = ivy.bitwise_and(m, (1 << nbits) - 1)
        m = ivy.bitwise_right_shift(m, nbits - nmant)
    # exact: an integer below 2**nmant times a power of two
    return ivy.multiply(ivy.astype(m, name), _c(2.0 ** -nmant, name))


# one compile per size bucket on jax/tensorflow instead of dozens of eager integer ops
_pair_jit = ivy.jit(_pair_eager, static_argnums=(2,))
_unit_jit = ivy.jit(_unit_eager, static_argnums=(2, 3))
_BUCKETED = 1 << 16


def _bucketed(draw, shape):
    """``draw(shape)`` computed as a flat draw of the next power-of-two size, cut and reshaped:
    the counters are the flat index, so the values are the same, and a model's many parameter
    shapes share a few compiled programs (tf.function traces cost ~1 s each). Large draws
    compile for their own size."""
    n = math.prod(shape)
    if n > _BUCKETED or not shape:
        return draw(shape)
    size = 1 << max(n - 1, 0).bit_length()
    cut = lambda v: ivy.reshape(ivy.get_item(v, slice(0, n)), shape)   # noqa: E731
    out = draw((size,))
    return tuple(cut(v) for v in out) if isinstance(out, tuple) else cut(out)


def _bits_pair(key, shape: tuple, fn: str):
    k0, k1 = _single_key(key, fn)
    _counters_check(shape)
    return _bucketed(lambda s: _pair_jit(k0, k1, s), shape)


def _bits32(key, shape, fn):
    """uint32-valued bits (as int64) of ``shape``."""
    b0, b1 = _bits_pair(key, shape, fn)
    return ivy.bitwise_xor(b0, b1)


# ---- argument helpers -------------------------------------------------------------------------

def _no_sharding(out_sharding, fn: str):
    if out_sharding is not None:
        raise NotImplementedError(f"jax.random.{fn}: out_sharding is not supported")


def _shape(shape, fn: str) -> tuple:
    try:
        out = (int(shape),) if not hasattr(shape, "__len__") else tuple(int(d) for d in shape)
    except (TypeError, ValueError):
        raise TypeError(f"{fn}: shape must be a sequence of integers, got {shape!r}") from None
    if any(d < 0 for d in out):
        raise ValueError(f"{fn}: invalid (negative) dimension in shape {out}")
    return out


def _float_name(dtype, fn: str, complex_ok: bool = False) -> str:
    name = J.DEFAULT["float"] if dtype is None else J.name_of(dtype, fn)
    if name not in _FINFO and not (complex_ok and name in ("complex64", "complex128")):
        kind = "a float or complex" if complex_ok else "a float"
        raise ValueError(f"dtype argument to `{fn}` must be {kind} dtype, got {name}")
    return name


def _int_name(dtype, fn: str) -> str:
    name = J.DEFAULT["int"] if dtype is None else J.name_of(dtype, fn)
    if name not in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"):
        raise TypeError(f"{fn} only accepts integer dtypes, got {name}")
    return name


def _param(x, name: str):
    """A distribution parameter as a native array of dtype ``name``."""
    if isinstance(x, Array):
        x = x._data
    elif not ivy.is_native_array(x):
        x = asarray(x)._data
    return x if native_name(x) == name else ivy.astype(x, name)


def _param_dtype(x) -> str:
    """JAX's inexact dtype of a parameter (``dtype=None`` samplers that follow their parameter)."""
    a = asarray(x) if not isinstance(x, Array) else x
    name = native_name(a._data)
    return name if name in _FINFO else J.DEFAULT["float"]


def _out_shape(shape, fn, *params) -> tuple:
    """``shape`` (checked against the parameters' broadcast shape) or that broadcast shape."""
    pshape = ivy.broadcast_shapes(*[tuple(p.shape) for p in params]) if params else ()
    if shape is None:
        return tuple(pshape)
    shape = _shape(shape, fn)
    try:
        if tuple(ivy.broadcast_shapes(shape, tuple(pshape))) != shape:
            raise ValueError
    except Exception:
        raise ValueError(f"{fn} parameter shapes {tuple(pshape)} must be broadcast-compatible "
                         f"with shape argument {shape}") from None
    return shape


def _c(value, name: str):
    """A constant as a native 0-d array of dtype ``name``."""
    return ivy.asarray(value, dtype=name)


def _tiny(name):
    return float(np.finfo(J.NP[name]).tiny)


def _eps(name):
    return float(np.finfo(J.NP[name]).eps)


# ---- keys: construction and derivation --------------------------------------------------------

def _seed_words(seed, fn: str):
    """int64 words ``[..., 2]`` of a seed: a 64-bit seed splits into (high, low) 32-bit words."""
    if isinstance(seed, PRNGKeyArray):
        raise TypeError(f"{fn} accepts a scalar seed, but was given a PRNG key.")
    if type(seed) is int:
        if not -2 ** 63 <= seed < 2 ** 63:
            raise OverflowError("Python int too large to convert to C long")
        return ivy.asarray([(seed >> 32) & _M32, seed & _M32], dtype="int64")
    a = asarray(seed)
    name = native_name(a._data)
    if name not in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                    "bool"):
        raise TypeError(f"{fn} accepts a scalar seed, but was given an array of dtype {name}")
    if a.ndim:
        raise TypeError(f"{fn} accepts a scalar seed, but was given an array of shape "
                        f"{a.shape} != (). Use jax.vmap for batching")
    w = ivy.astype(a._data, "int64")
    hi = ivy.bitwise_and(ivy.bitwise_right_shift(w, 32), _M32) if name in ("int64", "uint64") \
        else ivy.zeros_like(w)
    return ivy.stack([hi, ivy.bitwise_and(w, _M32)])


def _check_impl(impl, fn):
    if impl is not None and impl != _IMPL:
        raise NotImplementedError(f"jax.random.{fn}: only the threefry2x32 PRNG is supported "
                                  f"(impl={impl!r})")


def PRNGKey(seed, *, impl=None):
    """Implements ``jax.random.PRNGKey``: a raw ``uint32[2]`` key."""
    _check_impl(impl, "PRNGKey")
    return _rewrap(_seed_words(seed, "PRNGKey"), False)


def key(seed, *, impl=None, dtype=None):
    """Implements ``jax.random.key``: a typed key (``dtype`` ``key<fry>``)."""
    _check_impl(impl, "key")
    if dtype is not None and dtype != KEY_DTYPE:
        raise NotImplementedError(f"jax.random.key: dtype={dtype!r} is not supported")
    return _rewrap(_seed_words(seed, "key"), True)


def key_data(keys):
    """Implements ``jax.random.key_data``."""
    data, _ = _key_words(keys, "key_data")
    return _wrap(data)


def wrap_key_data(key_bits_array, *, impl=None, dtype=None):
    """Implements ``jax.random.wrap_key_data``."""
    _check_impl(impl, "wrap_key_data")
    if isinstance(key_bits_array, PRNGKeyArray):
        raise TypeError("wrap_key_data requires an array of raw key data, got a typed key array")
    data, _ = _key_words(asarray(key_bits_array), "wrap_key_data")
    return PRNGKeyArray(data)


def key_impl(keys):
    """Implements ``jax.random.key_impl``."""
    _key_words(keys, "key_impl")
    return _IMPL


def key_dtype(impl_spec=None):
    """Implements ``jax.random.key_dtype``."""
    _check_impl(impl_spec, "key_dtype")
    return KEY_DTYPE


def clone(key):
    """Implements ``jax.random.clone`` (keys are immutable: the key itself)."""
    return key


def _derive(key, counters_hi, counters_lo, fn):
    """Threefry of each key in a (possibly batched) key under the given counters: int64 words
    ``key_batch + counters_shape + (2,)``."""
    data, typed = _key_words(key, fn)
    w = ivy.astype(data, "int64")
    batch = tuple(data.shape[:-1])
    extra = (1,) * len(counters_hi.shape)
    k0 = ivy.reshape(ivy.get_item(w, (Ellipsis, 0)), batch + extra)
    k1 = ivy.reshape(ivy.get_item(w, (Ellipsis, 1)), batch + extra)
    b0, b1 = _threefry2x32(k0, k1, counters_hi, counters_lo)
    return ivy.stack([b0, b1], axis=-1), typed


def split(key, num=2):
    """Implements ``jax.random.split`` (partitionable: key ``i`` is threefry of counter ``i``)."""
    shape = (num,) if not isinstance(num, (tuple, list)) else tuple(num)
    shape = _shape(shape, "split")
    hi, lo = _counters(shape)
    words, typed = _derive(key, hi, lo, "split")
    return _rewrap(words, typed)


def fold_in(key, data):
    """Implements ``jax.random.fold_in``: threefry of the counter ``(0, uint32(data))``."""
    d = asarray(data)
    if native_name(d._data) not in ("int8", "int16", "int32", "int64", "uint8", "uint16",
                                    "uint32", "uint64", "bool"):
        raise TypeError(f"fold_in requires an integer data argument, got {d.dtype}")
    lo = ivy.bitwise_and(ivy.astype(d._data, "int64"), _M32)
    words, typed = _derive(key, ivy.zeros_like(lo), lo, "fold_in")
    return _rewrap(words, typed)


def _split_native(key, n: int, fn: str):
    """``split(key, n)`` as a list of raw keys (internal)."""
    hi, lo = _counters((n,))
    words, typed = _derive(key, hi, lo, fn)
    if len(words.shape) != 2:
        raise ValueError(f"{fn} accepts a single key, but was given a key array of shape "
                         f"{tuple(words.shape[:-2])} != (). Use jax.vmap for batching.")
    data = ivy.astype(words, "uint32")
    return [_wrap(ivy.get_item(data, i)) for i in range(n)]


# ---- bits and floats --------------------------------------------------------------------------

_UINT_BITS = {"uint8": 8, "uint16": 16, "uint32": 32, "uint64": 64}


def bits(key, shape=(), dtype=None, *, out_sharding=None):
    """Implements ``jax.random.bits``."""
    _no_sharding(out_sharding, "bits")
    name = J.DEFAULT["uint"] if dtype is None else J.name_of(dtype, "bits")
    if name not in _UINT_BITS:
        raise ValueError(f"dtype argument to `bits` must be an unsigned int dtype, got {name}")
    return _wrap(_raw_bits(key, _shape(shape, "bits"), _UINT_BITS[name], "bits", name))


def _raw_bits(key, shape, nbits, fn, name=None):
    """``nbits``-wide random bits as int64 (64: the uint64 bit pattern, wrapped), or cast to
    ``name``."""
    if nbits == 64:
        b0, b1 = _bits_pair(key, shape, fn)
        out = ivy.bitwise_or(ivy.bitwise_left_shift(b0, 32), b1)
    else:
        out = _bits32(key, shape, fn)
        if nbits < 32:
            out = ivy.bitwise_and(out, (1 << nbits) - 1)
    return out if name is None else ivy.astype(out, name)


def _unit(key, shape, name, fn):
    """Uniform floats in [0, 1) of dtype ``name``, exactly as JAX's mantissa construction."""
    k0, k1 = _single_key(key, fn)
    _counters_check(shape)
    return _bucketed(lambda s: _unit_jit(k0, k1, s, name), shape)


def _uniform(key, shape, name, minval, maxval, fn):
    if type(minval) in (int, float) and type(maxval) in (int, float) and \
            J.NP[name].type(minval) == 0 and J.NP[name].type(maxval) == 1:
        return _unit(key, shape, name, fn)   # u * 1 + 0 is u
    minval, maxval = _param(minval, name), _param(maxval, name)
    try:
        ivy.broadcast_shapes(shape, tuple(minval.shape), tuple(maxval.shape))
    except Exception:
        raise TypeError(f"mul got incompatible shapes for broadcasting: {shape}, "
                        f"{tuple(maxval.shape)}.") from None
    u = _unit(key, shape, name, fn)
    return ivy.maximum(minval, _fma(u, ivy.subtract(maxval, minval), minval, name))


def _fma(a, b, c, name):
    """``a * b + c`` as XLA computes it: float32/float64 fused (rounded once), half precision
    in float32 rounded after each operation."""
    wide = _WIDER.get(name)
    if name in ("float16", "bfloat16"):   # XLA: each op in float32, then rounded
        a, b, c = (ivy.astype(v, wide) for v in (a, b, c))
        p = ivy.astype(ivy.astype(ivy.multiply(a, b), name), wide)
        return ivy.astype(ivy.add(p, c), name)
    if wide is not None:   # the product is exact in the wider type (double rounding is rare)
        a, b, c = (ivy.astype(v, wide) for v in (a, b, c))
        return ivy.astype(ivy.add(ivy.multiply(a, b), c), name)
    # float64: Dekker's exact product and Knuth's two-sum, then one compensated rounding
    p = ivy.multiply(a, b)
    ah, al = _veltkamp(a)
    bh, bl = _veltkamp(b)
    e = ivy.add(ivy.add(ivy.add(ivy.subtract(ivy.multiply(ah, bh), p), ivy.multiply(ah, bl)),
                        ivy.multiply(al, bh)), ivy.multiply(al, bl))
    r = ivy.add(p, c)
    bb = ivy.subtract(r, p)
    t = ivy.add(ivy.subtract(p, ivy.subtract(r, bb)), ivy.subtract(c, bb))
    return ivy.add(r, ivy.add(t, e))


def _veltkamp(x):
    t = ivy.multiply(x, 134217729.0)
    hi = ivy.subtract(t, ivy.subtract(t, x))
    return hi, ivy.subtract(x, hi)


def uniform(key, shape=(), dtype=None, minval=0.0, maxval=1.0, *, out_sharding=None):
    """Implements ``jax.random.uniform``."""
    _no_sharding(out_sharding, "uniform")
    name = _float_name(dtype, "uniform")
    return _wrap(_uniform(key, _shape(shape, "uniform"), name, minval, maxval, "uniform"))


# ---- continuous distributions built on uniform --------------------------------------------------

_SQRT2 = math.sqrt(2.0)


def _normal_real(key, shape, name, fn):
    lo = float(np.nextafter(np.array(-1.0, J.NP[name]), np.array(1.0, J.NP[name])))
    u = _uniform(key, shape, name, lo, 1.0, fn)
    return ivy.multiply(_c(_SQRT2, name), _erfinv(u, name))


def _erfinv(u, name):
    if name in ("float16", "bfloat16"):   # XLA computes half-precision erfinv in float32
        return ivy.astype(ivy.erfinv(ivy.astype(u, "float32")), name)
    return ivy.erfinv(u)


def _normal(key, shape, name, fn):
    if name in ("complex64", "complex128"):
        real = "float32" if name == "complex64" else "float64"
        k_re, k_im = _split_native(key, 2, fn)
        re = _normal_real(k_re, shape, real, fn)
        im = _normal_real(k_im, shape, real, fn)
        scale = _c(1.0 / _SQRT2, real)
        return ivy.astype(ivy.add(ivy.astype(ivy.multiply(re, scale), name),
                                  ivy.multiply(ivy.astype(ivy.multiply(im, scale), name),
                                               _c(1j, name))), name)
    return _normal_real(key, shape, name, fn)


def normal(key, shape=(), dtype=None, *, out_sharding=None):
    """Implements ``jax.random.normal``: ``sqrt(2) * erfinv(u)`` of a uniform on (-1, 1)."""
    _no_sharding(out_sharding, "normal")
    name = _float_name(dtype, "normal", complex_ok=True)
    return _wrap(_normal(key, _shape(shape, "normal"), name, "normal"))


def truncated_normal(key, lower, upper, shape=None, dtype=None, *, out_sharding=None):
    """Implements ``jax.random.truncated_normal`` (inverse-CDF of a uniform between the bounds)."""
    _no_sharding(out_sharding, "truncated_normal")
    name = _float_name(dtype, "truncated_normal")
    lower, upper = _param(lower, name), _param(upper, name)
    shape = _out_shape(shape, "truncated_normal", lower, upper)
    sqrt2 = _c(_SQRT2, name)
    a = ivy.erf(ivy.divide(lower, sqrt2))
    b = ivy.erf(ivy.divide(upper, sqrt2))
    u = _uniform(key, shape, name, a, b, "truncated_normal")
    out = ivy.multiply(sqrt2, _erfinv(u, name))
    inf = _c(float("inf"), name)
    return _wrap(ivy.clip(out, ivy.nextafter(lower, inf), ivy.nextafter(upper, ivy.negative(inf))))


def _unit_open(key, shape, name, fn, lo):
    return _uniform(key, shape, name, lo, 1.0, fn)


def gumbel(key, shape=(), dtype=None, mode=None, *, out_sharding=None):
    """Implements ``jax.random.gumbel``: ``-log(-log(u))``."""
    _no_sharding(out_sharding, "gumbel")
    _low_mode(mode, "gumbel")
    name = _float_name(dtype, "gumbel")
    return _wrap(_gumbel(key, _shape(shape, "gumbel"), name, "gumbel"))


def _gumbel(key, shape, name, fn):
    u = _unit_open(key, shape, name, fn, _tiny(name))
    return ivy.negative(ivy.log(ivy.negative(ivy.log(u))))


def _low_mode(mode, fn):
    if mode not in (None, "low"):
        if mode != "high":
            raise ValueError(f"Must specify either 'high' or 'low' for mode, got {mode}")
        raise NotImplementedError(f"jax.random.{fn}: mode='high' is not supported")


def _exponential(key, shape, name, fn):
    return ivy.negative(ivy.log1p(ivy.negative(_unit(key, shape, name, fn))))


def exponential(key, shape=(), dtype=None, *, out_sharding=None):
    """Implements ``jax.random.exponential``: ``-log1p(-u)``."""
    _no_sharding(out_sharding, "exponential")
    name = _float_name(dtype, "exponential")
    return _wrap(_exponential(key, _shape(shape, "exponential"), name, "exponential"))


def laplace(key, shape=(), dtype=None, *, out_sharding=None):
    """Implements ``jax.random.laplace``: ``sign(u) * log1p(-|u|)`` of u on (-1, 1)."""
    _no_sharding(out_sharding, "laplace")
    name = _float_name(dtype, "laplace")
    lo = float(np.nextafter(np.array(-1.0, J.NP[name]), np.array(0.0, J.NP[name])))
    u = _uniform(key, _shape(shape, "laplace"), name, lo, 1.0, "laplace")
    return _wrap(ivy.multiply(ivy.sign(u), ivy.log1p(ivy.negative(ivy.abs(u)))))


def logistic(key, shape=(), dtype=None, *, out_sharding=None):
    """Implements ``jax.random.logistic``: ``log(u / (1 - u))``."""
    _no_sharding(out_sharding, "logistic")
    name = _float_name(dtype, "logistic")
    u = _unit_open(key, _shape(shape, "logistic"), name, "logistic", _tiny(name))
    return _wrap(ivy.log(ivy.divide(u, ivy.subtract(_c(1.0, name), u))))


def cauchy(key, shape=(), dtype=None, *, out_sharding=None):
    """Implements ``jax.random.cauchy``: ``tan(pi * (u - 1/2))``."""
    _no_sharding(out_sharding, "cauchy")
    name = _float_name(dtype, "cauchy")
    u = _unit_open(key, _shape(shape, "cauchy"), name, "cauchy", _eps(name))
    return _wrap(ivy.tan(ivy.multiply(_c(math.pi, name), ivy.subtract(u, _c(0.5, name)))))


def lognormal(key, sigma=np.float32(1.0), shape=None, dtype=None, *, out_sharding=None):
    """Implements ``jax.random.lognormal``: ``exp(sigma * normal)``."""
    _no_sharding(out_sharding, "lognormal")
    name = _float_name(dtype, "lognormal")
    sigma = _param(sigma, name)
    shape = _out_shape(shape, "lognormal", sigma)
    return _wrap(ivy.exp(ivy.multiply(_normal_real(key, shape, name, "lognormal"), sigma)))


def rademacher(key, shape=(), dtype=None, *, out_sharding=None):
    """Implements ``jax.random.rademacher``: ``2 * bernoulli(1/2) - 1``."""
    _no_sharding(out_sharding, "rademacher")
    name = _int_name(dtype, "rademacher")
    return _wrap(_rademacher(key, _shape(shape, "rademacher"), name, "rademacher"))


def _rademacher(key, shape, name, fn):
    b = ivy.astype(_bernoulli(key, _c(0.5, "float64"), shape, fn), name)
    return ivy.subtract(ivy.multiply(b, _c(2, name)), _c(1, name))


def _bernoulli(key, p, shape, fn):
    name = native_name(p)
    return ivy.less(_unit(key, shape, name, fn), p)


def bernoulli(key, p=0.5, shape=None, mode="low", *, out_sharding=None):
    """Implements ``jax.random.bernoulli``: ``uniform < p`` in ``p``'s float dtype."""
    _no_sharding(out_sharding, "bernoulli")
    _low_mode(mode, "bernoulli")
    p = _param(p, _param_dtype(p))
    shape = _out_shape(shape, "bernoulli", p)
    return _wrap(_bernoulli(key, p, shape, "bernoulli"))


def maxwell(key, shape=(), dtype=None, *, out_sharding=None):
    """Implements ``jax.random.maxwell``: the norm of three standard normals."""
    _no_sharding(out_sharding, "maxwell")
    name = _float_name(dtype, "maxwell")
    return _wrap(_maxwell(key, _shape(shape, "maxwell"), name, "maxwell"))


def _maxwell(key, shape, name, fn):
    z = _normal_real(key, shape + (3,), name, fn)
    return ivy.sqrt(ivy.sum(ivy.multiply(z, z), axis=-1))


def double_sided_maxwell(key, loc, scale, shape=(), dtype=None):
    """Implements ``jax.random.double_sided_maxwell``."""
    name = _float_name(dtype, "double_sided_maxwell")
    loc, scale = _param(loc, name), _param(scale, name)
    shape = _shape(shape, "double_sided_maxwell")
    shape = shape + tuple(ivy.broadcast_shapes(tuple(loc.shape), tuple(scale.shape)))
    k1, k2 = _split_native(key, 2, "double_sided_maxwell")
    m = _maxwell(k1, shape, name, "double_sided_maxwell")
    sign = ivy.astype(_rademacher(k2, shape, "int64", "double_sided_maxwell"), name)
    return _wrap(ivy.add(ivy.multiply(ivy.multiply(m, scale), sign), loc))


def weibull_min(key, scale, concentration, shape=(), dtype=None):
    """Implements ``jax.random.weibull_min``: ``scale * (-log1p(-u)) ** (1 / concentration)``."""
    name = _float_name(dtype, "weibull_min")
    scale, conc = _param(scale, name), _param(concentration, name)
    u = _unit(key, _shape(shape, "weibull_min"), name, "weibull_min")
    e = ivy.negative(ivy.log1p(ivy.negative(u)))
    return _wrap(ivy.multiply(ivy.pow(e, ivy.divide(_c(1.0, name), conc)), scale))


def pareto(key, b, shape=None, dtype=None, *, out_sharding=None):
    """Implements ``jax.random.pareto``: ``exp(exponential / b)``."""
    _no_sharding(out_sharding, "pareto")
    name = _float_name(dtype, "pareto")
    b = _param(b, name)
    shape = _out_shape(shape, "pareto", b)
    return _wrap(ivy.exp(ivy.divide(_exponential(key, shape, name, "pareto"), b)))


def rayleigh(key, scale, shape=None, dtype=None, *, out_sharding=None):
    """Implements ``jax.random.rayleigh``: ``scale * sqrt(-2 log u)``."""
    _no_sharding(out_sharding, "rayleigh")
    name = _float_name(dtype, "rayleigh")
    scale = _param(scale, name)
    shape = _out_shape(shape, "rayleigh", scale)
    u = _unit(key, shape, name, "rayleigh")
    return _wrap(ivy.multiply(ivy.sqrt(ivy.multiply(_c(-2.0, name), ivy.log(u))), scale))


def triangular(key, left, mode, right, shape=None, dtype=None, *, out_sharding=None):
    """Implements ``jax.random.triangular`` (inverse CDF)."""
    _no_sharding(out_sharding, "triangular")
    name = _float_name(dtype, "triangular")
    left, mode, right = _param(left, name), _param(mode, name), _param(right, name)
    shape = _out_shape(shape, "triangular", left, mode, right)
    u = _unit(key, shape, name, "triangular")
    width = ivy.subtract(right, left)
    fc = ivy.divide(ivy.subtract(mode, left), width)
    out1 = ivy.add(left, ivy.sqrt(ivy.multiply(ivy.multiply(u, width), ivy.subtract(mode, left))))
    out2 = ivy.subtract(right, ivy.sqrt(ivy.multiply(ivy.multiply(
        ivy.subtract(_c(1.0, name), u), width), ivy.subtract(right, mode))))
    return _wrap(ivy.where(ivy.less(u, fc), out1, out2))


def wald(key, mean, shape=None, dtype=None, *, out_sharding=None):
    """Implements ``jax.random.wald`` (Michael-Schucany-Haas transformation)."""
    _no_sharding(out_sharding, "wald")
    name = _float_name(dtype, "wald")
    mean = _param(mean, name)
    shape = _out_shape(shape, "wald", mean)
    k1, k2 = _split_native(key, 2, "wald")
    v = _normal_real(k1, shape, name, "wald")
    z = _unit(k2, shape, name, "wald")
    y = ivy.multiply(v, v)
    y_sq = ivy.multiply(y, y)
    mean_sq = ivy.multiply(mean, mean)
    sqrt_term = ivy.sqrt(ivy.add(ivy.multiply(ivy.multiply(_c(4.0, name), mean), y),
                                 ivy.multiply(mean_sq, y_sq)))
    x = ivy.subtract(ivy.add(mean, ivy.divide(ivy.multiply(mean_sq, y), _c(2.0, name))),
                     ivy.multiply(ivy.divide(mean, _c(2.0, name)), sqrt_term))
    return _wrap(ivy.where(ivy.less_equal(z, ivy.divide(mean, ivy.add(mean, x))), x,
                           ivy.divide(mean_sq, x)))


def geometric(key, p, shape=None, dtype=None, *, out_sharding=None):
    """Implements ``jax.random.geometric``: ``floor(log(u) / log1p(-p)) + 1``."""
    _no_sharding(out_sharding, "geometric")
    name = _int_name(dtype, "geometric")
    pname = _param_dtype(p)
    p = _param(p, pname)
    shape = _out_shape(shape, "geometric", p)
    u = _unit(key, shape, pname, "geometric")
    g = ivy.floor(ivy.divide(ivy.log(u), ivy.log1p(ivy.negative(p))))
    return _wrap(ivy.astype(ivy.add(g, _c(1.0, pname)), name))


# ---- integers, choices and permutations ---------------------------------------------------------

_INT_INFO = {n: (np.iinfo(n).bits, int(np.iinfo(n).min), int(np.iinfo(n).max))
             for n in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")}
_I64_MAX = 2 ** 63 - 1


def _urem(x, s, nbits):
    """Unsigned remainder of ``nbits``-wide bit patterns held in int64 (64: two's complement);
    ``x % 0`` is ``x`` as in XLA."""
    zero = ivy.equal(s, 0)
    s = ivy.where(zero, _c(1, "int64"), s)
    return ivy.where(zero, x, _urem_nonzero(x, s, nbits))


def _urem_nonzero(x, s, nbits):
    if nbits < 64:
        return ivy.remainder(x, s)
    big = ivy.less(s, 0)   # s >= 2**63: x % s is x or x - s
    sb = ivy.where(big, _c(1, "int64"), s)
    # x >= 2**63 reads negative: x = (x - 2**63) + 2**63 with x - 2**63 = x ^ sign bit
    low = ivy.remainder(ivy.bitwise_and(x, _I64_MAX), sb)
    top = ivy.remainder(ivy.add(ivy.remainder(_c(_I64_MAX, "int64"), sb), 1), sb)
    wrapped = ivy.remainder(ivy.add(low, top), sb)
    small = ivy.where(ivy.less(x, 0), wrapped, low)
    x_ge_s = ivy.greater_equal(ivy.bitwise_xor(x, -2 ** 63), ivy.bitwise_xor(s, -2 ** 63))
    return ivy.where(big, ivy.where(x_ge_s, ivy.subtract(x, s), x), small)


def _clip_int(v, name):
    """An int64 parameter clipped to ``name``'s range (as JAX converts bounds)."""
    _, lo, hi = _INT_INFO[name]
    return ivy.clip(v, max(lo, -2 ** 63), min(hi, _I64_MAX))


def _int_param(x, fn):
    a = asarray(x) if not isinstance(x, Array) else x
    name = native_name(a._data)
    if name not in _INT_INFO and name != "bool":
        raise TypeError(f"{fn} requires integer minval/maxval, got {name}")
    return ivy.astype(a._data, "int64") if name != "uint64" else ivy.astype(a._data, "int64")


def randint(key, shape, minval, maxval, dtype=None, *, out_sharding=None):
    """Implements ``jax.random.randint`` (two draws combined modulo the span, as JAX does)."""
    _no_sharding(out_sharding, "randint")
    name = _int_name(dtype, "randint")
    shape = _shape(shape, "randint")
    dbits, lo, hi = _INT_INFO[name]
    nbits = max(dbits, 32)   # JAX draws at least 32-bit words for randint
    mask = (1 << nbits) - 1 if nbits < 64 else None
    minval, maxval = _int_param(minval, "randint"), _int_param(maxval, "randint")
    out_of_range = ivy.greater(maxval, min(hi, _I64_MAX))
    minval, maxval = _clip_int(minval, name), _clip_int(maxval, name)
    ivy.broadcast_shapes(shape, tuple(minval.shape), tuple(maxval.shape))
    k1, k2 = _split_native(key, 2, "randint")
    higher = _raw_bits(k1, shape, nbits, "randint")
    lower = _raw_bits(k2, shape, nbits, "randint")

    def wrap(v):
        return v if mask is None else ivy.bitwise_and(v, mask)
    span = _wrap_int(ivy.subtract(maxval, minval), dbits, 0)
    span = ivy.where(ivy.less_equal(maxval, minval), _c(1, "int64"), span)
    span = ivy.where(ivy.logical_and(out_of_range, ivy.greater(maxval, minval)),
                     wrap(ivy.add(span, 1)), span)
    mult = _urem(_c(2 ** (nbits // 2), "int64"), span, nbits)
    mult = _urem(wrap(ivy.multiply(mult, mult)), span, nbits)
    offset = wrap(ivy.add(wrap(ivy.multiply(_urem(higher, span, nbits), mult)),
                          _urem(lower, span, nbits)))
    offset = _urem(offset, span, nbits)
    out = _wrap_int(ivy.add(minval, _wrap_int(offset, dbits, lo)), dbits, lo)
    return _wrap(ivy.astype(out, name))


def _wrap_int(v, nbits, lo):
    """int64 values wrapped to a ``nbits``-wide integer's range (signed when ``lo < 0``)."""
    if nbits == 64:
        return v
    mask = (1 << nbits) - 1
    if lo < 0:
        half = 1 << (nbits - 1)
        return ivy.subtract(ivy.bitwise_and(ivy.add(v, half), mask), half)
    return ivy.bitwise_and(v, mask)


def _stable_sort_by(keys, x, axis):
    order = ivy.argsort(keys, axis=axis, stable=True)
    return ivy.take_along_axis(x, order, axis=axis)


def _shuffle(key, x, axis, fn):
    """JAX's shuffle: sort by fresh 32-bit keys, enough rounds to make ties negligible."""
    size = math.prod(x.shape)
    rounds = int(math.ceil(3 * math.log(max(1, size)) / math.log(2 ** 32 - 1)))
    for _ in range(rounds):
        key, sub = _split_native(key, 2, fn)
        x = _stable_sort_by(_bits32(sub, tuple(x.shape), fn), x, axis)
    return x


def permutation(key, x, axis=0, independent=False, *, out_sharding=None):
    """Implements ``jax.random.permutation``."""
    _no_sharding(out_sharding, "permutation")
    if type(x) is int or (not isinstance(x, Array) and np.ndim(x) == 0 and
                          np.issubdtype(np.asarray(x).dtype, np.integer)):
        n = int(x)
        return _wrap(_shuffle(key, ivy.arange(n, dtype=J.DEFAULT["int"]), 0, "permutation"))
    a = asarray(x)
    if a.ndim == 0:
        raise TypeError("x must be an integer or at least 1-dimensional")
    axis = _axis(axis, a.ndim, "permutation")
    if independent or a.ndim == 1:
        return _wrap(_shuffle(key, a._data, axis, "permutation"), a.weak_type)
    ind = _shuffle(key, ivy.arange(a.shape[axis], dtype=J.DEFAULT["int"]), 0, "permutation")
    return _wrap(ivy.take(a._data, ind, axis=axis), a.weak_type)


def _axis(axis, ndim, fn):
    axis = int(axis)
    if not -ndim <= axis < ndim:
        raise ValueError(f"{fn}: axis {axis} is out of bounds for array of dimension {ndim}")
    return axis % ndim


def choice(key, a, shape=(), replace=True, p=None, axis=0, mode=None):
    """Implements ``jax.random.choice``."""
    _low_mode(mode, "choice")
    shape = _shape(shape, "choice")
    if type(a) is int or (not isinstance(a, Array) and np.ndim(a) == 0):
        arr, n_inputs = None, int(a)
    else:
        arr = asarray(a)
        if arr.ndim == 0:
            raise ValueError("choice: a must be an integer or an array with ndim >= 1")
        axis = _axis(axis, arr.ndim, "choice")
        n_inputs = arr.shape[axis]
    n_draws = math.prod(shape)
    if n_draws == 0:
        return _choice_out(arr, ivy.zeros((0,), dtype=J.DEFAULT["int"]), shape, axis)
    if n_inputs <= 0:
        raise ValueError("a must be greater than 0 unless no samples are taken")
    if not replace and n_draws > n_inputs:
        raise ValueError(f"Cannot take a larger sample (size {n_draws}) than population (size "
                         f"{n_inputs}) when 'replace=False'")
    if p is None:
        if replace:
            ind = randint(key, shape, 0, n_inputs)._data
            return _choice_out(arr, ind, shape, axis)
        ind = _shuffle(key, ivy.arange(n_inputs, dtype=J.DEFAULT["int"]), 0, "choice")
        return _choice_out(arr, ivy.get_item(ind, slice(0, n_draws)), shape, axis)
    p = _param(p, _param_dtype(p))
    if tuple(p.shape) != (n_inputs,):
        raise ValueError(f"p must be None or a 1D vector with the same size as a.shape[axis]. "
                         f"p has shape {tuple(p.shape)} and a.shape[axis] is {n_inputs}.")
    name = native_name(p)
    if replace:
        cuml = ivy.cumulative_sum(p)
        r = ivy.multiply(ivy.get_item(cuml, -1),
                         ivy.subtract(_c(1.0, name), _unit(key, shape, name, "choice")))
        ind = ivy.astype(ivy.searchsorted(cuml, ivy.reshape(r, (-1,))), J.DEFAULT["int"])
        ind = ivy.reshape(ind, shape)
    else:
        g = ivy.add(_gumbel(key, (n_inputs,), name, "choice"), ivy.log(p))
        ind = ivy.astype(ivy.topk(g, n_draws)[1], J.DEFAULT["int"])
    return _choice_out(arr, ind, shape, axis)


def _choice_out(arr, ind, shape, axis):
    if arr is None:
        return _wrap(ivy.reshape(ind, shape))
    flat = ivy.take(arr._data, ivy.reshape(ind, (-1,)), axis=axis)
    ashape = arr.shape
    return _wrap(ivy.reshape(flat, ashape[:axis] + shape + ashape[axis + 1:]), arr.weak_type)


def categorical(key, logits, axis=-1, shape=None, replace=True, mode=None, *,
                out_sharding=None):
    """Implements ``jax.random.categorical``: the Gumbel-max trick."""
    _no_sharding(out_sharding, "categorical")
    _low_mode(mode, "categorical")
    lg = asarray(logits)
    name = native_name(lg._data)
    if name not in _FINFO:
        name = J.DEFAULT["float"]
    data = ivy.astype(lg._data, name)
    ndim = lg.ndim
    axis = _axis(axis, ndim, "categorical") if ndim else 0
    batch = lg.shape[:axis] + lg.shape[axis + 1:]
    shape = batch if shape is None else _shape(shape, "categorical")
    if tuple(ivy.broadcast_shapes(shape, batch)) != shape:
        raise ValueError(f"Shape {shape} is not compatible with reference shape {batch}")
    prefix = shape[:len(shape) - len(batch)]
    logits_shape = list(shape[len(shape) - len(batch):])
    logits_shape.insert(axis, lg.shape[axis])
    lg_b = ivy.reshape(data, (1,) * len(prefix) + tuple(lg.shape))
    if replace:
        g = _gumbel(key, tuple(prefix) + tuple(logits_shape), name, "categorical")
        return _wrap(index_native(ivy.argmax(ivy.add(g, lg_b), axis=axis + len(prefix))))
    k = math.prod(prefix)
    if k > lg.shape[axis]:
        raise ValueError(f"Number of samples without replacement ({k}) cannot exceed number of "
                         f"categories ({lg.shape[axis]}).")
    g = _gumbel(key, tuple(logits_shape), name, "categorical")
    vals = ivy.moveaxis(ivy.add(g, data), axis, -1)
    idx = ivy.topk(vals, k)[1]             # (..., k): the k largest along the category axis
    idx = ivy.moveaxis(idx, -1, 0)
    return _wrap(ivy.astype(ivy.reshape(idx, shape), "int32"))


# ---- gamma family (Marsaglia-Tsang, one key per element, vectorized over keys) ------------------

def _kw_split(k0, k1, n):
    """``split`` applied to every key of the word arrays ``(k0, k1)``: n pairs of word arrays."""
    out = []
    for i in range(n):
        out.append(_threefry2x32(k0, k1, ivy.zeros_like(k0), ivy.full_like(k0, i)))
    return out


def _kw_unit(k0, k1, name):
    """A ``uniform(key, ())`` draw in [0, 1) for every key of the word arrays."""
    b0, b1 = _threefry2x32(k0, k1, ivy.zeros_like(k0), ivy.zeros_like(k0))
    return _unit_from_words(b0, b1, name)


def _kw_normal(k0, k1, name):
    lo = float(np.nextafter(np.array(-1.0, J.NP[name]), np.array(1.0, J.NP[name])))
    u = _kw_unit(k0, k1, name)
    u = ivy.maximum(_c(lo, name), _fma(u, _c(1.0 - lo, name), _c(lo, name), name))
    return ivy.multiply(_c(_SQRT2, name), _erfinv(u, name))


def _gamma_words(k0, k1, alpha, name, log_space):
    """One Marsaglia-Tsang gamma draw per (key, alpha) element, JAX's key schedule."""
    one, zero = _c(1.0, name), _c(0.0, name)
    third = _c(1.0 / 3.0, name)
    (k0, k1), sub = _kw_split(k0, k1, 2)
    boost_mask = ivy.greater_equal(alpha, one)
    alpha_b = ivy.where(boost_mask, alpha, ivy.add(alpha, one))
    d = ivy.subtract(alpha_b, third)
    c = ivy.divide(third, ivy.sqrt(d))
    X, V, U = ivy.zeros_like(alpha), ivy.ones_like(alpha), ivy.full_like(alpha, 2.0)

    def rejected(X, V, U):
        return ivy.logical_and(
            ivy.greater_equal(U, ivy.subtract(one, ivy.multiply(_c(0.0331, name),
                                                                ivy.multiply(X, X)))),
            ivy.greater_equal(ivy.log(U), ivy.add(ivy.multiply(X, _c(0.5, name)), ivy.multiply(
                d, ivy.add(ivy.subtract(one, V), ivy.log(V))))))

    todo = rejected(X, V, U)
    while bool(ivy.any(todo)):
        (nk0, nk1), (xk0, xk1), (uk0, uk1) = _kw_split(k0, k1, 3)
        x, v = ivy.zeros_like(alpha), ivy.full_like(alpha, -1.0)
        need = ivy.less_equal(v, zero)
        while bool(ivy.any(ivy.logical_and(need, todo))):
            (xk0n, xk1n), (sk0, sk1) = _kw_split(xk0, xk1, 2)
            xn = _kw_normal(sk0, sk1, name)
            vn = ivy.add(one, ivy.multiply(xn, c))
            x, v = ivy.where(need, xn, x), ivy.where(need, vn, v)
            xk0, xk1 = ivy.where(need, xk0n, xk0), ivy.where(need, xk1n, xk1)
            need = ivy.less_equal(v, zero)
        Xn = ivy.multiply(x, x)
        Vn = ivy.multiply(ivy.multiply(v, v), v)
        Un = _kw_unit(uk0, uk1, name)
        X, V, U = ivy.where(todo, Xn, X), ivy.where(todo, Vn, V), ivy.where(todo, Un, U)
        k0, k1 = ivy.where(todo, nk0, k0), ivy.where(todo, nk1, k1)
        todo = ivy.logical_and(todo, rejected(X, V, U))
    if log_space:
        e = ivy.negative(ivy.log1p(ivy.negative(_kw_unit(*sub, name))))
        log_samples = ivy.negative(e)
        log_boost = ivy.where(ivy.logical_or(boost_mask, ivy.equal(log_samples, zero)), zero,
                              ivy.multiply(log_samples, ivy.divide(one, alpha)))
        return ivy.add(ivy.add(ivy.log(d), ivy.log(V)), log_boost)
    samples = ivy.subtract(one, _kw_unit(*sub, name))
    boost = ivy.where(boost_mask, one, ivy.pow(samples, ivy.divide(one, alpha)))
    return ivy.multiply(ivy.multiply(d, V), boost)


def _gamma(key, a, shape, name, fn, log_space=False):
    a = _param(a, name)
    shape = _out_shape(shape, fn, a)
    a = ivy.reshape(ivy.broadcast_to(a, shape), (-1,))
    n = math.prod(shape)
    hi, lo = _counters((n,))
    k0, k1 = _single_key(key, fn)
    k0, k1 = _threefry2x32(k0, k1, hi, lo)
    if n == 0:
        return ivy.reshape(a, shape)
    return ivy.reshape(_gamma_words(k0, k1, a, name, log_space), shape)


def gamma(key, a, shape=None, dtype=None, *, out_sharding=None):
    """Implements ``jax.random.gamma`` (Marsaglia-Tsang with JAX's per-element key schedule)."""
    _no_sharding(out_sharding, "gamma")
    name = _float_name(dtype, "gamma")
    return _wrap(_gamma(key, a, shape, name, "gamma"))


def loggamma(key, a, shape=None, dtype=None, *, out_sharding=None):
    """Implements ``jax.random.loggamma``."""
    _no_sharding(out_sharding, "loggamma")
    name = _float_name(dtype, "loggamma")
    return _wrap(_gamma(key, a, shape, name, "loggamma", log_space=True))


def chisquare(key, df, shape=None, dtype=None, *, out_sharding=None):
    """Implements ``jax.random.chisquare``: ``2 * gamma(df / 2)``."""
    _no_sharding(out_sharding, "chisquare")
    name = _float_name(dtype, "chisquare")
    df = _param(df, name)
    shape = _out_shape(shape, "chisquare", df)
    half = ivy.divide(df, _c(2.0, name))
    return _wrap(ivy.multiply(_c(2.0, name), _gamma(key, half, shape, name, "chisquare")))


def f(key, dfnum, dfden, shape=None, dtype=None, *, out_sharding=None):
    """Implements ``jax.random.f``: a ratio of scaled chi-squares."""
    _no_sharding(out_sharding, "f")
    name = _float_name(dtype, "f")
    dfnum, dfden = _param(dfnum, name), _param(dfden, name)
    shape = _out_shape(shape, "f", dfnum, dfden)
    k2, k1 = _split_native(key, 2, "f")   # JAX draws the denominator from the first key
    two = _c(2.0, name)
    num = ivy.divide(ivy.multiply(two, _gamma(k1, ivy.divide(dfnum, two), shape, name, "f")),
                     dfnum)
    den = ivy.divide(ivy.multiply(two, _gamma(k2, ivy.divide(dfden, two), shape, name, "f")),
                     dfden)
    return _wrap(ivy.divide(num, den))


def t(key, df, shape=(), dtype=None, *, out_sharding=None):
    """Implements ``jax.random.t``: ``normal * sqrt(df / 2 / gamma(df / 2))``."""
    _no_sharding(out_sharding, "t")
    name = _float_name(dtype, "t")
    df = _param(df, name)
    shape = _out_shape(shape, "t", df)
    k1, k2 = _split_native(key, 2, "t")
    n = _normal_real(k1, shape, name, "t")
    half = ivy.divide(df, _c(2.0, name))
    g = _gamma(k2, half, shape, name, "t")
    return _wrap(ivy.multiply(n, ivy.sqrt(ivy.divide(half, g))))


def beta(key, a, b, shape=None, dtype=None, *, out_sharding=None):
    """Implements ``jax.random.beta``: normalized gammas, drawn in log space."""
    _no_sharding(out_sharding, "beta")
    name = _float_name(dtype, "beta")
    a, b = _param(a, name), _param(b, name)
    shape = _out_shape(shape, "beta", a, b)
    ka, kb = _split_native(key, 2, "beta")
    lga = _gamma(ka, a, shape, name, "beta", log_space=True)
    lgb = _gamma(kb, b, shape, name, "beta", log_space=True)
    m = ivy.maximum(lga, lgb)
    ga, gb = ivy.exp(ivy.subtract(lga, m)), ivy.exp(ivy.subtract(lgb, m))
    return _wrap(ivy.divide(ga, ivy.add(ga, gb)))


def dirichlet(key, alpha, shape=None, dtype=None, *, out_sharding=None):
    """Implements ``jax.random.dirichlet``: a softmax of log-gammas."""
    _no_sharding(out_sharding, "dirichlet")
    name = _float_name(dtype, "dirichlet")
    alpha = _param(alpha, name)
    if alpha.ndim < 1:
        raise ValueError("dirichlet requires alpha.ndim >= 1, got alpha.ndim == 0")
    batch = tuple(alpha.shape[:-1])
    if shape is None:
        shape = batch
    shape = _shape(shape, "dirichlet")
    lg = _gamma(key, alpha, shape + tuple(alpha.shape[-1:]), name, "dirichlet", log_space=True)
    m = ivy.max(lg, axis=-1, keepdims=True)
    e = ivy.exp(ivy.subtract(lg, m))
    return _wrap(ivy.divide(e, ivy.sum(e, axis=-1, keepdims=True)))


def generalized_normal(key, p, shape=(), dtype=None, *, out_sharding=None):
    """Implements ``jax.random.generalized_normal``: ``rademacher * gamma(1/p) ** (1/p)``."""
    _no_sharding(out_sharding, "generalized_normal")
    name = _float_name(dtype, "generalized_normal")
    return _wrap(_gen_normal(key, p, _shape(shape, "generalized_normal"), name))


def _gen_normal(key, p, shape, name):
    k1, k2 = _split_native(key, 2, "generalized_normal")
    inv = ivy.divide(_c(1.0, name), _param(p, name))
    g = _gamma(k1, inv, shape, name, "generalized_normal")
    r = ivy.astype(_rademacher(k2, shape, "int64", "generalized_normal"), name)
    return ivy.multiply(r, ivy.pow(g, inv))


def ball(key, d, p=2, shape=(), dtype=None, *, out_sharding=None):
    """Implements ``jax.random.ball``: a uniform draw from the unit ``p``-norm ball."""
    _no_sharding(out_sharding, "ball")
    name = _float_name(dtype, "ball")
    shape = _shape(shape, "ball")
    k1, k2 = _split_native(key, 2, "ball")
    g = _gen_normal(k1, p, shape + (int(d),), name)
    e = _exponential(k2, shape, name, "ball")
    pp = _param(p, name)
    s = ivy.add(ivy.sum(ivy.pow(ivy.abs(g), pp), axis=-1), e)
    return _wrap(ivy.divide(g, ivy.expand_dims(ivy.pow(s, ivy.divide(_c(1.0, name), pp)),
                                               axis=-1)))


# ---- matrices and Poisson -----------------------------------------------------------------------

def multivariate_normal(key, mean, cov, shape=None, dtype=None, method="cholesky", *,
                        out_sharding=None):
    """Implements ``jax.random.multivariate_normal`` (``method``: cholesky, eigh or svd)."""
    _no_sharding(out_sharding, "multivariate_normal")
    if method not in ("svd", "eigh", "cholesky"):
        raise ValueError("method must be one of {'svd', 'eigh', 'cholesky'}")
    name = _float_name(dtype, "multivariate_normal")
    (mean, cov), pname, _ = _promote_inexact("multivariate_normal", mean, cov)
    if mean.ndim < 1:
        raise ValueError("multivariate_normal requires mean.ndim >= 1, got mean.ndim == 0")
    if cov.ndim < 2:
        raise ValueError(f"multivariate_normal requires cov.ndim >= 2, got cov.ndim == "
                         f"{cov.ndim}")
    n = mean.shape[-1]
    if tuple(cov.shape[-2:]) != (n, n):
        raise ValueError(f"multivariate_normal requires cov.shape == (..., n, n) for n={n}, "
                         f"but got cov.shape == {tuple(cov.shape)}.")
    if shape is None:
        shape = tuple(ivy.broadcast_shapes(tuple(mean.shape[:-1]), tuple(cov.shape[:-2])))
    else:
        shape = _shape(shape, "multivariate_normal")
    if method == "svd":
        u, s, _ = ivy.linalg.svd(cov)
        factor = ivy.multiply(u, ivy.expand_dims(ivy.sqrt(s), axis=-2))
    elif method == "eigh":
        w, v = ivy.linalg.eigh(cov)
        factor = ivy.multiply(v, ivy.expand_dims(ivy.sqrt(w), axis=-2))
    else:
        factor = ivy.linalg.cholesky(cov)
    z = _normal_real(key, shape + (n,), name, "multivariate_normal")
    rname = J.join_nodes([pname, name])[0]
    z, factor, mean = (ivy.astype(v, rname) for v in (z, factor, mean))
    prod = ivy.squeeze(ivy.matmul(factor, ivy.expand_dims(z, axis=-1)), axis=-1)
    return _wrap(ivy.add(mean, prod))


def _promote_inexact(fn, *xs):
    from ._array import promote
    xs = [x if isinstance(x, Array) or type(x) in (int, float, complex, bool) else asarray(x)
          for x in xs]
    natives, name, weak = promote(fn, *xs)
    if name not in _FINFO and name not in ("complex64", "complex128"):
        name = J.DEFAULT["float"]
        natives = [ivy.astype(v, name) for v in natives]
    return natives, name, weak


def orthogonal(key, n, shape=(), dtype=None, m=None, *, out_sharding=None):
    """Implements ``jax.random.orthogonal``: Q of a Gaussian matrix's QR, signs fixed by R."""
    _no_sharding(out_sharding, "orthogonal")
    name = _float_name(dtype, "orthogonal", complex_ok=True)
    shape = _shape(shape, "orthogonal")
    n = int(n)
    m = n if m is None else int(m)
    z = _normal(key, shape + (max(n, m), min(n, m)), name, "orthogonal")
    q, r = ivy.linalg.qr(z)
    d = _diag(r)
    q = ivy.multiply(q, ivy.expand_dims(ivy.sign(d), axis=-2))
    return _wrap(ivy.matrix_transpose(q) if n < m else q)


def _diag(r):
    k = min(r.shape[-2:])
    idx = ivy.arange(k, dtype="int64")
    return ivy.get_item(r, (Ellipsis, idx, idx))


def poisson(key, lam, shape=None, dtype=None, *, out_sharding=None):
    """Implements ``jax.random.poisson``: Knuth's method below 10, Hormann's transformed
    rejection above (float32 arithmetic, as JAX)."""
    _no_sharding(out_sharding, "poisson")
    name = _int_name(dtype, "poisson")
    lam = _param(lam, "float32")
    shape = _out_shape(shape, "poisson", lam)
    lam = ivy.broadcast_to(lam, shape)
    max_iters = _INT_INFO[name][2]
    use_knuth = ivy.logical_or(ivy.isnan(lam), ivy.less(lam, _c(10.0, "float32")))
    lam_knuth = ivy.where(use_knuth, lam, _c(0.0, "float32"))
    lam_rej = ivy.where(use_knuth, _c(1e5, "float32"), lam)
    k_knuth = _poisson_knuth(key, lam_knuth, shape, max_iters)
    k_rej = _poisson_rejection(key, lam_rej, shape, max_iters)
    out = ivy.where(use_knuth, k_knuth, k_rej)
    out = ivy.where(ivy.equal(lam, _c(0.0, "float32")), ivy.zeros_like(out), out)
    return _wrap(ivy.astype(out, name))


def _poisson_knuth(key, lam, shape, max_iters):
    k = ivy.zeros(shape, dtype="int64")
    log_prod = ivy.zeros(shape, dtype="float32")
    neg = ivy.negative(lam)
    i = 0
    while i < max_iters and bool(ivy.any(ivy.greater(log_prod, neg))):
        key, sub = _split_native(key, 2, "poisson")
        k = ivy.where(ivy.greater(log_prod, neg), ivy.add(k, 1), k)
        log_prod = ivy.add(log_prod, ivy.log(_unit(sub, shape, "float32", "poisson")))
        i += 1
    return ivy.subtract(k, 1)


def _poisson_rejection(key, lam, shape, max_iters):
    f32 = "float32"

    def c(v):
        return _c(v, f32)
    log_lam = ivy.log(lam)
    b = ivy.add(c(0.931), ivy.multiply(c(2.53), ivy.sqrt(lam)))
    a = ivy.add(c(-0.059), ivy.multiply(c(0.02483), b))
    inv_alpha = ivy.add(c(1.1239), ivy.divide(c(1.1328), ivy.subtract(b, c(3.4))))
    v_r = ivy.subtract(c(0.9277), ivy.divide(c(3.6224), ivy.subtract(b, c(2.0))))
    k_out = ivy.full(shape, -1.0, dtype=f32)
    accepted = ivy.zeros(shape, dtype="bool")
    i = 0
    while i < max_iters and not bool(ivy.all(accepted)):
        key, k0, k1 = _split_native(key, 3, "poisson")
        u = ivy.subtract(_unit(k0, shape, f32, "poisson"), c(0.5))
        v = _unit(k1, shape, f32, "poisson")
        us = ivy.subtract(c(0.5), ivy.abs(u))
        k = ivy.floor(ivy.add(ivy.add(ivy.multiply(ivy.add(ivy.divide(ivy.multiply(c(2.0), a), us),
                                                           b), u), lam), c(0.43)))
        s = ivy.log(ivy.divide(ivy.multiply(v, inv_alpha),
                               ivy.add(ivy.divide(a, ivy.multiply(us, us)), b)))
        tt = ivy.subtract(ivy.add(ivy.negative(lam), ivy.multiply(k, log_lam)),
                          ivy.lgamma(ivy.add(k, c(1.0))))
        accept1 = ivy.logical_and(ivy.greater_equal(us, c(0.07)), ivy.less_equal(v, v_r))
        reject = ivy.logical_or(ivy.less(k, c(0.0)), ivy.logical_and(ivy.less(us, c(0.013)),
                                                                     ivy.greater(v, us)))
        accept = ivy.logical_or(accept1, ivy.logical_and(ivy.logical_not(reject),
                                                         ivy.less_equal(s, tt)))
        k_out = ivy.where(accept, k, k_out)   # JAX lets a later acceptance overwrite
        accepted = ivy.logical_or(accepted, accept)
        i += 1
    return ivy.astype(k_out, "int64")


# ---- binomial and multinomial (JAX's inversion below n*q <= 10, BTRS above; computed in the
# probability's dtype, as JAX) --------------------------------------------------------------------

_STIRLING_TAIL = (0.0810614667953272, 0.0413406959554092, 0.0276779256849983,
                  0.02079067210376509, 0.0166446911898211, 0.0138761288230707,
                  0.0118967099458917, 0.0104112652619720, 0.00925546218271273,
                  0.00833056343336287)


def _stirling_tail(k, name):
    """JAX's table for k <= 9, else its series evaluated at min(k, 9) (as JAX clamps first)."""
    kc = ivy.clip(k, _c(0.0, name), _c(9.0, name))
    kp1 = ivy.add(kc, _c(1.0, name))
    kp1sq = ivy.multiply(kp1, kp1)
    inner = ivy.subtract(_c(1.0 / 360, name), ivy.divide(_c(1.0 / 1260, name), kp1sq))
    approx = ivy.divide(ivy.subtract(_c(1.0 / 12, name), ivy.divide(inner, kp1sq)), kp1)
    index = ivy.where(ivy.isnan(kc), _c(0.0, name), ivy.floor(kc))   # NaN: approx chosen
    table = ivy.take(ivy.asarray(_STIRLING_TAIL, dtype=name), ivy.astype(index, "int64"), axis=0)
    return ivy.where(ivy.less_equal(k, _c(9.0, name)), table, approx)


def _binomial_inversion(key, count, prob, shape, name):
    log1mq = ivy.log1p(ivy.negative(prob))
    num_geom = ivy.zeros(shape, dtype=name)
    geom_sum = ivy.zeros(shape, dtype=name)
    while bool(ivy.any(ivy.less_equal(geom_sum, count))):
        sub, key = _split_native(key, 2, "binomial")
        num_geom = ivy.where(ivy.less_equal(geom_sum, count),
                             ivy.add(num_geom, _c(1.0, name)), num_geom)
        u = _unit(sub, shape, name, "binomial")
        geom_sum = ivy.add(geom_sum, ivy.ceil(ivy.divide(ivy.log(u), log1mq)))
    return ivy.subtract(num_geom, _c(1.0, name))


def _btrs(key, count, prob, shape, name):
    def c(v):
        return _c(v, name)
    add, sub, mul, div, log = ivy.add, ivy.subtract, ivy.multiply, ivy.divide, ivy.log
    stddev = ivy.sqrt(mul(mul(count, prob), sub(c(1.0), prob)))
    b = add(c(1.15), mul(c(2.53), stddev))
    a = add(add(c(-0.0873), mul(c(0.0248), b)), mul(c(0.01), prob))
    cc = add(mul(count, prob), c(0.5))
    v_r = sub(c(0.92), div(c(4.2), b))
    r = div(prob, sub(c(1.0), prob))
    alpha = mul(add(c(2.83), div(c(5.1), b)), stddev)
    m = ivy.floor(mul(add(count, c(1.0)), prob))
    tails = add(_stirling_tail(m, name), _stirling_tail(sub(count, m), name))
    head = mul(add(m, c(0.5)), log(div(add(m, c(1.0)), mul(r, add(sub(count, m), c(1.0))))))
    k_out = ivy.full(shape, -1.0, dtype=name)
    accepted = ivy.zeros(shape, dtype="bool")
    while not bool(ivy.all(accepted)):
        key, k0, k1 = _split_native(key, 3, "binomial")
        u = sub(_unit(k0, shape, name, "binomial"), c(0.5))
        v = _unit(k1, shape, name, "binomial")
        us = sub(c(0.5), ivy.abs(u))
        accept1 = ivy.logical_and(ivy.greater_equal(us, c(0.07)), ivy.less_equal(v, v_r))
        k = ivy.floor(add(mul(add(div(mul(c(2.0), a), us), b), u), cc))
        reject = ivy.logical_or(ivy.less(k, c(0.0)), ivy.greater(k, count))
        v = log(div(mul(v, alpha), add(div(a, mul(us, us)), b)))
        n_k1 = add(sub(count, k), c(1.0))
        ub = add(add(head, mul(add(count, c(1.0)), log(div(add(sub(count, m), c(1.0)), n_k1)))),
                 mul(add(k, c(0.5)), log(div(mul(r, n_k1), add(k, c(1.0))))))
        ub = sub(sub(add(ub, tails), _stirling_tail(k, name)),
                 _stirling_tail(sub(count, k), name))
        accept = ivy.logical_or(accept1, ivy.logical_and(ivy.logical_not(reject),
                                                         ivy.less_equal(v, ub)))
        k_out = ivy.where(accept, k, k_out)
        accepted = ivy.logical_or(accepted, accept)
    return k_out


def _binomial_native(key, n, p, shape, name):
    """Samples as a native array of float dtype ``name`` (the caller's dtype); ``p``/``n``
    native in the computation dtype."""
    pname = native_name(p)
    count = ivy.broadcast_to(ivy.astype(n, pname), shape)
    prob = ivy.broadcast_to(p, shape)
    c = functools.partial(_c, name=pname)
    p_lt_half = ivy.less(prob, c(0.5))
    q = ivy.where(p_lt_half, prob, ivy.subtract(c(1.0), prob))
    count_bad = ivy.logical_or(ivy.isnan(count), ivy.less(count, c(0.0)))
    count_inf = ivy.isinf(count)
    q_nan, q_neg = ivy.isnan(q), ivy.less(q, c(0.0))
    q = ivy.where(ivy.logical_or(q_nan, q_neg), c(0.01), q)
    use_inversion = ivy.logical_or(count_bad, ivy.less_equal(ivy.multiply(count, q), c(10.0)))
    count = ivy.floor(count)
    inv = _binomial_inversion(key, ivy.where(use_inversion, count, c(0.0)), q, shape, pname)
    btrs = _btrs(key, ivy.where(use_inversion, c(1e4), count),
                 ivy.where(use_inversion, c(0.5), q), shape, pname)
    samples = ivy.astype(ivy.where(use_inversion, inv, btrs), name)
    invalid = ivy.logical_or(ivy.logical_or(q_neg, q_nan), count_bad)
    samples = ivy.where(invalid, _c(float("nan"), name), samples)
    samples = ivy.where(ivy.logical_and(count_inf, ivy.logical_not(invalid)),
                        _c(float("inf"), name), samples)
    keep = ivy.logical_or(ivy.logical_or(p_lt_half, count_bad), ivy.logical_or(q_nan, count_inf))
    return ivy.where(keep, samples, ivy.subtract(ivy.astype(count, name), samples))


def binomial(key, n, p, shape=None, dtype=None):
    """Implements ``jax.random.binomial`` (JAX's algorithm and arithmetic dtype)."""
    name = _float_name(dtype, "binomial")
    p = _param(p, _param_dtype(p))
    n = _param(n, native_name(p))
    shape = _out_shape(shape, "binomial", n, p)
    _single_key(key, "binomial")
    return _wrap(_binomial_native(key, n, p, shape, name))


def multinomial(key, n, p, *, shape=None, dtype=None, unroll=1):
    """Implements ``jax.random.multinomial``: a binomial per outcome on the remaining count."""
    name = _float_name(dtype, "multinomial")
    pname = _param_dtype(p)
    p = _param(p, pname)
    n = _param(n, pname)
    shape = tuple(p.shape) if shape is None else _shape(shape, "multinomial")
    remainder = ivy.broadcast_to(n, shape[:-1])
    p = ivy.moveaxis(ivy.broadcast_to(p, shape), -1, 0)
    remaining = ivy.flip(ivy.cumulative_sum(ivy.flip(p, axis=0), axis=0), axis=0)
    ratios = ivy.divide(p, ivy.where(ivy.equal(remaining, _c(0.0, pname)),
                                     _c(1.0, pname), remaining))
    keys = _split_native(key, int(ratios.shape[0]), "multinomial")
    counts = []
    for i, sub in enumerate(keys):
        ratio = ivy.clip(ratios[i], _c(0.0, pname), _c(1.0, pname))
        count = _binomial_native(sub, remainder, ratio, tuple(remainder.shape), pname)
        remainder = ivy.subtract(remainder, count)
        counts.append(count)
    return _wrap(ivy.astype(ivy.moveaxis(ivy.stack(counts), 0, -1), name))
