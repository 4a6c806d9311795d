"""Core extension area `random` (see ``_area.py``)."""
from __future__ import annotations

from ._area import Area

area = Area("random", "random")
