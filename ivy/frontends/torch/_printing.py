"""torch's tensor printout (``repr``/``str``/``format`` of a Tensor), on a host copy of the values.

The rules are torch's ``_tensor_str``: one formatter per tensor (per part for complex) picks
integer mode (every finite nonzero value whole), scientific mode (largest/smallest finite nonzero
magnitude ratio over 1000, largest over 1e8 or smallest under 1e-4, unless ``sci_mode`` says) and
one column width, so values are right-aligned (sign padding); tensors over ``threshold`` elements
show ``edgeitems`` per side with ``...``; rows wrap at ``linewidth``; suffixes (``size=``,
``dtype=``, ``grad_fn=``/``requires_grad=``) follow, on a new line when the last line is full.
Options are ``_runtime.PRINT_OPTIONS`` (``torch.set_printoptions``), read once per printout.

``Tensor.__format__`` (a 0-d tensor formats its Python number) is in ``_tensor``.

Deviation: ``grad_fn=<...>`` names the node after the core operation the autograd tape recorded
(see ``GRAD_FN``); where one core op stands for several torch nodes (``get_item``: Select, Slice,
Index...) the common one is printed, and the numpy backend records no graph at all.
"""
from __future__ import annotations

import collections
import math

import numpy as np

import ivy

from . import _dtypes as T
from ._dtypes import native_name

_FLOATS = ("float16", "bfloat16", "float32", "float64")
_COMPLEX = ("complex64", "complex128")


# ---- formatting the values ----------------------------------------------------------------------
class _Formatter:
    """One column format for a set of values (torch's ``_Formatter``)."""
    __slots__ = ("floating", "int_mode", "sci_mode", "width", "precision")

    def __init__(self, values: np.ndarray, floating: bool, opts: dict):
        self.floating, self.int_mode, self.sci_mode, self.width = floating, True, False, 1
        self.precision = p = opts["precision"]
        flat = values.reshape(-1)
        if not floating:
            self.width = max([1] + [len(str(v)) for v in flat.tolist()])
            return
        finite = flat[np.isfinite(flat) & (flat != 0)]
        if not finite.size:
            return
        magnitude = np.abs(finite)
        lo, hi = float(magnitude.min()), float(magnitude.max())
        self.int_mode = bool(np.all(finite == np.ceil(finite)))
        sci = opts["sci_mode"]
        self.sci_mode = (hi / lo > 1000.0 or hi > 1.0e8 or lo < 1.0e-4) if sci is None else sci
        if self.sci_mode:
            texts, extra = [f"{v:.{p}e}" for v in finite.tolist()], 0
        elif self.int_mode:     # a whole float gets a trailing "." (one more column)
            texts, extra = [f"{v:.0f}" for v in finite.tolist()], 1
        else:
            texts, extra = [f"{v:.{p}f}" for v in finite.tolist()], 0
        self.width = max(1, max(len(s) for s in texts) + extra)

    def format(self, v) -> str:
        if not self.floating:
            text = str(v)
        elif self.sci_mode:
            text = f"{v:{self.width}.{self.precision}e}"
        elif self.int_mode:
            text = f"{v:.0f}" + ("" if math.isinf(v) or math.isnan(v) else ".")
        else:
            text = f"{v:.{self.precision}f}"
        return text.rjust(self.width)


def _value(v, real: _Formatter, imag: _Formatter | None) -> str:
    if imag is None:
        return real.format(v)
    re, im = real.format(v.real), (imag.format(v.imag) + "j").lstrip()
    return re + im if im[0] in "+-" else re + "+" + im


def _summarized(a: np.ndarray, edge: int) -> np.ndarray:
    """The values a summarized printout shows (what its formatter measures)."""
    if a.ndim == 0:
        return a
    if a.ndim == 1:
        # torch takes a[:edge] and a[-edge:]: with edge 0 the second is the whole row
        return np.concatenate((a[:edge], a[-edge:])) if a.shape[0] > 2 * edge else a
    if not edge:
        return a[(slice(0, 0),) * a.ndim]
    n = a.shape[0]
    rows = list(range(edge)) + list(range(n - edge, n)) if n > 2 * edge else range(n)
    return np.stack([_summarized(a[i], edge) for i in rows])


