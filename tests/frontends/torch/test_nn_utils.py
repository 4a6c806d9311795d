"""torch.nn.utils: the same programs on real torch and on the frontend, every backend.

Each program builds its tensors through ``T`` (real ``torch`` or ``ivy.frontends.torch``) from the
same numpy values, sets ``.grad`` by hand where gradients are needed, and returns plain data:
tensors (compared by dtype, shape and values), error types, and everything else compared exactly.
"""
import inspect
import math
import warnings

import numpy as np
import pytest

import ivy
import ivy.frontends.torch as ft

RTOL, ATOL = 2e-5, 1e-6
RNG = np.random.default_rng(0)
W34 = RNG.standard_normal((3, 4)).astype(np.float32)
G34 = RNG.standard_normal((3, 4)).astype(np.float32)
W5 = RNG.standard_normal(5)
G5 = RNG.standard_normal(5) * 3
W22 = RNG.standard_normal((2, 2)).astype(np.float32)
G0 = np.array(-2.5, dtype=np.float32)


def _is_tensor(x):
    return hasattr(x, "dtype") and hasattr(x, "shape") and hasattr(x, "detach")


def _plain(x):
    """Tensors -> ("tensor", dtype, shape, float64 values); containers recursively."""
    if _is_tensor(x):
        return ("tensor", str(x.dtype), tuple(x.shape),
                np.asarray(x.detach().float() if "bfloat16" in str(x.dtype) else x.detach(),
                           dtype=np.float64 if "complex" not in str(x.dtype) else None))
    if isinstance(x, (list, tuple)):
        return [_plain(v) for v in x]
    if isinstance(x, dict):
        return {k: _plain(v) for k, v in x.items()}
    return x


def _same(got, exp, where, rtol=RTOL, atol=ATOL):
    if isinstance(exp, tuple) and exp and exp[0] == "tensor":
        assert isinstance(got, tuple) and got[:3] == exp[:3], f"{where}: {got[:3]} != {exp[:3]}"
        np.testing.assert_allclose(got[3], exp[3], rtol=rtol, atol=atol, err_msg=where)
    elif isinstance(exp, list):
        assert isinstance(got, list) and len(got) == len(exp), f"{where}: {got} != {exp}"
        for i, (g, e) in enumerate(zip(got, exp)):
            _same(g, e, f"{where}[{i}]", rtol, atol)
    elif isinstance(exp, dict):
        assert got.keys() == exp.keys(), where
        for k in exp:
            _same(got[k], exp[k], f"{where}[{k}]", rtol, atol)
    else:
        assert got == exp, f"{where}: {got!r} != {exp!r}"


def _error(f):
    try:
        f()
    except Exception as e:      # noqa: BLE001 - the error's type is the result
        return type(e).__name__
    return None


def _param(T, value, grad=None, dtype=None):
    p = T.nn.Parameter(T.tensor(np.array(value, copy=True), dtype=dtype))
    if grad is not None:
        p.grad = T.tensor(np.array(grad, copy=True), dtype=dtype)
    return p


def _params(T):
    """float32 and float64 parameters with gradients, one without, and a 0-d one."""
    return [_param(T, W34, G34), _param(T, W5, G5), _param(T, W22), _param(T, G0 * 0, G0)]


# ---- clip_grad_norm_ ----------------------------------------------------------------------------
NORMS = [1, 2, 3.5, math.inf, "inf", -math.inf, 0, -1]
MAX_NORMS = [0.5, 1e3]   # below and above every total norm here


def clip_norm(T, norm_type, max_norm):
    ps = _params(T)
    before = [p.grad for p in ps]
    total = T.nn.utils.clip_grad_norm_(ps, max_norm, norm_type=norm_type)
    # in place: the same gradient objects, now holding the clipped values
    return [total, [p.grad for p in ps], [a is p.grad for a, p in zip(before, ps)], before]


@pytest.mark.parametrize("norm_type", NORMS, ids=[str(n) for n in NORMS])
@pytest.mark.parametrize("max_norm", MAX_NORMS, ids=["below", "above"])
def test_clip_grad_norm_(backend, norm_type, max_norm):
    _compare(backend, clip_norm, norm_type, max_norm)


