"""_random (in progress)."""
EXPORTS: dict = {}
