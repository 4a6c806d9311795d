"""Matrix products, tensor comparisons and the legacy ``torch.*`` linear algebra (det, inverse,
cholesky, norm, ...), on ivy's core.

torch's products refuse mixed dtypes (RuntimeError) and bool (NotImplementedError) instead of
promoting; its decompositions take float32/float64/complex only. Singular or non-definite input
raises ``LinAlgError`` (a RuntimeError, like ``torch.linalg.LinAlgError``): backends that raise
are translated, and backends that return non-finite values (jax, tensorflow's cholesky) are
checked, so every backend raises the same.
"""
from __future__ import annotations

import ivy
from ivy.core import dtypes as D
from ivy.core.errors import IvyError

from . import _dtypes as T
from ._dtypes import native_name
from ._ops import FUNCTIONS as _OPS, _TORCH_NAME, _finish, _inplace, _tensor_arg, assign, cast
from ._ops import shape_errors
from ._printing import return_type
from ._tensor import Tensor, _axis, _wrap

_INTEGRAL = frozenset(D.INTEGRAL)
_FLOATING = frozenset(D.FLOATING)
_COMPLEX = frozenset(D.COMPLEX_FLOATING)
_LAPACK = frozenset(("float32", "float64", "complex64", "complex128"))


class LinAlgError(RuntimeError):
    """``torch.linalg.LinAlgError``: a singular or non-positive-definite input."""


slogdet_result = return_type("slogdet", "sign logabsdet")
frexp_result = return_type("frexp", "mantissa exponent")
triangular_solve_result = return_type("triangular_solve", "solution cloned_coefficient")
lu_unpack_result = return_type("lu_unpack", "P L U")


# ---- shared checks -------------------------------------------------------------------------------

def _name(a) -> str:
    return _TORCH_NAME[native_name(a)]


def same_dtype(fn: str, *arrays, message=None):
    first = native_name(arrays[0])
    for a in arrays[1:]:
        if native_name(a) != first:
            raise RuntimeError(message or f"{fn}: expected all inputs to have the same dtype, but "
                               f"got {_name(arrays[0])} and {_name(a)}")


def no_bool(kernel: str, a):
    if native_name(a) == "bool":
        raise NotImplementedError(f'"{kernel}" not implemented for \'Bool\'')


def lapack(fn: str, a, *, low_precision="kernel", kernel=None):
    """torch's decompositions: float32/float64/complex only, at least 2-d input."""
    dt = native_name(a)
    if dt not in _FLOATING:
        raise RuntimeError(f"{fn}: Expected a floating point or complex tensor as input. Got "
                           f"{_name(a)}")
    if dt not in _LAPACK:
        if low_precision == "kernel":
            raise NotImplementedError(f'"{kernel or fn}_cpu" not implemented for \'{_name(a)}\'')
        raise RuntimeError(f"{fn}: Low precision dtypes not supported. Got {_name(a)}")
    return a


def matrices(fn: str, a, square=True):
    shape = ivy.shape(a)
    if len(shape) < 2:
        raise RuntimeError(f"{fn}: The input tensor A must have at least 2 dimensions.")
    if square and shape[-1] != shape[-2]:
        raise RuntimeError(f"{fn}: A must be batches of square matrices, but they are "
                           f"{shape[-2]} by {shape[-1]} matrices")
    return a


def square_float(fn, input, kernel=None, low_precision="kernel"):
    a = _tensor_arg(input, fn)
    return matrices(fn, lapack(fn, a, kernel=kernel, low_precision=low_precision))


def _all_finite(*arrays) -> bool:
    return all(bool(ivy.all(ivy.isfinite(a))) for a in arrays)


def guarded(fn: str, core, *arrays, message="The factorization could not be completed because "
            "the input is singular.", **kwargs):
    """``core(*arrays)``, raising LinAlgError where torch's LAPACK call reports failure."""
    try:
        out = core(*arrays, **kwargs)
    except IvyError as e:
        raise LinAlgError(f"{fn}: {message} ({e})") from None
    results = out if isinstance(out, tuple) else (out,)
    if not _all_finite(*results) and _all_finite(*arrays):
        raise LinAlgError(f"{fn}: {message}")
    return out


# ---- products ------------------------------------------------------------------------------------

_SCALAR_NAME = {"float32": "float", "float64": "double", "float16": "c10::Half",
                "bfloat16": "c10::BFloat16", "complex64": "c10::complex<float>",
                "complex128": "c10::complex<double>", "int64": "long int", "int32": "int",
                "int16": "short int", "int8": "signed char", "uint8": "unsigned char",
                "bool": "bool"}


def _product_operands(fn, input, other, kernel="addmm_impl_cpu_"):
    a, b = _tensor_arg(input, fn), _tensor_arg(other, fn)
    if native_name(a) != native_name(b):
        raise RuntimeError(f"expected m1 and m2 to have the same dtype, but got: "
                           f"{_SCALAR_NAME.get(native_name(a))} != {_SCALAR_NAME.get(native_name(b))}")
    no_bool(kernel, a)
    return a, b


