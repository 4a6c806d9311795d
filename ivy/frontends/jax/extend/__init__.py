"""``jax.extend``: the parts libraries use -- ``linear_util`` (wrapped functions), ``core`` (the
trace state) and ``source_info_util``. Primitives, lowering (``mlir``), ``ffi`` and ``backend``
are absent: ivy has no jaxprs or XLA."""
from . import core, linear_util, source_info_util  # noqa: F401
