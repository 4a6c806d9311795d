"""Known gradient gaps: rows whose values match real torch but whose gradients (``check_gradients``
in ``case.py``, on the recording-tape backends) do not, each with its own reason.

``GAPS`` maps a row id to a reason (every gradient backend) or {backend: reason}:
  - a string: the row's gradient check is a strict xfail in the derandomized profile (a listed gap
    whose gradients match fails, so the list stays true). A reason starting with
    ``SECOND_ORDER_GAP`` says the first derivatives match: they are still checked, strictly.
  - a ``Region``: the gradients differ only on a named input region (an exact zero, a tie); the
    gradient examples there are skipped and the row's gradients are checked everywhere else.
"""
from __future__ import annotations

import dataclasses
from typing import Callable

import numpy as np

from .strategies import ArrayArg

SECOND_ORDER_GAP = "second order:"


@dataclasses.dataclass(frozen=True)
class Region:
    """A gap confined to the inputs where ``where(float arrays, args, kwargs)`` holds."""
    reason: str
    where: Callable

    def holds(self, args, kwargs) -> bool:
        floats = [a.value for a in _arrays((args, kwargs)) if a.value.dtype.kind == "f"]
        return bool(self.where(floats, args, kwargs))


def _arrays(value):
    if isinstance(value, ArrayArg):
        return [value]
    if isinstance(value, (list, tuple)):
        return [a for v in value for a in _arrays(v)]
    if isinstance(value, dict):
        return [a for v in value.values() for a in _arrays(v)]
    return []


def _value(x):
    return x.value if isinstance(x, ArrayArg) else np.asarray(x)


def _any_zero(floats, args, kwargs):
    """Some float input element, or a plain number argument, is exactly 0."""
    return any(np.any(a == 0) for a in floats) or any(
        type(v) in (int, float) and v == 0 for v in (*args, *kwargs.values()))


def _ties(floats, args, kwargs):
    """Some float input holds a repeated value (max/min/sort pick one of equal elements)."""
    return any(np.unique(a).size < a.size for a in floats)


def _equal_pair(floats, args, kwargs):
    """The first two arguments are equal somewhere (broadcast): the kink of |x - y|, max(x, y)."""
    with np.errstate(invalid="ignore"):
        return bool(np.any(_value(args[0]) == _value(args[1])))


def _duplicate_indices(floats, args, kwargs):
    ints = [a.value for a in _arrays((args, kwargs)) if a.value.dtype.kind in "iu"]
    return any(np.unique(i).size < i.size for i in ints)


def _rank_deficient(floats, args, kwargs):
    """A matrix input is singular or nearly so (condition number over 1e4)."""
    for a in floats:
        if a.ndim >= 2 and a.size:
            with np.errstate(all="ignore"):
                cond = np.linalg.cond(a.astype(np.float64))
            if not np.all(np.isfinite(cond) & (cond < 1e4)):
                return True
    return False


def _probability_at_bound(floats, args, kwargs):
    """binary_cross_entropy's input (a probability) is exactly 0 or 1: log(0) there."""
    x = _value(args[0])
    return bool(np.any((x == 0) | (x == 1)))


def _target_zero(floats, args, kwargs):
    return bool(np.any(_value(args[1]) == 0))


def _variance_below_eps(floats, args, kwargs):
    """gaussian_nll_loss's var (third argument) is below eps (default 1e-6): clamped."""
    var = _value(args[2])
    return bool(np.any(var < kwargs.get("eps", 1e-6)))


def _margin_kink(floats, args, kwargs):
    """margin_ranking_loss's max(0, -y * (x1 - x2) + margin) at 0 exactly."""
    x1, x2, y = (_value(v).astype(np.float64) for v in args[:3])
    return bool(np.any(-y * (x1 - x2) + kwargs.get("margin", 0.0) == 0))


def _outside_unit(floats, args, kwargs):
    """logit's input outside [0, 1] (its value is NaN there)."""
    x = _value(args[0])
    return bool(np.any((x < 0) | (x > 1)))


def _first_below_one(floats, args, kwargs):
    return bool(np.any(_value(args[0]) < 1))


def _negative(floats, args, kwargs):
    return any(np.any(a < 0) for a in floats)


def _tiny(floats, args, kwargs):
    """Some float input is nonzero but below 1e-30 in magnitude."""
    return any(np.any((a != 0) & (np.abs(a) < 1e-30)) for a in floats)


