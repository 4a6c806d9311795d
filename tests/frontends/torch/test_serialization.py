"""torch.save/torch.load in torch's zip format, both ways with real torch, and Tensor pickling.

Each test runs on every selected backend (``--backend``); real torch writes or reads the other
side of each round trip.
"""
import collections
import copy
import io
import pathlib
import pickle
import zipfile

import numpy as np
import pytest

import ivy
import ivy.frontends.torch as ft

torch = pytest.importorskip("torch")

DTYPES = ["float32", "float64", "float16", "bfloat16", "int64", "int32", "int16", "int8", "uint8",
          "bool", "complex64", "complex128", "uint16", "uint32", "uint64"]


def as_numpy(t):
    """A frontend or real tensor as a numpy array (bfloat16 widened, exactly, to float32)."""
    if isinstance(t, torch.Tensor):
        return (t.float() if t.dtype == torch.bfloat16 else t).detach().numpy()
    return np.asarray((t.float() if t.dtype == ft.bfloat16 else t).detach())


def assert_same(got, want, where="value"):
    """``got`` (frontend objects, or real torch's) equals ``want`` (real torch objects):
    structure, types, dtypes, shapes, values."""
    if isinstance(want, torch.Tensor):
        assert isinstance(got, (ft.Tensor, torch.Tensor)), (where, type(got))
        assert str(got.dtype) == str(want.dtype), (where, got.dtype, want.dtype)
        assert tuple(got.shape) == tuple(want.shape), (where, got.shape, want.shape)
        assert got.requires_grad == want.requires_grad, where
        np.testing.assert_array_equal(as_numpy(got), as_numpy(want), err_msg=where)
    elif isinstance(want, dict):
        assert type(got) is type(want) and list(got) == list(want), (where, type(got))
        for k in want:
            assert_same(got[k], want[k], f"{where}[{k!r}]")
    elif isinstance(want, (list, tuple)) and not isinstance(want, torch.Size):
        assert type(got) is type(want) and len(got) == len(want), (where, type(got))
        for i, (g, w) in enumerate(zip(got, want)):
            assert_same(g, w, f"{where}[{i}]")
    elif isinstance(want, (torch.dtype, torch.Size, torch.device, torch.layout)):
        assert str(got) == str(want) and type(got).__name__ == type(want).__name__, (where, got)
    else:
        assert type(got) is type(want) and got == want, (where, got, want)


def torch_values():
    """A checkpoint-like object of real torch values: every dtype, views sharing storage."""
    g = torch.Generator().manual_seed(0)
    base = torch.randn(4, 5, generator=g)
    tensors = {d: (torch.randn(2, 3, generator=g) * 50).to(getattr(torch, d)) for d in DTYPES}
    tensors["complex64"] = torch.randn(3, generator=g, dtype=torch.complex64)
    state = collections.OrderedDict(weight=torch.randn(3, 2, generator=g), bias=torch.zeros(3))
    views = [base, base[1:3, 2:], base.t(), base[:, 1], base[..., ::2], base.view(-1)[3:9],
             base.expand(2, 4, 5), base[2], base.unsqueeze(1)]
    return {"tensors": tensors, "state_dict": state, "views": views, "scalar": torch.tensor(3.5),
            "empty": torch.zeros(0, 3), "nested": [1, 2.5, "text", (None, True), {"k": [3]}],
            "int": 7, "float": -0.25, "str": "s", "dtype": torch.bfloat16,
            "size": torch.Size([2, 3]), "device": torch.device("cpu"), "layout": torch.strided,
            "param": torch.nn.Parameter(torch.ones(2)),
            "needs_grad": torch.ones(2).requires_grad_()}


def torch_bytes(obj=None, **kwargs):
    buf = io.BytesIO()
    torch.save(torch_values() if obj is None else obj, buf, **kwargs)
    return buf.getvalue()


def expected_after_load():
    """What ``torch.load`` gives for ``torch_values()`` (a Parameter loads as one; compare as a
    plain tensor that requires grad)."""
    out = torch.load(io.BytesIO(torch_bytes()), weights_only=True)
    out["param"] = out["param"].detach().requires_grad_()
    return out


def test_load_torch_checkpoint(backend):
    want = expected_after_load()
    with ivy.using_backend(backend):
        got = ft.load(io.BytesIO(torch_bytes()))
        assert_same(got, want)


def test_frontend_checkpoint_loads_in_torch(backend):
    want = expected_after_load()
    with ivy.using_backend(backend):
        obj = ft.load(io.BytesIO(torch_bytes()))
        buf = io.BytesIO()
        ft.save(obj, buf)
    back = torch.load(io.BytesIO(buf.getvalue()), weights_only=True)
    back["param"] = back["param"].detach().requires_grad_()
    assert_same(back, want)
    with ivy.using_backend(backend):          # and back into the frontend again
        assert_same(ft.load(io.BytesIO(buf.getvalue())), want)


