"""torch joining/splitting/layout functions, *_copy/*_scatter variants and Tensor members vs real
PyTorch; strides and in-place metadata changes as whole programs (like test_views.py)."""
import numpy as np
import pytest
from hypothesis import strategies as st

import ivy
import ivy.frontends.torch as ft
from tests.conformance import Case, arr, dtype_arg, make_tests, optional, shapes, shared_dtype

DTYPES = ("bool", "uint8", "int64", "float16", "float32", "complex64")
FLOATS = ("float32", "float64")
S = shared_dtype(DTYPES, "d")
M = arr(DTYPES, (2, 3, 4))
F = {"max_examples": 4}
ANY = arr(DTYPES, shapes(max_dims=3, max_side=3))
STRIDES = {"numpy": "the core reports native strides (ivy.strides) but not the storage offset of a view",
           "torch": "the core reports native strides (ivy.strides) but not the storage offset of a view"}


_COPY = "unfold/as_strided copy on numpy/torch: the core has no strided view of a native array"


def _rows():
    # joining
    for name in ("hstack", "vstack", "row_stack", "dstack", "column_stack"):
        yield Case(f"torch.{name}", args=(st.lists(arr(S, shapes(max_dims=3, max_side=3)),
                                                   min_size=1, max_size=3),), settings=F)
    yield Case("torch.hstack", args=([arr(S, (2, 3)), arr(S, (2, 1))],), id="hstack-2d")
    for nd in (1, 2, 3):
        yield Case(f"torch.atleast_{nd}d", args=(ANY,), settings=F)
        yield Case(f"torch.atleast_{nd}d", args=([ANY, ANY],), id=f"atleast_{nd}d-list",
                   settings=F)
    # splitting
    yield Case("torch.tensor_split", args=(arr(DTYPES, (7, 2)),
                                           st.sampled_from([1, 3, 9, 0, [2, 5], [-1], (0, 3, 10),
                                                            [4, 2]])),
               kwargs={"dim": optional(st.sampled_from([0, -2]))})
    yield Case("torch.tensor_split", args=(arr(DTYPES, (7, 2)), arr("int64", (2,), min_value=0,
                                                                      max_value=7)),
               id="tensor_split-tensor", settings=F)
    yield Case("torch.tensor_split", args=(arr(DTYPES, (7, 2)), arr("int64", (), min_value=1,
                                                                      max_value=5), 1),
               id="tensor_split-sections", settings=F)
    for name in ("hsplit", "vsplit", "dsplit"):
        yield Case(f"torch.{name}", args=(arr(DTYPES, shapes(1, 3, 2, 4)),
                                          st.sampled_from([1, 2, 3, [1], [0, 2]])), settings=F)
    yield Case("torch.split_with_sizes", args=(arr(DTYPES, (5, 2)),
                                               st.sampled_from([[1, 4], [2, 3], [5], [1, 1]])))
    yield Case("torch.unsafe_split", args=(arr(DTYPES, (5, 2)), st.integers(1, 6)), settings=F)
    yield Case("torch.unsafe_split_with_sizes", args=(arr(DTYPES, (5, 2)), [2, 3]), settings=F)
    yield Case("torch.unsafe_chunk", args=(arr(DTYPES, (5, 2)), st.integers(1, 6)), settings=F)
    yield Case("torch.narrow", args=(M, st.integers(-3, 2), st.integers(-3, 3),
                                     st.integers(0, 2)))
    yield Case("torch.narrow_copy", args=(M, st.integers(-3, 2), st.integers(0, 3),
                                          st.integers(0, 2)), settings=F)
    yield Case("torch.select", args=(M, st.integers(-3, 2), st.integers(-4, 3)))
    yield Case("torch.fliplr", args=(ANY,), settings=F)
    yield Case("torch.flipud", args=(ANY,), settings=F)
    yield Case("torch.tile", args=(ANY, st.sampled_from([(2,), (1, 2), (2, 1, 1, 2), ()])),
               settings=F)
    yield Case("torch.ravel", args=(ANY,), settings=F)
    yield Case("torch.Tensor.reshape_as", args=(M, arr("int32", st.sampled_from(
        [(4, 6), (24,), (5,)]))), settings=F)
    # *_copy
    yield Case("torch.view_copy", args=(M, st.sampled_from([(6, 4), (-1,), (5, 5)])), settings=F)
    yield Case("torch.permute_copy", args=(M, st.permutations([0, 1, 2])), settings=F)
    yield Case("torch.t_copy", args=(arr(DTYPES, shapes(max_dims=3, max_side=3)),), settings=F)
    yield Case("torch.transpose_copy", args=(M, st.integers(-3, 2), st.integers(-3, 2)),
               settings=F)
    yield Case("torch.unsqueeze_copy", args=(M, st.integers(-4, 4)), settings=F)
    yield Case("torch.squeeze_copy", args=(arr(DTYPES, (1, 3, 1)),),
               kwargs={"dim": optional(st.integers(-3, 2))}, settings=F)
    yield Case("torch.expand_copy", args=(arr(DTYPES, (3, 1)), st.sampled_from(
        [(2, 3, 4), (-1, 2), (3, 5), (4, 1)])), settings=F)
    yield Case("torch.diagonal_copy", args=(M,), kwargs={
        "offset": optional(st.integers(-3, 3)), "dim1": optional(st.integers(-3, 2)),
        "dim2": optional(st.integers(-3, 2))}, settings=F)
    yield Case("torch.slice_copy", args=(M,), kwargs={
        "dim": optional(st.integers(-3, 2)), "start": optional(st.integers(-5, 5)),
        "end": optional(st.integers(-5, 5)), "step": optional(st.integers(1, 3))}, settings=F)
    yield Case("torch.select_copy", args=(M, st.integers(-3, 2), st.integers(-3, 2)), settings=F)
    yield Case("torch.unbind_copy", args=(M,), kwargs={"dim": optional(st.integers(-3, 2))},
               settings=F)
    yield Case("torch.split_copy", args=(arr(DTYPES, (5, 2)), st.integers(1, 6)), settings=F)
    yield Case("torch.split_with_sizes_copy", args=(arr(DTYPES, (5, 2)), [2, 3]), settings=F)
    yield Case("torch.alias_copy", args=(ANY,), settings=F)
    yield Case("torch.detach_copy", args=(ANY,), settings=F)
    yield Case("torch.unfold_copy", args=(arr(DTYPES, (5, 3)), st.integers(-2, 1),
                                          st.integers(1, 4), st.integers(1, 3)), settings=F)
    yield Case("torch.as_strided_copy", args=(arr(DTYPES, (3, 4)), st.sampled_from(
        [(2, 2), (3,), (2, 3)]), st.sampled_from([(1, 2), (4, 1), (0, 3)])),
        kwargs={"storage_offset": optional(st.integers(0, 3))}, settings=F)
    yield Case("torch.view_as_real_copy", args=(arr(("complex64", "complex128"), (2, 3)),),
               settings=F)
    yield Case("torch.view_as_complex_copy", args=(arr(FLOATS, (3, 2)),), settings=F)
    # strided views and scatters
    yield Case("torch.as_strided", args=(arr(DTYPES, (3, 4)), st.sampled_from(
        [(2, 2), (3,), (2, 3), (4, 4)]), st.sampled_from([(1, 2), (4, 1), (0, 3), (-1, 1)])),
        kwargs={"storage_offset": optional(st.integers(-1, 3))}, settings=F)
    yield Case("torch.select_scatter", args=(arr(S, (3, 4)),
                                             arr(DTYPES, st.sampled_from([(4,), (3,)])),
                                             st.integers(-2, 1), st.integers(-3, 2)), settings=F)
    yield Case("torch.slice_scatter", args=(arr(S, (4, 3)), arr(S, st.sampled_from(
        [(2, 3), (4, 1), (1, 3)]))), kwargs={"dim": optional(st.integers(0, 1)),
                                             "start": optional(st.integers(0, 2)),
                                             "end": optional(st.integers(1, 4)),
                                             "step": optional(st.integers(1, 2))}, settings=F)
    yield Case("torch.diagonal_scatter", args=(arr(S, (3, 4)), arr(DTYPES, st.sampled_from(
        [(3,), (2,), (1,)]))), kwargs={"offset": optional(st.integers(-2, 3))}, settings=F)
    yield Case("torch.as_strided_scatter", args=(arr(S, (3, 4)), arr(S, (2, 2)),
                                                 st.sampled_from([(2, 2)]),
                                                 st.sampled_from([(1, 2), (4, 1), (5, 1)])),
               kwargs={"storage_offset": optional(st.integers(0, 3))}, settings=F)
    # indexed writes
    yield Case("torch.put", args=(arr(S, (3, 2)), arr("int64", (3,), min_value=-7, max_value=6),
                                  arr(S, (3,))), kwargs={"accumulate": optional(st.booleans())},
               settings=F)
    yield Case("torch.Tensor.put_", args=(arr(S, (3, 2)), arr("int64", (2,), min_value=-6,
                                                                max_value=5), arr(S, (2,))),
               settings=F)
    yield Case("torch.index_reduce", args=(arr(("float32", "float64", "int64"), (4, 2)), 0,
                                           arr("int64", (3,), min_value=0, max_value=3),
                                           arr(("float32", "float64", "int64"), (3, 2)),
                                           st.sampled_from(["prod", "mean", "amax", "amin"])),
               kwargs={"include_self": optional(st.booleans())}, settings={"max_examples": 8})
    yield Case("torch.index_reduce", args=(arr(("bool", "int64"), st.sampled_from([(3,), (3, 2)])),
                                           0, arr("int64", (2,), min_value=-1, max_value=3),
                                           arr(("bool", "int64"), (2, 2)),
                                           st.sampled_from(["amax", "amin", "sum", "mean"])),
               id="index_reduce-invalid", settings={"max_examples": 8})
    yield Case("torch.Tensor.index_reduce_", args=(arr("float32", (2, 4)), 1,
                                                   arr("int64", (3,), min_value=0, max_value=3),
                                                   arr("float32", (2, 3)),
                                                   st.sampled_from(["prod", "mean", "amax"])),
               settings=F)
    yield Case("torch.Tensor.fill_diagonal_", args=(arr(DTYPES, st.sampled_from(
        [(3, 3), (5, 2), (2, 4), (3, 3, 3), (2, 3, 2), (1,)])), st.sampled_from([1, 0.5, True])),
        kwargs={"wrap": optional(st.booleans())}, settings={"max_examples": 6})
    yield Case("torch.index_put_", args=(arr("float32", (3, 2)),
                                         st.tuples(arr("int64", (2,), min_value=0, max_value=2)),
                                         arr("float32", (2, 2))), settings=F)
    yield Case("torch.fill", args=(ANY, st.sampled_from([1, 2.5, True])), settings=F)
    yield Case("torch.fill_", args=(ANY, st.sampled_from([1, 2.5, True])), settings=F)
    yield Case("torch.zero_", args=(ANY,), settings=F)
    # creation
    yield Case("torch.scalar_tensor", args=(st.sampled_from([1, 2.5, True, -3]),),
               kwargs={"dtype": optional(dtype_arg(("int32", "float64", "bool")))}, settings=F)
    # (real torch dies of SIGFPE on a fractional step with an integer dtype: not drawn)
    yield Case("torch.range", args=(st.integers(-3, 3), st.sampled_from([4, 5.5, -5])),
               kwargs={"step": optional(st.sampled_from([1, 0.5, 2, -1])),
                       "dtype": optional(dtype_arg(("float32", "float64")))}, settings=F)
    yield Case("torch.range", args=(st.integers(-3, 3), st.sampled_from([4, -5])),
               kwargs={"step": optional(st.sampled_from([1, 2, -1])),
                       "dtype": dtype_arg(("int64", "int32"))}, id="range-int", settings=F)
    yield Case("torch.logspace", args=(st.integers(-2, 1), st.sampled_from([2, 3.5]),
                                       st.integers(0, 5)),
               kwargs={"base": optional(st.sampled_from([2.0, 10.0, 3])),
                       "dtype": optional(dtype_arg(("int64", "float64", "float32")))},
               rtol=1e-5, settings=F)
    yield Case("torch.complex", args=(arr(("float32", "float64", "int64"), (2, 3)),
                                      arr(("float32", "float64"), (2, 3))), settings=F)
    yield Case("torch.polar", args=(arr(FLOATS, (2, 3), min_value=0), arr(FLOATS, (2, 3))),
               rtol=1e-5, atol=1e-6, settings=F)
    yield Case("torch.empty_strided", args=(st.sampled_from([(2, 3), (4,), ()]),
                                            st.sampled_from([(3, 1), (1,), ()])),
               kwargs={"dtype": optional(dtype_arg(DTYPES))}, values=False, settings=F)
    yield Case("torch.Tensor.new_empty_strided", args=(M, (2, 3), (1, 2)), values=False,
               settings=F)
    yield Case("torch.empty_permuted", args=(st.sampled_from([(2, 3, 4), (2,)]),
                                             st.sampled_from([(0, 2, 1), (2, 1, 0), (0,)])),
               kwargs={"dtype": optional(dtype_arg(DTYPES))}, values=False, settings=F)
    # Tensor members
    for method in ("is_contiguous", "stride", "storage_offset", "is_signed", "get_device",
                   "is_inference", "is_pinned", "is_shared", "dim_order", "element_size"):
        yield Case(f"torch.Tensor.{method}", args=(ANY,), settings={"max_examples": 3})
    yield Case("torch.Tensor.stride", args=(M, st.integers(-4, 3)), id="stride-dim", settings=F)
    for prop in ("nbytes", "itemsize", "is_cpu", "is_sparse", "is_quantized", "is_meta",
                 "is_nested", "is_mkldnn", "is_xla", "is_mps", "is_xpu", "is_ipu", "is_vulkan",
                 "is_maia", "is_mtia"):
        yield Case(f"torch.Tensor.{prop}", args=(ANY,), settings={"max_examples": 2})
    yield Case("torch.Tensor.is_same_size", args=(ANY, ANY), settings=F)
    yield Case("torch.Tensor.sum_to_size", args=(arr(DTYPES[1:], (2, 3, 4)), st.sampled_from(
        [(3, 4), (1, 4), (3, 1), (2, 1, 1), (1,), (2, 3)])), settings=F)
    yield Case("torch.Tensor.resize_", args=(arr(DTYPES, (2, 3)), st.sampled_from(
        [(3, 2), (6,), (2, 2), (1,), (0,), (-1, 2)])), settings=F)
    yield Case("torch.Tensor.resize_as_", args=(arr(DTYPES, (2, 3)), arr("int32", (4,))),
               settings=F)
    yield Case("torch.Tensor.__contains__", args=(arr("int64", (2, 3), min_value=0, max_value=4),
                                                   st.sampled_from([0, 2, 5, 1.0, "a"])),
               settings=F)
    yield Case("torch.Tensor.__reversed__", args=(ANY,), settings=F)
    yield Case("torch.Tensor.__nonzero__", args=(arr(DTYPES, shapes(0, 1, 1, 2)),), settings=F)
    yield Case("torch.Tensor.__long__", args=(arr(("float32", "int64"), ()),), settings=F)
    yield Case("torch.Tensor.__div__", args=(arr(FLOATS, (2, 3)), st.sampled_from([2, 0.5])),
               settings=F)
    yield Case("torch.Tensor.__rdiv__", args=(arr(FLOATS, (2, 3), min_value=1), 2), settings=F)
    yield Case("torch.Tensor.__idiv__", args=(arr(FLOATS, (2, 3)), 2), settings=F)
    yield Case("torch.Tensor.__delitem__", args=(M, 0), settings={"max_examples": 2})
    yield Case("torch.Tensor.new", args=(arr(DTYPES, (2,)), 2, 3), values=False, settings=F)
    yield Case("torch.Tensor.new", args=(arr(DTYPES, (2,)), [1, 2]), id="new-data", settings=F)
    for name in ("swapaxes_", "swapdims_", "transpose_"):
        yield Case(f"torch.Tensor.{name}", args=(M, st.integers(-3, 2), st.integers(-3, 2)),
                   settings=F)
    yield Case("torch.Tensor.t_", args=(arr(DTYPES, shapes(max_dims=3, max_side=3)),), settings=F)
    yield Case("torch.Tensor.squeeze_", args=(arr(DTYPES, (1, 3, 1)),),
               kwargs={"dim": optional(st.integers(-3, 2))}, settings=F)
    yield Case("torch.Tensor.as_strided_", args=(arr(DTYPES, (3, 4)), st.sampled_from(
        [(2, 2), (3,), (4, 4)]), st.sampled_from([(1, 2), (4, 1), (0, 3)])), settings=F,
        xfail={"numpy": _COPY, "torch": _COPY})
    yield Case("torch.Tensor.unsqueeze_", args=(M, st.integers(-4, 4)), settings=F)