def _zero_variance(floats, args, kwargs):
    """A reduced slice of std/var's input has zero variance (sqrt's derivative at 0)."""
    x = _value(args[0]).astype(np.float64)
    dim = kwargs.get("dim")
    with np.errstate(all="ignore"):
        return x.size > 0 and bool(np.any(np.var(x, axis=dim) == 0))


def _not_positive(floats, args, kwargs):
    return any(np.any(a <= 0) for a in floats)


def _first_not_positive(floats, args, kwargs):
    return bool(np.any(_value(args[0]) <= 0))


def _exact_multiple(floats, args, kwargs):
    """fmod/remainder's x is an exact multiple of y somewhere (the result jumps there)."""
    x, y = _value(args[0]).astype(np.float64), _value(args[1]).astype(np.float64)
    with np.errstate(all="ignore"):
        return bool(np.any(np.fmod(x, y) == 0))


def _full_qr_tall(floats, args, kwargs):
    """scipy's qr in mode 'full' or 'r' (the complete factorization) of a tall matrix."""
    shape = _value(args[0]).shape
    return kwargs.get("mode", "full") != "economic" and shape[-2] > shape[-1]


def _no_degrees_of_freedom(floats, args, kwargs):
    """var's N - ddof <= 0 over some reduced slice (its value is NaN there)."""
    shape, axis = _value(args[0]).shape, kwargs.get("axis")
    axes = range(len(shape)) if axis is None else np.atleast_1d(axis)
    n = int(np.prod([shape[a] for a in axes]))
    return n - kwargs.get("ddof", 0) <= 0


def _index_ints(part):
    if isinstance(part, ArrayArg):
        return part.value.ravel() if part.value.dtype.kind in "iu" else np.zeros(0, int)
    if isinstance(part, (list, tuple)):
        return np.concatenate([np.zeros(0, int), *(_index_ints(p) for p in part)])
    return np.array([part]) if type(part) is int else np.zeros(0, int)


def _index_out_of_bounds(floats, args, kwargs):
    """An integer index beyond its axis (beyond the shortest axis where the index's parts do not
    map one to one onto the axes: None, Ellipsis, an index array)."""
    shape, index = _value(args[0]).shape, args[1]
    parts = index if isinstance(index, tuple) else (index,)
    plain = all(p is not None and p is not Ellipsis for p in parts)
    for k, part in enumerate(parts):
        size = shape[k] if plain and k < len(shape) else min(shape, default=0)
        ints = _index_ints(part)
        if np.any((ints >= size) | (ints < -size)):
            return True
    return False


def _rounded_quotient(floats, args, kwargs):
    """x % y (__rmod__'s row: 7 % x) where x / y rounds to a nonzero integer though the
    remainder is not 0 (the rounded quotient may sit on the other side of the jump), or where
    x / y is subnormal."""
    x, y = _value(args[0]), _value(args[1])
    if not isinstance(args[1], ArrayArg):   # x.__rmod__(y) is y % x
        x, y = y, x
    if np.result_type(x, y).kind != "f":
        return False
    info = np.finfo(np.result_type(x, y))
    with np.errstate(all="ignore"):
        q = np.asarray(x / y)
        k = np.round(q)
        near = (k != 0) & (np.abs(q - k) <= 4 * info.eps * np.abs(q)) & (np.fmod(x, y) != 0)
        return bool(np.any(near | ((q != 0) & (np.abs(q) < info.tiny))))


def _logsumexp_degenerate(floats, args, kwargs):
    """logsumexp(a, b=b, where=where): a reduced slice wholly masked out by where, a b of 0, or
    (without return_sign) a reduced sum of b * exp(a) that is negative."""
    axis = kwargs.get("axis")
    where = _value(kwargs["where"]) if "where" in kwargs else True
    if np.any(~np.any(np.broadcast_to(where, _value(args[0]).shape), axis=axis)):
        return True
    if "b" in kwargs and np.any(_value(kwargs["b"]) == 0):
        return True
    if kwargs.get("return_sign", False) or "b" not in kwargs:
        return False
    a, b = _value(args[0]).astype(np.float64), _value(kwargs["b"]).astype(np.float64)
    return bool(np.any(np.sum(b * np.exp(a - a.max()) * where, axis=axis) < 0))


