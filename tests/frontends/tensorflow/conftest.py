"""Fixtures for the tensorflow frontend's program tests: ``ours`` (the frontend on the backend
under test) and ``real`` (TensorFlow)."""
import pytest

import ivy


@pytest.fixture
def ours(backend):
    from ivy.frontends import tensorflow as frontend
    with ivy.using_backend(backend):
        yield frontend


@pytest.fixture(scope="module")
def real():
    import tensorflow
    return tensorflow