def matmul(input, other, *, out=None):
    a, b = _tensor_arg(input, "matmul"), _tensor_arg(other, "matmul")
    if a.dtype == b.dtype and native_name(a) != "bool":
        try:       # the checks below only name torch's error once the core refused
            r = ivy.matmul(a, b)
        except Exception:
            r = None
        if r is not None:
            return _wrap(r) if out is None else assign(out, r, "matmul")
    if not ivy.ndim(a) or not ivy.ndim(b):
        raise RuntimeError(f"both arguments to matmul need to be at least 1D, but they are "
                           f"{ivy.ndim(a)}D and {ivy.ndim(b)}D")
    nd = ivy.ndim(b)
    kernel = ("dot" if nd == ivy.ndim(a) == 1 else "addmv_impl_cpu" if nd == 1 else
              "addmm_impl_cpu_" if nd == 2 else "bmm")
    if native_name(a) == native_name(b) == "bool":
        # torch checks the shapes first, then refuses bool -- unless an operand is empty (an
        # empty result or inner dim) and the kernel is not dot: it runs none then, giving False
        a, b = ivy.astype(a, "int64"), ivy.astype(b, "int64")
        try:
            r = ivy.matmul(a, b)
        except Exception:
            return matmul(a, b)       # the shape error, as for int64
        if kernel == "dot" or 0 not in ivy.shape(a) and 0 not in ivy.shape(b):
            raise NotImplementedError(f'"{kernel}" not implemented for \'Bool\'')
        return _finish(ivy.astype(r, "bool"), out, "matmul")
    a, b = _product_operands("matmul", a, b, kernel)
    if ivy.shape(a)[-1] != ivy.shape(b)[-2 if nd > 1 else -1]:
        raise RuntimeError(f"mat1 and mat2 shapes cannot be multiplied ({ivy.shape(a)} and "
                           f"{ivy.shape(b)})")
    batch_a, batch_b = ivy.shape(a)[:-2], ivy.shape(b)[:-2]
    rank = max(len(batch_a), len(batch_b))
    for k, (m, n) in enumerate(zip(reversed(batch_a), reversed(batch_b))):
        if m != n and m != 1 and n != 1:
            raise RuntimeError(f"The size of tensor a ({m}) must match the size of tensor b ({n}) "
                               f"at non-singleton dimension {rank - 1 - k}")
    return _finish(ivy.matmul(a, b), out, "matmul")


def mm(input, mat2, *, out=None):
    a, b = _tensor_arg(input, "mm"), _tensor_arg(mat2, "mm")
    if ivy.ndim(a) != 2 or ivy.ndim(b) != 2:
        raise RuntimeError(f"{'self' if ivy.ndim(a) != 2 else 'mat2'} must be a matrix")
    return matmul(a, b, out=out)


def bmm(input, mat2, *, out=None):
    a, b = _tensor_arg(input, "bmm"), _tensor_arg(mat2, "bmm")
    if ivy.ndim(a) != 3 or ivy.ndim(b) != 3:
        raise RuntimeError(f"batch{1 if ivy.ndim(a) != 3 else 2} must be a 3D tensor")
    if ivy.shape(a)[0] != ivy.shape(b)[0]:
        raise RuntimeError("batch1 and batch2 must have same number of batches")
    return matmul(a, b, out=out)


def mv(input, vec, *, out=None):
    a, b = _tensor_arg(input, "mv"), _tensor_arg(vec, "mv")
    if ivy.ndim(a) != 2 or ivy.ndim(b) != 1:
        raise RuntimeError(f"vector + matrix @ vector expected, got 1, {ivy.ndim(a)}, "
                           f"{ivy.ndim(b)}")
    if native_name(a) != native_name(b):
        raise RuntimeError("addmv input tensors must have the same dtype")
    return matmul(a, b, out=out)


def _dot(fn, input, other, conj):
    a, b = _tensor_arg(input, fn), _tensor_arg(other, fn)
    if ivy.ndim(a) != 1 or ivy.ndim(b) != 1:
        raise RuntimeError(f"1D tensors expected, but got {ivy.ndim(a)}D and {ivy.ndim(b)}D "
                           f"tensors")
    if native_name(a) != native_name(b):
        raise RuntimeError(f"dot : expected both vectors to have same dtype, but found "
                           f"{_name(a)} and {_name(b)}")
    if ivy.shape(a) != ivy.shape(b):
        raise RuntimeError(f"inconsistent tensor size, expected tensor [{ivy.shape(a)[0]}] and "
                           f"src [{ivy.shape(b)[0]}] to have the same number of elements, but got "
                           f"{ivy.shape(a)[0]} and {ivy.shape(b)[0]} elements respectively")
    no_bool("dot", a)
    if conj and native_name(a) in _COMPLEX:
        a = ivy.conj(a)
    return ivy.sum(ivy.multiply(a, b), dtype=native_name(a))


def dot(input, tensor, *, out=None):
    return _finish(_dot("dot", input, tensor, False), out, "dot")


def vdot(input, other, *, out=None):
    return _finish(_dot("vdot", input, other, True), out, "vdot")


