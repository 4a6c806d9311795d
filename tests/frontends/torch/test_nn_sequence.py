"""torch.nn sequence layers (MultiheadAttention, Transformer*, RNN/LSTM/GRU and cells): the same
module built in real torch and in the frontend (every backend), the real module's state_dict
loaded into ours, then forward on the same inputs (masks, initial states, unbatched input).

Checked per row: repr, state_dict keys/order/shapes/dtypes, every output (values, dtypes, shapes;
tuples of states and attention weights flattened, ``None`` where torch returns ``None``). Rows
with dropout > 0 compare values in eval mode only.
"""
import contextlib
import math
import warnings

import numpy as np
import pytest

import ivy
import ivy.frontends.torch as ft

from ._gradients import check_backward


def F32(*shape):
    return lambda r: r.standard_normal(shape).astype(np.float32)


def F64(*shape):
    return lambda r: r.standard_normal(shape)


def MASK(rows):
    """A bool mask (True = masked) that leaves at least one position unmasked per row."""
    return lambda r: np.array(rows, dtype=bool)


def CAUSAL(n, dtype=np.float32):
    return lambda r: np.triu(np.full((n, n), -np.inf, dtype=dtype), 1)


def FMASK(*shape):
    return lambda r: r.uniform(-2.0, 0.0, shape).astype(np.float32)


LEFT_KPM = MASK([[False, False, False, True, True], [False, False, False, False, True]])
KPM = MASK([[False, False, False, True, True], [False, True, False, False, False]])
TRAIN_EVAL, TRAIN, EVAL = ("train", "eval"), ("train",), ("eval",)


def row(id, ctor, args, kwargs=None, modes=TRAIN, xfail=None, **opts):
    marks = [pytest.mark.xfail(reason=xfail, strict=True)] if xfail else []
    return pytest.param(ctor, args, kwargs or {}, modes, opts, id=id, marks=marks)


def _kw(T, k):
    """Constructor keywords with ``dtype`` named by a string, so one row serves both
    frameworks."""
    return {n: getattr(T, v) if n == "dtype" else v for n, v in k.items()}


def mha(*a, **k):
    return lambda T: T.nn.MultiheadAttention(*a, **_kw(T, k))


ATTENTION = [
    row("MHA", mha(4, 2), [F32(3, 2, 4), F32(5, 2, 4), F32(5, 2, 4)], modes=TRAIN_EVAL),
    row("MHA-batch_first-masks", mha(4, 2, batch_first=True),
        [F32(2, 3, 4), F32(2, 5, 4), F32(2, 5, 4)],
        {"key_padding_mask": KPM, "attn_mask": MASK([[False, True, False, False, True]] * 3)}),
    row("MHA-kdim-vdim-3d-float-mask", mha(4, 2, kdim=3, vdim=5),
        [F32(3, 2, 4), F32(5, 2, 3), F32(5, 2, 5)],
        {"attn_mask": FMASK(4, 3, 5), "average_attn_weights": False}),
    row("MHA-bias_kv-zero_attn", mha(4, 1, bias=False, add_bias_kv=True, add_zero_attn=True),
        [F32(3, 2, 4), F32(5, 2, 4), F32(5, 2, 4)], {"key_padding_mask": FMASK(2, 5)}),
    row("MHA-unbatched-no-weights", mha(4, 2), [F32(3, 4), F32(5, 4), F32(5, 4)],
        {"need_weights": False}),
    row("MHA-causal", mha(4, 2, batch_first=True), [F32(2, 4, 4)] * 3,
        {"attn_mask": CAUSAL(4), "is_causal": True, "need_weights": False}),
    row("MHA-causal-hint-overrides-mask", mha(4, 2), [F32(3, 2, 4), F32(5, 2, 4), F32(5, 2, 4)],
        {"attn_mask": FMASK(3, 5), "is_causal": True, "need_weights": False}),
    row("MHA-dropout", mha(4, 2, dropout=0.5), [F32(3, 2, 4)] * 3, modes=TRAIN_EVAL,
        train_values=False),
    row("MHA-f64", mha(4, 4, dtype="float64"), [F64(2, 1, 4)] * 3),
]


