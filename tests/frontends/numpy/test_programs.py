"""Whole NumPy snippets, written once against an ``np`` module: real NumPy and the frontend on each
backend must give the same values, dtypes, result kinds (NumPy scalar or array) and exception
types -- views and in-place writes included."""
import numpy as real_np
import pytest




def _describe(x, np):
    """A comparable record of one result."""
    if isinstance(x, (np.ndarray, real_np.ndarray)):
        return ("array", str(x.dtype), real_np.asarray(x).tolist())
    if isinstance(x, real_np.generic):
        return ("scalar", type(x).__name__, x.item())
    if isinstance(x, BaseException):
        return ("error", next(c.__name__ for c in type(x).__mro__ if c.__module__ == "builtins"))
    if isinstance(x, (list, tuple)):
        return type(x).__name__, [_describe(v, np) for v in x]
    return ("python", type(x).__name__, x)


def _steps(np, *thunks):
    """Each thunk's result, or the exception it raised."""
    out = []
    for thunk in thunks:
        try:
            out.append(thunk())
        except Exception as e:      # noqa: BLE001 - the type is compared
            out.append(e)
    return out


def views_and_writes(np):
    a = np.arange(6.0)
    v = a[1:4]
    v[0] = 100                      # a write through a slice reaches the base
    b = a.reshape(2, 3)
    b[1, 1] = -5                    # ... and through a reshape
    a[0] = 7                        # a write to the base reaches both views
    t = b.T
    t[2, 0] = 42                    # through a transpose of a view
    r = a.ravel()
    r[5] += 1
    c = a.copy()
    c[:] = 0                        # a copy is independent
    f = b.flatten()
    f[0] = -1
    return [a, v, b, t, r, c, f, v.base is a, b.base is a, t.base is a, c.base is None]


def scalars_and_conversion(np):
    a = np.arange(6).reshape(2, 3)
    x = np.array([1.5, 2.5], dtype=np.float32)
    return [a[1, 2], a[1], a[..., 0], x[0], x.sum(), a.sum(), np.add(1, 2), a.item(4),
            a.tolist(), float(x[1]), len(a), [row for row in a], int(np.array(7)),
            np.array(3.0).ndim, np.array([[1, 2]], ndmin=3).shape, a.shape, a.ndim, a.size,
            a.dtype, x.itemsize, x.nbytes, a.strides]


def promotion(np):
    i8 = np.arange(3, dtype=np.int8)
    f32 = np.ones(3, dtype=np.float32)
    u8 = np.arange(3, dtype=np.uint8)
    return _steps(np, lambda: i8 + 1, lambda: i8 * 2.5, lambda: f32 * 2.0, lambda: f32 + 1,
                  lambda: i8 + 300, lambda: u8 - 1, lambda: u8 + np.int64(1),
                  lambda: i8 + f32, lambda: u8 + i8, lambda: i8 / 2, lambda: i8 // 2,
                  lambda: f32 > 1, lambda: np.float32(2) * f32, lambda: 2 ** i8,
                  lambda: -u8, lambda: ~i8, lambda: i8 & 6, lambda: np.array(True) + True,
                  lambda: np.result_type(i8, 1.0), lambda: np.result_type(i8, np.float16))


def inplace(np):
    i = np.arange(5)
    f = np.zeros(3, dtype=np.float32)
    b = np.array([1, 2], dtype=np.int8)

    def iadd_float():
        i2 = np.arange(3)
        i2 += 1.5
        return i2

    def imul():
        f2 = np.ones(3, dtype=np.float32)
        f2 *= np.arange(3)          # float64 -> float32 is same_kind
        return f2

    def iadd_wide():
        b2 = np.array([1, 2], dtype=np.int8)
        b2 += np.array([100, 100])  # int64 -> int8 is same_kind: wraps
        return b2

    i += 2
    f -= 1
    b <<= 1
    return _steps(np, lambda: i, lambda: f, lambda: b, iadd_float, imul, iadd_wide)


def ufunc_keywords(np):
    i = np.arange(5)
    o = np.zeros(5)
    np.multiply(i, 2, out=o, where=i > 1)
    o2 = np.full(5, -1.0)
    np.add(i, i, o2)
    oi = np.zeros(5, dtype=np.int64)
    return _steps(np, lambda: o, lambda: o2, lambda: np.add(i, 1, dtype=np.float32),
                  lambda: np.add(i, 2.5, out=oi), lambda: np.add(i, 2.5, out=oi, casting="unsafe"),
                  lambda: np.add(i, i, casting="no"), lambda: np.sqrt(i).dtype,
                  lambda: np.sin(np.zeros(2, np.float32)), lambda: np.bitwise_and(1.0, 2.0),
                  lambda: (np.add.nin, np.add.nout, np.add.nargs, np.add.identity,
                           np.multiply.identity, np.add.ntypes, np.negative.nin),
                  lambda: np.true_divide(np.arange(3), 2), lambda: np.add(i, i, np.zeros(3)))


