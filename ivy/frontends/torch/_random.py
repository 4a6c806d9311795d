"""Random numbers: ``torch.Generator``, the global seed functions, random creation functions
(``rand``, ``randn``, ``randint``, ``randperm``, ``normal``, ``bernoulli``, ``multinomial``,
``poisson``, the ``*_like`` forms) and the in-place samplers (``uniform_``, ``normal_``, ...).

A ``Generator`` is torch's CPU generator: mt19937 seeded as torch seeds it, on the host, with
torch's transforms (``_mt19937``), so a seeded program draws real torch's numbers on every
backend; its state is torch's 5056-byte state tensor. In-place samplers visit a non-contiguous
tensor in memory order, as torch's TensorIterator does. The keys handed to other frontend
functions (``_next``: rrelu, gumbel_softmax, ...) come from the same stream but those functions do
not reproduce torch's draws.
"""
from __future__ import annotations

import contextlib
import math
import os
import types

import numpy as np

import ivy
from ivy.core import dtypes as D

from . import _dtypes as T
from . import _mt19937 as M
from ._creation import _created, _native_device
from ._ops import _TORCH_NAME, assign
from ._tensor import CPU, Tensor, _wrap
from ._tensor import device as _device_cls

_MASK = (1 << 64) - 1
_FLOATS = frozenset(D.REAL_FLOATING)
_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_INTS = frozenset(D.INTEGRAL)
_MANTISSA = {"float16": 11, "bfloat16": 8, "float32": 24, "float64": 53}
_REAL_OF = {"complex64": "float32", "complex128": "float64"}
_HOST_COMPLEX = {"complex64": np.complex64, "complex128": np.complex128}


# ---- generators -------------------------------------------------------------------------------

class Generator:
    """torch.Generator: torch's CPU mt19937 generator (see the module docstring)."""
    __slots__ = ("_engine",)

    def __init__(self, device="cpu"):
        if _device_cls(device).type != "cpu":
            raise RuntimeError(f"ivy: no {_device_cls(device).type} generator (CPU only)")
        self._engine = M.Engine()

    @property
    def device(self):
        return CPU

    def manual_seed(self, seed):
        if type(seed) is not int:
            seed = int(seed)
        if not -(1 << 63) <= seed < (1 << 64):
            raise ValueError("Overflow when unpacking long long")
        self._engine.reseed(seed & _MASK)
        return self

    def seed(self):
        self.manual_seed(int.from_bytes(os.urandom(8), "little"))
        return self._engine.seed

    def initial_seed(self):
        return self._engine.seed

    def get_state(self):
        return _wrap(ivy.asarray(self._engine.to_bytes()))

    def set_state(self, new_state):
        if not isinstance(new_state, Tensor):
            raise TypeError(f"expected a torch.ByteTensor, but got {type(new_state).__name__}")
        if ivy.dtype(new_state._data) != "uint8":
            raise TypeError("RNG state must be a torch.ByteTensor")
        raw = ivy.to_numpy(new_state._data).reshape(-1)
        if raw.size != M.STATE.itemsize:
            raise RuntimeError(f"Expected a CPUGeneratorImplState of size 5056 but found the "
                               f"input RNG state size to be {raw.size}")
        self._engine.from_bytes(raw)
        return self

    def _next(self):
        """A key of the selected backend seeded from the next 64 bits of the stream (for the
        functions that do not reproduce torch's draws)."""
        return ivy.random.key(int(self._engine.u64(1)[0]))


default_generator = Generator()


def _gen(generator):
    if generator is None:
        return default_generator
    if not isinstance(generator, Generator):
        raise TypeError(f"expected a torch.Generator, but got {type(generator).__name__}")
    return generator


def manual_seed(seed):
    return default_generator.manual_seed(seed)


def seed():
    return default_generator.seed()


def initial_seed():
    return default_generator.initial_seed()


def get_rng_state():
    return default_generator.get_state()


def set_rng_state(new_state):
    default_generator.set_state(new_state)


@contextlib.contextmanager
def fork_rng(devices=None, enabled=True, _caller="fork_rng", _devices_kw="devices",
             device_type="cuda"):
    if not enabled:
        yield
        return
    state = default_generator.get_state()
    try:
        yield
    finally:
        default_generator.set_state(state)


# ---- shared helpers ---------------------------------------------------------------------------

def _keyword(kw, name, fn):
    """The one keyword that Python cannot name in a signature (``size`` beside ``*size``,
    ``from``); any other unknown keyword is a TypeError, as in torch."""
    value = kw.pop(name, None)
    if kw:
        raise TypeError(f"{fn}() got an unexpected keyword argument {next(iter(kw))!r}")
    return value


def _size(sizes, size, fn):
    """``*size`` or ``size=``: a tuple of non-negative ints (torch's errors otherwise)."""
    if sizes and size is not None:
        raise TypeError(f"{fn}() received an invalid combination of arguments: size given twice")
    if size is None and not sizes:
        raise TypeError(f"{fn}() missing 1 required positional arguments: \"size\"")
    if size is None:
        size = sizes[0] if len(sizes) == 1 and isinstance(sizes[0], (tuple, list)) else sizes
    elif not isinstance(size, (tuple, list)):
        raise TypeError(f"{fn}(): argument 'size' must be tuple of ints, not {type(size).__name__}")
    if not all(isinstance(s, int) or isinstance(s, Tensor) for s in size) or \
            any(isinstance(s, bool) for s in size):
        raise TypeError(f"{fn}(): argument 'size' must be tuple of ints")
    size = tuple(int(s) for s in size)
    if any(s < 0 for s in size):
        bad = next(s for s in size if s < 0)
        raise RuntimeError(f"Trying to create tensor with negative dimension {bad}: {list(size)}")
    return size


