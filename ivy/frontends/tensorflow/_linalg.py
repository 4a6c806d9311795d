"""_linalg (in progress)."""
EXPORTS: dict = {}