def inner(input, other, *, out=None):
    a, b = _tensor_arg(input, "inner"), _tensor_arg(other, "inner")
    if not ivy.ndim(a) or not ivy.ndim(b):
        return _OPS["mul"](_wrap(a), _wrap(b), out=out)
    if native_name(a) != native_name(b):
        raise RuntimeError("both inputs should have same dtype")
    no_bool("addmm_impl_cpu_", a)
    if ivy.shape(a)[-1] != ivy.shape(b)[-1]:
        raise RuntimeError(f"inner() the last dimension must match on both input tensors but got "
                           f"shapes {list(ivy.shape(a))} and {list(ivy.shape(b))}")
    return _finish(ivy.tensordot(a, b, axes=([-1 % ivy.ndim(a)], [-1 % ivy.ndim(b)])), out,
                   "inner")


def outer(input, vec2, *, out=None):
    a, b = _tensor_arg(input, "outer"), _tensor_arg(vec2, "outer")
    if ivy.ndim(a) != 1 or ivy.ndim(b) != 1:
        raise RuntimeError(f"outer: Expected 1-D argument self, but got {ivy.ndim(a)}-D")
    return _OPS["mul"](_wrap(ivy.reshape(a, (-1, 1))), _wrap(b), out=out)


def tensordot(a, b, dims=2, out=None):
    x, y = _tensor_arg(a, "tensordot"), _tensor_arg(b, "tensordot")
    if native_name(x) != native_name(y):
        raise RuntimeError("both inputs should have same dtype")
    no_bool("dot", x)
    if isinstance(dims, Tensor):
        dims = dims.tolist()
    if isinstance(dims, int):
        if dims < 0:
            raise RuntimeError(f"tensordot expects dims >= 0, but got dims={dims}")
        axes = (list(range(ivy.ndim(x) - dims, ivy.ndim(x))), list(range(dims)))
    else:
        first, second = dims
        first = [first] if isinstance(first, int) else list(first)
        second = [second] if isinstance(second, int) else list(second)
        if len(first) != len(second):
            raise RuntimeError("both dimension lists should have same length")
        axes = ([_axis(d, ivy.ndim(x)) for d in first], [_axis(d, ivy.ndim(y)) for d in second])
    for i, j in zip(*axes):
        if ivy.shape(x)[i] != ivy.shape(y)[j]:
            raise RuntimeError(f"contracted dimensions need to match, but first has size "
                               f"{ivy.shape(x)[i]} in dim {i} and second has size "
                               f"{ivy.shape(y)[j]} in dim {j}")
    return _finish(ivy.tensordot(x, y, axes=axes), out, "tensordot")


def kron(input, other, *, out=None):
    a, b = _tensor_arg(input, "kron"), _tensor_arg(other, "kron")
    dt = T.result_name((_wrap(a), _wrap(b)))
    if dt == "bool":
        r = ivy.astype(ivy.kron(ivy.astype(a, "uint8"), ivy.astype(b, "uint8")), "bool")
    else:
        r = ivy.kron(cast(a, dt), cast(b, dt))
    return _finish(r, out, "kron")


def _scale(x, factor, dt):
    if dt in _INTEGRAL and not isinstance(factor, bool):
        factor = int(factor)
    if factor == 1:
        return x
    return ivy.multiply(x, factor)


def _add_product(fn, input, product, beta, alpha, out):
    """torch's ``beta * input + alpha * product`` (beta == 0 ignores input, NaNs included)."""
    c = _tensor_arg(input, fn)
    dt = native_name(product)
    if native_name(c) != dt:
        raise RuntimeError(f"self and mat2 must have the same dtype, but got {_name(c)} and "
                           f"{T.BY_NAME[dt]}")
    try:
        shape = ivy.broadcast_shapes(ivy.shape(c), ivy.shape(product))
    except Exception:
        shape = None
    if shape != tuple(ivy.shape(product)):
        raise RuntimeError(f"The expanded size of the tensor ({ivy.shape(product)}) must match "
                           f"the existing size {ivy.shape(c)}")
    r = _scale(product, alpha, dt)
    if beta != 0:
        r = ivy.add(_scale(c, beta, dt), r)
    return _finish(r, out, fn)


def addmm(input, mat1, mat2, *, beta=1, alpha=1, out=None):
    return _add_product("addmm", input, mm(mat1, mat2)._data, beta, alpha, out)


def addmv(input, mat, vec, *, beta=1, alpha=1, out=None):
    return _add_product("addmv", input, mv(mat, vec)._data, beta, alpha, out)


def baddbmm(input, batch1, batch2, *, beta=1, alpha=1, out=None):
    return _add_product("baddbmm", input, bmm(batch1, batch2)._data, beta, alpha, out)


def addbmm(input, batch1, batch2, *, beta=1, alpha=1, out=None):
    return _add_product("addbmm", input, ivy.sum(bmm(batch1, batch2)._data, axis=0), beta, alpha,
                        out)


def addr(input, vec1, vec2, *, beta=1, alpha=1, out=None):
    product = outer(vec1, vec2)._data
    return _add_product("addr", input, product, beta, alpha, out)


