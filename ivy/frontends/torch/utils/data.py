"""``torch.utils.data``: datasets, samplers, ``DataLoader`` and the collate functions.

Loading always happens in the calling process: ``num_workers``, ``timeout``, ``prefetch_factor``,
``persistent_workers`` and ``multiprocessing_context`` are validated as torch validates them, and
then the batches are produced exactly as torch's single-process loader produces them (so
``worker_init_fn`` is never called and ``get_worker_info()`` is None). Random samplers draw from
the frontend's generators (``torch.manual_seed`` or an explicit ``generator=``), so an order is
reproducible on every backend; it is not real torch's order.
"""
from __future__ import annotations

import bisect
import collections.abc as _abc
import math
import multiprocessing
import typing
import warnings

import numpy as np

import ivy

from .. import _dtypes as T
from .._creation import as_tensor, tensor
from .._manipulation import stack
from .. import _mt19937
from .._random import Generator, _gen, default_generator, multinomial, randint, randperm
from .._tensor import Tensor, _wrap

T_co = typing.TypeVar("T_co", covariant=True)

__all__ = ["BatchSampler", "ChainDataset", "ConcatDataset", "DataLoader", "Dataset",
           "IterableDataset", "RandomSampler", "Sampler", "SequentialSampler", "StackDataset",
           "Subset", "SubsetRandomSampler", "TensorDataset", "WeightedRandomSampler",
           "default_collate", "default_convert", "get_worker_info", "random_split"]


def _positive_int(value):
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


# ---- datasets ---------------------------------------------------------------------------------

class Dataset(typing.Generic[T_co]):
    """torch.utils.data.Dataset: a map-style dataset (``__getitem__`` and usually ``__len__``)."""

    def __getitem__(self, index):
        raise NotImplementedError("Subclasses of Dataset should implement __getitem__.")

    def __add__(self, other):
        return ConcatDataset([self, other])


class IterableDataset(Dataset[T_co], typing.Iterable[T_co]):
    """torch.utils.data.IterableDataset: a stream of samples (abstract ``__iter__``)."""

    def __add__(self, other):
        return ChainDataset([self, other])


class TensorDataset(Dataset):
    """Sample ``i`` is ``tuple(t[i] for t in tensors)``."""

    def __init__(self, *tensors):
        if any(t.shape[0] != tensors[0].shape[0] for t in tensors):
            raise AssertionError("Size mismatch between tensors")
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(t[index] for t in self.tensors)

    def __len__(self):
        return self.tensors[0].shape[0]


class Subset(Dataset):
    """The samples of ``dataset`` at ``indices``, in that order."""

    def __init__(self, dataset, indices):
        self.dataset, self.indices = dataset, indices

    def __getitem__(self, idx):
        # a list of positions is passed on as one list of the underlying indices
        where = [self.indices[i] for i in idx] if isinstance(idx, list) else self.indices[idx]
        return self.dataset[where]

    def __getitems__(self, indices):
        wanted = [self.indices[i] for i in indices]
        many = getattr(self.dataset, "__getitems__", None)
        return many(wanted) if many is not None else [self.dataset[i] for i in wanted]

    def __len__(self):
        return len(self.indices)


class ConcatDataset(Dataset):
    """Map-style datasets one after another."""

    @staticmethod
    def cumsum(sequence):
        total, ends = 0, []
        for part in sequence:
            total += len(part)
            ends.append(total)
        return ends

    def __init__(self, datasets):
        self.datasets = list(datasets)
        if not self.datasets:
            raise AssertionError("datasets should not be an empty iterable")
        if any(isinstance(d, IterableDataset) for d in self.datasets):
            raise AssertionError("ConcatDataset does not support IterableDataset")
        self.cumulative_sizes = self.cumsum(self.datasets)

    def __len__(self):
        ends = self.cumulative_sizes
        return ends[-1]

    def __getitem__(self, idx):
        total = len(self)
        if idx < -total:
            raise ValueError("absolute value of index should not exceed dataset length")
        position = idx + total if idx < 0 else idx
        which = bisect.bisect_right(self.cumulative_sizes, position)
        start = self.cumulative_sizes[which - 1] if which else 0
        return self.datasets[which][position - start]


class ChainDataset(IterableDataset):
    """Iterable datasets one after another (checked lazily, as torch does)."""

    def __init__(self, datasets):
        self.datasets = datasets

    @staticmethod
    def _checked(d):
        if not isinstance(d, IterableDataset):
            raise AssertionError("ChainDataset only supports IterableDataset")
        return d

    def __iter__(self):
        for d in self.datasets:
            yield from self._checked(d)

    def __len__(self):
        return sum(len(self._checked(d)) for d in self.datasets)


