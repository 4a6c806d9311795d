"""Frontends: emulated framework APIs written on the ivy core."""
