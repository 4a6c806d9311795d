"""Views and in-place writes: the same program on real torch and on the frontend, every backend.

On numpy and torch backends real views share memory; on jax and tensorflow the frontend's view
mechanism (``_tensor._View``) must give the same observable results.
"""
import numpy as np
import pytest

import ivy
import ivy.frontends.torch as ft


def write_through_views(T):
    x = T.zeros(3, 4)
    row, col, t, v, d = x[1], x[:, 2], x.T, x.view(12), x.detach()
    row += 1
    t[0, 0] = 5.
    v[-1] = 7.
    d[2, 0] = 9.
    x.mul_(2)
    a, b = x.split(2)
    b.mul_(0)
    return [x, col, row, a, t, v]


def chains_of_views(T):
    x = T.arange(24.).reshape(2, 3, 4)
    y = x.permute(2, 0, 1)[1:3]          # view of a view
    z = y.reshape(-1)                    # view of a view of a view
    y[0] *= -1
    z[-1] = 100.
    u = x.unsqueeze(0).squeeze(0).flatten(1)
    u[:, ::5] = 0.5
    return [x, y, z, u]


def views_see_later_writes(T):
    x = T.ones(2, 3)
    parts = x.unbind(1)
    first = x[0]
    x.add_(T.tensor([1., 2., 3.]))
    x[1] = T.tensor([7., 8., 9.])
    return [first, *parts, x.mT, x.t()]


def advanced_indexing_copies(T):
    x = T.arange(6.)
    picked = x[[0, 2]]                  # advanced index: a copy, not a view
    masked = x[x > 2]
    picked += 10
    masked.zero_() if hasattr(masked, "zero_") else masked.mul_(0)
    return [x, picked, masked]


def expanded_write_raises(T):
    x = T.ones(1, 3)
    e = x.expand(2, 3)
    try:
        e.add_(1)
    except RuntimeError:
        return [x, T.tensor([1])]
    return [x, T.tensor([0])]


def _raises(f, T):
    try:
        f()
    except RuntimeError:
        return T.tensor([1])
    return T.tensor([0])


def view_needs_compatible_strides(T):
    x = T.arange(12.).reshape(3, 4)
    t = x.t()
    c = t.contiguous()
    c[0, 0] = -1.                          # a copy: x keeps its value
    same = x.contiguous()
    same[0, 1] = -2.                       # x itself
    return [_raises(lambda: t.view(12), T), _raises(lambda: x[:, ::2].view(6), T),
            x, c, T.tensor([t.contiguous() is t, x.contiguous() is x]), t.reshape(12),
            x[:, 1:3].view(3, 1, 2)]


def view_as_another_dtype(T):
    x = T.arange(-3., 3.).reshape(2, 3)
    return [x.view(T.int32), x.view(T.uint8), x.view(T.float16), x.double().view(T.int64),
            T.tensor([1, -1], dtype=T.int16).view(T.uint8),
            _raises(lambda: x.view(T.float64), T), _raises(lambda: T.tensor(1.).view(T.int8), T),
            _raises(lambda: x.t().view(T.float16), T)]


PROGRAMS = [write_through_views, chains_of_views, views_see_later_writes, advanced_indexing_copies,
            expanded_write_raises, view_needs_compatible_strides, view_as_another_dtype]


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.__name__ for p in PROGRAMS])
def test_views_behave_like_torch(backend, program):
    import torch
    expected = [t.numpy() for t in program(torch)]
    with ivy.using_backend(backend):
        got = [np.asarray(t) for t in program(ft)]
    assert len(got) == len(expected)
    for i, (g, e) in enumerate(zip(got, expected)):
        assert g.shape == e.shape and g.dtype == e.dtype, (i, g.dtype, e.dtype, g.shape, e.shape)
        np.testing.assert_array_equal(g, e, err_msg=f"{program.__name__}: result {i}")


def test_plain_tensors_are_not_views(backend):
    with ivy.using_backend(backend):
        x = ft.ones(2)
        assert type(x) is ft.Tensor and type(x + 1) is ft.Tensor


def test_tensor_copies_its_data(backend):
    """torch.tensor always copies (torch.as_tensor / from_numpy share a numpy array's memory)."""
    with ivy.using_backend(backend):
        a = np.ones(3, dtype=np.float32)
        t = ft.tensor(a)
        t.add_(1)
        assert a.tolist() == [1.0, 1.0, 1.0] and t.tolist() == [2.0, 2.0, 2.0]
