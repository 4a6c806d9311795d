"""The losses of ``torch.nn.functional`` vs real PyTorch: reductions (incl. the legacy
size_average/reduce pair), weights, ignore_index, label smoothing, dtype rules and errors."""
import numpy as np
from hypothesis import strategies as st

from tests.conformance import Case, arr, make_tests, optional, shared_dtype
from tests.conformance.strategies import ArrayArg

FL = ("float32", "float64")
TOL = {"float32": 1e-4, "float64": 1e-10}
FEW = {"max_examples": 6}
RED = optional(st.sampled_from(["mean", "sum", "none"]))
LEGACY = {"size_average": optional(st.sampled_from([None, True, False])),
          "reduce": optional(st.sampled_from([None, True, False])), "reduction": RED}
F = "torch.nn.functional."


def _same(key, shape, **kw):
    return arr(shared_dtype(FL, key), shape, **kw)


def _rows():
    # elementwise regression losses; mixed dtypes and integers for the promotion rules
    S = st.sampled_from([(3,), (2, 3)])
    MIXED = ("float32", "float64", "int64")
    for name, extra in (("mse_loss", {}), ("l1_loss", {}),
                        ("smooth_l1_loss", {"beta": optional(st.sampled_from([0.0, 0.5, 2.0]))})):
        yield Case(F + name, args=(_same(name, (2, 3)), _same(name, (2, 3))),
                   kwargs={**LEGACY, **extra}, rtol=TOL, atol=TOL, settings=FEW)
        yield Case(F + name, args=(arr(MIXED, (3,)), arr(MIXED, (3,))), rtol=TOL, atol=TOL,
                   settings=FEW, id=f"{name}-dtypes")
    yield Case(F + "mse_loss", args=(_same("w", (2, 3)), _same("w", (2, 3))),
               kwargs={"weight": _same("w", (2, 3), min_value=0.1, max_value=2), "reduction": RED},
               rtol=TOL, atol=TOL, settings=FEW, id="mse_loss-weight")
    yield Case(F + "smooth_l1_loss", args=(arr("float32", (3,)), arr("float32", (3,))),
               kwargs={"beta": -1.0}, id="smooth_l1_loss-negative-beta")
    yield Case(F + "huber_loss", args=(_same("h", (2, 3)), _same("h", (2, 3))),
               kwargs={"reduction": RED, "delta": optional(st.sampled_from([0.5, 1.0, 3.0, 0.0]))},
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case(F + "huber_loss", args=(arr(MIXED, (3,)), arr(MIXED, (3,))), rtol=TOL, atol=TOL,
               settings=FEW, id="huber_loss-dtypes")
    yield Case(F + "mse_loss", args=(arr("float32", (3,)), arr("float32", (3,))),
               kwargs={"reduction": "avg"}, id="mse_loss-bad-reduction")
    # probabilistic losses
    yield Case(F + "binary_cross_entropy", args=(
        _same("b", (2, 3), min_value=0, max_value=1), _same("b", (2, 3), min_value=0, max_value=1)),
               kwargs={"weight": optional(_same("b", (3,), min_value=0, max_value=2)), **LEGACY},
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case(F + "binary_cross_entropy", args=(arr(MIXED, (3,), min_value=0, max_value=1),
                                                 arr(MIXED, st.sampled_from([(3,), (2,)]),
                                                     min_value=0, max_value=1)),
               settings=FEW, id="binary_cross_entropy-invalid")
    yield Case(F + "binary_cross_entropy_with_logits", args=(
        _same("l", (2, 3)), _same("l", (2, 3), min_value=0, max_value=1)),
               kwargs={"weight": optional(_same("l", (3,), min_value=0, max_value=2)),
                       "pos_weight": optional(_same("l", (3,), min_value=0, max_value=3)),
                       "reduction": RED}, rtol=TOL, atol=TOL, settings=FEW)
    yield Case(F + "binary_cross_entropy_with_logits", args=(
        arr(MIXED, (3,)), arr(MIXED, st.sampled_from([(3,), (2,)]), min_value=0, max_value=1)),
               rtol=1e-6, atol=1e-6, settings=FEW, id="bce_with_logits-dtypes")
    yield Case(F + "kl_div", args=(_same("k", (2, 3)), _same("k", (2, 3), min_value=0)),
               kwargs={"reduction": optional(st.sampled_from(["sum", "none", "batchmean"])),
                       "log_target": optional(st.booleans())}, rtol=TOL, atol=TOL, settings=FEW)
    yield Case(F + "kl_div", args=(arr(MIXED, (3,)), arr(MIXED, (3,), min_value=0)),
               kwargs={"reduction": "sum"}, rtol=1e-6, atol=1e-6, settings=FEW, id="kl_div-dtypes")
    # (mixed float32/float64: torch computes part of it in float32, so float32 precision)
    yield Case(F + "poisson_nll_loss", args=(_same("p", (2, 3), min_value=0, max_value=3),
                                             _same("p", (2, 3), min_value=0, max_value=4)),
               kwargs={"log_input": optional(st.booleans()), "full": optional(st.booleans()),
                       **LEGACY}, rtol=TOL, atol=TOL, settings=FEW)
    yield Case(F + "poisson_nll_loss", args=(arr(("int64", "float32"), (3,), min_value=0,
                                                 max_value=3),
                                             arr(("int64", "float64"), (3,), min_value=0,
                                                 max_value=3)),
               rtol=1e-6, atol=1e-6, settings=FEW, id="poisson_nll_loss-dtypes")
    yield Case(F + "gaussian_nll_loss", args=(
        _same("g", (2, 3)), _same("g", (2, 3)),
        st.one_of(_same("g", st.sampled_from([(2, 3), (2,), (2, 1), (3,)]), min_value=0,
                        max_value=3), st.sampled_from([0.5, 2.0, -1.0]))),
               kwargs={"full": optional(st.booleans()), "eps": optional(st.just(1e-3)),
                       "reduction": RED}, rtol=TOL, atol=TOL, settings=FEW)
    # classification
    W4 = _same("c", (4,), min_value=0.1, max_value=2)
    for name, extra in (("nll_loss", {}),
                        ("cross_entropy",
                         {"label_smoothing": optional(st.sampled_from([0.0, 0.2]))})):
        yield Case(F + name, args=(_same("c", (3, 4)), arr("int64", (3,), min_value=0,
                                                            max_value=3)),
                   kwargs={"weight": optional(W4), "ignore_index": optional(st.sampled_from(
                       [-100, 1])), **LEGACY, **extra}, rtol=TOL, atol=TOL, settings=FEW)
        yield Case(F + name, args=(_same("c", (2, 4, 3)), arr("int64", (2, 3), min_value=0,
                                                               max_value=3)),
                   kwargs={"weight": optional(W4), "ignore_index": optional(st.just(2)),
                           "reduction": RED, **extra}, rtol=TOL, atol=TOL, settings=FEW,
                   id=f"{name}-kdim")
        yield Case(F + name, args=(_same("c", (4,)), arr("int64", (), min_value=0, max_value=3)),
                   kwargs={"reduction": RED}, rtol=TOL, atol=TOL, settings=FEW,
                   id=f"{name}-unbatched")
        yield Case(F + name, args=(arr("float32", (3, 4)),
                                   arr(("int64", "float64"), st.sampled_from([(2,), (3,)]),
                                       min_value=0, max_value=6)),
                   settings=FEW, id=f"{name}-invalid")
    yield Case(F + "cross_entropy", args=(_same("c", (3, 4)), _same("c", (3, 4), min_value=0,
                                                                   max_value=1)),
               kwargs={"weight": optional(W4), "reduction": RED,
                       "label_smoothing": optional(st.sampled_from([0.0, 0.3]))},
               rtol=TOL, atol=TOL, settings=FEW, id="cross_entropy-probabilities")
    # margins and embeddings
    SIGN = arr("int64", (2, 3), elements=st.sampled_from([-1, 1]))
    yield Case(F + "hinge_embedding_loss", args=(_same("m", (2, 3)), SIGN),
               kwargs={"margin": optional(st.sampled_from([0.5, 2.0])), **LEGACY},
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case(F + "soft_margin_loss", args=(_same("m", (2, 3)), _same("m", (2, 3))),
               kwargs=LEGACY, rtol=TOL, atol=TOL, settings=FEW)
    yield Case(F + "margin_ranking_loss", args=(_same("m", (4,)), _same("m", (4,)),
                                                _same("m", st.sampled_from([(4,), (1,), (4, 1)]),
                                                      elements=st.sampled_from([-1.0, 1.0]))),
               kwargs={"margin": optional(st.sampled_from([0.0, 0.5])), "reduction": RED},
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case(F + "multilabel_soft_margin_loss", args=(
        _same("m", (2, 3)), _same("m", (2, 3), min_value=0, max_value=1)),
               kwargs={"weight": optional(_same("m", (3,), min_value=0, max_value=2)), **LEGACY},
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case(F + "multilabel_margin_loss", args=(
        _same("m", st.sampled_from([(2, 4), (4,)])),
        st.sampled_from([ArrayArg(np.array(t, dtype=np.int64)) for t in (
            [[3, 0, -1, 1], [1, 2, 3, -1]], [2, -1, 0, 0])])),
               kwargs={"reduction": RED}, rtol=TOL, atol=TOL, settings=FEW)
    yield Case(F + "multi_margin_loss", args=(_same("m", (3, 4)), arr("int64", (3,), min_value=0,
                                                                       max_value=3)),
               kwargs={"p": optional(st.sampled_from([1, 2])),
                       "margin": optional(st.sampled_from([0.5, 1.0])),
                       "weight": optional(_same("m", (4,), min_value=0, max_value=2)), **LEGACY},
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case(F + "cosine_embedding_loss", args=(_same("m", (3, 4)), _same("m", (3, 4)),
                                                  arr("int64", (3,),
                                                      elements=st.sampled_from([-1, 1]))),
               kwargs={"margin": optional(st.sampled_from([0.0, 0.3])), **LEGACY},
               rtol=TOL, atol=TOL, settings=FEW)
    yield Case(F + "triplet_margin_loss", args=(_same("m", (3, 4)), _same("m", (3, 4)),
                                                _same("m", st.sampled_from([(3, 4), (4,)]))),
               kwargs={"margin": optional(st.sampled_from([0.5, 1.0])),
                       "p": optional(st.sampled_from([1, 2, 3])), "swap": optional(st.booleans()),
                       "reduction": RED}, rtol=TOL, atol=TOL, settings=FEW)
    yield Case(F + "triplet_margin_with_distance_loss", args=(
        _same("m", (3, 4)), _same("m", (3, 4)), _same("m", (3, 4))),
               kwargs={"margin": optional(st.sampled_from([0.5, 1.0])),
                       "swap": optional(st.booleans()), "reduction": RED},
               rtol=TOL, atol=TOL, settings=FEW)

    # CTC: padded (N, S) and concatenated targets, tensor and tuple lengths, unbatched
    LP = _same("ctc", (5, 2, 4), min_value=-4, max_value=0)
    CTC_KW = {"blank": optional(st.sampled_from([0, 3])), "reduction": RED,
              "zero_infinity": optional(st.booleans())}
    yield Case(F + "ctc_loss", args=(LP, arr("int64", (2, 2), min_value=1, max_value=2),
                                     arr("int64", (2,), elements=st.sampled_from([5, 3])),
                                     arr("int64", (2,), min_value=0, max_value=2)),
               kwargs=CTC_KW, rtol=TOL, atol=TOL, settings=FEW)
    yield Case(F + "ctc_loss", args=(LP, arr("int64", (3,), min_value=1, max_value=2),
                                     st.sampled_from([(5, 5), (5, 4)]),
                                     st.sampled_from([(2, 1), (0, 3)])),
               kwargs=CTC_KW, rtol=TOL, atol=TOL, settings=FEW, id="ctc_loss-concatenated")
    yield Case(F + "ctc_loss", args=(_same("ctc", (5, 4), min_value=-4, max_value=0),
                                     arr("int64", (2,), min_value=1, max_value=3), 5, 2),
               kwargs={"reduction": RED}, rtol=TOL, atol=TOL, settings=FEW,
               id="ctc_loss-unbatched")
    yield Case(F + "ctc_loss", args=(LP, arr("int64", (2, 2), min_value=1, max_value=2),
                                     (5, 5), arr("int64", (2,), min_value=0, max_value=2)),
               settings={"max_examples": 2}, id="ctc_loss-mixed-lengths")


test_losses = make_tests(list(_rows()))
