"""``tf.data.Dataset`` as TensorFlow runs it eagerly: a chain of Python iterators over elements
(nested tuples/dicts of tensors), each transformation a node with TensorFlow's element spec and
cardinality.

Functions (``map``, ``filter``, ``reduce``...) run on each element; TensorFlow traces them once
into a graph, so a Python side effect inside one runs per element here. ``map``'s element spec is
found by calling the function on two dummy elements (unknown dimensions 2 and 3 long: dimensions
that follow them are unknown); where that fails, from the first element. ``shuffle`` reproduces
TensorFlow's order for a seed: its kernel's buffer and Philox stream, with a fresh seed pair per
iteration drawn from the dataset's own stream when ``reshuffle_each_iteration``."""
from __future__ import annotations

import itertools
import os

import numpy as np

import ivy

from .. import _dtypes as T
from .. import _random
from .._control import TensorSpec
from .._tensor import Tensor, TensorShape, convert, wrap
from ..errors import DataLossError, InvalidArgumentError, OutOfRangeError, invalid_argument
from . import _structure as S

AUTOTUNE = -1
INFINITE = -1
UNKNOWN = -2
_M64 = (1 << 64) - 1


def _int(value) -> int:
    """A count argument: converted to int64 as TensorFlow does (a float or an int32 tensor is
    refused)."""
    if type(value) is int:
        return value
    return int(ivy.to_numpy(convert(value, "int64")))


def _scalar(value, dtype):
    return wrap(ivy.asarray(np.asarray(value, dtype=T.BY_NAME[dtype].as_numpy_dtype)))


def _call(fn, element):
    """TensorFlow's calling convention: a tuple element is the function's arguments."""
    return fn(*element) if type(element) is tuple else fn(element)


