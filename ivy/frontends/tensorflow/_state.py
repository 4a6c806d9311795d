"""_state (in progress)."""
EXPORTS: dict = {}
