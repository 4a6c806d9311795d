"""``jax.experimental.layout``: memory layouts. ivy arrays have their backend's default layout;
``Format`` and ``Layout`` can be built and inspected (libraries type-check against them), and
``with_layout_constraint`` leaves its argument as it is."""


class Layout:
    """Implements ``jax.experimental.layout.Layout`` (a description only)."""
    __module__ = "jax.experimental.layout"

    def __init__(self, major_to_minor=None, tiling=(), sub_byte_element_size_in_bits=0):
        self.major_to_minor = None if major_to_minor is None else tuple(major_to_minor)
        self.tiling, self.sub_byte_element_size_in_bits = tuple(tiling), \
            sub_byte_element_size_in_bits

    def __repr__(self):
        return f"Layout(major_to_minor={self.major_to_minor})"


class Format:
    """Implements ``jax.experimental.layout.Format``: a layout and a sharding."""
    __module__ = "jax.experimental.layout"

    def __init__(self, layout=None, sharding=None):
        self.layout, self.sharding = layout, sharding

    def __repr__(self):
        return f"Format({self.layout}, {self.sharding})"


def with_layout_constraint(x, layout):
    """Implements ``jax.experimental.layout.with_layout_constraint``: ``x`` unchanged."""
    return x
