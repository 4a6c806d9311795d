"""Backends: native implementations of the core primaries, one package per framework."""