class Dataset:
    """``tf.data.Dataset``: ``_make()`` starts a fresh Python iterator over the elements."""
    __module__ = "tensorflow.data"

    def __init__(self, make, spec, cardinality, kind, parent=None):
        self._make = make
        self._spec = spec           # a structure of TensorSpecs, or a function giving it
        self._card = cardinality
        self._kind = kind
        self._options = parent._options if parent is not None else None
        # slices of source arrays: (element template, natives, index iterator factory), kept
        # through order-only transformations so that ``batch`` gathers each batch at once
        self._rows = None

    # ---- sources --------------------------------------------------------------------------------
    @staticmethod
    def from_tensors(tensors, name=None):
        element = S.normalize(tensors) if tensors is not None else ()
        if not S.flatten(element):
            raise invalid_argument("Length for attr 'Toutput_types' of 0 must be at least "
                                   "minimum 1", "TensorDataset")
        return Dataset(lambda: iter((element,)), S.spec_of(element), 1, "_TensorDataset")

    @staticmethod
    def from_tensor_slices(tensors, name=None):
        element = _element(tensors)
        leaves = S.flatten(element)
        n = None
        for t in leaves:
            if t.shape.rank == 0:
                raise ValueError("Unbatching a tensor is only supported for rank >= 1")
            if n is not None and t.shape[0] != n:
                raise ValueError(f"Dimensions {n} and {t.shape[0]} are not compatible")
            n = t.shape[0]
        spec = S.unbatched_spec(S.spec_of(element))
        natives = [t._data for t in leaves]

        def make():
            for i in range(n or 0):
                yield S.pack(element, [wrap(a[i]) for a in natives])
        out = Dataset(make, spec, n or 0, "_TensorSliceDataset")
        out._rows = (element, natives, lambda: iter(range(n or 0)))
        return out

    @staticmethod
    def range(*args, output_type=T.BY_NAME["int64"], name=None):
        if not 1 <= len(args) <= 3:
            raise ValueError(f"Invalid `args`. The length of `args` should be between 1 and 3 "
                             f"but was {len(args)}.")
        r = (0, _int(args[0]), 1) if len(args) == 1 else tuple(_int(a) for a in args) + (1,)
        start, stop, step = r[:3]
        if step == 0:
            raise invalid_argument("step must be a non-zero integer.", "RangeDataset")
        values = range(start, stop, step)
        dtype = T.as_dtype(output_type).name
        return Dataset(lambda: (_scalar(v, dtype) for v in values), TensorSpec((), dtype),
                       len(values), "_RangeDataset")

    @staticmethod
    def counter(start=0, step=1, dtype=T.BY_NAME["int64"], name=None):
        name_ = T.as_dtype(dtype).name
        return Dataset(lambda: (_scalar(v, name_) for v in itertools.count(start, step)),
                       TensorSpec((), name_), INFINITE, "_RangeDataset")

    @staticmethod
    def zip(*args, datasets=None, name=None):
        if datasets is not None and args:
            raise TypeError("Both `*args` and `datasets` cannot be set.")
        if datasets is None and not args:
            raise TypeError("Must pass at least one dataset to `zip`.")
        structure = datasets if datasets is not None else (args[0] if len(args) == 1 else args)
        flat = S.flatten(structure)
        for d in flat:
            if not isinstance(d, Dataset):
                raise TypeError(f"Invalid input to `zip`. Inputs are expected to be (nested) "
                                f"structures of `tf.data.Dataset` objects but encountered "
                                f"object of type {type(d)}.")
        cards = [d._card for d in flat]
        if UNKNOWN in cards:
            card = UNKNOWN
        elif all(c == INFINITE for c in cards):
            card = INFINITE
        else:
            card = min(c for c in cards if c != INFINITE)

        def make():
            for parts in zip(*(d._make() for d in flat)):
                yield S.pack(structure, parts)
        return Dataset(make, lambda: S.map_structure(lambda d: d.element_spec, structure), card,
                       "_ZipDataset")

    @staticmethod
    def from_generator(generator, output_types=None, output_shapes=None, args=None,
                       output_signature=None, name=None):
        if not callable(generator):
            raise TypeError("`generator` must be a Python callable.")
        if output_signature is not None:
            if output_types is not None:
                raise TypeError("The `output_types` argument can not be used together with "
                                "the `output_signature` argument.")
            if output_shapes is not None:
                raise TypeError("The `output_shapes` argument can not be used together with "
                                "the `output_signature` argument.")
            spec = S.map_structure(lambda s: s, output_signature)
            for s in S.flatten(spec):
                if not isinstance(s, TensorSpec):
                    raise TypeError(f"`output_signature` must contain objects that are subclass "
                                    f"of `tf.TypeSpec` but found {type(s)} which is not.")
        else:
            if output_types is None:
                raise TypeError("To specify the output signature you need to provide either "
                                "the `output_signature` argument or the `output_types` "
                                "argument.")
            if output_shapes is None:
                spec = S.map_structure(lambda t: TensorSpec(None, t), output_types)
            else:
                spec = S.map_structure(lambda t, s: TensorSpec(s, t), output_types,
                                       _shapes_like(output_types, output_shapes))
        arguments = () if args is None else tuple(S.normalize(a) for a in args)
        specs, example = S.flatten(spec), spec

        def convert_one(value):
            values = _flatten_up_to(example, value)
            out = []
            for s, v in zip(specs, values):
                host = np.asarray(v.numpy() if type(v) is Tensor else v,
                                  dtype=s.dtype.as_numpy_dtype)
                if not S.compatible(s.shape, host.shape):
                    raise InvalidArgumentError(
                        None, "IteratorGetNext",
                        f"TypeError: `generator` yielded an element of shape {host.shape} "
                        f"where an element of shape {s.shape} was expected.")
                out.append(wrap(ivy.asarray(host)))
            return S.pack(example, out)

        def make():
            for value in generator(*(a.numpy() for a in arguments)):
                yield convert_one(value)
        return Dataset(make, spec, UNKNOWN, "_FlatMapDataset")

    # ---- properties -----------------------------------------------------------------------------
    @property
    def element_spec(self):
        if callable(self._spec):
            self._spec = self._spec()
        return self._spec

    def cardinality(self):
        return _scalar(self._card, "int64")

    def __len__(self):
        if self._card == INFINITE:
            raise TypeError("The dataset is infinite.")
        if self._card == UNKNOWN:
            raise TypeError("The dataset length is unknown.")
        return self._card

    def __iter__(self):
        return OwnedIterator(self)

    def __bool__(self):
        return True

    def __repr__(self):
        return f"<{self._kind} element_spec={self.element_spec!r}>"

    def as_numpy_iterator(self):
        return NumpyIterator(self)

    def options(self):
        return self._options if self._options is not None else Options()

    def with_options(self, options, name=None):
        out = self._reorder("_OptionsDataset", self._card, lambda f: f())
        out._options = options if self._options is None else self._options.merge(options)
        return out

    def _derive(self, make, spec, card, kind):
        return Dataset(make, spec, card, kind, self)

    def _reorder(self, kind, card, order):
        """A transformation that only selects and orders items: ``order(factory)`` gives its
        items from a factory of the input's items (elements, or slice indices)."""
        source = self
        out = self._derive(lambda: order(source._make), self._spec, card, kind)
        if source._rows is not None:
            template, natives, indices = source._rows
            out._rows = (template, natives, lambda: order(indices))
        return out

    # ---- transformations ------------------------------------------------------------------------
    def apply(self, transformation_func):
        out = transformation_func(self)
        if not isinstance(out, Dataset):
            raise TypeError(f"`transformation_func` must return a `tf.data.Dataset` object. "
                            f"Got {type(out)}.")
        return out

    def prefetch(self, buffer_size, name=None):
        _int(buffer_size)
        return self._reorder("_PrefetchDataset", self._card, lambda f: f())

    def cache(self, filename="", name=None):
        if filename:
            raise NotImplementedError("tf.data.Dataset.cache(filename): a file cache is not "
                                      "supported by ivy's tensorflow frontend (in memory only)")
        stores = {}         # one per item kind (elements, slice indices)

        def order(factory):
            store = stores.setdefault(id(factory), [])
            if store and store[-1] is _END:
                return iter(store[:-1])
            del store[:]
            return _caching(factory(), store)
        return self._reorder("CacheDataset", self._card, order)

    def take(self, count, name=None):
        n = _int(count)
        card = self._card if n < 0 or self._card == UNKNOWN else \
            (n if self._card == INFINITE else min(n, self._card))
        return self._reorder("_TakeDataset", card, lambda f: f() if n < 0 else
                             itertools.islice(f(), n))

    def skip(self, count, name=None):
        n, c = _int(count), self._card
        card = c if c in (INFINITE, UNKNOWN) else (0 if n < 0 else max(0, c - n))
        return self._reorder("_SkipDataset", card, lambda f: iter(()) if n < 0 else
                             itertools.islice(f(), n, None))

    def repeat(self, count=None, name=None):
        n = -1 if count is None else _int(count)
        c = self._card
        if n == 0 or c == 0:
            card = 0
        elif c == UNKNOWN:
            card = UNKNOWN
        elif n < 0 or c == INFINITE:
            card = INFINITE
        else:
            card = c * n

        def order(factory):
            epochs = itertools.count() if n < 0 else range(n)
            for _ in epochs:
                empty = True
                for item in factory():
                    empty = False
                    yield item
                if empty:
                    return
        return self._reorder("_RepeatDataset", card, order)

    def enumerate(self, start=0, name=None):
        counter = Dataset.counter(start)
        out = Dataset.zip((counter, self))
        out._options = self._options
        return out

    def concatenate(self, dataset, name=None):
        spec = S.common_spec(self.element_spec, dataset.element_spec)
        a, b = self._card, dataset._card
        card = INFINITE if INFINITE in (a, b) else UNKNOWN if UNKNOWN in (a, b) else a + b
        return self._derive(lambda: itertools.chain(self._make(), dataset._make()), spec, card,
                            "_ConcatenateDataset")

    def map(self, map_func, num_parallel_calls=None, deterministic=None, synchronous=None,
            use_unbounded_threadpool=False, name=None):
        source = self
        if num_parallel_calls is not None:
            _int(num_parallel_calls)

        def make():
            for element in source._make():
                out = _call(map_func, element)
                out = () if out is None else S.normalize_output(out)
                if not S.flatten(out):
                    raise invalid_argument("Length for attr 'output_types' of 0 must be at "
                                           "least minimum 1", "MapDataset")
                yield out
        kind = "_MapDataset" if num_parallel_calls is None else "_ParallelMapDataset"
        return self._derive(make, lambda: _traced_spec(map_func, source), self._card, kind)

    def filter(self, predicate, name=None):
        source = self

        def keep(element):
            out = _call(predicate, element)
            t = out if type(out) is Tensor else wrap(convert(out)) if isinstance(
                out, (bool, np.bool_)) else None
            if t is None or t.dtype.name != "bool" or t.shape.rank != 0:
                got = S.spec_of(S.normalize_output(out))
                raise ValueError(f"Invalid `predicate`. `predicate` must return a `tf.bool` "
                                 f"scalar tensor, but its return type is {got!r}.")
            return bool(t.numpy())

        def make():
            return (e for e in source._make() if keep(e))
        return self._derive(make, self._spec, UNKNOWN, "_FilterDataset")

    def take_while(self, predicate, name=None):
        source = self

        def make():
            for element in source._make():
                if not bool(_call(predicate, element)):
                    return
                yield element
        return self._derive(make, self._spec, UNKNOWN, "_TakeWhileDataset")

    def shard(self, num_shards, index, name=None):
        n, i = _int(num_shards), _int(index)
        if n <= 0:
            raise invalid_argument("Number of shards must be greater than zero (currently "
                                   f"num_shards = {n}).", "ShardDataset")
        if not 0 <= i < n:
            raise invalid_argument(f"Index must be between 0 and {n - 1} (currently index = "
                                   f"{i}).", "ShardDataset")
        c = self._card
        card = c if c in (INFINITE, UNKNOWN) else c // n + (c % n > i)
        return self._reorder("_ShardDataset", card,
                             lambda f: itertools.islice(f(), i, None, n))

    def flat_map(self, map_func, name=None):
        source = self

        def inner(element):
            out = _call(map_func, element)
            if not isinstance(out, Dataset):
                raise TypeError("The `map_func` argument must return a `Dataset` object.")
            return out

        def make():
            for element in source._make():
                yield from inner(element)._make()
        return self._derive(make, lambda: _inner_spec(source, inner), UNKNOWN,
                            "_FlatMapDataset")

    def interleave(self, map_func, cycle_length=None, block_length=None,
                   num_parallel_calls=None, deterministic=None, name=None):
        """The InterleaveDataset kernel's order: ``cycle_length`` open datasets, round robin,
        ``block_length`` elements from each; a finished one's slot takes the next input."""
        cycle = (os.cpu_count() or 1) if cycle_length in (None, AUTOTUNE) else \
            _int(cycle_length)
        block = 1 if block_length is None else _int(block_length)
        if cycle <= 0 or block <= 0:
            raise invalid_argument("cycle_length and block_length must be greater than zero.",
                                   "InterleaveDataset")
        source = self

        def inner(element):
            out = _call(map_func, element)
            if not isinstance(out, Dataset):
                raise TypeError("The `map_func` argument must return a `Dataset` object.")
            return out

        def make():
            inputs, slots = source._make(), [None] * cycle
            index = taken = open_ = 0
            ended = False
            while not ended or open_:
                if slots[index] is not None:
                    element = next(slots[index], _END)
                    if element is not _END:
                        yield element
                        taken += 1
                        if taken == block:
                            index, taken = (index + 1) % cycle, 0
                        continue
                    slots[index], open_ = None, open_ - 1
                    index, taken = (index + 1) % cycle, 0
                elif not ended:
                    element = next(inputs, _END)
                    if element is _END:
                        ended = True
                    else:
                        slots[index], open_ = inner(element)._make(), open_ + 1
                else:
                    index, taken = (index + 1) % cycle, 0
        kind = "_InterleaveDataset" if num_parallel_calls is None else \
            "_ParallelInterleaveDataset"
        return self._derive(make, lambda: _inner_spec(source, inner), UNKNOWN, kind)

    def window(self, size, shift=None, stride=1, drop_remainder=False, name=None):
        n = _int(size)
        step = n if shift is None else _int(shift)
        every = _int(stride)
        if n <= 0 or step <= 0 or every <= 0:
            raise invalid_argument("Window size, shift and stride must be greater than zero.",
                                   "WindowDataset")
        drop, span = bool(drop_remainder), (n - 1) * every + 1
        c = self._card
        if c < 0:
            card = c
        elif drop:
            card = 0 if c < span else (c - span) // step + 1
        else:
            card = -(-c // step)
        source, spec = self, self._spec

        def make():
            buffer, base, start = [], 0, 0      # buffer[0] is input element number ``base``
            for element in source._make():
                buffer.append(element)
                while base + len(buffer) - start >= span:
                    at = start - base
                    yield _window(buffer[at:at + span:every], source)
                    start += step
                    gone = min(start - base, len(buffer))
                    del buffer[:gone]
                    base += gone
            while not drop and start - base < len(buffer):
                at = start - base
                yield _window(buffer[at:at + span:every], source)
                start += step
        return self._derive(make, lambda: S.map_structure(
            lambda s: DatasetSpec(s), source.element_spec), card, "_WindowDataset")

    @staticmethod
    def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=True):
        datasets = list(datasets)
        if not datasets:
            raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
        choice = choice_dataset.element_spec
        if not isinstance(choice, TensorSpec) or choice.dtype.name != "int64" or \
                choice.shape.rank != 0:
            raise TypeError(f"Invalid `choice_dataset`. Elements of `choice_dataset` must be "
                            f"scalar `tf.int64` tensors but are {choice}.")
        return _directed(choice_dataset, datasets, stop_on_empty_dataset)

    @staticmethod
    def random(seed=None, rerandomize_each_iteration=None, name=None):
        """The RandomDataset kernel's int64 values (32-bit Philox words), TensorFlow's for a
        seed; ``rerandomize_each_iteration`` draws each iteration's seeds from the dataset's
        own stream, as ``shuffle``."""
        s0, s1 = _seed_pair(seed)
        parent = _Philox(s0, s1)

        def make():
            g = _Philox(parent(), parent()) if rerandomize_each_iteration else _Philox(s0, s1)
            return (_scalar(g(), "int64") for _ in itertools.count())
        return Dataset(make, TensorSpec((), "int64"), INFINITE, "_RandomDataset")

    @staticmethod
    def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False,
                             rerandomize_each_iteration=None):
        """TensorFlow's selector: ``Dataset.random(seed).batch(2)`` as the seeds of a stateless
        categorical draw over ``log(weights)``, one per element."""
        from .. import _random as R
        datasets = list(datasets)
        if not datasets:
            raise ValueError("Invalid `datasets`. `datasets` should not be empty.")
        if isinstance(weights, Dataset):
            raise NotImplementedError("tf.data.Dataset.sample_from_datasets with a Dataset of "
                                      "weights is not supported by ivy's tensorflow frontend")
        if weights is None:
            logits = wrap(convert([[1.0] * len(datasets)]))
        else:
            if type(weights) is not Tensor:
                if len(datasets) != len(weights):
                    raise ValueError(f"Invalid `weights`. `weights` should have the same length "
                                     f"as `datasets` but got `len(weights)={len(weights)}` vs. "
                                     f"`len(datasets)={len(datasets)}`.")
                kept = [(d, w) for d, w in zip(datasets, weights) if w > 0]
                datasets, weights = ([d for d, _ in kept], [w for _, w in kept]) if kept else \
                    ([datasets[0].take(0)], [1.0])
            w = weights if type(weights) is Tensor else wrap(convert(weights))
            if w.dtype.name not in ("float32", "float64"):
                raise TypeError(f"Invalid `weights`. `weights` type must be either `tf.float32` "
                                f"or `tf.float64` but is {w.dtype!r}.")
            logits = wrap(ivy.expand_dims(ivy.log(w._data), axis=0))
        if len(datasets) == 1:
            return datasets[0]
        selector = Dataset.random(seed, rerandomize_each_iteration).batch(2).map(
            lambda pair: wrap(ivy.reshape(R.stateless_categorical(logits, 1, pair)._data, ())))
        return _directed(selector, datasets, stop_on_empty_dataset)

    def scan(self, initial_state, scan_func, name=None):
        source, state0 = self, S.normalize(initial_state)

        def make():
            state = state0
            for element in source._make():
                new, out = scan_func(state, element)
                state = _checked_state(state, S.normalize(new))
                yield S.normalize_output(out)
        return self._derive(make, lambda: _first_spec(make), self._card, "_ScanDataset")

    def unbatch(self, name=None):
        spec = S.unbatched_spec(self.element_spec)
        source = self
        known = [s.shape[0] for s in S.flatten(self.element_spec)]
        sizes = sorted({k for k in known if k is not None})
        if len(sizes) > 1:
            raise ValueError(f"`unbatch()` is only supported for datasets of elements whose "
                             f"components have a matching leading dimension. Encountered both "
                             f"{sizes[0]} and {sizes[1]}.")
        c = self._card
        card = c * known[0] if (c >= 0 and known and known[0] is not None) else \
            (INFINITE if c == INFINITE else UNKNOWN)

        def make():
            for element in source._make():
                leaves = S.flatten(element)
                sizes = {t.shape[0] for t in leaves}
                if len(sizes) > 1:
                    raise invalid_argument("Input element must have the same batch size in "
                                           "each component. Component 0 had size "
                                           f"{leaves[0].shape[0]} but component 1 had size "
                                           f"{leaves[1].shape[0]}.", "IteratorGetNext")
                natives = [t._data for t in leaves]
                for i in range(sizes.pop() if sizes else 0):
                    yield S.pack(element, [wrap(a[i]) for a in natives])
        return self._derive(make, spec, card, "_UnbatchDataset")

    def batch(self, batch_size, drop_remainder=False, num_parallel_calls=None,
              deterministic=None, name=None):
        n, drop = _int(batch_size), bool(drop_remainder)
        if n <= 0:
            raise invalid_argument("Batch size must be greater than zero.", "BatchDatasetV2")
        source = self

        def make():
            if source._rows is not None:            # slices: one gather per component
                template, natives, indices = source._rows
                for group in _groups(indices(), n, drop):
                    at = ivy.asarray(np.asarray(group, dtype=np.int64))
                    yield S.pack(template, [wrap(ivy.take(a, at, axis=0)) for a in natives])
                return
            for group in _groups(source._make(), n, drop):
                yield S.pack(group[0], [_stack(parts, i) for i, parts in
                                        enumerate(zip(*map(S.flatten, group)))])
        return self._derive(make, lambda: S.batched_spec(source.element_spec,
                                                         n if drop else None),
                            _batched_card(self._card, n, drop), "_BatchDataset")

    def padded_batch(self, batch_size, padded_shapes=None, padding_values=None,
                     drop_remainder=False, name=None):
        n, drop = _int(batch_size), bool(drop_remainder)
        if n <= 0:
            raise invalid_argument("Batch size must be greater than zero.",
                                   "PaddedBatchDatasetV2")
        spec = self.element_spec
        if padded_shapes is None:
            for i, s in enumerate(S.flatten(spec)):
                if s.shape.rank is None:
                    raise ValueError(f"You must provide `padded_shapes` argument because "
                                     f"component {i} has unknown rank.")
            shapes = S.map_structure(lambda s: s.shape, spec)
        else:
            shapes = S.map_structure(lambda s, p: _padded_shape(s, p), spec,
                                     _shapes_like(spec, padded_shapes))
        if padding_values is None:
            pads = S.map_structure(lambda s: 0, spec)
        elif not isinstance(padding_values, (tuple, dict)):
            pads = S.map_structure(lambda s: padding_values, spec)
        else:
            pads = padding_values
        _same_layout(spec, pads)
        pad_list = [_padding_value(s, v) for s, v in zip(S.flatten(spec), S.flatten(pads))]
        shape_list = S.flatten(S.map_structure(lambda s: s, shapes))
        out_spec = S.map_structure(
            lambda s, shp: TensorSpec([n if drop else None] + (shp.as_list()), s.dtype),
            spec, shapes)
        source = self

        def make():
            for group in _groups(source._make(), n, drop):
                leaves = []
                for i, parts in enumerate(zip(*map(S.flatten, group))):
                    leaves.append(_pad_stack(parts, shape_list[i], pad_list[i]))
                yield S.pack(group[0], leaves)
        return self._derive(make, out_spec, _batched_card(self._card, n, drop),
                            "_PaddedBatchDataset")

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=True, name=None):
        size = _int(buffer_size)
        if size <= 0 and size != UNKNOWN:
            raise invalid_argument("buffer_size must be greater than zero or "
                                   "UNKNOWN_CARDINALITY", "ShuffleDatasetV3")
        if size == UNKNOWN:
            raise NotImplementedError("tf.data.Dataset.shuffle(buffer_size="
                                      "UNKNOWN_CARDINALITY) is not supported by ivy's "
                                      "tensorflow frontend")
        s0, s1 = _seed_pair(seed)
        reshuffle = True if reshuffle_each_iteration is None else bool(reshuffle_each_iteration)
        parent = _Philox(s0, s1)

        def order(factory):
            pair = (parent(), parent()) if reshuffle else (s0, s1)
            return _shuffled(factory(), size, _Philox(*pair))
        return self._reorder("_ShuffleDataset", self._card, order)

    def reduce(self, initial_state, reduce_func, name=None):
        state = S.normalize(initial_state)
        for element in self._make():
            state = _checked_state(state, S.normalize_output(reduce_func(state, element)))
        return state

    def get_single_element(self, name=None):
        it = self._make()
        first = next(it, None)
        if first is None:
            raise invalid_argument("Dataset was empty.", "DatasetToSingleElement")
        if next(it, None) is not None:
            raise invalid_argument("Dataset had more than one element.",
                                   "DatasetToSingleElement")
        return first

    def unique(self, name=None):
        source = self

        def make():
            seen = set()
            for element in source._make():
                key = element.numpy().item()
                if key not in seen:
                    seen.add(key)
                    yield element
        return self._derive(make, self._spec, UNKNOWN, "_UniqueDataset")