def enc_layer(T, **k):
    return T.nn.TransformerEncoderLayer(4, 2, dim_feedforward=6, dropout=0.0, **k)


def dec_layer(T, **k):
    return T.nn.TransformerDecoderLayer(4, 2, dim_feedforward=6, dropout=0.0, **k)


TRANSFORMERS = [
    row("EncoderLayer", lambda T: enc_layer(T), [F32(3, 2, 4)], {"src_mask": CAUSAL(3)},
        modes=TRAIN_EVAL),
    row("EncoderLayer-norm_first-gelu-batch_first",
        lambda T: enc_layer(T, activation="gelu", norm_first=True, batch_first=True),
        [F32(2, 5, 4)], {"src_key_padding_mask": KPM}),
    row("EncoderLayer-module-activation-nobias",
        lambda T: enc_layer(T, activation=T.nn.GELU("tanh"), bias=False), [F32(3, 4)]),
    row("EncoderLayer-callable-activation",
        lambda T: enc_layer(T, activation=T.nn.functional.silu, layer_norm_eps=1e-3),
        [F32(3, 2, 4)]),
    row("EncoderLayer-dropout",
        lambda T: T.nn.TransformerEncoderLayer(4, 2, dim_feedforward=6, batch_first=True),
        [F32(2, 3, 4)], modes=TRAIN_EVAL, train_values=False),
    row("DecoderLayer", lambda T: dec_layer(T), [F32(3, 2, 4), F32(5, 2, 4)],
        {"tgt_mask": CAUSAL(3), "memory_key_padding_mask": KPM}),
    row("DecoderLayer-norm_first-batch_first",
        lambda T: dec_layer(T, norm_first=True, batch_first=True, activation="gelu"),
        [F32(2, 3, 4), F32(2, 5, 4)],
        {"memory_mask": FMASK(3, 5), "tgt_key_padding_mask": MASK([[False, False, True],
                                                                   [False, False, False]])}),
    row("TransformerEncoder", lambda T: T.nn.TransformerEncoder(
        enc_layer(T, batch_first=True), 2, T.nn.LayerNorm(4), enable_nested_tensor=False),
        [F32(2, 3, 4)], {"mask": CAUSAL(3)}),
    row("TransformerEncoder-kpm", lambda T: T.nn.TransformerEncoder(enc_layer(T), 2),
        [F32(5, 2, 4)], {"src_key_padding_mask": KPM, "is_causal": False}),
    row("TransformerEncoder-inference-nested", lambda T: T.nn.TransformerEncoder(
        enc_layer(T, batch_first=True), 2, T.nn.LayerNorm(4)), [F32(2, 5, 4)],
        {"src_key_padding_mask": LEFT_KPM}, modes=EVAL, no_grad=True),
    row("TransformerEncoder-inference-not-left-aligned", lambda T: T.nn.TransformerEncoder(
        enc_layer(T, batch_first=True), 1), [F32(2, 5, 4)], {"src_key_padding_mask": KPM},
        modes=EVAL, no_grad=True),
    row("Transformer-inference", lambda T: T.nn.Transformer(
        4, 2, 1, 1, 6, 0.0, batch_first=True), [F32(2, 5, 4), F32(2, 3, 4)],
        {"src_key_padding_mask": LEFT_KPM, "memory_key_padding_mask": LEFT_KPM},
        modes=EVAL, no_grad=True),
    row("TransformerDecoder", lambda T: T.nn.TransformerDecoder(dec_layer(T), 2),
        [F32(3, 2, 4), F32(5, 2, 4)], {"tgt_mask": CAUSAL(3), "tgt_is_causal": True}),
    row("Transformer", lambda T: T.nn.Transformer(4, 2, 1, 1, 6, 0.0),
        [F32(5, 2, 4), F32(3, 2, 4)],
        {"tgt_mask": CAUSAL(3), "src_key_padding_mask": KPM, "memory_key_padding_mask": KPM}),
    row("Transformer-batch_first-norm_first", lambda T: T.nn.Transformer(
        4, 2, 2, 1, 6, 0.0, batch_first=True, norm_first=True, activation="gelu"),
        [F32(2, 5, 4), F32(2, 3, 4)], {"src_mask": CAUSAL(5)}),
]


