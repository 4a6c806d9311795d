"""``jax.extend.source_info_util``: JAX attributes its operations to user source lines; ivy runs
them as ordinary Python, so the exclusion list is only kept."""
import contextlib

_exclude_paths: list = []


def register_exclusion(path):
    """Implements ``source_info_util.register_exclusion`` (kept, no effect)."""
    _exclude_paths.append(path)


@contextlib.contextmanager
def extend_name_stack(name):
    """Implements ``source_info_util.extend_name_stack`` (names show only in JAX profiles)."""
    yield
