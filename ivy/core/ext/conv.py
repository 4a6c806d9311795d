"""Core extension area `conv` (see ``_area.py``)."""
from __future__ import annotations

from ._area import Area

area = Area("conv", "")