def _wide_leading_block_singular(floats, args, kwargs):
    """A wide matrix (fewer rows than columns) whose leading square block is singular or
    ill-conditioned (condition number over 1e4)."""
    a = _value(args[0]).astype(np.float64)
    m, n = a.shape[-2:]
    if m >= n:
        return False
    with np.errstate(all="ignore"):
        cond = np.linalg.cond(a[..., :m, :m])
    return not np.all(np.isfinite(cond) & (cond < 1e4))


def _triangle_solve(floats, args, kwargs):
    """scipy's solve told a is symmetric/Hermitian/positive definite (it reads one triangle)."""
    return kwargs.get("assume_a", "gen") in ("sym", "her", "pos")


def region(reason: str, where: Callable) -> Region:
    return Region(reason, where)


def zero_region(reason: str) -> Region:
    return Region(f"at an exact zero input: {reason}", _any_zero)


def tie_region(reason: str) -> Region:
    return Region(f"at tied input values: {reason}", _ties)


_CTC = ("torch's CTC backward assumes log_probs came from log_softmax (it fails gradcheck w.r.t. "
        "log_probs); ours is the exact derivative, NaN where a path has probability 0")
_TRIANGLE = ("torch's backward treats the input as symmetric and returns the gradient symmetrized "
             "over both triangles; the backend differentiates the one triangle it reads (the other "
             "gets 0, the read one the pair's sum)")
_SINGULAR_DET = region("on a singular or ill-conditioned matrix: tensorflow's determinant "
                       "gradient inverts the matrix (InvalidArgumentError: not invertible); "
                       "torch's is finite there", _rank_deficient)
_PINV = region("on a rank-deficient or ill-conditioned matrix the pseudo-inverse is not "
               "differentiable; torch's backward projects onto the kept rank, the backend's divides "
               "by the dropped singular values (NaN, 1e15) or by rounding noise", _rank_deficient)
_L1_KINK = region("where input equals target, |x - y|' at 0: torch takes sign(0) = 0, jax's abs "
                  "1", _equal_pair)
_BCE = region("at a probability of exactly 0 or 1 torch clamps log at -100, so its gradient is 0 "
              "there; the backend's log gives 0 * inf = NaN", _probability_at_bound)
_KL_TARGET = region("at target 0, d/dtarget of target*log(target): torch computes 0 * log 0 = NaN, "
                    "tensorflow's xlogy gives 0", _target_zero)
_XLOGY = region("at x = 0: torch's backward w.r.t. x is xlogy(x != 0, y) = 0 even where y = 0 "
                "(log 0); w.r.t. y at x = y = 0 torch gives 0/0 = NaN: the backend gives -inf and "
                "0", _any_zero)
_MIN_MAX_TIE = region("where both operands are equal, torch sends the whole gradient to the "
                      "first; jax's max/min split it (1/2 each)", _equal_pair)
_NO_HOUSEHOLDER = "jax has no derivative rule for householder_product (NotImplementedError)"
_LU_SINGULAR = region("on a singular matrix torch's LU backward is NaN, the backend's finite",
                      _rank_deficient)
_QUANTILE_Q = ("w.r.t. q (a tensor): torch differentiates the interpolation position q * (n - 1); "
               "ours gives 0")
_LOGIT = region("outside [0, 1], where logit is NaN, torch's gradient is NaN; the backend's is "
                "1/(x(1 - x)), finite", _outside_unit)
_ACOSH = region("where acosh is NaN (x < 1) torch's backward is still 1/sqrt(x^2 - 1), finite "
                "for x < -1; tensorflow's 1/sinh(acosh x) is NaN", _first_below_one)
_POW_BASE = region("second order at a base <= 0 the exponent's derivative involves log(base), "
                   "where one side gives NaN, the other 0; at an exponent of exactly 0 the second "
                   "derivative w.r.t. it is twice torch's (not analysed further)",
                   lambda f, a, k: _first_not_positive(f, a, k) or bool(np.any(_value(a[1]) == 0)))
_SINC_TINY = region("second order at 0 < |x| < 1e-30: torch's formula underflows to 0, ours is "
                    "the series' -pi^2/3", _tiny)
_REDUCE_TIE = tie_region("torch's min/max backward gives the whole gradient to the one index it "
                         "returns; tensorflow's splits it evenly among the tied elements")