class PACKED:
    """A padded batch packed by ``T.nn.utils.rnn.pack_padded_sequence`` for each framework."""

    def __init__(self, build, lengths, batch_first=False, enforce_sorted=False):
        self.build, self.lengths = build, lengths
        self.batch_first, self.enforce_sorted = batch_first, enforce_sorted

    def __call__(self, rng):
        built = PACKED(None, self.lengths, self.batch_first, self.enforce_sorted)
        built.array = self.build(rng)
        return built

    def convert(self, T):
        return T.nn.utils.rnn.pack_padded_sequence(T.tensor(self.array), self.lengths,
                                                   self.batch_first, self.enforce_sorted)


def rnn(kind, *a, **k):
    return lambda T: getattr(T.nn, kind)(*a, **_kw(T, k))


RNNS = [
    row("RNN", rnn("RNN", 3, 4), [F32(5, 2, 3)]),
    row("RNN-relu-2l-bidir-batch_first-h0",
        rnn("RNN", 3, 4, 2, "relu", batch_first=True, bidirectional=True),
        [F32(2, 5, 3), F32(4, 2, 4)]),
    row("RNN-unbatched-h0-nobias", rnn("RNN", 3, 4, bias=False), [F32(5, 3), F32(1, 4)]),
    row("LSTM", rnn("LSTM", 3, 4), [F32(5, 2, 3)]),
    row("LSTM-2l-bidir-state", rnn("LSTM", 3, 4, num_layers=2, bidirectional=True),
        [F32(5, 2, 3), (F32(4, 2, 4), F32(4, 2, 4))]),
    row("LSTM-proj-bidir-batch_first", rnn("LSTM", 3, 5, 2, batch_first=True,
                                           bidirectional=True, proj_size=2), [F32(2, 4, 3)]),
    row("LSTM-proj-unbatched-state", rnn("LSTM", 3, 5, proj_size=3, bias=False),
        [F32(4, 3), (F32(1, 3), F32(1, 5))]),
    row("LSTM-dropout", rnn("LSTM", 3, 4, 3, dropout=0.5), [F32(4, 2, 3)], modes=TRAIN_EVAL,
        train_values=False),
    row("LSTM-f64", rnn("LSTM", 2, 3, dtype="float64"), [F64(3, 1, 2)]),
    row("GRU", rnn("GRU", 3, 4), [F32(5, 2, 3)]),
    row("GRU-2l-bidir-batch_first-h0", rnn("GRU", 3, 4, 2, batch_first=True,
                                           bidirectional=True), [F32(2, 5, 3), F32(4, 2, 4)]),
    row("GRU-unbatched", rnn("GRU", 3, 4, bias=False), [F32(5, 3)]),
    row("RNN-packed", rnn("RNN", 3, 4, 2), [PACKED(F32(5, 3, 3), [5, 3, 2], enforce_sorted=True)]),
    row("LSTM-packed-unsorted-bidir-state", rnn("LSTM", 3, 4, bidirectional=True, proj_size=2),
        [PACKED(F32(5, 3, 3), [2, 5, 3]), (F32(2, 3, 2), F32(2, 3, 4))]),
    row("GRU-packed-batch_first-bidir", rnn("GRU", 3, 4, 2, batch_first=True,
                                            bidirectional=True),
        [PACKED(F32(3, 4, 3), [3, 4, 1], batch_first=True)]),
    row("RNNCell", rnn("RNNCell", 3, 4), [F32(2, 3)]),
    row("RNNCell-relu-nobias-h0", rnn("RNNCell", 3, 4, False, "relu"), [F32(2, 3), F32(2, 4)]),
    row("RNNCell-unbatched", rnn("RNNCell", 3, 4), [F32(3), F32(4)]),
    row("LSTMCell", rnn("LSTMCell", 3, 4), [F32(2, 3), (F32(2, 4), F32(2, 4))]),
    row("LSTMCell-unbatched", rnn("LSTMCell", 3, 4, bias=False), [F32(3)]),
    row("GRUCell", rnn("GRUCell", 3, 4), [F32(2, 3), F32(2, 4)]),
    row("GRUCell-unbatched-f64", rnn("GRUCell", 3, 4, dtype="float64"), [F64(3), F64(4)]),
]