class StackDataset(Dataset):
    """Sample ``i`` is a tuple (positional datasets) or dict (keyword datasets) of their ``i``-th
    samples."""

    def __init__(self, *args, **kwargs):
        if args and kwargs:
            raise ValueError("Supported either ``tuple``- (via ``args``) or``dict``- (via "
                             "``kwargs``) like input/output, but both types are given.")
        parts = list(args) or list(kwargs.values())
        if not parts:
            raise ValueError("At least one dataset should be passed")
        self._length = len(parts[0])
        if any(len(d) != self._length for d in parts):
            raise ValueError("Size mismatch between datasets")
        self.datasets = args if args else kwargs

    def __getitem__(self, index):
        if isinstance(self.datasets, dict):
            return {k: d[index] for k, d in self.datasets.items()}
        return tuple(d[index] for d in self.datasets)

    def _column(self, d, indices):
        many = getattr(d, "__getitems__", None)
        if many is None:
            return [d[i] for i in indices]
        got = many(indices)
        if len(got) != len(indices):
            raise ValueError(f"Nested dataset's output size mismatch. Expected {len(indices)}, "
                             f"got {len(got)}")
        return got

    def __getitems__(self, indices):
        if isinstance(self.datasets, dict):
            columns = {k: self._column(d, indices) for k, d in self.datasets.items()}
            return [{k: col[j] for k, col in columns.items()} for j in range(len(indices))]
        columns = [self._column(d, indices) for d in self.datasets]
        return [tuple(col[j] for col in columns) for j in range(len(indices))]

    def __len__(self):
        return self._length


def random_split(dataset, lengths, generator=default_generator):
    """Disjoint random ``Subset``s of the given lengths, or of fractions of ``len(dataset)`` that
    sum to 1 (floors, then the remainder handed out one by one from the first split)."""
    lengths = list(lengths)
    if math.isclose(sum(lengths), 1) and sum(lengths) <= 1:
        n = len(dataset)
        for i, frac in enumerate(lengths):
            if not 0 <= frac <= 1:
                raise ValueError(f"Fraction at index {i} is not between 0 and 1")
        lengths = [int(math.floor(n * frac)) for frac in lengths]
        for i in range(n - sum(lengths)):
            lengths[i % len(lengths)] += 1
        for i, size in enumerate(lengths):
            if size == 0:
                warnings.warn(f"Length of split at index {i} is 0. This might result in an empty "
                              f"dataset.", UserWarning, stacklevel=2)
    if sum(lengths) != len(dataset):
        raise ValueError("Sum of input lengths does not equal the length of the input dataset!")
    order = randperm(sum(lengths), generator=generator).tolist()
    splits, start = [], 0
    for size in lengths:
        splits.append(Subset(dataset, order[start:start + size]))
        start += size
    return splits


# ---- samplers ---------------------------------------------------------------------------------

class Sampler(typing.Generic[T_co]):
    """torch.utils.data.Sampler: iterates over dataset indices (or batches of them)."""

    def __iter__(self):
        raise NotImplementedError


class SequentialSampler(Sampler[int]):
    def __init__(self, data_source):
        self.data_source = data_source

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self):
        return len(self.data_source)


