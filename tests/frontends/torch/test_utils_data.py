"""torch.utils.data on the frontend vs real torch: collation, datasets, samplers, DataLoader
(deterministic results compared with torch; shuffled orders checked for reproducibility under the
frontend's seed and for covering every index once per epoch)."""
import collections
import inspect
import warnings

import numpy as np
import pytest

import ivy
import ivy.frontends.torch as ft
import ivy.frontends.torch.utils.data as fdata

torch = pytest.importorskip("torch")
tdata = torch.utils.data

P = collections.namedtuple("P", "a b")


def same(got, want):
    """Frontend result equals torch's: container types, tensor dtypes/shapes/values, leaves."""
    if isinstance(want, torch.Tensor):
        assert isinstance(got, ft.Tensor), type(got)
        assert str(got.dtype) == str(want.dtype) and tuple(got.shape) == tuple(want.shape), (
            got.dtype, want.dtype, got.shape, want.shape)
        np.testing.assert_array_equal(np.asarray(got), want.numpy())
    elif isinstance(want, (tuple, list, dict)):
        assert type(got) is type(want), (type(got), type(want))
        assert len(got) == len(want)
        if isinstance(want, dict):
            assert list(got) == list(want)
        for g, w in (zip(got.values(), want.values()) if isinstance(want, dict) else
                     zip(got, want)):
            same(g, w)
    else:
        assert type(got) is type(want) and got == want, (got, want)


def error_of(fn):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            fn()
    except Exception as e:  # noqa: BLE001
        return e
    return None


def both_raise(ours, theirs, message=False):
    """Both raise, ours an instance of torch's exception type (with its message if asked)."""
    want = error_of(theirs)
    assert want is not None, "torch accepted it"
    got = error_of(ours)
    assert isinstance(got, type(want)), (got, want)
    if message:
        assert str(got) == str(want)


# ---- signatures -------------------------------------------------------------------------------
NAMES = ("Dataset", "IterableDataset", "TensorDataset", "Subset", "ConcatDataset",
         "ChainDataset", "StackDataset", "Sampler", "SequentialSampler", "RandomSampler",
         "SubsetRandomSampler", "WeightedRandomSampler", "BatchSampler", "DataLoader",
         "random_split", "default_collate", "default_convert", "get_worker_info")


def params(obj):
    return [(p.name, p.kind, p.default) for p in inspect.signature(obj).parameters.values()]


def test_signatures_match_torch():
    for name in NAMES:
        ours, theirs = params(getattr(fdata, name)), params(getattr(tdata, name))
        if name == "random_split":     # the default generator is each library's own
            assert ours[-1][2] is ft._random.default_generator
            ours, theirs = ours[:-1] + [ours[-1][:2]], theirs[:-1] + [theirs[-1][:2]]
        assert ours == theirs, name
    import ivy.frontends.torch.utils as futils
    assert futils.data is fdata


# ---- default_collate / default_convert ------------------------------------------------------
COLLATE = {
    "ints": lambda T: [1, 2, 3],
    "floats": lambda T: [1.0, 2.5],
    "bools": lambda T: [True, False],
    "int_then_float": lambda T: [1, 2.0],
    "float_then_int": lambda T: [1.0, 2],
    "numpy_f32_scalars": lambda T: [np.float32(1), np.float32(2)],
    "numpy_i32_scalar": lambda T: [np.int32(7)],
    "numpy_bool_scalar": lambda T: [np.bool_(True)],
    "numpy_arrays": lambda T: [np.array([[1, 2]]), np.array([[3, 4]])],
    "numpy_f16_0d": lambda T: [np.array(1.5, dtype=np.float16)],
    "numpy_u8_arrays": lambda T: [np.arange(3, dtype=np.uint8)] * 2,
    "numpy_mixed_dtypes": lambda T: [np.array([1]), np.array([1.0], dtype=np.float32)],
    "strings": lambda T: ["a", "b"],
    "bytes": lambda T: [b"a", b"b"],
    "tuples": lambda T: [(1, "a"), (2, "b")],
    "lists": lambda T: [[1, 2], [3, 4]],
    "dicts": lambda T: [{"x": 1, "y": np.zeros(2)}, {"x": 2, "y": np.ones(2)}],
    "ordered_dict": lambda T: [collections.OrderedDict(a=1.0)] * 2,
    "namedtuples": lambda T: [P(1, 2.0), P(3, 4.0)],
    "tensors": lambda T: [T.tensor([1, 2]), T.tensor([3, 4])],
    "tensors_promoted": lambda T: [T.tensor([1, 2]), T.tensor([1.0, 2.0])],
    "tensor_0d": lambda T: [T.tensor(1.5), T.tensor(2.5)],
    "ranges": lambda T: [range(2), range(2)],
    "nested": lambda T: [((T.ones(2), [1.0]), {"k": "s"})] * 3,
}


