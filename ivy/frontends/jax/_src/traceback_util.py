"""``jax._src.traceback_util``: JAX hides its own frames from tracebacks; ivy's tracebacks are
left as they are, so ``api_boundary`` returns the function unchanged and the exclusion list is
only kept (libraries add their paths to it)."""
_exclude_paths: list = []


def register_exclusion(path):
    """Implements ``jax._src.traceback_util.register_exclusion`` (kept, no effect)."""
    _exclude_paths.append(path)


def api_boundary(fun=None, *, repro_api_name=None, repro_user_func=False):
    """Implements ``jax._src.traceback_util.api_boundary``: ``fun`` itself."""
    if fun is None:
        return lambda f: f
    return fun