# ---- helpers --------------------------------------------------------------------------------

def _element(value):
    element = S.normalize(value) if value is not None else ()
    if not S.flatten(element):
        raise ValueError("Invalid `element`. `element` should not be empty.")
    return element


def _shapes_like(structure, shapes):
    """``shapes`` as TensorShapes in ``structure``'s layout (a shape is a leaf there)."""
    flat = S.flatten(structure)
    if len(flat) == 1 and not isinstance(structure, (tuple, dict)):
        return TensorShape(shapes)
    return S.map_structure(lambda _, s: TensorShape(s), structure,
                           _flatten_up_to_shapes(structure, shapes))


def _flatten_up_to_shapes(structure, shapes):
    if isinstance(structure, dict):
        return type(structure)((k, _flatten_up_to_shapes(structure[k], shapes[k]))
                               for k in structure)
    if isinstance(structure, tuple):
        return type(structure)(*(_flatten_up_to_shapes(a, b) for a, b in zip(structure,
                                                                              shapes))) \
            if S._is_namedtuple(structure) else tuple(
                _flatten_up_to_shapes(a, b) for a, b in zip(structure, shapes))
    return shapes


def _flatten_up_to(structure, value) -> list:
    if isinstance(structure, dict):
        return [v for k in structure for v in _flatten_up_to(structure[k], value[k])]
    if isinstance(structure, tuple):
        if not isinstance(value, (tuple, list)) or len(value) != len(structure):
            raise InvalidArgumentError(
                None, "IteratorGetNext", "TypeError: `generator` yielded an element that did "
                f"not match the expected structure. The expected structure was {structure}, "
                f"but the yielded element was {value}.")
        return [v for s, x in zip(structure, value) for v in _flatten_up_to(s, x)]
    return [value]