_REAL_FLOATING = frozenset(D.REAL_FLOATING)


def _fused(fn, input, tensor1, tensor2, value, out):
    """The core's one-pass ``addcmul``/``addcdiv`` for three tensors of one real floating dtype
    (what optimizers pass), else None."""
    if out is None and type(value) in (int, float) and isinstance(input, Tensor) and \
            isinstance(tensor1, Tensor) and isinstance(tensor2, Tensor):
        name = native_name(input._data)
        if name in _REAL_FLOATING and name == native_name(tensor1._data) == \
                native_name(tensor2._data):
            return _wrap(getattr(ivy, fn)(input._data, tensor1._data, tensor2._data, value=value))
    return None


@shape_errors
def addcmul(input, tensor1, tensor2, *, value=1, out=None):
    fused = _fused("addcmul", input, tensor1, tensor2, value, out)
    if fused is not None:
        return fused
    c, t1, t2 = (_tensor_arg(t, "addcmul") for t in (input, tensor1, tensor2))
    dt = T.result_name((_wrap(c), _wrap(t1), _wrap(t2)))
    return _pointwise_update("addcmul", c, _wrap(ivy.multiply(cast(t1, dt), cast(t2, dt))), value,
                             out)


@shape_errors
def addcdiv(input, tensor1, tensor2, *, value=1, out=None):
    fused = _fused("addcdiv", input, tensor1, tensor2, value, out)
    if fused is not None:
        return fused
    t1, t2 = _tensor_arg(tensor1, "addcdiv"), _tensor_arg(tensor2, "addcdiv")
    if native_name(t1) in _INTEGRAL | {"bool"} and native_name(t2) in _INTEGRAL | {"bool"}:
        raise RuntimeError("Integer division with addcdiv is no longer supported, and in a future "
                           "release addcdiv will perform a true division of tensor1 and tensor2. "
                           "The historic addcdiv behavior can be implemented as (input + value * "
                           "torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and "
                           "as (input + value * tensor1 / tensor2) for float inputs. The future "
                           "addcdiv behavior is just the latter implementation: (input + value * "
                           "tensor1 / tensor2), for all dtypes.")
    dt = T.result_name((_wrap(_tensor_arg(input, "addcdiv")), _wrap(t1), _wrap(t2)))
    quotient = _wrap(ivy.divide(cast(t1, dt), cast(t2, dt)))
    return _pointwise_update("addcdiv", input, quotient, value, out)


def _pointwise_update(fn, input, term, value, out):
    c = _tensor_arg(input, fn)
    dt = T.result_name((_wrap(c), term))
    t = cast(term._data, dt)
    if dt in _INTEGRAL:
        value = int(value)
    if value != 1:
        t = ivy.multiply(t, value)
    return _finish(ivy.add(cast(c, dt), t), out, fn)


# ---- einsum ------------------------------------------------------------------------------------

_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _sublist(labels):
    return "".join("..." if s is Ellipsis else _LETTERS[s] for s in labels)


def einsum(*args):
    if not args:
        raise RuntimeError("einsum(): must specify the equation string and at least one operand, "
                           "or at least one operand and its subscripts list")
    if isinstance(args[0], str):
        equation, operands = args[0], args[1:]
        if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
            operands = operands[0]
    else:   # sublist format: op1, [labels1], op2, [labels2], ..., [output labels]
        operands = args[0::2]
        labels = args[1::2]
        output = None
        if len(args) % 2:
            operands, output = operands[:-1], args[-1]
        equation = ",".join(_sublist(s) for s in labels)
        if output is not None:
            equation += "->" + _sublist(output)
    arrays = [_tensor_arg(o, "einsum") for o in operands]
    if not arrays:
        raise RuntimeError("einsum(): must provide at least one operand")
    dt = native_name(arrays[0])
    for a in arrays[1:]:
        if native_name(a) != dt:
            raise RuntimeError(f"expected scalar type {_name(arrays[0])} but found {_name(a)}")
    equation = equation.replace(" ", "")
    try:
        if dt not in _SUM_PROMOTES:
            return _wrap(ivy.einsum(equation, *arrays))
        # computed in int64 and cast: the same values as torch's narrower arithmetic (wrapping
        # is modular), and torch's bool products are 0/1 where they do not refuse
        r = ivy.einsum(equation, *(ivy.astype(a, "int64") for a in arrays))
    except (ValueError, IndexError) as e:
        raise RuntimeError(f"einsum(): {e}") from None
    result = _einsum_dtype(equation, [ivy.shape(a) for a in arrays], dt)
    return _wrap(r if result == "int64" else ivy.astype(r, result))


# torch.einsum sums a label found in one operand only with sum(), which gives int64 for these
_SUM_PROMOTES = frozenset(("bool", "int8", "int16", "int32", "uint8", "uint16", "uint32"))


