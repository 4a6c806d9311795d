"""torch.nn.Module API: the same programs on real torch and on the frontend (every backend).

Each program builds modules through ``T`` (real ``torch`` or ``ivy.frontends.torch``) and returns
plain data (names, reprs, shapes, dtypes, error types and messages, tensor values), compared
exactly. Also: every implemented layer's constructor signature equals torch's.
"""
import copy
import inspect
from collections import OrderedDict

import numpy as np
import pytest

import ivy
import ivy.frontends.torch as ft


def _plain(x):
    """Tensors -> (dtype, shape, values); containers recursively; everything else as is."""
    if hasattr(x, "detach") and hasattr(x, "dtype") and hasattr(x, "shape"):
        return ("tensor", str(x.dtype), tuple(x.shape), np.asarray(x.detach()).round(5).tolist())
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    return x


def _error(f):
    try:
        f()
    except Exception as e:      # noqa: BLE001 - the error's type and message are the result
        return type(e).__name__, str(e)
    return None


def _net(T):
    class Block(T.nn.Module):
        def __init__(self):
            super().__init__()
            self.fc = T.nn.Linear(3, 2)
            self.register_buffer("steps", T.zeros(1))
            self.register_buffer("cache", T.ones(2), persistent=False)
            self.register_parameter("unused", None)
            self.scale = T.nn.Parameter(T.ones(2))

        def forward(self, x):
            return self.fc(x) * self.scale

    class Net(T.nn.Module):
        def __init__(self):
            super().__init__()
            self.a = Block()
            self.b = Block()
            self.b.fc = self.a.fc                       # shared submodule
            self.head = T.nn.Sequential(T.nn.ReLU(), T.nn.Linear(2, 1))
            self.skip = None
            self.plain = 3

        def forward(self, x):
            return self.head(self.b(self.a.fc(x) @ T.ones(2, 3)))
    return Net()


def naming(T):
    net = _net(T)
    return [
        [n for n, _ in net.named_parameters()],
        [n for n, _ in net.named_parameters(prefix="m", remove_duplicate=False)],
        [n for n, _ in net.a.named_parameters(recurse=False)],
        [n for n, _ in net.named_buffers()],
        [n for n, _ in net.named_children()],
        [n for n, _ in net.named_modules()],
        [n for n, _ in net.named_modules(remove_duplicate=False)],
        [type(m).__name__ for m in net.modules()],
        len(list(net.parameters())), len(list(net.buffers(recurse=False))),
        list(net.state_dict()), list(net.state_dict(prefix="p.")), repr(net),
        [k for k in dir(net) if k in ("a", "b", "head", "fc", "steps", "plain", "training")],
        net.plain, net.skip, isinstance(net.a.scale, T.nn.Parameter),
        isinstance(net.a.steps, T.nn.Parameter), net.a.unused,
    ]


def state_dicts(T):
    net = _net(T)
    sd = net.state_dict(keep_vars=True)
    dest = OrderedDict()
    net.state_dict(destination=dest, prefix="x.")
    meta = dict(net.state_dict()._metadata)
    return [
        [type(v).__name__ for v in sd.values()], [v.requires_grad for v in sd.values()],
        [isinstance(v, T.Tensor) and not isinstance(v, T.nn.Parameter)
         for v in net.state_dict().values()],
        list(dest), meta, sd["a.fc.weight"] is net.a.fc.weight, shared(T, net),
    ]


def shared(T, net):
    """state_dict tensors share memory with the parameters and buffers."""
    sd = net.state_dict()
    sd["a.fc.bias"].fill_(7.0)
    sd["a.steps"].add_(2.0)
    return [_plain(net.a.fc.bias), _plain(net.b.steps), _plain(net.a.steps)]


def loading(T):
    src, dst = _net(T), _net(T)
    for p in src.parameters():
        p.data.fill_(0.5)
    ok = dst.load_state_dict(src.state_dict())
    sd = src.state_dict()
    sd["extra.weight"] = T.ones(1)
    del sd["a.scale"]
    loose = dst.load_state_dict(sd, strict=False)
    wrong = OrderedDict(src.state_dict())
    wrong["a.fc.weight"] = T.ones(3, 3)
    scalar = T.nn.BatchNorm1d(2)
    old = OrderedDict((k, v) for k, v in scalar.state_dict().items() if k != "num_batches_tracked")
    return [
        repr(ok), ok.missing_keys, loose.missing_keys, loose.unexpected_keys, repr(loose),
        _plain(dst.a.fc.weight), _error(lambda: dst.load_state_dict(sd)),
        _error(lambda: dst.load_state_dict(wrong)),
        _error(lambda: dst.load_state_dict({"a.fc.weight": 3}, strict=False)),
        _error(lambda: dst.load_state_dict([1, 2])),
        repr(scalar.load_state_dict(old)),
        repr(dst.load_state_dict(src.state_dict(), assign=True)),
        isinstance(dst.a.fc.weight, T.nn.Parameter),
    ]


