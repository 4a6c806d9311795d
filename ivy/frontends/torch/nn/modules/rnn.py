"""``torch.nn`` recurrent layers: RNN (tanh/relu), LSTM (with ``proj_size``), GRU and their cells.

Each layer and direction is a Python loop over time steps: the input projection for all steps is
one ``linear``, then one cell step per time step (the same step functions as the cells), and the
outputs are stacked at the end. Weights carry torch's names (``weight_ih_l0``,
``weight_hh_l1_reverse``, ``weight_hr_l0``...) so real state dicts load; ``flatten_parameters`` is a
no-op (there is no cuDNN weight buffer to compact).
"""
import importlib
import math
import numbers
import warnings

from .. import functional as F
from .. import init
from ..parameter import Parameter
from ..utils.rnn import PackedSequence
from .module import Module

_torch = importlib.import_module("ivy.frontends.torch")

__all__ = ["RNNBase", "RNN", "LSTM", "GRU", "RNNCellBase", "RNNCell", "LSTMCell", "GRUCell"]

_GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}


# ---- one time step: (input projection x W_ih^T + b_ih, state, weights) -> new state ----------
def _rnn_step(act):
    def step(gi, state, w_hh, b_hh, w_hr=None):
        return act(gi + F.linear(state, w_hh, b_hh))
    return step


def _lstm_step(gi, state, w_hh, b_hh, w_hr=None):
    h, c = state
    i, f, g, o = (gi + F.linear(h, w_hh, b_hh)).chunk(4, 1)
    c = _torch.sigmoid(f) * c + _torch.sigmoid(i) * _torch.tanh(g)
    h = _torch.sigmoid(o) * _torch.tanh(c)
    return (h if w_hr is None else F.linear(h, w_hr)), c


def _gru_step(gi, h, w_hh, b_hh, w_hr=None):
    i_r, i_z, i_n = gi.chunk(3, 1)
    h_r, h_z, h_n = F.linear(h, w_hh, b_hh).chunk(3, 1)
    r = _torch.sigmoid(i_r + h_r)
    z = _torch.sigmoid(i_z + h_z)
    n = _torch.tanh(i_n + r * h_n)
    return n + z * (h - n)


_STEPS = {"RNN_TANH": _rnn_step(_torch.tanh), "RNN_RELU": _rnn_step(_torch.relu),
          "LSTM": _lstm_step, "GRU": _gru_step}


def _hidden_of(state):
    return state[0] if isinstance(state, tuple) else state


def _keep_running(running, new, old):
    """The new state for the sequences still running (a (batch, 1) bool mask), the old for the
    others."""
    if isinstance(new, tuple):
        return tuple(_torch.where(running, n, o) for n, o in zip(new, old))
    return _torch.where(running, new, old)


def _run_direction(step, x, state, weights, reverse, running=None):
    """One layer, one direction over ``x`` (time, batch, features): outputs and the final state.
    ``running[t]`` (packed input; batch sorted by decreasing length) masks the sequences that
    have ended by step ``t``: their state is carried through and their output is zero."""
    w_ih, w_hh, b_ih, b_hh, w_hr = weights
    gi = F.linear(x, w_ih, b_ih)
    steps = range(x.size(0) - 1, -1, -1) if reverse else range(x.size(0))
    outputs = [None] * x.size(0)
    for t in steps:
        new = step(gi[t], state, w_hh, b_hh, w_hr)
        if running is None or running[t] is None:
            state = new
            outputs[t] = _hidden_of(state)
        else:
            state = _keep_running(running[t], new, state)
            outputs[t] = _hidden_of(new) * running[t]
    return _torch.stack(outputs), state