def reductions(np):
    a = np.arange(12, dtype=np.int8).reshape(3, 4)
    f = np.linspace(0.0, 1.0, 6, dtype=np.float32).reshape(2, 3)
    return _steps(np, lambda: a.sum(), lambda: a.sum(axis=0), lambda: np.sum(a, axis=(0, 1)),
                  lambda: a.sum(axis=1, keepdims=True), lambda: a.mean(), lambda: f.mean(axis=1),
                  lambda: a.max(), lambda: np.min(a, axis=0), lambda: a.argmax(),
                  lambda: a.argmin(axis=1), lambda: np.argmax(a, axis=0, keepdims=True),
                  lambda: a.prod(axis=1), lambda: (a > 3).all(axis=1), lambda: np.any(a),
                  lambda: np.zeros(0).max(), lambda: a.sum(axis=2),
                  lambda: a.sum(dtype=np.float32), lambda: np.sum(f, initial=10.0))


def creation(np):
    return _steps(np, lambda: np.zeros((2, 2)), lambda: np.ones(3, dtype=np.int32),
                  lambda: np.full((2,), 7), lambda: np.full(2, 1.5, dtype=np.float32),
                  lambda: np.arange(5), lambda: np.arange(1.0, 2.0, 0.25),
                  lambda: np.arange(3, dtype=np.uint8), lambda: np.linspace(0, 1, 5),
                  lambda: np.eye(3, k=1), lambda: np.identity(2, dtype=int),
                  lambda: np.zeros_like(np.arange(3)), lambda: np.ones_like(np.ones(2), dtype=bool),
                  lambda: np.full_like(np.arange(3), 2.7), lambda: np.asarray([[1, 2], [3, 4]]),
                  lambda: np.array([1, 2], dtype=np.float16), lambda: np.asarray(5.0),
                  lambda: np.array([True, False]), lambda: np.empty((2, 0)).shape)


def errors(np):
    a = np.arange(6).reshape(2, 3)
    return _steps(np, lambda: bool(a), lambda: a[2], lambda: a.reshape(4, 2),
                  lambda: len(np.array(1.0)), lambda: a.transpose(1, 1),
                  lambda: np.add(a, np.ones(4)), lambda: np.array([1, 2])[[0, 5]],
                  lambda: a.astype(np.int8, casting="safe"), lambda: a.astype(np.float32))


def files_and_buffers(np):
    import io
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    buf = io.BytesIO()
    np.save(buf, a)
    buf.seek(0)
    loaded = np.load(buf)
    z = io.BytesIO()
    np.savez(z, first=a, second=np.arange(3))
    z.seek(0)
    with np.load(z) as npz:
        archive = [sorted(npz.files), npz["first"], npz["second"]]
    raw = np.frombuffer(b"\x01\x02\x03\x04", dtype=np.uint8)
    return [loaded, archive, raw, np.frombuffer(a.tobytes(), dtype=np.float32)]


def index_tricks(np):
    xs, ys = np.meshgrid(np.arange(3), np.arange(2.0))
    ii, jj = np.meshgrid(np.arange(3), np.arange(2), indexing="ij", sparse=True)
    return _steps(np, lambda: np.indices((2, 3)), lambda: (xs, ys), lambda: (ii, jj),
                  lambda: np.unravel_index(7, (3, 4)),
                  lambda: np.unravel_index(np.array([1, 5, 11]), (3, 4)),
                  lambda: np.ravel_multi_index((np.array([0, 2]), np.array([1, 3])), (3, 4)),
                  lambda: np.ravel_multi_index((np.array([5]), np.array([1])), (3, 4),
                                               mode="clip"),
                  lambda: np.unravel_index(12, (3, 4)),
                  lambda: np.ix_(np.array([0, 1]), np.array([2, 0])),
                  lambda: np.mgrid[0:2, 0:3], lambda: np.ogrid[0:2, 0:3],
                  lambda: np.r_[np.array([1, 2]), 0, np.array([3])], lambda: np.c_[np.ones(2),
                                                                                  np.zeros(2)],
                  lambda: list(np.ndindex(2, 2)),
                  lambda: [(i, v) for i, v in np.ndenumerate(np.arange(4).reshape(2, 2))],
                  lambda: (np.shape(np.zeros((2, 5))), np.size(np.zeros((2, 5))),
                           np.size(np.zeros((2, 5)), 1), np.ndim(np.zeros((2, 5)))))


