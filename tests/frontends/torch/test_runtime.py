"""torch.compile, vmap, cond/while_loop, runtime settings, autocast, GradScaler, legacy tensor
types, layouts and the sym_* helpers: the same programs on real torch and on the frontend."""
import copy
import warnings

import numpy as np
import pytest

import ivy
import ivy.frontends.torch as ft
from ivy.frontends.torch import _dtypes, _runtime

torch = pytest.importorskip("torch")


@pytest.fixture(autouse=True)
def restore_state():
    """Runtime settings are process state: put ours (and real torch's) back after each test."""
    saved = [copy.deepcopy(d) for d in (_runtime._THREADS, _runtime._FLAGS, _runtime._AUTOCAST,
                                        _runtime.PRINT_OPTIONS, _dtypes._default)]
    real = (torch.get_num_threads(), torch.get_deterministic_debug_mode(),
            torch.get_float32_matmul_precision(), torch.is_warn_always_enabled(),
            torch.get_default_dtype())
    yield
    for live, old in zip((_runtime._THREADS, _runtime._FLAGS, _runtime._AUTOCAST,
                          _runtime.PRINT_OPTIONS, _dtypes._default), saved):
        live.clear()
        live.update(old)
    torch.set_num_threads(real[0])
    torch.set_deterministic_debug_mode(real[1])
    torch.set_float32_matmul_precision(real[2])
    torch.set_warn_always(real[3])
    torch.set_default_dtype(real[4])
    torch.set_printoptions(profile="default")


def same(got, want):
    """Frontend results equal real torch's: structure, dtypes, shapes, values."""
    if isinstance(want, torch.Tensor):
        assert isinstance(got, ft.Tensor), type(got)
        assert str(got.dtype) == str(want.dtype) and tuple(got.shape) == tuple(want.shape), (
            got.dtype, want.dtype, got.shape, want.shape)
        np.testing.assert_allclose(np.asarray(got), want.numpy(), rtol=1e-6, atol=1e-6)
    elif isinstance(want, (tuple, list, dict)):
        assert type(got) is type(want) and len(got) == len(want)
        for g, w in (zip(got.values(), want.values()) if isinstance(want, dict) else
                     zip(got, want)):
            same(g, w)
    else:
        assert got == want, (got, want)