test_layout = make_tests(list(_rows()))


# ---- programs: strides after views, in-place metadata changes, Python callables -----------------
def strides_of_views(T):
    x = T.zeros(3, 4, 5)
    views = [x, x[1], x[:, 1:3], x[..., ::2], x.transpose(0, 2), x.permute(2, 0, 1),
             x.unsqueeze(1), x[:, :1].squeeze(1), x.view(12, 5), x.reshape(3, 20),
             T.ones(3, 1).expand(3, 4), x.diagonal(), x.narrow(1, 1, 2), x.select(2, 3),
             x.unfold(2, 2, 1), x.as_strided((2, 2), (7, 3), 4), x[0].t(),
             x.mT, T.zeros(2, 3, 4, 5).permute(0, 2, 3, 1), T.zeros(1, 3).t(),
             x[:, 1:2].expand(3, 2, 5),
             T.empty_strided((2, 3), (1, 2)), T.empty_strided((2, 2), (0, 3))]
    out = []
    for v in views:
        out.append(T.tensor([*v.stride(), v.storage_offset(), int(v.is_contiguous()),
                             *v.dim_order()]))
    return out


def strides_of_empty(T):
    x = T.zeros(2, 0, 3)
    return [T.tensor([*v.stride(), *v.dim_order()]) for v in (x, x.transpose(0, 2))]