def _not_for(kernel, name):
    return NotImplementedError(f'"{kernel}" not implemented for \'{_TORCH_NAME[name]}\'')


def _emit(result, out, requires_grad):
    """A sampler's result: a new tensor, or written into ``out`` in out's dtype (resized if needed)."""
    if out is not None:
        result = ivy.astype(result, ivy.dtype(out._data))
    return _created(result, requires_grad, out)


def _out_dtype(dtype, out, default):
    if dtype is not None:
        return T.canonical(dtype)
    return ivy.dtype(out._data) if out is not None else default


def _put(host, shape, name):
    """Host draws as a native array of dtype ``name`` and shape ``shape``."""
    a = ivy.asarray(np.ascontiguousarray(host).reshape(shape))
    return a if ivy.dtype(a) == name else ivy.astype(a, name)


def _draw(gen, shape, name, draw, *args):
    """``draw(engine, n, real dtype, *args)`` shaped as a tensor of dtype ``name``; a complex
    tensor draws its real view (real and imaginary parts interleaved), as torch does."""
    n = math.prod(shape)
    if name in _COMPLEX:
        host = draw(gen._engine, 2 * n, _REAL_OF[name], *args).view(_HOST_COMPLEX[name])
        return _put(host, shape, name)
    return _put(draw(gen._engine, n, name, *args), shape, name)


def _uniform(gen, shape, name, low=0.0, high=1.0):
    return _draw(gen, shape, name, M.uniform, low, high)


def _normal(gen, shape, name, mean=0.0, std=1.0, serial=False):
    """N(mean, std) floats; complex: both parts N(mean, std / sqrt(2)), as torch."""
    if name in _COMPLEX:
        std = std / math.sqrt(2)
    return _draw(gen, shape, name, M.normal, mean, std, serial)


def _check_bounds(low, high, name, fn):
    """torch's bound checks of the discrete uniform samplers (``randint``, ``random_``)."""
    if low >= high:
        raise RuntimeError(f"random_ expects 'from' to be less than 'to', but got from={low} >= "
                           f"to={high}")
    if name in _INTS or name == "bool":
        lo, hi = (0, 1) if name == "bool" else (D.iinfo(name).min, D.iinfo(name).max)
        what = {"bool": "bool", "uint8": "unsigned char", "int8": "signed char"}.get(name, name)
        if not lo <= low <= hi:
            raise RuntimeError(f"from is out of bounds for {what}")
        if not lo <= high - 1 <= hi:
            raise RuntimeError(f"to - 1 is out of bounds for {what}")
    elif name not in _FLOATS:
        raise RuntimeError("check_random_bounds handles only integral, floating-point and boolean "
                           "types")


def _integers(gen, shape, low, high, name):
    """Integers uniform in ``[low, high)`` as dtype ``name`` (torch's ``random_from_to``)."""
    return _put(M.from_to(gen._engine, math.prod(shape), low, high - low, name), shape, name)


def _float_of(name):
    return name if name in _FLOATS else "float64"


def _number(v):
    return v.item() if isinstance(v, Tensor) else v


# ---- creation functions -----------------------------------------------------------------------

def rand(*size, generator=None, out=None, dtype=None, layout=None, device=None,
         requires_grad=False, pin_memory=False, **kw):
    shape = _size(size, _keyword(kw, "size", "rand"), "rand")
    name = _out_dtype(dtype, out, T.default_float())
    _native_device(device)
    if name not in _FLOATS and name not in _COMPLEX:
        raise _not_for("check_uniform_bounds", name)
    return _emit(_uniform(_gen(generator), shape, name), out, requires_grad)


def randn(*size, generator=None, out=None, dtype=None, layout=None, device=None,
          requires_grad=False, pin_memory=False, **kw):
    shape = _size(size, _keyword(kw, "size", "randn"), "randn")
    name = _out_dtype(dtype, out, T.default_float())
    _native_device(device)
    if name not in _FLOATS and name not in _COMPLEX:
        raise _not_for("normal_kernel_cpu", name)
    return _emit(_normal(_gen(generator), shape, name), out, requires_grad)


def _int_arg(v, arg, pos, fn):
    v = _number(v)
    if type(v) is not int:
        raise TypeError(f"{fn}(): argument '{arg}' (position {pos}) must be int, not "
                        f"{type(v).__name__}")
    if not -(1 << 63) <= v < (1 << 63):
        raise ValueError("Overflow when unpacking long long")
    return v