def _build(spec, rng):
    if isinstance(spec, tuple):
        return tuple(_build(s, rng) for s in spec)
    return spec(rng) if callable(spec) else spec


def _convert(value, T):
    if isinstance(value, tuple):
        return tuple(_convert(v, T) for v in value)
    if isinstance(value, PACKED):
        return value.convert(T)
    return T.tensor(value) if isinstance(value, np.ndarray) else value


def _make(ctor, T):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return ctor(T)


def _flat(out):
    if isinstance(out, (tuple, list)):
        return [x for o in out for x in _flat(o)]
    return [out]


def _check_outputs(got, expected, what, values=True):
    got, expected = _flat(got), _flat(expected)
    assert len(got) == len(expected), what
    for g, e in zip(got, expected):
        if e is None:
            assert g is None, what
            continue
        assert str(g.dtype) == str(e.dtype), (what, g.dtype, e.dtype)
        assert tuple(g.shape) == tuple(e.shape), (what, g.shape, e.shape)
        if values:
            e = e.detach().numpy()
            tol = 1e-10 if e.dtype == np.float64 else 1e-5
            np.testing.assert_allclose(np.asarray(g), e, rtol=tol, atol=tol, err_msg=what)


@pytest.mark.parametrize("ctor, args, kwargs, modes, opts", ATTENTION + TRANSFORMERS + RNNS)
def test_sequence_layer_matches_torch(backend, ctor, args, kwargs, modes, opts):
    import torch
    rng = np.random.default_rng(0)
    arrays = [_build(a, rng) for a in args]
    kw_arrays = {k: _build(v, rng) for k, v in kwargs.items()}
    torch.manual_seed(0)
    real = _make(ctor, torch)
    with ivy.using_backend(backend):
        ours = _make(ctor, ft)
        assert repr(ours) == repr(real)
        assert [(k, tuple(v.shape), str(v.dtype)) for k, v in ours.state_dict().items()] == \
            [(k, tuple(v.shape), str(v.dtype)) for k, v in real.state_dict().items()]
        result = ours.load_state_dict({k: ft.tensor(v.detach().numpy())
                                       for k, v in real.state_dict().items()})
        assert repr(result) == "<All keys matched successfully>"
        for step, mode in enumerate(modes):
            real.train(mode == "train")
            ours.train(mode == "train")
            with (torch.no_grad() if opts.get("no_grad") else contextlib.nullcontext()):
                expected = real(*_convert(tuple(arrays), torch),
                                **{k: _convert(v, torch) for k, v in kw_arrays.items()})
            with (ft.no_grad() if opts.get("no_grad") else contextlib.nullcontext()):
                got = ours(*_convert(tuple(arrays), ft),
                           **{k: _convert(v, ft) for k, v in kw_arrays.items()})
            values = opts.get("train_values", True) or mode == "eval"
            _check_outputs(got, expected, f"{mode} step {step}", values)
            if values and step == 0 and backend != "numpy" and not opts.get("no_grad"):
                check_backward(ours, real, got, expected, f"{mode} step {step}")


