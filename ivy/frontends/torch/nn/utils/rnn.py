"""``torch.nn.utils.rnn``: PackedSequence and the pad/pack helpers.

A ``PackedSequence`` holds the time-major concatenation of the sequences' steps (``data``), how many
sequences are still running at each step (``batch_sizes``, an int64 tensor) and the permutation
that sorted the batch by decreasing length. The recurrent layers accept it (``nn.modules.rnn``).
"""
import importlib
from collections import namedtuple
from collections.abc import Iterable

_torch = importlib.import_module("ivy.frontends.torch")

__all__ = ["PackedSequence", "invert_permutation", "pack_padded_sequence", "pad_packed_sequence",
           "pad_sequence", "unpad_sequence", "pack_sequence", "unpack_sequence"]

PackedSequence_ = namedtuple("PackedSequence_", ["data", "batch_sizes", "sorted_indices",
                                                 "unsorted_indices"])


def _bind(optional, fn):
    return None if optional is None else fn(optional)


class PackedSequence(PackedSequence_):
    """Implements ``torch.nn.utils.rnn.PackedSequence``."""

    def __new__(cls, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        if unsorted_indices is None:
            unsorted_indices = invert_permutation(sorted_indices)
        if batch_sizes is None:
            if not (isinstance(data, (list, tuple)) and len(data) == 2):
                raise AssertionError("Expected data to be a list or tuple of length 2")
            data, batch_sizes = data
        return super().__new__(cls, data, batch_sizes, sorted_indices, unsorted_indices)

    def pin_memory(self):
        return self

    def to(self, *args, **kwargs):
        data = self.data.to(*args, **kwargs)
        if data is self.data:
            return self
        return type(self)(data, self.batch_sizes, self.sorted_indices, self.unsorted_indices)

    def cuda(self, *args, **kwargs):
        return self.to(*args, **kwargs)

    def cpu(self, *args, **kwargs):
        return self.to(*args, **kwargs)

    def _as(name):
        def convert(self):
            return self.to(dtype=getattr(_torch, name))
        convert.__name__ = convert.__qualname__ = name
        return convert

    double, float, half, long = _as("double"), _as("float"), _as("half"), _as("long")
    int, short, char, byte = _as("int"), _as("short"), _as("int8"), _as("uint8")
    del _as

    @property
    def is_cuda(self):
        return self.data.is_cuda

    def is_pinned(self):
        return False


def invert_permutation(permutation):
    if permutation is None:
        return None
    return _torch.argsort(permutation)


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    lengths = (lengths.to(dtype=_torch.int64) if isinstance(lengths, _torch.Tensor)
               else _torch.as_tensor(lengths, dtype=_torch.int64))
    sorted_indices = None
    if not enforce_sorted:
        lengths, sorted_indices = _torch.sort(lengths, descending=True, stable=True)
        input = input.index_select(0 if batch_first else 1, sorted_indices)
    sizes = [int(n) for n in lengths.tolist()]
    if any(a < b for a, b in zip(sizes, sizes[1:])):
        raise RuntimeError("`lengths` array must be sorted in decreasing order when "
                           "`enforce_sorted` is True. You can pass `enforce_sorted=False` to "
                           "pack_padded_sequence and/or pack_sequence to sidestep this "
                           "requirement if you do not need ONNX exportability.")
    if sizes and sizes[-1] <= 0:
        raise RuntimeError("Length of all samples has to be greater than 0, but found an element "
                           "in 'lengths' that is <= 0")
    if batch_first:
        input = input.transpose(0, 1)
    batch_sizes = [sum(1 for n in sizes if n > t) for t in range(sizes[0] if sizes else 0)]
    data = _torch.cat([input[t, :b] for t, b in enumerate(batch_sizes)])
    return PackedSequence(data, _torch.tensor(batch_sizes, dtype=_torch.int64), sorted_indices,
                          None)


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    batch_sizes = [int(b) for b in sequence.batch_sizes.tolist()]
    max_seq_length = len(batch_sizes)
    if total_length is not None:
        if total_length < max_seq_length:
            raise ValueError(f"Expected total_length to be at least the length of the longest "
                             f"sequence in input, but got total_length={total_length} and max "
                             f"sequence length being {max_seq_length}")
        max_seq_length = total_length
    data, batch = sequence.data, batch_sizes[0]
    steps, offset = [], 0
    for t in range(max_seq_length):
        b = batch_sizes[t] if t < len(batch_sizes) else 0
        step = _torch.full((batch, *data.shape[1:]), padding_value, dtype=data.dtype)
        if b:
            step = _torch.cat([data[offset:offset + b], step[b:]])
        steps.append(step)
        offset += b
    padded = _torch.stack(steps, 1 if batch_first else 0)
    lengths = _torch.tensor([sum(1 for s in batch_sizes if s > i) for i in range(batch)],
                            dtype=_torch.int64)
    if sequence.unsorted_indices is not None:
        return (padded.index_select(0 if batch_first else 1, sequence.unsorted_indices),
                lengths[sequence.unsorted_indices])
    return padded, lengths


def pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side="right"):
    if not isinstance(sequences, Iterable):
        raise RuntimeError(f"pad_sequence: Expected iterable for input sequences, but got arg of "
                           f"type: {type(sequences)}")
    sequences = tuple(sequences)
    if not sequences:
        raise RuntimeError("received an empty list of sequences")
    if padding_side not in ("left", "right"):
        raise ValueError(f"Expected padding_side to be one of left or right, but got "
                         f"{padding_side}.")
    max_len = max(s.size(0) for s in sequences)
    trailing = tuple(sequences[0].shape[1:])
    dtype = sequences[0].dtype
    rows = []
    for s in sequences:
        pad = _torch.full((max_len - s.size(0), *trailing), padding_value, dtype=dtype)
        s = s.to(dtype)
        rows.append(_torch.cat([s, pad] if padding_side == "right" else [pad, s]))
    return _torch.stack(rows, 0 if batch_first else 1)


def unpad_sequence(padded_sequences, lengths, batch_first=False):
    if not batch_first:
        padded_sequences = padded_sequences.transpose(0, 1)
    return [seq[:int(length)] for seq, length in zip(padded_sequences, lengths)]


def pack_sequence(sequences, enforce_sorted=True):
    lengths = _torch.as_tensor([v.size(0) for v in sequences])
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpack_sequence(packed_sequences):
    padded_sequences, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded_sequences, lengths, batch_first=True)