def randint(low=0, high=None, size=None, *, generator=None, out=None, dtype=None, layout=None,
            device=None, requires_grad=False, pin_memory=False):
    if size is None:                 # randint(high, size)
        low, high, size = 0, low, high
    elif high is None:               # randint(high, size=...)
        low, high = 0, low
    if high is None or size is None:
        raise TypeError("randint() missing required arguments 'high' and 'size'")
    low, high = _int_arg(low, "low", 1, "randint"), _int_arg(high, "high", 1, "randint")
    if not isinstance(size, (tuple, list)):
        raise TypeError(f"randint(): argument 'size' (position 2) must be tuple of ints, not "
                        f"{type(size).__name__}")
    shape, name = _size((), size, "randint"), _out_dtype(dtype, out, "int64")
    _native_device(device)
    _check_bounds(low, high, name, "randint")
    if requires_grad and name not in _FLOATS:
        raise RuntimeError("Only Tensors of floating point and complex dtype can require gradients")
    return _emit(_integers(_gen(generator), shape, low, high, name), out, requires_grad)


def randperm(n, *, generator=None, out=None, dtype=None, layout=None, device=None,
             requires_grad=False, pin_memory=False):
    n, name = _int_arg(n, "n", 1, "randperm"), _out_dtype(dtype, out, "int64")
    _native_device(device)
    if n < 0:
        raise RuntimeError(f"Trying to create tensor with negative dimension {n}: [{n}]")
    if name not in _INTS and name not in _FLOATS:
        raise _not_for("randperm", name)
    if name in _INTS and n - 1 > D.iinfo(name).max:
        raise RuntimeError(f"value cannot be converted to type {name}_t without overflow")
    if name in _FLOATS and n > (1 << _MANTISSA[name]) + 1:
        raise RuntimeError(f"n cannot be greater than {(1 << _MANTISSA[name]) + 1} for "
                           f"{_TORCH_NAME[name]} type.")
    perm = M.randperm(_gen(generator)._engine, n)
    return _emit(_put(perm.astype(name) if name != "bfloat16" else perm, (n,), name), out,
                 requires_grad)


def _like(fn):
    def like(input, *, generator=None, dtype=None, layout=None, device=None, requires_grad=False,
             memory_format=None):
        return fn(ivy.shape(input._data), generator=generator,
                  dtype=ivy.dtype(input._data) if dtype is None else dtype, device=device,
                  requires_grad=requires_grad)
    like.__name__ = fn.__name__ + "_like"
    return like


rand_like, randn_like = _like(rand), _like(randn)


def randint_like(input, low=0, high=None, *, generator=None, dtype=None, layout=None,
                 device=None, requires_grad=False, memory_format=None):
    if high is None:
        low, high = 0, low
    return randint(low, high, ivy.shape(input._data), generator=generator,
                   dtype=ivy.dtype(input._data) if dtype is None else dtype, device=device,
                   requires_grad=requires_grad)


def _check_std(std):
    if isinstance(std, Tensor):
        if ivy.size(std._data) and bool(ivy.any(ivy.less(std._data, 0))):
            raise RuntimeError("normal expects all elements of std >= 0.0")
    elif std < 0:
        raise RuntimeError(f"normal expects std >= 0.0, but found std {std}")


def normal(mean, std=1.0, size=None, *, generator=None, out=None, dtype=None, layout=None,
           device=None, pin_memory=False, requires_grad=False):
    if not isinstance(mean, Tensor) and not isinstance(std, Tensor):    # normal(mean, std, size)
        if size is None:
            raise TypeError("normal() received an invalid combination of arguments - got "
                            "(float, float), but expected (float mean, float std, tuple of ints "
                            "size)")
        shape, name = _size((), size, "normal"), _out_dtype(dtype, out, T.default_float())
        _native_device(device)
        if name not in _FLOATS and name not in _COMPLEX:
            raise _not_for("normal_kernel_cpu", name)
        _check_std(std)
        return _emit(_normal(_gen(generator), shape, name, float(mean), float(std)), out,
                     requires_grad)
    if size is not None or dtype is not None:
        raise TypeError("normal() received an invalid combination of arguments: size and dtype go "
                        "with float mean and std only")
    name = ivy.dtype((mean if isinstance(mean, Tensor) else std)._data)
    if name not in _FLOATS and name not in _COMPLEX:
        raise _not_for("normal_kernel_cpu", name)
    _check_std(std)
    m = ivy.astype(mean._data, name) if isinstance(mean, Tensor) else float(mean)
    s = ivy.astype(std._data, name) if isinstance(std, Tensor) else float(std)
    shapes = [ivy.shape(v) for v in (m, s) if not isinstance(v, float)]
    try:
        shape = tuple(np.broadcast_shapes(*shapes))
    except ValueError:
        raise RuntimeError(f"The size of tensor a must match the size of tensor b: shapes "
                           f"{shapes} do not broadcast") from None
    # torch: normal_(0, std) then + mean for a float std, normal_(0, 1) * std + mean otherwise
    if isinstance(s, float):
        return _emit(ivy.add(_normal(_gen(generator), shape, name, 0.0, s), m), out, False)
    z = _normal(_gen(generator), shape, name)
    return _emit(ivy.add(ivy.multiply(z, s), m), out, False)


def _check_p(p, fn):
    if not 0 <= p <= 1:
        raise RuntimeError(f"{fn} expects p to be in [0, 1], but got p={p}")