def clip_norm_forms(T):
    single = _param(T, W34, G34)
    gen = [_param(T, W34, G34), _param(T, W5, G5)]
    no_grads = [_param(T, W34), _param(T, W5)]
    half = [_param(T, W5, G5, dtype=T.float16), _param(T, W5, G5 * 2, dtype=T.bfloat16)]
    mixed = [_param(T, W5, G5, dtype=T.float16), _param(T, W34, G34)]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        old = _param(T, W34, G34)
        deprecated = T.nn.utils.clip_grad_norm(old, 1.0)
    return [
        T.nn.utils.clip_grad_norm_(single, 2.0), single.grad,
        T.nn.utils.clip_grad_norm_((p for p in gen), 1.0, 1), [p.grad for p in gen],
        T.nn.utils.clip_grad_norm_(no_grads, 1.0), [p.grad for p in no_grads],
        T.nn.utils.clip_grad_norm_([], 1.0, error_if_nonfinite=True),
        T.nn.utils.clip_grad_norm_(half, 1.0), [p.grad for p in half],
        T.nn.utils.clip_grad_norm_(mixed, 1.0, norm_type="inf"), [p.grad for p in mixed],
        T.nn.utils.clip_grad_norm_(_params(T), T.tensor(0.5), 2.0, False, True),
        T.nn.utils.clip_grad_norm_(_params(T), -1.0),     # a negative max_norm flips the signs
        deprecated, old.grad, [(str(w.message), w.category.__name__) for w in caught],
    ]


def nonfinite(T):
    out = []
    for bad in (math.nan, math.inf):
        for norm_type in (2.0, 1, "inf"):
            ps = _params(T)
            ps[0].grad[1, 2] = bad
            try:
                T.nn.utils.clip_grad_norm_(ps, 1.0, norm_type, error_if_nonfinite=True)
                out.append(None)
            except RuntimeError as e:
                out.append(str(e))
            out.append([p.grad for p in ps])          # untouched by the refused call
            out.append(T.nn.utils.clip_grad_norm_(ps, 1.0, norm_type))    # scales anyway
            out.append([p.grad for p in ps])
        out.append(_error(lambda: T.nn.utils.get_total_norm(
            [T.tensor([1.0, bad])], error_if_nonfinite=True)))
    return out


def default_dtype(T):
    T.set_default_dtype(T.float64)
    try:
        return [T.nn.utils.clip_grad_norm_([_param(T, W5)], 1.0), T.nn.utils.get_total_norm([])]
    finally:
        T.set_default_dtype(T.float32)


def clip_errors(T):
    p = _param(T, W34, G34)
    u = T.nn.utils
    return [
        _error(lambda: u.clip_grad_norm_(3, 1.0)),
        _error(lambda: u.clip_grad_norm_([3], 1.0)),
        _error(lambda: u.clip_grad_norm_([p], "x")),
        _error(lambda: u.clip_grad_norm_([p], None)),
        _error(lambda: u.clip_grad_norm_([p], 1.0, norm_type=None)),
        _error(lambda: u.clip_grad_norm_([], 1.0, norm_type="x")),
        _error(lambda: u.clip_grad_value_([p], "x")),
        _error(lambda: u.clip_grad_value_(3, 1.0)),
        _error(lambda: u.clip_grads_with_norm_([p], 1.0, 10.0)),
        _error(lambda: u.clip_grads_with_norm_([p], 1.0, T.tensor([10.0]))),
        _error(lambda: u.clip_grads_with_norm_([p], 1.0, T.ones(2, 2))),
        _error(lambda: u.get_total_norm([T.tensor([3, 4])])),
        p.grad,                                             # every refusal left it alone
    ]