def test_frontend_built_values_load_in_torch(backend):
    """Tensors created in the frontend (not loaded) of every dtype, 0-d and empty ones."""
    arrays = {d: np.arange(6).reshape(2, 3).astype(np.dtype(d) if d != "bfloat16" else "float32")
              for d in DTYPES if d != "bool"}
    with ivy.using_backend(backend):
        obj = {d: ft.tensor(a.tolist(), dtype=getattr(ft, d)) for d, a in arrays.items()}
        obj["bool"] = ft.tensor([[True, False]])
        obj["zero_d"] = ft.tensor(2, dtype=ft.int16)
        obj["empty"] = ft.zeros(0, 2, dtype=ft.float64)
        obj["meta"] = [ft.float16, ft.Size([1, 2]), ft.device("cpu"), ft.strided]
        buf = io.BytesIO()
        ft.save(obj, buf)
    back = torch.load(io.BytesIO(buf.getvalue()), weights_only=True)
    for d, a in arrays.items():
        want = torch.tensor(a.tolist(), dtype=getattr(torch, d))
        assert back[d].dtype == want.dtype and torch.equal(back[d], want), d
    assert torch.equal(back["bool"], torch.tensor([[True, False]]))
    assert back["zero_d"].shape == () and back["zero_d"].dtype == torch.int16
    assert back["empty"].shape == (0, 2) and back["empty"].dtype == torch.float64
    assert back["meta"] == [torch.float16, torch.Size([1, 2]), torch.device("cpu"), torch.strided]


VIEWS = ["slice", "transpose", "column", "step", "flat_range", "expand", "row", "unsqueeze"]
# numpy/torch backends keep a loaded view sharing its base when its layout is basic indexing of
# a reshape of the storage (all of these).
UNSHARED_ON_MUTABLE = set()


@pytest.mark.parametrize("which", VIEWS)
def test_loaded_views_share_storage(backend, which, request):
    if which in UNSHARED_ON_MUTABLE and backend in ("numpy", "torch"):
        request.applymarker(pytest.mark.xfail(strict=True, reason=(
            "numpy/torch backends: a step-sliced or expanded view loads as a copy (no core "
            "as_strided to view the storage)")))
    want = torch.load(io.BytesIO(torch_bytes()), weights_only=True)["views"]
    want[0].mul_(-1)
    with ivy.using_backend(backend):
        got = ft.load(io.BytesIO(torch_bytes()))["views"]
        got[0].mul_(-1)
        i = VIEWS.index(which) + 1
        np.testing.assert_array_equal(as_numpy(got[i]), as_numpy(want[i]))


@pytest.mark.parametrize("which", VIEWS)
def test_saved_views_share_storage_in_torch(backend, which, request):
    if backend in ("numpy", "torch"):
        request.applymarker(pytest.mark.xfail(strict=True, reason=(
            "numpy/torch backends: torch.save writes one storage per tensor (the frontend does "
            "not know a native view's base), so views are independent once torch loads them")))
    with ivy.using_backend(backend):
        base = ft.arange(20.).reshape(4, 5)
        views = [base, base[1:3, 2:], base.t(), base[:, 1], base[..., ::2],
                 base.view(-1)[3:9], base.expand(2, 4, 5), base[2], base.unsqueeze(1)]
        buf = io.BytesIO()
        ft.save(views, buf)
    back = torch.load(io.BytesIO(buf.getvalue()), weights_only=True)
    i = VIEWS.index(which) + 1
    assert back[i].untyped_storage().data_ptr() == back[0].untyped_storage().data_ptr()


def test_paths_and_file_objects(backend, tmp_path):
    path = tmp_path / "model.pt"
    torch.save({"w": torch.arange(3)}, path)
    with ivy.using_backend(backend):
        for src in (path, str(path)):
            assert ft.load(src)["w"].tolist() == [0, 1, 2]
        with open(path, "rb") as fh:
            assert ft.load(fh, map_location="cpu")["w"].tolist() == [0, 1, 2]
        out = tmp_path / "ours.pt"
        ft.save({"w": ft.arange(3)}, str(out))
        ft.save({"w": ft.arange(4)}, pathlib.Path(tmp_path / "ours2.pt"))
        with open(tmp_path / "ours3.pt", "wb") as fh:
            ft.save(ft.ones(1), fh)
        assert ft.load(out, map_location=ft.device("cpu"))["w"].tolist() == [0, 1, 2]
    assert torch.load(out)["w"].tolist() == [0, 1, 2]
    assert torch.load(tmp_path / "ours2.pt")["w"].tolist() == [0, 1, 2, 3]
    assert torch.load(tmp_path / "ours3.pt").tolist() == [1.0]


class Custom:
    def __init__(self):
        self.x = 3


