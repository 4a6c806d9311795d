"""The top-level ``torch.*`` (ATen) forms of ``torch.nn.functional`` functions and the window
functions vs real PyTorch: positional ATen signatures, integer reductions, tuple results."""
import numpy as np
from hypothesis import strategies as st

from tests.conformance import ArrayArg, Case, arr, dtype_arg, make_tests, optional, shared_dtype

FL = ("float32", "float64")
FEW = {"max_examples": 4}
TOL = {"float32": 1e-4, "float64": 1e-10}
D = shared_dtype(FL, "d")
RED = st.sampled_from([0, 1, 2])


def A(shape, dtypes=D, **kw):
    return arr(dtypes, shape, **kw)


def _first(result):
    return result[0]


def _rows():
    t = "torch."
    # convolutions and friends
    for nd in (1, 2, 3):
        s = (1, 2) + (4,) * nd
        yield Case(f"{t}conv{nd}d", args=(A(s), A((3, 2) + (2,) * nd)),
                   kwargs={"bias": optional(A((3,))), "stride": optional(st.sampled_from([1, 2])),
                           "padding": optional(st.sampled_from([0, 1]))},
                   rtol=TOL, atol=TOL, settings=FEW)
        yield Case(f"{t}conv_transpose{nd}d", args=(A(s), A((2, 3) + (2,) * nd)),
                   kwargs={"bias": optional(A((3,))), "stride": optional(st.sampled_from([1, 2]))},
                   rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "convolution", args=(A((1, 2, 5)), A((2, 2, 3)), A((2,)), [1], [1], [1],
                                        st.booleans(), [0], 1), rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "convolution", args=(A((1, 2, 4, 4)), A((2, 2, 2, 2)), None, [2, 1], [0, 1],
                                        [1, 1], st.booleans(), [1, 0], 1), rtol=TOL, atol=TOL,
               settings=FEW, id="convolution-2d")
    yield Case(t + "conv_tbc", args=(A((5, 2, 3)), A((2, 3, 4)), A((4,))),
               kwargs={"pad": optional(st.sampled_from([0, 1]))}, rtol=TOL, atol=TOL,
               settings=FEW)
    # normalization
    yield Case(t + "batch_norm", args=(A((3, 2, 2)), optional(A((2,))), A((2,)), A((2,)),
                                       A((2,), min_value=0.1), st.booleans(), 0.1, 1e-5, False),
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "instance_norm", args=(A((2, 2, 3)), A((2,)), A((2,)), None, None, True,
                                          0.1, 1e-5, False), rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "layer_norm", args=(A((2, 3, 4)), st.sampled_from([[4], (3, 4)])),
               kwargs={"eps": optional(st.sampled_from([1e-5, 1e-3])),
                       "cudnn_enable": optional(st.booleans())}, rtol=TOL, atol=TOL,
               settings=FEW)
    yield Case(t + "group_norm", args=(A((2, 4, 3)), st.sampled_from([1, 2, 4])),
               kwargs={"weight": optional(A((4,))), "bias": optional(A((4,))),
                       "cudnn_enabled": optional(st.booleans())}, rtol=TOL, atol=TOL,
               settings=FEW)
    yield Case(t + "rms_norm", args=(A((2, 3, 4)), [4]), kwargs={"weight": optional(A((4,)))},
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "native_layer_norm", args=(A((2, 3, 4)), st.sampled_from([[4], [3, 4]]),
                                              None, None, 1e-5), rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "native_batch_norm", args=(A((3, 2, 2)), A((2,)), A((2,)), A((2,)),
                                              A((2,), min_value=0.1), st.booleans(), 0.1, 1e-5),
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "native_group_norm", args=(A((2, 4, 3)), None, A((4,)), 2, 4, 3,
                                              st.sampled_from([1, 2]), 1e-5),
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "native_norm", args=(A((2, 3)),), settings={"max_examples": 2})
    yield Case(t + "native_channel_shuffle", args=(A((2, 4, 3)), st.sampled_from([1, 2, 3])),
               settings=FEW)
    # dropout: shapes and dtypes (values are random), eval mode and p checks exactly
    for name in ("dropout", "alpha_dropout", "feature_dropout", "feature_alpha_dropout",
                 "dropout_", "alpha_dropout_", "feature_dropout_", "feature_alpha_dropout_"):
        if not name.endswith("_"):      # the in-place forms share the body: eval rows only
            yield Case(t + name, args=(A(st.sampled_from([(4, 3), (2, 3, 2)])),
                                       st.sampled_from([0.0, 0.5]), True),
                       values=False, seed=True, settings=FEW)
        yield Case(t + name, args=(A(st.sampled_from([(4,), (2, 3)])),
                                   st.sampled_from([0.3, 1.5]), False),
                   settings=FEW, id=f"{name}-eval")
    yield Case(t + "native_dropout", args=(A((3, 4)), st.sampled_from([0.0, 0.5]),
                                           st.sampled_from([True, None])),
               values=False, seed=True, settings=FEW)
    yield Case(t + "native_dropout", args=(A((3, 4)), st.sampled_from([0.5, 1.5]), False),
               settings=FEW, id="native_dropout-eval")
    # embeddings
    yield Case(t + "embedding", args=(A((5, 3)), arr("int64", (2, 3), min_value=0, max_value=4)),
               kwargs={"padding_idx": optional(st.sampled_from([-1, 1]))}, settings=FEW)
    yield Case(t + "embedding_renorm_", args=(A((5, 3)), arr("int64", (4,), min_value=0,
                                                               max_value=4), 1.0, 2.0),
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "embedding_bag", args=(A((5, 3)), arr("int64", (4,), min_value=0,
                                                           max_value=4),
                                          ArrayArg(np.array([0, 1, 1])), False,
                                          st.sampled_from([0, 1, 2])),
               transform=_first, rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "embedding_bag", args=(A((5, 3)), arr("int64", (4,), min_value=0,
                                                           max_value=4),
                                          ArrayArg(np.array([0, 1, 1])), False,
                                          st.sampled_from([1, 2])),
               rtol=TOL, atol=TOL, settings=FEW, id="embedding_bag-all-outputs",
               xfail="offset2bag, bag_size and max_indices (outputs 1-3) are zero placeholders")
    # shuffles, bilinear, softmax
    yield Case(t + "bilinear", args=(A((2, 3)), A((2, 2)), A((4, 3, 2))),
               kwargs={"bias": optional(A((4,)))}, rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "pixel_shuffle", args=(A((1, 8, 2, 3)), 2), settings=FEW)
    yield Case(t + "pixel_unshuffle", args=(A((1, 2, 4, 6)), 2), settings=FEW)
    yield Case(t + "channel_shuffle", args=(A((2, 4, 3)), st.sampled_from([1, 2, 4])),
               settings=FEW)
    for name in ("softmax", "log_softmax"):
        yield Case(t + name, args=(arr(("float32", "float64", "int64"), (2, 3)),
                                   st.sampled_from([0, -1])),
                   kwargs={"dtype": optional(dtype_arg(FL))}, rtol=TOL, atol=TOL, settings=FEW)
        yield Case(t + name, args=(A((2, 3)),), id=f"{name}-no-dim", settings={"max_examples": 2})
    # pooling, padding
    for nd in (1, 2, 3):
        yield Case(f"{t}max_pool{nd}d", args=(A((1, 2) + (5,) * nd), st.sampled_from([2, [3]])),
                   kwargs={"stride": optional(st.sampled_from([(), [1], 2])),
                           "padding": optional(st.sampled_from([0, 1])),
                           "ceil_mode": optional(st.booleans())}, settings=FEW)
    yield Case(t + "max_pool1d_with_indices", args=(A((2, 3, 6)), 2),
               kwargs={"stride": optional(st.sampled_from([(), [1]]))}, settings=FEW)
    yield Case(t + "avg_pool1d", args=(A((2, 3, 6)), 2),
               kwargs={"stride": optional(st.sampled_from([1, 2])),
                       "count_include_pad": optional(st.booleans())}, rtol=TOL, settings=FEW)
    yield Case(t + "adaptive_avg_pool1d", args=(A((2, 3, 6)), st.sampled_from([[2], 4])),
               rtol=TOL, settings=FEW)
    yield Case(t + "adaptive_max_pool1d", args=(A((2, 3, 6)), st.sampled_from([[2], [4]])),
               settings=FEW)
    yield Case(t + "constant_pad_nd", args=(arr(("float32", "int64"), (2, 3)),
                                            st.sampled_from([[1, 2], [0, 1, 2, 0], [-1, 1]])),
               kwargs={"value": optional(st.sampled_from([0, 3.5, -2]))}, settings=FEW)
    # sampling grids
    yield Case(t + "grid_sampler", args=(A((1, 2, 3, 4)), A((1, 2, 3, 2), min_value=-1.5,
                                                               max_value=1.5),
                                         st.sampled_from([0, 2]), st.sampled_from([0, 1, 2]),
                                         st.booleans()), rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "grid_sampler_2d", args=(A((1, 2, 3, 4)), A((1, 2, 3, 2), min_value=-1.5,
                                                                  max_value=1.5), 0, 1,
                                            st.booleans()), rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "grid_sampler_3d", args=(A((1, 2, 2, 3, 2)), A((1, 2, 1, 2, 3), min_value=-1.5,
                                                                     max_value=1.5), 0, 0,
                                            st.booleans()), rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "affine_grid_generator", args=(A((2, 2, 3)), [2, 1, 3, 2], st.booleans()),
               rtol=TOL, atol=TOL, settings=FEW)
    # distances
    yield Case(t + "cosine_similarity", args=(A((3, 4)), A((3, 4))),
               kwargs={"dim": optional(st.sampled_from([0, 1]))}, rtol=TOL, atol=TOL,
               settings=FEW)
    yield Case(t + "pairwise_distance", args=(A((3, 4)), A((3, 4))),
               kwargs={"p": optional(st.sampled_from([1.0, 2.0])),
                       "keepdim": optional(st.booleans())}, rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "pdist", args=(A((4, 3)),), kwargs={"p": optional(st.sampled_from([1, 2]))},
               rtol=TOL, atol=TOL, settings=FEW)
    # losses with integer reductions
    yield Case(t + "kl_div", args=(A((2, 3)), A((2, 3), min_value=0)),
               kwargs={"reduction": optional(RED), "log_target": optional(st.booleans())},
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "poisson_nll_loss", args=(A((2, 3), min_value=0, max_value=3),
                                             A((2, 3), min_value=0, max_value=3), st.booleans(),
                                             st.booleans(), 1e-8, RED),
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "ctc_loss", args=(A((5, 2, 4), min_value=-4, max_value=0),
                                     arr("int64", (2, 2), min_value=1, max_value=2), [5, 3],
                                     [2, 1]),
               kwargs={"blank": optional(st.sampled_from([0])), "reduction": optional(RED),
                       "zero_infinity": optional(st.booleans())},
               rtol=TOL, atol=TOL, settings=FEW)
    sign = arr("int64", (3,), elements=st.sampled_from([-1, 1]))
    yield Case(t + "cosine_embedding_loss", args=(A((3, 4)), A((3, 4)), sign),
               kwargs={"margin": optional(st.sampled_from([0.0, 0.3])),
                       "reduction": optional(RED)}, rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "hinge_embedding_loss", args=(A((3,)), sign),
               kwargs={"margin": optional(st.sampled_from([0.5, 2.0])),
                       "reduction": optional(RED)}, rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "margin_ranking_loss", args=(A((3,)), A((3,)), A((3,), elements=st.sampled_from(
        [-1.0, 1.0]))), kwargs={"margin": optional(st.sampled_from([0.0, 0.5])),
                                "reduction": optional(RED)}, rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "triplet_margin_loss", args=(A((3, 4)), A((3, 4)), A((3, 4))),
               kwargs={"margin": optional(st.sampled_from([0.5, 1.0])),
                       "p": optional(st.sampled_from([1.0, 2.0])),
                       "swap": optional(st.booleans()), "reduction": optional(RED)},
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "binary_cross_entropy_with_logits", args=(A((2, 3)), A((2, 3), min_value=0,
                                                                           max_value=1)),
               kwargs={"weight": optional(A((3,))), "pos_weight": optional(A((3,))),
                       "reduction": optional(RED)}, rtol=TOL, atol=TOL, settings=FEW)
    # windows
    for name in ("hann_window", "blackman_window", "bartlett_window", "kaiser_window",
                 "hamming_window"):
        yield Case(t + name, args=(st.sampled_from([0, 1, 2, 5, 8]),),
                   kwargs={"periodic": optional(st.booleans()),
                           "dtype": optional(dtype_arg(FL))}, rtol=TOL, atol=TOL, settings=FEW)
        yield Case(t + name, args=(st.sampled_from([-1, 3]),),
                   kwargs={"dtype": dtype_arg(("int64", "complex64", "float32"))},
                   id=f"{name}-invalid", settings=FEW)
    yield Case(t + "kaiser_window", args=(6, st.booleans(), st.sampled_from([0.5, 5.0])),
               kwargs={"dtype": optional(dtype_arg(FL))}, rtol=TOL, atol=TOL, settings=FEW,
               id="kaiser_window-beta")
    yield Case(t + "hamming_window", args=st.sampled_from([(6, True, 0.5), (6, False, 0.5, 0.3),
                                                          (5, True, 0.6, 0.2)]),
               rtol=TOL, atol=TOL, settings=FEW, id="hamming_window-alpha")
    # short-time Fourier transforms
    win = {"window": optional(A((8,))), "hop_length": optional(st.sampled_from([2, 3])),
           "normalized": optional(st.booleans())}
    for name in ("torch.stft", "torch.Tensor.stft"):
        yield Case(name, args=(A(st.sampled_from([(20,), (2, 17)])), 8),
                   kwargs={**win, "center": optional(st.booleans()),
                           "pad_mode": optional(st.sampled_from(["reflect", "constant"])),
                           "onesided": optional(st.booleans()),
                           "return_complex": st.sampled_from([True, False])},
                   rtol=TOL, atol=TOL, settings=FEW)
    yield Case(t + "stft", args=(arr(st.sampled_from(["complex64", "float32", "int64"]),
                                     st.sampled_from([(20,), (2, 2, 20)])),
                                 st.sampled_from([8, 30])),
               kwargs={"return_complex": optional(st.just(True)),
                       "win_length": optional(st.sampled_from([6, 9])),
                       "hop_length": optional(st.sampled_from([0, 2])),
                       "onesided": optional(st.just(True))},
               rtol={"complex64": 1e-4, "float32": 1e-4}, atol={"complex64": 1e-4,
                                                               "float32": 1e-4},
               id="stft-invalid", settings={"max_examples": 10})
    spec = st.sampled_from(["complex64", "complex128"])
    yield Case(t + "istft", args=(arr(spec, st.sampled_from([(5, 11), (2, 5, 7)])), 8),
               kwargs={"window": optional(st.just(ArrayArg(np.hanning(10)[1:9].astype(
                   np.float32)))), "hop_length": optional(st.sampled_from([2, 3])),
                       "center": optional(st.booleans()),
                       "normalized": optional(st.booleans()),
                       "length": optional(st.sampled_from([10, 30]))},
               rtol={"float32": 1e-3, "float64": 1e-9}, atol={"float32": 1e-3, "float64": 1e-9},
               settings={"max_examples": 10})
    yield Case("torch.Tensor.istft", args=(arr(spec, (8, 11)), 8),
               kwargs={"onesided": optional(st.booleans()),
                       "return_complex": optional(st.booleans())},
               rtol={"float32": 1e-3, "float64": 1e-9, "complex64": 1e-3, "complex128": 1e-9},
               atol={"float32": 1e-3, "float64": 1e-9, "complex64": 1e-3, "complex128": 1e-9},
               settings=FEW)


test_nn_aliases = make_tests(list(_rows()))