# ---- get_total_norm / clip_grads_with_norm_ / clip_grad_value_ -----------------------------------
def total_norms(T):
    u = T.nn.utils
    g = [T.tensor(G34), T.tensor(G5), T.tensor(G0)]
    out = [u.get_total_norm(T.tensor(G34)), u.get_total_norm(g, "inf")]
    out += [u.get_total_norm(g, n) for n in (1, 2, 3.5, 0, -1)]
    out.append(u.get_total_norm(g, foreach=True))
    out.append(u.get_total_norm([T.tensor(G5, dtype=T.float16), T.tensor(G5)]))
    ps = _params(T)
    out.append(u.clip_grads_with_norm_(ps, 1.0, u.get_total_norm([p.grad for p in ps if
                                                                   p.grad is not None])))
    out.append([p.grad for p in ps])
    ps = _params(T)
    out.append(u.clip_grads_with_norm_(ps, 2.0, T.tensor(0.5, dtype=T.float64)))   # coef clamped
    out.append([p.grad for p in ps])
    ps = _params(T)
    out.append(u.clip_grads_with_norm_(ps[0], 2, T.tensor(10)))
    out.append([p.grad for p in ps])
    out.append(u.clip_grads_with_norm_([], 1.0, T.ones(3)))       # nothing to scale, no check
    return out


def clip_values(T):
    u = T.nn.utils
    out = []
    for clip in (0.5, 2, -1.0, T.tensor(0.25)):
        ps = _params(T)
        before = [p.grad for p in ps]
        out.append(u.clip_grad_value_(ps, clip))
        out.append([p.grad for p in ps])
        out.append([a is p.grad for a, p in zip(before, ps)] + before)
    single = _param(T, W34, G34, dtype=T.float16)
    out.append(u.clip_grad_value_(single, 0.3, foreach=True))
    out.append(single.grad)
    return out


# ---- parameters_to_vector / vector_to_parameters -------------------------------------------------
def vectors(T):
    u = T.nn.utils
    ps = [_param(T, W34), _param(T, W5), _param(T, W22)]
    vec = u.parameters_to_vector(ps)
    out = [vec, u.parameters_to_vector(ps[:1]), u.parameters_to_vector(ps[0])]
    # round trip: write a changed vector back, read it out again
    u.vector_to_parameters(vec * 2 + 1, ps)
    out += [[p for p in ps], u.parameters_to_vector(ps)]
    # a float32 vector: every parameter takes its dtype and its values
    u.vector_to_parameters(T.arange(30.0), ps)
    out += [[p for p in ps], [type(p).__name__ for p in ps]]
    u.vector_to_parameters(T.arange(12.0).reshape(2, 6), ps[:1])       # slicing takes rows
    out.append(ps[0])
    return out


def vector_errors(T):
    u = T.nn.utils
    ps = [_param(T, W34), _param(T, W5)]
    return [
        _error(lambda: u.vector_to_parameters([1.0, 2.0], ps)),
        _error(lambda: u.vector_to_parameters(np.ones(17), ps)),
        _error(lambda: u.vector_to_parameters(None, ps)),
        _error(lambda: u.vector_to_parameters(3, ps)),
        _error(lambda: u.vector_to_parameters(T.ones(17), 3)),
        _error(lambda: u.vector_to_parameters(T.ones(3), ps)),
        _error(lambda: u.parameters_to_vector([])),
        _error(lambda: u.parameters_to_vector(3)),
        _error(lambda: u.parameters_to_vector([3])),
        _error(lambda: u.parameters_to_vector([ps[0].t()])),
        ps,
    ]


def vector_messages(T):
    try:
        T.nn.utils.vector_to_parameters([1.0], [])
    except TypeError as e:
        return str(e)


PROGRAMS = [clip_norm_forms, nonfinite, default_dtype, clip_errors, total_norms, clip_values,
            vectors, vector_errors, vector_messages]


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.__name__ for p in PROGRAMS])
def test_program_matches_torch(backend, program):
    _compare(backend, program)


def _compare(backend, program, *args):
    import torch
    # float16/bfloat16 gradients: the scaling is rounded in the gradient's dtype
    rtol = 2e-3 if program is clip_norm_forms or program is clip_values else RTOL
    expected = _plain(program(torch, *args))
    with ivy.using_backend(backend):
        got = _plain(program(ft, *args))
    _same(got, expected, program.__name__, rtol=rtol)


NAMES = ["clip_grad_norm_", "clip_grad_norm", "clip_grad_value_", "get_total_norm",
         "clip_grads_with_norm_", "parameters_to_vector", "vector_to_parameters",
         "fuse_conv_bn_eval", "fuse_conv_bn_weights", "fuse_linear_bn_eval",
         "fuse_linear_bn_weights", "weight_norm", "remove_weight_norm", "spectral_norm",
         "remove_spectral_norm"]


