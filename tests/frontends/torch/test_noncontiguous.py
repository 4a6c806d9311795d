"""torch operations on non-contiguous, expanded, 0-d and empty views vs real torch (issue 29).

Hypothesis draws a base array (float32/float64/int64/bool/float16; 0-d, size-1 and empty dims)
and a *view recipe*: one to three view ops (``t``, ``mT``, ``permute``, ``transpose``, a strided
slice, ``narrow``, ``select``, an int index, ``expand``, ``x[None].expand``, ``diagonal``,
``unsqueeze``, ``squeeze``, ``unfold``, ``movedim``, a piece of ``unbind``/``split``/``chunk``,
``reshape`` (a view or a copy, as torch decides), ``detach``, ``as_strided`` of the base). The
same recipe runs on a real torch tensor and on a frontend tensor on each backend, then one family
of operations runs on the view (and on a second, permuted view broadcastable with it). Compared:
each call's result (values, dtype, shape, Python types) or exception type, then the base tensor
and the view afterwards, so a write through the view (``add_``, ``v[i] = x``, ``copy_``, a write
to what ``reshape`` returned) must reach the base exactly when torch's does.

Known gaps are in ``GAPS``: each names the calls and the views it is about; in an example where
one applies, the comparison stops at that call (what precedes it is still checked), and
``test_known_gap`` replays the gap's minimal reproducer as a strict xfail.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

import ivy
import ivy.frontends.torch as ft
from tests.conformance import FRONTENDS, REAL, canonical, elements, mismatches

DTYPES = ("float32", "float64", "int64", "bool", "float16")
# examples per (family, backend) in the fast profile (jax compiles each new shape per op: fewer
# there); a deep profile is not capped
_FAST = {"numpy": 10, "torch": 10, "jax": 5, "tensorflow": 10}


def _settings(backend):
    n = settings().max_examples
    return settings(max_examples=n if n > 12 else min(n, _FAST.get(backend, 10)))


# ---- view recipes ------------------------------------------------------------------------------
# Each builder draws one step valid for ``shape`` and returns (step, new shape).

def _dim(draw, nd):
    return draw(st.integers(-nd, nd - 1))


def _t(draw, shape):
    return ("t",), tuple(reversed(shape))


def _mT(draw, shape):
    return ("mT",), shape[:-2] + (shape[-1], shape[-2])


def _permute(draw, shape):
    perm = draw(st.permutations(range(len(shape))))
    return ("permute", tuple(perm)), tuple(shape[p] for p in perm)


def _transpose(draw, shape):
    nd = len(shape)
    a, b = _dim(draw, nd), _dim(draw, nd)
    s = list(shape)
    s[a], s[b] = s[b], s[a]
    return ("transpose", a, b), tuple(s)


def _slice(draw, shape):
    nd = len(shape)
    d = draw(st.integers(0, nd - 1))
    n = shape[d]
    bound = st.one_of(st.none(), st.integers(-n - 1, n + 1))
    start, stop, step = draw(bound), draw(bound), draw(st.integers(1, 3))
    length = len(range(*slice(start, stop, step).indices(n)))
    return ("slice", d, start, stop, step), shape[:d] + (length,) + shape[d + 1:]


def _narrow(draw, shape):
    nd = len(shape)
    d = _dim(draw, nd)
    n = shape[d]
    start = draw(st.integers(0, n))
    length = draw(st.integers(0, n - start))
    if draw(st.booleans()) and start:
        start -= n          # a negative start names the same position
    return ("narrow", d, start, length), shape[:d % nd] + (length,) + shape[d % nd + 1:]


def _select(draw, shape):
    nd = len(shape)
    dims = [d for d in range(nd) if shape[d]]
    d = draw(st.sampled_from(dims))
    i = draw(st.integers(-shape[d], shape[d] - 1))
    kind = draw(st.sampled_from(("select", "index")))
    return (kind, d, i), shape[:d] + shape[d + 1:]


def _expand(draw, shape):
    sizes = [draw(st.sampled_from((1, 2, 3, -1))) if n == 1 else draw(st.sampled_from((n, -1)))
             for n in shape]
    lead = draw(st.lists(st.sampled_from((1, 2, 3)), max_size=1 if shape else 2))
    new = tuple(lead) + tuple(n if s == -1 else s for s, n in zip(sizes, shape))
    return ("expand", tuple(lead) + tuple(sizes)), new


def _new_axis_expand(draw, shape):
    k = draw(st.integers(1, 3))
    return ("new_axis_expand", k), (k,) + shape


def _diagonal(draw, shape):
    nd = len(shape)
    d1 = _dim(draw, nd)
    d2 = draw(st.sampled_from([d for d in range(-nd, nd) if d % nd != d1 % nd]))
    k = draw(st.integers(-2, 2))
    a, b = d1 % nd, d2 % nd
    n = max(0, min(shape[a] - max(0, -k), shape[b] - max(0, k)))
    rest = tuple(shape[i] for i in range(nd) if i not in (a, b))
    return ("diagonal", k, d1, d2), rest + (n,)


def _unsqueeze(draw, shape):
    nd = len(shape)
    d = draw(st.integers(-nd - 1, nd))
    s = list(shape)
    s.insert(d % (nd + 1), 1)
    return ("unsqueeze", d), tuple(s)


def _squeeze(draw, shape):
    d = _dim(draw, len(shape))
    if shape[d] != 1:
        return ("squeeze", d), shape
    s = list(shape)
    del s[d]
    return ("squeeze", d), tuple(s)


def _unfold(draw, shape):
    nd = len(shape)
    d = _dim(draw, nd)
    n = shape[d]
    # windows that do not share elements (in-place ops on overlapping ones are undefined)
    size = draw(st.integers(0, n))
    step = draw(st.integers(max(size, 1), max(size, 1) + 2))
    s = list(shape)
    s[d] = (n - size) // step + 1
    return ("unfold", d, size, step), tuple(s) + (size,)


def _as_strided(draw, shape):
    """A non-overlapping strided grid of the (contiguous) base, or one with a 0 stride (torch
    refuses writes to those); rank 1 or 2, sides 0..3."""
    numel = math.prod(shape)
    nd = draw(st.integers(1, 2))
    sizes = [draw(st.integers(0 if numel == 0 else 1, 3)) for _ in range(nd)]
    inner = draw(st.integers(1, 2))
    strides = [inner] * nd
    if nd == 2:
        strides[0] = inner * sizes[1] + draw(st.integers(0, 2))
        if draw(st.booleans()):          # column-major grid
            strides = [inner, inner * sizes[0] + draw(st.integers(0, 2))]
    if draw(st.integers(0, 3)) == 0:
        strides[draw(st.integers(0, nd - 1))] = 0
    span = 0 if 0 in sizes else 1 + sum((n - 1) * s for n, s in zip(sizes, strides))
    if span > numel:
        sizes = [0 if numel == 0 else 1] * nd
        span = 0 if numel == 0 else 1
    offset = draw(st.integers(0, max(0, numel - span))) if span else 0
    return ("as_strided", tuple(sizes), tuple(strides), offset), tuple(sizes)


def _movedim(draw, shape):
    nd = len(shape)
    src, dst = _dim(draw, nd), _dim(draw, nd)
    s = list(shape)
    s.insert(dst % nd, s.pop(src % nd))
    return ("movedim", src, dst), tuple(s)


def _piece(draw, shape):
    """One result of unbind/split/chunk (the first or the last)."""
    nd = len(shape)
    d = draw(st.sampled_from([d for d in range(nd) if shape[d]]))
    n, last = shape[d], draw(st.booleans())
    kind = draw(st.sampled_from(("unbind", "split", "chunk")))
    if kind == "unbind":
        return ("unbind", d, -1 if last else 0), shape[:d] + shape[d + 1:]
    k = draw(st.integers(1, 3))
    size = k if kind == "split" else -(-n // k)
    length = n - size * (-(-n // size) - 1) if last else min(size, n)
    return (kind, k, d, -1 if last else 0), shape[:d] + (length,) + shape[d + 1:]


def _reshape(draw, shape):
    """reshape(-1) or a split of the last dim in two: a view when torch's strides allow one."""
    if shape and shape[-1] and shape[-1] % 2 == 0 and draw(st.booleans()):
        new = shape[:-1] + (2, shape[-1] // 2)
        return ("reshape", new), new
    return ("reshape", (-1,)), (math.prod(shape),)


def _detach(draw, shape):
    return ("detach",), shape


def _builders(shape, first):
    nd = len(shape)
    out = [_expand, _new_axis_expand, _unsqueeze, _reshape, _detach]
    if nd <= 2:
        out.append(_t)
    if nd >= 1:
        out += [_transpose, _slice, _slice, _narrow, _squeeze, _unfold]
        if any(shape):
            out += [_select, _piece]
    if nd >= 2:
        out += [_mT, _permute, _permute, _diagonal, _movedim]
    if first:
        out.append(_as_strided)
    return out


@st.composite
def recipes(draw, shape):
    steps, broadcast = [], False
    for i in range(draw(st.integers(1, 3))):
        step, new = draw(st.sampled_from(_builders(shape, i == 0)))(draw, shape)
        broadcast |= step[0] in ("expand", "new_axis_expand") and math.prod(new) > math.prod(shape)
        steps.append(step)
        shape = new
    return tuple(steps), shape, broadcast


def apply_recipe(T, x, recipe):
    for kind, *a in recipe:
        if kind == "t":
            x = x.t()
        elif kind == "mT":
            x = x.mT
        elif kind == "permute":
            x = x.permute(a[0])
        elif kind == "transpose":
            x = x.transpose(*a)
        elif kind == "slice":
            x = x[(slice(None),) * a[0] + (slice(*a[1:]),)]
        elif kind == "index":
            x = x[(slice(None),) * a[0] + (a[1],)]
        elif kind == "select":
            x = x.select(*a)
        elif kind == "narrow":
            x = x.narrow(*a)
        elif kind == "expand":
            x = x.expand(a[0])
        elif kind == "new_axis_expand":
            x = x[None].expand(a[0], *([-1] * x.dim()))
        elif kind == "diagonal":
            x = x.diagonal(*a)
        elif kind == "unsqueeze":
            x = x.unsqueeze(*a)
        elif kind == "squeeze":
            x = x.squeeze(*a)
        elif kind == "unfold":
            x = x.unfold(*a)
        elif kind == "as_strided":
            x = T.as_strided(x, *a)
        elif kind == "movedim":
            x = x.movedim(*a)
        elif kind == "unbind":
            x = x.unbind(a[0])[a[1]]
        elif kind == "split":
            x = x.split(a[0], a[1])[a[2]]
        elif kind == "chunk":
            x = x.chunk(a[0], a[1])[a[2]]
        elif kind == "reshape":
            x = x.reshape(a[0])
        elif kind == "detach":
            x = x.detach()
        else:
            raise AssertionError(kind)
    return x


def view_kinds(recipe) -> set:
    return {step[0] for step in recipe}


@dataclass
class Example:
    dtype: str
    base: np.ndarray
    recipe: tuple
    view_shape: tuple
    other: np.ndarray       # C-ordered data of the second view, whose axes are then reversed
    broadcast: bool         # an expand in the recipe repeats elements


@st.composite
def examples(draw):
    dtype = draw(st.sampled_from(DTYPES))
    shape = draw(hnp.array_shapes(min_dims=0, max_dims=3, min_side=0, max_side=4))
    base = draw(hnp.arrays(dtype, shape, elements=elements(dtype)))
    recipe, vshape, broadcast = draw(recipes(shape))
    # a second operand broadcastable with the view: a suffix of its shape, some sides 1
    k = draw(st.integers(0, len(vshape)))
    oshape = tuple(1 if draw(st.integers(0, 2)) == 0 else n for n in vshape[len(vshape) - k:])
    odtype = dtype if draw(st.integers(0, 2)) else draw(st.sampled_from(DTYPES))
    other = draw(hnp.arrays(odtype, tuple(reversed(oshape)), elements=elements(odtype)))
    return Example(dtype, base, recipe, vshape, other, broadcast)


# ---- families of operations --------------------------------------------------------------------
def _vt(v):
    return v.mT if v.dim() >= 2 else v


def _last(v):
    return v.shape[-1] if v.dim() else 1


def _iadd(T, v, o):
    w = v
    w += o
    return w is v


def _setitem(key, value):
    def fn(T, v, o):
        v[key(v, o) if callable(key) else key] = value(T, v, o) if callable(value) else value
    return fn


def _then_write(make):
    """``make(v)`` then a write through what it returned: reaches the base iff it is a view."""
    def fn(T, v, o):
        r = make(T, v, o)
        r.fill_(1)
        return r
    return fn


FAMILIES = {
    "unary": [
        ("abs", lambda T, v, o: T.abs(v)), ("neg", lambda T, v, o: -v),
        ("exp", lambda T, v, o: v.exp()), ("sin", lambda T, v, o: T.sin(v)),
        ("floor", lambda T, v, o: T.floor(v)), ("logical_not", lambda T, v, o: T.logical_not(v)),
        ("sign", lambda T, v, o: v.sign()), ("invert", lambda T, v, o: ~v),
        ("sigmoid", lambda T, v, o: T.sigmoid(v)), ("square", lambda T, v, o: v.square()),
    ],
    "binary": [
        ("add_self", lambda T, v, o: v + v), ("mul_scalar", lambda T, v, o: v * 2),
        ("add", lambda T, v, o: v + o), ("mul", lambda T, v, o: T.mul(v, o)),
        ("div", lambda T, v, o: v / o), ("rsub", lambda T, v, o: o - v),
        ("maximum", lambda T, v, o: T.maximum(v, o)), ("lt", lambda T, v, o: v < o),
        ("where", lambda T, v, o: T.where(v > o, v, o)),
        ("add_t", lambda T, v, o: v + _vt(v)),
    ],
    "add_": [("add_1", lambda T, v, o: v.add_(1)), ("add_o", lambda T, v, o: v.add_(o))],
    "mul_": [("mul_o", lambda T, v, o: v.mul_(o)), ("mul_2", lambda T, v, o: v.mul_(2))],
    "clamp_": [("clamp_", lambda T, v, o: v.clamp_(min=-1, max=3)),
               ("clamp_min_", lambda T, v, o: v.clamp_min_(0))],
    "iadd": [("iadd", _iadd), ("isub", lambda T, v, o: v.sub_(o, alpha=2))],
    "reductions": [
        ("sum", lambda T, v, o: v.sum()), ("sum_last", lambda T, v, o: v.sum(-1)),
        ("sum_0_keep", lambda T, v, o: v.sum(0, keepdim=True)),
        ("sum_dims", lambda T, v, o: v.sum((0, -1))),
        ("mean", lambda T, v, o: v.mean()), ("mean_last", lambda T, v, o: T.mean(v, -1)),
        ("amax", lambda T, v, o: v.amax()), ("amax_0", lambda T, v, o: T.amax(v, 0)),
        ("argmax", lambda T, v, o: v.argmax()),
        ("argmax_last", lambda T, v, o: v.argmax(-1, keepdim=True)),
        ("cumsum_0", lambda T, v, o: v.cumsum(0)), ("cumsum_last", lambda T, v, o: T.cumsum(v, -1)),
    ],
    "matmul": [
        ("matmul", lambda T, v, o: v @ _vt(v)), ("matmul_t", lambda T, v, o: T.matmul(_vt(v), v)),
        ("mm", lambda T, v, o: T.mm(v, v.t())), ("bmm", lambda T, v, o: T.bmm(v, v.mT)),
        ("einsum_outer", lambda T, v, o: T.einsum("...ij,...kj->...ik", v, v)),
        ("einsum_trace", lambda T, v, o: T.einsum("...ii->...", v)),
        ("einsum_sum", lambda T, v, o: T.einsum("...i->...", v)),
    ],
    "cat_stack": [
        ("cat_0", lambda T, v, o: T.cat([v, v])), ("cat_last", lambda T, v, o: T.cat([v, v], -1)),
        ("cat_other", lambda T, v, o: T.cat([v, o.expand_as(v)], -1)),
        ("stack_0", lambda T, v, o: T.stack([v, v.clone()])),
        ("stack_last", lambda T, v, o: T.stack([v, o.expand_as(v)], -1)),
    ],
    "reshape_view": [
        ("reshape_flat", lambda T, v, o: v.reshape(-1)), ("view_flat", lambda T, v, o: v.view(-1)),
        ("view_same", lambda T, v, o: v.view(v.shape)), ("flatten", lambda T, v, o: v.flatten()),
        ("reshape_rev", lambda T, v, o: v.reshape(tuple(reversed(v.shape)))),
        ("view_split", lambda T, v, o: v.view(*v.shape[:-1], 1, _last(v)) if v.dim() else
         v.view(1)),
        ("write_reshape", _then_write(lambda T, v, o: v.reshape(-1))),
        ("write_view", _then_write(lambda T, v, o: v.view(-1))),
        ("write_flatten", _then_write(lambda T, v, o: v.flatten())),
    ],
    "layout": [
        ("is_contiguous", lambda T, v, o: v.is_contiguous()),
        ("stride", lambda T, v, o: v.stride()),
        ("storage_offset", lambda T, v, o: v.storage_offset()),
        ("size", lambda T, v, o: (v.size(), v.shape, v.dim(), v.numel())),
        ("contiguous", lambda T, v, o: (v.contiguous(), v.contiguous().is_contiguous(),
                                        v.contiguous().stride())),
        ("contiguous_is_self", lambda T, v, o: v.contiguous() is v),
        ("clone_stride", lambda T, v, o: v.clone().stride()),
        ("clone", lambda T, v, o: (v.clone(), v.clone().is_contiguous())),
        ("t_stride", lambda T, v, o: v.t().stride()),
    ],
    "copies": [
        ("write_clone", _then_write(lambda T, v, o: v.clone())),
        ("write_contiguous", _then_write(lambda T, v, o: v.contiguous())),
        ("write_to_same", _then_write(lambda T, v, o: v.to(v.dtype))),
    ],
    "to_dtype": [
        ("to_float64", lambda T, v, o: v.to(T.float64)),
        ("to_int32", lambda T, v, o: v.to(T.int32)),
        ("float", lambda T, v, o: v.float()), ("bool", lambda T, v, o: v.bool()),
        ("to_same_is_self", lambda T, v, o: v.to(v.dtype) is v),
        ("to_stride", lambda T, v, o: v.double().stride()),
    ],
    "getitem": [
        ("int", lambda T, v, o: v[0]), ("ellipsis_int", lambda T, v, o: v[..., -1]),
        ("none", lambda T, v, o: v[:, None]), ("mask", lambda T, v, o: v[v > 0]),
        ("list", lambda T, v, o: v[[0, -1]]), ("step", lambda T, v, o: v[..., ::2]),
        ("int_tensor", lambda T, v, o: v[T.tensor([0])]),
        ("write_int", _then_write(lambda T, v, o: v[0])),
        ("write_step", _then_write(lambda T, v, o: v[..., 1::2])),
        ("write_list", _then_write(lambda T, v, o: v[[0]])),
    ],
    "setitem": [
        ("set_int", _setitem(0, 1)), ("set_last", _setitem((Ellipsis, -1), 0)),
        ("set_mask", _setitem(lambda v, o: v > 1, 5)),
        ("set_list", _setitem([0], 7)), ("set_all", _setitem(Ellipsis, 3)),
        ("set_other", _setitem(Ellipsis, lambda T, v, o: o)),
        ("set_step", _setitem((Ellipsis, slice(None, None, 2)), -2)),
    ],
    "sort_topk": [
        ("sort", lambda T, v, o: T.sort(v, dim=-1, stable=True)),
        ("sort_desc", lambda T, v, o: v.sort(dim=0, descending=True, stable=True)),
        ("argsort", lambda T, v, o: v.argsort(dim=-1, stable=True)),
        ("topk_values", lambda T, v, o: T.topk(v, min(2, _last(v))).values),
        ("topk_gather", lambda T, v, o: v.gather(-1, v.topk(min(2, _last(v)), largest=False)
                                                 .indices) if v.dim() else v),
    ],
    "masked_fill": [
        ("masked_fill_", lambda T, v, o: v.masked_fill_(v > 0, 0)),
        ("masked_fill_other", lambda T, v, o: v.masked_fill(o > 1, 1)),
        ("masked_fill_other_", lambda T, v, o: v.masked_fill_(o < 0, -1)),
    ],
    "index_ops": [
        ("index_select", lambda T, v, o: T.index_select(v, -1, T.tensor([0, -1 % _last(v)]))),
        ("gather", lambda T, v, o: v.gather(-1, T.zeros_like(v, dtype=T.int64))),
        ("nonzero", lambda T, v, o: T.nonzero(v)),
        ("take", lambda T, v, o: v.take(T.tensor([0, -1]))),
        ("scatter_", lambda T, v, o: v.scatter_(-1, T.zeros(v.shape[:-1] + (1,), dtype=T.int64)
                                                if v.dim() else T.tensor(0), 1)),
        ("index_fill_", lambda T, v, o: v.index_fill_(-1, T.tensor([0]), 2)),
        ("index_add_", lambda T, v, o: v.index_add_(0, T.tensor([0]),
                                                    (v[:1] if v.dim() else v).clone())),
        ("index_copy_", lambda T, v, o: v.index_copy_(-1, T.tensor([_last(v) - 1]),
                                                      (v[..., :1] if v.dim() else v).clone())),
        ("put_", lambda T, v, o: v.put_(T.tensor([0, -1]), T.ones(2, dtype=v.dtype))),
    ],
    "inplace_meta": [
        ("t_", lambda T, v, o: v.t_()), ("unsqueeze_", lambda T, v, o: v.unsqueeze_(0)),
        ("transpose_", lambda T, v, o: v.transpose_(0, -1)),
        ("squeeze_", lambda T, v, o: v.squeeze_()),
        ("add_after", lambda T, v, o: v.add_(1)),
        ("setitem_after", _setitem((Ellipsis, 0), 5)),
    ],
    "copy_": [
        ("copy_other", lambda T, v, o: v.copy_(o)),
        ("copy_self", lambda T, v, o: v.copy_(v)),
        ("copy_fill", lambda T, v, o: v.copy_(T.ones_like(v) * 3)),
        ("zero_", lambda T, v, o: v.zero_()),
    ],
}


# ---- known gaps --------------------------------------------------------------------------------
@dataclass
class Gap:
    calls: tuple           # "<family>.<call>" names the gap is about
    backends: tuple
    applies: object        # View -> bool: which views (the real torch view's layout, the recipe)
    reason: str
    program: str           # minimal reproducer, returning what is compared (real vs frontend)
    raises: type = AssertionError   # how the reproducer fails: a mismatch, or the frontend raises

    @property
    def id(self):
        return self.calls[0]


@dataclass
class View:
    recipe: tuple
    shape: tuple
    strides: tuple
    broadcast: bool

    @property
    def overlapping(self):           # torch's has_internal_overlap: a 0 stride over > 1 element
        return any(st == 0 and n > 1 for n, st in zip(self.shape, self.strides))

    def has(self, *kinds):
        return any(step[0] in kinds for step in self.recipe)


    @property
    def c_ordered(self):             # exactly C-order strides, size-1 dims included
        return self.strides == _c_strides(self.shape)


def _c_strides(shape):
    out, step = [], 1
    for n in reversed(shape):
        out.append(step)
        step *= max(n, 1)
    return tuple(reversed(out))


def _calls(*families):
    return tuple(f"{fam}.{label}" for fam in families for label, _ in FAMILIES[fam])


ALL_BACKENDS = ("numpy", "torch", "jax", "tensorflow")
_WRITES = _calls("add_", "mul_", "clamp_", "iadd", "copies", "setitem", "masked_fill", "copy_",
                 "inplace_meta") + ("index_ops.scatter_", "index_ops.index_fill_",
                                    "index_ops.index_add_", "index_ops.index_copy_",
                                    "index_ops.put_",
    "getitem.write_int", "getitem.write_step", "getitem.write_list",
    "reshape_view.write_reshape", "reshape_view.write_view", "reshape_view.write_flatten")
_STRIDES = ("layout.stride", "layout.t_stride", "layout.contiguous", "layout.clone_stride",
            "layout.clone", "to_dtype.to_stride")
_FILL_LIKE = ("copies.write_to_same", "getitem.write_int", "getitem.write_step",
              "reshape_view.write_reshape", "reshape_view.write_view",
              "reshape_view.write_flatten", "setitem.set_int", "setitem.set_mask",
              "setitem.set_list", "setitem.set_step", "masked_fill.masked_fill_",
              "masked_fill.masked_fill_other_", "copy_.copy_self", "copy_.zero_",
              "index_ops.index_fill_", "inplace_meta.setitem_after")

def _catching(body):
    """A reproducer that returns the exception's type name where the call raises."""
    lines = "".join(f"        {line}\n" for line in body.strip().splitlines())
    return (f"def program(T):\n    try:\n{lines}    except Exception as e:  # noqa: BLE001\n"
            f"        return type(e).__name__\n")


GAPS: list[Gap] = [
    Gap(_FILL_LIKE, ALL_BACKENDS, lambda v: v.overlapping,
        "fill_/zero_/masked_fill_/index writes of a scalar into an expanded (0-stride) view: torch "
        "writes the shared element (deprecated for masked_fill_/index_put_), the frontend raises "
        "RuntimeError as for add_ (numpy's broadcast views are read-only; the jax/tensorflow "
        "view refuses every write with a 0 stride)",
        "def program(T):\n    x = T.zeros(1)\n    v = x.expand(3)\n    v.fill_(2)\n"
        "    return [x, v]\n", RuntimeError),
    Gap(("index_ops.index_fill_",), ("numpy", "torch"),
        lambda v: 0 in v.shape and not v.has("unfold", "as_strided"),
        "Tensor.index_fill_ of an empty native view of a non-empty tensor (x[:0]) on numpy/torch: "
        "torch's one-slice view fits the storage and its index check raises IndexError; the "
        "frontend does not know a native view's storage and raises torch's setStorage "
        "RuntimeError as for a fresh empty tensor",
        _catching("return T.zeros(3)[:0].index_fill_(0, T.tensor([0]), 2)")),
    Gap(("recipe.as_strided_overlapping",), ALL_BACKENDS, lambda v: False,
        "in-place ops through a view whose elements overlap without a 0 stride (as_strided "
        "strides (1, 1), unfold with step < size): torch applies the op element by element in "
        "memory order (add_(1) of as_strided(ones(4), (2, 2), (1, 1)) gives [[2, 3], [3, 2]]); "
        "the frontend raises NotImplementedError (it wrote [[2, 2], [2, 2]] on jax/tensorflow)",
        "def program(T):\n    return T.as_strided(T.ones(4), (2, 2), (1, 1)).add_(1)\n",
        NotImplementedError),
    Gap(("recipe.as_strided_noncontiguous",), ("numpy", "torch"), lambda v: False,
        "torch.as_strided of a non-contiguous tensor (x.t()) on numpy/torch: torch indexes the "
        "storage, the core gives only the native array's elements in C order, so the frontend "
        "raises NotImplementedError (naming the backend) instead of reading other elements",
        "def program(T):\n    return T.as_strided(T.arange(8.).reshape(2, 4).t(), (2,), (1,))\n",
        NotImplementedError),
    Gap(_WRITES, ("numpy",), lambda v: v.has("diagonal"),
        "writes through Tensor.diagonal() on the numpy backend: np.diagonal's view is read-only, "
        "the frontend raises RuntimeError where torch writes the base's diagonal",
        "def program(T):\n    x = T.zeros(2, 2)\n    x.diagonal().fill_(1)\n    return x\n",
        RuntimeError),
    Gap(_WRITES, ("numpy",), lambda v: v.broadcast and not v.overlapping,
        "writes through a non-overlapping part of an expanded tensor (x.expand(2, 3)[0]) on the "
        "numpy backend: numpy's broadcast views are read-only, the frontend raises RuntimeError "
        "where torch writes x",
        "def program(T):\n    x = T.zeros(3)\n    x.expand(2, 3)[0].add_(1)\n    return x\n",
        RuntimeError),
    Gap(("layout.storage_offset",), ("numpy", "torch"), lambda v: True,
        "Tensor.storage_offset() on the numpy and torch backends: 0 for every native view "
        "(slice, select, narrow, diagonal...: the core reports native strides, not a view's "
        "offset); unfold/as_strided windows report their offset in the tensor they were taken "
        "from, so also 0 too few when that is itself such a view",
        "def program(T):\n    return T.arange(4)[1:].storage_offset()\n"),
    Gap(_STRIDES, ("numpy",), lambda v: 1 in v.shape or 0 in v.shape,
        "Tensor.stride() of size-1 and empty dims on the numpy backend: numpy's own strides "
        "(0 for x[None], C order for empty arrays), not torch's",
        "def program(T):\n    return T.zeros(3)[None].stride()\n"),
    Gap(_STRIDES, ("numpy", "torch"), lambda v: v.has("expand") and 1 in v.shape,
        "Tensor.stride() of x.expand(1, ...) for a 0-d x on the torch backend: 1 where torch "
        "reports 0 (the frontend reshapes when nothing broadcasts, so that numpy's view stays "
        "writable)",
        "def program(T):\n    return T.zeros(()).expand(1).stride()\n"),
    Gap(_STRIDES, ALL_BACKENDS, lambda v: 0 in v.shape,
        "Tensor.stride() of empty views: torch.tensor(an empty numpy array) has stride (0,), "
        "which views of it inherit (diagonal, expand, unfold...); the frontend's empty tensors "
        "have C-order strides on every backend (the torch backend's too)",
        "import numpy as np\n\ndef program(T):\n"
        "    x = T.tensor(np.zeros(0, np.float32)).expand(1, 0).diagonal(0, 0, -1)\n"
        "    return [x.stride(), x.double().stride()]\n"),
    Gap(("layout.clone_stride", "layout.clone", "to_dtype.to_stride"), ("numpy",),
        lambda v: v.overlapping,
        "Tensor.to(dtype)/clone() of an expanded view on numpy: numpy's copy keeps the input's "
        "stride order (a 0-stride dim innermost), torch makes an overlapping tensor's copy "
        "C-ordered",
        "def program(T):\n    return T.zeros(2, 1, 2).expand(2, 2, 2).double().stride()\n"),
    Gap(("layout.clone_stride", "layout.clone", "to_dtype.to_stride"), ALL_BACKENDS,
        lambda v: v.has("unfold", "as_strided") and not v.c_ordered,
        "Tensor.clone()/Tensor.to(dtype) of a non-contiguous unfold/as_strided window (these are "
        "emulated views on every backend): torch keeps a dense view's strides (preserve_format), "
        "the frontend's copy is C-ordered",
        "def program(T):\n    return T.as_strided(T.zeros(1), (1,), (0,)).double().stride()\n"),
    Gap(("layout.clone_stride", "layout.clone", "to_dtype.to_stride"), ("jax", "tensorflow"),
        lambda v: not v.c_ordered,
        "Tensor.clone()/Tensor.to(dtype) of a non-contiguous view (t(), permute, expand...): torch "
        "keeps a dense view's strides (preserve_format), the frontend returns C order",
        "def program(T):\n    return T.zeros(2, 3).t().clone().stride()\n"),
]


# Former gaps (fixed): each reproducer, and its neighbours, run against real torch on every
# backend. Results compared exactly (values, dtype, shape) or the exception's type name.
FIXED = {
    # a repeated subscript of one operand has one size (jax broadcast a size-1 one: 0)
    "einsum_diagonal_sizes": _catching(
        "x = T.zeros(0)[None].expand(1, -1)\nreturn T.einsum('ii->', x)"),
    "einsum_diagonal_sizes_0_1": _catching("return T.einsum('ii->i', T.zeros(0, 1))"),
    "einsum_diagonal_sizes_1_3": _catching("return T.einsum('...ii', T.zeros(2, 1, 3))"),
    "einsum_diagonal_empty": _catching("return T.einsum('ii->', T.zeros(0, 0))"),
    # bool and narrow integers: a label summed in one operand gives int64 (torch's sum), bmm
    # refuses bool unless it has nothing to compute
    "einsum_bool_sum": _catching("return T.einsum('i->', T.ones(3, dtype=T.bool))"),
    "einsum_bool_trace": _catching("return T.einsum('...ii->...', T.ones(2, 3, 3, dtype=T.bool))"),
    "einsum_bool_diagonal": _catching("return T.einsum('ii->i', T.eye(3, dtype=T.bool))"),
    "einsum_bool_outer": _catching(
        "x = T.ones(2, 3, dtype=T.bool)\nreturn T.einsum('ij,kj->ik', x, x)"),
    "einsum_bool_outer_empty": _catching(
        "x = T.ones(2, 0, dtype=T.bool)\nreturn T.einsum('ij,kj->ik', x, x)"),
    "einsum_bool_mul": _catching(
        "x = T.tensor([True, False, True])\nreturn T.einsum('i,j->ij', x, x[:2])"),
    "einsum_bool_one_summed": _catching(
        "x = T.tensor([[True, False], [True, True]])\nreturn T.einsum('ij,k->ik', x, x[0])"),
    "einsum_bool_mixed_bmm": _catching(
        "x = T.ones(2, 3, 2, dtype=T.bool)\nreturn T.einsum('ijm,jk->ik', x, x[0])"),
    "einsum_int32_sum": _catching(
        "return T.einsum('ij->i', T.tensor([[1, 2], [3, 2**30]], dtype=T.int32))"),
    "einsum_int32_contract": _catching(
        "x = T.tensor([[1, 2], [3, 2**30]], dtype=T.int32)\nreturn T.einsum('ij,jk->ik', x, x)"),
    "einsum_int8_broadcast_sum": _catching(
        "x = T.tensor([[100], [7]], dtype=T.int8)\n"
        "return T.einsum('ij,j->i', x, T.tensor([100, 3, 2], dtype=T.int8))"),
    "einsum_uint8_wraps": _catching(
        "x = T.tensor([200, 100], dtype=T.uint8)\nreturn T.einsum('i,i->', x, x)"),
    # index_select of a 0-d tensor: exactly one index (torch's RuntimeError), a 0-d result
    "index_select_scalar_2": _catching("return T.index_select(T.tensor(1.), 0, T.tensor([0, 0]))"),
    "index_select_scalar_0": _catching(
        "return T.tensor(1.).index_select(-1, T.tensor([], dtype=T.int64))"),
    "index_select_scalar_1": _catching("return T.index_select(T.tensor(1.), 0, T.tensor([0]))"),
    "index_select_scalar_out_of_range": _catching(
        "return T.index_select(T.tensor(1.), 0, T.tensor([1, 2]))"),
    "index_select_scalar_copy": _catching(
        "x = T.tensor(1.)\ny = T.index_select(x, 0, T.tensor(0))\ny.add_(1)\nreturn [x, y]"),
    # nonzero of a 0-d tensor: (n, 0) (was (n, 1)); out= is written (was dropped)
    "nonzero_scalar": _catching("return [T.nonzero(T.tensor(0.)), T.tensor(2).nonzero()]"),
    "nonzero_out": _catching(
        "o = T.zeros(5, dtype=T.int64)\nr = T.nonzero(T.tensor([[0, 1], [1, 1]]), out=o)\n"
        "return [o, r is o]"),
    "nonzero_out_dtype": _catching("return T.nonzero(T.tensor([1, 0]), out=T.zeros(2))"),
    # scatter into a 0-d tensor (a 1-element one), index_add_ of a 0-d bool (were IvyIndexError)
    "scatter_scalar": _catching(
        "x = T.tensor(1.5)\nx.scatter_(-1, T.tensor(0), 1)\n"
        "return [x, T.tensor(1.5).scatter_add_(0, T.tensor([0, 0]), T.tensor([5., 6])),\n"
        "        T.tensor(1.5).scatter_reduce_(0, T.tensor([0, 0]), T.tensor([3., 4.]), 'mean'),\n"
        "        T.scatter(T.tensor(True), 0, T.tensor([0]), False)]"),
    "scatter_scalar_out_of_range": _catching(
        "return T.tensor(1.5).scatter_(0, T.tensor([-1]), 2.)"),
    "index_add_scalar_bool": _catching(
        "return T.tensor(False).index_add_(0, T.tensor([0]), T.tensor(True), alpha=2)"),
    # writes through unfold/as_strided windows reach the base on numpy/torch too (were copies)
    "unfold_add_": _catching("x = T.zeros(4)\nx.unfold(0, 2, 2).add_(1)\nreturn x"),
    "unfold_setitem_transpose": _catching(
        "x = T.arange(12.).reshape(3, 4)\nu = x.unfold(1, 2, 2)\nu[..., 0] = -1\n"
        "w = u.transpose(0, 1)\nw.mul_(2)\n"
        "return [x, u, w, u.stride(), w.stride(), u.is_contiguous(), u.storage_offset()]"),
    "as_strided_writes": _catching(
        "x = T.arange(10.)\na = T.as_strided(x, (2, 3), (4, 1), 1)\na.zero_()\n"
        "a2 = a.t()\na2[0] = 7\n"
        "return [x, a, a2, a.stride(), a2.stride(), a.storage_offset(), a.is_contiguous()]"),
    "unfold_view_refused": _catching(
        "x = T.arange(6.)\nu = x.unfold(0, 3, 3)\nu2 = u.reshape(-1)\nu2.add_(100)\n"
        "return [x, u2, u.view(-1)]"),
    "unfold_sees_base_writes": _catching(
        "x = T.arange(6.)\nu = x.unfold(0, 2, 2)\ny = x[1:]\nx.add_(1)\ny.add_(10)\n"
        "return [u, y, x]"),
    "unfold_of_slice": _catching(
        "x = T.arange(8.).reshape(2, 4)\ny = x[:, 1:]\nu = y.unfold(1, 2, 1)\n"
        "u[0, 0, 0] = 100\nreturn [x, y, u]"),
    "unfold_t_detach": _catching(
        "x = T.zeros(5)\nu = x.unfold(0, 2, 2)\nu.t_()\nu[0, 1] = 3\nd = u.detach()\n"
        "d[1, 0] = 4\nreturn [x, u, u.sum(0)]"),
    # index_fill_ of an empty tensor: torch checks no index; an empty indexed dim gives its
    # setStorage RuntimeError (was IndexError / an out-of-range index refused)
    "index_fill_empty_dim": _catching("return T.zeros(0).index_fill_(0, T.tensor([0]), 2)"),
    "index_fill_empty_other_dim": _catching(
        "return [T.zeros(0, 3).index_fill_(1, T.tensor([5]), 2),\n"
        "        T.zeros(2, 0).index_fill(0, T.tensor([0]), T.tensor(1.))]"),
    "index_fill_empty_2d": _catching("return T.zeros(2, 0).index_fill_(1, T.tensor([0, 1]), 2)"),
    "index_fill_empty_window": _catching(
        "x = T.zeros(1, 1, 1).unfold(0, 0, 2)\nreturn x.index_fill_(-1, T.tensor([0]), 2)"),
    "index_fill_empty_past_storage": _catching(
        "x = T.zeros(())[None].expand(1)[1:]\nreturn x.index_fill_(0, T.tensor([0]), 2)"),
    # index_copy_'s own source checks (IndexError; a source of another rank was reshaped)
    "index_copy_counts": _catching(
        "return T.zeros(0).index_copy_(0, T.tensor([-1]), T.zeros(0))"),
    "index_copy_rank": _catching(
        "return T.zeros(2, 3).index_copy_(1, T.tensor([1]), T.zeros(2, 1, 1))"),
    "index_copy_scalar_source": _catching(
        "return [T.zeros(3).index_copy_(0, T.tensor([1]), T.tensor(5.)),\n"
        "        T.zeros(3).index_copy_(0, T.tensor([1, 2]), T.tensor(5.))]"),
    # bool products of empty operands: False/empty, not refused; shapes are checked first
    "matmul_bool_empty_inner": _catching(
        "x = T.zeros(1, 0, dtype=T.bool)\nreturn x @ x.mT"),
    "matmul_bool_empty_rows": _catching(
        "return T.zeros(0, 2, dtype=T.bool) @ T.zeros(2, 3, dtype=T.bool)"),
    "matmul_bool_nonempty": _catching("x = T.ones(2, 2, dtype=T.bool)\nreturn x @ x"),
    "matmul_bool_vector": _catching("x = T.ones(2, 2, dtype=T.bool)\nreturn x @ x[0]"),
    "matmul_bool_batch": _catching("x = T.ones(2, 2, 2, dtype=T.bool)\nreturn x @ x"),
    "matmul_bool_dot_empty": _catching("x = T.zeros(0, dtype=T.bool)\nreturn x @ x"),
    "matmul_bool_shapes": _catching(
        "return T.zeros(2, 3, dtype=T.bool) @ T.zeros(2, 3, dtype=T.bool)"),
    "matmul_batch_shapes": _catching("return T.zeros(2, 2, 0) @ T.zeros(3, 0, 2)"),
    "mm_bool_empty": _catching(
        "return T.mm(T.zeros(2, 0, dtype=T.bool), T.zeros(0, 3, dtype=T.bool))"),
    "bmm_bool_empty": _catching(
        "return T.bmm(T.zeros(2, 2, 0, dtype=T.bool), T.zeros(2, 0, 3, dtype=T.bool))"),
    "mv_bool_empty": _catching(
        "return T.mv(T.zeros(2, 0, dtype=T.bool), T.zeros(0, dtype=T.bool))"),
    "dot_bool_shapes": _catching(
        "return T.dot(T.zeros(2, dtype=T.bool), T.zeros(3, dtype=T.bool))"),
}

# Writes through detach()/.data (torch: shared storage; the original keeps requires_grad, its
# grad_fn and its hooks), then backward -- on the backends with autodiff (numpy has none).
# name: (program, backends where it is a known gap, the gap). Former gap: on jax/tensorflow such a
# write dropped a computed tensor's gradient tracking (backward: 'element 0 of tensors does not
# require grad'), and one through a view of detach()'s result refused a leaf's write.
AUTOGRAD = {
    "detach_clamp_leaf": (
        "def program(T):\n    x = T.tensor([-1., 0.25, 2.], requires_grad=True)\n"
        "    x.detach().clamp_(0, 0.5)\n    out = [x.detach().clone(), x.requires_grad, x.is_leaf]\n"
        "    (x * x).sum().backward()\n    return out + [x.grad]\n", (), ""),
    "detach_add_computed": (
        "def program(T):\n    a = T.tensor([1., 2., 3.], requires_grad=True)\n    x = a * 2\n"
        "    v = x[0:2]\n    y = x.detach()\n    y.add_(1)\n    z = x * 3\n"
        "    out = [x.detach().clone(), v.detach().clone(), x.requires_grad, v.requires_grad,\n"
        "           x.grad_fn.name(), x.is_leaf]\n"
        "    (z.sum() + v.sum()).backward()\n    return out + [a.grad]\n", (), ""),
    "detach_view_zero": (
        "def program(T):\n    a = T.tensor([1., 2., 3.], requires_grad=True)\n    x = a * 2\n"
        "    x2 = x[1:]\n    x2.detach().zero_()\n"
        "    out = [x.detach().clone(), x.requires_grad, x2.requires_grad]\n"
        "    (x * x).sum().backward()\n    return out + [a.grad]\n", (), ""),
    "detach_slice_setitem_leaf": (
        "def program(T):\n    x = T.tensor([-1., 0.25, 2.], requires_grad=True)\n"
        "    y = x.detach()\n    y[0] = 5\n    x.detach()[1:].zero_()\n"
        "    out = [x.detach().clone(), x.requires_grad]\n"
        "    (x * 3).sum().backward()\n    return out + [x.grad]\n", (), ""),
    "detach_no_grad_computed": (
        "def program(T):\n    a = T.tensor([1., 2., 3.], requires_grad=True)\n    x = a * 2\n"
        "    with T.no_grad():\n        x.detach().clamp_(max=3)\n"
        "    out = [x.detach().clone(), x.requires_grad]\n"
        "    (x * a).sum().backward()\n    return out + [a.grad]\n", (), ""),
    "data_hooks_leaf": (
        "def program(T):\n    x = T.tensor([-1., 0.25, 2.], requires_grad=True)\n    seen = []\n"
        "    x.register_hook(lambda g: seen.append(g.clone()))\n    x.detach().mul_(2)\n"
        "    x.data.add_(1)\n    out = [x.detach().clone(), x.requires_grad, x.is_leaf]\n"
        "    (x * x).sum().backward()\n    return out + [x.grad, seen]\n", (), ""),
    "detach_transposed_setitem": (
        "def program(T):\n    a = T.tensor([[1., 2.], [3., 4.]], requires_grad=True)\n"
        "    x = a.t() * 1\n    d = x.detach().t()\n    d[0, 1] = 10\n"
        "    out = [x.detach().clone(), x.requires_grad]\n"
        "    x.sum().backward()\n    return out + [a.grad]\n", (), ""),
    "detach_write_saved_output": (
        "def program(T):\n    a = T.tensor([1., 2., 3.], requires_grad=True)\n    x = a.exp()\n"
        "    x.detach().mul_(2)\n    out = [x.detach().clone(), x.requires_grad]\n    try:\n"
        "        x.sum().backward()\n    except RuntimeError:\n        return out + ['RuntimeError']\n"
        "    return out + [a.grad]\n", ("jax", "tensorflow"),
        "backward after a write through detach() of a tensor its own backward saved (exp's "
        "output): torch raises RuntimeError (a saved tensor's version changed), the frontend "
        "returns the gradient of the values before the write (the tape keeps no version of saved "
        "arrays)"),
}

def _gap_for(family, call, backend, view):
    name = f"{family}.{call}"
    for g in GAPS:
        if name in g.calls and backend in g.backends and g.applies(view):
            return g
    return None


# ---- the comparison ----------------------------------------------------------------------------
class Raised:
    def __init__(self, exc):
        self.exc = exc

    def __repr__(self):
        return f"raised {type(self.exc).__name__}: {str(self.exc)[:200]}"


def _run(T, adapter, ex, calls):
    """What one side does: the view, then each call (its canonical result or what it raised),
    then the base and the view afterwards."""
    base = T.tensor(ex.base)
    try:
        v = apply_recipe(T, base, ex.recipe)
    except Exception as e:     # noqa: BLE001 - compared with the other side
        return [("recipe", Raised(e))]
    o = T.tensor(ex.other)
    o = o.permute(tuple(reversed(range(o.dim()))))
    out = [("view", canonical(adapter, v)), ("layout", View(ex.recipe, tuple(v.shape), v.stride(),
                                                                   ex.broadcast))]
    for label, fn in calls:
        try:
            r = canonical(adapter, fn(T, v, o))
        except Exception as e:     # noqa: BLE001
            r = Raised(e)
        out.append((label, r))
        out.append((label + " -> base", canonical(adapter, base)))
        out.append((label + " -> view", canonical(adapter, v)))
    return out


def _compare(label, real, front):
    if isinstance(real, Raised) or isinstance(front, Raised):
        if not (isinstance(real, Raised) and isinstance(front, Raised)):
            return [f"{label}: real {real!r}, frontend {front!r}"]
        rt, fe = type(real.exc), front.exc
        if isinstance(fe, rt) or type(fe).__name__ == rt.__name__:
            return []
        return [f"{label}: real raised {rt.__name__}, frontend {front!r}"]
    return mismatches(real, front, label)


class _Copying:
    """The frontend's adapter, copying each array it reads (on numpy/torch backends ``to_numpy``
    may share memory with the tensor, which later writes would change)."""

    def __init__(self, adapter):
        self._adapter = adapter

    def __getattr__(self, name):
        return getattr(self._adapter, name)

    def to_numpy(self, x):
        return np.array(self._adapter.to_numpy(x), copy=True)


FRONT = _Copying(FRONTENDS["torch"].adapter)


def check_example(family, backend, ex):
    import torch
    calls = FAMILIES[family]
    real = _run(torch, REAL["torch"], ex, calls)
    with ivy.using_backend(backend):
        front = _run(ft, FRONT, ex, calls)
    problems = []
    if len(real) != len(front):
        problems.append(f"real gave {[r for r in real if isinstance(r[1], Raised)]}, frontend "
                        f"{[f for f in front if isinstance(f[1], Raised)]}")
    view = real[1][1] if len(real) > 1 else None
    gaps = {label: _gap_for(family, label, backend, view) for label, _ in calls} if view else {}
    for (label, r), (_, f) in zip(real, front):
        if label == "layout":
            continue        # the real view's layout, for the gaps
        if gaps.get(label):
            break           # a known gap: this call and what follows it (the base may differ)
        problems += _compare(label, r, f)
        if problems:
            break           # later outcomes follow from the first difference
    assert not problems, (f"{family} on {backend}, {ex.dtype} base {ex.base.shape}, view recipe "
                          f"{ex.recipe} -> {ex.view_shape}, other {ex.other.dtype} "
                          f"{ex.other.shape[::-1]} (axes reversed):\n  " + "\n  ".join(problems))


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_view_family(backend, family):
    @_settings(backend)
    @given(ex=examples())
    def run(ex):
        check_example(family, backend, ex)
    run()


@pytest.mark.parametrize("gap", GAPS, ids=[g.id for g in GAPS])
def test_known_gap(backend, gap, request):
    """Each gap's reproducer: a strict xfail on the backends the gap names."""
    import torch
    if backend in gap.backends:
        request.applymarker(pytest.mark.xfail(reason=gap.reason, strict=True, raises=gap.raises))
    namespace = {}
    exec(gap.program, namespace)      # noqa: S102 - the reproducer shown in the gap
    program = namespace["program"]
    real = canonical(REAL["torch"], program(torch))
    with ivy.using_backend(backend):
        front = canonical(FRONT, program(ft))
    assert not mismatches(real, front), mismatches(real, front)


@pytest.mark.parametrize("name", sorted(FIXED))
def test_fixed_gap(backend, name):
    """A former gap's reproducer: the frontend on each backend equals real torch."""
    import torch
    namespace = {}
    exec(FIXED[name], namespace)      # noqa: S102
    program = namespace["program"]
    real = canonical(REAL["torch"], program(torch))
    with ivy.using_backend(backend):
        front = canonical(FRONT, program(ft))
    assert not mismatches(real, front), (real, front, mismatches(real, front))


@pytest.mark.parametrize("name", sorted(AUTOGRAD))
def test_detached_write_autograd(backend, name, request):
    """Writes through detach()/.data, then backward, against real torch."""
    import torch
    if backend == "numpy":
        pytest.skip("the numpy backend has no automatic differentiation")
    program_text, gap_backends, reason = AUTOGRAD[name]
    if backend in gap_backends:
        request.applymarker(pytest.mark.xfail(reason=reason, strict=True, raises=AssertionError))
    namespace = {}
    exec(program_text, namespace)      # noqa: S102
    program = namespace["program"]
    real = canonical(REAL["torch"], program(torch))
    with ivy.using_backend(backend):
        front = canonical(FRONT, program(ft))
    assert not mismatches(real, front), mismatches(real, front)