def _same_layout(spec, values):
    if not S.same_structure(spec, S.map_structure(lambda v: v, values)):
        n, m = len(S.flatten(spec)), len(S.flatten(values))
        raise ValueError(f"The two structures don't have the same sequence length. Input "
                         f"structure has length {n}, while shallow structure has length {m}.")


def _padding_value(spec, value):
    """A component's padding value: a scalar of the component's dtype (converted on its own:
    a Python ``-1`` pads int32 components only, as in TensorFlow)."""
    want = spec.dtype.name
    if isinstance(value, (str, bytes)):
        have = "string"
    else:
        t = value if type(value) is Tensor else wrap(convert(value))
        if t.shape.rank != 0:
            raise ValueError(f"Invalid `padding_values`. `padding_values` values should be "
                             f"scalars, but got {tuple(t.shape.as_list())}.")
        have = t.dtype.name
        if have == want:
            return t
    raise TypeError(f"Invalid `padding_values`. `padding_values` values type <dtype: "
                    f"'{have}'> does not match type <dtype: '{want}'> of the corresponding "
                    f"input component.")


def _padded_shape(spec, shape):
    want = TensorShape([None if d is not None and d < 0 else d for d in (
        shape.as_list() if shape.rank is not None else ())]) if shape.rank is not None else shape
    have = spec.shape
    if have.rank is not None and (want.rank != have.rank or any(
            w is not None and h is not None and w < h for w, h in zip(want.as_list(),
                                                                      have.as_list()))):
        raise ValueError(f"The padded shape {want} is not compatible with the shape "
                         f"{have} of the corresponding input component.")
    return want