def test_signatures_match_torch():
    import torch
    for name in NAMES:
        real = inspect.signature(getattr(torch.nn.utils, name)).parameters.values()
        ours = inspect.signature(getattr(ft.nn.utils, name)).parameters.values()
        assert [(p.name, p.kind, p.default) for p in ours] == \
            [(p.name, p.kind, p.default) for p in real], name


# ---- modules: fusion, weight_norm, spectral_norm ------------------------------------------------
def _fill(T, module, seed=0):
    """Every parameter and buffer of ``module`` set from the same numpy draws on both sides."""
    rng = np.random.default_rng(seed)
    with T.no_grad():
        for name, t in module.state_dict(keep_vars=True).items():
            if t.is_floating_point():
                values = rng.uniform(0.5, 1.5, tuple(t.shape)) if "var" in name else \
                    rng.standard_normal(tuple(t.shape))
                t.copy_(T.tensor(values))
    return module


def _input(T, *shape):
    return T.tensor(np.random.default_rng(1).standard_normal(shape).astype(np.float32))


def _fused(T, layer, bn, x, **kwargs):
    _fill(T, layer, 2)
    _fill(T, bn, 3)
    layer.eval()
    bn.eval()
    fuse = T.nn.utils.fuse_linear_bn_eval if isinstance(layer, T.nn.Linear) else \
        T.nn.utils.fuse_conv_bn_eval
    fused = fuse(layer, bn, **kwargs)
    return [repr(fused), _kind(T, fused.weight), fused.weight, fused.bias,
            fused.weight.requires_grad, fused.bias.requires_grad, fused.training,
            fused is layer, fused.weight is layer.weight, layer.weight, fused(x),
            ]


def fusion(T):
    # few distinct weight shapes: on jax every new shape of the layers' random init compiles
    nn, x = T.nn, _input(T, 2, 3, 5)
    return [
        _fused(T, nn.Conv1d(3, 3, 2), nn.BatchNorm1d(3), x),
        _fused(T, nn.Conv1d(3, 3, 2, bias=False), nn.BatchNorm1d(3, affine=False), x),
        _fused(T, nn.ConvTranspose1d(3, 3, 2), nn.BatchNorm1d(3), x, transpose=True),
        _fused(T, nn.Linear(3, 4), nn.BatchNorm1d(4), _input(T, 2, 3)),
        _fused(T, nn.Linear(3, 4, bias=False), nn.BatchNorm1d(1), _input(T, 2, 3)),
    ]


def fusion_weights(T):
    u = T.nn.utils
    w4, w2 = T.tensor(RNG_W(4, 3)), T.tensor(RNG_W(3, 2, 2))
    rm, rv, bw, bb = (T.tensor(RNG_W(n)) for n in (4, 4, 4, 4))
    rv = rv.abs() + 0.5
    return [
        u.fuse_linear_bn_weights(w4, None, rm, rv, 1e-5, bw, bb),
        u.fuse_linear_bn_weights(w4.double(), T.ones(4, dtype=T.float16), rm, rv, 1e-3, bw, bb),
        u.fuse_linear_bn_weights(T.nn.Parameter(w4), T.nn.Parameter(bb.clone()), rm, rv, 0.1,
                                 bw, bb),
        u.fuse_conv_bn_weights(w2, None, rm[:3], rv[:3], 1e-5, None, None),
        u.fuse_conv_bn_weights(w2.double(), bb[:3], rm[:3], rv[:3], 1e-5, bw[:3], None),
        u.fuse_conv_bn_weights(w2.transpose(0, 1), None, rm[:3], rv[:3], 0.0, bw[:3], bb[:3],
                               transpose=True),
        [type(t).__name__ for t in u.fuse_conv_bn_weights(w2, None, rm[:3], rv[:3], 0., None,
                                                            None)],
    ]


def RNG_W(*shape):
    return np.random.default_rng(sum(shape)).standard_normal(shape).astype(np.float32)