def contiguity_by_memory_format(T):
    x = T.zeros(2, 3, 4, 5)
    last = x.permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2)
    tensors = (x, last, T.zeros(2, 3, 1, 1), T.zeros(0, 3, 4, 5), T.zeros(2, 3, 4, 5, 6),
               T.zeros(3))
    formats = (T.contiguous_format, T.preserve_format, T.channels_last, T.channels_last_3d)
    return [T.tensor([t.is_contiguous(memory_format=f) for f in formats]) for t in tensors]


def inplace_metadata(T):
    x = T.arange(12.).reshape(3, 4)
    y = x.clone()
    y.t_()
    y[0, 1] = -1.
    z = x.clone().unsqueeze_(0).squeeze_()
    w = x.clone()
    w.transpose_(0, 1).mul_(2)
    v = T.arange(6.).view(2, 3)
    v.squeeze_().unsqueeze_(-1)
    return [y, z, w, v]


def inplace_metadata_with_views(T):
    x = T.arange(12.).reshape(3, 4)
    row = x[1]
    x.unsqueeze_(0)
    x[0, 1, 2] = 100.
    x.squeeze_(0)
    row.mul_(2)
    v = x[:, 1:]
    v.t_()
    v[0, 2] = -5.
    return [x, row, v]


def inplace_transpose_of_viewed_view(T):
    x = T.arange(6.).reshape(2, 3)      # a view of the arange result
    row = x[0]
    x.t_()
    x[1, 0] = -1.
    return [x, row]