# ---- attributes, helpers and errors (numpy-independent: run on the selected backend) ------------
def test_rnn_attributes(backend):
    import torch
    with ivy.using_backend(backend):
        for T in (torch, ft):
            m = T.nn.LSTM(3, 4, 2, bidirectional=True, proj_size=2)
            names = [[n for n, p in m.named_parameters() if p is w][0]
                     for ws in m.all_weights for w in ws]
            assert names == [n for n, _ in m.named_parameters()]
            assert m._flat_weights_names == names
            assert m.flatten_parameters() is None
            assert len(m.all_weights) == 4 and len(m.all_weights[0]) == 5
            assert isinstance(m, T.nn.RNNBase)
        assert isinstance(ft.nn.GRUCell(2, 3), ft.nn.RNNCellBase)


def test_generate_square_subsequent_mask(backend):
    import torch
    with ivy.using_backend(backend):
        for sz, dt in ((3, None), (1, "float64")):
            e = torch.nn.Transformer.generate_square_subsequent_mask(
                sz, dtype=dt and getattr(torch, dt))
            g = ft.nn.Transformer.generate_square_subsequent_mask(sz, dtype=dt and getattr(ft, dt))
            _check_outputs(g, e, "mask")


@pytest.mark.parametrize("make, exc", [
    (lambda T: T.nn.GRU(3, 4, proj_size=1), ValueError),
    (lambda T: T.nn.RNN(3, 4, nonlinearity="gelu"), ValueError),
    (lambda T: T.nn.LSTM(3, 4, proj_size=4), ValueError),
    (lambda T: T.nn.LSTM(3, 4, dropout=1.5), ValueError),
    (lambda T: T.nn.RNN(3.0, 4), TypeError),
    (lambda T: T.nn.MultiheadAttention(5, 2), AssertionError),
    (lambda T: T.nn.MultiheadAttention(0, 2), ValueError),
    (lambda T: T.nn.TransformerEncoderLayer(4, 2, 4, activation="tanh"), RuntimeError),
    (lambda T: T.nn.LSTM(3, 4)(T.ones(2, 3, 2)), RuntimeError),
    (lambda T: T.nn.GRU(3, 4)(T.ones(2, 2, 3), T.ones(2, 2, 4)), RuntimeError),
    (lambda T: T.nn.RNN(3, 4)(T.ones(2, 3, dtype=T.float64)), ValueError),
    (lambda T: T.nn.LSTM(3, 4)(T.ones(2, 2, 2, 3)), ValueError),
    (lambda T: T.nn.GRUCell(3, 4)(T.ones(2, 2, 3)), ValueError),
    (lambda T: T.nn.MultiheadAttention(4, 2)(T.ones(2, 4), T.ones(2, 4), T.ones(2, 4),
                                             key_padding_mask=T.ones(2, dtype=T.int64)),
     AssertionError),
])
def test_errors(backend, make, exc):
    import torch
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(exc):
            make(torch)
        with ivy.using_backend(backend), pytest.raises(exc):
            make(ft)


def test_encoder_nested_tensor_warning(backend):
    with ivy.using_backend(backend):
        layer = ft.nn.TransformerEncoderLayer(4, 2, dim_feedforward=6)
        with pytest.warns(UserWarning, match="batch_first was not True"):
            enc = ft.nn.TransformerEncoder(layer, 1)
        assert enc.use_nested_tensor is False and enc.enable_nested_tensor is True


def test_default_init_ranges(backend):
    with ivy.using_backend(backend):
        ft.manual_seed(0)
        m = ft.nn.GRU(3, 16)
        bound = 1 / math.sqrt(16)
        for p in m.parameters():
            a = np.asarray(p)
            assert a.min() >= -bound and a.max() <= bound and a.std() > bound / 4
        a = ft.nn.MultiheadAttention(8, 2)
        assert np.all(np.asarray(a.in_proj_bias) == 0) and np.all(np.asarray(a.out_proj.bias) == 0)
        w = np.asarray(a.in_proj_weight)
        assert np.abs(w).max() <= math.sqrt(6 / (8 + 24)) and w.std() > 0.1