def attributes(T):
    net = _net(T)
    results = [
        _error(lambda: setattr(net.a, "scale", T.ones(2))),
        _error(lambda: setattr(net, "head", 3)),
        _error(lambda: net.register_buffer("a.b", T.ones(1))),
        _error(lambda: net.register_buffer("plain", T.ones(1))),
        _error(lambda: net.register_buffer("buf", 3)),
        _error(lambda: net.register_parameter("p", T.ones(1))),
        _error(lambda: net.add_module("m", 3)),
        _error(lambda: net.add_module("", T.nn.ReLU())),
        _error(lambda: net.get_submodule("a.nope")),
        _error(lambda: net.get_submodule("a.fc.weight")),
        _error(lambda: net.get_parameter("a.steps")),
        _error(lambda: net.get_buffer("a.scale")),
        _error(lambda: net.missing),
        type(net.get_submodule("head.1")).__name__, tuple(net.get_parameter("a.fc.bias").shape),
        tuple(net.get_buffer("b.steps").shape),
    ]
    net.a.scale = None
    net.a.steps = T.zeros(3)                    # re-assigning a buffer keeps it a buffer
    net.head = T.nn.Identity()
    net.extra = T.nn.Parameter(T.zeros(1))
    net.buf = T.nn.Buffer(T.ones(2), persistent=False)
    del net.b
    net.register_module("c", T.nn.Tanh())
    results += [list(net.state_dict()), [n for n, _ in net.named_buffers()], repr(net)]
    return results


def modes_and_grads(T):
    net = _net(T)
    seen = []
    net.apply(lambda m: seen.append(type(m).__name__))
    net.eval()
    modes = [m.training for m in net.modules()]
    net.head.train()
    mixed = [m.training for m in net.modules()]
    for p in net.parameters():
        p.grad = T.ones_like(p)
    net.zero_grad(set_to_none=False)
    zeros = [_plain(p.grad) for p in net.parameters()]
    net.zero_grad()
    nones = [p.grad for p in net.parameters()]
    net.requires_grad_(False)
    flags = [p.requires_grad for p in net.parameters()]
    return [seen, modes, mixed, zeros, nones, flags, _error(lambda: net.train("yes")),
            net.train() is net]


def conversions(T):
    net = T.nn.Sequential(T.nn.Linear(2, 2), T.nn.BatchNorm1d(2))
    weight = net[0].weight
    out = [net.double() is net, net[0].weight is weight]
    out.append([(n, str(t.dtype)) for n, t in net.state_dict().items()])
    net.half()
    out.append([str(t.dtype) for t in net.state_dict().values()])
    net.to(T.float32)
    out.append([str(t.dtype) for t in net.state_dict().values()])
    net.to(T.zeros(1, dtype=T.float64))
    out.append([str(t.dtype) for t in net.state_dict().values()])
    net.to("cpu", T.bfloat16).float()
    out.append([str(t.dtype) for t in net.state_dict().values()])
    net.to(device="cpu", dtype=T.float64).cpu()
    out.append([str(t.device) for t in net.parameters()])
    out.append(_error(lambda: net.to(T.int32)))
    out.append(_error(lambda: net.cuda())[0])
    return out


def hooks(T):
    lin = T.nn.Linear(2, 2)
    calls = []

    def pre(m, args):
        calls.append("pre")
        return (args[0] * 2,)

    def pre_kw(m, args, kwargs):
        calls.append("pre_kw")
        return args, kwargs

    def post(m, args, out):
        calls.append("post")
        return out + 1

    def first(m, args, out):
        calls.append("first")

    h1 = lin.register_forward_pre_hook(pre)
    h2 = lin.register_forward_pre_hook(pre_kw, with_kwargs=True)
    h3 = lin.register_forward_hook(post)
    lin.register_forward_hook(first, prepend=True)
    x = T.ones(1, 2)
    y1 = lin(x)
    h1.remove()
    h2.remove()
    with lin.register_forward_hook(lambda m, a, kw, out: out * 0, with_kwargs=True):
        y2 = lin(x)
    h3.remove()
    y3 = lin(x)
    return [calls, _plain(y1 - lin.bias - 1 - (x * 2) @ lin.weight.T),
            _plain(y2), _plain(y3 - lin.bias - x @ lin.weight.T)]


