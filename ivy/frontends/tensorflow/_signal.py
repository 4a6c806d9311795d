"""_signal (in progress)."""
EXPORTS: dict = {}