# ---- torch.nn.utils.rnn -------------------------------------------------------------------------
SEQS = [F32(3, 2), F32(5, 2), F32(1, 2)]
UTILS = [
    ("pad_sequence", lambda U, T, s: U.pad_sequence(s)),
    ("pad_sequence-left-batch_first", lambda U, T, s: U.pad_sequence(
        s, batch_first=True, padding_value=-1.5, padding_side="left")),
    ("pack_sequence-unsorted", lambda U, T, s: U.pack_sequence(s, enforce_sorted=False)),
    ("pack_sequence-sorted", lambda U, T, s: U.pack_sequence(sorted(s, key=len, reverse=True))),
    ("pad_packed_sequence", lambda U, T, s: U.pad_packed_sequence(
        U.pack_sequence(s, enforce_sorted=False), batch_first=True, padding_value=2.0,
        total_length=6)),
    ("pack_padded_sequence-tensor-lengths", lambda U, T, s: U.pack_padded_sequence(
        U.pad_sequence(s, batch_first=True), T.tensor([3, 5, 1]), batch_first=True,
        enforce_sorted=False)),
    ("unpack_sequence", lambda U, T, s: U.unpack_sequence(U.pack_sequence(s, False))),
    ("unpad_sequence", lambda U, T, s: U.unpad_sequence(U.pad_sequence(s), T.tensor([3, 5, 1]))),
    ("invert_permutation", lambda U, T, s: U.invert_permutation(T.tensor([2, 0, 3, 1]))),
    ("PackedSequence-tuple-double", lambda U, T, s: U.PackedSequence(
        (s[1], T.tensor([1, 1, 1, 1, 1]))).double()),
]


@pytest.mark.parametrize("call", [c for _, c in UTILS], ids=[i for i, _ in UTILS])
def test_rnn_utils(backend, call):
    import torch
    rng = np.random.default_rng(0)
    arrays = [b(rng) for b in SEQS]
    expected = call(torch.nn.utils.rnn, torch, [torch.tensor(a) for a in arrays])
    with ivy.using_backend(backend):
        got = call(ft.nn.utils.rnn, ft, [ft.tensor(a) for a in arrays])
        assert type(got).__name__ == type(expected).__name__
        _check_outputs(got, expected, "utils")


@pytest.mark.parametrize("call, exc", [
    (lambda U, T: U.pack_padded_sequence(T.ones(3, 2), [1, 3]), RuntimeError),
    (lambda U, T: U.pack_padded_sequence(T.ones(3, 2), [3, 0]), RuntimeError),
    (lambda U, T: U.pad_packed_sequence(U.pack_sequence([T.ones(3)]), total_length=2),
     ValueError),
    (lambda U, T: U.pad_sequence([]), RuntimeError),
    (lambda U, T: U.PackedSequence(T.ones(3)), AssertionError),
])
def test_rnn_utils_errors(backend, call, exc):
    import torch
    with pytest.raises(exc):
        call(torch.nn.utils.rnn, torch)
    with ivy.using_backend(backend), pytest.raises(exc):
        call(ft.nn.utils.rnn, ft)


SEQUENCE_CLASSES = ["MultiheadAttention", "Transformer", "TransformerEncoder",
                    "TransformerDecoder", "TransformerEncoderLayer", "TransformerDecoderLayer",
                    "RNNBase", "RNN", "LSTM", "GRU", "RNNCellBase", "RNNCell", "LSTMCell",
                    "GRUCell"]


@pytest.mark.parametrize("name", SEQUENCE_CLASSES)
def test_signatures_match_torch(name):
    """``__init__`` and ``forward`` as torch's; the ``activation=F.relu`` default is our own
    ``nn.functional.relu``."""
    import inspect

    import torch

    def params(cls, method, F):
        sig = inspect.signature(getattr(cls, method)).parameters.values()
        return [(p.name, p.kind, "F.relu" if p.default is F.relu else p.default) for p in sig]
    real, ours = getattr(torch.nn, name), getattr(ft.nn, name)
    for method in ("__init__", "forward"):
        assert params(ours, method, ft.nn.functional) == params(real, method,
                                                                torch.nn.functional), method