def _groups(it, n, drop):
    while True:
        group = list(itertools.islice(it, n))
        if not group or (drop and len(group) < n):
            return
        yield group


def _batched_card(c, n, drop):
    if c < 0:
        return c
    return c // n if drop else -(-c // n)


def _stack(parts, component):
    first = parts[0].shape
    for j, t in enumerate(parts[1:], 1):
        if t.shape != first:
            raise invalid_argument(f"Cannot batch tensors with different shapes in component "
                                   f"{component}. First element had shape "
                                   f"{first.as_list()} and element {j} had shape "
                                   f"{t.shape.as_list()}.", "IteratorGetNext")
    return wrap(ivy.stack([t._data for t in parts]))


def _pad_stack(parts, shape, pad):
    dims = [p.shape.as_list() for p in parts]
    rank = len(dims[0])
    target = []
    for k in range(rank):
        biggest = max(d[k] for d in dims)
        want = shape[k] if shape.rank is not None else None
        target.append(biggest if want is None else want)
    rows = []
    for t, d in zip(parts, dims):
        if any(a > b for a, b in zip(d, target)):
            raise DataLossError(None, "IteratorGetNext", "Attempted to pad to a smaller size "
                                "than the input element. [Op:IteratorGetNext]")
        a = t._data
        if d != target:
            a = ivy.pad(a, [(0, b - x) for x, b in zip(d, target)],
                        value=pad.numpy().item())
        rows.append(a)
    return wrap(ivy.stack(rows))


