"""Per-framework conversions between drawn numpy arrays and each side's arrays.

An *adapter* knows one side of a comparison: a real framework (``REAL["torch"]``) or a frontend
(``FRONTENDS["torch"].adapter``). Every adapter offers the same small interface:

    from_numpy(a) -> array          a copy of ``a`` as this side's array (dtype kept exactly)
    to_numpy(x) -> np.ndarray       a copy of ``x``; bfloat16 as ``ml_dtypes.bfloat16``
    canonical_dtype(d) -> str       this side's dtype object -> canonical name ("float32")
    is_array(x), is_dtype(x)        which result leaves are arrays / dtype objects
    dtype_from_name(name)           canonical name -> this side's dtype object (``dtype_arg``)
    scope()                         context entered around conversions and the call
    seed(n), key(n)                 global seeding / an explicit PRNG key (random rows)

Real adapters import their framework lazily, on first use. The frontend side is a *hook* the
frontend package defines, ``ivy.frontends.<fw>._conformance`` (see ``HookAdapter``), so a frontend
issue wires its framework in by adding that module; nothing here changes.
"""
from __future__ import annotations

import contextlib
import functools
import importlib
import importlib.util
import types

import ml_dtypes
import numpy as np

from ivy.core import dtypes as _dtypes

FRAMEWORKS = ("numpy", "torch", "jax", "tensorflow")
NUMPY_DTYPES = {name: np.dtype(ml_dtypes.bfloat16 if name == "bfloat16" else name)
                for name in _dtypes.ALL}


def installed(framework: str) -> bool:
    return importlib.util.find_spec(framework) is not None


class Adapter:
    """Defaults shared by every side; subclasses fill in the conversions."""
    name = "?"

    def scope(self):
        return contextlib.nullcontext()

    def dtype_from_name(self, name: str):
        raise NotImplementedError(f"{self.name}: no dtype_from_name (needed by dtype_arg)")

    def seed(self, n: int) -> None:
        raise NotImplementedError(f"{self.name}: no global seed (needed by Case(seed=True))")

    def key(self, n: int):
        raise NotImplementedError(f"{self.name}: no explicit PRNG keys (needed by key_arg)")

    def weak_type(self, x) -> bool:
        """JAX's weak-type flag of an array result (False for frameworks without weak types)."""
        return False


def _is_numpy_dtype(d) -> bool:
    return isinstance(d, np.dtype) or (isinstance(d, type) and issubclass(d, np.generic))


class NumpyAdapter(Adapter):
    name = "numpy"

    def is_array(self, x):
        return isinstance(x, (np.ndarray, np.generic))   # numpy scalars count as 0-d arrays

    def is_dtype(self, x):
        return _is_numpy_dtype(x)

    def from_numpy(self, a):
        return np.array(a, copy=True)

    def to_numpy(self, x):
        return np.array(x, copy=True)

    def canonical_dtype(self, d):
        return np.dtype(d).name

    def dtype_from_name(self, name):
        return NUMPY_DTYPES[name]

    def seed(self, n):
        np.random.seed(n)


class TorchAdapter(Adapter):
    name = "torch"

    @functools.cached_property
    def torch(self):
        import torch
        return torch

    def is_array(self, x):
        return isinstance(x, self.torch.Tensor)

    def is_dtype(self, x):
        return isinstance(x, self.torch.dtype)

    def from_numpy(self, a):
        torch = self.torch
        if a.dtype == NUMPY_DTYPES["bfloat16"]:   # torch.from_numpy has no bfloat16: go by the bits
            return torch.from_numpy(np.array(a, copy=True).view(np.int16)).view(torch.bfloat16)
        return torch.from_numpy(np.array(a, copy=True))

    def to_numpy(self, x):
        torch = self.torch
        x = x.detach().cpu().resolve_conj().resolve_neg()
        if x.dtype == torch.bfloat16:
            return x.view(torch.int16).numpy().copy().view(ml_dtypes.bfloat16)
        return x.numpy().copy()

    def canonical_dtype(self, d):
        return str(d).removeprefix("torch.")

    def dtype_from_name(self, name):
        return getattr(self.torch, name)

    def seed(self, n):
        self.torch.manual_seed(n)


class JaxAdapter(Adapter):
    """Real jax runs with 64-bit types enabled (float64/int64 inputs would otherwise be truncated)."""
    name = "jax"

    @functools.cached_property
    def jax(self):
        import jax
        import jax.numpy  # noqa: F401
        return jax

    def scope(self):
        return self.jax.enable_x64(True)

    def is_array(self, x):
        return isinstance(x, self.jax.Array)

    def is_dtype(self, x):
        return _is_numpy_dtype(x) or isinstance(x, type(self.jax.numpy.float32))

    def from_numpy(self, a):
        return self.jax.numpy.array(a, copy=True)

    def to_numpy(self, x):
        return np.array(x, copy=True)

    def canonical_dtype(self, d):
        return np.dtype(d).name

    def dtype_from_name(self, name):
        return self.jax.numpy.dtype(NUMPY_DTYPES[name])

    def key(self, n):
        return self.jax.random.PRNGKey(n)

    def weak_type(self, x):
        return bool(getattr(x, "weak_type", False))


