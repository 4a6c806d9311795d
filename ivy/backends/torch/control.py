"""Area `control` on torch: the core's default bodies (``ivy/core/ext/control.py``), Python loops
calling the body once per step. They compose with ``torch.func`` (``grad`` differentiates through
the loop; under ``vmap``, ``cond``/``switch`` on a batched predicate select between branches).
``torch.cond`` is not used: it requires branches without Python side effects and fixed output
structure, and is built for ``torch.compile`` rather than eager ``torch.func`` use.
"""