def inplace_transpose_of_viewed_root(T):
    x = T.arange(6.).reshape(2, 3).clone()
    row = x[0]
    x.t_()
    x[1, 0] = -1.
    return [x, row]


def strided_views_see_writes(T):
    x = T.zeros(3, 4)
    d, w, s = x.diagonal(1), x[0].unfold(0, 2, 2), x.as_strided((2, 2), (1, 4), 2)
    x[0] += 7
    x[1, 2] = 5.
    return [d, w, s]


def writes_into_diagonal(T):
    x = T.zeros(3, 4)
    x.diagonal().sub_(1)
    x.diagonal(-1)[0] = 4.
    return [x]


def writes_into_unfold_and_as_strided(T):
    x = T.zeros(3, 4)
    x.as_strided((2, 2), (1, 4), 2).fill_(3.)
    x[1].unfold(0, 2, 2)[1].mul_(0)
    return [x]


def as_strided_inplace(T):
    base = T.arange(12.)
    x = base.view(3, 4)
    x.as_strided_((2, 2), (1, 4), 1)
    x.mul_(10)
    return [base, x, T.tensor([*x.stride(), x.storage_offset()])]


def identity_queries(T):
    x = T.zeros(2, 3)
    y = x.view(3, 2)
    return [T.tensor([x.is_set_to(x), x.is_set_to(y), x.is_set_to(x[:]), x.is_set_to(T.zeros(2, 3)),
                      x.is_same_size(y), x.is_same_size(x[:]), 2. in x + 2, 5 in x])]