def test_weights_only_and_unsupported_formats(backend):
    custom = torch_bytes({"obj": Custom()})
    legacy = torch_bytes(torch.ones(2), _use_new_zipfile_serialization=False)
    sparse = torch_bytes(torch.eye(2).to_sparse())
    with ivy.using_backend(backend):
        with pytest.raises(pickle.UnpicklingError):
            ft.load(io.BytesIO(custom))
        with pytest.raises(pickle.UnpicklingError):
            ft.load(io.BytesIO(custom), weights_only=True)
        assert ft.load(io.BytesIO(custom), weights_only=False)["obj"].x == 3
        with pytest.raises(RuntimeError):
            ft.load(io.BytesIO(custom), pickle_module=pickle)
        with pytest.raises(NotImplementedError, match="legacy"):
            ft.load(io.BytesIO(legacy))
        with pytest.raises(NotImplementedError):
            ft.save(ft.ones(1), io.BytesIO(), _use_new_zipfile_serialization=False)
        with pytest.raises(NotImplementedError):
            ft.save(ft.ones(1), io.BytesIO(), pickle_module=object())
        with pytest.raises(NotImplementedError, match="_rebuild_sparse_tensor"):
            ft.load(io.BytesIO(sparse))
        buf = io.BytesIO()
        ft.save({"obj": Custom()}, buf)
    with pytest.raises(pickle.UnpicklingError):
        torch.load(io.BytesIO(buf.getvalue()))
    assert torch.load(io.BytesIO(buf.getvalue()), weights_only=False)["obj"].x == 3


def test_big_endian_checkpoint(backend):
    """A checkpoint whose byteorder record says big-endian (written here from torch's own)."""
    values = {"f": torch.tensor([1.5, -2.0]), "i": torch.tensor([1, 256], dtype=torch.int32),
              "h": torch.tensor([1.0, 3.0], dtype=torch.bfloat16)}
    src = zipfile.ZipFile(io.BytesIO(torch_bytes(values)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as zf:
        sizes = {"0": 4, "1": 4, "2": 2}
        for name in src.namelist():
            data = src.read(name)
            if name.endswith("byteorder"):
                data = b"big"
            elif "/data/" in name:
                n = sizes[name.rsplit("/", 1)[1]]
                data = np.frombuffer(data, f"<u{n}").astype(f">u{n}").tobytes()
            zf.writestr(name, data)
    raw = out.getvalue()
    assert torch.equal(torch.load(io.BytesIO(raw))["i"], values["i"])
    with ivy.using_backend(backend):
        assert_same(ft.load(io.BytesIO(raw)), values)


@pytest.mark.parametrize("dtype", ["float32", "bfloat16", "int64", "bool", "complex128",
                                   "uint16"])
def test_tensor_pickle_and_deepcopy(backend, dtype):
    with ivy.using_backend(backend):
        base = ft.arange(6).reshape(2, 3).to(getattr(ft, dtype))
        for t in (base, base[:, 1], base.t(), ft.tensor(1).to(getattr(ft, dtype))):
            for protocol in (2, pickle.HIGHEST_PROTOCOL):
                r = pickle.loads(pickle.dumps(t, protocol=protocol))
                assert type(r) is ft.Tensor and r.dtype == t.dtype and r.shape == t.shape
                np.testing.assert_array_equal(as_numpy(r), as_numpy(t))
            c = copy.deepcopy(t)
            assert type(c) is ft.Tensor and c.dtype == t.dtype
            np.testing.assert_array_equal(as_numpy(c), as_numpy(t))
        c = copy.deepcopy(base)
        c.zero_()                                  # a deep copy does not share data
        assert as_numpy(base).any()
        pair = copy.deepcopy([base, base])         # memo: one copy of one tensor
        assert pair[0] is pair[1]


def test_pickle_keeps_requires_grad_and_changes_backend(backend):
    with ivy.using_backend(backend):
        w = ft.ones(2, dtype=ft.float64).requires_grad_()
        assert pickle.loads(pickle.dumps(w)).requires_grad
        assert copy.deepcopy(w).requires_grad
        raw = pickle.dumps({"w": w})
    other = "numpy" if backend != "numpy" else "jax"
    with ivy.using_backend(other):
        back = pickle.loads(raw)["w"]
        assert ivy.current_backend() == other and back.tolist() == [1.0, 1.0]


def test_cuda_storages_need_map_location(backend):
    src = zipfile.ZipFile(io.BytesIO(torch_bytes({"w": torch.arange(3.)})))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as zf:
        for name in src.namelist():
            data = src.read(name)
            if name.endswith("data.pkl"):
                data = data.replace(b"X\x03\x00\x00\x00cpu", b"X\x06\x00\x00\x00cuda:0")
            zf.writestr(name, data)
    raw = out.getvalue()
    with pytest.raises(RuntimeError):
        torch.load(io.BytesIO(raw))
    assert torch.load(io.BytesIO(raw), map_location="cpu")["w"].tolist() == [0.0, 1.0, 2.0]
    with ivy.using_backend(backend):
        with pytest.raises(RuntimeError):
            ft.load(io.BytesIO(raw))
        assert ft.load(io.BytesIO(raw), map_location="cpu")["w"].tolist() == [0.0, 1.0, 2.0]