def _einsum_labels(equation, shapes):
    """Each operand's {label: size} (a repeated label once: its diagonal; '...' dims labelled 1, 2,
    ... from the right, as they broadcast) and the output's labels."""
    lhs, arrow, rhs = equation.partition("->")
    ops, counts = [], {}
    for term, shape in zip(lhs.split(","), shapes):
        before, dots, after = term.partition("...")
        n = len(shape) - len(before) - len(after) if dots else 0
        labels = [*before, *range(n, 0, -1), *after]
        ops.append(dict(zip(labels, shape)))
        for label in labels:
            counts[label] = counts.get(label, 0) + 1
    if arrow:
        before, dots, after = rhs.partition("...")
        ell = {k for op in ops for k in op if isinstance(k, int)} if dots else set()
        return ops, set(before + after) | ell
    return ops, {k for k, n in counts.items() if n == 1 or isinstance(k, int)}


def _einsum_dtype(equation, shapes, dt):
    """torch.einsum's result dtype for integral/bool ``dt`` operands, or its exception. torch first
    sums each label that only one operand has (a size-1 one elsewhere broadcasts) with sum(),
    which gives int64; two operands then multiply (promoting) or, when they share a summed
    label, go through bmm, which refuses mixed dtypes and bool -- unless it has nothing to
    compute (an empty result or inner dim: zeros of the second operand's dtype)."""
    ops, out = _einsum_labels(equation, shapes)
    if len(ops) == 1:
        return "int64" if any(k not in out for k in ops[0]) else dt
    summed = {k for op in ops for k in op if k not in out}
    alone = [any(k in summed and n != 1 and all(o.get(k, 1) == 1 for o in ops if o is not op)
                 for k, n in op.items()) for op in ops]
    shared = [k for k in summed if sum(o.get(k, 1) != 1 for o in ops) > 1]
    if not shared:      # products only
        return "int64" if any(alone) else dt
    if len(ops) > 2 and not all(alone) and (
            any(alone) or dt == "bool" and 0 in {n for o in ops for n in o.values()}):
        raise NotImplementedError(
            f"torch.einsum of {len(ops)} {dt} operands, some summing a label alone ({equation!r})"
            f" or bool with empty dims: torch's result dtype, or whether it raises, depends on "
            f"the contraction order it picks (opt_einsum); not supported by the frontend")
    dts = ["int64" if a else dt for a in alone]
    if any(o.get(k) == 0 for o in ops for k in (*shared, *out)):
        return dts[-1]
    if dts[0] == "bool":       # bmm's kernel is chosen by the first operand's dtype
        raise NotImplementedError('"bmm" not implemented for \'Bool\'')
    if dts[0] != dts[1]:
        raise RuntimeError(f"expected scalar type {_TORCH_NAME[dts[0]]} but found "
                           f"{_TORCH_NAME[dts[1]]}")
    return dts[0]


# ---- geometry ----------------------------------------------------------------------------------

def cross(input, other, dim=None, *, out=None):
    a, b = _tensor_arg(input, "cross"), _tensor_arg(other, "cross")
    if native_name(a) != native_name(b):
        raise RuntimeError(f"expected scalar type {_name(a)} but found {_name(b)}")
    if ivy.ndim(a) != ivy.ndim(b):
        raise RuntimeError("linalg.cross: inputs must have the same number of dimensions.")
    shape = ivy.broadcast_shapes(ivy.shape(a), ivy.shape(b))
    if dim is None:    # legacy default: the first dimension of size 3
        dim = next((i for i, s in enumerate(shape) if s == 3), None)
        if dim is None:
            raise RuntimeError("no dimension of size 3 in input")
    return _finish(_cross(a, b, _axis(dim, len(shape)), shape), out, "cross")


def _cross(a, b, axis, shape):
    if ivy.shape(a)[axis] != 3 or ivy.shape(b)[axis] != 3:
        raise RuntimeError(f"linalg.cross: inputs dimension {axis} must have length 3. Got "
                           f"{ivy.shape(a)[axis]} and {ivy.shape(b)[axis]}")
    a, b = ivy.broadcast_to(a, shape), ivy.broadcast_to(b, shape)
    if native_name(a) == "bool":
        raise NotImplementedError('"linalg_cross" not implemented for \'Bool\'')
    return ivy.linalg.cross(a, b, axis=axis - len(shape))   # the core takes a negative axis


_CDIST_MODES = ("use_mm_for_euclid_dist_if_necessary", "use_mm_for_euclid_dist",
                "donot_use_mm_for_euclid_dist", None)