def apply_and_map(T):
    x = T.arange(6.).reshape(2, 3)
    x.apply_(lambda v: v * v + 1)
    y = T.ones(2, 3)
    y.map_(x, lambda a, b: a + 2 * b)
    z = T.zeros(3)
    z.map2_(T.tensor([1., 2., 3.]), T.tensor([4., 5., 6.]), lambda a, b, c: a + b * c)
    return [x, y, z]


def resize_grows_and_shrinks(T):
    x = T.arange(6.)
    x.resize_(2, 2)
    y = T.arange(4)
    y.resize_(3)
    z = T.arange(4.)
    z.resize_(2, 2).add_(1)
    return [x, y, z]


_IMMUTABLE_ROOT = "a root tensor on jax/tensorflow has no storage layout of its own"
PROGRAMS = [strides_of_views, strides_of_empty, contiguity_by_memory_format, inplace_metadata, inplace_metadata_with_views,
            inplace_transpose_of_viewed_view, inplace_transpose_of_viewed_root,
            strided_views_see_writes, writes_into_diagonal, writes_into_unfold_and_as_strided,
            as_strided_inplace, identity_queries, apply_and_map, resize_grows_and_shrinks]
_COPY = "unfold/as_strided copy on numpy/torch: the core has no strided view of a native array"
XFAILS = {"strides_of_views": STRIDES,
          "strides_of_empty": {"numpy": "numpy zeroes the strides of an empty array: a transposed "
                                        "empty tensor reports C-order strides"},
          "as_strided_inplace": {"numpy": _COPY, "torch": _COPY},
          "identity_queries": {b: "is_set_to needs a core query of a native array's memory "
                                  "(address, strides)" for b in ("numpy", "torch")},
          "writes_into_diagonal": {"numpy": "ivy.diagonal on numpy is a read-only view"},
          "inplace_transpose_of_viewed_root": {"jax": _IMMUTABLE_ROOT,
                                               "tensorflow": _IMMUTABLE_ROOT}}


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.__name__ for p in PROGRAMS])
def test_layout_programs_behave_like_torch(backend, program, request):
    import torch
    reason = XFAILS.get(program.__name__, {}).get(backend)
    if reason:
        request.applymarker(pytest.mark.xfail(strict=True, reason=reason))
    expected = [t.numpy() for t in program(torch)]
    with ivy.using_backend(backend):
        got = [np.asarray(t) for t in program(ft)]
    assert len(got) == len(expected)
    for i, (g, e) in enumerate(zip(got, expected)):
        assert g.shape == e.shape and g.dtype == e.dtype, (i, g.dtype, e.dtype, g.shape, e.shape)
        np.testing.assert_array_equal(g, e, err_msg=f"{program.__name__}: result {i}")