def _probabilities(p, kernel):
    """A tensor of probabilities, checked: its native array in a float dtype."""
    pname = ivy.dtype(p._data)
    if pname not in _FLOATS:
        raise _not_for(kernel, pname)
    a = p._data if pname in ("float32", "float64") else ivy.astype(p._data, "float32")
    if ivy.size(a) and not bool(ivy.all(ivy.logical_and(ivy.greater_equal(a, 0),
                                                        ivy.less_equal(a, 1)))):
        raise RuntimeError("Expected p_in >= 0 && p_in <= 1 to be true, but got false.")
    return a


def bernoulli(input, p=None, *, generator=None, out=None):
    name, shape = ivy.dtype(input._data), ivy.shape(input._data)
    engine = _gen(generator)._engine
    if p is None:
        probs = ivy.to_numpy(_probabilities(input, "bernoulli_tensor_cpu_self_"))
        drawn = M.bernoulli_tensor(engine, probs)
    else:
        if name in _COMPLEX:
            raise _not_for("bernoulli_scalar_cpu_", name)
        _check_p(p, "bernoulli_")
        drawn = M.bernoulli_scalar(engine, math.prod(shape), p)
    return _emit(_put(drawn, shape, name), out, False)


def multinomial(input, num_samples, replacement=False, *, generator=None, out=None):
    name, shape = ivy.dtype(input._data), ivy.shape(input._data)
    if name not in _FLOATS:
        raise RuntimeError(f"multinomial only supports floating-point dtypes for input, got: "
                           f"{_TORCH_NAME[name]}")
    n = _int_arg(num_samples, "num_samples", 2, "multinomial")
    if len(shape) not in (1, 2):
        raise RuntimeError("prob_dist must be 1 or 2 dim")
    if n <= 0:
        raise RuntimeError("cannot sample n_sample <= 0 samples")
    if not replacement and n > shape[-1]:
        raise RuntimeError("cannot sample n_sample > prob_dist.size(-1) samples without "
                           "replacement")
    p = input._data if name in ("float32", "float64") else ivy.astype(input._data, "float32")
    if ivy.size(p):
        if not bool(ivy.all(ivy.logical_and(ivy.isfinite(p), ivy.greater_equal(p, 0)))):
            raise RuntimeError("probability tensor contains either `inf`, `nan` or element < 0")
        if not bool(ivy.all(ivy.greater(ivy.sum(p, axis=-1), 0))):
            raise RuntimeError("invalid multinomial distribution (sum of probabilities <= 0)")
    elif shape[-1] == 0:
        raise RuntimeError("cannot sample from an empty distribution")
    engine = _gen(generator)._engine
    if replacement and n > 1:
        drawn = _put(M.multinomial_replacement(engine, ivy.to_numpy(p), n), shape[:-1] + (n,),
                     "int64")
    else:
        # torch (also for one sample with replacement): p / q with q ~ Exp(1) in the input's
        # dtype, then argmax (one sample) or topk
        q = _put(M.exponential(engine, math.prod(shape), name, 1.0), shape, name)
        keys = ivy.divide(input._data, q)
        drawn = ivy.argmax(keys, axis=-1, keepdims=True) if n == 1 else \
            ivy.argsort(keys, axis=-1, descending=True, stable=True)[..., :n]
    return _emit(ivy.astype(drawn, "int64"), out, False)


def poisson(input, generator=None):
    name = ivy.dtype(input._data)
    if name not in _FLOATS:
        raise _not_for("poisson_cpu", name)
    lam = input._data if name in ("float32", "float64") else ivy.astype(input._data, "float32")
    if ivy.size(lam) and bool(ivy.any(ivy.less(lam, 0))):
        raise RuntimeError("invalid Poisson rate, expected rate to be non-negative")
    draws = M.poisson(_gen(generator)._engine, ivy.to_numpy(lam).astype(np.float64))
    return _wrap(_put(draws, ivy.shape(lam), name))


# ---- in-place samplers ------------------------------------------------------------------------

def _memory_order(self):
    """The order of dimensions, outermost first, in which torch's TensorIterator visits a
    non-contiguous ``self`` (memory order; None: C order)."""
    if self.is_contiguous():
        return None
    strides = self.stride()
    order = sorted(range(len(strides)), key=lambda d: -strides[d])
    return None if order == sorted(order) else order


def _fill(self, result, fn):
    """Write a draw into ``self`` (its dtype and shape kept): the draw's k-th value in C order
    goes to the k-th element torch visits (memory order for a non-contiguous view)."""
    name = ivy.dtype(self._data)
    if ivy.dtype(result) != name:
        result = ivy.astype(result, name)
    order = _memory_order(self)
    if order is not None:
        shape = ivy.shape(result)
        result = ivy.permute_dims(ivy.reshape(result, tuple(shape[d] for d in order)),
                                  tuple(int(i) for i in np.argsort(order)))
    return assign(self, result, fn)


def _continuous(self, fn, kernel, error):
    """``self``'s dtype and shape, refusing non-float dtypes as torch does."""
    name = ivy.dtype(self._data)
    if name not in _FLOATS:
        if error is RuntimeError:
            raise RuntimeError(f"{kernel} distribution is a continuous probability distribution. "
                               f"dtype must be a floating point but you specified "
                               f"{_TORCH_NAME[name]}")
        raise _not_for(kernel, name)
    return name, ivy.shape(self._data)