def _checked_state(old, new):
    """A reduce/scan state must keep its structure and dtypes (TensorFlow checks the traced
    function's output against the initial state)."""
    if not S.same_structure(old, new):
        raise TypeError(f"The element types for the new state must match the initial state. "
                        f"Expected {S.spec_of(old)}; got {S.spec_of(new)}.")
    for a, b in zip(S.flatten(old), S.flatten(new)):
        if a.dtype != b.dtype:
            raise TypeError(f"The element types for the new state must match the initial "
                            f"state. Expected {a.dtype!r}; got {b.dtype!r}.")
    return new


def _caching(it, store):
    for element in it:
        store.append(element)
        yield element
    store.append(_END)          # complete: later iterations replay the store


def _seed_pair(seed):
    """The kernel's seeds for an op seed: tf.data's ``get_seed``, then RandomSeeds' fresh 64-bit
    pair for (0, 0)."""
    seeds = _random.get_seed(seed)
    s0, s1 = (0, 0) if seeds is None else seeds
    if (s0 | s1) == 0:
        s0, s1 = (int.from_bytes(os.urandom(8), "little") for _ in range(2))
    return s0, s1


def _directed(selector, datasets, stop_on_empty):
    """The DirectedInterleave kernel: each selector value picks the input giving the next
    element; an exhausted input ends it (``stop_on_empty``) or is passed over until all are."""
    spec = datasets[0].element_spec
    for d in datasets[1:]:
        spec = S.common_spec(spec, d.element_spec)
    stop = bool(stop_on_empty)

    def make():
        its = [d._make() for d in datasets]
        left = len(its)
        for c in selector._make():
            i = int(c.numpy())
            if not 0 <= i < len(its):
                raise invalid_argument(f"Selector index out of range [0, {len(its)}), got {i}",
                                       "IteratorGetNext")
            element = _END if its[i] is None else next(its[i], _END)
            if element is _END:
                if stop:
                    return
                if its[i] is not None:
                    its[i], left = None, left - 1
                if not left:
                    return
                continue
            yield element
    return Dataset(make, spec, UNKNOWN, "_DirectedInterleaveDataset")


