"""Shared pytest configuration: backend selection and Hypothesis profiles.

    pytest --backend numpy,torch          # only these backends (default: every installed one)
    pytest --hypothesis-profile=deep      # many more examples per test (local runs)
"""
import importlib.util
import os

# TensorFlow's oneDNN kernels, on by default on AVX-512 CPUs only, make real TensorFlow -- the
# reference -- machine-dependent: softmax of a row holding +inf gives 0s and one NaN, and some
# invalid convolutions abort the process instead of raising. The tests run on Eigen's kernels,
# which every x86 CPU has. (Set before anything imports TensorFlow.)
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import pytest
from hypothesis import HealthCheck, settings

import ivy

settings.register_profile(
    "ci", max_examples=12, deadline=None, derandomize=True, print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.filter_too_much, HealthCheck.differing_executors,
                           HealthCheck.function_scoped_fixture])
settings.register_profile(
    "deep", max_examples=300, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.filter_too_much, HealthCheck.differing_executors,
                           HealthCheck.function_scoped_fixture])
settings.load_profile(os.environ.get("IVY_HYPOTHESIS_PROFILE", "ci"))


def _freeze_local_constants():
    """Hypothesis mixes literals found in the project's own modules into its draws, so a
    derandomized example would change whenever unrelated code (or the set of modules a test run
    happens to have imported) changes. The fast profile draws without them: each test's examples
    then depend only on the test. (IVY_HYPOTHESIS_PROFILE=deep keeps them.)"""
    from hypothesis.internal.conjecture import providers
    if hasattr(providers, "_get_local_constants") and hasattr(providers, "Constants"):
        providers._get_local_constants = providers.Constants


if os.environ.get("IVY_HYPOTHESIS_PROFILE", "ci") == "ci":
    _freeze_local_constants()

_FRAMEWORK = {"numpy": "numpy", "torch": "torch", "jax": "jax", "tensorflow": "tensorflow"}


def installed_backends():
    return [b for b in ivy.BACKENDS if importlib.util.find_spec(_FRAMEWORK[b]) is not None]


def pytest_addoption(parser):
    parser.addoption("--backend", action="store", default=None,
                     help="comma-separated backends to test (default: all installed)")


def selected_backends(config):
    opt = config.getoption("--backend")
    if not opt:
        return installed_backends()
    names = [b.strip() for b in opt.split(",") if b.strip()]
    unknown = [b for b in names if b not in ivy.BACKENDS]
    if unknown:
        raise pytest.UsageError(f"--backend: unknown backend(s) {unknown}; choose from {ivy.BACKENDS}")
    return names


def pytest_generate_tests(metafunc):
    # Any test taking `backend` runs once per selected backend.
    if "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", selected_backends(metafunc.config), scope="session")


@pytest.fixture
def xp(backend):
    """The backend's bound namespace, selected for the duration of the test."""
    with ivy.using_backend(backend) as ns:
        yield ns
