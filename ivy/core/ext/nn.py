"""Core extension area `nn` (see ``_area.py``)."""
from __future__ import annotations

from ._area import Area

area = Area("nn", "")