def _body(a: np.ndarray, indent: int, summarize: bool, real, imag, opts) -> str:
    edge = opts["edgeitems"]
    if a.ndim == 0:
        return _value(a.item(), real, imag)
    if a.ndim == 1:
        length = real.width + 2 + (0 if imag is None else imag.width + 1)
        per_line = max(1, math.floor((opts["linewidth"] - indent) / length))
        values = a.tolist()
        if summarize and not edge:
            items = ["..."]
        elif summarize and len(values) > 2 * edge:
            items = ([_value(v, real, imag) for v in values[:edge]] + [" ..."]
                     + [_value(v, real, imag) for v in values[-edge:]])
        else:
            items = [_value(v, real, imag) for v in values]
        lines = [", ".join(items[i:i + per_line]) for i in range(0, len(items), per_line)]
        return "[" + (",\n" + " " * (indent + 1)).join(lines) + "]"
    n = a.shape[0]
    if summarize and n > 2 * edge:
        rows = [*range(edge), None, *range(n - edge, n)]
    else:
        rows = range(n)
    parts = ["..." if i is None else _body(a[i], indent + 1, summarize, real, imag, opts)
             for i in rows]
    return "[" + ("," + "\n" * (a.ndim - 1) + " " * (indent + 1)).join(parts) + "]"


def _host(t) -> tuple:
    """(the values on the host, dtype name); torch prints their Python numbers (``tolist``), which
    every float dtype gives exactly (bfloat16 through float32, numpy has no bfloat16 math)."""
    name = native_name(t._data)
    try:
        a = np.asarray(ivy.to_numpy(t._data))
    except Exception as e:  # noqa: BLE001 - a traced value has none (torch: BatchedTensor(...))
        raise NotImplementedError(f"ivy: printing a torch.Tensor whose value is traced (inside "
                                  f"vmap, grad or compile) is not supported on the "
                                  f"{ivy.current_backend()} backend") from e
    return (a.astype(np.float32) if name == "bfloat16" else a), name


def values_str(a: np.ndarray, name: str, indent: int, opts: dict) -> str:
    """torch's ``_tensor_str``: the bracketed values."""
    if not a.size:
        return "[]"
    summarize = a.size > opts["threshold"]
    shown = _summarized(a, opts["edgeitems"]) if summarize else a
    if name in _COMPLEX:
        real, imag = _Formatter(shown.real, True, opts), _Formatter(shown.imag, True, opts)
    else:
        real, imag = _Formatter(shown, name in _FLOATS, opts), None
    return _body(a, indent, summarize, real, imag, opts)


# ---- grad_fn names ------------------------------------------------------------------------------
# The core tape (jax, tensorflow backends) names a node by the core function it recorded; torch by
# its own op. One core op may stand for several torch nodes; the table gives the usual one, and a
# tuple picks by the result's rank (item ``min(ndim, len - 1)``): a full reduction, a matrix
# product's operands, a linear layer (addmm on a batch of vectors, otherwise a view of one).
GRAD_FN = {
    "add": "AddBackward0", "subtract": "SubBackward0", "multiply": "MulBackward0",
    "divide": "DivBackward0", "pow": "PowBackward0", "negative": "NegBackward0",
    "square": "PowBackward0", "exp": "ExpBackward0", "log": "LogBackward0",
    "tanh": "TanhBackward0", "sigmoid": "SigmoidBackward0", "relu": "ReluBackward0",
    "abs": "AbsBackward0", "sqrt": "SqrtBackward0", "sin": "SinBackward0", "cos": "CosBackward0",
    "softmax": "SoftmaxBackward0", "log_softmax": "LogSoftmaxBackward0",
    "concat": "CatBackward0", "stack": "StackBackward0", "expand_dims": "UnsqueezeBackward0",
    "squeeze": "SqueezeBackward1", "permute_dims": "PermuteBackward0",
    "reshape": "ViewBackward0", "asarray": "CloneBackward0", "astype": "ToCopyBackward0",
    "get_item": "SelectBackward0", "where": "WhereBackward0", "maximum": "MaximumBackward0",
    "minimum": "MinimumBackward0", "gelu": "GeluBackward0", "silu": "SiluBackward0",
    "broadcast_to": "ExpandBackward0", "clip": "ClampBackward1",
    "vector_norm": "LinalgVectorNormBackward0", "layer_norm": "NativeLayerNormBackward0",
    "cumulative_sum": "CumsumBackward0", "index_update": "CopySlices",
    "log1p": "Log1PBackward0", "expm1": "Expm1Backward0", "reciprocal": "ReciprocalBackward0",
    "sum": ("SumBackward0", "SumBackward1"), "mean": ("MeanBackward0", "MeanBackward1"),
    "prod": ("ProdBackward0", "ProdBackward1"), "max": ("MaxBackward1", "MaxBackward0"),
    "min": ("MinBackward1", "MinBackward0"),
    "matmul": ("DotBackward0", "MvBackward0", "MmBackward0", "UnsafeViewBackward0"),
    "linear": ("ViewBackward0", "ViewBackward0", "AddmmBackward0", "ViewBackward0"),
}
# the torch backend's native node, where the frontend's call differs from the user's usual one
_TORCH_FULL = {"SumBackward1": "SumBackward0", "MeanBackward1": "MeanBackward0",
               "AmaxBackward0": "MaxBackward1", "AminBackward0": "MinBackward1"}


