"""Devices and shardings: one device, the backend's (JAX's single-process, single-device view)."""
from __future__ import annotations


class Device:
    """``jax.Device``: the backend's device (``cpu:0`` unless the backend computes elsewhere)."""
    __slots__ = ("platform", "id")
    __module__ = "jax"
    process_index = 0

    def __init__(self, platform: str = "cpu", id: int = 0):  # noqa: A002 - JAX's name
        self.platform, self.id = platform, id

    @property
    def device_kind(self) -> str:
        return self.platform

    @property
    def client(self):
        return None

    def __repr__(self):
        return f"{self.platform.capitalize() if self.platform != 'gpu' else 'Cuda'}Device(id={self.id})"

    def __str__(self):
        return f"{self.platform}:{self.id}"

    def __eq__(self, other):
        return isinstance(other, Device) and (self.platform, self.id) == (other.platform, other.id)

    def __hash__(self):
        return hash((self.platform, self.id))


DEVICE = Device()


class Sharding:
    """``jax.sharding.Sharding``: every array lives whole on the one device."""
    __module__ = "jax.sharding"

    @property
    def device_set(self):
        return {DEVICE}

    is_fully_replicated = True
    is_fully_addressable = True
    num_devices = 1

    def __eq__(self, other):
        return type(other) is type(self)

    def __hash__(self):
        return hash(type(self))


class SingleDeviceSharding(Sharding):
    __slots__ = ("_device", "memory_kind")

    def __init__(self, device=None, *, memory_kind=None):
        self._device, self.memory_kind = device or DEVICE, memory_kind or "device"

    def __repr__(self):
        return f"SingleDeviceSharding(device={self._device!r}, memory_kind={self.memory_kind})"


class Shard:
    """One element of ``x.addressable_shards``."""
    __slots__ = ("device", "index", "replica_id", "data")

    def __init__(self, device, index, replica_id, data):
        self.device, self.index, self.replica_id, self.data = device, index, replica_id, data

    def __repr__(self):
        return (f"Shard(device={self.device!r}, index={self.index}, replica_id={self.replica_id}, "
                f"data={self.data})")
