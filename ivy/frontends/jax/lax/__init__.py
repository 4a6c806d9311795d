"""``jax.lax`` on ivy's core: strict dtypes (no implicit promotion), XLA's structural operations,
convolutions, gather/scatter and control flow. The implementation modules' ``FUNCTIONS`` tables
are installed here; the enums and named tuples of lax's API are defined below or with them."""
import enum as _enum

from . import _conv, _control, _elementwise, _gather, _structure


class Precision(_enum.Enum):
    """Implements `jax.lax.Precision` (an accuracy hint for dot products and convolutions)."""
    DEFAULT = 0
    HIGH = 1
    HIGHEST = 2

    @classmethod
    def _missing_(cls, value):
        aliases = {"default": 0, "fastest": 0, "bfloat16": 0, "high": 1, "bfloat16_3x": 1,
                   "tensorfloat32": 1, "highest": 2, "float32": 2}
        if isinstance(value, str) and value.lower() in aliases:
            return cls(aliases[value.lower()])
        return None

    def __str__(self):
        return self.name


class RoundingMethod(_enum.IntEnum):
    """Implements `jax.lax.RoundingMethod`."""
    AWAY_FROM_ZERO = 0
    TO_NEAREST_EVEN = 1


for _module in (_elementwise, _structure, _conv, _gather, _control):
    globals().update(_module.FUNCTIONS)
del _module


def _primitives():
    """``lax.<name>_p`` for the primitives libraries look up by name (to key their own tables);
    ivy never binds them -- ``lax.<name>`` computes directly."""
    from ..extend.core import Primitive
    return {f"{n}_p": Primitive(n) for n in ("stop_gradient",)}


globals().update(_primitives())