def _window(elements, source):
    """One window of ``Dataset.window``: a dataset per component (structured as the element)."""
    if not elements:
        return S.map_structure(lambda s: Dataset(lambda: iter(()), s, 0, "_VariantDataset"),
                               source.element_spec)
    flat = [S.flatten(e) for e in elements]
    return S.pack(elements[0], [
        Dataset(lambda k=k: (row[k] for row in flat), spec, len(elements), "_VariantDataset")
        for k, spec in enumerate(S.flatten(source.element_spec))])


class DatasetSpec:
    """``tf.data.DatasetSpec``: the spec of a dataset-valued element (``window``)."""
    __module__ = "tensorflow.data"

    def __init__(self, element_spec, dataset_shape=()):
        self.element_spec = element_spec
        self._shape = TensorShape(dataset_shape)

    def __eq__(self, other):
        return isinstance(other, DatasetSpec) and repr(self) == repr(other)

    __hash__ = None

    def __repr__(self):
        return f"DatasetSpec({self.element_spec!r}, {self._shape!r})"


def _inner_spec(source, inner):
    """``flat_map``/``interleave``: the element spec of the dataset ``inner`` makes of the first
    input element (TensorFlow traces it symbolically)."""
    first = next(source._make(), _END)
    if first is _END:
        raise NotImplementedError("tf.data: the element spec of flat_map/interleave over an "
                                  "empty dataset is unknown to ivy's tensorflow frontend")
    return inner(first).element_spec


def _first_spec(make):
    it = make()
    first = next(it, None)
    if first is None:
        raise NotImplementedError("tf.data: the element spec of an empty dataset of a traced "
                                  "function's results is unknown to ivy's tensorflow frontend")
    return S.spec_of(first)


def _traced_spec(fn, source):
    """``map``'s element spec: ``fn`` on dummy elements whose unknown dimensions are 2, then 3
    long; result dimensions that differ between the two are unknown."""
    spec = source.element_spec
    if any(s.shape.rank is None for s in S.flatten(spec)):
        return _unknown_rank(_first_spec(lambda: (S.normalize_output(_call(fn, e))
                                                  for e in source._make())))
    try:
        outs = [S.spec_of(S.normalize_output(_call(fn, S.zeros_like_spec(spec, fill))))
                for fill in (2, 3)]
    except Exception:  # noqa: BLE001 - the dummy input is not a real element; use the first
        return _first_spec(lambda: (S.normalize_output(_call(fn, e)) for e in source._make()))
    if not S.same_structure(*outs):
        return _first_spec(lambda: (S.normalize_output(_call(fn, e)) for e in source._make()))
    return S.map_structure(lambda a, b: TensorSpec(S.merge_shapes(a.shape, b.shape), a.dtype),
                           *outs)


def _unknown_rank(spec):
    return S.map_structure(lambda s: TensorSpec(None, s.dtype), spec)


class _Philox:
    """TensorFlow's ``SingleSampleAdapter<PhiloxRandom>(seed, seed2)``: 32-bit words, four a
    block, the key ``seed`` and the counter's high half ``seed2``."""

    def __init__(self, seed, seed2):
        self.key = seed & _M64
        self.counter = (seed2 & _M64) << 64
        self.words = []

    def __call__(self) -> int:
        if not self.words:
            self.words = _random._philox_host(self.counter, self.key)[::-1]
            self.counter += 1
        return self.words.pop()