@pytest.mark.parametrize("case", list(COLLATE))
def test_default_collate_like_torch(backend, case):
    with ivy.using_backend(backend):
        same(fdata.default_collate(COLLATE[case](ft)), tdata.default_collate(COLLATE[case](torch)))


BAD_COLLATE = {
    "object": lambda T: [object()],
    "none": lambda T: [None],
    "complex": lambda T: [1 + 2j],
    "set": lambda T: [{1, 2}],
    "numpy_str": lambda T: [np.array(["a"])],
    "numpy_object": lambda T: [np.array([object()])],
    "ragged_lists": lambda T: [[1, 2], [3]],
    "ragged_tensors": lambda T: [T.zeros(2), T.zeros(3)],
    "empty": lambda T: [],
}


@pytest.mark.parametrize("case", list(BAD_COLLATE))
def test_default_collate_errors_like_torch(backend, case):
    with ivy.using_backend(backend):
        both_raise(lambda: fdata.default_collate(BAD_COLLATE[case](ft)),
                   lambda: tdata.default_collate(BAD_COLLATE[case](torch)),
                   message=case != "ragged_tensors")


CONVERT = (lambda T: np.array([1, 2]), lambda T: np.float32(1), lambda T: 3, lambda T: "s",
           lambda T: [np.array(1), "a", 2], lambda T: (np.array(1.0),),
           lambda T: {"a": np.zeros(1, dtype=np.float32)}, lambda T: P(np.zeros(1), 1),
           lambda T: np.bool_(True), lambda T: range(2), lambda T: None, lambda T: T.ones(2))


def test_default_convert_like_torch(backend):
    with ivy.using_backend(backend):
        for make in CONVERT:
            same(fdata.default_convert(make(ft)), tdata.default_convert(make(torch)))
        strings = np.array(["a"])
        assert fdata.default_convert(strings) is strings
        assert fdata.get_worker_info() is None


# ---- datasets ---------------------------------------------------------------------------------
def test_datasets_like_torch(backend):
    with ivy.using_backend(backend):
        made = {}
        for T, D in ((ft, fdata), (torch, tdata)):
            td = D.TensorDataset(T.arange(6), T.arange(6.0).reshape(6, 1))
            c = D.ConcatDataset([[1, 2], [3, 4, 5]])
            s = D.Subset([10, 11, 12, 13], [3, 1])
            st = D.StackDataset([1, 2, 3], [4, 5, 6])
            sk = D.StackDataset(a=[1, 2, 3], b=[4, 5, 6])
            made[T] = [len(td), td[2], td[-1], len(c), c[0], c[2], c[-1], c[-5],
                       c.cumulative_sizes, len(s), s[0], s[-1], s.__getitems__([0, 1]),
                       len(st), st[1], st.__getitems__([0, 2]), sk[0], sk.__getitems__([1]),
                       len(td + td), (td + td)[7], len(D.Subset(td, [0, 5])[1])]
        same(made[ft], made[torch])

        def chain(D):
            class It(D.IterableDataset):
                def __iter__(self):
                    return iter(range(3))

                def __len__(self):
                    return 3
            return list(D.ChainDataset([It(), It()])), len(It() + It()), list(It() + It())
        same(chain(fdata), chain(tdata))
        assert isinstance(fdata.TensorDataset(ft.zeros(2)) + fdata.TensorDataset(ft.zeros(2)),
                          fdata.ConcatDataset)
        both_raise(lambda: fdata.TensorDataset(ft.zeros(2))[5],      # the Tensor's own message
                   lambda: tdata.TensorDataset(torch.zeros(2))[5])