class RNNBase(Module):
    """Implements ``torch.nn.RNNBase``."""
    __constants__ = ["mode", "input_size", "hidden_size", "num_layers", "bias", "batch_first",
                     "dropout", "bidirectional", "proj_size"]

    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False,
                 dropout=0.0, bidirectional=False, proj_size=0, device=None, dtype=None):
        factory = {"device": device, "dtype": dtype}
        super().__init__()
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        num_directions = 2 if bidirectional else 1
        if (not isinstance(dropout, numbers.Number) or not 0 <= dropout <= 1
                or isinstance(dropout, bool)):
            raise ValueError("dropout should be a number in range [0, 1] representing the "
                             "probability of an element being zeroed")
        if dropout > 0 and num_layers == 1:
            warnings.warn(f"dropout option adds dropout after all but last recurrent layer, so "
                          f"non-zero dropout expects num_layers greater than 1, but got "
                          f"dropout={dropout} and num_layers={num_layers}", stacklevel=2)
        for name, value, kind in (("bias", bias, bool), ("batch_first", batch_first, bool),
                                  ("input_size", input_size, int),
                                  ("hidden_size", hidden_size, int)):
            if not isinstance(value, kind):
                raise TypeError(f"{name} should be of type {kind.__name__}, got: "
                                f"{type(value).__name__}")
            if kind is int and value <= 0:
                raise ValueError(f"{name} must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        if proj_size < 0:
            raise ValueError("proj_size should be a positive integer or zero to disable "
                             "projections")
        if proj_size >= hidden_size:
            raise ValueError("proj_size has to be smaller than hidden_size")
        if mode not in _GATES:
            raise ValueError("Unrecognized RNN mode: " + mode)
        gate_size = _GATES[mode] * hidden_size
        real_hidden_size = proj_size if proj_size > 0 else hidden_size
        self._flat_weights_names = []
        self._all_weights = []
        for layer in range(num_layers):
            layer_input_size = input_size if layer == 0 else real_hidden_size * num_directions
            for direction in range(num_directions):
                shapes = {"weight_ih": (gate_size, layer_input_size),
                          "weight_hh": (gate_size, real_hidden_size)}
                if bias:
                    shapes.update(bias_ih=(gate_size,), bias_hh=(gate_size,))
                if proj_size > 0:
                    shapes["weight_hr"] = (proj_size, hidden_size)
                suffix = "_reverse" if direction == 1 else ""
                names = []
                for kind, shape in shapes.items():
                    name = f"{kind}_l{layer}{suffix}"
                    setattr(self, name, Parameter(_torch.empty(shape, **factory)))
                    names.append(name)
                self._flat_weights_names.extend(names)
                self._all_weights.append(names)
        self.reset_parameters()

    @property
    def _flat_weights(self):
        return [getattr(self, name, None) for name in self._flat_weights_names]

    @property
    def all_weights(self):
        return [[getattr(self, weight) for weight in weights] for weights in self._all_weights]

    def flatten_parameters(self):
        """A no-op: torch compacts the weights into one cuDNN buffer."""

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def check_input(self, input, batch_sizes):
        weight_dtype = getattr(self, self._flat_weights_names[0]).dtype
        if input.dtype != weight_dtype:
            raise ValueError(f"RNN input dtype ({input.dtype}) does not match weight dtype "
                             f"({weight_dtype}). Convert input: input.to({weight_dtype}), or "
                             f"convert model: model.to({input.dtype})")
        expected_input_dim = 2 if batch_sizes is not None else 3
        if input.dim() != expected_input_dim:
            raise RuntimeError(f"input must have {expected_input_dim} dimensions, got "
                               f"{input.dim()}")
        if self.input_size != input.size(-1):
            raise RuntimeError(f"input.size(-1) must be equal to input_size. Expected "
                               f"{self.input_size}, got {input.size(-1)}")

    def _mini_batch(self, input, batch_sizes):
        if batch_sizes is not None:
            return int(batch_sizes[0])
        return input.size(0) if self.batch_first else input.size(1)

    def get_expected_hidden_size(self, input, batch_sizes):
        mini_batch = self._mini_batch(input, batch_sizes)
        num_directions = 2 if self.bidirectional else 1
        return (self.num_layers * num_directions, mini_batch,
                self.proj_size if self.proj_size > 0 else self.hidden_size)

    def check_hidden_size(self, hx, expected_hidden_size, msg="Expected hidden size {}, got {}"):
        if tuple(hx.size()) != expected_hidden_size:
            raise RuntimeError(msg.format(expected_hidden_size, list(hx.size())))

    def check_forward_args(self, input, hidden, batch_sizes):
        self.check_input(input, batch_sizes)
        self.check_hidden_size(hidden, self.get_expected_hidden_size(input, batch_sizes))

    def permute_hidden(self, hx, permutation):
        return hx if permutation is None else hx.index_select(1, permutation)

    def extra_repr(self):
        s = "{input_size}, {hidden_size}"
        if self.proj_size != 0:
            s += ", proj_size={proj_size}"
        if self.num_layers != 1:
            s += ", num_layers={num_layers}"
        if self.bias is not True:
            s += ", bias={bias}"
        if self.batch_first is not False:
            s += ", batch_first={batch_first}"
        if self.dropout != 0:
            s += ", dropout={dropout}"
        if self.bidirectional is not False:
            s += ", bidirectional={bidirectional}"
        return s.format(**self.__dict__)

    def _layer_weights(self, names):
        get = {name.split("_l")[0]: getattr(self, name) for name in names}
        return tuple(get.get(k) for k in ("weight_ih", "weight_hh", "bias_ih", "bias_hh",
                                          "weight_hr"))

    def _run(self, x, states, running=None):
        """All layers over ``x`` (time, batch, features); ``states`` holds one initial state per
        layer and direction (a tensor, or an (h, c) pair). Returns the output and final states."""
        step = _STEPS[self.mode]
        num_directions = 2 if self.bidirectional else 1
        finals = []
        for layer in range(self.num_layers):
            outs = []
            for d in range(num_directions):
                k = layer * num_directions + d
                out, final = _run_direction(step, x, states[k],
                                            self._layer_weights(self._all_weights[k]), d == 1,
                                            running)
                outs.append(out)
                finals.append(final)
            x = outs[0] if num_directions == 1 else _torch.cat(outs, 2)
            if self.training and self.dropout > 0 and layer < self.num_layers - 1:
                x = F.dropout(x, self.dropout, True)
        return x, finals

    def _initial_states(self, batch, dtype):
        num_directions = 2 if self.bidirectional else 1
        sizes = ([self.proj_size or self.hidden_size, self.hidden_size] if self.mode == "LSTM"
                 else [self.hidden_size])
        zeros = tuple(_torch.zeros(self.num_layers * num_directions, batch, s, dtype=dtype)
                      for s in sizes)
        return zeros if self.mode == "LSTM" else zeros[0]

    def _split_states(self, hx):
        """Per layer and direction: a tensor, or an (h, c) pair for LSTM."""
        if self.mode == "LSTM":
            return list(zip(hx[0].unbind(0), hx[1].unbind(0)))
        return list(hx.unbind(0))

    def _join_states(self, finals):
        if self.mode == "LSTM":
            return _torch.stack([h for h, _ in finals]), _torch.stack([c for _, c in finals])
        return _torch.stack(finals)

    def _forward_packed(self, packed, hx):
        """A PackedSequence: padded to (time, batch) in its sorted order, run with the ended
        sequences masked, then packed again; states follow the caller's batch order."""
        data, batch_sizes, sorted_indices, unsorted_indices = packed
        sizes = [int(b) for b in batch_sizes.tolist()]
        batch = sizes[0]
        hx = (self._initial_states(batch, data.dtype) if hx is None
              else self.permute_hidden(hx, sorted_indices))
        self.check_forward_args(data, hx, batch_sizes)
        padded, offset = [], 0
        for b in sizes:
            step = data[offset:offset + b]
            if b < batch:
                step = _torch.cat([step, _torch.zeros((batch - b, *step.shape[1:]),
                                                      dtype=data.dtype)])
            padded.append(step)
            offset += b
        index = _torch.arange(batch).unsqueeze(1)
        running = [None if b == batch else index < b for b in sizes]
        output, finals = self._run(_torch.stack(padded), self._split_states(hx), running)
        out_data = _torch.cat([output[t, :b] for t, b in enumerate(sizes)])
        hidden = self.permute_hidden(self._join_states(finals), unsorted_indices)
        return PackedSequence(out_data, batch_sizes, sorted_indices, unsorted_indices), hidden

    def _forward(self, input, hx, name):
        """The shared forward: packed input, unbatched/batch_first handling, zero initial
        states, checks."""
        if isinstance(input, PackedSequence):
            return self._forward_packed(input, hx)
        is_lstm = self.mode == "LSTM"
        if input.dim() not in (2, 3):
            raise ValueError(f"{name}: Expected input to be 2D or 3D, got {input.dim()}D "
                             f"{'tensor ' if name == 'RNN' else ''}instead")
        is_batched = input.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        if not is_batched:
            input = input.unsqueeze(batch_dim)
        if hx is None:
            hx = self._initial_states(input.size(batch_dim), input.dtype)
        else:
            parts = tuple(hx) if is_lstm else (hx,)
            want = 3 if is_batched else 2
            if any(p.dim() != want for p in parts):
                kind = "batched 3-D" if is_batched else "unbatched 2-D"
                if is_lstm:
                    raise RuntimeError(f"For {kind} input, hx and cx should also be {want}-D but "
                                       f"got ({parts[0].dim()}-D, {parts[1].dim()}-D) tensors")
                raise RuntimeError(f"For {kind} input, hx should also be {want}-D but got "
                                   f"{hx.dim()}-D tensor")
            if not is_batched:
                hx = tuple(p.unsqueeze(1) for p in parts) if is_lstm else hx.unsqueeze(1)
        self.check_forward_args(input, hx, None)
        x = input.transpose(0, 1) if self.batch_first else input
        output, finals = self._run(x, self._split_states(hx))
        if self.batch_first:
            output = output.transpose(0, 1)
        hidden = self._join_states(finals)
        if not is_batched:
            output = output.squeeze(batch_dim)
            hidden = tuple(h.squeeze(1) for h in hidden) if is_lstm else hidden.squeeze(1)
        return output, hidden


class RNN(RNNBase):
    """Implements ``torch.nn.RNN`` (``nonlinearity`` 'tanh' or 'relu')."""

    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        if len(args) > 3:
            self.nonlinearity = args[3]
            args = args[:3] + args[4:]
        else:
            self.nonlinearity = kwargs.pop("nonlinearity", "tanh")
        if self.nonlinearity not in ("tanh", "relu"):
            raise ValueError(f"Unknown nonlinearity '{self.nonlinearity}'. Select from 'tanh' or "
                             f"'relu'.")
        super().__init__("RNN_TANH" if self.nonlinearity == "tanh" else "RNN_RELU", *args,
                         **kwargs)

    def forward(self, input, hx=None):
        return self._forward(input, hx, "RNN")


class LSTM(RNNBase):
    """Implements ``torch.nn.LSTM`` (``proj_size`` projects the hidden state)."""

    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)

    def get_expected_cell_size(self, input, batch_sizes):
        mini_batch = self._mini_batch(input, batch_sizes)
        return (self.num_layers * (2 if self.bidirectional else 1), mini_batch,
                self.hidden_size)

    def check_forward_args(self, input, hidden, batch_sizes):
        self.check_input(input, batch_sizes)
        self.check_hidden_size(hidden[0], self.get_expected_hidden_size(input, batch_sizes),
                               "Expected hidden[0] size {}, got {}")
        self.check_hidden_size(hidden[1], self.get_expected_cell_size(input, batch_sizes),
                               "Expected hidden[1] size {}, got {}")

    def permute_hidden(self, hx, permutation):
        if permutation is None:
            return hx
        return hx[0].index_select(1, permutation), hx[1].index_select(1, permutation)

    def forward(self, input, hx=None):
        return self._forward(input, hx, "LSTM")


