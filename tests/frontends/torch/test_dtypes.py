"""torch dtypes, promotion and limits vs real PyTorch."""
import pytest
from hypothesis import strategies as st

import ivy.frontends.torch as ft
from tests.conformance import Case, arr, dtype_arg, make_tests, shapes

DTYPES = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
          "float64", "complex64", "complex128")
ALL_DTYPES = DTYPES + ("uint16", "uint32", "uint64")
SCALARS = st.one_of(st.booleans(), st.integers(-5, 5), st.floats(-5, 5, allow_nan=False),
                    st.complex_numbers(max_magnitude=5, allow_nan=False))
OPERAND = st.one_of(arr(DTYPES, shapes(max_dims=2)), SCALARS)

test_promotion = make_tests([
    Case("torch.promote_types", args=(dtype_arg(ALL_DTYPES), dtype_arg(ALL_DTYPES))),
    Case("torch.can_cast", args=(dtype_arg(DTYPES), dtype_arg(DTYPES))),
    Case("torch.result_type", args=(arr(DTYPES, shapes(max_dims=2)), OPERAND)),
    Case("torch.get_default_dtype"),
])


@pytest.mark.parametrize("name", DTYPES + ("uint16", "uint32", "uint64"))
def test_dtype_attributes(name):
    import torch
    real, ours = getattr(torch, name), getattr(ft, name)
    for attr in ("is_floating_point", "is_complex", "is_signed", "itemsize"):
        assert getattr(ours, attr) == getattr(real, attr), (name, attr)
    assert repr(ours) == repr(real)


@pytest.mark.parametrize("alias", ["half", "float", "double", "cfloat", "cdouble", "short", "int",
                                   "long", "bool", "uint8"])
def test_dtype_aliases(alias):
    import torch
    assert repr(getattr(ft, alias)) == repr(getattr(torch, alias))


@pytest.mark.parametrize("name", ["float16", "bfloat16", "float32", "float64", "complex64"])
def test_finfo(name):
    import torch
    real, ours = torch.finfo(getattr(torch, name)), ft.finfo(getattr(ft, name))
    for attr in ("bits", "eps", "max", "min", "tiny", "smallest_normal", "resolution"):
        assert getattr(ours, attr) == getattr(real, attr), (name, attr)


@pytest.mark.parametrize("name", ["uint8", "int8", "int16", "int32", "int64", "bool"])
def test_iinfo(name):
    import torch
    if name == "bool":
        with pytest.raises(TypeError):
            torch.iinfo(torch.bool)
        with pytest.raises(TypeError):
            ft.iinfo(ft.bool)
        return
    real, ours = torch.iinfo(getattr(torch, name)), ft.iinfo(getattr(ft, name))
    for attr in ("bits", "max", "min"):
        assert getattr(ours, attr) == getattr(real, attr), (name, attr)


def test_finfo_iinfo_reject_the_other_kind():
    import torch
    for fn, arg in ((ft.finfo, ft.int32), (ft.iinfo, ft.float32)):
        real_fn = getattr(torch, fn.__name__)
        with pytest.raises(TypeError):
            real_fn(getattr(torch, repr(arg).split(".")[1]))
        with pytest.raises(TypeError):
            fn(arg)


def test_set_default_dtype_changes_inference():
    import torch
    try:
        for d in ("float64", "float32"):
            torch.set_default_dtype(getattr(torch, d))
            ft.set_default_dtype(getattr(ft, d))
            assert repr(ft.get_default_dtype()) == repr(torch.get_default_dtype())
            for scalar in (1.5, 2j):
                assert repr(ft.result_type(ft.tensor([1, 2]), scalar)) == \
                    repr(torch.result_type(torch.tensor([1, 2]), scalar))
        with pytest.raises(TypeError):
            torch.set_default_dtype(torch.int32)
        with pytest.raises(TypeError):
            ft.set_default_dtype(ft.int32)
    finally:
        torch.set_default_dtype(torch.float32)
        ft.set_default_dtype(ft.float32)