class TensorflowAdapter(Adapter):
    name = "tensorflow"

    @functools.cached_property
    def tf(self):
        import tensorflow
        return tensorflow

    def is_array(self, x):
        return isinstance(x, (self.tf.Tensor, self.tf.Variable))

    def is_dtype(self, x):
        return isinstance(x, self.tf.dtypes.DType)

    def from_numpy(self, a):
        return self.tf.convert_to_tensor(np.array(a, copy=True))

    def to_numpy(self, x):
        return np.array(x.numpy(), copy=True)

    def canonical_dtype(self, d):
        return self.tf.as_dtype(d).name

    def dtype_from_name(self, name):
        return self.tf.as_dtype(name)

    def seed(self, n):
        self.tf.random.set_seed(n)


REAL = {"numpy": NumpyAdapter(), "torch": TorchAdapter(), "jax": JaxAdapter(),
        "tensorflow": TensorflowAdapter()}


class HookAdapter(Adapter):
    """The frontend side, read from the frontend's hook module ``ivy.frontends.<fw>._conformance``.

    The hook module defines (required):
        ARRAY_TYPES          tuple of the frontend's array classes (results of these types are arrays)
        from_numpy(a)        np.ndarray -> frontend array on the selected backend (a copy)
        to_numpy(x)          frontend array -> np.ndarray with the exact dtype (bfloat16: ml_dtypes)
    and may define:
        canonical_dtype(d)   frontend dtype object -> canonical name; with it, DTYPE_TYPES
        DTYPE_TYPES          tuple of the frontend's dtype classes (dtype-valued results)
        dtype_from_name(n)   canonical name -> frontend dtype object (default: getattr(frontend, n))
        scope()              context manager entered around conversions and the frontend call
        seed(n), key(n)      seed the frontend's global RNG / make an explicit PRNG key
    """

    def __init__(self, framework: str, module: str | None = None):
        self.framework = framework
        self.name = module or f"ivy.frontends.{framework}._conformance"

    @functools.cached_property
    def hook(self) -> types.ModuleType:
        try:
            return importlib.import_module(self.name)
        except ModuleNotFoundError as e:
            if e.name is None or not self.name.startswith(e.name):
                raise
            raise AssertionError(
                f"{self.name} does not exist: the {self.framework} frontend must define its "
                f"conformance hook (ARRAY_TYPES, from_numpy, to_numpy); see tests/frontends/README.md"
            ) from None

    def _optional(self, attr):
        fn = getattr(self.hook, attr, None)
        if fn is None:
            raise AssertionError(f"{self.name} defines no {attr}(), which this row needs")
        return fn

    def is_array(self, x):
        return isinstance(x, self.hook.ARRAY_TYPES)

    def is_dtype(self, x):
        return isinstance(x, getattr(self.hook, "DTYPE_TYPES", ()))

    def from_numpy(self, a):
        return self.hook.from_numpy(a)

    def to_numpy(self, x):
        return self.hook.to_numpy(x)

    def canonical_dtype(self, d):
        return self._optional("canonical_dtype")(d)

    def has_canonical_dtype(self) -> bool:
        return hasattr(self.hook, "canonical_dtype")

    def dtype_from_name(self, name):
        fn = getattr(self.hook, "dtype_from_name", None)
        if fn is not None:
            return fn(name)
        return getattr(importlib.import_module(f"ivy.frontends.{self.framework}"), name)

    def weak_type(self, x):
        fn = getattr(self.hook, "weak_type", None)
        return bool(fn(x)) if fn is not None else False

    def scope(self):
        fn = getattr(self.hook, "scope", None)
        return fn() if fn is not None else contextlib.nullcontext()

    def seed(self, n):
        self._optional("seed")(n)

    def key(self, n):
        return self._optional("key")(n)


class Frontend:
    """Where one framework's frontend lives: its root (a module name or object) and its adapter.

    ``FRONTENDS[fw]`` is ``ivy.frontends.<fw>`` with its hook; tests of the helper itself pass
    another ``Frontend`` (an example or a deliberately broken one) to ``check``/``make_tests``.
    """

    def __init__(self, framework: str, root=None, adapter: Adapter | None = None,
                 label: str | None = None):
        self.framework = framework
        self._root = root if root is not None else f"ivy.frontends.{framework}"
        self.adapter = adapter if adapter is not None else HookAdapter(framework)
        self.label = label or (self._root if isinstance(self._root, str)
                               else getattr(self._root, "__name__", repr(self._root)))

    def root(self):
        """The root object; raises AssertionError when the frontend package does not exist."""
        if not isinstance(self._root, str):
            return self._root
        try:
            return importlib.import_module(self._root)
        except ModuleNotFoundError as e:
            if e.name is None or not self._root.startswith(e.name):
                raise
            return None


FRONTENDS = {fw: Frontend(fw) for fw in FRAMEWORKS}