@pytest.mark.parametrize("program", [
    lambda T, D: D.TensorDataset(T.zeros(2), T.zeros(3)),
    lambda T, D: len(D.TensorDataset()),
    lambda T, D: D.ConcatDataset([]),
    lambda T, D: D.ConcatDataset([[1, 2], [3]])[-4],
    lambda T, D: D.ConcatDataset([[1, 2], [3]])[3],
    lambda T, D: list(D.ChainDataset([[1, 2]])),
    lambda T, D: D.StackDataset([1, 2], [1]),
    lambda T, D: D.StackDataset([1, 2], b=[1, 2]),
    lambda T, D: D.StackDataset(),
    lambda T, D: D.Subset([1, 2], [5])[0],
    lambda T, D: D.Dataset()[0],
    lambda T, D: len(D.Dataset()),
    lambda T, D: D.IterableDataset(),
    lambda T, D: D.Sampler(range(3)),
    lambda T, D: iter(D.Sampler()),
    lambda T, D: len(D.Sampler()),
], ids=lambda p: "")
def test_dataset_errors_like_torch(backend, program):
    with ivy.using_backend(backend):
        both_raise(lambda: program(ft, fdata), lambda: program(torch, tdata), message=True)
        con = fdata.ConcatDataset([[0], [1]])
        with pytest.raises(ValueError, match="absolute value of index"):
            con[-3]


# ---- random_split -----------------------------------------------------------------------------
SPLITS = [(10, [3, 7]), (10, [0.3, 0.7]), (10, [0.33, 0.33, 0.34]), (11, [0.5, 0.5]),
          (11, [0.1] * 10), (10, [0.25, 0.25, 0.5]), (10, [0.0, 0.0, 1.0]), (10, (5, 5)),
          (10, [1.0, 0.0]), (11, [0.2] * 3 + [0.4] + [0.0] * 3)]


def test_random_split_sizes_like_torch(backend):
    with ivy.using_backend(backend):
        for n, lengths in SPLITS:
            with warnings.catch_warnings(record=True) as ours:
                warnings.simplefilter("always")
                got = fdata.random_split(range(n), lengths)
            with warnings.catch_warnings(record=True) as theirs:
                warnings.simplefilter("always")
                want = tdata.random_split(range(n), lengths)
            assert [len(s) for s in got] == [len(s) for s in want], (n, lengths)
            assert [str(w.message) for w in ours] == [str(w.message) for w in theirs]
            assert all(isinstance(s, fdata.Subset) for s in got)
            assert sorted(i for s in got for i in s) == list(range(n))
        gen = ft.Generator().manual_seed(3)
        first = [s.indices for s in fdata.random_split(range(10), [4, 6], generator=gen)]
        gen.manual_seed(3)
        assert [s.indices for s in fdata.random_split(range(10), [4, 6], generator=gen)] == first
        ft.manual_seed(5)
        first = [list(s) for s in fdata.random_split(range(11), [0.5, 0.5])]
        ft.manual_seed(5)
        assert [list(s) for s in fdata.random_split(range(11), [0.5, 0.5])] == first


@pytest.mark.parametrize("lengths", [[3, 6], [0.3, 0.6], [0.5, 1.5, -1], [3.0, 7.0], [4, 7]])
def test_random_split_errors_like_torch(backend, lengths):
    with ivy.using_backend(backend):
        both_raise(lambda: fdata.random_split(range(10), lengths),
                   lambda: tdata.random_split(range(10), lengths),
                   message=lengths != [3.0, 7.0])


