"""``jax.sharding``: meshes, partition specs and shardings over ivy's one device. Every array
lives whole on that device, so a sharding only records what was asked for."""
from __future__ import annotations

import collections
import contextlib
import enum
import math

import numpy as np

from ._devices import DEVICE, Device, Shard, Sharding, SingleDeviceSharding  # noqa: F401

__all__ = ["AbstractMesh", "AxisType", "Mesh", "NamedSharding", "PartitionSpec", "Sharding",
           "SingleDeviceSharding", "get_abstract_mesh", "set_mesh", "get_mesh"]


class AxisType(enum.Enum):
    Auto = enum.auto()
    Explicit = enum.auto()
    Manual = enum.auto()

    def __repr__(self):
        return self.name


class P:
    """``jax.sharding.PartitionSpec`` (``jax.P``): how each dimension maps to mesh axes."""
    __slots__ = ("_partitions", "unreduced", "reduced")
    __module__ = "jax"

    def __init__(self, *partitions, unreduced=frozenset(), reduced=frozenset()):
        self._partitions = tuple(tuple(p) if isinstance(p, list) else p for p in partitions)
        self.unreduced, self.reduced = frozenset(unreduced), frozenset(reduced)

    def __len__(self):
        return len(self._partitions)

    def __getitem__(self, i):
        return self._partitions[i]

    def __iter__(self):
        return iter(self._partitions)

    def __eq__(self, other):
        return isinstance(other, P) and (self._partitions, self.unreduced,
                                                     self.reduced) == (
            other._partitions, other.unreduced, other.reduced)

    def __hash__(self):
        return hash((self._partitions, self.unreduced, self.reduced))

    def __repr__(self):
        inner = ", ".join(map(repr, self._partitions))
        return f"P({inner}{',' if len(self._partitions) == 1 else ''})"


PartitionSpec = P


class Mesh:
    """``jax.sharding.Mesh``: named axes over devices (here: the one device)."""
    __module__ = "jax.sharding"

    def __init__(self, devices, axis_names, axis_types=None):
        self.devices = np.asarray(devices, dtype=object)
        self.axis_names = (axis_names,) if isinstance(axis_names, str) else tuple(axis_names)
        if self.devices.ndim != len(self.axis_names):
            raise ValueError(f"Mesh requires the ndim of its first argument (`devices`) to equal "
                             f"the length of its second argument (`axis_names`), but got "
                             f"devices.ndim == {self.devices.ndim} and len(axis_names) == "
                             f"{len(self.axis_names)}.")
        self.axis_types = tuple(axis_types) if axis_types is not None else \
            (AxisType.Explicit,) * len(self.axis_names)

    @property
    def shape(self):
        return collections.OrderedDict(zip(self.axis_names, self.devices.shape))

    @property
    def axis_sizes(self):
        return tuple(self.devices.shape)

    @property
    def size(self):
        return int(self.devices.size)

    @property
    def device_ids(self):
        return np.vectorize(lambda d: d.id, otypes=[int])(self.devices)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def __eq__(self, other):
        return isinstance(other, Mesh) and self.axis_names == other.axis_names and \
            self.devices.shape == other.devices.shape

    def __hash__(self):
        return hash((self.axis_names, self.devices.shape))

    def _types(self):
        types = ", ".join(t.name for t in self.axis_types)
        return f"({types}{',' if len(self.axis_types) == 1 else ''})"

    def __str__(self):
        axes = ", ".join(f"{n!r}: {s}" for n, s in self.shape.items())
        return f"Mesh({axes}, axis_types={self._types()})"

    def __repr__(self):
        return (f"Mesh(axis_sizes={self.axis_sizes}, axis_names={self.axis_names}, "
                f"axis_types={self._types()})")


class NamedSharding(Sharding):
    """``jax.sharding.NamedSharding``: a mesh and a partition spec."""
    __slots__ = ("mesh", "spec", "memory_kind")
    __module__ = "jax.sharding"

    def __init__(self, mesh, spec, *, memory_kind=None):
        if not isinstance(spec, PartitionSpec):
            raise TypeError(f"spec of NamedSharding must be a PartitionSpec, got {spec!r}")
        self.mesh, self.spec, self.memory_kind = mesh, spec, memory_kind or "device"

    def __eq__(self, other):
        return isinstance(other, NamedSharding) and (self.mesh, self.spec) == (other.mesh,
                                                                               other.spec)

    def __hash__(self):
        return hash((self.mesh, self.spec))

    def __repr__(self):
        return f"NamedSharding(mesh={self.mesh}, spec={self.spec!r}, " \
               f"memory_kind={self.memory_kind})"


def make_mesh(axis_shapes, axis_names, axis_types=None, *, devices=None):
    """Implements `jax.make_mesh` (ivy has one device)."""
    axis_shapes = tuple(axis_shapes)
    devices = [DEVICE] if devices is None else list(devices)
    if len(devices) < math.prod(axis_shapes):
        raise ValueError(f"Number of devices {len(devices)} must be >= the product of "
                         f"mesh_shape {axis_shapes}")
    grid = np.empty(axis_shapes, dtype=object)
    grid.reshape(-1)[:] = devices[:math.prod(axis_shapes)]
    return Mesh(grid, axis_names, axis_types)


_MESH = [None]


@contextlib.contextmanager
def set_mesh(mesh):
    """Implements `jax.sharding.set_mesh` (the mesh is recorded; one device computes)."""
    previous, _MESH[0] = _MESH[0], mesh
    try:
        yield mesh
    finally:
        _MESH[0] = previous


def get_mesh():
    return _MESH[0]


class AbstractMesh:
    """``jax.sharding.AbstractMesh``: a mesh's axis sizes and names, without devices."""
    __module__ = "jax.sharding"

    def __init__(self, axis_sizes, axis_names, axis_types=None):
        self.axis_sizes, self.axis_names = tuple(axis_sizes), tuple(axis_names)
        self.axis_types = tuple(axis_types) if axis_types is not None else \
            (AxisType.Explicit,) * len(self.axis_names)

    empty = property(lambda self: not self.axis_names)
    shape = property(lambda self: collections.OrderedDict(zip(self.axis_names, self.axis_sizes)))
    size = property(lambda self: math.prod(self.axis_sizes))

    def __eq__(self, other):
        return isinstance(other, AbstractMesh) and (self.axis_sizes, self.axis_names) == (
            other.axis_sizes, other.axis_names)

    def __hash__(self):
        return hash((self.axis_sizes, self.axis_names))

    def __repr__(self):
        return f"AbstractMesh({self.axis_sizes}, axis_types={self.axis_types})"


def get_abstract_mesh():
    """Implements `jax.sharding.get_abstract_mesh`: the mesh ``set_mesh`` set, abstractly (an
    empty one when none is set)."""
    mesh = _MESH[0]
    if mesh is None:
        return AbstractMesh((), ())
    return AbstractMesh(mesh.axis_sizes, mesh.axis_names, mesh.axis_types)

