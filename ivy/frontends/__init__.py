"""Frontends: emulated framework APIs written on the ivy core.

``install("torch")`` / ``uninstall("torch")`` / ``with installed("torch"):`` -- the import hook
that gives user code and third-party libraries the frontend on ``import torch`` (see ``_hook``).
"""
from ._hook import install, installed, is_installed, uninstall  # noqa: F401
