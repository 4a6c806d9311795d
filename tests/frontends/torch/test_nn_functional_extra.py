"""The rest of ``torch.nn.functional`` (embedding_bag, grid_sample, affine_grid, fractional max
pooling, multi_head_attention_forward, native_channel_shuffle, conv_tbc, assert_int_or_pair) vs
real PyTorch."""
import numpy as np
from hypothesis import strategies as st

from tests.conformance import ArrayArg, Case, arr, make_tests, optional, shared_dtype

F = "torch.nn.functional."
FL = ("float32", "float64")
FEW = {"max_examples": 5}
TOL = {"float32": 1e-4, "float64": 1e-10}
D = shared_dtype(FL, "d")


@st.composite
def _bag(draw):
    rows, n = draw(st.integers(1, 5)), draw(st.integers(0, 6))
    two_d = draw(st.booleans()) and n > 0
    idx = draw(st.lists(st.integers(0, rows - 1), min_size=n, max_size=n))
    idx = np.asarray(idx, dtype=draw(st.sampled_from([np.int64, np.int32])))
    mode = draw(st.sampled_from(["sum", "mean", "max"]))
    dt = draw(st.sampled_from(FL))
    kw = {"mode": mode}
    if two_d:
        idx = idx.reshape(1 if n % 2 else 2, -1)
    else:
        offsets = sorted(draw(st.lists(st.integers(0, n), min_size=0, max_size=3)))
        offsets = np.asarray([0] + offsets, dtype=np.int64)
        kw["offsets"] = ArrayArg(offsets)
        # real torch segfaults on include_last_offset with a single offset in max mode
        kw["include_last_offset"] = draw(st.booleans()) and len(offsets) > 1
    if draw(st.booleans()):
        kw["padding_idx"] = draw(st.integers(-rows, rows - 1))
    if mode == "sum" and draw(st.booleans()):
        kw["per_sample_weights"] = draw(arr(dt, idx.shape))
    return (ArrayArg(idx), draw(arr(dt, (rows, 3)))), kw


@st.composite
def _grid(draw, nd):
    dt = draw(st.sampled_from(FL))
    spatial = tuple(draw(st.integers(1, 4)) for _ in range(nd))
    out = tuple(draw(st.integers(1, 3)) for _ in range(nd))
    modes = ["bilinear", "nearest", "bicubic"] if nd == 2 else ["bilinear", "nearest"]
    kw = {"mode": draw(st.sampled_from(modes)),
          "padding_mode": draw(st.sampled_from(["zeros", "border", "reflection"])),
          "align_corners": draw(st.booleans())}
    # grid points avoid exact half-way taps of nearest mode (rounding ties are fragile)
    g = draw(arr(dt, (2,) + out + (nd,), min_value=-1.6, max_value=1.6))
    return (draw(arr(dt, (2, 2) + spatial)), g), kw


@st.composite
def _fractional(draw, nd):
    dt = draw(st.sampled_from(FL))
    spatial = tuple(draw(st.integers(2, 6)) for _ in range(nd))
    k = tuple(draw(st.integers(1, s)) for s in spatial)
    out = tuple(draw(st.integers(1, s - kk + 1)) for s, kk in zip(spatial, k))
    batched = draw(st.booleans())
    x = draw(arr(dt, ((2,) if batched else ()) + (2,) + spatial, unique=True))
    samples = draw(arr(dt, (2 if batched else 1, 2, nd), min_value=0.0, max_value=0.99))
    return (x, k), {"output_size": out, "_random_samples": samples,
                    "return_indices": draw(st.booleans())}


@st.composite
def _mha(draw):
    e, h, L, S = 4, draw(st.sampled_from([1, 2])), draw(st.integers(1, 3)), draw(st.integers(1, 3))
    batched = draw(st.booleans())
    b = (2,) if batched else ()
    A = lambda *s: draw(arr("float64", s))  # noqa: E731
    separate = draw(st.booleans())
    kw = {"training": False, "need_weights": draw(st.booleans()),
          "average_attn_weights": draw(st.booleans()),
          "use_separate_proj_weight": separate}
    if separate:
        kw.update(q_proj_weight=A(e, e), k_proj_weight=A(e, e), v_proj_weight=A(e, e))
    bias_kv = draw(st.booleans())
    zero = draw(st.booleans())
    if draw(st.booleans()):
        kw["attn_mask"] = draw(arr(st.sampled_from(["bool", "float64"]),
                                   (L, S + bias_kv)))
    if batched and draw(st.booleans()):
        m = np.zeros((2, S + bias_kv + zero), dtype=bool)
        m[:, 1:] = draw(arr("bool", (2, S + bias_kv + zero - 1))).value
        kw["key_padding_mask"] = ArrayArg(m)
    args = (A(*((L,) + b + (e,))), A(*((S,) + b + (e,))), A(*((S,) + b + (e,))), e, h,
            None if separate else A(3 * e, e), A(3 * e),
            A(1, 1, e) if bias_kv else None, A(1, 1, e) if bias_kv else None, zero, 0.0,
            A(e, e), A(e))
    return args, kw


