"""``jax.extend.linear_util``: a function wrapped for JAX's internal transforms."""


class WrappedFun:
    """Implements ``linear_util.WrappedFun``: ``f`` with its static ``params``;
    ``call_wrapped`` calls it through the wrappers added by ``jax.api_util``'s ``flatten_fun``."""
    __slots__ = ("f", "params", "debug_info", "_call")

    def __init__(self, f, params=(), debug_info=None, call=None):
        self.f, self.params, self.debug_info = f, tuple(params), debug_info
        self._call = call

    @property
    def __name__(self):
        return getattr(self.f, "__name__", "<unnamed wrapped function>")

    def call_wrapped(self, *args, **kwargs):
        if self._call is not None:
            return self._call(*args, **kwargs)
        return self.f(*args, **dict(self.params), **kwargs)

    def wrap(self, outer):
        """A WrappedFun calling ``outer(self.call_wrapped, *args)``."""
        inner = self.call_wrapped
        return WrappedFun(self.f, self.params, self.debug_info,
                          lambda *args, **kwargs: outer(inner, *args, **kwargs))

    def __repr__(self):
        return f"Wrapped function: {self.__name__}"


def wrap_init(f, params=None, *, debug_info=None):
    """Implements ``linear_util.wrap_init``."""
    return WrappedFun(f, () if params is None else sorted(params.items()), debug_info)