_SELU = region("at 0 or |x| < 1e-30 (selu's output rounds to 0): torch's backward takes the "
               "negative branch's slope (scale * alpha = 1.758), tensorflow's, reading the sign "
               "of the output, the positive one (scale = 1.051)",
               lambda *a: _any_zero(*a) or _tiny(*a))
_SVD_SIGNS = ("the loss weighs U and V, whose signs are a convention: the backend's singular "
              "vectors' signs differ from torch's, so the gradient of that loss does (and torch's "
              "backward is NaN at repeated singular values)")
_QR_DEFICIENT = region("on a rank-deficient matrix (entries ~1e-45) QR's derivative is ~1e28 and "
                       "its signs differ from torch's", _rank_deficient)
_STD_ZERO = region("where a reduced slice has zero variance, std's derivative (sqrt at 0): torch "
                   "masks it to 0, tensorflow gives NaN", _zero_variance)

_TF_ROUNDED_QUOTIENT = region(
    "where x / y rounds to an integer though x is not an exact multiple of y, or is subnormal: "
    "TensorFlow's FloorMod gradient in y, -floor(x / y), floors the rounded quotient (a "
    "subnormal one flushed to 0), one off the quotient its exact value used (JAX's follows the "
    "value)", _rounded_quotient)
_JAX_CHOLESKY = ("JAX's Cholesky derivative takes the input perturbation unsymmetrized (its "
                 "gradient differs between the two triangles); the backend's (torch's, "
                 "tensorflow's) treats the input as symmetric")
_EIGENVECTOR_SIGNS = ("the loss weighs eigen/singular vectors, whose signs are a convention "
                      "(values are compared up to sign): the backend's signs differ from JAX's, "
                      "so the gradient of that loss does")
_TORCH_NO_DERIVATIVE = "torch has no derivative for %s (NotImplementedError); JAX has one"
_TF_CHOLESKY = ("TensorFlow's Cholesky gradient reads the lower triangle's perturbation and "
                "symmetrizes it its own way; the backend's (torch's, jax's) spreads it otherwise")
_JAX_SCATTER_MUL = ("jax differentiates a multiplying scatter only with unique indices "
                    "(NotImplementedError); segment products repeat them")

