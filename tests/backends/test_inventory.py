"""The suite covers the whole core, and every backend provides every primary."""
import importlib

import pytest

import ivy
from ivy.core import api
from ivy.core import dtypes as D

from . import strategies as S

ROW_MODULES = ("test_elementwise", "test_creation", "test_data_types", "test_manipulation",
               "test_searching_sorting_sets", "test_statistics", "test_linalg", "test_fft")


def all_rows():
    for m in ROW_MODULES:
        yield from importlib.import_module(f"{__package__}.{m}").ROWS


def core_names():
    """The standard's names: rows in the table-driven modules above cover them."""
    return {api.qualified(ns, n) for ns, n, _ in api.all_names(api.ARRAY_API_NAMESPACES)}


def test_every_core_name_has_a_row():
    covered = {r.name for r in all_rows()}
    missing = sorted(core_names() - covered)
    assert not missing, f"core functions without a row in tests/backends: {missing}"


def test_every_row_names_a_core_function():
    unknown = sorted({r.name for r in all_rows()} - core_names())
    assert not unknown, f"rows for names ivy.core.api does not define: {unknown}"


def test_backend_provides_every_primary(backend):
    ns = ivy.backend_namespace(backend)
    missing = []
    for sub, name, primary in api.all_names():
        fn = getattr(getattr(ns, sub) if sub else ns, name)
        if primary and getattr(fn, "__ivy_missing__", False):
            missing.append(api.qualified(sub, name))
    assert not missing, f"{backend} backend lacks {len(missing)} primaries: {missing}"


def test_backend_module_metadata(backend):
    module = importlib.import_module(f"ivy.backends.{backend}")
    assert module.NAME == backend
    assert isinstance(module.NATIVE_ARRAY_TYPES, tuple) and module.NATIVE_ARRAY_TYPES


# The strategies' dtype categories are the standard's, as array_api_strict defines them.
_STRICT_CATEGORY = {"all": "all", "bool": "boolean", "integer": "integer",
                    "integer or boolean": "integer or boolean", "real numeric": "real numeric",
                    "numeric": "numeric", "real floating": "real floating-point",
                    "complex floating": "complex floating-point", "floating": "floating-point"}


@pytest.mark.parametrize("category", sorted(_STRICT_CATEGORY))
def test_dtype_categories_match_strict(category):
    from array_api_strict import _dtypes as strict_dtypes  # private: the reference's own table

    from .harness import strict_dtype_name
    strict_names = strict_dtypes._dtype_categories[_STRICT_CATEGORY[category]]
    expected = {strict_dtype_name(d) for d in strict_names}
    assert set(S.CATEGORIES[category]) == expected
    assert set(S.CATEGORIES[category]) <= set(D.ARRAY_API)