def uniform_(self, *args, to=1, generator=None, **kw):
    low = _keyword(kw, "from", "uniform_")
    low = args[0] if args else 0 if low is None else low
    to = args[1] if len(args) > 1 else to
    name = ivy.dtype(self._data)
    if name not in _FLOATS and name not in _COMPLEX:
        raise _not_for("check_uniform_bounds", name)
    low, to = float(_number(low)), float(_number(to))
    if not (np.isfinite(low) and np.isfinite(to)):
        raise RuntimeError(f"{'from' if not np.isfinite(low) else 'to'} is out of bounds for float")
    if low > to:
        raise RuntimeError(f"uniform_ expects to return a [from, to) range, but found from={low} > "
                           f"to={to}")
    return _fill(self, _uniform(_gen(generator), ivy.shape(self._data), name, low, to),
                 "uniform_")


def normal_(self, mean=0, std=1, *, generator=None):
    name = ivy.dtype(self._data)
    if name not in _FLOATS and name not in _COMPLEX:
        raise _not_for("normal_kernel_cpu", name)
    _check_std(std)
    # torch's Box-Muller blocks of 16 need a contiguous tensor; other layouts draw one by one
    return _fill(self, _normal(_gen(generator), ivy.shape(self._data), name, float(mean),
                               float(std), not self.is_contiguous()), "normal_")


def bernoulli_(self, p=0.5, *, generator=None):
    name, shape = ivy.dtype(self._data), ivy.shape(self._data)
    if name in _COMPLEX:
        raise _not_for("bernoulli_scalar_cpu_", name)
    if isinstance(p, Tensor):
        probs = _probabilities(p, "bernoulli_tensor_cpu_p_")
        try:
            fits = np.broadcast_shapes(ivy.shape(probs), shape) == shape
        except ValueError:
            fits = False
        if not fits:
            raise RuntimeError(f"expand: p of shape {list(ivy.shape(probs))} does not broadcast "
                               f"to {list(shape)}")
        probs = np.broadcast_to(ivy.to_numpy(probs), shape)
        order = _memory_order(self)
        if order is not None:     # each p meets the draw of its element (see ``_fill``)
            probs = np.transpose(probs, order)
        drawn = M.bernoulli_tensor(_gen(generator)._engine, probs)
    else:
        _check_p(p, "bernoulli_")
        drawn = M.bernoulli_scalar(_gen(generator)._engine, math.prod(shape), float(p))
    return _fill(self, _put(drawn, shape, "bool"), "bernoulli_")


def random_(self, *args, to=None, generator=None, **kw):
    name, low = ivy.dtype(self._data), _keyword(kw, "from", "random_")
    bare = not args and low is None and to is None      # torch's random_kernel, not from_to
    if len(args) == 1 and to is None and low is None:     # random_(to)
        low, to = 0, args[0]
    else:
        low = args[0] if args else 0 if low is None else low
        to = args[1] if len(args) > 1 else to
    if name in _COMPLEX:
        raise _not_for("random_kernel_cpu", name)
    low = _int_arg(low, "from", 1, "random_")
    if to is None:       # [from, largest integer the dtype holds exactly]
        to = 2 if name == "bool" else (1 << _MANTISSA[name]) + 1 if name in _FLOATS else \
            D.iinfo(name).max + 1
    else:
        to = _int_arg(to, "to", 2, "random_")
    _check_bounds(low, to, name, "random_")
    if bare and name in M.FULL_RANGE:
        return _fill(self, _draw(_gen(generator), ivy.shape(self._data), name, M.full_range),
                     "random_")
    return _fill(self, _integers(_gen(generator), ivy.shape(self._data), low, to, name),
                 "random_")


def exponential_(self, lambd=1, *, generator=None):
    name, shape = _continuous(self, "exponential_", "Exponential", RuntimeError)
    if not lambd > 0:
        raise RuntimeError(f"exponential_ expects lambda > 0.0, but found lambda={lambd}")
    return _fill(self, _draw(_gen(generator), shape, name, M.exponential, float(lambd)),
                 "exponential_")


def geometric_(self, p, *, generator=None):
    name = ivy.dtype(self._data)
    if name == "bool" or name in _COMPLEX:
        raise _not_for("geometric_cpu", name)
    if not 0 < p < 1:
        raise RuntimeError(f"geometric_ expects p to be in (0, 1), but got p={p}")
    g = M.geometric(_gen(generator)._engine, ivy.size(self._data), _float_of(name), float(p))
    return _fill(self, _put(g, ivy.shape(self._data), _float_of(name)), "geometric_")


def cauchy_(self, median=0, sigma=1, *, generator=None):
    name, shape = _continuous(self, "cauchy_", "Cauchy", RuntimeError)
    if not sigma > 0:
        raise RuntimeError(f"cauchy_ expects sigma > 0.0, but found sigma={sigma}")
    return _fill(self, _draw(_gen(generator), shape, name, M.cauchy, float(median), float(sigma)),
                 "cauchy_")


def log_normal_(self, mean=1, std=2, *, generator=None):
    name, shape = _continuous(self, "log_normal_", "log_normal_cpu", NotImplementedError)
    if not std > 0:
        raise RuntimeError(f"log_normal_ expects std > 0.0, but found std={std}")
    return _fill(self, _draw(_gen(generator), shape, name, M.log_normal, float(mean), float(std)),
                 "log_normal_")


