"""Core extension area `special` (see ``_area.py``)."""
from __future__ import annotations

from ._area import Area

area = Area("special", "")
