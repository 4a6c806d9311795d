"""Shared pytest configuration: backend selection and Hypothesis profiles.

    pytest --backend numpy,torch          # only these backends (default: every installed one)
    pytest --hypothesis-profile=deep      # many more examples per test (local runs)
    IVY_HYPOTHESIS_PROFILE=random pytest  # CI's counts, new examples each run

A profile that is not derandomized draws from one seed per run, printed in the session header;
``--hypothesis-seed=N`` replays that run.
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
# deep: many examples, random; a row's own max_examples (a cap for CI) does not limit it.
settings.register_profile(
    "deep", max_examples=300, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.filter_too_much, HealthCheck.differing_executors,
                           HealthCheck.function_scoped_fixture])
# random: CI's example counts, drawn afresh each run (the seed is printed in the header).
settings.register_profile("random", parent=settings.get_profile("ci"), derandomize=False)
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


@pytest.hookimpl(trylast=True)   # after Hypothesis' plugin has loaded --hypothesis-profile
def pytest_configure(config):
    if settings().derandomize:
        return
    from hypothesis import core
    seed = config.getoption("--hypothesis-seed", None)
    if seed is None:
        import random
        seed = random.SystemRandom().randrange(2**32)
        core.global_force_seed = seed
    config._ivy_hypothesis_seed = seed


def pytest_report_header(config):
    seed = getattr(config, "_ivy_hypothesis_seed", None)
    if seed is not None:
        return f"hypothesis: profile {settings._current_profile}, seed {seed} " \
               f"(replay with --hypothesis-seed={seed})"
    return None


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
