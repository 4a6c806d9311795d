"""``torch.nn.parameter``: ``Parameter``, ``Buffer`` and ``UninitializedParameter``.

A ``Parameter`` is a frontend ``Tensor`` subclass sharing the wrapped tensor's native array (as
torch's shares its storage) with ``requires_grad`` set.
"""
import ivy

from .._tensor import Tensor, _format, set_data


def _tensor_of(data):
    from .._creation import empty
    if data is None:
        return empty(0)
    if not isinstance(data, Tensor):
        raise AttributeError(f"'{type(data).__name__}' object has no attribute 'detach'")
    return data


class Parameter(Tensor):
    """Implements ``torch.nn.Parameter``."""

    def __new__(cls, data=None, requires_grad=True):
        data = _tensor_of(data)
        p = object.__new__(cls)
        p._data = ivy.autograd.stop(data._data)     # a new leaf: the data's history is dropped
        p.requires_grad = requires_grad
        return p

    def __init__(self, data=None, requires_grad=True):
        pass

    def __repr__(self):
        return "Parameter containing:\n" + _format(self)

    __str__ = __repr__

    def __deepcopy__(self, memo):
        if id(self) in memo:
            return memo[id(self)]
        result = type(self)(self.clone(), self.requires_grad)
        memo[id(self)] = result
        return result

    def __reduce_ex__(self, proto):
        return (type(self), (Tensor.detach(self).clone(), self.requires_grad))


class Buffer(Tensor):
    """Implements ``torch.nn.Buffer``: a tensor that registers as a buffer when assigned to a module
    attribute (the module stores a plain ``Tensor`` with the same data)."""

    def __new__(cls, data=None, *, persistent=True):
        data = _tensor_of(data)
        b = object.__new__(cls)
        b._data = data._data
        b.persistent = persistent
        return b

    def __init__(self, data=None, *, persistent=True):
        pass


class UninitializedTensorMixin:
    def materialize(self, shape, device=None, dtype=None):
        from .._creation import empty
        dtype = self._init_dtype if dtype is None else dtype
        set_data(self, empty(shape, dtype=dtype)._data, inplace=False)
        self.__class__ = self.cls_to_become

    @property
    def shape(self):
        raise RuntimeError("Can't access the shape of an uninitialized parameter or buffer. This "
                           "error usually happens in `load_state_dict` when trying to load an "
                           "uninitialized parameter into an initialized one. Call `forward` to "
                           "initialize the parameters before accessing their attributes.")

    def __repr__(self):
        return f"<{self.__class__.__name__}>"


class UninitializedParameter(UninitializedTensorMixin, Parameter):
    """Implements ``torch.nn.UninitializedParameter`` (used by the lazy modules)."""
    cls_to_become = Parameter

    def __new__(cls, requires_grad=True, device=None, dtype=None):
        from .._creation import empty
        from .._dtypes import get_default_dtype
        p = Parameter.__new__(cls, empty(0, dtype=dtype), requires_grad)
        p._init_dtype = get_default_dtype() if dtype is None else dtype
        return p

    def __init__(self, requires_grad=True, device=None, dtype=None):
        pass


class _MaterializedBuffer(Tensor):
    """What an ``UninitializedBuffer`` becomes (torch turns it into a plain ``Tensor``, which has
    no ``__dict__`` here); the lazy module then registers a plain ``Tensor`` in its place."""


class UninitializedBuffer(UninitializedTensorMixin, Tensor):
    """Implements ``torch.nn.UninitializedBuffer``."""
    cls_to_become = _MaterializedBuffer

    def __new__(cls, requires_grad=False, device=None, dtype=None, persistent=True):
        from .._creation import empty
        from .._dtypes import get_default_dtype
        b = object.__new__(cls)
        b._data = empty(0, dtype=dtype)._data
        b._init_dtype = get_default_dtype() if dtype is None else dtype
        b.persistent = persistent
        return b


def is_lazy(param):
    return isinstance(param, UninitializedTensorMixin)
