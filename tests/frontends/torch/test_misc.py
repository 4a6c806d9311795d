"""torch utilities (``_misc``): grad-mode managers, predicates, new_*/fill_/copy_, unfold, meshgrid..."""
import pytest
from hypothesis import strategies as st

import ivy
import ivy.frontends.torch as ft
from tests.conformance import Case, arr, make_tests, shapes

DTYPES = ("bool", "uint8", "int32", "int64", "float16", "float32", "float64", "complex64")
FLOATS = ("float32", "float64")

test_misc = make_tests([
    Case("torch.repeat_interleave", args=(arr(DTYPES, (2, 3)), st.integers(0, 3)),
         kwargs={"dim": st.sampled_from([None, 0, 1, -1])}),
    Case("torch.repeat_interleave", args=(arr(FLOATS, (3, 2)), arr("int64", (3,), min_value=0,
                                                                    max_value=3)),
         kwargs={"dim": st.just(0)}, id="torch.repeat_interleave-tensor"),
    Case("torch.repeat_interleave", args=(arr("int64", (4,), min_value=0, max_value=3),),
         id="torch.repeat_interleave-counts"),
    Case("torch.Tensor.unfold", args=(arr(DTYPES, (3, 5)), st.integers(-2, 1), st.integers(1, 4),
                                      st.integers(1, 3))),
    Case("torch.view_as_real", args=(arr(("complex64", "complex128", "float32"), (2, 3)),)),
    Case("torch.view_as_complex", args=(arr(("float32", "float64"), st.sampled_from([(2, 2), (3,)])),)),
    Case("torch.meshgrid", args=(arr(FLOATS, (2,)), arr(FLOATS, (3,))),
         kwargs={"indexing": st.sampled_from(["ij", "xy"])}),
    Case("torch.Tensor.new_zeros", args=(arr(DTYPES, (2,)), 3, 2)),
    Case("torch.Tensor.new_ones", args=(arr(DTYPES, (2,)), (2, 2))),
    Case("torch.Tensor.new_full", args=(arr(DTYPES, (2,)), (2, 3), st.integers(-3, 3))),
    Case("torch.Tensor.new_tensor", args=(arr(DTYPES, (2,)), st.sampled_from([[1, 2], [1.5], 3]))),
    Case("torch.Tensor.fill_", args=(arr(DTYPES, shapes()), st.one_of(st.integers(-3, 3),
                                                                      st.booleans()))),
    Case("torch.Tensor.zero_", args=(arr(DTYPES, shapes()),)),
    Case("torch.Tensor.copy_", args=(arr(DTYPES, (2, 3)), arr(DTYPES, st.sampled_from([(3,), (2, 3),
                                                                                       (4,)])))),
    Case("torch.Tensor.softmax", args=(arr(FLOATS + ("int64",), (2, 3)), st.integers(-2, 1))),
    Case("torch.Tensor.log_softmax", args=(arr(FLOATS, (2, 3)), st.integers(-2, 1))),
    Case("torch.is_tensor", args=(st.one_of(arr(FLOATS, (2,)), st.integers()),)),
    Case("torch.is_floating_point", args=(arr(DTYPES, (2,)),)),
    Case("torch.is_complex", args=(arr(DTYPES, (2,)),)),
    Case("torch.is_nonzero", args=(arr(DTYPES, st.sampled_from([(), (1,), (2,)])),)),
])


def test_grad_mode_managers_match_torch():
    import torch
    for real, ours in ((torch, ft),):
        assert ours.is_grad_enabled() == real.is_grad_enabled() is True
        with ours.no_grad(), real.no_grad():
            assert ours.is_grad_enabled() == real.is_grad_enabled() is False
            with ours.enable_grad(), real.enable_grad():
                assert ours.is_grad_enabled() is True
            assert ours.is_grad_enabled() is False
        assert ours.is_grad_enabled() is True

        @ours.no_grad()
        def f():
            return ours.is_grad_enabled()
        assert f() is False and ours.is_grad_enabled() is True
        ours.set_grad_enabled(False)
        assert ours.is_grad_enabled() is False
        ours.set_grad_enabled(True)
        with ours.set_grad_enabled(False):
            assert ours.is_grad_enabled() is False
        assert ours.is_grad_enabled() is True
        with ours.inference_mode():
            assert ours.is_grad_enabled() is False


def test_constants():
    import torch
    for name in ("pi", "e", "inf"):
        assert getattr(ft, name) == getattr(torch, name)


def test_fill_through_a_view(backend):
    with ivy.using_backend(backend):
        x = ft.zeros(2, 3)
        x[1].fill_(5)
        x[:, 0].zero_()
        assert x.tolist() == [[0, 0, 0], [0, 5, 5]]


@pytest.mark.parametrize("value", [2, 2.5, True])
def test_fill_casts_like_torch(backend, value):
    import torch
    with ivy.using_backend(backend):
        got = ft.zeros(3, dtype=ft.int32).fill_(value).tolist()
    assert got == torch.zeros(3, dtype=torch.int32).fill_(value).tolist()
