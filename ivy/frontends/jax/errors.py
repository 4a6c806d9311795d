"""``jax.errors``: JAX's exception classes, with JAX's bases (so ``except TypeError`` still
catches a ``ConcretizationTypeError``). ivy raises them where JAX would and the cause is known;
tracer errors come from the backend's own tracer when a backend traces (``jit`` on jax)."""
from __future__ import annotations

__all__ = ["ConcretizationTypeError", "InconclusiveDimensionOperation", "JAXIndexError",
           "JAXTypeError", "JaxRuntimeError", "JaxprTypeError", "KeyReuseError",
           "NonConcreteBooleanIndexError", "TracerArrayConversionError",
           "TracerBoolConversionError", "TracerIntegerConversionError", "UnexpectedTracerError"]


class JAXTypeError(TypeError):
    __module__ = "jax.errors"


class JAXIndexError(IndexError):
    __module__ = "jax.errors"


class ConcretizationTypeError(JAXTypeError):
    """A traced value was used where a concrete one is needed."""


class TracerArrayConversionError(JAXTypeError):
    """A traced value was converted to a numpy array."""


class TracerBoolConversionError(ConcretizationTypeError):
    """A traced value was used as a Python bool."""


class TracerIntegerConversionError(JAXTypeError):
    """A traced value was used as a Python int or index."""


class UnexpectedTracerError(JAXTypeError):
    """A traced value escaped its transformation."""


class KeyReuseError(JAXTypeError):
    """A PRNG key was used twice."""


class NonConcreteBooleanIndexError(JAXIndexError):
    """A boolean mask with a traced value was used as an index."""


class JaxRuntimeError(RuntimeError):
    __module__ = "jax.errors"


class InconclusiveDimensionOperation(Exception):
    __module__ = "jax.errors"


class JaxprTypeError(TypeError):
    __module__ = "jax.errors"


for _cls in (ConcretizationTypeError, TracerArrayConversionError, TracerBoolConversionError,
             TracerIntegerConversionError, UnexpectedTracerError, KeyReuseError,
             NonConcreteBooleanIndexError):
    _cls.__module__ = "jax.errors"
del _cls