def raises_like(program):
    """The exception type real torch raises for ``program(torch)`` (None when it returns)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            program(torch)
    except Exception as e:         # noqa: BLE001
        return type(e)
    return None


# ---- torch.compile -------------------------------------------------------------------------
def test_compile_traces_the_function(backend):
    """torch.compile traces (tests/trace/test_entry_points.py); all torch's options accepted,
    disable=True gives the function itself."""
    def f(x):
        return x * 2 + 1
    with ivy.using_backend(backend):
        assert ft.compile(f, disable=True) is f
        for compiled in (ft.compile(f), ft.compile(f, fullgraph=True, dynamic=False,
                                                   backend="eager", mode="max-autotune",
                                                   name="f", recompile_limit=4),
                         ft.compile(f, options={"trace.enabled": False}),
                         ft.compile(mode="reduce-overhead", fullgraph=True)(f)):
            same(compiled(ft.arange(3.)), f(torch.arange(3.)))

        @ft.compile
        def g(x):
            return x.sum()
        same(g(ft.ones(2, 2)), torch.ones(2, 2).sum())


@pytest.mark.parametrize("kwargs", [{"mode": "fastest"}, {"mode": "default", "options": {}}])
def test_compile_refuses_like_torch(backend, kwargs):
    want = raises_like(lambda T: T.compile(lambda x: x, **kwargs))
    with ivy.using_backend(backend), pytest.raises(want):
        ft.compile(lambda x: x, **kwargs)


# ---- vmap, cond, while_loop ----------------------------------------------------------------
def vmap_programs(T):
    x = T.arange(6.).reshape(2, 3)
    y = T.tensor([1., -1., 2.])
    return [
        T.vmap(lambda a: a.sum())(x),
        T.vmap(lambda a, b: a * b, in_dims=(1, None))(x, T.tensor([2., 3.])),
        T.vmap(lambda a: (a, a * 2), out_dims=(0, 1))(x),
        T.vmap(lambda d: d["p"] + d["q"])({"p": x, "q": x * 10}),
        T.vmap(lambda a, b: a["u"] + b, in_dims=({"u": 1}, None))({"u": x}, y[:2]),
        T.vmap(lambda a, b: a @ b)(x.reshape(2, 3, 1), x.reshape(2, 1, 3)),
        T.vmap(lambda a, scale=1.0: a * scale)(y, scale=T.tensor(3.)),
        T.vmap(T.vmap(lambda a: a.max()))(x.reshape(1, 2, 3)),
        T.vmap(lambda a: T.cond(a.sum() > 2, lambda v: v + 1, lambda v: v - 1, (a,)))(x),
    ]


def test_vmap_like_torch(backend):
    want = vmap_programs(torch)
    with ivy.using_backend(backend):
        got = vmap_programs(ft)
    same(got, want)


@pytest.mark.parametrize("program", [
    lambda T: T.vmap(lambda a, b: a * b)(T.ones(3), 2.0),
    lambda T: T.vmap(lambda a, b: a + b)(T.ones(2), T.ones(3)),
    lambda T: T.vmap(lambda a: 1.0)(T.ones(2)),
    lambda T: T.vmap(lambda a: a, in_dims=2)(T.ones(2)),
    lambda T: T.vmap(lambda a, b: a, in_dims=(0,))(T.ones(2), T.ones(2)),
    lambda T: T.vmap(lambda a: a, randomness="sometimes")(T.ones(2)),
], ids=["non_tensor_mapped", "sizes_differ", "non_tensor_output", "dim_out_of_range",
        "in_dims_structure", "randomness"])
def test_vmap_errors_like_torch(backend, program):
    want = raises_like(program)
    assert want is not None
    with ivy.using_backend(backend), pytest.raises(want):
        program(ft)


def control_programs(T):
    x = T.tensor([1., 2.])
    return [
        T.cond(T.tensor(True), lambda a: a + 1, lambda a: a - 1, (x,)),
        T.cond(T.tensor([0]), lambda a, b: a * b, lambda a, b: a - b, (x, x)),
        T.cond(False, lambda: T.ones(1), lambda: T.zeros(1)),
        T.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * 2), (T.tensor(0), x)),
        T.while_loop(lambda a: a.sum() < 20, lambda a: (a * 3,), (x,)),
        T.while_loop(lambda a: a.sum() < 0, lambda a: (a * 3,), (x,)),
    ]


def test_cond_and_while_loop_like_torch(backend):
    want = control_programs(torch)
    with ivy.using_backend(backend):
        got = control_programs(ft)
    same(got, want)


def test_cond_refuses_a_multi_element_predicate(backend):
    program = lambda T: T.cond(T.tensor([True, False]), lambda: T.ones(1),  # noqa: E731
                               lambda: T.zeros(1))
    want = raises_like(program)
    with ivy.using_backend(backend), pytest.raises(want):
        program(ft)


# ---- settings ------------------------------------------------------------------------------
def settings_program(T):
    out = [T.get_num_threads() > 0, T.get_float32_matmul_precision(),
           T.get_deterministic_debug_mode(), T.are_deterministic_algorithms_enabled(),
           T.is_warn_always_enabled(), T.is_anomaly_enabled(), T.is_anomaly_check_nan_enabled()]
    T.set_num_threads(1)
    T.set_float32_matmul_precision("medium")
    T.use_deterministic_algorithms(True, warn_only=True)
    out += [T.get_num_threads(), T.get_float32_matmul_precision(),
            T.get_deterministic_debug_mode(), T.is_deterministic_algorithms_warn_only_enabled()]
    T.set_deterministic_debug_mode("error")
    out += [T.are_deterministic_algorithms_enabled(),
            T.is_deterministic_algorithms_warn_only_enabled()]
    T.set_deterministic_debug_mode(True)
    out += [T.get_deterministic_debug_mode()]
    T.use_deterministic_algorithms(False)
    T.set_warn_always(True)
    out += [T.get_deterministic_debug_mode(), T.is_warn_always_enabled(),
            T.get_default_device() == T.device("cpu"), T.newaxis, T.is_vulkan_available(),
            T.is_storage(T.ones(1)), T.has_lapack, T.has_spectral, T.init_num_threads()]
    T.set_default_device("cpu")
    out += [str(T.get_default_device())]
    T.set_default_device(None)
    T.set_default_tensor_type(T.DoubleTensor)
    out += [str(T.get_default_dtype()), str(T.tensor([1.5]).dtype)]
    T.set_default_tensor_type("torch.FloatTensor")
    out += [str(T.get_default_dtype())]
    return out


def test_settings_like_torch(backend):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = settings_program(torch)
        with ivy.using_backend(backend):
            got = settings_program(ft)
    assert got == want


@pytest.mark.parametrize("program", [
    lambda T: T.set_deterministic_debug_mode("sometimes"),
    lambda T: T.set_deterministic_debug_mode(5),
    lambda T: T.use_deterministic_algorithms(1),
    lambda T: T.set_num_threads(0),
    lambda T: T.set_num_threads(2.5),
    lambda T: T.set_default_tensor_type(T.LongTensor),
], ids=["debug_mode_name", "debug_mode_int", "mode_not_bool", "threads_zero", "threads_float",
        "tensor_type_int"])
def test_setting_errors_like_torch(backend, program):
    want = raises_like(program)
    assert want is not None
    with ivy.using_backend(backend), pytest.raises(want), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        program(ft)


def test_default_device_cuda_absent(backend):
    """A CPU-only torch refuses ``set_default_device("cuda")`` with AssertionError (not run on
    real torch here: it would change its default device for the rest of the session)."""
    with ivy.using_backend(backend), pytest.raises(AssertionError):
        ft.set_default_device("cuda")
    assert str(ft.get_default_device()) == "cpu"


def test_matmul_precision_bad_value_warns_and_keeps(backend):
    with ivy.using_backend(backend), pytest.warns(UserWarning):
        ft.set_float32_matmul_precision("fast")
    assert ft.get_float32_matmul_precision() == "highest"


def test_interop_threads_set_once(backend):
    _runtime._THREADS["interop_set"] = False
    ft.set_num_interop_threads(3)
    assert ft.get_num_interop_threads() == 3
    with pytest.raises(RuntimeError):
        ft.set_num_interop_threads(2)


def test_printoptions_state(backend):
    ft.set_printoptions(precision=2, sci_mode=False)
    assert _runtime.PRINT_OPTIONS["precision"] == 2 and _runtime.PRINT_OPTIONS["sci_mode"] is False
    ft.set_printoptions(profile="full")
    assert _runtime.PRINT_OPTIONS["threshold"] == float("inf")
    ft.set_printoptions(profile="default")
    assert _runtime.PRINT_OPTIONS == {"precision": 4, "threshold": 1000, "edgeitems": 3,
                                      "linewidth": 80, "sci_mode": None}


def test_printoptions_affect_repr(backend):
    torch.set_printoptions(precision=2)
    ft.set_printoptions(precision=2)
    try:
        with ivy.using_backend(backend):
            assert repr(ft.tensor([1.23456])) == repr(torch.tensor([1.23456]))
    finally:
        torch.set_printoptions(profile="default")
        ft.set_printoptions(profile="default")


def test_flush_denormal_reports_unsupported(backend):
    assert ft.set_flush_denormal(True) is False and ft.set_flush_denormal(False) is False


# ---- autocast ------------------------------------------------------------------------------
def autocast_program(T):
    out = [T.is_autocast_enabled(), T.is_autocast_enabled("cpu"), str(T.get_autocast_dtype("cpu")),
           str(T.get_autocast_dtype("cuda")), str(T.get_autocast_cpu_dtype()),
           T.is_autocast_cache_enabled()]
    with T.autocast("cpu", enabled=False):
        out += [T.is_autocast_enabled("cpu"), (T.ones(2, dtype=T.float32) @ T.ones(2)).dtype]
    with T.autocast("cuda"):                       # no CUDA: torch disables it with a warning
        out += [T.is_autocast_enabled("cuda")]

    @T.autocast("cpu", enabled=False)
    def f(x):
        return x * 2
    out += [f(T.ones(1)).dtype, T.autocast("cpu", dtype=T.float32).fast_dtype]
    T.set_autocast_dtype("cpu", T.float16)
    out += [str(T.get_autocast_dtype("cpu"))]
    T.set_autocast_dtype("cpu", T.bfloat16)
    return [str(o) for o in out]


def test_autocast_state_like_torch(backend):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = autocast_program(torch)
        with ivy.using_backend(backend):
            got = autocast_program(ft)
    assert got == want


def test_autocast_enabled_is_not_silently_ignored(backend):
    with ivy.using_backend(backend):
        with pytest.raises(NotImplementedError, match="autocast"):
            with ft.autocast("cpu"):
                pass
        with pytest.raises(NotImplementedError, match="autocast"):
            ft.autocast("cpu", dtype=ft.float16)(lambda: None)()
        with pytest.raises(NotImplementedError, match="autocast"):
            ft.set_autocast_enabled("cpu", True)
        assert not ft.is_autocast_enabled("cpu")
        with pytest.raises(raises_like(lambda T: T.autocast("gpu"))):
            ft.autocast("gpu")


# ---- GradScaler ----------------------------------------------------------------------------
class SGD:
    """The part of torch.optim.SGD GradScaler uses, for frontend tensors."""

    def __init__(self, params, lr):
        self.param_groups = [{"params": list(params), "lr": lr}]

    def step(self):
        for p in self.param_groups[0]["params"]:
            if p.grad is not None:
                p.sub_(p.grad * self.param_groups[0]["lr"])
        return "stepped"


def scaler_program(T, optim):
    w = T.tensor([1.0, -2.0, 3.0])
    if T is torch:
        w.requires_grad_()
    opt = optim([w], 0.1)
    scaler = T.GradScaler("cpu", init_scale=8.0, growth_factor=3.0, backoff_factor=0.25,
                          growth_interval=2)
    out = []
    for grads in ([1.0, 2.0, 3.0], [0.5, float("inf"), 1.0], [1.0, 1.0, 1.0], [2.0, 0.0, -1.0],
                  [float("nan"), 0.0, 0.0], [1.0, 2.0, 4.0]):
        loss_scaled = scaler.scale(T.tensor(2.0))
        g = T.tensor(grads) * scaler.get_scale()
        w.grad = g
        out.append(loss_scaled.item())
        scaler.unscale_(opt)
        out.append(w.grad.tolist())
        scaler.step(opt)
        scaler.update()
        out += [scaler.get_scale(), w.detach().tolist()]
    out.append(scaler.state_dict())
    out.append([t.tolist() for t in scaler.scale([T.ones(1), (T.ones(2),)])[1]])
    scaler.update(5.0)
    out.append(scaler.get_scale())
    return out


def test_grad_scaler_like_torch(backend):
    want = scaler_program(torch, torch.optim.SGD)
    with ivy.using_backend(backend):
        got = scaler_program(ft, SGD)
    np.testing.assert_equal(got, want)


def test_grad_scaler_errors_and_disabled(backend):
    with ivy.using_backend(backend):
        w = ft.ones(2)
        opt = SGD([w], 1.0)
        scaler = ft.GradScaler("cpu")
        with pytest.raises(AssertionError):           # no gradients: no inf checks recorded
            scaler.step(opt)
        scaler = ft.GradScaler("cpu")
        w.grad = ft.ones(2)
        scaler.unscale_(opt)
        with pytest.raises(RuntimeError):
            scaler.unscale_(opt)
        scaler.step(opt)
        with pytest.raises(RuntimeError):
            scaler.step(opt)
        with pytest.raises(RuntimeError):
            scaler.step(opt, closure=lambda: None)
        with pytest.warns(UserWarning):
            off = ft.GradScaler()                  # CUDA absent: disabled, like torch here
        assert not off.is_enabled() and off.get_scale() == 1.0 and off.state_dict() == {}
        t = ft.ones(1)
        assert off.scale(t) is t and off.step(opt) == "stepped" and off.update() is None
        assert ft.GradScaler("cpu", enabled=False).state_dict() == {}
        with pytest.raises(RuntimeError):
            ft.GradScaler("cpu").load_state_dict({})
    with pytest.warns(UserWarning):
        assert not torch.GradScaler().is_enabled()


# ---- legacy tensor types, typename ---------------------------------------------------------
LEGACY = ["FloatTensor", "DoubleTensor", "HalfTensor", "BFloat16Tensor", "LongTensor",
          "IntTensor", "ShortTensor", "CharTensor", "ByteTensor", "BoolTensor"]
DTYPES = ["float32", "float64", "float16", "bfloat16", "int64", "int32", "int16", "int8", "uint8",
          "bool", "complex64", "uint16"]


def legacy_program(T):
    out = []
    for name in LEGACY:
        cls = getattr(T, name)
        out.append([isinstance(T.zeros(2, dtype=getattr(T, d)), cls) for d in DTYPES])
        out.append(str(cls.dtype))
        for args in ([[1, 0, 2]], [2, 3], [], [T.Size([2])], [(3, 4)]):
            t = cls(*args)
            out.append((str(t.dtype), tuple(t.shape),
                        t.tolist() if args and type(args[0]) in (list, tuple) else None))
    out.append([T.typename(T.zeros(1, dtype=getattr(T, d))) for d in DTYPES])
    out.append([T.typename(o) for o in (3, "s", [1], LEGACY, np.zeros(1))])
    out.append(isinstance(T.ones(1), T.Tensor) and not isinstance(T.ones(1).double(),
                                                                   T.FloatTensor))
    return out


def test_legacy_tensor_types_like_torch(backend):
    want = legacy_program(torch)
    with ivy.using_backend(backend):
        got = legacy_program(ft)
    assert got == want


@pytest.mark.parametrize("program", [lambda T: T.FloatTensor(2.5),
                                     lambda T: T.FloatTensor(T.ones(2, dtype=T.int64))],
                         ids=["scalar", "other_dtype"])
def test_legacy_tensor_type_errors(backend, program):
    want = raises_like(program)
    with ivy.using_backend(backend), pytest.raises(want):
        program(ft)


# ---- dlpack, layouts, sym_* ----------------------------------------------------------------
def test_dlpack(backend):
    a = np.arange(4, dtype=np.float32)
    with ivy.using_backend(backend):
        t = ft.from_dlpack(a)
        same(t, torch.from_dlpack(a))
        same(ft.from_dlpack(ft.arange(3)), torch.arange(3))
        assert type(ft.to_dlpack(ft.ones(2))).__name__ == "PyCapsule"


def test_layouts_and_memory_formats():
    for name in ("strided", "sparse_coo", "sparse_csr", "contiguous_format", "preserve_format",
                 "channels_last", "channels_last_3d"):
        ours, theirs = getattr(ft, name), getattr(torch, name)
        assert repr(ours) == repr(theirs) and type(ours).__name__ == type(theirs).__name__
    assert isinstance(ft.strided, ft.layout) and isinstance(ft.channels_last, ft.memory_format)


@pytest.mark.parametrize("fn,args", [
    ("sym_int", (3.7,)), ("sym_int", (-3.7,)), ("sym_int", (5,)), ("sym_int", (True,)),
    ("sym_float", (3,)), ("sym_max", (2, 1.5)), ("sym_max", (1, 2.5)), ("sym_max", (2, 3)),
    ("sym_min", (2.0, 3)), ("sym_not", (True,)), ("sym_sum", ([1, 2, 3],)),
    ("sym_sum", ([1.5, 2],)), ("sym_ite", (False, 1, 2)), ("sym_sqrt", (4,)),
])
def test_sym_helpers_like_torch(fn, args):
    got, want = getattr(ft, fn)(*args), getattr(torch, fn)(*args)
    assert got == want and type(got) is type(want), (got, want)
    assert not isinstance(3, ft.SymInt) and not isinstance(1.0, ft.SymFloat)


def test_jit_helpers_like_torch(backend):
    """torch.jit's small helpers outside scripting and tracing, as real torch answers them."""
    with ivy.using_backend(backend):
        assert ft.jit.is_scripting() is torch.jit.is_scripting()
        assert ft.jit.is_tracing() is torch.jit.is_tracing()
        assert ft.jit.annotate(int, 3) == torch.jit.annotate(int, 3)
        seen = []

        def f(x):
            seen.append(ft.jit.is_tracing())
            return x * 2
        ft.jit.trace(f, (ft.ones(2),))
        real = []
        torch.jit.trace(lambda x: (real.append(torch.jit.is_tracing()), x * 2)[1], (torch.ones(2),))
        assert seen[:1] == real[:1]