def tri_family(np):
    m = np.arange(9.0).reshape(3, 3)
    return _steps(np, lambda: np.tri(3, 4, k=1), lambda: np.tril(m), lambda: np.triu(m, 1),
                  lambda: np.diag(m), lambda: np.diag(np.arange(3), k=-1),
                  lambda: np.diagflat(np.array([[1, 2]])), lambda: np.tril_indices(3),
                  lambda: np.triu_indices(3, 1, 4), lambda: np.diag(np.zeros((2, 2, 2))),
                  lambda: np.vectorize(lambda x, y: x * 2 + y)(np.arange(3), 1),
                  lambda: np.vectorize(lambda x: x > 1, otypes=[bool])(np.arange(3)),
                  lambda: np.fromfunction(lambda i, j: i + j, (2, 3)))


def ufunc_methods(np):
    a = np.arange(1, 7, dtype=np.int8).reshape(2, 3)
    f = np.arange(6.0).reshape(2, 3)
    x = np.zeros(4)
    np.add.at(x, np.array([0, 0, 2]), 1)
    y = np.ones(5, dtype=np.int64)
    np.multiply.at(y, [1, 1, 3], 3)
    z = np.zeros(3)
    np.subtract.at(z, [2, 2], 1.5)
    m = np.full(3, 5.0)
    np.minimum.at(m, [0, 0, 1], np.array([3.0, 1.0, 9.0]))
    return _steps(np, lambda: np.add.reduce(a), lambda: np.add.reduce(a, axis=1),
                  lambda: np.add.reduce(a, axis=None), lambda: np.multiply.reduce(a, axis=0),
                  lambda: np.maximum.reduce(f, axis=1, keepdims=True),
                  lambda: np.subtract.reduce(f, axis=1), lambda: np.true_divide.reduce(f[1]),
                  lambda: np.subtract.reduce(f, axis=(0, 1)), lambda: np.maximum.reduce(np.ones(0)),
                  lambda: np.minimum.reduce(np.ones(0), initial=3.0),
                  lambda: np.add.reduce(np.ones(3), initial=5),
                  lambda: np.logical_and.reduce(a > 1, axis=1), lambda: np.add.reduce(a > 2),
                  lambda: np.add.accumulate(a, axis=1), lambda: np.multiply.accumulate(f[1]),
                  lambda: np.maximum.accumulate(np.array([1, 3, 2, 5])),
                  lambda: np.subtract.accumulate(np.array([10.0, 1.0, 2.0])),
                  lambda: np.multiply.outer(np.array([1, 2]), np.array([3, 4, 5])),
                  lambda: np.add.outer(np.ones(2, np.float32), np.arange(3)),
                  lambda: x, lambda: y, lambda: z, lambda: m,
                  lambda: np.add.reduceat(np.arange(8), [0, 4, 1, 5]),
                  lambda: np.add.reduce(np.ones(3, np.float32), dtype=np.float64),
                  lambda: np.negative.reduce(f))


PROGRAMS = [views_and_writes, scalars_and_conversion, promotion, inplace, ufunc_keywords,
            reductions, creation, errors, files_and_buffers, index_tricks, tri_family,
            ufunc_methods]


def _close(got, want, where="result"):
    """Equal records; floating values within float32 rounding (kernels sum in different orders)."""
    if isinstance(want, float) and isinstance(got, float):
        assert got == pytest.approx(want, rel=2e-6, abs=1e-12, nan_ok=True), where
    elif isinstance(want, (list, tuple)) and isinstance(got, (list, tuple)):
        assert len(got) == len(want) and type(got) is type(want), (where, got, want)
        for i, (g, w) in enumerate(zip(got, want)):
            _close(g, w, f"{where}[{i}]")
    else:
        assert got == want, (where, got, want)


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.__name__)
def test_program_matches_numpy(program, backend, ours):
    _close(_describe(program(ours), ours), _describe(program(real_np), real_np))


def more_methods(np):
    z = np.array([1 + 2j, 3 - 1j])
    r = z.real
    r[0] = 10.0                         # writes through the real view
    z.imag = np.array([5.0, 6.0])
    f = np.arange(6.0).reshape(2, 3)
    f.flat[4] = -1.0
    g = np.arange(5)
    np.put(g, [0, 2], [9, 8])
    h = np.arange(4)
    h.put([10], 7, mode="clip")
    k = np.arange(6)
    k.resize((2, 4), refcheck=False)
    return _steps(np, lambda: z, lambda: r, lambda: z.imag, lambda: f, lambda: list(f.flat),
                  lambda: f.flat[2], lambda: g, lambda: h, lambda: k, lambda: 3 in g,
                  lambda: 100 in g, lambda: np.arange(6.0).reshape(2, 3).mT,
                  lambda: np.compress([True, False, True], np.arange(6).reshape(3, 2), axis=0),
                  lambda: np.arange(4.0).real, lambda: np.arange(3.0).imag,
                  lambda: np.ones(3).device)