class RandomSampler(Sampler[int]):
    """A permutation per epoch (``num_samples`` beyond the length chains further permutations),
    or ``num_samples`` uniform draws with replacement."""

    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        self.data_source, self.replacement = data_source, replacement
        self._num_samples, self.generator = num_samples, generator
        if not isinstance(replacement, bool):
            raise TypeError(f"replacement should be a boolean value, but got "
                            f"replacement={replacement}")
        if not _positive_int(self.num_samples):
            raise ValueError(f"num_samples should be a positive integer value, but got "
                             f"num_samples={self.num_samples}")

    @property
    def num_samples(self):
        return len(self.data_source) if self._num_samples is None else self._num_samples

    def __iter__(self):
        n, k = len(self.data_source), self.num_samples
        generator = self.generator
        if generator is None:      # torch seeds a fresh generator from the global one each pass
            generator = Generator().manual_seed(_random_int64(None))
        if self.replacement:
            yield from randint(0, n, (k,), generator=generator).tolist()
            return
        for _ in range(k // n):
            yield from randperm(n, generator=generator).tolist()
        if k % n:
            yield from randperm(n, generator=generator).tolist()[:k % n]

    def __len__(self):
        return self.num_samples


class SubsetRandomSampler(Sampler[int]):
    """``indices`` in a random order each epoch."""

    def __init__(self, indices, generator=None):
        self.indices, self.generator = indices, generator

    def __iter__(self):
        for i in randperm(len(self.indices), generator=self.generator).tolist():
            yield self.indices[i]

    def __len__(self):
        return len(self.indices)


class WeightedRandomSampler(Sampler[int]):
    """``num_samples`` indices drawn with probabilities proportional to ``weights``."""

    def __init__(self, weights, num_samples, replacement=True, generator=None):
        if not _positive_int(num_samples):
            raise ValueError(f"num_samples should be a positive integer value, but got "
                             f"num_samples={num_samples}")
        if not isinstance(replacement, bool):
            raise ValueError(f"replacement should be a boolean value, but got "
                             f"replacement={replacement}")
        weights = as_tensor(weights, dtype=T.BY_NAME["float64"])
        if weights.ndim != 1:
            raise ValueError(f"weights should be a 1d sequence but given weights have shape "
                             f"{tuple(weights.shape)}")
        self.weights, self.num_samples = weights, num_samples
        self.replacement, self.generator = replacement, generator

    def __iter__(self):
        drawn = multinomial(self.weights, self.num_samples, self.replacement,
                            generator=self.generator)
        return iter(drawn.tolist())

    def __len__(self):
        return self.num_samples


class BatchSampler(Sampler[typing.List[int]]):
    """Groups the indices of ``sampler`` into lists of ``batch_size`` (the last one shorter
    unless ``drop_last``)."""

    def __init__(self, sampler, batch_size, drop_last):
        if not _positive_int(batch_size):
            raise ValueError(f"batch_size should be a positive integer value, but got "
                             f"batch_size={batch_size}")
        if not isinstance(drop_last, bool):
            raise ValueError(f"drop_last should be a boolean value, but got drop_last={drop_last}")
        self.sampler, self.batch_size, self.drop_last = sampler, batch_size, drop_last

    def __iter__(self):
        batch = []
        for index in self.sampler:
            batch.append(index)
            if len(batch) == self.batch_size:
                yield batch
                batch = []
        if batch and not self.drop_last:
            yield batch

    def __len__(self):
        whole, part = divmod(len(self.sampler), self.batch_size)
        return whole + (1 if part and not self.drop_last else 0)


class _InfiniteConstantSampler(Sampler):
    """The placeholder sampler of a loader over an IterableDataset."""

    def __iter__(self):
        while True:
            yield None


# ---- collation --------------------------------------------------------------------------------

def _bad_element(kind):
    return TypeError(f"default_collate: batch must contain tensors, numpy arrays, numbers, dicts "
                     f"or lists; found {kind}")


def _numpy_ok(a):
    return a.dtype.kind not in "SaUO"


def _is_namedtuple(x):
    return isinstance(x, tuple) and hasattr(x, "_fields")


def _rebuild(like, values):
    """A container of ``like``'s type holding ``values`` (a list when the type refuses)."""
    try:
        return type(like)(values)
    except TypeError:
        return values


def _collate_numpy(batch):
    first = batch[0]
    if not _numpy_ok(first):
        raise _bad_element(first.dtype)
    if all(isinstance(a, np.ndarray) and a.dtype == first.dtype and a.shape == first.shape
           for a in batch):
        return as_tensor(np.stack(batch))           # one conversion instead of len(batch)
    return stack([as_tensor(a) for a in batch])


def _collate_mapping(batch):
    first = batch[0]
    values = {key: default_collate([d[key] for d in batch]) for key in first}
    if isinstance(first, _abc.MutableMapping):
        out = first.copy() if hasattr(first, "copy") else dict(first)
        out.update(values)
        return out
    return _rebuild(first, values)


def _collate_sequence(batch):
    first = batch[0]
    size = len(first)
    if any(len(x) != size for x in batch):
        raise RuntimeError("each element in list of batch should be of equal size")
    columns = [default_collate(column) for column in zip(*batch)]
    if isinstance(first, tuple):
        return columns
    return _rebuild(first, columns)


def default_collate(batch):
    """Merges a list of samples into a batch: tensors and numpy arrays are stacked, Python
    floats become a float64 tensor and ints/bools an inferred one, numpy scalars a tensor of their
    dtype; strings and bytes are left as the batch holds them (a list at the top, a tuple inside
    a sequence); mappings, namedtuples and sequences are collated field by field (tuples give
    lists)."""
    first = batch[0]
    if isinstance(first, Tensor):
        return stack(batch, 0)
    if isinstance(first, np.ndarray):
        return _collate_numpy(batch)
    if isinstance(first, np.generic) and not isinstance(first, (str, bytes)):
        if not _numpy_ok(np.asarray(first)):
            raise _bad_element(np.asarray(first).dtype)
        return as_tensor(batch)
    if isinstance(first, float):
        return tensor(batch, dtype=T.BY_NAME["float64"])
    if isinstance(first, int):
        return tensor(batch)
    if isinstance(first, (str, bytes)):
        return batch
    if isinstance(first, _abc.Mapping):
        return _collate_mapping(batch)
    if _is_namedtuple(first):
        return type(first)(*(default_collate(column) for column in zip(*batch)))
    if isinstance(first, _abc.Sequence):
        return _collate_sequence(batch)
    raise _bad_element(type(first))


def default_convert(data):
    """Turns numpy arrays and scalars (at any depth of mappings and sequences) into tensors;
    leaves everything else as it is (tuples become lists)."""
    if isinstance(data, (Tensor, str, bytes)):
        return data
    if isinstance(data, (np.ndarray, np.generic)):
        return as_tensor(data) if _numpy_ok(np.asarray(data)) else data
    if isinstance(data, _abc.Mapping):
        values = {key: default_convert(v) for key, v in data.items()}
        if isinstance(data, _abc.MutableMapping):
            out = data.copy() if hasattr(data, "copy") else dict(data)
            out.update(values)
            return out
        return _rebuild(data, values)
    if _is_namedtuple(data):
        return type(data)(*(default_convert(v) for v in data))
    if isinstance(data, tuple):
        return [default_convert(v) for v in data]
    if isinstance(data, _abc.Sequence):
        return _rebuild(data, [default_convert(v) for v in data])
    return data


def get_worker_info():
    """None: samples are always loaded in the calling process."""
    return None


# ---- DataLoader -------------------------------------------------------------------------------

_FIXED_AFTER_INIT = frozenset(("batch_size", "batch_sampler", "sampler", "drop_last", "dataset",
                               "persistent_workers"))


class DataLoader(typing.Generic[T_co]):
    """torch.utils.data.DataLoader, loading in the calling process (see the module docstring)."""

    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None,
                 num_workers=0, collate_fn=None, pin_memory=False, drop_last=False, timeout=0,
                 worker_init_fn=None, multiprocessing_context=None, generator=None, *,
                 prefetch_factor=None, persistent_workers=False, pin_memory_device="",
                 in_order=True):
        if num_workers < 0:
            raise ValueError("num_workers option should be non-negative; use num_workers=0 to "
                             "disable multiprocessing.")
        if timeout < 0:
            raise ValueError("timeout option should be non-negative")
        if num_workers == 0 and prefetch_factor is not None:
            raise ValueError("prefetch_factor option could only be specified in multiprocessing."
                             "let num_workers > 0 to enable multiprocessing, otherwise set "
                             "prefetch_factor to None.")
        if num_workers > 0 and prefetch_factor is None:
            prefetch_factor = 2
        if persistent_workers and num_workers == 0:
            raise ValueError("persistent_workers option needs num_workers > 0")
        iterable = isinstance(dataset, IterableDataset)
        if iterable:
            given = [("shuffle", shuffle)] if shuffle not in (None, False) else []
            given += [(n, v) for n, v in (("sampler", sampler), ("batch_sampler", batch_sampler))
                      if v is not None]
            if given:
                raise ValueError(f"DataLoader with IterableDataset: expected unspecified "
                                 f"{given[0][0]} option, but got {given[0][0]}={given[0][1]}")
        else:
            shuffle = bool(shuffle)
        if shuffle and sampler is not None:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            # batch_size keeps its default 1 when a batch_sampler is given, as in torch
            if batch_size != 1 or drop_last or shuffle or sampler is not None:
                raise ValueError("batch_sampler option is mutually exclusive with batch_size, "
                                 "shuffle, sampler, and drop_last")
            batch_size, drop_last = None, False
        elif batch_size is None and drop_last:
            raise ValueError("batch_size=None option disables auto-batching and is mutually "
                             "exclusive with drop_last")
        if sampler is None:
            sampler = (_InfiniteConstantSampler() if iterable else
                       RandomSampler(dataset, generator=generator) if shuffle else
                       SequentialSampler(dataset))
        if batch_size is not None and batch_sampler is None:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        if collate_fn is None:
            collate_fn = default_collate if batch_sampler is not None else default_convert
        if multiprocessing_context is not None:
            if num_workers == 0:
                raise ValueError(f"multiprocessing_context can only be used with multi-process "
                                 f"loading (num_workers > 0), but got num_workers={num_workers}")
            if isinstance(multiprocessing_context, str):
                methods = multiprocessing.get_all_start_methods()
                if multiprocessing_context not in methods:
                    raise ValueError(f"multiprocessing_context option should specify a valid "
                                     f"start method in {methods!r}, but got "
                                     f"multiprocessing_context={multiprocessing_context!r}")
                multiprocessing_context = multiprocessing.get_context(multiprocessing_context)
        self.dataset, self.num_workers, self.prefetch_factor = dataset, num_workers, prefetch_factor
        self.pin_memory, self.pin_memory_device, self.in_order = (pin_memory, pin_memory_device,
                                                                  in_order)
        self.timeout, self.worker_init_fn = timeout, worker_init_fn
        self.multiprocessing_context, self.generator = multiprocessing_context, generator
        self.batch_size, self.drop_last = batch_size, drop_last
        self.sampler, self.batch_sampler = sampler, batch_sampler
        self.collate_fn, self.persistent_workers = collate_fn, persistent_workers
        self._initialized = True

    def __setattr__(self, name, value):
        if name in _FIXED_AFTER_INIT and self.__dict__.get("_initialized"):
            raise ValueError(f"{name} attribute should not be set after "
                             f"{type(self).__name__} is initialized")
        object.__setattr__(self, name, value)

    # what torch's loader iterates over: index batches when auto-collating, else single indices
    _auto_collation = property(lambda self: self.batch_sampler is not None)
    _index_sampler = property(lambda self: self.sampler if self.batch_sampler is None else
                              self.batch_sampler)

    def __len__(self):
        if isinstance(self.dataset, IterableDataset):
            n = len(self.dataset)
            if self.batch_size is None:
                return n
            return n // self.batch_size if self.drop_last else -(-n // self.batch_size)
        return len(self._index_sampler)

    def __iter__(self):
        if self.num_workers == 0 and self.timeout > 0:
            raise AssertionError("_SingleProcessDataLoaderIter requires timeout == 0")
        if self.pin_memory:
            warnings.warn("'pin_memory' argument is set as true but no accelerator is found, then "
                          "device pinned memory won't be used.", UserWarning, stacklevel=2)
        return _LoaderIter(self)

    def _batches(self):
        ds, collate = self.dataset, self.collate_fn
        if isinstance(ds, IterableDataset):
            stream = iter(ds)
            if not self._auto_collation:
                for sample in stream:
                    yield collate(sample)
                return
            while True:
                batch = [s for _, s in zip(range(self.batch_size), stream)]
                if not batch or (self.drop_last and len(batch) < self.batch_size):
                    return
                yield collate(batch)
        elif self._auto_collation:
            many = getattr(ds, "__getitems__", None)
            gather = collate is default_collate and _gatherable(ds)
            for indices in self.batch_sampler:
                if gather and _in_range(indices, len(ds)):
                    # the batch collating the samples would give, in one gather per tensor
                    rows = ivy.asarray(np.asarray(indices, dtype=np.int64))
                    yield [_wrap(ivy.take(t._data, rows, axis=0)) for t in ds.tensors]
                else:
                    yield collate(many(indices) if many is not None else [ds[i] for i in indices])
        else:
            for index in self.sampler:
                yield collate(ds[index])


def _gatherable(ds):
    """A plain TensorDataset of tensors outside autograd: its batches can be gathered."""
    return (type(ds) is TensorDataset and bool(ds.tensors)
            and all(isinstance(t, Tensor) and not t.requires_grad for t in ds.tensors))


def _in_range(indices, n):
    return bool(indices) and all(type(i) is int and 0 <= i < n for i in indices)


def _random_int64(generator):
    """``torch.empty((), dtype=torch.int64).random_(generator=generator).item()``."""
    return int(_mt19937.full_range(_gen(generator)._engine, 1, "int64")[0])


class _LoaderIter:
    """The iterator of one pass over a DataLoader (``len()`` is the loader's)."""

    def __init__(self, loader):
        # torch draws each pass's base seed (for workers) before the sampler's draws
        self._base_seed = _random_int64(loader.generator)
        self._loader, self._batches = loader, loader._batches()

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._batches)

    def __len__(self):
        return len(self._loader)
