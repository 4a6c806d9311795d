"""_autodiff (in progress)."""
EXPORTS: dict = {}