class GRU(RNNBase):
    """Implements ``torch.nn.GRU``."""

    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        super().__init__("GRU", *args, **kwargs)

    def forward(self, input, hx=None):
        return self._forward(input, hx, "GRU")


# ---- cells --------------------------------------------------------------------------------------
class RNNCellBase(Module):
    """Implements ``torch.nn.RNNCellBase``."""
    __constants__ = ["input_size", "hidden_size", "bias"]

    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        factory = {"device": device, "dtype": dtype}
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.weight_ih = Parameter(_torch.empty((num_chunks * hidden_size, input_size),
                                                **factory))
        self.weight_hh = Parameter(_torch.empty((num_chunks * hidden_size, hidden_size),
                                                **factory))
        if bias:
            self.bias_ih = Parameter(_torch.empty(num_chunks * hidden_size, **factory))
            self.bias_hh = Parameter(_torch.empty(num_chunks * hidden_size, **factory))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        self.reset_parameters()

    def extra_repr(self):
        s = "{input_size}, {hidden_size}"
        if "bias" in self.__dict__ and self.bias is not True:
            s += ", bias={bias}"
        if "nonlinearity" in self.__dict__ and self.nonlinearity != "tanh":
            s += ", nonlinearity={nonlinearity}"
        return s.format(**self.__dict__)

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def _cell(self, name, step, input, hx, n_states):
        """Checks, unbatched handling and zero initial state around one ``step``."""
        if input.dim() not in (1, 2):
            raise ValueError(f"{name}: Expected input to be 1D or 2D, got {input.dim()}D "
                             f"instead")
        parts = (hx,) if n_states == 1 or hx is None else tuple(hx)
        for idx, value in enumerate(parts):
            if value is not None and value.dim() not in (1, 2):
                what = "hidden" if n_states == 1 else f"hx[{idx}]"
                raise ValueError(f"{name}: Expected {what} to be 1D or 2D, got {value.dim()}D "
                                 f"instead")
        is_batched = input.dim() == 2
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            zeros = _torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype)
            parts = (zeros,) * n_states
        elif not is_batched:
            parts = tuple(p.unsqueeze(0) for p in parts)
        gi = F.linear(input, self.weight_ih, self.bias_ih)
        ret = step(gi, parts[0] if n_states == 1 else parts, self.weight_hh, self.bias_hh)
        if not is_batched:
            ret = ret.squeeze(0) if n_states == 1 else tuple(r.squeeze(0) for r in ret)
        return ret


class RNNCell(RNNCellBase):
    """Implements ``torch.nn.RNNCell``."""
    __constants__ = ["input_size", "hidden_size", "bias", "nonlinearity"]

    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None,
                 dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=1, device=device, dtype=dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        mode = {"tanh": "RNN_TANH", "relu": "RNN_RELU"}.get(self.nonlinearity)
        if mode is None:
            raise RuntimeError(f"Unknown nonlinearity: {self.nonlinearity}")
        return self._cell("RNNCell", _STEPS[mode], input, hx, 1)


class LSTMCell(RNNCellBase):
    """Implements ``torch.nn.LSTMCell``."""

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=4, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        return self._cell("LSTMCell", _lstm_step, input, hx, 2)


class GRUCell(RNNCellBase):
    """Implements ``torch.nn.GRUCell``."""

    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=3, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        return self._cell("GRUCell", _gru_step, input, hx, 1)