def cdist(x1, x2, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary"):
    a, b = _tensor_arg(x1, "cdist"), _tensor_arg(x2, "cdist")
    if compute_mode not in _CDIST_MODES:      # the mode picks an algorithm, not a result
        raise RuntimeError(f"{compute_mode} is not a valid value for compute_mode")
    if native_name(a) not in ("float32", "float64"):
        if native_name(a) in ("float16", "bfloat16"):
            raise NotImplementedError(f'"cdist" not implemented for \'{_name(a)}\'')
        raise RuntimeError(f"cdist only supports floating-point dtypes, X1 got: {_name(a)}")
    if native_name(a) != native_name(b):
        raise RuntimeError(f"expected scalar type {_name(a)} but found {_name(b)}")
    if ivy.ndim(a) < 2 or ivy.ndim(b) < 2:
        which = 1 if ivy.ndim(a) < 2 else 2
        raise RuntimeError(f"cdist only supports at least 2D tensors, X{which} got: "
                           f"{min(ivy.ndim(a), ivy.ndim(b))}D")
    if ivy.shape(a)[-1] != ivy.shape(b)[-1]:
        raise RuntimeError(f"X1 and X2 must have the same number of columns. X1: "
                           f"{ivy.shape(a)[-1]} X2: {ivy.shape(b)[-1]}")
    if p < 0:
        raise RuntimeError(f"cdist only supports non-negative p values, got {p}")
    return _wrap(ivy.cdist(a, b, p=float(p)))


def dist(input, other, p=2):
    gap = _OPS["sub"](input, other)._data
    if native_name(gap) not in _FLOATING:
        raise RuntimeError(f"norm(): input dtype should be either floating point or complex. Got "
                           f"{_name(gap)} instead.")
    return _wrap(_vector_norm(gap, p, None, False))


# ---- norms -------------------------------------------------------------------------------------

def _vector_norm(a, ord, axes, keepdim):
    r = ivy.linalg.vector_norm(a, axis=axes, keepdims=keepdim, ord=ord)
    real = D.REAL_OF.get(native_name(a), native_name(a))
    return r if native_name(r) == real else ivy.astype(r, real)


def norm(input, p="fro", dim=None, keepdim=False, out=None, dtype=None):
    from . import linalg
    a = _tensor_arg(input, "norm")
    if isinstance(dim, int):
        dim = (dim,)
    if isinstance(p, str):
        if p == "fro" and (dim is None or len(dim) <= 2):
            return linalg.vector_norm(a, 2, dim, keepdim, dtype=dtype, out=out)
        if dim is None:
            dim = tuple(range(ivy.ndim(a)))
        return linalg.matrix_norm(a, p, dim, keepdim, dtype=dtype, out=out)
    return linalg.vector_norm(a, 2.0 if p is None else p, dim, keepdim, dtype=dtype, out=out)


# ---- determinants, inverses, decompositions ----------------------------------------------------

def det(input):
    a = square_float("linalg.det", input, kernel="lu")
    return _wrap(ivy.linalg.det(a))


def slogdet(input):
    a = square_float("linalg.slogdet", input, low_precision="runtime")
    sign, logabs = ivy.linalg.slogdet(a)
    return slogdet_result(_wrap(sign), _wrap(logabs))


def logdet(input):
    a = square_float("logdet", input, kernel="lu")
    sign, logabs = ivy.linalg.slogdet(a)
    if native_name(a) in _COMPLEX:
        return _wrap(ivy.add(ivy.astype(logabs, native_name(a)),
                             ivy.multiply(ivy.astype(ivy.atan2(ivy.imag(sign), ivy.real(sign)),
                                                     native_name(a)), 1j)))
    return _wrap(ivy.where(ivy.less(sign, 0), ivy.full_like(logabs, float("nan")), logabs))


def inverse(input, *, out=None):
    a = square_float("linalg.inv", input, low_precision="runtime")
    return _finish(guarded("linalg.inv", ivy.linalg.inv, a), out, "inverse")


def pinverse(input, rcond=1e-15):
    from . import linalg
    return linalg.pinv(input, rtol=rcond)


def matrix_power(input, n):
    a = matrices("linalg.matrix_power", _tensor_arg(input, "matrix_power"))
    if n < 0:
        a = inverse(a)._data
        n = -n
    if native_name(a) == "bool":
        raise NotImplementedError('"addmm_impl_cpu_" not implemented for \'Bool\'')
    return _wrap(ivy.linalg.matrix_power(a, n))


def matrix_exp(input):
    a = _tensor_arg(input, "linalg.matrix_exp")
    if native_name(a) not in _FLOATING:
        raise NotImplementedError(f'"linalg_matrix_exp" not implemented for \'{_name(a)}\'')
    return _wrap(ivy.linalg.matrix_exp(matrices("linalg.matrix_exp", a)))


def cholesky(input, upper=False, *, out=None):
    a = square_float("linalg.cholesky", input, kernel="cholesky")
    fn = "linalg.cholesky"
    message = "The factorization could not be completed because the input is not positive-definite."
    return _finish(guarded(fn, ivy.linalg.cholesky, a, message=message, upper=upper), out,
                   "cholesky")


def cholesky_solve(input, input2, upper=False, *, out=None):
    b, L = _tensor_arg(input, "cholesky_solve"), _tensor_arg(input2, "cholesky_solve")
    lapack("cholesky_solve", L, kernel="cholesky_solve")
    if native_name(b) != native_name(L):
        raise RuntimeError(f"Expected b and A to have the same dtype, but found b of type "
                           f"{_name(b)} and A of type {_name(L)} instead.")
    if ivy.ndim(b) < 2 or ivy.ndim(L) < 2:
        raise RuntimeError("b should have at least 2 dimensions, but has "
                           f"{ivy.ndim(b)} dimensions instead")
    matrices("cholesky_solve", L)
    return _finish(ivy.linalg.cholesky_solve(b, L, upper=upper), out, "cholesky_solve")


def cholesky_inverse(input, upper=False, *, out=None):
    L = square_float("cholesky_inverse", input, kernel="cholesky_inverse")
    eye = ivy.broadcast_to(ivy.eye(ivy.shape(L)[-1], dtype=native_name(L)), ivy.shape(L))
    return _finish(ivy.linalg.cholesky_solve(eye, L, upper=upper), out, "cholesky_inverse")


def triangular_solve(input, A, upper=True, transpose=False, unitriangular=False, *, out=None):
    if out is not None:
        raise NotImplementedError("torch.triangular_solve: out= is not supported")
    b, a = _tensor_arg(input, "triangular_solve"), _tensor_arg(A, "triangular_solve")
    lapack("triangular_solve", a, kernel="triangular_solve")
    if native_name(a) != native_name(b):
        raise RuntimeError(f"Expected b and A to have the same dtype, but found b of type "
                           f"{_name(b)} and A of type {_name(a)} instead.")
    if ivy.ndim(b) < 2:
        raise RuntimeError(f"torch.triangular_solve: The input tensor B must have at least 2 "
                           f"dimensions.")
    matrices("torch.triangular_solve", a)
    coefficient = ivy.matrix_transpose(a) if transpose else a
    x = ivy.linalg.solve_triangular(coefficient, b, upper=upper != bool(transpose),
                                    unitriangular=unitriangular)
    batch = ivy.broadcast_shapes(ivy.shape(a)[:-2], ivy.shape(b)[:-2])
    return triangular_solve_result(_wrap(x), _wrap(ivy.broadcast_to(a, batch + ivy.shape(a)[-2:])))


def lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True):
    from ivy.core.ext.linalg_extra import permutation
    lu, pivots = _tensor_arg(LU_data, "lu_unpack"), _tensor_arg(LU_pivots, "lu_unpack")
    m, n = ivy.shape(lu)[-2:]
    k = min(m, n)
    dt = native_name(lu)
    empty = ivy.zeros((0,), dtype=dt)
    L = U = P = _wrap(empty)
    if unpack_data:
        L = _wrap(ivy.add(ivy.tril(lu[..., :, :k], k=-1), ivy.eye(m, k, dtype=dt)))
        U = _wrap(ivy.triu(lu[..., :k, :]))
    if unpack_pivots:
        perm = permutation(ivy, pivots, m)     # written against a namespace: ivy is one
        rows = ivy.reshape(ivy.arange(m, dtype="int64"), (m, 1))
        P = _wrap(ivy.astype(ivy.equal(ivy.expand_dims(perm, axis=-2), rows), dt))
    return lu_unpack_result(P, L, U)


