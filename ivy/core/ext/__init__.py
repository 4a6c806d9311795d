"""The core's extensions beyond the Array API, one module per area (see ``_area.py``).

``AREAS`` lists the area modules in load order; each defines ``area = Area(name, namespace)``.
"""
from __future__ import annotations

import importlib

AREAS = ("nn", "conv", "pooling", "indexing", "special", "numeric", "linalg_extra", "random",
         "transforms", "control")


def load_areas():
    """name -> Area, importing every area module (cheap: they import no framework)."""
    return {name: importlib.import_module(f"{__name__}.{name}").area for name in AREAS}