def grad_fn_name(t) -> str | None:
    """torch's node name for ``t``'s producing operation, or None for a leaf."""
    name = ivy.autograd.node_name(t._data)
    if name is None:
        return None
    if not name.endswith("Backward"):             # the torch backend: a real torch node
        name = name.rsplit("::", 1)[-1]           # (a C++ node: torch::autograd::CopySlices)
        return _TORCH_FULL.get(name, name) if name in _TORCH_FULL and not t.ndim else name
    op = name[:-len("Backward")]
    known = GRAD_FN.get(op)
    if known is None:       # no torch counterpart known: the core op's name, in torch's style
        return "".join(w.capitalize() for w in op.split("_")) + "Backward0"
    if type(known) is str:
        return known
    ndim = t.ndim
    return known[min(ndim, len(known) - 1)]


# ---- the printout -------------------------------------------------------------------------------
def _add_suffixes(text: str, suffixes: list, indent: int, width: int) -> str:
    out = [text]
    last = len(text) - text.rfind("\n") + 1      # (torch's count: two more than the last line)
    for s in suffixes:
        if last + len(s) + 2 > width:
            out.append(",\n" + " " * indent + s)
            last = indent + len(s)
        else:
            out.append(", " + s)
            last += len(s) + 2
    return "".join(out) + ")"


def tensor_repr(t) -> str:
    """Implements ``torch.Tensor.__repr__`` (and ``__str__``)."""
    from ._runtime import PRINT_OPTIONS as opts     # (it imports the modules that import us)
    a, name = _host(t)
    prefix, suffixes = "tensor(", []
    indent = len(prefix)
    dev = t.device
    if dev.type != "cpu":
        suffixes.append(f"device='{dev}'")
    default = T.default_float()
    if not a.size:
        if a.ndim != 1:
            suffixes.append(f"size={tuple(a.shape)}")
        if name != default:
            suffixes.append(f"dtype=torch.{name}")
        body = "[]"
    else:
        if not opts["edgeitems"]:
            suffixes.append(f"size={tuple(a.shape)}")
        if name not in (default, "complex128" if default == "float64" else "complex64", "int64",
                        "bool"):
            suffixes.append(f"dtype=torch.{name}")
        body = values_str(a, name, indent, opts)
    node = grad_fn_name(t)
    if node is not None:
        suffixes.append(f"grad_fn=<{node}>")
    elif t.requires_grad:
        suffixes.append("requires_grad=True")
    return _add_suffixes(prefix + body, suffixes, indent, opts["linewidth"])


# ---- torch.return_types -------------------------------------------------------------------------
def _structseq_repr(self) -> str:
    return (f"torch.return_types.{type(self).__name__}(\n"
            + ",\n".join(f"{k}={v!r}" for k, v in zip(self._fields, self)) + ")")


def return_type(name: str, fields: str) -> type:
    """A named tuple printed as torch's ``torch.return_types.<name>`` (one field a line)."""
    base = collections.namedtuple(name, fields)
    return type(name, (base,), {"__slots__": (), "__repr__": _structseq_repr,
                                "__str__": _structseq_repr, "__module__": "torch.return_types"})
