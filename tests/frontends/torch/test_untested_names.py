"""Public torch names no other test reached (found by ``tests/meta/test_inventory.py``): each is
run by real torch and by the frontend on every backend as a short differential program.

Global switches (autocast, anomaly mode, optimizer hooks) are set, read back and restored inside
the program, so neither side's state leaks into other tests.
"""
from tests.frontends.differential import Snippet, differential_tests

X3 = "torch.arange(64.).reshape(1, 1, 4, 4, 4)"
NO_GRAD = {"numpy": "the numpy backend has no automatic differentiation"}
# torch.optim.optimizer is a module torch.optim does not export as an attribute
OPTIMIZER_MODULE = "O = __import__('sys').modules[torch.optim.__name__ + '.optimizer']\n"


def _toggle(get, set_, value):
    return Snippet(f"o = torch.{get}()\ntorch.{set_}({value})\ng = torch.{get}()\n"
                   f"torch.{set_}(o)\n(g, torch.{get}())")


SNIPPETS = [
    # ---- global switches -------------------------------------------------------------------------
    _toggle("get_autocast_cpu_dtype", "set_autocast_cpu_dtype", "torch.float16"),
    _toggle("get_autocast_gpu_dtype", "set_autocast_gpu_dtype", "torch.bfloat16"),
    _toggle("get_autocast_ipu_dtype", "set_autocast_ipu_dtype", "torch.bfloat16"),
    _toggle("get_autocast_xla_dtype", "set_autocast_xla_dtype", "torch.float16"),
    _toggle("is_autocast_cpu_enabled", "set_autocast_cpu_enabled", "False"),
    Snippet("torch.set_autocast_cpu_enabled(True)\ng = torch.is_autocast_cpu_enabled()\n"
            "torch.set_autocast_cpu_enabled(False)\ng",
            xfail="operations do not autocast: enabling autocast raises",
            raises=NotImplementedError),
    Snippet("[torch.get_autocast_dtype(d) for d in ('cpu', 'cuda', 'ipu', 'xpu', 'hpu', 'xla', "
            "'mps', 'mtia', 'maia')]"),
    _toggle("is_autocast_ipu_enabled", "set_autocast_ipu_enabled", "True"),
    _toggle("is_autocast_xla_enabled", "set_autocast_xla_enabled", "True"),
    _toggle("is_autocast_cache_enabled", "set_autocast_cache_enabled", "False"),
    _toggle("is_anomaly_enabled", "set_anomaly_enabled", "True"),
    Snippet("(torch.autocast_increment_nesting(), torch.autocast_increment_nesting(),\n"
            " torch.autocast_decrement_nesting(), torch.autocast_decrement_nesting())"),
    Snippet("torch.clear_autocast_cache()"),
    Snippet("with torch.autograd.set_detect_anomaly(True):\n    g = torch.is_anomaly_enabled()\n"
            "(g, torch.is_anomaly_enabled())"),
    Snippet("with torch.autograd.detect_anomaly():\n    g = torch.is_anomaly_enabled()\n"
            "(g, torch.is_anomaly_enabled())"),
    # ---- autograd --------------------------------------------------------------------------------
    Snippet("v = torch.autograd.Variable(torch.tensor([1., 2.]), requires_grad=True)\n"
            "(v * v).sum().backward()\n(v.grad, v.requires_grad)", xfail=NO_GRAD,
            raises=NotImplementedError),
    Snippet("torch.autograd.functional.vhp(lambda x: (x ** 3).sum(), torch.tensor([1., 2.]), "
            "torch.tensor([1., 0.5]))", xfail=NO_GRAD, raises=NotImplementedError),
    # ---- functions -------------------------------------------------------------------------------
    Snippet("isinstance(True, torch.SymBool)"),
    Snippet("torch.addr(torch.ones(2, 3), torch.tensor([1., 2.]), torch.tensor([1., -1., 3.]), "
            "beta=0.5, alpha=2)"),
    Snippet("torch.addr(torch.ones(2, 3, dtype=torch.int64), torch.tensor([1, 2]), "
            "torch.tensor([1, -1, 3]))"),
    Snippet("torch.addr(torch.ones(2, 3), torch.ones(3), torch.ones(3))"),
    Snippet("torch.atleast_1d(torch.tensor(3.))"),
    Snippet("torch.atleast_1d(torch.tensor(3.), torch.ones(2, 2))"),
    Snippet("torch.atleast_2d(torch.tensor([1, 2]))"),
    Snippet("torch.atleast_3d(torch.ones(2, 3))"),
    Snippet("torch.atleast_3d(torch.tensor(1.))"),
    # aliases (the same function under another public name)
    Snippet("torch.concat((torch.ones(2, 1), torch.zeros(2, 2)), dim=-1)"),
    Snippet("torch.divide(torch.tensor([5, -7]), torch.tensor([2, 2]), rounding_mode='floor')"),
    Snippet("torch.subtract(torch.tensor([1., 2.]), torch.tensor([3., 1.]), alpha=2)"),
    Snippet("torch.moveaxis(torch.arange(6).reshape(1, 2, 3), 0, -1).shape"),
    Snippet("torch.swapdims(torch.arange(6).reshape(2, 3), 0, 1)"),
    Snippet("torch.broadcast_to(torch.arange(3), (2, 3))"),
    Snippet("torch.broadcast_to(torch.arange(3), (2, 4))"),
    Snippet("e = torch.empty_like(torch.ones(2, 3, dtype=torch.int32))\n(e.shape, e.dtype)"),
    Snippet("torch.full_like(torch.ones(2, 3, dtype=torch.int32), 7)"),
    Snippet("torch.full_like(torch.ones(2), 2.5, dtype=torch.float64)"),
    Snippet("torch.zeros_like(torch.ones(2, 3), dtype=torch.float64)"),
    Snippet("torch.numel(torch.ones(2, 3, 0))"),
    Snippet("torch.trapz(torch.tensor([1., 3., 2.]), torch.tensor([0., 1., 3.]))"),
    Snippet("torch.trapz(torch.tensor([[1., 3.], [2., 5.]]), dx=0.5, dim=0)"),
    Snippet("try:\n    torch.linalg.cholesky(-torch.eye(2))\n    r = 'no error'\n"
            "except torch.linalg.LinAlgError:\n    r = 'LinAlgError'\nr"),
    # ---- nn modules ------------------------------------------------------------------------------
    Snippet("nn.ConstantPad1d((1, 2), 3.5)(torch.arange(6.).reshape(1, 2, 3))"),
    Snippet("nn.ConstantPad2d(1, -1.)(torch.arange(6.).reshape(1, 2, 3))"),
    Snippet("nn.ConstantPad3d((1, 0, 0, 1, 1, 0), 2.)(torch.arange(8.).reshape(1, 2, 2, 2))"),
    Snippet("nn.CircularPad1d((2, 1))(torch.arange(6.).reshape(1, 2, 3))"),
    Snippet("nn.CircularPad2d(1)(torch.arange(6.).reshape(1, 1, 2, 3))"),
    Snippet("nn.CircularPad3d(1)(torch.arange(8.).reshape(1, 1, 2, 2, 2))"),
    Snippet("nn.ReflectionPad1d((2, 1))(torch.arange(6.).reshape(1, 2, 3))"),
    Snippet("nn.ReflectionPad3d(1)(torch.arange(8.).reshape(1, 1, 2, 2, 2))"),
    Snippet("nn.ReplicationPad1d((2, 1))(torch.arange(6.).reshape(1, 2, 3))"),
    Snippet("nn.ReplicationPad2d((1, 0, 2, 1))(torch.arange(6.).reshape(1, 1, 2, 3))"),
    Snippet("nn.ReplicationPad3d(1)(torch.arange(8.).reshape(1, 2, 2, 2))"),
    Snippet("nn.ZeroPad1d((1, 2))(torch.arange(6.).reshape(1, 2, 3))"),
    Snippet("nn.ZeroPad3d(1)(torch.arange(8.).reshape(1, 1, 2, 2, 2))"),
    Snippet("nn.FractionalMaxPool3d(2, output_size=(2, 2, 2), "
            "_random_samples=torch.full((1, 1, 3), 0.5))(" + X3 + ")"),
    Snippet("p, i = F.max_pool3d(" + X3 + ", 2, return_indices=True)\nnn.MaxUnpool3d(2)(p, i)"),
    Snippet("nn.LazyBatchNorm3d()(torch.arange(16.).reshape(2, 1, 2, 2, 2))"),
    Snippet("nn.LazyInstanceNorm2d()(torch.arange(8.).reshape(1, 2, 2, 2))"),
    Snippet("nn.LazyInstanceNorm3d()(torch.arange(16.).reshape(1, 2, 2, 2, 2))"),
    Snippet("m = nn.LazyConv3d(2, 1)\ny = m(torch.ones(1, 3, 2, 2, 2))\n"
            "(tuple(y.shape), tuple(m.weight.shape), type(m).__name__)"),
    Snippet("m = nn.LazyConvTranspose3d(2, 2)\ny = m(torch.ones(1, 3, 2, 2, 2))\n"
            "(tuple(y.shape), tuple(m.weight.shape), type(m).__name__)"),
    Snippet("nn.NLLLoss2d()(torch.log_softmax(torch.arange(24.).reshape(1, 3, 2, 4) / 10, 1), "
            "torch.tensor([[[0, 1, 2, 0], [2, 2, 1, 0]]]))"),
    Snippet("(isinstance(nn.LazyLinear(3).weight, nn.UninitializedParameter),\n"
            " isinstance(nn.LazyBatchNorm1d().running_mean, nn.UninitializedBuffer),\n"
            " isinstance(nn.LazyLinear(3).weight, nn.parameter.UninitializedTensorMixin),\n"
            " nn.parameter.is_lazy(nn.LazyLinear(3).weight), nn.parameter.is_lazy(torch.ones(2)),\n"
            " isinstance(nn.LazyConv1d(2, 1), nn.modules.lazy.LazyModuleMixin),\n"
            " isinstance(nn.LazyConv1d(2, 1), nn.modules.conv.LazyModuleMixin))"),
    Snippet("m = nn.modules.activation.NonDynamicallyQuantizableLinear(3, 2)\n"
            "(tuple(m.weight.shape), repr(m), isinstance(m, nn.Linear))"),
    Snippet("h = nn.Linear(2, 2).register_forward_hook(lambda *a: None)\n"
            "isinstance(h, nn.modules.module.RemovableHandle)"),
    Snippet("issubclass(nn.utils.rnn.PackedSequence, nn.utils.rnn.PackedSequence_)"),
    # ---- nn.functional ---------------------------------------------------------------------------
    Snippet("F.adaptive_avg_pool2d(torch.arange(30.).reshape(1, 5, 6), (2, 4))"),
    Snippet("F.adaptive_avg_pool3d(torch.arange(60.).reshape(1, 3, 4, 5), 2)"),
    Snippet("F.adaptive_max_pool2d(torch.arange(30.).reshape(1, 5, 6), (2, 4))"),
    Snippet("F.adaptive_max_pool2d(torch.arange(30.).reshape(1, 5, 6), 3, return_indices=True)"),
    Snippet("F.adaptive_max_pool3d(torch.arange(60.).reshape(1, 3, 4, 5), (2, 2, 3))"),
    Snippet("F.adaptive_max_pool1d_with_indices(torch.arange(10.).reshape(1, 2, 5), 3)"),
    Snippet("F.adaptive_max_pool2d_with_indices(torch.arange(30.).reshape(1, 5, 6), 2)"),
    Snippet("F.adaptive_max_pool3d_with_indices(torch.arange(60.).reshape(1, 3, 4, 5), 2)"),
    Snippet("F.lp_pool3d(torch.arange(1., 65.).reshape(1, 1, 4, 4, 4), 2, 2)"),
    Snippet("F.max_pool3d_with_indices(" + X3 + ", 2)"),
    Snippet("p, i = F.max_pool1d(torch.tensor([[[1., 5., 2., 8., 3., 4.]]]), 2, "
            "return_indices=True)\nF.max_unpool1d(p, i, 2)"),
    Snippet("p, i = F.max_pool3d(" + X3 + ", 2, return_indices=True)\nF.max_unpool3d(p, i, 2)"),
    # ---- nn.init: the deprecated spellings without the trailing underscore -----------------------
    Snippet("nn.init.dirac(torch.empty(2, 2, 3))"),
    Snippet("w = nn.init.kaiming_normal(torch.empty(3, 4))\n(w.shape, w.dtype)"),
    Snippet("w = nn.init.kaiming_uniform(torch.empty(3, 4), a=1.0)\n"
            "(w.shape, bool(w.abs().max() <= (3 / 4) ** 0.5))"),
    Snippet("w = nn.init.xavier_normal(torch.empty(3, 4))\n(w.shape, w.dtype)"),
    Snippet("w = nn.init.xavier_uniform(torch.empty(3, 4))\n"
            "(w.shape, bool(w.abs().max() <= (6 / 7) ** 0.5))"),
    Snippet("w = nn.init.orthogonal(torch.empty(3, 3))\n"
            "torch.allclose(w @ w.T, torch.eye(3), atol=1e-5)"),
    # ---- optim -----------------------------------------------------------------------------------
    Snippet("opt = torch.optim.SGD([nn.Parameter(torch.ones(2))], lr=0.1)\n"
            "(isinstance(opt, torch.optim.Optimizer), issubclass(torch.optim.Adam, "
            "torch.optim.Optimizer))"),
    Snippet("s = torch.optim.lr_scheduler.StepLR(torch.optim.SGD([nn.Parameter(torch.ones(1))], "
            "lr=0.1), 2)\nisinstance(s, torch.optim.lr_scheduler.LRScheduler)"),
    Snippet(OPTIMIZER_MODULE + "calls = []\n"
            "h1 = O.register_optimizer_step_pre_hook("
            "lambda o, a, k: calls.append('pre'))\n"
            "h2 = O.register_optimizer_step_post_hook("
            "lambda o, a, k: calls.append('post'))\n"
            "p = nn.Parameter(torch.ones(2))\np.grad = torch.ones(2)\n"
            "torch.optim.SGD([p], lr=0.1).step()\nh1.remove()\nh2.remove()\n(calls, p)"),
]

test_untested_names = differential_tests("torch", SNIPPETS)
