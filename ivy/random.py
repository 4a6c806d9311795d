"""ivy.random: keys (``key``, ``split``, ``fold_in``), a global seeded stream and distributions.

Functions are bound by the backend registry from ``ivy/core/ext/random.py``.
"""