# ---- comparisons of tensors --------------------------------------------------------------------

def _close_operands(fn, input, other):
    a, b = _tensor_arg(input, fn), _tensor_arg(other, fn)
    if native_name(a) != native_name(b):
        raise RuntimeError(f"{_name(a)} did not match {_name(b)}")
    return a, b


@shape_errors
def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    a, b = _close_operands("isclose", input, other)
    if native_name(a) == "bool":
        return _wrap(ivy.equal(a, b))
    return _wrap(ivy.isclose(a, b, rtol=rtol, atol=atol, equal_nan=equal_nan))


def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    return bool(ivy.all(isclose(input, other, rtol, atol, equal_nan)._data))


def equal(input, other):
    a, b = _tensor_arg(input, "equal"), _tensor_arg(other, "equal")
    if ivy.shape(a) != ivy.shape(b):
        return False
    return bool(ivy.all(_OPS["eq"](_wrap(a), _wrap(b))._data))


# ---- pointwise extras --------------------------------------------------------------------------

@shape_errors
def lerp(input, end, weight, *, out=None):
    a, b = _tensor_arg(input, "lerp"), _tensor_arg(end, "lerp")
    if native_name(a) != native_name(b):
        raise RuntimeError(f"expected dtype {T.BY_NAME[native_name(a)]} for `end` but got dtype "
                           f"{T.BY_NAME[native_name(b)]}".replace("torch.", ""))
    if isinstance(weight, Tensor) or ivy.is_native_array(weight):
        w = _tensor_arg(weight, "lerp")
        if native_name(w) != native_name(a):
            raise RuntimeError(f"expected dtype {T.BY_NAME[native_name(a)]} for `weight` but got "
                               f"dtype {T.BY_NAME[native_name(w)]}".replace("torch.", ""))
        kernel = "lerp_kernel_tensor"
    else:
        w, kernel = weight, "lerp_kernel_scalar"
    if native_name(a) not in _FLOATING:
        raise NotImplementedError(f'"{kernel}" not implemented for \'{_name(a)}\'')
    return _finish(ivy.lerp(a, b, w), out, "lerp")


def frexp(input, *, out=None):
    a = _tensor_arg(input, "frexp")
    if native_name(a) not in D.REAL_FLOATING:
        raise RuntimeError("torch.frexp() only supports floating-point dtypes")
    mantissa, exponent = ivy.frexp(a)
    if out is not None:
        _finish(mantissa, out[0], "frexp")
        _finish(exponent, out[1], "frexp")
        return frexp_result(*out)
    return frexp_result(_wrap(mantissa), _wrap(exponent))