# ---- samplers ---------------------------------------------------------------------------------
def test_samplers_like_torch(backend):
    with ivy.using_backend(backend):
        ds = list(range(10))
        for build in (lambda D: list(D.SequentialSampler(ds)),
                      lambda D: list(D.BatchSampler(range(5), 2, False)),
                      lambda D: list(D.BatchSampler(range(5), 2, True)),
                      lambda D: list(D.BatchSampler(D.SequentialSampler(ds), 4, False)),
                      lambda D: [len(D.BatchSampler(range(5), 2, False)),
                                 len(D.BatchSampler(range(5), 2, True)),
                                 len(D.RandomSampler(ds)), len(D.RandomSampler(ds, True, 15)),
                                 len(D.RandomSampler(ds, num_samples=25)),
                                 len(D.SubsetRandomSampler([3, 4, 5])),
                                 len(D.WeightedRandomSampler([0.1, 0.9], 7)),
                                 len(D.SequentialSampler(ds))],
                      lambda D: sorted(D.SubsetRandomSampler([3, 4, 5])),
                      lambda D: sorted(D.RandomSampler(ds)),
                      lambda D: sorted(D.WeightedRandomSampler([1, 2, 3], 3, replacement=False)),
                      lambda D: sorted(collections.Counter(
                          D.RandomSampler(ds, num_samples=25)).values())[:5]):
            same(build(fdata), build(tdata))
        w = fdata.WeightedRandomSampler([0.1, 0.9], 3)
        same(w.weights, tdata.WeightedRandomSampler([0.1, 0.9], 3).weights)
        same(fdata.WeightedRandomSampler(ft.tensor([1, 2]), 3).weights,
             tdata.WeightedRandomSampler(torch.tensor([1, 2]), 3).weights)
        drawn = list(fdata.WeightedRandomSampler([0.0, 1.0, 0.0, 2.0], 40))
        assert len(drawn) == 40 and set(drawn) <= {1, 3}
        drawn = list(fdata.RandomSampler(ds, replacement=True, num_samples=50))
        assert len(drawn) == 50 and set(drawn) <= set(ds)
        # reproducible under the frontend's seed, and an explicit generator is used
        ft.manual_seed(1)
        a = list(fdata.RandomSampler(ds))
        ft.manual_seed(1)
        assert list(fdata.RandomSampler(ds)) == a
        gen = ft.Generator().manual_seed(4)
        b = list(fdata.RandomSampler(ds, generator=gen))
        ft.manual_seed(1)
        assert list(fdata.RandomSampler(ds, generator=ft.Generator().manual_seed(4))) == b
        assert list(fdata.SubsetRandomSampler(ds, generator=gen.manual_seed(4))) == b


@pytest.mark.parametrize("program", [
    lambda D: D.RandomSampler(range(3), replacement=1),
    lambda D: D.RandomSampler(range(3), num_samples=0),
    lambda D: D.RandomSampler(range(3), num_samples=3.0),
    lambda D: D.RandomSampler([]),
    lambda D: D.WeightedRandomSampler([0.1, 0.9], 0),
    lambda D: D.WeightedRandomSampler([0.1, 0.9], 3, replacement=1),
    lambda D: D.WeightedRandomSampler([[0.1, 0.9]], 3),
    lambda D: list(D.WeightedRandomSampler([0.1, 0.9], 3, replacement=False)),
    lambda D: list(D.WeightedRandomSampler([0.0, 0.0], 3)),
    lambda D: list(D.WeightedRandomSampler([0.1, -0.9], 3)),
    lambda D: D.BatchSampler(range(5), 0, False),
    lambda D: D.BatchSampler(range(5), True, False),
    lambda D: D.BatchSampler(range(5), 2, 1),
], ids=lambda p: "")
def test_sampler_errors_like_torch(backend, program):
    with ivy.using_backend(backend):
        both_raise(lambda: program(fdata), lambda: program(tdata),
                   message=not isinstance(error_of(lambda: program(tdata)), RuntimeError))


# ---- DataLoader -------------------------------------------------------------------------------
def tensor_ds(T, D):
    return D.TensorDataset(T.arange(10), T.arange(20.0).reshape(10, 2))


class DictDs:
    def __init__(self, T):
        self.T = T

    def __len__(self):
        return 5

    def __getitem__(self, i):
        return {"x": self.T.full((2,), float(i)), "y": i, "name": f"n{i}", "np": np.int16(i)}


