"""Core extension area `transforms` (see ``_area.py``)."""
from __future__ import annotations

from ._area import Area

area = Area("transforms", "")
