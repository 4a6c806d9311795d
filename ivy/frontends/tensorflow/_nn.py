"""_nn (in progress)."""
EXPORTS: dict = {}