def fusion_errors(T):
    nn, u = T.nn, T.nn.utils

    def message(f):
        try:
            f()
        except AssertionError as e:
            return str(e)
    lin = nn.Linear(3, 4).eval()
    return [
        message(lambda: u.fuse_conv_bn_eval(nn.Conv1d(3, 3, 2), nn.BatchNorm1d(3).eval())),
        message(lambda: u.fuse_conv_bn_eval(nn.Conv1d(3, 3, 2).eval(), nn.BatchNorm1d(3))),
        message(lambda: u.fuse_conv_bn_eval(nn.Conv1d(3, 3, 2).eval(),
                                            nn.BatchNorm1d(3, track_running_stats=False).eval())),
        message(lambda: u.fuse_linear_bn_eval(lin, nn.BatchNorm1d(5).eval())),
        message(lambda: u.fuse_linear_bn_eval(lin, nn.BatchNorm1d(4))),
        _error(lambda: u.fuse_linear_bn_eval(lin, nn.BatchNorm1d(4, affine=False).eval())),
    ]


def _kind(T, t):
    """Parameter or plain Tensor (the frontend's views are Tensor subclasses)."""
    if isinstance(t, T.nn.Parameter):
        return "Parameter"
    return "Tensor" if isinstance(t, T.Tensor) else type(t).__name__


def _wn_state(T, m):
    return [[n for n, _ in m.named_parameters()], list(m.state_dict()), _kind(T, m.weight),
            m.weight, [tuple(p.shape) for p in m.parameters()], len(m._forward_pre_hooks)]


def weight_norms(T):
    nn, u = T.nn, T.nn.utils
    out = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for make, kwargs in [(lambda: nn.Linear(3, 4), {}), (lambda: nn.Linear(3, 4), {"dim": 1}),
                             (lambda: nn.Linear(3, 4), {"dim": None}),
                             (lambda: nn.Linear(3, 4), {"dim": -2}),
                             (lambda: nn.Conv1d(3, 3, 2), {"dim": 1}),
                             (lambda: nn.Conv1d(3, 3, 2), {"dim": -1}),
                             (lambda: nn.Linear(3, 4), {"name": "bias"})]:
            m = u.weight_norm(_fill(T, make()), **kwargs)
            name = kwargs.get("name", "weight")
            x = _input(T, 2, 3) if isinstance(m, nn.Linear) else _input(T, 2, 3, 5)
            out.append(_wn_state(T, m) + [getattr(m, name + "_g"), getattr(m, name + "_v")])
            with T.no_grad():
                getattr(m, name + "_g").mul_(2.0)
                getattr(m, name + "_v").add_(0.5)
            out.append([m(x), getattr(m, name)])      # the pre-hook recomputed it
            out.append(u.remove_weight_norm(m, name) is m)
            out.append(_wn_state(T, m) + [getattr(m, name), m(x)])
    out.append(sorted({(str(w.message), w.category.__name__) for w in caught}))
    return out


def weight_norm_errors(T):
    nn, u = T.nn, T.nn.utils
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        m = u.weight_norm(nn.Linear(3, 4))
        errors = [_error(lambda: u.weight_norm(m)), _error(lambda: u.weight_norm(m, "foo")),
                  _error(lambda: u.weight_norm(nn.Linear(3, 4), dim=2)),
                  _error(lambda: u.weight_norm(nn.Linear(3, 4), dim=-3))]
    try:
        u.remove_weight_norm(nn.Linear(3, 4))
    except ValueError as e:
        errors.append(str(e))
    try:
        u.remove_weight_norm(m, "bias")
    except ValueError as e:
        errors.append(str(e))
    return errors


def _sn_state(T, m):
    sd = m.state_dict()
    return [[n for n, _ in m.named_parameters()], [n for n, _ in m.named_buffers()], list(sd),
            dict(sd._metadata), _kind(T, m.weight), len(m._forward_pre_hooks),
            len(m._state_dict_hooks)]