GAPS: dict = {
    # -- elementwise, at a point where the function has a kink or a singularity
    "torch.xlogy": _XLOGY,
    "torch.special.xlogy": _XLOGY,
    "xlogy-scalar": _XLOGY,
    "torch.fmax": {"jax": _MIN_MAX_TIE},
    "torch.fmin": {"jax": _MIN_MAX_TIE},
    "torch.selu": {"tensorflow": _SELU},
    "torch.nn.functional.selu": {"tensorflow": _SELU},
    "torch.logit": _LOGIT,
    "torch.special.logit": _LOGIT,
    "torch.arccosh": {"tensorflow": _ACOSH},
    "torch.acosh": {"tensorflow": _ACOSH},
    "torch.special.entr": {"tensorflow": region(
        "second order at x <= 0 (entr is -inf or 0 there) torch's is finite, tensorflow's NaN; at "
        "0 < x < 1e-30, -1/x overflows float32 to -inf in tensorflow, torch's is finite",
        lambda *a: _not_positive(*a) or _tiny(*a))},
    "torch.special.sinc": {"tensorflow": _SINC_TINY},
    "torch.sinc": {"tensorflow": _SINC_TINY},
    "torch.pow-tensors-2": {"tensorflow": _POW_BASE},
    "torch.fmod-scalar": {"tensorflow": region(
        "where x is an exact multiple of the divisor fmod jumps; torch's backward keeps the "
        "slope 1, tensorflow's gives 0 there", _exact_multiple)},
    "torch.prod": {"tensorflow": SECOND_ORDER_GAP + " torch's double backward of prod returns "
                   "garbage on some float64 inputs (-3.7e283 for an 18-element product of values "
                   "near 1); tensorflow's is the true second derivative"},
    "torch.min-nan": {"tensorflow": _REDUCE_TIE},
    "torch.max-nan": {"tensorflow": _REDUCE_TIE},
    "torch.min-dim": {"tensorflow": _REDUCE_TIE},
    "torch.max-dim": {"tensorflow": _REDUCE_TIE},
    "torch.nextafter-tensors": {"jax": "jax has no differentiation rule for nextafter "
                                "(NotImplementedError)",
                                "tensorflow": "torch's nextafter backward passes the gradient to "
                                "input (slope 1), tensorflow's is 0 (piecewise constant)"},
    "torch.frexp": {"jax": "the backend's frexp has no derivative (the mantissa's gradient is 0); "
                    "torch's backward is grad / 2**exponent"},
    # -- losses
    "torch.nn.functional.l1_loss": {"jax": _L1_KINK},
    "l1_loss-dtypes": {"jax": _L1_KINK},
    "torch.nn.functional.binary_cross_entropy": _BCE,
    "binary_cross_entropy-invalid": _BCE,
    "torch.nn.functional.kl_div": {"tensorflow": _KL_TARGET},
    "kl_div-dtypes": {"tensorflow": _KL_TARGET},
    "torch.nn.functional.gaussian_nll_loss": region(
        "var below eps: torch clamps it in place under no_grad, so the gradient passes the clamp "
        "as if unclamped (-1/(2 eps^2)-sized); ours clamps on the tape: 0", _variance_below_eps),
    "torch.nn.functional.margin_ranking_loss": {"jax": region(
        "at max(0, -y*(x1 - x2) + margin)'s kink: torch passes the whole gradient, jax's maximum "
        "half", _margin_kink)},
    "torch.nn.functional.ctc_loss": _CTC,
    "torch.ctc_loss": _CTC,
    "torch.embedding_bag": {"tensorflow": tie_region(
        "mode='max' with tied values in a bag: torch's backward gives the whole gradient to the "
        "index it returns, tensorflow's max splits it evenly among the tied elements")},
    "ctc_loss-concatenated": _CTC,
    # -- indexing and scatter
    "torch.put": region("with repeated indices (accumulate=False), torch's backward gives every "
                        "source element written to an index that index's gradient; the backend's "
                        "scatter only the element that was kept", _duplicate_indices),
    "torch.index_put": {"jax": region(
        "with repeated indices (accumulate=False), torch's backward gives every written value the "
        "gradient of its index; the backend's scatter only the value that was kept",
        _duplicate_indices)},
    "torch.scatter_reduce": {"jax": "jax cannot differentiate a multiplicative scatter "
                             "(reduce='prod': scatter_mul gradients need unique_indices=True, "
                             "which is static)"},
    "torch.index_reduce": {"jax": "jax cannot differentiate a multiplicative scatter "
                           "(scatter_mul gradients need unique_indices=True, which is static)"},
    "torch.as_strided_scatter": ("input's gradient is 0 everywhere (torch: the output gradient "
                                 "outside the scattered window): the frontend's result does not "
                                 "depend on input on the tape -- a frontend bug, not yet fixed"),
    # -- linear algebra
    "torch.det": {"tensorflow": _SINGULAR_DET},
    "torch.linalg.det": {"tensorflow": _SINGULAR_DET},
    "torch.slogdet": {"tensorflow": _SINGULAR_DET},
    "logdet-singular": {"tensorflow": "singular by construction: " + _SINGULAR_DET.reason},
    "torch.pinverse": _PINV,
    "torch.linalg.pinv": _PINV,
    "torch.linalg.lstsq": _PINV,
    "lstsq-tall": {"jax": _PINV},
    "torch.cholesky": {"jax": _TRIANGLE},
    "torch.linalg.cholesky": {"jax": _TRIANGLE},
    "torch.linalg.cholesky_ex": {"jax": _TRIANGLE},
    "cholesky-not-definite": {"jax": "nearly singular by construction (gradients ~1e6, rounding "
                              "differs between the factorizations) and: " + _TRIANGLE},
    "torch.cholesky_solve": ("w.r.t. the factor: " + _TRIANGLE),
    "torch.cholesky_inverse": ("w.r.t. the factor: " + _TRIANGLE),
    "torch.linalg.eigh": ("torch's backward is NaN at repeated eigenvalues (drawn ones have them) "
                          "and symmetrizes: " + _TRIANGLE),
    "torch.linalg.eigvalsh": _TRIANGLE,
    "torch.linalg.svd": {"jax": "jax has no derivative for a full_matrices=True SVD "
                         "(NotImplementedError)", "tensorflow": _SVD_SIGNS},
    "torch.linalg.householder_product": {"jax": _NO_HOUSEHOLDER},
    "torch.linalg.lu_factor_ex": {"tensorflow": _LU_SINGULAR},
    "torch.lu": {"jax": _LU_SINGULAR},
    "torch.logdet": {"tensorflow": _SINGULAR_DET},
    "torch.qr": {"tensorflow": _QR_DEFICIENT},
    "torch.linalg.qr": {"tensorflow": _QR_DEFICIENT},
    "torch.std_mean": {"tensorflow": _STD_ZERO},
    "torch.lu-singular": "singular by construction: " + _LU_SINGULAR.reason,
    "torch.orgqr": {"jax": _NO_HOUSEHOLDER},
    "torch.ormqr": {"jax": _NO_HOUSEHOLDER},
    "torch.svd": {"tensorflow": _SVD_SIGNS},   # (jax: signs match on the drawn examples)
    # -- statistics
    "torch.quantile": {"tensorflow": _QUANTILE_Q},
    "torch.nanquantile": {"tensorflow": _QUANTILE_Q},
    # -- jax rows (jax.grad through the frontend vs real JAX)
    "jax.scipy.linalg.cholesky": _JAX_CHOLESKY,
    "jax.scipy.linalg.cho_factor": _JAX_CHOLESKY,
    "jax.scipy.linalg.eigh": _EIGENVECTOR_SIGNS,
    "svd-hermitian": _EIGENVECTOR_SIGNS,
    "jax.scipy.special.kl_div": region(
        "where kl_div is inf (p < 0 or q <= 0) real JAX's derivative in p is -1 (its -p term), "
        "ours 0", lambda f, a, k: bool(np.any(_value(a[0]) < 0) or np.any(_value(a[1]) <= 0))),
    "jax.Array.__mod__": region(
        "at a zero divisor (x % 0 is NaN) real JAX's derivative in x is 1, ours NaN",
        lambda f, a, k: bool(np.any(_value(a[1]) == 0))),
    "jax.scipy.special.gammainc": {"torch": _TORCH_NO_DERIVATIVE % "igamma w.r.t. a"},
    "jax.scipy.special.gammaincc": {"torch": _TORCH_NO_DERIVATIVE % "igammac w.r.t. a"},
    "jax.scipy.special.zeta": {"torch": _TORCH_NO_DERIVATIVE % "zeta"},
    "jax.scipy.linalg.qr": {"torch": "torch's QR is not differentiable for mode='complete' with "
                                     "more rows than columns (RuntimeError); JAX's is",
                            "tensorflow": region(
                                "a full QR (mode 'full' or 'r') of a matrix with more rows than "
                                "columns: TensorFlow implements no gradient for it "
                                "(NotImplementedError: QrGrad); JAX's is. And " +
                                _QR_DEFICIENT.reason.replace("torch's", "JAX's") + "; for a "
                                "wide matrix TensorFlow's gradient inverts the leading square "
                                "block's R (NaN when that block is singular), JAX's does not",
                                lambda *a: _full_qr_tall(*a) or _rank_deficient(*a) or
                                _wide_leading_block_singular(*a))},
    "jax.numpy.linalg.eigh": {"tensorflow": _EIGENVECTOR_SIGNS},
    # (the regions below were found by a deeper random run, 4-10 examples a row, on tensorflow)
    "jnp.remainder": {"tensorflow": _TF_ROUNDED_QUOTIENT},
    "jnp.divmod": {"tensorflow": _TF_ROUNDED_QUOTIENT},
    "jax.Array.__rmod__": {"tensorflow": _TF_ROUNDED_QUOTIENT},
    "jax.numpy.linalg.cholesky": {"tensorflow": region(
        "symmetrize_input=False: " + _JAX_CHOLESKY,
        lambda f, a, k: k.get("symmetrize_input", True) is False)},
    "jax.numpy.linalg.svdvals": {"tensorflow": region(
        "on a rank-deficient matrix a zero singular value's derivative (u v^T) depends on which "
        "null-space vectors the SVD picks: the backend's pick differs from JAX's",
        _rank_deficient)},
    "jax.scipy.linalg.solve": {"tensorflow": region(
        "assume_a 'sym'/'her'/'pos': the backend's factorization reads one triangle of a (the "
        "other gets 0, the read one the pair's sum); JAX's derivative spreads it over both (the "
        "pairs' sums agree)", _triangle_solve)},
    "jax.scipy.stats.norm.isf": {"tensorflow": region(
        "in the far tails (q < 1e-30 or q > 1 - 1e-6) the derivative -scale / pdf(isf(q)) "
        "overflows: the backend's gives +-inf, JAX's -0",
        lambda f, a, k: bool(np.any((_value(a[0]) < 1e-30) | (_value(a[0]) > 1 - 1e-6))))},
    "jnp.nanvar": {"tensorflow": region(
        "where N - ddof <= 0 (the variance is NaN, 0/0): JAX's gradient is 0 there, the "
        "backend's NaN", _no_degrees_of_freedom)},
    "jax.Array.__getitem__": {"tensorflow": region(
        "an integer index out of bounds: JAX's gather clamps it, but its gradient (a scatter) "
        "drops the out-of-bounds entries; ours sends them to the clamped row", _index_out_of_bounds)},
    "jnp.partition": {"tensorflow": tie_region(
        "which of equal elements lands at each position (and takes its gradient) is the sort's "
        "choice: TF's differs from XLA's")},
    "logsumexp-b-where": {"tensorflow": region(
        "where a reduced slice is wholly masked out by where (the value is -inf) or its sum of "
        "b * exp(a) is negative (NaN without return_sign), and at b == 0 (JAX masks a out where "
        "b is 0): JAX's gradient is 0 there, the backend's finite or NaN",
        _logsumexp_degenerate)},
    "jax.scipy.linalg.lu_factor": {"tensorflow": region(
        "on a singular matrix JAX's LU derivative is NaN (it divides by a zero pivot); the "
        "backend factors singular input by the core's loop, whose derivative is finite",
        _rank_deficient)},
    # (JAX differentiates no full_matrices=True SVD of this 3x2 input: its examples are skipped)
    "jax.scipy.linalg.svd": {"tensorflow": _EIGENVECTOR_SIGNS.replace("eigen/singular",
                                                                      "singular")},
    "jnp.percentile": region(
        "w.r.t. q (an array): JAX differentiates the interpolation position; the core's "
        "quantile takes q as a constant (0)", lambda f, a, k: len(a) > 1 and np.ndim(
            _value(a[1])) > 0 and np.asarray(_value(a[1])).dtype.kind == "f"),
    # -- tensorflow rows (tf.GradientTape through the frontend vs real TensorFlow)
    "tf.linalg.cholesky": _TF_CHOLESKY,
    "tf.linalg.eigh": _EIGENVECTOR_SIGNS.replace("JAX's", "TensorFlow's"),
    "tf.nn.softmax_cross_entropy_with_logits": region(
        "where a row of labels does not sum to 1, TensorFlow's kernel gradient in the logits is "
        "softmax - labels (exact only for normalized labels); ours is the exact derivative",
        lambda f, a, k: not np.allclose(_value(a[0]).astype(np.float64).sum(-1), 1)),
    "tf.math.igamma": {"torch": _TORCH_NO_DERIVATIVE.replace("JAX", "TensorFlow")
                       % "igamma w.r.t. a"},
    "tf.math.igammac": {"torch": _TORCH_NO_DERIVATIVE.replace("JAX", "TensorFlow")
                        % "igammac w.r.t. a"},
    "tf.linalg.sqrtm": {"jax": "jax differentiates no non-symmetric eigenvectors "
                               "(NotImplementedError); the backend's sqrtm goes through eig"},
    "tf.math.nextafter": {"jax": "jax has no derivative rule for nextafter "
                                 "(NotImplementedError); TensorFlow's is 0"},
    "tf.math.segment_prod": {"jax": _JAX_SCATTER_MUL},
    "tf.math.unsorted_segment_prod": {"jax": _JAX_SCATTER_MUL},
}


def _lookup(case_id: str, backend: str):
    reason = GAPS.get(case_id)
    return reason.get(backend) if isinstance(reason, dict) else reason


def gradient_gap(case_id: str, backend: str) -> str | None:
    """The listed whole-row reason for ``case_id`` on ``backend``, or None."""
    reason = _lookup(case_id, backend)
    return reason if isinstance(reason, str) else None


def gradient_region(case_id: str, backend: str) -> Region | None:
    """The listed input region whose gradient examples are skipped, or None."""
    reason = _lookup(case_id, backend)
    return reason if isinstance(reason, Region) else None
