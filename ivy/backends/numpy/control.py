"""Area `control` on numpy: the core's default bodies (``ivy/core/ext/control.py``), Python loops
calling the body once per step.
"""
