"""Core extension area `linalg_extra` (see ``_area.py``)."""
from __future__ import annotations

from ._area import Area

area = Area("linalg_extra", "linalg")