def containers(T):
    seq = T.nn.Sequential(T.nn.Linear(2, 3), T.nn.ReLU(), T.nn.Linear(3, 1))
    named = T.nn.Sequential(OrderedDict([("fc", T.nn.Linear(1, 1)), ("act", T.nn.Tanh())]))
    out = [repr(seq), len(seq), type(seq[0]).__name__, type(seq[-1]).__name__,
           repr(seq[1:]), type(seq[1:]).__name__, repr(named), list(named.state_dict())]
    seq.append(T.nn.Sigmoid())
    seq.insert(1, T.nn.Dropout())
    del seq[2]
    popped = seq.pop(0)
    seq.extend([T.nn.Identity()])
    seq[0] = T.nn.ELU()
    out += [repr(seq), repr(popped), [type(m).__name__ for m in seq], repr(seq + named),
            _error(lambda: seq[10]), list((seq * 2).state_dict())]
    ml = T.nn.ModuleList([T.nn.Linear(2, 2) for _ in range(3)])
    ml.append(T.nn.ReLU())
    ml += [T.nn.ReLU(), T.nn.Linear(2, 2)]
    ml.insert(0, T.nn.Tanh())
    out += [repr(ml), len(ml), repr(ml[1:3]), list(ml.state_dict()), _error(lambda: ml[9])]
    del ml[1]
    out += [list(ml.state_dict()), repr(ml.pop(-1))]
    md = T.nn.ModuleDict({"b": T.nn.ReLU(), "a": T.nn.Linear(1, 2)})
    md["c"] = T.nn.Tanh()
    md.update([("d", T.nn.Identity())])
    out += [repr(md), list(md.keys()), "a" in md, len(md), repr(md.pop("b")), list(md)]
    pl = T.nn.ParameterList([T.nn.Parameter(T.ones(2)), T.zeros(3, dtype=T.float64)])
    pl.append(T.ones(1, 2))
    out += [repr(pl), list(pl.state_dict()), [type(p).__name__ for p in pl], len(pl),
            repr(pl[1:])]
    pd = T.nn.ParameterDict({"w": T.ones(2), "b": T.nn.Parameter(T.zeros(1))})
    pd["z"] = T.ones(1, 1)
    out += [repr(pd), list(pd.keys()), list(pd.state_dict()), "w" in pd,
            [type(v).__name__ for v in pd.values()], tuple(pd.pop("w").shape), len(pd)]
    out.append(_error(lambda: pl(1)))
    return out


def parameters(T):
    p = T.nn.Parameter(T.tensor([1.0, 2.0]))
    q = T.nn.Parameter(T.ones(2, dtype=T.float64), requires_grad=False)
    return [repr(p), repr(q), isinstance(p, T.Tensor), p.requires_grad, q.requires_grad,
            type(p * 2).__name__, _plain(p + 1), type(T.nn.Parameter()).__name__,
            tuple(T.nn.Parameter().shape),
            _error(lambda: T.nn.Parameter(T.ones(2, dtype=T.int64)))[0],
            repr(T.nn.parameter.Parameter(T.zeros(1)))]


def special_layers(T):
    pretrained = T.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    emb = T.nn.Embedding.from_pretrained(pretrained, padding_idx=1)
    bag = T.nn.EmbeddingBag.from_pretrained(pretrained, freeze=False, mode="sum")
    lazy = T.nn.LazyLinear(3)
    before = [repr(lazy), type(lazy).__name__]
    T.manual_seed(0)
    y = lazy(T.ones(2, 5))
    after = [repr(lazy), type(lazy).__name__, tuple(lazy.weight.shape), tuple(y.shape),
             list(lazy.state_dict()), type(lazy.weight).__name__]
    idx = T.tensor([[0, 2], [1, 0]])
    padded = T.nn.Embedding(4, 2, padding_idx=2)
    return [repr(emb), emb.weight.requires_grad, _plain(emb(idx)), repr(bag),
            bag.weight.requires_grad, _plain(bag(idx)), before, after,
            _plain(padded.weight[2]), repr(padded),
            _error(lambda: T.nn.Embedding(3, 2, padding_idx=3)),
            _error(lambda: T.nn.Conv2d(3, 2, 3, groups=2)),
            _error(lambda: T.nn.Conv2d(2, 2, 3, stride=2, padding="same")),
            _error(lambda: T.nn.ConvTranspose2d(2, 2, 3, padding_mode="reflect")),
            _error(lambda: T.nn.GroupNorm(3, 4)), _error(lambda: T.nn.Dropout(1.5)),
            _error(lambda: T.nn.BatchNorm2d(3)(T.ones(2, 3))),
            _error(lambda: T.nn.Unflatten(1, (2, 2.0))),
            repr(T.nn.ConvTranspose2d(2, 4, 3, stride=2, output_padding=1, dilation=2)),
            tuple(T.nn.ConvTranspose2d(2, 2, 3, stride=2)(T.ones(1, 2, 4, 4),
                                                           output_size=[10, 10]).shape)]