def _rows():
    yield Case(F + "embedding_bag", inputs=_bag(), rtol=TOL, atol=TOL,
               settings={"max_examples": 15})
    yield Case(F + "embedding_bag", args=(arr("int64", (4,), min_value=0, max_value=2),
                                          arr(st.sampled_from(["float32", "int64"]), (3, 2))),
               kwargs={"offsets": st.sampled_from([None, ArrayArg(np.array([1, 2])),
                                                   ArrayArg(np.array([0, 9]))]),
                       "mode": st.sampled_from(["mean", "bad"]),
                       "per_sample_weights": optional(arr("float32", (4,))),
                       "padding_idx": optional(st.sampled_from([5, -4]))},
               id="embedding_bag-invalid", settings={"max_examples": 12})
    yield Case(F + "grid_sample", inputs=_grid(2), rtol=TOL, atol=TOL,
               settings={"max_examples": 15})
    yield Case(F + "grid_sample", inputs=_grid(3), rtol=TOL, atol=TOL,
               settings={"max_examples": 10}, id="grid_sample-3d")
    yield Case(F + "grid_sample", args=(arr(st.sampled_from(["float32", "int64"]), (1, 1, 2, 3)),
                                        arr(st.sampled_from(["float32", "float64"]),
                                            st.sampled_from([(1, 2, 2, 2), (2, 2, 2, 2),
                                                             (1, 2, 2, 3)]))),
               kwargs={"mode": st.sampled_from(["bilinear", "bad"]),
                       "padding_mode": st.sampled_from(["zeros", "bad"]),
                       "align_corners": optional(st.booleans())},
               id="grid_sample-invalid", settings={"max_examples": 10})
    yield Case(F + "affine_grid", args=(arr(FL, (2, 2, 3)), st.sampled_from([(2, 3, 1, 4),
                                                                           (2, 1, 3, 2)])),
               kwargs={"align_corners": optional(st.booleans())}, rtol=TOL, atol=TOL,
               settings=FEW)
    yield Case(F + "affine_grid", args=(arr(FL, (1, 3, 4)), (1, 2, 2, 3, 1)),
               kwargs={"align_corners": st.booleans()}, rtol=TOL, atol=TOL, settings=FEW,
               id="affine_grid-3d")
    yield Case(F + "affine_grid", args=(arr(st.sampled_from(["float32", "int64"]),
                                            st.sampled_from([(1, 2, 3), (2, 2, 3), (1, 3, 4)])),
                                        st.sampled_from([(1, 1, 2, 3), (1, 1, 2, 3, 4, 5)])),
               kwargs={"align_corners": False}, id="affine_grid-invalid", settings=FEW)
    yield Case(F + "fractional_max_pool2d", inputs=_fractional(2), settings={"max_examples": 10})
    yield Case(F + "fractional_max_pool3d", inputs=_fractional(3), settings=FEW)
    yield Case(F + "fractional_max_pool2d_with_indices", inputs=_fractional(2), settings=FEW)
    yield Case(F + "fractional_max_pool3d_with_indices", inputs=_fractional(3), settings=FEW)
    yield Case(F + "fractional_max_pool2d", args=(arr(FL, (2, 2, 6, 5)), 2),
               kwargs={"output_ratio": st.sampled_from([(0.5, 0.5), (0.7, 0.4)]),
                       "return_indices": st.booleans()},
               values=False, seed=True, settings=FEW, id="fractional_max_pool2d-random")
    yield Case(F + "fractional_max_pool2d", args=(arr(st.sampled_from(["float32", "int64"]),
                                                      (2, 5, 5)), 2),
               kwargs={"output_size": st.sampled_from([None, 3, 5]),
                       "_random_samples": arr(st.sampled_from(FL), (1, 2, 2))},
               id="fractional_max_pool2d-invalid", settings={"max_examples": 10})
    yield Case(F + "fractional_max_pool2d", args=(arr("int64", (2, 5, 5)), 2),
               kwargs={"output_size": 2}, id="fractional_max_pool2d-int", settings=FEW)
    yield Case(F + "multi_head_attention_forward", inputs=_mha(), rtol=TOL, atol=TOL,
               settings={"max_examples": 12},
               xfail={"tensorflow": "a fully masked query row (bool attn_mask all True) gives NaN "
                                    "on tensorflow where torch gives zeros (not yet analysed)"})
    yield Case(F + "native_channel_shuffle",
               args=(arr(st.sampled_from(["float32", "int64"]),
                         st.sampled_from([(2, 4, 3), (1, 6, 2, 2), (4, 3)])),
                     st.sampled_from([1, 2, 3])), settings=FEW)
    yield Case(F + "conv_tbc", args=(arr(D, st.sampled_from([(5, 2, 3), (4, 1, 2)])),
                                     arr(D, st.sampled_from([(2, 3, 4), (3, 2, 1)])),
                                     arr(D, st.sampled_from([(4,), (1,)]))),
               kwargs={"pad": optional(st.sampled_from([0, 1, 2]))}, rtol=TOL, atol=TOL,
               settings={"max_examples": 10})
    yield Case(F + "conv_tbc", args=(arr("int64", (5, 2, 3)), arr("int64", (2, 3, 4)),
                                     arr("int64", (4,))), id="conv_tbc-int", settings=FEW)
    yield Case(F + "assert_int_or_pair",
               args=(st.sampled_from([3, (1, 2), [1, 2, 3]]), "kernel_size", "{} must be int"),
               settings=FEW)


test_nn_functional_extra = make_tests(list(_rows()))
