"""``jax._src.core``: what libraries take from it is ``jax.core``'s."""
from ..core import *  # noqa: F401,F403
from ..core import __all__  # noqa: F401