PROGRAMS.append(more_methods)


def tier1_names(np):
    """Names of the tier-1 list that no row reaches (NumPy's own objects, files, printing)."""
    import os
    import tempfile
    a = np.linspace(-1.0, 1.0, 6).reshape(2, 3)
    path = os.path.join(tempfile.mkdtemp(), "raw.bin")
    a.astype(np.float32).tofile(path)
    old = np.get_printoptions()
    np.set_printoptions(precision=3, suppress=True)
    text = repr(a * np.pi)
    np.set_printoptions(**old)
    return _steps(np, lambda: np.fromfile(path, dtype=np.float32), lambda: text,
                  lambda: np.amax(a, axis=0), lambda: np.amax(a), lambda: np.amin(a, axis=1),
                  lambda: a[:, np.newaxis].shape, lambda: np.finfo(np.float32).eps,
                  lambda: np.iinfo(np.int16).max, lambda: np.issubdtype(a.dtype, np.floating),
                  lambda: np.issubdtype(np.arange(3).dtype, np.integer),
                  lambda: np.array([1, 0, 2]).astype(np.bool_), lambda: np.ceil(a),
                  lambda: np.floor(a), lambda: np.tanh(a), lambda: np.cos(a),
                  lambda: np.log2(np.abs(a) + 1), lambda: np.log10(np.abs(a) + 1),
                  lambda: np.isnan(np.array([np.nan, 1.0])))


PROGRAMS.append(tier1_names)


def remaining_names(np):
    """Every defined name a row does not reach: aliases, printing, text files, error state."""
    import io
    import warnings
    a = np.linspace(0.1, 0.9, 6).reshape(2, 3)
    i = np.arange(6, dtype=np.int16).reshape(2, 3)
    aliases = [(np.acos, np.arccos), (np.acosh, np.arccosh), (np.asin, np.arcsin),
               (np.asinh, np.arcsinh), (np.atan, np.arctan), (np.atanh, np.arctanh),
               (np.divide, np.true_divide), (np.mod, np.remainder), (np.pow, np.power),
               (np.bitwise_not, np.invert), (np.bitwise_invert, np.invert),
               (np.bitwise_left_shift, np.left_shift), (np.bitwise_right_shift, np.right_shift)]
    text = io.StringIO()
    np.savetxt(text, a, fmt="%.4f")
    text.seek(0)
    z = io.BytesIO()
    np.savez_compressed(z, a=a)
    z.seek(0)
    with np.load(z) as npz:
        packed = npz["a"]
    f = np.empty_like(i)
    f.fill(7)
    old = np.geterr()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with np.errstate(divide="ignore"):
            quiet = np.geterr()["divide"]
        np.seterr(**old)
    with np.printoptions(precision=2):
        printed = repr(a)
    return _steps(np, lambda: [x is y for x, y in aliases], lambda: np.acos(a),
                  lambda: np.atan2(a, 2.0), lambda: np.bitwise_left_shift(i, 1),
                  lambda: np.around(a, 1), lambda: np.array2string(a, precision=2),
                  lambda: np.array_repr(a), lambda: np.array_str(i), lambda: np.loadtxt(text),
                  lambda: packed, lambda: f, lambda: quiet, lambda: printed,
                  lambda: np.can_cast(np.int16, np.float32), lambda: np.can_cast(i, np.int8),
                  lambda: np.promote_types(np.int16, np.uint16),
                  lambda: np.min_scalar_type(300), lambda: np.isdtype(np.float32, "real floating"),
                  lambda: np.concat([i, i], axis=1), lambda: np.diag_indices(3),
                  lambda: np.fromiter(range(4), dtype=np.float32),
                  lambda: np.nanprod(np.array([1.0, np.nan, 3.0])),
                  lambda: np.nanquantile(np.array([1.0, np.nan, 3.0, 4.0]), 0.5),
                  lambda: isinstance(np.add, np.ufunc), lambda: a.flags["C_CONTIGUOUS"],
                  lambda: a.to_device("cpu"), lambda: np.loads(a.dumps()) if hasattr(np, "loads")
                  else __import__("pickle").loads(a.dumps()))


PROGRAMS.append(remaining_names)