LOADERS = {
    "default": lambda T, D: (tensor_ds(T, D), {}),
    "batch3": lambda T, D: (tensor_ds(T, D), {"batch_size": 3}),
    "drop_last": lambda T, D: (tensor_ds(T, D), {"batch_size": 4, "drop_last": True}),
    "no_batching": lambda T, D: (tensor_ds(T, D), {"batch_size": None}),
    "sampler": lambda T, D: (tensor_ds(T, D), {"batch_size": 2, "sampler": [9, 0, 4]}),
    "batch_sampler": lambda T, D: (tensor_ds(T, D), {"batch_sampler": [[1, 2], [7]]}),
    "negative_indices": lambda T, D: (tensor_ds(T, D), {"batch_sampler": [[-1, 2], [0, -10]]}),
    "workers": lambda T, D: (tensor_ds(T, D), {"batch_size": 5, "num_workers": 2,
                                              "prefetch_factor": 3, "persistent_workers": True,
                                              "timeout": 1.0}),
    "collate_fn": lambda T, D: (tensor_ds(T, D), {"batch_size": 4, "collate_fn": lambda b: b}),
    "dicts": lambda T, D: (DictDs(T), {"batch_size": 2}),
    "subset": lambda T, D: (D.Subset(tensor_ds(T, D), [5, 3, 1]), {"batch_size": 2}),
    "stack": lambda T, D: (D.StackDataset(a=tensor_ds(T, D), b=list(range(10))),
                           {"batch_size": 4}),
    "numpy_samples": lambda T, D: ([np.full((2, 2), i, np.float32) for i in range(5)],
                                   {"batch_size": 2, "shuffle": False}),
}


@pytest.mark.parametrize("case", list(LOADERS))
def test_dataloader_like_torch(backend, case):
    with ivy.using_backend(backend):
        ds, kw = LOADERS[case](ft, fdata)
        ours = fdata.DataLoader(ds, **kw)
        ds, kw = LOADERS[case](torch, tdata)
        theirs = tdata.DataLoader(ds, **kw)
        # torch's own worker processes are not started (forking beside JAX/TF threads); its
        # single-process loader yields the same batches
        single = {k: v for k, v in kw.items() if k not in ("num_workers", "prefetch_factor",
                                                         "persistent_workers", "timeout")}
        loaded = tdata.DataLoader(ds, **single)
        assert len(ours) == len(theirs)
        assert len(iter(ours)) == len(iter(loaded))
        same(list(ours), list(loaded))
        same(list(ours), list(loaded))     # a second epoch
        for attr in ("batch_size", "drop_last", "num_workers", "prefetch_factor", "timeout",
                     "pin_memory", "persistent_workers"):
            assert getattr(ours, attr) == getattr(theirs, attr), attr
        assert (ours.batch_sampler is None) == (theirs.batch_sampler is None)
        assert type(ours.sampler).__name__ == type(theirs.sampler).__name__ or case == "sampler"


def iterable(D, n, with_len):
    class Stream(D.IterableDataset):
        def __iter__(self):
            return iter(range(n))
    if with_len:
        Stream.__len__ = lambda self: n
    return Stream()


@pytest.mark.parametrize("kw", [{}, {"batch_size": 3}, {"batch_size": 3, "drop_last": True},
                                {"batch_size": None}, {"batch_size": 7}, {"shuffle": False}])
def test_dataloader_iterable_like_torch(backend, kw):
    with ivy.using_backend(backend):
        ours = fdata.DataLoader(iterable(fdata, 7, True), **kw)
        theirs = tdata.DataLoader(iterable(tdata, 7, True), **kw)
        assert len(ours) == len(theirs)
        same(list(ours), list(theirs))
        assert ours.collate_fn.__name__ == theirs.collate_fn.__name__
        both_raise(lambda: len(fdata.DataLoader(iterable(fdata, 7, False), **kw)),
                   lambda: len(tdata.DataLoader(iterable(tdata, 7, False), **kw)))


