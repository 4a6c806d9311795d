"""Fixtures of the numpy frontend's tests."""
import pytest

import ivy


@pytest.fixture
def ours(backend):
    """The frontend module with ``backend`` selected."""
    from ivy.frontends import numpy as frontend
    with ivy.using_backend(backend):
        yield frontend
