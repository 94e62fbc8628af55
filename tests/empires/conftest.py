"""Registers Empires at Sea for these tests (until the catalog lists it)."""

from __future__ import annotations

from engine.core import registry
from engine.empires import GAME

registry.register(GAME)