LOADER_ERRORS = {
    "shuffle_and_sampler": {"shuffle": True, "sampler": [0, 1]},
    "batch_size_and_batch_sampler": {"batch_size": 2, "batch_sampler": [[0]]},
    "shuffle_and_batch_sampler": {"shuffle": True, "batch_sampler": [[0]]},
    "drop_last_and_batch_sampler": {"drop_last": True, "batch_sampler": [[0]]},
    "sampler_and_batch_sampler": {"sampler": [0], "batch_sampler": [[0]]},
    "no_batching_drop_last": {"batch_size": None, "drop_last": True},
    "negative_workers": {"num_workers": -1},
    "negative_timeout": {"timeout": -1},
    "prefetch_without_workers": {"prefetch_factor": 2},
    "persistent_without_workers": {"persistent_workers": True},
    "zero_batch": {"batch_size": 0},
    "float_batch": {"batch_size": 2.5},
    "context_without_workers": {"multiprocessing_context": "spawn"},
    "bad_context": {"num_workers": 1, "multiprocessing_context": "bad"},
}


@pytest.mark.parametrize("case", list(LOADER_ERRORS))
def test_dataloader_errors_like_torch(backend, case):
    with ivy.using_backend(backend):
        kw = LOADER_ERRORS[case]
        both_raise(lambda: fdata.DataLoader(tensor_ds(ft, fdata), **kw),
                   lambda: tdata.DataLoader(tensor_ds(torch, tdata), **kw), message=True)


def test_dataloader_misuse_like_torch(backend):
    with ivy.using_backend(backend):
        for kw in ({"shuffle": True}, {"sampler": [0]}, {"batch_sampler": [[0]]}):
            both_raise(lambda: fdata.DataLoader(iterable(fdata, 3, True), **kw),
                       lambda: tdata.DataLoader(iterable(tdata, 3, True), **kw), message=True)
        for name, value in (("batch_size", 3), ("dataset", []), ("sampler", None),
                            ("drop_last", True)):
            both_raise(lambda: setattr(fdata.DataLoader(tensor_ds(ft, fdata)), name, value),
                       lambda: setattr(tdata.DataLoader(tensor_ds(torch, tdata)), name, value),
                       message=True)
        loader = fdata.DataLoader(tensor_ds(ft, fdata))
        loader.num_workers = 0            # not frozen in torch either
        both_raise(lambda: list(fdata.DataLoader(tensor_ds(ft, fdata), sampler=[3, 10])),
                   lambda: list(tdata.DataLoader(tensor_ds(torch, tdata), sampler=[3, 10])))
        both_raise(lambda: iter(fdata.DataLoader(tensor_ds(ft, fdata), timeout=2)),
                   lambda: iter(tdata.DataLoader(tensor_ds(torch, tdata), timeout=2)))
        with pytest.warns(UserWarning, match="pin_memory"):
            batches = list(fdata.DataLoader(tensor_ds(ft, fdata), batch_size=5, pin_memory=True))
        assert len(batches) == 2
        calls = []
        list(fdata.DataLoader(tensor_ds(ft, fdata), num_workers=3,
                              worker_init_fn=calls.append))
        assert calls == []               # no worker processes: in-process like num_workers=0


def test_dataloader_shuffle(backend):
    with ivy.using_backend(backend):
        ds = fdata.TensorDataset(ft.arange(23))

        def epoch(loader):
            return [int(i) for batch in loader for i in batch[0].tolist()]
        loader = fdata.DataLoader(ds, batch_size=5, shuffle=True)
        ft.manual_seed(0)
        first, second = epoch(loader), epoch(loader)
        assert sorted(first) == sorted(second) == list(range(23))     # each index once
        assert first != second and first != list(range(23))
        ft.manual_seed(0)
        assert epoch(loader) == first and epoch(loader) == second     # reproducible
        gen = ft.Generator().manual_seed(7)
        seeded = fdata.DataLoader(ds, batch_size=5, shuffle=True, generator=gen)
        assert seeded.generator is gen and seeded.sampler.generator is gen
        third = epoch(seeded)
        gen.manual_seed(7)
        ft.manual_seed(123)               # the global seed does not matter with generator=
        assert epoch(seeded) == third
        dropping = fdata.DataLoader(ds, batch_size=5, shuffle=True, drop_last=True)
        batches = list(dropping)
        assert len(dropping) == len(batches) == 4
        assert all(tuple(b[0].shape) == (5,) for b in batches)
        assert len(set(int(i) for b in batches for i in b[0].tolist())) == 20