# ---- gamma and Dirichlet (torch.distributions' samplers) ---------------------------------------

_THIRD_F32 = float(np.float32(1.0) / np.float32(3.0))     # torch's ``1.0f / 3.0f``
_C_F32 = float(np.float32(0.0331))                         # torch's ``0.0331f``


def _gamma_one(engine, alpha, single):
    """torch's ``sample_gamma`` (Marsaglia and Tsang, alpha < 1 boosted by a uniform power) for
    one concentration, on the generator's double uniforms and serial double normals; ``single``:
    the tensor is float32, whose boost and ``d`` torch computes in float before widening."""
    scale = 1.0
    if alpha < 1.0:
        if alpha == 0.0:
            return 0.0
        u = float(M.unit53(engine, 1)[0])
        if single:
            scale *= math.pow(1.0 - u, float(np.float32(1.0) / np.float32(alpha)))
            alpha = float(np.float32(alpha) + np.float32(1.0))
        else:
            scale *= math.pow(1.0 - u, 1.0 / alpha)
            alpha += 1.0
    d = float(np.float32(alpha) - np.float32(_THIRD_F32)) if single else alpha - _THIRD_F32
    c = 1.0 / math.sqrt(9.0 * d)
    while True:
        while True:
            x = float(M._normal_serial(engine, 1, 0.0, 1.0)[0])
            y = 1.0 + c * x
            if y > 0:
                break
        v = y * y * y
        u = 1.0 - float(M.unit53(engine, 1)[0])
        xx = x * x
        if u < 1.0 - _C_F32 * xx * xx or math.log(u) < 0.5 * xx + d * (1.0 - v + math.log(v)):
            return scale * d * v


def _concentrations(alpha, fn):
    name = ivy.dtype(alpha._data)
    if name not in ("float32", "float64"):
        raise _not_for(fn, name)
    return name, ivy.to_numpy(ivy.astype(alpha._data, "float64")).reshape(-1).tolist()


def _standard_gamma(input, generator=None):
    """``torch._standard_gamma``: Gamma(input, 1) draws, one element at a time in C order, as
    torch's CPU kernel (at least the dtype's smallest normal)."""
    name, alphas = _concentrations(input, "gamma_cpu")
    engine, single = _gen(generator)._engine, name == "float32"
    draws = np.array([_gamma_one(engine, a, single) for a in alphas]).astype(name)
    tiny = np.finfo(draws.dtype).tiny
    return _wrap(_put(np.maximum(draws, tiny), ivy.shape(input._data), name))


def _sample_dirichlet(input, generator=None):
    """``torch._sample_dirichlet``: double-precision gammas of every element (C order), each
    row divided by its sum, then cast and kept inside (0, 1)."""
    name, alphas = _concentrations(input, "dirichlet")
    shape = ivy.shape(input._data)
    engine = _gen(generator)._engine
    gammas = np.array([max(_gamma_one(engine, a, False), np.finfo(np.float64).tiny)
                       for a in alphas], dtype=np.float64).reshape(shape)
    ratio = (gammas / gammas.sum(-1, keepdims=True)).astype(name)
    dt = np.dtype(name).type
    return _wrap(_put(np.clip(ratio, np.finfo(dt).tiny, np.nextafter(dt(1), dt(0))), shape,
                      name))


# the reparameterized gradient of a standard gamma draw, -(d cdf / d alpha) / pdf, as torch's
# ``standard_gamma_grad_one`` approximates it (in double): a series for small x, Rice's saddle
# point expansion for large alpha near the mode, else a bivariate rational fit in
# (log(x / alpha), log(alpha)) whose coefficients are torch's
_PSI_10 = 2.25175258906672110764
_DIGAMMA_TAIL = (8.33333333333333333333E-2, -2.10927960927960927961E-2,
                 7.57575757575757575758E-3, -4.16666666666666666667E-3,
                 3.96825396825396825397E-3, -8.33333333333333333333E-3,
                 8.33333333333333333333E-2)
_GAMMA_GRAD_FIT = (
    (0.16009398, -0.094634809, 0.025146376, -0.0030648343, 1, 0.32668115, 0.10406089,
     0.0014179084),
    (0.53487893, 0.1298071, 0.065735949, -0.0015649758, 0.16639465, 0.020070113,
     -0.0035938915, -0.00058392623),
    (0.040121004, -0.0065914022, -0.0026286047, -0.0013441777, 0.017050642, -0.0021309326,
     0.00085092367, -1.5247877e-07))
_F32_08, _F32_09, _F32_11 = (float(np.float32(v)) for v in (0.8, 0.9, 1.1))


def _digamma_host(x):
    """Digamma of a positive double: recurrence up to 10, then the asymptotic series."""
    if x == 0:
        return math.inf
    result = 0.0
    while x < 10:
        result -= 1 / x
        x += 1
    if x == 10:
        return result + _PSI_10
    tail = 0.0
    if x < 1e17:
        z = 1.0 / (x * x)
        poly = 0.0
        for c in _DIGAMMA_TAIL:
            poly = poly * z + c
        tail = z * poly
    return result + math.log(x) - 0.5 / x - tail