def data_parallel(T):
    dp = T.nn.DataParallel(T.nn.Linear(2, 3))
    return [repr(dp), list(dp.state_dict()), tuple(dp(T.ones(4, 2)).shape), dp.device_ids,
            [(p.name, p.default) for p in
             inspect.signature(T.nn.DataParallel.__init__).parameters.values()]]


def lazy_modules(T):
    mods = [T.nn.LazyConv1d(3, 2, bias=False), T.nn.LazyConvTranspose2d(2, 3, stride=2),
            T.nn.LazyBatchNorm2d(), T.nn.LazyInstanceNorm1d(affine=False), T.nn.LazyLinear(2)]
    inputs = [T.ones(2, 4, 5), T.ones(3, 4, 4), T.ones(2, 3, 2, 2), T.ones(2, 3, 4), T.ones(3)]
    out = [[repr(m) for m in mods],
           [[type(v).__name__ for v in m.state_dict(keep_vars=True).values()] for m in mods]]
    T.manual_seed(0)
    shapes = [tuple(m(x).shape) for m, x in zip(mods, inputs)]
    loaded = T.nn.LazyBatchNorm1d()
    result = loaded.load_state_dict(T.nn.BatchNorm1d(5).state_dict())
    return out + [shapes, [repr(m) for m in mods], [type(m).__name__ for m in mods],
                  [[(k, tuple(v.shape)) for k, v in m.state_dict().items()] for m in mods],
                  [sorted({type(v).__name__ for v in m._buffers.values()}) for m in mods],
                  repr(result), repr(loaded), type(loaded).__name__,
                  _error(lambda: T.nn.LazyConv2d(2, 3)(T.ones(3, 3)))]


def copies(T):
    net = T.nn.Sequential(T.nn.Linear(2, 2), T.nn.BatchNorm1d(2))
    twin = copy.deepcopy(net)
    twin[0].weight.data.fill_(3.0)
    x = T.ones(3, 2)
    return [repr(twin), type(twin[0].weight).__name__, _plain(twin[0].weight),
            bool((net[0].weight != 3.0).any()), tuple(twin(x).shape)]


PROGRAMS = [naming, state_dicts, loading, attributes, modes_and_grads, conversions, hooks,
            containers, parameters, special_layers, data_parallel, lazy_modules, copies]


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.__name__ for p in PROGRAMS])
def test_module_api_matches_torch(backend, program):
    import torch
    expected = _plain(program(torch))
    with ivy.using_backend(backend):
        got = _plain(program(ft))
    assert len(got) == len(expected)
    for i, (g, e) in enumerate(zip(got, expected)):
        assert g == e, f"{program.__name__}: result {i}:\n{g}\n!=\n{e}"


def _implemented():
    import torch
    names = [n for n in torch.nn.modules.__all__ if hasattr(ft.nn, n)]
    return names


def test_constructor_signatures_match_torch():
    import torch
    names = _implemented()
    assert len(names) >= 130, len(names)
    for name in names:
        real = inspect.signature(getattr(torch.nn, name).__init__).parameters.values()
        ours = inspect.signature(getattr(ft.nn, name).__init__).parameters.values()
        assert [(p.name, p.kind, _default(p.default)) for p in ours] == \
            [(p.name, p.kind, _default(p.default)) for p in real], name


def _default(value):
    """A function default (``activation=F.relu``) compares by name: ours is the frontend's relu."""
    return f"function {value.__name__}" if callable(value) and hasattr(value, "__name__") else value


def test_namespaces_resolve_like_torch():
    import torch
    assert ft.nn.Linear is ft.nn.modules.Linear is ft.nn.modules.linear.Linear
    assert ft.nn.parameter.Parameter is ft.nn.Parameter
    assert ft.nn.modules.module.Module is ft.nn.Module
    assert callable(ft.nn.init.kaiming_uniform_) and callable(ft.nn.functional.relu)
    missing = sorted(n for n in torch.nn.modules.__all__ if not hasattr(ft.nn, n))
    assert missing == sorted(_NOT_YET), missing


# torch's deprecated/specialised leftovers
_NOT_YET = ["Container", "SyncBatchNorm",
            "AdaptiveLogSoftmaxWithLoss", "LinearCrossEntropyLoss", "LinearCrossEntropyOptions"]
