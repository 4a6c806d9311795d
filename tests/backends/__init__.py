"""The core contract, checked on every backend against array_api_strict 2.6.1 (standard 2024.12).

    pytest tests/backends --backend numpy          # one backend (default: every installed one)
    IVY_HYPOTHESIS_PROFILE=deep pytest tests/backends --backend jax -k linalg

Layout: ``strategies.py`` (dtypes, shapes, edge-valued arrays, axes, indices), ``cases.py`` (call
strategies shared by rows), ``harness.py`` (``Row`` and the one checker), ``known_gaps.py`` (listed
xfails), one ``test_<category>.py`` per category holding a ``ROWS`` table, ``test_inventory.py``
(every core name has a row, every backend every primary), ``test_signatures.py``,
``test_registry.py`` (selection, inference, dispatch, errors) and ``test_harness.py`` (the checker
fails on wrong results).
"""