def _gamma_grad_one(alpha, x):
    if x < _F32_08:
        numer, denom = 1.0, alpha
        series1, series2 = numer / denom, numer / (denom * denom)
        for i in range(1, 6):
            numer *= -x / i
            denom += 1
            series1 += numer / denom
            series2 += numer / (denom * denom)
        try:
            pow_x_alpha = math.pow(x, alpha)
            pdf = math.pow(x, alpha - 1) * math.exp(-x)
            dcdf = (math.log(x) - _digamma_host(alpha)) * pow_x_alpha * series1 - \
                pow_x_alpha * series2
            result = -dcdf / pdf
        except (ValueError, ZeroDivisionError, OverflowError):
            return 0.0
        return 0.0 if math.isnan(result) else result
    if alpha > 8.0:
        if _F32_09 * alpha <= x <= _F32_11 * alpha:
            numer_1 = 1 + 24 * alpha * (1 + 12 * alpha)
            numer_2 = 1440 * (alpha * alpha) + 6 * x * (53 - 120 * x) - 65 * x * x / alpha + \
                alpha * (107 + 3600 * x)
            return numer_1 * numer_2 / (1244160 * (alpha * alpha) * (alpha * alpha))
        denom = math.sqrt(8 * alpha)
        term2 = denom / (alpha - x)
        term3 = math.pow(x - alpha - alpha * math.log(x / alpha), -1.5)
        term23 = term2 - term3 if x < alpha else term2 + term3
        term1 = math.log(x / alpha) * term23 - \
            math.sqrt(2 / alpha) * (alpha + x) / ((alpha - x) * (alpha - x))
        stirling = 1 + 1 / (12 * alpha) * (1 + 1 / (24 * alpha))
        return -stirling * (x * term1) / denom
    u, v = math.log(x / alpha), math.log(alpha)
    c = [a + u * (b + u * d) for a, b, d in zip(*_GAMMA_GRAD_FIT)]
    p = c[0] + v * (c[1] + v * (c[2] + v * c[3]))
    q = c[4] + v * (c[5] + v * (c[6] + v * c[7]))
    return math.exp(p / q)


def _standard_gamma_grad(input, output):
    """``torch._standard_gamma_grad(alpha, x)``: d x / d alpha of standard gamma draws ``x``."""
    name = ivy.dtype(input._data)
    if name not in ("float32", "float64"):
        raise _not_for("_standard_gamma_grad_cpu", name)
    shape = tuple(np.broadcast_shapes(ivy.shape(input._data), ivy.shape(output._data)))
    alphas, xs = (np.broadcast_to(ivy.to_numpy(ivy.astype(t._data, "float64")), shape)
                  .reshape(-1).tolist() for t in (input, output))
    grads = np.array([_gamma_grad_one(a, x) for a, x in zip(alphas, xs)]).astype(name)
    return _wrap(_put(grads, shape, name))


# Dirichlet's reparameterized gradient, d x_i / d alpha_i of a Dirichlet draw through the Beta
# marginal Beta(alpha, total - alpha), as torch's ``dirichlet_grad_one`` approximates it (here in
# double throughout; torch rounds the small-x series of float32 tensors in float): Taylor series
# near 0 and 1, a saddle-point expansion for large alpha and beta, else a rational correction
# (torch's coefficients) to an analytic approximation
_DIRICHLET_FIT = (   # [numerator, denominator][power of u][power of a][power of b]
    (((1.003668233, -0.01061107488, -0.0657888334, 0.01201642863),
      (0.6336835991, -0.3557432599, 0.05486251648, -0.001465281033),
      (-0.03276231906, 0.004474107445, 0.002429354597, -0.0001557569013)),
     ((0.221950385, -0.3187676331, 0.01799915743, 0.01074823814),
      (-0.2951249643, 0.06219954479, 0.01535556598, 0.001550077057),
      (0.02155310298, 0.004170831599, 0.001292462449, 6.976601077e-05)),
     ((-0.05980841433, 0.008441916499, 0.01085618172, 0.002319392565),
      (0.02911413504, 0.01400243777, -0.002721828457, 0.000751041181),
      (0.005900514878, -0.001936558688, -9.495446725e-06, 5.385558597e-05))),
    (((1, -0.02924021934, -0.04438342661, 0.007285809825),
      (0.6357567472, -0.3473456711, 0.05454656494, -0.002407477521),
      (-0.03301322327, 0.004845219414, 0.00231480583, -0.0002307248149)),
     ((0.5925320577, -0.1757678135, 0.01505928619, 0.000564515273),
      (0.1014815858, -0.06589186703, 0.01272886114, -0.0007316646956),
      (-0.007258481865, 0.001096195486, 0.0003934994223, -4.12701925e-05)),
     ((0.06469649321, -0.0236701437, 0.002902096474, -5.896963079e-05),
      (0.001925008108, -0.002869809258, 0.0008000589141, -6.063713228e-05),
      (-0.0003477407336, 6.959756487e-05, 1.097287507e-05, -1.650964693e-06))))


def _beta_grad_alpha_small(x, alpha, beta):
    factor = _digamma_host(alpha) - _digamma_host(alpha + beta) - math.log(x)
    numer, series = 1.0, (factor + 1 / alpha) / alpha
    for i in range(1, 11):
        numer *= (i - beta) * x / i
        denom = alpha + i
        series += numer / denom * (factor + 1 / denom)
    return x * math.pow(1 - x, -beta) * series