def spectral_norms(T):
    nn, u = T.nn, T.nn.utils
    out = []
    lin, seq = _input(T, 2, 3), _input(T, 2, 3, 5)
    for make, kwargs, x in [(lambda: nn.Linear(3, 4), {}, lin),
                            (lambda: nn.Linear(3, 4), {"n_power_iterations": 3}, lin),
                            (lambda: nn.Conv1d(3, 3, 2), {"dim": 1, "eps": 1e-3}, seq),
                            (lambda: nn.ConvTranspose1d(3, 3, 2), {}, seq)]:
        m = u.spectral_norm(_fill(T, make()), **kwargs)
        out.append(_sn_state(T, m) + [m.weight, m.weight_orig, tuple(m.weight_u.shape),
                                   tuple(m.weight_v.shape)])
        rng = np.random.default_rng(5)
        with T.no_grad():        # the same starting vectors on both sides (torch drew its own)
            m.weight_u.copy_(T.tensor(rng.standard_normal(tuple(m.weight_u.shape))))
            m.weight_v.copy_(T.tensor(rng.standard_normal(tuple(m.weight_v.shape))))
        u0 = m.weight_u
        out.append([m(x), m.weight, m.weight_u, m.weight_v, u0 is m.weight_u])
        out.append([m(x), m.weight, m.weight_u, m.weight_v])
        m.eval()
        out.append([m(x), m.weight, m.weight_u, m.weight_v])       # eval: no iteration
        out.append(u.remove_spectral_norm(m) is m)
        out.append(_sn_state(T, m) + [m.weight, m(x)])
    return out


def spectral_norm_errors(T):
    nn, u = T.nn, T.nn.utils
    m = u.spectral_norm(nn.Linear(3, 4))
    errors = [_error(lambda: u.spectral_norm(m)), _error(lambda: u.spectral_norm(m, "foo")),
              _error(lambda: u.spectral_norm(nn.Linear(3, 4), n_power_iterations=0))]
    try:
        u.spectral_norm(nn.Linear(3, 4), n_power_iterations=-1)
    except ValueError as e:
        errors.append(str(e))
    try:
        u.remove_spectral_norm(m, "bias")
    except ValueError as e:
        errors.append(str(e))
    return errors


MODULE_PROGRAMS = [fusion, fusion_weights, fusion_errors, weight_norms, weight_norm_errors,
                   spectral_norms, spectral_norm_errors]


@pytest.mark.parametrize("program", MODULE_PROGRAMS, ids=[p.__name__ for p in MODULE_PROGRAMS])
def test_module_program_matches_torch(backend, program):
    _compare(backend, program)


# Errors that come from frontend functions outside nn.utils, which still raise another type.
GAPS = {
    "spectral-bad-dim": (lambda T: T.nn.utils.spectral_norm(T.nn.Conv1d(3, 3, 2), dim=5),
                         "Tensor.permute with the wrong number of dims raises IndexError, not "
                         "torch's RuntimeError"),
}


@pytest.mark.parametrize("case", [pytest.param(k, marks=pytest.mark.xfail(reason=v[1], strict=True))
                                  for k, v in GAPS.items()])
def test_error_types_from_other_functions(backend, case):
    import torch
    program = GAPS[case][0]
    expected = _error(lambda: program(torch))
    with ivy.using_backend(backend):
        assert _error(lambda: program(ft)) == expected


def test_fuse_with_unbroadcastable_shapes_raises_as_torch(backend):
    import torch

    def program(T):
        return T.nn.utils.fuse_linear_bn_weights(T.ones(4, 3), None, T.zeros(2), T.ones(2), 1e-5,
                                                 T.ones(2), T.ones(2))
    expected = _error(lambda: program(torch))
    with ivy.using_backend(backend):
        assert _error(lambda: program(ft)) == expected


def backprop(T):
    """Gradients from backward() through the normalized weights, then clipped and stepped."""
    x = T.tensor(np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wn = _fill(T, T.nn.utils.weight_norm(T.nn.Linear(3, 4), dim=1), 7)
    sn = _fill(T, T.nn.utils.spectral_norm(T.nn.Linear(3, 4)), 8)
    params = list(wn.parameters()) + list(sn.parameters())
    opt = T.optim.SGD(params, lr=0.1)
    (wn(x).pow(2).sum() + sn(x).pow(2).sum()).backward()
    out = [[p.grad for p in params], T.nn.utils.clip_grad_norm_(params, 1.0)]
    opt.step()          # reads the clipped gradients
    return out + [params, [sn.weight_u, sn.weight_v]]


def test_backprop_through_normalized_weights(backend):
    if backend == "numpy":
        pytest.skip("the numpy backend has no automatic differentiation")
    import ivy.frontends.torch.optim  # noqa: F401  (until torch/__init__ imports optim)
    _compare(backend, backprop)