def _shuffled(it, size, rng):
    """The ShuffleDataset kernel's order: a ring buffer of ``size`` elements, refilled before
    each output; the output is the element at a random offset from the oldest slot, swapped
    into that slot."""
    buffer = [None] * size
    start = end = 0
    exhausted = False
    while True:
        while not exhausted and end - start < size:
            element = next(it, _END)
            if element is _END:
                exhausted = True
                break
            buffer[end % size] = element
            end += 1
        if end == start:
            return
        index = (start + rng() % (end - start)) % size
        head = start % size
        out = buffer[index]
        buffer[index], buffer[head] = buffer[head], None
        start += 1
        yield out


_END = object()
_TAKEN = object()


class _Failed:
    __slots__ = ("error",)

    def __init__(self, error):
        self.error = error


class OwnedIterator:
    """``iter(dataset)``."""
    __module__ = "tensorflow.data"

    def __init__(self, dataset):
        self._dataset = dataset
        self._it = dataset._make()
        # TensorFlow builds the whole pipeline's iterators as iter() runs (a reshuffling
        # shuffle inside a batch draws its seeds then); the element generators here start on
        # their first next(), so that one is taken now (an error it raises waits for next())
        try:
            self._first = next(self._it, _END)
        except Exception as e:  # noqa: BLE001 - raised again by the first next()
            self._first = _Failed(e)

    element_spec = property(lambda self: self._dataset.element_spec)

    def __iter__(self):
        return self

    def __next__(self):
        first = self._first
        if first is _TAKEN:
            return next(self._it)
        self._first = _TAKEN
        if first is _END:
            self._it = iter(())
            raise StopIteration
        if type(first) is _Failed:
            raise first.error
        return first

    next = __next__

    def get_next(self):
        try:
            return next(self)
        except StopIteration:
            raise OutOfRangeError(None, "IteratorGetNext",
                                  "End of sequence [Op:IteratorGetNext]") from None


class NumpyIterator:
    """``Dataset.as_numpy_iterator()``: elements with numpy values."""
    __module__ = "tensorflow.data"

    def __init__(self, dataset):
        self._it = dataset._make()

    def __iter__(self):
        return self

    def __next__(self):
        return S.map_structure(lambda t: t.numpy(), next(self._it))

    next = __next__

    def __repr__(self):
        return f"NumpyIterator(iterator={self._it!r})"


class Options:
    """``tf.data.Options``: the settings are recorded (eager iteration has nothing to tune)."""
    __module__ = "tensorflow.data"
    _NAMES = ("autotune", "dataset_name", "deterministic", "experimental_deterministic",
              "experimental_distribute", "experimental_external_state_policy",
              "experimental_optimization", "experimental_service", "experimental_slack",
              "experimental_symbolic_checkpoint", "experimental_threading",
              "experimental_warm_start", "framework_type", "threading")

    def __init__(self):
        for n in self._NAMES:
            object.__setattr__(self, n, None)
        for n in ("autotune", "experimental_distribute", "experimental_optimization",
                  "experimental_service", "threading"):
            object.__setattr__(self, n, _Group(n))
        object.__setattr__(self, "experimental_threading", self.threading)

    def __setattr__(self, name, value):
        if name not in self._NAMES:
            raise AttributeError(f"Cannot set the property {name} on Options.")
        if name == "experimental_deterministic":
            name = "deterministic"
        object.__setattr__(self, name, value)

    def __getattribute__(self, name):
        if name == "experimental_deterministic":
            name = "deterministic"
        return object.__getattribute__(self, name)

    def merge(self, options):
        out = Options()
        for n in self._NAMES:
            if n in ("experimental_threading", "experimental_deterministic"):
                continue
            mine, theirs = getattr(self, n), getattr(options, n)
            if isinstance(mine, _Group):
                merged = _Group(n)
                merged.__dict__.update(mine.__dict__)
                merged.__dict__.update({k: v for k, v in theirs.__dict__.items()
                                        if v is not None})
                object.__setattr__(out, n, merged)
            else:
                object.__setattr__(out, n, theirs if theirs is not None else mine)
        object.__setattr__(out, "experimental_threading", out.threading)
        return out

    def __eq__(self, other):
        return isinstance(other, Options) and all(
            _value(getattr(self, n)) == _value(getattr(other, n)) for n in self._NAMES)

    __hash__ = None


def _value(v):
    return v.__dict__ if isinstance(v, _Group) else v


class _Group:
    """A nested options group (``options.threading.private_threadpool_size = 1``...)."""

    def __init__(self, name):
        self.__dict__["_name"] = name

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return None

    def __eq__(self, other):
        return isinstance(other, _Group) and self.__dict__ == other.__dict__


def _unsupported(name, static=False):
    def f(*args, **kwargs):
        raise NotImplementedError(f"tf.data.Dataset.{name} is not supported by ivy's tensorflow "
                                  f"frontend")
    f.__name__ = f.__qualname__ = name
    return staticmethod(f) if static else f


# the rest of TensorFlow 2.21's Dataset API: files, sparse/ragged elements, checkpoints, and
# random sampling whose TensorFlow order is not reproduced
for _name in ("bucket_by_sequence_length", "fingerprint", "group_by_window", "ignore_errors",
              "ragged_batch", "rebatch", "rejection_resample", "save", "snapshot",
              "sparse_batch"):
    setattr(Dataset, _name, _unsupported(_name))
for _name in ("list_files", "load"):
    setattr(Dataset, _name, _unsupported(_name, static=True))
del _name
