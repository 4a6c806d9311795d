"""Every public name a frontend defines is reached by some test of that frontend.

A new public function with no row, snippet or test naming it fails here, naming it. Add a row
(or a ``Snippet`` in ``tests/frontends/<fw>/test_untested_names.py``); list it in ``EXEMPT``
only with a reason why no test can reach it.
"""
import importlib.util

import pytest

from .inventory import public_names, unreached

# path -> why no test can name it
EXEMPT: dict = {}


@pytest.mark.parametrize("fw", ["torch", "jax", "numpy", "tensorflow"])
def test_every_public_name_is_reached(fw):
    if importlib.util.find_spec(fw) is None:
        pytest.skip(f"{fw} is not installed (the real framework decides what is public)")
    assert len(public_names(fw)) > 300, "the walk over the frontend's modules found too little"
    missing = unreached(fw, EXEMPT)
    assert not missing, (f"{len(missing)} public {fw} name(s) reached by no test under "
                         f"tests/frontends/{fw}: {', '.join(missing)}")


def test_exemptions_are_still_needed():
    stale = [q for q in EXEMPT if q.split(".")[0] in ("torch", "jax", "numpy", "tensorflow")
             and q not in unreached(q.split(".")[0])]
    assert not stale, f"exempt but reached (or gone): {stale}"