def ldexp(input, other, *, out=None):
    # torch: input * 2.0 ** other, in the promoted floating dtype
    return _OPS["mul"](input, _OPS["pow"](2.0, other), out=out)


def _integer_pair(fn):
    def f(input, other, *, out=None):
        a, b = _tensor_arg(input, fn), _tensor_arg(other, fn)
        dt = T.result_name((_wrap(a), _wrap(b)))
        if dt not in _INTEGRAL:
            raise NotImplementedError(f'"{fn}_cpu" not implemented for \'{_TORCH_NAME[dt]}\'')
        return _finish(getattr(ivy, fn)(cast(a, dt), cast(b, dt)), out, fn)
    f.__name__ = fn
    return f


gcd, lcm = _integer_pair("gcd"), _integer_pair("lcm")


def trapezoid(y, x=None, *, dx=None, dim=-1):
    a = _tensor_arg(y, "trapezoid")
    axis = _axis(dim, ivy.ndim(a))
    n = ivy.shape(a)[axis]
    if x is not None and dx is not None:
        raise TypeError("trapezoid() received an invalid combination of arguments")
    if isinstance(x, (int, float)) and not isinstance(x, bool):
        x, dx = None, x
    if n == 0:
        shape = ivy.shape(a)[:axis] + ivy.shape(a)[axis + 1:]
        dt = T.result_name((_wrap(a), 1.0)) if x is None else T.result_name((_wrap(a), x))
        return _wrap(ivy.zeros(shape, dtype=dt))
    left = _wrap(ivy.take(a, ivy.arange(0, n - 1), axis=axis))
    right = _wrap(ivy.take(a, ivy.arange(1, n), axis=axis))
    pair = _OPS["add"](left, right)
    if x is None:
        step = 1 if dx is None else dx
        total = _OPS["mul"](_wrap(ivy.sum(pair._data, axis=axis)), step)
        return _OPS["true_divide"](total, 2.0)
    xs = _tensor_arg(x, "trapezoid")
    if ivy.ndim(xs) == 1:
        gaps = ivy.diff(xs)
        gaps = ivy.reshape(gaps, (-1,) + (1,) * (ivy.ndim(a) - 1 - axis))
    else:
        gaps = ivy.diff(xs, axis=_axis(dim, ivy.ndim(xs)))
    weighted = _OPS["mul"](_wrap(gaps), pair)
    return _OPS["true_divide"](_wrap(ivy.sum(weighted._data, axis=axis)), 2.0)


def vander(x, N=None, increasing=False):
    a = _tensor_arg(x, "vander")
    if ivy.ndim(a) != 1:
        raise RuntimeError("x must be a one-dimensional tensor.")
    if N is not None and N < 0:
        raise RuntimeError("N must be non-negative.")
    dt = "int64" if native_name(a) in _INTEGRAL | {"bool"} else native_name(a)
    return _wrap(ivy.vander(cast(a, dt), N=N, increasing=increasing))


FUNCTIONS = {
    "matmul": matmul, "mm": mm, "bmm": bmm, "mv": mv, "dot": dot, "vdot": vdot, "inner": inner,
    "outer": outer, "ger": outer, "addmm": addmm, "addmv": addmv, "addbmm": addbmm,
    "baddbmm": baddbmm, "addr": addr, "addcmul": addcmul, "addcdiv": addcdiv,
    "kron": kron, "cross": cross, "dist": dist, "norm": norm, "det": det, "logdet": logdet,
    "slogdet": slogdet, "inverse": inverse, "pinverse": pinverse, "matrix_power": matrix_power,
    "matrix_exp": matrix_exp, "cholesky": cholesky, "cholesky_solve": cholesky_solve,
    "cholesky_inverse": cholesky_inverse, "triangular_solve": triangular_solve,
    "allclose": allclose, "isclose": isclose, "equal": equal, "lerp": lerp, "frexp": frexp,
    "ldexp": ldexp, "gcd": gcd, "lcm": lcm,
}
FUNCTIONS_ONLY = {"einsum": einsum, "tensordot": tensordot, "cdist": cdist,
                  "lu_unpack": lu_unpack, "trapezoid": trapezoid, "trapz": trapezoid,
                  "vander": vander}


def _rmatmul(self, other):
    if not isinstance(other, Tensor) and not ivy.is_native_array(other):
        return NotImplemented
    return matmul(other, self)


# in-place forms torch has; no __imatmul__, as in torch: ``a @= b`` rebinds ``a`` to ``a @ b``
METHODS = {"__matmul__": lambda self, other: matmul(self, other), "__rmatmul__": _rmatmul,
           **{name + "_": _inplace(FUNCTIONS[name], name + "_") for name in (
               "addmm", "addmv", "addbmm", "baddbmm", "addr", "addcmul", "addcdiv", "lerp",
               "ldexp", "gcd", "lcm")}}
