"""The core's function inventory: which names exist, in which namespace, and who implements them.

*Primary* names must be implemented by every backend (a missing one is a test failure).
*Compositional* names have one default body in ``ivy/core/compositional.py`` written against a
backend namespace ``xp``; a backend may override one with a native function of the same name.

Signatures follow the Array API standard 2024.12 exactly (as ``array_api_strict`` spells them:
keyword names, defaults, positional-only markers); ``tests/backends/test_signatures.py`` checks it.
"""
from __future__ import annotations

from collections import namedtuple

MAIN_PRIMARY = (
    # creation
    "asarray", "arange", "empty", "empty_like", "eye", "from_dlpack", "full", "full_like",
    "linspace", "meshgrid", "ones", "ones_like", "tril", "triu", "zeros", "zeros_like",
    # data types
    "astype", "broadcast_arrays", "broadcast_to",
    # elementwise
    "abs", "acos", "acosh", "add", "asin", "asinh", "atan", "atan2", "atanh", "bitwise_and",
    "bitwise_left_shift", "bitwise_invert", "bitwise_or", "bitwise_right_shift", "bitwise_xor",
    "ceil", "clip", "conj", "copysign", "cos", "cosh", "divide", "equal", "exp", "expm1", "floor",
    "floor_divide", "greater", "greater_equal", "hypot", "imag", "isfinite", "isinf", "isnan",
    "less", "less_equal", "log", "log1p", "log2", "log10", "logaddexp", "logical_and",
    "logical_not", "logical_or", "logical_xor", "maximum", "minimum", "multiply", "negative",
    "nextafter", "not_equal", "positive", "pow", "real", "reciprocal", "remainder", "round",
    "sign", "signbit", "sin", "sinh", "square", "sqrt", "subtract", "tan", "tanh", "trunc",
    # indexing
    "take", "take_along_axis",
    # linear algebra (main namespace)
    "matmul", "tensordot",
    # manipulation
    "concat", "expand_dims", "flip", "moveaxis", "permute_dims", "repeat", "reshape", "roll",
    "squeeze", "stack", "tile",
    # searching
    "argmax", "argmin", "nonzero", "count_nonzero", "searchsorted", "where",
    # sets
    "unique_all", "unique_counts", "unique_inverse", "unique_values", "isin",
    # sorting
    "argsort", "sort",
    # statistics
    "cumulative_sum", "cumulative_prod", "max", "mean", "min", "prod", "std", "sum", "var",
    # utility
    "all", "any", "diff",
    # ivy extras every backend provides: native array <-> canonical metadata, interop
    "dtype", "device", "to_device", "shape", "to_numpy", "is_native_array",
)

MAIN_COMPOSITIONAL = (
    "broadcast_shapes", "can_cast", "finfo", "iinfo", "isdtype", "result_type",
    "matrix_transpose", "vecdot", "unstack", "ndim", "size", "__array_namespace_info__",
)

LINALG_PRIMARY = (
    "cholesky", "cross", "det", "diagonal", "eig", "eigh", "eigvals", "eigvalsh", "inv",
    "matrix_norm", "matrix_power", "matrix_rank", "outer", "pinv", "qr", "slogdet", "solve",
    "svd", "svdvals", "trace", "vector_norm",
)
LINALG_COMPOSITIONAL = ("matmul", "matrix_transpose", "tensordot", "vecdot")

FFT_PRIMARY = ("fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "rfftn", "irfftn", "hfft", "ihfft")
FFT_COMPOSITIONAL = ("fftfreq", "rfftfreq", "fftshift", "ifftshift")

# The Array API standard's names (tests/backends/test_signatures compares them with the standard).
ARRAY_API_NAMESPACES = {
    "": (MAIN_PRIMARY, MAIN_COMPOSITIONAL),
    "linalg": (LINALG_PRIMARY, LINALG_COMPOSITIONAL),
    "fft": (FFT_PRIMARY, FFT_COMPOSITIONAL),
}


def _with_extensions():
    """The standard's names plus every extension area's (``ivy/core/ext``), per namespace."""
    from .ext import load_areas
    areas = load_areas()
    spaces = {ns: (list(p), list(c)) for ns, (p, c) in ARRAY_API_NAMESPACES.items()}
    area_of, late = {}, set()
    for area in areas.values():
        primary, composed = spaces.setdefault(area.namespace, ([], []))
        for names, table in ((primary, area.primaries), (composed, area.bodies)):
            for n in table:
                if n in primary or n in composed:
                    raise ValueError(f"ivy.core.api: {qualified(area.namespace, n)} is declared "
                                     f"twice (again by area {area.name})")
                area_of[(area.namespace, n)] = area.name
                names.append(n)
        late.update((area.namespace, n) for n in area.late)
    return areas, {ns: (tuple(p), tuple(c)) for ns, (p, c) in spaces.items()}, area_of, late


# Names that create arrays without array inputs: with no backend set they use the default backend.
CREATION = frozenset({"asarray", "arange", "empty", "eye", "full", "linspace", "ones", "zeros",
                      "from_dlpack"})

# Structured results, as the standard names their fields.
UniqueAllResult = namedtuple("UniqueAllResult", "values indices inverse_indices counts")
UniqueCountsResult = namedtuple("UniqueCountsResult", "values counts")
UniqueInverseResult = namedtuple("UniqueInverseResult", "values inverse_indices")
EighResult = namedtuple("EighResult", "eigenvalues eigenvectors")
EigResult = namedtuple("EigResult", "eigenvalues eigenvectors")
QRResult = namedtuple("QRResult", "Q R")
SlogdetResult = namedtuple("SlogdetResult", "sign logabsdet")
SVDResult = namedtuple("SVDResult", "U S Vh")


def qualified(namespace: str, name: str) -> str:
    return f"{namespace}.{name}" if namespace else name


# Every namespace's (primary, compositional) names, the extensions included; AREA_OF maps an
# extension's (namespace, name) to its area; LATE holds the names dispatched late (see ext/_area).
AREAS, NAMESPACES, AREA_OF, LATE = _with_extensions()


def all_names(namespaces=None):
    """Every (namespace, name, is_primary) the core defines (or ``namespaces`` defines)."""
    for ns, (primary, compositional) in (namespaces or NAMESPACES).items():
        for n in primary:
            yield ns, n, True
        for n in compositional:
            yield ns, n, False
