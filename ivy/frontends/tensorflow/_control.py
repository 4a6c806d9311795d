"""_control (in progress)."""
EXPORTS: dict = {}