def _beta_grad_beta_small(x, alpha, beta):
    factor = _digamma_host(alpha + beta) - _digamma_host(beta)
    numer, betas, dbetas, series = 1.0, 1.0, 0.0, factor / alpha
    for i in range(1, 9):
        numer *= -x / i
        dbetas = dbetas * (beta - i) + betas
        betas = betas * (beta - i)
        series += numer / (alpha + i) * (dbetas + factor * betas)
    return -math.pow(1 - x, 1 - beta) * series


def _beta_grad_alpha_mid(x, alpha, beta):
    total = alpha + beta
    mean = alpha / total
    std = math.sqrt(alpha * beta / (total + 1)) / total
    bb = beta * beta
    if mean - 0.1 * std <= x <= mean + 0.1 * std:     # away from the singularity at the mean
        poly = 47 * x * bb * bb + alpha * (
            (43 + 20 * (16 + 27 * beta) * x) * bb * beta + alpha * (
                3 * (59 + 180 * beta - 90 * x) * bb + alpha * (
                    (453 + 1620 * beta * (1 - x) - 455 * x) * beta + alpha * (
                        8 * (1 - x) * (135 * beta - 11)))))
        front = (1 + 12 * alpha) * (1 + 12 * beta) / (total * total)
        back = 12960 * alpha * alpha * alpha * bb * (1 + 12 * total)
        return front / (1 - x) * poly / back
    prefactor = -x / math.sqrt(2 * alpha * beta / total)

    def stirling_of(v):
        return 1 + 1 / (12 * v) + 1 / (288 * v * v)
    stirling = stirling_of(alpha) * stirling_of(beta) / stirling_of(total)
    axbx = alpha * (x - 1) + beta * x
    term1 = (2 * (alpha * alpha) * (x - 1) + alpha * beta * (x - 1) - x * bb) / \
        (math.sqrt(2 * alpha / beta) * math.pow(total, 1.5) * axbx * axbx)
    term2 = 0.5 * math.log(alpha / (total * x))
    term3 = math.sqrt(8 * alpha * beta / total) / (beta * x + alpha * (x - 1))
    term4 = math.pow(beta * math.log(beta / (total * (1 - x))) +
                     alpha * math.log(alpha / (total * x)), -1.5)
    return stirling * prefactor * (term1 + term2 * (term3 + (term4 if x < mean else -term4)))


def _dirichlet_grad_one(x, alpha, total):
    beta = total - alpha
    boundary = total * x * (1 - x)
    try:
        if x <= 0.5 and boundary < 2.5:
            result = _beta_grad_alpha_small(x, alpha, beta)
            return 0.0 if math.isnan(result) else result
        if x >= 0.5 and boundary < 0.75:
            result = _beta_grad_beta_small(1 - x, beta, alpha)
            return -0.0 if math.isnan(result) else -result
        if alpha > 6 and beta > 6:
            return _beta_grad_alpha_mid(x, alpha, beta)
    except (ValueError, ZeroDivisionError, OverflowError):
        return math.nan
    u = math.log(x)
    a = math.log(alpha) - u
    b = math.log(total) - a
    pq = [0.0, 0.0]
    for k in range(2):
        for i, pu in enumerate((1.0, u, u * u)):
            for j, pa in enumerate((1.0, a, a * a)):
                c = _DIRICHLET_FIT[k][i][j]
                pq[k] += pu * pa * (c[0] + b * (c[1] + b * (c[2] + b * c[3])))
    approx = x * (_digamma_host(total) - _digamma_host(alpha)) / beta
    return pq[0] / pq[1] * approx


def _dirichlet_grad(x, alpha, total):
    """``torch._dirichlet_grad(x, alpha, total)``, elementwise (see above)."""
    name = ivy.dtype(x._data)
    if name not in ("float32", "float64"):
        raise _not_for("_dirichlet_grad_cpu", name)
    shape = ivy.shape(x._data)
    values = [ivy.to_numpy(ivy.astype(t._data, "float64")).reshape(-1).tolist()
              for t in (x, alpha, total)]
    grads = np.array([_dirichlet_grad_one(*v) for v in zip(*values)]).astype(name)
    return _wrap(_put(grads, shape, name))


random = types.ModuleType("ivy.frontends.torch.random", "torch.random: the global generator.")
random.__dict__.update(manual_seed=manual_seed, seed=seed, initial_seed=initial_seed,
                       get_rng_state=get_rng_state, set_rng_state=set_rng_state,
                       fork_rng=fork_rng, default_generator=default_generator)

FUNCTIONS = {"bernoulli": bernoulli, "multinomial": multinomial}
FUNCTIONS_ONLY = {f.__name__: f for f in (
    rand, randn, randint, randperm, rand_like, randn_like, randint_like, normal, poisson,
    manual_seed, seed, initial_seed, get_rng_state, set_rng_state, fork_rng)}
FUNCTIONS_ONLY.update(Generator=Generator, default_generator=default_generator, random=random,
                      _standard_gamma=_standard_gamma, _sample_dirichlet=_sample_dirichlet,
                      _standard_gamma_grad=_standard_gamma_grad, _dirichlet_grad=_dirichlet_grad)
METHODS = {f.__name__: f for f in (uniform_, normal_, bernoulli_, random_, exponential_,
                                   geometric_, cauchy_, log_normal_)}
